#!/bin/sh
# SPDX-License-Identifier: MIT
# The scheduling simulator's figures (docs/parallel.md, "Beyond this
# machine"): records the top of the real search tree of pentominoes 6x10 and
# of 16 queens to depth 6 with every subtree's size (tree_profile, about one
# full search each: seconds for the pentominoes, a minute or two for the
# queens), then replays both through the static splits and the dynamic
# schemes for 16, 64, 256 and 1024 workers (sched_sim).
#
#   sh bench/sim/run.sh [BUILD] [SCHED_SIM OPTIONS...]
#
# The profiles are written to $BUILD/sim/ (1 MB and about 4 MB: regenerated,
# not kept in the repository) and reused when they are there.
BUILD=${1:-build}
[ $# -gt 0 ] && shift
BIN="$BUILD/bin/bench/sim"
for p in tree_profile sched_sim; do
    [ -x "$BIN/$p" ] || { echo "bench/sim/run.sh: $BIN/$p is missing: run make first" >&2; exit 2; }
done
mkdir -p "$BUILD/sim" || exit 2
profile() { # profile NAME ARGS...
    out="$BUILD/sim/$1.prof"
    shift
    if [ ! -s "$out" ]; then
        echo "profiling $* to depth 6 ..." >&2
        "$BIN/tree_profile" --depth 6 "$@" >"$out.tmp" && mv "$out.tmp" "$out" || exit 2
    fi
}
profile pentominoes-6x10 pentominoes 6x10
profile queens-16 queens 16
"$BIN/sched_sim" "$@" "$BUILD/sim/pentominoes-6x10.prof" "$BUILD/sim/queens-16.prof"
