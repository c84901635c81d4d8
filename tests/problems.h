/* problems.h - builders of the classic exact-cover problems the tests count
 * (N-queens, Langford pairs, pentominoes, graph colouring), shared by the
 * test suites. Each returns a new problem owned by the caller, or NULL when
 * out of memory. Header-only (static functions) so every suite can include
 * it without a library of test helpers. */
#ifndef TESTS_PROBLEMS_H
#define TESTS_PROBLEMS_H

#include <stdlib.h>
#include <string.h>

#include "dlx.h"

/* N-queens: rows and columns primary, the 2n-1 diagonals of each direction
 * secondary; option (r, c) = {row r, column c, diagonal r+c, anti r-c+n-1}.
 * Rows and columns are listed middle-first, as in Knuth's benchmark. */
static inline dlx_problem *build_queens(int n)
{
    dlx_problem *p = dlx_new();
    if (!p)
        return NULL;
    int *order = malloc(sizeof *order * (size_t)(n > 0 ? n : 1));
    if (!order) {
        dlx_free(p);
        return NULL;
    }
    /* middle-first: n/2, n/2-1, n/2+1, n/2-2, ... (Knuth's "organ pipe") */
    {
        int m = (n - 1) / 2, k = 0;
        order[k++] = m;
        for (int d = 1; k < n; d++) {
            if (m + d < n)
                order[k++] = m + d;
            if (k < n && m - d >= 0)
                order[k++] = m - d;
        }
    }
    int32_t rowid[64], colid[64];
    for (int k = 0; k < n; k++) {
        rowid[order[k]] = dlx_add_item(p, NULL, DLX_PRIMARY);
        colid[order[k]] = dlx_add_item(p, NULL, DLX_PRIMARY);
    }
    int32_t diag0 = dlx_item_count(p);
    for (int k = 0; k < 2 * (2 * n - 1); k++)
        dlx_add_item(p, NULL, DLX_SECONDARY);
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            int32_t items[4] = {rowid[r], colid[c], diag0 + r + c, diag0 + 2 * n - 1 + r - c + n - 1};
            if (dlx_add_option(p, items, NULL, 4) < 0) {
                free(order);
                dlx_free(p);
                return NULL;
            }
        }
    free(order);
    return p;
}

/* Langford pairs of order n: primary items for the values 1..n and the
 * positions 1..2n; value k at positions i and i+k+1. */
static inline dlx_problem *build_langford(int n)
{
    dlx_problem *p = dlx_new();
    if (!p)
        return NULL;
    for (int k = 0; k < 3 * n; k++)
        dlx_add_item(p, NULL, DLX_PRIMARY);
    for (int k = 1; k <= n; k++)
        for (int i = 0; i + k + 1 < 2 * n; i++) {
            int32_t items[3] = {k - 1, n + i, n + i + k + 1};
            if (dlx_add_option(p, items, NULL, 3) < 0) {
                dlx_free(p);
                return NULL;
            }
        }
    return p;
}

/* The twelve pentominoes, each as five (row, column) cells. */
static const int pentomino_cells[12][5][2] = {
    {{0, 0}, {0, 1}, {0, 2}, {0, 3}, {0, 4}}, /* I */
    {{0, 0}, {1, 0}, {2, 0}, {3, 0}, {3, 1}}, /* L */
    {{0, 0}, {1, 0}, {1, 1}, {2, 1}, {3, 1}}, /* N */
    {{0, 0}, {0, 1}, {1, 0}, {1, 1}, {2, 0}}, /* P */
    {{0, 0}, {0, 1}, {0, 2}, {1, 1}, {2, 1}}, /* T */
    {{0, 0}, {0, 2}, {1, 0}, {1, 1}, {1, 2}}, /* U */
    {{0, 0}, {1, 0}, {2, 0}, {2, 1}, {2, 2}}, /* V */
    {{0, 0}, {1, 0}, {1, 1}, {2, 1}, {2, 2}}, /* W */
    {{0, 1}, {1, 0}, {1, 1}, {1, 2}, {2, 1}}, /* X */
    {{0, 1}, {1, 0}, {1, 1}, {2, 1}, {3, 1}}, /* Y */
    {{0, 0}, {0, 1}, {1, 1}, {2, 1}, {2, 2}}, /* Z */
    {{0, 1}, {0, 2}, {1, 0}, {1, 1}, {2, 1}}, /* F */
};

static inline int cmp_cell(const void *a, const void *b)
{
    const int *x = a, *y = b;
    return x[0] != y[0] ? x[0] - y[0] : x[1] - y[1];
}

/* Pentominoes on a rows x cols board (rows*cols == 60 for a full packing):
 * 12 piece items then one item per cell, all primary; one option per
 * distinct placement of each piece in each of its orientations. Every
 * placement is counted, so symmetric solutions count separately. */
static inline dlx_problem *build_pentominoes(int rows, int cols)
{
    dlx_problem *p = dlx_new();
    if (!p)
        return NULL;
    for (int k = 0; k < 12 + rows * cols; k++)
        dlx_add_item(p, NULL, DLX_PRIMARY);
    for (int piece = 0; piece < 12; piece++) {
        int seen[8][5][2];
        int nseen = 0;
        for (int t = 0; t < 8; t++) {
            int shape[5][2];
            int minr = 99, minc = 99;
            for (int k = 0; k < 5; k++) {
                int r = pentomino_cells[piece][k][0], c = pentomino_cells[piece][k][1];
                if (t & 1) { int s = r; r = c; c = s; }      /* transpose */
                if (t & 2) r = -r;                           /* flip rows */
                if (t & 4) c = -c;                           /* flip columns */
                shape[k][0] = r;
                shape[k][1] = c;
                if (r < minr) minr = r;
                if (c < minc) minc = c;
            }
            for (int k = 0; k < 5; k++) {
                shape[k][0] -= minr;
                shape[k][1] -= minc;
            }
            qsort(shape, 5, sizeof shape[0], cmp_cell);
            int dup = 0;
            for (int s = 0; s < nseen && !dup; s++)
                dup = memcmp(seen[s], shape, sizeof shape) == 0;
            if (dup)
                continue;
            memcpy(seen[nseen++], shape, sizeof shape);
            for (int r0 = 0; r0 < rows; r0++)
                for (int c0 = 0; c0 < cols; c0++) {
                    int32_t items[6] = {piece};
                    int fits = 1;
                    for (int k = 0; k < 5 && fits; k++) {
                        int r = r0 + shape[k][0], c = c0 + shape[k][1];
                        fits = r < rows && c < cols;
                        items[k + 1] = 12 + r * cols + c;
                    }
                    if (fits && dlx_add_option(p, items, NULL, 6) < 0) {
                        dlx_free(p);
                        return NULL;
                    }
                }
        }
    }
    return p;
}

/* The Petersen graph: outer 5-cycle 0..4, spokes i -- i+5, inner pentagram
 * 5..9 joined as i -- (i+2 mod 5). */
static const int petersen_edges[15][2] = {
    {0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}, {0, 5}, {1, 6}, {2, 7},
    {3, 8}, {4, 9}, {5, 7}, {7, 9}, {9, 6}, {6, 8}, {8, 5},
};

/* Proper k-colourings of a graph as an XCC problem: one primary item per
 * edge, one secondary item per vertex; for each edge {u, v} and each pair of
 * distinct colours (a, b) one option {edge, u:a, v:b}. Options that share a
 * vertex must agree on its colour, so the solutions are exactly the proper
 * colourings (every vertex of the Petersen graph has an edge). */
static inline dlx_problem *build_colouring(int nv, const int (*edges)[2], int ne, int k)
{
    dlx_problem *p = dlx_new();
    if (!p)
        return NULL;
    for (int e = 0; e < ne; e++)
        dlx_add_item(p, NULL, DLX_PRIMARY);
    for (int v = 0; v < nv; v++)
        dlx_add_item(p, NULL, DLX_SECONDARY);
    for (int e = 0; e < ne; e++)
        for (int a = 1; a <= k; a++)
            for (int b = 1; b <= k; b++) {
                if (a == b)
                    continue;
                int32_t items[3] = {e, ne + edges[e][0], ne + edges[e][1]};
                int32_t colors[3] = {0, a, b};
                if (dlx_add_option(p, items, colors, 3) < 0) {
                    dlx_free(p);
                    return NULL;
                }
            }
    return p;
}

#endif
