/* SPDX-License-Identifier: MIT */
/* query.c - questions about a problem: its items and options as built, and
 * the live state of the links (list lengths, active items) that event hooks
 * and teaching tools read while a search runs, down to Knuth's memory
 * table of the nodes (during a search, the questions about the live state
 * are answered by its engine: a search on bits from its frame). Nothing
 * here changes the problem.
 */
#include "dlx_internal.h"

int32_t dlx_item_count(const dlx_problem *p) { return p ? p->n_items : 0; }
int32_t dlx_option_count(const dlx_problem *p) { return p ? p->n_options : 0; }
int32_t dlx_commit_count(const dlx_problem *p) { return p ? p->n_commits : 0; }

const char *dlx_item_name(const dlx_problem *p, int32_t item)
{
    if (!p || item < 0 || item >= p->n_items || p->name_at[item + 1] < 0)
        return NULL;
    return p->names + p->name_at[item + 1];
}

int dlx_item_is_secondary(const dlx_problem *p, int32_t item)
{
    if (!p || item < 0 || item >= p->n_items)
        return DLX_EINVAL;
    return p->secondary[item + 1];
}

int dlx_item_bounds(const dlx_problem *p, int32_t item, int32_t *lo, int32_t *hi)
{
    if (!p || item < 0 || item >= p->n_items)
        return DLX_EINVAL;
    int32_t x = item + 1, l = 1, h = 1;
    if (p->secondary[x])
        l = 0;
    else if (p->hi)
        l = (h = p->hi[x]) - p->mult[x].slack;
    if (lo)
        *lo = l;
    if (hi)
        *hi = h;
    return DLX_OK;
}

int dlx_item_residual(const dlx_problem *p, int32_t item, int32_t *lo, int32_t *hi)
{
    if (!p || item < 0 || item >= p->n_items || p->secondary[item + 1])
        return DLX_EINVAL;
    int32_t x = item + 1, l = 0, h = 0;
    if (dlxi_is_active(p->nd, x)) {
        l = h = 1;
        if (p->has_bounds) {
            h = p->mult[x].bound;
            l = h > p->mult[x].slack ? h - p->mult[x].slack : 0;
        }
    }
    if (lo)
        *lo = l;
    if (hi)
        *hi = h;
    return DLX_OK;
}

int dlx_has_bounds(const dlx_problem *p)
{
    return p ? p->has_bounds : 0;
}

int32_t dlx_option_items(const dlx_problem *p, int32_t opt, int32_t *items, int32_t *colors,
                         int32_t cap)
{
    if (!p || opt < 0 || opt >= p->n_options || cap < 0 || (cap > 0 && !items))
        return DLX_EINVAL;
    dlx_nodes nd = p->nd;
    int32_t k = 0;
    for (int32_t q = p->opt_first[opt]; nd.im[q].itm > 0; q++, k++) {
        if (k < cap) {
            items[k] = nd.im[q].itm - 1;
            if (colors)
                colors[k] = nd.im[q].color;
        }
    }
    /* While its item is purified a node shows colour -1; purify() keeps the
     * colour in the item's header, and -1 is only given to nodes of that
     * colour. */
    if (colors)
        for (int32_t j = 0; j < k && j < cap; j++)
            if (colors[j] < 0)
                colors[j] = nd.im[items[j] + 1].color;
    return k;
}

/* The live state as the links hold it: between searches, and during a
 * search on the links (the engines of search.c and search_m.c answer
 * with these). x is a header index. */
int32_t dlxi_links_remaining(const dlx_problem *p, int32_t x)
{
    return p->nd.im[x].itm;
}

int dlxi_links_active(const dlx_problem *p, int32_t x)
{
    return !p->secondary[x] && p->cl[p->cl[x].prev].next == x;
}

int32_t dlxi_links_options(const dlx_problem *p, int32_t x, int32_t *opts, int32_t cap)
{
    dlx_nodes nd = p->nd;
    int32_t k = 0;
    for (int32_t q = nd.ud[x].down; q != x; q = nd.ud[q].down, k++)
        if (k < cap)
            opts[k] = dlxi_option_of(nd, q);
    return k;
}

int32_t dlxi_links_active_items(const dlx_problem *p, int32_t *items, int32_t cap)
{
    int32_t k = 0;
    for (int32_t x = p->cl[0].next; x != 0; x = p->cl[x].next, k++)
        if (k < cap)
            items[k] = x - 1;
    return k;
}

int32_t dlx_item_remaining(const dlx_problem *p, int32_t item)
{
    if (!p || item < 0 || item >= p->n_items)
        return DLX_EINVAL;
    dlxi_links_current(p);
    return dlxi_live(p)->remaining(p, item + 1);
}

int dlx_item_is_active(const dlx_problem *p, int32_t item)
{
    if (!p || item < 0 || item >= p->n_items)
        return DLX_EINVAL;
    dlxi_links_current(p);
    return dlxi_live(p)->active(p, item + 1);
}

int32_t dlx_item_options(const dlx_problem *p, int32_t item, int32_t *opts, int32_t cap)
{
    if (!p || item < 0 || item >= p->n_items || cap < 0 || (cap > 0 && !opts))
        return DLX_EINVAL;
    dlxi_links_current(p);
    return dlxi_live(p)->options(p, item + 1, opts, cap);
}

int32_t dlx_active_items(const dlx_problem *p, int32_t *items, int32_t cap)
{
    if (!p || cap < 0 || (cap > 0 && !items))
        return DLX_EINVAL;
    dlxi_links_current(p);
    return dlxi_live(p)->active_items(p, items, cap);
}

/* --- The node layout ------------------------------------------------------ */

int32_t dlx_node_count(const dlx_problem *p)
{
    return p ? p->n_nodes : 0;
}

int dlx_node(const dlx_problem *p, int32_t x, dlx_node_info *out)
{
    if (!p || !out || x < 0 || x >= p->n_nodes)
        return DLX_EINVAL;
    dlxi_links_current(p);
    dlx_nodes nd = p->nd;
    int32_t top = nd.im[x].itm;
    *out = (dlx_node_info){.top = top, .ulink = nd.ud[x].up, .dlink = nd.ud[x].down,
                           .color = nd.im[x].color,
                           .option = x > p->n_items && top > 0 ? dlxi_option_of(nd, x) : -1};
    return DLX_OK;
}

int dlx_item_links(const dlx_problem *p, int32_t x, int32_t *llink, int32_t *rlink)
{
    if (!p || x < 0 || x > p->n_items)
        return DLX_EINVAL;
    dlxi_links_current(p);
    if (llink)
        *llink = p->cl[x].prev;
    if (rlink)
        *rlink = p->cl[x].next;
    return DLX_OK;
}
