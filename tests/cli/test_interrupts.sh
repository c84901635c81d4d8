#!/bin/sh
# SPDX-License-Identifier: MIT
# test_interrupts.sh - what an interrupted run says (issue 22, the
# commands' part; Python's is python/tests/test_interrupts.py, dlx-mpi's
# tests/mpi/test_mpi.sh):
# - dlx --seed on 100,000 chained items stops within its watchdog's 20 s
#   (the first slice of 16,384 nodes once took 98 s);
# - `dlx -j 2` stopped by SIGINT gives the threads' estimate of how much of
#   the tree it searched (it said 0.0% until a top-level branch ended);
# - `sudoku --count -p PUZZLE` stopped by SIGINT names the puzzle as
#   <puzzle 1> (it printed whatever had since taken the place of a buffer
#   local to the loop that read the -p puzzles);
# - `sudoku PUZZLE` (a puzzle where a file name goes) says to use -p.
# A signal is sent only once the program shows it is running, waiting in
# tenths of a second (a minute at most), so a loaded machine or valgrind
# only makes it slower.
. "$TESTS/cli/common.sh"
S="$BIN/sudoku"
DLX="$BIN/dlx"
D="$TESTS/data"
pid=
trap '[ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT

# wait_lines FILE N: until FILE has N lines (a minute at most).
wait_lines() {
    i=0
    while [ "$(wc -l 2>/dev/null <"$1" || echo 0)" -lt "$2" ]; do
        i=$((i + 1))
        [ "$i" -le 600 ] || return 1
        sleep 0.1
    done
}
# wait_for FILE REGEX: until a line of FILE matches (a minute at most).
wait_for() {
    i=0
    until grep -q -E "$2" "$1" 2>/dev/null; do
        i=$((i + 1))
        [ "$i" -le 600 ] || return 1
        sleep 0.1
    done
}
# stop SIGNAL: sends it to $pid and waits (killed after 60 s); status in $st.
stop() {
    kill "-$1" "$pid"
    ( sleep 60; kill -KILL "$pid" 2>/dev/null ) &
    dog=$!
    wait "$pid"; st=$?
    kill "$dog" 2>/dev/null
    pid=
}

# --- dlx -j 2: the threads' estimate ----------------------------------------------
# 15 queens has 2,279,184 solutions (OEIS A000170). Once the progress line
# says 0.1% or more (0.4 s of two threads here, longer under valgrind) no
# top-level branch of the 15 is over, so an estimate of finished branches
# only says 0.0%.
sh "$D/dlx/gen.sh" queens 15 >"$tmp/q15.txt"
"$DLX" -j 2 -c --progress "$tmp/q15.txt" >"$tmp/out" 2>"$tmp/err" &
pid=$!
wait_for "$tmp/err" '([1-9][0-9]*|0)\.[0-9]% of the tree' || fail "dlx -j 2: no progress line in a minute"
grep -q -E '([1-9][0-9]*\.[0-9]|0\.[1-9])% of the tree' "$tmp/err" ||
    wait_for "$tmp/err" '([1-9][0-9]*\.[0-9]|0\.[1-9])% of the tree' || fail "dlx -j 2: not 0.1% in a minute"
stop INT
expect_eq "dlx -j 2, SIGINT: status" "$st" 130
pct=$(sed -n 's/.*about \([0-9.]*\)% of the tree searched$/\1/p' "$tmp/err")
case $pct in
'') fail "dlx -j 2, SIGINT: no estimate in: $(cat "$tmp/err")" ;;
0.0) fail "dlx -j 2, SIGINT: about 0.0% of the tree (the progress line had said more)" ;;
esac

# --- dlx: Ctrl-C within a slice, whatever a node costs ------------------------------
# 100,000 items, each alone in an option: with --seed every node scans all
# the items (6 ms a node here); the first slice was 16,384 nodes, so SIGINT
# waited 98 s. Slices now start at one node and follow the time they take.
# The watchdog gives it 20 s, for a loaded machine (the whole search takes minutes; a slice of
# 16,384 nodes at 1.3 ms a node, as before the engine table, 21 s).
awk 'BEGIN { n = 100000; for (i = 1; i <= n; i++) printf "i%d%s", i, i < n ? " " : "\n";
             for (i = 1; i <= n; i++) print "i" i }' >"$tmp/chain.txt"
"$DLX" -c --seed=1 --progress "$tmp/chain.txt" >"$tmp/out" 2>"$tmp/err" &
pid=$!
# (With the engine's rules no longer quadratic on such chains the search may
# end before its first progress line: then there is nothing to stop.)
until grep -q 'of the tree' "$tmp/err" 2>/dev/null || ! kill -0 "$pid" 2>/dev/null; do sleep 0.1; done
if kill -0 "$pid" 2>/dev/null; then
    kill -INT "$pid"
    ( sleep 20; kill -KILL "$pid" 2>/dev/null ) &
    dog=$!
    wait "$pid"; st=$?
    kill "$dog" 2>/dev/null
    pid=
    expect_eq "dlx --seed on a chain, SIGINT: status (137: not stopped in 20 s)" "$st" 130
else
    wait "$pid"; st=$?
    pid=
    expect_eq "dlx --seed on a chain, finished: status" "$st" 0
fi

# --- sudoku --count -p, stopped --------------------------------------------------
EMPTY=$(printf '%081d' 0 | tr 0 .)
"$S" --count --progress -p "$EMPTY" >"$tmp/out" 2>"$tmp/err" &
pid=$!
wait_for "$tmp/err" 'nodes into the next' || fail "sudoku --count -p: no progress line"
stop INT
expect_eq "sudoku --count -p, SIGINT: status" "$st" 130
grep -q -E '^sudoku: interrupted \(SIGINT\) after 0 answers; the next puzzle \(<puzzle 1>:1\) was stopped after' "$tmp/err" ||
    fail "sudoku --count -p, SIGINT: $(tail -1 "$tmp/err")"

# --- a puzzle where a FILE goes ----------------------------------------------------
P=53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
(cd "$tmp" && "$S" "$P") >"$tmp/out" 2>"$tmp/err"
expect_eq "sudoku PUZZLE: status" "$?" 2
expect_eq "sudoku PUZZLE: message" "$(cat "$tmp/err")" \
    "sudoku: $P: error: cannot open: No such file or directory
sudoku: note: to solve a puzzle given on the command line, put -p before it: sudoku -p '$P'"
# A missing file that is no puzzle gets no note.
(cd "$tmp" && "$S" missing-puzzles.txt) >"$tmp/out" 2>"$tmp/err"
expect_eq "sudoku MISSING: message" "$(cat "$tmp/err")" \
    "sudoku: missing-puzzles.txt: error: cannot open: No such file or directory"

[ "$fails" -eq 0 ]
