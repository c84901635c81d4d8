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
 * nobody's count.
 */
#include "dlx_internal.h"

/* Hands prefix choice[0..levels-1] to the callback; 1 when it says stop. */
static int report(dlx_problem *p, int32_t levels, int is_solution, dlx_prefix_fn fn, void *ctx)
{
    for (int32_t l = 0; l < levels; l++)
        p->sol[l] = dlxi_option_of(p->nd, p->choice[l]);
    if (!fn)
        return 0;
    p->level = levels;
    p->in_callback++;
    int stop = fn(ctx, p->sol, levels, is_solution);
    p->in_callback--;
    return stop != 0;
}

int dlx_enumerate_prefixes(dlx_problem *p, int32_t depth, dlx_prefix_fn fn, void *ctx)
{
    if (!p || depth < 0)
        return DLX_EINVAL;
    if (dlxi_busy(p))
        return DLX_EBUSY;
    dlx_reset(p);
    int rc = dlxi_prepare_search(p);
    if (rc)
        return rc;
    const dlx_nodes nd = p->nd;
    dlx_link *const cl = p->cl;
    int32_t *const choice = p->choice;
    const int32_t last_hdr = p->n_items;
    uint64_t updates = 0; /* not kept */
    int32_t level = 0, cur;
    p->state = S_PAUSED; /* a walk under way: changes are refused */

forward:
    if (cl[0].next == 0 || level == depth) {
        if (report(p, level, cl[0].next == 0, fn, ctx))
            goto stopped;
        goto recover;
    }
    {
        int32_t best = dlxi_choose_item(p);
        cover(nd, cl, best, last_hdr, 1, &updates);
        cur = choice[level] = nd.ud[best].down;
    }
advance:
    if (cur <= last_hdr) {
        uncover(nd, cl, cur, last_hdr, 1);
        goto recover;
    }
    commit_rest(p, nd, cl, cur, last_hdr, 1, 0, level, &updates);
    level++;
    goto forward;
recover:
    if (level == 0) {
        dlxi_forget_search(p);
        return DLX_OK;
    }
    level--;
    cur = choice[level];
    uncommit_rest(p, nd, cl, cur, last_hdr, 1, 0, level);
    cur = choice[level] = nd.ud[cur].down;
    goto advance;
stopped:
    p->level = level;
    dlx_reset(p);
    return DLX_STOPPED;
}
