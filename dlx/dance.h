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

/* Every primitive has a full form (hide_w, cover_w, ...) that takes the
 * walk and `detail`: with it each link it changes is announced to the
 * event hook (DLX_DETAIL_LINKS); and the short form (hide, cover, ...) that
 * the commitments, the prefix walk and the unwinding use: by nx[], no
 * detail. Both are compile-time constants: with 0 the announcing compiles
 * away. Only the search's detail loop passes 1, and then `p->on_event` is
 * looked at before each announcement because a hook may switch itself off. */

/* How a primitive walks round an option, a compile-time constant too (the
 * `_w` forms take it; the others walk by nx[]). WALK_NEXT follows nx[]: no
 * spacer test, but each step waits for a load. WALK_SPACER steps to the next
 * slot and jumps back at the spacer, as Knuth's programs do: one test per
 * option, and the steps do not wait on each other. The order of the nodes
 * is the same either way. Long options go faster by spacer (25 nodes an
 * option: 0.61x the time by nx[]), options of 3 nodes by nx[] (0.80x);
 * docs/measurements.md, "Walking round an option". */
enum { WALK_NEXT = 0, WALK_SPACER = 1, WALK_MARK = 2 };

/* WALK_MARK, or'ed into either walk, is not a way of walking but a note
 * taken on the way, for Algorithm M's index of the choice (search_m.c):
 * every item whose LEN, bound or activity a primitive changes has its flag
 * set in nd.touched (one per act[] word, so 64 items share it). A plain
 * store, of a type that is not a character type (which could alias every
 * field the loop keeps in registers): a bit set in a shared word, read,
 * or'ed and written back, chains every update to the one before (0.52x the
 * time with the store: docs/measurements.md, "The index's flags"). The
 * other loops pass walks without it, and compile to what they were. */
DLX_INLINE void touch(dlx_nodes nd, int32_t x, const int walk)
{
    if (walk & WALK_MARK)
        nd.touched[x >> 6] = 1;
}

/* The node after q in its option, cyclically. */
DLX_INLINE int32_t next_in_option(dlx_nodes nd, int32_t q, const int walk)
{
    if (!(walk & WALK_SPACER))
        return nd.nx[q];
    q++;
    return nd.im[q].itm > 0 ? q : nd.ud[q].up;
}

/* WALK_SPACER's whole-option forms: take the nodes of r's option out of
 * their items' lists (and put them back), from the option's first node
 * (nd.of) to the spacer, so that the loop has one exit instead of the two
 * of a walk round from r (the test at the spacer and the return to r),
 * each a branch mispredicted about once an option. With `skip_r` r itself
 * stays (hide_w()'s case); without, it goes too (tweak()'s). With colours,
 * purified nodes stay. */
DLX_INLINE void hide_option_all(dlx_nodes nd, int32_t r, const int skip_r, const int colors,
                                const int walk, uint64_t *updates)
{
    for (int32_t q = nd.of[r];; q++) {
        int32_t x = nd.im[q].itm;
        if (x <= 0)
            break;
        if ((!skip_r || q != r) && (!colors || nd.im[q].color >= 0)) {
            int32_t u = nd.ud[q].up, d = nd.ud[q].down;
            touch(nd, x, walk);
            nd.ud[u].down = d;
            nd.ud[d].up = u;
            LEN(x)--;
            (*updates)++;
        }
    }
}

/* Undoes hide_option_all(r, 1). */
DLX_INLINE void unhide_option_but(dlx_nodes nd, int32_t r, const int colors, const int walk)
{
    for (int32_t q = nd.of[r];; q++) {
        int32_t x = nd.im[q].itm;
        if (x <= 0)
            break;
        if (q != r && (!colors || nd.im[q].color >= 0)) {
            int32_t u = nd.ud[q].up, d = nd.ud[q].down;
            touch(nd, x, walk);
            nd.ud[u].down = q;
            nd.ud[d].up = q;
            LEN(x)++;
        }
    }
}

/* Removes every node of r's option except r itself from its item's list,
 * walking round the option. With colours, nodes of purified items (color <
 * 0) stay, as in Knuth's Algorithm C: their item is settled and its list is
 * no longer consulted. By spacer (without the link detail) the option is
 * walked from its first node, r skipped: the nodes are taken in another
 * order than round from r, which changes nothing but the order of events,
 * and the fast loops announce none. r is skipped rather than put back
 * after: the put-back stores rewrite the list the cover walks next
 * (partridge 6: 0.87-0.92x the time skipping; docs/measurements.md, "Hiding
 * a whole option"). */
DLX_INLINE void hide_w(dlx_problem *p, dlx_nodes nd, int32_t r, const int colors,
                       const int detail, const int walk, int32_t level, uint64_t *updates)
{
    if ((walk & WALK_SPACER) && !detail) {
        hide_option_all(nd, r, 1, colors, walk, updates);
        return;
    }
    for (int32_t q = next_in_option(nd, r, walk); q != r; q = next_in_option(nd, q, walk)) {
        if (!colors || nd.im[q].color >= 0) {
            int32_t u = nd.ud[q].up, d = nd.ud[q].down;
            if (detail && p->on_event)
                dlxi_emit_node(p, DLX_EV_HIDE, q, LEN(nd.im[q].itm) - 1, level);
            touch(nd, nd.im[q].itm, walk);
            nd.ud[u].down = d;
            nd.ud[d].up = u;
            LEN(nd.im[q].itm)--;
            (*updates)++;
        }
    }
}


DLX_INLINE void hide(dlx_nodes nd, int32_t r, const int colors, uint64_t *updates)
{
    hide_w(NULL, nd, r, colors, 0, WALK_NEXT, 0, updates);
}

/* Undoes hide(r). The nodes of one option lie in distinct lists, so they
 * may be put back in any order; only the order of options within an item
 * matters, and uncover() takes care of that. By spacer, from the option's
 * first node, r skipped. */
DLX_INLINE void unhide_w(dlx_problem *p, dlx_nodes nd, int32_t r, const int colors,
                         const int detail, const int walk, int32_t level)
{
    if ((walk & WALK_SPACER) && !detail) {
        unhide_option_but(nd, r, colors, walk);
        return;
    }
    for (int32_t q = next_in_option(nd, r, walk); q != r; q = next_in_option(nd, q, walk)) {
        if (!colors || nd.im[q].color >= 0) {
            int32_t u = nd.ud[q].up, d = nd.ud[q].down;
            if (detail && p->on_event)
                dlxi_emit_node(p, DLX_EV_UNHIDE, q, LEN(nd.im[q].itm) + 1, level);
            touch(nd, nd.im[q].itm, walk);
            nd.ud[u].down = q;
            nd.ud[d].up = q;
            LEN(nd.im[q].itm)++;
        }
    }
}


DLX_INLINE void unhide(dlx_nodes nd, int32_t r, const int colors)
{
    unhide_w(NULL, nd, r, colors, 0, WALK_NEXT, 0);
}

/* Takes item c out of the active list and hides every option in its list.
 * Header indices are 1..last_hdr, so a node index > last_hdr is an option's
 * node and anything else is c itself. */
DLX_INLINE void cover_w(dlx_problem *p, dlx_nodes nd, dlx_link *cl, int32_t c, int32_t last_hdr,
                        const int colors, const int detail, const int walk, int32_t level,
                        uint64_t *updates)
{
    int32_t l = cl[c].prev, r = cl[c].next;
    cl[l].next = r;
    cl[r].prev = l;
    nd.act[c / 64] &= ~((uint64_t)1 << (c % 64));
    touch(nd, c, walk);
    (*updates)++;
    for (int32_t q = nd.ud[c].down; q > last_hdr; q = nd.ud[q].down)
        hide_w(p, nd, q, colors, detail, walk, level, updates);
}


DLX_INLINE void cover(dlx_nodes nd, dlx_link *cl, int32_t c, int32_t last_hdr, const int colors,
                      uint64_t *updates)
{
    cover_w(NULL, nd, cl, c, last_hdr, colors, 0, WALK_NEXT, 0, updates);
}

DLX_INLINE void uncover_w(dlx_problem *p, dlx_nodes nd, dlx_link *cl, int32_t c, int32_t last_hdr,
                          const int colors, const int detail, const int walk, int32_t level)
{
    for (int32_t q = nd.ud[c].up; q > last_hdr; q = nd.ud[q].up)
        unhide_w(p, nd, q, colors, detail, walk, level);
    int32_t l = cl[c].prev, r = cl[c].next;
    cl[l].next = c;
    cl[r].prev = c;
    touch(nd, c, walk);
    /* A secondary item links to itself (l == c) and never becomes active. */
    nd.act[c / 64] |= (uint64_t)(l != c) << (c % 64);
}


DLX_INLINE void uncover(dlx_nodes nd, dlx_link *cl, int32_t c, int32_t last_hdr, const int colors)
{
    uncover_w(NULL, nd, cl, c, last_hdr, colors, 0, WALK_NEXT, 0);
}

/* Settles secondary item itm(pp) at pp's colour: options that give it
 * another colour are hidden; those that agree are marked -1 so they neither
 * purify again nor leave the item's list. The header keeps the colour so
 * that dlx_option_items() can report it. */
DLX_INLINE void purify_w(dlx_problem *p, dlx_nodes nd, int32_t pp, int32_t last_hdr,
                         const int detail, const int walk, int32_t level, uint64_t *updates)
{
    int32_t c = nd.im[pp].itm, color = nd.im[pp].color;
    nd.im[c].color = color;
    for (int32_t q = nd.ud[c].down; q > last_hdr; q = nd.ud[q].down) {
        if (nd.im[q].color == color) {
            if (detail && p->on_event)
                dlxi_emit_node(p, DLX_EV_MARK, q, LEN(c), level);
            nd.im[q].color = -1;
        } else {
            hide_w(p, nd, q, 1, detail, walk, level, updates);
        }
    }
}



DLX_INLINE void unpurify_w(dlx_problem *p, dlx_nodes nd, int32_t pp, int32_t last_hdr,
                           const int detail, const int walk, int32_t level)
{
    int32_t c = nd.im[pp].itm, color = nd.im[pp].color;
    for (int32_t q = nd.ud[c].up; q > last_hdr; q = nd.ud[q].up) {
        if (nd.im[q].color < 0) {
            if (detail && p->on_event)
                dlxi_emit_node(p, DLX_EV_UNMARK, q, LEN(c), level);
            nd.im[q].color = color;
        } else {
            unhide_w(p, nd, q, 1, detail, walk, level);
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

/* Covers or purifies every item of pp's option but pp's own, left to right
 * starting after pp and wrapping round; the caller has already covered pp's
 * item. With `events` (a compile-time constant) each step is announced to
 * the hook first, from this one walk, so the events cannot drift from what
 * is done; `detail` adds the links of each step (see hide_w). The walk
 * round the option is by nx[] (only WALK_MARK matters here: search.c's
 * indexed loops). */
DLX_INLINE void commit_rest_w(dlx_problem *p, dlx_nodes nd, dlx_link *cl, int32_t pp,
                              int32_t last_hdr, const int colors, const int events,
                              const int detail, const int walk, int32_t level,
                              uint64_t *updates)
{
    for (int32_t q = pp + 1; q != pp;) {
        int32_t x = nd.im[q].itm;
        if (x <= 0) {
            q = nd.ud[q].up;
            continue;
        }
        if (!colors || nd.im[q].color == 0) {
            if (events && p->on_event)
                announce_cover(p, cl, DLX_EV_COVER, x, level);
            cover_w(p, nd, cl, x, last_hdr, colors, detail, walk, level, updates);
        } else if (nd.im[q].color > 0) {
            if (events && p->on_event)
                dlxi_emit(p, (dlx_event){.kind = DLX_EV_PURIFY, .level = level, .item = x - 1,
                                         .option = -1, .remaining = -1,
                                         .color = nd.im[q].color, .index = -1, .node = q});
            purify_w(p, nd, q, last_hdr, detail, walk, level, updates);
        }
        q++;
    }
}


DLX_INLINE void commit_rest(dlx_problem *p, dlx_nodes nd, dlx_link *cl, int32_t pp,
                            int32_t last_hdr, const int colors, const int events, int32_t level,
                            uint64_t *updates)
{
    commit_rest_w(p, nd, cl, pp, last_hdr, colors, events, 0, WALK_NEXT, level, updates);
}

/* Exactly undoes commit_rest(pp), right to left, with the same announcing. */
DLX_INLINE void uncommit_rest_w(dlx_problem *p, dlx_nodes nd, dlx_link *cl, int32_t pp,
                                int32_t last_hdr, const int colors, const int events,
                                const int detail, const int walk, int32_t level)
{
    for (int32_t q = pp - 1; q != pp;) {
        int32_t x = nd.im[q].itm;
        if (x <= 0) {
            q = nd.ud[q].down;
            continue;
        }
        if (!colors || nd.im[q].color == 0) {
            if (events && p->on_event)
                announce_cover(p, cl, DLX_EV_UNCOVER, x, level);
            uncover_w(p, nd, cl, x, last_hdr, colors, detail, walk, level);
        } else if (nd.im[q].color > 0) {
            if (events && p->on_event)
                dlxi_emit(p, (dlx_event){.kind = DLX_EV_UNPURIFY, .level = level,
                                         .item = x - 1, .option = -1, .remaining = -1,
                                         .color = nd.im[q].color, .index = -1, .node = q});
            unpurify_w(p, nd, q, last_hdr, detail, walk, level);
        }
        q--;
    }
}


DLX_INLINE void uncommit_rest(dlx_problem *p, dlx_nodes nd, dlx_link *cl, int32_t pp,
                              int32_t last_hdr, const int colors, const int events,
                              int32_t level)
{
    uncommit_rest_w(p, nd, cl, pp, last_hdr, colors, events, 0, WALK_NEXT, level);
}

#endif /* DLX_DANCE_H */
