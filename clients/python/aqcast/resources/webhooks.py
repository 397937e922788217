"""Webhooks: register, list, delete, delivery log, test and manual fire. Verify deliveries with ``aqcast.verify_webhook``."""

from typing import Any, Dict, List, Optional

from ._base import Resource, path_with_id


class Webhooks(Resource):
    def create(self, url: str, events: List[str], secret: Optional[str] = None, idempotency_key: Optional[str] = None) -> Dict[str, Any]:
        """Registers a receiver; the answer ``{"webhook", "secret"?}`` is the only time the secret is returned."""
        body = {"url": url, "events": list(events)}  # type: Dict[str, Any]
        if secret is not None:
            body["secret"] = secret
        return self._http.request("POST", "/webhooks", json_body=body, idempotency_key=idempotency_key)

    def register(self, url: str, events: List[str], secret: Optional[str] = None, idempotency_key: Optional[str] = None) -> Dict[str, Any]:
        """Same as :meth:`create`, through ``POST /webhooks/register``."""
        body = {"url": url, "events": list(events)}  # type: Dict[str, Any]
        if secret is not None:
            body["secret"] = secret
        return self._http.request("POST", "/webhooks/register", json_body=body, idempotency_key=idempotency_key)

    def events(self) -> Dict[str, Any]:
        """The event types a webhook can subscribe to, with what each carries."""
        return self._http.request("GET", "/webhooks/events")

    def list(self) -> Dict[str, Any]:
        return self._http.request("GET", "/webhooks")

    def delete(self, webhook_id: str) -> None:
        """Deletes a webhook; its pending deliveries are canceled."""
        self._http.request("DELETE", path_with_id("/webhooks", webhook_id))

    def deliveries(self, webhook_id: str) -> Dict[str, Any]:
        """Each delivery with every attempt: time, status code or error, duration, next retry."""
        return self._http.request("GET", path_with_id("/webhooks", webhook_id, "/deliveries"))

    def test(self, webhook_id: str) -> Dict[str, Any]:
        """Sends a ``webhook.test`` event to this webhook now and returns the delivery."""
        return self._http.request("POST", path_with_id("/webhooks", webhook_id, "/test"))

    def fire(self, event: str, data: Any, idempotency_key: Optional[str] = None) -> Dict[str, Any]:
        """Sends ``event`` with ``data`` to every webhook subscribed to it."""
        return self._http.request("POST", "/webhooks/fire", json_body={"event": event, "data": data}, idempotency_key=idempotency_key)
