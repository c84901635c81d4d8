/* SPDX-License-Identifier: MIT */
/* partridge.c - the partridge puzzle: one 1 x 1 square, two 2 x 2 squares,
 * ..., N N x N squares, packed into the square of side N(N+1)/2. An
 * exact-cover problem with multiplicities (Knuth's DLX3): each size "kK" is
 * used exactly K times (see partridge_build() in problems.h). There is no
 * packing for N = 2 to 7 (packings exist from N = 8 on, Wainwright; TAOCP
 * 7.2.2.1), so counting explores the whole search tree: a benchmark.
 *
 *   partridge 5              0
 *   partridge --text 6 | dlx --count --stats
 */
#include "example.h"

/* Each square of the packing: its side and its top left cell (the option's
 * first cell, the item after the size). */
static void show_squares(void *ctx, const dlx_problem *p, const int32_t *options, int32_t count)
{
    (void)ctx;
    for (int32_t k = 0; k < count; k++) {
        int32_t ids[2];
        dlx_option_items(p, options[k], ids, NULL, 2);
        printf("%s%s at %s", k ? ", " : "", dlx_item_name(p, ids[0]) + 1,
               dlx_item_name(p, ids[1]));
    }
    putchar('\n');
}

int main(int argc, char **argv)
{
    const char *prog = "partridge";
    example_opts o;
    int rc = example_parse(argc, argv, &o, "partridge [OPTION]... [N]\n"
                                           "Pack K squares of side K, for K = 1..N (default 5), "
                                           "into the square of side N(N+1)/2.");
    if (rc != 0)
        return rc < 0 ? 2 : 0;
    if (o.nargs > 1 || (o.nargs == 1 && o.args[0][0] == '-'))
        return example_unexpected(prog, o.args[o.nargs - 1]);
    long n = 5;
    if (o.nargs == 1 && example_number(prog, "N", o.args[0], 1, 12, &n) != 0)
        return 2;

    dlx_problem *p = dlx_new();
    if (p == NULL)
        return example_build_failed(prog, DLX_ENOMEM);
    int status = partridge_build(p, (int)n);
    if (status < 0) {
        dlx_free(p);
        return example_build_failed(prog, status);
    }
    char comment[160];
    snprintf(comment, sizeof comment,
             "the partridge puzzle of order %ld: K squares of side K, K = 1..%ld, in the square "
             "of side %ld",
             n, n, n * (n + 1) / 2);
    rc = example_run(prog, p, &o, comment, show_squares, NULL);
    dlx_free(p);
    return rc;
}
