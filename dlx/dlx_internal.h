/* SPDX-License-Identifier: MIT */
/* dlx_internal.h - what the modules of libdlx share and nobody else sees:
 * the problem structure, its node layout, and the inline primitives of the
 * dance (hide, cover, purify and their undoing). Like Lua's lstate.h: the
 * public header dlx.h stays small, and this one is included by the library's own files only.
 *
 * The layout follows Knuth's DLX1/DLX2 programs:
 *   - every node has four int32_t fields (up, down, itm, color), kept in two
 *     parallel arrays nd.ud (up, down) and nd.im (itm, color). Slots 1..N
 *     are the item headers, whose `itm` field holds the item's LEN (the
 *     number of options still in its list). Slot N+1 is the first spacer;
 *     after it each option's nodes sit in consecutive slots followed by a
 *     spacer. A spacer's `itm` is <= 0 (-(k+1) after option k), its `up` is
 *     the first node of the option before it and its `down` the last node of
 *     the option after it, so options need no left/right links. nd.nx gives
 *     the next node of the same option, for the hot loops.
 *   - cl[] holds the doubly linked list of active primary items, with the
 *     root at slot 0; nd.act holds the same set as bits. A secondary item
 *     links to itself and is never active.
 * Internally item id i lives at header index i + 1.
 *
 * The modules: memory.c (the allocator and growing arrays), problem.c
 * (creating, copying, settings, questions), build.c (items and options),
 * commit.c (commitments and the snapshot), search.c (the search loop on
 * the links), search_bits.c (the same search on bit sets), prefix.c (splitting a search), check.c (the invariant walk), text.c (the
 * text format, on the public API only).
 */
#ifndef DLX_INTERNAL_H
#define DLX_INTERNAL_H

#include "dlx.h"

#include <stdint.h>

#if defined(__GNUC__)
#define DLX_INLINE static inline __attribute__((always_inline))
#define DLX_NOINLINE static __attribute__((noinline))
#else
#define DLX_INLINE static inline
#define DLX_NOINLINE static
#endif

/* A node is split over two parallel arrays of 8-byte records, so that the
 * links the dance rewrites at random places take half the cache a 16-byte
 * node would, and every index scales by 8 (one addressing mode, no shift). */
typedef struct dlx_ud {
    int32_t up, down;
} dlx_ud;

typedef struct dlx_im {
    int32_t itm;   /* item header index; LEN in a header; <= 0 in a spacer */
    int32_t color; /* 0 none, > 0 a colour, -1 while its item is purified */
} dlx_im;

typedef struct dlx_nodes {
    dlx_ud *ud;
    dlx_im *im;
    int32_t *nx; /* next node of the same option, cyclically (0 elsewhere) */
    uint64_t *act; /* bit x set: primary item x is active (on the cl list) */
} dlx_nodes;

typedef struct dlx_link {
    int32_t prev, next;
} dlx_link;

struct dlx_commit {
    int32_t option;
    int32_t anchor;    /* the node covered first, as if the search chose it */
    int32_t undo_mark; /* length of undo[] before this commitment */
};

#define LEN(x) nd.im[x].itm

enum search_state {
    S_IDLE,     /* no search under way; structure as left by the commitments */
    S_PAUSED,   /* about to enter `level` (choices 0..level-1 in force) */
    S_SOLUTION, /* stopped at the solution made of choices 0..level-1 */
    S_DONE      /* search space exhausted; structure back to S_IDLE's */
};

struct dlx_problem {
    dlx_alloc_fn alloc;
    void *ud;

    int32_t n_items, n_primary, n_options;
    int32_t n_nodes; /* slots of nd[] in use (slot 0 included) */
    int32_t act_words; /* size of nd.act[] */
    int32_t items_cap, nodes_cap, options_cap;
    dlx_nodes nd;
    dlx_link *cl;         /* [0..items_cap]: root and headers */
    uint8_t *secondary;   /* [header index] 1 for a secondary item */
    int32_t *name_at;     /* [header index] offset in names[], or -1 */
    int32_t *mark;        /* [header index] scratch: duplicate check */
    int32_t mark_stamp;   /* the value marking this dlx_add_option() call */
    int32_t *opt_first;   /* [option] its first node */
    char *names;
    size_t names_len, names_cap;
    int has_colors;

    /* Commitments, in order, and what each changed in commit_state[]. */
    struct dlx_commit *commits;
    int32_t n_commits, commits_cap;
    int32_t *commit_state; /* [header] 0 free, -1 taken, > 0 held at colour */
    int32_t *undo;         /* headers whose commit_state a commit set */
    int32_t undo_len, undo_cap;

    /* A copy of the links as they were with nothing committed, taken at the
     * first commitment, so that dlx_uncommit_all() of many commitments (a
     * sudoku's givens) is a copy rather than a long dance backwards. Only
     * the links and lengths change under cover/uncover; colours change too
     * under purify, so with colours the whole im[] is kept. */
    dlx_ud *snap_ud;
    dlx_im *snap_im;
    dlx_link *snap_cl;
    uint64_t *snap_act;
    int32_t snap_nodes, snap_im_count, snap_items; /* sizes; snap_ud == NULL: none */

    /* The search. */
    enum search_state state;
    int32_t level;
    int32_t *choice;   /* [level] node being tried */
    int32_t *sol;      /* solution handed to the callback */
    int32_t search_cap;/* size of choice[] and of sol[]: one block of twice that */
    uint64_t found;    /* solutions since the last reset, for the limit */
    uint64_t limit;
    int stop_requested; /* a callback asked to stop; the loop obeys at its next node */
    int in_callback;    /* > 0 while one of the user's callbacks runs */

    dlx_solution_fn on_solution;
    void *solution_ctx;
    dlx_event_fn on_event;
    void *event_ctx;
    enum dlx_choose choose;
    enum dlx_strategy strategy; /* the caller's setting */
    int bits_search;    /* the search under way (or done) runs on bits, not links */
    struct dlx_bits *bits; /* the bit-set search's tables, built at its first use */
    int bits_too_big;   /* their counts would not fit: the links it is */
    int randomized;
    uint64_t rng;

    dlx_stats stats;
};

/* --- memory.c ------------------------------------------------------------ */

void *dlxi_default_alloc(void *ud, void *ptr, size_t old_size, size_t new_size);
/* Gives back a block of `size` bytes obtained from p's allocator; NULL is
 * allowed. */
void dlxi_free(const dlx_problem *p, void *ptr, size_t size);
/* A new block of `size` bytes from p's allocator, or NULL. */
void *dlxi_alloc(const dlx_problem *p, size_t size);
/* Makes *arr hold at least `need` elements of `size` bytes, doubling. The
 * caller keeps ownership; on failure *arr and *cap are unchanged. */
int dlxi_grow(dlx_problem *p, void **arr, int32_t *cap, size_t size, int64_t need);
/* Grows every per-item array (they share items_cap) to at least `need`
 * entries; the per-node arrays likewise. All or nothing. */
int dlxi_grow_items(dlx_problem *p, int32_t need);
int dlxi_grow_nodes(dlx_problem *p, int64_t need);

/* --- commit.c ------------------------------------------------------------ */

/* The snapshot of the uncommitted links: taken at the first commitment,
 * dropped whenever the structure changes shape. */
void dlxi_take_snapshot(dlx_problem *p);
void dlxi_drop_snapshot(dlx_problem *p);

/* --- search.c ------------------------------------------------------------ */

/* Sizes choice[] and sol[] for the deepest possible search. */
int dlxi_prepare_search(dlx_problem *p);
/* The item the branching rule picks among the active ones (a header index;
 * 0 when none is active). Shared by the search and the prefix walk. */
int32_t dlxi_choose_item(dlx_problem *p);
/* Calls the event hook with ev; a non-zero answer becomes a stop request. */
void dlxi_emit(dlx_problem *p, dlx_event ev);

/* Counts a solution made of the choices 0..levels-1 (and the commitments),
 * tells the hook and the callback; 1 when the search must stop there. Both
 * searches call it, choice[] holding a node of each chosen option. */
int dlxi_visit_solution(dlx_problem *p, int32_t levels);

/* --- search_bits.c ------------------------------------------------------- */

/* Builds the bit-set search's tables (kept until dlxi_drop_bits()): DLX_OK,
 * DLX_ENOMEM or DLX_ETOOBIG. */
int dlxi_build_bits(dlx_problem *p);
void dlxi_drop_bits(dlx_problem *p);
/* Whether the problem's shape suits the bit-set search (DLX_STRATEGY_AUTO):
 * its frame (a bit per option, a count per primary item) is at most this
 * many bytes. */
#define DLX_BITS_MAX_FRAME 4096
int dlxi_bits_suits(const dlx_problem *p);
/* Runs or resumes the bit-set search; as the links' loop, it returns
 * DLX_OK, DLX_STOPPED or DLX_PAUSED. */
int dlxi_run_bits(dlx_problem *p, uint64_t budget);
/* The live state during a bit-set search, for query.c and the estimate. */
int32_t dlxi_bits_remaining(const dlx_problem *p, int32_t x);
int dlxi_bits_active(const dlx_problem *p, int32_t x);
int32_t dlxi_bits_options(const dlx_problem *p, int32_t x, int32_t *opts, int32_t cap);
int32_t dlxi_bits_active_items(const dlx_problem *p, int32_t *items, int32_t cap);
double dlxi_bits_estimate(const dlx_problem *p);
/* The invariant walk of the frame in force: DLX_OK or DLX_EINVAL. */
int dlxi_bits_check(const dlx_problem *p);

/* --- problem.c ----------------------------------------------------------- */

/* splitmix64 and an unbiased integer in [0, n), n > 0; all the state is the
 * caller's. */
uint64_t dlxi_next_random(uint64_t *state);
uint32_t dlxi_random_below(uint64_t *state, uint32_t n);

/* --- small shared questions ------------------------------------------------ */

static inline int dlxi_in_search(const dlx_problem *p)
{
    return p->state == S_PAUSED || p->state == S_SOLUTION;
}

/* Calls from inside a solution callback, an event hook or a prefix callback
 * that would change the problem under the running search are refused. */
static inline int dlxi_busy(const dlx_problem *p)
{
    return p->in_callback > 0;
}

/* Back to "no search under way"; the caller has put the links right. */
static inline void dlxi_forget_search(dlx_problem *p)
{
    p->state = S_IDLE;
    p->level = 0;
    p->found = 0;
    p->stop_requested = 0;
    p->bits_search = 0;
}

/* A search under way on bits: the links stay as the commitments left them. */
static inline int dlxi_bits_in_search(const dlx_problem *p)
{
    return p->bits_search && dlxi_in_search(p);
}

/* The option a node belongs to: the spacer after it says. */
static inline int32_t dlxi_option_of(dlx_nodes nd, int32_t q)
{
    while (nd.im[q].itm > 0)
        q++;
    return -nd.im[q].itm - 1;
}

/* Index of the lowest set bit of a non-zero word. */
static inline int32_t dlxi_lowest_bit(uint64_t bits)
{
#if defined(__GNUC__)
    return __builtin_ctzll(bits);
#else
    int32_t k = 0;
    while (!(bits & 1)) {
        bits >>= 1;
        k++;
    }
    return k;
#endif
}

/* --- The dance ------------------------------------------------------------ */

/* Removes every node of r's option except r itself from its item's list,
 * following nx[] round the option (no spacer test in the hot loop). With
 * colours, nodes of purified items (color < 0) stay, as in Knuth's
 * Algorithm C: their item is settled and its list is no longer consulted. */
DLX_INLINE void hide(dlx_nodes nd, int32_t r, const int colors, uint64_t *updates)
{
    for (int32_t q = nd.nx[r]; q != r; q = nd.nx[q]) {
        if (!colors || nd.im[q].color >= 0) {
            int32_t u = nd.ud[q].up, d = nd.ud[q].down;
            nd.ud[u].down = d;
            nd.ud[d].up = u;
            LEN(nd.im[q].itm)--;
            (*updates)++;
        }
    }
}

/* Undoes hide(r). The nodes of one option lie in distinct lists, so they
 * may be put back in any order; only the order of options within an item
 * matters, and uncover() takes care of that. */
DLX_INLINE void unhide(dlx_nodes nd, int32_t r, const int colors)
{
    for (int32_t q = nd.nx[r]; q != r; q = nd.nx[q]) {
        if (!colors || nd.im[q].color >= 0) {
            int32_t u = nd.ud[q].up, d = nd.ud[q].down;
            nd.ud[u].down = q;
            nd.ud[d].up = q;
            LEN(nd.im[q].itm)++;
        }
    }
}

/* Takes item c out of the active list and hides every option in its list.
 * Header indices are 1..last_hdr, so a node index > last_hdr is an option's
 * node and anything else is c itself. */
DLX_INLINE void cover(dlx_nodes nd, dlx_link *cl, int32_t c, int32_t last_hdr, const int colors,
                      uint64_t *updates)
{
    int32_t l = cl[c].prev, r = cl[c].next;
    cl[l].next = r;
    cl[r].prev = l;
    nd.act[c / 64] &= ~((uint64_t)1 << (c % 64));
    (*updates)++;
    for (int32_t q = nd.ud[c].down; q > last_hdr; q = nd.ud[q].down)
        hide(nd, q, colors, updates);
}

DLX_INLINE void uncover(dlx_nodes nd, dlx_link *cl, int32_t c, int32_t last_hdr, const int colors)
{
    for (int32_t q = nd.ud[c].up; q > last_hdr; q = nd.ud[q].up)
        unhide(nd, q, colors);
    int32_t l = cl[c].prev, r = cl[c].next;
    cl[l].next = c;
    cl[r].prev = c;
    /* A secondary item links to itself (l == c) and never becomes active. */
    nd.act[c / 64] |= (uint64_t)(l != c) << (c % 64);
}

/* Settles secondary item itm(pp) at pp's colour: options that give it
 * another colour are hidden; those that agree are marked -1 so they neither
 * purify again nor leave the item's list. The header keeps the colour so
 * that dlx_option_items() can report it. */
DLX_INLINE void purify(dlx_nodes nd, int32_t pp, int32_t last_hdr, uint64_t *updates)
{
    int32_t c = nd.im[pp].itm, color = nd.im[pp].color;
    nd.im[c].color = color;
    for (int32_t q = nd.ud[c].down; q > last_hdr; q = nd.ud[q].down) {
        if (nd.im[q].color == color)
            nd.im[q].color = -1;
        else
            hide(nd, q, 1, updates);
    }
}

DLX_INLINE void unpurify(dlx_nodes nd, int32_t pp, int32_t last_hdr)
{
    int32_t c = nd.im[pp].itm, color = nd.im[pp].color;
    for (int32_t q = nd.ud[c].up; q > last_hdr; q = nd.ud[q].up) {
        if (nd.im[q].color < 0)
            nd.im[q].color = color;
        else
            unhide(nd, q, 1);
    }
}

/* Covers or purifies every item of pp's option but pp's own, left to right
 * starting after pp and wrapping round; the caller has already covered pp's
 * item. With `events` (a compile-time constant) each step is announced to
 * the hook first, from this one walk, so the events cannot drift from what
 * is done. */
DLX_INLINE void commit_rest(dlx_problem *p, dlx_nodes nd, dlx_link *cl, int32_t pp,
                            int32_t last_hdr, const int colors, const int events, int32_t level,
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
                dlxi_emit(p, (dlx_event){.kind = DLX_EV_COVER, .level = level, .item = x - 1,
                                         .option = -1, .remaining = -1, .index = -1});
            cover(nd, cl, x, last_hdr, colors, updates);
        } else if (nd.im[q].color > 0) {
            if (events && p->on_event)
                dlxi_emit(p, (dlx_event){.kind = DLX_EV_PURIFY, .level = level, .item = x - 1,
                                         .option = -1, .remaining = -1,
                                         .color = nd.im[q].color, .index = -1});
            purify(nd, q, last_hdr, updates);
        }
        q++;
    }
}

/* Exactly undoes commit_rest(pp), right to left, with the same announcing. */
DLX_INLINE void uncommit_rest(dlx_problem *p, dlx_nodes nd, dlx_link *cl, int32_t pp,
                              int32_t last_hdr, const int colors, const int events,
                              int32_t level)
{
    for (int32_t q = pp - 1; q != pp;) {
        int32_t x = nd.im[q].itm;
        if (x <= 0) {
            q = nd.ud[q].down;
            continue;
        }
        if (!colors || nd.im[q].color == 0) {
            if (events && p->on_event)
                dlxi_emit(p, (dlx_event){.kind = DLX_EV_UNCOVER, .level = level,
                                         .item = x - 1, .option = -1, .remaining = -1,
                                         .index = -1});
            uncover(nd, cl, x, last_hdr, colors);
        } else if (nd.im[q].color > 0) {
            if (events && p->on_event)
                dlxi_emit(p, (dlx_event){.kind = DLX_EV_UNPURIFY, .level = level,
                                         .item = x - 1, .option = -1, .remaining = -1,
                                         .color = nd.im[q].color, .index = -1});
            unpurify(nd, q, last_hdr);
        }
        q--;
    }
}

#endif /* DLX_INTERNAL_H */
