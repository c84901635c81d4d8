/* SPDX-License-Identifier: MIT */
/* sudoku_explain.c - `sudoku --explain`: one puzzle solved step by step, in
 * sudoku words, from the dancing-links engine's own events (its event hook),
 * not from a second, simplified solver.
 *
 * The engine chooses an item with the fewest options left. In sudoku words
 * an item is either a cell ("r4c5 holds one symbol") or a house and a symbol
 * ("row 3 holds a 2"); an option is "r4c5 = 7". So:
 *   item with 1 option, a cell:   "r4c5 must be 7: the only candidate left"
 *   item with 1 option, a house:  "row 3 has only one place for 2: r3c8"
 *   item with k > 1 options:      "guess r1c2 = 4 (one of 2 candidates: 4 6)"
 *   item with 0 options:          "no place left for 9 in box 5: back up"
 * Guesses indent what follows them, so the search tree shows. */
#include "sudoku_cli.h"

#include "dlx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct explain {
    const cli_options *o;
    sudoku_solver *s;
    struct dlx_problem *p;
    int n, cells;
    uint8_t grid[SUDOKU_MAX_CELLS];       /* givens and the moves in effect */
    int32_t level_cell[SUDOKU_MAX_CELLS]; /* cell filled at each level, -1 */
    int32_t level_item[SUDOKU_MAX_CELLS]; /* item chosen at each level */
    int32_t level_left[SUDOKU_MAX_CELLS]; /* its options then */
    int32_t depth_at[SUDOKU_MAX_CELLS];   /* guesses in effect below a level */
    int32_t opts[SUDOKU_MAX_N];
    uint64_t forced, guesses, dead_ends;
} explain;

static char sym(const explain *x, int v)
{
    return v ? x->o->alphabet[v - 1] : '.';
}

static void cell_name(const explain *x, int cell, char *buf, size_t cap)
{
    snprintf(buf, cap, "r%dc%d", cell / x->n + 1, cell % x->n + 1);
}

static void indent(const explain *x, int level)
{
    int d = level > 0 ? x->depth_at[level - 1] : 0;
    for (int i = 0; i < d; i++)
        fputs("  ", stdout);
}

static void print_grid(const explain *x, const uint8_t *grid)
{
    size_t need = cli_pretty(x->o, grid, x->n, NULL, 0) + 1;
    char *buf = malloc(need);
    if (!buf)
        return;
    cli_pretty(x->o, grid, x->n, buf, need);
    fputs(buf, stdout);
    free(buf);
}

/* The candidates of every blank cell, as the engine sees them now (the
 * options still available to each cell's item). */
static void print_candidates(explain *x, int level)
{
    int n = x->n;
    for (int r = 0; r < n; r++) {
        indent(x, level + 1);
        for (int c = 0; c < n; c++) {
            int cell = r * n + c;
            char field[SUDOKU_MAX_N + 1];
            int k = 0;
            if (x->grid[cell]) {
                field[k++] = sym(x, x->grid[cell]);
            } else {
                int32_t m = dlx_item_options(x->p, cell, x->opts, n);
                if (m > n)
                    m = n;
                for (int32_t i = 0; i < m; i++)
                    field[k++] = sym(x, x->opts[i] % n + 1);
                if (k == 0)
                    field[k++] = '-';
            }
            field[k] = '\0';
            printf("%-*s", c + 1 < n ? n + 1 : 0, field);
        }
        putchar('\n');
    }
}

/* The item in words: "r4c5" or "9 in box 5". */
static void item_words(const explain *x, int32_t item, char *buf, size_t cap)
{
    if (item < x->cells) {
        cell_name(x, item, buf, cap);
        return;
    }
    char house[48];
    int h = (item - x->cells) / x->n, v = (item - x->cells) % x->n + 1;
    sudoku_house_name(x->s, h, house, sizeof house);
    snprintf(buf, cap, "%c in %s", sym(x, v), house);
}

static int on_event(void *ctx, const dlx_event *ev)
{
    explain *x = ctx;
    int n = x->n;
    char where[64], cell[32];
    switch (ev->kind) {
    case DLX_EV_CHOOSE:
        x->level_item[ev->level] = ev->item;
        x->level_left[ev->level] = ev->remaining;
        x->depth_at[ev->level] = (ev->level > 0 ? x->depth_at[ev->level - 1] : 0) +
                                 (ev->remaining > 1);
        break;
    case DLX_EV_TRY: {
        int level = ev->level;
        /* moves of this level and deeper are undone */
        for (int l = level; l < x->cells && x->level_cell[l] >= 0; l++) {
            x->grid[x->level_cell[l]] = 0;
            x->level_cell[l] = -1;
        }
        int c = ev->option / n, v = ev->option % n + 1;
        int32_t item = x->level_item[level], left = x->level_left[level];
        cell_name(x, c, cell, sizeof cell);
        indent(x, level);
        if (left == 1) {
            x->forced++;
            if (item < x->cells) {
                printf("%s must be %c: the only candidate left in the cell\n", cell, sym(x, v));
            } else {
                char house[48];
                sudoku_house_name(x->s, (item - x->cells) / n, house, sizeof house);
                printf("%s has only one place for %c: %s\n", house, sym(x, v), cell);
            }
        } else {
            if (ev->index == 0)
                x->guesses++;
            const char *verb = ev->index > 0 ? "that failed; try" : "guess";
            /* the chosen item is covered but its own list stays whole: its
             * options are the alternatives of this guess */
            int32_t m = dlx_item_options(x->p, item, x->opts, n);
            if (m > n)
                m = n;
            if (item < x->cells) {
                printf("%s %s = %c (%d of %d candidates:", verb, cell, sym(x, v), ev->index + 1,
                       left);
                for (int32_t i = 0; i < m; i++)
                    printf(" %c", sym(x, x->opts[i] % n + 1));
            } else {
                item_words(x, item, where, sizeof where);
                printf("%s %s = %c (%d of %d places for %s:", verb, cell, sym(x, v),
                       ev->index + 1, left, where);
                for (int32_t i = 0; i < m; i++) {
                    cell_name(x, x->opts[i] / n, cell, sizeof cell);
                    printf(" %s", cell);
                }
            }
            printf(")\n");
            if (x->o->candidates && ev->index == 0) {
                indent(x, level + 1);
                puts("candidates before this guess:");
                print_candidates(x, level);
            }
        }
        x->grid[c] = (uint8_t)v;
        x->level_cell[level] = c;
        break;
    }
    case DLX_EV_DEAD_END:
        x->dead_ends++;
        indent(x, ev->level);
        if (ev->item < x->cells) {
            cell_name(x, ev->item, cell, sizeof cell);
            printf("no candidate left for %s: back up\n", cell);
        } else {
            char house[48];
            int h = (ev->item - x->cells) / n, v = (ev->item - x->cells) % n + 1;
            sudoku_house_name(x->s, h, house, sizeof house);
            printf("no place left for %c in %s: back up\n", sym(x, v), house);
        }
        break;
    default:
        break;
    }
    return 0;
}

int64_t explain_puzzle(const cli_options *o, const sudoku_shape *sh, const uint8_t *givens)
{
    int err = 0;
    explain *x = calloc(1, sizeof *x);
    if (!x)
        return SUDOKU_ENOMEM;
    x->s = sudoku_solver_new(sh, SUDOKU_DLX, &err);
    if (!x->s) {
        free(x);
        return err;
    }
    x->o = o;
    x->p = sudoku_solver_dlx(x->s);
    x->n = sh->n;
    x->cells = sh->n * sh->n;
    memcpy(x->grid, givens, (size_t)x->cells);
    for (int i = 0; i < x->cells; i++)
        x->level_cell[i] = -1;
    int blanks = 0;
    for (int i = 0; i < x->cells; i++)
        blanks += givens[i] == 0;
    printf("Puzzle (%d givens, %d blanks; rows and columns counted from 1, r1c1 top left):\n",
           x->cells - blanks, blanks);
    print_grid(x, givens);
    dlx_set_event_fn(x->p, on_event, x);
    uint8_t solution[SUDOKU_MAX_CELLS];
    int64_t found = sudoku_solve(x->s, givens, 1, solution, NULL);
    dlx_set_event_fn(x->p, NULL, NULL);
    if (found == 1) {
        printf("Solved: %llu forced step%s, %llu guess%s, %llu dead end%s.\n",
               (unsigned long long)x->forced, x->forced == 1 ? "" : "s",
               (unsigned long long)x->guesses, x->guesses == 1 ? "" : "es",
               (unsigned long long)x->dead_ends, x->dead_ends == 1 ? "" : "s");
        if (x->guesses == 0)
            puts("No guess was needed: every step was forced.");
        print_grid(x, solution);
    } else if (found == 0) {
        printf("No solution: %llu guess%s, %llu dead end%s.\n", (unsigned long long)x->guesses,
               x->guesses == 1 ? "" : "es", (unsigned long long)x->dead_ends,
               x->dead_ends == 1 ? "" : "s");
    }
    sudoku_solver_free(x->s);
    free(x);
    return found;
}
