#!/bin/sh
# SPDX-License-Identifier: MIT
# Replays every fuzz target's seed corpus and regression inputs (inputs that
# once crashed or failed) through the target built without libFuzzer
# ($BIN/fuzz/NAME, see tests/fuzz/replay.c), so `make check`, `make sanitize`
# and `make memcheck` keep them fixed. Each target aborts on a wrong answer.
set -u
status=0
found=0
[ -x "$BIN/fuzz/fuzz_differential" ] || { echo "missing $BIN/fuzz/fuzz_differential (make fuzz-replay)"; exit 1; }
for bin in "$BIN"/fuzz/fuzz_*; do
    [ -x "$bin" ] || continue
    name=$(basename "$bin")
    found=$((found + 1))
    set --
    for d in "$TESTS/fuzz/corpus/$name" "$TESTS/fuzz/regressions/$name"; do
        [ -d "$d" ] && set -- "$@" "$d"
    done
    [ $# -gt 0 ] || { echo "$name: no corpus in tests/fuzz/corpus/$name"; status=1; continue; }
    if ! out=$("$BIN/fuzz/$name" "$@" 2>&1); then
        echo "$name: an input failed; the last one named is the culprit:"
        printf '%s\n' "$out" | tail -n 25
        status=1
        continue
    fi
    # The count line is the last one; an input aborting never gets there.
    last=$(printf '%s\n' "$out" | tail -n 1)
    case $last in
    "$name: "*" inputs") ;;
    *) echo "$name: unexpected end of output: $last"; status=1 ;;
    esac
done
[ "$found" -gt 0 ] || { echo "no fuzz targets in $TESTS/fuzz"; status=1; }
exit $status
