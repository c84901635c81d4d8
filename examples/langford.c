/* SPDX-License-Identifier: MIT */
/* langford.c - Langford pairs as exact cover.
 *
 * Put two 1s, two 2s, ..., two ns in a row so that between the two ks there
 * are exactly k numbers. Items: the numbers and the slots (all primary);
 * options "k si sj" with j = i + k + 1 (see langford_build() in problems.h).
 * A pairing and its reversal are both counted: n = 3, 4, 7, 8 give 2, 2, 52,
 * 300 (OEIS A176127, twice A014552); n = 5, 6 give 0.
 *
 *   langford 7               52
 *   langford --print 3       2 3 1 2 1 3 and 3 1 2 1 3 2, then 2
 *   langford --text 4 | dlx --count
 */
#include "example.h"

static void show_sequence(void *ctx, const dlx_problem *p, const int32_t *options, int32_t count)
{
    (void)ctx;
    int32_t n = count, *slot = calloc((size_t)(2 * n + 1), sizeof *slot);
    if (slot == NULL)
        return;
    for (int32_t k = 0; k < count; k++) {
        int32_t ids[3];
        dlx_option_items(p, options[k], ids, NULL, 3);
        /* ids: the number k (id k-1), then two slots (id n + s - 1) */
        slot[ids[1] - n + 1] = slot[ids[2] - n + 1] = ids[0] + 1;
    }
    for (int32_t s = 1; s <= 2 * n; s++)
        printf("%s%d", s > 1 ? " " : "", (int)slot[s]);
    putchar('\n');
    free(slot);
}

int main(int argc, char **argv)
{
    const char *prog = "langford";
    example_opts o;
    int rc = example_parse(argc, argv, &o, "langford [OPTION]... [N]\n"
                                              "Arrange two 1s, two 2s, ..., two Ns (default 7) in a "
                                              "row, with k numbers\n"
                                              "between the two ks; a sequence and its reversal both "
                                              "count.");
    if (rc != 0)
        return rc < 0 ? 2 : 0;
    if (o.nargs > 1 || (o.nargs == 1 && o.args[0][0] == '-'))
        return example_unexpected(prog, o.args[o.nargs - 1]);
    long n = 7;
    if (o.nargs == 1 && example_number(prog, "N", o.args[0], 1, 10000, &n) != 0)
        return 2;

    dlx_problem *p = dlx_new();
    if (p == NULL)
        return example_build_failed(prog, DLX_ENOMEM);
    int status = langford_build(p, (int32_t)n);
    if (status < 0) {
        dlx_free(p);
        return example_build_failed(prog, status);
    }
    char comment[120];
    snprintf(comment, sizeof comment,
             "Langford pairs, n = %ld: numbers 1..%ld and slots s1..s%ld, option \"k si sj\" "
             "when j = i + k + 1",
             n, n, 2 * n);
    rc = example_run(prog, p, &o, comment, show_sequence, NULL);
    dlx_free(p);
    return rc;
}
