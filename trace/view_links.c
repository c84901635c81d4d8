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

static void links_event(void *view, const dlx_event *ev)
{
    links_view *v = view;
    FILE *out = v->out;
    search_trace *t = v->t;
    const char *name = ev->item >= 0 ? trace_item_name(t, ev->item) : "";
    int32_t x = ev->item + 1; /* the item's header */
    if (ev->kind != DLX_EV_UNHIDE && ev->kind != DLX_EV_UNMARK)
        flush_relink(v);
    switch (ev->kind) {
    case DLX_EV_CHOOSE:
        if (ev->remaining > 0) {
            trace_indent(t, ev->level);
            fprintf(out, "choose %s: %" PRId32 " option%s\n", name, ev->remaining,
                    ev->remaining == 1 ? "" : "s");
        }
        break;
    case DLX_EV_DEAD_END:
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
    case DLX_EV_HIDE:
    case DLX_EV_UNHIDE: {
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
        if (trace_choices_at(t, ev->level) > 0) { /* a dead end said so already */
            trace_indent(t, ev->level);
            fprintf(out, "%s: no more options: back up\n", name);
        }
        break;
    default: /* Algorithm M's steps: refused for problems with bounds */
        break;
    }
}

static void links_finish(void *view, const trace_end *end)
{
    links_view *v = view;
    flush_relink(v);
    trace_put_summary(v->t, end);
}

/* The memory table as the search starts. */
static void *links_open(search_trace *t)
{
    links_view *v = calloc(1, sizeof *v);
    if (v == NULL)
        return NULL;
    v->t = t;
    v->out = trace_out(t);
    memory_table(v);
    return v;
}

static void links_close(void *view)
{
    free(view);
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
