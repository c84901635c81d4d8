/* SPDX-License-Identifier: MIT */
/* generate.c - puzzles with exactly one solution, made from a seed.
 *
 * One candidate puzzle: a random full grid (randomised backtracking that
 * fills the cell with the fewest candidates first, symbols in random
 * order), then the givens are taken away group by group - a group is one
 * orbit of the symmetry asked for - in random order, each removal kept only
 * if the puzzle stays unique. The uniqueness check is the bitmask solver
 * with limit 2, skipped when every removed cell is still forced by the
 * givens left (a naked single among them): then the solutions cannot have
 * changed. One pass is enough for minimality in the sense of the groups: a
 * removal that failed once fails again with fewer givens, since fewer
 * givens only allow more solutions.
 *
 * sudoku_generate() makes candidates until one fits the options (clue
 * count, strict minimality, rating range) or the tries run out. All the
 * randomness comes from one generator seeded by the caller: the same seed
 * gives the same puzzle on every machine and thread. */
#include "logic_internal.h"

#include <stdlib.h>
#include <string.h>

/* splitmix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number
 * generators", OOPSLA 2014): small, fast, and good enough for shuffling. */
typedef struct rng {
    uint64_t state;
} rng;

static uint64_t rng_next(rng *r)
{
    uint64_t z = (r->state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Uniform in [0, bound) (bound >= 1), by rejection of the biased top. */
static uint32_t rng_below(rng *r, uint32_t bound)
{
    uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
    uint64_t x;
    do
        x = rng_next(r);
    while (x >= limit);
    return (uint32_t)(x % bound);
}

/* Side above which a removal is proved harmless by singles alone: past
 * 16x16 one sparse puzzle can keep the solver searching for minutes
 * (25x25, measured: more than 8 minutes for 3 puzzles), while singles take
 * a millisecond. Such puzzles are unique, solvable by singles, and not
 * minimal. */
#define SEARCH_MAX_N 16
/* Up to 16x16 the solver proves uniqueness, but above 9x9 one check in a
 * few hundred can run away: past this many nodes it gives up, the given
 * stays, and the puzzle is not known to be minimal. 9x9 checks take tens of
 * nodes. Measured on five 16x16 minimal puzzles (seconds each, tries
 * needed): 5,000 nodes 2.5 s and 10-20 tries, 20,000 0.8 s and 3 tries,
 * 100,000 0.4 s and 1.2 tries. */
#define CHECK_NODE_LIMIT 100000

struct sudoku_generator {
    sudoku_solver *fast;     /* uniqueness checks; its house lists serve the
                                filler too (owned) */
    sudoku_logic *logic;     /* ratings (owned) */
    int n, cells;
    uint64_t full;
    uint64_t *house_used;    /* the filler's symbols per house */
    uint8_t *grid;           /* the full grid */
    uint8_t *puzzle;         /* the candidate puzzle */
    int32_t *blank;          /* the filler's blank cells */
    int32_t *orbit_cells;    /* cells grouped by orbit */
    int32_t *orbit_start;    /* cells + 1: orbit k is orbit_cells[start[k] .. start[k+1]) */
    int32_t *orbit_order;    /* orbits, shuffled */
    int32_t *seen;           /* cells: orbit bookkeeping */
};

sudoku_generator *sudoku_generator_new(const sudoku_shape *shape, int *err)
{
    int dummy;
    if (!err)
        err = &dummy;
    sudoku_generator *g = calloc(1, sizeof *g);
    if (!g) {
        *err = SUDOKU_ENOMEM;
        return NULL;
    }
    /* the fastest solver for the shape: band on the plain 9x9 (about 3
     * times the bitmask solver's speed on these checks), bitmask elsewhere */
    int plain9 = shape->n == 9 && !shape->regions && !shape->variant && shape->box_rows == 3;
    g->fast = sudoku_solver_new(shape, plain9 ? SUDOKU_BAND : SUDOKU_BITMASK, err);
    if (!g->fast) {
        free(g);
        return NULL;
    }
    if (shape->n > 9)
        g->fast->node_limit = CHECK_NODE_LIMIT;
    g->logic = sudoku_logic_new(shape, err);
    if (!g->logic) {
        sudoku_generator_free(g);
        return NULL;
    }
    g->n = shape->n;
    g->cells = g->n * g->n;
    g->full = g->n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << g->n) - 1;
    size_t cells = (size_t)g->cells;
    g->house_used = calloc((size_t)g->fast->house_count, sizeof(uint64_t));
    g->grid = malloc(cells);
    g->puzzle = malloc(cells);
    g->blank = malloc(cells * sizeof(int32_t));
    g->orbit_cells = malloc(cells * sizeof(int32_t));
    g->orbit_start = malloc((cells + 1) * sizeof(int32_t));
    g->orbit_order = malloc(cells * sizeof(int32_t));
    g->seen = malloc(cells * sizeof(int32_t));
    if (!g->house_used || !g->grid || !g->puzzle || !g->blank || !g->orbit_cells ||
        !g->orbit_start || !g->orbit_order || !g->seen) {
        sudoku_generator_free(g);
        *err = SUDOKU_ENOMEM;
        return NULL;
    }
    *err = SUDOKU_OK;
    return g;
}

void sudoku_generator_free(sudoku_generator *g)
{
    if (!g)
        return;
    sudoku_solver_free(g->fast);
    sudoku_logic_free(g->logic);
    free(g->house_used);
    free(g->grid);
    free(g->puzzle);
    free(g->blank);
    free(g->orbit_cells);
    free(g->orbit_start);
    free(g->orbit_order);
    free(g->seen);
    free(g);
}

/* --- Symmetries ------------------------------------------------------------- */

static const char *const SYMMETRY_NAMES[SUDOKU_SYMMETRY_COUNT] = {
    "none", "rotational", "rotate90", "mirror", "flip", "diagonal", "antidiagonal", "mirrors",
    "dihedral", "random",
};

const char *sudoku_symmetry_name(int symmetry)
{
    return symmetry >= 0 && symmetry < SUDOKU_SYMMETRY_COUNT ? SYMMETRY_NAMES[symmetry] : "?";
}

int sudoku_symmetry_from_name(const char *name)
{
    static const struct { const char *name; int symmetry; } ALIASES[] = {
        {"rotate180", SUDOKU_SYM_ROTATE180}, {"horizontal", SUDOKU_SYM_MIRROR},
        {"vertical", SUDOKU_SYM_FLIP},       {"full", SUDOKU_SYM_DIHEDRAL},
    };
    if (!name)
        return -1;
    for (int k = 0; k < SUDOKU_SYMMETRY_COUNT; k++)
        if (strcmp(name, SYMMETRY_NAMES[k]) == 0)
            return k;
    for (size_t k = 0; k < sizeof ALIASES / sizeof ALIASES[0]; k++)
        if (strcmp(name, ALIASES[k].name) == 0)
            return ALIASES[k].symmetry;
    return -1;
}

/* The moves of the square, numbered: 0 identity, 1 quarter turn, 2 half
 * turn, 3 three quarters, 4 mirror (left-right), 5 flip (top-bottom),
 * 6 transpose (main diagonal), 7 the other diagonal. */
static int move_cell(int move, int n, int cell)
{
    int r = cell / n, c = cell % n, m = n - 1;
    switch (move) {
    case 0: return cell;
    case 1: return c * n + (m - r);
    case 2: return (m - r) * n + (m - c);
    case 3: return (m - c) * n + r;
    case 4: return r * n + (m - c);
    case 5: return (m - r) * n + c;
    case 6: return c * n + r;
    default: return (m - c) * n + (m - r);
    }
}

/* Each symmetry as the list of its moves (a group, so a cell's images are
 * its orbit); -1 ends a list. */
static const int8_t SYMMETRY_MOVES[SUDOKU_SYMMETRY_COUNT][9] = {
    [SUDOKU_SYM_NONE] = {0, -1},
    [SUDOKU_SYM_ROTATE180] = {0, 2, -1},
    [SUDOKU_SYM_ROTATE90] = {0, 1, 2, 3, -1},
    [SUDOKU_SYM_MIRROR] = {0, 4, -1},
    [SUDOKU_SYM_FLIP] = {0, 5, -1},
    [SUDOKU_SYM_DIAGONAL] = {0, 6, -1},
    [SUDOKU_SYM_ANTIDIAGONAL] = {0, 7, -1},
    [SUDOKU_SYM_BOTH_MIRRORS] = {0, 4, 5, 2, -1},
    [SUDOKU_SYM_DIHEDRAL] = {0, 1, 2, 3, 4, 5, 6, 7, -1},
    [SUDOKU_SYM_RANDOM] = {-1},
};

int sudoku_symmetry_image(int symmetry, int n, int k, int cell)
{
    if (symmetry < 0 || symmetry >= SUDOKU_SYMMETRY_COUNT || k < 0 || k > 8 || n < 1 ||
        cell < 0 || cell >= n * n)
        return -1;
    for (int j = 0; j <= k; j++)
        if (SYMMETRY_MOVES[symmetry][j] < 0)
            return -1;
    return move_cell(SYMMETRY_MOVES[symmetry][k], n, cell);
}

/* Groups the cells into the symmetry's orbits; returns how many. */
static int build_orbits(sudoku_generator *g, int symmetry)
{
    int n = g->n, count = 0, at = 0;
    for (int i = 0; i < g->cells; i++)
        g->seen[i] = 0;
    for (int i = 0; i < g->cells; i++) {
        if (g->seen[i])
            continue;
        g->orbit_start[count++] = at;
        for (int k = 0; SYMMETRY_MOVES[symmetry][k] >= 0; k++) {
            int c = move_cell(SYMMETRY_MOVES[symmetry][k], n, i);
            if (!g->seen[c]) {
                g->seen[c] = 1;
                g->orbit_cells[at++] = c;
            }
        }
    }
    g->orbit_start[count] = at;
    return count;
}

/* --- A random full grid ---------------------------------------------------------- */

static uint64_t cell_options(const sudoku_generator *g, int cell)
{
    const sudoku_solver *s = g->fast;
    const int32_t *hs = s->cell_houses + (size_t)cell * (size_t)s->per_cell;
    uint64_t used = 0;
    for (int j = 0; j < s->cell_house_count[cell]; j++)
        used |= g->house_used[hs[j]];
    return g->full & ~used;
}

static void toggle(sudoku_generator *g, int cell, uint64_t bit)
{
    const sudoku_solver *s = g->fast;
    const int32_t *hs = s->cell_houses + (size_t)cell * (size_t)s->per_cell;
    for (int j = 0; j < s->cell_house_count[cell]; j++)
        g->house_used[hs[j]] ^= bit;
}

/* Fills blank[depth..count-1]: 1 done, 0 dead end, -1 out of budget. The
 * cell with the fewest options goes first (ties broken by a random start
 * of the scan), its symbols in random order. */
static int fill(sudoku_generator *g, rng *r, int depth, int count, long *budget)
{
    if (depth == count)
        return 1;
    if (--*budget < 0)
        return -1;
    int best = -1, fewest = 65;
    uint64_t best_options = 0;
    int span = count - depth, offset = (int)rng_below(r, (uint32_t)span);
    for (int k = 0; k < span; k++) {
        int slot = depth + (offset + k) % span;
        uint64_t o = cell_options(g, g->blank[slot]);
        int c = popcount64(o);
        if (c < fewest) {
            fewest = c;
            best = slot;
            best_options = o;
            if (c <= 1)
                break;
        }
    }
    if (fewest == 0)
        return 0;
    int cell = g->blank[best];
    g->blank[best] = g->blank[depth];
    g->blank[depth] = cell;
    int digits[SUDOKU_MAX_N], nd = 0;
    for (uint64_t o = best_options; o; o &= o - 1)
        digits[nd++] = lowest_bit(o) + 1;
    for (int k = nd - 1; k > 0; k--) {
        int j = (int)rng_below(r, (uint32_t)(k + 1)), t = digits[k];
        digits[k] = digits[j];
        digits[j] = t;
    }
    for (int k = 0; k < nd; k++) {
        uint64_t bit = digit_bit(digits[k]);
        toggle(g, cell, bit);
        g->grid[cell] = (uint8_t)digits[k];
        int rc = fill(g, r, depth + 1, count, budget);
        if (rc != 0)
            return rc;
        toggle(g, cell, bit);
        g->grid[cell] = 0;
    }
    return 0;
}

/* A random full grid into g->grid; restarts when a fill runs too long
 * (large grids, and jigsaw regions, can wander into dead ends). */
static int random_grid(sudoku_generator *g, rng *r)
{
    for (int attempt = 0; attempt < 1000; attempt++) {
        memset(g->house_used, 0, sizeof(uint64_t) * (size_t)g->fast->house_count);
        memset(g->grid, 0, (size_t)g->cells);
        for (int i = 0; i < g->cells; i++)
            g->blank[i] = i;
        long budget = 20L * g->cells + 1000;
        if (fill(g, r, 0, g->cells, &budget) == 1)
            return SUDOKU_OK;
    }
    return SUDOKU_ENOTFOUND;
}

/* --- Taking givens away ------------------------------------------------------------- */

/* The symbols the givens of the puzzle leave to a blank cell. */
static uint64_t given_options(const sudoku_generator *g, int cell)
{
    const sudoku_solver *s = g->fast;
    const int32_t *hs = s->cell_houses + (size_t)cell * (size_t)s->per_cell;
    uint64_t seen = 0;
    for (int j = 0; j < s->cell_house_count[cell]; j++) {
        const int32_t *hc = s->house_cells + (size_t)hs[j] * (size_t)g->n;
        for (int k = 0; k < g->n; k++)
            if (g->puzzle[hc[k]])
                seen |= digit_bit(g->puzzle[hc[k]]);
    }
    return g->full & ~seen;
}

/* Is the blank cell forced by the givens of the puzzle (its houses hold
 * every other symbol: a naked single)? Checking for a hidden single too
 * saved a quarter of the solver calls but no time: the calls it saves are
 * the cheap ones, on full grids (9x9 and 16x16, measured). */
static int forced(const sudoku_generator *g, int cell)
{
    return popcount64(given_options(g, cell)) == 1;
}

/* 1 unique, 0 not, -1 not known (the check gave up). */
static int unique(sudoku_generator *g)
{
    if (g->n > SEARCH_MAX_N) {
        int placed = 0;
        logic_load(g->logic, g->puzzle);
        return !logic_singles(g->logic, &placed) && g->logic->blanks == 0;
    }
    int64_t count = sudoku_solve(g->fast, g->puzzle, 2, NULL, NULL);
    if (g->fast->out_of_nodes)
        return -1;
    return count == 1;
}

/* Takes givens away from the full grid, orbit by orbit in random order,
 * keeping each removal that leaves the puzzle unique, and stopping at
 * target clues (0: none). Returns the clues left; *unsure is set when some
 * check gave up (the given stayed). */
static int remove_givens(sudoku_generator *g, rng *r, int orbits, int target, int *unsure)
{
    *unsure = 0;
    memcpy(g->puzzle, g->grid, (size_t)g->cells);
    for (int k = 0; k < orbits; k++)
        g->orbit_order[k] = k;
    for (int k = orbits - 1; k > 0; k--) {
        int j = (int)rng_below(r, (uint32_t)(k + 1)), t = g->orbit_order[k];
        g->orbit_order[k] = g->orbit_order[j];
        g->orbit_order[j] = t;
    }
    int clues = g->cells;
    for (int k = 0; k < orbits && (target == 0 || clues > target); k++) {
        int o = g->orbit_order[k];
        int from = g->orbit_start[o], to = g->orbit_start[o + 1];
        if (target && clues - (to - from) < target)
            continue;
        for (int j = from; j < to; j++)
            g->puzzle[g->orbit_cells[j]] = 0;
        int all_forced = 1;
        for (int j = from; j < to && all_forced; j++)
            all_forced = forced(g, g->orbit_cells[j]);
        int verdict = all_forced ? 1 : unique(g);
        if (verdict < 0)
            *unsure = 1;
        if (verdict == 1) {
            clues -= to - from;
        } else {
            for (int j = from; j < to; j++)
                g->puzzle[g->orbit_cells[j]] = g->grid[g->orbit_cells[j]];
        }
    }
    return clues;
}

/* Every given needed: each removed alone gives several solutions. */
static int is_minimal(sudoku_generator *g)
{
    for (int i = 0; i < g->cells; i++) {
        if (!g->puzzle[i])
            continue;
        uint8_t v = g->puzzle[i];
        g->puzzle[i] = 0;
        int still = unique(g);
        g->puzzle[i] = v;
        if (still != 0)
            return 0; /* removable, or not known to be needed */
    }
    return 1;
}

int sudoku_generate(sudoku_generator *g, const sudoku_generate_options *opt, uint64_t seed,
                    uint8_t *puzzle, uint8_t *solution, sudoku_generated *info)
{
    if (!g || !opt || !puzzle || opt->symmetry < 0 || opt->symmetry >= SUDOKU_SYMMETRY_COUNT ||
        opt->clues < 0 || opt->clues > g->cells || opt->rate_min < 0 || opt->rate_max < 0 ||
        (opt->rate_max && opt->rate_min > opt->rate_max) ||
        (opt->minimal && g->n > SEARCH_MAX_N))
        return SUDOKU_EINVAL;
    rng r = {seed};
    uint64_t tries = opt->tries ? opt->tries : 100000;
    int rated = opt->rate_min > 0 || opt->rate_max > 0;
    int rate_max = opt->rate_max ? opt->rate_max : 1000;
    int best_gap = -1;
    sudoku_generated made;
    memset(&made, 0, sizeof made);
    int rc = SUDOKU_ENOTFOUND;
    for (uint64_t t = 1; t <= tries; t++) {
        if (opt->stop && opt->stop(opt->stop_ctx)) {
            rc = SUDOKU_ESTOPPED;
            break;
        }
        int symmetry = opt->symmetry;
        if (symmetry == SUDOKU_SYM_RANDOM)
            symmetry = (int)rng_below(&r, SUDOKU_SYM_DIAGONAL + 1);
        int orbits = build_orbits(g, symmetry);
        int err = random_grid(g, &r);
        if (err != SUDOKU_OK)
            return err;
        int unsure = 0;
        int clues = remove_givens(g, &r, orbits, opt->minimal ? 0 : opt->clues, &unsure);
        /* minimal by construction when every orbit is one cell, the pass
         * ran to the end and every check concluded; otherwise checked, when
         * asked */
        int minimal = orbits == g->cells && (opt->minimal || opt->clues == 0) &&
                      g->n <= SEARCH_MAX_N && !unsure;
        if (opt->minimal && !minimal)
            minimal = is_minimal(g);
        int shape_ok = !opt->minimal || minimal;
        int gap = opt->clues ? abs(clues - opt->clues) : 0;
        sudoku_rating rating;
        memset(&rating, 0, sizeof rating);
        int was_rated = 0, fits = shape_ok && gap == 0;
        if (fits && rated) {
            rate_known(g->logic, g->puzzle, g->grid, &rating);
            was_rated = 1;
            fits = rating.score >= opt->rate_min && rating.score <= rate_max;
        }
        /* keep the one that fits, or else the closest to the asked clues
         * among those of the right kind, or else the first made */
        if (fits || best_gap < 0 || (shape_ok && gap < best_gap)) {
            best_gap = shape_ok ? gap : g->cells;
            memcpy(puzzle, g->puzzle, (size_t)g->cells);
            if (solution)
                memcpy(solution, g->grid, (size_t)g->cells);
            made.clues = clues;
            made.minimal = minimal;
            made.rating = rating;
            made.rated = was_rated;
        }
        made.tries = t;
        if (fits) {
            rc = SUDOKU_OK;
            break;
        }
    }
    if (info)
        *info = made;
    return rc;
}
