/* SPDX-License-Identifier: MIT */
/* check_sudoku_band.c - the bit-parallel band solver (SUDOKU_BAND), every
 * build of it: the library's entry, its portable build (SSE2 lanes on
 * x86-64), its AVX2 build where the processor has AVX2, and the plain C
 * lanes compiled again into this test (sudoku_band_solve_portable, see
 * the Makefile). Expected answers come from a brute force written here that
 * shares nothing with libsudoku (rows, columns and boxes by formula, fewest
 * candidates first), from the published solutions of tests/data/sudoku,
 * and from the other algorithms; the puzzles are those fixtures and
 * puzzles generated here from a fixed seed: unique, several solutions, no
 * solution, clashing givens, at limits 1, 2 and 0 (count them all). */
#include "sudoku.h"
#include "sudoku_internal.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The portable build of the same file (Makefile: BAND_PORTABLE). */
int64_t sudoku_band_solve_portable(sudoku_solver *s);

/* The test runs from the project's top directory (make check). */
#define DATA "tests/data/sudoku/"

/* --- an independent brute force ----------------------------------------------- */

typedef struct brute9 {
    uint16_t row[9], col[9], box[9]; /* symbols used, bit v-1 */
    uint8_t g[81];
    uint8_t first[81];
    long count, limit;
} brute9;

static int box_of(int i) { return i / 27 * 3 + i % 9 / 3; }

static void brute_search(brute9 *b)
{
    int best = -1, best_n = 10;
    uint16_t best_free = 0;
    for (int i = 0; i < 81; i++) {
        if (b->g[i])
            continue;
        uint16_t free = (uint16_t)(~(b->row[i / 9] | b->col[i % 9] | b->box[box_of(i)]) & 0x1FF);
        int n = 0;
        for (uint16_t f = free; f; f &= (uint16_t)(f - 1))
            n++;
        if (n < best_n) {
            best = i;
            best_n = n;
            best_free = free;
        }
    }
    if (best < 0) {
        if (b->count++ == 0)
            memcpy(b->first, b->g, 81);
        return;
    }
    for (int v = 1; v <= 9 && (b->limit == 0 || b->count < b->limit); v++) {
        uint16_t bit = (uint16_t)(1u << (v - 1));
        if (!(best_free & bit))
            continue;
        b->g[best] = (uint8_t)v;
        b->row[best / 9] |= bit;
        b->col[best % 9] |= bit;
        b->box[box_of(best)] |= bit;
        brute_search(b);
        b->row[best / 9] &= (uint16_t)~bit;
        b->col[best % 9] &= (uint16_t)~bit;
        b->box[box_of(best)] &= (uint16_t)~bit;
        b->g[best] = 0;
    }
}

/* Solutions of givens, up to limit (0: all); -1 when two givens clash. The
 * first solution found goes to first (may be NULL). */
static long brute_count(const uint8_t *givens, long limit, uint8_t *first)
{
    brute9 b;
    memset(&b, 0, sizeof b);
    b.limit = limit;
    for (int i = 0; i < 81; i++) {
        int v = givens[i];
        if (!v)
            continue;
        uint16_t bit = (uint16_t)(1u << (v - 1));
        if ((b.row[i / 9] | b.col[i % 9] | b.box[box_of(i)]) & bit)
            return -1;
        b.g[i] = (uint8_t)v;
        b.row[i / 9] |= bit;
        b.col[i % 9] |= bit;
        b.box[box_of(i)] |= bit;
    }
    brute_search(&b);
    if (first && b.count)
        memcpy(first, b.first, 81);
    return b.count;
}

/* --- the solvers under test ------------------------------------------------------- */

static sudoku_solver *new_solver(enum sudoku_algorithm alg)
{
    sudoku_shape sh;
    ck_assert_int_eq(sudoku_shape_default(&sh, 9), SUDOKU_OK);
    int err = 1;
    sudoku_solver *s = sudoku_solver_new(&sh, alg, &err);
    ck_assert_ptr_nonnull(s);
    ck_assert_int_eq(err, SUDOKU_OK);
    return s;
}

/* The builds of the band solver: the library's entry (which picks one of
 * the next two at run time), its portable build (SSE2 on x86-64), its
 * AVX2 build where the processor runs it, and the plain C lanes. */
static const struct band_build {
    const char *name;
    sudoku_algorithm_fn solve;
} band_builds[] = {
    {"library", sudoku_band_solve},
    {"generic", sudoku_band_solve_generic},
#if SUDOKU_BAND_HAVE_AVX2
    {"avx2", sudoku_band_solve_avx2},
#endif
    {"portable", sudoku_band_solve_portable},
};
#define BAND_BUILDS ((int)(sizeof band_builds / sizeof band_builds[0]))

/* Whether this processor runs build b (only AVX2 may be missing). */
static int band_build_runs(int b)
{
    return strcmp(band_builds[b].name, "avx2") != 0 || sudoku_band_avx2_usable();
}

typedef struct solvers {
    sudoku_solver *band, *dlx;
    long cases, guessed; /* puzzles checked; those where band had to guess */
} solvers;

/* Checks one puzzle: both band builds at limits 1 and 2 (and 0 when the
 * brute force could count them all: `all` >= 0) against the brute force
 * (want: its count up to 2, -1 for a clash; solution: the unique one) and
 * against dlx, including what a clash reports. */
static void check_puzzle(solvers *sv, const uint8_t *g, long want, const uint8_t *solution,
                         long all, const char *what)
{
    for (int build = 0; build < BAND_BUILDS; build++) {
        if (!band_build_runs(build))
            continue;
        for (uint64_t limit = 0; limit <= 2; limit++) {
            if (limit == 0 && all < 0 && want != -1)
                continue;
            uint8_t out[81];
            memset(out, 0, sizeof out);
            sudoku_stats st = {0};
            int64_t got = sudoku_solve_using(sv->band, band_builds[build].solve, g, limit, out,
                                             NULL, NULL, &st);
            long expect = want == -1    ? SUDOKU_ECONFLICT
                          : limit == 0 ? all
                          : want < (long)limit ? want : (long)limit;
            if (got != expect)
                ck_abort_msg("%s (%s build, limit %d): %lld solutions, the brute force says %ld",
                             what, band_builds[build].name, (int)limit,
                             (long long)got, expect);
            if (got > 0) {
                ck_assert_int_eq(sudoku_check_solution(sv->band, g, out), 1);
                if (want == 1)
                    ck_assert_mem_eq(out, solution, 81);
            }
            if (got == SUDOKU_ECONFLICT) {
                sudoku_conflict a, b;
                sudoku_solver_conflict(sv->band, &a);
                ck_assert_int_eq(sudoku_solve(sv->dlx, g, 1, NULL, NULL), SUDOKU_ECONFLICT);
                sudoku_solver_conflict(sv->dlx, &b);
                ck_assert_int_eq(a.house, b.house);
                ck_assert_int_eq(a.symbol, b.symbol);
                ck_assert_int_eq(a.cell1, b.cell1);
                ck_assert_int_eq(a.cell2, b.cell2);
            }
            if (limit == 2 && build == 0 && st.nodes > 0)
                sv->guessed++;
        }
    }
    /* the exact-cover solver agrees (it is checked against the brute force
     * elsewhere; this ties the two fronts together) */
    int64_t d = sudoku_solve(sv->dlx, g, 2, NULL, NULL);
    ck_assert_int_eq(d, want == -1 ? SUDOKU_ECONFLICT : want);
    sv->cases++;
}

static void cells_from(const char *text, uint8_t *cells)
{
    for (int i = 0; i < 81; i++)
        cells[i] = (text[i] >= '1' && text[i] <= '9') ? (uint8_t)(text[i] - '0') : 0;
}

/* --- shapes ------------------------------------------------------------------------ */

/* Only the plain 9x9 grid: anything else is SUDOKU_ESHAPE, so callers fall
 * back on dlx. */
START_TEST(test_band_shapes)
{
    static const struct { int n; unsigned variant; int jigsaw; } table[] = {
        {4, 0, 0}, {6, 0, 0}, {16, 0, 0}, {9, SUDOKU_X, 0}, {9, SUDOKU_HYPER, 0}, {9, 0, 1},
    };
    uint8_t regions[81];
    for (int i = 0; i < 81; i++) /* the boxes written as regions: still a jigsaw shape */
        regions[i] = (uint8_t)box_of(i);
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        sudoku_shape sh;
        ck_assert_int_eq(sudoku_shape_default(&sh, table[i].n), SUDOKU_OK);
        sh.variant = table[i].variant;
        if (table[i].jigsaw) {
            sh.regions = regions;
            sh.box_rows = sh.box_cols = 0;
        }
        int err = 0;
        ck_assert_ptr_null(sudoku_solver_new(&sh, SUDOKU_BAND, &err));
        ck_assert_int_eq(err, SUDOKU_ESHAPE);
    }
    sudoku_solver *s = new_solver(SUDOKU_BAND);
    ck_assert_int_eq(sudoku_solver_algorithm(s), SUDOKU_BAND);
    sudoku_solver *t = sudoku_solver_clone(s);
    ck_assert_ptr_nonnull(t);
    ck_assert_int_eq(sudoku_solver_algorithm(t), SUDOKU_BAND);
    uint8_t empty[81] = {0}, a[81], b[81];
    ck_assert_int_eq(sudoku_solve(s, empty, 1, a, NULL), 1);
    ck_assert_int_eq(sudoku_solve(t, empty, 1, b, NULL), 1);
    ck_assert_mem_eq(a, b, 81);
    ck_assert_int_eq(sudoku_check_solution(s, NULL, a), 1);
    ck_assert_int_eq(sudoku_solve(s, empty, 2, NULL, NULL), 2);
    uint8_t bad[81] = {10};
    ck_assert_int_eq(sudoku_solve(s, bad, 1, NULL, NULL), SUDOKU_EINVAL);
    sudoku_solver_free(t);
    sudoku_solver_free(s);
}
END_TEST

/* --- the fixtures -------------------------------------------------------------------- */

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        ck_abort_msg("cannot open %s (the tests run from the project's top directory)", path);
    char *buf = malloc(1 << 16);
    ck_assert_ptr_nonnull(buf);
    *len = fread(buf, 1, (1 << 16) - 1, f);
    buf[*len] = '\0';
    fclose(f);
    return buf;
}

/* Every 9x9 puzzle the reader finds in the fixtures: known.txt (published
 * solutions in known.solutions), batch.txt (good, clashing and unsolvable
 * lines), wiki_grid.txt (a drawn grid). */
START_TEST(test_band_fixtures)
{
    static const char *files[] = {"known.txt", "batch.txt", "wiki_grid.txt"};
    solvers sv = {new_solver(SUDOKU_BAND), new_solver(SUDOKU_DLX), 0, 0};
    size_t slen;
    char *known = slurp(DATA "known.solutions", &slen);
    long seen_clash = 0, seen_none = 0;
    sudoku_puzzle *pz = malloc(sizeof *pz);
    ck_assert_ptr_nonnull(pz);
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        char path[256];
        size_t len;
        snprintf(path, sizeof path, DATA "%s", files[f]);
        char *text = slurp(path, &len);
        int err = 0;
        sudoku_reader *r = sudoku_reader_new(text, len, NULL, &err);
        ck_assert_ptr_nonnull(r);
        int rc, k = 0;
        while ((rc = sudoku_reader_next(r, pz, NULL)) != 0) {
            if (rc < 0 || pz->n != 9)
                continue; /* the batch's malformed lines */
            uint8_t sol[81];
            long want = brute_count(pz->cells, 2, sol);
            if (f == 0) { /* the published solution, line k of known.solutions */
                uint8_t pub[81];
                ck_assert_uint_ge(slen, (size_t)(82 * k + 81));
                cells_from(known + 82 * k, pub);
                ck_assert_int_eq(want, 1);
                ck_assert_mem_eq(sol, pub, 81);
            }
            seen_clash += want == -1;
            seen_none += want == 0;
            long all = want >= 0 ? brute_count(pz->cells, 2000, NULL) : -1;
            check_puzzle(&sv, pz->cells, want, sol, all < 2000 ? all : -1, path);
            k++;
        }
        sudoku_reader_free(r);
        free(text);
    }
    ck_assert_int_ge(sv.cases, 7);
    ck_assert_int_ge(seen_clash, 1);
    ck_assert_int_ge(seen_none, 1);
    ck_assert_int_ge(sv.guessed, 1); /* Inkala's puzzle needs a guess */
    free(pz);
    free(known);
    sudoku_solver_free(sv.band);
    sudoku_solver_free(sv.dlx);
}
END_TEST

/* --- generated puzzles ----------------------------------------------------------------- */

static uint64_t next_random(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static void shuffle(int *a, int n, uint64_t *rng)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)(next_random(rng) % (uint64_t)(i + 1));
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

/* A random full grid: the pattern (3 (r mod 3) + r / 3 + c) mod 9, valid,
 * with its symbols, its bands, the rows inside each band, its stacks and
 * the columns inside each stack shuffled, and transposed or not: each of
 * these keeps a grid valid. */
static void random_grid(uint64_t *rng, uint8_t *grid)
{
    int sym[9], rows[9], cols[9], band[3] = {0, 1, 2}, stack[3] = {0, 1, 2};
    for (int i = 0; i < 9; i++)
        sym[i] = i + 1;
    shuffle(sym, 9, rng);
    shuffle(band, 3, rng);
    shuffle(stack, 3, rng);
    for (int b = 0; b < 3; b++) {
        int in_band[3] = {0, 1, 2}, in_stack[3] = {0, 1, 2};
        shuffle(in_band, 3, rng);
        shuffle(in_stack, 3, rng);
        for (int i = 0; i < 3; i++) {
            rows[3 * b + i] = 3 * band[b] + in_band[i];
            cols[3 * b + i] = 3 * stack[b] + in_stack[i];
        }
    }
    int transpose = (int)(next_random(rng) & 1);
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) {
            int rr = rows[r], cc = cols[c];
            uint8_t v = (uint8_t)sym[(3 * (rr % 3) + rr / 3 + cc) % 9];
            grid[transpose ? c * 9 + r : r * 9 + c] = v;
        }
}

/* Per seed: a grid thinned while the solution stays unique (20-30 givens,
 * the kind of puzzle that needs guessing); the same with one given changed
 * (no solution, or several); the grid with 45-60 random cells blanked
 * (several solutions, counted in full); and a clash (a given copied to
 * another cell of its row, column or box). */
START_TEST(test_band_generated)
{
    solvers sv = {new_solver(SUDOKU_BAND), new_solver(SUDOKU_DLX), 0, 0};
    uint64_t rng = 0x2545F4914F6CDD1Dull;
    long kinds[4] = {0, 0, 0, 0}; /* none, unique, several, clash */
    for (int round = 0; round < 40; round++) {
        uint8_t grid[81], g[81], sol[81];
        random_grid(&rng, grid);
        check_puzzle(&sv, grid, 1, grid, 1, "a full grid");

        /* unique and minimal-ish */
        memcpy(g, grid, 81);
        int order[81];
        for (int i = 0; i < 81; i++)
            order[i] = i;
        shuffle(order, 81, &rng);
        for (int i = 0; i < 81; i++) {
            uint8_t keep = g[order[i]];
            g[order[i]] = 0;
            if (brute_count(g, 2, NULL) != 1)
                g[order[i]] = keep;
        }
        check_puzzle(&sv, g, 1, grid, 1, "a thinned puzzle");
        kinds[1]++;

        /* one given changed to a symbol that clashes with nothing */
        uint8_t h[81];
        memcpy(h, g, 81);
        for (int tries = 0; tries < 81; tries++) {
            int i = (int)(next_random(&rng) % 81);
            if (!h[i])
                continue;
            uint8_t old = h[i];
            h[i] = (uint8_t)(1 + (old + next_random(&rng) % 8) % 9);
            if (brute_count(h, 1, NULL) >= 0)
                break;
            h[i] = old;
        }
        long want = brute_count(h, 2, sol);
        long all = brute_count(h, 2000, NULL);
        check_puzzle(&sv, h, want, sol, all < 2000 ? all : -1, "a changed given");
        kinds[want == 0 ? 0 : want == 1 ? 1 : 2]++;

        /* several solutions, counted */
        memcpy(g, grid, 81);
        int blanks = 50 + (int)(next_random(&rng) % 15);
        for (int i = 0; i < blanks; i++)
            g[order[i]] = 0;
        want = brute_count(g, 2, sol);
        all = brute_count(g, 2000, NULL);
        check_puzzle(&sv, g, want, sol, all < 2000 ? all : -1, "a blanked grid");
        kinds[want >= 2 ? 2 : want]++;

        /* a clash: a given copied into a blank of its row, column or box */
        memcpy(g, grid, 81);
        for (int i = 0; i < 50; i++)
            g[order[i]] = 0;
        for (int i = 0; i < 81; i++) {
            int a = order[(i + round) % 81];
            if (!g[a])
                continue;
            int house = round % 3, b = -1;
            for (int j = 0; j < 81 && b < 0; j++) {
                int same = house == 0 ? j / 9 == a / 9 : house == 1 ? j % 9 == a % 9
                                                                    : box_of(j) == box_of(a);
                if (same && j != a && !g[j])
                    b = j;
            }
            if (b >= 0) {
                g[b] = g[a];
                break;
            }
        }
        ck_assert_int_eq(brute_count(g, 1, NULL), -1);
        check_puzzle(&sv, g, -1, NULL, -1, "a clash");
        kinds[3]++;
    }
    /* the table covered every kind, and the search really branched */
    ck_assert_int_ge(kinds[0], 5);
    ck_assert_int_ge(kinds[2], 30);
    ck_assert_int_ge(sv.guessed, 20);
    sudoku_solver_free(sv.band);
    sudoku_solver_free(sv.dlx);
}
END_TEST

/* --- every solution, statistics --------------------------------------------------------- */

typedef struct collect {
    long count, stop_at;
    uint8_t grids[256][81];
} collect;

static int on_grid(void *ctx, const uint8_t *grid)
{
    collect *c = ctx;
    if (c->count < 256)
        memcpy(c->grids[c->count], grid, 81);
    c->count++;
    return c->stop_at && c->count >= c->stop_at;
}

/* sudoku_solve_each: distinct valid solutions, as many as the brute force
 * counts; a callback that returns non-zero stops the search. Wikipedia's
 * puzzle with its last two rows blanked has 240 solutions (brute force). */
START_TEST(test_band_each)
{
    uint8_t g[81];
    cells_from("53..7....6..195....98....6.8...6...34..8.3..17...2...6"
               ".6....28....419..5....8..79", g);
    memset(g + 63, 0, 18);
    long want = brute_count(g, 0, NULL);
    ck_assert_int_eq(want, 240);
    collect *c = calloc(1, sizeof *c);
    ck_assert_ptr_nonnull(c);
    sudoku_solver *s = new_solver(SUDOKU_BAND);
    ck_assert_int_eq(sudoku_solve_each(s, g, 0, on_grid, c, NULL), want);
    ck_assert_int_eq(c->count, want);
    for (long i = 0; i < want; i++) {
        ck_assert_int_eq(sudoku_check_solution(s, g, c->grids[i]), 1);
        for (long j = 0; j < i; j++)
            ck_assert(memcmp(c->grids[i], c->grids[j], 81) != 0);
    }
    c->count = 0;
    c->stop_at = 2;
    ck_assert_int_eq(sudoku_solve_each(s, g, 0, on_grid, c, NULL), 2);
    ck_assert_int_eq(c->count, 2);
    /* the same through each build */
    for (int b = 0; b < BAND_BUILDS; b++) {
        if (!band_build_runs(b))
            continue;
        c->count = 0;
        c->stop_at = 0;
        ck_assert_int_eq(sudoku_solve_using(s, band_builds[b].solve, g, 0, NULL, on_grid, c, NULL),
                         want);
        ck_assert_int_eq(c->count, want);
    }
    sudoku_solver_free(s);
    free(c);
}
END_TEST

/* nodes counts guesses only: none for a puzzle singles solve (Wikipedia's),
 * some for Inkala's; the empty grid has 6,670,903,752,021,072,936,960
 * solutions (Felgenhauer and Jarvis, 2005): limit 2 stops at 2. */
START_TEST(test_band_stats)
{
    static const struct { const char *puzzle; int guesses; } table[] = {
        {"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", 0},
        {"8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..", 1},
    };
    sudoku_solver *s = new_solver(SUDOKU_BAND);
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        uint8_t g[81];
        cells_from(table[i].puzzle, g);
        sudoku_stats st = {.nodes = 12345};
        ck_assert_int_eq(sudoku_solve(s, g, 2, NULL, &st), 1);
        if (table[i].guesses)
            ck_assert_uint_gt(st.nodes, 0);
        else
            ck_assert_uint_eq(st.nodes, 0);
    }
    uint8_t empty[81] = {0};
    sudoku_stats st = {0};
    ck_assert_int_eq(sudoku_solve(s, empty, 2, NULL, &st), 2);
    ck_assert_uint_gt(st.nodes, 0);
    sudoku_solver_free(s);
}
END_TEST

/* Which builds the tests above ran: all but AVX2 everywhere, AVX2 where
 * the processor has it. Said on a line starting "note:", which
 * tests/run-units.sh shows. */
START_TEST(test_band_builds)
{
    char ran[128] = "";
    for (int b = 0; b < BAND_BUILDS; b++) {
        ck_assert(band_build_runs(b) || strcmp(band_builds[b].name, "avx2") == 0);
        if (band_build_runs(b)) {
            strcat(ran, ran[0] ? ", " : "");
            strcat(ran, band_builds[b].name);
        }
    }
#if SUDOKU_BAND_HAVE_AVX2
    const char *why = sudoku_band_avx2_usable() ? NULL : "this processor has no AVX2";
#else
    const char *why = "not built for this target";
#endif
    fprintf(stderr, "note: band solver builds checked: %s%s%s\n", ran,
            why ? "; avx2 skipped: " : "", why ? why : "");
}
END_TEST

Suite *sudoku_band_suite(void);
Suite *sudoku_band_suite(void)
{
    Suite *s = suite_create("sudoku_band");
    TCase *tc = tcase_create("band");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_band_shapes);
    tcase_add_test(tc, test_band_fixtures);
    tcase_add_test(tc, test_band_generated);
    tcase_add_test(tc, test_band_each);
    tcase_add_test(tc, test_band_stats);
    tcase_add_test(tc, test_band_builds);
    suite_add_tcase(s, tc);
    return s;
}
