/* SPDX-License-Identifier: MIT */
/* memory.c - the one way libdlx gets and gives back memory (the role of
 * Lua's lmem.c): every byte a problem holds goes through its allocator,
 * p->alloc(p->ud, ptr, old_size, new_size), and every array that grows
 * grows here, all or nothing, so a failure leaves the problem as it was.
 */
#include "dlx_internal.h"

#include <stdlib.h>
#include <string.h>

void *dlxi_default_alloc(void *ud, void *ptr, size_t old_size, size_t new_size)
{
    (void)ud;
    (void)old_size;
    if (new_size == 0) {
        free(ptr);
        return NULL;
    }
    return realloc(ptr, new_size);
}

void dlxi_free(const dlx_problem *p, void *ptr, size_t size)
{
    if (ptr)
        p->alloc(p->ud, ptr, size, 0);
}

void *dlxi_alloc(const dlx_problem *p, size_t size)
{
    return size ? p->alloc(p->ud, NULL, 0, size) : NULL;
}

int dlxi_grow(dlx_problem *p, void **arr, int32_t *cap, size_t size, int64_t need)
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

/* New blocks are allocated and filled before the old ones are freed, so a
 * failure leaves the problem exactly as it was. */
int dlxi_grow_items(dlx_problem *p, int32_t need)
{
    if (need <= p->items_cap)
        return DLX_OK;
    if (need > INT32_MAX / 2)
        return DLX_ETOOBIG;
    int32_t old = p->items_cap;
    int32_t n = old < 16 ? 16 : old * 2;
    while (n < need)
        n *= 2;
    void **arrs[] = {(void **)&p->cl,   (void **)&p->secondary,    (void **)&p->name_at,
                     (void **)&p->mark, (void **)&p->commit_state, (void **)&p->mult,
                     (void **)&p->hi};
    size_t sizes[] = {sizeof *p->cl,   sizeof *p->secondary,    sizeof *p->name_at,
                      sizeof *p->mark, sizeof *p->commit_state, sizeof *p->mult,
                      sizeof *p->hi};
    enum { ALL = sizeof arrs / sizeof arrs[0] };
    /* The last two exist only in a problem with bounds. */
    const size_t count = p->mult ? ALL : ALL - 2;
    void *fresh[ALL];
    for (size_t k = 0; k < count; k++) {
        fresh[k] = dlxi_alloc(p, (size_t)n * sizes[k]);
        if (!fresh[k]) {
            while (k-- > 0)
                dlxi_free(p, fresh[k], (size_t)n * sizes[k]);
            return DLX_ENOMEM;
        }
    }
    for (size_t k = 0; k < count; k++) {
        if (*arrs[k]) {
            memcpy(fresh[k], *arrs[k], (size_t)old * sizes[k]);
            dlxi_free(p, *arrs[k], (size_t)old * sizes[k]);
        }
        *arrs[k] = fresh[k];
    }
    p->items_cap = n;
    return DLX_OK;
}

int dlxi_grow_nodes(dlx_problem *p, int64_t need)
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
    dlx_ud *ud = dlxi_alloc(p, (size_t)n * sizeof *ud);
    dlx_im *im = ud ? dlxi_alloc(p, (size_t)n * sizeof *im) : NULL;
    int32_t *nx = im ? dlxi_alloc(p, (size_t)n * sizeof *nx) : NULL;
    int32_t *of = nx ? dlxi_alloc(p, (size_t)n * sizeof *of) : NULL;
    if (!of) {
        dlxi_free(p, nx, (size_t)n * sizeof *nx);
        dlxi_free(p, im, (size_t)n * sizeof *im);
        dlxi_free(p, ud, (size_t)n * sizeof *ud);
        return DLX_ENOMEM;
    }
    if (old) {
        memcpy(ud, p->nd.ud, old * sizeof *ud);
        memcpy(im, p->nd.im, old * sizeof *im);
        memcpy(nx, p->nd.nx, old * sizeof *nx);
        memcpy(of, p->nd.of, old * sizeof *of);
    }
    dlxi_free(p, p->nd.ud, old * sizeof *ud);
    dlxi_free(p, p->nd.im, old * sizeof *im);
    dlxi_free(p, p->nd.nx, old * sizeof *nx);
    dlxi_free(p, p->nd.of, old * sizeof *of);
    p->nd.ud = ud;
    p->nd.im = im;
    p->nd.nx = nx;
    p->nd.of = of;
    p->nodes_cap = (int32_t)n;
    return DLX_OK;
}
