/* SPDX-License-Identifier: MIT */
/* trace/view.h - what the views of `dlx --trace` and `--tree` see inside the
 * trace module (private to trace/): the core's helpers and the table of
 * operations each view fills. The core (trace.c) owns the trace: the event
 * hook, the node limit, the per-level state; each view is a file of its own
 * that the core feeds with every event it shows:
 *
 *   view_text.c       --trace: the readable log, indented by level
 *   view_json.c       --trace=json: the events as JSON lines
 *   view_matrix.c     --trace=matrix: the reduced matrix after each step
 *   view_links.c      --trace=links: Knuth's memory table and every
 *                     assignment the dance makes, with its undoing
 *   view_tree.c       --tree=dot: the search tree for Graphviz, numbered in
 *                     visit order, deep or late subtrees folded into boxes
 *
 * Calls go one way. The core finds the view of trace_opts.format in the
 * registry (views.c) once, at trace_new(), and from then on calls it only
 * through its trace_view_ops; a view calls only the helpers below, never
 * another view. A view is opened after the core's own state is ready, gets
 * every event the trace shows (none past the node limit), writes its
 * closing lines from trace_finish() and is closed by trace_free(). A view
 * that runs out of memory calls trace_fail(); the trace then stops.
 */
#ifndef TRACE_VIEW_H
#define TRACE_VIEW_H

#include <stdint.h>
#include <stdio.h>

#include "dlx.h"
#include "trace.h"

/* --- the core's helpers (trace.c) ----------------------------------------- */

dlx_problem *trace_problem(const search_trace *t);
FILE *trace_out(const search_trace *t);
const trace_opts *trace_options(const search_trace *t);
/* 1 when the problem has bounds: Algorithm M's events. */
int trace_bounded(const search_trace *t);
/* The item's name, "?" when it has none. Owned by the problem. */
const char *trace_item_name(const search_trace *t, int32_t item);
/* The option as the user wrote it (or spelled from its item names); valid
 * until the next call of this or of the two below, which share its
 * scratch. */
const char *trace_option_text(search_trace *t, int32_t opt);
/* The items of option opt (*ids) and their colours (*colors), in the core's
 * scratch: their number, or -1 when memory ran out (the caller decides
 * whether that fails the trace). Valid until the next call. */
int32_t trace_option_items(search_trace *t, int32_t opt, const int32_t **ids,
                           const int32_t **colors);
/* The active items in list order, in the same scratch; -1 out of memory. */
int32_t trace_active_items(search_trace *t, const int32_t **ids);
/* ":colour" (by name when known) for colour > 0, nothing otherwise. */
void trace_put_colour(const search_trace *t, int32_t color);
/* Two spaces per level. */
void trace_indent(const search_trace *t, int32_t level);
/* The option tried at level now (-1 when none), the item chosen there and
 * its number of options then; solutions shown so far. */
int32_t trace_tried_at(const search_trace *t, int32_t level);
int32_t trace_choices_at(const search_trace *t, int32_t level);
/* 1 when the choice at level covered its item (its BACKTRACK is then
 * followed by the item's UNCOVER). */
int trace_covered_at(const search_trace *t, int32_t level);
uint64_t trace_solutions(const search_trace *t);
/* The event's number and the updates before it, counted from the start of
 * this trace (the first event shown is number 1). */
uint64_t trace_event_seq(const search_trace *t, const dlx_event *ev);
uint64_t trace_event_updates(const search_trace *t, const dlx_event *ev);
/* Out of memory in a view: the trace reports it and stops the search. */
void trace_fail(search_trace *t);

/* "solution N: OPTION; OPTION ..." for a solution at level, indented, with
 * the option tried at each level (no newline: the view ends the line). */
void trace_put_solution(search_trace *t, int32_t level);

/* What trace_finish() hands a view: how the search ended and what the trace
 * showed of it (counted from the events shown, so that a stream cut at the
 * limit agrees with its own totals; the engine has gone a step further). */
typedef struct trace_end {
    int status;            /* what the search returned */
    int limit_hit;         /* the trace stopped it at its node limit */
    uint64_t nodes, solutions, updates;
} trace_end;

/* The closing lines of the logs (text, matrix, links): why the trace
 * stopped, if it did, and "done: N solutions, N nodes, N updates". */
void trace_put_summary(const search_trace *t, const trace_end *end);

/* --- the views ------------------------------------------------------------ */

/* One view: its name, the format it writes, and its operations. */
typedef struct trace_view_ops {
    const char *name;          /* the word of --trace=NAME or --tree=NAME */
    enum trace_format format;
    int link_detail;           /* 1: needs the link events (DLX_DETAIL_LINKS) */
    /* Creates the view of trace t and writes its opening lines; NULL when
     * out of memory. The view is the core's until close(). */
    void *(*open)(search_trace *t);
    /* Every event the trace shows, after the core has updated its levels. */
    void (*event)(void *view, const dlx_event *ev);
    /* The closing lines. */
    void (*finish)(void *view, const trace_end *end);
    /* The nodes drawn and the nodes folded into boxes, for a view that
     * folds; NULL for the others (trace_tree_counts() then says 0, 0). */
    void (*counts)(const void *view, uint64_t *drawn, uint64_t *folded);
    /* Frees the view. */
    void (*close)(void *view);
} trace_view_ops;

extern const trace_view_ops trace_view_text;
extern const trace_view_ops trace_view_json;
extern const trace_view_ops trace_view_matrix;
extern const trace_view_ops trace_view_links;
extern const trace_view_ops trace_view_tree;

/* The registry (views.c): the view writing format, NULL for TRACE_NONE or a
 * format no view writes. */
const trace_view_ops *trace_view_find(enum trace_format format);

#endif /* TRACE_VIEW_H */
