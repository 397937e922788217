"""Verifies Standard Webhooks deliveries (https://www.standardwebhooks.com).

Rules, in this order (the same as the service's reference and the TypeScript
client): the secret must be usable as a key (``whsec_<base64>`` -> decoded
bytes, else its UTF-8 bytes); ``webhook-id``, ``webhook-timestamp`` and
``webhook-signature`` must all be present; the timestamp must be whole Unix
seconds no further than ``tolerance_sec`` from now, either way; one of the
space-separated ``v1,<base64>`` signatures must equal
HMAC-SHA256(key, "{id}.{timestamp}.{body}") -- compared with
``hmac.compare_digest``; the body must be JSON.
"""

import base64
import binascii
import hashlib
import hmac
import json
import re
import time
from typing import Any, Optional, Union

from .errors import WebhookVerificationError

SECRET_PREFIX = "whsec_"
DEFAULT_TOLERANCE_SEC = 300
_BASE64 = re.compile(r"^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$")
_TIMESTAMP = re.compile(r"^[0-9]{1,15}$")


def _secret_key(secret: str) -> bytes:
    if not isinstance(secret, str) or not secret:
        raise WebhookVerificationError("invalid_secret", "the webhook secret must be a non-empty string")
    if not secret.startswith(SECRET_PREFIX):
        return secret.encode("utf-8")
    encoded = secret[len(SECRET_PREFIX):]
    if not encoded or not _BASE64.match(encoded):
        raise WebhookVerificationError("invalid_secret", 'a secret starting with "whsec_" must continue with padded base64')
    try:
        return base64.b64decode(encoded, validate=True)
    except (binascii.Error, ValueError):
        raise WebhookVerificationError("invalid_secret", 'a secret starting with "whsec_" must continue with padded base64')


def _header(headers: Any, name: str) -> Optional[str]:
    """Case-insensitive lookup in a dict, an ``email.message.Message``/``HTTPMessage`` or any mapping."""
    items = headers.items() if hasattr(headers, "items") else headers
    found = []
    for key, value in items:
        if str(key).lower() == name:
            if isinstance(value, (list, tuple)):
                found.extend(str(v) for v in value)
            elif isinstance(value, bytes):
                found.append(value.decode("latin-1"))
            else:
                found.append(str(value))
    return " ".join(found) if found else None


def verify_webhook(
    body: Union[bytes, bytearray, str],
    headers: Any,
    secret: str,
    tolerance_sec: float = DEFAULT_TOLERANCE_SEC,
    now: Optional[float] = None,
) -> Any:
    """Checks a received webhook and returns its parsed JSON event.

    ``body`` must be the raw request body (bytes or str) exactly as received;
    ``headers`` a dict (any key case) or an ``HTTPMessage``; ``now`` (Unix
    seconds) exists for tests. Raises :class:`aqcast.WebhookVerificationError`
    (an :class:`aqcast.ApiError` with status 400) whose ``code`` is
    ``invalid_secret``, ``missing_headers``, ``invalid_timestamp``,
    ``timestamp_too_old``, ``timestamp_too_new``, ``invalid_signature`` or
    ``invalid_payload``.
    """
    key = _secret_key(secret)
    msg_id = _header(headers, "webhook-id")
    timestamp = _header(headers, "webhook-timestamp")
    signatures = _header(headers, "webhook-signature")
    if not msg_id or not timestamp or not signatures:
        raise WebhookVerificationError("missing_headers", "missing webhook-id, webhook-timestamp or webhook-signature header")
    if not _TIMESTAMP.match(timestamp):
        raise WebhookVerificationError("invalid_timestamp", "webhook-timestamp is not whole Unix seconds")
    now_sec = int(time.time() if now is None else now)
    if now_sec - int(timestamp) > tolerance_sec:
        raise WebhookVerificationError("timestamp_too_old", "webhook-timestamp is too old")
    if int(timestamp) - now_sec > tolerance_sec:
        raise WebhookVerificationError("timestamp_too_new", "webhook-timestamp is too far in the future")

    if isinstance(body, str):
        raw = body.encode("utf-8")
    elif isinstance(body, (bytes, bytearray, memoryview)):
        raw = bytes(body)
    else:
        raise TypeError("verify_webhook needs the raw request body (bytes or str), not parsed JSON")
    signed = "{}.{}.".format(msg_id, timestamp).encode("utf-8") + raw
    mac = hmac.new(key, signed, hashlib.sha256).digest()
    expected = b"v1," + base64.b64encode(mac)
    matched = False
    for candidate in signatures.split(" "):
        if hmac.compare_digest(candidate.encode("utf-8"), expected):
            matched = True
    if not matched:
        raise WebhookVerificationError("invalid_signature", "no matching v1 signature")
    try:
        return json.loads(raw.decode("utf-8"))
    except ValueError:
        raise WebhookVerificationError("invalid_payload", "the webhook body is not valid JSON")
