/* SPDX-License-Identifier: MIT */
/* search.c - Algorithm X (and C, with colours) on the links: the search
 * loop and its engine (dlxi_engine_links), the choice of the engine for a
 * search (dlxi_pick_engine(), the one place that asks), and the public calls
 * that run a search through it.
 *
 * The search is iterative, with choice[level] the node being tried at each
 * level, so it can stop after any solution or node budget and resume later.
 * The loop keeps Knuth's DLX1 labels (forward, advance, backup, recover) and
 * reads like his: the side concerns - choosing the item (rules.h),
 * announcing events, visiting a solution - are named helpers, not blocks
 * woven into it. Copies are compiled from one inline function: without
 * colours, with colours, a general one that also serves the event hook,
 * randomisation and the rules that need it, the general one with link
 * detail (every node the dance moves announced to the hook), and the fast
 * ones again with the choice index, so that none of those costs anything
 * when unused.
 */
#include "dance.h"
#include "split.h"
#include "rules.h"

#include <string.h>

/* --- Helpers of the loop ---------------------------------------------------- */

/* With profiling, a count per level for `levels` levels, the counts so far
 * kept (they add up until dlx_reset_stats()). */
static int prepare_profile(dlx_problem *p, int64_t levels)
{
    struct dlx_run *r = &p->run;
    const int32_t had = r->profile_cap;
    if (!p->profiling)
        return DLX_OK;
    int rc = dlxi_grow(p, (void **)&r->profile, &r->profile_cap, sizeof *r->profile, levels);
    if (rc == DLX_OK && r->profile_cap > had)
        memset(r->profile + had, 0, (size_t)(r->profile_cap - had) * sizeof *r->profile);
    return rc;
}

int dlxi_prepare_search(dlx_problem *p)
{
    /* Every level covers at least one primary item. With bounds a level
     * either chooses an option (each at most once on a path) or makes the
     * null move of an item (each at most once too), and a prefix lists at
     * most every option once. The arrays live in one block, whose contents
     * need not survive since no search is under way. */
    int rc = dlxi_prepare_inference(p);
    if (rc)
        return rc;
    rc = dlxi_prepare_path_order(p);
    if (rc)
        return rc;
    int64_t need = (int64_t)p->n_primary + p->n_commits + 2;
    if (p->has_bounds)
        need += p->n_options;
    const int arrays = dlxi_search_arrays(p);
    if (need > INT32_MAX / 4)
        return DLX_ETOOBIG;
    rc = prepare_profile(p, need);
    if (rc)
        return rc;
    if (need <= p->run.search_cap)
        return DLX_OK;
    int32_t *block = dlxi_alloc(p, (size_t)need * (size_t)arrays * sizeof *block);
    if (!block)
        return DLX_ENOMEM;
    dlxi_free(p, p->run.choice, (size_t)p->run.search_cap * (size_t)arrays * sizeof *p->run.choice);
    p->run.choice = block;
    p->run.sol = block + need;
    p->run.first_at = arrays > 2 ? block + 2 * need : NULL;
    p->run.degree_at = arrays > 2 ? block + 3 * need : NULL;
    p->run.search_cap = (int32_t)need;
    return DLX_OK;
}

/* Only the general loops announce events, and they count updates straight
 * into p->stats, so the count here is the running one. */
void dlxi_emit(dlx_problem *p, dlx_event ev)
{
    ev.seq = ++p->event_seq;
    ev.updates = p->stats.updates;
    p->level = ev.level; /* dlx_level() from inside the hook */
    p->in_callback++;
    if (p->on_event(p->event_ctx, &ev))
        p->stop_requested = 1;
    p->in_callback--;
}

void dlxi_emit_node(dlx_problem *p, enum dlx_event_kind kind, int32_t q, int32_t len,
                    int32_t level)
{
    dlx_nodes nd = p->nd;
    int32_t x = nd.im[q].itm;
    int32_t color = kind == DLX_EV_MARK || kind == DLX_EV_UNMARK ? nd.im[x].color : nd.im[q].color;
    dlxi_emit(p, (dlx_event){.kind = kind, .level = level, .item = x - 1,
                             .option = dlxi_option_of(nd, q), .remaining = -1, .color = color,
                             .index = -1, .node = q, .up = nd.ud[q].up, .down = nd.ud[q].down,
                             .len = len});
}

/* Position of node q in its item's list, from 0 (for TRY events). */
static int32_t list_position(dlx_nodes nd, int32_t q)
{
    int32_t x = nd.im[q].itm, k = 0;
    for (int32_t r = nd.ud[x].down; r != q; r = nd.ud[r].down)
        k++;
    return k;
}

/* The events of a branching step: CHOOSE (with how far the rule's scan
 * went), DEAD_END when the item has no option left, and the COVER of the
 * chosen item. */
DLX_NOINLINE void announce_choice(dlx_problem *p, int32_t best, int32_t level, int32_t scanned)
{
    int32_t len = p->nd.im[best].itm;
    dlxi_emit(p, (dlx_event){.kind = DLX_EV_CHOOSE, .level = level, .item = best - 1,
                             .option = -1, .remaining = len, .index = -1, .scanned = scanned,
                             .lo = 1, .hi = 1, .degree = len});
    if (len == 0)
        dlxi_emit(p, (dlx_event){.kind = DLX_EV_DEAD_END, .level = level, .item = best - 1,
                                 .option = -1, .remaining = 0, .index = -1});
    announce_cover(p, p->cl, DLX_EV_COVER, best, level);
}

DLX_NOINLINE void announce_try(dlx_problem *p, int32_t cur, int32_t level)
{
    dlxi_emit(p, (dlx_event){.kind = DLX_EV_TRY, .level = level, .item = p->nd.im[cur].itm - 1,
                             .option = dlxi_option_of(p->nd, cur), .remaining = -1,
                             .index = list_position(p->nd, cur)});
}

/* All options of the item at this level tried: BACKTRACK, then its UNCOVER. */
DLX_NOINLINE void announce_backtrack(dlx_problem *p, int32_t item_hdr, int32_t level)
{
    dlxi_emit(p, (dlx_event){.kind = DLX_EV_BACKTRACK, .level = level, .item = item_hdr - 1,
                             .option = -1, .remaining = -1, .index = -1});
    announce_cover(p, p->cl, DLX_EV_UNCOVER, item_hdr, level);
}

/* Fills p->run.sol with the committed options, then the option chosen at each
 * of levels 0..levels-1 (by the engine under way); returns the count. */
static int32_t collect_solution(dlx_problem *p, int32_t levels)
{
    int32_t n = dlxi_committed_options(p, p->run.sol);
    return n + p->engine->path(p, levels, p->run.sol + n);
}

/* A solution made of the choices 0..levels-1 (and the commitments): counts
 * it, tells the hook and the callback. Returns 1 when the search must stop
 * here (a callback said so, or the limit is reached). Shared with
 * search_m.c, and never inlined: it is off the hot path. */
DLX_NOINLINE_SHARED int dlxi_visit_solution(dlx_problem *p, int32_t levels)
{
    p->stats.solutions++;
    p->found++;
    if (p->on_event)
        dlxi_emit(p, (dlx_event){.kind = DLX_EV_SOLUTION, .level = levels > 0 ? levels - 1 : 0,
                                 .item = -1, .option = -1, .remaining = -1, .index = -1});
    if (p->on_solution) {
        int32_t n = collect_solution(p, levels);
        p->level = levels; /* dlx_level() from inside the callback */
        p->in_callback++;
        if (p->on_solution(p->solution_ctx, p->run.sol, n))
            p->stop_requested = 1;
        p->in_callback--;
    }
    if (p->stop_requested) {
        p->stop_requested = 0;
        return 1;
    }
    return p->limit && p->found >= p->limit;
}

/* --- The loop ------------------------------------------------------------------ */

/* One copy per (colors, general, detail) triple, and the fast ones again
 * with the index (walk WALK_MARK: the dance flags what it changes, the
 * choice reads the index). The local counters go back into p->stats on
 * every exit; the general copies count updates straight into p->stats, so
 * that each event can carry the running count. */
DLX_INLINE int run(dlx_problem *p, uint64_t budget, const int colors, const int general,
                   const int detail, const int walk, const int path)
{
    dlx_nodes nodes_marked = p->nd;
    if (walk & WALK_MARK)
        nodes_marked.touched = p->run.m_touched;
    const dlx_nodes nd = nodes_marked;
    dlx_link *const cl = p->cl;
    int32_t *const choice = p->run.choice;
    const int32_t last_hdr = p->n_items;
    const int has_budget = budget != 0;
    uint64_t updates = 0, nodes = 0;
    /* Where the dance counts its updates (a pointer made at each use: a
     * pointer variable, even one folded away, changes the fast loops'
     * register allocation). */
#define UPDATES (general ? &p->stats.updates : &updates)
    int32_t level = p->level, max_level = p->stats.max_level;
    const int32_t floor_level = p->floor; /* 0 unless the search was split */
    int32_t cur;
    int rc;
    const int resume_at_solution = p->state == S_SOLUTION;
    const int infer = dlxi_infers(p);
    const dlx_dance d = {.p = p, .nd = nd, .cl = cl, .last_hdr = last_hdr};
    const int how = walk | (colors ? DANCE_COLORS : 0) | (detail ? DANCE_DETAIL : 0);
    const int events = general ? DANCE_EVENTS : 0;

    p->state = S_PAUSED; /* under way: commitments and settings refused */
    if (resume_at_solution)
        goto recover;

forward:
    if (has_budget && budget-- == 0) {
        rc = DLX_PAUSED;
        goto out;
    }
    if (general && p->stop_requested) {
        p->stop_requested = 0;
        rc = DLX_STOPPED;
        goto out;
    }
    nodes++;
    if (level > max_level)
        max_level = level;
    if (general && p->profiling)
        p->run.profile[level]++;
    if (cl[0].next == 0) {
        /* A solution: a leaf of the tree. */
        if (dlxi_visit_solution(p, level)) {
            p->state = S_SOLUTION;
            rc = DLX_STOPPED;
            goto out;
        }
        goto recover;
    }
    {
        int32_t scanned = 0;
        int32_t best = walk & WALK_MARK ? choose_item_x_index(p, nd, level, path)
                                        : choose_item(p, general, &scanned, level);
        /* The inference (infer.c) where no item has one option or none;
         * the choice again when it took options out (from the index, every
         * word flagged: the inference changes counts without flags). */
        if (infer) {
            p->run.infer_done[level] = 0;
            if (LEN(best) > 1 && dlxi_infer(p, level, UPDATES) > 0) {
                if (walk & WALK_MARK) {
                    flag_every_word(p);
                    best = choose_item_x_index(p, nd, level, path);
                } else {
                    best = choose_item(p, general, &scanned, level);
                }
            }
        }
        if (general && p->profiling && LEN(best) > p->run.max_degree)
            p->run.max_degree = LEN(best);
        if ((path || general) && p->choose == DLX_CHOOSE_MRV_PATH && !p->randomized)
            note_path_choice(p, nd, best, level, walk);
        if (general && p->on_event)
            announce_choice(p, best, level, scanned);
        cover(d, best, level, how, UPDATES);
        cur = choice[level] = nd.ud[best].down;
    }

advance:
    if (cur <= last_hdr)
        goto backup;
    if (general && p->on_event)
        announce_try(p, cur, level);
    commit_rest(d, cur, level, how | events, UPDATES);
    level++;
    goto forward;

backup:
    /* cur is the header of the item chosen at this level. */
    if (general && p->on_event)
        announce_backtrack(p, cur, level);
    uncover(d, cur, level, how);

recover:
    /* Back from level (a solution, or all its options tried) to the option
     * in force one level up. Back at the floor, the search's own subtree is
     * done: the fixed levels below it are undone, uncounted, and that is all
     * (dlx_internal.h, "A search that can be split"). What the inference
     * took out at this level goes back first (infer.c). */
    if (infer && p->run.infer_top > 0 && dlxi_undo_inference(p, level) > 0 && (walk & WALK_MARK))
        flag_every_word(p);
    if (level == floor_level) {
        if (floor_level > 0)
            dlxi_unwind(p, floor_level);
        level = 0;
        p->state = S_DONE;
        rc = DLX_OK;
        goto out;
    }
    level--;
    cur = choice[level];
    uncommit_rest(d, cur, level, how | events);
    cur = choice[level] = nd.ud[cur].down;
    goto advance;

out:
    p->level = level;
    p->stats.nodes += nodes;
    p->stats.updates += updates;
    p->stats.max_level = max_level;
    return rc;
#undef UPDATES
}

DLX_NOINLINE int run_plain(dlx_problem *p, uint64_t budget)
{
    return run(p, budget, 0, 0, 0, WALK_NEXT, 0);
}
DLX_NOINLINE int run_colors(dlx_problem *p, uint64_t budget)
{
    return run(p, budget, 1, 0, 0, WALK_NEXT, 0);
}
DLX_NOINLINE int run_general(dlx_problem *p, uint64_t budget)
{
    return run(p, budget, 1, 1, 0, WALK_NEXT, 0);
}
DLX_NOINLINE int run_detail(dlx_problem *p, uint64_t budget)
{
    return run(p, budget, 1, 1, 1, WALK_NEXT, 0);
}
DLX_NOINLINE int run_plain_indexed(dlx_problem *p, uint64_t budget)
{
    return run(p, budget, 0, 0, 0, WALK_NEXT | WALK_MARK, 0);
}
DLX_NOINLINE int run_colors_indexed(dlx_problem *p, uint64_t budget)
{
    return run(p, budget, 1, 0, 0, WALK_NEXT | WALK_MARK, 0);
}
DLX_NOINLINE int run_path_indexed(dlx_problem *p, uint64_t budget)
{
    return run(p, budget, 1, 0, 0, WALK_NEXT | WALK_MARK, 1);
}

/* --- The engine of Algorithms X and C on the links ------------------------------ */

/* The one that runs whatever is set: only the links watch the dance, take
 * a seed, the first item, the path's ties and the inference. */
static int links_accepts(const dlx_problem *p)
{
    return !p->has_bounds;
}

static int links_prepare(dlx_problem *p)
{
    dlxi_apply_commits(p); /* the links dance from the commitments */
    return DLX_OK;
}

/* Which copy of the loop: the indexed ones when the index pays (they are
 * the fast loops, with the index), else the general one whenever something
 * is watched or set that the fast ones do not do. */
static int links_run(dlx_problem *p, uint64_t node_budget)
{
    if (x_index_ready(p))
        return p->choose == DLX_CHOOSE_MRV_PATH || p->randomized
                   ? run_path_indexed(p, node_budget)
               : p->has_colors                  ? run_colors_indexed(p, node_budget)
                                                : run_plain_indexed(p, node_budget);
    p->run.index_live = 0; /* the loops below do not flag what they change */
    if (p->on_event && (p->detail & DLX_DETAIL_LINKS))
        return run_detail(p, node_budget);
    if (p->on_event || p->profiling || p->randomized || p->choose == DLX_CHOOSE_FIRST ||
        p->choose == DLX_CHOOSE_MRV_RECENT || p->choose == DLX_CHOOSE_MRV_PATH)
        return run_general(p, node_budget);
    return p->has_colors ? run_colors(p, node_budget) : run_plain(p, node_budget);
}

/* The choice index, when a search keeps it: every word not flagged since
 * the choice last looked still holds the best of its items. */
static int links_check(const dlx_problem *p, const char **what)
{
    const struct dlx_run *r = &p->run;
    if (!r->index_live || !r->x_best || !r->m_touched)
        return DLX_OK;
    for (int32_t w = 0; w < dlxi_index_words(p); w++)
        if (!r->m_touched[w] &&
            r->x_best[w] != x_best_in_word(p, p->nd, w,
                                           p->choose == DLX_CHOOSE_MRV_PATH || p->randomized)) {
            *what = "choice index: an unflagged word's best is not the best of its items";
            return DLX_EINVAL;
        }
    return DLX_OK;
}

static void links_unwind(dlx_problem *p)
{
    dlxi_unwind(p, p->level); /* the choices still in force, deepest first */
}

const dlx_engine dlxi_engine_links = {
    .version = DLX_ENGINE_VERSION,
    .name = "links",
    .strategy = DLX_STRATEGY_LINKS,
    .accepts = links_accepts,
    .prepare = links_prepare,
    .run = links_run,
    .unwind = links_unwind,
    .estimate = dlxi_estimate_levels,
    .path = dlxi_links_path,
    .start_subtree = dlxi_links_start_subtree,
    .untried = dlxi_links_untried,
    .level_width = dlxi_links_level_width,
    .last_updates = dlxi_links_last_updates,
    .check = links_check,
    .remaining = dlxi_links_remaining,
    .active = dlxi_links_active,
    .options = dlxi_links_options,
    .active_items = dlxi_links_active_items,
};

void dlxi_unwind(dlx_problem *p, int32_t levels)
{
    /* The inference's removals at level l + 1 came after choice l was made,
     * those at level l before its item was covered. */
    const dlx_dance d = dance_of(p);
    for (int32_t l = levels - 1; l >= 0; l--) {
        int32_t cur = p->run.choice[l];
        dlxi_undo_inference(p, l + 1);
        uncommit_rest(d, cur, l, DANCE_COLORS);
        uncover(d, p->nd.im[cur].itm, l, DANCE_COLORS);
    }
    dlxi_undo_inference(p, 0);
}

/* --- Choosing the engine --------------------------------------------------------- */

/* The engines on bit sets, in the order they are considered; each says
 * which problems it accepts (Algorithm M on bits will join them). */
static const dlx_engine *const bit_engines[] = {&dlxi_engine_bits, &dlxi_engine_bits_m};

/* The engines of the other goals (enum dlxi_goal): the first of the goal
 * that accepts the problem runs it. */
static const dlx_engine *const goal_engines[] = {&dlxi_engine_cost, &dlxi_engine_memo};

/* What forces the links whatever the strategy asked (dlx.h): the hook
 * watches the links dance, a seed shuffles their lists, the "first item"
 * rule is for teaching, the order of the path's ties, the inference and the
 * profile are kept on the links only. */
static int links_only(const dlx_problem *p)
{
    return p->on_event || p->profiling || p->randomized || p->choose == DLX_CHOOSE_FIRST ||
           p->choose == DLX_CHOOSE_MRV_PATH || dlxi_infers(p);
}

/* The engine a search of p from the root would run on now, or NULL when
 * the strategy asked for cannot search it (DLX_ESTRATEGY). The one place
 * that asks which engine suits a problem. */
const dlx_engine *dlxi_pick_engine(const dlx_problem *p)
{
    if (p->run.goal != DLXI_GOAL_SOLUTIONS) {
        for (size_t k = 0; k < sizeof goal_engines / sizeof goal_engines[0]; k++) {
            const dlx_engine *e = goal_engines[k];
            if (e->goal == p->run.goal && e->accepts(p))
                return e;
        }
        return NULL;
    }
    const dlx_engine *links = p->has_bounds ? &dlxi_engine_links_m : &dlxi_engine_links;
    if (p->strategy == DLX_STRATEGY_LINKS || links_only(p))
        return links;
    for (size_t k = 0; k < sizeof bit_engines / sizeof bit_engines[0]; k++) {
        const dlx_engine *e = bit_engines[k];
        if (e->accepts(p) && (p->strategy == DLX_STRATEGY_BITS || e->suits(p)))
            return e;
    }
    return p->strategy == DLX_STRATEGY_BITS ? NULL : links;
}

int dlxi_settle_strategy(dlx_problem *p)
{
    const dlx_engine *e = dlxi_pick_engine(p);
    if (!e)
        return DLX_ESTRATEGY;
    int rc = e->prepare(p);
    if (rc && e->release)
        e->release(p); /* what a prepare that failed half way made */
    if (rc == DLX_ETOOBIG && p->strategy == DLX_STRATEGY_AUTO && e->goal == DLXI_GOAL_SOLUTIONS) {
        /* Counts that would not fit the engine's tables: the links it is
         * unless the caller asked for this engine. */
        e = p->has_bounds ? &dlxi_engine_links_m : &dlxi_engine_links;
        rc = e->prepare(p);
    }
    if (rc)
        return rc;
    p->engine = e;
    return DLX_OK;
}

/* --- The public calls ---------------------------------------------------------- */

int dlx_search(dlx_problem *p, uint64_t node_budget)
{
    if (!p)
        return DLX_EINVAL;
    if (dlxi_busy(p) || p->run.goal != DLXI_GOAL_SOLUTIONS)
        return DLX_EBUSY;
    if (p->state == S_DONE)
        return DLX_OK;
    if (p->state == S_IDLE) {
        int rc = dlxi_prepare_search(p);
        if (rc)
            return rc;
        p->level = 0;
        p->run.barren = -1;
        p->found = 0;
        p->stop_requested = 0;
        p->event_seq = 0;
        p->run.index_live = 0; /* the links may have changed since the last search */
        rc = dlxi_settle_strategy(p);
        if (rc)
            return rc;
    }
    return p->engine->run(p, node_budget);
}

int dlxi_goal_start(dlx_problem *p, enum dlxi_goal g, const void *opts)
{
    if (dlxi_frozen(p))
        return DLX_EBUSY;
    dlx_reset(p); /* a search that ran to its end */
    p->run.goal = g;
    p->run.goal_opts = opts;
    p->level = 0;
    p->found = 0;
    p->stop_requested = 0;
    int rc = dlxi_settle_strategy(p);
    if (rc) {
        p->run.goal = DLXI_GOAL_SOLUTIONS;
        p->run.goal_opts = NULL;
        return rc;
    }
    p->state = S_PAUSED;
    return DLX_OK;
}

int dlxi_goal_run(dlx_problem *p, int (*watch)(void *ctx), void *ctx)
{
    int rc;
    while ((rc = p->engine->run(p, dlxi_goal_slice(p))) == DLX_PAUSED)
        if (watch && dlxi_callback(p, watch, ctx))
            return DLX_STOPPED;
    return rc;
}

int dlx_set_watch_interval(dlx_problem *p, uint64_t nodes)
{
    if (!p)
        return DLX_EINVAL;
    p->watch_interval = nodes;
    return DLX_OK;
}

int dlxi_callback(dlx_problem *p, int (*fn)(void *ctx), void *ctx)
{
    p->in_callback++;
    int r = fn(ctx);
    p->in_callback--;
    return r;
}

int dlx_reset(dlx_problem *p)
{
    if (!p)
        return DLX_EINVAL;
    if (dlxi_busy(p))
        return DLX_EBUSY;
    if (dlxi_in_search(p) && p->engine && p->engine->unwind)
        p->engine->unwind(p);
    dlxi_forget_search(p);
    return DLX_OK;
}

int dlx_count(dlx_problem *p, uint64_t *count)
{
    if (!p)
        return DLX_EINVAL;
    if (dlxi_busy(p))
        return DLX_EBUSY;
    dlx_solution_fn fn = p->on_solution;
    p->on_solution = NULL;
    dlx_reset(p);
    int rc = dlx_search(p, 0);
    uint64_t found = p->found;
    dlx_reset(p);
    p->on_solution = fn;
    if (count)
        *count = found;
    return rc;
}

int32_t dlx_level(const dlx_problem *p)
{
    return p && dlxi_in_search(p) ? p->level : 0;
}

double dlx_estimate_done(const dlx_problem *p)
{
    if (!p || p->state == S_IDLE)
        return 0.0;
    if (p->state == S_DONE)
        return 1.0;
    return p->engine->estimate(p);
}

enum dlx_strategy dlx_search_strategy(const dlx_problem *p)
{
    if (!p)
        return DLX_STRATEGY_LINKS;
    if (p->state != S_IDLE && p->engine)
        return p->engine->strategy;
    const dlx_engine *e = dlxi_pick_engine(p);
    return e ? e->strategy : p->strategy;
}
