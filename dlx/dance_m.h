/* SPDX-License-Identifier: MIT */
/* dance_m.h - the dance of Algorithm M on the links: the tweak and its
 * undoing, the null move, the bound spent by each option, and a level's
 * enter/branch/leave, for search_m.c, the commitments (commit.c) and the
 * prefix walk (prefix.c). Built on dance.h.
 */
#ifndef DLX_DANCE_M_H
#define DLX_DANCE_M_H

#include "dance.h"

/* --- Algorithm M: the dance with bounds ----------------------------------------
 * Knuth's DLX3 adds one step to the dance, the tweak, and these helpers are
 * shared by the search (search_m.c), the commitments and the prefix walk.
 * An item x with bound b and slack s stays active while b > 0; each option
 * chosen that contains x lowers b by one, and the last one covers x as in
 * Algorithm X. When x is chosen for branching, every option tried is
 * tweaked: taken out of x's list (and, while x is still active, out of its
 * other items' lists too) so that the later branches at that level do
 * without it, and the level ends by putting them all back at once. */

/* A null move takes active item c off the active list without hiding
 * anything (its list is empty by then); the undo puts it back. */
DLX_INLINE void deactivate(dlx_nodes nd, dlx_link *cl, int32_t c)
{
    int32_t l = cl[c].prev, r = cl[c].next;
    cl[l].next = r;
    cl[r].prev = l;
    nd.act[c / 64] &= ~((uint64_t)1 << (c % 64));
}

DLX_INLINE void reactivate(dlx_nodes nd, dlx_link *cl, int32_t c)
{
    cl[cl[c].prev].next = c;
    cl[cl[c].next].prev = c;
    nd.act[c / 64] |= (uint64_t)1 << (c % 64);
}

/* Knuth's tweak of node r, the first in its item's list: r leaves the list;
 * with `block` (the item is still active) r's option leaves its other
 * items' lists as well, in the order hide() takes them. With DANCE_DETAIL
 * (the general loop's link detail) each node is announced as a HIDE at
 * `level`, r's own last. */
DLX_INLINE void tweak_at(const dlx_dance d, int32_t r, int block, int32_t level, const int how,
                         uint64_t *updates)
{
    const dlx_nodes nd = d.nd;
    touch(nd, nd.im[r].itm, how);
    if (!block) {
        if ((how & DANCE_DETAIL) && d.p->on_event)
            dlxi_emit_node(d.p, DLX_EV_HIDE, r, LEN(nd.im[r].itm) - 1, level);
        unlink_node(nd, r, updates);
    } else if ((how & WALK_SPACER) && !(how & DANCE_DETAIL)) {
        hide_option_all(nd, r, 0, how, updates); /* r is uncoloured: it goes too */
    } else {
        hide(d, r, level, how, updates);
        if ((how & DANCE_DETAIL) && d.p->on_event)
            dlxi_emit_node(d.p, DLX_EV_HIDE, r, LEN(nd.im[r].itm) - 1, level);
        unlink_node(nd, r, updates);
    }
}

DLX_INLINE void tweak(const dlx_dance d, int32_t r, int block, const int how, uint64_t *updates)
{
    tweak_at(d, r, block, 0, how & ~DANCE_DETAIL, updates);
}

/* Undoes every tweak of item c's level at once. `first` is the node that
 * headed c's list when the level began. The tweaked nodes were each the
 * first of the list when tweaked, so each still points down at the next
 * one, and the last at the present head: walking down from `first` to it
 * finds them all, top to bottom, and restores their up links (Knuth's
 * untweak). With `unblock` their options go back into the other lists too;
 * as Knuth notes in DLX3, doing that in the same order as the tweaks is as
 * exact as the reverse. Returns how many options went back. */
DLX_INLINE int32_t untweak_at(const dlx_dance d, int32_t c, int32_t first, int unblock,
                              int32_t level, const int how)
{
    const dlx_nodes nd = d.nd;
    int32_t head = nd.ud[c].down, prev = c, k = 0;
    touch(nd, c, how);
    nd.ud[c].down = first;
    for (int32_t r = first; r != head; prev = r, r = nd.ud[r].down) {
        /* The detail: r is back between prev and the next one, LEN[c] one
         * up (the engine adds the k at the end). */
        if ((how & DANCE_DETAIL) && d.p->on_event)
            dlxi_emit(d.p, (dlx_event){.kind = DLX_EV_UNHIDE, .level = level, .item = c - 1,
                                       .option = dlxi_option_of(nd, r), .remaining = -1,
                                       .index = -1, .node = r, .up = prev,
                                       .down = nd.ud[r].down, .len = LEN(c) + k + 1});
        nd.ud[r].up = prev;
        k++;
        if (unblock)
            unhide(d, r, level, how);
    }
    nd.ud[head].up = prev;
    LEN(c) += k;
    return k;
}

DLX_INLINE int32_t untweak(const dlx_dance d, int32_t c, int32_t first, int unblock,
                           const int how)
{
    return untweak_at(d, c, first, unblock, 0, how & ~DANCE_DETAIL);
}

/* Knuth's branching degree: the number of branches item c (with `len`
 * options left) would have now, <= 0 when it cannot reach its lower bound
 * any more. */
DLX_INLINE int32_t m_degree(int32_t len, dlx_mult m, int32_t *s_out)
{
    int32_t s = m.slack < m.bound ? m.slack : m.bound;
    *s_out = s;
    return len - (m.bound - s) + 1;
}

/* Commits the other items of pp's option, as commit_rest() does, but a
 * primary item (or an uncoloured secondary one) has its bound lowered and
 * is covered only when that was its last unit. DANCE_DETAIL is passed on
 * to the covers and purifies, as commit_rest() does. */
DLX_INLINE void commit_rest_m(const dlx_dance d, int32_t pp, int32_t level, const int how,
                              uint64_t *updates)
{
    const dlx_nodes nd = d.nd;
    const int dance = how & ~DANCE_EVENTS;
    for (int32_t q = pp + 1; q != pp;) {
        int32_t x = nd.im[q].itm;
        if (x <= 0) {
            q = nd.ud[q].up;
            continue;
        }
        if (!(how & DANCE_COLORS) || nd.im[q].color == 0) {
            int32_t b = d.mult[x].bound - 1;
            if ((how & DANCE_EVENTS) && d.p->on_event && b == 0)
                announce_cover(d.p, d.cl, DLX_EV_COVER, x, level);
            else if ((how & DANCE_EVENTS) && d.p->on_event)
                dlxi_emit(d.p, (dlx_event){.kind = DLX_EV_USE, .level = level, .item = x - 1,
                                           .option = -1, .remaining = -1, .index = -1,
                                           .hi = b});
            d.mult[x].bound = b;
            touch(nd, x, how);
            if (b == 0)
                cover(d, x, level, dance, updates);
        } else if (nd.im[q].color > 0) {
            if ((how & DANCE_EVENTS) && d.p->on_event)
                announce_purify(d.p, nd, DLX_EV_PURIFY, q, level);
            purify(d, q, level, dance, updates);
        }
        q++;
    }
}

/* Exactly undoes commit_rest_m(pp), right to left. */
DLX_INLINE void uncommit_rest_m(const dlx_dance d, int32_t pp, int32_t level, const int how)
{
    const dlx_nodes nd = d.nd;
    const int dance = how & ~DANCE_EVENTS;
    for (int32_t q = pp - 1; q != pp;) {
        int32_t x = nd.im[q].itm;
        if (x <= 0) {
            q = nd.ud[q].down;
            continue;
        }
        if (!(how & DANCE_COLORS) || nd.im[q].color == 0) {
            int32_t b = d.mult[x].bound;
            if ((how & DANCE_EVENTS) && d.p->on_event && b == 0)
                announce_cover(d.p, d.cl, DLX_EV_UNCOVER, x, level);
            else if ((how & DANCE_EVENTS) && d.p->on_event)
                dlxi_emit(d.p, (dlx_event){.kind = DLX_EV_UNUSE, .level = level,
                                           .item = x - 1, .option = -1, .remaining = -1,
                                           .index = -1, .hi = b});
            if (b == 0)
                uncover(d, x, level, dance);
            d.mult[x].bound = b + 1;
            touch(nd, x, how);
        } else if (nd.im[q].color > 0) {
            if ((how & DANCE_EVENTS) && d.p->on_event)
                announce_purify(d.p, nd, DLX_EV_UNPURIFY, q, level);
            unpurify(d, q, level, dance);
        }
        q--;
    }
}

/* Announces a branch of Algorithm M (search_m.c): TRY (and TWEAK when the
 * level tweaks), or SKIP for the null move (cur == c). */
void dlxi_announce_branch_m(dlx_problem *p, int32_t c, int32_t cur, int32_t level, int tweaks);

/* Begins a level on item c, chosen with a degree > 0: c spends a unit of
 * its bound, and is covered if that was the last. Returns the head of c's
 * list, where the level's branches start (and its tweaks, to be undone).
 * m_enter_at() announces the links of the cover at `level` (DANCE_DETAIL);
 * m_enter() none. */
DLX_INLINE int32_t m_enter_at(const dlx_dance d, int32_t c, int32_t level, const int how,
                              uint64_t *updates)
{
    int32_t first = d.nd.ud[c].down;
    touch(d.nd, c, how);
    if (--d.mult[c].bound == 0)
        cover(d, c, level, how & ~DANCE_EVENTS, updates);
    return first;
}

DLX_INLINE int32_t m_enter(const dlx_dance d, int32_t c, const int how, uint64_t *updates)
{
    return m_enter_at(d, c, 0, how & ~DANCE_DETAIL, updates);
}

/* Takes branch cur of item c's level (cur == c: the null move), or returns
 * 0 when c has no branch left: its options are used up (with no slack), or
 * fewer are left than it still needs. A covered item with no slack is
 * Algorithm X's case: its options are simply walked. Otherwise the option
 * is tweaked (with c still active, out of its other lists too), or, for
 * the null move, c leaves the active list while its bound is not spent.
 * DANCE_EVENTS announces the branch. */
DLX_INLINE int m_branch(const dlx_dance d, int32_t c, int32_t cur, int32_t level, const int how,
                        uint64_t *updates)
{
    const dlx_nodes nd = d.nd;
    const int32_t b = d.mult[c].bound, s = d.mult[c].slack;
    if (b == 0 && s == 0) {
        if (cur <= d.last_hdr)
            return 0;
        if ((how & DANCE_EVENTS) && d.p->on_event)
            dlxi_announce_branch_m(d.p, c, cur, level, 0);
        return 1;
    }
    if (LEN(c) <= b - s)
        return 0;
    if ((how & DANCE_EVENTS) && d.p->on_event)
        dlxi_announce_branch_m(d.p, c, cur, level, 1);
    if (cur != c) {
        tweak_at(d, cur, b != 0, level, how & ~DANCE_EVENTS, updates);
    } else if (b != 0) {
        touch(nd, c, how);
        deactivate(nd, d.cl, c);
    }
    return 1;
}

/* Back at a level from below, with *cur its branch just explored: undoes
 * that branch and moves *cur to the next one, or returns 0 when it was the
 * null move, always the last (c is then back on the active list). */
DLX_INLINE int m_next_branch(const dlx_dance d, int32_t c, int32_t *cur, int32_t level,
                             const int how)
{
    if (*cur == c) {
        if (d.mult[c].bound != 0) {
            touch(d.nd, c, how);
            reactivate(d.nd, d.cl, c);
        }
        return 0;
    }
    uncommit_rest_m(d, *cur, level, how);
    *cur = d.nd.ud[*cur].down; /* still right after a tweak: see untweak() */
    return 1;
}

/* Ends a level of item c begun with its list headed by `first`: undoes the
 * tweaks and the cover, and gives back the unit of bound the level took.
 * The caller has put c back on the active list after a null move. Returns
 * the number of tweaks undone. With DANCE_EVENTS the UNCOVER of c is
 * announced (after the untweak, as it is done), with DANCE_DETAIL every
 * link, at `level`; m_leave() does neither. */
DLX_INLINE int32_t m_leave_at(const dlx_dance d, int32_t c, int32_t first, int32_t level,
                              const int how)
{
    const int dance = how & ~DANCE_EVENTS;
    int32_t b = d.mult[c].bound, k = 0;
    touch(d.nd, c, how);
    if (b != 0 || d.mult[c].slack != 0)
        k = untweak_at(d, c, first, b != 0, level, dance);
    if (b == 0) {
        if ((how & DANCE_EVENTS) && d.p->on_event)
            announce_cover(d.p, d.cl, DLX_EV_UNCOVER, c, level);
        uncover(d, c, level, dance);
    }
    d.mult[c].bound = b + 1;
    return k;
}

DLX_INLINE int32_t m_leave(const dlx_dance d, int32_t c, int32_t first, const int how)
{
    return m_leave_at(d, c, first, 0, how & ~(DANCE_DETAIL | DANCE_EVENTS));
}

#endif /* DLX_DANCE_M_H */
