/* SPDX-License-Identifier: MIT */
/* sudoku_cli.h - what the files of the `sudoku` command share: the options,
 * a batch of puzzles with their results, and the solving of a batch on
 * several threads. Private to cli/sudoku*.c. */
#ifndef SUDOKU_CLI_H
#define SUDOKU_CLI_H

#include "sudoku.h"

#include <stddef.h>
#include <stdint.h>

enum run_mode { MODE_SOLVE, MODE_COUNT, MODE_UNIQUE, MODE_ALL, MODE_EXPLAIN };
enum out_format { OUT_AUTO, OUT_LINE, OUT_GRID, OUT_PRETTY };

typedef struct cli_options {
    enum run_mode mode;
    enum out_format format;
    uint64_t max;              /* --max: 0 = no limit */
    int stats;
    unsigned variant;
    int jigsaw;                /* --variant jigsaw or --regions */
    const char *regions_file;
    int regions_n;             /* side of the region map, 0 without */
    uint8_t regions[SUDOKU_MAX_CELLS];
    int box_rows, box_cols;    /* --box, 0 when not given */
    int jobs;
    enum sudoku_algorithm alg;
    char alphabet[SUDOKU_MAX_N + 1]; /* parsed symbols */
    const char *alphabet_spec; /* as given, NULL for the default */
    int candidates;            /* --explain: show the candidate grid at guesses */
} cli_options;

/* One piece of input: a puzzle, or a piece of text that was not one. */
typedef struct unit {
    long line;                 /* first line, from 1 */
    int n;
    enum sudoku_form form;
    int read_status;           /* 0, or the reader's negative code */
    sudoku_read_error err;
    size_t givens;             /* offset of the n*n givens in the arena */
    size_t solution;           /* offset of the n*n first solution */
    int64_t count;             /* solutions found, or a negative status */
    sudoku_conflict conflict;
    uint64_t nodes;
    char *all;                 /* --all: the solutions as text (owned) */
    size_t all_len, all_cap;
} unit;

typedef struct batch {
    struct batch_job *job;     /* threads at work on it, between batch_start()
                                  and batch_finish(); NULL otherwise */
    unit *units;
    size_t count, cap;
    uint8_t *arena;            /* givens and solutions of every unit */
    size_t arena_len, arena_cap;
} batch;

/* Solvers: one per thread and per side n, made on demand by the main thread
 * (sudoku_solver_new() is not called from workers). */
typedef struct solver_pool {
    int jobs;
    sudoku_solver **solvers;   /* jobs * (SUDOKU_MAX_N + 1) */
    int shape_error[SUDOKU_MAX_N + 1]; /* why no solver for n (0: none yet) */
} solver_pool;

int pool_init(solver_pool *p, int jobs);
void pool_free(solver_pool *p);
/* The shape puzzles of side n get under the options. */
int cli_shape_for(const cli_options *o, int n, sudoku_shape *sh);

/* The pretty form of a grid of side n under the options: boxes framed, or
 * jigsaw regions outlined. Like snprintf: returns the length it needs. */
size_t cli_pretty(const cli_options *o, const uint8_t *grid, int n, char *buf, size_t cap);

void batch_clear(batch *b);
void batch_free(batch *b);
/* Appends a unit whose givens (n*n cells, or none when n == 0) are copied
 * into the arena, with room for its solution. NULL when out of memory. */
unit *batch_add(batch *b, int n, const uint8_t *cells);

/* Starts solving every readable unit of the batch on pool->jobs - 1 new
 * threads; batch_finish() has the calling thread join in and waits for the
 * rest. In between, the caller may read or write anything but this batch
 * and the pool. SUDOKU_OK or SUDOKU_ENOMEM (then nothing was started). */
int batch_start(const cli_options *o, solver_pool *pool, batch *b);
void batch_finish(batch *b);

/* --explain: prints one puzzle solved step by step to stdout. Returns the
 * number of solutions found (0 or 1) or a negative status. */
int64_t explain_puzzle(const cli_options *o, const sudoku_shape *sh, const uint8_t *givens);

#endif /* SUDOKU_CLI_H */
