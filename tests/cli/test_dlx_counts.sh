#!/bin/sh
# SPDX-License-Identifier: MIT
# Known solution counts through the dlx command, on problems written in the
# text format by tests/data/dlx/gen.sh. Sources: N-queens OEIS A000170;
# Latin squares OEIS A002860; Langford pairings OEIS A014552 (doubled: a
# pairing and its reversal are both counted); the empty 4x4 sudoku, 288;
# proper colourings of the Petersen graph from its chromatic polynomial,
# P(3) = 120 and P(4) = 12960. With bounds (Knuth's DLX3 format): DLX3's own
# example, 1 solution (dlx3.w), and motley dissections written by
# examples/motley, whose counts, nodes and updates are those Knuth's DLX3
# prints for the files of his generator motley-dlx (the same files).
DLX="$BIN/dlx"
GEN="$TESTS/data/dlx/gen.sh"
. "$TESTS/cli/common.sh"

# count KIND N EXPECTED [DLX OPTIONS...]
count() {
    kind=$1 n=$2 want=$3
    shift 3
    sh "$GEN" "$kind" "$n" >"$tmp/p.txt"
    got=$("$DLX" --count --quiet "$@" "$tmp/p.txt")
    status=$?
    [ "$got" = "$want" ] || fail "$kind $n $*: $got solutions, expected $want"
    want_status=0
    [ "$want" = 0 ] && want_status=1
    [ "$status" -eq "$want_status" ] || fail "$kind $n $*: status $status, expected $want_status"
}

n=1
for want in 1 0 0 2 10 4 40 92 352 724 2680 14200; do
    count queens $n $want
    n=$((n + 1))
done
count sudoku4 0 288
count latin 5 161280
count petersen 3 120
count petersen 4 12960
set -- 3 2 4 2 5 0 7 52 8 300 11 35584
while [ $# -gt 0 ]; do
    count langford "$1" "$2"
    shift 2
done

# The branching rule and the random order change the search, not the count.
# --infer takes out options that are in no solution: the count stays (with
# -j each thread's piece infers from its own start).
for opts in "--choose=first" "--choose=knuth" "--seed=1" "--seed=2 --choose=first" \
    "--choose=recent" "--choose=recent --strategy=links" "--infer" "--infer=2 --choose=recent" \
    "--infer=3 --seed=4" "--infer -j 2" "--choose=path" "--choose=mrv-path --infer" \
    "--choose=path -j 2" "--choose=path --seed=5"; do
    # shellcheck disable=SC2086
    count queens 8 92 $opts
    # shellcheck disable=SC2086
    count petersen 3 120 $opts
    # shellcheck disable=SC2086
    count sudoku4 0 288 $opts
done

# Bounds. --choose=knuth visits DLX3's tree: its nodes and updates.
motley() {
    m=$1 n=$2 want=$3 nodes=$4 updates=$5
    "$BIN/examples/motley" --text "$m" "$n" >"$tmp/m.txt"
    for opts in "" "--choose=first" "--seed=3" "--infer"; do
        # shellcheck disable=SC2086
        got=$("$DLX" --count --quiet $opts "$tmp/m.txt")
        [ "$got" = "$want" ] || fail "motley $m $n $opts: $got solutions, expected $want"
    done
    "$DLX" --count --quiet --stats --choose=knuth "$tmp/m.txt" >"$tmp/out" 2>"$tmp/stats"
    [ "$(cat "$tmp/out")" = "$want" ] || fail "motley $m $n knuth: $(cat "$tmp/out") solutions"
    grep -qx "nodes: $nodes" "$tmp/stats" || fail "motley $m $n knuth: not $nodes nodes: $(cat "$tmp/stats")"
    grep -qx "updates: $updates" "$tmp/stats" || fail "motley $m $n knuth: not $updates updates"
    # With bounds "recent" and "path" are DLX3's rule too (dlx.h), and --infer
    # is not used.
    "$DLX" --count --stats --choose=path "$tmp/m.txt" >"$tmp/out" 2>"$tmp/stats"
    grep -qx "nodes: $nodes" "$tmp/stats" || fail "motley $m $n path: not $nodes nodes: $(cat "$tmp/stats")"
    "$DLX" --count --stats --choose=recent --infer --strategy=links "$tmp/m.txt" >"$tmp/out" 2>"$tmp/stats"
    grep -qx "nodes: $nodes" "$tmp/stats" || fail "motley $m $n recent: not $nodes nodes: $(cat "$tmp/stats")"
    grep -q "note: --infer is not used on a problem with bounds" "$tmp/stats" ||
        fail "motley $m $n --infer: no note: $(cat "$tmp/stats")"
    # The default runs on bit sets: DLX3's tree with the null moves of spent
    # items contracted, so no more nodes.
    "$DLX" --count --stats "$tmp/m.txt" >"$tmp/out" 2>"$tmp/stats"
    bits=$(sed -n 's/^nodes: //p' "$tmp/stats")
    [ "$(cat "$tmp/out")" = "$want" ] && grep -qx "strategy: bits" "$tmp/stats" &&
        [ -n "$bits" ] && [ "$bits" -le "$nodes" ] ||
        fail "motley $m $n on bits: $(cat "$tmp/out") solutions, $bits nodes (DLX3 $nodes)"
}
motley 3 3 1 8 209
motley 4 4 8 149 7664
motley 5 5 150 3871 248893
motley 4 6 0 606 68889
[ "$("$DLX" --count --quiet "$TESTS/data/dlx/bounds.txt")" = 1 ] || fail "DLX3's example: not 1 solution"
[ "$("$DLX" --quiet "$TESTS/data/dlx/bounds.txt" | sort | tr '\n' ,)" = "A C X:1 Y:1,B X:1,C Y:1," ] ||
    fail "DLX3's example: not its solution: $("$DLX" --quiet "$TESTS/data/dlx/bounds.txt")"

# --infer at work: Arto Inkala's 9x9 (tests/data/sudoku/known.txt, one
# solution, published) as exact cover, from the sudoku command. The rule is
# locked candidates there: it takes options out (--stats says how many), and
# the solution is the one the plain search finds.
sed -n 5p "$TESTS/data/sudoku/known.txt" | "$BIN/sudoku" --to-dlx >"$tmp/inkala.txt" ||
    fail "sudoku --to-dlx on Inkala's puzzle"
"$DLX" --stats --infer "$tmp/inkala.txt" >"$tmp/out" 2>"$tmp/stats"
grep -qx "solutions: 1" "$tmp/stats" || fail "Inkala --infer: $(cat "$tmp/stats")"
inferred=$(sed -n 's/^inferred: //p' "$tmp/stats")
[ "${inferred:-0}" -gt 0 ] || fail "Inkala --infer: nothing inferred: $(cat "$tmp/stats")"
"$DLX" --quiet "$tmp/inkala.txt" | sort >"$tmp/plain"
[ "$(sort "$tmp/out")" = "$(cat "$tmp/plain")" ] && [ -s "$tmp/plain" ] ||
    fail "Inkala --infer: not the plain search's solution"
# With threads the removals of every thread are added up (Langford n = 8:
# 300 pairings, OEIS A014552 doubled).
sh "$GEN" langford 8 >"$tmp/l8.txt"
"$DLX" --count --stats --infer -j 2 "$tmp/l8.txt" >"$tmp/out" 2>"$tmp/stats"
[ "$(cat "$tmp/out")" = 300 ] || fail "langford 8 --infer -j 2: $(cat "$tmp/out") solutions"
inferred=$(sed -n 's/^inferred: //p' "$tmp/stats")
[ "${inferred:-0}" -gt 0 ] || fail "langford 8 --infer -j 2: nothing inferred: $(cat "$tmp/stats")"
"$DLX" --stats "$tmp/inkala.txt" 2>&1 >/dev/null | grep -q "^inferred:" &&
    fail "--stats without --infer: an inferred line"
for bad in 1 0 x 2147483648; do
    "$DLX" --count --infer=$bad "$tmp/inkala.txt" >/dev/null 2>"$tmp/err" &&
        fail "--infer=$bad accepted"
    grep -q "dlx: --infer wants" "$tmp/err" || fail "--infer=$bad: $(cat "$tmp/err")"
done

# Printing agrees with counting: 92 solutions of 8 lines for 8 queens, each
# a real placement (8 distinct rows and columns), and --max stops early.
sh "$GEN" queens 8 >"$tmp/q8.txt"
"$DLX" -q "$tmp/q8.txt" >"$tmp/out" || fail "queens 8 text: status $?"
[ "$(grep -c . "$tmp/out")" -eq 736 ] || fail "queens 8 text: $(grep -c . "$tmp/out") option lines, expected 92 * 8"
[ "$(grep -c '^$' "$tmp/out")" -eq 91 ] || fail "queens 8 text: not 91 blank separator lines"
awk 'BEGIN { RS = "" } { r = ""; c = ""; for (i = 1; i <= NF; i += 4) { r = r " " $i; c = c " " $(i + 1) }
     n = split(r, a, " "); for (k in seen) delete seen[k]
     for (k = 1; k <= n; k++) { if (seen[a[k]]++) bad++ }
     n = split(c, a, " "); for (k in seen) delete seen[k]
     for (k = 1; k <= n; k++) { if (seen[a[k]]++) bad++ } }
     END { exit bad > 0 }' "$tmp/out" || fail "queens 8 text: a solution repeats a row or column"
"$DLX" -q -f ids "$tmp/q8.txt" >"$tmp/out"
[ "$(wc -l <"$tmp/out")" -eq 92 ] || fail "queens 8 ids: not 92 lines"
[ "$(sort -u "$tmp/out" | wc -l)" -eq 92 ] || fail "queens 8 ids: solutions repeat"
[ "$("$DLX" -q -f ids --max 5 "$tmp/q8.txt" | wc -l)" -eq 5 ] || fail "queens 8 --max 5"

[ "$fails" -eq 0 ]
