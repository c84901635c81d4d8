/* SPDX-License-Identifier: MIT */
/* settings.c - what a caller sets on a problem between searches (callbacks,
 * limit, branching rule, seed, event detail) and the statistics it reads
 * back.
 */
#include "dlx_internal.h"

#include <string.h>

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
    if (!p || (rule != DLX_CHOOSE_MRV && rule != DLX_CHOOSE_MRV_FULL && rule != DLX_CHOOSE_FIRST &&
               rule != DLX_CHOOSE_MRV_RECENT && rule != DLX_CHOOSE_MRV_PATH))
        return DLX_EINVAL;
    if (dlxi_frozen(p))
        return DLX_EBUSY;
    p->choose = rule;
    return DLX_OK;
}

int dlx_set_strategy(dlx_problem *p, enum dlx_strategy strategy)
{
    if (!p || (strategy != DLX_STRATEGY_AUTO && strategy != DLX_STRATEGY_LINKS &&
               strategy != DLX_STRATEGY_BITS))
        return DLX_EINVAL;
    if (dlxi_frozen(p))
        return DLX_EBUSY;
    p->strategy = strategy;
    return DLX_OK;
}

void dlx_set_event_fn(dlx_problem *p, dlx_event_fn fn, void *ctx)
{
    if (!p)
        return;
    p->on_event = fn;
    p->event_ctx = ctx;
}

int dlx_set_detail(dlx_problem *p, unsigned flags)
{
    if (!p || (flags & ~DLX_DETAIL_LINKS))
        return DLX_EINVAL;
    p->detail = flags;
    return DLX_OK;
}

/* splitmix64: a small, well-mixed generator; all its state is in the
 * problem. */
uint64_t dlxi_next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* A uniform integer in [0, n), n > 0, without modulo bias. */
uint32_t dlxi_random_below(uint64_t *state, uint32_t n)
{
    uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t r;
    do
        r = dlxi_next_random(state);
    while (r >= limit);
    return (uint32_t)(r % n);
}

int dlx_set_seed(dlx_problem *p, uint64_t seed)
{
    if (!p)
        return DLX_EINVAL;
    if (dlxi_frozen(p) || p->n_commits)
        return DLX_EBUSY;
    /* Relink each item's list in a random order (Fisher-Yates); every node
     * is in its list since nothing is covered. */
    int32_t longest = 0;
    for (int32_t x = 1; x <= p->n_items; x++)
        if (p->nd.im[x].itm > longest)
            longest = p->nd.im[x].itm;
    int32_t *tmp = NULL;
    if (longest > 0) {
        tmp = dlxi_alloc(p, (size_t)longest * sizeof *tmp);
        if (!tmp)
            return DLX_ENOMEM;
    }
    p->rng = seed;
    dlxi_drop_snapshot(p);
    dlxi_drop_bits(p);
    dlx_nodes nd = p->nd;
    for (int32_t x = 1; x <= p->n_items; x++) {
        int32_t n = 0;
        for (int32_t q = nd.ud[x].down; q != x; q = nd.ud[q].down)
            tmp[n++] = q;
        for (int32_t k = n - 1; k > 0; k--) {
            int32_t j = (int32_t)dlxi_random_below(&p->rng, (uint32_t)k + 1);
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
    dlxi_free(p, tmp, (size_t)longest * sizeof *tmp);
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
    if (p) {
        memset(&p->stats, 0, sizeof p->stats);
        p->inferred = 0;
        if (p->run.profile)
            memset(p->run.profile, 0, (size_t)p->run.profile_cap * sizeof *p->run.profile);
        p->run.max_degree = 0;
    }
}

int dlx_set_profile(dlx_problem *p, int on)
{
    if (!p)
        return DLX_EINVAL;
    if (dlxi_frozen(p))
        return DLX_EBUSY;
    p->profiling = on != 0;
    return DLX_OK;
}

int32_t dlx_get_profile(const dlx_problem *p, uint64_t *nodes, int32_t cap)
{
    if (!p || !p->profiling || !p->run.profile)
        return 0;
    int32_t levels = p->run.profile_cap;
    while (levels > 0 && p->run.profile[levels - 1] == 0)
        levels--;
    for (int32_t l = 0; nodes && l < cap && l < levels; l++)
        nodes[l] = p->run.profile[l];
    return levels;
}

int32_t dlx_max_degree(const dlx_problem *p)
{
    return p && p->profiling ? p->run.max_degree : 0;
}
