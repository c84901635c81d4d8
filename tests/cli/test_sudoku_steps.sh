#!/bin/sh
# SPDX-License-Identifier: MIT
# test_sudoku_steps.sh - `sudoku --explain`, the human-style steps. Every
# step of --explain=json is checked against the puzzle's solution (the
# published ones of tests/data/sudoku/known.solutions; for the technique
# puzzles of check_techniques.c, the solution the solver prints): a value
# placed is the solution's, a candidate removed is not. Then the words: a
# hidden single says which house, a guess comes only where no technique
# applies and says so (with --candidates, after the grid of candidates),
# a puzzle with two solutions gets a warning, each technique's wording.
# Gets BIN and TESTS from tests/cli/run.sh.
S="$BIN/sudoku"
D="$TESTS/data/sudoku"
. "$TESTS/cli/common.sh"
T=$tmp

# sound JSON SOLUTION: prints the number of placements, or "bad: ..."
sound() {
    awk -v sol="$2" '
    function at(cell,   rc) { split(substr(cell, 2), rc, "c"); return (rc[1] - 1) * 9 + rc[2] }
    /"type":"step"/ {
        line = $0
        if (match(line, /"place":\{"cell":"r[0-9]+c[0-9]+","digit":"[1-9]"\}/)) {
            p = substr(line, RSTART, RLENGTH)
            match(p, /r[0-9]+c[0-9]+/); cell = substr(p, RSTART, RLENGTH)
            match(p, /"digit":"[1-9]"/); d = substr(p, RSTART + 9, 1)
            if (substr(sol, at(cell), 1) != d) { print "bad: places " cell "=" d; exit }
            placed++
        }
        e = line; sub(/.*"eliminations":\[/, "", e); sub(/\],"text".*/, "", e)
        while (match(e, /"cell":"r[0-9]+c[0-9]+","digit":"[1-9]"/)) {
            q = substr(e, RSTART, RLENGTH); e = substr(e, RSTART + RLENGTH)
            match(q, /r[0-9]+c[0-9]+/); cell = substr(q, RSTART, RLENGTH)
            d = substr(q, length(q) - 1, 1)
            if (substr(sol, at(cell), 1) == d) { print "bad: removes " cell "<>" d; exit }
        }
    }
    END { print placed + 0 }' "$1"
}

grep -v '^#' "$D/known.txt" > "$T/known"
wiki=$(sed -n 1p "$T/known")
inkala=$(sed -n 2p "$T/known")
wiki_sol=$(sed -n 1p "$D/known.solutions")
inkala_sol=$(sed -n 2p "$D/known.solutions")

# Wikipedia's puzzle: 51 blanks, 51 placements, all sound, singles only
"$S" --explain=json -p "$wiki" > "$T/json" || fail "--explain=json: status $?"
[ "$(sound "$T/json" "$wiki_sol")" = 51 ] || fail "Wikipedia: $(sound "$T/json" "$wiki_sol")"
head -1 "$T/json" | grep -q '^{"type":"puzzle","puzzle":"53\.\.7.*","givens":30,"blanks":51,"solutions":1}$' ||
    fail "json first line: $(head -1 "$T/json")"
tail -1 "$T/json" | grep -q "^{\"type\":\"solved\",\"steps\":51,\"guesses\":0,.*\"solution\":\"$wiki_sol\"}$" ||
    fail "json last line: $(tail -1 "$T/json")"
grep '"type":"step"' "$T/json" | grep -v -q -e '"technique":"full-house"' -e '"technique":"hidden-single' \
    -e '"technique":"naked-single"' && fail "Wikipedia's puzzle: more than singles"
"$S" --explain -p "$wiki" > "$T/text" || fail "--explain: status $?"
grep -q -E '^ *[0-9]+\. r[1-9]c[1-9] = [1-9]: hidden single, the only place for [1-9] in (row|column|box) [1-9]$' \
    "$T/text" || fail "no hidden single line"
grep -q -E '^ *[0-9]+\. r[1-9]c[1-9] = [1-9]: full house, the last blank cell of (row|column|box) [1-9]$' \
    "$T/text" || fail "no full house line"
grep -q "^Solved in 51 steps, no guess; the hardest step rates 1.2 (see --rate).$" "$T/text" ||
    fail "summary: $(grep Solved "$T/text")"

# Inkala's puzzle: no guess (nested forcing chains), all sound
"$S" --explain=json -p "$inkala" > "$T/json" || fail "Inkala json: status $?"
case $(sound "$T/json" "$inkala_sol") in bad*) fail "Inkala: $(sound "$T/json" "$inkala_sol")" ;; esac
tail -1 "$T/json" | grep -q '"guesses":0,' || fail "Inkala: a guess: $(tail -1 "$T/json")"
# Wikipedia's puzzle less three givens has two solutions: guesses, each only
# where no technique applies, each after the candidates; all sound for the
# solution the guesses follow (the first found, which the solver prints)
two="....7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
two_sol=$("$S" -p "$two")
"$S" --explain=json -p "$two" > "$T/json" 2> /dev/null || fail "two solutions json: status $?"
case $(sound "$T/json" "$two_sol") in bad*) fail "two solutions: $(sound "$T/json" "$two_sol")" ;; esac
"$S" --explain --candidates -p "$two" > "$T/text" 2> /dev/null || fail "--candidates: status $?"
guesses=$(grep -c -E '^ *[0-9]+\. r[1-9]c[1-9] = [1-9]: guess - no technique applies; ' "$T/text")
[ "$guesses" -ge 1 ] || fail "two solutions: no guess"
[ "$(grep -c '^No technique applies here. Candidates:$' "$T/text")" -eq "$guesses" ] ||
    fail "a candidate grid before each guess"
awk '/^No technique applies here/ { want = 1; next } want && /^ *[0-9]+\. / { if ($0 !~ /guess/) bad = 1; want = 0 }
     END { exit bad }' "$T/text" || fail "a step other than a guess after 'no technique applies'"
# the grid: columns c1..c9 labelled, rows r1..r9, framed boxes
grep -q -E '^ +c1 +c2 +c3 +c4 +c5 +c6 +c7 +c8 +c9 *$' "$T/text" || fail "no column labels"
[ "$(grep -c -E '^r[1-9] \| .* \| .* \| .* \|$' "$T/text")" -ge 9 ] || fail "no labelled rows"
grep -q -E '^ +\+-+\+-+\+-+\+$' "$T/text" || fail "no box rule"
grep -q "^Solved in [0-9]* steps, $guesses of them" "$T/text" || fail "summary: $(grep Solved "$T/text")"

# the technique puzzles: each technique worded (_ for a space), every step
# sound; the chains' puzzles are from the benchmark's samples (Sudoku
# Explainer rates them as test_sudoku_rate.sh says)
while read -r id words puzzle; do
    words=$(echo "$words" | tr _ ' ')
    solution=$("$S" -p "$puzzle")
    "$S" --explain=json -p "$puzzle" > "$T/json"
    case $(sound "$T/json" "$solution") in bad*) fail "$id: $(sound "$T/json" "$solution")" ;; esac
    grep -q "\"technique\":\"$id\"" "$T/json" || fail "$id: not used"
    "$S" --explain -p "$puzzle" | grep -q -F "$words" || fail "$id: no '$words'"
done << 'EOF'
pointing pointing:_in_box .........6.....45...8.....7..4..728.96....57.1.......9...1.....5...2..484..89.6..
x-wing X-wing_on .....78..7...1........3...9.....34.7....56...614.8..5.4.....7...82...3....624..1.
naked-pair naked_pair_{ 72968..5.38..2.......43..2.2.......6.632..9..........1..13.......2....6...854..7.
hidden-pair can_only_go_in_these_cells 8.5..4..7........31....7.9....6.....9...732......9.6..3.18.............2.46.2..5.
xy-wing XY-wing:_pivot 9.......84.17.8..9....632............8...75.3.4.8........4..3.2.2.1...6.3.9......
xyz-wing one_of_the_three_is 41.....5...2.....77..2...36....1..2....6.3.....74.23.9.9856.27.....94.8....7.....
w-wing W-wing: ....9..28.....4.....1.......1..47.6...4...1....7.5.....2......7.95...8.....8.34.9
bug bivalue_universal_grave: ........1.......2...3.45........43...1.....5.6...7........8.......16...7.25......
forcing-chain forcing_chain_from 8.72......4....1.2.5.....9..1...39..4...5.6.8..56............2....37.......8.9..4
nishio nishio_from .....8.9.87....4.1..4...3...4..2..5.61...4..8................62...91......85.6..3
multiple-chain multiple_forcing_chain_from ...456....4.....2...8.1.5..81....9.3....7....6.2....18..1.6.3...3.....9....7.9...
dynamic-chain dynamic_forcing_chain_from ...46....568......3....1....3....96..956........7...4..8.94.3......7..2.1.....89.
dynamic-chain-plus dynamic_forcing_chain_(+)_from 7.....4...2..7..8...3..8..9...5..3...6..2..9...1..7..6...3..9...3..4..6...9..1..5
nested-forcing-chain (+_forcing_chains)_from_r 8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..
nested-multiple-chain with_the_chains_nested_in_it 98.7..6..5.4.3........94.5.3...2.....7.1..8..........2.9...6.8....9...16....7.9..
simple-colouring simple_colouring_on .27..6..1.1.......6...8....2.4..8......67....1......35......5.68..1....9....39...
unique-rectangle would_have_two_solutions .......3..6.4..17....83.......9....524.5.3....7....6...91..85..75.34........5.9..
EOF

# a puzzle with two solutions: a warning, and the steps still end in a solution
"$S" --explain -p "....7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79" \
    > "$T/text" 2> "$T/err" || fail "two solutions: status $?"
grep -q "warning: more than one solution" "$T/err" || fail "no warning for two solutions"
grep -q "^Warning: this puzzle has more than one solution.$" "$T/text" || fail "no warning line"
grep -q "^Solved in" "$T/text" || fail "two solutions: not solved"
# no solution, and clashing givens: errors, status 1
"$S" --explain -p "13..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79" \
    > /dev/null 2> "$T/err"
[ $? -eq 1 ] && grep -q "error: no solution" "$T/err" || fail "no solution: $(cat "$T/err")"
"$S" --explain -p "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79" \
    > /dev/null 2> "$T/err"
[ $? -eq 1 ] && grep -q "'5' appears twice in row 1" "$T/err" || fail "clash: $(cat "$T/err")"

# usage errors
for args in "--candidates" "--explain=json --candidates" "--explain --format csv" "--explain=steps" \
            "--explain=search --algorithm bitmask"; do
    "$S" $args < /dev/null > /dev/null 2>&1
    [ $? -eq 2 ] || fail "sudoku $args: not a usage error"
done
[ "$fails" -eq 0 ]
