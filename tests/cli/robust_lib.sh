# SPDX-License-Identifier: MIT
# robust_lib.sh - helpers for the hostile-input tests (tests/cli/test_robust_*.sh
# source it). Inputs are generated at run time into a scratch folder that is
# removed at the end, unless a check failed: then it is kept and named, so
# the input can be replayed by hand.
#
#   run NAME SECONDS CMD...   runs CMD (stdin as given to run) with a time
#                             limit; stdout/stderr go to $WORK/NAME.out/.err;
#                             sets $st (124 when the time ran out)
#   sane NAME                 the last run ended by itself (no signal, no
#                             time-out) and no sanitizer spoke
#   expect_error NAME STATUS REGEX   sane, exit STATUS, stderr matches REGEX
#   expect_ok NAME STATUS     sane, exit STATUS, nothing alarming on stderr
#   expect_out NAME TEXT      the output of the run is TEXT
#   scaled N                  N, or N/50 under valgrind
#   closed_pipe "STATUSES" CMD...   CMD's output read by head -n 1, which
#                             then goes away: CMD ends with one of STATUSES,
#                             says nothing of the pipe, no sanitizer speaks
#   help_to_full PROG         --help and --version into a full disk: an
#                             error and status 2
#   finish                    prints the verdict and exits
set -u
failures=0
WORK=$(mktemp -d "${TMPDIR:-/tmp}/dlx-robust.XXXXXX") || exit 1
# valgrind (make memcheck) runs programs 20 to 50 times slower: time limits
# are stretched and big inputs shrunk ("scaled N"), since the memory checks
# do not need the size; the sizes themselves are tested by make check and
# make sanitize.
# ThreadSanitizer (make tsan) is 5 to 30 times slower too (dlx -j 2 on
# bounds_many took 17 s under TSan when each slice of the parallel search
# remade Algorithm M's index), so its limits are stretched as well.
if [ -n "${DLX_VALGRIND:-}" ]; then SLOW=30; elif [ -n "${TSAN_OPTIONS:-}" ]; then SLOW=5; else SLOW=1; fi
scaled() {
    if [ -n "${DLX_VALGRIND:-}" ]; then echo $(($1 / 50)); else echo "$1"; fi
}

fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}

# Shows the first lines of a run's output, shortened, after a failure.
show() {
    for f in "$WORK/$1.err" "$WORK/$1.out"; do
        [ -s "$f" ] || continue
        echo "  $(basename "$f") (status $st):"
        head -n 5 "$f" | cut -c 1-200 | sed 's/^/    | /'
    done
}

run() {
    name=$1
    secs=$2
    shift 2
    timeout "$((secs * SLOW))" "$@" > "$WORK/$name.out" 2> "$WORK/$name.err"
    st=$?
}

sane() {
    if [ "$st" -eq 124 ]; then
        fail "$1: did not finish in time (a hang?)"
        return 1
    fi
    if [ "$st" -ge 128 ]; then
        fail "$1: killed by signal $((st - 128)) (a crash)"
        show "$1"
        return 1
    fi
    if grep -q -E 'Sanitizer|runtime error:|==[0-9]+==ERROR' "$WORK/$1.err"; then
        fail "$1: a sanitizer reported an error"
        show "$1"
        return 1
    fi
    return 0
}

expect_error() {
    sane "$1" || return 1
    if [ "$st" -ne "$2" ]; then
        fail "$1: exit status $st, expected $2"
        show "$1"
        return 1
    fi
    if ! grep -q -E "$3" "$WORK/$1.err"; then
        fail "$1: stderr does not match /$3/"
        show "$1"
        return 1
    fi
    return 0
}

expect_ok() {
    sane "$1" || return 1
    if [ "$st" -ne "$2" ]; then
        fail "$1: exit status $st, expected $2"
        show "$1"
        return 1
    fi
    if grep -q -i -E 'error' "$WORK/$1.err"; then
        fail "$1: an error on stderr"
        show "$1"
        return 1
    fi
    return 0
}

# The output of the last run NAME equals the given text.
expect_out() {
    if [ "$(cat "$WORK/$1.out")" != "$2" ]; then
        fail "$1: output differs from the expected: $2"
        show "$1"
        return 1
    fi
    return 0
}

# Random bytes, the same on every run of the same awk: COUNT SEED.
closed_pipe() {
    ok=$1
    shift
    ( "$@" 2> "$WORK/pipe.err"; echo $? > "$WORK/pipe.status" ) | head -n 1 > "$WORK/pipe.out"
    st=$(cat "$WORK/pipe.status")
    case " $ok " in
    *" $st "*) ;;
    *)
        fail "pipe: exit status $st after the reader went away (expected one of: $ok)"
        show pipe
        ;;
    esac
    if grep -q -i -E 'error|pipe' "$WORK/pipe.err"; then
        fail "pipe: complains about the closed pipe"
        show pipe
    fi
    if grep -q -E 'Sanitizer|runtime error:' "$WORK/pipe.err"; then
        fail "pipe: a sanitizer reported an error"
        show pipe
    fi
}

help_to_full() {
    run full_help 10 sh -c '"$0" --help > /dev/full' "$1"
    expect_error full_help 2 'error|space'
    run full_version 10 sh -c '"$0" --version > /dev/full' "$1"
    expect_error full_version 2 'error|space'
}

random_bytes() {
    awk -v n="$1" -v seed="$2" 'BEGIN { srand(seed); for (i = 0; i < n; i++) printf "%c", int(rand() * 256) }'
}

# COUNT characters of printable garbage on one line (no newline), SEED.
garbage_line() {
    awk -v n="$1" -v seed="$2" 'BEGIN {
        srand(seed)
        s = "abcdefghijklmnopqrstuvwxyz0123456789:|.#-+ ABCDEFGHIJ"
        for (i = 0; i < n; i++) printf "%s", substr(s, int(rand() * length(s)) + 1, 1)
    }'
}

# Whether programs run as root, for whom file permissions do not apply.
is_root() {
    [ "$(id -u)" = 0 ]
}

# Whether root can run a program as the unprivileged user nobody (setpriv);
# then "run NAME SECONDS $AS_NOBODY CMD..." does it.
AS_NOBODY="setpriv --reuid=65534 --regid=65534 --clear-groups --"
can_be_nobody() {
    command -v setpriv > /dev/null 2>&1 && $AS_NOBODY true > /dev/null 2>&1
}

finish() {
    if [ "$failures" -gt 0 ]; then
        echo "$failures checks failed; inputs kept in $WORK"
        exit 1
    fi
    rm -rf "$WORK"
    exit 0
}
