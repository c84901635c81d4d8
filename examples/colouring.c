/* SPDX-License-Identifier: MIT */
/* colouring.c - graph colouring as exact cover with colours (Knuth's XCC).
 *
 * Every edge is a primary item, every vertex a secondary item whose colour is
 * the vertex's colour; an option "u-v vu:a vv:b" colours one edge's ends with
 * two different colours, and options meeting at a vertex must agree on its
 * colour (see colouring_build() in problems.h). So the solutions are the
 * proper colourings, counted by the chromatic polynomial P(G, k):
 *   Petersen graph: P(3) = 120, P(4) = 12960
 *   cycle Cn:       (k-1)^n + (-1)^n (k-1)
 *   complete Kn:    k (k-1) ... (k-n+1)
 *
 *   colouring 3                  120 (the Petersen graph)
 *   colouring --print 3 C5       the 30 colourings of a pentagon
 *   colouring --text 4 | dlx --count
 */
#include "example.h"

static void show_colouring(void *ctx, const dlx_problem *p, const int32_t *options, int32_t count)
{
    const colouring_graph *g = ctx;
    int *colour = calloc((size_t)g->vertices, sizeof *colour);
    if (colour == NULL)
        return;
    for (int32_t k = 0; k < count; k++) {
        int32_t ids[3], cols[3];
        int32_t n = dlx_option_items(p, options[k], ids, cols, 3);
        for (int32_t j = 0; j < n; j++) /* the vertex items are named "v<number>" */
            if (cols[j] > 0)
                colour[atoi(dlx_item_name(p, ids[j]) + 1)] = (int)cols[j];
    }
    for (int v = 0; v < g->vertices; v++)
        printf("%sv%d:%d", v ? " " : "", v, colour[v]);
    putchar('\n');
    free(colour);
}

int main(int argc, char **argv)
{
    const char *prog = "colouring";
    example_opts o;
    int rc = example_parse(argc, argv, &o, "colouring [OPTION]... [K [petersen|Cn|Kn]]\n"
                                              "Colour a graph with K colours (default 3), adjacent "
                                              "vertices differing: the\n"
                                              "Petersen graph (the default), the cycle Cn or the "
                                              "complete graph Kn (n <= 64).");
    if (rc != 0)
        return rc < 0 ? 2 : 0;
    if (o.nargs > 2 || (o.nargs > 0 && o.args[0][0] == '-'))
        return example_unexpected(prog, o.args[o.nargs - 1]);
    long k = 3, n = 0;
    if (o.nargs >= 1 && example_number(prog, "K (the number of colours)", o.args[0], 1, 1000, &k) != 0)
        return 2;

    /* The graph: Petersen's, a cycle Cn or a complete graph Kn (n <= 64). */
    int edges[64 * 63 / 2][2], m = 0;
    colouring_graph g = colouring_petersen(edges);
    const char *which = o.nargs == 2 ? o.args[1] : "petersen";
    char name[32];
    if (strcmp(which, "petersen") != 0) {
        if ((which[0] != 'C' && which[0] != 'K') ||
            example_number(prog, "the graph's size", which + 1, which[0] == 'C' ? 3 : 1, 64, &n) != 0) {
            fprintf(stderr, "%s: the graph is petersen, Cn (a cycle) or Kn (complete), not '%s'\n",
                    prog, which);
            return 2;
        }
        for (int u = 0; u < n; u++)
            for (int v = u + 1; v < n; v++)
                if (which[0] == 'K' || v == u + 1 || (u == 0 && v == n - 1)) {
                    edges[m][0] = u;
                    edges[m][1] = v;
                    m++;
                }
        snprintf(name, sizeof name, "%s%ld", which[0] == 'C' ? "cycle C" : "complete graph K", n);
        g.name = name;
        g.vertices = (int)n;
        g.edges = m;
    }

    dlx_problem *p = dlx_new();
    if (p == NULL)
        return example_build_failed(prog, DLX_ENOMEM);
    int status = colouring_build(p, &g, (int)k);
    if (status < 0) {
        dlx_free(p);
        return example_build_failed(prog, status);
    }
    char comment[200];
    snprintf(comment, sizeof comment,
             "colourings of the %s with %ld colours: edges u-v primary, vertices vN secondary "
             "and coloured;\nan option colours both ends of an edge, differently",
             g.name, k);
    rc = example_run(prog, p, &o, comment, show_colouring, &g);
    dlx_free(p);
    return rc;
}
