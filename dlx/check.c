/* SPDX-License-Identifier: MIT */
/* check.c - dlx_check(), the invariant walk (the role of Knuth's sanity()):
 * every link, length, spacer and the active list, checked against each
 * other. The tests call it after every cover/uncover sequence.
 */
#include "dlx_internal.h"

static uint64_t nd_act_word(const dlx_problem *p, int32_t x)
{
    return p->nd.act[x / 64];
}

int dlx_check(const dlx_problem *p)
{
    if (!p)
        return DLX_EINVAL;
    dlx_nodes nd = p->nd;
    const dlx_link *cl = p->cl;
    const int32_t N = p->n_items;
    /* Active list: a consistent cycle through primary items only. */
    int32_t steps = 0;
    for (int32_t x = 0;;) {
        int32_t y = cl[x].next;
        if (y < 0 || y > N || cl[y].prev != x)
            return DLX_EINVAL;
        if (y == 0)
            break;
        if (p->secondary[y] || ++steps > N)
            return DLX_EINVAL;
        x = y;
    }
    /* The bit set of active items says the same as the list. */
    for (int32_t x = 1; x <= N; x++) {
        int bit = (int)((nd_act_word(p, x) >> (x % 64)) & 1);
        int listed = !p->secondary[x] && cl[cl[x].prev].next == x;
        if (bit != listed)
            return DLX_EINVAL;
    }
    /* Every item list: doubly linked, nodes of that item, LEN right. */
    for (int32_t x = 1; x <= N; x++) {
        int32_t count = 0;
        for (int32_t q = x;;) {
            int32_t d = nd.ud[q].down;
            if (d < 1 || d >= p->n_nodes || nd.ud[d].up != q)
                return DLX_EINVAL;
            if (d == x)
                break;
            if (d <= N || nd.im[d].itm != x || ++count > p->n_nodes)
                return DLX_EINVAL;
            q = d;
        }
        if (count != nd.im[x].itm)
            return DLX_EINVAL;
    }
    /* Spacers and options: each option's nodes name real items, the spacer
     * before it points at its last node and the one after at its first. */
    for (int32_t k = 0; k < p->n_options; k++) {
        int32_t first = p->opt_first[k], q = first;
        if (nd.im[first - 1].itm > 0)
            return DLX_EINVAL;
        while (nd.im[q].itm > 0) {
            if (nd.im[q].itm > N || (!p->secondary[nd.im[q].itm] && nd.im[q].color != 0))
                return DLX_EINVAL;
            q++;
        }
        if (q >= p->n_nodes || nd.im[q].itm != -(k + 1) || nd.ud[q].up != first ||
            nd.ud[first - 1].down != q - 1)
            return DLX_EINVAL;
    }
    if (dlxi_bits_in_search(p) && dlxi_bits_check(p) != DLX_OK)
        return DLX_EINVAL;
    /* Without search or commitments nothing may be covered or purified. */
    if (!dlxi_in_search(p) && p->n_commits == 0) {
        if (steps != p->n_primary)
            return DLX_EINVAL;
        for (int32_t q = N + 1; q < p->n_nodes; q++)
            if (nd.im[q].itm > 0 && nd.im[q].color < 0)
                return DLX_EINVAL;
        int64_t total = 0;
        for (int32_t x = 1; x <= N; x++)
            total += nd.im[x].itm;
        if (total != (int64_t)p->n_nodes - 1 - N - (p->n_options ? p->n_options + 1 : 0))
            return DLX_EINVAL;
    }
    return DLX_OK;
}
