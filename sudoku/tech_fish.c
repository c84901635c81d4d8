/* SPDX-License-Identifier: MIT */
/* tech_fish.c - basic fish: X-wing (2), swordfish (3), jellyfish (4). When
 * a symbol's places in k rows (the base) lie in k columns (the cover), the
 * k copies of the symbol in those rows fill the k columns, so the rest of
 * each cover column cannot hold it; the same with rows and columns
 * swapped. Rows and columns only: every shape has them, and the house order
 * (rows 0..n-1, columns n..2n-1) makes a row's place masks column numbers
 * and a column's row numbers. */
#include "logic_internal.h"

typedef struct fish_search {
    sudoku_logic *L;
    sudoku_step *st;
    int k, digit, base0, cover0;   /* base0/cover0: the first row or column house */
    int count;
    int line[SUDOKU_MAX_N];        /* base lines with 2..k places */
    uint64_t places[SUDOKU_MAX_N];
    int chosen[4];
} fish_search;

static int try_fish(fish_search *f, uint64_t cover)
{
    sudoku_logic *L = f->L;
    sudoku_step *st = f->st;
    uint64_t base = 0;
    for (int j = 0; j < f->k; j++)
        base |= (uint64_t)1 << f->line[f->chosen[j]];
    st->nelims = 0;
    st->more_elims = 0;
    uint64_t bit = digit_bit(f->digit);
    for (uint64_t m = cover; m; m &= m - 1) {
        int h = f->cover0 + lowest_bit(m);
        for (int p = 0; p < L->n; p++) {
            int c = logic_house_cell(L, h, p);
            if (!((base >> p) & 1) && (L->cand[c] & bit))
                step_add_elim(st, c, f->digit, -1, -1);
        }
    }
    if (st->nelims == 0)
        return 0;
    st->digits = bit;
    st->ncells = 0;
    st->nhouses = 0;
    for (int j = 0; j < f->k; j++) {
        int h = f->base0 + f->line[f->chosen[j]];
        step_add_house(st, h);
        for (uint64_t m = f->places[f->chosen[j]]; m; m &= m - 1)
            step_add_cell(st, logic_house_cell(L, h, lowest_bit(m)), 0);
    }
    st->nbase = f->k;
    for (uint64_t m = cover; m; m &= m - 1)
        step_add_house(st, f->cover0 + lowest_bit(m));
    return 1;
}

static int choose(fish_search *f, int start, int depth, uint64_t acc)
{
    if (depth == f->k)
        return popcount64(acc) == f->k && try_fish(f, acc);
    for (int i = start; i <= f->count - (f->k - depth); i++) {
        uint64_t next = acc | f->places[i];
        if (popcount64(next) > f->k)
            continue;
        f->chosen[depth] = i;
        if (choose(f, i + 1, depth + 1, next))
            return 1;
    }
    return 0;
}

static int fish(sudoku_logic *L, sudoku_step *st, int k)
{
    fish_search f;
    f.L = L;
    f.st = st;
    f.k = k;
    int n = L->n;
    /* one symbol's candidates make a step: those unchanged since the
     * technique last found nothing are passed over (logic.c) */
    uint64_t since = logic_quiet_since(L, st);
    const uint64_t *tab = NULL;
    for (int digit = 1; digit <= n; digit++) {
        if (!logic_digit_changed(L, digit, since))
            continue;
        if (!tab)
            tab = logic_places_table(L);
        for (int orient = 0; orient < 2; orient++) {
            f.digit = digit;
            f.base0 = orient ? n : 0;
            f.cover0 = orient ? 0 : n;
            f.count = 0;
            for (int i = 0; i < n; i++) {
                uint64_t places = tab[(size_t)(f.base0 + i) * (size_t)n + (size_t)(digit - 1)];
                int size = popcount64(places);
                if (size >= 2 && size <= k) {
                    f.line[f.count] = i;
                    f.places[f.count++] = places;
                }
            }
            if (f.count >= k && choose(&f, 0, 0, 0))
                return 1;
        }
    }
    st->nelims = 0;
    st->more_elims = 0;
    logic_quiet(L, st);
    return 0;
}

int find_x_wing(sudoku_logic *L, sudoku_step *st)
{
    return fish(L, st, 2);
}

int find_swordfish(sudoku_logic *L, sudoku_step *st)
{
    return fish(L, st, 3);
}

int find_jellyfish(sudoku_logic *L, sudoku_step *st)
{
    return fish(L, st, 4);
}
