/* SPDX-License-Identifier: MIT */
/* dominoes.c - tiling a board with dominoes, as exact cover: one item per
 * cell, one option per pair of neighbouring cells (domino_build() in
 * problems.h). The square boards' counts are OEIS A004003: 8x8 has
 * 12,988,816 tilings, 12x12 53,060,477,521,960,000 - too many to enumerate,
 * which is what `dlx --count --memo` is for:
 *
 *   dominoes 4               36 (the 4x4 board)
 *   dominoes 3 4             11 (a 3x4 board)
 *   dominoes --text 12 | dlx --count --memo
 */
#include "example.h"

int main(int argc, char **argv)
{
    const char *prog = "dominoes";
    example_opts o;
    int rc = example_parse(argc, argv, &o, "dominoes [OPTION]... [ROWS [COLS]]\n"
                                              "Tile a ROWS x COLS board (default 4 x 4; COLS "
                                              "defaults to ROWS) with dominoes.");
    if (rc != 0)
        return rc < 0 ? 2 : 0;
    long dims[2] = {4, 0};
    int given = 0;
    for (int i = 0; i < o.nargs; i++) {
        char *end;
        long v = strtol(o.args[i], &end, 10);
        if (o.args[i][0] == '-' || *end || given == 2 || v < 1 || v > 1000)
            return example_unexpected(prog, o.args[i]);
        dims[given++] = v;
    }
    if (given < 2)
        dims[1] = dims[0];
    dlx_problem *p = dlx_new();
    if (!p)
        return example_build_failed(prog, DLX_ENOMEM);
    rc = domino_build(p, (int32_t)dims[0], (int32_t)dims[1]);
    if (rc != DLX_OK) {
        dlx_free(p);
        return example_build_failed(prog, rc);
    }
    char comment[96];
    snprintf(comment, sizeof comment, "domino tilings of a %ld x %ld board (dominoes %ld %ld)",
             dims[0], dims[1], dims[0], dims[1]);
    rc = example_run(prog, p, &o, comment, NULL, NULL);
    dlx_free(p);
    return rc;
}
