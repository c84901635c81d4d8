/* SPDX-License-Identifier: MIT */
/* sudoku_output.c - what the `sudoku` command writes: grids in each format
 * (the one formatter every mode uses: solve, --all, --explain), the
 * separation of answers, and the words for every kind of bad puzzle, on
 * standard error as FILE:LINE[:COLUMN]: error: ...
 *
 * Only the main thread calls these: the worker threads never print. */
#include "common_time.h"
#include "sudoku_cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum out_format out_format_for(const cli_options *o, const unit *u)
{
    if (o->format != OUT_AUTO && !OUT_IS_RECORD(o->format))
        return o->format;
    /* records hold grids as lines */
    return u->form == SUDOKU_FORM_GRID && !OUT_IS_RECORD(o->format) ? OUT_GRID : OUT_LINE;
}

/* The pretty form: boxes framed, or jigsaw regions outlined. Like snprintf:
 * returns the length it needs. */
static size_t format_pretty(const cli_options *o, const uint8_t *grid, int n, char *buf,
                            size_t cap)
{
    sudoku_shape sh;
    if (config_shape(o, n, &sh) != SUDOKU_OK)
        return sudoku_format_pretty(grid, n, 0, 0, o->alphabet, buf, cap);
    if (sh.regions)
        return sudoku_format_regions(grid, n, sh.regions, o->alphabet, buf, cap);
    return sudoku_format_pretty(grid, n, sh.box_rows, sh.box_cols, o->alphabet, buf, cap);
}

size_t out_format_grid(const cli_options *o, const uint8_t *grid, int n, enum out_format f,
                       char **buf, size_t *cap)
{
    size_t need = f == OUT_PRETTY ? format_pretty(o, grid, n, NULL, 0) + 1
                                  : (size_t)n * (size_t)(n + 1) + 2;
    if (need > *cap) {
        char *b = realloc(*buf, need);
        if (!b)
            return 0;
        *buf = b;
        *cap = need;
    }
    size_t len;
    if (f == OUT_LINE) {
        len = sudoku_format_line(grid, n, o->alphabet, *buf);
        (*buf)[len++] = '\n';
    } else if (f == OUT_GRID) {
        len = sudoku_format_grid(grid, n, o->alphabet, *buf);
    } else {
        len = format_pretty(o, grid, n, *buf, *cap);
    }
    return len;
}

void out_begin_answer(run_state *t, int multiline)
{
    cli_progress_before_output(&t->progress, stdout);
    if (multiline && t->printed > 0)
        fputc('\n', stdout);
    t->printed++;
}

void out_set_status(run_state *t, int status)
{
    if (status > t->status)
        t->status = status;
}

void out_of_memory(run_state *t)
{
    fflush(stdout);
    fprintf(stderr, "%s: out of memory\n", t->o->program);
    out_set_status(t, 2);
}

void out_puzzle_error(const char *file, long line, long col, const char *fmt, ...)
{
    fflush(stdout);
    if (col > 0)
        fprintf(stderr, "%s:%ld:%ld: error: ", file, line, col);
    else
        fprintf(stderr, "%s:%ld: error: ", file, line);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

static int isqrt_int(int v)
{
    int r = 0;
    while ((r + 1) * (r + 1) <= v)
        r++;
    return r;
}

/* The symbols of a puzzle of side n, as a range: "1-9", "1-9, A-G". */
static void describe_symbols(const cli_options *o, int n, char *buf, size_t cap)
{
    if (n <= 0 || n > SUDOKU_MAX_N) {
        snprintf(buf, cap, "?");
        return;
    }
    char first = o->alphabet[0], last = o->alphabet[n - 1];
    if (n == 1)
        snprintf(buf, cap, "%c", first);
    else if (!o->alphabet_spec && n > 9)
        snprintf(buf, cap, "1-9, A-%c", last);
    else
        snprintf(buf, cap, "%c-%c", first, last);
}

void out_read_error(const run_state *t, const sudoku_read_error *e)
{
    const cli_options *o = t->o;
    const char *file = t->file;
    char syms[32];
    switch (e->code) {
    case SUDOKU_ELENGTH:
        if (e->form == SUDOKU_FORM_GRID)
            out_puzzle_error(file, e->line, 0, "grid row has %d symbols, expected %d", e->found,
                             e->expected);
        else
            out_puzzle_error(file, e->line, 0,
                             "wrong length: %d symbols; a puzzle on one line has N*N (%d for "
                             "%dx%d)", e->found, e->expected, isqrt_int(e->expected),
                             isqrt_int(e->expected));
        break;
    case SUDOKU_EROWS:
        out_puzzle_error(file, e->line, 0, "grid has %d row%s, expected %d", e->found,
                         e->found == 1 ? "" : "s", e->expected);
        break;
    case SUDOKU_ESYMBOL:
        describe_symbols(o, e->expected, syms, sizeof syms);
        if (e->found > ' ' && e->found < 127)
            out_puzzle_error(file, e->line, e->column,
                             "'%c' is not a symbol of a %dx%d puzzle (symbols %s; blanks . _%s)",
                             e->found, e->expected, e->expected, syms,
                             strchr(o->alphabet, '0') ? "" : " 0");
        else
            out_puzzle_error(file, e->line, e->column,
                             "byte 0x%02X is not a symbol of a %dx%d puzzle (symbols %s)",
                             e->found, e->expected, e->expected, syms);
        break;
    default:
        out_puzzle_error(file, e->line, e->column, "%s", sudoku_strerror(e->code));
        break;
    }
}

static void cell_name(int cell, int n, char *buf, size_t cap)
{
    snprintf(buf, cap, "r%dc%d", cell / n + 1, cell % n + 1);
}

/* The answer "invalid" (a record with that status for --format csv and
 * json), counted. */
static void answer_invalid(run_state *t, const unit *u, int multiline, int status)
{
    if (OUT_IS_RECORD(t->o->format)) {
        record r = {.u = u, .n = u->n, .status = "invalid", .count = -1};
        out_record(t, &r);
    } else {
        out_begin_answer(t, multiline);
        puts("invalid");
    }
    t->invalid++;
    out_set_status(t, status);
}

void out_unreadable(run_state *t, const unit *u)
{
    out_read_error(t, &u->err);
    t->invalid++;
    out_set_status(t, 1);
}

void out_tally(run_state *t, const unit *u, int64_t found)
{
    if (found < 0) {
        if (found == SUDOKU_ESHAPE)
            out_puzzle_error(t->file, u->line, 0, "no %dx%d grid shape for these rules", u->n,
                             u->n);
        else
            out_puzzle_error(t->file, u->line, 0, "%s", sudoku_strerror((int)found));
        t->invalid++;
        out_set_status(t, found == SUDOKU_ENOMEM ? 2 : 1);
    } else if (found == 0) {
        out_puzzle_error(t->file, u->line, 0, "no solution");
        t->unsolved++;
        out_set_status(t, 1);
    } else {
        t->solved++;
    }
}

int64_t out_verdict(run_state *t, const unit *u, int multiline, int no_solution_is_error)
{
    const cli_options *o = t->o;
    t->puzzles++;
    if (u->read_status != 0) {
        out_read_error(t, &u->err);
        answer_invalid(t, u, multiline, 1);
        return -1;
    }
    t->nodes += u->nodes;
    if (u->count < 0 && u->count != SUDOKU_ECONFLICT) {
        sudoku_shape sh;
        if (u->count == SUDOKU_ESHAPE && o->alg_given && o->alg == SUDOKU_BAND &&
            config_shape(o, u->n, &sh) == SUDOKU_OK)
            out_puzzle_error(t->file, u->line, 0, "--algorithm band solves plain 9x9 puzzles "
                             "only (3x3 boxes, no variant): use --algorithm dlx for this one");
        else if (u->count == SUDOKU_ESHAPE)
            out_puzzle_error(t->file, u->line, 0, "no %dx%d grid shape for these rules%s", u->n,
                             u->n, (o->variant & SUDOKU_HYPER) ? " (hyper needs square boxes)"
                                                               : "");
        else
            out_puzzle_error(t->file, u->line, 0, "%s", sudoku_strerror((int)u->count));
        answer_invalid(t, u, multiline, u->count == SUDOKU_ENOMEM ? 2 : 1);
        return -1;
    }
    int64_t count = u->count < 0 ? 0 : u->count;
    if (u->count == SUDOKU_ECONFLICT) {
        char house[48], c1[32], c2[32];
        sudoku_solver *s = t->pool->solvers[u->n];
        sudoku_house_name(s, u->conflict.house, house, sizeof house);
        cell_name(u->conflict.cell1, u->n, c1, sizeof c1);
        cell_name(u->conflict.cell2, u->n, c2, sizeof c2);
        out_puzzle_error(t->file, u->line, 0, "'%c' appears twice in %s (%s and %s)",
                         o->alphabet[u->conflict.symbol - 1], house, c1, c2);
    } else if (count == 0 && no_solution_is_error) {
        out_puzzle_error(t->file, u->line, 0, "no solution");
    }
    if (count == 0) {
        t->unsolved++;
        out_set_status(t, 1);
    } else {
        t->solved++;
    }
    return count;
}

int out_check_write(run_state *t)
{
    if (!t->write_errno && ferror(stdout))
        t->write_errno = errno ? errno : EIO;
    return t->write_errno != 0;
}

void out_note_stop(run_state *t, const unit *u)
{
    if (t->stop_file)
        return;
    t->stop_file = t->file;
    t->stop_line = u->line;
    t->stop_nodes = u->nodes;
    t->stop_found = u->found;
}

void out_progress(run_state *t, uint64_t nodes)
{
    double now = cli_now_seconds();
    if (!cli_progress_due(&t->progress, now))
        return;
    char a[32], b[32];
    if (nodes > 0)
        cli_progress_show(&t->progress, now,
                          "%s: %s puzzle%s answered, %s nodes into the next, %.0f s", t->o->program,
                          cli_human_count(t->puzzles, a), t->puzzles == 1 ? "" : "s",
                          cli_human_count(nodes, b), now - t->start);
    else
        cli_progress_show(&t->progress, now, "%s: %s puzzle%s answered, %.0f s", t->o->program,
                          cli_human_count(t->puzzles, a), t->puzzles == 1 ? "" : "s",
                          now - t->start);
}
