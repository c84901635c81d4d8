/* SPDX-License-Identifier: MIT */
/* domination.c - K queens that dominate an N x N board: every square
 * occupied or attacked. An exact-cover problem with multiplicities (Knuth's
 * DLX3): "Q" is covered exactly K times, every square at least once (see
 * domination_build() in problems.h). The least K for 8 x 8 is 5, and there
 * are 4860 ways (OEIS A002564, which also gives 12, 186, 4, 86 for N = 4, 5,
 * 6, 7 with K = 2, 3, 3, 4).
 *
 *   domination 8 5           4860
 *   domination --print 4 2   the boards
 *   domination --text 7 4 | dlx --count
 */
#include "example.h"

static void show_board(void *ctx, const dlx_problem *p, const int32_t *options, int32_t count)
{
    int n = *(const int *)ctx;
    (void)p;
    char *board = malloc((size_t)(n * n));
    if (board == NULL)
        return;
    memset(board, '.', (size_t)(n * n));
    for (int32_t k = 0; k < count; k++)
        board[options[k]] = 'Q'; /* option o is the queen on square o */
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++)
            printf("%s%c", j ? " " : "", board[i * n + j]);
        putchar('\n');
    }
    free(board);
}

int main(int argc, char **argv)
{
    const char *prog = "domination";
    example_opts o;
    int rc = example_parse(argc, argv, &o, "domination [OPTION]... [N K]\n"
                                           "Place K queens (default 5) on an N x N board "
                                           "(default 8) so that every square\n"
                                           "is occupied or attacked.");
    if (rc != 0)
        return rc < 0 ? 2 : 0;
    if (o.nargs == 1 || o.nargs > 2 || (o.nargs > 0 && o.args[0][0] == '-'))
        return example_unexpected(prog, o.args[o.nargs - 1]);
    long n = 8, k = 5;
    if (o.nargs == 2 && (example_number(prog, "N", o.args[0], 1, 100, &n) != 0 ||
                         example_number(prog, "K", o.args[1], 1, n * n, &k) != 0))
        return 2;

    dlx_problem *p = dlx_new();
    if (p == NULL)
        return example_build_failed(prog, DLX_ENOMEM);
    int status = domination_build(p, (int)n, (int)k);
    if (status < 0) {
        dlx_free(p);
        return example_build_failed(prog, status);
    }
    char comment[160];
    snprintf(comment, sizeof comment,
             "%ld queens dominating the %ld x %ld board: Q exactly %ld times, every square "
             "at least once",
             k, n, n, k);
    int side = (int)n;
    rc = example_run(prog, p, &o, comment, show_board, &side);
    dlx_free(p);
    return rc;
}
