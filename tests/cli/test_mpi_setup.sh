#!/bin/sh
# SPDX-License-Identifier: MIT
# What make check does about Open MPI (tests/mpi/ensure-mpi.sh), on a
# machine that does not have it, imitated with stand-in programs on PATH:
# not root, it prints the exact apt-get command and fails (status 1); root
# with a failing apt-get, the same, after asking apt-get for openmpi-bin and
# libopenmpi-dev; root with an apt-get that installs, it succeeds; root but
# told not to (DLX_AUTO_INSTALL=no) or inside a package build
# (dpkg-buildpackage's DEB_HOST_ARCH ...), no apt-get run, the command
# printed, status 1 - for ensure-check.sh (Check) too. Then the
# Makefile's side: with Open MPI missing, the MPI tests are skipped with the
# command printed and status 0 (make check never fails for a missing
# optional tool); and an Open MPI whose mpirun cannot start processes
# skips them too. dlx-mpi's own tests are tests/mpi/test_mpi.sh.
if [ "${DLX_VALGRIND:-0}" = 1 ]; then
    echo "skipped under valgrind: no program of ours runs here, and \$BIN holds wrappers"
    exit 0
fi
BUILD=$(dirname "$BIN")
. "$TESTS/cli/common.sh"
ENSURE="$ROOT/tests/mpi/ensure-mpi.sh"
CHMOD=$(command -v chmod)
CMD="sudo apt-get update && sudo apt-get install -y openmpi-bin libopenmpi-dev"

# stand-ins: id says the user UID; apt-get logs its arguments and does
# what APT_DOES says (fail, or install: create mpicc and mpirun).
fake() { # DIR UID
    mkdir -p "$1"
    printf '#!/bin/sh\necho %s\n' "$2" >"$1/id"
    cat >"$1/apt-get" <<'EOS'
#!/bin/sh
echo "$*" >>"$APT_LOG"
case "$APT_DOES:$*" in
fail:install*|fail:*" install "*) exit 100 ;;
install:*install*)
    for p in mpicc mpirun; do printf '#!/bin/sh\n' >"${0%/*}/$p" && "$CHMOD" +x "${0%/*}/$p"; done ;;
esac
exit 0
EOS
    chmod +x "$1/id" "$1/apt-get"
}
ensure() { # DIR [VAR=VALUE...]: ensure-mpi.sh (or $ENSURE) with only DIR on PATH
    (PATH=$1 && APT_LOG="$tmp/apt.log" && export PATH APT_LOG APT_DOES CHMOD &&
        unset DEB_BUILD_ARCH DEB_HOST_ARCH DEB_RULES_REQUIRES_ROOT && DLX_AUTO_INSTALL=yes &&
        export DLX_AUTO_INSTALL && shift && for v in "$@"; do export "${v?}"; done &&
        /bin/sh "$ENSURE" >"$tmp/out" 2>"$tmp/err")
}

# Not root: no apt-get run, the command printed, status 1.
fake "$tmp/user" 1000
rm -f "$tmp/apt.log"
APT_DOES=install
ensure "$tmp/user"
status=$?
[ "$status" -eq 1 ] || fail "not root, no Open MPI: status $status, expected 1"
grep -q -F "install it with: $CMD" "$tmp/err" || fail "not root: the command is not printed: $(cat "$tmp/err")"
[ -e "$tmp/apt.log" ] && fail "not root: apt-get was run: $(cat "$tmp/apt.log")"
[ -s "$tmp/out" ] && fail "not root: something on standard output: $(cat "$tmp/out")"

# Root, apt-get fails (no network, say): the command printed, status 1.
fake "$tmp/root-fail" 0
rm -f "$tmp/apt.log"
APT_DOES=fail
ensure "$tmp/root-fail"
status=$?
[ "$status" -eq 1 ] || fail "root, apt-get fails: status $status, expected 1"
grep -q -F "apt-get failed; run: apt-get update && apt-get install -y openmpi-bin libopenmpi-dev" "$tmp/err" ||
    fail "root, apt-get fails: $(cat "$tmp/err")"
grep -q '^install -y -qq openmpi-bin libopenmpi-dev$' "$tmp/apt.log" 2>/dev/null ||
    fail "root: apt-get was not asked for openmpi-bin libopenmpi-dev: $(cat "$tmp/apt.log" 2>/dev/null)"

# Root, apt-get installs: status 0, and mpicc is there afterwards.
fake "$tmp/root-ok" 0
rm -f "$tmp/apt.log"
APT_DOES=install
ensure "$tmp/root-ok"
status=$?
[ "$status" -eq 0 ] || fail "root, apt-get installs: status $status: $(cat "$tmp/err")"
[ -x "$tmp/root-ok/mpicc" ] || fail "root: the stand-in apt-get did not run install"
grep -q '^update -qq$' "$tmp/apt.log" 2>/dev/null || fail "root: apt-get update was not run first"

# Root, but no installing asked for, or a package build: no apt-get run,
# the command printed, status 1 (the tests are skipped, saying so).
for case in DLX_AUTO_INSTALL=no DEB_HOST_ARCH=amd64 DEB_RULES_REQUIRES_ROOT=no; do
    fake "$tmp/root-no" 0
    rm -f "$tmp/apt.log" "$tmp/root-no/mpicc"
    APT_DOES=install
    ensure "$tmp/root-no" "$case"
    status=$?
    [ "$status" -eq 1 ] || fail "root, $case: status $status, expected 1"
    [ -e "$tmp/apt.log" ] && fail "root, $case: apt-get was run: $(cat "$tmp/apt.log")"
    grep -q -F "install it with: $CMD" "$tmp/err" || fail "root, $case: the command is not printed: $(cat "$tmp/err")"
    grep -q -E "not installing anything( inside a package build|.*DLX_AUTO_INSTALL=no)" "$tmp/err" ||
        fail "root, $case: it does not say why: $(cat "$tmp/err")"
done
# The same for the Check framework (make check's first step): pkg-config
# missing, a package build: no apt-get, the command printed, status 1.
(ENSURE="$ROOT/tests/ensure-check.sh" && rm -f "$tmp/apt.log" && ensure "$tmp/root-no" DEB_BUILD_ARCH=amd64)
status=$?
[ "$status" -eq 1 ] || fail "ensure-check.sh in a package build: status $status, expected 1"
[ -e "$tmp/apt.log" ] && fail "ensure-check.sh in a package build: apt-get was run: $(cat "$tmp/apt.log")"
grep -q -F "install it with: sudo apt-get update && sudo apt-get install -y check pkg-config" "$tmp/err" ||
    fail "ensure-check.sh in a package build: $(cat "$tmp/err")"
(ENSURE="$ROOT/tests/ensure-check.sh" && rm -f "$tmp/apt.log" && ensure "$tmp/root-no")
grep -q '^install -y -qq check pkg-config$' "$tmp/apt.log" 2>/dev/null ||
    fail "ensure-check.sh as root: apt-get was not asked for check pkg-config: $(cat "$tmp/apt.log" 2>/dev/null)"

# Already there: nothing run, status 0.
rm -f "$tmp/apt.log"
ensure "$tmp/root-ok"
status=$?
[ "$status" -eq 0 ] || fail "Open MPI present: status $status"
[ -e "$tmp/apt.log" ] && fail "Open MPI present: apt-get was run: $(cat "$tmp/apt.log")"

# The Makefile: Open MPI missing (an MPICC that is not there, not root), the
# tests skipped with the command printed, status 0.
# (The make check running us may have been given MPI_TESTS=no, as .ci/run's
# gcc check is: it reaches this make through MAKEFLAGS, so that is cleared
# and MPI_TESTS named.)
(PATH="$tmp/user:$PATH" && export PATH && unset MAKEFLAGS MFLAGS MAKEOVERRIDES MPI_TESTS &&
    make --no-print-directory -s -C "$ROOT" check-mpi BUILD="$BUILD" MPICC="$tmp/none/mpicc" \
        MPI_STATE="$tmp/mpi-state" MPI_TESTS=yes \
        >"$tmp/make.out" 2>&1)
status=$?
[ "$status" -eq 0 ] || fail "make check-mpi without Open MPI: status $status: $(tail -5 "$tmp/make.out")"
grep -q 'dlx-mpi tests skipped' "$tmp/make.out" || fail "make check-mpi: no skip line: $(tail -5 "$tmp/make.out")"
grep -q -F "$CMD" "$tmp/make.out" || fail "make check-mpi: the install command is not printed: $(tail -5 "$tmp/make.out")"
grep -q 'dlx-mpi: ok' "$tmp/make.out" && fail "make check-mpi: the tests ran without Open MPI"
# MPI_TESTS=no: skipped without asking.
# (MPI_STATE: not the build's own, which the make check running us reads.)
make --no-print-directory -s -C "$ROOT" check-mpi BUILD="$BUILD" MPI_TESTS=no MPI_STATE="$tmp/mpi-state" \
    >"$tmp/make.out" 2>&1 ||
    fail "make check-mpi MPI_TESTS=no: $(tail -5 "$tmp/make.out")"
grep -q 'skipped (MPI_TESTS=no)' "$tmp/make.out" || fail "MPI_TESTS=no: $(tail -5 "$tmp/make.out")"

# Open MPI there, but mpirun cannot start processes (a stand-in that fails
# as Open MPI does when its daemons cannot start): test_mpi.sh says so and
# skips, status 0, before running anything of ours.
mkdir -p "$tmp/broken"
printf '#!/bin/sh\necho "ORTE was unable to reliably start one or more daemons." >&2\nexit 1\n' \
    >"$tmp/broken/mpirun"
chmod +x "$tmp/broken/mpirun"
(PATH="$tmp/broken:$PATH" && export PATH && cd "$ROOT" && BUILD="$BUILD" sh tests/mpi/test_mpi.sh \
    >"$tmp/out" 2>&1)
status=$?
[ "$status" -eq 0 ] || fail "mpirun that cannot start: status $status: $(head -3 "$tmp/out")"
grep -q 'dlx-mpi tests skipped: mpirun cannot start 2 processes here' "$tmp/out" ||
    fail "mpirun that cannot start: $(head -3 "$tmp/out")"
grep -q 'unable to reliably start' "$tmp/out" || fail "mpirun that cannot start: its words are not shown"
[ "$fails" -eq 0 ]
