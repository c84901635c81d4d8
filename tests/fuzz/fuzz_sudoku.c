/* SPDX-License-Identifier: MIT */
/* fuzz_sudoku.c - libFuzzer target: the sudoku reader (every form: one line
 * per puzzle, grids of N lines, any side, any alphabet), the region-map and
 * alphabet parsers, and the solvers on what they read.
 *
 * The first byte picks the mode and the options; the rest is the text.
 *  - reader: every call to sudoku_reader_next() makes progress (so a batch
 *    never hangs), errors name a line inside the text and a known code, and
 *    each puzzle read has a side 2..64 and symbols 0..n. Written back with
 *    sudoku_format_line() and read again, a puzzle gives the same cells.
 *    Puzzles up to 9 x 9 are solved by the dancing-links and the bitmask
 *    solvers with limit 2, and plain 9 x 9 ones by the band solver too:
 *    they must agree on the count (0, 1 or 2) and on a clash, and each
 *    solution must pass sudoku_check_solution() and keep the givens.
 *  - regions: a jigsaw map is parsed; a valid one up to 6 x 6 builds a
 *    solver whose first solution of the empty grid is checked.
 *  - alphabet: the text (up to its first NUL) is an alphabet spec.
 * sudoku_format_pretty() is called with too small a buffer to catch writes
 * past the end (exact-size heap buffers, so ASan sees them). */
#include "sudoku.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REQUIRE(cond)                                                                  \
    do {                                                                               \
        if (!(cond)) {                                                                 \
            fprintf(stderr, "fuzz_sudoku: %s:%d: failed: %s\n", __FILE__, __LINE__, \
                    #cond);                                                            \
            abort();                                                                   \
        }                                                                              \
    } while (0)

/* An upper bound on the number of lines, whatever ends them. */
static long count_lines(const char *text, size_t len)
{
    long lines = 1;
    for (size_t i = 0; i < len; i++)
        if (text[i] == '\n' || text[i] == '\r')
            lines++;
    return lines;
}

/* Solves a small puzzle with two algorithms and checks they agree. */
static void solve_both(const sudoku_puzzle *pz)
{
    sudoku_shape shape;
    if (sudoku_shape_default(&shape, pz->n) != SUDOKU_OK)
        return;
    int err = 0;
    sudoku_solver *dlx = sudoku_solver_new(&shape, SUDOKU_DLX, &err);
    REQUIRE(dlx != NULL);
    sudoku_solver *bits = sudoku_solver_new(&shape, SUDOKU_BITMASK, &err);
    REQUIRE(bits != NULL);
    size_t cells = (size_t)pz->n * (size_t)pz->n;
    uint8_t *sol_dlx = malloc(cells), *sol_bits = malloc(cells);
    REQUIRE(sol_dlx && sol_bits);
    int64_t a = sudoku_solve(dlx, pz->cells, 2, sol_dlx, NULL);
    int64_t b = sudoku_solve(bits, pz->cells, 2, sol_bits, NULL);
    if (a != b)
        fprintf(stderr, "fuzz_sudoku: dlx says %lld, bitmask says %lld\n", (long long)a,
                (long long)b);
    REQUIRE(a == b);
    REQUIRE(a == SUDOKU_ECONFLICT || (a >= 0 && a <= 2));
    if (a == SUDOKU_ECONFLICT) {
        sudoku_conflict c;
        sudoku_solver_conflict(dlx, &c);
        REQUIRE(c.cell1 >= 0 && (size_t)c.cell1 < cells);
        REQUIRE(c.cell2 >= 0 && (size_t)c.cell2 < cells && c.cell1 != c.cell2);
        REQUIRE(c.symbol >= 1 && c.symbol <= pz->n);
        REQUIRE(pz->cells[c.cell1] == c.symbol && pz->cells[c.cell2] == c.symbol);
    }
    if (a > 0) {
        REQUIRE(sudoku_check_solution(dlx, pz->cells, sol_dlx) == 1);
        REQUIRE(sudoku_check_solution(bits, pz->cells, sol_bits) == 1);
        if (a == 1)
            REQUIRE(memcmp(sol_dlx, sol_bits, cells) == 0);
    }
    if (pz->n == 9) {
        sudoku_solver *band = sudoku_solver_new(&shape, SUDOKU_BAND, &err);
        REQUIRE(band != NULL);
        uint8_t sol_band[81];
        int64_t c = sudoku_solve(band, pz->cells, 2, sol_band, NULL);
        if (c != a)
            fprintf(stderr, "fuzz_sudoku: dlx says %lld, band says %lld\n", (long long)a,
                    (long long)c);
        REQUIRE(c == a);
        if (c == SUDOKU_ECONFLICT) {
            sudoku_conflict x, y;
            sudoku_solver_conflict(dlx, &x);
            sudoku_solver_conflict(band, &y);
            REQUIRE(x.house == y.house && x.symbol == y.symbol && x.cell1 == y.cell1 &&
                    x.cell2 == y.cell2);
        }
        if (c > 0)
            REQUIRE(sudoku_check_solution(band, pz->cells, sol_band) == 1);
        if (c == 1)
            REQUIRE(memcmp(sol_band, sol_dlx, 81) == 0);
        sudoku_solver_free(band);
    }
    free(sol_dlx);
    free(sol_bits);
    sudoku_solver_free(dlx);
    sudoku_solver_free(bits);
}

/* Formats into exact-size buffers, and pretty-prints with a short one. */
static void format_round_trip(const sudoku_puzzle *pz, const sudoku_read_options *opt,
                              const char *alphabet, unsigned cut)
{
    size_t cells = (size_t)pz->n * (size_t)pz->n;
    char *line = malloc(cells + 1);
    REQUIRE(line != NULL);
    REQUIRE(sudoku_format_line(pz->cells, pz->n, alphabet, line) == cells);
    REQUIRE(strlen(line) == cells);

    int err = 0;
    sudoku_reader *r = sudoku_reader_new(line, cells, opt, &err);
    REQUIRE(r != NULL);
    sudoku_puzzle *again = malloc(sizeof *again);
    REQUIRE(again != NULL);
    sudoku_read_error rerr;
    int rc = sudoku_reader_next(r, again, &rerr);
    if (rc != 1)
        fprintf(stderr, "fuzz_sudoku: written back as \"%s\", read back: %d\n", line, rc);
    REQUIRE(rc == 1);
    REQUIRE(again->n == pz->n);
    REQUIRE(memcmp(again->cells, pz->cells, cells) == 0);
    REQUIRE(sudoku_reader_next(r, again, &rerr) == 0);
    sudoku_reader_free(r);
    free(again);
    free(line);

    char *grid = malloc(cells + (size_t)pz->n + 1);
    REQUIRE(grid != NULL);
    REQUIRE(sudoku_format_grid(pz->cells, pz->n, alphabet, grid) == cells + (size_t)pz->n);
    free(grid);

    sudoku_shape shape;
    int br = 0, bc = 0;
    if (sudoku_shape_default(&shape, pz->n) == SUDOKU_OK) {
        br = shape.box_rows;
        bc = shape.box_cols;
    }
    size_t need = sudoku_format_pretty(pz->cells, pz->n, br, bc, alphabet, NULL, 0);
    size_t cap = need + 1 > cut ? need + 1 - cut % (need + 1) : 1;
    char *pretty = malloc(cap);
    REQUIRE(pretty != NULL);
    REQUIRE(sudoku_format_pretty(pz->cells, pz->n, br, bc, alphabet, pretty, cap) == need);
    REQUIRE(strlen(pretty) <= cap - 1);
    free(pretty);
}

static void fuzz_reader(const char *text, size_t len, unsigned mode)
{
    static const char *const alphabets[4] = {NULL, "0-9A-F", "1-9", "a-zA-Z0-9@$"};
    static const int sides[4] = {0, 0, 9, 4};
    sudoku_read_options opt = {alphabets[mode & 3], sides[(mode >> 2) & 3]};
    char symbols[SUDOKU_MAX_N + 1];
    const char *alphabet = NULL;
    if (opt.alphabet) {
        REQUIRE(sudoku_parse_alphabet(opt.alphabet, symbols) > 0);
        alphabet = symbols;
    }
    int err = 0;
    sudoku_reader *r = sudoku_reader_new(text, len, &opt, &err);
    REQUIRE(r != NULL);
    sudoku_puzzle *pz = malloc(sizeof *pz);
    REQUIRE(pz != NULL);
    long lines = count_lines(text, len), calls = 0, last = 0;
    int solved = 0;
    for (;;) {
        sudoku_read_error e;
        memset(&e, 0, sizeof e);
        int rc = sudoku_reader_next(r, pz, &e);
        REQUIRE(++calls <= lines + 1); /* each call moves past at least a line */
        if (rc == 0)
            break;
        if (rc < 0) {
            REQUIRE(rc == e.code);
            REQUIRE(rc == SUDOKU_ELENGTH || rc == SUDOKU_ESYMBOL || rc == SUDOKU_EROWS);
            REQUIRE(e.line >= 1 && e.line <= lines);
            REQUIRE(e.first_line >= 1 && e.first_line <= e.line);
            REQUIRE(e.column >= 0);
            REQUIRE(e.first_line > last);
            last = e.line;
            REQUIRE(sudoku_strerror(rc) != NULL);
            continue;
        }
        REQUIRE(rc == 1);
        REQUIRE(pz->n >= 2 && pz->n <= SUDOKU_MAX_N);
        REQUIRE(opt.n == 0 || pz->n == opt.n);
        REQUIRE(pz->line >= 1 && pz->line <= pz->last_line && pz->last_line <= lines);
        REQUIRE(pz->line > last);
        last = pz->last_line;
        for (int i = 0; i < pz->n * pz->n; i++)
            REQUIRE(pz->cells[i] <= pz->n);
        format_round_trip(pz, &opt, alphabet, mode >> 4);
        if (pz->n <= 9 && solved++ < 4)
            solve_both(pz);
    }
    free(pz);
    sudoku_reader_free(r);
}

/* A small jigsaw can still take a long search: an empty 6 x 6 whose regions
 * allow no grid is proved impossible only after about 500,000 nodes (0.2 s
 * plain, over libFuzzer's 10 s under ASan on a loaded machine: the first
 * timeout this target met, tests/fuzz/regressions/fuzz_sudoku/). The solve
 * below checks the region map, not the search, so it stops at 20,000. */
enum { REGION_NODE_BUDGET = 20000 };

static int stop_after_budget(void *ctx, uint64_t nodes)
{
    (void)ctx;
    return nodes >= REGION_NODE_BUDGET;
}

static void fuzz_regions(const char *text, size_t len)
{
    uint8_t *regions = malloc(SUDOKU_MAX_CELLS);
    REQUIRE(regions != NULL);
    int n = 0;
    long line = -1;
    int rc = sudoku_parse_regions(text, len, &n, regions, &line);
    if (rc != SUDOKU_OK) {
        REQUIRE(rc < 0);
        REQUIRE(line >= 0);
        free(regions);
        return;
    }
    REQUIRE(n >= 2 && n <= SUDOKU_MAX_N);
    int per[SUDOKU_MAX_N] = {0};
    for (int i = 0; i < n * n; i++) {
        REQUIRE(regions[i] < n);
        per[regions[i]]++;
    }
    for (int k = 0; k < n; k++)
        REQUIRE(per[k] == n);
    if (n <= 6) {
        sudoku_shape shape = {n, 0, 0, SUDOKU_STANDARD, regions};
        int err = 0;
        sudoku_solver *s = sudoku_solver_new(&shape, SUDOKU_DLX, &err);
        REQUIRE(s != NULL);
        sudoku_solver_set_progress(s, stop_after_budget, NULL, 1000);
        uint8_t empty[36] = {0}, grid[36];
        int64_t found = sudoku_solve(s, empty, 1, grid, NULL);
        REQUIRE(found == 0 || found == 1 || found == SUDOKU_ESTOPPED);
        if (found == 1)
            REQUIRE(sudoku_check_solution(s, NULL, grid) == 1);
        sudoku_solver_free(s);
    }
    free(regions);
}

static void fuzz_alphabet(const char *text, size_t len)
{
    char *spec = malloc(len + 1);
    REQUIRE(spec != NULL);
    memcpy(spec, text, len);
    spec[len] = '\0';
    char symbols[SUDOKU_MAX_N + 1];
    memset(symbols, 0x55, sizeof symbols);
    int n = sudoku_parse_alphabet(spec, symbols);
    REQUIRE(n == SUDOKU_EALPHABET || (n >= 1 && n <= SUDOKU_MAX_N));
    if (n > 0) {
        REQUIRE(strlen(symbols) == (size_t)n);
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++)
                REQUIRE(symbols[i] != symbols[j]);
        /* A reader accepts what the parser accepted. */
        sudoku_read_options opt = {spec, 0};
        int err = 0;
        sudoku_reader *r = sudoku_reader_new("", 0, &opt, &err);
        REQUIRE(r != NULL);
        sudoku_reader_free(r);
    }
    free(spec);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    unsigned mode = data[0];
    /* A private copy of exactly the text, so reads past it are caught. */
    size_t len = size - 1;
    char *text = malloc(len ? len : 1);
    REQUIRE(text != NULL);
    memcpy(text, data + 1, len);
    if (mode % 8 < 6) /* bits 3-6 pick alphabet and side, the rest the cut */
        fuzz_reader(text, len, mode / 8 + (mode % 8) * 32);
    else if (mode % 8 == 6)
        fuzz_regions(text, len);
    else
        fuzz_alphabet(text, len);
    free(text);
    return 0;
}
