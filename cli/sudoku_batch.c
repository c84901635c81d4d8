/* SPDX-License-Identifier: MIT */
/* sudoku_batch.c - a batch of puzzles (units and the arena of their cells),
 * and the solving of a batch on one thread or several, with the solvers of
 * the pool (sudoku_pool.c).
 *
 * The main thread reads a batch (a few thousand puzzles), makes sure every
 * thread has a solver for every size in it, and starts the worker threads;
 * they take puzzles in chunks from a shared counter and run the mode's
 * solve on each, which writes its result into its own unit. The main thread
 * reads the next batch meanwhile, then joins in. Output happens afterwards,
 * in input order, from the main thread: the workers never print. */
#include "common_signal.h"
#include "common_time.h"
#include "sudoku_cli.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#define CHUNK 32

void batch_clear(batch *b)
{
    b->count = 0;
    b->arena_len = 0;
}

void batch_free(batch *b)
{
    batch_clear(b);
    free(b->units);
    free(b->arena);
    memset(b, 0, sizeof *b);
}

unit *batch_add(batch *b, int n, const uint8_t *cells)
{
    if (b->count == b->cap) {
        size_t cap = b->cap ? 2 * b->cap : 256;
        unit *u = realloc(b->units, cap * sizeof *u);
        if (!u)
            return NULL;
        b->units = u;
        b->cap = cap;
    }
    /* An unreadable piece (n 0) needs no cells, but the arena is made all
     * the same: callers add the unit's offsets to b->arena, and an offset
     * added to a NULL pointer is undefined (clang's UBSan stopped there on
     * a batch of bad pieces only, found by tests/fuzz/argv_fuzz.c). */
    size_t need = 2 * (size_t)n * (size_t)n;
    if (b->arena_len + need > b->arena_cap || !b->arena) {
        size_t cap = b->arena_cap ? b->arena_cap : 65536;
        while (cap < b->arena_len + need)
            cap *= 2;
        uint8_t *a = realloc(b->arena, cap);
        if (!a)
            return NULL;
        b->arena = a;
        b->arena_cap = cap;
    }
    unit *u = &b->units[b->count++];
    memset(u, 0, sizeof *u);
    u->n = n;
    u->givens = b->arena_len;
    u->solution = b->arena_len + (size_t)n * (size_t)n;
    if (n > 0)
        memcpy(b->arena + u->givens, cells, (size_t)n * (size_t)n);
    b->arena_len += need;
    return u;
}

typedef struct worker {
    const cli_options *o;
    const mode_desc *m;
    solver_pool *pool;
    batch *b;
    atomic_size_t *next;
    int thread;
} worker;

static void *work(void *arg)
{
    worker *w = arg;
    sudoku_solver **mine = w->pool->solvers + (size_t)w->thread * (SUDOKU_MAX_N + 1);
    for (;;) {
        size_t start = atomic_fetch_add(w->next, CHUNK);
        if (start >= w->b->count)
            break;
        size_t end = start + CHUNK < w->b->count ? start + CHUNK : w->b->count;
        for (size_t i = start; i < end; i++) {
            unit *u = &w->b->units[i];
            if (u->read_status != 0)
                continue;
            if (cli_stop_signal())
                return NULL; /* the units left stay not done */
            if (!mine[u->n]) { /* no shape for this size: reason kept in count */
                u->count = w->pool->shape_error[u->n] ? w->pool->shape_error[u->n]
                                                      : SUDOKU_ENOMEM;
                u->done = 1;
                continue;
            }
            const uint8_t *givens = w->b->arena + u->givens;
            uint8_t *solution = w->b->arena + u->solution;
            double began = cli_now_seconds();
            if (w->m->solve_logic)
                w->m->solve_logic(w->o, w->pool->logics[(size_t)w->thread * (SUDOKU_MAX_N + 1) +
                                                        (size_t)u->n],
                                  givens, solution, u);
            else
                w->m->solve(w->o, mine[u->n], givens, solution, u);
            u->micros = (cli_now_seconds() - began) * 1e6;
            u->done = u->count != SUDOKU_ESTOPPED;
        }
    }
    return NULL;
}

struct batch_job {
    atomic_size_t next;
    int started;               /* threads 1..started are running */
    pthread_t threads[256];
    worker workers[256];
};

int batch_start(const cli_options *o, const mode_desc *m, solver_pool *pool, batch *b)
{
    for (size_t i = 0; i < b->count; i++) {
        unit *u = &b->units[i];
        if (u->read_status == 0 && pool_prepare(o, m->solve_logic != NULL, pool, u->n) == SUDOKU_ENOMEM)
            return SUDOKU_ENOMEM;
    }
    struct batch_job *job = malloc(sizeof *job);
    if (!job)
        return SUDOKU_ENOMEM;
    atomic_init(&job->next, 0);
    job->started = 0;
    int jobs = pool->jobs;
    if ((size_t)jobs > (b->count + CHUNK - 1) / CHUNK)
        jobs = (int)((b->count + CHUNK - 1) / CHUNK);
    if (jobs < 1)
        jobs = 1;
    for (int t = 0; t < jobs; t++)
        job->workers[t] = (worker){o, m, pool, b, &job->next, t};
    b->job = job;
    for (int t = 1; t < jobs; t++) {
        if (pthread_create(&job->threads[t], NULL, work, &job->workers[t]) != 0)
            break; /* the threads already running and the caller do the work */
        job->started = t;
    }
    return SUDOKU_OK;
}

void batch_finish(batch *b)
{
    struct batch_job *job = b->job;
    if (!job)
        return;
    work(&job->workers[0]);
    for (int t = 1; t <= job->started; t++)
        pthread_join(job->threads[t], NULL);
    free(job);
    b->job = NULL;
}
