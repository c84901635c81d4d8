#!/bin/sh
# SPDX-License-Identifier: MIT
# The browser page's committed files (docs/web.md): web/problems.js is what
# web/make-problems.sh writes from today's files and programs, and
# web/dlx-wasm.js holds a WebAssembly module (the magic bytes \0asm, version
# 1) and the digest of its sources. Rebuilding the module needs a wasm32
# toolchain, so that is make web's job (and make check-web's test), not
# this one's.
status=0
ROOT=$(cd "$TESTS/.." && pwd)
# A source tree without them (the Debian source package leaves the page's
# generated files out: packaging/debian/copyright, Files-Excluded) has
# nothing here to check.
if [ ! -e "$ROOT/web/dlx-wasm.js" ] && [ ! -e "$ROOT/web/problems.js" ]; then
    echo "skipped: web/dlx-wasm.js and web/problems.js are not in this tree (a repacked source)"
    exit 0
fi
tmp=${TMPDIR:-/tmp}/test_web_files.$$
trap 'rm -f "$tmp"' EXIT
sh "$ROOT/web/make-problems.sh" "$BIN" "$tmp" || { echo "FAIL: make-problems.sh failed"; exit 1; }
if ! cmp -s "$tmp" "$ROOT/web/problems.js"; then
    echo "FAIL: web/problems.js is stale; regenerate it with: sh web/make-problems.sh build/bin web/problems.js"
    diff "$ROOT/web/problems.js" "$tmp" | head -10
    status=1
fi
grep -q '^var DLX_WASM_SOURCES = "[0-9a-f]\{16\}";$' "$ROOT/web/dlx-wasm.js" ||
    { echo "FAIL: web/dlx-wasm.js has no source digest"; status=1; }
head=$(sed -n 's/^var DLX_WASM = "\(.\{8\}\).*/\1/p' "$ROOT/web/dlx-wasm.js")
[ "$head" = "AGFzbQEA" ] || { echo "FAIL: web/dlx-wasm.js does not hold a WebAssembly module ($head)"; status=1; }
exit $status
