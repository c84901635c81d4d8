/* SPDX-License-Identifier: MIT */
/* sudoku_generate.c - `sudoku --generate N`: N puzzles with one solution
 * each, made by libsudoku's generator (sudoku_generate()) on --jobs
 * threads and written in order, one a line (or as --format says: grid,
 * pretty, csv or json, the last two with solution and rating).
 *
 * Puzzle i (from 0) is made from the seed S + i, S being --seed (1 by
 * default; "random" draws one and says which): the output depends on the
 * seed alone, not on the threads, and `--generate 1 --seed S+i` makes
 * puzzle i again.
 *
 * When a puzzle as asked is not found within the tries (a level or a
 * rating range that is rare, or minimal with a symmetry), the puzzle is
 * left out, with an error, and the exit status is 1. A clue count that
 * cannot be reached is not an error: the puzzle comes as close as it
 * could, and a note says what it reached.
 *
 * Ctrl-C (or SIGTERM, SIGHUP) stops it: the puzzles already made are
 * written (in order, up to the first one not finished), and the exit status
 * is 128 + the signal (130 for Ctrl-C), as for the other modes. */
#include "sudoku_cli.h"

#include "common_signal.h"
#include "common_time.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NOT_MADE 1 /* a made.rc for a puzzle the workers never finished */

/* One puzzle's result, written by the worker that made it. */
typedef struct made {
    int rc;
    sudoku_generated info;
    sudoku_rating rating;      /* for csv and json: rated here when the
                                  generator did not */
    double micros;
} made;

typedef struct gen_thread {
    struct gen_run *run;
    sudoku_generator *g;
    sudoku_logic *L;           /* for ratings of csv and json (or NULL) */
    pthread_t tid;
    int started;
} gen_thread;

typedef struct gen_run {
    const cli_options *o;
    sudoku_generate_options opt;
    int n, cells;
    uint64_t first, count;     /* the batch: puzzles first .. first+count-1 */
    atomic_uint_fast64_t next; /* the next of the batch to take */
    uint8_t *puzzles;          /* count * cells */
    uint8_t *solutions;
    made *made;
    gen_thread threads[256];
    int jobs;
} gen_run;

/* The generator's stop hook: a stop signal ends the search for a puzzle
 * between two candidates, not after all its tries (up to 100,000: minutes
 * for a rare rating; SIGTERM once waited 9 minutes). */
static int stop_requested(void *ctx)
{
    (void)ctx;
    return cli_stop_signal() != 0;
}

static void make_one(gen_thread *w, uint64_t k)
{
    gen_run *r = w->run;
    uint64_t index = r->first + k;
    uint8_t *p = r->puzzles + k * (uint64_t)r->cells;
    uint8_t *s = r->solutions + k * (uint64_t)r->cells;
    made *m = &r->made[k];
    double start = cli_now_seconds();
    m->rc = sudoku_generate(w->g, &r->opt, r->o->seed + index, p, s, &m->info);
    if (m->rc == SUDOKU_ESTOPPED) {
        m->rc = NOT_MADE; /* not written: the run says how far it got */
        return;
    }
    m->rating = m->info.rating;
    if (w->L && !m->info.rated && m->rc == SUDOKU_OK)
        sudoku_rate(w->L, p, &m->rating);
    m->micros = (cli_now_seconds() - start) * 1e6;
}

static void *gen_work(void *arg)
{
    gen_thread *w = arg;
    for (;;) {
        uint64_t k = atomic_fetch_add(&w->run->next, 1);
        if (k >= w->run->count || cli_stop_signal())
            break;
        make_one(w, k);
    }
    return NULL;
}

/* Writes puzzle k of the batch, or says why there is none. */
static void write_one(run_state *t, gen_run *r, uint64_t k)
{
    const cli_options *o = t->o;
    made *m = &r->made[k];
    uint64_t index = r->first + k;
    uint8_t *p = r->puzzles + k * (uint64_t)r->cells;
    uint8_t *s = r->solutions + k * (uint64_t)r->cells;
    t->puzzles++;
    t->tries += m->info.tries;
    if (m->rc != SUDOKU_OK && !(m->rc == SUDOKU_ENOTFOUND && o->clues && !o->minimal &&
                                !o->rate_min && !o->rate_max)) {
        fflush(stdout);
        if (m->rc == SUDOKU_ENOTFOUND) {
            fprintf(stderr, "%s: puzzle %llu (seed %llu): none %s in %llu tries", t->o->program,
                    (unsigned long long)index + 1, (unsigned long long)(o->seed + index),
                    o->rate_min || o->rate_max ? "rated as asked" : "minimal",
                    (unsigned long long)m->info.tries);
            if (m->info.rated)
                fprintf(stderr, " (the last was rated %d.%d)", m->info.rating.score / 10,
                        m->info.rating.score % 10);
            fputs(o->rate_min || o->rate_max ? "; try more --tries, or another level or range\n"
                                             : "; try more --tries, or fewer --clues\n",
                  stderr);
        } else {
            fprintf(stderr, "%s: puzzle %llu: %s\n", t->o->program, (unsigned long long)index + 1,
                    sudoku_strerror(m->rc));
        }
        t->unsolved++;
        out_set_status(t, m->rc == SUDOKU_ENOMEM ? 2 : 1);
        return;
    }
    if (o->clues && m->info.clues != o->clues) {
        fflush(stdout);
        fprintf(stderr, "%s: puzzle %llu: %d clues (asked %d): the closest in %llu tries\n",
                t->o->program, (unsigned long long)index + 1, m->info.clues, o->clues,
                (unsigned long long)m->info.tries);
    }
    t->solved++;
    t->clues += (uint64_t)m->info.clues;
    if (OUT_IS_RECORD(o->format)) {
        record rec = {.n = r->n, .givens = p, .status = "generated", .solution = s,
                      .count = -1, .rating = m->rating.solutions == 1 ? &m->rating : NULL,
                      .micros = m->micros, .index = index + 1, .seed = o->seed + index,
                      .tries = m->info.tries, .clues = m->info.clues,
                      .minimal = m->info.minimal};
        out_record(t, &rec);
        return;
    }
    enum out_format f = o->format == OUT_AUTO ? OUT_LINE : o->format;
    out_begin_answer(t, f != OUT_LINE);
    size_t len = out_format_grid(o, p, r->n, f, &t->buf, &t->buf_cap);
    if (len == 0)
        out_of_memory(t);
    else
        fwrite(t->buf, 1, len, stdout);
}

/* The batch first .. first+count-1 on the threads, then written. */
static int run_batch(run_state *t, gen_run *r, uint64_t first, uint64_t count)
{
    r->first = first;
    r->count = count;
    atomic_store(&r->next, 0);
    for (uint64_t k = 0; k < count; k++)
        r->made[k].rc = NOT_MADE;
    int jobs = r->jobs;
    for (int k = 1; k < jobs; k++) {
        r->threads[k].started =
            pthread_create(&r->threads[k].tid, NULL, gen_work, &r->threads[k]) == 0;
    }
    gen_work(&r->threads[0]);
    for (int k = 1; k < jobs; k++)
        if (r->threads[k].started)
            pthread_join(r->threads[k].tid, NULL);
    for (uint64_t k = 0; k < count && r->made[k].rc != NOT_MADE; k++)
        write_one(t, r, k);
    fflush(stdout);
    return 0;
}

/* The options ask for a grid the rules do not allow: found by
 * config_shape() or, for the finer rules (hyper windows), only when the
 * generator is made; one message either way, naming the mode. */
static void shape_error(run_state *t, int n)
{
    fprintf(stderr, "%s: error: --generate: no %dx%d grid shape for these rules%s\n", t->o->program, n,
            n, (t->o->variant & SUDOKU_HYPER) ? " (hyper needs square boxes)" : "");
    out_set_status(t, 2);
}

void generate_run(run_state *t)
{
    const cli_options *o = t->o;
    int n = o->size ? o->size : o->regions_n ? o->regions_n
                              : o->box_rows ? o->box_rows * o->box_cols : 9;
    sudoku_shape sh;
    if (config_shape(o, n, &sh) != SUDOKU_OK) {
        shape_error(t, n);
        return;
    }
    gen_run *r = calloc(1, sizeof *r);
    if (!r) {
        out_of_memory(t);
        return;
    }
    r->o = o;
    r->n = n;
    r->cells = n * n;
    r->opt.symmetry = o->symmetry;
    r->opt.clues = o->clues;
    r->opt.minimal = o->minimal;
    r->opt.rate_min = o->rate_min;
    r->opt.rate_max = o->rate_max;
    r->opt.tries = o->tries ? o->tries : o->clues ? 1000 : 0;
    r->opt.stop = stop_requested;
    if (o->minimal && n > 16) {
        fprintf(stderr, "%s: error: --minimal goes up to 16x16: beyond, proving that each "
                        "given is needed can take minutes a puzzle\n", t->o->program);
        out_set_status(t, 2);
        free(r);
        return;
    }
    /* batches of a few puzzles a thread: the threads stay busy, and the
     * first puzzles come out soon */
    r->jobs = o->jobs < 1 ? 1 : o->jobs;
    uint64_t per_batch = (uint64_t)r->jobs * 8;
    if (per_batch > o->generate)
        per_batch = o->generate;
    if (r->jobs > (int)per_batch)
        r->jobs = (int)per_batch;
    r->puzzles = malloc(per_batch * (uint64_t)r->cells);
    r->solutions = malloc(per_batch * (uint64_t)r->cells);
    r->made = calloc(per_batch, sizeof *r->made);
    int err = SUDOKU_OK, failed = !r->puzzles || !r->solutions || !r->made;
    for (int k = 0; k < r->jobs && !failed; k++) {
        r->threads[k].run = r;
        r->threads[k].g = sudoku_generator_new(&sh, &err);
        if (OUT_IS_RECORD(o->format) && r->threads[k].g)
            r->threads[k].L = sudoku_logic_new(&sh, &err);
        failed = !r->threads[k].g || (OUT_IS_RECORD(o->format) && !r->threads[k].L);
    }
    if (failed) {
        if (err == SUDOKU_ENOMEM || err == SUDOKU_OK)
            out_of_memory(t);
        else if (err == SUDOKU_ESHAPE)
            shape_error(t, n);
        else {
            fprintf(stderr, "%s: error: %s\n", t->o->program, sudoku_strerror(err));
            out_set_status(t, 2);
        }
    } else {
        /* a stop signal (cli_signals_init()) is seen by the workers
         * between puzzles; main() says how far the run got */
        for (uint64_t first = 0; first < o->generate && !cli_stop_signal(); first += per_batch) {
            uint64_t count = o->generate - first < per_batch ? o->generate - first : per_batch;
            run_batch(t, r, first, count);
            if (ferror(stdout) || t->write_errno)
                break;
        }
    }
    for (int k = 0; k < r->jobs; k++) {
        sudoku_generator_free(r->threads[k].g);
        sudoku_logic_free(r->threads[k].L);
    }
    free(r->puzzles);
    free(r->solutions);
    free(r->made);
    free(r);
}
