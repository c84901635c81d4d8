/* SPDX-License-Identifier: MIT */
/* tree_profile.c - records the top of a search tree with the size of every
 * subtree there, measured by the real engine: the input of the scheduling
 * simulator (bench/sim/sched_sim.c) and the figures of docs/parallel.md.
 *
 *   tree_profile [--depth D] pentominoes ROWSxCOLS | queens N | langford N
 *
 * prints, in preorder, one line "depth size" for every node of the search
 * tree at depth 0..D (depth counted in levels from the root), where size
 * is the number of search-tree nodes in the subtree rooted there, the root
 * included (dlx_stats.nodes: a node for each level entered and one per
 * solution). The sizes of the nodes at depth D are measured by searching
 * each subtree (dlx_start_subtree); a node above D has size 1 plus its
 * children's. The children of a node come from the engine too: a search of
 * its subtree paused after one node has the first child in force and gives
 * the others away with dlx_split(). Takes about one full search.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../examples/problems.h"

enum { MAX_DEPTH = 12, MAX_WIDTH = 4096 };

struct walk {
    dlx_problem *p;
    int32_t depth;        /* D */
    FILE *out;
    /* The lines of the subtree being written, since a node's size is known
     * only after its children's: kept as (depth, size) and printed at the
     * end in preorder. */
    int32_t *dep;
    uint64_t *size;
    size_t n, cap;
    uint64_t solutions;
    /* Children collected by the split callback. */
    int32_t kids[MAX_WIDTH][MAX_DEPTH + 1];
    int32_t n_kids;
};

static int collect_kid(void *ctx, const int32_t *options, int32_t count, int is_solution)
{
    (void)is_solution;
    struct walk *w = ctx;
    if (w->n_kids >= MAX_WIDTH || count > MAX_DEPTH) {
        fprintf(stderr, "tree_profile: node too wide or too deep\n");
        exit(2);
    }
    memcpy(w->kids[w->n_kids], options, (size_t)count * sizeof *options);
    w->n_kids++;
    return 0;
}

static size_t add_line(struct walk *w, int32_t depth)
{
    if (w->n == w->cap) {
        w->cap = w->cap ? 2 * w->cap : 1024;
        w->dep = realloc(w->dep, w->cap * sizeof *w->dep);
        w->size = realloc(w->size, w->cap * sizeof *w->size);
        if (!w->dep || !w->size) {
            fprintf(stderr, "tree_profile: out of memory\n");
            exit(2);
        }
    }
    w->dep[w->n] = depth;
    w->size[w->n] = 0;
    return w->n++;
}

static void die(const char *what, int rc)
{
    fprintf(stderr, "tree_profile: %s: %s\n", what, dlx_strerror(rc));
    exit(2);
}

/* The node reached by prefix[0..d-1]: its line, then its children's.
 * Returns its size. */
static uint64_t visit(struct walk *w, const int32_t *prefix, int32_t d)
{
    size_t me = add_line(w, d);
    dlx_stats before, after;
    dlx_get_stats(w->p, &before);
    int rc = dlx_start_subtree(w->p, prefix, d);
    if (rc != DLX_OK)
        die("start_subtree", rc);
    uint64_t size;
    if (d == w->depth) {
        rc = dlx_search(w->p, 0);
        if (rc != DLX_OK)
            die("search", rc);
        dlx_get_stats(w->p, &after);
        size = after.nodes - before.nodes;
        w->solutions += after.solutions - before.solutions;
    } else {
        /* One node: the level is entered and its first option put in
         * force; the rest of the level is given away, and that is the
         * list of children. */
        rc = dlx_search(w->p, 1);
        if (rc == DLX_OK) { /* a leaf: a solution or a dead end */
            dlx_get_stats(w->p, &after);
            w->solutions += after.solutions - before.solutions;
            w->size[me] = 1;
            return 1;
        }
        if (rc != DLX_PAUSED)
            die("search", rc);
        int32_t first[MAX_DEPTH + 1];
        w->n_kids = 0;
        /* The path to the first child, then its siblings. */
        int32_t pieces = dlx_split(w->p, DLX_SPLIT_ALL, collect_kid, w);
        if (pieces < 1)
            die("split", pieces < 0 ? pieces : DLX_EINVAL);
        /* DLX_SPLIT_ALL gives the untried siblings first and the path last. */
        memcpy(first, w->kids[w->n_kids - 1], (size_t)(d + 1) * sizeof *first);
        int32_t n = w->n_kids;
        int32_t (*kids)[MAX_DEPTH + 1] = malloc((size_t)n * sizeof *kids);
        if (!kids)
            die("children", DLX_ENOMEM);
        memcpy(kids[0], first, sizeof kids[0]);
        for (int32_t k = 0; k + 1 < n; k++)
            memcpy(kids[k + 1], w->kids[k], sizeof kids[0]);
        size = 1;
        for (int32_t k = 0; k < n; k++)
            size += visit(w, kids[k], d + 1);
        free(kids);
    }
    w->size[me] = size;
    return size;
}

int main(int argc, char **argv)
{
    int32_t depth = 6;
    int a = 1;
    if (a + 1 < argc && strcmp(argv[a], "--depth") == 0) {
        depth = atoi(argv[a + 1]);
        a += 2;
    }
    if (a + 1 >= argc + 0 || depth < 0 || depth > MAX_DEPTH) {
        fprintf(stderr, "usage: tree_profile [--depth D] pentominoes RxC | queens N | langford N\n");
        return 2;
    }
    const char *kind = argv[a], *arg = argv[a + 1];
    dlx_problem *p = dlx_new();
    int rc = DLX_EINVAL;
    if (strcmp(kind, "pentominoes") == 0) {
        int r, c;
        pentomino_board b;
        if (sscanf(arg, "%dx%d", &r, &c) == 2 && pentomino_board_init(&b, r, c) == 0)
            rc = pentomino_build(p, &b);
    } else if (strcmp(kind, "queens") == 0) {
        rc = queens_build(p, atoi(arg), 0);
    } else if (strcmp(kind, "langford") == 0) {
        rc = langford_build(p, atoi(arg));
    }
    if (rc != DLX_OK)
        die(kind, rc);
    static struct walk w;
    w.p = p;
    w.depth = depth;
    uint64_t total = visit(&w, NULL, 0);
    printf("# dlx tree profile: %s %s, branching on the fewest options (DLX_CHOOSE_MRV)\n", kind, arg);
    printf("# nodes %" PRIu64 " solutions %" PRIu64 " depth %d lines %zu\n", total, w.solutions,
           (int)depth, w.n);
    printf("# one line per search-tree node at depth 0..%d, in preorder: depth, then the\n"
           "# number of nodes in its subtree (itself included), as dlx_stats counts them\n",
           (int)depth);
    for (size_t k = 0; k < w.n; k++)
        printf("%d %" PRIu64 "\n", (int)w.dep[k], w.size[k]);
    dlx_free(p);
    free(w.dep);
    free(w.size);
    return 0;
}
