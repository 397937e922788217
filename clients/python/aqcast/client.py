"""The aqcast API client."""

from typing import Any, Dict, Mapping, Optional

from ._http import Transport
from .errors import ApiError
from .resources import Ingest, Queue, Renders, Webhooks
from .resources.renders import DEFAULT_POLL_MS, DEFAULT_WAIT_TIMEOUT_MS, ProgressCallback


class Client:
    """Talks to one aqcast service.

    >>> client = Client("http://localhost:3000", api_key="...")
    >>> job = client.renders.create({"location": "Santiago", "pm25": 87}, wait=True)

    ``api_key`` defaults to the ``AQCAST_API_KEY`` environment variable;
    ``timeout_ms`` applies to each HTTP attempt (default 60 000);
    ``max_retries`` is the number of retries after the first attempt (default 2).
    """

    def __init__(
        self,
        base_url: str,
        api_key: Optional[str] = None,
        timeout_ms: Optional[float] = None,
        max_retries: Optional[int] = None,
        headers: Optional[Mapping[str, str]] = None,
    ) -> None:
        self._http = Transport(base_url, api_key=api_key, timeout_ms=timeout_ms, max_retries=max_retries, headers=headers)
        self.renders = Renders(self._http)
        self.queue = Queue(self._http)
        self.webhooks = Webhooks(self._http)
        self.ingest = Ingest(self._http)

    @property
    def base_url(self) -> str:
        return self._http.base_url

    def ping(self) -> Dict[str, Any]:
        """``GET /ping``: ``{"ok", "version", "uptime"}`` (the service's version, not this library's)."""
        return self._http.request("GET", "/ping")

    def templates(self) -> Dict[str, Any]:
        """``GET /templates``: the video templates and AQI standards."""
        return self._http.request("GET", "/templates")

    def wait_for_job(
        self,
        job_id: str,
        poll_ms: float = DEFAULT_POLL_MS,
        timeout_ms: float = DEFAULT_WAIT_TIMEOUT_MS,
        on_progress: Optional[ProgressCallback] = None,
    ) -> Dict[str, Any]:
        """Polls a render job until it is completed, failed or canceled and returns it.

        A failed job is returned, not raised. ``on_progress`` gets the job after
        every poll. Past ``timeout_ms`` raises :class:`ApiError` with status 408,
        code ``timeout``.
        """
        return self.renders.wait(job_id, poll_ms=poll_ms, timeout_ms=timeout_ms, on_progress=on_progress)

    def graphql(self, query: str, variables: Optional[Mapping[str, Any]] = None) -> Any:
        """``POST /graphql``; returns ``data``, or raises :class:`ApiError` (code ``graphql_error``) when the answer lists ``errors``."""
        payload = {"query": query}  # type: Dict[str, Any]
        if variables is not None:
            payload["variables"] = dict(variables)
        res = self._http.request("POST", "/graphql", json_body=payload)
        errors = res.get("errors") if isinstance(res, dict) else None
        if errors:
            message = "; ".join(str(e.get("message", e)) if isinstance(e, dict) else str(e) for e in errors)
            raise ApiError(200, "graphql_error", message, body=res)
        return (res or {}).get("data") or {}

    def request(self, method: str, path: str, **kwargs: Any) -> Any:
        """Any route, through the same auth, retries and errors (for routes this version has no method for).

        Keywords: ``query``, ``json_body``, ``data`` + ``content_type``, ``idempotency_key``, ``headers``, ``timeout_ms``, ``max_retries``.
        """
        return self._http.request(method, path, **kwargs)
