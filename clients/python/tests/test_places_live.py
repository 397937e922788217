"""The multi-place helpers (ranking, comparison, station_map) against a live service (run by clients/js/test/python-client.test.ts)."""

import unittest

from _support import API_KEY, BASE_URL

import aqcast

PLACES = [{"name": "Santiago", "pm25": 87.4}, {"name": "Valparaíso", "pm25": 21}, {"name": "Temuco", "pm25": 140}]
STATIONS = [
    {"name": "Parque O'Higgins", "lat": -33.464, "lon": -70.661, "pm25": 61},
    {"name": "Las Condes", "lat": -33.377, "lon": -70.523, "pm25": 24},
]


@unittest.skipUnless(BASE_URL, "needs a live service (AQCAST_TEST_BASE_URL)")
class PlacesLiveTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.client = aqcast.Client(BASE_URL, api_key=API_KEY)

    def test_ranking_renders_with_its_places_and_provenance(self):
        job = self.client.renders.ranking(PLACES, {"location": "Chile", "resolution": "360p", "provenance": {"source": "manual"}}, wait=True, poll_ms=200)
        self.assertEqual(job["status"], "completed", job.get("error"))
        self.assertEqual(job["params"]["template"], "ranking")
        self.assertEqual([p["name"] for p in job["params"]["places"]], ["Santiago", "Valparaíso", "Temuco"])
        self.assertEqual(job["provenance"]["source"], "manual")

    def test_comparison_sets_two_places_side_by_side(self):
        job = self.client.renders.comparison(PLACES[0], PLACES[1], {"location": "Chile", "resolution": "360p", "template": "ignored"}, wait=True, poll_ms=200)
        self.assertEqual(job["status"], "completed", job.get("error"))
        self.assertEqual(job["params"]["template"], "comparison")
        self.assertEqual(len(job["params"]["places"]), 2)

    def test_station_map_renders_the_stations(self):
        job = self.client.renders.station_map(STATIONS, {"location": "Santiago", "resolution": "360p"}, wait=True, poll_ms=200)
        self.assertEqual(job["status"], "completed", job.get("error"))
        self.assertEqual([[s["lat"], s["lon"]] for s in job["params"]["stations"]], [[-33.464, -70.661], [-33.377, -70.523]])

    def test_bad_places_are_a_400_naming_the_field(self):
        with self.assertRaises(aqcast.ApiError) as caught:
            self.client.renders.station_map([dict(STATIONS[0], lat=91)], {"location": "X"})
        self.assertEqual(caught.exception.status, 400)
        self.assertIn("stations[0].lat", [e.get("field") for e in caught.exception.body.get("errors", [])])


if __name__ == "__main__":
    unittest.main()
