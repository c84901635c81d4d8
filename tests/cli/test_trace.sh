#!/bin/sh
# SPDX-License-Identifier: MIT
# dlx --trace (the readable log) and dlx --tree=dot (the search tree), on the
# paper's example (Knuth, "Dancing Links", 2000: one solution, found after
# one dead end; 5 items chosen plus the solution leaf = 6 nodes), on the small
# problem with colours of docs/xcc.dlx, and on problems too big to trace.
# The whole text of the paper's trace is checked by test_trace_doc.sh.
status=0
dir=${TMPDIR:-/tmp}/test_trace.$$
mkdir -p "$dir" || exit 1
trap 'rm -rf "$dir"' EXIT
paper="$TESTS/data/dlx/paper.txt"
colors="$TESTS/data/dlx/colors.txt"

fail() {
    echo "FAIL: $*"
    status=1
}

# has FILE TEXT...: each TEXT is a whole line of FILE.
has() {
    file=$1
    shift
    for line in "$@"; do
        grep -qxF -- "$line" "$file" || fail "no line '$line' in $(basename "$file"):
$(cat "$file")"
    done
}

# --- the readable log ---------------------------------------------------------
# Each cover lists the options it hides (by hand: covering D after A hides
# D E G, the one option of D left; then covering G hides B G - D E G is gone
# already).
"$BIN/dlx" --trace "$paper" > "$dir/paper.trace" 2> "$dir/err" || fail "dlx --trace paper: status $?"
has "$dir/paper.trace" \
    "choose A: 2 options, the fewest (others: B 2, C 2, D 3, E 2, F 2, G 3)" \
    "try A D G [1 of 2]: cover D (hides D E G), G (hides B G)" \
    "  choose B: 1 option, forced (others: C 2, E 1, F 2)" \
    "    choose E: no options left: dead end" \
    "  undo B C F: uncover F, C" \
    "try A D [2 of 2]: cover D (hides D E G)" \
    "  try C E F [1 of 1]: cover F (hides B C F), C" \
    "      solution 1: A D; C E F; B G" \
    "A: no more options: back up" \
    "done: 1 solution, 6 nodes, 30 updates"
# The indentation is the level: a try at level l is indented 2l spaces.
if grep -q '^ *try' "$dir/paper.trace" &&
    [ "$(grep -c '^    try B G' "$dir/paper.trace")" != 1 ]; then
    fail "the level-2 try of B G is not indented by 4"
fi

# The first-item rule: one node more (7), the reason given differently.
"$BIN/dlx" --trace --choose=first "$paper" > "$dir/first.trace" 2>/dev/null
has "$dir/first.trace" \
    "  choose B: 2 options, the first item left (others: C 2, E 1, F 2, G 1)" \
    "done: 1 solution, 7 nodes, 35 updates"

# Colours (Knuth's small XCC example, items p q r | x y): q has the fewest
# options (2). p q x y:A covers x, hiding the other options with x, and
# fixes y to colour A (shown y:A), hiding r y:B: r is left with nothing, a
# dead end. q x:A fixes x to A, hiding only p x:B (p r x:A y agrees on x);
# then p r x:A y is the one option of p; x is not touched again: covered are
# r (hiding r y:B) and y. 3 choices + 1 solution = 4 nodes.
"$BIN/dlx" --trace "$colors" > "$dir/colors.trace" 2>/dev/null || fail "dlx --trace colors: status $?"
has "$dir/colors.trace" \
    "choose q: 2 options, the fewest (others: p 3, r 2)" \
    "try p q x y:A [1 of 2]: cover x (hides p r x:A y, p x:B), y:A (hides r y:B), p" \
    "  choose r: no options left: dead end" \
    "undo p q x y:A: uncover p, y:A, x" \
    "try q x:A [2 of 2]: cover x:A (hides p x:B)" \
    "  try p r x:A y [1 of 1]: cover r (hides r y:B), y" \
    "    solution 1: q x:A; p r x:A y"
grep -q '^done: 1 solution, 4 nodes, ' "$dir/colors.trace" || fail "colors: $(tail -n 1 "$dir/colors.trace")"

# With bounds (tests/data/dlx/bounds.txt, DLX3's example: C 2 or 3 times), by
# hand: A has 2 options. A B X:0 Y:0 fixes Y to colour 0, which hides C Y:1,
# and leaves C one option (C X:0) for at least two uses: a dead end. A C X:1
# Y:1 uses C once (1 or 2 more to go); B X:1 is forced; C takes C Y:1 (set
# aside for the later branches, of which there are none), and may then take
# 1 more from no options: its null move (skip), and the solution. 6 nodes,
# as DLX3 counts.
"$BIN/dlx" --trace "$TESTS/data/dlx/bounds.txt" > "$dir/bounds.trace" 2>/dev/null ||
    fail "dlx --trace bounds: status $?"
has "$dir/bounds.trace" \
    "choose A: 2 options, the fewest (others' branches: B 2, C 2)" \
    "  choose C: needs 2 to 3 more, only 1 option left: dead end" \
    "try A C X:1 Y:1 [2 of 2]: use C (2 more at most); cover X:1 (hides C X:0), Y:1" \
    "    choose C: needs 1 to 2 more, 1 option, forced (no other item left)" \
    "    try C Y:1 [1 of 1]: set aside" \
    "      choose C: may take 1 more, 0 options, 1 branch, forced (no other item left)" \
    "      skip C: it takes no more options [1 of 1]" \
    "        solution 1: A C X:1 Y:1; B X:1; C Y:1" \
    "    C: the 1 option set aside goes back" \
    "undo A C X:1 Y:1: uncover Y:1, X:1; give back C" \
    "done: 1 solution, 6 nodes, 14 updates"

# --- too big to trace: stop politely, unless --force ------------------------------
"$BIN/examples/queens" --text 8 > "$dir/queens8.dlx"
"$BIN/dlx" --trace "$dir/queens8.dlx" > "$dir/q8.trace" 2> "$dir/q8.err"
grep -q "^trace stopped: more than 1000 search-tree nodes" "$dir/q8.trace" ||
    fail "8 queens: the trace did not stop at its limit: $(tail -n 2 "$dir/q8.trace")"
grep -q -- "--force" "$dir/q8.err" || fail "8 queens: no hint about --force on stderr: $(cat "$dir/q8.err")"
[ "$(grep -c 'choose' "$dir/q8.trace")" -le 1000 ] || fail "8 queens: more than 1000 choices traced"
"$BIN/dlx" --trace --force "$dir/queens8.dlx" > "$dir/q8.trace" 2>/dev/null
[ "$(grep -c 'solution [0-9]*:' "$dir/q8.trace")" = 92 ] ||
    fail "8 queens --force: want 92 solutions in the trace (OEIS A000170)"
tail -n 1 "$dir/q8.trace" | grep -q '^done: 92 solutions' || fail "8 queens --force: $(tail -n 1 "$dir/q8.trace")"

# --- the search tree ---------------------------------------------------------------
# One tree node for the root and one per option tried; a green leaf per
# solution, a red node per dead end - counted against the JSON trace.
for f in "$paper" "$colors" "$dir/queens5.dlx"; do
    [ -e "$f" ] || "$BIN/examples/queens" --text 5 > "$f"
    name=$(basename "$f")
    "$BIN/dlx" --tree=dot "$f" > "$dir/tree.dot" 2>/dev/null
    "$BIN/dlx" --trace=json "$f" > "$dir/trace.json" 2>/dev/null
    tries=$(grep -c '"event":"try"' "$dir/trace.json")
    sols=$(grep -c '"event":"solution"' "$dir/trace.json")
    deads=$(grep -c '"event":"dead_end"' "$dir/trace.json")
    nodes=$(grep -c '^  n[0-9]* \[label=' "$dir/tree.dot")
    edges=$(grep -c '^  n[0-9]* -> n[0-9]*;$' "$dir/tree.dot")
    green=$(grep -c 'fillcolor="#c8f0c8"' "$dir/tree.dot")
    red=$(grep -c 'dead end' "$dir/tree.dot")
    [ "$nodes" = $((tries + 1)) ] || fail "$name: $nodes tree nodes, want $tries tries + the root"
    [ "$edges" = "$tries" ] || fail "$name: $edges edges, want one per try ($tries)"
    [ "$green" = "$sols" ] || fail "$name: $green solution nodes, want $sols"
    [ "$red" = "$deads" ] || fail "$name: $red dead-end nodes, want $deads"
    head -n 1 "$dir/tree.dot" | grep -q '^digraph search {$' || fail "$name: not a digraph"
    [ "$(tail -n 1 "$dir/tree.dot")" = "}" ] || fail "$name: the graph is not closed"
    if command -v dot > /dev/null 2>&1; then
        dot -Tsvg "$dir/tree.dot" > /dev/null 2> "$dir/dot.err" ||
            fail "$name: Graphviz rejects the tree: $(cat "$dir/dot.err")"
    fi
done
# With bounds a null move is a node of its own: "skip C" holds the solution.
"$BIN/dlx" --tree=dot "$TESTS/data/dlx/bounds.txt" > "$dir/bounds.dot" 2>/dev/null
for label in '#0 start\nchoose A (2)' '#1 A B X:0 Y:0\nC: too few options\ndead end' \
    '#4 C Y:1\nchoose C (1)' '#5 skip C\nsolution 1'; do
    grep -qF "[label=\"$label\"" "$dir/bounds.dot" || fail "bounds tree: no node '$label'"
done
# The paper's tree by hand, numbered in the order visited: #0 root (choose
# A); #1 A D G (choose B); #2 B C F (E: dead end); #3 A D (choose E); #4
# C E F (choose B); #5 B G (solution).
"$BIN/dlx" --tree=dot "$paper" > "$dir/paper.dot" 2>/dev/null
for label in '#0 start\nchoose A (2)' '#1 A D G\nchoose B (1)' '#2 B C F\nE: no options\ndead end' \
    '#3 A D\nchoose E (1)' '#4 C E F\nchoose B (1)' '#5 B G\nsolution 1'; do
    grep -qF "[label=\"$label\"" "$dir/paper.dot" || fail "paper tree: no node '$label'"
done

# The tree has its own limit (100000 nodes) and says so in its own words:
# 12 queens needs 387648 nodes. (Left out under valgrind: a slow path.)
if [ -z "${DLX_VALGRIND:-}" ]; then
    "$BIN/examples/queens" --text 12 | "$BIN/dlx" --tree > "$dir/q12.dot" 2> "$dir/q12.err"
    grep -q '^dlx: the tree stopped at its limit of 100000 search-tree nodes' "$dir/q12.err" ||
        fail "12 queens --tree: $(cat "$dir/q12.err")"
    grep -q -- '--force draws everything' "$dir/q12.err" || fail "12 queens --tree: no --force hint"
    [ "$(tail -n 1 "$dir/q12.dot")" = "}" ] || fail "12 queens --tree: the graph is not closed"
fi

# Labels are whole and valid UTF-8 (issue 14): a name of 'x' and 100 'é'
# (201 bytes, more than the 159 a label once held, and the cut fell inside
# a character) is written in full; a name with a byte that is not UTF-8 gets
# U+FFFD in its place, as --trace=json writes it.
long=x$(awk 'BEGIN { for (i = 0; i < 100; i++) printf "\303\251" }')
printf '%s b\n%s\nb\n' "$long" "$long" > "$dir/utf8.dlx"
"$BIN/dlx" --tree "$dir/utf8.dlx" > "$dir/utf8.dot" 2>/dev/null || fail "utf8 tree: status $?"
[ "$(grep -c -F "choose $long (1)" "$dir/utf8.dot")" -eq 1 ] || fail "utf8 tree: the long name is cut"
printf 'caf\303\251\377 b\ncaf\303\251\377\nb\n' > "$dir/bad.dlx"
"$BIN/dlx" --tree "$dir/bad.dlx" > "$dir/bad.dot" 2>/dev/null || fail "bad-byte tree: status $?"
grep -q -F "$(printf 'choose caf\303\251\357\277\275 (1)')" "$dir/bad.dot" ||
    fail "bad-byte tree: the byte is not U+FFFD: $(od -c "$dir/bad.dot" | head -8)"
for f in "$dir/utf8.dot" "$dir/bad.dot"; do
    if command -v iconv > /dev/null 2>&1; then
        iconv -f UTF-8 -t UTF-8 "$f" > /dev/null 2>&1 || fail "$f: not valid UTF-8"
    fi
done

# --- the answers of the exercises in docs/algorithm-x.md, section 7 -----------------
# 1. Without the option A D: A D G forced, the dead end at E, no solution, 3 nodes.
grep -v '^A D$' "$paper" > "$dir/no-ad.dlx"
"$BIN/dlx" --trace "$dir/no-ad.dlx" > "$dir/no-ad.trace" 2>/dev/null
st=$?
[ "$st" = 1 ] || fail "exercise 1: status $st, want 1"
grep -q '^choose A: 1 option, forced' "$dir/no-ad.trace" || fail "exercise 1: A not forced"
grep -q '^done: 0 solutions, 3 nodes, ' "$dir/no-ad.trace" || fail "exercise 1: $(tail -n 1 "$dir/no-ad.trace")"
# 2. Four queens: two dead ends before the first solution, both under r0 c0,
# the first in row r2, the second in row r3.
"$BIN/examples/queens" --text 4 | "$BIN/dlx" --trace > "$dir/q4.trace" 2>/dev/null
sed '/solution 1:/q' "$dir/q4.trace" | grep 'dead end' | sed 's/^ *choose //; s/:.*//' |
    tr '\n' ' ' > "$dir/q4.dead"
[ "$(cat "$dir/q4.dead")" = "r2 r3 " ] || fail "exercise 2: dead ends before the first solution: $(cat "$dir/q4.dead")"
if grep -Eq '^ *choose [ab][0-9]' "$dir/q4.trace"; then fail "exercise 2: a diagonal was chosen"; fi
# 3. Latin squares of order 2: 2 (OEIS A002860).
[ "$("$BIN/examples/latin" --text 2 | "$BIN/dlx" -q --count)" = 2 ] || fail "exercise 3: not 2"
# 4. Langford n = 4: 18 nodes by the fewest-options rule, 37 by the first item.
for want in mrv:18 first:37; do
    got=$("$BIN/examples/langford" --text 4 | "$BIN/dlx" -q --count --stats --choose="${want%%:*}" 2>&1 |
        sed -n 's/^nodes: //p')
    [ "$got" = "${want#*:}" ] || fail "exercise 4: --choose=${want%%:*}: $got nodes, want ${want#*:}"
done

# --- bad uses ------------------------------------------------------------------------
if "$BIN/dlx" --trace=xml "$paper" > /dev/null 2>&1; then fail "--trace=xml accepted"; fi
if "$BIN/dlx" --tree=png "$paper" > /dev/null 2>&1; then fail "--tree=png accepted"; fi
exit $status
