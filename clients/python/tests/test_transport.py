"""Retries, idempotency keys, errors and multipart, against real local HTTP servers."""

import email.parser
import email.policy
import socket
import time
import unittest
from email.utils import formatdate

from _support import ScriptedServer, ok, problem

import aqcast
from aqcast import _multipart
from aqcast._http import backoff_seconds, parse_retry_after


class RetryTest(unittest.TestCase):
    def test_503_then_200_is_retried(self):
        with ScriptedServer([problem(503, "service_unavailable"), ok({"ok": True, "version": "x", "uptime": 1})]) as srv:
            res = aqcast.Client(srv.url, api_key="k").ping()
        self.assertTrue(res["ok"])
        self.assertEqual(len(srv.requests), 2)
        self.assertEqual(srv.requests[0]["headers"]["user-agent"], "aqcast-python/1.0.0")
        self.assertEqual(srv.requests[0]["headers"]["x-api-key"], "k")

    def test_429_honours_retry_after_seconds(self):
        with ScriptedServer([(429, {"retry-after": "1"}, {"code": "rate_limited"}), ok({"templates": [], "aqiStandards": []})]) as srv:
            started = time.monotonic()
            aqcast.Client(srv.url, api_key="k").templates()
            waited = time.monotonic() - started
        self.assertEqual(len(srv.requests), 2)
        self.assertGreaterEqual(waited, 0.95)

    def test_gives_up_after_max_retries_with_the_last_error(self):
        with ScriptedServer([problem(502, "bad_gateway")]) as srv:
            with self.assertRaises(aqcast.ApiError) as ctx:
                aqcast.Client(srv.url, api_key="k", max_retries=1).renders.get("job_1")
        self.assertEqual(len(srv.requests), 2)
        self.assertEqual((ctx.exception.status, ctx.exception.code, ctx.exception.request_id), (502, "bad_gateway", "req-502"))

    def test_other_4xx_are_never_retried(self):
        for status, code in ((400, "validation_failed"), (404, "not_found"), (409, "idempotency_conflict")):
            with ScriptedServer([problem(status, code, "detail {}".format(status)), ok({})]) as srv:
                with self.assertRaises(aqcast.ApiError) as ctx:
                    aqcast.Client(srv.url, api_key="k").renders.create({"location": "x"})
            self.assertEqual(len(srv.requests), 1, code)
            err = ctx.exception
            self.assertEqual((err.status, err.code, err.message), (status, code, "detail {}".format(status)))
            self.assertEqual(err.body["code"], code)

    def test_post_keeps_one_idempotency_key_across_retries(self):
        with ScriptedServer([problem(500, "internal_error"), problem(503, "service_unavailable"), (202, {}, {"jobId": "j", "status": "queued"})]) as srv:
            aqcast.Client(srv.url, api_key="k").renders.create({"location": "x"})
        keys = [r["headers"].get("idempotency-key") for r in srv.requests]
        self.assertEqual(len(keys), 3)
        self.assertTrue(keys[0] and len(keys[0]) >= 32)
        self.assertEqual(len(set(keys)), 1)

    def test_a_caller_key_is_sent_as_given(self):
        with ScriptedServer([(202, {}, {"jobId": "j", "status": "queued"})]) as srv:
            aqcast.Client(srv.url, api_key="k").renders.create({"location": "x"}, idempotency_key="my-key-1")
        self.assertEqual(srv.requests[0]["headers"]["idempotency-key"], "my-key-1")

    def test_every_mutation_carries_one_key_across_retries(self):
        for method in ("PATCH", "DELETE"):
            with ScriptedServer([problem(503, "service_unavailable"), ok({})]) as srv:
                aqcast.Client(srv.url, api_key="k").request(method, "/contexts/c1", json_body={"tags": []})
            self.assertEqual(len(srv.requests), 2, method)
            keys = [r["headers"].get("idempotency-key") for r in srv.requests]
            self.assertTrue(keys[0], method)
            self.assertEqual(keys[0], keys[1], method)

    def test_a_request_still_running_elsewhere_is_retried_after_retry_after(self):
        with ScriptedServer([(409, {"content-type": "application/problem+json", "retry-after": "0"}, {"status": 409, "code": "idempotency_in_progress"}), ok({"ok": True})]) as srv:
            self.assertEqual(aqcast.Client(srv.url, api_key="k").request("POST", "/render", json_body={}), {"ok": True})
        self.assertEqual(len(srv.requests), 2)

    def test_a_conflict_is_not_retried(self):
        with ScriptedServer([problem(409, "invalid_state"), ok({})]) as srv:
            with self.assertRaises(aqcast.ApiError) as ctx:
                aqcast.Client(srv.url, api_key="k").request("POST", "/queue/j1/cancel")
        self.assertEqual((ctx.exception.status, len(srv.requests)), (409, 1))

    def test_redirects_are_not_followed(self):
        with ScriptedServer([ok({"stolen": True})]) as other:
            with ScriptedServer([(302, {"location": other.url + "/ping"}, None)]) as srv:
                with self.assertRaises(aqcast.ApiError) as ctx:
                    aqcast.Client(srv.url, api_key="secret-key").ping()
            self.assertEqual(other.requests, [], "the key never reached the other address")
        self.assertEqual((ctx.exception.status, ctx.exception.code), (302, "redirect_not_followed"))

    def test_connection_error_has_no_status(self):
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
        sock.close()
        with self.assertRaises(aqcast.ApiError) as ctx:
            aqcast.Client("http://127.0.0.1:{}".format(port), api_key="k", max_retries=0).ping()
        self.assertIsNone(ctx.exception.status)
        self.assertEqual(ctx.exception.code, "connection_error")

    def test_retry_after_forms_and_backoff(self):
        self.assertEqual(parse_retry_after({"retry-after": "3"}), 3.0)
        self.assertEqual(parse_retry_after({"retry-after-ms": "250"}), 0.25)
        self.assertIsNone(parse_retry_after({}))
        self.assertIsNone(parse_retry_after({"retry-after": "soon"}))
        later = parse_retry_after({"retry-after": formatdate(time.time() + 30, usegmt=True)})
        self.assertTrue(28 <= later <= 31, later)
        for attempt, base in ((0, 0.5), (1, 1.0), (2, 2.0), (6, 8.0)):
            d = backoff_seconds(attempt)
            self.assertTrue(base * 0.75 <= d <= base, (attempt, d))

    def test_graphql_errors_raise(self):
        with ScriptedServer([ok({"data": None, "errors": [{"message": "Cannot query field \"nope\""}]})]) as srv:
            with self.assertRaises(aqcast.ApiError) as ctx:
                aqcast.Client(srv.url, api_key="k").graphql("{ nope }")
        self.assertEqual(ctx.exception.code, "graphql_error")
        self.assertIn("nope", ctx.exception.message)


class NamespaceRoutesTest(unittest.TestCase):
    def test_each_method_calls_its_documented_route(self):
        with ScriptedServer([ok({"jobs": [], "nextCursor": None, "webhooks": [], "deliveries": []})]) as srv:
            c = aqcast.Client(srv.url, api_key="k")
            c.queue.stats()
            c.queue.list(status=["queued", "failed"], limit=5)
            c.queue.get("job 1")
            c.queue.enqueue({"location": "Lima"}, priority=5, run_at="2030-01-01T00:00:00Z", max_attempts=2)
            c.queue.cancel("j1")
            c.queue.retry("j1")
            c.queue.pause()
            c.queue.resume()
            c.webhooks.create("https://example.org/h", ["render.completed"], secret="whsec_AAAA")
            c.webhooks.register("https://example.org/h", ["*"])
            c.webhooks.list()
            c.webhooks.delete("wh1")
            c.webhooks.deliveries("wh1")
            c.webhooks.test("wh1")
            c.webhooks.fire("render.completed", {"jobId": "j1"})
            c.ingest.templates()
        calls = ["{} {}".format(r["method"], r["path"]) for r in srv.requests]
        self.assertEqual(
            calls,
            [
                "GET /queue/stats",
                "GET /queue?status=queued%2Cfailed&limit=5",
                "GET /queue/job%201",
                "POST /queue",
                "POST /queue/j1/cancel",
                "POST /queue/j1/retry",
                "POST /queue/pause",
                "POST /queue/resume",
                "POST /webhooks",
                "POST /webhooks/register",
                "GET /webhooks",
                "DELETE /webhooks/wh1",
                "GET /webhooks/wh1/deliveries",
                "POST /webhooks/wh1/test",
                "POST /webhooks/fire",
                "GET /ingest/templates",
            ],
        )
        import json

        self.assertEqual(json.loads(srv.requests[3]["body"]), {"location": "Lima", "priority": 5, "runAt": "2030-01-01T00:00:00Z", "maxAttempts": 2})
        self.assertEqual(json.loads(srv.requests[14]["body"]), {"event": "render.completed", "data": {"jobId": "j1"}})


def parse_multipart(content_type, body):
    msg = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(b"Content-Type: " + content_type.encode() + b"\r\n\r\n" + body)
    return {part.get_param("name", header="content-disposition"): part for part in msg.iter_parts()}


class MultipartTest(unittest.TestCase):
    PDF = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"

    def test_upload_sends_the_file_field(self):
        with ScriptedServer([ok({"contextId": "ctx_1", "context": {}})]) as srv:
            res = aqcast.Client(srv.url, api_key="k").ingest.upload(self.PDF, filename='boletín "mayo".pdf')
        self.assertEqual(res["contextId"], "ctx_1")
        req = srv.requests[0]
        self.assertEqual((req["method"], req["path"]), ("POST", "/ingest/upload"))
        self.assertTrue(req["headers"]["idempotency-key"])
        parts = parse_multipart(req["headers"]["content-type"], req["body"])
        self.assertEqual(list(parts), ["file"])
        part = parts["file"]
        self.assertEqual(part.get_content_type(), "application/pdf")
        self.assertEqual(part.get_param("filename", header="content-disposition"), "boletín %22mayo%22.pdf")
        self.assertEqual(part.get_payload(decode=True), self.PDF)

    def test_upload_and_render_puts_fields_before_the_file(self):
        png = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4
        with ScriptedServer([ok({"jobId": "j", "contextId": "c", "renderParams": {}})]) as srv:
            aqcast.Client(srv.url, api_key="k").ingest.upload_and_render(png, template="daily-report", language="en", fields={"resolution": "360p"})
        req = srv.requests[0]
        self.assertEqual(req["path"], "/ingest/upload-and-render")
        parts = parse_multipart(req["headers"]["content-type"], req["body"])
        self.assertEqual(list(parts), ["template", "language", "resolution", "file"])
        self.assertEqual(parts["language"].get_payload(), "en")
        self.assertEqual(parts["file"].get_param("filename", header="content-disposition"), "upload.png")
        self.assertEqual(parts["file"].get_content_type(), "image/png")
        self.assertEqual(parts["file"].get_payload(decode=True), png)

    def test_files_from_paths_and_file_objects(self):
        import tempfile
        import os

        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "scan.jpeg")
            with open(path, "wb") as fh:
                fh.write(b"\xff\xd8\xff\xe0" + b"x" * 10)
            data, name = _multipart.read_file(path, None)
            self.assertEqual((name, _multipart.guess_type(name, data)), ("scan.jpeg", "image/jpeg"))
            with open(path, "rb") as fh:
                self.assertEqual(_multipart.read_file(fh, None), (data, "scan.jpeg"))
        with self.assertRaises(TypeError):
            _multipart.read_file(12, None)


if __name__ == "__main__":
    unittest.main()
