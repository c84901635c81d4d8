/* SPDX-License-Identifier: MIT */
/* trace/trace.h - the teaching views of a search, for `dlx --trace` and
 * `dlx --tree=dot`: a readable log indented by level, the same events as JSON
 * lines (docs/trace-json.md), the reduced matrix after each step, the links
 * the dance rewires, or the search tree in Graphviz DOT.
 *
 * Everything comes from the engine's event hook (dlx_set_event_fn()), so what
 * is shown is what the real search did, not a second, simplified algorithm.
 *
 * Use:
 *   search_trace *t = trace_new(p, &opts);   installs the event hook
 *   status = dlx_search(p, 0);               writes as the search runs
 *   trace_finish(t, status);                 closing lines, summary
 *   trace_free(t);                           removes the hook
 *
 * The trace stops the search (dlx_search() returns DLX_STOPPED) once it has
 * seen more than opts.max_nodes search-tree nodes, after writing why: the
 * views are meant for small problems. trace_limit_hit() tells.
 *
 * Each view is a file of trace/ (view.h lists them), chosen by
 * opts.format: the core calls it through a table of operations and never
 * names it.
 */
#ifndef TRACE_TRACE_H
#define TRACE_TRACE_H

#include <stdint.h>
#include <stdio.h>

#include "dlx.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The views: the one enumeration of them (the dlx command's --trace and
 * --tree set it too). */
enum trace_format {
    TRACE_NONE,   /* no view: the command's normal output; trace_new() refuses it */
    TRACE_TEXT,   /* readable log, indented by level */
    TRACE_JSON,   /* one JSON object per line (docs/trace-json.md) */
    TRACE_MATRIX, /* the reduced matrix after each step */
    TRACE_LINKS,  /* Knuth's memory table and every assignment of the dance */
    TRACE_DOT     /* the search tree as a Graphviz digraph */
};

/* The text of option `option` as the user wrote it (its line in the input),
 * or NULL to have it spelled from the item names. The string must stay valid
 * until the trace is freed. */
typedef const char *(*trace_text_fn)(void *ctx, int32_t option);
/* The name of colour `color` (> 0) as the user wrote it, or NULL to write
 * its number. Valid until the trace is freed. */
typedef const char *(*trace_color_fn)(void *ctx, int32_t color);

typedef struct trace_opts {
    enum trace_format format;
    FILE *out;                /* where the trace goes (not closed) */
    uint64_t max_nodes;       /* stop past this many nodes; 0: no limit */
    enum dlx_choose choose;   /* the rule the search uses, to say why */
    trace_text_fn option_text; /* may be NULL */
    trace_color_fn color_name; /* may be NULL */
    void *text_ctx;                /* given to both */
    int detail;               /* JSON: the links too (--detail=links) */
    int have_seed;            /* --seed given: the seed, said in the trace */
    uint64_t seed;
    int32_t others_shown;     /* text: other items named on a choose line; 0 all */
    int32_t tree_depth;       /* DOT: levels drawn below the root; 0 all */
    uint64_t tree_nodes;      /* DOT: nodes drawn at most; 0 all */
} trace_opts;

/* The default node limits of the dlx command (lifted by --force): a log or a
 * picture of more nodes than this teaches nothing. */
#define TRACE_TEXT_LIMIT 1000u
#define TRACE_JSON_LIMIT 100000u
/* The tree searches up to TRACE_JSON_LIMIT nodes but draws this many at
 * most (Graphviz lays out a few thousand boxes; beyond, nobody reads them):
 * the rest are folded into "+N nodes" boxes. */
#define TRACE_TREE_DRAWN 2000u
/* Other items named on a choose line of the text log (--others). */
#define TRACE_OTHERS_SHOWN 12

/* The word of --trace=NAME or --tree=NAME for format ("text", "json",
 * "matrix", "links", "dot"); NULL for TRACE_NONE. A static string. */
const char *trace_format_name(enum trace_format format);

/* The matrix view (view_matrix.c) prints a row per option and a column per
 * item: beyond these it is refused (--force prints it anyway). The caller
 * asks before trace_new(), since the answer is about the problem, not a
 * trace. */
#define TRACE_MATRIX_ITEMS 64
#define TRACE_MATRIX_OPTIONS 256
/* 1 when p is small enough for --trace=matrix. */
int trace_matrix_fits(const dlx_problem *p);

typedef struct search_trace search_trace;

/* A trace of problem p, writing to opts->out: installs itself as p's event
 * hook and writes the opening lines (JSON: the problem; DOT: the graph
 * header). NULL when out of memory, or for opts->format TRACE_NONE. The
 * caller owns the trace; p must outlive it. */
search_trace *trace_new(dlx_problem *p, const trace_opts *opts);

/* The event hook itself (installed by trace_new()); ctx is the trace. */
int trace_event(void *ctx, const dlx_event *ev);

/* Writes the closing lines for a search that returned status (DLX_OK,
 * DLX_STOPPED, DLX_PAUSED or an error): the summary, the end record, the
 * graph's closing brace. Returns 0, or -1 when writing failed or memory ran
 * out during the trace. */
int trace_finish(search_trace *t, int status);

/* 1 when the trace stopped the search at its node limit. */
int trace_limit_hit(const search_trace *t);
/* The tree: how many nodes were drawn, and how many folded into boxes (0
 * and 0 for a view that draws no tree; asked of the view through its
 * operations). */
void trace_tree_counts(const search_trace *t, uint64_t *drawn, uint64_t *folded);

/* Removes the event hook from the problem and frees the trace. NULL is
 * allowed. */
void trace_free(search_trace *t);

#ifdef __cplusplus
}
#endif

#endif /* TRACE_TRACE_H */
