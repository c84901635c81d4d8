# SPDX-License-Identifier: MIT
# valgrind.sh - sourced by run.sh when DLX_VALGRIND is set: every program in
# $BIN (and its subfolders) is replaced by a wrapper that execs valgrind's
# memcheck on it, so the test scripts need no change and signals a test
# sends (kill -INT $pid) reach the program itself. Each run writes a log
# named after the test (VG_TEST) into $VG_LOGS. At the end a run fails when
# its ERROR SUMMARY counts any error: any memory error and any leak, even
# memory still reachable at exit -- except that a program killed on purpose
# by SIGPIPE, SIGINT, SIGTERM or SIGHUP (a test closing a pipe or
# interrupting) is not blamed for the memory it still held; a program killed
# by any other signal is a failure. Tests that cannot run under valgrind
# (ulimit -v, timing) check DLX_VALGRIND and skip themselves.

vg_setup() {
    command -v valgrind >/dev/null 2>&1 || {
        echo "run.sh: DLX_VALGRIND is set but valgrind is missing (sh tests/cli/ensure-valgrind.sh)" >&2
        return 1
    }
    VG_DIR=$(mktemp -d "${TMPDIR:-/tmp}/dlx-valgrind.XXXXXX") || return 1
    VG_LOGS=$VG_DIR/logs
    mkdir -p "$VG_LOGS" || return 1
    real_bin=$BIN
    for prog in $(cd "$real_bin" && find . -type f -perm -u+x | sed 's|^\./||'); do
        mkdir -p "$VG_DIR/bin/$(dirname "$prog")"
        sed -e "s|@REAL@|$real_bin/$prog|g" -e "s|@LOGS@|$VG_LOGS|g" \
            > "$VG_DIR/bin/$prog" <<'WRAPPER'
#!/bin/sh
# Runs @REAL@ under valgrind memcheck (made by tests/cli/valgrind.sh).
exec valgrind --leak-check=full --show-leak-kinds=all --errors-for-leak-kinds=all \
    --log-file="@LOGS@/${VG_TEST:-unknown}.%p.log" @REAL@ "$@"
WRAPPER
        chmod +x "$VG_DIR/bin/$prog"
    done
    BIN=$VG_DIR/bin
    VG_REAL_BIN=$real_bin
    DLX_VALGRIND=1
    export BIN VG_REAL_BIN VG_LOGS DLX_VALGRIND
    echo "run.sh: every program runs under valgrind memcheck (logs in $VG_LOGS)"
}

# Judges every log (see the top of this file); prints the failing ones and
# fails if there is one; removes the folder when all is clean.
vg_check() {
    bad=0
    runs=0
    for f in "$VG_LOGS"/*.log; do
        [ -f "$f" ] || continue
        runs=$((runs + 1))
        verdict=$(awk '
            /ERROR SUMMARY:/ { errors = $4 + 0; summary = 1 }
            /are still reachable in loss record/ { reachable++ }
            /Process terminating with default action of signal/ {
                if ($0 ~ /\((SIGPIPE|SIGINT|SIGTERM|SIGHUP)\)/) on_purpose = 1; else crashed = 1
            }
            END {
                if (on_purpose) errors -= reachable
                if (crashed) print "crashed"
                else if (errors > 0) print errors " errors"
                else print "ok"
            }' "$f")
        [ "$verdict" = ok ] && continue
        bad=$((bad + 1))
        echo "valgrind: $(basename "$f"): $verdict"
        grep -v -E '^==[0-9]+== (Memcheck|Copyright|Using Valgrind|Parent PID)' "$f" | sed 's/^/    /'
    done
    if [ "$bad" -gt 0 ]; then
        echo "valgrind: $bad of $runs runs with memory errors or leaks (logs in $VG_LOGS)"
        return 1
    fi
    echo "valgrind: $runs runs, no memory errors, no leaks"
    rm -rf "$VG_DIR"
}
