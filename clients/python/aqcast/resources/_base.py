"""Base of every namespace: a thin class over the shared :class:`Transport`.

A new namespace is one small module with a class extending :class:`Resource`
and one line in :class:`aqcast.Client`.
"""

from typing import Any, Callable, Dict, Iterator, Optional
from urllib.parse import quote

from .._http import Transport


class Resource:
    def __init__(self, http: Transport) -> None:
        self._http = http


def path_with_id(prefix: str, item_id: str, suffix: str = "") -> str:
    """``/a/<id>`` with the id escaped."""
    if not isinstance(item_id, str) or not item_id:
        raise TypeError("aqcast: an id is required for {}/<id>{}".format(prefix, suffix))
    return "{}/{}{}".format(prefix, quote(item_id, safe=""), suffix)


def paginate(fetch_page: Callable[[Optional[str]], Dict[str, Any]], key: str, cursor: Optional[str] = None) -> Iterator[Any]:
    """Follows ``nextCursor`` from page to page, yielding every item once."""
    while True:
        page = fetch_page(cursor)
        for item in page.get(key) or []:
            yield item
        cursor = page.get("nextCursor")
        if not cursor:
            return


def status_query(status: Any) -> Optional[str]:
    if status is None:
        return None
    if isinstance(status, (list, tuple)):
        return ",".join(status)
    return str(status)
