/* SPDX-License-Identifier: MIT */
/* check.c - dlx_check(), the invariant walk (the role of Knuth's sanity()):
 * every link, length, spacer, nx[] and the active list, checked against
 * each other, with bounds Algorithm M's state against the choices in force,
 * and during a search the engine's own state (its check: the bit-set
 * frame, the links' choice indexes). dlx_check_failure() names the
 * invariant that broke, as sanity() prints it. The tests call it after
 * every cover/uncover sequence.
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
static const char *check_bounds(const dlx_problem *p)
{
    dlx_nodes nd = p->nd;
    const int32_t N = p->n_items;
    for (int32_t x = 1; x <= N; x++) {
        dlx_mult m = p->mult[x];
        if (m.bound < 0 || m.bound > p->hi[x] || m.slack < 0 || m.slack > p->hi[x])
            return "bounds: a bound or a slack is outside 0..hi";
        if (p->secondary[x] && (p->hi[x] != 1 || m.slack != 0))
            return "bounds: a secondary item has bounds other than 0..1";
    }
    if (dlxi_busy(p))
        return NULL;
    /* A search on bits (no unwind) leaves the links as the commitments made them. */
    const int32_t levels = dlxi_in_search(p) && p->engine && p->engine->unwind ? p->level : 0;
    for (int32_t x = 1; x <= N; x++) {
        int64_t spent = 0;
        int null_move = 0;
        for (int32_t k = 0; k < p->n_commits; k++)
            if (p->commits[k].kind == COMMIT_INCLUDE)
                spent += spends(nd, p->opt_first[p->commits[k].option], x);
        for (int32_t l = 0; l < levels; l++) {
            int32_t cur = p->run.choice[l];
            if (cur == x) {
                spent++;
                null_move = 1;
            } else if (cur > N) {
                spent += spends(nd, p->opt_first[dlxi_option_of(nd, cur)], x);
            }
        }
        int32_t bound = p->mult[x].bound;
        if (bound != p->hi[x] - spent)
            return "bounds: a bound is not hi less the options in force that spend it";
        if (!p->secondary[x] && dlxi_is_active(nd, x) != (bound > 0 && !null_move))
            return "bounds: an item's activity disagrees with its bound and null moves";
    }
    for (int32_t k = 0; k < p->n_commits + levels; k++) {
        int32_t first;
        if (k < p->n_commits) {
            if (p->commits[k].kind != COMMIT_INCLUDE)
                continue;
            first = p->opt_first[p->commits[k].option];
        } else {
            int32_t cur = p->run.choice[k - p->n_commits];
            if (cur <= N)
                continue;
            first = p->opt_first[dlxi_option_of(nd, cur)];
        }
        for (int32_t q = first; nd.im[q].itm > 0; q++) {
            int32_t x = nd.im[q].itm;
            if (!p->secondary[x] && dlxi_is_active(nd, x) && dlxi_in_list(nd, q))
                return "bounds: an option in force is still in an active item's list";
        }
    }
    return NULL;
}

const char *dlx_check_failure(const dlx_problem *p)
{
    if (!p)
        return "no problem (NULL)";
    dlx_nodes nd = p->nd;
    const dlx_link *cl = p->cl;
    const int32_t N = p->n_items;
    /* Active list: a consistent cycle through primary items only. */
    int32_t steps = 0;
    for (int32_t x = 0;;) {
        int32_t y = cl[x].next;
        if (y < 0 || y > N || cl[y].prev != x)
            return "active list: a next link leaves the headers, or its prev does not lead back";
        if (y == 0)
            break;
        if (p->secondary[y])
            return "active list: a secondary item is on it";
        if (++steps > N)
            return "active list: it does not come back to the root";
        x = y;
    }
    /* The bit set of active items says the same as the list. */
    for (int32_t x = 1; x <= N; x++) {
        int bit = (int)((nd_act_word(p, x) >> (x % 64)) & 1);
        int listed = !p->secondary[x] && cl[cl[x].prev].next == x;
        if (bit != listed)
            return "act[]: an item's bit disagrees with the active list";
    }
    /* Every item list: doubly linked, nodes of that item, LEN right. */
    for (int32_t x = 1; x <= N; x++) {
        int32_t count = 0;
        for (int32_t q = x;;) {
            int32_t d = nd.ud[q].down;
            if (d < 1 || d >= p->n_nodes || nd.ud[d].up != q)
                return "item lists: a down link leaves the nodes, or its up does not lead back";
            if (d == x)
                break;
            if (d <= N || nd.im[d].itm != x)
                return "item lists: a node in an item's list belongs to another item";
            if (++count > p->n_nodes)
                return "item lists: a list does not come back to its header";
            q = d;
        }
        if (count != nd.im[x].itm)
            return "item lists: an item's LEN is not the length of its list";
    }
    /* Spacers and options: each option's nodes name real items, know their
     * option's first node and the next node round the option (nx[]), the
     * spacer before it points at its last node and the one after at its
     * first. */
    for (int32_t k = 0; k < p->n_options; k++) {
        int32_t first = p->opt_first[k], q = first;
        if (nd.im[first - 1].itm > 0)
            return "options: the slot before an option's first node is not a spacer";
        while (nd.im[q].itm > 0) {
            if (nd.im[q].itm > N)
                return "options: a node names no item";
            if (!p->secondary[nd.im[q].itm] && nd.im[q].color != 0)
                return "options: a node of a primary item has a colour";
            if (nd.of[q] != first)
                return "of[]: a node's first node is not its option's";
            if (nd.nx[q] != (nd.im[q + 1].itm > 0 ? q + 1 : first))
                return "nx[]: a node's next is not the next node of its option, cyclically";
            q++;
        }
        if (q >= p->n_nodes || nd.im[q].itm != -(k + 1) || nd.ud[q].up != first ||
            nd.ud[first - 1].down != q - 1)
            return "spacers: a spacer does not name its option, or its links miss the option's ends";
    }
    const char *what = "the engine's state";
    if (dlxi_in_search(p) && p->engine && p->engine->check && p->engine->check(p, &what))
        return what;
    /* The options the inference took out: each out of its list, and none
     * left out once the search is over. */
    if (dlxi_check_inference(p) != DLX_OK)
        return "inference: its stack of options taken out disagrees with the links";
    /* Without search or commitments nothing may be covered or purified. */
    if (!dlxi_in_search(p) && p->n_commits == 0) {
        if (steps != p->n_primary)
            return "at rest: a primary item is covered with nothing committed and no search";
        for (int32_t q = N + 1; q < p->n_nodes; q++)
            if (nd.im[q].itm > 0 && nd.im[q].color < 0)
                return "at rest: a node is purified with nothing committed and no search";
        int64_t total = 0;
        for (int32_t x = 1; x <= N; x++)
            total += nd.im[x].itm;
        if (total != (int64_t)p->n_nodes - 1 - N - (p->n_options ? p->n_options + 1 : 0))
            return "at rest: the lengths do not add up to the options' nodes";
    }
    if (p->has_bounds && (!p->mult || !p->hi))
        return "bounds: a problem with bounds has no mult[] or hi[]";
    return p->has_bounds ? check_bounds(p) : NULL;
}

int dlx_check(const dlx_problem *p)
{
    return dlx_check_failure(p) ? DLX_EINVAL : DLX_OK;
}
