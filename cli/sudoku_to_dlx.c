/* SPDX-License-Identifier: MIT */
/* sudoku_to_dlx.c - `sudoku --to-dlx`: each puzzle's exact-cover problem
 * written in Knuth's text format (docs/format.md), so that `dlx` can solve,
 * trace or draw it (a 4x4 sudoku makes a matrix small enough to read).
 *
 * The problem is the library's own encoding (sudoku/: items "the cell holds
 * a symbol" and "the house holds symbol v", options "the cell holds v"),
 * with the givens committed as the solver commits them: what is written is
 * what is left, the items still to cover and the options still available,
 * as Knuth's sudoku-dlx writes it. What each engine id means is asked of
 * sudoku/; only the spelling of the names is made here:
 *   r2c3       the cell in row 2, column 3 holds a symbol
 *   row2=4     row 2 holds a 4 (column3=4, box1=4, region5=4,
 *              maindiagonal=4, window2=4 likewise)
 * and an option is a line "r2c3 row2=4 column3=4 box1=4". */
#include "sudoku_cli.h"

#include "dlx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A symbol as a name may hold it: the alphabet's character, or its number
 * when the character would end or split a name. */
static void put_symbol(const cli_options *o, int v)
{
    char ch = o->alphabet[v - 1];
    if (ch == ':' || ch == '|' || ch == ' ' || ch == '\t')
        printf("%d", v);
    else
        putchar(ch);
}

static void put_item(const cli_options *o, const sudoku_solver *s, int n, int32_t item)
{
    sudoku_item it;
    if (sudoku_dlx_item(s, item, &it) != SUDOKU_OK) {
        printf("item%ld", (long)item);
        return;
    }
    if (it.kind == SUDOKU_ITEM_CELL) {
        printf("r%dc%d", it.cell / n + 1, it.cell % n + 1);
        return;
    }
    char house[64];
    sudoku_house_name(s, it.house, house, sizeof house);
    for (const char *c = house; *c; c++)
        if (*c != ' ')
            putchar(*c);
    putchar('=');
    put_symbol(o, it.symbol);
}

/* Writes the problem left by the givens. Returns 0, 1 when the givens clash,
 * or a negative status. */
static int write_problem(const cli_options *o, const sudoku_shape *sh, const uint8_t *givens,
                         const char *file, long line)
{
    int err = 0;
    sudoku_solver *s = sudoku_solver_new(sh, SUDOKU_DLX, &err);
    if (!s)
        return err;
    dlx_problem *p = sudoku_solver_dlx(s);
    int n = sh->n, cells = n * n, rc = 0;
    int32_t items = dlx_item_count(p), options = dlx_option_count(p);
    int32_t *commit = malloc(((size_t)cells + 1) * sizeof *commit);
    int32_t *list = malloc(((size_t)options + 1) * sizeof *list);
    int32_t *ids = malloc(((size_t)items + 1) * sizeof *ids);
    unsigned char *available = calloc((size_t)options + 1, 1);
    if (!commit || !list || !ids || !available) {
        rc = SUDOKU_ENOMEM;
        goto out;
    }
    /* The givens' options: among the cell's options, the one of its symbol. */
    int32_t ncommit = 0, givens_count = 0;
    for (int cell = 0; cell < cells; cell++) {
        if (!givens[cell])
            continue;
        givens_count++;
        int32_t m = dlx_item_options(p, sudoku_dlx_cell_item(s, cell), list, options);
        for (int32_t k = 0; k < m; k++) {
            int c, v;
            if (sudoku_dlx_option(s, list[k], &c, &v) == SUDOKU_OK && v == givens[cell])
                commit[ncommit++] = list[k];
        }
    }
    if (ncommit != givens_count || dlx_commit_many(p, commit, ncommit, NULL) != DLX_OK) {
        rc = 1;
        goto out;
    }
    /* What is left: the active items, and the options in their lists (an
     * option not hidden by the givens is in the list of every item it has). */
    int32_t active = dlx_active_items(p, ids, items);
    for (int32_t k = 0; k < active; k++) {
        int32_t m = dlx_item_options(p, ids[k], list, options);
        for (int32_t j = 0; j < m; j++)
            available[list[j]] = 1;
    }
    int32_t left = 0;
    for (int32_t opt = 0; opt < options; opt++)
        left += available[opt];
    printf("| sudoku --to-dlx: the %dx%d puzzle of %s line %ld, %ld givens: the exact-cover\n"
           "| problem its givens leave, %ld items and %ld options. rRcC: the cell in row R,\n"
           "| column C holds a symbol; HOUSE=S: the house holds S once. One option per\n"
           "| candidate: the cell and the three (or more) houses it fills.\n",
           n, n, file, line, (long)givens_count, (long)active, (long)left);
    /* The puzzle itself, so that a reader of the problem (the browser page)
     * can draw the grid: its cells in reading order, '.' for a blank. */
    fputs("| puzzle: ", stdout);
    for (int cell = 0; cell < cells; cell++) {
        if (givens[cell])
            put_symbol(o, givens[cell]);
        else
            putchar('.');
    }
    putchar('\n');
    for (int32_t k = 0; k < active; k++) {
        if (k)
            putchar(' ');
        put_item(o, s, n, ids[k]);
    }
    putchar('\n');
    for (int32_t opt = 0; opt < options; opt++) {
        if (!available[opt])
            continue;
        int32_t m = dlx_option_items(p, opt, ids, NULL, items);
        for (int32_t k = 0; k < m; k++) {
            if (k)
                putchar(' ');
            put_item(o, s, n, ids[k]);
        }
        putchar('\n');
    }
out:
    free(commit);
    free(list);
    free(ids);
    free(available);
    sudoku_solver_free(s);
    return rc;
}

void to_dlx_one(run_state *t, const unit *u, const uint8_t *givens)
{
    t->puzzles++;
    if (u->read_status != 0) {
        out_unreadable(t, u);
        return;
    }
    sudoku_shape sh;
    int rc = config_shape(t->o, u->n, &sh);
    out_begin_answer(t, 1);
    if (rc >= 0)
        rc = write_problem(t->o, &sh, givens, t->file, u->line);
    if (rc < 0) {
        out_puzzle_error(t->file, u->line, 0, "%s", sudoku_strerror(rc));
        t->invalid++;
        out_set_status(t, rc == SUDOKU_ENOMEM ? 2 : 1);
    } else if (rc == 1) {
        out_puzzle_error(t->file, u->line, 0, "the givens clash: no exact-cover problem to write");
        t->invalid++;
        out_set_status(t, 1);
    } else {
        t->solved++;
    }
}
