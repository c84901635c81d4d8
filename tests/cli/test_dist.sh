#!/bin/sh
# SPDX-License-Identifier: MIT
# make dist, quickly (the whole `make check` of the tarball is `make
# distcheck`, run by CI): the tarball is named after the version, holds every
# file git tracks (or, outside a git checkout, every file but build/) under
# dlx-VERSION/, and builds outside the repository into programs that solve
# Knuth's paper example and the Wikipedia puzzle (its published solution).
if [ "${DLX_VALGRIND:-0}" = 1 ]; then
    echo "skipped under valgrind: packaging is not about memory"
    exit 0
fi
. "$TESTS/cli/common.sh"
VERSION=$(sed -n 's/^#define DLX_VERSION "\(.*\)"/\1/p' "$ROOT/dlx/dlx.h")
name=dlx-$VERSION

make -s --no-print-directory -C "$ROOT" dist BUILD="$tmp/b" > "$tmp/log" 2>&1 ||
    { cat "$tmp/log"; echo "FAIL: make dist"; exit 1; }
tarball="$tmp/b/$name.tar.gz"
[ -f "$tarball" ] || { echo "FAIL: make dist made no $tarball: $(cat "$tmp/log")"; exit 1; }
tar -tzf "$tarball" > "$tmp/list" || { echo "FAIL: $tarball is not a gzipped tar"; exit 1; }
grep -v "^$name/" "$tmp/list" > "$tmp/outside" && fail "entries outside $name/: $(head -3 "$tmp/outside")"
grep "^$name/build/" "$tmp/list" > "$tmp/built" && fail "build products in the tarball: $(head -3 "$tmp/built")"
grep -v '/$' "$tmp/list" | sed "s|^$name/||" | LC_ALL=C sort > "$tmp/files"
if command -v git > /dev/null 2>&1 && [ "$(git -C "$ROOT" rev-parse --show-toplevel 2>/dev/null)" = "$ROOT" ]; then
    git -C "$ROOT" ls-files | LC_ALL=C sort > "$tmp/tracked"
    cmp -s "$tmp/files" "$tmp/tracked" ||
        fail "the tarball is not the tracked files: $(diff "$tmp/tracked" "$tmp/files" | head -5)"
fi

# Outside the repository (no .git): build, solve, and make dist again.
tar -xzf "$tarball" -C "$tmp"
src="$tmp/$name"
# Just the two programs, unoptimised: the full build and its tests are make
# distcheck's (CI runs it).
make -s -j2 -C "$src" BUILD=build OPT=-O0 build/bin/dlx build/bin/sudoku > "$tmp/build.log" 2>&1 ||
    { tail -20 "$tmp/build.log"; echo "FAIL: the tarball does not build"; exit 1; }
out=$("$src/build/bin/dlx" -q "$src/docs/paper.dlx")
[ "$out" = "$(printf 'C E F\nA D\nB G')" ] || fail "the tarball's dlx on docs/paper.dlx: $out"
out=$("$src/build/bin/sudoku" "$src/tests/data/sudoku/known.txt")
[ "$out" = "$(cat "$ROOT/tests/data/sudoku/known.solutions")" ] || fail "the tarball's sudoku: $out"
rm -rf "$src/build"
make -s --no-print-directory -C "$src" dist BUILD="$tmp/b2" > "$tmp/log" 2>&1 ||
    { cat "$tmp/log"; fail "make dist from the unpacked tarball"; }
tar -tzf "$tmp/b2/$name.tar.gz" 2> /dev/null | grep -v '/$' | sed "s|^$name/||" | LC_ALL=C sort > "$tmp/files2"
cmp -s "$tmp/files" "$tmp/files2" ||
    fail "make dist outside git gives other files: $(diff "$tmp/files" "$tmp/files2" | head -5)"
[ "$fails" -eq 0 ]
