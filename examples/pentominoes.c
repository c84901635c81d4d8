/* SPDX-License-Identifier: MIT */
/* pentominoes.c - packing the twelve pentominoes into a board.
 *
 * Items: the twelve pieces and the board's cells, all primary; one option
 * per placement of a piece, every rotation and reflection at every position
 * (see pentomino_build() in problems.h). No symmetry is broken, so each
 * packing is counted once per symmetry of the board: 3x20 gives 8 (2 packings
 * x 4), 4x15 1472 (368 x 4), 5x12 4040, 6x10 9356 (2339 x 4), and Dana
 * Scott's 8x8 board without its centre 2x2 520 (65 x 8).
 *
 *   pentominoes 3x20                 8
 *   pentominoes scott                520
 *   pentominoes 8x8 --hole 0,0 --hole 0,7 --hole 7,0 --hole 7,7
 *   pentominoes --print --max 1 6x10
 *   pentominoes --text 3x20 | dlx --count
 */
#include "example.h"

static void show_packing(void *ctx, const dlx_problem *p, const int32_t *options, int32_t count)
{
    const pentomino_board *b = ctx;
    char *grid = malloc((size_t)(b->rows * b->cols));
    if (grid == NULL)
        return;
    for (int k = 0; k < b->rows * b->cols; k++)
        grid[k] = b->hole[k] ? ' ' : '.';
    for (int32_t k = 0; k < count; k++) {
        int32_t ids[6];
        dlx_option_items(p, options[k], ids, NULL, 6);
        const char *piece = dlx_item_name(p, ids[0]);
        for (int c = 1; c < 6; c++) { /* cell names are "r<row>c<col>" */
            int y, x;
            if (sscanf(dlx_item_name(p, ids[c]), "r%dc%d", &y, &x) == 2)
                grid[y * b->cols + x] = piece[0];
        }
    }
    for (int y = 0; y < b->rows; y++)
        printf("%.*s\n", b->cols, grid + y * b->cols);
    free(grid);
}

int main(int argc, char **argv)
{
    const char *prog = "pentominoes";
    pentomino_board board;
    example_opts o;
    int rc = example_parse(argc, argv, &o,
                           "pentominoes [--hole R,C]... [OPTION]... "
                           "[6x10|5x12|4x15|3x20|scott|ROWSxCOLS]\n"
                           "Pack the twelve pentominoes into a board: 6x10 ... 3x20, any "
                           "ROWSxCOLS,\n"
                           "or scott (the default: 8x8 without its centre 2x2). No symmetry is "
                           "broken:\n"
                           "each packing is counted once per symmetry of the board.\n"
                           "  --hole R,C  leave the cell at row R, column C (from 0) out of "
                           "the board");
    if (rc != 0)
        return rc < 0 ? 2 : 0;
    const char *shape = NULL;
    int holes[64][2], nholes = 0;
    for (int i = 0; i < o.nargs; i++) {
        const char *a = o.args[i];
        if (strcmp(a, "--hole") == 0 && i + 1 < o.nargs && nholes < 64) {
            char end;
            if (sscanf(o.args[++i], "%d,%d%c", &holes[nholes][0], &holes[nholes][1], &end) != 2) {
                fprintf(stderr, "%s: --hole wants ROW,COLUMN, not '%s'\n", prog, o.args[i]);
                return 2;
            }
            nholes++;
        } else if (a[0] == '-' || shape != NULL) {
            return example_unexpected(prog, a);
        } else {
            shape = a;
        }
    }
    if (shape == NULL || strcmp(shape, "scott") == 0) {
        pentomino_board_scott(&board);
    } else {
        int rows, cols;
        char end;
        if (sscanf(shape, "%dx%d%c", &rows, &cols, &end) != 2 ||
            pentomino_board_init(&board, rows, cols) != 0) {
            fprintf(stderr, "%s: the board must be scott or ROWSxCOLUMNS (at most %d cells), not '%s'\n",
                    prog, PENTOMINO_MAX_CELLS, shape);
            return 2;
        }
    }
    for (int h = 0; h < nholes; h++) {
        if (holes[h][0] < 0 || holes[h][0] >= board.rows || holes[h][1] < 0 ||
            holes[h][1] >= board.cols) {
            fprintf(stderr, "%s: hole %d,%d is outside the %dx%d board\n", prog, holes[h][0],
                    holes[h][1], board.rows, board.cols);
            return 2;
        }
        board.hole[holes[h][0] * board.cols + holes[h][1]] = 1;
    }
    if (pentomino_board_cells(&board) != 60)
        fprintf(stderr, "%s: warning: the board has %d cells but the pieces cover 60: no packing\n",
                prog, pentomino_board_cells(&board));

    dlx_problem *p = dlx_new();
    if (p == NULL)
        return example_build_failed(prog, DLX_ENOMEM);
    int status = pentomino_build(p, &board);
    if (status < 0) {
        dlx_free(p);
        return example_build_failed(prog, status);
    }
    char comment[200];
    snprintf(comment, sizeof comment,
             "the twelve pentominoes on a %dx%d board with %d holes: pieces and cells "
             "(rRcC) primary,\nevery rotation and reflection of every piece at every position",
             board.rows, board.cols, board.rows * board.cols - pentomino_board_cells(&board));
    rc = example_run(prog, p, &o, comment, show_packing, &board);
    dlx_free(p);
    return rc;
}
