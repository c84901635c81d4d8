/* SPDX-License-Identifier: MIT */
/* latin.c - Latin squares as exact cover.
 *
 * Fill an n x n square with 1..n so that every row and every column holds
 * each symbol once. Items (all primary): cells "ricj", row/symbol pairs
 * "ris" and column/symbol pairs "cjs"; one option per cell and symbol (see
 * latin_build() in problems.h). The counts are OEIS A002860: 1, 2, 12, 576,
 * 161280 for n = 1..5.
 *
 *   latin 4                  576
 *   latin --print --max 2 5
 *   latin --text 4 | dlx --count
 */
#include "example.h"

static void show_square(void *ctx, const dlx_problem *p, const int32_t *options, int32_t count)
{
    int32_t n = *(const int32_t *)ctx;
    int32_t *cell = calloc((size_t)(n * n), sizeof *cell);
    if (cell == NULL)
        return;
    for (int32_t k = 0; k < count; k++) {
        int32_t ids[3];
        dlx_option_items(p, options[k], ids, NULL, 3);
        /* ids[0] is the cell (i-1)n + j-1; ids[1] is n*n + (i-1)n + s-1 */
        cell[ids[0]] = (ids[1] - n * n) % n + 1;
    }
    for (int32_t i = 0; i < n; i++) {
        for (int32_t j = 0; j < n; j++)
            printf("%s%d", j ? " " : "", (int)cell[i * n + j]);
        putchar('\n');
    }
    free(cell);
}

int main(int argc, char **argv)
{
    const char *prog = "latin";
    example_opts o;
    int rc = example_parse(argc, argv, &o, "latin [OPTION]... [N]\n"
                                              "Fill an N x N square (default 4) with 1..N, each "
                                              "row and column holding\n"
                                              "every symbol once.");
    if (rc != 0)
        return rc < 0 ? 2 : 0;
    if (o.nargs > 1 || (o.nargs == 1 && o.args[0][0] == '-'))
        return example_unexpected(prog, o.args[o.nargs - 1]);
    long n = 4;
    if (o.nargs == 1 && example_number(prog, "N", o.args[0], 1, 100, &n) != 0)
        return 2;

    dlx_problem *p = dlx_new();
    if (p == NULL)
        return example_build_failed(prog, DLX_ENOMEM);
    int32_t order = (int32_t)n;
    int status = latin_build(p, order);
    if (status < 0) {
        dlx_free(p);
        return example_build_failed(prog, status);
    }
    char comment[160];
    snprintf(comment, sizeof comment,
             "Latin squares of order %ld: cells ricj, row/symbol ris and column/symbol cjs, "
             "all primary",
             n);
    rc = example_run(prog, p, &o, comment, show_square, &order);
    dlx_free(p);
    return rc;
}
