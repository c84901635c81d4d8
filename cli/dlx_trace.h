/* SPDX-License-Identifier: MIT */
/* dlx_trace.h - the teaching views of a search, for `dlx --trace` and
 * `dlx --tree=dot`: a readable log indented by level, the same events as JSON
 * lines (docs/trace-json.md), or the search tree in Graphviz DOT.
 *
 * Everything comes from the engine's event hook (dlx_set_event_fn()), so what
 * is shown is what the real search did, not a second, simplified algorithm.
 *
 * Use:
 *   dlx_trace *t = dlx_trace_new(p, &opts);     installs the event hook
 *   status = dlx_search(p, 0);                  writes as the search runs
 *   dlx_trace_finish(t, status);                closing lines, summary
 *   dlx_trace_free(t);                          removes the hook
 *
 * The trace stops the search (dlx_search() returns DLX_STOPPED) once it has
 * seen more than opts.max_nodes search-tree nodes, after writing why: the
 * views are meant for small problems. dlx_trace_limit_hit() tells.
 */
#ifndef DLX_TRACE_H
#define DLX_TRACE_H

#include <stdint.h>
#include <stdio.h>

#include "dlx.h"

#ifdef __cplusplus
extern "C" {
#endif

enum dlx_trace_format {
    DLX_TRACE_TEXT, /* readable log, indented by level */
    DLX_TRACE_JSON, /* one JSON object per line (docs/trace-json.md) */
    DLX_TRACE_DOT   /* the search tree as a Graphviz digraph */
};

/* The text of option `option` as the user wrote it (its line in the input),
 * or NULL to have it spelled from the item names. The string must stay valid
 * until the trace is freed. */
typedef const char *(*dlx_trace_text_fn)(void *ctx, int32_t option);
/* The name of colour `color` (> 0) as the user wrote it, or NULL to write
 * its number. Valid until the trace is freed. */
typedef const char *(*dlx_trace_color_fn)(void *ctx, int32_t color);

typedef struct dlx_trace_opts {
    enum dlx_trace_format format;
    FILE *out;                /* where the trace goes (not closed) */
    uint64_t max_nodes;       /* stop past this many nodes; 0: no limit */
    enum dlx_choose choose;   /* the rule the search uses, to say why */
    dlx_trace_text_fn option_text; /* may be NULL */
    dlx_trace_color_fn color_name; /* may be NULL */
    void *text_ctx;                /* given to both */
} dlx_trace_opts;

/* The default node limits of the dlx command (lifted by --force): a log or a
 * picture of more nodes than this teaches nothing. */
#define DLX_TRACE_TEXT_LIMIT 1000u
#define DLX_TRACE_JSON_LIMIT 100000u

typedef struct dlx_trace dlx_trace;

/* A trace of problem p, writing to opts->out: installs itself as p's event
 * hook and writes the opening lines (JSON: the problem; DOT: the graph
 * header). NULL when out of memory. The caller owns the trace; p must
 * outlive it. */
dlx_trace *dlx_trace_new(dlx_problem *p, const dlx_trace_opts *opts);

/* The event hook itself (installed by dlx_trace_new()); ctx is the trace. */
int dlx_trace_event(void *ctx, const dlx_event *ev);

/* Writes the closing lines for a search that returned status (DLX_OK,
 * DLX_STOPPED, DLX_PAUSED or an error): the summary, the end record, the
 * graph's closing brace. Returns 0, or -1 when writing failed or memory ran
 * out during the trace. */
int dlx_trace_finish(dlx_trace *t, int status);

/* 1 when the trace stopped the search at its node limit. */
int dlx_trace_limit_hit(const dlx_trace *t);

/* Removes the event hook from the problem and frees the trace. NULL is
 * allowed. */
void dlx_trace_free(dlx_trace *t);

#ifdef __cplusplus
}
#endif

#endif /* DLX_TRACE_H */
