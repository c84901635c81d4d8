/* SPDX-License-Identifier: MIT */
/* check_beyond.c - the cost engine (dlx_min_cost) and the memo engine
 * (dlx_count_memo, the ZDD), against a brute force written here: every
 * subset of the options of a small random problem is checked against the
 * rules (primary items within their bounds, secondary items taken once or
 * shared at one colour), so the cheapest costs, the K cheapest, the counts
 * and the very set of solutions in the ZDD have an independent source.
 * Known counts: domino tilings OEIS A004003 (8x8 12,988,816; 10x10
 * 258,584,046,368; 12x12 53,060,477,521,960,000), queens OEIS A000170,
 * Langford pairs OEIS A176127 (n = 8: 150 pairs, each counted with its reverse). */
#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx.h"
#include "dlx_text.h"
#include "../examples/problems.h"

/* --- A small random problem and its brute force ---------------------------- */

enum { MAX_ITEMS = 10, MAX_OPTS = 13 };

struct small {
    int items, primary;
    int lo[MAX_ITEMS], hi[MAX_ITEMS];
    int opts;
    int has[MAX_OPTS][MAX_ITEMS]; /* -1 absent, else the colour (0 none) */
    int64_t cost[MAX_OPTS];
};

static uint32_t next_rand(uint32_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 17;
    *s ^= *s << 5;
    return *s;
}

/* bounds: some primary items get lo:hi bounds; colors: secondary items with
 * colours. */
static void make_small(struct small *sp, uint32_t seed, int bounds, int colors)
{
    uint32_t s = seed * 2654435761u + 1;
    memset(sp, 0, sizeof *sp);
    sp->primary = 3 + (int)(next_rand(&s) % 4);
    sp->items = sp->primary + (colors ? 1 + (int)(next_rand(&s) % 3) : (int)(next_rand(&s) % 2));
    for (int x = 0; x < sp->items; x++) {
        sp->lo[x] = sp->hi[x] = 1;
        if (x < sp->primary && bounds && next_rand(&s) % 2) {
            sp->lo[x] = (int)(next_rand(&s) % 2);
            sp->hi[x] = sp->lo[x] + 1 + (int)(next_rand(&s) % 2);
        }
    }
    sp->opts = 6 + (int)(next_rand(&s) % (MAX_OPTS - 5));
    for (int o = 0; o < sp->opts; o++) {
        int any = 0;
        for (int x = 0; x < sp->items; x++) {
            sp->has[o][x] = -1;
            if (next_rand(&s) % 3 == 0) {
                sp->has[o][x] = x >= sp->primary && colors ? (int)(next_rand(&s) % 3) : 0;
                any |= x < sp->primary;
            }
        }
        if (!any)
            sp->has[o][next_rand(&s) % (uint32_t)sp->primary] = 0;
        sp->cost[o] = (int64_t)(next_rand(&s) % 20);
    }
}

static dlx_problem *build_small(const struct small *sp, int with_costs)
{
    dlx_problem *p = dlx_new();
    ck_assert_ptr_nonnull(p);
    for (int x = 0; x < sp->items; x++) {
        int32_t id = x < sp->primary
                         ? dlx_add_item_bounds(p, NULL, DLX_PRIMARY, sp->lo[x], sp->hi[x])
                         : dlx_add_item(p, NULL, DLX_SECONDARY);
        ck_assert_int_eq(id, x);
    }
    for (int o = 0; o < sp->opts; o++) {
        int32_t items[MAX_ITEMS], colors[MAX_ITEMS], n = 0;
        for (int x = 0; x < sp->items; x++)
            if (sp->has[o][x] >= 0) {
                items[n] = x;
                colors[n++] = sp->has[o][x];
            }
        int32_t id = with_costs ? dlx_add_option_cost(p, items, colors, n, sp->cost[o])
                                : dlx_add_option(p, items, colors, n);
        ck_assert_int_eq(id, o);
    }
    return p;
}

/* Is the set `mask` of options a solution? */
static int small_ok(const struct small *sp, uint32_t mask)
{
    for (int x = 0; x < sp->items; x++) {
        int n = 0, color = -2;
        for (int o = 0; o < sp->opts; o++) {
            if (!(mask >> o & 1) || sp->has[o][x] < 0)
                continue;
            n++;
            int c = sp->has[o][x];
            if (x >= sp->primary) {
                if (c == 0 && n > 1)
                    return 0;
                if (color != -2 && (c == 0 || c != color))
                    return 0;
                color = c;
            }
        }
        if (x < sp->primary && (n < sp->lo[x] || n > sp->hi[x]))
            return 0;
    }
    return 1;
}

static int64_t mask_cost(const struct small *sp, uint32_t mask)
{
    int64_t c = 0;
    for (int o = 0; o < sp->opts; o++)
        if (mask >> o & 1)
            c += sp->cost[o];
    return c;
}

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* Every solution's cost, sorted; returns how many. */
static int brute_costs(const struct small *sp, int64_t *out)
{
    int n = 0;
    for (uint32_t m = 0; m < (1u << sp->opts); m++)
        if (small_ok(sp, m))
            out[n++] = mask_cost(sp, m);
    qsort(out, (size_t)n, sizeof *out, cmp_i64);
    return n;
}

/* --- Costs ------------------------------------------------------------------- */

struct got {
    const struct small *sp;
    int n;
    int64_t cost[1 << MAX_OPTS];
};

static int got_solution(void *ctx, const int32_t *options, int32_t count, int64_t cost)
{
    struct got *g = ctx;
    uint32_t mask = 0;
    for (int32_t i = 0; i < count; i++) {
        ck_assert_int_ge(options[i], 0);
        ck_assert_int_lt(options[i], g->sp->opts);
        ck_assert_msg(!(mask >> options[i] & 1), "option %d twice", (int)options[i]);
        mask |= 1u << options[i];
    }
    ck_assert_msg(small_ok(g->sp, mask), "a reported solution breaks the rules");
    ck_assert_int_eq(mask_cost(g->sp, mask), cost);
    g->cost[g->n++] = cost;
    return 0;
}

static void check_costs(uint32_t seed, int bounds, int colors)
{
    static int64_t want[1 << MAX_OPTS];
    static struct got g;
    struct small sp;
    make_small(&sp, seed, bounds, colors);
    int n = brute_costs(&sp, want);
    dlx_problem *p = build_small(&sp, 1);
    const uint64_t ks[] = {1, 3, 1u << MAX_OPTS};
    const enum dlx_cost_bound modes[] = {DLX_BOUND_FULL, DLX_BOUND_COST, DLX_BOUND_NONE};
    for (size_t ki = 0; ki < 3; ki++)
        for (size_t mi = 0; mi < 3; mi++) {
            memset(&g, 0, sizeof g);
            g.sp = &sp;
            dlx_cost_opts o = {.k = ks[ki], .bound = modes[mi], .on_solution = got_solution,
                               .ctx = &g};
            dlx_cost_result r;
            ck_assert_int_eq(dlx_min_cost(p, &o, &r), DLX_OK);
            int expect = n < (int)ks[ki] ? n : (int)ks[ki];
            ck_assert_msg(g.n == expect, "seed %u k %d bound %d: %d solutions, brute force %d",
                          seed, (int)ks[ki], (int)modes[mi], g.n, expect);
            for (int i = 0; i < g.n; i++)
                ck_assert_msg(g.cost[i] == want[i], "seed %u: %d-th cheapest %lld, brute %lld",
                              seed, i, (long long)g.cost[i], (long long)want[i]);
            ck_assert_int_eq(r.best, n ? want[0] : -1);
        }
    /* The plain count agrees with the brute force too (it is the source). */
    uint64_t count = 0;
    ck_assert_int_eq(dlx_count(p, &count), DLX_OK);
    ck_assert_int_eq(count, (uint64_t)n);
    dlx_free(p);
}

START_TEST(costs_match_brute_force_xc)
{
    for (uint32_t s = 0; s < 40; s++)
        check_costs(100 * (uint32_t)_i + s, 0, 0);
}
END_TEST

START_TEST(costs_match_brute_force_colours)
{
    for (uint32_t s = 0; s < 40; s++)
        check_costs(5000 + s, 0, 1);
}
END_TEST

START_TEST(costs_match_brute_force_bounds)
{
    for (uint32_t s = 0; s < 40; s++)
        check_costs(9000 + s, 1, s % 2);
}
END_TEST

/* The example of docs/algorithm-x.md: worked by hand, the cheapest cover of
 * a b c d is {a, b d, c} at 1 + 2 + 1 = 4. */
START_TEST(cost_text_and_round_trip)
{
    const char *in = "a b c d\n"
                     "a b $5\n"
                     "c d $4\n"
                     "a c $2\n"
                     "$2 b d\n"
                     "a $1\n"
                     "b $1\n"
                     "c $1\n"
                     "d $10\n";
    dlx_text *t = dlx_text_new();
    ck_assert_int_eq(dlx_text_parse(t, in, strlen(in)), DLX_OK);
    dlx_problem *p = dlx_text_problem(t);
    const int64_t costs[] = {5, 4, 2, 2, 1, 1, 1, 10};
    for (int32_t o = 0; o < 8; o++)
        ck_assert_int_eq(dlx_option_cost(p, o), costs[o]);
    ck_assert_int_eq(dlx_option_items(p, 3, NULL, NULL, 0), 2); /* "$2 b d": b and d */
    dlx_cost_opts o = {.k = 1};
    dlx_cost_result r;
    ck_assert_int_eq(dlx_min_cost(p, &o, &r), DLX_OK);
    ck_assert_int_eq(r.best, 4);
    /* The writer writes $N, and what it writes reads back the same. */
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    ck_assert_int_eq(problems_write_text(f, p, NULL), 0);
    fclose(f);
    ck_assert_ptr_nonnull(strstr(buf, "b d $2"));
    dlx_text *t2 = dlx_text_new();
    ck_assert_int_eq(dlx_text_parse(t2, buf, len), DLX_OK);
    for (int32_t k = 0; k < 8; k++)
        ck_assert_int_eq(dlx_option_cost(dlx_text_problem(t2), k), costs[k]);
    /* A clone keeps the costs. */
    dlx_problem *c = dlx_clone(p);
    ck_assert_int_eq(dlx_option_cost(c, 7), 10);
    ck_assert_int_eq(dlx_has_costs(c), 1);
    dlx_free(c);
    free(buf);
    dlx_text_free(t2);
    dlx_text_free(t);
}
END_TEST

START_TEST(cost_text_errors)
{
    const struct {
        const char *in;
        int line;
    } bad[] = {
        {"a b\na $1 $2\n", 2},
        {"a b\na $4611686018427387905\n", 2},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        dlx_text *t = dlx_text_new();
        ck_assert_int_eq(dlx_text_parse(t, bad[i].in, strlen(bad[i].in)), DLX_TEXT_ESYNTAX);
        ck_assert_int_eq(dlx_text_error(t)->line, bad[i].line);
        dlx_text_free(t);
    }
    /* An item named $1 on the item line stays an item. */
    const char *in = "$1 b\n$1 $3\nb\n";
    dlx_text *t = dlx_text_new();
    ck_assert_int_eq(dlx_text_parse(t, in, strlen(in)), DLX_OK);
    ck_assert_int_eq(dlx_option_cost(dlx_text_problem(t), 0), 3);
    ck_assert_int_eq(dlx_option_items(dlx_text_problem(t), 0, NULL, NULL, 0), 1);
    dlx_text_free(t);
    dlx_problem *p = dlx_new();
    dlx_add_item(p, "a", DLX_PRIMARY);
    int32_t a = 0;
    ck_assert_int_eq(dlx_add_option_cost(p, &a, NULL, 1, -1), DLX_EINVAL);
    ck_assert_int_eq(dlx_option_count(p), 0);
    ck_assert_int_eq(dlx_add_option_cost(p, &a, NULL, 1, 7), 0);
    ck_assert_int_eq(dlx_set_option_cost(p, 1, 3), DLX_EINVAL);
    ck_assert_int_eq(dlx_option_cost(p, 0), 7);
    dlx_free(p);
}
END_TEST

/* A commitment is in every solution the cost search reports. */
START_TEST(cost_with_commitment)
{
    struct small sp;
    make_small(&sp, 77, 0, 0);
    static int64_t want[1 << MAX_OPTS];
    (void)brute_costs(&sp, want);
    for (int32_t opt = 0; opt < sp.opts; opt++) {
        dlx_problem *p = build_small(&sp, 1);
        if (dlx_commit(p, opt) != DLX_OK) {
            dlx_free(p);
            continue;
        }
        int64_t best = -1;
        for (uint32_t m = 0; m < (1u << sp.opts); m++)
            if ((m >> opt & 1) && small_ok(&sp, m) && (best < 0 || mask_cost(&sp, m) < best))
                best = mask_cost(&sp, m);
        dlx_cost_opts o = {.k = 1};
        dlx_cost_result r;
        ck_assert_int_eq(dlx_min_cost(p, &o, &r), DLX_OK);
        ck_assert_int_eq(r.best, best);
        dlx_free(p);
    }
}
END_TEST

/* --- Counting by memo ---------------------------------------------------------- */

static int brute_count(const struct small *sp)
{
    int n = 0;
    for (uint32_t m = 0; m < (1u << sp->opts); m++)
        n += small_ok(sp, m);
    return n;
}

/* --- The cost engine behind the engine table: the live state -------------- */

/* What the trace sees at each step of dlx_min_cost() is the engine's state
 * through the library's questions, checked against the path the trace
 * itself reports (TRY steps), with the rules applied here: an item is
 * active when no option of the path covers it, and its options are those
 * compatible with the whole path. */
struct live {
    const struct small *sp;
    dlx_problem *p;
    int32_t path[MAX_OPTS + 2];
    double last_estimate;
    int checks;
};

/* Does option o go with option q (no primary item in common, secondary
 * items at one and the same colour)? */
static int compatible(const struct small *sp, int o, int q)
{
    for (int x = 0; x < sp->items; x++) {
        int a = sp->has[o][x], b = sp->has[q][x];
        if (a < 0 || b < 0)
            continue;
        if (x < sp->primary || a == 0 || a != b)
            return 0;
    }
    return 1;
}

static int live_trace(void *ctx, const dlx_cost_step *s)
{
    struct live *lv = ctx;
    dlx_problem *p = lv->p;
    const struct small *sp = lv->sp;
    if (s->kind == DLX_COST_TRY) {
        lv->path[s->level] = s->option;
        return 0;
    }
    if (s->kind != DLX_COST_CHOOSE)
        return 0;
    lv->checks++;
    ck_assert_int_eq(dlx_level(p), s->level);
    double e = dlx_estimate_done(p);
    ck_assert_msg(e > 0 && e < 1, "estimate %g", e);
    ck_assert_msg(e >= lv->last_estimate, "the estimate went back: %g after %g", e,
                  lv->last_estimate);
    lv->last_estimate = e;
    int32_t active = 0, items[MAX_ITEMS], opts[MAX_OPTS];
    for (int x = 0; x < sp->primary; x++) {
        int covered = 0;
        for (int32_t l = 0; l < s->level; l++)
            covered |= sp->has[lv->path[l]][x] >= 0;
        ck_assert_int_eq(dlx_item_is_active(p, x), !covered);
        if (covered)
            continue;
        active++;
        uint32_t want = 0, got = 0;
        for (int o = 0; o < sp->opts; o++) {
            int ok = sp->has[o][x] >= 0;
            for (int32_t l = 0; ok && l < s->level; l++)
                ok = compatible(sp, o, lv->path[l]);
            want |= (uint32_t)ok << o;
        }
        int32_t n = dlx_item_options(p, x, opts, MAX_OPTS);
        ck_assert_int_eq(dlx_item_remaining(p, x), n);
        for (int32_t k = 0; k < n; k++)
            got |= 1u << opts[k];
        ck_assert_msg(got == want, "level %d item %d: options %#x, the rules say %#x",
                      (int)s->level, x, got, want);
    }
    ck_assert_int_eq(dlx_active_items(p, items, MAX_ITEMS), active);
    /* The problem is frozen while the search runs: its callbacks cannot
     * change it or start another search of it. */
    int32_t one = 0;
    ck_assert_int_eq(dlx_add_option(p, &one, NULL, 1), DLX_EBUSY);
    ck_assert_int_eq(dlx_search(p, 0), DLX_EBUSY);
    dlx_cost_opts again = {.k = 1};
    ck_assert_int_eq(dlx_min_cost(p, &again, NULL), DLX_EBUSY);
    ck_assert_int_eq(dlx_count_memo(p, NULL, NULL, NULL), DLX_EBUSY);
    return 0;
}

START_TEST(cost_engine_live_state)
{
    int checked = 0;
    for (uint32_t seed = 0; seed < 300; seed++) {
        struct small sp;
        make_small(&sp, seed, 0, (int)(seed % 2));
        dlx_problem *p = build_small(&sp, 1);
        static struct live lv;
        memset(&lv, 0, sizeof lv);
        lv.sp = &sp;
        lv.p = p;
        dlx_cost_opts o = {.k = 3, .trace = live_trace, .ctx = &lv};
        dlx_cost_result r;
        ck_assert_int_eq(dlx_min_cost(p, &o, &r), DLX_OK);
        checked += lv.checks;
        /* Idle again, and as it was: the plain count is the brute force's. */
        ck_assert_int_eq(dlx_level(p), 0);
        uint64_t count = 0;
        ck_assert_int_eq(dlx_count(p, &count), DLX_OK);
        ck_assert_int_eq(count, (uint64_t)brute_count(&sp));
        dlx_free(p);
    }
    ck_assert_int_gt(checked, 1000);
}
END_TEST

/* A watch that stops the search: DLX_STOPPED, the best found so far still
 * reported, and the problem idle again (its next search is whole). Queens
 * 10 with the cost of each queen its column: 724 solutions (OEIS A000170),
 * each of cost 0 + 1 + ... + 9 = 45. */
struct stopper {
    int calls, reported;
};

static int stop_at_once(void *ctx, uint64_t nodes)
{
    struct stopper *st = ctx;
    ck_assert_uint_ge(nodes, 16384);
    st->calls++;
    return 1;
}

static int count_report(void *ctx, const int32_t *options, int32_t count, int64_t cost)
{
    struct stopper *st = ctx;
    (void)options;
    ck_assert_int_eq(count, 10);
    ck_assert_int_eq(cost, 45);
    st->reported++;
    return 0;
}

START_TEST(cost_stopped_by_the_watch)
{
    dlx_problem *p = dlx_new();
    ck_assert_int_eq(queens_build(p, 10, 0), DLX_OK);
    for (int32_t o = 0; o < dlx_option_count(p); o++)
        ck_assert_int_eq(dlx_set_option_cost(p, o, o % 10), DLX_OK);
    struct stopper st = {0, 0};
    dlx_cost_opts o = {.k = 1000, .bound = DLX_BOUND_NONE, .watch = stop_at_once,
                       .on_solution = count_report, .ctx = &st};
    dlx_cost_result r;
    ck_assert_int_eq(dlx_min_cost(p, &o, &r), DLX_STOPPED);
    ck_assert_int_eq(st.calls, 1);
    ck_assert_int_gt(st.reported, 0);
    ck_assert_int_lt(st.reported, 724);
    ck_assert_uint_eq(r.found, (uint64_t)st.reported);
    ck_assert_int_eq(dlx_level(p), 0);
    struct stopper all = {0, 0};
    o.watch = NULL;
    o.ctx = &all;
    ck_assert_int_eq(dlx_min_cost(p, &o, &r), DLX_OK);
    ck_assert_int_eq(all.reported, 724);
    dlx_free(p);
}
END_TEST

/* Every path of the ZDD from node v, as option masks, into out[]. */
static void zdd_paths(const dlx_zdd *z, int64_t v, uint32_t mask, uint32_t *out, int *n)
{
    if (v == 0)
        return;
    if (v == 1) {
        out[(*n)++] = mask;
        return;
    }
    int32_t opt;
    int64_t lo, hi;
    ck_assert_int_eq(dlx_zdd_node(z, v, &opt, &lo, &hi), DLX_OK);
    ck_assert(lo < v && hi < v && hi != 0); /* children first, zero-suppressed */
    zdd_paths(z, lo, mask, out, n);
    zdd_paths(z, hi, mask | 1u << opt, out, n);
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* A ZDD handed back is reduced: no two of its nodes have the same option,
 * lo and hi. */
struct zdd_triple {
    int64_t opt, lo, hi;
};

static int cmp_triple(const void *a, const void *b)
{
    const struct zdd_triple *x = a, *y = b;
    if (x->opt != y->opt)
        return (x->opt > y->opt) - (x->opt < y->opt);
    if (x->lo != y->lo)
        return (x->lo > y->lo) - (x->lo < y->lo);
    return (x->hi > y->hi) - (x->hi < y->hi);
}

static void assert_reduced(const dlx_zdd *z)
{
    int64_t n = dlx_zdd_node_count(z);
    if (n <= 3)
        return;
    struct zdd_triple *t = malloc((size_t)(n - 2) * sizeof *t);
    ck_assert_ptr_nonnull(t);
    for (int64_t v = 2; v < n; v++) {
        int32_t opt;
        int64_t lo, hi;
        ck_assert_int_eq(dlx_zdd_node(z, v, &opt, &lo, &hi), DLX_OK);
        t[v - 2] = (struct zdd_triple){opt, lo, hi};
    }
    qsort(t, (size_t)(n - 2), sizeof *t, cmp_triple);
    for (int64_t i = 1; i < n - 2; i++)
        ck_assert_msg(cmp_triple(&t[i - 1], &t[i]) != 0, "two nodes (%lld %lld %lld)",
                      (long long)t[i].opt, (long long)t[i].lo, (long long)t[i].hi);
    free(t);
}

START_TEST(memo_matches_brute_force)
{
    static uint32_t paths[1 << MAX_OPTS], want[1 << MAX_OPTS];
    for (uint32_t s = 0; s < 60; s++) {
        struct small sp;
        make_small(&sp, 20000 + s, 0, s % 2);
        int n = brute_count(&sp);
        int w = 0;
        for (uint32_t m = 0; m < (1u << sp.opts); m++)
            if (small_ok(&sp, m))
                want[w++] = m;
        dlx_problem *p = build_small(&sp, 0);
        for (int rule = 0; rule < 2; rule++)
            for (int mode = 0; mode < 3; mode++) {
                dlx_memo_opts o = {.rule = rule ? DLX_MEMO_FIRST : DLX_MEMO_MRV,
                                   .keep_zdd = mode == 0,
                                   .no_memo = mode == 1,
                                   .memory_limit = mode == 2 ? 1 : 0};
                dlx_memo_result r;
                dlx_zdd *z = NULL;
                ck_assert_int_eq(dlx_count_memo(p, &o, &r, &z), DLX_OK);
                ck_assert_msg(r.count.hi == 0 && r.count.lo == (uint64_t)n,
                              "seed %u rule %d mode %d: %llu by memo, brute force %d", s, rule,
                              mode, (unsigned long long)r.count.lo, n);
                if (mode != 0) {
                    ck_assert_ptr_null(z);
                    continue;
                }
                ck_assert_ptr_nonnull(z);
                assert_reduced(z);
                int got = 0;
                zdd_paths(z, dlx_zdd_root(z), 0, paths, &got);
                ck_assert_int_eq(got, n);
                qsort(paths, (size_t)got, sizeof *paths, cmp_u32);
                for (int i = 0; i < n; i++)
                    ck_assert_msg(paths[i] == want[i], "seed %u: the ZDD's solutions differ", s);
                dlx_zdd_free(z);
            }
        dlx_free(p);
    }
}
END_TEST

static const struct {
    const char *name;
    int kind; /* 0 dominoes, 1 queens, 3 langford */
    int a, b;
    uint64_t count;
} known[] = {
    {"dominoes 8x8 (A004003)", 0, 8, 8, UINT64_C(12988816)},
    {"dominoes 12x12 (A004003)", 0, 12, 12, UINT64_C(53060477521960000)},
    {"dominoes 3x4", 0, 3, 4, 11},
    {"queens 8 (A000170)", 1, 8, 0, 92},
    {"langford 8 (A176127, a pair and its reverse)", 3, 8, 0, 300},
};

static dlx_problem *build_known(int i)
{
    dlx_problem *p = dlx_new();
    int rc = DLX_EINVAL;
    if (known[i].kind == 0)
        rc = domino_build(p, known[i].a, known[i].b);
    else if (known[i].kind == 1)
        rc = queens_build(p, known[i].a, 0);
    else
        rc = langford_build(p, known[i].a);
    ck_assert_int_eq(rc, DLX_OK);
    return p;
}

START_TEST(memo_known_counts)
{
    dlx_problem *p = build_known(_i);
    for (int rule = 0; rule < 2; rule++) {
        dlx_memo_opts o = {.rule = rule ? DLX_MEMO_FIRST : DLX_MEMO_MRV, .keep_memo = 1};
        dlx_memo_result r;
        ck_assert_int_eq(dlx_count_memo(p, &o, &r, NULL), DLX_OK);
        ck_assert_msg(r.count.hi == 0 && r.count.lo == known[_i].count, "%s: %llu", known[_i].name,
                      (unsigned long long)r.count.lo);
    }
    /* The memo-free count of the same engine agrees where it is quick. */
    if (known[_i].count < 100000) {
        dlx_memo_opts o = {.no_memo = 1};
        dlx_memo_result r;
        ck_assert_int_eq(dlx_count_memo(p, &o, &r, NULL), DLX_OK);
        ck_assert_int_eq(r.count.lo, known[_i].count);
    }
    dlx_free(p);
}
END_TEST

/* Queens 7 to 9 (OEIS A000170: 40, 92, 352): states that differ end in
 * the same chains (before the ZDD was reduced, 8 queens had 546 nodes
 * where 469 are distinct); the reduced ZDD keeps one of each, and its
 * paths are still the solutions. */
START_TEST(zdd_is_reduced)
{
    static const uint64_t count[] = {40, 92, 352};
    for (int n = 7; n <= 9; n++) {
        dlx_problem *p = dlx_new();
        ck_assert_int_eq(queens_build(p, n, 0), DLX_OK);
        dlx_memo_opts o = {.keep_zdd = 1};
        dlx_memo_result r;
        dlx_zdd *z = NULL;
        ck_assert_int_eq(dlx_count_memo(p, &o, &r, &z), DLX_OK);
        ck_assert_ptr_nonnull(z);
        ck_assert_uint_eq(r.count.lo, count[n - 7]);
        ck_assert_uint_eq(dlx_zdd_count(z, dlx_zdd_root(z)).lo, count[n - 7]);
        assert_reduced(z);
        dlx_zdd_free(z);
        dlx_free(p);
    }
}
END_TEST

/* The memo gives up where it saves too few nodes (12 queens: states hardly
 * repeat; Langford 12: they repeat, but the plain search's tree is only
 * about 1.7 times the memo's) and the plain search's count is still exact;
 * where it saves (the 10x10 domino tilings) it goes on. Counts: OEIS
 * A000170, A176127 (a pair and its reverse), A004003. */
START_TEST(memo_gives_up_where_it_does_not_pay)
{
    static const struct {
        int kind, n;
        uint64_t count;
        int plain;
    } cases[] = {
        {1, 12, 14200, 1},
        {3, 12, 216288, 1},
        {0, 10, UINT64_C(258584046368), 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        dlx_problem *p = dlx_new();
        int rc = cases[i].kind == 0   ? domino_build(p, cases[i].n, cases[i].n)
                 : cases[i].kind == 1 ? queens_build(p, cases[i].n, 0)
                                      : langford_build(p, cases[i].n);
        ck_assert_int_eq(rc, DLX_OK);
        dlx_memo_opts o = {.rule = DLX_MEMO_MRV};
        dlx_memo_result r;
        ck_assert_int_eq(dlx_count_memo(p, &o, &r, NULL), DLX_OK);
        ck_assert_msg(r.count.hi == 0 && r.count.lo == cases[i].count, "case %zu: %llu", i,
                      (unsigned long long)r.count.lo);
        ck_assert_msg(r.plain == cases[i].plain, "case %zu: plain %d", i, r.plain);
        /* A give-up is decided at the first look, after DLX_MEMO_PROBE nodes. */
        if (r.plain)
            ck_assert_uint_le(r.states, DLX_MEMO_PROBE);
        dlx_free(p);
    }
}
END_TEST

/* Two 10x10 boards side by side but apart (no domino joins them): the
 * count is A004003's 258,584,046,368 squared, 66,865,709,036,047,973,991,424,
 * past 2^64: computed here by a 64 x 64 -> 128-bit product. */
START_TEST(memo_count_past_two_to_the_64)
{
    dlx_problem *p = dlx_new();
    for (int b = 0; b < 2; b++)
        for (int r = 0; r < 10; r++)
            for (int c = 0; c < 10; c++)
                ck_assert_int_ge(problems_item(p, DLX_PRIMARY, "%d:%d.%d", b, r, c), 0);
    for (int b = 0; b < 2; b++)
        for (int r = 0; r < 10; r++)
            for (int c = 0; c < 10; c++) {
                int32_t cell = b * 100 + r * 10 + c;
                int32_t right[2] = {cell, cell + 1}, down[2] = {cell, cell + 10};
                if (c + 1 < 10)
                    ck_assert_int_ge(dlx_add_option(p, right, NULL, 2), 0);
                if (r + 1 < 10)
                    ck_assert_int_ge(dlx_add_option(p, down, NULL, 2), 0);
            }
    const uint64_t a = UINT64_C(258584046368); /* A004003(5) */
    uint64_t a_lo = a & 0xffffffffu, a_hi = a >> 32;
    uint64_t ll = a_lo * a_lo, lh = a_lo * a_hi, hh = a_hi * a_hi;
    uint64_t mid = lh * 2; /* < 2^64: a_hi < 2^6 */
    dlx_u128 want = {hh + (mid >> 32), 0};
    want.lo = ll + (mid << 32);
    if (want.lo < ll)
        want.hi++;
    dlx_memo_opts o = {.keep_zdd = 1};
    dlx_memo_result r;
    dlx_zdd *z = NULL;
    ck_assert_int_eq(dlx_count_memo(p, &o, &r, &z), DLX_OK);
    ck_assert(r.count.hi == want.hi && r.count.lo == want.lo);
    ck_assert(r.count.hi > 0);
    char buf[48];
    ck_assert_str_eq(dlx_u128_string(r.count, buf), "66865709036047973991424");
    dlx_u128 root = dlx_zdd_count(z, dlx_zdd_root(z));
    ck_assert(root.hi == want.hi && root.lo == want.lo);
    dlx_zdd_free(z);
    dlx_free(p);
}
END_TEST

START_TEST(u128_strings)
{
    char buf[48];
    ck_assert_str_eq(dlx_u128_string((dlx_u128){0, 0}, buf), "0");
    ck_assert_str_eq(dlx_u128_string((dlx_u128){0, 1000000000}, buf), "1000000000");
    ck_assert_str_eq(dlx_u128_string((dlx_u128){1, 0}, buf), "18446744073709551616");
    ck_assert_str_eq(dlx_u128_string((dlx_u128){UINT64_MAX, UINT64_MAX}, buf),
                     "340282366920938463463374607431768211455");
}
END_TEST

/* Uniform sampling: the 36 tilings of the 4x4 board, 7200 draws, Pearson's
 * chi-squared with 35 degrees of freedom below 66.6 (p = 0.001), and every
 * tiling drawn. A fixed seed keeps the test from flaking. */
START_TEST(sampling_is_uniform)
{
    dlx_problem *p = dlx_new();
    ck_assert_int_eq(domino_build(p, 4, 4), DLX_OK);
    dlx_memo_opts o = {.keep_zdd = 1};
    dlx_memo_result r;
    dlx_zdd *z = NULL;
    ck_assert_int_eq(dlx_count_memo(p, &o, &r, &z), DLX_OK);
    ck_assert_int_eq(r.count.lo, 36);
    static uint32_t paths[64];
    int n = 0;
    zdd_paths(z, dlx_zdd_root(z), 0, paths, &n);
    ck_assert_int_eq(n, 36);
    (void)paths;
    /* The 4x4 board has 24 dominoes: a solution is a set of 8 of them,
     * kept as a 24-bit mask. */
    uint32_t masks[36];
    int64_t hits[36] = {0};
    int nm = 0;
    for (int i = 0; i < 36; i++)
        masks[nm++] = paths[i];
    uint64_t rng = 12345;
    const int draws = 7200;
    for (int d = 0; d < draws; d++) {
        int32_t opts[16];
        int32_t k = dlx_zdd_sample(z, &rng, opts, 16);
        ck_assert_int_eq(k, 8);
        uint32_t m = 0;
        for (int32_t i = 0; i < k; i++)
            m |= 1u << opts[i];
        int found = 0;
        for (int i = 0; i < nm; i++)
            if (masks[i] == m) {
                hits[i]++;
                found = 1;
            }
        ck_assert_msg(found, "a sample is not a tiling");
    }
    double chi = 0, e = draws / 36.0;
    for (int i = 0; i < 36; i++) {
        ck_assert_int_gt(hits[i], 0);
        chi += (hits[i] - e) * (hits[i] - e) / e;
    }
    ck_assert_msg(chi < 66.6, "chi-squared %.1f with 35 degrees of freedom", chi);
    dlx_zdd_free(z);
    dlx_free(p);
}
END_TEST

/* The memo engine behind the engine table: its watch sees the estimate
 * grow, the level and the live state through the library's questions, and
 * a frozen problem, whether the memo counts (the 12x12 domino tilings,
 * kept: 73,859 nodes) or gave up for the plain search (12 queens). */
struct memo_live {
    dlx_problem *p;
    double last;
    int calls;
};

static int memo_live_watch(void *ctx, uint64_t nodes, uint64_t states)
{
    struct memo_live *ml = ctx;
    dlx_problem *p = ml->p;
    (void)states;
    ck_assert_uint_ge(nodes, 16384);
    ml->calls++;
    double e = dlx_estimate_done(p);
    ck_assert_msg(e > 0 && e < 1, "estimate %g", e);
    ck_assert_msg(e >= ml->last, "the estimate went back: %g after %g", e, ml->last);
    ml->last = e;
    ck_assert_int_ge(dlx_level(p), 0);
    int32_t n = dlx_active_items(p, NULL, 0), *items = malloc((size_t)(n ? n : 1) * sizeof *items);
    ck_assert_ptr_nonnull(items);
    ck_assert_int_eq(dlx_active_items(p, items, n), n);
    for (int32_t k = 0; k < n; k++) {
        ck_assert_int_eq(dlx_item_is_active(p, items[k]), 1);
        ck_assert_int_ge(dlx_item_remaining(p, items[k]), 0);
    }
    free(items);
    int32_t one = 0;
    ck_assert_int_eq(dlx_add_option(p, &one, NULL, 1), DLX_EBUSY);
    ck_assert_int_eq(dlx_search(p, 0), DLX_EBUSY);
    ck_assert_int_eq(dlx_count_memo(p, NULL, NULL, NULL), DLX_EBUSY);
    return 0;
}

START_TEST(memo_engine_watch)
{
    static const struct {
        int kind, n, keep;
        uint64_t count;
        int plain;
    } cases[] = {
        {0, 12, 1, UINT64_C(53060477521960000), 0},
        {1, 12, 0, 14200, 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        dlx_problem *p = dlx_new();
        ck_assert_int_eq(cases[i].kind == 0 ? domino_build(p, cases[i].n, cases[i].n)
                                            : queens_build(p, cases[i].n, 0),
                         DLX_OK);
        struct memo_live ml = {.p = p};
        dlx_memo_opts o = {.keep_memo = cases[i].keep, .watch = memo_live_watch, .ctx = &ml};
        dlx_memo_result r;
        ck_assert_int_eq(dlx_count_memo(p, &o, &r, NULL), DLX_OK);
        ck_assert_uint_eq(r.count.lo, cases[i].count);
        ck_assert_int_eq(r.plain, cases[i].plain);
        ck_assert_int_ge(ml.calls, 3);
        ck_assert_int_eq(dlx_level(p), 0);
        if (cases[i].kind == 1) {
            uint64_t count = 0;
            ck_assert_int_eq(dlx_count(p, &count), DLX_OK);
            ck_assert_uint_eq(count, cases[i].count);
        }
        dlx_free(p);
    }
}
END_TEST

START_TEST(memo_refuses_bounds_and_busy)
{
    struct small sp;
    make_small(&sp, 3, 1, 0);
    sp.lo[0] = 0;
    sp.hi[0] = 2; /* surely bounds */
    dlx_problem *p = build_small(&sp, 0);
    dlx_memo_result r;
    ck_assert_int_eq(dlx_count_memo(p, NULL, &r, NULL), DLX_ESTRATEGY);
    dlx_free(p);
}
END_TEST

Suite *beyond_suite(void); /* called by tests/main.c */
Suite *beyond_suite(void)
{
    Suite *s = suite_create("beyond");
    TCase *cost = tcase_create("costs");
    tcase_set_timeout(cost, 60);
    tcase_add_loop_test(cost, costs_match_brute_force_xc, 0, 2);
    tcase_add_test(cost, costs_match_brute_force_colours);
    tcase_add_test(cost, costs_match_brute_force_bounds);
    tcase_add_test(cost, cost_text_and_round_trip);
    tcase_add_test(cost, cost_text_errors);
    tcase_add_test(cost, cost_with_commitment);
    tcase_add_test(cost, cost_engine_live_state);
    tcase_add_test(cost, cost_stopped_by_the_watch);
    suite_add_tcase(s, cost);
    TCase *memo = tcase_create("memo");
    tcase_set_timeout(memo, 60);
    tcase_add_test(memo, memo_matches_brute_force);
    tcase_add_loop_test(memo, memo_known_counts, 0, (int)(sizeof known / sizeof known[0]));
    tcase_add_test(memo, memo_count_past_two_to_the_64);
    tcase_add_test(memo, memo_gives_up_where_it_does_not_pay);
    tcase_add_test(memo, zdd_is_reduced);
    tcase_add_test(memo, u128_strings);
    tcase_add_test(memo, sampling_is_uniform);
    tcase_add_test(memo, memo_refuses_bounds_and_busy);
    tcase_add_test(memo, memo_engine_watch);
    suite_add_tcase(s, memo);
    return s;
}
