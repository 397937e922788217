"""Bulletins in, contexts out: upload, upload-and-render, templates."""

from typing import Any, Dict, List, Mapping, Optional, Tuple

from .. import _multipart
from ._base import Resource


class Ingest(Resource):
    def upload(
        self,
        file: Any,
        filename: Optional[str] = None,
        content_type: Optional[str] = None,
        idempotency_key: Optional[str] = None,
        city_value: Optional[str] = None,
    ) -> Dict[str, Any]:
        """Uploads a PDF or image (a path, bytes or a binary file object) as multipart field ``file``.

        Returns ``{"contextId", "context", "skipped"}``: the extracted values and their
        confidence, and the lines that looked like measurements but were not used, each
        ``{"text", "page", "pollutants", "reason"}`` (``index-value``, ``limit-or-threshold``,
        ``count`` or ``not-understood``). A bulletin of index values only (an AQI forecast)
        gives ``context["index"]`` — ``{"name", "standard", "overall", "pollutants", "sources"}``,
        index values, never concentrations — and no pollutant concentration; otherwise it is None.
        A bulletin of a band-only index (Mexico's Índice AIRE Y SALUD, the EEA index) has
        ``"overall": None`` and gives ``"category"`` (``"mala"``) and ``"categories"`` per pollutant.
        ``city_value`` (``"max"`` or ``"mean"``) chooses how station values become the
        city-level value when the bulletin states none (the service's default otherwise).
        """
        fields = [("cityValue", city_value)] if city_value is not None else []
        return self._send("/ingest/upload", file, filename, content_type, fields, idempotency_key)

    def upload_and_render(
        self,
        file: Any,
        filename: Optional[str] = None,
        template: Optional[str] = None,
        language: Optional[str] = None,
        format: Optional[str] = None,
        content_type: Optional[str] = None,
        fields: Optional[Mapping[str, Any]] = None,
        idempotency_key: Optional[str] = None,
        city_value: Optional[str] = None,
    ) -> Dict[str, Any]:
        """Uploads a bulletin and queues a render from it; returns ``{"jobId", "contextId", "renderParams", "context", "skipped"}``.

        ``fields`` adds other render fields (e.g. ``{"resolution": "360p"}``) as form fields;
        ``city_value`` is as for :meth:`upload`.
        """
        extra = [("template", template), ("language", language), ("format", format), ("cityValue", city_value)]  # type: List[Tuple[str, Any]]
        extra.extend((fields or {}).items())
        return self._send("/ingest/upload-and-render", file, filename, content_type, [(k, str(v)) for k, v in extra if v is not None], idempotency_key)

    def templates(self) -> Dict[str, Any]:
        """Templates usable for renders from an upload, with the parameters each needs."""
        return self._http.request("GET", "/ingest/templates")

    def _send(
        self, path: str, file: Any, filename: Optional[str], content_type: Optional[str], fields: List[Tuple[str, str]], idempotency_key: Optional[str]
    ) -> Dict[str, Any]:
        data, name = _multipart.read_file(file, filename)
        ctype = content_type or _multipart.guess_type(name, data)
        body, multipart_type = _multipart.encode(fields, [("file", name, ctype, data)])
        return self._http.request("POST", path, data=body, content_type=multipart_type, idempotency_key=idempotency_key)
