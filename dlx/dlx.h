/* SPDX-License-Identifier: MIT */
/* dlx.h - libdlx, Knuth's Algorithm X with dancing links, as a library.
 *
 * An exact-cover problem is a set of items and a set of options (each option
 * a set of items). A solution picks options so that every primary item is
 * covered exactly once and every secondary item at most once -- or, when the
 * options give a secondary item a colour, by any number of options that all
 * give it the same colour (Knuth's XCC problems, his Algorithm C). A primary
 * item may also be given bounds lo..hi: covered by at least lo and at most hi
 * of the chosen options (Knuth's MCC problems, his Algorithm M, as in his
 * program DLX3).
 *
 * Life of a problem:
 *   1. dlx_new(); dlx_add_item() for every item; dlx_add_option() for every
 *      option. Items must all be added before the first option.
 *   2. Optionally dlx_commit() options that must be in every solution (a
 *      sudoku given); dlx_uncommit() undoes the last one exactly.
 *   3. dlx_search() runs (or resumes) the search; each solution goes to the
 *      callback set with dlx_set_solution_fn(). dlx_count() is the shortcut
 *      that only counts. dlx_reset() abandons a search half-way.
 *   4. The same problem can be committed, searched and reset any number of
 *      times: build it once, solve it many times.
 *
 * Ids: items and options are numbered from 0 in the order they were added.
 * Errors are negative return values (enum dlx_status); dlx_strerror() names
 * them. The library never prints, never exits and never aborts on bad input.
 *
 * Threads: there is no global or static mutable state. Distinct problems may
 * be used from distinct threads at the same time; one problem must not be
 * used from two threads at once. dlx_clone() gives each thread its own copy.
 *
 * Callbacks (the solution callback, the event hook and the prefix callback)
 * run inside the search that calls them. From inside, a callback may read
 * the problem (every dlx_item_*, dlx_option_*, dlx_level, dlx_get_stats,
 * dlx_estimate_done call), change the limit, the callbacks and the
 * statistics, and stop the search by its return value. Every call that
 * would change the structure under the running search is refused:
 * dlx_search, dlx_count, dlx_enumerate_prefixes, dlx_reset,
 * dlx_uncommit_all, the commit calls, dlx_add_item, dlx_add_option,
 * dlx_set_seed, dlx_set_choose, dlx_set_strategy and dlx_set_inference return DLX_EBUSY,
 * dlx_clone returns NULL,
 * and dlx_free does nothing (free the problem after dlx_search returns).
 * Other problems, clones included, may be used freely from a callback.
 */
#ifndef DLX_H
#define DLX_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32)
#define DLX_API
#elif defined(__GNUC__)
#define DLX_API __attribute__((visibility("default")))
#else
#define DLX_API
#endif

#define DLX_VERSION "1.0.0"

typedef struct dlx_problem dlx_problem;

/* Return codes. Non-negative values are normal outcomes. */
enum dlx_status {
    DLX_OK = 0,        /* done: the search space is exhausted */
    DLX_STOPPED = 1,   /* stopped by the solution callback, the event hook or
                          the solution limit; dlx_search() resumes */
    DLX_PAUSED = 2,    /* the node budget given to dlx_search() ran out;
                          dlx_search() resumes */
    DLX_ENOMEM = -1,   /* out of memory (the problem is unchanged) */
    DLX_EINVAL = -2,   /* an argument is out of range or NULL */
    DLX_EITEM = -3,    /* an option names an item id that does not exist */
    DLX_EDUP = -4,     /* an option names the same item twice */
    DLX_ECOLOR = -5,   /* a colour on a primary item, or a negative colour */
    DLX_EORDER = -6,   /* an item added after the first option */
    DLX_EBUSY = -7,    /* not allowed now: a search is under way (reset
                          first), options are committed (building and
                          seeding), or a callback of this problem is running */
    DLX_ECONFLICT = -8,/* commit: the option clashes with committed ones */
    DLX_EEMPTY = -9,   /* uncommit: nothing is committed */
    DLX_ETOOBIG = -10, /* more than INT32_MAX items, options or nodes */
    DLX_ENAMES = -11,  /* the item names come to more than INT32_MAX bytes */
    DLX_EBOUNDS = -12, /* item bounds out of range: 0 <= lo <= hi and hi >= 1
                          are needed, on a primary item */
    DLX_ESTRATEGY = -13 /* the strategy asked for (dlx_set_strategy()) cannot
                          search this problem */
};

/* A short English sentence for a status code. Never NULL; static storage. */
DLX_API const char *dlx_strerror(int code);

/* --- Building ------------------------------------------------------------ */

/* Memory: one function does all allocation, as in Lua's lua_Alloc.
 * alloc(ud, ptr, old_size, new_size) behaves like realloc(ptr, new_size)
 * when new_size > 0 and like free(ptr) (returning NULL) when new_size == 0.
 * Returning NULL for new_size > 0 means out of memory. */
typedef void *(*dlx_alloc_fn)(void *ud, void *ptr, size_t old_size, size_t new_size);

/* A new empty problem using malloc/realloc/free. NULL when out of memory.
 * The caller owns the problem and releases it with dlx_free(). */
DLX_API dlx_problem *dlx_new(void);
/* The same, with the caller's allocator; every byte the problem ever holds
 * goes through alloc(ud, ...). */
DLX_API dlx_problem *dlx_new_alloc(dlx_alloc_fn alloc, void *ud);
/* Releases everything the problem holds. NULL is allowed. Called from inside
 * one of the problem's own callbacks it does nothing (see above). */
DLX_API void dlx_free(dlx_problem *p);
/* A deep copy of a problem (items, options, commitments, settings), with no
 * search under way and zero statistics: a search under way in p (paused or
 * stopped) is not carried over, and p goes on with it unchanged. NULL when
 * out of memory or from inside one of p's callbacks. The copy is
 * independent and may go to another thread. */
DLX_API dlx_problem *dlx_clone(const dlx_problem *p);

/* Item flags: an item is primary (covered exactly once, or between its
 * bounds) or secondary (at most once, or shared under one colour). */
#define DLX_PRIMARY 0u
#define DLX_SECONDARY 1u

/* Adds an item. name may be NULL; it is copied. Returns the item id (>= 0)
 * or a negative status (DLX_EORDER after the first option, DLX_EINVAL for
 * unknown flags or a NULL problem, DLX_EBUSY during a search or with options
 * committed, DLX_ENOMEM, DLX_ETOOBIG, DLX_ENAMES). */
DLX_API int32_t dlx_add_item(dlx_problem *p, const char *name, unsigned flags);

/* Adds a primary item that every solution must cover at least lo and at most
 * hi times (Knuth's multiplicities: DLX3's `lo:hi|name`). flags must be
 * DLX_PRIMARY; 0 <= lo <= hi and hi >= 1, else DLX_EBOUNDS (DLX_EINVAL for
 * other flags). lo = hi = 1 is dlx_add_item(): a problem none of whose items
 * has other bounds is an exact-cover problem and is searched by Algorithm X
 * (or C) as before, at no cost for the bounds. Otherwise the search is
 * Algorithm M. Returns the item id or a status, as dlx_add_item(). */
DLX_API int32_t dlx_add_item_bounds(dlx_problem *p, const char *name, unsigned flags, int32_t lo,
                                    int32_t hi);

/* Adds an option covering items[0..n-1]. colors may be NULL (no colours);
 * otherwise colors[k] is the colour of items[k]: 0 for none, > 0 a colour,
 * allowed on secondary items only. Returns the option id (>= 0) or a negative
 * status (DLX_EITEM, DLX_EDUP, DLX_ECOLOR, DLX_EINVAL, DLX_EBUSY, DLX_ENOMEM,
 * DLX_ETOOBIG); on error nothing is added. An option with no primary item is
 * accepted but can never be chosen by the search. */
DLX_API int32_t dlx_add_option(dlx_problem *p, const int32_t *items, const int32_t *colors,
                               int32_t n);

/* --- Questions about the problem ---------------------------------------- */

DLX_API int32_t dlx_item_count(const dlx_problem *p);
DLX_API int32_t dlx_option_count(const dlx_problem *p);
/* The item's name as given, or NULL (no name, or id out of range). Owned by
 * the problem; valid until the next dlx_add_item() or dlx_free(). */
DLX_API const char *dlx_item_name(const dlx_problem *p, int32_t item);
/* 1 for a secondary item, 0 for a primary one, DLX_EINVAL out of range. */
DLX_API int dlx_item_is_secondary(const dlx_problem *p, int32_t item);
/* The bounds the item was given: *lo and *hi (either may be NULL) get 1 and 1
 * for a primary item added by dlx_add_item(), its lo and hi for one added by
 * dlx_add_item_bounds(), and 0 and 1 for a secondary item (which options of
 * one colour may share). DLX_OK, or DLX_EINVAL out of range. */
DLX_API int dlx_item_bounds(const dlx_problem *p, int32_t item, int32_t *lo, int32_t *hi);
/* 1 when some item has bounds other than 1..1 (the problem is searched by
 * Algorithm M), else 0. */
DLX_API int dlx_has_bounds(const dlx_problem *p);
/* Number of items in option opt (>= 0) or DLX_EINVAL. Copies at most cap of
 * its items (and their colours, when colors is not NULL) in the order given
 * to dlx_add_option(). items may be NULL when cap is 0. */
DLX_API int32_t dlx_option_items(const dlx_problem *p, int32_t opt, int32_t *items, int32_t *colors,
                                 int32_t cap);

/* Live state, meant for event hooks and teaching tools: how many options are
 * still available to an item now (Knuth's LEN), and whether a primary item is
 * still to be covered. DLX_EINVAL out of range. */
DLX_API int32_t dlx_item_remaining(const dlx_problem *p, int32_t item);
DLX_API int dlx_item_is_active(const dlx_problem *p, int32_t item);
/* How many more options primary item `item` needs at least (*lo) and may
 * take at most (*hi) now: its bounds less the options in force that cover
 * it; 1 and 1 for an active item without bounds, 0 and 0 once it takes no
 * more (covered, or after a null move). With remaining options len, its
 * branching degree is len - lo + 1. Either pointer may be NULL. DLX_OK, or
 * DLX_EINVAL for a secondary item or one out of range. */
DLX_API int dlx_item_residual(const dlx_problem *p, int32_t item, int32_t *lo, int32_t *hi);
/* Copies at most cap of the options still available to item now, in list
 * order; returns how many there are. */
DLX_API int32_t dlx_item_options(const dlx_problem *p, int32_t item, int32_t *opts, int32_t cap);
/* Copies at most cap of the active primary items in list order; returns how
 * many there are. */
DLX_API int32_t dlx_active_items(const dlx_problem *p, int32_t *items, int32_t cap);

/* --- Commitments --------------------------------------------------------- */

/* Puts option opt into every solution from now on, covering its items as if
 * the search had chosen it. DLX_ECONFLICT when it clashes with what is
 * already committed (the problem is then unchanged), DLX_EINVAL for an option
 * with no primary item (the search never chooses those), DLX_EBUSY during a
 * search. Committed options come first in every reported solution.
 *
 * dlx_commit(p, DLX_EXCLUDE(opt)) does the opposite: it keeps option opt out
 * of every solution from now on (a no-op when the commitments already rule
 * it out; DLX_ECONFLICT when opt itself is committed). An exclusion sits on the same stack as the commitments:
 * dlx_uncommit() undoes it, dlx_commit_count() counts it, and it never shows
 * in a solution. This is what the prefixes of a problem with bounds are made
 * of (see dlx_enumerate_prefixes()). */
#define DLX_EXCLUDE(opt) (-1 - (int32_t)(opt))
DLX_API int dlx_commit(dlx_problem *p, int32_t opt);
/* Commits opts[0..n-1] (exclusions allowed) as n calls of dlx_commit() would, all or nothing: on
 * a clash (DLX_ECONFLICT) or an option without primary item (DLX_EINVAL)
 * nothing stays committed and *failed (when not NULL) gets the index of the
 * offending option (-1 on success). */
DLX_API int dlx_commit_many(dlx_problem *p, const int32_t *opts, int32_t n, int32_t *failed);
/* Undoes the most recent dlx_commit() exactly. DLX_EEMPTY if none. */
DLX_API int dlx_uncommit(dlx_problem *p);
/* Undoes every commitment, abandoning any search under way first (as
 * dlx_reset() does). With many commitments this is a copy of the links as
 * they were before the first one, not a dance backwards: the cheap way to
 * move on to the next puzzle. */
DLX_API int dlx_uncommit_all(dlx_problem *p);
DLX_API int32_t dlx_commit_count(const dlx_problem *p);

/* --- Searching ----------------------------------------------------------- */

/* Called with each solution: the option ids, committed ones first, then one
 * per search level. The array is owned by the problem and valid only during
 * the call. Return 0 to go on, non-zero to stop (dlx_search() then returns
 * DLX_STOPPED and a later dlx_search() resumes after this solution). */
typedef int (*dlx_solution_fn)(void *ctx, const int32_t *options, int32_t count);

DLX_API void dlx_set_solution_fn(dlx_problem *p, dlx_solution_fn fn, void *ctx);
/* Stop (DLX_STOPPED) once this many solutions have been found since the last
 * dlx_reset(); 0 means no limit (the default). Limit 2 checks uniqueness. */
DLX_API void dlx_set_limit(dlx_problem *p, uint64_t max_solutions);

/* How the search picks the item to branch on. */
enum dlx_choose {
    DLX_CHOOSE_MRV = 0,  /* fewest remaining options, leftmost on ties: the
                            rule of Knuth's DLX1 (the default) */
    DLX_CHOOSE_MRV_FULL, /* the same rule, under its old name: it once
                            meant "look on past an item with one option",
                            which every MRV search now does */
    DLX_CHOOSE_FIRST,    /* simply the leftmost active item */
    DLX_CHOOSE_MRV_RECENT /* fewest remaining options, as DLX_CHOOSE_MRV, but
                            ties go first to a "recent" item: of the items
                            whose options the option chosen one level up
                            ruled out (and left with some), the one with
                            fewest, leftmost among those; then leftmost. It
                            follows the consequences of the last choice
                            first, as kudoku does for sudoku, and so
                            visits a different tree from DLX1's (the same
                            solutions, in another order; docs/library.md
                            has what it saves), and on bit sets a forced
                            move made by the last choice needs no scan.
                            Level 0 and Algorithm M (bounds) use the plain
                            MRV rule; with a seed, ties are random. Both
                            strategies visit the same tree under it */,
    DLX_CHOOSE_MRV_PATH   /* fewest remaining options, as DLX_CHOOSE_MRV, but
                            ties go to the items of the last path: the
                            search keeps the items in an order, header
                            order at the start of each search, and moves
                            the item chosen at level l to place l (the item
                            there takes its old place); ties go to the
                            item placed first. Back down after a
                            backtrack, ties thus go first to the items the
                            path before chose, level by level (the one it
                            failed on among them), as the bitmask sudoku
                            solver's array of blanks does (sudoku/
                            solve_bitmask.c). The order is history, not
                            the path: the same search visits the same tree,
                            but a piece of a split or parallel search has
                            its own order. On 25 x 25 sudokus near the
                            hardest density it finishes puzzles in a
                            heavy tail that leftmost ties do not
                            (docs/sudoku.md, "Big grids"). Always on the
                            links; Algorithm M (bounds) breaks ties as
                            DLX_CHOOSE_MRV does, a seed at random */
};
/* With bounds (Algorithm M) "fewest options" is Knuth's branching degree of
 * DLX3 and SSMCC: an item with len options left, residual bound b (how many
 * more options may cover it) and slack s = min(hi - lo, b) has
 * len + s - b + 1 branches (<= 0: it cannot reach its lower bound, a dead
 * end). The rule takes the least degree; among equal degrees the smaller s,
 * then the larger len, then the leftmost (or a random one, with a seed), as
 * DLX3 does. With bounds both MRV rules look at every item (they stop only
 * at a dead end) and visit exactly DLX3's search tree: stopping at a forced
 * move was measured to cost nodes and time. Without bounds the degree is
 * len and the rules are those above. */
DLX_API int dlx_set_choose(dlx_problem *p, enum dlx_choose rule);

/* How the search keeps its state. Both strategies visit the same tree (the
 * same nodes, in the same order, under DLX_CHOOSE_MRV and MRV_FULL) and find
 * the same solutions in the same order; they differ in speed only. */
enum dlx_strategy {
    DLX_STRATEGY_AUTO = 0, /* bits when the problem is small enough, else
                              links (the default) */
    DLX_STRATEGY_LINKS,    /* dancing links, as Knuth's DLX1 and DLX2 */
    DLX_STRATEGY_BITS      /* bit sets: one bit per option and a count per
                              item, each level a copy of its parent's state;
                              a trial stops as soon as an item is left with
                              no option (as Knuth's SSXC1 does) */
};
/* DLX_EINVAL for an unknown strategy, DLX_EBUSY during a search. An event
 * hook, a seed, DLX_CHOOSE_FIRST, DLX_CHOOSE_MRV_PATH or the inference
 * always dance on the links: the hook reports the dance itself, the seed
 * shuffles the links' lists. With bounds (Algorithm M) the bits visit
 * DLX3's tree with one kind of node left out: an item with no option left
 * whose lower bound is met is switched off at once instead of taking a
 * node for its null move (as Knuth's SSMCC does), so the nodes are fewer,
 * the solutions the same, in the same order; DLX_CHOOSE_MRV_FULL keeps
 * DLX3's own tree, on the links, unless the bits are asked for. A strategy
 * that cannot search the problem at all is refused: dlx_search() (and
 * dlx_count(), dlx_start_subtree()) return DLX_ESTRATEGY. */
DLX_API int dlx_set_strategy(dlx_problem *p, enum dlx_strategy strategy);
/* The strategy the search under way (or just finished) runs on, or, with
 * no search under way, the one dlx_search() would pick now; from the
 * callbacks of dlx_min_cost() and dlx_count_memo(), whose engines are
 * neither, DLX_STRATEGY_AUTO. */
DLX_API enum dlx_strategy dlx_search_strategy(const dlx_problem *p);

/* Randomisation, off by default. With a seed, every item's options are put
 * in a random order, and ties between items are broken at random: without
 * bounds each search from the root draws a random order of the items and
 * ties go to the first of them in it (so each tied item is as likely as the
 * others, at the cost of the unseeded choice); with bounds (Algorithm M)
 * each tie is drawn on its own. The same seed gives the same search.
 * DLX_EBUSY during a search or with commitments. */
DLX_API int dlx_set_seed(dlx_problem *p, uint64_t seed);

/* An inference at each node of the search, off by default. With
 * DLX_INFER_SHARED_ITEM, before choosing an item the search looks at every
 * active primary item A with 2 to max_options options left: when every one
 * of them also covers another primary item B, A's option will cover B, so
 * every option of B that does not cover A is taken out (as if hidden) until
 * the search backs up past this node. In a sudoku this is locked
 * candidates (pointing and claiming): A a box's symbol whose places all lie
 * in one row, B that row's symbol. The scan repeats until it takes nothing
 * out, and is skipped at a node where some item has one option or none
 * (the search covers that item next). It only takes out options that are
 * in no solution: the solutions are the same (perhaps in another order,
 * since shorter lists may change the branching choices); the tree is
 * smaller, and its nodes are still counted as below (each node's
 * inference is part of that node's work; its removals count as updates,
 * and in dlx_inferred()). It pays where a cheaper branch is missed
 * otherwise (25 x 25 sudokus: docs/sudoku.md) and costs a scan per node
 * elsewhere: measure. Secondary items are never A or B (an option may leave
 * a secondary item uncovered, or share it at the same colour), so the rule
 * holds with colours as without. It is not used with bounds (Algorithm M:
 * an item may then be covered by several options or none), nor in a search
 * watched by an event hook (the events tell the plain dance); a search
 * with it always dances on the links (the bit-set search has no
 * inference), and the pieces of a split or parallel search each infer
 * from their own start, so their nodes need not add up to one search's
 * (their solutions do). DLX_EINVAL for an unknown kind or max_options < 2
 * with DLX_INFER_SHARED_ITEM; DLX_EBUSY during a search. */
enum dlx_inference {
    DLX_INFER_NONE = 0,      /* no inference (the default) */
    DLX_INFER_SHARED_ITEM    /* the rule above */
};
DLX_API int dlx_set_inference(dlx_problem *p, enum dlx_inference kind, int32_t max_options);
/* The inference set on p, and in *max_options (when not NULL) its
 * threshold (0 with DLX_INFER_NONE or a NULL p). */
DLX_API enum dlx_inference dlx_inference(const dlx_problem *p, int32_t *max_options);

/* Runs the search, or resumes a stopped or paused one. node_budget > 0 makes
 * it pause (DLX_PAUSED) after visiting that many more search-tree nodes, so a
 * caller can show progress or honour Ctrl-C between calls; 0 means no budget.
 * Returns DLX_OK when the whole search space has been explored (a further
 * call returns DLX_OK at once until dlx_reset()), DLX_STOPPED or DLX_PAUSED
 * as above, or a negative status. */
DLX_API int dlx_search(dlx_problem *p, uint64_t node_budget);

/* Abandons any search under way and rewinds to the start: the structure is
 * back as it was after the commitments. Statistics are kept. DLX_OK, or
 * DLX_EBUSY from inside a callback (DLX_EINVAL for NULL). */
DLX_API int dlx_reset(dlx_problem *p);

/* Counts all solutions (up to the limit) without a callback: a reset, a full
 * search, a reset. *count receives the number found by this call. Returns
 * DLX_OK, DLX_STOPPED (limit reached) or a negative status. */
DLX_API int dlx_count(dlx_problem *p, uint64_t *count);

/* Knuth's estimate of the fraction of the search tree already explored, from
 * the positions of the current choices at the first levels: the sum over
 * levels l of (k_l / t_0 t_1 ... t_l), where option k_l (from 0) of t_l is
 * being tried at level l. 0 before a search, 1 once it is done. For a
 * search of a subtree (dlx_start_subtree()) or one that gave work away
 * (dlx_split()), the fraction explored of the part that is its own, with
 * the levels counted from that part's root. Costs nothing
 * on the search's hot path (computed on demand); cheap enough to call once a
 * second between dlx_search() calls with a node budget. */
DLX_API double dlx_estimate_done(const dlx_problem *p);
/* The current search level (number of options chosen by the search so far,
 * not counting commitments), or 0 when no search is under way. */
DLX_API int32_t dlx_level(const dlx_problem *p);

/* --- Statistics ---------------------------------------------------------- */

/* Same meanings as in Knuth's programs, so figures compare:
 * nodes: search-tree nodes: each time the search enters a level and
 *        chooses an item, plus one for each solution (a leaf of the tree,
 *        as in Knuth's DLX1 and TAOCP 7.2.2-(4));
 * updates: removals of an item from the active list by a cover plus
 *          removals of a node from an item's list (with bounds, those of
 *          the tweaks too; an item leaving the list by a null move is not
 *          counted, as in Knuth's DLX3); the inference's removals count too.
 * With the inference (dlx_set_inference) a node is still one entry to a
 * level: its scan and removals are part of that node, not nodes of their
 * own. */
typedef struct dlx_stats {
    uint64_t solutions;
    uint64_t nodes;
    uint64_t updates;
    int32_t max_level; /* deepest level reached, counting from 0; a solution
                          found after choosing at level l counts as l+1 */
} dlx_stats;

DLX_API void dlx_get_stats(const dlx_problem *p, dlx_stats *out);
DLX_API void dlx_reset_stats(dlx_problem *p);
/* The options the inference (dlx_set_inference) took out since the last
 * dlx_reset_stats(), each time it did (an option may go again on another
 * path); kept apart from dlx_stats so that the struct keeps its size.
 * After dlx_search_threads() it includes every thread's removals, added
 * up as the statistics are. */
DLX_API uint64_t dlx_inferred(const dlx_problem *p);

/* The profile of the search, as Knuth's programs print it: how many of its
 * nodes were at each level (a solution found after choosing at level l is
 * a node of level l + 1, as in dlx_stats), and the largest branching
 * degree seen (the options left to the chosen item; with bounds the
 * branches, the null move included). Off by default: dlx_set_profile(p, 1)
 * keeps it from the next dlx_search() call on, added up until
 * dlx_reset_stats(). It runs the search on the links' general loop (the
 * one a trace uses: slower than the fast loops, the same tree), so not on
 * bit sets and not on threads (dlx_search_threads() refuses it with
 * DLX_EINVAL, as it does an event hook). DLX_EBUSY during a search. */
DLX_API int dlx_set_profile(dlx_problem *p, int on);
/* Copies the nodes of levels 0..cap-1 into nodes[] and returns how many
 * levels have any (0 when profiling is off or nothing was searched), so a
 * first call with cap 0 asks the size. */
DLX_API int32_t dlx_get_profile(const dlx_problem *p, uint64_t *nodes, int32_t cap);
/* The largest branching degree the profile saw; 0 if none. */
DLX_API int32_t dlx_max_degree(const dlx_problem *p);

/* --- Splitting a search ---------------------------------------------------- */

/* Called with each prefix: the options chosen at levels 0..count-1 (committed
 * options not included). is_solution is 1 when the prefix is itself a
 * complete solution found above the requested depth (always 0 from
 * dlx_split()). Return non-zero to stop (dlx_split(): to refuse the split).
 * The array is owned by the problem and valid only during the call. On a
 * problem with bounds an item keeps its options after one is chosen, so a
 * branch is not only "this option" but also "none of the options tried
 * before it at this level": a prefix from dlx_enumerate_prefixes() then also
 * holds DLX_EXCLUDE(opt) entries (negative), one for each option ruled out,
 * in the order the walk ruled them out; dlx_commit() takes both kinds. */
typedef int (*dlx_prefix_fn)(void *ctx, const int32_t *options, int32_t count, int is_solution);

/* Walks the search tree down to `depth` levels and reports every subtree root
 * there (and every solution found above it), choosing items by the same
 * rule as the search. The walk announces no events and adds nothing to the
 * statistics. Searching from each prefix
 * (dlx_commit() its entries, dlx_search(), dlx_uncommit() them) visits
 * disjoint parts of the tree whose solutions add up to the whole. Returns
 * DLX_OK, DLX_STOPPED or a negative status; the problem is reset after. */
DLX_API int dlx_enumerate_prefixes(dlx_problem *p, int32_t depth, dlx_prefix_fn fn, void *ctx);

/* Dynamic splitting, what work stealing and a distributed search use: a
 * running search gives away the options it has not tried yet, each as a
 * prefix, and another search (on a clone, a thread, a machine holding the
 * same problem) explores the subtree under it. The pieces are disjoint, and
 * their solutions, nodes and updates add up exactly to those of one search
 * (with dlx_set_seed(), the solutions still do; nodes may not, since each
 * piece breaks ties with its own random numbers).
 *
 * dlx_start_subtree() sets p up to search one such subtree: the options
 * prefix[0..n-1] are put in force as the search's levels 0..n-1 would have
 * them, and the next dlx_search() explores only what lies under the last
 * one, ending with DLX_OK and the structure as it was. Statistics count
 * what one whole search counts below that point, including the covering
 * done by trying the last option itself; putting the others in force is not
 * counted (its donor counted it). Solutions are reported whole: committed
 * options, then the prefix, then the rest. n = 0 is the whole search. Any
 * search under way is abandoned first. DLX_EINVAL for an option id out of
 * range, DLX_ECONFLICT for an option that cannot follow the ones before it
 * (nothing is then in force), DLX_EBUSY from inside a callback,
 * DLX_ENOMEM. On a problem with bounds (Algorithm M) a prefix from
 * dlx_split() also names, at each level, the options tried before its
 * branch (as DLX_EXCLUDE(option)) and null moves (other negative numbers);
 * only its search on bit sets can be split: on the links only n = 0 is
 * accepted (DLX_EINVAL otherwise). */
DLX_API int dlx_start_subtree(dlx_problem *p, const int32_t *prefix, int32_t n);

enum dlx_split_mode {
    DLX_SPLIT_SHALLOWEST, /* the untried options of the shallowest level that
                             has any (what a thief steals); the search goes
                             on with the rest */
    DLX_SPLIT_ALL         /* all the work not yet done, down to the subtree the
                             search is about to enter (its path, as one more
                             prefix); the search is then over, reset, and its
                             statistics count exactly the work it did */
};

/* Gives away part of a search paused by its node budget (DLX_PAUSED): fn
 * receives each piece as a prefix for dlx_start_subtree(), shallowest first,
 * and the search will not explore them. Returns how many pieces were given;
 * 0 when there is nothing to give (the search is on its last path) or when
 * fn refused a piece by returning non-zero (nothing is then given away: the
 * pieces already received must be dropped). With fn NULL, nothing changes
 * and the return value says how many pieces there would be. DLX_EINVAL when
 * no search is paused, DLX_EBUSY from inside a callback, DLX_ENOMEM. A
 * problem with bounds (Algorithm M) splits on bit sets (its prefixes are
 * longer: see dlx_start_subtree()); on the links it gives nothing away
 * (0), and a parallel search of it runs on one thread. */
DLX_API int32_t dlx_split(dlx_problem *p, enum dlx_split_mode mode, dlx_prefix_fn fn, void *ctx);

/* --- One search on many threads ------------------------------------------ */

/* What each thread did, for the watch callback. */
typedef struct dlx_thread_stats {
    uint64_t nodes;      /* search-tree nodes it visited */
    uint64_t units;      /* subtrees it searched (the first thread's first is the whole tree) */
    uint64_t splits;     /* times it gave work away */
    double idle_seconds; /* time it waited for work */
} dlx_thread_stats;

/* A parallel search as the watch callback sees it. */
typedef struct dlx_progress {
    double done;     /* Knuth's estimate of the fraction of the tree explored, combined over
                        the threads (see dlx_estimate_done()); 1 at the end of a full search */
    dlx_stats stats; /* this search's figures, summed over the threads */
    int32_t threads; /* threads searching */
    int32_t busy;    /* of those, how many have work now */
    uint64_t units;  /* subtrees handed out so far */
    int final;       /* 1 on the last call, once every thread has finished */
    const dlx_thread_stats *thread; /* [threads]; owned by the search, valid during the call */
} dlx_progress;

/* Called on the thread that called dlx_search_threads(), about every 50 ms
 * while the search runs (with figures a moment old), and once more when it
 * is over (final = 1, with the final figures; its answer is then ignored).
 * Every thread has been started by the first call, so a caller that keeps
 * signals away from the threads (by blocking them around the call) can
 * take them back on its own thread there. Return non-zero to stop the
 * search (Ctrl-C, a time limit). */
typedef int (*dlx_watch_fn)(void *ctx, const dlx_progress *progress);

/* One search of p on `threads` POSIX threads (0: one per processor), with
 * work handed out as it runs: whenever a thread is idle, a busy one gives
 * away the untried options of its shallowest level (dlx_split()), and the
 * idle one searches a subtree (dlx_start_subtree()) on its own clone of p.
 * Returns DLX_OK when the whole tree has been searched, DLX_STOPPED when
 * the limit was reached, the solution callback or the watch asked to stop,
 * or a negative status (DLX_ENOMEM, also when a thread cannot be started;
 * DLX_EINVAL with an event hook set, since events are one stream). No
 * thread is left running and nothing is leaked in any case.
 *
 * - Any search under way on p is abandoned first, and p is left idle after:
 *   a parallel search cannot be resumed. p's limit and solution callback at
 *   the start of the call are used; its statistics grow by the search's,
 *   summed over the threads: the solutions, nodes and updates of a full
 *   search equal one thread's exactly (unless dlx_set_seed() was used:
 *   each subtree then breaks ties with its own random numbers).
 * - Solutions reach the callback one at a time, never two at once, from
 *   whichever thread found them, in the order they are found: within one
 *   subtree in the order of dlx_search(), subtrees interleaved as the
 *   threads go, so the order changes from run to run. The limit holds over
 *   all threads: exactly that many reach the callback, and once it is
 *   reached every thread stops within a slice (about a millisecond).
 * - p itself is not searched and must not be changed while the threads run:
 *   from the callbacks, the calls that would change it are refused as from
 *   any callback (DLX_EBUSY); reading it is fine. dlx_get_stats(p) gives
 *   the figures only once the call has returned (the watch has them live).
 * - Memory: every block comes from p's allocator, called from the threads
 *   as well, but never from two at once; the threads' stacks come from the
 *   system (pthread_create). Each thread holds a clone of p. */
DLX_API int dlx_search_threads(dlx_problem *p, int32_t threads, dlx_watch_fn watch, void *ctx);

/* --- Watching the search (tracing, teaching) ------------------------------ */

enum dlx_event_kind {
    DLX_EV_CHOOSE,    /* item chosen at level; remaining = its option count */
    DLX_EV_TRY,       /* option tried at level for item */
    DLX_EV_COVER,     /* item covered (by choice, or as part of an option) */
    DLX_EV_UNCOVER,   /* item uncovered */
    DLX_EV_PURIFY,    /* secondary item fixed to colour `color` */
    DLX_EV_UNPURIFY,  /* that undone */
    DLX_EV_SOLUTION,  /* a solution at level (count options) */
    DLX_EV_DEAD_END,  /* chosen item has no options left (with bounds: it
                         cannot reach its lower bound, degree <= 0) */
    DLX_EV_BACKTRACK, /* all options of item at level tried: back up */
    /* Link detail: only with dlx_set_detail(p, DLX_DETAIL_LINKS), so a hook
     * written for the kinds above never sees these. */
    DLX_EV_HIDE,      /* node leaves its item's list (a cover's or purify's) */
    DLX_EV_UNHIDE,    /* node goes back into its item's list */
    DLX_EV_MARK,      /* purify: node agrees with the colour: it stays, with
                         its colour set to -1 (settled) */
    DLX_EV_UNMARK,    /* unpurify: its colour given back */
    /* Only problems with bounds (Algorithm M) have these: */
    DLX_EV_TWEAK,     /* the option just tried leaves the list of the item
                         chosen at level, for the rest of the level: later
                         branches do without it (Knuth's "tweak") */
    DLX_EV_UNTWEAK,   /* the level's tweaks undone at once, before its item's
                         UNCOVER; remaining = how many options go back */
    DLX_EV_USE,       /* a primary item of the option tried takes one more
                         option but is not used up: its residual bound drops
                         to hi, and it stays active (the last use is a COVER) */
    DLX_EV_UNUSE,     /* that undone: the bound goes back up to hi + 1 */
    DLX_EV_SKIP       /* the last branch at level: the item chosen takes no
                         further option (Knuth's null move), and leaves the
                         active items until the BACKTRACK */
};

typedef struct dlx_event {
    enum dlx_event_kind kind;
    int32_t level;     /* search level, from 0 */
    int32_t item;      /* item id, or -1 */
    int32_t option;    /* option id, or -1 */
    int32_t remaining; /* CHOOSE: options left for the item; UNTWEAK: the
                          number of options put back; else -1 */
    int32_t color;     /* PURIFY/UNPURIFY: the colour; else 0 */
    int32_t index;     /* TRY and SKIP: 0-based number of the branch at the
                          level (for TRY without bounds, the option's position
                          in the item's list); else -1 */
    /* The members below came later; old hooks may ignore them. Links are slots of
     * the node layout (dlx_node(): item id i has header i + 1, 0 is the
     * root of the active list). A member a kind does not name is 0. */
    uint64_t seq;      /* every event: 1, 2, ... since the search began */
    uint64_t updates;  /* every event: the `updates` statistic just before
                          this step (dlx_get_stats() says the same here) */
    int32_t node;      /* HIDE, UNHIDE, MARK, UNMARK: the node; PURIFY,
                          UNPURIFY: the option's node that has the colour */
    int32_t up, down;  /* HIDE, UNHIDE: the node's ULINK and DLINK, which
                          it keeps while out: DLINK[up] and ULINK[down] are
                          the links rewired */
    int32_t len;       /* HIDE, UNHIDE, MARK, UNMARK: LEN of the node's item
                          after the step */
    int32_t left, right; /* COVER, UNCOVER: the item's header's LLINK and
                          RLINK, the neighbours whose links are rewired */
    int32_t scanned;   /* CHOOSE: how many active items the rule looked at,
                          in list order, before it settled on `item` (the
                          default rule stops at the first with 0 or 1
                          options; with a seed all are looked at) */
    int32_t lo, hi;    /* CHOOSE: how many more options the item needs at
                          least and may take at most (1 and 1 without bounds);
                          USE/UNUSE: hi is the residual bound after the use */
    int32_t degree;    /* CHOOSE: the number of branches at this level (the
                          item's remaining options without bounds; Knuth's
                          len + s - b + 1 with them, <= 0 a dead end) */
} dlx_event;

/* The order of events, which replays and teaching tools rely on: at each
 * level CHOOSE (then DEAD_END if the item has no option left) and COVER of
 * the chosen item; for each option tried, TRY, then COVER (or PURIFY) of
 * each of its other items from left to right starting after the chosen
 * item's node and wrapping round; SOLUTION when nothing is left to cover;
 * on the way back UNCOVER (or UNPURIFY) of those items right to left; when
 * the item's options are exhausted BACKTRACK and UNCOVER of the item. Each
 * COVER, PURIFY, UNCOVER and UNPURIFY comes just before the step it names,
 * so the hook sees the links as they are before that step and after the
 * ones announced before it. With link detail, each COVER is followed by a
 * HIDE for every node it takes out, in the order the dance takes them
 * (down the item's list, and along each option from left to right round to
 * the start); each PURIFY by a HIDE or MARK for every node of the item's
 * list; each UNCOVER and UNPURIFY by the UNHIDEs and UNMARKs that undo
 * those, in exactly the reverse order. Each comes just before its step,
 * like COVER. See docs/trace-json.md for the same order as a JSON stream.
 *
 * With bounds (Algorithm M) a level goes: CHOOSE; DEAD_END and nothing more
 * when its degree is <= 0; the COVER of the item only when this choice uses
 * up its bound (hi == 1). Then each branch: TRY, TWEAK unless the item was
 * covered with no slack (hi == 1, lo == 1: then the level is exactly X's),
 * and for each other item of the option a COVER (its last use), USE (a use
 * that leaves it active) or PURIFY, undone on the way back by UNCOVER, UNUSE
 * or UNPURIFY; or, as the last branch when the lower bound allows, SKIP.
 * Finally BACKTRACK, UNTWEAK (when there were tweaks) and the UNCOVER of the
 * item if it was covered. TWEAK/UNTWEAK and USE/UNUSE nest like COVER and
 * UNCOVER, an UNTWEAK closing all the level's TWEAKs at once. With link
 * detail a TWEAK is followed by a HIDE for each node the tweak takes out
 * (the option's other nodes while the item is active, then the item's own);
 * a SKIP has in hi the bound left and, when hi > 0, the item leaves the
 * active list between left and right until the level's BACKTRACK; an
 * UNTWEAK has in node, up and down the first and last options put back and
 * the list's head before (DLINK[item] becomes node, ULINK[down] up) and in
 * len the item's LEN after, and is followed by an UNHIDE for each option
 * put back (ULINK[node] becomes up), each with the UNHIDEs of its other
 * nodes while the item is active (docs/trace-json.md). */
/* Called for every event; the problem may be inspected (dlx_item_remaining()
 * and friends) but not changed from inside. Return non-zero to stop the
 * search (DLX_STOPPED; resumable). NULL turns the hook off; when off it costs
 * nothing on the search's hot path. */
typedef int (*dlx_event_fn)(void *ctx, const dlx_event *ev);
DLX_API void dlx_set_event_fn(dlx_problem *p, dlx_event_fn fn, void *ctx);

/* What the event hook is told beyond the kinds CHOOSE .. BACKTRACK: 0 (the
 * default) or DLX_DETAIL_LINKS, every link the dance changes (the HIDE,
 * UNHIDE, MARK and UNMARK events). Detail costs a call per node moved, and
 * only while a hook is set. Takes effect at the next dlx_search() call.
 * DLX_EINVAL for unknown flags. */
#define DLX_DETAIL_LINKS 1u
DLX_API int dlx_set_detail(dlx_problem *p, unsigned flags);

/* --- The node layout (teaching tools) -------------------------------------- */

/* Knuth's memory table (TAOCP 7.2.2.1, DLX1), which this engine keeps as he
 * does: slot 0 is unused; slots 1..N are the item headers (item id i at
 * i + 1); slot N+1 is the first spacer; then each option's nodes in
 * consecutive slots, each option followed by a spacer. Only ULINK, DLINK,
 * LEN and the colours change during a search; dlx_set_seed() reorders the
 * lists. */
typedef struct dlx_node_info {
    int32_t top;    /* TOP: a header's LEN; an option node's item header; a
                       spacer's -k, k the number of options before it */
    int32_t ulink, dlink;
    int32_t color;  /* 0 none, > 0 a colour, -1 while its item is purified;
                       a purified item's header: the colour it was given */
    int32_t option; /* an option node's option id; -1 for headers, spacers */
} dlx_node_info;

/* Number of slots (1 + headers + nodes + spacers); 0 for NULL. */
DLX_API int32_t dlx_node_count(const dlx_problem *p);
/* Slot x of the memory table, as it is now. DLX_EINVAL out of range. */
DLX_API int dlx_node(const dlx_problem *p, int32_t x, dlx_node_info *out);
/* The active list's links of header x (0..N; 0 is the root): LLINK and
 * RLINK. A secondary item, which is never in the list, links to itself; a
 * covered item keeps the links it had. DLX_EINVAL out of range. */
DLX_API int dlx_item_links(const dlx_problem *p, int32_t x, int32_t *llink, int32_t *rlink);

/* --- Costs: the cheapest solutions (dlx_min_cost) ------------------------- */

/* Every option costs 0 until it is given a cost (0 <= cost <= DLX_COST_MAX).
 * A cost is part of the problem: dlx_clone() copies it, the text format
 * writes it `$N` on the option's line (docs/format.md). DLX_EINVAL for a
 * cost or an option out of range, DLX_EBUSY during a search, DLX_ENOMEM. */
#define DLX_COST_MAX ((int64_t)1 << 62)
DLX_API int dlx_set_option_cost(dlx_problem *p, int32_t opt, int64_t cost);
/* dlx_add_option() followed by dlx_set_option_cost(): the option id or a
 * status; on error nothing is added. */
DLX_API int32_t dlx_add_option_cost(dlx_problem *p, const int32_t *items, const int32_t *colors,
                                    int32_t n, int64_t cost);
/* The option's cost (>= 0), or DLX_EINVAL out of range. */
DLX_API int64_t dlx_option_cost(const dlx_problem *p, int32_t opt);
/* 1 when some option has a cost other than 0, else 0. */
DLX_API int dlx_has_costs(const dlx_problem *p);

/* How much of the bound dlx_min_cost() uses: the plain enumeration that keeps
 * the best (for measuring what the bound saves), the cut on the cost so far
 * alone, or the whole bound (the default): the cost so far, plus for every
 * primary item still short of its lower bound, that many times the least
 * share of an option still open to it (an option's share is its cost over
 * its number of primary items, rounded down). */
enum dlx_cost_bound {
    DLX_BOUND_FULL = 0,
    DLX_BOUND_COST = 1, /* cut when the cost so far reaches the K-th best */
    DLX_BOUND_NONE = 2  /* no cut: every solution is visited */
};

/* One step of the branch and bound, for a trace (dlx_cost_opts.trace). */
enum dlx_cost_step_kind {
    DLX_COST_CHOOSE,   /* item chosen at level; bound = the bound of this node */
    DLX_COST_TRY,      /* option tried at level for item; cost = the cost so far with it */
    DLX_COST_CUT,      /* option (and, with rest = 1, all the dearer ones after it
                          in the item's list, sorted by cost) not tried: cost + bound
                          reaches best, the K-th best cost known */
    DLX_COST_SOLUTION, /* a solution of cost `cost` at level, kept (best is the new K-th best) */
    DLX_COST_DEAD_END  /* item has no option left, or cannot reach its lower bound */
};

typedef struct dlx_cost_step {
    enum dlx_cost_step_kind kind;
    int32_t level, item, option; /* item and option ids; -1 where none */
    int rest;                    /* DLX_COST_CUT: 1 when the rest of the list goes too */
    int64_t cost;                /* the cost so far (with the option tried, for TRY and CUT) */
    int64_t bound;               /* the lower bound of what the rest will cost */
    int64_t best;                /* the K-th best cost known; -1 while fewer than K */
} dlx_cost_step;

/* Receives each of the K cheapest solutions, cheapest first (ties in the order
 * found): its option ids and its cost. Return non-zero to stop the report. */
typedef int (*dlx_cost_fn)(void *ctx, const int32_t *options, int32_t count, int64_t cost);

typedef struct dlx_cost_opts {
    uint64_t k;                 /* how many of the cheapest; 0 means 1 */
    enum dlx_cost_bound bound;  /* DLX_BOUND_FULL unless measuring */
    dlx_cost_fn on_solution;    /* may be NULL (dlx_cost_result has the best cost) */
    /* Called about every 16384 nodes (fewer on problems of more than 1024
     * items: a node looks at every item) with the nodes so far; non-zero
     * stops the search (Ctrl-C, a limit): the best solutions found so far
     * are still reported, and dlx_min_cost() returns DLX_STOPPED. While the
     * watch and the other callbacks run, the search is under way on p: the
     * questions about it answer (dlx_level(), dlx_estimate_done(),
     * dlx_item_options() and the like, dlx_check()), and calls that would
     * change p or start another search of it are refused (DLX_EBUSY). May
     * be NULL. */
    int (*watch)(void *ctx, uint64_t nodes);
    /* Called at every step (small problems: a trace). May be NULL. */
    int (*trace)(void *ctx, const dlx_cost_step *step);
    void *ctx;                  /* handed to the three callbacks */
} dlx_cost_opts;

typedef struct dlx_cost_result {
    uint64_t found;      /* solutions reported (at most k) */
    int64_t best;        /* the cheapest cost; -1 when there is no solution */
    uint64_t nodes;      /* search-tree nodes (options tried) */
    uint64_t cuts;       /* options the bound kept from being tried */
    uint64_t solutions;  /* solutions reached (each better than the K-th best then) */
    int64_t root_bound;  /* the bound at the root */
} dlx_cost_result;

/* Finds the K cheapest solutions of p by branch and bound (Knuth's DLX5 idea:
 * each item's options sorted by cost, a list cut as soon as the bound fails),
 * with colours, bounds (lo:hi items) and the commitments in force; reports
 * them through o->on_solution in increasing cost. The search is the cost
 * engine's (dlx/search_cost.c), one of the library's engines, run in slices
 * between the watch's calls: it does not touch p's links, keeps its state
 * in a run structure of its own, and leaves p as it found it. p's
 * solution callback, limit and statistics are not used. Returns DLX_OK
 * (the search is complete: r->found < k means p has no more solutions),
 * DLX_STOPPED (the watch stopped it), DLX_EBUSY during a search (one that
 * ran to its end is forgotten first, as dlx_reset() would), DLX_ENOMEM.
 * r may be NULL. */
DLX_API int dlx_min_cost(dlx_problem *p, const dlx_cost_opts *o, dlx_cost_result *r);

/* How many nodes dlx_min_cost() and dlx_count_memo() search between two
 * calls of their watch: 0 (the default) for about 16384, fewer on problems
 * of more than 1024 items. Allowed from inside the watch, where it sets the
 * next interval: a caller with a node limit L sets min(L - nodes, 16384)
 * there and stops at exactly L. dlx_clone() copies it. DLX_EINVAL for a
 * NULL p. */
DLX_API int dlx_set_watch_interval(dlx_problem *p, uint64_t nodes);

/* --- Counting by memo, and the ZDD of all solutions (dlx_count_memo) ------ */

/* A count that may pass 2^64: hi * 2^64 + lo. */
typedef struct dlx_u128 {
    uint64_t hi, lo;
} dlx_u128;

/* Writes n in decimal into buf (at least 40 bytes: 2^128 has 39 digits);
 * returns buf. */
DLX_API char *dlx_u128_string(dlx_u128 n, char *buf);

/* The branching rule of the memo count: the first item still to cover in
 * item order (states repeat most), or the one with the fewest options left
 * (the smallest tree, ties to the first). Both are a function of the state,
 * as a memo needs. */
enum dlx_memo_rule {
    DLX_MEMO_MRV = 0,
    DLX_MEMO_FIRST = 1
};

typedef struct dlx_memo_opts {
    enum dlx_memo_rule rule;
    /* Memory for the memo and the ZDD, in bytes; 0: no cap. Past it (or when
     * the allocator says no) the count goes on without storing new states:
     * still exact, but the ZDD is then incomplete (dlx_memo_result.zdd_complete 0). */
    uint64_t memory_limit;
    int keep_zdd;      /* 1: hand the ZDD back through *zdd */
    int no_memo;       /* 1: count by the same search without the memo (for measuring) */
    int keep_memo;     /* 1: never give the memo up for the plain search (see DLX_MEMO_PROBE) */
    /* Called about every 16384 nodes (fewer on problems of more than 1024
     * items), with p under way as dlx_cost_opts.watch says; non-zero stops
     * the count (DLX_STOPPED; r->count is then a lower bound: the solutions
     * of the branches finished). */
    int (*watch)(void *ctx, uint64_t nodes, uint64_t states);
    void *ctx;
} dlx_memo_opts;

typedef struct dlx_memo_result {
    dlx_u128 count;       /* the number of solutions */
    uint64_t nodes;       /* options tried (search-tree nodes, as dlx_stats counts them) */
    uint64_t states;      /* distinct states stored in the memo */
    uint64_t hits;        /* times a state was found in the memo */
    uint64_t zdd_nodes;   /* nodes of the ZDD, the two terminals included */
    uint64_t memory;      /* bytes the memo and the ZDD held at the end */
    int memo_full;        /* 1: the memory cap was reached; later states were not stored */
    int zdd_complete;     /* 1: the ZDD holds every solution */
    int plain;            /* 1: the memo did not pay (see DLX_MEMO_PROBE) and the count was
                             made by the plain search instead */
} dlx_memo_result;

/* The memo gives up (unless a ZDD is wanted, or dlx_memo_opts.keep_memo
 * says to go on) when it does not save enough: after DLX_MEMO_PROBE nodes,
 * and at 4 and 16 times that, it compares the nodes the plain search would
 * have visited by then (its own, with the subtree below every state met
 * again counted again) with its own, and gives up below 2, 4 and, at the
 * last look, DLX_MEMO_GAIN times: a node of the memo costs about that many
 * of the plain search's. States that repeat too little only cost memory
 * and time (docs/algorithm-x.md has the figures). */
#define DLX_MEMO_PROBE 4096
#define DLX_MEMO_GAIN 8

typedef struct dlx_zdd dlx_zdd;

/* Counts the solutions of p (with colours; the commitments in force are
 * counted in) exactly, memoizing the subproblems by the state of the
 * remaining items - which primary items are still to cover, and each
 * secondary item's state: free, taken, or its colour - as Nishino, Yasuda,
 * Minato and Nagata's DXZ (AAAI 2017) does, and builds the ZDD of all the
 * solutions on the way. Problems with bounds (lo:hi items) are refused with
 * DLX_ESTRATEGY (docs/algorithm-x.md says why). The search is the memo
 * engine's (dlx/memo.c), run in slices between the watch's calls; p is left
 * as it was found. Returns DLX_OK,
 * DLX_STOPPED (the watch), DLX_ESTRATEGY, DLX_EBUSY during a search (one
 * that ran to its end is forgotten first, as dlx_reset() would),
 * DLX_ETOOBIG when the count passes 2^128, DLX_ENOMEM. With o->keep_zdd and
 * a complete ZDD, *zdd gets it (the caller frees it with dlx_zdd_free()),
 * else NULL. r may be NULL; o may be NULL (defaults). */
DLX_API int dlx_count_memo(dlx_problem *p, const dlx_memo_opts *o, dlx_memo_result *r,
                           dlx_zdd **zdd);

/* The ZDD: node 0 is the empty family (no solution), node 1 the family of the
 * empty set (the solution made of nothing more); every other node n > 1 has
 * an option and two children lo < n and hi < n: the solutions of n are those
 * of lo, and those of hi with the option added. Nodes are numbered children
 * first. The ZDD holds the solutions beyond the commitments in force when it
 * was made; dlx_zdd_sample() adds those. */
DLX_API int64_t dlx_zdd_node_count(const dlx_zdd *z);
DLX_API int64_t dlx_zdd_root(const dlx_zdd *z);
/* Node n's option, lo and hi (any pointer may be NULL): DLX_OK, or
 * DLX_EINVAL for n out of range or a terminal. */
DLX_API int dlx_zdd_node(const dlx_zdd *z, int64_t n, int32_t *option, int64_t *lo, int64_t *hi);
/* The number of solutions below node n. */
DLX_API dlx_u128 dlx_zdd_count(const dlx_zdd *z, int64_t n);
/* One solution drawn uniformly from all of them, the committed options
 * first, into opts[0..cap-1]; *rng is the state of the generator (any
 * value to start: the same value draws the same solutions). Returns the
 * number of options (more than cap: nothing written past cap), or DLX_EINVAL
 * when there is no solution. */
DLX_API int32_t dlx_zdd_sample(const dlx_zdd *z, uint64_t *rng, int32_t *opts, int32_t cap);
/* Releases the ZDD (NULL allowed). */
DLX_API void dlx_zdd_free(dlx_zdd *z);

/* --- Checking ------------------------------------------------------------ */

/* Walks the whole structure and checks every invariant of the dancing links
 * (links mutually consistent, lengths equal to list sizes, spacers and the
 * next-node table nx[] in place, active list consistent; with bounds the
 * bounds against the choices in force; during a search the engine's own
 * state: the bit-set frame, the choice index). DLX_OK or DLX_EINVAL on the
 * first violation. Used by the tests after every cover/uncover sequence. */
DLX_API int dlx_check(const dlx_problem *p);
/* The same walk; NULL when every invariant holds, else a sentence naming
 * the first one broken ("item lists: an item's LEN is not the length of its
 * list"), in static storage. */
DLX_API const char *dlx_check_failure(const dlx_problem *p);

#ifdef __cplusplus
}
#endif

#endif /* DLX_H */
