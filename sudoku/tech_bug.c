/* SPDX-License-Identifier: MIT */
/* tech_bug.c - the bivalue universal grave (BUG). A grid where every blank
 * cell has two candidates and every symbol has two places or none in every
 * house has no single solution: the two candidates of each cell could be
 * swapped along the cycles they form. So on a puzzle with one solution, when
 * the grid is that pattern plus a few extra candidates (in cells of three or
 * more), one of the extras is true:
 *   type 1: one cell holds all the extras: it takes its extra symbol (it
 *           loses every other candidate);
 *   type 2: the extras are all one symbol, in several cells: every cell that
 *           sees all of them loses that symbol;
 *   type 4: two extra cells that share a house and one other symbol: each
 *           keeps only that symbol and its extras.
 * How the extras are found follows Sudoku Explainer's description: in each
 * house, a symbol with a number of places other than 0 and 2 must have one
 * of them in a cell of three or more candidates, the extra; when every such
 * house points at the same symbol, every such cell of theirs is an extra
 * cell of it. Rated 5.6 (type 1) and 5.7 (types 2 and 4), after Sudoku Explainer
 * (type 3, with a naked subset, is not looked for).
 * Used only on puzzles with one solution (logic.c). */
#include "logic_internal.h"

#include <string.h>

int find_bug(sudoku_logic *L, sudoku_step *st)
{
    int n = L->n;
    /* the extras: per cell, the symbols taken away to leave the grave */
    uint64_t *extra = L->save_cand; /* scratch of the size of the grid */
    memset(extra, 0, sizeof(uint64_t) * (size_t)L->cells);
    int nbug = 0, only_digit = 0, one_digit = 1, any_irregular = 0;
    uint64_t all_digits = 0;
    int32_t *bug = L->list;
    /* cells of three or more on an irregular place of only_digit */
    int32_t stamp = logic_new_stamp(L);
    const uint64_t *tab = logic_places_table(L); /* shared with the other finders */
    for (int h = 0; h < L->house_count; h++)
        for (int d = 1; d <= n; d++) {
            uint64_t places = tab[(size_t)h * (size_t)n + (size_t)(d - 1)];
            int count = popcount64(places);
            if (count == 0 || count == 2)
                continue;
            int wide = -1, nwide = 0;
            for (uint64_t m = places; m; m &= m - 1) {
                int c = logic_house_cell(L, h, lowest_bit(m));
                if (popcount64(L->cand[c]) >= 3) {
                    wide = c;
                    nwide++;
                    if (!any_irregular || only_digit == d)
                        L->mark[c] = stamp;
                }
            }
            if (!any_irregular) {
                any_irregular = 1;
                only_digit = d;
            } else if (only_digit != d) {
                one_digit = 0;
            }
            if (nwide == 0)
                return 0; /* no cell to blame: not a grave */
            if (nwide == 1) {
                if (!extra[wide])
                    bug[nbug++] = wide;
                extra[wide] |= digit_bit(d);
                all_digits |= digit_bit(d);
            }
        }
    if (!any_irregular)
        return 0; /* a grave already: the puzzle would not be unique */
    if (one_digit) {
        /* every irregular house is about one symbol: all its wide cells */
        for (int c = 0; c < L->cells; c++)
            if (L->mark[c] == stamp && !extra[c]) {
                bug[nbug++] = c;
                extra[c] = digit_bit(only_digit);
                all_digits |= digit_bit(only_digit);
            }
    }
    if (nbug == 0)
        return 0;
    /* what is left must be the grave: two candidates a cell, 0 or 2 places */
    for (int c = 0; c < L->cells; c++)
        if (!L->value[c] && popcount64(L->cand[c] & ~extra[c]) != 2)
            return 0;
    for (int h = 0; h < L->house_count; h++)
        for (int d = 1; d <= n; d++) {
            int count = 0;
            for (int k = 0; k < n; k++) {
                int c = logic_house_cell(L, h, k);
                count += (L->cand[c] & ~extra[c] & digit_bit(d)) != 0;
            }
            if (count != 0 && count != 2)
                return 0;
        }
    st->ncells = 0;
    for (int k = 0; k < nbug && k < SUDOKU_STEP_MAX_CELLS; k++)
        step_add_cell(st, bug[k], 0);
    st->digits = all_digits;
    st->nelims = 0;
    if (nbug == 1) {
        int c = bug[0];
        for (uint64_t m = L->cand[c] & ~all_digits; m; m &= m - 1)
            step_add_elim(st, c, lowest_bit(m) + 1, -1, -1);
        st->rating = 56;
        return st->nelims > 0;
    }
    if (popcount64(all_digits) == 1) {
        int d = lowest_bit(all_digits) + 1;
        if (step_elim_seeing_all(L, st, bug, nbug, d, -1, -1) > 0) {
            st->rating = 57;
            return 1;
        }
    }
    /* type 4: two extra cells in one house with one other symbol v in
     * common: one of them holds its extra, and (the grave's cycles run
     * through v) the other holds v; so neither holds its third candidate */
    if (nbug != 2 || !logic_sees(L, bug[0], bug[1]))
        return 0;
    uint64_t common = L->cand[bug[0]] & L->cand[bug[1]] & ~all_digits;
    if (popcount64(common) != 1)
        return 0;
    st->nelims = 0;
    for (int k = 0; k < 2; k++)
        for (uint64_t m = L->cand[bug[k]] & ~extra[bug[k]] & ~common; m; m &= m - 1)
            step_add_elim(st, bug[k], lowest_bit(m) + 1, -1, -1);
    if (st->nelims == 0)
        return 0;
    st->rating = 57;
    return 1;
}
