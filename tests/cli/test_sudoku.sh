#!/bin/sh
# SPDX-License-Identifier: MIT
# test_sudoku.sh - the `sudoku` command end to end: known puzzles against
# their published solutions, counts against known or independent counts,
# 16x16 and 25x25 made from a valid grid, every layout, every error message
# with its exit status, a batch mixing good and bad puzzles, -j, variants.
# Gets BIN and TESTS from tests/cli/run.sh.
S="$BIN/sudoku"
D="$TESTS/data/sudoku"
. "$TESTS/cli/common.sh"
T=$tmp

# Checks that a solution (one line of N*N symbols) is a valid grid keeping
# the givens of the puzzle (one line): rows, columns and BR x BC boxes.
# valid N BR BC PUZZLE SOLUTION ALPHABET
valid() {
    awk -v n="$1" -v br="$2" -v bc="$3" -v p="$4" -v s="$5" -v a="$6" 'BEGIN {
        if (length(s) != n * n) { print "length " length(s); exit 1 }
        for (i = 0; i < n * n; i++) {
            ch = substr(s, i + 1, 1); g = substr(p, i + 1, 1)
            v = index(substr(a, 1, n), ch)
            if (v == 0) { print "bad symbol " ch; exit 1 }
            if (g != "." && g != ch) { print "given changed at " i; exit 1 }
            r = int(i / n); c = i % n; b = int(r / br) * (n / bc) + int(c / bc)
            if (row[r, v]++ || col[c, v]++ || box[b, v]++) { print "repeat at " i; exit 1 }
        }
    }'
}

# --- known puzzles, published solutions --------------------------------------
out=$("$S" "$D/known.txt")
expect_eq "known puzzles (Wikipedia, Inkala 2012)" "$out" "$(cat "$D/known.solutions")"
for alg in band dlx bitmask backtrack; do
    out=$("$S" --algorithm "$alg" "$D/known.txt")
    expect_eq "known puzzles with --algorithm $alg" "$out" "$(cat "$D/known.solutions")"
done
out=$("$S" --unique "$D/known.txt"); st=$?
expect_eq "--unique on known puzzles" "$out" "unique
unique"
expect_eq "--unique exit status" "$st" 0

# A grid in, the solved grid out: nine lines of nine symbols, nothing else.
out=$("$S" "$D/wiki_grid.txt")
want=$(head -1 "$D/known.solutions" | fold -w 9)
expect_eq "grid in, grid out" "$out" "$want"
# CRLF and a byte-order mark change nothing
printf '\357\273\277' > "$T/crlf.txt"
sed 's/$/\r/' "$D/wiki_grid.txt" >> "$T/crlf.txt"
out=$("$S" "$T/crlf.txt")
expect_eq "CRLF grid with BOM" "$out" "$want"
# standard input, --format line and pretty
out=$("$S" --format line < "$D/wiki_grid.txt")
expect_eq "stdin, --format line" "$out" "$(head -1 "$D/known.solutions")"
out=$("$S" -f pretty "$D/wiki_grid.txt" | sed -n '1p;2p;13p')
expect_eq "--format pretty" "$out" "+-------+-------+-------+
| 5 3 4 | 6 7 8 | 9 1 2 |
+-------+-------+-------+"

# --- counts -----------------------------------------------------------------------
# 288 4x4 sudoku grids (OEIS A107739); with the first row given, 288 / 4! = 12.
out=$(printf '................\n1234............\n' | "$S" --count)
expect_eq "4x4 counts 288 and 12" "$out" "288
12"
# 6x6 (2x3 boxes): 28,200,960 grids (OEIS A107739) / 6! = 39,168 with row 1 given.
out=$(printf '123456..............................\n' | "$S" --count)
expect_eq "6x6 with its first row given" "$out" "39168"
# Several solutions: the Wikipedia puzzle with givens removed, counted by
# every algorithm (the default is band, for 9x9): they must agree, the
# textbook backtracker being an independent method.
cat > "$T/multi.txt" <<'EOF'
53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5.........
53..7....6..195....98....6.8...6...34..8.3..1....2...6.6....28....4.9..5.........
5...7....6..195....98....6.8...6...34..8.3..1....2...6.6....28....4.9..5.........
EOF
a=$("$S" --count --algorithm dlx "$T/multi.txt")
b=$("$S" --count --algorithm backtrack "$T/multi.txt")
c=$("$S" --count --algorithm bitmask "$T/multi.txt")
d=$("$S" --count --algorithm band "$T/multi.txt")
e=$("$S" --count "$T/multi.txt")
expect_eq "multi-solution counts, dlx vs backtrack" "$a" "$b"
expect_eq "multi-solution counts, dlx vs bitmask" "$a" "$c"
expect_eq "multi-solution counts, dlx vs band" "$a" "$d"
expect_eq "multi-solution counts, dlx vs the default" "$a" "$e"
[ "$(echo "$a" | head -1)" -gt 1 ] || fail "the first multi puzzle has several solutions: $a"
# --all lists exactly that many distinct valid solutions
n1=$(echo "$a" | head -1)
"$S" --all "$T/multi.txt" | sed -n "1,${n1}p" > "$T/all.txt"
expect_eq "--all gives --count lines" "$(sort -u "$T/all.txt" | wc -l | tr -d ' ')" "$n1"
while read -r sol; do
    valid 9 3 3 "$(head -1 "$T/multi.txt")" "$sol" 123456789 || fail "--all solution $sol"
done < "$T/all.txt"
# a count stopped by --max is a lower bound, and says so; one below the
# limit is exact (12, from the count above)
out=$(printf '................\n1234............\n' | "$S" --count --max 5)
expect_eq "--max stops counting, >=5" "$out" ">=5
>=5"
out=$(printf '1234............\n' | "$S" --count --max 13)
expect_eq "--max above the count" "$out" "12"
out=$(printf '1234............\n' | "$S" --count --max 12)
expect_eq "--max at the count" "$out" ">=12"
out=$(printf '................\n' | "$S" --all --max 2 | wc -l | tr -d ' ')
expect_eq "--all --max 2 on a 4x4" "$out" "2"
out=$(printf '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5.........\n' |
    "$S" --unique); st=$?
expect_eq "--unique on a puzzle with several solutions" "$out" "multiple"
expect_eq "--unique exit status when not unique" "$st" 1

# --- big grids made from a valid grid by formula -------------------------------
# (b (r mod b) + r div b + c) mod N is a valid grid for b x b boxes; blank
# about 60% of the cells and check the answer keeps the givens and is valid.
for b in 4 5; do
    n=$((b * b))
    p=$(awk -v b="$b" 'BEGIN { n = b * b; a = "123456789ABCDEFGHIJKLMNOP"
        for (r = 0; r < n; r++) for (c = 0; c < n; c++) {
            v = (b * (r % b) + int(r / b) + c) % n
            printf "%s", ((r * 7 + c * 3) % 5 < 3) ? "." : substr(a, v + 1, 1) } }')
    sol=$(echo "$p" | "$S")
    valid "$n" "$b" "$b" "$p" "$sol" 123456789ABCDEFGHIJKLMNOP || fail "${n}x$n puzzle: $sol"
    # the same as a grid of n lines
    g=$(echo "$p" | fold -w "$n" | "$S" | tr -d '\n')
    valid "$n" "$b" "$b" "$p" "$g" 123456789ABCDEFGHIJKLMNOP || fail "${n}x$n grid: $g"
done
# 16x16 written with 0-9A-F
p=$(awk 'BEGIN { a = "0123456789ABCDEF"; for (r = 0; r < 16; r++) for (c = 0; c < 16; c++) {
        v = (4 * (r % 4) + int(r / 4) + c) % 16
        printf "%s", ((r + c) % 3 == 0) ? "." : substr(a, v + 1, 1) } }')
sol=$(echo "$p" | "$S" --alphabet 0-9A-F)
valid 16 4 4 "$p" "$sol" 0123456789ABCDEF || fail "16x16 with --alphabet 0-9A-F: $sol"
# 6x6 with tall 3x2 boxes, by --box
sol=$(printf '1.....\n......\n......\n......\n......\n......\n' | "$S" --box 3x2 | tr -d '\n')
valid 6 3 2 "1..................................." "$sol" 123456 || fail "--box 3x2: $sol"

# --- variants ----------------------------------------------------------------------
sol=$(printf '%081d\n' 0 | "$S" --variant x)
valid 9 3 3 "$(printf '%081d' 0 | tr 0 .)" "$sol" 123456789 || fail "x variant: $sol"
diag=$(echo "$sol" | awk '{ for (i = 0; i < 9; i++) { d = d substr($0, i * 10 + 1, 1);
    e = e substr($0, i * 8 + 9, 1) } print d; print e }' | while read -r line; do
    echo "$line" | fold -w 1 | sort -u | wc -l | tr -d ' '; done | tr '\n' ' ')
expect_eq "x variant: both diagonals hold 9 symbols" "$diag" "9 9 "
out=$(printf '%081d\n' 0 | "$S" -t hyper -f pretty | sed -n 2p)
[ -n "$out" ] || fail "hyper variant solves an empty grid"
out=$(printf '................\n' | "$S" -r "$D/jigsaw4.regions" --count)
b=$(printf '................\n' | "$S" -r "$D/jigsaw4.regions" --count -A backtrack)
expect_eq "jigsaw 4x4 count, dlx vs backtrack" "$out" "$b"
sol=$(printf '%081d\n' 0 | "$S" --variant jigsaw --regions "$D/jigsaw9.regions")
[ ${#sol} -eq 81 ] || fail "9x9 jigsaw: $sol"

# --- errors: message and status ------------------------------------------------------
"$S" "$D/batch.txt" > "$T/out" 2> "$T/err"; st=$?
expect_eq "batch: exit status 1" "$st" 1
expect_eq "batch: one answer per puzzle, in order" "$(cat "$T/out")" \
"$(head -1 "$D/known.solutions")
invalid
none
invalid
none
$(sed -n 2p "$D/known.solutions")"
expect_eq "batch: messages" "$(cat "$T/err")" \
"$D/batch.txt:4: error: wrong length: 80 symbols; a puzzle on one line has N*N (81 for 9x9)
$D/batch.txt:5: error: '5' appears twice in row 1 (r1c1 and r1c2)
$D/batch.txt:6:81: error: 'X' is not a symbol of a 9x9 puzzle (symbols 1-9; blanks . _ 0)
$D/batch.txt:7: error: no solution"
# A script pairs answers with puzzles: the k-th answer is the k-th puzzle.
out=$("$S" --count "$D/batch.txt" 2>/dev/null | tr '\n' ' ')
expect_eq "batch --count" "$out" "1 invalid 0 invalid 0 1 "
out=$("$S" --unique "$D/batch.txt" 2>/dev/null | tr '\n' ' ')
expect_eq "batch --unique" "$out" "unique invalid none invalid none unique "
# the same batch on 2 threads, and a big one: identical output
out=$("$S" -j 2 "$D/batch.txt" 2>/dev/null)
expect_eq "-j 2 keeps the order" "$out" "$(cat "$T/out")"
awk 'NR == FNR { s = $0; next } { }
     END { a = "123456789"
        for (k = 0; k < 9000; k++) { p = ""
            for (i = 0; i < 81; i++) p = p ((i * 7 + k) % 3 ? substr(s, i + 1, 1) : ".")
            print p } }' "$D/known.solutions" /dev/null > "$T/many.txt"
"$S" "$T/many.txt" > "$T/j1"
"$S" -j 2 "$T/many.txt" > "$T/j2"
cmp -s "$T/j1" "$T/j2" || fail "-j 2 output differs from -j 1 on 9000 puzzles (3 batches)"
expect_eq "9000 answers" "$(wc -l < "$T/j1" | tr -d ' ')" 9000

# incomplete grid, bad grid row
printf '53..7....\n6..195...\n.98....6.\n' > "$T/short.txt"
"$S" "$T/short.txt" > "$T/out" 2> "$T/err"; st=$?
expect_eq "short grid: status" "$st" 1
expect_eq "short grid: message" "$(cat "$T/err")" "$T/short.txt:1: error: grid has 3 rows, expected 9"
expect_eq "short grid: answer" "$(cat "$T/out")" "invalid"
sed '6s/^8 \. \./8 ./' "$D/wiki_grid.txt" > "$T/row.txt"
"$S" "$T/row.txt" > /dev/null 2> "$T/err"; st=$?
expect_eq "bad grid row" "$st:$(cat "$T/err")" "1:$T/row.txt:6: error: grid row has 8 symbols, expected 9"
# a clash in a column and in a box
"$S" > /dev/null 2> "$T/err" <<'EOF'
7........7.......................................................................
..........3.......3..............................................................
EOF
expect_eq "clash messages" "$(cat "$T/err")" "<stdin>:1: error: '7' appears twice in column 1 (r1c1 and r2c1)
<stdin>:2: error: '3' appears twice in box 1 (r2c2 and r3c1)"

# usage and I/O errors: status 2, the file named
"$S" "$T/missing.txt" > /dev/null 2> "$T/err"; st=$?
expect_eq "missing file" "$st:$(cat "$T/err")" \
    "2:sudoku: $T/missing.txt: error: cannot open: No such file or directory"
"$S" "$T/missing.txt" "$D/known.txt" > "$T/out" 2> /dev/null; st=$?
expect_eq "missing file: the others still solved" "$st:$(cat "$T/out")" "2:$(cat "$D/known.solutions")"
for bad in "--format=wide" "--algorithm=magic" "--variant=samurai" "--max=lots" "--jobs=-1" \
           "--box=3" "--alphabet=112" "--no-such-option" "--variant=jigsaw" "--count --unique"; do
    # shellcheck disable=SC2086
    "$S" $bad < /dev/null > /dev/null 2> "$T/err"; st=$?
    expect_eq "usage error $bad: status" "$st" 2
    grep -q "Try 'sudoku --help'" "$T/err" || fail "usage error $bad: no hint: $(cat "$T/err")"
done
printf 'AAB\n' > "$T/bad.regions"
"$S" -r "$T/bad.regions" < /dev/null > /dev/null 2> "$T/err"; st=$?
expect_eq "bad region map: status" "$st" 2
grep -q "bad.regions" "$T/err" || fail "bad region map: file not named: $(cat "$T/err")"
"$S" --help > "$T/out"; st=$?
expect_eq "--help status" "$st" 0
grep -q '^Usage: sudoku \[OPTION\]... \[FILE\]...' "$T/out" || fail "--help has no Usage line"
"$S" --version | head -1 | grep -q '^sudoku (dlx) [0-9]' || fail "--version line"

# --stats goes to standard error only
out=$("$S" --stats "$D/known.txt" 2> "$T/err")
expect_eq "--stats leaves stdout alone" "$out" "$(cat "$D/known.solutions")"
grep -q "2 puzzles: 2 solved" "$T/err" || fail "--stats: $(cat "$T/err")"
grep -q "us a puzzle" "$T/err" || fail "--stats: no time a puzzle: $(cat "$T/err")"

# The default algorithm: band for plain 9x9 (its nodes are guesses), dlx
# for every other shape; --stats names what ran.
"$S" --stats "$D/known.txt" > /dev/null 2> "$T/err"
grep -q " guesses ([0-9.]* a puzzle), band, 1 thread$" "$T/err" ||
    fail "--stats on 9x9: band and guesses: $(cat "$T/err")"
printf '1234............\n' | "$S" --stats > /dev/null 2> "$T/err"
grep -q " search nodes ([0-9.]* a puzzle), dlx, 1 thread$" "$T/err" ||
    fail "--stats on 4x4: dlx: $(cat "$T/err")"
printf '1234............\n' > "$T/mixed.txt"
sed -n 4p "$D/known.txt" >> "$T/mixed.txt"
"$S" --stats "$T/mixed.txt" > /dev/null 2> "$T/err"
grep -q " search nodes ([0-9.]* a puzzle; band's are guesses), band and dlx, 1 thread$" "$T/err" ||
    fail "--stats on 4x4 and 9x9: $(cat "$T/err")"
printf '%081d\n' 0 | "$S" --variant x --stats > /dev/null 2> "$T/err"
grep -q ", dlx, 1 thread$" "$T/err" || fail "--stats with --variant x: dlx: $(cat "$T/err")"
# band asked for a shape it does not solve: that puzzle is invalid, said why
printf '1234............\n' | "$S" --algorithm band > "$T/out" 2> "$T/err"; st=$?
expect_eq "band on a 4x4: status and answer" "$st:$(cat "$T/out")" "1:invalid"
expect_eq "band on a 4x4: message" "$(cat "$T/err")" \
    "<stdin>:1: error: --algorithm band solves plain 9x9 puzzles only (3x3 boxes, no variant): use --algorithm dlx for this one"

# "end" ends the input; comments and blank lines are skipped
out=$(printf '# c\n\n%s\nend\n%s\n' "$(head -1 "$D/known.solutions")" "garbage" | "$S")
expect_eq "end and comments" "$out" "$(head -1 "$D/known.solutions")"

[ "$fails" -eq 0 ]
