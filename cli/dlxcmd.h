/* SPDX-License-Identifier: MIT */
/* dlxcmd.h - what the parts of the `dlx` command share: the parsed command
 * line (struct cmd_options) and the state of one run (struct cmd_run).
 * Private to cli/dlx.c and cli/dlxcmd_*.c; the names are the command's own
 * (cmd_, output_, trace_), not the library's dlx_.
 *
 * The command is split by concern: dlx.c parses the command line, reads the
 * problem, sets the search up (setup_search(), the one place that configures
 * the problem) and runs it; dlxcmd_output.c writes solutions in each format.
 * A new mode (a trace, a tree) adds its fields to the options struct, its
 * option to the table in dlx.c and its hook to setup_search().
 */
#ifndef CLI_DLXCMD_H
#define CLI_DLXCMD_H

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

#include "common_progress.h"
#include "dlx.h"
#include "dlx_text.h"
#include "trace.h"

enum cmd_format {
    CMD_FORMAT_TEXT, /* each solution as its option lines, blank line between */
    CMD_FORMAT_IDS,  /* one line per solution: the option ids */
    CMD_FORMAT_JSON  /* one JSON document for the whole run */
};

/* The command line, once parsed. Defaults come from cmd_defaults(). */
struct cmd_options {
    const char *path;         /* the input file; NULL or "-" for standard input */
    const char *input_name;   /* the name used in messages: the path or "<stdin>" */
    enum cmd_format format;
    int count_only;           /* --count: print the number of solutions only */
    uint64_t max_solutions;   /* --max N (--first is 1); 0 means all */
    int first;                /* the limit came from --first (the summary says so) */
    int stats;                /* --stats: solutions, nodes, updates, seconds */
    int quiet;                /* --quiet: no summary, no warnings */
    int progress;             /* --progress 1, --no-progress 0, -1: when stderr is a tty */
    int have_seed;            /* --seed N given */
    uint64_t seed;
    enum dlx_choose choose;   /* --choose=mrv|knuth|recent|path|first */
    enum dlx_strategy strategy; /* --strategy=auto|links|bits */
    int32_t infer;            /* --infer[=K]: the inference's K; 0: off */
    enum trace_format view;   /* the teaching view (trace/trace.h), which replaces the
                                 normal output: --trace[=json|matrix|links], --tree=dot;
                                 TRACE_NONE without one */
    int force;                /* --force: trace past the size limit */
    int detail;               /* --detail=links: the JSON trace shows the links */
    uint64_t max_nodes;       /* --max-nodes N: the view's node limit (0: its default), or
                                 without a view the search's */
    double time_limit;        /* --time-limit S: the search stops after S seconds; 0: none */
    uint64_t every;           /* --every M: print solutions M, 2M, ...; 0 or 1: all */
    int profile;              /* --profile: nodes per level and the largest degree */
    int seed_random;          /* --seed=random: the seed was picked here */
    int32_t others;           /* --others N: other items named per choice; 0 all */
    int32_t tree_depth;       /* --tree-depth N; 0 all */
    uint64_t tree_nodes;      /* --tree-nodes N: nodes drawn at most; 0 all */
    int32_t jobs;             /* -j N: threads; 0 one per processor; 1 (the default):
                                 the search runs on the main thread, as always */
    /* Beyond plain enumeration (dlxcmd_beyond.c). */
    int min_cost;             /* --min-cost: the --max K (1) cheapest solutions */
    enum dlx_cost_bound bound;/* --bound=full|cost|none: how much of the bound it uses */
    int memo;                 /* --memo[=mrv|first]: count by memo (also --zdd, --sample) */
    enum dlx_memo_rule memo_rule;
    const char *zdd_path;     /* --zdd FILE: write the ZDD of all solutions */
    uint64_t sample;          /* --sample K: K solutions drawn uniformly (from --seed) */
    uint64_t memo_limit_mb;   /* --memo-limit MB; 0: half the machine's memory */
};

/* One run of the command: the problem and where its answers go. */
struct cmd_run {
    const struct cmd_options *opt;
    dlx_text *text;           /* the parsed input; owns the problem */
    dlx_problem *problem;
    FILE *out;                /* standard output */
    uint64_t printed;         /* solutions written so far */
    int out_closed;           /* the reader went away (EPIPE): stop quietly */
    int out_errno;            /* another write error (0 if none) */
    cli_progress progress;    /* the progress line on stderr */
    search_trace *trace;      /* the teaching view, or NULL */
    int32_t *sorted;          /* scratch: a solution's option ids in input order */
    size_t sorted_cap;
    /* -j N: solutions are written from the search's threads (one at a time)
     * while the main thread draws the progress line; `lock` keeps the two
     * apart on stderr. */
    int threaded;
    pthread_mutex_t lock;
    int32_t threads;          /* how many the search used */
    uint64_t seen;            /* solutions met so far (printed or not: --every) */
    int limit_hit;            /* the search stopped at CMD_LIMIT_NODES or _TIME; 0 */
    double done;              /* the last combined estimate */
    double start;
};

/* Writes one solution (option ids in any order) in the run's format. Returns
 * 0, or -1 when the output failed (see out_closed / out_errno). */
int output_solution(struct cmd_run *run, const int32_t *options, int32_t count);
/* Opening and closing text of the whole output, as the format needs (JSON's
 * braces, --count's number). complete is 0 for a partial (interrupted) run. */
void output_begin(struct cmd_run *run);
void output_end(struct cmd_run *run, uint64_t solutions, int complete);
/* Notes a failed write on run->out: EPIPE is a reader that has gone away,
 * anything else an error to report. Returns -1 if the output has failed. */
int output_check(struct cmd_run *run);

/* The modes of dlxcmd_beyond.c: each runs the problem of run (read, with
 * the progress line set up) and writes its output; returns the exit status. */
int beyond_min_cost(struct cmd_run *run);
int beyond_memo(struct cmd_run *run);

enum { CMD_LIMIT_NODES = 1, CMD_LIMIT_TIME };

/* --infer without a number: the inference looks at items with 2 to this
 * many options left (docs/dlx.1 says how it was chosen). */
#define CMD_INFER_DEFAULT 4

/* --- dlxcmd_options.c: what dlx and dlx-mpi parse alike ---------------- */

/* The shared options' getopt_long codes: their short letters, and these for
 * the long-only ones. Each program numbers its own long-only options from
 * CMD_OPT_OWN, and puts CMD_SHARED_LONGOPTS and CMD_SHARED_SHORTOPTS in its
 * tables. */
enum { CMD_OPT_NO_PROGRESS = 256, CMD_OPT_CHOOSE, CMD_OPT_OWN };
#define CMD_SHARED_SHORTOPTS "cm:1f:sqp"
#define CMD_SHARED_LONGOPTS                                                                   \
    { "count", no_argument, NULL, 'c' }, { "max", required_argument, NULL, 'm' },            \
        { "first", no_argument, NULL, '1' }, { "format", required_argument, NULL, 'f' },     \
        { "stats", no_argument, NULL, 's' }, { "quiet", no_argument, NULL, 'q' },            \
        { "progress", no_argument, NULL, 'p' },                                              \
        { "no-progress", no_argument, NULL, CMD_OPT_NO_PROGRESS },                           \
        { "choose", required_argument, NULL, CMD_OPT_CHOOSE }

/* Sets in o the shared option getopt_long returned as c (with its argument
 * arg). Returns 1 when it was one and is set, 0 when c is not a shared
 * option (the program's own, or getopt's error), and -1 for a bad argument,
 * after saying so as "PROG: ..." with the usage hint when talk (dlx-mpi's
 * ranks other than 0 stay silent). */
int cmd_shared_option(const char *prog, int talk, int c, const char *arg,
                      struct cmd_options *o);
/* The FILE argument (NULL when absent): "-" or none is standard input. */
void cmd_take_path(struct cmd_options *o, const char *arg);
/* " (stopped at --max)", or " (stopped at the first, --first)" when the
 * limit came from --first: what the summary says of a search that stopped
 * at its solution limit (a static string). */
const char *cmd_limit_note(const struct cmd_options *o);
/* Says a diagnostic of the input reader on stderr, KIND "error" or
 * "warning", in the words every message of the two programs uses. */
void cmd_print_diag(const char *prog, const char *name, const dlx_text_diag *d,
                    const char *kind);

/* The words of --format (text, ids, json) and --choose (mrv, knuth or
 * mrv-full, recent or mrv-recent, path or mrv-path, first): 0 with *out set, or -1 for a word
 * that is not one of them. */
int cmd_format_word(const char *word, enum cmd_format *out);
int cmd_choose_word(const char *word, enum dlx_choose *out);

#endif /* CLI_DLXCMD_H */
