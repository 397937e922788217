"""Version of this client library (the service reports its own in ``ping()``)."""

__version__ = "1.0.0"
