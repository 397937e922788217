"""Stored contexts: list, get, create, update (with If-Match), delete, history, the original upload, render, tags."""

import re
from typing import Any, Dict, Iterator, List, Mapping, Optional, Union
from urllib.parse import quote, unquote

from ._base import Resource, paginate, path_with_id
from .renders import DEFAULT_POLL_MS, DEFAULT_WAIT_TIMEOUT_MS, ProgressCallback, Renders

Context = Dict[str, Any]


def _if_match(if_match: Union[int, str, None]) -> Optional[Dict[str, str]]:
    """``context["version"]`` (an int) or the ETag as read (``'"v3"'``) as an If-Match header."""
    if if_match is None:
        return None
    return {"If-Match": '"v{}"'.format(if_match) if isinstance(if_match, int) else if_match}


class Contexts(Resource):
    def list(
        self,
        location: Optional[str] = None,
        tag: Optional[str] = None,
        source: Optional[str] = None,
        since: Any = None,
        until: Any = None,
        q: Optional[str] = None,
        limit: Optional[int] = None,
        cursor: Optional[str] = None,
    ) -> Dict[str, Any]:
        """One page of contexts, newest first: ``{"contexts": [...], "nextCursor": ...}``.

        ``location`` is exact (case- and accent-insensitive), ``source`` one of upload, manual, workflow,
        ``q`` searches location, date, file name, tags, station names and source texts.
        """
        query = {"location": location, "tag": tag, "source": source, "since": since, "until": until, "q": q, "limit": limit, "cursor": cursor}
        return self._http.request("GET", "/contexts", query=query)

    def iter_all(self, **filters: Any) -> Iterator[Context]:
        """Every context matching the filters, across all pages."""
        cursor = filters.pop("cursor", None)
        return paginate(lambda c: self.list(cursor=c, **filters), "contexts", cursor)

    list_all = iter_all

    def get(self, context_id: str) -> Context:
        """One context; its ``version`` is what ``if_match`` takes."""
        return self._http.request("GET", path_with_id("/contexts", context_id))

    def create(self, values: Mapping[str, Any], idempotency_key: Optional[str] = None) -> Context:
        """Stores values entered by hand (``location`` required; validated like render parameters; optional ``tags``)."""
        return self._http.request("POST", "/contexts", json_body=dict(values), idempotency_key=idempotency_key)

    def update(self, context_id: str, patch: Mapping[str, Any], if_match: Union[int, str, None] = None, idempotency_key: Optional[str] = None) -> Context:
        """Changes values, location or date (``None`` removes a value). With ``if_match``, a stale edit raises a 412 ``precondition_failed``."""
        return self._http.request("PATCH", path_with_id("/contexts", context_id), json_body=dict(patch), headers=_if_match(if_match), idempotency_key=idempotency_key)

    def delete(self, context_id: str, if_match: Union[int, str, None] = None) -> None:
        """Deletes the context with its tags and history; renders made from it keep their parameters."""
        self._http.request("DELETE", path_with_id("/contexts", context_id), headers=_if_match(if_match))

    def history(self, context_id: str) -> Dict[str, Any]:
        """The edits made to a context, oldest first: ``{"contextId", "edits": [{version, editedAt, changes}]}``."""
        return self._http.request("GET", path_with_id("/contexts", context_id, "/history"))

    def source(self, context_id: str) -> Dict[str, Any]:
        """The uploaded original: ``{"bytes", "contentType", "filename"}`` (404 past the retention, or for other sources)."""
        headers, body = self._http.request("GET", path_with_id("/contexts", context_id, "/source"), raw=True)
        disposition = headers.get("content-disposition") or ""
        star = re.search(r"filename\*=UTF-8''([^;]+)", disposition, re.IGNORECASE)
        plain = re.search(r'filename="([^"]*)"', disposition, re.IGNORECASE)
        filename = unquote(star.group(1)) if star else (plain.group(1) if plain else None)
        return {"bytes": body, "contentType": headers.get("content-type"), "filename": filename}

    def render(
        self,
        context_id: str,
        options: Optional[Mapping[str, Any]] = None,
        wait: bool = False,
        poll_ms: float = DEFAULT_POLL_MS,
        timeout_ms: float = DEFAULT_WAIT_TIMEOUT_MS,
        on_progress: Optional[ProgressCallback] = None,
        idempotency_key: Optional[str] = None,
    ) -> Dict[str, Any]:
        """Queues a render from the context's values with ``options`` (template, format, language, aqiStandard, resolution, …) over them."""
        job = self._http.request("POST", path_with_id("/contexts", context_id, "/render"), json_body=dict(options or {}), idempotency_key=idempotency_key)
        if not wait:
            return job
        return Renders(self._http).wait(job["jobId"], poll_ms=poll_ms, timeout_ms=timeout_ms, on_progress=on_progress)

    def add_tags(self, context_id: str, tags: Union[str, List[str]], if_match: Union[int, str, None] = None) -> Context:
        """Adds tags (case-insensitive; ones it has are kept once)."""
        body = {"tags": [tags] if isinstance(tags, str) else list(tags)}
        return self._http.request("POST", path_with_id("/contexts", context_id, "/tags"), json_body=body, headers=_if_match(if_match))

    def remove_tag(self, context_id: str, tag: str, if_match: Union[int, str, None] = None) -> Context:
        """Removes one tag (404 when the context does not have it)."""
        return self._http.request("DELETE", path_with_id("/contexts", context_id, "/tags/" + quote(tag, safe="")), headers=_if_match(if_match))
