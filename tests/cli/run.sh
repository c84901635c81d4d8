#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs every tests/cli/test_*.sh against the programs in $BUILD/bin and prints
# one closing line "N passed, N failed". Each test script exits 0 on success;
# it gets BIN (the programs' folder) and TESTS (the tests folder).
# The tests run CLI_JOBS at a time (default: the number of processors, at
# most 4), the slowest first; most of their time is spent waiting for a
# signal's effect or a progress line, not computing. A line per test as it
# ends ("cli: NAME: ok (N s)"), then the output of each failed test.
# DLX_VALGRIND=1 runs every program under valgrind memcheck (valgrind.sh);
# the tests that time signals against progress lines are left to the other
# builds there (valgrind's one-thread-at-a-time scheduler makes their waits
# minutes long; ASan's leak checker covers their paths in make sanitize).
BUILD=${BUILD:-build}
BIN=$(cd "$BUILD/bin" && pwd)
TESTS=$(cd "$(dirname "$0")/.." && pwd)
export BIN TESTS
if [ -n "${DLX_VALGRIND:-}" ]; then
    . "$TESTS/cli/valgrind.sh"
    vg_setup || exit 1
fi
. "$TESTS/run-each.sh"
jobs=$(run_jobs "${CLI_JOBS:-}")
RESULTS=$(mktemp -d "${TMPDIR:-/tmp}/dlx-cli.XXXXXX") || exit 1
export RESULTS
trap 'rm -rf "$RESULTS"' EXIT

# The slow ones first, so that two of them do not end up last together.
slow="test_interrupts test_signals test_dlx_jobs test_dlx_io test_python test_trace_links
test_robust_dlx test_install test_sudoku_rate test_dist test_sudoku_generate test_docs"
skip=
[ -n "${DLX_VALGRIND:-}" ] && skip="test_interrupts test_signals"
list=
for name in $slow; do
    [ -e "$TESTS/cli/$name.sh" ] && list="$list $name"
done
for t in "$TESTS"/cli/test_*.sh; do
    [ -e "$t" ] || continue
    name=$(basename "$t" .sh)
    case " $list " in *" $name "*) ;; *) list="$list $name" ;; esac
done
run=
for name in $list; do
    case " $skip " in
    *" $name "*) echo "cli: $name: skipped under valgrind (it times signals; make check, sanitize and tsan run it)" ;;
    *) run="$run $name" ;;
    esac
done

# One test: its output in RESULTS/NAME.out, its status in RESULTS/NAME.rc.
# shellcheck disable=SC2016
printf '%s\n' $run | run_each "$jobs" "$RESULTS" cli "" sh -c 'sh "$TESTS/cli/$1.sh"' sh

pass=0
fail=0
for name in $run; do
    if [ "$(cat "$RESULTS/$name.rc" 2>/dev/null)" = 0 ]; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "cli: $name: FAILED; its output:"
        sed 's/^/    /' "$RESULTS/$name.out" 2>/dev/null
    fi
done
echo "cli tests: $pass passed, $fail failed"
if [ -n "${DLX_VALGRIND:-}" ] && ! vg_check; then
    fail=$((fail + 1))
fi
[ "$fail" -eq 0 ]
