/* SPDX-License-Identifier: MIT */
/* trace/view_json.c - `dlx --trace=json`: every event the trace shows as one
 * JSON object a line (docs/trace-json.md), after a first line with the
 * problem and, with --detail=links, Knuth's memory table; the browser page
 * (web/dlxweb.c) reads this same stream.
 */
#include "common_json.h"
#include "dlxcmd_rules.h"
#include "view.h"

#include <inttypes.h>
#include <stdlib.h>

typedef struct json_view {
    search_trace *t;
    FILE *out;
    dlx_problem *p;
    const trace_opts *o;
    int bounded;
} json_view;

static const char *const json_kind[] = {
    [DLX_EV_CHOOSE] = "choose",   [DLX_EV_TRY] = "try",
    [DLX_EV_COVER] = "cover",     [DLX_EV_UNCOVER] = "uncover",
    [DLX_EV_PURIFY] = "purify",   [DLX_EV_UNPURIFY] = "unpurify",
    [DLX_EV_SOLUTION] = "solution", [DLX_EV_DEAD_END] = "dead_end",
    [DLX_EV_BACKTRACK] = "backtrack", [DLX_EV_HIDE] = "hide",
    [DLX_EV_UNHIDE] = "unhide",   [DLX_EV_MARK] = "mark",
    [DLX_EV_UNMARK] = "unmark",   [DLX_EV_TWEAK] = "tweak",
    [DLX_EV_UNTWEAK] = "untweak",     [DLX_EV_USE] = "use",
    [DLX_EV_UNUSE] = "unuse",         [DLX_EV_SKIP] = "skip",
};

/* With --detail=links: Knuth's memory table of the nodes as the search
 * starts (after --seed has reordered the lists), as parallel arrays indexed
 * by slot, and the active list's links of the headers. */
static void json_layout(json_view *v)
{
    FILE *out = v->out;
    dlx_problem *p = v->p;
    int32_t slots = dlx_node_count(p), items = dlx_item_count(p);
    static const char *const field[] = {"top", "ulink", "dlink", "color"};
    fprintf(out, ",\"layout\":{\"headers\":%" PRId32 ",\"slots\":%" PRId32, items, slots);
    for (int f = 0; f < 4; f++) {
        fprintf(out, ",\"%s\":[", field[f]);
        for (int32_t x = 0; x < slots; x++) {
            dlx_node_info n;
            dlx_node(p, x, &n);
            int32_t value = f == 0 ? n.top : f == 1 ? n.ulink : f == 2 ? n.dlink : n.color;
            fprintf(out, "%s%" PRId32, x ? "," : "", value);
        }
        fputc(']', out);
    }
    fputs(",\"spacers\":[", out);
    for (int32_t x = items + 1, first = 1; x < slots; x++) {
        dlx_node_info n;
        dlx_node(p, x, &n);
        if (n.top <= 0) {
            fprintf(out, "%s%" PRId32, first ? "" : ",", x);
            first = 0;
        }
    }
    for (int f = 0; f < 2; f++) {
        fputs(f == 0 ? "],\"llink\":[" : "],\"rlink\":[", out);
        for (int32_t x = 0; x <= items; x++) {
            int32_t l, r;
            dlx_item_links(p, x, &l, &r);
            fprintf(out, "%s%" PRId32, x ? "," : "", f == 0 ? l : r);
        }
    }
    fputs("]}", out);
}

static void json_problem(json_view *v)
{
    FILE *out = v->out;
    fputs("{\"event\":\"problem\",\"items\":[", out);
    for (int32_t i = 0; i < dlx_item_count(v->p); i++) {
        fputs(i ? ",{\"name\":" : "{\"name\":", out);
        cli_json_put_string(out, trace_item_name(v->t, i));
        fprintf(out, ",\"secondary\":%s", dlx_item_is_secondary(v->p, i) == 1 ? "true" : "false");
        int32_t lo = 1, hi = 1;
        dlx_item_bounds(v->p, i, &lo, &hi);
        if (dlx_item_is_secondary(v->p, i) != 1 && (lo != 1 || hi != 1))
            fprintf(out, ",\"lo\":%" PRId32 ",\"hi\":%" PRId32, lo, hi);
        fputc('}', out);
    }
    fputs("],\"options\":[", out);
    for (int32_t o = 0; o < dlx_option_count(v->p); o++) {
        fputs(o ? ",{\"text\":" : "{\"text\":", out);
        cli_json_put_string(out, trace_option_text(v->t, o));
        const int32_t *ids, *colors;
        int32_t n = trace_option_items(v->t, o, &ids, &colors);
        if (n < 0) {
            trace_fail(v->t);
            n = 0;
        }
        fputs(",\"items\":[", out);
        for (int32_t k = 0; k < n; k++)
            fprintf(out, "%s%" PRId32, k ? "," : "", ids[k]);
        fputs("],\"colors\":[", out);
        for (int32_t k = 0; k < n; k++)
            fprintf(out, "%s%" PRId32, k ? "," : "", colors[k]);
        fputs("]}", out);
    }
    fputc(']', out);
    if (v->o->color_name != NULL) { /* colour k + 1 is color_names[k] */
        fputs(",\"color_names\":[", out);
        const char *name;
        for (int32_t c = 1; (name = v->o->color_name(v->o->text_ctx, c)) != NULL; c++) {
            fputs(c > 1 ? "," : "", out);
            cli_json_put_string(out, name);
        }
        fputc(']', out);
    }
    fprintf(out, ",\"rule\":\"%s\"", cmd_rule_name(v->o->choose));
    /* The seed, so that a traced random run can be run again. */
    if (v->o->have_seed)
        fprintf(out, ",\"seed\":%" PRIu64, v->o->seed);
    else
        fputs(",\"seed\":null", out);
    if (v->o->detail) {
        fputs(",\"seq\":0", out);
        json_layout(v);
    }
    fputs("}\n", out);
}

static void json_event(void *view, const dlx_event *ev)
{
    json_view *v = view;
    FILE *out = v->out;
    fprintf(out, "{\"event\":\"%s\"", json_kind[ev->kind]);
    if (v->o->detail)
        fprintf(out, ",\"seq\":%" PRIu64 ",\"updates\":%" PRIu64, trace_event_seq(v->t, ev),
                trace_event_updates(v->t, ev));
    fprintf(out, ",\"level\":%" PRId32, ev->level);
    switch (ev->kind) {
    case DLX_EV_CHOOSE: {
        fprintf(out, ",\"item\":%" PRId32 ",\"remaining\":%" PRId32, ev->item, ev->remaining);
        if (v->bounded)
            fprintf(out, ",\"lo\":%" PRId32 ",\"hi\":%" PRId32 ",\"degree\":%" PRId32, ev->lo,
                    ev->hi, ev->degree);
        fputs(",\"active\":[", out);
        const int32_t *active;
        int32_t n = trace_active_items(v->t, &active);
        if (n < 0) {
            trace_fail(v->t);
            n = 0;
        }
        for (int32_t k = 0; k < n; k++) {
            int32_t item = active[k], len = dlx_item_remaining(v->p, item), lo = 1;
            fprintf(out, "%s[%" PRId32 ",%" PRId32, k ? "," : "", item, len);
            if (v->bounded) { /* and its degree */
                dlx_item_residual(v->p, item, &lo, NULL);
                fprintf(out, ",%" PRId32, len - lo + 1);
            }
            fputc(']', out);
        }
        fputc(']', out);
        if (v->o->detail) {
            /* Every item's LEN, covered and secondary ones too, and how far
             * the rule's scan of the active list went. */
            fprintf(out, ",\"scanned\":%" PRId32 ",\"lens\":[", ev->scanned);
            for (int32_t i = 0; i < dlx_item_count(v->p); i++)
                fprintf(out, "%s%" PRId32, i ? "," : "", dlx_item_remaining(v->p, i));
            fputc(']', out);
        }
        break;
    }
    case DLX_EV_COVER:
    case DLX_EV_UNCOVER:
        fprintf(out, ",\"item\":%" PRId32, ev->item);
        if (v->o->detail)
            fprintf(out, ",\"left\":%" PRId32 ",\"right\":%" PRId32, ev->left, ev->right);
        break;
    case DLX_EV_HIDE:
    case DLX_EV_UNHIDE:
    case DLX_EV_MARK:
    case DLX_EV_UNMARK:
        fprintf(out, ",\"node\":%" PRId32 ",\"option\":%" PRId32 ",\"item\":%" PRId32, ev->node,
                ev->option, ev->item);
        if (ev->kind == DLX_EV_HIDE || ev->kind == DLX_EV_UNHIDE)
            fprintf(out, ",\"up\":%" PRId32 ",\"down\":%" PRId32, ev->up, ev->down);
        else
            fprintf(out, ",\"color\":%" PRId32, ev->color);
        fprintf(out, ",\"len\":%" PRId32, ev->len);
        break;
    case DLX_EV_TWEAK:
        fprintf(out, ",\"item\":%" PRId32 ",\"option\":%" PRId32, ev->item, ev->option);
        break;
    case DLX_EV_UNTWEAK:
        fprintf(out, ",\"item\":%" PRId32 ",\"count\":%" PRId32, ev->item, ev->remaining);
        if (v->o->detail) /* the links Knuth's untweak sets (dlx.h) */
            fprintf(out, ",\"first\":%" PRId32 ",\"last\":%" PRId32 ",\"head\":%" PRId32
                         ",\"len\":%" PRId32,
                    ev->node, ev->up, ev->down, ev->len);
        break;
    case DLX_EV_USE:
    case DLX_EV_UNUSE:
        fprintf(out, ",\"item\":%" PRId32 ",\"hi\":%" PRId32, ev->item, ev->hi);
        break;
    case DLX_EV_SKIP:
        fprintf(out, ",\"item\":%" PRId32 ",\"index\":%" PRId32 ",\"of\":%" PRId32, ev->item,
                ev->index, trace_choices_at(v->t, ev->level));
        if (v->o->detail) /* hi > 0: the item leaves the active list */
            fprintf(out, ",\"hi\":%" PRId32 ",\"left\":%" PRId32 ",\"right\":%" PRId32, ev->hi,
                    ev->left, ev->right);
        break;
    case DLX_EV_TRY:
        fprintf(out, ",\"item\":%" PRId32 ",\"option\":%" PRId32 ",\"index\":%" PRId32
                     ",\"of\":%" PRId32,
                ev->item, ev->option, ev->index, trace_choices_at(v->t, ev->level));
        break;
    case DLX_EV_PURIFY:
    case DLX_EV_UNPURIFY:
        fprintf(out, ",\"item\":%" PRId32 ",\"color\":%" PRId32, ev->item, ev->color);
        if (v->o->detail)
            fprintf(out, ",\"node\":%" PRId32, ev->node);
        break;
    case DLX_EV_SOLUTION:
        fprintf(out, ",\"number\":%" PRIu64 ",\"options\":[", trace_solutions(v->t));
        for (int32_t l = 0, first = 1; l <= ev->level; l++)
            if (trace_tried_at(v->t, l) >= 0) {
                fprintf(out, "%s%" PRId32, first ? "" : ",", trace_tried_at(v->t, l));
                first = 0;
            }
        fputc(']', out);
        break;
    default: /* DEAD_END, BACKTRACK */
        fprintf(out, ",\"item\":%" PRId32, ev->item);
        break;
    }
    fputs("}\n", out);
}


static const char *status_word(int status, int limit_hit)
{
    if (limit_hit)
        return "limit";
    switch (status) {
    case DLX_OK:
        return "done";
    case DLX_STOPPED:
        return "stopped";
    case DLX_PAUSED:
        return "paused";
    default:
        return "error";
    }
}

static void json_finish(void *view, const trace_end *end)
{
    json_view *v = view;
    fprintf(v->out, "{\"event\":\"end\",\"status\":\"%s\",\"solutions\":%" PRIu64
                    ",\"nodes\":%" PRIu64 ",\"updates\":%" PRIu64 "}\n",
            status_word(end->status, end->limit_hit), end->solutions, end->nodes, end->updates);
}

static void json_close(void *view)
{
    free(view);
}

/* The first line: the problem. */
static void *json_open(search_trace *t)
{
    json_view *v = calloc(1, sizeof *v);
    if (v == NULL)
        return NULL;
    v->t = t;
    v->out = trace_out(t);
    v->p = trace_problem(t);
    v->o = trace_options(t);
    v->bounded = trace_bounded(t);
    json_problem(v);
    return v;
}

const trace_view_ops trace_view_json = {
    .name = "json",
    .format = TRACE_JSON,
    .open = json_open,
    .event = json_event,
    .finish = json_finish,
    .close = json_close,
};
