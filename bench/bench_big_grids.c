/* SPDX-License-Identifier: MIT */
/* bench_big_grids.c - search nodes on hard 25 x 25 puzzles (issue 14, item
 * 6): the dancing-links solver with and without the engine's inference
 * (locked candidates, dlx_set_inference), and the bitmask solver, each
 * stopped at a node budget.
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
 * the cost of the inference. Prints a line a puzzle, then how many each
 * solver finished within the budget: docs/sudoku.md's table. */
#include "dlx.h"
#include "sudoku.h"

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

/* One solver column: its nodes per puzzle (0 in `done` when the budget ran
 * out) and its CPU time. */
typedef struct column {
    const char *label;
    sudoku_solver *s;
    uint64_t nodes[MAX_PUZZLES];
    int done[MAX_PUZZLES];
    int finished;
    uint64_t total_nodes;
    double seconds;
} column;

static void run(column *c, const uint8_t *g, int i, uint64_t limit)
{
    uint8_t out[CELLS];
    sudoku_stats st = {0};
    double t0 = cpu_now();
    int64_t r = sudoku_solve(c->s, g, limit, out, &st);
    c->seconds += cpu_now() - t0;
    c->nodes[i] = st.nodes;
    c->total_nodes += st.nodes;
    c->done[i] = r >= 1;
    c->finished += r >= 1;
    if (r >= 1 && !sudoku_check_solution(c->s, g, out)) {
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
    static column cols[3] = {{.label = "dlx"}, {.label = "dlx, no inference"},
                             {.label = "bitmask"}};
    const enum sudoku_algorithm algs[3] = {SUDOKU_DLX, SUDOKU_DLX, SUDOKU_BITMASK};
    budget b = {nodes};
    for (int k = 0; k < 3; k++) {
        int err;
        cols[k].s = sudoku_solver_new(&sh, algs[k], &err);
        if (!cols[k].s) {
            fprintf(stderr, "bench_big_grids: no solver (%d)\n", err);
            return 1;
        }
        sudoku_solver_set_progress(cols[k].s, over_budget, &b, 1000);
    }
    /* The second column: the same encoding with the inference switched off
     * through the engine's own setting. */
    dlx_set_inference(sudoku_solver_dlx(cols[1].s), DLX_INFER_NONE, 0);

    printf("%d puzzles of %s, budget %llu nodes, limit %llu\n", count, file,
           (unsigned long long)nodes, (unsigned long long)limit);
    printf("%7s %14s %20s %12s\n", "puzzle", cols[0].label, cols[1].label, cols[2].label);
    for (int i = 0; i < count; i++) {
        for (int k = 0; k < 3; k++)
            run(&cols[k], puzzles[i], i, limit);
        printf("%7d", i + 1);
        for (int k = 0; k < 3; k++) {
            char cell[32];
            if (cols[k].done[i])
                snprintf(cell, sizeof cell, "%llu", (unsigned long long)cols[k].nodes[i]);
            else
                snprintf(cell, sizeof cell, "-");
            printf(" %*s", k == 0 ? 14 : k == 1 ? 20 : 12, cell);
        }
        printf("\n");
        fflush(stdout);
    }
    printf("finished within the budget:");
    for (int k = 0; k < 3; k++)
        printf(" %s %d of %d;", cols[k].label, cols[k].finished, count);
    printf("\nmicroseconds a node (CPU):");
    for (int k = 0; k < 3; k++)
        printf(" %s %.2f;", cols[k].label,
               cols[k].total_nodes ? 1e6 * cols[k].seconds / (double)cols[k].total_nodes : 0.0);
    printf("\n");
    for (int k = 0; k < 3; k++)
        sudoku_solver_free(cols[k].s);
    return 0;
}
