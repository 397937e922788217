"""Finished videos, posters and storyboards: ``GET``/``HEAD /files/<token>/<name>`` (public URLs, no key needed)."""

import re
from typing import Any, Dict, List, Optional, Tuple
from urllib.parse import urljoin, urlsplit

from ..errors import ApiError
from ._base import Resource

_FILE_PATH = re.compile(r"/files/[A-Za-z0-9_-]+/(video\.mp4|poster\.png|storyboard\.jpg|storyboard\.vtt|captions\.vtt|captions\.srt|transcript\.txt|audio\.m4a|description\.m4a)$")
_TIMING = re.compile(r"^((?:\d+:)?\d{2}:\d{2}\.\d{3})\s+-->\s+((?:\d+:)?\d{2}:\d{2}\.\d{3})")
_XYWH = re.compile(r"^(.*)#xywh=(\d+),(\d+),(\d+),(\d+)$")


def _vtt_seconds(t: str) -> float:
    total = 0.0
    for part in t.split(":"):
        total = total * 60 + float(part)
    return total


def parse_storyboard_vtt(text: str, vtt_url: str) -> Dict[str, Any]:
    """A WebVTT thumbnails track (cues whose text is ``url#xywh=x,y,w,h``), parsed:
    ``{"spriteUrl": ..., "cues": [{"start", "end", "spriteUrl", "x", "y", "width", "height"}]}``;
    relative sprite URLs are resolved against ``vtt_url``, cues without ``#xywh=`` skipped."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    cues: List[Dict[str, Any]] = []
    for i, line in enumerate(lines):
        timing = _TIMING.match(line)
        frag = _XYWH.match(lines[i + 1].strip()) if timing and i + 1 < len(lines) else None
        if not timing or not frag:
            continue
        cues.append({
            "start": _vtt_seconds(timing.group(1)),
            "end": _vtt_seconds(timing.group(2)),
            "spriteUrl": urljoin(vtt_url, frag.group(1)),
            "x": int(frag.group(2)),
            "y": int(frag.group(3)),
            "width": int(frag.group(4)),
            "height": int(frag.group(5)),
        })
    return {"spriteUrl": cues[0]["spriteUrl"] if cues else "", "cues": cues}


class Files(Resource):
    def download(self, url: str, byte_range: Optional[Tuple[int, int]] = None) -> bytes:
        """The bytes of a ``videoUrl``, ``posterUrl``, ``storyboardUrl``, ``storyboardVttUrl`` ``captionsUrl`` or an ``accessibility`` URL (or the inclusive ``byte_range`` of them)."""
        headers = {"Range": "bytes={}-{}".format(*byte_range)} if byte_range else {}
        _, body = self._http.request("GET", self._path_of(url), headers=headers, raw=True)
        return body

    def storyboard(self, job: Dict[str, Any]) -> Optional[Dict[str, Any]]:
        """The storyboard of a completed job: its WebVTT thumbnails track, downloaded and parsed
        (see ``parse_storyboard_vtt``; one cue per second of video, sprite URLs absolute), or
        None when the job has none (not completed yet, or stored before storyboards existed)."""
        url = job.get("storyboardVttUrl")
        if not url:
            return None
        return parse_storyboard_vtt(self.download(url).decode("utf-8"), urljoin(self._http.base_url + "/", url))

    def head(self, url: str) -> Dict[str, Any]:
        """Size, type and ETag of a file without downloading it."""
        headers, _ = self._http.request("HEAD", self._path_of(url), raw=True)
        return {"bytes": int(headers.get("content-length") or 0), "contentType": headers.get("content-type"), "etag": headers.get("etag")}

    def _path_of(self, url: str) -> str:
        """A file URL of this service, as a path (other origins are refused: the key stays here)."""
        base = urlsplit(self._http.base_url + "/")
        target = urlsplit(url if "://" in url else self._http.base_url + "/" + url.lstrip("/"))
        if (target.scheme, target.netloc) != (base.scheme, base.netloc) or not _FILE_PATH.search(target.path):
            raise ApiError(None, "invalid_file_url", "{} is not a file URL (video, poster, storyboard, captions) of {}".format(url, self._http.base_url))
        return target.path[len(base.path) - 1:]
