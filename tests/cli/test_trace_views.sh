#!/bin/sh
# SPDX-License-Identifier: MIT
# The teaching views besides the text log: dlx --trace=matrix (the reduced
# matrix after each step), --trace=links (Knuth's memory table and every
# assignment), the tree's limits (--tree-depth, folded boxes, numbering in
# visit order), and what students tripped on in the text log (the scan that
# stops at the first forced item, --others, "1 options", --trace with
# --tree, --seed=random). Then sudoku --to-dlx, which writes a puzzle's
# problem for dlx. The expected blocks are worked out by hand below, each
# with where it comes from.
status=0
dir=${TMPDIR:-/tmp}/test_trace_views.$$
mkdir -p "$dir" || exit 1
trap 'rm -rf "$dir"' EXIT
fail() {
    echo "FAIL: $*"
    status=1
}
# same NAME WANT-FILE GOT-FILE
same() {
    cmp -s "$2" "$3" || { fail "$1:"; diff "$2" "$3" | head -20; }
}
paper="$TESTS/data/dlx/paper.txt"
colors="$TESTS/data/dlx/colors.txt"

# --- the matrix ---------------------------------------------------------------------
# The paper's matrix (Knuth, "Dancing Links", 2000, matrix (3)): A has the
# options A D G and A D, B has B C F and B G, C has C E F and B C F, D has
# A D G, A D and D E G, E C E F and D E G, F C E F and B C F, G A D G, B G
# and D E G: LEN 2 2 2 3 2 2 3. Trying A D G removes the rows that share an
# item with it: A D (A, D), D E G (D, G) and B G (G); C E F and B C F stay.
"$BIN/dlx" --trace=matrix "$paper" > "$dir/m" 2>/dev/null || fail "--trace=matrix paper: status $?"
sed -n '/^level 0: try A D G/,/leaves/p' "$dir/m" > "$dir/got"
cat > "$dir/want" << 'EOF'
level 0: try A D G [1 of 2]
          A B C D E F G
    LEN   2 2 2 3 2 2 3
    C E F . . 1 . 1 1 .
  * A D G 1 . . 1 . . 1
    B C F . 1 1 . . 1 .
  - A D   1 . . 1 . . .
  - B G   . 1 . . . . 1
  - D E G . . . 1 1 . 1
  A D G leaves, with 3 options that clash with it; 2 options left
EOF
same "matrix: the first step of the paper" "$dir/want" "$dir/got"
# Level 1 after A D G: items B C E F are left, with B C F and C E F (B G and
# D E G are gone); B's one option B C F takes C E F with it (C, F), and E is
# left with nothing: the dead end, a matrix with one column and no row.
sed -n '/^  level 1: try B C F/,/^        LEN 0/p' "$dir/m" > "$dir/got"
cat > "$dir/want" << 'EOF'
  level 1: try B C F [1 of 1]
            B C E F
      LEN   1 2 1 2
    - C E F . 1 1 1
    * B C F 1 1 . 1
    B C F leaves, with 1 option that clashes with it; 0 options left
    level 2: choose E: no options left: dead end
            E
        LEN 0
EOF
same "matrix: the dead end of the paper" "$dir/want" "$dir/got"
grep -qx '      solution 1: A D; C E F; B G (nothing left to cover)' "$dir/m" || fail "matrix: no solution line"
[ "$(grep -c '^ *[*] ' "$dir/m")" = 5 ] || fail "matrix: want 5 options tried (one starred row each)"
# With colours: a cell shows the colour an option gives; x:A agrees with
# q x:A, so trying q x:A keeps p r x:A y and removes p x:B (and p q x y:A,
# the other option of q).
"$BIN/dlx" --trace=matrix "$colors" > "$dir/mc" 2>/dev/null
sed -n '/^level 0: try q x:A/,/leaves/p' "$dir/mc" > "$dir/got"
cat > "$dir/want" << 'EOF'
level 0: try q x:A [2 of 2]
              p q r x y
    LEN       3 2 2 4 3
  - p q x y:A 1 1 . 1 A
    p r x:A y 1 . 1 A 1
  - p x:B     1 . . B .
  * q x:A     . 1 . A .
    r y:B     . . 1 . B
  q x:A leaves, with 2 options that clash with it; 2 options left
EOF
same "matrix: colours" "$dir/want" "$dir/got"
# Too big: refused with the way out named; --force prints it anyway.
"$BIN/examples/pentominoes" --text 3x20 > "$dir/pent.dlx"
"$BIN/dlx" --trace=matrix "$dir/pent.dlx" > /dev/null 2> "$dir/err" && fail "matrix of the pentominoes accepted"
grep -q 'is for small problems.*--force' "$dir/err" || fail "matrix too big: $(cat "$dir/err")"

# --- the links --------------------------------------------------------------------------
# The paper's memory table (worked out by hand in test_trace_links.sh, after
# TAOCP 7.2.2.1's layout): headers A..G are 1..7, A D G is 13 14 15, A D is
# 21 22, D E G 27 28 29, B C F 17 18 19, C E F 9 10 11. Covering A unlinks
# header 1 (RLINK[0] 1 -> 2, LLINK[2] 1 -> 0), then D's node 14 of A D G
# (up 4, down 22), G's node 15 (up 7, down 25), D's node 22 of A D (up 4,
# the header, since 14 has gone; down 27): each hide sets DLINK[up] and
# ULINK[down] past the node and lowers its item's LEN.
"$BIN/dlx" --trace=links "$paper" > "$dir/l" 2>/dev/null || fail "--trace=links paper: status $?"
sed -n '/^choose A/,/^try A D G/p' "$dir/l" > "$dir/got"
cat > "$dir/want" << 'EOF'
choose A: 2 options
cover A: RLINK[0]: 1 -> 2, LLINK[2]: 1 -> 0
  hide 14 (D of A D G): DLINK[4]: 14 -> 22, ULINK[22]: 14 -> 4, LEN[D]: 3 -> 2
  hide 15 (G of A D G): DLINK[7]: 15 -> 25, ULINK[25]: 15 -> 7, LEN[G]: 3 -> 2
  hide 22 (D of A D): DLINK[4]: 22 -> 27, ULINK[27]: 22 -> 4, LEN[D]: 2 -> 1
try A D G [1 of 2]
EOF
same "links: the first cover" "$dir/want" "$dir/got"
# At level 1, B's list is down to B C F (B G left with G): covering B hides
# C's node 18 (up 9 = C E F's C, down 3 = C's header) and F's 19 (up 11,
# down 6). Undoing B C F later (C was covered after B): uncover C puts C E F's
# E and F (10, 11) back into lists that are empty then, so their links were
# the headers 5 and 6, and only then relinks C's header between 0 and 5.
grep -qxF '    hide 18 (C of B C F): DLINK[9]: 18 -> 3, ULINK[3]: 18 -> 9, LEN[C]: 2 -> 1' "$dir/l" ||
    fail "links: no hide of node 18 as by hand"
sed -n '/^  uncover C$/,/back in the item list/{p;/back in the item list/q;}' "$dir/l" > "$dir/got"
cat > "$dir/want" << 'EOF'
  uncover C
    unhide 10 (E of C E F): DLINK[5]: 5 -> 10, ULINK[5]: 5 -> 10, LEN[E]: 0 -> 1
    unhide 11 (F of C E F): DLINK[6]: 6 -> 11, ULINK[6]: 6 -> 11, LEN[F]: 0 -> 1
  RLINK[0]: 5 -> 3, LLINK[5]: 0 -> 3 (C is back in the item list)
EOF
same "links: the undoing of C" "$dir/want" "$dir/got"
# Every update is one line: 30 (covers and hides) for the paper, and every
# hide is undone.
covers=$(grep -c '^ *cover ' "$dir/l")
hides=$(grep -c '^ *hide ' "$dir/l")
unhides=$(grep -c '^ *unhide ' "$dir/l")
[ $((covers + hides)) = 30 ] || fail "links: $covers covers + $hides hides, want 30 updates"
[ "$hides" = "$unhides" ] || fail "links: $hides hides, $unhides unhides"
grep -q '^    13      1      1     21  A of option 1: A D G$' "$dir/l" || fail "links: the memory table's slot 13"
grep -q '^    12     -1      9     15  spacer$' "$dir/l" || fail "links: the memory table's spacer 12"
# Colours: purify keeps the nodes that agree (COLOR -1) and gives them back.
"$BIN/dlx" --trace=links "$colors" > "$dir/lc" 2>/dev/null
[ "$(grep -c '^ *keep ' "$dir/lc")" = "$(grep -c '^ *unkeep ' "$dir/lc")" ] || fail "links: keeps not undone"
grep -q 'keep [0-9]* (x of p r x:A y): COLOR\[[0-9]*\]: 1 -> -1' "$dir/lc" || fail "links: no keep of p r x:A y's x"
grep -q '^cover x (secondary' "$dir/lc" || fail "links: a secondary cover should say it is in no list"

# --- what students tripped on -------------------------------------------------------
# a has 1 option, b 1, c none. The rule (DLX1's, under both names) looks on
# past a and b and finds c, a dead end at once.
printf 'a b c\na b\n' > "$dir/abc.dlx"
"$BIN/dlx" --trace "$dir/abc.dlx" > "$dir/t" 2>/dev/null
grep -qx 'choose c: no options left: dead end' "$dir/t" || fail "mrv: $(sed -n 2p "$dir/t")"
"$BIN/dlx" --trace --choose=knuth "$dir/abc.dlx" > "$dir/t" 2>/dev/null
grep -qx 'choose c: no options left: dead end' "$dir/t" || fail "--choose=knuth: $(sed -n 2p "$dir/t")"
# "1 item, 1 option", not "1 options".
printf 'a\na\n' | "$BIN/dlx" --trace 2>/dev/null | head -n 1 | grep -q '^trace of the search: 1 item, 1 option;' ||
    fail "the header does not say '1 item, 1 option'"
# --others: 8 queens has 16 primary items; the first choice names 12 others
# and says how many more; --others=all names the 15; --others=3 three.
"$BIN/examples/queens" --text 8 > "$dir/q8.dlx"
"$BIN/dlx" --trace "$dir/q8.dlx" 2>/dev/null | sed -n 2p > "$dir/line"
grep -q ', c4 8, ... and 3 more: --others=all shows them)$' "$dir/line" || fail "--others default: $(cat "$dir/line")"
"$BIN/dlx" --trace --others=all "$dir/q8.dlx" 2>/dev/null | sed -n 2p > "$dir/line"
grep -q ', c6 8, c7 8)$' "$dir/line" || fail "--others=all: $(cat "$dir/line")"
"$BIN/dlx" --trace --others=3 "$dir/q8.dlx" 2>/dev/null | sed -n 2p > "$dir/line"
grep -q '(others: r1 8, r2 8, r3 8, ... and 12 more' "$dir/line" || fail "--others=3: $(cat "$dir/line")"
# Two views at once are refused, not silently the last one.
"$BIN/dlx" --trace --tree "$paper" > /dev/null 2> "$dir/err" && fail "--trace --tree accepted"
grep -q -- '--trace and --tree are two views' "$dir/err" || fail "--trace --tree: $(cat "$dir/err")"
"$BIN/dlx" --tree-depth=2 "$paper" > /dev/null 2>&1 && fail "--tree-depth without --tree accepted"
"$BIN/dlx" --trace=json --others=3 "$paper" > /dev/null 2>&1 && fail "--others with json accepted"
# --seed=random says the seed; that seed gives the same trace again.
"$BIN/dlx" --trace --seed=random "$dir/q8.dlx" > "$dir/r1" 2> "$dir/err"
seed=$(sed -n 's/^dlx: seed \([0-9]*\) (--seed=\1 runs this search again)$/\1/p' "$dir/err")
[ -n "$seed" ] || fail "--seed=random did not say the seed: $(cat "$dir/err")"
"$BIN/dlx" --trace --seed="$seed" "$dir/q8.dlx" > "$dir/r2" 2>/dev/null
cmp -s "$dir/r1" "$dir/r2" || fail "--seed=$seed does not replay the --seed=random run"
head -n 1 "$dir/r2" | grep -q "; seed $seed " || fail "the trace does not name its seed"
"$BIN/dlx" --stats --count --seed=5 "$paper" 2>&1 >/dev/null | grep -qx 'seed: 5' || fail "--stats does not name the seed"

# --- the tree ---------------------------------------------------------------------------
# Every node numbered in visit order; what is not drawn is folded into boxes
# "+N nodes / S solutions" under the last node drawn above it. Whatever is
# drawn, the numbers of the drawn nodes and the ranges the boxes stand for
# ("+N nodes (#a to #b)") are exactly 0 .. nodes-1, and the solutions
# add up: 8 queens has 92 (OEIS A000170) in 1373 nodes (dlx --stats).
tree_sums() { # FILE: prints "nodes solutions", or "bad ..." on a gap or overlap
    awk '
    /^  n[0-9]+ \[label="#/ { id = $1; sub(/^n/, "", id); num = $0; sub(/.*label="#/, "", num); sub(/ .*/, "", num)
        if (id != num) { print "bad id " id " labelled " num; bad = 1 }
        seen[num]++; drawn++; if ($0 ~ /solution [0-9]/) sols++ }
    /^  f[0-9]+ \[label="\+/ { n = $0; sub(/.*label="\+/, "", n); sub(/ .*/, "", n)
        a = $0; sub(/.*\(#/, "", a); sub(/ .*/, "", a); b = $0; sub(/.* to #/, "", b); sub(/\).*/, "", b)
        if (b - a + 1 != n) { print "bad box of " n " nodes #" a " to #" b; bad = 1 }
        s = $0; sub(/.*\\n/, "", s); sub(/ solution.*/, "", s); sols += s
        for (k = a + 0; k <= b + 0; k++) seen[k]++ ; folded += n }
    END { total = drawn + folded
        for (k = 0; k < total; k++) if (seen[k] != 1) { print "bad number " k " seen " seen[k] + 0; bad = 1; exit 1 }
        if (!bad) print total " " sols }' "$1"
}
"$BIN/dlx" --tree --tree-depth=2 "$dir/q8.dlx" > "$dir/q8.dot" 2> "$dir/err"
[ "$(tree_sums "$dir/q8.dot")" = "1199 92" ] || fail "--tree-depth=2: $(tree_sums "$dir/q8.dot")"
[ "$(grep -c '^  n[0-9]* \[label=' "$dir/q8.dot")" = 51 ] ||
    fail "--tree-depth=2: want the root, 8 queens in row 0 and 42 in row 1 drawn (51)"
grep -q 'the tree draws 51 of its 1199 nodes' "$dir/err" || fail "--tree-depth=2: $(cat "$dir/err")"
# By default at most 2000 nodes are drawn: 9 queens has 4663 nodes (as
# Knuth's DLX1 counts them on the same file), 352 solutions. (Left out
# under valgrind: the same code as 8 queens, slowly.)
if [ -z "${DLX_VALGRIND:-}" ]; then
    "$BIN/examples/queens" --text 9 > "$dir/q9.dlx"
    "$BIN/dlx" --tree "$dir/q9.dlx" > "$dir/q9.dot" 2>/dev/null
    [ "$(grep -c '^  n[0-9]* \[label=' "$dir/q9.dot")" = 2000 ] || fail "9 queens: not 2000 nodes drawn"
    [ "$(tree_sums "$dir/q9.dot")" = "4663 352" ] || fail "9 queens: $(tree_sums "$dir/q9.dot")"
    "$BIN/dlx" --tree --tree-nodes=0 "$dir/q9.dlx" > "$dir/q9all.dot" 2>/dev/null
    [ "$(grep -c '^  n[0-9]* \[label=' "$dir/q9all.dot")" = 4663 ] || fail "--tree-nodes=0 does not draw all"
    grep -q '^  f' "$dir/q9all.dot" && fail "--tree-nodes=0 still folds"
fi
if command -v dot > /dev/null 2>&1; then
    dot -Tsvg "$dir/q8.dot" > /dev/null 2> "$dir/dot.err" || fail "Graphviz rejects the folded tree: $(cat "$dir/dot.err")"
fi

# --- sudoku --to-dlx -----------------------------------------------------------------------
# The empty 4x4 grid: 16 cells and 3 x 4 houses x 4 symbols = 64 items, one
# option per cell and symbol = 64; 288 solutions, the number of 4x4 sudoku
# grids (OEIS A107739).
printf '....\n....\n....\n....\n' > "$dir/empty4.txt"
"$BIN/sudoku" --to-dlx "$dir/empty4.txt" > "$dir/e.dlx" || fail "sudoku --to-dlx: status $?"
[ "$(grep -v '^|' "$dir/e.dlx" | head -n 1 | wc -w)" = 64 ] || fail "--to-dlx empty 4x4: not 64 items"
[ "$(grep -v '^|' "$dir/e.dlx" | tail -n +2 | wc -l)" = 64 ] || fail "--to-dlx empty 4x4: not 64 options"
[ "$("$BIN/dlx" -q --count "$dir/e.dlx")" = 288 ] || fail "--to-dlx empty 4x4: not 288 solutions"
grep -qx 'r2c3 row2=1 column3=1 box2=1' "$dir/e.dlx" || fail "--to-dlx: no option 'r2c3 row2=1 column3=1 box2=1'"
# A puzzle: the givens leave 12 cells, and 12 (house, symbol) pairs of each
# kind: 48 items. dlx finds the one solution sudoku finds, read back from
# the option lines (rRcC and the symbol of its row item).
printf '1...\n..2.\n.3..\n...4\n' > "$dir/p4.txt"
"$BIN/sudoku" --to-dlx "$dir/p4.txt" > "$dir/p.dlx"
[ "$(grep -v '^|' "$dir/p.dlx" | head -n 1 | wc -w)" = 48 ] || fail "--to-dlx puzzle: not 48 items"
"$BIN/dlx" "$dir/p.dlx" 2>/dev/null | awk '{ split($1, rc, /[rc]/); split($2, v, "="); g[(rc[2] - 1) * 4 + rc[3]] = v[2] }
    END { for (i = 1; i <= 16; i++) printf "%s", (i in g) ? g[i] : "."; print "" }' > "$dir/got"
"$BIN/sudoku" -f line "$dir/p4.txt" > "$dir/full"
# the givens are not in the dlx solution: they come from the puzzle
awk -v a="$(cat "$dir/got")" -v p="$(tr -d '\n' < "$dir/p4.txt")" 'BEGIN {
    for (i = 1; i <= 16; i++) { c = substr(a, i, 1); printf "%s", c == "." ? substr(p, i, 1) : c }; print "" }' > "$dir/merged"
[ "$(cat "$dir/merged")" = "$(cat "$dir/full")" ] || fail "--to-dlx: dlx solves to $(cat "$dir/merged"), sudoku to $(cat "$dir/full")"
# Small enough to watch as a matrix.
"$BIN/dlx" --trace=matrix "$dir/p.dlx" > /dev/null 2>&1 || fail "--trace=matrix of a 4x4 sudoku"
# Clashing givens: an error, no problem written.
printf '11..\n....\n....\n....\n' | "$BIN/sudoku" --to-dlx > "$dir/out" 2> "$dir/err" && fail "clashing givens accepted"
grep -q 'givens clash' "$dir/err" || fail "clashing givens: $(cat "$dir/err")"
"$BIN/sudoku" --to-dlx -A bitmask "$dir/p4.txt" > /dev/null 2>&1 && fail "--to-dlx -A bitmask accepted"
exit $status
