#!/bin/sh
# SPDX-License-Identifier: MIT
# What the README and the man pages say of the programs, against the
# programs and the records they rest on (issue 26):
#  - README.md's speed tables are those bench/tables.sh writes from
#    bench/last-run.txt, the last full `make bench` recorded (never typed in);
#  - docs/sudoku.1 names the default solver --help names (band for the plain
#    9x9 grid), and libsudoku.pc's description as many solvers as
#    --algorithm offers;
#  - the README's --rate comment gives the scale's ends as docs/rating.md's
#    table of steps has them (the top as the collectors write it, 11+: the
#    estimate for a step beyond the chains, where their 11+ puzzles lie).
if [ "${DLX_VALGRIND:-0}" = 1 ]; then
    echo "skipped under valgrind: no program's memory is at stake here"
    exit 0
fi
. "$TESTS/cli/common.sh"

sh "$ROOT/bench/tables.sh" --check > "$tmp/tables" 2>&1 || fail "$(cat "$tmp/tables")"

"$BIN/sudoku" --help > "$tmp/help"
tr '\n' ' ' < "$tmp/help" | tr -s ' ' | grep -q -E 'band \(bit-parallel[^)]*the default there\)' ||
    fail "sudoku --help no longer says band is the 9x9 default: update this test and docs/sudoku.1"
tr '\n' ' ' < "$ROOT/docs/sudoku.1" | grep -q 'by default its first solution, found by the band solver' ||
    fail "docs/sudoku.1 does not name band as the default solver of the plain 9x9 grid"
algs=$(sed -n '/--algorithm=NAME/,/^  -j/p' "$tmp/help" | grep -o -E '\b(band|dlx|bitmask|backtrack)\b' | sort -u | wc -l)
words=$(echo "zero one two three four five six" | cut -d' ' -f$((algs + 1)))
grep -q "^Description: .*$words solvers" "$ROOT/sudoku/libsudoku.pc.in" ||
    fail "libsudoku.pc.in: its Description does not say $words solvers (--algorithm has $algs)"

lo=$(grep -E '^\| [0-9]+\.[0-9] \|' "$ROOT/docs/rating.md" | cut -d'|' -f2 | tr -d ' ' | sort -n | head -1)
# (the highest: the estimates' table, "| the step | estimate | ...", for the hardest)
hi=$(sed -n '/^| the step | estimate |/,/^$/p' "$ROOT/docs/rating.md" | awk -F'|' '{ print $3 }' |
    tr -d ' ' | grep -E '^[0-9]+\.[0-9]$' | sort -n | tail -1)
hi=${hi%.0}+
grep -q -F -- "--rate examples/puzzles.txt                   # Sudoku Explainer's scale, $lo ... $hi" \
    "$ROOT/README.md" || fail "README.md's --rate comment does not give the scale as $lo ... $hi (docs/rating.md)"
[ "$fails" -eq 0 ]
