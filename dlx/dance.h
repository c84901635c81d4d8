/* SPDX-License-Identifier: MIT */
/* dance.h - the dance of Algorithms X and C on the links: hide, cover,
 * purify and their undoing, as inline primitives that the loops compile
 * into copies of their own (search.c), and the commitments (commit.c), the
 * inference (infer.c), the prefix walk (prefix.c) and the split calls
 * (split.c) share. Included only by the files that dance; the layout they
 * work on is dlx_internal.h's. Algorithm M's extra steps are in dance_m.h.
 */
#ifndef DLX_DANCE_H
#define DLX_DANCE_H

#include "dlx_internal.h"

/* --- The dance ------------------------------------------------------------ */

/* What the primitives dance on: the nodes, the active list, Algorithm M's
 * bounds (NULL where there are none) and the problem, which only the
 * announcing reads (DANCE_DETAIL, DANCE_EVENTS: it may be NULL without
 * them). Made once when a loop or a commitment starts (dance_of()) and
 * passed by value: its fields stay in registers as separate arguments did. */
typedef struct dlx_dance {
    dlx_problem *p;
    dlx_nodes nd;
    dlx_link *cl;
    dlx_mult *mult;
    int32_t last_hdr; /* header indices are 1..last_hdr, nodes beyond */
} dlx_dance;

DLX_INLINE dlx_dance dance_of(dlx_problem *p)
{
    return (dlx_dance){.p = p, .nd = p->nd, .cl = p->cl, .mult = p->mult,
                       .last_hdr = p->n_items};
}

/* How a primitive dances: a compile-time constant, the bits below or'ed
 * together, so that every loop compiles a copy of its own with what it does
 * not use folded away.
 *
 * The walk round an option. WALK_NEXT follows nx[]: no spacer test, but
 * each step waits for a load. WALK_SPACER steps to the next slot and jumps
 * back at the spacer, as Knuth's programs do: one test per option, and the
 * steps do not wait on each other. The order of the nodes is the same
 * either way. Long options go faster by spacer (25 nodes an option: 0.61x
 * the time by nx[]), options of 3 nodes by nx[] (0.80x);
 * docs/measurements.md, "Walking round an option".
 *
 * WALK_MARK, or'ed into either walk, is not a way of walking but a note
 * taken on the way, for Algorithm M's index of the choice (search_m.c):
 * every item whose LEN, bound or activity a primitive changes has its flag
 * set in nd.touched (one per act[] word, so 64 items share it). A plain
 * store, of a type that is not a character type (which could alias every
 * field the loop keeps in registers): a bit set in a shared word, read,
 * or'ed and written back, chains every update to the one before (0.52x the
 * time with the store: docs/measurements.md, "The index's flags"). The
 * other loops pass walks without it, and compile to what they were.
 *
 * DANCE_COLORS: Algorithm C's nodes of purified items (color < 0) stay in
 * their lists. DANCE_DETAIL: each link changed is announced to the event
 * hook (DLX_DETAIL_LINKS); DANCE_EVENTS: each cover and purify of a
 * commitment is. Only the search's general loops pass them, and then
 * `p->on_event` is looked at before each announcement because a hook may
 * switch itself off. */
enum {
    WALK_NEXT = 0,
    WALK_SPACER = 1,
    WALK_MARK = 2,
    DANCE_COLORS = 4,
    DANCE_DETAIL = 8,
    DANCE_EVENTS = 16,
};

DLX_INLINE void touch(dlx_nodes nd, int32_t x, const int how)
{
    if (how & WALK_MARK)
        nd.touched[x >> 6] = 1;
}

/* The node after q in its option, cyclically. */
DLX_INLINE int32_t next_in_option(dlx_nodes nd, int32_t q, const int how)
{
    if (!(how & WALK_SPACER))
        return nd.nx[q];
    q++;
    return nd.im[q].itm > 0 ? q : nd.ud[q].up;
}

/* Whether node q takes part in the dance: with colours, purified nodes stay
 * where they are. */
DLX_INLINE int dances(dlx_nodes nd, int32_t q, const int how)
{
    return !(how & DANCE_COLORS) || nd.im[q].color >= 0;
}

/* WALK_SPACER's whole-option forms: take the nodes of r's option out of
 * their items' lists (and put them back), from the option's first node
 * (nd.of) to the spacer, so that the loop has one exit instead of the two
 * of a walk round from r (the test at the spacer and the return to r),
 * each a branch mispredicted about once an option. With `skip_r` r itself
 * stays (hide()'s case); without, it goes too (tweak()'s). */
DLX_INLINE void hide_option_all(dlx_nodes nd, int32_t r, const int skip_r, const int how,
                                uint64_t *updates)
{
    for (int32_t q = nd.of[r];; q++) {
        int32_t x = nd.im[q].itm;
        if (x <= 0)
            break;
        if ((!skip_r || q != r) && dances(nd, q, how)) {
            int32_t u = nd.ud[q].up, d = nd.ud[q].down;
            touch(nd, x, how);
            nd.ud[u].down = d;
            nd.ud[d].up = u;
            LEN(x)--;
            (*updates)++;
        }
    }
}

/* Undoes hide_option_all(r, 1). */
DLX_INLINE void unhide_option_but(dlx_nodes nd, int32_t r, const int how)
{
    for (int32_t q = nd.of[r];; q++) {
        int32_t x = nd.im[q].itm;
        if (x <= 0)
            break;
        if (q != r && dances(nd, q, how)) {
            int32_t u = nd.ud[q].up, d = nd.ud[q].down;
            touch(nd, x, how);
            nd.ud[u].down = q;
            nd.ud[d].up = q;
            LEN(x)++;
        }
    }
}

/* Removes every node of r's option except r itself from its item's list,
 * walking round the option. With colours, nodes of purified items stay, as
 * in Knuth's Algorithm C: their item is settled and its list is no longer
 * consulted. By spacer (without the link detail) the option is walked from
 * its first node, r skipped: the nodes are taken in another order than
 * round from r, which changes nothing but the order of events, and the
 * fast loops announce none. r is skipped rather than put back after: the
 * put-back stores rewrite the list the cover walks next (partridge 6:
 * 0.87-0.92x the time skipping; docs/measurements.md, "Hiding a whole
 * option"). */
DLX_INLINE void hide(const dlx_dance d, int32_t r, int32_t level, const int how,
                     uint64_t *updates)
{
    const dlx_nodes nd = d.nd;
    if ((how & WALK_SPACER) && !(how & DANCE_DETAIL)) {
        hide_option_all(nd, r, 1, how, updates);
        return;
    }
    for (int32_t q = next_in_option(nd, r, how); q != r; q = next_in_option(nd, q, how)) {
        if (dances(nd, q, how)) {
            int32_t u = nd.ud[q].up, dn = nd.ud[q].down;
            if ((how & DANCE_DETAIL) && d.p->on_event)
                dlxi_emit_node(d.p, DLX_EV_HIDE, q, LEN(nd.im[q].itm) - 1, level);
            touch(nd, nd.im[q].itm, how);
            nd.ud[u].down = dn;
            nd.ud[dn].up = u;
            LEN(nd.im[q].itm)--;
            (*updates)++;
        }
    }
}

/* Undoes hide(r). The nodes of one option lie in distinct lists, so they
 * may be put back in any order; only the order of options within an item
 * matters, and uncover() takes care of that. By spacer, from the option's
 * first node, r skipped. */
DLX_INLINE void unhide(const dlx_dance d, int32_t r, int32_t level, const int how)
{
    const dlx_nodes nd = d.nd;
    if ((how & WALK_SPACER) && !(how & DANCE_DETAIL)) {
        unhide_option_but(nd, r, how);
        return;
    }
    for (int32_t q = next_in_option(nd, r, how); q != r; q = next_in_option(nd, q, how)) {
        if (dances(nd, q, how)) {
            int32_t u = nd.ud[q].up, dn = nd.ud[q].down;
            if ((how & DANCE_DETAIL) && d.p->on_event)
                dlxi_emit_node(d.p, DLX_EV_UNHIDE, q, LEN(nd.im[q].itm) + 1, level);
            touch(nd, nd.im[q].itm, how);
            nd.ud[u].down = q;
            nd.ud[dn].up = q;
            LEN(nd.im[q].itm)++;
        }
    }
}

/* Takes item c out of the active list and hides every option in its list.
 * A node index > last_hdr is an option's node and anything else is c
 * itself. */
DLX_INLINE void cover(const dlx_dance d, int32_t c, int32_t level, const int how,
                      uint64_t *updates)
{
    const dlx_nodes nd = d.nd;
    int32_t l = d.cl[c].prev, r = d.cl[c].next;
    d.cl[l].next = r;
    d.cl[r].prev = l;
    nd.act[c / 64] &= ~((uint64_t)1 << (c % 64));
    touch(nd, c, how);
    (*updates)++;
    for (int32_t q = nd.ud[c].down; q > d.last_hdr; q = nd.ud[q].down)
        hide(d, q, level, how, updates);
}

DLX_INLINE void uncover(const dlx_dance d, int32_t c, int32_t level, const int how)
{
    const dlx_nodes nd = d.nd;
    for (int32_t q = nd.ud[c].up; q > d.last_hdr; q = nd.ud[q].up)
        unhide(d, q, level, how);
    int32_t l = d.cl[c].prev, r = d.cl[c].next;
    d.cl[l].next = c;
    d.cl[r].prev = c;
    touch(nd, c, how);
    /* A secondary item links to itself (l == c) and never becomes active. */
    nd.act[c / 64] |= (uint64_t)(l != c) << (c % 64);
}

/* Settles secondary item itm(pp) at pp's colour: options that give it
 * another colour are hidden; those that agree are marked -1 so they neither
 * purify again nor leave the item's list. The header keeps the colour so
 * that dlx_option_items() can report it. */
DLX_INLINE void purify(const dlx_dance d, int32_t pp, int32_t level, const int how,
                       uint64_t *updates)
{
    const dlx_nodes nd = d.nd;
    int32_t c = nd.im[pp].itm, color = nd.im[pp].color;
    nd.im[c].color = color;
    for (int32_t q = nd.ud[c].down; q > d.last_hdr; q = nd.ud[q].down) {
        if (nd.im[q].color == color) {
            if ((how & DANCE_DETAIL) && d.p->on_event)
                dlxi_emit_node(d.p, DLX_EV_MARK, q, LEN(c), level);
            nd.im[q].color = -1;
        } else {
            hide(d, q, level, how | DANCE_COLORS, updates);
        }
    }
}

DLX_INLINE void unpurify(const dlx_dance d, int32_t pp, int32_t level, const int how)
{
    const dlx_nodes nd = d.nd;
    int32_t c = nd.im[pp].itm, color = nd.im[pp].color;
    for (int32_t q = nd.ud[c].up; q > d.last_hdr; q = nd.ud[q].up) {
        if (nd.im[q].color < 0) {
            if ((how & DANCE_DETAIL) && d.p->on_event)
                dlxi_emit_node(d.p, DLX_EV_UNMARK, q, LEN(c), level);
            nd.im[q].color = color;
        } else {
            unhide(d, q, level, how | DANCE_COLORS);
        }
    }
}

/* Takes node r out of its item's list (and not out of its option): the
 * inference's removal and Algorithm M's tweak of an item's own node. */
DLX_INLINE void unlink_node(dlx_nodes nd, int32_t r, uint64_t *updates)
{
    int32_t u = nd.ud[r].up, d = nd.ud[r].down;
    nd.ud[u].down = d;
    nd.ud[d].up = u;
    LEN(nd.im[r].itm)--;
    (*updates)++;
}

/* Puts back an unlinked node whose neighbours are as they were. */
DLX_INLINE void relink_node(dlx_nodes nd, int32_t r)
{
    int32_t u = nd.ud[r].up, d = nd.ud[r].down;
    nd.ud[u].down = r;
    nd.ud[d].up = r;
    LEN(nd.im[r].itm)++;
}

/* The COVER or UNCOVER of header x, with its neighbours in the active list
 * (the links the step rewires: RLINK[left] and LLINK[right]). */
DLX_INLINE void announce_cover(dlx_problem *p, const dlx_link *cl, enum dlx_event_kind kind,
                               int32_t x, int32_t level)
{
    dlxi_emit(p, (dlx_event){.kind = kind, .level = level, .item = x - 1, .option = -1,
                             .remaining = -1, .index = -1, .left = cl[x].prev,
                             .right = cl[x].next});
}

/* A PURIFY or UNPURIFY of node q's item at q's colour. */
DLX_INLINE void announce_purify(dlx_problem *p, dlx_nodes nd, enum dlx_event_kind kind,
                                int32_t q, int32_t level)
{
    dlxi_emit(p, (dlx_event){.kind = kind, .level = level, .item = nd.im[q].itm - 1,
                             .option = -1, .remaining = -1, .color = nd.im[q].color,
                             .index = -1, .node = q});
}

/* Covers or purifies every item of pp's option but pp's own, left to right
 * starting after pp and wrapping round; the caller has already covered pp's
 * item. With DANCE_EVENTS each step is announced to the hook first, from
 * this one walk, so the events cannot drift from what is done; DANCE_DETAIL
 * adds the links of each step (see hide()). The walk round the option is by
 * nx[] (only WALK_MARK matters here: search.c's indexed loops). Without
 * DANCE_COLORS every item of the option is covered. */
DLX_INLINE void commit_rest(const dlx_dance d, int32_t pp, int32_t level, const int how,
                            uint64_t *updates)
{
    const dlx_nodes nd = d.nd;
    for (int32_t q = pp + 1; q != pp;) {
        int32_t x = nd.im[q].itm;
        if (x <= 0) {
            q = nd.ud[q].up;
            continue;
        }
        if (!(how & DANCE_COLORS) || nd.im[q].color == 0) {
            if ((how & DANCE_EVENTS) && d.p->on_event)
                announce_cover(d.p, d.cl, DLX_EV_COVER, x, level);
            cover(d, x, level, how, updates);
        } else if (nd.im[q].color > 0) {
            if ((how & DANCE_EVENTS) && d.p->on_event)
                announce_purify(d.p, nd, DLX_EV_PURIFY, q, level);
            purify(d, q, level, how, updates);
        }
        q++;
    }
}

/* Exactly undoes commit_rest(pp), right to left, with the same announcing. */
DLX_INLINE void uncommit_rest(const dlx_dance d, int32_t pp, int32_t level, const int how)
{
    const dlx_nodes nd = d.nd;
    for (int32_t q = pp - 1; q != pp;) {
        int32_t x = nd.im[q].itm;
        if (x <= 0) {
            q = nd.ud[q].down;
            continue;
        }
        if (!(how & DANCE_COLORS) || nd.im[q].color == 0) {
            if ((how & DANCE_EVENTS) && d.p->on_event)
                announce_cover(d.p, d.cl, DLX_EV_UNCOVER, x, level);
            uncover(d, x, level, how);
        } else if (nd.im[q].color > 0) {
            if ((how & DANCE_EVENTS) && d.p->on_event)
                announce_purify(d.p, nd, DLX_EV_UNPURIFY, q, level);
            unpurify(d, q, level, how);
        }
        q--;
    }
}

#endif /* DLX_DANCE_H */
