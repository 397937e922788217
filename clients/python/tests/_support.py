"""Shared test setup: puts the package on sys.path and offers a tiny scripted HTTP server."""

import json
import os
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable, Dict, List, Tuple

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE_ROOT = os.path.dirname(HERE)
# The Node test that installs the package into a venv sets this, so the installed copy is the one tested.
if not os.environ.get("AQCAST_TEST_INSTALLED") and PACKAGE_ROOT not in sys.path:
    sys.path.insert(0, PACKAGE_ROOT)

#: Set by the Node test that spawns a live service (clients/js/test/python-client.test.ts).
BASE_URL = os.environ.get("AQCAST_TEST_BASE_URL")
API_KEY = os.environ.get("AQCAST_TEST_API_KEY", "")

Answer = Tuple[int, Dict[str, str], Any]


class ScriptedServer:
    """A real local HTTP server answering from a list of (status, headers, body); records every request."""

    def __init__(self, answers: List[Answer]) -> None:
        self.answers = list(answers)
        self.requests = []  # type: List[Dict[str, Any]]
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def _handle(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                body = self.rfile.read(length) if length else b""
                outer.requests.append({"method": self.command, "path": self.path, "headers": {k.lower(): v for k, v in self.headers.items()}, "body": body})
                status, headers, payload = outer.answers.pop(0) if len(outer.answers) > 1 else outer.answers[0]
                raw = payload if isinstance(payload, bytes) else json.dumps(payload).encode("utf-8")
                self.send_response(status)
                self.send_header("content-type", headers.get("content-type", "application/json"))
                for k, v in headers.items():
                    if k != "content-type":
                        self.send_header(k, v)
                self.send_header("content-length", str(len(raw)))
                self.end_headers()
                self.wfile.write(raw)

            do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = _handle

            def log_message(self, *args: Any) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = "http://127.0.0.1:{}".format(self.httpd.server_address[1])
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)

    def __enter__(self) -> "ScriptedServer":
        self.thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def problem(status: int, code: str, detail: str = "") -> Answer:
    return (status, {"content-type": "application/problem+json", "x-request-id": "req-{}".format(status)}, {"type": "about:blank", "title": code, "status": status, "detail": detail or code, "code": code})


def ok(body: Any) -> Answer:
    return (200, {}, body)


__all__ = ["API_KEY", "BASE_URL", "PACKAGE_ROOT", "ScriptedServer", "ok", "problem", "Callable"]
