/* SPDX-License-Identifier: MIT */
/* rules.c - the branching rules' out-of-line parts (rules.h has the table
 * of the rules and the inline choice of the loops): the order of the path
 * rule's ties, the recent item, the choice for the prefix walk, and the
 * item a prefix's option is replayed on when a split search starts below
 * it.
 */
#include "dance.h"
#include "rules.h"

/* Under DLX_CHOOSE_MRV_PATH, the order of ties (path_rank[], path_item[])
 * made if need be and put back in header order: every search from the
 * root starts from it, so the same search visits the same tree. With a
 * seed, a random order instead (Fisher-Yates, from p->rng), drawn at each
 * search from the root: ties go to the first of it, so each of the items
 * tied at a node is as likely as the others to be chosen, and a node's
 * choice costs what the scan or the index costs, not a random number per
 * tie (which kept the index away: 100,000 items alone in their options
 * took 28 s). */
int dlxi_prepare_path_order(dlx_problem *p)
{
    if (p->choose != DLX_CHOOSE_MRV_PATH && !p->randomized)
        return DLX_OK;
    int32_t need = p->n_items + 1;
    if (need > p->run.path_cap) {
        int32_t *block = dlxi_alloc(p, (size_t)need * 2 * sizeof *block);
        if (!block)
            return DLX_ENOMEM;
        dlxi_free(p, p->run.path_rank, (size_t)p->run.path_cap * 2 * sizeof *p->run.path_rank);
        p->run.path_rank = block;
        p->run.path_item = block + need;
        p->run.path_cap = need;
    }
    for (int32_t x = 0; x < need; x++)
        p->run.path_rank[x] = p->run.path_item[x] = x;
    if (p->randomized)
        for (int32_t k = need - 1; k > 1; k--) { /* header 0 keeps place 0 */
            int32_t j = 1 + (int32_t)dlxi_random_below(&p->rng, (uint32_t)k);
            int32_t t = p->run.path_item[k];
            p->run.path_item[k] = p->run.path_item[j];
            p->run.path_item[j] = t;
        }
    for (int32_t k = 0; k < need; k++)
        p->run.path_rank[p->run.path_item[k]] = k;
    return DLX_OK;
}

/* Under DLX_CHOOSE_MRV_RECENT, the recent item at `level` (dlx.h; a
 * header index, 0 for none): of the active primary items whose LEN the
 * option in force at level - 1 lowered when it was committed - by the
 * covers and purifications of its items but the level's own - and left
 * above 0, the one with fewest options, then the leftmost. The lists of the
 * items that commitment covered or purified still hold the options it hid
 * (hiding takes an option out of the other items' lists only), so they are
 * walked again here: the cost of the commitment once more, on the links
 * only (the bit-set search notes the item as it goes, search_bits.c). */
int32_t dlxi_recent_item(const dlx_problem *p, int32_t level)
{
    if (level <= 0)
        return 0;
    const dlx_nodes nd = p->nd;
    const int32_t cur = p->run.choice[level - 1];
    int32_t best = 0, best_len = INT32_MAX;
    for (int32_t q = cur + 1; q != cur;) {
        int32_t x = nd.im[q].itm;
        if (x <= 0) {
            q = nd.ud[q].up;
            continue;
        }
        /* Colour -1: x was purified to this colour before; nothing done. */
        for (int32_t r = nd.ud[x].down; nd.im[q].color >= 0 && r != x; r = nd.ud[r].down) {
            if (nd.im[r].color < 0)
                continue; /* kept by this purification */
            for (int32_t s = r + 1; s != r;) {
                int32_t y = nd.im[s].itm;
                if (y <= 0) {
                    s = nd.ud[s].up;
                    continue;
                }
                int32_t len = LEN(y);
                if (!p->secondary[y] && dlxi_is_active(nd, y) && len > 0 &&
                    (len < best_len || (len == best_len && y < best))) {
                    best = y;
                    best_len = len;
                }
                s++;
            }
        }
        q++;
    }
    return best;
}

int32_t dlxi_choose_item(dlx_problem *p, int32_t level)
{
    int32_t scanned;
    return p->cl[0].next == 0 ? 0 : choose_item(p, 1, &scanned, level);
}

/* The node of option opt on the item the branching rule would pick among
 * opt's own active primary items, or 0 when opt cannot be tried now (it is
 * hidden: one of its items is taken or coloured otherwise; or it has no
 * active primary item). For an option of the donor's list at a level, this
 * is the donor's item: the rule picks the leftmost item with fewest options,
 * and if that item is one of opt's it
 * is also the one picked among opt's items alone. Ties are broken by
 * position, never at random, so a seeded search replays deterministically
 * (its counts may then differ from one search's). */
int32_t dlxi_replay_node(const dlx_problem *p, int32_t opt, int32_t level)
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

