"""aqcast -- Python client for the aqcast air-quality video API (standard library only, Python 3.7+).

    import aqcast
    client = aqcast.Client("http://localhost:3000", api_key="...")
    job = client.renders.create({"location": "Santiago", "pm25": 87}, wait=True)
"""

from ._http import DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_MS
from ._version import __version__
from .client import OPERATIONS, Client
from .errors import AqcastError, ApiError, WebhookVerificationError
from .resources.files import parse_storyboard_vtt
from .resources.renders import TERMINAL_STATUSES
from .webhook_verify import verify_webhook

VERSION = __version__

__all__ = [
    "ApiError",
    "AqcastError",
    "Client",
    "OPERATIONS",
    "DEFAULT_MAX_RETRIES",
    "DEFAULT_TIMEOUT_MS",
    "TERMINAL_STATUSES",
    "VERSION",
    "WebhookVerificationError",
    "__version__",
    "parse_storyboard_vtt",
    "verify_webhook",
]
