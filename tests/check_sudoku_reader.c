/* SPDX-License-Identifier: MIT */
/* check_sudoku_reader.c - the puzzle reader: every layout it detects
 * (one per line, grids with and without separators), comments, blank
 * lines, "end", CRLF, a byte-order mark, blanks, alphabets, the 16-symbol
 * ambiguity, and each error with its line and column; plus the writers. */
#include "sudoku.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

/* What reading a text gives, in order: 'P' a puzzle, 'E' an error, with
 * the line, the side and (puzzles) the cells as text. */
typedef struct event {
    char kind;
    long line;
    int n;
    int code;
    long column;
    enum sudoku_form form;
    char cells[SUDOKU_MAX_CELLS + 1];
} event;

static int read_all(const char *text, const sudoku_read_options *opt, event *ev, int cap)
{
    int err = 0;
    sudoku_reader *r = sudoku_reader_new(text, strlen(text), opt, &err);
    ck_assert_ptr_nonnull(r);
    sudoku_puzzle *p = malloc(sizeof *p);
    ck_assert_ptr_nonnull(p);
    int k = 0;
    for (;;) {
        sudoku_read_error e;
        memset(&e, 0, sizeof e);
        int rc = sudoku_reader_next(r, p, &e);
        if (rc == 0)
            break;
        ck_assert_int_lt(k, cap);
        event *x = &ev[k++];
        memset(x, 0, sizeof *x);
        if (rc > 0) {
            x->kind = 'P';
            x->line = p->line;
            x->n = p->n;
            x->form = p->form;
            sudoku_format_line(p->cells, p->n, NULL, x->cells);
        } else {
            x->kind = 'E';
            x->line = e.line;
            x->code = rc;
            x->column = e.column;
            x->n = e.expected;
            x->form = e.form;
        }
    }
    free(p);
    sudoku_reader_free(r);
    return k;
}

static const char *WIKI = "53..7....6..195....98....6.8...6...34..8.3..17...2...6"
                          ".6....28....419..5....8..79";

START_TEST(test_lines)
{
    /* blanks '.', '0', '_' all read as blank; a trailing " # note" is ignored */
    const char *text = "# Wikipedia's puzzle three ways\n"
                       "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n"
                       "530070000600195000098000060800060003400803001700020006060000280000419005000080079\n"
                       "53__7____6__195____98____6_8___6___34__8_3__17___2___6_6____28____419__5____8__79  # note\n";
    event ev[8];
    ck_assert_int_eq(read_all(text, NULL, ev, 8), 3);
    for (int i = 0; i < 3; i++) {
        ck_assert_int_eq(ev[i].kind, 'P');
        ck_assert_int_eq(ev[i].line, i + 2);
        ck_assert_int_eq(ev[i].n, 9);
        ck_assert_int_eq(ev[i].form, SUDOKU_FORM_LINE);
        ck_assert_str_eq(ev[i].cells, WIKI);
    }
}
END_TEST

START_TEST(test_grids)
{
    /* plain rows; rows with spaces, '|' and separator lines; CRLF; a blank
     * line between grids; comments inside; "end" stops everything */
    const char *text = "\xEF\xBB\xBF"
                       "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n"
                       "7...2...6\n.6....28.\n...419..5\n....8..79\n"
                       "\n"
                       "# the same, drawn\r\n"
                       "5 3 . | . 7 . | . . .\r\n6 . . | 1 9 5 | . . .\r\n. 9 8 | . . . | . 6 .\r\n"
                       "------+-------+------\r\n"
                       "8 . . | . 6 . | . . 3\r\n4 . . | 8 . 3 | . . 1\r\n# inside\r\n"
                       "7 . . | . 2 . | . . 6\r\n"
                       "------+-------+------\r\n"
                       ". 6 . | . . . | 2 8 .\r\n. . . | 4 1 9 | . . 5\r\n. . . | . 8 . | . 7 9\r\n"
                       "end\n"
                       "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n";
    event ev[8];
    ck_assert_int_eq(read_all(text, NULL, ev, 8), 2);
    ck_assert_int_eq(ev[0].kind, 'P');
    ck_assert_int_eq(ev[0].line, 1);
    ck_assert_int_eq(ev[0].form, SUDOKU_FORM_GRID);
    ck_assert_str_eq(ev[0].cells, WIKI);
    ck_assert_int_eq(ev[1].kind, 'P');
    ck_assert_int_eq(ev[1].line, 12);
    ck_assert_int_eq(ev[1].form, SUDOKU_FORM_GRID);
    ck_assert_str_eq(ev[1].cells, WIKI);
}
END_TEST

/* Two grids with no blank line between them; a grid with a gap between
 * bands of boxes. */
START_TEST(test_grids_back_to_back)
{
    const char *text = "1234\n3412\n2143\n4321\n"
                       "1...\n..4.\n.2..\n...1\n"
                       "12 34\n34 12\n\n21 43\n43 21\n";
    event ev[8];
    ck_assert_int_eq(read_all(text, NULL, ev, 8), 3);
    ck_assert_str_eq(ev[0].cells, "1234341221434321");
    ck_assert_int_eq(ev[1].line, 5);
    ck_assert_str_eq(ev[1].cells, "1.....4..2.....1");
    ck_assert_int_eq(ev[2].line, 9);
    ck_assert_str_eq(ev[2].cells, "1234341221434321");
}
END_TEST

/* 4x4 and 16x16, both ways. A row of 16 symbols is a 4x4 puzzle, unless it
 * belongs to a 16x16 grid: spaces between symbols or symbols above 4. */
START_TEST(test_sizes)
{
    char text[4096] = "";
    strcat(text, "1...............\n.2..............\n\n");
    for (int r = 0; r < 16; r++) {
        char row[20];
        for (int c = 0; c < 16; c++)
            row[c] = "123456789ABCDEFG"[(4 * (r % 4) + r / 4 + c) % 16];
        row[16] = '\n';
        row[17] = '\0';
        strcat(text, row);
    }
    strcat(text, "\n");
    for (int i = 0; i < 256; i++)
        strcat(text, i == 0 ? "G" : ".");
    strcat(text, "\n");
    event ev[8];
    ck_assert_int_eq(read_all(text, NULL, ev, 8), 4);
    ck_assert_int_eq(ev[0].n, 4);
    ck_assert_int_eq(ev[0].form, SUDOKU_FORM_LINE);
    ck_assert_int_eq(ev[1].n, 4);
    ck_assert_int_eq(ev[2].n, 16);
    ck_assert_int_eq(ev[2].form, SUDOKU_FORM_GRID);
    ck_assert_int_eq(ev[2].line, 4);
    ck_assert(strncmp(ev[2].cells, "123456789ABCDEFG5", 17) == 0);
    ck_assert_int_eq(ev[3].n, 16);
    ck_assert_int_eq(ev[3].form, SUDOKU_FORM_LINE);
    ck_assert_int_eq(ev[3].cells[0], 'G');
    /* 6x6 on one line (36 is no grid row: the alphabet has 35 symbols) */
    const char *six = "123456............................65\n";
    ck_assert_int_eq(read_all(six, NULL, ev, 8), 1);
    ck_assert_int_eq(ev[0].n, 6);
}
END_TEST

/* --alphabet 0-9A-F: '0' becomes a symbol (value 1), '.' stays blank. */
START_TEST(test_alphabet)
{
    char symbols[SUDOKU_MAX_N + 1];
    ck_assert_int_eq(sudoku_parse_alphabet("0-9A-F", symbols), 16);
    ck_assert_str_eq(symbols, "0123456789ABCDEF");
    ck_assert_int_eq(sudoku_parse_alphabet("abc", symbols), 3);
    ck_assert_int_eq(sudoku_parse_alphabet("1-9A-Z", symbols), 35);
    ck_assert_int_eq(sudoku_parse_alphabet("112", symbols), SUDOKU_EALPHABET);
    ck_assert_int_eq(sudoku_parse_alphabet("1.2", symbols), SUDOKU_EALPHABET);
    ck_assert_int_eq(sudoku_parse_alphabet("", symbols), SUDOKU_EALPHABET);
    ck_assert_int_eq(sudoku_parse_alphabet("9-1", symbols), SUDOKU_EALPHABET);
    char text[300];
    memset(text, '.', 256);
    text[0] = '0';
    text[1] = 'F';
    text[256] = '\n';
    text[257] = '\0';
    sudoku_read_options opt = {"0-9A-F", 0};
    int err;
    sudoku_reader *r = sudoku_reader_new(text, strlen(text), &opt, &err);
    ck_assert_ptr_nonnull(r);
    sudoku_puzzle *p = malloc(sizeof *p);
    ck_assert_int_eq(sudoku_reader_next(r, p, NULL), 1);
    ck_assert_int_eq(p->n, 16);
    ck_assert_int_eq(p->cells[0], 1);
    ck_assert_int_eq(p->cells[1], 16);
    ck_assert_int_eq(p->cells[2], 0);
    free(p);
    sudoku_reader_free(r);
    sudoku_read_options bad = {"11", 0};
    ck_assert_ptr_null(sudoku_reader_new(text, 1, &bad, &err));
    ck_assert_int_eq(err, SUDOKU_EALPHABET);
}
END_TEST

/* Errors: each bad piece is one error with its line (and column for a bad
 * symbol), and the good puzzles around it are still read. */
START_TEST(test_errors)
{
    const char *text =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n" /* 1 ok */
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7\n"  /* 2 short */
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7x\n" /* 3 symbol */
        "\n"
        "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n"                            /* 5.. */
        "7...2...6\n.6....28.\n...419..5\n\n"                                                 /* 8 rows */
        "53..7....\n6..195...\n.98..A.6.\n8...6...3\n4..8.3..1\n"                             /* 14.. */
        "7...2...6\n.6....28.\n...419..5\n....8..79\n\n"
        "53..7....\n6..195...\n.98....6\n8...6...3\n4..8.3..1\n"                              /* 24.. */
        "7...2...6\n.6....28.\n...419..5\n....8..79\n\n"
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n"; /* 34 ok */
    event ev[10];
    int k = read_all(text, NULL, ev, 10);
    ck_assert_int_eq(k, 7);
    ck_assert_int_eq(ev[0].kind, 'P');
    ck_assert_int_eq(ev[1].kind, 'E');
    ck_assert_int_eq(ev[1].code, SUDOKU_ELENGTH);
    ck_assert_int_eq(ev[1].line, 2);
    ck_assert_int_eq(ev[2].code, SUDOKU_ESYMBOL);
    ck_assert_int_eq(ev[2].line, 3);
    ck_assert_int_eq(ev[2].column, 81);
    ck_assert_int_eq(ev[3].code, SUDOKU_EROWS);
    ck_assert_int_eq(ev[3].line, 5);
    ck_assert_int_eq(ev[4].code, SUDOKU_ESYMBOL); /* 'A' in a 9x9 */
    ck_assert_int_eq(ev[4].line, 16);
    ck_assert_int_eq(ev[4].column, 6);
    ck_assert_int_eq(ev[5].code, SUDOKU_ELENGTH); /* row of 8 in a grid */
    ck_assert_int_eq(ev[5].line, 26);
    ck_assert_int_eq(ev[5].form, SUDOKU_FORM_GRID);
    ck_assert_int_eq(ev[6].kind, 'P');
    ck_assert_int_eq(ev[6].line, 34);
    /* an empty text, only comments, a lone "end" */
    ck_assert_int_eq(read_all("", NULL, ev, 10), 0);
    ck_assert_int_eq(read_all("# nothing\n\n  \n", NULL, ev, 10), 0);
    ck_assert_int_eq(read_all("end\n1...............\n", NULL, ev, 10), 0);
    /* forced size: a 4x4 line is the wrong length for 9x9 */
    sudoku_read_options nine = {NULL, 9};
    ck_assert_int_eq(read_all("1...............\n", &nine, ev, 10), 1);
    ck_assert_int_eq(ev[0].code, SUDOKU_ELENGTH);
}
END_TEST

/* A grid that uses spaces as blanks, one character a cell, as people type
 * it: the Wikipedia puzzle (WIKI) with its trailing blanks kept, then cut
 * by an editor, then with its empty columns and a whole empty row. Each
 * must read as exactly the puzzle it draws. */
START_TEST(test_spaces_as_blanks)
{
    /* 1: trailing blanks kept, "53  7    " (issue 11's example) */
    const char *kept = "53  7    \n6  195   \n 98    6 \n8   6   3\n4  8 3  1\n"
                       "7   2   6\n 6    28 \n   419  5\n    8  79\n";
    event ev[4];
    ck_assert_int_eq(read_all(kept, NULL, ev, 4), 1);
    ck_assert_int_eq(ev[0].kind, 'P');
    ck_assert_int_eq(ev[0].form, SUDOKU_FORM_GRID);
    ck_assert_int_eq(ev[0].line, 1);
    ck_assert_str_eq(ev[0].cells, WIKI);
    /* 2: trailing blanks cut, CRLF, no newline at the end; a one-line
     * puzzle after a blank line is still its own puzzle */
    const char *cut = "53  7\r\n6  195\r\n 98    6\r\n8   6   3\r\n4  8 3  1\r\n"
                      "7   2   6\r\n 6    28\r\n   419  5\r\n    8  79\r\n\r\n"
                      "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    ck_assert_int_eq(read_all(cut, NULL, ev, 4), 2);
    ck_assert_str_eq(ev[0].cells, WIKI);
    ck_assert_int_eq(ev[1].form, SUDOKU_FORM_LINE);
    ck_assert_int_eq(ev[1].line, 11);
    ck_assert_str_eq(ev[1].cells, WIKI);
    /* 3: an empty row in the middle (an empty line) and one at the end (an
     * empty line too), a comment before and "end" after */
    const char *drawn = "# two empty rows\n"
                        "53  7    \n"
                        "\n"
                        " 98    6 \n"
                        "8   6   3\n"
                        "4  8 3  1\n"
                        "7   2   6\n"
                        " 6    28 \n"
                        "   419  5\n"
                        "\n"
                        "end\n";
    ck_assert_int_eq(read_all(drawn, NULL, ev, 4), 1);
    ck_assert_int_eq(ev[0].line, 2);
    ck_assert_str_eq(ev[0].cells, "53..7...."
                                  "........."
                                  ".98....6."
                                  "8...6...3"
                                  "4..8.3..1"
                                  "7...2...6"
                                  ".6....28."
                                  "...419..5"
                                  ".........");
    /* 4: a 4x4 with spaces as blanks, two of them back to back with a
     * blank line between */
    ck_assert_int_eq(read_all("1  4\n 4  \n2  3\n  2 \n\n   4\n 1  \n  3 \n4   \n", NULL, ev, 4), 2);
    ck_assert_str_eq(ev[0].cells, "1..4.4..2..3..2.");
    ck_assert_str_eq(ev[1].cells, "...4.1....3.4...");
    /* Not such grids: spaced rows wider than N ("5 3 . . 7"), 4x4 rows
     * framed for the eye ("12 34"), rows without a space between two
     * symbols (an ordinary grid), a tab or '|' */
    ck_assert_int_eq(read_all("12 34\n34 12\n\n21 43\n43 21\n", NULL, ev, 4), 1);
    ck_assert_str_eq(ev[0].cells, "1234341221434321");
    event many[8];
    int k = read_all("1  4\n 4\t \n2  3\n  2 \n", NULL, many, 8);
    for (int i = 0; i < k; i++)
        ck_assert_int_eq(many[i].kind, 'E');
}
END_TEST

/* Debian's sudoku -fcompact writes each board after a '%' line holding its
 * title (sudoku(6), "Compact text format"); '%' lines are titles, unless
 * '%' is one of the symbols. */
START_TEST(test_percent_titles)
{
    const char *text = "% Wikipedia\n"
                       "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n"
                       "7...2...6\n.6....28.\n...419..5\n....8..79\n"
                       "%\n"
                       "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n"
                       "7...2...6\n.6....28.\n...419..5\n....8..79\n";
    event ev[4];
    ck_assert_int_eq(read_all(text, NULL, ev, 4), 2);
    ck_assert_int_eq(ev[0].line, 2);
    ck_assert_str_eq(ev[0].cells, WIKI);
    ck_assert_int_eq(ev[1].line, 12);
    ck_assert_str_eq(ev[1].cells, WIKI);
    /* with '%' a symbol, "%..." is a row of a 4x4 grid */
    sudoku_read_options pct = {"%1-3", 0};
    ck_assert_int_eq(read_all("%123\n3%..\n....\n....\n", &pct, ev, 4), 1);
    ck_assert_int_eq(ev[0].kind, 'P');
    ck_assert_str_eq(ev[0].cells, "123441.........."); /* printed 1-4 */
}
END_TEST

START_TEST(test_writers)
{
    uint8_t g[16] = {1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 0};
    char buf[256];
    ck_assert_uint_eq(sudoku_format_line(g, 4, NULL, buf), 16);
    ck_assert_str_eq(buf, "123434122143432.");
    sudoku_format_grid(g, 4, "ABCD", buf);
    ck_assert_str_eq(buf, "ABCD\nCDAB\nBADC\nDCB.\n");
    size_t need = sudoku_format_pretty(g, 4, 2, 2, NULL, buf, sizeof buf);
    ck_assert_str_eq(buf, "+-----+-----+\n"
                          "| 1 2 | 3 4 |\n"
                          "| 3 4 | 1 2 |\n"
                          "+-----+-----+\n"
                          "| 2 1 | 4 3 |\n"
                          "| 4 3 | 2 . |\n"
                          "+-----+-----+\n");
    ck_assert_uint_eq(need, strlen(buf));
    /* too small a buffer: truncated, terminated, the full length returned */
    char small[10];
    ck_assert_uint_eq(sudoku_format_pretty(g, 4, 2, 2, NULL, small, sizeof small), need);
    ck_assert_uint_eq(strlen(small), 9);
    /* no box lines */
    sudoku_format_pretty(g, 4, 0, 0, NULL, buf, sizeof buf);
    ck_assert_str_eq(buf, "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 .\n");
    /* jigsaw: region borders; the map AAAB / CABB / CCDB / CDDD */
    static const uint8_t regions[16] = {0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3};
    need = sudoku_format_regions(g, 4, regions, NULL, buf, sizeof buf);
    ck_assert_str_eq(buf, "+---+---+---+---+\n"
                          "| 1   2   3 | 4 |\n"
                          "+---+   +---+   +\n"
                          "| 3 | 4 | 1   2 |\n"
                          "+   +---+---+   +\n"
                          "| 2   1 | 4 | 3 |\n"
                          "+   +---+   +---+\n"
                          "| 4 | 3   2   . |\n"
                          "+---+---+---+---+\n");
    ck_assert_uint_eq(need, strlen(buf));
}
END_TEST

Suite *sudoku_reader_suite(void);
Suite *sudoku_reader_suite(void)
{
    Suite *s = suite_create("sudoku_reader");
    TCase *tc = tcase_create("reader");
    tcase_add_test(tc, test_lines);
    tcase_add_test(tc, test_grids);
    tcase_add_test(tc, test_grids_back_to_back);
    tcase_add_test(tc, test_sizes);
    tcase_add_test(tc, test_alphabet);
    tcase_add_test(tc, test_errors);
    tcase_add_test(tc, test_spaces_as_blanks);
    tcase_add_test(tc, test_percent_titles);
    tcase_add_test(tc, test_writers);
    suite_add_tcase(s, tc);
    return s;
}
