/* SPDX-License-Identifier: MIT */
/* bench_parallel.c - how much faster one search gets on more threads
 * (dlx_search_threads) than on one (dlx_search), and where the time goes.
 *
 *   bench_parallel [THREADS [RUNS]]    THREADS 2, RUNS 5 by default
 *   BENCH_QUICK=1 bench_parallel       smaller problems, 3 runs
 *
 * For each problem the two searches run alternately, RUNS times each, and
 * the medians are compared:
 *   wall ratio     wall time of one thread / wall time of THREADS: the
 *                  speed-up; meaningful only on an otherwise idle machine
 *                  (the target on 2 cores: at least 1.85);
 *   CPU efficiency CPU time of one thread / CPU time of THREADS: how much
 *                  of the work is the search's own (1.0 = no overhead at
 *                  all), which a busy machine does not disturb much;
 *   idle           per thread, the time it waited for work, as a share of
 *                  the wall time (the parallel search reports it).
 * The counts are checked against the known ones (the exit status is 1 on a
 * mismatch), and nodes and updates against the one-thread figures.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../examples/problems.h"

enum kind { PENTOMINOES, QUEENS, LANGFORD, MOTLEY };

struct bench_case {
    const char *name;
    enum kind kind;
    int a, b;
    uint64_t expected; /* pentominoes: 2339 packings x 4 symmetries; queens:
                          OEIS A000170; Langford: OEIS A014552 x 2; motley
                          (bounds, Algorithm M on bit sets): DLX3's counts */
};

static const struct bench_case full[] = {
    {"pentominoes 6x10", PENTOMINOES, 6, 10, 9356},
    {"queens 15", QUEENS, 15, 0, 2279184},
    {"langford 12", LANGFORD, 12, 0, 216288},
    {"motley 7x7 (bounds)", MOTLEY, 7, 7, 352546},
};
static const struct bench_case quick[] = {
    {"pentominoes 3x20", PENTOMINOES, 3, 20, 8},
    {"queens 11", QUEENS, 11, 0, 2680},
    {"langford 11", LANGFORD, 11, 0, 35584},
    {"motley 5x6 (bounds)", MOTLEY, 5, 6, 393},
};

enum { MAX_THREADS = 64, MAX_RUNS = 31 };

static double seconds(clockid_t clock)
{
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static dlx_problem *build(const struct bench_case *c)
{
    dlx_problem *p = dlx_new();
    int rc = p ? DLX_OK : DLX_ENOMEM;
    pentomino_board board;
    if (rc == DLX_OK) {
        if (c->kind == PENTOMINOES)
            rc = pentomino_board_init(&board, c->a, c->b) ? DLX_EINVAL : pentomino_build(p, &board);
        else if (c->kind == QUEENS)
            rc = queens_build(p, c->a, c->b);
        else if (c->kind == MOTLEY)
            rc = motley_build(p, c->a, c->b);
        else
            rc = langford_build(p, c->a);
    }
    if (rc != DLX_OK) {
        fprintf(stderr, "bench_parallel: %s: %s\n", c->name, dlx_strerror(rc));
        exit(2);
    }
    return p;
}

/* The watch keeps the last figures: per-thread idle time. */
struct last {
    int32_t threads;
    dlx_thread_stats thread[MAX_THREADS];
};

static int keep_last(void *ctx, const dlx_progress *pr)
{
    struct last *l = ctx;
    if (pr->final) {
        l->threads = pr->threads < MAX_THREADS ? pr->threads : MAX_THREADS;
        memcpy(l->thread, pr->thread, (size_t)l->threads * sizeof *l->thread);
    }
    return 0;
}

static int run_case(const struct bench_case *c, int32_t threads, int runs)
{
    dlx_problem *p = build(c);
    double wall[2][MAX_RUNS], cpu[2][MAX_RUNS], idle[MAX_THREADS] = {0};
    dlx_stats st[2];
    int wrong = 0;
    for (int r = 0; r < runs; r++) {
        for (int m = 0; m < 2; m++) { /* alternated: one thread, then many */
            struct last l = {0};
            dlx_reset_stats(p);
            double w0 = seconds(CLOCK_MONOTONIC), c0 = seconds(CLOCK_PROCESS_CPUTIME_ID);
            int rc = m == 0 ? dlx_search(p, 0) : dlx_search_threads(p, threads, keep_last, &l);
            cpu[m][r] = seconds(CLOCK_PROCESS_CPUTIME_ID) - c0;
            wall[m][r] = seconds(CLOCK_MONOTONIC) - w0;
            dlx_reset(p);
            dlx_get_stats(p, &st[m]);
            if (rc != DLX_OK || st[m].solutions != c->expected) {
                fprintf(stderr, "bench_parallel: %s: %s, %" PRIu64 " solutions\n", c->name,
                        dlx_strerror(rc), st[m].solutions);
                wrong = 1;
            }
            for (int32_t k = 0; m == 1 && k < l.threads; k++)
                idle[k] += l.thread[k].idle_seconds / wall[m][r] / runs;
        }
        if (st[0].nodes != st[1].nodes || st[0].updates != st[1].updates) {
            fprintf(stderr, "bench_parallel: %s: nodes or updates differ\n", c->name);
            wrong = 1;
        }
    }
    double w1 = median(wall[0], runs), wn = median(wall[1], runs);
    double c1 = median(cpu[0], runs), cn = median(cpu[1], runs);
    printf("%-18s %9.3f %9.3f %7.2fx %9.3f %9.3f %7.1f%%  ", c->name, w1, wn, w1 / wn, c1, cn,
           100 * c1 / cn);
    for (int32_t k = 0; k < threads && k < MAX_THREADS; k++)
        printf(" %.1f%%", 100 * idle[k]);
    printf("%s\n", wrong ? "  WRONG" : "");
    fflush(stdout);
    dlx_free(p);
    return wrong;
}

int main(int argc, char **argv)
{
    const char *q = getenv("BENCH_QUICK");
    int is_quick = q && *q && strcmp(q, "0") != 0;
    int32_t threads = 2;
    int runs = is_quick ? 3 : 5;
    /* make bench passes the data folder: not a number, not ours. */
    if (argc > 1 && atoi(argv[1]) > 0)
        threads = atoi(argv[1]);
    if (argc > 2 && atoi(argv[2]) > 0)
        runs = atoi(argv[2]);
    if (threads > MAX_THREADS)
        threads = MAX_THREADS;
    if (runs > MAX_RUNS)
        runs = MAX_RUNS;
    const struct bench_case *cases = is_quick ? quick : full;
    size_t n = is_quick ? sizeof quick / sizeof quick[0] : sizeof full / sizeof full[0];
    printf("one search on 1 and on %d threads, %d alternated runs each, medians\n", (int)threads,
           runs);
    printf("%-18s %9s %9s %8s %9s %9s %8s   %s\n", "problem", "wall 1", "wall N", "ratio",
           "cpu 1", "cpu N", "cpu eff", "idle per thread (share of wall)");
    int wrong = 0;
    for (size_t k = 0; k < n; k++)
        wrong |= run_case(&cases[k], threads, runs);
    return wrong;
}
