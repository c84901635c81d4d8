/* SPDX-License-Identifier: MIT */
/* motley.c - motley dissections of a rectangle: exact cover with
 * multiplicities (Algorithm M, Knuth's DLX3 problems).
 *
 * Cut an m x n rectangle into rectangles, none spanning the whole width or
 * height, no two with the same top-bottom edges or the same left-right
 * edges, every coordinate used (see motley_build() in problems.h). Knuth's
 * generator motley-dlx poses the same problem to DLX3, with the left-right
 * mirror images counted once; 6 x 6 has 5850 such dissections (DLX3's
 * count).
 *
 *   motley 6 6               5850
 *   motley --print 3 3       the rectangles of each, as [a,b) x [c,d)
 *   motley --text 6 6 | dlx --count
 */
#include "example.h"

static void show_rectangles(void *ctx, const dlx_problem *p, const int32_t *options, int32_t count)
{
    (void)ctx;
    for (int32_t k = 0; k < count; k++) {
        int32_t n = dlx_option_items(p, options[k], NULL, NULL, 0);
        int32_t *ids = malloc((size_t)n * sizeof *ids);
        if (ids == NULL)
            return;
        dlx_option_items(p, options[k], ids, NULL, n);
        /* the option's last two items are the intervals "xab" and "ycd" */
        const char *x = dlx_item_name(p, ids[n - 2]), *y = dlx_item_name(p, ids[n - 1]);
        printf("%s[%c,%c) x [%c,%c)", k ? " " : "", x[1], x[2], y[1], y[2]);
        free(ids);
    }
    putchar('\n');
}

int main(int argc, char **argv)
{
    const char *prog = "motley";
    example_opts o;
    int rc = example_parse(argc, argv, &o, "motley [OPTION]... [M N]\n"
                                           "Cut an M x N rectangle (default 6 x 6) into a motley "
                                           "dissection: no two pieces\n"
                                           "share their top-bottom or their left-right edges "
                                           "(mirror images counted once).");
    if (rc != 0)
        return rc < 0 ? 2 : 0;
    if (o.nargs == 1 || o.nargs > 2 || (o.nargs > 0 && o.args[0][0] == '-'))
        return example_unexpected(prog, o.args[o.nargs - 1]);
    long m = 6, n = 6;
    if (o.nargs == 2 && (example_number(prog, "M", o.args[0], 2, 36, &m) != 0 ||
                         example_number(prog, "N", o.args[1], 2, 36, &n) != 0))
        return 2;

    dlx_problem *p = dlx_new();
    if (p == NULL)
        return example_build_failed(prog, DLX_ENOMEM);
    int status = motley_build(p, (int)m, (int)n);
    if (status < 0) {
        dlx_free(p);
        return example_build_failed(prog, status);
    }
    char comment[160];
    snprintf(comment, sizeof comment,
             "motley dissections of a %ld x %ld rectangle (the problem of Knuth's motley-dlx %ld %ld)",
             m, n, m, n);
    rc = example_run(prog, p, &o, comment, show_rectangles, NULL);
    dlx_free(p);
    return rc;
}
