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
#include "common_signal.h"
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
    char *buf;                            /* a formatted grid (owned) */
    size_t buf_cap;
    int failed;                           /* out of memory */
    int interrupted;                      /* a stop signal came */
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

static void print_grid(explain *x, const uint8_t *grid)
{
    size_t len = out_format_grid(x->o, grid, x->n, OUT_PRETTY, &x->buf, &x->buf_cap);
    if (len == 0)
        x->failed = 1;
    else
        fwrite(x->buf, 1, len, stdout);
}

/* The cell and symbol of an engine option. */
static void option_cell(const explain *x, int32_t option, int *cell, int *v)
{
    *cell = 0;
    *v = 0;
    sudoku_dlx_option(x->s, option, cell, v);
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
                int32_t m = dlx_item_options(x->p, sudoku_dlx_cell_item(x->s, cell), x->opts, n);
                if (m > n)
                    m = n;
                for (int32_t i = 0; i < m; i++) {
                    int oc, v;
                    option_cell(x, x->opts[i], &oc, &v);
                    field[k++] = sym(x, v);
                }
                if (k == 0)
                    field[k++] = '-';
            }
            field[k] = '\0';
            printf("%-*s", c + 1 < n ? n + 1 : 0, field);
        }
        putchar('\n');
    }
}

/* What an engine item means; an id the encoding does not know (cannot
 * happen) reads as cell r1c1. */
static sudoku_item item_of(const explain *x, int32_t item)
{
    sudoku_item it = {SUDOKU_ITEM_CELL, 0, -1, 0};
    sudoku_dlx_item(x->s, item, &it);
    return it;
}

/* The item in words: "r4c5" or "9 in box 5". */
static void item_words(const explain *x, const sudoku_item *it, char *buf, size_t cap)
{
    if (it->kind == SUDOKU_ITEM_CELL) {
        cell_name(x, it->cell, buf, cap);
        return;
    }
    char house[48];
    sudoku_house_name(x->s, it->house, house, sizeof house);
    snprintf(buf, cap, "%c in %s", sym(x, it->symbol), house);
}

static int on_event(void *ctx, const dlx_event *ev)
{
    explain *x = ctx;
    int n = x->n;
    if (cli_stop_signal()) { /* Ctrl-C: stop after the line written last */
        x->interrupted = 1;
        return 1;
    }
    char where[64], cell[32], house[48];
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
        int c, v;
        option_cell(x, ev->option, &c, &v);
        int32_t item = x->level_item[level], left = x->level_left[level];
        sudoku_item it = item_of(x, item);
        cell_name(x, c, cell, sizeof cell);
        indent(x, level);
        if (left == 1) {
            x->forced++;
            if (it.kind == SUDOKU_ITEM_CELL) {
                printf("%s must be %c: the only candidate left in the cell\n", cell, sym(x, v));
            } else {
                sudoku_house_name(x->s, it.house, house, sizeof house);
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
            if (it.kind == SUDOKU_ITEM_CELL) {
                printf("%s %s = %c (%d of %d candidates:", verb, cell, sym(x, v), ev->index + 1,
                       left);
                for (int32_t i = 0; i < m; i++) {
                    int oc, ov;
                    option_cell(x, x->opts[i], &oc, &ov);
                    printf(" %c", sym(x, ov));
                }
            } else {
                item_words(x, &it, where, sizeof where);
                printf("%s %s = %c (%d of %d places for %s:", verb, cell, sym(x, v),
                       ev->index + 1, left, where);
                for (int32_t i = 0; i < m; i++) {
                    int oc, ov;
                    option_cell(x, x->opts[i], &oc, &ov);
                    cell_name(x, oc, cell, sizeof cell);
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
    case DLX_EV_DEAD_END: {
        x->dead_ends++;
        indent(x, ev->level);
        sudoku_item it = item_of(x, ev->item);
        if (it.kind == SUDOKU_ITEM_CELL) {
            cell_name(x, it.cell, cell, sizeof cell);
            printf("no candidate left for %s: back up\n", cell);
        } else {
            sudoku_house_name(x->s, it.house, house, sizeof house);
            printf("no place left for %c in %s: back up\n", sym(x, it.symbol), house);
        }
        break;
    }
    default:
        break;
    }
    return 0;
}

/* Prints one puzzle solved step by step to stdout. Returns the number of
 * solutions found (0 or 1) or a negative status. */
static int64_t explain_puzzle(const cli_options *o, const sudoku_shape *sh, const uint8_t *givens)
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
    if (x->interrupted)
        found = SUDOKU_ESTOPPED;
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
    if (x->failed && found >= 0)
        found = SUDOKU_ENOMEM;
    sudoku_solver_free(x->s);
    free(x->buf);
    free(x);
    return found;
}

void explain_one(run_state *t, const unit *u, const uint8_t *givens)
{
    if (u->read_status != 0) {
        t->puzzles++;
        out_unreadable(t, u);
        return;
    }
    sudoku_shape sh;
    int rc = config_shape(t->o, u->n, &sh);
    out_begin_answer(t, 1);
    int64_t found = rc < 0 ? rc : explain_puzzle(t->o, &sh, givens);
    if (found == SUDOKU_ESTOPPED) { /* Ctrl-C: not an answer */
        out_note_stop(t, u);
        return;
    }
    t->puzzles++;
    out_tally(t, u, found);
}
