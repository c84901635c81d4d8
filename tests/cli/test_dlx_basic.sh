#!/bin/sh
# SPDX-License-Identifier: MIT
# The dlx command on small problems whose answers are known by hand: the
# example of Knuth's paper "Dancing Links" (one solution: A D, B G, C E F)
# and the XCC example of TAOCP 7.2.2.1 (one solution, with colours). Every
# output format, the limits, standard input, --help/--version and exit
# statuses 0 and 1.
DLX="$BIN/dlx"
D="$TESTS/data/dlx"
. "$TESTS/cli/common.sh"

# expect NAME STATUS EXPECTED-STDOUT -- COMMAND...
expect() {
    name=$1 want_status=$2 want_out=$3
    shift 4
    "$@" >"$tmp/out" 2>"$tmp/err"
    status=$?
    [ "$status" -eq "$want_status" ] || fail "$name: status $status, expected $want_status ($(cat "$tmp/err"))"
    if [ -n "$want_out" ]; then printf '%s\n' "$want_out"; fi >"$tmp/want"
    cmp -s "$tmp/out" "$tmp/want" || {
        fail "$name: output differs"
        diff "$tmp/want" "$tmp/out" | sed 's/^/    /'
    }
}

# The paper's example, options printed as written and in input order.
expect "paper text" 0 "C E F
A D
B G" -- "$DLX" "$D/paper.txt"
grep -q '^dlx: 1 solution, ' "$tmp/err" || fail "paper: summary line missing: $(cat "$tmp/err")"
# The summary line as the README shows it (what a terminal shows after the
# solutions of `dlx docs/paper.dlx`), the seconds aside.
shown=$(grep -o '`dlx: [^`]* s`' "$ROOT/README.md" | head -1 | tr -d '`')
"$DLX" "$ROOT/docs/paper.dlx" >/dev/null 2>"$tmp/err"
expect_eq "the README's summary line of docs/paper.dlx" "$(sed 's/[0-9.]* s$/T s/' "$tmp/err")" \
    "$(printf '%s\n' "$shown" | sed 's/[0-9.]* s$/T s/')"
# --first and --max: the summary names the option that stopped the search.
"$DLX" --first "$ROOT/examples/problem.dlx" >/dev/null 2>"$tmp/err"
expect_eq "--first: summary" "$(sed 's/, [0-9]* nodes, [0-9.]* s$//' "$tmp/err")" \
    "dlx: 1 solution (stopped at the first, --first)"
"$DLX" --max 3 "$ROOT/examples/problem.dlx" >/dev/null 2>"$tmp/err"
expect_eq "--max 3: summary" "$(sed 's/, [0-9]* nodes, [0-9.]* s$//' "$tmp/err")" \
    "dlx: 3 solutions (stopped at --max)"
expect "paper ids" 0 "0 3 4" -- "$DLX" --format ids "$D/paper.txt"
expect "paper ids short" 0 "0 3 4" -- "$DLX" -f ids "$D/paper.txt"
expect "paper count" 0 "1" -- "$DLX" --count "$D/paper.txt"
expect "paper stdin" 0 "1" -- sh -c '"$1" -c <"$2"' sh "$DLX" "$D/paper.txt"
expect "paper dash" 0 "1" -- sh -c '"$1" -c - <"$2"' sh "$DLX" "$D/paper.txt"
# JSON: the solution with ids and lines; the node count agrees with --stats.
"$DLX" --format json "$D/paper.txt" >"$tmp/json" 2>/dev/null || fail "json: status $?"
grep -q '"options": \[0, 3, 4\], "lines": \["C E F", "A D", "B G"\]' "$tmp/json" ||
    fail "json: solution missing: $(cat "$tmp/json")"
grep -q '"count": 1,' "$tmp/json" || fail "json: count missing"
grep -q '"complete": true,' "$tmp/json" || fail "json: complete missing"
nodes=$("$DLX" --stats "$D/paper.txt" 2>&1 >/dev/null | sed -n 's/^nodes: //p')
grep -q "\"nodes\": $nodes," "$tmp/json" || fail "json: nodes differ from --stats ($nodes)"
expect "paper count json" 0 '{
  "count": 1,
  "complete": true,' -- sh -c '"$1" -c -f json "$2" | head -3' sh "$DLX" "$D/paper.txt"

# --stats: the four figures, on standard error only.
"$DLX" --stats --count "$D/paper.txt" >"$tmp/out" 2>"$tmp/err"
for key in solutions nodes updates seconds; do
    grep -q "^$key: [0-9]" "$tmp/err" || fail "--stats: no '$key:' line: $(cat "$tmp/err")"
done
grep -q '^solutions: 1$' "$tmp/err" || fail "--stats: solutions should be 1"
grep -q '^items: 7 (7 primary, 0 secondary)$' "$tmp/err" || fail "--stats: items: $(cat "$tmp/err")"
grep -q '^options: 6$' "$tmp/err" || fail "--stats: options: $(cat "$tmp/err")"
"$DLX" --stats --count "$D/colors.txt" 2>&1 >/dev/null |
    grep -q '^colours: 2$' || fail "--stats: colours of colors.txt should be 2 (A, B)"
[ "$(cat "$tmp/out")" = 1 ] || fail "--stats: stdout should be just the count"

# Colours: TAOCP 7.2.2.1's example, one solution, which shares x:A.
expect "colours" 0 "p r x:A y
q x:A" -- "$DLX" -q "$D/colors.txt"
[ ! -s "$tmp/err" ] || fail "--quiet printed: $(cat "$tmp/err")"

# Several solutions separated by a blank line; --max and --first.
printf 'a b\na\nb\na b\n' >"$tmp/two.txt"
expect "two solutions" 0 "a
b

a b" -- "$DLX" -q "$tmp/two.txt"
expect "max 1" 0 "a
b" -- "$DLX" -q --max 1 "$tmp/two.txt"
expect "max=1" 0 "a
b" -- "$DLX" -q --max=1 "$tmp/two.txt"
expect "first" 0 "a
b" -- "$DLX" -q --first "$tmp/two.txt"
expect "count max" 0 "1" -- "$DLX" -q -c -m 1 "$tmp/two.txt"
expect "count" 0 "2" -- "$DLX" -q -c "$tmp/two.txt"

# No solution: status 1, and the summary says so.
printf 'a b c\na b\nb c\n' >"$tmp/none.txt"
expect "no solution" 1 "" -- "$DLX" "$tmp/none.txt"
grep -q '^dlx: no solution' "$tmp/err" || fail "no solution: summary: $(cat "$tmp/err")"
expect "no solution count" 1 "0" -- "$DLX" -c "$tmp/none.txt"
# An item line and no options: the root is the only node, in the singular.
printf 'a\n' >"$tmp/bare.txt"
expect "no options" 1 "" -- "$DLX" "$tmp/bare.txt"
grep -q '^dlx: no solution, 1 node, ' "$tmp/err" || fail "one node: summary: $(cat "$tmp/err")"

# The search options change the order of the search, never the answers.
for rule in mrv first knuth; do
    expect "choose $rule" 0 "1" -- "$DLX" -c --choose=$rule "$D/paper.txt"
done
for seed in 0 1 12345678901234567890; do
    expect "seed $seed" 0 "2" -- "$DLX" -c --seed $seed "$tmp/two.txt"
done
expect "seed text" 0 "C E F
A D
B G" -- "$DLX" --seed=7 "$D/paper.txt"

# --help and --version on stdout, status 0.
"$DLX" --help >"$tmp/out" 2>"$tmp/err" || fail "--help: status $?"
grep -q '^Usage: dlx \[OPTION\]\.\.\. \[FILE\]$' "$tmp/out" || fail "--help: no usage line"
grep -q -- '--count' "$tmp/out" || fail "--help: --count not described"
grep -q 'standard input when FILE is absent' "$tmp/out" || fail "--help: standard input not described"
"$DLX" --version >"$tmp/out" 2>&1 || fail "--version: status $?"
grep -q '^dlx (libdlx) [0-9]' "$tmp/out" || fail "--version: $(cat "$tmp/out")"

# Usage errors: status 2 with a hint.
for args in "--format xml" "--max 0" "--max -3" "--max 1x" "--choose best" "--seed -1" \
    "--bogus" "a b" "--trace --count" "--tree --format json" "--trace=xml" "--tree=png"; do
    # shellcheck disable=SC2086
    "$DLX" $args "$D/paper.txt" >"$tmp/out" 2>"$tmp/err"
    status=$?
    [ "$status" -eq 2 ] || fail "'$args': status $status, expected 2"
    grep -q "Try 'dlx --help'" "$tmp/err" || fail "'$args': no hint: $(cat "$tmp/err")"
    [ ! -s "$tmp/out" ] || fail "'$args': wrote to stdout"
done

# getopt's complaints are worded like the others: "dlx: ...", never the
# program's whole path, and they say what was wrong.
for case in "--bogus|unknown or ambiguous option '--bogus'" "-x|unknown option '-x'" \
    "--count=3|option '--count=3' takes no argument" "--max|option '--max' needs an argument" \
    "-m|option '-m' needs an argument"; do
    arg=${case%%|*} want="dlx: ${case#*|}"
    "$DLX" "$arg" </dev/null >/dev/null 2>"$tmp/err"
    [ "$(head -n 1 "$tmp/err")" = "$want" ] || fail "'$arg': $(head -n 1 "$tmp/err"), want $want"
done

[ "$fails" -eq 0 ]
