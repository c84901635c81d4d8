/* SPDX-License-Identifier: MIT */
/* infer.c - an optional inference at each node of the dancing-links search
 * (Algorithms X and C): the "shared item" rule, which is what a sudoku
 * solver calls locked candidates (pointing and claiming), in exact-cover
 * terms and for any problem.
 *
 * The rule. A is an active primary item, B another primary item, and every
 * option left in A's list also covers B. A must be covered by one of those
 * options, so B will be covered by A's option; B is covered once, so an
 * option of B that does not cover A cannot be in any solution that extends
 * the choices made, and is taken out (from every list it is in, as hide()
 * does, and from B's list). Solutions are unchanged; only the tree shrinks.
 * Secondary items are never A or B: a secondary item may stay uncovered,
 * and with colours two options may share it, so neither half of the rule
 * holds for them.
 *
 * When. At a node, before the branching choice, and to a fixed point: an
 * item looked at and found with nothing to take out is looked at again
 * only when its list loses an option. A node where some item has one
 * option or none does no inference: the search covers that item next (a
 * forced move or a dead end), and the next node infers from there; the
 * search's loop (search.c) finds that with its branching choice, which it
 * makes again when the inference took something out. At the search's first
 * node every active item with 2 to p->infer_max options is looked at; at
 * any other, the last node of the path that inferred reached its fixed
 * point, so only the items whose lists the moves since (the cover of each
 * level's item and the commit of its option) changed can have work: the
 * items of the options in the lists of those options' items, which still
 * hold the options hidden (as dlxi_recent_item() in search.c walks them).
 * Taking out an option puts its items on the list to look at again. An
 * item B that loses options gives an item A whose options all cover B
 * nothing new, so an item that keeps its list keeps its verdict. This
 * costs a few times a move's own walk at a node, where scanning every
 * active item at every node, as this did first, cost more than the search
 * itself on a 25 x 25 sudoku (bench/bench_big_grids, docs/sudoku.md).
 *
 * Undoing. Every option taken out is pushed (its node in B's list, and the
 * level of the node that took it out) on a stack; the search pops a level's
 * entries, last first, when it leaves that level, before undoing the choice
 * that led there - the dance stays last in, first out, so the links come
 * back exactly (dlx_check() walks them).
 */
#include "dance.h"

/* The bytes of the block holding the stack (two arrays of cap entries),
 * the items to look at (cap entries), one A's candidate Bs (cap entries),
 * infer_may[] (cap + 1 bytes: cap > n_items too, see below) and
 * infer_done[] (cap + 1 bytes: a path has fewer levels than items). */
size_t dlxi_inference_block_size(int32_t cap)
{
    return (size_t)cap * 4 * sizeof(int32_t) + 2 * ((size_t)cap + 1);
}

int dlxi_prepare_inference(dlx_problem *p)
{
    /* An option is taken out at most once on a path (it is then out of
     * every list), so the stack never holds more than all of them; the
     * items to look at are on their list once at a time; the same block
     * gives infer_may[] a byte per header. */
    int32_t need = (p->n_options > p->n_items ? p->n_options : p->n_items) + 1;
    p->run.infer_top = 0;
    p->run.infer_fresh = 1;
    if (p->infer_max == 0 || need <= p->run.infer_cap)
        return DLX_OK;
    if (need > INT32_MAX / 4)
        return DLX_ETOOBIG;
    int32_t *block = dlxi_alloc(p, dlxi_inference_block_size(need));
    if (!block)
        return DLX_ENOMEM;
    if (p->run.infer_node)
        dlxi_free(p, p->run.infer_node, dlxi_inference_block_size(p->run.infer_cap));
    p->run.infer_node = block;
    p->run.infer_level = block + need;
    p->run.infer_work = block + 2 * (size_t)need;
    p->run.infer_cand = block + 3 * (size_t)need;
    p->run.infer_may = (uint8_t *)(block + 4 * (size_t)need);
    p->run.infer_done = p->run.infer_may + need + 1;
    p->run.infer_cap = need;
    return DLX_OK;
}

/* A new stamp for p->mark[] (the builder's scratch, idle during a search). */
static int32_t next_stamp(dlx_problem *p)
{
    if (p->mark_stamp == INT32_MAX) {
        for (int32_t x = 1; x <= p->n_items; x++)
            p->mark[x] = -1;
        p->mark_stamp = 0;
    }
    return ++p->mark_stamp;
}

/* Puts item x on the list of items to look at, unless it is on it (marked
 * with this node's stamp). Covered and secondary items are left off. */
static inline void look_at(dlx_problem *p, int32_t x, int32_t stamp)
{
    if (p->mark[x] == stamp || p->secondary[x] || !dlxi_is_active(p->nd, x))
        return;
    p->mark[x] = stamp;
    p->run.infer_work[p->run.infer_todo++] = x;
}

/* At the search's root: which active items have two options sharing an
 * item besides them. Lists only shrink below the root, so an item without
 * such a pair can never have all its options share one there (a sudoku's
 * cells, whose options meet only in the cell): the scan passes them by. */
static void find_sharing(dlx_problem *p)
{
    const dlx_nodes nd = p->nd;
    const int32_t last_hdr = p->n_items;
    for (int32_t a = p->cl[0].next; a != 0; a = p->cl[a].next) {
        int32_t stamp = next_stamp(p);
        uint8_t may = 0;
        for (int32_t q = nd.ud[a].down; q > last_hdr && !may; q = nd.ud[q].down)
            for (int32_t r = nd.of[q]; nd.im[r].itm > 0; r++) {
                int32_t x = nd.im[r].itm;
                if (x == a)
                    continue;
                if (p->mark[x] == stamp) {
                    may = 1;
                    break;
                }
                p->mark[x] = stamp;
            }
        p->run.infer_may[a] = may;
    }
    p->run.infer_fresh = 0;
}

/* 1 when the option of node q has a node of item x. The option's nodes are
 * consecutive, from its first (nd.of) to the spacer: a walk without
 * dependent loads. */
static int option_covers(dlx_nodes nd, int32_t q, int32_t x)
{
    for (int32_t r = nd.of[q]; nd.im[r].itm > 0; r++)
        if (nd.im[r].itm == x)
            return 1;
    return 0;
}

/* Takes out of every list each option of item b that does not cover a,
 * pushing it for the undo; returns how many went. */
static int32_t remove_outside(dlx_problem *p, int32_t a, int32_t b, int32_t level,
                              int32_t stamp, uint64_t *updates)
{
    const dlx_dance d = dance_of(p);
    const dlx_nodes nd = d.nd;
    const int32_t last_hdr = p->n_items;
    int32_t removed = 0;
    for (int32_t r = nd.ud[b].down, next; r > last_hdr; r = next) {
        next = nd.ud[r].down; /* r keeps its links when it leaves the list */
        if (option_covers(nd, r, a))
            continue;
        hide(d, r, 0, DANCE_COLORS, updates);
        unlink_node(nd, r, updates);
        for (int32_t t = nd.of[r]; nd.im[t].itm > 0; t++) /* b too */
            look_at(p, nd.im[t].itm, stamp);
        p->run.infer_node[p->run.infer_top] = r;
        p->run.infer_level[p->run.infer_top] = level;
        p->run.infer_top++;
        removed++;
    }
    return removed;
}

/* The rule for item a, whose first option is at node first: every other
 * primary item of that option that all of a's options cover is a B. The
 * candidates are the first option's other items, narrowed down option by
 * option (most go at the second: a sudoku row's symbol in two cells keeps
 * at most their box); what is left is taken out item by item. Taking out
 * the options of one B leaves a's list as it is (they do not cover a), so
 * the Bs are those a look at one B at a time would find. */
static int32_t infer_from(dlx_problem *p, int32_t a, int32_t level, int32_t stamp,
                          uint64_t *updates)
{
    dlx_nodes nd = p->nd;
    const int32_t last_hdr = p->n_items;
    const int32_t len = LEN(a);
    int32_t first = nd.ud[a].down, removed = 0, count = 0;
    int32_t *cand = p->run.infer_cand;
    for (int32_t s = nd.nx[first]; s != first; s = nd.nx[s]) {
        int32_t b = nd.im[s].itm;
        /* b holds all of a's options: with no more than those, nothing to
         * take out (a secondary b has its LEN too, but is never a B). */
        if (LEN(b) > len && !p->secondary[b])
            cand[count++] = b;
    }
    for (int32_t q = nd.ud[first].down; q > last_hdr && count > 0; q = nd.ud[q].down) {
        int32_t kept = 0;
        for (int32_t k = 0; k < count; k++)
            if (option_covers(nd, q, cand[k]))
                cand[kept++] = cand[k];
        count = kept;
    }
    for (int32_t k = 0; k < count; k++)
        removed += remove_outside(p, a, cand[k], level, stamp, updates);
    return removed;
}

/* The items the move into this node changed: of each item of the option
 * chosen one level up, the items of every option in its list (the options
 * the move hid are still there; for a secondary item some were kept,
 * which only adds items to look at). */
static void look_at_move(dlx_problem *p, int32_t cur, int32_t stamp)
{
    const dlx_nodes nd = p->nd;
    for (int32_t q = nd.of[cur]; nd.im[q].itm > 0; q++) {
        int32_t x = nd.im[q].itm; /* the level's own item too: its cover hid */
        for (int32_t r = nd.ud[x].down; r != x; r = nd.ud[r].down)
            for (int32_t t = nd.of[r]; nd.im[t].itm > 0; t++)
                look_at(p, nd.im[t].itm, stamp);
    }
}

DLX_NOINLINE_SHARED uint64_t dlxi_infer(dlx_problem *p, int32_t level, uint64_t *updates)
{
    enum { MOST_MOVES = 32 }; /* more moves to look back on: all items instead */
    const dlx_nodes nd = p->nd;
    const dlx_link *cl = p->cl;
    if (p->run.infer_fresh)
        find_sharing(p);
    int32_t stamp = next_stamp(p);
    p->run.infer_todo = 0;
    /* The deepest node of the path, above this one, that inferred (the
     * search's loop skips the nodes with a forced move): the items the
     * moves since then changed are the ones to look at. */
    int32_t from = level - 1;
    while (from >= p->floor && !p->run.infer_done[from] && level - from <= MOST_MOVES)
        from--;
    if (from < p->floor || level - from > MOST_MOVES) {
        /* The search's first node, or a long way back: every active item. */
        for (int32_t a = cl[0].next; a != 0; a = cl[a].next)
            look_at(p, a, stamp);
    } else {
        for (int32_t l = from; l < level; l++)
            look_at_move(p, p->run.choice[l], stamp);
    }
    uint64_t removed = 0;
    while (p->run.infer_todo > 0) {
        int32_t a = p->run.infer_work[--p->run.infer_todo];
        p->mark[a] = -1; /* off the list: a removal may put it back */
        if (!dlxi_is_active(nd, a))
            continue;
        int32_t len = LEN(a);
        if (len >= 2 && len <= p->infer_max && p->run.infer_may[a])
            removed += (uint64_t)infer_from(p, a, level, stamp, updates);
    }
    p->run.infer_done[level] = 1;
    p->inferred += removed;
    return removed;
}

DLX_NOINLINE_SHARED int32_t dlxi_undo_inference(dlx_problem *p, int32_t level)
{
    const dlx_dance d = dance_of(p);
    const dlx_nodes nd = d.nd;
    int32_t undone = 0;
    while (p->run.infer_top > 0 && p->run.infer_level[p->run.infer_top - 1] >= level) {
        int32_t r = p->run.infer_node[--p->run.infer_top];
        relink_node(nd, r);
        unhide(d, r, 0, DANCE_COLORS);
        undone++;
    }
    return undone;
}

int dlxi_check_inference(const dlx_problem *p)
{
    if (p->run.infer_top < 0 || (p->run.infer_top > 0 && !dlxi_in_search(p)) ||
        p->run.infer_top > p->run.infer_cap)
        return DLX_EINVAL;
    for (int32_t k = 0; k < p->run.infer_top; k++) {
        int32_t r = p->run.infer_node[k];
        if (r <= p->n_items || r >= p->n_nodes || p->nd.im[r].itm <= 0 ||
            dlxi_in_list(p->nd, r) || (k > 0 && p->run.infer_level[k] < p->run.infer_level[k - 1]))
            return DLX_EINVAL;
    }
    return DLX_OK;
}

enum dlx_inference dlx_inference(const dlx_problem *p, int32_t *max_options)
{
    int32_t most = p ? p->infer_max : 0;
    if (max_options)
        *max_options = most;
    return most > 0 ? DLX_INFER_SHARED_ITEM : DLX_INFER_NONE;
}

uint64_t dlx_inferred(const dlx_problem *p)
{
    return p ? p->inferred : 0;
}

int dlx_set_inference(dlx_problem *p, enum dlx_inference kind, int32_t max_options)
{
    if (!p || (kind != DLX_INFER_NONE && kind != DLX_INFER_SHARED_ITEM) ||
        (kind == DLX_INFER_SHARED_ITEM && max_options < 2))
        return DLX_EINVAL;
    if (dlxi_frozen(p))
        return DLX_EBUSY;
    p->infer_max = kind == DLX_INFER_NONE ? 0 : max_options;
    return DLX_OK;
}
