#!/bin/sh
# SPDX-License-Identifier: MIT
# The bash completion of both commands, and of dlx-mpi when it was built
# (cli/completion.sh, generated from --help at build time). Sourced into bash and driven as bash drives it
# (COMP_WORDS, COMP_CWORD), it must offer every option that --help lists, so
# an option added to --help cannot go without completion; the values --help
# documents for --format, --choose, --algorithm ... (table below); only values
# the program accepts; file names where a file is wanted; nothing after an
# option that wants a number.
if [ "${DLX_VALGRIND:-0}" = 1 ]; then
    echo "skipped under valgrind: \$BIN holds wrappers, and this is about --help"
    exit 0
fi
if ! command -v bash > /dev/null 2>&1; then
    echo "skipped: bash is missing (apt-get install bash)"
    exit 0
fi
. "$TESTS/cli/common.sh"

# comp PROGRAM NAME WORD... : what completing the last WORD offers, one per
# line, sorted (run in $tmp/files, which holds two files).
mkdir "$tmp/files" && : > "$tmp/files/map.txt" && : > "$tmp/files/puzzles.txt"
comp() {
    prog=$1 name=$2
    shift 2
    (cd "$tmp/files" && bash -c '
        . "$1"; shift
        COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
        fn=$(complete -p "$1" | sed "s/.*-F \([^ ]*\) .*/\1/")
        "$fn" "$1" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
        printf "%s\n" "${COMPREPLY[@]}"' sh "$tmp/$name.bash" "$name" "$@") | sed '/^$/d' | LC_ALL=C sort
}
has() { # LIST WORD...: every WORD is a line of LIST
    list=$1; shift
    for w in "$@"; do printf '%s\n' "$list" | grep -q -x -F -e "$w" || return 1; done
}

# dlx-mpi when it was built (make check builds it when Open MPI is there)
# and runs as a singleton job, as the build runs it to make its completion.
mpi=
if [ -x "$BIN/dlx-mpi" ]; then
    if timeout 60 "$BIN/dlx-mpi" --help > /dev/null 2>&1; then
        mpi=dlx-mpi
    else
        fail "dlx-mpi was built but 'dlx-mpi --help' fails: its completion cannot be made"
    fi
else
    echo "dlx-mpi not built (no Open MPI: sh tests/mpi/ensure-mpi.sh): its completion not tested"
fi
for p in dlx sudoku $mpi; do
    prog="$BIN/$p"
    name=$p
    [ "$p" = sudoku ] && name=dlx-sudoku
    sh "$ROOT/cli/completion.sh" "$prog" "$name" > "$tmp/$name.bash" 2> "$tmp/err" ||
        { fail "$p: cli/completion.sh failed: $(cat "$tmp/err")"; continue; }
    bash -n "$tmp/$name.bash" || { fail "$p: the generated completion is not valid bash"; continue; }
    grep -q "^complete -F [A-Za-z_]* $name\$" "$tmp/$name.bash" ||
        fail "$p: the completion is not registered for $name"

    # Every option of --help, read here independently of the generator.
    "$prog" --help > "$tmp/help"
    longs=$(grep -o -E '^ +(-[A-Za-z0-9], )?--[A-Za-z0-9][A-Za-z0-9-]*' "$tmp/help" | sed 's/.*--/--/')
    shorts=$(grep -o -E '^ +-[A-Za-z0-9],' "$tmp/help" | sed 's/^ *//; s/,$//')
    [ "$(printf '%s\n' $longs | wc -l)" -ge 8 ] || fail "$p: only $(echo $longs) found in --help"
    offered=$(comp "$prog" "$name" --)
    for o in $longs; do has "$offered" "$o" || fail "$p: '$name --<TAB>' does not offer $o"; done
    offered=$(comp "$prog" "$name" -)
    for o in $shorts; do has "$offered" "$o" || fail "$p: '$name -<TAB>' does not offer $o"; done
    [ "$(comp "$prog" "$name" --he)" = "--help" ] || fail "$p: '--he' does not complete to --help"
    # Plain arguments are files.
    has "$(comp "$prog" "$name" pu)" puzzles.txt || fail "$p: '$name pu<TAB>' does not offer puzzles.txt"

    # Every value offered is one the program accepts: its complaint about a
    # value quotes it, so a rejected value would appear in quotes.
    case $p in dlx*) input=$ROOT/docs/paper.dlx ;; *) input=$ROOT/examples/puzzle.txt ;; esac
    for o in $longs; do
        grep -q -E -e "^ +(-[A-Za-z0-9], )?$o\\[?=" "$tmp/help" || continue
        for v in $(comp "$prog" "$name" "$o" = ""); do
            case $v in *.txt) continue ;; esac # file names
            "$prog" "$o=$v" "$input" < /dev/null > /dev/null 2> "$tmp/err"
            grep -q -F "'$v'" "$tmp/err" && fail "$p: $o=$v is offered but refused: $(head -1 "$tmp/err")"
        done
    done
done

# Values as --help documents them (from the help text of each option), in
# all three forms of writing them; files for --regions; nothing for numbers.
# A row: program, command name, the option, the values wanted, the word
# being completed (@ for an empty one), the words before it.
while read -r p name opt want cur words; do
    [ "$cur" = @ ] && cur=
    [ "$p" = dlx-mpi ] && [ -z "$mpi" ] && continue
    got=$(comp "$BIN/$p" "$name" $words "$cur" | paste -s -d ' ' -)
    for w in $(echo "$want" | tr , ' '); do
        printf '%s\n' $got | grep -q -x -F -e "$w" ||
            fail "$name $words $cur<TAB>: offers '$got', not $w ($opt, as --help documents)"
    done
done << 'EOF'
dlx dlx --format text,ids,json @ --format =
dlx dlx --format ids i -f
dlx dlx --choose mrv,knuth,recent,path,first --choose= 
dlx dlx --choose first f --choose
dlx dlx --trace text,json @ --trace =
dlx dlx --tree dot @ --tree =
dlx dlx --memo mrv,first @ --memo =
dlx dlx --bound full,cost,none @ --bound =
dlx dlx --zdd map.txt @ --zdd
dlx-mpi dlx-mpi --format text,ids,json @ --format =
dlx-mpi dlx-mpi --choose mrv,knuth,recent,path,first --choose=
dlx-mpi dlx-mpi --checkpoint map.txt @ --checkpoint
sudoku dlx-sudoku --format line,grid,pretty @ --format
sudoku dlx-sudoku --format pretty --format=p
sudoku dlx-sudoku --algorithm band,dlx,bitmask,backtrack @ -A
sudoku dlx-sudoku --variant x,hyper,jigsaw @ --variant =
sudoku dlx-sudoku --regions map.txt @ --regions
sudoku dlx-sudoku --regions map.txt m --regions =
EOF
for w in "--max" "-m" "--jobs" "--box"; do
    [ -z "$(comp "$BIN/sudoku" dlx-sudoku "$w" "")" ] || fail "dlx-sudoku $w <TAB> offers something"
done
[ -z "$(comp "$BIN/dlx" dlx --seed = "")" ] || fail "dlx --seed=<TAB> offers something"
if [ -n "$mpi" ]; then
    [ -z "$(comp "$BIN/dlx-mpi" dlx-mpi --split-nodes "")" ] ||
        fail "dlx-mpi --split-nodes <TAB> offers something"
fi
[ "$fails" -eq 0 ]
