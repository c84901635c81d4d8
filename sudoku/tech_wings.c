/* SPDX-License-Identifier: MIT */
/* tech_wings.c - wings: short chains through cells with two or three
 * candidates, each removing one symbol z from the cells that see both ends.
 *   XY-wing:  a pivot {x,y} sees pincers {x,z} and {y,z}: whichever the
 *             pivot holds, one pincer is z.
 *   XYZ-wing: a pivot {x,y,z} sees pincers {x,z} and {y,z}: one of the three
 *             is z, so only cells seeing all three lose it.
 *   W-wing:   two cells {x,y} that do not see each other, and a house where
 *             x has exactly two places, one seen by each: if neither cell
 *             were y both would be x, and x would have no place left in
 *             that house; so one of them is y.
 * "See" is "share a house", so the variants' extra houses take part. */
#include "logic_internal.h"

/* The blank peers of cell with exactly `size` candidates, each once, into
 * L->list; returns how many. In the order of the grid's list of peers
 * when it has one (the same order: its houses', each cell once). */
static int peers_with(sudoku_logic *L, int cell, int size)
{
    if (L->peers) {
        const int32_t *p = L->peers + (size_t)cell * (size_t)L->max_peers;
        int count = 0;
        for (int k = 0, np = L->npeers[cell]; k < np; k++)
            if (!L->value[p[k]] && popcount64(L->cand[p[k]]) == size)
                L->list[count++] = p[k];
        return count;
    }
    int32_t stamp = logic_new_stamp(L);
    L->mark[cell] = stamp;
    int count = 0, nh;
    const int32_t *hs = logic_houses_of(L, cell, &nh);
    for (int j = 0; j < nh; j++)
        for (int k = 0; k < L->n; k++) {
            int c = logic_house_cell(L, hs[j], k);
            if (L->mark[c] == stamp)
                continue;
            L->mark[c] = stamp;
            if (!L->value[c] && popcount64(L->cand[c]) == size)
                L->list[count++] = c;
        }
    return count;
}

/* Might a cell other than cells[0..count-1] that sees them all hold
 * digit? 0 when surely not (step_elim_seeing_all() would find nothing), from
 * the sets of peers on grids that have them: 20 extreme puzzles:
 * 71.5 M -> 70.3 M instructions. */
static int may_elim(const sudoku_logic *L, const int32_t *cells, int count, int digit)
{
    if (!L->peer_sets)
        return 1;
    uint64_t all[2] = {~(uint64_t)0, ~(uint64_t)0}, bit = digit_bit(digit);
    for (int k = 0; k < count; k++) {
        all[0] &= L->peer_sets[2 * cells[k]];
        all[1] &= L->peer_sets[2 * cells[k] + 1];
    }
    for (int w = 0; w < 2; w++)
        for (uint64_t m = all[w]; m; m &= m - 1)
            if (L->cand[w * 64 + lowest_bit(m)] & bit)
                return 1;
    return 0;
}

int find_xy_wing(sudoku_logic *L, sudoku_step *st)
{
    for (int pivot = 0; pivot < L->cells; pivot++) {
        uint64_t p = L->cand[pivot];
        if (L->value[pivot] || popcount64(p) != 2)
            continue;
        int count = peers_with(L, pivot, 2);
        /* the list survives step_elim_seeing_all(), which only uses mark */
        for (int i = 0; i < count; i++) {
            int a = L->list[i];
            uint64_t am = L->cand[a];
            if (popcount64(am & p) != 1)
                continue;
            uint64_t z = am & ~p, want = (p & ~am) | z;
            for (int j = 0; j < count; j++) {
                int b = L->list[j];
                if (b == a || L->cand[b] != want)
                    continue;
                int32_t ends[2] = {a, b};
                st->nelims = 0;
                if (!may_elim(L, ends, 2, lowest_bit(z) + 1) ||
                    step_elim_seeing_all(L, st, ends, 2, lowest_bit(z) + 1, a, b) == 0)
                    continue;
                st->digits = p | z;
                st->ncells = 0;
                step_add_cell(st, pivot, 0);
                step_add_cell(st, a, 1);
                step_add_cell(st, b, 1);
                return 1;
            }
        }
    }
    st->nelims = 0;
    return 0;
}

int find_xyz_wing(sudoku_logic *L, sudoku_step *st)
{
    for (int pivot = 0; pivot < L->cells; pivot++) {
        uint64_t p = L->cand[pivot];
        if (L->value[pivot] || popcount64(p) != 3)
            continue;
        int count = peers_with(L, pivot, 2);
        for (int i = 0; i < count; i++) {
            int a = L->list[i];
            uint64_t am = L->cand[a];
            if ((am & ~p) != 0)
                continue;
            for (int j = i + 1; j < count; j++) {
                int b = L->list[j];
                uint64_t bm = L->cand[b];
                if ((bm & ~p) != 0 || bm == am || (am | bm) != p)
                    continue;
                int z = lowest_bit(am & bm) + 1;
                int32_t three[3] = {pivot, a, b};
                st->nelims = 0;
                if (!may_elim(L, three, 3, z) || step_elim_seeing_all(L, st, three, 3, z, a, b) == 0)
                    continue;
                st->digits = p;
                st->ncells = 0;
                step_add_cell(st, pivot, 0);
                step_add_cell(st, a, 1);
                step_add_cell(st, b, 1);
                return 1;
            }
        }
    }
    st->nelims = 0;
    return 0;
}

/* A house where x has exactly two places, one seeing a and the other b,
 * neither being a or b: the W-wing's strong link. Returns the house and
 * the two places in *ends (the one seeing a first), or -1. */
static int strong_link_between(sudoku_logic *L, int a, int b, int x, int32_t *ends)
{
    for (int h = 0; h < L->house_count; h++) {
        uint64_t places = logic_places(L, h, x);
        if (popcount64(places) != 2)
            continue;
        int p = logic_house_cell(L, h, lowest_bit(places));
        int q = logic_house_cell(L, h, lowest_bit(places & (places - 1)));
        if (p == a || p == b || q == a || q == b)
            continue;
        if (logic_sees(L, p, b) && logic_sees(L, q, a)) {
            int t = p;
            p = q;
            q = t;
        }
        if (logic_sees(L, p, a) && logic_sees(L, q, b)) {
            ends[0] = p;
            ends[1] = q;
            return h;
        }
    }
    return -1;
}

int find_w_wing(sudoku_logic *L, sudoku_step *st)
{
    int count = 0;
    for (int i = 0; i < L->cells; i++)
        if (!L->value[i] && popcount64(L->cand[i]) == 2)
            L->list2[count++] = i;
    for (int i = 0; i < count; i++) {
        int a = L->list2[i];
        for (int j = i + 1; j < count; j++) {
            int b = L->list2[j];
            uint64_t m = L->cand[a];
            if (L->cand[b] != m || logic_sees(L, a, b))
                continue;
            for (int side = 0; side < 2; side++) {
                int x = side ? lowest_bit(m & (m - 1)) + 1 : lowest_bit(m) + 1;
                int y = lowest_bit(m & ~digit_bit(x)) + 1;
                int32_t link[2];
                int h = strong_link_between(L, a, b, x, link);
                if (h < 0)
                    continue;
                int32_t ends[2] = {a, b};
                st->nelims = 0;
                if (step_elim_seeing_all(L, st, ends, 2, y, a, b) == 0)
                    continue;
                st->digits = m;
                st->ncells = 0;
                step_add_cell(st, a, 1);
                step_add_cell(st, b, 1);
                step_add_cell(st, link[0], 2);
                step_add_cell(st, link[1], 2);
                st->nhouses = 0;
                step_add_house(st, h);
                /* which symbol is linked: the step's digit, for the wording */
                st->digit = x;
                return 1;
            }
        }
    }
    st->nelims = 0;
    return 0;
}
