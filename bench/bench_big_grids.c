/* SPDX-License-Identifier: MIT */
/* bench_big_grids.c - search nodes and CPU time on hard 25 x 25 puzzles
 * (issues 14 and 24): the default solver (SUDOKU_DLX, which on plain grids
 * of 25 x 25 and up to 49 x 49 runs the big grids' own search with
 * restarts, sudoku/solve_big.c), the engine's turns through its settings
 * (sudoku/solve_dlx.c, what the default ran before), each of those
 * settings alone as one search of the engine (the inference, locked
 * candidates, with leftmost ties, ties to the recent item or to the last
 * path's items; the plain search), and the bitmask solver, each stopped
 * at a node budget.
 *
 *   bench_big_grids [FILE] [BUDGET] [LIMIT]
 *
 * FILE: 25 x 25 puzzles, one 625-character line each (default, and when
 * FILE is a directory, as bench/run.sh passes its data folder:
 * tests/data/sudoku/big25_253.txt from the top of the repository, the 20
 * puzzles of docs/robustness.md, made by tests/data/sudoku/big25_253.py);
 * BUDGET: nodes per puzzle and
 * solver (default 1,000,000; BENCH_QUICK=1: 100,000); LIMIT: solutions
 * wanted (default 1, the first; 2 proves uniqueness or finds a second).
 * Nodes, not seconds, so that the table does not depend on the machine;
 * the CPU time of each column is printed too, as microseconds a node, for
 * the cost of the inference, and for the first two columns how many
 * finished in under 1 s of CPU (issue 24). BENCH_COLUMNS=K runs the first
 * K columns only (1: the default alone). Prints a line a puzzle, then how
 * many each solver finished within the budget: docs/sudoku.md's tables. */
#include "dlx.h"
#include "sudoku.h"
#include "sudoku_internal.h" /* sudoku_dlx_solve: the engine's turns alone */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

enum { N = 25, CELLS = N * N, MAX_PUZZLES = 1000 };

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

typedef struct budget {
    uint64_t nodes;
} budget;

static int over_budget(void *ctx, uint64_t nodes)
{
    return nodes >= ((budget *)ctx)->nodes;
}

static int symbol(char c)
{
    if (c >= '1' && c <= '9')
        return c - '0';
    if (c >= 'A' && c <= 'P')
        return c - 'A' + 10;
    if (c >= 'a' && c <= 'p')
        return c - 'a' + 10;
    return 0;
}

/* One column: a solver's (or an engine setting's) nodes per puzzle (0 in
 * `done` when the budget ran out) and its CPU time. */
typedef struct column {
    const char *label;
    sudoku_solver *s;  /* a sudoku solver's column, or */
    dlx_problem *p;    /* one search of the engine's, from the root */
    uint64_t nodes[MAX_PUZZLES];
    int done[MAX_PUZZLES];
    int finished;
    int turns;         /* the engine's turns (sudoku_dlx_solve) */
    uint64_t total_nodes;
    double seconds;
    double slowest;    /* CPU seconds of the slowest puzzle */
    int under_1s;      /* puzzles finished in under 1 s of CPU */
} column;

/* The engine's columns: the exact cover sudoku/solve_dlx.c builds (a cell
 * holds one symbol, a row, column or box holds each symbol once), built
 * here so that each setting runs as one search with no turns. */
static dlx_problem *engine_problem(enum dlx_inference infer, enum dlx_choose rule)
{
    dlx_problem *p = dlx_new();
    if (!p)
        return NULL;
    for (int k = 0; k < CELLS + 3 * CELLS; k++)
        if (dlx_add_item(p, NULL, DLX_PRIMARY) < 0)
            return NULL;
    for (int i = 0; i < CELLS; i++)
        for (int v = 0; v < N; v++) {
            int r = i / N, c = i % N, b = r / 5 * 5 + c / 5;
            int32_t opt[4] = {i, CELLS + r * N + v, 2 * CELLS + c * N + v, 3 * CELLS + b * N + v};
            if (dlx_add_option(p, opt, NULL, 4) != i * N + v)
                return NULL;
        }
    /* 5: a line meets a box in 5 cells, as sudoku_dlx_build() sets it */
    if (dlx_set_inference(p, infer, 5) < 0 || dlx_set_choose(p, rule) < 0)
        return NULL;
    return p;
}

static uint8_t *engine_grid; /* where on_engine_solution writes */

static int on_engine_solution(void *ctx, const int32_t *options, int32_t count)
{
    (void)ctx;
    for (int32_t k = 0; k < count; k++)
        engine_grid[options[k] / N] = (uint8_t)(options[k] % N + 1);
    return 0;
}

/* One search of p on the givens g: the number of solutions found (up to
 * limit) within the budget, the last in out; *nodes the nodes. */
static int64_t engine_solve(dlx_problem *p, const uint8_t *g, uint64_t limit, uint64_t most,
                            uint8_t *out, uint64_t *nodes)
{
    int32_t opts[CELLS], count = 0;
    for (int i = 0; i < CELLS; i++)
        if (g[i])
            opts[count++] = i * N + g[i] - 1;
    engine_grid = out;
    dlx_set_solution_fn(p, on_engine_solution, NULL);
    if (dlx_commit_many(p, opts, count, NULL) < 0)
        return -1;
    dlx_set_limit(p, limit);
    dlx_reset_stats(p);
    dlx_search(p, most);
    dlx_stats st;
    dlx_get_stats(p, &st);
    *nodes = st.nodes;
    dlx_uncommit_all(p);
    return (int64_t)st.solutions;
}

static void run(column *c, const uint8_t *g, int i, uint64_t limit, uint64_t most,
                const sudoku_solver *checker)
{
    uint8_t out[CELLS];
    memcpy(out, g, CELLS);
    sudoku_stats st = {0};
    uint64_t nodes = 0;
    double t0 = cpu_now();
    int64_t r = c->turns ? sudoku_solve_using(c->s, sudoku_dlx_solve, g, limit, out, NULL, NULL,
                                              &st)
                : c->s   ? sudoku_solve(c->s, g, limit, out, &st)
                         : engine_solve(c->p, g, limit, most, out, &nodes);
    double t = cpu_now() - t0;
    c->seconds += t;
    if (t > c->slowest)
        c->slowest = t;
    c->under_1s += r >= 1 && t < 1.0;
    c->nodes[i] = c->s ? st.nodes : nodes;
    c->total_nodes += c->nodes[i];
    c->done[i] = r >= 1;
    c->finished += r >= 1;
    if (r >= 1 && !sudoku_check_solution(checker, g, out)) {
        fprintf(stderr, "bench_big_grids: %s: puzzle %d: a wrong solution\n", c->label, i + 1);
        exit(1);
    }
}

int main(int argc, char **argv)
{
    const char *file = "tests/data/sudoku/big25_253.txt";
    struct stat st;
    if (argc > 1 && stat(argv[1], &st) == 0 && S_ISREG(st.st_mode))
        file = argv[1];
    const char *quick = getenv("BENCH_QUICK");
    uint64_t nodes = argc > 2 ? strtoull(argv[2], NULL, 10)
                     : quick && *quick ? 100000 : 1000000;
    uint64_t limit = argc > 3 ? strtoull(argv[3], NULL, 10) : 1;
    FILE *f = fopen(file, "r");
    if (!f) {
        printf("bench_big_grids: skipped: %s not found (run from the top of the repository)\n",
               file);
        return 0;
    }
    static uint8_t puzzles[MAX_PUZZLES][CELLS];
    int count = 0;
    char line[4 * CELLS];
    while (count < MAX_PUZZLES && fgets(line, sizeof line, f)) {
        if (strlen(line) < CELLS)
            continue;
        for (int k = 0; k < CELLS; k++)
            puzzles[count][k] = (uint8_t)symbol(line[k]);
        count++;
    }
    fclose(f);

    sudoku_shape sh;
    sudoku_shape_default(&sh, N);
    /* The sudoku solvers (dlx: its turns of engine settings, see
     * sudoku/solve_dlx.c), then the engine's settings one search each:
     * which puzzles each setting finishes alone, and its cost a node. */
    enum { COLS = 8 };
    static column cols[COLS] = {{.label = "default"},
                                {.label = "turns", .turns = 1},
                                {.label = "infer"},
                                {.label = "infer+recent"},
                                {.label = "plain"},
                                {.label = "infer+path"},
                                {.label = "plain+path"},
                                {.label = "bitmask"}};
    const int width[COLS] = {10, 10, 10, 13, 10, 11, 11, 10};
    budget b = {nodes};
    int err;
    cols[0].s = sudoku_solver_new(&sh, SUDOKU_DLX, &err);
    cols[1].s = sudoku_solver_new(&sh, SUDOKU_DLX, &err);
    cols[7].s = sudoku_solver_new(&sh, SUDOKU_BITMASK, &err);
    cols[2].p = engine_problem(DLX_INFER_SHARED_ITEM, DLX_CHOOSE_MRV);
    cols[3].p = engine_problem(DLX_INFER_SHARED_ITEM, DLX_CHOOSE_MRV_RECENT);
    cols[4].p = engine_problem(DLX_INFER_NONE, DLX_CHOOSE_MRV);
    cols[5].p = engine_problem(DLX_INFER_SHARED_ITEM, DLX_CHOOSE_MRV_PATH);
    cols[6].p = engine_problem(DLX_INFER_NONE, DLX_CHOOSE_MRV_PATH);
    for (int k = 0; k < COLS; k++) {
        if (!cols[k].s && !cols[k].p) {
            fprintf(stderr, "bench_big_grids: no solver for %s\n", cols[k].label);
            return 1;
        }
        if (cols[k].s)
            sudoku_solver_set_progress(cols[k].s, over_budget, &b, 1000);
    }

    /* BENCH_COLUMNS=K: the first K columns only (1: the default alone) */
    const char *only = getenv("BENCH_COLUMNS");
    int ncols = only && atoi(only) >= 1 && atoi(only) <= COLS ? atoi(only) : COLS;
    printf("%d puzzles of %s, budget %llu nodes, limit %llu\n", count, file,
           (unsigned long long)nodes, (unsigned long long)limit);
    printf("%7s", "puzzle");
    for (int k = 0; k < ncols; k++)
        printf(" %*s", width[k], cols[k].label);
    printf("\n");
    for (int i = 0; i < count; i++) {
        printf("%7d", i + 1);
        for (int k = 0; k < ncols; k++) {
            run(&cols[k], puzzles[i], i, limit, nodes, cols[0].s);
            char cell[32];
            if (cols[k].done[i])
                snprintf(cell, sizeof cell, "%llu", (unsigned long long)cols[k].nodes[i]);
            else
                snprintf(cell, sizeof cell, "-");
            printf(" %*s", width[k], cell);
        }
        printf("\n");
        fflush(stdout);
    }
    printf("finished within the budget:");
    for (int k = 0; k < ncols; k++)
        printf(" %s %d of %d;", cols[k].label, cols[k].finished, count);
    printf("\nnodes in all:");
    for (int k = 0; k < ncols; k++)
        printf(" %s %llu;", cols[k].label, (unsigned long long)cols[k].total_nodes);
    printf("\nmicroseconds a node (CPU):");
    for (int k = 0; k < ncols; k++)
        printf(" %s %.2f;", cols[k].label,
               cols[k].total_nodes ? 1e6 * cols[k].seconds / (double)cols[k].total_nodes : 0.0);
    printf("\n");
    /* issue 24's table: set | finished under 1 s | slowest | total */
    for (int k = 0; k < 2 && k < ncols; k++)
        printf("%s: finished under 1 s (CPU) %d of %d; slowest %.3f s; total %.2f s\n",
               cols[k].label, cols[k].under_1s, count, cols[k].slowest, cols[k].seconds);
    for (int k = 0; k < COLS; k++) {
        sudoku_solver_free(cols[k].s);
        dlx_free(cols[k].p);
    }
    return 0;
}
