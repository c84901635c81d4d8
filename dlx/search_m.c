/* SPDX-License-Identifier: MIT */
/* search_m.c - Algorithm M (TAOCP 7.2.2.1): the search of a problem whose
 * primary items have bounds lo..hi, with colours on secondary items too
 * (Knuth's MCC problems, his program DLX3).
 *
 * The loop has the shape of search.c's and shares its primitives
 * (dlx_internal.h), with the one new dance step of Algorithm M. A level
 * chooses an item c and spends one unit of its bound b. If that was the
 * last unit and c has no slack, the level is exactly Algorithm X's: cover c,
 * try its options one by one. Otherwise c may take further options deeper
 * down, so each option tried is tweaked: taken out of c's list (and, while
 * c is active, out of the other lists) before its subtree, and left out for
 * the branches after it, which is what makes the branches disjoint. The
 * branches stop when fewer options are left than c still needs; the last
 * branch, when c's lower bound allows, is the null move: c takes nothing
 * more. A problem without bounds never comes here (its engine is
 * search.c's), so exact cover pays nothing for any of this; this file's
 * engine, dlxi_engine_links_m, is at its end.
 *
 * As in search.c, copies are compiled from one inline function: without
 * colours and with colours, each walking round an option by nx[] or, for
 * long options, by spacer (see WALK_NEXT in dlx_internal.h), and a general
 * one for the event hook, randomisation and the "first item" rule.
 */
#include "dance_m.h"
#include "split.h"

#include <string.h>

/* --- Choosing the item ------------------------------------------------------ */

/* Knuth's rule in DLX3 and SSMCC: least degree, then least slack s, then
 * most options left, then leftmost (or, with randomisation, any of the items
 * tied on all three, each as likely). The scan stops only at a dead end,
 * whose choice among dead ends changes nothing in the tree, so this is
 * DLX3's rule exactly, under both DLX_CHOOSE_MRV and DLX_CHOOSE_MRV_FULL.
 * Stopping earlier lost (5 queens dominating 8 x 8: 11x the nodes;
 * docs/measurements.md, "Algorithm M's choice"). */
DLX_INLINE int32_t choose_item_m(dlx_problem *p, const int general, int32_t *degree,
                                 int32_t *scanned)
{
    const dlx_nodes nd = p->nd;
    const dlx_link *cl = p->cl;
    const dlx_mult *mult = p->mult;
    int32_t best = cl[0].next, s;
    if (general && p->choose == DLX_CHOOSE_FIRST) {
        *degree = m_degree(LEN(best), mult[best], &s);
        *scanned = 1;
        return best;
    }
    int32_t t_best = INT32_MAX, s_best = 0, len_best = 0;
    uint32_t ties = 0;
    int32_t looked = 0;
    for (int32_t k = cl[0].next; k != 0; k = cl[k].next) {
        int32_t len = LEN(k);
        if (general)
            looked++;
        int32_t t = m_degree(len, mult[k], &s);
        if (t < t_best || (t == t_best && (s < s_best || (s == s_best && len > len_best)))) {
            best = k;
            t_best = t;
            s_best = s;
            len_best = len;
            ties = 1;
            if (t <= 0)
                break;
        } else if (general && p->randomized && t == t_best && s == s_best && len == len_best) {
            if (dlxi_random_below(&p->rng, ++ties) == 0)
                best = k;
        }
    }
    *degree = t_best;
    if (general)
        *scanned = looked;
    return best;
}

int32_t dlxi_choose_item_m(dlx_problem *p, int32_t *degree)
{
    int32_t scanned;
    *degree = 0;
    return p->cl[0].next == 0 ? 0 : choose_item_m(p, 1, degree, &scanned);
}

/* --- The same choice, from an index, for many items ------------------------------
 * The scan above looks at every active item at every node, so a problem of
 * n items whose nodes each do little costs n per node: 100,000 items with
 * bounds 1:2 in one option each (2n + 1 nodes) took more than 10 minutes.
 * Stopping the scan earlier cannot keep the rule: an item of degree 1 is
 * beaten by any later item of degree <= 0, whatever its slack and length,
 * and any item can reach degree 0, so only a dead end ends the scan.
 *
 * So the big problems keep a summary instead. The items fall into words of
 * 64 by header index, the words of act[], and the words into runs of 64
 * (4096 items). For each word the index holds its best active item under
 * the rule, for each run the best of its words' bests. The loops built
 * with WALK_MARK note in nd.touched every word one of whose items changes
 * its LEN (a hide, an unhide, a tweak), its bound (a commitment of an
 * option, a level beginning or ending on it) or its activity (a cover, a
 * null move); the choice recomputes those words from their items, the
 * runs holding them from their 64 words, and then takes the best of the
 * runs. A node costs the runs plus 64 items per word touched.
 *
 * Why the item chosen is the scan's, ties included. The scan takes, along
 * the active list, an item only when it ranks strictly before the best so
 * far: its pick is the minimum of (rank, position in the list). The active
 * list is in increasing header index: the items join it in that order as
 * they are made, and every cover and null move is undone last in, first
 * out, which puts each item back between the same neighbours (checked
 * anyway before the index is used: index_pays()). So
 * position is header index, and the minimum of (rank, index) over all the
 * active items is the minimum over the runs, in index order, of the minimum
 * over their words, of the minimum over their items; each level keeps the
 * first of equal minima, as the scan does. An untouched word's best is
 * still right: none of its items changed rank or activity since it was
 * computed. The one difference is at a dead end (degree <= 0): the scan
 * stops at the first, the index at the best of the first run holding one;
 * either way the node ends at once, undoing nothing and counting no update,
 * so the tree, its nodes and its updates are the same. (The general loop,
 * whose events name the item, keeps the scan.) tests/check_mult.c runs
 * problems both ways and compares nodes and updates. */

/* The index is considered from this many primary items (4 words) on;
 * index_pays() says when it is used. */
enum { INDEX_ITEMS = 256 };

/* 1 when a ranks strictly before b under the rule; b may be "none". */
DLX_INLINE int ranks_before(const dlx_m_best *a, const dlx_m_best *b)
{
    return b->item == 0 || a->t < b->t ||
           (a->t == b->t && (a->s < b->s || (a->s == b->s && a->len > b->len)));
}

int32_t dlxi_index_words(const dlx_problem *p)
{
    return (p->n_items + 64) / 64; /* header indices 0..n_items, as act[] */
}

int dlxi_index_shape(const dlx_problem *p, int32_t min_primary, int64_t *changes,
                     int64_t *sizes)
{
    *changes = *sizes = 0;
    if (p->n_primary < min_primary)
        return 0;
    for (int32_t k = p->cl[0].next, prev = 0; k != 0; prev = k, k = p->cl[k].next)
        if (k < prev)
            return 0;
    for (int32_t o = 0; o < p->n_options; o++) {
        int64_t size = 0, primary = 0;
        for (int32_t q = p->opt_first[o]; p->nd.im[q].itm > 0; q++) {
            size++;
            primary += !p->secondary[p->nd.im[q].itm];
        }
        *changes += primary * (size - 1);
        *sizes += size;
    }
    return 1;
}

/* Whether the index suits p's shape: many primary items (INDEX_ITEMS), in
 * increasing header index along the active list (the proof above needs
 * it), and fewer marks than items per node. A node's scan looks at each
 * active item; the index instead stores a mark at every update, and a
 * node does about the updates of covering an item, which on average over
 * the primary items is the sum over the options of (primary items) x
 * (items - 1), over the number of primary items. Settled once for each
 * shape of the problem (options are only ever added). */
static int index_pays(dlx_problem *p)
{
    if (p->run.m_index_nodes == p->n_nodes)
        return p->run.m_index_pays;
    int64_t marks, sizes;
    int pays = dlxi_index_shape(p, INDEX_ITEMS, &marks, &sizes);
    p->run.m_index_pays = pays && marks < (int64_t)p->n_primary * p->n_primary;
    p->run.m_index_nodes = p->n_nodes;
    return p->run.m_index_pays;
}

int dlxi_touch_all(dlx_problem *p, int32_t words)
{
    const int32_t runs = (words + 63) / 64;
    if (p->run.m_touched_cap < 64 * runs) {
        dlxi_free(p, p->run.m_touched, (size_t)p->run.m_touched_cap * sizeof *p->run.m_touched);
        p->run.m_touched_cap = 0;
        p->run.m_touched = dlxi_alloc(p, (size_t)64 * (size_t)runs * sizeof *p->run.m_touched);
        if (!p->run.m_touched)
            return 0;
        p->run.m_touched_cap = 64 * runs;
    }
    /* The flags past the last word stay 0: no item is there to touch them. */
    memset(p->run.m_touched, 0, (size_t)p->run.m_touched_cap * sizeof *p->run.m_touched);
    for (int32_t w = 0; w < words; w++)
        p->run.m_touched[w] = 1;
    return 1;
}

/* Makes the index for p and marks every word touched, so that the first
 * choice computes all; or, when it is live (a search resumed from its last
 * slice), keeps it as it is. 0 when it cannot be used: not worth it
 * (index_pays()), or no memory (the scan chooses the same items). */
static int m_index_ready(dlx_problem *p)
{
    if (!index_pays(p))
        return 0;
    if (p->run.index_live)
        return 1;
    const int32_t words = dlxi_index_words(p), runs = (words + 63) / 64;
    if (p->run.m_best_cap < words + runs) {
        dlxi_free(p, p->run.m_best, (size_t)p->run.m_best_cap * sizeof *p->run.m_best);
        p->run.m_best_cap = 0;
        p->run.m_best = dlxi_alloc(p, (size_t)(words + runs) * sizeof *p->run.m_best);
        if (!p->run.m_best)
            return 0;
        p->run.m_best_cap = words + runs;
    }
    if (!dlxi_touch_all(p, words))
        return 0;
    p->run.index_live = 1;
    return 1;
}

/* The best active item of act[] word w, lowest index first on ties. */
DLX_INLINE dlx_m_best best_in_word(dlx_nodes nd, const dlx_mult *mult, int32_t w)
{
    dlx_m_best best = {INT32_MAX, 0, 0, 0};
    for (uint64_t bits = nd.act[w]; bits; bits &= bits - 1) {
        dlx_m_best b = {0, 0, 0, w * 64 + dlxi_lowest_bit(bits)};
        b.len = LEN(b.item);
        b.t = m_degree(b.len, mult[b.item], &b.s);
        if (ranks_before(&b, &best))
            best = b;
    }
    return best;
}

/* choose_item_m()'s choice (see above for why), from the index. The
 * active list must not be empty. */
DLX_INLINE int32_t choose_item_indexed(dlx_problem *p, dlx_nodes nd, int32_t *degree)
{
    const int32_t words = dlxi_index_words(p), runs = (words + 63) / 64;
    dlx_m_best *const word_best = p->run.m_best, *const run_best = p->run.m_best + words;
    dlx_m_best best = {INT32_MAX, 0, 0, 0};
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
            dlx_m_best b = {INT32_MAX, 0, 0, 0};
            for (int32_t w = 64 * j; w < end; w++) {
                if (nd.touched[w]) {
                    nd.touched[w] = 0;
                    word_best[w] = best_in_word(nd, p->mult, w);
                }
                if (word_best[w].item != 0 && ranks_before(&word_best[w], &b))
                    b = word_best[w];
            }
            run_best[j] = b;
        }
        if (run_best[j].item != 0 && ranks_before(&run_best[j], &best)) {
            best = run_best[j];
            if (best.t <= 0)
                break; /* a dead end: any ends the node the same way */
        }
    }
    *degree = best.t;
    return best.item;
}

/* --- Events ---------------------------------------------------------------------- */

/* The number of the branch at a level whose item's list was headed by
 * `first`: steps down from first to cur. The options tried before cur were
 * tweaked, and each still points down at the next, so this walk works for
 * tweaked levels as it does for covered ones (Knuth's print_progress). */
static int32_t branch_number(dlx_nodes nd, int32_t first, int32_t cur)
{
    int32_t k = 0;
    for (int32_t r = first; r != cur; r = nd.ud[r].down)
        k++;
    return k;
}

DLX_NOINLINE void announce_choice_m(dlx_problem *p, int32_t best, int32_t degree, int32_t level,
                                    int32_t scanned)
{
    dlx_mult m = p->mult[best];
    int32_t s = m.slack < m.bound ? m.slack : m.bound;
    dlxi_emit(p, (dlx_event){.kind = DLX_EV_CHOOSE, .level = level, .item = best - 1,
                             .option = -1, .remaining = p->nd.im[best].itm, .index = -1,
                             .scanned = scanned, .lo = m.bound - s, .hi = m.bound,
                             .degree = degree});
    if (degree <= 0)
        dlxi_emit(p, (dlx_event){.kind = DLX_EV_DEAD_END, .level = level, .item = best - 1,
                                 .option = -1, .remaining = p->nd.im[best].itm, .index = -1});
    else if (m.bound == 1)
        announce_cover(p, p->cl, DLX_EV_COVER, best, level);
}

/* TRY (and TWEAK when the level tweaks), or SKIP for the null move. */
DLX_NOINLINE_SHARED void dlxi_announce_branch_m(dlx_problem *p, int32_t best, int32_t cur,
                                                int32_t level, int tweaks)
{
    int32_t k = branch_number(p->nd, p->run.first_at[level], cur);
    if (cur == best) {
        /* hi: the bound left; when > 0 the item leaves the active list,
         * between left and right. */
        dlxi_emit(p, (dlx_event){.kind = DLX_EV_SKIP, .level = level, .item = best - 1,
                                 .option = -1, .remaining = -1, .index = k,
                                 .hi = p->mult[best].bound, .left = p->cl[best].prev,
                                 .right = p->cl[best].next});
        return;
    }
    int32_t opt = dlxi_option_of(p->nd, cur);
    dlxi_emit(p, (dlx_event){.kind = DLX_EV_TRY, .level = level, .item = best - 1, .option = opt,
                             .remaining = -1, .index = k});
    if (tweaks)
        dlxi_emit(p, (dlx_event){.kind = DLX_EV_TWEAK, .level = level, .item = best - 1,
                                 .option = opt, .remaining = -1, .index = k});
}

/* BACKTRACK, then UNTWEAK (if the level tweaked anything), in the order
 * m_leave() does them; m_leave_at() announces the UNCOVER of the item (if
 * the level covered it) itself, after the untweak. The UNTWEAK names the
 * links the untweak sets: DLINK[item] from down (the present head) to node
 * (the first option tweaked), ULINK[down] from the item to up (the last
 * one), and len, LEN[item] after. */
DLX_NOINLINE void announce_backtrack_m(dlx_problem *p, int32_t best, int32_t level)
{
    dlx_mult m = p->mult[best];
    dlxi_emit(p, (dlx_event){.kind = DLX_EV_BACKTRACK, .level = level, .item = best - 1,
                             .option = -1, .remaining = -1, .index = -1});
    if (m.bound != 0 || m.slack != 0) {
        const dlx_nodes nd = p->nd;
        int32_t first = p->run.first_at[level], head = nd.ud[best].down, last = best, k = 0;
        for (int32_t r = first; r != head; last = r, r = nd.ud[r].down)
            k++;
        if (k > 0)
            dlxi_emit(p, (dlx_event){.kind = DLX_EV_UNTWEAK, .level = level, .item = best - 1,
                                     .option = -1, .remaining = k, .index = -1, .node = first,
                                     .up = last, .down = head, .len = LEN(best) + k});
    }
}

/* --- The loop --------------------------------------------------------------------- */

/* One copy per (colors, general) pair, as in search.c, and the general
 * one again with the link detail (DANCE_DETAIL: every link the dance
 * changes announced, for `dlx --trace=links`). The branching item of the current level is `best`; a
 * choice equal to it is the null move. As in search.c the general copy
 * counts updates straight into p->stats, so that each event carries the
 * running count. */
DLX_INLINE int run_m(dlx_problem *p, uint64_t budget, const int colors, const int general,
                     const int detail, const int walk)
{
    dlx_nodes nodes_marked = p->nd;
    if (walk & WALK_MARK)
        nodes_marked.touched = p->run.m_touched;
    const dlx_nodes nd = nodes_marked;
    dlx_link *const cl = p->cl;
    dlx_mult *const mult = p->mult;
    int32_t *const choice = p->run.choice;
    int32_t *const first_at = p->run.first_at;
    int32_t *const degree_at = p->run.degree_at;
    const int32_t last_hdr = p->n_items;
    const int has_budget = budget != 0;
    uint64_t updates = 0, nodes = 0;
#define UPDATES (general ? &p->stats.updates : &updates)
    int32_t level = p->level, max_level = p->stats.max_level;
    int32_t best = 0, cur;
    int rc;
    const int resume_at_solution = p->state == S_SOLUTION;
    const dlx_dance d = {.p = p, .nd = nd, .cl = cl, .mult = mult, .last_hdr = last_hdr};
    const int how = walk | (colors ? DANCE_COLORS : 0) | (general ? DANCE_EVENTS : 0) |
                    (detail ? DANCE_DETAIL : 0);

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
    if (general && p->profiling)
        p->run.profile[level]++;
    if (cl[0].next == 0) {
        if (dlxi_visit_solution(p, level)) {
            p->state = S_SOLUTION;
            rc = DLX_STOPPED;
            goto out;
        }
        goto recover;
    }
    {
        int32_t degree, scanned = 0;
        if (walk & WALK_MARK)
            best = choose_item_indexed(p, nd, &degree);
        else
            best = choose_item_m(p, general, &degree, &scanned);
        if (general && p->on_event)
            announce_choice_m(p, best, degree, level, scanned);
        if (general && p->profiling && degree > p->run.max_degree)
            p->run.max_degree = degree;
        if (degree <= 0)
            goto recover; /* it cannot reach its lower bound: nothing to undo */
        degree_at[level] = degree;
        cur = first_at[level] = m_enter_at(d, best, level, how, UPDATES);
    }

advance:
    if (!m_branch(d, best, cur, level, how, UPDATES))
        goto backup;
    choice[level] = cur;
    if (cur != best)
        commit_rest_m(d, cur, level, how, UPDATES);
    level++;
    goto forward;

backup:
    if (general && p->on_event)
        announce_backtrack_m(p, best, level);
    m_leave_at(d, best, first_at[level], level, how);

recover:
    if (level == 0) {
        p->state = S_DONE;
        rc = DLX_OK;
        goto out;
    }
    level--;
    cur = choice[level];
    best = cur <= last_hdr ? cur : nd.im[cur].itm;
    if (!m_next_branch(d, best, &cur, level, how))
        goto backup;
    goto advance;

out:
    p->level = level;
    p->stats.nodes += nodes;
    p->stats.updates += updates;
    p->stats.max_level = max_level;
    return rc;
#undef UPDATES
}

DLX_NOINLINE int run_m_plain(dlx_problem *p, uint64_t budget)
{
    return run_m(p, budget, 0, 0, 0, WALK_NEXT);
}
DLX_NOINLINE int run_m_colors(dlx_problem *p, uint64_t budget)
{
    return run_m(p, budget, 1, 0, 0, WALK_NEXT);
}
DLX_NOINLINE int run_m_plain_long(dlx_problem *p, uint64_t budget)
{
    return run_m(p, budget, 0, 0, 0, WALK_SPACER);
}
DLX_NOINLINE int run_m_colors_long(dlx_problem *p, uint64_t budget)
{
    return run_m(p, budget, 1, 0, 0, WALK_SPACER);
}
DLX_NOINLINE int run_m_plain_indexed(dlx_problem *p, uint64_t budget)
{
    return run_m(p, budget, 0, 0, 0, WALK_NEXT | WALK_MARK);
}
DLX_NOINLINE int run_m_colors_indexed(dlx_problem *p, uint64_t budget)
{
    return run_m(p, budget, 1, 0, 0, WALK_NEXT | WALK_MARK);
}
DLX_NOINLINE int run_m_plain_long_indexed(dlx_problem *p, uint64_t budget)
{
    return run_m(p, budget, 0, 0, 0, WALK_SPACER | WALK_MARK);
}
DLX_NOINLINE int run_m_colors_long_indexed(dlx_problem *p, uint64_t budget)
{
    return run_m(p, budget, 1, 0, 0, WALK_SPACER | WALK_MARK);
}
DLX_NOINLINE int run_m_general(dlx_problem *p, uint64_t budget)
{
    return run_m(p, budget, 1, 1, 0, WALK_NEXT);
}
DLX_NOINLINE int run_m_detail(dlx_problem *p, uint64_t budget)
{
    return run_m(p, budget, 1, 1, 1, WALK_NEXT);
}

/* --- The engine of Algorithm M on the links --------------------------------------- */

/* Options of at least this many nodes on average are walked by spacer,
 * shorter ones by nx[] (the measurements are beside WALK_NEXT in
 * dlx_internal.h: 25 nodes gain 39%, 10 nodes 11%; Algorithm X's options of
 * 3 nodes lose 25%; between 3 and 8 nothing was measured with bounds). */
enum { LONG_OPTIONS = 8 };


static int links_m_run(dlx_problem *p, uint64_t budget)
{
    if (p->on_event || p->profiling || p->randomized || p->choose == DLX_CHOOSE_FIRST) {
        p->run.index_live = 0;
        if (p->on_event && (p->detail & DLX_DETAIL_LINKS))
            return run_m_detail(p, budget);
        return run_m_general(p, budget);
    }
    /* The node slots hold the headers and slot 0, and a spacer per option
     * and one more. */
    int64_t nodes = (int64_t)p->n_nodes - 1 - p->n_items - (p->n_options ? p->n_options + 1 : 0);
    const int long_options = nodes >= (int64_t)LONG_OPTIONS * p->n_options;
    if (m_index_ready(p)) {
        if (long_options)
            return p->has_colors ? run_m_colors_long_indexed(p, budget)
                                 : run_m_plain_long_indexed(p, budget);
        return p->has_colors ? run_m_colors_indexed(p, budget) : run_m_plain_indexed(p, budget);
    }
    p->run.index_live = 0; /* these loops do not mark what they change */
    if (long_options)
        return p->has_colors ? run_m_colors_long(p, budget) : run_m_plain_long(p, budget);
    return p->has_colors ? run_m_colors(p, budget) : run_m_plain(p, budget);
}

/* Undoes the levels still in force, deepest first, as the loop would on
 * its way back. */
static void links_m_unwind(dlx_problem *p)
{
    const dlx_dance d = dance_of(p);
    for (int32_t l = p->level - 1; l >= 0; l--) {
        int32_t cur = p->run.choice[l];
        int32_t best = cur <= d.last_hdr ? cur : d.nd.im[cur].itm;
        m_next_branch(d, best, &cur, l, DANCE_COLORS);
        m_leave(d, best, p->run.first_at[l], DANCE_COLORS);
    }
}

/* Knuth's estimate as in search.c, with each level's branch number and
 * degree (DLX3's print_progress). */
static double links_m_estimate(const dlx_problem *p)
{
    double done = 0.0, width = 1.0;
    for (int32_t l = 0; l < p->level; l++) {
        width *= p->run.degree_at[l];
        done += branch_number(p->nd, p->run.first_at[l], p->run.choice[l]) / width;
    }
    return done + 0.5 / width;
}

static int links_m_accepts(const dlx_problem *p)
{
    return p->has_bounds;
}

static int links_m_prepare(dlx_problem *p)
{
    dlxi_apply_commits(p); /* the links dance from the commitments */
    return DLX_OK;
}

/* Algorithm M's choice index, as links_check() in search.c: every word not
 * flagged since the choice last looked still holds its best item. */
static int links_m_check(const dlx_problem *p, const char **what)
{
    const struct dlx_run *r = &p->run;
    if (!r->index_live || !r->m_best || !r->m_touched)
        return DLX_OK;
    for (int32_t w = 0; w < dlxi_index_words(p); w++) {
        if (r->m_touched[w])
            continue;
        dlx_m_best b = best_in_word(p->nd, p->mult, w), kept = r->m_best[w];
        if (b.item != kept.item || (b.item && (b.t != kept.t || b.s != kept.s || b.len != kept.len))) {
            *what = "choice index (M): an unflagged word's best is not the best of its items";
            return DLX_EINVAL;
        }
    }
    return DLX_OK;
}

/* Algorithm M's search cannot be split yet: no split calls. */
const dlx_engine dlxi_engine_links_m = {
    .version = DLX_ENGINE_VERSION,
    .name = "links-m",
    .strategy = DLX_STRATEGY_LINKS,
    .accepts = links_m_accepts,
    .prepare = links_m_prepare,
    .run = links_m_run,
    .unwind = links_m_unwind,
    .estimate = links_m_estimate,
    .path = dlxi_links_path,
    .check = links_m_check,
    .remaining = dlxi_links_remaining,
    .active = dlxi_links_active,
    .options = dlxi_links_options,
    .active_items = dlxi_links_active_items,
};
