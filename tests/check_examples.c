/* SPDX-License-Identifier: MIT */
/* check_examples.c - the builders of examples/problems.h, which the example
 * programs and the benchmark share: the shapes they generate, the names and
 * order of their items, and small counts through the library directly
 * (the programs themselves are tested by tests/cli/test_examples.sh).
 */
#include <check.h>
#include <string.h>

#include "../examples/problems.h"

/* The fixed pentominoes: each free piece has 8, 4, 2 or 1 orientations
 * (rotations and reflections), 63 in all (Golomb, "Polyominoes"). */
START_TEST(pentomino_orientations_known)
{
    static const struct {
        const char *piece;
        int orientations;
    } known[PENTOMINO_PIECES] = {{"F", 8}, {"I", 2}, {"L", 8}, {"N", 8}, {"P", 8}, {"T", 4},
                                 {"U", 4}, {"V", 4}, {"W", 4}, {"X", 1}, {"Y", 8}, {"Z", 4}};
    int total = 0;
    for (int k = 0; k < PENTOMINO_PIECES; k++) {
        int orient[8][5][2];
        int n = pentomino_orientations(k, orient);
        ck_assert_str_eq(pentomino_shapes[k][0], known[k].piece);
        ck_assert_msg(n == known[k].orientations, "%s: %d orientations, want %d",
                      known[k].piece, n, known[k].orientations);
        total += n;
        /* every orientation is 5 distinct cells, normalised to row/col 0 */
        for (int o = 0; o < n; o++) {
            int min_r = 9, min_c = 9;
            for (int c = 0; c < 5; c++) {
                min_r = orient[o][c][0] < min_r ? orient[o][c][0] : min_r;
                min_c = orient[o][c][1] < min_c ? orient[o][c][1] : min_c;
                for (int d = 0; d < c; d++)
                    ck_assert(orient[o][c][0] != orient[o][d][0] ||
                              orient[o][c][1] != orient[o][d][1]);
            }
            ck_assert_int_eq(min_r, 0);
            ck_assert_int_eq(min_c, 0);
        }
    }
    ck_assert_int_eq(total, 63);
}
END_TEST

/* 3x20: 12 pieces + 60 cells; the two packings, each in 4 positions
 * (the board's symmetries), counted through the library. */
START_TEST(pentomino_3x20_count)
{
    pentomino_board b;
    ck_assert_int_eq(pentomino_board_init(&b, 3, 20), 0);
    ck_assert_int_eq(pentomino_board_cells(&b), 60);
    dlx_problem *p = dlx_new();
    ck_assert_int_eq(pentomino_build(p, &b), DLX_OK);
    ck_assert_int_eq(dlx_item_count(p), 72);
    ck_assert_str_eq(dlx_item_name(p, 12), "r0c0");
    ck_assert_str_eq(dlx_item_name(p, 71), "r2c19");
    uint64_t count = 0;
    ck_assert_int_eq(dlx_count(p, &count), DLX_OK);
    ck_assert_uint_eq(count, 8);
    dlx_free(p);
    pentomino_board_scott(&b);
    ck_assert_int_eq(pentomino_board_cells(&b), 60);
    ck_assert_int_eq(pentomino_board_init(&b, 100, 100), -1); /* too big */
}
END_TEST

/* Knuth's organ-pipe order for 8 queens (0-based): rows and columns
 * 3 4 2 5 1 6 0 7, interleaved. */
START_TEST(queens_middle_first_order)
{
    static const char *const want[16] = {"r3", "c3", "r4", "c4", "r2", "c2", "r5", "c5",
                                         "r1", "c1", "r6", "c6", "r0", "c0", "r7", "c7"};
    dlx_problem *p = dlx_new();
    ck_assert_int_eq(queens_build(p, 8, 1), DLX_OK);
    for (int k = 0; k < 16; k++)
        ck_assert_str_eq(dlx_item_name(p, k), want[k]);
    ck_assert_int_eq(dlx_item_is_secondary(p, 15), 0);
    ck_assert_int_eq(dlx_item_is_secondary(p, 16), 1); /* a0, the first diagonal */
    ck_assert_int_eq(dlx_item_count(p), 16 + 2 * 15);
    ck_assert_int_eq(dlx_option_count(p), 64);
    /* every option's square decodes back to where it was built */
    for (int32_t o = 0; o < 64; o++) {
        int r, c;
        queens_square(p, o, &r, &c);
        ck_assert_int_eq(r * 8 + c, o);
    }
    for (int32_t i = 0; i < 8; i++) { /* the rank is the inverse of the order */
        const char *name = dlx_item_name(p, 2 * queens_rank(8, i));
        ck_assert_int_eq(name[1], '0' + i);
    }
    uint64_t count = 0;
    ck_assert_int_eq(dlx_count(p, &count), DLX_OK);
    ck_assert_uint_eq(count, 92); /* OEIS A000170 */
    dlx_free(p);
}
END_TEST

/* The Petersen graph is 3-regular with 15 edges; K colours give 15 K (K-1)
 * options; P(3) = 120 (its chromatic polynomial). */
START_TEST(colouring_petersen_graph)
{
    int storage[15][2], degree[10] = {0};
    colouring_graph g = colouring_petersen(storage);
    ck_assert_int_eq(g.vertices, 10);
    ck_assert_int_eq(g.edges, 15);
    for (int e = 0; e < 15; e++) {
        degree[g.edge[e][0]]++;
        degree[g.edge[e][1]]++;
    }
    for (int v = 0; v < 10; v++)
        ck_assert_int_eq(degree[v], 3);
    dlx_problem *p = dlx_new();
    ck_assert_int_eq(colouring_build(p, &g, 3), DLX_OK);
    ck_assert_int_eq(dlx_option_count(p), 15 * 3 * 2);
    uint64_t count = 0;
    ck_assert_int_eq(dlx_count(p, &count), DLX_OK);
    ck_assert_uint_eq(count, 120);
    dlx_free(p);
}
END_TEST

/* A vertex without edges still gets a colour: K colours multiply the count
 * by K. One edge 0-1 plus an isolated vertex 2, 3 colours: 3*2 * 3 = 18. */
START_TEST(colouring_isolated_vertex)
{
    int edges[1][2] = {{0, 1}};
    colouring_graph g = {"an edge and a point", 3, 1, edges};
    dlx_problem *p = dlx_new();
    ck_assert_int_eq(colouring_build(p, &g, 3), DLX_OK);
    uint64_t count = 0;
    ck_assert_int_eq(dlx_count(p, &count), DLX_OK);
    ck_assert_uint_eq(count, 18);
    dlx_free(p);
}
END_TEST

/* Langford n = 4: 2 sequences (41312432 and its reversal); Latin squares of
 * order 4: 576 (OEIS A002860). */
START_TEST(langford_and_latin_counts)
{
    dlx_problem *p = dlx_new();
    ck_assert_int_eq(langford_build(p, 4), DLX_OK);
    uint64_t count = 0;
    ck_assert_int_eq(dlx_count(p, &count), DLX_OK);
    ck_assert_uint_eq(count, 2);
    dlx_free(p);
    p = dlx_new();
    ck_assert_int_eq(latin_build(p, 4), DLX_OK);
    ck_assert_int_eq(dlx_count(p, &count), DLX_OK);
    ck_assert_uint_eq(count, 576);
    dlx_free(p);
}
END_TEST

/* The text writer: comment lines, the item line with " | " before the
 * secondary items, coloured items as name:colour. */
START_TEST(write_text_format)
{
    int edges[1][2] = {{0, 1}};
    colouring_graph g = {"K2", 2, 1, edges};
    dlx_problem *p = dlx_new();
    ck_assert_int_eq(colouring_build(p, &g, 2), DLX_OK);
    char buf[512] = "";
    FILE *f = fmemopen(buf, sizeof buf - 1, "w");
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(problems_write_text(f, p, "two lines\nof comment"), 0);
    fclose(f);
    ck_assert_str_eq(buf, "| two lines\n"
                          "| of comment\n"
                          "0-1 | v0 v1\n"
                          "0-1 v0:1 v1:2\n"
                          "0-1 v0:2 v1:1\n");
    dlx_free(p);
}
END_TEST

Suite *examples_suite(void);
Suite *examples_suite(void)
{
    Suite *s = suite_create("examples");
    TCase *tc = tcase_create("builders");
    tcase_add_test(tc, pentomino_orientations_known);
    tcase_add_test(tc, pentomino_3x20_count);
    tcase_add_test(tc, queens_middle_first_order);
    tcase_add_test(tc, colouring_petersen_graph);
    tcase_add_test(tc, colouring_isolated_vertex);
    tcase_add_test(tc, langford_and_latin_counts);
    tcase_add_test(tc, write_text_format);
    suite_add_tcase(s, tc);
    return s;
}
