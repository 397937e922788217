"""Variant tests (A/B tests of report videos): create, list, get, assign, track, winner, conclude."""

from typing import Any, Dict, Iterator, List, Mapping, Optional, Sequence, Union

from ._base import Resource, paginate, path_with_id, status_query

Event = Mapping[str, Any]


class Variants(Resource):
    def create(self, test: Mapping[str, Any], idempotency_key: Optional[str] = None) -> Dict[str, Any]:
        """Creates a test (``name``, ``goal``, ``base``, ``arms``, optional ``rules``, ``exposureEvent``, ``workflowId``);
        each arm's video is rendered, or an existing job linked with ``jobId``."""
        return self._http.request("POST", "/variants", json_body=dict(test), idempotency_key=idempotency_key)

    def get(self, test_id: str) -> Dict[str, Any]:
        return self._http.request("GET", path_with_id("/variants", test_id))

    def list(self, status: Any = None, workflow_id: Optional[str] = None, limit: Optional[int] = None, cursor: Optional[str] = None) -> Dict[str, Any]:
        """One page of tests, newest first: ``{"tests": [...], "nextCursor": ...}``. ``status``: ``running``, ``concluded`` or a list."""
        return self._http.request("GET", "/variants", query={"status": status_query(status), "workflowId": workflow_id, "limit": limit, "cursor": cursor})

    list_tests = list

    def iter_all(self, status: Any = None, workflow_id: Optional[str] = None, limit: Optional[int] = None, cursor: Optional[str] = None) -> Iterator[Dict[str, Any]]:
        """Every test matching the filters, across all pages."""
        return paginate(lambda c: self.list(status=status, workflow_id=workflow_id, limit=limit, cursor=c), "tests", cursor)

    list_all = iter_all

    def assign(self, test_id: str, unit_id: str, idempotency_key: Optional[str] = None) -> Dict[str, Any]:
        """The arm (and ``videoUrl``) a viewer unit sees: always the same arm for the same unit; after conclusion, the winner."""
        return self._http.request("POST", path_with_id("/variants", test_id, "/assign"), json_body={"unitId": unit_id}, idempotency_key=idempotency_key)

    def track(self, test_id: str, events: Union[Event, Sequence[Event]], idempotency_key: Optional[str] = None) -> Dict[str, Any]:
        """Counts one event (a mapping) or a batch (a list, up to 1,000, all or nothing).

        Each event: ``unitId``, ``type`` (``impression``, ``view``, ``complete``, ``click``, ``share`` or the
        test's custom goal), and an optional ``eventId`` so that a retried request never counts it twice.
        """
        batch = [dict(events)] if isinstance(events, Mapping) else [dict(e) for e in events]  # type: List[Dict[str, Any]]
        return self._http.request("POST", path_with_id("/variants", test_id, "/track"), json_body={"events": batch}, idempotency_key=idempotency_key)

    def winner(self, test_id: str) -> Dict[str, Any]:
        """The decision (``winner``, ``no_difference`` or ``insufficient_data``) and its statistics; frozen once concluded."""
        return self._http.request("GET", path_with_id("/variants", test_id, "/winner"))

    def conclude(self, test_id: str, arm: Optional[str] = None, idempotency_key: Optional[str] = None) -> Dict[str, Any]:
        """Freezes the result with the rules' winner, or with ``arm``; without a winner and without ``arm`` the service answers 409."""
        body = {} if arm is None else {"arm": arm}  # type: Dict[str, Any]
        return self._http.request("POST", path_with_id("/variants", test_id, "/conclude"), json_body=body, idempotency_key=idempotency_key)
