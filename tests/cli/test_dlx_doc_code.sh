#!/bin/sh
# SPDX-License-Identifier: MIT
# The C example of docs/format.md ("Reading the format from C") is real code:
# it is cut out of the page, given a main(), built against this tree's
# libdlx.a and run on docs/paper.dlx, where it must print the one solution
# of Knuth's paper as the option lines, in the order the search chose them
# (A D, C E F, B G: the trace in docs/algorithm-x.md), and a blank line.
if [ "${DLX_VALGRIND:-0}" = 1 ]; then
    echo "skipped under valgrind: \$BIN holds wrappers, and this is about the page"
    exit 0
fi
ROOT=$(cd "$TESTS/.." && pwd)
LIB="$(dirname "$BIN")/lib/libdlx.a"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# A sanitizer build's library needs the sanitizer runtime to link: the page
# is checked by the plain builds.
if nm "$LIB" 2>/dev/null | grep -q -E "__asan|__tsan"; then
    exit 0
fi
awk '/^```c$/ { f = 1; next } /^```$/ { f = 0 } f' "$ROOT/docs/format.md" > "$tmp/example.c"
grep -q 'int solve_file(FILE \*in, const char \*name)' "$tmp/example.c" ||
    { echo "FAIL: docs/format.md: no solve_file() example found"; exit 1; }
cat >> "$tmp/example.c" << 'EOF'

int main(int argc, char **argv)
{
    FILE *in = argc > 1 ? fopen(argv[1], "r") : NULL;
    if (!in)
        return 3;
    int rc = solve_file(in, argv[1]);
    fclose(in);
    return rc == 0 ? 0 : 1;
}
EOF
${CC:-cc} -std=c11 -Wall -Wextra -Wno-missing-prototypes -I"$ROOT/dlx" -o "$tmp/example" \
    "$tmp/example.c" "$LIB" > "$tmp/cc.log" 2>&1 ||
    { cat "$tmp/cc.log"; echo "FAIL: the C example of docs/format.md does not build"; exit 1; }
if [ -s "$tmp/cc.log" ]; then
    cat "$tmp/cc.log"
    echo "FAIL: the C example of docs/format.md builds with warnings"
    exit 1
fi
"$tmp/example" "$ROOT/docs/paper.dlx" > "$tmp/out" ||
    { echo "FAIL: the C example of docs/format.md: status $?"; exit 1; }
printf 'A D\nC E F\nB G\n\n' > "$tmp/want"
cmp -s "$tmp/out" "$tmp/want" || {
    echo "FAIL: the C example of docs/format.md printed:"
    cat "$tmp/out"
    exit 1
}
# A file with an error: the message in the compilers' form, status 1.
printf 'a b\na c\n' > "$tmp/bad.dlx"
"$tmp/example" "$tmp/bad.dlx" > /dev/null 2> "$tmp/err" && { echo "FAIL: bad file accepted"; exit 1; }
grep -q "bad.dlx:2:3: error: unknown item 'c'" "$tmp/err" ||
    { echo "FAIL: the example's error message: $(cat "$tmp/err")"; exit 1; }
exit 0
