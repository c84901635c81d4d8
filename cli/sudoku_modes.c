/* SPDX-License-Identifier: MIT */
/* sudoku_modes.c - what each mode of the `sudoku` command does: the table
 * mode_table[] (how a mode runs and its functions), and the modes that
 * solve by counting solutions: the default (first solution), --count,
 * --unique (batch modes, on the threads) and --all (serial: it writes each
 * solution as it comes). --explain is in sudoku_steps.c (and the engine's
 * account, --explain=search, in sudoku_explain.c), --rate in sudoku_rate.c,
 * --generate in sudoku_generate.c.
 *
 * A batch mode is two functions: `solve` runs on a worker thread and only
 * fills the unit; `answer` runs on the main thread, in input order, and
 * writes. See "Adding a mode" in sudoku_cli.h. */
#include "common_time.h"
#include "sudoku_cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- Solving, on the worker threads ---------------------------------------- */

static void solve_limited(sudoku_solver *s, const uint8_t *givens, uint64_t limit,
                          uint8_t *solution, unit *u)
{
    sudoku_stats st = {0};
    u->count = sudoku_solve(s, givens, limit, solution, &st);
    if (u->count == SUDOKU_ECONFLICT)
        sudoku_solver_conflict(s, &u->conflict);
    u->nodes = st.nodes;
    u->found = sudoku_solver_found(s);
}

static void solve_first(const cli_options *o, sudoku_solver *s, const uint8_t *givens,
                        uint8_t *solution, unit *u)
{
    (void)o;
    solve_limited(s, givens, 1, solution, u);
}

static void solve_count(const cli_options *o, sudoku_solver *s, const uint8_t *givens,
                        uint8_t *solution, unit *u)
{
    solve_limited(s, givens, o->max, solution, u);
}

static void solve_unique(const cli_options *o, sudoku_solver *s, const uint8_t *givens,
                         uint8_t *solution, unit *u)
{
    (void)o;
    solve_limited(s, givens, 2, solution, u); /* a second solution settles it */
}

/* --- Answers, on the main thread ------------------------------------------- */

/* The record of a unit that was solved (out_verdict() said so). */
static record record_of(const unit *u, const uint8_t *givens, const char *status,
                        const uint8_t *solution, int64_t count)
{
    record r = {.u = u, .n = u->n, .givens = givens, .status = status, .solution = solution,
                .count = count, .nodes = u->nodes, .micros = u->micros};
    return r;
}

static void answer_solution(run_state *t, const unit *u, const uint8_t *givens,
                            const uint8_t *solution)
{
    enum out_format f = out_format_for(t->o, u);
    int multiline = f != OUT_LINE;
    int64_t count = out_verdict(t, u, multiline, 1);
    if (count < 0)
        return;
    if (OUT_IS_RECORD(t->o->format)) {
        record r = record_of(u, givens, count ? "solved" : "none", count ? solution : NULL, -1);
        out_record(t, &r);
        return;
    }
    out_begin_answer(t, multiline);
    if (count == 0) {
        puts("none");
        return;
    }
    size_t len = out_format_grid(t->o, solution, u->n, f, &t->buf, &t->buf_cap);
    if (len == 0)
        out_of_memory(t);
    else
        fwrite(t->buf, 1, len, stdout);
}

static void answer_count(run_state *t, const unit *u, const uint8_t *givens,
                         const uint8_t *solution)
{
    (void)solution;
    int64_t count = out_verdict(t, u, 0, 0);
    if (count < 0)
        return;
    /* The search stops at --max: there may be more. */
    int at_limit = t->o->max && (uint64_t)count >= t->o->max;
    if (OUT_IS_RECORD(t->o->format)) {
        record r = record_of(u, givens, count == 0 ? "none" : at_limit ? "limit" : "counted",
                             NULL, count);
        out_record(t, &r);
        return;
    }
    out_begin_answer(t, 0);
    printf(at_limit ? ">=%lld\n" : "%lld\n", (long long)count);
}

static void answer_unique(run_state *t, const unit *u, const uint8_t *givens,
                          const uint8_t *solution)
{
    (void)solution;
    int64_t count = out_verdict(t, u, 0, 0);
    if (count < 0)
        return;
    const char *word = count == 1 ? "unique" : count == 0 ? "none" : "multiple";
    if (OUT_IS_RECORD(t->o->format)) {
        record r = record_of(u, givens, word, NULL, count);
        out_record(t, &r);
    } else {
        out_begin_answer(t, 0);
        puts(word);
    }
    if (count > 1) {
        t->not_unique++;
        out_set_status(t, 1);
    }
}

/* --all: one puzzle at a time on the main thread, each solution written as
 * it is found (nothing kept: the solutions of an empty 6x6 run to the
 * millions), the search stopping at the first failed write. */
typedef struct all_writer {
    run_state *t;
    const unit *u;
    enum out_format f;
    const uint8_t *givens;
    double start;              /* when the search began (--format csv|json) */
    uint64_t written;
    int failed;                /* out of memory formatting */
} all_writer;

static int write_solution(void *ctx, const uint8_t *grid)
{
    all_writer *a = ctx;
    run_state *t = a->t;
    if (OUT_IS_RECORD(t->o->format)) {
        /* a record per solution, as it comes: its count is the solution's
         * number, its time the search's so far; the nodes are known only
         * at the end, so the column is empty (null) */
        record r = record_of(a->u, a->givens, "solved", grid, (int64_t)++a->written);
        r.micros = (cli_now_seconds() - a->start) * 1e6;
        r.nodes_unknown = 1;
        out_record(t, &r);
        return out_check_write(t);
    }
    size_t len = out_format_grid(t->o, grid, a->u->n, a->f, &t->buf, &t->buf_cap);
    if (len == 0) {
        a->failed = 1;
        return 1;
    }
    if (a->written++ == 0)
        out_begin_answer(t, 1);
    else if (a->f != OUT_LINE) /* solutions of several lines: a blank line between */
        fputc('\n', stdout);
    fwrite(t->buf, 1, len, stdout);
    return out_check_write(t);
}

static void all_one(run_state *t, const unit *piece, const uint8_t *givens)
{
    unit u = *piece; /* filled in here */
    if (u.read_status == 0) {
        int err = 0;
        sudoku_solver *s = pool_solver(t->o, t->pool, u.n, &err);
        if (!s) {
            u.count = err;
        } else {
            all_writer a = {t, &u, out_format_for(t->o, &u), givens, cli_now_seconds(), 0, 0};
            sudoku_stats st = {0};
            u.count = sudoku_solve_each(s, givens, t->o->max, write_solution, &a, &st);
            u.nodes = st.nodes;
            u.found = sudoku_solver_found(s);
            if (a.failed)
                u.count = SUDOKU_ENOMEM;
            if (u.count == SUDOKU_ECONFLICT)
                sudoku_solver_conflict(s, &u.conflict);
            u.micros = (cli_now_seconds() - a.start) * 1e6;
            if (u.count == SUDOKU_ESTOPPED) {
                out_note_stop(t, &u);
                return;
            }
        }
    }
    if (out_verdict(t, &u, 1, 1) == 0) {
        if (OUT_IS_RECORD(t->o->format)) {
            record r = record_of(&u, givens, "none", NULL, 0);
            out_record(t, &r);
            return;
        }
        out_begin_answer(t, 1);
        puts("none");
    }
}

/* --- The table --------------------------------------------------------------- */

static const mode_desc mode_table[RUN_MODES] = {
    [MODE_SOLVE] = {.option = "solving", .kind = MODE_BATCH, .solve = solve_first,
                    .answer = answer_solution},
    [MODE_COUNT] = {.option = "--count", .kind = MODE_BATCH, .solve = solve_count,
                    .answer = answer_count},
    [MODE_UNIQUE] = {.option = "--unique", .kind = MODE_BATCH, .solve = solve_unique,
                     .answer = answer_unique},
    [MODE_ALL] = {.option = "--all", .kind = MODE_SERIAL, .one = all_one},
    [MODE_EXPLAIN] = {.option = "--explain", .kind = MODE_SERIAL, .one = steps_one},
    [MODE_TO_DLX] = {.option = "--to-dlx", .kind = MODE_SERIAL, .one = to_dlx_one},
    [MODE_RATE] = {.option = "--rate", .kind = MODE_BATCH, .solve_logic = rate_solve,
                   .answer = rate_answer},
    [MODE_GENERATE] = {.option = "--generate", .kind = MODE_NO_INPUT, .run = generate_run},
};

const mode_desc *mode_of(enum run_mode m)
{
    return &mode_table[m];
}
