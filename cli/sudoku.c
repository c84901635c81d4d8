/* SPDX-License-Identifier: MIT */
/* sudoku.c - the `sudoku` command: reads puzzles in any common layout from
 * files or standard input, solves, counts or checks them, and answers in the
 * form it was asked. This file is main(): the run over the inputs (read a
 * batch, solve it on the threads, answer it), --stats and the exit status.
 * The command line is in sudoku_options.c, the modes in sudoku_modes.c,
 * the answers and messages in sudoku_output.c, the threads in
 * sudoku_batch.c (see sudoku_cli.h); the work itself is in libsudoku.
 *
 * Output: one answer per puzzle, in input order. A puzzle that cannot be
 * read gives the word "invalid", one without solution "none", so a script
 * can pair outputs with inputs; the reason goes to standard error as
 * FILE:LINE: error: ... Exit status 0 all solved, 1 some puzzle unsolved or
 * invalid (or not unique with --unique), 2 usage or I/O error. */
#include "common_file.h"
#include "common_time.h"
#include "sudoku_cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BATCH_SIZE 4096

/* Reads up to BATCH_SIZE pieces of input into b (b is empty). Returns 0,
 * or -1 when out of memory (reported). A serial mode (--explain) answers
 * each piece as it comes instead. */
static int read_batch(run_state *t, sudoku_reader *r, sudoku_puzzle *p, batch *b,
                      uint64_t *pieces)
{
    while (b->count < BATCH_SIZE) {
        sudoku_read_error e;
        memset(&e, 0, sizeof e);
        int rc = sudoku_reader_next(r, p, &e);
        if (rc == 0)
            break;
        (*pieces)++;
        unit *u = batch_add(b, rc > 0 ? p->n : 0, p->cells);
        if (!u) {
            out_of_memory(t);
            return -1;
        }
        if (rc > 0) {
            u->line = p->line;
            u->form = p->form;
        } else {
            u->line = e.first_line;
            u->form = e.form;
            u->read_status = rc;
            u->err = e;
        }
        if (t->mode->kind == MODE_SERIAL) {
            t->mode->one(t, u, b->arena + u->givens);
            batch_clear(b);
        }
    }
    return 0;
}

/* Answers every unit of a solved batch, in order, then empties it. */
static void answer_batch(run_state *t, batch *b)
{
    for (size_t i = 0; i < b->count; i++)
        t->mode->answer(t, &b->units[i], b->arena + b->units[i].solution);
    batch_clear(b);
}

/* Reads, solves and answers every puzzle of text[0..len-1] (named name in
 * messages), as a pipeline of two batches: while the worker threads solve
 * one, the main thread reads the next and then writes the answers of the
 * one before, so reading and writing do not hold the threads up. */
static void run_text(run_state *t, batch *b, const char *name, const char *text, size_t len)
{
    const cli_options *o = t->o;
    t->file = name;
    sudoku_read_options ro = {o->alphabet_spec, o->regions_n ? o->regions_n
                                                : o->box_rows ? o->box_rows * o->box_cols : 0};
    int err = 0;
    sudoku_reader *r = sudoku_reader_new(text, len, &ro, &err);
    sudoku_puzzle *p = malloc(sizeof *p);
    if (!r || !p) {
        fprintf(stderr, "%s: %s\n", PROGRAM, sudoku_strerror(r ? SUDOKU_ENOMEM : err));
        out_set_status(t, 2);
        free(p);
        sudoku_reader_free(r);
        return;
    }
    uint64_t pieces = 0;
    int cur = 0, failed = read_batch(t, r, p, &b[cur], &pieces);
    int running = !failed && b[cur].count > 0;
    if (running && batch_start(o, t->mode, t->pool, &b[cur]) != SUDOKU_OK)
        running = 0, failed = 1;
    while (running) {
        int nxt = 1 - cur;
        if (!failed)
            failed = read_batch(t, r, p, &b[nxt], &pieces);
        batch_finish(&b[cur]);
        running = 0;
        if (!failed && b[nxt].count > 0) {
            if (batch_start(o, t->mode, t->pool, &b[nxt]) == SUDOKU_OK)
                running = 1;
            else
                failed = 1;
        }
        answer_batch(t, &b[cur]);
        cur = nxt;
    }
    if (failed && t->status < 2) /* not said yet (a thread could not start) */
        out_of_memory(t);
    batch_clear(&b[0]);
    batch_clear(&b[1]);
    if (pieces == 0) {
        /* An empty file is more often a mistake (a wrong name, a failed
         * download) than a batch of nothing: say so. */
        fflush(stdout);
        fprintf(stderr, "%s: %s: error: no puzzle in the input\n", PROGRAM, t->file);
        out_set_status(t, 1);
    }
    free(p);
    sudoku_reader_free(r);
}

/* One FILE of the command line ("-": standard input). */
static void run_file(run_state *t, batch *b, const char *path)
{
    int is_stdin = strcmp(path, "-") == 0;
    const char *name = is_stdin ? "<stdin>" : path;
    if (is_stdin)
        cli_terminal_hint(PROGRAM, "puzzles");
    size_t len = 0;
    char *text = cli_read_file(PROGRAM, path, name, &len);
    if (!text) {
        out_set_status(t, 2);
        return;
    }
    run_text(t, b, name, text, len);
    free(text);
}

/* The puzzles of -p, then the FILEs; standard input when there is neither. */
static void run_inputs(run_state *t, batch *b, int argc, char **argv, int first)
{
    const cli_options *o = t->o;
    for (int i = 0; i < o->puzzle_count; i++) {
        char name[32];
        snprintf(name, sizeof name, "<puzzle %d>", i + 1);
        run_text(t, b, name, o->puzzles[i], strlen(o->puzzles[i]));
    }
    if (first == argc && o->puzzle_count == 0)
        run_file(t, b, "-");
    for (int i = first; i < argc; i++)
        run_file(t, b, argv[i]);
}

/* The algorithms the run used, "band and dlx": the default picks one per
 * grid shape. When band is among them its nodes are its guesses: it counts
 * no forced move (singles and locked candidates are inferred first). */
static void print_stats(const run_state *t, double wall)
{
    const cli_options *o = t->o;
    double per = t->puzzles ? wall * 1e6 / (double)t->puzzles : 0.0;
    static const enum sudoku_algorithm order[] = {SUDOKU_BAND, SUDOKU_DLX, SUDOKU_BITMASK,
                                                  SUDOKU_BACKTRACK};
    unsigned used = t->pool->algorithms_used;
    if (!used) /* nothing solved (no puzzle, or none readable) */
        used = 1u << (o->alg_given ? o->alg : SUDOKU_BAND);
    char algs[64] = "";
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++)
        if (used & (1u << order[i])) {
            if (algs[0])
                strcat(algs, " and ");
            strcat(algs, options_algorithm_name(order[i]));
        }
    const char *nodes = used == (1u << SUDOKU_BAND) ? "guesses" : "search nodes";
    const char *note = used != (1u << SUDOKU_BAND) && (used & (1u << SUDOKU_BAND))
                           ? "; band's are guesses" : "";
    fprintf(stderr,
            "%s: %llu puzzle%s: %llu solved, %llu without solution, %llu invalid%s\n"
            "%s: %.3f s (reading and writing included), %.2f us a puzzle, %llu %s "
            "(%.1f a puzzle%s), %s, %d thread%s\n",
            PROGRAM, (unsigned long long)t->puzzles, t->puzzles == 1 ? "" : "s",
            (unsigned long long)t->solved,
            (unsigned long long)t->unsolved, (unsigned long long)t->invalid,
            o->mode == MODE_UNIQUE && t->not_unique ? ", some not unique" : "", PROGRAM, wall,
            per, (unsigned long long)t->nodes, nodes,
            t->puzzles ? (double)t->nodes / (double)t->puzzles : 0.0, note, algs,
            o->jobs, o->jobs == 1 ? "" : "s");
}

int main(int argc, char **argv)
{
    cli_options *o = malloc(sizeof *o);
    if (!o) {
        fprintf(stderr, "%s: out of memory\n", PROGRAM);
        return 2;
    }
    int rc = options_parse(argc, argv, o);
    if (rc >= 0) {
        options_free(o);
        free(o);
        /* --help and --version to a full disk are write errors too. */
        if (fflush(stdout) != 0 || ferror(stdout)) {
            fprintf(stderr, "%s: write error: %s\n", PROGRAM, strerror(errno));
            return 2;
        }
        return rc;
    }
    solver_pool pool;
    batch b[2];
    memset(b, 0, sizeof b);
    run_state t;
    memset(&t, 0, sizeof t);
    t.o = o;
    t.mode = mode_of(o->mode);
    t.pool = &pool;
    if (pool_init(&pool, o->jobs) != SUDOKU_OK) {
        fprintf(stderr, "%s: out of memory\n", PROGRAM);
        options_free(o);
        free(o);
        return 2;
    }
    double start = cli_now_seconds();
    if (t.mode->kind == MODE_NO_INPUT)
        t.mode->run(&t);
    else
        run_inputs(&t, b, argc, argv, optind);
    double wall = cli_now_seconds() - start;
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "%s: write error: %s\n", PROGRAM, strerror(errno));
        out_set_status(&t, 2);
    }
    if (o->stats)
        print_stats(&t, wall);
    pool_free(&pool);
    batch_free(&b[0]);
    batch_free(&b[1]);
    free(t.buf);
    options_free(o);
    free(o);
    return t.status;
}
