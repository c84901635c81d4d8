/* SPDX-License-Identifier: MIT */
/* sudoku_pool.c - the solvers of a run: one per thread and per side n,
 * made on demand by the main thread (sudoku_solver_new() is not called
 * from workers), the first of each side built from the shape and algorithm
 * sudoku_config.c gives, the others its clones; and, for the modes that
 * rate, one human-style solver per thread and side. Knows nothing of the
 * modes: the batch says whether the human-style ones are wanted. */
#include "sudoku_cli.h"

#include <stdlib.h>
#include <string.h>

int pool_init(solver_pool *p, int jobs, sudoku_progress_fn progress, void *ctx0)
{
    memset(p, 0, sizeof *p);
    p->jobs = jobs;
    p->progress = progress;
    p->progress_ctx0 = ctx0;
    p->solvers = calloc((size_t)jobs * (SUDOKU_MAX_N + 1), sizeof *p->solvers);
    return p->solvers ? SUDOKU_OK : SUDOKU_ENOMEM;
}

void pool_free(solver_pool *p)
{
    if (!p->solvers)
        return;
    for (int i = 0; i < p->jobs * (SUDOKU_MAX_N + 1); i++) {
        sudoku_solver_free(p->solvers[i]);
        if (p->logics)
            sudoku_logic_free(p->logics[i]);
    }
    free(p->solvers);
    free(p->logics);
    p->solvers = NULL;
    p->logics = NULL;
}

/* The human-style solvers for side n, one per thread, for a mode that
 * rates (--rate). SUDOKU_OK or the reason there can be none. */
static int pool_prepare_logic(solver_pool *p, int n, const sudoku_shape *sh)
{
    if (!p->logics) {
        p->logics = calloc((size_t)p->jobs * (SUDOKU_MAX_N + 1), sizeof *p->logics);
        if (!p->logics)
            return SUDOKU_ENOMEM;
    }
    int rc = SUDOKU_OK;
    for (int t = 0; t < p->jobs; t++) {
        sudoku_logic **slot = &p->logics[t * (SUDOKU_MAX_N + 1) + n];
        if (!*slot && !(*slot = sudoku_logic_new(sh, &rc)))
            return rc;
    }
    return SUDOKU_OK;
}

int pool_prepare(const cli_options *o, int with_logic, solver_pool *p, int n)
{
    if (p->shape_error[n])
        return p->shape_error[n];
    if (p->solvers[n]) {
        if (with_logic && !(p->logics && p->logics[n])) {
            sudoku_shape sh;
            config_shape(o, n, &sh);
            return pool_prepare_logic(p, n, &sh);
        }
        return SUDOKU_OK;
    }
    sudoku_shape sh;
    int rc = config_shape(o, n, &sh);
    if (rc == SUDOKU_OK) {
        enum sudoku_algorithm alg = config_algorithm(o, &sh);
        p->solvers[n] = sudoku_solver_new(&sh, alg, &rc);
        if (p->solvers[n])
            p->algorithms_used |= 1u << alg;
        for (int t = 1; t < p->jobs && p->solvers[n]; t++) {
            sudoku_solver **slot = &p->solvers[t * (SUDOKU_MAX_N + 1) + n];
            if (!(*slot = sudoku_solver_clone(p->solvers[n])))
                return SUDOKU_ENOMEM;
        }
        /* Every solver stops on a signal; the main thread's also draws
         * the progress line (its ctx). */
        for (int t = 0; t < p->jobs && p->solvers[n]; t++)
            sudoku_solver_set_progress(p->solvers[t * (SUDOKU_MAX_N + 1) + n], p->progress,
                                       t == 0 ? p->progress_ctx0 : NULL, 0);
    }
    if (rc == SUDOKU_OK && with_logic)
        rc = pool_prepare_logic(p, n, &sh);
    if (rc != SUDOKU_OK && rc != SUDOKU_ENOMEM)
        p->shape_error[n] = rc;
    return rc;
}

sudoku_solver *pool_solver(const cli_options *o, solver_pool *p, int n, int *err)
{
    int rc = pool_prepare(o, 0, p, n);
    *err = rc;
    return rc == SUDOKU_OK ? p->solvers[n] : NULL;
}
