/* SPDX-License-Identifier: MIT */
/* sudoku_cli.h - what the files of the `sudoku` command share. Private to
 * cli/sudoku*.c. The command is split by concern:
 *
 *   sudoku.c          main(): the run over the inputs, --stats, the exit status
 *   sudoku_options.c  the command line: the option table, --help, --version
 *   sudoku_modes.c    the modes (solve, count, unique, all): the table of what
 *                     each does, on the worker threads and for its answers
 *   sudoku_output.c   the answers and the messages: the one grid formatter,
 *                     the words for every kind of bad puzzle
 *   sudoku_config.c   what the options mean for a puzzle: its shape, its
 *                     algorithm
 *   sudoku_pool.c     the solvers of each thread and side
 *   sudoku_batch.c    a batch of puzzles, and its solving on several threads
 *   sudoku_records.c  --format csv and json: one record per answer, for
 *                     every mode
 *   sudoku_rate.c     --rate: the human-style solver's rating
 *   sudoku_steps.c    --explain: the human-style solver's steps in words (or
 *                     JSON), and the candidate grid of --candidates
 *   sudoku_explain.c  --explain=search, from the engine's events
 *   sudoku_generate.c --generate: puzzles made, on several threads
 *
 * Adding a mode (say --rate):
 *   1. a value in enum run_mode and its row in mode_table[] (sudoku_modes.c):
 *      how it runs (a batch on the worker threads, one puzzle at a time on
 *      the main thread, or without input), and its functions;
 *   2. its option: a row in long_options[] and the short-option string,
 *      and a case that calls set_mode() (sudoku_options.c), a line in
 *      --help, docs/sudoku.1 and docs/sudoku.md;
 *   3. its functions, in a file of its own (cli/sudoku_rate.c): for a batch
 *      mode, `solve` (worker thread: fills the unit, prints nothing) and
 *      `answer` (main thread, in input order: writes the answer, usually
 *      after out_verdict()); result fields it needs go into struct unit.
 */
#ifndef CLI_SUDOKU_CLI_H
#define CLI_SUDOKU_CLI_H

#include "common_progress.h"
#include "sudoku.h"

#include <stddef.h>
#include <stdint.h>

/* The command's own name, for messages when argv[0] says nothing (an empty
 * argv); otherwise they use the name it was run as (cli_options.program). */
#define PROGRAM_DEFAULT "sudoku"

enum run_mode {
    MODE_SOLVE, MODE_COUNT, MODE_UNIQUE, MODE_ALL, MODE_EXPLAIN, MODE_TO_DLX, MODE_RATE,
    MODE_GENERATE,
    RUN_MODES /* how many there are */
};
/* csv and json are records (sudoku_records.c), the others grids */
enum out_format { OUT_AUTO, OUT_LINE, OUT_GRID, OUT_PRETTY, OUT_CSV, OUT_JSON };
#define OUT_IS_RECORD(f) ((f) == OUT_CSV || (f) == OUT_JSON)
/* --explain=KIND: the human-style steps in words or JSON, or the engine's
 * search */
enum explain_kind { EXPLAIN_STEPS, EXPLAIN_JSON, EXPLAIN_SEARCH };

typedef struct cli_options {
    const char *program;       /* the name run as, for messages (points into argv[0]) */
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
    enum sudoku_algorithm alg; /* with alg_given; see config_algorithm() */
    int alg_given;             /* --algorithm was given */
    char alphabet[SUDOKU_MAX_N + 1]; /* parsed symbols */
    const char *alphabet_spec; /* as given, NULL for the default */
    int candidates;            /* --explain: show the candidate grid at guesses */
    enum explain_kind explain; /* --explain=KIND */
    const char **puzzles;      /* -p PUZZLE, in order (owned array, strings in argv) */
    int puzzle_count;
    int progress;              /* --progress 1, --no-progress 0, -1: stderr a tty */
    /* --generate N and its options */
    uint64_t generate;         /* how many puzzles */
    int size;                  /* --size N; 0: 9, or what --box or --regions say */
    int symmetry;              /* enum sudoku_symmetry */
    int clues;                 /* --clues K, 0 none */
    int minimal;
    int difficulty;            /* --difficulty: a level, -1 none */
    int rate_min, rate_max;    /* tenths, from --rate-min/--rate-max or the level */
    uint64_t seed;             /* --seed S (default 1) */
    int seed_given;
    uint64_t tries;            /* --tries N, 0: the library's default */
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
    double micros;             /* the solve's wall time on its thread */
    sudoku_rating rating;      /* --rate */
    uint64_t found;            /* solutions found, also when stopped */
    int done;                  /* solved (or unreadable): it can be answered */
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
    sudoku_logic **logics;     /* the same, for modes that rate (else NULL) */
    int shape_error[SUDOKU_MAX_N + 1]; /* why no solver for n (0: none yet) */
    sudoku_progress_fn progress; /* set on every solver; ctx NULL but for */
    void *progress_ctx0;       /* ...the main thread's (thread 0) */
    unsigned algorithms_used;  /* bit 1 << alg of each solver made */
} solver_pool;

struct mode_desc;

/* The state of one run, owned by main(): what was asked, where it is, what
 * has been answered so far. Only the main thread touches it. */
typedef struct run_state {
    const cli_options *o;
    const struct mode_desc *mode;
    solver_pool *pool;
    const char *file;          /* the input being read, as named in messages */
    uint64_t puzzles, solved, unsolved, invalid, not_unique, nodes;
    uint64_t tries, clues;     /* --generate: the tries spent, the clues of those made */
    int status;                /* worst exit status so far */
    uint64_t printed;          /* answers written to stdout so far */
    int header_done;           /* --format csv: the header line is out */
    char *buf;                 /* formatting buffer (owned) */
    size_t buf_cap;
    cli_progress progress;     /* the progress line (--progress) */
    double start;              /* when the run began */
    int write_errno;           /* stdout failed (errno): the run stops */
    /* The first puzzle left unanswered by a stop signal, for the message. */
    const char *stop_file;
    long stop_line;
    uint64_t stop_nodes, stop_found;
} run_state;

/* --- sudoku_modes.c -------------------------------------------------------- */

enum mode_kind {
    MODE_BATCH,  /* puzzles are solved in batches on the worker threads
                    (solve), then answered in input order (answer) */
    MODE_SERIAL, /* each puzzle is solved and answered on the main thread
                    as soon as it is read (one) */
    MODE_NO_INPUT /* the mode reads no puzzles (run) */
};

typedef struct mode_desc {
    const char *option;        /* as messages name it: "--count" */
    enum mode_kind kind;
    /* MODE_BATCH, on a worker thread: solves the unit (givens, n*n cells)
     * and records its results in *u (first solution into solution); must
     * not print or touch anything shared. */
    void (*solve)(const cli_options *o, sudoku_solver *s, const uint8_t *givens,
                  uint8_t *solution, unit *u);
    /* MODE_BATCH, instead of solve, for a mode that works with the
     * human-style solver (--rate): the same, with the thread's one. */
    void (*solve_logic)(const cli_options *o, sudoku_logic *L, const uint8_t *givens,
                        uint8_t *solution, unit *u);
    /* MODE_BATCH, on the main thread in input order: writes u's answer
     * (readable or not; givens and solution are its n*n cells) and counts
     * it in t. */
    void (*answer)(run_state *t, const unit *u, const uint8_t *givens, const uint8_t *solution);
    /* MODE_SERIAL: solves and answers one piece of input. */
    void (*one)(run_state *t, const unit *u, const uint8_t *givens);
    /* MODE_NO_INPUT: the whole run; returns nothing, sets t->status. */
    void (*run)(run_state *t);
} mode_desc;

/* The row of mode m. */
const mode_desc *mode_of(enum run_mode m);

/* --- sudoku_options.c ----------------------------------------------------- */

/* Parses the command line into *o (caller-owned; options_free() releases
 * what it holds); returns -1 to go on, or an exit status (0 after --help or
 * --version, 2 after a usage error, which it reports). Loads the region map
 * of --regions. */
int options_parse(int argc, char **argv, cli_options *o);
void options_free(cli_options *o);
/* --- sudoku_config.c ------------------------------------------------------ */

/* The shape puzzles of side n get under the options: SUDOKU_OK, or
 * SUDOKU_ESHAPE when n does not fit --box or --regions (or has no boxes). */
int config_shape(const cli_options *o, int n, sudoku_shape *sh);
/* The algorithm for puzzles of shape sh: --algorithm when given; else the
 * fastest that solves it: band for the plain 9x9 grid, dlx for the rest. */
enum sudoku_algorithm config_algorithm(const cli_options *o, const sudoku_shape *sh);
/* The algorithm's name as --algorithm spells it. */
const char *config_algorithm_name(enum sudoku_algorithm alg);

/* --- sudoku_output.c ------------------------------------------------------ */

/* The layout of the answer for a unit: --format, or as the puzzle was
 * written. */
enum out_format out_format_for(const cli_options *o, const unit *u);
/* The one grid formatter: grid (n*n cells) in format f (not OUT_AUTO) into
 * *buf, grown as needed (*buf and *cap are the caller's, *buf may start
 * NULL). Every form ends in a newline. Returns the length, or 0 when out of
 * memory. */
size_t out_format_grid(const cli_options *o, const uint8_t *grid, int n, enum out_format f,
                       char **buf, size_t *cap);
/* Starts an answer on stdout: answers of several lines are separated by a
 * blank line. */
void out_begin_answer(run_state *t, int multiline);
/* Raises the exit status to at least status. */
void out_set_status(run_state *t, int status);
/* An error about one puzzle on stderr: FILE:LINE[:COL]: error: message,
 * after flushing stdout so that on a terminal it shows next to its answer. */
void out_puzzle_error(const char *file, long line, long col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* The message for a piece of text that is not a puzzle. */
void out_read_error(const run_state *t, const sudoku_read_error *e);
/* The part of every batch mode's answer that does not depend on the mode:
 * counts the unit, says what is wrong with it (unreadable, no shape,
 * clashing givens, and "no solution" when no_solution_is_error) and writes
 * "invalid" for a unit that could not be solved (after out_begin_answer()
 * with multiline). Returns -1 when the unit is answered so, else the number
 * of solutions found (0 for clashing givens). */
int64_t out_verdict(run_state *t, const unit *u, int multiline, int no_solution_is_error);
/* Writes the out-of-memory message and raises the status to 2. */
void out_of_memory(run_state *t);
/* For the modes that answer a unit themselves (--explain, --to-dlx): a
 * unit that is not a puzzle, said and counted as invalid (status 1)... */
void out_unreadable(run_state *t, const unit *u);
/* ...and the end of such an answer: found > 0 counts the unit solved; 0
 * says "no solution", counted unsolved (status 1); below 0 says what went
 * wrong (a sudoku_ status; SUDOKU_ESHAPE as "no NxN grid shape"), counted
 * invalid (status 2 for SUDOKU_ENOMEM, else 1). */
void out_tally(run_state *t, const unit *u, int64_t found);
/* Has standard output failed? Checked after every answer, so a full disk
 * stops the run at once; remembers the errno for the final message. */
int out_check_write(run_state *t);
/* A stop signal left u unanswered (not solved, or stopped midway): keeps
 * where, for the final message (the first such unit only). */
void out_note_stop(run_state *t, const unit *u);
/* Draws the progress line when it is due; nodes: of the puzzle being
 * solved now (0 between puzzles). */
void out_progress(run_state *t, uint64_t nodes);

/* --- sudoku_pool.c -------------------------------------------------------- */

/* No solver yet; every solver made gets progress (with ctx0 for thread
 * 0's, NULL for the others'). */
int pool_init(solver_pool *p, int jobs, sudoku_progress_fn progress, void *ctx0);
void pool_free(solver_pool *p);
/* Makes the solvers for side n, one per thread, and with with_logic the
 * human-style ones too. SUDOKU_OK, or the reason there can be none
 * (remembered, so it is tried once). */
int pool_prepare(const cli_options *o, int with_logic, solver_pool *p, int n);
/* The main thread's solver for side n, made if need be; NULL with *err
 * set when there can be none. */
sudoku_solver *pool_solver(const cli_options *o, solver_pool *p, int n, int *err);

/* --- sudoku_batch.c ------------------------------------------------------- */

void batch_clear(batch *b);
void batch_free(batch *b);
/* Appends a unit whose givens (n*n cells, or none when n == 0) are copied
 * into the arena, with room for its solution. NULL when out of memory. */
unit *batch_add(batch *b, int n, const uint8_t *cells);

/* Starts solving every readable unit of the batch with the mode's solve on
 * pool->jobs - 1 new threads; batch_finish() has the calling thread join in
 * and waits for the rest. In between, the caller may read or write
 * anything but this batch and the pool. SUDOKU_OK or SUDOKU_ENOMEM (then
 * nothing was started). */
int batch_start(const cli_options *o, const mode_desc *m, solver_pool *pool, batch *b);
void batch_finish(batch *b);

/* --- sudoku_explain.c ----------------------------------------------------- */

/* --explain=search (MODE_SERIAL): one piece of input, the engine's search
 * told step by step. */
void explain_one(run_state *t, const unit *u, const uint8_t *givens);

/* --- sudoku_steps.c ------------------------------------------------------- */

/* --explain (MODE_SERIAL): one piece of input, solved by the human-style
 * solver's techniques, step by step, in words (or JSON lines); hands
 * --explain=search to explain_one(). */
void steps_one(run_state *t, const unit *u, const uint8_t *givens);

/* --- sudoku_rate.c -------------------------------------------------------- */

/* --rate: the rating of one unit (worker thread), and its answer. */
void rate_solve(const cli_options *o, sudoku_logic *L, const uint8_t *givens, uint8_t *solution,
                unit *u);
void rate_answer(run_state *t, const unit *u, const uint8_t *givens, const uint8_t *solution);

/* --- sudoku_generate.c ---------------------------------------------------- */

/* --generate (MODE_NO_INPUT): makes the puzzles, on o->jobs threads, and
 * writes them in order. */
void generate_run(run_state *t);

/* --- sudoku_records.c ----------------------------------------------------- */

/* One answer as a record: CSV (a header line first, columns fixed by the
 * mode) or one JSON object a line. Fields a mode does not have are left
 * out (JSON) or empty (CSV). */
typedef struct record {
    const unit *u;               /* the input (its file and line), NULL for --generate */
    int n;
    const uint8_t *givens;       /* the puzzle, NULL when it could not be read */
    const char *status;          /* "solved", "none", "invalid", "unique", ... */
    const uint8_t *solution;     /* NULL when there is none */
    const char *solution_text;   /* or the solution already as a line (--all) */
    int64_t count;               /* --count and --unique: solutions found */
    const sudoku_rating *rating; /* --rate and --generate, NULL otherwise */
    uint64_t nodes;
    int nodes_unknown;           /* --all's records as they come: nodes empty (null) */
    double micros;
    uint64_t index, seed, tries; /* --generate */
    int clues, minimal;
} record;

void out_record(run_state *t, const record *r);

/* --- sudoku_to_dlx.c ------------------------------------------------------ */

/* --to-dlx (MODE_SERIAL): the puzzle's exact-cover problem in Knuth's text
 * format, for the dlx command. */
void to_dlx_one(run_state *t, const unit *u, const uint8_t *givens);

#endif /* CLI_SUDOKU_CLI_H */
