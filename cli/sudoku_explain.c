/* sudoku_explain.c - `sudoku --explain`: one puzzle solved step by step, in
 * sudoku words, from the dancing-links engine's own events. (Placeholder
 * until the engine lands; see explain_puzzle().) */
#include "sudoku_cli.h"

#include <stdio.h>

int64_t explain_puzzle(const cli_options *o, const sudoku_shape *sh, const uint8_t *givens)
{
    (void)o;
    (void)sh;
    (void)givens;
    return SUDOKU_EINVAL;
}
