# SPDX-License-Identifier: MIT
"""The PEP 517 build backend of the dlx Python package, in the standard
library only, so that `pip install ./python` works with no network and no
setuptools or wheel (pyproject.toml: requires = [], backend-path = ["."]).

The package is pure Python (it loads libdlx with ctypes), so a wheel is a
zip of dlx/*.py and the .dist-info files that PEP 427 and PEP 566 ask for.
It also builds editable wheels (PEP 660: a .pth file naming this folder)
and sdists.
"""

import base64
import hashlib
import io
import os
import re
import tarfile
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
NAME = "dlx"
TAG = "py3-none-any"


def _version():
    with open(os.path.join(HERE, "pyproject.toml"), encoding="utf-8") as f:
        m = re.search(r'^version\s*=\s*"([^"]+)"', f.read(), re.M)
    return m.group(1)


def _metadata():
    with open(os.path.join(HERE, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    return ("Metadata-Version: 2.1\n"
            "Name: %s\n"
            "Version: %s\n"
            "Summary: Exact cover with Knuth's dancing links (libdlx) and sudoku (libsudoku), "
            "through ctypes\n"
            "License: MIT\n"
            "Requires-Python: >=3.8\n"
            "Description-Content-Type: text/markdown\n"
            "\n%s" % (NAME, _version(), readme))


def _sources():
    pkg = os.path.join(HERE, NAME)
    for f in sorted(os.listdir(pkg)):
        if f.endswith(".py"):
            yield "%s/%s" % (NAME, f), os.path.join(pkg, f)


def _record_line(path, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return "%s,sha256=%s,%d" % (path, digest, len(data))


def _wheel(wheel_directory, files):
    """files: (path in the wheel, bytes). Returns the wheel's file name."""
    dist = "%s-%s.dist-info" % (NAME, _version())
    files = list(files) + [
        (dist + "/METADATA", _metadata().encode("utf-8")),
        (dist + "/WHEEL", ("Wheel-Version: 1.0\nGenerator: dlx build_backend\n"
                           "Root-Is-Purelib: true\nTag: %s\n" % TAG).encode()),
        (dist + "/top_level.txt", (NAME + "\n").encode()),
    ]
    name = "%s-%s-%s.whl" % (NAME, _version(), TAG)
    record = [_record_line(p, d) for p, d in files] + [dist + "/RECORD,,"]
    with zipfile.ZipFile(os.path.join(wheel_directory, name), "w", zipfile.ZIP_DEFLATED) as z:
        for p, d in files:
            z.writestr(zipfile.ZipInfo(p, (2026, 1, 1, 0, 0, 0)), d)
        z.writestr(zipfile.ZipInfo(dist + "/RECORD", (2026, 1, 1, 0, 0, 0)),
                   "\n".join(record) + "\n")
    return name


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def get_requires_for_build_editable(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    files = []
    for path, src in _sources():
        with open(src, "rb") as f:
            files.append((path, f.read()))
    return _wheel(wheel_directory, files)


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    return _wheel(wheel_directory, [("%s_editable.pth" % NAME, (HERE + "\n").encode())])


def build_sdist(sdist_directory, config_settings=None):
    base = "%s-%s" % (NAME, _version())
    name = base + ".tar.gz"
    with tarfile.open(os.path.join(sdist_directory, name), "w:gz") as t:
        for rel in ["pyproject.toml", "README.md", "build_backend.py"] + \
                [p for p, _ in _sources()]:
            t.add(os.path.join(HERE, rel), arcname="%s/%s" % (base, rel))
        info = tarfile.TarInfo("%s/PKG-INFO" % base)
        data = _metadata().encode("utf-8")
        info.size = len(data)
        t.addfile(info, io.BytesIO(data))
    return name
