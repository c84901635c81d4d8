#!/bin/sh
# SPDX-License-Identifier: MIT
# dlx --trace=json (docs/trace-json.md): every line parses as JSON, and
# replaying the records (trace_replay.awk) gives the same solutions as
# `dlx --format ids` and the same node and solution counts as `dlx --stats`.
# The covers and uncovers must nest like brackets, and each solution must be
# an exact cover of the primary items.
status=0
dir=${TMPDIR:-/tmp}/test_trace_json.$$
mkdir -p "$dir" || exit 1
trap 'rm -rf "$dir"' EXIT

# The problems: the paper's example, Knuth's small example with colours, and
# some written by the example programs: 5 queens (10 solutions, OEIS
# A000170), Langford n = 4 (2), the 3-colourings of a pentagon (30, with
# colours) and the 2-colourings of the Petersen graph (none: it has odd
# cycles); with bounds (Algorithm M), DLX3's example (1 solution, dlx3.w)
# and the motley dissections of 4 x 4 (8, DLX3's count for motley-dlx 4 4).
cp "$TESTS/data/dlx/paper.txt" "$dir/paper.dlx" || status=1
cp "$TESTS/data/dlx/colors.txt" "$dir/colors.dlx" || status=1
cp "$TESTS/data/dlx/bounds.txt" "$dir/bounds.dlx" || status=1
"$BIN/examples/motley" --text 4 4 > "$dir/motley44.dlx" || status=1
"$BIN/examples/queens" --text 5 > "$dir/queens5.dlx" || status=1
"$BIN/examples/langford" --text 4 > "$dir/langford4.dlx" || status=1
"$BIN/examples/colouring" --text 3 C5 > "$dir/c5.dlx" || status=1
"$BIN/examples/colouring" --text 2 > "$dir/petersen2.dlx" || status=1

for f in "$dir"/*.dlx; do
    name=$(basename "$f")
    "$BIN/dlx" --trace=json "$f" > "$dir/trace" 2> "$dir/trace.err"
    rc=$?
    if [ "$rc" -gt 1 ]; then
        echo "FAIL: $name: dlx --trace=json exited $rc:"
        cat "$dir/trace.err"
        status=1
        continue
    fi
    if ! awk -f "$TESTS/cli/trace_replay.awk" "$dir/trace" > "$dir/replay"; then
        echo "FAIL: $name: the trace does not replay:"
        grep '^ERROR' "$dir/replay" | head -5
        status=1
        continue
    fi
    # The trace is of the links, so the counting run dances too.
    "$BIN/dlx" --stats --strategy=links --format ids "$f" > "$dir/ids" 2> "$dir/stats"
    for what in solutions nodes updates; do
        want=$(sed -n "s/^$what: //p" "$dir/stats")
        got=$(sed -n "s/^$what //p" "$dir/replay")
        if [ -z "$want" ] || [ "$got" != "$want" ]; then
            echo "FAIL: $name: the trace replays to $what '$got', dlx --stats says '$want'"
            status=1
        fi
    done
    # The same solutions, each as its sorted option ids, in any order.
    awk '{ n = split($0, a, " "); for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j-1] + 0 > a[j] + 0; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
           s = ""; for (i = 1; i <= n; i++) s = s (i > 1 ? " " : "") a[i]; print s }' "$dir/ids" |
        sort > "$dir/want"
    sed -n 's/^sol //p' "$dir/replay" | sort > "$dir/got"
    if ! cmp -s "$dir/want" "$dir/got"; then
        echo "FAIL: $name: the trace's solutions differ from dlx --format ids:"
        diff "$dir/want" "$dir/got" | head -5
        status=1
    fi
    # The bit-set search visits the very same tree, and prints the same
    # solutions in the same order. With bounds (Algorithm M on bit sets) the
    # solutions and their order are the same, and the tree is DLX3's with
    # the null moves of spent items contracted: no more nodes.
    if [ "$name" = bounds.dlx ] || [ "$name" = motley44.dlx ]; then
        "$BIN/dlx" --stats --strategy=bits --format ids "$f" > "$dir/ids.bits" 2> "$dir/stats.bits"
        links=$(sed -n 's/^nodes: //p' "$dir/stats")
        bits=$(sed -n 's/^nodes: //p' "$dir/stats.bits")
        if ! cmp -s "$dir/ids" "$dir/ids.bits" || ! grep -q '^strategy: bits' "$dir/stats.bits" ||
            [ -z "$bits" ] || [ "$bits" -gt "$links" ]; then
            echo "FAIL: $name: --strategy=bits with bounds finds other solutions or a bigger tree" \
                "($bits nodes, links $links)"
            status=1
        fi
        continue
    fi
    "$BIN/dlx" --stats --strategy=bits --format ids "$f" > "$dir/ids.bits" 2> "$dir/stats.bits"
    if ! cmp -s "$dir/ids" "$dir/ids.bits" ||
        [ "$(grep '^nodes:' "$dir/stats")" != "$(grep '^nodes:' "$dir/stats.bits")" ]; then
        echo "FAIL: $name: --strategy=bits finds other solutions or another tree"
        status=1
    fi
done

# The known answers, so the comparison above is not between two empty lists.
for pair in paper.dlx:1 queens5.dlx:10 langford4.dlx:2 c5.dlx:30 petersen2.dlx:0 bounds.dlx:1 \
    motley44.dlx:8; do
    "$BIN/dlx" --trace=json "$dir/${pair%%:*}" 2>/dev/null | tail -n 1 > "$dir/end"
    if ! grep -q "\"solutions\":${pair#*:}," "$dir/end"; then
        echo "FAIL: ${pair%%:*}: end record $(cat "$dir/end"), want ${pair#*:} solutions"
        status=1
    fi
done
# The records quoted in docs/trace-json.md are the real ones: every complete
# line of its json blocks (those not shortened with "...") is printed, as it
# stands, by the trace of docs/paper.dlx (with or without --detail=links), of
# docs/xcc.dlx or of docs/mcc.dlx.
DOCS="$TESTS/../docs"
{
    "$BIN/dlx" --trace=json "$DOCS/paper.dlx"
    "$BIN/dlx" --trace=json "$DOCS/xcc.dlx"
    "$BIN/dlx" --trace=json --detail=links "$DOCS/paper.dlx"
    "$BIN/dlx" --trace=json "$DOCS/mcc.dlx"
} > "$dir/doc-traces" 2>/dev/null
awk '/^```json/ { on = 1; next } /^```/ { on = 0 } on && /^\{/ && !/\.\.\./' \
    "$DOCS/trace-json.md" > "$dir/doc-lines"
[ "$(wc -l < "$dir/doc-lines")" -ge 8 ] || { echo "FAIL: trace-json.md: too few records quoted"; status=1; }
while IFS= read -r line; do
    grep -qxF -- "$line" "$dir/doc-traces" || {
        echo "FAIL: docs/trace-json.md quotes a record dlx no longer prints: $line"
        status=1
    }
done < "$dir/doc-lines"
exit $status
