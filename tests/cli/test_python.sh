#!/bin/sh
# SPDX-License-Identifier: MIT
# The Python binding (python/, docs/python.md): its unit tests and the
# examples of its pages (python3 -m unittest, over this build's shared
# libraries), then `pip install ./python` into a fresh venv, from which it
# must import, find its own libraries and pass them again, outside the
# repository.
# Skipped, with the command to run, when python3 is missing; skipped for the
# sanitizer builds, whose libraries a plain python3 cannot load.
if [ "${DLX_VALGRIND:-0}" = 1 ]; then
    echo "skipped under valgrind: python3 itself is not what memcheck is for"
    exit 0
fi
if ! command -v python3 > /dev/null 2>&1; then
    echo "skipped: python3 is missing; install it with: sudo apt-get install -y python3"
    exit 0
fi
ROOT=$(cd "$TESTS/.." && pwd)
LIB=$(cd "$(dirname "$BIN")/lib" && pwd)
if nm "$LIB/libdlx.a" 2>/dev/null | grep -q -E "__asan|__tsan|__ubsan"; then
    echo "skipped for a sanitizer build: python3 cannot load its libraries (the plain builds test the binding)"
    exit 0
fi
. "$TESTS/cli/common.sh"
# No __pycache__ in the source tree, no user site, this build's libraries.
PYTHONDONTWRITEBYTECODE=1 PYTHONNOUSERSITE=1 DLX_LIBDIR=$LIB
export PYTHONDONTWRITEBYTECODE PYTHONNOUSERSITE DLX_LIBDIR

(cd "$ROOT/python" && python3 -W error -m unittest discover -s tests -v) > "$tmp/unit" 2>&1 ||
    { cat "$tmp/unit"; fail "python3 -m unittest (python/tests)"; }
grep -q -E '^Ran ([3-9][0-9]|[1-9][0-9]{2,}) tests' "$tmp/unit" ||
    fail "fewer than 30 Python tests ran: $(grep '^Ran' "$tmp/unit")"

# pip install ./python in a fresh venv, as docs/python.md says (Debian 12's
# python refuses pip outside one): the package's build backend compiles
# libdlx and libsudoku into the wheel, so the package then works from
# anywhere with no DLX_LIBDIR and no make install; the docs' examples and
# the unit tests pass against it. (pip needs no network: the backend is
# the standard library, pyproject.toml requires nothing.)
if python3 -m venv "$tmp/venv" > "$tmp/venv.log" 2>&1 && [ -x "$tmp/venv/bin/pip" ]; then
    unset DLX_LIBDIR
    (cd "$tmp" && PIP_DISABLE_PIP_VERSION_CHECK=1 "$tmp/venv/bin/pip" install "$ROOT/python") \
        > "$tmp/pip" 2>&1 || { cat "$tmp/pip"; fail "pip install ./python in a fresh venv"; }
    out=$(cd "$tmp" && "$tmp/venv/bin/python" -c '
import dlx, dlx.sudoku, dlx._lib, sys
assert dlx.__file__.startswith(sys.argv[1]), dlx.__file__
print(dlx.Problem("a b c", ["a b", "b c", "c", "a"]).count(),
      dlx.sudoku.solve("1..." "..1." "...." "....", box=(2, 2)) is not None,
      dlx._lib.libdlx()._name.startswith(sys.argv[1]),
      dlx._lib.libsudoku()._name.startswith(sys.argv[1]))' "$tmp/venv/" 2>&1)
    [ "$out" = "2 True True True" ] ||
        fail "the pip-installed package (2 True and its own libdlx, libsudoku expected): $out"
    (cd "$tmp" && "$tmp/venv/bin/python" -W error -m unittest discover -s "$ROOT/python/tests") \
        > "$tmp/unit" 2>&1 || { cat "$tmp/unit"; fail "python/tests against the pip-installed package"; }
    grep -q -E '^Ran ([3-9][0-9]|[1-9][0-9]{2,}) tests' "$tmp/unit" ||
        fail "fewer than 30 Python tests ran against the pip-installed package: $(grep '^Ran' "$tmp/unit")"
    [ -d "$ROOT/python/build" ] && fail "pip left python/build in the source tree"
    # The sdist carries the C sources, so it builds its wheel on its own.
    (cd "$ROOT/python" && python3 -c 'import build_backend, sys; print(build_backend.build_sdist(sys.argv[1]))' \
        "$tmp") > "$tmp/sdist" 2>&1 || { cat "$tmp/sdist"; fail "build_sdist"; }
    tar -tzf "$tmp/$(tail -1 "$tmp/sdist")" > "$tmp/sdist.list" 2>&1 || fail "the sdist: $(cat "$tmp/sdist.list")"
    for f in csrc/dlx/dlx.h csrc/dlx/search.c csrc/sudoku/sudoku.h csrc/sudoku/solver.c build_backend.py; do
        grep -q "^dlx-[0-9.]*/$f$" "$tmp/sdist.list" || fail "the sdist does not hold $f"
    done
else
    echo "python3 -m venv is missing (sudo apt-get install -y python3-venv): pip install ./python in a venv not tested"
fi
[ "$fails" -eq 0 ]
