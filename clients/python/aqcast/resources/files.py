"""Finished videos and posters: ``GET``/``HEAD /files/<token>/<name>`` (public URLs, no key needed)."""

import re
from typing import Any, Dict, Optional, Tuple
from urllib.parse import urlsplit

from ..errors import ApiError
from ._base import Resource

_FILE_PATH = re.compile(r"/files/[A-Za-z0-9_-]+/(video\.mp4|poster\.png|captions\.vtt|captions\.srt|transcript\.txt|audio\.m4a|description\.m4a)$")


class Files(Resource):
    def download(self, url: str, byte_range: Optional[Tuple[int, int]] = None) -> bytes:
        """The bytes of a ``videoUrl``, ``posterUrl``, ``captionsUrl`` or an ``accessibility`` URL (or the inclusive ``byte_range`` of them)."""
        headers = {"Range": "bytes={}-{}".format(*byte_range)} if byte_range else {}
        _, body = self._http.request("GET", self._path_of(url), headers=headers, raw=True)
        return body

    def head(self, url: str) -> Dict[str, Any]:
        """Size, type and ETag of a file without downloading it."""
        headers, _ = self._http.request("HEAD", self._path_of(url), raw=True)
        return {"bytes": int(headers.get("content-length") or 0), "contentType": headers.get("content-type"), "etag": headers.get("etag")}

    def _path_of(self, url: str) -> str:
        """A file URL of this service, as a path (other origins are refused: the key stays here)."""
        base = urlsplit(self._http.base_url + "/")
        target = urlsplit(url if "://" in url else self._http.base_url + "/" + url.lstrip("/"))
        if (target.scheme, target.netloc) != (base.scheme, base.netloc) or not _FILE_PATH.search(target.path):
            raise ApiError(None, "invalid_file_url", "{} is not a video or poster URL of {}".format(url, self._http.base_url))
        return target.path[len(base.path) - 1:]
