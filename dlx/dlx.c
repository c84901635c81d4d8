/* SPDX-License-Identifier: MIT */
/* dlx.c - the exact-cover engine: Knuth's Algorithm X with dancing links,
 * with colours on secondary items (his Algorithm C).
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
 * The search is iterative, with choice[level] the node being tried at each
 * level, so it can stop after any solution or node budget and resume later.
 * Three copies of the search loop are compiled from one inline function:
 * without colours, with colours, and a general one that also serves the
 * event hook, randomisation, the "first item" rule and prefix enumeration,
 * so that none of those costs anything when unused.
 *
 * Commitments cover items exactly as the search does; a copy of the links
 * taken at the first one lets dlx_uncommit_all() restore them in one go.
 */
#include "dlx.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

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
    S_IDLE,    /* no search under way; structure as left by the commitments */
    S_FORWARD, /* paused before entering `level` (choices 0..level-1 made) */
    S_RECOVER, /* stopped at a solution: choices 0..level made */
    S_DONE     /* search space exhausted; structure back to S_IDLE's */
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
    int stop_requested;

    dlx_solution_fn on_solution;
    void *solution_ctx;
    dlx_event_fn on_event;
    void *event_ctx;
    enum dlx_choose choose;
    int randomized;
    uint64_t rng;

    /* Prefix enumeration (general loop only). */
    int32_t prefix_depth; /* < 0 when not enumerating */
    dlx_prefix_fn on_prefix;
    void *prefix_ctx;

    dlx_stats stats;
};

/* --- Memory ------------------------------------------------------------- */

static void *default_alloc(void *ud, void *ptr, size_t old_size, size_t new_size)
{
    (void)ud;
    (void)old_size;
    if (new_size == 0) {
        free(ptr);
        return NULL;
    }
    return realloc(ptr, new_size);
}

static void mem_free(const dlx_problem *p, void *ptr, size_t size)
{
    if (ptr)
        p->alloc(p->ud, ptr, size, 0);
}

/* Makes *arr hold at least `need` elements of `size` bytes, doubling. The
 * caller keeps ownership; on failure *arr and *cap are unchanged. */
static int grow(dlx_problem *p, void **arr, int32_t *cap, size_t size, int64_t need)
{
    if (need <= *cap)
        return DLX_OK;
    if (need > INT32_MAX)
        return DLX_ETOOBIG;
    int64_t n = *cap < 16 ? 16 : (int64_t)*cap * 2;
    while (n < need)
        n *= 2;
    if (n > INT32_MAX)
        n = INT32_MAX;
    if ((uint64_t)n > SIZE_MAX / size)
        return DLX_ENOMEM;
    void *q = p->alloc(p->ud, *arr, (size_t)*cap * size, (size_t)n * size);
    if (!q)
        return DLX_ENOMEM;
    *arr = q;
    *cap = (int32_t)n;
    return DLX_OK;
}

/* Grows every per-item array (they share items_cap) to hold at least `need`
 * entries. New blocks are allocated and filled before the old ones are
 * freed, so a failure leaves the problem exactly as it was. */
static int grow_items(dlx_problem *p, int32_t need)
{
    if (need <= p->items_cap)
        return DLX_OK;
    if (need > INT32_MAX / 2)
        return DLX_ETOOBIG;
    int32_t old = p->items_cap;
    int32_t n = old < 16 ? 16 : old * 2;
    while (n < need)
        n *= 2;
    void **arrs[] = {(void **)&p->cl, (void **)&p->secondary, (void **)&p->name_at,
                     (void **)&p->mark, (void **)&p->commit_state};
    size_t sizes[] = {sizeof *p->cl, sizeof *p->secondary, sizeof *p->name_at,
                      sizeof *p->mark, sizeof *p->commit_state};
    enum { COUNT = sizeof arrs / sizeof arrs[0] };
    void *fresh[COUNT];
    for (size_t k = 0; k < COUNT; k++) {
        fresh[k] = p->alloc(p->ud, NULL, 0, (size_t)n * sizes[k]);
        if (!fresh[k]) {
            while (k-- > 0)
                p->alloc(p->ud, fresh[k], (size_t)n * sizes[k], 0);
            return DLX_ENOMEM;
        }
    }
    for (size_t k = 0; k < COUNT; k++) {
        if (*arrs[k]) {
            memcpy(fresh[k], *arrs[k], (size_t)old * sizes[k]);
            p->alloc(p->ud, *arrs[k], (size_t)old * sizes[k], 0);
        }
        *arrs[k] = fresh[k];
    }
    p->items_cap = n;
    return DLX_OK;
}

/* Grows both node arrays to hold at least `need` nodes, the same way. */
static int grow_nodes(dlx_problem *p, int64_t need)
{
    if (need <= p->nodes_cap)
        return DLX_OK;
    if (need > INT32_MAX)
        return DLX_ETOOBIG;
    int64_t n = p->nodes_cap < 64 ? 64 : (int64_t)p->nodes_cap * 2;
    while (n < need)
        n *= 2;
    if (n > INT32_MAX)
        n = INT32_MAX;
    size_t old = (size_t)p->nodes_cap;
    dlx_ud *ud = p->alloc(p->ud, NULL, 0, (size_t)n * sizeof *ud);
    if (!ud)
        return DLX_ENOMEM;
    dlx_im *im = p->alloc(p->ud, NULL, 0, (size_t)n * sizeof *im);
    int32_t *nx = im ? p->alloc(p->ud, NULL, 0, (size_t)n * sizeof *nx) : NULL;
    if (!nx) {
        if (im)
            p->alloc(p->ud, im, (size_t)n * sizeof *im, 0);
        p->alloc(p->ud, ud, (size_t)n * sizeof *ud, 0);
        return DLX_ENOMEM;
    }
    if (old) {
        memcpy(ud, p->nd.ud, old * sizeof *ud);
        memcpy(im, p->nd.im, old * sizeof *im);
        memcpy(nx, p->nd.nx, old * sizeof *nx);
    }
    mem_free(p, p->nd.ud, old * sizeof *ud);
    mem_free(p, p->nd.im, old * sizeof *im);
    mem_free(p, p->nd.nx, old * sizeof *nx);
    p->nd.ud = ud;
    p->nd.im = im;
    p->nd.nx = nx;
    p->nodes_cap = (int32_t)n;
    return DLX_OK;
}

/* Forgets the snapshot (the structure it copies has changed shape). */
static void drop_snapshot(dlx_problem *p)
{
    mem_free(p, p->snap_ud, (size_t)p->snap_nodes * sizeof *p->snap_ud);
    mem_free(p, p->snap_im, (size_t)p->snap_im_count * sizeof *p->snap_im);
    mem_free(p, p->snap_cl, (size_t)p->snap_items * sizeof *p->snap_cl);
    mem_free(p, p->snap_act, (size_t)p->act_words * sizeof *p->snap_act);
    p->snap_act = NULL;
    p->snap_ud = NULL;
    p->snap_im = NULL;
    p->snap_cl = NULL;
    p->snap_nodes = p->snap_im_count = p->snap_items = 0;
}

/* Copies the links as they are now; called with nothing committed and no
 * search under way. Failing to get memory is not an error: commitments then
 * simply undo the slow way. */
static void take_snapshot(dlx_problem *p)
{
    int32_t nodes = p->n_nodes, items = p->n_items + 1;
    int32_t ims = p->has_colors ? nodes : items; /* headers come first */
    p->snap_ud = p->alloc(p->ud, NULL, 0, (size_t)nodes * sizeof *p->snap_ud);
    p->snap_im = p->alloc(p->ud, NULL, 0, (size_t)ims * sizeof *p->snap_im);
    p->snap_cl = p->alloc(p->ud, NULL, 0, (size_t)items * sizeof *p->snap_cl);
    p->snap_act = p->alloc(p->ud, NULL, 0, (size_t)p->act_words * sizeof *p->snap_act);
    p->snap_nodes = nodes;
    p->snap_im_count = ims;
    p->snap_items = items;
    if (!p->snap_ud || !p->snap_im || !p->snap_cl || !p->snap_act) {
        drop_snapshot(p);
        return;
    }
    memcpy(p->snap_ud, p->nd.ud, (size_t)nodes * sizeof *p->snap_ud);
    memcpy(p->snap_im, p->nd.im, (size_t)ims * sizeof *p->snap_im);
    memcpy(p->snap_cl, p->cl, (size_t)items * sizeof *p->snap_cl);
    memcpy(p->snap_act, p->nd.act, (size_t)p->act_words * sizeof *p->snap_act);
}

/* --- Status words --------------------------------------------------------- */

const char *dlx_strerror(int code)
{
    switch (code) {
    case DLX_OK: return "success";
    case DLX_STOPPED: return "search stopped (it can be resumed)";
    case DLX_PAUSED: return "search paused: node budget used up (it can be resumed)";
    case DLX_ENOMEM: return "out of memory";
    case DLX_EINVAL: return "invalid argument";
    case DLX_EITEM: return "no such item";
    case DLX_EDUP: return "item named twice in one option";
    case DLX_ECOLOR: return "colour on a primary item, or a negative colour";
    case DLX_EORDER: return "items must all be added before the first option";
    case DLX_EBUSY: return "not allowed while a search is under way or options are committed";
    case DLX_ECONFLICT: return "option conflicts with the committed options";
    case DLX_EEMPTY: return "nothing is committed";
    case DLX_ETOOBIG: return "problem too big (more than 2^31-1 items, options or nodes)";
    default: return "unknown status";
    }
}

/* --- Creating and destroying ---------------------------------------------- */

dlx_problem *dlx_new_alloc(dlx_alloc_fn alloc, void *ud)
{
    if (!alloc)
        return NULL;
    dlx_problem *p = alloc(ud, NULL, 0, sizeof *p);
    if (!p)
        return NULL;
    memset(p, 0, sizeof *p);
    p->alloc = alloc;
    p->ud = ud;
    p->prefix_depth = -1;
    /* The root of the active list and slot 0 of nd[] exist from the start. */
    if (grow_items(p, 1) ||
        grow_nodes(p, 1)) {
        dlx_free(p);
        return NULL;
    }
    p->cl[0].prev = p->cl[0].next = 0;
    p->nd.ud[0] = (dlx_ud){0, 0};
    p->nd.im[0] = (dlx_im){0, 0};
    p->nd.nx[0] = 0;
    p->n_nodes = 1;
    return p;
}

dlx_problem *dlx_new(void)
{
    return dlx_new_alloc(default_alloc, NULL);
}

void dlx_free(dlx_problem *p)
{
    if (!p)
        return;
    size_t ic = (size_t)p->items_cap;
    mem_free(p, p->nd.ud, (size_t)p->nodes_cap * sizeof *p->nd.ud);
    mem_free(p, p->nd.im, (size_t)p->nodes_cap * sizeof *p->nd.im);
    mem_free(p, p->nd.nx, (size_t)p->nodes_cap * sizeof *p->nd.nx);
    mem_free(p, p->nd.act, (size_t)p->act_words * sizeof *p->nd.act);
    mem_free(p, p->cl, ic * sizeof *p->cl);
    mem_free(p, p->secondary, ic * sizeof *p->secondary);
    mem_free(p, p->name_at, ic * sizeof *p->name_at);
    mem_free(p, p->mark, ic * sizeof *p->mark);
    mem_free(p, p->commit_state, ic * sizeof *p->commit_state);
    mem_free(p, p->opt_first, (size_t)p->options_cap * sizeof *p->opt_first);
    mem_free(p, p->names, p->names_cap);
    mem_free(p, p->commits, (size_t)p->commits_cap * sizeof *p->commits);
    mem_free(p, p->undo, (size_t)p->undo_cap * sizeof *p->undo);
    drop_snapshot(p);
    mem_free(p, p->choice, (size_t)p->search_cap * 2 * sizeof *p->choice);
    p->alloc(p->ud, p, sizeof *p, 0);
}

/* --- Building ------------------------------------------------------------ */

static int in_search(const dlx_problem *p)
{
    return p->state == S_FORWARD || p->state == S_RECOVER;
}

/* Back to "no search under way"; the caller has put the links right. */
static void forget_search(dlx_problem *p)
{
    p->state = S_IDLE;
    p->level = 0;
    p->found = 0;
    p->stop_requested = 0;
}

int32_t dlx_add_item(dlx_problem *p, const char *name, unsigned flags)
{
    if (!p || (flags & ~DLX_SECONDARY))
        return DLX_EINVAL;
    if (p->n_options > 0)
        return DLX_EORDER;
    if (in_search(p) || p->n_commits)
        return DLX_EBUSY;
    if (p->n_items >= INT32_MAX / 2 - 2)
        return DLX_ETOOBIG;
    int32_t x = p->n_items + 1; /* header index */
    drop_snapshot(p);
    int rc = grow_items(p, x + 1);
    if (rc)
        return rc;
    rc = grow_nodes(p, (int64_t)x + 1);
    if (rc)
        return rc;
    if (x / 64 + 1 > p->act_words) {
        int32_t words = p->act_words ? p->act_words * 2 : 4;
        uint64_t *act = p->alloc(p->ud, NULL, 0, (size_t)words * sizeof *act);
        if (!act)
            return DLX_ENOMEM;
        memset(act, 0, (size_t)words * sizeof *act);
        if (p->act_words)
            memcpy(act, p->nd.act, (size_t)p->act_words * sizeof *act);
        mem_free(p, p->nd.act, (size_t)p->act_words * sizeof *act);
        p->nd.act = act;
        p->act_words = words;
    }
    int32_t name_at = -1;
    if (name) {
        size_t len = strlen(name) + 1;
        if (len > (size_t)INT32_MAX - p->names_len)
            return DLX_ETOOBIG;
        if (p->names_len + len > p->names_cap) {
            size_t cap = p->names_cap < 256 ? 256 : p->names_cap;
            while (cap < p->names_len + len)
                cap *= 2;
            char *q = p->alloc(p->ud, p->names, p->names_cap, cap);
            if (!q)
                return DLX_ENOMEM;
            p->names = q;
            p->names_cap = cap;
        }
        memcpy(p->names + p->names_len, name, len);
        name_at = (int32_t)p->names_len;
        p->names_len += len;
    }
    p->name_at[x] = name_at;
    p->secondary[x] = (uint8_t)(flags & DLX_SECONDARY);
    p->mark[x] = -1;
    p->commit_state[x] = 0;
    p->nd.ud[x] = (dlx_ud){.up = x, .down = x};
    p->nd.im[x] = (dlx_im){.itm = 0, .color = 0};
    p->nd.nx[x] = 0;
    if (flags & DLX_SECONDARY) {
        p->cl[x].prev = p->cl[x].next = x;
    } else {
        int32_t last = p->cl[0].prev;
        p->cl[x].prev = last;
        p->cl[x].next = 0;
        p->cl[last].next = x;
        p->cl[0].prev = x;
        p->nd.act[x / 64] |= (uint64_t)1 << (x % 64);
        p->n_primary++;
    }
    p->n_items++;
    p->n_nodes = x + 1;
    return x - 1;
}

int32_t dlx_add_option(dlx_problem *p, const int32_t *items, const int32_t *colors, int32_t n)
{
    if (!p || n < 0 || (n > 0 && !items))
        return DLX_EINVAL;
    if (in_search(p) || p->n_commits)
        return DLX_EBUSY;
    /* Validate everything before touching the structure. */
    if (p->mark_stamp == INT32_MAX) {
        for (int32_t x = 1; x <= p->n_items; x++)
            p->mark[x] = -1;
        p->mark_stamp = 0;
    }
    int32_t stamp = ++p->mark_stamp;
    int has_color = 0;
    for (int32_t k = 0; k < n; k++) {
        int32_t i = items[k];
        if (i < 0 || i >= p->n_items)
            return DLX_EITEM;
        if (p->mark[i + 1] == stamp)
            return DLX_EDUP;
        p->mark[i + 1] = stamp;
        if (colors && colors[k] != 0) {
            if (colors[k] < 0 || !p->secondary[i + 1])
                return DLX_ECOLOR;
            has_color = 1;
        }
    }
    if (p->n_options == INT32_MAX - 1)
        return DLX_ETOOBIG;
    /* The first option brings the first spacer. */
    int64_t need = (int64_t)p->n_nodes + n + 1 + (p->n_options == 0);
    int rc = grow_nodes(p, need);
    if (!rc)
        rc = grow(p, (void **)&p->opt_first, &p->options_cap, sizeof *p->opt_first,
                  (int64_t)p->n_options + 1);
    if (rc)
        return rc;
    drop_snapshot(p);
    dlx_nodes nd = p->nd;
    if (p->n_options == 0) {
        int32_t s = p->n_nodes++;
        nd.ud[s] = (dlx_ud){.up = 0, .down = 0};
        nd.im[s] = (dlx_im){.itm = 0, .color = 0};
        nd.nx[s] = 0;
    }
    int32_t before = p->n_nodes - 1; /* the spacer before this option */
    int32_t first = p->n_nodes;
    for (int32_t k = 0; k < n; k++) {
        int32_t x = items[k] + 1, q = p->n_nodes++;
        nd.im[q].itm = x;
        nd.im[q].color = colors ? colors[k] : 0;
        nd.nx[q] = k + 1 < n ? q + 1 : first;
        nd.ud[q].up = nd.ud[x].up;
        nd.ud[q].down = x;
        nd.ud[nd.ud[x].up].down = q;
        nd.ud[x].up = q;
        LEN(x)++;
    }
    int32_t after = p->n_nodes++;
    nd.ud[before].down = after - 1; /* last node of this option */
    nd.ud[after] = (dlx_ud){.up = first, .down = 0};
    nd.im[after] = (dlx_im){.itm = -(p->n_options + 1), .color = 0};
    nd.nx[after] = 0;
    p->opt_first[p->n_options] = first;
    p->has_colors |= has_color;
    return p->n_options++;
}

/* --- Questions ------------------------------------------------------------ */

int32_t dlx_item_count(const dlx_problem *p) { return p ? p->n_items : 0; }
int32_t dlx_option_count(const dlx_problem *p) { return p ? p->n_options : 0; }
int32_t dlx_commit_count(const dlx_problem *p) { return p ? p->n_commits : 0; }

const char *dlx_item_name(const dlx_problem *p, int32_t item)
{
    if (!p || item < 0 || item >= p->n_items || p->name_at[item + 1] < 0)
        return NULL;
    return p->names + p->name_at[item + 1];
}

int dlx_item_is_secondary(const dlx_problem *p, int32_t item)
{
    if (!p || item < 0 || item >= p->n_items)
        return DLX_EINVAL;
    return p->secondary[item + 1];
}

/* The option a node belongs to: the spacer after it says. */
static int32_t option_of(dlx_nodes nd, int32_t q)
{
    while (nd.im[q].itm > 0)
        q++;
    return -nd.im[q].itm - 1;
}

int32_t dlx_option_items(const dlx_problem *p, int32_t opt, int32_t *items, int32_t *colors,
                         int32_t cap)
{
    if (!p || opt < 0 || opt >= p->n_options || cap < 0 || (cap > 0 && !items))
        return DLX_EINVAL;
    dlx_nodes nd = p->nd;
    int32_t k = 0;
    for (int32_t q = p->opt_first[opt]; nd.im[q].itm > 0; q++, k++) {
        if (k < cap) {
            items[k] = nd.im[q].itm - 1;
            if (colors)
                colors[k] = nd.im[q].color;
        }
    }
    /* While its item is purified a node shows colour -1; purify() keeps the
     * colour in the item's header, and -1 is only given to nodes of that
     * colour. */
    if (colors)
        for (int32_t j = 0; j < k && j < cap; j++)
            if (colors[j] < 0)
                colors[j] = nd.im[items[j] + 1].color;
    return k;
}

int32_t dlx_item_remaining(const dlx_problem *p, int32_t item)
{
    if (!p || item < 0 || item >= p->n_items)
        return DLX_EINVAL;
    return p->nd.im[item + 1].itm;
}

int dlx_item_is_active(const dlx_problem *p, int32_t item)
{
    if (!p || item < 0 || item >= p->n_items)
        return DLX_EINVAL;
    int32_t x = item + 1;
    if (p->secondary[x])
        return 0;
    return p->cl[p->cl[x].prev].next == x;
}

int32_t dlx_item_options(const dlx_problem *p, int32_t item, int32_t *opts, int32_t cap)
{
    if (!p || item < 0 || item >= p->n_items || cap < 0 || (cap > 0 && !opts))
        return DLX_EINVAL;
    dlx_nodes nd = p->nd;
    int32_t x = item + 1, k = 0;
    for (int32_t q = nd.ud[x].down; q != x; q = nd.ud[q].down, k++)
        if (k < cap)
            opts[k] = option_of(nd, q);
    return k;
}

int32_t dlx_active_items(const dlx_problem *p, int32_t *items, int32_t cap)
{
    if (!p || cap < 0 || (cap > 0 && !items))
        return DLX_EINVAL;
    int32_t k = 0;
    for (int32_t x = p->cl[0].next; x != 0; x = p->cl[x].next, k++)
        if (k < cap)
            items[k] = x - 1;
    return k;
}

/* Index of the lowest set bit of a non-zero word. */
static inline int32_t lowest_bit(uint64_t bits)
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

/* Covers or purifies every item of pp's option but pp's own, left to right;
 * the search has already covered pp's item. */
DLX_INLINE void commit_rest(dlx_nodes nd, dlx_link *cl, int32_t pp, int32_t last_hdr,
                            const int colors, uint64_t *updates)
{
    for (int32_t q = pp + 1; q != pp;) {
        int32_t x = nd.im[q].itm;
        if (x <= 0) {
            q = nd.ud[q].up;
            continue;
        }
        if (!colors || nd.im[q].color == 0)
            cover(nd, cl, x, last_hdr, colors, updates);
        else if (nd.im[q].color > 0)
            purify(nd, q, last_hdr, updates);
        q++;
    }
}

/* Exactly undoes commit_rest(pp), right to left. */
DLX_INLINE void uncommit_rest(dlx_nodes nd, dlx_link *cl, int32_t pp, int32_t last_hdr,
                              const int colors)
{
    for (int32_t q = pp - 1; q != pp;) {
        int32_t x = nd.im[q].itm;
        if (x <= 0) {
            q = nd.ud[q].down;
            continue;
        }
        if (!colors || nd.im[q].color == 0)
            uncover(nd, cl, x, last_hdr, colors);
        else if (nd.im[q].color > 0)
            unpurify(nd, q, last_hdr);
        q--;
    }
}

/* --- Commitments ---------------------------------------------------------- */

/* Commitments do exactly what the search does when it chooses an option:
 * cover the item of one node (the anchor: the option's first primary node)
 * and then commit_rest() from it; uncommitting undoes that in reverse. An
 * option without a primary item can never be chosen by the search, so it
 * cannot be committed either. commit_state[] records who holds each item, so
 * a clash is found before anything changes. */
int dlx_commit(dlx_problem *p, int32_t opt)
{
    if (!p || opt < 0 || opt >= p->n_options)
        return DLX_EINVAL;
    if (in_search(p))
        return DLX_EBUSY;
    dlx_nodes nd = p->nd;
    int32_t first = p->opt_first[opt], anchor = 0, size = 0;
    for (int32_t q = first; nd.im[q].itm > 0; q++, size++) {
        int32_t x = nd.im[q].itm, st = p->commit_state[x], col = nd.im[q].color;
        if (!anchor && !p->secondary[x])
            anchor = q;
        /* col is -1 when an earlier commitment purified x to this colour. */
        if (st == -1 || (st > 0 && col >= 0 && col != st))
            return DLX_ECONFLICT;
    }
    if (!anchor)
        return DLX_EINVAL;
    int rc = grow(p, (void **)&p->undo, &p->undo_cap, sizeof *p->undo,
                  (int64_t)p->undo_len + size);
    if (!rc)
        rc = grow(p, (void **)&p->commits, &p->commits_cap, sizeof *p->commits,
                  (int64_t)p->n_commits + 1);
    if (rc)
        return rc;
    p->commits[p->n_commits++] = (struct dlx_commit){opt, anchor, p->undo_len};
    for (int32_t q = first; nd.im[q].itm > 0; q++) {
        int32_t x = nd.im[q].itm;
        if (p->commit_state[x] == 0) {
            p->commit_state[x] = nd.im[q].color > 0 ? nd.im[q].color : -1;
            p->undo[p->undo_len++] = x;
        }
    }
    if (p->state == S_DONE)
        p->state = S_IDLE;
    if (p->n_commits == 1 && !p->snap_ud)
        take_snapshot(p);
    uint64_t updates = 0;
    if (p->has_colors) {
        cover(nd, p->cl, nd.im[anchor].itm, p->n_items, 1, &updates);
        commit_rest(nd, p->cl, anchor, p->n_items, 1, &updates);
    } else {
        cover(nd, p->cl, nd.im[anchor].itm, p->n_items, 0, &updates);
        commit_rest(nd, p->cl, anchor, p->n_items, 0, &updates);
    }
    return DLX_OK;
}

int dlx_uncommit(dlx_problem *p)
{
    if (!p)
        return DLX_EINVAL;
    if (in_search(p))
        return DLX_EBUSY;
    if (p->n_commits == 0)
        return DLX_EEMPTY;
    struct dlx_commit c = p->commits[--p->n_commits];
    if (p->has_colors) {
        uncommit_rest(p->nd, p->cl, c.anchor, p->n_items, 1);
        uncover(p->nd, p->cl, p->nd.im[c.anchor].itm, p->n_items, 1);
    } else {
        uncommit_rest(p->nd, p->cl, c.anchor, p->n_items, 0);
        uncover(p->nd, p->cl, p->nd.im[c.anchor].itm, p->n_items, 0);
    }
    while (p->undo_len > c.undo_mark)
        p->commit_state[p->undo[--p->undo_len]] = 0;
    if (p->state == S_DONE)
        p->state = S_IDLE;
    return DLX_OK;
}

/* All or nothing: a failure takes back what this call committed. (Building
 * the lists afresh from the surviving options was tried for a sudoku's
 * givens; it runs the same number of instructions as the covers and loses to
 * them on branch prediction.) */
int dlx_commit_many(dlx_problem *p, const int32_t *opts, int32_t n, int32_t *failed)
{
    if (failed)
        *failed = -1;
    if (!p || n < 0 || (n > 0 && !opts))
        return DLX_EINVAL;
    if (in_search(p))
        return DLX_EBUSY;
    for (int32_t k = 0; k < n; k++) {
        int rc = dlx_commit(p, opts[k]);
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
    if (p->n_commits == 0) {
        dlx_reset(p);
        return DLX_OK;
    }
    int64_t work = (int64_t)(p->n_commits + (in_search(p) ? p->level + 1 : 0)) * 64;
    if (p->snap_ud && work >= p->n_items) {
        memcpy(p->nd.ud, p->snap_ud, (size_t)p->snap_nodes * sizeof *p->snap_ud);
        memcpy(p->nd.im, p->snap_im, (size_t)p->snap_im_count * sizeof *p->snap_im);
        memcpy(p->cl, p->snap_cl, (size_t)p->snap_items * sizeof *p->snap_cl);
        memcpy(p->nd.act, p->snap_act, (size_t)p->act_words * sizeof *p->snap_act);
        while (p->undo_len > 0)
            p->commit_state[p->undo[--p->undo_len]] = 0;
        p->n_commits = 0;
        forget_search(p);
        return DLX_OK;
    }
    dlx_reset(p);
    while (p->n_commits)
        dlx_uncommit(p);
    return DLX_OK;
}

/* --- Settings --------------------------------------------------------------- */

void dlx_set_solution_fn(dlx_problem *p, dlx_solution_fn fn, void *ctx)
{
    if (!p)
        return;
    p->on_solution = fn;
    p->solution_ctx = ctx;
}

void dlx_set_limit(dlx_problem *p, uint64_t max_solutions)
{
    if (p)
        p->limit = max_solutions;
}

int dlx_set_choose(dlx_problem *p, enum dlx_choose rule)
{
    if (!p || (rule != DLX_CHOOSE_MRV && rule != DLX_CHOOSE_MRV_FULL && rule != DLX_CHOOSE_FIRST))
        return DLX_EINVAL;
    if (in_search(p))
        return DLX_EBUSY;
    p->choose = rule;
    return DLX_OK;
}

void dlx_set_event_fn(dlx_problem *p, dlx_event_fn fn, void *ctx)
{
    if (!p)
        return;
    p->on_event = fn;
    p->event_ctx = ctx;
}

/* splitmix64: a small, well-mixed generator; all its state is in the
 * problem. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* A uniform integer in [0, n), n > 0, without modulo bias. */
static uint32_t random_below(uint64_t *state, uint32_t n)
{
    uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t r;
    do
        r = next_random(state);
    while (r >= limit);
    return (uint32_t)(r % n);
}

int dlx_set_seed(dlx_problem *p, uint64_t seed)
{
    if (!p)
        return DLX_EINVAL;
    if (in_search(p) || p->n_commits)
        return DLX_EBUSY;
    /* Relink each item's list in a random order (Fisher-Yates); every node
     * is in its list since nothing is covered. */
    int32_t longest = 0;
    for (int32_t x = 1; x <= p->n_items; x++)
        if (p->nd.im[x].itm > longest)
            longest = p->nd.im[x].itm;
    int32_t *tmp = NULL;
    if (longest > 0) {
        tmp = p->alloc(p->ud, NULL, 0, (size_t)longest * sizeof *tmp);
        if (!tmp)
            return DLX_ENOMEM;
    }
    p->rng = seed;
    drop_snapshot(p);
    dlx_nodes nd = p->nd;
    for (int32_t x = 1; x <= p->n_items; x++) {
        int32_t n = 0;
        for (int32_t q = nd.ud[x].down; q != x; q = nd.ud[q].down)
            tmp[n++] = q;
        for (int32_t k = n - 1; k > 0; k--) {
            int32_t j = (int32_t)random_below(&p->rng, (uint32_t)k + 1);
            int32_t t = tmp[k];
            tmp[k] = tmp[j];
            tmp[j] = t;
        }
        int32_t prev = x;
        for (int32_t k = 0; k < n; k++) {
            nd.ud[prev].down = tmp[k];
            nd.ud[tmp[k]].up = prev;
            prev = tmp[k];
        }
        nd.ud[prev].down = x;
        nd.ud[x].up = prev;
    }
    mem_free(p, tmp, (size_t)longest * sizeof *tmp);
    p->randomized = 1;
    if (p->state == S_DONE)
        p->state = S_IDLE;
    return DLX_OK;
}

/* --- Statistics ------------------------------------------------------------ */

void dlx_get_stats(const dlx_problem *p, dlx_stats *out)
{
    if (p && out)
        *out = p->stats;
}

void dlx_reset_stats(dlx_problem *p)
{
    if (p)
        memset(&p->stats, 0, sizeof p->stats);
}

int32_t dlx_level(const dlx_problem *p)
{
    return p && in_search(p) ? p->level : 0;
}

double dlx_estimate_done(const dlx_problem *p)
{
    if (!p || p->state == S_IDLE)
        return 0.0;
    if (p->state == S_DONE)
        return 1.0;
    dlx_nodes nd = p->nd;
    int32_t levels = p->state == S_RECOVER ? p->level + 1 : p->level;
    double done = 0.0, width = 1.0;
    for (int32_t l = 0; l < levels; l++) {
        int32_t q = p->choice[l], x = nd.im[q].itm, k = 0;
        for (int32_t r = nd.ud[x].down; r != q; r = nd.ud[r].down)
            k++;
        width *= nd.im[x].itm; /* a covered item's LEN is frozen */
        done += k / width;
    }
    return done + 0.5 / width;
}

/* --- The search ------------------------------------------------------------ */

/* Fills p->sol with the committed options, then the option chosen at each
 * of levels 0..levels-1; returns the count. */
static int32_t collect_solution(dlx_problem *p, int32_t levels, int with_commits)
{
    int32_t n = 0;
    if (with_commits)
        for (int32_t k = 0; k < p->n_commits; k++)
            p->sol[n++] = p->commits[k].option;
    for (int32_t l = 0; l < levels; l++)
        p->sol[n++] = option_of(p->nd, p->choice[l]);
    return n;
}

/* Sizes choice[] and sol[] for the deepest possible search: every level
 * covers at least one primary item. Both live in one block, whose contents
 * need not survive since no search is under way. */
static int prepare_search(dlx_problem *p)
{
    int64_t need = (int64_t)p->n_primary + p->n_commits + 2;
    if (need <= p->search_cap)
        return DLX_OK;
    if (need > INT32_MAX / 2)
        return DLX_ETOOBIG;
    int32_t *block = p->alloc(p->ud, NULL, 0, (size_t)need * 2 * sizeof *block);
    if (!block)
        return DLX_ENOMEM;
    mem_free(p, p->choice, (size_t)p->search_cap * 2 * sizeof *p->choice);
    p->choice = block;
    p->sol = block + need;
    p->search_cap = (int32_t)need;
    return DLX_OK;
}

static int emit(dlx_problem *p, enum dlx_event_kind kind, int32_t level, int32_t item,
                int32_t option, int32_t remaining, int32_t color, int32_t index)
{
    dlx_event ev = {kind, level, item, option, remaining, color, index};
    p->level = level; /* dlx_level() from inside the hook */
    return p->on_event(p->event_ctx, &ev);
}

/* Position of node q in its item's list, from 0 (for TRY events). */
static int32_t list_position(dlx_nodes nd, int32_t q)
{
    int32_t x = nd.im[q].itm, k = 0;
    for (int32_t r = nd.ud[x].down; r != q; r = nd.ud[r].down)
        k++;
    return k;
}

/* Events for the items of pp's option other than pp's own, in the order
 * commit_rest() treats them. */
static int emit_rest(dlx_problem *p, int32_t pp, int32_t level, int covering)
{
    dlx_nodes nd = p->nd;
    int stop = 0;
    if (covering) {
        for (int32_t q = pp + 1; q != pp;) {
            int32_t x = nd.im[q].itm;
            if (x <= 0) {
                q = nd.ud[q].up;
                continue;
            }
            if (nd.im[q].color == 0)
                stop |= emit(p, DLX_EV_COVER, level, x - 1, -1, -1, 0, -1);
            else if (nd.im[q].color > 0)
                stop |= emit(p, DLX_EV_PURIFY, level, x - 1, -1, -1, nd.im[q].color, -1);
            q++;
        }
    } else {
        for (int32_t q = pp - 1; q != pp;) {
            int32_t x = nd.im[q].itm;
            if (x <= 0) {
                q = nd.ud[q].down;
                continue;
            }
            if (nd.im[q].color == 0)
                stop |= emit(p, DLX_EV_UNCOVER, level, x - 1, -1, -1, 0, -1);
            else if (nd.im[q].color > 0)
                stop |= emit(p, DLX_EV_UNPURIFY, level, x - 1, -1, -1, nd.im[q].color, -1);
            q--;
        }
    }
    return stop;
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
        if (random_below(&p->rng, *ties) == 0)
            *best = k;
    }
    return 0;
}

/* The search loop, one copy per (colors, general) pair. Knuth's DLX1 labels
 * are kept: forward (enter a level), advance (try the next option), backup
 * (all options of the level tried), recover (undo the option tried). The
 * local counters go back into p->stats on every exit. */
DLX_INLINE int run(dlx_problem *p, uint64_t budget, const int colors, const int general)
{
    const dlx_nodes nd = p->nd;
    dlx_link *const cl = p->cl;
    int32_t *const choice = p->choice;
    const int32_t last_hdr = p->n_items;
    const int32_t stop_at = p->choose == DLX_CHOOSE_MRV ? 1 : 0;
    const int32_t act_words = (last_hdr + 64) / 64;
    /* Bits pay with many primary items, but not with so many that long
     * runs of covered ones (zero words) would be walked at every node. */
    const int scan_bits = p->n_primary >= 128 && act_words <= 64;
    const int has_budget = budget != 0;
    uint64_t updates = 0, nodes = 0;
    int32_t level = p->level, max_level = p->stats.max_level;
    int32_t cur;
    int rc;
    const enum search_state entry = p->state;

    p->state = S_FORWARD; /* under way: commitments and settings refused */
    if (entry == S_RECOVER) {
        cur = choice[level];
        goto recover;
    }
    if (entry == S_IDLE) {
        level = 0;
        if (cl[0].next == 0) {
            /* Nothing left to cover: the commitments alone are the one
             * solution, a tree of one node. */
            nodes++;
            p->stats.solutions++;
            p->found++;
            if (general && p->on_event)
                emit(p, DLX_EV_SOLUTION, 0, -1, -1, -1, 0, -1);
            if (general && p->prefix_depth >= 0) {
                if (p->on_prefix)
                    p->on_prefix(p->prefix_ctx, p->sol, 0, 1);
            } else if (p->on_solution) {
                int32_t n = collect_solution(p, 0, 1);
                p->on_solution(p->solution_ctx, p->sol, n);
            }
            rc = DLX_OK;
            p->state = S_DONE;
            goto out;
        }
    }

forward:
    if (has_budget && budget-- == 0) {
        p->state = S_FORWARD;
        rc = DLX_PAUSED;
        goto out;
    }
    if (general) {
        if (p->stop_requested) {
            p->stop_requested = 0;
            p->state = S_FORWARD;
            rc = DLX_STOPPED;
            goto out;
        }
        if (level == p->prefix_depth) {
            /* A subtree root at the requested depth: report it, don't enter. */
            int32_t n = collect_solution(p, level, 0);
            if (p->on_prefix && p->on_prefix(p->prefix_ctx, p->sol, n, 0))
                p->stop_requested = 1;
            if (level == 0) {
                p->state = S_DONE;
                rc = DLX_OK;
                goto out;
            }
            level--;
            cur = choice[level];
            goto recover;
        }
    }
    nodes++;
    if (level > max_level)
        max_level = level;
    {
        /* Choose the item to branch on: fewest options, leftmost on ties. */
        int32_t best = cl[0].next;
        if (!general || p->choose != DLX_CHOOSE_FIRST) {
            int32_t t = INT32_MAX;
            uint32_t ties = 0;
            /* Two ways to visit the active items in order, with the same
             * choices: down the list cl[], or along the set bits of act[].
             * The bits have no chain of dependent loads and win with many
             * primary items (a sudoku's 324: 15% faster); the list wins
             * when few items are scanned (N-queens: 7%). The walk starts
             * at the word of the first active item. */
            if (!scan_bits) {
                for (int32_t k = cl[0].next; k != 0; k = cl[k].next)
                    if (consider(p, nd, k, &best, &t, &ties, stop_at, general))
                        goto chosen;
            } else for (int32_t w = cl[0].next / 64; w < act_words; w++) {
                for (uint64_t bits = nd.act[w]; bits; bits &= bits - 1)
                    if (consider(p, nd, w * 64 + lowest_bit(bits), &best, &t, &ties, stop_at,
                                 general))
                        goto chosen;
            }
        chosen:;
        }
        if (general && p->on_event) {
            int s = emit(p, DLX_EV_CHOOSE, level, best - 1, -1, LEN(best), 0, -1);
            if (LEN(best) == 0)
                s |= emit(p, DLX_EV_DEAD_END, level, best - 1, -1, 0, 0, -1);
            s |= emit(p, DLX_EV_COVER, level, best - 1, -1, -1, 0, -1);
            if (s)
                p->stop_requested = 1;
        }
        cover(nd, cl, best, last_hdr, colors, &updates);
        cur = choice[level] = nd.ud[best].down;
    }

advance:
    if (cur <= last_hdr)
        goto backup;
    if (general && p->on_event) {
        int s = emit(p, DLX_EV_TRY, level, nd.im[cur].itm - 1, option_of(nd, cur), -1, 0,
                     list_position(nd, cur));
        s |= emit_rest(p, cur, level, 1);
        if (s)
            p->stop_requested = 1;
    }
    commit_rest(nd, cl, cur, last_hdr, colors, &updates);
    if (cl[0].next == 0) {
        /* A solution: a leaf of the tree at depth level+1. */
        nodes++;
        if (level + 1 > max_level)
            max_level = level + 1;
        p->stats.solutions++;
        p->found++;
        int stop = 0;
        if (general && p->on_event)
            stop |= emit(p, DLX_EV_SOLUTION, level, -1, -1, -1, 0, -1);
        if (general && p->prefix_depth >= 0) {
            int32_t n = collect_solution(p, level + 1, 0);
            if (p->on_prefix)
                stop |= p->on_prefix(p->prefix_ctx, p->sol, n, 1);
        } else if (p->on_solution) {
            int32_t n = collect_solution(p, level + 1, 1);
            p->level = level + 1; /* dlx_level() from inside the callback */
            stop |= p->on_solution(p->solution_ctx, p->sol, n);
        }
        if (stop || (p->limit && p->found >= p->limit)) {
            p->state = S_RECOVER;
            rc = DLX_STOPPED;
            goto out;
        }
        goto recover;
    }
    level++;
    goto forward;

backup:
    /* cur is the header of the item chosen at this level. */
    if (general && p->on_event) {
        int s = emit(p, DLX_EV_BACKTRACK, level, cur - 1, -1, -1, 0, -1);
        s |= emit(p, DLX_EV_UNCOVER, level, cur - 1, -1, -1, 0, -1);
        if (s)
            p->stop_requested = 1;
    }
    uncover(nd, cl, cur, last_hdr, colors);
    if (level == 0) {
        p->state = S_DONE;
        rc = DLX_OK;
        goto out;
    }
    level--;
    cur = choice[level];

recover:
    if (general && p->on_event && emit_rest(p, cur, level, 0))
        p->stop_requested = 1;
    uncommit_rest(nd, cl, cur, last_hdr, colors);
    cur = choice[level] = nd.ud[cur].down;
    goto advance;

out:
    p->level = level;
    p->stats.nodes += nodes;
    p->stats.updates += updates;
    p->stats.max_level = max_level;
    return rc;
}

DLX_NOINLINE int run_plain(dlx_problem *p, uint64_t budget) { return run(p, budget, 0, 0); }
DLX_NOINLINE int run_colors(dlx_problem *p, uint64_t budget) { return run(p, budget, 1, 0); }
DLX_NOINLINE int run_general(dlx_problem *p, uint64_t budget) { return run(p, budget, 1, 1); }

int dlx_search(dlx_problem *p, uint64_t node_budget)
{
    if (!p)
        return DLX_EINVAL;
    if (p->state == S_DONE)
        return DLX_OK;
    if (p->state == S_IDLE) {
        int rc = prepare_search(p);
        if (rc)
            return rc;
        p->level = 0;
        p->found = 0;
        p->stop_requested = 0;
    }
    if (p->on_event || p->randomized || p->choose == DLX_CHOOSE_FIRST || p->prefix_depth >= 0)
        return run_general(p, node_budget);
    return p->has_colors ? run_colors(p, node_budget) : run_plain(p, node_budget);
}

void dlx_reset(dlx_problem *p)
{
    if (!p)
        return;
    if (in_search(p)) {
        /* Undo the choices of every level still in force, deepest first. */
        int32_t top = p->state == S_RECOVER ? p->level : p->level - 1;
        for (int32_t l = top; l >= 0; l--) {
            int32_t cur = p->choice[l];
            uncommit_rest(p->nd, p->cl, cur, p->n_items, 1);
            uncover(p->nd, p->cl, p->nd.im[cur].itm, p->n_items, 1);
        }
    }
    forget_search(p);
}

int dlx_count(dlx_problem *p, uint64_t *count)
{
    if (!p)
        return DLX_EINVAL;
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

int dlx_enumerate_prefixes(dlx_problem *p, int32_t depth, dlx_prefix_fn fn, void *ctx)
{
    if (!p || depth < 0)
        return DLX_EINVAL;
    dlx_reset(p);
    int rc = prepare_search(p);
    if (rc)
        return rc;
    p->prefix_depth = depth;
    p->on_prefix = fn;
    p->prefix_ctx = ctx;
    dlx_stats saved = p->stats;
    rc = dlx_search(p, 0);
    p->stats = saved; /* the top of the tree is not part of anyone's count */
    p->prefix_depth = -1;
    p->on_prefix = NULL;
    p->prefix_ctx = NULL;
    dlx_reset(p);
    return rc;
}

/* --- Copying ----------------------------------------------------------------- */

dlx_problem *dlx_clone(const dlx_problem *p)
{
    if (!p || in_search(p))
        return NULL;
    dlx_problem *c = dlx_new_alloc(p->alloc, p->ud);
    if (!c)
        return NULL;
    int32_t items = p->n_items + 1;
    if (grow_items(c, items) ||
        grow_nodes(c, p->n_nodes) ||
        grow(c, (void **)&c->opt_first, &c->options_cap, sizeof *c->opt_first, p->n_options) ||
        grow(c, (void **)&c->undo, &c->undo_cap, sizeof *c->undo, p->undo_len) ||
        grow(c, (void **)&c->commits, &c->commits_cap, sizeof *c->commits, p->n_commits)) {
        dlx_free(c);
        return NULL;
    }
    if (p->names_len) {
        c->names = c->alloc(c->ud, NULL, 0, p->names_len);
        if (!c->names) {
            dlx_free(c);
            return NULL;
        }
        c->names_cap = p->names_len;
        memcpy(c->names, p->names, p->names_len);
    }
    c->names_len = p->names_len;
    if (p->act_words) {
        c->nd.act = c->alloc(c->ud, NULL, 0, (size_t)p->act_words * sizeof *c->nd.act);
        if (!c->nd.act) {
            dlx_free(c);
            return NULL;
        }
        c->act_words = p->act_words;
        memcpy(c->nd.act, p->nd.act, (size_t)p->act_words * sizeof *c->nd.act);
    }
    memcpy(c->nd.ud, p->nd.ud, (size_t)p->n_nodes * sizeof *c->nd.ud);
    memcpy(c->nd.im, p->nd.im, (size_t)p->n_nodes * sizeof *c->nd.im);
    memcpy(c->nd.nx, p->nd.nx, (size_t)p->n_nodes * sizeof *c->nd.nx);
    memcpy(c->cl, p->cl, (size_t)items * sizeof *c->cl);
    memcpy(c->secondary, p->secondary, (size_t)items * sizeof *c->secondary);
    memcpy(c->name_at, p->name_at, (size_t)items * sizeof *c->name_at);
    memcpy(c->mark, p->mark, (size_t)items * sizeof *c->mark);
    memcpy(c->commit_state, p->commit_state, (size_t)items * sizeof *c->commit_state);
    if (p->n_options)
        memcpy(c->opt_first, p->opt_first, (size_t)p->n_options * sizeof *c->opt_first);
    if (p->undo_len)
        memcpy(c->undo, p->undo, (size_t)p->undo_len * sizeof *c->undo);
    if (p->n_commits)
        memcpy(c->commits, p->commits, (size_t)p->n_commits * sizeof *c->commits);
    if (p->snap_ud) {
        c->has_colors = p->has_colors;
        c->n_items = p->n_items;
        c->n_nodes = p->n_nodes;
        take_snapshot(c); /* sized like p's; filled from p's below */
        if (!c->snap_ud) {
            dlx_free(c);
            return NULL;
        }
        memcpy(c->snap_ud, p->snap_ud, (size_t)p->snap_nodes * sizeof *c->snap_ud);
        memcpy(c->snap_im, p->snap_im, (size_t)p->snap_im_count * sizeof *c->snap_im);
        memcpy(c->snap_cl, p->snap_cl, (size_t)p->snap_items * sizeof *c->snap_cl);
        memcpy(c->snap_act, p->snap_act, (size_t)p->act_words * sizeof *c->snap_act);
    }

    c->n_items = p->n_items;
    c->n_primary = p->n_primary;
    c->n_options = p->n_options;
    c->n_nodes = p->n_nodes;
    c->has_colors = p->has_colors;
    c->n_commits = p->n_commits;
    c->undo_len = p->undo_len;
    c->limit = p->limit;
    c->on_solution = p->on_solution;
    c->solution_ctx = p->solution_ctx;
    c->on_event = p->on_event;
    c->event_ctx = p->event_ctx;
    c->choose = p->choose;
    c->randomized = p->randomized;
    c->rng = p->rng;
    return c;
}

/* --- Checking ---------------------------------------------------------------- */

static uint64_t nd_act_word(const dlx_problem *p, int32_t x)
{
    return p->nd.act[x / 64];
}

int dlx_check(const dlx_problem *p)
{
    if (!p)
        return DLX_EINVAL;
    dlx_nodes nd = p->nd;
    const dlx_link *cl = p->cl;
    const int32_t N = p->n_items;
    /* Active list: a consistent cycle through primary items only. */
    int32_t steps = 0;
    for (int32_t x = 0;;) {
        int32_t y = cl[x].next;
        if (y < 0 || y > N || cl[y].prev != x)
            return DLX_EINVAL;
        if (y == 0)
            break;
        if (p->secondary[y] || ++steps > N)
            return DLX_EINVAL;
        x = y;
    }
    /* The bit set of active items says the same as the list. */
    for (int32_t x = 1; x <= N; x++) {
        int bit = (int)((nd_act_word(p, x) >> (x % 64)) & 1);
        int listed = !p->secondary[x] && cl[cl[x].prev].next == x;
        if (bit != listed)
            return DLX_EINVAL;
    }
    /* Every item list: doubly linked, nodes of that item, LEN right. */
    for (int32_t x = 1; x <= N; x++) {
        int32_t count = 0;
        for (int32_t q = x;;) {
            int32_t d = nd.ud[q].down;
            if (d < 1 || d >= p->n_nodes || nd.ud[d].up != q)
                return DLX_EINVAL;
            if (d == x)
                break;
            if (d <= N || nd.im[d].itm != x || ++count > p->n_nodes)
                return DLX_EINVAL;
            q = d;
        }
        if (count != nd.im[x].itm)
            return DLX_EINVAL;
    }
    /* Spacers and options: each option's nodes name real items, the spacer
     * before it points at its last node and the one after at its first. */
    for (int32_t k = 0; k < p->n_options; k++) {
        int32_t first = p->opt_first[k], q = first;
        if (nd.im[first - 1].itm > 0)
            return DLX_EINVAL;
        while (nd.im[q].itm > 0) {
            if (nd.im[q].itm > N || (!p->secondary[nd.im[q].itm] && nd.im[q].color != 0))
                return DLX_EINVAL;
            q++;
        }
        if (q >= p->n_nodes || nd.im[q].itm != -(k + 1) || nd.ud[q].up != first ||
            nd.ud[first - 1].down != q - 1)
            return DLX_EINVAL;
    }
    /* Without search or commitments nothing may be covered or purified. */
    if (!in_search(p) && p->n_commits == 0) {
        if (steps != p->n_primary)
            return DLX_EINVAL;
        for (int32_t q = N + 1; q < p->n_nodes; q++)
            if (nd.im[q].itm > 0 && nd.im[q].color < 0)
                return DLX_EINVAL;
        int64_t total = 0;
        for (int32_t x = 1; x <= N; x++)
            total += nd.im[x].itm;
        if (total != (int64_t)p->n_nodes - 1 - N - (p->n_options ? p->n_options + 1 : 0))
            return DLX_EINVAL;
    }
    return DLX_OK;
}
