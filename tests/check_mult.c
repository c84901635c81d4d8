/* SPDX-License-Identifier: MIT */
/* check_mult.c - unit tests of Algorithm M: primary items with bounds
 * lo..hi, with colours on secondary items (Knuth's MCC problems).
 *
 * Where the expected answers come from:
 *   - DLX3's own example (the opening section of Knuth's dlx3.w): items
 *     A B 2:3|C | X Y, options "A B X:0 Y:0", "A C X:1 Y:1", "C X:0",
 *     "B X:1", "C Y:1"; the unique solution is "A C X:1 Y:1", "B X:1",
 *     "C Y:1". Knuth's DLX3, run on that input, reports 6 nodes and 14
 *     updates.
 *   - Motley dissections, built by motley_build() (examples/problems.h)
 *     from the problem's definition; its output is, option for option, the
 *     file of Knuth's generator motley-dlx. Counts, nodes and updates are
 *     those DLX3 prints for motley-dlx M N: 3x3 1 solution (8 nodes, 209
 *     updates), 4x4 8 (149, 7664), 5x5 150 (3871, 248893), 4x6 0 (606,
 *     68889), 5x6 393 (15645, 1271225), 6x6 5850 (173740, 13634058). With
 *     DLX_CHOOSE_MRV_FULL the engine must visit exactly those trees.
 *   - Queens dominating the board (domination_build()): OEIS A002564, 12,
 *     186, 4 for N = 4, 5, 6 with K = 2, 3, 3, checked here by a brute force
 *     over the K-sets of squares; nodes and updates as DLX3 prints them for
 *     the files `examples/domination --text N K` writes (197 / 6309, 5185 /
 *     149345, 3209 / 660442).
 *   - The partridge puzzle (partridge_build()): no packing for N = 3, 4, 5
 *     (Wainwright; TAOCP 7.2.2.1); DLX3 on the files of `examples/partridge
 *     --text N`: 26 nodes / 1334 updates, 260 / 53981, 5801 / 3077307.
 *   - Random problems: a brute force over every subset of the options,
 *     written here from the definition of a solution.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx.h"
#include "../examples/problems.h"
#include "slices.h"

/* --- DLX3's example ---------------------------------------------------------- */

/* Items A B C X Y (ids 0..4), C with bounds 2..3; colours 0 and 1 of the
 * text become colours 1 and 2. */
static dlx_problem *build_dlx3_example(void)
{
    dlx_problem *p = dlx_new();
    ck_assert_ptr_nonnull(p);
    ck_assert_int_eq(dlx_add_item(p, "A", DLX_PRIMARY), 0);
    ck_assert_int_eq(dlx_add_item(p, "B", DLX_PRIMARY), 1);
    ck_assert_int_eq(dlx_add_item_bounds(p, "C", DLX_PRIMARY, 2, 3), 2);
    ck_assert_int_eq(dlx_add_item(p, "X", DLX_SECONDARY), 3);
    ck_assert_int_eq(dlx_add_item(p, "Y", DLX_SECONDARY), 4);
    static const int32_t items[5][4] = {{0, 1, 3, 4}, {0, 2, 3, 4}, {2, 3}, {1, 3}, {2, 4}};
    static const int32_t colors[5][4] = {{0, 0, 1, 1}, {0, 0, 2, 2}, {0, 1}, {0, 2}, {0, 2}};
    static const int32_t sizes[5] = {4, 4, 2, 2, 2};
    for (int k = 0; k < 5; k++)
        ck_assert_int_eq(dlx_add_option(p, items[k], colors[k], sizes[k]), k);
    return p;
}

struct solutions {
    uint32_t *masks; /* each solution as the set of its options */
    size_t n, cap;
    int stop_each;   /* the callback asks to stop after every solution */
};

static int collect_mask(void *ctx, const int32_t *options, int32_t count)
{
    struct solutions *s = ctx;
    uint32_t mask = 0;
    for (int32_t k = 0; k < count; k++) {
        ck_assert_int_lt(options[k], 32);
        ck_assert_msg(!(mask & (1u << options[k])), "option %d twice in a solution",
                      (int)options[k]);
        mask |= 1u << options[k];
    }
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 64;
        s->masks = realloc(s->masks, s->cap * sizeof *s->masks);
        ck_assert_ptr_nonnull(s->masks);
    }
    s->masks[s->n++] = mask;
    return s->stop_each;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* Sorts the solutions found. qsort() wants a real array even for none, and
 * masks is NULL until the first solution (UBSan says so). */
static void sort_masks(struct solutions *s)
{
    if (s->n > 1)
        qsort(s->masks, s->n, sizeof *s->masks, cmp_u32);
}

/* Every solution of p, sorted; the search is reset before and after. */
static void all_solutions(dlx_problem *p, struct solutions *s)
{
    s->n = 0;
    dlx_set_solution_fn(p, collect_mask, s);
    ck_assert_int_eq(dlx_reset(p), DLX_OK);
    int rc;
    while ((rc = dlx_search(p, 0)) == DLX_STOPPED)
        ck_assert_int_eq(dlx_check(p), DLX_OK);
    ck_assert_int_eq(rc, DLX_OK);
    ck_assert_int_eq(dlx_check(p), DLX_OK);
    ck_assert_int_eq(dlx_reset(p), DLX_OK);
    dlx_set_solution_fn(p, NULL, NULL);
    sort_masks(s);
}

START_TEST(dlx3_example)
{
    static const enum dlx_choose rules[] = {DLX_CHOOSE_MRV, DLX_CHOOSE_MRV_FULL,
                                            DLX_CHOOSE_FIRST};
    for (size_t r = 0; r < 3; r++) {
        dlx_problem *p = build_dlx3_example();
        ck_assert_int_eq(dlx_has_bounds(p), 1);
        ck_assert_int_eq(dlx_set_choose(p, rules[r]), DLX_OK);
        struct solutions s = {0};
        all_solutions(p, &s);
        ck_assert_uint_eq(s.n, 1);
        ck_assert_uint_eq(s.masks[0], (1u << 1) | (1u << 3) | (1u << 4));
        if (rules[r] == DLX_CHOOSE_MRV_FULL) {
            dlx_stats st;
            dlx_get_stats(p, &st);
            ck_assert_uint_eq(st.nodes, 6);    /* DLX3's figures */
            ck_assert_uint_eq(st.updates, 14);
        }
        free(s.masks);
        dlx_free(p);
    }
}
END_TEST

/* Asked for by name, the bits search a problem with bounds (Algorithm M
 * on bit sets, dlx/search_bits_m.c): DLX3's one solution, on a tree no
 * bigger than DLX3's 6 nodes; the automatic choice takes them too, but
 * under DLX_CHOOSE_MRV_FULL, which keeps DLX3's tree on the links. */
START_TEST(bits_search_with_bounds)
{
    dlx_problem *p = build_dlx3_example();
    ck_assert_int_eq(dlx_set_strategy(p, DLX_STRATEGY_BITS), DLX_OK);
    ck_assert_int_eq(dlx_search_strategy(p), DLX_STRATEGY_BITS);
    uint64_t count = 99;
    ck_assert_int_eq(dlx_count(p, &count), DLX_OK);
    ck_assert_uint_eq(count, 1);
    dlx_stats st;
    dlx_get_stats(p, &st);
    ck_assert_uint_le(st.nodes, 6);
    ck_assert_int_eq(dlx_search(p, 1), DLX_PAUSED);
    ck_assert_int_eq(dlx_search_strategy(p), DLX_STRATEGY_BITS);
    ck_assert_int_eq(dlx_check(p), DLX_OK);
    ck_assert_int_eq(dlx_reset(p), DLX_OK);
    ck_assert_int_eq(dlx_check(p), DLX_OK);
    ck_assert_int_eq(dlx_set_strategy(p, DLX_STRATEGY_AUTO), DLX_OK);
    ck_assert_int_eq(dlx_search_strategy(p), DLX_STRATEGY_BITS);
    ck_assert_int_eq(dlx_set_choose(p, DLX_CHOOSE_MRV_FULL), DLX_OK);
    ck_assert_int_eq(dlx_search_strategy(p), DLX_STRATEGY_LINKS);
    ck_assert_int_eq(dlx_count(p, &count), DLX_OK);
    ck_assert_uint_eq(count, 1);
    dlx_free(p);
}
END_TEST

START_TEST(bounds_api)
{
    dlx_problem *p = dlx_new();
    ck_assert_ptr_nonnull(p);
    /* refused: the problem is unchanged */
    ck_assert_int_eq(dlx_add_item_bounds(p, "a", DLX_PRIMARY, 2, 1), DLX_EBOUNDS);
    ck_assert_int_eq(dlx_add_item_bounds(p, "a", DLX_PRIMARY, -1, 1), DLX_EBOUNDS);
    ck_assert_int_eq(dlx_add_item_bounds(p, "a", DLX_PRIMARY, 0, 0), DLX_EBOUNDS);
    ck_assert_int_eq(dlx_add_item_bounds(p, "a", DLX_SECONDARY, 0, 1), DLX_EBOUNDS);
    ck_assert_int_eq(dlx_add_item_bounds(p, "a", 4u, 1, 1), DLX_EINVAL);
    ck_assert_int_eq(dlx_add_item_bounds(NULL, "a", DLX_PRIMARY, 1, 1), DLX_EINVAL);
    ck_assert_int_eq(dlx_item_count(p), 0);
    /* 1..1 is a plain item: no bounds, Algorithm X */
    ck_assert_int_eq(dlx_add_item_bounds(p, "a", DLX_PRIMARY, 1, 1), 0);
    ck_assert_int_eq(dlx_has_bounds(p), 0);
    ck_assert_int_eq(dlx_add_item(p, "s", DLX_SECONDARY), 1);
    ck_assert_int_eq(dlx_add_item_bounds(p, "b", DLX_PRIMARY, 0, 3), 2);
    ck_assert_int_eq(dlx_has_bounds(p), 1);
    ck_assert_int_eq(dlx_add_item_bounds(p, "c", DLX_PRIMARY, 2, 2), 3);
    ck_assert_int_eq(dlx_add_item_bounds(p, "d", DLX_PRIMARY, 0, INT32_MAX), 4);
    static const struct { int32_t item, lo, hi; } want[] = {
        {0, 1, 1}, {1, 0, 1}, {2, 0, 3}, {3, 2, 2}, {4, 0, INT32_MAX}};
    for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
        int32_t lo = -5, hi = -5;
        ck_assert_int_eq(dlx_item_bounds(p, want[k].item, &lo, &hi), DLX_OK);
        ck_assert_int_eq(lo, want[k].lo);
        ck_assert_int_eq(hi, want[k].hi);
    }
    ck_assert_int_eq(dlx_item_bounds(p, 5, NULL, NULL), DLX_EINVAL);
    ck_assert_int_eq(dlx_item_bounds(p, -1, NULL, NULL), DLX_EINVAL);
    ck_assert_int_eq(dlx_item_bounds(NULL, 0, NULL, NULL), DLX_EINVAL);
    int32_t rlo, rhi;
    ck_assert_int_eq(dlx_item_residual(p, 1, &rlo, &rhi), DLX_EINVAL); /* secondary */
    ck_assert_int_eq(dlx_item_residual(p, 2, &rlo, &rhi), DLX_OK);
    ck_assert_int_eq(rlo, 0);
    ck_assert_int_eq(rhi, 3);
    ck_assert_int_eq(dlx_item_residual(p, 3, &rlo, &rhi), DLX_OK);
    ck_assert_int_eq(rlo, 2);
    ck_assert_int_eq(rhi, 2);
    /* options: a with c, c alone, b alone, d alone */
    const int32_t ac[2] = {0, 3}, c = 3, b = 2, d = 4;
    ck_assert_int_eq(dlx_add_option(p, ac, NULL, 2), 0);
    ck_assert_int_eq(dlx_add_option(p, &c, NULL, 1), 1);
    ck_assert_int_eq(dlx_add_option(p, &b, NULL, 1), 2);
    ck_assert_int_eq(dlx_add_option(p, &d, NULL, 1), 3);
    ck_assert_int_eq(dlx_add_item_bounds(p, "e", DLX_PRIMARY, 0, 1), DLX_EORDER);
    ck_assert_int_eq(dlx_check(p), DLX_OK);
    /* c twice is {0, 1}; b and d each in or out: 4 solutions */
    uint64_t n = 0;
    ck_assert_int_eq(dlx_count(p, &n), DLX_OK);
    ck_assert_uint_eq(n, 4);
    ck_assert_int_eq(dlx_check(p), DLX_OK);
    dlx_free(p);
}
END_TEST

/* --- motley dissections ------------------------------------------------------ */

static const struct motley_case {
    int m, n;
    uint64_t solutions, nodes, updates; /* Knuth's DLX3 on motley-dlx m n */
} motley_cases[] = {
    {3, 3, 1, 8, 209},       {4, 4, 8, 149, 7664},        {5, 5, 150, 3871, 248893},
    {4, 6, 0, 606, 68889},   {5, 6, 393, 15645, 1271225}, {6, 6, 5850, 173740, 13634058},
};

START_TEST(motley_as_dlx3)
{
    const struct motley_case *c = &motley_cases[_i];
    dlx_problem *p = dlx_new();
    ck_assert_ptr_nonnull(p);
    ck_assert_int_eq(motley_build(p, c->m, c->n), DLX_OK);
    ck_assert_int_eq(dlx_set_choose(p, DLX_CHOOSE_MRV_FULL), DLX_OK);
    uint64_t n = 0;
    ck_assert_int_eq(dlx_count(p, &n), DLX_OK);
    ck_assert_uint_eq(n, c->solutions);
    dlx_stats st;
    dlx_get_stats(p, &st);
    ck_assert_uint_eq(st.nodes, c->nodes);
    ck_assert_uint_eq(st.updates, c->updates);
    ck_assert_int_eq(dlx_check(p), DLX_OK);
    /* The default rule and the first-item rule find the same dissections. */
    if (c->m * c->n <= 25) {
        ck_assert_int_eq(dlx_set_choose(p, DLX_CHOOSE_MRV), DLX_OK);
        ck_assert_int_eq(dlx_count(p, &n), DLX_OK);
        ck_assert_uint_eq(n, c->solutions);
        ck_assert_int_eq(dlx_set_choose(p, DLX_CHOOSE_FIRST), DLX_OK);
        ck_assert_int_eq(dlx_count(p, &n), DLX_OK);
        ck_assert_uint_eq(n, c->solutions);
    }
    dlx_free(p);
}
END_TEST

/* --- queens dominating the board, the partridge puzzle ---------------------------- */

/* The K-sets of squares of the N x N board whose queens occupy or attack
 * every square, counted by trying them all. */
static uint64_t dominating_sets(int n, int k)
{
    uint64_t reach[64] = {0}, full = n * n == 64 ? ~0ull : (1ull << (n * n)) - 1, count = 0;
    for (int s = 0; s < n * n; s++)
        for (int t = 0; t < n * n; t++) {
            int i = s / n, j = s % n, a = t / n, b = t % n;
            if (a == i || b == j || a - b == i - j || a + b == i + j)
                reach[s] |= 1ull << t;
        }
    int pick[8];
    for (int d = 0; d < k; d++)
        pick[d] = d;
    for (;;) {
        uint64_t seen = 0;
        for (int d = 0; d < k; d++)
            seen |= reach[pick[d]];
        count += seen == full;
        int d = k - 1;
        while (d >= 0 && pick[d] == n * n - k + d)
            d--;
        if (d < 0)
            return count;
        pick[d]++;
        for (int e = d + 1; e < k; e++)
            pick[e] = pick[e - 1] + 1;
    }
}

static const struct bounds_case {
    int kind; /* 0: domination n k; 1: partridge n */
    int n, k;
    uint64_t solutions, nodes, updates; /* nodes and updates: Knuth's DLX3 */
} bounds_cases[] = {
    {0, 4, 2, 12, 197, 6309},     {0, 5, 3, 186, 5185, 149345}, {0, 6, 3, 4, 3209, 660442},
    {1, 3, 0, 0, 26, 1334},       {1, 4, 0, 0, 260, 53981},     {1, 5, 0, 0, 5801, 3077307},
};

START_TEST(domination_and_partridge_as_dlx3)
{
    const struct bounds_case *c = &bounds_cases[_i];
    if (c->kind == 0)
        ck_assert_uint_eq(dominating_sets(c->n, c->k), c->solutions);
    dlx_problem *p = dlx_new();
    ck_assert_ptr_nonnull(p);
    ck_assert_int_eq(c->kind == 0 ? domination_build(p, c->n, c->k) : partridge_build(p, c->n),
                     DLX_OK);
    ck_assert_int_eq(dlx_set_choose(p, DLX_CHOOSE_MRV_FULL), DLX_OK);
    uint64_t n = 0;
    ck_assert_int_eq(dlx_count(p, &n), DLX_OK);
    ck_assert_uint_eq(n, c->solutions);
    dlx_stats st;
    dlx_get_stats(p, &st);
    ck_assert_uint_eq(st.nodes, c->nodes);
    ck_assert_uint_eq(st.updates, c->updates);
    ck_assert_int_eq(dlx_set_choose(p, DLX_CHOOSE_FIRST), DLX_OK);
    ck_assert_int_eq(dlx_count(p, &n), DLX_OK);
    ck_assert_uint_eq(n, c->solutions);
    ck_assert_int_eq(dlx_check(p), DLX_OK);
    dlx_free(p);
}
END_TEST

/* --- random problems against a brute force ------------------------------------- */

enum { MAX_PRIMARY = 5, MAX_SECONDARY = 3, MAX_OPTIONS = 13 };

struct mcc {
    int primary, secondary, options;
    int32_t lo[MAX_PRIMARY], hi[MAX_PRIMARY];
    int32_t size[MAX_OPTIONS];
    int32_t items[MAX_OPTIONS][MAX_PRIMARY + MAX_SECONDARY];
    int32_t colors[MAX_OPTIONS][MAX_PRIMARY + MAX_SECONDARY];
};

static uint32_t lcg(uint32_t *s)
{
    *s = *s * 1103515245u + 12345u;
    return (*s >> 16) & 0x7fff;
}

/* Small random problems: 1-5 primary items with bounds lo in 0..2 and hi in
 * max(lo,1)..lo+2 (1..1 as often as any), 0-3 secondary items, options
 * taking each item with probability about 2/5 and a secondary one with
 * colour 0, 1 or 2, in a random order. */
static void make_mcc(struct mcc *r, uint32_t seed)
{
    memset(r, 0, sizeof *r);
    uint32_t s = seed * 2654435761u + 1;
    r->primary = 1 + (int)(lcg(&s) % MAX_PRIMARY);
    r->secondary = (int)(lcg(&s) % (MAX_SECONDARY + 1));
    r->options = 1 + (int)(lcg(&s) % MAX_OPTIONS);
    for (int i = 0; i < r->primary; i++) {
        r->lo[i] = (int32_t)(lcg(&s) % 3);
        r->hi[i] = r->lo[i] + (int32_t)(lcg(&s) % 3);
        if (r->hi[i] < 1)
            r->hi[i] = 1;
    }
    const int items = r->primary + r->secondary;
    for (int o = 0; o < r->options; o++) {
        int32_t n = 0;
        for (int i = 0; i < items; i++)
            if (lcg(&s) % 5 < 2) {
                r->items[o][n] = i;
                r->colors[o][n] = i >= r->primary ? (int32_t)(lcg(&s) % 3) : 0;
                n++;
            }
        /* a random order, so the chosen item's node is anywhere */
        for (int32_t k = n - 1; k > 0; k--) {
            int32_t j = (int32_t)(lcg(&s) % (uint32_t)(k + 1)), t = r->items[o][k];
            r->items[o][k] = r->items[o][j];
            r->items[o][j] = t;
            t = r->colors[o][k];
            r->colors[o][k] = r->colors[o][j];
            r->colors[o][j] = t;
        }
        r->size[o] = n;
    }
}

/* The same problem with every option padded by `pad` secondary items of
 * its own (each in that option only, so they never clash): the same
 * solutions and the same search tree, but options long enough that the
 * search walks them by spacer rather than by nx[] (search_m.c), so both
 * walks meet the brute force. */
static dlx_problem *build_mcc_padded(const struct mcc *r, int pad)
{
    dlx_problem *p = dlx_new();
    ck_assert_ptr_nonnull(p);
    for (int i = 0; i < r->primary; i++)
        ck_assert_int_eq(dlx_add_item_bounds(p, NULL, DLX_PRIMARY, r->lo[i], r->hi[i]), i);
    for (int i = 0; i < r->secondary; i++)
        ck_assert_int_eq(dlx_add_item(p, NULL, DLX_SECONDARY), r->primary + i);
    const int32_t pad0 = dlx_item_count(p);
    for (int k = 0; k < r->options * pad; k++)
        ck_assert_int_ge(dlx_add_item(p, NULL, DLX_SECONDARY), 0);
    for (int o = 0; o < r->options; o++) {
        int32_t items[MAX_PRIMARY + MAX_SECONDARY + 16], colors[MAX_PRIMARY + MAX_SECONDARY + 16];
        int32_t n = 0;
        ck_assert_int_le(pad, 16);
        /* some padding first, some after, so the chosen node is anywhere */
        for (int k = 0; k < pad / 2; k++, n++)
            items[n] = pad0 + o * pad + k, colors[n] = 0;
        for (int32_t k = 0; k < r->size[o]; k++, n++)
            items[n] = r->items[o][k], colors[n] = r->colors[o][k];
        for (int k = pad / 2; k < pad; k++, n++)
            items[n] = pad0 + o * pad + k, colors[n] = 0;
        ck_assert_int_eq(dlx_add_option(p, items, colors, n), o);
    }
    ck_assert_int_eq(dlx_check(p), DLX_OK);
    ck_assert_int_eq(dlx_set_strategy(p, DLX_STRATEGY_LINKS), DLX_OK); /* DLX3's tree */
    return p;
}

static dlx_problem *build_mcc(const struct mcc *r)
{
    dlx_problem *p = dlx_new();
    ck_assert_ptr_nonnull(p);
    for (int i = 0; i < r->primary; i++)
        ck_assert_int_eq(dlx_add_item_bounds(p, NULL, DLX_PRIMARY, r->lo[i], r->hi[i]), i);
    for (int i = 0; i < r->secondary; i++)
        ck_assert_int_eq(dlx_add_item(p, NULL, DLX_SECONDARY), r->primary + i);
    for (int o = 0; o < r->options; o++)
        ck_assert_int_eq(dlx_add_option(p, r->items[o], r->colors[o], r->size[o]), o);
    ck_assert_int_eq(dlx_check(p), DLX_OK);
    /* The tests below compare the updates of searches with and without the
     * event hook, which dances on the links; a problem whose bounds are all
     * 1 would otherwise go to the bit-set search, whose updates are its own
     * (check_dlx.c compares the two strategies). */
    ck_assert_int_eq(dlx_set_strategy(p, DLX_STRATEGY_LINKS), DLX_OK);
    return p;
}

/* 1 when the options in `mask` break no upper bound and no rule of the
 * secondary items: each is used by one option at most, unless all those
 * using it give it the same colour. `full` also asks every lower bound to
 * be met and every option to have a primary item (the search never chooses
 * one without). */
static int mcc_ok(const struct mcc *r, uint32_t mask, int full)
{
    int32_t count[MAX_PRIMARY + MAX_SECONDARY] = {0};
    int32_t colour[MAX_PRIMARY + MAX_SECONDARY];
    for (int i = 0; i < MAX_PRIMARY + MAX_SECONDARY; i++)
        colour[i] = -1;
    for (int o = 0; o < r->options; o++) {
        if (!(mask & (1u << o)))
            continue;
        int has_primary = 0;
        for (int32_t k = 0; k < r->size[o]; k++) {
            int32_t i = r->items[o][k], c = r->colors[o][k];
            count[i]++;
            if (i < r->primary) {
                has_primary = 1;
            } else {
                /* an uncoloured use, or a second colour, clashes with any other use */
                if (count[i] > 1 && (c == 0 || colour[i] != c))
                    return 0;
                colour[i] = c;
            }
        }
        if (full && !has_primary)
            return 0;
    }
    for (int i = 0; i < r->primary; i++)
        if (count[i] > r->hi[i] || (full && count[i] < r->lo[i]))
            return 0;
    return 1;
}

/* The solutions containing every option of `in` and none of `out`, sorted. */
static size_t brute_force(const struct mcc *r, uint32_t in, uint32_t out, uint32_t *masks)
{
    size_t n = 0;
    for (uint32_t mask = 0; mask < (1u << r->options); mask++)
        if ((mask & in) == in && !(mask & out) && mcc_ok(r, mask, 1))
            masks[n++] = mask;
    return n;
}

static void assert_same(const struct solutions *s, const uint32_t *want, size_t n,
                        uint32_t seed, const char *what)
{
    ck_assert_msg(s->n == n, "problem %u, %s: %zu solutions, the brute force finds %zu",
                  (unsigned)seed, what, s->n, n);
    for (size_t k = 0; k < n; k++)
        ck_assert_msg(s->masks[k] == want[k], "problem %u, %s: solution %zu differs",
                      (unsigned)seed, what, k);
}

/* An event hook that checks the stream as docs/trace-json.md describes it:
 * covers, uses, purifies and tweaks nest like brackets (an UNTWEAK closing
 * all of its level's TWEAKs), each level's branches (TRY or SKIP) number
 * exactly its CHOOSE's degree, which is remaining - lo + 1, dead ends come
 * with a degree <= 0, the links are sound at every event, and nodes are
 * CHOOSE plus SOLUTION events. */
struct event_check {
    dlx_problem *p;
    uint64_t seen[DLX_EV_SKIP + 1]; /* events of each kind */
    int32_t stack[1024];
    int depth;
    int32_t degree[64], branches[64], tweaks[64], item[64];
    uint64_t chooses, solutions;
    int64_t hides; /* HIDEs less UNHIDEs: 0 at the end */
    int in_untweak; /* since an UNTWEAK, only UNHIDEs */
};

#define EV_KEY(kind, item) ((int32_t)(kind) * 4096 + (item))

static int check_event(void *ctx, const dlx_event *ev)
{
    struct event_check *e = ctx;
    const int32_t l = ev->level;
    ck_assert_int_ge(l, 0);
    ck_assert_int_lt(l, 64);
    /* Between an UNTWEAK's UNHIDEs the lists need not be whole: the item's
     * own is joined at the top first and at the bottom last, and an
     * untweak that unblocks puts its options' nodes back in the order of
     * the tweaks (as exact as the reverse once all are back, DLX3 says).
     * The invariants are checked at every other event. */
    if (ev->kind != DLX_EV_UNHIDE)
        e->in_untweak = ev->kind == DLX_EV_UNTWEAK;
    if (!e->in_untweak)
        ck_assert_int_eq(dlx_check(e->p), DLX_OK);
    ck_assert_int_eq(dlx_level(e->p), l);
    ck_assert_int_le((int)ev->kind, (int)DLX_EV_SKIP);
    e->seen[ev->kind]++;
    switch (ev->kind) {
    case DLX_EV_CHOOSE:
        e->chooses++;
        e->degree[l] = ev->degree;
        e->branches[l] = e->tweaks[l] = 0;
        e->item[l] = ev->item;
        ck_assert_int_eq(ev->remaining, dlx_item_remaining(e->p, ev->item));
        ck_assert_int_ge(ev->lo, 0);
        ck_assert_int_le(ev->lo, ev->hi);
        ck_assert_int_ge(ev->hi, 1);
        ck_assert_int_eq(ev->degree, ev->remaining - ev->lo + 1);
        {
            int32_t lo, hi; /* the live state says the same */
            ck_assert_int_eq(dlx_item_residual(e->p, ev->item, &lo, &hi), DLX_OK);
            ck_assert_int_eq(lo, ev->lo);
            ck_assert_int_eq(hi, ev->hi);
        }
        break;
    case DLX_EV_DEAD_END:
        ck_assert_int_le(e->degree[l], 0);
        break;
    case DLX_EV_TRY:
    case DLX_EV_SKIP:
        ck_assert_int_eq(ev->item, e->item[l]);
        ck_assert_int_eq(ev->index, e->branches[l]);
        e->branches[l]++;
        ck_assert_int_le(e->branches[l], e->degree[l]);
        break;
    case DLX_EV_TWEAK:
        ck_assert_int_eq(ev->item, e->item[l]);
        e->tweaks[l]++;
        /* fall through */
    case DLX_EV_COVER:
    case DLX_EV_PURIFY:
    case DLX_EV_USE:
        ck_assert_int_lt(e->depth, 1024);
        e->stack[e->depth++] = EV_KEY(ev->kind == DLX_EV_USE ? DLX_EV_USE : ev->kind, ev->item);
        break;
    case DLX_EV_UNCOVER:
    case DLX_EV_UNPURIFY:
    case DLX_EV_UNUSE: {
        enum dlx_event_kind open = ev->kind == DLX_EV_UNCOVER   ? DLX_EV_COVER
                                   : ev->kind == DLX_EV_UNPURIFY ? DLX_EV_PURIFY
                                                                : DLX_EV_USE;
        ck_assert_int_gt(e->depth, 0);
        ck_assert_int_eq(e->stack[--e->depth], EV_KEY(open, ev->item));
        break;
    }
    case DLX_EV_UNTWEAK:
        ck_assert_int_eq(ev->remaining, e->tweaks[l]);
        for (int32_t k = 0; k < ev->remaining; k++) {
            ck_assert_int_gt(e->depth, 0);
            ck_assert_int_eq(e->stack[--e->depth], EV_KEY(DLX_EV_TWEAK, ev->item));
        }
        break;
    case DLX_EV_BACKTRACK:
        ck_assert_int_eq(e->branches[l], e->degree[l]);
        break;
    case DLX_EV_SOLUTION:
        e->solutions++;
        break;
    case DLX_EV_HIDE:
        e->hides++;
        break;
    case DLX_EV_UNHIDE:
        e->hides--;
        break;
    case DLX_EV_MARK:
    case DLX_EV_UNMARK:
        break;
    }
    return 0;
}

struct prefix_walk {
    dlx_problem *search; /* a clone on which each prefix is searched */
    struct solutions found;
    uint64_t prefixes;
};

/* Each prefix's subtree is searched on a clone (the walk holds the
 * original): commit its entries, collect, uncommit. */
static int search_prefix(void *ctx, const int32_t *entries, int32_t count, int is_solution)
{
    struct prefix_walk *w = ctx;
    w->prefixes++;
    ck_assert_int_eq(dlx_commit_many(w->search, entries, count, NULL), DLX_OK);
    struct solutions here = {0};
    all_solutions(w->search, &here);
    if (is_solution) {
        ck_assert_uint_eq(here.n, 1); /* itself, with nothing more to add */
        uint32_t mask = 0;
        for (int32_t k = 0; k < count; k++)
            if (entries[k] >= 0)
                mask |= 1u << entries[k];
        ck_assert_uint_eq(here.masks[0], mask);
    }
    for (size_t k = 0; k < here.n; k++) {
        struct solutions *f = &w->found;
        if (f->n == f->cap) {
            f->cap = f->cap ? 2 * f->cap : 64;
            f->masks = realloc(f->masks, f->cap * sizeof *f->masks);
            ck_assert_ptr_nonnull(f->masks);
        }
        f->masks[f->n++] = here.masks[k];
    }
    free(here.masks);
    ck_assert_int_eq(dlx_uncommit_all(w->search), DLX_OK);
    ck_assert_int_eq(dlx_commit_count(w->search), 0);
    return 0;
}

/* What the random problems exercised, so that a generator gone tame shows. */
struct coverage {
    uint64_t problems, with_bounds, with_colours, with_solutions, exclusions_in_prefixes;
    uint64_t seen[DLX_EV_SKIP + 1];
};

static int note_exclusions(void *ctx, const int32_t *entries, int32_t count, int is_solution)
{
    (void)is_solution;
    for (int32_t k = 0; k < count; k++)
        *(uint64_t *)ctx += entries[k] < 0;
    return 0;
}

/* One random problem through everything: every rule, seeds, the event
 * stream, pausing and resuming, stopping at every solution, commitments
 * and exclusions against the brute force with the same conditions,
 * clones, and prefixes adding up. */
static void run_random_case(uint32_t seed, struct coverage *cov)
{
    static uint32_t want[1u << MAX_OPTIONS], want2[1u << MAX_OPTIONS];
    struct mcc r;
    make_mcc(&r, seed);
    size_t n_want = brute_force(&r, 0, 0, want);
    dlx_problem *p = build_mcc(&r);
    struct solutions s = {0};
    cov->problems++;
    cov->with_bounds += (uint64_t)dlx_has_bounds(p);
    cov->with_solutions += n_want > 0;
    for (int o = 0, coloured = 0; o < r.options && !coloured; o++)
        for (int32_t k = 0; k < r.size[o] && !coloured; k++)
            if (r.colors[o][k] > 0)
                cov->with_colours += (coloured = 1);

    static const enum dlx_choose rules[] = {DLX_CHOOSE_MRV, DLX_CHOOSE_MRV_FULL,
                                            DLX_CHOOSE_FIRST};
    static const char *const rule_names[] = {"mrv", "mrv-full", "first"};
    dlx_stats whole[3], st;
    for (int k = 0; k < 3; k++) {
        ck_assert_int_eq(dlx_set_choose(p, rules[k]), DLX_OK);
        dlx_reset_stats(p);
        all_solutions(p, &s);
        assert_same(&s, want, n_want, seed, rule_names[k]);
        dlx_get_stats(p, &whole[k]);
        ck_assert_uint_eq(whole[k].solutions, n_want);
    }

    /* Padded to long options (walked by spacer): the same solutions and
     * the same tree. */
    {
        dlx_problem *padded = build_mcc_padded(&r, 10);
        dlx_reset_stats(padded);
        all_solutions(padded, &s);
        assert_same(&s, want, n_want, seed, "padded");
        dlx_get_stats(padded, &st);
        ck_assert_uint_eq(st.nodes, whole[0].nodes);
        ck_assert_int_eq(dlx_commit(padded, DLX_EXCLUDE(0)), DLX_OK);
        all_solutions(padded, &s);
        assert_same(&s, want2, brute_force(&r, 0, 1u, want2), seed, "padded, exclude 0");
        dlx_free(padded);
    }

    /* The event stream, under the default rule, with link detail: every
     * HIDE is undone by an UNHIDE, and the invariants hold at each event. */
    ck_assert_int_eq(dlx_set_choose(p, DLX_CHOOSE_MRV), DLX_OK);
    if (dlx_has_bounds(p))
        ck_assert_int_eq(dlx_set_detail(p, DLX_DETAIL_LINKS), DLX_OK);
    struct event_check e;
    memset(&e, 0, sizeof e);
    e.p = p;
    dlx_set_event_fn(p, check_event, &e);
    dlx_reset_stats(p);
    all_solutions(p, &s);
    dlx_set_event_fn(p, NULL, NULL);
    ck_assert_int_eq(dlx_set_detail(p, 0), DLX_OK);
    assert_same(&s, want, n_want, seed, "with events");
    ck_assert_int_eq(e.depth, 0);
    ck_assert_int_eq(e.hides, 0);
    ck_assert_uint_eq(e.solutions, n_want);
    for (int k = 0; k <= DLX_EV_SKIP; k++)
        cov->seen[k] += e.seen[k];
    dlx_get_stats(p, &st);
    ck_assert_uint_eq(st.nodes, e.chooses + e.solutions);
    ck_assert_uint_eq(st.nodes, whole[0].nodes);
    ck_assert_uint_eq(st.updates, whole[0].updates);

    /* A budget of one node at a time: the same solutions and statistics. */
    s.n = 0;
    dlx_set_solution_fn(p, collect_mask, &s);
    dlx_reset_stats(p);
    int rc;
    while ((rc = dlx_search(p, 1)) == DLX_PAUSED) {
        ck_assert_int_eq(dlx_check(p), DLX_OK);
        /* not monotone: entering a level takes back half its width */
        double now = dlx_estimate_done(p);
        ck_assert(now >= 0.0 && now <= 1.0);
    }
    ck_assert_int_eq(rc, DLX_OK);
    ck_assert(dlx_estimate_done(p) == 1.0);
    dlx_get_stats(p, &st);
    ck_assert_uint_eq(st.nodes, whole[0].nodes);
    ck_assert_uint_eq(st.updates, whole[0].updates);
    ck_assert_int_eq(dlx_reset(p), DLX_OK);
    dlx_set_solution_fn(p, NULL, NULL);
    sort_masks(&s);
    assert_same(&s, want, n_want, seed, "budget 1");

    /* Stopping at every solution, then resuming. */
    s.stop_each = 1;
    all_solutions(p, &s);
    s.stop_each = 0;
    assert_same(&s, want, n_want, seed, "stop at each");

    /* Commitments and exclusions: committing option a keeps the solutions
     * with a; then b, or excluding b, those with (or without) b as well. A
     * clash is a clash for the brute force too. */
    uint32_t t = seed;
    int a = (int)(lcg(&t) % (uint32_t)r.options), b = (int)(lcg(&t) % (uint32_t)r.options);
    int a_has_primary = 0;
    for (int32_t k = 0; k < r.size[a]; k++)
        a_has_primary |= r.items[a][k] < r.primary;
    rc = dlx_commit(p, a);
    if (!a_has_primary) {
        ck_assert_int_eq(rc, DLX_EINVAL);
    } else {
        ck_assert_int_eq(rc, DLX_OK);
        ck_assert_int_eq(dlx_check(p), DLX_OK);
        all_solutions(p, &s);
        assert_same(&s, want2, brute_force(&r, 1u << a, 0, want2), seed, "commit a");
        int b_has_primary = 0;
        for (int32_t k = 0; k < r.size[b]; k++)
            b_has_primary |= r.items[b][k] < r.primary;
        rc = dlx_commit(p, b);
        if (!b_has_primary) {
            ck_assert_int_eq(rc, DLX_EINVAL);
        } else if (a == b || !mcc_ok(&r, (1u << a) | (1u << b), 0)) {
            ck_assert_int_eq(rc, DLX_ECONFLICT);
        } else {
            ck_assert_int_eq(rc, DLX_OK);
            all_solutions(p, &s);
            assert_same(&s, want2, brute_force(&r, (1u << a) | (1u << b), 0, want2), seed,
                        "commit a, b");
            /* a clone carries the commitments, and is independent */
            dlx_problem *c = dlx_clone(p);
            ck_assert_ptr_nonnull(c);
            ck_assert_int_eq(dlx_check(c), DLX_OK);
            all_solutions(c, &s);
            assert_same(&s, want2, brute_force(&r, (1u << a) | (1u << b), 0, want2), seed,
                        "clone");
            ck_assert_int_eq(dlx_uncommit(c), DLX_OK);
            ck_assert_int_eq(dlx_uncommit(c), DLX_OK);
            all_solutions(c, &s);
            assert_same(&s, want, n_want, seed, "clone uncommitted");
            dlx_free(c);
            ck_assert_int_eq(dlx_uncommit(p), DLX_OK);
        }
        /* Excluding a committed option is a clash; otherwise the solutions
         * with a and without b are left. */
        if (a == b) {
            ck_assert_int_eq(dlx_commit(p, DLX_EXCLUDE(b)), DLX_ECONFLICT);
            ck_assert_int_eq(dlx_commit_count(p), 1);
            b = (b + 1) % r.options;
        }
        ck_assert_int_eq(dlx_commit(p, DLX_EXCLUDE(b)), a == b ? DLX_ECONFLICT : DLX_OK);
        ck_assert_int_eq(dlx_check(p), DLX_OK);
        if (a != b) {
            all_solutions(p, &s);
            assert_same(&s, want2, brute_force(&r, 1u << a, 1u << b, want2), seed,
                        "commit a, exclude b");
        } else { /* a is the only option */
            ck_assert_int_eq(dlx_commit(p, DLX_EXCLUDE(INT32_MAX)), DLX_EINVAL);
            ck_assert_int_eq(dlx_commit(p, a), DLX_ECONFLICT); /* a only once */
            ck_assert_int_eq(dlx_commit_count(p), 1);
        }
        /* Undone one by one, or all at once in the middle of a search. */
        if (t % 2) {
            ck_assert_int_eq(dlx_uncommit(p), DLX_OK);
            if (a != b)
                ck_assert_int_eq(dlx_uncommit(p), DLX_OK);
        } else {
            dlx_set_limit(p, 1);
            ck_assert(dlx_search(p, 0) >= 0);
            dlx_set_limit(p, 0);
            ck_assert_int_eq(dlx_uncommit_all(p), DLX_OK);
        }
        ck_assert_int_eq(dlx_commit_count(p), 0);
        ck_assert_int_eq(dlx_check(p), DLX_OK);
        all_solutions(p, &s);
        assert_same(&s, want, n_want, seed, "uncommitted");
    }
    ck_assert_int_eq(dlx_commit(p, DLX_EXCLUDE(b)), DLX_OK);
    all_solutions(p, &s);
    assert_same(&s, want2, brute_force(&r, 0, 1u << b, want2), seed, "exclude b");
    ck_assert_int_eq(dlx_uncommit(p), DLX_OK);

    /* Prefixes at depths 0 to 3: their subtrees hold every solution once. */
    for (int32_t depth = 0; depth <= 3; depth++) {
        struct prefix_walk w = {0};
        w.search = dlx_clone(p);
        ck_assert_ptr_nonnull(w.search);
        ck_assert_int_eq(dlx_enumerate_prefixes(p, depth, search_prefix, &w), DLX_OK);
        ck_assert_int_eq(dlx_check(p), DLX_OK);
        sort_masks(&w.found);
        assert_same(&w.found, want, n_want, seed, "prefixes");
        if (depth == 0)
            ck_assert_uint_eq(w.prefixes, 1);
        free(w.found.masks);
        dlx_free(w.search);
    }
    ck_assert_int_eq(dlx_enumerate_prefixes(p, 3, note_exclusions, &cov->exclusions_in_prefixes),
                     DLX_OK);

    /* Randomised: any seed finds the same solutions. */
    for (uint64_t k = 1; k <= 2; k++) {
        ck_assert_int_eq(dlx_set_seed(p, seed * 7 + k), DLX_OK);
        ck_assert_int_eq(dlx_check(p), DLX_OK);
        all_solutions(p, &s);
        assert_same(&s, want, n_want, seed, "seeded");
    }
    free(s.masks);
    dlx_free(p);
}

START_TEST(random_mcc_match_brute_force)
{
    /* 600 problems, 100 per run of this loop body */
    struct coverage cov;
    memset(&cov, 0, sizeof cov);
    for (uint32_t seed = (uint32_t)_i * 100; seed < (uint32_t)_i * 100 + 100; seed++)
        run_random_case(seed, &cov);
    /* Most problems have bounds, many colours, many solutions; every step
     * of Algorithm M happens, and prefixes carry exclusions. */
    ck_assert_uint_ge(cov.with_bounds, 80);
    ck_assert_uint_ge(cov.with_colours, 30);
    ck_assert_uint_ge(cov.with_solutions, 40);
    static const enum dlx_event_kind kinds[] = {DLX_EV_TWEAK, DLX_EV_UNTWEAK, DLX_EV_USE,
                                                DLX_EV_UNUSE, DLX_EV_SKIP, DLX_EV_PURIFY,
                                                DLX_EV_DEAD_END};
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
        ck_assert_msg(cov.seen[kinds[k]] >= 20, "event kind %d seen %llu times", (int)kinds[k],
                      (unsigned long long)cov.seen[kinds[k]]);
    ck_assert_uint_ge(cov.exclusions_in_prefixes, 20);
}
END_TEST

/* The brute force itself, on DLX3's example (one solution, options 1 3 4). */
START_TEST(brute_force_knows_dlx3_example)
{
    struct mcc r;
    memset(&r, 0, sizeof r);
    r.primary = 3;
    r.secondary = 2;
    r.options = 5;
    r.lo[0] = r.hi[0] = r.lo[1] = r.hi[1] = 1;
    r.lo[2] = 2;
    r.hi[2] = 3;
    static const int32_t items[5][4] = {{0, 1, 3, 4}, {0, 2, 3, 4}, {2, 3}, {1, 3}, {2, 4}};
    static const int32_t colors[5][4] = {{0, 0, 1, 1}, {0, 0, 2, 2}, {0, 1}, {0, 2}, {0, 2}};
    static const int32_t sizes[5] = {4, 4, 2, 2, 2};
    for (int o = 0; o < 5; o++) {
        r.size[o] = sizes[o];
        memcpy(r.items[o], items[o], sizeof items[o]);
        memcpy(r.colors[o], colors[o], sizeof colors[o]);
    }
    uint32_t masks[32];
    ck_assert_uint_eq(brute_force(&r, 0, 0, masks), 1);
    ck_assert_uint_eq(masks[0], (1u << 1) | (1u << 3) | (1u << 4));
}
END_TEST

/* --- prefixes on a real problem -------------------------------------------------- */

struct prefix_count {
    dlx_problem *search;
    uint64_t total, prefixes, exclusions;
};

static int count_prefix_subtree(void *ctx, const int32_t *entries, int32_t count, int is_solution)
{
    struct prefix_count *w = ctx;
    (void)is_solution;
    w->prefixes++;
    for (int32_t k = 0; k < count; k++)
        w->exclusions += entries[k] < 0;
    ck_assert_int_eq(dlx_commit_many(w->search, entries, count, NULL), DLX_OK);
    uint64_t n = 0;
    ck_assert_int_eq(dlx_count(w->search, &n), DLX_OK);
    w->total += n;
    ck_assert_int_eq(dlx_uncommit_all(w->search), DLX_OK);
    return 0;
}

START_TEST(motley_prefixes_add_up)
{
    dlx_problem *p = dlx_new();
    ck_assert_ptr_nonnull(p);
    ck_assert_int_eq(motley_build(p, 5, 5), DLX_OK);
    for (int32_t depth = 1; depth <= 5; depth += 2) {
        struct prefix_count w = {0};
        w.search = dlx_clone(p);
        ck_assert_ptr_nonnull(w.search);
        ck_assert_int_eq(dlx_enumerate_prefixes(p, depth, count_prefix_subtree, &w), DLX_OK);
        ck_assert_uint_eq(w.total, 150); /* DLX3's count for motley-dlx 5 5 */
        ck_assert_uint_gt(w.prefixes, 1);
        if (depth == 5)
            ck_assert_uint_gt(w.exclusions, 0); /* the levels with bounds show */
        dlx_free(w.search);
    }
    dlx_free(p);
}
END_TEST

/* --- out of memory ---------------------------------------------------------------- */

struct failing_alloc {
    long calls, fail_at; /* the fail_at-th allocating call fails (0: none) */
    long live;
    int bad_size;        /* a free named a size other than the block's */
};

typedef union {
    size_t size;
    max_align_t align;
} block_head;

static void *failing_alloc_fn(void *ud, void *ptr, size_t old_size, size_t new_size)
{
    struct failing_alloc *fa = ud;
    block_head *head = ptr ? (block_head *)ptr - 1 : NULL;
    if (head && head->size != old_size)
        fa->bad_size = 1;
    if (new_size == 0) {
        if (head) {
            fa->live--;
            free(head);
        }
        return NULL;
    }
    if (++fa->calls == fa->fail_at)
        return NULL;
    block_head *grown = realloc(head, sizeof *grown + new_size);
    if (!grown)
        return NULL;
    if (!head)
        fa->live++;
    grown->size = new_size;
    return grown + 1;
}

/* Runs `call` again while it fails for lack of memory; the failure is a
 * single one, so a second try must do. The problem must be sound between. */
#define AGAIN(rc, call, p)                                                                \
    do {                                                                                  \
        (rc) = (call);                                                                    \
        if ((rc) == DLX_ENOMEM) {                                                         \
            ck_assert_int_eq(dlx_check(p), DLX_OK);                                       \
            (rc) = (call);                                                                \
        }                                                                                 \
    } while (0)

struct oom_outcome {
    uint64_t whole, committed, clone_count, prefix_count;
};

static int count_prefix(void *ctx, const int32_t *entries, int32_t count, int is_solution)
{
    (void)entries;
    (void)count;
    (void)is_solution;
    ++*(uint64_t *)ctx;
    return 0;
}

/* DLX3's example, searched, committed, cloned and split, on an allocator
 * that fails its fail_at-th call once. */
static int oom_workload(struct failing_alloc *fa, struct oom_outcome *out)
{
    dlx_problem *p = dlx_new_alloc(failing_alloc_fn, fa);
    if (!p)
        p = dlx_new_alloc(failing_alloc_fn, fa);
    ck_assert_ptr_nonnull(p);
    int32_t rc;
    static const char *const names[5] = {"A", "B", "C", "X", "Y"};
    for (int i = 0; i < 5; i++) {
        AGAIN(rc, i == 2   ? dlx_add_item_bounds(p, names[i], DLX_PRIMARY, 2, 3)
                  : i < 2 ? dlx_add_item(p, names[i], DLX_PRIMARY)
                          : dlx_add_item(p, names[i], DLX_SECONDARY),
              p);
        ck_assert_int_eq(rc, i);
    }
    static const int32_t items[5][4] = {{0, 1, 3, 4}, {0, 2, 3, 4}, {2, 3}, {1, 3}, {2, 4}};
    static const int32_t colors[5][4] = {{0, 0, 1, 1}, {0, 0, 2, 2}, {0, 1}, {0, 2}, {0, 2}};
    static const int32_t sizes[5] = {4, 4, 2, 2, 2};
    for (int k = 0; k < 5; k++) {
        AGAIN(rc, dlx_add_option(p, items[k], colors[k], sizes[k]), p);
        ck_assert_int_eq(rc, k);
    }
    AGAIN(rc, dlx_count(p, &out->whole), p);
    ck_assert_int_eq(rc, DLX_OK);
    AGAIN(rc, dlx_commit(p, 4), p);
    ck_assert_int_eq(rc, DLX_OK);
    AGAIN(rc, dlx_commit(p, DLX_EXCLUDE(0)), p);
    ck_assert_int_eq(rc, DLX_OK);
    AGAIN(rc, dlx_count(p, &out->committed), p);
    ck_assert_int_eq(rc, DLX_OK);
    dlx_problem *c = dlx_clone(p);
    if (!c)
        c = dlx_clone(p);
    ck_assert_ptr_nonnull(c);
    AGAIN(rc, dlx_count(c, &out->clone_count), c);
    ck_assert_int_eq(rc, DLX_OK);
    dlx_free(c);
    ck_assert_int_eq(dlx_uncommit_all(p), DLX_OK);
    out->prefix_count = 0;
    AGAIN(rc, (out->prefix_count = 0, dlx_enumerate_prefixes(p, 2, count_prefix, &out->prefix_count)),
          p);
    ck_assert_int_eq(rc, DLX_OK);
    ck_assert_int_eq(dlx_check(p), DLX_OK);
    dlx_free(p);
    return 1;
}

START_TEST(out_of_memory_with_bounds)
{
    struct failing_alloc clean = {0, 0, 0, 0};
    struct oom_outcome want;
    oom_workload(&clean, &want);
    ck_assert_uint_eq(want.whole, 1);
    ck_assert_uint_eq(want.committed, 1); /* option 4 is in the solution; 0 is not */
    ck_assert_uint_eq(want.clone_count, 1);
    ck_assert_int_eq(clean.live, 0);
    for (long k = 1; k <= clean.calls; k++) {
        struct failing_alloc fa = {0, k, 0, 0};
        struct oom_outcome got;
        oom_workload(&fa, &got);
        ck_assert_uint_eq(got.whole, want.whole);
        ck_assert_uint_eq(got.committed, want.committed);
        ck_assert_uint_eq(got.clone_count, want.clone_count);
        ck_assert_uint_eq(got.prefix_count, want.prefix_count);
        ck_assert_int_eq(fa.live, 0);
        ck_assert_int_eq(fa.bad_size, 0);
    }
}
END_TEST

/* --- the index of the choice (search_m.c), for many items ----------------------
 * With many primary items the fast loops choose from an index instead of
 * scanning every item, and must pick the very item the scan picks. The
 * loop behind an event hook (it names the chosen item in its events)
 * always scans, so each problem here is searched both ways, with and
 * without a hook that does nothing, and the two must agree on solutions,
 * nodes and updates. The problems are big enough for the index to be
 * used (at least 256 primary items, few updates a node); that it is used
 * was checked by hand: with ties in choose_item_indexed() going to the
 * last item instead of the first, every case below fails. */

static int ignore_event(void *ctx, const dlx_event *ev)
{
    (void)ctx;
    (void)ev;
    return 0;
}

static int count_solution(void *ctx, const int32_t *options, int32_t count)
{
    (void)options;
    (void)count;
    ++*(uint64_t *)ctx;
    return 0;
}

struct run_figures {
    uint64_t solutions, nodes, updates;
    int rc;
};

/* Searches p from the start in slices of `slice` nodes (0: one go), at
 * most `budget` nodes in all, with the no-op hook or without; the search
 * is reset afterwards. */
static struct run_figures search_slices(dlx_problem *p, int hook, uint64_t slice,
                                        uint64_t budget)
{
    struct run_figures f = {0, 0, 0, DLX_PAUSED};
    struct sliced s =
        search_sliced(p, hook ? ignore_event : NULL, count_solution, &f.solutions, slice, budget);
    f.nodes = s.nodes;
    f.updates = s.updates;
    f.rc = s.rc;
    return f;
}

static void assert_same_run(struct run_figures a, struct run_figures b, const char *what)
{
    ck_assert_msg(a.rc == b.rc && a.solutions == b.solutions && a.nodes == b.nodes &&
                      a.updates == b.updates,
                  "%s: without the hook %d, %llu solutions, %llu nodes, %llu updates; with "
                  "it %d, %llu, %llu, %llu",
                  what, a.rc, (unsigned long long)a.solutions, (unsigned long long)a.nodes,
                  (unsigned long long)a.updates, b.rc, (unsigned long long)b.solutions,
                  (unsigned long long)b.nodes, (unsigned long long)b.updates);
}

/* n items with bounds 1:2, item k alone in option k: the shape that made
 * the scan quadratic (docs/robustness.md). The one solution takes every
 * option. Worked out by hand under the rule: every item ranks (degree 1,
 * slack 1, 1 option) at first and (1, 1, 0) once its option is tried, so
 * levels 0..n-1 try the options in turn (each one update: the tweak takes
 * the option out of its list) and levels n..2n-1 spend each item's second
 * unit (one update: the cover of its now empty list) with the null move;
 * the solution is node 2n + 1. Back up, no level has a branch left (an
 * item whose option was tried cannot take the null move instead: it needs
 * 1). With the scan, 20,000 items took 2.2 s; n = 2000 is also searched
 * with the scan, through the hook. */
static const struct many_case {
    int32_t n;
    int hook;
} many_cases[] = {{2000, 0}, {2000, 1}, {20000, 0}};

START_TEST(many_bounded_items)
{
    const struct many_case *c = &many_cases[_i];
    dlx_problem *p = dlx_new();
    ck_assert_ptr_nonnull(p);
    char name[16];
    for (int32_t k = 0; k < c->n; k++) {
        snprintf(name, sizeof name, "i%d", (int)k);
        ck_assert_int_eq(dlx_add_item_bounds(p, name, DLX_PRIMARY, 1, 2), k);
    }
    for (int32_t k = 0; k < c->n; k++)
        ck_assert_int_eq(dlx_add_option(p, &k, NULL, 1), k);
    struct run_figures f = search_slices(p, c->hook, 0, UINT64_MAX);
    ck_assert_int_eq(f.rc, DLX_OK);
    ck_assert_uint_eq(f.solutions, 1);
    ck_assert_uint_eq(f.nodes, 2 * (uint64_t)c->n + 1);
    ck_assert_uint_eq(f.updates, 2 * (uint64_t)c->n);
    dlx_free(p);
}
END_TEST

/* A random problem with bounds: `primary` items, 12 secondary items,
 * `options` options of 1..len primary items (distinct) and, with colours,
 * up to 2 secondary items at colour 0, 1 or 2. An item in at least two
 * options gets lo 0 or 1, the others 0, and hi is lo or lo + 1 (at least
 * 1): few dead ends, so that the search has a big tree to walk. */
static void random_big_mcc(dlx_problem *p, uint32_t seed, int32_t primary, int32_t options,
                           int32_t len, int colors)
{
    uint32_t x = seed * 2654435761u + 1;
#define NEXT(m) ((x = x * 1103515245u + 12345u), (int32_t)((x >> 8) % (uint32_t)(m)))
    int32_t *items = malloc((size_t)options * 32 * sizeof *items);
    int32_t *cols = malloc((size_t)options * 32 * sizeof *cols);
    int32_t *size = malloc((size_t)options * sizeof *size);
    int32_t *in = calloc((size_t)primary, sizeof *in);
    ck_assert(items && cols && size && in);
    for (int32_t o = 0; o < options; o++) {
        int32_t *it = items + 32 * o, *co = cols + 32 * o, n = 0, want = 1 + NEXT(len);
        while (n < want) {
            int32_t y = NEXT(primary), dup = 0;
            for (int32_t i = 0; i < n; i++)
                dup |= it[i] == y;
            if (!dup) {
                co[n] = 0;
                it[n++] = y;
                in[y]++;
            }
        }
        for (int32_t k = colors ? NEXT(3) : 0; k > 0; k--) {
            int32_t y = primary + NEXT(12), dup = 0;
            for (int32_t i = 0; i < n; i++)
                dup |= it[i] == y;
            if (!dup) {
                co[n] = NEXT(3);
                it[n++] = y;
            }
        }
        size[o] = n;
    }
    char name[16];
    for (int32_t k = 0; k < primary; k++) {
        int32_t lo = in[k] >= 2 ? NEXT(2) : 0, hi = lo + NEXT(2);
        if (hi < 1)
            hi = 1;
        snprintf(name, sizeof name, "p%d", (int)k);
        ck_assert_int_eq(dlx_add_item_bounds(p, name, DLX_PRIMARY, lo, hi), k);
    }
    for (int32_t k = 0; k < 12; k++) {
        snprintf(name, sizeof name, "s%d", (int)k);
        ck_assert_int_eq(dlx_add_item(p, name, DLX_SECONDARY), primary + k);
    }
    for (int32_t o = 0; o < options; o++)
        ck_assert_int_eq(dlx_add_option(p, items + 32 * o, cols + 32 * o, size[o]), o);
    /* The index is the links' (the bits choose by a scan of their own). */
    ck_assert_int_eq(dlx_set_strategy(p, DLX_STRATEGY_LINKS), DLX_OK);
    free(items);
    free(cols);
    free(size);
    free(in);
#undef NEXT
}

/* Short options (nx[] walks) and long ones (8 items or more on average:
 * walks by spacer), with colours and without; each for a few seeds. */
static const struct big_case {
    int32_t primary, options, len;
    int colors;
    uint64_t budget; /* nodes searched each way */
} big_cases[] = {
    {300, 400, 3, 0, 15000}, {300, 600, 3, 1, 15000},
    {400, 900, 16, 0, 4000}, {400, 900, 16, 1, 4000},
};

START_TEST(index_chooses_as_the_scan)
{
    const struct big_case *c = &big_cases[_i];
    for (uint32_t seed = 1; seed <= 3; seed++) {
        dlx_problem *p = dlx_new();
        ck_assert_ptr_nonnull(p);
        random_big_mcc(p, seed + 10 * (uint32_t)_i, c->primary, c->options, c->len, c->colors);
        /* In one go and in slices (the index is kept from one slice to
         * the next, its flags with it), and in a clone (which makes its
         * own). */
        struct run_figures scan = search_slices(p, 1, 0, c->budget);
        assert_same_run(search_slices(p, 0, 0, c->budget), scan, "one go");
        assert_same_run(search_slices(p, 0, 777, c->budget), scan, "slices");
        dlx_problem *q = dlx_clone(p);
        ck_assert_ptr_nonnull(q);
        assert_same_run(search_slices(q, 0, 0, c->budget), scan, "clone");
        dlx_free(q);
        /* With an option committed first (when it can be). */
        if (dlx_commit(p, 0) == DLX_OK) {
            struct run_figures scan1 = search_slices(p, 1, 0, c->budget);
            assert_same_run(search_slices(p, 0, 0, c->budget), scan1, "committed");
            ck_assert_int_eq(dlx_uncommit(p), DLX_OK);
        }
        dlx_free(p);
    }
}
END_TEST

/* A copy of src with `pad` more primary items after its own, item k with
 * bounds (k % 2):1, and an option of its own for each odd k. */
static dlx_problem *copy_padded(const dlx_problem *src, int32_t pad)
{
    dlx_problem *p = dlx_new();
    ck_assert_ptr_nonnull(p);
    int32_t n = dlx_item_count(src);
    for (int32_t x = 0; x < n; x++) {
        int32_t lo, hi;
        ck_assert_int_eq(dlx_item_bounds(src, x, &lo, &hi), DLX_OK);
        if (dlx_item_is_secondary(src, x))
            ck_assert_int_eq(dlx_add_item(p, dlx_item_name(src, x), DLX_SECONDARY), x);
        else
            ck_assert_int_eq(dlx_add_item_bounds(p, dlx_item_name(src, x), DLX_PRIMARY, lo, hi),
                             x);
    }
    char name[16];
    for (int32_t k = 0; k < pad; k++) {
        snprintf(name, sizeof name, "pad%d", (int)k);
        ck_assert_int_eq(dlx_add_item_bounds(p, name, DLX_PRIMARY, k % 2, 1), n + k);
    }
    int32_t items[64], colors[64];
    for (int32_t o = 0; o < dlx_option_count(src); o++) {
        int32_t len = dlx_option_items(src, o, items, colors, 64);
        ck_assert_int_le(len, 64);
        ck_assert_int_eq(dlx_add_option(p, items, colors, len), o);
    }
    for (int32_t k = 1; k < pad; k += 2) {
        int32_t x = n + k;
        ck_assert_int_ge(dlx_add_option(p, &x, NULL, 1), 0);
    }
    return p;
}

/* Motley 5 x 6 with 300 more items, which push it over the index's
 * threshold and change its tree: each padding item 0:1 takes nothing (its
 * null move) and each 1:1 its one option, so the dissections are still
 * motley's 393 (DLX3's count for motley-dlx 5 6). */
START_TEST(index_on_padded_motley)
{
    dlx_problem *m = dlx_new();
    ck_assert_ptr_nonnull(m);
    ck_assert_int_eq(motley_build(m, 5, 6), DLX_OK);
    dlx_problem *p = copy_padded(m, 300);
    dlx_free(m);
    ck_assert_int_eq(dlx_set_choose(p, DLX_CHOOSE_MRV_FULL), DLX_OK);
    struct run_figures scan = search_slices(p, 1, 0, UINT64_MAX);
    ck_assert_int_eq(scan.rc, DLX_OK);
    ck_assert_uint_eq(scan.solutions, 393);
    assert_same_run(search_slices(p, 0, 0, UINT64_MAX), scan, "padded motley");
    dlx_free(p);
}
END_TEST

/* --- Algorithm M on bit sets ---------------------------------------------------
 * The bit-set search with bounds (dlx/search_bits_m.c) visits its own tree
 * (DLX3's, with the null moves of items left with nothing to do
 * contracted), so its figures are checked against themselves: the same
 * solutions as the brute force, and the same nodes and updates whole, in
 * slices, on a clone, split into subtrees searched on clones (each split
 * again), and on threads. */

struct piece_list {
    int32_t *entries[64];
    int32_t count[64];
    int n;
};

static int keep_piece(void *ctx, const int32_t *entries, int32_t count, int is_solution)
{
    struct piece_list *l = ctx;
    ck_assert_int_eq(is_solution, 0);
    ck_assert_int_lt(l->n, 64);
    l->entries[l->n] = malloc(((size_t)count + 1) * sizeof(int32_t));
    ck_assert_ptr_nonnull(l->entries[l->n]);
    if (count)
        memcpy(l->entries[l->n], entries, (size_t)count * sizeof(int32_t));
    l->count[l->n++] = count;
    return 0;
}

struct split_totals {
    const dlx_problem *model; /* idle: the clones are made from it */
    struct solutions found;
    uint64_t nodes, updates, pieces;
};

/* Searches q (a whole search, or a subtree started) to its end in slices
 * of `slice` nodes; at each pause it gives work away (the shallowest
 * level, or every third time all of it), and each piece is searched the
 * same way on a clone of the model, down to depth 3. */
static void search_splitting(struct split_totals *t, dlx_problem *q, uint64_t slice, int depth)
{
    dlx_set_solution_fn(q, collect_mask, &t->found);
    int rc, pauses = 0;
    while ((rc = dlx_search(q, slice)) == DLX_PAUSED) {
        ck_assert_int_eq(dlx_check(q), DLX_OK);
        double done = dlx_estimate_done(q);
        ck_assert(done >= 0.0 && done <= 1.0);
        if (depth >= 3)
            continue;
        int all = ++pauses % 3 == 0;
        struct piece_list l = {0};
        int32_t given = dlx_split(q, all ? DLX_SPLIT_ALL : DLX_SPLIT_SHALLOWEST, keep_piece, &l);
        ck_assert_int_ge(given, 0);
        ck_assert_int_eq(given, l.n);
        ck_assert_int_eq(dlx_check(q), DLX_OK);
        for (int k = 0; k < l.n; k++) {
            dlx_problem *c = dlx_clone(t->model);
            ck_assert_ptr_nonnull(c);
            ck_assert_int_eq(dlx_start_subtree(c, l.entries[k], l.count[k]), DLX_OK);
            ck_assert_int_eq(dlx_check(c), DLX_OK);
            search_splitting(t, c, slice, depth + 1);
            dlx_free(c);
            free(l.entries[k]);
        }
        t->pieces += (uint64_t)l.n;
        if (all && given > 0) {
            rc = DLX_OK; /* all of it went: q is reset */
            break;
        }
    }
    ck_assert_int_eq(rc, DLX_OK);
    dlx_stats st;
    dlx_get_stats(q, &st);
    t->nodes += st.nodes;
    t->updates += st.updates;
    dlx_set_solution_fn(q, NULL, NULL);
}

/* p's search on bits against `want` and its own whole figures `whole`;
 * returns the pieces its splits gave away. */
static uint64_t check_bits_run(dlx_problem *p, const uint32_t *want, size_t n_want,
                           const dlx_stats *whole, uint32_t seed, const char *what)
{
    struct solutions s = {0};
    char label[64];
    /* in slices of one and three nodes */
    for (uint64_t slice = 1; slice <= 3; slice += 2) {
        s.n = 0;
        dlx_set_solution_fn(p, collect_mask, &s);
        ck_assert_int_eq(dlx_reset(p), DLX_OK);
        dlx_reset_stats(p);
        int rc;
        while ((rc = dlx_search(p, slice)) == DLX_PAUSED) {
            ck_assert_int_eq(dlx_search_strategy(p), DLX_STRATEGY_BITS);
            ck_assert_int_eq(dlx_check(p), DLX_OK);
            /* the live state agrees with itself */
            int32_t items[MAX_PRIMARY + MAX_SECONDARY];
            int32_t n = dlx_active_items(p, items, MAX_PRIMARY + MAX_SECONDARY);
            for (int32_t k = 0; k < n; k++)
                ck_assert_int_eq(dlx_item_is_active(p, items[k]), 1);
        }
        ck_assert_int_eq(rc, DLX_OK);
        dlx_stats st;
        dlx_get_stats(p, &st);
        sort_masks(&s);
        snprintf(label, sizeof label, "%s, slices of %d", what, (int)slice);
        assert_same(&s, want, n_want, seed, label);
        ck_assert_uint_eq(st.nodes, whole->nodes);
        ck_assert_uint_eq(st.updates, whole->updates);
        ck_assert_int_eq(dlx_reset(p), DLX_OK);
        dlx_set_solution_fn(p, NULL, NULL);
    }
    /* split into subtrees, split again */
    uint64_t pieces = 0;
    for (uint64_t slice = 1; slice <= 2; slice++) {
        struct split_totals t = {0};
        t.model = p;
        dlx_problem *q = dlx_clone(p);
        ck_assert_ptr_nonnull(q);
        search_splitting(&t, q, slice, 0);
        dlx_free(q);
        sort_masks(&t.found);
        snprintf(label, sizeof label, "%s, split (slices of %d)", what, (int)slice);
        assert_same(&t.found, want, n_want, seed, label);
        ck_assert_msg(t.nodes == whole->nodes && t.updates == whole->updates,
                      "problem %u, %s: %llu nodes, %llu updates; whole %llu, %llu",
                      (unsigned)seed, label, (unsigned long long)t.nodes,
                      (unsigned long long)t.updates, (unsigned long long)whole->nodes,
                      (unsigned long long)whole->updates);
        free(t.found.masks);
        pieces += t.pieces;
    }
    /* on threads */
    s.n = 0;
    dlx_set_solution_fn(p, collect_mask, &s);
    dlx_reset_stats(p);
    ck_assert_int_eq(dlx_search_threads(p, 3, NULL, NULL), DLX_OK);
    dlx_set_solution_fn(p, NULL, NULL);
    dlx_stats st;
    dlx_get_stats(p, &st);
    sort_masks(&s);
    snprintf(label, sizeof label, "%s, threads", what);
    assert_same(&s, want, n_want, seed, label);
    ck_assert_uint_eq(st.nodes, whole->nodes);
    ck_assert_uint_eq(st.updates, whole->updates);
    free(s.masks);
    return pieces;
}

START_TEST(random_mcc_on_bits)
{
    static uint32_t want[1u << MAX_OPTIONS];
    uint64_t with_bounds = 0, contracted = 0, pieces = 0;
    for (uint32_t seed = (uint32_t)_i * 100; seed < (uint32_t)_i * 100 + 100; seed++) {
        struct mcc r;
        make_mcc(&r, seed);
        size_t n_want = brute_force(&r, 0, 0, want);
        dlx_problem *p = build_mcc(&r);
        if (!dlx_has_bounds(p)) {
            dlx_free(p);
            continue;
        }
        with_bounds++;
        /* DLX3's tree on the links, for the node count it contracts */
        dlx_stats links;
        struct solutions s = {0};
        all_solutions(p, &s);
        dlx_get_stats(p, &links);
        dlx_reset_stats(p);
        ck_assert_int_eq(dlx_set_strategy(p, DLX_STRATEGY_BITS), DLX_OK);
        all_solutions(p, &s);
        assert_same(&s, want, n_want, seed, "bits");
        dlx_stats whole;
        dlx_get_stats(p, &whole);
        ck_assert_uint_le(whole.nodes, links.nodes);
        contracted += whole.nodes < links.nodes;
        free(s.masks);
        pieces += check_bits_run(p, want, n_want, &whole, seed, "bits");
        /* a clone searches the same */
        dlx_problem *c = dlx_clone(p);
        ck_assert_ptr_nonnull(c);
        check_bits_run(c, want, n_want, &whole, seed, "clone");
        dlx_free(c);
        /* with an option committed, and another excluded */
        uint32_t t = seed;
        int a = (int)(lcg(&t) % (uint32_t)r.options), b = (int)(lcg(&t) % (uint32_t)r.options);
        if (dlx_commit(p, a) == DLX_OK) {
            uint32_t out = 0;
            if (a != b && dlx_commit(p, DLX_EXCLUDE(b)) == DLX_OK)
                out = 1u << b;
            static uint32_t want2[1u << MAX_OPTIONS];
            size_t n2 = brute_force(&r, 1u << a, out, want2);
            struct solutions s2 = {0};
            dlx_reset_stats(p);
            all_solutions(p, &s2);
            assert_same(&s2, want2, n2, seed, "bits, committed");
            dlx_stats w2;
            dlx_get_stats(p, &w2);
            free(s2.masks);
            check_bits_run(p, want2, n2, &w2, seed, "committed");
            ck_assert_int_eq(dlx_uncommit_all(p), DLX_OK);
        }
        dlx_free(p);
    }
    ck_assert_uint_ge(with_bounds, 60);
    ck_assert_uint_ge(contracted, 10);
    ck_assert_uint_ge(pieces, 500); /* the splits gave work away */
}
END_TEST

Suite *mult_suite(void); /* called by tests/main.c */
Suite *mult_suite(void)
{
    Suite *s = suite_create("mult");
    TCase *basic = tcase_create("basic");
    tcase_add_test(basic, dlx3_example);
    tcase_add_test(basic, bounds_api);
    tcase_add_test(basic, bits_search_with_bounds);
    tcase_add_test(basic, brute_force_knows_dlx3_example);
    tcase_add_test(basic, out_of_memory_with_bounds);
    suite_add_tcase(s, basic);
    TCase *counts = tcase_create("counts");
    tcase_set_timeout(counts, 120);
    tcase_add_loop_test(counts, motley_as_dlx3, 0,
                        (int)(sizeof motley_cases / sizeof motley_cases[0]));
    tcase_add_test(counts, motley_prefixes_add_up);
    tcase_add_loop_test(counts, domination_and_partridge_as_dlx3, 0,
                        (int)(sizeof bounds_cases / sizeof bounds_cases[0]));
    tcase_add_loop_test(counts, random_mcc_match_brute_force, 0, 6);
    tcase_add_loop_test(counts, random_mcc_on_bits, 0, 3);
    tcase_add_loop_test(counts, many_bounded_items, 0,
                        (int)(sizeof many_cases / sizeof many_cases[0]));
    tcase_add_loop_test(counts, index_chooses_as_the_scan, 0,
                        (int)(sizeof big_cases / sizeof big_cases[0]));
    tcase_add_test(counts, index_on_padded_motley);
    suite_add_tcase(s, counts);
    return s;
}
