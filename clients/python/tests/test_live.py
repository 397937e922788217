"""The client against a live service. Run by clients/js/test/python-client.test.ts, which
spawns the service and sets AQCAST_TEST_BASE_URL and AQCAST_TEST_API_KEY."""

import time
import unittest
import uuid

from _support import API_KEY, BASE_URL

import aqcast

SMALL = {"resolution": "360p"}


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
        self.assertEqual((ctx.exception.status, ctx.exception.code), (408, "timeout"))
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


if __name__ == "__main__":
    unittest.main()
