/* SPDX-License-Identifier: MIT */
/* search.c - Algorithm X (and C, with colours): the search loop, and the
 * public calls that run a search, which hand a problem with bounds to
 * Algorithm M in search_m.c.
 *
 * The search is iterative, with choice[level] the node being tried at each
 * level, so it can stop after any solution or node budget and resume later.
 * The loop keeps Knuth's DLX1 labels (forward, advance, backup, recover) and
 * reads like his: the side concerns - choosing the item, announcing events,
 * visiting a solution - are named helpers, not blocks woven into it. Four
 * copies are compiled from one inline function: without colours, with
 * colours, a general one that also serves the event hook, randomisation
 * and the "first item" rule, and the general one with link detail (every
 * node the dance moves announced to the hook), so that none of those costs
 * anything when unused. dlx_search() also chooses between this loop and the
 * bit-set search of search_bits.c, which visits the same tree.
 */
#include "dance.h"

#include <string.h>

/* Under DLX_CHOOSE_MRV_PATH, the order of ties (path_rank[], path_item[])
 * made if need be and put back in header order: every search from the
 * root starts from it, so the same search visits the same tree. */
static int prepare_path_order(dlx_problem *p)
{
    if (p->choose != DLX_CHOOSE_MRV_PATH)
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
    return DLX_OK;
}

/* --- Helpers of the loop ---------------------------------------------------- */

int dlxi_prepare_search(dlx_problem *p)
{
    /* Every level covers at least one primary item. With bounds a level
     * either chooses an option (each at most once on a path) or makes the
     * null move of an item (each at most once too), and a prefix lists at
     * most every option once. The arrays live in one block, whose contents
     * need not survive since no search is under way. */
    int rc = dlxi_prepare_inference(p);
    if (rc)
        return rc;
    rc = prepare_path_order(p);
    if (rc)
        return rc;
    int64_t need = (int64_t)p->n_primary + p->n_commits + 2;
    if (p->has_bounds)
        need += p->n_options;
    const int arrays = dlxi_search_arrays(p);
    if (need <= p->run.search_cap)
        return DLX_OK;
    if (need > INT32_MAX / 4)
        return DLX_ETOOBIG;
    int32_t *block = dlxi_alloc(p, (size_t)need * (size_t)arrays * sizeof *block);
    if (!block)
        return DLX_ENOMEM;
    dlxi_free(p, p->run.choice, (size_t)p->run.search_cap * (size_t)arrays * sizeof *p->run.choice);
    p->run.choice = block;
    p->run.sol = block + need;
    p->run.first_at = arrays > 2 ? block + 2 * need : NULL;
    p->run.degree_at = arrays > 2 ? block + 3 * need : NULL;
    p->run.search_cap = (int32_t)need;
    return DLX_OK;
}

/* Only the general loops announce events, and they count updates straight
 * into p->stats, so the count here is the running one. */
void dlxi_emit(dlx_problem *p, dlx_event ev)
{
    ev.seq = ++p->event_seq;
    ev.updates = p->stats.updates;
    p->level = ev.level; /* dlx_level() from inside the hook */
    p->in_callback++;
    if (p->on_event(p->event_ctx, &ev))
        p->stop_requested = 1;
    p->in_callback--;
}

void dlxi_emit_node(dlx_problem *p, enum dlx_event_kind kind, int32_t q, int32_t len,
                    int32_t level)
{
    dlx_nodes nd = p->nd;
    int32_t x = nd.im[q].itm;
    int32_t color = kind == DLX_EV_MARK || kind == DLX_EV_UNMARK ? nd.im[x].color : nd.im[q].color;
    dlxi_emit(p, (dlx_event){.kind = kind, .level = level, .item = x - 1,
                             .option = dlxi_option_of(nd, q), .remaining = -1, .color = color,
                             .index = -1, .node = q, .up = nd.ud[q].up, .down = nd.ud[q].down,
                             .len = len});
}

/* Position of node q in its item's list, from 0 (for TRY events). */
static int32_t list_position(dlx_nodes nd, int32_t q)
{
    int32_t x = nd.im[q].itm, k = 0;
    for (int32_t r = nd.ud[x].down; r != q; r = nd.ud[r].down)
        k++;
    return k;
}

/* The events of a branching step: CHOOSE (with how far the rule's scan
 * went), DEAD_END when the item has no option left, and the COVER of the
 * chosen item. */
DLX_NOINLINE void announce_choice(dlx_problem *p, int32_t best, int32_t level, int32_t scanned)
{
    int32_t len = p->nd.im[best].itm;
    dlxi_emit(p, (dlx_event){.kind = DLX_EV_CHOOSE, .level = level, .item = best - 1,
                             .option = -1, .remaining = len, .index = -1, .scanned = scanned,
                             .lo = 1, .hi = 1, .degree = len});
    if (len == 0)
        dlxi_emit(p, (dlx_event){.kind = DLX_EV_DEAD_END, .level = level, .item = best - 1,
                                 .option = -1, .remaining = 0, .index = -1});
    announce_cover(p, p->cl, DLX_EV_COVER, best, level);
}

DLX_NOINLINE void announce_try(dlx_problem *p, int32_t cur, int32_t level)
{
    dlxi_emit(p, (dlx_event){.kind = DLX_EV_TRY, .level = level, .item = p->nd.im[cur].itm - 1,
                             .option = dlxi_option_of(p->nd, cur), .remaining = -1,
                             .index = list_position(p->nd, cur)});
}

/* All options of the item at this level tried: BACKTRACK, then its UNCOVER. */
DLX_NOINLINE void announce_backtrack(dlx_problem *p, int32_t item_hdr, int32_t level)
{
    dlxi_emit(p, (dlx_event){.kind = DLX_EV_BACKTRACK, .level = level, .item = item_hdr - 1,
                             .option = -1, .remaining = -1, .index = -1});
    announce_cover(p, p->cl, DLX_EV_UNCOVER, item_hdr, level);
}

/* Fills p->run.sol with the committed options, then the option chosen at each
 * of levels 0..levels-1 (by the engine under way); returns the count. */
static int32_t collect_solution(dlx_problem *p, int32_t levels)
{
    int32_t n = dlxi_committed_options(p, p->run.sol);
    return n + p->engine->path(p, levels, p->run.sol + n);
}

/* A solution made of the choices 0..levels-1 (and the commitments): counts
 * it, tells the hook and the callback. Returns 1 when the search must stop
 * here (a callback said so, or the limit is reached). Shared with
 * search_m.c, and never inlined: it is off the hot path. */
DLX_NOINLINE_SHARED int dlxi_visit_solution(dlx_problem *p, int32_t levels)
{
    p->stats.solutions++;
    p->found++;
    if (p->on_event)
        dlxi_emit(p, (dlx_event){.kind = DLX_EV_SOLUTION, .level = levels > 0 ? levels - 1 : 0,
                                 .item = -1, .option = -1, .remaining = -1, .index = -1});
    if (p->on_solution) {
        int32_t n = collect_solution(p, levels);
        p->level = levels; /* dlx_level() from inside the callback */
        p->in_callback++;
        if (p->on_solution(p->solution_ctx, p->run.sol, n))
            p->stop_requested = 1;
        p->in_callback--;
    }
    if (p->stop_requested) {
        p->stop_requested = 0;
        return 1;
    }
    return p->limit && p->found >= p->limit;
}

/* One step of the branching scan: item k against the best so far (fewest
 * options t, leftmost; with randomisation, each of the tied items equally
 * likely). Returns 1 when the scan may stop: nothing beats t <= stop_at. */
DLX_INLINE int consider(dlx_problem *p, dlx_nodes nd, int32_t k, int32_t *best, int32_t *t,
                        uint32_t *ties, int32_t stop_at, const int general)
{
    int32_t len = LEN(k);
    if (len < *t) {
        *best = k;
        *t = len;
        *ties = 1;
        return len <= stop_at;
    }
    if (general && len == *t && p->randomized) {
        ++*ties;
        if (dlxi_random_below(&p->rng, *ties) == 0)
            *best = k;
    } else if (general && len == *t && p->choose == DLX_CHOOSE_MRV_PATH &&
               p->run.path_rank[k] < p->run.path_rank[*best]) {
        *best = k;
    }
    return 0;
}

/* Under DLX_CHOOSE_MRV_PATH: item x, chosen at level, takes that level's
 * place in the order of ties (position level + 1: header 0 keeps place 0),
 * and the item there moves to x's old place. So on the way back down after
 * a backtrack, ties go first to the items the last path chose at each
 * level, in the order it chose them (the items the contradiction was met
 * on among them), then to the rest in their order. */
static inline void note_path_choice(dlx_problem *p, int32_t x, int32_t level)
{
    int32_t pos = level + 1;
    if (pos >= p->run.path_cap)
        return;
    int32_t from = p->run.path_rank[x], y = p->run.path_item[pos];
    p->run.path_item[from] = y;
    p->run.path_rank[y] = from;
    p->run.path_item[pos] = x;
    p->run.path_rank[x] = pos;
}

/* The scan of choose_item() stopped early at header k, which it takes:
 * *scanned is k's place in the active list, from 1. Counted here, off the
 * loop, since only the event hook wants it. */
static int32_t scan_stop(const dlx_problem *p, int32_t k, int32_t *scanned)
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
    uint32_t ties = 0;
    if (!scan_bits) {
        for (int32_t k = cl[0].next; k != 0; k = cl[k].next)
            if (consider(p, nd, k, &best, &t, &ties, stop_at, general))
                return general && p->on_event ? scan_stop(p, k, scanned) : best;
    } else {
        for (int32_t w = cl[0].next / 64; w < act_words; w++)
            for (uint64_t bits = nd.act[w]; bits; bits &= bits - 1)
                if (consider(p, nd, w * 64 + dlxi_lowest_bit(bits), &best, &t, &ties, stop_at,
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

int32_t dlxi_choose_item(dlx_problem *p, int32_t level)
{
    int32_t scanned;
    return p->cl[0].next == 0 ? 0 : choose_item(p, 1, &scanned, level);
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
static int x_index_pays(dlx_problem *p)
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
static int x_index_ready(dlx_problem *p)
{
    if (p->on_event || p->randomized || p->choose == DLX_CHOOSE_FIRST ||
        p->choose == DLX_CHOOSE_MRV_PATH || !x_index_pays(p))
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

/* The least rank of the active items of act[] word w (X_NONE for none). */
DLX_INLINE uint64_t x_best_in_word(dlx_nodes nd, int32_t w)
{
    uint64_t best = X_NONE;
    for (uint64_t bits = nd.act[w]; bits; bits &= bits - 1) {
        int32_t x = w * 64 + dlxi_lowest_bit(bits);
        uint64_t rank = (uint64_t)(uint32_t)LEN(x) << 32 | (uint32_t)x;
        if (rank < best)
            best = rank;
    }
    return best;
}

/* choose_item()'s choice under DLX_CHOOSE_MRV, from the index (the active
 * list must not be empty). */
DLX_INLINE int32_t choose_item_indexed(dlx_problem *p, dlx_nodes nd)
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
                    word_best[w] = x_best_in_word(nd, w);
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
    return (int32_t)(uint32_t)best;
}

/* The index's choice under p's rule (DLX_CHOOSE_MRV or MRV_RECENT). */
DLX_INLINE int32_t choose_item_x_index(dlx_problem *p, dlx_nodes nd, int32_t level)
{
    int32_t best = choose_item_indexed(p, nd);
    if (p->choose == DLX_CHOOSE_MRV_RECENT) {
        int32_t r = dlxi_recent_item(p, level);
        if (r && LEN(r) == LEN(best))
            best = r;
    }
    return best;
}

/* Flags every word of the index, whose counts something other than the
 * marking dance changed (the inference, or its undoing): the next choice
 * looks at every item again, n / 64 flags instead of the scan's n items. */
static void flag_every_word(dlx_problem *p)
{
    const int32_t words = dlxi_index_words(p);
    for (int32_t w = 0; w < words; w++)
        p->run.m_touched[w] = 1;
}

/* --- The loop ------------------------------------------------------------------ */

/* One copy per (colors, general, detail) triple, and the fast ones again
 * with the index (walk WALK_MARK: the dance flags what it changes, the
 * choice reads the index). The local counters go back into p->stats on
 * every exit; the general copies count updates straight into p->stats, so
 * that each event can carry the running count. */
DLX_INLINE int run(dlx_problem *p, uint64_t budget, const int colors, const int general,
                   const int detail, const int walk)
{
    dlx_nodes nodes_marked = p->nd;
    if (walk & WALK_MARK)
        nodes_marked.touched = p->run.m_touched;
    const dlx_nodes nd = nodes_marked;
    dlx_link *const cl = p->cl;
    int32_t *const choice = p->run.choice;
    const int32_t last_hdr = p->n_items;
    const int has_budget = budget != 0;
    uint64_t updates = 0, nodes = 0;
    /* Where the dance counts its updates (a pointer made at each use: a
     * pointer variable, even one folded away, changes the fast loops'
     * register allocation). */
#define UPDATES (general ? &p->stats.updates : &updates)
    int32_t level = p->level, max_level = p->stats.max_level;
    const int32_t floor_level = p->floor; /* 0 unless the search was split */
    int32_t cur;
    int rc;
    const int resume_at_solution = p->state == S_SOLUTION;
    const int infer = dlxi_infers(p);

    p->state = S_PAUSED; /* under way: commitments and settings refused */
    if (resume_at_solution)
        goto recover;

forward:
    if (has_budget && budget-- == 0) {
        rc = DLX_PAUSED;
        goto out;
    }
    if (general && p->stop_requested) {
        p->stop_requested = 0;
        rc = DLX_STOPPED;
        goto out;
    }
    nodes++;
    if (level > max_level)
        max_level = level;
    if (cl[0].next == 0) {
        /* A solution: a leaf of the tree. */
        if (dlxi_visit_solution(p, level)) {
            p->state = S_SOLUTION;
            rc = DLX_STOPPED;
            goto out;
        }
        goto recover;
    }
    {
        int32_t scanned = 0;
        int32_t best = walk & WALK_MARK ? choose_item_x_index(p, nd, level)
                                        : choose_item(p, general, &scanned, level);
        /* The inference (infer.c) where no item has one option or none;
         * the choice again when it took options out (from the index, every
         * word flagged: the inference changes counts without flags). */
        if (infer) {
            p->run.infer_done[level] = 0;
            if (LEN(best) > 1 && dlxi_infer(p, level, UPDATES) > 0) {
                if (walk & WALK_MARK) {
                    flag_every_word(p);
                    best = choose_item_x_index(p, nd, level);
                } else {
                    best = choose_item(p, general, &scanned, level);
                }
            }
        }
        if (general && p->choose == DLX_CHOOSE_MRV_PATH && !p->randomized)
            note_path_choice(p, best, level);
        if (general && p->on_event)
            announce_choice(p, best, level, scanned);
        cover_w(p, nd, cl, best, last_hdr, colors, detail, walk, level, UPDATES);
        cur = choice[level] = nd.ud[best].down;
    }

advance:
    if (cur <= last_hdr)
        goto backup;
    if (general && p->on_event)
        announce_try(p, cur, level);
    commit_rest_w(p, nd, cl, cur, last_hdr, colors, general, detail, walk, level, UPDATES);
    level++;
    goto forward;

backup:
    /* cur is the header of the item chosen at this level. */
    if (general && p->on_event)
        announce_backtrack(p, cur, level);
    uncover_w(p, nd, cl, cur, last_hdr, colors, detail, walk, level);

recover:
    /* Back from level (a solution, or all its options tried) to the option
     * in force one level up. Back at the floor, the search's own subtree is
     * done: the fixed levels below it are undone, uncounted, and that is all
     * (dlx_internal.h, "A search that can be split"). What the inference
     * took out at this level goes back first (infer.c). */
    if (infer && p->run.infer_top > 0 && dlxi_undo_inference(p, level) > 0 && (walk & WALK_MARK))
        flag_every_word(p);
    if (level == floor_level) {
        if (floor_level > 0)
            dlxi_unwind(p, floor_level);
        level = 0;
        p->state = S_DONE;
        rc = DLX_OK;
        goto out;
    }
    level--;
    cur = choice[level];
    uncommit_rest_w(p, nd, cl, cur, last_hdr, colors, general, detail, walk, level);
    cur = choice[level] = nd.ud[cur].down;
    goto advance;

out:
    p->level = level;
    p->stats.nodes += nodes;
    p->stats.updates += updates;
    p->stats.max_level = max_level;
    return rc;
#undef UPDATES
}

DLX_NOINLINE int run_plain(dlx_problem *p, uint64_t budget)
{
    return run(p, budget, 0, 0, 0, WALK_NEXT);
}
DLX_NOINLINE int run_colors(dlx_problem *p, uint64_t budget)
{
    return run(p, budget, 1, 0, 0, WALK_NEXT);
}
DLX_NOINLINE int run_general(dlx_problem *p, uint64_t budget)
{
    return run(p, budget, 1, 1, 0, WALK_NEXT);
}
DLX_NOINLINE int run_detail(dlx_problem *p, uint64_t budget)
{
    return run(p, budget, 1, 1, 1, WALK_NEXT);
}
DLX_NOINLINE int run_plain_indexed(dlx_problem *p, uint64_t budget)
{
    return run(p, budget, 0, 0, 0, WALK_NEXT | WALK_MARK);
}
DLX_NOINLINE int run_colors_indexed(dlx_problem *p, uint64_t budget)
{
    return run(p, budget, 1, 0, 0, WALK_NEXT | WALK_MARK);
}

/* --- The engine of Algorithms X and C on the links ------------------------------ */

/* The one that runs whatever is set: only the links watch the dance, take
 * a seed, the first item, the path's ties and the inference. */
static int links_accepts(const dlx_problem *p)
{
    return !p->has_bounds;
}

static int links_prepare(dlx_problem *p)
{
    dlxi_apply_commits(p); /* the links dance from the commitments */
    return DLX_OK;
}

/* Which copy of the loop: the indexed ones when the index pays (they are
 * the fast loops, with the index), else the general one whenever something
 * is watched or set that the fast ones do not do. */
static int links_run(dlx_problem *p, uint64_t node_budget)
{
    if (x_index_ready(p))
        return p->has_colors ? run_colors_indexed(p, node_budget)
                             : run_plain_indexed(p, node_budget);
    p->run.index_live = 0; /* the loops below do not flag what they change */
    if (p->on_event && (p->detail & DLX_DETAIL_LINKS))
        return run_detail(p, node_budget);
    if (p->on_event || p->randomized || p->choose == DLX_CHOOSE_FIRST ||
        p->choose == DLX_CHOOSE_MRV_RECENT || p->choose == DLX_CHOOSE_MRV_PATH)
        return run_general(p, node_budget);
    return p->has_colors ? run_colors(p, node_budget) : run_plain(p, node_budget);
}

/* The choice index, when a search keeps it: every word not flagged since
 * the choice last looked still holds the best of its items. */
static int links_check(const dlx_problem *p, const char **what)
{
    const struct dlx_run *r = &p->run;
    if (!r->index_live || !r->x_best || !r->m_touched)
        return DLX_OK;
    for (int32_t w = 0; w < dlxi_index_words(p); w++)
        if (!r->m_touched[w] && r->x_best[w] != x_best_in_word(p->nd, w)) {
            *what = "choice index: an unflagged word's best is not the best of its items";
            return DLX_EINVAL;
        }
    return DLX_OK;
}

static void links_unwind(dlx_problem *p)
{
    dlxi_unwind(p, p->level); /* the choices still in force, deepest first */
}

const dlx_engine dlxi_engine_links = {
    .version = DLX_ENGINE_VERSION,
    .name = "links",
    .strategy = DLX_STRATEGY_LINKS,
    .accepts = links_accepts,
    .prepare = links_prepare,
    .run = links_run,
    .unwind = links_unwind,
    .estimate = dlxi_estimate_levels,
    .path = dlxi_links_path,
    .start_subtree = dlxi_links_start_subtree,
    .untried = dlxi_links_untried,
    .level_width = dlxi_links_level_width,
    .last_updates = dlxi_links_last_updates,
    .check = links_check,
    .remaining = dlxi_links_remaining,
    .active = dlxi_links_active,
    .options = dlxi_links_options,
    .active_items = dlxi_links_active_items,
};

void dlxi_unwind(dlx_problem *p, int32_t levels)
{
    /* The inference's removals at level l + 1 came after choice l was made,
     * those at level l before its item was covered. */
    for (int32_t l = levels - 1; l >= 0; l--) {
        int32_t cur = p->run.choice[l];
        dlxi_undo_inference(p, l + 1);
        uncommit_rest(p, p->nd, p->cl, cur, p->n_items, 1, 0, l);
        uncover(p->nd, p->cl, p->nd.im[cur].itm, p->n_items, 1);
    }
    dlxi_undo_inference(p, 0);
}

/* --- Choosing the engine --------------------------------------------------------- */

/* The engines on bit sets, in the order they are considered; each says
 * which problems it accepts (Algorithm M on bits will join them). */
static const dlx_engine *const bit_engines[] = {&dlxi_engine_bits};

/* What forces the links whatever the strategy asked (dlx.h): the hook
 * watches the links dance, a seed shuffles their lists, the "first item"
 * rule is for teaching, the order of the path's ties and the inference are
 * kept on the links only. */
static int links_only(const dlx_problem *p)
{
    return p->on_event || p->randomized || p->choose == DLX_CHOOSE_FIRST ||
           p->choose == DLX_CHOOSE_MRV_PATH || dlxi_infers(p);
}

/* The engine a search of p from the root would run on now, or NULL when
 * the strategy asked for cannot search it (DLX_ESTRATEGY). The one place
 * that asks which engine suits a problem. */
const dlx_engine *dlxi_pick_engine(const dlx_problem *p)
{
    const dlx_engine *links = p->has_bounds ? &dlxi_engine_links_m : &dlxi_engine_links;
    if (p->strategy == DLX_STRATEGY_LINKS || links_only(p))
        return links;
    for (size_t k = 0; k < sizeof bit_engines / sizeof bit_engines[0]; k++) {
        const dlx_engine *e = bit_engines[k];
        if (e->accepts(p) && (p->strategy == DLX_STRATEGY_BITS || e->suits(p)))
            return e;
    }
    return p->strategy == DLX_STRATEGY_BITS ? NULL : links;
}

int dlxi_settle_strategy(dlx_problem *p)
{
    const dlx_engine *e = dlxi_pick_engine(p);
    if (!e)
        return DLX_ESTRATEGY;
    int rc = e->prepare(p);
    if (rc == DLX_ETOOBIG && p->strategy == DLX_STRATEGY_AUTO) {
        /* Counts that would not fit the engine's tables: the links it is
         * unless the caller asked for this engine. */
        e = p->has_bounds ? &dlxi_engine_links_m : &dlxi_engine_links;
        rc = e->prepare(p);
    }
    if (rc)
        return rc;
    p->engine = e;
    return DLX_OK;
}

/* --- The public calls ---------------------------------------------------------- */

int dlx_search(dlx_problem *p, uint64_t node_budget)
{
    if (!p)
        return DLX_EINVAL;
    if (dlxi_busy(p))
        return DLX_EBUSY;
    if (p->state == S_DONE)
        return DLX_OK;
    if (p->state == S_IDLE) {
        int rc = dlxi_prepare_search(p);
        if (rc)
            return rc;
        p->level = 0;
        p->run.barren = -1;
        p->found = 0;
        p->stop_requested = 0;
        p->event_seq = 0;
        p->run.index_live = 0; /* the links may have changed since the last search */
        rc = dlxi_settle_strategy(p);
        if (rc)
            return rc;
    }
    return p->engine->run(p, node_budget);
}

int dlx_reset(dlx_problem *p)
{
    if (!p)
        return DLX_EINVAL;
    if (dlxi_busy(p))
        return DLX_EBUSY;
    if (dlxi_in_search(p) && p->engine && p->engine->unwind)
        p->engine->unwind(p);
    dlxi_forget_search(p);
    return DLX_OK;
}

int dlx_count(dlx_problem *p, uint64_t *count)
{
    if (!p)
        return DLX_EINVAL;
    if (dlxi_busy(p))
        return DLX_EBUSY;
    dlx_solution_fn fn = p->on_solution;
    p->on_solution = NULL;
    dlx_reset(p);
    int rc = dlx_search(p, 0);
    uint64_t found = p->found;
    dlx_reset(p);
    p->on_solution = fn;
    if (count)
        *count = found;
    return rc;
}

int32_t dlx_level(const dlx_problem *p)
{
    return p && dlxi_in_search(p) ? p->level : 0;
}

double dlx_estimate_done(const dlx_problem *p)
{
    if (!p || p->state == S_IDLE)
        return 0.0;
    if (p->state == S_DONE)
        return 1.0;
    return p->engine->estimate(p);
}

enum dlx_strategy dlx_search_strategy(const dlx_problem *p)
{
    if (!p)
        return DLX_STRATEGY_LINKS;
    if (p->state != S_IDLE && p->engine)
        return p->engine->strategy;
    const dlx_engine *e = dlxi_pick_engine(p);
    return e ? e->strategy : p->strategy;
}
