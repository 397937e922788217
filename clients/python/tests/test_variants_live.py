"""Variant tests through the Python client against a live service (run by clients/js/test/python-client.test.ts)."""

import hashlib
import unittest
import uuid

from _support import API_KEY, BASE_URL

import aqcast

BASE = {"location": "Lima", "pm25": 31, "language": "es", "resolution": "360p"}


def arm_of(test_id, unit):
    """The service's assignment: the first 53 bits of SHA-256 of "<test>:<unit>" as a fraction, two equal arms."""
    digest = hashlib.sha256("{}:{}".format(test_id, unit).encode("utf-8")).digest()
    point = (int.from_bytes(digest[0:4], "big") * 2 ** 21 + (int.from_bytes(digest[4:8], "big") >> 11)) / 2 ** 53
    return "A" if point < 0.5 else "B"


def balanced_units(test_id, prefix, per_arm):
    count = {"A": 0, "B": 0}
    out = []
    i = 0
    while len(out) < 2 * per_arm:
        unit = "{}-{}".format(prefix, i)
        arm = arm_of(test_id, unit)
        if count[arm] < per_arm:
            count[arm] += 1
            out.append(unit)
        i += 1
    return out


@unittest.skipUnless(BASE_URL, "needs a live service (AQCAST_TEST_BASE_URL)")
class VariantsLiveTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.client = aqcast.Client(BASE_URL, api_key=API_KEY)

    def test_two_arm_test_end_to_end(self):
        v = self.client.variants
        test = v.create({"name": "Py landscape vs portrait", "goal": "complete", "base": BASE, "arms": [{}, {"overrides": {"format": "portrait"}}]})
        self.assertEqual([a["key"] for a in test["arms"]], ["A", "B"])
        self.assertEqual(test["arms"][1]["params"]["format"], "portrait")
        # 150 viewers per arm, picked with the service's deterministic assignment: the
        # sample-ratio check (rightly) refuses a verdict on a lopsided split.
        units = balanced_units(test["id"], "py", 150)
        arms = {}
        for unit in units:
            answer = v.assign(test["id"], unit)
            arms[answer["unitId"]] = answer["arm"]
        self.assertEqual(sorted(arms.values()).count("A"), 150)
        self.assertEqual(v.assign(test["id"], units[0])["firstAssignment"], False)
        events = []
        for i, unit in enumerate(units):
            events.append({"unitId": unit, "type": "view", "eventId": unit + "-view"})
            if i % 10 < (7 if arms[unit] == "B" else 3):
                events.append({"unitId": unit, "type": "complete", "eventId": unit + "-done"})
        for start in range(0, len(events), 100):
            self.assertEqual(v.track(test["id"], events[start:start + 100])["duplicates"], 0)
        # A retry of an event already counted (a single mapping) is not counted again.
        self.assertEqual(v.track(test["id"], events[0]), {"received": 1, "counted": 0, "duplicates": 1})
        result = v.winner(test["id"])
        self.assertEqual((result["decision"], result["winner"]), ("winner", "B"), result["reasons"])
        exposures = {a["key"]: a["exposures"] for a in result["arms"]}
        self.assertEqual(exposures, {"A": list(arms.values()).count("A"), "B": list(arms.values()).count("B")})
        self.assertGreater(result["arms"][1]["probabilityBest"], 0.95)
        concluded = v.conclude(test["id"])
        self.assertEqual((concluded["status"], concluded["winner"]["arm"], concluded["winner"]["decidedBy"]), ("concluded", "B", "statistics"))
        self.assertTrue(v.winner(test["id"])["frozen"])
        self.assertEqual(v.assign(test["id"], "newcomer")["arm"], "B")
        ids = [t["id"] for t in v.iter_all(status="concluded", limit=1)]
        self.assertIn(test["id"], ids)
        self.assertEqual(v.get(test["id"])["events"], len(events))

    def test_refusals_are_typed_errors(self):
        v = self.client.variants
        test = v.create({"name": "Py refusals", "goal": "signup", "base": BASE, "arms": [{"key": "x"}, {"key": "y", "overrides": {"language": "en"}}]})
        with self.assertRaises(aqcast.ApiError) as ctx:
            v.track(test["id"], {"unitId": "never-assigned", "type": "view"})
        self.assertEqual((ctx.exception.status, ctx.exception.code), (400, "validation_failed"))
        self.assertEqual(ctx.exception.body["errors"][0]["field"], "events[0].unitId")
        with self.assertRaises(aqcast.ApiError) as ctx:
            v.conclude(test["id"])
        self.assertEqual((ctx.exception.status, ctx.exception.code), (409, "invalid_state"))
        self.assertEqual(ctx.exception.body["decision"], "insufficient_data")
        with self.assertRaises(aqcast.ApiError) as ctx:
            v.get("var_" + uuid.uuid4().hex)
        self.assertEqual(ctx.exception.status, 404)
        self.assertEqual(v.conclude(test["id"], arm="y", idempotency_key="py-conclude-" + test["id"])["winner"]["arm"], "y")
        self.assertIn(test["id"], [t["id"] for t in v.list_tests(status=["running", "concluded"], limit=500)["tests"]])


if __name__ == "__main__":
    unittest.main()
