/* SPDX-License-Identifier: MIT */
/* bench_dlx_text.c - what reading the text format costs (dlx/text.c), set
 * beside building the same problem through the API (dlx_add_item() and
 * dlx_add_option() calls from examples/problems.h).
 *
 *   bench_dlx_text                the full set (a few seconds)
 *   BENCH_QUICK=1 bench_dlx_text  smaller instances
 *
 * Each problem is built once through the API, written as text with
 * problems_write_text(), then parsed; both problems must have the same
 * numbers of items and options (exit status 1 otherwise). The ratio column
 * is parse time / API build time, measured side by side: the price of the
 * text format (tokenising, hashing names, keeping the lines). Timing is never
 * asserted.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../examples/problems.h"
#include "dlx_text.h"

enum kind { ITEMS, QUEENS, LATIN, PENTOMINOES };

struct bench_case {
    const char *name;
    enum kind kind;
    int n;
};

static const struct bench_case full[] = {
    {"1000000 items, one option each", ITEMS, 1000000},
    {"queens 300 (90000 options)", QUEENS, 300},
    {"latin squares 40 (64000 options)", LATIN, 40},
    {"pentominoes 6x10", PENTOMINOES, 0},
};
static const struct bench_case quick[] = {
    {"100000 items, one option each", ITEMS, 100000},
    {"queens 100 (10000 options)", QUEENS, 100},
    {"pentominoes 6x10", PENTOMINOES, 0},
};

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int build_items(dlx_problem *p, int n)
{
    for (int k = 0; k < n; k++)
        if (problems_item(p, DLX_PRIMARY, "a%d", k) < 0)
            return DLX_ENOMEM;
    for (int32_t k = 0; k < n; k++)
        if (dlx_add_option(p, &k, NULL, 1) < 0)
            return DLX_ENOMEM;
    return DLX_OK;
}

static int build(dlx_problem *p, const struct bench_case *c)
{
    pentomino_board board;
    switch (c->kind) {
    case ITEMS:
        return build_items(p, c->n);
    case QUEENS:
        return queens_build(p, c->n, 0);
    case LATIN:
        return latin_build(p, c->n);
    case PENTOMINOES:
        if (pentomino_board_init(&board, 6, 10) != 0)
            return DLX_EINVAL;
        return pentomino_build(p, &board);
    }
    return DLX_EINVAL;
}

/* Runs one case; prints its line. Returns 0, or 1 when something failed. */
static int run_case(const struct bench_case *c)
{
    double t0 = now();
    dlx_problem *p = dlx_new();
    if (!p || build(p, c) != DLX_OK) {
        fprintf(stderr, "bench_dlx_text: %s: cannot build\n", c->name);
        dlx_free(p);
        return 1;
    }
    double t_build = now() - t0;

    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    if (!mem || problems_write_text(mem, p, c->name) != 0 || fclose(mem) != 0) {
        fprintf(stderr, "bench_dlx_text: %s: cannot write the text\n", c->name);
        dlx_free(p);
        free(text);
        return 1;
    }

    t0 = now();
    dlx_text *t = dlx_text_new();
    int rc = t ? dlx_text_parse(t, text, len) : DLX_ENOMEM;
    double t_parse = now() - t0;
    int status = 0;
    if (rc != DLX_OK) {
        const dlx_text_diag *e = dlx_text_error(t);
        fprintf(stderr, "bench_dlx_text: %s: parse failed: %s\n", c->name,
                e ? e->message : dlx_text_strerror(rc));
        status = 1;
    } else if (dlx_item_count(dlx_text_problem(t)) != dlx_item_count(p) ||
               dlx_option_count(dlx_text_problem(t)) != dlx_option_count(p)) {
        fprintf(stderr, "bench_dlx_text: %s: the text gives another problem\n", c->name);
        status = 1;
    } else {
        printf("%-34s %8.2f MB %9d %9.3f s %9.3f s %7.1f MB/s %6.2fx\n",
               c->name, (double)len / 1e6, (int)dlx_option_count(p), t_build, t_parse,
               (double)len / 1e6 / (t_parse > 0 ? t_parse : 1e-9),
               t_parse / (t_build > 0 ? t_build : 1e-9));
    }
    dlx_text_free(t);
    dlx_free(p);
    free(text);
    return status;
}

int main(void)
{
    const char *q = getenv("BENCH_QUICK");
    int is_quick = q && *q && strcmp(q, "0") != 0;
    const struct bench_case *cases = is_quick ? quick : full;
    size_t n = is_quick ? sizeof quick / sizeof quick[0] : sizeof full / sizeof full[0];
    printf("text format: parse time against building the same problem through the API\n");
    printf("%-34s %11s %9s %11s %11s %12s %7s\n", "problem", "text", "options", "API build",
           "text parse", "parse speed", "ratio");
    int status = 0;
    for (size_t k = 0; k < n; k++)
        status |= run_case(&cases[k]);
    return status;
}
