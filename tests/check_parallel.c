/* SPDX-License-Identifier: MIT */
/* check_parallel.c - unit tests of splitting a search (dlx_start_subtree,
 * dlx_split) and of the parallel search (dlx_search_threads).
 *
 * Expected counts name their source: OEIS A000170 for N-queens, A014552
 * (doubled: a pairing and its reversal both count) for Langford pairs, the
 * 2339 pentomino packings of 6x10 and the 2 of 3x20 times the 4 symmetries
 * of the board (de Bruijn; Knuth, TAOCP 7.2.2.1), the chromatic polynomial
 * of the Petersen graph P(k) at k = 3, 4 (120, 12960). The nodes and
 * updates of a split or parallel search are compared with those of one
 * dlx_search() of the same problem: the claim is that they add up exactly.
 */
#include <check.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dlx.h"
#include "../examples/problems.h"

/* --- problems --------------------------------------------------------------- */

enum kind { QUEENS, QUEENS_MIDDLE, LANGFORD, PENTOMINOES, PETERSEN };

struct problem_case {
    enum kind kind;
    int a, b;
    uint64_t expected;
};

static dlx_problem *build(const struct problem_case *c)
{
    dlx_problem *p = dlx_new();
    ck_assert_ptr_nonnull(p);
    int rc;
    pentomino_board board;
    int storage[15][2];
    colouring_graph g;
    switch (c->kind) {
    case QUEENS:
    case QUEENS_MIDDLE:
        rc = queens_build(p, c->a, c->kind == QUEENS_MIDDLE);
        break;
    case LANGFORD:
        rc = langford_build(p, c->a);
        break;
    case PENTOMINOES:
        ck_assert_int_eq(pentomino_board_init(&board, c->a, c->b), 0);
        rc = pentomino_build(p, &board);
        break;
    default:
        g = colouring_petersen(storage);
        rc = colouring_build(p, &g, c->a);
        break;
    }
    ck_assert_int_eq(rc, DLX_OK);
    return p;
}

/* One dlx_search() of a clone: the figures every split search must equal. */
static dlx_stats one_search(const dlx_problem *p)
{
    dlx_problem *c = dlx_clone(p);
    ck_assert_ptr_nonnull(c);
    ck_assert_int_eq(dlx_search(c, 0), DLX_OK);
    dlx_stats st;
    dlx_get_stats(c, &st);
    dlx_free(c);
    return st;
}

static void assert_same_stats(const dlx_stats *a, const dlx_stats *b, const char *what)
{
    ck_assert_msg(a->solutions == b->solutions && a->nodes == b->nodes &&
                      a->updates == b->updates && a->max_level == b->max_level,
                  "%s: %llu solutions, %llu nodes, %llu updates, level %d; one search: %llu, "
                  "%llu, %llu, %d",
                  what, (unsigned long long)a->solutions, (unsigned long long)a->nodes,
                  (unsigned long long)a->updates, (int)a->max_level,
                  (unsigned long long)b->solutions, (unsigned long long)b->nodes,
                  (unsigned long long)b->updates, (int)b->max_level);
}

/* --- splitting by hand -------------------------------------------------------- */

enum { MAX_UNITS = 1 << 16, MAX_DEPTH = 64 };

struct unit_stack {
    int n;
    int32_t len[MAX_UNITS];
    int32_t opts[MAX_UNITS][MAX_DEPTH];
};

static int push_unit(void *ctx, const int32_t *options, int32_t count, int is_solution)
{
    struct unit_stack *s = ctx;
    ck_assert_int_eq(is_solution, 0);
    ck_assert_int_lt(s->n, MAX_UNITS);
    ck_assert_int_le(count, MAX_DEPTH);
    s->len[s->n] = count;
    memcpy(s->opts[s->n], options, (size_t)count * sizeof *options);
    s->n++;
    return 0;
}

/* Searches every piece in turn on one clone, splitting after every slice of
 * `budget` nodes; returns the summed figures. */
static dlx_stats split_everything(const dlx_problem *p, enum dlx_split_mode mode,
                                  uint64_t budget, int *splits)
{
    static struct unit_stack s;
    s.n = 1;
    s.len[0] = 0;
    dlx_problem *w = dlx_clone(p);
    ck_assert_ptr_nonnull(w);
    *splits = 0;
    while (s.n > 0) {
        s.n--;
        int32_t prefix[MAX_DEPTH];
        int32_t n = s.len[s.n];
        memcpy(prefix, s.opts[s.n], (size_t)n * sizeof *prefix);
        ck_assert_int_eq(dlx_start_subtree(w, prefix, n), DLX_OK);
        int rc;
        while ((rc = dlx_search(w, budget)) == DLX_PAUSED) {
            int32_t would = dlx_split(w, mode, NULL, NULL);
            int32_t given = dlx_split(w, mode, push_unit, &s);
            ck_assert_int_eq(given, would);
            *splits += given > 0;
            if (mode == DLX_SPLIT_ALL) {
                ck_assert_int_gt(given, 0); /* at least the path */
                ck_assert_int_eq(dlx_level(w), 0);
                break;
            }
        }
        if (mode != DLX_SPLIT_ALL || rc != DLX_PAUSED)
            ck_assert_int_eq(rc, DLX_OK);
        ck_assert_int_eq(dlx_check(w), DLX_OK);
    }
    dlx_stats st;
    dlx_get_stats(w, &st);
    dlx_free(w);
    return st;
}

static const struct problem_case split_cases[] = {
    {QUEENS, 8, 0, 92},        {QUEENS_MIDDLE, 9, 0, 352}, {LANGFORD, 8, 0, 300},
    {PENTOMINOES, 3, 20, 8},   {PETERSEN, 3, 0, 120},      {PETERSEN, 4, 0, 12960},
};

/* The rule and strategy of each run of the loop test below (_i): the
 * default, and DLX_CHOOSE_MRV_RECENT (a tree of its own) on bits and on
 * the links, whose split pieces must add up to its own whole search. */
static const struct {
    enum dlx_choose rule;
    enum dlx_strategy strategy;
} split_settings[] = {
    {DLX_CHOOSE_MRV, DLX_STRATEGY_AUTO},
    {DLX_CHOOSE_MRV_RECENT, DLX_STRATEGY_AUTO},
    {DLX_CHOOSE_MRV_RECENT, DLX_STRATEGY_LINKS},
};

START_TEST(split_pieces_add_up_exactly)
{
    /* Budgets from one node (a split at every node) upwards. */
    static const uint64_t budgets[] = {1, 7, 500};
    for (size_t c = 0; c < sizeof split_cases / sizeof split_cases[0]; c++) {
        dlx_problem *p = build(&split_cases[c]);
        ck_assert_int_eq(dlx_set_choose(p, split_settings[_i].rule), DLX_OK);
        ck_assert_int_eq(dlx_set_strategy(p, split_settings[_i].strategy), DLX_OK);
        dlx_stats whole = one_search(p);
        ck_assert_uint_eq(whole.solutions, split_cases[c].expected);
        for (int mode = 0; mode < 2; mode++) {
            for (size_t b = 0; b < sizeof budgets / sizeof budgets[0]; b++) {
                if (budgets[b] < 100 && whole.updates > 500000)
                    continue; /* tens of thousands of pieces: slow and no wiser */
                int splits;
                dlx_stats st = split_everything(p, (enum dlx_split_mode)mode, budgets[b], &splits);
                char what[96];
                snprintf(what, sizeof what, "case %zu, %s, budget %llu", c,
                         mode ? "split all" : "split shallowest", (unsigned long long)budgets[b]);
                assert_same_stats(&st, &whole, what);
                if (budgets[b] < whole.nodes / 4)
                    ck_assert_msg(splits > 0, "%s: never split", what);
            }
        }
        dlx_free(p);
    }
}
END_TEST

static int refuse(void *ctx, const int32_t *options, int32_t count, int is_solution)
{
    (void)options;
    (void)count;
    (void)is_solution;
    int *calls = ctx;
    ++*calls;
    return 1;
}

static int remember_one(void *ctx, const int32_t *options, int32_t count, int is_solution)
{
    (void)is_solution;
    int32_t *out = ctx; /* out[0] = count, then the options */
    out[0] = count;
    memcpy(out + 1, options, (size_t)count * sizeof *options);
    return 0;
}

START_TEST(split_errors_and_refusals)
{
    struct problem_case q8 = {QUEENS, 8, 0, 92};
    dlx_problem *p = build(&q8);

    /* Nothing to split unless a search is paused. */
    ck_assert_int_eq(dlx_split(p, DLX_SPLIT_SHALLOWEST, NULL, NULL), DLX_EINVAL);
    ck_assert_int_eq(dlx_split(NULL, DLX_SPLIT_SHALLOWEST, NULL, NULL), DLX_EINVAL);
    ck_assert_int_eq(dlx_search(p, 10), DLX_PAUSED);
    ck_assert_int_eq(dlx_split(p, (enum dlx_split_mode)7, NULL, NULL), DLX_EINVAL);

    /* A refused split gives nothing away: the search still finds all 92. */
    int calls = 0;
    ck_assert_int_gt(dlx_split(p, DLX_SPLIT_SHALLOWEST, NULL, NULL), 0);
    ck_assert_int_eq(dlx_split(p, DLX_SPLIT_SHALLOWEST, refuse, &calls), 0);
    ck_assert_int_eq(calls, 1);
    calls = 0;
    ck_assert_int_eq(dlx_split(p, DLX_SPLIT_ALL, refuse, &calls), 0);
    ck_assert_int_eq(calls, 1);
    ck_assert_int_eq(dlx_search(p, 0), DLX_OK);
    dlx_stats st;
    dlx_get_stats(p, &st);
    ck_assert_uint_eq(st.solutions, 92);
    ck_assert_int_eq(dlx_check(p), DLX_OK);

    /* Prefixes: ids out of range, options that clash, too many. */
    int32_t bad[2] = {-1, 0};
    ck_assert_int_eq(dlx_start_subtree(p, bad, 1), DLX_EINVAL);
    ck_assert_int_eq(dlx_start_subtree(p, NULL, 1), DLX_EINVAL);
    ck_assert_int_eq(dlx_start_subtree(NULL, NULL, 0), DLX_EINVAL);
    /* Squares (0,0) and (0,1) share row 0; (0,0) and (1,1) a diagonal. */
    int32_t same_row[2] = {0, 1}, same_diagonal[2] = {0, 9};
    ck_assert_int_eq(dlx_start_subtree(p, same_row, 2), DLX_ECONFLICT);
    ck_assert_int_eq(dlx_check(p), DLX_OK);
    ck_assert_int_eq(dlx_start_subtree(p, same_diagonal, 2), DLX_ECONFLICT);
    ck_assert_int_eq(dlx_check(p), DLX_OK);
    int32_t all[9] = {0, 12, 23, 31, 38, 45, 49, 58, 63};
    ck_assert_int_eq(dlx_start_subtree(p, all, 9), DLX_ECONFLICT);
    ck_assert_int_eq(dlx_check(p), DLX_OK);

    /* A prefix that is a whole solution has one solution below it: itself,
     * reported whole. (0,0) (1,4) (2,7) (3,5) (4,2) (5,6) (6,1) (7,3) is
     * the first 8-queens solution in lexicographic order. */
    int32_t sol[8] = {0, 12, 23, 29, 34, 46, 49, 59};
    int32_t got[10] = {0};
    dlx_set_solution_fn(p, NULL, NULL);
    dlx_reset_stats(p);
    ck_assert_int_eq(dlx_start_subtree(p, sol, 8), DLX_OK);
    ck_assert_int_eq(dlx_level(p), 8);
    ck_assert_int_eq(dlx_search(p, 0), DLX_OK);
    dlx_get_stats(p, &st);
    ck_assert_uint_eq(st.solutions, 1);
    ck_assert_uint_eq(st.nodes, 1); /* the leaf */
    ck_assert_int_eq(dlx_check(p), DLX_OK);

    /* The path given away by DLX_SPLIT_ALL is the last piece, and the
     * search is over after it. */
    ck_assert_int_eq(dlx_start_subtree(p, NULL, 0), DLX_OK);
    ck_assert_int_eq(dlx_search(p, 3), DLX_PAUSED);
    int32_t level = dlx_level(p);
    ck_assert_int_gt(level, 0);
    struct unit_stack *s = malloc(sizeof *s);
    ck_assert_ptr_nonnull(s);
    s->n = 0;
    int32_t given = dlx_split(p, DLX_SPLIT_ALL, push_unit, s);
    ck_assert_int_eq(given, s->n);
    ck_assert_int_eq(s->len[s->n - 1], level);
    ck_assert_int_eq(dlx_split(p, DLX_SPLIT_ALL, NULL, NULL), DLX_EINVAL);
    ck_assert_int_eq(dlx_check(p), DLX_OK);
    free(s);

    /* Splitting shallowest gives the options after the one in force at the
     * first level, each after the path that leads there. */
    ck_assert_int_eq(dlx_start_subtree(p, NULL, 0), DLX_OK);
    ck_assert_int_eq(dlx_search(p, 3), DLX_PAUSED);
    ck_assert_int_eq(dlx_split(p, DLX_SPLIT_SHALLOWEST, remember_one, got), 7);
    ck_assert_int_eq(got[0], 1); /* level 0: the row or column chosen has 8 */
    dlx_free(p);
}
END_TEST

/* --- the parallel search ---------------------------------------------------------- */

static const struct problem_case thread_cases[] = {
    {QUEENS, 1, 0, 1},         {QUEENS, 2, 0, 0},        {QUEENS, 3, 0, 0},
    {QUEENS, 4, 0, 2},         {QUEENS, 5, 0, 10},       {QUEENS, 6, 0, 4},
    {QUEENS, 7, 0, 40},        {QUEENS, 8, 0, 92},       {QUEENS, 9, 0, 352},
    {QUEENS, 10, 0, 724},      {QUEENS_MIDDLE, 11, 0, 2680}, {LANGFORD, 3, 0, 2},
    {LANGFORD, 4, 0, 2},       {LANGFORD, 5, 0, 0},      {LANGFORD, 8, 0, 300},
    {LANGFORD, 11, 0, 35584},  {PENTOMINOES, 3, 20, 8},  {PETERSEN, 3, 0, 120},
    {PETERSEN, 4, 0, 12960},
};

START_TEST(threads_count_exactly_what_one_search_counts)
{
    static const int32_t threads[] = {1, 2, 3, 8};
    for (size_t c = 0; c < sizeof thread_cases / sizeof thread_cases[0]; c++) {
        dlx_problem *p = build(&thread_cases[c]);
        dlx_stats whole = one_search(p);
        ck_assert_uint_eq(whole.solutions, thread_cases[c].expected);
        for (size_t t = 0; t < sizeof threads / sizeof threads[0]; t++) {
            dlx_reset_stats(p);
            ck_assert_int_eq(dlx_search_threads(p, threads[t], NULL, NULL), DLX_OK);
            dlx_stats st;
            dlx_get_stats(p, &st);
            char what[64];
            snprintf(what, sizeof what, "case %zu on %d threads", c, (int)threads[t]);
            assert_same_stats(&st, &whole, what);
            ck_assert_int_eq(dlx_check(p), DLX_OK);
            ck_assert_int_eq(dlx_level(p), 0);
        }
        dlx_free(p);
    }
}
END_TEST

START_TEST(threads_under_every_rule_with_commitments_and_seeds)
{
    struct problem_case q9 = {QUEENS, 9, 0, 352};
    static const enum dlx_choose rules[] = {DLX_CHOOSE_MRV, DLX_CHOOSE_MRV_FULL,
                                            DLX_CHOOSE_FIRST};
    for (size_t r = 0; r < 3; r++) {
        dlx_problem *p = build(&q9);
        ck_assert_int_eq(dlx_set_choose(p, rules[r]), DLX_OK);
        dlx_stats whole = one_search(p);
        ck_assert_int_eq(dlx_search_threads(p, 3, NULL, NULL), DLX_OK);
        dlx_stats st;
        dlx_get_stats(p, &st);
        assert_same_stats(&st, &whole, "a branching rule");

        /* With a queen committed on square (0,0): the 9-queens solutions
         * with a queen in that corner, counted both ways. */
        dlx_reset_stats(p);
        ck_assert_int_eq(dlx_commit(p, 0), DLX_OK);
        whole = one_search(p);
        ck_assert_int_eq(dlx_search_threads(p, 2, NULL, NULL), DLX_OK);
        dlx_get_stats(p, &st);
        assert_same_stats(&st, &whole, "with a commitment");
        ck_assert_uint_gt(st.solutions, 0);
        dlx_free(p);
    }
    /* With a seed the solutions still add up (nodes need not). */
    dlx_problem *p = build(&q9);
    ck_assert_int_eq(dlx_set_seed(p, 12345), DLX_OK);
    ck_assert_int_eq(dlx_search_threads(p, 3, NULL, NULL), DLX_OK);
    dlx_stats st;
    dlx_get_stats(p, &st);
    ck_assert_uint_eq(st.solutions, 352);
    dlx_free(p);
}
END_TEST

/* A solution callback that checks it is never entered twice at once and
 * that each solution is an exact cover, and keeps a fingerprint of each. */
struct collector {
    const dlx_problem *p;
    atomic_int inside;
    int overlaps;
    int bad;
    uint64_t n, stop_after;
    uint64_t sum, xor; /* order-independent fingerprints of the solution set */
};

static uint64_t fingerprint(const int32_t *options, int32_t count)
{
    /* The options of a solution as a set: sort a copy, hash it. */
    int32_t s[64];
    memcpy(s, options, (size_t)count * sizeof *s);
    for (int32_t a = 1; a < count; a++)
        for (int32_t k = a; k > 0 && s[k] < s[k - 1]; k--) {
            int32_t x = s[k];
            s[k] = s[k - 1];
            s[k - 1] = x;
        }
    uint64_t h = 1469598103934665603u;
    for (int32_t k = 0; k < count; k++)
        h = (h ^ (uint64_t)s[k]) * 1099511628211u;
    return h;
}

static int collect(void *ctx, const int32_t *options, int32_t count)
{
    struct collector *c = ctx;
    if (atomic_fetch_add(&c->inside, 1) != 0)
        c->overlaps++;
    /* Every primary item exactly once, every secondary at most once. */
    int32_t items = dlx_item_count(c->p), ids[8];
    int cover[512] = {0};
    for (int32_t k = 0; k < count && count <= 64; k++) {
        int32_t m = dlx_option_items(c->p, options[k], ids, NULL, 8);
        for (int32_t j = 0; j < m && j < 8; j++)
            cover[ids[j]]++;
    }
    for (int32_t i = 0; i < items && i < 512; i++)
        if (cover[i] > 1 || (cover[i] == 0 && !dlx_item_is_secondary(c->p, i)))
            c->bad++;
    uint64_t h = fingerprint(options, count);
    c->sum += h;
    c->xor ^= h * 0x9e3779b97f4a7c15u;
    c->n++;
    atomic_fetch_sub(&c->inside, 1);
    return c->stop_after && c->n >= c->stop_after;
}

START_TEST(solutions_reach_the_callback_one_at_a_time)
{
    static const struct problem_case cases[] = {
        {QUEENS, 8, 0, 92}, {LANGFORD, 8, 0, 300}, {QUEENS_MIDDLE, 10, 0, 724}};
    for (size_t c = 0; c < 3; c++) {
        dlx_problem *p = build(&cases[c]);
        struct collector one = {.p = p}, many = {.p = p};
        atomic_init(&one.inside, 0);
        atomic_init(&many.inside, 0);
        dlx_set_solution_fn(p, collect, &one);
        ck_assert_int_eq(dlx_search(p, 0), DLX_OK);
        dlx_reset(p);
        dlx_set_solution_fn(p, collect, &many);
        ck_assert_int_eq(dlx_search_threads(p, 4, NULL, NULL), DLX_OK);
        ck_assert_int_eq(many.overlaps, 0);
        ck_assert_int_eq(many.bad, 0);
        ck_assert_uint_eq(many.n, cases[c].expected);
        /* The same set of solutions as one search found. */
        ck_assert_uint_eq(many.sum, one.sum);
        ck_assert_uint_eq(many.xor, one.xor);
        dlx_free(p);
    }
}
END_TEST

START_TEST(limit_holds_across_threads)
{
    /* Queens 12 (14200 solutions, over a million nodes): the first
     * solutions come early, so a limit must stop every thread long before
     * the tree is done. */
    struct problem_case q12 = {QUEENS, 12, 0, 14200};
    dlx_problem *p = build(&q12);
    dlx_stats whole = one_search(p);
    static const uint64_t limits[] = {1, 2, 100};
    for (size_t k = 0; k < 3; k++) {
        struct collector c = {.p = p};
        atomic_init(&c.inside, 0);
        dlx_set_solution_fn(p, collect, &c);
        dlx_set_limit(p, limits[k]);
        dlx_reset_stats(p);
        ck_assert_int_eq(dlx_search_threads(p, 4, NULL, NULL), DLX_STOPPED);
        ck_assert_uint_eq(c.n, limits[k]);
        ck_assert_int_eq(c.bad, 0);
        dlx_stats st;
        dlx_get_stats(p, &st);
        ck_assert_uint_eq(st.solutions, limits[k]);
        ck_assert_msg(st.nodes < whole.nodes / 4, "limit %llu: %llu of %llu nodes",
                      (unsigned long long)limits[k], (unsigned long long)st.nodes,
                      (unsigned long long)whole.nodes);
        ck_assert_int_eq(dlx_check(p), DLX_OK);
    }
    /* Counting with a limit and no callback stops as well, at exactly the
     * limit, however the threads race for the last solutions (repeated:
     * a race shows only now and then). */
    dlx_set_solution_fn(p, NULL, NULL);
    dlx_stats st;
    for (int k = 0; k < 20; k++) {
        dlx_set_limit(p, 1 + k % 4);
        dlx_reset_stats(p);
        ck_assert_int_eq(dlx_search_threads(p, 4, NULL, NULL), DLX_STOPPED);
        dlx_get_stats(p, &st);
        ck_assert_uint_eq(st.solutions, 1 + k % 4);
    }
    /* The callback stops it: exactly as many as it accepted. */
    struct collector c = {.p = p, .stop_after = 5};
    atomic_init(&c.inside, 0);
    dlx_set_limit(p, 0);
    dlx_set_solution_fn(p, collect, &c);
    ck_assert_int_eq(dlx_search_threads(p, 3, NULL, NULL), DLX_STOPPED);
    ck_assert_uint_eq(c.n, 5);
    /* The problem is idle and whole after a stop: count again, in full. */
    dlx_set_solution_fn(p, NULL, NULL);
    dlx_reset_stats(p);
    ck_assert_int_eq(dlx_search_threads(p, 3, NULL, NULL), DLX_OK);
    dlx_get_stats(p, &st);
    assert_same_stats(&st, &whole, "after stops");
    dlx_free(p);
}
END_TEST

/* The watch: on the calling thread, figures that grow, a last call with
 * the final figures; stops the search when asked. */
struct watcher {
    pthread_t caller;
    int calls, wrong_thread, last_was_final;
    uint64_t last_nodes;
    double last_done;
    int stop_at_call; /* 0: never */
    int threads_seen;
    dlx_stats final;
};

static int watch(void *ctx, const dlx_progress *pr)
{
    struct watcher *w = ctx;
    w->calls++;
    if (!pthread_equal(pthread_self(), w->caller))
        w->wrong_thread++;
    ck_assert_uint_ge(pr->stats.nodes, w->last_nodes);
    ck_assert(pr->done >= 0.0 && pr->done <= 1.0);
    ck_assert_int_le(pr->busy, pr->threads);
    uint64_t nodes = 0;
    for (int32_t k = 0; k < pr->threads; k++)
        nodes += pr->thread[k].nodes;
    ck_assert_uint_eq(nodes, pr->stats.nodes);
    ck_assert_int_eq(w->last_was_final, 0); /* nothing after the last call */
    w->last_was_final = pr->final;
    w->threads_seen = pr->threads;
    w->last_nodes = pr->stats.nodes;
    w->last_done = pr->done;
    w->final = pr->stats;
    return w->stop_at_call && w->calls >= w->stop_at_call;
}

START_TEST(watch_sees_progress_and_can_stop)
{
    struct problem_case l11 = {LANGFORD, 11, 0, 35584};
    dlx_problem *p = build(&l11);
    dlx_stats whole = one_search(p);
    struct watcher w = {.caller = pthread_self()};
    ck_assert_int_eq(dlx_search_threads(p, 2, watch, &w), DLX_OK);
    ck_assert_int_ge(w.calls, 1); /* at least the last */
    ck_assert_int_eq(w.wrong_thread, 0);
    ck_assert(w.last_done == 1.0);
    ck_assert_int_eq(w.last_was_final, 1);
    ck_assert_int_eq(w.threads_seen, 2);
    assert_same_stats(&w.final, &whole, "the watch's last figures");

    /* Stopped by the watch at its first call (an interruption): the
     * figures so far are kept and the problem is whole. Langford 16 takes
     * minutes, so the stop comes first. */
    dlx_problem *big = build(&(struct problem_case){LANGFORD, 16, 0, 0});
    struct watcher s = {.caller = pthread_self(), .stop_at_call = 1};
    ck_assert_int_eq(dlx_search_threads(big, 2, watch, &s), DLX_STOPPED);
    ck_assert_int_eq(s.calls, 2); /* the stop, then the last */
    ck_assert(s.last_done < 1.0);
    dlx_stats st;
    dlx_get_stats(big, &st);
    ck_assert_uint_eq(st.nodes, s.final.nodes);
    ck_assert_uint_gt(st.nodes, 0);
    ck_assert_int_eq(dlx_check(big), DLX_OK);
    dlx_free(big);
    dlx_free(p);
}
END_TEST

static int search_from_inside(void *ctx, const int32_t *options, int32_t count)
{
    (void)options;
    (void)count;
    dlx_problem *p = ctx;
    ck_assert_int_eq(dlx_search(p, 0), DLX_EBUSY);
    ck_assert_int_eq(dlx_search_threads(p, 2, NULL, NULL), DLX_EBUSY);
    ck_assert_int_eq(dlx_start_subtree(p, NULL, 0), DLX_EBUSY);
    ck_assert_int_eq(dlx_commit(p, 0), DLX_EBUSY);
    ck_assert_ptr_null(dlx_clone(p));
    ck_assert_int_eq(dlx_item_count(p), 46); /* reading is fine */
    return 0;
}

static int no_event(void *ctx, const dlx_event *ev)
{
    (void)ctx;
    (void)ev;
    return 0;
}

START_TEST(thread_api_refusals)
{
    struct problem_case q8 = {QUEENS, 8, 0, 92};
    dlx_problem *p = build(&q8);
    ck_assert_int_eq(dlx_search_threads(NULL, 2, NULL, NULL), DLX_EINVAL);
    ck_assert_int_eq(dlx_search_threads(p, -1, NULL, NULL), DLX_EINVAL);
    ck_assert_int_eq(dlx_search_threads(p, 1 << 20, NULL, NULL), DLX_EINVAL);
    dlx_set_event_fn(p, no_event, NULL);
    ck_assert_int_eq(dlx_search_threads(p, 2, NULL, NULL), DLX_EINVAL);
    dlx_set_event_fn(p, NULL, NULL);
    /* One per processor. */
    ck_assert_int_eq(dlx_search_threads(p, 0, NULL, NULL), DLX_OK);
    dlx_stats st;
    dlx_get_stats(p, &st);
    ck_assert_uint_eq(st.solutions, 92);
    /* A paused search is abandoned first. */
    ck_assert_int_eq(dlx_search(p, 5), DLX_PAUSED);
    dlx_reset_stats(p);
    ck_assert_int_eq(dlx_search_threads(p, 2, NULL, NULL), DLX_OK);
    dlx_get_stats(p, &st);
    ck_assert_uint_eq(st.solutions, 92);
    /* From a callback, the problem refuses changes. */
    dlx_set_solution_fn(p, search_from_inside, p);
    ck_assert_int_eq(dlx_search_threads(p, 2, NULL, NULL), DLX_OK);
    ck_assert_int_eq(dlx_check(p), DLX_OK);
    dlx_free(p);
}
END_TEST

START_TEST(bounds_split_on_bits_and_count_right)
{
    /* Algorithm M splits on bit sets (the default where they suit):
     * threads give one search's figures. On the links it cannot be split:
     * one thread, the same count. Motley 5x5: 150 solutions (Knuth's DLX3
     * on motley-dlx 5 5). */
    dlx_problem *p = dlx_new();
    ck_assert_ptr_nonnull(p);
    ck_assert_int_eq(motley_build(p, 5, 5), DLX_OK);
    ck_assert_int_eq(dlx_has_bounds(p), 1);
    dlx_stats whole = one_search(p);
    ck_assert_uint_eq(whole.solutions, 150);
    ck_assert_int_eq(dlx_search_threads(p, 3, NULL, NULL), DLX_OK);
    dlx_stats st;
    dlx_get_stats(p, &st);
    assert_same_stats(&st, &whole, "motley 5x5 on threads, bits");
    ck_assert_int_eq(dlx_search(p, 10), DLX_PAUSED);
    ck_assert_int_eq(dlx_search_strategy(p), DLX_STRATEGY_BITS);
    ck_assert_int_gt(dlx_split(p, DLX_SPLIT_SHALLOWEST, NULL, NULL), 0);
    ck_assert_int_eq(dlx_reset(p), DLX_OK);

    ck_assert_int_eq(dlx_set_strategy(p, DLX_STRATEGY_LINKS), DLX_OK);
    whole = one_search(p);
    ck_assert_uint_eq(whole.solutions, 150);
    dlx_reset_stats(p);
    ck_assert_int_eq(dlx_search_threads(p, 3, NULL, NULL), DLX_OK);
    dlx_get_stats(p, &st);
    assert_same_stats(&st, &whole, "motley 5x5 on threads, links");
    ck_assert_int_eq(dlx_search(p, 10), DLX_PAUSED);
    ck_assert_int_eq(dlx_split(p, DLX_SPLIT_SHALLOWEST, NULL, NULL), 0);
    int32_t one = 0;
    ck_assert_int_eq(dlx_start_subtree(p, &one, 1), DLX_EINVAL);
    ck_assert_int_eq(dlx_start_subtree(p, NULL, 0), DLX_OK);
    ck_assert_int_eq(dlx_check(p), DLX_OK);
    dlx_free(p);
}
END_TEST

/* --- out of memory, in the caller and in the threads ------------------------------ */

/* Fails the k-th allocation; checks that the allocator is never entered by
 * two threads at once, and that every block comes back. */
struct failing_alloc {
    long budget; /* allocations allowed before failing; < 0: never fail */
    long live;
    atomic_int inside;
    int overlaps;
    pthread_t caller;
    int failed, failed_in_thread;
};

static void *fail_alloc(void *ud, void *ptr, size_t old_size, size_t new_size)
{
    struct failing_alloc *f = ud;
    (void)old_size;
    if (atomic_fetch_add(&f->inside, 1) != 0)
        f->overlaps++;
    void *q = NULL;
    if (new_size == 0) {
        if (ptr)
            f->live--;
        free(ptr);
    } else if (f->budget != 0) {
        if (f->budget > 0)
            f->budget--;
        q = realloc(ptr, new_size);
        if (q && !ptr)
            f->live++;
    } else {
        f->failed = 1;
        f->failed_in_thread |= !pthread_equal(pthread_self(), f->caller);
    }
    atomic_fetch_sub(&f->inside, 1);
    return q;
}

START_TEST(out_of_memory_in_threads_is_an_error)
{
    /* Build 10-queens with a generous allocator, then let the k-th
     * allocation after that fail, for k = 0, 1, 2, ...: each run returns
     * DLX_ENOMEM exactly when an allocation failed, the problem is whole,
     * every block comes back, and the allocator is never entered twice at
     * once. The first allocations are the clones, made before any thread
     * starts; the later ones are the pool and the pieces, in the threads,
     * as soon as one thread shares work with an idle one (almost always
     * with three threads on a tree of 20 000 nodes, though a busy machine
     * may run one thread alone). The loop stops a few values of k after the
     * first failure in a thread. */
    int failed_in_thread = 0, after = 0;
    for (long k = 0; k < 300 && after < 5; k++) {
        struct failing_alloc f = {.budget = -1, .caller = pthread_self()};
        atomic_init(&f.inside, 0);
        dlx_problem *p = dlx_new_alloc(fail_alloc, &f);
        ck_assert_ptr_nonnull(p);
        ck_assert_int_eq(queens_build(p, 10, 0), DLX_OK);
        f.budget = k;
        int rc = dlx_search_threads(p, 3, NULL, NULL);
        ck_assert_msg(rc == (f.failed ? DLX_ENOMEM : DLX_OK), "k %ld: %d", k, rc);
        if (rc == DLX_OK) {
            dlx_stats st;
            dlx_get_stats(p, &st);
            ck_assert_uint_eq(st.solutions, 724);
        }
        failed_in_thread |= f.failed_in_thread;
        after += failed_in_thread;
        ck_assert_int_eq(dlx_check(p), DLX_OK);
        f.budget = -1;
        dlx_free(p);
        ck_assert_int_eq(f.overlaps, 0);
        ck_assert_int_eq(f.live, 0);
    }
    ck_assert_int_eq(failed_in_thread, 1);
}
END_TEST

Suite *parallel_suite(void); /* called by tests/main.c */
Suite *parallel_suite(void)
{
    Suite *s = suite_create("parallel");
    TCase *split = tcase_create("split");
    tcase_set_timeout(split, 60);
    tcase_add_loop_test(split, split_pieces_add_up_exactly, 0, 3);
    tcase_add_test(split, split_errors_and_refusals);
    suite_add_tcase(s, split);

    TCase *threads = tcase_create("threads");
    tcase_set_timeout(threads, 60);
    tcase_add_test(threads, threads_count_exactly_what_one_search_counts);
    tcase_add_test(threads, threads_under_every_rule_with_commitments_and_seeds);
    tcase_add_test(threads, solutions_reach_the_callback_one_at_a_time);
    tcase_add_test(threads, limit_holds_across_threads);
    tcase_add_test(threads, watch_sees_progress_and_can_stop);
    tcase_add_test(threads, thread_api_refusals);
    tcase_add_test(threads, bounds_split_on_bits_and_count_right);
    tcase_add_test(threads, out_of_memory_in_threads_is_an_error);
    suite_add_tcase(s, threads);
    return s;
}
