/* SPDX-License-Identifier: MIT */
/* rules.h - the branching rules on the links: which item a node branches
 * on, under each rule of dlx.h's enum dlx_choose, as the search loops of
 * search.c compile them (inline, one copy per loop), with rules.c holding
 * what the loops call out of line (the recent item, the choice for the
 * prefix walk, the path order, the replay of a prefix). The one home of
 * the rules: what each needs is in the table below, and a new rule goes
 * into it and into the functions here.
 *
 *   rule (dlx.h)   what it reads                 where it is kept       engines
 *   MRV, MRV_FULL  LEN of every active item,     the scan (consider),   links X/C: scan or
 *                  leftmost on ties; stops at 0  or Algorithm X's index  index; bits: its own
 *                                                (x_best, run)          scan (choose_slot)
 *   MRV_RECENT     MRV, ties to the recent item  the option in force    links: a walk of it
 *                  of the level above            one level up           (dlxi_recent_item);
 *                                                                       bits: noted in trials
 *   MRV_PATH       MRV, ties by path_rank        run.path_rank/item,    links only: the scan,
 *                                                moved at each choice   or the index ranking
 *                                                                       by place in the order
 *   FIRST          the first active item         cl[0].next             links only
 *   a seed         MRV, ties to the first in a   run.path_rank/item,    links only: the scan,
 *                  random order of the items     drawn at each start    or the index as PATH's
 *   the inference  MRV after taking out options  run.infer_* (infer.c)  links X/C (scan or
 *                  no solution has                                      index, every word
 *                                                                       flagged after it)
 *   with bounds    DLX3's degree, slack, -LEN    mult[], the scan or    links M (search_m.c:
 *                                                Algorithm M's index    choose_item_m, index)
 *   a prefix       the rule among the option's   the links              split.c's start on the
 *                  own items (dlxi_replay_node)                         links; bits: its own
 *
 * Algorithm M's rule (search_m.c) and the bit-set search's (search_bits.c)
 * stay beside their own data: their scans read state only those files
 * know (mult[] with the index's packed key; the frame's counts).
 */
#ifndef DLX_RULES_H
#define DLX_RULES_H

#include "dlx_internal.h"

#include <string.h>

/* One step of the branching scan: item k against the best so far (fewest
 * options t, leftmost; with randomisation, each of the tied items equally
 * likely). Returns 1 when the scan may stop: nothing beats t <= stop_at. */
DLX_INLINE int consider(dlx_problem *p, dlx_nodes nd, int32_t k, int32_t *best, int32_t *t,
                        int32_t stop_at, const int general)
{
    int32_t len = LEN(k);
    if (len < *t) {
        *best = k;
        *t = len;
        return len <= stop_at;
    }
    /* With a seed, or under MRV_PATH, ties go to the first in the order
     * of the items (path_rank[]: a random one drawn for the search, or the
     * path's). */
    if (general && len == *t && (p->randomized || p->choose == DLX_CHOOSE_MRV_PATH) &&
        p->run.path_rank[k] < p->run.path_rank[*best])
        *best = k;
    return 0;
}

/* Under DLX_CHOOSE_MRV_PATH: item x, chosen at level, takes that level's
 * place in the order of ties (position level + 1: header 0 keeps place 0),
 * and the item there moves to x's old place. So on the way back down after
 * a backtrack, ties go first to the items the last path chose at each
 * level, in the order it chose them (the items the contradiction was met
 * on among them), then to the rest in their order. */
DLX_INLINE void note_path_choice(dlx_problem *p, dlx_nodes nd, int32_t x, int32_t level,
                                 const int walk)
{
    int32_t pos = level + 1;
    if (pos >= p->run.path_cap)
        return;
    int32_t from = p->run.path_rank[x], y = p->run.path_item[pos];
    touch(nd, y, walk); /* the index ranks y by its place (x is being covered) */
    p->run.path_item[from] = y;
    p->run.path_rank[y] = from;
    p->run.path_item[pos] = x;
    p->run.path_rank[x] = pos;
}

/* The scan of choose_item() stopped early at header k, which it takes:
 * *scanned is k's place in the active list, from 1. Counted here, off the
 * loop, since only the event hook wants it. */
static inline int32_t scan_stop(const dlx_problem *p, int32_t k, int32_t *scanned)
{
    int32_t n = 1;
    for (int32_t x = p->cl[0].next; x != k; x = p->cl[x].next)
        n++;
    *scanned = n;
    return k;
}

/* The item to branch on (a header index; the list must not be empty):
 * fewest options, leftmost on ties, under p's rule. The general copy also
 * says in *scanned how many items it looked at. Two ways to visit the
 * active items in order, with the same choices: down the list cl[], or
 * along the set bits of act[]. The bits have no chain of dependent loads
 * and win with many primary items (a sudoku's 324: 15% faster); the list
 * wins when few items are scanned (N-queens: 7%). The walk starts at the
 * word of the first active item. */
DLX_INLINE int32_t choose_item(dlx_problem *p, const int general, int32_t *scanned, int32_t level)
{
    const dlx_nodes nd = p->nd;
    const dlx_link *cl = p->cl;
    int32_t best = cl[0].next;
    if (general && p->choose == DLX_CHOOSE_FIRST) {
        *scanned = 1;
        return best;
    }
    /* Both MRV rules stop only at an item with no option: Knuth's rule,
     * which DLX1 and the bit-set search follow. (A scan that stopped at 1,
     * the old default, visited 12-16% more nodes for no gain in time:
     * docs/library.md has the measurements.) */
    const int32_t stop_at = 0;
    const int32_t act_words = (p->n_items + 64) / 64;
    /* Bits pay with many primary items, but not with so many that long
     * runs of covered ones (zero words) would be walked at every node. */
    const int scan_bits = p->n_primary >= 128 && act_words <= 64;
    int32_t t = INT32_MAX;
    if (!scan_bits) {
        for (int32_t k = cl[0].next; k != 0; k = cl[k].next)
            if (consider(p, nd, k, &best, &t, stop_at, general))
                return general && p->on_event ? scan_stop(p, k, scanned) : best;
    } else {
        for (int32_t w = cl[0].next / 64; w < act_words; w++)
            for (uint64_t bits = nd.act[w]; bits; bits &= bits - 1)
                if (consider(p, nd, w * 64 + dlxi_lowest_bit(bits), &best, &t, stop_at,
                             general))
                    return general && p->on_event ? scan_stop(p, best, scanned) : best;
    }
    /* How many were looked at: only the event hook wants it (a count of
     * the active items, a second walk of them: MRV_RECENT, which runs this
     * general copy, spent 14% of its time here on 25x25 sudoku). */
    if (general && p->on_event)
        *scanned = dlx_active_items(p, NULL, 0);
    if (general && p->choose == DLX_CHOOSE_MRV_RECENT && !p->randomized) {
        int32_t r = dlxi_recent_item(p, level);
        if (r && LEN(r) == t)
            best = r;
    }
    return best;
}

/* --- The same choice, from an index, for many items -----------------------------
 * The scan above looks at every active item at every node, so a problem of
 * many items whose nodes each do little costs its items at every node:
 * 100,000 items, each alone in one option (100,001 nodes), took 17 s. As
 * Algorithm M does (search_m.c, whose comment above choose_item_indexed()
 * has the whole argument), the fast loops of big problems keep a summary
 * instead: for each act[] word of 64 items the best of its active items,
 * for each run of 64 words the best of their bests, and a flag per word,
 * set by the dance (WALK_MARK) when one of its items changes its LEN or its
 * activity; the choice recomputes the flagged words, the runs holding them,
 * and takes the best run. Here an item's rank is one number, LEN << 32 |
 * header index, and the best is the least: fewest options, then the lowest
 * index, which is the leftmost in the active list since that list is in
 * increasing header index (checked by x_index_pays(), as search_m.c's
 * index_pays() does; every cover is undone last in, first out). That is the
 * scan's choice exactly: the scan takes an item only when its LEN is below
 * the best so far, so it picks the first of the least LEN, and it stops at
 * the first item with no option, which is the least rank of all. So the
 * tree, its nodes, its updates and the order of the solutions are the
 * scan's; under DLX_CHOOSE_MRV_RECENT the recent item then replaces it as
 * it does after the scan. Randomisation (any of the tied items) and the
 * event hook (CHOOSE says how far the scan went) keep the scan; the
 * inference, which changes counts without flags, flags every word when it
 * takes something out or puts it back. tests/check_dlx.c compares the two
 * on random problems. */

/* The index is considered from this many primary items on, and used when
 * twice the items of the words a node is expected to flag are fewer than
 * the primary items (x_index_pays()): with a factor 1 the tilings of a path
 * of 256 cells took the index and ran 1.28x the scan's instructions
 * (docs/measurements.md, "Algorithm X's index"). Both can be moved at
 * compile time, for such measurements. */
#ifndef X_INDEX_ITEMS
#define X_INDEX_ITEMS 256
#endif
#ifndef X_INDEX_COST
#define X_INDEX_COST 2
#endif

/* Whether the index suits p's shape: many primary items, in increasing
 * header index along the active list (the argument above needs it), and
 * little work a node. A node's scan looks at each active item; the index
 * instead recomputes the words whose items the node changed, 64 items a
 * word. A node covers about an option's worth of items, and covering item
 * c changes the items of the options in c's list: the words flagged per
 * node are estimated as (nodes a primary item's options have, summed over
 * the primary items, over n_primary) x (average option size), at most all
 * of them. Settled once for each shape of the problem (options are only
 * ever added). */
static inline int x_index_pays(dlx_problem *p)
{
    if (p->run.x_index_nodes == p->n_nodes)
        return p->run.x_index_pays;
    int64_t changes, sizes;
    int pays = dlxi_index_shape(p, X_INDEX_ITEMS, &changes, &sizes);
    if (pays && p->n_options > 0) {
        /* In floating point: the product may pass 2^63 on huge problems. */
        const double words = dlxi_index_words(p);
        double flagged = (double)changes * (double)sizes /
                         ((double)p->n_primary * (double)p->n_options);
        flagged = flagged >= words ? words : 1.0 + (double)(int64_t)flagged;
        if (flagged > words)
            flagged = words;
        pays = 64.0 * flagged * X_INDEX_COST < (double)p->n_primary;
    }
    p->run.x_index_pays = pays;
    p->run.x_index_nodes = p->n_nodes;
    return pays;
}

/* Makes the index (or keeps it when live: a search resumed from its last
 * slice) and says whether the loops may use it: not when it does not pay,
 * nor when it cannot (see above), nor out of memory (the scan then chooses
 * the same items). */
static inline int x_index_ready(dlx_problem *p)
{
    if (p->on_event || p->choose == DLX_CHOOSE_FIRST || !x_index_pays(p))
        return 0;
    if (p->run.index_live)
        return 1;
    const int32_t words = dlxi_index_words(p), runs = (words + 63) / 64;
    if (p->run.x_best_cap < words + runs) {
        dlxi_free(p, p->run.x_best, (size_t)p->run.x_best_cap * sizeof *p->run.x_best);
        p->run.x_best_cap = 0;
        p->run.x_best = dlxi_alloc(p, (size_t)(words + runs) * sizeof *p->run.x_best);
        if (!p->run.x_best)
            return 0;
        p->run.x_best_cap = words + runs;
    }
    if (!dlxi_touch_all(p, words))
        return 0;
    p->run.index_live = 1;
    return 1;
}

#define X_NONE UINT64_MAX

/* The least rank of the active items of act[] word w (X_NONE for none).
 * Under DLX_CHOOSE_MRV_PATH or with a seed (`path`) an item with options
 * ranks by its place in the order of the items (the path's, or the random
 * one) instead of its header index: the least rank is
 * then the rule's choice, fewest options then first in that order, and
 * path_item[] turns it back into the item. An item with none keeps its
 * header index: the scan stops at the first of those in the list, which
 * the rank of the leftmost is. */
DLX_INLINE uint64_t x_best_in_word(const dlx_problem *p, dlx_nodes nd, int32_t w, const int path)
{
    uint64_t best = X_NONE;
    for (uint64_t bits = nd.act[w]; bits; bits &= bits - 1) {
        int32_t x = w * 64 + dlxi_lowest_bit(bits), len = LEN(x);
        uint32_t order = (uint32_t)(path && len ? p->run.path_rank[x] : x);
        uint64_t rank = (uint64_t)(uint32_t)len << 32 | order;
        if (rank < best)
            best = rank;
    }
    return best;
}

/* choose_item()'s choice under DLX_CHOOSE_MRV (and, with `path`, under
 * MRV_PATH), from the index (the active list must not be empty). */
DLX_INLINE int32_t choose_item_indexed(dlx_problem *p, dlx_nodes nd, const int path)
{
    const int32_t words = dlxi_index_words(p), runs = (words + 63) / 64;
    uint64_t *const word_best = p->run.x_best, *const run_best = p->run.x_best + words;
    uint64_t best = X_NONE;
    for (int32_t j = p->cl[0].next >> 12; j < runs; j++) {
        /* Any flag of the run's 64, four at a time. */
        uint64_t any = 0;
        for (int32_t i = 0; i < 64; i += 4) {
            uint64_t four;
            memcpy(&four, nd.touched + 64 * j + i, sizeof four);
            any |= four;
        }
        if (any) {
            int32_t end = words - 64 * j < 64 ? words : 64 * j + 64;
            uint64_t b = X_NONE;
            for (int32_t w = 64 * j; w < end; w++) {
                if (nd.touched[w]) {
                    nd.touched[w] = 0;
                    word_best[w] = x_best_in_word(p, nd, w, path);
                }
                if (word_best[w] < b)
                    b = word_best[w];
            }
            run_best[j] = b;
        }
        if (run_best[j] < best) {
            best = run_best[j];
            if (best >> 32 == 0)
                break; /* an item with no option: nothing ranks before it */
        }
    }
    const int32_t order = (int32_t)(uint32_t)best;
    return path && best >> 32 != 0 ? p->run.path_item[order] : order;
}

/* The index's choice under p's rule (DLX_CHOOSE_MRV, MRV_RECENT, or with
 * `path` MRV_PATH). */
DLX_INLINE int32_t choose_item_x_index(dlx_problem *p, dlx_nodes nd, int32_t level,
                                       const int path)
{
    int32_t best = choose_item_indexed(p, nd, path);
    if (p->choose == DLX_CHOOSE_MRV_RECENT && !p->randomized) {
        int32_t r = dlxi_recent_item(p, level);
        if (r && LEN(r) == LEN(best))
            best = r;
    }
    return best;
}

/* Flags every word of the index, whose counts something other than the
 * marking dance changed (the inference, or its undoing): the next choice
 * looks at every item again, n / 64 flags instead of the scan's n items. */
static inline void flag_every_word(dlx_problem *p)
{
    const int32_t words = dlxi_index_words(p);
    for (int32_t w = 0; w < words; w++)
        p->run.m_touched[w] = 1;
}

#endif /* DLX_RULES_H */
