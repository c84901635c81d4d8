#!/bin/sh
# SPDX-License-Identifier: MIT
# dlx -j N: one search on N threads, with every other option working as on
# one thread. Counts are the known ones (N-queens OEIS A000170, Langford
# pairings OEIS A014552 doubled, Petersen colourings P(3) = 120 and
# P(4) = 12960, the empty 4x4 sudoku 288, motley 5x5 150 as Knuth's DLX3
# counts it); nodes and updates must equal those of -j 1 on the same file,
# and the solutions printed must be the same set.
DLX="$BIN/dlx"
GEN="$TESTS/data/dlx/gen.sh"
. "$TESTS/cli/common.sh"

# count KIND N EXPECTED JOBS
count() {
    sh "$GEN" "$1" "$2" >"$tmp/p.txt"
    got=$("$DLX" --count --quiet -j "$4" "$tmp/p.txt")
    status=$?
    [ "$got" = "$3" ] || fail "$1 $2 -j $4: $got solutions, expected $3"
    want_status=0
    [ "$3" = 0 ] && want_status=1
    [ "$status" -eq "$want_status" ] || fail "$1 $2 -j $4: status $status"
}
for j in 2 3 0; do
    n=1
    for want in 1 0 0 2 10 4 40 92 352 724; do
        count queens $n $want $j
        n=$((n + 1))
    done
    count langford 8 300 $j
    count langford 11 35584 $j
    count petersen 3 120 $j
    count petersen 4 12960 $j
    count sudoku4 0 288 $j
done

# --stats: the figures of one search, summed over the threads.
figures() { grep -E '^(solutions|nodes|updates|max level|complete):' "$1"; }
for p in "queens 10" "langford 11" "petersen 4"; do
    # shellcheck disable=SC2086
    sh "$GEN" $p >"$tmp/p.txt"
    "$DLX" --count --stats "$tmp/p.txt" >/dev/null 2>"$tmp/one"
    "$DLX" --count --stats -j 3 "$tmp/p.txt" >/dev/null 2>"$tmp/three"
    figures "$tmp/one" >"$tmp/one.f"
    figures "$tmp/three" >"$tmp/three.f"
    cmp -s "$tmp/one.f" "$tmp/three.f" ||
        fail "$p: -j 3 --stats differ from -j 1: $(cat "$tmp/three.f") vs $(cat "$tmp/one.f")"
    grep -q '^threads: 3$' "$tmp/three" || fail "$p: --stats does not say threads: 3"
    grep -q '^threads:' "$tmp/one" && fail "$p: -j 1 --stats names threads"
done

# The solutions: the same set in every format, each whole.
sh "$GEN" queens 8 >"$tmp/q8.txt"
sorted_ids() { tr ' ' '\n' | sort -n | tr '\n' ' '; }
for j in 1 4; do
    "$DLX" --format ids -j $j "$tmp/q8.txt" 2>/dev/null |
        while read -r line; do echo "$line" | sorted_ids; echo; done | sort >"$tmp/ids.$j"
done
[ "$(wc -l <"$tmp/ids.4")" -eq 92 ] || fail "-j 4 --format ids: $(wc -l <"$tmp/ids.4") lines"
cmp -s "$tmp/ids.1" "$tmp/ids.4" || fail "-j 4 --format ids: not the solutions of -j 1"
"$DLX" -j 3 "$tmp/q8.txt" >"$tmp/text" 2>/dev/null
awk 'BEGIN { RS = "" } { n++; if (split($0, l, "\n") != 8) bad++ } END { print n, bad + 0 }' \
    "$tmp/text" >"$tmp/blocks"
[ "$(cat "$tmp/blocks")" = "92 0" ] || fail "-j 3 text: blocks and bad blocks: $(cat "$tmp/blocks")"
"$DLX" --format json -j 2 "$tmp/q8.txt" >"$tmp/json" 2>/dev/null
grep -q '"complete": true' "$tmp/json" || fail "-j 2 json: not complete"
tail -1 "$tmp/json" | grep -q '^}$' || fail "-j 2 json: document not closed"

# --max and --first hold across the threads.
sh "$GEN" queens 10 >"$tmp/q10.txt"
"$DLX" --format ids --max 5 -j 3 "$tmp/q10.txt" >"$tmp/out" 2>"$tmp/err"
status=$?
[ "$status" -eq 0 ] || fail "--max 5 -j 3: status $status"
[ "$(wc -l <"$tmp/out")" -eq 5 ] || fail "--max 5 -j 3: $(wc -l <"$tmp/out") solutions"
grep -q '^dlx: 5 solutions (stopped at --max)' "$tmp/err" || fail "--max 5 -j 3: $(cat "$tmp/err")"
"$DLX" --format ids --first -j 2 "$tmp/q10.txt" >"$tmp/out" 2>/dev/null
[ "$(wc -l <"$tmp/out")" -eq 1 ] || fail "--first -j 2: $(wc -l <"$tmp/out") solutions"
got=$("$DLX" --count --max 7 -j 2 "$tmp/q10.txt" 2>/dev/null)
[ "$got" = 7 ] || fail "--count --max 7 -j 2: $got"

# A reader that goes away stops every thread quietly.
"$DLX" -j 2 "$tmp/q10.txt" 2>"$tmp/err" | head -1 >/dev/null
[ -s "$tmp/err" ] && grep -v '^dlx: ' "$tmp/err" && fail "-j 2 | head: $(cat "$tmp/err")"
grep -q 'error' "$tmp/err" && fail "-j 2 | head: an error: $(cat "$tmp/err")"

# A seed, the other rules, bounds.
got=$("$DLX" --count --seed 7 -j 3 "$tmp/q10.txt" 2>/dev/null)
[ "$got" = 724 ] || fail "--seed 7 -j 3: $got"
got=$("$DLX" --count --choose=first -j 2 "$tmp/q10.txt" 2>/dev/null)
[ "$got" = 724 ] || fail "--choose=first -j 2: $got"
"$BIN/examples/motley" --text 5 5 >"$tmp/m.txt"
got=$("$DLX" --count -j 2 "$tmp/m.txt" 2>/dev/null)
[ "$got" = 150 ] || fail "motley 5x5 -j 2: $got"

# Bad values are usage errors.
for bad in -1 x 4097 ""; do
    "$DLX" -j "$bad" --count "$tmp/q8.txt" >/dev/null 2>"$tmp/err"
    status=$?
    [ "$status" -eq 2 ] || fail "-j '$bad': status $status"
    grep -q '^dlx: --jobs wants a number of threads from 0 to 4096' "$tmp/err" ||
        fail "-j '$bad': $(cat "$tmp/err")"
done

# --trace follows one search: -j is noted and not used.
sh "$GEN" queens 4 >"$tmp/q4.txt"
"$DLX" --trace "$tmp/q4.txt" >"$tmp/t1" 2>/dev/null
"$DLX" --trace -j 2 "$tmp/q4.txt" >"$tmp/t2" 2>"$tmp/err"
cmp -s "$tmp/t1" "$tmp/t2" || fail "--trace -j 2: not the one-thread trace"
grep -q '^dlx: note: --trace follows the search on one thread; --jobs is not used$' "$tmp/err" ||
    fail "--trace -j 2: no note: $(cat "$tmp/err")"

# Ctrl-C: every thread stops, the partial count is printed, exit 130, and
# the progress line is the combined one. (Not under valgrind: see
# test_dlx_io.sh.)
if [ "${DLX_VALGRIND:-0}" = 1 ]; then
    echo "Ctrl-C tests skipped under valgrind (too slow to start for the timing)"
    [ "$fails" -eq 0 ]
    exit
fi
interrupt() {
    kill -INT "$1"
    ( sleep 30; kill -KILL "$1" 2>/dev/null ) &
    watchdog=$!
    wait "$1"
    status=$?
    kill "$watchdog" 2>/dev/null
}
sh "$GEN" queens 18 >"$tmp/q18.txt"
"$DLX" --count --progress -j 2 "$tmp/q18.txt" >"$tmp/out" 2>"$tmp/err" &
pid=$!
sleep 1.5
interrupt "$pid"
[ "$status" -eq 130 ] || fail "-j 2 Ctrl-C: status $status, expected 130"
grep -q '^[0-9][0-9]*$' "$tmp/out" || fail "-j 2 Ctrl-C: no count printed: $(cat "$tmp/out")"
grep -q '^dlx: interrupted (SIGINT): .* so far (partial), .* about [0-9.]*% of the tree searched$' \
    "$tmp/err" || fail "-j 2 Ctrl-C: no partial note: $(cat "$tmp/err")"
grep -Eq '^dlx: .*% of the tree, .* solutions, .* nodes, [0-9]+ s, 2 threads(, about .* left)?$' \
    "$tmp/err" || fail "-j 2 --progress: no progress line: $(cat "$tmp/err")"
"$DLX" --format json -j 3 "$tmp/q18.txt" >"$tmp/out" 2>"$tmp/err" &
pid=$!
sleep 0.5
interrupt "$pid"
[ "$status" -eq 130 ] || fail "-j 3 Ctrl-C json: status $status, expected 130"
grep -q '"complete": false,' "$tmp/out" || fail "-j 3 Ctrl-C json: not marked incomplete"
tail -1 "$tmp/out" | grep -q '^}$' || fail "-j 3 Ctrl-C json: document not closed"

[ "$fails" -eq 0 ]
