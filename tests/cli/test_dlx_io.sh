#!/bin/sh
# SPDX-License-Identifier: MIT
# The dlx command's input and output at their edges: CRLF line endings, a
# byte-order mark, names of 100 characters, 20000 items; a closed pipe, a
# full disk; Ctrl-C during a long search (partial answer, status 130) and the
# progress line.
DLX="$BIN/dlx"
D="$TESTS/data/dlx"
GEN="$D/gen.sh"
. "$TESTS/cli/common.sh"

# CRLF: the committed fixture has CRLF on every line; the solutions are
# printed without the CR. (A B | C, then {A B, C} and {A, B C}.)
od -c "$D/crlf.txt" | grep -q '\\r' || fail "crlf.txt has lost its CRs"
"$DLX" -q "$D/crlf.txt" >"$tmp/out" 2>"$tmp/err" || fail "crlf: status $?"
printf 'A B\nC\n\nA\nB C\n' >"$tmp/want"
cmp -s "$tmp/out" "$tmp/want" || fail "crlf: got $(od -c "$tmp/out")"

# A UTF-8 byte-order mark and UTF-8 names.
printf '\357\273\277caf\303\251 th\303\251\ncaf\303\251\nth\303\251\n' >"$tmp/bom.txt"
"$DLX" -q "$tmp/bom.txt" >"$tmp/out" 2>"$tmp/err" || fail "bom: status $? $(cat "$tmp/err")"
printf 'caf\303\251\nth\303\251\n' >"$tmp/want"
cmp -s "$tmp/out" "$tmp/want" || fail "bom: got $(cat "$tmp/out")"
"$DLX" -q -f json "$tmp/bom.txt" >"$tmp/out" || fail "bom json: status $?"
grep -q "$(printf '"lines": \\["caf\303\251", "th\303\251"\\]')" "$tmp/out" ||
    fail "bom json: $(cat "$tmp/out")"

# Names of 100 characters (Knuth's programs stop at 8), with a shared colour:
# x y | z with options {x z:same} {y z:same} {x y}: 2 solutions.
sh "$GEN" longnames 100 >"$tmp/long.txt"
[ "$(head -1 "$tmp/long.txt" | cut -d' ' -f1 | tr -d '\n' | wc -c)" -eq 100 ] ||
    fail "longnames: the generator did not make 100-character names"
[ "$("$DLX" -q -c "$tmp/long.txt")" = 2 ] || fail "100-character names: count not 2"
"$DLX" -q --first "$tmp/long.txt" >"$tmp/out"
[ "$(head -1 "$tmp/out")" = "$(sed -n 2p "$tmp/long.txt")" ] || fail "100-character names: line not as written"

# 20000 items, one option each: one solution of 20000 lines.
sh "$GEN" items 20000 >"$tmp/items.txt"
"$DLX" -q "$tmp/items.txt" >"$tmp/out" || fail "20000 items: status $?"
[ "$(wc -l <"$tmp/out")" -eq 20000 ] || fail "20000 items: $(wc -l <"$tmp/out") lines"
[ "$(tail -1 "$tmp/out")" = a20000 ] || fail "20000 items: last line $(tail -1 "$tmp/out")"

# A closed pipe ends the run quietly: no message, status 0 (a solution was
# found), and the search stops instead of printing 161280 squares.
sh "$GEN" latin 5 >"$tmp/latin5.txt"
{ "$DLX" "$tmp/latin5.txt" 2>"$tmp/err"; echo $? >"$tmp/status"; } | head -1 >"$tmp/out"
[ "$(cat "$tmp/status")" = 0 ] || fail "closed pipe: status $(cat "$tmp/status")"
[ ! -s "$tmp/err" ] || fail "closed pipe: stderr: $(cat "$tmp/err")"
[ "$(cat "$tmp/out")" = "x0_0 r0_0 c0_0" ] || fail "closed pipe: first line $(cat "$tmp/out")"

# A full disk is an error: message and status 2, for solutions and counts.
if [ -w /dev/full ]; then
    for args in "" "--count" "--format json" "--help"; do
        # shellcheck disable=SC2086
        "$DLX" $args "$D/paper.txt" >/dev/full 2>"$tmp/err"
        status=$?
        [ "$status" -eq 2 ] || fail "/dev/full '$args': status $status"
        grep -q '^dlx: write error: No space left on device$' "$tmp/err" ||
            fail "/dev/full '$args': $(cat "$tmp/err")"
    done
fi

# Ctrl-C: a long search (18 queens) stops cleanly, prints the count so far,
# says it is partial and exits 130. --progress on a file writes whole lines.
# Under valgrind dlx needs seconds to start, and a SIGINT that comes before
# its handler is set is ignored (a background job), so this part is left to
# the plain and sanitizer runs.
if [ "${DLX_VALGRIND:-0}" = 1 ]; then
    echo "Ctrl-C tests skipped under valgrind (too slow to start for the timing)"
    [ "$fails" -eq 0 ]
    exit
fi
# interrupt PID: SIGINT, then wait; a search that ignores it is killed after
# 30 s (status 137) instead of hanging the test run.
interrupt() {
    kill -INT "$1"
    ( sleep 30; kill -KILL "$1" 2>/dev/null ) &
    watchdog=$!
    wait "$1"
    status=$?
    kill "$watchdog" 2>/dev/null
}
sh "$GEN" queens 18 >"$tmp/q18.txt"
"$DLX" --count --progress "$tmp/q18.txt" >"$tmp/out" 2>"$tmp/err" &
pid=$!
sleep 1.5
interrupt "$pid"
[ "$status" -eq 130 ] || fail "Ctrl-C: status $status, expected 130"
grep -q '^[0-9][0-9]*$' "$tmp/out" || fail "Ctrl-C: no count printed: $(cat "$tmp/out")"
grep -q '^dlx: interrupted (SIGINT): .* so far (partial)' "$tmp/err" || fail "Ctrl-C: no partial note: $(cat "$tmp/err")"
grep -Eq '^dlx: .*% of the tree, .* solutions, .* nodes, [0-9]+ s(, about .* left)?$' "$tmp/err" ||
    fail "--progress: no progress line: $(cat "$tmp/err")"
# ... and with JSON the document is complete and says so.
"$DLX" --format json "$tmp/q18.txt" >"$tmp/out" 2>"$tmp/err" &
pid=$!
sleep 0.5
interrupt "$pid"
[ "$status" -eq 130 ] || fail "Ctrl-C json: status $status, expected 130"
grep -q '"complete": false,' "$tmp/out" || fail "Ctrl-C json: not marked incomplete"
tail -1 "$tmp/out" | grep -q '^}$' || fail "Ctrl-C json: document not closed"

[ "$fails" -eq 0 ]
