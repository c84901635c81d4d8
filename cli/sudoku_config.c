/* SPDX-License-Identifier: MIT */
/* sudoku_config.c - what the parsed command line means for a puzzle: the
 * shape a puzzle of side n gets (--box, --regions, --variant) and the
 * algorithm that solves it (--algorithm, or the fastest for the shape).
 * Below every other file of the command but the parser, which fills the
 * options and calls nothing here: the modes, the pool, the output and the
 * records ask this file, never sudoku_options.c. */
#include "sudoku_cli.h"

#include <string.h>

int config_shape(const cli_options *o, int n, sudoku_shape *sh)
{
    memset(sh, 0, sizeof *sh);
    if (o->regions_n) {
        if (n != o->regions_n)
            return SUDOKU_ESHAPE;
        sh->n = n;
        sh->regions = o->regions;
    } else if (o->box_rows) {
        if (n != o->box_rows * o->box_cols)
            return SUDOKU_ESHAPE;
        sh->n = n;
        sh->box_rows = o->box_rows;
        sh->box_cols = o->box_cols;
    } else {
        int rc = sudoku_shape_default(sh, n);
        if (rc != SUDOKU_OK)
            return rc;
    }
    sh->variant = o->variant;
    return SUDOKU_OK;
}

enum sudoku_algorithm config_algorithm(const cli_options *o, const sudoku_shape *sh)
{
    if (o->alg_given)
        return o->alg;
    int plain9 = sh->n == 9 && !sh->regions && !sh->variant && sh->box_rows == 3 &&
                 sh->box_cols == 3;
    return plain9 ? SUDOKU_BAND : SUDOKU_DLX;
}

const char *config_algorithm_name(enum sudoku_algorithm alg)
{
    switch (alg) {
    case SUDOKU_DLX: return "dlx";
    case SUDOKU_BITMASK: return "bitmask";
    case SUDOKU_BACKTRACK: return "backtrack";
    case SUDOKU_BAND: return "band";
    }
    return "?";
}
