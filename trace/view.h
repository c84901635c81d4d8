/* SPDX-License-Identifier: MIT */
/* trace/view.h - what the views of `dlx --trace` and `--tree` share inside
 * the trace module (private to trace/). trace.c owns the trace: the
 * hook, the node limit, the per-level state, the text and JSON views; each
 * other view is a module of its own that the trace feeds with every event:
 *
 *   view_matrix.c     --trace=matrix: the reduced matrix after each step
 *   view_links.c      --trace=links: Knuth's memory table and every
 *                     assignment the dance makes, with its undoing
 *   view_tree.c       --tree=dot: the search tree for Graphviz, numbered in
 *                     visit order, deep or late subtrees folded into boxes
 *
 * A view is created by trace_new() after the trace's own state is ready,
 * gets every event the trace shows (none past the node limit), writes its
 * closing lines from trace_finish() and is freed by trace_free(). A view
 * that runs out of memory calls trace_fail(); the trace then stops.
 */
#ifndef TRACE_VIEW_H
#define TRACE_VIEW_H

#include <stdint.h>
#include <stdio.h>

#include "dlx.h"
#include "trace.h"

/* --- the trace's helpers (trace.c) ---------------------------------------- */

dlx_problem *trace_problem(const search_trace *t);
FILE *trace_out(const search_trace *t);
const trace_opts *trace_options(const search_trace *t);
/* The item's name, "?" when it has none. Owned by the problem. */
const char *trace_item_name(const search_trace *t, int32_t item);
/* The option as the user wrote it (or spelled from its item names); valid
 * until the next call. */
const char *trace_option_text(search_trace *t, int32_t opt);
/* ":colour" (by name when known) for colour > 0, nothing otherwise. */
void trace_put_colour(const search_trace *t, int32_t color);
/* Two spaces per level. */
void trace_indent(const search_trace *t, int32_t level);
/* The option tried at level now (-1 when none), the item chosen there and
 * its number of options then; solutions shown so far. */
int32_t trace_tried_at(const search_trace *t, int32_t level);
int32_t trace_choices_at(const search_trace *t, int32_t level);
uint64_t trace_solutions(const search_trace *t);
/* Out of memory in a view: the trace reports it and stops the search. */
void trace_fail(search_trace *t);

/* --- the views ------------------------------------------------------------ */

typedef struct matrix_view matrix_view;
/* NULL when out of memory. The caller has checked trace_matrix_fits(). */
matrix_view *matrix_new(search_trace *t);
void matrix_event(matrix_view *v, const dlx_event *ev);
void matrix_finish(matrix_view *v);
void matrix_free(matrix_view *v);

typedef struct links_view links_view;
links_view *links_new(search_trace *t);
void links_event(links_view *v, const dlx_event *ev);
void links_finish(links_view *v);
void links_free(links_view *v);

typedef struct tree_view tree_view;
tree_view *tree_new(search_trace *t);
void tree_event(tree_view *v, const dlx_event *ev);
/* Closes the graph; limit_hit says the search was cut short. */
void tree_finish(tree_view *v, int limit_hit);
void tree_counts(const tree_view *v, uint64_t *drawn, uint64_t *folded);
void tree_free(tree_view *v);

#endif /* TRACE_VIEW_H */
