/* SPDX-License-Identifier: MIT */
/* bench_beyond.c - issue 21's two engines, measured side by side in one run:
 *   1. the plain count (dlx_count, its default strategy: bits) against the
 *      count by memo (dlx_count_memo) on domino tilings, pentominoes, Langford pairs,
 *      queens and a colouring with colours: CPU seconds, the ratio, the
 *      states stored;
 *   2. dlx_min_cost's branch and bound against a plain enumeration that keeps
 *      the best (the same engine with DLX_BOUND_NONE, and the links'
 *      enumeration with a callback that adds the costs), on weighted
 *      problems: costs drawn from a fixed seed.
 * CPU time (clock()), one run each; the machine may be loaded: the ratios
 * are what to read. Known counts: dominoes OEIS A004003, queens A000170,
 * Langford A176127 (doubled), pentominoes 6x10 2339 x 4, 5x12 1010 x 4. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dlx.h"
#include "../examples/problems.h"

static double cpu(void)
{
    return (double)clock() / CLOCKS_PER_SEC;
}

/* The k-colourings of the rows x cols grid graph. */
static int grid_colouring(dlx_problem *p, int rows, int cols, int k)
{
    int edges = rows * (cols - 1) + (rows - 1) * cols, n = 0;
    int(*e)[2] = malloc((size_t)edges * sizeof *e);
    if (!e)
        return DLX_ENOMEM;
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            if (c + 1 < cols) {
                e[n][0] = r * cols + c;
                e[n++][1] = r * cols + c + 1;
            }
            if (r + 1 < rows) {
                e[n][0] = r * cols + c;
                e[n++][1] = (r + 1) * cols + c;
            }
        }
    colouring_graph g = {"grid", rows * cols, edges, e};
    int rc = colouring_build(p, &g, k);
    free(e);
    return rc;
}

struct count_case {
    const char *name;
    int kind; /* 0 dominoes, 1 pentominoes, 2 langford, 3 queens (middle first), 4 grid colouring */
    int a, b, c;
    int plain; /* run the plain count too */
};

static const struct count_case counts[] = {
    {"dominoes 8x8", 0, 8, 8, 0, 1},
    {"dominoes 10x10", 0, 10, 10, 0, 0},
    {"dominoes 12x12", 0, 12, 12, 0, 0},
    {"dominoes 14x14", 0, 14, 14, 0, 0},
    {"pentominoes 6x10", 1, 6, 10, 0, 1},
    {"pentominoes 5x12", 1, 5, 12, 0, 1},
    {"langford 12", 2, 12, 0, 0, 1},
    {"queens 13", 3, 13, 0, 0, 1},
    {"3-colourings of the 5x5 grid (colours)", 4, 5, 5, 3, 1},
};

static int build(dlx_problem *p, int kind, int a, int b, int c)
{
    pentomino_board board;
    switch (kind) {
    case 0: return domino_build(p, a, b);
    case 1:
        if (pentomino_board_init(&board, a, b) != 0)
            return DLX_EINVAL;
        return pentomino_build(p, &board);
    case 2: return langford_build(p, a);
    case 3: return queens_build(p, a, 1);
    default: return grid_colouring(p, a, b, c);
    }
}

/* --- costs ------------------------------------------------------------------- */

struct plain_best {
    const dlx_problem *p;
    int64_t best;
    uint64_t solutions;
};

static int keep_best(void *ctx, const int32_t *options, int32_t count)
{
    struct plain_best *b = ctx;
    int64_t c = 0;
    for (int32_t i = 0; i < count; i++)
        c += dlx_option_cost(b->p, options[i]);
    if (b->best < 0 || c < b->best)
        b->best = c;
    b->solutions++;
    return 0;
}

static void random_costs(dlx_problem *p, uint64_t seed, int64_t range)
{
    uint64_t s = seed;
    for (int32_t o = 0; o < dlx_option_count(p); o++) {
        s = s * 6364136223846793005u + 1442695040888963407u;
        dlx_set_option_cost(p, o, (int64_t)((s >> 33) % (uint64_t)range));
    }
}

struct cost_case {
    const char *name;
    int kind, a, b, c;
    int64_t range;
};

static const struct cost_case costs[] = {
    {"dominoes 6x6, costs 0..99", 0, 6, 6, 0, 100},
    {"pentominoes 5x12, costs 0..99", 1, 5, 12, 0, 100},
    {"queens 11, costs 0..99", 3, 11, 0, 0, 100},
    {"langford 11, costs 0..9", 2, 11, 0, 0, 10},
    {"3-colourings of the 4x4 grid, costs 0..99", 4, 4, 4, 3, 100},
};

int main(void)
{
    char buf[48];
    printf("Counting: plain (dlx_count: its default strategy, MRV) against --memo "
           "(dlx_count_memo, MRV); CPU s\n");
    printf("%-40s %28s %9s %9s %7s %10s %s\n", "problem", "count", "plain s", "memo s", "ratio",
           "states", "note");
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
        const struct count_case *k = &counts[i];
        dlx_problem *p = dlx_new();
        if (!p || build(p, k->kind, k->a, k->b, k->c) != DLX_OK) {
            printf("%s: cannot build\n", k->name);
            return 1;
        }
        double plain = -1;
        uint64_t plain_count = 0;
        if (k->plain) {
            double t0 = cpu();
            dlx_count(p, &plain_count);
            plain = cpu() - t0;
            dlx_reset(p);
        }
        /* The colourings' states keep the colour of every vertex already done,
         * so they rarely repeat: the memo gives up there (a key without the
         * secondary items no option can reach any more is still to do). */
        dlx_memo_opts mo = {.rule = DLX_MEMO_MRV};
        dlx_memo_result r;
        double t0 = cpu();
        int rc = dlx_count_memo(p, &mo, &r, NULL);
        double memo = cpu() - t0;
        if (rc != DLX_OK) {
            printf("%s: %s\n", k->name, dlx_strerror(rc));
            return 1;
        }
        if (k->plain && (r.count.hi != 0 || r.count.lo != plain_count)) {
            printf("%s: the counts differ\n", k->name);
            return 1;
        }
        char ps[32] = "-", ratio[32] = "-";
        if (plain >= 0) {
            snprintf(ps, sizeof ps, "%.3f", plain);
            snprintf(ratio, sizeof ratio, "%.2f", plain > 0 ? memo / plain : 0.0);
        }
        printf("%-40s %28s %9s %9.3f %7s %10llu %s\n", k->name, dlx_u128_string(r.count, buf), ps,
               memo, ratio, (unsigned long long)r.states,
               r.plain ? "memo gave up: plain count" : k->plain ? "" : "plain not run (too long)");
        fflush(stdout);
        dlx_free(p);
    }
    /* The branching rule: first item left against fewest options. */
    printf("\nThe memo's branching rule (dominoes 14x14, langford 12): states and CPU s\n");
    for (int which = 0; which < 2; which++) {
        dlx_problem *p = dlx_new();
        build(p, which ? 2 : 0, which ? 12 : 14, 14, 0);
        for (int rule = 0; rule < 2; rule++) {
            dlx_memo_opts o = {.rule = rule ? DLX_MEMO_FIRST : DLX_MEMO_MRV, .keep_memo = 1};
            dlx_memo_result r;
            double t0 = cpu();
            dlx_count_memo(p, &o, &r, NULL);
            printf("  %-14s %-6s %10llu states %10llu nodes %8.3f s\n",
                   which ? "langford 12" : "dominoes 14x14", rule ? "first" : "mrv",
                   (unsigned long long)r.states, (unsigned long long)r.nodes, cpu() - t0);
        }
        dlx_free(p);
    }

    printf("\nCheapest solution: plain enumeration keeping the best (links, and the cost "
           "engine with no bound) against branch and bound (dlx_min_cost)\n");
    printf("%-42s %6s %12s %9s %12s %9s %12s %9s %12s %9s\n", "problem", "best", "links nodes",
           "links s", "none nodes", "none s", "cost nodes", "cost s", "full nodes", "full s");
    for (size_t i = 0; i < sizeof costs / sizeof costs[0]; i++) {
        const struct cost_case *k = &costs[i];
        dlx_problem *p = dlx_new();
        build(p, k->kind, k->a, k->b, k->c);
        random_costs(p, 42 + i, k->range);
        struct plain_best pb = {p, -1, 0};
        dlx_set_solution_fn(p, keep_best, &pb);
        double t0 = cpu();
        dlx_search(p, 0);
        double links = cpu() - t0;
        dlx_stats st;
        dlx_get_stats(p, &st);
        dlx_reset(p);
        dlx_set_solution_fn(p, NULL, NULL);
        printf("%-42s %6lld %12llu %9.3f", k->name, (long long)pb.best,
               (unsigned long long)st.nodes, links);
        const enum dlx_cost_bound modes[] = {DLX_BOUND_NONE, DLX_BOUND_COST, DLX_BOUND_FULL};
        for (int m = 0; m < 3; m++) {
            dlx_cost_opts o = {.k = 1, .bound = modes[m]};
            dlx_cost_result r;
            t0 = cpu();
            dlx_min_cost(p, &o, &r);
            double s = cpu() - t0;
            if (r.best != pb.best) {
                printf("\n%s: best %lld by dlx_min_cost, %lld by the enumeration\n", k->name,
                       (long long)r.best, (long long)pb.best);
                return 1;
            }
            printf(" %12llu %9.3f", (unsigned long long)r.nodes, s);
        }
        printf("\n");
        fflush(stdout);
        dlx_free(p);
    }
    return 0;
}
