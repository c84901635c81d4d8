#!/bin/sh
# SPDX-License-Identifier: MIT
# dlx --min-cost (the cheapest solutions) and dlx --memo (the count by memo,
# --zdd, --sample, --memo-limit). Sources: the costs of c.dlx below worked by
# hand (its 7 solutions cost 4, 4, 6, 9, 13, 13, 16); domino tilings OEIS
# A004003 (4x4: 36, 8x8: 12,988,816, 10x10: 258,584,046,368, 12x12: 53,060,477,521,960,000); the ZDD
# file is recounted here by awk from its own lines (node n's count is lo's
# plus hi's), independently of the program. About 1 s.
DLX="$BIN/dlx"
. "$TESTS/cli/common.sh"

# dominoes R C: the domino tilings of an R x C board, as docs/format.md writes them.
dominoes() {
    awk -v R="$1" -v C="$2" 'BEGIN {
        for (r = 0; r < R; r++) for (c = 0; c < C; c++) printf "%s%d.%d", (r || c) ? " " : "", r, c
        print ""
        for (r = 0; r < R; r++) for (c = 0; c < C; c++) {
            if (c + 1 < C) print r "." c " " r "." c + 1
            if (r + 1 < R) print r "." c " " r + 1 "." c
        }
    }'
}

cat > "$tmp/c.dlx" << 'EOF'
| four items, options with costs ($N)
a b c d
a b $5
c d $4
a c $2
b d $2
a $1
b $1
c $1
d $10
EOF

out=$("$DLX" --min-cost --quiet "$tmp/c.dlx"); st=$?
expect_eq "--min-cost" "$out" "b d \$2
a \$1
c \$1
cost 4"
[ "$st" -eq 0 ] || fail "--min-cost: status $st"
got=$("$DLX" --min-cost --max 10 --format ids --quiet "$tmp/c.dlx" | grep '^cost' | paste -s -d ' ' -)
expect_eq "--min-cost --max 10" "$got" "cost 4 cost 4 cost 6 cost 9 cost 13 cost 13 cost 16"
# --max 2^64-1: all of them, in cost order (the kept ones grow as they come;
# it answered "out of memory" when it made room for K at once: argv_fuzz)
got=$("$DLX" --min-cost --max 18446744073709551615 --format ids --quiet "$tmp/c.dlx" | grep '^cost' | paste -s -d ' ' -)
expect_eq "--min-cost --max 2^64-1" "$got" "cost 4 cost 4 cost 6 cost 9 cost 13 cost 13 cost 16"
for b in cost none; do
    got=$("$DLX" --min-cost --bound=$b --max 3 --format ids --quiet "$tmp/c.dlx" | grep '^cost' | paste -s -d ' ' -)
    expect_eq "--bound=$b --max 3" "$got" "cost 4 cost 4 cost 6"
done
"$DLX" --min-cost --format json --quiet "$tmp/c.dlx" | grep -q '"best": 4' || fail "--min-cost --format json has no best"
# The trace names the bound and the cuts.
"$DLX" --min-cost --trace "$tmp/c.dlx" 2>/dev/null > "$tmp/trace"
grep -q "bound of the rest 4" "$tmp/trace" || fail "--min-cost --trace: no root bound 4"
grep -q "^cut: a b \$5 and the rest of a's list: cost 5 >= best 4" "$tmp/trace" ||
    fail "--min-cost --trace: no list cut: $(cat "$tmp/trace")"
# No solution: status 1.
printf 'a b\na\n' > "$tmp/none.dlx"
"$DLX" --min-cost --quiet "$tmp/none.dlx" > /dev/null; st=$?
[ "$st" -eq 1 ] || fail "--min-cost without a solution: status $st, not 1"
# Colours and bounds go with it: an item covered twice, cheapest pair.
printf '2|a | x\na x:1 $3\na x:2 $1\na x:1 $1\na $5\n' > "$tmp/mcc.dlx"
got=$("$DLX" --min-cost --quiet --format ids "$tmp/mcc.dlx" | paste -s -d ' ' -)
expect_eq "--min-cost with bounds and colours" "$got" "0 2 cost 4"

# --memo counts as the plain count does, past 2^64 too.
dominoes 4 4 > "$tmp/d4.dlx"
dominoes 8 8 > "$tmp/d8.dlx"
dominoes 12 12 > "$tmp/d12.dlx"
for rule in mrv first; do
    expect_eq "d4 --memo=$rule" "$("$DLX" --count --memo=$rule --quiet "$tmp/d4.dlx")" 36
    expect_eq "d8 --memo=$rule" "$("$DLX" --count --memo=$rule --quiet "$tmp/d8.dlx")" 12988816
done
expect_eq "d12 --memo" "$("$DLX" --count --memo --quiet "$tmp/d12.dlx")" 53060477521960000
expect_eq "d8 --memo --format json" "$("$DLX" --memo --format json --quiet "$tmp/d8.dlx" | grep count)" '  "count": 12988816,'
printf 'a b\na\n' > "$tmp/none.dlx"
"$DLX" --count --memo --quiet "$tmp/none.dlx" > /dev/null; st=$?
[ "$st" -eq 1 ] || fail "--memo without a solution: status $st, not 1"
# Past the cap the count goes on without the memo, still exact.
dominoes 10 10 > "$tmp/d10.dlx"
"$DLX" --count --memo --memo-limit 1 "$tmp/d10.dlx" > "$tmp/out" 2> "$tmp/err"
expect_eq "--memo-limit 1" "$(cat "$tmp/out")" 258584046368
grep -q "cap was reached" "$tmp/err" || fail "--memo-limit 1: no word of the cap: $(cat "$tmp/err")"

# The ZDD file, recounted by awk; every node's children come before it.
"$DLX" --zdd "$tmp/d8.zdd" --quiet "$tmp/d8.dlx" || fail "--zdd failed"
got=$(awk '/^#/ { next }
    /^zdd / { nodes = $2; root = $4; want = $6; next }
    { n = $1; if ($3 >= n || $4 >= n || $4 < 1 || $2 < 0 || $2 >= 112) bad = 1
      cnt[n] = cnt[$3] + cnt[$4]; last = n }
    BEGIN { cnt[0] = 0; cnt[1] = 1 }
    END { if (bad || last != nodes - 1) print "bad"; else printf "%d %s\n", cnt[root], want }' "$tmp/d8.zdd")
expect_eq "the ZDD file recounted" "$got" "12988816 12988816"

# --sample: K tilings, each a tiling (16 cells / 2 = 8 dominoes), the same for a seed.
"$DLX" --sample 5 --seed 7 --format ids --quiet "$tmp/d4.dlx" > "$tmp/s1"
"$DLX" --sample 5 --seed 7 --format ids --quiet "$tmp/d4.dlx" > "$tmp/s2"
[ "$(wc -l < "$tmp/s1")" -eq 5 ] || fail "--sample 5: $(wc -l < "$tmp/s1") lines"
awk 'NF != 8 { exit 1 }' "$tmp/s1" || fail "--sample: a line that is not 8 dominoes"
cmp -s "$tmp/s1" "$tmp/s2" || fail "--sample --seed 7 twice: not the same draws"

# --max-nodes and --time-limit stop both modes as they stop the plain search:
# exactly at N nodes, the best (or the count) so far kept and said to be
# partial, status 0 when something was found, 1 when not.
"$DLX" --min-cost --max 2 --stats --max-nodes 3 --format ids "$tmp/c.dlx" > "$tmp/out" 2> "$tmp/err"; st=$?
expect_eq "--min-cost --max-nodes 3: nodes" "$(sed -n 's/^nodes: //p' "$tmp/err")" 3
grep -q '^complete: no (--max-nodes)' "$tmp/err" || fail "--min-cost --max-nodes: $(cat "$tmp/err")"
grep -q 'stopped at --max-nodes=3' "$tmp/err" || fail "--min-cost --max-nodes: no note: $(cat "$tmp/err")"
found=$(grep -c '^cost' "$tmp/out")
if [ "$found" -gt 0 ]; then want=0; else want=1; fi
[ "$st" -eq "$want" ] || fail "--min-cost --max-nodes 3: status $st with $found found"
"$DLX" --min-cost --max 2 --stats --max-nodes 1 "$tmp/c.dlx" > /dev/null 2> "$tmp/err"; st=$?
[ "$st" -eq 1 ] || fail "--min-cost --max-nodes 1: status $st, not 1 (nothing found yet)"
grep -q 'no solution found yet (partial)' "$tmp/err" || fail "--min-cost --max-nodes 1: $(cat "$tmp/err")"
"$DLX" --memo --stats --max-nodes 20000 "$tmp/d12.dlx" > "$tmp/out" 2> "$tmp/err"; st=$?
[ "$st" -eq 0 ] || fail "--memo --max-nodes: status $st"
expect_eq "--memo --max-nodes 20000: nodes" "$(sed -n 's/^nodes: //p' "$tmp/err")" 20000
grep -q '^complete: no (--max-nodes)' "$tmp/err" || fail "--memo --max-nodes: $(cat "$tmp/err")"
grep -q '^dlx: at least .*stopped at --max-nodes=20000' "$tmp/err" || fail "--memo --max-nodes: $(cat "$tmp/err")"
[ "$(cat "$tmp/out")" -lt 53060477521960000 ] || fail "--memo --max-nodes: a partial count of $(cat "$tmp/out")"
"$DLX" --zdd "$tmp/z" --max-nodes 100 "$tmp/d10.dlx" > /dev/null 2> "$tmp/err"; st=$?
[ "$st" -eq 2 ] || fail "--zdd --max-nodes: status $st, not 2"
grep -q 'need the whole count' "$tmp/err" || fail "--zdd --max-nodes: $(cat "$tmp/err")"
# Searches that would run for hours, stopped by the clock: every solution of
# the 10x10 tilings at cost 1 a domino, and the 14x14 count with the memo
# capped at 1 MB (so it counts without it).
awk 'NR > 1 { $0 = $0 " $1" } { print }' "$tmp/d10.dlx" > "$tmp/d10c.dlx"
dominoes 14 14 > "$tmp/d14.dlx"
for args in "--min-cost --bound=none $tmp/d10c.dlx" "--memo --memo-limit 1 $tmp/d14.dlx"; do
    "$DLX" --stats --time-limit 0.3 $args > "$tmp/out" 2> "$tmp/err"; st=$?
    [ "$st" -eq 0 ] || fail "--time-limit 0.3 $args: status $st: $(cat "$tmp/err")"
    grep -q 'stopped at --time-limit=0.3' "$tmp/err" || fail "--time-limit $args: $(cat "$tmp/err")"
    grep -q '^complete: no (--time-limit)' "$tmp/err" || fail "--time-limit $args: $(cat "$tmp/err")"
done

# Usage errors.
for args in "--memo --min-cost" "--min-cost --count" "--bound=full" "--memo-limit=5" \
    "--memo --max 2" "--memo=sideways" "--bound=some --min-cost" "--sample 0" \
    "--memo --trace" "--min-cost --trace=json"; do
    "$DLX" $args "$tmp/c.dlx" > /dev/null 2> "$tmp/err"; st=$?
    [ "$st" -eq 2 ] || fail "dlx $args: status $st, not 2"
    grep -q '^dlx: ' "$tmp/err" || fail "dlx $args: no message"
done
printf '2|a\na\na\n' > "$tmp/bounds.dlx"
"$DLX" --memo "$tmp/bounds.dlx" > /dev/null 2> "$tmp/err"; st=$?
[ "$st" -eq 2 ] || fail "--memo with bounds: status $st, not 2"
printf 'a\na $1 $2\n' > "$tmp/bad.dlx"
"$DLX" --min-cost "$tmp/bad.dlx" > /dev/null 2> "$tmp/err"
grep -q "bad.dlx:2:6: error: a second cost" "$tmp/err" || fail "two costs: $(cat "$tmp/err")"
# A cost with no items is not an option (found by fuzz_dlx_text: it used to be
# read as an empty option that the writer then dropped).
printf 'a\na $1\n  $2\n' > "$tmp/bare.dlx"
"$DLX" --min-cost "$tmp/bare.dlx" > /dev/null 2> "$tmp/err"; st=$?
[ "$st" -eq 2 ] || fail "a bare cost: status $st, not 2"
grep -q "bare.dlx:3:3: error: an option with a cost and no items" "$tmp/err" ||
    fail "a bare cost: $(cat "$tmp/err")"
# Costs up to 2^62 are taken; past it (even past 2^64: found by
# fuzz_dlx_text, the digits overflowed before the range test) an error.
printf 'a\na $4611686018427387904\n' > "$tmp/top.dlx"
expect_eq "a cost of 2^62" "$("$DLX" --min-cost "$tmp/top.dlx" 2>/dev/null | tail -1)" "cost 4611686018427387904"
for big in 4611686018427387905 44444444444444444444; do
    printf 'a\na $%s\n' "$big" > "$tmp/big.dlx"
    "$DLX" --min-cost "$tmp/big.dlx" > /dev/null 2> "$tmp/err"; st=$?
    [ "$st" -eq 2 ] || fail "cost $big: status $st, not 2"
    grep -q "big.dlx:2:3: error: cost '\$$big' out of range" "$tmp/err" || fail "cost $big: $(cat "$tmp/err")"
done
[ "$fails" -eq 0 ]
