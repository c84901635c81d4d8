#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs every libFuzzer target built in $1/fuzzers (default build/fuzz) for
# FUZZ_SECONDS each (default 60), one after the other, niced. FUZZ_TARGETS
# (names, space separated) picks some of them; argv_fuzz (random command
# lines for both programs, see below) runs last.
#
# Per target NAME:
#   tests/fuzz/corpus/NAME/       the seed corpus (committed, read only here)
#   tests/fuzz/regressions/NAME/  inputs that once failed (committed)
#   tests/fuzz/NAME.dict          a libFuzzer dictionary, when there is one
#   $1/corpus/NAME/               the growing working corpus (not committed)
#   $1/artifacts/                 crash-*, leak-*, timeout-*, oom-* inputs
#   $1/fuzz-log.tsv               one line per run: date, target, seconds,
#                                 executions, result (for docs/robustness.md)
# A failing target leaves its input in $1/artifacts and the script exits 1
# after running the others.
set -u
out=${1:-build/fuzz}
seconds=${FUZZ_SECONDS:-60}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out/artifacts" || exit 1
log="$out/fuzz-log.tsv"
[ -f "$log" ] || printf 'date\ttarget\tseconds\texecutions\tresult\n' > "$log"
# argv_fuzz is no libFuzzer target but a driver of random command lines
# (tests/fuzz/argv_fuzz.c) run against dlx and sudoku built with ASan +
# UBSan in $1/cli; each run starts from a new seed (the time), said in the
# log, and failing command lines go to $1/artifacts/argv-SEED.sh.
run_argv_fuzz() {
    bin="$out/cli/tests/argv_fuzz"
    if [ ! -x "$bin" ] || [ ! -x "$out/cli/bin/dlx" ] || [ ! -x "$out/cli/bin/sudoku" ]; then
        echo "fuzz: argv_fuzz: not built ($bin, $out/cli/bin/dlx, sudoku)" >&2
        failed="$failed argv_fuzz"
        return
    fi
    seed=$(date +%s)000
    echo "fuzz: argv_fuzz for ${seconds}s (seed $seed)"
    start=$(date +%s)
    ASAN_OPTIONS=detect_leaks=1 nice "$bin" -t "$seconds" -s "$seed" -a "$out/artifacts" \
        "$out/cli/bin/dlx" "$out/cli/bin/sudoku" > "$out/argv_fuzz.log" 2>&1
    rc=$?
    end=$(date +%s)
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/argv_fuzz.log" | tail -n 1)
    if [ "$rc" -eq 0 ]; then
        result=ok
        echo "fuzz: argv_fuzz: ok, $(grep '^argv_fuzz: ' "$out/argv_fuzz.log")"
    else
        result="failed($rc)"
        failed="$failed argv_fuzz"
        echo "fuzz: argv_fuzz: FAILED; the end of $out/argv_fuzz.log:" >&2
        tail -n 40 "$out/argv_fuzz.log" | sed 's/^/    /' >&2
        echo "fuzz: each failing command line is in $out/artifacts/argv-SEED.sh;" \
            "$bin -s SEED -n 1 -v DLX SUDOKU runs one again" >&2
    fi
    printf '%s\t%s\t%s\t%s\t%s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" argv_fuzz "$((end - start))" \
        "${execs:-0}" "$result" >> "$log"
}
targets=${FUZZ_TARGETS:-$(cd "$out/fuzzers" && ls) argv_fuzz}
failed=""
for t in $targets; do
    if [ "$t" = argv_fuzz ]; then
        run_argv_fuzz
        continue
    fi
    bin="$out/fuzzers/$t"
    if [ ! -x "$bin" ]; then
        echo "fuzz: $t: not built ($bin missing)" >&2
        failed="$failed $t"
        continue
    fi
    mkdir -p "$out/corpus/$t" "$here/corpus/$t"
    set -- "$out/corpus/$t" "$here/corpus/$t"
    [ -d "$here/regressions/$t" ] && set -- "$@" "$here/regressions/$t"
    dict=""
    [ -f "$here/$t.dict" ] && dict="-dict=$here/$t.dict"
    echo "fuzz: $t for ${seconds}s"
    start=$(date +%s)
    # shellcheck disable=SC2086
    nice "$bin" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$out/artifacts/$t-" $dict "$@" \
        > "$out/$t.log" 2>&1
    rc=$?
    end=$(date +%s)
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/$t.log" | tail -n 1)
    if [ "$rc" -eq 0 ]; then
        result=ok
        echo "fuzz: $t: ok, ${execs:-?} executions in $((end - start))s," \
            "corpus $(ls "$out/corpus/$t" | wc -l) files"
    else
        result="failed($rc)"
        failed="$failed $t"
        echo "fuzz: $t: FAILED (exit $rc); the end of $out/$t.log:" >&2
        tail -n 40 "$out/$t.log" | sed 's/^/    /' >&2
        echo "fuzz: the input is in $out/artifacts/; reproduce with: $bin FILE;" \
            "once fixed, copy it to tests/fuzz/regressions/$t/" >&2
    fi
    printf '%s\t%s\t%s\t%s\t%s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$t" "$((end - start))" \
        "${execs:-0}" "$result" >> "$log"
done
if [ -n "$failed" ]; then
    echo "fuzz: failed:$failed" >&2
    exit 1
fi
echo "fuzz: all targets ok"
