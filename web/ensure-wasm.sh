#!/bin/sh
# SPDX-License-Identifier: MIT
# ensure-wasm.sh CC - makes sure CC can build for wasm32-wasi: Debian's
# wasi-libc and the compiler's WebAssembly runtime (libclang-rt-N-dev-wasm32,
# N clang's major version). Installs them with apt-get when running as
# root (not with DLX_AUTO_INSTALL=no, nor inside a package build:
# tests/may-install.sh); otherwise prints the command and fails.
. "$(dirname "$0")/../tests/may-install.sh"
cc=${1:-clang}
probe=${TMPDIR:-/tmp}/ensure-wasm.$$
trap 'rm -f "$probe.c" "$probe.wasm"' EXIT
printf '#include <stdio.h>\n__attribute__((export_name("f"))) int f(void) { return (int)sizeof(FILE *); }\n' > "$probe.c"
works() { "$cc" --target=wasm32-wasi -mexec-model=reactor -o "$probe.wasm" "$probe.c" > /dev/null 2>&1; }
works && exit 0
major=$("$cc" --version 2>/dev/null | sed -n 's/.*clang version \([0-9]*\).*/\1/p' | head -n 1)
pkgs="wasi-libc libclang-rt-${major:-14}-dev-wasm32 lld"
if ! command -v "$cc" > /dev/null 2>&1; then
    pkgs="clang $pkgs"
fi
if may_install "make web"; then
    echo "make web: installing $pkgs"
    apt-get update > /dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y $pkgs > /dev/null || exit 1
    works && exit 0
fi
echo "make web needs $cc able to build for wasm32-wasi; install it with:"
echo "  sudo apt-get install $pkgs"
exit 1
