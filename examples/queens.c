/* SPDX-License-Identifier: MIT */
/* queens.c - the N-queens problem as exact cover with secondary items.
 *
 * Rows and columns are primary items (exactly one queen each), the diagonals
 * secondary (at most one queen each): see queens_build() in problems.h.
 *
 *   queens 8                 92
 *   queens --print 4         the two boards, then 2
 *   queens --middle-first 12 the same count with rows and columns listed
 *                            from the middle out (Knuth's order; fewer nodes)
 *   queens --text 8 | dlx --count
 */
#include "example.h"

static void show_board(void *ctx, const dlx_problem *p, const int32_t *options, int32_t count)
{
    (void)ctx;
    int n = (int)count, col_of_row[64];
    if (n > 64) { /* a board that large is no picture: list the squares */
        for (int32_t k = 0; k < count; k++) {
            int r, c;
            queens_square(p, options[k], &r, &c);
            printf("%sr%dc%d", k ? " " : "", r, c);
        }
        putchar('\n');
        return;
    }
    for (int32_t k = 0; k < count; k++) {
        int r, c;
        queens_square(p, options[k], &r, &c);
        col_of_row[r] = c;
    }
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++)
            printf("%s%c", c ? " " : "", col_of_row[r] == c ? 'Q' : '.');
        putchar('\n');
    }
}

int main(int argc, char **argv)
{
    const char *prog = "queens";
    example_opts o;
    int rc = example_parse(argc, argv, &o, "queens [--middle-first] [OPTION]... [N]\n"
                                              "Place N queens (default 8) on an N x N board, no two "
                                              "attacking each other.\n"
                                              "  --middle-first  list the rows and columns from the "
                                              "middle out\n"
                                              "                  (Knuth's organ-pipe order: a "
                                              "smaller search tree)");
    if (rc != 0)
        return rc < 0 ? 2 : 0;
    int middle_first = 0;
    const char *size = NULL;
    for (int i = 0; i < o.nargs; i++) {
        if (strcmp(o.args[i], "--middle-first") == 0)
            middle_first = 1;
        else if (o.args[i][0] == '-' || size != NULL)
            return example_unexpected(prog, o.args[i]);
        else
            size = o.args[i];
    }
    long n = 8;
    if (size != NULL && example_number(prog, "N", size, 1, 1000, &n) != 0)
        return 2;

    dlx_problem *p = dlx_new();
    if (p == NULL)
        return example_build_failed(prog, DLX_ENOMEM);
    int status = queens_build(p, (int32_t)n, middle_first);
    if (status < 0) {
        dlx_free(p);
        return example_build_failed(prog, status);
    }
    char comment[160];
    snprintf(comment, sizeof comment,
             "%ld queens: rows r and columns c primary, diagonals a (i+j) and b (i-j+%ld) "
             "secondary%s",
             n, n - 1, middle_first ? "\nrows and columns listed from the middle out" : "");
    rc = example_run(prog, p, &o, comment, show_board, NULL);
    dlx_free(p);
    return rc;
}
