/* SPDX-License-Identifier: MIT */
/* sudoku_internal.h - what the files of libsudoku share and nobody else sees:
 * the solver handle's layout and the entry points of the four algorithms.
 * Not installed; not part of the API. */
#ifndef SUDOKU_INTERNAL_H
#define SUDOKU_INTERNAL_H

#include "sudoku.h"

#include <stdint.h>

struct dlx_problem;

/* Houses a cell can belong to: row, column, box or region, two diagonals,
 * one window. */
#define SUDOKU_MAX_HOUSES_PER_CELL 6

struct sudoku_solver {
    sudoku_shape shape;       /* shape.regions points at regions below */
    enum sudoku_algorithm alg;
    int n;
    int cells;                /* n * n */
    int house_count;
    int per_cell;             /* SUDOKU_MAX_HOUSES_PER_CELL: stride of cell_houses */
    uint8_t *regions;         /* cells bytes, or NULL (owned) */
    int32_t *house_cells;     /* house_count * n cells (owned) */
    int32_t *cell_houses;     /* cells * per_cell houses, -1 padded (owned) */
    uint8_t *cell_house_count;/* cells (owned) */
    struct dlx_problem *dlx;  /* the exact-cover problem (dlx only; owned) */
    struct dlx_problem *dlx_other; /* its clone with leftmost ties, the
                                      second of the turns of
                                      sudoku_dlx_solve(); NULL on the grids
                                      without inference (owned) */
    struct sudoku_big *big;   /* the big grids' own search (solve_big.c),
                                 for dlx on plain grids of 25 x 25 and up;
                                 else NULL (owned) */

    /* Scratch for one solve, sized once at creation: no allocation per
     * puzzle. */
    uint64_t *house_used;     /* house_count masks of symbols placed */
    uint8_t *grid;            /* cells: the grid being filled */
    uint64_t *cand;           /* cells: candidates (bitmask solver) */
    int32_t *empties;         /* cells: the blank cells */
    const uint8_t *givens;    /* the puzzle being solved (caller's) */
    uint8_t *first;           /* where the first solution goes, or NULL */
    sudoku_solution_fn fn;    /* caller's callback, or NULL */
    void *fn_ctx;
    uint64_t limit;           /* 0: none */
    uint64_t found;           /* solutions found so far in this solve */
    uint64_t nodes;
    int stopped;              /* the callback asked to stop */
    uint64_t node_limit;      /* bitmask only: give up past this many nodes
                                 (0: never); a setting of the generator's */
    int out_of_nodes;         /* this solve gave up: its count proves nothing */
    sudoku_conflict conflict;

    /* sudoku_solver_set_progress(): every algorithm calls
     * sudoku_progress_due() at each node (the dlx one between slices of
     * its search) and stops when it says so. */
    sudoku_progress_fn progress;
    void *progress_ctx;
    uint64_t progress_every;
    uint64_t next_progress;   /* nodes at which to call it next */
    int interrupted;          /* the progress callback stopped this solve */
};

/* Each algorithm: solve s->givens (already validated: values <= n) into the
 * solution bookkeeping of s; returns the number of solutions or a negative
 * status. */
int64_t sudoku_dlx_solve(sudoku_solver *s);
int64_t sudoku_bitmask_solve(sudoku_solver *s);
int64_t sudoku_backtrack_solve(sudoku_solver *s);
int64_t sudoku_band_solve(sudoku_solver *s);

/* The band solver's builds (solve_band.c): the portable one (SSE2 on
 * x86-64, plain C elsewhere) and, on x86 with gcc or clang, an AVX2 one
 * (solve_band_avx2.c); sudoku_band_solve() takes the AVX2 one when
 * sudoku_band_avx2_usable() says the processor runs it. */
#if (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__) && \
    !defined(SUDOKU_BAND_NO_AVX2)
#define SUDOKU_BAND_HAVE_AVX2 1
int64_t sudoku_band_solve_avx2(sudoku_solver *s);
#else
#define SUDOKU_BAND_HAVE_AVX2 0
#endif
int64_t sudoku_band_solve_generic(sudoku_solver *s);
int sudoku_band_avx2_usable(void);
int sudoku_dlx_build(sudoku_solver *s);

/* The big grids' search (solve_big.c): whether a shape is one it takes
 * (plain boxes, 25 <= n <= 64), its scratch (sized once; NULL when out of
 * memory), and its solve. */
struct sudoku_big;
int sudoku_big_fits(const sudoku_shape *shape);
struct sudoku_big *sudoku_big_new(const sudoku_shape *shape);
void sudoku_big_free(struct sudoku_big *b);
int64_t sudoku_big_solve(sudoku_solver *s);

/* sudoku_solve() and sudoku_solve_each() in one: first solution into
 * solution (may be NULL), every solution to fn (may be NULL). */
int64_t sudoku_solve_each_into(sudoku_solver *s, const uint8_t *givens, uint64_t limit,
                               uint8_t *solution, sudoku_solution_fn fn, void *ctx,
                               sudoku_stats *stats);

/* The same around a given algorithm's entry point instead of the solver's
 * own: the checks and the bookkeeping of every solve in one place. The
 * tests pass the band solver's portable build (sudoku_band_solve compiled
 * again with SUDOKU_BAND_PORTABLE) to run it through the same front. */
typedef int64_t (*sudoku_algorithm_fn)(sudoku_solver *s);
int64_t sudoku_solve_using(sudoku_solver *s, sudoku_algorithm_fn algorithm, const uint8_t *givens,
                           uint64_t limit, uint8_t *solution, sudoku_solution_fn fn, void *ctx,
                           sudoku_stats *stats);

/* Records one solution (s->grid holds it): copies the first, calls the
 * callback; returns non-zero when the search must stop (limit or callback). */
int sudoku_report_solution(sudoku_solver *s, const uint8_t *grid);

/* Fills s->conflict for a given at cell clashing with an earlier given
 * (reading order) of the same symbol in a shared house; returns
 * SUDOKU_ECONFLICT. */
int sudoku_find_conflict(sudoku_solver *s, const uint8_t *givens, int cell);

/* Calls the progress callback when s->nodes has reached its next turn;
 * returns non-zero when the search must stop (then s->interrupted is set). */
static inline int sudoku_progress_due(sudoku_solver *s)
{
    if (!s->progress || s->nodes < s->next_progress)
        return 0;
    s->next_progress = s->nodes + s->progress_every;
    if (s->progress(s->progress_ctx, s->nodes)) {
        s->interrupted = 1;
        return 1;
    }
    return 0;
}

/* Places the givens into house_used and grid for the bitmask-style solvers;
 * collects the blanks into empties; returns their number or
 * SUDOKU_ECONFLICT. */
int sudoku_place_givens(sudoku_solver *s);

#endif /* SUDOKU_INTERNAL_H */
