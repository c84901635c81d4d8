/* SPDX-License-Identifier: MIT */
/* check_generate.c - the puzzle generator. Every puzzle made here is
 * checked by the independent counter of brute.h (its own house lists, its
 * own search): exactly one solution, the one the generator reports;
 * minimal when asked (each given removed alone gives two solutions or
 * more); symmetric when asked (checked with the moves of the square written
 * out here, not the library's); as many clues as asked when that is
 * reachable; rated as asked. Shapes: 4x4 to 25x25, X, hyper, jigsaw. */
#include "brute.h"
#include "sudoku.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The jigsaw map of tests/data/sudoku/jigsaw9.regions: the boxes, with
 * r1c1 moved to the second region and r3c4 to the first; the grid
 * (3 (r mod 3) + r div 3 + c) mod 9 fits it, so it has solutions. */
static const char JIGSAW9[] = "BAABBBCCC\nAAABBBCCC\nAAAABBCCC\nDDDEEEFFF\nDDDEEEFFF\n"
                              "DDDEEEFFF\nGGGHHHIII\nGGGHHHIII\nGGGHHHIII\n";

typedef struct shape_case {
    const char *name;
    int n, br, bc;
    unsigned variant;
    const char *regions;
    int puzzles;      /* how many to make (and check) */
} shape_case;

static const shape_case SHAPES[] = {
    {"4x4", 4, 2, 2, 0, NULL, 5},
    {"6x6", 6, 2, 3, 0, NULL, 5},
    {"8x8", 8, 2, 4, 0, NULL, 3},
    {"9x9", 9, 3, 3, 0, NULL, 5},
    {"9x9 X", 9, 3, 3, SUDOKU_X, NULL, 3},
    {"9x9 hyper", 9, 3, 3, SUDOKU_HYPER, NULL, 3},
    {"9x9 X hyper", 9, 3, 3, SUDOKU_X | SUDOKU_HYPER, NULL, 2},
    {"9x9 jigsaw", 9, 0, 0, 0, JIGSAW9, 3},
    {"12x12", 12, 3, 4, 0, NULL, 1},
};

/* Builds the library's shape and brute.h's rules for one case. */
static void setup(const shape_case *sc, sudoku_shape *sh, uint8_t *regions, brute *b)
{
    memset(sh, 0, sizeof *sh);
    sh->n = sc->n;
    sh->box_rows = sc->br;
    sh->box_cols = sc->bc;
    sh->variant = sc->variant;
    if (sc->regions) {
        int n = 0;
        long line = 0;
        ck_assert_int_eq(sudoku_parse_regions(sc->regions, strlen(sc->regions), &n, regions,
                                              &line), SUDOKU_OK);
        ck_assert_int_eq(n, sc->n);
        sh->regions = regions;
    }
    brute_init(b, sc->n, sc->br, sc->bc, sc->regions ? regions : NULL,
               (sc->variant & SUDOKU_X) != 0, (sc->variant & SUDOKU_HYPER) != 0);
}

static int clues_of(const uint8_t *p, int cells)
{
    int k = 0;
    for (int i = 0; i < cells; i++)
        k += p[i] != 0;
    return k;
}

/* One solution, the reported one, which keeps the givens. */
static void assert_unique(brute *b, const uint8_t *puzzle, const uint8_t *solution,
                          const char *what)
{
    int cells = b->cells;
    ck_assert_msg(brute_count(b, puzzle, 2) == 1, "%s: not unique", what);
    /* a full grid as givens counts 1 when it keeps every rule, else 0 */
    ck_assert_msg(brute_count(b, solution, 2) == 1, "%s: the solution breaks a rule", what);
    for (int i = 0; i < cells; i++)
        ck_assert_msg(!puzzle[i] || puzzle[i] == solution[i], "%s: a given is not the solution's",
                      what);
}

/* Each given removed alone leaves two solutions or more. */
static void assert_minimal(brute *b, const uint8_t *puzzle, const char *what)
{
    uint8_t p[BRUTE_MAX_CELLS];
    memcpy(p, puzzle, (size_t)b->cells);
    for (int i = 0; i < b->cells; i++) {
        if (!p[i])
            continue;
        uint8_t v = p[i];
        p[i] = 0;
        ck_assert_msg(brute_count(b, p, 2) == 2, "%s: given at r%dc%d can go", what,
                      i / b->n + 1, i % b->n + 1);
        p[i] = v;
    }
}

START_TEST(test_generate_unique_minimal)
{
    const shape_case *sc = &SHAPES[_i];
    sudoku_shape sh;
    uint8_t regions[SUDOKU_MAX_CELLS];
    static brute b;
    setup(sc, &sh, regions, &b);
    int err = 1;
    sudoku_generator *g = sudoku_generator_new(&sh, &err);
    ck_assert_ptr_nonnull(g);
    sudoku_generate_options opt;
    memset(&opt, 0, sizeof opt);
    for (int k = 0; k < sc->puzzles; k++) {
        uint8_t puzzle[SUDOKU_MAX_CELLS], solution[SUDOKU_MAX_CELLS];
        sudoku_generated info;
        ck_assert_int_eq(sudoku_generate(g, &opt, 1000 + (uint64_t)k, puzzle, solution, &info),
                         SUDOKU_OK);
        char what[64];
        snprintf(what, sizeof what, "%s seed %d", sc->name, 1000 + k);
        ck_assert_int_eq(info.clues, clues_of(puzzle, b.cells));
        ck_assert_int_eq(info.minimal, 1);
        assert_unique(&b, puzzle, solution, what);
        assert_minimal(&b, puzzle, what);
    }
    sudoku_generator_free(g);
}
END_TEST

/* The moves of the square, written out again for the test: (r, c) goes to
 * these cells under each symmetry's moves other than the identity. */
static int symmetric(const uint8_t *p, int n, int symmetry)
{
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            int m = n - 1, images[7], k = 0;
            switch (symmetry) {
            case SUDOKU_SYM_ROTATE180: images[k++] = (m - r) * n + m - c; break;
            case SUDOKU_SYM_ROTATE90:
                images[k++] = c * n + m - r;
                images[k++] = (m - r) * n + m - c;
                images[k++] = (m - c) * n + r;
                break;
            case SUDOKU_SYM_MIRROR: images[k++] = r * n + m - c; break;
            case SUDOKU_SYM_FLIP: images[k++] = (m - r) * n + c; break;
            case SUDOKU_SYM_DIAGONAL: images[k++] = c * n + r; break;
            case SUDOKU_SYM_ANTIDIAGONAL: images[k++] = (m - c) * n + m - r; break;
            case SUDOKU_SYM_BOTH_MIRRORS:
                images[k++] = r * n + m - c;
                images[k++] = (m - r) * n + c;
                break;
            case SUDOKU_SYM_DIHEDRAL:
                images[k++] = c * n + m - r;
                images[k++] = (m - c) * n + r;
                images[k++] = r * n + m - c;
                images[k++] = c * n + r;
                break;
            default: break;
            }
            for (int j = 0; j < k; j++)
                if ((p[r * n + c] != 0) != (p[images[j]] != 0))
                    return 0;
        }
    return 1;
}

START_TEST(test_generate_symmetry)
{
    static const int SYMS[] = {SUDOKU_SYM_ROTATE180, SUDOKU_SYM_ROTATE90, SUDOKU_SYM_MIRROR,
                               SUDOKU_SYM_FLIP, SUDOKU_SYM_DIAGONAL, SUDOKU_SYM_ANTIDIAGONAL,
                               SUDOKU_SYM_BOTH_MIRRORS, SUDOKU_SYM_DIHEDRAL};
    int sym = SYMS[_i];
    const shape_case *sc = &SHAPES[3];
    sudoku_shape sh;
    uint8_t regions[SUDOKU_MAX_CELLS];
    static brute b;
    setup(sc, &sh, regions, &b);
    sudoku_generator *g = sudoku_generator_new(&sh, NULL);
    ck_assert_ptr_nonnull(g);
    sudoku_generate_options opt;
    memset(&opt, 0, sizeof opt);
    opt.symmetry = sym;
    for (int k = 0; k < 3; k++) {
        uint8_t puzzle[81], solution[81];
        char what[64];
        snprintf(what, sizeof what, "%s seed %d", sudoku_symmetry_name(sym), k);
        ck_assert_int_eq(sudoku_generate(g, &opt, (uint64_t)k, puzzle, solution, NULL),
                         SUDOKU_OK);
        ck_assert_msg(symmetric(puzzle, 9, sym), "%s: not symmetric", what);
        assert_unique(&b, puzzle, solution, what);
    }
    /* symmetric and minimal at once: symmetric puzzles that are not
     * minimal are thrown away, so this takes a few tries */
    if (sym == SUDOKU_SYM_ROTATE180 || sym == SUDOKU_SYM_MIRROR) {
        opt.minimal = 1;
        uint8_t puzzle[81], solution[81];
        sudoku_generated info;
        ck_assert_int_eq(sudoku_generate(g, &opt, 7, puzzle, solution, &info), SUDOKU_OK);
        ck_assert_int_eq(info.minimal, 1);
        ck_assert(symmetric(puzzle, 9, sym));
        assert_unique(&b, puzzle, solution, "symmetric minimal");
        assert_minimal(&b, puzzle, "symmetric minimal");
    }
    sudoku_generator_free(g);
}
END_TEST

/* The library's own description of the moves agrees with the test's. */
START_TEST(test_symmetry_image)
{
    ck_assert_int_eq(sudoku_symmetry_image(SUDOKU_SYM_ROTATE180, 9, 1, 0), 80);
    ck_assert_int_eq(sudoku_symmetry_image(SUDOKU_SYM_MIRROR, 9, 1, 1), 7);
    ck_assert_int_eq(sudoku_symmetry_image(SUDOKU_SYM_DIAGONAL, 9, 1, 1), 9);
    ck_assert_int_eq(sudoku_symmetry_image(SUDOKU_SYM_NONE, 9, 0, 5), 5);
    ck_assert_int_eq(sudoku_symmetry_image(SUDOKU_SYM_NONE, 9, 1, 5), -1);
    ck_assert_int_eq(sudoku_symmetry_image(SUDOKU_SYM_DIHEDRAL, 9, 7, 0), 80);
    ck_assert_int_eq(sudoku_symmetry_image(SUDOKU_SYM_DIHEDRAL, 9, 8, 0), -1);
    ck_assert_int_eq(sudoku_symmetry_image(SUDOKU_SYM_RANDOM, 9, 0, 0), -1);
    for (int s = 0; s < SUDOKU_SYMMETRY_COUNT; s++)
        ck_assert_int_eq(sudoku_symmetry_from_name(sudoku_symmetry_name(s)), s);
    ck_assert_int_eq(sudoku_symmetry_from_name("rotate180"), SUDOKU_SYM_ROTATE180);
    ck_assert_int_eq(sudoku_symmetry_from_name("sideways"), -1);
}
END_TEST

/* The same seed gives the same puzzle, another seed another one. */
START_TEST(test_generate_seed)
{
    sudoku_shape sh;
    ck_assert_int_eq(sudoku_shape_default(&sh, 9), SUDOKU_OK);
    sudoku_generator *g1 = sudoku_generator_new(&sh, NULL);
    sudoku_generator *g2 = sudoku_generator_new(&sh, NULL);
    sudoku_generate_options opt;
    memset(&opt, 0, sizeof opt);
    uint8_t a[81], b[81], c[81];
    ck_assert_int_eq(sudoku_generate(g1, &opt, 42, a, NULL, NULL), SUDOKU_OK);
    ck_assert_int_eq(sudoku_generate(g1, &opt, 43, c, NULL, NULL), SUDOKU_OK);
    /* another generator, after other work: no state carried over */
    ck_assert_int_eq(sudoku_generate(g2, &opt, 7, b, NULL, NULL), SUDOKU_OK);
    ck_assert_int_eq(sudoku_generate(g2, &opt, 42, b, NULL, NULL), SUDOKU_OK);
    ck_assert_mem_eq(a, b, 81);
    ck_assert(memcmp(a, c, 81) != 0);
    sudoku_generator_free(g1);
    sudoku_generator_free(g2);
}
END_TEST

/* --clues: reached exactly when it is within reach; otherwise the closest
 * puzzle found, still unique, and SUDOKU_ENOTFOUND. */
START_TEST(test_generate_clues)
{
    const shape_case *sc = &SHAPES[3];
    sudoku_shape sh;
    uint8_t regions[SUDOKU_MAX_CELLS];
    static brute b;
    setup(sc, &sh, regions, &b);
    sudoku_generator *g = sudoku_generator_new(&sh, NULL);
    sudoku_generate_options opt;
    memset(&opt, 0, sizeof opt);
    uint8_t puzzle[81], solution[81];
    sudoku_generated info;
    static const int TARGETS[] = {60, 45, 32};
    for (size_t k = 0; k < sizeof TARGETS / sizeof TARGETS[0]; k++) {
        opt.clues = TARGETS[k];
        ck_assert_int_eq(sudoku_generate(g, &opt, 5, puzzle, solution, &info), SUDOKU_OK);
        ck_assert_int_eq(clues_of(puzzle, 81), TARGETS[k]);
        ck_assert_int_eq(info.clues, TARGETS[k]);
        assert_unique(&b, puzzle, solution, "clues");
    }
    /* 17 is the fewest any 9x9 puzzle has (McGuire, Tugemann and Civario,
     * 2012) and random removal essentially never gets there */
    opt.clues = 17;
    opt.tries = 5;
    ck_assert_int_eq(sudoku_generate(g, &opt, 5, puzzle, solution, &info), SUDOKU_ENOTFOUND);
    ck_assert_int_gt(info.clues, 17);
    ck_assert_int_eq(info.tries, 5);
    assert_unique(&b, puzzle, solution, "closest to 17");
    /* minimal with a clue count: thrown away until one has it */
    opt.clues = 26;
    opt.minimal = 1;
    opt.tries = 0;
    ck_assert_int_eq(sudoku_generate(g, &opt, 9, puzzle, solution, &info), SUDOKU_OK);
    ck_assert_int_eq(clues_of(puzzle, 81), 26);
    assert_unique(&b, puzzle, solution, "minimal 26");
    assert_minimal(&b, puzzle, "minimal 26");
    sudoku_generator_free(g);
}
END_TEST

/* A rating range: what is made is rated in it, by sudoku_rate() again. */
START_TEST(test_generate_rating)
{
    sudoku_shape sh;
    ck_assert_int_eq(sudoku_shape_default(&sh, 9), SUDOKU_OK);
    sudoku_generator *g = sudoku_generator_new(&sh, NULL);
    sudoku_logic *L = sudoku_logic_new(&sh, NULL);
    static brute b;
    brute_init(&b, 9, 3, 3, NULL, 0, 0);
    for (int level = SUDOKU_EASY; level <= SUDOKU_EXPERT; level++) {
        sudoku_generate_options opt;
        memset(&opt, 0, sizeof opt);
        ck_assert_int_eq(sudoku_level_range(level, &opt.rate_min, &opt.rate_max), SUDOKU_OK);
        uint8_t puzzle[81], solution[81];
        sudoku_generated info;
        ck_assert_int_eq(sudoku_generate(g, &opt, 11, puzzle, solution, &info), SUDOKU_OK);
        ck_assert_int_eq(info.rated, 1);
        sudoku_rating r;
        ck_assert_int_eq(sudoku_rate(L, puzzle, &r), 1);
        ck_assert_int_eq(r.score, info.rating.score);
        ck_assert_int_ge(r.score, opt.rate_min);
        ck_assert_int_le(r.score, opt.rate_max);
        ck_assert_int_eq(r.level, level);
        assert_unique(&b, puzzle, solution, sudoku_level_name(level));
    }
    sudoku_logic_free(L);
    sudoku_generator_free(g);
}
END_TEST

/* 16x16 and 25x25, stopped early at many clues to stay fast; 25x25 removes
 * a given only when singles still solve the puzzle. */
START_TEST(test_generate_large)
{
    static const struct { int n, clues; } CASES[] = {{16, 150}, {25, 450}};
    for (size_t k = 0; k < sizeof CASES / sizeof CASES[0]; k++) {
        int n = CASES[k].n;
        sudoku_shape sh;
        ck_assert_int_eq(sudoku_shape_default(&sh, n), SUDOKU_OK);
        static brute b;
        brute_init(&b, n, sh.box_rows, sh.box_cols, NULL, 0, 0);
        sudoku_generator *g = sudoku_generator_new(&sh, NULL);
        ck_assert_ptr_nonnull(g);
        sudoku_generate_options opt;
        memset(&opt, 0, sizeof opt);
        opt.clues = CASES[k].clues;
        static uint8_t puzzle[SUDOKU_MAX_CELLS], solution[SUDOKU_MAX_CELLS];
        ck_assert_int_eq(sudoku_generate(g, &opt, 3, puzzle, solution, NULL), SUDOKU_OK);
        ck_assert_int_eq(clues_of(puzzle, n * n), CASES[k].clues);
        assert_unique(&b, puzzle, solution, n == 16 ? "16x16" : "25x25");
        /* minimality beyond 16x16 is not offered: it would mean searches
         * that can run for minutes */
        opt.minimal = 1;
        opt.clues = 0;
        ck_assert_int_eq(sudoku_generate(g, &opt, 3, puzzle, solution, NULL),
                         n > 16 ? SUDOKU_EINVAL : SUDOKU_OK);
        sudoku_generator_free(g);
    }
}
END_TEST

START_TEST(test_generate_errors)
{
    sudoku_shape sh;
    ck_assert_int_eq(sudoku_shape_default(&sh, 9), SUDOKU_OK);
    sudoku_generator *g = sudoku_generator_new(&sh, NULL);
    sudoku_generate_options opt;
    memset(&opt, 0, sizeof opt);
    uint8_t p[81];
    ck_assert_int_eq(sudoku_generate(NULL, &opt, 1, p, NULL, NULL), SUDOKU_EINVAL);
    ck_assert_int_eq(sudoku_generate(g, NULL, 1, p, NULL, NULL), SUDOKU_EINVAL);
    ck_assert_int_eq(sudoku_generate(g, &opt, 1, NULL, NULL, NULL), SUDOKU_EINVAL);
    opt.symmetry = SUDOKU_SYMMETRY_COUNT;
    ck_assert_int_eq(sudoku_generate(g, &opt, 1, p, NULL, NULL), SUDOKU_EINVAL);
    opt.symmetry = 0;
    opt.clues = 82;
    ck_assert_int_eq(sudoku_generate(g, &opt, 1, p, NULL, NULL), SUDOKU_EINVAL);
    opt.clues = 0;
    opt.rate_min = 40;
    opt.rate_max = 30;
    ck_assert_int_eq(sudoku_generate(g, &opt, 1, p, NULL, NULL), SUDOKU_EINVAL);
    /* an impossible rating within the tries: the last puzzle, unique */
    opt.rate_min = 1;
    opt.rate_max = 5;
    opt.tries = 3;
    sudoku_generated info;
    ck_assert_int_eq(sudoku_generate(g, &opt, 1, p, NULL, &info), SUDOKU_ENOTFOUND);
    ck_assert_int_eq(info.tries, 3);
    sudoku_generator_free(g);
    int err = 0;
    sh.n = 7;
    ck_assert_ptr_null(sudoku_generator_new(&sh, &err));
    ck_assert_int_eq(err, SUDOKU_ESHAPE);
}
END_TEST

Suite *generate_suite(void);
Suite *generate_suite(void)
{
    Suite *s = suite_create("generate");
    TCase *tc = tcase_create("generate");
    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, test_generate_unique_minimal, 0,
                        (int)(sizeof SHAPES / sizeof SHAPES[0]));
    tcase_add_loop_test(tc, test_generate_symmetry, 0, 8);
    tcase_add_test(tc, test_symmetry_image);
    tcase_add_test(tc, test_generate_seed);
    tcase_add_test(tc, test_generate_clues);
    tcase_add_test(tc, test_generate_rating);
    tcase_add_test(tc, test_generate_large);
    tcase_add_test(tc, test_generate_errors);
    suite_add_tcase(s, tc);
    return s;
}
