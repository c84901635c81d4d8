#!/bin/sh
# SPDX-License-Identifier: MIT
# Hostile and odd input for the `dlx` command (issue 6). Bad input must give
# a clear error naming the file (and line and column where it makes sense)
# and exit status 2, never a crash, a hang or a sanitizer report; odd but
# valid input must simply work. Big inputs are generated here at run time.
. "$TESTS/cli/robust_lib.sh"
DLX=$BIN/dlx
if [ ! -x "$DLX" ]; then
    echo "no $DLX: the dlx command is not built"
    exit 1
fi
W=$WORK
MB5=$(scaled 5000000)

# --- bad input: error, status 2 -------------------------------------------

random_bytes 65536 1 > "$W/random.bin"
run random 10 "$DLX" "$W/random.bin"
expect_error random 2 'random\.bin:[0-9]+:[0-9]+: error'

# The same bytes on standard input.
run random_stdin 10 "$DLX" < "$W/random.bin"
expect_error random_stdin 2 ':[0-9]+:[0-9]+: error'

# A NUL byte inside an option: the line and column of the NUL.
printf 'a b\na\000b\n' > "$W/nul.txt"
run nul 10 "$DLX" "$W/nul.txt"
expect_error nul 2 'nul\.txt:2:2: error'

# Only NUL bytes.
head -c 4096 /dev/zero > "$W/nuls.bin"
run nuls 10 "$DLX" "$W/nuls.bin"
expect_error nuls 2 'nuls\.bin:1:1: error'

# A 5 MB line of garbage, as the item line and as an option line.
{
    printf 'g'
    garbage_line "$MB5" 2
    echo
} > "$W/garbage_items.txt"
run garbage_items 20 "$DLX" "$W/garbage_items.txt"
expect_error garbage_items 2 'garbage_items\.txt:1:[0-9]+: error'
{
    echo 'a b c | x'
    garbage_line "$MB5" 3
    echo
} > "$W/garbage_option.txt"
run garbage_option 20 "$DLX" "$W/garbage_option.txt"
expect_error garbage_option 2 'garbage_option\.txt:2:[0-9]+: error'

# Empty input, a blank file, comments only.
: > "$W/empty.txt"
run empty 10 "$DLX" "$W/empty.txt"
expect_error empty 2 'empty\.txt.*error'
printf '\n  \n\t\n' > "$W/blank.txt"
run blank 10 "$DLX" "$W/blank.txt"
expect_error blank 2 'blank\.txt.*error'
printf '| just a comment\n' > "$W/comment.txt"
run comment 10 "$DLX" "$W/comment.txt"
expect_error comment 2 'comment\.txt.*error'
run empty_stdin 10 "$DLX" < /dev/null
expect_error empty_stdin 2 'error'

# A directory, a missing file, a file that cannot be read.
run directory 10 "$DLX" "$W"
expect_error directory 2 "$(basename "$W").*error"
run missing 10 "$DLX" "$W/no such file.txt"
expect_error missing 2 'no such file\.txt.*error'
run notdir 10 "$DLX" "$W/empty.txt/x"
expect_error notdir 2 'empty\.txt/x.*error'
# /proc/self/mem opens but reading it at offset 0 fails (EIO): a read error
# that happens even to root.
if [ -r /proc/self/mem ]; then
    run read_error 10 "$DLX" /proc/self/mem
    expect_error read_error 2 '/proc/self/mem.*error'
fi
# Standard input a directory, or closed; standard output closed.
run stdin_dir 10 "$DLX" < "$W"
expect_error stdin_dir 2 'error'
run stdin_closed 10 sh -c '"$0" <&-' "$DLX"
expect_error stdin_closed 2 'error'
# (Under valgrind, its log file takes the free descriptor 1: no test.)
if [ -z "${DLX_VALGRIND:-}" ]; then
    run stdout_closed 10 sh -c '"$0" "$1" >&-' "$DLX" "$W/nul.txt"
    expect_error stdout_closed 2 'error'
    printf 'a\na\n' > "$W/tiny.txt"
    run stdout_closed_ok 10 sh -c '"$0" "$1" >&-' "$DLX" "$W/tiny.txt"
    expect_error stdout_closed_ok 2 'error'
fi

# A file without read permission. Root reads it anyway, so as root the check
# runs the program as the user nobody, when that is possible.
printf 'a\na\n' > "$W/secret.txt"
chmod 000 "$W/secret.txt"
if ! is_root; then
    run unreadable 10 "$DLX" "$W/secret.txt"
    expect_error unreadable 2 'secret\.txt.*error'
elif [ -n "${DLX_VALGRIND:-}" ]; then
    echo "skipped: unreadable file as nobody (valgrind's wrappers are private to root)"
elif ! can_be_nobody; then
    echo "skipped: unreadable file (running as root and cannot become nobody)"
else
    chmod 755 "$W"
    run unreadable 10 $AS_NOBODY "$DLX" "$W/secret.txt"
    expect_error unreadable 2 'secret\.txt.*(error|Permission)'
fi

# The same item named 200000 times, on the item line and in an option.
N200K=$(scaled 200000)
awk -v n="$N200K" 'BEGIN { for (i = 0; i < n; i++) printf "a "; printf "\n" }' > "$W/same_item.txt"
run same_item 20 "$DLX" "$W/same_item.txt"
expect_error same_item 2 'same_item\.txt:1:[0-9]+: error'
{
    echo 'a b'
    awk -v n="$N200K" 'BEGIN { for (i = 0; i < n; i++) printf "a "; printf "\n" }'
} > "$W/same_in_option.txt"
run same_in_option 20 "$DLX" "$W/same_in_option.txt"
expect_error same_in_option 2 'same_in_option\.txt:2:[0-9]+: error'

# Items that do not exist, a colour on a primary item, a stray '|' or ':'.
printf 'a b\na c\n' > "$W/unknown.txt"
run unknown 10 "$DLX" "$W/unknown.txt"
expect_error unknown 2 'unknown\.txt:2:3: error'
printf 'a | x\na:red x\n' > "$W/primary_colour.txt"
run primary_colour 10 "$DLX" "$W/primary_colour.txt"
expect_error primary_colour 2 'primary_colour\.txt:2:[0-9]+: error'
printf 'a | x | y\na\n' > "$W/two_bars.txt"
run two_bars 10 "$DLX" "$W/two_bars.txt"
expect_error two_bars 2 'two_bars\.txt:1:[0-9]+: error'
printf 'a | x\na x:\n' > "$W/empty_colour.txt"
run empty_colour 10 "$DLX" "$W/empty_colour.txt"
expect_error empty_colour 2 'empty_colour\.txt:2:[0-9]+: error'

# --- odd but valid input: works ---------------------------------------------

# A byte-order mark and CRLF line ends: Knuth's example of colours
# (TAOCP 7.2.2.1), whose one solution is 'q x:A' and 'p r x:A y'.
printf '\357\273\277p q r | x y\r\np q x y:A\r\np r x:A y\r\np x:B\r\nq x:A\r\nr y:B\r\n' > "$W/bom_crlf.txt"
run bom_crlf 10 "$DLX" --count "$W/bom_crlf.txt"
expect_ok bom_crlf 0 && expect_out bom_crlf 1
run bom_crlf_text 10 "$DLX" "$W/bom_crlf.txt"
if expect_ok bom_crlf_text 0; then
    grep -q -x 'q x:A' "$W/bom_crlf_text.out" && grep -q -x 'p r x:A y' "$W/bom_crlf_text.out" ||
        { fail "bom_crlf_text: the solution is not 'q x:A' with 'p r x:A y'"; show bom_crlf_text; }
    if grep -q "$(printf '\r')" "$W/bom_crlf_text.out"; then
        fail "bom_crlf_text: a CR is left in the output"
    fi
fi

# A million items on one line, one option covering them all and two options
# covering half each: 2 solutions.
awk -v n="$(scaled 1000000)" 'BEGIN {
    for (i = 0; i < n; i++) printf "i%d ", i; printf "\n"
    for (i = 0; i < n; i++) printf "i%d ", i; printf "\n"
    for (i = 0; i < n / 2; i++) printf "i%d ", i; printf "\n"
    for (i = n / 2; i < n; i++) printf "i%d ", i; printf "\n"
}' > "$W/million.txt"
run million 30 "$DLX" --count "$W/million.txt"
expect_ok million 0 && expect_out million 2

# 300000 options, each with its own secondary item and its own colour:
# 300000 solutions (the parser and engine stay linear in the options).
awk -v n="$(scaled 300000)" 'BEGIN {
    printf "a |"; for (i = 0; i < n; i++) printf " s%d", i; printf "\n"
    for (i = 0; i < n; i++) printf "a s%d:c%d\n", i, i
}' > "$W/many_options.txt"
run many_options 30 "$DLX" --count "$W/many_options.txt"
expect_ok many_options 0 && expect_out many_options "$(scaled 300000)"

# Names of 10000 characters (items and a colour); the solution is printed
# with the option lines as written.
long_a=$(awk 'BEGIN { for (i = 0; i < 10000; i++) printf "a" }')
long_b=$(awk 'BEGIN { for (i = 0; i < 9999; i++) printf "b"; printf "é" }')
long_c=$(awk 'BEGIN { for (i = 0; i < 10000; i++) printf "c" }')
printf '%s %s | x\n%s x:%s\n%s x:%s\n' "$long_a" "$long_b" "$long_a" "$long_c" "$long_b" "$long_c" > "$W/long_names.txt"
run long_names 10 "$DLX" "$W/long_names.txt"
if expect_ok long_names 0; then
    grep -q -x -F "$long_a x:$long_c" "$W/long_names.out" &&
        grep -q -x -F "$long_b x:$long_c" "$W/long_names.out" ||
        { fail "long_names: the options are not printed as written"; show long_names; }
fi

# Names may hold any byte but control characters: the JSON outputs (the
# solutions and the trace) must still be valid UTF-8, with quotes and
# backslashes escaped.
printf 'a\377b "q\\ | x\na\377b x:c\300\257\n"q\\\n' > "$W/bytes.txt"
for view in --format=json --trace=json; do
    name=bytes_${view#--}
    name=$(echo "$name" | tr '=' '_')
    run "$name" 10 "$DLX" "$view" "$W/bytes.txt"
    expect_ok "$name" 0 || continue
    if command -v iconv > /dev/null 2>&1 &&
        ! iconv -f UTF-8 -t UTF-8 < "$W/$name.out" > /dev/null 2>&1; then
        fail "$name: the JSON output is not valid UTF-8"
        show "$name"
    fi
    grep -q -F '"\"q\\' "$W/$name.out" || { fail "$name: the name \"q\\ is not escaped"; show "$name"; }
done

# --- output ------------------------------------------------------------------

# 2^20 solutions: 20 items, each in two identical options.
awk 'BEGIN {
    for (i = 0; i < 20; i++) printf "x%d ", i; printf "\n"
    for (i = 0; i < 20; i++) printf "x%d\nx%d\n", i, i
}' > "$W/many.txt"

# A closed pipe (| head -1): the program ends quickly and quietly.
# 141 is SIGPIPE; 0 or 1 when the search ended before a write failed.
closed_pipe "0 1 141" "$DLX" "$W/many.txt"

# A full disk: the error is reported and the status is 2, for a little output
# (the error shows when the buffer is flushed at the end) and for a lot.
run full_small 10 sh -c '"$0" "$1" > /dev/full' "$DLX" "$W/bom_crlf.txt"
expect_error full_small 2 'error|space'
run full_big 20 sh -c '"$0" --max=100000 "$1" > /dev/full' "$DLX" "$W/many.txt"
expect_error full_big 2 'error|space'
run full_count 10 sh -c '"$0" --count "$1" > /dev/full' "$DLX" "$W/bom_crlf.txt"
expect_error full_count 2 'error|space'

# --help and --version are output too.
help_to_full "$DLX"

# --- the newer inputs: threads (-j N) and bounds (lo:hi|name) ---------------

# Bad input on threads: the same error as on one (nothing is searched).
run jobs_random 10 "$DLX" -j 2 "$W/random.bin"
expect_error jobs_random 2 'random\.bin:[0-9]+:[0-9]+: error'
# Output on threads into a full disk and a closed pipe.
run jobs_full 20 sh -c '"$0" -j 2 --max=100000 "$1" > /dev/full' "$DLX" "$W/many.txt"
expect_error jobs_full 2 'error|space'
( "$DLX" -j 2 "$W/many.txt" 2> "$W/jobs_pipe.err"; echo $? > "$W/jobs_pipe.status" ) |
    head -n 1 > /dev/null
st=$(cat "$W/jobs_pipe.status")
[ "$st" -eq 0 ] || [ "$st" -eq 141 ] || fail "jobs_pipe: exit status $st after the reader went away"
! grep -q -i -E 'error|pipe|Sanitizer|runtime error:' "$W/jobs_pipe.err" ||
    fail "jobs_pipe: $(head -n 3 "$W/jobs_pipe.err")"
# The most threads the command takes, on a small problem: 12 items, each in
# two identical options, have 2^12 = 4096 solutions. (valgrind runs at most
# 500 threads: it gets 81.)
awk 'BEGIN {
    for (i = 0; i < 12; i++) printf "x%d ", i; printf "\n"
    for (i = 0; i < 12; i++) printf "x%d\nx%d\n", i, i
}' > "$W/pow12.txt"
run jobs_4096 60 "$DLX" -j "$(scaled 4096)" --count "$W/pow12.txt"
expect_ok jobs_4096 0 && expect_out jobs_4096 4096

# Bounds at the largest value the format takes: no option set can reach them,
# which the reader says at once (a warning, status 1), without searching.
printf '2147483647:2147483647|a 2147483647|b c\na b\nc\na c\n' > "$W/bounds_huge.txt"
run bounds_huge 10 "$DLX" "$W/bounds_huge.txt"
expect_error bounds_huge 1 "bounds_huge\.txt:1:[0-9]+: warning: primary item 'a' needs 2147483647"
# many_alone NAME BOUNDS: $(scaled 100000) items, each with BOUNDS (empty:
# none) and alone in an option of its own: one solution (every option),
# counted on one thread and on two.
many_alone() {
    awk -v n="$(scaled 100000)" -v b="$2" 'BEGIN {
        for (i = 0; i < n; i++) printf "%si%d ", b, i; printf "\n"
        for (i = 0; i < n; i++) printf "i%d\n", i
    }' > "$W/$1.txt"
    run "$1" 20 "$DLX" --count "$W/$1.txt"
    expect_ok "$1" 0 && expect_out "$1" 1
    run "$1_jobs" 20 "$DLX" -j 2 --count "$W/$1.txt"
    expect_ok "$1_jobs" 0 && expect_out "$1_jobs" 1
}
# With bounds 1:2, Algorithm M: Knuth's DLX3 scans every item at every
# node, quadratic here (the engine did too: 2.2 s for 20,000 items, 53 s
# for 100,000); the engine now chooses the same items from an index
# (search_m.c), 0.2 s for 100,000 (docs/robustness.md).
many_alone bounds_many "1:2|"
# Without bounds, Algorithm X: its scan of every active item at every node
# took 17 s; it now chooses from an index too (search.c), 0.1 s. With -j 2,
# the worker asked to share between slices walked every level each time
# until split.c kept a memo of the levels with nothing left to try.
many_alone single_many ""

# --- limits ------------------------------------------------------------------

# With little address space (ulimit -v), a big problem gives an error
# message, not a crash. Not under AddressSanitizer (it reserves terabytes of
# address space) nor valgrind.
if [ -n "${DLX_VALGRIND:-}" ] || [ -n "${ASAN_OPTIONS:-}" ] || [ -n "${TSAN_OPTIONS:-}" ]; then
    echo "skipped: ulimit -v under valgrind or a sanitizer"
else
    # First check that a small problem works within the limit, so the big
    # one fails for its size and not because nothing can start.
    run ulimit_small 10 sh -c 'ulimit -v 60000 && exec "$0" --count "$1"' "$DLX" "$W/bom_crlf.txt"
    if expect_ok ulimit_small 0; then
        run ulimit_big 30 sh -c 'ulimit -v 60000 && exec "$0" --count "$1"' "$DLX" "$W/million.txt"
        # Either it fits after all (status 0, the right count) or it fails cleanly.
        if [ "$st" -eq 0 ]; then
            expect_out ulimit_big 2
        else
            expect_error ulimit_big 2 'memory|error'
        fi
    fi
fi

finish
