#!/bin/sh
# SPDX-License-Identifier: MIT
# Out of memory at every allocation of the commands (issue 6). With
# tests/cli/failmalloc.c preloaded, the k-th allocation fails (once, or for
# good from then on), for every k up to the number a normal run makes. Each
# run must end by itself and either give exactly the normal answer and
# status, or say "out of memory" (or the like) with status 2: never a crash,
# never a wrong or half answer with a success status.
#
# Skipped under sanitizers and valgrind, which replace malloc themselves.
. "$TESTS/cli/robust_lib.sh"
if [ -n "${DLX_VALGRIND:-}" ] || [ -n "${ASAN_OPTIONS:-}" ] || [ -n "${TSAN_OPTIONS:-}" ]; then
    echo "skipped: allocation failures need the plain build (no sanitizer, no valgrind)"
    finish
fi
SO=$(cd "$BIN/../tests" 2> /dev/null && pwd)/failmalloc.so
if [ ! -f "$SO" ]; then
    echo "missing $SO (make test-helpers)"
    exit 1
fi
W=$WORK

# check_every_failure NAME CMD...: the normal run, then one run per failing
# allocation, single and persistent. STEP (default 1): only every STEP-th
# allocation, for a run that makes thousands.
check_every_failure() {
    name=$1
    shift
    FAILMALLOC_REPORT="$W/$name.count" LD_PRELOAD=$SO "$@" > "$W/$name.want" 2> /dev/null
    want=$?
    n=$(cat "$W/$name.count" 2> /dev/null || echo 0)
    if [ "$n" -lt 5 ]; then
        fail "$name: only $n allocations counted: is the library preloaded?"
        return
    fi
    k=1
    while [ "$k" -le $((n + 1)) ]; do
        for from in 0 1; do
            timeout 10 env FAILMALLOC_AT="$k" FAILMALLOC_FROM="$from" LD_PRELOAD="$SO" "$@" \
                > "$W/$name.out" 2> "$W/$name.err"
            st=$?
            what="$name: allocation $k failing$([ "$from" = 1 ] && echo ' for good')"
            if [ "$st" -ge 124 ]; then
                fail "$what: status $st (a crash or a hang)"
                show "$name"
            elif [ "$st" -eq "$want" ]; then
                cmp -s "$W/$name.out" "$W/$name.want" ||
                    { fail "$what: status $st but not the normal answer"; show "$name"; }
            elif [ "$st" -ne 2 ]; then
                fail "$what: status $st (expected $want, or 2 for an error)"
                show "$name"
            elif ! grep -q -i -E 'memory|cannot allocate' "$W/$name.err"; then
                fail "$what: status 2 without saying memory ran out"
                show "$name"
            fi
        done
        k=$((k + ${STEP:-1}))
    done
    tried=$([ "${STEP:-1}" = 1 ] && echo each || echo "every ${STEP}th")
    echo "$name: $n allocations, $tried failing once and for good"
}

# Knuth's colour example (TAOCP 7.2.2.1), as text and as JSON.
printf 'p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n' > "$W/xcc.txt"
check_every_failure dlx_text "$BIN/dlx" "$W/xcc.txt"
check_every_failure dlx_json "$BIN/dlx" --format=json "$W/xcc.txt"

# A batch: a 9x9, a 4x4, a bad line, a 9x9 again (Project Euler 96, grid 01).
P='..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..'
printf '%s\n1.3...1.3...4...\nxx\n%s\n' "$P" "$P" > "$W/batch.txt"
check_every_failure sudoku "$BIN/sudoku" "$W/batch.txt"

# A rating that needs the chains (forcing chains, aligned exclusions): their
# searches keep tables of their own; any of them missing must be an error,
# never another rating (a puzzle of magictour's top1465, rated 7.2 here).
printf '%s\n' '.4....37...3.7.49...7.8......16............2359...2...........96.51.........3.51.' > "$W/hard.txt"
check_every_failure sudoku_rate "$BIN/sudoku" --rate -j 1 "$W/hard.txt"

# A rating that needs nested forcing chains (a puzzle of the 11+ collection,
# line 231, rated 11.0 here in 0.1 s): their inner searches keep tables of
# their own (the inner engine, its steps, its memory of grids, the outer
# chain's nested steps); 2,134 allocations, every 30th tried.
printf '%s\n' '98.7..6..5...9..7...7..4...3...2.1...1...9..7..94...5...894..6......6..2.....3...' > "$W/nested.txt"
STEP=30 check_every_failure sudoku_nested "$BIN/sudoku" --rate -j 1 "$W/nested.txt"

finish
