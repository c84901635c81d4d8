#!/bin/sh
# SPDX-License-Identifier: MIT
# The sudoku command names itself as it was run: installed as dlx-sudoku
# (SUDOKU_NAME, the default, because Debian's sudoku package owns `sudoku`),
# its messages begin "dlx-sudoku:", its --help says "Usage: dlx-sudoku" and
# its --version "dlx-sudoku (dlx) VERSION", as users of renamed Debian
# binaries expect (the name they typed, as coreutils and getopt do). In the
# build tree it is build/bin/sudoku and says "sudoku:" (what every other test
# expects); a link by another name says that name; an empty argv[0] gives
# the command's own name, "sudoku".
if [ "${DLX_VALGRIND:-0}" = 1 ]; then
    echo "skipped under valgrind: installing is not about memory, and \$BIN holds wrappers"
    exit 0
fi
BUILD=$(dirname "$BIN")
. "$TESTS/cli/common.sh"
VERSION=$(sed -n 's/^#define DLX_VERSION "\(.*\)"/\1/p' "$ROOT/dlx/dlx.h")

# named PROGRAM NAME: PROGRAM (a path) calls itself NAME everywhere.
named() {
    prog=$1 name=$2
    "$prog" --bogus >"$tmp/out" 2>"$tmp/err"
    status=$?
    [ "$status" -eq 2 ] || fail "$name --bogus: status $status"
    [ "$(head -1 "$tmp/err")" = "$name: unknown or ambiguous option '--bogus'" ] ||
        fail "$name --bogus: '$(head -1 "$tmp/err")'"
    [ "$(sed -n 2p "$tmp/err")" = "Try '$name --help' for more information." ] ||
        fail "$name --bogus: hint '$(sed -n 2p "$tmp/err")'"
    "$prog" "$tmp/no-such-file" >/dev/null 2>"$tmp/err"
    [ "$(cat "$tmp/err")" = "$name: $tmp/no-such-file: error: cannot open: No such file or directory" ] ||
        fail "$name on a missing file: '$(cat "$tmp/err")'"
    [ "$("$prog" --help | head -1)" = "Usage: $name [OPTION]... [FILE]..." ] ||
        fail "$name --help: '$("$prog" --help | head -1)'"
    "$prog" --help | sed -n '/^Examples:/,$p' | sed 1d >"$tmp/examples"
    [ -s "$tmp/examples" ] || fail "$name --help: no examples"
    grep -v "^  $name " "$tmp/examples" >"$tmp/other"
    [ -s "$tmp/other" ] && fail "$name --help: an example not run as $name: $(head -1 "$tmp/other")"
    [ "$("$prog" --version | head -1)" = "$name (dlx) $VERSION" ] ||
        fail "$name --version: '$("$prog" --version | head -1)'"
    printf '1234\n' | "$prog" --count --max=0x >/dev/null 2>"$tmp/err"
    grep -q "^$name: " "$tmp/err" || fail "$name --max=0x: '$(head -1 "$tmp/err")'"
}

# Installed with SUDOKU_NAME=dlx-sudoku into a scratch DESTDIR.
# (The build's own DOCDIR, so that nothing is rebuilt: test_install checks
# the --help of an install elsewhere.)
docdir=$(cat "$BUILD/docdir" 2>/dev/null) || docdir=/usr/local/share/doc/dlx
make_clean -s -C "$ROOT" install BUILD="$BUILD" DESTDIR="$tmp/root" PREFIX=/usr SUDOKU_NAME=dlx-sudoku \
    DOCDIR="$docdir" >"$tmp/log" 2>&1 || { cat "$tmp/log"; fail "make install SUDOKU_NAME=dlx-sudoku failed"; }
if [ -x "$tmp/root/usr/bin/dlx-sudoku" ]; then
    named "$tmp/root/usr/bin/dlx-sudoku" dlx-sudoku
    # It still solves (Wikipedia's puzzle, with its published solution).
    [ "$("$tmp/root/usr/bin/dlx-sudoku" "$ROOT/tests/data/sudoku/known.txt")" = \
        "$(cat "$ROOT/tests/data/sudoku/known.solutions")" ] || fail "the installed dlx-sudoku does not solve"
fi
make_clean -s -C "$ROOT" uninstall BUILD="$BUILD" DESTDIR="$tmp/root" PREFIX=/usr SUDOKU_NAME=dlx-sudoku \
    DOCDIR="$docdir" >"$tmp/log" 2>&1 || { cat "$tmp/log"; fail "make uninstall failed"; }

# The build tree's name, and a link by another name.
named "$BIN/sudoku" sudoku
ln -s "$BIN/sudoku" "$tmp/my-sudoku"
named "$tmp/my-sudoku" my-sudoku

# No argv[0] to go by (bash's exec -a): the command's own name.
if command -v bash >/dev/null 2>&1; then
    bash -c 'exec -a "" "$1" --bogus' sh "$BIN/sudoku" 2>"$tmp/err"
    [ "$(head -1 "$tmp/err")" = "sudoku: unknown or ambiguous option '--bogus'" ] ||
        fail "empty argv[0]: '$(head -1 "$tmp/err")'"
fi
[ "$fails" -eq 0 ]
