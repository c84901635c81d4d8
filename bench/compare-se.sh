#!/bin/sh
# SPDX-License-Identifier: MIT
# compare-se.sh DIR - `sudoku --rate` against Sudoku Explainer's own rater.
#
#   bench/compare-se.sh DIR     DIR: a checkout of github.com/SudokuMonster/SukakuExplainer,
#                               or its git directory (a clone without a work tree)
#
# Builds SukakuExplainer's command-line rater, serate (diuf.sudoku.test.serate),
# with the machine's javac into a temporary directory (nothing of it enters
# this project, and the project does not need it), then rates random samples
# of the public collections and of our own generator's output with both, and
# prints the agreement in the shape of issue 24: set | n | exact | within 0.5 |
# Spearman, and the time a puzzle of each.
#
# serate is run as
#   java -Xrs -Xmx1g -cp CLASSES diuf.sudoku.test.serate --techs=SE121 --threads=1
#        --format='%g %r %e' --input=FILE
# where SE121 keeps Sudoku Explainer 1.2.1's techniques (SukakuExplainer adds
# turbot fish, WXYZ-wings and others, off here): the 46 switches of its
# --techs list, in the order `serate --techs=` prints them. %r is the rating
# (the hardest step of its path), %e its time for the puzzle (wall clock
# inside the JVM, one rating thread, start-up excluded); ours the same way:
# `sudoku --rate -j 1 --format csv`, its microseconds column (wall clock of
# each puzzle inside the process). On a shared machine both are noisy; the
# ratio is the figure.
#
# A puzzle serate has not finished after SE_TIMEOUT seconds is dropped from
# the table and counted as "unfinished" (the 11+ set takes minutes a puzzle).
#
# Settings (environment): DATA (default ../shared/data/sudoku next to the
# project), SEED (default 1: the samples; give another for a held-out one),
# SIZES (label:count pairs, default kaggle:100 17_clue:100 top1465:60 11+:10
# generate:50 extreme:20), SE_TIMEOUT (default 600), SE_CACHE (a file of
# "puzzle rating time" lines kept between runs: serate is slow, and a puzzle
# rated once is not rated again), SUDOKU (our command, default the one `make`
# builds), SE_CLASSES=DIR (serate built there once, then reused), ROWS=FILE
# also writes every puzzle's "set puzzle se ours" there,
# KEEP=1 keeps the temporary directory, WHOLE=R adds the CPU of each whole
# process, both programs alternated R times (below).
# Needs java and javac (Debian: openjdk-17-jdk-headless).
set -eu

usage() {
    echo "usage: bench/compare-se.sh SE_DIR   (a checkout or git directory of SudokuMonster/SukakuExplainer)" >&2
    exit 2
}
[ $# -eq 1 ] || usage
src=$1
root=$(cd "$(dirname "$0")/.." && pwd)
data=${DATA:-$root/../shared/data/sudoku}
seed=${SEED:-1}
sizes=${SIZES:-kaggle:100 17_clue:100 top1465:60 11+:10 generate:50 extreme:20}
se_timeout=${SE_TIMEOUT:-600}
sudoku=${SUDOKU:-$root/build/bin/sudoku}
# Sudoku Explainer 1.2.1's techniques among SukakuExplainer's 46: hidden single,
# direct pointing, direct hidden pair, naked single, direct hidden triple,
# pointing & claiming, naked pair, X-wing, hidden pair, naked triple,
# swordfish, hidden triple, XY-wing, XYZ-wing, unique rectangle / loop, naked
# quad, jellyfish, hidden quad, BUG, aligned pair exclusion, forcing chains &
# cycles, aligned triplet exclusion, nishio, multiple, dynamic, dynamic (+)
# and nested forcing chains.
se121=1111000011010111011011011011000010100010111111

for tool in java javac; do
    command -v $tool >/dev/null 2>&1 || {
        echo "compare-se.sh: $tool is needed (sudo apt-get install openjdk-17-jdk-headless)" >&2; exit 1; }
done
[ -d "$data" ] || { echo "compare-se.sh: no puzzle sets in $data (set DATA)" >&2; exit 1; }
[ -x "$sudoku" ] || make -s -C "$root" >&2

tmp=$(mktemp -d "${TMPDIR:-/tmp}/compare-se.XXXXXX")
cleanup() { if [ "${KEEP:-0}" = 1 ]; then echo "kept $tmp" >&2; else rm -rf "$tmp"; fi; }
trap cleanup EXIT
trap 'exit 130' INT TERM

# --- a private build of serate ----------------------------------------------------
mkdir -p "$tmp/se" "$tmp/classes"
if [ -d "$src/diuf/sudoku" ]; then
    (cd "$src" && tar -cf - diuf) | (cd "$tmp/se" && tar -xf -)
elif git --git-dir="$src" rev-parse --verify -q HEAD >/dev/null 2>&1; then
    git --git-dir="$src" archive HEAD diuf | (cd "$tmp/se" && tar -xf -)
else
    echo "compare-se.sh: $src is neither a SukakuExplainer checkout nor its git directory" >&2
    exit 1
fi
[ -f "$tmp/se/diuf/sudoku/test/serate.java" ] ||
    { echo "compare-se.sh: $src has no diuf/sudoku/test/serate.java: not SukakuExplainer?" >&2; exit 1; }
classes=${SE_CLASSES:-$tmp/classes}
if [ -f "$classes/diuf/sudoku/test/serate.class" ]; then
    echo "== serate already built in $classes" >&2
else
echo "== building serate (javac $(javac -version 2>&1 | awk '{print $2}'))" >&2
# its sources are Latin-1 (a degree sign in a comment)
(cd "$tmp/se" && find diuf -name '*.java' > "$tmp/sources" &&
    javac -nowarn -encoding ISO-8859-1 -d "$classes" @"$tmp/sources" >"$tmp/javac.log" 2>&1) || {
    echo "compare-se.sh: javac failed; its log:" >&2; tail -20 "$tmp/javac.log" >&2; exit 1; }
fi
java -cp "$classes" diuf.sudoku.test.serate --techs= 2>&1 | grep -q "need 46 " || {
    echo "compare-se.sh: this serate does not list 46 techniques: the SE 1.2.1 switches need updating" >&2
    exit 1; }

# --- the samples ------------------------------------------------------------------
# sample FILE N: N lines of FILE drawn at random by SEED (the same on one machine)
sample() {
    awk -v s="$seed" 'BEGIN { srand(s) } length($0) >= 81 && $0 !~ /^#/ { printf "%.9f\t%s\n", rand(), substr($0, 1, 81) }' "$1" |
        sort -n | head -n "$2" | cut -f2
}
file_of() {
    case $1 in
        kaggle) echo kaggle_first9999.txt ;;
        17_clue) echo 17_clue.txt ;;
        top1465) echo magictour_top1465.txt ;;
        11+) echo forum_hardest_1905_11plus.txt ;;
    esac
}
: > "$tmp/labels"
for entry in $sizes; do
    label=${entry%%:*} n=${entry#*:}
    out="$tmp/sample.$label"
    case $label in
        generate) "$sudoku" --generate "$n" --seed "$seed" > "$out" ;;
        extreme) "$sudoku" --generate "$n" --seed "$seed" --difficulty extreme > "$out" ;;
        *) f=$data/$(file_of "$label")
           [ -f "$f" ] || { echo "compare-se.sh: no $f: $label skipped" >&2; continue; }
           sample "$f" "$n" > "$out" ;;
    esac
    echo "$label" >> "$tmp/labels"
done

# --- serate, with a cache and a time limit a puzzle -------------------------------------
cache=${SE_CACHE:-$tmp/cache}
touch "$cache"
# se_rate IN OUT: OUT gets "puzzle rating seconds" for each puzzle of IN that
# serate finished; one JVM for the lot, restarted past a puzzle that takes
# longer than SE_TIMEOUT.
se_rate() {
    in=$1 out=$2
    : > "$out"
    awk 'FILENAME == ARGV[1] { have[$1] = 1; next } !($1 in have)' "$cache" "$in" > "$tmp/todo"
    while [ -s "$tmp/todo" ]; do
        : > "$tmp/got"
        java -Xrs -Xmx1g -cp "$classes" diuf.sudoku.test.serate --techs=$se121 --threads=1 \
            --format='%g %r %e' --input="$tmp/todo" > "$tmp/got" 2>"$tmp/serate.log" &
        pid=$!
        last=0 still=0
        while kill -0 $pid 2>/dev/null; do
            sleep 2
            now=$(wc -l < "$tmp/got")
            if [ "$now" -ne "$last" ]; then last=$now still=0; else still=$((still + 2)); fi
            if [ "$still" -ge "$se_timeout" ]; then kill $pid 2>/dev/null || true; break; fi
        done
        wait $pid 2>/dev/null || true
        # "12.34s", "1m05s", "2h03m": seconds
        awk 'NF >= 3 { t = $3; s = 0
                 if (t ~ /h/) { split(t, a, "h"); s = a[1] * 3600 + substr(a[2], 1, length(a[2]) - 1) * 60 }
                 else if (t ~ /m/) { split(t, a, "m"); s = a[1] * 60 + substr(a[2], 1, length(a[2]) - 1) }
                 else s = substr(t, 1, length(t) - 1)
                 print substr($1, 1, 81), $2, s }' "$tmp/got" >> "$cache"
        done_n=$(wc -l < "$tmp/got")
        total=$(wc -l < "$tmp/todo")
        if [ "$done_n" -lt "$total" ]; then
            # the puzzle after the last finished one ran out of time
            sed -n "$((done_n + 1))p" "$tmp/todo" | awk '{ print substr($1, 1, 81), "unfinished", 0 }' >> "$cache"
            sed -n "$((done_n + 2)),\$p" "$tmp/todo" > "$tmp/todo.next"
        else
            : > "$tmp/todo.next"
        fi
        mv "$tmp/todo.next" "$tmp/todo"
    done
    awk 'FILENAME == ARGV[1] { r[$1] = $2; t[$1] = $3; next } ($1 in r) { print $1, r[$1], t[$1] }' "$cache" "$in" > "$out"
}

# --- both raters, and the table ------------------------------------------------------
echo
echo "sudoku --rate against serate (SukakuExplainer $(git --git-dir="$src" log -1 --format=%h 2>/dev/null || echo "at $src"),"
echo "SE 1.2.1's techniques, --threads=1), samples drawn with seed $seed:"
echo
echo "| set | n | exact | within 0.5 | Spearman | unfinished by serate | ours ms/puzzle | serate ms/puzzle | serate / ours |"
echo "|---|---|---|---|---|---|---|---|---|"
[ -n "${ROWS:-}" ] && : > "$ROWS"
while read -r label; do
    in="$tmp/sample.$label"
    echo "== $label: serate" >&2
    se_rate "$in" "$tmp/se.$label"
    echo "== $label: sudoku --rate" >&2
    "$sudoku" --rate -j 1 --format csv "$in" > "$tmp/ours.$label" || true
    awk -F, -v label="$label" -v rows="${ROWS:-}" '
    FILENAME ~ /ours/ { if (FNR > 1) { ours[$3] = $6; ot[$3] = $NF }; next }
    { split($0, f, " "); se[f[1]] = f[2]; st[f[1]] = f[3] }
    END {
        n = 0; unf = 0; tse = 0
        for (p in se) {
            if (se[p] == "unfinished") { unf++; continue }
            if (!(p in ours) || ours[p] == "") continue
            n++; a[n] = se[p] + 0; b[n] = ours[p] + 0; tse += st[p]; tours += ot[p]
            if (rows != "") print label, p, se[p], ours[p] >> rows
        }
        if (n == 0) { printf "| %s | 0 | - | - | - | %d | - | - | - |\n", label, unf; exit }
        exact = 0; near = 0
        for (i = 1; i <= n; i++) { d = a[i] - b[i]; if (d < 0) d = -d; if (d < 0.05) exact++; if (d <= 0.5001) near++ }
        rho = spearman(a, b, n)
        ms = tours / 1000 / n; se_ms = 1000 * tse / n
        printf "| %s | %d | %.0f%% | %.0f%% | %s | %d | %.2f | %.1f | %s |\n", label, n, 100 * exact / n,
            100 * near / n, rho, unf, ms, se_ms, (ms > 0 ? sprintf("%.0fx", se_ms / ms) : "-")
    }
    function rank(x, n, r,    i, j, k, t, idx) {
        for (i = 1; i <= n; i++) idx[i] = i
        for (i = 2; i <= n; i++) { t = idx[i]; for (j = i - 1; j >= 1 && x[idx[j]] > x[t]; j--) idx[j + 1] = idx[j]; idx[j + 1] = t }
        for (i = 1; i <= n; i = k + 1) {
            for (k = i; k < n && x[idx[k + 1]] == x[idx[i]]; k++) ;
            for (j = i; j <= k; j++) r[idx[j]] = (i + k) / 2
        }
    }
    function spearman(x, y, n,    rx, ry, i, mx, my, sxy, sxx, syy) {
        rank(x, n, rx); rank(y, n, ry)
        for (i = 1; i <= n; i++) { mx += rx[i]; my += ry[i] }
        mx /= n; my /= n
        for (i = 1; i <= n; i++) { sxy += (rx[i] - mx) * (ry[i] - my); sxx += (rx[i] - mx) ^ 2; syy += (ry[i] - my) ^ 2 }
        return (sxx > 0 && syy > 0) ? sprintf("%.2f", sxy / sqrt(sxx * syy)) : "-"
    }' "$tmp/ours.$label" "$tmp/se.$label" > "$tmp/row"
    cat "$tmp/row"
done < "$tmp/labels"

# --- the whole processes' CPU (WHOLE=R rounds) ------------------------------------------
# serate's own clock counts a puzzle in hundredths of a second and leaves
# out its start-up; the CPU of each whole process (the JVM's every thread,
# ours `--rate -j 1`) is the other figure. R rounds, the two alternated, on
# each finished set but 11+ (minutes a puzzle); the lowest round and the
# median of each, in ms a puzzle.
rounds=${WHOLE:-0}
if [ "$rounds" -gt 0 ]; then
    cpu_ms() { # CPU of the command, in ms
        if perf stat -x, -e task-clock -o "$tmp/perf" "$@" > /dev/null 2>&1 &&
            grep -q task-clock "$tmp/perf"; then
            awk -F, '/task-clock/ { printf "%.3f\n", $1 }' "$tmp/perf"
        else
            /usr/bin/time -f "%U %S" -o "$tmp/time" "$@" > /dev/null 2>&1 || true
            awk '{ printf "%.3f\n", ($1 + $2) * 1000 }' "$tmp/time"
        fi
    }
    stats() { sort -n | awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; print v[1], m }'; }
    echo
    echo "CPU of each whole process, $rounds rounds alternated (ms a puzzle: lowest, median):"
    echo
    echo "| set | n | serate ms/puzzle | ours ms/puzzle | serate / ours (lowest) | (median) |"
    echo "|---|---|---|---|---|---|"
    while read -r label; do
        [ "$label" = "11+" ] && continue
        in="$tmp/sample.$label"
        n=$(wc -l < "$in")
        : > "$tmp/se.cpu"; : > "$tmp/ours.cpu"
        r=0
        while [ "$r" -lt "$rounds" ]; do
            echo "== $label: round $((r + 1)) of $rounds" >&2
            cpu_ms java -Xrs -Xmx1g -cp "$classes" diuf.sudoku.test.serate --techs=$se121 --threads=1 \
                --format='%g %r %e' --input="$in" >> "$tmp/se.cpu"
            cpu_ms "$sudoku" --rate -j 1 "$in" >> "$tmp/ours.cpu"
            r=$((r + 1))
        done
        set -- $(stats < "$tmp/se.cpu") $(stats < "$tmp/ours.cpu")
        awk -v l="$label" -v n="$n" -v sl="$1" -v sm="$2" -v ol="$3" -v om="$4" 'BEGIN {
            printf "| %s | %d | %.3f (%.3f) | %.4f (%.4f) | %.0fx | %.0fx |\n", l, n, sl / n, sm / n,
                ol / n, om / n, sl / ol, sm / om }'
    done < "$tmp/labels"
fi
