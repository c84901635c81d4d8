/* SPDX-License-Identifier: MIT */
/* check_engines.c - every engine the library can choose (each strategy x
 * each algorithm: X, C with colours, M with bounds), run on small random
 * problems against a brute force: whole, in slices of a few nodes, split
 * into the prefixes dlx_split() hands out, after dlx_clone() of an idle
 * problem, and after a clone taken in the middle of a search (the clone
 * and the original each searched on their own afterwards).
 *
 * Where the expected answers come from: a brute force over every subset of
 * the options, written here from the definition of a solution (each
 * primary item covered lo..hi times, 1..1 without bounds; a secondary item
 * used by at most one option, or only by options giving it one colour).
 * What is compared: the number of solutions and two sums over them of the
 * mask of their options, so a wrong solution cannot hide behind a right
 * count. Last, dlx_check_failure() is shown each invariant broken by hand
 * (on a clone, through the private header) and must name it.
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dlx.h"
#include "dlx_internal.h" /* the invariant walk's test breaks the structure by hand */

enum { MAX_ITEMS = 9, MAX_OPTIONS = 13, MAX_SIZE = 4 };

/* The three algorithms a random problem is drawn for. */
enum kind { KIND_X, KIND_C, KIND_M };

struct random_problem {
    int primary, secondary, options;
    int lo[MAX_ITEMS], hi[MAX_ITEMS];
    int size[MAX_OPTIONS];
    int32_t items[MAX_OPTIONS][MAX_SIZE], colors[MAX_OPTIONS][MAX_SIZE];
};

/* What a set of solutions adds up to. */
struct tally {
    uint64_t count, sum, squares;
};

static uint32_t next_random(uint32_t *s)
{
    *s = *s * 1103515245u + 12345u;
    return *s >> 8;
}

/* Every option has a primary item (the search never chooses one without)
 * and no item twice. */
static void draw(struct random_problem *r, enum kind kind, uint32_t seed)
{
    memset(r, 0, sizeof *r);
    uint32_t s = seed * 2654435761u + 17u;
    r->primary = 2 + (int)(next_random(&s) % 4);
    r->secondary = kind == KIND_X ? (int)(next_random(&s) % 2) : 1 + (int)(next_random(&s) % 3);
    r->options = 4 + (int)(next_random(&s) % (MAX_OPTIONS - 3));
    for (int i = 0; i < r->primary; i++) {
        r->lo[i] = r->hi[i] = 1;
        if (kind == KIND_M && next_random(&s) % 2) {
            r->lo[i] = (int)(next_random(&s) % 3);
            r->hi[i] = r->lo[i] + (int)(next_random(&s) % 2) + (r->lo[i] == 0);
        }
    }
    if (kind == KIND_M && r->lo[0] == 1 && r->hi[0] == 1)
        r->hi[0] = 2; /* at least one item with bounds: Algorithm M */
    const int items = r->primary + r->secondary;
    for (int o = 0; o < r->options; o++) {
        int want = 1 + (int)(next_random(&s) % MAX_SIZE), n = 0;
        r->items[o][n++] = (int32_t)(next_random(&s) % (uint32_t)r->primary);
        for (int t = 0; t < 3 * want && n < want; t++) {
            int32_t x = (int32_t)(next_random(&s) % (uint32_t)items);
            int dup = 0;
            for (int j = 0; j < n; j++)
                dup |= r->items[o][j] == x;
            if (dup)
                continue;
            r->colors[o][n] = x >= r->primary && kind != KIND_X ? (int32_t)(next_random(&s) % 3) : 0;
            r->items[o][n++] = x;
        }
        r->size[o] = n;
    }
}

static dlx_problem *build(const struct random_problem *r)
{
    dlx_problem *p = dlx_new();
    ck_assert_ptr_nonnull(p);
    for (int i = 0; i < r->primary; i++)
        ck_assert_int_eq(dlx_add_item_bounds(p, NULL, DLX_PRIMARY, r->lo[i], r->hi[i]), i);
    for (int i = 0; i < r->secondary; i++)
        ck_assert_int_eq(dlx_add_item(p, NULL, DLX_SECONDARY), r->primary + i);
    for (int o = 0; o < r->options; o++)
        ck_assert_int_eq(dlx_add_option(p, r->items[o], r->colors[o], r->size[o]), o);
    return p;
}

static int is_solution(const struct random_problem *r, uint32_t mask)
{
    int uses[MAX_ITEMS] = {0}, color[MAX_ITEMS] = {0};
    for (int o = 0; o < r->options; o++) {
        if (!(mask >> o & 1))
            continue;
        for (int j = 0; j < r->size[o]; j++) {
            int x = r->items[o][j], c = r->colors[o][j];
            if (x < r->primary || c == 0) {
                if (++uses[x] > (x < r->primary ? r->hi[x] : 1) || color[x] > 0)
                    return 0;
                color[x] = -1; /* used without a colour */
            } else if (color[x] == 0 || color[x] == c) {
                color[x] = c;
            } else {
                return 0;
            }
        }
    }
    for (int i = 0; i < r->primary; i++)
        if (uses[i] < r->lo[i])
            return 0;
    return 1;
}

static struct tally brute_force(const struct random_problem *r)
{
    struct tally t = {0, 0, 0};
    for (uint32_t mask = 0; mask < (1u << r->options); mask++)
        if (is_solution(r, mask)) {
            t.count++;
            t.sum += mask;
            t.squares += (uint64_t)mask * mask;
        }
    return t;
}

static int on_solution(void *ctx, const int32_t *options, int32_t count)
{
    struct tally *t = ctx;
    uint32_t mask = 0;
    for (int32_t k = 0; k < count; k++)
        mask |= 1u << options[k];
    t->count++;
    t->sum += mask;
    t->squares += (uint64_t)mask * mask;
    return 0;
}

/* Searches on from where p stands to the end, in slices of `slice` nodes
 * (0: one go), checking the invariants after each; adds the solutions. */
static void search_on(dlx_problem *p, struct tally *t, uint64_t slice)
{
    dlx_set_solution_fn(p, on_solution, t);
    int rc;
    while ((rc = dlx_search(p, slice)) == DLX_PAUSED || rc == DLX_STOPPED)
        ck_assert_int_eq(dlx_check(p), DLX_OK);
    ck_assert_int_eq(rc, DLX_OK);
    ck_assert_int_eq(dlx_check(p), DLX_OK);
    dlx_set_solution_fn(p, NULL, NULL);
}

static void assert_tally(struct tally got, struct tally want, const char *what, uint32_t seed,
                         int config)
{
    ck_assert_msg(got.count == want.count && got.sum == want.sum && got.squares == want.squares,
                  "%s, seed %u, config %d: %llu solutions, want %llu", what, seed, config,
                  (unsigned long long)got.count, (unsigned long long)want.count);
}

/* dlx_split()'s prefixes, kept to be searched each on a clone of its own
 * once dlx_split() has returned (a problem is not cloned from inside its
 * own callback). */
struct pieces {
    int n;
    int32_t len[64];
    int32_t options[64][MAX_OPTIONS];
};

static int keep_piece(void *ctx, const int32_t *options, int32_t count, int is_sol)
{
    (void)is_sol;
    struct pieces *pc = ctx;
    if (pc->n == 64 || count > MAX_OPTIONS)
        return 1; /* refused: the search keeps everything */
    memcpy(pc->options[pc->n], options, (size_t)count * sizeof *options);
    pc->len[pc->n++] = count;
    return 0;
}

static void search_pieces(const dlx_problem *origin, const struct pieces *pc, struct tally *t)
{
    for (int k = 0; k < pc->n; k++) {
        dlx_problem *c = dlx_clone(origin);
        ck_assert_ptr_nonnull(c);
        ck_assert_int_eq(dlx_start_subtree(c, pc->options[k], pc->len[k]), DLX_OK);
        search_on(c, t, 3);
        dlx_free(c);
    }
}

/* The settings a problem is searched under: each strategy, and the
 * settings that choose the links whatever the strategy (a rule, a seed,
 * the inference). */
struct config {
    enum dlx_strategy strategy;
    enum dlx_choose choose;
    int seed, infer;
};

static const struct config configs[] = {
    {DLX_STRATEGY_AUTO, DLX_CHOOSE_MRV, 0, 0},   {DLX_STRATEGY_LINKS, DLX_CHOOSE_MRV, 0, 0},
    {DLX_STRATEGY_BITS, DLX_CHOOSE_MRV, 0, 0},   {DLX_STRATEGY_BITS, DLX_CHOOSE_MRV_RECENT, 0, 0},
    {DLX_STRATEGY_LINKS, DLX_CHOOSE_MRV_RECENT, 0, 0},
    {DLX_STRATEGY_LINKS, DLX_CHOOSE_FIRST, 0, 0}, {DLX_STRATEGY_LINKS, DLX_CHOOSE_MRV_PATH, 0, 0},
    {DLX_STRATEGY_AUTO, DLX_CHOOSE_MRV, 7, 0},    {DLX_STRATEGY_AUTO, DLX_CHOOSE_MRV, 0, 3},
};

static void apply(dlx_problem *p, const struct config *cf, uint32_t seed)
{
    ck_assert_int_eq(dlx_set_strategy(p, cf->strategy), DLX_OK);
    ck_assert_int_eq(dlx_set_choose(p, cf->choose), DLX_OK);
    if (cf->seed)
        ck_assert_int_eq(dlx_set_seed(p, seed + (uint32_t)cf->seed), DLX_OK);
    if (cf->infer)
        ck_assert_int_eq(dlx_set_inference(p, DLX_INFER_SHARED_ITEM, cf->infer), DLX_OK);
}

static void run_kind(enum kind kind, uint32_t seeds)
{
    int bits_ways[2] = {0, 0}; /* bit-set searches by kill lists, by clash sets */
    for (uint32_t seed = 1; seed <= seeds; seed++) {
        struct random_problem r;
        draw(&r, kind, seed);
        const struct tally want = brute_force(&r);
        for (int k = 0; k < (int)(sizeof configs / sizeof configs[0]); k++) {
            dlx_problem *p = build(&r);
            apply(p, &configs[k], seed);
            /* Whole. A strategy that cannot search the problem says so. */
            struct tally whole = {0, 0, 0};
            dlx_set_solution_fn(p, on_solution, &whole);
            int rc = dlx_search(p, 0);
            if (rc == DLX_ESTRATEGY) {
                ck_assert_msg(kind == KIND_M && configs[k].strategy == DLX_STRATEGY_BITS &&
                                  dlx_search_strategy(p) == DLX_STRATEGY_BITS,
                              "seed %u config %d refused", seed, k);
                dlx_free(p);
                continue;
            }
            ck_assert_int_eq(rc, DLX_OK);
            assert_tally(whole, want, "whole", seed, k);
            if (kind != KIND_M && dlx_search_strategy(p) == DLX_STRATEGY_BITS)
                bits_ways[dlxi_bits_clash(p)]++;
            ck_assert_int_eq(dlx_reset(p), DLX_OK);
            /* In slices of 1, 2 and 5 nodes. */
            for (uint64_t slice = 1; slice <= 5; slice += slice) {
                struct tally sliced = {0, 0, 0};
                search_on(p, &sliced, slice == 4 ? 5 : slice);
                assert_tally(sliced, want, "slices", seed, k);
                ck_assert_int_eq(dlx_reset(p), DLX_OK);
            }
            /* A clone of the idle problem, searched in slices. */
            dlx_problem *c = dlx_clone(p);
            ck_assert_ptr_nonnull(c);
            struct tally cloned = {0, 0, 0};
            search_on(c, &cloned, 2);
            assert_tally(cloned, want, "idle clone", seed, k);
            dlx_free(c);
            /* A clone taken mid-search is idle and whole; the original goes
             * on where it was; neither sees the other's search. */
            struct tally first = {0, 0, 0};
            dlx_set_solution_fn(p, on_solution, &first);
            rc = dlx_search(p, 1 + seed % 4);
            ck_assert_int_ge(rc, 0);
            c = dlx_clone(p);
            ck_assert_ptr_nonnull(c);
            ck_assert_int_eq(dlx_check(c), DLX_OK);
            ck_assert_int_eq(dlx_level(c), 0);
            struct tally of_clone = {0, 0, 0};
            search_on(c, &of_clone, 3);
            assert_tally(of_clone, want, "mid-search clone", seed, k);
            if (rc != DLX_OK) {
                /* Split what is left (when the engine can) and search the
                 * pieces on clones; the rest on the original. */
                struct pieces pc;
                pc.n = 0;
                if (rc == DLX_PAUSED && seed % 2 &&
                    dlx_split(p, DLX_SPLIT_SHALLOWEST, keep_piece, &pc) > 0)
                    search_pieces(p, &pc, &first);
                search_on(p, &first, 2);
            }
            assert_tally(first, want, "original after the clone", seed, k);
            /* The clone was unharmed by the original's search, and the
             * original by the clone's. */
            struct tally again = {0, 0, 0};
            ck_assert_int_eq(dlx_reset(c), DLX_OK);
            search_on(c, &again, 0);
            assert_tally(again, want, "clone again", seed, k);
            ck_assert_int_eq(dlx_reset(p), DLX_OK);
            ck_assert_int_eq(dlx_check(p), DLX_OK);
            dlx_free(c);
            dlx_free(p);
        }
    }
    /* The exact covers meet both ways of the bit-set trial (the clash sets
     * need no colours, and kill lists long for their words). */
    if (kind == KIND_X)
        ck_assert_msg(bits_ways[0] > 0 && bits_ways[1] > 0,
                      "bits: %d searches by kill lists, %d by clash sets", bits_ways[0],
                      bits_ways[1]);
}

START_TEST(engines_on_exact_cover)
{
    run_kind(KIND_X, 200);
}
END_TEST

START_TEST(engines_with_colours)
{
    run_kind(KIND_C, 200);
}
END_TEST

START_TEST(engines_with_bounds)
{
    run_kind(KIND_M, 200);
}
END_TEST

/* --- The goal engines (the cost and memo searches) in slices --------------
 * dlx_min_cost() and dlx_count_memo() run their engine through the table in
 * slices, calling the watch between them; here a slice is 1, 2 or 5 nodes
 * (dlx_set_watch_interval()), the watch checks the
 * engine's invariants (dlx_check()) and the estimate at every slice, and
 * the answers must be the same as in one go and as the brute force's. */

struct goal_ctx {
    dlx_problem *p;
    int n;                         /* solutions reported by dlx_min_cost(), in order */
    uint32_t mask[1 << MAX_OPTIONS];
    int64_t cost[1 << MAX_OPTIONS];
    struct tally t;
    uint64_t calls, last_nodes;    /* the watch's */
    double last;
};

static int keep_cost(void *ctx, const int32_t *options, int32_t count, int64_t cost)
{
    struct goal_ctx *g = ctx;
    uint32_t mask = 0;
    for (int32_t k = 0; k < count; k++)
        mask |= 1u << options[k];
    g->mask[g->n] = mask;
    g->cost[g->n++] = cost;
    g->t.count++;
    g->t.sum += mask;
    g->t.squares += (uint64_t)mask * mask;
    return 0;
}

static void watched(struct goal_ctx *g, uint64_t nodes)
{
    ck_assert_msg(dlx_check(g->p) == DLX_OK, "%s", dlx_check_failure(g->p));
    ck_assert_uint_gt(nodes, g->last_nodes);
    g->last_nodes = nodes;
    double e = dlx_estimate_done(g->p);
    ck_assert_msg(e > 0 && e < 1 && e >= g->last, "estimate %g after %g", e, g->last);
    g->last = e;
    g->calls++;
}

static int goal_cost_watch(void *ctx, uint64_t nodes)
{
    watched(ctx, nodes);
    return 0;
}

static int goal_memo_watch(void *ctx, uint64_t nodes, uint64_t states)
{
    (void)states;
    watched(ctx, nodes);
    return 0;
}

static void goal_engines_in_slices(enum kind kind, uint32_t seeds)
{
    static struct goal_ctx whole, sliced;
    uint64_t watched_slices = 0;
    for (uint32_t seed = 1; seed <= seeds; seed++) {
        struct random_problem r;
        draw(&r, kind, seed);
        const struct tally want = brute_force(&r);
        dlx_problem *p = build(&r);
        uint32_t s = seed;
        for (int o = 0; o < r.options; o++)
            ck_assert_int_eq(dlx_set_option_cost(p, o, (int64_t)(next_random(&s) % 10)), DLX_OK);
        for (int bound = 0; bound < 2; bound++) {
            dlx_cost_opts co = {.k = 1u << MAX_OPTIONS,
                                .bound = bound ? DLX_BOUND_NONE : DLX_BOUND_FULL,
                                .on_solution = keep_cost,
                                .watch = goal_cost_watch};
            memset(&whole, 0, sizeof whole);
            whole.p = p;
            co.ctx = &whole;
            dlx_cost_result rw, rs;
            ck_assert_int_eq(dlx_min_cost(p, &co, &rw), DLX_OK);
            assert_tally(whole.t, want, "min-cost, every solution", seed, bound);
            for (int i = 1; i < whole.n; i++)
                ck_assert_int_le(whole.cost[i - 1], whole.cost[i]);
            for (uint64_t slice = 1; slice <= 5; slice += slice == 1 ? 1 : 3) {
                memset(&sliced, 0, sizeof sliced);
                sliced.p = p;
                co.ctx = &sliced;
                dlx_set_watch_interval(p, slice);
                ck_assert_int_eq(dlx_min_cost(p, &co, &rs), DLX_OK);
                dlx_set_watch_interval(p, 0);
                ck_assert_int_eq(sliced.n, whole.n);
                for (int i = 0; i < whole.n; i++)
                    ck_assert_msg(sliced.mask[i] == whole.mask[i] &&
                                      sliced.cost[i] == whole.cost[i],
                                  "seed %u slice %d: solution %d differs", seed, (int)slice, i);
                ck_assert_uint_eq(rs.nodes, rw.nodes);
                ck_assert_uint_eq(rs.cuts, rw.cuts);
                /* A watch after every slice but the last. */
                ck_assert_uint_ge(sliced.calls, rw.nodes / slice - (rw.nodes % slice == 0 && rw.nodes));
                watched_slices += sliced.calls;
            }
        }
        if (kind != KIND_M) {
            dlx_memo_opts mo = {.keep_zdd = 1, .watch = goal_memo_watch};
            dlx_memo_result mw, ms;
            dlx_zdd *zw = NULL, *zs = NULL;
            memset(&whole, 0, sizeof whole);
            whole.p = p;
            mo.ctx = &whole;
            ck_assert_int_eq(dlx_count_memo(p, &mo, &mw, &zw), DLX_OK);
            ck_assert_uint_eq(mw.count.lo, want.count);
            for (uint64_t slice = 1; slice <= 5; slice += slice == 1 ? 1 : 3) {
                memset(&sliced, 0, sizeof sliced);
                sliced.p = p;
                mo.ctx = &sliced;
                dlx_set_watch_interval(p, slice);
                ck_assert_int_eq(dlx_count_memo(p, &mo, &ms, &zs), DLX_OK);
                dlx_set_watch_interval(p, 0);
                ck_assert_uint_eq(ms.count.lo, want.count);
                ck_assert_uint_eq(ms.nodes, mw.nodes);
                ck_assert_uint_eq(ms.states, mw.states);
                ck_assert_int_eq(dlx_zdd_node_count(zs), dlx_zdd_node_count(zw));
                ck_assert_uint_ge(sliced.calls, mw.nodes / slice - (mw.nodes % slice == 0 && mw.nodes));
                watched_slices += sliced.calls;
                dlx_zdd_free(zs);
                zs = NULL;
            }
            dlx_zdd_free(zw);
        }
        ck_assert_int_eq(dlx_check(p), DLX_OK);
        dlx_free(p);
    }
    ck_assert_uint_gt(watched_slices, 1000);
}

START_TEST(goal_engines_in_slices_x)
{
    goal_engines_in_slices(KIND_X, 100);
}
END_TEST

START_TEST(goal_engines_in_slices_c)
{
    goal_engines_in_slices(KIND_C, 100);
}
END_TEST

START_TEST(goal_engines_in_slices_m)
{
    goal_engines_in_slices(KIND_M, 100);
}
END_TEST

/* Each break of one invariant, on a clone of a small coloured problem, and
 * the words dlx_check_failure() must begin with. */
START_TEST(check_names_the_broken_invariant)
{
    struct random_problem r;
    draw(&r, KIND_C, 3);
    dlx_problem *p = build(&r);
    ck_assert_ptr_null(dlx_check_failure(p));
    ck_assert_int_eq(dlx_check(p), DLX_OK);
    ck_assert_str_eq(dlx_check_failure(NULL), "no problem (NULL)");
    static const char *const expect[] = {
        "item lists: an item's LEN", "nx[]:", "act[]:", "active list:", "of[]:",
        "item lists: a down link", "spacers:",
    };
    for (size_t k = 0; k < sizeof expect / sizeof expect[0]; k++) {
        dlx_problem *c = dlx_clone(p);
        ck_assert_ptr_nonnull(c);
        const int32_t q = c->opt_first[0]; /* option 0's first node */
        switch (k) {
        case 0: c->nd.im[1].itm++; break;
        case 1: c->nd.nx[q] = 0; break;
        case 2: c->nd.act[0] ^= 2; break; /* item 1's bit */
        case 3: c->cl[c->cl[0].next].prev = -1; break;
        case 4: c->nd.of[q] = q + 1; break;
        case 5: c->nd.ud[1].down = c->n_nodes; break;
        case 6: c->nd.ud[q + r.size[0]].up = 0; break; /* the spacer after option 0 */
        }
        const char *what = dlx_check_failure(c);
        ck_assert_msg(what && strncmp(what, expect[k], strlen(expect[k])) == 0,
                      "break %zu: %s", k, what ? what : "(nothing found)");
        ck_assert_int_eq(dlx_check(c), DLX_EINVAL);
        dlx_free(c);
    }
    dlx_free(p);
}
END_TEST

/* The choice index (rules.h) with the inference, under the path rule and
 * with a seed:
 * where the index pays (hundreds of primary items, local options), the
 * inference changes counts without flags, and the loop flags every word
 * when it takes options out or puts them back; under MRV_PATH the index
 * ranks the items by their place in the path's order, and flags the word
 * of the item each choice moves; with a seed, by their place in the random
 * order drawn for the search. The tree must be the scan's: the same problem with the
 * index's memo set to "does not pay" (the private header again) scans, and
 * both searches, whole and in slices, give the same solutions in the same
 * order, nodes, updates and options inferred. */
struct ordered {
    uint64_t solutions, hash;
};

static int hash_in_order(void *ctx, const int32_t *options, int32_t count)
{
    struct ordered *o = ctx;
    o->solutions++;
    for (int32_t k = 0; k < count; k++)
        o->hash = (o->hash ^ (uint32_t)options[k]) * 1099511628211u;
    o->hash = (o->hash ^ 0xffu) * 1099511628211u;
    return 0;
}

/* Blocks of four primary items a b c d with the options a b, a b c, b d,
 * c, c d, d: a's two options both cover b, so the inference takes b d
 * out (3 solutions a block); then `extra` options of two items a few
 * apart, which tie the blocks together and give the inference more to do
 * below the root. */
static dlx_problem *build_blocks(uint32_t seed, int32_t blocks, int32_t extra)
{
    uint32_t s = seed * 2654435761u + 5u;
    dlx_problem *p = dlx_new();
    ck_assert_ptr_nonnull(p);
    const int32_t primary = 4 * blocks;
    for (int32_t k = 0; k < primary; k++)
        ck_assert_int_eq(dlx_add_item(p, NULL, DLX_PRIMARY), k);
    static const int32_t shape[6][3] = {{0, 1, -1}, {0, 1, 2}, {1, 3, -1},
                                        {2, -1, -1}, {2, 3, -1}, {3, -1, -1}};
    for (int32_t k = 0; k < blocks; k++)
        for (int j = 0; j < 6; j++) {
            int32_t items[3], n = 0;
            for (int i = 0; i < 3 && shape[j][i] >= 0; i++)
                items[n++] = 4 * k + shape[j][i];
            ck_assert_int_ge(dlx_add_option(p, items, NULL, n), 0);
        }
    for (int32_t e = 0; e < extra; e++) {
        int32_t x = (int32_t)(next_random(&s) % (uint32_t)primary);
        int32_t items[2] = {x, (x + 1 + (int32_t)(next_random(&s) % 7)) % primary};
        ck_assert_int_ge(dlx_add_option(p, items, NULL, 2), 0);
    }
    return p;
}

START_TEST(index_with_inference_as_the_scan)
{
    enum { BUDGET = 20000 };
    static const struct { enum dlx_choose rule; int infer, seed; } rules[] = {
        {DLX_CHOOSE_MRV, 4, 0},      {DLX_CHOOSE_MRV_RECENT, 4, 0}, {DLX_CHOOSE_MRV_PATH, 0, 0},
        {DLX_CHOOSE_MRV_PATH, 4, 0}, {DLX_CHOOSE_MRV, 4, 0},        {DLX_CHOOSE_MRV_PATH, 3, 0},
        {DLX_CHOOSE_MRV, 0, 11},     {DLX_CHOOSE_MRV, 4, 12},
    };
    int inferred_somewhere = 0;
    for (uint32_t seed = 1; seed <= 8; seed++) {
        uint64_t figures[2][5];
        for (int scan = 0; scan < 2; scan++) {
            dlx_problem *p = build_blocks(seed, 500, 150);
            ck_assert_int_eq(dlx_set_strategy(p, DLX_STRATEGY_LINKS), DLX_OK);
            if (rules[seed - 1].infer)
                ck_assert_int_eq(dlx_set_inference(p, DLX_INFER_SHARED_ITEM,
                                                   rules[seed - 1].infer), DLX_OK);
            ck_assert_int_eq(dlx_set_choose(p, rules[seed - 1].rule), DLX_OK);
            if (rules[seed - 1].seed) /* the same seed: the same random order both ways */
                ck_assert_int_eq(dlx_set_seed(p, (uint64_t)rules[seed - 1].seed), DLX_OK);
            if (scan) { /* the memo of x_index_pays(): settled, "no" */
                p->run.x_index_nodes = p->n_nodes;
                p->run.x_index_pays = 0;
            }
            struct ordered o = {0, 14695981039346656037u};
            dlx_set_solution_fn(p, hash_in_order, &o);
            uint64_t done = 0;
            int rc = DLX_PAUSED, used_index = 0;
            while (rc == DLX_PAUSED && done < BUDGET) {
                rc = dlx_search(p, seed % 2 ? 777 : BUDGET);
                ck_assert_int_ge(rc, 0);
                used_index |= p->run.index_live;
                ck_assert_int_eq(dlx_check(p), DLX_OK);
                done += seed % 2 ? 777 : BUDGET;
            }
            ck_assert_int_eq(used_index, !scan);
            dlx_stats st;
            dlx_get_stats(p, &st);
            uint64_t f[5] = {o.solutions, o.hash, st.nodes, st.updates, dlx_inferred(p)};
            memcpy(figures[scan], f, sizeof f);
            inferred_somewhere |= dlx_inferred(p) > 0;
            ck_assert_int_eq(dlx_reset(p), DLX_OK);
            ck_assert_int_eq(dlx_check(p), DLX_OK);
            dlx_free(p);
        }
        ck_assert_msg(memcmp(figures[0], figures[1], sizeof figures[0]) == 0,
                      "seed %u: index %llu solutions, %llu nodes, %llu inferred; scan %llu, "
                      "%llu, %llu", seed, (unsigned long long)figures[0][0],
                      (unsigned long long)figures[0][2], (unsigned long long)figures[0][4],
                      (unsigned long long)figures[1][0], (unsigned long long)figures[1][2],
                      (unsigned long long)figures[1][4]);
    }
    ck_assert(inferred_somewhere);
}
END_TEST

/* --- The profile (dlx_set_profile) ------------------------------------------- */

/* An independent walk of the search tree of Algorithm X as dlx.h defines
 * its nodes (an entry to a level choosing an item, dead ends included, and
 * one per solution), branching on the leftmost uncovered primary item
 * (first) or the first of those with the fewest options left (mrv, Knuth's
 * DLX1 rule): the nodes at each level and the largest number of options an
 * item had when it was chosen. */
struct tree_walk {
    const struct random_problem *r;
    int mrv;
    uint64_t at[MAX_ITEMS + 2];
    int32_t max_degree;
};

static int fits(const struct random_problem *r, int o, const int *used)
{
    for (int j = 0; j < r->size[o]; j++)
        if (used[r->items[o][j]])
            return 0;
    return 1;
}

static void walk_tree(struct tree_walk *w, int *used, int level)
{
    const struct random_problem *r = w->r;
    w->at[level]++;
    int best = -1, fewest = MAX_OPTIONS + 1;
    for (int i = 0; i < r->primary; i++) {
        if (used[i])
            continue;
        int n = 0;
        for (int o = 0; o < r->options; o++)
            for (int j = 0; j < r->size[o]; j++)
                n += r->items[o][j] == i && fits(r, o, used);
        if (n < fewest) {
            best = i;
            fewest = n;
        }
        if (!w->mrv)
            break;
    }
    if (best < 0)
        return; /* a solution */
    if (fewest > w->max_degree)
        w->max_degree = fewest;
    for (int o = 0; o < r->options; o++) {
        int has = 0;
        for (int j = 0; j < r->size[o]; j++)
            has |= r->items[o][j] == best;
        if (!has || !fits(r, o, used))
            continue;
        for (int j = 0; j < r->size[o]; j++)
            used[r->items[o][j]] = 1;
        walk_tree(w, used, level + 1);
        for (int j = 0; j < r->size[o]; j++)
            used[r->items[o][j]] = 0;
    }
}

START_TEST(profile_against_a_tree_walk)
{
    for (uint32_t seed = 1; seed <= 300; seed++) {
        struct random_problem r;
        draw(&r, KIND_X, seed);
        for (int mrv = 0; mrv <= 1; mrv++) {
            struct tree_walk w = {.r = &r, .mrv = mrv};
            int used[MAX_ITEMS] = {0};
            walk_tree(&w, used, 0);
            int32_t levels = MAX_ITEMS + 2;
            while (levels > 0 && w.at[levels - 1] == 0)
                levels--;
            dlx_problem *p = build(&r);
            ck_assert_int_eq(dlx_set_choose(p, mrv ? DLX_CHOOSE_MRV : DLX_CHOOSE_FIRST), DLX_OK);
            ck_assert_int_eq(dlx_get_profile(p, NULL, 0), 0);
            ck_assert_int_eq(dlx_set_profile(p, 1), DLX_OK);
            /* In slices of 3 nodes: the counts go on from slice to slice. */
            int rc;
            while ((rc = dlx_search(p, 3)) == DLX_PAUSED)
                ck_assert_int_eq(dlx_set_profile(p, 0), DLX_EBUSY);
            ck_assert_int_eq(rc, DLX_OK);
            uint64_t got[MAX_ITEMS + 2] = {0};
            ck_assert_int_eq(dlx_get_profile(p, NULL, 0), levels);
            ck_assert_int_eq(dlx_get_profile(p, got, MAX_ITEMS + 2), levels);
            dlx_stats st;
            dlx_get_stats(p, &st);
            uint64_t sum = 0;
            for (int32_t l = 0; l < levels; l++) {
                ck_assert_msg(got[l] == w.at[l], "seed %u, %s: level %d: %llu nodes, want %llu",
                              seed, mrv ? "mrv" : "first", (int)l, (unsigned long long)got[l],
                              (unsigned long long)w.at[l]);
                sum += got[l];
            }
            ck_assert_uint_eq(sum, st.nodes);
            ck_assert_int_eq(dlx_max_degree(p), w.max_degree);
            /* The strategy said so: the profile ran on the links. */
            ck_assert_int_eq(dlx_search_strategy(p), DLX_STRATEGY_LINKS);
            /* A second search adds to it; dlx_reset_stats() clears it. */
            ck_assert_int_eq(dlx_reset(p), DLX_OK);
            ck_assert_int_eq(dlx_search(p, 0), DLX_OK);
            ck_assert_int_eq(dlx_get_profile(p, got, MAX_ITEMS + 2), levels);
            ck_assert_uint_eq(got[0], 2 * w.at[0]);
            dlx_reset_stats(p);
            ck_assert_int_eq(dlx_get_profile(p, got, MAX_ITEMS + 2), 0);
            ck_assert_int_eq(dlx_max_degree(p), 0);
            ck_assert_int_eq(dlx_search_threads(p, 2, NULL, NULL), DLX_EINVAL);
            dlx_free(p);
        }
    }
}
END_TEST

/* With bounds: the profile adds up to the nodes, a solution at level l is
 * a node of level l + 1, and the tree is the one the links search without
 * the profile (the same nodes and solutions). */
START_TEST(profile_with_bounds)
{
    for (uint32_t seed = 1; seed <= 200; seed++) {
        struct random_problem r;
        draw(&r, KIND_M, seed);
        dlx_problem *plain = build(&r), *p = build(&r);
        ck_assert_int_eq(dlx_set_strategy(plain, DLX_STRATEGY_LINKS), DLX_OK);
        ck_assert_int_eq(dlx_search(plain, 0), DLX_OK);
        ck_assert_int_eq(dlx_set_profile(p, 1), DLX_OK);
        ck_assert_int_eq(dlx_search(p, 0), DLX_OK);
        dlx_stats a, b;
        dlx_get_stats(plain, &a);
        dlx_get_stats(p, &b);
        ck_assert_uint_eq(a.nodes, b.nodes);
        ck_assert_uint_eq(a.solutions, b.solutions);
        uint64_t got[MAX_ITEMS * 4 + MAX_OPTIONS + 4] = {0};
        int32_t levels = dlx_get_profile(p, got, (int32_t)(sizeof got / sizeof got[0]));
        ck_assert_int_le(levels, (int32_t)(sizeof got / sizeof got[0]));
        ck_assert_int_eq(levels, b.max_level + 1);
        uint64_t sum = 0;
        for (int32_t l = 0; l < levels; l++)
            sum += got[l];
        ck_assert_uint_eq(sum, b.nodes);
        ck_assert_uint_eq(got[0], 1);
        /* A tree deeper than its root branched (a root whose item cannot
         * reach its lower bound is a dead end of degree 0). */
        ck_assert_int_ge(dlx_max_degree(p), levels > 1);
        dlx_free(plain);
        dlx_free(p);
    }
}
END_TEST

Suite *engines_suite(void);
Suite *engines_suite(void)
{
    Suite *s = suite_create("engines");
    TCase *t = tcase_create("random");
    tcase_set_timeout(t, 120);
    tcase_add_test(t, engines_on_exact_cover);
    tcase_add_test(t, engines_with_colours);
    tcase_add_test(t, engines_with_bounds);
    tcase_add_test(t, goal_engines_in_slices_x);
    tcase_add_test(t, goal_engines_in_slices_c);
    tcase_add_test(t, goal_engines_in_slices_m);
    tcase_add_test(t, check_names_the_broken_invariant);
    tcase_add_test(t, index_with_inference_as_the_scan);
    tcase_add_test(t, profile_against_a_tree_walk);
    tcase_add_test(t, profile_with_bounds);
    suite_add_tcase(s, t);
    return s;
}
