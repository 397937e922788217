"""One small class per API namespace, each over the shared request function."""

from .ingest import Ingest
from .queue import Queue
from .renders import Renders
from .webhooks import Webhooks

__all__ = ["Ingest", "Queue", "Renders", "Webhooks"]
