/* SPDX-License-Identifier: MIT */
/* check_text.c - unit tests of the text-format reader (dlx/text.c).
 *
 * Expected answers: Knuth's paper "Dancing Links" for the small example (one
 * solution), TAOCP 7.2.2.1's XCC example for colours (one solution), OEIS
 * A000170 for N-queens, A014552 for Langford pairs, A002860 for Latin
 * squares, the chromatic polynomial of the Petersen graph (the builders of
 * examples/problems.h, written as text and read back, must give the same
 * problem and counts), Knuth's DLX3 for bounds (its example
 * "A B 2:3|C | X Y" has one solution; its error messages are named beside
 * ours in the table; motley-dlx 4 4 has 8 solutions), and for every error
 * case the position worked out by hand in the table. */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx.h"
#include "dlx_text.h"
#include "../examples/problems.h"

/* --- helpers ------------------------------------------------------------- */

static dlx_text *parse_ok(const char *src)
{
    dlx_text *t = dlx_text_new();
    ck_assert_ptr_nonnull(t);
    int rc = dlx_text_parse(t, src, strlen(src));
    const dlx_text_diag *e = dlx_text_error(t);
    ck_assert_msg(rc == DLX_OK, "parse failed: %d %s", rc, e ? e->message : "");
    ck_assert_ptr_null(e);
    ck_assert_ptr_nonnull(dlx_text_problem(t));
    ck_assert_int_eq(dlx_check(dlx_text_problem(t)), DLX_OK);
    return t;
}

static uint64_t count_text(dlx_text *t)
{
    uint64_t n = 0;
    ck_assert_int_eq(dlx_count(dlx_text_problem(t), &n), DLX_OK);
    return n;
}

/* A growing string, for inputs built by the tests. */
struct buf {
    char *s;
    size_t len, cap;
};

static void put(struct buf *b, const char *s)
{
    size_t n = strlen(s);
    if (b->len + n + 1 > b->cap) {
        b->cap = (b->len + n + 1) * 2;
        b->s = realloc(b->s, b->cap);
        ck_assert_ptr_nonnull(b->s);
    }
    memcpy(b->s + b->len, s, n + 1);
    b->len += n;
}

/* --- the paper's example --------------------------------------------------- */

static const char paper[] = "| Knuth's paper\n"
                            "A B C D E F G\n"
                            "C E F\n"
                            "A D G\n"
                            "B C F\n"
                            "\n"
                            "A D\n"
                            "  B G   \n"
                            "D E G\n";

static int32_t first_solution[8];
static int32_t first_len;
static int remember(void *ctx, const int32_t *options, int32_t count)
{
    (void)ctx;
    first_len = count;
    for (int32_t k = 0; k < count && k < 8; k++)
        first_solution[k] = options[k];
    return 1;
}

static int cmp_i32(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

START_TEST(paper_example)
{
    dlx_text *t = parse_ok(paper);
    dlx_problem *p = dlx_text_problem(t);
    ck_assert_int_eq(dlx_item_count(p), 7);
    ck_assert_int_eq(dlx_option_count(p), 6);
    ck_assert_str_eq(dlx_item_name(p, 0), "A");
    ck_assert_str_eq(dlx_item_name(p, 6), "G");
    ck_assert_int_eq(dlx_text_find_item(t, "E", 1), 4);
    ck_assert_int_eq(dlx_text_find_item(t, "H", 1), DLX_EITEM);
    ck_assert_int_eq(dlx_text_find_item(t, "EF", 1), 4); /* len counts, not NUL */
    /* Options as written (blanks trimmed) and their line numbers. */
    ck_assert_str_eq(dlx_text_option_text(t, 0), "C E F");
    ck_assert_str_eq(dlx_text_option_text(t, 4), "B G");
    ck_assert_int_eq(dlx_text_option_line(t, 0), 3);
    ck_assert_int_eq(dlx_text_option_line(t, 3), 7);
    ck_assert_int_eq(dlx_text_option_line(t, 4), 8);
    ck_assert_ptr_null(dlx_text_option_text(t, 6));
    ck_assert_int_eq(dlx_text_option_line(t, -1), 0);
    int32_t items[4];
    ck_assert_int_eq(dlx_option_items(p, 5, items, NULL, 4), 3);
    ck_assert_int_eq(items[0], 3);
    ck_assert_int_eq(items[1], 4);
    ck_assert_int_eq(items[2], 6);
    ck_assert_uint_eq(dlx_text_warning_count(t), 0);
    ck_assert_uint_eq(count_text(t), 1);
    /* The one solution: {A D}, {B G}, {C E F} = options 3, 4, 0. */
    dlx_reset(p);
    dlx_set_solution_fn(p, remember, NULL);
    ck_assert_int_eq(dlx_search(p, 0), DLX_STOPPED);
    ck_assert_int_eq(first_len, 3);
    qsort(first_solution, 3, sizeof(int32_t), cmp_i32);
    ck_assert_int_eq(first_solution[0], 0);
    ck_assert_int_eq(first_solution[1], 3);
    ck_assert_int_eq(first_solution[2], 4);
    dlx_text_free(t);
}
END_TEST

/* --- blanks, comments and line ends (docs/format.md, rules 1 and 2) ---------- */

START_TEST(blanks_comments_and_line_ends)
{
    /* The paper's problem once more, written untidily: a byte-order mark,
     * CRLF and LF mixed, every blank of rule 1 (space, tab, CR, vertical
     * tab, form feed), comments ('|', and '//' as other tools write them)
     * before, between and indented, blank lines of blanks, and no newline
     * at the end. */
    static const char untidy[] = "\xef\xbb\xbf| the paper's example\r\n"
                                 "\r\n"
                                 " \tA B\vC D\fE F G \r\n"
                                 "C E F\n"
                                 "   | an indented comment\n"
                                 "A\tD  G\r\n"
                                 " \t \r\n"
                                 "B C F\n"
                                 "A D\n"
                                 "| between options\n"
                                 "// a comment as other tools write them\n"
                                 "  //indented, with no blank\n"
                                 "B G\n"
                                 "  D E G\t";
    dlx_text *t = parse_ok(untidy);
    dlx_problem *p = dlx_text_problem(t);
    ck_assert_int_eq(dlx_item_count(p), 7);
    ck_assert_int_eq(dlx_option_count(p), 6);
    ck_assert_str_eq(dlx_item_name(p, 2), "C");
    ck_assert_str_eq(dlx_item_name(p, 4), "E");
    /* Options keep their inner blanks, lose the outer ones and the CR. */
    ck_assert_str_eq(dlx_text_option_text(t, 1), "A\tD  G");
    ck_assert_str_eq(dlx_text_option_text(t, 5), "D E G");
    ck_assert_int_eq(dlx_text_option_line(t, 0), 4);
    ck_assert_int_eq(dlx_text_option_line(t, 1), 6);
    ck_assert_int_eq(dlx_text_option_line(t, 5), 14);
    ck_assert_uint_eq(dlx_text_warning_count(t), 0);
    ck_assert_uint_eq(count_text(t), 1); /* the paper: one exact cover */
    dlx_text_free(t);
}
END_TEST

/* --- colours --------------------------------------------------------------- */

START_TEST(colours_are_numbered_in_order_of_appearance)
{
    /* TAOCP 7.2.2.1's XCC example: one solution, {p r x:A y} and {q x:A}. */
    dlx_text *t = parse_ok("p q r | x y\n"
                           "p q x y:A\n"
                           "p r x:A y\n"
                           "p x:B\n"
                           "q x:A\n"
                           "r y:B\n");
    dlx_problem *p = dlx_text_problem(t);
    ck_assert_int_eq(dlx_item_is_secondary(p, 2), 0);
    ck_assert_int_eq(dlx_item_is_secondary(p, 3), 1);
    ck_assert_int_eq(dlx_text_color_count(t), 2);
    ck_assert_str_eq(dlx_text_color_name(t, 1), "A");
    ck_assert_str_eq(dlx_text_color_name(t, 2), "B");
    ck_assert_ptr_null(dlx_text_color_name(t, 0));
    ck_assert_ptr_null(dlx_text_color_name(t, 3));
    int32_t items[4], colors[4];
    ck_assert_int_eq(dlx_option_items(p, 0, items, colors, 4), 4);
    ck_assert_int_eq(colors[2], 0); /* x, uncoloured: x is this option's alone */
    ck_assert_int_eq(colors[3], 1); /* y:A */
    ck_assert_int_eq(dlx_option_items(p, 4, items, colors, 4), 2);
    ck_assert_int_eq(items[1], 4);
    ck_assert_int_eq(colors[1], 2); /* y:B */
    ck_assert_uint_eq(count_text(t), 1);
    dlx_text_free(t);
}
END_TEST

/* --- errors ------------------------------------------------------------------ */

static const struct error_case {
    const char *src;
    size_t len; /* 0: strlen(src) */
    int code;
    int64_t line, column;
    const char *message; /* a part of the message */
} error_cases[] = {
    { "a b\na c\n", 0, DLX_EITEM, 2, 3, "unknown item 'c'" },
    { "a b a\n", 0, DLX_EDUP, 1, 5, "named twice on the item line (first at column 1)" },
    { "a b\na b a\n", 0, DLX_EDUP, 2, 5, "'a' is named twice in this option" },
    { "a | x\na x:1 x:1\n", 0, DLX_EDUP, 2, 7, "'x' is named twice in this option" },
    { "a | x\na:red x\n", 0, DLX_ECOLOR, 2, 2, "colour on primary item 'a'" },
    { "", 0, DLX_TEXT_ENOITEMS, 1, 1, "the input is empty" },
    { "| comment\n\n   \n", 0, DLX_TEXT_ENOITEMS, 4, 1, "no item line" },
    { "| comment", 0, DLX_TEXT_ENOITEMS, 1, 10, "no item line" },
    { "// comment\n", 0, DLX_TEXT_ENOITEMS, 2, 1, "no item line" },
    /* one '/' does not start a comment: it is a name */
    { "/ a\n/a\n", 0, DLX_EITEM, 2, 1, "unknown item '/a'" },
    { "a | x | y\n", 0, DLX_TEXT_ESYNTAX, 1, 7, "a second '|' on the item line" },
    { "a|b\n", 0, DLX_TEXT_ESYNTAX, 1, 2, "'|' inside an item name" },
    { "a b:c\n", 0, DLX_TEXT_ESYNTAX, 1, 4, "':' is not allowed in an item name" },
    /* Bounds (Knuth's DLX3: lo:hi|name, hi|name); DLX3's own message after each. */
    { "0|a\n", 0, DLX_EBOUNDS, 1, 1, "upper bound 0" },             /* Upper bound is zero */
    { "a 3:2|b\n", 0, DLX_EBOUNDS, 1, 3, "lower bound 3 exceeds upper bound 2" },
                                                   /* Lower bound exceeds upper bound */
    { "a 2:b\n", 0, DLX_TEXT_ESYNTAX, 1, 4, "a lower bound without an upper bound" },
                                                   /* Lower bound without upper bound */
    { "2|\n", 0, DLX_TEXT_ESYNTAX, 1, 2, "no item name after the bounds '2|'" },
                                                   /* Item name empty */
    { "x2|a\n", 0, DLX_TEXT_ESYNTAX, 1, 3, "'|' inside an item name (bounds are digits" },
                                                   /* Illegal digit in bound spec */
    { "1:2:3|a\n", 0, DLX_TEXT_ESYNTAX, 1, 4, "a second ':' in the bounds" },
                                                   /* Illegal `:' in item name */
    { "2|a|b\n", 0, DLX_TEXT_ESYNTAX, 1, 4, "'|' inside an item name" },
                                                   /* Illegal `|' in item name */
    { "a | x 2|y\n", 0, DLX_EBOUNDS, 1, 7, "bounds on a secondary item ('2|y')" },
                                                   /* Illegal `|' in item name */
    { "a 2|b:c\n", 0, DLX_TEXT_ESYNTAX, 1, 6, "':' is not allowed in an item name" },
    /* DLX3 reads an empty bound as 0 (":3|a" is 0:3|a, "3:|a" has upper bound 0). */
    { ":3|a\n", 0, DLX_TEXT_ESYNTAX, 1, 1, "no lower bound before ':'" },
    { "3:|a\n", 0, DLX_TEXT_ESYNTAX, 1, 3, "no upper bound before '|'" },
    { "99999999999|a\n", 0, DLX_EBOUNDS, 1, 1, "upper bound too large" },
    { "1:3000000000|a\n", 0, DLX_EBOUNDS, 1, 3, "upper bound too large" },
    { "3000000000:1|a\n", 0, DLX_EBOUNDS, 1, 1, "lower bound too large" },
    { "2|ab 1:3|ab\n", 0, DLX_EDUP, 1, 10, "named twice on the item line (first at column 3)" },
    { "a | x\na | x\n", 0, DLX_TEXT_ESYNTAX, 2, 3, "'|' in an option" },
    { "a | x\na x|y\n", 0, DLX_TEXT_ESYNTAX, 2, 4, "'|' is not allowed" },
    { "a | x\na x:\n", 0, DLX_TEXT_ESYNTAX, 2, 4, "no colour after it" },
    { "a | x\n:red a\n", 0, DLX_TEXT_ESYNTAX, 2, 1, "no item name before it" },
    { "a | x\na x:r:g\n", 0, DLX_TEXT_ESYNTAX, 2, 6, "a second ':'" },
    { "a\x7f b\n", 0, DLX_TEXT_ESYNTAX, 1, 2, "control character 0x7F" },
    { "a b\nb a\x01\n", 0, DLX_TEXT_ESYNTAX, 2, 4, "control character 0x01" },
    { "a b\na\0b\n", 8, DLX_TEXT_ESYNTAX, 2, 2, "NUL byte" },
    /* Columns count UTF-8 characters; a byte-order mark is not a column. */
    { "\xc3\xa9t\xc3\xa9 b\n\xc3\xa9t\xc3\xa9 c\n", 0, DLX_EITEM, 2, 5, "unknown item 'c'" },
    { "\xef\xbb\xbf" "a a\n", 0, DLX_EDUP, 1, 3, "named twice" },
    /* CRLF and other blanks. */
    { "a\tb\r\na\r\nb\tc\r\n", 0, DLX_EITEM, 3, 3, "unknown item 'c'" },
};

START_TEST(errors_have_code_position_and_message)
{
    const struct error_case *c = &error_cases[_i];
    dlx_text *t = dlx_text_new();
    ck_assert_ptr_nonnull(t);
    size_t len = c->len ? c->len : strlen(c->src);
    int rc = dlx_text_parse(t, c->src, len);
    const dlx_text_diag *e = dlx_text_error(t);
    ck_assert_ptr_nonnull(e);
    ck_assert_msg(rc == c->code, "case %d: code %d, expected %d (%s)", _i, rc, c->code,
                  e->message);
    ck_assert_int_eq(e->code, c->code);
    ck_assert_msg(e->line == c->line && e->column == c->column,
                  "case %d: at %lld:%lld, expected %lld:%lld (%s)", _i, (long long)e->line,
                  (long long)e->column, (long long)c->line, (long long)c->column, e->message);
    ck_assert_msg(strstr(e->message, c->message) != NULL, "case %d: message '%s' lacks '%s'", _i,
                  e->message, c->message);
    ck_assert_ptr_null(dlx_text_problem(t));
    ck_assert_ptr_null(dlx_text_option_text(t, 0));
    dlx_text_free(t);
}
END_TEST

START_TEST(handle_misuse)
{
    dlx_text *t = dlx_text_new();
    ck_assert_ptr_nonnull(t);
    ck_assert_int_eq(dlx_text_parse(NULL, "a\n", 2), DLX_EINVAL);
    ck_assert_int_eq(dlx_text_parse(t, NULL, 2), DLX_EINVAL);
    ck_assert_int_eq(dlx_text_parse(t, "a\na\n", 4), DLX_OK);
    ck_assert_int_eq(dlx_text_parse(t, "a\na\n", 4), DLX_TEXT_EUSED);
    ck_assert_ptr_nonnull(dlx_text_problem(t)); /* the first parse stands */
    dlx_text_free(t);
    dlx_text_free(NULL);
    ck_assert_str_eq(dlx_text_strerror(DLX_TEXT_ENOITEMS), "no item line");
    ck_assert_str_eq(dlx_text_strerror(DLX_ENOMEM), dlx_strerror(DLX_ENOMEM));
}
END_TEST

/* --- bounds ------------------------------------------------------------------ */

START_TEST(bounds_as_dlx3_reads_them)
{
    /* DLX3's example (dlx3.w): one solution, A C X:1 Y:1 + B X:1 + C Y:1. */
    dlx_text *t = parse_ok("| A simple example of color controls\n"
                           "A B 2:3|C | X Y\n"
                           "A B X:0 Y:0\n"
                           "A C X:1 Y:1\n"
                           "C X:0\n"
                           "B X:1\n"
                           "C Y:1\n");
    dlx_problem *p = dlx_text_problem(t);
    ck_assert_int_eq(dlx_has_bounds(p), 1);
    int32_t lo, hi;
    ck_assert_int_eq(dlx_item_bounds(p, 2, &lo, &hi), DLX_OK);
    ck_assert_int_eq(lo, 2);
    ck_assert_int_eq(hi, 3);
    ck_assert_str_eq(dlx_item_name(p, 2), "C");
    ck_assert_int_eq(dlx_text_find_item(t, "C", 1), 2);
    ck_assert_int_eq(dlx_text_find_item(t, "2:3|C", 5), DLX_EITEM);
    ck_assert_uint_eq(count_text(t), 1);
    dlx_text_free(t);

    /* hi|name is hi:hi; 1:1 and 1| are plain items; leading zeros are fine. */
    static const struct { const char *src; int32_t lo, hi; int bounded; } cases[] = {
        {"3|a\na\na\na\n", 3, 3, 1},
        {"1:1|a\na\n", 1, 1, 0},
        {"1|a\na\n", 1, 1, 0},
        {"007|a\na\n", 7, 7, 1},
        {"0:2147483647|a\na\n", 0, INT32_MAX, 1},
        {"0:1|a b\nb\n", 0, 1, 1},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        t = parse_ok(cases[k].src);
        p = dlx_text_problem(t);
        ck_assert_int_eq(dlx_item_bounds(p, 0, &lo, &hi), DLX_OK);
        ck_assert_int_eq(lo, cases[k].lo);
        ck_assert_int_eq(hi, cases[k].hi);
        ck_assert_int_eq(dlx_has_bounds(p), cases[k].bounded);
        ck_assert_str_eq(dlx_item_name(p, 0), "a");
        /* 7|a in one option cannot be met, and says so */
        ck_assert_uint_eq(dlx_text_warning_count(t), cases[k].lo == 7);
        dlx_text_free(t);
    }
}
END_TEST

/* --- warnings ---------------------------------------------------------------- */

START_TEST(warnings)
{
    /* An option with secondary items only: kept (ids follow the lines), warned. */
    dlx_text *t = parse_ok("a | x\nx\na x\n");
    ck_assert_uint_eq(dlx_text_warning_count(t), 1);
    const dlx_text_diag *w = dlx_text_warning(t, 0);
    ck_assert_ptr_nonnull(w);
    ck_assert_int_eq(w->code, DLX_TEXT_WNOPRIMARY);
    ck_assert_int_eq(w->line, 2);
    ck_assert_int_eq(w->column, 1);
    ck_assert_ptr_null(dlx_text_warning(t, 1));
    ck_assert_int_eq(dlx_option_count(dlx_text_problem(t)), 2);
    ck_assert_uint_eq(count_text(t), 1);
    dlx_text_free(t);

    /* A primary item in no option: no solution, and a warning where it is named. */
    t = parse_ok("a bee c\na\nc\n");
    ck_assert_uint_eq(dlx_text_warning_count(t), 1);
    w = dlx_text_warning(t, 0);
    ck_assert_int_eq(w->code, DLX_TEXT_WUNUSED);
    ck_assert_int_eq(w->line, 1);
    ck_assert_int_eq(w->column, 3);
    ck_assert_ptr_nonnull(strstr(w->message, "'bee'"));
    ck_assert_uint_eq(count_text(t), 0);
    dlx_text_free(t);

    /* With bounds: a lower bound more than the options can meet is warned,
     * an item with lower bound 0 in no option is not. */
    t = parse_ok("a 2|b 0:1|c\na b\n");
    ck_assert_uint_eq(dlx_text_warning_count(t), 1);
    w = dlx_text_warning(t, 0);
    ck_assert_int_eq(w->code, DLX_TEXT_WUNUSED);
    ck_assert_int_eq(w->column, 5);
    ck_assert_ptr_nonnull(strstr(w->message, "'b' needs 2 options but is in 1"));
    ck_assert_uint_eq(count_text(t), 0);
    dlx_text_free(t);
    t = parse_ok("0:3|a\n");
    ck_assert_uint_eq(dlx_text_warning_count(t), 0); /* the empty set is its solution */
    ck_assert_uint_eq(count_text(t), 1);
    dlx_text_free(t);

    /* Thousands of warnings: all counted, the first DLX_TEXT_MAX_WARNINGS kept. */
    struct buf b = { 0 };
    put(&b, "a | x\na\n");
    for (int k = 0; k < 5000; k++)
        put(&b, "x\n");
    t = parse_ok(b.s);
    ck_assert_uint_eq(dlx_text_warning_count(t), 5000);
    ck_assert_ptr_nonnull(dlx_text_warning(t, DLX_TEXT_MAX_WARNINGS - 1));
    ck_assert_int_eq(dlx_text_warning(t, DLX_TEXT_MAX_WARNINGS - 1)->line,
                     2 + DLX_TEXT_MAX_WARNINGS);
    ck_assert_ptr_null(dlx_text_warning(t, DLX_TEXT_MAX_WARNINGS));
    dlx_text_free(t);
    free(b.s);
}
END_TEST

/* --- no fixed limits --------------------------------------------------------- */

START_TEST(two_hundred_thousand_items)
{
    /* 200000 items on one line (a hash table, not a linear search, makes
     * this fast), each in one option that gives the secondary item s one of
     * 7 colours. */
    enum { N = 200000 };
    struct buf b = { 0 };
    char name[32];
    for (int k = 0; k < N; k++) {
        snprintf(name, sizeof name, k ? " i%d" : "i%d", k);
        put(&b, name);
    }
    put(&b, " | s\n");
    for (int k = 0; k < N; k++) {
        snprintf(name, sizeof name, "i%d s:c%d\n", k, k % 7);
        put(&b, name);
    }
    dlx_text *t = parse_ok(b.s);
    ck_assert_int_eq(dlx_item_count(dlx_text_problem(t)), N + 1);
    ck_assert_int_eq(dlx_text_find_item(t, "i123456", 7), 123456);
    ck_assert_int_eq(dlx_text_find_item(t, "s", 1), N);
    ck_assert_int_eq(dlx_text_color_count(t), 7);
    ck_assert_str_eq(dlx_text_option_text(t, N - 1), "i199999 s:c2");
    ck_assert_int_eq(dlx_text_option_line(t, N - 1), N + 1);
    /* Every option is needed, but they disagree on the colour of s: no
     * solution. */
    uint64_t n = 0;
    dlx_set_limit(dlx_text_problem(t), 1);
    ck_assert_int_eq(dlx_count(dlx_text_problem(t), &n), DLX_OK);
    ck_assert_uint_eq(n, 0);
    dlx_text_free(t);
    free(b.s);
}
END_TEST

START_TEST(long_names_and_lines)
{
    /* Names of 10000 characters, and an error quoting one is shortened. */
    enum { L = 10000 };
    char *x = malloc(L + 1), *y = malloc(L + 1);
    ck_assert_ptr_nonnull(x);
    ck_assert_ptr_nonnull(y);
    memset(x, 'x', L);
    memset(y, 'y', L);
    x[L] = y[L] = '\0';
    struct buf b = { 0 };
    put(&b, x);
    put(&b, " ");
    put(&b, y);
    put(&b, "\n");
    put(&b, y);
    put(&b, "\n");
    put(&b, x);
    put(&b, "\n");
    dlx_text *t = parse_ok(b.s);
    ck_assert_str_eq(dlx_item_name(dlx_text_problem(t), 1), y);
    ck_assert_str_eq(dlx_text_option_text(t, 1), x);
    ck_assert_uint_eq(count_text(t), 1);
    dlx_text_free(t);

    put(&b, x); /* then an unknown name: y with a z after it */
    put(&b, " ");
    put(&b, y);
    put(&b, "z\n");
    t = dlx_text_new();
    ck_assert_int_eq(dlx_text_parse(t, b.s, b.len), DLX_EITEM);
    const dlx_text_diag *e = dlx_text_error(t);
    ck_assert_int_eq(e->line, 4);
    ck_assert_int_eq(e->column, L + 2);
    ck_assert_msg(strlen(e->message) < 120, "message too long: %zu", strlen(e->message));
    ck_assert_ptr_nonnull(strstr(e->message, "yyy...'"));
    dlx_text_free(t);
    free(b.s);
    free(x);
    free(y);
}
END_TEST

/* --- the text path and the builder path agree ---------------------------- */

/* Builds a problem with an example builder, writes it in the text format
 * (problems_write_text), reads it back, and checks both are the same
 * problem: items, options (with colours) and the number of solutions. */
static void round_trip(dlx_problem *built, uint64_t known, const char *what)
{
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    ck_assert_ptr_nonnull(mem);
    ck_assert_int_eq(problems_write_text(mem, built, what), 0);
    ck_assert_int_eq(fclose(mem), 0);
    dlx_text *t = parse_ok(text);
    dlx_problem *read = dlx_text_problem(t);
    ck_assert_int_eq(dlx_item_count(read), dlx_item_count(built));
    ck_assert_int_eq(dlx_option_count(read), dlx_option_count(built));
    for (int32_t i = 0; i < dlx_item_count(built); i++) {
        ck_assert_str_eq(dlx_item_name(read, i), dlx_item_name(built, i));
        ck_assert_int_eq(dlx_item_is_secondary(read, i), dlx_item_is_secondary(built, i));
        int32_t lo_b, hi_b, lo_r, hi_r;
        ck_assert_int_eq(dlx_item_bounds(built, i, &lo_b, &hi_b), DLX_OK);
        ck_assert_int_eq(dlx_item_bounds(read, i, &lo_r, &hi_r), DLX_OK);
        ck_assert_int_eq(lo_b, lo_r);
        ck_assert_int_eq(hi_b, hi_r);
    }
    ck_assert_int_eq(dlx_has_bounds(read), dlx_has_bounds(built));
    for (int32_t o = 0; o < dlx_option_count(built); o++) {
        int32_t a[32], ca[32], b[32], cb[32];
        int32_t n = dlx_option_items(built, o, a, ca, 32);
        ck_assert_int_le(n, 32);
        ck_assert_int_eq(dlx_option_items(read, o, b, cb, 32), n);
        for (int32_t k = 0; k < n; k++) {
            ck_assert_int_eq(a[k], b[k]);
            /* Colour numbers may differ; being coloured may not. */
            ck_assert_int_eq(ca[k] != 0, cb[k] != 0);
        }
    }
    uint64_t from_builder = 0;
    ck_assert_int_eq(dlx_count(built, &from_builder), DLX_OK);
    ck_assert_msg(from_builder == known, "%s: builder %llu, known %llu", what,
                  (unsigned long long)from_builder, (unsigned long long)known);
    ck_assert_msg(count_text(t) == known, "%s: text path differs", what);
    dlx_text_free(t);
    free(text);
}

START_TEST(builders_round_trip_through_text)
{
    /* N-queens: OEIS A000170. */
    static const uint64_t queens[9] = { 0, 1, 0, 0, 2, 10, 4, 40, 92 };
    for (int n = 1; n <= 8; n++) {
        dlx_problem *p = dlx_new();
        ck_assert_ptr_nonnull(p);
        ck_assert_int_eq(queens_build(p, n, n % 2), DLX_OK);
        round_trip(p, queens[n], "queens");
        dlx_free(p);
    }
    /* Langford pairs n = 7: 52 (OEIS A014552: 26, doubled). */
    dlx_problem *p = dlx_new();
    ck_assert_ptr_nonnull(p);
    ck_assert_int_eq(langford_build(p, 7), DLX_OK);
    round_trip(p, 52, "langford 7");
    dlx_free(p);
    /* 3-colourings of the Petersen graph, with colours: P(3) = 120. */
    int storage[15][2];
    colouring_graph g = colouring_petersen(storage);
    p = dlx_new();
    ck_assert_ptr_nonnull(p);
    ck_assert_int_eq(colouring_build(p, &g, 3), DLX_OK);
    round_trip(p, 120, "petersen 3");
    dlx_free(p);
    /* Latin squares of order 4: 576 (OEIS A002860). */
    p = dlx_new();
    ck_assert_ptr_nonnull(p);
    ck_assert_int_eq(latin_build(p, 4), DLX_OK);
    round_trip(p, 576, "latin 4");
    dlx_free(p);
    /* Motley dissections of 4 x 4, with bounds written lo:hi|name: 8 (DLX3's
     * count for motley-dlx 4 4). */
    p = dlx_new();
    ck_assert_ptr_nonnull(p);
    ck_assert_int_eq(motley_build(p, 4, 4), DLX_OK);
    round_trip(p, 8, "motley 4 4");
    dlx_free(p);
}
END_TEST

/* --- reading streams --------------------------------------------------------- */

START_TEST(read_from_streams)
{
    FILE *f = fmemopen((void *)(uintptr_t)paper, sizeof paper - 1, "r");
    ck_assert_ptr_nonnull(f);
    dlx_text *t = dlx_text_new();
    ck_assert_int_eq(dlx_text_read(t, f), DLX_OK);
    fclose(f);
    ck_assert_uint_eq(count_text(t), 1);
    dlx_text_free(t);

    /* A directory opens on POSIX systems but cannot be read. */
    f = fopen(".", "r");
    if (f) {
        t = dlx_text_new();
        ck_assert_int_eq(dlx_text_read(t, f), DLX_TEXT_EIO);
        const dlx_text_diag *e = dlx_text_error(t);
        ck_assert_int_eq(e->line, 0);
        ck_assert_int_eq(e->column, 0);
        ck_assert_ptr_nonnull(strstr(e->message, "cannot read"));
        fclose(f);
        dlx_text_free(t);
    }
}
END_TEST

/* --- never a crash ----------------------------------------------------------- */

START_TEST(random_inputs_parse_or_fail_cleanly)
{
    /* Short random texts over the characters that matter. Each either parses
     * into a sound problem or fails with a position inside the input. */
    static const char alphabet[] = "abc|:  \n\n\r\txy\x01" "0123";
    uint64_t state = 12345;
    char src[64];
    for (int round = 0; round < 3000; round++) {
        size_t len = 0;
        state = state * 6364136223846793005u + 1442695040888963407u;
        size_t want = (size_t)(state >> 59) * 2 + 1;
        while (len < want && len < sizeof src) {
            state = state * 6364136223846793005u + 1442695040888963407u;
            src[len++] = alphabet[(state >> 33) % (sizeof alphabet - 1)];
        }
        dlx_text *t = dlx_text_new();
        ck_assert_ptr_nonnull(t);
        int rc = dlx_text_parse(t, src, len);
        if (rc == DLX_OK) {
            ck_assert_int_eq(dlx_check(dlx_text_problem(t)), DLX_OK);
            uint64_t n;
            ck_assert_int_ge(dlx_count(dlx_text_problem(t), &n), 0);
        } else {
            const dlx_text_diag *e = dlx_text_error(t);
            ck_assert_ptr_nonnull(e);
            ck_assert_int_ge(e->line, 1);
            ck_assert_int_ge(e->column, 1);
            ck_assert_ptr_nonnull(e->message);
        }
        dlx_text_free(t);
    }
}
END_TEST

Suite *text_suite(void); /* called by tests/main.c */
Suite *text_suite(void)
{
    Suite *s = suite_create("text");
    TCase *basic = tcase_create("format");
    tcase_add_test(basic, paper_example);
    tcase_add_test(basic, blanks_comments_and_line_ends);
    tcase_add_test(basic, colours_are_numbered_in_order_of_appearance);
    tcase_add_loop_test(basic, errors_have_code_position_and_message, 0,
                        (int)(sizeof error_cases / sizeof error_cases[0]));
    tcase_add_test(basic, handle_misuse);
    tcase_add_test(basic, bounds_as_dlx3_reads_them);
    tcase_add_test(basic, warnings);
    tcase_add_test(basic, read_from_streams);
    suite_add_tcase(s, basic);
    TCase *big = tcase_create("limits");
    tcase_set_timeout(big, 60);
    tcase_add_test(big, two_hundred_thousand_items);
    tcase_add_test(big, long_names_and_lines);
    tcase_add_test(big, builders_round_trip_through_text);
    tcase_add_test(big, random_inputs_parse_or_fail_cleanly);
    suite_add_tcase(s, big);
    return s;
}
