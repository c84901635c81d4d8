#!/bin/sh
# SPDX-License-Identifier: MIT
# test_sudoku_rate.sh - `sudoku --rate`: what puzzles with a reputation get
# (tests/data/sudoku/known.txt: Wikipedia's example, solved by singles as the
# article shows, is easy; Arto Inkala's 2012 "world's hardest" needs
# trials here, so extreme), the technique puzzles of check_techniques.c rated at
# least as their technique, a batch with bad puzzles answered line by line,
# csv and json, the same answers on two threads. Gets BIN and TESTS from
# tests/cli/run.sh.
S="$BIN/sudoku"
D="$TESTS/data/sudoku"
. "$TESTS/cli/common.sh"
T=$tmp

grep -v '^#' "$D/known.txt" > "$T/known"
"$S" --rate "$T/known" > "$T/out" || fail "--rate known.txt: status $?"
line1=$(sed -n 1p "$T/out")
line2=$(sed -n 2p "$T/out")
case $line1 in
"1."[0-9]" easy: "*"full house"*) ;;
*) fail "Wikipedia's puzzle: $line1" ;;
esac
echo "$line1" | grep -q -e pointing -e pair -e wing -e guess && fail "Wikipedia's puzzle needs more than singles: $line1"
case $line2 in
[7-9].[0-9]" extreme (estimated; "*) ;;
1[0-9].[0-9]" extreme (estimated; "*) ;;
*) fail "Inkala's puzzle: $line2" ;;
esac

# puzzles where one technique is needed (check_techniques.c): the rating is
# at least that technique's, and the technique is among those used (those
# whose technique comes before any trial on the rating's path)
while read -r want rating puzzle; do
    out=$("$S" --rate -p "$puzzle")
    echo "$out" | grep -q -F "$want" || fail "$want puzzle: $out"
    awk -v s="${out%% *}" -v r="$rating" 'BEGIN { exit !(s >= r) }' || fail "$want puzzle rated ${out%% *}"
done << 'EOF'
X-wing 3.2 .....78..7...1........3...9.....34.7....56...614.8..5.4.....7...82...3....624..1.
XY-wing 4.2 9.......84.17.8..9....632............8...75.3.4.8........4..3.2.2.1...6.3.9......
unique 4.5 .......3..6.4..17....83.......9....524.5.3....7....6...91..85..75.34........5.9..
W-wing 6.6 3..94......5.....7..73.8.6.....3.......1.4..21.86.25.......6.....6....3.42....8..
EOF

# a batch: good, unreadable, no solution, two solutions, clashing: one
# answer each, in order; status 1
cat > "$T/batch" << 'EOF'
53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7
13..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
....7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
EOF
"$S" --rate "$T/batch" > "$T/out" 2> "$T/err"
[ $? -eq 1 ] || fail "a batch with bad puzzles: status not 1"
[ "$(sed -n '2,5p' "$T/out" | tr '\n' ' ')" = "invalid none multiple none " ] ||
    fail "batch answers: $(tr '\n' ' ' < "$T/out")"
grep -q "batch:2: error: wrong length" "$T/err" || fail "no message for the short line"
grep -q "batch:3: error: no solution" "$T/err" || fail "no message for no solution"
grep -q "batch:4: error: more than one solution" "$T/err" || fail "no message for two solutions"
grep -q "batch:5: error: '5' appears twice in row 1" "$T/err" || fail "no message for the clash"

# csv and json
"$S" --rate --format csv "$T/known" > "$T/csv" || fail "csv: status $?"
[ "$(head -1 "$T/csv")" = "file,line,puzzle,status,solution,score,level,estimated,hardest,steps,trials,guesses,techniques,microseconds" ] ||
    fail "csv header: $(head -1 "$T/csv")"
[ "$(sed -n 2p "$T/csv" | cut -d, -f4,7,8)" = "rated,easy,false" ] || fail "csv row: $(sed -n 2p "$T/csv")"
[ "$(sed -n 3p "$T/csv" | cut -d, -f7,8)" = "extreme,true" ] || fail "csv row 2: $(sed -n 3p "$T/csv")"
"$S" --rate --format json "$T/batch" > "$T/json" 2> /dev/null
[ "$(grep -c '"status":"rated","solution":"[1-9]\{81\}","score":' "$T/json")" -eq 1 ] ||
    fail "json: $(head -1 "$T/json")"
grep -q '"line":2,"puzzle":null,"status":"invalid"' "$T/json" || fail "json invalid: $(sed -n 2p "$T/json")"
[ "$(wc -l < "$T/json")" -eq 5 ] || fail "json: not a line per puzzle"

# threads do not change the answers
cat "$T/known" "$T/known" "$T/known" > "$T/six"
[ "$("$S" --rate "$T/six")" = "$("$S" --rate -j 2 "$T/six")" ] || fail "-j 2 changed the ratings"
[ "$fails" -eq 0 ]
