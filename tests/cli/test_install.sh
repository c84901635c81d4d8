#!/bin/sh
# SPDX-License-Identifier: MIT
# make install into a scratch DESTDIR: the headers, both libraries, the
# pkg-config file, the programs and the man pages land where PREFIX says,
# and a program using the library (the README's example) builds with the
# installed pkg-config flags and finds the one solution of Knuth's paper.
if [ "${DLX_VALGRIND:-0}" = 1 ]; then
    echo "skipped under valgrind: installing is not about memory, and \$BIN holds wrappers"
    exit 0
fi
ROOT=$(cd "$TESTS/.." && pwd)
BUILD=$(dirname "$BIN")
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

make -s -C "$ROOT" install BUILD="$BUILD" PREFIX=/opt/dlx DESTDIR="$tmp/root" \
    >"$tmp/log" 2>&1 || { cat "$tmp/log"; fail "make install failed"; exit 1; }
P="$tmp/root/opt/dlx"
for f in include/dlx.h include/dlx_text.h lib/libdlx.a lib/libdlx.so lib/libdlx.so.1 \
    lib/pkgconfig/libdlx.pc bin/dlx bin/sudoku share/man/man1/dlx.1; do
    [ -e "$P/$f" ] || fail "not installed: $f"
done
for m in "$ROOT"/docs/*.1; do
    [ -e "$P/share/man/man1/$(basename "$m")" ] || fail "man page not installed: $(basename "$m")"
done
grep -q '^prefix=/opt/dlx$' "$P/lib/pkgconfig/libdlx.pc" || fail "libdlx.pc: wrong prefix"

# Build the README's library example against the installed files (not for
# a sanitizer build, whose library needs the sanitizer runtime to link).
if command -v pkg-config >/dev/null 2>&1 && ! nm "$P/lib/libdlx.a" 2>/dev/null | grep -q -E "__asan|__tsan"; then
    awk '/^```c/ { f = 1; next } /^```/ { f = 0 } f' "$ROOT/README.md" >"$tmp/example.c"
    flags=$(PKG_CONFIG_SYSROOT_DIR="$tmp/root" PKG_CONFIG_PATH="$P/lib/pkgconfig" \
        pkg-config --cflags --libs libdlx)
    ${CC:-cc} -std=c11 -o "$tmp/example" "$tmp/example.c" $flags >"$tmp/cc.log" 2>&1 ||
        { cat "$tmp/cc.log"; fail "the README example does not build against the installed library"; }
    if [ -x "$tmp/example" ]; then
        out=$(LD_LIBRARY_PATH="$P/lib" "$tmp/example") # the shared library
        [ "$out" = "option 3, option 0, option 4" ] || fail "README example printed: $out"
    fi
fi
[ "$fails" -eq 0 ]
