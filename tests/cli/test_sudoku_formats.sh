#!/bin/sh
# SPDX-License-Identifier: MIT
# test_sudoku_formats.sh - --format csv and --format json for the solving
# modes (solve, --count, --unique, --all; --rate and --generate have theirs
# in test_sudoku_rate.sh and test_sudoku_generate.sh): the header and
# columns of each, a record per answer in input order (per solution with
# --all), the status words of the plain output, the published solutions of
# tests/data/sudoku/known.solutions, bad puzzles as "invalid" records.
# Gets BIN and TESTS from tests/cli/run.sh.
S="$BIN/sudoku"
D="$TESTS/data/sudoku"
. "$TESTS/cli/common.sh"
T=$tmp

grep -v '^#' "$D/known.txt" > "$T/known"
wiki=$(sed -n 1p "$T/known")
wiki_sol=$(sed -n 1p "$D/known.solutions")
inkala_sol=$(sed -n 2p "$D/known.solutions")
{ cat "$T/known"; echo "12345"; echo "....7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"; } > "$T/mix"

# solve
"$S" --format csv "$T/known" > "$T/out" || fail "solve csv: status $?"
expect_eq "solve csv header" "$(head -1 "$T/out")" "file,line,puzzle,status,solution,nodes,microseconds"
expect_eq "solve csv row 1" "$(sed -n 2p "$T/out" | cut -d, -f2-5)" "1,$wiki,solved,$wiki_sol"
expect_eq "solve csv row 2" "$(sed -n 3p "$T/out" | cut -d, -f4,5)" "solved,$inkala_sol"
"$S" --format json "$T/mix" > "$T/out" 2> /dev/null
[ $? -eq 1 ] || fail "solve json with a bad puzzle: status not 1"
expect_eq "solve json: a line per puzzle" "$(wc -l < "$T/out" | tr -d ' ')" 4
sed -n 1p "$T/out" | grep -q "^{\"file\":\"[^\"]*mix\",\"line\":1,\"puzzle\":\"$wiki\",\"status\":\"solved\",\"solution\":\"$wiki_sol\",\"nodes\":[0-9]*,\"microseconds\":[0-9.]*}$" ||
    fail "solve json row: $(sed -n 1p "$T/out")"
sed -n 3p "$T/out" | grep -q '"line":3,"puzzle":null,"status":"invalid","solution":null' ||
    fail "solve json invalid: $(sed -n 3p "$T/out")"

# count and unique
"$S" --count --max 5 --format csv "$T/mix" > "$T/out" 2> /dev/null
expect_eq "count csv header" "$(head -1 "$T/out")" "file,line,puzzle,status,count,nodes,microseconds"
expect_eq "count csv statuses" "$(sed 1d "$T/out" | cut -d, -f4,5 | tr '\n' ' ')" \
    "counted,1 counted,1 invalid, counted,2 "
"$S" --count --max 2 --format csv -p "$(sed -n 4p "$T/mix")" > "$T/out"
expect_eq "count csv at the limit" "$(sed -n 2p "$T/out" | cut -d, -f4,5)" "limit,2"
"$S" --unique --format json "$T/mix" > "$T/out" 2> /dev/null
[ $? -eq 1 ] || fail "unique json: status not 1"
expect_eq "unique json statuses" "$(grep -o '"status":"[a-z]*","count":[0-9a-z]*' "$T/out" | tr '\n' ' ')" \
    '"status":"unique","count":1 "status":"unique","count":1 "status":"invalid","count":null "status":"multiple","count":2 '

# all: a record per solution (Wikipedia's puzzle without its first two
# givens has two)
"$S" --all --format csv -p "$(sed -n 4p "$T/mix")" > "$T/out"
expect_eq "all csv header" "$(head -1 "$T/out")" "file,line,puzzle,status,solution,count,nodes,microseconds"
expect_eq "all csv: two solutions" "$(sed 1d "$T/out" | wc -l | tr -d ' ')" 2
[ "$(sed 1d "$T/out" | cut -d, -f5 | sort -u | wc -l | tr -d ' ')" -eq 2 ] || fail "all csv: the same solution twice"
# written as they are found: the count is the solution's number, the nodes
# (known only at the end) empty
expect_eq "all csv: counts and nodes" "$(sed 1d "$T/out" | cut -d, -f6,7 | tr '\n' ' ')" "1, 2, "
"$S" --all --format json -p "$(sed -n 4p "$T/mix")" > "$T/out"
expect_eq "all json: counts and nodes" \
    "$(grep -o '"count":[0-9]*,"nodes":[a-z0-9]*' "$T/out" | tr '\n' ' ')" \
    '"count":1,"nodes":null "count":2,"nodes":null '
"$S" --all --format json -p "$wiki" > "$T/out"
expect_eq "all json" "$(grep -c "\"solution\":\"$wiki_sol\",\"count\":1" "$T/out")" 1

# a file name with a comma is quoted in CSV
cp "$T/known" "$T/a,b.txt"
"$S" --format csv "$T/a,b.txt" | sed -n 2p | grep -q '^".*a,b.txt",1,' || fail "csv quoting"

# the grid formats are unchanged, and a bad format names the good ones
"$S" --format=bogus "$T/known" > /dev/null 2> "$T/err"
[ $? -eq 2 ] && grep -q "expected line, grid, pretty, csv or json" "$T/err" || fail "bad --format: $(cat "$T/err")"
[ "$fails" -eq 0 ]
