#!/bin/sh
# SPDX-License-Identifier: MIT
# The commands of the documentation run as written. Every fenced block of
# README.md, docs/*.md, examples/*.md and python/*.md whose info string
# starts with `sh` or `console` is run, and a page whose command stops
# working, or prints something else than the page shows, fails `make check`.
#
# The convention for whoever writes a page (docs/README.md says it too):
#
#   ```sh            every line is run, as one `sh -e` script: each command
#                    must succeed (status 0); its output is not compared.
#   ```console       `$ CMD` lines are commands (a following `> ` line
#                    continues one); the lines after a command, up to the
#                    next `$ ` line, are its standard output, compared
#                    exactly (trailing blanks aside); a line `...` stands for
#                    any number of lines. The command must succeed: to show a
#                    failure, end it with `; echo "status $?"`. To show
#                    standard error, write 2>&1 (into a pipe it comes first,
#                    as it is not buffered).
#   ```sh no-run     not run (install commands, `make check` itself, root,
#   ```console no-run  network); say why in the text.
#   ```sh needs=dot  run only when `dot` is installed (else reported skipped);
#                    several: needs=dot,python3. needs=dlx-mpi: only when
#                    this build has dlx-mpi (make mpi) and mpirun is there;
#                    such blocks run with Open MPI's variables that allow
#                    root and more ranks than cores (the flags
#                    --allow-run-as-root and --oversubscribe).
#
# Commands run from the top of the repository after `make`: in a scratch
# folder holding a link to every top-level entry of the repository, and a
# build/ whose bin/ is this build's programs (build/clang/bin for
# BUILD=build/clang, valgrind wrappers under make memcheck). So write
# `build/bin/sudoku examples/puzzle.txt`, never a bare `sudoku`: the programs
# are not on PATH, and a bare name of ours is refused even where a copy is
# installed. Files a command writes land in the scratch folder (shared by the
# blocks of one page, in order); never write into docs/ or examples/.
if [ "${DLX_VALGRIND:-0}" = 1 ]; then
    # 50 commands under valgrind take a minute or two; the programs' memory
    # is what the other tests check under make memcheck.
    echo "skipped under valgrind: the pages are checked by the plain runs"
    exit 0
fi
if ! command -v awk > /dev/null 2>&1; then
    echo "skipped: awk is missing"
    exit 0
fi
BUILD=$(dirname "$BIN")
. "$TESTS/cli/common.sh"
OURS='dlx|dlx-mpi|sudoku|dlx-sudoku|paper|queens|langford|pentominoes|colouring|latin'
LC_ALL=C
export LC_ALL
# For the needs=dlx-mpi blocks: mpirun as root and with more ranks than
# cores, as the page's plain commands (Open MPI 4's names for the flags);
# the ob1 layer starts faster here (tests/mpi/test_mpi.sh).
OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
OMPI_MCA_pml=${OMPI_MCA_pml:-ob1}
export OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM OMPI_MCA_rmaps_base_oversubscribe OMPI_MCA_pml
TIMEOUT=
command -v timeout > /dev/null 2>&1 && TIMEOUT="timeout 120"

# A fresh scratch copy of the top of the repository, for one page.
scratch() {
    rm -rf "$tmp/root" && mkdir -p "$tmp/root/build" || return 1
    for e in "$ROOT"/* "$ROOT"/.[!.]*; do
        [ -e "$e" ] || continue
        [ "$(basename "$e")" = build ] && continue
        ln -s "$e" "$tmp/root/$(basename "$e")"
    done
    for e in "$BUILD"/*; do
        [ -e "$e" ] && ln -s "$e" "$tmp/root/build/$(basename "$e")"
    done
    rm -f "$tmp/root/build/bin" && ln -s "$BIN" "$tmp/root/build/bin"
}

# Cuts the blocks out of a page: block k is $tmp/b/k.body, with
# "KIND LINE FLAGS..." in $tmp/b/k.meta (LINE: the line of its fence).
extract() {
    rm -rf "$tmp/b" && mkdir "$tmp/b"
    awk -v dir="$tmp/b" '
        /^```/ {
            if (inside) { inside = 0; close(body); next }
            info = substr($0, 4)
            n = split(info, w, " ")
            if (w[1] == "sh" || w[1] == "console") {
                k++
                inside = 1
                body = dir "/" k ".body"
                printf "" > body
                flags = ""
                for (i = 2; i <= n; i++) flags = flags " " w[i]
                print w[1], NR flags > (dir "/" k ".meta")
                close(dir "/" k ".meta")
            } else {
                other = 1
            }
            next
        }
        inside { print > body }' "$1"
}

# Refuses a bare name of ours where a command starts.
lint() { # FILE LINE TEXT
    printf '%s\n' "$3" | sed 's/#.*//' | tr '|;&(' '\n\n\n\n' | sed 's/^[[:space:]]*//' |
        grep -E -x "($OURS)([[:space:]].*)?" | while read -r cmd rest; do
            case $cmd in dlx | sudoku | dlx-sudoku) path=build/bin/sudoku ;; *) path=build/bin/examples/$cmd ;; esac
            [ "$cmd" = dlx ] && path=build/bin/dlx
            [ "$cmd" = dlx-mpi ] && path=build/bin/dlx-mpi
            echo "$1:$2: '$cmd' by its bare name, which is not on PATH: write $path"
        done
}

# Does actual output $1 match expected output $2, where a line "..." in $2
# matches any number of lines? Trailing blanks are ignored.
matches() {
    awk -v want="$2" '
        function same(s, i, len,   t) { # got[s..] equals exp_[i..i+len-1]
            if (s < 0 || s + len > n) return 0
            for (t = 0; t < len; t++) if (got[s + t] != exp_[i + t]) return 0
            return 1
        }
        { sub(/[ \t]+$/, ""); got[n++] = $0 }
        END {
            while ((getline line < want) > 0) { sub(/[ \t]+$/, "", line); exp_[m++] = line }
            if (m == 0) exit n != 0
            # Chunks of lines between "..." lines, matched in order: the first
            # at the start unless "..." leads, the last at the end unless
            # "..." ends the output, the others at their first place.
            pos = 0
            for (i = 0; i < m; i = j) {
                if (exp_[i] == "...") { j = i + 1; continue }
                for (j = i; j < m && exp_[j] != "..."; j++) ;
                len = j - i
                if (i == 0) {
                    if (!same(0, i, len)) exit 1
                    s = 0
                } else if (j == m) {
                    s = n - len
                    if (s < pos || !same(s, i, len)) exit 1
                } else {
                    for (s = pos; s + len <= n && !same(s, i, len); s++) ;
                    if (s + len > n) exit 1
                }
                pos = s + len
            }
            exit (exp_[m - 1] != "..." && pos != n)
        }' "$1"
}

run_in_scratch() { # SCRIPT OUT ERR [-e]
    (cd "$tmp/root" && $TIMEOUT sh $4 "$1" > "$2" 2> "$3" < /dev/null)
}

pages=0
blocks=0
commands=0
skipped=0
for page in "$ROOT"/README.md "$ROOT"/docs/*.md "$ROOT"/examples/*.md "$ROOT"/python/*.md; do
    [ -f "$page" ] || continue
    rel=${page#"$ROOT"/}
    pages=$((pages + 1))
    extract "$page"
    scratch || { fail "cannot make the scratch folder"; break; }
    k=0
    while [ -f "$tmp/b/$((k + 1)).meta" ]; do
        k=$((k + 1))
        read -r kind line flags < "$tmp/b/$k.meta"
        where="$rel:$line"
        skip=
        for f in $flags; do
            case $f in
            no-run) skip="no-run" ;;
            needs=*)
                for tool in $(echo "${f#needs=}" | tr , ' '); do
                    if [ "$tool" = dlx-mpi ]; then
                        [ -x "$BIN/dlx-mpi" ] && command -v mpirun > /dev/null 2>&1 && continue
                        skip="needs dlx-mpi, which this build has not (make mpi; it needs Open MPI)"
                        continue
                    fi
                    command -v "$tool" > /dev/null 2>&1 && continue
                    case $tool in dot) pkg=graphviz ;; *) pkg=$tool ;; esac
                    skip="needs $tool, which is missing (apt-get install $pkg)"
                done ;;
            *) fail "$where: unknown word '$f' after \`\`\`$kind (no-run, needs=PROG)" ;;
            esac
        done
        if [ -n "$skip" ]; then
            skipped=$((skipped + 1))
            [ "$skip" = no-run ] || echo "$where: skipped: $skip"
            continue
        fi
        blocks=$((blocks + 1))
        if [ "$kind" = sh ]; then
            n=0
            while IFS= read -r text; do
                n=$((n + 1))
                lint "$rel" $((line + n)) "$text"
            done < "$tmp/b/$k.body" > "$tmp/lint"
            [ -s "$tmp/lint" ] && fail "$(cat "$tmp/lint")"
            commands=$((commands + $(grep -c -v -E '^[[:space:]]*(#|$)' "$tmp/b/$k.body")))
            run_in_scratch "$tmp/b/$k.body" "$tmp/out" "$tmp/err" -e
            status=$?
            if [ "$status" -ne 0 ]; then
                fail "$where: this block fails (status $status):"
                sed 's/^/    | /' "$tmp/b/$k.body"
                echo "    its standard error:"
                tail -5 "$tmp/err" | sed 's/^/    /'
            fi
            continue
        fi
        # console: split into commands and expected outputs.
        rm -f "$tmp/b/$k".cmd.* "$tmp/b/$k".want.*
        awk -v base="$tmp/b/$k" -v first="$line" '
            /^\$ / { c++; cmd = base ".cmd." c; want = base ".want." c
                     print substr($0, 3) > cmd; printf "" > want
                     print first + NR > (base ".line." c); incmd = 1; next }
            incmd && /^> / { print substr($0, 3) > cmd; next }
            { incmd = 0; if (c) print > want; else print "before the first $ line: " $0 > (base ".stray") }
        ' "$tmp/b/$k.body"
        if [ -f "$tmp/b/$k.stray" ]; then
            fail "$where: a console block must start with a \$ line: $(head -1 "$tmp/b/$k.stray")"
            continue
        fi
        c=0
        while [ -f "$tmp/b/$k.cmd.$((c + 1))" ]; do
            c=$((c + 1))
            cmd="$tmp/b/$k.cmd.$c"
            at="$rel:$(cat "$tmp/b/$k.line.$c")"
            commands=$((commands + 1))
            lint "$rel" "$(cat "$tmp/b/$k.line.$c")" "$(cat "$cmd")" > "$tmp/lint"
            [ -s "$tmp/lint" ] && fail "$(cat "$tmp/lint")"
            run_in_scratch "$cmd" "$tmp/out" "$tmp/err"
            status=$?
            if [ "$status" -ne 0 ]; then
                fail "$at: \$ $(head -1 "$cmd"): status $status (end it with '; echo \"status \$?\"' to show a failure)"
                tail -5 "$tmp/err" | sed 's/^/    /'
            elif ! matches "$tmp/out" "$tmp/b/$k.want.$c"; then
                fail "$at: \$ $(head -1 "$cmd"): the page shows another output; the command prints:"
                head -40 "$tmp/out" | sed 's/^/    | /'
                echo "    the page shows:"
                sed 's/^/    | /' "$tmp/b/$k.want.$c"
            fi
        done
        [ "$c" -gt 0 ] || fail "$where: a console block without a \$ line"
    done
done
# Every file of the repository that the pages and the man pages name (a
# path with an extension: examples/x.txt, docs/format.md) exists.
for page in "$ROOT"/README.md "$ROOT"/docs/*.md "$ROOT"/docs/*.1 "$ROOT"/examples/*.md "$ROOT"/python/*.md; do
    [ -f "$page" ] || continue
    sed 's/\\-/-/g' "$page" |
        grep -n -o -E '(^|[^A-Za-z0-9_./-])(\.\./)?(docs|examples|tests|dlx|sudoku|cli|bench|python)/[A-Za-z0-9_./-]*\.[A-Za-z0-9]+' |
        sed -E 's/^([0-9]+):[^A-Za-z0-9_.]?/\1 /' | while read -r n path; do
            [ -e "$ROOT/${path#../}" ] || [ -e "$(dirname "$page")/$path" ] ||
                echo "${page#"$ROOT"/}:$n: names $path, which is not in the repository"
        done
done > "$tmp/paths"
[ -s "$tmp/paths" ] && fail "$(cat "$tmp/paths")"

echo "$pages pages, $blocks blocks run ($commands commands), $skipped not run (no-run or needs)"
[ "$blocks" -ge 5 ] || fail "only $blocks blocks found to run"
[ "$fails" -eq 0 ]
