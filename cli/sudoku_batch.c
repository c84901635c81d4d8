/* SPDX-License-Identifier: MIT */
/* sudoku_batch.c - solving a batch of puzzles, on one thread or several.
 *
 * The main thread reads a batch (a few thousand puzzles), makes sure every
 * thread has a solver for every size in it, and starts the worker threads;
 * they take puzzles in chunks from a shared counter and write each result
 * into its own unit. The main thread reads the next batch meanwhile, then
 * joins in. Output happens afterwards, in input order, from the main thread:
 * the workers never print. */
#include "sudoku_cli.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#define CHUNK 32

int cli_shape_for(const cli_options *o, int n, sudoku_shape *sh)
{
    memset(sh, 0, sizeof *sh);
    if (o->regions_n) {
        if (n != o->regions_n)
            return SUDOKU_ESHAPE;
        sh->n = n;
        sh->regions = o->regions;
    } else if (o->box_rows) {
        if (n != o->box_rows * o->box_cols)
            return SUDOKU_ESHAPE;
        sh->n = n;
        sh->box_rows = o->box_rows;
        sh->box_cols = o->box_cols;
    } else {
        int rc = sudoku_shape_default(sh, n);
        if (rc != SUDOKU_OK)
            return rc;
    }
    sh->variant = o->variant;
    return SUDOKU_OK;
}

size_t cli_pretty(const cli_options *o, const uint8_t *grid, int n, char *buf, size_t cap)
{
    sudoku_shape sh;
    if (cli_shape_for(o, n, &sh) != SUDOKU_OK)
        return sudoku_format_pretty(grid, n, 0, 0, o->alphabet, buf, cap);
    if (sh.regions)
        return sudoku_format_regions(grid, n, sh.regions, o->alphabet, buf, cap);
    return sudoku_format_pretty(grid, n, sh.box_rows, sh.box_cols, o->alphabet, buf, cap);
}

int pool_init(solver_pool *p, int jobs)
{
    memset(p, 0, sizeof *p);
    p->jobs = jobs;
    p->solvers = calloc((size_t)jobs * (SUDOKU_MAX_N + 1), sizeof *p->solvers);
    return p->solvers ? SUDOKU_OK : SUDOKU_ENOMEM;
}

void pool_free(solver_pool *p)
{
    if (!p->solvers)
        return;
    for (int i = 0; i < p->jobs * (SUDOKU_MAX_N + 1); i++)
        sudoku_solver_free(p->solvers[i]);
    free(p->solvers);
    p->solvers = NULL;
}

/* Makes the solvers for side n, one per thread. 0, or the reason there can
 * be none (remembered, so it is tried once). */
static int pool_prepare(const cli_options *o, solver_pool *p, int n)
{
    if (p->shape_error[n])
        return p->shape_error[n];
    if (p->solvers[n])
        return SUDOKU_OK;
    sudoku_shape sh;
    int rc = cli_shape_for(o, n, &sh);
    if (rc == SUDOKU_OK) {
        p->solvers[n] = sudoku_solver_new(&sh, o->alg, &rc);
        for (int t = 1; t < p->jobs && p->solvers[n]; t++) {
            sudoku_solver **slot = &p->solvers[t * (SUDOKU_MAX_N + 1) + n];
            if (!(*slot = sudoku_solver_clone(p->solvers[n])))
                return SUDOKU_ENOMEM;
        }
    }
    if (rc != SUDOKU_OK && rc != SUDOKU_ENOMEM)
        p->shape_error[n] = rc;
    return rc;
}

void batch_clear(batch *b)
{
    for (size_t i = 0; i < b->count; i++)
        free(b->units[i].all);
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
    size_t need = 2 * (size_t)n * (size_t)n;
    if (b->arena_len + need > b->arena_cap) {
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

/* --all: each solution is appended to the unit's text. */
typedef struct all_ctx {
    const cli_options *o;
    unit *u;
    int n;
    int failed;
} all_ctx;

static int append(unit *u, const char *text, size_t len)
{
    if (u->all_len + len + 1 > u->all_cap) {
        size_t cap = u->all_cap ? u->all_cap : 256;
        while (cap < u->all_len + len + 1)
            cap *= 2;
        char *p = realloc(u->all, cap);
        if (!p)
            return -1;
        u->all = p;
        u->all_cap = cap;
    }
    memcpy(u->all + u->all_len, text, len);
    u->all_len += len;
    u->all[u->all_len] = '\0';
    return 0;
}

static int on_each_solution(void *ctx, const uint8_t *grid)
{
    all_ctx *a = ctx;
    int n = a->n;
    enum out_format f = a->o->format;
    if (f == OUT_AUTO)
        f = a->u->form == SUDOKU_FORM_GRID ? OUT_GRID : OUT_LINE;
    size_t need = cli_pretty(a->o, grid, n, NULL, 0);
    if ((size_t)n * (size_t)(n + 1) > need)
        need = (size_t)n * (size_t)(n + 1);
    char *buf = malloc(need + 2);
    if (!buf) {
        a->failed = 1;
        return 1;
    }
    size_t len;
    if (f == OUT_LINE) {
        len = sudoku_format_line(grid, n, a->o->alphabet, buf);
        buf[len++] = '\n';
    } else if (f == OUT_GRID) {
        len = sudoku_format_grid(grid, n, a->o->alphabet, buf);
    } else {
        len = cli_pretty(a->o, grid, n, buf, need + 2);
    }
    /* solutions of one puzzle are separated by a blank line when they take
     * several lines each */
    int sep = f != OUT_LINE && a->u->all_len > 0;
    int rc = (sep && append(a->u, "\n", 1) != 0) || append(a->u, buf, len) != 0;
    free(buf);
    if (rc) {
        a->failed = 1;
        return 1;
    }
    return 0;
}

static void solve_unit(const cli_options *o, sudoku_solver *s, batch *b, unit *u)
{
    const uint8_t *givens = b->arena + u->givens;
    uint8_t *solution = b->arena + u->solution;
    sudoku_stats st = {0};
    uint64_t limit = o->mode == MODE_SOLVE ? 1 : o->mode == MODE_UNIQUE ? 2 : o->max;
    if (o->mode == MODE_ALL) {
        all_ctx a = {o, u, u->n, 0};
        u->count = sudoku_solve_each(s, givens, limit, on_each_solution, &a, &st);
        if (a.failed)
            u->count = SUDOKU_ENOMEM;
    } else {
        u->count = sudoku_solve(s, givens, limit, solution, &st);
    }
    if (u->count == SUDOKU_ECONFLICT)
        sudoku_solver_conflict(s, &u->conflict);
    u->nodes = st.nodes;
}

typedef struct worker {
    const cli_options *o;
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
            if (!mine[u->n]) { /* no shape for this size: reason kept in count */
                u->count = w->pool->shape_error[u->n] ? w->pool->shape_error[u->n]
                                                      : SUDOKU_ENOMEM;
                continue;
            }
            solve_unit(w->o, mine[u->n], w->b, u);
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

int batch_start(const cli_options *o, solver_pool *pool, batch *b)
{
    for (size_t i = 0; i < b->count; i++) {
        unit *u = &b->units[i];
        if (u->read_status == 0 && pool_prepare(o, pool, u->n) == SUDOKU_ENOMEM)
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
        job->workers[t] = (worker){o, pool, b, &job->next, t};
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
