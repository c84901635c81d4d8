/* SPDX-License-Identifier: MIT */
/* example.h - the little driver every example program shares: the common
 * command-line flags and the "write the problem, or solve it and report"
 * step, so each examples/NAME.c is only its problem and how to show an
 * answer.
 *
 * Common flags:
 *   --text       write the problem in Knuth's DLX text format and stop
 *                (feed it to `dlx`: the two paths check each other)
 *   --print      show every solution found, then the count
 *   --max N      stop after N solutions
 *   --stats      nodes, updates and seconds on standard error
 *   --help       the program's usage
 */
#ifndef EXAMPLES_EXAMPLE_H
#define EXAMPLES_EXAMPLE_H

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dlx.h"
#include "problems.h"

typedef struct example_opts {
    int text, print, stats;
    uint64_t max;
    int nargs;         /* the arguments left after the common flags */
    char **args;
} example_opts;

/* Prints one solution (the option ids, count of them) for a human; ctx is
 * what the program gave example_run(). */
typedef void (*example_show_fn)(void *ctx, const dlx_problem *p, const int32_t *options,
                                int32_t count);

/* Takes the common flags out of argv; what is left (operands and the
 * program's own flags, in order) ends up in o->args, which points into argv.
 * usage is the program's synopsis, then lines saying what it solves and its
 * own flags; --help prints it above the common flags.
 * Returns 0, 1 after --help was printed, or -1 after an error was printed
 * (a bad flag, or help that could not be written). */
static inline int example_parse(int argc, char **argv, example_opts *o, const char *usage)
{
    memset(o, 0, sizeof *o);
    o->args = argv + 1;
    /* messages name the program as the others do ("queens: ..."), not by
     * the path it was run as */
    const char *prog = argc > 0 && argv[0] ? argv[0] : "example";
    if (strrchr(prog, '/'))
        prog = strrchr(prog, '/') + 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--text") == 0) {
            o->text = 1;
        } else if (strcmp(a, "--print") == 0) {
            o->print = 1;
        } else if (strcmp(a, "--stats") == 0) {
            o->stats = 1;
        } else if (strcmp(a, "--max") == 0) {
            char *end;
            errno = 0;
            if (i + 1 >= argc || argv[i + 1][0] == '-' ||
                (o->max = strtoull(argv[i + 1], &end, 10), errno != 0 || *end != '\0')) {
                fprintf(stderr, "%s: --max needs a number\n", prog);
                return -1;
            }
            i++;
        } else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            printf("Usage: %s\n"
                   "\n"
                   "Common options:\n"
                   "  --text     write the problem in Knuth's DLX text format instead\n"
                   "             (for build/bin/dlx: the two paths check each other)\n"
                   "  --print    show the solutions, then their number\n"
                   "  --max N    stop after N solutions\n"
                   "  --stats    nodes, updates and seconds on standard error\n"
                   "  --help     this text\n"
                   "Without --text or --print, the number of solutions is printed.\n",
                   usage);
            if (fflush(stdout) != 0) {
                fprintf(stderr, "%s: cannot write the help\n", prog);
                return -1;
            }
            return 1;
        } else {
            o->args[o->nargs++] = argv[i];
        }
    }
    return 0;
}

/* Reads a whole number in [lo, hi]; prints an error naming what and returns
 * -1 otherwise. */
static inline int example_number(const char *prog, const char *what, const char *s, long lo,
                                 long hi, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno != 0 || end == s || *end != '\0' || v < lo || v > hi) {
        fprintf(stderr, "%s: %s must be a whole number from %ld to %ld, not '%s'\n", prog, what, lo,
                hi, s);
        return -1;
    }
    *out = v;
    return 0;
}

struct example_run {
    example_show_fn show;
    void *show_ctx;
    const dlx_problem *p;
    uint64_t shown;
};

static inline int example_on_solution(void *ctx, const int32_t *options, int32_t count)
{
    struct example_run *run = ctx;
    if (run->shown++ > 0)
        putchar('\n');
    run->show(run->show_ctx, run->p, options, count);
    return 0;
}

/* Writes the problem (--text) or solves it: solutions shown with show when
 * --print (given show_ctx), then the number of solutions on a line of its
 * own. Returns the
 * program's exit status. */
static inline int example_run(const char *prog, dlx_problem *p, const example_opts *o,
                              const char *comment, example_show_fn show, void *show_ctx)
{
    if (o->text) {
        if (problems_write_text(stdout, p, comment) != 0) {
            fprintf(stderr, "%s: cannot write the problem\n", prog);
            return 2;
        }
        return 0;
    }
    struct example_run run = {show, show_ctx, p, 0};
    if (o->print)
        dlx_set_solution_fn(p, example_on_solution, &run);
    dlx_set_limit(p, o->max);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int status = dlx_search(p, 0);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (status < 0) {
        fprintf(stderr, "%s: %s\n", prog, dlx_strerror(status));
        return 2;
    }
    dlx_stats st;
    dlx_get_stats(p, &st);
    if (o->print && run.shown > 0)
        putchar('\n');
    printf("%" PRIu64 "\n", st.solutions);
    if (o->stats) {
        double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
        fprintf(stderr, "%s: %" PRIu64 " solution%s, %" PRIu64 " nodes, %" PRIu64
                        " updates, %.3f seconds\n",
                prog, st.solutions, st.solutions == 1 ? "" : "s", st.nodes, st.updates, s);
    }
    if (fflush(stdout) != 0) {
        fprintf(stderr, "%s: cannot write the output\n", prog);
        return 2;
    }
    return 0;
}

/* An operand or flag the program does not know: say so, exit status 2. */
static inline int example_unexpected(const char *prog, const char *arg)
{
    fprintf(stderr, "%s: unexpected '%s' (try --help)\n", prog, arg);
    return 2;
}

/* The common ending of a builder call: an error message and status 2. */
static inline int example_build_failed(const char *prog, int status)
{
    fprintf(stderr, "%s: cannot build the problem: %s\n", prog, dlx_strerror(status));
    return 2;
}

#endif /* EXAMPLES_EXAMPLE_H */
