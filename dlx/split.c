/* SPDX-License-Identifier: MIT */
/* split.c - a search that can be split, for the dancing-links search of
 * search.c: the operations listed in dlx_internal.h under that name, which
 * its engine (dlxi_engine_links) names, and the calls that hand them on to
 * the engine under way (a search on bits has its own, in search_bits.c). A
 * search is started below a prefix of options, and a paused one tells what
 * it has not tried yet and gives it up by raising its floor. The public
 * calls built on these (dlx_start_subtree, dlx_split) are in prefix.c, the
 * parallel search in parallel.c.
 */
#include "dance.h"

/* The node of option opt on the item the branching rule would pick among
 * opt's own active primary items, or 0 when opt cannot be tried now (it is
 * hidden: one of its items is taken or coloured otherwise; or it has no
 * active primary item). For an option of the donor's list at a level, this
 * is the donor's item: the rule picks the leftmost item with fewest options,
 * and if that item is one of opt's it
 * is also the one picked among opt's items alone. Ties are broken by
 * position, never at random, so a seeded search replays deterministically
 * (its counts may then differ from one search's). */
static int32_t replay_node(const dlx_problem *p, int32_t opt, int32_t level)
{
    const dlx_nodes nd = p->nd;
    const int32_t stop_at = 0; /* both MRV names are DLX1's rule (search.c) */
    int32_t pick = 0;
    for (int32_t q = p->opt_first[opt]; nd.im[q].itm > 0; q++) {
        int32_t x = nd.im[q].itm;
        if (p->secondary[x] || !((nd.act[x / 64] >> (x % 64)) & 1))
            continue;
        if (!pick) {
            pick = q;
            continue;
        }
        /* Leftmost means the smallest header index: the active list keeps
         * the items in that order. */
        int32_t y = nd.im[pick].itm, len = LEN(x), ylen = LEN(y);
        int better;
        if (p->choose == DLX_CHOOSE_FIRST)
            better = x < y;
        else if (len <= stop_at || ylen <= stop_at) /* the scan stops at the first such */
            better = len <= stop_at && (ylen > stop_at || x < y);
        else
            better = len < ylen || (len == ylen && x < y);
        if (better)
            pick = q;
    }
    if (!pick)
        return 0;
    if (p->choose == DLX_CHOOSE_MRV_RECENT && !p->randomized) {
        /* The recent item wins the tie, if it is one of opt's: the rule's
         * choice when it is the donor's item. */
        int32_t r = dlxi_recent_item(p, level);
        for (int32_t q = p->opt_first[opt]; r && nd.im[q].itm > 0; q++)
            if (nd.im[q].itm == r && LEN(r) == LEN(nd.im[pick].itm))
                pick = q;
    }
    /* opt can be tried iff it is still in its item's list. */
    int32_t c = nd.im[pick].itm;
    for (int32_t r = nd.ud[c].down; r != c; r = nd.ud[r].down)
        if (r == pick)
            return pick;
    return 0;
}

int dlxi_links_start_subtree(dlx_problem *p, const int32_t *prefix, int32_t n)
{
    const dlx_nodes nd = p->nd;
    uint64_t uncounted = 0, counted = 0;
    for (int32_t k = 0; k < n; k++) {
        int32_t q = replay_node(p, prefix[k], k);
        if (!q) {
            dlxi_unwind(p, k);
            return DLX_ECONFLICT;
        }
        p->run.choice[k] = q;
        cover(nd, p->cl, nd.im[q].itm, p->n_items, 1, &uncounted);
        commit_rest(p, nd, p->cl, q, p->n_items, 1, 0, k, k == n - 1 ? &counted : &uncounted);
    }
    p->stats.updates += counted;
    p->state = S_PAUSED;
    p->level = p->floor = n;
    p->found = 0;
    p->stop_requested = 0;
    return DLX_OK;
}

int32_t dlxi_untried(const dlx_problem *p, int32_t level, int32_t *opts, int32_t cap)
{
    if (level < p->floor || level >= p->level)
        return 0;
    return p->engine->untried(p, level, opts, cap);
}

int32_t dlxi_links_untried(const dlx_problem *p, int32_t level, int32_t *opts, int32_t cap)
{
    const dlx_nodes nd = p->nd;
    int32_t n = 0;
    for (int32_t r = nd.ud[p->run.choice[level]].down; r > p->n_items; r = nd.ud[r].down) {
        if (n < cap)
            opts[n] = dlxi_option_of(nd, r);
        n++;
    }
    return n;
}

void dlxi_raise_floor(dlx_problem *p, int32_t to)
{
    if (to > p->floor && to <= p->level) {
        p->floor = to;
        p->run.barren = -1;
    }
}

int32_t dlxi_path(const dlx_problem *p, int32_t *opts)
{
    return p->engine->path(p, p->level, opts);
}

int32_t dlxi_links_path(const dlx_problem *p, int32_t levels, int32_t *out)
{
    int32_t n = 0;
    for (int32_t l = 0; l < levels; l++)
        if (p->run.choice[l] > p->n_items) /* not a null move of Algorithm M */
            out[n++] = dlxi_option_of(p->nd, p->run.choice[l]);
    return n;
}

int32_t dlxi_level_width(const dlx_problem *p, int32_t level, int32_t *position)
{
    return p->engine->level_width(p, level, position);
}

int32_t dlxi_links_level_width(const dlx_problem *p, int32_t level, int32_t *position)
{
    const dlx_nodes nd = p->nd;
    int32_t q = p->run.choice[level], x = nd.im[q].itm, k = 0;
    for (int32_t r = nd.ud[x].down; r != q; r = nd.ud[r].down)
        k++;
    if (position)
        *position = k;
    return LEN(x); /* a covered item's LEN is frozen */
}

uint64_t dlxi_last_updates(dlx_problem *p)
{
    return p->engine->last_updates(p);
}

uint64_t dlxi_links_last_updates(dlx_problem *p)
{
    if (p->level == 0)
        return 0;
    int32_t l = p->level - 1, q = p->run.choice[l];
    uint64_t updates = 0;
    uncommit_rest(p, p->nd, p->cl, q, p->n_items, 1, 0, l);
    commit_rest(p, p->nd, p->cl, q, p->n_items, 1, 0, l, &updates);
    return updates;
}

double dlxi_estimate_below(const dlx_problem *p, int32_t from, double *width)
{
    double done = 0.0, w = 1.0;
    for (int32_t l = from; l < p->level; l++) {
        int32_t k;
        w *= dlxi_level_width(p, l, &k);
        done += k / w;
    }
    if (width)
        *width = w;
    return done;
}

int32_t dlxi_barren(dlx_problem *p)
{
    if (p->run.barren < p->floor || p->run.barren > p->level) {
        p->run.barren = p->floor;
        p->run.barren_width = 1.0;
        p->run.barren_done = 0.0;
    }
    while (p->run.barren < p->level && dlxi_untried(p, p->run.barren, NULL, 0) == 0) {
        int32_t k;
        p->run.barren_width *= dlxi_level_width(p, p->run.barren, &k);
        p->run.barren_done += k / p->run.barren_width;
        p->run.barren++;
    }
    return p->run.barren;
}

double dlxi_estimate_from_floor(dlx_problem *p, double *width)
{
    int32_t from = dlxi_barren(p);
    double rest_width = 1.0, rest = dlxi_estimate_below(p, from, &rest_width);
    if (width)
        *width = p->run.barren_width * rest_width;
    return p->run.barren_done + rest / p->run.barren_width;
}

double dlxi_estimate_levels(const dlx_problem *p)
{
    double width = 1.0;
    double done = dlxi_estimate_below(p, p->floor, &width);
    return done + 0.5 / width;
}
