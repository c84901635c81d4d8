/* SPDX-License-Identifier: MIT */
/* prefix.c - splitting a search: the top `depth` levels of the search tree
 * walked on their own, each subtree root there reported as the options that
 * lead to it. Searching from every prefix (commit its options, search,
 * uncommit) visits disjoint parts of the tree whose solutions add up to the
 * whole, which is what parallel and distributed searches hand out.
 *
 * The walk is its own small loop over the dance primitives, with the same
 * branching rule as the search, so the search loop carries no trace of it.
 * No events are announced and no statistics kept: the top of the tree is
 * nobody's count. A problem with bounds has a walk of its own, on the
 * steps of Algorithm M.
 */
#include "dance_m.h"
#include "split.h"

/* Hands prefix choice[0..levels-1] to the callback; 1 when it says stop. */
static int report(dlx_problem *p, int32_t levels, int is_solution, dlx_prefix_fn fn, void *ctx)
{
    for (int32_t l = 0; l < levels; l++)
        p->run.sol[l] = dlxi_option_of(p->nd, p->run.choice[l]);
    if (!fn)
        return 0;
    p->level = levels;
    p->in_callback++;
    int stop = fn(ctx, p->run.sol, levels, is_solution);
    p->in_callback--;
    return stop != 0;
}

/* With bounds, a prefix names what each level ruled out as well: the
 * options tweaked before its branch (those still in the item's list were
 * walked past by a covered level, which covering rules out already), then
 * the branch's option, if it is not the null move. */
static int report_m(dlx_problem *p, int32_t levels, int is_solution, dlx_prefix_fn fn, void *ctx)
{
    const dlx_nodes nd = p->nd;
    int32_t n = 0;
    for (int32_t l = 0; l < levels; l++) {
        int32_t cur = p->run.choice[l];
        for (int32_t r = p->run.first_at[l]; r != cur; r = nd.ud[r].down)
            if (!dlxi_in_list(nd, r))
                p->run.sol[n++] = DLX_EXCLUDE(dlxi_option_of(nd, r));
        if (cur > p->n_items)
            p->run.sol[n++] = dlxi_option_of(nd, cur);
    }
    if (!fn)
        return 0;
    p->level = levels;
    p->in_callback++;
    int stop = fn(ctx, p->run.sol, n, is_solution);
    p->in_callback--;
    return stop != 0;
}

/* The walk of Algorithm M: search_m.c's loop without events or counts. */
static int enumerate_m(dlx_problem *p, int32_t depth, dlx_prefix_fn fn, void *ctx)
{
    const dlx_dance d = dance_of(p);
    const dlx_nodes nd = d.nd;
    dlx_link *const cl = p->cl;
    int32_t *const choice = p->run.choice;
    const int32_t last_hdr = p->n_items;
    uint64_t updates = 0; /* not kept */
    int32_t level = 0, best = 0, cur;
    p->state = S_PAUSED; /* a walk under way: changes are refused */
    p->engine = &dlxi_engine_links_m; /* which dlx_reset() undoes, and the questions ask */

forward:
    if (cl[0].next == 0 || level == depth) {
        if (report_m(p, level, cl[0].next == 0, fn, ctx))
            goto stopped;
        goto recover;
    }
    {
        int32_t degree;
        best = dlxi_choose_item_m(p, &degree);
        if (degree <= 0)
            goto recover;
        p->run.degree_at[level] = degree;
        cur = p->run.first_at[level] = m_enter(d, best, DANCE_COLORS, &updates);
    }
advance:
    if (!m_branch(d, best, cur, level, DANCE_COLORS, &updates))
        goto backup;
    choice[level] = cur;
    if (cur != best)
        commit_rest_m(d, cur, level, DANCE_COLORS, &updates);
    level++;
    goto forward;
backup:
    m_leave(d, best, p->run.first_at[level], DANCE_COLORS);
recover:
    if (level == 0) {
        dlxi_forget_search(p);
        return DLX_OK;
    }
    level--;
    cur = choice[level];
    best = cur <= last_hdr ? cur : nd.im[cur].itm;
    if (!m_next_branch(d, best, &cur, level, DANCE_COLORS))
        goto backup;
    goto advance;
stopped:
    p->level = level;
    dlx_reset(p);
    return DLX_STOPPED;
}

int dlx_enumerate_prefixes(dlx_problem *p, int32_t depth, dlx_prefix_fn fn, void *ctx)
{
    if (!p || depth < 0)
        return DLX_EINVAL;
    if (dlxi_busy(p))
        return DLX_EBUSY;
    dlx_reset(p);
    dlxi_apply_commits(p); /* the walk dances on the links */
    int rc = dlxi_prepare_search(p);
    if (rc)
        return rc;
    if (p->has_bounds)
        return enumerate_m(p, depth, fn, ctx);
    const dlx_dance d = dance_of(p);
    const dlx_nodes nd = d.nd;
    dlx_link *const cl = p->cl;
    int32_t *const choice = p->run.choice;
    const int32_t last_hdr = p->n_items;
    uint64_t updates = 0; /* not kept */
    int32_t level = 0, cur;
    p->state = S_PAUSED; /* a walk under way: changes are refused */
    p->engine = &dlxi_engine_links; /* which dlx_reset() undoes, and the questions ask */

forward:
    if (cl[0].next == 0 || level == depth) {
        if (report(p, level, cl[0].next == 0, fn, ctx))
            goto stopped;
        goto recover;
    }
    {
        int32_t best = dlxi_choose_item(p, level);
        cover(d, best, level, DANCE_COLORS, &updates);
        cur = choice[level] = nd.ud[best].down;
    }
advance:
    if (cur <= last_hdr) {
        uncover(d, cur, level, DANCE_COLORS);
        goto recover;
    }
    commit_rest(d, cur, level, DANCE_COLORS, &updates);
    level++;
    goto forward;
recover:
    if (level == 0) {
        dlxi_forget_search(p);
        return DLX_OK;
    }
    level--;
    cur = choice[level];
    uncommit_rest(d, cur, level, DANCE_COLORS);
    cur = choice[level] = nd.ud[cur].down;
    goto advance;
stopped:
    p->level = level;
    dlx_reset(p);
    return DLX_STOPPED;
}

/* --- Subtrees and splits: the public face of dlx_internal.h's "search that
 * can be split" ------------------------------------------------------------ */

int dlx_start_subtree(dlx_problem *p, const int32_t *prefix, int32_t n)
{
    if (!p || n < 0 || (n > 0 && !prefix))
        return DLX_EINVAL;
    if (dlxi_busy(p))
        return DLX_EBUSY;
    dlx_reset(p);
    int rc = dlxi_prepare_search(p);
    if (rc)
        return rc;
    const dlx_engine *e = dlxi_pick_engine(p);
    if (!e)
        return DLX_ESTRATEGY;
    if (!e->start_subtree) /* its search cannot be split (Algorithm M on the links) */
        return n == 0 ? DLX_OK : DLX_EINVAL; /* the whole search, left to dlx_search() */
    if (!e->split && n > p->n_primary) /* each option covers a primary item of its own */
        return DLX_ECONFLICT;
    for (int32_t k = 0; k < n && !e->split; k++)
        if (prefix[k] < 0 || prefix[k] >= p->n_options)
            return DLX_EINVAL;
    rc = dlxi_settle_strategy(p); /* as dlx_search() would */
    if (rc)
        return rc;
    rc = p->engine->start_subtree(p, prefix, n);
    if (rc)
        dlxi_forget_search(p);
    return rc;
}

/* Hands one prefix to fn as a callback of p; 1 when fn refuses it. */
static int offer(dlx_problem *p, const int32_t *prefix, int32_t n, dlx_prefix_fn fn, void *ctx)
{
    p->in_callback++;
    int refused = fn(ctx, prefix, n, 0);
    p->in_callback--;
    return refused != 0;
}

/* The options are collected first and the search changed only once fn has
 * taken them all, so a refusal leaves the search whole. */
int32_t dlx_split(dlx_problem *p, enum dlx_split_mode mode, dlx_prefix_fn fn, void *ctx)
{
    if (!p || (mode != DLX_SPLIT_SHALLOWEST && mode != DLX_SPLIT_ALL))
        return DLX_EINVAL;
    if (dlxi_busy(p))
        return DLX_EBUSY;
    if (p->state != S_PAUSED)
        return DLX_EINVAL;
    if (!dlxi_splittable(p))
        return 0; /* its engine's search cannot be split: it keeps everything */
    if (p->engine->split)
        return p->engine->split(p, mode, fn, ctx);
    const int32_t level = p->level;
    int32_t first = -1, last = -1, total = 0, widest = 0;
    for (int32_t l = dlxi_barren(p); l < level; l++) {
        int32_t n = dlxi_untried(p, l, NULL, 0);
        if (n == 0)
            continue;
        if (first < 0)
            first = l;
        last = l;
        total += n;
        widest = n > widest ? n : widest;
        if (mode == DLX_SPLIT_SHALLOWEST)
            break;
    }
    if (mode == DLX_SPLIT_ALL)
        total++; /* the subtree the search is about to enter */
    if (!fn || total == 0)
        return total;

    /* One block: a prefix (the path, then an untried option) and the
     * untried options of one level. */
    size_t size = ((size_t)level + 1 + (size_t)widest) * sizeof(int32_t);
    int32_t *prefix = dlxi_alloc(p, size);
    if (!prefix)
        return DLX_ENOMEM;
    int32_t *untried = prefix + level + 1;
    dlxi_path(p, prefix);
    int refused = 0;
    for (int32_t l = first; l >= 0 && l <= last && !refused; l++) {
        int32_t n = dlxi_untried(p, l, untried, widest);
        for (int32_t k = 0; k < n && !refused; k++) {
            int32_t keep = prefix[l];
            prefix[l] = untried[k];
            refused = offer(p, prefix, l + 1, fn, ctx);
            prefix[l] = keep;
        }
    }
    if (mode == DLX_SPLIT_ALL && !refused)
        refused = offer(p, prefix, level, fn, ctx);
    dlxi_free(p, prefix, size);
    if (refused)
        return 0;
    if (mode == DLX_SPLIT_SHALLOWEST) {
        dlxi_raise_floor(p, first + 1);
    } else {
        /* The path's own subtree goes too, and with it what trying its last
         * option counted: the receiver counts that. */
        p->stats.updates -= dlxi_last_updates(p);
        dlx_reset(p);
    }
    return total;
}
