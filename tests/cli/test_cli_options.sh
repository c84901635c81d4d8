#!/bin/sh
# SPDX-License-Identifier: MIT
# Bad command lines, worded the same way by both commands (cli/common_getopt.c):
# named "dlx:" or "sudoku:" (not the path they were run as), what is wrong,
# a hint to --help, and status 2.
. "$TESTS/cli/common.sh"

# check PROGRAM EXPECTED-FIRST-LINE ARGS...
check() {
    prog=$1 want=$2
    shift 2
    "$BIN/$prog" "$@" </dev/null >"$tmp/out" 2>"$tmp/err"
    st=$?
    [ "$st" -eq 2 ] || fail "$prog $*: status $st, expected 2"
    [ "$(head -n 1 "$tmp/err")" = "$want" ] || fail "$prog $*: said '$(head -n 1 "$tmp/err")', expected '$want'"
    grep -q "^Try '$prog --help' for more information\.$" "$tmp/err" || fail "$prog $*: no --help hint"
    [ ! -s "$tmp/out" ] || fail "$prog $*: wrote to standard output"
}

for prog in dlx sudoku; do
    check "$prog" "$prog: unknown option '-z'" -z
    check "$prog" "$prog: unknown or ambiguous option '--bogus'" --bogus
    check "$prog" "$prog: option '--max' needs an argument" --max
    check "$prog" "$prog: option '--count=3' takes no argument" --count=3
done
check sudoku "sudoku: option '--alphabet' needs an argument" --alphabet

# A bad value: the message names the option (found by tests/fuzz/argv_fuzz.c:
# dlx said "unknown format 'xml'" without naming --format; sudoku took an
# empty --variant, or "x," and ",", as the plain rules, and an empty
# --regions as a file named '').
check dlx "dlx: unknown --format 'xml' (expected text, ids or json)" --format=xml
check dlx "dlx: unknown --format '' (expected text, ids or json)" -f ''
check dlx "dlx: unknown --trace format 'JSON' (expected text, json, matrix or links)" --trace=JSON
check dlx "dlx: unknown --tree format '' (expected dot)" --tree=
check dlx "dlx: unknown --detail 'link' (expected links)" --detail=link
check dlx "dlx: unknown --strategy 'cells' (expected auto, links or bits)" --strategy=cells
for v in '' , x, ,x x,,hyper y; do
    check sudoku "sudoku: invalid --variant '$v': expected x, hyper or jigsaw (commas combine them)" \
        --variant="$v"
done
check sudoku "sudoku: invalid --regions '': expected a file of N lines of N region letters" \
    --regions=
# --seed random says the seed drawn, but only once the command line is good:
# not before --help (argv_fuzz saw it on standard error there), nor before a
# usage error.
check sudoku "sudoku: --seed goes with --generate" --seed random --count
"$BIN/sudoku" --seed random --help </dev/null >"$tmp/out" 2>"$tmp/err" ||
    fail "sudoku --seed random --help: status $?"
[ ! -s "$tmp/err" ] || fail "sudoku --seed random --help: said '$(cat "$tmp/err")'"
# --generate with rules no grid of that size has (hyper windows want square
# boxes; 6x6 has 2x3 ones) said only "no such grid shape", the library's
# words, with nothing naming the option (argv_fuzz found it).
"$BIN/sudoku" --variant hyper --box=3x2 --generate 1 </dev/null >"$tmp/out" 2>"$tmp/err"
st=$?
[ "$st" -eq 2 ] || fail "sudoku --variant hyper --box=3x2 -g1: status $st, expected 2"
[ "$(cat "$tmp/err")" = "sudoku: error: --generate: no 6x6 grid shape for these rules (hyper needs square boxes)" ] ||
    fail "sudoku --variant hyper --box=3x2 -g1: said '$(cat "$tmp/err")'"
[ ! -s "$tmp/out" ] || fail "sudoku --variant hyper --box=3x2 -g1: wrote to standard output"

[ "$fails" -eq 0 ]
