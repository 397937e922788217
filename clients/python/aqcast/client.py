"""The aqcast API client."""

from typing import Any, Dict, Mapping, Optional

from ._http import Transport
from .errors import ApiError
from .resources import Ai, Analytics, Brands, Contexts, Files, Ingest, Keys, Queue, Renders, Variants, Webhooks, Workflows
from .resources.renders import DEFAULT_POLL_MS, DEFAULT_WAIT_TIMEOUT_MS, ProgressCallback


# Which method calls each operation of the service's OpenAPI document (by operationId);
# a test checks that every operation has one.
OPERATIONS = {
    "ping": "ping",
    "whoami": "whoami",
    "health": "health",
    "liveness": "liveness",
    "readiness": "readiness",
    "createRender": "renders.create",
    "getRender": "renders.get",
    "listRenders": "renders.list",
    "createBatch": "renders.batch",
    "listTemplates": "templates",
    "getQueueStats": "queue.stats",
    "listQueue": "queue.list",
    "getQueueJob": "queue.get",
    "enqueueRender": "queue.enqueue",
    "cancelJob": "queue.cancel",
    "retryJob": "queue.retry",
    "pauseQueue": "queue.pause",
    "resumeQueue": "queue.resume",
    "getFile": "files.download",
    "getFileHead": "files.head",
    "registerWebhook": "webhooks.create",
    "registerWebhookAlias": "webhooks.register",
    "listWebhooks": "webhooks.list",
    "deleteWebhook": "webhooks.delete",
    "listWebhookDeliveries": "webhooks.deliveries",
    "listWebhookEventTypes": "webhooks.events",
    "testWebhook": "webhooks.test",
    "fireWebhookEvent": "webhooks.fire",
    "ingestUpload": "ingest.upload",
    "ingestUploadAndRender": "ingest.upload_and_render",
    "listIngestTemplates": "ingest.templates",
    "createKey": "keys.create",
    "listKeys": "keys.list",
    "listKeyScopes": "keys.scopes",
    "revokeKey": "keys.revoke",
    "createVariantTest": "variants.create",
    "listVariantTests": "variants.list",
    "getVariantTest": "variants.get",
    "assignVariant": "variants.assign",
    "trackVariantEvents": "variants.track",
    "getVariantWinner": "variants.winner",
    "concludeVariantTest": "variants.conclude",
    "graphql": "graphql",
    "graphqlInfo": "graphql_info",
    "graphqlSchema": "graphql_schema",
    "openapi": "openapi",
    "metrics": "metrics",
    "aiAnalyze": "ai.analyze",
    "aiSuggestTemplate": "ai.suggest_template",
    "aiGenerate": "ai.generate",
    "aiRender": "ai.render",
    "listWorkflows": "workflows.list",
    "createWorkflow": "workflows.create",
    "getWorkflow": "workflows.get",
    "updateWorkflow": "workflows.update",
    "deleteWorkflow": "workflows.delete",
    "runWorkflow": "workflows.run",
    "triggerWorkflow": "workflows.trigger",
    "listWorkflowRuns": "workflows.runs",
    "getWorkflowRun": "workflows.get_run",
    "listBrands": "brands.list",
    "createBrand": "brands.create",
    "listTypefaces": "brands.typefaces",
    "getBrand": "brands.get",
    "updateBrand": "brands.update",
    "deleteBrand": "brands.delete",
    "previewBrand": "brands.preview",
    "listContexts": "contexts.list",
    "createContext": "contexts.create",
    "getContext": "contexts.get",
    "updateContext": "contexts.update",
    "deleteContext": "contexts.delete",
    "getContextHistory": "contexts.history",
    "getContextSource": "contexts.source",
    "renderContext": "contexts.render",
    "addContextTags": "contexts.add_tags",
    "removeContextTag": "contexts.remove_tag",
    "getAnalyticsOverview": "analytics.overview",
    "getAnalyticsTemplates": "analytics.templates",
    "getAnalyticsTrends": "analytics.trends",
    "getAnalyticsRecent": "analytics.recent",
    "getAnalyticsPerformance": "analytics.performance",
}


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
        self.files = Files(self._http)
        self.keys = Keys(self._http)
        self.ai = Ai(self._http, self.renders)
        self.workflows = Workflows(self._http)
        self.variants = Variants(self._http)
        self.contexts = Contexts(self._http)
        self.brands = Brands(self._http)
        self.analytics = Analytics(self._http)

    @property
    def base_url(self) -> str:
        return self._http.base_url

    def ping(self) -> Dict[str, Any]:
        """``GET /ping``: ``{"ok", "version", "uptime"}`` (the service's version, not this library's)."""
        return self._http.request("GET", "/ping")

    def whoami(self) -> Dict[str, Any]:
        """``GET /whoami``: the key this client sends, ``{"keyId", "name", "scopes", "rateLimitPerMinute"}``
        (``keyId`` is None for the master key). A wrong, revoked or expired key raises ``ApiError`` status 401, code ``unauthorized``."""
        return self._http.request("GET", "/whoami")

    def liveness(self) -> Dict[str, Any]:
        """``GET /health/live``: the process answers."""
        return self._http.request("GET", "/health/live")

    def readiness(self) -> Dict[str, Any]:
        """``GET /health/ready``: like :meth:`health`, for load balancers."""
        return self.health("/health/ready")

    def health(self, path: str = "/health") -> Dict[str, Any]:
        """``GET /health``: readiness of the store, storage and ffmpeg (a 503 answer is returned, not raised)."""
        try:
            return self._http.request("GET", path)
        except ApiError as err:
            if err.status == 503 and isinstance(err.body, dict):
                return err.body
            raise

    def metrics(self) -> str:
        """``GET /metrics``: the Prometheus text exposition (scope ``metrics:read``)."""
        _, body = self._http.request("GET", "/metrics", headers={"Accept": "text/plain"}, raw=True)
        return body.decode("utf-8")

    def openapi(self) -> Dict[str, Any]:
        """``GET /openapi.json``: the service's OpenAPI 3.1 document."""
        return self._http.request("GET", "/openapi.json")

    def graphql_info(self) -> Dict[str, Any]:
        """``GET /graphql``: where the GraphQL endpoint, schema and explorer are, and the query limits."""
        return self._http.request("GET", "/graphql")

    def graphql_schema(self) -> Dict[str, Any]:
        """``GET /graphql-schema``: the GraphQL types, queries, mutations and SDL."""
        return self._http.request("GET", "/graphql-schema")

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
        code ``wait_timeout``.
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
