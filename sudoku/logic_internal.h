/* SPDX-License-Identifier: MIT */
/* logic_internal.h - what the human-style solver's files share and nobody
 * else sees: the sudoku_logic handle (a grid of values and candidates over
 * a solver's house lists), the candidate-grid primitives (candidates.c), the
 * helpers that fill a sudoku_step, and one finder per technique (tech_*.c),
 * listed in the table of techniques.c. Not installed; not part of the API. */
#ifndef SUDOKU_LOGIC_INTERNAL_H
#define SUDOKU_LOGIC_INTERNAL_H

#include "sudoku_internal.h"

#include <stdint.h>

/* What a house is, for the techniques that care: hidden singles in a box
 * rate lower than in a line, pointing starts from a box-like house and
 * claiming from a line-like one, fish take rows and columns. */
enum house_kind { HOUSE_ROW, HOUSE_COLUMN, HOUSE_BOX, HOUSE_DIAGONAL, HOUSE_WINDOW };

/* Box-like: boxes, jigsaw regions, hyper windows. Line-like: the rest. */
#define HOUSE_IS_BOXLIKE(kind) ((kind) == HOUSE_BOX || (kind) == HOUSE_WINDOW)

/* Two houses that share two or more cells, where a symbol can be locked:
 * in_a and in_b are the positions of the shared cells within a and within b
 * (bit k for house_cells[h * n + k]). Both orders are listed. */
typedef struct house_pair {
    int32_t a, b;
    uint64_t in_a, in_b;
} house_pair;

/* The chains' engine (tech_chains.c): made at its first use, freed with the
 * handle. */
typedef struct chain_engine chain_engine;
void chain_engine_free(chain_engine *E);
/* The aligned exclusions' memory of the cells that took nothing
 * (tech_aligned.c): made at its first use, freed with the handle. */
typedef struct aligned_memo aligned_memo;
void aligned_memo_free(aligned_memo *M);

struct sudoku_logic {
    sudoku_solver *solver;       /* dlx: the houses and the solution (owned) */
    sudoku_solver *counter;      /* band, for the plain 9x9: the same solution,
                                    found faster (owned; NULL: dlx counts) */
    int n, cells, house_count, per_cell;
    uint64_t full;               /* the n symbols' bits */
    const int32_t *house_cells;  /* the solver's: house_count * n cells */
    const int32_t *cell_houses;  /* the solver's: cells * per_cell, -1 padded */
    const uint8_t *cell_house_count;
    uint8_t *house_kind;         /* house_count (owned) */
    int32_t *houses_by_kind;     /* house_count (owned): the box-like houses in
                                    order, then the line-like ones */
    int nboxlike;
    int32_t *peers;              /* cells * max_peers (owned; NULL on grids over
                                    1,024 cells): the cells sharing a house with
                                    each, each once; npeers of them */
    int32_t *npeers;
    uint64_t *peer_sets;         /* cells * 2 (owned; NULL over 128 cells): the
                                    peers of each cell as a set, two words */
    int max_peers;
    house_pair *pairs;           /* npairs (owned) */
    int npairs;
    house_pair *locked_pairs;    /* npairs (owned): the pairs whose house a is
                                    box-like (nlocked_pointing), then the
                                    others, each in the pairs' order */
    int nlocked_pointing;
    uint64_t *locked_at;         /* house_count * n (owned; NULL when a house
                                    is a of over 64 pairs): for position k of
                                    house a, the pairs of a (bit j: the j-th
                                    in locked_pairs) whose shared cells hold it */
    uint8_t *cell_pos;           /* cells * per_cell (owned): the position of
                                    each cell in each of its houses */

    /* The grid: what the steps change. */
    uint8_t *value;              /* cells: 0 blank, else the symbol */
    uint64_t *cand;              /* cells: candidates of a blank, 0 when filled */
    uint64_t *have;              /* house_count: the symbols placed in each house */
    int blanks;
    int started;
    int oom;                     /* a finder ran out of memory: its answer cannot be
                                    trusted (sudoku_logic_next() says SUDOKU_ENOMEM) */
    uint8_t *solution;           /* cells: the first solution (owned) */
    int solutions;               /* 0, 1, 2 (several) */
    int holds;                   /* the grid was seen to hold `solution`, and has
                                    changed since only by sudoku_logic_apply()
                                    steps that keep it (or by changes undone) */
    uint64_t allowed;            /* techniques sudoku_logic_next() may use */

    /* Where the finders need not look again (see "the quiet memory" in
     * logic.c): the grid's version, raised by every change; the version of
     * the last change in each house and to each symbol's candidates; for
     * each technique the version at which it last found nothing (0: not
     * known), and the version places_tab was made for (0: none). */
    uint64_t version;
    uint64_t *house_version;     /* house_count */
    uint64_t digit_version[SUDOKU_MAX_N];
    uint64_t quiet[SUDOKU_TECHNIQUE_COUNT];
    uint64_t places_version;
    uint64_t placed_version;     /* the last placement (it changes most houses:
                                    their versions do not follow it) */
    uint64_t *one_blank;         /* a bit a house (house_count, in 64-bit words):
                                    those missing one symbol */

    /* Scratch for the finders, sized once. */
    int32_t *mark;               /* cells: stamps for "seen in this search" */
    int32_t stamp;
    int32_t *list;               /* cells */
    int32_t *list2;              /* cells */
    int8_t *colour;              /* cells */
    uint64_t *house_places;      /* house_count: one symbol's places per house */
    uint64_t *places_tab;        /* house_count * n: logic_places_all()'s table */
    uint8_t *save_value;         /* cells: the grid kept while rating.c tries */
    uint64_t *save_cand;         /* cells */
    uint64_t *save_have;         /* house_count */
    sudoku_step *scratch_step;   /* a step a finder builds before it knows it is best */
    chain_engine *chains;        /* NULL until a chain is looked for (owned) */
    uint64_t *aligned_ex;        /* tech_aligned.c's excluder sets, made at first use */
    aligned_memo *aligned_memo;  /* tech_aligned.c's failed sets of cells (owned) */
    int32_t *loop_moves;         /* tech_rectangle.c's houses of each cell in the
                                    order its loop search takes them, made at
                                    first use (owned) */
    uint8_t *loop_move_kind;     /* their kinds (owned) */
    uint64_t *loop_memo;         /* tech_rectangle.c's pairs without a loop
                                    (owned; NULL until used) */
    uint64_t *loop_masks;        /* its cell sets of each house, then of the
                                    houses of each cell, two words apiece
                                    (owned; NULL: over 128 cells, or a house
                                    not in the order of its cells) */
};

/* --- candidates.c: the grid ------------------------------------------------ */

/* Sets the grid to the givens (already checked free of clashes): each blank
 * gets every symbol its houses do not hold. */
void logic_load(sudoku_logic *L, const uint8_t *givens);
/* Places digit in a blank cell and takes it from the candidates of every
 * cell that shares a house with it. */
void logic_place(sudoku_logic *L, int cell, int digit);
/* The positions in house h (bit k for its k-th cell) of the blank cells that
 * have digit as a candidate. */
uint64_t logic_places(const sudoku_logic *L, int h, int digit);
/* The same for every house and symbol at once, into tab[h * n + digit - 1]
 * (house_count * n words): one walk of the houses' cells, for a finder
 * that asks for most of them (locked candidates asked for each box's
 * places once per line it crosses). */
void logic_places_all(const sudoku_logic *L, uint64_t *tab);
/* The places of every symbol in house h, into out[digit - 1] (n words). */
void logic_house_places(const sudoku_logic *L, int h, uint64_t *out);
/* The symbols not yet placed in house h. */
uint64_t logic_missing(const sudoku_logic *L, int h);
/* 1 when a != b share a house. */
int logic_sees(const sudoku_logic *L, int a, int b);
/* Naked and hidden singles until nothing changes: 1 when the grid breaks
 * (a blank without candidate, a symbol without place in a house), else 0;
 * *placed counts the placements. The guess estimate's trials and the
 * generator's quick uniqueness proof for large grids. */
int logic_singles(sudoku_logic *L, int *placed);
/* The quiet memory (logic.c). logic_forget(): the grid changed in a way not
 * recorded (loaded, put back): every finder searches it all again. */
void logic_forget(sudoku_logic *L);
/* The version since which the step's technique has found nothing (0: not
 * known): a finder whose answer in a house (or for a symbol) depends on
 * that house's cells (that symbol's candidates) alone looks only where
 * something changed since. logic_quiet() records that it found nothing. */
static inline uint64_t logic_quiet_since(const sudoku_logic *L, const sudoku_step *st)
{
    return L->quiet[st->technique];
}
static inline void logic_quiet(sudoku_logic *L, const sudoku_step *st)
{
    L->quiet[st->technique] = L->version;
}
/* Did house h (symbol digit) change after version since (0: anything)? */
static inline int logic_house_changed(const sudoku_logic *L, int h, uint64_t since)
{
    return !since || L->house_version[h] > since || L->placed_version > since;
}
static inline int logic_digit_changed(const sudoku_logic *L, int digit, uint64_t since)
{
    return !since || L->digit_version[digit - 1] > since;
}
/* Candidate d0 (0-based) has left cell at version v (sudoku_logic_apply():
 * a placement marks every house and its cell's symbols at once). */
static inline void logic_drop(sudoku_logic *L, int cell, int d0, uint64_t v)
{
    const int32_t *hs = L->cell_houses + (size_t)cell * (size_t)L->per_cell;
    L->digit_version[d0] = v;
    for (int j = 0; j < L->cell_house_count[cell]; j++)
        L->house_version[hs[j]] = v;
}
/* House h's bit in one_blank, from what it holds. */
static inline void logic_mark_blanks(sudoku_logic *L, int h)
{
    uint64_t missing = L->full & ~L->have[h], w = (uint64_t)1 << (h & 63);
    if (missing && !(missing & (missing - 1)))
        L->one_blank[h >> 6] |= w;
    else
        L->one_blank[h >> 6] &= ~w;
}
/* L->places_tab for the grid as it is (logic_places_all()'s table, made
 * again only when the grid has changed since). */
const uint64_t *logic_places_table(sudoku_logic *L);
/* Takes the symbols `digits` from cell's places in that table. */
void logic_places_drop(sudoku_logic *L, int cell, uint64_t digits);
/* A new stamp for L->mark: cells marked with it are "in the current set". */
int32_t logic_new_stamp(sudoku_logic *L);
/* The houses of cell, and how many. */
static inline const int32_t *logic_houses_of(const sudoku_logic *L, int cell, int *count)
{
    *count = L->cell_house_count[cell];
    return L->cell_houses + (size_t)cell * (size_t)L->per_cell;
}
/* The k-th cell of house h. */
static inline int logic_house_cell(const sudoku_logic *L, int h, int k)
{
    return L->house_cells[(size_t)h * (size_t)L->n + (size_t)k];
}

/* The bits set in each byte value (logic.c). */
extern const uint8_t logic_bit_count[256];

/* Without a popcount instruction in the baseline target, the builtin is a
 * library call; this is inlined (the chains count bits in their inner
 * loops). Sets of up to 16 symbols or places, most of those counted, take
 * two loads from a table of bytes (60 top1465 puzzles: 1.550 G -> 1.525 G
 * instructions). */
static inline int popcount64(uint64_t x)
{
#if defined(__POPCNT__)
    return __builtin_popcountll(x);
#else
    if (x < 0x10000)
        return logic_bit_count[x & 0xff] + logic_bit_count[x >> 8];
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (int)((x * 0x0101010101010101ull) >> 56);
#endif
}
static inline int lowest_bit(uint64_t x)
{
    return __builtin_ctzll(x);
}
static inline uint64_t digit_bit(int digit)
{
    return (uint64_t)1 << (digit - 1);
}

/* --- techniques.c: steps and the table of finders ---------------------------- */

/* A finder looks for one step of its technique on L's grid and fills *st
 * (already cleared by step_begin()). 1 found, 0 none. It changes nothing but
 * L's scratch. */
typedef int (*technique_fn)(sudoku_logic *L, sudoku_step *st);

/* Clears *st for technique t: no cell, no house, no elimination. */
void step_begin(sudoku_step *st, int technique);
void step_add_cell(sudoku_step *st, int cell, int role);
void step_add_house(sudoku_step *st, int house);
/* Records the removal of digit from cell (a blank that has it), unless it is
 * already recorded; because0/1 as in sudoku_elim. */
void step_add_elim(sudoku_step *st, int cell, int digit, int because0, int because1);
/* Records the placement, and the house that makes it a single (-1: none). */
void step_place(sudoku_step *st, int cell, int digit, int house);

/* Every cell that sees all of cells[0..count-1] and has digit (and is not
 * one of them) loses it: the eliminations of wings and the rectangle.
 * Returns how many. */
int step_elim_seeing_all(sudoku_logic *L, sudoku_step *st, const int32_t *cells, int count,
                         int digit, int because0, int because1);

/* tech_singles.c */
int find_full_house(sudoku_logic *L, sudoku_step *st);
int find_hidden_single_box(sudoku_logic *L, sudoku_step *st);
int find_hidden_single_line(sudoku_logic *L, sudoku_step *st);
int find_naked_single(sudoku_logic *L, sudoku_step *st);
/* tech_locked.c */
int find_direct_pointing(sudoku_logic *L, sudoku_step *st);
int find_direct_claiming(sudoku_logic *L, sudoku_step *st);
int find_pointing(sudoku_logic *L, sudoku_step *st);
int find_claiming(sudoku_logic *L, sudoku_step *st);
/* tech_subsets.c */
int find_direct_hidden_pair(sudoku_logic *L, sudoku_step *st);
int find_direct_hidden_triple(sudoku_logic *L, sudoku_step *st);
int find_naked_pair(sudoku_logic *L, sudoku_step *st);
int find_naked_triple(sudoku_logic *L, sudoku_step *st);
int find_naked_quad(sudoku_logic *L, sudoku_step *st);
int find_hidden_pair(sudoku_logic *L, sudoku_step *st);
int find_hidden_triple(sudoku_logic *L, sudoku_step *st);
int find_hidden_quad(sudoku_logic *L, sudoku_step *st);
/* tech_fish.c */
int find_x_wing(sudoku_logic *L, sudoku_step *st);
int find_swordfish(sudoku_logic *L, sudoku_step *st);
int find_jellyfish(sudoku_logic *L, sudoku_step *st);
/* tech_wings.c */
int find_xy_wing(sudoku_logic *L, sudoku_step *st);
int find_xyz_wing(sudoku_logic *L, sudoku_step *st);
int find_w_wing(sudoku_logic *L, sudoku_step *st);
/* tech_colouring.c */
int find_simple_colouring(sudoku_logic *L, sudoku_step *st);
/* tech_rectangle.c */
int find_unique_rectangle(sudoku_logic *L, sudoku_step *st);
/* tech_bug.c */
int find_bug(sudoku_logic *L, sudoku_step *st);
/* tech_aligned.c */
int find_aligned_pair(sudoku_logic *L, sudoku_step *st);
int find_aligned_triple(sudoku_logic *L, sudoku_step *st);
/* tech_chains.c */
int find_forcing_chain(sudoku_logic *L, sudoku_step *st);
int find_nishio(sudoku_logic *L, sudoku_step *st);
int find_multiple_chain(sudoku_logic *L, sudoku_step *st);
int find_dynamic_chain(sudoku_logic *L, sudoku_step *st);
int find_dynamic_chain_plus(sudoku_logic *L, sudoku_step *st);
int find_nested_forcing_chain(sudoku_logic *L, sudoku_step *st);
int find_nested_multiple_chain(sudoku_logic *L, sudoku_step *st);
int find_nested_dynamic_chain(sudoku_logic *L, sudoku_step *st);
/* logic.c */
int find_guess(sudoku_logic *L, sudoku_step *st);

/* The finder of technique t (NULL out of range). */
technique_fn technique_finder(int t);

/* --- logic.c / rating.c, for the generator ------------------------------------- */

/* As sudoku_logic_start() for a puzzle already known to have exactly one
 * solution, given: no search. */
int logic_start_known(sudoku_logic *L, const uint8_t *givens, const uint8_t *solution);
/* As sudoku_rate(), the puzzle known unique with this solution. */
int rate_known(sudoku_logic *L, const uint8_t *givens, const uint8_t *solution,
               sudoku_rating *out);

#endif /* SUDOKU_LOGIC_INTERNAL_H */
