#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs every libFuzzer target built in $1/fuzzers (default build/fuzz) for
# FUZZ_SECONDS each (default 60), one after the other, niced. FUZZ_TARGETS
# (names, space separated) picks some of them.
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
targets=${FUZZ_TARGETS:-$(cd "$out/fuzzers" && ls)}
failed=""
for t in $targets; do
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
