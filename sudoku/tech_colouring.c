/* SPDX-License-Identifier: MIT */
/* tech_colouring.c - simple colouring, one symbol at a time. A house where
 * the symbol has exactly two places is a strong link: one of the two holds
 * it. Following strong links from cell to cell and giving the cells two
 * colours in turn, all the cells of one colour hold the symbol, or all of
 * the other do. Two rules follow:
 *   wrap: two cells of one colour see each other, so that colour is false
 *         and every cell of it loses the symbol;
 *   trap: a cell outside the chain that sees a cell of each colour sees the
 *         symbol either way, and loses it.
 * It is the single-symbol case of Sudoku Explainer's X-chains and
 * X-cycles. */
#include "logic_internal.h"

/* Colours the strong-link component that contains start (the links of the
 * symbol whose places are in L->house_places) into L->colour (0/1) and
 * lists it in L->list; returns its size. */
static int colour_component(sudoku_logic *L, int start)
{
    int head = 0, tail = 0;
    L->colour[start] = 0;
    L->list[tail++] = start;
    while (head < tail) {
        int c = L->list[head++];
        int nh;
        const int32_t *hs = logic_houses_of(L, c, &nh);
        for (int j = 0; j < nh; j++) {
            uint64_t places = L->house_places[hs[j]];
            if (popcount64(places) != 2)
                continue;
            int p = logic_house_cell(L, hs[j], lowest_bit(places));
            int q = logic_house_cell(L, hs[j], lowest_bit(places & (places - 1)));
            int other = p == c ? q : p;
            if (L->colour[other] < 0) {
                L->colour[other] = (int8_t)(1 - L->colour[c]);
                L->list[tail++] = other;
            }
        }
    }
    return tail;
}

static void record_chain(sudoku_logic *L, sudoku_step *st, int digit, int size)
{
    st->digits = digit_bit(digit);
    st->ncells = 0;
    for (int k = 0; k < size; k++)
        step_add_cell(st, L->list[k], L->colour[L->list[k]]);
}

/* The wrap: two cells of one colour that see each other. */
static int wrap(sudoku_logic *L, sudoku_step *st, int digit, int size)
{
    for (int i = 0; i < size; i++)
        for (int j = i + 1; j < size; j++) {
            int a = L->list[i], b = L->list[j];
            if (L->colour[a] != L->colour[b] || !logic_sees(L, a, b))
                continue;
            st->nelims = 0;
            for (int k = 0; k < size; k++)
                if (L->colour[L->list[k]] == L->colour[a])
                    step_add_elim(st, L->list[k], digit, a, b);
            record_chain(L, st, digit, size);
            return 1;
        }
    return 0;
}

/* The trap: cells off the chain that see both colours. */
static int trap(sudoku_logic *L, sudoku_step *st, int digit, int size)
{
    uint64_t bit = digit_bit(digit);
    st->nelims = 0;
    for (int c = 0; c < L->cells; c++) {
        if (!(L->cand[c] & bit) || L->colour[c] == 0 || L->colour[c] == 1)
            continue; /* not the symbol's, or on the chain */
        int seen[2] = {-1, -1};
        for (int k = 0; k < size && (seen[0] < 0 || seen[1] < 0); k++) {
            int m = L->list[k];
            if (seen[L->colour[m]] < 0 && logic_sees(L, c, m))
                seen[L->colour[m]] = m;
        }
        if (seen[0] >= 0 && seen[1] >= 0)
            step_add_elim(st, c, digit, seen[0], seen[1]);
    }
    if (st->nelims == 0)
        return 0;
    record_chain(L, st, digit, size);
    return 1;
}

int find_simple_colouring(sudoku_logic *L, sudoku_step *st)
{
    for (int digit = 1; digit <= L->n; digit++) {
        for (int h = 0; h < L->house_count; h++)
            L->house_places[h] = logic_places(L, h, digit);
        for (int c = 0; c < L->cells; c++)
            L->colour[c] = -1;
        uint64_t bit = digit_bit(digit);
        for (int start = 0; start < L->cells; start++) {
            if (!(L->cand[start] & bit) || L->colour[start] >= 0)
                continue;
            int size = colour_component(L, start);
            if (size < 2)
                continue;
            if (wrap(L, st, digit, size) || trap(L, st, digit, size))
                return 1;
            /* done with this chain: its cells stay visited (2 and 3) but
             * are off-chain cells, open to traps, for the next one */
            for (int k = 0; k < size; k++)
                L->colour[L->list[k]] += 2;
        }
    }
    st->nelims = 0;
    return 0;
}
