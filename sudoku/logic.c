/* SPDX-License-Identifier: MIT */
/* logic.c - the human-style solver's handle: built once per shape (the
 * houses come from a dancing-links solver it owns, which also finds the
 * solution a guess takes its value from), started on a puzzle, then moved
 * on one step at a time by the easiest technique that applies. The
 * techniques themselves are in tech_*.c, their table in techniques.c. */
#include "logic_internal.h"

#include <stdlib.h>
#include <string.h>

#define BITS2(k) k, k + 1, k + 1, k + 2
#define BITS4(k) BITS2(k), BITS2(k + 1), BITS2(k + 1), BITS2(k + 2)
#define BITS6(k) BITS4(k), BITS4(k + 1), BITS4(k + 1), BITS4(k + 2)
const uint8_t logic_bit_count[256] = {BITS6(0), BITS6(1), BITS6(1), BITS6(2)};
#undef BITS2
#undef BITS4
#undef BITS6

/* The kind of every house, from the order build_houses() (solver.c) lists
 * them in: rows, columns, boxes or regions, the two diagonals, the windows. */
static void classify_houses(sudoku_logic *L)
{
    int n = L->n;
    int diag = (sudoku_solver_shape(L->solver)->variant & SUDOKU_X) ? 2 : 0;
    for (int h = 0; h < L->house_count; h++)
        L->house_kind[h] = h < n           ? HOUSE_ROW
                         : h < 2 * n       ? HOUSE_COLUMN
                         : h < 3 * n       ? HOUSE_BOX
                         : h < 3 * n + diag ? HOUSE_DIAGONAL
                                           : HOUSE_WINDOW;
    int k = 0;
    for (int boxlike = 1; boxlike >= 0; boxlike--) {
        for (int h = 0; h < L->house_count; h++)
            if (HOUSE_IS_BOXLIKE(L->house_kind[h]) == boxlike)
                L->houses_by_kind[k++] = h;
        if (boxlike)
            L->nboxlike = k;
    }
}

/* The position of cell in house h, or -1. */
static int position_in(const sudoku_logic *L, int h, int cell)
{
    for (int k = 0; k < L->n; k++)
        if (logic_house_cell(L, h, k) == cell)
            return k;
    return -1;
}

/* Every ordered pair of houses sharing two or more cells, with the shared
 * positions on both sides. Counted through each cell's house list, so the
 * cost is cells * houses-per-cell squared, not houses squared. */
static int build_pairs(sudoku_logic *L)
{
    int hc = L->house_count;
    int *shared = calloc((size_t)hc * (size_t)hc, sizeof(int));
    if (!shared)
        return SUDOKU_ENOMEM;
    for (int i = 0; i < L->cells; i++) {
        int nh;
        const int32_t *hs = logic_houses_of(L, i, &nh);
        for (int x = 0; x < nh; x++)
            for (int y = 0; y < nh; y++)
                if (x != y)
                    shared[hs[x] * hc + hs[y]]++;
    }
    int count = 0;
    for (int k = 0; k < hc * hc; k++)
        if (shared[k] >= 2)
            count++;
    L->pairs = malloc(sizeof(house_pair) * (size_t)(count ? count : 1));
    if (!L->pairs) {
        free(shared);
        return SUDOKU_ENOMEM;
    }
    L->npairs = 0;
    for (int a = 0; a < hc; a++)
        for (int b = 0; b < hc; b++) {
            if (shared[a * hc + b] < 2)
                continue;
            house_pair *p = &L->pairs[L->npairs++];
            p->a = a;
            p->b = b;
            p->in_a = p->in_b = 0;
            for (int k = 0; k < L->n; k++) {
                int pb = position_in(L, b, logic_house_cell(L, a, k));
                if (pb >= 0) {
                    p->in_a |= (uint64_t)1 << k;
                    p->in_b |= (uint64_t)1 << pb;
                }
            }
        }
    free(shared);
    /* split by kind for locked candidates (tech_locked.c), which looks at
     * one kind a call */
    L->locked_pairs = malloc(sizeof(house_pair) * (size_t)(L->npairs ? L->npairs : 1));
    L->cell_pos = malloc((size_t)L->cells * (size_t)L->per_cell);
    if (!L->locked_pairs || !L->cell_pos)
        return SUDOKU_ENOMEM;
    int k = 0;
    for (int boxlike = 1; boxlike >= 0; boxlike--) {
        for (int p = 0; p < L->npairs; p++)
            if (HOUSE_IS_BOXLIKE(L->house_kind[L->pairs[p].a]) == boxlike)
                L->locked_pairs[k++] = L->pairs[p];
        if (boxlike)
            L->nlocked_pointing = k;
    }
    for (int c = 0; c < L->cells; c++) {
        int nh;
        const int32_t *hs = logic_houses_of(L, c, &nh);
        for (int j = 0; j < nh; j++)
            L->cell_pos[(size_t)c * (size_t)L->per_cell + (size_t)j] = (uint8_t)position_in(L, hs[j], c);
    }
    uint64_t *at = calloc((size_t)L->house_count * (size_t)L->n, sizeof(uint64_t));
    if (!at)
        return SUDOKU_ENOMEM;
    for (int p = 0, first = 0; p < L->npairs; p++) {
        const house_pair *hp = &L->locked_pairs[p];
        if (p > 0 && hp->a != L->locked_pairs[p - 1].a)
            first = p;
        if (p - first >= 64) {
            free(at);
            return SUDOKU_OK; /* locked candidates test each pair */
        }
        for (uint64_t m = hp->in_a; m; m &= m - 1)
            at[(size_t)hp->a * (size_t)L->n + (size_t)lowest_bit(m)] |= (uint64_t)1 << (p - first);
    }
    L->locked_at = at;
    return SUDOKU_OK;
}

/* peers (see sudoku_logic): what a placement takes its symbol from. */
static int build_peers(sudoku_logic *L)
{
    if (L->cells > 1024)
        return SUDOKU_OK; /* NULL: logic_place() walks the houses */
    L->max_peers = L->per_cell * (L->n - 1);
    L->peers = malloc(sizeof(int32_t) * (size_t)L->cells * (size_t)L->max_peers);
    L->npeers = calloc((size_t)L->cells, sizeof(int32_t));
    if (!L->peers || !L->npeers)
        return SUDOKU_ENOMEM;
    for (int c = 0; c < L->cells; c++) {
        int32_t stamp = logic_new_stamp(L), *row = L->peers + (size_t)c * (size_t)L->max_peers;
        L->mark[c] = stamp;
        int nh;
        const int32_t *hs = logic_houses_of(L, c, &nh);
        for (int j = 0; j < nh; j++)
            for (int k = 0; k < L->n; k++) {
                int x = logic_house_cell(L, hs[j], k);
                if (L->mark[x] != stamp) {
                    L->mark[x] = stamp;
                    row[L->npeers[c]++] = x;
                }
            }
    }
    if (L->cells <= 128) {
        L->peer_sets = calloc(2 * (size_t)L->cells, sizeof(uint64_t));
        if (!L->peer_sets)
            return SUDOKU_ENOMEM;
        for (int c = 0; c < L->cells; c++) {
            const int32_t *row = L->peers + (size_t)c * (size_t)L->max_peers;
            for (int k = 0; k < L->npeers[c]; k++)
                L->peer_sets[2 * c + (row[k] >> 6)] |= (uint64_t)1 << (row[k] & 63);
        }
    }
    return SUDOKU_OK;
}

sudoku_logic *sudoku_logic_new(const sudoku_shape *shape, int *err)
{
    int dummy;
    if (!err)
        err = &dummy;
    sudoku_solver *s = sudoku_solver_new(shape, SUDOKU_DLX, err);
    if (!s)
        return NULL;
    sudoku_logic *L = calloc(1, sizeof *L);
    if (!L) {
        sudoku_solver_free(s);
        *err = SUDOKU_ENOMEM;
        return NULL;
    }
    L->solver = s;
    L->places_version = ~(uint64_t)0; /* no table of places (0 after logic_forget(),
                                         when the version is 1 or more) */
    /* the solution and its uniqueness: on the plain 9x9 grid the band
     * solver finds them in microseconds (there, too fast to need the stop
     * signal the dlx one answers); elsewhere the dlx one */
    int ignored;
    L->counter = sudoku_solver_new(shape, SUDOKU_BAND, &ignored);
    L->n = s->n;
    L->cells = s->cells;
    L->house_count = s->house_count;
    L->per_cell = s->per_cell;
    L->full = L->n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << L->n) - 1;
    L->house_cells = s->house_cells;
    L->cell_houses = s->cell_houses;
    L->cell_house_count = s->cell_house_count;
    L->allowed = ~(uint64_t)0;
    size_t cells = (size_t)L->cells;
    L->house_kind = malloc((size_t)L->house_count);
    L->houses_by_kind = malloc(sizeof(int32_t) * (size_t)L->house_count);
    L->value = calloc(cells, 1);
    L->cand = calloc(cells, sizeof(uint64_t));
    L->solution = calloc(cells, 1);
    L->mark = calloc(cells, sizeof(int32_t));
    L->list = malloc(cells * sizeof(int32_t));
    L->list2 = malloc(cells * sizeof(int32_t));
    L->colour = malloc(cells);
    L->house_places = malloc(sizeof(uint64_t) * (size_t)L->house_count);
    L->places_tab = malloc(sizeof(uint64_t) * (size_t)L->house_count * (size_t)L->n);
    L->save_value = malloc(cells);
    L->save_cand = malloc(cells * sizeof(uint64_t));
    L->have = calloc((size_t)L->house_count, sizeof(uint64_t));
    L->save_have = calloc((size_t)L->house_count, sizeof(uint64_t));
    L->house_version = calloc((size_t)L->house_count, sizeof(uint64_t));
    L->one_blank = calloc((size_t)(L->house_count + 63) / 64, sizeof(uint64_t));
    L->scratch_step = malloc(sizeof *L->scratch_step);
    if (!L->house_kind || !L->houses_by_kind || !L->value || !L->cand || !L->solution || !L->mark || !L->list ||
        !L->list2 || !L->colour || !L->house_places || !L->places_tab || !L->save_value || !L->save_cand || !L->have || !L->save_have ||
        !L->house_version || !L->one_blank ||
        !L->scratch_step) {
        sudoku_logic_free(L);
        *err = SUDOKU_ENOMEM;
        return NULL;
    }
    classify_houses(L);
    if ((*err = build_peers(L)) != SUDOKU_OK || (*err = build_pairs(L)) != SUDOKU_OK) {
        sudoku_logic_free(L);
        return NULL;
    }
    return L;
}

void sudoku_logic_free(sudoku_logic *L)
{
    if (!L)
        return;
    sudoku_solver_free(L->solver);
    sudoku_solver_free(L->counter);
    free(L->house_kind);
    free(L->houses_by_kind);
    free(L->peers);
    free(L->npeers);
    free(L->peer_sets);
    free(L->pairs);
    free(L->locked_pairs);
    free(L->locked_at);
    free(L->cell_pos);
    free(L->loop_moves);
    free(L->loop_move_kind);
    free(L->loop_masks);
    free(L->loop_memo);
    free(L->value);
    free(L->cand);
    free(L->solution);
    free(L->mark);
    free(L->list);
    free(L->list2);
    free(L->colour);
    free(L->house_places);
    free(L->places_tab);
    free(L->save_value);
    free(L->save_cand);
    free(L->have);
    free(L->save_have);
    free(L->house_version);
    free(L->one_blank);
    free(L->scratch_step);
    chain_engine_free(L->chains);
    free(L->aligned_ex);
    aligned_memo_free(L->aligned_memo);
    free(L);
}

sudoku_solver *sudoku_logic_solver(sudoku_logic *L)
{
    return L ? L->solver : NULL;
}

int sudoku_logic_start(sudoku_logic *L, const uint8_t *givens)
{
    if (!L || !givens)
        return SUDOKU_EINVAL;
    L->started = 0;
    int64_t count = sudoku_solve(L->counter ? L->counter : L->solver, givens, 2, L->solution, NULL);
    if (count < 0 && L->counter) /* the dlx solver says what is wrong */
        count = sudoku_solve(L->solver, givens, 2, L->solution, NULL);
    if (count < 0)
        return (int)count;
    L->solutions = (int)count;
    logic_load(L, givens);
    L->started = 1;
    L->oom = 0;
    return L->solutions;
}

int logic_start_known(sudoku_logic *L, const uint8_t *givens, const uint8_t *solution)
{
    memcpy(L->solution, solution, (size_t)L->cells);
    L->solutions = 1;
    logic_load(L, givens);
    L->started = 1;
    L->oom = 0;
    return 1;
}

void sudoku_logic_allow(sudoku_logic *L, uint64_t techniques)
{
    if (L)
        L->allowed = techniques;
}

/* The guess, when nothing else applies: the blank with the fewest
 * candidates (the first in reading order among equals) gets its value in
 * the solution. Only with a solution. */
int find_guess(sudoku_logic *L, sudoku_step *st)
{
    if (L->solutions == 0)
        return 0;
    int best = -1, fewest = 65;
    for (int i = 0; i < L->cells; i++) {
        if (L->value[i])
            continue;
        int c = popcount64(L->cand[i]);
        if (c < fewest) {
            fewest = c;
            best = i;
        }
    }
    if (best < 0 || !(L->cand[best] & digit_bit(L->solution[best])))
        return 0;
    step_place(st, best, L->solution[best], -1);
    st->digits = L->cand[best];
    st->candidates = fewest;
    return 1;
}

/* A blank cell without candidates, or a house where a missing symbol has
 * no place left: the grid has no solution. Cheap next to the techniques. */
static int grid_broken(sudoku_logic *L)
{
    /* A grid that still holds a solution is whole (each house's missing
     * symbols have their solution's cells, blank, as places): one test a
     * cell instead of the houses' too, which were half the rater's
     * instructions on kaggle's singles (200 puzzles: 39.6 M -> 29.6 M);
     * and once seen, sudoku_logic_apply() keeps track (the test a cell was
     * a third of them: 2,000 kaggle puzzles 284 M -> 190 M). */
    if (L->holds)
        return 0;
    if (L->solutions > 0 && L->solution) {
        int holds = 1;
        for (int i = 0; i < L->cells && holds; i++)
            holds = L->value[i] ? L->value[i] == L->solution[i]
                                : (L->cand[i] & digit_bit(L->solution[i])) != 0;
        if (holds) {
            L->holds = 1;
            return 0;
        }
    }
    for (int i = 0; i < L->cells; i++)
        if (!L->value[i] && !L->cand[i])
            return 1;
    for (int h = 0; h < L->house_count; h++) {
        uint64_t can = 0;
        const int32_t *hc = L->house_cells + (size_t)h * (size_t)L->n;
        for (int k = 0; k < L->n; k++)
            can |= L->cand[hc[k]];
        uint64_t missing = L->full & ~L->have[h];
        if ((can & missing) != missing)
            return 1;
    }
    return 0;
}

int sudoku_logic_find(sudoku_logic *L, int technique, sudoku_step *step)
{
    if (!L || !step || !L->started)
        return SUDOKU_EINVAL;
    technique_fn fn = technique_finder(technique);
    if (!fn)
        return SUDOKU_EINVAL;
    if ((technique == SUDOKU_UNIQUE_RECTANGLE || technique == SUDOKU_BUG) && L->solutions != 1)
        return 0;
    step_begin(step, technique);
    return fn(L, step);
}

/* The direct techniques: their eliminations say why the single appears, and
 * only the single is applied (as in Sudoku Explainer, whose path the rating
 * follows: the plain technique finds those eliminations again if it needs
 * them). */
static int places_only(int technique)
{
    return technique == SUDOKU_DIRECT_POINTING || technique == SUDOKU_DIRECT_CLAIMING ||
           technique == SUDOKU_DIRECT_HIDDEN_PAIR || technique == SUDOKU_DIRECT_HIDDEN_TRIPLE;
}

int sudoku_logic_apply(sudoku_logic *L, const sudoku_step *st)
{
    if (!L || !st || !L->started)
        return SUDOKU_EINVAL;
    int nelims = places_only(st->technique) && st->cell >= 0 ? 0 : st->nelims;
    uint64_t v = ++L->version;
    for (int k = 0; k < nelims && k < SUDOKU_STEP_MAX_ELIMS; k++) {
        const sudoku_elim *e = &st->elims[k];
        if (e->cell < 0 || e->cell >= L->cells || e->digit < 1 || e->digit > L->n)
            return SUDOKU_EINVAL;
        if (L->cand[e->cell] & digit_bit(e->digit)) {
            L->cand[e->cell] &= ~digit_bit(e->digit);
            logic_drop(L, e->cell, e->digit - 1, v);
            if (L->places_version == v - 1) /* made for the grid before: follows */
                logic_places_drop(L, e->cell, digit_bit(e->digit));
        }
        if (L->holds && L->solution[e->cell] == e->digit)
            L->holds = 0;
    }
    if (L->places_version == v - 1) /* the table of places (logic_places_table()) */
        L->places_version = v;
    if (st->cell >= 0) {
        if (st->cell >= L->cells || st->digit < 1 || st->digit > L->n || L->value[st->cell])
            return SUDOKU_EINVAL;
        logic_place(L, st->cell, st->digit);
        if (L->holds && L->solution[st->cell] != st->digit)
            L->holds = 0;
    }
    return SUDOKU_OK;
}

int sudoku_logic_next(sudoku_logic *L, sudoku_step *step)
{
    if (!L || !step || !L->started)
        return SUDOKU_EINVAL;
    if (L->blanks == 0)
        return 0;
    if (grid_broken(L))
        return SUDOKU_ECONFLICT;
    for (int t = 0; t < SUDOKU_TECHNIQUE_COUNT; t++) {
        if (!(L->allowed & ((uint64_t)1 << t)))
            continue;
        int found = sudoku_logic_find(L, t, step);
        if (L->oom) /* a step missed for want of memory would change the path */
            return SUDOKU_ENOMEM;
        if (found == 1) {
            sudoku_logic_apply(L, step);
            return 1;
        }
    }
    return SUDOKU_ESTUCK;
}

int sudoku_logic_value(const sudoku_logic *L, int cell)
{
    if (!L || cell < 0 || cell >= L->cells)
        return 0;
    return L->value[cell];
}

uint64_t sudoku_logic_candidates(const sudoku_logic *L, int cell)
{
    if (!L || cell < 0 || cell >= L->cells)
        return 0;
    return L->cand[cell];
}

int sudoku_logic_blanks(const sudoku_logic *L)
{
    return L ? L->blanks : 0;
}

const uint8_t *sudoku_logic_solution(const sudoku_logic *L)
{
    return L && L->started && L->solutions > 0 ? L->solution : NULL;
}

int sudoku_logic_sees(const sudoku_logic *L, int a, int b)
{
    if (!L || a < 0 || b < 0 || a >= L->cells || b >= L->cells)
        return 0;
    return logic_sees(L, a, b);
}
