/* SPDX-License-Identifier: MIT */
/* brute.h - an independent sudoku solution counter for the tests: its own
 * house lists, built from the rules as sudoku.h states them (rows, columns,
 * R x C boxes or jigsaw regions, the two diagonals for X, the (b-1)^2
 * windows for hyper), and a plain backtracking count on bitmasks that fills
 * the blank with the fewest candidates first. It shares no code with
 * libsudoku, so a generator or a technique checked against it is checked
 * by something else. Header-only: each test file that includes it gets its
 * own static copy. */
#ifndef TESTS_BRUTE_H
#define TESTS_BRUTE_H

#include <stdint.h>
#include <string.h>

#define BRUTE_MAX_N 25
#define BRUTE_MAX_CELLS (BRUTE_MAX_N * BRUTE_MAX_N)
#define BRUTE_MAX_HOUSES (4 * BRUTE_MAX_N + 2)

typedef struct brute {
    int n, cells, houses;
    int house[BRUTE_MAX_HOUSES][BRUTE_MAX_N];
    int of[BRUTE_MAX_CELLS][8]; /* the houses of each cell, -1 ended */
    uint32_t used[BRUTE_MAX_HOUSES];
    uint8_t grid[BRUTE_MAX_CELLS];
    uint64_t found, limit;
} brute;

static void brute_add(brute *b, const int *cells)
{
    int h = b->houses++;
    for (int k = 0; k < b->n; k++) {
        b->house[h][k] = cells[k];
        int j = 0;
        while (b->of[cells[k]][j] >= 0)
            j++;
        b->of[cells[k]][j] = h;
        b->of[cells[k]][j + 1] = -1;
    }
}

/* Rules: n x n, boxes br x bc (regions NULL) or jigsaw regions (n*n region
 * numbers 0..n-1), x: both diagonals, hyper: windows of b x b for n = b*b. */
static void brute_init(brute *b, int n, int br, int bc, const uint8_t *regions, int x, int hyper)
{
    memset(b, 0, sizeof *b);
    b->n = n;
    b->cells = n * n;
    for (int i = 0; i < b->cells; i++)
        b->of[i][0] = -1;
    int cells[BRUTE_MAX_N] = {0};
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++)
            cells[c] = r * n + c;
        brute_add(b, cells);
    }
    for (int c = 0; c < n; c++) {
        for (int r = 0; r < n; r++)
            cells[r] = r * n + c;
        brute_add(b, cells);
    }
    for (int g = 0; g < n; g++) {
        int k = 0;
        for (int i = 0; i < b->cells; i++) {
            int in = regions ? regions[i] == g
                             : (i / n) / br == g / (n / bc) && (i % n) / bc == g % (n / bc);
            if (in)
                cells[k++] = i;
        }
        brute_add(b, cells);
    }
    if (x) {
        for (int k = 0; k < n; k++)
            cells[k] = k * n + k;
        brute_add(b, cells);
        for (int k = 0; k < n; k++)
            cells[k] = k * n + n - 1 - k;
        brute_add(b, cells);
    }
    if (hyper) {
        int s = 2;
        while (s * s < n)
            s++;
        for (int wr = 0; wr < s - 1; wr++)
            for (int wc = 0; wc < s - 1; wc++) {
                int k = 0;
                for (int r = 0; r < s; r++)
                    for (int c = 0; c < s; c++)
                        cells[k++] = (1 + wr * (s + 1) + r) * n + 1 + wc * (s + 1) + c;
                brute_add(b, cells);
            }
    }
}

static void brute_search(brute *b)
{
    int best = -1, fewest = 99;
    uint32_t best_free = 0, full = (1u << b->n) - 1; /* n <= 25 */
    for (int i = 0; i < b->cells; i++) {
        if (b->grid[i])
            continue;
        uint32_t taken = 0;
        for (int j = 0; b->of[i][j] >= 0; j++)
            taken |= b->used[b->of[i][j]];
        uint32_t free_ = full & ~taken;
        int c = __builtin_popcount(free_);
        if (c < fewest) {
            fewest = c;
            best = i;
            best_free = free_;
            if (c == 0)
                return;
        }
    }
    if (best < 0) {
        b->found++;
        return;
    }
    for (int v = 1; v <= b->n && b->found < b->limit; v++) {
        uint32_t bit = 1u << (v - 1);
        if (!(best_free & bit))
            continue;
        b->grid[best] = (uint8_t)v;
        for (int j = 0; b->of[best][j] >= 0; j++)
            b->used[b->of[best][j]] |= bit;
        brute_search(b);
        for (int j = 0; b->of[best][j] >= 0; j++)
            b->used[b->of[best][j]] &= ~bit;
        b->grid[best] = 0;
    }
}

/* The number of solutions of givens, counting up to limit; 0 when two
 * givens clash. */
static uint64_t brute_count(brute *b, const uint8_t *givens, uint64_t limit)
{
    memset(b->used, 0, sizeof b->used);
    memcpy(b->grid, givens, (size_t)b->cells);
    for (int i = 0; i < b->cells; i++) {
        if (!givens[i])
            continue;
        uint32_t bit = 1u << (givens[i] - 1);
        for (int j = 0; b->of[i][j] >= 0; j++) {
            if (b->used[b->of[i][j]] & bit)
                return 0;
            b->used[b->of[i][j]] |= bit;
        }
    }
    b->found = 0;
    b->limit = limit;
    brute_search(b);
    return b->found;
}

#endif /* TESTS_BRUTE_H */
