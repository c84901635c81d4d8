/* SPDX-License-Identifier: MIT */
/* split.h - the interface of a search that can be split (split.c, and each
 * engine's part of it): what dlx_start_subtree(), dlx_split() and the
 * parallel search (prefix.c, parallel.c) need from a search, and all they
 * use of it. Included by those files and the engines only.
 */
#ifndef DLX_SPLIT_H
#define DLX_SPLIT_H

#include "dlx_internal.h"

/* --- A search that can be split (search.c, split.c) ------------------------
 * What dlx_start_subtree(), dlx_split() and the parallel search (prefix.c,
 * parallel.c) need from a search, and all they use of it. Another search
 * strategy offers the same operations with the same meaning, and those
 * modules work on it unchanged.
 *
 * The model. A search is a depth-first walk; at level l it tries, one after
 * the other, the options of the item chosen there, and the option in force
 * at level l is the one being tried. A search can be split while it is
 * paused between two dlx_search() calls (state S_PAUSED: about to enter
 * p->level, with one option in force at each level 0..level-1), never from
 * inside the loop. Its untried work is then, at each level l < level, the
 * options after the one in force; giving those away to another search (the
 * prefix: the options in force at 0..l-1, then one of them) makes disjoint
 * subtrees whose solutions, nodes and updates add up to the whole.
 *
 * The floor. Levels below p->floor are fixed: the search explores only the
 * subtree under the options in force there, and when it comes back up to
 * the floor it is done (DLX_OK, the fixed levels undone uncounted, links as
 * before) instead of trying further options below. A whole search has floor
 * 0. Raising the floor to f gives up the untried options of levels < f:
 * this is the only change splitting makes to a running search, and in the
 * dancing-links loop it costs nothing (the loop compares the level with the
 * floor where it compared it with 0). Invariant: no level below the floor
 * has untried options, so the untried work is at levels floor..level-1.
 *
 * What is counted. A receiving search counts exactly what the whole search
 * counts under the donated option: the covering that option does when it is
 * tried (commit_rest: the updates of its other items), then every node and
 * update below it. It does not count putting the earlier options of the
 * prefix in force, nor covering the item the donated option was chosen for:
 * the donor counted those when it entered that level. Commitments are never
 * counted.
 *
 * The operations (all on a search paused as above unless said otherwise):
 *   start_subtree(p, prefix, n) (the engine's; dlx_start_subtree() calls it)
 *       On an idle problem: puts options prefix[0..n-1] in force as levels
 *       0..n-1, each on the item the branching rule would pick among that
 *       option's items, counting only the last option's own covering; then
 *       the search is paused at level n with floor n. DLX_EINVAL for an
 *       option that does not exist, DLX_ECONFLICT for one that cannot be
 *       tried after those before it (nothing is then left in force).
 *   dlxi_untried(p, l, opts, cap)
 *       How many options level l will still try after the one in force
 *       (0 below the floor); copies at most cap of their ids, in order.
 *   dlxi_raise_floor(p, f)
 *       floor <= f <= level: levels below f try nothing more.
 *   dlxi_path(p, opts)
 *       Copies the option ids in force at levels 0..level-1; returns level.
 *   dlxi_level_width(p, l, &k)
 *       The number of options of the item chosen at level l (Knuth's t_l,
 *       frozen while it is covered) and in k the position of the one in
 *       force, from 0: what his estimate of the tree's size is made of.
 *   dlxi_last_updates(p)
 *       The updates the option in force at level-1 counted when it was
 *       tried (0 at level 0): what a search starting from the path counts
 *       first, so a donor giving its whole path away can take it off its own
 *       count. Leaves the links as they were.
 */
int32_t dlxi_untried(const dlx_problem *p, int32_t level, int32_t *opts, int32_t cap);
void dlxi_raise_floor(dlx_problem *p, int32_t to);
int32_t dlxi_path(const dlx_problem *p, int32_t *opts);
int32_t dlxi_level_width(const dlx_problem *p, int32_t level, int32_t *position);
uint64_t dlxi_last_updates(dlx_problem *p);
/* Knuth's estimate of the part of the subtree under levels 0..from-1 that
 * is done: the sum over levels l >= from of k_l / (t_from ... t_l). *width
 * (when not NULL) receives t_from ... t_(level-1). Built on
 * dlxi_level_width(), so it holds for any strategy. */
double dlxi_estimate_below(const dlx_problem *p, int32_t from, double *width);
/* The shallowest level from the floor with an untried option, or the level
 * when there is none; levels the memo (barren, above) already holds are not
 * walked again. The memo stays true while the search goes on: a level with
 * nothing left to try is never tried again before the search goes back
 * above it, and going back above the floor's barren levels ends the
 * subtree. So a paused search that is asked between every slice (a worker
 * of parallel.c with a hungry team) walks each level once, not once a
 * slice: on a chain of 100,000 forced levels that was quadratic. */
int32_t dlxi_barren(dlx_problem *p);
/* dlxi_estimate_below(p, p->floor, width), over the memo's levels at once. */
double dlxi_estimate_from_floor(dlx_problem *p, double *width);
/* dlx_estimate_done() of an engine whose levels have widths: Knuth's
 * estimate from the floor, half the level in force done. */
double dlxi_estimate_levels(const dlx_problem *p);
/* The links engines' own (split.c): the operations above on the links. The
 * options of a prefix are in range (the caller checked them). */
int dlxi_links_start_subtree(dlx_problem *p, const int32_t *prefix, int32_t n);
int32_t dlxi_links_untried(const dlx_problem *p, int32_t level, int32_t *opts, int32_t cap);
int32_t dlxi_links_level_width(const dlx_problem *p, int32_t level, int32_t *position);
uint64_t dlxi_links_last_updates(dlx_problem *p);
int32_t dlxi_links_path(const dlx_problem *p, int32_t levels, int32_t *out);

#endif
