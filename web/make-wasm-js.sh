#!/bin/sh
# SPDX-License-Identifier: MIT
# make-wasm-js.sh WASM OUT SOURCE... - writes web/dlx-wasm.js: the engine
# built for WebAssembly as a base64 string that a script tag loads (so that
# the page works opened from a clone, file://, where a browser fetches
# nothing), and a digest of the sources it was built from (the page is
# built, never committed: docs/web.md).
set -eu
wasm=$1
out=$2
shift 2
digest=$(cat "$@" | sha256sum | cut -c 1-16)
{
    echo "// SPDX-License-Identifier: MIT"
    echo "// dlx-wasm.js - libdlx and the dlx command's JSON trace compiled to WebAssembly"
    echo "// (web/dlxweb.c; make web writes this file: do not edit). $(wc -c < "$wasm" | tr -d ' ') bytes."
    echo "var DLX_WASM_SOURCES = \"$digest\";"
    printf 'var DLX_WASM = "'
    base64 -w 0 "$wasm"
    echo '";'
} > "$out.tmp"
mv "$out.tmp" "$out"
