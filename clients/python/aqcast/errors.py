"""The one error type of this library.

Every failure -- an HTTP error answer, a network failure, a wait that ran out
of time, a webhook that does not verify -- raises :class:`ApiError` carrying
``status``, a stable string ``code``, ``message``, the problem body the
service sent (``body``, also ``problem``) and its ``request_id``.
"""

from typing import Any, Mapping, Optional


class ApiError(Exception):
    """An aqcast failure.

    ``status`` is the HTTP status; ``None`` for connection errors (``code``
    ``connection_error`` or ``connection_timeout``) and 408 for a
    ``wait_for_job`` deadline (``code`` ``timeout``).
    """

    def __init__(
        self,
        status: Optional[int],
        code: str,
        message: str,
        body: Any = None,
        request_id: Optional[str] = None,
        headers: Optional[Mapping[str, str]] = None,
    ) -> None:
        super(ApiError, self).__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.body = body
        self.request_id = request_id
        self.headers = headers

    @property
    def problem(self) -> Any:
        """Alias of ``body``, named like the TypeScript client's property."""
        return self.body

    def __str__(self) -> str:
        extra = "status {}, code {}".format(self.status if self.status is not None else "none", self.code)
        if self.request_id:
            extra += ", request id {}".format(self.request_id)
        return "{} ({})".format(self.message, extra)

    def __repr__(self) -> str:
        return "{}(status={!r}, code={!r}, message={!r})".format(type(self).__name__, self.status, self.code, self.message)


#: The same class under the TypeScript client's name.
AqcastError = ApiError


class WebhookVerificationError(ApiError):
    """``verify_webhook`` rejected a message (status 400).

    ``code`` is one of ``invalid_secret``, ``missing_headers``,
    ``invalid_timestamp``, ``timestamp_too_old``, ``timestamp_too_new``,
    ``invalid_signature``, ``invalid_payload``.
    """

    def __init__(self, code: str, message: str) -> None:
        super(WebhookVerificationError, self).__init__(400, code, message)


def _text(value: Any) -> Optional[str]:
    return value if isinstance(value, str) and value else None


def error_from_response(status: int, reason: str, body: Any, headers: Optional[Mapping[str, str]]) -> ApiError:
    """Builds the error for a non-2xx answer from its parsed body."""
    obj = body if isinstance(body, dict) else None
    gql_errors = None
    if obj is not None and isinstance(obj.get("errors"), list) and "code" not in obj:
        gql_errors = obj["errors"]
    code = _text(obj.get("code")) if obj else None
    if code is None:
        code = "graphql_error" if gql_errors is not None else "http_{}".format(status)
    message = None
    if obj:
        message = _text(obj.get("detail")) or _text(obj.get("title"))
        if message is None and gql_errors is not None:
            message = _text("; ".join(str(e.get("message", "")) for e in gql_errors if isinstance(e, dict)))
        message = message or _text(obj.get("message")) or _text(obj.get("error"))
    if message is None and isinstance(body, str) and 0 < len(body) < 300:
        message = body
    if message is None:
        message = "HTTP {}{}".format(status, " " + reason if reason else "")
    request_id = headers.get("x-request-id") if headers is not None else None
    if request_id is None and obj:
        request_id = _text(obj.get("requestId"))
    return ApiError(status, code, message, body=body, request_id=request_id, headers=headers)
