/* SPDX-License-Identifier: MIT */
/* search_cost.c - the cost engine: option costs, and the K cheapest
 * solutions by branch and bound (dlx_min_cost(), dlx.h).
 *
 * The idea is Knuth's DLX5 (TAOCP 7.2.2.1): every item's options are sorted
 * by cost, so the options of the item chosen are tried cheapest first and
 * the rest of its list is cut as soon as the cost so far plus the option's
 * cost reaches the K-th best cost known. The lower bound of a node adds, for
 * every primary item still short of its lower bound, that many times the
 * least share of an option still open to it (an option's share is its cost
 * divided by its number of primary items, rounded down): a completion pays
 * every chosen option's cost, which is at least the sum of its shares over
 * its primary items, and each missing cover of an item is paid by a distinct
 * (option, item) pair. An option of the chosen item whose own bound (its
 * cost, and what it leaves) reaches the K-th best is cut alone.
 *
 * The search runs on the flat tables (flat.h), never on the links: branching
 * follows Algorithm M's rule (the item of least branching degree), an item
 * that may take more than one option excludes each option once it has been
 * tried (so every set of options is reached once), and an item whose lower
 * bound is met also has the null branch, where it takes no more. Without
 * bounds that is Algorithm X (or C) with the MRV rule. The state of a run
 * (struct cost_run) is the engine's own.
 */
#include "flat.h"

#include <string.h>

/* --- The costs: problem data ---------------------------------------------- */

int dlx_set_option_cost(dlx_problem *p, int32_t opt, int64_t cost)
{
    if (!p || opt < 0 || opt >= p->n_options || cost < 0 || cost > DLX_COST_MAX)
        return DLX_EINVAL;
    if (dlxi_frozen(p))
        return DLX_EBUSY;
    if (cost == 0 && (!p->opt_cost || opt >= p->opt_cost_cap))
        return DLX_OK;
    if (opt >= p->opt_cost_cap) {
        int32_t old = p->opt_cost_cap;
        if (dlxi_grow(p, (void **)&p->opt_cost, &p->opt_cost_cap, sizeof *p->opt_cost,
                      (int64_t)opt + 1) != DLX_OK)
            return DLX_ENOMEM;
        memset(p->opt_cost + old, 0, (size_t)(p->opt_cost_cap - old) * sizeof *p->opt_cost);
    }
    p->opt_cost[opt] = cost;
    return DLX_OK;
}

int32_t dlx_add_option_cost(dlx_problem *p, const int32_t *items, const int32_t *colors,
                            int32_t n, int64_t cost)
{
    if (!p || cost < 0 || cost > DLX_COST_MAX)
        return DLX_EINVAL;
    /* Room for the cost first, so that a failure adds nothing. */
    if (cost > 0 && p->n_options >= p->opt_cost_cap) {
        int32_t old = p->opt_cost_cap;
        if (dlxi_frozen(p) || p->n_commits)
            return DLX_EBUSY;
        if (dlxi_grow(p, (void **)&p->opt_cost, &p->opt_cost_cap, sizeof *p->opt_cost,
                      (int64_t)p->n_options + 1) != DLX_OK)
            return DLX_ENOMEM;
        memset(p->opt_cost + old, 0, (size_t)(p->opt_cost_cap - old) * sizeof *p->opt_cost);
    }
    int32_t id = dlx_add_option(p, items, colors, n);
    if (id >= 0 && p->opt_cost && id < p->opt_cost_cap)
        p->opt_cost[id] = cost;
    return id;
}

int64_t dlx_option_cost(const dlx_problem *p, int32_t opt)
{
    if (!p || opt < 0 || opt >= p->n_options)
        return DLX_EINVAL;
    return p->opt_cost && opt < p->opt_cost_cap ? p->opt_cost[opt] : 0;
}

int dlx_has_costs(const dlx_problem *p)
{
    if (!p || !p->opt_cost)
        return 0;
    for (int32_t o = 0; o < p->n_options && o < p->opt_cost_cap; o++)
        if (p->opt_cost[o] != 0)
            return 1;
    return 0;
}

/* --- The run --------------------------------------------------------------- */

/* A level of the search: the item it branches on and how far down its list
 * it is. */
struct cost_frame {
    int32_t item;     /* -1: a leaf (a solution) or a node cut whole */
    int32_t pos;      /* next place in the item's sorted list */
    int32_t chosen;   /* the option in force at this level, -1 none */
    int32_t need;     /* how many more covers the item needs */
    int32_t trail;    /* length of the sibling trail when the level began */
    int32_t plen;     /* options in force (committed and chosen) when it began */
    int null_done;    /* the null branch has been taken (it is in force while 1 and chosen < 0) */
    int32_t width;    /* branches when the level began: options open, and the null one */
    int32_t tried;    /* branches taken so far (for the estimate) */
    int64_t cost;     /* the cost so far when the level began */
    int64_t bound;    /* this node's lower bound of the rest */
};

/* One kept solution: a block of `count` option ids. */
struct kept {
    int64_t cost;
    uint64_t seq; /* order found, to report ties in that order */
    int32_t count;
    int32_t *opts;
};

/* The engine's run state (p->run.goal_run): the flat table first, as
 * flat.c's questions about the live state expect. */
struct cost_run {
    dlxi_flat f;
    dlx_problem *p;
    const dlx_cost_opts *o;
    int64_t *cost;        /* [option] */
    int32_t *by_cost;     /* each item's list sorted by cost (list_start's ranges) */
    int32_t *by_share;    /* ... and by share */
    int64_t *share;       /* [option] cost / number of primary items */
    struct cost_frame *frames;
    int32_t *trail;       /* options excluded as tried siblings, in order */
    int32_t *path;        /* committed options, then the chosen ones */
    int32_t n_committed;
    int32_t depth_cap;
    uint64_t k;
    struct kept *heap;    /* max-heap on (cost, seq) of at most k kept solutions */
    uint64_t heap_cap;    /* its room, grown as it fills (k may be 2^64 - 1) */
    uint64_t kept, seq;
    dlx_cost_result r;
    int32_t l;            /* the level the loop is at; -1: the search is over */
};

#define ROOT_NEXT (-2) /* run->l before the root is entered */

static int64_t kth_best(const struct cost_run *run)
{
    return run->kept == run->k ? run->heap[0].cost : -1;
}

/* Can a completion of cost at least c still enter the K best? */
static int worth(const struct cost_run *run, int64_t c)
{
    if (run->o->bound == DLX_BOUND_NONE || run->kept < run->k)
        return 1;
    return c < run->heap[0].cost;
}

static int kept_before(const struct kept *a, const struct kept *b)
{
    return a->cost != b->cost ? a->cost < b->cost : a->seq < b->seq;
}

static void heap_down(struct kept *h, uint64_t n, uint64_t i)
{
    for (;;) {
        uint64_t l = 2 * i + 1, r = l + 1, m = i;
        if (l < n && kept_before(&h[m], &h[l]))
            m = l;
        if (r < n && kept_before(&h[m], &h[r]))
            m = r;
        if (m == i)
            return;
        struct kept t = h[i];
        h[i] = h[m];
        h[m] = t;
        i = m;
    }
}

static void heap_up(struct kept *h, uint64_t i)
{
    while (i > 0) {
        uint64_t up = (i - 1) / 2;
        if (!kept_before(&h[up], &h[i]))
            return;
        struct kept t = h[i];
        h[i] = h[up];
        h[up] = t;
        i = up;
    }
}

/* Keeps the solution path[0..count-1] of cost c if it is among the K best
 * so far. DLX_OK or DLX_ENOMEM. */
static int keep_solution(struct cost_run *run, int32_t count, int64_t c)
{
    struct kept e = {.cost = c, .seq = run->seq++, .count = count};
    if (run->kept == run->k && !kept_before(&e, &run->heap[0]))
        return DLX_OK;
    e.opts = dlxi_alloc(run->p, (size_t)(count ? count : 1) * sizeof *e.opts);
    if (!e.opts)
        return DLX_ENOMEM;
    memcpy(e.opts, run->path, (size_t)count * sizeof *e.opts);
    if (run->kept == run->k) {
        /* The worst kept gives way. */
        struct kept *w = &run->heap[0];
        dlxi_free(run->p, w->opts, (size_t)(w->count ? w->count : 1) * sizeof *w->opts);
        run->heap[0] = e;
        heap_down(run->heap, run->kept, 0);
    } else {
        if (run->kept == run->heap_cap) {
            uint64_t nc = run->heap_cap > run->k / 2 ? run->k : 2 * run->heap_cap;
            void *h = nc > (uint64_t)SIZE_MAX / sizeof *run->heap
                          ? NULL
                          : run->p->alloc(run->p->ud, run->heap,
                                          (size_t)run->heap_cap * sizeof *run->heap,
                                          (size_t)nc * sizeof *run->heap);
            if (!h) {
                dlxi_free(run->p, e.opts, (size_t)(count ? count : 1) * sizeof *e.opts);
                return DLX_ENOMEM;
            }
            run->heap = h;
            run->heap_cap = nc;
        }
        run->heap[run->kept] = e;
        heap_up(run->heap, run->kept++);
    }
    return DLX_OK;
}

struct trace_call {
    const dlx_cost_opts *o;
    const dlx_cost_step *s;
};

static int call_trace(void *ctx)
{
    const struct trace_call *t = ctx;
    return t->o->trace(t->o->ctx, t->s);
}

/* Tells the trace callback (one of the user's callbacks: p is frozen while
 * it runs); a non-zero answer stops the search at its next node. */
static void trace(struct cost_run *run, dlx_cost_step s)
{
    if (!run->o->trace)
        return;
    s.best = kth_best(run);
    run->p->level = s.level; /* dlx_level() from inside the callback */
    struct trace_call t = {run->o, &s};
    if (dlxi_callback(run->p, call_trace, &t))
        run->p->stop_requested = 1;
}

/* The least share of an option still open to primary item x (0 if none:
 * the caller has seen to a dead end before asking). */
static int64_t least_share(const struct cost_run *run, int32_t x)
{
    const dlxi_flat *f = &run->f;
    for (int32_t j = f->list_start[x]; j < f->list_start[x + 1]; j++)
        if (!f->blocked[run->by_share[j]])
            return run->share[run->by_share[j]];
    return 0;
}

/* The item to branch on (-1: none: every item is full or has nothing open),
 * and through *dead whether some item cannot reach its lower bound. */
static int32_t choose_item(const struct cost_run *run, int *dead)
{
    const dlxi_flat *f = &run->f;
    int32_t best = -1;
    int64_t best_degree = INT64_MAX;
    int best_short = 0;
    *dead = 0;
    for (int32_t x = 0; x < f->n_items; x++) {
        if (f->secondary[x] || f->cnt[x] >= f->hi[x])
            continue;
        int32_t need = f->lo[x] - f->cnt[x], av = f->avail[x];
        if (need < 0)
            need = 0;
        if (need > av) {
            *dead = 1;
            return x;
        }
        if (av == 0)
            continue; /* met, and nothing more to take */
        int64_t degree = (int64_t)av - need + 1;
        int is_short = need > 0;
        /* Items still short come first: the null branch of a met item
         * would only postpone them. */
        if (is_short > best_short || (is_short == best_short && degree < best_degree)) {
            best = x;
            best_degree = degree;
            best_short = is_short;
        }
    }
    return best;
}

static int64_t node_bound(const struct cost_run *run)
{
    if (run->o->bound != DLX_BOUND_FULL)
        return 0;
    const dlxi_flat *f = &run->f;
    int64_t b = 0;
    for (int32_t x = 0; x < f->n_items; x++) {
        if (f->secondary[x] || f->cnt[x] >= f->lo[x])
            continue;
        int64_t s = least_share(run, x) * (f->lo[x] - f->cnt[x]);
        b = b > INT64_MAX - s ? INT64_MAX : b + s;
    }
    return b;
}

static int64_t add_sat(int64_t a, int64_t b)
{
    return a > INT64_MAX - b ? INT64_MAX : a + b;
}

/* Enters level l: a leaf, a dead end, a cut, or an item to branch on. */
static int enter(struct cost_run *run, int32_t l, int64_t cost)
{
    struct cost_frame *fr = &run->frames[l];
    dlxi_flat *f = &run->f;
    fr->item = -1;
    fr->chosen = -1;
    fr->null_done = 0;
    fr->cost = cost;
    fr->trail = l > 0 ? run->frames[l - 1].trail : 0;
    fr->plen = l > 0 ? run->frames[l - 1].plen + (run->frames[l - 1].chosen >= 0)
                     : run->n_committed;
    int dead;
    int32_t x = choose_item(run, &dead);
    if (dead) {
        trace(run, (dlx_cost_step){.kind = DLX_COST_DEAD_END, .level = l, .item = x,
                                   .option = -1, .cost = cost});
        return DLX_OK;
    }
    if (x < 0) {
        if (f->short_items != 0)
            return DLX_OK;
        run->r.solutions++;
        int rc = keep_solution(run, fr->plen, cost);
        trace(run, (dlx_cost_step){.kind = DLX_COST_SOLUTION, .level = l, .item = -1,
                                   .option = -1, .cost = cost});
        return rc;
    }
    fr->bound = node_bound(run);
    if (l == 0)
        run->r.root_bound = fr->bound;
    trace(run, (dlx_cost_step){.kind = DLX_COST_CHOOSE, .level = l, .item = x, .option = -1,
                               .cost = cost, .bound = fr->bound});
    if (!worth(run, add_sat(cost, fr->bound))) {
        run->r.cuts++;
        trace(run, (dlx_cost_step){.kind = DLX_COST_CUT, .level = l, .item = x, .option = -1,
                                   .rest = 1, .cost = cost, .bound = fr->bound});
        return DLX_OK;
    }
    fr->item = x;
    fr->pos = f->list_start[x];
    fr->need = f->lo[x] - f->cnt[x] > 0 ? f->lo[x] - f->cnt[x] : 0;
    fr->width = f->avail[x] + (fr->need == 0);
    fr->tried = 0;
    return DLX_OK;
}

/* The bound of what is left once option o is chosen for frame fr's item,
 * from this node's shares (they only grow deeper down, so it holds). */
static int64_t bound_after(const struct cost_run *run, const struct cost_frame *fr, int32_t o)
{
    const dlxi_flat *f = &run->f;
    int64_t b = fr->bound;
    for (int32_t j = f->opt_start[o]; j < f->opt_start[o + 1]; j++) {
        int32_t y = f->opt_item[j];
        if (!f->secondary[y] && f->cnt[y] < f->lo[y])
            b -= least_share(run, y);
    }
    return b > 0 ? b : 0;
}

/* Runs the search from where it stands (level run->l) for at most budget
 * nodes (0: no limit): DLX_OK when it is over, DLX_PAUSED at the budget,
 * DLX_STOPPED when a callback asked, or DLX_ENOMEM. */
static int run_search(struct cost_run *run, uint64_t budget)
{
    dlxi_flat *f = &run->f;
    dlx_problem *p = run->p;
    int32_t l = run->l;
    int rc = DLX_OK;
    const uint64_t stop_at = budget ? run->r.nodes + budget : UINT64_MAX;
    for (;;) {
        if (p->stop_requested) {
            p->stop_requested = 0;
            rc = DLX_STOPPED;
            break;
        }
        if (run->r.nodes >= stop_at) {
            rc = DLX_PAUSED;
            break;
        }
        struct cost_frame *fr = &run->frames[l];
        int32_t x = fr->item;
        if (x >= 0 && fr->chosen >= 0) {
            dlxi_flat_unchoose(f, fr->chosen);
            if (f->hi[x] > 1) { /* else every later option of x clashes with it anyway */
                dlxi_flat_block(f, fr->chosen);
                run->trail[fr->trail++] = fr->chosen;
            }
            fr->chosen = -1;
        } else if (x >= 0 && fr->null_done == 1) {
            dlxi_flat_unblock_item(f, x);
            fr->null_done = 2;
        }
        int32_t o = -1;
        if (x >= 0 && !fr->null_done) {
            while (fr->pos < f->list_start[x + 1]) {
                int32_t c = run->by_cost[fr->pos++];
                if (f->blocked[c])
                    continue;
                int64_t with = add_sat(fr->cost, run->cost[c]);
                if (run->o->bound != DLX_BOUND_NONE && !worth(run, with)) {
                    /* The list is sorted by cost: the rest costs as much or more. */
                    run->r.cuts++;
                    trace(run, (dlx_cost_step){.kind = DLX_COST_CUT, .level = l, .item = x,
                                               .option = c, .rest = 1, .cost = with,
                                               .bound = 0});
                    fr->pos = f->list_start[x + 1];
                    break;
                }
                if (run->o->bound == DLX_BOUND_FULL) {
                    int64_t b = bound_after(run, fr, c);
                    if (!worth(run, add_sat(with, b))) {
                        run->r.cuts++;
                        trace(run, (dlx_cost_step){.kind = DLX_COST_CUT, .level = l,
                                                   .item = x, .option = c, .cost = with,
                                                   .bound = b});
                        continue;
                    }
                }
                o = c;
                break;
            }
        }
        if (o >= 0) {
            run->r.nodes++;
            fr->tried++;
            fr->chosen = o;
            run->path[fr->plen] = o;
            trace(run, (dlx_cost_step){.kind = DLX_COST_TRY, .level = l, .item = x, .option = o,
                                       .cost = add_sat(fr->cost, run->cost[o])});
            dlxi_flat_choose(f, o);
            l++;
            rc = enter(run, l, add_sat(fr->cost, run->cost[o]));
        } else if (x >= 0 && !fr->null_done && fr->need == 0) {
            /* The null branch: the item takes no more. */
            run->r.nodes++;
            fr->tried++;
            fr->null_done = 1;
            dlxi_flat_block_item(f, x);
            l++;
            rc = enter(run, l, fr->cost); /* a null move: path[] skips it */
        } else {
            /* Level done: give the tried siblings back. */
            int32_t base = l > 0 ? run->frames[l - 1].trail : 0;
            while (fr->trail > base)
                dlxi_flat_unblock(f, run->trail[--fr->trail]);
            if (l == 0) {
                l = -1;
                break;
            }
            l--;
        }
        if (rc != DLX_OK)
            break;
    }
    run->l = l;
    p->level = l > 0 ? l : 0;
    return rc;
}

/* Sorts the list range [a, b) of ids by key[] (insertion sort for short
 * ranges, else a heap sort: no recursion, no extra memory). */
static void sort_by(int32_t *ids, int32_t a, int32_t b, const int64_t *key)
{
    int32_t n = b - a;
    int32_t *v = ids + a;
    if (n < 24) {
        for (int32_t i = 1; i < n; i++) {
            int32_t t = v[i], j = i;
            while (j > 0 && (key[v[j - 1]] > key[t] || (key[v[j - 1]] == key[t] && v[j - 1] > t))) {
                v[j] = v[j - 1];
                j--;
            }
            v[j] = t;
        }
        return;
    }
    /* heap sort on (key, id) */
#define LESS(i, j) (key[v[i]] < key[v[j]] || (key[v[i]] == key[v[j]] && v[i] < v[j]))
    for (int32_t start = n / 2 - 1; start >= -1 + 0 && start < n; start--) {
        int32_t i = start;
        for (;;) {
            int32_t c = 2 * i + 1, m = i;
            if (c < n && LESS(m, c))
                m = c;
            if (c + 1 < n && LESS(m, c + 1))
                m = c + 1;
            if (m == i)
                break;
            int32_t t = v[i];
            v[i] = v[m];
            v[m] = t;
            i = m;
        }
        if (start == 0)
            break;
    }
    for (int32_t end = n - 1; end > 0; end--) {
        int32_t t = v[0];
        v[0] = v[end];
        v[end] = t;
        int32_t i = 0;
        for (;;) {
            int32_t c = 2 * i + 1, m = i;
            if (c < end && LESS(m, c))
                m = c;
            if (c + 1 < end && LESS(m, c + 1))
                m = c + 1;
            if (m == i)
                break;
            t = v[i];
            v[i] = v[m];
            v[m] = t;
            i = m;
        }
    }
#undef LESS
}

static void cost_release(dlx_problem *p)
{
    struct cost_run *run = p->run.goal_run;
    if (!run)
        return;
    size_t no = (size_t)(run->f.n_options ? run->f.n_options : 1);
    size_t nodes = run->f.opt_start ? (size_t)run->f.opt_start[run->f.n_options] : 0;
    size_t depth = (size_t)run->depth_cap;
    if (!nodes)
        nodes = 1;
    for (uint64_t i = 0; i < run->kept; i++)
        dlxi_free(p, run->heap[i].opts,
                  (size_t)(run->heap[i].count ? run->heap[i].count : 1) * sizeof(int32_t));
    dlxi_free(p, run->heap, (size_t)run->heap_cap * sizeof *run->heap);
    dlxi_free(p, run->cost, no * sizeof *run->cost);
    dlxi_free(p, run->share, no * sizeof *run->share);
    dlxi_free(p, run->by_cost, nodes * sizeof *run->by_cost);
    dlxi_free(p, run->by_share, nodes * sizeof *run->by_share);
    dlxi_free(p, run->frames, depth * sizeof *run->frames);
    dlxi_free(p, run->trail, depth * sizeof *run->trail);
    dlxi_free(p, run->path, depth * sizeof *run->path);
    dlxi_flat_free(&run->f);
    dlxi_free(p, run, sizeof *run);
    p->run.goal_run = NULL;
}

/* --- The engine (dlx_internal.h's table) --------------------------------------- */

/* Costs go with colours and bounds alike. */
static int cost_accepts(const dlx_problem *p)
{
    (void)p;
    return 1;
}

/* Builds the run: the flat table, the lists sorted by cost and by share,
 * the commitments, and the root (which may be a leaf, a dead end or a cut:
 * then there is nothing to search). */
static int cost_prepare(dlx_problem *p)
{
    const dlx_cost_opts *o = p->run.goal_opts;
    struct cost_run *run = dlxi_alloc(p, sizeof *run);
    if (!run)
        return DLX_ENOMEM;
    memset(run, 0, sizeof *run);
    p->run.goal_run = run;
    run->p = p;
    run->o = o;
    run->k = o->k ? o->k : 1;
    run->r.best = -1;
    run->l = -1;
    int rc = dlxi_flat_init(&run->f, p);
    if (rc != DLX_OK)
        return rc;
    dlxi_flat *f = &run->f;
    size_t no = (size_t)(f->n_options ? f->n_options : 1);
    size_t nodes = (size_t)(f->opt_start[f->n_options] ? f->opt_start[f->n_options] : 1);
    /* A level chooses an option or takes a null move: at most one of each
     * per option and per item, plus the leaf. */
    run->depth_cap = f->n_options + f->n_items + p->n_commits + 2;
    run->heap_cap = run->k < 64 ? run->k : 64;
    run->heap = dlxi_alloc(p, (size_t)run->heap_cap * sizeof *run->heap);
    run->cost = dlxi_alloc(p, no * sizeof *run->cost);
    run->share = dlxi_alloc(p, no * sizeof *run->share);
    run->by_cost = dlxi_alloc(p, nodes * sizeof *run->by_cost);
    run->by_share = dlxi_alloc(p, nodes * sizeof *run->by_share);
    run->frames = dlxi_alloc(p, (size_t)run->depth_cap * sizeof *run->frames);
    run->trail = dlxi_alloc(p, (size_t)run->depth_cap * sizeof *run->trail);
    run->path = dlxi_alloc(p, (size_t)run->depth_cap * sizeof *run->path);
    if (!run->heap || !run->cost || !run->share || !run->by_cost || !run->by_share ||
        !run->frames || !run->trail || !run->path)
        return DLX_ENOMEM;
    for (int32_t i = 0; i < f->n_options; i++) {
        run->cost[i] = dlx_option_cost(p, i);
        run->share[i] = f->opt_primary[i] ? run->cost[i] / f->opt_primary[i] : run->cost[i];
    }
    memcpy(run->by_cost, f->list_opt, (size_t)f->opt_start[f->n_options] * sizeof *run->by_cost);
    memcpy(run->by_share, f->list_opt,
           (size_t)f->opt_start[f->n_options] * sizeof *run->by_share);
    for (int32_t x = 0; x < f->n_items; x++) {
        sort_by(run->by_cost, f->list_start[x], f->list_start[x + 1], run->cost);
        sort_by(run->by_share, f->list_start[x], f->list_start[x + 1], run->share);
    }
    int32_t nc = dlxi_flat_commit(f, p, run->path);
    if (nc < 0)
        return nc == DLX_ECONFLICT ? DLX_OK : nc; /* no solution: nothing to search */
    run->n_committed = nc;
    run->l = ROOT_NEXT;
    return DLX_OK;
}

static int cost_run_slice(dlx_problem *p, uint64_t budget)
{
    struct cost_run *run = p->run.goal_run;
    int rc = DLX_OK;
    if (run->l == ROOT_NEXT) {
        /* The root, in the first slice, so that its trace sees the search
         * under way. */
        int64_t committed_cost = 0;
        for (int32_t i = 0; i < run->n_committed; i++)
            committed_cost = add_sat(committed_cost, run->cost[run->path[i]]);
        run->l = -1;
        rc = enter(run, 0, committed_cost);
        if (rc != DLX_OK)
            return rc;
        if (run->frames[0].item >= 0)
            run->l = 0;
    }
    if (run->l >= 0)
        rc = run_search(run, budget);
    else if (p->stop_requested) { /* the root's trace said so */
        p->stop_requested = 0;
        rc = DLX_STOPPED;
    }
    if (rc == DLX_OK)
        p->state = S_DONE;
    return rc;
}

/* Knuth's estimate of the part of the tree done: at each level the
 * branches before the one in force, over the level's width, in the share
 * of the tree its ancestors leave. */
static double cost_estimate(const dlx_problem *p)
{
    const struct cost_run *run = p->run.goal_run;
    double done = 0, share = 1;
    for (int32_t i = 0; i <= run->l; i++) {
        const struct cost_frame *fr = &run->frames[i];
        if (fr->item < 0 || fr->width <= 0)
            break;
        done += share * (fr->tried > 0 ? fr->tried - 1 : 0) / fr->width;
        share /= fr->width;
    }
    return done <= 0 ? 1e-9 : done >= 1 ? 1 - 1e-9 : done;
}

/* The options chosen at levels 0..levels-1 (a null move chooses none). */
static int32_t cost_path(const dlx_problem *p, int32_t levels, int32_t *out)
{
    const struct cost_run *run = p->run.goal_run;
    int32_t n = 0;
    for (int32_t i = 0; i < levels && i <= run->l; i++)
        if (run->frames[i].chosen >= 0)
            out[n++] = run->frames[i].chosen;
    return n;
}

const dlx_engine dlxi_engine_cost = {
    .version = DLX_ENGINE_VERSION,
    .name = "cost",
    .goal = DLXI_GOAL_MIN_COST,
    .strategy = DLX_STRATEGY_AUTO,
    .accepts = cost_accepts,
    .suits = cost_accepts,
    .prepare = cost_prepare,
    .run = cost_run_slice,
    .estimate = cost_estimate,
    .path = cost_path,
    .check = dlxi_flat_check,
    .remaining = dlxi_flat_remaining,
    .active = dlxi_flat_active,
    .options = dlxi_flat_options,
    .active_items = dlxi_flat_active_items,
    .release = cost_release,
};

/* --- dlx_min_cost(): the engine run to its end, by the common driver --------- */

/* The watch, with the nodes so far (ctx: the problem). */
static int call_watch(void *ctx)
{
    const struct cost_run *run = ((dlx_problem *)ctx)->run.goal_run;
    return run->o->watch(run->o->ctx, run->r.nodes);
}

struct report_call {
    const dlx_cost_opts *o;
    const struct kept *k;
};

static int call_report(void *ctx)
{
    const struct report_call *c = ctx;
    return c->o->on_solution(c->o->ctx, c->k->opts, c->k->count, c->k->cost);
}

int dlx_min_cost(dlx_problem *p, const dlx_cost_opts *o, dlx_cost_result *r)
{
    if (r) {
        memset(r, 0, sizeof *r);
        r->best = -1;
    }
    if (!p || !o)
        return DLX_EINVAL;
    int rc = dlxi_goal_start(p, DLXI_GOAL_MIN_COST, o);
    if (rc != DLX_OK)
        return rc;
    struct cost_run *run = p->run.goal_run;
    rc = dlxi_goal_run(p, o->watch ? call_watch : NULL, p);
    if (rc == DLX_OK || rc == DLX_STOPPED) {
        /* Report cheapest first: pop the max-heap into place. */
        uint64_t n = run->kept;
        while (n > 1) {
            struct kept t = run->heap[0];
            run->heap[0] = run->heap[n - 1];
            run->heap[n - 1] = t;
            heap_down(run->heap, --n, 0);
        }
        run->r.best = run->kept ? run->heap[0].cost : -1;
        for (uint64_t i = 0; i < run->kept; i++) {
            run->r.found++;
            struct report_call c = {o, &run->heap[i]};
            if (o->on_solution && dlxi_callback(p, call_report, &c))
                break;
        }
    }
    if (r)
        *r = run->r;
    dlx_reset(p);
    return rc;
}
