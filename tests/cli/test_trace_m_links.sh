#!/bin/sh
# SPDX-License-Identifier: MIT
# dlx --trace=links on problems with bounds (Algorithm M, Knuth's DLX3):
# the dance of the tweaks, the uses, the null moves and the untweaks, as
# the engine does it. The expected trace below was worked out by hand
# (see the comments); the solution count under the trace must be the count
# without it, and the JSON detail must carry the same steps.
status=0
dir=${TMPDIR:-/tmp}/test_trace_m_links.$$
mkdir -p "$dir" || exit 1
trap 'rm -rf "$dir"' EXIT
fail() {
    echo "FAIL: $*"
    status=1
}

# Two items A and B, each to be covered once or twice (1:2), three options
# A, A B, B: five solutions (A B; A B + A; A B + B; A B + A + B; A + B).
# The memory table: headers 1 (A) and 2 (B); option 0 (A) is node 4, option
# 1 (A B) nodes 6 and 7, option 2 (B) node 9; spacers 3 5 8 10. A's list
# 4 6, B's 7 9.
printf '1:2|A 1:2|B\nA\nA B\nB\n' > "$dir/ab.dlx"
# By hand, following dance_m.h. Level 0: A and B tie (2 options, bound 2,
# slack 1: degree 2 - (2 - 1) + 1 = 2), A is leftmost; it spends a unit
# (bound 1 left, still active), so each option tried is tweaked and, A
# being active, blocked: option A has no other node, so only node 4 leaves
# A's list. Level 1: A (1 option, degree 2) and B (2 options, degree 2)
# tie on degree and slack, B has more options; trying A B hides A's node 6
# (the block), then B's own node 7 (the tweak), and A's last unit covers
# A, whose list is empty by then. Level 2: B, bound 1, covered as it is
# entered (bound 0, slack 1: it may still take nothing), its one option B
# tweaked without block: solution 1 (A; A B; B); then the null move (B is
# covered: nothing moves): solution 2 (A; A B). The untweak puts node 9
# back: DLINK[2] from the empty list (2) to 9, ULINK[9] stays 2 (it heads
# the list), and last ULINK[2] to 9 and LEN[B] to 1. Back at
# level 1, branch 2 is option B (node 9, after the tweaked 7): A and B are
# then both forced to their null moves below (solution 3: A; B), and the
# untweak of level 1 puts back 7 (with its blocked node 6) and 9, top to
# bottom. Level 0, branch 2: A B, whose B is used (bound 2 -> 1), not
# covered: below, A's null move, then B as at level 2 above (solutions 4
# and 5). No null move at level 0: A still needs an option (its LEN 0 is
# not more than b - s = 0), so the level ends with the untweak of 4 and 6.
cat > "$dir/want" <<'WANT'
choose A (bounds 1..2, taken 0 so far): 2 options, needs 1..2 more, 2 branches
try A [1 of 2]
tweak A: out of A's list for the rest of the level
  hide 4 (A of A): DLINK[1]: 4 -> 6, ULINK[6]: 4 -> 1, LEN[A]: 2 -> 1
  choose B (bounds 1..2, taken 0 so far): 2 options, needs 1..2 more, 2 branches
  try A B [1 of 2]
  tweak A B: out of B's list for the rest of the level
    hide 6 (A of A B): DLINK[1]: 6 -> 1, ULINK[1]: 6 -> 1, LEN[A]: 1 -> 0
    hide 7 (B of A B): DLINK[2]: 7 -> 9, ULINK[9]: 7 -> 2, LEN[B]: 2 -> 1
  cover A: RLINK[0]: 1 -> 2, LLINK[2]: 1 -> 0
    choose B (bounds 1..2, taken 1 so far): 1 option, needs 0..1 more, 2 branches
    cover B: RLINK[0]: 2 -> 0, LLINK[0]: 2 -> 0
    try B [1 of 2]
    tweak B: out of B's list for the rest of the level
      hide 9 (B of B): DLINK[2]: 9 -> 2, ULINK[2]: 9 -> 2, LEN[B]: 1 -> 0
      solution 1: A; A B; B
    null move: B takes no more options [2 of 2]
      solution 2: A; A B
    B: no more branches: back up
    untweak B: 1 option back: DLINK[2]: 2 -> 9
      put back 9 (B of B): ULINK[9]: 2 -> 2
      ULINK[2]: 2 -> 9, LEN[B]: 0 -> 1 (B's list whole again)
    uncover B
    RLINK[0]: 0 -> 2, LLINK[0]: 0 -> 2 (B is back in the item list)
  uncover A
  RLINK[0]: 2 -> 1, LLINK[2]: 0 -> 1 (A is back in the item list)
  try B [2 of 2]
  tweak B: out of B's list for the rest of the level
    hide 9 (B of B): DLINK[2]: 9 -> 2, ULINK[2]: 9 -> 2, LEN[B]: 1 -> 0
    choose A (bounds 1..2, taken 1 so far): 0 options, needs 0..1 more, 1 branch
    cover A: RLINK[0]: 1 -> 2, LLINK[2]: 1 -> 0
    null move: A takes no more options [1 of 1]
      choose B (bounds 1..2, taken 1 so far): 0 options, needs 0..1 more, 1 branch
      cover B: RLINK[0]: 2 -> 0, LLINK[0]: 2 -> 0
      null move: B takes no more options [1 of 1]
        solution 3: A; B
      B: no more branches: back up
      uncover B
      RLINK[0]: 0 -> 2, LLINK[0]: 0 -> 2 (B is back in the item list)
    A: no more branches: back up
    uncover A
    RLINK[0]: 2 -> 1, LLINK[2]: 0 -> 1 (A is back in the item list)
  B: no more branches: back up
  untweak B: 2 options back: DLINK[2]: 2 -> 7
    put back 7 (B of A B): ULINK[7]: 2 -> 2
    unhide 6 (A of A B): DLINK[1]: 1 -> 6, ULINK[1]: 1 -> 6, LEN[A]: 0 -> 1
    put back 9 (B of B): ULINK[9]: 2 -> 7
    ULINK[2]: 2 -> 9, LEN[B]: 0 -> 2 (B's list whole again)
try A B [2 of 2]
tweak A B: out of A's list for the rest of the level
  hide 7 (B of A B): DLINK[2]: 7 -> 9, ULINK[9]: 7 -> 2, LEN[B]: 2 -> 1
  hide 6 (A of A B): DLINK[1]: 6 -> 1, ULINK[1]: 6 -> 1, LEN[A]: 1 -> 0
use B: bound left 2 -> 1, still active (not covered)
  choose A (bounds 1..2, taken 1 so far): 0 options, needs 0..1 more, 1 branch
  cover A: RLINK[0]: 1 -> 2, LLINK[2]: 1 -> 0
  null move: A takes no more options [1 of 1]
    choose B (bounds 1..2, taken 1 so far): 1 option, needs 0..1 more, 2 branches
    cover B: RLINK[0]: 2 -> 0, LLINK[0]: 2 -> 0
    try B [1 of 2]
    tweak B: out of B's list for the rest of the level
      hide 9 (B of B): DLINK[2]: 9 -> 2, ULINK[2]: 9 -> 2, LEN[B]: 1 -> 0
      solution 4: A B; B
    null move: B takes no more options [2 of 2]
      solution 5: A B
    B: no more branches: back up
    untweak B: 1 option back: DLINK[2]: 2 -> 9
      put back 9 (B of B): ULINK[9]: 2 -> 2
      ULINK[2]: 2 -> 9, LEN[B]: 0 -> 1 (B's list whole again)
    uncover B
    RLINK[0]: 0 -> 2, LLINK[0]: 0 -> 2 (B is back in the item list)
  A: no more branches: back up
  uncover A
  RLINK[0]: 2 -> 1, LLINK[2]: 0 -> 1 (A is back in the item list)
unuse B: bound left 1 -> 2
A: no more branches: back up
untweak A: 2 options back: DLINK[1]: 1 -> 4
  put back 4 (A of A): ULINK[4]: 1 -> 1
  put back 6 (A of A B): ULINK[6]: 1 -> 4
  unhide 7 (B of A B): DLINK[2]: 9 -> 7, ULINK[9]: 2 -> 7, LEN[B]: 1 -> 2
  ULINK[1]: 1 -> 6, LEN[A]: 0 -> 2 (A's list whole again)
done: 5 solutions, 12 nodes, 14 updates
WANT
"$BIN/dlx" --trace=links "$dir/ab.dlx" > "$dir/got" 2> "$dir/err" || fail "--trace=links ab: status $?"
sed -n '/^choose/,$p' "$dir/got" > "$dir/got.steps"
cmp -s "$dir/want" "$dir/got.steps" || { fail "--trace=links ab:"; diff "$dir/want" "$dir/got.steps" | head -20; }
grep -q '^     7      2      2      9  B of option 1: A B$' "$dir/got" || fail "ab: the memory table's node 7"
# The count under the trace is the count without it, on both engines.
for s in links bits; do
    n=$("$BIN/dlx" --count --strategy=$s "$dir/ab.dlx" 2>/dev/null)
    [ "$n" = 5 ] || fail "ab: --count --strategy=$s says '$n', want 5"
done
grep -q '^done: 5 solutions' "$dir/got" || fail "ab: the trace's summary: $(tail -n 1 "$dir/got")"

# A null move that takes its item off the active list: A may take up to
# three options (1:3). Below A B (which uses A: bound 3 -> 2) and B (B
# covered), A is the one active item, between the root and the root; its
# option A is tried, then the null move unlinks header 1 (RLINK[0] and
# LLINK[0] from 1 to 0), and it is put back before the level's backtrack.
printf '1:3|A 1:2|B\nA\nA B\nB\n' > "$dir/a3.dlx"
"$BIN/dlx" --trace=links "$dir/a3.dlx" > "$dir/got3" 2> /dev/null || fail "--trace=links a3: status $?"
grep -qxF '    null move: A takes no more options (its lower bound is met) [2 of 2]: RLINK[0]: 1 -> 0, LLINK[0]: 1 -> 0' "$dir/got3" ||
    fail "a3: no null move of A with its links"
grep -qxF '      reactivate A: RLINK[0]: 0 -> 1, LLINK[0]: 0 -> 1 (back in the item list)' "$dir/got3" ||
    fail "a3: A not put back after its null move"
grep -qxF 'use A: bound left 3 -> 2, still active (not covered)' "$dir/got3" || fail "a3: no use of A"
[ "$(grep -c 'null move.*RLINK' "$dir/got3")" = "$(grep -c 'reactivate' "$dir/got3")" ] ||
    fail "a3: null moves and reactivations do not pair"
n=$("$BIN/dlx" --count "$dir/a3.dlx" 2>/dev/null)
grep -q "^done: $n solutions" "$dir/got3" || fail "a3: the trace counts otherwise than --count ($n)"

# The JSON stream carries the same steps: the tweaks' hides, the untweak's
# links, the null move's neighbours; every hide has its unhide.
"$BIN/dlx" --trace=json --detail=links "$dir/ab.dlx" > "$dir/json" 2> /dev/null || fail "json ab: status $?"
grep -qF '{"event":"untweak","seq":' "$dir/json" || fail "json ab: no untweak"
grep -qF '"event":"untweak","seq":67,"updates":14,"level":0,"item":0,"count":2,"first":4,"last":6,"head":1,"len":2}' "$dir/json" ||
    fail "json ab: the last untweak: $(grep untweak "$dir/json" | tail -n 1)"
[ "$(grep -c '"event":"hide"' "$dir/json")" = "$(grep -c '"event":"unhide"' "$dir/json")" ] ||
    fail "json ab: hides and unhides do not pair"
grep -q '"event":"end","status":"done","solutions":5,' "$dir/json" || fail "json ab: the end record"
# and the events cost the count nothing: the stats of a traced run agree
"$BIN/dlx" --stats --count --strategy=links "$dir/ab.dlx" > /dev/null 2> "$dir/stats"
u=$(sed -n 's/^updates: //p' "$dir/stats")
tail -n 1 "$dir/json" | grep -q "\"updates\":$u}" || fail "json ab: updates differ from --stats ($u)"
# The matrix view stays Algorithm X's.
"$BIN/dlx" --trace=matrix "$dir/ab.dlx" > /dev/null 2> "$dir/err" && fail "--trace=matrix with bounds accepted"
grep -q -- '--trace=links shows its search' "$dir/err" || fail "--trace=matrix with bounds: $(cat "$dir/err")"
exit $status
