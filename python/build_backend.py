# SPDX-License-Identifier: MIT
"""The PEP 517 build backend of the dlx Python package, in the standard
library only, so that `pip install ./python` works with no network and no
setuptools or wheel (pyproject.toml: requires = [], backend-path = ["."]).

The package is Python over ctypes, and the wheel carries the C libraries it
loads: build_wheel compiles libdlx.so.1 and libsudoku.so.1 from the C
sources (the repository's dlx/ and sudoku/ beside this folder, or the
sdist's csrc/) with the C compiler ($CC, else cc; $CPPFLAGS, $CFLAGS and
$LDFLAGS are added, as the Makefile does) and puts them in the package,
where dlx/_lib.py looks first. So a wheel is a zip of dlx/*.py, the two
shared objects and the .dist-info files that PEP 427 and PEP 566 ask for,
tagged for this platform (py3-none-linux_x86_64: ctypes, no Python ABI).
It also builds editable wheels (PEP 660: a .pth file naming this folder;
the libraries then come from the repository's build/lib, after `make`)
and sdists (with csrc/).
"""

import base64
import concurrent.futures
import glob
import hashlib
import io
import os
import re
import shlex
import shutil
import subprocess
import sysconfig
import tarfile
import tempfile
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
NAME = "dlx"
MAJOR = 1  # the SONAME's number, as dlx/_lib.py loads it: libdlx.so.1
# The C sources of the two libraries, relative to a source root: the
# repository (the folder above this one) or an sdist's csrc/.
C_DIRS = ("dlx", "sudoku")


def _tag():
    plat = re.sub(r"[^A-Za-z0-9]", "_", sysconfig.get_platform())
    return "py3-none-" + plat


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


def _c_root():
    """The folder holding dlx/ and sudoku/ with their C sources."""
    for root in (os.path.join(HERE, "csrc"), os.path.dirname(HERE)):
        if all(os.path.isfile(os.path.join(root, d, d + ".h")) for d in C_DIRS):
            return root
    raise RuntimeError("dlx: the C sources of libdlx and libsudoku are not here (looked for "
                       "dlx/dlx.h and sudoku/sudoku.h in %s and in %s): build the package from "
                       "the repository's python/ folder or from its sdist"
                       % (os.path.join(HERE, "csrc"), os.path.dirname(HERE)))


def _run(cmd):
    try:
        done = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    except FileNotFoundError:
        raise RuntimeError("dlx: building the wheel needs a C compiler, and %s is not there "
                           "(on Debian: sudo apt-get install gcc; or set CC)" % cmd[0])
    if done.returncode != 0:
        raise RuntimeError("dlx: %s failed:\n%s" % (" ".join(cmd), done.stdout.decode(errors="replace")))


def _build_libraries(out):
    """Compiles libdlx.so.1 and libsudoku.so.1 into out; returns their paths."""
    root = _c_root()
    cc = shlex.split(os.environ.get("CC") or "cc")
    env = lambda name: shlex.split(os.environ.get(name, ""))
    cflags = (["-std=c11", "-O2", "-fPIC", "-fvisibility=hidden", "-D_POSIX_C_SOURCE=200809L"]
              + ["-I" + os.path.join(root, d) for d in C_DIRS]
              + env("CPPFLAGS") + env("CFLAGS"))
    jobs = []
    for d in C_DIRS:
        for src in sorted(glob.glob(os.path.join(root, d, "*.c"))):
            obj = os.path.join(out, d + "_" + os.path.basename(src)[:-2] + ".o")
            jobs.append((d, obj, cc + cflags + ["-c", src, "-o", obj]))
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 1) as pool:
        list(pool.map(_run, [cmd for _, _, cmd in jobs]))
    libs = []
    for d in C_DIRS:
        so = os.path.join(out, "lib%s.so.%d" % (d, MAJOR))
        objs = [obj for k, obj, _ in jobs if k == d]
        # libsudoku needs libdlx: found beside it ($ORIGIN), or already loaded.
        extra = ["-L" + out, "-l:libdlx.so.%d" % MAJOR, "-Wl,-rpath,$ORIGIN"] if d == "sudoku" else []
        _run(cc + ["-shared", "-Wl,-soname,lib%s.so.%d" % (d, MAJOR)] + env("LDFLAGS")
             + ["-o", so] + objs + extra + ["-lpthread"])
        libs.append(so)
    return libs


def _wheel(wheel_directory, files, pure=True):
    """files: (path in the wheel, bytes). Returns the wheel's file name."""
    dist = "%s-%s.dist-info" % (NAME, _version())
    tag = "py3-none-any" if pure else _tag()
    files = list(files) + [
        (dist + "/METADATA", _metadata().encode("utf-8")),
        (dist + "/WHEEL", ("Wheel-Version: 1.0\nGenerator: dlx build_backend\n"
                           "Root-Is-Purelib: %s\nTag: %s\n"
                           % ("true" if pure else "false", tag)).encode()),
        (dist + "/top_level.txt", (NAME + "\n").encode()),
    ]
    name = "%s-%s-%s.whl" % (NAME, _version(), tag)
    record = [_record_line(p, d) for p, d in files] + [dist + "/RECORD,,"]
    with zipfile.ZipFile(os.path.join(wheel_directory, name), "w", zipfile.ZIP_DEFLATED) as z:
        for p, d in files:
            info = zipfile.ZipInfo(p, (2026, 1, 1, 0, 0, 0))
            if p.endswith(".so.%d" % MAJOR):
                info.external_attr = 0o755 << 16
            z.writestr(info, d)
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
    out = tempfile.mkdtemp(prefix="dlx-wheel-")
    try:
        for so in _build_libraries(out):
            with open(so, "rb") as f:
                files.append(("%s/%s" % (NAME, os.path.basename(so)), f.read()))
    finally:
        shutil.rmtree(out, ignore_errors=True)
    return _wheel(wheel_directory, files, pure=False)


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    return _wheel(wheel_directory, [("%s_editable.pth" % NAME, (HERE + "\n").encode())])


def build_sdist(sdist_directory, config_settings=None):
    base = "%s-%s" % (NAME, _version())
    name = base + ".tar.gz"
    with tarfile.open(os.path.join(sdist_directory, name), "w:gz") as t:
        for rel in ["pyproject.toml", "README.md", "build_backend.py"] + \
                [p for p, _ in _sources()]:
            t.add(os.path.join(HERE, rel), arcname="%s/%s" % (base, rel))
        # The C sources, so that the sdist builds its wheel on its own.
        root = _c_root()
        for d in C_DIRS:
            for src in sorted(glob.glob(os.path.join(root, d, "*.[ch]"))):
                t.add(src, arcname="%s/csrc/%s/%s" % (base, d, os.path.basename(src)))
        info = tarfile.TarInfo("%s/PKG-INFO" % base)
        data = _metadata().encode("utf-8")
        info.size = len(data)
        t.addfile(info, io.BytesIO(data))
    return name
