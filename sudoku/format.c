/* SPDX-License-Identifier: MIT */
/* format.c - grids back into text: one line, N lines, or framed for people.
 * The caller owns the buffers; nothing here allocates. */
#include "sudoku.h"

#include <stdio.h>
#include <string.h>

static char symbol(const char *alphabet, int v)
{
    return v == 0 ? '.' : alphabet[v - 1];
}

size_t sudoku_format_line(const uint8_t *grid, int n, const char *alphabet, char *buf)
{
    if (!alphabet)
        alphabet = SUDOKU_DEFAULT_ALPHABET;
    size_t k = 0;
    for (int i = 0; i < n * n; i++)
        buf[k++] = symbol(alphabet, grid[i]);
    buf[k] = '\0';
    return k;
}

size_t sudoku_format_grid(const uint8_t *grid, int n, const char *alphabet, char *buf)
{
    if (!alphabet)
        alphabet = SUDOKU_DEFAULT_ALPHABET;
    size_t k = 0;
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++)
            buf[k++] = symbol(alphabet, grid[r * n + c]);
        buf[k++] = '\n';
    }
    buf[k] = '\0';
    return k;
}

/* Appends ch to buf when there is room, always counting it. */
static void put(char *buf, size_t cap, size_t *k, char ch)
{
    if (*k + 1 < cap)
        buf[*k] = ch;
    (*k)++;
}

/* A rule line such as "+-------+-------+-------+". */
static void rule(char *buf, size_t cap, size_t *k, int n, int box_cols)
{
    put(buf, cap, k, '+');
    for (int c = 0; c < n; c++) {
        put(buf, cap, k, '-');
        put(buf, cap, k, '-');
        if ((c + 1) % box_cols == 0) {
            put(buf, cap, k, '-');
            put(buf, cap, k, '+');
        }
    }
    put(buf, cap, k, '\n');
}

size_t sudoku_format_pretty(const uint8_t *grid, int n, int box_rows, int box_cols,
                            const char *alphabet, char *buf, size_t cap)
{
    if (!alphabet)
        alphabet = SUDOKU_DEFAULT_ALPHABET;
    size_t k = 0;
    int framed = box_rows > 0 && box_cols > 0;
    for (int r = 0; r < n; r++) {
        if (framed && r % box_rows == 0)
            rule(buf, cap, &k, n, box_cols);
        if (framed)
            put(buf, cap, &k, '|');
        for (int c = 0; c < n; c++) {
            if (framed || c > 0)
                put(buf, cap, &k, ' ');
            put(buf, cap, &k, symbol(alphabet, grid[r * n + c]));
            if (framed && (c + 1) % box_cols == 0) {
                put(buf, cap, &k, ' ');
                put(buf, cap, &k, '|');
            }
        }
        put(buf, cap, &k, '\n');
    }
    if (framed)
        rule(buf, cap, &k, n, box_cols);
    if (cap > 0)
        buf[k < cap ? k : cap - 1] = '\0';
    return k;
}

/* Region borders, for jigsaw grids: a border between two cells of
 * different regions, and around the grid. */
static int border_h(const uint8_t *regions, int n, int i, int c)
{
    if (c < 0 || c >= n)
        return 0;
    return i == 0 || i == n || regions[(i - 1) * n + c] != regions[i * n + c];
}

static int border_v(const uint8_t *regions, int n, int j, int r)
{
    if (r < 0 || r >= n)
        return 0;
    return j == 0 || j == n || regions[r * n + j - 1] != regions[r * n + j];
}

size_t sudoku_format_regions(const uint8_t *grid, int n, const uint8_t *regions,
                             const char *alphabet, char *buf, size_t cap)
{
    if (!alphabet)
        alphabet = SUDOKU_DEFAULT_ALPHABET;
    size_t k = 0;
    for (int i = 0; i <= n; i++) {
        /* the border line above row i (below the last row when i == n) */
        for (int j = 0; j <= n; j++) {
            int joint = border_h(regions, n, i, j - 1) || border_h(regions, n, i, j) ||
                        border_v(regions, n, j, i - 1) || border_v(regions, n, j, i);
            put(buf, cap, &k, joint ? '+' : ' ');
            if (j < n) {
                char ch = border_h(regions, n, i, j) ? '-' : ' ';
                put(buf, cap, &k, ch);
                put(buf, cap, &k, ch);
                put(buf, cap, &k, ch);
            }
        }
        put(buf, cap, &k, '\n');
        if (i == n)
            break;
        for (int j = 0; j <= n; j++) {
            put(buf, cap, &k, border_v(regions, n, j, i) ? '|' : ' ');
            if (j < n) {
                put(buf, cap, &k, ' ');
                put(buf, cap, &k, symbol(alphabet, grid[i * n + j]));
                put(buf, cap, &k, ' ');
            }
        }
        put(buf, cap, &k, '\n');
    }
    if (cap > 0)
        buf[k < cap ? k : cap - 1] = '\0';
    return k;
}
