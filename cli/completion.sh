#!/bin/sh
# SPDX-License-Identifier: MIT
# Writes a bash completion script for PROGRAM, registered for the command
# NAME, from what `PROGRAM --help` says, so that an option added to --help is
# completed without touching this file:
#
#   sh cli/completion.sh build/bin/sudoku dlx-sudoku > dlx-sudoku
#
# An option line of --help looks like "  -f, --format=FORMAT  ..." or
# "      --trace[=FORMAT]  ...". The placeholder says what follows:
#   FILE (or a name ending in FILE)   file names
#   a lower-case word (--tree[=dot])  that word only
#   anything else                     the words the program itself lists when
#                                     given a value it does not know: the
#                                     "expected a, b or c" of its error
#                                     message (none when it lists none: N)
# Plain arguments complete as file names. The script needs only bash (not
# the bash-completion package), so it can be sourced by hand as well.
prog=$1
name=${2:-$(basename "$1")}
if [ -z "$prog" ] || [ ! -x "$prog" ]; then
    echo "usage: sh cli/completion.sh PROGRAM [NAME]" >&2
    exit 2
fi
help=$("$prog" --help) || { echo "completion.sh: $prog --help failed" >&2; exit 1; }

# One line per option: "SHORT LONG KIND ARG" (SHORT and ARG "-" when none;
# KIND: none, required or optional).
options=$(printf '%s\n' "$help" | awk '
    /^ +-/ {
        line = $0
        sub(/^ +/, "", line)
        short = "-"; long = "-"; kind = "none"; arg = "-"
        if (match(line, /^-[A-Za-z0-9](, | |$)/)) {
            short = substr(line, 2, 1)
            line = substr(line, RLENGTH + 1)
        }
        if (match(line, /^--[A-Za-z0-9][A-Za-z0-9-]*/)) {
            long = substr(line, 3, RLENGTH - 2)
            line = substr(line, RLENGTH + 1)
            if (match(line, /^\[=[^] ]+\]/)) {
                kind = "optional"; arg = substr(line, 3, RLENGTH - 3)
            } else if (match(line, /^=[^ ]+/)) {
                kind = "required"; arg = substr(line, 2, RLENGTH - 1)
            }
        } else if (short != "-" && match(line, /^[A-Z][A-Za-z]*( |$)/)) {
            kind = "required"; arg = line; sub(/ .*/, "", arg)
        }
        if (short != "-" || long != "-")
            print short, long, kind, arg
    }')
[ -n "$options" ] || { echo "completion.sh: no options found in $prog --help" >&2; exit 1; }

# The values of an option: see the header.
values() { # LONG ARG
    case $2 in
    *FILE) echo "@file" ;;
    *[A-Z]*)
        "$prog" --"$1"=@unknown@ < /dev/null 2>&1 > /dev/null | awk '
            match($0, /expected [A-Za-z0-9_][A-Za-z0-9_, -]* or [A-Za-z0-9_-]+/) {
                list = substr($0, RSTART + 9, RLENGTH - 9)
                gsub(/,/, "", list); sub(/ or /, " ", list)
                n = split(list, w, " ")
                if (n >= 2) { print list; exit }
            }' ;;
    *) echo "$2" ;;
    esac
}

fn=_$(printf '%s' "$name" | tr -c 'A-Za-z0-9_' '_')
words=
cases=
sep=
while read -r short long kind arg; do
    [ "$long" != - ] && words="$words --$long"
    [ "$short" != - ] && words="$words -$short"
    [ "$kind" = none ] && continue
    pat=
    [ "$long" != - ] && pat="--$long"
    [ "$short" != - ] && [ "$kind" = required ] && pat="${pat:+$pat|}-$short"
    # Options whose value may come as the next word.
    [ "$kind" = required ] && sep="$sep $pat"
    v=$(values "$long" "$arg")
    [ -n "$v" ] || continue
    if [ "$v" = @file ]; then
        cases="$cases        $pat) _dlx_complete_files \"\$cur\"; return ;;
"
    else
        cases="$cases        $pat) COMPREPLY=(\$(compgen -W '$v' -- \"\$cur\")); return ;;
"
    fi
done <<EOF
$options
EOF
sep_pat=$(printf '%s\n' $sep | paste -s -d '|' -)

cat <<EOF
# bash completion for $name, generated from \`$name --help\` by cli/completion.sh.
# Installed under \$(DATADIR)/bash-completion/completions; to try it by hand:
#   . ./$name
_dlx_complete_files()
{
    local IFS=\$'\n'
    compopt -o filenames 2>/dev/null
    COMPREPLY=(\$(compgen -f -- "\$1"))
}

$fn()
{
    local cur=\${COMP_WORDS[COMP_CWORD]} prev= opt=
    [ "\$COMP_CWORD" -gt 0 ] && prev=\${COMP_WORDS[COMP_CWORD-1]}
    COMPREPLY=()
    # "--format=li" arrives as three words when '=' breaks words (the default),
    # as one otherwise.
    if [ "\$cur" = "=" ]; then
        opt=\$prev; cur=
    elif [ "\$prev" = "=" ] && [ "\$COMP_CWORD" -gt 1 ]; then
        opt=\${COMP_WORDS[COMP_CWORD-2]}
    elif [[ \$cur == --*=* ]]; then
        opt=\${cur%%=*}; cur=\${cur#*=}
    else
        case \$prev in
        ${sep_pat:-@none@}) opt=\$prev ;;
        esac
    fi
    if [ -n "\$opt" ]; then
        case \$opt in
$cases        *) return ;; # a value nothing is known about (a number)
        esac
    fi
    case \$cur in
    -*) COMPREPLY=(\$(compgen -W '$(echo $words)' -- "\$cur")) ;;
    *) _dlx_complete_files "\$cur" ;;
    esac
}
complete -F $fn $name
EOF
