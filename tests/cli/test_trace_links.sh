#!/bin/sh
# SPDX-License-Identifier: MIT
# dlx --trace=json --detail=links (docs/trace-json.md, "Link detail"): the
# stream alone rebuilds the dancing links. trace_links.awk replays it and
# checks the rebuilt structure at every step; this script runs it on small
# problems (with and without colours, with a seed, cut by a node limit),
# compares the totals with dlx --stats, checks the layout record of the
# paper's problem against the memory table worked out by hand, checks that
# the state it rebuilds after every record is the engine's own memory
# (tests/tools/trace_states.c), and makes sure the replayer does catch a
# stream that lies.
status=0
dir=${TMPDIR:-/tmp}/test_trace_links.$$
mkdir -p "$dir" || exit 1
trap 'rm -rf "$dir"' EXIT
fail() {
    echo "FAIL: $*"
    status=1
}
links() { awk -f "$TESTS/cli/trace_links.awk" "$@"; }

# The problems: the paper's example (Knuth, "Dancing Links", 2000), his
# small colour example, 5 queens (10 solutions), 6 queens in a random order
# (seed 7; 4 solutions, OEIS A000170), Langford n = 4 (2), the
# 3-colourings of a pentagon (30) and the 2-colourings of the Petersen graph
# (none).
cp "$TESTS/data/dlx/paper.txt" "$dir/paper.dlx"
cp "$TESTS/data/dlx/colors.txt" "$dir/colors.dlx"
"$BIN/examples/queens" --text 5 > "$dir/queens5.dlx"
"$BIN/examples/queens" --text 6 > "$dir/queens6.dlx"
"$BIN/examples/langford" --text 4 > "$dir/langford4.dlx"
"$BIN/examples/colouring" --text 3 C5 > "$dir/c5.dlx"
"$BIN/examples/colouring" --text 2 > "$dir/petersen2.dlx"

for run in paper.dlx: colors.dlx: queens5.dlx: queens6.dlx:--seed=7 queens6.dlx:--choose=first \
    langford4.dlx:--choose=knuth queens6.dlx:--choose=recent langford4.dlx:--choose=recent \
    c5.dlx: c5.dlx:--seed=3 petersen2.dlx:; do
    f=${run%%:*}
    opt=${run#*:}
    name="$f $opt"
    # shellcheck disable=SC2086 # $opt is one option or none
    "$BIN/dlx" --trace=json --detail=links $opt "$dir/$f" > "$dir/trace" 2> "$dir/err"
    [ $? -le 1 ] || { fail "$name: dlx exited with an error: $(cat "$dir/err")"; continue; }
    links "$dir/trace" > "$dir/out" || { fail "$name: the links do not replay:"; head -5 "$dir/out"; continue; }
    awk -f "$TESTS/cli/trace_replay.awk" "$dir/trace" > "$dir/replay" ||
        fail "$name: the search does not replay: $(grep ERROR "$dir/replay" | head -3)"
    # shellcheck disable=SC2086
    # The links' own count: the trace is of the links.
    "$BIN/dlx" --stats --count --strategy=links $opt "$dir/$f" > /dev/null 2> "$dir/stats"
    for what in solutions nodes updates; do
        want=$(sed -n "s/^$what: //p" "$dir/stats")
        got=$(tail -n 1 "$dir/trace" | sed -n "s/.*\"$what\":\([0-9]*\).*/\1/p")
        [ -n "$want" ] && [ "$got" = "$want" ] || fail "$name: end record $what '$got', dlx --stats '$want'"
    done
    # the running count of the replay is the engine's
    [ "$(cut -d' ' -f4 "$dir/out")" = "$(sed -n 's/^updates: //p' "$dir/stats")" ] ||
        fail "$name: the replay counts $(cut -d' ' -f4 "$dir/out") updates"
    # and the state it rebuilds after each record is the engine's memory at
    # that point (trace_states reads it in the event hook), not a guess of
    # the order in which an uncover puts things back
    case $opt in
    --seed=*) args="0 ${opt#--seed=}" ;;
    --choose=knuth) args=1 ;;
    --choose=first) args=2 ;;
    --choose=recent) args=3 ;;
    *) args=0 ;;
    esac
    links -v dump=1 "$dir/trace" | grep '^state ' > "$dir/states.replay"
    # shellcheck disable=SC2086 # the rule and the seed
    "$BIN/tools/trace_states" "$dir/$f" $args | sed 's/ out=.*//' > "$dir/states.engine" ||
        fail "$name: trace_states failed"
    cmp -s "$dir/states.replay" "$dir/states.engine" ||
        fail "$name: the replayed state differs from the engine's: $(diff "$dir/states.replay" "$dir/states.engine" | sed -n 2p | cut -c 1-200)"
done

# A seed is said in the problem record, and the same seed gives the same
# stream: a traced random run can be replayed.
"$BIN/dlx" --trace=json --detail=links --seed=7 "$dir/queens6.dlx" > "$dir/s1" 2>/dev/null
"$BIN/dlx" --trace=json --detail=links --seed=7 "$dir/queens6.dlx" > "$dir/s2" 2>/dev/null
head -n 1 "$dir/s1" | grep -q '"seed":7,' || fail "the problem record does not give seed 7"
cmp -s "$dir/s1" "$dir/s2" || fail "two runs with --seed=7 differ"
"$BIN/dlx" --trace=json --detail=links "$dir/queens6.dlx" 2>/dev/null | head -n 1 > "$dir/s0"
grep -q '"seed":null,' "$dir/s0" || fail "no seed: the problem record should say null"
cmp -s "$dir/s0" "$dir/s1" && fail "the seed did not reorder the lists"

# --- cut by a node limit: the end record agrees with the stream ---------------
# 8 queens stopped after 40 of its nodes, with the links; the pentominoes
# (Scott's 8x8 board) after 500, without them - the case that once ended
# with one node more in the end record than in the records.
"$BIN/examples/queens" --text 8 > "$dir/queens8.dlx"
"$BIN/dlx" --trace=json --detail=links --max-nodes=40 "$dir/queens8.dlx" > "$dir/q8" 2>/dev/null
tail -n 1 "$dir/q8" | grep -q '"status":"limit",.*"nodes":40,' || fail "8 queens: $(tail -n 1 "$dir/q8")"
links "$dir/q8" > "$dir/out" || { fail "8 queens cut at 40 nodes:"; head -5 "$dir/out"; }
if [ -z "${DLX_VALGRIND:-}" ]; then # (under valgrind: 8 queens above suffices)
    "$BIN/examples/pentominoes" --text > "$dir/pent.dlx"
    "$BIN/dlx" --trace=json --max-nodes=500 "$dir/pent.dlx" > "$dir/pent" 2>/dev/null
    awk -f "$TESTS/cli/trace_replay.awk" "$dir/pent" > "$dir/replay" ||
        fail "pentominoes cut at 500 nodes: $(grep ERROR "$dir/replay" | head -3)"
    grep -q '^nodes 500$' "$dir/replay" || fail "pentominoes: $(head -n 2 "$dir/replay")"
fi

# --- the layout of the paper's problem, by hand ---------------------------------
# Knuth's memory table (TAOCP 7.2.2.1, the conventions of its Table 1, as
# DLX1 lays it out) for the matrix of the paper: items A..G are headers 1..7;
# slot 8 is the first spacer; then C E F in 9 10 11, spacer 12 (TOP -1),
# A D G in 13 14 15, spacer 16, B C F in 17 18 19, spacer 20, A D in 21 22,
# spacer 23, B G in 24 25, spacer 26, D E G in 27 28 29, spacer 30.
# LEN: A 2 (13 21), B 2 (17 24), C 2 (9 18), D 3 (14 22 27), E 2 (10 28),
# F 2 (11 19), G 3 (15 25 29). Each list runs top to bottom in option
# order: a header's DLINK is its first node, ULINK its last; a spacer's
# ULINK is the first node of the option above, its DLINK the last node of
# the option below.
top="0,2,2,2,3,2,2,3,0,3,5,6,-1,1,4,7,-2,2,3,6,-3,1,4,-4,2,7,-5,4,5,7,-6"
ulink="0,21,24,18,27,28,19,29,0,3,5,6,9,1,4,7,13,2,9,11,17,13,14,21,17,15,24,22,10,25,27"
dlink="0,13,17,9,14,10,11,15,11,18,28,19,15,21,22,25,19,24,3,6,22,1,27,25,2,29,29,4,5,7,0"
"$BIN/dlx" --trace=json --detail=links "$dir/paper.dlx" > "$dir/paper" 2>/dev/null
head -n 1 "$dir/paper" > "$dir/problem"
grep -qF "\"top\":[$top]" "$dir/problem" || fail "paper: TOP is not the table by hand"
grep -qF "\"ulink\":[$ulink]" "$dir/problem" || fail "paper: ULINK is not the table by hand"
grep -qF "\"dlink\":[$dlink]" "$dir/problem" || fail "paper: DLINK is not the table by hand"
grep -qF '"spacers":[8,12,16,20,23,26,30],"llink":[7,0,1,2,3,4,5,6],"rlink":[1,2,3,4,5,6,7,0]' \
    "$dir/problem" || fail "paper: the spacers or the item list are not as by hand"
# The first cover, of A (chosen with 2 options): A leaves the item list
# (RLINK[0] 1 -> 2, LLINK[2] 1 -> 0), then down A's list: A D G's nodes
# 14 (D) and 15 (G) leave their lists, then A D's node 22 (D). One update
# for the header and one per node: 4 before A D G is tried.
sed -n '3,7p' "$dir/paper" > "$dir/first"
cat > "$dir/first.want" << 'EOF'
{"event":"cover","seq":2,"updates":0,"level":0,"item":0,"left":0,"right":2}
{"event":"hide","seq":3,"updates":1,"level":0,"node":14,"option":1,"item":3,"up":4,"down":22,"len":2}
{"event":"hide","seq":4,"updates":2,"level":0,"node":15,"option":1,"item":6,"up":7,"down":25,"len":2}
{"event":"hide","seq":5,"updates":3,"level":0,"node":22,"option":3,"item":3,"up":4,"down":27,"len":1}
{"event":"try","seq":6,"updates":4,"level":0,"item":0,"option":1,"index":0,"of":2}
EOF
cmp -s "$dir/first" "$dir/first.want" || { fail "paper: the first cover is not as by hand:"; diff "$dir/first.want" "$dir/first"; }

# --- the replayer catches a stream that lies -----------------------------------
# Each change below makes the stream disagree with the dance; each must fail.
links "$dir/paper" > /dev/null || fail "the paper's stream does not replay"
mutate() { # mutate NAME SED-SCRIPT
    sed "$2" "$dir/paper" > "$dir/bad"
    cmp -s "$dir/bad" "$dir/paper" && { fail "mutation '$1' changed nothing"; return; }
    links "$dir/bad" > "$dir/bad.out" && fail "the replayer accepts a stream with $1"
}
mutate "a hide left out" '4d'
mutate "two hides swapped" '4{h;d};5G'
mutate "a wrong ULINK" '4s/"up":4/"up":5/'
mutate "a wrong LEN after" '5s/"len":2/"len":3/'
mutate "a wrong update count" '8s/"updates":4/"updates":5/'
mutate "a wrong sequence number" '8s/"seq":7/"seq":8/'
mutate "a wrong header link" '3s/"right":2/"right":3/'
mutate "a wrong LEN at a choice" '2s/"lens":\[2,2,2,3/"lens":[2,2,2,2/'
mutate "a scan that stopped too soon" '/"level":1,"item":1,"remaining":1/s/"scanned":[0-9]*/"scanned":1/'
mutate "a wrong DLINK in the layout" '1s/"dlink":\[0,13,17/"dlink":[0,13,24/'
mutate "an unhide left out" '0,/"event":"unhide"/{/"event":"unhide"/d}'
mutate "an end record with one node more" '$s/"nodes":6/"nodes":7/'

# --- bad uses ------------------------------------------------------------------------
"$BIN/dlx" --detail=links "$dir/paper.dlx" > /dev/null 2> "$dir/err" && fail "--detail without --trace=json accepted"
grep -q -- "--detail=links goes with --trace=json" "$dir/err" || fail "--detail alone: $(cat "$dir/err")"
"$BIN/dlx" --trace=json --detail=nodes "$dir/paper.dlx" > /dev/null 2>&1 && fail "--detail=nodes accepted"
# Without a view --max-nodes limits the search itself (test_dlx_limits.sh).
"$BIN/dlx" --max-nodes=1 "$dir/paper.dlx" > /dev/null 2> "$dir/err"
grep -q 'stopped at --max-nodes=1' "$dir/err" || fail "--max-nodes without a view: $(cat "$dir/err")"
"$BIN/dlx" --trace --max-nodes=0 "$dir/paper.dlx" > /dev/null 2>&1 && fail "--max-nodes=0 accepted"
# With bounds (Algorithm M) the detail is given too (test_trace_m_links.sh
# checks the links view by hand): accepted, every hide undone by an unhide
# (a tweak's by the untweak's put-backs, also "unhide" records).
"$BIN/dlx" --trace=json --detail=links "$TESTS/data/dlx/bounds.txt" > "$dir/out" 2> "$dir/err" ||
    fail "bounds with --detail=links: status $?: $(cat "$dir/err")"
[ "$(grep -c '"event":"hide"' "$dir/out")" = "$(grep -c '"event":"unhide"' "$dir/out")" ] ||
    fail "bounds with --detail=links: hides and unhides do not pair"
grep -q '"event":"untweak".*"first":' "$dir/out" || fail "bounds with --detail=links: no untweak's links"
exit $status
