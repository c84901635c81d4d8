/* SPDX-License-Identifier: MIT */
/* solve_bitmask.c - backtracking on bitmasks of candidates.
 *
 * Each house keeps a 64-bit mask of the symbols it already holds; a cell's
 * candidates are the symbols none of its houses holds. At every node the
 * search fills the blank cell with the fewest candidates; before guessing it
 * looks for a symbol with a single place left in some house (a hidden
 * single), which is what the dancing-links item choice finds for free. A
 * cell with no candidate, or a symbol with no place, is a dead end.
 * Classic, short, and fast on 9x9. */
#include "sudoku_internal.h"

static inline uint64_t candidates(const sudoku_solver *s, int cell, uint64_t full)
{
    const int32_t *hs = s->cell_houses + cell * s->per_cell;
    uint64_t used = 0;
    for (int j = 0; j < s->cell_house_count[cell]; j++)
        used |= s->house_used[hs[j]];
    return full & ~used;
}

static inline void toggle(sudoku_solver *s, int cell, uint64_t bit)
{
    const int32_t *hs = s->cell_houses + cell * s->per_cell;
    for (int j = 0; j < s->cell_house_count[cell]; j++)
        s->house_used[hs[j]] ^= bit;
}

static inline int popcount64(uint64_t x)
{
    return __builtin_popcountll(x);
}

/* One node: the candidates of every blank cell go to s->cand. Returns the
 * cell to fill and its candidates in *mask (one bit for a forced move), or
 * -1 at a dead end. Naked single: a cell with one candidate. Hidden single:
 * a symbol with one place left in a house (found per house with two masks:
 * symbols seen once and seen twice or more). A cell with no candidate, or a
 * symbol with no place in a house, is a dead end. */
static int choose(sudoku_solver *s, int depth, int ne, uint64_t full, uint64_t *mask)
{
    int best = -1, best_count = 65;
    uint64_t best_mask = 0;
    for (int k = depth; k < ne; k++) {
        int cell = s->empties[k];
        uint64_t m = candidates(s, cell, full);
        s->cand[cell] = m;
        int c = popcount64(m);
        if (c < best_count) {
            best = cell;
            best_count = c;
            best_mask = m;
            if (c <= 1)
                break;
        }
    }
    if (best_count == 0)
        return -1;
    if (best_count == 1) {
        *mask = best_mask;
        return best;
    }
    int n = s->n;
    for (int h = 0; h < s->house_count; h++) {
        const int32_t *hc = s->house_cells + (size_t)h * n;
        uint64_t once = 0, twice = 0;
        for (int k = 0; k < n; k++) {
            uint64_t m = s->grid[hc[k]] ? 0 : s->cand[hc[k]];
            twice |= once & m;
            once |= m;
        }
        if ((once | s->house_used[h]) != full)
            return -1;
        uint64_t single = once & ~twice;
        if (single) {
            uint64_t bit = single & (~single + 1);
            for (int k = 0; k < n; k++)
                if (!s->grid[hc[k]] && (s->cand[hc[k]] & bit)) {
                    *mask = bit;
                    return hc[k];
                }
        }
    }
    *mask = best_mask;
    return best;
}

/* Fills empties[depth..ne-1]; returns non-zero when the search must stop. */
static int search(sudoku_solver *s, int depth, int ne, uint64_t full)
{
    if (depth == ne)
        return sudoku_report_solution(s, s->grid);
    if (++s->nodes > s->node_limit && s->node_limit) {
        s->out_of_nodes = 1;
        return 1;
    }
    if (sudoku_progress_due(s))
        return 1;
    uint64_t mask = 0;
    int cell = choose(s, depth, ne, full, &mask);
    if (cell < 0)
        return 0;
    /* move the chosen cell to position depth; the rest stay blank */
    for (int k = depth; k < ne; k++)
        if (s->empties[k] == cell) {
            s->empties[k] = s->empties[depth];
            s->empties[depth] = cell;
            break;
        }
    while (mask) {
        uint64_t bit = mask & (~mask + 1);
        mask ^= bit;
        toggle(s, cell, bit);
        s->grid[cell] = (uint8_t)(__builtin_ctzll(bit) + 1);
        int stop = search(s, depth + 1, ne, full);
        toggle(s, cell, bit);
        s->grid[cell] = 0;
        if (stop)
            return 1;
    }
    return 0;
}

int64_t sudoku_bitmask_solve(sudoku_solver *s)
{
    int ne = sudoku_place_givens(s);
    if (ne < 0)
        return ne;
    uint64_t full = s->n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << s->n) - 1;
    search(s, 0, ne, full);
    return (int64_t)s->found;
}
