/* SPDX-License-Identifier: MIT */
/* trace/view_matrix.c - `dlx --trace=matrix`: Algorithm X as the textbooks draw
 * it, the reduced matrix at each step, for small problems.
 *
 * At each level the view keeps the matrix as it stands when the item is
 * chosen: the rows are the options still available (those in the list of an
 * item still to cover), the columns the items still to cover (and the
 * secondary items those options use), with a LEN row: each item's number of
 * options left. Once an option's step is done - at the choice below it or
 * the solution - the level's matrix is printed again with that option
 * starred and every row the step removed marked '-': the options that
 * shared an item with it, read from the engine's lists after the step, not
 * worked out here. The matrix of the level below is the next one printed.
 *
 *   level 0: try A D G [1 of 2]
 *               A B C D E F G
 *       LEN     2 2 2 3 2 2 3
 *       C E F   . . 1 . 1 1 .
 *     * A D G   1 . . 1 . . 1
 *     - A D     1 . . 1 . . .
 */
#include "view.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* The matrix at one level, as it stood when the level's item was chosen. */
struct snapshot {
    int32_t *rows, nrows; /* option ids, in input order */
    int32_t *cols, ncols; /* item ids: the active ones in list order, then secondary */
    int32_t *lens;        /* [col] LEN then */
};

typedef struct matrix_view {
    search_trace *t;
    FILE *out;
    dlx_problem *p;
    int32_t items, options, levels;
    struct snapshot *at;   /* [level] */
    int32_t *index_at;     /* [level] the option being tried: its place, from 0 */
    unsigned char *mark;   /* scratch, [option] or [item] */
    int32_t *ids, *colors; /* scratch: an option's items */
    int32_t *list;         /* scratch: an item's options */
} matrix_view;

int trace_matrix_fits(const dlx_problem *p)
{
    return dlx_item_count(p) <= TRACE_MATRIX_ITEMS && dlx_option_count(p) <= TRACE_MATRIX_OPTIONS;
}

/* Marks in v->mark[] (by option) the options available now; returns how
 * many. An option that has not been hidden is in the lists of all its
 * items, so the lists of the active items give every available option with
 * a primary item still to cover. */
static int32_t mark_available(matrix_view *v)
{
    memset(v->mark, 0, (size_t)(v->options > v->items ? v->options : v->items) + 1);
    int32_t n = dlx_active_items(v->p, v->ids, v->items), count = 0;
    int32_t *active = malloc(((size_t)n + 1) * sizeof *active);
    if (active == NULL) {
        trace_fail(v->t);
        return 0;
    }
    memcpy(active, v->ids, (size_t)n * sizeof *active);
    for (int32_t k = 0; k < n; k++) {
        int32_t m = dlx_item_options(v->p, active[k], v->list, v->options);
        for (int32_t j = 0; j < m; j++)
            if (!v->mark[v->list[j]]) {
                v->mark[v->list[j]] = 1;
                count++;
            }
    }
    free(active);
    return count;
}

static void take_snapshot(matrix_view *v, int32_t level)
{
    struct snapshot *s = &v->at[level];
    if (s->rows == NULL) {
        s->rows = malloc(((size_t)v->options + 1) * sizeof *s->rows);
        s->cols = malloc(((size_t)v->items + 1) * sizeof *s->cols);
        s->lens = malloc(((size_t)v->items + 1) * sizeof *s->lens);
        if (!s->rows || !s->cols || !s->lens) {
            trace_fail(v->t);
            return;
        }
    }
    s->nrows = 0;
    mark_available(v);
    for (int32_t o = 0; o < v->options; o++)
        if (v->mark[o])
            s->rows[s->nrows++] = o;
    s->ncols = dlx_active_items(v->p, s->cols, v->items);
    /* The secondary items of those rows, in item order. */
    memset(v->mark, 0, (size_t)(v->options > v->items ? v->options : v->items) + 1);
    for (int32_t r = 0; r < s->nrows; r++) {
        int32_t n = dlx_option_items(v->p, s->rows[r], v->ids, NULL, v->items);
        for (int32_t k = 0; k < n; k++)
            if (dlx_item_is_secondary(v->p, v->ids[k]) == 1)
                v->mark[v->ids[k]] = 1;
    }
    for (int32_t i = 0; i < v->items; i++)
        if (v->mark[i])
            s->cols[s->ncols++] = i;
    for (int32_t c = 0; c < s->ncols; c++)
        s->lens[c] = dlx_item_remaining(v->p, s->cols[c]);
}

/* The cell of row option opt under item: "1", its colour, or ".". */
static const char *cell(matrix_view *v, int32_t opt, int32_t item, char *buf, size_t size)
{
    int32_t n = dlx_option_items(v->p, opt, v->ids, v->colors, v->items);
    for (int32_t k = 0; k < n; k++)
        if (v->ids[k] == item) {
            if (v->colors[k] <= 0)
                return "1";
            const trace_opts *o = trace_options(v->t);
            const char *name = o->color_name ? o->color_name(o->text_ctx, v->colors[k]) : NULL;
            if (name == NULL) {
                snprintf(buf, size, "%" PRId32, v->colors[k]);
                return buf;
            }
            return name;
        }
    return ".";
}

static int width_of(const char *s)
{
    return (int)strlen(s);
}

/* Prints level's matrix. tried >= 0: that row starred; with marked (by
 * option, from mark_available() after the step) the rows gone marked '-'. */
static void print_matrix(matrix_view *v, int32_t level, int32_t tried, const unsigned char *avail)
{
    FILE *out = v->out;
    struct snapshot *s = &v->at[level];
    char buf[32];
    int label = 3; /* "LEN" */
    int indent = 2 * level + 2;
    for (int32_t r = 0; r < s->nrows; r++) {
        int w = width_of(trace_option_text(v->t, s->rows[r]));
        if (w > label)
            label = w;
    }
    if (label > 40)
        label = 40;
    int *w = malloc(((size_t)s->ncols + 1) * sizeof *w);
    if (w == NULL) {
        trace_fail(v->t);
        return;
    }
    /* Names wider than the cells would make a wide matrix: then they are
     * written downwards, one character a line, ending on the same line. */
    int total = 0, tall = 0;
    for (int32_t c = 0; c < s->ncols; c++) {
        int nw = width_of(trace_item_name(v->t, s->cols[c]));
        total += 1 + nw;
        if (nw > tall)
            tall = nw;
    }
    int vertical = label + indent + total > 100 && tall > 1;
    for (int32_t c = 0; c < s->ncols; c++) {
        w[c] = vertical ? 1 : width_of(trace_item_name(v->t, s->cols[c]));
        snprintf(buf, sizeof buf, "%" PRId32, s->lens[c]);
        if (width_of(buf) > w[c])
            w[c] = width_of(buf);
        for (int32_t r = 0; r < s->nrows; r++) {
            int cw = width_of(cell(v, s->rows[r], s->cols[c], buf, sizeof buf));
            if (cw > w[c])
                w[c] = cw;
        }
    }
    if (vertical) {
        for (int line = 0; line < tall; line++) {
            int32_t last = -1; /* the last column with a character here: no trailing blanks */
            for (int32_t c = 0; c < s->ncols; c++)
                if (line >= tall - width_of(trace_item_name(v->t, s->cols[c])))
                    last = c;
            fprintf(out, "%*s  %-*s", indent, "", label, "");
            for (int32_t c = 0; c <= last; c++) {
                const char *name = trace_item_name(v->t, s->cols[c]);
                int at = line - (tall - width_of(name));
                fprintf(out, " %*c", w[c], at >= 0 ? name[at] : ' ');
            }
            putc('\n', out);
        }
    } else {
        fprintf(out, "%*s  %-*s", indent, "", label, "");
        for (int32_t c = 0; c < s->ncols; c++)
            fprintf(out, " %*s", w[c], trace_item_name(v->t, s->cols[c]));
        putc('\n', out);
    }
    fprintf(out, "%*s  %-*s", indent, "", label, "LEN");
    for (int32_t c = 0; c < s->ncols; c++)
        fprintf(out, " %*" PRId32, w[c], s->lens[c]);
    putc('\n', out);
    for (int32_t r = 0; r < s->nrows; r++) {
        int32_t o = s->rows[r];
        char sign = o == tried ? '*' : avail != NULL && !avail[o] ? '-' : ' ';
        const char *text = trace_option_text(v->t, o);
        fprintf(out, "%*s%c %-*.*s", indent, "", sign, label, label, text);
        for (int32_t c = 0; c < s->ncols; c++)
            fprintf(out, " %*s", w[c], cell(v, o, s->cols[c], buf, sizeof buf));
        putc('\n', out);
    }
    free(w);
}

/* The step of the option tried at level is done: its matrix with the marks,
 * and in words what it took. */
static void print_step(matrix_view *v, int32_t level)
{
    int32_t tried = trace_tried_at(v->t, level);
    if (tried < 0 || v->at[level].rows == NULL)
        return;
    FILE *out = v->out;
    struct snapshot *s = &v->at[level];
    int32_t left = mark_available(v);
    trace_indent(v->t, level);
    fprintf(out, "level %" PRId32 ": try %s [%" PRId32 " of %" PRId32 "]\n", level,
            trace_option_text(v->t, tried), v->index_at[level] + 1, trace_choices_at(v->t, level));
    print_matrix(v, level, tried, v->mark);
    int32_t removed = 0;
    for (int32_t r = 0; r < s->nrows; r++)
        removed += s->rows[r] != tried && !v->mark[s->rows[r]];
    trace_indent(v->t, level);
    fprintf(out, "  %s leaves, with %" PRId32 " option%s that clash%s with it; %" PRId32
                 " option%s left\n",
            trace_option_text(v->t, tried), removed, removed == 1 ? "" : "s",
            removed == 1 ? "es" : "", left, left == 1 ? "" : "s");
}

static void matrix_event(void *view, const dlx_event *ev)
{
    matrix_view *v = view;
    FILE *out = v->out;
    search_trace *t = v->t;
    if (ev->level < 0 || ev->level >= v->levels)
        return;
    switch (ev->kind) {
    case DLX_EV_CHOOSE:
        if (ev->level > 0)
            print_step(v, ev->level - 1);
        take_snapshot(v, ev->level);
        trace_indent(t, ev->level);
        if (ev->remaining == 0) {
            fprintf(out, "level %" PRId32 ": choose %s: no options left: dead end\n", ev->level,
                    trace_item_name(t, ev->item));
            print_matrix(v, ev->level, -1, NULL);
        } else {
            fprintf(out, "level %" PRId32 ": choose %s: %" PRId32 " option%s, %" PRId32
                         " item%s to cover\n",
                    ev->level, trace_item_name(t, ev->item), ev->remaining,
                    ev->remaining == 1 ? "" : "s", dlx_active_items(v->p, NULL, 0),
                    dlx_active_items(v->p, NULL, 0) == 1 ? "" : "s");
        }
        break;
    case DLX_EV_TRY:
        v->index_at[ev->level] = ev->index;
        break;
    case DLX_EV_SOLUTION:
        print_step(v, ev->level);
        trace_put_solution(t, ev->level);
        fputs(" (nothing left to cover)\n", out);
        break;
    case DLX_EV_BACKTRACK:
        if (trace_choices_at(t, ev->level) > 0) {
            trace_indent(t, ev->level);
            fprintf(out, "level %" PRId32 ": %s has no more options: back up\n", ev->level,
                    trace_item_name(t, ev->item));
        }
        break;
    default:
        break;
    }
}

/* Every step is printed when it is done: only the summary is left. */
static void matrix_finish(void *view, const trace_end *end)
{
    matrix_view *v = view;
    trace_put_summary(v->t, end);
}

static void matrix_close(void *view);

/* The legend; the first matrix comes with the first choice. */
static void *matrix_open(search_trace *t)
{
    matrix_view *v = calloc(1, sizeof *v);
    if (v == NULL)
        return NULL;
    v->t = t;
    v->out = trace_out(t);
    v->p = trace_problem(t);
    v->items = dlx_item_count(v->p);
    v->options = dlx_option_count(v->p);
    v->levels = v->items + 2;
    size_t big = (size_t)(v->options > v->items ? v->options : v->items) + 1;
    v->at = calloc((size_t)v->levels, sizeof *v->at);
    v->index_at = calloc((size_t)v->levels, sizeof *v->index_at);
    v->mark = calloc(big, 1);
    v->ids = malloc(((size_t)v->items + 1) * sizeof *v->ids);
    v->colors = malloc(((size_t)v->items + 1) * sizeof *v->colors);
    v->list = malloc(((size_t)v->options + 1) * sizeof *v->list);
    if (!v->at || !v->index_at || !v->mark || !v->ids || !v->colors || !v->list) {
        matrix_close(v);
        return NULL;
    }
    int32_t secondary = 0;
    for (int32_t i = 0; i < v->items; i++)
        secondary += dlx_item_is_secondary(v->p, i) == 1;
    fprintf(v->out, "matrix of the search: %" PRId32 " item%s", v->items, v->items == 1 ? "" : "s");
    if (secondary > 0)
        fprintf(v->out, " (%" PRId32 " secondary)", secondary);
    fprintf(v->out,
            ", %" PRId32 " option%s. At each step the rows are the options\n"
            "still available, the columns the items still to cover%s, LEN how many options\n"
            "each has left; '*' marks the option tried, '-' the options the step takes away.\n",
            v->options, v->options == 1 ? "" : "s",
            secondary > 0 ? " (and the secondary items\nthose options use)" : "");
    return v;
}

static void matrix_close(void *view)
{
    matrix_view *v = view;
    if (v == NULL)
        return;
    if (v->at != NULL)
        for (int32_t l = 0; l < v->levels; l++) {
            free(v->at[l].rows);
            free(v->at[l].cols);
            free(v->at[l].lens);
        }
    free(v->at);
    free(v->index_at);
    free(v->mark);
    free(v->ids);
    free(v->colors);
    free(v->list);
    free(v);
}

const trace_view_ops trace_view_matrix = {
    .name = "matrix",
    .format = TRACE_MATRIX,
    .open = matrix_open,
    .event = matrix_event,
    .finish = matrix_finish,
    .close = matrix_close,
};
