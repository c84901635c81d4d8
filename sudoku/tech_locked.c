/* SPDX-License-Identifier: MIT */
/* tech_locked.c - locked candidates. When every place left for a symbol in
 * house a lies in the cells a shares with house b, the symbol goes in one
 * of those cells, so the rest of b cannot hold it. Pointing starts from a
 * box-like house (box, region, window) and takes the symbol from a line;
 * claiming starts from a line and takes it from a box. Any two houses that
 * share two or more cells qualify, so the diagonals and windows of the
 * variants take part. The direct forms are the ones whose eliminations
 * leave a hidden single of the symbol at once in a house of the source's
 * kind; the step places it, and only that (sudoku_logic_apply()), as
 * Sudoku Explainer does. */
#include "logic_internal.h"

/* After digit leaves the cells already recorded in st, is there a house of
 * the same kind as the source house a (another box for a pointing, another
 * line of the same direction for a claiming) where digit had two or more
 * places and has one left? Then that place goes in st. Sudoku Explainer
 * looks no further: a single that appears in a house of the other kind is
 * not a direct step there, and the puzzle goes on by the plain one. */
static int leaves_hidden_single(sudoku_logic *L, sudoku_step *st, int a, int digit)
{
    int32_t stamp = logic_new_stamp(L);
    for (int e = 0; e < st->nelims; e++)
        L->mark[st->elims[e].cell] = stamp;
    uint64_t bit = digit_bit(digit);
    for (int e = 0; e < st->nelims; e++) {
        int nh;
        const int32_t *hs = logic_houses_of(L, st->elims[e].cell, &nh);
        for (int j = 0; j < nh; j++) {
            if (L->house_kind[hs[j]] != L->house_kind[a])
                continue;
            int only = -1, count = 0;
            for (int k = 0; k < L->n && count < 2; k++) {
                int c = logic_house_cell(L, hs[j], k);
                if ((L->cand[c] & bit) && L->mark[c] != stamp) {
                    only = c;
                    count++;
                }
            }
            if (count == 1) {
                step_place(st, only, digit, hs[j]);
                return 1;
            }
        }
    }
    return 0;
}

/* The step of the pair hp and digit, whose places in a are in_a (all in
 * the cells a shares with b), into st: 0 when there is none. */
static int found_in(sudoku_logic *L, sudoku_step *st, const house_pair *hp, int digit, uint64_t in_a,
                    int direct)
{
    size_t n = (size_t)L->n;
    uint64_t outside = logic_places_table(L)[(size_t)hp->b * n + (size_t)(digit - 1)] & ~hp->in_b;
    if (!outside)
        return 0;
    st->nelims = 0;
    st->more_elims = 0;
    for (uint64_t m = outside; m; m &= m - 1)
        step_add_elim(st, logic_house_cell(L, hp->b, lowest_bit(m)), digit, -1, -1);
    if (direct && !leaves_hidden_single(L, st, hp->a, digit))
        return 0;
    st->digits = digit_bit(digit);
    for (uint64_t m = in_a; m; m &= m - 1)
        step_add_cell(st, logic_house_cell(L, hp->a, lowest_bit(m)), 0);
    step_add_house(st, hp->a);
    step_add_house(st, hp->b);
    return 1;
}

/* The pairs from..to-1 of locked_pairs, those of one house a together: for
 * each symbol of a, the pairs whose shared cells hold all its places come
 * from L->locked_at (one AND a place), not from a test of each pair; then
 * each pair's symbols in order, as in locked(). 20 extreme puzzles:
 * 70.3 M -> 69.8 M instructions. */
static int locked_by_house(sudoku_logic *L, sudoku_step *st, int from, int to, uint64_t changed, int direct)
{
    const uint64_t *tab = logic_places_table(L);
    size_t n = (size_t)L->n;
    uint64_t hits[64];
    for (int p = from, end; p < to; p = end) {
        int a = L->locked_pairs[p].a;
        for (end = p + 1; end < to && L->locked_pairs[end].a == a; end++)
            ;
        const uint64_t *at = L->locked_at + (size_t)a * n;
        uint64_t any = 0; /* the pairs with a symbol */
        for (uint64_t m = logic_missing(L, a) & changed; m; m &= m - 1) {
            int d0 = lowest_bit(m);
            uint64_t places = tab[(size_t)a * n + (size_t)d0];
            if (!places)
                continue;
            uint64_t pairs = ~(uint64_t)0;
            for (uint64_t q = places; q && pairs; q &= q - 1)
                pairs &= at[lowest_bit(q)];
            for (uint64_t q = pairs; q; q &= q - 1) {
                int j = lowest_bit(q);
                hits[j] = (any >> j & 1 ? hits[j] : 0) | (uint64_t)1 << d0;
                any |= (uint64_t)1 << j;
            }
        }
        for (; any; any &= any - 1) {
            int j = lowest_bit(any);
            const house_pair *hp = &L->locked_pairs[p + j];
            for (uint64_t m = hits[j]; m; m &= m - 1) {
                int d0 = lowest_bit(m);
                if (found_in(L, st, hp, d0 + 1, tab[(size_t)a * n + (size_t)d0], direct))
                    return 1;
            }
        }
    }
    return 0;
}

/* A step of any of the four depends on one symbol's candidates alone: the
 * symbols whose candidates have not changed since the technique last found
 * nothing are passed over (the quiet memory, logic.c). */
static int locked(sudoku_logic *L, sudoku_step *st, int pointing, int direct)
{
    uint64_t since = logic_quiet_since(L, st), changed = 0;
    for (int d = 1; d <= L->n; d++)
        if (logic_digit_changed(L, d, since))
            changed |= digit_bit(d);
    if (!changed)
        return 0;
    int from = pointing ? 0 : L->nlocked_pointing, to = pointing ? L->nlocked_pointing : L->npairs;
    if (L->locked_at) {
        if (locked_by_house(L, st, from, to, changed, direct))
            return 1;
    } else {
        const uint64_t *tab = logic_places_table(L);
        size_t n = (size_t)L->n;
        for (int p = from; p < to; p++) {
            const house_pair *hp = &L->locked_pairs[p];
            uint64_t missing = logic_missing(L, hp->a) & changed;
            while (missing) {
                int digit = lowest_bit(missing) + 1;
                missing &= missing - 1;
                uint64_t in_a = tab[(size_t)hp->a * n + (size_t)(digit - 1)];
                if (!in_a || (in_a & ~hp->in_a))
                    continue;
                if (found_in(L, st, hp, digit, in_a, direct))
                    return 1;
            }
        }
    }
    st->nelims = 0;
    st->more_elims = 0;
    logic_quiet(L, st);
    return 0;
}

int find_direct_pointing(sudoku_logic *L, sudoku_step *st)
{
    return locked(L, st, 1, 1);
}

int find_direct_claiming(sudoku_logic *L, sudoku_step *st)
{
    return locked(L, st, 0, 1);
}

int find_pointing(sudoku_logic *L, sudoku_step *st)
{
    return locked(L, st, 1, 0);
}

int find_claiming(sudoku_logic *L, sudoku_step *st)
{
    return locked(L, st, 0, 0);
}
