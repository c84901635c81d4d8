#!/bin/sh
# SPDX-License-Identifier: MIT
# The example programs (examples/*.c) against known counts, and - the two
# paths checking each other - the same problems written with --text and
# counted by `dlx --count`.
#
# Sources of the expected counts:
#   N-queens n = 1..12     OEIS A000170
#   Langford pairs n       OEIS A176127 (both a pairing and its reversal;
#                          twice A014552)
#   pentominoes            3x20: 2 packings, 4x15: 368, Scott's 8x8 without
#                          the centre 2x2: 65 (Haselgrove; Scott 1958), each
#                          times the board's symmetries (4, 4, 8) since every
#                          placement is counted
#   graph colourings       chromatic polynomials: Petersen P(3) = 120,
#                          P(4) = 12960; cycle C5: (k-1)^5 - (k-1) = 30 for
#                          k = 3; K4: 4! = 24 for k = 4
#   Latin squares n        OEIS A002860
#   motley dissections     Knuth's DLX3 on his generator's files (motley-dlx
#                          M N, the same problems): 3x3 1, 4x4 8, 5x5 150,
#                          4x6 0, 5x6 393, 6x6 5850
#   queens dominating      OEIS A002564: N = 4, 5, 6, 7 with the least K
#                          (2, 3, 3, 4): 12, 186, 4, 86 (4..6 also by a
#                          brute force over all K-sets of squares)
#   partridge puzzle       no packing for N = 2..7 (Wainwright; TAOCP
#                          7.2.2.1); N = 1 is the one 1 x 1 square
EX="$BIN/examples"
status=0
# Under valgrind (make memcheck: 30 times slower) the big counts are left
# out; the memory checks need every path, not every size.
full() { [ -z "${DLX_VALGRIND:-}" ]; }
tmp=${TMPDIR:-/tmp}/test_examples.$$
trap 'rm -f "$tmp"' EXIT

# check "what" expected command...: the command prints one number (its
# standard output; the dlx command's summary on standard error is not looked at).
check() {
    what=$1
    want=$2
    shift 2
    got=$("$@" 2>/dev/null)
    if [ "$got" != "$want" ]; then
        echo "FAIL: $what: '$*' printed '$got', want '$want'"
        status=1
    fi
}

# both "what" expected program args...: the example's count, and dlx --count
# on the problem the example writes with --text.
both() {
    label=$1
    count=$2
    prog=$3
    shift 3
    check "$label (example)" "$count" "$EX/$prog" "$@"
    if ! "$EX/$prog" --text "$@" > "$tmp"; then
        echo "FAIL: $label: '$prog --text $*' failed"
        status=1
    fi
    check "$label (dlx --count)" "$count" "$BIN/dlx" --count "$tmp"
}

n=1
for want in 1 0 0 2 10 4 40 92 352 724 2680 14200; do
    [ "$n" -le 9 ] || full && both "queens $n" "$want" queens "$n"
    n=$((n + 1))
done
# Listing rows and columns from the middle out changes the tree, not the count.
check "queens 10 middle-first" 724 "$EX/queens" --middle-first 10
full && check "queens 12 middle-first" 14200 "$EX/queens" --middle-first 12

for pair in 3:2 4:2 5:0 6:0 7:52 8:300 11:35584; do
    [ "${pair%%:*}" -le 8 ] || full && both "langford ${pair%%:*}" "${pair#*:}" langford "${pair%%:*}"
done

both "pentominoes 3x20" 8 pentominoes 3x20
full && both "pentominoes scott" 520 pentominoes scott
# The same board as scott, given as holes.
full && check "pentominoes 8x8 with holes" 520 "$EX/pentominoes" 8x8 --hole 3,3 --hole 3,4 --hole 4,3 --hole 4,4
full && check "pentominoes 4x15" 1472 "$EX/pentominoes" 4x15

both "petersen 3 colours" 120 colouring 3
full && both "petersen 4 colours" 12960 colouring 4
both "petersen 2 colours" 0 colouring 2
both "C5 3 colours" 30 colouring 3 C5
both "K4 4 colours" 24 colouring 4 K4

n=1
for want in 1 2 12 576 161280; do
    [ "$n" -le 4 ] || full && both "latin $n" "$want" latin "$n"
    n=$((n + 1))
done

# With bounds (Algorithm M): motley dissections.
for mn in 3x3:1 4x4:8 5x5:150 4x6:0; do
    m=${mn%%x*} rest=${mn#*x}
    both "motley $m $rest" "${mn#*:}" motley "$m" "${rest%%:*}"
done
full && both "motley 5 6" 393 motley 5 6
full && both "motley 6 6" 5850 motley 6 6
both "domination 4 2" 12 domination 4 2
both "domination 5 3" 186 domination 5 3
both "domination 6 3" 4 domination 6 3
full && both "domination 7 4" 86 domination 7 4
both "partridge 1" 1 partridge 1
for n in 2 3 4; do
    both "partridge $n" 0 partridge $n
done
full && both "partridge 5" 0 partridge 5

# The one dissection of 3 x 3 (up to its mirror image), its five rectangles as
# [a,b) x [c,d): the pinwheel around the centre cell, checked by hand (every
# cell once, five distinct row intervals and five distinct column intervals,
# edges at 1 and 2 both ways).
check "motley --print 3 3" "[1,3) x [2,3) [0,1) x [1,3) [0,2) x [0,1) [1,2) x [1,2) [2,3) x [0,2)

1" "$EX/motley" --print 3 3

# --print shows the solutions before the count: the two 4-queens boards.
want='. Q . .
. . . Q
Q . . .
. . Q .

. . Q .
Q . . .
. . . Q
. Q . .

2'
check "queens --print 4" "$want" "$EX/queens" --print 4
check "langford --print 3" "3 1 2 1 3 2

2 3 1 2 1 3

2" "$EX/langford" --print 3
check "latin --max 5 4" 5 "$EX/latin" --max 5 4

# --help: status 0, a usage line, what the program solves, the common flags;
# and the default each one names is the one it runs (the counts above).
for prog in queens pentominoes langford colouring latin; do
    "$EX/$prog" --help > "$tmp" 2>&1 || { echo "FAIL: $prog --help: status $?"; status=1; }
    grep -q "^Usage: $prog " "$tmp" || { echo "FAIL: $prog --help: no usage line"; status=1; }
    grep -q -- '--text' "$tmp" || { echo "FAIL: $prog --help: no --text"; status=1; }
    [ "$(wc -l < "$tmp")" -ge 10 ] || { echo "FAIL: $prog --help: too short"; status=1; }
done
# The paper's example (Knuth, "Dancing Links", 2000): its one solution, and
# the node and update counts worked out by hand in docs/algorithm-x.md
# (5 items chosen + 1 solution = 6 nodes; 30 links cut), which dlx gives on
# docs/paper.dlx dancing on the links. The bit-set search visits the same 6
# nodes (its updates are its own: a trial stops at a dead end).
want='solution: {A D} {C E F} {B G}
1 solution, 6 nodes, 30 updates'
[ "$("$EX/paper")" = "$want" ] || { echo "FAIL: paper printed: $("$EX/paper")"; status=1; }
"$BIN/dlx" --count --stats --strategy=links "$TESTS/../docs/paper.dlx" 2>&1 >/dev/null |
    grep -q '^updates: 30$' || { echo "FAIL: dlx on docs/paper.dlx: not 30 updates"; status=1; }
for s in links bits; do
    "$BIN/dlx" --count --stats --strategy=$s "$TESTS/../docs/paper.dlx" 2>&1 >/dev/null |
        grep -q '^nodes: 6$' || { echo "FAIL: dlx --strategy=$s on docs/paper.dlx: not 6 nodes"; status=1; }
done

if [ -w /dev/full ] && "$EX/queens" --help > /dev/full 2> "$tmp"; then
    echo "FAIL: queens --help > /dev/full: status 0, the help was lost"
    status=1
fi
"$EX/latin" --max 2> "$tmp"
[ "$(cat "$tmp")" = "latin: --max needs a number" ] || { echo "FAIL: latin --max: $(cat "$tmp")"; status=1; }
check "queens default 8 (A000170)" 92 "$EX/queens"
check "langford default 7" 52 "$EX/langford"
check "latin default 4 (A002860)" 576 "$EX/latin"
check "colouring default: Petersen, 3 colours" 120 "$EX/colouring"
check "pentominoes default: scott" 520 "$EX/pentominoes"

# Bad arguments: a message and status 2.
for bad in "queens 0" "queens x" "queens --bogus 4" "langford 1 2" "pentominoes 3y20" \
    "pentominoes --hole 9,9 6x10" "colouring 3 Q5" "latin --max"; do
    # shellcheck disable=SC2086
    if "$EX"/$bad > /dev/null 2>&1; then
        echo "FAIL: '$bad' should fail"
        status=1
    fi
done
exit $status
