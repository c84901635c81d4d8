#!/bin/sh
# SPDX-License-Identifier: MIT
# make bench: runs every benchmark program built into $1/bin/bench, with the
# public puzzle collections of ../shared/data (next to the project; DATA=DIR
# names another place) when they are there, and then the engine side by side
# with Knuth's programs (bench_knuth) when his sources are found: $KNUTH_SRC,
# or shared/anchors/knuth beside the repository or one level further up (a
# git worktree). His programs are built into $1/knuth by his build.sh; none of
# his code enters the project. Each program prints its own table;
# BENCH_QUICK=1 asks them for a short run. Timings on a shared machine are
# noisy: compare figures measured side by side in one run, as ratios.
# BENCH_PROGRAMS="bench_sudoku bench_knuth" runs only the programs named
# (and sim, compare-tdoku.sh when named), e.g. for the README's tables
# (bench/tables.sh).
build=${1:-build}
wanted() { [ -z "${BENCH_PROGRAMS:-}" ] || case " $BENCH_PROGRAMS " in *" $1 "*) true ;; *) false ;; esac; }
root=$(cd "$(dirname "$0")/.." && pwd)
data=${DATA:-$root/../shared/data}
status=0
. "$root/tests/may-install.sh"
# bench_generate and bench_rating set our puzzles beside qqwing's (Debian's
# qqwing package): install it when we can, else say how.
if ! command -v qqwing >/dev/null 2>&1; then
    if may_install bench; then
        echo "bench: installing qqwing (apt-get install qqwing)"
        apt-get install -y qqwing >/dev/null 2>&1 ||
            { apt-get update >/dev/null 2>&1 && apt-get install -y qqwing >/dev/null 2>&1; } ||
            echo "bench: could not install qqwing: its comparisons are skipped"
    else
        echo "bench: qqwing is not installed (sudo apt-get install qqwing): its comparisons" \
             "are skipped"
    fi
fi
for b in "$build"/bin/bench/*; do
    [ -f "$b" ] && [ -x "$b" ] || continue
    [ "$(basename "$b")" = bench_knuth ] && continue
    wanted "$(basename "$b")" || continue
    echo "== $(basename "$b")"
    if [ -d "$data" ]; then
        "$b" "$data" || status=1
    else
        "$b" || status=1
    fi
    echo
done

knuth=${KNUTH_SRC:-}
if [ -z "$knuth" ]; then
    for d in "$root/../shared/anchors/knuth" "$root/../../shared/anchors/knuth"; do
        [ -f "$d/build.sh" ] && knuth=$(cd "$d" && pwd) && break
    done
fi
if ! wanted bench_knuth; then
    :
elif [ -n "$knuth" ] && [ -x "$build/bin/bench/bench_knuth" ]; then
    echo "== bench_knuth (Knuth's programs from $knuth)"
    kbin="$build/knuth/bin"
    if [ ! -x "$kbin/ssmcc" ] || [ "$knuth/build.sh" -nt "$kbin/ssmcc" ]; then
        sh "$knuth/build.sh" "$kbin" >/dev/null || status=1
    fi
    "$build/bin/bench/bench_knuth" "$build/bin" "$knuth" "$kbin" "$build/knuth/work" || status=1
else
    echo "== bench_knuth skipped: Knuth's sources not found (set KNUTH_SRC to the directory"
    echo "   holding his build.sh)"
fi

# The scheduling simulator (bench/sim/run.sh): a search of 16 queens to
# profile its tree the first time, a minute or two; skipped by BENCH_QUICK=1.
wanted sim && echo "== sim (bench/sim/run.sh)"
if ! wanted sim; then
    :
elif [ "${BENCH_QUICK:-0}" = 1 ]; then
    echo "skipped (BENCH_QUICK=1)"
else
    sh "$root/bench/sim/run.sh" "$build" || status=1
fi
wanted sim && echo
# Against tdoku (issue 13): only when a checkout of it is named; the project
# does not need it.
wanted compare-tdoku.sh && echo "== compare-tdoku.sh"
if ! wanted compare-tdoku.sh; then
    :
elif [ -n "${TDOKU:-}" ]; then
    if [ "${BENCH_QUICK:-0}" = 1 ]; then
        SECONDS_TEST=${SECONDS_TEST:-1} SECONDS_WARMUP=${SECONDS_WARMUP:-0} REPEAT=${REPEAT:-1} \
            DATA=${DATA:-$root/../shared/data}/sudoku sh "$root/bench/compare-tdoku.sh" "$TDOKU" || status=1
    else
        DATA=${DATA:-$root/../shared/data}/sudoku sh "$root/bench/compare-tdoku.sh" "$TDOKU" || status=1
    fi
else
    echo "skipped: no tdoku named; to run our solvers in its harness:"
    echo "  git clone https://github.com/t-dillon/tdoku /tmp/tdoku && make bench TDOKU=/tmp/tdoku"
fi
# Against Sudoku Explainer's rater (issue 24): only when a SukakuExplainer
# checkout (or git directory) is named; it is built outside the tree.
echo "== compare-se.sh"
if [ -n "${SE:-}" ]; then
    if [ "${BENCH_QUICK:-0}" = 1 ]; then
        SIZES=${SIZES:-kaggle:20 17_clue:20 top1465:10 generate:10} \
            DATA=${DATA:-$root/../shared/data}/sudoku sh "$root/bench/compare-se.sh" "$SE" || status=1
    else
        DATA=${DATA:-$root/../shared/data}/sudoku sh "$root/bench/compare-se.sh" "$SE" || status=1
    fi
else
    echo "skipped: no Sudoku Explainer named; to rate against its serate (needs javac):"
    echo "  git clone https://github.com/SudokuMonster/SukakuExplainer /tmp/se && make bench SE=/tmp/se"
fi
exit $status
