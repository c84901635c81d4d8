/* SPDX-License-Identifier: MIT */
/* check_rating.c - ratings on the Sudoku Explainer scale. The table of
 * difficulties against the published one; the levels; the line between
 * "singles" and "more", checked both ways against a singles solver written
 * here; a rating is the hardest step of the solve; known puzzles get what
 * their reputation says; puzzles without one solution are reported. */
#include "sudoku.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void cells_from(const char *text, uint8_t *cells)
{
    for (size_t i = 0; text[i]; i++) {
        char ch = text[i];
        cells[i] = (ch >= '1' && ch <= '9') ? (uint8_t)(ch - '0') : 0;
    }
}

/* Sudoku Explainer 1.2.1's difficulties, as listed in "Difficulty ratings
 * in Sudoku Explainer v1.2.1" (SukakuExplainer wiki, github.com/
 * SudokuMonster/SukakuExplainer/wiki): the techniques it has. */
START_TEST(test_table)
{
    static const struct { int technique, tenths; } SE[] = {
        {SUDOKU_FULL_HOUSE, 10},         {SUDOKU_HIDDEN_SINGLE_BOX, 12},
        {SUDOKU_HIDDEN_SINGLE_LINE, 15}, {SUDOKU_DIRECT_POINTING, 17},
        {SUDOKU_DIRECT_CLAIMING, 19},    {SUDOKU_DIRECT_HIDDEN_PAIR, 20},
        {SUDOKU_NAKED_SINGLE, 23},       {SUDOKU_DIRECT_HIDDEN_TRIPLE, 25},
        {SUDOKU_POINTING, 26},           {SUDOKU_CLAIMING, 28},
        {SUDOKU_NAKED_PAIR, 30},         {SUDOKU_X_WING, 32},
        {SUDOKU_HIDDEN_PAIR, 34},        {SUDOKU_NAKED_TRIPLE, 36},
        {SUDOKU_SWORDFISH, 38},          {SUDOKU_HIDDEN_TRIPLE, 40},
        {SUDOKU_XY_WING, 42},            {SUDOKU_XYZ_WING, 44},
        {SUDOKU_UNIQUE_RECTANGLE, 45},   {SUDOKU_NAKED_QUAD, 50},
        {SUDOKU_JELLYFISH, 52},          {SUDOKU_HIDDEN_QUAD, 54},
        {SUDOKU_BUG, 56},                {SUDOKU_ALIGNED_PAIR, 62},
        {SUDOKU_FORCING_CHAIN, 65},      {SUDOKU_ALIGNED_TRIPLE, 75},
        {SUDOKU_NISHIO, 75},             {SUDOKU_MULTIPLE_CHAIN, 80},
        {SUDOKU_DYNAMIC_CHAIN, 85},      {SUDOKU_DYNAMIC_CHAIN_PLUS, 90},
        /* the nested forcing chains, not in the wiki's table: 8.5 + 0.5 *
         * level in SukakuExplainer's Chaining.getDifficulty(), levels 2, 3
         * and 4 */
        {SUDOKU_NESTED_FORCING_CHAIN, 95}, {SUDOKU_NESTED_MULTIPLE_CHAIN, 100},
        {SUDOKU_NESTED_DYNAMIC_CHAIN, 105},
    };
    /* (the chains' ratings are their bases: a step adds its length) */
    for (size_t k = 0; k < sizeof SE / sizeof SE[0]; k++)
        ck_assert_int_eq(sudoku_technique_rating(SE[k].technique), SE[k].tenths);
    /* not in Sudoku Explainer, nor in the ratings: placed with its X-chains
     * (6.5-6.9) for --explain */
    ck_assert_int_ge(sudoku_technique_rating(SUDOKU_SIMPLE_COLOURING), 65);
    ck_assert_int_le(sudoku_technique_rating(SUDOKU_W_WING), 69);
    ck_assert(!((SUDOKU_SE_TECHNIQUES >> SUDOKU_SIMPLE_COLOURING) & 1));
    ck_assert(!((SUDOKU_SE_TECHNIQUES >> SUDOKU_W_WING) & 1));
    /* the search order of Sudoku Explainer's techniques is the order of
     * their difficulty */
    int last = 0;
    for (int t = 0; t < SUDOKU_GUESS; t++) {
        if (!((SUDOKU_SE_TECHNIQUES >> t) & 1))
            continue;
        ck_assert_int_ge(sudoku_technique_rating(t), last);
        last = sudoku_technique_rating(t);
    }
}
END_TEST

START_TEST(test_levels)
{
    static const struct { int level, min, max; const char *name; } LEVELS[] = {
        {SUDOKU_EASY, 10, 23, "easy"},       {SUDOKU_MEDIUM, 24, 34, "medium"},
        {SUDOKU_HARD, 35, 45, "hard"},       {SUDOKU_EXPERT, 46, 69, "expert"},
        {SUDOKU_EXTREME, 70, 999, "extreme"},
    };
    for (size_t k = 0; k < sizeof LEVELS / sizeof LEVELS[0]; k++) {
        int lo = 0, hi = 0;
        ck_assert_int_eq(sudoku_level_range(LEVELS[k].level, &lo, &hi), SUDOKU_OK);
        ck_assert_int_eq(lo, LEVELS[k].min);
        ck_assert_int_eq(hi, LEVELS[k].max);
        ck_assert_str_eq(sudoku_level_name(LEVELS[k].level), LEVELS[k].name);
        ck_assert_int_eq(sudoku_level_from_name(LEVELS[k].name), LEVELS[k].level);
    }
    int lo, hi;
    ck_assert_int_eq(sudoku_level_range(5, &lo, &hi), SUDOKU_EINVAL);
    ck_assert_int_eq(sudoku_level_from_name("diabolical"), -1);
    ck_assert_str_eq(sudoku_level_name(9), "?");
}
END_TEST

/* --- A singles solver of the test's own ------------------------------------- */

/* Naked and hidden singles on rows, columns and 3x3 boxes until stuck;
 * 1 when the grid is full. */
static int singles_solve(uint8_t *g)
{
    for (int progress = 1; progress;) {
        progress = 0;
        for (int c = 0; c < 81; c++) {
            if (g[c])
                continue;
            int free_mask = 0x1FF;
            for (int o = 0; o < 81; o++)
                if (g[o] && (o / 9 == c / 9 || o % 9 == c % 9 ||
                             (o / 27 == c / 27 && (o % 9) / 3 == (c % 9) / 3)))
                    free_mask &= ~(1 << (g[o] - 1));
            if (__builtin_popcount((unsigned)free_mask) == 1) {
                g[c] = (uint8_t)(__builtin_ctz((unsigned)free_mask) + 1);
                progress = 1;
            }
        }
        for (int h = 0; h < 27; h++)
            for (int d = 1; d <= 9; d++) {
                int where = -1, count = 0, placed = 0;
                for (int c = 0; c < 81; c++) {
                    int in = h < 9 ? c / 9 == h : h < 18 ? c % 9 == h - 9
                           : (c / 27) * 3 + (c % 9) / 3 == h - 18;
                    if (!in)
                        continue;
                    if (g[c] == d)
                        placed = 1;
                    if (g[c])
                        continue;
                    int ok = 1;
                    for (int o = 0; o < 81 && ok; o++)
                        if (g[o] == d && (o / 9 == c / 9 || o % 9 == c % 9 ||
                                          (o / 27 == c / 27 && (o % 9) / 3 == (c % 9) / 3)))
                            ok = 0;
                    if (ok) {
                        where = c;
                        count++;
                    }
                }
                if (!placed && count == 1) {
                    g[where] = (uint8_t)d;
                    progress = 1;
                }
            }
    }
    for (int c = 0; c < 81; c++)
        if (!g[c])
            return 0;
    return 1;
}

static int is_single(int t)
{
    return t == SUDOKU_FULL_HOUSE || t == SUDOKU_HIDDEN_SINGLE_BOX ||
           t == SUDOKU_HIDDEN_SINGLE_LINE || t == SUDOKU_NAKED_SINGLE;
}

/* The line between singles and more, both ways, against the test's own
 * singles solver: a puzzle it solves is rated easy (2.3 or less: singles,
 * or the direct techniques Sudoku Explainer tries before a naked single);
 * a puzzle it cannot solve needs something that is not a single. Generated
 * puzzles, many seeds, minimal and with more clues. */
START_TEST(test_singles_boundary)
{
    sudoku_shape sh;
    sudoku_shape_default(&sh, 9);
    sudoku_generator *g = sudoku_generator_new(&sh, NULL);
    sudoku_logic *L = sudoku_logic_new(&sh, NULL);
    sudoku_generate_options opt;
    memset(&opt, 0, sizeof opt);
    int singles = 0, more = 0;
    for (int k = 0; k < 120; k++) {
        opt.clues = k % 2 ? 0 : 26 + k % 10;
        uint8_t p[81], copy[81];
        ck_assert_int_eq(sudoku_generate(g, &opt, 3000 + (uint64_t)k, p, NULL, NULL), SUDOKU_OK);
        sudoku_rating r;
        ck_assert_int_eq(sudoku_rate(L, p, &r), 1);
        memcpy(copy, p, 81);
        int only_singles = 1;
        for (int t = 0; t < SUDOKU_TECHNIQUE_COUNT; t++)
            if (r.used[t] && !is_single(t))
                only_singles = 0;
        if (singles_solve(copy)) {
            ck_assert_int_le(r.score, 23);
            ck_assert_int_eq(r.level, SUDOKU_EASY);
            singles++;
        } else {
            ck_assert(!only_singles);
            more++;
        }
    }
    /* both sides were tried */
    ck_assert_int_gt(singles, 10);
    ck_assert_int_gt(more, 10);
    sudoku_logic_free(L);
    sudoku_generator_free(g);
}
END_TEST

/* The score is the hardest step: the steps' own ratings, walked again. */
START_TEST(test_hardest_step)
{
    sudoku_shape sh;
    sudoku_shape_default(&sh, 9);
    sudoku_generator *g = sudoku_generator_new(&sh, NULL);
    sudoku_logic *L = sudoku_logic_new(&sh, NULL);
    sudoku_generate_options opt;
    memset(&opt, 0, sizeof opt);
    int checked = 0;
    for (int k = 0; k < 60; k++) {
        uint8_t p[81];
        ck_assert_int_eq(sudoku_generate(g, &opt, 4000 + (uint64_t)k, p, NULL, NULL), SUDOKU_OK);
        sudoku_rating r, again;
        ck_assert_int_eq(sudoku_rate(L, p, &r), 1);
        ck_assert_int_eq(sudoku_rate(L, p, &again), 1);
        ck_assert_mem_eq(&r, &again, sizeof r);
        if (r.trials || r.guesses)
            continue;
        ck_assert_int_eq(sudoku_logic_start(L, p), 1);
        sudoku_logic_allow(L, SUDOKU_SE_TECHNIQUES);
        sudoku_step st;
        int hardest = 0, steps = 0, placed = 0;
        uint32_t used[SUDOKU_TECHNIQUE_COUNT] = {0};
        while (sudoku_logic_next(L, &st) == 1) {
            if (st.rating > hardest)
                hardest = st.rating;
            used[st.technique]++;
            steps++;
            placed += st.cell >= 0;
        }
        ck_assert_int_eq(r.score, hardest);
        ck_assert_int_eq(r.steps, steps);
        ck_assert_int_eq(r.placed, placed);
        ck_assert_mem_eq(r.used, used, sizeof used);
        /* a chain's step is rated its base and more */
        ck_assert_int_le(sudoku_technique_rating(r.hardest), r.score);
        ck_assert_int_eq(r.estimated, 0);
        checked++;
    }
    sudoku_logic_allow(L, ~(uint64_t)0);
    ck_assert_int_gt(checked, 30);
    sudoku_logic_free(L);
    sudoku_generator_free(g);
}
END_TEST

/* Puzzles with a reputation (tests/data/sudoku/known.txt): the one at the
 * top of Wikipedia's "Sudoku" article is solved by singles, as the article
 * shows; Arto Inkala's 2012 "world's hardest sudoku" needs nested forcing
 * chains: serate (SukakuExplainer 362854e, SE 1.2.1's techniques as
 * bench/compare-se.sh runs it) rates it 10.7 by its dynamic forcing chains
 * (+ forcing chains), on 2026-12-07. */
START_TEST(test_known)
{
    sudoku_shape sh;
    sudoku_shape_default(&sh, 9);
    sudoku_logic *L = sudoku_logic_new(&sh, NULL);
    uint8_t p[81];
    sudoku_rating r;
    cells_from("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
               p);
    ck_assert_int_eq(sudoku_rate(L, p, &r), 1);
    ck_assert_int_eq(r.level, SUDOKU_EASY);
    ck_assert_int_le(r.score, 23);
    ck_assert_int_eq(r.guesses, 0);
    ck_assert_int_eq(r.placed, 51);
    cells_from("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
               p);
    ck_assert_int_eq(sudoku_rate(L, p, &r), 1);
    ck_assert_int_eq(r.level, SUDOKU_EXTREME);
    ck_assert_int_eq(r.trials + r.guesses, 0);
    ck_assert_int_eq(r.estimated, 0);
    ck_assert_int_eq(r.score, 107);
    ck_assert_int_eq(r.hardest, SUDOKU_NESTED_FORCING_CHAIN);
    sudoku_logic_free(L);
}
END_TEST

/* Puzzles of the players' forum's "hardest" list (its 11+ collection,
 * ../shared/data/sudoku/forum_hardest_1905_11plus.txt, lines 1,271 and
 * 35,945), rated by serate as in test_known on 2026-12-07: 11.0 and 11.1,
 * the hardest step of each a dynamic contradiction forcing chain (+
 * multiple forcing chains). No guess, no estimate. And the nested chains
 * are searched only on puzzles of one solution: with a given taken away
 * the first goes on by a guess. */
START_TEST(test_nested)
{
    static const struct { const char *puzzle; int score, hardest; } CASES[] = {
        {"98.7.....6...5.9....5....7.4.......3..86..7......2..1..3...4..7..95..6......1..2.",
         110, SUDOKU_NESTED_MULTIPLE_CHAIN},
        {"98.7..6..5.4.3........94.5.3...2.....7.1..8..........2.9...6.8....9...16....7.9..",
         111, SUDOKU_NESTED_MULTIPLE_CHAIN},
    };
    sudoku_shape sh;
    sudoku_shape_default(&sh, 9);
    sudoku_logic *L = sudoku_logic_new(&sh, NULL);
    uint8_t p[81];
    sudoku_rating r;
    for (size_t k = 0; k < sizeof CASES / sizeof CASES[0]; k++) {
        cells_from(CASES[k].puzzle, p);
        ck_assert_int_eq(sudoku_rate(L, p, &r), 1);
        ck_assert_int_eq(r.score, CASES[k].score);
        ck_assert_int_eq(r.hardest, CASES[k].hardest);
        ck_assert_int_eq(r.estimated, 0);
        ck_assert_int_eq(r.trials + r.guesses, 0);
        ck_assert_int_eq(r.level, SUDOKU_EXTREME);
    }
    cells_from(CASES[0].puzzle, p);
    p[0] = 0;
    ck_assert_int_eq(sudoku_rate(L, p, &r), 2);
    ck_assert_int_gt(r.guesses, 0);
    ck_assert_int_eq(r.estimated, 1);
    sudoku_logic_free(L);
}
END_TEST

/* Extreme puzzles (7.0 and up): rated by chains, with no trial or guess;
 * their hardest step a chain or an aligned triplet exclusion, at its base
 * rating or above. Then trials: with the chains not allowed, a rating goes
 * on by trial, ends with the grid full, and every trial's eliminations were
 * sound (one that took a solution's candidate would leave a broken grid
 * later: sudoku_rate() would fail with SUDOKU_ECONFLICT, or a guess would
 * find its cell without the solution's value), with the estimates of the
 * table of docs/rating.md. Generated puzzles. */
START_TEST(test_trials)
{
    sudoku_shape sh;
    sudoku_shape_default(&sh, 9);
    sudoku_generator *g = sudoku_generator_new(&sh, NULL);
    sudoku_logic *L = sudoku_logic_new(&sh, NULL);
    sudoku_generate_options opt;
    memset(&opt, 0, sizeof opt);
    sudoku_level_range(SUDOKU_EXTREME, &opt.rate_min, &opt.rate_max);
    static const int ESTIMATES[] = {71, 76, 82, 88, 92, 96, 110};
    uint64_t chains = 0;
    for (int t = SUDOKU_FORCING_CHAIN; t < SUDOKU_GUESS; t++)
        chains |= (uint64_t)1 << t;
    for (int k = 0; k < 8; k++) {
        uint8_t p[81];
        ck_assert_int_eq(sudoku_generate(g, &opt, 6000 + (uint64_t)k, p, NULL, NULL), SUDOKU_OK);
        sudoku_rating r;
        ck_assert_int_eq(sudoku_rate(L, p, &r), 1);
        ck_assert_int_ge(r.score, 70);
        ck_assert_int_eq(r.trials + r.guesses, 0);
        ck_assert_int_eq(r.estimated, 0);
        ck_assert((chains >> r.hardest) & 1);
        ck_assert_int_ge(r.score, sudoku_technique_rating(r.hardest));
        sudoku_logic_allow(L, ~chains);
        ck_assert_int_eq(sudoku_rate(L, p, &r), 1);
        sudoku_logic_allow(L, ~(uint64_t)0);
        ck_assert_int_gt(r.trials + r.guesses, 0);
        ck_assert_int_eq(r.estimated, 1);
        ck_assert_int_eq(r.used[SUDOKU_GUESS], (uint32_t)(r.trials + r.guesses));
        int listed = 0;
        for (size_t e = 0; e < sizeof ESTIMATES / sizeof ESTIMATES[0]; e++)
            listed |= r.score == ESTIMATES[e];
        ck_assert_msg(listed, "score %d is not an estimate of the table", r.score);
        ck_assert_int_eq(r.hardest, SUDOKU_GUESS);
        ck_assert_int_eq(r.hardest_trial, r.score < 110);
    }
    sudoku_logic_free(L);
    sudoku_generator_free(g);
}
END_TEST

START_TEST(test_not_one_solution)
{
    sudoku_shape sh;
    sudoku_shape_default(&sh, 9);
    sudoku_logic *L = sudoku_logic_new(&sh, NULL);
    uint8_t p[81];
    sudoku_rating r;
    /* the Wikipedia grid with its first 5 made a 1: the 1 clashes with no
     * given, but the puzzle has no solution (build/bin/sudoku --count
     * says 0) */
    cells_from("13..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
               p);
    int rc = sudoku_rate(L, p, &r);
    ck_assert_int_eq(rc, 0);
    ck_assert_int_eq(r.solutions, 0);
    memset(p, 0, sizeof p);
    ck_assert_int_eq(sudoku_rate(L, p, &r), 2);
    ck_assert_int_eq(r.solutions, 2);
    p[0] = p[1] = 5;
    ck_assert_int_eq(sudoku_rate(L, p, &r), SUDOKU_ECONFLICT);
    ck_assert_int_eq(sudoku_rate(NULL, p, &r), SUDOKU_EINVAL);
    sudoku_logic_free(L);
}
END_TEST

Suite *rating_suite(void);
Suite *rating_suite(void)
{
    Suite *s = suite_create("rating");
    TCase *tc = tcase_create("rating");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_table);
    tcase_add_test(tc, test_levels);
    tcase_add_test(tc, test_singles_boundary);
    tcase_add_test(tc, test_hardest_step);
    tcase_add_test(tc, test_known);
    tcase_add_test(tc, test_nested);
    tcase_add_test(tc, test_trials);
    tcase_add_test(tc, test_not_one_solution);
    suite_add_tcase(s, tc);
    return s;
}
