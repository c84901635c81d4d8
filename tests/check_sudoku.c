/* SPDX-License-Identifier: MIT */
/* check_sudoku.c - the sudoku solvers: shapes and houses, the exact-cover
 * encoding and its decoding, variants, clashing givens, and the
 * algorithms agreeing on a table of puzzles whose answers come from a named
 * source or from an independent brute force written here. */
#include "sudoku.h"

#include "dlx.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const enum sudoku_algorithm ALGS[] = {SUDOKU_DLX, SUDOKU_BITMASK, SUDOKU_BACKTRACK};
#define NALGS 3
/* The plain 9x9 grid has one more: band (check_sudoku_band.c tests it). */
static const enum sudoku_algorithm ALGS9[] = {SUDOKU_DLX, SUDOKU_BITMASK, SUDOKU_BACKTRACK,
                                              SUDOKU_BAND};
#define NALGS9 4

static void cells_from(const char *text, uint8_t *cells)
{
    for (size_t i = 0; text[i]; i++) {
        char ch = text[i];
        cells[i] = (ch >= '1' && ch <= '9') ? (uint8_t)(ch - '0')
                 : (ch >= 'A' && ch <= 'Z') ? (uint8_t)(ch - 'A' + 10) : 0;
    }
}

static sudoku_solver *solver(int n, unsigned variant, enum sudoku_algorithm alg)
{
    sudoku_shape sh;
    ck_assert_int_eq(sudoku_shape_default(&sh, n), SUDOKU_OK);
    sh.variant = variant;
    int err = 1;
    sudoku_solver *s = sudoku_solver_new(&sh, alg, &err);
    ck_assert_ptr_nonnull(s);
    ck_assert_int_eq(err, SUDOKU_OK);
    return s;
}

/* Default box shapes: the largest divisor not above the square root. */
START_TEST(test_shape_default)
{
    static const struct { int n, rows, cols; } table[] = {
        {4, 2, 2}, {6, 2, 3}, {8, 2, 4}, {9, 3, 3}, {12, 3, 4}, {16, 4, 4}, {25, 5, 5}, {36, 6, 6},
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        sudoku_shape sh;
        ck_assert_int_eq(sudoku_shape_default(&sh, table[i].n), SUDOKU_OK);
        ck_assert_int_eq(sh.box_rows, table[i].rows);
        ck_assert_int_eq(sh.box_cols, table[i].cols);
    }
    sudoku_shape sh;
    ck_assert_int_eq(sudoku_shape_default(&sh, 7), SUDOKU_ESHAPE);
    ck_assert_int_eq(sudoku_shape_default(&sh, 65), SUDOKU_ESHAPE);
    sh.n = 9;
    sh.box_rows = 2;
    sh.box_cols = 4;
    sh.variant = 0;
    sh.regions = NULL;
    int err = 0;
    ck_assert_ptr_null(sudoku_solver_new(&sh, SUDOKU_DLX, &err));
    ck_assert_int_eq(err, SUDOKU_ESHAPE);
    /* hyper windows need square boxes */
    ck_assert_int_eq(sudoku_shape_default(&sh, 6), SUDOKU_OK);
    sh.variant = SUDOKU_HYPER;
    ck_assert_ptr_null(sudoku_solver_new(&sh, SUDOKU_BITMASK, &err));
    ck_assert_int_eq(err, SUDOKU_ESHAPE);
}
END_TEST

/* Houses: 3N for the classic rules, +2 diagonals, +(b-1)^2 windows. */
START_TEST(test_houses)
{
    sudoku_solver *s = solver(9, SUDOKU_X | SUDOKU_HYPER, SUDOKU_BITMASK);
    ck_assert_int_eq(sudoku_house_count(s), 27 + 2 + 4);
    char name[32];
    const struct { int house; const char *name; int first, last; } table[] = {
        {0, "row 1", 0, 8},
        {9 + 4, "column 5", 4, 76},
        {18 + 4, "box 5", 30, 50},
        {27, "main diagonal", 0, 80},
        {28, "anti diagonal", 8, 72},
        {29, "window 1", 10, 30},   /* rows 2-4, columns 2-4 (from 1) */
        {32, "window 4", 50, 70},   /* rows 6-8, columns 6-8 */
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        sudoku_house_name(s, table[i].house, name, sizeof name);
        ck_assert_str_eq(name, table[i].name);
        const int32_t *cells = sudoku_house_cells(s, table[i].house);
        ck_assert_int_eq(cells[0], table[i].first);
        ck_assert_int_eq(cells[8], table[i].last);
    }
    ck_assert_ptr_null(sudoku_house_cells(s, 33));
    sudoku_solver_free(s);
}
END_TEST

/* The encoding documented in sudoku.h: N*N + houses*N items, N^3 options,
 * option i*N + v-1 = cell i's item then (house, v) items. */
START_TEST(test_encoding)
{
    sudoku_solver *s = solver(9, 0, SUDOKU_DLX);
    struct dlx_problem *p = sudoku_solver_dlx(s);
    ck_assert_ptr_nonnull(p);
    ck_assert_int_eq(dlx_item_count(p), 81 + 27 * 9);
    ck_assert_int_eq(dlx_option_count(p), 729);
    /* r5c7 (cell 4*9+6 = 42) holds 3: option 42*9+2; row 5 is house 4,
     * column 7 house 9+6, box 6 house 18+5. */
    int32_t items[8];
    ck_assert_int_eq(dlx_option_items(p, 42 * 9 + 2, items, NULL, 8), 4);
    ck_assert_int_eq(items[0], 42);
    ck_assert_int_eq(items[1], 81 + 4 * 9 + 2);
    ck_assert_int_eq(items[2], 81 + 15 * 9 + 2);
    ck_assert_int_eq(items[3], 81 + 23 * 9 + 2);
    ck_assert_int_eq(dlx_check(p), DLX_OK);
    sudoku_solver_free(s);
    s = solver(4, 0, SUDOKU_BITMASK);
    ck_assert_ptr_null(sudoku_solver_dlx(s)); /* only the dlx solver has one */
    sudoku_solver_free(s);
}
END_TEST

/* What each engine id means, asked of libsudoku (sudoku_dlx_item(),
 * sudoku_dlx_option()), agrees with the problem the engine holds: every
 * option "cell c holds v" covers exactly the item of cell c and, for each
 * house holding c, the item "house h holds v" -- the houses of c counted
 * here from the geometry of a 9x9 X-sudoku (row, column, box, and the
 * diagonals c lies on), not from libsudoku's lists. */
START_TEST(test_item_meaning)
{
    sudoku_solver *s = solver(9, SUDOKU_X, SUDOKU_DLX);
    struct dlx_problem *p = sudoku_solver_dlx(s);
    int32_t items[16], opts[16];
    for (int32_t o = 0; o < dlx_option_count(p); o++) {
        int cell = -1, v = 0;
        ck_assert_int_eq(sudoku_dlx_option(s, o, &cell, &v), SUDOKU_OK);
        ck_assert(cell >= 0 && cell < 81 && v >= 1 && v <= 9);
        int r = cell / 9, c = cell % 9;
        int houses = 3 + (r == c) + (r + c == 8);
        int32_t k = dlx_option_items(p, o, items, NULL, 16);
        ck_assert_int_eq(k, 1 + houses);
        int cells_seen = 0;
        for (int32_t j = 0; j < k; j++) {
            sudoku_item it;
            ck_assert_int_eq(sudoku_dlx_item(s, items[j], &it), SUDOKU_OK);
            if (it.kind == SUDOKU_ITEM_CELL) {
                ck_assert_int_eq(it.cell, cell);
                ck_assert_int_eq(items[j], sudoku_dlx_cell_item(s, cell));
                cells_seen++;
                continue;
            }
            ck_assert_int_eq(it.kind, SUDOKU_ITEM_HOUSE);
            ck_assert_int_eq(it.symbol, v);
            const int32_t *hc = sudoku_house_cells(s, it.house);
            ck_assert_ptr_nonnull(hc);
            int member = 0;
            for (int m = 0; m < 9; m++)
                member |= hc[m] == cell;
            ck_assert(member);
        }
        ck_assert_int_eq(cells_seen, 1);
    }
    /* A cell's item lists the cell's nine candidates, one per symbol. */
    int32_t item = sudoku_dlx_cell_item(s, 40);
    ck_assert_int_eq(dlx_item_options(p, item, opts, 16), 9);
    for (int j = 0; j < 9; j++) {
        int cell = -1, v = 0;
        sudoku_dlx_option(s, opts[j], &cell, &v);
        ck_assert_int_eq(cell, 40);
        ck_assert_int_eq(v, j + 1);
    }
    /* Ids out of range, and solvers without an engine problem. */
    sudoku_item it;
    ck_assert_int_eq(sudoku_dlx_item(s, -1, &it), SUDOKU_EINVAL);
    ck_assert_int_eq(sudoku_dlx_item(s, dlx_item_count(p), &it), SUDOKU_EINVAL);
    ck_assert_int_eq(sudoku_dlx_option(s, dlx_option_count(p), NULL, NULL), SUDOKU_EINVAL);
    ck_assert_int_eq(sudoku_dlx_cell_item(s, 81), SUDOKU_EINVAL);
    sudoku_solver_free(s);
    s = solver(9, 0, SUDOKU_BITMASK);
    ck_assert_int_eq(sudoku_dlx_item(s, 0, &it), SUDOKU_EINVAL);
    ck_assert_int_eq(sudoku_dlx_option(s, 0, NULL, NULL), SUDOKU_EINVAL);
    ck_assert_int_eq(sudoku_dlx_cell_item(s, 0), SUDOKU_EINVAL);
    sudoku_solver_free(s);
}
END_TEST

/* Wikipedia's "Sudoku" article puzzle and the solution printed there. */
static const char *WIKI = "53..7....6..195....98....6.8...6...34..8.3..17...2...6"
                          ".6....28....419..5....8..79";
static const char *WIKI_SOLUTION = "534678912672195348198342567859761423426853791713924856"
                                   "961537284287419635345286179";

START_TEST(test_decode_known_solution)
{
    uint8_t g[81], want[81], got[81];
    cells_from(WIKI, g);
    cells_from(WIKI_SOLUTION, want);
    for (int a = 0; a < NALGS9; a++) {
        sudoku_solver *s = solver(9, 0, ALGS9[a]);
        sudoku_stats st = {0};
        for (int round = 0; round < 3; round++) { /* the solver is reused */
            memset(got, 0, sizeof got);
            ck_assert_int_eq(sudoku_solve(s, g, 2, got, &st), 1);
            ck_assert_mem_eq(got, want, 81);
            ck_assert_int_eq(sudoku_check_solution(s, g, got), 1);
        }
        if (ALGS9[a] == SUDOKU_BAND)
            ck_assert_uint_eq(st.nodes, 0); /* singles solve it: no guess */
        else
            ck_assert_uint_gt(st.nodes, 0);
        if (ALGS9[a] == SUDOKU_DLX)
            ck_assert_int_eq(dlx_check(sudoku_solver_dlx(s)), DLX_OK);
        sudoku_solver_free(s);
    }
}
END_TEST

/* The progress callback (sudoku_solver_set_progress()): called as the
 * search goes, it can stop a search that would take years (counting the
 * 6.67e21 grids of an empty 9x9, Felgenhauer and Jarvis 2005), and the
 * solver is still good for the next puzzle. */
typedef struct progress_log {
    int calls, stop_after;
    uint64_t last_nodes;
} progress_log;

static int on_progress(void *ctx, uint64_t nodes)
{
    progress_log *log = ctx;
    ck_assert_uint_ge(nodes, log->last_nodes);
    log->last_nodes = nodes;
    return ++log->calls >= log->stop_after;
}

START_TEST(test_progress_stops)
{
    uint8_t empty[81] = {0}, g[81], want[81], got[81];
    cells_from(WIKI, g);
    cells_from(WIKI_SOLUTION, want);
    for (int a = 0; a < NALGS9; a++) {
        sudoku_solver *s = solver(9, 0, ALGS9[a]);
        progress_log log = {0, 3, 0};
        sudoku_solver_set_progress(s, on_progress, &log, 1000);
        sudoku_stats st = {0};
        ck_assert_int_eq(sudoku_solve(s, empty, 0, NULL, &st), SUDOKU_ESTOPPED);
        ck_assert_int_eq(log.calls, 3);
        ck_assert_uint_ge(st.nodes, 3000);
        /* grids of an empty 9x9 are found within a few hundred nodes */
        ck_assert_uint_gt(sudoku_solver_found(s), 0);
        /* ... and afterwards it solves as before, the callback still on */
        log = (progress_log){0, 1 << 30, 0};
        ck_assert_int_eq(sudoku_solve(s, g, 2, got, &st), 1);
        ck_assert_mem_eq(got, want, 81);
        ck_assert_uint_eq(sudoku_solver_found(s), 1);
        if (ALGS9[a] == SUDOKU_DLX)
            ck_assert_int_eq(dlx_check(sudoku_solver_dlx(s)), DLX_OK);
        /* a clone starts without the callback */
        sudoku_solver *c = sudoku_solver_clone(s);
        log = (progress_log){0, 1, 0};
        ck_assert_int_eq(sudoku_solve(c, empty, 3, NULL, &st), 3);
        ck_assert_int_eq(log.calls, 0);
        sudoku_solver_free(c);
        sudoku_solver_free(s);
    }
}
END_TEST

/* --- an independent brute force for small grids ------------------------------- */

/* Counts grids of side 4 or 6 by filling cells in order and checking rows,
 * columns, boxes (and the diagonals / window when asked) by their formulas,
 * not through libsudoku's house list. */
typedef struct brute {
    int n, br, bc, x, hyper;
    const uint8_t *regions; /* replaces the boxes when not NULL */
    uint8_t g[36];
} brute;

static int brute_ok(const brute *b, int cell, int v)
{
    int n = b->n, r = cell / n, c = cell % n;
    for (int i = 0; i < cell; i++) {
        if (b->g[i] != v)
            continue;
        int r2 = i / n, c2 = i % n;
        if (r2 == r || c2 == c)
            return 0;
        if (b->regions ? b->regions[i] == b->regions[cell]
                       : (r2 / b->br == r / b->br && c2 / b->bc == c / b->bc))
            return 0;
        if (b->x && r == c && r2 == c2)
            return 0;
        if (b->x && r + c == n - 1 && r2 + c2 == n - 1)
            return 0;
        /* 4x4 hyper: the one window is rows 2-3, columns 2-3 (from 1) */
        if (b->hyper && r >= 1 && r <= 2 && c >= 1 && c <= 2 && r2 >= 1 && r2 <= 2 &&
            c2 >= 1 && c2 <= 2)
            return 0;
    }
    return 1;
}

static long brute_count(brute *b, const uint8_t *givens, int cell)
{
    if (cell == b->n * b->n)
        return 1;
    long total = 0;
    for (int v = 1; v <= b->n; v++) {
        if (givens[cell] && givens[cell] != v)
            continue;
        if (!brute_ok(b, cell, v))
            continue;
        b->g[cell] = (uint8_t)v;
        total += brute_count(b, givens, cell + 1);
        b->g[cell] = 0;
    }
    return total;
}

/* Known counts: 288 4x4 sudoku grids (OEIS A107739 lists 288 for order 2).
 * The others are checked against the brute force above. The dlx solver is
 * also run with the engine's inference (locked candidates) forced on, as it
 * is on the big grids only: the same counts, and sound links after. */
START_TEST(test_counts_small)
{
    static const struct { int n; unsigned variant; const char *givens; long known; } table[] = {
        {4, 0, "................", 288},
        {4, 0, "1234............", 12},   /* 288 / 4! by relabelling */
        {4, SUDOKU_X, "................", -1},
        {4, SUDOKU_HYPER, "................", -1},
        {4, SUDOKU_X, "1...............", -1},
        {4, 0, "12..34..........", -1},
        {4, 0, "11..............", 0},     /* clash: no solution */
        {6, 0, "123456........................2.....", -1},
        {6, 0, "1.....2.....3.....4.....5.....6.....", -1},
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        uint8_t g[36];
        cells_from(table[i].givens, g);
        brute b;
        memset(&b, 0, sizeof b);
        b.n = table[i].n;
        b.br = 2;
        b.bc = table[i].n / 2;
        b.x = (table[i].variant & SUDOKU_X) != 0;
        b.hyper = (table[i].variant & SUDOKU_HYPER) != 0;
        long want = brute_count(&b, g, 0);
        if (table[i].known >= 0)
            ck_assert_int_eq(want, table[i].known);
        for (int a = 0; a < NALGS; a++) {
            sudoku_solver *s = solver(table[i].n, table[i].variant, ALGS[a]);
            int64_t got = sudoku_solve(s, g, 0, NULL, NULL);
            if (want == 0 && got == SUDOKU_ECONFLICT)
                got = 0;
            if (got != want)
                ck_abort_msg("case %zu, algorithm %d: %lld solutions, brute force says %ld", i,
                             a, (long long)got, want);
            /* the limit is honoured */
            if (want > 2)
                ck_assert_int_eq(sudoku_solve(s, g, 2, NULL, NULL), 2);
            sudoku_solver_free(s);
        }
        sudoku_solver *s = solver(table[i].n, table[i].variant, SUDOKU_DLX);
        dlx_problem *p = sudoku_solver_dlx(s);
        ck_assert_int_eq(dlx_set_inference(p, DLX_INFER_SHARED_ITEM, table[i].n), DLX_OK);
        int64_t got = sudoku_solve(s, g, 0, NULL, NULL);
        if (want == 0 && got == SUDOKU_ECONFLICT)
            got = 0;
        ck_assert_msg(got == want, "case %zu, dlx with the inference: %lld solutions, want %ld", i,
                      (long long)got, want);
        ck_assert_int_eq(dlx_check(p), DLX_OK);
        sudoku_solver_free(s);
    }
}
END_TEST

/* 6x6 with 2x3 boxes and its first row given: 28,200,960 grids in all
 * (the published count of 6x6 sudoku grids, OEIS A107739) / 6! = 39,168. */
START_TEST(test_count_6x6_first_row)
{
    uint8_t g[36];
    cells_from("123456..............................", g);
    sudoku_solver *s = solver(6, 0, SUDOKU_DLX);
    ck_assert_int_eq(sudoku_solve(s, g, 0, NULL, NULL), 28200960 / 720);
    /* the same with the engine's inference forced on (docs/library.md) */
    dlx_problem *p = sudoku_solver_dlx(s);
    ck_assert_int_eq(dlx_set_inference(p, DLX_INFER_SHARED_ITEM, 3), DLX_OK);
    ck_assert_int_eq(sudoku_solve(s, g, 0, NULL, NULL), 28200960 / 720);
    ck_assert_uint_gt(dlx_inferred(p), 0);
    ck_assert_int_eq(dlx_check(p), DLX_OK);
    sudoku_solver_free(s);
}
END_TEST

/* Puzzles every algorithm must agree on (counts up to 2, the first
 * solution when unique). Sources: Wikipedia's article puzzle; Arto
 * Inkala's 2012 "world's hardest sudoku" (solution as published with it);
 * the first puzzle of Royle's 17-clue list; a no-solution puzzle (row 1
 * needs a 9 in column 9, which already has one); the Wikipedia puzzle with
 * givens removed (several solutions). */
START_TEST(test_algorithms_agree)
{
    static const struct { const char *puzzle; int count; const char *solution; } table[] = {
        {"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", 1,
         "534678912672195348198342567859761423426853791713924856961537284287419635345286179"},
        {"8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..", 1,
         "812753649943682175675491283154237896369845721287169534521974368438526917796318452"},
        {".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...", 1,
         NULL},
        {"12345678.........9", 0, NULL},
        {"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5.........", 2,
         NULL},
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        uint8_t g[81] = {0}, first[NALGS9][81], want[81];
        cells_from(table[i].puzzle, g);
        for (int a = 0; a < NALGS9; a++) {
            if (ALGS9[a] == SUDOKU_BACKTRACK && i == 2)
                continue; /* seconds for the textbook method on a 17-clue puzzle */
            sudoku_solver *s = solver(9, 0, ALGS9[a]);
            int64_t got = sudoku_solve(s, g, 2, first[a], NULL);
            if (got != table[i].count)
                ck_abort_msg("puzzle %zu, algorithm %d: %lld solutions, expected %d", i, a,
                             (long long)got, table[i].count);
            if (got >= 1)
                ck_assert_int_eq(sudoku_check_solution(s, g, first[a]), 1);
            if (got == 1 && table[i].solution) {
                cells_from(table[i].solution, want);
                ck_assert_mem_eq(first[a], want, 81);
            }
            if (got == 1 && a > 0)
                ck_assert_mem_eq(first[a], first[0], 81);
            sudoku_solver_free(s);
        }
    }
}
END_TEST

/* Two givens with the same symbol in one house: every algorithm names the
 * house, the symbol and both cells, and the solver stays usable. */
START_TEST(test_conflict)
{
    static const struct { const char *puzzle; int house, symbol, cell1, cell2; } table[] = {
        {"5.......5", 0, 5, 0, 8},                         /* row 1 */
        {"7........7", 9, 7, 0, 9},                        /* r1c1, r2c1: column 1 */
        {"..........3.......3", 18 + 0, 3, 10, 18},        /* r2c2, r3c1: box 1 */
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        uint8_t g[81] = {0};
        cells_from(table[i].puzzle, g);
        for (int a = 0; a < NALGS9; a++) {
            sudoku_solver *s = solver(9, 0, ALGS9[a]);
            ck_assert_int_eq(sudoku_solve(s, g, 1, NULL, NULL), SUDOKU_ECONFLICT);
            sudoku_conflict c;
            sudoku_solver_conflict(s, &c);
            ck_assert_int_eq(c.house, table[i].house);
            ck_assert_int_eq(c.symbol, table[i].symbol);
            ck_assert_int_eq(c.cell1, table[i].cell1);
            ck_assert_int_eq(c.cell2, table[i].cell2);
            uint8_t w[81], out[81];
            cells_from(WIKI, w);
            ck_assert_int_eq(sudoku_solve(s, w, 2, out, NULL), 1);
            if (ALGS9[a] == SUDOKU_DLX)
                ck_assert_int_eq(dlx_check(sudoku_solver_dlx(s)), DLX_OK);
            sudoku_solver_free(s);
        }
    }
    /* a value above n is refused */
    uint8_t bad[16] = {5};
    sudoku_solver *s = solver(4, 0, SUDOKU_DLX);
    ck_assert_int_eq(sudoku_solve(s, bad, 1, NULL, NULL), SUDOKU_EINVAL);
    sudoku_solver_free(s);
}
END_TEST

/* A 16x16 and a 25x25 made from a valid grid built by formula, cells
 * blanked: each algorithm that can finish (dlx, bitmask) finds a valid grid
 * keeping the givens. */
START_TEST(test_big_grids)
{
    static const int sides[] = {16, 25};
    for (size_t k = 0; k < 2; k++) {
        int n = sides[k], b = n == 16 ? 4 : 5;
        uint8_t g[625], out[625];
        for (int r = 0; r < n; r++)
            for (int c = 0; c < n; c++) {
                int v = (b * (r % b) + r / b + c) % n + 1;
                g[r * n + c] = ((r * 7 + c * 3) % 5 < 3) ? 0 : (uint8_t)v;
            }
        for (int a = 0; a < 2; a++) {
            sudoku_solver *s = solver(n, 0, ALGS[a]);
            ck_assert_int_ge(sudoku_solve(s, g, 1, out, NULL), 1);
            ck_assert_int_eq(sudoku_check_solution(s, g, out), 1);
            sudoku_solver_free(s);
        }
    }
}
END_TEST

/* Big grids under a node budget (issue 14: a 25x25 the dlx path could not
 * finish). A progress callback stops a search once it has visited its
 * budget of nodes, so a regression fails in a fraction of a second instead
 * of hanging, and nothing here depends on the speed of the machine.
 * The three puzzles: a valid grid built by formula (the one of
 * test_big_grids) with its rows, bands, columns, stacks and symbols
 * shuffled, then cells blanked in random order while both dlx and bitmask
 * still proved the answer unique (limit 2) within 20,000 nodes each. The
 * expected answer is that grid; the two solvers agree on it independently.
 * Nodes measured when they were made (dlx, limit 2): 18,958, 19,660,
 * 18,334; bitmask 18,928, 16,131, 19,419: the budget is twice that. With
 * the engine's inference (locked candidates, sudoku/solve_dlx.c) dlx takes
 * 7,910, 3,538 and 8,208 (bench/bench_big_grids; 14,227, 15,170 and 14,008
 * with it switched off). */
typedef struct node_budget {
    uint64_t budget;
} node_budget;

static int over_budget(void *ctx, uint64_t nodes)
{
    return nodes >= ((node_budget *)ctx)->budget;
}

static const struct {
    int givens;
    const char *puzzle, *solution;
} BIG25[] = {
    {292,
     ".GBE..213..K.7.4.AMDF..6.....D.F9N..O..P.J.12.87...H..F....O.5.J...8..D.L4."
     ".7.ICLD...N.....G..P23.....3....I.K.....6.N.F.BGOE925.N.B..E4.....F678.OPM."
     "E.K....J416.7.8MPO.AN5..H1....F.....M.....5HN...E....78PAL.M5..2N...G..4.1J"
     ".POLA.N.5..EG.B.D4J.86FI..678...ALDH.N59.K.B..J4.3...3..I..CLDA..F5.N.EGK.."
     "...N.KE..PJ...1C.7.I.LOD.PK.......2......OL..9H5..D..A...NHFG..K.2.J31...C8"
     ".E..L1..2.C..I.3...J7.98..M.......8....L.1.5H...BK8...7EL.PA.N5.H.IC.GJ.M.4"
     "..2..I.KCBD3...89..7...AOB........3..6.7.EPO..2.N.H312..KCI..J..47..F..E.LP"
     ".N....O.....235..ICK....D.8...A.DM.97FN6.B...513..J.M.4.......P..H.125.I8.."
     "LBEP.35....GC8...M.4..N.."
     ,
     "OGBEPJ21358KI7C4LAMDFNH694LAMDHF9N6BOEGP5J312C87KI6HN9FGPEBO351J2K78ICDAL4M"
     "K78ICLDMA4N69HFOGBEP23J515J3127CI8KA4MLD6HN9FPBGOE925HNCBGKE41JD3IF678AOPML"
     "ECKGBD3J416I7F8MPOLAN529H1D4J3F876IOMLPA925HNBKCEGIF678PALOM59H2NECKGB34D1J"
     "MPOLA2NH59KEGCB1D4J386FI7C678IOMALDHFN59PKGBE1J42324J316I87CLDAOMF5HN9EGKPB"
     "F5HN9KEBGPJ2341C678IMLODAPKGBE413J27C86IDOLAM9H5FNDOLAM59NHFGPBKE24J31I76C8"
     "AEPOL1H52NCBKIG3MD4J7F9863MD4J976F8PAOELN125HGCIBK89F67ELOPA2N51HBICKGJDM34"
     "N125HIGKCBD34MJ89F67LPEAOBICKGMJ4D3F8697AEPOLH21N5H31258KCIGMJDA47N9F6OEBLP"
     "7N9F6BOPEL1H235G8ICK4MAJDG8ICKA4DMJ97FN6LBEPO513H2JAMD4N6F97ELPBOH3125KI8GC"
     "LBEPO3521HIGC8KJAMD469N7F"},
    {278,
     "..51...KI...H..O...N.8...AK...D...H..2.BC...7.41.5.M.EP.BO..GC3..954J...I.F"
     ".C3....915..F..M.P..O..L2L..N.G.C73J9.1..F6.IM.....L.ON5.GC8FJ4.1A.....EM2P"
     "2......LOB5G8.7....9A..H.F.4.1.I...2...E...3...C...G.C7.1.9..A.KID..2ML...B"
     ".A6K......3...N.......9F..4.5....F.E....B.DN28.3.OEPKH....2M7..3......6JF.."
     "I6....APH..BM..8.....G..CNB.2D7..........9.IFPA...7..3L.G.........KA..BD..M"
     "....KB..D...NL...C4.....1.F1J9PK.A.B...M3N...5...7..EDM8O3.N.57G.F1...HKA.."
     "45..C.9F..PHI.K...B.3OL..8.NL.4...76....HI..A....E..J.FM.....NDB....C..5..."
     "M...HO2N.DC7....G...I......D.2C378L..G45.JFK6..PMA...8....4..I.6FE.H.....O."
     "91..5KF.6...AP...2..738.L"
     ,
     "J9514A6KIFDMHEPO2BLNC87G3AKFI6DPMEHLO2NBC38G7941J5DMHEPLBON2GC378954J1K6IAF"
     "GC378J4915AKFI6MHPDEOBNL2LO2NBG8C73J9514KF6AIMPEDH3LBON57GC8FJ491A6IHKDEM2P"
     "2DPME3NLOB5G8C7J41F9AIKH6FJ491HIAK62DPMELBN3OG7C585G8C7F1J94HA6KIDPE2MLNO3B"
     "HA6KI2EDMP3LBONG875CJ19F414C5GIJ6F9EPKHABMDN28L37OEPKHANDB2M78O3L4CG156JFI9"
     "I69FJEAPHKNBM2D8OL734G51CNBM2D7L83O14C5G69JIFPAHEK78O3L1G45CI69FJPKAEHBD2NM"
     "PHIAKBM2DE83NLO57C4GF9J616F1J9PKHAIB2EDM3NO8L5CG47B2EDM8O3LN457GCF196JHKAPI"
     "457GC69FJ1PHIAK2EMBD3OL8N83NLO4C5G76F1J9HIKPA2MDBEKIJ6FMHEPAONDB27L3C81549G"
     "MEAPHO2NBDC7L831G594IF6KJONDB2C378L91G45IJFK6EHPMAC7L839514GKIJ6FEAHMPN2BOD"
     "91G45KFI6JMEAPHND2OB738CL"},
    {280,
     "97..H1G..CMN..4.K.25J.8.....G....F.H97.BM.4.N5D.O..34..9.B..O..2DP.L8.1..C6"
     "..D..N.4.M.JF8..6I....E......P.2...C16...7B.9N.....JF.I........C...7HEA...."
     "..6.B8.....E..7DN3M..KO.5A.3.DEH.94L2..KI...8...B.25KOL.M.ND...P.B...G.7H.."
     "...H.GC61.DAN.3...O.8.P.J7....6.PIG..4.H2D.5K.O.8.KD..23....8.LJ...P.6...EB"
     "..H......E..D..8L.JF..1G.FLO...5M....I.P..C9.3HN.4....G.....E7....4HN..M52."
     "...43.....KMAD.F25...J.6.CG1.7PI.8.3HE4.KA..M...F...5.F..NA.....J.G.B.H94.."
     "M.NDK......O2.5...I.C1..GP....O...F.C.B13.9....D.A.M..5.3E.......1P....G..C"
     "L.2.J...M..I.6..C...4..NHI.8..LF2.J.B.....E3...K..4HE.NB7G.....K.J......6.P"
     ".......8P1N4.3E.M..DL2..O"
     ,
     "97BEH1GI6CMN3A4OKD25JL8PF16IGCJ8LFPH97EBM34AN5D2OKN34AM9EB7HO5K2DPFL8J1IGC6"
     "5KD2ONA43MPJF8LC6IG19BEH7JFL8P52DKOC16GIH7BE9N4AM38JFPI2OK5LBG1C6497HEA3MDN"
     "G16CB8PFJI4E9H7DN3MA2KOL5AN3MDEH794L25OKIJFP8G6CB125KOLAM3NDI8JPFB16CGE7H49"
     "E97H4GC61BDANM3L5KO28FPIJ7BC9E61PIGA34NH2DM5KFOJ8LKDM523NH4A8FLJOGIP167C9EB"
     "34HNA79CBE2KD5M8LOJF6P1GIFLOJ8K5MD2G6I1PEBC973HNA46IP1GFJOL8E7B9CA4HN3KM52D"
     "HE943CB1G7KMADNF25LOPJI68CG1B7PIJ863HE49KANDMO5LF2O25LFMDNAK6P8IJ7G1BCH943E"
     "MANDKH49E3FO2L568JIPC1B7GP8JI6OL52F7CGB13E94HMNDKADMAK543EHNJLOF21P86IBG79C"
     "LO2FJDKAM51IP689CG7B4E3NHIP861LF2OJ9BC7GNHE34DAK5M4HE3NB7GC95DMKAJO2FLI861P"
     "BCG79I68P1N4H3E5MAKDL2FJO"},
};

/* Issue 14's puzzle (docs/robustness.md): puzzle 5 of
 * tests/data/sudoku/big25_253.txt, 253 givens and several solutions. The
 * dlx solver without the engine's inference found no solution in 6.1
 * million nodes; with it (locked candidates, sudoku/solve_dlx.c) 29,106
 * when written (29,210 before the inference looked only at the items a
 * move changed), bitmask 1,014. Both must find a solution, checked against
 * the rules and the givens, within 60,000 nodes: a regression of either
 * fails here at once instead of running for minutes. */
static const char HARD25[] =
    ".B...1...GP.8MK.3.F..L.......LP9B....F...2.78.....8....A...........IE.24..P"
    "..MG6.....H......B.98.....F3.J...O.LI.1.K..4..G.5..2.H.4.....MN3O.....9..K."
    ".3JO..B.A.G....9.8246..P.........P9.C.....1.D..2.....9..J...I.E.....L.45..."
    "D.K78....1.4..J.BFH5A...G.G.6.........41.LO...2.8J9N1..K2L.F.EB.G.7.3....MC"
    "..LFH.....D.P7..I2MKB.....PB..53.4.JN.......CI.....J......B.O.KI846.A...EN3"
    ".6G.A...N.........9FM...5..5J7..6M.KA.BE3.C.G.IN2..K.E.9..H..7.8IA...J.6O.."
    "3.8....A......N7..K..J..F.L...3F....H...61M...B.4E.D.I..5H....2.B1.EPML...6"
    ".O7.B.N....K.LHF..5..AMG.596A.ML.7..OJECB....1...2.H.L.GA....D......N...8.9"
    "....E6PI..N13......2..4F.";

/* Puzzle 15 of the same file, which of the turns of sudoku/solve_dlx.c
 * only those with ties to the recent item finished when written: that
 * setting alone in 59,478 nodes, the turns in 223,318; leftmost ties with
 * the inference and the plain search had no solution in a million nodes
 * each (bench/bench_big_grids). Now the ties to the last path's items
 * take 33,337 nodes, in the first of the turns. The dlx solver must find
 * one, checked against the rules and the givens, within 240,000 nodes. */
static const char RECENT25[] =
    "8..G..M.....6I4..B1.F....KL.5...B47.1A.M.J9G....IN1A.NO......5L.8.6..M.7.9C"
    "...I.K....2O.C..H....P.A5.H....2...J.....8....D.K.E.I...N.P...BG..46.85A..L"
    ".3KC....BH.J.D..5.I.1G482BJN.P.54M9O.3.H..K..D.....4.8D.7...6...E.M....B9.3"
    "......J.1.I2N.CO...F....K..26.O.9..DB1M...J..CL...M...H.G8D6...F3.........J"
    ".....M..7.N...A.FEOL.9..4.....1.P...L.....G.4.E....N......5.8.K......DB..G6"
    "..5......1H...N....9G..M.6.97M.KE.8.....4.A2.3..B......7.JC.....PF.5..LN..1"
    "J..A......5EO1..BMN.H4...H8BE.......M..J......2..I..H35......CJP..D.41E.6.7"
    "L..D6.9...1G....2O..N.IP..B7K9..6.N.F5..E..8J.O.4............3.8.LI.5K..J.A"
    "G.O..CE.3....7.MP....1.2.";

/* Puzzles 4, 11, 14 and 17 of the same file, which before the ties to the
 * items of the last path (DLX_CHOOSE_MRV_PATH, the first of the turns of
 * sudoku/solve_dlx.c) only bitmask finished within a million nodes
 * (bitmask 6,372, 875,326, 314,459, 603,477 nodes; dlx none of them:
 * bench/bench_big_grids, docs/sudoku.md "Big grids"). Now dlx takes
 * 34,331, 3,151, 14,956 and 21,799 nodes (sudoku --stats), all in the
 * first of its turns; the budget is about twice that. Several solutions each: whichever is found is checked
 * against the rules and the givens (sudoku_check_solution, which looks at
 * the grid only); the bitmask solver, whose search owes nothing to the
 * engine, must find a valid one too where it is quick (line 4; the others
 * take it 0.3 to 1 s). */
static const struct {
    int line;                /* in tests/data/sudoku/big25_253.txt */
    uint64_t budget, bitmask; /* dlx nodes; bitmask nodes, 0: not run */
    const char *puzzle;
} PATH25[] = {
    {4, 80000, 20000,
     ".GC......N2E3..9.F....D...5.F.1..L.....H.4...E32CP........3...I..G.DH......"
     "KP..6CJDBG.4....M.....5L8....L.P.E..MN..18B3..F9IH7.B..M....85.HNFP....D4.."
     "A1..3F9G..J..B.L2.O..5.E7...N....7DK.....J4I...M...CG.O...NJ..M4...78....B3"
     "...DF.5...C...O......A.2K...I......7B...C..2.4M..F.9..J...2BD..P..F.K...G5I"
     ".DE.....9.M....B..G.1.P....L..8.4IF.6.5...A...O..B.3K.ML..D.OJ2.87........N"
     "..53.E.A.8.1.C.M..7...FD9P....9.K......2JBHD..ILA1.6O.....J2...EB.........."
     "D.A.....O..P4.I2...CBG...1.M24...H..L.....K....NJ.CH6..OG.P.5.8I..1....B..."
     "...4IN..8A..O2..DE.H6..G.8..7.JM...4.6.F.3.PNC.A.LJ.....I.1....L..76..MP..E"
     ".A..B...6.N...G..M9.J...."},
    {11, 20000, 0,
     "8.3.H..K.....25.D.7.B..N..J.D.1P46.I.7H..5...3M.KE...G..2...8....O.A.E...L."
     "N7.I..E..M....J....L...AH.5.FKA....O......4.3..1.P.....58.M..GC...7...P.B.1"
     "...A.3197....JB....G.......I97.D......6.....O...5.O.....G.PIA..KD.B.J...M.6"
     "PD.12JL.....FN.3.9...G.......N4.7.J..LIP.......9..5G.8P2.B.K7...9I.E..1.HDC"
     "..F..MCO.L.D8...A32B...J..O...F9.H..1.A..6.C.EBL....K.......234B..9GM...I.N"
     "AP.....H.D.J.7.K.O3C.L24.2.NE..6L....3.O..BFI.KA1.L.7....E...KH..G4...N.6.."
     "..H..B..5...2.FL...6C.P..49.6.O....L..5N......83E...4.......5.I.....O....BM"
     "C..M.K.GL.HFO....21..6.....J.57.P..GC.34.....9A..F..E..IA...1....4PH.M..8.7"
     "IAB.G..2.....L..F.D5O...."},
    {14, 40000, 0,
     ".....DF9..M7...H6...2...........H..N..4..O..BPE1.....8..1E.AO.P23..I.M.6D.F"
     ".E..P5...2..8D..3.....NK.I6K.3..4N..........PLH97BDF.....2........1.JN.B.9."
     ".IC6..9.4...K...A......JN5L3.8.N...2..E..D.974...M2.9.E.6JKD.OI.A........C."
     "...74.....8J1M.O.C..IKP5.3..2C9.G..E...5..KF.74.OL...H.J...7C.....93.8N.K.."
     "FM.4..ENI..L2....O..BG.P...6N...F...DH.......E9I..G...J.8.ML.9.....B.C...2."
     ".K.EH..I...3...J..6.1F.....N......M...7..I.K....6CPD..63...C....E...19....."
     ".....O.K7.BC...3.4.D...N..O..A.....1K.J.85FCH.D.4POBG.....8E..J92....1....7"
     "7.LA..5.....BHF....4.O.IG.J..27MB..D.5O8CN..K...H.N1.9M4.O..7E6....DB.....K"
     ".3.IK...HJ..M....L..5...."},
    {17, 60000, 0,
     "7...8.4A..NO1C.E9....IK..F..3.M...L....I7.K.P.5O....JLBO....H...EF..1M6..4."
     ".M.1....9K.64.A8.....PN...O2...ED.P..5...NG.L..9MFG.E...M.4HP.L.N...C.7.J.A"
     "...A.83C...D.....I...1E.....7J..5E.C8.O.....A.3......P..G9.O.F3I1....N8D.H."
     "6.O..I..P.5......F.B.KM.2B..F49.6..EC...L.....H3..M2.HD.N.JC.K.8...53I...F."
     "..3.N....D.....2..B...C.55.K6........HB.....EI.487J1...B8...4......N.HD...P"
     ".D...AC.I58.J...E.2.......C8.I..L.MFN......A43J....L.B...H...AM5......9.PI."
     ".P1..46.O.......K8F...G...64..E.7...B..D.1..J......764.CH.FB...1...E....8.."
     "......7KM.B58A.I2PD..6.3.E.....12...JK9.O.CG.L..7..G.8.NI......4....L5MO..J"
     "DB...J.P.....6......4.AC."},
};

START_TEST(test_big_grids_budget)
{
    static const enum sudoku_algorithm algs[] = {SUDOKU_DLX, SUDOKU_BITMASK};
    for (size_t a = 0; a < 2; a++) {
        sudoku_solver *s = solver(25, 0, algs[a]);
        node_budget nb = {40000};
        sudoku_solver_set_progress(s, over_budget, &nb, 1000);
        for (size_t i = 0; i < sizeof BIG25 / sizeof BIG25[0]; i++) {
            uint8_t g[625], want[625], got[625];
            ck_assert_uint_eq(strlen(BIG25[i].puzzle), 625);
            ck_assert_uint_eq(strlen(BIG25[i].solution), 625);
            cells_from(BIG25[i].puzzle, g);
            cells_from(BIG25[i].solution, want);
            int given = 0;
            for (int c = 0; c < 625; c++) {
                given += g[c] != 0;
                if (g[c])
                    ck_assert_int_eq(g[c], want[c]);
            }
            ck_assert_int_eq(given, BIG25[i].givens);
            for (uint64_t limit = 1; limit <= 2; limit++) {
                sudoku_stats st = {0};
                memset(got, 0, sizeof got);
                ck_assert_msg(sudoku_solve(s, g, limit, got, &st) == 1,
                              "algorithm %d, puzzle %zu, limit %d: no answer within %d nodes",
                              (int)algs[a], i, (int)limit, (int)nb.budget);
                ck_assert_mem_eq(got, want, 625);
                ck_assert_uint_lt(st.nodes, nb.budget);
            }
        }
        /* the hard one with several solutions: one, within 60,000 nodes */
        uint8_t hard[625], found[625];
        ck_assert_uint_eq(strlen(HARD25), 625);
        cells_from(HARD25, hard);
        node_budget hard_nb = {60000};
        sudoku_solver_set_progress(s, over_budget, &hard_nb, 1000);
        sudoku_stats hard_st = {0};
        ck_assert_msg(sudoku_solve(s, hard, 1, found, &hard_st) == 1,
                      "algorithm %d: no answer to the hard puzzle within %d nodes", (int)algs[a],
                      (int)hard_nb.budget);
        ck_assert_int_eq(sudoku_check_solution(s, hard, found), 1);
        ck_assert_uint_lt(hard_st.nodes, hard_nb.budget);
        if (algs[a] == SUDOKU_DLX) {
            ck_assert_uint_eq(strlen(RECENT25), 625);
            cells_from(RECENT25, hard);
            hard_nb.budget = 240000;
            memset(found, 0, sizeof found);
            ck_assert_msg(sudoku_solve(s, hard, 1, found, &hard_st) == 1,
                          "no answer to puzzle 15 within %d nodes", (int)hard_nb.budget);
            ck_assert_int_eq(sudoku_check_solution(s, hard, found), 1);
            ck_assert_uint_lt(hard_st.nodes, hard_nb.budget);
        }
        for (size_t i = 0; i < sizeof PATH25 / sizeof PATH25[0]; i++) {
            uint8_t g[625] = {0}, got[625] = {0};
            ck_assert_uint_eq(strlen(PATH25[i].puzzle), 625);
            cells_from(PATH25[i].puzzle, g);
            node_budget path_nb = {algs[a] == SUDOKU_DLX ? PATH25[i].budget : PATH25[i].bitmask};
            if (!path_nb.budget)
                continue;
            sudoku_solver_set_progress(s, over_budget, &path_nb, 1000);
            sudoku_stats st = {0};
            ck_assert_msg(sudoku_solve(s, g, 1, got, &st) == 1,
                          "algorithm %d: no answer to line %d within %d nodes", (int)algs[a],
                          PATH25[i].line, (int)path_nb.budget);
            ck_assert_int_eq(sudoku_check_solution(s, g, got), 1);
            ck_assert_uint_lt(st.nodes, path_nb.budget);
        }
        sudoku_solver_set_progress(s, over_budget, &nb, 1000);
        /* the empty 25x25: a grid within the budget too (dlx: 11,196 nodes
         * when written, 794 with the inference; bitmask 625) */
        uint8_t empty[625] = {0}, out[625];
        ck_assert_int_eq(sudoku_solve(s, empty, 1, out, NULL), 1);
        ck_assert_int_eq(sudoku_check_solution(s, empty, out), 1);
        sudoku_solver_free(s);
    }
}
END_TEST

/* Jigsaw: regions replace boxes. Two maps of a 4x4: the boxes themselves
 * written as regions (288, the plain count) and an irregular one; counts
 * come from the brute force; a clash in a region names the region. */
START_TEST(test_jigsaw)
{
    /* other: a cell in region A with r1c1 but in another row and column */
    static const struct { const char *map; long known; int other; } table[] = {
        {"AABB\nAABB\nCCDD\nCCDD\n", 288, 5},
        {"AAAB\nCABB\nCCDB\nCDDD\n", -1, 5},
        {"AABB\nABAB\nCCDD\nCCDD\n", -1, 6}, /* valid regions, no grid at all */
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        uint8_t regions[SUDOKU_MAX_CELLS];
        int n = 0;
        long line = 0;
        const char *map = table[i].map;
        ck_assert_int_eq(sudoku_parse_regions(map, strlen(map), &n, regions, &line), SUDOKU_OK);
        ck_assert_int_eq(n, 4);
        brute b;
        memset(&b, 0, sizeof b);
        b.n = 4;
        b.regions = regions;
        uint8_t empty[16] = {0};
        long want = brute_count(&b, empty, 0);
        if (table[i].known >= 0)
            ck_assert_int_eq(want, table[i].known);
        sudoku_shape sh = {4, 0, 0, 0, regions};
        for (int a = 0; a < NALGS; a++) {
            int err;
            sudoku_solver *s = sudoku_solver_new(&sh, ALGS[a], &err);
            ck_assert_ptr_nonnull(s);
            ck_assert_int_eq(sudoku_solve(s, empty, 0, NULL, NULL), want);
            char name[32];
            sudoku_house_name(s, 8, name, sizeof name);
            ck_assert_str_eq(name, "region 1");
            uint8_t clash[16] = {0};
            clash[0] = 2;
            clash[table[i].other] = 2;
            ck_assert_int_eq(sudoku_solve(s, clash, 1, NULL, NULL), SUDOKU_ECONFLICT);
            sudoku_conflict c;
            sudoku_solver_conflict(s, &c);
            ck_assert_int_eq(c.house, 8);
            sudoku_solver_free(s);
        }
    }
    uint8_t regions[SUDOKU_MAX_CELLS];
    int n = 0;
    long line = 0;
    /* not N regions of N cells */
    static const char *bad = "AAAB\nABAB\nCCDD\nCCDD\n";
    ck_assert_int_eq(sudoku_parse_regions(bad, strlen(bad), &n, regions, &line),
                     SUDOKU_EREGIONS);
    static const char *ragged = "AABB\nABA\nCCDD\nCCDD\n";
    ck_assert_int_eq(sudoku_parse_regions(ragged, strlen(ragged), &n, regions, &line),
                     SUDOKU_EREGIONS);
    ck_assert_int_eq(line, 2);
}
END_TEST

/* --all: every solution through the callback, distinct and valid. */
typedef struct collect {
    int count;
    uint8_t grids[300][16];
} collect;

static int on_grid(void *ctx, const uint8_t *grid)
{
    collect *c = ctx;
    if (c->count < 300)
        memcpy(c->grids[c->count], grid, 16);
    c->count++;
    return 0;
}

START_TEST(test_each_solution)
{
    collect *c = calloc(1, sizeof *c);
    ck_assert_ptr_nonnull(c);
    uint8_t empty[16] = {0};
    for (int a = 0; a < NALGS; a++) {
        sudoku_solver *s = solver(4, 0, ALGS[a]);
        c->count = 0;
        ck_assert_int_eq(sudoku_solve_each(s, empty, 0, on_grid, c, NULL), 288);
        ck_assert_int_eq(c->count, 288);
        for (int i = 0; i < 288; i++) {
            ck_assert_int_eq(sudoku_check_solution(s, NULL, c->grids[i]), 1);
            for (int j = 0; j < i; j++)
                ck_assert(memcmp(c->grids[i], c->grids[j], 16) != 0);
        }
        c->count = 0;
        ck_assert_int_eq(sudoku_solve_each(s, empty, 5, on_grid, c, NULL), 5);
        sudoku_solver_free(s);
    }
    free(c);
}
END_TEST

START_TEST(test_clone)
{
    sudoku_solver *s = solver(9, SUDOKU_X, SUDOKU_DLX);
    sudoku_solver *t = sudoku_solver_clone(s);
    ck_assert_ptr_nonnull(t);
    ck_assert_int_eq(sudoku_house_count(t), 29);
    uint8_t g[81] = {0}, a[81], b[81];
    ck_assert_int_eq(sudoku_solve(s, g, 1, a, NULL), 1);
    ck_assert_int_eq(sudoku_solve(t, g, 1, b, NULL), 1);
    ck_assert_mem_eq(a, b, 81);
    ck_assert_int_eq(sudoku_check_solution(t, NULL, b), 1);
    /* Wikipedia's solution is a sudoku but not an X-sudoku: its main
     * diagonal holds 7 at r2c2 and r4c4 */
    uint8_t w[81];
    cells_from(WIKI_SOLUTION, w);
    ck_assert_int_eq(sudoku_check_solution(t, NULL, w), 0);
    sudoku_solver *plain = solver(9, 0, SUDOKU_BITMASK);
    ck_assert_int_eq(sudoku_check_solution(plain, NULL, w), 1);
    sudoku_solver_free(plain);
    sudoku_solver_free(s);
    sudoku_solver_free(t);
    ck_assert_str_eq(sudoku_strerror(SUDOKU_ECONFLICT),
                     "two givens hold the same symbol in one house");
}
END_TEST

Suite *sudoku_suite(void);
Suite *sudoku_suite(void)
{
    Suite *s = suite_create("sudoku");
    TCase *tc = tcase_create("solvers");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_shape_default);
    tcase_add_test(tc, test_houses);
    tcase_add_test(tc, test_encoding);
    tcase_add_test(tc, test_item_meaning);
    tcase_add_test(tc, test_decode_known_solution);
    tcase_add_test(tc, test_progress_stops);
    tcase_add_test(tc, test_counts_small);
    tcase_add_test(tc, test_count_6x6_first_row);
    tcase_add_test(tc, test_algorithms_agree);
    tcase_add_test(tc, test_conflict);
    tcase_add_test(tc, test_big_grids);
    tcase_add_test(tc, test_big_grids_budget);
    tcase_add_test(tc, test_jigsaw);
    tcase_add_test(tc, test_each_solution);
    tcase_add_test(tc, test_clone);
    suite_add_tcase(s, tc);
    return s;
}
