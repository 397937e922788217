"""Scoped API keys (admin scope): ``POST /keys``, ``GET /keys``, ``GET /keys/scopes``, ``DELETE /keys/<id>``."""

import datetime
from typing import Any, Dict, List, Optional, Union

from ._base import Resource, path_with_id


class Keys(Resource):
    def create(
        self,
        name: str,
        scopes: List[str],
        expires_at: Optional[Union[str, datetime.datetime]] = None,
        rate_limit_per_minute: Optional[int] = None,
        idempotency_key: Optional[str] = None,
    ) -> Dict[str, Any]:
        """Creates a key; the answer's ``secret`` is the only time the key is shown."""
        body = {"name": name, "scopes": list(scopes)}  # type: Dict[str, Any]
        if expires_at is not None:
            body["expiresAt"] = expires_at.isoformat() if isinstance(expires_at, datetime.datetime) else expires_at
        if rate_limit_per_minute is not None:
            body["rateLimitPerMinute"] = rate_limit_per_minute
        return self._http.request("POST", "/keys", json_body=body, idempotency_key=idempotency_key)

    def list(self, include_revoked: bool = False) -> Dict[str, Any]:
        return self._http.request("GET", "/keys", query={"includeRevoked": include_revoked})

    def scopes(self) -> Dict[str, Any]:
        """The scopes a key can be granted."""
        return self._http.request("GET", "/keys/scopes")

    def revoke(self, key_id: str) -> None:
        """Revokes a key; it stops working within seconds in every process."""
        self._http.request("DELETE", path_with_id("/keys", key_id))
