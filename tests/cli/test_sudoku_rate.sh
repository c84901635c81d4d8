#!/bin/sh
# SPDX-License-Identifier: MIT
# test_sudoku_rate.sh - `sudoku --rate`: what puzzles with a reputation get
# (tests/data/sudoku/known.txt: Wikipedia's example, solved by singles as the
# article shows, is easy; Arto Inkala's 2012 "world's hardest" needs nested
# forcing chains, 10.7 as Sudoku Explainer rates it, extreme), puzzles
# Sudoku Explainer rated, rated the same, a batch with bad puzzles answered line by line,
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
"10.7 extreme: "*"dynamic forcing chain (+ forcing chains)") ;;
*) fail "Inkala's puzzle: $line2" ;;
esac

# Sudoku Explainer's own ratings: serate (SukakuExplainer 362854e, built
# from its sources, run with SE 1.2.1's techniques by bench/compare-se.sh's
# settings) rated each puzzle below on 2026-12-02 as written in the first
# column; ours must be the same, its hardest step the technique named
# second, and the path must use the third (- for none named). The puzzles:
# check_techniques.c's X-wing, XY-wing and unique rectangle puzzles and its
# W-wing one (which Sudoku Explainer solves with a BUG type 4), and puzzles
# of the benchmark's samples of 17-clue, top1465 and our generator, one for
# each kind of step serate named hardest (BUG type 2, turbot fish, forcing
# chains, Nishio, region and cell forcing chains, dynamic ones, aligned
# triplet and pair exclusions on the way, and a unique loop of 6 cells,
# type 2, on the way to a turbot fish); and, rated on 2026-12-07, Inkala's
# puzzle (known.txt) and one of the 11+ collection (line 35,945), for the
# nested forcing chains. Under valgrind (make memcheck) the
# puzzles rated 8 or more are left to the other builds: their dynamic chains
# take minutes there, and the same code runs on the easier ones.
while read -r want hardest uses puzzle; do
    if [ -n "${DLX_VALGRIND:-}" ] && [ "${want%%.*}" -ge 8 ]; then
        continue
    fi
    out=$("$S" --rate --format csv -p "$puzzle" | sed -n 2p)
    score=$(echo "$out" | cut -d, -f6)
    tech=$(echo "$out" | cut -d, -f9)
    [ "$score" = "$want" ] || fail "$puzzle: rated $score, Sudoku Explainer $want"
    [ "$tech" = "$hardest" ] || fail "$puzzle: hardest step $tech, not $hardest"
    [ "$uses" = - ] || echo "$out" | cut -d, -f13 | grep -q "$uses:" || fail "$puzzle: no $uses"
done << 'EOF'
7.2 forcing-chain - .....78..7...1........3...9.....34.7....56...614.8..5.4.....7...82...3....624..1.
7.2 forcing-chain xy-wing 9.......84.17.8..9....632............8...75.3.4.8........4..3.2.2.1...6.3.9......
4.5 unique-rectangle - .......3..6.4..17....83.......9....524.5.3....7....6...91..85..75.34........5.9..
5.7 bug unique-rectangle 3..94......5.....7..73.8.6.....3.......1.4..21.86.25.......6.....6....3.42....8..
5.7 bug - ........1.......2...3.45........43...1.....5.6...7........8.......16...7.25......
6.6 forcing-chain unique-rectangle ........1.....2....34.5..6.......3...6.....4.7....8.......3.9..2.......88..4.....
3.0 naked-pair - ..............1..2.34....5........3..6.....471...89.........8....84.....2..7.....
6.6 forcing-chain - ................12..3.45...............1.2.3...5..6..7...83.4...1.......26.......
9.0 dynamic-chain aligned-pair 8.72......4....1.2.5.....9..1...39..4...5.6.8..56............2....37.......8.9..4
7.6 nishio aligned-triple .....8.9.87....4.1..4...3...4..2..5.61...4..8................62...91......85.6..3
8.2 multiple-chain - ...456....4.....2...8.1.5..81....9.3....7....6.2....18..1.6.3...3.....9....7.9...
8.8 dynamic-chain - ...46....568......3....1....3....96..956........7...4..8.94.3......7..2.1.....89.
9.0 dynamic-chain - 4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........
9.5 dynamic-chain - 7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........
9.8 dynamic-chain-plus - 7.....4...2..7..8...3..8..9...5..3...6..2..9...1..7..6...3..9...3..4..6...9..1..5
10.7 nested-forcing-chain dynamic-chain-plus 8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..
11.1 nested-multiple-chain nested-forcing-chain 98.7..6..5.4.3........94.5.3...2.....7.1..8..........2.9...6.8....9...16....7.9..
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
[ "$(sed -n 3p "$T/csv" | cut -d, -f7,8)" = "extreme,false" ] || fail "csv row 2: $(sed -n 3p "$T/csv")"
"$S" --rate --format json "$T/batch" > "$T/json" 2> /dev/null
[ "$(grep -c '"status":"rated","solution":"[1-9]\{81\}","score":' "$T/json")" -eq 1 ] ||
    fail "json: $(head -1 "$T/json")"
grep -q '"line":2,"puzzle":null,"status":"invalid"' "$T/json" || fail "json invalid: $(sed -n 2p "$T/json")"
[ "$(wc -l < "$T/json")" -eq 5 ] || fail "json: not a line per puzzle"

# threads do not change the answers
cat "$T/known" "$T/known" "$T/known" > "$T/six"
[ -n "${DLX_VALGRIND:-}" ] && cp "$T/known" "$T/six" # (two puzzles are enough there)
[ "$("$S" --rate "$T/six")" = "$("$S" --rate -j 2 "$T/six")" ] || fail "-j 2 changed the ratings"
[ "$fails" -eq 0 ]
