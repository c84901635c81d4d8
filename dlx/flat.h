/* SPDX-License-Identifier: MIT */
/* flat.h - the tables the cost engine (search_cost.c) and the memo engine
 * (memo.c) share, private to libdlx: the problem's options and item lists
 * copied into flat arrays, and a state of the remaining items kept in
 * sparse sets instead of links. Choosing an option takes every option it
 * rules out from the sets of their items (the `blocked` count says why an
 * option is out; it leaves the sets at its first reason and comes back at
 * its last), and `avail` says how many options each item still has (Knuth's
 * LEN); undoing the choice, in LIFO order, puts them back.
 *
 * Items are numbered by item id (0..n_items-1), options by option id. A
 * flat table is built from a problem that is idle, and owns its memory (from
 * the problem's allocator); it never changes the problem.
 */
#ifndef DLX_FLAT_H
#define DLX_FLAT_H

#include "dlx_internal.h"

typedef struct dlxi_flat {
    const dlx_problem *p;      /* whose allocator the blocks come from */
    int32_t n_items, n_primary, n_options;
    int has_colors, has_bounds;
    uint8_t *secondary;        /* [item] */
    int32_t *lo, *hi;          /* [item] bounds of a primary item (1, 1 without bounds) */
    int32_t *opt_start;        /* [option + 1]: its items are opt_item[opt_start[o]..] */
    int32_t *opt_item, *opt_color;
    int32_t *opt_primary;      /* [option] how many primary items it has */
    int32_t *list_start;       /* [item + 1]: the options holding it, list_opt[list_start[x]..] */
    int32_t *list_opt, *list_color;
    /* The state. */
    int32_t *cnt;              /* [item] primary: options in force that cover it */
    int32_t *col;              /* [item] secondary: 0 free, -1 taken, > 0 held at that colour */
    int32_t *held;             /* [item] secondary at a colour: options in force holding it */
    int32_t *blocked;          /* [option] reasons it cannot be chosen now; 0: open */
    int32_t *avail;            /* [item] open options holding it (the live part of its set) */
    /* The live lists, as sparse sets (Knuth's SSXC "dancing cells"): set[]
     * holds node indices (into opt_item), item x's from list_start[x], its
     * first avail[x] the open options; pos[node] is where the node sits. An
     * option that becomes blocked is swapped out of each of its items' sets,
     * and comes back by the sizes alone, since blocks are undone LIFO. */
    int32_t *set, *pos, *node_opt;
    int32_t *trail;            /* options each block_item() took out, LIFO */
    int32_t trail_len, trail_cap;
    int32_t short_items;       /* primary items below their lower bound */
    int32_t open_items;        /* primary items that may take more (cnt < hi) */
    uint64_t updates;          /* counter changes, like dlx_stats.updates */
    size_t bytes;              /* what the blocks above hold */
} dlxi_flat;

/* Builds f from idle p (commitments not applied: see dlxi_flat_commit()).
 * DLX_OK or DLX_ENOMEM (f then holds nothing). */
int dlxi_flat_init(dlxi_flat *f, const dlx_problem *p);
/* Gives back every block. */
void dlxi_flat_free(dlxi_flat *f);
/* Applies p's commitments (included options chosen, excluded ones blocked);
 * writes the included options into out[] (room for n_commits) and returns how
 * many, or DLX_ECONFLICT when they cannot all hold in the flat state. */
int32_t dlxi_flat_commit(dlxi_flat *f, const dlx_problem *p, int32_t *out);

/* Puts option o in force (it must be open), and takes it out again; undo
 * calls must mirror the choose calls in reverse order. */
void dlxi_flat_choose(dlxi_flat *f, int32_t o);
void dlxi_flat_unchoose(dlxi_flat *f, int32_t o);
/* Rules option o out (a sibling tried before it), and back in. */
void dlxi_flat_block(dlxi_flat *f, int32_t o);
void dlxi_flat_unblock(dlxi_flat *f, int32_t o);
/* Rules out every open option of item x (a null move), and back in. */
void dlxi_flat_block_item(dlxi_flat *f, int32_t x);
void dlxi_flat_unblock_item(dlxi_flat *f, int32_t x);

/* The live state of a goal engine's search (p->run.goal_run begins with its
 * dlxi_flat), as the engine table's remaining, active, options and
 * active_items answer it: x is a header index (item + 1). */
int32_t dlxi_flat_remaining(const dlx_problem *p, int32_t x);
int dlxi_flat_active(const dlx_problem *p, int32_t x);
int32_t dlxi_flat_options(const dlx_problem *p, int32_t x, int32_t *opts, int32_t cap);
int32_t dlxi_flat_active_items(const dlx_problem *p, int32_t *items, int32_t cap);
/* The table's invariants (dlx_check() during the search): DLX_OK, or
 * DLX_EINVAL with *what naming the one broken. */
int dlxi_flat_check(const dlx_problem *p, const char **what);
#endif /* DLX_FLAT_H */
