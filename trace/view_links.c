/* SPDX-License-Identifier: MIT */
/* trace/view_links.c - `dlx --trace=links`: the dance itself. First Knuth's
 * memory table as the search starts (TAOCP 7.2.2.1; the layout of DLX1,
 * which the engine keeps: see dlx_node() in dlx.h), then, indented by level,
 * every assignment the engine makes, as it makes it, and its undoing:
 *
 *   cover A: RLINK[0]: 1 -> 2, LLINK[2]: 1 -> 0
 *     hide 14 (D of A D G): DLINK[4]: 14 -> 22, ULINK[22]: 14 -> 4, LEN[D]: 3 -> 2
 *
 * Everything comes from the link-detail events (DLX_DETAIL_LINKS): a hide
 * names the node and its ULINK and DLINK, which it keeps while it is out, so
 * the old and new values of the two links it rewires are known without
 * simulating anything. Before a hide DLINK[up] is the node and ULINK[down]
 * too; after it they point past it. An unhide puts them back.
 *
 * With bounds (Algorithm M) the same, and M's own moves: a choice says the
 * item's bounds lo..hi, how many options it has taken so far and what it
 * still needs; a TWEAK is followed by the HIDEs of the option tried (its
 * other nodes while the item is still active, then the item's own node);
 * a USE lowers an item's residual bound without covering it; the null move
 * (SKIP) takes the item off the active list, and it is put back just before
 * the level's BACKTRACK; an UNTWEAK sets the item's list back at once, as
 * Knuth's untweak does, in its order: the item's DLINK, the ULINK of each
 * option put back, top to bottom (with, while the item is active, the
 * UNHIDEs of that option's other nodes), and last the ULINK of the list's
 * head and the item's LEN.
 *
 *   choose x1 (bounds 1..3, taken 0 so far): 3 options, needs 1..3 more, 4 branches
 *   try 00 x01 y01 [1 of 4]
 *   tweak 00 x01 y01: out of x1's list for the rest of the level
 *     hide 25 (y1 of 00 x01 y01): DLINK[20]: 25 -> 33, ULINK[33]: 25 -> 20, LEN[y1]: 3 -> 2
 *     hide 24 (x1 of 00 x01 y01): DLINK[17]: 24 -> 32, ULINK[32]: 24 -> 17, LEN[x1]: 3 -> 2
 */
#include "view.h"

#include <inttypes.h>
#include <stdlib.h>

typedef struct links_view {
    search_trace *t;
    FILE *out;
    /* An uncover puts its options back first and relinks the header last:
     * the relinking is written once the unhides are. */
    int relink;
    int32_t relink_level, relink_item, relink_left, relink_right;
    /* Algorithm M: the item whose tweaks an UNTWEAK is putting back (-1
     * none), and per level the null move's item (-1 none), taken off the
     * active list between skip_left and skip_right until the BACKTRACK. */
    int32_t untweak_item;
    int32_t untweak_level, untweak_head, untweak_last, untweak_len, untweak_count;
    int32_t levels;
    int32_t *skip_item, *skip_left, *skip_right;
} links_view;

static void flush_relink(links_view *v)
{
    if (!v->relink)
        return;
    v->relink = 0;
    int32_t x = v->relink_item + 1;
    trace_indent(v->t, v->relink_level);
    fprintf(v->out,
            "RLINK[%" PRId32 "]: %" PRId32 " -> %" PRId32 ", LLINK[%" PRId32 "]: %" PRId32
            " -> %" PRId32 " (%s is back in the item list)\n",
            v->relink_left, v->relink_right, x, v->relink_right, v->relink_left, x,
            trace_item_name(v->t, v->relink_item));
}

/* The untweak's last assignments, once its options are back (the next
 * event that is not one of their UNHIDEs). */
static void flush_untweak(links_view *v)
{
    if (v->untweak_item < 0)
        return;
    int32_t x = v->untweak_item + 1;
    const char *name = trace_item_name(v->t, v->untweak_item);
    trace_indent(v->t, v->untweak_level + 1);
    fprintf(v->out,
            "ULINK[%" PRId32 "]: %" PRId32 " -> %" PRId32 ", LEN[%s]: %" PRId32 " -> %" PRId32
            " (%s's list whole again)\n",
            v->untweak_head, x, v->untweak_last, name, v->untweak_len - v->untweak_count,
            v->untweak_len, name);
    v->untweak_item = -1;
}

/* "D of A D G": the node's item and its option. */
static void put_node(links_view *v, int32_t node, int32_t item, int32_t option)
{
    fprintf(v->out, "%" PRId32 " (%s of %s)", node, trace_item_name(v->t, item),
            trace_option_text(v->t, option));
}

static void memory_table(links_view *v)
{
    FILE *out = v->out;
    dlx_problem *p = trace_problem(v->t);
    int32_t items = dlx_item_count(p), slots = dlx_node_count(p);
    fprintf(out, "links of the search: Knuth's memory table (TAOCP 7.2.2.1), %" PRId32
                 " slots; then every link the search changes\n",
            slots);
    fputs("the items: the active list through LLINK and RLINK, header 0 its root\n"
          "     x  LLINK  RLINK  NAME\n",
          out);
    for (int32_t x = 0; x <= items; x++) {
        int32_t l, r;
        dlx_item_links(p, x, &l, &r);
        fprintf(out, "  %4" PRId32 "  %5" PRId32 "  %5" PRId32 "  %s%s\n", x, l, r,
                x == 0 ? "(root)" : trace_item_name(v->t, x - 1),
                x > 0 && dlx_item_is_secondary(p, x - 1) == 1 ? " (secondary: never in the list)"
                                                              : "");
    }
    fputs("the nodes: a header's TOP is its LEN, a node's TOP its item, a spacer's -k\n"
          "     x    TOP  ULINK  DLINK\n",
          out);
    for (int32_t x = 1; x < slots; x++) {
        dlx_node_info n;
        dlx_node(p, x, &n);
        fprintf(out, "  %4" PRId32 "  %5" PRId32 "  %5" PRId32 "  %5" PRId32 "  ", x, n.top,
                n.ulink, n.dlink);
        if (x <= items)
            fprintf(out, "header %s: LEN %" PRId32, trace_item_name(v->t, x - 1), n.top);
        else if (n.top <= 0)
            fputs("spacer", out);
        else {
            fprintf(out, "%s", trace_item_name(v->t, n.top - 1));
            trace_put_colour(v->t, n.color);
            fprintf(out, " of option %" PRId32 ": %s", n.option, trace_option_text(v->t, n.option));
        }
        putc('\n', out);
    }
}

/* Algorithm M's choice: the item's bounds as given, how many options it has
 * taken on this path (the bound spent), and what the CHOOSE says it needs
 * now (lo..hi more) and its branches (Knuth's degree). */
static void choose_m(links_view *v, const dlx_event *ev)
{
    search_trace *t = v->t;
    FILE *out = v->out;
    int32_t lo = 1, hi = 1;
    dlx_item_bounds(trace_problem(t), ev->item, &lo, &hi);
    trace_indent(t, ev->level);
    fprintf(out,
            "choose %s (bounds %" PRId32 "..%" PRId32 ", taken %" PRId32 " so far): %" PRId32
            " option%s, needs %" PRId32 "..%" PRId32 " more, ",
            trace_item_name(t, ev->item), lo, hi, hi - ev->hi, ev->remaining,
            ev->remaining == 1 ? "" : "s", ev->lo, ev->hi);
    if (ev->degree > 0)
        fprintf(out, "%" PRId32 " branch%s\n", ev->degree, ev->degree == 1 ? "" : "es");
    else
        fputs("cannot reach its lower bound: dead end\n", out);
}

static void links_event(void *view, const dlx_event *ev)
{
    links_view *v = view;
    FILE *out = v->out;
    search_trace *t = v->t;
    const char *name = ev->item >= 0 ? trace_item_name(t, ev->item) : "";
    int32_t x = ev->item + 1; /* the item's header */
    if (ev->kind != DLX_EV_UNHIDE && ev->kind != DLX_EV_UNMARK)
        flush_relink(v);
    if (ev->kind != DLX_EV_UNHIDE)
        flush_untweak(v);
    switch (ev->kind) {
    case DLX_EV_CHOOSE:
        if (trace_bounded(t)) {
            choose_m(v, ev);
            break;
        }
        if (ev->remaining > 0) {
            trace_indent(t, ev->level);
            fprintf(out, "choose %s: %" PRId32 " option%s\n", name, ev->remaining,
                    ev->remaining == 1 ? "" : "s");
        }
        break;
    case DLX_EV_DEAD_END:
        if (trace_bounded(t))
            break; /* choose_m() said so */
        trace_indent(t, ev->level);
        fprintf(out, "choose %s: no options left: dead end\n", name);
        break;
    case DLX_EV_TRY:
        trace_indent(t, ev->level);
        fprintf(out, "try %s [%" PRId32 " of %" PRId32 "]\n", trace_option_text(t, ev->option),
                ev->index + 1, trace_choices_at(t, ev->level));
        break;
    case DLX_EV_COVER:
        trace_indent(t, ev->level);
        if (ev->left == x && ev->right == x) { /* secondary: links to itself */
            fprintf(out, "cover %s (secondary, in no list: only its options leave)\n", name);
            break;
        }
        fprintf(out,
                "cover %s: RLINK[%" PRId32 "]: %" PRId32 " -> %" PRId32 ", LLINK[%" PRId32
                "]: %" PRId32 " -> %" PRId32 "\n",
                name, ev->left, x, ev->right, ev->right, x, ev->left);
        break;
    case DLX_EV_UNCOVER:
        trace_indent(t, ev->level);
        fprintf(out, "uncover %s\n", name);
        v->relink = !(ev->left == x && ev->right == x);
        v->relink_level = ev->level;
        v->relink_item = ev->item;
        v->relink_left = ev->left;
        v->relink_right = ev->right;
        break;
    case DLX_EV_PURIFY:
    case DLX_EV_UNPURIFY:
        trace_indent(t, ev->level);
        fputs(ev->kind == DLX_EV_PURIFY ? "purify " : "unpurify ", out);
        fputs(name, out);
        trace_put_colour(t, ev->color);
        fputs(ev->kind == DLX_EV_PURIFY ? ": the other colours leave, the same one stays\n"
                                        : "\n",
              out);
        break;
    case DLX_EV_UNHIDE:
        if (ev->item == v->untweak_item) { /* Knuth's untweak: one ULINK */
            trace_indent(t, ev->level + 1);
            fputs("put back ", out);
            put_node(v, ev->node, ev->item, ev->option);
            fprintf(out, ": ULINK[%" PRId32 "]: %" PRId32 " -> %" PRId32 "\n", ev->node, x,
                    ev->up);
            break;
        }
        /* fall through */
    case DLX_EV_HIDE: {
        int hide = ev->kind == DLX_EV_HIDE;
        /* Before a hide DLINK[up] and ULINK[down] are the node; after, they
         * point past it. An unhide the other way round. */
        int32_t q = ev->node, dl_old = hide ? q : ev->down, dl_new = hide ? ev->down : q;
        int32_t ul_old = hide ? q : ev->up, ul_new = hide ? ev->up : q;
        int32_t len_old = hide ? ev->len + 1 : ev->len - 1;
        trace_indent(t, ev->level + 1);
        fputs(hide ? "hide " : "unhide ", out);
        put_node(v, q, ev->item, ev->option);
        fprintf(out,
                ": DLINK[%" PRId32 "]: %" PRId32 " -> %" PRId32 ", ULINK[%" PRId32 "]: %" PRId32
                " -> %" PRId32 ", LEN[%s]: %" PRId32 " -> %" PRId32 "\n",
                ev->up, dl_old, dl_new, ev->down, ul_old, ul_new, name, len_old, ev->len);
        break;
    }
    case DLX_EV_MARK:
    case DLX_EV_UNMARK:
        trace_indent(t, ev->level + 1);
        fputs(ev->kind == DLX_EV_MARK ? "keep " : "unkeep ", out);
        put_node(v, ev->node, ev->item, ev->option);
        if (ev->kind == DLX_EV_MARK)
            fprintf(out, ": COLOR[%" PRId32 "]: %" PRId32 " -> -1\n", ev->node, ev->color);
        else
            fprintf(out, ": COLOR[%" PRId32 "]: -1 -> %" PRId32 "\n", ev->node, ev->color);
        break;
    case DLX_EV_SOLUTION:
        trace_put_solution(t, ev->level);
        putc('\n', out);
        break;
    case DLX_EV_BACKTRACK:
        if (ev->level < v->levels && v->skip_item[ev->level] >= 0) {
            /* m_next_branch() put the null move's item back first */
            int32_t l = v->skip_left[ev->level], r = v->skip_right[ev->level];
            trace_indent(t, ev->level + 1);
            fprintf(out,
                    "reactivate %s: RLINK[%" PRId32 "]: %" PRId32 " -> %" PRId32 ", LLINK[%" PRId32
                    "]: %" PRId32 " -> %" PRId32 " (back in the item list)\n",
                    name, l, r, x, r, l, x);
            v->skip_item[ev->level] = -1;
        }
        if (trace_choices_at(t, ev->level) > 0) { /* a dead end said so already */
            trace_indent(t, ev->level);
            fprintf(out, "%s: no more %s: back up\n", name,
                    trace_bounded(t) ? "branches" : "options");
        }
        break;
    case DLX_EV_TWEAK:
        trace_indent(t, ev->level);
        fprintf(out, "tweak %s: out of %s's list for the rest of the level\n",
                trace_option_text(t, ev->option), name);
        break;
    case DLX_EV_UNTWEAK:
        trace_indent(t, ev->level);
        fprintf(out,
                "untweak %s: %" PRId32 " option%s back: DLINK[%" PRId32 "]: %" PRId32 " -> %" PRId32
                "\n",
                name, ev->remaining, ev->remaining == 1 ? "" : "s", x, ev->down, ev->node);
        v->untweak_item = ev->item;
        v->untweak_level = ev->level;
        v->untweak_head = ev->down;
        v->untweak_last = ev->up;
        v->untweak_len = ev->len;
        v->untweak_count = ev->remaining;
        break;
    case DLX_EV_USE:
    case DLX_EV_UNUSE: {
        int use = ev->kind == DLX_EV_USE;
        trace_indent(t, ev->level);
        fprintf(out, "%s %s: bound left %" PRId32 " -> %" PRId32 "%s\n", use ? "use" : "unuse",
                name, use ? ev->hi + 1 : ev->hi, use ? ev->hi : ev->hi + 1,
                use ? ", still active (not covered)" : "");
        break;
    }
    case DLX_EV_SKIP:
        trace_indent(t, ev->level);
        if (ev->hi == 0) { /* covered already: nothing moves */
            fprintf(out, "null move: %s takes no more options [%" PRId32 " of %" PRId32 "]\n",
                    name, ev->index + 1, trace_choices_at(t, ev->level));
            break;
        }
        fprintf(out,
                "null move: %s takes no more options (its lower bound is met) [%" PRId32
                " of %" PRId32 "]: RLINK[%" PRId32 "]: %" PRId32 " -> %" PRId32 ", LLINK[%" PRId32
                "]: %" PRId32 " -> %" PRId32 "\n",
                name, ev->index + 1, trace_choices_at(t, ev->level), ev->left, x, ev->right,
                ev->right, x, ev->left);
        if (ev->level < v->levels) {
            v->skip_item[ev->level] = ev->item;
            v->skip_left[ev->level] = ev->left;
            v->skip_right[ev->level] = ev->right;
        }
        break;
    }
}

static void links_finish(void *view, const trace_end *end)
{
    links_view *v = view;
    flush_relink(v);
    flush_untweak(v);
    trace_put_summary(v->t, end);
}

static void links_close(void *view)
{
    links_view *v = view;
    free(v->skip_item);
    free(v->skip_left);
    free(v->skip_right);
    free(v);
}

/* The memory table as the search starts. */
static void *links_open(search_trace *t)
{
    links_view *v = calloc(1, sizeof *v);
    if (v == NULL)
        return NULL;
    v->t = t;
    v->out = trace_out(t);
    v->untweak_item = -1;
    if (trace_bounded(t)) {
        dlx_problem *p = trace_problem(t);
        v->levels = dlx_item_count(p) + dlx_option_count(p) + 2; /* as the core's */
        v->skip_item = malloc((size_t)v->levels * sizeof *v->skip_item);
        v->skip_left = malloc((size_t)v->levels * sizeof *v->skip_left);
        v->skip_right = malloc((size_t)v->levels * sizeof *v->skip_right);
        if (!v->skip_item || !v->skip_left || !v->skip_right) {
            links_close(v);
            return NULL;
        }
        for (int32_t l = 0; l < v->levels; l++)
            v->skip_item[l] = -1;
    }
    memory_table(v);
    return v;
}


const trace_view_ops trace_view_links = {
    .name = "links",
    .format = TRACE_LINKS,
    .link_detail = 1, /* every assignment of the dance is a link event */
    .open = links_open,
    .event = links_event,
    .finish = links_finish,
    .close = links_close,
};
