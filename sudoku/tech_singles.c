/* SPDX-License-Identifier: MIT */
/* tech_singles.c - the techniques that place a value outright: the full
 * house (the last blank of a house), the hidden single (a symbol with one
 * place left in a house; in a box-like house first, as Sudoku Explainer
 * rates those lower), and the naked single (a cell with one candidate). */
#include "logic_internal.h"

int find_full_house(sudoku_logic *L, sudoku_step *st)
{
    /* the houses missing one symbol, kept with the grid (logic_mark_blanks():
     * a walk of every house at every step was 5% of kaggle's rating) */
    for (int w = 0; w < (L->house_count + 63) / 64; w++)
        for (uint64_t hm = L->one_blank[w]; hm; hm &= hm - 1) {
            int h = w * 64 + lowest_bit(hm);
            uint64_t missing = L->full & ~L->have[h];
            int blank = -1, count = 0;
            for (int k = 0; k < L->n && count < 2; k++) {
                int c = logic_house_cell(L, h, k);
                if (!L->value[c]) {
                    blank = c;
                    count++;
                }
            }
            if (count != 1)
                continue;
            if (!(L->cand[blank] & missing))
                continue; /* a broken grid: left to the other checks */
            step_place(st, blank, lowest_bit(missing) + 1, h);
            return 1;
        }
    return 0;
}

/* The first symbol with exactly one place in a house whose kind is box-like
 * (boxlike 1) or line-like (0). Only the houses of that kind are walked,
 * and the place is found where the walk met it (kaggle: 1.13x). */
static int hidden_single(sudoku_logic *L, sudoku_step *st, int boxlike)
{
    const int32_t *hs = L->houses_by_kind + (boxlike ? 0 : L->nboxlike);
    int nh = boxlike ? L->nboxlike : L->house_count - L->nboxlike, n = L->n;
    for (int j = 0; j < nh; j++) {
        int h = hs[j];
        const int32_t *hc = L->house_cells + (size_t)h * (size_t)n;
        /* symbols seen once and seen twice or more, in one pass (nine
         * cells without a loop: kaggle 1.06x) */
        uint64_t once = 0, twice = 0;
        if (n == 9) {
            const uint64_t *c = L->cand;
            uint64_t m0 = c[hc[0]], m1 = c[hc[1]], m2 = c[hc[2]], m3 = c[hc[3]], m4 = c[hc[4]],
                     m5 = c[hc[5]], m6 = c[hc[6]], m7 = c[hc[7]], m8 = c[hc[8]];
            /* three by three, then the threes together */
            uint64_t o0 = m0 | m1 | m2, t0 = (m0 & m1) | (m2 & (m0 | m1));
            uint64_t o1 = m3 | m4 | m5, t1 = (m3 & m4) | (m5 & (m3 | m4));
            uint64_t o2 = m6 | m7 | m8, t2 = (m6 & m7) | (m8 & (m6 | m7));
            once = o0 | o1 | o2;
            twice = t0 | t1 | t2 | (o0 & o1) | (o2 & (o0 | o1));
        } else {
            for (int k = 0; k < n; k++) {
                uint64_t m = L->cand[hc[k]];
                twice |= once & m;
                once |= m;
            }
        }
        uint64_t single = once & ~twice;
        if (!single)
            continue;
        uint64_t bit = single & -single;
        int k = 0;
        while (!(L->cand[hc[k]] & bit))
            k++;
        step_place(st, hc[k], lowest_bit(bit) + 1, h);
        return 1;
    }
    return 0;
}

int find_hidden_single_box(sudoku_logic *L, sudoku_step *st)
{
    return hidden_single(L, st, 1);
}

int find_hidden_single_line(sudoku_logic *L, sudoku_step *st)
{
    return hidden_single(L, st, 0);
}

int find_naked_single(sudoku_logic *L, sudoku_step *st)
{
    for (int i = 0; i < L->cells; i++) {
        if (!L->value[i] && popcount64(L->cand[i]) == 1) {
            step_place(st, i, lowest_bit(L->cand[i]) + 1, -1);
            return 1;
        }
    }
    return 0;
}
