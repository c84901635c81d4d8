#!/bin/sh
# SPDX-License-Identifier: MIT
# test_cli_agree.sh - the dlx and sudoku commands agree where a user would
# expect them to (issue 11): -V is --version in both, with the GNU-style
# copyright and licence lines; a file that cannot be opened or read is
# "PROGRAM: FILE: error: cannot open|read: REASON" in both; both say on a
# terminal that they are waiting for input; --stats counts in good English.
. "$TESTS/cli/common.sh"
D="$TESTS/data"

# --- -V and --version ----------------------------------------------------------
licence="Copyright (C) 2026 The dlx authors.
License MIT: <https://opensource.org/licenses/MIT>.
This is free software: you are free to change and redistribute it.
There is NO WARRANTY, to the extent permitted by law."
for prog in dlx sudoku; do
    "$BIN/$prog" -V >"$tmp/short" 2>"$tmp/err" || fail "$prog -V: status $?"
    "$BIN/$prog" --version >"$tmp/long" 2>>"$tmp/err" || fail "$prog --version: status $?"
    cmp -s "$tmp/short" "$tmp/long" || fail "$prog: -V and --version differ"
    [ ! -s "$tmp/err" ] || fail "$prog -V: stderr $(cat "$tmp/err")"
    head -1 "$tmp/short" | grep -Eq "^$prog \((libdlx|dlx)\) [0-9]+\.[0-9]+\.[0-9]+$" ||
        fail "$prog -V: first line $(head -1 "$tmp/short")"
    [ "$(tail -4 "$tmp/short")" = "$licence" ] || fail "$prog -V: licence lines $(tail -4 "$tmp/short")"
    "$BIN/$prog" --help | grep -q -- '-V, --version' || fail "$prog --help does not list -V"
done
# The variant moved to -t: "-t x" is the X-sudoku, -V takes no argument.
sol=$(printf '%081d\n' 0 | "$BIN/sudoku" -t x)
sol2=$(printf '%081d\n' 0 | "$BIN/sudoku" --variant x)
[ -n "$sol" ] && [ "$sol" = "$sol2" ] || fail "sudoku -t x: '$sol' vs --variant x: '$sol2'"
"$BIN/sudoku" --help | grep -q -- '-t, --variant=LIST' || fail "sudoku --help does not list -t"
for page in sudoku dlx; do
    grep -q 'fB\\-V\\fR.*\\-\\-version\|BR \\-V ", " \\-\\-version' "$TESTS/../docs/$page.1" ||
        fail "docs/$page.1 does not document -V, --version"
done
# Every long option that --help lists has its entry in the man page
# (dlx(1) once lacked --strategy). dlx-mpi's: tests/mpi/test_mpi.sh.
for page in sudoku dlx; do
    # the entries: the .B/.BR line after each .TP
    awk 'prev == ".TP" && /^\.BR? / { gsub(/\\-/, "-"); print } { prev = $0 }' \
        "$TESTS/../docs/$page.1" > "$tmp/entries"
    "$BIN/$page" --help | grep -o -E -- '--[a-z][a-z-]*' | sort -u | while read -r opt; do
        grep -q -E -e "(^|[ \"])$opt([^a-z-]|$)" "$tmp/entries" || echo "$opt"
    done > "$tmp/undocumented"
    [ -s "$tmp/undocumented" ] && fail "docs/$page.1 lacks $(tr '\n' ' ' < "$tmp/undocumented")"
done

# --- files that cannot be opened or read: one shape for both ---------------------
mkdir "$tmp/adir"
for prog in dlx sudoku; do
    "$BIN/$prog" "$tmp/missing.txt" </dev/null >/dev/null 2>"$tmp/err"; st=$?
    [ "$st" -eq 2 ] || fail "$prog missing file: status $st"
    [ "$(cat "$tmp/err")" = "$prog: $tmp/missing.txt: error: cannot open: No such file or directory" ] ||
        fail "$prog missing file: $(cat "$tmp/err")"
    "$BIN/$prog" "$tmp/adir" </dev/null >/dev/null 2>"$tmp/err"; st=$?
    [ "$st" -eq 2 ] || fail "$prog directory: status $st"
    [ "$(cat "$tmp/err")" = "$prog: $tmp/adir: error: cannot read: Is a directory" ] ||
        fail "$prog directory: $(cat "$tmp/err")"
done
"$BIN/sudoku" -r "$tmp/missing.regions" </dev/null >/dev/null 2>"$tmp/err"; st=$?
[ "$st:$(cat "$tmp/err")" = "2:sudoku: $tmp/missing.regions: error: cannot open: No such file or directory" ] ||
    fail "sudoku missing region map: $st:$(cat "$tmp/err")"

# --- a terminal on standard input: a hint, in both -------------------------------
# `script` (util-linux) gives the program a pseudo-terminal; the empty input
# it forwards ends in Ctrl-D.
if command -v script >/dev/null 2>&1; then
    for prog in dlx sudoku; do
        timeout 60 script -qec "$BIN/$prog" /dev/null </dev/null >"$tmp/tty" 2>&1
        grep -q "^$prog: reading .* from the terminal; end it with Ctrl-D ($prog --help for more)" "$tmp/tty" ||
            fail "$prog on a terminal: no hint: $(cat "$tmp/tty")"
    done
    # ... and not when the input is a file or a pipe.
    printf '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n' |
        "$BIN/sudoku" >/dev/null 2>"$tmp/err"
    [ ! -s "$tmp/err" ] || fail "sudoku on a pipe: $(cat "$tmp/err")"
else
    echo "skipped: the terminal hint (needs script(1): apt-get install bsdutils)"
fi

# --- --stats in good English ---------------------------------------------------
"$BIN/sudoku" --stats -p 1234............ >/dev/null 2>"$tmp/err"
grep -q '^sudoku: 1 puzzle: 1 solved' "$tmp/err" || fail "--stats, one puzzle: $(cat "$tmp/err")"
grep -q ', 1 thread$' "$tmp/err" || fail "--stats, one thread: $(cat "$tmp/err")"
"$BIN/sudoku" --stats -j 2 "$D/sudoku/known.txt" >/dev/null 2>"$tmp/err"
grep -q '^sudoku: 2 puzzles: 2 solved' "$tmp/err" || fail "--stats, two puzzles: $(cat "$tmp/err")"
grep -q ', 2 threads$' "$tmp/err" || fail "--stats, two threads: $(cat "$tmp/err")"

[ "$fails" -eq 0 ]
