/* SPDX-License-Identifier: MIT */
/* search_bits_m.h - the bit-set search with bounds (Algorithm M on bit
 * sets, search_bits_m.c): its engine (dlxi_engine_bits_m) and the calls
 * behind it. Private to the library, like dlx_internal.h. Every call but
 * the first three is for a problem whose search runs on these tables (its
 * engine is p->engine). */
#ifndef DLX_SEARCH_BITS_M_H
#define DLX_SEARCH_BITS_M_H

#include "dlx_internal.h"

/* Builds the tables (kept in p->run.bits_m until dlxi_drop_bits_m()): DLX_OK,
 * DLX_ENOMEM, or DLX_ETOOBIG when a count or a bound would not fit 16 bits
 * or the frames of the deepest path would not fit the budget below. */
int dlxi_build_bits_m(dlx_problem *p);
void dlxi_drop_bits_m(dlx_problem *p);
/* Whether DLX_STRATEGY_AUTO runs a problem with bounds on bit sets: its
 * frame is at most DLX_BITS_MAX_FRAME bytes. */
int dlxi_bits_m_suits(const dlx_problem *p);

/* Runs or resumes the search, as dlx_search() does: DLX_OK, DLX_STOPPED or
 * DLX_PAUSED. */
int dlxi_run_bits_m(dlx_problem *p, uint64_t budget);

/* The live state, for query.c and dlx_check() (as dlxi_bits_* in
 * dlx_internal.h). */
int32_t dlxi_bits_m_remaining(const dlx_problem *p, int32_t x);
int dlxi_bits_m_active(const dlx_problem *p, int32_t x);
int32_t dlxi_bits_m_options(const dlx_problem *p, int32_t x, int32_t *opts, int32_t cap);
int32_t dlxi_bits_m_active_items(const dlx_problem *p, int32_t *items, int32_t cap);
int dlxi_bits_m_check(const dlx_problem *p, const char **what);

/* The split interface (dlx_internal.h). A level's untried work is its
 * options after the one in force and, last, its null move; untried()
 * counts both and lists the options only. A prefix (dlx_split(),
 * dlx_start_subtree()) names, level by level, the options tried before
 * the branch at that level as DLX_EXCLUDE(option) (when the level's item
 * keeps its options), then the branch: its option, or
 * DLX_BITS_M_NULL(n_options, item) for the null move of the item. */
#define DLX_BITS_M_NULL(n_options, item) (-1 - (int32_t)(n_options) - (int32_t)(item))
int32_t dlxi_bits_m_untried(const dlx_problem *p, int32_t level, int32_t *opts, int32_t cap);
int32_t dlxi_bits_m_level_width(const dlx_problem *p, int32_t level, int32_t *position);
uint64_t dlxi_bits_m_last_updates(dlx_problem *p);
int dlxi_bits_m_start_subtree(dlx_problem *p, const int32_t *prefix, int32_t n);
int32_t dlxi_bits_m_split(dlx_problem *p, enum dlx_split_mode mode, dlx_prefix_fn fn,
                          void *ctx);

#endif /* DLX_SEARCH_BITS_M_H */
