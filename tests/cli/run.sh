#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs every tests/cli/test_*.sh against the programs in $BUILD/bin and prints
# one closing line "N passed, N failed". Each test script exits 0 on success;
# it gets BIN (the programs' folder) and TESTS (the tests folder).
# DLX_VALGRIND=1 runs every program under valgrind memcheck (valgrind.sh).
BUILD=${BUILD:-build}
BIN=$(cd "$BUILD/bin" && pwd)
TESTS=$(cd "$(dirname "$0")/.." && pwd)
export BIN TESTS
if [ -n "${DLX_VALGRIND:-}" ]; then
    . "$TESTS/cli/valgrind.sh"
    vg_setup || exit 1
fi
pass=0
fail=0
for t in "$TESTS"/cli/test_*.sh; do
    [ -e "$t" ] || continue
    name=$(basename "$t" .sh)
    VG_TEST=$name && export VG_TEST
    if out=$(sh "$t" 2>&1); then
        pass=$((pass + 1))
        echo "cli: $name: ok"
    else
        fail=$((fail + 1))
        echo "cli: $name: FAILED"
        printf '%s\n' "$out" | sed 's/^/    /'
    fi
done
echo "cli tests: $pass passed, $fail failed"
if [ -n "${DLX_VALGRIND:-}" ] && ! vg_check; then
    fail=$((fail + 1))
fi
[ "$fail" -eq 0 ]
