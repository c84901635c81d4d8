#!/bin/sh
# SPDX-License-Identifier: MIT
# Makes sure clang can link libFuzzer (-fsanitize=fuzzer). Debian ships the
# runtime apart from the compiler: clang-N needs libclang-rt-N-dev. As root
# with apt-get it installs that package (not with DLX_AUTO_INSTALL=no, nor
# inside a package build: tests/may-install.sh); otherwise it prints the
# exact command and fails. Usage: ensure-libfuzzer.sh [CC] (default clang).
. "$(dirname "$0")/../may-install.sh"
CC=${1:-clang}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
printf '%s\n' '#include <stddef.h>' '#include <stdint.h>' \
    'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);' \
    'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }' \
    > "$tmp/t.c"
works() {
    "$CC" -fsanitize=fuzzer,address,undefined "$tmp/t.c" -o "$tmp/t" >/dev/null 2>&1
}
if ! command -v "$CC" >/dev/null 2>&1; then
    echo "ensure-libfuzzer: $CC not found; install clang (apt-get install -y clang) or pass FUZZ_CC=..." >&2
    exit 1
fi
works && exit 0
major=$("$CC" --version 2>/dev/null | sed -n 's/.*clang version \([0-9][0-9]*\).*/\1/p' | head -n 1)
pkg=libclang-rt-${major:-14}-dev
if may_install ensure-libfuzzer; then
    echo "ensure-libfuzzer: installing the libFuzzer runtime: apt-get install -y $pkg" >&2
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$pkg"; } >&2 || {
        echo "ensure-libfuzzer: apt-get failed; run: apt-get update && apt-get install -y $pkg" >&2
        exit 1
    }
    works && exit 0
fi
echo "ensure-libfuzzer: $CC cannot link -fsanitize=fuzzer (the libFuzzer runtime is missing)." >&2
echo "ensure-libfuzzer: install it with: sudo apt-get update && sudo apt-get install -y $pkg" >&2
exit 1
