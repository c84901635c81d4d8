#!/bin/sh
# SPDX-License-Identifier: MIT
# The README's speed tables, written from `make bench` output, never by hand.
#
#   sh bench/tables.sh [FILE]   keep the bench_knuth and bench_sudoku sections
#                               of FILE (make bench's output, by default
#                               build/bench.out) in bench/last-run.txt, and
#                               write their tables into README.md
#   sh bench/tables.sh --check  README.md's tables are those of
#                               bench/last-run.txt (make check runs this:
#                               tests/cli/test_bench_tables.sh)
#
# In README.md the tables sit between `<!-- bench-tables: knuth -->` (or
# sudoku) and `<!-- /bench-tables -->`; everything between is replaced. A
# short run (BENCH_QUICK=1) or one without Knuth's programs is refused: the
# README shows full runs only.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
last=$root/bench/last-run.txt
readme=${README:-$root/README.md}
mode=write
if [ "${1:-}" = --check ]; then
    mode=check
    shift
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
die() { echo "bench/tables.sh: $*" >&2; exit 1; }

if [ "$mode" = write ]; then
    in=${1:-$root/build/bench.out}
    [ -r "$in" ] || die "cannot read $in (make bench writes build/bench.out)"
    # The run's header lines (make bench: when, which commit, the load) and
    # the two sections, as make bench printed them.
    awk '
        /^== make bench/ { print; next }
        /^== bench_knuth/ { keep = 1 }
        /^== bench_sudoku$/ { keep = 1 }
        /^== / && !/^== bench_knuth/ && !/^== bench_sudoku$/ && !/^== (sudoku|published|threads)/ { keep = 0 }
        keep' "$in" > "$tmp/last"
    grep -q '^| pentominoes 6x10' "$tmp/last" ||
        die "$in has no full bench_knuth table (Knuth's sources not found, or BENCH_QUICK=1)"
    grep -q '^== sudoku: microseconds' "$tmp/last" || die "$in has no bench_sudoku table"
    grep -q '^== sudoku: .*(quick' "$tmp/last" && die "$in is a short run (BENCH_QUICK=1)"
    grep -q '^== make bench' "$tmp/last" || die "$in does not come from make bench (no header line)"
    cp "$tmp/last" "$last"
fi
[ -r "$last" ] || die "no $last: run make bench, then sh bench/tables.sh"

# --- the tables, from bench/last-run.txt ------------------------------------------
# "== make bench: start 2026-12-02 15:00 UTC, commit e86ff2f, load average
# 5.32 5.82 4.83 on 2 cores", and the same at the end.
awk '
    /^== make bench: (start|end) / {
        w = $4; day = $5; hm = $6; commit = $9; sub(/,$/, "", commit); load = $12; cores = $16
        if (w == "start") { d0 = day; t0 = hm; c0 = commit; l0 = load; n = cores } else { t1 = hm; l1 = load }
    }
    END { printf "Measured by `make bench` on %s, %s-%s UTC, at commit %s, on %s cores (load average %s at the start, %s at the end).\n", d0, t0, t1, c0, n, l0, l1 }
' "$last" > "$tmp/when"
{
    cat "$tmp/when"
    echo
    awk '/^== bench_knuth/ { k = 1; next } /^== / { k = 0 } k && /^CPU seconds/ { print $0 ":"; print "" } k && /^\|/' "$last"
} > "$tmp/knuth"
{
    cat "$tmp/when"
    echo
    awk '
        /^== sudoku: microseconds/ { main = 1; pub = 0
            sub(/^== sudoku: microseconds a puzzle, one thread, CPU time of the thread /, "")
            budget = $0; next }
        /^== published/ { pub = 1; main = 0; next }
        /^== / { main = 0; pub = 0; next }
        /^$/ || /^\(/ || /^set / { next }
        main && NF >= 7 {
            if (!($1 in seen)) { seen[$1] = 1; sets[++n] = $1; count[$1] = $2 }
            cell[$1, $3] = $4 == "-" ? "-" : $4 " / " $5
        }
        pub && NF >= 6 { published[$1] = $4 " / " $5 " / " $6 }
        END {
            printf "Microseconds a puzzle, one thread, CPU time of the thread %s: first solution / uniqueness proved, each over as many puzzles of the set as its budget allowed (bench/last-run.txt counts them); published: tdoku'"'"'s benchmark on its 2-vCPU EPYC, first solution (another machine: rough).\n\n", budget
            print "| collection (puzzles in it) | band | dlx | bitmask | backtrack | published: tdoku / kudoku / fast_solv_9r2 |"
            print "|---|---|---|---|---|---|"
            for (i = 1; i <= n; i++) {
                s = sets[i]
                printf "| %s (%s) | %s | %s | %s | %s | %s |\n", s, count[s], cell[s, "band"],
                    cell[s, "dlx"], cell[s, "bitmask"], cell[s, "backtrack"],
                    (s in published) ? published[s] : "-"
            }
        }' "$last"
} > "$tmp/sudoku"

# --- into the README ------------------------------------------------------------------
awk -v knuth="$tmp/knuth" -v sudoku="$tmp/sudoku" '
    /^<!-- bench-tables: (knuth|sudoku) -->$/ {
        print
        f = $0 ~ /knuth/ ? knuth : sudoku
        while ((getline line < f) > 0) print line
        close(f)
        skip = 1; found[f] = 1; next
    }
    /^<!-- \/bench-tables -->$/ { skip = 0 }
    !skip
    END { if (!(knuth in found) || !(sudoku in found)) exit 3 }
' "$readme" > "$tmp/README"
[ $? -eq 0 ] || die "$readme lacks the <!-- bench-tables: knuth --> or <!-- bench-tables: sudoku --> block"
if [ "$mode" = check ]; then
    if ! cmp -s "$readme" "$tmp/README"; then
        echo "bench/tables.sh: README.md's speed tables are not those of bench/last-run.txt" \
            "(the last make bench written): run sh bench/tables.sh [build/bench.out]" >&2
        diff "$readme" "$tmp/README" | head -20 >&2
        exit 1
    fi
    exit 0
fi
cp "$tmp/README" "$readme"
echo "bench/tables.sh: README.md's tables written from $last"
