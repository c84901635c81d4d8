/* SPDX-License-Identifier: MIT */
/* dlx_internal.h - what the modules of libdlx share and nobody else sees:
 * the problem structure and its node layout, the engine table, the run
 * (a search's own state) and the modules' prototypes. Like Lua's lstate.h:
 * the public header dlx.h stays small, and this one is included by the
 * library's own files only. The dance itself (hide, cover, purify, the
 * tweak and their undoing) is in dance.h and dance_m.h, which only the
 * files that dance include.
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
 *     the next node of the same option, for the hot loops, and nd.of the
 *     first node of its option, for Algorithm M's walks by spacer.
 *   - cl[] holds the doubly linked list of active primary items, with the
 *     root at slot 0; nd.act holds the same set as bits. A secondary item
 *     links to itself and is never active.
 *   - Only in a problem with bounds (Algorithm M): mult[x] = {bound, slack}
 *     for every item, bound being how many more options may cover x (hi at
 *     the start) and slack = hi - lo; a secondary item has {1, 0}. hi[x]
 *     keeps the bound as given. Problems without bounds have neither array.
 * Internally item id i lives at header index i + 1.
 *
 * The modules: memory.c (the allocator and growing arrays), problem.c
 * (creating, copying, settings, questions), build.c (items and options),
 * commit.c (commitments and the snapshot), search.c (the search loop on
 * the links, and the choice of engine), search_bits.c (Algorithms X and C on bit sets), search_m.c
 * (Algorithm M, the search with bounds), split.c (a search that can be
 * split: the interface below), prefix.c (splitting a search: the public
 * calls), parallel.c (one search on many threads), check.c (the invariant
 * walk), query.c (questions), settings.c (the setters), infer.c (the
 * inference), text.c (the text format, on the public API only).
 */
#ifndef DLX_INTERNAL_H
#define DLX_INTERNAL_H

#include "dlx.h"

#include <stdint.h>

#if defined(__GNUC__)
#define DLX_INLINE static inline __attribute__((always_inline))
#define DLX_NOINLINE static __attribute__((noinline))
#define DLX_NOINLINE_SHARED __attribute__((noinline))
#else
#define DLX_INLINE static inline
#define DLX_NOINLINE static
#define DLX_NOINLINE_SHARED
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
    int32_t *of;   /* the first node of q's option (0 in headers and spacers) */
    /* Only in Algorithm M's indexed loops (WALK_MARK, search_m.c), else
     * unused: [w] non-zero when an item of act[] word w may have changed its
     * LEN, bound or activity since the index last looked. */
    uint16_t *touched;
} dlx_nodes;

typedef struct dlx_link {
    int32_t prev, next;
} dlx_link;

/* What a commitment did, so that dlx_uncommit() can undo exactly that. */
enum commit_kind {
    COMMIT_INCLUDE,  /* the option is in every solution */
    COMMIT_EXCLUDE,  /* DLX_EXCLUDE(option): its nodes were taken out */
    COMMIT_NOTHING   /* an exclusion of an option already ruled out */
};

struct dlx_commit {
    int32_t option;
    int32_t anchor;    /* the node covered first, as if the search chose it */
    int32_t undo_mark; /* length of undo[] before this commitment */
    int32_t kind;      /* enum commit_kind */
};

/* Algorithm M's state of an item (see the layout above). */
typedef struct dlx_mult {
    int32_t bound, slack;
} dlx_mult;

/* An item as Algorithm M's choice ranks it (search_m.c): its branching
 * degree t, slack s and LEN; item 0 stands for none. */
typedef struct dlx_m_best {
    int32_t t, s, len, item;
} dlx_m_best;

#define LEN(x) nd.im[x].itm

enum search_state {
    S_IDLE,     /* no search under way; structure as left by the commitments */
    S_PAUSED,   /* about to enter `level` (choices 0..level-1 in force) */
    S_SOLUTION, /* stopped at the solution made of choices 0..level-1 */
    S_DONE      /* search space exhausted; structure back to S_IDLE's */
};

/* --- The engine table ----------------------------------------------------------
 * Every search is an engine: a table of operations, like SQLite's
 * sqlite3_io_methods, filled by the file that implements it and chosen once,
 * when a search from the root settles its strategy (dlxi_settle_strategy(),
 * search.c: the one place that asks which engine suits the problem). From
 * then until the search is reset or forgotten p->engine is that table, and
 * the callers (dlx_search, dlx_reset, the estimate, the split calls, the
 * questions about the live state, dlx_check) go through it and never ask
 * which engine they hold. A NULL slot means "not supported": the caller
 * says so (dlx_split() gives nothing, dlx_start_subtree() refuses a prefix),
 * never falls back silently. The engines: dlxi_engine_links (Algorithms X
 * and C on the links, search.c and split.c), dlxi_engine_links_m (Algorithm
 * M on the links, search_m.c), dlxi_engine_bits and dlxi_engine_bits_m (X,
 * C and M on bit sets, search_bits.c, search_bits_m.c); and, for the other
 * goals (enum dlxi_goal below), dlxi_engine_cost (the K cheapest by branch
 * and bound, search_cost.c) and dlxi_engine_memo (the count by memo and its
 * ZDD, memo.c), both on the flat tables of flat.c.
 *
 * Adding an engine (docs/library.md has the same recipe):
 *   1. a file of its own that fills a `const dlx_engine` with at least
 *      accepts, run, estimate and path; the state it needs while a search
 *      runs is its own (built by prepare, dropped by release);
 *   2. its declaration below, and its place in dlxi_pick_engine()'s list of
 *      candidates (search.c);
 *   3. the property tests (tests/check_engines.c) run it against the brute
 *      force, whole, in slices and after a clone. */
#define DLX_ENGINE_VERSION 2

/* What a search is for. Every solution in turn is dlx_search()'s; the K
 * cheapest (dlx_min_cost(), search_cost.c) and the count with its ZDD
 * (dlx_count_memo(), memo.c) are engines of the same table, chosen the
 * same way (dlxi_pick_engine() asks only the engines of the goal), run in
 * slices by the same driver (dlxi_goal_start(), search.c) and ended by
 * dlx_reset(). They answer more than solutions, so their calls read the
 * answer from the engine's run state (p->run.goal_run) before the reset
 * releases it. */
enum dlxi_goal {
    DLXI_GOAL_SOLUTIONS = 0,
    DLXI_GOAL_MIN_COST,
    DLXI_GOAL_COUNT_MEMO
};

typedef struct dlx_engine {
    int version;                /* DLX_ENGINE_VERSION */
    const char *name;           /* "links", "links-m", "bits": for messages */
    enum dlxi_goal goal;        /* what its searches answer */
    enum dlx_strategy strategy; /* what dlx_search_strategy() answers */
    /* 1 when the engine can search p as it is set now (its bounds, its
     * rule); 0 when it cannot. */
    int (*accepts)(const dlx_problem *p);
    /* DLX_STRATEGY_AUTO: 1 when the engine is the better choice for p. */
    int (*suits)(const dlx_problem *p);
    /* A search from the root is about to start (p idle, its search arrays
     * sized): the engine readies what it needs (tables, the links brought
     * up to the commitments). DLX_OK or an error; DLX_ETOOBIG lets an
     * automatic choice fall back to the links. */
    int (*prepare)(dlx_problem *p);
    /* Runs or resumes the search for at most `budget` nodes (0: no limit):
     * DLX_OK (done), DLX_STOPPED, DLX_PAUSED, or an error. */
    int (*run)(dlx_problem *p, uint64_t budget);
    /* Undoes the levels in force (dlx_reset() of a search under way);
     * NULL when the engine never touched the links. */
    void (*unwind)(dlx_problem *p);
    /* Knuth's estimate of the part of the tree done, in (0, 1). */
    double (*estimate)(const dlx_problem *p);
    /* The options chosen at levels 0..levels-1 into out[] (a null move
     * chooses none); returns how many. */
    int32_t (*path)(const dlx_problem *p, int32_t levels, int32_t *out);
    /* A search that can be split (see "A search that can be split" below
     * for their meaning): all NULL when the engine's cannot. */
    int (*start_subtree)(dlx_problem *p, const int32_t *prefix, int32_t n);
    int32_t (*untried)(const dlx_problem *p, int32_t level, int32_t *opts, int32_t cap);
    int32_t (*level_width)(const dlx_problem *p, int32_t level, int32_t *position);
    uint64_t (*last_updates)(dlx_problem *p);
    /* An engine whose prefixes are not one option a level (Algorithm M on
     * bits: exclusions and null moves, search_bits_m.h) does all of
     * dlx_split() itself and checks its own prefixes in start_subtree;
     * NULL: prefix.c's, on untried and path. */
    int32_t (*split)(dlx_problem *p, enum dlx_split_mode mode, dlx_prefix_fn fn, void *ctx);
    /* The engine's own invariants during a search, after dlx_check()'s walk
     * of the links: DLX_OK, or DLX_EINVAL with *what naming the broken one;
     * NULL: nothing beyond the links. */
    int (*check)(const dlx_problem *p, const char **what);
    /* The live state during a search, for query.c (x a header index). */
    int32_t (*remaining)(const dlx_problem *p, int32_t x);
    int (*active)(const dlx_problem *p, int32_t x);
    int32_t (*options)(const dlx_problem *p, int32_t x, int32_t *opts, int32_t cap);
    int32_t (*active_items)(const dlx_problem *p, int32_t *items, int32_t cap);
    /* Frees the run state prepare made outside p->run's kept tables (the
     * goal engines' p->run.goal_run); called when the search is forgotten
     * (dlx_reset()), also after a prepare that failed. NULL: nothing. */
    void (*release)(dlx_problem *p);
} dlx_engine;

extern const dlx_engine dlxi_engine_links, dlxi_engine_links_m, dlxi_engine_bits,
    dlxi_engine_bits_m, dlxi_engine_cost, dlxi_engine_memo;

/* Starts a search of p for goal g (opts: the goal's options, kept in
 * p->run.goal_opts) on the engine of that goal that accepts p: DLX_OK with
 * the search under way (p->engine's run() called in slices by the caller,
 * dlx_reset() at the end), DLX_ESTRATEGY when no engine of the goal
 * accepts p, DLX_EBUSY during a search or a callback, or prepare's error
 * (p left idle). */
int dlxi_goal_start(dlx_problem *p, enum dlxi_goal g, const void *opts);
#define DLXI_GOAL_SLICE 16384
/* Calls fn(ctx) as one of the user's callbacks (p frozen meanwhile);
 * returns what it returned. */
int dlxi_callback(dlx_problem *p, int (*fn)(void *ctx), void *ctx);
/* The common loop of a goal search started by dlxi_goal_start(): its
 * engine's run() in slices (dlxi_goal_slice()), watch(ctx) between two as a
 * callback (NULL: none), until the search ends. Returns run()'s last status,
 * or DLX_STOPPED when the watch said stop. */
int dlxi_goal_run(dlx_problem *p, int (*watch)(void *ctx), void *ctx);

/* The state of a search while it runs, and what the engines derive from
 * the problem for it (the choice indexes, the bit-set tables): the
 * engines' own, made and grown by the searches that need it, freed by
 * dlx_free(). A clone never shares it: dlx_clone() starts the copy with an
 * empty run (dlxi_drop_run()), and its own searches make what they need. */
struct dlx_run {
    /* Algorithm M's index of the choice (search_m.c), made by the first
     * search that wants it: the best item of each act[] word, then of each
     * run of 64 words, and the touched bits (see dlx_nodes). */
    struct dlx_m_best *m_best;
    uint16_t *m_touched;
    int32_t m_best_cap, m_touched_cap;
    int32_t m_index_nodes; /* n_nodes when m_index_pays was settled; 0: never */
    int m_index_pays;      /* the index suits the problem's shape */
    /* Algorithm X's index (search.c), the same idea with one number a
     * word: (LEN << 32 | header index) of its best item, then of each run.
     * It shares m_touched. */
    uint64_t *x_best;
    int32_t x_best_cap;
    int32_t x_index_nodes; /* as m_index_nodes, for x_index_pays */
    int x_index_pays;
    /* The index (either) agrees with the links, but for the words flagged
     * in m_touched: set when a search makes it, kept from one dlx_search()
     * slice to the next (remaking it at each was most of the time of a
     * parallel search, whose slices are short), cleared whenever anything
     * else may change the links: a new search, a reset, a loop without
     * the index. */
    int index_live;

    /* split.c's memo of the levels from the floor that have nothing left to
     * try (dlxi_barren()): levels floor..barren-1 have no untried option,
     * barren_width is the product of their widths and barren_done Knuth's
     * done-sum over them; barren < floor: not known (set so whenever the
     * path starts again: a new search or subtree, a raised floor). */
    int32_t barren;
    double barren_width, barren_done;
    int32_t *choice;   /* [level] node being tried (with bounds: the item's
                          header for its null move) */
    int32_t *sol;      /* solution handed to the callback */
    int32_t *first_at; /* with bounds: [level] the item's first option when
                          the level began, where its tweaks start */
    int32_t *degree_at;/* with bounds: [level] the branching degree */
    int32_t search_cap;/* size of each of those arrays, which share one block
                          (two arrays without bounds, four with them) */
    uint64_t *profile; /* with profiling: [level] nodes (search_cap of them) */
    int32_t profile_cap, max_degree;

    struct dlx_bits_m *bits_m; /* the bit-set search with bounds' (search_bits_m.c) */
    /* A goal engine's search (dlxi_goal_start()): the goal, its options and
     * the run state its prepare made (which begins with the dlxi_flat
     * tables it searches on, flat.h), released by dlx_reset(). */
    enum dlxi_goal goal;
    const void *goal_opts;
    void *goal_run;
    struct dlx_bits *bits; /* the bit-set search's tables, built at its first use
                              and kept until the problem changes shape */
    int bits_too_big;   /* their counts would not fit: the links it is */

    /* The inference (infer.c). The stack holds, for each option it took
     * out on the current path, the option's node in B's list and the level
     * of the node that took it out; both arrays share one block, made by
     * dlxi_prepare_search(). */
    int32_t infer_top, infer_cap;
    int32_t *infer_node, *infer_level;
    int32_t *infer_work;  /* the items to look at at this node, infer_todo of
                             them (marked in p->mark[] with the node's stamp) */
    int32_t infer_todo;
    int32_t *infer_cand;  /* the candidate Bs of one A (infer.c) */
    uint8_t *infer_may;   /* [header] 0: no two of the item's options at the
                             search's root share another item, so it is
                             never an A below (infer.c); infer_cap + 1 long,
                             in the same block as the arrays above */
    uint8_t *infer_done;  /* [level] 1: the node of that level on the path
                             inferred (to its fixed point); 0: it had a
                             forced move or a dead end and did not */
    int infer_fresh;      /* infer_may[] is to be found at the next node */
    /* Under DLX_CHOOSE_MRV_PATH (dlx.h): the items in the rule's order of
     * ties, path_item[position] and its inverse path_rank[header], one
     * block of 2 * path_cap, made and put in header order by
     * dlxi_prepare_search(); the search moves the item chosen at level l
     * to position l. */
    int32_t *path_rank, *path_item;
    int32_t path_cap;
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
    int64_t *opt_cost;    /* [option] its cost (search_cost.c); NULL: every option costs 0 */
    int32_t opt_cost_cap;
    char *names;
    size_t names_len, names_cap;
    int has_colors;
    int has_bounds;      /* some item has bounds other than 1..1 */
    dlx_mult *mult;      /* [header index] with has_bounds only, else NULL */
    int32_t *hi;         /* [header index] the upper bound as given, likewise */

    /* Commitments, in order, and what each changed in commit_state[]. */
    struct dlx_commit *commits;
    int32_t n_commits, commits_cap;
    int32_t links_applied; /* commits[0..links_applied-1] are danced on the links */
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
    int32_t floor;     /* levels below it are fixed (a split search); 0 otherwise */
    uint64_t found;    /* solutions since the last reset, for the limit */
    uint64_t limit;
    uint64_t watch_interval; /* dlx_set_watch_interval(); 0: the default */
    int stop_requested; /* a callback asked to stop; the loop obeys at its next node */
    int in_callback;    /* > 0 while one of the user's callbacks runs */

    dlx_solution_fn on_solution;
    void *solution_ctx;
    dlx_event_fn on_event;
    void *event_ctx;
    enum dlx_choose choose;
    enum dlx_strategy strategy; /* the caller's setting */
    const dlx_engine *engine; /* the search under way (or done); NULL when idle */
    int randomized;
    uint64_t rng;

    /* The inference (infer.c): off while infer_max is 0; its stack is in run. */
    int32_t infer_max;    /* items with 2..infer_max options are looked at */
    uint64_t inferred;    /* dlx_inferred(): a statistic beside p->stats */

    dlx_stats stats;
    int profiling;       /* dlx_set_profile(): the run keeps its profile */

    struct dlx_run run;  /* the search's own state (above) */

    unsigned detail;    /* DLX_DETAIL_* flags: what the event hook is told */
    uint64_t event_seq; /* events announced since the search began */
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
/* Brings the links up to the commitments (see commit.c: without bounds an
 * option put in waits to dance until the links are needed). */
void dlxi_apply_commits(dlx_problem *p);

/* The same, for the questions, which take a const problem: bringing the
 * links up to date changes no answer, only when the work is done. */
static inline void dlxi_links_current(const dlx_problem *p)
{
    if (p->links_applied < p->n_commits)
        dlxi_apply_commits((dlx_problem *)(uintptr_t)p);
}

/* --- search.c ------------------------------------------------------------ */

/* The number of arrays in the search block (see search_cap). */
static inline int dlxi_search_arrays(const dlx_problem *p)
{
    return p->has_bounds ? 4 : 2;
}
/* Sizes choice[] and sol[] (and first_at[], degree_at[]) for the deepest
 * possible search. */
int dlxi_prepare_search(dlx_problem *p);
/* The item the branching rule picks among the active ones (rules.c; a header index;
 * 0 when none is active). Shared by the search and the prefix walk. */
int32_t dlxi_choose_item(dlx_problem *p, int32_t level);
/* --- rules.c -------------------------------------------------------------- */

/* Under DLX_CHOOSE_MRV_RECENT, the recent item at level (> 0) on the links:
 * a header index, 0 for none. */
int32_t dlxi_recent_item(const dlx_problem *p, int32_t level);
/* Under DLX_CHOOSE_MRV_PATH, the order of ties made (if need be) and put in
 * header order, for a search from the root. DLX_OK or DLX_ENOMEM. */
int dlxi_prepare_path_order(dlx_problem *p);
/* The node of prefix option opt on the item the rule would pick among its
 * own active primary items at level, or 0 when it cannot be tried now. */
int32_t dlxi_replay_node(const dlx_problem *p, int32_t opt, int32_t level);
/* Calls the event hook with ev, numbered and with the running update
 * count; a non-zero answer becomes a stop request. */
void dlxi_emit(dlx_problem *p, dlx_event ev);
/* The link detail of one node (DLX_EV_HIDE and friends), announced just
 * before the step; `len` is its item's LEN after the step. */
void dlxi_emit_node(dlx_problem *p, enum dlx_event_kind kind, int32_t q, int32_t len,
                    int32_t level);
/* A solution made of the choices at levels 0..levels-1: counted, announced,
 * handed to the callback. 1 when the search must stop there. Every search
 * calls it, choice[] holding a node of each chosen option. */
int dlxi_visit_solution(dlx_problem *p, int32_t levels);

/* --- infer.c -------------------------------------------------------------- */

/* The bytes of the inference's block for cap entries (infer.c). */
size_t dlxi_inference_block_size(int32_t cap);
/* Sizes the inference's stack for a search about to start (and empties it). */
int dlxi_prepare_inference(dlx_problem *p);
/* The inference at the node of `level`, before its branching choice; each
 * option taken out is counted in *updates (and p->inferred). */
uint64_t dlxi_infer(dlx_problem *p, int32_t level, uint64_t *updates);
/* Puts back, last first, what the inference took out at levels >= level;
 * returns how many options went back. */
int32_t dlxi_undo_inference(dlx_problem *p, int32_t level);
/* The stack against the links, for dlx_check(): DLX_OK or DLX_EINVAL. */
int dlxi_check_inference(const dlx_problem *p);
/* Whether a search of p infers: set, no bounds, no event hook. */
static inline int dlxi_infers(const dlx_problem *p)
{
    return p->infer_max > 0 && !p->has_bounds && !p->on_event;
}

/* --- search_m.c ---------------------------------------------------------- */

/* The item to branch on (0 when none is active) and its degree. */
int32_t dlxi_choose_item_m(dlx_problem *p, int32_t *degree);
/* Makes m_touched hold the flags of `words` act[] words (in runs of 64
 * words), those of words 0..words-1 set so that the first choice computes
 * them all: for the choice indexes of search_m.c and search.c. 0 when out
 * of memory. */
int dlxi_touch_all(dlx_problem *p, int32_t words);
/* The act[] words those indexes keep: header indices 0..n_items. */
int32_t dlxi_index_words(const dlx_problem *p);
/* The shape both indexes' "does it pay" rules read: 1 when p has at least
 * min_primary primary items and the active list runs in increasing header
 * index (their arguments need it), and then *changes holds the sum over the
 * options of (primary items) x (items - 1) and *sizes the sum of the
 * options' sizes; 0 otherwise. */
int dlxi_index_shape(const dlx_problem *p, int32_t min_primary, int64_t *changes,
                     int64_t *sizes);

/* --- commit.c, for search.c ------------------------------------------------- */

/* The committed options (exclusions left out) into out[]; returns how many. */
int32_t dlxi_committed_options(const dlx_problem *p, int32_t *out);


/* Settles the engine of a search about to start (idle problem, search
 * arrays sized): picks it (dlxi_pick_engine()) and has it prepare; p->engine
 * is then kept until the search is reset. DLX_OK, DLX_ESTRATEGY when the
 * strategy asked for cannot search p, or the engine's error. */
int dlxi_settle_strategy(dlx_problem *p);
/* The engine a search of p from the root would run on now; NULL when the
 * strategy asked for cannot search p. */
const dlx_engine *dlxi_pick_engine(const dlx_problem *p);

/* --- search_bits.c ------------------------------------------------------- */

/* Builds the bit-set search's tables (kept until dlxi_drop_bits()): DLX_OK,
 * DLX_ENOMEM or DLX_ETOOBIG. */
int dlxi_build_bits(dlx_problem *p);
void dlxi_drop_bits(dlx_problem *p);
/* Whether the tables built keep clash sets (a trial's way of ruling out, see
 * try_option()): for the tests, which must meet both ways. */
int dlxi_bits_clash(const dlx_problem *p);
/* Whether the problem's shape suits the bit-set search (DLX_STRATEGY_AUTO):
 * its frame (a bit per option, a count per primary item) is at most this
 * many bytes. */
#define DLX_BITS_MAX_FRAME 4096

/* Undoes the choices in force at levels levels-1 down to 0, deepest first,
 * counting nothing (dlx_reset(), and a split search back at its floor). */
void dlxi_unwind(dlx_problem *p, int32_t levels);

/* --- A search that can be split: split.h (the interface prefix.c,
 * parallel.c and the engines share) ------------------------------------------ */

/* --- query.c ------------------------------------------------------------- */

/* The live state as the links hold it (x a header index): between
 * searches, and the links engines' answers during one. */
int32_t dlxi_links_remaining(const dlx_problem *p, int32_t x);
int dlxi_links_active(const dlx_problem *p, int32_t x);
int32_t dlxi_links_options(const dlx_problem *p, int32_t x, int32_t *opts, int32_t cap);
int32_t dlxi_links_active_items(const dlx_problem *p, int32_t *items, int32_t cap);

/* --- problem.c ----------------------------------------------------------- */

/* Frees every block of p's run (and the bit-set tables) and empties it. */
void dlxi_drop_run(dlx_problem *p);

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

/* The structure must not change now: a search is under way, or a callback
 * runs (of a search of p, or of a parallel search of p's clones). */
static inline int dlxi_frozen(const dlx_problem *p)
{
    return dlxi_in_search(p) || dlxi_busy(p);
}

/* The nodes of the next slice of p's goal search: the watch interval set
 * (dlx_set_watch_interval()), else DLXI_GOAL_SLICE, fewer on a problem of
 * many items, since a node of the goal engines looks at every item (about
 * 2^24 item visits a slice, so that the watch, and Ctrl-C, come every few
 * tens of milliseconds). */
static inline uint64_t dlxi_goal_slice(const dlx_problem *p)
{
    if (p->watch_interval)
        return p->watch_interval;
    uint64_t n = (UINT64_C(1) << 24) / ((uint64_t)p->n_items + 1);
    return n < 1 ? 1 : n > DLXI_GOAL_SLICE ? DLXI_GOAL_SLICE : n;
}

/* Back to "no search under way"; the caller has put the links right. */
static inline void dlxi_forget_search(dlx_problem *p)
{
    if (p->engine && p->engine->release)
        p->engine->release(p);
    p->run.goal = DLXI_GOAL_SOLUTIONS;
    p->run.goal_opts = NULL;
    p->state = S_IDLE;
    p->level = 0;
    p->floor = 0;
    p->run.barren = -1;
    p->found = 0;
    p->stop_requested = 0;
    p->engine = NULL;
    p->run.infer_top = 0;
    p->run.index_live = 0;
}

/* The engine that answers the questions about the live state: the one
 * under way, or the links, which hold the state between searches. */
static inline const dlx_engine *dlxi_live(const dlx_problem *p)
{
    return p->engine && dlxi_in_search(p) ? p->engine : &dlxi_engine_links;
}

/* Whether the search under way can be split (dlx_split(), the threads). */
static inline int dlxi_splittable(const dlx_problem *p)
{
    return p->engine && p->engine->untried;
}

/* The option a node belongs to: the spacer after it says. */
static inline int32_t dlxi_option_of(dlx_nodes nd, int32_t q)
{
    while (nd.im[q].itm > 0)
        q++;
    return -nd.im[q].itm - 1;
}

/* 1 when node q is in its item's list. A node taken out keeps its links,
 * and nothing points at it again until it is put back (every change is
 * undone last in, first out), so its upper neighbour no longer leads to it. */
static inline int dlxi_in_list(dlx_nodes nd, int32_t q)
{
    return nd.ud[nd.ud[q].up].down == q;
}

/* 1 when primary item x (a header index) is on the active list. */
static inline int dlxi_is_active(dlx_nodes nd, int32_t x)
{
    return (int)((nd.act[x / 64] >> (x % 64)) & 1);
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

#endif /* DLX_INTERNAL_H */
