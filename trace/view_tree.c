/* SPDX-License-Identifier: MIT */
/* trace/view_tree.c - `dlx --tree=dot`: the search tree as a Graphviz digraph,
 * written from the engine's events as the search goes (see view.h).
 *
 * The root is node #0; every option tried becomes a node, child of the node
 * where its item was chosen, numbered in the order the search visits it. A
 * node is written once its fate is known: the item chosen below it (a dead
 * end when that item has no options), or a solution.
 *
 * Graphviz lays out a few thousand boxes at most, and a tree that size is
 * read by nobody, so the view draws only the first TRACE_TREE_DRAWN nodes
 * (--tree-nodes) and only --tree-depth levels: a subtree that is not drawn
 * is folded into one dashed box "+N nodes" under the last node drawn above
 * it, written when the search leaves that node. Numbers count every node,
 * drawn or folded, so the gaps in the numbering are the folded boxes.
 */
#include "common_json.h"
#include "view.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

typedef struct tree_view {
    search_trace *t;
    FILE *out;
    int32_t depth_limit;  /* levels drawn below the root; 0 all */
    uint64_t draw_limit;  /* nodes drawn; 0 all */
    /* The current path, by depth (the root is depth 0; the option tried at
     * level l is at depth l + 1). */
    int32_t depths;
    int64_t *id;          /* the node's number */
    unsigned char *drawn;
    int32_t *anchor;      /* the depth of the drawn node standing for it */
    uint64_t *folded_nodes, *folded_solutions; /* of a drawn node: below it */
    int64_t *folded_first; /* the number of the first node folded there: the
                              others follow it, since nothing is drawn under a
                              node once something under it is folded */
    int32_t path;         /* deepest depth on the path; -1 before the root */
    int64_t next_id;
    uint64_t drawn_count, folded_count;
    int pending;          /* the node at depth `path` is not written yet */
    int32_t pending_option;
    char *below;          /* a label's second line (set_below()) */
    size_t below_cap;
} tree_view;

/* A DOT string's contents: quotes and backslashes escaped, newlines as
 * \n; UTF-8 as it is, and bytes that are not UTF-8 as U+FFFD, as the JSON
 * views write them (Graphviz reads its input as UTF-8). */
static void put_dot_text(FILE *out, const char *str)
{
    const unsigned char *s = (const unsigned char *)str;
    size_t n = strlen(str);
    for (size_t i = 0; i < n;) {
        unsigned char c = s[i];
        size_t len = c < 0x80 ? 1 : cli_utf8_length(s + i, n - i);
        if (c == '"' || c == '\\')
            putc('\\', out);
        if (c == '\n')
            fputs("\\n", out);
        else if (len == 0)
            fputs("\xEF\xBF\xBD", out);
        else
            fwrite(s + i, 1, len, out);
        i += len ? len : 1;
    }
}

/* The second line of a label, made whole whatever the length of the names
 * in it (a fixed buffer would cut them, maybe inside a UTF-8 character).
 * Valid until the next call; "" when memory runs out. */
static const char *set_below(tree_view *v, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static const char *set_below(tree_view *v, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int need = vsnprintf(v->below, v->below_cap, fmt, ap);
    va_end(ap);
    if (need < 0)
        return "";
    if ((size_t)need >= v->below_cap) {
        char *b = realloc(v->below, (size_t)need + 1);
        if (b == NULL)
            return "";
        v->below = b;
        v->below_cap = (size_t)need + 1;
        va_start(ap, fmt);
        vsnprintf(v->below, v->below_cap, fmt, ap);
        va_end(ap);
    }
    return v->below;
}

/* option >= 0: an option's node; -1: the root; <= -2: the null move of
 * item -2 - option (Algorithm M's SKIP). */
static void write_node(tree_view *v, int32_t depth, int32_t option, const char *below,
                       const char *style)
{
    FILE *out = v->out;
    fprintf(out, "  n%" PRId64 " [label=\"#%" PRId64 " ", v->id[depth], v->id[depth]);
    if (option <= -2) {
        put_dot_text(out, "skip ");
        put_dot_text(out, trace_item_name(v->t, -2 - option));
    } else {
        put_dot_text(out, option >= 0 ? trace_option_text(v->t, option) : "start");
    }
    if (below != NULL) {
        fputs("\\n", out);
        put_dot_text(out, below);
    }
    fprintf(out, "\"%s];\n", style);
    if (depth > 0)
        fprintf(out, "  n%" PRId64 " -> n%" PRId64 ";\n", v->id[depth - 1], v->id[depth]);
}

/* The node at the end of the path learns what is below it. */
static void write_pending(tree_view *v, const char *below, const char *style)
{
    if (!v->pending)
        return;
    v->pending = 0;
    if (v->drawn[v->path])
        write_node(v, v->path, v->pending_option, below, style);
}

/* The search leaves every node deeper than `depth`: their folded boxes. */
static void leave_below(tree_view *v, int32_t depth)
{
    for (; v->path > depth; v->path--) {
        int32_t d = v->path;
        if (!v->drawn[d] || v->folded_nodes[d] == 0)
            continue;
        uint64_t n = v->folded_nodes[d], s = v->folded_solutions[d];
        fprintf(v->out,
                "  f%" PRId64 " [label=\"+%" PRIu64 " node%s (#%" PRId64 " to #%" PRId64
                ")\\n%" PRIu64 " solution%s\", style=\"dashed%s\", color=\"#808080\"%s];\n"
                "  n%" PRId64 " -> f%" PRId64 " [style=dashed, color=\"#808080\"];\n",
                v->id[d], n, n == 1 ? "" : "s", v->folded_first[d],
                v->folded_first[d] + (int64_t)n - 1, s, s == 1 ? "" : "s",
                s ? ",filled" : "", s ? ", fillcolor=\"#e4f6e4\"" : "", v->id[d], v->id[d]);
        v->folded_nodes[d] = v->folded_solutions[d] = 0;
    }
}

static void tree_event(void *view, const dlx_event *ev)
{
    tree_view *v = view;
    const char *below;
    switch (ev->kind) {
    case DLX_EV_CHOOSE:
        /* The number of branches: the options left, or with bounds Knuth's
         * degree (<= 0 a dead end with options still left). */
        if (ev->degree <= 0 && ev->remaining == 0)
            below = set_below(v, "%s: no options\ndead end", trace_item_name(v->t, ev->item));
        else if (ev->degree <= 0)
            below = set_below(v, "%s: too few options\ndead end",
                              trace_item_name(v->t, ev->item));
        else
            below = set_below(v, "choose %s (%" PRId32 ")", trace_item_name(v->t, ev->item),
                              ev->degree);
        if (v->path < 0) { /* the root */
            v->path = 0;
            v->id[0] = v->next_id++;
            v->drawn[0] = 1;
            v->anchor[0] = 0;
            v->drawn_count++;
            write_node(v, 0, -1, below, "");
        } else {
            write_pending(v, below,
                          ev->degree <= 0 ? ", color=\"#b03030\", fontcolor=\"#b03030\"" : "");
        }
        break;
    case DLX_EV_TRY:
    case DLX_EV_SKIP: {
        int32_t d = ev->level + 1;
        if (d >= v->depths || v->path < d - 1)
            return; /* cannot happen: a try follows the choice of its level */
        leave_below(v, d - 1);
        v->path = d;
        v->id[d] = v->next_id++;
        v->drawn[d] = v->drawn[d - 1] && (v->depth_limit == 0 || d <= v->depth_limit) &&
                      (v->draw_limit == 0 || v->drawn_count < v->draw_limit);
        if (v->drawn[d]) {
            v->anchor[d] = d;
            v->drawn_count++;
        } else {
            v->anchor[d] = v->anchor[d - 1];
            if (v->folded_nodes[v->anchor[d]]++ == 0)
                v->folded_first[v->anchor[d]] = v->id[d];
            v->folded_count++;
        }
        v->pending = 1;
        v->pending_option = ev->kind == DLX_EV_TRY ? ev->option : -2 - ev->item;
        break;
    }
    case DLX_EV_SOLUTION:
        below = set_below(v, "solution %" PRIu64, trace_solutions(v->t));
        if (v->path < 0) { /* a problem solved by no choice at all */
            v->path = 0;
            v->id[0] = v->next_id++;
            v->drawn[0] = 1;
            v->drawn_count++;
            write_node(v, 0, -1, below, ", style=\"rounded,filled\", fillcolor=\"#c8f0c8\"");
        } else {
            if (v->pending && !v->drawn[v->path])
                v->folded_solutions[v->anchor[v->path]]++;
            write_pending(v, below, ", style=\"rounded,filled\", fillcolor=\"#c8f0c8\", penwidth=2");
        }
        break;
    default:
        break;
    }
}

/* Closes the graph, saying when the search was cut short. */
static void tree_finish(void *view, const trace_end *end)
{
    tree_view *v = view;
    FILE *out = v->out;
    write_pending(v, "(not explored)", ", style=dashed");
    leave_below(v, -1);
    if (end->limit_hit)
        fprintf(out, "  // stopped: more than %" PRIu64 " search-tree nodes\n",
                trace_options(v->t)->max_nodes);
    if (v->folded_count > 0)
        fprintf(out, "  // %" PRIu64 " nodes drawn, %" PRIu64 " folded into dashed boxes\n",
                v->drawn_count, v->folded_count);
    fputs("}\n", out);
}

static void tree_counts(const void *view, uint64_t *drawn, uint64_t *folded)
{
    const tree_view *v = view;
    *drawn = v->drawn_count;
    *folded = v->folded_count;
}

static void tree_close(void *view);

/* The graph's header; the root comes with the first choice. */
static void *tree_open(search_trace *t)
{
    tree_view *v = calloc(1, sizeof *v);
    if (v == NULL)
        return NULL;
    const trace_opts *o = trace_options(t);
    v->t = t;
    v->out = trace_out(t);
    v->depth_limit = o->tree_depth;
    v->draw_limit = o->tree_nodes;
    /* A level covers at least one item: the path is never deeper than the
     * items, plus the root and a solution below the last level; with bounds
     * a level tries an option or skips an item, each once on a path. */
    dlx_problem *p = trace_problem(t);
    v->depths = dlx_item_count(p) + 3 + (dlx_has_bounds(p) ? dlx_option_count(p) : 0);
    size_t n = (size_t)v->depths;
    v->id = calloc(n, sizeof *v->id);
    v->drawn = calloc(n, sizeof *v->drawn);
    v->anchor = calloc(n, sizeof *v->anchor);
    v->folded_nodes = calloc(n, sizeof *v->folded_nodes);
    v->folded_solutions = calloc(n, sizeof *v->folded_solutions);
    v->folded_first = calloc(n, sizeof *v->folded_first);
    if (!v->id || !v->drawn || !v->anchor || !v->folded_nodes || !v->folded_solutions ||
        !v->folded_first) {
        tree_close(v);
        return NULL;
    }
    v->path = -1;
    fputs("digraph search {\n"
          "  node [shape=box, style=rounded, fontname=\"Helvetica\"];\n",
          v->out);
    return v;
}

static void tree_close(void *view)
{
    tree_view *v = view;
    if (v == NULL)
        return;
    free(v->id);
    free(v->drawn);
    free(v->anchor);
    free(v->folded_nodes);
    free(v->folded_solutions);
    free(v->folded_first);
    free(v->below);
    free(v);
}

const trace_view_ops trace_view_tree = {
    .name = "dot",
    .format = TRACE_DOT,
    .open = tree_open,
    .event = tree_event,
    .finish = tree_finish,
    .counts = tree_counts,
    .close = tree_close,
};
