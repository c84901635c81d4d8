/* SPDX-License-Identifier: MIT */
/* check_sudoku_big.c - the big plain grids' own search (sudoku/solve_big.c),
 * which SUDOKU_DLX runs on plain grids of 25 x 25 to 49 x 49. Answers are
 * checked against the givens and the rules (sudoku_check_solution); counts
 * against values known by construction (a full grid with a row blanked has
 * one completion; with the four corners of a swappable rectangle blanked,
 * two) and against two searches that share nothing with it: the engine's
 * (sudoku_dlx_solve, the turns of the exact-cover search) and bitmask. */
#include "sudoku.h"
#include "sudoku_internal.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DATA "tests/data/sudoku/"

enum { N = 25, CELLS = N * N };

static sudoku_solver *plain(int n, enum sudoku_algorithm alg)
{
    sudoku_shape sh;
    ck_assert_int_eq(sudoku_shape_default(&sh, n), SUDOKU_OK);
    int err = 1;
    sudoku_solver *s = sudoku_solver_new(&sh, alg, &err);
    ck_assert_ptr_nonnull(s);
    ck_assert_int_eq(err, SUDOKU_OK);
    return s;
}

static int symbol(char c)
{
    if (c >= '1' && c <= '9')
        return c - '0';
    if (c >= 'A' && c <= 'P')
        return c - 'A' + 10;
    return 0;
}

/* Line `line` (from 1) of tests/data/sudoku/big25_253.txt. */
static void fixture(int line, uint8_t *g)
{
    FILE *f = fopen(DATA "big25_253.txt", "r");
    ck_assert_ptr_nonnull(f);
    char buf[2 * CELLS];
    int k = 0;
    while (fgets(buf, sizeof buf, f))
        if (strlen(buf) >= CELLS && ++k == line)
            break;
    fclose(f);
    ck_assert_int_eq(k, line);
    for (int i = 0; i < CELLS; i++)
        g[i] = (uint8_t)symbol(buf[i]);
}

typedef struct node_budget {
    uint64_t budget;
} node_budget;

static int over_budget(void *ctx, uint64_t nodes)
{
    return nodes >= ((node_budget *)ctx)->budget;
}

/* Which grids get the search: plain boxes, 25 to 49 a side. */
START_TEST(test_big_takes_the_big_plain_grids)
{
    static const struct {
        int n;
        unsigned variant;
        int jigsaw;
        int big;
    } table[] = {
        {16, 0, 0, 0}, {25, 0, 0, 1}, {36, 0, 0, 1}, {49, 0, 0, 1}, {64, 0, 0, 0},
        {25, SUDOKU_X, 0, 0}, {25, 0, 1, 0},
    };
    static uint8_t regions[CELLS];
    for (int i = 0; i < CELLS; i++) /* the boxes again, as a jigsaw map */
        regions[i] = (uint8_t)(i / N / 5 * 5 + i % N / 5);
    for (size_t k = 0; k < sizeof table / sizeof table[0]; k++) {
        sudoku_shape sh;
        ck_assert_int_eq(sudoku_shape_default(&sh, table[k].n), SUDOKU_OK);
        sh.variant = table[k].variant;
        if (table[k].jigsaw)
            sh.regions = regions;
        int err;
        sudoku_solver *s = sudoku_solver_new(&sh, SUDOKU_DLX, &err);
        ck_assert_ptr_nonnull(s);
        ck_assert_msg((s->big != NULL) == table[k].big, "n %d, variant %u, jigsaw %d",
                      table[k].n, table[k].variant, table[k].jigsaw);
        sudoku_solver_free(s);
        ck_assert_ptr_null(sudoku_solver_new(&sh, SUDOKU_BAND, &err));
    }
}
END_TEST

/* Puzzles of the fixture (253 givens, several solutions each): a solution
 * that keeps the givens and the rules, at limits 1 and 2, within a budget
 * of nodes about ten times what they take (so that a regression fails here
 * at once rather than running long), the same again on a clone; then
 * the empty 25 x 25 and 36 x 36. */
START_TEST(test_big_solves_the_fixture)
{
    /* line, nodes at limit 1 when written */
    static const struct {
        int line;
        uint64_t nodes;
    } table[] = {{4, 78}, {5, 51}, {7, 154}, {10, 119}, {11, 273}, {15, 260}};
    sudoku_solver *s = plain(N, SUDOKU_DLX);
    sudoku_solver *c = sudoku_solver_clone(s);
    ck_assert_ptr_nonnull(c);
    node_budget nb = {0}; /* outlives the searches that call over_budget */
    for (size_t k = 0; k < sizeof table / sizeof table[0]; k++) {
        uint8_t g[CELLS], out[CELLS];
        fixture(table[k].line, g);
        nb.budget = 10 * table[k].nodes + 1000;
        for (int which = 0; which < 2; which++) {
            sudoku_solver *t = which ? c : s;
            sudoku_solver_set_progress(t, over_budget, &nb, 64);
            for (uint64_t limit = 1; limit <= 2; limit++) {
                sudoku_stats st = {0};
                memset(out, 0, sizeof out);
                int64_t r = sudoku_solve(t, g, limit, out, &st);
                ck_assert_msg(r >= 1, "line %d, limit %d: %lld", table[k].line, (int)limit,
                              (long long)r);
                ck_assert_int_eq(sudoku_check_solution(t, g, out), 1);
                ck_assert_uint_lt(st.nodes, nb.budget);
            }
        }
    }
    sudoku_solver_free(c);
    uint8_t empty[36 * 36] = {0}, out[36 * 36];
    ck_assert_int_eq(sudoku_solve(s, empty, 1, out, NULL), 1);
    ck_assert_int_eq(sudoku_check_solution(s, empty, out), 1);
    sudoku_solver_free(s);
    s = plain(36, SUDOKU_DLX);
    ck_assert_ptr_nonnull(s->big);
    ck_assert_int_eq(sudoku_solve(s, empty, 1, out, NULL), 1);
    ck_assert_int_eq(sudoku_check_solution(s, empty, out), 1);
    sudoku_solver_free(s);
}
END_TEST

typedef struct collected {
    uint8_t grids[4][CELLS];
    int count;
} collected;

static int collect(void *ctx, const uint8_t *grid)
{
    collected *c = ctx;
    if (c->count < 4)
        memcpy(c->grids[c->count], grid, CELLS);
    c->count++;
    return 0;
}

/* Counts known by construction, from a full grid (bitmask's, checked):
 * a row blanked has one completion (each column lacks one symbol); the
 * corners of a rectangle a b / b a whose pairs sit in two boxes, blanked,
 * have two (the swap of a and b, and no other: the rows take {a, b} in one
 * order or the other). Each count at limits 1, 2 and 0, and each solution
 * reported once; the engine's search (sudoku_dlx_solve) agrees. Then a
 * clash of givens is named as the other solvers name it, and a puzzle the
 * propagation at the root proves has no solution counts 0. */
START_TEST(test_big_counts_known_values)
{
    sudoku_solver *s = plain(N, SUDOKU_DLX), *bm = plain(N, SUDOKU_BITMASK);
    uint8_t full[CELLS] = {0};
    ck_assert_int_eq(sudoku_solve(bm, full, 1, full, NULL), 1);
    ck_assert_int_eq(sudoku_check_solution(bm, NULL, full), 1);
    /* a rectangle a b / b a with (r1, c1), (r1, c2) in one box, or
     * (r1, c1), (r2, c1) in one box */
    int rect[4] = {-1, -1, -1, -1};
    for (int r1 = 0; r1 < N && rect[0] < 0; r1++)
        for (int r2 = r1 + 1; r2 < N && rect[0] < 0; r2++)
            for (int c1 = 0; c1 < N && rect[0] < 0; c1++)
                for (int c2 = c1 + 1; c2 < N && rect[0] < 0; c2++) {
                    int boxed = r1 / 5 == r2 / 5 || c1 / 5 == c2 / 5;
                    if (boxed && !(r1 / 5 == r2 / 5 && c1 / 5 == c2 / 5) &&
                        full[r1 * N + c1] == full[r2 * N + c2] &&
                        full[r1 * N + c2] == full[r2 * N + c1]) {
                        rect[0] = r1 * N + c1;
                        rect[1] = r1 * N + c2;
                        rect[2] = r2 * N + c1;
                        rect[3] = r2 * N + c2;
                    }
                }
    ck_assert_int_ge(rect[0], 0);
    uint8_t row_blank[CELLS], rect_blank[CELLS];
    memcpy(row_blank, full, CELLS);
    memset(row_blank + 7 * N, 0, N);
    memcpy(rect_blank, full, CELLS);
    for (int k = 0; k < 4; k++)
        rect_blank[rect[k]] = 0;
    const struct {
        const uint8_t *g;
        int64_t count;
    } table[] = {{full, 1}, {row_blank, 1}, {rect_blank, 2}};
    for (size_t k = 0; k < sizeof table / sizeof table[0]; k++) {
        for (uint64_t limit = 0; limit <= 2; limit++) {
            int64_t want = limit && table[k].count > (int64_t)limit ? (int64_t)limit
                                                                    : table[k].count;
            collected got = {.count = 0};
            ck_assert_int_eq(sudoku_solve_each(s, table[k].g, limit, collect, &got, NULL), want);
            ck_assert_int_eq(got.count, want);
            for (int i = 0; i < got.count; i++) {
                ck_assert_int_eq(sudoku_check_solution(s, table[k].g, got.grids[i]), 1);
                for (int j = 0; j < i; j++)
                    ck_assert_int_ne(memcmp(got.grids[i], got.grids[j], CELLS), 0);
            }
            ck_assert_int_eq(sudoku_solve_using(s, sudoku_dlx_solve, table[k].g, limit, NULL,
                                                NULL, NULL, NULL),
                             want);
        }
    }
    /* two givens of one symbol in a box, not in one row or column */
    uint8_t clash[CELLS] = {0};
    clash[0] = 3;
    clash[N + 1] = 3;
    ck_assert_int_eq(sudoku_solve(s, clash, 1, NULL, NULL), SUDOKU_ECONFLICT);
    sudoku_conflict a, b;
    sudoku_solver_conflict(s, &a);
    ck_assert_int_eq(sudoku_solve(bm, clash, 1, NULL, NULL), SUDOKU_ECONFLICT);
    sudoku_solver_conflict(bm, &b);
    ck_assert_mem_eq(&a, &b, sizeof a);
    /* rows 8 and 9 blanked but for one cell: row 8's first takes row 9's
     * symbol there (no clash: that symbol's other places in the column and
     * the box are blanked); whatever its count, the searches agree */
    uint8_t none[CELLS];
    memcpy(none, full, CELLS);
    memset(none + 7 * N, 0, 2 * N);
    none[7 * N] = full[8 * N];
    ck_assert_int_eq(sudoku_solve(s, none, 0, NULL, NULL),
                     sudoku_solve(bm, none, 0, NULL, NULL));
    ck_assert_int_eq(sudoku_solve_using(s, sudoku_dlx_solve, none, 0, NULL, NULL, NULL, NULL),
                     sudoku_solve(s, none, 0, NULL, NULL));
    sudoku_solver_free(bm);
    sudoku_solver_free(s);
}
END_TEST

/* Counting every solution of puzzles with a few: the fixture's line 5
 * with half of its blanks filled from one of its solutions, four ways (1
 * to 4 solutions each when written); big, the engine's search and bitmask
 * agree, and a
 * progress callback that stops the search gives SUDOKU_ESTOPPED. */
START_TEST(test_big_counts_agree)
{
    sudoku_solver *s = plain(N, SUDOKU_DLX), *bm = plain(N, SUDOKU_BITMASK);
    uint8_t g[CELLS], sol[CELLS];
    fixture(5, g);
    ck_assert_int_eq(sudoku_solve(bm, g, 1, sol, NULL), 1);
    int blanks[CELLS], nb = 0;
    for (int i = 0; i < CELLS; i++)
        if (!g[i])
            blanks[nb++] = i;
    ck_assert_int_ge(nb, 160);
    int64_t most = 0;
    for (int set = 0; set < 4; set++) {
        uint8_t p[CELLS];
        memcpy(p, sol, CELLS);
        for (int i = 0; i < CELLS; i++)
            if (g[i])
                p[i] = g[i];
        /* every other blank of the fixture, from the set-th on */
        for (int k = set; k < nb; k += 2)
            p[blanks[k]] = 0;
        int64_t big = sudoku_solve(s, p, 0, NULL, NULL);
        ck_assert_int_ge(big, 1);
        ck_assert_int_eq(sudoku_solve_using(s, sudoku_dlx_solve, p, 0, NULL, NULL, NULL, NULL),
                         big);
        ck_assert_int_eq(sudoku_solve(bm, p, 0, NULL, NULL), big);
        if (big > most)
            most = big;
    }
    ck_assert_int_ge(most, 2); /* the table is not all unique puzzles */
    node_budget stop = {1};
    sudoku_solver_set_progress(s, over_budget, &stop, 1);
    ck_assert_int_eq(sudoku_solve(s, g, 1, NULL, NULL), SUDOKU_ESTOPPED);
    sudoku_solver_free(bm);
    sudoku_solver_free(s);
}
END_TEST

Suite *sudoku_big_suite(void);
Suite *sudoku_big_suite(void)
{
    Suite *s = suite_create("sudoku_big");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_big_takes_the_big_plain_grids);
    tcase_add_test(tc, test_big_solves_the_fixture);
    tcase_add_test(tc, test_big_counts_known_values);
    tcase_add_test(tc, test_big_counts_agree);
    suite_add_tcase(s, tc);
    return s;
}
