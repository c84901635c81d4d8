/* SPDX-License-Identifier: MIT */
/* trace/view_text.c - `dlx --trace`: the readable log of a search, indented
 * by level, one line per step (see view.h).
 *
 * The engine reports, per level: CHOOSE (item, remaining options), then the
 * COVER of that item; TRY (option) followed by a COVER or PURIFY for each of
 * the option's other items; after a solution or a deeper level, UNCOVER or
 * UNPURIFY of those items in reverse; when the item's options are used up,
 * BACKTRACK and the UNCOVER of the item. DEAD_END follows a CHOOSE with no
 * options. The view folds these into one line per step: the covers that
 * follow a TRY go on its line, each with the options it hides (read from
 * the item's list at the event, before the engine does the cover), and the
 * uncovers of an option go on one "undo" line.
 *
 * A problem with bounds (Algorithm M) adds TWEAK (the option tried is set
 * aside for the level's later branches), USE/UNUSE (an item of the option
 * takes one more option and stays active), SKIP (the null move: the item
 * takes nothing more) and UNTWEAK (the set-aside options go back); CHOOSE
 * then says how many more options the item needs and may take, and the
 * number of branches, Knuth's degree.
 */
#include "view.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* What the line of covers or uncovers being written belongs to. */
enum run_kind { RUN_NONE, RUN_TRY, RUN_UNDO };

typedef struct text_view {
    search_trace *t;
    FILE *out;
    dlx_problem *p;
    const trace_opts *o;
    int bounded;
    /* The line of covered / uncovered items being written. */
    enum run_kind run;
    int32_t run_level;
    int32_t run_len;      /* items written on the line so far */
    const char *run_verb; /* the verb of the last of them: "cover", "use", ... */
    /* Options hidden by the covers of the option being tried: the engine
     * reports all of an option's covers before carrying them out, so the
     * view itself keeps track of what the earlier ones took away. */
    uint32_t *hidden_stamp; /* per option: == stamp when hidden in this run */
    uint32_t stamp;
    int32_t *list, list_cap; /* an item's options */
    int expect_item_cover;   /* the next COVER is the chosen item's own */
    int expect_item_uncover; /* the next UNCOVER is the backed-up item's own */
} text_view;

/* A line of its own at the level's indentation. */
static void fputs_level(const text_view *v, int32_t level, const char *s)
{
    trace_indent(v->t, level);
    fputs(s, v->out);
}

/* Ends the line of covers or uncovers, if one is being written. */
static void flush_run(text_view *v)
{
    if (v->run == RUN_NONE)
        return;
    putc('\n', v->out);
    v->run = RUN_NONE;
    v->run_len = 0;
    v->run_verb = NULL;
}

/* Up to this many options are named for what one cover hides. */
#define HIDDEN_SHOWN 4

/* 1 if option opt gives item the colour color. */
static int gives_colour(text_view *v, int32_t opt, int32_t item, int32_t color)
{
    const int32_t *ids, *colors;
    int32_t n = trace_option_items(v->t, opt, &ids, &colors);
    for (int32_t k = 0; k < n; k++)
        if (ids[k] == item)
            return colors[k] == color;
    return 0;
}

/* Writes, after a covered item, the options its cover takes out of the other
 * items' lists: those still in its list (all of them for a cover; for a
 * purify, those giving the item another colour), less those that the
 * option's earlier covers took already. */
static void write_hidden(text_view *v, const dlx_event *ev)
{
    int32_t n = dlx_item_options(v->p, ev->item, NULL, 0);
    if (n <= 0)
        return;
    if (n > v->list_cap) {
        int32_t *list = realloc(v->list, (size_t)n * sizeof *list);
        if (list == NULL) {
            trace_fail(v->t);
            return;
        }
        v->list = list;
        v->list_cap = n;
    }
    dlx_item_options(v->p, ev->item, v->list, n);
    int32_t shown = 0, more = 0;
    for (int32_t k = 0; k < n; k++) {
        int32_t opt = v->list[k];
        if (v->hidden_stamp[opt] == v->stamp)
            continue;
        if (ev->kind == DLX_EV_PURIFY && gives_colour(v, opt, ev->item, ev->color))
            continue; /* it agrees on the colour: it stays */
        v->hidden_stamp[opt] = v->stamp;
        if (shown < HIDDEN_SHOWN)
            fprintf(v->out, "%s%s", shown++ ? ", " : " (hides ", trace_option_text(v->t, opt));
        else
            more++;
    }
    if (more > 0)
        fprintf(v->out, " and %" PRId32 " more", more);
    if (shown > 0)
        putc(')', v->out);
}

/* The word for a step on a "try" or "undo" line. Covers and purifies are
 * both "cover" (a purify shows its colour), as they always were. */
static const char *run_verb(enum dlx_event_kind kind)
{
    switch (kind) {
    case DLX_EV_TWEAK: return "set aside";
    case DLX_EV_USE: return "use";
    case DLX_EV_UNUSE: return "give back";
    case DLX_EV_UNCOVER:
    case DLX_EV_UNPURIFY: return "uncover";
    default: return "cover";
    }
}

/* Adds a step to the line being written: ": cover A, B; use C ...". */
static void run_add(text_view *v, const dlx_event *ev)
{
    FILE *out = v->out;
    const char *verb = run_verb(ev->kind);
    if (v->run_len == 0)
        fprintf(out, ": %s", verb);
    else if (verb != v->run_verb)
        fprintf(out, "; %s", verb);
    else
        fputs(",", out);
    v->run_verb = verb;
    v->run_len++;
    if (ev->kind == DLX_EV_TWEAK)
        return; /* the option set aside is the one on this line */
    putc(' ', out);
    fputs(trace_item_name(v->t, ev->item), out);
    if (ev->kind == DLX_EV_PURIFY || ev->kind == DLX_EV_UNPURIFY)
        trace_put_colour(v->t, ev->color);
    if (ev->kind == DLX_EV_USE)
        fprintf(out, " (%" PRId32 " more at most)", ev->hi);
    if (v->run == RUN_TRY && (ev->kind == DLX_EV_COVER || ev->kind == DLX_EV_PURIFY))
        write_hidden(v, ev);
}

/* "needs 2 to 3 more", "needs 2 more", "may take 1 more", for an item with
 * bounds. */
static void put_needs(FILE *out, int32_t lo, int32_t hi)
{
    if (lo == hi)
        fprintf(out, "needs %" PRId32 " more", lo);
    else if (lo == 0)
        fprintf(out, "may take %" PRId32 " more", hi);
    else
        fprintf(out, "needs %" PRId32 " to %" PRId32 " more", lo, hi);
}

static void text_choose(text_view *v, const dlx_event *ev)
{
    FILE *out = v->out;
    trace_indent(v->t, ev->level);
    fprintf(out, "choose %s: ", trace_item_name(v->t, ev->item));
    if (v->bounded && (ev->lo != 1 || ev->hi != 1)) {
        put_needs(out, ev->lo, ev->hi);
        fputs(", ", out);
    }
    if (ev->degree <= 0) {
        if (ev->remaining == 0)
            fputs("no options left: dead end\n", out);
        else
            fprintf(out, "only %" PRId32 " option%s left: dead end\n", ev->remaining,
                    ev->remaining == 1 ? "" : "s");
        return;
    }
    fprintf(out, "%" PRId32 " option%s", ev->remaining, ev->remaining == 1 ? "" : "s");
    if (v->bounded && ev->degree != ev->remaining)
        fprintf(out, ", %" PRId32 " branch%s", ev->degree, ev->degree == 1 ? "" : "es");
    /* Why this item: the rule, and what the other active items have. */
    const int32_t *active;
    int32_t n = trace_active_items(v->t, &active);
    if (n < 0) {
        trace_fail(v->t);
        putc('\n', out);
        return;
    }
    /* The rule (DLX1's) compares every active item: its scan stops early
     * only at a dead end, said above. */
    if (v->o->choose == DLX_CHOOSE_FIRST)
        fputs(", the first item left", out);
    else if (ev->degree == 1)
        fputs(", forced", out);
    else
        fputs(", the fewest", out);
    /* With bounds the others are compared by their branches too. */
    int32_t shown = 0, limit = v->o->others_shown;
    const char *open = v->bounded ? " (others' branches: " : " (others: ";
    for (int32_t k = 0; k < n; k++) {
        int32_t item = active[k];
        if (item == ev->item)
            continue;
        if (limit > 0 && shown == limit) {
            int32_t more = n - 1 - shown;
            fprintf(out, ", ... and %" PRId32 " more: --others=all shows them", more);
            break;
        }
        int32_t len = dlx_item_remaining(v->p, item), lo = 1;
        if (v->bounded)
            dlx_item_residual(v->p, item, &lo, NULL);
        fprintf(out, "%s%s %" PRId32, open, trace_item_name(v->t, item), len - lo + 1);
        open = ", ";
        shown++;
    }
    fputs(shown ? ")\n" : " (no other item left)\n", out);
    if (v->bounded && ev->hi > 1)
        fputs_level(v, ev->level,
                    "(it stays active: each option tried is set aside for the next branches)\n");
}

static void text_event(text_view *v, const dlx_event *ev)
{
    FILE *out = v->out;
    switch (ev->kind) {
    case DLX_EV_COVER:
    case DLX_EV_PURIFY:
    case DLX_EV_USE:
    case DLX_EV_TWEAK:
        if (ev->kind == DLX_EV_COVER && v->expect_item_cover) {
            v->expect_item_cover = 0; /* the chosen item's own cover: said already */
            return;
        }
        if (v->run == RUN_TRY)
            run_add(v, ev);
        return;
    case DLX_EV_UNTWEAK:
        flush_run(v);
        trace_indent(v->t, ev->level);
        fprintf(out, "%s: the %" PRId32 " option%s set aside go%s back\n", trace_item_name(v->t, ev->item),
                ev->remaining, ev->remaining == 1 ? "" : "s", ev->remaining == 1 ? "es" : "");
        return;
    case DLX_EV_UNCOVER:
    case DLX_EV_UNPURIFY:
    case DLX_EV_UNUSE:
        if (ev->kind == DLX_EV_UNCOVER && v->expect_item_uncover) {
            v->expect_item_uncover = 0;
            return;
        }
        if (v->run != RUN_UNDO || v->run_level != ev->level) {
            flush_run(v);
            v->run = RUN_UNDO;
            v->run_level = ev->level;
            trace_indent(v->t, ev->level);
            fprintf(out, "undo %s", trace_option_text(v->t, trace_tried_at(v->t, ev->level)));
        }
        run_add(v, ev);
        return;
    default:
        break;
    }
    flush_run(v);
    switch (ev->kind) {
    case DLX_EV_CHOOSE:
        text_choose(v, ev);
        break;
    case DLX_EV_SKIP:
        trace_indent(v->t, ev->level);
        fprintf(out, "skip %s: it takes no more options [%" PRId32 " of %" PRId32 "]\n",
                trace_item_name(v->t, ev->item), ev->index + 1, trace_choices_at(v->t, ev->level));
        break;
    case DLX_EV_TRY:
        trace_indent(v->t, ev->level);
        fprintf(out, "try %s [%" PRId32 " of %" PRId32 "]", trace_option_text(v->t, ev->option),
                ev->index + 1, trace_choices_at(v->t, ev->level));
        v->run = RUN_TRY; /* its covers follow, on the same line */
        v->run_level = ev->level;
        v->stamp++;       /* nothing hidden by this option's covers yet */
        if (v->stamp == 0) {
            memset(v->hidden_stamp, 0, (size_t)dlx_option_count(v->p) * sizeof *v->hidden_stamp);
            v->stamp = 1;
        }
        break;
    case DLX_EV_SOLUTION:
        trace_put_solution(v->t, ev->level);
        putc('\n', out);
        break;
    case DLX_EV_BACKTRACK:
        if (trace_choices_at(v->t, ev->level) > 0) { /* a dead end said so already */
            trace_indent(v->t, ev->level);
            fprintf(out, "%s: no more %s: back up\n", trace_item_name(v->t, ev->item),
                    v->bounded ? "branches" : "options");
        }
        break;
    default: /* DEAD_END: written with its CHOOSE */
        break;
    }
}


static void text_on_event(void *view, const dlx_event *ev)
{
    text_view *v = view;
    if (ev->kind == DLX_EV_CHOOSE)
        v->expect_item_cover = trace_covered_at(v->t, ev->level);
    else if (ev->kind == DLX_EV_BACKTRACK)
        v->expect_item_uncover = trace_covered_at(v->t, ev->level);
    if (ev->kind < DLX_EV_HIDE || ev->kind > DLX_EV_UNMARK) /* the links are not its */
        text_event(v, ev);
}

static void text_close(void *view)
{
    text_view *v = view;
    if (v == NULL)
        return;
    free(v->hidden_stamp);
    free(v->list);
    free(v);
}

/* The opening line: the problem's size and the rule that chooses. */
static void *text_open(search_trace *t)
{
    text_view *v = calloc(1, sizeof *v);
    if (v == NULL)
        return NULL;
    v->t = t;
    v->out = trace_out(t);
    v->p = trace_problem(t);
    v->o = trace_options(t);
    v->bounded = trace_bounded(t);
    v->hidden_stamp = calloc((size_t)dlx_option_count(v->p) + 1, sizeof *v->hidden_stamp);
    if (v->hidden_stamp == NULL) {
        text_close(v);
        return NULL;
    }
    FILE *out = v->out;
    dlx_problem *p = v->p;
    int32_t items = dlx_item_count(p), secondary = 0;
    for (int32_t i = 0; i < items; i++)
        secondary += dlx_item_is_secondary(p, i) == 1;
    int32_t options = dlx_option_count(p);
    fprintf(out, "trace of the search: %" PRId32 " item%s", items, items == 1 ? "" : "s");
    if (secondary > 0)
        fprintf(out, " (%" PRId32 " secondary)", secondary);
    fprintf(out, ", %" PRId32 " option%s; the item to branch on is %s", options,
            options == 1 ? "" : "s",
            v->o->choose == DLX_CHOOSE_FIRST ? "the first one left"
            : v->bounded ? "the one with the fewest branches left (Knuth's degree: options "
                           "left, less the options it still needs, plus one)"
            : v->o->choose == DLX_CHOOSE_MRV_RECENT
                ? "the one with the fewest options left, ties going to an item the last "
                  "choice took options from"
            : v->o->choose == DLX_CHOOSE_MRV_PATH
                ? "the one with the fewest options left, ties going to the items the last "
                  "path chose, in its order"
                : "the one with the fewest options left");
    if (v->o->have_seed)
        fprintf(out, "; seed %" PRIu64 " (ties broken and options ordered at random)",
                v->o->seed);
    putc('\n', out);
    return v;
}

static void text_finish(void *view, const trace_end *end)
{
    text_view *v = view;
    flush_run(v);
    trace_put_summary(v->t, end);
}

const trace_view_ops trace_view_text = {
    .name = "text",
    .format = TRACE_TEXT,
    .open = text_open,
    .event = text_on_event,
    .finish = text_finish,
    .close = text_close,
};
