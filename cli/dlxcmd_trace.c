/* SPDX-License-Identifier: MIT */
/* dlxcmd_trace.c - the teaching views of a search (see dlxcmd_trace.h): a readable
 * log, JSON lines, or the search tree in Graphviz DOT, all written from the
 * engine's events as they happen.
 *
 * The engine reports, per level: CHOOSE (item, remaining options), then the
 * COVER of that item; TRY (option) followed by a COVER or PURIFY for each of
 * the option's other items; after a solution or a deeper level, UNCOVER or
 * UNPURIFY of those items in reverse; when the item's options are used up,
 * BACKTRACK and the UNCOVER of the item. DEAD_END follows a CHOOSE with no
 * options. The text view folds these into one line per step: the covers
 * that follow a TRY go on its line, each with the options it hides (read
 * from the item's list at the event, before the engine does the cover), and
 * the uncovers of an option go on one "undo" line.
 */
#include "dlxcmd_trace.h"
#include "common_json.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* What the line of covers or uncovers being written belongs to (text view). */
enum run_kind { RUN_NONE, RUN_TRY, RUN_UNDO };

struct search_trace {
    dlx_problem *p;
    trace_opts o;
    dlx_stats start;      /* statistics when the trace began */
    uint64_t nodes;       /* CHOOSE and SOLUTION events shown: search-tree nodes */
    uint64_t solutions;   /* SOLUTION events shown */
    int limit_hit;
    uint64_t seq0;        /* the engine's number of the event before the first shown */
    uint64_t cut_updates; /* at the limit: the updates statistic where the
                             events stopped being shown */
    int failed;           /* out of memory during the trace */

    /* Per search level, 0 .. levels-1. */
    int32_t levels;
    int32_t *item_at;     /* item chosen at the level */
    int32_t *choices_at;  /* its number of options when chosen */
    int32_t *tried_at;    /* option being tried at the level, or -1 */
    int64_t *node_at;     /* DOT: the tree node where the level's item was chosen */

    /* Text view: the line of covered / uncovered items being written. */
    enum run_kind run;
    int32_t run_level;
    int32_t run_len;      /* items written on the line so far */
    /* Options hidden by the covers of the option being tried: the engine
     * reports all of an option's covers before carrying them out, so the
     * trace itself keeps track of what the earlier ones took away. */
    uint32_t *hidden_stamp; /* per option: == stamp when hidden in this run */
    uint32_t stamp;
    int32_t *list, list_cap; /* an item's options */
    int expect_item_cover;   /* the next COVER is the chosen item's own */
    int expect_item_uncover; /* the next UNCOVER is the backed-up item's own */

    /* DOT view: the node of the option just tried, not yet written. */
    int64_t next_node;
    int64_t pending_node;    /* -1 when none */
    int64_t pending_parent;
    int32_t pending_option;

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

/* A DOT string's contents: quotes and backslashes escaped. */
static void put_dot_text(FILE *out, const char *s)
{
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            putc('\\', out);
        if (*s == '\n')
            fputs("\\n", out);
        else
            putc(*s, out);
    }
}

static void indent(const search_trace *t, int32_t level)
{
    for (int32_t k = 0; k < level; k++)
        fputs("  ", t->o.out);
}

/* --- The text view ------------------------------------------------------------- */

/* Ends the line of covers or uncovers, if one is being written. */
static void flush_run(search_trace *t)
{
    if (t->run == RUN_NONE)
        return;
    putc('\n', t->o.out);
    t->run = RUN_NONE;
    t->run_len = 0;
}

/* Up to this many options are named for what one cover hides. */
#define HIDDEN_SHOWN 4

/* 1 if option opt gives item the colour color. */
static int gives_colour(search_trace *t, int32_t opt, int32_t item, int32_t color)
{
    int32_t n = dlx_option_items(t->p, opt, NULL, NULL, 0);
    if (n <= 0 || grow_ids(t, n) != 0)
        return 0;
    dlx_option_items(t->p, opt, t->scratch_ids, t->scratch_colors, n);
    for (int32_t k = 0; k < n; k++)
        if (t->scratch_ids[k] == item)
            return t->scratch_colors[k] == color;
    return 0;
}

/* Writes, after a covered item, the options its cover takes out of the other
 * items' lists: those still in its list (all of them for a cover; for a
 * purify, those giving the item another colour), less those that the
 * option's earlier covers took already. */
static void write_hidden(search_trace *t, const dlx_event *ev)
{
    int32_t n = dlx_item_options(t->p, ev->item, NULL, 0);
    if (n <= 0)
        return;
    if (n > t->list_cap) {
        int32_t *list = realloc(t->list, (size_t)n * sizeof *list);
        if (list == NULL) {
            t->failed = 1;
            return;
        }
        t->list = list;
        t->list_cap = n;
    }
    dlx_item_options(t->p, ev->item, t->list, n);
    int32_t shown = 0, more = 0;
    for (int32_t k = 0; k < n; k++) {
        int32_t opt = t->list[k];
        if (t->hidden_stamp[opt] == t->stamp)
            continue;
        if (ev->kind == DLX_EV_PURIFY && gives_colour(t, opt, ev->item, ev->color))
            continue; /* it agrees on the colour: it stays */
        t->hidden_stamp[opt] = t->stamp;
        if (shown < HIDDEN_SHOWN)
            fprintf(t->o.out, "%s%s", shown++ ? ", " : " (hides ", option_text(t, opt));
        else
            more++;
    }
    if (more > 0)
        fprintf(t->o.out, " and %" PRId32 " more", more);
    if (shown > 0)
        putc(')', t->o.out);
}

/* Adds a covered or uncovered item to the line being written. */
static void run_add(search_trace *t, const dlx_event *ev)
{
    FILE *out = t->o.out;
    if (t->run_len == 0)
        fputs(t->run == RUN_TRY ? ": cover " : ": uncover ", out);
    else
        fputs(", ", out);
    fputs(item_name(t, ev->item), out);
    if (ev->kind == DLX_EV_PURIFY || ev->kind == DLX_EV_UNPURIFY)
        put_colour(t, ev->color);
    if (t->run == RUN_TRY)
        write_hidden(t, ev);
    t->run_len++;
}

/* Up to this many other items are listed on a "choose" line. */
#define OTHERS_SHOWN 12

static void text_choose(search_trace *t, const dlx_event *ev)
{
    FILE *out = t->o.out;
    indent(t, ev->level);
    fprintf(out, "choose %s: ", item_name(t, ev->item));
    if (ev->remaining == 0) {
        fputs("no options left: dead end\n", out);
        return;
    }
    fprintf(out, "%" PRId32 " option%s", ev->remaining, ev->remaining == 1 ? "" : "s");
    /* Why this item: the rule, and what the other active items have. */
    int32_t n = dlx_active_items(t->p, NULL, 0);
    if (grow_ids(t, n) != 0) {
        t->failed = 1;
        putc('\n', out);
        return;
    }
    dlx_active_items(t->p, t->scratch_ids, n);
    if (t->o.choose == DLX_CHOOSE_FIRST)
        fputs(", the first item left", out);
    else if (ev->remaining == 1)
        fputs(", forced", out);
    else
        fputs(", the fewest", out);
    int32_t shown = 0;
    for (int32_t k = 0; k < n; k++) {
        int32_t item = t->scratch_ids[k];
        if (item == ev->item)
            continue;
        if (shown == OTHERS_SHOWN) {
            fprintf(out, ", ...");
            break;
        }
        fprintf(out, "%s%s %" PRId32, shown ? ", " : " (others: ", item_name(t, item),
                dlx_item_remaining(t->p, item));
        shown++;
    }
    fputs(shown ? ")\n" : " (no other item left)\n", out);
}

static void text_event(search_trace *t, const dlx_event *ev)
{
    FILE *out = t->o.out;
    switch (ev->kind) {
    case DLX_EV_COVER:
    case DLX_EV_PURIFY:
        if (ev->kind == DLX_EV_COVER && t->expect_item_cover) {
            t->expect_item_cover = 0; /* the chosen item's own cover: said already */
            return;
        }
        if (t->run == RUN_TRY)
            run_add(t, ev);
        return;
    case DLX_EV_UNCOVER:
    case DLX_EV_UNPURIFY:
        if (ev->kind == DLX_EV_UNCOVER && t->expect_item_uncover) {
            t->expect_item_uncover = 0;
            return;
        }
        if (t->run != RUN_UNDO || t->run_level != ev->level) {
            flush_run(t);
            t->run = RUN_UNDO;
            t->run_level = ev->level;
            indent(t, ev->level);
            fprintf(out, "undo %s", option_text(t, t->tried_at[ev->level]));
        }
        run_add(t, ev);
        return;
    default:
        break;
    }
    flush_run(t);
    switch (ev->kind) {
    case DLX_EV_CHOOSE:
        text_choose(t, ev);
        break;
    case DLX_EV_TRY:
        indent(t, ev->level);
        fprintf(out, "try %s [%" PRId32 " of %" PRId32 "]", option_text(t, ev->option),
                ev->index + 1, t->choices_at[ev->level]);
        t->run = RUN_TRY; /* its covers follow, on the same line */
        t->run_level = ev->level;
        t->stamp++;       /* nothing hidden by this option's covers yet */
        if (t->stamp == 0) {
            memset(t->hidden_stamp, 0, (size_t)dlx_option_count(t->p) * sizeof *t->hidden_stamp);
            t->stamp = 1;
        }
        break;
    case DLX_EV_SOLUTION:
        indent(t, ev->level + 1);
        fprintf(out, "solution %" PRIu64 ":", t->solutions);
        for (int32_t l = 0; l <= ev->level; l++)
            if (t->tried_at[l] >= 0)
                fprintf(out, "%s %s", l ? ";" : "", option_text(t, t->tried_at[l]));
        putc('\n', out);
        break;
    case DLX_EV_BACKTRACK:
        if (t->choices_at[ev->level] > 0) { /* a dead end said so already */
            indent(t, ev->level);
            fprintf(out, "%s: no more options: back up\n", item_name(t, ev->item));
        }
        break;
    default: /* DEAD_END: written with its CHOOSE */
        break;
    }
}

/* --- The JSON view ------------------------------------------------------------------ */

static const char *const json_kind[] = {
    [DLX_EV_CHOOSE] = "choose",   [DLX_EV_TRY] = "try",
    [DLX_EV_COVER] = "cover",     [DLX_EV_UNCOVER] = "uncover",
    [DLX_EV_PURIFY] = "purify",   [DLX_EV_UNPURIFY] = "unpurify",
    [DLX_EV_SOLUTION] = "solution", [DLX_EV_DEAD_END] = "dead_end",
    [DLX_EV_BACKTRACK] = "backtrack", [DLX_EV_HIDE] = "hide",
    [DLX_EV_UNHIDE] = "unhide",   [DLX_EV_MARK] = "mark",
    [DLX_EV_UNMARK] = "unmark",
};

/* With --detail=links: Knuth's memory table of the nodes as the search
 * starts (after --seed has reordered the lists), as parallel arrays indexed
 * by slot, and the active list's links of the headers. */
static void json_layout(search_trace *t)
{
    FILE *out = t->o.out;
    dlx_problem *p = t->p;
    int32_t slots = dlx_node_count(p), items = dlx_item_count(p);
    static const char *const field[] = {"top", "ulink", "dlink", "color"};
    fprintf(out, ",\"layout\":{\"headers\":%" PRId32 ",\"slots\":%" PRId32, items, slots);
    for (int f = 0; f < 4; f++) {
        fprintf(out, ",\"%s\":[", field[f]);
        for (int32_t x = 0; x < slots; x++) {
            dlx_node_info n;
            dlx_node(p, x, &n);
            int32_t v = f == 0 ? n.top : f == 1 ? n.ulink : f == 2 ? n.dlink : n.color;
            fprintf(out, "%s%" PRId32, x ? "," : "", v);
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

static void json_problem(search_trace *t)
{
    FILE *out = t->o.out;
    fputs("{\"event\":\"problem\",\"items\":[", out);
    for (int32_t i = 0; i < dlx_item_count(t->p); i++) {
        fputs(i ? ",{\"name\":" : "{\"name\":", out);
        cli_json_put_string(out, item_name(t, i));
        fprintf(out, ",\"secondary\":%s}", dlx_item_is_secondary(t->p, i) == 1 ? "true" : "false");
    }
    fputs("],\"options\":[", out);
    for (int32_t o = 0; o < dlx_option_count(t->p); o++) {
        fputs(o ? ",{\"text\":" : "{\"text\":", out);
        cli_json_put_string(out, option_text(t, o));
        int32_t n = dlx_option_items(t->p, o, NULL, NULL, 0);
        if (grow_ids(t, n) != 0) {
            t->failed = 1;
            n = 0;
        }
        dlx_option_items(t->p, o, t->scratch_ids, t->scratch_colors, n);
        fputs(",\"items\":[", out);
        for (int32_t k = 0; k < n; k++)
            fprintf(out, "%s%" PRId32, k ? "," : "", t->scratch_ids[k]);
        fputs("],\"colors\":[", out);
        for (int32_t k = 0; k < n; k++)
            fprintf(out, "%s%" PRId32, k ? "," : "", t->scratch_colors[k]);
        fputs("]}", out);
    }
    fputc(']', out);
    if (t->o.color_name != NULL) { /* colour k + 1 is color_names[k] */
        fputs(",\"color_names\":[", out);
        const char *name;
        for (int32_t c = 1; (name = t->o.color_name(t->o.text_ctx, c)) != NULL; c++) {
            fputs(c > 1 ? "," : "", out);
            cli_json_put_string(out, name);
        }
        fputc(']', out);
    }
    fprintf(out, ",\"rule\":\"%s\"",
            t->o.choose == DLX_CHOOSE_FIRST      ? "first"
            : t->o.choose == DLX_CHOOSE_MRV_FULL ? "knuth"
                                                 : "mrv");
    if (t->o.detail) {
        if (t->o.have_seed)
            fprintf(out, ",\"seed\":%" PRIu64, t->o.seed);
        else
            fputs(",\"seed\":null", out);
        fputs(",\"seq\":0", out);
        json_layout(t);
    }
    fputs("}\n", out);
}

static void json_event(search_trace *t, const dlx_event *ev)
{
    FILE *out = t->o.out;
    fprintf(out, "{\"event\":\"%s\"", json_kind[ev->kind]);
    if (t->o.detail)
        fprintf(out, ",\"seq\":%" PRIu64 ",\"updates\":%" PRIu64, ev->seq - t->seq0,
                ev->updates - t->start.updates);
    fprintf(out, ",\"level\":%" PRId32, ev->level);
    switch (ev->kind) {
    case DLX_EV_CHOOSE: {
        fprintf(out, ",\"item\":%" PRId32 ",\"remaining\":%" PRId32 ",\"active\":[", ev->item,
                ev->remaining);
        int32_t n = dlx_active_items(t->p, NULL, 0);
        if (grow_ids(t, n) != 0) {
            t->failed = 1;
            n = 0;
        }
        dlx_active_items(t->p, t->scratch_ids, n);
        for (int32_t k = 0; k < n; k++)
            fprintf(out, "%s[%" PRId32 ",%" PRId32 "]", k ? "," : "", t->scratch_ids[k],
                    dlx_item_remaining(t->p, t->scratch_ids[k]));
        fputc(']', out);
        if (t->o.detail) {
            /* Every item's LEN, covered and secondary ones too, and how far
             * the rule's scan of the active list went. */
            fprintf(out, ",\"scanned\":%" PRId32 ",\"lens\":[", ev->scanned);
            for (int32_t i = 0; i < dlx_item_count(t->p); i++)
                fprintf(out, "%s%" PRId32, i ? "," : "", dlx_item_remaining(t->p, i));
            fputc(']', out);
        }
        break;
    }
    case DLX_EV_COVER:
    case DLX_EV_UNCOVER:
        fprintf(out, ",\"item\":%" PRId32, ev->item);
        if (t->o.detail)
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
    case DLX_EV_TRY:
        fprintf(out, ",\"item\":%" PRId32 ",\"option\":%" PRId32 ",\"index\":%" PRId32
                     ",\"of\":%" PRId32,
                ev->item, ev->option, ev->index, t->choices_at[ev->level]);
        break;
    case DLX_EV_PURIFY:
    case DLX_EV_UNPURIFY:
        fprintf(out, ",\"item\":%" PRId32 ",\"color\":%" PRId32, ev->item, ev->color);
        if (t->o.detail)
            fprintf(out, ",\"node\":%" PRId32, ev->node);
        break;
    case DLX_EV_SOLUTION:
        fprintf(out, ",\"number\":%" PRIu64 ",\"options\":[", t->solutions);
        for (int32_t l = 0, first = 1; l <= ev->level; l++)
            if (t->tried_at[l] >= 0) {
                fprintf(out, "%s%" PRId32, first ? "" : ",", t->tried_at[l]);
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

/* --- The DOT view ----------------------------------------------------------------------
 * Node n0 is the root; every option tried becomes a node, child of the node
 * where its item was chosen. A node is written once its fate is known: the
 * item chosen below it (a dead end when that item has no options), or a
 * solution. */

static void dot_node(search_trace *t, int64_t node, int64_t parent, int32_t option,
                     const char *below, const char *style)
{
    FILE *out = t->o.out;
    fprintf(out, "  n%" PRId64 " [label=\"", node);
    put_dot_text(out, option >= 0 ? option_text(t, option) : "start");
    if (below != NULL) {
        fputs("\\n", out);
        put_dot_text(out, below);
    }
    fprintf(out, "\"%s];\n", style);
    if (parent >= 0)
        fprintf(out, "  n%" PRId64 " -> n%" PRId64 ";\n", parent, node);
}

/* Writes the node of the option tried last, if it is still to be written. */
static void dot_flush(search_trace *t, const char *below, const char *style)
{
    if (t->pending_node < 0)
        return;
    dot_node(t, t->pending_node, t->pending_parent, t->pending_option, below, style);
    t->pending_node = -1;
}

static void dot_event(search_trace *t, const dlx_event *ev)
{
    char below[160];
    switch (ev->kind) {
    case DLX_EV_CHOOSE:
        if (ev->remaining == 0)
            snprintf(below, sizeof below, "%s: no options\ndead end", item_name(t, ev->item));
        else
            snprintf(below, sizeof below, "choose %s (%" PRId32 ")", item_name(t, ev->item),
                     ev->remaining);
        if (ev->level == 0 && t->pending_node < 0) {
            t->node_at[0] = t->next_node++;
            dot_node(t, t->node_at[0], -1, -1, below, "");
        } else {
            t->node_at[ev->level] = t->pending_node;
            dot_flush(t, below,
                      ev->remaining == 0 ? ", color=\"#b03030\", fontcolor=\"#b03030\"" : "");
        }
        break;
    case DLX_EV_TRY:
        t->pending_node = t->next_node++;
        t->pending_parent = t->node_at[ev->level];
        t->pending_option = ev->option;
        break;
    case DLX_EV_SOLUTION:
        snprintf(below, sizeof below, "solution %" PRIu64, t->solutions);
        if (t->pending_node < 0) /* a problem solved by no choice at all */
            dot_node(t, t->next_node++, -1, -1, below, ", style=\"rounded,filled\", fillcolor=\"#c8f0c8\"");
        else
            dot_flush(t, below, ", style=\"rounded,filled\", fillcolor=\"#c8f0c8\", penwidth=2");
        break;
    default:
        break;
    }
}

/* --- The hook -------------------------------------------------------------------------- */

int trace_event(void *ctx, const dlx_event *ev)
{
    search_trace *t = ctx;
    if (t->limit_hit)
        return 1; /* the search is on its way out: stay quiet */
    if (ev->level < 0 || ev->level >= t->levels || (unsigned)ev->kind > DLX_EV_UNMARK)
        return 0; /* cannot happen: levels never outnumber the items */
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
        t->choices_at[ev->level] = ev->remaining;
        t->tried_at[ev->level] = -1;
        t->expect_item_cover = 1;
        break;
    case DLX_EV_TRY:
        t->tried_at[ev->level] = ev->option;
        break;
    case DLX_EV_SOLUTION:
        t->solutions++;
        break;
    case DLX_EV_BACKTRACK:
        t->expect_item_uncover = 1;
        break;
    default:
        break;
    }
    if (t->o.format == TRACE_TEXT)
        text_event(t, ev);
    else if (t->o.format == TRACE_JSON)
        json_event(t, ev);
    else
        dot_event(t, ev);
    if (ev->kind == DLX_EV_BACKTRACK)
        t->tried_at[ev->level] = -1;
    return t->failed;
}

search_trace *trace_new(dlx_problem *p, const trace_opts *opts)
{
    search_trace *t = calloc(1, sizeof *t);
    if (t == NULL)
        return NULL;
    t->p = p;
    t->o = *opts;
    if (t->o.out == NULL)
        t->o.out = stdout;
    dlx_get_stats(p, &t->start);
    t->seq0 = UINT64_MAX;
    if (t->o.detail && dlx_set_detail(p, DLX_DETAIL_LINKS) != DLX_OK) {
        free(t);
        return NULL;
    }
    /* Every level covers at least one primary item, so there are never more
     * levels than items; one more for the solution below the last. */
    t->levels = dlx_item_count(p) + 2;
    size_t n = (size_t)t->levels;
    t->item_at = malloc(n * sizeof *t->item_at);
    t->choices_at = calloc(n, sizeof *t->choices_at);
    t->tried_at = malloc(n * sizeof *t->tried_at);
    t->node_at = calloc(n, sizeof *t->node_at);
    t->hidden_stamp = calloc((size_t)dlx_option_count(p) + 1, sizeof *t->hidden_stamp);
    if (t->item_at == NULL || t->choices_at == NULL || t->tried_at == NULL || t->node_at == NULL ||
        t->hidden_stamp == NULL) {
        trace_free(t);
        return NULL;
    }
    for (size_t k = 0; k < n; k++)
        t->tried_at[k] = -1;
    t->pending_node = -1;

    FILE *out = t->o.out;
    switch (t->o.format) {
    case TRACE_TEXT: {
        int32_t items = dlx_item_count(p), secondary = 0;
        for (int32_t i = 0; i < items; i++)
            secondary += dlx_item_is_secondary(p, i) == 1;
        fprintf(out, "trace of the search: %" PRId32 " items", items);
        if (secondary > 0)
            fprintf(out, " (%" PRId32 " secondary)", secondary);
        fprintf(out, ", %" PRId32 " options; the item to branch on is %s\n",
                dlx_option_count(p),
                t->o.choose == DLX_CHOOSE_FIRST ? "the first one left"
                                                : "the one with the fewest options left");
        break;
    }
    case TRACE_JSON:
        json_problem(t);
        break;
    case TRACE_DOT:
        fputs("digraph search {\n"
              "  node [shape=box, style=rounded, fontname=\"Helvetica\"];\n",
              out);
        break;
    }
    if (t->failed) {
        trace_free(t);
        return NULL;
    }
    dlx_set_event_fn(p, trace_event, t);
    return t;
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

int trace_finish(search_trace *t, int status)
{
    FILE *out = t->o.out;
    dlx_stats now;
    dlx_get_stats(t->p, &now);
    /* Counted from the events shown, so that a stream cut at the limit
     * agrees with its own totals (the engine has gone a step further). */
    uint64_t nodes = t->nodes, solutions = t->solutions;
    uint64_t updates = (t->limit_hit ? t->cut_updates : now.updates) - t->start.updates;
    switch (t->o.format) {
    case TRACE_TEXT:
        flush_run(t);
        if (t->limit_hit)
            fprintf(out, "trace stopped: more than %" PRIu64 " search-tree nodes\n",
                    t->o.max_nodes);
        fprintf(out, "%s: %" PRIu64 " solution%s, %" PRIu64 " node%s, %" PRIu64 " update%s\n",
                status == DLX_OK && !t->limit_hit ? "done" : "stopped", solutions,
                solutions == 1 ? "" : "s", nodes, nodes == 1 ? "" : "s", updates,
                updates == 1 ? "" : "s");
        break;
    case TRACE_JSON:
        fprintf(out, "{\"event\":\"end\",\"status\":\"%s\",\"solutions\":%" PRIu64
                     ",\"nodes\":%" PRIu64 ",\"updates\":%" PRIu64 "}\n",
                status_word(status, t->limit_hit), solutions, nodes, updates);
        break;
    case TRACE_DOT:
        dot_flush(t, "(not explored)", ", style=dashed");
        if (t->limit_hit)
            fprintf(out, "  // stopped: more than %" PRIu64 " search-tree nodes\n", t->o.max_nodes);
        fputs("}\n", out);
        break;
    }
    if (fflush(out) != 0 || ferror(out))
        return -1;
    return t->failed ? -1 : 0;
}

int trace_limit_hit(const search_trace *t) { return t->limit_hit; }

void trace_free(search_trace *t)
{
    if (t == NULL)
        return;
    dlx_set_event_fn(t->p, NULL, NULL);
    dlx_set_detail(t->p, 0);
    free(t->item_at);
    free(t->choices_at);
    free(t->tried_at);
    free(t->node_at);
    free(t->hidden_stamp);
    free(t->list);
    free(t->scratch_ids);
    free(t->scratch_colors);
    free(t->text);
    free(t);
}
