/* SPDX-License-Identifier: MIT */
/* bench_dlx.c - how fast the engine counts all solutions of classic
 * exact-cover problems, in the units of Knuth's programs (nodes, updates)
 * so the figures can be set beside his DLX1's.
 *
 *   bench_dlx                the full set, under both branching rules (a minute or two)
 *   BENCH_QUICK=1 bench_dlx  smaller instances, a second or so
 *
 * The problems are built by examples/problems.h, the same code the example
 * programs use. Each count is checked against its known value (the exit
 * status is 1 on a mismatch); timing is never asserted.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../examples/problems.h"

enum bench_kind { PENTOMINOES, QUEENS, LANGFORD };

typedef struct bench_case {
    const char *name;
    enum bench_kind kind;
    int a, b;         /* board rows x cols; n */
    uint64_t expected; /* the known count, with its source below */
} bench_case;

/* Known counts: pentominoes 6x10: 2339 packings x 4 board symmetries, 3x20:
 * 2 x 4; queens: OEIS A000170; Langford: OEIS A176127. */
static const bench_case full[] = {
    {"pentominoes 6x10", PENTOMINOES, 6, 10, 9356},
    {"queens 14 (middle first)", QUEENS, 14, 1, 365596},
    {"langford 12", LANGFORD, 12, 0, 216288},
};
static const bench_case quick[] = {
    {"pentominoes 3x20", PENTOMINOES, 3, 20, 8},
    {"queens 10 (middle first)", QUEENS, 10, 1, 724},
    {"langford 8", LANGFORD, 8, 0, 300},
};

static double seconds_since(const struct timespec *t0)
{
    struct timespec t1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    return (double)(t1.tv_sec - t0->tv_sec) + (double)(t1.tv_nsec - t0->tv_nsec) / 1e9;
}

/* Builds and counts one case; prints its line. Returns 0 if the count is
 * right, 1 otherwise. */
static int run_case(const bench_case *c, enum dlx_choose rule)
{
    dlx_problem *p = dlx_new();
    if (p == NULL) {
        fprintf(stderr, "bench_dlx: out of memory\n");
        return 1;
    }
    int status;
    pentomino_board board;
    switch (c->kind) {
    case PENTOMINOES:
        status = pentomino_board_init(&board, c->a, c->b) != 0 ? DLX_EINVAL
                                                               : pentomino_build(p, &board);
        break;
    case QUEENS:
        status = queens_build(p, c->a, c->b);
        break;
    default:
        status = langford_build(p, c->a);
        break;
    }
    if (status >= 0)
        status = dlx_set_choose(p, rule);
    uint64_t count = 0;
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    if (status >= 0)
        status = dlx_count(p, &count);
    double secs = seconds_since(&t0);
    dlx_stats st;
    dlx_get_stats(p, &st);
    dlx_free(p);
    if (status < 0) {
        fprintf(stderr, "bench_dlx: %s: %s\n", c->name, dlx_strerror(status));
        return 1;
    }
    printf("%-26s %-5s %10" PRIu64 " %9.3f %14" PRIu64 " %16" PRIu64 " %12.1f%s\n", c->name,
           rule == DLX_CHOOSE_MRV ? "mrv" : "knuth", count, secs,
           st.nodes, st.updates, secs > 0 ? (double)st.updates / secs / 1e6 : 0.0,
           count == c->expected ? "" : "  WRONG COUNT");
    return count != c->expected;
}

int main(void)
{
    const char *q = getenv("BENCH_QUICK");
    int is_quick = q != NULL && *q != '\0' && strcmp(q, "0") != 0;
    const bench_case *cases = is_quick ? quick : full;
    size_t n = is_quick ? sizeof quick / sizeof quick[0] : sizeof full / sizeof full[0];
    /* Each problem under both branching rules: the default (stop looking at
     * an item with 0 or 1 options) and Knuth's (stop only at 0), whose
     * node and update counts equal his DLX1's on the same input (write it
     * with build/bin/examples/NAME --text). */
    printf("%-26s %-5s %10s %9s %14s %16s %12s\n", "problem", "rule", "solutions", "seconds",
           "nodes", "updates", "Mupdates/s");
    int wrong = 0;
    for (size_t k = 0; k < n; k++) {
        wrong |= run_case(&cases[k], DLX_CHOOSE_MRV);
        fflush(stdout);
        wrong |= run_case(&cases[k], DLX_CHOOSE_MRV_FULL);
        fflush(stdout);
    }
    return wrong ? 1 : 0;
}
