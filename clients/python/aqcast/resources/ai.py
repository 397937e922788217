"""The AI helpers: ``POST /ai/analyze``, ``/ai/suggest-template``, ``/ai/generate``, ``/ai/render``.

Each takes values (as ``renders.create`` does: ``location``, ``pm25``, ``no2``, ...) or a ``contextId``.
"""

from typing import Any, Dict, Mapping, Optional

from ._base import Resource
from .renders import DEFAULT_POLL_MS, DEFAULT_WAIT_TIMEOUT_MS, ProgressCallback, Renders


class Ai(Resource):
    def __init__(self, http: Any, renders: Renders) -> None:
        super().__init__(http)
        self._renders = renders

    def analyze(self, input: Mapping[str, Any], idempotency_key: Optional[str] = None) -> Dict[str, Any]:
        """Sub-index and category of each pollutant per standard, WHO comparison, advice and (with ``series``) a trend."""
        return self._http.request("POST", "/ai/analyze", json_body=dict(input), idempotency_key=idempotency_key)

    def suggest_template(self, input: Mapping[str, Any], idempotency_key: Optional[str] = None) -> Dict[str, Any]:
        """Templates, formats and language ranked for the values and ``channel`` (tv, social, web), with reasons."""
        return self._http.request("POST", "/ai/suggest-template", json_body=dict(input), idempotency_key=idempotency_key)

    def generate(self, input: Mapping[str, Any], idempotency_key: Optional[str] = None) -> Dict[str, Any]:
        """Headline, narration, WebVTT captions and a social post; ``source`` is ``offline`` or ``model``."""
        return self._http.request("POST", "/ai/generate", json_body=dict(input), idempotency_key=idempotency_key)

    def render(
        self,
        input: Mapping[str, Any],
        wait: bool = False,
        poll_ms: float = DEFAULT_POLL_MS,
        timeout_ms: float = DEFAULT_WAIT_TIMEOUT_MS,
        on_progress: Optional[ProgressCallback] = None,
        idempotency_key: Optional[str] = None,
    ) -> Dict[str, Any]:
        """Analyze + suggest + generate + a render job with captions and a narration (the offline narrator, or the speech server when one is configured).

        With ``wait=True``, also polls until the job ends and returns it under ``"finished"``.
        """
        out = self._http.request("POST", "/ai/render", json_body=dict(input), idempotency_key=idempotency_key)
        if wait:
            out = dict(out)
            out["finished"] = self._renders.wait(out["jobId"], poll_ms=poll_ms, timeout_ms=timeout_ms, on_progress=on_progress)
        return out
