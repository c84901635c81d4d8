# SPDX-License-Identifier: MIT
# run-each.sh - sourced by tests/run-units.sh and tests/cli/run.sh: the
# job count and the parallel run they share.

# run_jobs WANT: WANT (empty: the number of processors), kept within 1..4.
run_jobs() {
    j=${1:-$(nproc 2>/dev/null || echo 1)}
    [ "$j" -le 4 ] 2>/dev/null || j=4
    [ "$j" -ge 1 ] 2>/dev/null || j=1
    echo "$j"
}

# run_each JOBS DIR LABEL GREP CMD...: for each NAME read from standard input
# (in that order), runs `CMD... NAME`, JOBS at a time, its output into
# DIR/NAME.out and its status into DIR/NAME.rc, and prints "LABEL: NAME: ok
# (N s)" (or FAILED) as each ends, followed, unless GREP is empty, by the
# last line of its output that matches GREP. VG_TEST names the test for
# valgrind's log (tests/cli/valgrind.sh).
run_each() {
    jobs=$1 dir=$2 label=$3 pattern=$4
    shift 4
    # shellcheck disable=SC2016
    xargs -P "$jobs" -I '{}' sh -c '
        dir=$1 label=$2 pattern=$3 name=$4
        shift 4
        VG_TEST=$name && export VG_TEST
        start=$(date +%s)
        "$@" "$name" >"$dir/$name.out" 2>&1
        rc=$?
        echo "$rc" >"$dir/$name.rc"
        if [ "$rc" -eq 0 ]; then word=ok; else word=FAILED; fi
        extra=
        [ -n "$pattern" ] && extra=": $(grep -- "$pattern" "$dir/$name.out" | tail -1)"
        echo "$label: $name: $word ($(($(date +%s) - start)) s)$extra"
    ' sh "$dir" "$label" "$pattern" '{}' "$@"
}
