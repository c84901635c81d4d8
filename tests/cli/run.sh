#!/bin/sh
# Runs every tests/cli/test_*.sh against the programs in $BUILD/bin and prints
# one closing line "N passed, N failed". Each test script exits 0 on success;
# it gets BIN (the programs' folder) and TESTS (the tests folder).
BUILD=${BUILD:-build}
BIN=$(cd "$BUILD/bin" && pwd)
TESTS=$(cd "$(dirname "$0")/.." && pwd)
export BIN TESTS
pass=0
fail=0
for t in "$TESTS"/cli/test_*.sh; do
    [ -e "$t" ] || continue
    name=$(basename "$t" .sh)
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
[ "$fail" -eq 0 ]
