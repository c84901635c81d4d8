/* SPDX-License-Identifier: MIT */
/* query.c - questions about a problem: its items and options as built, and
 * the live state of the links (list lengths, active items) that event hooks
 * and teaching tools read while a search runs (during a search on bits,
 * the same questions are answered from its frame). Nothing here changes
 * the problem.
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

int32_t dlx_item_remaining(const dlx_problem *p, int32_t item)
{
    if (!p || item < 0 || item >= p->n_items)
        return DLX_EINVAL;
    if (dlxi_bits_in_search(p))
        return dlxi_bits_remaining(p, item + 1);
    return p->nd.im[item + 1].itm;
}

int dlx_item_is_active(const dlx_problem *p, int32_t item)
{
    if (!p || item < 0 || item >= p->n_items)
        return DLX_EINVAL;
    int32_t x = item + 1;
    if (dlxi_bits_in_search(p))
        return dlxi_bits_active(p, x);
    if (p->secondary[x])
        return 0;
    return p->cl[p->cl[x].prev].next == x;
}

int32_t dlx_item_options(const dlx_problem *p, int32_t item, int32_t *opts, int32_t cap)
{
    if (!p || item < 0 || item >= p->n_items || cap < 0 || (cap > 0 && !opts))
        return DLX_EINVAL;
    if (dlxi_bits_in_search(p))
        return dlxi_bits_options(p, item + 1, opts, cap);
    dlx_nodes nd = p->nd;
    int32_t x = item + 1, k = 0;
    for (int32_t q = nd.ud[x].down; q != x; q = nd.ud[q].down, k++)
        if (k < cap)
            opts[k] = dlxi_option_of(nd, q);
    return k;
}

int32_t dlx_active_items(const dlx_problem *p, int32_t *items, int32_t cap)
{
    if (!p || cap < 0 || (cap > 0 && !items))
        return DLX_EINVAL;
    if (dlxi_bits_in_search(p))
        return dlxi_bits_active_items(p, items, cap);
    int32_t k = 0;
    for (int32_t x = p->cl[0].next; x != 0; x = p->cl[x].next, k++)
        if (k < cap)
            items[k] = x - 1;
    return k;
}
