#!/bin/sh
# SPDX-License-Identifier: MIT
# test_sudoku_generate.sh - `sudoku --generate`: every puzzle made here up
# to 9x9 is checked by count_solutions.awk (an independent counter written
# for the tests): exactly one solution; minimal when that is the promise
# (each given taken away alone leaves two solutions or more: by the awk
# counter up to 6x6, by the program's dancing-links --count for 9x9, as the
# generator proves uniqueness with another solver, band; the awk counter
# takes 8 s for one 9x9 there, and check_generate.c does it in C for every
# shape); symmetric when
# asked (the mirror cells worked out here); as many clues as asked; the
# level asked, as --rate then says; the same puzzles for the same seed,
# whatever -j; puzzle i again from --seed S+i; the errors.
# Gets BIN and TESTS from tests/cli/run.sh.
S="$BIN/sudoku"
C="$TESTS/cli/count_solutions.awk"
. "$TESTS/cli/common.sh"
T=$tmp

# count N BR BC [X]: the counts of the puzzles on stdin, one a line
count() {
    awk -v n="$1" -v br="$2" -v bc="$3" -v x="${4:-0}" -f "$C"
}
# all_unique FILE N BR BC [X]
all_unique() {
    bad=$(count "$2" "$3" "$4" "${5:-0}" < "$1" | grep -v -x -c 1)
    [ "$bad" -eq 0 ]
}
# minimal FILE N BR BC: each given of each puzzle, taken away, leaves >= 2
minimal() {
    awk '{ for (i = 1; i <= length($0); i++)
               if (substr($0, i, 1) != ".")
                   print substr($0, 1, i - 1) "." substr($0, i + 1) }' "$1" > "$T/less"
    [ -s "$T/less" ] || return 1
    ! count "$2" "$3" "$4" < "$T/less" | grep -q -x -e 0 -e 1
}
# symmetric FILE N SYM: the givens of each line sit where SYM says
symmetric() {
    awk -v n="$2" -v sym="$3" '{
        for (i = 0; i < n * n; i++) {
            r = int(i / n); c = i % n; m = n - 1
            if (sym == "rotational") j = (m - r) * n + m - c
            else if (sym == "mirror") j = r * n + m - c
            else if (sym == "flip") j = (m - r) * n + c
            else if (sym == "diagonal") j = c * n + r
            else if (sym == "rotate90") j = c * n + m - r
            if ((substr($0, i + 1, 1) == ".") != (substr($0, j + 1, 1) == ".")) exit 1
        }
    }' "$1"
}
givens() {
    awk '{ k = 0; for (i = 1; i <= length($0); i++) if (substr($0, i, 1) != ".") k++; print k }'
}

# 9x9: unique and minimal (the default), 81 symbols a line
"$S" --generate 3 > "$T/nine" || fail "--generate 3: status $?"
[ "$(wc -l < "$T/nine")" -eq 3 ] || fail "--generate 3 made $(wc -l < "$T/nine") lines"
[ "$(awk 'length($0) != 81' "$T/nine" | wc -l)" -eq 0 ] || fail "9x9 lines are not 81 long"
all_unique "$T/nine" 9 3 3 || fail "9x9: a puzzle is not unique"
awk '{ for (i = 1; i <= length($0); i++)
           if (substr($0, i, 1) != ".") print substr($0, 1, i - 1) "." substr($0, i + 1) }' \
    "$T/nine" > "$T/less"
"$S" --count --max 2 --algorithm dlx "$T/less" | grep -q -x -e 0 -e 1 &&
    fail "9x9: a given can go (not minimal)"

# small sizes, several each: unique and minimal
for shape in "4 2 2" "6 2 3"; do
    set -- $shape
    "$S" --generate 6 --size "$1" --seed 5 > "$T/small" || fail "--size $1: status $?"
    all_unique "$T/small" "$1" "$2" "$3" || fail "${1}x$1: a puzzle is not unique"
    minimal "$T/small" "$1" "$2" "$3" || fail "${1}x$1: a puzzle is not minimal"
done
# tall boxes, and X (the diagonals are houses)
"$S" --generate 3 --box 3x2 --seed 2 > "$T/tall" && all_unique "$T/tall" 6 3 2 ||
    fail "--box 3x2: not unique"
"$S" --generate 3 --size 6 --variant x > "$T/x" && all_unique "$T/x" 6 2 3 1 ||
    fail "--variant x: not unique"

# symmetry, with and without --minimal
for sym in rotational mirror diagonal rotate90; do
    "$S" --generate 2 --symmetry "$sym" --seed 3 > "$T/sym" || fail "--symmetry $sym: status $?"
    symmetric "$T/sym" 9 "$sym" || fail "--symmetry $sym: not symmetric"
    all_unique "$T/sym" 9 3 3 || fail "--symmetry $sym: not unique"
done
"$S" --generate 2 --size 6 --symmetry rotational --minimal > "$T/symmin" ||
    fail "--symmetry --minimal: status $?"
symmetric "$T/symmin" 6 rotational || fail "--symmetry rotational --minimal: not symmetric"
minimal "$T/symmin" 6 2 3 || fail "--symmetry rotational --minimal: not minimal"

# --clues: reached when it can be; the closest, with a note, when not
"$S" --generate 2 --clues 40 > "$T/forty" || fail "--clues 40: status $?"
[ "$(givens < "$T/forty" | sort -u)" = 40 ] || fail "--clues 40: $(givens < "$T/forty" | tr '\n' ' ')"
all_unique "$T/forty" 9 3 3 || fail "--clues 40: not unique"
"$S" --generate 1 --clues 17 --tries 3 > "$T/few" 2> "$T/err" || fail "--clues 17: status $?"
grep -q "clues (asked 17)" "$T/err" || fail "--clues 17: no note of what it reached"
[ "$(givens < "$T/few")" -gt 17 ] || fail "--clues 17 reached 17 in 3 tries?"

# the same seed, the same puzzles, on any number of threads; puzzle i from
# seed S+i
"$S" --generate 6 --seed 42 > "$T/a"
"$S" --generate 6 --seed 42 -j 2 > "$T/b"
cmp -s "$T/a" "$T/b" || fail "-j 2 changed the puzzles"
"$S" --generate 1 --seed 45 > "$T/c"
[ "$(sed -n 4p "$T/a")" = "$(cat "$T/c")" ] || fail "--seed 45 is not puzzle 4 of --seed 42"
"$S" --generate 6 --seed 43 > "$T/d"
cmp -s "$T/a" "$T/d" && fail "another seed, the same puzzles"

# a level: --rate agrees
for level in easy medium hard; do
    "$S" --generate 2 --difficulty "$level" --seed 9 > "$T/lv" || fail "--difficulty $level: status $?"
    got=$("$S" --rate "$T/lv" | awk '{ sub(/:$/, "", $2); print $2 }' | sort -u)
    [ "$got" = "$level" ] || fail "--difficulty $level: --rate says $got"
done
"$S" --generate 1 --rate-min 3.0 --rate-max 3.4 --seed 4 > "$T/rr" || fail "--rate-min/max: status $?"
score=$("$S" --rate "$T/rr" | awk '{ print $1 }')
awk -v s="$score" 'BEGIN { exit !(s >= 3.0 && s <= 3.4) }' || fail "--rate-min 3.0 --rate-max 3.4: rated $score"

# csv and json: the puzzle, its solution, its rating
"$S" --generate 2 --format csv --seed 8 > "$T/csv" || fail "--format csv: status $?"
[ "$(head -1 "$T/csv")" = "index,seed,puzzle,solution,clues,minimal,score,level,estimated,hardest,tries,microseconds" ] ||
    fail "csv header: $(head -1 "$T/csv")"
[ "$(wc -l < "$T/csv")" -eq 3 ] || fail "csv: not a header and 2 rows"
[ "$(sed -n 2p "$T/csv" | cut -d, -f1,2)" = "1,8" ] || fail "csv: index and seed"
sed -n 2p "$T/csv" | cut -d, -f3 > "$T/csvp"
[ "$(cat "$T/csvp")" = "$("$S" --generate 1 --seed 8)" ] || fail "csv: not the same puzzle as the line form"
"$S" --generate 2 --format json --seed 8 > "$T/json" || fail "--format json: status $?"
[ "$(grep -c '^{"index":[0-9]*,"seed":[0-9]*,"puzzle":"[1-9.]\{81\}","solution":"[1-9]\{81\}","clues":[0-9]*,"minimal":true,"score":[0-9.]*,"level":"[a-z]*",' "$T/json")" -eq 2 ] ||
    fail "json: $(head -1 "$T/json")"

# larger grids: 16x16 unique by the program's own --count (the awk counter
# is too slow there), 25x25 too
"$S" --generate 1 --size 16 --clues 160 > "$T/sixteen" || fail "--size 16: status $?"
[ "$("$S" --unique "$T/sixteen")" = unique ] || fail "16x16: not unique"
"$S" --generate 1 --size 25 --clues 450 > "$T/big" || fail "--size 25: status $?"
[ "$("$S" --unique "$T/big")" = unique ] || fail "25x25: not unique"

# errors: usage (2) with a message naming the option
for args in "--generate 0" "--generate x" "--generate 2 --size 7" "--generate 1 --size 3" \
            "--generate 1 --symmetry sideways" "--generate 1 --difficulty brutal" \
            "--generate 1 --rate-min 5 --rate-max 4" "--generate 1 --rate-min 0.5" \
            "--generate 1 --difficulty easy --rate-min 2" "--generate 1 --clues 82" \
            "--generate 1 --size 25 --minimal" "--generate 1 --seed -3" "--symmetry mirror" \
            "--clues 30" "--generate 1 --tries 0"; do
    "$S" $args < /dev/null > "$T/out" 2> "$T/err"
    st=$?
    [ "$st" -eq 2 ] || fail "sudoku $args: status $st, not 2"
    [ -s "$T/err" ] || fail "sudoku $args: no message"
    [ -s "$T/out" ] && fail "sudoku $args: wrote to stdout"
done
"$S" --generate 1 "$TESTS/data/sudoku/known.txt" > /dev/null 2> "$T/err"
[ $? -eq 2 ] && grep -q "reads no puzzles" "$T/err" || fail "--generate with a FILE"
# a rating that cannot be had within the tries: left out, status 1
"$S" --generate 2 --size 4 --difficulty extreme --tries 5 > "$T/out" 2> "$T/err"
[ $? -eq 1 ] || fail "impossible level: status not 1"
[ -s "$T/out" ] && fail "impossible level: a puzzle was written"
grep -q "none rated as asked in 5 tries" "$T/err" || fail "impossible level: $(head -1 "$T/err")"
# Ctrl-C: the puzzles made so far are written, each whole and unique; 130
if [ "${DLX_VALGRIND:-0}" != 1 ]; then
    "$S" --generate 1000000 --difficulty hard > "$T/int" 2> "$T/err" &
    pid=$!
    sleep 2
    kill -INT "$pid"
    wait "$pid"
    st=$?
    [ "$st" -eq 130 ] || fail "Ctrl-C: status $st, not 130"
    grep -q "interrupted (SIGINT) after [0-9]* answers" "$T/err" || fail "Ctrl-C: $(cat "$T/err")"
    [ "$(awk 'length($0) != 81' "$T/int" | wc -l)" -eq 0 ] || fail "Ctrl-C: a cut line"
    head -3 "$T/int" > "$T/int3"
    all_unique "$T/int3" 9 3 3 || fail "Ctrl-C: a puzzle not unique"
fi
# --stats says what was made and what it cost, not a solving run's words
# (solved, guesses: nothing was solved and the generator counts no guess);
# its clues a puzzle are those of the lines written.
"$S" --generate 3 --seed 5 --stats > "$T/made" 2> "$T/stats" || fail "--generate 3 --stats: status $?"
expect_eq "--generate --stats: first line" "$(sed -n 1p "$T/stats")" \
    "sudoku: 3 puzzles asked: 3 made, 0 not found in their tries"
clues=$(awk '{ n += gsub(/[1-9]/, "") } END { printf "%.1f", n / NR }' "$T/made")
sed -n 2p "$T/stats" | grep -q -E "^sudoku: [0-9.]+ s \(writing included\), [0-9]+ us a puzzle, [0-9]+ tries \([0-9.]+ a puzzle\), $clues clues a puzzle made, 1 thread$" ||
    fail "--generate --stats: second line (clues $clues): $(sed -n 2p "$T/stats")"
grep -q -E "solved|guesses" "$T/stats" && fail "--generate --stats: a solving run's words: $(cat "$T/stats")"
[ "$fails" -eq 0 ]
