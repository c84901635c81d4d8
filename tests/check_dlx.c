/* SPDX-License-Identifier: MIT */
/* check_dlx.c - unit tests of the engine (dlx/) through its public API.
 *
 * Every expected count names its source: Knuth's paper for the small
 * example, OEIS for N-queens (A000170) and Langford pairs (A014552, doubled
 * because a pairing and its reversal are both counted), the chromatic
 * polynomial of the Petersen graph, and for random problems a brute force
 * over subsets of options written here independently of the engine. */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx.h"
#include "../examples/problems.h"
#include "slices.h"

/* --- helpers ------------------------------------------------------------- */

/* The classic problems, built by the same code as the example programs. */
static dlx_problem *build_queens(int n)
{
    dlx_problem *p = dlx_new();
    ck_assert_ptr_nonnull(p);
    ck_assert_int_eq(queens_build(p, n, 1), 0);
    return p;
}

static dlx_problem *build_langford(int n)
{
    dlx_problem *p = dlx_new();
    ck_assert_ptr_nonnull(p);
    ck_assert_int_eq(langford_build(p, n), 0);
    return p;
}

static dlx_problem *build_pentominoes(int rows, int cols)
{
    pentomino_board b;
    ck_assert_int_eq(pentomino_board_init(&b, rows, cols), 0);
    dlx_problem *p = dlx_new();
    ck_assert_ptr_nonnull(p);
    ck_assert_int_eq(pentomino_build(p, &b), 0);
    return p;
}

static dlx_problem *build_petersen(int colours)
{
    int storage[15][2];
    colouring_graph g = colouring_petersen(storage);
    dlx_problem *p = dlx_new();
    ck_assert_ptr_nonnull(p);
    ck_assert_int_eq(colouring_build(p, &g, colours), 0);
    return p;
}

static uint64_t count_all(dlx_problem *p)
{
    uint64_t n = 0;
    ck_assert_int_eq(dlx_count(p, &n), DLX_OK);
    ck_assert_int_eq(dlx_check(p), DLX_OK);
    return n;
}

/* Knuth's example: items A..G, options C E F, A D G, B C F, A D, B G, D E G. */
static dlx_problem *build_paper(void)
{
    static const int32_t opts[6][3] = {{2, 4, 5}, {0, 3, 6}, {1, 2, 5}, {0, 3}, {1, 6}, {3, 4, 6}};
    static const int32_t sizes[6] = {3, 3, 3, 2, 2, 3};
    dlx_problem *p = dlx_new();
    ck_assert_ptr_nonnull(p);
    const char *names[7] = {"A", "B", "C", "D", "E", "F", "G"};
    for (int k = 0; k < 7; k++)
        ck_assert_int_eq(dlx_add_item(p, names[k], DLX_PRIMARY), k);
    for (int k = 0; k < 6; k++)
        ck_assert_int_eq(dlx_add_option(p, opts[k], NULL, sizes[k]), k);
    return p;
}

struct collected {
    int n;
    int32_t sol[16][16];
    int32_t len[16];
    int stop_after_each;
};

static int collect(void *ctx, const int32_t *options, int32_t count)
{
    struct collected *c = ctx;
    if (c->n < 16) {
        c->len[c->n] = count;
        for (int32_t k = 0; k < count && k < 16; k++)
            c->sol[c->n][k] = options[k];
    }
    c->n++;
    return c->stop_after_each;
}

static int cmp_i32(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

/* --- the paper's example --------------------------------------------------- */

START_TEST(paper_example_has_one_solution)
{
    dlx_problem *p = build_paper();
    struct collected c = {0};
    dlx_set_solution_fn(p, collect, &c);
    ck_assert_int_eq(dlx_search(p, 0), DLX_OK);
    ck_assert_int_eq(c.n, 1);
    ck_assert_int_eq(c.len[0], 3);
    qsort(c.sol[0], 3, sizeof(int32_t), cmp_i32);
    /* options 0 = C E F, 3 = A D, 4 = B G */
    ck_assert_int_eq(c.sol[0][0], 0);
    ck_assert_int_eq(c.sol[0][1], 3);
    ck_assert_int_eq(c.sol[0][2], 4);
    /* Worked by hand (see docs): root chooses A; A D G leads to B then a dead
     * end at E; A D leads to E, C E F, then B G and the solution: 5 nodes
     * where an item is chosen plus 1 solution leaf, deepest level 3. */
    dlx_stats st;
    dlx_get_stats(p, &st);
    ck_assert_uint_eq(st.solutions, 1);
    ck_assert_uint_eq(st.nodes, 6);
    ck_assert_int_eq(st.max_level, 3);
    ck_assert_int_eq(dlx_check(p), DLX_OK);
    /* Done means done until a reset. */
    ck_assert_int_eq(dlx_search(p, 0), DLX_OK);
    ck_assert_int_eq(c.n, 1);
    dlx_reset(p);
    ck_assert_int_eq(dlx_search(p, 0), DLX_OK);
    ck_assert_int_eq(c.n, 2);
    dlx_free(p);
}
END_TEST

START_TEST(names_and_questions)
{
    dlx_problem *p = build_paper();
    ck_assert_int_eq(dlx_item_count(p), 7);
    ck_assert_int_eq(dlx_option_count(p), 6);
    ck_assert_str_eq(dlx_item_name(p, 3), "D");
    ck_assert_ptr_null(dlx_item_name(p, 7));
    int32_t items[4], colors[4];
    ck_assert_int_eq(dlx_option_items(p, 1, items, colors, 4), 3);
    ck_assert_int_eq(items[0], 0);
    ck_assert_int_eq(items[1], 3);
    ck_assert_int_eq(items[2], 6);
    ck_assert_int_eq(colors[0], 0);
    ck_assert_int_eq(dlx_item_remaining(p, 3), 3); /* D is in A D G, A D, D E G */
    int32_t opts[4];
    ck_assert_int_eq(dlx_item_options(p, 3, opts, 4), 3);
    ck_assert_int_eq(opts[0], 1);
    ck_assert_int_eq(opts[1], 3);
    ck_assert_int_eq(opts[2], 5);
    ck_assert_int_eq(dlx_active_items(p, NULL, 0), 7);
    ck_assert_int_eq(dlx_item_is_active(p, 0), 1);
    ck_assert_int_eq(dlx_item_is_active(p, 99), DLX_EINVAL);
    dlx_free(p);
}
END_TEST

/* --- building errors ------------------------------------------------------- */

START_TEST(building_errors)
{
    dlx_problem *p = dlx_new();
    int32_t a = dlx_add_item(p, "a", DLX_PRIMARY);
    int32_t s = dlx_add_item(p, "s", DLX_SECONDARY);
    ck_assert_int_eq(dlx_add_item(p, "x", 7u), DLX_EINVAL);
    int32_t bad[2] = {a, 5};
    ck_assert_int_eq(dlx_add_option(p, bad, NULL, 2), DLX_EITEM);
    int32_t dup[2] = {a, a};
    ck_assert_int_eq(dlx_add_option(p, dup, NULL, 2), DLX_EDUP);
    int32_t both[2] = {a, s};
    int32_t colour_on_primary[2] = {1, 0};
    ck_assert_int_eq(dlx_add_option(p, both, colour_on_primary, 2), DLX_ECOLOR);
    int32_t negative[2] = {0, -3};
    ck_assert_int_eq(dlx_add_option(p, both, negative, 2), DLX_ECOLOR);
    ck_assert_int_eq(dlx_add_option(p, NULL, NULL, -1), DLX_EINVAL);
    ck_assert_int_eq(dlx_option_count(p), 0);
    ck_assert_int_eq(dlx_add_option(p, both, NULL, 2), 0);
    ck_assert_int_eq(dlx_add_item(p, "late", DLX_PRIMARY), DLX_EORDER);
    ck_assert_int_eq(dlx_check(p), DLX_OK);
    ck_assert_str_eq(dlx_strerror(DLX_EDUP), "item named twice in one option");
    ck_assert_ptr_nonnull(dlx_strerror(12345));
    /* Every status of dlx.h has words of its own, and the limits name what
     * they limit. */
    for (int code = DLX_ENAMES; code <= DLX_PAUSED; code++)
        ck_assert_str_ne(dlx_strerror(code), dlx_strerror(12345));
    ck_assert_ptr_nonnull(strstr(dlx_strerror(DLX_ENAMES), "names"));
    ck_assert_ptr_nonnull(strstr(dlx_strerror(DLX_ETOOBIG), "items, options or nodes"));
    dlx_free(p);
    dlx_free(NULL);
}
END_TEST

/* --- edge cases -------------------------------------------------------------- */

START_TEST(no_items_has_one_empty_solution)
{
    dlx_problem *p = dlx_new();
    struct collected c = {0};
    dlx_set_solution_fn(p, collect, &c);
    ck_assert_int_eq(dlx_search(p, 0), DLX_OK);
    ck_assert_int_eq(c.n, 1);
    ck_assert_int_eq(c.len[0], 0);
    ck_assert_uint_eq(count_all(p), 1);
    dlx_free(p);
}
END_TEST

START_TEST(uncovered_item_has_no_solution)
{
    dlx_problem *p = dlx_new();
    dlx_add_item(p, "a", DLX_PRIMARY);
    dlx_add_item(p, "b", DLX_PRIMARY);
    int32_t only_a[1] = {0};
    dlx_add_option(p, only_a, NULL, 1);
    /* Knuth's rule looks past a, which has one option, sees b with none at
     * the root and backs up at once: 1 node, under both names of the rule
     * and both strategies. (A scan that stopped at a, the old default, went
     * one level down first: 2 nodes.) */
    static const enum dlx_strategy strategies[] = {DLX_STRATEGY_LINKS, DLX_STRATEGY_BITS};
    static const enum dlx_choose rules[] = {DLX_CHOOSE_MRV, DLX_CHOOSE_MRV_FULL};
    for (int s = 0; s < 2; s++)
        for (int r = 0; r < 2; r++) {
            ck_assert_int_eq(dlx_set_strategy(p, strategies[s]), DLX_OK);
            ck_assert_int_eq(dlx_set_choose(p, rules[r]), DLX_OK);
            dlx_reset_stats(p);
            ck_assert_uint_eq(count_all(p), 0);
            dlx_stats st;
            dlx_get_stats(p, &st);
            ck_assert_uint_eq(st.nodes, 1);
        }
    dlx_free(p);
}
END_TEST

START_TEST(secondary_only_options_are_never_chosen)
{
    dlx_problem *p = dlx_new();
    dlx_add_item(p, "p", DLX_PRIMARY);
    dlx_add_item(p, "s", DLX_SECONDARY);
    int32_t ps[2] = {0, 1}, s_only[1] = {1}, p_only[1] = {0};
    dlx_add_option(p, ps, NULL, 2);
    dlx_add_option(p, s_only, NULL, 1);
    dlx_add_option(p, p_only, NULL, 1);
    /* {p s} or {p}: the secondary-only option adds nothing and is never used. */
    ck_assert_uint_eq(count_all(p), 2);
    ck_assert_int_eq(dlx_commit(p, 1), DLX_EINVAL);
    dlx_free(p);

    /* Only secondary items: one empty solution. */
    p = dlx_new();
    dlx_add_item(p, "s", DLX_SECONDARY);
    dlx_add_option(p, s_only, NULL, 1);
    ck_assert_uint_eq(count_all(p), 1);
    dlx_free(p);
}
END_TEST

START_TEST(colours_agree_share_disagree_exclude)
{
    /* Two primary items p, q and one secondary s. Options {p, s:c1} and
     * {q, s:c2}: a solution exactly when the colours agree (both non-zero). */
    static const struct { int32_t c1, c2; uint64_t expect; } cases[] = {
        {1, 1, 1}, /* same colour: shared */
        {1, 2, 0}, /* different colours */
        {0, 1, 0}, /* uncoloured use is exclusive */
        {1, 0, 0},
        {0, 0, 0},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        dlx_problem *p = dlx_new();
        dlx_add_item(p, "p", DLX_PRIMARY);
        dlx_add_item(p, "q", DLX_PRIMARY);
        dlx_add_item(p, "s", DLX_SECONDARY);
        int32_t o1[2] = {0, 2}, o2[2] = {1, 2};
        int32_t c1[2] = {0, cases[k].c1}, c2[2] = {0, cases[k].c2};
        dlx_add_option(p, o1, c1, 2);
        dlx_add_option(p, o2, c2, 2);
        ck_assert_msg(count_all(p) == cases[k].expect, "case %zu", k);
        dlx_free(p);
    }
}
END_TEST

/* --- known counts ------------------------------------------------------------- */

START_TEST(queens_counts)
{
    /* OEIS A000170 */
    static const uint64_t expect[11] = {0, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724};
    for (int n = 1; n <= 10; n++) {
        dlx_problem *p = build_queens(n);
        ck_assert_ptr_nonnull(p);
        ck_assert_msg(count_all(p) == expect[n], "queens %d", n);
        dlx_free(p);
    }
}
END_TEST

START_TEST(langford_counts)
{
    /* OEIS A014552 (3: 1, 4: 1, 7: 26, 8: 150), doubled for reversals. */
    static const struct { int n; uint64_t count; } cases[] = {{3, 2}, {4, 2}, {5, 0}, {7, 52}, {8, 300}};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        dlx_problem *p = build_langford(cases[k].n);
        ck_assert_msg(count_all(p) == cases[k].count, "langford %d", cases[k].n);
        dlx_free(p);
    }
}
END_TEST

START_TEST(pentominoes_3x20)
{
    /* 2 distinct packings of the 3x20 box (Haselgrove), times its 4 symmetries. */
    dlx_problem *p = build_pentominoes(3, 20);
    ck_assert_uint_eq(count_all(p), 8);
    dlx_free(p);
}
END_TEST

START_TEST(petersen_colourings)
{
    /* Chromatic polynomial of the Petersen graph at k = 3 is 120. */
    dlx_problem *p = build_petersen(3);
    ck_assert_uint_eq(count_all(p), 120);
    dlx_free(p);
}
END_TEST

START_TEST(many_primary_items_product_rule)
{
    /* Fifteen disjoint copies of Langford pairs n = 3 (2 solutions, 9 primary
     * items each): 135 primary items, enough for the search to scan its bit
     * set of active items, and 2^15 solutions by the product rule. */
    dlx_problem *p = dlx_new();
    for (int k = 0; k < 15 * 9; k++)
        dlx_add_item(p, NULL, DLX_PRIMARY);
    for (int copy = 0; copy < 15; copy++)
        for (int v = 1; v <= 3; v++)
            for (int i = 0; i + v + 1 < 6; i++) {
                int32_t items[3] = {copy * 9 + v - 1, copy * 9 + 3 + i, copy * 9 + 3 + i + v + 1};
                ck_assert_int_ge(dlx_add_option(p, items, NULL, 3), 0);
            }
    ck_assert_uint_eq(count_all(p), 32768);
    dlx_set_choose(p, DLX_CHOOSE_MRV_FULL);
    ck_assert_uint_eq(count_all(p), 32768);
    dlx_set_choose(p, DLX_CHOOSE_FIRST);
    ck_assert_uint_eq(count_all(p), 32768);
    dlx_set_choose(p, DLX_CHOOSE_MRV);
    /* The structure stays sound in the middle of the search too. */
    int rc, pauses = 0;
    while ((rc = dlx_search(p, 97)) == DLX_PAUSED) {
        ck_assert_int_eq(dlx_check(p), DLX_OK);
        pauses++;
    }
    ck_assert_int_eq(rc, DLX_OK);
    ck_assert_int_gt(pauses, 10);
    dlx_free(p);
}
END_TEST

/* --- random problems against a brute force ----------------------------------- */

struct random_problem {
    int np, ns, no;
    int size[10];
    int32_t items[10][8];
    int32_t colors[10][8];
};

static uint32_t lcg(uint32_t *s)
{
    *s = *s * 1103515245u + 12345u;
    return (*s >> 16) & 0x7fff;
}

static void make_random(struct random_problem *r, uint32_t seed)
{
    uint32_t s = seed;
    r->np = 1 + (int)(lcg(&s) % 5);
    r->ns = (int)(lcg(&s) % 4);
    r->no = (int)(lcg(&s) % 11);
    for (int o = 0; o < r->no; o++) {
        r->size[o] = 0;
        for (int i = 0; i < r->np + r->ns; i++) {
            if (lcg(&s) % 3 != 0)
                continue;
            r->items[o][r->size[o]] = i;
            r->colors[o][r->size[o]] = i >= r->np ? (int32_t)(lcg(&s) % 3) : 0;
            r->size[o]++;
        }
    }
}

/* Counts subsets of options that are solutions in Knuth's sense: every
 * primary item covered exactly once, no option without a primary item (the
 * search never picks those), and each secondary item either used by at most
 * one option or only by options that all give it the same non-zero colour. */
static uint64_t brute_force_without(const struct random_problem *r, uint32_t must,
                                    uint32_t forbid)
{
    uint64_t count = 0;
    for (uint32_t set = 0; set < (1u << r->no); set++) {
        if ((set & must) != must || (set & forbid))
            continue;
        int cover[8] = {0}, uses[8] = {0}, colour[8] = {0}, ok = 1;
        for (int o = 0; o < r->no && ok; o++) {
            if (!(set & (1u << o)))
                continue;
            int has_primary = 0;
            for (int k = 0; k < r->size[o]; k++) {
                int i = r->items[o][k];
                if (i < r->np) {
                    has_primary = 1;
                    cover[i]++;
                } else {
                    int c = r->colors[o][k];
                    if (uses[i]++ == 0)
                        colour[i] = c;
                    else if (c == 0 || colour[i] == 0 || c != colour[i])
                        ok = 0;
                }
            }
            if (!has_primary)
                ok = 0;
        }
        for (int i = 0; i < r->np && ok; i++)
            ok = cover[i] == 1;
        count += (uint64_t)ok;
    }
    return count;
}

static uint64_t brute_force_with(const struct random_problem *r, uint32_t must)
{
    return brute_force_without(r, must, 0);
}

static uint64_t brute_force(const struct random_problem *r, int must_have)
{
    return brute_force_with(r, must_have >= 0 ? 1u << must_have : 0);
}

static dlx_problem *build_random(const struct random_problem *r)
{
    dlx_problem *p = dlx_new();
    for (int i = 0; i < r->np; i++)
        dlx_add_item(p, NULL, DLX_PRIMARY);
    for (int i = 0; i < r->ns; i++)
        dlx_add_item(p, NULL, DLX_SECONDARY);
    for (int o = 0; o < r->no; o++)
        ck_assert_int_eq(dlx_add_option(p, r->items[o], r->colors[o], r->size[o]), o);
    return p;
}

START_TEST(random_problems_match_brute_force)
{
    for (uint32_t seed = 1; seed <= 600; seed++) {
        struct random_problem r;
        make_random(&r, seed);
        dlx_problem *p = build_random(&r);
        uint64_t expect = brute_force(&r, -1);
        ck_assert_msg(count_all(p) == expect, "seed %u", seed);
        /* The same count under each rule and with a random order. */
        dlx_set_choose(p, DLX_CHOOSE_FIRST);
        ck_assert_msg(count_all(p) == expect, "seed %u (first)", seed);
        dlx_set_choose(p, DLX_CHOOSE_MRV_FULL);
        ck_assert_msg(count_all(p) == expect, "seed %u (mrv full)", seed);
        dlx_set_strategy(p, DLX_STRATEGY_LINKS);
        ck_assert_msg(count_all(p) == expect, "seed %u (links)", seed);
        dlx_set_strategy(p, DLX_STRATEGY_BITS);
        ck_assert_msg(count_all(p) == expect, "seed %u (bits)", seed);
        dlx_set_strategy(p, DLX_STRATEGY_AUTO);
        dlx_set_choose(p, DLX_CHOOSE_MRV);
        ck_assert_int_eq(dlx_set_seed(p, seed), DLX_OK);
        ck_assert_msg(count_all(p) == expect, "seed %u (random)", seed);
        /* Committing an option keeps exactly the solutions containing it. */
        for (int o = 0; o < r.no; o++) {
            int rc = dlx_commit(p, o);
            if (rc == DLX_EINVAL) /* no primary item */
                continue;
            ck_assert_int_eq(rc, DLX_OK);
            ck_assert_msg(count_all(p) == brute_force(&r, o), "seed %u commit %d", seed, o);
            ck_assert_int_eq(dlx_uncommit(p), DLX_OK);
            ck_assert_int_eq(dlx_check(p), DLX_OK);
        }
        ck_assert_msg(count_all(p) == expect, "seed %u after commits", seed);
        dlx_free(p);
    }
}
END_TEST

START_TEST(commit_many_matches_single_commits)
{
    for (uint32_t seed = 1; seed <= 600; seed++) {
        struct random_problem r;
        make_random(&r, seed);
        if (seed % 2) /* half of them without colours */
            for (int o = 0; o < r.no; o++)
                for (int k = 0; k < r.size[o]; k++)
                    r.colors[o][k] = 0;
        /* A set of options to commit: every third, in a seed-dependent order. */
        int32_t opts[10];
        int32_t n = 0;
        uint32_t mask = 0;
        for (int o = (int)(seed % 3); o < r.no; o += 3) {
            opts[n++] = o;
            mask |= 1u << o;
        }
        dlx_problem *one = build_random(&r), *many = build_random(&r);
        int rc1 = DLX_OK, at1 = -1;
        for (int32_t k = 0; k < n && rc1 == DLX_OK; k++)
            if ((rc1 = dlx_commit(one, opts[k])) != DLX_OK)
                at1 = (int)k;
        int32_t at2 = 99;
        int rc2 = dlx_commit_many(many, opts, n, &at2);
        ck_assert_msg(rc1 == rc2, "seed %u: %d vs %d", seed, rc1, rc2);
        ck_assert_int_eq(dlx_check(many), DLX_OK);
        if (rc2 != DLX_OK) {
            ck_assert_int_eq(at2, at1);
            ck_assert_int_eq(dlx_commit_count(many), 0); /* all or nothing */
            ck_assert_uint_eq(count_all(many), brute_force_with(&r, 0));
        } else {
            ck_assert_int_eq(at2, -1);
            uint64_t expect = brute_force_with(&r, mask);
            dlx_reset_stats(one);
            dlx_reset_stats(many);
            ck_assert_msg(count_all(one) == expect, "seed %u one", seed);
            ck_assert_msg(count_all(many) == expect, "seed %u many", seed);
            dlx_stats a, b;
            dlx_get_stats(one, &a);
            dlx_get_stats(many, &b);
            ck_assert_uint_eq(a.nodes, b.nodes); /* the very same search */
            ck_assert_uint_eq(a.updates, b.updates);
            if (n > 0) {
                /* Taking back the last one leaves the others. */
                ck_assert_int_eq(dlx_uncommit(many), DLX_OK);
                ck_assert_int_eq(dlx_check(many), DLX_OK);
                ck_assert_uint_eq(count_all(many),
                                  brute_force_with(&r, mask & ~(1u << opts[n - 1])));
                /* A clone carries the commitments and can drop them. */
                dlx_problem *c = dlx_clone(many);
                ck_assert_ptr_nonnull(c);
                ck_assert_int_eq(dlx_uncommit_all(c), DLX_OK);
                ck_assert_uint_eq(count_all(c), brute_force_with(&r, 0));
                dlx_free(c);
            }
        }
        ck_assert_int_eq(dlx_uncommit_all(many), DLX_OK);
        ck_assert_int_eq(dlx_check(many), DLX_OK);
        ck_assert_uint_eq(count_all(many), brute_force_with(&r, 0));
        dlx_free(one);
        dlx_free(many);
    }
}
END_TEST

/* --- commit, stop, resume, prefixes ------------------------------------------ */

START_TEST(commit_conflicts_and_undo)
{
    dlx_problem *p = build_paper();
    ck_assert_int_eq(dlx_commit(p, 3), DLX_OK);        /* A D */
    ck_assert_int_eq(dlx_commit(p, 1), DLX_ECONFLICT); /* A D G clashes on A */
    ck_assert_int_eq(dlx_commit(p, 5), DLX_ECONFLICT); /* D E G clashes on D */
    ck_assert_int_eq(dlx_commit_count(p), 1);
    ck_assert_int_eq(dlx_check(p), DLX_OK);
    struct collected c = {0};
    dlx_set_solution_fn(p, collect, &c);
    ck_assert_int_eq(dlx_search(p, 0), DLX_OK);
    ck_assert_int_eq(c.n, 1);
    ck_assert_int_eq(c.sol[0][0], 3); /* committed option first */
    ck_assert_int_eq(dlx_commit(p, 4), DLX_OK); /* B G */
    ck_assert_uint_eq(count_all(p), 1);
    ck_assert_int_eq(dlx_commit(p, 2), DLX_ECONFLICT); /* B C F: B taken */
    ck_assert_int_eq(dlx_uncommit_all(p), DLX_OK);
    ck_assert_int_eq(dlx_uncommit(p), DLX_EEMPTY);
    ck_assert_int_eq(dlx_commit(p, 1), DLX_OK); /* A D G alone: no solution */
    ck_assert_uint_eq(count_all(p), 0);
    ck_assert_int_eq(dlx_uncommit(p), DLX_OK);
    ck_assert_uint_eq(count_all(p), 1);
    dlx_free(p);
}
END_TEST

START_TEST(commit_with_colours)
{
    dlx_problem *p = dlx_new();
    dlx_add_item(p, "p", DLX_PRIMARY);
    dlx_add_item(p, "q", DLX_PRIMARY);
    dlx_add_item(p, "r", DLX_PRIMARY);
    dlx_add_item(p, "s", DLX_SECONDARY);
    int32_t o0[2] = {0, 3}, o1[2] = {1, 3}, o2[2] = {1, 3}, o3[2] = {2, 3};
    int32_t red[2] = {0, 1}, blue[2] = {0, 2}, none[2] = {0, 0};
    dlx_add_option(p, o0, red, 2);  /* p s:red */
    dlx_add_option(p, o1, blue, 2); /* q s:blue */
    dlx_add_option(p, o2, red, 2);  /* q s:red */
    dlx_add_option(p, o3, red, 2);  /* r s:red */
    ck_assert_uint_eq(count_all(p), 1); /* all red */
    ck_assert_int_eq(dlx_commit(p, 0), DLX_OK);
    ck_assert_int_eq(dlx_commit(p, 1), DLX_ECONFLICT);
    ck_assert_int_eq(dlx_commit(p, 2), DLX_OK);
    int32_t items[2], colors[2];
    dlx_option_items(p, 3, items, colors, 2);
    ck_assert_int_eq(colors[1], 1); /* reported as red even while purified */
    ck_assert_uint_eq(count_all(p), 1);
    ck_assert_int_eq(dlx_uncommit_all(p), DLX_OK);
    ck_assert_int_eq(dlx_check(p), DLX_OK);
    ck_assert_uint_eq(count_all(p), 1);
    (void)none;
    dlx_free(p);
}
END_TEST

START_TEST(stop_and_resume_finds_everything)
{
    dlx_problem *p = build_queens(8);
    struct collected c = {0};
    c.stop_after_each = 1;
    dlx_set_solution_fn(p, collect, &c);
    int stops = 0, rc;
    while ((rc = dlx_search(p, 0)) == DLX_STOPPED) {
        stops++;
        ck_assert_int_eq(dlx_level(p) >= 0, 1);
        double f = dlx_estimate_done(p);
        ck_assert(f > 0.0 && f < 1.0);
    }
    ck_assert_int_eq(rc, DLX_OK);
    ck_assert_int_eq(stops, 92);
    ck_assert_int_eq(c.n, 92);
    ck_assert(dlx_estimate_done(p) == 1.0);
    ck_assert_int_eq(dlx_check(p), DLX_OK);

    /* Stopping half-way and resetting leaves the structure as it was. */
    dlx_reset(p);
    c.n = 0;
    ck_assert_int_eq(dlx_search(p, 0), DLX_STOPPED);
    ck_assert_int_eq(dlx_commit(p, 0), DLX_EBUSY);
    dlx_reset(p);
    ck_assert_int_eq(dlx_check(p), DLX_OK);
    dlx_set_solution_fn(p, NULL, NULL);
    ck_assert_uint_eq(count_all(p), 92);
    dlx_free(p);
}
END_TEST

START_TEST(limit_and_budget)
{
    dlx_problem *p = build_queens(8);
    dlx_set_limit(p, 2);
    uint64_t n = 0;
    ck_assert_int_eq(dlx_count(p, &n), DLX_STOPPED);
    ck_assert_uint_eq(n, 2);
    dlx_set_limit(p, 0);

    /* A budget of one node at a time visits the same tree. */
    dlx_reset_stats(p);
    ck_assert_uint_eq(count_all(p), 92);
    dlx_stats whole;
    dlx_get_stats(p, &whole);
    dlx_reset_stats(p);
    int rc, pauses = 0;
    while ((rc = dlx_search(p, 1)) == DLX_PAUSED)
        pauses++;
    ck_assert_int_eq(rc, DLX_OK);
    dlx_stats bit;
    dlx_get_stats(p, &bit);
    ck_assert_uint_eq(bit.solutions, 92);
    ck_assert_uint_eq(bit.nodes, whole.nodes);
    ck_assert_uint_eq(bit.updates, whole.updates);
    ck_assert_int_ge(pauses, 100);
    dlx_reset(p);
    ck_assert_int_eq(dlx_check(p), DLX_OK);
    dlx_free(p);
}
END_TEST

struct prefix_sum {
    dlx_problem *p;
    uint64_t total, prefixes;
};

static int search_prefix(void *ctx, const int32_t *options, int32_t count, int is_solution)
{
    struct prefix_sum *s = ctx;
    s->prefixes++;
    if (is_solution) {
        s->total++;
        return 0;
    }
    /* The caller is inside dlx_enumerate_prefixes on s->p; count on a clone. */
    (void)options;
    (void)count;
    return 0;
}

struct prefix_list {
    int32_t opts[4096][3];
    int32_t len[4096];
    int solution[4096];
    int n;
};

static int remember_prefix(void *ctx, const int32_t *options, int32_t count, int is_solution)
{
    struct prefix_list *l = ctx;
    ck_assert_int_lt(l->n, 4096);
    for (int32_t k = 0; k < count; k++)
        l->opts[l->n][k] = options[k];
    l->len[l->n] = count;
    l->solution[l->n] = is_solution;
    l->n++;
    return 0;
}

/* --- every strategy, the same search ------------------------------------------- */

/* What a search gives, as seen from outside: its solutions in order (a hash
 * of the sequence and the first few), its count and its tree. Two
 * strategies agree when all of it is equal. */
struct outcome {
    uint64_t hash, n, nodes;
    int rc;
};

struct watcher {
    dlx_problem *p;
    uint64_t hash, n;
    int32_t commits;
};

static int watch_solution(void *ctx, const int32_t *options, int32_t count)
{
    struct watcher *w = ctx;
    w->hash = (w->hash ^ (uint64_t)count) * 0x100000001b3u;
    for (int32_t k = 0; k < count; k++)
        w->hash = (w->hash ^ (uint64_t)(options[k] + 1)) * 0x100000001b3u;
    w->n++;
    /* The live state, as the search stands at a solution. */
    ck_assert_int_eq(dlx_level(w->p), count - w->commits);
    ck_assert_int_eq(dlx_active_items(w->p, NULL, 0), 0);
    ck_assert_int_eq(dlx_check(w->p), DLX_OK);
    return 0;
}

/* Runs the whole search (up to the limit) under `strategy`, in slices of
 * `budget` nodes (0: one call), checking the invariants at every pause.
 * `excluded` of the commitments are exclusions (in no solution). */
static struct outcome run_with(dlx_problem *p, enum dlx_strategy strategy, uint64_t budget,
                               int32_t excluded)
{
    struct watcher w = {p, 0xcbf29ce484222325u, 0, dlx_commit_count(p) - excluded};
    ck_assert_int_eq(dlx_reset(p), DLX_OK);
    ck_assert_int_eq(dlx_set_strategy(p, strategy), DLX_OK);
    dlx_set_solution_fn(p, watch_solution, &w);
    dlx_reset_stats(p);
    int rc;
    while ((rc = dlx_search(p, budget)) == DLX_PAUSED) {
        ck_assert_int_eq(dlx_check(p), DLX_OK);
        double f = dlx_estimate_done(p);
        ck_assert(f >= 0.0 && f <= 1.0);
        /* Each active item's count is the length of its option list, whose
         * options hold the item, in increasing ids (the order of the links;
         * the bits number options in their own way inside, search_bits.c). */
        int32_t active[64];
        int32_t na = dlx_active_items(p, active, 64);
        for (int32_t k = 0; k < na && k < 64; k++) {
            int32_t opts[64], items[64];
            int32_t no = dlx_item_options(p, active[k], opts, 64);
            ck_assert_int_eq(dlx_item_remaining(p, active[k]), no);
            for (int32_t j = 0; j < no && j < 64; j++) {
                ck_assert(j == 0 || opts[j] > opts[j - 1]);
                int32_t ni = dlx_option_items(p, opts[j], items, NULL, 64), has = 0;
                for (int32_t e = 0; e < ni && e < 64; e++)
                    has |= items[e] == active[k];
                ck_assert_msg(has, "option %d listed for item %d", opts[j], active[k]);
            }
        }
    }
    if (strategy != DLX_STRATEGY_AUTO)
        ck_assert_int_eq(dlx_search_strategy(p), strategy);
    dlx_stats st;
    dlx_get_stats(p, &st);
    dlx_set_solution_fn(p, NULL, NULL);
    dlx_reset(p);
    ck_assert_int_eq(dlx_check(p), DLX_OK);
    return (struct outcome){w.hash, w.n, st.nodes, rc};
}

/* Links and bits on p, whole and in slices, without and with a limit: the
 * same solutions in the same order, the same status and the same nodes.
 * Returns the number of solutions. */
static uint64_t strategies_agree_x(dlx_problem *p, const char *what, uint32_t seed,
                                   int32_t excluded)
{
    struct outcome a = run_with(p, DLX_STRATEGY_LINKS, 0, excluded);
    /* Slices of 1 and 3 nodes on small trees; on larger ones (the checks at
     * every pause cost) slices of 7. */
    const uint64_t budgets[] = {0, a.nodes < 500 ? 1 : 7, a.nodes < 500 ? 3 : 0};
    for (size_t b = 0; b < sizeof budgets / sizeof budgets[0]; b++) {
        if (b > 0 && budgets[b] == 0)
            continue;
        struct outcome o = run_with(p, DLX_STRATEGY_BITS, budgets[b], excluded);
        ck_assert_msg(o.hash == a.hash && o.n == a.n && o.nodes == a.nodes && o.rc == a.rc,
                      "%s %u budget %llu: bits %llu solutions %llu nodes, links %llu %llu", what,
                      seed, (unsigned long long)budgets[b], (unsigned long long)o.n,
                      (unsigned long long)o.nodes, (unsigned long long)a.n,
                      (unsigned long long)a.nodes);
    }
    for (uint64_t limit = 1; limit <= 2 && limit < a.n; limit++) {
        dlx_set_limit(p, limit);
        struct outcome l = run_with(p, DLX_STRATEGY_LINKS, 0, excluded);
        struct outcome b = run_with(p, DLX_STRATEGY_BITS, 2, excluded);
        ck_assert_msg(l.hash == b.hash && l.n == limit && b.n == limit && l.nodes == b.nodes &&
                          b.rc == DLX_STOPPED,
                      "%s %u limit %llu", what, seed, (unsigned long long)limit);
        dlx_set_limit(p, 0);
    }
    ck_assert_int_eq(dlx_set_strategy(p, DLX_STRATEGY_AUTO), DLX_OK);
    return a.n;
}

static uint64_t strategies_agree(dlx_problem *p, const char *what, uint32_t seed)
{
    return strategies_agree_x(p, what, seed, 0);
}

/* Random problems with more options than a word of bits, coloured
 * secondary items, and options of different sizes. */
static dlx_problem *build_random_large(uint32_t seed, int *n_options)
{
    uint32_t s = seed * 2654435761u + 1;
    int np = 4 + (int)(lcg(&s) % 12), ns = (int)(lcg(&s) % 6), no = 20 + (int)(lcg(&s) % 150);
    dlx_problem *p = dlx_new();
    ck_assert_ptr_nonnull(p);
    for (int i = 0; i < np; i++)
        dlx_add_item(p, NULL, DLX_PRIMARY);
    for (int i = 0; i < ns; i++)
        dlx_add_item(p, NULL, DLX_SECONDARY);
    int32_t items[24], colors[24];
    for (int o = 0; o < no; o++) {
        int n = 0;
        for (int i = 0; i < np + ns && n < 24; i++) {
            /* Sparse primaries (about 3 an option) so that many options fit. */
            if (lcg(&s) % (uint32_t)(i < np ? np : 3) >= (i < np ? 3u : 1u))
                continue;
            items[n] = i;
            colors[n] = i >= np ? (int32_t)(lcg(&s) % 3) : 0;
            n++;
        }
        ck_assert_int_ge(dlx_add_option(p, items, colors, n), 0);
    }
    *n_options = no;
    return p;
}

/* The rules whose trees both strategies visit alike: the loop tests below
 * run once under each (_i). DLX_CHOOSE_MRV_RECENT visits a tree of its own
 * (dlx.h), so its expected values are the same known counts and brute
 * force, and links against bits. */
static const enum dlx_choose agreeing_rules[] = {DLX_CHOOSE_MRV, DLX_CHOOSE_MRV_RECENT};

START_TEST(strategies_agree_on_random_problems)
{
    const enum dlx_choose rule = agreeing_rules[_i];
    /* The small ones: against the brute force as well. */
    for (uint32_t seed = 1; seed <= 600; seed++) {
        struct random_problem r;
        make_random(&r, seed);
        dlx_problem *p = build_random(&r);
        ck_assert_int_eq(dlx_set_choose(p, rule), DLX_OK);
        ck_assert_uint_eq(strategies_agree(p, "small", seed), brute_force(&r, -1));
        for (int o = 0; o < r.no; o++) {
            if (dlx_commit(p, o) != DLX_OK)
                continue;
            ck_assert_uint_eq(strategies_agree(p, "small, one committed", seed),
                              brute_force(&r, o));
            ck_assert_int_eq(dlx_uncommit(p), DLX_OK);
        }
        dlx_free(p);
    }
    /* The larger ones: links and bits against each other, whole, with the
     * first option that can be committed, and split into prefixes. */
    for (uint32_t seed = 1, tried = 1; seed <= 150; seed++) {
        int no;
        dlx_problem *p;
        for (;;) { /* the next problem with a small enough tree (sparse ones explode) */
            p = build_random_large(tried++, &no);
            dlx_stats st;
            count_all(p);
            dlx_get_stats(p, &st);
            if (st.nodes <= 5000)
                break;
            dlx_free(p);
        }
        ck_assert_int_eq(dlx_set_choose(p, rule), DLX_OK);
        uint64_t whole = strategies_agree(p, "large", seed);
        for (int o = 0; o < no; o++)
            if (dlx_commit(p, o) == DLX_OK) {
                strategies_agree(p, "large, one committed", seed);
                ck_assert_int_eq(dlx_uncommit_all(p), DLX_OK);
                break;
            }
        /* Options kept out (DLX_EXCLUDE), with one put in. */
        ck_assert_int_eq(dlx_commit(p, DLX_EXCLUDE((int32_t)(seed % (uint32_t)no))), DLX_OK);
        ck_assert_int_eq(dlx_commit(p, DLX_EXCLUDE((int32_t)((seed * 7) % (uint32_t)no))),
                         DLX_OK);
        for (int o = no - 1; o >= 0; o--)
            if (dlx_commit(p, o) == DLX_OK)
                break;
        strategies_agree_x(p, "large, two excluded", seed, 2);
        ck_assert_int_eq(dlx_uncommit_all(p), DLX_OK);
        static struct prefix_list l;
        l.n = 0;
        if (dlx_enumerate_prefixes(p, 1, remember_prefix, &l) == DLX_OK) {
            uint64_t sum = 0;
            for (int k = 0; k < l.n; k++) {
                if (l.solution[k]) {
                    sum++;
                    continue;
                }
                for (int32_t j = 0; j < l.len[k]; j++)
                    ck_assert_int_eq(dlx_commit(p, l.opts[k][j]), DLX_OK);
                sum += strategies_agree(p, "large, prefix", seed);
                ck_assert_int_eq(dlx_uncommit_all(p), DLX_OK);
            }
            ck_assert_uint_eq(sum, whole);
        }
        dlx_free(p);
    }
}
END_TEST

/* The known problems: each strategy finds the known count (queens OEIS
 * A000170, Langford pairs twice A014552, pentominoes 3x20 2 x 4 symmetries,
 * proper 3-colourings of the Petersen graph: 120 from its chromatic
 * polynomial), with the same solutions in the same order and the same
 * nodes; and the default picks bits for all of them. */
/* Commitments without bounds wait to dance on the links until something
 * needs the links (commit.c): a search on bits never makes them dance, a
 * search on the links, an exclusion or a question does. Every order of
 * those gives the counts of the brute force. */
START_TEST(commitments_wait_for_the_links)
{
    for (uint32_t seed = 1; seed <= 300; seed++) {
        struct random_problem r;
        make_random(&r, seed);
        if (r.no < 3)
            continue;
        dlx_problem *p = build_random(&r);
        int32_t a = (int32_t)(seed % (uint32_t)r.no), b = (a + 1) % r.no, c = (a + 2) % r.no;
        uint32_t must = 0, forbid = 0;
        if (dlx_commit(p, a) == DLX_OK)
            must |= 1u << a;
        /* Only the records so far: bits, then a question, then the links. */
        ck_assert_int_eq(dlx_set_strategy(p, DLX_STRATEGY_BITS), DLX_OK);
        ck_assert_uint_eq(count_all(p), brute_force_with(&r, must));
        ck_assert_int_ge(dlx_active_items(p, NULL, 0), 0);
        ck_assert_int_eq(dlx_check(p), DLX_OK);
        ck_assert_int_eq(dlx_set_strategy(p, DLX_STRATEGY_LINKS), DLX_OK);
        ck_assert_uint_eq(count_all(p), brute_force_with(&r, must));
        /* An exclusion brings the links up to date; an inclusion after it
         * waits again, and taking it back touches nothing. */
        if (dlx_commit(p, DLX_EXCLUDE(b)) == DLX_OK)
            forbid |= (must >> b & 1) ? 0 : 1u << b;
        int with_c = dlx_commit(p, c) == DLX_OK;
        uint32_t must_c = must | (with_c ? 1u << c : 0);
        ck_assert_int_eq(dlx_set_strategy(p, DLX_STRATEGY_BITS), DLX_OK);
        ck_assert_uint_eq(count_all(p), brute_force_without(&r, must_c, forbid));
        if (with_c)
            ck_assert_int_eq(dlx_uncommit(p), DLX_OK);
        ck_assert_uint_eq(count_all(p), brute_force_without(&r, must, forbid));
        ck_assert_int_eq(dlx_set_strategy(p, DLX_STRATEGY_LINKS), DLX_OK);
        ck_assert_uint_eq(count_all(p), brute_force_without(&r, must, forbid));
        ck_assert_int_eq(dlx_uncommit_all(p), DLX_OK);
        ck_assert_int_eq(dlx_check(p), DLX_OK);
        ck_assert_uint_eq(count_all(p), brute_force(&r, -1));
        dlx_free(p);
    }
}
END_TEST

static dlx_problem *build_shidoku(void);
static dlx_problem *build_sudoku9(const char *givens);

/* The sudoku of order 4 (which 4) is the shape the bits' forced moves are
 * for: most levels have one option, and options share two items with
 * others (a row and a box of one symbol), so a trial's second kill list
 * starts with options the first took. 288 grids (OEIS A107739); with its
 * first row committed as 1 2 3 4 (b = 1), 288 / 4! = 12 by relabelling
 * the symbols (as tests/check_sudoku.c). */
START_TEST(strategies_agree_on_known_problems)
{
    static const struct { int which, a, b; uint64_t count; } cases[] = {
        {0, 8, 0, 92}, {0, 9, 1, 352}, {1, 7, 0, 52}, {1, 8, 0, 300},
        {2, 3, 20, 8}, {3, 3, 0, 120}, {3, 4, 0, 12960}, {4, 0, 0, 288}, {4, 0, 1, 12},
    };
    for (size_t t = 0; t < sizeof cases / sizeof cases[0]; t++) {
        dlx_problem *p = cases[t].which == 0   ? build_queens(cases[t].a)
                         : cases[t].which == 1 ? build_langford(cases[t].a)
                         : cases[t].which == 2 ? build_pentominoes(cases[t].a, cases[t].b)
                         : cases[t].which == 3 ? build_petersen(cases[t].a)
                                               : build_shidoku();
        if (cases[t].which == 0 && cases[t].b) { /* queens, rows and columns in order */
            dlx_free(p);
            p = dlx_new();
            ck_assert_int_eq(queens_build(p, cases[t].a, 0), 0);
        }
        for (int c = 0; c < 4 && cases[t].which == 4 && cases[t].b; c++)
            ck_assert_int_eq(dlx_commit(p, c * 4 + c), DLX_OK); /* cell (0, c) holds c + 1 */
        ck_assert_int_eq(dlx_set_choose(p, agreeing_rules[_i]), DLX_OK);
        ck_assert_int_eq(dlx_search_strategy(p), DLX_STRATEGY_BITS);
        ck_assert_uint_eq(strategies_agree(p, "known", (uint32_t)t), cases[t].count);
        dlx_free(p);
    }
}
END_TEST

/* DLX_CHOOSE_MRV_PATH visits a tree of its own, on the links whatever the
 * strategy asked: its expected values are known counts (OEIS A000170 for
 * queens, A014552 doubled for Langford pairs, Gardner's 2 x 4 = 8 tilings
 * of 3 x 20 by pentominoes), the brute force on random problems (with an
 * option committed), the same count in slices of 3 nodes as in one go (the
 * order of ties lives on across pauses) and again after a reset (each
 * search from the root starts from header order), and on 4 threads, whose
 * pieces keep orders of their own. */
START_TEST(path_rule_keeps_the_solutions)
{
    static const struct { int which, a, b; uint64_t count; } cases[] = {
        {0, 8, 0, 92}, {0, 10, 0, 724}, {1, 8, 0, 300}, {2, 3, 20, 8},
    };
    for (size_t t = 0; t < sizeof cases / sizeof cases[0]; t++) {
        dlx_problem *p = cases[t].which == 0   ? build_queens(cases[t].a)
                         : cases[t].which == 1 ? build_langford(cases[t].a)
                                               : build_pentominoes(cases[t].a, cases[t].b);
        ck_assert_int_eq(dlx_set_choose(p, DLX_CHOOSE_MRV_PATH), DLX_OK);
        ck_assert_int_eq(dlx_set_strategy(p, DLX_STRATEGY_BITS), DLX_OK);
        ck_assert_int_eq(dlx_search_strategy(p), DLX_STRATEGY_LINKS);
        dlx_reset_stats(p);
        ck_assert_uint_eq(count_all(p), cases[t].count);
        dlx_stats whole;
        dlx_get_stats(p, &whole);
        dlx_reset_stats(p);
        int rc;
        while ((rc = dlx_search(p, 3)) == DLX_PAUSED)
            ck_assert_int_eq(dlx_check(p), DLX_OK);
        ck_assert_int_eq(rc, DLX_OK);
        dlx_stats sliced;
        dlx_get_stats(p, &sliced);
        ck_assert_uint_eq(sliced.solutions, cases[t].count);
        ck_assert_uint_eq(sliced.nodes, whole.nodes);
        ck_assert_int_eq(dlx_reset(p), DLX_OK);
        dlx_reset_stats(p);
        ck_assert_uint_eq(count_all(p), cases[t].count);
        dlx_get_stats(p, &sliced);
        ck_assert_uint_eq(sliced.nodes, whole.nodes);
        ck_assert_int_eq(dlx_reset(p), DLX_OK);
        dlx_reset_stats(p);
        ck_assert_int_eq(dlx_search_threads(p, 4, NULL, NULL), DLX_OK);
        dlx_get_stats(p, &sliced);
        ck_assert_uint_eq(sliced.solutions, cases[t].count);
        dlx_free(p);
    }
    for (uint32_t seed = 1; seed <= 400; seed++) {
        struct random_problem r;
        make_random(&r, seed);
        dlx_problem *p = build_random(&r);
        ck_assert_int_eq(dlx_set_choose(p, DLX_CHOOSE_MRV_PATH), DLX_OK);
        ck_assert_uint_eq(count_all(p), brute_force(&r, -1));
        for (int o = 0; o < r.no; o++) {
            if (dlx_commit(p, o) != DLX_OK)
                continue;
            ck_assert_uint_eq(count_all(p), brute_force(&r, o));
            ck_assert_int_eq(dlx_uncommit(p), DLX_OK);
        }
        dlx_free(p);
    }
}
END_TEST

/* The 9 x 9 sudoku: 729 options over twelve words of bits, a column's
 * symbol in nine of them by id (the options cell by cell), so the bits
 * number the options their own way inside (by box, search_bits.c); the
 * same solutions, order and nodes still. Two puzzles of Gordon Royle's
 * collection of 17-clue puzzles (each has one solution: the collection is
 * of uniquely solvable ones). */
START_TEST(strategies_agree_on_sudoku)
{
    static const struct { const char *givens; uint64_t count; } cases[] = {
        {".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...", 1},
        {".................1.....2.3......425...6.......17....8.....7...64...6....9..8...1.", 1},
    };
    for (size_t t = 0; t < sizeof cases / sizeof cases[0]; t++) {
        dlx_problem *p = build_sudoku9(cases[t].givens);
        ck_assert_int_eq(dlx_set_choose(p, agreeing_rules[_i]), DLX_OK);
        ck_assert_int_eq(dlx_search_strategy(p), DLX_STRATEGY_BITS);
        ck_assert_uint_eq(strategies_agree(p, "sudoku", (uint32_t)t), cases[t].count);
        dlx_free(p);
    }
}
END_TEST

/* A numbering of the bits that would need fewer words but put an item's
 * options out of id order must be refused (search_bits.c): item 0, the one
 * primary item, has options 0 = {2, 0} and 64 = {1, 0} (secondary items 1
 * and 2), with 63 options without items between them. Grouped by their
 * first items they would come 64, 0: the search would find its two
 * solutions, {0} and {64} (item 0's two options: nothing else to cover),
 * in the wrong order. Grouped by their second, 0 and 64 stay in order. */
START_TEST(bits_keep_the_order_of_options)
{
    dlx_problem *p = dlx_new();
    ck_assert_int_eq(dlx_add_item(p, NULL, DLX_PRIMARY), 0);
    ck_assert_int_eq(dlx_add_item(p, NULL, DLX_SECONDARY), 1);
    ck_assert_int_eq(dlx_add_item(p, NULL, DLX_SECONDARY), 2);
    const int32_t first[2] = {2, 0}, last[2] = {1, 0};
    ck_assert_int_eq(dlx_add_option(p, first, NULL, 2), 0);
    for (int o = 1; o < 64; o++)
        ck_assert_int_eq(dlx_add_option(p, NULL, NULL, 0), o);
    ck_assert_int_eq(dlx_add_option(p, last, NULL, 2), 64);
    ck_assert_int_eq(dlx_set_choose(p, agreeing_rules[_i]), DLX_OK);
    ck_assert_int_eq(dlx_search_strategy(p), DLX_STRATEGY_BITS);
    ck_assert_uint_eq(strategies_agree(p, "order", 0), 2);
    dlx_free(p);
}
END_TEST

START_TEST(prefixes_add_up)
{
    static const struct { int which, n; } cases[] = {{0, 8}, {1, 7}, {2, 0}};
    for (size_t t = 0; t < sizeof cases / sizeof cases[0]; t++) {
        dlx_problem *p = cases[t].which == 0   ? build_queens(cases[t].n)
                         : cases[t].which == 1 ? build_langford(cases[t].n)
                                               : build_petersen(3);
        ck_assert_int_eq(dlx_set_choose(p, agreeing_rules[_i]), DLX_OK);
        uint64_t whole = count_all(p);
        for (int32_t depth = 0; depth <= 2; depth++) {
            static struct prefix_list l;
            l.n = 0;
            ck_assert_int_eq(dlx_enumerate_prefixes(p, depth, remember_prefix, &l), DLX_OK);
            ck_assert_int_eq(dlx_check(p), DLX_OK);
            uint64_t sum = 0;
            for (int k = 0; k < l.n; k++) {
                ck_assert_int_eq(l.len[k] <= depth, 1);
                if (l.solution[k]) {
                    sum++;
                    continue;
                }
                for (int32_t j = 0; j < l.len[k]; j++)
                    ck_assert_int_eq(dlx_commit(p, l.opts[k][j]), DLX_OK);
                sum += count_all(p);
                ck_assert_int_eq(dlx_uncommit_all(p), DLX_OK);
            }
            ck_assert_msg(sum == whole, "case %zu depth %d: %llu vs %llu", t, depth,
                          (unsigned long long)sum, (unsigned long long)whole);
            if (depth == 0)
                ck_assert_int_eq(l.n, 1);
        }
        struct prefix_sum s = {p, 0, 0};
        ck_assert_int_eq(dlx_enumerate_prefixes(p, 1, search_prefix, &s), DLX_OK);
        ck_assert_uint_gt(s.prefixes, 0);
        dlx_free(p);
    }
}
END_TEST

START_TEST(uncommit_all_mid_search_restores_everything)
{
    /* 8 queens with three queens placed that attack nobody (a1 b3 c5 are
     * squares of the first solution found below), a search stopped at its
     * first solution, then everything undone at once: the structure is as
     * built, and every count is as before. */
    dlx_problem *p = build_queens(8);
    uint64_t whole = count_all(p);
    struct collected c = {0};
    c.stop_after_each = 1;
    dlx_set_solution_fn(p, collect, &c);
    ck_assert_int_eq(dlx_search(p, 0), DLX_STOPPED);
    int32_t first[16];
    int32_t len = c.len[0];
    memcpy(first, c.sol[0], sizeof first);
    dlx_reset(p);
    for (int round = 0; round < 3; round++) {
        for (int k = 0; k < 3; k++)
            ck_assert_int_eq(dlx_commit(p, first[k]), DLX_OK);
        ck_assert_int_eq(dlx_commit_count(p), 3);
        c.n = 0;
        ck_assert_int_eq(dlx_search(p, 0), DLX_STOPPED);
        ck_assert_int_eq(c.len[0], len);
        ck_assert_int_eq(dlx_uncommit_all(p), DLX_OK);
        ck_assert_int_eq(dlx_commit_count(p), 0);
        ck_assert_int_eq(dlx_check(p), DLX_OK);
        dlx_set_solution_fn(p, NULL, NULL);
        ck_assert_uint_eq(count_all(p), whole);
        dlx_set_solution_fn(p, collect, &c);
    }
    dlx_free(p);
}
END_TEST

START_TEST(clone_is_independent)
{
    dlx_problem *p = build_queens(6);
    ck_assert_int_eq(dlx_commit(p, 1), DLX_OK); /* row 0... some square */
    uint64_t with = count_all(p);
    dlx_problem *c = dlx_clone(p);
    ck_assert_ptr_nonnull(c);
    ck_assert_int_eq(dlx_check(c), DLX_OK);
    ck_assert_uint_eq(count_all(c), with);
    ck_assert_int_eq(dlx_uncommit(c), DLX_OK);
    ck_assert_uint_eq(count_all(c), 4);
    ck_assert_uint_eq(count_all(p), with);
    dlx_free(c);
    dlx_free(p);
}
END_TEST

/* The clone carries the duplicate check's stamp with its marks: before the
 * clone became a structural copy, the clone of a two-option problem refused
 * a third option {a} as naming `a` twice (DLX_EDUP) while the original
 * accepted it. Both must take it, and then both have 1 solution ({a} {b}). */
START_TEST(clone_accepts_what_the_original_accepts)
{
    dlx_problem *p = dlx_new();
    ck_assert_ptr_nonnull(p);
    ck_assert_int_eq(dlx_add_item(p, "a", DLX_PRIMARY), 0);
    ck_assert_int_eq(dlx_add_item(p, "b", DLX_PRIMARY), 1);
    const int32_t ab[2] = {0, 1}, a = 0;
    ck_assert_int_eq(dlx_add_option(p, ab, NULL, 2), 0);
    ck_assert_int_eq(dlx_add_option(p, ab + 1, NULL, 1), 1);
    dlx_problem *c = dlx_clone(p);
    ck_assert_ptr_nonnull(c);
    ck_assert_int_eq(dlx_add_option(c, &a, NULL, 1), 2);
    ck_assert_int_eq(dlx_add_option(p, &a, NULL, 1), 2);
    ck_assert_int_eq(dlx_check(c), DLX_OK);
    ck_assert_uint_eq(count_all(c), 2); /* {a b}, and {a} with {b} */
    ck_assert_uint_eq(count_all(p), 2);
    dlx_free(c);
    dlx_free(p);
}
END_TEST

/* --- events -------------------------------------------------------------------- */

struct event_log {
    int count[DLX_EV_BACKTRACK + 1];
    int stop_at_try;
    const dlx_problem *p;
};

static int log_event(void *ctx, const dlx_event *ev)
{
    struct event_log *l = ctx;
    l->count[ev->kind]++;
    if (l->p)
        ck_assert_int_eq(dlx_level(l->p), ev->level);
    return l->stop_at_try && ev->kind == DLX_EV_TRY && l->count[DLX_EV_TRY] == l->stop_at_try;
}

START_TEST(events_balance)
{
    dlx_problem *p = build_paper();
    struct event_log l = {{0}, 0, p};
    dlx_set_event_fn(p, log_event, &l);
    ck_assert_uint_eq(count_all(p), 1);
    ck_assert_int_eq(l.count[DLX_EV_SOLUTION], 1);
    ck_assert_int_eq(l.count[DLX_EV_CHOOSE], 5);
    ck_assert_int_eq(l.count[DLX_EV_DEAD_END], 1);
    ck_assert_int_eq(l.count[DLX_EV_COVER], l.count[DLX_EV_UNCOVER]);
    ck_assert_int_eq(l.count[DLX_EV_BACKTRACK], l.count[DLX_EV_CHOOSE]);
    /* A hook can stop the search; it resumes where it stopped. */
    memset(&l, 0, sizeof l);
    l.stop_at_try = 2;
    dlx_reset_stats(p);
    ck_assert_int_eq(dlx_search(p, 0), DLX_STOPPED);
    ck_assert_int_eq(dlx_search(p, 0), DLX_OK);
    dlx_stats st;
    dlx_get_stats(p, &st);
    ck_assert_uint_eq(st.solutions, 1);
    ck_assert_uint_eq(st.nodes, 6);
    dlx_free(p);
}
END_TEST

/* --- out of memory --------------------------------------------------------------- */

struct failing_alloc {
    long budget; /* allocations allowed before failing; < 0: never fail */
    long live;   /* blocks currently held */
};

static void *fail_alloc(void *ud, void *ptr, size_t old_size, size_t new_size)
{
    struct failing_alloc *f = ud;
    (void)old_size;
    if (new_size == 0) {
        if (ptr)
            f->live--;
        free(ptr);
        return NULL;
    }
    if (f->budget == 0)
        return NULL;
    if (f->budget > 0)
        f->budget--;
    void *q = realloc(ptr, new_size);
    if (q && !ptr)
        f->live++;
    return q;
}

START_TEST(out_of_memory_is_an_error_not_a_crash)
{
    /* Fail the k-th allocation for every k until building and counting the
     * 6-queens problem succeeds: each failure must come back as DLX_ENOMEM
     * (or NULL from dlx_new_alloc) and leak nothing. */
    int succeeded = 0;
    for (long k = 0; k < 200 && !succeeded; k++) {
        struct failing_alloc f = {k, 0};
        dlx_problem *p = dlx_new_alloc(fail_alloc, &f);
        if (p) {
            int ok = 1;
            for (int i = 0; i < 40 && ok; i++) {
                int32_t rc = dlx_add_item(p, "item-with-a-name", i < 20 ? DLX_PRIMARY : DLX_SECONDARY);
                if (rc < 0) {
                    ck_assert_int_eq(rc, DLX_ENOMEM);
                    ok = 0;
                }
            }
            for (int o = 0; o < 200 && ok; o++) {
                /* each primary item i has ten options, all with secondary
                 * 20 + i: 10^20 solutions, of which the limit takes three */
                int32_t items[2] = {o % 20, 20 + o % 20};
                int32_t rc = dlx_add_option(p, items, NULL, 2);
                if (rc < 0) {
                    ck_assert_int_eq(rc, DLX_ENOMEM);
                    ok = 0;
                }
            }
            ck_assert_int_eq(dlx_check(p), DLX_OK);
            if (ok) {
                int rc = dlx_commit(p, 0);
                ck_assert(rc == DLX_OK || rc == DLX_ENOMEM);
                uint64_t n;
                dlx_set_limit(p, 3);
                rc = dlx_count(p, &n);
                ck_assert(rc == DLX_STOPPED || rc == DLX_ENOMEM);
                if (rc == DLX_STOPPED)
                    rc = DLX_OK;
                ck_assert(rc == DLX_OK || rc == DLX_ENOMEM);
                if (rc == DLX_OK)
                    succeeded = 1;
            }
            dlx_free(p);
        }
        ck_assert_int_eq(f.live, 0);
    }
    ck_assert_int_eq(succeeded, 1);
}
END_TEST

/* --- the inference (dlx_set_inference) --------------------------------------- */

/* Random problems where the inference has work: 3 to 6 primary items, up to
 * 2 secondary ones (coloured as make_random colours them), 10 options of 2
 * or 3 items each, so that items with few options sharing a second item are
 * common. */
static void make_random_dense(struct random_problem *r, uint32_t seed)
{
    uint32_t s = seed * 2654435761u + 7u;
    r->np = 3 + (int)(lcg(&s) % 4);
    r->ns = (int)(lcg(&s) % 3);
    r->no = 10;
    for (int o = 0; o < r->no; o++) {
        int want = 2 + (int)(lcg(&s) % 2), n = 0;
        uint32_t used = 0;
        while (n < want) {
            int i = (int)(lcg(&s) % (uint32_t)(r->np + r->ns));
            if (used & (1u << i))
                continue;
            used |= 1u << i;
            n++;
        }
        r->size[o] = 0;
        for (int i = 0; i < r->np + r->ns; i++)
            if (used & (1u << i)) {
                r->items[o][r->size[o]] = i;
                r->colors[o][r->size[o]] = i >= r->np ? (int32_t)(lcg(&s) % 3) : 0;
                r->size[o]++;
            }
    }
}

/* Every solution of p, each as a bit set of its options, sorted: the same
 * set whatever order a search finds them in. */
struct solution_sets {
    int n;
    uint32_t set[1024];
};

static int remember_set(void *ctx, const int32_t *options, int32_t count)
{
    struct solution_sets *s = ctx;
    uint32_t set = 0;
    for (int32_t k = 0; k < count; k++)
        set |= 1u << options[k];
    ck_assert_int_lt(s->n, 1024);
    s->set[s->n++] = set;
    return 0;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

static void solution_sets(dlx_problem *p, struct solution_sets *out)
{
    out->n = 0;
    dlx_set_solution_fn(p, remember_set, out);
    dlx_reset(p);
    ck_assert_int_eq(dlx_search(p, 0), DLX_OK);
    ck_assert_int_eq(dlx_check(p), DLX_OK);
    dlx_reset(p);
    dlx_set_solution_fn(p, NULL, NULL);
    qsort(out->set, (size_t)out->n, sizeof out->set[0], cmp_u32);
}

/* With the inference at each threshold, the same solutions as the brute
 * force counts and as the search without it finds (the same sets of
 * options), with a sound structure after; paused every 3 nodes, sound at
 * each pause; with an option committed, the brute force's count of the
 * solutions holding it. Over all the problems the inference must have taken
 * options out (else this tests nothing). */
START_TEST(inference_keeps_the_solutions)
{
    static const int32_t thresholds[] = {2, 3, 10};
    uint64_t inferred = 0, problems_inferring = 0;
    static struct solution_sets plain, with;
    for (uint32_t seed = 1; seed <= 1200; seed++) {
        struct random_problem r;
        if (seed <= 600)
            make_random(&r, seed);
        else
            make_random_dense(&r, seed);
        dlx_problem *p = build_random(&r);
        uint64_t expect = brute_force(&r, -1);
        solution_sets(p, &plain);
        ck_assert_uint_eq((uint64_t)plain.n, expect);
        for (size_t t = 0; t < sizeof thresholds / sizeof thresholds[0]; t++) {
            ck_assert_int_eq(dlx_set_inference(p, DLX_INFER_SHARED_ITEM, thresholds[t]), DLX_OK);
            dlx_reset_stats(p);
            solution_sets(p, &with);
            ck_assert_msg(with.n == plain.n, "seed %u threshold %d: %d solutions, want %d", seed,
                          (int)thresholds[t], with.n, plain.n);
            for (int k = 0; k < with.n; k++)
                ck_assert_uint_eq(with.set[k], plain.set[k]);
            inferred += dlx_inferred(p);
            problems_inferring += dlx_inferred(p) > 0;
            /* In slices of 3 nodes: the links sound at every pause. */
            int rc;
            while ((rc = dlx_search(p, 3)) == DLX_PAUSED)
                ck_assert_int_eq(dlx_check(p), DLX_OK);
            ck_assert_int_eq(rc, DLX_OK);
            dlx_reset(p);
            for (int o = 0; o < r.no; o++) {
                if (dlx_commit(p, o) != DLX_OK)
                    continue;
                ck_assert_msg(count_all(p) == brute_force(&r, o), "seed %u commit %d", seed, o);
                ck_assert_int_eq(dlx_uncommit(p), DLX_OK);
            }
            ck_assert_int_eq(dlx_check(p), DLX_OK);
        }
        ck_assert_int_eq(dlx_set_inference(p, DLX_INFER_NONE, 0), DLX_OK);
        ck_assert_uint_eq(count_all(p), expect);
        dlx_free(p);
    }
    ck_assert_uint_gt(inferred, 1000);
    ck_assert_uint_gt(problems_inferring, 100);
}
END_TEST

/* Problems where an item A often has several Bs at once and the inference
 * needs more than one pass (infer.c narrows A's candidate Bs option by
 * option, and its later passes visit only the items a removal changed):
 * 6 to 12 primary items in groups of three, 24 options of 2 to 5 items,
 * an item's whole group coming with it three times in four. Each option
 * is a bit set of items for the brute force below. */
struct grouped_problem {
    int np, no;
    int size[24];
    int32_t items[24][12];
    uint32_t mask[24];
};

static void make_grouped(struct grouped_problem *g, uint32_t seed)
{
    uint32_t s = seed * 2246822519u + 3u;
    g->np = 6 + (int)(lcg(&s) % 7);
    g->no = 24;
    for (int o = 0; o < g->no; o++) {
        int want = 2 + (int)(lcg(&s) % 4);
        uint32_t m = 0;
        while (__builtin_popcount(m) < want) {
            int i = (int)(lcg(&s) % (uint32_t)g->np);
            if (lcg(&s) % 4 != 0)
                for (int j = i / 3 * 3; j < i / 3 * 3 + 3 && j < g->np; j++)
                    m |= 1u << j;
            else
                m |= 1u << i;
        }
        g->mask[o] = m;
        g->size[o] = 0;
        for (int i = 0; i < g->np; i++)
            if (m & (1u << i))
                g->items[o][g->size[o]++] = i;
    }
}

/* The brute force, independent of the engine: cover the lowest uncovered
 * item with each option that fits, recursively; every exact cover is
 * recorded as its set of options. */
static void grouped_covers(const struct grouped_problem *g, uint32_t covered, uint32_t chosen,
                           struct solution_sets *out)
{
    uint32_t all = (1u << g->np) - 1;
    if (covered == all) {
        ck_assert_int_lt(out->n, 1024);
        out->set[out->n++] = chosen;
        return;
    }
    int i = __builtin_ctz(~covered & all);
    for (int o = 0; o < g->no; o++)
        if ((g->mask[o] & (1u << i)) && !(g->mask[o] & covered))
            grouped_covers(g, covered | g->mask[o], chosen | 1u << o, out);
}

/* On those, the inference at each threshold and under the three MRV rules
 * (the sudoku solver's turns use them) finds the brute force's solutions, the
 * links sound after and at every pause of 2 nodes; it must have taken
 * options out on many of them. */
START_TEST(inference_on_grouped_items)
{
    static const int32_t thresholds[] = {2, 3, 6};
    static const enum dlx_choose rules[] = {DLX_CHOOSE_MRV, DLX_CHOOSE_MRV_RECENT,
                                            DLX_CHOOSE_MRV_PATH};
    static struct solution_sets want, got;
    uint64_t problems_inferring = 0, inferred = 0;
    for (uint32_t seed = 1; seed <= 400; seed++) {
        struct grouped_problem g;
        make_grouped(&g, seed);
        want.n = 0;
        grouped_covers(&g, 0, 0, &want);
        qsort(want.set, (size_t)want.n, sizeof want.set[0], cmp_u32);
        dlx_problem *p = dlx_new();
        for (int i = 0; i < g.np; i++)
            ck_assert_int_eq(dlx_add_item(p, NULL, DLX_PRIMARY), i);
        for (int o = 0; o < g.no; o++)
            ck_assert_int_eq(dlx_add_option(p, g.items[o], NULL, g.size[o]), o);
        for (size_t t = 0; t < sizeof thresholds / sizeof thresholds[0]; t++)
            for (size_t c = 0; c < sizeof rules / sizeof rules[0]; c++) {
                ck_assert_int_eq(dlx_set_inference(p, DLX_INFER_SHARED_ITEM, thresholds[t]),
                                 DLX_OK);
                ck_assert_int_eq(dlx_set_choose(p, rules[c]), DLX_OK);
                dlx_reset_stats(p);
                solution_sets(p, &got);
                ck_assert_msg(got.n == want.n, "seed %u threshold %d rule %zu: %d solutions, want %d",
                              seed, (int)thresholds[t], c, got.n, want.n);
                for (int k = 0; k < got.n; k++)
                    ck_assert_uint_eq(got.set[k], want.set[k]);
                inferred += dlx_inferred(p);
                problems_inferring += dlx_inferred(p) > 0;
                dlx_reset_stats(p);
                int rc;
                while ((rc = dlx_search(p, 2)) == DLX_PAUSED)
                    ck_assert_int_eq(dlx_check(p), DLX_OK);
                ck_assert_int_eq(rc, DLX_OK);
                dlx_stats st;
                dlx_get_stats(p, &st);
                ck_assert_uint_eq(st.solutions, (uint64_t)want.n);
                dlx_reset(p);
            }
        dlx_free(p);
    }
    ck_assert_uint_gt(problems_inferring, 300);
    ck_assert_uint_gt(inferred, 3000);
}
END_TEST

/* The 4 x 4 sudoku as exact cover (cell, row-symbol, column-symbol and
 * box-symbol items): 288 grids (the number of 4 x 4 sudokus, e.g. OEIS
 * A107739). */
static dlx_problem *build_shidoku(void)
{
    dlx_problem *p = dlx_new();
    for (int k = 0; k < 64; k++)
        ck_assert_int_eq(dlx_add_item(p, NULL, DLX_PRIMARY), k);
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 4; c++)
            for (int v = 0; v < 4; v++) {
                int b = r / 2 * 2 + c / 2;
                int32_t items[4] = {r * 4 + c, 16 + r * 4 + v, 32 + c * 4 + v, 48 + b * 4 + v};
                ck_assert_int_ge(dlx_add_option(p, items, NULL, 4), 0);
            }
    return p;
}

/* The 9 x 9 sudoku as exact cover, as build_shidoku(), with `givens` (81
 * characters, '1'-'9' or another for an empty cell) committed. */
static dlx_problem *build_sudoku9(const char *givens)
{
    dlx_problem *p = dlx_new();
    for (int k = 0; k < 324; k++)
        ck_assert_int_eq(dlx_add_item(p, NULL, DLX_PRIMARY), k);
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++)
            for (int v = 0; v < 9; v++) {
                int b = r / 3 * 3 + c / 3;
                int32_t items[4] = {r * 9 + c, 81 + r * 9 + v, 162 + c * 9 + v, 243 + b * 9 + v};
                ck_assert_int_eq(dlx_add_option(p, items, NULL, 4), (r * 9 + c) * 9 + v);
            }
    for (int i = 0; i < 81; i++)
        if (givens[i] >= '1' && givens[i] <= '9')
            ck_assert_int_eq(dlx_commit(p, i * 9 + givens[i] - '1'), DLX_OK);
    return p;
}

/* The known counts are unchanged by the inference at each threshold (each
 * source as in the tests above), the structure sound after; without it the
 * counts are the same again. The inference must have had work on some of
 * them (Langford pairs, the pentominoes and the Petersen graph: on the
 * empty 4 x 4 sudoku and the queens it only ever meets nodes with a forced
 * move, where it does nothing). */
START_TEST(inference_keeps_known_counts)
{
    static const struct { int which, a, b; uint64_t count; } cases[] = {
        {0, 1, 0, 1},   {0, 4, 0, 2},   {0, 6, 0, 4},   {0, 8, 0, 92}, {0, 10, 0, 724},
        {1, 3, 0, 2},   {1, 4, 0, 2},   {1, 5, 0, 0},   {1, 7, 0, 52}, {1, 8, 0, 300},
        {2, 3, 20, 8},  {3, 3, 0, 120}, {3, 4, 0, 12960}, {4, 0, 0, 288},
    };
    static const int32_t thresholds[] = {2, 4, 1000};
    uint64_t inferred = 0;
    for (size_t t = 0; t < sizeof cases / sizeof cases[0]; t++) {
        dlx_problem *p = cases[t].which == 0   ? build_queens(cases[t].a)
                         : cases[t].which == 1 ? build_langford(cases[t].a)
                         : cases[t].which == 2 ? build_pentominoes(cases[t].a, cases[t].b)
                         : cases[t].which == 3 ? build_petersen(cases[t].a)
                                               : build_shidoku();
        ck_assert_uint_eq(count_all(p), cases[t].count);
        for (size_t k = 0; k < sizeof thresholds / sizeof thresholds[0]; k++) {
            ck_assert_int_eq(dlx_set_inference(p, DLX_INFER_SHARED_ITEM, thresholds[k]), DLX_OK);
            ck_assert_int_eq(dlx_search_strategy(p), DLX_STRATEGY_LINKS);
            dlx_reset_stats(p);
            ck_assert_msg(count_all(p) == cases[t].count, "case %zu threshold %d", t,
                          (int)thresholds[k]);
            inferred += dlx_inferred(p);
        }
        ck_assert_int_eq(dlx_set_inference(p, DLX_INFER_NONE, 0), DLX_OK);
        ck_assert_uint_eq(count_all(p), cases[t].count);
        dlx_free(p);
    }
    ck_assert_uint_gt(inferred, 0);
}
END_TEST

static int count_events(void *ctx, const dlx_event *ev)
{
    (void)ev;
    ++*(uint64_t *)ctx;
    return 0;
}

/* The settings and where the inference is not used: refused during a
 * search, bad arguments, an event hook (the plain dance), bounds (Algorithm
 * M), a clone (keeps the setting), the parallel search (the same count). */
START_TEST(inference_settings_and_limits)
{
    /* Langford pairs, n = 8: 300 (as in the tests above); the inference
     * takes options out there (45 in a count), the empty 4 x 4 sudoku,
     * whose locked candidates come only with a forced move, none. */
    dlx_problem *p = build_langford(8);
    ck_assert_int_eq(dlx_set_inference(NULL, DLX_INFER_SHARED_ITEM, 4), DLX_EINVAL);
    ck_assert_int_eq(dlx_set_inference(p, DLX_INFER_SHARED_ITEM, 1), DLX_EINVAL);
    ck_assert_int_eq(dlx_set_inference(p, (enum dlx_inference)7, 4), DLX_EINVAL);
    int32_t most = -1;
    ck_assert_int_eq(dlx_inference(p, &most), DLX_INFER_NONE);
    ck_assert_int_eq(most, 0);
    ck_assert_int_eq(dlx_set_inference(p, DLX_INFER_SHARED_ITEM, 4), DLX_OK);
    ck_assert_int_eq(dlx_inference(p, &most), DLX_INFER_SHARED_ITEM);
    ck_assert_int_eq(most, 4);
    ck_assert_int_eq(dlx_inference(NULL, NULL), DLX_INFER_NONE);
    ck_assert_int_eq(dlx_search(p, 5), DLX_PAUSED);
    ck_assert_int_eq(dlx_set_inference(p, DLX_INFER_NONE, 0), DLX_EBUSY);
    ck_assert_int_eq(dlx_check(p), DLX_OK);
    /* Abandoned mid-search both ways: the links as built. */
    ck_assert_int_eq(dlx_reset(p), DLX_OK);
    ck_assert_int_eq(dlx_check(p), DLX_OK);
    ck_assert_int_eq(dlx_commit(p, 0), DLX_OK);
    ck_assert_int_eq(dlx_search(p, 7), DLX_PAUSED);
    ck_assert_int_eq(dlx_uncommit_all(p), DLX_OK);
    ck_assert_int_eq(dlx_check(p), DLX_OK);
    dlx_stats st;
    dlx_reset_stats(p);
    ck_assert_uint_eq(count_all(p), 300);
    ck_assert_uint_gt(dlx_inferred(p), 0);

    dlx_problem *c = dlx_clone(p);
    ck_assert_ptr_nonnull(c);
    ck_assert_uint_eq(count_all(c), 300);
    ck_assert_uint_gt(dlx_inferred(c), 0);
    dlx_free(c);

    uint64_t events = 0;
    dlx_set_event_fn(p, count_events, &events);
    dlx_reset_stats(p);
    ck_assert_uint_eq(count_all(p), 300);
    ck_assert_uint_eq(dlx_inferred(p), 0);
    ck_assert_uint_gt(events, 0);
    dlx_set_event_fn(p, NULL, NULL);

    dlx_reset_stats(p);
    ck_assert_int_eq(dlx_search_threads(p, 2, NULL, NULL), DLX_OK);
    dlx_get_stats(p, &st);
    ck_assert_uint_eq(st.solutions, 300);
    /* The threads' removals are added up into the caller's problem. */
    ck_assert_uint_gt(dlx_inferred(p), 0);
    ck_assert_int_eq(dlx_check(p), DLX_OK);
    dlx_free(p);

    /* With bounds: each of items 0 and 1 covered once or twice by options
     * {0}, {1}, {0 1}: by hand, every non-empty subset covering both, that
     * is {0 1}, {0}{1}, {0}{0 1}, {1}{0 1} and all three: 5. The inference
     * is not used. */
    p = dlx_new();
    ck_assert_int_eq(dlx_add_item_bounds(p, NULL, DLX_PRIMARY, 1, 2), 0);
    ck_assert_int_eq(dlx_add_item_bounds(p, NULL, DLX_PRIMARY, 1, 2), 1);
    static const int32_t o0[] = {0}, o1[] = {1}, o01[] = {0, 1};
    ck_assert_int_ge(dlx_add_option(p, o0, NULL, 1), 0);
    ck_assert_int_ge(dlx_add_option(p, o1, NULL, 1), 0);
    ck_assert_int_ge(dlx_add_option(p, o01, NULL, 2), 0);
    ck_assert_int_eq(dlx_set_inference(p, DLX_INFER_SHARED_ITEM, 2), DLX_OK);
    dlx_reset_stats(p);
    ck_assert_uint_eq(count_all(p), 5);
    ck_assert_uint_eq(dlx_inferred(p), 0);
    dlx_free(p);
}
END_TEST

/* --- the index of the choice (search.c), for many items ------------------------
 * With many primary items and little work a node, the fast loops choose
 * from an index instead of scanning every active item, and must pick the
 * very item the scan picks (search.c has the argument). The loop behind an
 * event hook names the chosen item in its events and always scans, so each
 * problem is searched both ways, with and without a hook that does
 * nothing, and the two must give the same solutions in the same order, the
 * same nodes and updates. The problems are shaped for the index (at least
 * 256 primary items, few items changed a node); that it is used was
 * checked by hand: with ties in choose_item_indexed() going to the last
 * item instead of the first, every random case below fails. */

static int index_ignore_event(void *ctx, const dlx_event *ev)
{
    (void)ctx;
    (void)ev;
    return 0;
}

struct order_figures {
    uint64_t solutions, nodes, updates, hash; /* hash: of every solution, in order */
    int rc;
};

static int hash_solution(void *ctx, const int32_t *options, int32_t count)
{
    struct order_figures *f = ctx;
    f->solutions++;
    for (int32_t k = 0; k < count; k++)
        f->hash = (f->hash ^ (uint32_t)options[k]) * 1099511628211u; /* FNV-1a */
    f->hash = (f->hash ^ 0xffu) * 1099511628211u; /* the end of a solution */
    return 0;
}

/* Searches p from the start, in slices of `slice` nodes (0: one go), at
 * most `budget` nodes, with the no-op hook or without; reset afterwards. */
static struct order_figures search_in_order(dlx_problem *p, int hook, uint64_t slice,
                                            uint64_t budget)
{
    struct order_figures f = {0, 0, 0, 14695981039346656037u, DLX_PAUSED};
    struct sliced s =
        search_sliced(p, hook ? index_ignore_event : NULL, hash_solution, &f, slice, budget);
    f.nodes = s.nodes;
    f.updates = s.updates;
    f.rc = s.rc;
    return f;
}

static void assert_same_order(struct order_figures a, struct order_figures b, const char *what,
                              uint32_t seed)
{
    ck_assert_msg(a.rc == b.rc && a.solutions == b.solutions && a.hash == b.hash &&
                      a.nodes == b.nodes && a.updates == b.updates,
                  "%s, seed %u: without the hook %d, %llu solutions (hash %llx), %llu nodes, "
                  "%llu updates; with it %d, %llu (%llx), %llu, %llu",
                  what, seed, a.rc, (unsigned long long)a.solutions, (unsigned long long)a.hash,
                  (unsigned long long)a.nodes, (unsigned long long)a.updates, b.rc,
                  (unsigned long long)b.solutions, (unsigned long long)b.hash,
                  (unsigned long long)b.nodes, (unsigned long long)b.updates);
}

/* A random exact-cover problem for the index: `primary` items and, with
 * colours, 16 secondary ones; every primary item has an option of its own
 * (so solutions abound), and `extra` options of 2..len primary items that
 * lie close together (item k and a few after it: few words flagged a
 * node), with colours up to 2 secondary items at colour 1 or 2, or none. */
static dlx_problem *build_index_problem(uint32_t seed, int32_t primary, int32_t extra,
                                        int32_t len, int colors)
{
    uint32_t x = seed * 2654435761u + 7;
#define NEXT(m) ((x = x * 1103515245u + 12345u), (int32_t)((x >> 8) % (uint32_t)(m)))
    dlx_problem *p = dlx_new();
    ck_assert_ptr_nonnull(p);
    char name[16];
    for (int32_t k = 0; k < primary; k++) {
        snprintf(name, sizeof name, "p%d", (int)k);
        ck_assert_int_eq(dlx_add_item(p, name, DLX_PRIMARY), k);
    }
    for (int32_t k = 0; colors && k < 16; k++) {
        snprintf(name, sizeof name, "s%d", (int)k);
        ck_assert_int_eq(dlx_add_item(p, name, DLX_SECONDARY), primary + k);
    }
    /* The options of one item and the others, shuffled together, so that
     * items' lists mix both kinds in every order. */
    int32_t total = primary + extra, singles = 0;
    for (int32_t o = 0; o < total; o++) {
        int32_t items[16], cols[16], n = 0;
        if (singles < primary && (o - singles >= extra || NEXT(total) < primary)) {
            items[n] = singles++;
            cols[n++] = 0;
        } else {
            int32_t base = NEXT(primary), want = 2 + NEXT(len - 1);
            while (n < want) {
                int32_t y = (base + NEXT(40)) % primary, dup = 0;
                for (int32_t i = 0; i < n; i++)
                    dup |= items[i] == y;
                if (!dup) {
                    items[n] = y;
                    cols[n++] = 0;
                }
            }
            for (int32_t k = colors ? NEXT(3) : 0; k > 0; k--) {
                int32_t y = primary + NEXT(16), dup = 0;
                for (int32_t i = 0; i < n; i++)
                    dup |= items[i] == y;
                if (!dup) {
                    items[n] = y;
                    cols[n++] = NEXT(3);
                }
            }
        }
        ck_assert_int_ge(dlx_add_option(p, items, cols, n), 0);
    }
#undef NEXT
    return p;
}

static const struct index_case {
    int32_t primary, extra, len;
    int colors;
    enum dlx_choose rule;
    uint64_t budget; /* nodes searched each way */
} index_cases[] = {
    {600, 300, 3, 0, DLX_CHOOSE_MRV, 20000},
    {1200, 600, 3, 1, DLX_CHOOSE_MRV, 20000},
    {5000, 2000, 3, 0, DLX_CHOOSE_MRV, 5000},
    {600, 300, 3, 0, DLX_CHOOSE_MRV_RECENT, 20000},
    {1200, 600, 3, 1, DLX_CHOOSE_MRV_RECENT, 20000},
};

START_TEST(index_chooses_as_the_scan)
{
    const struct index_case *c = &index_cases[_i];
    for (uint32_t seed = 1; seed <= 3; seed++) {
        dlx_problem *p = build_index_problem(seed + 10 * (uint32_t)_i, c->primary, c->extra,
                                             c->len, c->colors);
        ck_assert_int_eq(dlx_set_strategy(p, DLX_STRATEGY_LINKS), DLX_OK);
        ck_assert_int_eq(dlx_set_choose(p, c->rule), DLX_OK);
        struct order_figures scan = search_in_order(p, 1, 0, c->budget);
        ck_assert_uint_gt(scan.solutions, 0);
        assert_same_order(search_in_order(p, 0, 0, c->budget), scan, "one go", seed);
        /* In slices: the index is kept from one to the next. */
        assert_same_order(search_in_order(p, 0, 777, c->budget), scan, "slices", seed);
        /* Slices alternating with and without the hook: each loop takes
         * over from the other, and the index is made again after the
         * scanning ones. */
        {
            struct order_figures f = {0, 0, 0, 14695981039346656037u, DLX_PAUSED};
            dlx_set_solution_fn(p, hash_solution, &f);
            ck_assert_int_eq(dlx_reset(p), DLX_OK);
            dlx_reset_stats(p);
            for (uint64_t done = 0, k = 0; done < c->budget && f.rc == DLX_PAUSED; k++) {
                dlx_set_event_fn(p, k % 2 ? index_ignore_event : NULL, NULL);
                f.rc = dlx_search(p, 500);
                ck_assert_int_ge(f.rc, 0);
                done += 500;
            }
            dlx_stats st;
            dlx_get_stats(p, &st);
            f.nodes = st.nodes;
            f.updates = st.updates;
            dlx_set_event_fn(p, NULL, NULL);
            dlx_set_solution_fn(p, NULL, NULL);
            ck_assert_int_eq(dlx_reset(p), DLX_OK);
            assert_same_order(f, scan, "alternating", seed);
        }
        dlx_problem *q = dlx_clone(p);
        ck_assert_ptr_nonnull(q);
        assert_same_order(search_in_order(q, 0, 0, c->budget), scan, "clone", seed);
        dlx_free(q);
        /* With an option committed first. */
        ck_assert_int_eq(dlx_commit(p, 0), DLX_OK);
        struct order_figures scan1 = search_in_order(p, 1, 0, c->budget);
        assert_same_order(search_in_order(p, 0, 0, c->budget), scan1, "committed", seed);
        ck_assert_int_eq(dlx_uncommit(p), DLX_OK);
        dlx_free(p);
    }
}
END_TEST

/* n items, item k alone in option k: the shape on which the scan was
 * quadratic (100,000 items: 17 s; docs/robustness.md). Worked out by
 * hand: every level chooses an item with one option and covers it (one
 * update, nothing to hide), so the one solution is node n + 1 after n
 * updates, and its options come level by level in item order (each level
 * takes the leftmost item of one option). Searched with the index and,
 * for the smaller n, through the hook with the scan; the search in two
 * threads finds the same. */
static const int32_t single_cases[] = {300, 3000, 30000};

static int single_solution(void *ctx, const int32_t *options, int32_t count)
{
    int32_t *ok = ctx;
    for (int32_t k = 0; k < count; k++)
        if (options[k] != k)
            *ok = 0;
    return 0;
}

START_TEST(many_single_option_items)
{
    const int32_t n = single_cases[_i];
    dlx_problem *p = dlx_new();
    ck_assert_ptr_nonnull(p);
    char name[16];
    for (int32_t k = 0; k < n; k++) {
        snprintf(name, sizeof name, "i%d", (int)k);
        ck_assert_int_eq(dlx_add_item(p, name, DLX_PRIMARY), k);
    }
    for (int32_t k = 0; k < n; k++)
        ck_assert_int_eq(dlx_add_option(p, &k, NULL, 1), k);
    ck_assert_int_eq(dlx_set_strategy(p, DLX_STRATEGY_LINKS), DLX_OK); /* not bits at 300 */
    for (int hook = 0; hook <= (n <= 3000); hook++) {
        int32_t ok = 1;
        dlx_set_event_fn(p, hook ? index_ignore_event : NULL, NULL);
        dlx_set_solution_fn(p, single_solution, &ok);
        dlx_reset_stats(p);
        ck_assert_int_eq(dlx_search(p, 0), DLX_OK);
        dlx_stats st;
        dlx_get_stats(p, &st);
        ck_assert_uint_eq(st.solutions, 1);
        ck_assert_uint_eq(st.nodes, (uint64_t)n + 1);
        ck_assert_uint_eq(st.updates, (uint64_t)n);
        ck_assert_int_eq(ok, 1);
        ck_assert_int_eq(dlx_reset(p), DLX_OK);
    }
    dlx_set_event_fn(p, NULL, NULL);
    dlx_set_solution_fn(p, NULL, NULL);
    dlx_reset_stats(p);
    ck_assert_int_eq(dlx_search_threads(p, 2, NULL, NULL), DLX_OK);
    dlx_stats st;
    dlx_get_stats(p, &st);
    ck_assert_uint_eq(st.solutions, 1);
    ck_assert_uint_eq(st.nodes, (uint64_t)n + 1);
    ck_assert_uint_eq(st.updates, (uint64_t)n);
    dlx_free(p);
}
END_TEST

Suite *dlx_suite(void); /* called by tests/main.c */
Suite *dlx_suite(void)
{
    Suite *s = suite_create("dlx");
    TCase *basic = tcase_create("basic");
    tcase_add_test(basic, paper_example_has_one_solution);
    tcase_add_test(basic, names_and_questions);
    tcase_add_test(basic, building_errors);
    tcase_add_test(basic, no_items_has_one_empty_solution);
    tcase_add_test(basic, uncovered_item_has_no_solution);
    tcase_add_test(basic, secondary_only_options_are_never_chosen);
    tcase_add_test(basic, colours_agree_share_disagree_exclude);
    suite_add_tcase(s, basic);

    TCase *counts = tcase_create("known counts");
    tcase_set_timeout(counts, 60);
    tcase_add_test(counts, queens_counts);
    tcase_add_test(counts, langford_counts);
    tcase_add_test(counts, pentominoes_3x20);
    tcase_add_test(counts, petersen_colourings);
    tcase_add_test(counts, many_primary_items_product_rule);
    tcase_add_test(counts, random_problems_match_brute_force);
    tcase_add_test(counts, path_rule_keeps_the_solutions);
    tcase_add_test(counts, commitments_wait_for_the_links);
    tcase_add_test(counts, inference_keeps_the_solutions);
    tcase_add_test(counts, inference_keeps_known_counts);
    tcase_add_test(counts, inference_on_grouped_items);
    tcase_add_test(counts, inference_settings_and_limits);
    tcase_add_loop_test(counts, index_chooses_as_the_scan, 0,
                        (int)(sizeof index_cases / sizeof index_cases[0]));
    tcase_add_loop_test(counts, many_single_option_items, 0,
                        (int)(sizeof single_cases / sizeof single_cases[0]));
    suite_add_tcase(s, counts);

    TCase *sudoku = tcase_create("sudoku on bits");
    tcase_set_timeout(sudoku, 60);
    tcase_add_loop_test(sudoku, strategies_agree_on_sudoku, 0, 2);
    tcase_add_loop_test(sudoku, bits_keep_the_order_of_options, 0, 2);
    suite_add_tcase(s, sudoku);

    TCase *control = tcase_create("control");
    tcase_set_timeout(control, 60);
    tcase_add_test(control, commit_conflicts_and_undo);
    tcase_add_test(control, commit_with_colours);
    tcase_add_test(control, stop_and_resume_finds_everything);
    tcase_add_test(control, limit_and_budget);
    tcase_add_loop_test(control, prefixes_add_up, 0, 2);
    tcase_add_test(control, uncommit_all_mid_search_restores_everything);
    tcase_add_test(control, commit_many_matches_single_commits);
    tcase_add_test(control, clone_is_independent);
    tcase_add_test(control, clone_accepts_what_the_original_accepts);
    tcase_add_test(control, events_balance);
    tcase_add_test(control, out_of_memory_is_an_error_not_a_crash);
    suite_add_tcase(s, control);
    return s;
}

/* The strategies against each other, half a minute each: suites of their
 * own, so that tests/run-units.sh runs them beside the others. */
static Suite *strategies_suite(const char *name, const TTest *test)
{
    Suite *s = suite_create(name);
    TCase *t = tcase_create(name);
    tcase_set_timeout(t, 120);
    tcase_add_loop_test(t, test, 0, 2);
    suite_add_tcase(s, t);
    return s;
}

Suite *dlx_strategies_random_suite(void); /* called by tests/main.c */
Suite *dlx_strategies_random_suite(void)
{
    return strategies_suite("dlx_strategies_random", strategies_agree_on_random_problems);
}

Suite *dlx_strategies_known_suite(void); /* called by tests/main.c */
Suite *dlx_strategies_known_suite(void)
{
    return strategies_suite("dlx_strategies_known", strategies_agree_on_known_problems);
}
