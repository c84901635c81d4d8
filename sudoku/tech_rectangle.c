/* SPDX-License-Identifier: MIT */
/* tech_rectangle.c - unique rectangles, types 1 to 4. Four blank cells at
 * the corners of a rectangle (two rows, two columns) that could all hold
 * only the same two symbols x and y would be a deadly pattern: x and y could
 * be swapped round the rectangle and the puzzle would have two solutions.
 * So some corner that holds more (a roof; the others are the floor) holds
 * one of its extras:
 *   type 1: one roof: it is neither x nor y;
 *   type 2: the roofs' extras are one symbol z: z is in one of them, so
 *           every cell that sees all the roofs loses z;
 *   type 3: two roofs whose extras are two or more symbols act as one cell
 *           holding those extras: with k-1 other cells of a house they share
 *           they make a naked subset of k symbols, which the house's other
 *           cells lose;
 *   type 4: two roofs in one house, and one of x, y with no other place in
 *           that house: one roof holds it, so neither holds the other one.
 * The argument needs the swap to keep every house valid: each house must
 * meet the four corners in none, two on one side (not two opposite
 * corners), or all four - in the classic rules, the rectangle spans exactly
 * two boxes; and at least one floor cell, as in Sudoku Explainer, which
 * looks for them from a cell of exactly {x, y}. It also needs the puzzle to
 * have one solution; the caller (logic.c) uses it only then. Rated as in
 * Sudoku Explainer: 4.5, and 4.5 + 0.1 for each symbol of a type 3 subset
 * past the second; of all the rectangles, the lowest rating wins, then the
 * lower type. (Its unique loops of 6 cells and more are not looked for.) */
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

/* The best rectangle step so far. */
typedef struct rect_best {
    int found, rating, type;
} rect_best;

static int beats(const rect_best *b, int rating, int type)
{
    return !b->found || rating < b->rating || (rating == b->rating && type < b->type);
}

static void record(sudoku_logic *L, sudoku_step *st, sudoku_step *cand, rect_best *b, int rating,
                   int type)
{
    (void)L;
    if (cand->nelims == 0 || !beats(b, rating, type))
        return;
    *st = *cand;
    st->rating = rating;
    st->candidates = type;
    b->found = 1;
    b->rating = rating;
    b->type = type;
}

/* Houses holding both a and b (at most per_cell), into out. */
static int shared_houses(const sudoku_logic *L, int a, int b, int32_t *out)
{
    int na, nb, k = 0;
    const int32_t *ha = logic_houses_of(L, a, &na);
    const int32_t *hb = logic_houses_of(L, b, &nb);
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nb; j++)
            if (ha[i] == hb[j])
                out[k++] = ha[i];
    return k;
}

/* Type 3: the roofs' extras ex with k-1 cells of house h (not the roofs)
 * make a naked subset; cand gets the eliminations. Tries the subsets of
 * 1..3 other cells in order; records each that eliminates. */
static void type3(sudoku_logic *L, sudoku_step *st, sudoku_step *cand, rect_best *b,
                  const int32_t corner[4], uint64_t pair, int r1, int r2, int h, uint64_t ex)
{
    int others[SUDOKU_MAX_N], no = 0;
    for (int k = 0; k < L->n; k++) {
        int c = logic_house_cell(L, h, k);
        if (L->value[c] || c == corner[r1] || c == corner[r2])
            continue;
        int in_rect = 0;
        for (int q = 0; q < 4; q++)
            in_rect |= corner[q] == c;
        if (!in_rect)
            others[no++] = c;
    }
    for (int size = 1; size <= 3; size++) {
        /* combinations of `size` of the others, in order */
        int idx[3];
        for (int q = 0; q < size; q++)
            idx[q] = q;
        if (size > no)
            break;
        for (;;) {
            uint64_t set = ex;
            for (int q = 0; q < size; q++)
                set |= L->cand[others[idx[q]]];
            if (popcount64(set) == size + 1 && !(set & pair)) {
                step_begin(cand, SUDOKU_UNIQUE_RECTANGLE);
                for (int k = 0; k < L->n; k++) {
                    int c = logic_house_cell(L, h, k);
                    if (L->value[c] || c == corner[r1] || c == corner[r2])
                        continue;
                    int in_set = 0;
                    for (int q = 0; q < size; q++)
                        in_set |= others[idx[q]] == c;
                    if (in_set)
                        continue;
                    for (uint64_t m = L->cand[c] & set; m; m &= m - 1)
                        step_add_elim(cand, c, lowest_bit(m) + 1, -1, -1);
                }
                cand->digits = pair;
                for (int q = 0; q < 4; q++)
                    step_add_cell(cand, corner[q], q == r1 || q == r2);
                for (int q = 0; q < size; q++)
                    step_add_cell(cand, others[idx[q]], 2);
                step_add_house(cand, h);
                record(L, st, cand, b, 45 + size, 3);
            }
            int q = size - 1;
            while (q >= 0 && idx[q] == no - size + q)
                q--;
            if (q < 0)
                break;
            idx[q]++;
            for (int j = q + 1; j < size; j++)
                idx[j] = idx[j - 1] + 1;
        }
    }
}

/* Every step of the rectangle a b / c d on the pair, kept in st when best. */
static void rectangle_steps(sudoku_logic *L, sudoku_step *st, sudoku_step *cand, rect_best *b,
                            const int32_t corner[4], uint64_t pair)
{
    int roof[4], nroof = 0;
    for (int q = 0; q < 4; q++)
        if (L->cand[corner[q]] != pair)
            roof[nroof++] = q;
    if (nroof == 0 || nroof == 4)
        return;
    if (nroof == 1) {
        step_begin(cand, SUDOKU_UNIQUE_RECTANGLE);
        for (uint64_t x = pair; x; x &= x - 1)
            step_add_elim(cand, corner[roof[0]], lowest_bit(x) + 1, -1, -1);
        cand->digits = pair;
        for (int q = 0; q < 4; q++)
            step_add_cell(cand, corner[q], q == roof[0]);
        record(L, st, cand, b, 45, 1);
        return;
    }
    uint64_t ex = 0;
    for (int k = 0; k < nroof; k++)
        ex |= L->cand[corner[roof[k]]] & ~pair;
    if (popcount64(ex) == 1) {
        /* type 2: every roof is the pair and z */
        int32_t roofs[4];
        for (int k = 0; k < nroof; k++)
            roofs[k] = corner[roof[k]];
        step_begin(cand, SUDOKU_UNIQUE_RECTANGLE);
        step_elim_seeing_all(L, cand, roofs, nroof, lowest_bit(ex) + 1, -1, -1);
        cand->digits = pair;
        for (int q = 0; q < 4; q++) {
            int is_roof = 0;
            for (int k = 0; k < nroof; k++)
                is_roof |= roof[k] == q;
            step_add_cell(cand, corner[q], is_roof);
        }
        record(L, st, cand, b, 45, 2);
    }
    if (nroof != 2)
        return;
    int r1 = roof[0], r2 = roof[1];
    int32_t hs[8];
    int nh = shared_houses(L, corner[r1], corner[r2], hs);
    if (popcount64(ex) >= 2)
        for (int k = 0; k < nh; k++)
            type3(L, st, cand, b, corner, pair, r1, r2, hs[k], ex);
    /* type 4: one of the pair confined to the roofs in a house they share */
    for (int k = 0; k < nh; k++)
        for (uint64_t x = pair; x; x &= x - 1) {
            int d = lowest_bit(x) + 1;
            uint64_t places = logic_places(L, hs[k], d);
            int count = popcount64(places);
            if (count != 2)
                continue; /* the two roofs are two of its places */
            int other = lowest_bit(pair & ~digit_bit(d)) + 1;
            step_begin(cand, SUDOKU_UNIQUE_RECTANGLE);
            step_add_elim(cand, corner[r1], other, -1, -1);
            step_add_elim(cand, corner[r2], other, -1, -1);
            cand->digits = pair;
            for (int q = 0; q < 4; q++)
                step_add_cell(cand, corner[q], q == r1 || q == r2);
            step_add_house(cand, hs[k]);
            record(L, st, cand, b, 45, 4);
        }
}

int find_unique_rectangle(sudoku_logic *L, sudoku_step *st)
{
    int n = L->n;
    rect_best best = {0, 0, 0};
    sudoku_step *cand = L->scratch_step;
    for (int r1 = 0; r1 < n; r1++)
        for (int c1 = 0; c1 < n; c1++) {
            int a = r1 * n + c1;
            if (L->value[a] || popcount64(L->cand[a]) != 2)
                continue;
            uint64_t pair = L->cand[a];
            /* a: a floor cell; the rectangles through it */
            for (int r2 = 0; r2 < n; r2++) {
                if (r2 == r1)
                    continue;
                int c = r2 * n + c1;
                if (L->value[c] || (L->cand[c] & pair) != pair)
                    continue;
                for (int c2 = 0; c2 < n; c2++) {
                    if (c2 == c1)
                        continue;
                    int bcell = r1 * n + c2, d = r2 * n + c2;
                    if (L->value[bcell] || L->value[d] || (L->cand[bcell] & pair) != pair ||
                        (L->cand[d] & pair) != pair)
                        continue;
                    /* each rectangle once: from its first floor cell */
                    int32_t corner[4] = {a, bcell, c, d};
                    int first = 1;
                    for (int q = 1; q < 4 && first; q++)
                        if (corner[q] < a && L->cand[corner[q]] == pair)
                            first = 0;
                    if (!first || !swap_keeps_houses(L, corner))
                        continue;
                    rectangle_steps(L, st, cand, &best, corner, pair);
                }
            }
        }
    return best.found;
}
