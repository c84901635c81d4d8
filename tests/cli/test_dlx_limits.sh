#!/bin/sh
# SPDX-License-Identifier: MIT
# test_dlx_limits.sh - what users of Knuth's programs find in their options
# (issue 25, item 5): --profile (nodes per level, the largest branching
# degree), --every=M (print every M-th solution), --max-nodes and
# --time-limit on the search itself.
# Where the expected figures come from: 8 queens has 92 solutions (OEIS
# A000170), each of 8 options, so the profile ends with 92 leaves at level
# 8; at the root every row and column item has 8 options and lists only
# shrink, so the largest degree is 8; every other figure is compared with
# another run of the command (the full output, the plain statistics).
. "$TESTS/cli/common.sh"
DLX="$BIN/dlx"
D="$TESTS/data/dlx"

sh "$D/gen.sh" queens 8 >"$tmp/q8.dlx"
"$DLX" -s -c "$tmp/q8.dlx" >/dev/null 2>"$tmp/plain"
plain_nodes=$(sed -n 's/^nodes: //p' "$tmp/plain")

# --- --profile ---------------------------------------------------------------------
"$DLX" --profile -c "$tmp/q8.dlx" >"$tmp/out" 2>"$tmp/err"; st=$?
expect_eq "--profile: status" "$st" 0
expect_eq "--profile: the count" "$(cat "$tmp/out")" 92
expect_eq "--profile: the same nodes as the plain search" "$(sed -n 's/^nodes: //p' "$tmp/err")" "$plain_nodes"
expect_eq "--profile: max degree" "$(sed -n 's/^max degree: //p' "$tmp/err")" 8
sed -n 's/^ *\([0-9]*\): \([0-9]*\), .*/\1 \2/p' "$tmp/err" >"$tmp/levels"
expect_eq "--profile: levels 0 to 8" "$(awk '{ print $1 }' "$tmp/levels" | tr '\n' ' ')" "0 1 2 3 4 5 6 7 8 "
expect_eq "--profile: level 0, the root" "$(awk '$1 == 0 { print $2 }' "$tmp/levels")" 1
expect_eq "--profile: level 8, the solutions" "$(awk '$1 == 8 { print $2 }' "$tmp/levels")" 92
expect_eq "--profile: the levels add up to the nodes" "$(awk '{ s += $2 } END { print s }' "$tmp/levels")" "$plain_nodes"
# With bounds (Algorithm M): the same nodes as without the profile.
"$DLX" -s -c --strategy=links "$D/bounds.txt" >/dev/null 2>"$tmp/mplain"
"$DLX" --profile -c "$D/bounds.txt" >/dev/null 2>"$tmp/merr"
m_nodes=$(sed -n 's/^nodes: //p' "$tmp/mplain")
expect_eq "--profile with bounds: nodes" "$(sed -n 's/^nodes: //p' "$tmp/merr")" "$m_nodes"
expect_eq "--profile with bounds: the levels add up" \
    "$(sed -n 's/^ *[0-9]*: \([0-9]*\), .*/\1/p' "$tmp/merr" | awk '{ s += $1 } END { print s }')" "$m_nodes"
# On one thread, said so.
"$DLX" --profile -j 2 -c "$tmp/q8.dlx" >"$tmp/out" 2>"$tmp/err"
grep -q 'note: --profile follows the search on one thread' "$tmp/err" || fail "--profile -j 2: $(head -3 "$tmp/err")"
expect_eq "--profile -j 2: the count" "$(cat "$tmp/out")" 92

# --- --every ---------------------------------------------------------------------------
"$DLX" -f ids "$tmp/q8.dlx" >"$tmp/all" 2>/dev/null
"$DLX" -f ids --every=40 "$tmp/q8.dlx" >"$tmp/every" 2>"$tmp/err"; st=$?
expect_eq "--every=40: status" "$st" 0
expect_eq "--every=40: solutions 40 and 80" "$(cat "$tmp/every")" "$(sed -n '40p;80p' "$tmp/all")"
grep -q '^dlx: 92 solutions' "$tmp/err" || fail "--every=40 does not count every solution: $(cat "$tmp/err")"
"$DLX" -f ids --every=1 "$tmp/q8.dlx" 2>/dev/null | cmp -s - "$tmp/all" || fail "--every=1 is not every solution"
"$DLX" -f ids --every=100 "$tmp/q8.dlx" >"$tmp/every" 2>/dev/null; st=$?
expect_eq "--every=100 of 92: status (solutions were found)" "$st" 0
expect_eq "--every=100 of 92: nothing printed" "$(wc -c <"$tmp/every" | tr -d ' ')" 0
"$DLX" -f json --every=30 "$tmp/q8.dlx" >"$tmp/json" 2>/dev/null
expect_eq "--every=30, json: three solutions" "$(grep -c '"options"' "$tmp/json")" 3
grep -q '"count": 92' "$tmp/json" || fail "--every=30, json: the count is not 92"

# --- --max-nodes and --time-limit --------------------------------------------------
"$DLX" -s -c --max-nodes=500 "$tmp/q8.dlx" >"$tmp/out" 2>"$tmp/err"; st=$?
expect_eq "--max-nodes=500: nodes" "$(sed -n 's/^nodes: //p' "$tmp/err")" 500
grep -q '^complete: no (--max-nodes)' "$tmp/err" || fail "--max-nodes=500: $(cat "$tmp/err")"
grep -q 'stopped at --max-nodes=500' "$tmp/err" || fail "--max-nodes=500: the summary line: $(head -1 "$tmp/err")"
found=$(cat "$tmp/out")
[ "$found" -gt 0 ] && [ "$found" -lt 92 ] || fail "--max-nodes=500: $found solutions"
[ "$st" -eq 0 ] || fail "--max-nodes=500: status $st with $found solutions found"
# The solutions it prints are the first ones of the whole search.
"$DLX" -f ids --max-nodes=500 "$tmp/q8.dlx" 2>/dev/null >"$tmp/some"
expect_eq "--max-nodes=500: the first solutions" "$(cat "$tmp/some")" "$(head -n "$found" "$tmp/all")"
"$DLX" -s -c --max-nodes=100000 "$tmp/q8.dlx" >"$tmp/out" 2>"$tmp/err"
grep -q '^complete: yes' "$tmp/err" || fail "--max-nodes past the tree: $(cat "$tmp/err")"
expect_eq "--max-nodes past the tree: the count" "$(cat "$tmp/out")" 92
# 17 queens (95,815,104 solutions) runs for minutes: a second's limit
# stops it (the wall clock is allowed 60 s for a loaded machine or valgrind).
sh "$D/gen.sh" queens 17 >"$tmp/q17.dlx"
for j in 1 2; do
    start=$(date +%s)
    "$DLX" -c -s -j "$j" --time-limit=0.5 "$tmp/q17.dlx" >"$tmp/out" 2>"$tmp/err"; st=$?
    took=$(($(date +%s) - start))
    [ "$took" -le 60 ] || fail "--time-limit=0.5 -j $j took $took s"
    grep -q '^complete: no (--time-limit)' "$tmp/err" || fail "--time-limit -j $j: $(cat "$tmp/err")"
    grep -q 'stopped at --time-limit=0.5' "$tmp/err" || fail "--time-limit -j $j: the summary: $(head -1 "$tmp/err")"
    [ "$st" -le 1 ] || fail "--time-limit -j $j: status $st"
done
"$DLX" -c -s -j 2 --max-nodes=20000 "$tmp/q17.dlx" >"$tmp/out" 2>"$tmp/err"
grep -q '^complete: no (--max-nodes)' "$tmp/err" || fail "--max-nodes -j 2: $(cat "$tmp/err")"
n=$(sed -n 's/^nodes: //p' "$tmp/err")
[ "${n:-0}" -ge 20000 ] || fail "--max-nodes=20000 -j 2: stopped at $n nodes"

# --- bad uses ------------------------------------------------------------------------
bad() { # WHAT MESSAGE ARGS...
    what=$1 msg=$2
    shift 2
    "$DLX" "$@" >/dev/null 2>"$tmp/err"; st=$?
    expect_eq "$what: status" "$st" 2
    grep -q -- "$msg" "$tmp/err" || fail "$what: $(cat "$tmp/err")"
}
bad "--every=0" "--every wants a positive whole number" --every=0 "$tmp/q8.dlx"
bad "--every with --count" "--every chooses which solutions are printed" --every=2 -c "$tmp/q8.dlx"
bad "--every with --trace" "--every chooses which solutions are printed" --every=2 --trace "$tmp/q8.dlx"
bad "--time-limit=0" "--time-limit wants a number of seconds above 0" --time-limit=0 "$tmp/q8.dlx"
bad "--time-limit=soon" "--time-limit wants a number of seconds above 0" --time-limit=soon "$tmp/q8.dlx"
bad "--time-limit=nan" "--time-limit wants a number of seconds above 0" --time-limit=nan "$tmp/q8.dlx"
bad "--profile with --memo" "--memo (--zdd, --sample) has its own output" --profile --memo "$tmp/q8.dlx"
[ "$fails" -eq 0 ]
