/* SPDX-License-Identifier: MIT */
/* solve_big.c - the search for big plain grids (25 x 25 to 49 x 49, what
 * SUDOKU_DLX runs there): candidates as bit sets, strong propagation,
 * learned weights, restarts.
 *
 * Near the hard region (about 40% of a 25 x 25 given) every complete search
 * has the heavy-tailed run times of Latin-square completion (Gomes, Selman,
 * Crato, Kautz 2000): most puzzles take a few thousand nodes, some many
 * millions, and which ones depends on the order ties are broken in. Three
 * things cut that tail here:
 *  - more inference a node: naked singles, hidden singles, and locked
 *    candidates both ways (a box's symbol whose places lie in one row or
 *    column leaves the rest of that line; a line's symbol whose places lie
 *    in one box leaves the rest of the box), to a fixed point;
 *  - where to branch, dom/wdeg (Boussemart, Hemery, Lecoutre, Sais 2004):
 *    each house counts the dead ends met in it, and the search branches on
 *    the open cell with the fewest candidates for the weight of its three
 *    houses, or on a house's symbol with two places left when 2 over the
 *    house's weight is lower (the exact-cover view: a (house, symbol) item
 *    is an item like a cell's); ties at random;
 *  - restarts: a run that has not found a solution within its budget of
 *    nodes starts again from the root with the next seed, keeping the
 *    weights it learned; the budgets follow Luby, Sinclair and Zuckerman's
 *    universal sequence (1 1 2 1 1 2 4 ...) times a unit, within a log
 *    factor of the best fixed budget whatever the distribution of run
 *    times. The seeds are fixed: a puzzle takes the same path every time.
 * Of the 40 puzzles of docs/sudoku.md ("Big grids"), first solution,
 * under 1 s of CPU: no restarts 21, restarts alone 32 to 34, with the
 * weights 40 (the slowest 0.6 s).
 * Once a run has found a solution it runs to its end, with no budget, so a
 * count, uniqueness or the list of solutions is that of one complete
 * search, and no solution is reported twice (a run given up has reported
 * none). A run that ends within its budget without a solution has proved
 * there is none.
 *
 * Candidates are one 64-bit mask a cell; changes go on a trail, undone on
 * the way back (no copy of the grid a node). A node is a guess; the forced
 * moves of the propagation are not counted. */
#include "sudoku_internal.h"

#include <stdlib.h>
#include <string.h>

typedef struct trail_entry {
    int32_t cell;
    uint64_t old;
} trail_entry;

typedef struct big_frame {
    int32_t cell;        /* a cell's branch: its symbols; or -1 */
    int32_t house;       /* a house's branch: where its symbol goes; or -1 */
    uint64_t symbol;     /* (house's branch) the symbol, one bit */
    uint64_t rest;       /* symbols (or places in the house) not tried yet */
    size_t trail;        /* the trail and the assigned list before this */
    int32_t assigned;    /* frame's guesses */
} big_frame;

struct sudoku_big {
    int n, cells, box_rows, box_cols;
    int boxes_across, boxes_down; /* boxes in a row of boxes; in a column */
    uint64_t full;
    uint64_t *cand;      /* cells */
    int32_t *peers;      /* cells * npeers */
    int npeers;
    trail_entry *trail;  /* at most cells * n entries */
    size_t trail_len;
    int32_t *assigned;   /* cells assigned, in order (their symbols in s->grid) */
    int32_t assigned_len;
    int32_t *queue;      /* cells left with one candidate, to assign */
    int32_t queue_len;
    uint8_t *dirty;      /* 3n houses: rows, columns, boxes, changed since the
                            last look for hidden singles */
    uint64_t *row_seg;   /* n * boxes_across: a row's candidates in each box */
    uint64_t *col_seg;   /* n * boxes_down: a column's in each box */
    big_frame *frames;   /* cells + 1 */
    uint32_t *weight;    /* 3n houses: dead ends met there, plus 1 */
    int16_t *houses_of;  /* cells * 3: a cell's row, column and box */
    uint64_t *placed;    /* 3n houses: the symbols placed in each */
    uint64_t rng;
};

/* (without -mpopcnt the builtin is a call into libgcc) */
static inline int popcount64(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((x * 0x0101010101010101ull) >> 56);
}
static inline int lowest(uint64_t x) { return __builtin_ctzll(x); }

static inline int box_of(const struct sudoku_big *b, int r, int c)
{
    return r / b->box_rows * b->boxes_across + c / b->box_cols;
}

int sudoku_big_fits(const sudoku_shape *sh)
{
    return sh->n >= 25 && sh->n <= 49 && !sh->regions && !sh->variant && sh->box_rows > 0 &&
           sh->box_cols > 0 && sh->box_rows * sh->box_cols == sh->n;
}

void sudoku_big_free(struct sudoku_big *b)
{
    if (!b)
        return;
    free(b->cand);
    free(b->peers);
    free(b->trail);
    free(b->assigned);
    free(b->queue);
    free(b->dirty);
    free(b->row_seg);
    free(b->col_seg);
    free(b->frames);
    free(b->weight);
    free(b->houses_of);
    free(b->placed);
    free(b);
}

struct sudoku_big *sudoku_big_new(const sudoku_shape *sh)
{
    struct sudoku_big *b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    int n = sh->n, cells = n * n;
    b->n = n;
    b->cells = cells;
    b->box_rows = sh->box_rows;
    b->box_cols = sh->box_cols;
    b->boxes_across = n / sh->box_cols;
    b->boxes_down = n / sh->box_rows;
    b->full = n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
    /* a cell's row, its column, and the rest of its box */
    b->npeers = 2 * (n - 1) + (sh->box_rows - 1) * (sh->box_cols - 1);
    b->cand = malloc(sizeof *b->cand * (size_t)cells);
    b->peers = malloc(sizeof *b->peers * (size_t)cells * (size_t)b->npeers);
    b->trail = malloc(sizeof *b->trail * (size_t)cells * (size_t)n);
    b->assigned = malloc(sizeof *b->assigned * (size_t)cells);
    b->queue = malloc(sizeof *b->queue * (size_t)cells * (size_t)n);
    b->dirty = malloc((size_t)(3 * n));
    b->row_seg = malloc(sizeof *b->row_seg * (size_t)n * (size_t)b->boxes_across);
    b->col_seg = malloc(sizeof *b->col_seg * (size_t)n * (size_t)b->boxes_down);
    b->frames = malloc(sizeof *b->frames * (size_t)(cells + 1));
    b->weight = malloc(sizeof *b->weight * (size_t)(3 * n));
    b->houses_of = malloc(sizeof *b->houses_of * 3 * (size_t)cells);
    b->placed = malloc(sizeof *b->placed * (size_t)(3 * n));
    if (!b->placed || !b->weight || !b->houses_of || !b->cand || !b->peers || !b->trail || !b->assigned || !b->queue || !b->dirty ||
        !b->row_seg || !b->col_seg || !b->frames) {
        sudoku_big_free(b);
        return NULL;
    }
    for (int i = 0; i < cells; i++) {
        int r = i / n, c = i % n, k = 0;
        b->houses_of[3 * i] = (int16_t)r;
        b->houses_of[3 * i + 1] = (int16_t)(n + c);
        b->houses_of[3 * i + 2] = (int16_t)(2 * n + box_of(b, r, c));
        int32_t *p = b->peers + (size_t)i * (size_t)b->npeers;
        for (int j = 0; j < n; j++) {
            if (j != c)
                p[k++] = r * n + j;
            if (j != r)
                p[k++] = j * n + c;
        }
        int r0 = r - r % sh->box_rows, c0 = c - c % sh->box_cols;
        for (int rr = r0; rr < r0 + sh->box_rows; rr++)
            for (int cc = c0; cc < c0 + sh->box_cols; cc++)
                if (rr != r && cc != c)
                    p[k++] = rr * n + cc;
    }
    return b;
}

/* ==== The trail and the propagation ========================================== */

static inline void mark_dirty(struct sudoku_big *b, int cell)
{
    const int16_t *h = b->houses_of + 3 * cell;
    b->dirty[h[0]] = b->dirty[h[1]] = b->dirty[h[2]] = 1;
}

/* Takes the candidates `bits` out of cell. 0 when the cell is left with none.
 * A cell left with one goes on the queue. */
static inline int take_out(struct sudoku_big *b, int cell, uint64_t bits)
{
    uint64_t old = b->cand[cell];
    if (!(old & bits))
        return 1;
    uint64_t now = old & ~bits;
    b->trail[b->trail_len++] = (trail_entry){.cell = cell, .old = old};
    b->cand[cell] = now;
    mark_dirty(b, cell);
    if (!now) {
        const int16_t *h = b->houses_of + 3 * cell;
        b->weight[h[0]]++;
        b->weight[h[1]]++;
        b->weight[h[2]]++;
        return 0;
    }
    if (!(now & (now - 1)))
        b->queue[b->queue_len++] = cell;
    return 1;
}

/* Places cell's one candidate: it leaves the cell's peers. */
static int assign(sudoku_solver *s, struct sudoku_big *b, int cell)
{
    uint64_t bit = b->cand[cell];
    const int16_t *h = b->houses_of + 3 * cell;
    s->grid[cell] = (uint8_t)(lowest(bit) + 1);
    b->assigned[b->assigned_len++] = cell;
    b->placed[h[0]] |= bit;
    b->placed[h[1]] |= bit;
    b->placed[h[2]] |= bit;
    const int32_t *p = b->peers + (size_t)cell * (size_t)b->npeers;
    for (int k = 0; k < b->npeers; k++)
        if (!take_out(b, p[k], bit))
            return 0;
    return 1;
}

/* The cells of house h (rows, columns, boxes, as build_houses() numbers
 * them). */
static inline const int32_t *house(const sudoku_solver *s, int h)
{
    return s->house_cells + (size_t)h * (size_t)s->n;
}

/* Hidden singles and dead ends in the houses changed since the last look.
 * Returns 0 at a dead end (a symbol with no place in a house); *found: a
 * single was found (and queued). */
static int hidden_singles(sudoku_solver *s, struct sudoku_big *b, int *found)
{
    int n = b->n;
    for (int h = 0; h < 3 * n; h++) {
        if (!b->dirty[h])
            continue;
        b->dirty[h] = 0;
        const int32_t *hc = house(s, h);
        uint64_t once = 0, twice = 0;
        for (int k = 0; k < n; k++) {
            uint64_t m = b->cand[hc[k]];
            twice |= once & m;
            once |= m;
        }
        if (once != b->full) {
            b->weight[h]++;
            return 0;
        }
        uint64_t single = once & ~twice & ~b->placed[h];
        for (int k = 0; single && k < n; k++) {
            uint64_t m = b->cand[hc[k]], bit = m & single;
            if (!bit)
                continue;
            single &= ~bit;
            if (bit & (bit - 1))
                return 0; /* two symbols that have only this cell */
            if (m != bit) { /* else queued already */
                take_out(b, hc[k], m & ~bit);
                *found = 1;
            }
        }
    }
    return 1;
}

/* The OR of all of m[0..k-1] but m[i], for each i, into out (k <= 64). */
static inline void all_but_one(const uint64_t *m, int stride, int k, uint64_t *out)
{
    uint64_t acc = 0;
    for (int i = 0; i < k; i++) {
        out[i] = acc;
        acc |= m[i * stride];
    }
    acc = 0;
    for (int i = k - 1; i >= 0; i--) {
        out[i] |= acc;
        acc |= m[i * stride];
    }
}

/* Locked candidates, both ways, on every box (a placed cell's symbol is
 * in no other segment of its line or box, so it takes nothing out):
 * seg[] holds each line's candidates in each box; a symbol in a line's
 * segment and in no other segment of the line (claiming) leaves the box's
 * other lines, one in no other segment of the box (pointing) leaves the
 * line's other boxes. Only where something would go are cells visited.
 * Returns 0 at a dead end; *found: something was taken out. */
static int locked_lines(struct sudoku_big *b, const uint64_t *seg, int across, int line_len,
                        int box_lines, int box_len, int line_stride, int cell_step, int *found)
{
    /* seg[line * across + x]: line `line`, box x along it; a box holds
     * box_lines lines (their numbers consecutive) of box_len cells; cell
     * (line, position q) is line * line_stride + q * cell_step */
    uint64_t line_excl[64 * 64], box_excl[64];
    for (int first = 0; first < line_len; first += box_lines) {
        for (int i = 0; i < box_lines; i++)
            all_but_one(seg + (first + i) * across, 1, across, line_excl + i * across);
        for (int x = 0; x < across; x++) {
            all_but_one(seg + first * across + x, across, box_lines, box_excl);
            for (int i = 0; i < box_lines; i++) {
                int line = first + i;
                uint64_t m = seg[line * across + x], le = line_excl[i * across + x];
                uint64_t claim = m & ~le & box_excl[i];
                uint64_t point = m & ~box_excl[i] & le;
                if (claim) {
                    for (int l2 = first; l2 < first + box_lines; l2++)
                        if (l2 != line)
                            for (int q = x * box_len; q < (x + 1) * box_len; q++)
                                if (!take_out(b, l2 * line_stride + q * cell_step, claim))
                                    return 0;
                    *found = 1;
                }
                if (point) {
                    for (int q = 0; q < line_len; q++)
                        if (q / box_len != x &&
                            !take_out(b, line * line_stride + q * cell_step, point))
                            return 0;
                    *found = 1;
                }
            }
        }
    }
    return 1;
}

static int locked_candidates(struct sudoku_big *b, int *found)
{
    int n = b->n, br = b->box_rows, bc = b->box_cols, ba = b->boxes_across, bd = b->boxes_down;
    for (int r = 0; r < n; r++)
        for (int x = 0; x < ba; x++) {
            uint64_t m = 0;
            for (int c = x * bc; c < (x + 1) * bc; c++)
                m |= b->cand[r * n + c];
            b->row_seg[r * ba + x] = m;
        }
    for (int c = 0; c < n; c++)
        for (int y = 0; y < bd; y++) {
            uint64_t m = 0;
            for (int r = y * br; r < (y + 1) * br; r++)
                m |= b->cand[r * n + c];
            b->col_seg[c * bd + y] = m;
        }
    /* rows: a box holds br rows of bc cells; columns: bc columns of br */
    if (!locked_lines(b, b->row_seg, ba, n, br, bc, n, 1, found))
        return 0;
    return locked_lines(b, b->col_seg, bd, n, bc, br, 1, n, found);
}

/* To a fixed point: the queued cells placed, then hidden singles, then
 * locked candidates, each time the cheaper ones find nothing more. 0: the
 * grid has no solution. */
static int propagate(sudoku_solver *s, struct sudoku_big *b)
{
    for (;;) {
        while (b->queue_len) {
            int cell = b->queue[--b->queue_len];
            if (s->grid[cell])
                continue;
            if (!assign(s, b, cell))
                return 0;
        }
        int found = 0;
        if (!hidden_singles(s, b, &found))
            return 0;
        if (found)
            continue;
        if (b->assigned_len == b->cells)
            return 1;
        if (!locked_candidates(b, &found))
            return 0;
        if (!found)
            return 1;
    }
}

static void undo_to(sudoku_solver *s, struct sudoku_big *b, size_t trail, int32_t assigned)
{
    while (b->trail_len > trail) {
        trail_entry e = b->trail[--b->trail_len];
        b->cand[e.cell] = e.old;
    }
    while (b->assigned_len > assigned) {
        int cell = b->assigned[--b->assigned_len];
        uint64_t bit = (uint64_t)1 << (s->grid[cell] - 1);
        const int16_t *h = b->houses_of + 3 * cell;
        b->placed[h[0]] &= ~bit;
        b->placed[h[1]] &= ~bit;
        b->placed[h[2]] &= ~bit;
        s->grid[cell] = 0;
    }
    b->queue_len = 0;
    memset(b->dirty, 0, (size_t)(3 * b->n));
}

/* ==== The search ================================================================ */

static uint64_t next_random(uint64_t *x)
{
    /* splitmix64 */
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* An open cell with the fewest candidates for the weight of its houses
 * (the dead ends met in them: dom/wdeg, Boussemart, Hemery, Lecoutre,
 * Sais 2004), ties at random; -1 when every cell is placed. */
static int choose_cell(sudoku_solver *s, struct sudoku_big *b)
{
    int best = -1, ties = 0;
    uint64_t best_count = 1, best_weight = 0;
    for (int i = 0; i < b->cells; i++) {
        if (s->grid[i])
            continue;
        const int16_t *h = b->houses_of + 3 * i;
        uint64_t k = (uint64_t)popcount64(b->cand[i]);
        uint64_t w = (uint64_t)b->weight[h[0]] + b->weight[h[1]] + b->weight[h[2]];
        /* k / w < best_count / best_weight */
        uint64_t lhs = k * best_weight, rhs = best_count * w;
        if (lhs < rhs) {
            best = i;
            best_count = k;
            best_weight = w;
            ties = 1;
        } else if (lhs == rhs && next_random(&b->rng) % (uint64_t)++ties == 0) {
            best = i;
        }
    }
    return best;
}

/* Where to branch, into f: the open cell with the fewest candidates for
 * its weight (choose_cell), or a house's symbol with two places left when
 * that is as good (two children, for the house's weight). 0 when every
 * cell is placed. */
static int choose(sudoku_solver *s, struct sudoku_big *b, big_frame *f)
{
    int cell = choose_cell(s, b);
    if (cell < 0)
        return 0;
    f->cell = cell;
    f->house = -1;
    f->symbol = 0;
    f->rest = b->cand[cell];
    const int16_t *h = b->houses_of + 3 * cell;
    uint64_t best_count = (uint64_t)popcount64(b->cand[cell]);
    uint64_t best_weight = (uint64_t)b->weight[h[0]] + b->weight[h[1]] + b->weight[h[2]];
    int n = b->n;
    for (int hh = 0; hh < 3 * n; hh++) {
        uint64_t w = b->weight[hh];
        if (2 * best_weight >= best_count * w)
            continue; /* 2 / w is no better */
        const int32_t *hc = house(s, hh);
        uint64_t once = 0, twice = 0, thrice = 0;
        for (int k = 0; k < n; k++) {
            uint64_t m = b->cand[hc[k]];
            thrice |= twice & m;
            twice |= once & m;
            once |= m;
        }
        uint64_t two = twice & ~thrice;
        if (!two)
            continue;
        uint64_t bit = two & (~two + 1), places = 0;
        for (int k = 0; k < n; k++)
            if (b->cand[hc[k]] & bit)
                places |= (uint64_t)1 << k;
        f->cell = -1;
        f->house = hh;
        f->symbol = bit;
        f->rest = places;
        best_count = 2;
        best_weight = w;
    }
    return 1;
}

/* The i-th term (from 1) of Luby's sequence 1 1 2 1 1 2 4 1 1 2 ... */
static uint64_t luby(uint64_t i)
{
    for (;;) {
        uint64_t k = 1;
        while (((uint64_t)1 << k) - 1 < i)
            k++;
        if (i == ((uint64_t)1 << k) - 1)
            return (uint64_t)1 << (k - 1);
        i -= ((uint64_t)1 << (k - 1)) - 1;
    }
}

enum run_end { RUN_DONE, RUN_STOPPED, RUN_OUT_OF_NODES };

/* One run from the root (propagated, at the trail's root marks) with at most
 * budget nodes while it has found no solution (0: no budget). */
static enum run_end run(sudoku_solver *s, struct sudoku_big *b, uint64_t budget)
{
    uint64_t start = s->nodes;
    int depth = 0;
    big_frame *f = &b->frames[0];
    if (!choose(s, b, f))
        return sudoku_report_solution(s, s->grid) ? RUN_STOPPED : RUN_DONE;
    f->trail = b->trail_len;
    f->assigned = b->assigned_len;
    while (depth >= 0) {
        f = &b->frames[depth];
        if (!f->rest) {
            depth--;
            continue;
        }
        undo_to(s, b, f->trail, f->assigned);
        if (budget && !s->found && s->nodes - start >= budget)
            return RUN_OUT_OF_NODES;
        s->nodes++;
        if (sudoku_progress_due(s))
            return RUN_STOPPED;
        uint64_t bit = f->rest & (~f->rest + 1);
        f->rest &= ~bit;
        if (f->cell >= 0) {
            take_out(b, f->cell, b->cand[f->cell] & ~bit);
        } else {
            int cell = house(s, f->house)[lowest(bit)];
            take_out(b, cell, b->cand[cell] & ~f->symbol);
        }
        if (!propagate(s, b))
            continue;
        big_frame *next = &b->frames[depth + 1];
        if (!choose(s, b, next)) {
            if (sudoku_report_solution(s, s->grid))
                return RUN_STOPPED;
            continue;
        }
        next->trail = b->trail_len;
        next->assigned = b->assigned_len;
        depth++;
    }
    return RUN_DONE;
}

/* Restarts: the unit of Luby's sequence, in nodes. Tuned on the two sets of
 * docs/sudoku.md ("Big grids"). */
enum { RESTART_UNIT = 1024 };

int64_t sudoku_big_solve(sudoku_solver *s)
{
    struct sudoku_big *b = s->big;
    int n = b->n;
    memset(s->grid, 0, (size_t)b->cells);
    memset(b->placed, 0, sizeof *b->placed * (size_t)(3 * n));
    b->trail_len = 0;
    b->assigned_len = 0;
    b->queue_len = 0;
    memset(b->dirty, 1, (size_t)(3 * n));
    for (int i = 0; i < b->cells; i++)
        b->cand[i] = b->full;
    for (int i = 0; i < b->cells; i++) {
        int v = s->givens[i];
        if (!v)
            continue;
        uint64_t bit = (uint64_t)1 << (v - 1);
        if (!(b->cand[i] & bit) || s->grid[i]) {
            int rc = sudoku_place_givens(s); /* names the clash */
            return rc < 0 ? rc : 0;
        }
        take_out(b, i, b->cand[i] & ~bit);
        b->queue_len = 0;
        if (!assign(s, b, i)) {
            int rc = sudoku_place_givens(s);
            if (rc < 0)
                return rc;
            memset(s->grid, 0, (size_t)b->cells);
            return 0; /* no clash of givens, but a cell with no candidate */
        }
    }
    b->queue_len = 0;
    /* queue every open cell left with one candidate */
    for (int i = 0; i < b->cells; i++)
        if (!s->grid[i] && !(b->cand[i] & (b->cand[i] - 1)))
            b->queue[b->queue_len++] = i;
    if (!propagate(s, b))
        return 0;
    for (int h = 0; h < 3 * n; h++)
        b->weight[h] = 1;
    size_t root_trail = b->trail_len;
    int32_t root_assigned = b->assigned_len;
    for (uint64_t i = 1;; i++) {
        b->rng = 0x5D0C0u + i;
        enum run_end e = run(s, b, RESTART_UNIT * luby(i));
        if (e != RUN_OUT_OF_NODES)
            break;
        undo_to(s, b, root_trail, root_assigned);
    }
    return (int64_t)s->found;
}
