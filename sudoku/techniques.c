/* SPDX-License-Identifier: MIT */
/* techniques.c - the table of techniques (name, identifier, difficulty on
 * the Sudoku Explainer scale, finder) in the order the solver tries them,
 * and the helpers every finder uses to fill a sudoku_step.
 *
 * The difficulties are Sudoku Explainer 1.2.1's, as listed in "Difficulty
 * ratings in Sudoku Explainer v1.2.1" (SukakuExplainer wiki, github.com/
 * SudokuMonster/SukakuExplainer/wiki); simple colouring and the W-wing are
 * not Sudoku Explainer techniques and sit where it rates the chains they
 * are short cases of (docs/rating.md says more). */
#include "logic_internal.h"

#include <stddef.h>

typedef struct technique_info {
    const char *name;
    const char *id;
    int rating;
    technique_fn find;
} technique_info;

/* Indexed by enum sudoku_technique; the enum's order is the search order. */
static const technique_info TECHNIQUES[SUDOKU_TECHNIQUE_COUNT] = {
    [SUDOKU_FULL_HOUSE] = {"full house", "full-house", 10, find_full_house},
    [SUDOKU_HIDDEN_SINGLE_BOX] = {"hidden single", "hidden-single-box", 12,
                                  find_hidden_single_box},
    [SUDOKU_HIDDEN_SINGLE_LINE] = {"hidden single", "hidden-single-line", 15,
                                   find_hidden_single_line},
    [SUDOKU_DIRECT_POINTING] = {"direct pointing", "direct-pointing", 17, find_direct_pointing},
    [SUDOKU_DIRECT_CLAIMING] = {"direct claiming", "direct-claiming", 19, find_direct_claiming},
    [SUDOKU_DIRECT_HIDDEN_PAIR] = {"direct hidden pair", "direct-hidden-pair", 20,
                                   find_direct_hidden_pair},
    [SUDOKU_NAKED_SINGLE] = {"naked single", "naked-single", 23, find_naked_single},
    [SUDOKU_DIRECT_HIDDEN_TRIPLE] = {"direct hidden triple", "direct-hidden-triple", 25,
                                     find_direct_hidden_triple},
    [SUDOKU_POINTING] = {"pointing", "pointing", 26, find_pointing},
    [SUDOKU_CLAIMING] = {"claiming", "claiming", 28, find_claiming},
    [SUDOKU_NAKED_PAIR] = {"naked pair", "naked-pair", 30, find_naked_pair},
    [SUDOKU_X_WING] = {"X-wing", "x-wing", 32, find_x_wing},
    [SUDOKU_HIDDEN_PAIR] = {"hidden pair", "hidden-pair", 34, find_hidden_pair},
    [SUDOKU_NAKED_TRIPLE] = {"naked triple", "naked-triple", 36, find_naked_triple},
    [SUDOKU_SWORDFISH] = {"swordfish", "swordfish", 38, find_swordfish},
    [SUDOKU_HIDDEN_TRIPLE] = {"hidden triple", "hidden-triple", 40, find_hidden_triple},
    [SUDOKU_XY_WING] = {"XY-wing", "xy-wing", 42, find_xy_wing},
    [SUDOKU_XYZ_WING] = {"XYZ-wing", "xyz-wing", 44, find_xyz_wing},
    [SUDOKU_UNIQUE_RECTANGLE] = {"unique rectangle", "unique-rectangle", 45,
                                 find_unique_rectangle},
    [SUDOKU_NAKED_QUAD] = {"naked quad", "naked-quad", 50, find_naked_quad},
    [SUDOKU_JELLYFISH] = {"jellyfish", "jellyfish", 52, find_jellyfish},
    [SUDOKU_HIDDEN_QUAD] = {"hidden quad", "hidden-quad", 54, find_hidden_quad},
    [SUDOKU_BUG] = {"bivalue universal grave", "bug", 56, find_bug},
    [SUDOKU_ALIGNED_PAIR] = {"aligned pair exclusion", "aligned-pair", 62, find_aligned_pair},
    [SUDOKU_SIMPLE_COLOURING] = {"simple colouring", "simple-colouring", 65,
                                 find_simple_colouring},
    [SUDOKU_W_WING] = {"W-wing", "w-wing", 66, find_w_wing},
    [SUDOKU_FORCING_CHAIN] = {"forcing chain", "forcing-chain", 65, find_forcing_chain},
    [SUDOKU_ALIGNED_TRIPLE] = {"aligned triplet exclusion", "aligned-triple", 75,
                               find_aligned_triple},
    [SUDOKU_NISHIO] = {"nishio", "nishio", 75, find_nishio},
    [SUDOKU_MULTIPLE_CHAIN] = {"multiple forcing chain", "multiple-chain", 80,
                               find_multiple_chain},
    [SUDOKU_DYNAMIC_CHAIN] = {"dynamic forcing chain", "dynamic-chain", 85, find_dynamic_chain},
    [SUDOKU_DYNAMIC_CHAIN_PLUS] = {"dynamic forcing chain (+)", "dynamic-chain-plus", 90,
                                   find_dynamic_chain_plus},
    [SUDOKU_NESTED_FORCING_CHAIN] = {"dynamic forcing chain (+ forcing chains)",
                                     "nested-forcing-chain", 95, find_nested_forcing_chain},
    [SUDOKU_NESTED_MULTIPLE_CHAIN] = {"dynamic forcing chain (+ multiple forcing chains)",
                                      "nested-multiple-chain", 100, find_nested_multiple_chain},
    [SUDOKU_NESTED_DYNAMIC_CHAIN] = {"dynamic forcing chain (+ dynamic forcing chains)",
                                     "nested-dynamic-chain", 105, find_nested_dynamic_chain},
    [SUDOKU_GUESS] = {"guess", "guess", 0, find_guess},
};

const char *sudoku_technique_name(int t)
{
    return t >= 0 && t < SUDOKU_TECHNIQUE_COUNT ? TECHNIQUES[t].name : "?";
}

const char *sudoku_technique_id(int t)
{
    return t >= 0 && t < SUDOKU_TECHNIQUE_COUNT ? TECHNIQUES[t].id : "?";
}

int sudoku_technique_rating(int t)
{
    return t >= 0 && t < SUDOKU_TECHNIQUE_COUNT ? TECHNIQUES[t].rating : 0;
}

technique_fn technique_finder(int t)
{
    return t >= 0 && t < SUDOKU_TECHNIQUE_COUNT ? TECHNIQUES[t].find : NULL;
}

void step_begin(sudoku_step *st, int technique)
{
    st->technique = technique;
    st->rating = sudoku_technique_rating(technique);
    st->cell = -1;
    st->digit = 0;
    st->house = -1;
    st->digits = 0;
    st->ncells = 0;
    st->nhouses = 0;
    st->nbase = 0;
    st->nelims = 0;
    st->more_elims = 0;
    st->candidates = 0;
}

void step_add_cell(sudoku_step *st, int cell, int role)
{
    if (st->ncells < SUDOKU_STEP_MAX_CELLS) {
        st->cells[st->ncells] = cell;
        st->role[st->ncells] = (uint8_t)role;
        st->ncells++;
    }
}

void step_add_house(sudoku_step *st, int house)
{
    if (st->nhouses < SUDOKU_STEP_MAX_HOUSES)
        st->houses[st->nhouses++] = house;
}

void step_add_elim(sudoku_step *st, int cell, int digit, int because0, int because1)
{
    for (int k = 0; k < st->nelims; k++)
        if (st->elims[k].cell == cell && st->elims[k].digit == digit)
            return;
    if (st->nelims == SUDOKU_STEP_MAX_ELIMS) {
        st->more_elims = 1;
        return;
    }
    sudoku_elim *e = &st->elims[st->nelims++];
    e->cell = cell;
    e->digit = digit;
    e->because[0] = because0;
    e->because[1] = because1;
}

void step_place(sudoku_step *st, int cell, int digit, int house)
{
    st->cell = cell;
    st->digit = digit;
    st->house = house;
}

int step_elim_seeing_all(sudoku_logic *L, sudoku_step *st, const int32_t *cells, int count,
                         int digit, int because0, int because1)
{
    uint64_t bit = digit_bit(digit);
    int before = st->nelims;
    int32_t stamp = logic_new_stamp(L);
    for (int k = 0; k < count; k++)
        L->mark[cells[k]] = stamp;
    /* candidates for the elimination: the peers of the first cell */
    int nh;
    const int32_t *hs = logic_houses_of(L, cells[0], &nh);
    for (int j = 0; j < nh; j++)
        for (int k = 0; k < L->n; k++) {
            int c = logic_house_cell(L, hs[j], k);
            if (L->mark[c] == stamp || !(L->cand[c] & bit))
                continue;
            L->mark[c] = stamp; /* each cell once, in whichever house came first */
            int all = 1;
            for (int m = 1; m < count && all; m++)
                all = logic_sees(L, c, cells[m]);
            if (all)
                step_add_elim(st, c, digit, because0, because1);
        }
    return st->nelims - before;
}
