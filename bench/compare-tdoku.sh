#!/bin/sh
# SPDX-License-Identifier: MIT
# compare-tdoku.sh DIR - our sudoku solvers in tdoku's own benchmark harness.
#
#   bench/compare-tdoku.sh DIR        DIR: a checkout of github.com/t-dillon/tdoku,
#                                     or its git directory (a clone without a work tree)
#
# Builds tdoku's `run_benchmark` (with kudoku, fast_solv_9r2 and jsolve) in a
# temporary directory, our three fastest solvers registered as three more
# solvers of the harness: "ours_dlx", "ours_bitmask" and "ours_band", each a
# call of sudoku_solve() from libsudoku as `make` builds it (the glue is
# written here, into the temporary directory; nothing of tdoku enters this
# project and the project does not need tdoku). The harness is changed in
# its copy in one way: its clock, std::chrono::steady_clock, becomes the CPU
# time of the thread, since the machine is shared. Each set is run three
# times, every solver in turn each time, and the median is printed: µs a
# puzzle, first solution / uniqueness (limit 2), in the shape of issue 13.
#
# With CALLGRIND=N (e.g. 2000) it also counts instructions (valgrind
# --tool=callgrind, only the solving loop) for two solvers, CALLGRIND_SOLVERS
# (default "tdoku ours_band"; "kudoku ours_dlx" for the dlx path's target),
# on the first N puzzles of each set, limits 1 and 2, and their ratio: the
# figure that does not depend on who else uses the machine. valgrind does
# not run AVX-512, so that build of
# tdoku is for AVX2 (-mavx2, its own CMake switch).
#
# With ISOMORPHS=SEED the sets are first replaced by fresh isomorphs of
# their puzzles, made from that seed (each puzzle gets its own random
# relabelling of symbols, order of bands, of rows in each band, of stacks,
# of columns in each stack, and a transposition half the time): a held-out
# measurement, so that a solver tuned to the published files gains nothing
# from it. The isomorphs are written into the temporary directory (KEEP=1
# keeps them) and the callgrind counts use them too.
#
# Settings (environment): DATA (default ../shared/data/sudoku next to the
# project), ISOMORPHS (a seed; unset: the files as they are), MODES
# (default "first unique"; "first" alone for limit 1), SECONDS_TEST / SECONDS_WARMUP (the harness's -t / -w, default 3
# and 1), PUZZLES (its -n, default 100000), REPEAT (default 3), SOLVERS,
# SETS (label:file pairs, default the four sets of the issue),
# TDOKU_CC / TDOKU_CXX (the compilers for the harness; default clang and
# clang++ when present, as tdoku recommends), CC / OPT for our library (the
# project's defaults), KEEP=1 keeps the temporary directory.
# Needs cmake, a C++ compiler and make; valgrind for CALLGRIND.
set -eu

usage() {
    echo "usage: bench/compare-tdoku.sh TDOKU_DIR   (a checkout or git directory of t-dillon/tdoku)" >&2
    exit 2
}
[ $# -eq 1 ] || usage
src=$1
root=$(cd "$(dirname "$0")/.." && pwd)
data=${DATA:-$root/../shared/data/sudoku}
t_test=${SECONDS_TEST:-3}
t_warm=${SECONDS_WARMUP:-1}
npuzzles=${PUZZLES:-100000}
repeat=${REPEAT:-3}
solvers=${SOLVERS:-tdoku,jsolve,kudoku,fast_solv_9r2,ours_dlx,ours_bitmask,ours_band}
callgrind=${CALLGRIND:-0}
cg_solvers=${CALLGRIND_SOLVERS:-tdoku ours_band}
set -- $cg_solvers
[ $# -eq 2 ] || { echo "compare-tdoku.sh: CALLGRIND_SOLVERS names two solvers (e.g. \"kudoku ours_dlx\")" >&2; exit 2; }
cg_a=$1 cg_b=$2
isomorphs=${ISOMORPHS:-}
modes=${MODES:-first unique}
sets=${SETS:-kaggle:kaggle_first9999.txt 17_clue:17_clue.txt top1465:magictour_top1465.txt 11+:forum_hardest_1905_11plus.txt}

for tool in cmake make; do
    command -v $tool >/dev/null 2>&1 || { echo "compare-tdoku.sh: $tool is needed (apt-get install $tool)" >&2; exit 1; }
done
if [ -z "${TDOKU_CXX:-}" ]; then
    if command -v clang++ >/dev/null 2>&1; then TDOKU_CC=clang TDOKU_CXX=clang++; else TDOKU_CC=cc TDOKU_CXX=c++; fi
fi
TDOKU_CC=${TDOKU_CC:-cc}
command -v "$TDOKU_CXX" >/dev/null 2>&1 || { echo "compare-tdoku.sh: no C++ compiler ($TDOKU_CXX)" >&2; exit 1; }
[ -d "$data" ] || { echo "compare-tdoku.sh: no puzzle sets in $data (set DATA)" >&2; exit 1; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/compare-tdoku.XXXXXX")
cleanup() { if [ "${KEEP:-0}" = 1 ]; then echo "kept $tmp" >&2; else rm -rf "$tmp"; fi; }
trap cleanup EXIT
trap 'exit 130' INT TERM

# --- fresh isomorphs (ISOMORPHS=SEED) ------------------------------------------
if [ -n "$isomorphs" ]; then
    mkdir -p "$tmp/isomorphs"
    k=0
    for entry in $sets; do
        label=${entry%%:*} file=$data/${entry#*:}
        [ -f "$file" ] || continue
        k=$((k + 1))
        # one seed a set, so that adding a set does not change the others'
        awk -v seed=$((isomorphs * 16 + k)) '
        function shuffle(a, n,    i, j, t) {
            for (i = n; i > 1; i--) { j = int(rand() * i) + 1; t = a[i]; a[i] = a[j]; a[j] = t }
        }
        BEGIN { srand(seed) }
        length($0) >= 81 && substr($0, 1, 1) != "#" {
            for (i = 1; i <= 9; i++) sym[i] = i
            shuffle(sym, 9)
            for (i = 1; i <= 3; i++) { band[i] = i - 1; stack[i] = i - 1 }
            shuffle(band, 3); shuffle(stack, 3)
            for (b = 1; b <= 3; b++) {
                for (i = 1; i <= 3; i++) { in_band[i] = i - 1; in_stack[i] = i - 1 }
                shuffle(in_band, 3); shuffle(in_stack, 3)
                for (i = 1; i <= 3; i++) {
                    row[3 * (b - 1) + i - 1] = 3 * band[b] + in_band[i]
                    col[3 * (b - 1) + i - 1] = 3 * stack[b] + in_stack[i]
                }
            }
            flip = rand() < 0.5
            out = ""
            for (r = 0; r < 9; r++)
                for (c = 0; c < 9; c++) {
                    ch = substr($0, 1 + (flip ? 9 * col[c] + row[r] : 9 * row[r] + col[c]), 1)
                    out = out ((ch >= "1" && ch <= "9") ? sym[ch + 0] : ".")
                }
            print out
        }' "$file" > "$tmp/isomorphs/${entry#*:}"
    done
    echo "== fresh isomorphs of each set (seed $isomorphs) in $tmp/isomorphs" >&2
    data=$tmp/isomorphs
fi

# --- a private copy of tdoku -------------------------------------------------
mkdir -p "$tmp/tdoku"
if [ -f "$src/CMakeLists.txt" ]; then
    (cd "$src" && tar -cf - --exclude=./build --exclude=./.git .) | (cd "$tmp/tdoku" && tar -xf -)
elif git --git-dir="$src" rev-parse --verify -q HEAD >/dev/null 2>&1; then
    # A snapshot may lack its largest blobs (data.zip): take the files it has.
    git --git-dir="$src" ls-tree -r HEAD | awk '$2 == "blob" { print $3 }' |
        git --git-dir="$src" cat-file --batch-check='%(objectname) %(objecttype)' |
        awk '$2 == "blob" { print $1 }' > "$tmp/present"
    git --git-dir="$src" ls-tree -r HEAD | awk 'NR == FNR { ok[$1] = 1; next }
        $2 == "blob" && ($3 in ok) { sub(/^[^\t]*\t/, ""); print }' "$tmp/present" - > "$tmp/files"
    # (git archive still complains about the absent blob: its log is kept aside)
    (cd "$tmp/tdoku" && xargs git --git-dir="$src" archive HEAD -- < "$tmp/files" 2>"$tmp/archive.log" |
        tar -xf -)
else
    echo "compare-tdoku.sh: $src is neither a tdoku checkout nor its git directory" >&2
    exit 1
fi
for f in CMakeLists.txt src/all_solvers.h src/run_benchmark.cc src/solver_dpll_triad_simd.cc; do
    [ -f "$tmp/tdoku/$f" ] || { echo "compare-tdoku.sh: $src has no $f: not tdoku?" >&2; exit 1; }
done

# --- our library, as the project builds it -----------------------------------
echo "== building libsudoku (make, ${CC:-cc} ${OPT:-the default flags})" >&2
make -s -C "$root" BUILD="$tmp/ours" "$tmp/ours/lib/libsudoku.a" "$tmp/ours/lib/libdlx.a" >&2

# --- the glue: our solvers behind tdoku's solver signature -------------------
mkdir -p "$tmp/glue"
cat > "$tmp/glue/ours.c" <<'EOF'
/* Our solvers behind the signature of tdoku's harness (SolverFn):
 * size_t f(const char *input, size_t limit, uint32_t configuration,
 *          char *solution, size_t *num_guesses). One solver per algorithm,
 * built at the first call and kept (the harness is single-threaded). */
#include "sudoku.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

static size_t solve_with(enum sudoku_algorithm alg, const char *input, size_t limit,
                         char *solution, size_t *num_guesses)
{
    static sudoku_solver *solvers[8];
    if (!solvers[alg]) {
        sudoku_shape sh;
        int err = 0;
        sudoku_shape_default(&sh, 9);
        solvers[alg] = sudoku_solver_new(&sh, alg, &err);
        if (!solvers[alg])
            abort();
    }
    uint8_t givens[81], grid[81];
    for (int i = 0; i < 81; i++)
        givens[i] = (input[i] >= '1' && input[i] <= '9') ? (uint8_t)(input[i] - '0') : 0;
    sudoku_stats st;
    int64_t n = sudoku_solve(solvers[alg], givens, limit, grid, &st);
    if (n > 0 && solution)
        for (int i = 0; i < 81; i++)
            solution[i] = (char)('0' + grid[i]);
    if (num_guesses)
        *num_guesses = (size_t)st.nodes;
    return n > 0 ? (size_t)n : 0;
}

size_t OursSolverDlx(const char *input, size_t limit, uint32_t configuration, char *solution,
                     size_t *num_guesses);
size_t OursSolverBitmask(const char *input, size_t limit, uint32_t configuration,
                         char *solution, size_t *num_guesses);
size_t OursSolverBand(const char *input, size_t limit, uint32_t configuration, char *solution,
                      size_t *num_guesses);

size_t OursSolverDlx(const char *input, size_t limit, uint32_t configuration, char *solution,
                     size_t *num_guesses)
{
    (void)configuration;
    return solve_with(SUDOKU_DLX, input, limit, solution, num_guesses);
}

size_t OursSolverBitmask(const char *input, size_t limit, uint32_t configuration,
                         char *solution, size_t *num_guesses)
{
    (void)configuration;
    return solve_with(SUDOKU_BITMASK, input, limit, solution, num_guesses);
}

size_t OursSolverBand(const char *input, size_t limit, uint32_t configuration, char *solution,
                      size_t *num_guesses)
{
    (void)configuration;
    return solve_with(SUDOKU_BAND, input, limit, solution, num_guesses);
}
EOF

# The harness's clock, made the CPU time of the calling thread.
cat > "$tmp/glue/ours_clock.h" <<'EOF'
#include <chrono>
#include <ctime>
struct ours_thread_clock {
    typedef std::chrono::nanoseconds duration;
    typedef duration::rep rep;
    typedef duration::period period;
    typedef std::chrono::time_point<ours_thread_clock> time_point;
    static const bool is_steady = true;
    static time_point now() {
        timespec ts;
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
        return time_point(duration((rep)ts.tv_sec * 1000000000 + ts.tv_nsec));
    }
};
EOF

# ours_count SOLVER FILE LIMIT N: solves the first N puzzles of FILE, in
# count_all() only, so callgrind can count that function alone.
cat > "$tmp/glue/ours_count.cc" <<'EOF'
#include "all_solvers.h"
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

extern "C" __attribute__((noinline)) size_t count_all(const Solver *s, const std::vector<std::string> *p,
                                                      size_t limit) {
    char out[82];
    size_t guesses = 0, total = 0;
    for (const std::string &q : *p)
        total += s->Solve(q.c_str(), limit, out, &guesses);
    return total;
}

int main(int argc, char **argv) {
    if (argc != 5) return 2;
    std::vector<std::string> puzzles;
    std::ifstream in(argv[2]);
    std::string line;
    size_t n = std::strtoul(argv[4], nullptr, 10);
    while (puzzles.size() < n && std::getline(in, line))
        if (line.size() >= 81 && line[0] != '#') puzzles.push_back(line.substr(0, 81));
    for (const Solver &s : GetAllSolvers())
        if (s.Id() == argv[1]) {
            char out[82];
            size_t guesses = 0;
            if (!puzzles.empty()) s.Solve(puzzles[0].c_str(), 1, out, &guesses); /* set-up, not counted */
            size_t total = count_all(&s, &puzzles, std::strtoul(argv[3], nullptr, 10));
            std::printf("%s %zu puzzles %zu solutions\n", argv[1], puzzles.size(), total);
            return 0;
        }
    return 1;
}
EOF

# --- registering the glue in the copy of the harness -------------------------
h="$tmp/tdoku/src/all_solvers.h"
grep -q 'GetAllSolvers() {' "$h" && grep -q 'emplace_back(Solver(TdokuSolverDpllTriadSimd' "$h" || {
    echo "compare-tdoku.sh: $h is not as expected (GetAllSolvers)" >&2; exit 1; }
awk '
/GetAllSolvers\(\) \{/ {
    print "#ifdef OURS_REGISTERED"
    print "extern \"C\" { SolverFn OursSolverDlx; SolverFn OursSolverBitmask; SolverFn OursSolverBand; }"
    print "#endif"
}
/emplace_back\(Solver\(TdokuSolverDpllTriadSimd/ {
    print "#ifdef OURS_REGISTERED"
    print "    solvers.emplace_back(Solver(OursSolverDlx,     0, \"ours_dlx\",     \"E/sh..../m.\", 15));"
    print "    solvers.emplace_back(Solver(OursSolverBitmask, 0, \"ours_bitmask\", \"C/sh..../m.\", 15));"
    print "    solvers.emplace_back(Solver(OursSolverBand,    0, \"ours_band\",    \"B/shrc../m.\", 15));"
    print "#endif"
}
{ print }' "$h" > "$h.new" && mv "$h.new" "$h"
b="$tmp/tdoku/src/run_benchmark.cc"
grep -q 'steady_clock::now()' "$b" || { echo "compare-tdoku.sh: $b does not read steady_clock" >&2; exit 1; }
{ echo '#include "ours_clock.h"'; sed 's/steady_clock::now()/ours_thread_clock::now()/g' "$b"; } > "$b.new"
mv "$b.new" "$b"
cat >> "$tmp/tdoku/CMakeLists.txt" <<EOF

# --- added by compare-tdoku.sh: our solvers, from outside the tree ---
target_sources(run_benchmark PRIVATE $tmp/glue/ours.c)
target_include_directories(run_benchmark PRIVATE $tmp/glue $root/sudoku)
target_compile_definitions(run_benchmark PRIVATE OURS_REGISTERED)
target_link_libraries(run_benchmark $tmp/ours/lib/libsudoku.a $tmp/ours/lib/libdlx.a pthread)
add_executable(ours_count $tmp/glue/ours_count.cc $tmp/glue/ours.c src/util.cc \${BENCHMARK_SOLVER_SOURCES})
target_include_directories(ours_count PRIVATE $tmp/glue $root/sudoku src)
target_compile_definitions(ours_count PRIVATE OURS_REGISTERED)
target_link_libraries(ours_count $tmp/ours/lib/libsudoku.a $tmp/ours/lib/libdlx.a pthread)
EOF

build() { # build DIR TARGET [cmake options]
    dir=$1 target=$2
    shift 2
    (cd "$tmp/tdoku" && CC=$TDOKU_CC CXX=$TDOKU_CXX cmake -S . -B "$dir" -DKUDOKU=on -DFAST_SOLV_9R2=on \
        -DJSOLVE=on "$@" >"$dir.log" 2>&1 && make -C "$dir" -j2 "$target" >>"$dir.log" 2>&1) || {
        echo "compare-tdoku.sh: building tdoku's $target failed; the log:" >&2
        tail -30 "$dir.log" >&2
        exit 1
    }
}
echo "== building tdoku's run_benchmark ($TDOKU_CXX, its defaults: -O3 -march=native)" >&2
build "$tmp/build" run_benchmark

# --- running -----------------------------------------------------------------
results="$tmp/results.txt"
: > "$results"
for rep in $(seq 1 "$repeat"); do
    for entry in $sets; do
        label=${entry%%:*} file=$data/${entry#*:}
        [ -f "$file" ] || continue
        for mode in $modes; do
            flag=
            [ $mode = first ] && flag=-f
            echo "== run $rep/$repeat: $label, $mode" >&2
            "$tmp/build/run_benchmark" -t"$t_test" -w"$t_warm" -n"$npuzzles" -e1 $flag -s"$solvers" "$file" |
                awk -F'|' -v set="$label" -v mode="$mode" -v rep="$rep" '
                    NF > 4 && $2 !~ /puzzles|---/ && $3 ~ /[0-9]/ {
                        # µs from puzzles/sec: more digits than its usec/puzzle column
                        split($2, w, " "); rate = $3; gsub(/[ ,\047]/, "", rate)
                        print set, mode, w[1], rep, 1e6 / rate }' >> "$results"
        done
    done
done

# --- the table -----------------------------------------------------------------
echo
echo "tdoku's run_benchmark ($TDOKU_CXX -O3 -march=native; ours: libsudoku as make builds it),"
echo "thread CPU time, median of $repeat, µs a puzzle, first solution / uniqueness (limit 2);"
echo "-t$t_test -w$t_warm -n$npuzzles -e1, puzzles permuted by the harness${isomorphs:+; fresh isomorphs, seed $isomorphs}:"
echo
awk -v solvers="$solvers" -v sets="kaggle 17_clue top1465 11+" '
function median(a, n,    i, j, t) {
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
function fmt(x) { return x == "" ? "-" : (x < 10 ? sprintf("%.2f", x) : x < 100 ? sprintf("%.1f", x) : sprintf("%.0f", x)) }
{ k = $1 SUBSEP $2 SUBSEP $3; n[k]++; v[k, n[k]] = $5 }
END {
    ns = split(solvers, sv, ","); nt = split(sets, st, " ")
    name["ours_dlx"] = "ours, dlx"; name["ours_bitmask"] = "ours, bitmask"; name["ours_band"] = "ours, band"
    line = "| set |"; sep = "|---|"
    for (i = 1; i <= ns; i++) { line = line " " (sv[i] in name ? name[sv[i]] : sv[i]) " |"; sep = sep "---|" }
    print line " band / tdoku |"; print sep "---|"
    for (t = 1; t <= nt; t++) {
        line = "| " st[t] " |"; any = 0
        for (i = 1; i <= ns; i++) {
            for (m = 1; m <= 2; m++) {
                mode = m == 1 ? "first" : "unique"; k = st[t] SUBSEP mode SUBSEP sv[i]
                if (!(k in n)) { r[m] = ""; continue }
                delete a; for (j = 1; j <= n[k]; j++) a[j] = v[k, j]
                r[m] = median(a, n[k]); any = 1
                med[sv[i], m] = r[m]
            }
            line = line " " fmt(r[1]) "/" fmt(r[2]) " |"
        }
        ratio = ""
        for (m = 1; m <= 2; m++)
            if (med["ours_band", m] != "" && med["tdoku", m] > 0)
                ratio = ratio (ratio == "" ? "" : "/") sprintf("%.2fx", med["ours_band", m] / med["tdoku", m])
        if (ratio == "") ratio = "-"
        if (any) print line " " ratio " |"
        delete med
    }
}' "$results"

# --- instruction counts ----------------------------------------------------------
if [ "$callgrind" -gt 0 ]; then
    command -v valgrind >/dev/null 2>&1 || { echo "compare-tdoku.sh: CALLGRIND needs valgrind (apt-get install valgrind)" >&2; exit 1; }
    echo "== building the counting driver (tdoku for AVX2: valgrind has no AVX-512)" >&2
    build "$tmp/build-avx2" ours_count -DAVX2=on
    echo
    echo "Instructions a puzzle (callgrind, the solving loop only), first $callgrind puzzles of"
    lims=
    case " $modes " in *" first "*) lims=1 ;; esac
    case " $modes " in *" unique "*) lims="$lims${lims:+ }2" ;; esac
    echo "each set as they are in the file, limit $(echo "$lims" | sed 's| | / limit |'); tdoku -O3 -mavx2 ($TDOKU_CXX):"
    echo
    echo "| set | $cg_a | $cg_b | $cg_b / $cg_a |"
    echo "|---|---|---|---|"
    for entry in $sets; do
        label=${entry%%:*} file=$data/${entry#*:}
        [ -f "$file" ] || continue
        row="| $label |"
        for s in $cg_a $cg_b; do
            cell=
            for lim in $lims; do
                out="$tmp/cg.$s.$lim.out"
                valgrind --tool=callgrind --toggle-collect=count_all --callgrind-out-file=/dev/null \
                    "$tmp/build-avx2/ours_count" "$s" "$file" "$lim" "$callgrind" > "$out.txt" 2> "$out"
                n=$(awk '{print $2}' "$out.txt")
                ir=$(sed -n 's/.*Collected : *\([0-9]*\).*/\1/p' "$out")
                per=$(awk -v ir="$ir" -v n="$n" 'BEGIN { printf "%.0f", ir / n }')
                eval "ir_$([ "$s" = "$cg_a" ] && echo a || echo b)_$lim=$per"
                cell="$cell${cell:+/}$per"
            done
            row="$row $cell |"
        done
        ratio=
        for lim in $lims; do
            ratio="$ratio${ratio:+/}$(eval "awk -v a=\$ir_b_$lim -v b=\$ir_a_$lim" \
                "'BEGIN { printf \"%.2fx\", a / b }'")"
        done
        row="$row $ratio |"
        echo "$row"
    done
fi
