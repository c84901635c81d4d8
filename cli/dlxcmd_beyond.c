/* SPDX-License-Identifier: MIT */
/* dlxcmd_beyond.c - the `dlx` command's two modes beyond plain enumeration:
 * --min-cost (the K cheapest solutions, dlx_min_cost()) and --memo (the count
 * by memo, the ZDD file and uniform samples, dlx_count_memo()). Each mode
 * writes its own output and returns the command's exit status; dlx.c parses
 * the options and hands over after reading the problem. docs/dlx.1 has the
 * user's view, docs/format.md the ZDD file.
 */
#include "common_file.h"
#include "common_json.h"
#include "common_signal.h"
#include "common_time.h"
#include "dlxcmd.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { EXIT_FOUND = 0, EXIT_NONE = 1, EXIT_ERROR = 2 };

static int stop_now(void)
{
    return cli_stop_signal() != 0;
}

/* The next watch comes at --max-nodes exactly when the limit is less than a
 * default interval away (dlx_set_watch_interval()). */
static void aim_at_limit(struct cmd_run *run, uint64_t nodes)
{
    const struct cmd_options *o = run->opt;
    if (o->view != TRACE_NONE || !o->max_nodes || nodes >= o->max_nodes)
        return;
    uint64_t left = o->max_nodes - nodes;
    dlx_set_watch_interval(run->problem, left < 16384 ? left : 0);
}

/* The watch of both modes: the progress line (with Knuth's estimate of the
 * part of the tree done, from the engine under way), Ctrl-C, and the limits
 * --max-nodes and --time-limit (run->limit_hit says which stopped it). */
static int watch_limits(struct cmd_run *run, double start, uint64_t nodes, const char *mode,
                        const char *more)
{
    const struct cmd_options *o = run->opt;
    double now = cli_now_seconds();
    if (cli_progress_due(&run->progress, now)) {
        char a[32];
        cli_progress_show(&run->progress, now, "dlx: %s: %5.1f%% of the tree, %s nodes%s, %.0f s",
                          mode, 100.0 * dlx_estimate_done(run->problem),
                          cli_human_count(nodes, a), more, now - start);
    }
    if (o->view == TRACE_NONE && o->max_nodes && nodes >= o->max_nodes)
        run->limit_hit = CMD_LIMIT_NODES;
    else if (o->time_limit && now - start >= o->time_limit)
        run->limit_hit = CMD_LIMIT_TIME;
    else
        aim_at_limit(run, nodes);
    return stop_now() || run->limit_hit;
}

/* " (stopped at --max-nodes=N)" or "", for the summary line. */
static const char *limit_note(const struct cmd_run *run, char *buf, size_t n)
{
    if (run->limit_hit == CMD_LIMIT_NODES)
        snprintf(buf, n, " (stopped at --max-nodes=%llu)", (unsigned long long)run->opt->max_nodes);
    else if (run->limit_hit == CMD_LIMIT_TIME)
        snprintf(buf, n, " (stopped at --time-limit=%g)", run->opt->time_limit);
    else
        buf[0] = 0;
    return buf;
}

/* What --stats says of a search that did not end: no (interrupted), no
 * (--max-nodes), no (--time-limit). */
static const char *incomplete(const struct cmd_run *run)
{
    return run->limit_hit == CMD_LIMIT_NODES  ? "no (--max-nodes)"
           : run->limit_hit == CMD_LIMIT_TIME ? "no (--time-limit)"
                                              : "no (interrupted)";
}

/* --- --min-cost ------------------------------------------------------------ */

static int compare_ids(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

struct cost_ctx {
    struct cmd_run *run;
    double start;
    uint64_t traced;
};

static int cost_solution(void *ctx, const int32_t *options, int32_t count, int64_t cost)
{
    struct cost_ctx *c = ctx;
    struct cmd_run *run = c->run;
    FILE *out = run->out;
    cli_progress_before_output(&run->progress, out);
    if (run->opt->format == CMD_FORMAT_JSON) {
        /* As output_solution()'s objects, with the cost: options in input order. */
        int32_t *ids = malloc((size_t)(count ? count : 1) * sizeof *ids);
        if (!ids)
            return 1;
        memcpy(ids, options, (size_t)count * sizeof *ids);
        qsort(ids, (size_t)count, sizeof *ids, compare_ids);
        fputs(run->printed > 0 ? ",\n    {\"options\": [" : "\n    {\"options\": [", out);
        for (int32_t i = 0; i < count; i++)
            fprintf(out, i ? ", %ld" : "%ld", (long)ids[i]);
        fputs("], \"lines\": [", out);
        for (int32_t i = 0; i < count; i++) {
            if (i)
                fputs(", ", out);
            cli_json_put_string(out, dlx_text_option_text(run->text, ids[i]));
        }
        fprintf(out, "], \"cost\": %lld}", (long long)cost);
        free(ids);
        run->printed++;
        return output_check(run) != 0;
    }
    if (output_solution(run, options, count) != 0)
        return 1;
    fprintf(out, "cost %lld\n", (long long)cost);
    return output_check(run) != 0;
}

static int cost_watch(void *ctx, uint64_t nodes)
{
    struct cost_ctx *c = ctx;
    return watch_limits(c->run, c->start, nodes, "--min-cost", "");
}

static const char *item_name(const struct cmd_run *run, int32_t item, char *buf, size_t n)
{
    const char *s = item >= 0 ? dlx_item_name(run->problem, item) : NULL;
    if (s)
        return s;
    snprintf(buf, n, "#%ld", (long)item);
    return buf;
}

/* --trace with --min-cost: one line a step, indented by level. */
static int cost_trace(void *ctx, const dlx_cost_step *s)
{
    struct cost_ctx *c = ctx;
    struct cmd_run *run = c->run;
    FILE *out = run->out;
    uint64_t limit = run->opt->max_nodes ? run->opt->max_nodes : run->opt->force ? 0 : 1000;
    if (limit && c->traced >= limit)
        return 1;
    char name[32], best[32];
    if (s->best >= 0)
        snprintf(best, sizeof best, "%lld", (long long)s->best);
    else
        snprintf(best, sizeof best, "none yet");
    fprintf(out, "%*s", 2 * (int)s->level, "");
    switch (s->kind) {
    case DLX_COST_CHOOSE:
        c->traced++;
        fprintf(out, "level %ld: choose %s, cost so far %lld, bound of the rest %lld "
                     "(best %s)\n",
                (long)s->level, item_name(run, s->item, name, sizeof name), (long long)s->cost,
                (long long)s->bound, best);
        break;
    case DLX_COST_TRY:
        fprintf(out, "try %s  (cost %lld)\n", dlx_text_option_text(run->text, s->option),
                (long long)s->cost);
        break;
    case DLX_COST_CUT:
        if (s->option < 0)
            fprintf(out, "cut: cost %lld + bound %lld >= best %s\n", (long long)s->cost,
                    (long long)s->bound, best);
        else if (s->rest)
            fprintf(out, "cut: %s and the rest of %s's list: cost %lld >= best %s\n",
                    dlx_text_option_text(run->text, s->option),
                    item_name(run, s->item, name, sizeof name), (long long)s->cost, best);
        else
            fprintf(out, "cut: %s: cost %lld + bound %lld >= best %s\n",
                    dlx_text_option_text(run->text, s->option), (long long)s->cost,
                    (long long)s->bound, best);
        break;
    case DLX_COST_SOLUTION:
        fprintf(out, "solution of cost %lld (best %s)\n", (long long)s->cost, best);
        break;
    case DLX_COST_DEAD_END:
        fprintf(out, "dead end: %s cannot be covered\n", item_name(run, s->item, name, sizeof name));
        break;
    }
    return output_check(run) != 0;
}

int beyond_min_cost(struct cmd_run *run)
{
    const struct cmd_options *o = run->opt;
    struct cost_ctx c = {.run = run, .start = cli_now_seconds()};
    dlx_cost_opts co = {
        .k = o->max_solutions ? o->max_solutions : 1,
        .bound = o->bound,
        .on_solution = o->view == TRACE_NONE ? cost_solution : NULL,
        .watch = cost_watch,
        .trace = o->view == TRACE_TEXT ? cost_trace : NULL,
        .ctx = &c,
    };
    if (o->view == TRACE_NONE)
        output_begin(run);
    aim_at_limit(run, 0);
    dlx_cost_result r;
    int rc = dlx_min_cost(run->problem, &co, &r);
    double seconds = cli_now_seconds() - c.start;
    cli_progress_clear(&run->progress);
    if (rc < 0) {
        fprintf(stderr, "dlx: error: the search failed: %s\n", dlx_strerror(rc));
        return EXIT_ERROR;
    }
    if (o->view == TRACE_NONE && o->format == CMD_FORMAT_JSON && !run->out_closed &&
        !run->out_errno) {
        fputs(run->printed > 0 ? "\n  ],\n" : "],\n", run->out);
        fprintf(run->out, "  \"best\": %lld,\n  \"complete\": %s,\n  \"nodes\": %llu,\n"
                          "  \"cuts\": %llu\n}\n",
                (long long)r.best, rc == DLX_OK ? "true" : "false",
                (unsigned long long)r.nodes, (unsigned long long)r.cuts);
    } else if (o->view == TRACE_TEXT && !run->out_closed) {
        if (r.best >= 0)
            fprintf(run->out, "best cost %lld\n", (long long)r.best);
        else
            fprintf(run->out, "no solution\n");
    }
    output_check(run);
    int interrupted = stop_now();
    char note[96];
    if (!o->quiet && !run->out_closed && !run->out_errno) {
        if (interrupted)
            fprintf(stderr, "dlx: interrupted (%s): the %llu cheapest found so far (partial), "
                            "%llu nodes, %.3f s\n",
                    cli_signal_name(cli_stop_signal()), (unsigned long long)r.found,
                    (unsigned long long)r.nodes, seconds);
        else if (run->limit_hit && r.found == 0)
            fprintf(stderr, "dlx: no solution found yet (partial), %llu nodes, %llu cuts, "
                            "%.3f s%s\n",
                    (unsigned long long)r.nodes, (unsigned long long)r.cuts, seconds,
                    limit_note(run, note, sizeof note));
        else if (run->limit_hit)
            fprintf(stderr, "dlx: the %llu cheapest found so far (partial: cheaper ones may be "
                            "left), %llu nodes, %llu cuts, %.3f s%s\n",
                    (unsigned long long)r.found, (unsigned long long)r.nodes,
                    (unsigned long long)r.cuts, seconds, limit_note(run, note, sizeof note));
        else if (r.best < 0)
            fprintf(stderr, "dlx: no solution, %llu nodes, %llu cuts, %.3f s\n",
                    (unsigned long long)r.nodes, (unsigned long long)r.cuts, seconds);
        else
            fprintf(stderr, "dlx: %llu cheapest solution%s (best cost %lld), %llu nodes, "
                            "%llu cuts, %.3f s\n",
                    (unsigned long long)r.found, r.found == 1 ? "" : "s", (long long)r.best,
                    (unsigned long long)r.nodes, (unsigned long long)r.cuts, seconds);
    }
    if (o->stats)
        fprintf(stderr, "solutions: %llu\nbest cost: %lld\nnodes: %llu\ncuts: %llu\n"
                        "solutions reached: %llu\nroot bound: %lld\nseconds: %.3f\n"
                        "complete: %s\n",
                (unsigned long long)r.found, (long long)r.best, (unsigned long long)r.nodes,
                (unsigned long long)r.cuts, (unsigned long long)r.solutions,
                (long long)r.root_bound, seconds, rc == DLX_OK ? "yes" : incomplete(run));
    if (interrupted)
        return 128 + cli_stop_signal();
    return r.best >= 0 ? EXIT_FOUND : EXIT_NONE;
}

/* --- --memo ----------------------------------------------------------------- */

struct memo_ctx {
    struct cmd_run *run;
    double start;
};

static int memo_watch(void *ctx, uint64_t nodes, uint64_t states)
{
    struct memo_ctx *c = ctx;
    char a[32], more[48];
    snprintf(more, sizeof more, ", %s states", cli_human_count(states, a));
    return watch_limits(c->run, c->start, nodes, "--memo", more);
}

/* Writes the ZDD in the text format of docs/format.md. 0 or -1 (errno). */
static int write_zdd(const dlx_zdd *z, const char *source, FILE *f)
{
    char count[48];
    fprintf(f, "# dlx zdd 1: the solutions of %s; docs/format.md describes this file\n",
            source);
    fprintf(f, "# node option lo hi; nodes 0 (no solution) and 1 (the empty solution) are "
               "the terminals\n");
    fprintf(f, "zdd %lld root %lld count %s\n", (long long)dlx_zdd_node_count(z),
            (long long)dlx_zdd_root(z), dlx_u128_string(dlx_zdd_count(z, dlx_zdd_root(z)), count));
    for (int64_t n = 2; n < dlx_zdd_node_count(z); n++) {
        int32_t opt;
        int64_t lo, hi;
        dlx_zdd_node(z, n, &opt, &lo, &hi);
        fprintf(f, "%lld %ld %lld %lld\n", (long long)n, (long)opt, (long long)lo, (long long)hi);
    }
    return ferror(f) ? -1 : 0;
}

/* The default cap: half the machine's memory, so the kernel never has to
 * kill the count (past the cap it goes on without storing states). */
static uint64_t default_memo_limit(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || size <= 0)
        return UINT64_C(1) << 30;
    return (uint64_t)pages * (uint64_t)size / 2;
}

int beyond_memo(struct cmd_run *run)
{
    const struct cmd_options *o = run->opt;
    dlx_problem *p = run->problem;
    struct memo_ctx c = {.run = run, .start = cli_now_seconds()};
    int want_zdd = o->zdd_path || o->sample;
    dlx_memo_opts mo = {
        .rule = o->memo_rule,
        .memory_limit = o->memo_limit_mb ? o->memo_limit_mb * 1048576u : default_memo_limit(),
        .keep_zdd = want_zdd,
        .watch = memo_watch,
        .ctx = &c,
    };
    if (dlx_has_bounds(p)) {
        fprintf(stderr, "%s: error: --memo counts problems without bounds (lo:hi|name items); "
                        "this one has them: count it without --memo\n",
                o->input_name);
        return EXIT_ERROR;
    }
    dlx_memo_result r;
    dlx_zdd *z = NULL;
    aim_at_limit(run, 0);
    int rc = dlx_count_memo(p, &mo, &r, want_zdd ? &z : NULL);
    double seconds = cli_now_seconds() - c.start;
    cli_progress_clear(&run->progress);
    if (rc < 0) {
        fprintf(stderr, "dlx: error: the count failed: %s%s\n", dlx_strerror(rc),
                rc == DLX_ETOOBIG ? " (the count passes 2^128)" : "");
        return EXIT_ERROR;
    }
    char count[48];
    dlx_u128_string(r.count, count);
    int interrupted = rc == DLX_STOPPED; /* by a signal, or at a limit */
    int signalled = interrupted && !run->limit_hit;
    int status = EXIT_FOUND;
    char note[96];
    limit_note(run, note, sizeof note);
    if (want_zdd && run->limit_hit) {
        fprintf(stderr, "dlx: error: %s and --sample need the whole count, and it stopped%s\n",
                o->zdd_path ? "--zdd" : "--sample", note);
        status = EXIT_ERROR;
    } else if (want_zdd && !interrupted && !z) {
        fprintf(stderr, "dlx: error: the memory cap (--memo-limit) was reached, so the ZDD is "
                        "not whole: %s and --sample need a larger --memo-limit (the count, %s, "
                        "is exact)\n",
                o->zdd_path ? "--zdd" : "--sample", count);
        status = EXIT_ERROR;
    }
    if (status == 0 && z && o->zdd_path) {
        FILE *f = fopen(o->zdd_path, "w");
        int bad = !f;
        if (f) {
            bad = write_zdd(z, o->input_name, f) != 0;
            bad |= fclose(f) != 0;
        }
        if (bad) {
            cli_file_error("dlx", o->zdd_path, "cannot write the ZDD to", errno);
            status = EXIT_ERROR;
        }
    }
    if (status == 0 && z && o->sample) {
        uint64_t rng = o->seed;
        int32_t cap = dlx_option_count(p) + 1;
        int32_t *opts = malloc((size_t)cap * sizeof *opts);
        if (!opts) {
            fputs("dlx: error: out of memory\n", stderr);
            status = EXIT_ERROR;
        }
        output_begin(run);
        for (uint64_t i = 0; opts && i < o->sample && r.count.hi | r.count.lo; i++) {
            int32_t n = dlx_zdd_sample(z, &rng, opts, cap);
            if (n < 0 || output_solution(run, opts, n) != 0)
                break;
        }
        free(opts);
        if (o->format == CMD_FORMAT_JSON && !run->out_closed && !run->out_errno) {
            fputs(run->printed > 0 ? "\n  ],\n" : "],\n", run->out);
            fprintf(run->out, "  \"count\": %s,\n  \"seed\": %llu\n}\n", count,
                    (unsigned long long)o->seed);
        }
    }
    if (status == 0 && (o->count_only || (!o->sample && !o->zdd_path))) {
        if (o->format == CMD_FORMAT_JSON)
            fprintf(run->out, "{\n  \"count\": %s,\n  \"complete\": %s,\n  \"nodes\": %llu,\n"
                              "  \"states\": %llu\n}\n",
                    count, interrupted ? "false" : "true", (unsigned long long)r.nodes,
                    (unsigned long long)r.states);
        else
            fprintf(run->out, "%s\n", count);
    }
    output_check(run);
    dlx_zdd_free(z);
    if (!o->quiet && !run->out_closed && !run->out_errno) {
        if (signalled)
            fprintf(stderr, "dlx: interrupted (%s): at least %s solutions (the branches "
                            "finished; partial), %llu nodes, %llu states, %.3f s\n",
                    cli_signal_name(cli_stop_signal()), count, (unsigned long long)r.nodes,
                    (unsigned long long)r.states, seconds);
        else if (interrupted)
            fprintf(stderr, "dlx: at least %s solutions (the branches finished; partial), "
                            "%llu nodes, %llu states, %.3f s%s\n",
                    count, (unsigned long long)r.nodes, (unsigned long long)r.states, seconds,
                    note);
        else
            fprintf(stderr, "dlx: %s solution%s by memo, %llu nodes, %llu states (%llu hit%s), "
                            "%llu ZDD nodes, %.1f MB%s, %.3f s\n",
                    count, strcmp(count, "1") == 0 ? "" : "s", (unsigned long long)r.nodes,
                    (unsigned long long)r.states, (unsigned long long)r.hits,
                    r.hits == 1 ? "" : "s", (unsigned long long)r.zdd_nodes,
                    (double)r.memory / 1048576.0,
                    r.plain       ? " (the memo saved too few nodes: it gave up and the plain "
                                    "search counted)"
                    : r.memo_full ? " (the --memo-limit cap was reached: later states were "
                                    "searched without the memo)"
                                  : "",
                    seconds);
    }
    if (o->stats)
        fprintf(stderr, "solutions: %s\nnodes: %llu\nstates: %llu\nhits: %llu\nzdd nodes: %llu\n"
                        "memory: %llu\nmemo full: %s\nseconds: %.3f\ncomplete: %s\n",
                count, (unsigned long long)r.nodes, (unsigned long long)r.states,
                (unsigned long long)r.hits, (unsigned long long)r.zdd_nodes,
                (unsigned long long)r.memory, r.memo_full ? "yes" : "no", seconds,
                interrupted ? incomplete(run) : "yes");
    if (status != 0)
        return status;
    if (signalled)
        return 128 + cli_stop_signal();
    return r.count.hi | r.count.lo ? EXIT_FOUND : EXIT_NONE;
}
