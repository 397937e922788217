"""Brands: list, typefaces, get, create, update (with If-Match), delete, preview."""

import base64
from typing import Any, Dict, Mapping, Optional, Union

from ._base import Resource, path_with_id

Brand = Dict[str, Any]


def to_base64(data: bytes) -> str:
    """File bytes as the base64 a brand's ``logo`` or ``font`` upload takes."""
    return base64.b64encode(data).decode("ascii")


def _if_match(if_match: Union[int, str, None]) -> Optional[Dict[str, str]]:
    if if_match is None:
        return None
    return {"If-Match": '"v{}"'.format(if_match) if isinstance(if_match, int) else if_match}


class Brands(Resource):
    def list(self) -> Dict[str, Any]:
        """Every brand, oldest first: ``{"brands": [...]}``."""
        return self._http.request("GET", "/brands")

    def typefaces(self) -> Dict[str, Any]:
        """The typeface families the service ships: ``{"typefaces": [{id, label, kind}]}``."""
        return self._http.request("GET", "/brands/typefaces")

    def get(self, brand_id: str) -> Brand:
        """One brand; its ``version`` is what ``if_match`` takes."""
        return self._http.request("GET", path_with_id("/brands", brand_id))

    def create(self, brand: Mapping[str, Any], idempotency_key: Optional[str] = None) -> Brand:
        """Creates a brand (``logo``/``font`` as ``{"data": to_base64(bytes)}``); too-faint colours come back adjusted in ``adjustments``."""
        return self._http.request("POST", "/brands", json_body=dict(brand), idempotency_key=idempotency_key)

    def update(self, brand_id: str, patch: Mapping[str, Any], if_match: Union[int, str, None] = None, idempotency_key: Optional[str] = None) -> Brand:
        """Changes a brand (a new version). With ``if_match``, a stale edit raises a 412."""
        return self._http.request("PATCH", path_with_id("/brands", brand_id), json_body=dict(patch), headers=_if_match(if_match), idempotency_key=idempotency_key)

    def delete(self, brand_id: str, if_match: Union[int, str, None] = None) -> None:
        """Deletes a brand; a 409 ``brand_in_use`` names the unfinished renders that use it."""
        self._http.request("DELETE", path_with_id("/brands", brand_id), headers=_if_match(if_match))

    def preview(self, brand_id: str, options: Optional[Mapping[str, Any]] = None) -> bytes:
        """A poster (JPEG bytes) of a template in the brand, with unsaved ``colors``, ``typeface`` or ``credit`` over it."""
        _headers, body = self._http.request("POST", path_with_id("/brands", brand_id, "/preview"), json_body=dict(options or {}), raw=True)
        return body
