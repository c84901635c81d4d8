/* SPDX-License-Identifier: MIT */
/* technique_fixtures.c - finds the puzzles tests/check_techniques.c uses:
 * for each technique, a grid (a generated puzzle after some steps of the
 * human-style solver) where that technique is the only one that applies.
 *
 *   technique_fixtures [N [SIDE [FIRST_SEED]]]
 *
 * Generates puzzles of SIDE x SIDE (default 9) from seeds FIRST_SEED..
 * (default 1) with sudoku_generate() - one in three minimal, the others
 * stopped at more clues (seed k: n*n/4 + k % (n*n/3) clues, so that early
 * grids, full of candidates, come up too) - walks each with
 * sudoku_logic_next(), and at every grid asks every technique's finder. A
 * grid is "only" for technique t when t finds a step and no other technique
 * does, except the ones that find the same thing by another name (listed in
 * also_fires() and in the test); it is "first" when t finds a step and no
 * easier technique does (the solver would use t there). Prints, for each
 * technique, the first "only" grid, or failing that the first "first" one,
 * as "technique only|first seed clues steps puzzle". Stops after N puzzles
 * (default 2000) or when every technique has an "only" grid. The test names each
 * puzzle by its seed and clue count; any puzzle would do, the seed only
 * says where it came from. */
#include "sudoku.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Techniques that necessarily fire together with t on the same grid: the
 * full house is also a naked single and a hidden single; a hidden single
 * in a box is also a pointing with one cell (or a hidden single in the
 * line), and one in a line a claiming (or one in the box); a direct
 * technique is also its plain form; the chains find what any does. */
static uint64_t also_fires(int t)
{
    uint64_t b = 0;
    switch (t) {
    case SUDOKU_FULL_HOUSE:
        b = (1ull << SUDOKU_NAKED_SINGLE) | (1ull << SUDOKU_HIDDEN_SINGLE_BOX) |
            (1ull << SUDOKU_HIDDEN_SINGLE_LINE);
        break;
    case SUDOKU_HIDDEN_SINGLE_BOX:
        b = (1ull << SUDOKU_POINTING) | (1ull << SUDOKU_HIDDEN_SINGLE_LINE);
        break;
    case SUDOKU_HIDDEN_SINGLE_LINE:
        b = (1ull << SUDOKU_CLAIMING) | (1ull << SUDOKU_HIDDEN_SINGLE_BOX);
        break;
    case SUDOKU_DIRECT_POINTING: b = 1ull << SUDOKU_POINTING; break;
    case SUDOKU_DIRECT_CLAIMING: b = 1ull << SUDOKU_CLAIMING; break;
    case SUDOKU_DIRECT_HIDDEN_PAIR: b = 1ull << SUDOKU_HIDDEN_PAIR; break;
    case SUDOKU_DIRECT_HIDDEN_TRIPLE: b = 1ull << SUDOKU_HIDDEN_TRIPLE; break;
    default: break;
    }
    /* the chains find what any technique finds */
    for (int c = SUDOKU_FORCING_CHAIN; c < SUDOKU_GUESS; c++)
        b |= 1ull << c;
    return b;
}

int main(int argc, char **argv)
{
    long count = argc > 1 ? atol(argv[1]) : 2000;
    int n = argc > 2 ? atoi(argv[2]) : 9;
    unsigned long long first = argc > 3 ? strtoull(argv[3], NULL, 10) : 1;
    sudoku_shape sh;
    int err = 0;
    if (sudoku_shape_default(&sh, n) != SUDOKU_OK) {
        fprintf(stderr, "technique_fixtures: no %dx%d shape\n", n, n);
        return 2;
    }
    sudoku_generator *g = sudoku_generator_new(&sh, &err);
    sudoku_logic *L = sudoku_logic_new(&sh, &err);
    sudoku_step *st = malloc(sizeof *st);
    if (!g || !L || !st) {
        fprintf(stderr, "technique_fixtures: %s\n", sudoku_strerror(err ? err : SUDOKU_ENOMEM));
        return 2;
    }
    sudoku_generate_options opt;
    memset(&opt, 0, sizeof opt);
    /* per technique: 0 nothing yet, 1 a "first" grid, 2 an "only" grid */
    int found[SUDOKU_TECHNIQUE_COUNT] = {0}, left = SUDOKU_GUESS;
    char first_line[SUDOKU_GUESS][128 + SUDOKU_MAX_CELLS];
    uint8_t puzzle[SUDOKU_MAX_CELLS];
    char line[SUDOKU_MAX_CELLS + 1];
    for (long k = 0; k < count && left > 0; k++) {
        unsigned long long seed = first + (unsigned long long)k;
        opt.clues = seed % 3 == 0 ? 0 : n * n / 4 + (int)(seed % (unsigned)(n * n / 3));
        if (sudoku_generate(g, &opt, seed, puzzle, NULL, NULL) != SUDOKU_OK)
            continue;
        sudoku_format_line(puzzle, n, NULL, line);
        if (sudoku_logic_start(L, puzzle) != 1)
            continue;
        for (int steps = 0; sudoku_logic_blanks(L) > 0; steps++) {
            uint64_t fires = 0;
            /* the chains are not asked: they find what any technique finds,
             * and they are slow */
            for (int t = 0; t < SUDOKU_FORCING_CHAIN; t++)
                if (sudoku_logic_find(L, t, st) == 1)
                    fires |= 1ull << t;
            if (fires) {
                int t = __builtin_ctzll(fires);
                if (found[t] < 2 && (fires & ~also_fires(t)) == (1ull << t)) {
                    found[t] = 2;
                    left--;
                    printf("%s only %llu %d %d %s\n", sudoku_technique_id(t), seed, opt.clues,
                           steps, line);
                    fflush(stdout);
                } else if (found[t] == 0) {
                    found[t] = 1;
                    snprintf(first_line[t], sizeof first_line[t], "%s first %llu %d %d %s",
                             sudoku_technique_id(t), seed, opt.clues, steps, line);
                }
            }
            if (sudoku_logic_next(L, st) != 1)
                break;
        }
    }
    for (int t = 0; t < SUDOKU_GUESS; t++)
        if (found[t] == 1)
            printf("%s\n", first_line[t]);
        else if (!found[t])
            printf("# none found: %s\n", sudoku_technique_id(t));
    free(st);
    sudoku_logic_free(L);
    sudoku_generator_free(g);
    return 0;
}
