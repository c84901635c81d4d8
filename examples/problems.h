/* SPDX-License-Identifier: MIT */
/* problems.h - builders for the example exact-cover problems.
 *
 * Shared by the programs in examples/ and by bench/bench_dlx.c, so that the
 * benchmark times exactly the problems the examples teach with. Every
 * function is `static inline`: each program compiles only what it uses, and
 * the Makefile can keep building each examples/NAME.c as a program of its own.
 *
 * Each builder fills an empty problem made by dlx_new() and returns DLX_OK or
 * the first negative status the library gave; the caller owns the problem.
 * Item names follow Knuth's generators where he has one, so a problem written
 * with problems_write_text() reads like his.
 */
#ifndef EXAMPLES_PROBLEMS_H
#define EXAMPLES_PROBLEMS_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx.h"

/* --- Small helpers --------------------------------------------------------- */

/* Adds an item named by a printf format. Returns its id or a negative status. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static inline int32_t problems_item(dlx_problem *p, unsigned flags, const char *fmt, ...)
{
    char name[64];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(name, sizeof name, fmt, ap);
    va_end(ap);
    return dlx_add_item(p, name, flags);
}

/* Writes problem p in Knuth's DLX text format: the comment lines (each
 * prefixed by "| "; comment may be NULL or hold several lines), the item line
 * (primary items, then " | " and the secondary ones if any; a primary item
 * with bounds other than 1..1 written lo:hi|name as Knuth's DLX3 reads it,
 * or hi|name when lo = hi), then one option per line, a coloured item
 * written name:colour with the colour's number, a cost other than 0 as
 * `$N` at the end of the line. Every item must have a
 * name. Returns 0, or -1 if writing failed. */
static inline int problems_write_text(FILE *out, const dlx_problem *p, const char *comment)
{
    while (comment != NULL && *comment != '\0') {
        const char *end = strchr(comment, '\n');
        size_t len = end ? (size_t)(end - comment) : strlen(comment);
        fprintf(out, "| %.*s\n", (int)len, comment);
        comment = end ? end + 1 : comment + len;
    }
    int32_t items = dlx_item_count(p);
    int first = 1;
    for (int pass = 0; pass < 2; pass++) { /* primary items, then secondary */
        int bar_written = 0;
        for (int32_t i = 0; i < items; i++) {
            if (dlx_item_is_secondary(p, i) != pass)
                continue;
            if (pass == 1 && !bar_written) {
                fputs(" |", out);
                bar_written = 1;
            }
            int32_t lo = 1, hi = 1;
            dlx_item_bounds(p, i, &lo, &hi);
            fputs(first ? "" : " ", out);
            if (pass == 0 && lo != hi)
                fprintf(out, "%d:%d|", (int)lo, (int)hi);
            else if (pass == 0 && hi != 1)
                fprintf(out, "%d|", (int)hi);
            fputs(dlx_item_name(p, i), out);
            first = 0;
        }
    }
    fputc('\n', out);

    int32_t cap = 0;
    int32_t *ids = NULL, *colors = NULL;
    int status = 0;
    for (int32_t o = 0; o < dlx_option_count(p) && status == 0; o++) {
        int32_t n = dlx_option_items(p, o, NULL, NULL, 0);
        if (n > cap) {
            free(ids);
            free(colors);
            cap = n;
            ids = malloc((size_t)cap * sizeof *ids);
            colors = malloc((size_t)cap * sizeof *colors);
            if (ids == NULL || colors == NULL) {
                status = -1;
                break;
            }
        }
        dlx_option_items(p, o, ids, colors, cap);
        for (int32_t k = 0; k < n; k++) {
            fprintf(out, "%s%s", k ? " " : "", dlx_item_name(p, ids[k]));
            if (colors[k] > 0)
                fprintf(out, ":%d", (int)colors[k]);
        }
        if (dlx_option_cost(p, o) > 0) /* the option's cost, as dlx_text reads it */
            fprintf(out, " $%lld", (long long)dlx_option_cost(p, o));
        fputc('\n', out);
    }
    free(ids);
    free(colors);
    if (fflush(out) != 0 || ferror(out))
        status = -1;
    return status;
}

/* --- Domino tilings ------------------------------------------------------
 * Tile a rows x cols board with dominoes. Items: the cells r.c (primary,
 * row-major order); one option per pair of neighbouring cells. The counts are
 * OEIS A004003 for square boards (8x8: 12,988,816) and A099390 for the
 * others. Every tiling has rows*cols/2 dominoes. */
static inline int domino_build(dlx_problem *p, int32_t rows, int32_t cols)
{
    for (int32_t r = 0; r < rows; r++)
        for (int32_t c = 0; c < cols; c++) {
            int32_t id = problems_item(p, DLX_PRIMARY, "%d.%d", (int)r, (int)c);
            if (id < 0)
                return id;
        }
    for (int32_t r = 0; r < rows; r++)
        for (int32_t c = 0; c < cols; c++) {
            int32_t cell = r * cols + c;
            if (c + 1 < cols) {
                int32_t pair[2] = {cell, cell + 1};
                int32_t id = dlx_add_option(p, pair, NULL, 2);
                if (id < 0)
                    return id;
            }
            if (r + 1 < rows) {
                int32_t pair[2] = {cell, cell + cols};
                int32_t id = dlx_add_option(p, pair, NULL, 2);
                if (id < 0)
                    return id;
            }
        }
    return DLX_OK;
}

/* --- N queens ---------------------------------------------------------------
 * Place n queens on an n x n board, none attacking another. Items: rows r0..
 * and columns c0.. (primary: each has exactly one queen), diagonals a0..a(2n-2)
 * (square i,j lies on a(i+j)) and b0..b(2n-2) (on b(i-j+n-1)), secondary: at
 * most one queen each. One option per square: "ri cj a(i+j) b(i-j+n-1)".
 *
 * middle_first lists the rows and columns from the middle outwards,
 * interleaved (for n = 8: r3 c3 r4 c4 r2 c2 r5 c5 ...), Knuth's "organ-pipe"
 * order in TAOCP 7.2.2.1: ties in the fewest-options rule then go to the
 * middle of the board, which makes the search tree much smaller. */

/* Position of row (or column) i in the organ-pipe order m, m+1, m-1, m+2,
 * m-2, ... with m = (n-1)/2. */
static inline int32_t queens_rank(int32_t n, int32_t i)
{
    int32_t m = (n - 1) / 2;
    return i > m ? 2 * (i - m) - 1 : 2 * (m - i);
}

static inline int queens_build(dlx_problem *p, int32_t n, int middle_first)
{
    if (n < 1 || n > 10000)
        return DLX_EINVAL;
    int32_t r;
    /* Primary items first: in natural order row i has id i and column j id
     * n + j; in organ-pipe order they alternate r c r c ... */
    for (int32_t k = 0; k < n; k++) {
        int32_t at = k; /* row/column listed k-th in the chosen order */
        if (middle_first) {
            int32_t m = (n - 1) / 2;
            at = (k % 2) ? m + (k + 1) / 2 : m - k / 2;
            if ((r = problems_item(p, DLX_PRIMARY, "r%d", (int)at)) < 0)
                return r;
            if ((r = problems_item(p, DLX_PRIMARY, "c%d", (int)at)) < 0)
                return r;
        } else if ((r = problems_item(p, DLX_PRIMARY, "r%d", (int)at)) < 0) {
            return r;
        }
    }
    if (!middle_first)
        for (int32_t j = 0; j < n; j++)
            if ((r = problems_item(p, DLX_PRIMARY, "c%d", (int)j)) < 0)
                return r;
    int32_t diag_a = 2 * n, diag_b = 2 * n + (2 * n - 1);
    for (int32_t d = 0; d < 2 * n - 1; d++)
        if ((r = problems_item(p, DLX_SECONDARY, "a%d", (int)d)) < 0)
            return r;
    for (int32_t d = 0; d < 2 * n - 1; d++)
        if ((r = problems_item(p, DLX_SECONDARY, "b%d", (int)d)) < 0)
            return r;
    for (int32_t i = 0; i < n; i++) {
        for (int32_t j = 0; j < n; j++) {
            int32_t opt[4];
            opt[0] = middle_first ? 2 * queens_rank(n, i) : i;
            opt[1] = middle_first ? 2 * queens_rank(n, j) + 1 : n + j;
            opt[2] = diag_a + i + j;
            opt[3] = diag_b + i - j + n - 1;
            if ((r = dlx_add_option(p, opt, NULL, 4)) < 0)
                return r;
        }
    }
    return DLX_OK;
}

/* The square (row, column) of a queens option, whatever the item order:
 * decoded from the names "ri" and "cj" of its first two items. */
static inline void queens_square(const dlx_problem *p, int32_t opt, int *row, int *col)
{
    int32_t ids[4];
    dlx_option_items(p, opt, ids, NULL, 4);
    *row = atoi(dlx_item_name(p, ids[0]) + 1);
    *col = atoi(dlx_item_name(p, ids[1]) + 1);
}

/* --- Langford pairs -----------------------------------------------------------
 * Arrange two 1s, two 2s, ..., two ns in a row of 2n slots so that the two
 * ks have exactly k numbers between them. Items: the numbers 1..n and the
 * slots s1..s(2n), all primary. Options: "k si sj" with j = i + k + 1.
 * Both a pairing and its reversal are counted (OEIS A176127). */
static inline int langford_build(dlx_problem *p, int32_t n)
{
    if (n < 1 || n > 100000)
        return DLX_EINVAL;
    int32_t r;
    for (int32_t k = 1; k <= n; k++)
        if ((r = problems_item(p, DLX_PRIMARY, "%d", (int)k)) < 0)
            return r;
    for (int32_t s = 1; s <= 2 * n; s++)
        if ((r = problems_item(p, DLX_PRIMARY, "s%d", (int)s)) < 0)
            return r;
    /* item id of number k is k-1; of slot s is n + s - 1 */
    for (int32_t k = 1; k <= n; k++) {
        for (int32_t i = 1; i + k + 1 <= 2 * n; i++) {
            int32_t opt[3] = {k - 1, n + i - 1, n + i + k};
            if ((r = dlx_add_option(p, opt, NULL, 3)) < 0)
                return r;
        }
    }
    return DLX_OK;
}

/* --- Pentominoes ----------------------------------------------------------------
 * Pack the twelve pentominoes into a board: items are the pieces (named by
 * their usual letters, primary: each piece used once) and the board's cells
 * ("r3c7", primary: each covered once). One option per placement of a piece:
 * every rotation and reflection at every position, so each packing is
 * counted once for each symmetry of the board (no symmetry breaking). */

#define PENTOMINO_PIECES 12
#define PENTOMINO_MAX_CELLS 4096

/* Each piece drawn in a 5x5 frame, '#' for its cells, rows separated by '/'. */
static const char *const pentomino_shapes[PENTOMINO_PIECES][2] = {
    {"F", ".##/##./.#."}, {"I", "#####"},       {"L", "####/#..."},   {"N", "##../.###"},
    {"P", "##/##/#."},    {"T", "###/.#./.#."}, {"U", "#.#/###"},     {"V", "#../#../###"},
    {"W", "#../##./.##"}, {"X", ".#./###/.#."}, {"Y", "####/.#.."},   {"Z", "##./.#./.##"},
};

/* A board: rows x cols cells, some of them holes. */
typedef struct pentomino_board {
    int rows, cols;
    unsigned char hole[PENTOMINO_MAX_CELLS]; /* hole[r * cols + c] */
} pentomino_board;

/* A plain rows x cols board. Returns 0, or -1 if it is too large. */
static inline int pentomino_board_init(pentomino_board *b, int rows, int cols)
{
    if (rows < 1 || cols < 1 || rows > PENTOMINO_MAX_CELLS / cols)
        return -1;
    b->rows = rows;
    b->cols = cols;
    memset(b->hole, 0, sizeof b->hole);
    return 0;
}

/* Dana Scott's 1958 problem: the 8x8 board without its centre 2x2. */
static inline void pentomino_board_scott(pentomino_board *b)
{
    pentomino_board_init(b, 8, 8);
    b->hole[3 * 8 + 3] = b->hole[3 * 8 + 4] = b->hole[4 * 8 + 3] = b->hole[4 * 8 + 4] = 1;
}

static inline int pentomino_board_cells(const pentomino_board *b)
{
    int n = 0;
    for (int k = 0; k < b->rows * b->cols; k++)
        n += !b->hole[k];
    return n;
}

/* The cells of one orientation, shifted so the smallest row and column are
 * 0 and sorted, so equal orientations compare equal. */
static inline void pentomino_normalise(int cell[5][2])
{
    int min_r = cell[0][0], min_c = cell[0][1];
    for (int k = 1; k < 5; k++) {
        if (cell[k][0] < min_r)
            min_r = cell[k][0];
        if (cell[k][1] < min_c)
            min_c = cell[k][1];
    }
    for (int k = 0; k < 5; k++) {
        cell[k][0] -= min_r;
        cell[k][1] -= min_c;
    }
    for (int a = 1; a < 5; a++) /* insertion sort by (row, column) */
        for (int k = a; k > 0 && (cell[k][0] < cell[k - 1][0] ||
                                  (cell[k][0] == cell[k - 1][0] && cell[k][1] < cell[k - 1][1]));
             k--) {
            int tr = cell[k][0], tc = cell[k][1];
            cell[k][0] = cell[k - 1][0];
            cell[k][1] = cell[k - 1][1];
            cell[k - 1][0] = tr;
            cell[k - 1][1] = tc;
        }
}

/* The distinct orientations of piece `piece` (at most 8) into orient; returns
 * how many. The 12 pieces have 63 orientations in all. */
static inline int pentomino_orientations(int piece, int orient[8][5][2])
{
    int base[5][2], count = 0, r = 0, c = 0, k = 0;
    for (const char *s = pentomino_shapes[piece][1]; *s; s++) {
        if (*s == '/') {
            r++;
            c = 0;
            continue;
        }
        if (*s == '#' && k < 5) {
            base[k][0] = r;
            base[k][1] = c;
            k++;
        }
        c++;
    }
    for (int t = 0; t < 8; t++) { /* 4 rotations, each with and without a reflection */
        int cell[5][2];
        for (k = 0; k < 5; k++) {
            int y = base[k][0], x = (t & 4) ? -base[k][1] : base[k][1];
            for (int q = 0; q < (t & 3); q++) { /* rotate a quarter turn */
                int ny = x, nx = -y;
                y = ny;
                x = nx;
            }
            cell[k][0] = y;
            cell[k][1] = x;
        }
        pentomino_normalise(cell);
        int seen = 0;
        for (int o = 0; o < count && !seen; o++)
            seen = memcmp(orient[o], cell, sizeof cell) == 0;
        if (!seen)
            memcpy(orient[count++], cell, sizeof cell);
    }
    return count;
}

/* Builds the packing problem for board b. Item ids: pieces 0..11 in the
 * order of pentomino_shapes, then the cells that are not holes, row by row. */
static inline int pentomino_build(dlx_problem *p, const pentomino_board *b)
{
    int32_t r, *cell_id = malloc((size_t)(b->rows * b->cols) * sizeof *cell_id);
    if (cell_id == NULL)
        return DLX_ENOMEM;
    int status = DLX_OK;
    for (int k = 0; k < PENTOMINO_PIECES && status == DLX_OK; k++)
        if ((r = dlx_add_item(p, pentomino_shapes[k][0], DLX_PRIMARY)) < 0)
            status = r;
    for (int y = 0; y < b->rows && status == DLX_OK; y++) {
        for (int x = 0; x < b->cols && status == DLX_OK; x++) {
            cell_id[y * b->cols + x] = -1;
            if (b->hole[y * b->cols + x])
                continue;
            if ((r = problems_item(p, DLX_PRIMARY, "r%dc%d", y, x)) < 0)
                status = r;
            cell_id[y * b->cols + x] = r;
        }
    }
    for (int piece = 0; piece < PENTOMINO_PIECES && status == DLX_OK; piece++) {
        int orient[8][5][2];
        int n = pentomino_orientations(piece, orient);
        for (int o = 0; o < n && status == DLX_OK; o++) {
            for (int y = 0; y < b->rows && status == DLX_OK; y++) {
                for (int x = 0; x < b->cols && status == DLX_OK; x++) {
                    int32_t opt[6] = {piece};
                    int fits = 1;
                    for (int k = 0; k < 5 && fits; k++) {
                        int cy = y + orient[o][k][0], cx = x + orient[o][k][1];
                        fits = cy < b->rows && cx < b->cols && cell_id[cy * b->cols + cx] >= 0;
                        if (fits)
                            opt[k + 1] = cell_id[cy * b->cols + cx];
                    }
                    if (fits && (r = dlx_add_option(p, opt, NULL, 6)) < 0)
                        status = r;
                }
            }
        }
    }
    free(cell_id);
    return status;
}

/* --- Graph colouring with colours ----------------------------------------------
 * Colour the vertices of a graph with k colours, adjacent vertices differing.
 * Items: one primary item per edge ("0-5") and one secondary item per vertex
 * ("v0"), whose colour is the vertex's colour. Options: for every edge u-v
 * and every pair of distinct colours a, b: "u-v vu:a vv:b". Each edge is
 * covered by exactly one option, and the options meeting at a vertex must
 * agree on its colour, so the solutions are the proper colourings: their
 * number is the chromatic polynomial P(G, k). A vertex without edges gets a
 * primary item of its own ("u3") with one option per colour. */

typedef struct colouring_graph {
    const char *name;
    int vertices, edges;
    int (*edge)[2]; /* edges[e] = {u, v}; owned by whoever made the graph */
} colouring_graph;

/* The Petersen graph: outer 5-cycle 0..4, spokes i-(i+5), inner pentagram. */
static inline colouring_graph colouring_petersen(int storage[15][2])
{
    static const int e[15][2] = {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}, {0, 5}, {1, 6}, {2, 7},
                                 {3, 8}, {4, 9}, {5, 7}, {7, 9}, {9, 6}, {6, 8}, {8, 5}};
    memcpy(storage, e, sizeof e);
    colouring_graph g = {"Petersen graph", 10, 15, storage};
    return g;
}

static inline int colouring_build(dlx_problem *p, const colouring_graph *g, int k)
{
    if (k < 1 || k > 1000 || g->vertices < 1)
        return DLX_EINVAL;
    int32_t r;
    int *degree = calloc((size_t)g->vertices, sizeof *degree);
    if (degree == NULL)
        return DLX_ENOMEM;
    for (int e = 0; e < g->edges; e++) {
        degree[g->edge[e][0]]++;
        degree[g->edge[e][1]]++;
    }
    int status = DLX_OK;
    /* item ids: edges 0..E-1, isolated vertices next, then the vertices */
    for (int e = 0; e < g->edges && status == DLX_OK; e++)
        if ((r = problems_item(p, DLX_PRIMARY, "%d-%d", g->edge[e][0], g->edge[e][1])) < 0)
            status = r;
    int32_t isolated = 0;
    for (int v = 0; v < g->vertices && status == DLX_OK; v++)
        if (degree[v] == 0) {
            if ((r = problems_item(p, DLX_PRIMARY, "u%d", v)) < 0)
                status = r;
            degree[v] = -(int)(isolated++) - 1; /* remember its item */
        }
    int32_t vertex0 = g->edges + isolated;
    for (int v = 0; v < g->vertices && status == DLX_OK; v++)
        if ((r = problems_item(p, DLX_SECONDARY, "v%d", v)) < 0)
            status = r;
    for (int e = 0; e < g->edges && status == DLX_OK; e++)
        for (int a = 1; a <= k && status == DLX_OK; a++)
            for (int b = 1; b <= k && status == DLX_OK; b++) {
                if (a == b)
                    continue;
                int32_t opt[3] = {e, vertex0 + g->edge[e][0], vertex0 + g->edge[e][1]};
                int32_t col[3] = {0, a, b};
                if ((r = dlx_add_option(p, opt, col, 3)) < 0)
                    status = r;
            }
    for (int v = 0; v < g->vertices && status == DLX_OK; v++)
        if (degree[v] < 0)
            for (int a = 1; a <= k && status == DLX_OK; a++) {
                int32_t opt[2] = {g->edges - degree[v] - 1, vertex0 + v};
                int32_t col[2] = {0, a};
                if ((r = dlx_add_option(p, opt, col, 2)) < 0)
                    status = r;
            }
    free(degree);
    return status;
}

/* --- Latin squares --------------------------------------------------------------
 * Fill an n x n square with the symbols 1..n, each once in every row and
 * every column. Items (all primary): the cells "r1c2", the pairs row/symbol
 * "r1s3" and column/symbol "c2s3". Options: "ricj ris cjs" for every cell and
 * symbol. The number of solutions is OEIS A002860 (n = 5: 161280). */
static inline int latin_build(dlx_problem *p, int32_t n)
{
    if (n < 1 || n > 1000)
        return DLX_EINVAL;
    int32_t r;
    static const char *const kinds[3] = {"r%dc%d", "r%ds%d", "c%ds%d"};
    for (int kind = 0; kind < 3; kind++)
        for (int32_t a = 1; a <= n; a++)
            for (int32_t b = 1; b <= n; b++)
                if ((r = problems_item(p, DLX_PRIMARY, kinds[kind], (int)a, (int)b)) < 0)
                    return r;
    /* item ids: cell (i,j) is (i-1)n + j-1, then the row and column pairs */
    for (int32_t i = 1; i <= n; i++)
        for (int32_t j = 1; j <= n; j++)
            for (int32_t s = 1; s <= n; s++) {
                int32_t opt[3] = {(i - 1) * n + (j - 1), n * n + (i - 1) * n + (s - 1),
                                  2 * n * n + (j - 1) * n + (s - 1)};
                if ((r = dlx_add_option(p, opt, NULL, 3)) < 0)
                    return r;
            }
    return DLX_OK;
}

/* --- Motley dissections (multiplicities) -------------------------------------
 * Cut an m x n rectangle into subrectangles [a,b) x [c,d), none the whole
 * width or the whole height, so that no two share their pair (a,b) of
 * top-bottom edges nor their pair (c,d) of left-right edges, and every
 * x in 1..m-1 is some rectangle's top edge, every y in 1..n-1 some left edge
 * (else the dissection collapses into a smaller one). This is the problem
 * Knuth's generator motley-dlx poses to DLX3 (TAOCP 7.2.2.1), built here
 * from that description, with its items in the same order and the same
 * halving by left-right symmetry:
 *   primary: the cells "jk" (exactly once); "xa" for a = 1..m-1 and "yc"
 *     for c = 1..n-1 with bounds 1..m-a and 1..n-c (at least once);
 *   secondary: "xab" and "ycd" for every interval (at most once), and
 *     "!k" for 1 <= k < n/2, for the symmetry;
 *   an option per rectangle: its cells, its xa and yc (for a, c > 0), xab
 *     and ycd. Of a rectangle and its mirror image in the bottom row only
 *     the one with c + d <= n is kept; a bottom rectangle with c + d = n
 *     (its own mirror image) takes "!c", and then a top-row rectangle must
 *     not be mirror-symmetric or mirror the bottom one: one with c + d > n
 *     takes every "!k", one with c + d = n takes "!k" for k < c.
 * Coordinates are written as one character, 0-9 then a-z, so m, n <= 36.
 * motley 6 6 has 5850 solutions (Knuth's DLX3 counts them on motley-dlx's
 * file). */
static inline char motley_digit(int v)
{
    return (char)(v < 10 ? '0' + v : 'a' + v - 10);
}

static inline int motley_build(dlx_problem *p, int m, int n)
{
    if (m < 2 || n < 2 || m > 36 || n > 36)
        return DLX_EINVAL;
    int32_t r;
    for (int j = 0; j < m; j++)
        for (int k = 0; k < n; k++)
            if ((r = problems_item(p, DLX_PRIMARY, "%c%c", motley_digit(j), motley_digit(k))) < 0)
                return r;
    char name[8];
    for (int a = 1; a < m; a++) {
        snprintf(name, sizeof name, "x%c", motley_digit(a));
        if ((r = dlx_add_item_bounds(p, name, DLX_PRIMARY, 1, m - a)) < 0)
            return r;
    }
    for (int c = 1; c < n; c++) {
        snprintf(name, sizeof name, "y%c", motley_digit(c));
        if ((r = dlx_add_item_bounds(p, name, DLX_PRIMARY, 1, n - c)) < 0)
            return r;
    }
    /* ids: cell (j,k) is j*n + k; xa is m*n + a - 1; yc is m*n + m - 1 + c - 1 */
    const int32_t xa0 = m * n - 1, yc0 = m * n + m - 2;
    const int32_t xab0 = m * n + m - 1 + n - 1;
    for (int a = 0; a < m; a++)
        for (int b = a + 1; b <= m; b++)
            if ((a != 0 || b != m) &&
                (r = problems_item(p, DLX_SECONDARY, "x%c%c", motley_digit(a), motley_digit(b))) < 0)
                return r;
    const int32_t ycd0 = dlx_item_count(p);
    for (int c = 0; c < n; c++)
        for (int d = c + 1; d <= n; d++)
            if ((c != 0 || d != n) &&
                (r = problems_item(p, DLX_SECONDARY, "y%c%c", motley_digit(c), motley_digit(d))) < 0)
                return r;
    const int32_t bang0 = dlx_item_count(p) - 1; /* "!k" is bang0 + k */
    for (int k = 1; k + k < n; k++)
        if ((r = problems_item(p, DLX_SECONDARY, "!%d", k)) < 0)
            return r;
    /* The id of interval (a,b) among the m(m+1)/2 - 1 of them, in the order above. */
#define MOTLEY_INTERVAL(a, b, len) ((a) * (len) - (a) * ((a) - 1) / 2 + (b) - (a) - 1 - ((a) > 0))
    int32_t *opt = malloc((size_t)(m * n + n + 8) * sizeof *opt);
    if (opt == NULL)
        return DLX_ENOMEM;
    for (int a = 0; a < m; a++)
        for (int b = a + 1; b <= m; b++) {
            if (a == 0 && b == m)
                continue;
            for (int c = 0; c < n; c++)
                for (int d = c + 1; d <= n; d++) {
                    if ((c == 0 && d == n) || (a == m - 1 && c + d > n))
                        continue;
                    int32_t k = 0;
                    for (int j = a; j < b; j++)
                        for (int i = c; i < d; i++)
                            opt[k++] = j * n + i;
                    if (a == m - 1 && c + d == n)
                        opt[k++] = bang0 + c;
                    if (b == 1 && c + d >= n)
                        for (int q = 1; q + q < n && (c + d != n || q < c); q++)
                            opt[k++] = bang0 + q;
                    if (a > 0)
                        opt[k++] = xa0 + a;
                    if (c > 0)
                        opt[k++] = yc0 + c;
                    opt[k++] = xab0 + MOTLEY_INTERVAL(a, b, m);
                    opt[k++] = ycd0 + MOTLEY_INTERVAL(c, d, n);
                    if ((r = dlx_add_option(p, opt, NULL, k)) < 0) {
                        free(opt);
                        return r;
                    }
                }
        }
#undef MOTLEY_INTERVAL
    free(opt);
    return DLX_OK;
}

/* --- Queens dominating the board (multiplicities) ------------------------------
 * Place k queens on an n x n board so that every square is occupied or
 * attacked. Items: "Q" with bounds k..k (exactly k queens), and every square
 * "r.c" with bounds 1..k (dominated at least once, and by at most the k
 * queens there are); an option per square: Q, the square and every square
 * its queen attacks. The least k that works is the queens' domination
 * number, 5 for 8 x 8, and the number of ways is OEIS A002564: 12 for 4 x 4
 * (k = 2), 186 for 5 x 5 and 4 for 6 x 6 (k = 3), 86 for 7 x 7 (k = 4), 4860
 * for 8 x 8 (k = 5). */
static inline int domination_build(dlx_problem *p, int n, int k)
{
    if (n < 1 || n > 100 || k < 1 || k > n * n)
        return DLX_EINVAL;
    int32_t r = dlx_add_item_bounds(p, "Q", DLX_PRIMARY, k, k);
    if (r < 0)
        return r;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            char name[32];
            snprintf(name, sizeof name, "%d.%d", i, j);
            if ((r = dlx_add_item_bounds(p, name, DLX_PRIMARY, 1, k)) < 0)
                return r;
        }
    int32_t *opt = malloc((size_t)(n * n + 1) * sizeof *opt);
    if (opt == NULL)
        return DLX_ENOMEM;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            int32_t m = 0;
            opt[m++] = 0;
            for (int a = 0; a < n; a++)
                for (int b = 0; b < n; b++)
                    if (a == i || b == j || a - b == i - j || a + b == i + j)
                        opt[m++] = 1 + a * n + b; /* square (a,b) is item 1 + a n + b */
            if ((r = dlx_add_option(p, opt, NULL, m)) < 0) {
                free(opt);
                return r;
            }
        }
    free(opt);
    return DLX_OK;
}

/* --- The partridge puzzle (multiplicities) ----------------------------------------
 * Pack one 1 x 1 square, two 2 x 2, ..., n n x n squares into the square of
 * side n(n+1)/2 (their areas add up to it: 1^3 + ... + n^3). Items: the
 * cells "r.c" (exactly once) and the sizes "kK" with bounds K..K (K squares
 * of side K); an option per size and position: the size and the cells it
 * covers. There is no packing for 2 <= n <= 7 and there are packings for
 * n = 8 (Wainwright; Knuth, TAOCP 7.2.2.1): a search that must look at the
 * whole tree. */
static inline int partridge_build(dlx_problem *p, int n)
{
    if (n < 1 || n > 12)
        return DLX_EINVAL;
    const int side = n * (n + 1) / 2;
    int32_t r;
    for (int i = 0; i < side; i++)
        for (int j = 0; j < side; j++)
            if ((r = problems_item(p, DLX_PRIMARY, "%d.%d", i, j)) < 0)
                return r;
    for (int k = 1; k <= n; k++) {
        char name[32];
        snprintf(name, sizeof name, "k%d", k);
        if ((r = dlx_add_item_bounds(p, name, DLX_PRIMARY, k, k)) < 0)
            return r;
    }
    int32_t *opt = malloc((size_t)(n * n + 1) * sizeof *opt);
    if (opt == NULL)
        return DLX_ENOMEM;
    for (int k = 1; k <= n; k++)
        for (int i = 0; i + k <= side; i++)
            for (int j = 0; j + k <= side; j++) {
                int32_t m = 0;
                opt[m++] = side * side + k - 1;
                for (int a = i; a < i + k; a++)
                    for (int b = j; b < j + k; b++)
                        opt[m++] = a * side + b;
                if ((r = dlx_add_option(p, opt, NULL, m)) < 0) {
                    free(opt);
                    return r;
                }
            }
    free(opt);
    return DLX_OK;
}

#endif /* EXAMPLES_PROBLEMS_H */
