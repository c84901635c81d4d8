#!/bin/sh
# SPDX-License-Identifier: MIT
# test_sudoku_inputs.sh - input people actually have (issue 11): a grid
# typed with spaces as blanks, Debian sudoku's -fcompact files with their
# '%' title lines, puzzles given on the command line with -p, and '//'
# comment lines in the dlx command's files. Expected answers are the
# published solutions in tests/data/sudoku/known.solutions (Wikipedia's
# puzzle, Inkala's 2012 puzzle) and Knuth's paper problem (one solution).
S="$BIN/sudoku"
D="$TESTS/data"
. "$TESTS/cli/common.sh"
# expect WHAT GOT WANT
expect() { [ "$2" = "$3" ] || fail "$1: got '$2', want '$3'"; }
WIKI=53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
WIKI_SOL=$(sed -n 1p "$D/sudoku/known.solutions")
INKALA_SOL=$(sed -n 2p "$D/sudoku/known.solutions")

# --- spaces as blanks ---------------------------------------------------------
# The grid of nine lines (trailing blanks kept) reads as one puzzle and the
# answer takes its form: nine lines.
out=$("$S" "$D/sudoku/spaces_as_blanks.txt" 2>"$tmp/err"); st=$?
expect "spaces as blanks: status" "$st" 0
expect "spaces as blanks: answer" "$out" "$(echo "$WIKI_SOL" | fold -w 9)"
[ ! -s "$tmp/err" ] || fail "spaces as blanks: stderr $(cat "$tmp/err")"
# ... with the trailing blanks cut by an editor, CRLF, and a one-line
# puzzle after it
sed -e 's/ *$//' -e 's/$/\r/' "$D/sudoku/spaces_as_blanks.txt" >"$tmp/cut.txt"
printf '\r\n%s\r\n' "$WIKI" >>"$tmp/cut.txt"
out=$("$S" -f line "$tmp/cut.txt" 2>"$tmp/err")
expect "spaces as blanks, trailing blanks cut" "$out" "$WIKI_SOL
$WIKI_SOL"
# --count agrees: one solution, so it is the same puzzle
expect "spaces as blanks: --count" "$("$S" -c "$D/sudoku/spaces_as_blanks.txt")" 1

# --- Debian's sudoku -fcompact: '%' title lines ------------------------------------
# The file is written as sudoku(6) describes its "compact text format": a
# line starting with '%' and a title, then 9 lines of 9 characters.
out=$("$S" -f line "$D/sudoku/debian_compact.txt" 2>"$tmp/err"); st=$?
expect "debian compact: status" "$st" 0
expect "debian compact: answers" "$out" "$WIKI_SOL
$INKALA_SOL"
[ ! -s "$tmp/err" ] || fail "debian compact: stderr $(cat "$tmp/err")"
expect "debian compact: --unique" "$("$S" -u "$D/sudoku/debian_compact.txt" | tr '\n' ' ')" "unique unique "

# --- -p PUZZLE ---------------------------------------------------------------------
expect "-p" "$("$S" -p "$WIKI" </dev/null)" "$WIKI_SOL"
expect "--puzzle=" "$("$S" --puzzle="$WIKI" </dev/null)" "$WIKI_SOL"
# a grid with newlines in one argument gives a grid back
expect "-p grid" "$("$S" -p "$(cat "$TESTS/../examples/puzzle.txt")" </dev/null)" \
    "$(echo "$WIKI_SOL" | fold -w 9)"
# several: one answer each, in order, then the FILEs; a bad one is named
"$S" -f line -p "$WIKI" -p 12345 -p "$(sed -n 5p "$D/sudoku/known.txt")" \
    "$D/sudoku/known.txt" >"$tmp/out" 2>"$tmp/err" </dev/null; st=$?
expect "several -p: status" "$st" 1
expect "several -p: answers" "$(cat "$tmp/out")" "$WIKI_SOL
invalid
$INKALA_SOL
$WIKI_SOL
$INKALA_SOL"
expect "several -p: message" "$(cat "$tmp/err")" \
    "<puzzle 2>:1: error: wrong length: 5 symbols; a puzzle on one line has N*N (81 for 9x9)"
# with -p, standard input is not read (it would be the Wikipedia puzzle)
out=$(echo "$WIKI" | "$S" -c -p 1234............)
expect "-p leaves stdin alone" "$out" 12
# ... unless it is named
out=$(echo "$WIKI" | "$S" -c -p 1234............ -)
expect "-p and -" "$out" "12
1"
"$S" -p '# nothing' >/dev/null 2>"$tmp/err"; st=$?
expect "-p without a puzzle" "$st:$(cat "$tmp/err")" "1:sudoku: <puzzle 1>: error: no puzzle in the input"

# --- '//' comments in the dlx command's files ---------------------------------------
{ echo "// written by another tool"; head -1 "$D/dlx/paper.txt"; echo "  // indented";
  tail -n +2 "$D/dlx/paper.txt"; echo "// the end"; } >"$tmp/slashes.dlx"
"$BIN/dlx" -q "$tmp/slashes.dlx" >"$tmp/out" 2>"$tmp/err"; st=$?
expect "dlx // comments: status" "$st" 0
"$BIN/dlx" -q "$D/dlx/paper.txt" >"$tmp/want"
cmp -s "$tmp/out" "$tmp/want" || fail "dlx // comments: $(cat "$tmp/out") $(cat "$tmp/err")"

[ "$fails" -eq 0 ]
