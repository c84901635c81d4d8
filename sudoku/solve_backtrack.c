/* SPDX-License-Identifier: MIT */
/* solve_backtrack.c - the textbook method, for comparison and teaching.
 *
 * The blank cells are filled in reading order; each tries the symbols 1..N
 * in turn, keeps the first one that no house of the cell already holds, and
 * backs up to the previous cell when none fits. The "already holds" test
 * reads one mask per house (the same bookkeeping the bitmask solver uses),
 * so the difference between the two is only the order of the search: that
 * is the lesson. Hopeless on hard 16x16 puzzles; fine on most 9x9. */
#include "sudoku_internal.h"

static int search(sudoku_solver *s, int depth, int ne)
{
    if (depth == ne)
        return sudoku_report_solution(s, s->grid);
    s->nodes++;
    if (sudoku_progress_due(s))
        return 1;
    int cell = s->empties[depth];
    const int32_t *hs = s->cell_houses + cell * s->per_cell;
    int nh = s->cell_house_count[cell];
    for (int v = 1; v <= s->n; v++) {
        uint64_t bit = (uint64_t)1 << (v - 1);
        int clash = 0;
        for (int j = 0; j < nh && !clash; j++)
            clash = (s->house_used[hs[j]] & bit) != 0;
        if (clash)
            continue;
        for (int j = 0; j < nh; j++)
            s->house_used[hs[j]] |= bit;
        s->grid[cell] = (uint8_t)v;
        int stop = search(s, depth + 1, ne);
        for (int j = 0; j < nh; j++)
            s->house_used[hs[j]] &= ~bit;
        if (stop) {
            s->grid[cell] = 0;
            return 1;
        }
    }
    s->grid[cell] = 0;
    return 0;
}

int64_t sudoku_backtrack_solve(sudoku_solver *s)
{
    int ne = sudoku_place_givens(s);
    if (ne < 0)
        return ne;
    search(s, 0, ne);
    return (int64_t)s->found;
}
