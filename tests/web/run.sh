#!/bin/sh
# SPDX-License-Identifier: MIT
# make check-web: the page (web/index.html) in headless Chromium, driven by
# puppeteer-core from npm (tests/web/package.json: it uses Debian's
# /usr/bin/chromium and downloads no browser). test_page.js steps through the
# paper's example, the colour example and the 4x4 sudoku and checks that the
# page's state after every step, forwards and back, in its model and in its
# drawing, is the engine's own (tests/tools/trace_states.c); screenshots go to
# $BUILD/web-test/shots. Chromium and Node are installed with apt-get when
# this runs as root (not with DLX_AUTO_INSTALL=no, nor inside a package
# build: tests/may-install.sh); otherwise the test is skipped and says how
# to install them. --update-docs also copies the pictures docs/algorithm-x.md shows.
set -u
BUILD=${BUILD:-build}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT" || exit 1
. tests/may-install.sh
need() { # need COMMAND PACKAGE
    command -v "$1" > /dev/null 2>&1 && return 0
    if may_install check-web; then
        echo "check-web: installing $2"
        apt-get update > /dev/null 2>&1
        DEBIAN_FRONTEND=noninteractive apt-get install -y "$2" > /dev/null 2>&1
        command -v "$1" > /dev/null 2>&1 && return 0
    fi
    echo "check-web: skipped: $1 is missing; install it with: sudo apt-get install $2"
    exit 0
}
need chromium chromium
need node nodejs
need npm npm
dir=$BUILD/web-test
mkdir -p "$dir/shots" || exit 1
cp tests/web/package.json tests/web/package-lock.json "$dir/"
if [ ! -d "$dir/node_modules/puppeteer-core" ] || ! cmp -s tests/web/package-lock.json "$dir/node_modules/.package-lock.json.copy"; then
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error > npm.log 2>&1) || {
        echo "check-web: FAILED: npm ci could not install puppeteer-core:"
        tail -5 "$dir/npm.log"
        exit 1
    }
    cp tests/web/package-lock.json "$dir/node_modules/.package-lock.json.copy"
fi
# The references, for the problems the page steps through: the command's
# own stream (which must replay: tests/cli/trace_links.awk), and the
# engine's memory table after every step, read from the engine itself in its
# event hook (tests/tools/trace_states.c), not replayed from the stream.
cp docs/paper.dlx "$dir/paper.dlx"
cp docs/xcc.dlx "$dir/xcc.dlx"
"$BUILD/bin/sudoku" --to-dlx web/sudoku4.txt | sed 's|of /[^ ]*/web/sudoku4.txt|of web/sudoku4.txt|' > "$dir/sudoku4.dlx"
for p in paper xcc sudoku4; do
    "$BUILD/bin/dlx" --trace=json --detail=links --max-nodes=2000 "$dir/$p.dlx" > "$dir/$p.json" 2> /dev/null
    awk -f tests/cli/trace_links.awk "$dir/$p.json" > "$dir/$p.replay" || {
        echo "check-web: FAILED: the command's stream for $p does not replay"
        exit 1
    }
    "$BUILD/bin/tools/trace_states" "$dir/$p.dlx" > "$dir/$p.states" || {
        echo "check-web: FAILED: trace_states could not read the engine's states for $p"
        exit 1
    }
done
# Two problems with bounds (Algorithm M): Knuth's example and a small one
# whose search has every move of M's dance (tests/web/bounds.dlx). The awk
# replayer knows no bounds, so only the engine's own states are the reference.
cp docs/mcc.dlx "$dir/mcc.dlx"
cp tests/web/bounds.dlx "$dir/bounds.dlx"
for p in mcc bounds; do
    "$BUILD/bin/dlx" --trace=json --detail=links --max-nodes=2000 "$dir/$p.dlx" > "$dir/$p.json" 2> /dev/null
    "$BUILD/bin/tools/trace_states" "$dir/$p.dlx" > "$dir/$p.states" || {
        echo "check-web: FAILED: trace_states could not read the engine's states for $p"
        exit 1
    }
    "$BUILD/bin/dlx" --trace=links --max-nodes=2000 "$dir/$p.dlx" > "$dir/$p.links" 2> /dev/null
done
# The 4x4 sudoku under --choose=recent (its tree differs from mrv's there):
# the page's rule "recent" must run the same search.
"$BUILD/bin/sudoku" --to-dlx web/sudoku4.txt | sed 's|of /[^ ]*/web/sudoku4.txt|of web/sudoku4.txt|' |
    "$BUILD/bin/dlx" --trace=json --detail=links --max-nodes=2000 --choose=recent > "$dir/sudoku4-recent.json" 2> /dev/null
# And under --choose=path: the same tree as mrv's on so small a problem, but
# the stream names the rule, so the page's rule "path" must be the engine's.
"$BUILD/bin/sudoku" --to-dlx web/sudoku4.txt | sed 's|of /[^ ]*/web/sudoku4.txt|of web/sudoku4.txt|' |
    "$BUILD/bin/dlx" --trace=json --detail=links --max-nodes=2000 --choose=path > "$dir/sudoku4-path.json" 2> /dev/null
# A seed as large as dlx --seed takes (2^64-1): the page must replay it.
"$BUILD/bin/dlx" --trace=json --detail=links --max-nodes=2000 --seed=18446744073709551615 docs/paper.dlx > "$dir/paper-seed.json" 2> /dev/null
NODE_PATH="$dir/node_modules" timeout 120 node tests/web/test_page.js "$ROOT/web/index.html" "$dir" "$@"
