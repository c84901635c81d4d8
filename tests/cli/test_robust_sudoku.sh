#!/bin/sh
# SPDX-License-Identifier: MIT
# Hostile and odd input for the `sudoku` command (issue 6). A piece of text
# that is not a puzzle gives the answer "invalid" and an error on stderr as
# FILE:LINE[:COLUMN]: error: ..., the good puzzles of the batch are still
# solved, and the exit status is 1 (2 for a file that cannot be read); never
# a crash, a hang or a sanitizer report. Big inputs are generated here.
#
# The puzzle is Project Euler problem 96's first grid; its solution is
# published with the problem (483921657 967345821 ...).
. "$TESTS/cli/robust_lib.sh"
SUDOKU=$BIN/sudoku
if [ ! -x "$SUDOKU" ]; then
    echo "no $SUDOKU: the sudoku command is not built"
    exit 1
fi
W=$WORK
P='..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..'
S='483921657967345821251876493548132976729564138136798245372689514814253769695417382'

# The answers of the last run NAME are, line by line, the given words, where
# "S" stands for the solution above.
expect_answers() {
    name=$1
    shift
    want=$(for a in "$@"; do [ "$a" = S ] && echo "$S" || echo "$a"; done)
    if [ "$(cat "$W/$name.out")" != "$want" ]; then
        fail "$name: the answers are not: $*"
        show "$name"
        return 1
    fi
    return 0
}

# --- bad input: "invalid", an error, status 1; the good puzzles still solved

random_bytes 65536 1 > "$W/random.bin"
run random 20 "$SUDOKU" "$W/random.bin"
expect_error random 1 'random\.bin:[0-9]+(:[0-9]+)?: error'
grep -q -x invalid "$W/random.out" || fail "random: no 'invalid' answer"

# NUL bytes: inside a puzzle line, and a line of them, between good puzzles.
{
    echo "$P"
    printf '%s\000%s\n' "$(echo "$P" | cut -c 1-40)" "$(echo "$P" | cut -c 42-81)"
    head -c 100 /dev/zero
    echo
    echo "$P"
} > "$W/nul.txt"
run nul 10 "$SUDOKU" "$W/nul.txt"
expect_error nul 1 'nul\.txt:2(:[0-9]+)?: error' && expect_answers nul S invalid invalid S

# A 5 MB line of garbage between two good puzzles.
{
    echo "$P"
    garbage_line "$(scaled 5000000)" 2
    echo
    echo "$P"
} > "$W/garbage.txt"
run garbage 20 "$SUDOKU" "$W/garbage.txt"
expect_error garbage 1 'garbage\.txt:2(:[0-9]+)?: error' && expect_answers garbage S invalid S

# The same symbol 200000 times on a line, and as a grid row.
awk -v n="$(scaled 200000)" 'BEGIN { for (i = 0; i < n; i++) printf "1"; printf "\n" }' > "$W/long_line.txt"
echo "$P" >> "$W/long_line.txt"
run long_line 10 "$SUDOKU" "$W/long_line.txt"
expect_error long_line 1 'long_line\.txt:1(:[0-9]+)?: error' && expect_answers long_line invalid S

# An empty file, a blank one, comments only: no puzzle is an error.
: > "$W/empty.txt"
# Nothing but bad pieces: a batch with no cells at all (its arena was never
# made, and clang's UBSan saw an offset added to NULL; argv_fuzz found it).
run only_bad 10 "$SUDOKU" -p 1234 -p x
expect_error only_bad 1 '<puzzle 1>:1(:[0-9]+)?: error' && expect_answers only_bad invalid invalid
printf 'x\n' > "$W/only_bad.txt"
run only_bad_file 10 "$SUDOKU" -j 2 "$W/only_bad.txt"
expect_error only_bad_file 1 'only_bad\.txt:1(:[0-9]+)?: error' &&
    expect_answers only_bad_file invalid

run empty 10 "$SUDOKU" "$W/empty.txt"
expect_error empty 1 'empty\.txt.*(error|no puzzle)'
printf '\n\n# a comment\n\n' > "$W/blank.txt"
run blank 10 "$SUDOKU" "$W/blank.txt"
expect_error blank 1 'blank\.txt.*(error|no puzzle)'

# Wrong sizes: 80 symbols, 49 (7x7 has no boxes), 121 (11x11, no boxes).
{
    echo "$P" | cut -c 1-80
    echo "$P" | cut -c 1-49
    awk 'BEGIN { for (i = 0; i < 121; i++) printf "."; printf "\n" }'
    echo "$P"
} > "$W/sizes.txt"
run sizes 10 "$SUDOKU" "$W/sizes.txt"
expect_error sizes 1 'sizes\.txt:1(:[0-9]+)?: error' && expect_answers sizes invalid invalid invalid S
grep -q 'sizes\.txt:2' "$W/sizes.err" || fail "sizes: no error for line 2"
grep -q 'sizes\.txt:3' "$W/sizes.err" || fail "sizes: no error for line 3"

# Symbols out of range: a 9 in a 4x4 puzzle (column 7), an X in a 9x9
# (column 2).
{
    echo '12.4..9.........'
    echo "$P" | sed 's/^\.\./.X/'
    echo "$P"
} > "$W/symbols.txt"
run symbols 10 "$SUDOKU" "$W/symbols.txt"
expect_error symbols 1 'symbols\.txt:1:7: error' && expect_answers symbols invalid invalid S
grep -q 'symbols\.txt:2:2: error' "$W/symbols.err" || { fail "symbols: no error at line 2 column 2"; show symbols; }

# Ragged grids: row 4 one symbol short, row 6 one too long.
echo "$P" | fold -w 9 > "$W/grid.txt"
awk 'NR == 4 { print substr($0, 1, 8); next } { print }' "$W/grid.txt" > "$W/ragged.txt"
echo >> "$W/ragged.txt"
awk 'NR == 6 { print $0 "1"; next } { print }' "$W/grid.txt" >> "$W/ragged.txt"
echo >> "$W/ragged.txt"
cat "$W/grid.txt" >> "$W/ragged.txt"
run ragged 10 "$SUDOKU" "$W/ragged.txt"
if expect_error ragged 1 'ragged\.txt:4(:[0-9]+)?: error'; then
    grep -q 'ragged\.txt:16' "$W/ragged.err" || { fail "ragged: no error for line 16"; show ragged; }
    # A grid is answered as a grid: the last 9 lines.
    [ "$(tail -n 9 "$W/ragged.out")" = "$(echo "$S" | fold -w 9)" ] ||
        { fail "ragged: the good grid after the bad ones is not solved"; show ragged; }
    grep -q invalid "$W/ragged.out" || fail "ragged: no 'invalid' answer"
fi

# Files: a directory, a missing file, a read error, an unreadable file. The
# good file of the batch is still solved; the status is 2.
echo "$P" > "$W/good.txt"
run directory 10 "$SUDOKU" "$W/good.txt" "$W"
expect_error directory 2 "$(basename "$W").*([Dd]irectory|error)" && expect_answers directory S
run missing 10 "$SUDOKU" "$W/no such file.txt" "$W/good.txt"
expect_error missing 2 'no such file\.txt' && expect_answers missing S
if [ -r /proc/self/mem ]; then
    run read_error 10 "$SUDOKU" /proc/self/mem
    expect_error read_error 2 '/proc/self/mem'
fi
run stdin_dir 10 "$SUDOKU" < "$W"
expect_error stdin_dir 2 '[Dd]irectory|error'
run stdin_closed 10 sh -c '"$0" <&-' "$SUDOKU"
expect_error stdin_closed 2 '.'
# (Under valgrind, its log file takes the free descriptor 1: no test.)
if [ -z "${DLX_VALGRIND:-}" ]; then
    run stdout_closed 10 sh -c '"$0" "$1" >&-' "$SUDOKU" "$W/good.txt"
    expect_error stdout_closed 2 'error'
fi
cp "$W/good.txt" "$W/secret.txt"
chmod 000 "$W/secret.txt"
if ! is_root; then
    run unreadable 10 "$SUDOKU" "$W/secret.txt"
    expect_error unreadable 2 'secret\.txt'
elif [ -n "${DLX_VALGRIND:-}" ]; then
    echo "skipped: unreadable file as nobody (valgrind's wrappers are private to root)"
elif ! can_be_nobody; then
    echo "skipped: unreadable file (running as root and cannot become nobody)"
else
    chmod 755 "$W"
    run unreadable 10 $AS_NOBODY "$SUDOKU" "$W/secret.txt"
    expect_error unreadable 2 'secret\.txt.*(Permission|error)'
fi

# Numbers in options too big for an int (UBSan caught a signed overflow in
# --box before), or otherwise malformed: a usage error, status 2.
for box in 65536x65536 99999999999x3 3x 3x3x3 x3 0x9 -3x-3 3x3junk; do
    run "box_$box" 10 "$SUDOKU" --box="$box" "$W/good.txt"
    expect_error "box_$box" 2 'invalid --box'
done
for box in 3x3 2x3 3x2; do
    run "box_ok_$box" 10 "$SUDOKU" --box="$box" "$W/good.txt"
    sane "box_ok_$box"
done

# --- odd but valid input --------------------------------------------------------

# A byte-order mark, CRLF line ends, a framed grid with comments.
{
    printf '\357\273\277# Project Euler 96, grid 01\r\n'
    echo "$P" | fold -w 9 | sed 's/\(...\)\(...\)\(...\)/\1 | \2 | \3/; s/$/\r/' |
        awk '{ print } NR == 3 || NR == 6 { print "------+-------+------\r" }'
} > "$W/bom_crlf.txt"
run bom_crlf 10 "$SUDOKU" --format=line "$W/bom_crlf.txt"
expect_ok bom_crlf 0 && expect_answers bom_crlf S

# Many puzzles on threads, output in input order.
MANY=$(scaled 2000)
awk -v p="$P" -v n="$MANY" 'BEGIN { for (i = 0; i < n; i++) print p }' > "$W/many.txt"
run many 60 "$SUDOKU" --jobs=2 "$W/many.txt"
if expect_ok many 0; then
    [ "$(sort -u "$W/many.out")" = "$S" ] && [ "$(wc -l < "$W/many.out")" -eq "$MANY" ] ||
        fail "many: not $MANY times the solution"
fi

# --- output -------------------------------------------------------------------

# A closed pipe (| head -1) ends quickly and quietly.
# 141 is SIGPIPE; 0 when every answer was written before head left.
closed_pipe "0 141" "$SUDOKU" "$W/many.txt"

# A full disk: an error and status 2, for one answer and for many.
run full_small 10 sh -c '"$0" "$1" > /dev/full' "$SUDOKU" "$W/good.txt"
expect_error full_small 2 'error|space'
run full_big 20 sh -c '"$0" "$1" > /dev/full' "$SUDOKU" "$W/many.txt"
expect_error full_big 2 'error|space'

# --help and --version are output too.
help_to_full "$SUDOKU"

# --- limits ---------------------------------------------------------------------

# Little address space (ulimit -v): a 16 MB line gives an error message and
# status 2 (or, if it fits after all, the answer "invalid"), never a crash.
# Not under AddressSanitizer (it reserves terabytes of address space) nor
# valgrind.
if [ -n "${DLX_VALGRIND:-}" ] || [ -n "${ASAN_OPTIONS:-}" ] || [ -n "${TSAN_OPTIONS:-}" ]; then
    echo "skipped: ulimit -v under valgrind or a sanitizer"
else
    awk 'BEGIN { s = "."; while (length(s) < 16777216) s = s s; print s }' > "$W/huge_line.txt"
    run ulimit_small 10 sh -c 'ulimit -v 10000 && exec "$0" "$1"' "$SUDOKU" "$W/good.txt"
    if expect_ok ulimit_small 0; then
        run ulimit_big 20 sh -c 'ulimit -v 10000 && exec "$0" "$1" "$2"' "$SUDOKU" \
            "$W/huge_line.txt" "$W/good.txt"
        if [ "$st" -eq 1 ]; then
            expect_error ulimit_big 1 'huge_line\.txt:1' && expect_answers ulimit_big invalid S
        else
            expect_error ulimit_big 2 'huge_line\.txt.*([Mm]emory|error)'
        fi
    fi
fi

finish
