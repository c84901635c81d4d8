/* SPDX-License-Identifier: MIT */
/* candidates.c - the candidate grid the techniques work on: each blank cell
 * keeps a mask of the symbols it may still hold (bit d-1 for symbol d), each
 * filled cell its value. Loading a puzzle pencils in every candidate the
 * givens allow; placing a value takes it from the cell's peers; the rest of
 * the module answers the questions every technique asks (where can d go in
 * house h, which symbols are missing there, do two cells see each other). */
#include "logic_internal.h"

#include <string.h>

void logic_load(sudoku_logic *L, const uint8_t *givens)
{
    int n = L->n;
    memcpy(L->value, givens, (size_t)L->cells);
    L->blanks = 0;
    L->holds = 0;
    for (int h = 0; h < L->house_count; h++) {
        uint64_t have = 0;
        for (int k = 0; k < n; k++) {
            int v = givens[logic_house_cell(L, h, k)];
            if (v)
                have |= digit_bit(v);
        }
        L->have[h] = have;
    }
    for (int i = 0; i < L->cells; i++) {
        if (givens[i]) {
            L->cand[i] = 0;
            continue;
        }
        L->blanks++;
        uint64_t used = 0;
        int nh;
        const int32_t *hs = logic_houses_of(L, i, &nh);
        for (int j = 0; j < nh; j++)
            used |= L->have[hs[j]];
        L->cand[i] = L->full & ~used;
    }
    logic_forget(L);
}

/* The peers of cell lose bit, and the table of places, made for the grid
 * before this change (version v - 1), follows it (logic_places_table()):
 * kept out of logic_place(), whose plain path it made slower. */
static __attribute__((noinline)) void place_following(sudoku_logic *L, int cell, uint64_t had, uint64_t bit,
                                                      uint64_t v)
{
    const int32_t *p = L->peers + (size_t)cell * (size_t)L->max_peers;
    L->places_version = v;
    logic_places_drop(L, cell, had);
    for (int k = 0; k < L->npeers[cell]; k++)
        if (L->cand[p[k]] & bit) {
            L->cand[p[k]] &= ~bit;
            logic_places_drop(L, p[k], bit);
        }
}

void logic_place(sudoku_logic *L, int cell, int digit)
{
    uint64_t bit = digit_bit(digit), had = L->cand[cell], v = ++L->version;
    for (uint64_t m = had | bit; m; m &= m - 1)
        L->digit_version[lowest_bit(m)] = v;
    L->placed_version = v;
    L->value[cell] = (uint8_t)digit;
    L->cand[cell] = 0;
    L->blanks--;
    int nh;
    const int32_t *hs = logic_houses_of(L, cell, &nh);
    for (int j = 0; j < nh; j++) {
        L->have[hs[j]] |= bit;
        logic_mark_blanks(L, hs[j]);
    }
    if (L->peers) { /* each peer once, not each house's cells (kaggle 1.03x) */
        const int32_t *p = L->peers + (size_t)cell * (size_t)L->max_peers;
        if (L->places_version == v - 1) {
            place_following(L, cell, had, bit, v);
            return;
        }
        for (int k = 0; k < L->npeers[cell]; k++)
            L->cand[p[k]] &= ~bit;
        return;
    }
    for (int j = 0; j < nh; j++)
        for (int k = 0; k < L->n; k++)
            L->cand[logic_house_cell(L, hs[j], k)] &= ~bit;
}

/* --- the quiet memory ------------------------------------------------------------- */

void logic_forget(sudoku_logic *L)
{
    L->version++;
    memset(L->quiet, 0, sizeof L->quiet);
    L->places_version = 0;
    for (int h = 0; h < L->house_count; h++)
        logic_mark_blanks(L, h);
}

void logic_places_drop(sudoku_logic *L, int cell, uint64_t digits)
{
    int nh;
    const int32_t *hs = logic_houses_of(L, cell, &nh);
    const uint8_t *pos = L->cell_pos + (size_t)cell * (size_t)L->per_cell;
    for (int j = 0; j < nh; j++) {
        uint64_t *row = L->places_tab + (size_t)hs[j] * (size_t)L->n, keep = ~((uint64_t)1 << pos[j]);
        for (uint64_t m = digits; m; m &= m - 1)
            row[lowest_bit(m)] &= keep;
    }
}

/* Made again only when the grid changed in a way logic_place() and
 * sudoku_logic_apply() did not follow (20 extreme puzzles: making it took
 * 2.3% of the rating's instructions). */
const uint64_t *logic_places_table(sudoku_logic *L)
{
    if (L->places_version != L->version) {
        logic_places_all(L, L->places_tab);
        L->places_version = L->version;
    }
    return L->places_tab;
}

uint64_t logic_places(const sudoku_logic *L, int h, int digit)
{
    uint64_t bit = digit_bit(digit), places = 0;
    const int32_t *hc = L->house_cells + (size_t)h * (size_t)L->n;
    for (int k = 0; k < L->n; k++)
        if (L->cand[hc[k]] & bit)
            places |= (uint64_t)1 << k;
    return places;
}

void logic_house_places(const sudoku_logic *L, int h, uint64_t *out)
{
    const int32_t *hc = L->house_cells + (size_t)h * (size_t)L->n;
    for (int d = 0; d < L->n; d++)
        out[d] = 0;
    for (int k = 0; k < L->n; k++)
        for (uint64_t m = L->cand[hc[k]]; m; m &= m - 1)
            out[lowest_bit(m)] |= (uint64_t)1 << k;
}

void logic_places_all(const sudoku_logic *L, uint64_t *tab)
{
    for (int h = 0; h < L->house_count; h++)
        logic_house_places(L, h, tab + (size_t)h * (size_t)L->n);
}

uint64_t logic_missing(const sudoku_logic *L, int h)
{
    return L->full & ~L->have[h];
}

int logic_sees(const sudoku_logic *L, int a, int b)
{
    if (a == b)
        return 0;
    int na, nb;
    const int32_t *ha = logic_houses_of(L, a, &na);
    const int32_t *hb = logic_houses_of(L, b, &nb);
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nb; j++)
            if (ha[i] == hb[j])
                return 1;
    return 0;
}

int32_t logic_new_stamp(sudoku_logic *L)
{
    if (L->stamp == INT32_MAX) {
        memset(L->mark, 0, sizeof(int32_t) * (size_t)L->cells);
        L->stamp = 0;
    }
    return ++L->stamp;
}

/* Naked and hidden singles until nothing changes. 1 when the grid breaks (a
 * cell without candidate, a symbol without place in a house), else 0;
 * *placed counts the placements made. */
int logic_singles(sudoku_logic *L, int *placed)
{
    int progress = 1;
    while (progress) {
        progress = 0;
        for (int i = 0; i < L->cells; i++) {
            if (L->value[i])
                continue;
            if (!L->cand[i])
                return 1;
            if (popcount64(L->cand[i]) == 1) {
                logic_place(L, i, lowest_bit(L->cand[i]) + 1);
                (*placed)++;
                progress = 1;
            }
        }
        for (int h = 0; h < L->house_count; h++) {
            for (uint64_t m = logic_missing(L, h); m; m &= m - 1) {
                int digit = lowest_bit(m) + 1;
                uint64_t places = logic_places(L, h, digit);
                if (!places)
                    return 1;
                if (popcount64(places) == 1) {
                    logic_place(L, logic_house_cell(L, h, lowest_bit(places)), digit);
                    (*placed)++;
                    progress = 1;
                }
            }
        }
    }
    return 0;
}
