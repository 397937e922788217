"""client.ai against a live service with no language model or speech server configured.
Run by clients/js/test/python-client.test.ts, which spawns the service."""

import unittest

from _support import API_KEY, BASE_URL

import aqcast

VALUES = {"location": "Valparaíso", "pm25": 87.4, "no2": 42, "temperatura": 9, "date": "2026-11-22"}


@unittest.skipUnless(BASE_URL, "AQCAST_TEST_BASE_URL is not set (no live service)")
class LiveAiTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.client = aqcast.Client(BASE_URL, api_key=API_KEY)

    def test_analyze_rates_each_standard(self):
        res = self.client.ai.analyze(dict(VALUES, standards=["us-epa", "cl"]))
        self.assertEqual(res["primary"]["index"], 173)
        self.assertEqual(res["results"][1]["category"]["key"], "alerta")
        self.assertEqual(res["who"][0]["pollutant"], "pm25")

    def test_suggest_template_for_a_feed(self):
        res = self.client.ai.suggest_template({"pm25": 87.4, "channel": "social", "language": "pt"})
        self.assertEqual(res["suggestions"][0]["format"], "portrait")
        self.assertEqual(res["suggestions"][0]["language"], "pt")

    def test_generate_offline(self):
        res = self.client.ai.generate(dict(VALUES, language="es"))
        self.assertEqual(res["source"], "offline")
        self.assertIn("Valparaíso", res["headline"])
        self.assertTrue(res["captions"]["vtt"].startswith("WEBVTT"))

    def test_render_waits_and_serves_captions(self):
        res = self.client.ai.render(dict(VALUES, language="en", resolution="360p"), wait=True, poll_ms=200, timeout_ms=240000)
        self.assertEqual(res["finished"]["status"], "completed", res["finished"].get("error"))
        self.assertEqual((res["narration"]["status"], res["narration"]["provider"]), ("mixed", "offline"))
        vtt = self.client.files.download(res["captionsUrl"]).decode("utf-8")
        self.assertTrue(vtt.startswith("WEBVTT"))
        transcript = self.client.files.download(res["accessibility"]["transcript"]).decode("utf-8")
        self.assertIn("Valparaíso", transcript)
        self.assertGreater(len(self.client.files.download(res["accessibility"]["audio"])), 1000)

    def test_bad_input_is_a_400(self):
        with self.assertRaises(aqcast.ApiError) as ctx:
            self.client.ai.generate({"pm25": 10})
        self.assertEqual((ctx.exception.status, ctx.exception.code), (400, "validation_failed"))


if __name__ == "__main__":
    unittest.main()
