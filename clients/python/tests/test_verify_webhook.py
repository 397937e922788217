"""verify_webhook against messages signed here independently with hmac/hashlib."""

import base64
import hashlib
import hmac
import json
import time
import unittest

from _support import PACKAGE_ROOT  # noqa: F401  (puts aqcast on sys.path)

import aqcast

RAW_KEY = bytes(range(32))
WHSEC = "whsec_" + base64.b64encode(RAW_KEY).decode()
BODY = json.dumps({"id": "evt_1", "type": "render.completed", "timestamp": "2025-01-01T00:00:00Z", "data": {"jobId": "job_1", "status": "completed"}})


def sign(body, key, msg_id="msg_1", timestamp=None):
    ts = str(int(time.time()) if timestamp is None else timestamp)
    mac = hmac.new(key, "{}.{}.{}".format(msg_id, ts, body).encode(), hashlib.sha256).digest()
    return {"webhook-id": msg_id, "webhook-timestamp": ts, "webhook-signature": "v1," + base64.b64encode(mac).decode()}


class VerifyWebhookTest(unittest.TestCase):
    def assertRejected(self, code, body, headers, secret=WHSEC, **kw):
        with self.assertRaises(aqcast.WebhookVerificationError) as ctx:
            aqcast.verify_webhook(body, headers, secret, **kw)
        self.assertEqual(ctx.exception.code, code)
        self.assertIsInstance(ctx.exception, aqcast.ApiError)
        self.assertEqual(ctx.exception.status, 400)

    def test_accepts_a_good_message_with_either_secret_form(self):
        event = aqcast.verify_webhook(BODY, sign(BODY, RAW_KEY), WHSEC)
        self.assertEqual(event["data"]["jobId"], "job_1")
        plain = "a plain secret, UTF-8 ñ"
        self.assertEqual(aqcast.verify_webhook(BODY.encode(), sign(BODY, plain.encode("utf-8")), plain)["type"], "render.completed")

    def test_header_case_and_several_signatures(self):
        h = sign(BODY, RAW_KEY)
        headers = {"Webhook-Id": h["webhook-id"], "WEBHOOK-TIMESTAMP": h["webhook-timestamp"], "webhook-signature": "v1,bm90IGl0 v2,xyz " + h["webhook-signature"]}
        self.assertEqual(aqcast.verify_webhook(BODY, headers, WHSEC)["id"], "evt_1")

    def test_rejects_tampered_body_id_or_wrong_secret(self):
        h = sign(BODY, RAW_KEY)
        self.assertRejected("invalid_signature", BODY.replace("job_1", "job_2"), h)
        self.assertRejected("invalid_signature", BODY, dict(h, **{"webhook-id": "msg_2"}))
        self.assertRejected("invalid_signature", BODY, h, secret="whsec_" + base64.b64encode(b"other key 123456").decode())

    def test_rejects_expired_and_future_timestamps(self):
        now = int(time.time())
        self.assertRejected("timestamp_too_old", BODY, sign(BODY, RAW_KEY, timestamp=now - 301))
        self.assertRejected("timestamp_too_new", BODY, sign(BODY, RAW_KEY, timestamp=now + 301))
        self.assertRejected("invalid_timestamp", BODY, dict(sign(BODY, RAW_KEY), **{"webhook-timestamp": "12.5"}))
        old = sign(BODY, RAW_KEY, timestamp=now - 600)
        self.assertEqual(aqcast.verify_webhook(BODY, old, WHSEC, tolerance_sec=900)["id"], "evt_1")

    def test_rejects_unsigned_and_missing_headers(self):
        h = sign(BODY, RAW_KEY)
        for missing in ("webhook-signature", "webhook-id", "webhook-timestamp"):
            self.assertRejected("missing_headers", BODY, {k: v for k, v in h.items() if k != missing})

    def test_rejects_bad_secrets_and_non_json(self):
        self.assertRejected("invalid_secret", BODY, sign(BODY, RAW_KEY), secret="")
        self.assertRejected("invalid_secret", BODY, sign(BODY, RAW_KEY), secret="whsec_not base64!")
        self.assertRejected("invalid_payload", "not json", sign("not json", RAW_KEY))


if __name__ == "__main__":
    unittest.main()
