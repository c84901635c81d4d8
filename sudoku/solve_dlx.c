/* SPDX-License-Identifier: MIT */
/* solve_dlx.c - sudoku as exact cover, solved by the dancing-links engine.
 *
 * The problem is built once per solver (shape and variant):
 *   items   0 .. N*N-1            cell i holds one symbol;
 *           N*N + h*N + (v-1)     house h holds symbol v (houses in the
 *                                 order of build_houses(): rows, columns,
 *                                 boxes or regions, diagonals, windows);
 *   options i*N + (v-1)           cell i holds v: the cell's item and the
 *                                 items (h, v) of every house h of cell i.
 * All items are primary. Decoding is arithmetic: option o is cell o / N,
 * symbol o % N + 1; sudoku_dlx_item() and sudoku_dlx_option() say it for
 * callers, who must not depend on the numbering. A puzzle commits one option per given, searches, then
 * resets and uncommits: nothing is rebuilt or allocated per puzzle. */
#include "sudoku_internal.h"

#include "dlx.h"

static int engine_status(int32_t rc)
{
    if (rc == DLX_ENOMEM)
        return SUDOKU_ENOMEM;
    return SUDOKU_EENGINE;
}

/* The engine's solution callback: options come committed givens first, then
 * one per search level; together they fill every cell. */
static int on_solution(void *ctx, const int32_t *options, int32_t count)
{
    sudoku_solver *s = ctx;
    int n = s->n;
    for (int32_t k = 0; k < count; k++) {
        int32_t o = options[k];
        s->grid[o / n] = (uint8_t)(o % n + 1);
    }
    return sudoku_report_solution(s, s->grid);
}

int sudoku_dlx_build(sudoku_solver *s)
{
    int n = s->n;
    dlx_problem *p = dlx_new();
    if (!p)
        return SUDOKU_ENOMEM;
    s->dlx = p;
    int32_t items = s->cells + s->house_count * n;
    for (int32_t k = 0; k < items; k++) {
        int32_t id = dlx_add_item(p, NULL, DLX_PRIMARY);
        if (id < 0)
            return engine_status(id);
    }
    int32_t opt[1 + SUDOKU_MAX_HOUSES_PER_CELL];
    for (int i = 0; i < s->cells; i++) {
        const int32_t *hs = s->cell_houses + i * s->per_cell;
        int nh = s->cell_house_count[i];
        for (int v = 0; v < n; v++) {
            opt[0] = i;
            for (int j = 0; j < nh; j++)
                opt[1 + j] = s->cells + hs[j] * n + v;
            int32_t id = dlx_add_option(p, opt, NULL, 1 + nh);
            if (id < 0)
                return engine_status(id);
            if (id != i * n + v)
                return SUDOKU_EENGINE;
        }
    }
    dlx_set_solution_fn(p, on_solution, s);
    /* Ties toward the items the last choice touched (dlx.h): on the hard
     * 9x9 sets up to 1.4x fewer nodes (docs/library.md), and a forced move
     * needs no scan on bits.
     * Only where the engine searches on bits: on the links (25x25) the rule
     * costs a second walk of every choice. */
    const enum dlx_strategy strategy = dlx_search_strategy(p);
    if (strategy == DLX_STRATEGY_BITS) {
        int rc = dlx_set_choose(p, DLX_CHOOSE_MRV_RECENT);
        if (rc < 0)
            return engine_status(rc);
    }
    /* Locked candidates, the engine's shared-item inference, on the grids
     * the engine searches on the links (25 x 25 and up): a house's symbol
     * whose places lie all in one other house (a box's symbol in one row,
     * a row's symbol in one box) takes that house's other places for the
     * symbol out (docs/sudoku.md, "Big grids", has what it gains). A row
     * or column meets a box in a box side of cells, so items with more
     * options than that share no other item and are not looked at (a
     * cell's options never share one); a jigsaw region can meet a row in
     * up to n cells, and a window a box in (side - 1)^2: with those the
     * threshold is n. The smaller grids run on the engine's bit sets,
     * which have no inference: on 9x9 the links with it ran 1.6 to 3.7
     * times the instructions of the bits without (docs/sudoku.md). */
    if (strategy == DLX_STRATEGY_LINKS) {
        const sudoku_shape *sh = &s->shape;
        int side = sh->box_rows > sh->box_cols ? sh->box_rows : sh->box_cols;
        int most = sh->regions || sh->variant || side < 2 ? n : side;
        int rc = dlx_set_inference(p, DLX_INFER_SHARED_ITEM, most);
        if (rc < 0)
            return engine_status(rc);
        /* Ties to the items of the last path (DLX_CHOOSE_MRV_PATH) on p,
         * leftmost ties on a clone: the two searches of the turns of
         * sudoku_dlx_solve(). */
        s->dlx_other = dlx_clone(p);
        if (!s->dlx_other)
            return SUDOKU_ENOMEM;
        rc = dlx_set_choose(p, DLX_CHOOSE_MRV_PATH);
        if (rc < 0)
            return engine_status(rc);
    }
    return SUDOKU_OK;
}

/* Runs p's search (or resumes it) for at most `budget` more nodes (0: no
 * budget), in slices of progress_every nodes when there is a progress
 * callback, which is called between them. Returns the engine's status:
 * DLX_PAUSED when the budget ran out or the callback stopped the search
 * (s->interrupted then says which). s->nodes follows the search: others
 * (the nodes of the other search of the turns) plus p's. */
static int run_turn(sudoku_solver *s, dlx_problem *p, uint64_t budget, uint64_t others)
{
    dlx_stats st;
    dlx_get_stats(p, &st);
    const uint64_t start = st.nodes;
    for (;;) {
        uint64_t slice = s->progress ? s->progress_every : 0;
        if (budget) {
            uint64_t used = st.nodes - start;
            if (used >= budget)
                return DLX_PAUSED;
            if (!slice || budget - used < slice)
                slice = budget - used;
        }
        int rc = dlx_search(p, slice);
        dlx_get_stats(p, &st);
        s->nodes = others + st.nodes;
        if (rc != DLX_PAUSED)
            return rc;
        if (s->progress && sudoku_progress_due(s))
            return DLX_PAUSED;
    }
}

int64_t sudoku_dlx_solve(sudoku_solver *s)
{
    dlx_problem *p = s->dlx;
    const uint8_t *g = s->givens;
    int n = s->n;
    /* The givens go in all or nothing; the empties scratch, unused by this
     * algorithm, holds their options. */
    int32_t *opts = s->empties, count = 0;
    for (int i = 0; i < s->cells; i++)
        if (g[i])
            opts[count++] = i * n + g[i] - 1;
    int32_t failed = -1;
    int rc = dlx_commit_many(p, opts, count, &failed);
    if (rc < 0) {
        if (rc == DLX_ECONFLICT && failed >= 0)
            return sudoku_find_conflict(s, g, opts[failed] / n);
        return engine_status(rc);
    }
    dlx_set_limit(p, s->limit);
    dlx_reset_stats(p);
    /* With the inference set (the big grids, sudoku_dlx_build), the run
     * times have the heavy tail of Latin-square completion, and each
     * setting of the engine has puzzles the others do far better on: of
     * the 20 puzzles of tests/data/sudoku/big25_253.txt within a million
     * nodes (bench/bench_big_grids, docs/sudoku.md "Big grids"), the
     * inference with ties to the items of the last path
     * (DLX_CHOOSE_MRV_PATH, the bitmask solver's order of blanks) finishes
     * 18 alone, with leftmost ties 7 (10 among them, which the other does
     * not); on 20 more (seed 200) 15 and 6 (7 and 18 among them).
     * So until a first solution is found the two take turns, each
     * resuming its own search (the clone s->dlx_other holds the second),
     * PATH_SHARE slices of TURN nodes for the first, one for the second:
     * whatever the puzzle, that costs at most (PATH_SHARE + 1) / PATH_SHARE
     * times the nodes of the first, PATH_SHARE + 1 times those of the
     * second (the empty 64 x 64, which leftmost ties fill in about 130,000
     * nodes: 519,309; a larger share made it dearer and moved the sets by a
     * puzzle). Restarting each turn from the root, as before, lost the long
     * runs the first needs (the seed-200 set: 9 of 20, against 13 so).
     * Once a solution is found its search runs to the end, so counts and
     * uniqueness are those of one search. */
    enum { TURN = 16384, PATH_SHARE = 3 };
    dlx_problem *q = s->dlx_other;
    if (q) {
        rc = dlx_commit_many(q, opts, count, &failed);
        if (rc < 0) {
            dlx_uncommit_all(p);
            return engine_status(rc);
        }
        dlx_set_limit(q, s->limit);
        dlx_reset_stats(q);
    }
    dlx_problem *cur = p;
    uint64_t p_nodes = 0, q_nodes = 0;
    for (;;) {
        int first = cur == p;
        uint64_t others = first ? q_nodes : p_nodes;
        rc = run_turn(s, cur, q ? (first ? PATH_SHARE : 1) * (uint64_t)TURN : 0, others);
        if (first)
            p_nodes = s->nodes - others;
        else
            q_nodes = s->nodes - others;
        if (rc != DLX_PAUSED || s->interrupted)
            break;
        if (s->found > 0) {
            rc = run_turn(s, cur, 0, others); /* the rest of this search, whole */
            break;
        }
        cur = first ? q : p;
    }
    if (q)
        dlx_uncommit_all(q);
    dlx_uncommit_all(p); /* abandons the search too: one copy, no unwinding */
    if (rc < 0)
        return engine_status(rc);
    return (int64_t)s->found;
}

/* --- What the engine's ids mean (sudoku.h) ------------------------------------ */

int sudoku_dlx_item(const sudoku_solver *s, int32_t item, sudoku_item *out)
{
    if (!s || !s->dlx || !out || item < 0 || item >= s->cells + s->house_count * s->n)
        return SUDOKU_EINVAL;
    if (item < s->cells) {
        *out = (sudoku_item){.kind = SUDOKU_ITEM_CELL, .cell = item, .house = -1, .symbol = 0};
    } else {
        int32_t k = item - s->cells;
        *out = (sudoku_item){.kind = SUDOKU_ITEM_HOUSE, .cell = -1, .house = k / s->n,
                             .symbol = k % s->n + 1};
    }
    return SUDOKU_OK;
}

int sudoku_dlx_option(const sudoku_solver *s, int32_t option, int *cell, int *symbol)
{
    if (!s || !s->dlx || option < 0 || option >= s->cells * s->n)
        return SUDOKU_EINVAL;
    if (cell)
        *cell = option / s->n;
    if (symbol)
        *symbol = option % s->n + 1;
    return SUDOKU_OK;
}

int32_t sudoku_dlx_cell_item(const sudoku_solver *s, int cell)
{
    if (!s || !s->dlx || cell < 0 || cell >= s->cells)
        return SUDOKU_EINVAL;
    return cell;
}
