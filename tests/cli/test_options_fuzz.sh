#!/bin/sh
# SPDX-License-Identifier: MIT
# test_options_fuzz.sh - random and hostile command lines for both commands
# (tests/fuzz/argv_fuzz.c says what is generated and what each run must do:
# end by itself with status 0, 1 or 2; a bad option refused with status 2
# and a message naming it; --help first gives the help; the known counts).
# The same seeds every time, so a failure here repeats; `make fuzz` runs the
# driver with new seeds for FUZZ_SECONDS against programs built with ASan +
# UBSan. A few hundred runs: seconds here, a minute or two under valgrind
# (which gets 1/50 of them and a longer alarm).
set -u
if [ -n "${DLX_VALGRIND:-}" ]; then SLOW=30 runs=12; else SLOW=1 runs=600; fi
# The driver itself runs natively; under valgrind it launches the wrappers
# in $BIN, and its own build is beside the real programs (VG_REAL_BIN).
driver="${VG_REAL_BIN:-$BIN}/../tests/argv_fuzz"
[ -x "$driver" ] || { echo "missing $driver (make test-helpers)"; exit 1; }
if ! out=$("$driver" -n "$runs" -s 1 -T $((20 * SLOW)) "$BIN/dlx" "$BIN/sudoku" 2>&1); then
    printf '%s\n' "$out" | tail -n 40
    exit 1
fi
# The driver's last line but one counts what it ran: all of them, both
# commands, every status seen (a driver that ran nothing would pass).
summary=$(printf '%s\n' "$out" | grep '^argv_fuzz: ')
case $summary in
"argv_fuzz: $runs command lines in "*", 0 failed; "*) ;;
*) echo "unexpected summary: $summary"; exit 1 ;;
esac
exit 0
