/* SPDX-License-Identifier: MIT */
/* fuzz_dlx_text.c - libFuzzer target: the exact-cover text parser
 * (dlx/dlx_text.h) on arbitrary bytes.
 *
 * Whatever the input, the parser must return DLX_OK or a negative status
 * with a diagnostic, never crash, leak or read out of bounds. Beyond that:
 *  - the same bytes read through a FILE (dlx_text_read) give the same
 *    status and the same problem as dlx_text_parse;
 *  - a parsed problem passes dlx_check(), every item name is found again by
 *    dlx_text_find_item(), every option has its text and an increasing line;
 *  - writing the problem back as text from what the API reports (names,
 *    bounds, option items, colour names) and parsing that gives the same
 *    problem (same items and bounds, same options, same colours): the parser
 *    and the API agree;
 *  - a small problem is searched with a node budget (never hangs) and its
 *    solutions pass a check written here: every primary item between its
 *    bounds (once without them), secondary items at most once or with one
 *    colour.
 * The seed corpus is in tests/fuzz/corpus/fuzz_dlx_text/, the dictionary in
 * tests/fuzz/fuzz_dlx_text.dict. */
#include "dlx.h"
#include "dlx_text.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REQUIRE(cond)                                                                   \
    do {                                                                                \
        if (!(cond)) {                                                                  \
            fprintf(stderr, "fuzz_dlx_text: %s:%d: failed: %s\n", __FILE__, __LINE__, \
                    #cond);                                                             \
            abort();                                                                    \
        }                                                                               \
    } while (0)

/* A growing text buffer for writing the problem back. */
struct text {
    char *data;
    size_t len, cap;
};

static void put(struct text *t, const char *s, size_t n)
{
    if (t->len + n + 1 > t->cap) {
        size_t cap = t->cap ? t->cap : 256;
        while (t->len + n + 1 > cap)
            cap *= 2;
        t->data = realloc(t->data, cap);
        REQUIRE(t->data != NULL);
        t->cap = cap;
    }
    memcpy(t->data + t->len, s, n);
    t->len += n;
    t->data[t->len] = '\0';
}

static void puts_text(struct text *t, const char *s)
{
    put(t, s, strlen(s));
}

/* Checks the diagnostic of a failed parse. */
static void check_error(const dlx_text *t, int rc)
{
    const dlx_text_diag *d = dlx_text_error(t);
    REQUIRE(d != NULL);
    REQUIRE(d->code == rc);
    REQUIRE(d->line >= 0 && d->column >= 0);
    REQUIRE(d->message != NULL && d->message[0] != '\0');
    REQUIRE(strchr(d->message, '\n') == NULL);
    REQUIRE(dlx_text_strerror(rc) != NULL);
    REQUIRE(dlx_text_problem(t) == NULL);
}

/* The whole problem as text, written from the API alone. */
static void write_back(const dlx_text *t, struct text *out)
{
    const dlx_problem *p = dlx_text_problem(t);
    int32_t n_items = dlx_item_count(p);
    int bar = 0;
    for (int32_t i = 0; i < n_items; i++) {
        if (dlx_item_is_secondary(p, i) && !bar) {
            puts_text(out, " |");
            bar = 1;
        }
        puts_text(out, " ");
        int32_t lo, hi;
        REQUIRE(dlx_item_bounds(p, i, &lo, &hi) == DLX_OK);
        /* A first item named //... would make the item line a comment:
         * "1|//" reads as one item "//", but " //" as nothing. Explicit
         * bounds keep it an item (found by this target: input "1|//"). */
        const char *name = dlx_item_name(p, i);
        int hide_comment = i == 0 && name[0] == '/' && name[1] == '/';
        if (!dlx_item_is_secondary(p, i) && (lo != 1 || hi != 1 || hide_comment)) {
            char bounds[32];
            snprintf(bounds, sizeof bounds, "%ld:%ld|", (long)lo, (long)hi);
            puts_text(out, bounds);
        }
        puts_text(out, name);
    }
    puts_text(out, "\n");
    int32_t *items = malloc(((size_t)n_items + 1) * sizeof *items);
    int32_t *colors = malloc(((size_t)n_items + 1) * sizeof *colors);
    REQUIRE(items && colors);
    for (int32_t o = 0; o < dlx_option_count(p); o++) {
        int32_t n = dlx_option_items(p, o, items, colors, n_items + 1);
        REQUIRE(n >= 0 && n <= n_items);
        for (int32_t k = 0; k < n; k++) {
            if (k)
                puts_text(out, " ");
            puts_text(out, dlx_item_name(p, items[k]));
            if (colors[k]) {
                const char *c = dlx_text_color_name(t, colors[k]);
                REQUIRE(c != NULL);
                puts_text(out, ":");
                puts_text(out, c);
            }
        }
        puts_text(out, "\n");
    }
    free(items);
    free(colors);
}

/* Two parsed problems are the same: items, kinds, options, colour names. */
static void require_same(const dlx_text *a, const dlx_text *b)
{
    const dlx_problem *p = dlx_text_problem(a), *q = dlx_text_problem(b);
    REQUIRE(dlx_item_count(p) == dlx_item_count(q));
    REQUIRE(dlx_option_count(p) == dlx_option_count(q));
    int32_t n_items = dlx_item_count(p);
    REQUIRE(dlx_has_bounds(p) == dlx_has_bounds(q));
    for (int32_t i = 0; i < n_items; i++) {
        REQUIRE(strcmp(dlx_item_name(p, i), dlx_item_name(q, i)) == 0);
        REQUIRE(dlx_item_is_secondary(p, i) == dlx_item_is_secondary(q, i));
        int32_t lp, hp, lq, hq;
        REQUIRE(dlx_item_bounds(p, i, &lp, &hp) == DLX_OK);
        REQUIRE(dlx_item_bounds(q, i, &lq, &hq) == DLX_OK);
        REQUIRE(lp == lq && hp == hq);
    }
    size_t cap = (size_t)n_items + 1;
    int32_t *ia = malloc(cap * sizeof *ia), *ib = malloc(cap * sizeof *ib);
    int32_t *ca = malloc(cap * sizeof *ca), *cb = malloc(cap * sizeof *cb);
    REQUIRE(ia && ib && ca && cb);
    for (int32_t o = 0; o < dlx_option_count(p); o++) {
        int32_t na = dlx_option_items(p, o, ia, ca, n_items + 1);
        int32_t nb = dlx_option_items(q, o, ib, cb, n_items + 1);
        REQUIRE(na == nb);
        for (int32_t k = 0; k < na; k++) {
            REQUIRE(ia[k] == ib[k]);
            REQUIRE((ca[k] == 0) == (cb[k] == 0));
            if (ca[k])
                REQUIRE(strcmp(dlx_text_color_name(a, ca[k]), dlx_text_color_name(b, cb[k])) ==
                        0);
        }
    }
    free(ia);
    free(ib);
    free(ca);
    free(cb);
}

/* The solution check, written without the engine's help. */
struct verify {
    const dlx_problem *p;
    int32_t *count;  /* per item: how many options of the solution hold it */
    int32_t *color;  /* per item: the colour seen first, 0 for none */
    int32_t *items, *colors;
    uint64_t solutions;
};

static int verify_solution(void *ctx, const int32_t *options, int32_t n)
{
    struct verify *v = ctx;
    int32_t n_items = dlx_item_count(v->p);
    memset(v->count, 0, (size_t)n_items * sizeof *v->count);
    for (int32_t k = 0; k < n; k++) {
        int32_t len = dlx_option_items(v->p, options[k], v->items, v->colors, n_items + 1);
        REQUIRE(len >= 0);
        for (int32_t j = 0; j < len; j++) {
            int32_t it = v->items[j], c = v->colors[j];
            if (v->count[it]++ == 0)
                v->color[it] = c;
            else if (dlx_item_is_secondary(v->p, it))
                REQUIRE(c != 0 && c == v->color[it]);
        }
    }
    for (int32_t i = 0; i < n_items; i++) {
        int32_t lo, hi;
        REQUIRE(dlx_item_bounds(v->p, i, &lo, &hi) == DLX_OK);
        if (!dlx_item_is_secondary(v->p, i))
            REQUIRE(v->count[i] >= lo && v->count[i] <= hi);
    }
    v->solutions++;
    return 0;
}

static void search_a_little(dlx_text *t)
{
    dlx_problem *p = dlx_text_problem(t);
    int32_t n_items = dlx_item_count(p);
    struct verify v = {p, NULL, NULL, NULL, NULL, 0};
    size_t cap = (size_t)n_items + 1;
    v.count = malloc(cap * sizeof(int32_t));
    v.color = malloc(cap * sizeof(int32_t));
    v.items = malloc(cap * sizeof(int32_t));
    v.colors = malloc(cap * sizeof(int32_t));
    REQUIRE(v.count && v.color && v.items && v.colors);
    dlx_set_solution_fn(p, verify_solution, &v);
    dlx_set_limit(p, 50);
    int rc = dlx_search(p, 20000);
    REQUIRE(rc == DLX_OK || rc == DLX_STOPPED || rc == DLX_PAUSED);
    REQUIRE(dlx_check(p) == DLX_OK);
    dlx_reset(p);
    REQUIRE(dlx_check(p) == DLX_OK);
    free(v.count);
    free(v.color);
    free(v.items);
    free(v.colors);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    dlx_text *t = dlx_text_new();
    REQUIRE(t != NULL);
    int rc = dlx_text_parse(t, (const char *)data, size);
    REQUIRE(dlx_text_parse(t, "a\na\n", 4) == DLX_TEXT_EUSED);

    /* The same bytes through a stream. */
    dlx_text *via_file = dlx_text_new();
    REQUIRE(via_file != NULL);
    FILE *f = size ? fmemopen((void *)(uintptr_t)data, size, "r") : NULL;
    if (f) {
        int rc_file = dlx_text_read(via_file, f);
        fclose(f);
        REQUIRE(rc_file == rc);
        if (rc == DLX_OK)
            require_same(t, via_file);
    }
    dlx_text_free(via_file);

    if (rc != DLX_OK) {
        REQUIRE(rc < 0);
        check_error(t, rc);
        dlx_text_free(t);
        return 0;
    }
    REQUIRE(dlx_text_error(t) == NULL);
    dlx_problem *p = dlx_text_problem(t);
    REQUIRE(p != NULL);
    REQUIRE(dlx_check(p) == DLX_OK);
    int32_t n_items = dlx_item_count(p), n_options = dlx_option_count(p);
    REQUIRE(n_items > 0);
    for (int32_t i = 0; i < n_items; i++) {
        const char *name = dlx_item_name(p, i);
        REQUIRE(name != NULL && name[0] != '\0');
        REQUIRE(dlx_text_find_item(t, name, strlen(name)) == i);
    }
    REQUIRE(dlx_text_find_item(t, "", 0) == DLX_EITEM);
    int64_t last_line = 0;
    for (int32_t o = 0; o < n_options; o++) {
        REQUIRE(dlx_text_option_text(t, o) != NULL);
        int64_t line = dlx_text_option_line(t, o);
        REQUIRE(line > last_line);
        last_line = line;
    }
    REQUIRE(dlx_text_option_text(t, n_options) == NULL);
    REQUIRE(dlx_text_option_line(t, -1) == 0);
    for (int32_t c = 1; c <= dlx_text_color_count(t); c++)
        REQUIRE(dlx_text_color_name(t, c) != NULL);
    REQUIRE(dlx_text_color_name(t, dlx_text_color_count(t) + 1) == NULL);
    size_t n_warnings = dlx_text_warning_count(t);
    for (size_t i = 0; i < n_warnings && i < DLX_TEXT_MAX_WARNINGS; i++) {
        const dlx_text_diag *w = dlx_text_warning(t, i);
        REQUIRE(w != NULL && w->message != NULL && w->line >= 1);
    }

    /* Written back and read again: the same problem. */
    struct text back = {0};
    write_back(t, &back);
    dlx_text *again = dlx_text_new();
    REQUIRE(again != NULL);
    int rc_again = dlx_text_parse(again, back.data, back.len);
    if (rc_again != DLX_OK) {
        const dlx_text_diag *d = dlx_text_error(again);
        fprintf(stderr, "fuzz_dlx_text: written back:\n%s\nline %lld column %lld: %s\n",
                back.data, (long long)d->line, (long long)d->column, d->message);
    }
    REQUIRE(rc_again == DLX_OK);
    require_same(t, again);
    dlx_text_free(again);
    free(back.data);

    if (n_items <= 64 && n_options <= 256)
        search_a_little(t);
    dlx_text_free(t);
    return 0;
}
