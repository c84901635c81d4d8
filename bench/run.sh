#!/bin/sh
# SPDX-License-Identifier: MIT
# make bench: runs every benchmark program built into $1/bin/bench, with the
# public puzzle collections of ../shared/data (next to the project; DATA=DIR
# names another place) when they are there. Each program prints its own
# table; BENCH_QUICK=1 asks them for a short run. Timings on a shared
# machine are noisy: compare figures measured side by side in one run, as
# ratios.
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
data=${DATA:-$root/../shared/data}
status=0
for b in "$build"/bin/bench/*; do
    [ -x "$b" ] || continue
    echo "== $(basename "$b")"
    if [ -d "$data" ]; then
        "$b" "$data" || status=1
    else
        "$b" || status=1
    fi
    echo
done
exit $status
