#!/bin/sh
# SPDX-License-Identifier: MIT
# run-units.sh CHECK_ALL - runs the Check suites of CHECK_ALL (tests/main.c)
# UNIT_JOBS at a time (default: the processors, at most 4), the slowest
# first; one line per suite as it ends ("unit: NAME: ok (N s): 100%: Checks:
# ..."), the whole output of each failed one, and a closing total. The
# environment (CK_FORK, ASAN_OPTIONS, TSAN_OPTIONS, ...) reaches every suite.
bin=${1:?usage: run-units.sh CHECK_ALL}
. "$(dirname "$0")/run-each.sh"
jobs=$(run_jobs "${UNIT_JOBS:-}")
names=$("$bin" --list) || { echo "run-units.sh: $bin --list failed"; exit 1; }
UNITS=$(mktemp -d "${TMPDIR:-/tmp}/dlx-units.XXXXXX") || exit 1
trap 'rm -rf "$UNITS"' EXIT
export UNITS
# The slowest (measured, of 133 s: techniques 31 s, the strategies' 29 and
# 24 s, dlx 12 s) start first.
order=
for n in techniques dlx_strategies_known dlx_strategies_random dlx mult generate rating \
    parallel engines; do
    case " $(echo $names) " in *" $n "*) order="$order $n" ;; esac
done
for n in $names; do
    case " $order " in *" $n "*) ;; *) order="$order $n" ;; esac
done
printf '%s\n' $order | run_each "$jobs" "$UNITS" unit "Checks:" "$bin"
checks=0 failed=0 suites=0
for n in $order; do
    suites=$((suites + 1))
    c=$(sed -n 's/.*Checks: \([0-9]*\).*/\1/p' "$UNITS/$n.out" | tail -1)
    checks=$((checks + ${c:-0}))
    if [ "$(cat "$UNITS/$n.rc" 2>/dev/null)" != 0 ]; then
        failed=$((failed + 1))
        echo "unit: $n: FAILED; its output:"
        sed 's/^/    /' "$UNITS/$n.out"
    fi
done
# what a suite notes (its lines starting "note:"), e.g. which builds it left out
for n in $order; do
    sed -n "s/^note: /unit: $n: note: /p" "$UNITS/$n.out"
done
echo "unit tests: $suites suites, $checks checks, $failed suites failed"
[ "$failed" -eq 0 ]
