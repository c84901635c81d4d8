/* SPDX-License-Identifier: MIT */
/* solver.c - shapes, houses and the solver handle: what the four algorithms
 * share. A solver is built once per shape and algorithm; sudoku_solve()
 * checks the givens, hands them to the algorithm and returns the count. */
#include "sudoku_internal.h"

#include "dlx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *sudoku_strerror(int code)
{
    switch (code) {
    case SUDOKU_OK: return "success";
    case SUDOKU_ENOMEM: return "out of memory";
    case SUDOKU_EINVAL: return "invalid argument";
    case SUDOKU_ECONFLICT: return "two givens hold the same symbol in one house";
    case SUDOKU_ESHAPE: return "no such grid shape";
    case SUDOKU_ELENGTH: return "wrong number of symbols";
    case SUDOKU_ESYMBOL: return "a character that is not a symbol of the puzzle";
    case SUDOKU_EROWS: return "a grid with too few rows";
    case SUDOKU_EREGIONS: return "the region map is not N regions of N cells";
    case SUDOKU_EALPHABET: return "bad alphabet (repeated, reserved or too many symbols)";
    case SUDOKU_EENGINE: return "the exact-cover engine failed";
    case SUDOKU_ESTOPPED: return "the search was stopped";
    case SUDOKU_ESTUCK: return "no allowed technique applies";
    case SUDOKU_ENOTFOUND: return "no puzzle as asked within the tries";
    default: return "unknown error";
    }
}

int sudoku_shape_default(sudoku_shape *shape, int n)
{
    if (!shape || n < 4 || n > SUDOKU_MAX_N)
        return SUDOKU_ESHAPE;
    int r = 0;
    for (int d = 2; d * d <= n; d++)
        if (n % d == 0)
            r = d;
    if (r == 0)
        return SUDOKU_ESHAPE;
    memset(shape, 0, sizeof *shape);
    shape->n = n;
    shape->box_rows = r;
    shape->box_cols = n / r;
    return SUDOKU_OK;
}

/* The side b of the square boxes the hyper windows need, or 0. */
static int square_side(int n)
{
    for (int b = 2; b * b <= n; b++)
        if (b * b == n)
            return b;
    return 0;
}

static int validate_shape(const sudoku_shape *sh)
{
    if (sh->n < 2 || sh->n > SUDOKU_MAX_N || (sh->variant & ~(SUDOKU_X | SUDOKU_HYPER)))
        return SUDOKU_ESHAPE;
    int n = sh->n;
    if (sh->regions) {
        int size[SUDOKU_MAX_N] = {0};
        for (int i = 0; i < n * n; i++) {
            if (sh->regions[i] >= n)
                return SUDOKU_EREGIONS;
            size[sh->regions[i]]++;
        }
        for (int k = 0; k < n; k++)
            if (size[k] != n)
                return SUDOKU_EREGIONS;
    } else if (sh->box_rows < 1 || sh->box_cols < 1 || sh->box_rows * sh->box_cols != n) {
        return SUDOKU_ESHAPE;
    }
    if ((sh->variant & SUDOKU_HYPER) && square_side(n) < 2)
        return SUDOKU_ESHAPE;
    return SUDOKU_OK;
}

/* Appends house h's cells; each cell learns it belongs to h. */
static void add_house(sudoku_solver *s, const int32_t *cells)
{
    int h = s->house_count++;
    memcpy(s->house_cells + (size_t)h * s->n, cells, sizeof(int32_t) * (size_t)s->n);
    for (int k = 0; k < s->n; k++) {
        int c = cells[k];
        s->cell_houses[c * s->per_cell + s->cell_house_count[c]++] = h;
    }
}

/* The house list, in a fixed order: rows, columns, boxes (or regions), then
 * the diagonals, then the windows. Item and option ids of the dlx encoding
 * follow this order. */
static void build_houses(sudoku_solver *s)
{
    int n = s->n;
    int32_t cells[SUDOKU_MAX_N] = {0};
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++)
            cells[c] = r * n + c;
        add_house(s, cells);
    }
    for (int c = 0; c < n; c++) {
        for (int r = 0; r < n; r++)
            cells[r] = r * n + c;
        add_house(s, cells);
    }
    if (s->regions) {
        for (int g = 0; g < n; g++) {
            int k = 0;
            for (int i = 0; i < n * n; i++)
                if (s->regions[i] == g)
                    cells[k++] = i;
            add_house(s, cells);
        }
    } else {
        int br = s->shape.box_rows, bc = s->shape.box_cols;
        for (int b = 0; b < n; b++) {
            int r0 = (b / (n / bc)) * br, c0 = (b % (n / bc)) * bc;
            int k = 0;
            for (int r = 0; r < br; r++)
                for (int c = 0; c < bc; c++)
                    cells[k++] = (r0 + r) * n + c0 + c;
            add_house(s, cells);
        }
    }
    if (s->shape.variant & SUDOKU_X) {
        for (int k = 0; k < n; k++)
            cells[k] = k * n + k;
        add_house(s, cells);
        for (int k = 0; k < n; k++)
            cells[k] = k * n + (n - 1 - k);
        add_house(s, cells);
    }
    if (s->shape.variant & SUDOKU_HYPER) {
        int b = square_side(n);
        for (int wr = 0; wr < b - 1; wr++)
            for (int wc = 0; wc < b - 1; wc++) {
                int r0 = 1 + wr * (b + 1), c0 = 1 + wc * (b + 1);
                int k = 0;
                for (int r = 0; r < b; r++)
                    for (int c = 0; c < b; c++)
                        cells[k++] = (r0 + r) * n + c0 + c;
                add_house(s, cells);
            }
    }
}

/* Allocates every array of s for its shape; the dlx problem comes after. */
static int alloc_solver(sudoku_solver *s)
{
    int n = s->n, cells = n * n;
    int houses = 3 * n + 2 + n; /* rows, columns, boxes, diagonals, windows (< n) */
    s->per_cell = SUDOKU_MAX_HOUSES_PER_CELL;
    s->house_cells = malloc(sizeof(int32_t) * (size_t)houses * (size_t)n);
    s->cell_houses = malloc(sizeof(int32_t) * (size_t)cells * (size_t)s->per_cell);
    s->cell_house_count = calloc((size_t)cells, 1);
    s->house_used = calloc((size_t)houses, sizeof(uint64_t));
    s->grid = malloc((size_t)cells);
    s->cand = calloc((size_t)cells, sizeof(uint64_t));
    s->empties = malloc(sizeof(int32_t) * (size_t)cells);
    if (!s->house_cells || !s->cell_houses || !s->cell_house_count || !s->house_used ||
        !s->grid || !s->cand || !s->empties)
        return SUDOKU_ENOMEM;
    for (int i = 0; i < cells * s->per_cell; i++)
        s->cell_houses[i] = -1;
    return SUDOKU_OK;
}

sudoku_solver *sudoku_solver_new(const sudoku_shape *shape, enum sudoku_algorithm alg, int *err)
{
    int rc = SUDOKU_EINVAL, dummy;
    if (!err)
        err = &dummy;
    if (!shape || (alg != SUDOKU_DLX && alg != SUDOKU_BITMASK && alg != SUDOKU_BACKTRACK &&
                   alg != SUDOKU_BAND)) {
        *err = SUDOKU_EINVAL;
        return NULL;
    }
    if ((rc = validate_shape(shape)) != SUDOKU_OK) {
        *err = rc;
        return NULL;
    }
    if (alg == SUDOKU_BAND && (shape->n != 9 || shape->regions || shape->variant ||
                               shape->box_rows != 3 || shape->box_cols != 3)) {
        *err = SUDOKU_ESHAPE;
        return NULL;
    }
    sudoku_solver *s = calloc(1, sizeof *s);
    if (!s) {
        *err = SUDOKU_ENOMEM;
        return NULL;
    }
    s->shape = *shape;
    s->alg = alg;
    s->n = shape->n;
    s->cells = s->n * s->n;
    if (shape->regions) {
        s->regions = malloc((size_t)s->cells);
        if (!s->regions) {
            sudoku_solver_free(s);
            *err = SUDOKU_ENOMEM;
            return NULL;
        }
        memcpy(s->regions, shape->regions, (size_t)s->cells);
        s->shape.box_rows = s->shape.box_cols = 0;
    }
    s->shape.regions = s->regions;
    if ((rc = alloc_solver(s)) != SUDOKU_OK) {
        sudoku_solver_free(s);
        *err = rc;
        return NULL;
    }
    build_houses(s);
    if (alg == SUDOKU_DLX && (rc = sudoku_dlx_build(s)) != SUDOKU_OK) {
        sudoku_solver_free(s);
        *err = rc;
        return NULL;
    }
    if (alg == SUDOKU_DLX && sudoku_big_fits(&s->shape) && !(s->big = sudoku_big_new(&s->shape))) {
        sudoku_solver_free(s);
        *err = SUDOKU_ENOMEM;
        return NULL;
    }
    *err = SUDOKU_OK;
    return s;
}

sudoku_solver *sudoku_solver_clone(const sudoku_solver *s)
{
    if (!s)
        return NULL;
    /* Building again is as cheap as copying for a sudoku-sized problem, and
     * gives exactly the same item and option ids. */
    return sudoku_solver_new(&s->shape, s->alg, NULL);
}

void sudoku_solver_free(sudoku_solver *s)
{
    if (!s)
        return;
    dlx_free(s->dlx);
    dlx_free(s->dlx_other);
    sudoku_big_free(s->big);
    free(s->regions);
    free(s->house_cells);
    free(s->cell_houses);
    free(s->cell_house_count);
    free(s->house_used);
    free(s->grid);
    free(s->cand);
    free(s->empties);
    free(s);
}

int sudoku_report_solution(sudoku_solver *s, const uint8_t *grid)
{
    s->found++;
    if (s->found == 1 && s->first)
        memcpy(s->first, grid, (size_t)s->cells);
    if (s->fn && s->fn(s->fn_ctx, grid)) {
        s->stopped = 1;
        return 1;
    }
    return s->limit != 0 && s->found >= s->limit;
}

int sudoku_find_conflict(sudoku_solver *s, const uint8_t *givens, int cell)
{
    int v = givens[cell];
    for (int j = 0; j < s->cell_house_count[cell]; j++) {
        int h = s->cell_houses[cell * s->per_cell + j];
        const int32_t *hc = s->house_cells + (size_t)h * s->n;
        for (int k = 0; k < s->n; k++) {
            if (hc[k] < cell && givens[hc[k]] == v) {
                s->conflict.house = h;
                s->conflict.symbol = v;
                s->conflict.cell1 = hc[k];
                s->conflict.cell2 = cell;
                return SUDOKU_ECONFLICT;
            }
        }
    }
    /* Not reached for a real clash; keep the report meaningful anyway. */
    s->conflict.house = s->cell_houses[cell * s->per_cell];
    s->conflict.symbol = v;
    s->conflict.cell1 = s->conflict.cell2 = cell;
    return SUDOKU_ECONFLICT;
}

int sudoku_place_givens(sudoku_solver *s)
{
    const uint8_t *g = s->givens;
    int ne = 0;
    memset(s->house_used, 0, sizeof(uint64_t) * (size_t)s->house_count);
    for (int i = 0; i < s->cells; i++) {
        s->grid[i] = g[i];
        if (g[i] == 0) {
            s->empties[ne++] = i;
            continue;
        }
        uint64_t bit = (uint64_t)1 << (g[i] - 1);
        const int32_t *hs = s->cell_houses + i * s->per_cell;
        for (int j = 0; j < s->cell_house_count[i]; j++) {
            if (s->house_used[hs[j]] & bit)
                return sudoku_find_conflict(s, g, i);
            s->house_used[hs[j]] |= bit;
        }
    }
    return ne;
}

int64_t sudoku_solve_each(sudoku_solver *s, const uint8_t *givens, uint64_t limit,
                          sudoku_solution_fn fn, void *ctx, sudoku_stats *stats)
{
    return sudoku_solve_each_into(s, givens, limit, NULL, fn, ctx, stats);
}

int64_t sudoku_solve(sudoku_solver *s, const uint8_t *givens, uint64_t limit, uint8_t *solution,
                     sudoku_stats *stats)
{
    return sudoku_solve_each_into(s, givens, limit, solution, NULL, NULL, stats);
}

static sudoku_algorithm_fn algorithm_of(const sudoku_solver *s)
{
    switch (s->alg) {
    /* the big plain grids' own search where it fits (solve_big.c; the
     * engine's problem is still built, for what asks it about its items) */
    case SUDOKU_DLX: return s->big ? sudoku_big_solve : sudoku_dlx_solve;
    case SUDOKU_BITMASK: return sudoku_bitmask_solve;
    case SUDOKU_BAND: return sudoku_band_solve;
    default: return sudoku_backtrack_solve;
    }
}

int64_t sudoku_solve_each_into(sudoku_solver *s, const uint8_t *givens, uint64_t limit,
                               uint8_t *solution, sudoku_solution_fn fn, void *ctx,
                               sudoku_stats *stats)
{
    if (!s)
        return SUDOKU_EINVAL;
    return sudoku_solve_using(s, algorithm_of(s), givens, limit, solution, fn, ctx, stats);
}

int64_t sudoku_solve_using(sudoku_solver *s, sudoku_algorithm_fn algorithm, const uint8_t *givens,
                           uint64_t limit, uint8_t *solution, sudoku_solution_fn fn, void *ctx,
                           sudoku_stats *stats)
{
    if (!s || !givens)
        return SUDOKU_EINVAL;
    for (int i = 0; i < s->cells; i++)
        if (givens[i] > s->n)
            return SUDOKU_EINVAL;
    s->givens = givens;
    s->first = solution;
    s->fn = fn;
    s->fn_ctx = ctx;
    s->limit = limit;
    s->found = 0;
    s->nodes = 0;
    s->stopped = 0;
    s->out_of_nodes = 0;
    s->interrupted = 0;
    s->next_progress = s->progress_every;
    int64_t rc = algorithm(s);
    if (s->interrupted && rc >= 0)
        rc = SUDOKU_ESTOPPED;
    if (stats)
        stats->nodes = s->nodes;
    s->givens = NULL;
    s->first = NULL;
    s->fn = NULL;
    return rc;
}

void sudoku_solver_set_progress(sudoku_solver *s, sudoku_progress_fn fn, void *ctx,
                                uint64_t every)
{
    if (!s)
        return;
    s->progress = fn;
    s->progress_ctx = ctx;
    /* A node's cost grows with the grid (the engine scans its items, the
     * backtrackers their blanks): the default slice shrinks with it. */
    uint64_t cells = s->cells > 81 ? (uint64_t)s->cells : 81;
    uint64_t scaled = 65536u * 81u / cells;
    s->progress_every = every ? every : scaled < 1024 ? 1024 : scaled;
}

uint64_t sudoku_solver_found(const sudoku_solver *s)
{
    return s ? s->found : 0;
}

void sudoku_solver_conflict(const sudoku_solver *s, sudoku_conflict *out)
{
    if (s && out)
        *out = s->conflict;
}

const sudoku_shape *sudoku_solver_shape(const sudoku_solver *s)
{
    return s ? &s->shape : NULL;
}

enum sudoku_algorithm sudoku_solver_algorithm(const sudoku_solver *s)
{
    return s ? s->alg : SUDOKU_DLX;
}

int sudoku_house_count(const sudoku_solver *s)
{
    return s ? s->house_count : 0;
}

const int32_t *sudoku_house_cells(const sudoku_solver *s, int house)
{
    if (!s || house < 0 || house >= s->house_count)
        return NULL;
    return s->house_cells + (size_t)house * s->n;
}

void sudoku_house_name(const sudoku_solver *s, int house, char *buf, size_t cap)
{
    if (!buf || cap == 0)
        return;
    if (!s || house < 0 || house >= s->house_count) {
        snprintf(buf, cap, "house %d", house + 1);
        return;
    }
    int n = s->n;
    int diag = (s->shape.variant & SUDOKU_X) ? 2 : 0;
    if (house < n)
        snprintf(buf, cap, "row %d", house + 1);
    else if (house < 2 * n)
        snprintf(buf, cap, "column %d", house - n + 1);
    else if (house < 3 * n)
        snprintf(buf, cap, "%s %d", s->regions ? "region" : "box", house - 2 * n + 1);
    else if (house < 3 * n + diag)
        snprintf(buf, cap, "%s diagonal", house == 3 * n ? "main" : "anti");
    else
        snprintf(buf, cap, "window %d", house - 3 * n - diag + 1);
}

int sudoku_check_solution(const sudoku_solver *s, const uint8_t *givens, const uint8_t *grid)
{
    if (!s || !grid)
        return 0;
    uint64_t full = s->n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << s->n) - 1;
    for (int i = 0; i < s->cells; i++) {
        if (grid[i] < 1 || grid[i] > s->n)
            return 0;
        if (givens && givens[i] && givens[i] != grid[i])
            return 0;
    }
    for (int h = 0; h < s->house_count; h++) {
        uint64_t seen = 0;
        const int32_t *hc = s->house_cells + (size_t)h * s->n;
        for (int k = 0; k < s->n; k++)
            seen |= (uint64_t)1 << (grid[hc[k]] - 1);
        if (seen != full)
            return 0;
    }
    return 1;
}

struct dlx_problem *sudoku_solver_dlx(sudoku_solver *s)
{
    return s ? s->dlx : NULL;
}
