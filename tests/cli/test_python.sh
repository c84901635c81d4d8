#!/bin/sh
# SPDX-License-Identifier: MIT
# The Python binding (python/, docs/python.md): its unit tests and the
# examples of its pages (python3 -m unittest, over this build's shared
# libraries), then `pip install --no-index` of the package into a scratch
# folder, from which it must import and solve outside the repository.
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

# pip, without network, into a scratch folder; then used from elsewhere.
if python3 -m pip --version > /dev/null 2>&1; then
    python3 -m pip install --quiet --no-index --no-deps --disable-pip-version-check \
        --target "$tmp/site" "$ROOT/python" > "$tmp/pip" 2>&1 ||
        { cat "$tmp/pip"; fail "pip install --no-index ./python"; }
    out=$(cd "$tmp" && PYTHONPATH="$tmp/site" python3 -c '
import dlx, dlx.sudoku, os, sys
assert dlx.__file__.startswith(sys.argv[1]), dlx.__file__
print(dlx.Problem("a b c", ["a b", "b c", "c", "a"]).count(),
      dlx.sudoku.solve("1..." "..1." "...." "....", box=(2, 2)) is not None)' "$tmp/site" 2>&1)
    [ "$out" = "2 True" ] || fail "the pip-installed package: $out"
    [ -d "$ROOT/python/build" ] && fail "pip left python/build in the source tree"
else
    echo "pip is missing (sudo apt-get install -y python3-pip): pip install ./python not tested"
fi
[ "$fails" -eq 0 ]
