/* SPDX-License-Identifier: MIT */
/* sudoku.c - the `sudoku` command: reads puzzles in any common layout from
 * files, the command line or standard input, solves, counts or checks them,
 * and answers in the form it was asked. This file is main(): the run over
 * the inputs (read a batch, solve it on the threads, answer it), signals,
 * --stats and the exit status. The command line is in sudoku_options.c,
 * the modes in sudoku_modes.c, the answers and messages in sudoku_output.c,
 * the threads in sudoku_batch.c (see sudoku_cli.h); the work itself is in
 * libsudoku.
 *
 * Input streams: it is read in chunks as it arrives, cut into puzzles by a
 * streaming reader, solved in batches of at most BATCH_SIZE and answered in
 * order, so memory stays flat on endless input, and an answer is written
 * as soon as its puzzle is complete: when the input has nothing more to
 * give for now, the batch in hand is solved and answered (and stdout
 * flushed) before the program waits for more.
 *
 * Output: one answer per puzzle, in input order. A puzzle that cannot be
 * read gives the word "invalid", one without solution "none", so a script
 * can pair outputs with inputs; the reason goes to standard error as
 * FILE:LINE: error: ... Exit status 0 all solved, 1 some puzzle unsolved or
 * invalid (or not unique with --unique), 2 usage or I/O error, 128 + the
 * signal when stopped by SIGINT, SIGTERM or SIGHUP (the answers found
 * before it are written, and standard error says how far the run got). */
#include "common_file.h"
#include "common_getopt.h"
#include "common_signal.h"
#include "common_time.h"
#include "sudoku_cli.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BATCH_SIZE 4096
#define READ_CHUNK 65536
/* A piece of text longer than this (a line with no end) is cut here and
 * read as it is: memory stays bounded whatever comes. */
#define MAX_PENDING (16u << 20)

/* What next_piece() says besides a puzzle (1) or a bad piece (< 0). */
enum { PIECE_END = 0, PIECE_WAIT = 100, PIECE_STOP = 101 };

/* One input being read: a file descriptor read in chunks, or the text of
 * -p given whole. */
typedef struct input {
    const char *name;          /* as messages name it */
    int fd;                    /* -1 for a text given whole */
    const char *given;         /* that text (not owned) */
    char *buf;                 /* text not yet consumed by the reader (owned) */
    size_t len, cap;
    int eof;                   /* all of the input is in buf */
    int failed;                /* a read error, reported */
    sudoku_reader *r;
} input;

/* --- Reading ------------------------------------------------------------------- */

/* Reads more of the input into buf (after dropping what the reader has
 * consumed) and gives it to the reader. With may_block it waits for data
 * (a stop signal ends the wait); without, it takes only what is there.
 * 1: something new (or the end); 0: nothing there yet; -1: a read error
 * (reported), out of memory (reported) or a stop signal. */
static int input_more(run_state *t, input *in, int may_block)
{
    size_t used = sudoku_reader_consumed(in->r);
    if (used > 0) {
        memmove(in->buf, in->buf + used, in->len - used);
        in->len -= used;
    }
    if (in->cap - in->len < READ_CHUNK) {
        size_t cap = in->len + READ_CHUNK;
        char *b = realloc(in->buf, cap);
        if (!b) {
            out_of_memory(t);
            return -1;
        }
        in->buf = b;
        in->cap = cap;
    }
    /* The reader's text moved: tell it, whatever comes next. */
    sudoku_reader_feed(in->r, in->buf, in->len, in->len >= MAX_PENDING);
    struct pollfd pfd[2] = {{.fd = in->fd, .events = POLLIN},
                            {.fd = cli_signal_fd(), .events = POLLIN}};
    for (;;) {
        if (cli_stop_signal())
            return -1;
        int ready = poll(pfd, pfd[1].fd >= 0 ? 2 : 1, may_block ? -1 : 0);
        if (ready == 0)
            return 0;
        if (ready < 0 && errno == EINTR)
            continue;
        /* readable, at its end, in error, or poll itself failed: read()
         * says which */
        if (ready < 0 || pfd[0].revents)
            break;
    }
    ssize_t got = read(in->fd, in->buf + in->len, in->cap - in->len);
    if (got < 0) {
        if (errno == EINTR || errno == EAGAIN)
            return 0;
        cli_file_error(t->o->program, in->name, "cannot read", errno);
        in->failed = 1;
        out_set_status(t, 2);
        return -1;
    }
    if (got == 0)
        in->eof = 1;
    in->len += (size_t)got;
    sudoku_reader_feed(in->r, in->buf, in->len, in->eof || in->len >= MAX_PENDING);
    return 1;
}

/* The next piece of the input into *p (or *e): 1 a puzzle, < 0 a piece
 * that is not one, PIECE_END, PIECE_WAIT (nothing complete without
 * waiting, and may_block was 0) or PIECE_STOP (see input_more()). */
static int next_piece(run_state *t, input *in, sudoku_puzzle *p, sudoku_read_error *e,
                      int may_block)
{
    for (;;) {
        int rc = sudoku_reader_next(in->r, p, e);
        if (rc != 0)
            return rc;
        if (in->eof || in->fd < 0)
            return PIECE_END;
        int more = input_more(t, in, may_block);
        if (more == 0)
            return PIECE_WAIT;
        if (more < 0)
            return PIECE_STOP;
    }
}

/* --- Solving and answering -------------------------------------------------------- */

/* Writes what is buffered, so that waiting for input never holds answers
 * back; notes a failed write. */
static void flush_answers(run_state *t)
{
    if (fflush(stdout) != 0)
        out_check_write(t);
}

static int stopping(run_state *t)
{
    return t->write_errno != 0 || cli_stop_signal() != 0;
}

/* Answers the units of a solved batch, in order, up to the first that a
 * stop signal left unsolved (or the first failed write); then empties it. */
static void answer_batch(run_state *t, batch *b)
{
    for (size_t i = 0; i < b->count && !t->write_errno; i++) {
        unit *u = &b->units[i];
        if (!u->done) {
            out_note_stop(t, u);
            break;
        }
        t->mode->answer(t, u, b->arena + u->givens, b->arena + u->solution);
        out_check_write(t);
    }
    batch_clear(b);
}

/* The progress callback of every solver: a stop signal ends the search;
 * ctx, the run for the main thread's solver, draws the line. */
static int on_progress(void *ctx, uint64_t nodes)
{
    if (cli_stop_signal())
        return 1;
    if (ctx)
        out_progress(ctx, nodes);
    return 0;
}

/* Reads, solves and answers every puzzle of one input, as a pipeline of two
 * batches: while the worker threads solve one, the main thread reads the
 * next and then writes the answers of the one before. The main thread
 * waits for input only when nothing is being solved and nothing is waiting
 * to be: so each answer goes out as soon as its puzzle is in. */
static void run_input(run_state *t, batch *b, input *in)
{
    const cli_options *o = t->o;
    t->file = in->name;
    sudoku_read_options ro = {o->alphabet_spec, o->regions_n ? o->regions_n
                                                : o->box_rows ? o->box_rows * o->box_cols : 0};
    int err = 0;
    in->r = in->fd >= 0 ? sudoku_reader_new(NULL, 0, &ro, &err)
                        : sudoku_reader_new(in->given, strlen(in->given), &ro, &err);
    sudoku_puzzle *p = malloc(sizeof *p);
    if (!in->r || !p) {
        fprintf(stderr, "%s: %s\n", t->o->program, sudoku_strerror(in->r ? SUDOKU_ENOMEM : err));
        out_set_status(t, 2);
        free(p);
        sudoku_reader_free(in->r);
        return;
    }
    if (in->fd >= 0)
        sudoku_reader_feed(in->r, NULL, 0, 0); /* more to come */
    batch *solving = NULL, *filling = &b[0];
    int more = 1;
    uint64_t pieces = 0;
    for (;;) {
        while (more && filling->count < BATCH_SIZE && !stopping(t)) {
            int may_block = !solving && filling->count == 0;
            if (may_block) {
                flush_answers(t);
                out_progress(t, 0);
                if (t->write_errno)
                    break;
            }
            sudoku_read_error e;
            memset(&e, 0, sizeof e);
            int rc = next_piece(t, in, p, &e, may_block);
            if (rc == PIECE_WAIT)
                break;
            if (rc == PIECE_END || rc == PIECE_STOP) {
                more = 0;
                break;
            }
            pieces++;
            unit *u = batch_add(filling, rc > 0 ? p->n : 0, p->cells);
            if (!u) {
                out_of_memory(t);
                more = 0;
                break;
            }
            u->line = rc > 0 ? p->line : e.first_line;
            u->form = rc > 0 ? p->form : e.form;
            if (rc < 0) {
                u->read_status = rc;
                u->err = e;
                u->done = 1;
            }
            if (t->mode->kind == MODE_SERIAL) {
                t->mode->one(t, u, filling->arena + u->givens);
                out_check_write(t);
                batch_clear(filling);
            }
        }
        if (solving) {
            batch_finish(solving);
            answer_batch(t, solving);
            solving = NULL;
            out_progress(t, 0);
        }
        if (stopping(t))
            break;
        if (filling->count > 0) {
            if (batch_start(o, t->mode, t->pool, filling) != SUDOKU_OK) {
                out_of_memory(t);
                break;
            }
            solving = filling;
            filling = filling == &b[0] ? &b[1] : &b[0];
        } else if (!more) {
            break;
        }
    }
    if (filling->count > 0 && cli_stop_signal())
        out_note_stop(t, &filling->units[0]);
    batch_clear(filling);
    if (pieces == 0 && !in->failed && !stopping(t)) {
        /* An empty file is more often a mistake (a wrong name, a failed
         * download) than a batch of nothing: say so. */
        fflush(stdout);
        fprintf(stderr, "%s: %s: error: no puzzle in the input\n", t->o->program, t->file);
        out_set_status(t, 1);
    }
    free(p);
    sudoku_reader_free(in->r);
    in->r = NULL;
}

/* One FILE of the command line ("-": standard input). */
static void run_file(run_state *t, batch *b, const char *path)
{
    int is_stdin = strcmp(path, "-") == 0;
    input in = {.name = is_stdin ? "<stdin>" : path, .fd = STDIN_FILENO};
    if (!is_stdin && (in.fd = open(path, O_RDONLY | O_CLOEXEC)) < 0) {
        cli_file_error(t->o->program, path, "cannot open", errno);
        out_set_status(t, 2);
        return;
    }
    if (is_stdin)
        cli_terminal_hint(t->o->program, "puzzles");
    run_input(t, b, &in);
    if (!is_stdin)
        close(in.fd);
    free(in.buf);
}

/* The puzzles of -p, then the FILEs; standard input when there is neither. */
static void run_inputs(run_state *t, batch *b, int argc, char **argv, int first)
{
    const cli_options *o = t->o;
    for (int i = 0; i < o->puzzle_count && !stopping(t); i++) {
        char name[32];
        snprintf(name, sizeof name, "<puzzle %d>", i + 1);
        input in = {.name = name, .fd = -1, .given = o->puzzles[i], .eof = 1};
        run_input(t, b, &in);
    }
    if (first == argc && o->puzzle_count == 0)
        run_file(t, b, "-");
    for (int i = first; i < argc && !stopping(t); i++)
        run_file(t, b, argv[i]);
}

/* --- The end of the run -------------------------------------------------------------- */

/* The algorithms the run used, "band and dlx": the default picks one per
 * grid shape. When band is among them its nodes are its guesses: it counts
 * no forced move (singles and locked candidates are inferred first). */
static void print_stats(const run_state *t, double wall)
{
    const cli_options *o = t->o;
    double per = t->puzzles ? wall * 1e6 / (double)t->puzzles : 0.0;
    if (o->mode == MODE_GENERATE) { /* puzzles made, not solved: no search to count */
        fprintf(stderr,
                "%s: %llu puzzle%s asked: %llu made, %llu not found in their tries\n"
                "%s: %.3f s (writing included), %.0f us a puzzle, %llu tries (%.1f a puzzle), "
                "%.1f clues a puzzle made, %d thread%s\n",
                o->program, (unsigned long long)t->puzzles, t->puzzles == 1 ? "" : "s",
                (unsigned long long)t->solved, (unsigned long long)t->unsolved, o->program, wall,
                per, (unsigned long long)t->tries,
                t->puzzles ? (double)t->tries / (double)t->puzzles : 0.0,
                t->solved ? (double)t->clues / (double)t->solved : 0.0, o->jobs,
                o->jobs == 1 ? "" : "s");
        return;
    }
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
            strcat(algs, config_algorithm_name(order[i]));
        }
    const char *nodes = used == (1u << SUDOKU_BAND) ? "guesses" : "search nodes";
    const char *note = used != (1u << SUDOKU_BAND) && (used & (1u << SUDOKU_BAND))
                           ? "; band's are guesses" : "";
    fprintf(stderr,
            "%s: %llu puzzle%s: %llu solved, %llu without solution, %llu invalid%s\n"
            "%s: %.3f s (reading and writing included), %.2f us a puzzle, %llu %s "
            "(%.1f a puzzle%s), %s, %d thread%s\n",
            t->o->program, (unsigned long long)t->puzzles, t->puzzles == 1 ? "" : "s",
            (unsigned long long)t->solved,
            (unsigned long long)t->unsolved, (unsigned long long)t->invalid,
            o->mode == MODE_UNIQUE && t->not_unique ? ", some not unique" : "", t->o->program, wall,
            per, (unsigned long long)t->nodes, nodes,
            t->puzzles ? (double)t->nodes / (double)t->puzzles : 0.0, note, algs,
            o->jobs, o->jobs == 1 ? "" : "s");
}

/* After a stop signal: how far the run got. */
static void print_interrupted(const run_state *t, int sig)
{
    char where[256] = "";
    if (t->stop_file) {
        char a[32];
        if (t->stop_nodes > 0)
            snprintf(where, sizeof where,
                     "; the next puzzle (%s:%ld) was stopped after %s nodes and %llu "
                     "solution%s", t->stop_file, t->stop_line,
                     cli_human_count(t->stop_nodes, a), (unsigned long long)t->stop_found,
                     t->stop_found == 1 ? "" : "s");
        else
            snprintf(where, sizeof where, "; the next puzzle (%s:%ld) was not started",
                     t->stop_file, t->stop_line);
    }
    fprintf(stderr, "%s: interrupted (%s) after %llu answer%s%s\n", t->o->program,
            cli_signal_name(sig), (unsigned long long)t->puzzles, t->puzzles == 1 ? "" : "s",
            where);
}

int main(int argc, char **argv)
{
    const char *program = cli_program_name(argc > 0 ? argv[0] : NULL, PROGRAM_DEFAULT);
    cli_options *o = malloc(sizeof *o);
    if (!o) {
        fprintf(stderr, "%s: out of memory\n", program);
        return 2;
    }
    int rc = options_parse(argc, argv, o);
    if (rc >= 0) {
        options_free(o);
        free(o);
        /* --help and --version to a full disk are write errors too. */
        if (fflush(stdout) != 0 || ferror(stdout)) {
            fprintf(stderr, "%s: write error: %s\n", program, strerror(errno));
            return 2;
        }
        return rc;
    }
    cli_signals_init();
    solver_pool pool;
    batch b[2];
    memset(b, 0, sizeof b);
    run_state t;
    memset(&t, 0, sizeof t);
    t.o = o;
    t.mode = mode_of(o->mode);
    t.pool = &pool;
    t.start = cli_now_seconds();
    /* By default a progress line when standard error is a terminal, but not
     * when standard input is one too: answering puzzles as they are typed,
     * it would only get in the way. */
    cli_progress_init(&t.progress, o->progress == -1 && isatty(STDIN_FILENO) ? 0 : o->progress,
                      t.start);
    if (pool_init(&pool, o->jobs, on_progress, &t) != SUDOKU_OK) {
        fprintf(stderr, "%s: out of memory\n", program);
        options_free(o);
        free(o);
        return 2;
    }
    if (t.mode->kind == MODE_NO_INPUT)
        t.mode->run(&t);
    else
        run_inputs(&t, b, argc, argv, optind);
    double wall = cli_now_seconds() - t.start;
    cli_progress_clear(&t.progress);
    if (!t.write_errno && (fflush(stdout) != 0 || ferror(stdout)))
        t.write_errno = errno ? errno : EIO;
    int sig = cli_stop_signal();
    if (t.write_errno) {
        fprintf(stderr, "%s: write error: %s\n", program, strerror(t.write_errno));
        out_set_status(&t, 2);
    } else if (sig) {
        print_interrupted(&t, sig);
        t.status = 128 + sig;
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
