#!/bin/sh
# SPDX-License-Identifier: MIT
# The tutorial docs/algorithm-x.md embeds the output of the tools between
# markers:
#
#   <!-- BEGIN dlx --trace paper.dlx -->
#   ```
#   ...the output...
#   ```
#   <!-- END -->
#
# This test runs each command again (in docs/, with the built programs and
# examples first on PATH, standard error discarded unless the command
# redirects it) and fails when the document no longer matches: the document
# has gone stale. To regenerate it (and, with Graphviz installed, the
# rendered tree docs/paper-tree.svg):
#
#   BIN=build/bin TESTS=tests sh tests/cli/test_trace_doc.sh --update
BIN=${BIN:-build/bin}
TESTS=${TESTS:-tests}
BIN=$(cd "$BIN" && pwd)
DOCS=$(cd "$TESTS/../docs" && pwd)
doc="$DOCS/algorithm-x.md"
new=${TMPDIR:-/tmp}/test_trace_doc.$$
trap 'rm -f "$new"' EXIT
PATH="$BIN:$BIN/examples:$PATH"
export PATH

blocks=0
inside=0
while IFS= read -r line; do
    case $line in
    '<!-- BEGIN '*' -->')
        printf '%s\n' "$line"
        cmd=${line#<!-- BEGIN }
        cmd=${cmd% -->}
        echo '```'
        (cd "$DOCS" && sh -c "$cmd" 2>/dev/null)
        echo '```'
        inside=1
        blocks=$((blocks + 1))
        ;;
    '<!-- END -->')
        printf '%s\n' "$line"
        inside=0
        ;;
    *)
        [ "$inside" = 1 ] || printf '%s\n' "$line"
        ;;
    esac
done < "$doc" > "$new"

if [ "$blocks" -lt 5 ]; then
    echo "FAIL: only $blocks generated blocks found in $doc"
    exit 1
fi
if [ "$1" = "--update" ]; then
    cp "$new" "$doc"
    echo "updated $doc ($blocks blocks)"
    if command -v dot > /dev/null 2>&1; then
        (cd "$DOCS" && dlx --tree=dot paper.dlx 2>/dev/null | dot -Tsvg > paper-tree.svg) &&
            echo "updated $DOCS/paper-tree.svg"
    fi
    exit 0
fi
if ! cmp -s "$doc" "$new"; then
    echo "FAIL: docs/algorithm-x.md is stale; the tools now print:"
    diff "$doc" "$new" | head -40
    echo "(regenerate: BIN=build/bin TESTS=tests sh tests/cli/test_trace_doc.sh --update)"
    exit 1
fi
exit 0
