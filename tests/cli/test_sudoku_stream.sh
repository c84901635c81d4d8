#!/bin/sh
# SPDX-License-Identifier: MIT
# test_sudoku_stream.sh - sudoku reads, solves and writes as its input comes
# (issue 14): an answer is out before the next line arrives (one thread and
# two), memory stays flat on endless input and on --all, a full disk stops
# the run at the first failed write, and '-' may be named only once.
# The puzzles are Wikipedia's, solution from tests/data/sudoku/known.solutions;
# an empty 6x6 has 28,200,960 solutions (OEIS A107739), all distinct.
S="$BIN/sudoku"
D="$TESTS/data/sudoku"
tmp=$(mktemp -d) || exit 1
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
P=53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
SOL=$(sed -n 1p "$D/known.solutions")
pid=
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; exec 3>&- 2>/dev/null; rm -rf "$tmp"; }
trap cleanup EXIT

# wait_lines FILE N: waits (up to 60 s, in steps of a tenth of a second, so a
# loaded machine or valgrind only makes it slower) until FILE has N lines.
wait_lines() {
    i=0
    while [ "$(wc -l < "$1")" -lt "$2" ]; do
        i=$((i + 1))
        [ "$i" -le 600 ] || return 1
        sleep 0.1
    done
}

# --- an answer as soon as its puzzle is complete ---------------------------------
# A fifo held open by this shell: sudoku gets one line, must answer it while
# the input is still open (no end of file yet), then the next.
mkfifo "$tmp/in" || exit 1
for jobs in 1 2; do
    : > "$tmp/out"
    "$S" -j "$jobs" < "$tmp/in" > "$tmp/out" 2> "$tmp/err" &
    pid=$!
    exec 3> "$tmp/in"
    echo "$P" >&3
    wait_lines "$tmp/out" 1 || fail "-j $jobs: no answer to the first line before the second"
    printf '53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n' >&3
    sleep 0.2
    [ "$(wc -l < "$tmp/out")" -eq 1 ] || fail "-j $jobs: answered an incomplete grid"
    echo "....8..79" >&3 # its ninth row: the grid is complete
    # (a blank line separates answers of several lines)
    wait_lines "$tmp/out" 11 || fail "-j $jobs: no answer to the grid before the end of the input"
    exec 3>&-
    wait "$pid"; st=$?
    pid=
    [ "$st" -eq 0 ] || fail "-j $jobs: status $st $(cat "$tmp/err")"
    [ "$(cat "$tmp/out")" = "$SOL

$(echo "$SOL" | fold -w 9)" ] || fail "-j $jobs: answers $(cat "$tmp/out")"
done

# --- flat memory ---------------------------------------------------------------
# 100,000 puzzles from a pipe (8 MB) on two threads in 24 MB of address
# space (a thread's stack takes 8), and 400,000 solutions of an empty 6x6
# with --all (15 MB of text) in 16 MB: nothing is held but a bounded batch
# (before, the first read the whole input, the second kept every solution,
# and both ran out of memory here). Sanitizers and valgrind need far more
# address space, so these are left to the plain builds.
plain=1
[ -n "${DLX_VALGRIND:-}" ] && plain=0
nm "$S" 2>/dev/null | grep -q -E "__asan|__tsan|__msan" && plain=0
if [ "$plain" = 1 ]; then
    n=$( (ulimit -v 24000; yes "$P" | head -n 100000 | "$S" -j 2 2> "$tmp/err" | uniq -c) )
    [ "$n" = "$(printf '%7d %s' 100000 "$SOL")" ] || fail "100000 puzzles in 24 MB: $n $(cat "$tmp/err")"
    (ulimit -v 16000; printf '%036d\n' 0 | "$S" --all --max 400000 > "$tmp/all" 2> "$tmp/err"); st=$?
    [ "$st" -eq 0 ] || fail "--all in 16 MB: status $st $(cat "$tmp/err")"
    [ "$(sort -u "$tmp/all" | wc -l)" -eq 400000 ] || fail "--all: not 400000 distinct solutions"
else
    echo "skipped under sanitizers and valgrind: the address-space limits"
fi
# --all writes as it finds: its first solutions are out while it still runs
: > "$tmp/all"
printf '%036d\n' 0 | "$S" --all > "$tmp/all" 2>/dev/null &
pid=$!
wait_lines "$tmp/all" 100 || fail "--all: nothing written while it runs"
kill -TERM "$pid"; wait "$pid"; pid=

# --- a full disk: stop at the first failed write ------------------------------------
if [ -w /dev/full ]; then
    yes "$P" | head -n 20000 > "$tmp/many.txt"
    for jobs in 1 2; do
        "$S" -j "$jobs" --stats "$tmp/many.txt" > /dev/full 2> "$tmp/err"; st=$?
        [ "$st" -eq 2 ] || fail "/dev/full -j $jobs: status $st"
        grep -q '^sudoku: write error: No space left on device$' "$tmp/err" ||
            fail "/dev/full -j $jobs: $(cat "$tmp/err")"
        # answered before it stopped: what fits in one output buffer, not 20000
        n=$(sed -n 's/^sudoku: \([0-9]*\) puzzles\{0,1\}:.*/\1/p' "$tmp/err")
        [ -n "$n" ] && [ "$n" -lt 5000 ] || fail "/dev/full -j $jobs: went on to $n puzzles"
    done
    printf '%036d\n' 0 | "$S" --all > /dev/full 2> "$tmp/err"; st=$?
    [ "$st:$(cat "$tmp/err")" = "2:sudoku: write error: No space left on device" ] ||
        fail "--all to /dev/full: $st $(cat "$tmp/err")"
fi

# --- '-' twice ------------------------------------------------------------------
echo "$P" | "$S" - - > "$tmp/out" 2> "$tmp/err"; st=$?
[ "$st" -eq 2 ] || fail "- -: status $st"
grep -q "^sudoku: standard input ('-') is named twice: it can be read only once$" "$tmp/err" ||
    fail "- -: $(cat "$tmp/err")"
[ ! -s "$tmp/out" ] || fail "- -: wrote $(cat "$tmp/out")"

[ "$fails" -eq 0 ]
