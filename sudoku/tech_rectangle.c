/* SPDX-License-Identifier: MIT */
/* tech_rectangle.c - the unique rectangle, type 1. Four blank cells at the
 * corners of a rectangle (two rows, two columns) that could all hold only
 * the same two symbols x and y would be a deadly pattern: x and y could be
 * swapped round the rectangle and the puzzle would have two solutions. So
 * when three corners have exactly {x, y}, the fourth (the roof) is neither
 * x nor y. The argument needs the swap to keep every house valid: each
 * house must meet the four corners in none, two on one side (not two
 * opposite corners), or all four - in the classic rules, the rectangle
 * spans exactly two boxes. It also needs the puzzle to have one solution;
 * the caller (logic.c) uses it only then. */
#include "logic_internal.h"

/* Corners a b / c d (a, b on the first row, a, c in the first column): does
 * every house meet them in 0, 2 adjacent or 4 of them? */
static int swap_keeps_houses(const sudoku_logic *L, const int32_t corner[4])
{
    for (int i = 0; i < 4; i++) {
        int nh;
        const int32_t *hs = logic_houses_of(L, corner[i], &nh);
        for (int j = 0; j < nh; j++) {
            unsigned in = 0;
            for (int m = 0; m < 4; m++) {
                int mh;
                const int32_t *ms = logic_houses_of(L, corner[m], &mh);
                for (int q = 0; q < mh; q++)
                    if (ms[q] == hs[j])
                        in |= 1u << m;
            }
            /* a b c d = bits 0 1 2 3: allowed {a,b} {c,d} {a,c} {b,d} all */
            if (in != 0x3 && in != 0xC && in != 0x5 && in != 0xA && in != 0xF)
                return 0;
        }
    }
    return 1;
}

int find_unique_rectangle(sudoku_logic *L, sudoku_step *st)
{
    int n = L->n;
    for (int r1 = 0; r1 < n; r1++)
        for (int c1 = 0; c1 < n; c1++) {
            int a = r1 * n + c1;
            uint64_t m = L->cand[a];
            if (L->value[a] || popcount64(m) != 2)
                continue;
            for (int c2 = c1 + 1; c2 < n; c2++) {
                int b = r1 * n + c2;
                if (L->value[b] || L->cand[b] != m)
                    continue;
                for (int r2 = 0; r2 < n; r2++) {
                    if (r2 == r1)
                        continue;
                    int c = r2 * n + c1, d = r2 * n + c2;
                    if (L->value[c] || L->value[d] || (L->cand[c] & m) != m ||
                        (L->cand[d] & m) != m)
                        continue;
                    int roof;
                    if (L->cand[c] == m && L->cand[d] != m)
                        roof = d;
                    else if (L->cand[d] == m && L->cand[c] != m)
                        roof = c;
                    else
                        continue;
                    int32_t corner[4] = {a, b, c, d};
                    if (!swap_keeps_houses(L, corner))
                        continue;
                    st->nelims = 0;
                    for (uint64_t x = m; x; x &= x - 1)
                        step_add_elim(st, roof, lowest_bit(x) + 1, -1, -1);
                    st->digits = m;
                    st->ncells = 0;
                    for (int k = 0; k < 4; k++)
                        step_add_cell(st, corner[k], corner[k] == roof);
                    st->nhouses = 0;
                    step_add_house(st, r1 < r2 ? r1 : r2);
                    step_add_house(st, r1 < r2 ? r2 : r1);
                    step_add_house(st, n + c1);
                    step_add_house(st, n + c2);
                    return 1;
                }
            }
        }
    return 0;
}
