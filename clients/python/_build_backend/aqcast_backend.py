"""A PEP 517 build backend in the standard library only.

The client has no dependencies, so its wheel is a zip of the ``aqcast`` package
plus the dist-info files; building it needs nothing from a package index, and
``pip install ./clients/python`` works on a closed network (with or without
build isolation, since ``requires`` is empty).
"""

import base64
import hashlib
import io
import os
import re
import tarfile
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = "aqcast"


def _project():
    text = open(os.path.join(ROOT, "pyproject.toml"), encoding="utf-8").read()
    project = text.split("[project]", 1)[1].split("\n[", 1)[0]

    def field(name):
        m = re.search(r'^{}\s*=\s*"([^"]*)"'.format(name), project, re.M)
        return m.group(1) if m else None

    return {
        "name": field("name"),
        "version": field("version"),
        "description": field("description"),
        "requires_python": field("requires-python"),
    }


def _metadata():
    p = _project()
    readme = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
    lines = [
        "Metadata-Version: 2.1",
        "Name: " + p["name"],
        "Version: " + p["version"],
        "Summary: " + (p["description"] or ""),
        "License: MIT",
        "Requires-Python: " + (p["requires_python"] or ">=3.7"),
        "Classifier: Programming Language :: Python :: 3",
        "Classifier: Operating System :: OS Independent",
        "Description-Content-Type: text/markdown",
        "",
        readme,
    ]
    return "\n".join(lines)


def _package_files():
    out = []
    for folder, dirs, files in os.walk(os.path.join(ROOT, PACKAGE)):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith(".py") or name == "py.typed":
                full = os.path.join(folder, name)
                out.append((os.path.relpath(full, ROOT).replace(os.sep, "/"), full))
    return out


def _record_line(path, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return "{},sha256={},{}".format(path, digest, len(data))


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def _dist_info_files():
    p = _project()
    dist_info = "{}-{}.dist-info".format(p["name"], p["version"])
    wheel = "Wheel-Version: 1.0\nGenerator: aqcast_backend\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    return dist_info, {"METADATA": _metadata(), "WHEEL": wheel, "top_level.txt": PACKAGE + "\n"}


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    dist_info, files = _dist_info_files()
    target = os.path.join(metadata_directory, dist_info)
    os.makedirs(target, exist_ok=True)
    for name, text in files.items():
        with open(os.path.join(target, name), "w", encoding="utf-8") as f:
            f.write(text)
    return dist_info


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    p = _project()
    filename = "{}-{}-py3-none-any.whl".format(p["name"], p["version"])
    dist_info, meta = _dist_info_files()
    records = []
    with zipfile.ZipFile(os.path.join(wheel_directory, filename), "w", zipfile.ZIP_DEFLATED) as whl:
        for rel, full in _package_files():
            data = open(full, "rb").read()
            whl.writestr(rel, data)
            records.append(_record_line(rel, data))
        for name, text in meta.items():
            rel = "{}/{}".format(dist_info, name)
            data = text.encode("utf-8")
            whl.writestr(rel, data)
            records.append(_record_line(rel, data))
        records.append("{}/RECORD,,".format(dist_info))
        whl.writestr("{}/RECORD".format(dist_info), "\n".join(records) + "\n")
    return filename


def build_sdist(sdist_directory, config_settings=None):
    p = _project()
    base = "{}-{}".format(p["name"], p["version"])
    filename = base + ".tar.gz"
    with tarfile.open(os.path.join(sdist_directory, filename), "w:gz", format=tarfile.PAX_FORMAT) as tar:
        for rel in ["pyproject.toml", "README.md"]:
            tar.add(os.path.join(ROOT, rel), arcname="{}/{}".format(base, rel))
        tar.add(os.path.join(ROOT, "_build_backend", "aqcast_backend.py"), arcname="{}/_build_backend/aqcast_backend.py".format(base))
        for rel, full in _package_files():
            tar.add(full, arcname="{}/{}".format(base, rel))
        info = tarfile.TarInfo("{}/PKG-INFO".format(base))
        data = _metadata().encode("utf-8")
        info.size = len(data)
        tar.addfile(info, io.BytesIO(data))
    return filename
