"""Queue control: stats, list, get, enqueue, cancel, retry, pause, resume."""

import datetime
from typing import Any, Dict, Iterator, Mapping, Optional

from ._base import Resource, paginate, path_with_id, status_query


class Queue(Resource):
    def stats(self) -> Dict[str, Any]:
        """Counts per status, the paused flag, active workers and recent throughput."""
        return self._http.request("GET", "/queue/stats")

    def list(self, status: Any = None, limit: Optional[int] = None, cursor: Optional[str] = None) -> Dict[str, Any]:
        return self._http.request("GET", "/queue", query={"status": status_query(status), "limit": limit, "cursor": cursor})

    def iter_all(self, status: Any = None, limit: Optional[int] = None, cursor: Optional[str] = None) -> Iterator[Dict[str, Any]]:
        """Every queue entry matching the filter, across all pages."""
        return paginate(lambda c: self.list(status=status, limit=limit, cursor=c), "jobs", cursor)

    list_all = iter_all

    def get(self, job_id: str) -> Dict[str, Any]:
        return self._http.request("GET", path_with_id("/queue", job_id))

    def enqueue(
        self,
        params: Mapping[str, Any],
        priority: Optional[int] = None,
        run_at: Any = None,
        max_attempts: Optional[int] = None,
        idempotency_key: Optional[str] = None,
    ) -> Dict[str, Any]:
        """Queues render parameters with queue options (sent as ``priority``, ``runAt``, ``maxAttempts`` beside them). Higher priority runs first."""
        body = dict(params)  # type: Dict[str, Any]
        if priority is not None:
            body["priority"] = priority
        if run_at is not None:
            # A naive datetime is local time, as datetime.timestamp() reads it.
            body["runAt"] = run_at.astimezone(datetime.timezone.utc).isoformat() if isinstance(run_at, datetime.datetime) else run_at
        if max_attempts is not None:
            body["maxAttempts"] = max_attempts
        return self._http.request("POST", "/queue", json_body=body, idempotency_key=idempotency_key)

    def cancel(self, job_id: str) -> Dict[str, Any]:
        """A queued job becomes ``canceled``; a rendering one is stopped. Finished jobs -> 409."""
        return self._http.request("POST", path_with_id("/queue", job_id, "/cancel"))

    def retry(self, job_id: str) -> Dict[str, Any]:
        """A ``failed`` or ``canceled`` job goes back to ``queued``; other statuses -> 409."""
        return self._http.request("POST", path_with_id("/queue", job_id, "/retry"))

    def pause(self) -> Dict[str, Any]:
        """No worker starts new renders until ``resume``; running ones finish."""
        return self._http.request("POST", "/queue/pause")

    def resume(self) -> Dict[str, Any]:
        return self._http.request("POST", "/queue/resume")
