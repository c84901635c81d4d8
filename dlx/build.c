/* SPDX-License-Identifier: MIT */
/* build.c - making a problem: items (with or without bounds), then
 * options, laid out as Knuth's DLX1 lays them out (dlx_internal.h).
 * Everything is validated before the structure is touched, so a refused
 * item or option leaves no trace.
 */
#include "dlx_internal.h"

#include <limits.h>
#include <string.h>

/* The per-item arrays of Algorithm M, made when the first item with bounds
 * arrives: every item so far gets the bounds 1..1 (a secondary item {1, 0}
 * too, so that the search lowers and covers both alike). */
static int make_bounds(dlx_problem *p)
{
    size_t cap = (size_t)p->items_cap;
    dlx_mult *mult = dlxi_alloc(p, cap * sizeof *mult);
    int32_t *hi = mult ? dlxi_alloc(p, cap * sizeof *hi) : NULL;
    if (!hi) {
        dlxi_free(p, mult, cap * sizeof *mult);
        return DLX_ENOMEM;
    }
    for (int32_t x = 0; x <= p->n_items; x++) {
        mult[x] = (dlx_mult){.bound = 1, .slack = 0};
        hi[x] = 1;
    }
    p->mult = mult;
    p->hi = hi;
    return DLX_OK;
}

/* Adds item x = n_items + 1 with bounds lo..hi (1..1 for a plain item and
 * for every secondary one). */
static int32_t add_item(dlx_problem *p, const char *name, unsigned flags, int32_t lo, int32_t hi)
{
    if (p->n_options > 0)
        return DLX_EORDER;
    if (dlxi_frozen(p) || p->n_commits)
        return DLX_EBUSY;
    if (p->n_items >= INT32_MAX / 2 - 2)
        return DLX_ETOOBIG;
    int32_t x = p->n_items + 1; /* header index */
    const int bounded = lo != 1 || hi != 1;
    dlxi_drop_snapshot(p);
    dlxi_drop_bits(p);
    int rc = dlxi_grow_items(p, x + 1);
    if (rc)
        return rc;
    rc = dlxi_grow_nodes(p, (int64_t)x + 1);
    if (rc)
        return rc;
    if (bounded && !p->mult) {
        rc = make_bounds(p);
        if (rc)
            return rc;
    }
    if (x / 64 + 1 > p->act_words) {
        int32_t words = p->act_words ? p->act_words * 2 : 4;
        uint64_t *act = dlxi_alloc(p, (size_t)words * sizeof *act);
        if (!act)
            return DLX_ENOMEM;
        memset(act, 0, (size_t)words * sizeof *act);
        if (p->act_words)
            memcpy(act, p->nd.act, (size_t)p->act_words * sizeof *act);
        dlxi_free(p, p->nd.act, (size_t)p->act_words * sizeof *act);
        p->nd.act = act;
        p->act_words = words;
    }
    int32_t name_at = -1;
    if (name) {
        size_t len = strlen(name) + 1;
        if (len > (size_t)INT32_MAX - p->names_len)
            return DLX_ENAMES;
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
    /* Nothing can fail from here on. */
    if (bounded && !p->has_bounds) {
        /* The search block of Algorithm M has four arrays, not two. */
        dlxi_free(p, p->run.choice, (size_t)p->run.search_cap * 2 * sizeof *p->run.choice);
        p->run.choice = p->run.sol = NULL;
        p->run.search_cap = 0;
        p->has_bounds = 1;
    }
    if (p->mult) {
        p->mult[x] = (dlx_mult){.bound = hi, .slack = hi - lo};
        p->hi[x] = hi;
    }
    p->name_at[x] = name_at;
    p->secondary[x] = (uint8_t)(flags & DLX_SECONDARY);
    p->mark[x] = -1;
    p->commit_state[x] = 0;
    p->nd.ud[x] = (dlx_ud){.up = x, .down = x};
    p->nd.im[x] = (dlx_im){.itm = 0, .color = 0};
    p->nd.nx[x] = 0;
    p->nd.of[x] = 0;
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

int32_t dlx_add_item(dlx_problem *p, const char *name, unsigned flags)
{
    if (!p || (flags & ~DLX_SECONDARY))
        return DLX_EINVAL;
    return add_item(p, name, flags, 1, 1);
}

int32_t dlx_add_item_bounds(dlx_problem *p, const char *name, unsigned flags, int32_t lo,
                            int32_t hi)
{
    if (!p || (flags & ~DLX_SECONDARY))
        return DLX_EINVAL;
    if ((flags & DLX_SECONDARY) || lo < 0 || lo > hi || hi < 1)
        return DLX_EBOUNDS;
    return add_item(p, name, flags, lo, hi);
}

int32_t dlx_add_option(dlx_problem *p, const int32_t *items, const int32_t *colors, int32_t n)
{
    if (!p || n < 0 || (n > 0 && !items))
        return DLX_EINVAL;
    if (dlxi_frozen(p) || p->n_commits)
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
    int rc = dlxi_grow_nodes(p, need);
    if (!rc)
        rc = dlxi_grow(p, (void **)&p->opt_first, &p->options_cap, sizeof *p->opt_first,
                  (int64_t)p->n_options + 1);
    if (rc)
        return rc;
    dlxi_drop_snapshot(p);
    dlxi_drop_bits(p);
    dlx_nodes nd = p->nd;
    if (p->n_options == 0) {
        int32_t s = p->n_nodes++;
        nd.ud[s] = (dlx_ud){.up = 0, .down = 0};
        nd.im[s] = (dlx_im){.itm = 0, .color = 0};
        nd.nx[s] = 0;
        nd.of[s] = 0;
    }
    int32_t before = p->n_nodes - 1; /* the spacer before this option */
    int32_t first = p->n_nodes;
    for (int32_t k = 0; k < n; k++) {
        int32_t x = items[k] + 1, q = p->n_nodes++;
        nd.im[q].itm = x;
        nd.im[q].color = colors ? colors[k] : 0;
        nd.nx[q] = k + 1 < n ? q + 1 : first;
        nd.of[q] = first;
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
    nd.of[after] = 0;
    p->opt_first[p->n_options] = first;
    p->has_colors |= has_color;
    return p->n_options++;
}
