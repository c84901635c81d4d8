/* SPDX-License-Identifier: MIT */
/* trace/trace.c - the teaching views of a search (see trace.h): a readable
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
 *
 * A problem with bounds (Algorithm M) adds TWEAK (the option tried is set
 * aside for the level's later branches), USE/UNUSE (an item of the option
 * takes one more option and stays active), SKIP (the null move: the item
 * takes nothing more) and UNTWEAK (the set-aside options go back); CHOOSE
 * then says how many more options the item needs and may take, and the
 * number of branches, Knuth's degree. All three views show them.
 */
#include "trace.h"
#include "common_json.h"
#include "view.h"
#include "dlxcmd_rules.h"

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

    int bounded;          /* the problem has bounds: Algorithm M's events */

    /* Per search level, 0 .. levels-1. */
    int32_t levels;
    int32_t *item_at;     /* item chosen at the level */
    int32_t *choices_at;  /* its number of branches when chosen (its options,
                             without bounds) */
    unsigned char *covered_at; /* the level covered its item (a BACKTRACK is
                                  then followed by the item's UNCOVER) */
    int32_t *tried_at;    /* option being tried at the level, or -1 */

    /* Text view: the line of covered / uncovered items being written. */
    enum run_kind run;
    int32_t run_level;
    int32_t run_len;      /* items written on the line so far */
    const char *run_verb; /* the verb of the last of them: "cover", "use", ... */
    /* Options hidden by the covers of the option being tried: the engine
     * reports all of an option's covers before carrying them out, so the
     * trace itself keeps track of what the earlier ones took away. */
    uint32_t *hidden_stamp; /* per option: == stamp when hidden in this run */
    uint32_t stamp;
    int32_t *list, list_cap; /* an item's options */
    int expect_item_cover;   /* the next COVER is the chosen item's own */
    int expect_item_uncover; /* the next UNCOVER is the backed-up item's own */

    /* The views of their own modules (view.h); NULL unless chosen. */
    matrix_view *matrix;
    links_view *links;
    tree_view *tree;

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

/* --- What the views share (view.h) --------------------------------------------- */

dlx_problem *trace_problem(const search_trace *t) { return t->p; }
FILE *trace_out(const search_trace *t) { return t->o.out; }
const trace_opts *trace_options(const search_trace *t) { return &t->o; }
const char *trace_item_name(const search_trace *t, int32_t item) { return item_name(t, item); }
const char *trace_option_text(search_trace *t, int32_t opt) { return option_text(t, opt); }
void trace_put_colour(const search_trace *t, int32_t color) { put_colour(t, color); }
void trace_indent(const search_trace *t, int32_t level) { indent(t, level); }
int32_t trace_tried_at(const search_trace *t, int32_t level) { return t->tried_at[level]; }
int32_t trace_choices_at(const search_trace *t, int32_t level) { return t->choices_at[level]; }
uint64_t trace_solutions(const search_trace *t) { return t->solutions; }
void trace_fail(search_trace *t) { t->failed = 1; }

/* A line of its own at the level's indentation. */
static void fputs_level(const search_trace *t, int32_t level, const char *s)
{
    indent(t, level);
    fputs(s, t->o.out);
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
    t->run_verb = NULL;
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
static void run_add(search_trace *t, const dlx_event *ev)
{
    FILE *out = t->o.out;
    const char *verb = run_verb(ev->kind);
    if (t->run_len == 0)
        fprintf(out, ": %s", verb);
    else if (verb != t->run_verb)
        fprintf(out, "; %s", verb);
    else
        fputs(",", out);
    t->run_verb = verb;
    t->run_len++;
    if (ev->kind == DLX_EV_TWEAK)
        return; /* the option set aside is the one on this line */
    putc(' ', out);
    fputs(item_name(t, ev->item), out);
    if (ev->kind == DLX_EV_PURIFY || ev->kind == DLX_EV_UNPURIFY)
        put_colour(t, ev->color);
    if (ev->kind == DLX_EV_USE)
        fprintf(out, " (%" PRId32 " more at most)", ev->hi);
    if (t->run == RUN_TRY && (ev->kind == DLX_EV_COVER || ev->kind == DLX_EV_PURIFY))
        write_hidden(t, ev);
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

static void text_choose(search_trace *t, const dlx_event *ev)
{
    FILE *out = t->o.out;
    indent(t, ev->level);
    fprintf(out, "choose %s: ", item_name(t, ev->item));
    if (t->bounded && (ev->lo != 1 || ev->hi != 1)) {
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
    if (t->bounded && ev->degree != ev->remaining)
        fprintf(out, ", %" PRId32 " branch%s", ev->degree, ev->degree == 1 ? "" : "es");
    /* Why this item: the rule, and what the other active items have. */
    int32_t n = dlx_active_items(t->p, NULL, 0);
    if (grow_ids(t, n) != 0) {
        t->failed = 1;
        putc('\n', out);
        return;
    }
    dlx_active_items(t->p, t->scratch_ids, n);
    /* The rule (DLX1's) compares every active item: its scan stops early
     * only at a dead end, said above. */
    if (t->o.choose == DLX_CHOOSE_FIRST)
        fputs(", the first item left", out);
    else if (ev->degree == 1)
        fputs(", forced", out);
    else
        fputs(", the fewest", out);
    /* With bounds the others are compared by their branches too. */
    int32_t shown = 0, limit = t->o.others_shown;
    const char *open = t->bounded ? " (others' branches: " : " (others: ";
    for (int32_t k = 0; k < n; k++) {
        int32_t item = t->scratch_ids[k];
        if (item == ev->item)
            continue;
        if (limit > 0 && shown == limit) {
            int32_t more = n - 1 - shown;
            fprintf(out, ", ... and %" PRId32 " more: --others=all shows them", more);
            break;
        }
        int32_t len = dlx_item_remaining(t->p, item), lo = 1;
        if (t->bounded)
            dlx_item_residual(t->p, item, &lo, NULL);
        fprintf(out, "%s%s %" PRId32, open, item_name(t, item), len - lo + 1);
        open = ", ";
        shown++;
    }
    fputs(shown ? ")\n" : " (no other item left)\n", out);
    if (t->bounded && ev->hi > 1)
        fputs_level(t, ev->level,
                    "(it stays active: each option tried is set aside for the next branches)\n");
}

static void text_event(search_trace *t, const dlx_event *ev)
{
    FILE *out = t->o.out;
    switch (ev->kind) {
    case DLX_EV_COVER:
    case DLX_EV_PURIFY:
    case DLX_EV_USE:
    case DLX_EV_TWEAK:
        if (ev->kind == DLX_EV_COVER && t->expect_item_cover) {
            t->expect_item_cover = 0; /* the chosen item's own cover: said already */
            return;
        }
        if (t->run == RUN_TRY)
            run_add(t, ev);
        return;
    case DLX_EV_UNTWEAK:
        flush_run(t);
        indent(t, ev->level);
        fprintf(out, "%s: the %" PRId32 " option%s set aside go%s back\n", item_name(t, ev->item),
                ev->remaining, ev->remaining == 1 ? "" : "s", ev->remaining == 1 ? "es" : "");
        return;
    case DLX_EV_UNCOVER:
    case DLX_EV_UNPURIFY:
    case DLX_EV_UNUSE:
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
    case DLX_EV_SKIP:
        indent(t, ev->level);
        fprintf(out, "skip %s: it takes no more options [%" PRId32 " of %" PRId32 "]\n",
                item_name(t, ev->item), ev->index + 1, t->choices_at[ev->level]);
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
            fprintf(out, "%s: no more %s: back up\n", item_name(t, ev->item),
                    t->bounded ? "branches" : "options");
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
    [DLX_EV_UNMARK] = "unmark",   [DLX_EV_TWEAK] = "tweak",
    [DLX_EV_UNTWEAK] = "untweak",     [DLX_EV_USE] = "use",
    [DLX_EV_UNUSE] = "unuse",         [DLX_EV_SKIP] = "skip",
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
        fprintf(out, ",\"secondary\":%s", dlx_item_is_secondary(t->p, i) == 1 ? "true" : "false");
        int32_t lo = 1, hi = 1;
        dlx_item_bounds(t->p, i, &lo, &hi);
        if (dlx_item_is_secondary(t->p, i) != 1 && (lo != 1 || hi != 1))
            fprintf(out, ",\"lo\":%" PRId32 ",\"hi\":%" PRId32, lo, hi);
        fputc('}', out);
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
    fprintf(out, ",\"rule\":\"%s\"", cmd_rule_name(t->o.choose));
    /* The seed, so that a traced random run can be run again. */
    if (t->o.have_seed)
        fprintf(out, ",\"seed\":%" PRIu64, t->o.seed);
    else
        fputs(",\"seed\":null", out);
    if (t->o.detail) {
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
        fprintf(out, ",\"item\":%" PRId32 ",\"remaining\":%" PRId32, ev->item, ev->remaining);
        if (t->bounded)
            fprintf(out, ",\"lo\":%" PRId32 ",\"hi\":%" PRId32 ",\"degree\":%" PRId32, ev->lo,
                    ev->hi, ev->degree);
        fputs(",\"active\":[", out);
        int32_t n = dlx_active_items(t->p, NULL, 0);
        if (grow_ids(t, n) != 0) {
            t->failed = 1;
            n = 0;
        }
        dlx_active_items(t->p, t->scratch_ids, n);
        for (int32_t k = 0; k < n; k++) {
            int32_t item = t->scratch_ids[k], len = dlx_item_remaining(t->p, item), lo = 1;
            fprintf(out, "%s[%" PRId32 ",%" PRId32, k ? "," : "", item, len);
            if (t->bounded) { /* and its degree */
                dlx_item_residual(t->p, item, &lo, NULL);
                fprintf(out, ",%" PRId32, len - lo + 1);
            }
            fputc(']', out);
        }
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
    case DLX_EV_TWEAK:
        fprintf(out, ",\"item\":%" PRId32 ",\"option\":%" PRId32, ev->item, ev->option);
        break;
    case DLX_EV_UNTWEAK:
        fprintf(out, ",\"item\":%" PRId32 ",\"count\":%" PRId32, ev->item, ev->remaining);
        break;
    case DLX_EV_USE:
    case DLX_EV_UNUSE:
        fprintf(out, ",\"item\":%" PRId32 ",\"hi\":%" PRId32, ev->item, ev->hi);
        break;
    case DLX_EV_SKIP:
        fprintf(out, ",\"item\":%" PRId32 ",\"index\":%" PRId32 ",\"of\":%" PRId32, ev->item,
                ev->index, t->choices_at[ev->level]);
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
        t->expect_item_cover = t->covered_at[ev->level];
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
    case DLX_EV_BACKTRACK:
        t->expect_item_uncover = t->covered_at[ev->level];
        break;
    default:
        break;
    }
    switch (t->o.format) {
    case TRACE_TEXT:
        if (ev->kind < DLX_EV_HIDE || ev->kind > DLX_EV_UNMARK)
            text_event(t, ev);
        break;
    case TRACE_JSON:
        json_event(t, ev);
        break;
    case TRACE_MATRIX:
        matrix_event(t->matrix, ev);
        break;
    case TRACE_LINKS:
        links_event(t->links, ev);
        break;
    case TRACE_DOT:
        tree_event(t->tree, ev);
        break;
    }
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
    if ((t->o.detail || t->o.format == TRACE_LINKS) &&
        dlx_set_detail(p, DLX_DETAIL_LINKS) != DLX_OK) {
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
    t->hidden_stamp = calloc((size_t)dlx_option_count(p) + 1, sizeof *t->hidden_stamp);
    if (t->item_at == NULL || t->choices_at == NULL || t->tried_at == NULL ||
        t->hidden_stamp == NULL || t->covered_at == NULL) {
        trace_free(t);
        return NULL;
    }
    for (size_t k = 0; k < n; k++)
        t->tried_at[k] = -1;

    FILE *out = t->o.out;
    switch (t->o.format) {
    case TRACE_TEXT: {
        int32_t items = dlx_item_count(p), secondary = 0;
        for (int32_t i = 0; i < items; i++)
            secondary += dlx_item_is_secondary(p, i) == 1;
        int32_t options = dlx_option_count(p);
        fprintf(out, "trace of the search: %" PRId32 " item%s", items, items == 1 ? "" : "s");
        if (secondary > 0)
            fprintf(out, " (%" PRId32 " secondary)", secondary);
        fprintf(out, ", %" PRId32 " option%s; the item to branch on is %s", options,
                options == 1 ? "" : "s",
                t->o.choose == DLX_CHOOSE_FIRST ? "the first one left"
                : t->bounded ? "the one with the fewest branches left (Knuth's degree: options "
                               "left, less the options it still needs, plus one)"
                : t->o.choose == DLX_CHOOSE_MRV_RECENT
                    ? "the one with the fewest options left, ties going to an item the last "
                      "choice took options from"
                : t->o.choose == DLX_CHOOSE_MRV_PATH
                    ? "the one with the fewest options left, ties going to the items the last "
                      "path chose, in its order"
                    : "the one with the fewest options left");
        if (t->o.have_seed)
            fprintf(out, "; seed %" PRIu64 " (ties broken and options ordered at random)",
                    t->o.seed);
        putc('\n', out);
        break;
    }
    case TRACE_JSON:
        json_problem(t);
        break;
    case TRACE_MATRIX:
        t->matrix = matrix_new(t);
        break;
    case TRACE_LINKS:
        t->links = links_new(t);
        break;
    case TRACE_DOT:
        t->tree = tree_new(t);
        break;
    }
    if ((t->o.format == TRACE_MATRIX && t->matrix == NULL) ||
        (t->o.format == TRACE_LINKS && t->links == NULL) ||
        (t->o.format == TRACE_DOT && t->tree == NULL))
        t->failed = 1;
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
    case TRACE_MATRIX:
    case TRACE_LINKS:
        if (t->o.format == TRACE_TEXT)
            flush_run(t);
        else if (t->o.format == TRACE_MATRIX)
            matrix_finish(t->matrix);
        else
            links_finish(t->links);
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
        tree_finish(t->tree, t->limit_hit);
        break;
    }
    if (fflush(out) != 0 || ferror(out))
        return -1;
    return t->failed ? -1 : 0;
}

int trace_limit_hit(const search_trace *t) { return t->limit_hit; }

void trace_tree_counts(const search_trace *t, uint64_t *drawn, uint64_t *folded)
{
    *drawn = *folded = 0;
    if (t->tree != NULL)
        tree_counts(t->tree, drawn, folded);
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
    matrix_free(t->matrix);
    links_free(t->links);
    tree_free(t->tree);
    free(t->hidden_stamp);
    free(t->list);
    free(t->scratch_ids);
    free(t->scratch_colors);
    free(t->text);
    free(t);
}
