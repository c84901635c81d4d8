/* SPDX-License-Identifier: MIT */
/* check.c - dlx_check(), the invariant walk (the role of Knuth's sanity()):
 * every link, length, spacer and the active list, checked against each
 * other, and with bounds Algorithm M's state against the choices in force.
 * The tests call it after every cover/uncover sequence.
 */
#include "dlx_internal.h"

static uint64_t nd_act_word(const dlx_problem *p, int32_t x)
{
    return p->nd.act[x / 64];
}

/* 1 when option opt (in force) uses item x without a colour: such a use
 * spends a unit of x's bound. */
static int spends(dlx_nodes nd, int32_t first, int32_t x)
{
    for (int32_t q = first; nd.im[q].itm > 0; q++)
        if (nd.im[q].itm == x)
            return nd.im[q].color == 0;
    return 0;
}

/* Algorithm M's state: every bound within 0..hi and the slack as given.
 * At rest (not inside a callback, where a step may be half done) also: each
 * bound is hi less one for every option in force (committed, or chosen at
 * a level) that spends it and for every null move on it; a primary item is
 * active exactly when its bound is not spent and no null move took it off;
 * and no option in force can be chosen again (none of its nodes in the
 * list of an active item). */
static int check_bounds(const dlx_problem *p)
{
    dlx_nodes nd = p->nd;
    const int32_t N = p->n_items;
    for (int32_t x = 1; x <= N; x++) {
        dlx_mult m = p->mult[x];
        if (m.bound < 0 || m.bound > p->hi[x] || m.slack < 0 || m.slack > p->hi[x])
            return DLX_EINVAL;
        if (p->secondary[x] && (p->hi[x] != 1 || m.slack != 0))
            return DLX_EINVAL;
    }
    if (dlxi_busy(p))
        return DLX_OK;
    const int32_t levels = dlxi_in_search(p) ? p->level : 0;
    for (int32_t x = 1; x <= N; x++) {
        int64_t spent = 0;
        int null_move = 0;
        for (int32_t k = 0; k < p->n_commits; k++)
            if (p->commits[k].kind == COMMIT_INCLUDE)
                spent += spends(nd, p->opt_first[p->commits[k].option], x);
        for (int32_t l = 0; l < levels; l++) {
            int32_t cur = p->choice[l];
            if (cur == x) {
                spent++;
                null_move = 1;
            } else if (cur > N) {
                spent += spends(nd, p->opt_first[dlxi_option_of(nd, cur)], x);
            }
        }
        int32_t bound = p->mult[x].bound;
        if (bound != p->hi[x] - spent)
            return DLX_EINVAL;
        if (!p->secondary[x] && dlxi_is_active(nd, x) != (bound > 0 && !null_move))
            return DLX_EINVAL;
    }
    for (int32_t k = 0; k < p->n_commits + levels; k++) {
        int32_t first;
        if (k < p->n_commits) {
            if (p->commits[k].kind != COMMIT_INCLUDE)
                continue;
            first = p->opt_first[p->commits[k].option];
        } else {
            int32_t cur = p->choice[k - p->n_commits];
            if (cur <= N)
                continue;
            first = p->opt_first[dlxi_option_of(nd, cur)];
        }
        for (int32_t q = first; nd.im[q].itm > 0; q++) {
            int32_t x = nd.im[q].itm;
            if (!p->secondary[x] && dlxi_is_active(nd, x) && dlxi_in_list(nd, q))
                return DLX_EINVAL;
        }
    }
    return DLX_OK;
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
    /* Spacers and options: each option's nodes name real items and know
     * their option's first node, the spacer before it points at its last
     * node and the one after at its first. */
    for (int32_t k = 0; k < p->n_options; k++) {
        int32_t first = p->opt_first[k], q = first;
        if (nd.im[first - 1].itm > 0)
            return DLX_EINVAL;
        while (nd.im[q].itm > 0) {
            if (nd.im[q].itm > N || (!p->secondary[nd.im[q].itm] && nd.im[q].color != 0) ||
                nd.of[q] != first)
                return DLX_EINVAL;
            q++;
        }
        if (q >= p->n_nodes || nd.im[q].itm != -(k + 1) || nd.ud[q].up != first ||
            nd.ud[first - 1].down != q - 1)
            return DLX_EINVAL;
    }
    const char *what = NULL;
    if (dlxi_in_search(p) && p->engine && p->engine->check && p->engine->check(p, &what))
        return DLX_EINVAL;
    /* The options the inference took out: each out of its list, and none
     * left out once the search is over. */
    if (dlxi_check_inference(p) != DLX_OK)
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
    if (p->has_bounds && (!p->mult || !p->hi))
        return DLX_EINVAL;
    return p->has_bounds ? check_bounds(p) : DLX_OK;
}
