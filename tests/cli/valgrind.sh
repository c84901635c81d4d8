# valgrind.sh - sourced by run.sh when DLX_VALGRIND is set: every program in
# $BIN (and its subfolders) is replaced by a wrapper that runs it under
# valgrind's memcheck, so the test scripts need no change. Each run writes a
# log named after the test (VG_TEST) into $VG_LOGS; a log that is not empty
# at the end is a failure: any memory error, and any leak, even memory still
# reachable at exit, counts. A program killed by SIGPIPE, SIGINT, SIGTERM,
# SIGHUP or SIGKILL (a test closing a pipe or interrupting on purpose) has its
# still-reachable records dropped, since it had no chance to free them; a
# program killed by any other signal is a failure. Tests that cannot run under
# valgrind (ulimit -v, timing) check DLX_VALGRIND and skip themselves.

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
        sed -e "s|@REAL@|$real_bin/$prog|g" -e "s|@LOGS@|$VG_LOGS|g" -e "s|@PROG@|$prog|g" \
            > "$VG_DIR/bin/$prog" <<'WRAPPER'
#!/bin/sh
# Runs @REAL@ under valgrind memcheck (made by tests/cli/valgrind.sh).
logs=@LOGS@/${VG_TEST:-unknown}.$$
valgrind -q --leak-check=full --show-leak-kinds=all --errors-for-leak-kinds=all \
    --log-file="$logs.%p.log" @REAL@ "$@"
rc=$?
[ "$rc" -gt 128 ] || exit "$rc"
sig=$(kill -l "$rc" 2>/dev/null || echo "$rc")
case $sig in
PIPE | INT | TERM | HUP | KILL)
    # Killed on purpose: memory still held is no leak; keep any other record.
    for f in "$logs".*.log; do
        [ -f "$f" ] || continue
        awk '/^==[0-9]+== *$/ { if (rec !~ /are still reachable in loss record/) printf "%s", rec; rec = ""; next }
             { rec = rec $0 "\n" }
             END { if (rec !~ /are still reachable in loss record/) printf "%s", rec }' "$f" > "$f.tmp"
        mv "$f.tmp" "$f"
    done
    ;;
*) echo "valgrind wrapper: @PROG@ killed by signal $sig" >> "$logs.signal.log" ;;
esac
trap - "$sig" 2>/dev/null
kill -s "$sig" $$ 2>/dev/null
exit "$rc"
WRAPPER
        chmod +x "$VG_DIR/bin/$prog"
    done
    BIN=$VG_DIR/bin
    DLX_VALGRIND=1
    export BIN VG_LOGS DLX_VALGRIND
    echo "run.sh: every program runs under valgrind memcheck (logs in $VG_LOGS)"
}

# Prints every non-empty log and fails if there is one; removes the folder
# when all is clean.
vg_check() {
    bad=0
    for f in "$VG_LOGS"/*.log; do
        [ -s "$f" ] || continue
        bad=$((bad + 1))
        echo "valgrind: $(basename "$f"):"
        sed 's/^/    /' "$f"
    done
    if [ "$bad" -gt 0 ]; then
        echo "valgrind: $bad runs with memory errors or leaks (logs in $VG_LOGS)"
        return 1
    fi
    echo "valgrind: no memory errors, no leaks"
    rm -rf "$VG_DIR"
}
