# SPDX-License-Identifier: MIT
# common.sh - what most tests/cli/test_*.sh begin with, sourced after their
# own skips: ROOT (the source tree), tmp (a scratch folder, removed when the
# test exits), fail MESSAGE, which prints the message and counts it in
# $fails, and expect_eq WHAT GOT WANT, a fail when GOT is not WANT (both
# shown, cut at 600 bytes); a test ends with [ "$fails" -eq 0 ]. (The
# hostile-input tests have their own, robust_lib.sh.)
ROOT=$(cd "$TESTS/.." && pwd)
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
expect_eq() {
    if [ "$2" != "$3" ]; then
        fail "$1"
        echo "  got:  $(printf '%s' "$2" | head -c 600)"
        echo "  want: $(printf '%s' "$3" | head -c 600)"
    fi
}
# make_clean ARGS: make as a user would type it, without the variables of
# the make that runs the tests: MAKEFLAGS would pass on its -s and its
# command-line variables (dh_auto_test -- V=1 PREFIX=/usr LIBDIR=...), and
# the install variables could come from the environment.
make_clean() {
    env -u MAKEFLAGS -u MFLAGS -u MAKEOVERRIDES -u MAKELEVEL -u GNUMAKEFLAGS \
        -u PREFIX -u DESTDIR -u BINDIR -u LIBDIR -u INCLUDEDIR -u DATADIR -u MANDIR \
        -u DOCDIR -u PKGCONFIGDIR -u COMPLETIONDIR -u SUDOKU_NAME -u WITH_MPI -u V \
        -u BUILD -u OPT -u EXTRA_CFLAGS -u WERROR make "$@"
}
