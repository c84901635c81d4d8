#!/bin/sh
# SPDX-License-Identifier: MIT
# Every input error and warning of the dlx command: the exact message with
# FILE:LINE:COL, and the exit status (2 for errors; warnings leave the status
# to the search: 0 found, 1 none). Columns count characters, from 1.
DLX="$BIN/dlx"
. "$TESTS/cli/common.sh"
cd "$tmp" || exit 1

# case STATUS EXPECTED-FIRST-STDERR-LINE INPUT (a printf format)
case_() {
    want_status=$1 want=$2
    # shellcheck disable=SC2059
    printf "$3" >in.txt
    "$DLX" --no-progress in.txt >out.txt 2>err.txt
    status=$?
    got=$(head -1 err.txt)
    [ "$status" -eq "$want_status" ] || fail "status $status, expected $want_status, for: $want"
    [ "$got" = "$want" ] || fail "message
    expected: $want
    got:      $got"
}

# Errors (status 2).
case_ 2 "in.txt:2:3: error: unknown item 'c' (not on the item line)" 'a b\na c\n'
case_ 2 "in.txt:1:5: error: item 'a' is named twice on the item line (first at column 1)" 'a b a\n'
case_ 2 "in.txt:1:7: error: item 'x' is named twice on the item line (first at column 5)" 'a | x x\n'
case_ 2 "in.txt:2:5: error: item 'a' is named twice in this option" 'a b\na b a\n'
case_ 2 "in.txt:2:5: error: item 'x' is named twice in this option" 'a | x\na x x:red\n'
case_ 2 "in.txt:2:2: error: colour on primary item 'a' (only secondary items, after '|' on the item line, take colours)" 'a | x\na:red x\n'
case_ 2 "in.txt:3:1: error: no item line: the input has only comments and blank lines" '| just a comment\n\n'
case_ 2 "in.txt:1:1: error: the input is empty: no item line" ''
case_ 2 "in.txt:1:7: error: no item line: the input has only comments and blank lines" '   \t  '
case_ 2 "in.txt:1:7: error: a second '|' on the item line (the first is at column 3)" 'a | x | y\n'
case_ 2 "in.txt:1:2: error: '|' inside an item name (bounds are digits: lo:hi|name or hi|name); to start the secondary items, put '|' apart with blanks around it" 'a|b c\n'
case_ 2 "in.txt:1:2: error: ':' is not allowed in an item name (colours belong on option lines)" 'a:b c\n'
# Bounds (Knuth's DLX3 multiplicities): malformed or out of range.
case_ 2 "in.txt:1:3: error: lower bound 3 exceeds upper bound 2" 'a 3:2|b\n'
case_ 2 "in.txt:1:1: error: upper bound 0: an item must be allowed at least once" '0|a\n'
case_ 2 "in.txt:1:2: error: a lower bound without an upper bound (write lo:hi|name)" '2:a\n'
case_ 2 "in.txt:1:2: error: no item name after the bounds '2|'" '2|\n'
case_ 2 "in.txt:1:7: error: bounds on a secondary item ('2|x'): only primary items, before '|', take bounds" 'a | b 2|x\n'
case_ 2 "in.txt:1:3: error: upper bound too large (at most 2147483647)" '1:2147483648|a\n'
case_ 2 "in.txt:2:3: error: '|' in an option: only the item line separates primary from secondary items" 'a | x\na | x\n'
case_ 2 "in.txt:2:2: error: '|' is not allowed in an item or colour name" 'a | x\na|x\n'
case_ 2 "in.txt:2:4: error: ':' with no colour after it" 'a | x\na x:\n'
case_ 2 "in.txt:2:3: error: ':' with no item name before it" 'a | x\na :red\n'
case_ 2 "in.txt:2:6: error: a second ':' in 'x:r:g' (write item:colour)" 'a | x\na x:r:g\n'
case_ 2 "in.txt:1:2: error: control character 0x01 in a name" 'a\001b\n'
case_ 2 "in.txt:2:2: error: NUL byte in the input (is this a text file?)" 'a b\na\000\n'
# Columns count characters, not bytes: 'é' is one column.
case_ 2 "in.txt:2:3: error: unknown item 'c' (not on the item line)" '\303\251 b\n\303\251 c\n'
# A byte-order mark is not part of line 1's columns.
case_ 2 "in.txt:1:3: error: item 'a' is named twice on the item line (first at column 1)" '\357\273\277a a\n'
# CRLF: the position is still right.
case_ 2 "in.txt:3:3: error: unknown item 'z' (not on the item line)" 'a b\r\na b\r\na z\r\n'
# A long name is shortened in the message.
long=$(awk 'BEGIN { for (i = 0; i < 100; i++) printf "q" }')
case_ 2 "in.txt:2:3: error: unknown item '$(echo "$long" | cut -c1-40)...' (not on the item line)" "a b\na $long\n"

# Warnings: the parse goes on and the search decides the status.
case_ 0 "in.txt:3:1: warning: option with no primary item: the search can never choose it" 'a | x\na\nx\n'
[ "$(cat out.txt)" = a ] || fail "no-primary warning: solution should be 'a', got: $(cat out.txt)"
case_ 1 "in.txt:1:3: warning: primary item 'b' is in no option, so there is no solution" 'a b\na\n'
case_ 1 "in.txt:1:1: warning: the input has no options, so there is no solution" 'a b | c\n'
case_ 1 "in.txt:1:5: warning: primary item 'b' needs 3 options but is in 2, so there is no solution" 'a 3|b\na b\nb\n'
# --quiet silences warnings.
printf 'a | x\na\nx\n' >in.txt
"$DLX" -q in.txt >out.txt 2>err.txt || fail "-q: status $?"
[ ! -s err.txt ] || fail "-q printed: $(cat err.txt)"
# Thousands of warnings: the first 100, then how many more.
awk 'BEGIN { print "a | x"; print "a"; for (i = 0; i < 150; i++) print "x" }' >in.txt
"$DLX" in.txt >out.txt 2>err.txt || fail "150 warnings: status $?"
[ "$(grep -c ': warning: option with no primary' err.txt)" -eq 100 ] || fail "150 warnings: not 100 shown"
grep -q '^in.txt: warning: 50 more warnings not shown$' err.txt || fail "150 warnings: no count of the rest"

# Unreadable input: a missing file, a directory. Both commands word it
# the same way (test_cli_options.sh): PROGRAM: FILE: error: cannot ...
"$DLX" no-such-file.txt >out.txt 2>err.txt
status=$?
[ "$status" -eq 2 ] || fail "missing file: status $status"
[ "$(cat err.txt)" = "dlx: no-such-file.txt: error: cannot open: No such file or directory" ] ||
    fail "missing file: $(cat err.txt)"
mkdir adir
"$DLX" adir >out.txt 2>err.txt
status=$?
[ "$status" -eq 2 ] || fail "directory: status $status"
[ "$(cat err.txt)" = "dlx: adir: error: cannot read: Is a directory" ] ||
    fail "directory: $(cat err.txt)"
# Standard input is called <stdin>.
printf 'a\nb\n' | "$DLX" >out.txt 2>err.txt
[ "$(cat err.txt)" = "<stdin>:2:1: error: unknown item 'b' (not on the item line)" ] ||
    fail "stdin: $(cat err.txt)"

[ "$fails" -eq 0 ]
