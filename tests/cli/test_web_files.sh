#!/bin/sh
# SPDX-License-Identifier: MIT
# The browser page's built-in problems (docs/web.md): web/make-problems.sh
# writes them from today's files and programs, and each one has the number of
# exact covers named below. web/dlx-wasm.js and web/problems.js are built by
# make web, not committed (the board's decision, docs/web.md "Built
# files"); the page itself is make check-web's test, which needs a wasm32
# toolchain and Chromium.
status=0
ROOT=$(cd "$TESTS/.." && pwd)
tmp=${TMPDIR:-/tmp}/test_web_files.$$
mkdir -p "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
sh "$ROOT/web/make-problems.sh" "$BIN" "$tmp/problems.js" "$tmp" || { echo "FAIL: make-problems.sh failed"; exit 1; }
# id, solutions, where the count comes from
while read -r id want why; do
    got=$("$BIN/dlx" --count "$tmp/$id" 2> /dev/null)
    [ "$got" = "$want" ] || { echo "FAIL: the page's problem $id has $got exact covers, not $want ($why)"; status=1; }
    grep -q "^  { id: \"$id\", title: \"[^\"]*\", text: \"" "$tmp/problems.js" ||
        { echo "FAIL: problems.js has no entry $id"; status=1; }
done <<'CASES'
paper 1 Knuth's paper: {A D} {B G} {C E F}
xcc 1 by hand: only p r x:A y with q x:A
queens4 2 the two 4-queens solutions (OEIS A000170)
sudoku4 1 web/sudoku4.txt's only grid (brute force over all 4x4 grids)
sudoku9 1 the one solution Wikipedia's "Sudoku" article shows (examples/puzzle.txt)
pent3x5 4 brute force over the three pieces' placements (one packing per symmetry of the box)
CASES
# A stale problems.js left in a working tree by an earlier make web is not an
# error here (make web rewrites it); it is said, so the page's reader knows.
if [ -f "$ROOT/web/problems.js" ] && ! cmp -s "$tmp/problems.js" "$ROOT/web/problems.js"; then
    echo "note: web/problems.js is older than its sources: make web rewrites it"
fi
exit $status
