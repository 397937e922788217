"""multipart/form-data bodies built with the standard library (RFC 7578)."""

import mimetypes
import os
import uuid
from typing import Any, List, Optional, Sequence, Tuple

_TYPES = {
    ".pdf": "application/pdf",
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".webp": "image/webp",
}


def sniff_type(data: bytes) -> Optional[str]:
    """The media type of a PDF, PNG, JPEG or WebP from its first bytes."""
    if data.startswith(b"%PDF-"):
        return "application/pdf"
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "image/png"
    if data.startswith(b"\xff\xd8\xff"):
        return "image/jpeg"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    return None


def guess_type(filename: str, data: bytes) -> str:
    ext = os.path.splitext(filename)[1].lower()
    return _TYPES.get(ext) or mimetypes.guess_type(filename)[0] or sniff_type(data) or "application/octet-stream"


def read_file(file: Any, filename: Optional[str]) -> Tuple[bytes, str]:
    """Bytes and a file name from a path, bytes, or a binary file object."""
    if isinstance(file, (bytes, bytearray, memoryview)):
        data = bytes(file)
        name = filename
    elif isinstance(file, str) or hasattr(file, "__fspath__"):
        path = os.fspath(file)
        with open(path, "rb") as fh:
            data = fh.read()
        name = filename or os.path.basename(path)
    elif hasattr(file, "read"):
        data = file.read()
        if isinstance(data, str):
            raise TypeError("aqcast: open the file in binary mode ('rb')")
        given = getattr(file, "name", None)
        name = filename or (os.path.basename(given) if isinstance(given, str) else None)
    else:
        raise TypeError("aqcast: file must be a path, bytes, or a binary file object")
    if not name:
        sniffed = sniff_type(data)
        ext = next((e for e, t in _TYPES.items() if t == sniffed), "")
        name = "upload" + ext
    return data, name


def _quote(value: str) -> str:
    # As browsers do (WHATWG): escape the characters that would end the quoted string or the header.
    return value.replace('"', "%22").replace("\r", "%0D").replace("\n", "%0A")


def encode(fields: Sequence[Tuple[str, str]], files: Sequence[Tuple[str, str, str, bytes]]) -> Tuple[bytes, str]:
    """Returns (body, content type). Text fields come first: streaming parsers only see fields before the file."""
    boundary = "----aqcast-" + uuid.uuid4().hex
    parts = []  # type: List[bytes]
    for name, value in fields:
        parts.append(
            "--{}\r\nContent-Disposition: form-data; name=\"{}\"\r\n\r\n".format(boundary, _quote(name)).encode("utf-8")
            + value.encode("utf-8")
            + b"\r\n"
        )
    for name, filename, content_type, data in files:
        head = "--{}\r\nContent-Disposition: form-data; name=\"{}\"; filename=\"{}\"\r\nContent-Type: {}\r\n\r\n".format(
            boundary, _quote(name), _quote(filename), content_type
        )
        parts.append(head.encode("utf-8") + data + b"\r\n")
    parts.append("--{}--\r\n".format(boundary).encode("ascii"))
    return b"".join(parts), "multipart/form-data; boundary=" + boundary
