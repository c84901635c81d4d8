/* SPDX-License-Identifier: MIT */
/* sudoku_steps.c - `sudoku --explain`: a puzzle solved the way a person
 * would, one technique at a time (libsudoku's human-style solver), each
 * step in words that name the cells, houses and candidates involved:
 *
 *   3. r6c9 = 5: hidden single, the only place for 5 in row 6
 *   7. pointing: in box 4, 5 can only go in row 6 (r6c1 r6c2), so r6c7 loses 5
 *  12. XY-wing: pivot r1c1 {1,2}, pincers r1c5 {1,3} and r4c1 {2,3}: one
 *      pincer is 3, so r4c5 (seeing both) loses 3
 *
 * --explain=json writes the same steps as JSON, one object a line.
 * --candidates shows the grid of candidates (boxed, rows and columns
 * labelled) at the start and wherever no technique applies, before the
 * guess that follows. Guesses come only then, and say so. A puzzle with
 * more than one solution is explained with a warning (the steps hold for
 * every solution; the guesses follow one). --explain=search is the
 * engine's own account (sudoku_explain.c). */
#include "common_json.h"
#include "sudoku_cli.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct steps {
    const cli_options *o;
    sudoku_logic *L;
    sudoku_solver *s;          /* L's: houses and their names */
    int n, cells, json;
    sudoku_step st;
    char *buf;                 /* a formatted grid (owned) */
    size_t cap;
    int failed;                /* out of memory */
} steps;

/* --- Words ---------------------------------------------------------------------- */

static int popcount_digits(uint64_t m)
{
    int k = 0;
    for (; m; m &= m - 1)
        k++;
    return k;
}

/* A growing line of text for one step. */
typedef struct text {
    char s[8192];
    size_t len;
} text;

static void say(text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void say(text *t, const char *fmt, ...)
{
    if (t->len >= sizeof t->s - 1)
        return;
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(t->s + t->len, sizeof t->s - t->len, fmt, ap);
    va_end(ap);
    if (k > 0)
        t->len = t->len + (size_t)k < sizeof t->s ? t->len + (size_t)k : sizeof t->s - 1;
}

static char sym(const steps *x, int d)
{
    return x->o->alphabet[d - 1];
}

static void say_cell(const steps *x, text *t, int cell)
{
    say(t, "r%dc%d", cell / x->n + 1, cell % x->n + 1);
}

static void say_house(const steps *x, text *t, int h)
{
    char name[48];
    sudoku_house_name(x->s, h, name, sizeof name);
    say(t, "%s", name);
}

/* {2,7} */
static void say_digits(const steps *x, text *t, uint64_t digits)
{
    say(t, "{");
    int first = 1;
    for (int d = 1; d <= x->n; d++)
        if ((digits >> (d - 1)) & 1) {
            say(t, "%s%c", first ? "" : ",", sym(x, d));
            first = 0;
        }
    say(t, "}");
}

/* "2", "2 and 7", "1, 2 and 7" */
static void say_digit_list(const steps *x, text *t, uint64_t digits)
{
    int count = __builtin_popcountll(digits), k = 0;
    for (int d = 1; d <= x->n; d++) {
        if (!((digits >> (d - 1)) & 1))
            continue;
        say(t, "%s%c", k == 0 ? "" : k == count - 1 ? " and " : ", ", sym(x, d));
        k++;
    }
}

/* The pattern cells with role role (-1: all), space-separated. */
static void say_cells(const steps *x, text *t, int role)
{
    int first = 1;
    for (int k = 0; k < x->st.ncells; k++) {
        if (role >= 0 && x->st.role[k] != role)
            continue;
        if (!first)
            say(t, " ");
        say_cell(x, t, x->st.cells[k]);
        first = 0;
    }
}

/* houses[from..to-1]: "rows 2 and 7", "columns 1, 4 and 8" when they are
 * all rows or all columns, else their names joined. */
static void say_houses(const steps *x, text *t, int from, int to)
{
    int n = x->n, all_rows = 1, all_cols = 1;
    for (int k = from; k < to; k++) {
        all_rows &= x->st.houses[k] < n;
        all_cols &= x->st.houses[k] >= n && x->st.houses[k] < 2 * n;
    }
    if (to - from > 1 && (all_rows || all_cols)) {
        say(t, "%s ", all_rows ? "rows" : "columns");
        for (int k = from; k < to; k++)
            say(t, "%s%d", k == from ? "" : k == to - 1 ? " and " : ", ",
                x->st.houses[k] % n + 1);
        return;
    }
    for (int k = from; k < to; k++) {
        say(t, "%s", k == from ? "" : k == to - 1 ? " and " : ", ");
        say_house(x, t, x->st.houses[k]);
    }
}

/* The eliminations, cells with the same losses together: "r3c2 and r3c5
 * lose 2, r3c7 loses 2 and 7"; with because: "r5c5 loses 6 (it sees r1c5
 * and r5c2)", a cell at a time. */
static void say_elims(const steps *x, text *t, int with_because)
{
    const sudoku_step *st = &x->st;
    int count = 0;
    int32_t cell[SUDOKU_STEP_MAX_ELIMS];
    uint64_t lost[SUDOKU_STEP_MAX_ELIMS];
    int why[SUDOKU_STEP_MAX_ELIMS];
    for (int e = 0; e < st->nelims; e++) {
        int k = 0;
        while (k < count && cell[k] != st->elims[e].cell)
            k++;
        if (k == count) {
            cell[count] = st->elims[e].cell;
            lost[count] = 0;
            why[count++] = e;
        }
        lost[k] |= (uint64_t)1 << (st->elims[e].digit - 1);
    }
    int done[SUDOKU_STEP_MAX_ELIMS] = {0}, first = 1;
    for (int k = 0; k < count; k++) {
        if (done[k])
            continue;
        int same = 0, listed = 0;
        for (int j = k; j < count; j++)
            same += !done[j] && lost[j] == lost[k] && !with_because;
        say(t, "%s", first ? "" : ", ");
        for (int j = k; j < count; j++) {
            if (done[j] || lost[j] != lost[k] || (with_because && j != k))
                continue;
            done[j] = 1;
            listed++;
            say(t, "%s", listed == 1 ? "" : listed == same ? " and " : ", ");
            say_cell(x, t, cell[j]);
        }
        say(t, listed > 1 ? " lose " : " loses ");
        say_digit_list(x, t, lost[k]);
        const sudoku_elim *e = &st->elims[why[k]];
        if (with_because && e->because[0] >= 0) {
            say(t, " (it sees ");
            say_cell(x, t, e->because[0]);
            say(t, " and ");
            say_cell(x, t, e->because[1]);
            say(t, ")");
        }
        first = 0;
    }
    if (st->more_elims)
        say(t, ", and more (taken in the next step)");
}

/* ", which leaves r2c7 the only place for 5 in column 7": the single a
 * direct technique ends with. */
static void say_direct_single(const steps *x, text *t)
{
    say(t, ", which leaves ");
    say_cell(x, t, x->st.cell);
    say(t, " the only place for %c in ", sym(x, x->st.digit));
    say_house(x, t, x->st.house);
}

/* "naked pair 4, 7 in row 3 (r3c1, r3c5)": how a subset's step begins. */
static void say_subset(const steps *x, text *t, const char *name)
{
    say(t, "%s ", name);
    say_digits(x, t, x->st.digits);
    say(t, " in ");
    say_house(x, t, x->st.houses[0]);
    say(t, " (");
    say_cells(x, t, -1);
    say(t, ")");
}

static void describe(const steps *x, text *t)
{
    const sudoku_step *st = &x->st;
    int d = st->digits ? __builtin_ctzll(st->digits) + 1 : 0;
    const char *name = sudoku_technique_name(st->technique);
    if (st->cell >= 0 && st->technique != SUDOKU_GUESS) {
        say_cell(x, t, st->cell);
        say(t, " = %c: ", sym(x, st->digit));
    }
    switch (st->technique) {
    case SUDOKU_FULL_HOUSE:
        say(t, "full house, the last blank cell of ");
        say_house(x, t, st->house);
        break;
    case SUDOKU_HIDDEN_SINGLE_BOX:
    case SUDOKU_HIDDEN_SINGLE_LINE:
        say(t, "hidden single, the only place for %c in ", sym(x, st->digit));
        say_house(x, t, st->house);
        break;
    case SUDOKU_NAKED_SINGLE:
        say(t, "naked single, the only candidate left in ");
        say_cell(x, t, st->cell);
        break;
    case SUDOKU_DIRECT_POINTING:
    case SUDOKU_DIRECT_CLAIMING:
    case SUDOKU_POINTING:
    case SUDOKU_CLAIMING:
        say(t, "%s: in ", name);
        say_house(x, t, st->houses[0]);
        say(t, ", %c can only go in ", sym(x, d));
        say_house(x, t, st->houses[1]);
        say(t, " (");
        say_cells(x, t, -1);
        say(t, "), so ");
        say_elims(x, t, 0);
        if (st->cell >= 0)
            say_direct_single(x, t);
        break;
    case SUDOKU_NAKED_PAIR:
    case SUDOKU_NAKED_TRIPLE:
    case SUDOKU_NAKED_QUAD:
        say_subset(x, t, name);
        say(t, ": these cells hold ");
        say_digit_list(x, t, st->digits);
        say(t, ", so ");
        say_elims(x, t, 0);
        break;
    case SUDOKU_DIRECT_HIDDEN_PAIR:
    case SUDOKU_DIRECT_HIDDEN_TRIPLE:
    case SUDOKU_HIDDEN_PAIR:
    case SUDOKU_HIDDEN_TRIPLE:
    case SUDOKU_HIDDEN_QUAD:
        say_subset(x, t, name);
        say(t, ": ");
        say_digit_list(x, t, st->digits);
        say(t, " can only go in these cells, so ");
        say_elims(x, t, 0);
        if (st->cell >= 0)
            say_direct_single(x, t);
        break;
    case SUDOKU_X_WING:
    case SUDOKU_SWORDFISH:
    case SUDOKU_JELLYFISH:
        say(t, "%s on %c: in ", name, sym(x, d));
        say_houses(x, t, 0, st->nbase);
        say(t, ", %c can only go in ", sym(x, d));
        say_houses(x, t, st->nbase, st->nhouses);
        say(t, " (");
        say_cells(x, t, -1);
        say(t, "), so ");
        say_elims(x, t, 0);
        break;
    case SUDOKU_XY_WING:
    case SUDOKU_XYZ_WING: {
        int z = st->elims[0].digit;
        /* the step took z from other cells: the pattern's candidates are
         * as they were */
        say(t, "%s: pivot ", name);
        say_cell(x, t, st->cells[0]);
        say(t, " ");
        say_digits(x, t, sudoku_logic_candidates(x->L, st->cells[0]));
        say(t, ", pincers ");
        say_cell(x, t, st->cells[1]);
        say(t, " ");
        say_digits(x, t, sudoku_logic_candidates(x->L, st->cells[1]));
        say(t, " and ");
        say_cell(x, t, st->cells[2]);
        say(t, " ");
        say_digits(x, t, sudoku_logic_candidates(x->L, st->cells[2]));
        say(t, st->technique == SUDOKU_XY_WING ? ": one pincer is %c, so "
                                                : ": one of the three is %c, so ",
            sym(x, z));
        say_elims(x, t, 0);
        say(t, st->technique == SUDOKU_XY_WING ? " (seeing both pincers)"
                                                : " (seeing all three)");
        break;
    }
    case SUDOKU_W_WING: {
        uint64_t other = st->digits & ~((uint64_t)1 << (st->digit - 1));
        say(t, "W-wing: ");
        say_cell(x, t, st->cells[0]);
        say(t, " and ");
        say_cell(x, t, st->cells[1]);
        say(t, " both ");
        say_digits(x, t, st->digits);
        say(t, ", linked by %c in ", sym(x, st->digit));
        say_house(x, t, st->houses[0]);
        say(t, " (");
        say_cells(x, t, 2);
        say(t, "): one of them is ");
        say_digit_list(x, t, other);
        say(t, ", so ");
        say_elims(x, t, 0);
        say(t, " (seeing both)");
        break;
    }
    case SUDOKU_SIMPLE_COLOURING: {
        say(t, "simple colouring on %c: the chain of strong links ", sym(x, d));
        say_cells(x, t, 0);
        say(t, " (colour a) / ");
        say_cells(x, t, 1);
        say(t, " (colour b) holds %c in every cell of one colour; ", sym(x, d));
        int wrap = 0;
        for (int k = 0; k < st->ncells; k++)
            if (st->cells[k] == st->elims[0].cell)
                wrap = 1;
        if (wrap) {
            say(t, "two cells of one colour see each other (");
            say_cell(x, t, st->elims[0].because[0]);
            say(t, " and ");
            say_cell(x, t, st->elims[0].because[1]);
            say(t, "), so that colour is false: ");
            say_elims(x, t, 0);
        } else {
            say(t, "cells seeing both colours lose it: ");
            say_elims(x, t, 1);
        }
        break;
    }
    case SUDOKU_UNIQUE_RECTANGLE:
        if (st->candidates > 1) {
            /* types 2 to 4: the roofs (role 1), a subset's cells (role 2) */
            say(t, "unique rectangle type %d ", st->candidates);
            say_digits(x, t, st->digits);
            say(t, " on ");
            say_cells(x, t, 0);
            say(t, " ");
            say_cells(x, t, 1);
            say(t, ": if ");
            say_cells(x, t, 1);
            say(t, " held only ");
            say_digit_list(x, t, st->digits);
            say(t, " the puzzle would have two solutions, so one of them holds ");
            say(t, st->candidates == 4 ? "one of the pair where the house has no other place for "
                                         "it"
                                       : "another candidate");
            if (st->candidates == 3) {
                say(t, ", a naked subset with ");
                say_cells(x, t, 2);
            }
            say(t, ": ");
            say_elims(x, t, 0);
            break;
        }
        say(t, "unique rectangle ");
        say_digits(x, t, st->digits);
        say(t, " on ");
        say_cells(x, t, -1);
        say(t, ": three corners hold only ");
        say_digit_list(x, t, st->digits);
        say(t, "; if ");
        say_cells(x, t, 1);
        say(t, " did too, they could be swapped and the puzzle would have two solutions, "
               "so ");
        say_elims(x, t, 0);
        break;
    case SUDOKU_BUG:
        say(t, "bivalue universal grave: without its extra candidates %s ",
            st->ncells == 1 ? "in" : "in the cells");
        say_cells(x, t, -1);
        say(t, " every cell would have two candidates and every symbol two places in each "
               "house, which a puzzle with one solution cannot have; so an extra ");
        say_digit_list(x, t, st->digits);
        say(t, " is true: ");
        say_elims(x, t, 0);
        break;
    case SUDOKU_ALIGNED_PAIR:
    case SUDOKU_ALIGNED_TRIPLE:
        say(t, "%s on ", name);
        say_cells(x, t, 0);
        say(t, ": no way of filling them that leaves a candidate to each of ");
        say_cells(x, t, 1);
        say(t, " gives them these, so ");
        say_elims(x, t, 0);
        break;
    case SUDOKU_FORCING_CHAIN:
    case SUDOKU_NISHIO:
    case SUDOKU_MULTIPLE_CHAIN:
    case SUDOKU_DYNAMIC_CHAIN:
    case SUDOKU_DYNAMIC_CHAIN_PLUS:
    case SUDOKU_NESTED_FORCING_CHAIN:
    case SUDOKU_NESTED_MULTIPLE_CHAIN:
    case SUDOKU_NESTED_DYNAMIC_CHAIN:
        say(t, "%s from ", name);
        say_cells(x, t, -1);
        if (popcount_digits(st->digits) == 1) {
            say(t, " (");
            say_digit_list(x, t, st->digits);
            say(t, ")");
        }
        /* a nested chain's count takes in the chains inside it */
        if (st->technique >= SUDOKU_NESTED_FORCING_CHAIN)
            say(t, ", a chain of %d nodes with the chains nested in it: ", st->candidates);
        else
            say(t, ", a chain of %d nodes: ", st->candidates);
        say_elims(x, t, 0);
        break;
    case SUDOKU_GUESS:
        say_cell(x, t, st->cell);
        say(t, " = %c: guess - no technique applies; ", sym(x, st->digit));
        say_cell(x, t, st->cell);
        say(t, " has the fewest candidates (");
        say_digit_list(x, t, st->digits);
        say(t, "), and takes the solution's value");
        break;
    default:
        say(t, "%s", name);
        break;
    }
}

/* --- The candidate grid ------------------------------------------------------------ */

/* The grid of candidates, boxed (jigsaw: framed only), columns labelled
 * c1.. and rows r1..: a filled cell shows its value, a blank its
 * candidates. */
static void print_candidates(const steps *x)
{
    int n = x->n, width = 1;
    const sudoku_shape *sh = sudoku_solver_shape(x->s);
    int bc = sh->regions ? n : sh->box_cols, br = sh->regions ? n : sh->box_rows;
    for (int c = 0; c < x->cells; c++)
        if (!sudoku_logic_value(x->L, c)) {
            int k = __builtin_popcountll(sudoku_logic_candidates(x->L, c));
            if (k > width)
                width = k;
        }
    int label = n >= 10 ? 3 : 2;
    if (width < label)
        width = label; /* room for the column labels */
    char rule[4096];
    size_t at = 0;
    for (int k = 0; k <= label; k++)
        rule[at++] = ' ';
    for (int b = 0; b < n / bc && at < sizeof rule - 4; b++) {
        rule[at++] = '+';
        for (int k = 0; k < bc * (width + 1) + 1 && at < sizeof rule - 4; k++)
            rule[at++] = '-';
    }
    rule[at++] = '+';
    rule[at] = '\0';
    /* column labels, each over its cell */
    printf("%*s", label + 2, "");
    for (int c = 0; c < n; c++) {
        char name[16];
        snprintf(name, sizeof name, "c%d", c + 1);
        printf(" %-*s", width, name);
        if ((c + 1) % bc == 0 && c + 1 < n)
            printf("  ");
    }
    printf("\n%s\n", rule);
    for (int r = 0; r < n; r++) {
        printf("r%-*d |", label - 1, r + 1);
        for (int c = 0; c < n; c++) {
            int cell = r * n + c, v = sudoku_logic_value(x->L, cell), k = 0;
            char s[SUDOKU_MAX_N + 1];
            if (v) {
                s[k++] = sym(x, v);
            } else {
                uint64_t m = sudoku_logic_candidates(x->L, cell);
                for (int d = 1; d <= n; d++)
                    if ((m >> (d - 1)) & 1)
                        s[k++] = sym(x, d);
            }
            s[k] = '\0';
            printf(" %-*s", width, s);
            if ((c + 1) % bc == 0)
                printf(" |");
        }
        putchar('\n');
        if ((r + 1) % br == 0)
            printf("%s\n", rule);
    }
}

/* --- JSON ---------------------------------------------------------------------------- */

static void json_cell(const steps *x, int cell)
{
    printf("\"r%dc%d\"", cell / x->n + 1, cell % x->n + 1);
}

static void json_symbol(const steps *x, int d)
{
    char s[2] = {sym(x, d), '\0'};
    cli_json_put_string(stdout, s);
}

static void json_house(const steps *x, int h)
{
    char name[48];
    sudoku_house_name(x->s, h, name, sizeof name);
    cli_json_put_string(stdout, name);
}

static void json_step(const steps *x, int number, const text *words)
{
    const sudoku_step *st = &x->st;
    printf("{\"type\":\"step\",\"step\":%d,\"technique\":\"%s\",\"name\":", number,
           sudoku_technique_id(st->technique));
    cli_json_put_string(stdout, sudoku_technique_name(st->technique));
    printf(",\"rating\":%d.%d,\"place\":", st->rating / 10, st->rating % 10);
    if (st->cell >= 0) {
        printf("{\"cell\":");
        json_cell(x, st->cell);
        printf(",\"digit\":");
        json_symbol(x, st->digit);
        printf("}");
    } else {
        printf("null");
    }
    printf(",\"house\":");
    if (st->house >= 0)
        json_house(x, st->house);
    else
        printf("null");
    printf(",\"digits\":[");
    int first = 1;
    for (int d = 1; d <= x->n; d++)
        if ((st->digits >> (d - 1)) & 1) {
            printf("%s", first ? "" : ",");
            json_symbol(x, d);
            first = 0;
        }
    printf("],\"cells\":[");
    for (int k = 0; k < st->ncells; k++) {
        printf("%s{\"cell\":", k ? "," : "");
        json_cell(x, st->cells[k]);
        printf(",\"role\":%d}", st->role[k]);
    }
    printf("],\"houses\":[");
    for (int k = 0; k < st->nhouses; k++) {
        printf("%s", k ? "," : "");
        json_house(x, st->houses[k]);
    }
    printf("],\"eliminations\":[");
    for (int e = 0; e < st->nelims; e++) {
        printf("%s{\"cell\":", e ? "," : "");
        json_cell(x, st->elims[e].cell);
        printf(",\"digit\":");
        json_symbol(x, st->elims[e].digit);
        if (st->elims[e].because[0] >= 0) {
            printf(",\"because\":[");
            json_cell(x, st->elims[e].because[0]);
            printf(",");
            json_cell(x, st->elims[e].because[1]);
            printf("]");
        }
        printf("}");
    }
    printf("],\"text\":");
    cli_json_put_string(stdout, words->s);
    printf("}\n");
}

/* --- One puzzle ------------------------------------------------------------------------- */

static void print_grid(steps *x, const uint8_t *grid)
{
    size_t len = out_format_grid(x->o, grid, x->n, OUT_PRETTY, &x->buf, &x->cap);
    if (len == 0)
        x->failed = 1;
    else
        fwrite(x->buf, 1, len, stdout);
}

/* Explains the puzzle; returns its number of solutions (0, 1, 2) or a
 * negative status. */
static int explain_steps(run_state *t, steps *x, const unit *u, const uint8_t *givens)
{
    int solutions = sudoku_logic_start(x->L, givens);
    if (solutions < 0)
        return solutions;
    int blanks = sudoku_logic_blanks(x->L);
    char line[SUDOKU_MAX_CELLS + 1];
    sudoku_format_line(givens, x->n, x->o->alphabet, line);
    if (x->json) {
        printf("{\"type\":\"puzzle\",\"puzzle\":");
        cli_json_put_string(stdout, line);
        printf(",\"givens\":%d,\"blanks\":%d,\"solutions\":%d}\n", x->cells - blanks, blanks,
               solutions > 1 ? 2 : solutions);
    } else {
        printf("Puzzle (%d givens, %d blanks; rows and columns counted from 1, r1c1 top "
               "left):\n", x->cells - blanks, blanks);
        print_grid(x, givens);
    }
    if (solutions == 0)
        return 0;
    if (solutions > 1) {
        fflush(stdout);
        fprintf(stderr, "%s:%ld: warning: more than one solution: each step holds for all of "
                        "them, the guesses follow one, and the unique rectangle is not used\n",
                t->file, u->line);
        if (!x->json)
            puts("Warning: this puzzle has more than one solution.");
    }
    if (x->o->candidates && !x->json) {
        puts("Candidates:");
        print_candidates(x);
    }
    sudoku_logic_allow(x->L, ~((uint64_t)1 << SUDOKU_GUESS));
    int number = 0, guesses = 0, hardest = 0, rc;
    while ((rc = sudoku_logic_next(x->L, &x->st)) != 0) {
        if (rc == SUDOKU_ESTUCK) {
            if (x->o->candidates && !x->json) {
                puts("No technique applies here. Candidates:");
                print_candidates(x);
            }
            if (sudoku_logic_find(x->L, SUDOKU_GUESS, &x->st) != 1 ||
                sudoku_logic_apply(x->L, &x->st) != SUDOKU_OK) {
                rc = SUDOKU_ECONFLICT;
                break;
            }
            guesses++;
        } else if (rc < 0) {
            break;
        }
        number++;
        if (x->st.rating > hardest)
            hardest = x->st.rating;
        text words;
        words.len = 0;
        words.s[0] = '\0';
        describe(x, &words);
        if (x->json)
            json_step(x, number, &words);
        else
            printf("%3d. %s\n", number, words.s);
    }
    sudoku_logic_allow(x->L, ~(uint64_t)0);
    if (rc < 0)
        return rc;
    uint8_t grid[SUDOKU_MAX_CELLS];
    for (int c = 0; c < x->cells; c++)
        grid[c] = (uint8_t)sudoku_logic_value(x->L, c);
    if (x->json) {
        sudoku_format_line(grid, x->n, x->o->alphabet, line);
        printf("{\"type\":\"solved\",\"steps\":%d,\"guesses\":%d,\"hardest\":%d.%d,"
               "\"solution\":", number, guesses, hardest / 10, hardest % 10);
        cli_json_put_string(stdout, line);
        printf("}\n");
    } else {
        printf("Solved in %d step%s", number, number == 1 ? "" : "s");
        if (guesses)
            printf(", %d of them %s (where no technique here applied)", guesses,
                   guesses == 1 ? "a guess" : "guesses");
        else
            printf(", no guess; the hardest step rates %d.%d (see --rate)", hardest / 10,
                   hardest % 10);
        printf(".\n");
        print_grid(x, grid);
    }
    return solutions;
}

void steps_one(run_state *t, const unit *u, const uint8_t *givens)
{
    if (t->o->explain == EXPLAIN_SEARCH) {
        explain_one(t, u, givens);
        return;
    }
    t->puzzles++;
    if (u->read_status != 0) {
        out_unreadable(t, u);
        return;
    }
    steps *x = calloc(1, sizeof *x);
    sudoku_shape sh;
    int rc = config_shape(t->o, u->n, &sh), err = 0;
    if (!x) {
        out_of_memory(t);
        return;
    }
    if (rc == SUDOKU_OK && !(x->L = sudoku_logic_new(&sh, &err)))
        rc = err;
    if (t->o->explain == EXPLAIN_JSON)
        t->printed++;
    else
        out_begin_answer(t, 1);
    int found = rc;
    if (rc == SUDOKU_OK) {
        x->o = t->o;
        x->s = sudoku_logic_solver(x->L);
        x->n = u->n;
        x->cells = u->n * u->n;
        x->json = t->o->explain == EXPLAIN_JSON;
        found = explain_steps(t, x, u, givens);
        if (x->failed && found >= 0)
            found = SUDOKU_ENOMEM;
    }
    if (found == SUDOKU_ECONFLICT && x->L) {
        sudoku_conflict c;
        char house[48];
        sudoku_solver_conflict(sudoku_logic_solver(x->L), &c);
        sudoku_house_name(sudoku_logic_solver(x->L), c.house, house, sizeof house);
        out_puzzle_error(t->file, u->line, 0, "'%c' appears twice in %s (r%dc%d and r%dc%d)",
                         t->o->alphabet[c.symbol - 1], house, c.cell1 / u->n + 1,
                         c.cell1 % u->n + 1, c.cell2 / u->n + 1, c.cell2 % u->n + 1);
        t->unsolved++;
        out_set_status(t, 1);
    } else {
        out_tally(t, u, found);
    }
    sudoku_logic_free(x->L);
    free(x->buf);
    free(x);
}
