"""Render jobs: ``POST /render``, ``GET /render/<id>``, ``GET /renders``, ``POST /batch``."""

import time
from typing import Any, Callable, Dict, Iterator, List, Mapping, Optional, Sequence

from ..errors import ApiError
from ._base import Resource, paginate, path_with_id, status_query

TERMINAL_STATUSES = ("completed", "failed", "canceled")
DEFAULT_POLL_MS = 1000
DEFAULT_WAIT_TIMEOUT_MS = 10 * 60 * 1000

Job = Dict[str, Any]
ProgressCallback = Callable[[Job], Any]


def _multi(params: Mapping[str, Any], template: str, **many: Any) -> Dict[str, Any]:
    """The render body of a multi-place helper: the caller's params, the helper's template and places."""
    body = {k: v for k, v in params.items() if k not in ("template", "compositionId", "places", "stations")}
    body["template"] = template
    body.update(many)
    return body


class Renders(Resource):
    def create(
        self,
        params: Mapping[str, Any],
        wait: bool = False,
        poll_ms: float = DEFAULT_POLL_MS,
        timeout_ms: float = DEFAULT_WAIT_TIMEOUT_MS,
        on_progress: Optional[ProgressCallback] = None,
        idempotency_key: Optional[str] = None,
    ) -> Job:
        """Queues a render. With ``wait=True``, polls until the job ends and returns the final job (whatever its status)."""
        job = self._http.request("POST", "/render", json_body=dict(params), idempotency_key=idempotency_key)
        if not wait:
            return job
        return self.wait(job["jobId"], poll_ms=poll_ms, timeout_ms=timeout_ms, on_progress=on_progress)

    def ranking(self, places: Sequence[Mapping[str, Any]], params: Mapping[str, Any], **create: Any) -> Job:
        """A ranking of 2-20 places, worst first by the render's standard.

        ``params`` holds the rest of the render (``location`` titles the video); ``create`` takes
        ``create``'s keywords (``wait=True``, ``poll_ms``, ...). The service checks the places:
        a 400 names the field (``places[3].pm25``).
        """
        return self.create(_multi(params, "ranking", places=[dict(p) for p in places]), **create)

    def comparison(self, a: Mapping[str, Any], b: Mapping[str, Any], params: Mapping[str, Any], **create: Any) -> Job:
        """Two places side by side, or one place at two dates (a ``date`` on each, or one ``forecast``)."""
        return self.create(_multi(params, "comparison", places=[dict(a), dict(b)]), **create)

    def station_map(self, stations: Sequence[Mapping[str, Any]], params: Mapping[str, Any], **create: Any) -> Job:
        """A map of up to 60 stations (each with ``lat``/``lon``) as category-coloured markers over the offline basemap."""
        return self.create(_multi(params, "station-map", stations=[dict(s) for s in stations]), **create)

    def get(self, job_id: str) -> Job:
        return self._http.request("GET", path_with_id("/render", job_id))

    def list(
        self,
        status: Any = None,
        template: Optional[str] = None,
        location: Optional[str] = None,
        batch_id: Optional[str] = None,
        since: Any = None,
        until: Any = None,
        limit: Optional[int] = None,
        cursor: Optional[str] = None,
    ) -> Dict[str, Any]:
        """One page ``{"jobs": [...], "nextCursor": ...}``, newest first; pass ``nextCursor`` back as ``cursor``."""
        query = {
            "status": status_query(status),
            "template": template,
            "location": location,
            "batchId": batch_id,
            "since": since,
            "until": until,
            "limit": limit,
            "cursor": cursor,
        }
        return self._http.request("GET", "/renders", query=query)

    def iter_all(self, **filters: Any) -> Iterator[Job]:
        """Every job matching the filters (same keywords as ``list``), across all pages."""
        first = filters.pop("cursor", None)

        def page(cursor: Optional[str]) -> Dict[str, Any]:
            return self.list(cursor=cursor, **filters)

        return paginate(page, "jobs", first)

    #: The TypeScript client's name for ``iter_all``.
    list_all = iter_all

    def batch(self, items: List[Mapping[str, Any]], idempotency_key: Optional[str] = None) -> Dict[str, Any]:
        """Queues many renders in one all-or-nothing request; returns ``{"batchId", "jobs"}``."""
        return self._http.request("POST", "/batch", json_body={"items": [dict(i) for i in items]}, idempotency_key=idempotency_key)

    def wait(
        self,
        job_id: str,
        poll_ms: float = DEFAULT_POLL_MS,
        timeout_ms: float = DEFAULT_WAIT_TIMEOUT_MS,
        on_progress: Optional[ProgressCallback] = None,
    ) -> Job:
        """Polls until the job is completed, failed or canceled; see ``Client.wait_for_job``."""
        deadline = time.monotonic() + timeout_ms / 1000.0
        while True:
            job = self.get(job_id)
            if on_progress is not None:
                on_progress(job)
            if job.get("status") in TERMINAL_STATUSES:
                return job
            left = deadline - time.monotonic()
            if left <= 0:
                raise ApiError(
                    408,
                    "wait_timeout",
                    "Job {} was still {} (progress {:.0f} %) after {:g} ms".format(
                        job_id, job.get("status"), 100 * float(job.get("progress") or 0), timeout_ms
                    ),
                    body={"status": 408, "code": "wait_timeout", "detail": "Job {} did not finish within {:g} ms".format(job_id, timeout_ms), "job": job},
                )
            time.sleep(min(max(0.0, poll_ms / 1000.0), left))
