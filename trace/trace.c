/* SPDX-License-Identifier: MIT */
/* trace/trace.c - the core of the teaching views of a search (see trace.h):
 * the engine's event hook, the node limit, the state of each level (the
 * item chosen, its branches, the option being tried) and the helpers every
 * view uses (view.h). The views themselves are files of their own, reached
 * only through the table of operations the registry (views.c) gives for the
 * format asked: nothing here knows what a view writes.
 *
 * The engine reports, per level: CHOOSE (item, remaining options), then the
 * COVER of that item; TRY (option) followed by a COVER or PURIFY for each of
 * the option's other items; after a solution or a deeper level, UNCOVER or
 * UNPURIFY of those items in reverse; when the item's options are used up,
 * BACKTRACK and the UNCOVER of the item. A problem with bounds (Algorithm M)
 * adds TWEAK, USE/UNUSE, SKIP (the null move) and UNTWEAK; view_text.c says
 * what each means to a reader.
 */
#include "trace.h"
#include "view.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

struct search_trace {
    dlx_problem *p;
    trace_opts o;
    const trace_view_ops *ops; /* the view, chosen once by trace_new() */
    void *view;                /* its state, opened by ops->open() */
    dlx_stats start;      /* statistics when the trace began */
    uint64_t nodes;       /* CHOOSE and SOLUTION events shown: search-tree nodes */
    uint64_t solutions;   /* SOLUTION events shown */
    int limit_hit;
    uint64_t seq0;        /* the engine's number of the event before the first shown */
    uint64_t cut_updates; /* at the limit: the updates statistic where the
                             events stopped being shown */
    int failed;           /* out of memory during the trace */

    int bounded;          /* the problem has bounds: Algorithm M's events */

    /* Per search level, 0 .. levels-1. */
    int32_t levels;
    int32_t *item_at;     /* item chosen at the level */
    int32_t *choices_at;  /* its number of branches when chosen (its options,
                             without bounds) */
    unsigned char *covered_at; /* the level covered its item (a BACKTRACK is
                                  then followed by the item's UNCOVER) */
    int32_t *tried_at;    /* option being tried at the level, or -1 */

    int32_t *scratch_ids, *scratch_colors, scratch_cap; /* option items, active items */
    char *text;              /* an option spelled from its item names */
    size_t text_cap;
};

/* --- Small helpers ----------------------------------------------------------- */

static int grow_ids(search_trace *t, int32_t n)
{
    if (n <= t->scratch_cap)
        return 0;
    int32_t cap = n < 16 ? 16 : n;
    int32_t *ids = realloc(t->scratch_ids, (size_t)cap * sizeof *ids);
    if (ids == NULL)
        return -1;
    t->scratch_ids = ids;
    int32_t *colors = realloc(t->scratch_colors, (size_t)cap * sizeof *colors);
    if (colors == NULL)
        return -1;
    t->scratch_colors = colors;
    t->scratch_cap = cap;
    return 0;
}

static int append_text(search_trace *t, size_t *len, const char *s)
{
    size_t n = strlen(s);
    if (*len + n + 1 > t->text_cap) {
        size_t cap = (*len + n + 1) * 2;
        char *text = realloc(t->text, cap);
        if (text == NULL)
            return -1;
        t->text = text;
        t->text_cap = cap;
    }
    memcpy(t->text + *len, s, n + 1);
    *len += n;
    return 0;
}

static const char *item_name(const search_trace *t, int32_t item)
{
    const char *name = dlx_item_name(t->p, item);
    return name != NULL ? name : "?";
}

/* Writes ":colour" for colour > 0, by name when the caller knows it. */
static void put_colour(const search_trace *t, int32_t color)
{
    if (color <= 0)
        return;
    const char *name = t->o.color_name ? t->o.color_name(t->o.text_ctx, color) : NULL;
    if (name != NULL)
        fprintf(t->o.out, ":%s", name);
    else
        fprintf(t->o.out, ":%" PRId32, color);
}

/* The option's text: the caller's (its input line) or spelled from the item
 * names, "name:colour" for a coloured item. Valid until the next call. */
static const char *option_text(search_trace *t, int32_t opt)
{
    if (t->o.option_text != NULL) {
        const char *s = t->o.option_text(t->o.text_ctx, opt);
        if (s != NULL)
            return s;
    }
    int32_t n = dlx_option_items(t->p, opt, NULL, NULL, 0);
    size_t len = 0;
    if (n < 0 || grow_ids(t, n) != 0 || append_text(t, &len, "") != 0) {
        t->failed = 1;
        return "?";
    }
    dlx_option_items(t->p, opt, t->scratch_ids, t->scratch_colors, n);
    for (int32_t k = 0; k < n; k++) {
        char number[24] = "";
        const char *colour = number;
        if (t->scratch_colors[k] > 0) {
            const char *name =
                t->o.color_name ? t->o.color_name(t->o.text_ctx, t->scratch_colors[k]) : NULL;
            snprintf(number, sizeof number, "%" PRId32, t->scratch_colors[k]);
            if (name != NULL)
                colour = name;
        }
        if ((k > 0 && append_text(t, &len, " ") != 0) ||
            append_text(t, &len, item_name(t, t->scratch_ids[k])) != 0 ||
            (*colour && (append_text(t, &len, ":") != 0 || append_text(t, &len, colour) != 0))) {
            t->failed = 1;
            return "?";
        }
    }
    return t->text;
}

static void indent(const search_trace *t, int32_t level)
{
    for (int32_t k = 0; k < level; k++)
        fputs("  ", t->o.out);
}


/* --- What the views see (view.h) ---------------------------------------------- */

dlx_problem *trace_problem(const search_trace *t) { return t->p; }
FILE *trace_out(const search_trace *t) { return t->o.out; }
const trace_opts *trace_options(const search_trace *t) { return &t->o; }
int trace_bounded(const search_trace *t) { return t->bounded; }
const char *trace_item_name(const search_trace *t, int32_t item) { return item_name(t, item); }
const char *trace_option_text(search_trace *t, int32_t opt) { return option_text(t, opt); }
void trace_put_colour(const search_trace *t, int32_t color) { put_colour(t, color); }
void trace_indent(const search_trace *t, int32_t level) { indent(t, level); }
int32_t trace_tried_at(const search_trace *t, int32_t level) { return t->tried_at[level]; }
int32_t trace_choices_at(const search_trace *t, int32_t level) { return t->choices_at[level]; }
int trace_covered_at(const search_trace *t, int32_t level) { return t->covered_at[level]; }
uint64_t trace_solutions(const search_trace *t) { return t->solutions; }
void trace_fail(search_trace *t) { t->failed = 1; }

uint64_t trace_event_seq(const search_trace *t, const dlx_event *ev)
{
    return ev->seq - t->seq0;
}

uint64_t trace_event_updates(const search_trace *t, const dlx_event *ev)
{
    return ev->updates - t->start.updates;
}

int32_t trace_option_items(search_trace *t, int32_t opt, const int32_t **ids,
                           const int32_t **colors)
{
    int32_t n = dlx_option_items(t->p, opt, NULL, NULL, 0);
    if (n < 0 || grow_ids(t, n) != 0)
        return -1;
    dlx_option_items(t->p, opt, t->scratch_ids, t->scratch_colors, n);
    *ids = t->scratch_ids;
    *colors = t->scratch_colors;
    return n;
}

int32_t trace_active_items(search_trace *t, const int32_t **ids)
{
    int32_t n = dlx_active_items(t->p, NULL, 0);
    if (grow_ids(t, n) != 0)
        return -1;
    dlx_active_items(t->p, t->scratch_ids, n);
    *ids = t->scratch_ids;
    return n;
}

void trace_put_solution(search_trace *t, int32_t level)
{
    FILE *out = t->o.out;
    trace_indent(t, level + 1);
    fprintf(out, "solution %" PRIu64 ":", t->solutions);
    for (int32_t l = 0; l <= level; l++)
        if (t->tried_at[l] >= 0)
            fprintf(out, "%s %s", l ? ";" : "", trace_option_text(t, t->tried_at[l]));
}

void trace_put_summary(const search_trace *t, const trace_end *end)
{
    FILE *out = t->o.out;
    if (end->limit_hit)
        fprintf(out, "trace stopped: more than %" PRIu64 " search-tree nodes\n", t->o.max_nodes);
    fprintf(out, "%s: %" PRIu64 " solution%s, %" PRIu64 " node%s, %" PRIu64 " update%s\n",
            end->status == DLX_OK && !end->limit_hit ? "done" : "stopped", end->solutions,
            end->solutions == 1 ? "" : "s", end->nodes, end->nodes == 1 ? "" : "s",
            end->updates, end->updates == 1 ? "" : "s");
}

/* --- The hook -------------------------------------------------------------------------- */

int trace_event(void *ctx, const dlx_event *ev)
{
    search_trace *t = ctx;
    if (t->limit_hit)
        return 1; /* the search is on its way out: stay quiet */
    if (ev->level < 0 || ev->level >= t->levels || (unsigned)ev->kind > DLX_EV_SKIP)
        return 0; /* cannot happen: levels never outnumber what trace_new() counts */
    if (t->seq0 == UINT64_MAX)
        t->seq0 = ev->seq - 1; /* numbered from 1 in this trace */
    if (ev->kind == DLX_EV_CHOOSE || ev->kind == DLX_EV_SOLUTION) {
        /* A node of the tree. Past the limit nothing more is shown, and the
         * end record counts what was: the stream and its totals agree. */
        if (t->o.max_nodes > 0 && t->nodes >= t->o.max_nodes) {
            t->limit_hit = 1;
            t->cut_updates = ev->updates;
            return 1;
        }
        t->nodes++;
    }
    switch (ev->kind) {
    case DLX_EV_CHOOSE:
        t->item_at[ev->level] = ev->item;
        t->choices_at[ev->level] = ev->degree;
        t->tried_at[ev->level] = -1;
        /* Without bounds the item is always covered, even at a dead end;
         * with them only when this choice spends its last unit. */
        t->covered_at[ev->level] = !t->bounded || (ev->degree > 0 && ev->hi == 1);
        break;
    case DLX_EV_TRY:
        t->tried_at[ev->level] = ev->option;
        break;
    case DLX_EV_SKIP:
        t->tried_at[ev->level] = -1;
        break;
    case DLX_EV_SOLUTION:
        t->solutions++;
        break;
    default:
        break;
    }
    t->ops->event(t->view, ev);
    if (ev->kind == DLX_EV_BACKTRACK)
        t->tried_at[ev->level] = -1;
    return t->failed;
}

search_trace *trace_new(dlx_problem *p, const trace_opts *opts)
{
    const trace_view_ops *ops = trace_view_find(opts->format);
    if (ops == NULL)
        return NULL;
    search_trace *t = calloc(1, sizeof *t);
    if (t == NULL)
        return NULL;
    t->p = p;
    t->o = *opts;
    t->ops = ops;
    if (t->o.out == NULL)
        t->o.out = stdout;
    dlx_get_stats(p, &t->start);
    t->seq0 = UINT64_MAX;
    if ((t->o.detail || ops->link_detail) && dlx_set_detail(p, DLX_DETAIL_LINKS) != DLX_OK) {
        free(t);
        return NULL;
    }
    /* Every level covers at least one primary item, so there are never more
     * levels than items; one more for the solution below the last. With
     * bounds a level chooses an option or makes the null move of an item,
     * each at most once on a path. */
    t->bounded = dlx_has_bounds(p);
    t->levels = dlx_item_count(p) + 2 + (t->bounded ? dlx_option_count(p) : 0);
    size_t n = (size_t)t->levels;
    t->item_at = malloc(n * sizeof *t->item_at);
    t->choices_at = calloc(n, sizeof *t->choices_at);
    t->covered_at = calloc(n, sizeof *t->covered_at);
    t->tried_at = malloc(n * sizeof *t->tried_at);
    if (t->item_at == NULL || t->choices_at == NULL || t->tried_at == NULL ||
        t->covered_at == NULL) {
        trace_free(t);
        return NULL;
    }
    for (size_t k = 0; k < n; k++)
        t->tried_at[k] = -1;
    /* The view writes its opening lines (the text's header, the JSON
     * problem, the matrix's legend, the memory table, the graph header). */
    t->view = ops->open(t);
    if (t->view == NULL || t->failed) {
        trace_free(t);
        return NULL;
    }
    dlx_set_event_fn(p, trace_event, t);
    return t;
}

int trace_finish(search_trace *t, int status)
{
    FILE *out = t->o.out;
    dlx_stats now;
    dlx_get_stats(t->p, &now);
    /* Counted from the events shown, so that a stream cut at the limit
     * agrees with its own totals (the engine has gone a step further). */
    trace_end end = {
        .status = status,
        .limit_hit = t->limit_hit,
        .nodes = t->nodes,
        .solutions = t->solutions,
        .updates = (t->limit_hit ? t->cut_updates : now.updates) - t->start.updates,
    };
    t->ops->finish(t->view, &end);
    if (fflush(out) != 0 || ferror(out))
        return -1;
    return t->failed ? -1 : 0;
}

int trace_limit_hit(const search_trace *t) { return t->limit_hit; }

void trace_tree_counts(const search_trace *t, uint64_t *drawn, uint64_t *folded)
{
    *drawn = *folded = 0;
    if (t->ops->counts != NULL)
        t->ops->counts(t->view, drawn, folded);
}

const char *trace_format_name(enum trace_format format)
{
    const trace_view_ops *ops = trace_view_find(format);
    return ops != NULL ? ops->name : NULL;
}

void trace_free(search_trace *t)
{
    if (t == NULL)
        return;
    dlx_set_event_fn(t->p, NULL, NULL);
    dlx_set_detail(t->p, 0);
    free(t->item_at);
    free(t->choices_at);
    free(t->covered_at);
    free(t->tried_at);
    if (t->view != NULL)
        t->ops->close(t->view);
    free(t->scratch_ids);
    free(t->scratch_colors);
    free(t->text);
    free(t);
}
