/* SPDX-License-Identifier: MIT */
/* tech_rectangle.c - unique rectangles and loops, types 1 to 4. Four blank cells at
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
 * lower type. The same holds round a longer loop of cells (6, 8, ...), each
 * sharing a house with the next, that meets every house in none of its
 * cells or in two of them next to each other on the loop: unique loops,
 * rated 4.6 (6 cells), 4.7 (8) and 5.0 (10 or more). */
#include "logic_internal.h"

#include <stdlib.h>

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
                  const int32_t *corner, int ncorner, uint64_t pair, int r1, int r2, int h,
                  uint64_t ex, int base)
{
    const int ncells_of_loop = ncorner;
    int others[SUDOKU_MAX_N], no = 0;
    for (int k = 0; k < L->n; k++) {
        int c = logic_house_cell(L, h, k);
        if (L->value[c] || c == corner[r1] || c == corner[r2])
            continue;
        int in_rect = 0;
        for (int q = 0; q < ncorner; q++)
            in_rect |= corner[q] == c;
        /* a cell holding x or y, or with the extras over four symbols,
         * is in no subset (of at most four symbols, neither of the pair):
         * leaving it out drops only combinations that fail */
        if (!in_rect && !(L->cand[c] & pair) && popcount64(L->cand[c] | ex) <= 4)
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
        cand->nbase = ncells_of_loop;
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
                for (int q = 0; q < ncorner; q++)
                    step_add_cell(cand, corner[q], q == r1 || q == r2);
                for (int q = 0; q < size; q++)
                    step_add_cell(cand, others[idx[q]], 2);
                step_add_house(cand, h);
                record(L, st, cand, b, base + size, 3);
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

#define LOOP_MAX 16 /* the longest loop looked for */

/* Every step of the loop corner[0..n-1] on the pair, kept in st when best;
 * base: the loop's rating (4.5 for a rectangle, more for longer loops). */
static void loop_steps(sudoku_logic *L, sudoku_step *st, sudoku_step *cand, rect_best *b,
                       const int32_t *corner, int n, uint64_t pair, int base)
{
    const int ncells_of_loop = n;
    int roof[LOOP_MAX], nroof = 0;
    for (int q = 0; q < n; q++)
        if (L->cand[corner[q]] != pair)
            roof[nroof++] = q;
    if (nroof == 0 || nroof == n)
        return;
    if (nroof == 1) {
        step_begin(cand, SUDOKU_UNIQUE_RECTANGLE);
        cand->nbase = ncells_of_loop;
        for (uint64_t x = pair; x; x &= x - 1)
            step_add_elim(cand, corner[roof[0]], lowest_bit(x) + 1, -1, -1);
        cand->digits = pair;
        for (int q = 0; q < n; q++)
            step_add_cell(cand, corner[q], q == roof[0]);
        record(L, st, cand, b, base, 1);
        return;
    }
    uint64_t ex = 0;
    for (int k = 0; k < nroof; k++)
        ex |= L->cand[corner[roof[k]]] & ~pair;
    if (popcount64(ex) == 1) {
        /* type 2: every roof is the pair and z */
        int32_t roofs[LOOP_MAX];
        for (int k = 0; k < nroof; k++)
            roofs[k] = corner[roof[k]];
        step_begin(cand, SUDOKU_UNIQUE_RECTANGLE);
        cand->nbase = ncells_of_loop;
        step_elim_seeing_all(L, cand, roofs, nroof, lowest_bit(ex) + 1, -1, -1);
        cand->digits = pair;
        for (int q = 0; q < n; q++) {
            int is_roof = 0;
            for (int k = 0; k < nroof; k++)
                is_roof |= roof[k] == q;
            step_add_cell(cand, corner[q], is_roof);
        }
        record(L, st, cand, b, base, 2);
    }
    if (nroof != 2)
        return;
    int r1 = roof[0], r2 = roof[1];
    int32_t hs[8];
    int nh = shared_houses(L, corner[r1], corner[r2], hs);
    if (popcount64(ex) >= 2)
        for (int k = 0; k < nh; k++)
            type3(L, st, cand, b, corner, n, pair, r1, r2, hs[k], ex, base);
    /* type 4: one of the pair confined to the roofs in a house they share */
    for (int k = 0; k < nh; k++)
        for (uint64_t x = pair; x; x &= x - 1) {
            int d = lowest_bit(x) + 1;
            uint64_t places = logic_places_table(L)[(size_t)hs[k] * (size_t)L->n + (size_t)(d - 1)];
            int count = popcount64(places);
            if (count != 2)
                continue; /* the two roofs are two of its places */
            int other = lowest_bit(pair & ~digit_bit(d)) + 1;
            step_begin(cand, SUDOKU_UNIQUE_RECTANGLE);
        cand->nbase = ncells_of_loop;
            step_add_elim(cand, corner[r1], other, -1, -1);
            step_add_elim(cand, corner[r2], other, -1, -1);
            cand->digits = pair;
            for (int q = 0; q < n; q++)
                step_add_cell(cand, corner[q], q == r1 || q == r2);
            step_add_house(cand, hs[k]);
            record(L, st, cand, b, base, 4);
        }
}

/* The loop search, from a cell of exactly the pair, as Sudoku Explainer
 * describes it: from each cell along one of its houses (not of the kind the
 * last move took) to a cell holding both symbols of the pair, at most two of
 * them with more (any number when all the extras are one symbol), until the
 * start is reached again after four cells or more. */
typedef struct loop_search {
    sudoku_logic *L;
    sudoku_step *st, *cand;
    rect_best *best;
    uint64_t pair;
    int32_t cells[LOOP_MAX];
    int len;
    /* house_count: the places k of each house whose cell is open and holds
     * both symbols of the pair (but the cells of exactly the pair before the
     * start, find_unique_rectangle() says why), the only cells a loop may go
     * to (the loop search 1.4 times fewer instructions than testing every
     * cell) */
    uint64_t *open;
    /* used[h]: the cells of the path in house h, as bit 0 (even places on
     * the path) and bit 1 (odd). A valid loop meets a house in one cell of
     * each colour, so a path with two cells of a colour in one house is
     * never part of one, and is not followed (see fits()) */
    uint8_t *used;
    /* the houses of each cell in the order the moves take them (box, row,
     * column, the rest), per_cell apiece, and their kinds; on[c]: cell c is
     * on the path (60 top1465 puzzles: 147 M -> 121 M instructions in the
     * unique rectangles, against walking the kinds and every house for
     * each move, and the path for each cell) */
    const int32_t *moves;
    const uint8_t *move_kind;
    uint8_t *on;
    /* The same as sets of cells in two 64-bit words, for grids of up to
     * 128 cells whose houses list their cells in order (L->loop_masks), so
     * that a house's cells come in the same order: hmask[2h], the cells of
     * house h; reach[2c], the cells sharing a house with c; cells_open, the
     * cells of the open places; dead, those that are the only open place
     * of one of their houses (fits() turns them down: such a house holds no
     * path cell); path; blocked[p], the cells sharing a house with a path
     * cell at a place of parity p (fits() on the whole house at once: 20
     * extreme puzzles: 74.0 M -> 72.3 M instructions). */
    const uint64_t *hmask, *reach;
    uint64_t cells_open[2], dead[2], path[2], blocked[2][2];
    uint64_t *rec; /* the memory's entry the valid loops met go to, or NULL */
    int overflow;  /* more loops than it holds */
} loop_search;

/* The memory of the loop search (L->loop_memo, grids with the sets and at
 * most 16 symbols), an entry for the pair x, y at x * n + y: the cells
 * holding both and their candidates, and the valid loops (start, length,
 * cells) the search met, in order, when it searched all the pair's starts
 * without a best step to cut it short. Which loops it meets, and in which
 * order, depends on those cells alone (the places it may go, which cells are
 * the pair exactly, the extras), so while they are the same the search is
 * passed over and loop_steps() sees the same loops again in the same
 * order. With a best step a search would leave out the loops rating too
 * high to win, which loop_steps() turns down anyway. 60 top1465 puzzles:
 * 1.269 G -> 1.255 G instructions. */
#define MEMO_LOOPS 32
#define MEMO_COUNT (3 + 128)
#define MEMO_WORDS (MEMO_COUNT + 1 + 3 * MEMO_LOOPS)

static void memo_loop(loop_search *S)
{
    uint64_t *e = S->rec;
    if (e[MEMO_COUNT] == MEMO_LOOPS) {
        S->overflow = 1;
        return;
    }
    uint64_t *w = e + MEMO_COUNT + 1 + 3 * e[MEMO_COUNT]++;
    w[0] = (uint64_t)S->cells[0] | (uint64_t)S->len << 8;
    w[1] = w[2] = 0;
    for (int i = 0; i < S->len; i++)
        w[1 + i / 8] |= (uint64_t)S->cells[i] << (8 * (i % 8));
}

/* Is the loop valid: do its cells, coloured in turn, meet every house in
 * none of them or in exactly one of each colour? Then the pair can be
 * swapped round it. No house holds two path cells of one colour (fits()
 * let none join such a house), so it is: does every house of a path cell
 * hold both colours (used[] 3)? */
static int valid_loop(const loop_search *S)
{
    sudoku_logic *L = S->L;
    if (S->len % 2)
        return 0;
    for (int i = 0; i < S->len; i++) {
        int nh;
        const int32_t *hs = logic_houses_of(L, S->cells[i], &nh);
        for (int j = 0; j < nh; j++)
            if (S->used[hs[j]] != 3)
                return 0;
    }
    return 1;
}

/* May cell join the path at place `len`: does none of its houses hold a
 * path cell of the same colour (place parity), and has each of its houses
 * that holds no path cell yet another cell the loop may go to (a valid loop
 * meets such a house again)? Every prefix of a valid loop passes, so
 * leaving the others out finds the same loops in the same order (3,000
 * 17-clue puzzles: the loop search took 84% of the rating's instructions
 * before the first test). */
static int fits(const loop_search *S, int cell, int len)
{
    int nh;
    const int32_t *hs = logic_houses_of(S->L, cell, &nh);
    uint8_t colour = (uint8_t)(1u << (len & 1));
    for (int j = 0; j < nh; j++) {
        uint8_t used = S->used[hs[j]];
        if ((used & colour) || (!used && !(S->open[hs[j]] & (S->open[hs[j]] - 1))))
            return 0;
    }
    return 1;
}

/* Marks (on) or clears the houses of cell at place `len` of the path. */
static void mark(loop_search *S, int cell, int len, int on)
{
    int nh;
    const int32_t *hs = logic_houses_of(S->L, cell, &nh);
    uint8_t colour = (uint8_t)(1u << (len & 1));
    for (int j = 0; j < nh; j++)
        S->used[hs[j]] = on ? (uint8_t)(S->used[hs[j]] | colour) : (uint8_t)(S->used[hs[j]] & ~colour);
}

/* Takes cell out of the places the loop may go to. */
static void close_place(loop_search *S, int cell)
{
    S->cells_open[cell >> 6 & 1] &= ~((uint64_t)1 << (cell & 63));
    int nh;
    const int32_t *hs = logic_houses_of(S->L, cell, &nh);
    const uint8_t *pos = S->L->cell_pos + (size_t)cell * (size_t)S->L->per_cell;
    for (int j = 0; j < nh; j++)
        S->open[hs[j]] &= ~((uint64_t)1 << pos[j]);
}

static int loop_rating(int len)
{
    return len >= 10 ? 50 : len >= 8 ? 47 : len >= 6 ? 46 : 45;
}

/* May the path go on to next (not on it, fitting): not when a loop that
 * long rates past the best step kept (a loop through next has len + 1
 * cells or more, an even number), nor past the extras allowed (at most
 * two cells with more than the pair, any number when their extras are one
 * symbol). *more: the extras with next's, *wide: next has some. */
static inline int may_go(const loop_search *S, int next, int allowed_ex, uint64_t ex,
                         uint64_t *more, int *wide)
{
    if (S->best->found && loop_rating((S->len + 2) & ~1) > S->best->rating)
        return 0;
    *more = ex | (S->L->cand[next] & ~S->pair);
    *wide = S->L->cand[next] != S->pair;
    return !*wide || popcount64(*more) == 1 || allowed_ex > 0;
}

static void extend(loop_search *S, int cell, int allowed_ex, uint64_t ex, int last_kind)
{
    sudoku_logic *L = S->L;
    if (S->len == LOOP_MAX)
        return;
    mark(S, cell, S->len, 1);
    S->on[cell] = 1;
    S->cells[S->len++] = cell;
    int nh = L->cell_house_count[cell];
    const int32_t *hs = S->moves + (size_t)cell * (size_t)L->per_cell;
    const uint8_t *kinds = S->move_kind + (size_t)cell * (size_t)L->per_cell;
    for (int j = 0; j < nh; j++) {
        if (kinds[j] == last_kind)
            continue;
        for (uint64_t m = S->open[hs[j]]; m; m &= m - 1) {
            int next = logic_house_cell(L, hs[j], lowest_bit(m));
            if (next == S->cells[0] && S->len >= 4) {
                if (valid_loop(S))
                    loop_steps(L, S->st, S->cand, S->best, S->cells, S->len, S->pair,
                               loop_rating(S->len));
                continue;
            }
            if (S->on[next] || !fits(S, next, S->len))
                continue;
            uint64_t more;
            int wide;
            if (may_go(S, next, allowed_ex, ex, &more, &wide))
                extend(S, next, allowed_ex - wide, more, kinds[j]);
        }
    }
    S->len--;
    S->on[cell] = 0;
    mark(S, cell, S->len, 0);
}

/* The houses of each cell in the order the loop search takes them (box,
 * row, column, the rest) and their kinds, into L, once for the grid's
 * shape: 0 when out of memory. */
static int make_moves(sudoku_logic *L)
{
    size_t slots = (size_t)L->cells * (size_t)L->per_cell;
    L->loop_moves = malloc(sizeof(int32_t) * slots);
    L->loop_move_kind = malloc(slots);
    if (!L->loop_moves || !L->loop_move_kind) {
        free(L->loop_moves);
        free(L->loop_move_kind);
        L->loop_moves = NULL;
        L->loop_move_kind = NULL;
        return 0;
    }
    for (int c = 0; c < L->cells; c++) {
        /* the kinds in Sudoku Explainer's order: box, row, column, the rest
         * (an insertion sort by that rank, keeping the order within a kind) */
        static const uint8_t RANK[5] = {[HOUSE_BOX] = 0, [HOUSE_ROW] = 1, [HOUSE_COLUMN] = 2,
                                        [HOUSE_DIAGONAL] = 3, [HOUSE_WINDOW] = 4};
        int nh;
        const int32_t *hs = logic_houses_of(L, c, &nh);
        int32_t *mv = L->loop_moves + (size_t)c * (size_t)L->per_cell;
        uint8_t *mk = L->loop_move_kind + (size_t)c * (size_t)L->per_cell;
        for (int j = 0; j < nh; j++) {
            int32_t h = hs[j];
            uint8_t kind = L->house_kind[h];
            int k = j;
            for (; k > 0 && RANK[mk[k - 1]] > RANK[kind]; k--) {
                mv[k] = mv[k - 1];
                mk[k] = mk[k - 1];
            }
            mv[k] = h;
            mk[k] = kind;
        }
    }
    int ordered = L->cells <= 128;
    for (int h = 0; h < L->house_count && ordered; h++)
        for (int k = 1; k < L->n; k++)
            ordered &= logic_house_cell(L, h, k - 1) < logic_house_cell(L, h, k);
    if (ordered) {
        uint64_t *hm = calloc(2 * ((size_t)L->house_count + (size_t)L->cells), sizeof(uint64_t));
        if (!hm)
            return 1; /* the search without the sets */
        uint64_t *reach = hm + 2 * (size_t)L->house_count;
        for (int h = 0; h < L->house_count; h++)
            for (int k = 0; k < L->n; k++) {
                int c = logic_house_cell(L, h, k);
                hm[2 * h + (c >> 6)] |= (uint64_t)1 << (c & 63);
            }
        for (int c = 0; c < L->cells; c++) {
            int nh;
            const int32_t *hs = logic_houses_of(L, c, &nh);
            for (int j = 0; j < nh; j++) {
                reach[2 * c] |= hm[2 * hs[j]];
                reach[2 * c + 1] |= hm[2 * hs[j] + 1];
            }
        }
        L->loop_masks = hm;
    }
    return 1;
}

/* valid_loop() on the sets: every house of a path cell holds two of them
 * (one of each colour: fits() let no house take two of one). */
static int valid_loop_masks(const loop_search *S)
{
    sudoku_logic *L = S->L;
    if (S->len % 2)
        return 0;
    for (int i = 0; i < S->len; i++) {
        int nh;
        const int32_t *hs = logic_houses_of(L, S->cells[i], &nh);
        for (int j = 0; j < nh; j++) {
            const uint64_t *hm = S->hmask + 2 * (size_t)hs[j];
            if (popcount64(hm[0] & S->path[0]) + popcount64(hm[1] & S->path[1]) != 2)
                return 0;
        }
    }
    return 1;
}

/* extend() on the sets: the same moves in the same order. */
static void extend_masks(loop_search *S, int cell, int allowed_ex, uint64_t ex, int last_kind)
{
    sudoku_logic *L = S->L;
    if (S->len == LOOP_MAX)
        return;
    uint64_t *blk = S->blocked[S->len & 1];
    const uint64_t *rc = S->reach + 2 * (size_t)cell;
    uint64_t keep0 = blk[0], keep1 = blk[1], bit = (uint64_t)1 << (cell & 63);
    blk[0] |= rc[0];
    blk[1] |= rc[1];
    S->path[cell >> 6] |= bit;
    S->cells[S->len++] = cell;
    const uint64_t *nb = S->blocked[S->len & 1];
    int start = S->cells[0];
    uint64_t may[2];
    for (int k = 0; k < 2; k++)
        may[k] = S->cells_open[k] & ~S->path[k] & ~nb[k] & ~S->dead[k];
    if (S->len >= 4)
        may[start >> 6] |= (uint64_t)1 << (start & 63);
    int nh = L->cell_house_count[cell];
    const int32_t *hs = S->moves + (size_t)cell * (size_t)L->per_cell;
    const uint8_t *kinds = S->move_kind + (size_t)cell * (size_t)L->per_cell;
    for (int j = 0; j < nh; j++) {
        if (kinds[j] == last_kind)
            continue;
        const uint64_t *hm = S->hmask + 2 * (size_t)hs[j];
        for (int k = 0; k < 2; k++)
            for (uint64_t m = hm[k] & may[k]; m; m &= m - 1) {
                int next = k * 64 + lowest_bit(m);
                if (next == start) {
                    if (valid_loop_masks(S) && (!S->rec || (memo_loop(S), 1)))
                        loop_steps(L, S->st, S->cand, S->best, S->cells, S->len, S->pair,
                                   loop_rating(S->len));
                    continue;
                }
                uint64_t more;
                int wide;
                if (may_go(S, next, allowed_ex, ex, &more, &wide))
                    extend_masks(S, next, allowed_ex - wide, more, kinds[j]);
            }
    }
    S->len--;
    S->path[cell >> 6] &= ~bit;
    blk[0] = keep0;
    blk[1] = keep1;
}

static uint64_t *memo_entry(const loop_search *S)
{
    sudoku_logic *L = S->L;
    int x = lowest_bit(S->pair), y = lowest_bit(S->pair & (S->pair - 1));
    return L->loop_memo + (size_t)(x * L->n + y) * MEMO_WORDS;
}

/* Does the memory hold the pair's cells (cells_open before any is closed)
 * as they are? */
static int memo_holds(const loop_search *S)
{
    const uint64_t *e = memo_entry(S);
    if (!e[0] || e[1] != S->cells_open[0] || e[2] != S->cells_open[1])
        return 0;
    const uint64_t *cand = e + 3;
    for (int k = 0; k < 2; k++)
        for (uint64_t m = S->cells_open[k]; m; m &= m - 1)
            if (*cand++ != S->L->cand[k * 64 + lowest_bit(m)])
                return 0;
    return 1;
}

static void memo_keep(loop_search *S, uint64_t pair)
{
    sudoku_logic *L = S->L;
    S->pair = pair;
    uint64_t *e = memo_entry(S), *cand = e + 3;
    e[0] = 1;
    e[1] = e[2] = 0;
    for (int c = 0; c < L->cells; c++)
        if ((L->cand[c] & pair) == pair) {
            e[1 + (c >> 6)] |= (uint64_t)1 << (c & 63);
            *cand++ = L->cand[c];
        }
}

/* loop_steps() for the loops the memory holds from start a, in order. */
static void memo_replay(loop_search *S, int a)
{
    const uint64_t *e = memo_entry(S);
    for (uint64_t k = 0; k < e[MEMO_COUNT]; k++) {
        const uint64_t *w = e + MEMO_COUNT + 1 + 3 * k;
        if ((int)(w[0] & 0xff) != a)
            continue;
        int len = (int)(w[0] >> 8);
        int32_t cells[LOOP_MAX];
        for (int i = 0; i < len; i++)
            cells[i] = (int32_t)(w[1 + i / 8] >> (8 * (i % 8)) & 0xff);
        loop_steps(S->L, S->st, S->cand, S->best, cells, len, S->pair, loop_rating(len));
    }
}

int find_unique_rectangle(sudoku_logic *L, sudoku_step *st)
{
    rect_best best = {0, 0, 0};
    loop_search S = {L, st, L->scratch_step, &best, 0, {0}, 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
                     {0, 0}, {0, 0}, {0, 0}, {{0, 0}, {0, 0}}, NULL, 0};
    if (!L->loop_moves && !make_moves(L)) {
        L->oom = 1;
        return 0;
    }
    S.moves = L->loop_moves;
    S.move_kind = L->loop_move_kind;
    if (L->loop_masks) {
        S.hmask = L->loop_masks;
        S.reach = L->loop_masks + 2 * (size_t)L->house_count;
    }
    S.open = malloc(sizeof(uint64_t) * (size_t)L->house_count);
    S.used = calloc((size_t)L->house_count + (size_t)L->cells, 1);
    if (!S.open || !S.used) {
        free(S.open);
        free(S.used);
        L->oom = 1;
        return 0;
    }
    S.on = S.used + L->house_count;
    if (S.hmask && L->n <= 16 && !L->loop_memo)
        L->loop_memo = calloc((size_t)L->n * (size_t)L->n * MEMO_WORDS, sizeof(uint64_t));
    /* each pair's search in this call: 0 none yet, 1 searched with no best
     * step, 2 otherwise, 3 passed over (the memory holds) */
    uint8_t state[256] = {0};
    int memo = S.hmask && L->loop_memo, skip = 0, broke = 0;
    size_t at = 0;
    /* the places of each symbol in each house, for the open places of each
     * pair below */
    const uint64_t *places = logic_places_table(L); /* made once a grid */
    int prev = -1;
    for (int a = 0; a < L->cells; a++) {
        if (L->value[a] || popcount64(L->cand[a]) != 2)
            continue;
        if (best.found && best.rating == 45 && best.type == 1) {
            broke = 1;
            break; /* the lowest there is: a rectangle of type 1 */
        }
        /* The open places of this pair but the cells of exactly the pair
         * before a: each was a start itself, and every loop through it was
         * met then, in the search from it (the moves of a valid loop differ
         * in kind and its extras do not depend on where it starts), and
         * meeting one again records nothing. Left out of the places, they
         * are not moved to, nor count as a place a house has (fits()). */
        if (L->cand[a] != S.pair) { /* S.pair 0 at first */
            S.pair = L->cand[a];
            size_t x = (size_t)lowest_bit(S.pair), y = (size_t)lowest_bit(S.pair & (S.pair - 1));
            for (int h = 0; h < L->house_count; h++)
                S.open[h] = places[(size_t)h * (size_t)L->n + x] & places[(size_t)h * (size_t)L->n + y];
            if (S.hmask) {
                /* every cell is in one row (the first n houses) */
                S.cells_open[0] = S.cells_open[1] = 0;
                for (int h = 0; h < L->n; h++)
                    for (uint64_t m = S.open[h]; m; m &= m - 1) {
                        int c = logic_house_cell(L, h, lowest_bit(m));
                        S.cells_open[c >> 6] |= (uint64_t)1 << (c & 63);
                    }
                if (memo) {
                    at = (size_t)(lowest_bit(S.pair) * L->n + lowest_bit(S.pair & (S.pair - 1)));
                    if (state[at] == 0) {
                        if (memo_holds(&S)) {
                            state[at] = 3;
                        } else {
                            uint64_t *e = memo_entry(&S);
                            e[0] = 0;
                            e[MEMO_COUNT] = 0;
                        }
                    }
                    skip = state[at] == 3;
                    S.rec = state[at] < 2 ? memo_entry(&S) : NULL;
                }
                for (int k = 0; k < 2 && k * 64 < a; k++) {
                    uint64_t before = a - k * 64 >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << (a - k * 64)) - 1;
                    for (uint64_t m = S.cells_open[k] & before; m; m &= m - 1) {
                        int c = k * 64 + lowest_bit(m);
                        if (L->cand[c] == S.pair)
                            close_place(&S, c);
                    }
                }
            } else {
                for (int c = 0; c < a; c++)
                    if (!L->value[c] && L->cand[c] == S.pair)
                        close_place(&S, c);
            }
        } else {
            close_place(&S, prev); /* the last start, of the same pair */
        }
        prev = a;
        S.len = 0;
        if (skip) {
            memo_replay(&S, a);
            continue;
        }
        if (!fits(&S, a, 0)) /* each house of the start has another place */
            continue;
        if (!S.hmask) {
            extend(&S, a, 2, 0, -1);
            continue;
        }
        S.dead[0] = S.dead[1] = 0;
        for (int h = 0; h < L->house_count; h++)
            if (S.open[h] && !(S.open[h] & (S.open[h] - 1))) {
                int c = logic_house_cell(L, h, lowest_bit(S.open[h]));
                S.dead[c >> 6] |= (uint64_t)1 << (c & 63);
            }
        S.overflow = 0;
        extend_masks(&S, a, 2, 0, -1);
        if (memo) {
            state[at] = S.overflow || best.found ? 2 : state[at] ? state[at] : 1;
            if (state[at] == 2)
                S.rec = NULL;
        }
    }
    if (memo && !broke)
        for (size_t k = 0; k < (size_t)L->n * (size_t)L->n; k++)
            if (state[k] == 1)
                memo_keep(&S, (uint64_t)1 << (k / (size_t)L->n) | (uint64_t)1 << (k % (size_t)L->n));
    free(S.open);
    free(S.used);
    return best.found;
}
