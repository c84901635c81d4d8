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
#include "split.h"

int dlxi_links_start_subtree(dlx_problem *p, const int32_t *prefix, int32_t n)
{
    const dlx_dance d = dance_of(p);
    const dlx_nodes nd = d.nd;
    uint64_t uncounted = 0, counted = 0;
    for (int32_t k = 0; k < n; k++) {
        int32_t q = dlxi_replay_node(p, prefix[k], k);
        if (!q) {
            dlxi_unwind(p, k);
            return DLX_ECONFLICT;
        }
        p->run.choice[k] = q;
        cover(d, nd.im[q].itm, k, DANCE_COLORS, &uncounted);
        commit_rest(d, q, k, DANCE_COLORS, k == n - 1 ? &counted : &uncounted);
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
    const dlx_dance d = dance_of(p);
    uncommit_rest(d, q, l, DANCE_COLORS);
    commit_rest(d, q, l, DANCE_COLORS, &updates);
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
