/* SPDX-License-Identifier: MIT */
/* sudoku_rate.c - `sudoku --rate`: each puzzle's difficulty, from the
 * human-style solver of libsudoku (sudoku_rate()): a score on the Sudoku
 * Explainer scale, a level, and the techniques the solve used, e.g.
 *
 *   4.2 hard: 12 full house, 30 hidden single (box), 2 pointing, 1 XY-wing
 *   8.2 extreme (estimated; 2 trials): 20 full house, ..., 2 trials
 *
 * docs/rating.md has the scale and how it was checked. A puzzle without a
 * solution answers "none", one with several "multiple" (a rating needs
 * one solution); both set exit status 1. */
#include "sudoku_cli.h"

#include <stdio.h>
#include <string.h>

void rate_solve(const cli_options *o, sudoku_logic *L, const uint8_t *givens, uint8_t *solution,
                unit *u)
{
    (void)o;
    int rc = sudoku_rate(L, givens, &u->rating);
    if (rc == SUDOKU_ECONFLICT)
        sudoku_solver_conflict(sudoku_logic_solver(L), &u->conflict);
    u->count = rc;
    const uint8_t *s = rc > 0 ? sudoku_logic_solution(L) : NULL;
    if (s)
        memcpy(solution, s, (size_t)u->n * (size_t)u->n);
}

void rate_answer(run_state *t, const unit *u, const uint8_t *givens, const uint8_t *solution)
{
    int64_t count = out_verdict(t, u, 0, 1);
    if (count < 0)
        return;
    const char *status = count == 1 ? "rated" : count == 0 ? "none" : "multiple";
    if (count > 1) {
        out_puzzle_error(t->file, u->line, 0,
                         "more than one solution: a rating needs a puzzle with one");
        t->not_unique++;
        out_set_status(t, 1);
    }
    if (OUT_IS_RECORD(t->o->format)) {
        record r = {.u = u, .n = u->n, .givens = givens, .status = status,
                    .solution = count == 1 ? solution : NULL, .count = count,
                    .rating = &u->rating, .micros = u->micros};
        out_record(t, &r);
        return;
    }
    out_begin_answer(t, 0);
    if (count != 1) {
        puts(status);
        return;
    }
    const sudoku_rating *ra = &u->rating;
    char used[2048];
    sudoku_rating_techniques(ra, 1, used, sizeof used);
    /* "%d.%d %s" and ": %s\n" without printf's format (a line a puzzle:
     * on kaggle's, a fifteenth of the time) */
    if (ra->score >= 0 && ra->score < 1000) {
        if (ra->score >= 100)
            putchar('0' + ra->score / 100);
        putchar('0' + ra->score / 10 % 10);
        putchar('.');
        putchar('0' + ra->score % 10);
        putchar(' ');
        fputs(sudoku_level_name(ra->level), stdout);
    } else {
        printf("%d.%d %s", ra->score / 10, ra->score % 10, sudoku_level_name(ra->level));
    }
    if (ra->trials && ra->guesses)
        printf(" (estimated; %d trial%s, %d guess%s)", ra->trials, ra->trials == 1 ? "" : "s",
               ra->guesses, ra->guesses == 1 ? "" : "es");
    else if (ra->trials)
        printf(" (estimated; %d trial%s)", ra->trials, ra->trials == 1 ? "" : "s");
    else if (ra->guesses)
        printf(" (estimated; %d guess%s)", ra->guesses, ra->guesses == 1 ? "" : "es");
    fputs(": ", stdout);
    fputs(used, stdout);
    putchar('\n');
}
