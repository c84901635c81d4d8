/* SPDX-License-Identifier: MIT */
/* tech_subsets.c - naked and hidden subsets (pairs, triples, quads) in any
 * house. Naked: k blank cells of a house whose candidates together are k
 * symbols hold those symbols, so no other cell of the house can. Hidden: k
 * symbols whose places in a house are together k cells fill those cells, so
 * the cells lose every other candidate. A direct hidden pair or triple is
 * one whose eliminations leave a hidden single of another symbol in the
 * same house; the step places it too. */
#include "logic_internal.h"

/* One search for a subset of size k in house h. The members are either
 * cells (naked: each member's mask is its candidates) or symbols (hidden:
 * each member's mask is its places in the house); a subset is k members
 * whose masks together have k bits. */
typedef struct subset_search {
    sudoku_logic *L;
    sudoku_step *st;
    int h, k, hidden, direct;
    int count;                   /* members that can take part */
    int32_t member[SUDOKU_MAX_N];/* cell positions (naked) or symbols (hidden) */
    uint64_t mask[SUDOKU_MAX_N];
    int chosen[4];
} subset_search;

/* After the eliminations recorded in st (all in house h), a symbol outside
 * the subset with one place left in h: the direct forms' single. */
static int direct_single(subset_search *s, uint64_t subset_digits)
{
    sudoku_logic *L = s->L;
    uint64_t missing = logic_missing(L, s->h) & ~subset_digits;
    while (missing) {
        int digit = lowest_bit(missing) + 1;
        missing &= missing - 1;
        int only = -1, count = 0;
        for (int k = 0; k < L->n && count < 2; k++) {
            int c = logic_house_cell(L, s->h, k);
            if (!(L->cand[c] & digit_bit(digit)))
                continue;
            int gone = 0;
            for (int e = 0; e < s->st->nelims && !gone; e++)
                gone = s->st->elims[e].cell == c && s->st->elims[e].digit == digit;
            if (!gone) {
                only = c;
                count++;
            }
        }
        if (count == 1) {
            step_place(s->st, only, digit, s->h);
            return 1;
        }
    }
    return 0;
}

/* The chosen members make a subset: record the step if it eliminates
 * anything (and, for the direct forms, leaves a single). */
static int try_subset(subset_search *s, uint64_t acc)
{
    sudoku_logic *L = s->L;
    sudoku_step *st = s->st;
    st->nelims = 0;
    st->more_elims = 0;
    st->ncells = 0;
    uint64_t digits = 0;
    if (!s->hidden) {
        /* acc: the symbols; the other cells of the house lose them */
        uint64_t in = 0;
        for (int j = 0; j < s->k; j++)
            in |= (uint64_t)1 << s->member[s->chosen[j]];
        for (int k = 0; k < L->n; k++) {
            int c = logic_house_cell(L, s->h, k);
            if ((in >> k) & 1)
                continue;
            for (uint64_t m = L->cand[c] & acc; m; m &= m - 1)
                step_add_elim(st, c, lowest_bit(m) + 1, -1, -1);
        }
        digits = acc;
        for (int j = 0; j < s->k; j++)
            step_add_cell(st, logic_house_cell(L, s->h, s->member[s->chosen[j]]), 0);
    } else {
        /* acc: the cells' positions; they lose every other symbol */
        for (int j = 0; j < s->k; j++)
            digits |= digit_bit(s->member[s->chosen[j]]);
        for (uint64_t p = acc; p; p &= p - 1) {
            int c = logic_house_cell(L, s->h, lowest_bit(p));
            step_add_cell(st, c, 0);
            for (uint64_t m = L->cand[c] & ~digits; m; m &= m - 1)
                step_add_elim(st, c, lowest_bit(m) + 1, -1, -1);
        }
    }
    if (st->nelims == 0)
        return 0;
    if (s->direct && !direct_single(s, digits))
        return 0;
    st->digits = digits;
    st->nhouses = 0;
    step_add_house(st, s->h);
    return 1;
}

/* Chooses members start.. for slot depth, keeping the union at k bits or
 * fewer. */
static int choose(subset_search *s, int start, int depth, uint64_t acc)
{
    if (s->k == 2) {
        /* every member has two bits: a pair is two equal masks, in the
         * same order as below */
        for (int i = 0; i < s->count - 1; i++)
            for (int j = i + 1; j < s->count; j++)
                if (s->mask[j] == s->mask[i]) {
                    s->chosen[0] = i;
                    s->chosen[1] = j;
                    if (try_subset(s, s->mask[i]))
                        return 1;
                }
        return 0;
    }
    if (s->k == 3) { /* the same as below, without the calls */
        for (int i = 0; i < s->count - 2; i++)
            for (int j = i + 1; j < s->count - 1; j++) {
                uint64_t two = s->mask[i] | s->mask[j];
                if (popcount64(two) > 3)
                    continue;
                for (int l = j + 1; l < s->count; l++) {
                    uint64_t three = two | s->mask[l];
                    if (popcount64(three) != 3)
                        continue;
                    s->chosen[0] = i;
                    s->chosen[1] = j;
                    s->chosen[2] = l;
                    if (try_subset(s, three))
                        return 1;
                }
            }
        return 0;
    }
    if (depth == s->k)
        return popcount64(acc) == s->k && try_subset(s, acc);
    for (int i = start; i <= s->count - (s->k - depth); i++) {
        uint64_t next = acc | s->mask[i];
        if (popcount64(next) > s->k)
            continue;
        s->chosen[depth] = i;
        if (choose(s, i + 1, depth + 1, next))
            return 1;
    }
    return 0;
}

static int subsets(sudoku_logic *L, sudoku_step *st, int k, int hidden, int direct)
{
    subset_search s;
    s.L = L;
    s.st = st;
    s.k = k;
    s.hidden = hidden;
    s.direct = direct;
    /* a subset (and the direct forms' single) lies in one house: those
     * unchanged since the technique last found nothing are passed over */
    uint64_t since = logic_quiet_since(L, st);
    for (int h = 0; h < L->house_count; h++) {
        if (!logic_house_changed(L, h, since))
            continue;
        s.h = h;
        s.count = 0;
        int blanks = 0;
        if (!hidden) {
            for (int p = 0; p < L->n; p++) {
                int c = logic_house_cell(L, h, p);
                if (L->value[c])
                    continue;
                blanks++;
                int size = popcount64(L->cand[c]);
                if (size >= 2 && size <= k) {
                    s.member[s.count] = p;
                    s.mask[s.count++] = L->cand[c];
                }
            }
        } else {
            uint64_t missing = logic_missing(L, h);
            const uint64_t *all = logic_places_table(L) + (size_t)h * (size_t)L->n;
            blanks = popcount64(missing);
            for (; missing; missing &= missing - 1) {
                int digit = lowest_bit(missing) + 1;
                uint64_t places = all[digit - 1];
                int size = popcount64(places);
                if (size >= 2 && size <= k) {
                    s.member[s.count] = digit;
                    s.mask[s.count++] = places;
                }
            }
        }
        /* Which houses are searched, as in Sudoku Explainer: the direct
         * forms need more blanks than the subset has; the plain naked ones
         * at least twice as many, the plain hidden ones more than twice,
         * since the rest of such a house is the complementary subset of
         * the other kind, which is the one found (a naked pair in a house
         * of five blanks, not a hidden triple). */
        int enough = direct ? blanks > k : hidden ? blanks > 2 * k : blanks >= 2 * k;
        if (enough && s.count >= k && choose(&s, 0, 0, 0))
            return 1;
    }
    st->nelims = 0;
    st->ncells = 0;
    st->more_elims = 0;
    st->cell = -1;
    logic_quiet(L, st);
    return 0;
}

int find_direct_hidden_pair(sudoku_logic *L, sudoku_step *st)
{
    return subsets(L, st, 2, 1, 1);
}

int find_direct_hidden_triple(sudoku_logic *L, sudoku_step *st)
{
    return subsets(L, st, 3, 1, 1);
}

int find_naked_pair(sudoku_logic *L, sudoku_step *st)
{
    return subsets(L, st, 2, 0, 0);
}

int find_naked_triple(sudoku_logic *L, sudoku_step *st)
{
    return subsets(L, st, 3, 0, 0);
}

int find_naked_quad(sudoku_logic *L, sudoku_step *st)
{
    return subsets(L, st, 4, 0, 0);
}

int find_hidden_pair(sudoku_logic *L, sudoku_step *st)
{
    return subsets(L, st, 2, 1, 0);
}

int find_hidden_triple(sudoku_logic *L, sudoku_step *st)
{
    return subsets(L, st, 3, 1, 0);
}

int find_hidden_quad(sudoku_logic *L, sudoku_step *st)
{
    return subsets(L, st, 4, 1, 0);
}
