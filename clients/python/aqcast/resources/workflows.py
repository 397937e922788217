"""Workflows: fetch live air quality for a list of places, decide, render and announce.

Runs start by hand (:meth:`Workflows.run`), on a cron schedule in a time zone,
or from an inbound trigger URL (:meth:`Workflows.trigger`).
"""

import time
from typing import Any, Callable, Dict, Iterator, Mapping, Optional

from ..errors import ApiError
from ._base import Resource, paginate, path_with_id

# Statuses after which a run never changes again.
RUN_TERMINAL = ("completed", "failed", "canceled", "skipped")


class Workflows(Resource):
    def create(self, workflow: Mapping[str, Any], idempotency_key: Optional[str] = None) -> Dict[str, Any]:
        """Creates a workflow; the answer is ``{"workflow", "triggerSecret"?}`` (an inbound secret is shown only here)."""
        return self._http.request("POST", "/workflows", json_body=dict(workflow), idempotency_key=idempotency_key)

    def get(self, workflow_id: str) -> Dict[str, Any]:
        """A workflow, with ``nextRunAt``, ``nextRuns`` and ``lastRun``."""
        return self._http.request("GET", path_with_id("/workflows", workflow_id))

    def list(self, limit: Optional[int] = None, cursor: Optional[str] = None) -> Dict[str, Any]:
        """One page of workflows, newest first: ``{"workflows", "nextCursor"}``."""
        return self._http.request("GET", "/workflows", query={"limit": limit, "cursor": cursor})

    def iter_all(self, limit: Optional[int] = None) -> Iterator[Dict[str, Any]]:
        """Every workflow, across all pages."""
        return paginate(lambda c: self.list(limit=limit, cursor=c), "workflows")

    def update(self, workflow_id: str, patch: Mapping[str, Any], idempotency_key: Optional[str] = None) -> Dict[str, Any]:
        """Changes what is given; ``{"rotateTriggerSecret": True}`` issues a new inbound secret (returned once)."""
        return self._http.request("PATCH", path_with_id("/workflows", workflow_id), json_body=dict(patch), idempotency_key=idempotency_key)

    def delete(self, workflow_id: str) -> None:
        """Deletes a workflow; unfinished runs are canceled, finished runs stay readable."""
        self._http.request("DELETE", path_with_id("/workflows", workflow_id))

    def run(self, workflow_id: str, overrides: Optional[Mapping[str, Any]] = None, idempotency_key: Optional[str] = None) -> Dict[str, Any]:
        """Starts a run now (optional overrides for this run) and returns it at once; see :meth:`wait_for_run`."""
        return self._http.request("POST", path_with_id("/workflows", workflow_id, "/run"), json_body=dict(overrides or {}), idempotency_key=idempotency_key)

    def trigger(self, workflow_id: str, secret: str, idempotency_key: Optional[str] = None) -> Dict[str, Any]:
        """The inbound trigger URL, as another system calls it: the trigger secret instead of the API key."""
        return self._http.request(
            "POST", path_with_id("/workflows", workflow_id, "/trigger"), json_body={}, headers={"x-trigger-secret": secret}, idempotency_key=idempotency_key
        )

    def runs(self, workflow_id: str, status: Optional[str] = None, limit: Optional[int] = None, cursor: Optional[str] = None) -> Dict[str, Any]:
        """Runs of a workflow, newest first (without items and jobs): ``{"runs", "nextCursor"}``."""
        return self._http.request("GET", path_with_id("/workflows", workflow_id, "/runs"), query={"status": status, "limit": limit, "cursor": cursor})

    def get_run(self, run_id: str) -> Dict[str, Any]:
        """A run with its items, each step's record (inputs, outputs, errors, timings) and its jobs."""
        return self._http.request("GET", path_with_id("/workflow-runs", run_id))

    def wait_for_run(
        self, run_id: str, poll_ms: float = 1000, timeout_ms: float = 600000, on_progress: Optional[Callable[[Dict[str, Any]], Any]] = None
    ) -> Dict[str, Any]:
        """Polls a run until it is completed, failed, skipped or canceled and returns it.

        A failed run is returned, not raised. Past ``timeout_ms`` raises :class:`ApiError` with status 408, code ``wait_timeout``.
        """
        deadline = time.monotonic() + timeout_ms / 1000.0
        while True:
            run = self.get_run(run_id)
            if on_progress is not None:
                on_progress(run)
            if run.get("status") in RUN_TERMINAL:
                return run
            if time.monotonic() > deadline:
                raise ApiError(408, "wait_timeout", "workflow run {} is still {} after {} ms".format(run_id, run.get("status"), timeout_ms))
            time.sleep(poll_ms / 1000.0)
