#!/bin/sh
# SPDX-License-Identifier: MIT
# make-problems.sh BIN OUT [DIR] - writes the browser page's built-in problems
# (web/problems.js) from the repository's own files and programs, so that
# the page shows exactly what the tools make:
#   the paper's example    docs/paper.dlx
#   colours                docs/xcc.dlx
#   bounds                 docs/mcc.dlx (Knuth's example of Algorithm M)
#   4 queens               examples/queens --text 4
#   a 4x4 sudoku           sudoku --to-dlx of web/sudoku4.txt
#   a 9x9 sudoku           sudoku --to-dlx of examples/puzzle.txt
#   pentominoes on 3x5     examples/pentominoes --text 3x5, kept to the
#                          pieces P, U and V (which tile it 4 ways)
# A script tag loads the file, so the page works opened from a clone
# (file://), where a browser fetches nothing. With DIR, each problem's text
# is also left there as DIR/ID (tests/cli/test_web_files.sh solves them).
set -eu
BIN=$1
OUT=$2
ROOT=$(cd "$(dirname "$0")/.." && pwd)
tmp=${TMPDIR:-/tmp}/make-problems.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT

cp "$ROOT/docs/paper.dlx" "$tmp/paper"
cp "$ROOT/docs/xcc.dlx" "$tmp/xcc"
cp "$ROOT/docs/mcc.dlx" "$tmp/mcc"
"$BIN/examples/queens" --text 4 > "$tmp/queens4"
"$BIN/sudoku" --to-dlx "$ROOT/web/sudoku4.txt" | sed 's|of /[^ ]*/web/sudoku4.txt|of web/sudoku4.txt|' > "$tmp/sudoku4"
"$BIN/sudoku" --to-dlx "$ROOT/examples/puzzle.txt" | sed 's|of /[^ ]*/examples/puzzle.txt|of examples/puzzle.txt|' > "$tmp/sudoku9"
"$BIN/examples/pentominoes" --text 3x5 2>/dev/null | awk '
    /^\|/ { next }
    !head { print "| Pentominoes P, U and V in a 3x5 box (from examples/pentominoes --text 3x5,"
            print "| kept to three pieces): pieces and cells primary; 4 packings, one per"
            print "| symmetry of the box."
            line = ""
            for (i = 1; i <= NF; i++) if ($i == "P" || $i == "U" || $i == "V" || $i ~ /^r[0-9]+c[0-9]+$/) line = line (line ? " " : "") $i
            print line; head = 1; next }
    $1 == "P" || $1 == "U" || $1 == "V"' > "$tmp/pent3x5"

# A JavaScript string literal of a file's text.
js_string() {
    awk 'BEGIN { printf "\"" } { gsub(/\\/, "\\\\"); gsub(/"/, "\\\""); printf "%s\\n", $0 } END { printf "\"" }' "$1"
}
{
    echo "// SPDX-License-Identifier: MIT"
    echo "// problems.js - the page's built-in problems, written by web/make-problems.sh"
    echo "// (make web) from the repository's files and programs: do not edit."
    echo "var DLX_PROBLEMS = ["
    for entry in "paper|Knuth's paper: A to G|paper" "xcc|Colours (Algorithm C)|xcc" "mcc|Bounds (Algorithm M)|mcc" \
        "queens4|4 queens|queens4" "sudoku4|A 4x4 sudoku|sudoku4" "sudoku9|A 9x9 sudoku (Wikipedia's)|sudoku9" \
        "pent3x5|Pentominoes P U V in 3x5|pent3x5"; do
        id=${entry%%|*}
        rest=${entry#*|}
        title=${rest%%|*}
        file=${rest#*|}
        printf '  { id: "%s", title: "%s", text: ' "$id" "$title"
        js_string "$tmp/$file"
        echo " },"
    done
    echo "];"
} > "$OUT.tmp"
mv "$OUT.tmp" "$OUT"
if [ $# -ge 3 ]; then
    for id in paper xcc mcc queens4 sudoku4 sudoku9 pent3x5; do cp "$tmp/$id" "$3/$id"; done
fi
