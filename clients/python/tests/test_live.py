"""The client against a live service. Run by clients/js/test/python-client.test.ts, which
spawns the service and sets AQCAST_TEST_BASE_URL and AQCAST_TEST_API_KEY."""

import base64
import datetime
import math
import os
import threading
import time
import unittest
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from _support import API_KEY, BASE_URL

import aqcast

SMALL = {"resolution": "360p"}


def text_pdf(lines):
    """A one-page PDF with a text layer, written by hand (offsets and all) so the test needs no library."""
    content = "BT /F1 14 Tf 50 780 Td 24 TL " + " ".join("({}) '".format(line) for line in lines) + " ET"
    objects = [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
        "<< /Length {} >>\nstream\n{}\nendstream".format(len(content), content),
    ]
    out = b"%PDF-1.4\n"
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += "{} 0 obj\n{}\nendobj\n".format(number, body).encode("latin-1")
    xref = len(out)
    out += "xref\n0 {}\n0000000000 65535 f \n".format(len(objects) + 1).encode()
    for offset in offsets:
        out += "{:010d} 00000 n \n".format(offset).encode()
    out += "trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{}\n%%EOF\n".format(len(objects) + 1, xref).encode()
    return out


class Receiver:
    """A local webhook receiver that keeps each raw body and its headers."""

    def __init__(self):
        self.received = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("content-length") or 0))
                outer.received.append((body, self.headers))
                self.send_response(204)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = "http://127.0.0.1:{}/hook".format(self.httpd.server_address[1])
        threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()

    def wait_for(self, marker, timeout=15.0):
        """The first delivery whose body holds marker. A render queued by an earlier test
        may complete meanwhile and be announced to the same hook, so order says nothing."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for body, headers in list(self.received):
                if marker in body:
                    return body, headers
            time.sleep(0.05)
        raise AssertionError("no delivery holding {!r} arrived (got {})".format(marker, len(self.received)))

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


@unittest.skipUnless(BASE_URL, "AQCAST_TEST_BASE_URL is not set (no live service)")
class LiveServiceTest(unittest.TestCase):
    # Numbered so the render that waits runs first, before other tests fill the one-worker queue.

    @classmethod
    def setUpClass(cls):
        cls.client = aqcast.Client(BASE_URL, api_key=API_KEY)

    def test_01_ping(self):
        res = self.client.ping()
        self.assertEqual((res["ok"], res["version"]), (True, "2.1.0"))
        self.assertIsInstance(res["uptime"], (int, float))

    def test_01_whoami(self):
        me = self.client.whoami()
        self.assertEqual((me["name"], me["scopes"]), ("master key", ["admin"]))
        with self.assertRaises(aqcast.ApiError) as caught:
            aqcast.Client(BASE_URL, api_key="aqk_wrong", max_retries=0).whoami()
        self.assertEqual((caught.exception.status, caught.exception.code), (401, "unauthorized"))

    def test_02_create_with_wait_reports_progress(self):
        seen = []
        job = self.client.renders.create({"location": "Valparaíso", "pm25": 31.5, "no2": 18, "language": "en", **SMALL}, wait=True, poll_ms=150, timeout_ms=120000, on_progress=seen.append)
        self.assertEqual(job["status"], "completed", job.get("error"))
        self.assertTrue(job["videoUrl"])
        self.assertEqual(job["progress"], 1)
        self.assertGreaterEqual(len(seen), 1)
        self.assertTrue(all(isinstance(j, dict) and j["jobId"] == job["jobId"] for j in seen))
        self.assertEqual(seen[-1]["status"], "completed")
        self.assertEqual(self.client.renders.get(job["jobId"])["status"], "completed")
        # The storyboard: the track parsed into one cue per second, every cue in the job's sprite.
        storyboard = self.client.files.storyboard(job)
        self.assertEqual(storyboard["spriteUrl"], job["storyboardUrl"])
        self.assertEqual(len(storyboard["cues"]), math.ceil(job["output"]["durationSec"]))
        self.assertEqual(storyboard["cues"][1], {"start": 1, "end": 2, "spriteUrl": job["storyboardUrl"], "x": 160, "y": 0, "width": 160, "height": 90})
        self.assertEqual(storyboard["cues"][-1]["end"], job["output"]["durationSec"])
        self.assertEqual(self.client.files.download(storyboard["spriteUrl"])[:3], b"\xff\xd8\xff")
        self.assertIsNone(self.client.files.storyboard({"storyboardVttUrl": None}))

    def test_03_templates(self):
        res = self.client.templates()
        self.assertIn("daily-report", [t["id"] for t in res["templates"]])

    def test_04_batch_and_list_pages(self):
        location = "Py-{}".format(uuid.uuid4().hex[:8])
        batch = self.client.renders.batch([{"location": location, "pm25": v, **SMALL} for v in (5, 25, 65)])
        self.assertEqual(len(batch["jobs"]), 3)
        self.assertTrue(all(j["batchId"] == batch["batchId"] for j in batch["jobs"]))
        first = self.client.renders.list(batch_id=batch["batchId"], limit=2)
        self.assertEqual(len(first["jobs"]), 2)
        self.assertTrue(first["nextCursor"])
        second = self.client.renders.list(batch_id=batch["batchId"], limit=2, cursor=first["nextCursor"])
        self.assertEqual(len(second["jobs"]), 1)
        self.assertIsNone(second["nextCursor"])
        everything = list(self.client.renders.iter_all(location=location, limit=2))
        ids = [j["jobId"] for j in everything]
        self.assertEqual(sorted(ids), sorted(j["jobId"] for j in batch["jobs"]))
        self.assertEqual(len(set(ids)), 3)

    def test_05_wrong_key_is_401(self):
        with self.assertRaises(aqcast.ApiError) as ctx:
            aqcast.Client(BASE_URL, api_key="wrong-key-wrong-key").renders.list()
        err = ctx.exception
        self.assertEqual((err.status, err.code), (401, "unauthorized"))
        self.assertTrue(err.request_id)
        self.assertEqual(err.body["status"], 401)

    def test_06_validation_error_is_400_and_not_retried(self):
        with self.assertRaises(aqcast.ApiError) as ctx:
            self.client.renders.create({"pm25": 10})
        self.assertEqual((ctx.exception.status, ctx.exception.code), (400, "validation_failed"))

    def test_07_wait_timeout_is_408(self):
        job = self.client.renders.create({"location": "Timeout City", **SMALL})
        seen = []
        started = time.monotonic()
        with self.assertRaises(aqcast.ApiError) as ctx:
            self.client.wait_for_job(job["jobId"], poll_ms=20, timeout_ms=1, on_progress=seen.append)
        self.assertEqual((ctx.exception.status, ctx.exception.code), (408, "wait_timeout"))
        self.assertLess(time.monotonic() - started, 5)
        self.assertEqual(seen[0]["jobId"], job["jobId"])

    def test_08_idempotent_replay_and_conflict(self):
        key = "py-{}".format(uuid.uuid4())
        params = {"location": "Replay", "pm10": 44, **SMALL}
        a = self.client.renders.create(params, idempotency_key=key)
        b = self.client.renders.create(params, idempotency_key=key)
        self.assertEqual(a["jobId"], b["jobId"])
        with self.assertRaises(aqcast.ApiError) as ctx:
            self.client.renders.create(dict(params, pm10=45), idempotency_key=key)
        self.assertEqual((ctx.exception.status, ctx.exception.code), (409, "idempotency_conflict"))

    def test_09_unknown_job_is_404(self):
        with self.assertRaises(aqcast.ApiError) as ctx:
            self.client.renders.get("job_does_not_exist")
        self.assertEqual((ctx.exception.status, ctx.exception.code), (404, "not_found"))

    def test_10_queue_control(self):
        q = self.client.queue
        self.assertIn("queued", q.stats()["counts"])
        self.assertEqual(q.pause(), {"paused": True})
        try:
            self.assertTrue(q.stats()["paused"])
            run_at = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(hours=1)
            job = q.enqueue(dict(location="Py queue", **SMALL), priority=4, run_at=run_at, max_attempts=2)
            self.assertEqual((job["status"], job["priority"], job["maxAttempts"]), ("queued", 4, 2))
            self.assertEqual(q.get(job["jobId"])["jobId"], job["jobId"])
            self.assertIn(job["jobId"], [j["jobId"] for j in q.iter_all(status="queued", limit=2)])
            self.assertEqual(q.cancel(job["jobId"])["status"], "canceled")
            with self.assertRaises(aqcast.ApiError) as ctx:
                q.cancel(job["jobId"])
            self.assertEqual((ctx.exception.status, ctx.exception.code), (409, "invalid_state"))
            self.assertEqual(q.retry(job["jobId"])["status"], "queued")
            q.cancel(job["jobId"])
        finally:
            self.assertEqual(q.resume(), {"paused": False})

    def test_11_webhooks_signed_by_the_service_verify(self):
        receiver = Receiver()
        try:
            created = self.client.webhooks.create(receiver.url, ["render.completed"])
            secret = created["secret"]
            self.assertTrue(secret.startswith("whsec_"))
            hook_id = created["webhook"]["id"]
            self.assertIn(hook_id, [w["id"] for w in self.client.webhooks.list()["webhooks"]])
            self.assertEqual(self.client.webhooks.test(hook_id)["delivery"]["status"], "succeeded")
            body, headers = receiver.wait_for(b'"webhook.test"')
            self.assertEqual(aqcast.verify_webhook(body, headers, secret)["type"], "webhook.test")
            other = "whsec_" + base64.b64encode(os.urandom(24)).decode()
            with self.assertRaises(aqcast.WebhookVerificationError):
                aqcast.verify_webhook(body, headers, other)
            fired = self.client.webhooks.fire("render.completed", {"jobId": "job_py", "status": "completed"})
            self.assertEqual(len(fired["deliveries"]), 1)
            body, headers = receiver.wait_for(b'"job_py"')
            event = aqcast.verify_webhook(body, dict(headers.items()), secret)
            self.assertEqual((event["type"], event["data"]["jobId"]), ("render.completed", "job_py"))
            self.assertGreaterEqual(len(self.client.webhooks.deliveries(hook_id)["deliveries"]), 2)
            self.client.webhooks.delete(hook_id)
            self.assertNotIn(hook_id, [w["id"] for w in self.client.webhooks.list()["webhooks"]])
        finally:
            receiver.close()

    def test_12_graphql(self):
        self.assertEqual(self.client.graphql("{ status { version } ping }"), {"status": {"version": "2.1.0"}, "ping": True})
        job = self.client.renders.create(dict(location="Py GraphQL", **SMALL))
        data = self.client.graphql("query One($id: ID!) { render(id: $id) { jobId } }", {"id": job["jobId"]})
        self.assertEqual(data["render"]["jobId"], job["jobId"])
        with self.assertRaises(aqcast.ApiError) as ctx:
            self.client.graphql("{ nope }")
        self.assertEqual(ctx.exception.code, "graphql_error")
        self.assertIn("nope", ctx.exception.message)

    def test_13_ingest_upload_multipart(self):
        self.assertIn("daily-report", [t["id"] for t in self.client.ingest.templates()["templates"]])
        pdf = text_pdf(["Boletin de calidad del aire", "Ciudad: Osorno", "Fecha: 12/05/2025", "PM2.5: 52 ug/m3", "NO2: 20 ug/m3"])
        res = self.client.ingest.upload(pdf, filename="boletin-osorno.pdf")
        self.assertTrue(res["contextId"])
        self.assertEqual(res["context"]["pm25"], 52)
        self.assertEqual(res["skipped"], [])
        queued = self.client.ingest.upload_and_render(pdf, filename="b.pdf", language="pt", fields={"resolution": "360p"})
        job = self.client.renders.get(queued["jobId"])
        self.assertEqual((job["contextId"], job["params"]["language"], job["params"]["resolution"]), (queued["contextId"], "pt", "360p"))
        with self.assertRaises(aqcast.ApiError) as ctx:
            self.client.ingest.upload(b"this is not a PDF", filename="fake.pdf")
        self.assertEqual((ctx.exception.status, ctx.exception.code), (415, "unsupported_type"))

    def test_14_contexts(self):
        made = self.client.contexts.create({"location": "Puerto Montt", "pm25": 19, "tags": ["py-client"]})
        other = self.client.contexts.create({"location": "Castro", "o3": 40, "tags": ["py-client"]})
        read = self.client.contexts.get(made["contextId"])
        self.assertEqual((read["location"], read["pm25"], read["version"]), ("Puerto Montt", 19, 1))
        self.assertEqual([c["contextId"] for c in self.client.contexts.list(tag="py-client")["contexts"]], [other["contextId"], made["contextId"]])
        self.assertEqual([c["contextId"] for c in self.client.contexts.iter_all(tag="py-client", limit=1)], [other["contextId"], made["contextId"]])
        updated = self.client.contexts.update(made["contextId"], {"pm25": 22, "humidity": None}, if_match=read["version"])
        self.assertEqual((updated["version"], updated["pm25"]), (2, 22))
        with self.assertRaises(aqcast.ApiError) as ctx:
            self.client.contexts.update(made["contextId"], {"pm25": 23}, if_match=1)
        self.assertEqual((ctx.exception.status, ctx.exception.code), (412, "precondition_failed"))
        self.assertEqual(self.client.contexts.add_tags(made["contextId"], "Lluvia")["tags"], ["lluvia", "py-client"])
        self.assertEqual(self.client.contexts.remove_tag(made["contextId"], "lluvia", if_match='"v3"')["tags"], ["py-client"])
        self.assertEqual([e["version"] for e in self.client.contexts.history(made["contextId"])["edits"]], [2, 3, 4])
        job = self.client.contexts.render(made["contextId"], dict(language="en", **SMALL))
        self.assertEqual((job["contextId"], job["params"]["pm25"], job["params"]["language"]), (made["contextId"], 22, "en"))
        pdf = text_pdf(["Boletin de calidad del aire", "Ciudad: Ancud", "Fecha: 15/05/2025", "PM2.5: 33 ug/m3"])
        uploaded = self.client.ingest.upload(pdf, filename="ancud.pdf")
        original = self.client.contexts.source(uploaded["contextId"])
        self.assertEqual((original["bytes"], original["contentType"], original["filename"]), (pdf, "application/pdf", "ancud.pdf"))
        self.client.contexts.delete(made["contextId"], if_match=4)
        with self.assertRaises(aqcast.ApiError) as ctx:
            self.client.contexts.get(made["contextId"])
        self.assertEqual(ctx.exception.status, 404)

    def test_15_analytics(self):
        overview = self.client.analytics.overview()
        self.assertGreater(overview["jobs"]["total"], 0)
        self.assertEqual(overview["jobs"]["total"], sum(overview["jobs"]["byStatus"].values()))
        since = datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(days=1)
        templates = self.client.analytics.templates(since=since)
        self.assertEqual(sum(t["count"] for t in templates["templates"]), templates["total"])
        trends = self.client.analytics.trends(metric="completed", interval="day", since="2026-03-28", until="2026-03-30", tz="Europe/Madrid")
        self.assertEqual([round((_ms(b["end"]) - _ms(b["start"])) / 3600000) for b in trends["buckets"]], [24, 23, 24])
        self.assertEqual(len(self.client.analytics.recent(limit=2, status=["queued", "rendering", "completed"])["renders"]), 2)
        self.assertEqual(self.client.analytics.performance()["throughput"]["windowSec"], 3600)
        with self.assertRaises(aqcast.ApiError) as ctx:
            self.client.analytics.trends(tz="Nowhere/Else")
        self.assertEqual((ctx.exception.status, ctx.exception.code), (400, "validation_failed"))


def _ms(iso):
    """Milliseconds since the epoch of an ISO instant ending in Z."""
    return datetime.datetime.strptime(iso, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=datetime.timezone.utc).timestamp() * 1000


if __name__ == "__main__":
    unittest.main()
