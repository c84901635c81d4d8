/* SPDX-License-Identifier: MIT */
/* problem.c - the life of a problem handle: creating it, copying it,
 * releasing it, and the words for its status codes.
 *
 * What a problem owns is listed once, in owned_blocks(): dlx_free() gives
 * each block back and dlx_clone() copies each, so an array added to the
 * structure and to that list is released and cloned without further edits;
 * every other field is copied by the structure copy `*c = *p`.
 */
#include "dlx_internal.h"

#include <string.h>

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
    case DLX_EBUSY: return "not allowed now: a search is under way, options are committed, or a callback is running";
    case DLX_ECONFLICT: return "option conflicts with the committed options";
    case DLX_EEMPTY: return "nothing is committed";
    case DLX_ETOOBIG: return "problem too big (more than 2^31-1 items, options or nodes)";
    case DLX_ENAMES: return "item names too long (more than 2^31-1 bytes in all)";
    case DLX_EBOUNDS: return "bad item bounds (0 <= lo <= hi and hi >= 1 are needed, on a primary item)";
    case DLX_ESTRATEGY: return "the strategy asked for cannot search this problem";
    default: return "unknown status";
    }
}

/* --- What a problem owns ------------------------------------------------- */

/* One block a problem owns: where its pointer lives, how big the block is,
 * and how many of its bytes hold data a copy must carry. */
struct owned {
    void **ptr;
    size_t size;
    size_t used;
};

enum { MAX_OWNED = 32 };

/* Fills out[] with every block p owns but those of its run (the search's
 * own, dlxi_drop_run()); returns how many. */
static int owned_blocks(dlx_problem *p, struct owned *out)
{
    size_t ic = (size_t)p->items_cap, items = (size_t)p->n_items + 1;
    size_t nc = (size_t)p->nodes_cap, nodes = (size_t)p->n_nodes;
    size_t aw = (size_t)p->act_words;
    if (!p->items_cap)
        items = 0;
    int n = 0;
#define OWN(field, count, in_use)                                                         \
    out[n++] = (struct owned){(void **)&p->field, (size_t)(count) * sizeof *p->field,       \
                              (size_t)(in_use) * sizeof *p->field}
    OWN(nd.ud, nc, nodes);
    OWN(nd.im, nc, nodes);
    OWN(nd.nx, nc, nodes);
    OWN(nd.of, nc, nodes);
    OWN(nd.act, aw, aw);
    OWN(cl, ic, items);
    OWN(secondary, ic, items);
    OWN(name_at, ic, items);
    OWN(mark, ic, items);
    OWN(commit_state, ic, items);
    OWN(mult, p->mult ? ic : 0, p->mult ? items : 0);
    OWN(hi, p->hi ? ic : 0, p->hi ? items : 0);
    OWN(opt_first, p->options_cap, p->n_options);
    OWN(opt_cost, p->opt_cost_cap, p->opt_cost_cap < p->n_options ? p->opt_cost_cap : p->n_options);
    OWN(names, p->names_cap, p->names_len);
    OWN(commits, p->commits_cap, p->n_commits);
    OWN(undo, p->undo_cap, p->undo_len);
    OWN(snap_ud, p->snap_nodes, p->snap_nodes);
    OWN(snap_im, p->snap_im_count, p->snap_im_count);
    OWN(snap_cl, p->snap_items, p->snap_items);
    OWN(snap_act, p->snap_ud ? aw : 0, p->snap_ud ? aw : 0);
#undef OWN
    return n;
}

void dlxi_drop_run(dlx_problem *p)
{
    struct dlx_run *r = &p->run;
    dlxi_drop_bits(p);
    dlxi_free(p, r->choice, (size_t)r->search_cap * (size_t)dlxi_search_arrays(p) * sizeof *r->choice);
    dlxi_free(p, r->m_best, (size_t)r->m_best_cap * sizeof *r->m_best);
    dlxi_free(p, r->m_touched, (size_t)r->m_touched_cap * sizeof *r->m_touched);
    dlxi_free(p, r->x_best, (size_t)r->x_best_cap * sizeof *r->x_best);
    dlxi_free(p, r->profile, (size_t)r->profile_cap * sizeof *r->profile);
    dlxi_free(p, r->path_rank, (size_t)r->path_cap * 2 * sizeof *r->path_rank);
    if (r->infer_node)
        dlxi_free(p, r->infer_node, dlxi_inference_block_size(r->infer_cap));
    memset(r, 0, sizeof *r);
    r->barren = -1;
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
    /* The root of the active list and slot 0 of nd[] exist from the start. */
    if (dlxi_grow_items(p, 1) || dlxi_grow_nodes(p, 1)) {
        dlx_free(p);
        return NULL;
    }
    p->cl[0].prev = p->cl[0].next = 0;
    p->nd.ud[0] = (dlx_ud){0, 0};
    p->nd.im[0] = (dlx_im){0, 0};
    p->nd.nx[0] = 0;
    p->nd.of[0] = 0;
    p->n_nodes = 1;
    return p;
}

dlx_problem *dlx_new(void)
{
    return dlx_new_alloc(dlxi_default_alloc, NULL);
}

void dlx_free(dlx_problem *p)
{
    /* From inside one of its callbacks the problem is still in use by the
     * search that called it: refused (dlx.h says so). */
    if (!p || dlxi_busy(p))
        return;
    dlxi_drop_run(p);
    struct owned blocks[MAX_OWNED];
    int n = owned_blocks(p, blocks);
    for (int k = 0; k < n; k++)
        dlxi_free(p, *blocks[k].ptr, blocks[k].size);
    p->alloc(p->ud, p, sizeof *p, 0);
}

/* A clone of a problem in the middle of a search copied its links as the
 * search left them: the copy undoes the levels in force, as dlx_reset()
 * would, from its own copy of the path (the choices, and what the
 * inference took out along it). An engine that never touched the links
 * has nothing to undo. */
static int rewind_copy(dlx_problem *c, const dlx_problem *p)
{
    if (!p->engine || !p->engine->unwind)
        return DLX_OK;
    int rc = dlxi_prepare_search(c);
    if (rc)
        return rc;
    const struct dlx_run *from = &p->run;
    struct dlx_run *to = &c->run;
    const size_t levels = (size_t)p->level;
    memcpy(to->choice, from->choice, levels * sizeof *to->choice);
    if (from->first_at)
        memcpy(to->first_at, from->first_at, levels * sizeof *to->first_at);
    if (from->infer_top > 0) {
        memcpy(to->infer_node, from->infer_node, (size_t)from->infer_top * sizeof *to->infer_node);
        memcpy(to->infer_level, from->infer_level,
               (size_t)from->infer_top * sizeof *to->infer_level);
        to->infer_top = from->infer_top;
    }
    c->engine->unwind(c);
    return DLX_OK;
}

/* A structural copy: every field first, then a fresh copy of each owned
 * block, so nothing (a stamp, a flag, a size) can be forgotten. The run is
 * the search's, never shared: the clone starts with an empty one, idle
 * (a search under way in p is undone in the copy) and with zero
 * statistics. */
dlx_problem *dlx_clone(const dlx_problem *p)
{
    if (!p || dlxi_busy(p))
        return NULL;
    dlx_problem *c = p->alloc(p->ud, NULL, 0, sizeof *c);
    if (!c)
        return NULL;
    *c = *p;
    memset(&c->run, 0, sizeof c->run);
    c->run.barren = -1;
    /* c's fields point at p's blocks until each is replaced by a copy. */
    struct owned blocks[MAX_OWNED];
    const void *from[MAX_OWNED];
    int n = owned_blocks(c, blocks);
    for (int k = 0; k < n; k++) {
        from[k] = *blocks[k].ptr;
        *blocks[k].ptr = NULL;
    }
    for (int k = 0; k < n; k++) {
        if (!from[k])
            continue;
        void *block = dlxi_alloc(c, blocks[k].size);
        if (!block) {
            c->state = S_IDLE;
            dlx_free(c); /* frees the copies made so far, skips the NULLs */
            return NULL;
        }
        memcpy(block, from[k], blocks[k].used);
        *blocks[k].ptr = block;
    }
    if (dlxi_in_search(p) && rewind_copy(c, p) != DLX_OK) {
        c->state = S_IDLE;
        dlx_free(c);
        return NULL;
    }
    dlxi_forget_search(c);
    memset(&c->stats, 0, sizeof c->stats);
    c->inferred = 0;
    return c;
}
