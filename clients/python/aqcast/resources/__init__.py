"""One small class per API namespace, each over the shared request function."""

from .ai import Ai
from .analytics import Analytics
from .brands import Brands
from .contexts import Contexts
from .files import Files
from .ingest import Ingest
from .keys import Keys
from .queue import Queue
from .renders import Renders
from .variants import Variants
from .webhooks import Webhooks
from .workflows import Workflows

__all__ = ["Ai", "Analytics", "Brands", "Contexts", "Files", "Ingest", "Keys", "Queue", "Renders", "Variants", "Webhooks", "Workflows"]
