/* SPDX-License-Identifier: MIT */
/* check_techniques.c - the human-style solver's techniques, one by one.
 *
 * Each technique has a grid where it applies: a puzzle, walked by
 * sudoku_logic_next() for a number of steps. On that grid
 *   - no easier technique applies (the solver would use this one), and for
 *     the "only" fixtures no other technique at all, except those that find
 *     the same thing by another name (a full house is a naked single and a
 *     hidden single too; a hidden single in a box is a one-cell pointing;
 *     a direct technique is its plain one) and the chains, which find
 *     what any of them finds;
 *   - its step is sound: every candidate it removes, and the value it
 *     places, agree with the puzzle's one solution (counted by brute.h);
 *   - its step is what it says: the pattern is checked here from the grid
 *     itself, with rows, columns and boxes worked out from coordinates
 *     (check_step()), not with the library's house lists.
 * The puzzles were made by this repository's generator and found by
 * tests/tools/technique_fixtures.c (build/bin/tools/technique_fixtures N
 * SIDE), which prints, per technique, the first grid of the kind; the seed
 * given with each says where it came from, but the puzzle is what counts.
 * Some techniques never turn up alone on a generated grid (a hidden single
 * in a line always comes with a claiming or another single in the box that
 * finds the same; direct techniques with more steps); those are "first".
 * The hidden quad never came first at all: its grid is made in the test
 * (test_hidden_quad_made, with the reason).
 * Then every step of whole solves, on every shape and variant, is checked
 * the same way. */
#include "brute.h"
#include "sudoku.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct fixture {
    int technique;
    int only;            /* 1: no other technique applies; 0: none easier */
    int n;
    int steps;           /* solver steps from the puzzle to the grid */
    const char *puzzle;
    const char *source;
} fixture;

#define GEN(seed) "generated, seed " #seed
static const fixture FIXTURES[] = {
    {SUDOKU_FULL_HOUSE, 1, 9, 58,
     ".9.5.......8.1..6.4.7....2...2....1....93......1...4..286.........69..75.........",
     GEN(1) ", 21 clues"},
    {SUDOKU_HIDDEN_SINGLE_BOX, 1, 9, 5,
     "..9.2.......7..26.....86.3..9....1..8.1.....5...8..6.2..36.8....6.49...77........",
     GEN(360)},
    {SUDOKU_HIDDEN_SINGLE_LINE, 1, 9, 26,
     "....2...95....8.......3..4..24.9.5..78...5........1.2..7....281..2..3.7.....4..9.",
     GEN(429)},
    {SUDOKU_DIRECT_POINTING, 0, 9, 17,
     "67.........8..4...5.9.83....4...9.75....3.6.........29.9.348..7.5.1.2.9.....7..4.",
     GEN(7) ", 27 clues"},
    {SUDOKU_DIRECT_HIDDEN_PAIR, 0, 9, 12,
     ".9.5.......8.1..6.4.7....2...2....1....93......1...4..286.........69..75.........",
     GEN(1) ", 21 clues"},
    {SUDOKU_NAKED_SINGLE, 1, 9, 22,
     ".....2.6146..3.5..9...4......7..8..5..6....17.3...............267.1.49...84.9....",
     GEN(167) ", 25 clues"},
    {SUDOKU_DIRECT_HIDDEN_TRIPLE, 0, 9, 12,
     "26.4.5..9..1..74..9.....6...7...9...45...8..36.....5.48....694..9.1..3.....3....5",
     GEN(8) ", 28 clues"},
    {SUDOKU_POINTING, 1, 9, 25,
     "9..1..2...3..96.....6..4..129..1....86..........9..4........3....8....6....45.9..",
     GEN(299) ", 22 clues"},
    {SUDOKU_CLAIMING, 1, 9, 31,
     ".....6...7.4.189.........1....48...2.6..2.....89...1.4..6....3.34...5.....87.456.",
     GEN(180)},
    {SUDOKU_NAKED_PAIR, 1, 9, 25,
     "6.1.3.2.85.2.1...............4...7..7......94..67...3.1.9....8..8..69..5.7...8...",
     GEN(252)},
    {SUDOKU_X_WING, 1, 9, 15,
     ".....78..7...1........3...9.....34.7....56...614.8..5.4.....7...82...3....624..1.",
     GEN(108)},
    {SUDOKU_HIDDEN_PAIR, 1, 9, 37,
     "...2..7....3.5.....1...8..463...1...2...8.....48.............56.89.6...11..5.4.2.",
     GEN(93)},
    {SUDOKU_NAKED_TRIPLE, 1, 9, 33,
     "...59.....35...........78...17......4..8....1.....465..8.26.4......3..1..9....2.8",
     GEN(171)},
    {SUDOKU_SWORDFISH, 1, 9, 28,
     "...5..9..7..2....3.......7..2..573...91........814...2..57....4..4...62..8..2....",
     GEN(2299) ", 24 clues"},
    {SUDOKU_HIDDEN_TRIPLE, 1, 9, 5,
     ".25..6...4....58....81.....8.....14..4...9.5.......329...2.8..13...4..7.2..6.....",
     GEN(572) ", 25 clues"},
    {SUDOKU_XY_WING, 0, 9, 40,
     "3..94......5.....7..73.8.6.....3.......1.4..21.86.25.......6.....6....3.42....8..",
     GEN(4) ", 24 clues"},
    {SUDOKU_XYZ_WING, 0, 9, 29,
     ".......9...4..87....9..542.......8.67...4....8....35..237..9......62..3.......98.",
     GEN(30)},
    {SUDOKU_UNIQUE_RECTANGLE, 1, 9, 20,
     "91......7..2.5.8...78...2...6..2......346.......7..13....932...62.5..4.........9.",
     GEN(32) ", 25 clues"},
    {SUDOKU_NAKED_QUAD, 1, 9, 40,
     "...2..7....3.5.....1...8..463...1...2...8.....48.............56.89.6...11..5.4.2.",
     GEN(93)},
    {SUDOKU_JELLYFISH, 1, 9, 24,
     "...7.3..4....1.7..5...4......1...579......1...9..7...61.9.......4....6.365.83.2..",
     GEN(10677)},
    {SUDOKU_BUG, 1, 9, 39,
     "41.....5...2.....77..2...36....1..2....6.3.....74.23.9.9856.27.....94.8....7.....",
     GEN(35) ", 28 clues"},
    {SUDOKU_ALIGNED_PAIR, 1, 9, 29,
     "9.......84.17.8..9....632............8...75.3.4.8........4..3.2.2.1...6.3.9......",
     GEN(69)},
    {SUDOKU_SIMPLE_COLOURING, 1, 9, 23,
     ".27..6..1.1.......6...8....2.4..8......67....1......35......5.68..1....9....39...",
     GEN(2) ", 22 clues"},
    {SUDOKU_W_WING, 1, 9, 40,
     "....9..28.....4.....1.......1..47.6...4...1....7.5.....2......7.95...8.....8.34.9",
     GEN(29) ", 22 clues"},
};
#define NFIXTURES ((int)(sizeof FIXTURES / sizeof FIXTURES[0]))

/* Techniques that find the same thing as t by another name (see above). */
static uint64_t same_thing(int t)
{
    switch (t) {
    case SUDOKU_FULL_HOUSE:
        return (1ull << SUDOKU_NAKED_SINGLE) | (1ull << SUDOKU_HIDDEN_SINGLE_BOX) |
               (1ull << SUDOKU_HIDDEN_SINGLE_LINE);
    case SUDOKU_HIDDEN_SINGLE_BOX:
        return (1ull << SUDOKU_POINTING) | (1ull << SUDOKU_HIDDEN_SINGLE_LINE);
    case SUDOKU_HIDDEN_SINGLE_LINE:
        return (1ull << SUDOKU_CLAIMING) | (1ull << SUDOKU_HIDDEN_SINGLE_BOX);
    case SUDOKU_DIRECT_POINTING: return 1ull << SUDOKU_POINTING;
    case SUDOKU_DIRECT_CLAIMING: return 1ull << SUDOKU_CLAIMING;
    case SUDOKU_DIRECT_HIDDEN_PAIR: return 1ull << SUDOKU_HIDDEN_PAIR;
    case SUDOKU_DIRECT_HIDDEN_TRIPLE: return 1ull << SUDOKU_HIDDEN_TRIPLE;
    default: return 0;
    }
}

static void cells_from(const char *text, uint8_t *cells)
{
    for (size_t i = 0; text[i]; i++) {
        char ch = text[i];
        cells[i] = (ch >= '1' && ch <= '9') ? (uint8_t)(ch - '0')
                 : (ch >= 'A' && ch <= 'Z') ? (uint8_t)(ch - 'A' + 10) : 0;
    }
}

/* --- The pattern of a step, checked from the grid ------------------------------ */

/* The geometry of a classic grid, from coordinates: house ids as the
 * library numbers them (rows, columns, boxes), for the steps to name. */
typedef struct geometry {
    int n, br, bc;
} geometry;

static int row_of(const geometry *g, int c) { return c / g->n; }
static int col_of(const geometry *g, int c) { return c % g->n; }
static int box_of(const geometry *g, int c)
{
    return (row_of(g, c) / g->br) * (g->n / g->bc) + col_of(g, c) / g->bc;
}
static int in_house(const geometry *g, int h, int c)
{
    int n = g->n;
    return h < n ? row_of(g, c) == h : h < 2 * n ? col_of(g, c) == h - n : box_of(g, c) == h - 2 * n;
}
static int sees(const geometry *g, int a, int b)
{
    return a != b && (row_of(g, a) == row_of(g, b) || col_of(g, a) == col_of(g, b) ||
                      box_of(g, a) == box_of(g, b));
}
static int has(const sudoku_logic *L, int c, int d)
{
    return (sudoku_logic_candidates(L, c) >> (d - 1)) & 1;
}
static int count_bits(uint64_t m)
{
    return __builtin_popcountll(m);
}
/* The blank cells of house h that have d. */
static int places(const sudoku_logic *L, const geometry *g, int h, int d, int *out)
{
    int k = 0;
    for (int c = 0; c < g->n * g->n; c++)
        if (in_house(g, h, c) && has(L, c, d))
            out[k++] = c;
    return k;
}
static int in_list(const int32_t *cells, int count, int c)
{
    for (int k = 0; k < count; k++)
        if (cells[k] == c)
            return 1;
    return 0;
}
static int elim_listed(const sudoku_step *st, int c, int d)
{
    for (int k = 0; k < st->nelims; k++)
        if (st->elims[k].cell == c && st->elims[k].digit == d)
            return 1;
    return 0;
}

static void check_locked(const sudoku_logic *L, const geometry *g, const sudoku_step *st)
{
    ck_assert_int_eq(st->nhouses, 2);
    int a = st->houses[0], b = st->houses[1], d = __builtin_ctzll(st->digits) + 1;
    int box = 2 * g->n;
    if (st->technique == SUDOKU_POINTING || st->technique == SUDOKU_DIRECT_POINTING)
        ck_assert(a >= box && b < box);
    else
        ck_assert(a < box && b >= box);
    int p[64], k = places(L, g, a, d, p);
    for (int j = 0; j < k; j++)
        ck_assert(in_house(g, b, p[j]));
    for (int e = 0; e < st->nelims; e++) {
        ck_assert(in_house(g, b, st->elims[e].cell) && !in_house(g, a, st->elims[e].cell));
        ck_assert_int_eq(st->elims[e].digit, d);
    }
}

static void check_subset(const sudoku_logic *L, const geometry *g, const sudoku_step *st,
                         int size, int hidden)
{
    ck_assert_int_eq(st->ncells, size);
    ck_assert_int_eq(count_bits(st->digits), size);
    int h = st->houses[0];
    uint64_t cand_union = 0;
    for (int k = 0; k < size; k++) {
        ck_assert(in_house(g, h, st->cells[k]));
        cand_union |= sudoku_logic_candidates(L, st->cells[k]);
    }
    if (!hidden) {
        ck_assert(cand_union == st->digits);
        for (int e = 0; e < st->nelims; e++) {
            ck_assert(in_house(g, h, st->elims[e].cell));
            ck_assert(!in_list(st->cells, size, st->elims[e].cell));
            ck_assert((st->digits >> (st->elims[e].digit - 1)) & 1);
        }
    } else {
        for (int d = 1; d <= g->n; d++) {
            if (!((st->digits >> (d - 1)) & 1))
                continue;
            int p[64], k = places(L, g, h, d, p);
            for (int j = 0; j < k; j++)
                ck_assert(in_list(st->cells, size, p[j]));
        }
        for (int e = 0; e < st->nelims; e++) {
            ck_assert(in_list(st->cells, size, st->elims[e].cell));
            ck_assert(!((st->digits >> (st->elims[e].digit - 1)) & 1));
        }
    }
}

static void check_fish(const sudoku_logic *L, const geometry *g, const sudoku_step *st, int k)
{
    ck_assert_int_eq(st->nbase, k);
    ck_assert_int_eq(st->nhouses, 2 * k);
    int d = __builtin_ctzll(st->digits) + 1;
    for (int b = 0; b < k; b++) {
        int p[64], m = places(L, g, st->houses[b], d, p);
        for (int j = 0; j < m; j++) {
            int covered = 0;
            for (int c = k; c < 2 * k; c++)
                covered |= in_house(g, st->houses[c], p[j]);
            ck_assert_msg(covered, "fish: r%dc%d is outside the cover", row_of(g, p[j]) + 1,
                          col_of(g, p[j]) + 1);
        }
    }
    for (int e = 0; e < st->nelims; e++) {
        int c = st->elims[e].cell, in_cover = 0, in_base = 0;
        for (int j = 0; j < k; j++) {
            in_base |= in_house(g, st->houses[j], c);
            in_cover |= in_house(g, st->houses[k + j], c);
        }
        ck_assert(in_cover && !in_base);
        ck_assert_int_eq(st->elims[e].digit, d);
    }
}

static void check_wing(const sudoku_logic *L, const geometry *g, const sudoku_step *st)
{
    int pivot = st->cells[0], a = st->cells[1], b = st->cells[2];
    uint64_t p = sudoku_logic_candidates(L, pivot), am = sudoku_logic_candidates(L, a),
             bm = sudoku_logic_candidates(L, b);
    ck_assert(sees(g, pivot, a) && sees(g, pivot, b));
    ck_assert(count_bits(am) == 2 && count_bits(bm) == 2);
    uint64_t z = am & bm;
    ck_assert_int_eq(count_bits(z), 1);
    if (st->technique == SUDOKU_XY_WING) {
        ck_assert(count_bits(p) == 2 && (p & z) == 0 && (am | bm) == (p | z));
    } else {
        ck_assert(count_bits(p) == 3 && (am | bm) == p);
    }
    for (int e = 0; e < st->nelims; e++) {
        int c = st->elims[e].cell;
        ck_assert_int_eq(st->elims[e].digit, __builtin_ctzll(z) + 1);
        ck_assert(sees(g, c, a) && sees(g, c, b));
        if (st->technique == SUDOKU_XYZ_WING)
            ck_assert(sees(g, c, pivot));
    }
}

static void check_w_wing(const sudoku_logic *L, const geometry *g, const sudoku_step *st)
{
    int a = st->cells[0], b = st->cells[1], p = st->cells[2], q = st->cells[3];
    uint64_t m = sudoku_logic_candidates(L, a);
    ck_assert(count_bits(m) == 2 && sudoku_logic_candidates(L, b) == m && !sees(g, a, b));
    int x = st->digit, h = st->houses[0], pl[64];
    ck_assert((m >> (x - 1)) & 1);
    ck_assert_int_eq(places(L, g, h, x, pl), 2);
    ck_assert((pl[0] == p && pl[1] == q) || (pl[0] == q && pl[1] == p));
    ck_assert(sees(g, p, a) && sees(g, q, b));
    int y = __builtin_ctzll(m & ~(1ull << (x - 1))) + 1;
    for (int e = 0; e < st->nelims; e++) {
        ck_assert_int_eq(st->elims[e].digit, y);
        ck_assert(sees(g, st->elims[e].cell, a) && sees(g, st->elims[e].cell, b));
    }
}

/* Colouring: every house where the symbol has two places, both on the
 * chain, gives them different colours; the chain is connected by such
 * houses; wrap: the removed colour has two cells that see each other;
 * trap: each removed cell sees both colours. */
static void check_colouring(const sudoku_logic *L, const geometry *g, const sudoku_step *st)
{
    int d = __builtin_ctzll(st->digits) + 1, n = g->n;
    int colour[1024];
    for (int c = 0; c < n * n; c++)
        colour[c] = -1;
    for (int k = 0; k < st->ncells; k++) {
        ck_assert(has(L, st->cells[k], d));
        colour[st->cells[k]] = st->role[k];
    }
    int reach[1024] = {0}, queue[1024], head = 0, tail = 0;
    reach[st->cells[0]] = 1;
    queue[tail++] = st->cells[0];
    while (head < tail) {
        int c = queue[head++];
        for (int h = 0; h < 3 * n; h++) {
            int p[64];
            if (!in_house(g, h, c) || places(L, g, h, d, p) != 2)
                continue;
            int other = p[0] == c ? p[1] : p[0];
            ck_assert_msg(colour[other] >= 0 && colour[other] != colour[c],
                          "colouring: a strong link leaves the chain or keeps its colour");
            if (!reach[other]) {
                reach[other] = 1;
                queue[tail++] = other;
            }
        }
    }
    ck_assert_int_eq(tail, st->ncells);
    for (int e = 0; e < st->nelims; e++) {
        int c = st->elims[e].cell, b0 = st->elims[e].because[0], b1 = st->elims[e].because[1];
        ck_assert_int_eq(st->elims[e].digit, d);
        if (colour[c] >= 0) { /* wrap */
            ck_assert(colour[b0] == colour[c] && colour[b1] == colour[c] && sees(g, b0, b1));
        } else { /* trap */
            ck_assert(colour[b0] >= 0 && colour[b1] >= 0 && colour[b0] != colour[b1]);
            ck_assert(sees(g, c, b0) && sees(g, c, b1));
        }
    }
}

/* Types 1 to 4 (st->candidates): the corners first (nbase of them: 4 for a
 * rectangle, more for a loop; role 1 the roofs), then a type 3's subset
 * cells (role 2). */
static void check_rectangle(const sudoku_logic *L, const geometry *g, const sudoku_step *st)
{
    int type = st->candidates, corners = st->nbase;
    ck_assert(type >= 1 && type <= 4);
    ck_assert(corners >= 4 && corners % 2 == 0);
    ck_assert(type == 3 ? st->ncells > corners : st->ncells == corners);
    if (corners > 4) {
        /* a unique loop: each cell holds the pair and sees the next */
        int roofs = 0;
        for (int k = 0; k < corners; k++) {
            uint64_t m = sudoku_logic_candidates(L, st->cells[k]);
            ck_assert((m & st->digits) == st->digits);
            roofs += st->role[k] == 1;
            ck_assert((m != st->digits) == (st->role[k] == 1));
            int a = st->cells[k], b = st->cells[(k + 1) % corners];
            ck_assert(row_of(g, a) == row_of(g, b) || col_of(g, a) == col_of(g, b) ||
                      box_of(g, a) == box_of(g, b));
        }
        ck_assert_int_ge(roofs, 1);
        return;
    }
    int roofs = 0, boxes[4];
    for (int k = 0; k < 4; k++) {
        uint64_t m = sudoku_logic_candidates(L, st->cells[k]);
        ck_assert((m & st->digits) == st->digits);
        if (st->role[k]) {
            roofs++;
            ck_assert(m != st->digits);
        } else {
            ck_assert(m == st->digits);
        }
        boxes[k] = box_of(g, st->cells[k]);
    }
    ck_assert(type == 1 ? roofs == 1 : type == 2 ? roofs >= 2 : roofs == 2);
    /* two rows and two columns, all four corners; two boxes */
    int r[2] = {row_of(g, st->cells[0]), -1}, c[2] = {col_of(g, st->cells[0]), -1};
    int b2[2] = {boxes[0], -1};
    for (int k = 1; k < 4; k++) {
        int rk = row_of(g, st->cells[k]), ck = col_of(g, st->cells[k]);
        if (rk != r[0])
            r[1] = r[1] < 0 ? rk : r[1];
        if (ck != c[0])
            c[1] = c[1] < 0 ? ck : c[1];
        if (boxes[k] != b2[0])
            b2[1] = b2[1] < 0 ? boxes[k] : b2[1];
        ck_assert(rk == r[0] || rk == r[1]);
        ck_assert(ck == c[0] || ck == c[1]);
        ck_assert(boxes[k] == b2[0] || boxes[k] == b2[1]);
    }
    ck_assert(r[1] >= 0 && c[1] >= 0 && b2[1] >= 0);
    for (int k = 0; k < 4; k++)
        for (int j = k + 1; j < 4; j++)
            ck_assert(st->cells[k] != st->cells[j]);
    /* type 1 takes the pair from the roof, type 4 one of it from both
     * roofs; types 2 and 3 take other symbols */
    for (int e = 0; e < st->nelims; e++)
        ck_assert(((st->digits >> (st->elims[e].digit - 1)) & 1) == (type == 1 || type == 4));
}

/* What the step says about its pattern holds on the grid L still has. */
static void check_step(const sudoku_logic *L, const geometry *g, const sudoku_step *st)
{
    int n = g->n;
    switch (st->technique) {
    case SUDOKU_FULL_HOUSE: {
        int blanks = 0;
        for (int c = 0; c < n * n; c++)
            blanks += in_house(g, st->house, c) && !sudoku_logic_value(L, c);
        ck_assert_int_eq(blanks, 1);
        ck_assert(in_house(g, st->house, st->cell));
        break;
    }
    case SUDOKU_HIDDEN_SINGLE_BOX:
    case SUDOKU_HIDDEN_SINGLE_LINE: {
        int p[64];
        ck_assert_int_eq(places(L, g, st->house, st->digit, p), 1);
        ck_assert_int_eq(p[0], st->cell);
        ck_assert((st->house >= 2 * n) == (st->technique == SUDOKU_HIDDEN_SINGLE_BOX));
        break;
    }
    case SUDOKU_NAKED_SINGLE:
        ck_assert(sudoku_logic_candidates(L, st->cell) == (1ull << (st->digit - 1)));
        break;
    case SUDOKU_DIRECT_POINTING:
    case SUDOKU_DIRECT_CLAIMING:
    case SUDOKU_POINTING:
    case SUDOKU_CLAIMING: check_locked(L, g, st); break;
    case SUDOKU_NAKED_PAIR: check_subset(L, g, st, 2, 0); break;
    case SUDOKU_NAKED_TRIPLE: check_subset(L, g, st, 3, 0); break;
    case SUDOKU_NAKED_QUAD: check_subset(L, g, st, 4, 0); break;
    case SUDOKU_DIRECT_HIDDEN_PAIR:
    case SUDOKU_HIDDEN_PAIR: check_subset(L, g, st, 2, 1); break;
    case SUDOKU_DIRECT_HIDDEN_TRIPLE:
    case SUDOKU_HIDDEN_TRIPLE: check_subset(L, g, st, 3, 1); break;
    case SUDOKU_HIDDEN_QUAD: check_subset(L, g, st, 4, 1); break;
    case SUDOKU_X_WING: check_fish(L, g, st, 2); break;
    case SUDOKU_SWORDFISH: check_fish(L, g, st, 3); break;
    case SUDOKU_JELLYFISH: check_fish(L, g, st, 4); break;
    case SUDOKU_XY_WING:
    case SUDOKU_XYZ_WING: check_wing(L, g, st); break;
    case SUDOKU_W_WING: check_w_wing(L, g, st); break;
    case SUDOKU_SIMPLE_COLOURING: check_colouring(L, g, st); break;
    case SUDOKU_UNIQUE_RECTANGLE: check_rectangle(L, g, st); break;
    default: break;
    }
    /* a direct technique's single: after its eliminations, the only place
     * of its symbol in its house */
    if (st->technique == SUDOKU_DIRECT_POINTING || st->technique == SUDOKU_DIRECT_CLAIMING ||
        st->technique == SUDOKU_DIRECT_HIDDEN_PAIR ||
        st->technique == SUDOKU_DIRECT_HIDDEN_TRIPLE) {
        int p[64], k = places(L, g, st->house, st->digit, p), left = 0;
        for (int j = 0; j < k; j++)
            left += !elim_listed(st, p[j], st->digit);
        ck_assert_int_eq(left, 1);
        ck_assert(has(L, st->cell, st->digit) && !elim_listed(st, st->cell, st->digit));
    }
}

/* Sound: every removed candidate is there and is not the solution's; a
 * placed value is the solution's. */
static void check_sound(const sudoku_logic *L, const uint8_t *solution, const sudoku_step *st,
                        int n)
{
    ck_assert_msg(st->nelims > 0 || st->cell >= 0, "%s: a step that does nothing",
                  sudoku_technique_name(st->technique));
    for (int e = 0; e < st->nelims; e++) {
        int c = st->elims[e].cell, d = st->elims[e].digit;
        ck_assert_msg(has(L, c, d), "%s removes a candidate r%dc%d<>%d that is not there",
                      sudoku_technique_name(st->technique), c / n + 1, c % n + 1, d);
        ck_assert_msg(solution[c] != d, "%s removes the solution's r%dc%d=%d",
                      sudoku_technique_name(st->technique), c / n + 1, c % n + 1, d);
    }
    if (st->cell >= 0)
        ck_assert_msg(solution[st->cell] == st->digit, "%s places r%dc%d=%d, the solution has %d",
                      sudoku_technique_name(st->technique), st->cell / n + 1, st->cell % n + 1,
                      st->digit, solution[st->cell]);
}

START_TEST(test_technique_fixture)
{
    const fixture *f = &FIXTURES[_i];
    int n = f->n;
    sudoku_shape sh;
    ck_assert_int_eq(sudoku_shape_default(&sh, n), SUDOKU_OK);
    geometry g = {n, sh.box_rows, sh.box_cols};
    uint8_t puzzle[SUDOKU_MAX_CELLS], solution[SUDOKU_MAX_CELLS];
    cells_from(f->puzzle, puzzle);
    static brute b;
    brute_init(&b, n, sh.box_rows, sh.box_cols, NULL, 0, 0);
    ck_assert_int_eq(brute_count(&b, puzzle, 2), 1);
    sudoku_logic *L = sudoku_logic_new(&sh, NULL);
    ck_assert_int_eq(sudoku_logic_start(L, puzzle), 1);
    memcpy(solution, sudoku_logic_solution(L), (size_t)(n * n));
    ck_assert_int_eq(brute_count(&b, solution, 2), 1);
    for (int i = 0; i < n * n; i++)
        ck_assert(!puzzle[i] || puzzle[i] == solution[i]);
    static sudoku_step st;
    for (int k = 0; k < f->steps; k++)
        ck_assert_int_eq(sudoku_logic_next(L, &st), 1);
    const char *name = sudoku_technique_id(f->technique);
    for (int t = 0; t < SUDOKU_GUESS; t++) {
        if (t == f->technique)
            continue;
        int fires = sudoku_logic_find(L, t, &st);
        if (t < f->technique)
            ck_assert_msg(!fires, "%s (%s): the easier %s applies", name, f->source,
                          sudoku_technique_id(t));
        else if (f->only && !((same_thing(f->technique) >> t) & 1) && t < SUDOKU_FORCING_CHAIN)
            ck_assert_msg(!fires, "%s (%s): %s applies too", name, f->source,
                          sudoku_technique_id(t));
    }
    ck_assert_msg(sudoku_logic_find(L, f->technique, &st) == 1, "%s (%s): does not apply", name,
                  f->source);
    ck_assert_int_eq(st.technique, f->technique);
    ck_assert_int_eq(st.rating, sudoku_technique_rating(f->technique));
    check_sound(L, solution, &st, n);
    check_step(L, &g, &st);
    /* the solver takes this very step, and goes on to the solution */
    static sudoku_step next;
    ck_assert_int_eq(sudoku_logic_next(L, &next), 1);
    ck_assert_int_eq(next.technique, f->technique);
    int rc;
    while ((rc = sudoku_logic_next(L, &next)) == 1)
        ;
    ck_assert_int_eq(rc, 0);
    for (int i = 0; i < n * n; i++)
        ck_assert_int_eq(sudoku_logic_value(L, i), solution[i]);
    sudoku_logic_free(L);
}
END_TEST

/* Every step of whole solves, on generated puzzles of every shape: sound
 * (against the solution brute.h confirms is the only one), and, on classic
 * grids, what it says it is. */
typedef struct sweep_case {
    const char *name;
    int n;
    unsigned variant;
    int puzzles;
} sweep_case;

static const sweep_case SWEEPS[] = {
    {"4x4", 4, 0, 20},     {"6x6", 6, 0, 20},           {"9x9", 9, 0, 40},
    {"9x9 X", 9, SUDOKU_X, 15}, {"9x9 hyper", 9, SUDOKU_HYPER, 15}, {"12x12", 12, 0, 2},
};

START_TEST(test_sweep)
{
    const sweep_case *sc = &SWEEPS[_i];
    int n = sc->n;
    sudoku_shape sh;
    ck_assert_int_eq(sudoku_shape_default(&sh, n), SUDOKU_OK);
    sh.variant = sc->variant;
    geometry g = {n, sh.box_rows, sh.box_cols};
    static brute b;
    brute_init(&b, n, sh.box_rows, sh.box_cols, NULL, (sc->variant & SUDOKU_X) != 0,
               (sc->variant & SUDOKU_HYPER) != 0);
    sudoku_generator *gen = sudoku_generator_new(&sh, NULL);
    sudoku_logic *L = sudoku_logic_new(&sh, NULL);
    ck_assert_ptr_nonnull(gen);
    ck_assert_ptr_nonnull(L);
    sudoku_generate_options opt;
    memset(&opt, 0, sizeof opt);
    int used[SUDOKU_TECHNIQUE_COUNT] = {0};
    static sudoku_step st;
    for (int k = 0; k < sc->puzzles; k++) {
        uint8_t puzzle[SUDOKU_MAX_CELLS], solution[SUDOKU_MAX_CELLS];
        ck_assert_int_eq(sudoku_generate(gen, &opt, 500 + (uint64_t)k, puzzle, solution, NULL),
                         SUDOKU_OK);
        ck_assert_int_eq(brute_count(&b, puzzle, 2), 1);
        ck_assert_int_eq(sudoku_logic_start(L, puzzle), 1);
        ck_assert_mem_eq(sudoku_logic_solution(L), solution, (size_t)(n * n));
        for (;;) {
            /* look before the solver moves: the grid the step was found on */
            int t;
            for (t = 0; t < SUDOKU_TECHNIQUE_COUNT; t++)
                if (sudoku_logic_find(L, t, &st) == 1)
                    break;
            if (t == SUDOKU_TECHNIQUE_COUNT)
                break;
            check_sound(L, solution, &st, n);
            if (sc->variant == 0)
                check_step(L, &g, &st);
            used[t]++;
            static sudoku_step taken;
            ck_assert_int_eq(sudoku_logic_next(L, &taken), 1);
            ck_assert_int_eq(taken.technique, t);
        }
        ck_assert_int_eq(sudoku_logic_blanks(L), 0);
        for (int i = 0; i < n * n; i++)
            ck_assert_int_eq(sudoku_logic_value(L, i), solution[i]);
    }
    ck_assert_int_gt(used[SUDOKU_FULL_HOUSE], 0);
    sudoku_logic_free(L);
    sudoku_generator_free(gen);
}
END_TEST

/* The jigsaw shape of tests/data/sudoku/jigsaw9.regions (see
 * check_generate.c); its houses come from the library here, checked
 * against the regions map. */
START_TEST(test_sweep_jigsaw)
{
    static const char MAP[] = "BAABBBCCC\nAAABBBCCC\nAAAABBCCC\nDDDEEEFFF\nDDDEEEFFF\n"
                              "DDDEEEFFF\nGGGHHHIII\nGGGHHHIII\nGGGHHHIII\n";
    uint8_t regions[SUDOKU_MAX_CELLS];
    int n = 0;
    long line = 0;
    ck_assert_int_eq(sudoku_parse_regions(MAP, strlen(MAP), &n, regions, &line), SUDOKU_OK);
    sudoku_shape sh;
    memset(&sh, 0, sizeof sh);
    sh.n = 9;
    sh.regions = regions;
    static brute b;
    brute_init(&b, 9, 0, 0, regions, 0, 0);
    sudoku_generator *gen = sudoku_generator_new(&sh, NULL);
    sudoku_logic *L = sudoku_logic_new(&sh, NULL);
    sudoku_generate_options opt;
    memset(&opt, 0, sizeof opt);
    static sudoku_step st;
    for (int k = 0; k < 15; k++) {
        uint8_t puzzle[81], solution[81];
        ck_assert_int_eq(sudoku_generate(gen, &opt, 900 + (uint64_t)k, puzzle, solution, NULL),
                         SUDOKU_OK);
        ck_assert_int_eq(brute_count(&b, puzzle, 2), 1);
        ck_assert_int_eq(sudoku_logic_start(L, puzzle), 1);
        int rc;
        for (;;) {
            int t;
            for (t = 0; t < SUDOKU_TECHNIQUE_COUNT; t++)
                if (sudoku_logic_find(L, t, &st) == 1)
                    break;
            if (t == SUDOKU_TECHNIQUE_COUNT)
                break;
            check_sound(L, solution, &st, 9);
            ck_assert_int_eq((rc = sudoku_logic_next(L, &st)), 1);
        }
        ck_assert_int_eq(sudoku_logic_blanks(L), 0);
    }
    sudoku_logic_free(L);
    sudoku_generator_free(gen);
}
END_TEST

/* The hidden quad never came first on the 20,000 generated grids searched:
 * in a house of 8 blanks or fewer it is the complement of a naked subset of
 * 4 or fewer, which comes before it (and, as in Sudoku Explainer, it is
 * looked for only in a house of 9 blanks). So its grid is made here: a
 * generated puzzle with an empty house H (the first seed that has one), and
 * in H four cells p..s whose solution values a..d are taken, soundly, from
 * the other five cells of H. Then a..d have no place in H but p..s: a hidden
 * quad, which the finder must find (there, or one in an earlier house:
 * whichever it finds must be sound and what it says). */
START_TEST(test_hidden_quad_made)
{
    sudoku_shape sh;
    sudoku_shape_default(&sh, 9);
    geometry g = {9, 3, 3};
    sudoku_generator *gen = sudoku_generator_new(&sh, NULL);
    sudoku_logic *L = sudoku_logic_new(&sh, NULL);
    sudoku_generate_options opt;
    memset(&opt, 0, sizeof opt);
    uint8_t puzzle[81], solution[81];
    int house = -1;
    for (uint64_t seed = 1; seed < 500 && house < 0; seed++) {
        ck_assert_int_eq(sudoku_generate(gen, &opt, seed, puzzle, solution, NULL), SUDOKU_OK);
        for (int h = 0; h < 27 && house < 0; h++) {
            int given = 0;
            for (int c = 0; c < 81; c++)
                given += in_house(&g, h, c) && puzzle[c];
            if (!given)
                house = h;
        }
    }
    ck_assert_int_ge(house, 0);
    ck_assert_int_eq(sudoku_logic_start(L, puzzle), 1);
    int cells[9], k = 0;
    for (int c = 0; c < 81; c++)
        if (in_house(&g, house, c))
            cells[k++] = c;
    /* p..s: the first four cells of H (in the order of the 126 choices)
     * where each of a..d is a candidate of two of them or more, so that no
     * symbol of the quad is left a hidden single */
    uint64_t quad = 0;
    int pick[9], found = 0;
    for (unsigned m = 0; m < 512 && !found; m++) {
        if (__builtin_popcount(m) != 4)
            continue;
        int in = 0, out = 4;
        for (int j = 0; j < 9; j++)
            pick[(m >> j) & 1 ? in++ : out++] = cells[j];
        quad = 0;
        for (int j = 0; j < 4; j++)
            quad |= 1ull << (solution[pick[j]] - 1);
        found = 1;
        for (int j = 0; j < 4 && found; j++) {
            int d = solution[pick[j]], at = 0;
            for (int q = 0; q < 4; q++)
                at += has(L, pick[q], d);
            found = at >= 2;
        }
    }
    ck_assert(found);
    memcpy(cells, pick, sizeof pick);
    static sudoku_step cut;
    memset(&cut, 0, sizeof cut);
    cut.cell = -1;
    for (int j = 4; j < 9; j++)
        for (int d = 1; d <= 9; d++)
            if (((quad >> (d - 1)) & 1) && has(L, cells[j], d)) {
                ck_assert_int_ne(solution[cells[j]], d);
                cut.elims[cut.nelims].cell = cells[j];
                cut.elims[cut.nelims++].digit = d;
            }
    ck_assert_int_eq(sudoku_logic_apply(L, &cut), SUDOKU_OK);
    /* the quad is there: a..d only in p..s, which hold more */
    uint64_t more = 0;
    for (int j = 0; j < 4; j++)
        more |= sudoku_logic_candidates(L, cells[j]) & ~quad;
    ck_assert(more != 0);
    static sudoku_step st;
    ck_assert_int_eq(sudoku_logic_find(L, SUDOKU_HIDDEN_QUAD, &st), 1);
    check_sound(L, solution, &st, 9);
    check_step(L, &g, &st);
    if (st.houses[0] == house)
        ck_assert(st.digits == quad);
    sudoku_logic_free(L);
    sudoku_generator_free(gen);
}
END_TEST

/* The unique rectangle leans on uniqueness: on a puzzle with two solutions
 * the solver never uses it, and every other step holds for both. The
 * puzzle: Wikipedia's example grid with the 5 and 3 of r1 taken away
 * (counted here: more than one solution). */
START_TEST(test_not_unique)
{
    uint8_t p[81];
    cells_from("....7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
               p);
    static brute b;
    brute_init(&b, 9, 3, 3, NULL, 0, 0);
    ck_assert_int_eq(brute_count(&b, p, 2), 2);
    sudoku_shape sh;
    sudoku_shape_default(&sh, 9);
    sudoku_logic *L = sudoku_logic_new(&sh, NULL);
    ck_assert_int_eq(sudoku_logic_start(L, p), 2);
    static sudoku_step st;
    int rc;
    while ((rc = sudoku_logic_next(L, &st)) == 1)
        ck_assert_int_ne(st.technique, SUDOKU_UNIQUE_RECTANGLE);
    ck_assert_int_eq(rc, 0);
    uint8_t grid[81];
    for (int i = 0; i < 81; i++)
        grid[i] = (uint8_t)sudoku_logic_value(L, i);
    ck_assert_int_eq(brute_count(&b, grid, 2), 1);
    sudoku_logic_free(L);
}
END_TEST

/* Without the guess, a grid no technique moves is reported stuck; clashing
 * givens and bad calls are errors. */
START_TEST(test_logic_errors)
{
    sudoku_shape sh;
    sudoku_shape_default(&sh, 9);
    sudoku_logic *L = sudoku_logic_new(&sh, NULL);
    static sudoku_step st;
    uint8_t p[81];
    ck_assert_int_eq(sudoku_logic_next(L, &st), SUDOKU_EINVAL); /* not started */
    /* Arto Inkala's puzzle (tests/data/sudoku/known.txt) stalls early
     * without the nested forcing chains; with them it finishes */
    cells_from("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
               p);
    ck_assert_int_eq(sudoku_logic_start(L, p), 1);
    uint64_t nested = (1ull << SUDOKU_NESTED_FORCING_CHAIN) |
                      (1ull << SUDOKU_NESTED_MULTIPLE_CHAIN) | (1ull << SUDOKU_NESTED_DYNAMIC_CHAIN);
    sudoku_logic_allow(L, ~(1ull << SUDOKU_GUESS) & ~nested);
    int rc;
    while ((rc = sudoku_logic_next(L, &st)) == 1)
        ;
    ck_assert_int_eq(rc, SUDOKU_ESTUCK);
    ck_assert_int_gt(sudoku_logic_blanks(L), 0);
    sudoku_logic_allow(L, ~(1ull << SUDOKU_GUESS));
    while ((rc = sudoku_logic_next(L, &st)) == 1)
        ;
    ck_assert_int_eq(rc, 0);
    /* Wikipedia's puzzle less its first three givens has two solutions:
     * stuck without the guess (the nested chains are searched on puzzles
     * of one solution); with it, it finishes, and says when it guessed */
    cells_from("....7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
               p);
    ck_assert_int_eq(sudoku_logic_start(L, p), 2);
    while ((rc = sudoku_logic_next(L, &st)) == 1)
        ;
    ck_assert_int_eq(rc, SUDOKU_ESTUCK);
    sudoku_logic_allow(L, ~0ull);
    ck_assert_int_eq(sudoku_logic_next(L, &st), 1);
    ck_assert_int_eq(st.technique, SUDOKU_GUESS);
    ck_assert_int_ge(st.candidates, 2);
    while ((rc = sudoku_logic_next(L, &st)) == 1)
        ;
    ck_assert_int_eq(rc, 0);
    /* two 5s in row 1 */
    cells_from("55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
               p);
    ck_assert_int_eq(sudoku_logic_start(L, p), SUDOKU_ECONFLICT);
    ck_assert_int_eq(sudoku_logic_next(L, &st), SUDOKU_EINVAL);
    ck_assert_int_eq(sudoku_logic_find(L, 99, &st), SUDOKU_EINVAL);
    ck_assert_int_eq(sudoku_logic_start(NULL, p), SUDOKU_EINVAL);
    sudoku_logic_free(L);
    sudoku_logic_free(NULL);
    ck_assert_str_eq(sudoku_technique_name(SUDOKU_X_WING), "X-wing");
    ck_assert_str_eq(sudoku_technique_id(SUDOKU_HIDDEN_SINGLE_BOX), "hidden-single-box");
    ck_assert_str_eq(sudoku_technique_name(-1), "?");
}
END_TEST

Suite *techniques_suite(void);
Suite *techniques_suite(void)
{
    Suite *s = suite_create("techniques");
    TCase *tc = tcase_create("techniques");
    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, test_technique_fixture, 0, NFIXTURES);
    tcase_add_loop_test(tc, test_sweep, 0, (int)(sizeof SWEEPS / sizeof SWEEPS[0]));
    tcase_add_test(tc, test_sweep_jigsaw);
    tcase_add_test(tc, test_hidden_quad_made);
    tcase_add_test(tc, test_not_unique);
    tcase_add_test(tc, test_logic_errors);
    suite_add_tcase(s, tc);
    return s;
}
