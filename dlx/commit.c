/* SPDX-License-Identifier: MIT */
/* commit.c - commitments: options put into every solution before a search
 * (a sudoku's givens) or kept out of all of them (DLX_EXCLUDE), undone
 * exactly, one by one or all at once from a snapshot of the links taken at
 * the first commitment.
 *
 * Without bounds, putting an option in is checked and recorded at once
 * (commit_state[] says who holds each item), but its dance on the links is
 * put off until the links are needed: a search on the links, the prefix
 * walk, an exclusion, a question about the live state. The bit-set search
 * needs only the records, so a puzzle that commits its givens, searches on
 * bits and uncommits them never touches the links (links_applied counts the
 * records the links reflect; they are always the first ones).
 */
#include "dance_m.h"

#include <string.h>

/* Forgets the snapshot (the structure it copies has changed shape). */
void dlxi_drop_snapshot(dlx_problem *p)
{
    dlxi_free(p, p->snap_ud, (size_t)p->snap_nodes * sizeof *p->snap_ud);
    dlxi_free(p, p->snap_im, (size_t)p->snap_im_count * sizeof *p->snap_im);
    dlxi_free(p, p->snap_cl, (size_t)p->snap_items * sizeof *p->snap_cl);
    dlxi_free(p, p->snap_act, (size_t)p->act_words * sizeof *p->snap_act);
    p->snap_act = NULL;
    p->snap_ud = NULL;
    p->snap_im = NULL;
    p->snap_cl = NULL;
    p->snap_nodes = p->snap_im_count = p->snap_items = 0;
}

/* Copies the links as they are now; called with nothing committed and no
 * search under way. Failing to get memory is not an error: commitments then
 * simply undo the slow way. */
void dlxi_take_snapshot(dlx_problem *p)
{
    int32_t nodes = p->n_nodes, items = p->n_items + 1;
    int32_t ims = p->has_colors ? nodes : items; /* headers come first */
    p->snap_ud = dlxi_alloc(p, (size_t)nodes * sizeof *p->snap_ud);
    p->snap_im = dlxi_alloc(p, (size_t)ims * sizeof *p->snap_im);
    p->snap_cl = dlxi_alloc(p, (size_t)items * sizeof *p->snap_cl);
    p->snap_act = dlxi_alloc(p, (size_t)p->act_words * sizeof *p->snap_act);
    p->snap_nodes = nodes;
    p->snap_im_count = ims;
    p->snap_items = items;
    if (!p->snap_ud || !p->snap_im || !p->snap_cl || !p->snap_act) {
        dlxi_drop_snapshot(p);
        return;
    }
    memcpy(p->snap_ud, p->nd.ud, (size_t)nodes * sizeof *p->snap_ud);
    memcpy(p->snap_im, p->nd.im, (size_t)ims * sizeof *p->snap_im);
    memcpy(p->snap_cl, p->cl, (size_t)items * sizeof *p->snap_cl);
    memcpy(p->snap_act, p->nd.act, (size_t)p->act_words * sizeof *p->snap_act);
}

/* Pushes a commitment record and makes room in undo[] for `size` items. */
static int push_commit(dlx_problem *p, int32_t opt, int32_t anchor, int32_t size, int32_t kind)
{
    int rc = dlxi_grow(p, (void **)&p->undo, &p->undo_cap, sizeof *p->undo,
                       (int64_t)p->undo_len + size);
    if (!rc)
        rc = dlxi_grow(p, (void **)&p->commits, &p->commits_cap, sizeof *p->commits,
                       (int64_t)p->n_commits + 1);
    if (rc)
        return rc;
    p->commits[p->n_commits++] = (struct dlx_commit){opt, anchor, p->undo_len, kind};
    if (p->state == S_DONE)
        p->state = S_IDLE;
    return DLX_OK;
}

/* Before the links change for a commitment: the snapshot of the links as
 * built, if none is kept yet and the links are still as built. */
static void before_links_change(dlx_problem *p)
{
    if (p->links_applied == 0 && !p->snap_ud)
        dlxi_take_snapshot(p);
}

/* Does on the links what putting in option c.anchor's option does: what the
 * search does when it chooses it. */
static void apply_include(dlx_problem *p, struct dlx_commit c)
{
    const dlx_dance d = dance_of(p);
    uint64_t updates = 0; /* commitments are nobody's count */
    int32_t x0 = d.nd.im[c.anchor].itm;
    if (p->has_bounds) {
        if (--p->mult[x0].bound == 0)
            cover(d, x0, 0, DANCE_COLORS, &updates);
        else
            tweak(d, c.anchor, 1, DANCE_COLORS, &updates);
        commit_rest_m(d, c.anchor, 0, DANCE_COLORS, &updates);
    } else if (p->has_colors) {
        cover(d, x0, 0, DANCE_COLORS, &updates);
        commit_rest(d, c.anchor, 0, DANCE_COLORS, &updates);
    } else {
        cover(d, x0, 0, 0, &updates);
        commit_rest(d, c.anchor, 0, 0, &updates);
    }
}

void dlxi_apply_commits(dlx_problem *p)
{
    if (p->links_applied < p->n_commits)
        before_links_change(p);
    while (p->links_applied < p->n_commits)
        apply_include(p, p->commits[p->links_applied++]); /* only inclusions wait */
}

/* DLX_EXCLUDE(opt): a clash with the commitment of opt itself; when the
 * option could still be chosen, all its nodes leave their lists (those of
 * items purified to its colour stay, as in hide()); otherwise nothing
 * needs doing, and the record says so. */
static int exclude(dlx_problem *p, int32_t opt)
{
    if (opt < 0 || opt >= p->n_options)
        return DLX_EINVAL;
    if (dlxi_in_search(p))
        return DLX_EBUSY;
    for (int32_t k = 0; k < p->n_commits; k++)
        if (p->commits[k].option == opt && p->commits[k].kind == COMMIT_INCLUDE)
            return DLX_ECONFLICT; /* in every solution already */
    dlxi_apply_commits(p); /* whether it is still available, the links say */
    dlx_nodes nd = p->nd;
    int32_t first = p->opt_first[opt];
    int available = 0;
    for (int32_t q = first; nd.im[q].itm > 0; q++) {
        int32_t x = nd.im[q].itm;
        if (p->secondary[x])
            continue;
        if (!dlxi_is_active(p->nd, x) || !dlxi_in_list(nd, q)) {
            available = 0;
            break;
        }
        available = 1;
    }
    int rc = push_commit(p, opt, first, 0, available ? COMMIT_EXCLUDE : COMMIT_NOTHING);
    if (rc)
        return rc;
    if (available)
        before_links_change(p);
    p->links_applied = p->n_commits;
    uint64_t updates = 0; /* commitments are nobody's count */
    if (available)
        for (int32_t q = first; nd.im[q].itm > 0; q++)
            if (nd.im[q].color >= 0)
                unlink_node(nd, q, &updates);
    return DLX_OK;
}

/* Commitments do exactly what the search does when it chooses an option:
 * cover the item of one node (the anchor: the option's first primary node)
 * and then commit_rest() from it; uncommitting undoes that in reverse. With
 * bounds the anchor's item spends one unit of its bound, and is covered
 * only when that was the last; otherwise the option is tweaked out of every
 * list, so that it cannot be chosen again. An option without a primary item
 * can never be chosen by the search, so it cannot be committed either.
 * commit_state[] records who holds each item without bounds, so a clash is
 * found before anything changes. */
/* One commitment of an option on a problem without bounds, all its checks
 * and records in one walk of its nodes; the caller has made room for a
 * record in commits[] and for every item in undo[] (it never holds an item
 * twice). On a clash what the walk recorded is taken back. */
static int commit_plain(dlx_problem *p, int32_t opt)
{
    const dlx_nodes nd = p->nd;
    int32_t *const state = p->commit_state;
    const int32_t mark = p->undo_len;
    /* Links that reflect no commitment have every node in its list: nothing
     * to ask them (a sudoku's givens before a search on bits, puzzle after
     * puzzle; the question is a read of two nodes far apart). */
    const int pristine = p->links_applied == 0;
    int32_t anchor = 0, len = mark;
    for (int32_t q = p->opt_first[opt]; nd.im[q].itm > 0; q++) {
        int32_t x = nd.im[q].itm, st = state[x], col = nd.im[q].color;
        if (!p->secondary[x]) {
            if (!anchor)
                anchor = q;
            if (!pristine && !dlxi_in_list(nd, q))
                goto clash; /* excluded */
        }
        /* col is -1 when an earlier commitment purified x to this colour. */
        if (st == -1 || (st > 0 && col >= 0 && col != st))
            goto clash;
        if (st == 0) {
            state[x] = col > 0 ? col : -1;
            p->undo[len++] = x;
        }
    }
    if (!anchor) {
        while (len > mark)
            state[p->undo[--len]] = 0;
        return DLX_EINVAL;
    }
    p->undo_len = len;
    p->commits[p->n_commits++] = (struct dlx_commit){opt, anchor, mark, COMMIT_INCLUDE};
    if (p->state == S_DONE)
        p->state = S_IDLE;
    return DLX_OK;
clash:
    while (len > mark)
        state[p->undo[--len]] = 0;
    /* An option with no primary item is refused as such even when one of
     * its secondary items clashes (as dlx_commit() always said). */
    for (int32_t q = p->opt_first[opt]; nd.im[q].itm > 0; q++)
        if (!p->secondary[nd.im[q].itm])
            return DLX_ECONFLICT;
    return DLX_EINVAL;
}

/* Room for n more commitments without bounds: records, and undo[] for every
 * item. */
static int room_for_commits(dlx_problem *p, int32_t n)
{
    int rc = dlxi_grow(p, (void **)&p->undo, &p->undo_cap, sizeof *p->undo,
                       (int64_t)p->n_items + 1);
    if (!rc)
        rc = dlxi_grow(p, (void **)&p->commits, &p->commits_cap, sizeof *p->commits,
                       (int64_t)p->n_commits + n);
    return rc;
}

/* Commitments do exactly what the search does when it chooses an option:
 * cover the item of one node (the anchor: the option's first primary node)
 * and then commit_rest() from it; uncommitting undoes that in reverse. With
 * bounds the anchor's item spends one unit of its bound, and is covered
 * only when that was the last; otherwise the option is tweaked out of every
 * list, so that it cannot be chosen again. An option without a primary item
 * can never be chosen by the search, so it cannot be committed either.
 * commit_state[] records who holds each item without bounds, so a clash is
 * found before anything changes. */
int dlx_commit(dlx_problem *p, int32_t opt)
{
    if (!p)
        return DLX_EINVAL;
    if (opt < 0)
        return exclude(p, -1 - opt);
    if (opt >= p->n_options)
        return DLX_EINVAL;
    if (dlxi_frozen(p))
        return DLX_EBUSY;
    if (!p->has_bounds) {
        int rc = room_for_commits(p, 1);
        return rc ? rc : commit_plain(p, opt);
    }
    dlx_nodes nd = p->nd;
    int32_t first = p->opt_first[opt], anchor = 0, size = 0;
    int clash = 0;
    for (int32_t q = first; nd.im[q].itm > 0; q++, size++) {
        int32_t x = nd.im[q].itm, st = p->commit_state[x], col = nd.im[q].color;
        if (!p->secondary[x]) {
            if (!anchor)
                anchor = q;
            /* Excluded, used up or chosen already: the bounds, not
             * commit_state, say who holds a primary item. */
            if (!dlxi_in_list(nd, q) || !dlxi_is_active(p->nd, x))
                clash = 1;
            continue;
        }
        /* col is -1 when an earlier commitment purified x to this colour. */
        if (st == -1 || (st > 0 && col >= 0 && col != st))
            clash = 1;
    }
    if (!anchor)
        return DLX_EINVAL;
    if (clash)
        return DLX_ECONFLICT;
    int rc = push_commit(p, opt, anchor, size, COMMIT_INCLUDE);
    if (rc)
        return rc;
    for (int32_t q = first; nd.im[q].itm > 0; q++) {
        int32_t x = nd.im[q].itm;
        if (p->commit_state[x] == 0 && p->secondary[x]) {
            p->commit_state[x] = nd.im[q].color > 0 ? nd.im[q].color : -1;
            p->undo[p->undo_len++] = x;
        }
    }
    /* With bounds the records and the links go together. */
    dlxi_apply_commits(p);
    return DLX_OK;
}

int dlx_uncommit(dlx_problem *p)
{
    if (!p)
        return DLX_EINVAL;
    if (dlxi_frozen(p))
        return DLX_EBUSY;
    if (p->n_commits == 0)
        return DLX_EEMPTY;
    struct dlx_commit c = p->commits[--p->n_commits];
    const dlx_dance d = dance_of(p);
    const dlx_nodes nd = d.nd;
    int32_t x0 = nd.im[c.anchor].itm;
    if (p->n_commits >= p->links_applied) {
        /* never applied to the links: nothing to undo there */
    } else if (c.kind == COMMIT_EXCLUDE) {
        int32_t q = c.anchor;
        while (nd.im[q].itm > 0)
            q++;
        while (--q >= c.anchor)
            if (nd.im[q].color >= 0)
                relink_node(nd, q);
    } else if (c.kind == COMMIT_NOTHING) {
        /* nothing was done */
    } else if (p->has_bounds) {
        uncommit_rest_m(d, c.anchor, 0, DANCE_COLORS);
        if (p->mult[x0].bound == 0) {
            uncover(d, x0, 0, DANCE_COLORS);
        } else {
            relink_node(nd, c.anchor);
            unhide(d, c.anchor, 0, DANCE_COLORS);
        }
        p->mult[x0].bound++;
    } else if (p->has_colors) {
        uncommit_rest(d, c.anchor, 0, DANCE_COLORS);
        uncover(d, x0, 0, DANCE_COLORS);
    } else {
        uncommit_rest(d, c.anchor, 0, 0);
        uncover(d, x0, 0, 0);
    }
    if (p->links_applied > p->n_commits)
        p->links_applied = p->n_commits;
    while (p->undo_len > c.undo_mark)
        p->commit_state[p->undo[--p->undo_len]] = 0;
    if (p->state == S_DONE)
        p->state = S_IDLE;
    return DLX_OK;
}

int32_t dlxi_committed_options(const dlx_problem *p, int32_t *out)
{
    int32_t n = 0;
    for (int32_t k = 0; k < p->n_commits; k++)
        if (p->commits[k].kind == COMMIT_INCLUDE)
            out[n++] = p->commits[k].option;
    return n;
}

/* All or nothing: a failure takes back what this call committed. (Building
 * the lists afresh from the surviving options was tried for a sudoku's
 * givens; it runs the same number of instructions as the covers and loses to
 * them on branch prediction.) Without bounds the room for all n is made
 * once and each option goes through commit_plain(), which is all a sudoku's
 * givens pay before a search on bits (0.53x the instructions of n calls of
 * dlx_commit(): docs/measurements.md, "Commitments"). */
int dlx_commit_many(dlx_problem *p, const int32_t *opts, int32_t n, int32_t *failed)
{
    if (failed)
        *failed = -1;
    if (!p || n < 0 || (n > 0 && !opts))
        return DLX_EINVAL;
    if (dlxi_frozen(p))
        return DLX_EBUSY;
    const int plain = !p->has_bounds;
    if (plain && n > 0) {
        int rc = room_for_commits(p, n);
        if (rc)
            return rc;
    }
    for (int32_t k = 0; k < n; k++) {
        int32_t o = opts[k];
        int rc = plain && o >= 0 && o < p->n_options ? commit_plain(p, o) : dlx_commit(p, o);
        if (rc) {
            if (failed)
                *failed = k;
            while (k-- > 0)
                dlx_uncommit(p);
            return rc;
        }
    }
    return DLX_OK;
}

/* Undoing many commitments one by one costs about what making them did;
 * copying the snapshot back costs the size of the structure. The copy wins
 * when there are many commitments, or a search to abandon as well. */
int dlx_uncommit_all(dlx_problem *p)
{
    if (!p)
        return DLX_EINVAL;
    if (dlxi_busy(p))
        return DLX_EBUSY;
    if (p->n_commits == 0) {
        dlx_reset(p);
        return DLX_OK;
    }
    if (p->links_applied == 0) {
        /* The links were never touched: forget the records. */
        dlx_reset(p);
        while (p->undo_len > 0)
            p->commit_state[p->undo[--p->undo_len]] = 0;
        p->n_commits = 0;
        return DLX_OK;
    }
    int64_t work = (int64_t)(p->n_commits + (dlxi_in_search(p) ? p->level + 1 : 0)) * 64;
    if (p->snap_ud && work >= p->n_items) {
        memcpy(p->nd.ud, p->snap_ud, (size_t)p->snap_nodes * sizeof *p->snap_ud);
        memcpy(p->nd.im, p->snap_im, (size_t)p->snap_im_count * sizeof *p->snap_im);
        memcpy(p->cl, p->snap_cl, (size_t)p->snap_items * sizeof *p->snap_cl);
        memcpy(p->nd.act, p->snap_act, (size_t)p->act_words * sizeof *p->snap_act);
        if (p->has_bounds)
            for (int32_t x = 1; x <= p->n_items; x++)
                p->mult[x].bound = p->hi[x];
        while (p->undo_len > 0)
            p->commit_state[p->undo[--p->undo_len]] = 0;
        p->n_commits = 0;
        p->links_applied = 0;
        dlxi_forget_search(p);
        return DLX_OK;
    }
    dlx_reset(p);
    while (p->n_commits)
        dlx_uncommit(p);
    return DLX_OK;
}
