/* SPDX-License-Identifier: MIT */
/* bench_sudoku.c - microseconds per puzzle for each sudoku algorithm.
 *
 *   bench_sudoku [DATA_DIR]      (default ../shared/data/sudoku; the sets are
 *                                looked for in DATA_DIR and DATA_DIR/sudoku)
 *   BENCH_QUICK=1 bench_sudoku   (a few hundred puzzles per set, short budgets)
 *
 * For each public collection found in DATA_DIR (kaggle, 17-clue, top1465,
 * 11+; one 81-character puzzle per line) and each algorithm (dlx, bitmask,
 * backtrack, band), one thread: microseconds per puzzle for the first solution
 * (limit 1) and with uniqueness proved (limit 2), and search nodes per
 * puzzle. Each measurement stops after a time budget (the number of puzzles
 * measured is printed). The textbook backtracker runs on the easy sets only
 * (kaggle, generated): one 17-clue puzzle can take it 15 seconds. When no
 * collection is there, it generates puzzles itself (random valid grids from a
 * fixed seed, cells removed while the solution stays unique).
 *
 * Then the throughput of 2 threads against 1 on the biggest set (dlx, first
 * solution), the figure behind `sudoku -j 2`. The published figures of other
 * solvers on these sets (first solution) are printed alongside; for a
 * side-by-side run against tdoku itself see bench/compare-tdoku.sh.
 *
 * Single-thread figures are CPU time of the thread, not wall time: the
 * machine is shared, and the wall clock would also count the time other
 * processes held the CPU. The threads figure has to be wall time; it is
 * only meaningful on an otherwise idle machine. */
#include "sudoku.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct collection {
    const char *file;
    const char *label;
    double tdoku, kudoku, fast_solv; /* published us/puzzle, first solution */
    uint8_t *cells;                  /* count * 81 */
    size_t count;
} collection;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* CPU time of the calling thread: on a shared machine the wall clock also
 * counts the time other people's processes held the CPU. */
static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Loads the 81-character lines of a file, in dir or in dir/sudoku (make
 * bench passes the data folder, ../shared/data); 0 puzzles when it is in
 * neither. */
static int load(collection *c, const char *dir, size_t max)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, c->file);
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(path, sizeof path, "%s/sudoku/%s", dir, c->file);
        f = fopen(path, "r");
    }
    if (!f)
        return 0;
    size_t cap = 1024;
    c->cells = malloc(cap * 81);
    char line[512];
    while (c->cells && c->count < max && fgets(line, sizeof line, f)) {
        if (strlen(line) < 81)
            continue;
        if (c->count == cap) {
            uint8_t *p = realloc(c->cells, 2 * cap * 81);
            if (!p)
                break;
            c->cells = p;
            cap *= 2;
        }
        uint8_t *g = c->cells + c->count * 81;
        for (int i = 0; i < 81; i++)
            g[i] = (line[i] >= '1' && line[i] <= '9') ? (uint8_t)(line[i] - '0') : 0;
        c->count++;
    }
    fclose(f);
    return c->cells != NULL;
}

/* --- Generating puzzles when there is no data ------------------------------ */

static uint64_t rng_next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static void shuffle(int *a, int n, uint64_t *rng)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)(rng_next(rng) % (uint64_t)(i + 1));
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

/* A random valid grid: the pattern (3 (r mod 3) + r / 3 + c) mod 9, with
 * symbols, rows inside bands, bands, columns inside stacks and stacks
 * permuted (every such permutation keeps a grid valid); then cells are
 * removed in random order while the puzzle keeps one solution. */
static int generate(collection *c, size_t count, uint64_t seed)
{
    int err;
    sudoku_shape sh;
    sudoku_shape_default(&sh, 9);
    sudoku_solver *s = sudoku_solver_new(&sh, SUDOKU_DLX, &err);
    c->cells = malloc(count * 81);
    if (!s || !c->cells) {
        sudoku_solver_free(s);
        return 0;
    }
    uint64_t rng = seed;
    for (size_t k = 0; k < count; k++) {
        int sym[9], band[3], stack[3], rows[9], cols[9], order[81];
        for (int i = 0; i < 9; i++)
            sym[i] = i + 1;
        for (int i = 0; i < 3; i++)
            band[i] = stack[i] = i;
        shuffle(sym, 9, &rng);
        shuffle(band, 3, &rng);
        shuffle(stack, 3, &rng);
        for (int b = 0; b < 3; b++) {
            int in[3] = {0, 1, 2}, in2[3] = {0, 1, 2};
            shuffle(in, 3, &rng);
            shuffle(in2, 3, &rng);
            for (int i = 0; i < 3; i++) {
                rows[b * 3 + i] = band[b] * 3 + in[i];
                cols[b * 3 + i] = stack[b] * 3 + in2[i];
            }
        }
        uint8_t *g = c->cells + k * 81;
        for (int r = 0; r < 9; r++)
            for (int col = 0; col < 9; col++) {
                int rr = rows[r], cc = cols[col];
                g[r * 9 + col] = (uint8_t)sym[(3 * (rr % 3) + rr / 3 + cc) % 9];
            }
        for (int i = 0; i < 81; i++)
            order[i] = i;
        shuffle(order, 81, &rng);
        for (int i = 0; i < 81; i++) {
            uint8_t keep = g[order[i]];
            g[order[i]] = 0;
            if (sudoku_solve(s, g, 2, NULL, NULL) != 1)
                g[order[i]] = keep;
        }
    }
    c->count = count;
    sudoku_solver_free(s);
    return 1;
}

/* --- Measuring ---------------------------------------------------------------- */

typedef struct result {
    size_t done;
    double us;      /* per puzzle */
    double nodes;   /* per puzzle */
    int bad;        /* a puzzle with a count other than 1 */
} result;

static result measure(sudoku_solver *s, const collection *c, uint64_t limit, double budget)
{
    result r = {0, 0, 0, 0};
    uint8_t sol[81];
    uint64_t nodes = 0;
    double start = cpu_now(), t = start;
    for (size_t i = 0; i < c->count; i++) {
        sudoku_stats st;
        if (sudoku_solve(s, c->cells + i * 81, limit, sol, &st) != 1)
            r.bad++;
        nodes += st.nodes;
        r.done++;
        /* look at the clock every 64 puzzles only */
        if ((i & 63) == 63 && (t = cpu_now()) - start > budget)
            break;
    }
    t = cpu_now();
    r.us = r.done ? (t - start) * 1e6 / (double)r.done : 0;
    r.nodes = r.done ? (double)nodes / (double)r.done : 0;
    return r;
}

typedef struct thread_job {
    const collection *c;
    size_t from, to;
    int bad;
} thread_job;

static void *thread_run(void *arg)
{
    thread_job *j = arg;
    int err;
    sudoku_shape sh;
    sudoku_shape_default(&sh, 9);
    sudoku_solver *s = sudoku_solver_new(&sh, SUDOKU_DLX, &err);
    if (!s) {
        j->bad = 1;
        return NULL;
    }
    uint8_t sol[81];
    for (size_t i = j->from; i < j->to; i++)
        if (sudoku_solve(s, j->c->cells + i * 81, 1, sol, NULL) != 1)
            j->bad++;
    sudoku_solver_free(s);
    return NULL;
}

/* Wall time to solve puzzles [0, count) of c on `threads` threads, each with
 * its own solver, the work split in equal halves (as sudoku -j does in
 * chunks). */
static double threaded(const collection *c, size_t count, int threads)
{
    pthread_t tid[2];
    thread_job jobs[2];
    double start = now();
    for (int t = 0; t < threads; t++) {
        jobs[t] = (thread_job){c, count * (size_t)t / (size_t)threads,
                               count * (size_t)(t + 1) / (size_t)threads, 0};
        if (t > 0 && pthread_create(&tid[t], NULL, thread_run, &jobs[t]) != 0)
            return -1;
    }
    thread_run(&jobs[0]);
    for (int t = 1; t < threads; t++)
        pthread_join(tid[t], NULL);
    return now() - start;
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "../shared/data/sudoku";
    const char *q = getenv("BENCH_QUICK");
    int quick = q && *q && strcmp(q, "0") != 0;
    size_t max = quick ? 500 : (size_t)-1;
    double budget = quick ? 0.2 : 3.0;
    collection sets[] = {
        {"kaggle_first9999.txt", "kaggle", 1.1, 9.9, 13.2, NULL, 0},
        {"17_clue.txt", "17-clue", 3.2, 14.0, 21.3, NULL, 0},
        {"magictour_top1465.txt", "top1465", 6.0, 46.0, 64.3, NULL, 0},
        {"forum_hardest_1905_11plus.txt", "11+", 27.4, 202, 257, NULL, 0},
        {"(generated)", "generated", 0, 0, 0, NULL, 0},
    };
    int nsets = (int)(sizeof sets / sizeof sets[0]);
    int found = 0;
    for (int i = 0; i < nsets - 1; i++)
        found += load(&sets[i], dir, max) && sets[i].count > 0;
    if (!found) {
        printf("bench_sudoku: no collection in %s: generating puzzles (seed 1)\n", dir);
        if (!generate(&sets[nsets - 1], quick ? 200 : 2000, 0x9E3779B97F4A7C15ull)) {
            fprintf(stderr, "bench_sudoku: out of memory\n");
            return 1;
        }
    }
    printf("== sudoku: microseconds a puzzle, one thread, CPU time of the thread (%s; "
           "budget %.1f s a cell)\n", quick ? "quick" : "full", budget);
    printf("%-10s %8s %-10s %12s %12s %12s %9s\n", "set", "puzzles", "algorithm", "first us",
           "unique us", "nodes/first", "measured");
    const char *names[] = {"dlx", "bitmask", "backtrack", "band"};
    const int nalgs = (int)(sizeof names / sizeof names[0]);
    int status = 0;
    double dlx_first[5] = {0}, band_first[5] = {0};
    for (int i = 0; i < nsets; i++) {
        collection *c = &sets[i];
        if (c->count == 0)
            continue;
        for (int a = 0; a < nalgs; a++) {
            int err;
            if (a == 2 && i != 0 && i != nsets - 1) {
                /* one 17-clue puzzle can take the textbook method 15 s */
                printf("%-10s %8zu %-10s %12s %12s %12s %9s\n", c->label, c->count, names[a],
                       "-", "-", "-", "skipped");
                continue;
            }
            sudoku_shape sh;
            sudoku_shape_default(&sh, 9);
            sudoku_solver *s = sudoku_solver_new(&sh, (enum sudoku_algorithm)a, &err);
            if (!s) {
                fprintf(stderr, "bench_sudoku: %s\n", sudoku_strerror(err));
                return 1;
            }
            /* the slow backtracker gets a quarter of the budget */
            double b = a == 2 ? budget / 4 : budget;
            result first = measure(s, c, 1, b);
            result uniq = measure(s, c, 2, b);
            sudoku_solver_free(s);
            if (first.bad || uniq.bad) {
                fprintf(stderr, "bench_sudoku: %s on %s: %d puzzles without exactly one "
                                "solution\n", names[a], c->label, first.bad + uniq.bad);
                status = 1;
            }
            if (a == 0)
                dlx_first[i] = first.us;
            if (a == 3)
                band_first[i] = first.us;
            printf("%-10s %8zu %-10s %12.2f %12.2f %12.1f %9zu\n", c->label, c->count, names[a],
                   first.us, uniq.us, first.nodes,
                   first.done < uniq.done ? first.done : uniq.done);
            fflush(stdout);
        }
    }
    printf("(nodes: the search's branch points; band's are guesses only, the others count "
           "forced moves too)\n");
    printf("\n== published, first solution, us a puzzle (tdoku's benchmark, 2 vCPU EPYC)\n");
    printf("%-10s %10s %10s %10s %10s %12s %14s %14s\n", "set", "dlx here", "band here",
           "tdoku", "kudoku", "fast_solv_9r2", "dlx / kudoku", "band / tdoku");
    for (int i = 0; i < nsets - 1; i++)
        if (sets[i].count)
            printf("%-10s %10.2f %10.2f %10.1f %10.1f %12.1f %13.2fx %13.2fx\n", sets[i].label,
                   dlx_first[i], band_first[i], sets[i].tdoku, sets[i].kudoku, sets[i].fast_solv,
                   dlx_first[i] / sets[i].kudoku, band_first[i] / sets[i].tdoku);
    printf("(published figures are another machine's: the ratios are rough; "
           "bench/compare-tdoku.sh measures side by side)\n");

    /* -j 2 against -j 1: the biggest set, dlx, first solution. */
    collection *big = NULL;
    for (int i = 0; i < nsets; i++)
        if (sets[i].count && (!big || sets[i].count > big->count))
            big = &sets[i];
    if (big) {
        size_t n = big->count > (quick ? 2000u : 20000u) ? (quick ? 2000u : 20000u) : big->count;
        struct timespec c0, c1;
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
        double t1 = threaded(big, n, 1);
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
        double cpu1 = (double)(c1.tv_sec - c0.tv_sec) + (double)(c1.tv_nsec - c0.tv_nsec) * 1e-9;
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
        double t2 = threaded(big, n, 2);
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
        double cpu2 = (double)(c1.tv_sec - c0.tv_sec) + (double)(c1.tv_nsec - c0.tv_nsec) * 1e-9;
        printf("\n== threads: %zu puzzles of %s, dlx, first solution (wall time)\n", n,
               big->label);
        printf("1 thread  %8.3f s  %10.0f puzzles/s  (CPU %.3f s)\n", t1, (double)n / t1, cpu1);
        printf("2 threads %8.3f s  %10.0f puzzles/s  (CPU %.3f s)  %.2fx\n", t2, (double)n / t2,
               cpu2, t1 / t2);
        printf("(wall-clock ratios mean something only on an idle machine: CPU time over "
               "wall time shows how much of the 2 CPUs the run got)\n");
    }
    for (int i = 0; i < nsets; i++)
        free(sets[i].cells);
    return status;
}
