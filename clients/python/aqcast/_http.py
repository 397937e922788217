"""The one request function every namespace goes through.

Auth, JSON and multipart bodies, per-request timeouts, an ``Idempotency-Key``
on every POST, PATCH and DELETE, and retries with jittered exponential backoff
-- only for requests that are safe to repeat (GET/HEAD/OPTIONS, or a mutation
carrying an Idempotency-Key) and only on connection errors, 408, 429, 5xx and
a 409 ``idempotency_in_progress``. Other 4xx answers are never retried.
``Retry-After`` (seconds or an HTTP date) and ``retry-after-ms`` are honoured up
to a minute; a longer requested pause returns the error instead of retrying
early. Redirects are never followed, so the API key stays with the service.
"""

import datetime
import email.utils
import http.client
import json
import os
import random
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from typing import Any, Dict, Mapping, Optional, Tuple

from ._version import __version__
from .errors import ApiError, error_from_response

DEFAULT_TIMEOUT_MS = 60000
DEFAULT_MAX_RETRIES = 2
INITIAL_RETRY_DELAY_S = 0.5
MAX_RETRY_DELAY_S = 8.0
MAX_RETRY_AFTER_S = 60.0
SAFE_METHODS = frozenset(["GET", "HEAD", "OPTIONS"])
MUTATING_METHODS = frozenset(["POST", "PATCH", "PUT", "DELETE"])
USER_AGENT = "aqcast-python/{}".format(__version__)

_MISSING = object()


class _Headers(dict):
    """Response headers with case-insensitive ``get`` (keys stored lower-case)."""

    def get(self, key: str, default: Any = None) -> Any:  # type: ignore[override]
        return dict.get(self, key.lower(), default)


def _lower_headers(message: Any) -> _Headers:
    out = _Headers()
    if message is None:
        return out
    for key, value in message.items():
        k = key.lower()
        out[k] = value if k not in out else out[k] + ", " + value
    return out


def parse_retry_after(headers: Mapping[str, str], now: Optional[float] = None) -> Optional[float]:
    """Seconds the server asked us to wait, or None when it did not say."""
    ms = headers.get("retry-after-ms")
    if ms is not None:
        try:
            return max(0.0, float(ms) / 1000.0)
        except ValueError:
            pass
    value = headers.get("retry-after")
    if value is None:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if when is None:
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=datetime.timezone.utc)
    current = now if now is not None else time.time()
    return max(0.0, when.timestamp() - current)


def backoff_seconds(attempt: int) -> float:
    """Backoff before retry number ``attempt + 1``: 0.5 s, 1 s, 2 s ... up to 8 s, less up to 25 % jitter."""
    base = min(INITIAL_RETRY_DELAY_S * (2 ** attempt), MAX_RETRY_DELAY_S)
    return base * (1 - random.random() * 0.25)


def _is_retryable(error: ApiError) -> bool:
    status = error.status or 0
    return status == 408 or status == 429 or status >= 500 or (status == 409 and error.code == "idempotency_in_progress")


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    """Answers 3xx with the redirect response itself: the key must never follow it to another address."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):  # type: ignore[no-untyped-def]
        return None


_OPENER = urllib.request.build_opener(_NoRedirects())


def _parse_body(raw: bytes, content_type: str) -> Any:
    if not raw:
        return None
    text = raw.decode("utf-8", errors="replace")
    ct = (content_type or "").lower()
    if "json" in ct:
        try:
            return json.loads(text)
        except ValueError:
            return text
    return text


def _is_timeout(err: BaseException) -> bool:
    if isinstance(err, socket.timeout):
        return True
    reason = getattr(err, "reason", None)
    return isinstance(reason, socket.timeout)


class Transport:
    """Sends requests to one aqcast service."""

    def __init__(
        self,
        base_url: str,
        api_key: Optional[str] = None,
        timeout_ms: Optional[float] = None,
        max_retries: Optional[int] = None,
        headers: Optional[Mapping[str, str]] = None,
    ) -> None:
        if not isinstance(base_url, str) or not base_url:
            raise TypeError('aqcast: base_url is required, e.g. Client("http://localhost:3000", api_key=...)')
        self.base_url = base_url.rstrip("/")
        self.api_key = api_key if api_key is not None else os.environ.get("AQCAST_API_KEY")
        self.timeout_ms = DEFAULT_TIMEOUT_MS if timeout_ms is None else timeout_ms
        self.max_retries = DEFAULT_MAX_RETRIES if max_retries is None else max_retries
        self.headers = dict(headers or {})

    def url(self, path: str, query: Optional[Mapping[str, Any]] = None) -> str:
        url = self.base_url + (path if path.startswith("/") else "/" + path)
        pairs = []
        for key, value in (query or {}).items():
            if value is None:
                continue
            if isinstance(value, (list, tuple)):
                value = ",".join(str(v) for v in value)
            elif isinstance(value, datetime.datetime):
                value = value.isoformat()
            elif isinstance(value, bool):
                value = "true" if value else "false"
            pairs.append((key, str(value)))
        if pairs:
            url += "?" + urllib.parse.urlencode(pairs)
        return url

    def request(
        self,
        method: str,
        path: str,
        query: Optional[Mapping[str, Any]] = None,
        json_body: Any = _MISSING,
        data: Optional[bytes] = None,
        content_type: Optional[str] = None,
        idempotency_key: Optional[str] = None,
        headers: Optional[Mapping[str, str]] = None,
        timeout_ms: Optional[float] = None,
        max_retries: Optional[int] = None,
        raw: bool = False,
    ) -> Any:
        """Sends a request (retrying when safe) and returns the parsed JSON body; raises ApiError.

        With ``raw=True`` a success returns ``(headers, body bytes)`` unparsed (files, HEAD).
        """
        m = method.upper()
        if idempotency_key is None and m in MUTATING_METHODS:
            idempotency_key = str(uuid.uuid4())
        retryable = m in SAFE_METHODS or idempotency_key is not None
        retries = max(0, self.max_retries if max_retries is None else max_retries) if retryable else 0
        url = self.url(path, query)
        timeout = (self.timeout_ms if timeout_ms is None else timeout_ms) / 1000.0

        send_headers = {"Accept": "application/json", "User-Agent": USER_AGENT}  # type: Dict[str, str]
        send_headers.update(self.headers)
        if self.api_key:
            send_headers["X-Api-Key"] = self.api_key
        if idempotency_key is not None:
            send_headers["Idempotency-Key"] = idempotency_key
        body = data
        if json_body is not _MISSING:
            body = json.dumps(json_body).encode("utf-8")
            send_headers["Content-Type"] = "application/json"
        elif content_type is not None:
            send_headers["Content-Type"] = content_type
        send_headers.update(headers or {})

        attempt = 0
        while True:
            req = urllib.request.Request(url, data=body, headers=send_headers, method=m)
            try:
                status, reason, resp_headers, body_bytes = self._send(req, timeout)
            except ApiError as err:
                if attempt >= retries:
                    raise err
                time.sleep(backoff_seconds(attempt))
                attempt += 1
                continue
            if raw and 200 <= status < 300:
                return resp_headers, body_bytes
            parsed = _parse_body(body_bytes, resp_headers.get("content-type", ""))
            if 200 <= status < 300:
                return parsed
            if 300 <= status < 400:
                location = resp_headers.get("location")
                raise ApiError(
                    status,
                    "redirect_not_followed",
                    "{} {} was redirected{}; redirects are not followed, so the API key never reaches another address. "
                    "Set base_url to the final address.".format(m, path, " to " + location if location else ""),
                )
            error = error_from_response(status, reason, parsed, resp_headers)
            if attempt >= retries or not _is_retryable(error):
                raise error
            asked = parse_retry_after(resp_headers)
            if asked is not None and asked > MAX_RETRY_AFTER_S:
                raise error
            time.sleep(asked if asked is not None else backoff_seconds(attempt))
            attempt += 1

    def _send(self, req: urllib.request.Request, timeout: float) -> Tuple[int, str, _Headers, bytes]:
        what = "{} {}".format(req.get_method(), urllib.parse.urlsplit(req.full_url).path)
        try:
            with _OPENER.open(req, timeout=timeout) as resp:
                return resp.status, resp.reason or "", _lower_headers(resp.headers), resp.read()
        except urllib.error.HTTPError as err:
            try:
                raw = err.read()
            except (OSError, http.client.HTTPException):
                raw = b""
            return err.code, str(err.reason or ""), _lower_headers(err.headers), raw
        except (OSError, http.client.HTTPException) as err:
            if _is_timeout(err):
                raise ApiError(None, "connection_timeout", "{} timed out after {:g} ms".format(what, timeout * 1000))
            reason = getattr(err, "reason", None) or err
            raise ApiError(None, "connection_error", "{} failed: {}".format(what, reason))
