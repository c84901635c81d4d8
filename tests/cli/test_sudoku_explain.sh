#!/bin/sh
# SPDX-License-Identifier: MIT
# test_sudoku_explain.sh - `sudoku --explain=search` (issue 5), the engine's
# own search in words: on a puzzle that needs no guess it uses only forced
# steps; on one that needs guesses it says so, backs up from dead ends, and
# ends with the published solution. (The human-style --explain is
# test_sudoku_steps.sh.)
S="$BIN/sudoku"
D="$TESTS/data/sudoku"
. "$TESTS/cli/common.sh"
# digits of the last pretty grid printed
last_grid() {
    tail -13 | tr -cd '0-9\n' | tr -d '\n'
}

# Wikipedia's puzzle: singles all the way.
out=$(grep -v "^#" "$D/known.txt" | head -1 | "$S" --explain=search) || fail "explain status $?"
echo "$out" | grep -q "^ *guess r" && fail "a puzzle solved by singles shows a guess"
echo "$out" | grep -q "^No guess was needed: every step was forced.$" || fail "no 'No guess' line"
echo "$out" | grep -q "^r[1-9]c[1-9] must be [1-9]: the only candidate left in the cell$" ||
    fail "no forced cell step"
steps=$(echo "$out" | grep -c -e "must be" -e "has only one place for")
[ "$steps" -eq 51 ] || fail "51 blanks, 51 forced steps: got $steps"
echo "$out" | grep -q "^Solved: 51 forced steps, 0 guesses, 0 dead ends.$" || fail "summary"
[ "$(echo "$out" | last_grid)" = "$(head -1 "$D/known.solutions")" ] || fail "Wikipedia solution"

# Inkala's puzzle needs guesses: guesses, dead ends, alternatives, the solution.
out=$(tail -1 "$D/known.txt" | "$S" --explain=search --candidates) || fail "explain status $?"
echo "$out" | grep -q "^guess r[1-9]c[1-9] = [1-9] (1 of [2-9] candidates:" || fail "no guess line"
echo "$out" | grep -q "no candidate left for r[1-9]c[1-9]: back up\|no place left for" ||
    fail "no dead end"
echo "$out" | grep -q "that failed; try r[1-9]c[1-9] = [1-9] (2 of" || fail "no second try"
echo "$out" | grep -q "^ *candidates before this guess:" || fail "--candidates shows nothing"
echo "$out" | grep -q "^Solved: [0-9]* forced steps, [1-9][0-9]* guess" || fail "summary"
[ "$(echo "$out" | last_grid)" = "$(tail -1 "$D/known.solutions")" ] || fail "Inkala solution"

# with another algorithm: a usage error (the default, band for 9x9, gives way:
# --explain=search always follows the dancing-links engine)
for alg in bitmask band; do
    "$S" --explain=search --algorithm "$alg" < /dev/null > /dev/null 2>&1
    [ $? -eq 2 ] || fail "--explain=search --algorithm $alg is a usage error"
done
[ "$fails" -eq 0 ]
