/* SPDX-License-Identifier: MIT */
/* check_events.c - the engine's event hook, event by event, on the example of
 * Knuth's paper "Dancing Links" (2000), against the sequence worked out by
 * hand from Algorithm X below. The teaching tools (dlx --trace, --tree) are
 * only as true as these events.
 *
 * The problem: items A B C D E F G, all primary; options
 *   0: C E F    1: A D G    2: B C F    3: A D    4: B G    5: D E G
 * Its one solution is {A D, B G, C E F}.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx.h"

static dlx_problem *paper_problem(void)
{
    static const int32_t opts[6][3] = {{2, 4, 5}, {0, 3, 6}, {1, 2, 5},
                                       {0, 3, -1}, {1, 6, -1}, {3, 4, 6}};
    dlx_problem *p = dlx_new();
    ck_assert_ptr_nonnull(p);
    for (char name[2] = "A"; name[0] <= 'G'; name[0]++)
        ck_assert_int_ge(dlx_add_item(p, name, DLX_PRIMARY), 0);
    for (int k = 0; k < 6; k++)
        ck_assert_int_eq(dlx_add_option(p, opts[k], NULL, opts[k][2] < 0 ? 2 : 3), k);
    return p;
}

/* The events, each written as one line of text. */
typedef struct recorder {
    const dlx_problem *p;
    char log[8192];
    size_t len;
    int checks_failed;       /* dlx_check() failed inside the hook */
    int stop_at_solution;
} recorder;

static const char *name_of(const dlx_problem *p, int32_t item)
{
    return item >= 0 ? dlx_item_name(p, item) : "-";
}

static void put(recorder *r, const char *s)
{
    size_t n = strlen(s);
    ck_assert_uint_lt(r->len + n, sizeof r->log);
    memcpy(r->log + r->len, s, n + 1);
    r->len += n;
}

/* The option's items, by name, separated by spaces. */
static void put_option(recorder *r, int32_t opt)
{
    int32_t ids[8];
    int32_t n = dlx_option_items(r->p, opt, ids, NULL, 8);
    for (int32_t k = 0; k < n; k++) {
        put(r, k ? " " : "");
        put(r, dlx_item_name(r->p, ids[k]));
    }
}

static int record(void *ctx, const dlx_event *ev)
{
    static const char *const kind[] = {"choose", "try",      "cover",    "uncover",  "purify",
                                       "unpurify", "solution", "dead end", "backtrack"};
    recorder *r = ctx;
    char line[160];
    snprintf(line, sizeof line, "%s %d", kind[ev->kind], (int)ev->level);
    put(r, line);
    switch (ev->kind) {
    case DLX_EV_CHOOSE: {
        /* The item, its option count, and every active item's count: the
         * reason for the choice. */
        int32_t active[16];
        int32_t n = dlx_active_items(r->p, active, 16);
        snprintf(line, sizeof line, " %s %d [", name_of(r->p, ev->item), (int)ev->remaining);
        put(r, line);
        for (int32_t k = 0; k < n; k++) {
            snprintf(line, sizeof line, "%s%s%d", k ? " " : "", name_of(r->p, active[k]),
                     (int)dlx_item_remaining(r->p, active[k]));
            put(r, line);
        }
        put(r, "]");
        break;
    }
    case DLX_EV_TRY:
        snprintf(line, sizeof line, " %s #%d: ", name_of(r->p, ev->item), (int)ev->index);
        put(r, line);
        put_option(r, ev->option);
        break;
    case DLX_EV_SOLUTION:
        break;
    default:
        put(r, " ");
        put(r, name_of(r->p, ev->item));
        break;
    }
    put(r, "\n");
    /* The links are consistent whenever the hook is called. */
    if (dlx_check(r->p) != DLX_OK)
        r->checks_failed++;
    return r->stop_at_solution && ev->kind == DLX_EV_SOLUTION;
}

/* Algorithm X by hand, choosing the item with the fewest options (leftmost
 * on ties), as dancing links carries it out. Covering an item removes it
 * from the list of items and removes every option that contains it from the
 * lists of its other items.
 *
 * Level 0. Options per item: A 2 (A D G, A D), B 2, C 2, D 3, E 2, F 2, G 3.
 *   A has the fewest (tied with B, C, E, F; leftmost wins): choose A, cover
 *   it (A D G and A D leave D's and G's lists).
 *   Try its first option, A D G: cover D (D E G leaves E and G), then G
 *   (B G leaves B).
 * Level 1. Left: B 1 (B C F), C 2, E 1 (C E F), F 2. Choose B: one option,
 *   cover it (B C F leaves C and F). Try B C F: cover C (C E F leaves E and
 *   F), then F.
 * Level 2. Left: E, with no option: a dead end. (The engine still covers E
 *   and finds its list empty, so it backs up at once.)
 *   Back up: uncover E; undo B C F, uncovering in reverse order F then C;
 *   B has no other option: back up, uncover B; undo A D G: uncover G, D.
 * Level 0 again. Try A's second option, A D: cover D (D E G leaves E, G).
 * Level 1. Left: B 2 (B C F, B G), C 2, E 1 (C E F), F 2, G 1 (B G).
 *   Choose E (the first with one option). Try C E F: the other items are
 *   covered going right from E and round: F (B C F leaves B, C), then C.
 * Level 2. Left: B 1 (B G), G 1. Choose B, try B G: cover G. No item is
 *   left: a solution, {A D, C E F, B G} in the order chosen.
 *   Undo B G (uncover G); B is used up: back up (uncover B). Undo C E F,
 *   uncovering going left from E and round: C, then F. E is used up: back
 *   up. Undo A D (uncover D). A is used up: back up. Done: 5 items chosen,
 *   one solution, so 6 nodes as Knuth counts them (TAOCP 7.2.2-(4)). */
static const char *const paper_by_hand =
    "choose 0 A 2 [A2 B2 C2 D3 E2 F2 G3]\n"
    "cover 0 A\n"
    "try 0 A #0: A D G\n"
    "cover 0 D\n"
    "cover 0 G\n"
    "choose 1 B 1 [B1 C2 E1 F2]\n"
    "cover 1 B\n"
    "try 1 B #0: B C F\n"
    "cover 1 C\n"
    "cover 1 F\n"
    "choose 2 E 0 [E0]\n"
    "dead end 2 E\n"
    "cover 2 E\n"
    "backtrack 2 E\n"
    "uncover 2 E\n"
    "uncover 1 F\n"
    "uncover 1 C\n"
    "backtrack 1 B\n"
    "uncover 1 B\n"
    "uncover 0 G\n"
    "uncover 0 D\n"
    "try 0 A #1: A D\n"
    "cover 0 D\n"
    "choose 1 E 1 [B2 C2 E1 F2 G1]\n"
    "cover 1 E\n"
    "try 1 E #0: C E F\n"
    "cover 1 F\n"
    "cover 1 C\n"
    "choose 2 B 1 [B1 G1]\n"
    "cover 2 B\n"
    "try 2 B #0: B G\n"
    "cover 2 G\n"
    "solution 2\n"
    "uncover 2 G\n"
    "backtrack 2 B\n"
    "uncover 2 B\n"
    "uncover 1 C\n"
    "uncover 1 F\n"
    "backtrack 1 E\n"
    "uncover 1 E\n"
    "uncover 0 D\n"
    "backtrack 0 A\n"
    "uncover 0 A\n";

static int32_t found[3], found_count;

static int keep_solution(void *ctx, const int32_t *options, int32_t count)
{
    (void)ctx;
    found_count = count;
    for (int32_t k = 0; k < count && k < 3; k++)
        found[k] = options[k];
    return 0;
}

START_TEST(paper_events_by_hand)
{
    dlx_problem *p = paper_problem();
    recorder r = {.p = p};
    dlx_set_event_fn(p, record, &r);
    dlx_set_solution_fn(p, keep_solution, NULL);
    ck_assert_int_eq(dlx_search(p, 0), DLX_OK);
    ck_assert_str_eq(r.log, paper_by_hand);
    ck_assert_int_eq(r.checks_failed, 0);
    /* The solution, in the order chosen: A D, C E F, B G. */
    ck_assert_int_eq(found_count, 3);
    ck_assert_int_eq(found[0], 3);
    ck_assert_int_eq(found[1], 0);
    ck_assert_int_eq(found[2], 4);
    dlx_stats st;
    dlx_get_stats(p, &st);
    ck_assert_uint_eq(st.solutions, 1);
    ck_assert_uint_eq(st.nodes, 6);
    dlx_free(p);
}
END_TEST

/* With the hook off, the same search gives the same answer and statistics:
 * watching changes nothing. The hook always watches the links, so the plain
 * run dances too for the updates; the bit-set search, which auto picks for
 * a problem this small, visits the same nodes. */
START_TEST(paper_hook_changes_nothing)
{
    dlx_problem *p = paper_problem();
    dlx_stats watched, plain;
    recorder r = {.p = p};
    dlx_set_event_fn(p, record, &r);
    ck_assert_int_eq(dlx_search(p, 0), DLX_OK);
    dlx_get_stats(p, &watched);
    dlx_reset(p);
    dlx_reset_stats(p);
    dlx_set_event_fn(p, NULL, NULL);
    uint64_t count = 0;
    ck_assert_int_eq(dlx_set_strategy(p, DLX_STRATEGY_LINKS), DLX_OK);
    ck_assert_int_eq(dlx_count(p, &count), DLX_OK);
    dlx_get_stats(p, &plain);
    ck_assert_uint_eq(count, 1);
    ck_assert_uint_eq(plain.nodes, watched.nodes);
    ck_assert_uint_eq(plain.updates, watched.updates);
    dlx_reset_stats(p);
    ck_assert_int_eq(dlx_set_strategy(p, DLX_STRATEGY_AUTO), DLX_OK);
    ck_assert_int_eq(dlx_search_strategy(p), DLX_STRATEGY_BITS);
    ck_assert_int_eq(dlx_count(p, &count), DLX_OK);
    dlx_get_stats(p, &plain);
    ck_assert_uint_eq(count, 1);
    ck_assert_uint_eq(plain.nodes, watched.nodes);
    dlx_free(p);
}
END_TEST

/* Choosing simply the first item left (A, then B at level 1 even with two
 * options) takes more nodes on the same problem: after A D, B has B C F and
 * B G; B C F leaves E with nothing (a dead end), B G leads to C, C E F and
 * the solution. 5 choices plus the solution: 7 nodes. */
START_TEST(paper_first_item_rule)
{
    dlx_problem *p = paper_problem();
    recorder r = {.p = p};
    ck_assert_int_eq(dlx_set_choose(p, DLX_CHOOSE_FIRST), DLX_OK);
    dlx_set_event_fn(p, record, &r);
    ck_assert_int_eq(dlx_search(p, 0), DLX_OK);
    ck_assert_ptr_nonnull(strstr(r.log, "try 0 A #1: A D\ncover 0 D\n"
                                        "choose 1 B 2 [B2 C2 E1 F2 G1]\n"));
    ck_assert_ptr_nonnull(strstr(r.log, "choose 2 E 0 [E0]\ndead end 2 E\n"));
    ck_assert_ptr_nonnull(strstr(r.log, "choose 2 C 1 [C1 E1 F1]\n"));
    dlx_stats st;
    dlx_get_stats(p, &st);
    ck_assert_uint_eq(st.nodes, 7);
    ck_assert_int_eq(r.checks_failed, 0);
    dlx_free(p);
}
END_TEST

/* A hook that returns non-zero stops the search; dlx_search() resumes it
 * where it stopped, and the rest of the events follow as if uninterrupted. */
START_TEST(paper_hook_stops_and_resumes)
{
    dlx_problem *p = paper_problem();
    recorder r = {.p = p, .stop_at_solution = 1};
    dlx_set_event_fn(p, record, &r);
    ck_assert_int_eq(dlx_search(p, 0), DLX_STOPPED);
    ck_assert_int_eq(dlx_search(p, 0), DLX_OK);
    ck_assert_str_eq(r.log, paper_by_hand);
    dlx_free(p);
}
END_TEST

/* Colours: a secondary item fixed by an option shows as PURIFY (with the
 * colour) and is undone by UNPURIFY. Items: X Y primary, s secondary;
 * options "X s:1", "Y s:2", "Y s:1". Choose X (1 option, leftmost), try
 * X s:1 which purifies s to colour 1 and so removes Y s:2; then Y has one
 * option, Y s:1, compatible with s's colour: a solution. */
START_TEST(colour_events)
{
    dlx_problem *p = dlx_new();
    ck_assert_ptr_nonnull(p);
    ck_assert_int_eq(dlx_add_item(p, "X", DLX_PRIMARY), 0);
    ck_assert_int_eq(dlx_add_item(p, "Y", DLX_PRIMARY), 1);
    ck_assert_int_eq(dlx_add_item(p, "s", DLX_SECONDARY), 2);
    const int32_t xs[2] = {0, 2}, ys[2] = {1, 2}, c1[2] = {0, 1}, c2[2] = {0, 2};
    ck_assert_int_eq(dlx_add_option(p, xs, c1, 2), 0);
    ck_assert_int_eq(dlx_add_option(p, ys, c2, 2), 1);
    ck_assert_int_eq(dlx_add_option(p, ys, c1, 2), 2);
    recorder r = {.p = p};
    dlx_set_event_fn(p, record, &r);
    ck_assert_int_eq(dlx_search(p, 0), DLX_OK);
    ck_assert_str_eq(r.log, "choose 0 X 1 [X1 Y2]\n"
                            "cover 0 X\n"
                            "try 0 X #0: X s\n"
                            "purify 0 s\n"
                            "choose 1 Y 1 [Y1]\n"
                            "cover 1 Y\n"
                            "try 1 Y #0: Y s\n"
                            "solution 1\n"
                            "backtrack 1 Y\n"
                            "uncover 1 Y\n"
                            "unpurify 0 s\n"
                            "backtrack 0 X\n"
                            "uncover 0 X\n");
    ck_assert_int_eq(r.checks_failed, 0);
    dlx_free(p);
}
END_TEST


/* --- Link detail ------------------------------------------------------------
 * With dlx_set_detail(p, DLX_DETAIL_LINKS) every node the dance moves is
 * announced. The hook checks each HIDE/UNHIDE against the live layout
 * (dlx_node()) just before the step, and the running counts. */
typedef struct link_watch {
    const dlx_problem *p;
    uint64_t seq, hides, unhides, covers, last_updates;
    int bad;              /* disagreements seen */
    int32_t first_hides[3]; /* the nodes of the first three HIDEs */
    int32_t scanned_at_b; /* CHOOSE of B at level 1: how far the scan went */
} link_watch;

static int watch_links(void *ctx, const dlx_event *ev)
{
    link_watch *w = ctx;
    dlx_stats st;
    dlx_get_stats(w->p, &st);
    if (ev->seq != ++w->seq || ev->updates != st.updates || ev->updates < w->last_updates)
        w->bad++;
    w->last_updates = ev->updates;
    if (ev->kind == DLX_EV_HIDE || ev->kind == DLX_EV_UNHIDE) {
        dlx_node_info n, item;
        if (dlx_node(w->p, ev->node, &n) != DLX_OK || dlx_node(w->p, ev->item + 1, &item) != DLX_OK)
            w->bad++;
        /* The node keeps its links; LEN after the step is one off now. */
        if (n.ulink != ev->up || n.dlink != ev->down || n.top != ev->item + 1 ||
            n.option != ev->option)
            w->bad++;
        if (item.top != ev->len + (ev->kind == DLX_EV_HIDE ? 1 : -1))
            w->bad++;
        if (ev->kind == DLX_EV_HIDE && w->hides < 3)
            w->first_hides[w->hides] = ev->node;
        if (ev->kind == DLX_EV_HIDE)
            w->hides++;
        else
            w->unhides++;
    }
    if (ev->kind == DLX_EV_COVER) {
        int32_t l, r;
        dlx_item_links(w->p, ev->item + 1, &l, &r);
        if (l != ev->left || r != ev->right)
            w->bad++;
        w->covers++;
    }
    if (ev->kind == DLX_EV_CHOOSE && ev->level == 1 && ev->item == 1)
        w->scanned_at_b = ev->scanned;
    if (dlx_check(w->p) != DLX_OK)
        w->bad++;
    return 0;
}

/* The paper's problem takes 30 updates (docs/algorithm-x.md, reproduced by
 * hand): every cover is one update for the header plus one per HIDE, so the
 * COVER and HIDE events add up to it, and every HIDE is undone by an UNHIDE.
 * The first cover (of A) hides A D G's D and G (slots 14, 15), then A D's D
 * (slot 22): Knuth's layout, headers 1..7, C E F in 9..11, A D G in 13..15,
 * A D in 21..22 (see tests/cli/test_trace_links.sh for the whole table). */
START_TEST(paper_link_detail)
{
    dlx_problem *p = paper_problem();
    link_watch w = {.p = p};
    ck_assert_int_eq(dlx_set_detail(p, DLX_DETAIL_LINKS), DLX_OK);
    ck_assert_int_eq(dlx_set_detail(p, 2u), DLX_EINVAL);
    dlx_set_event_fn(p, watch_links, &w);
    ck_assert_int_eq(dlx_search(p, 0), DLX_OK);
    dlx_stats st;
    dlx_get_stats(p, &st);
    ck_assert_int_eq(w.bad, 0);
    ck_assert_uint_eq(st.updates, 30);
    ck_assert_uint_eq(w.covers + w.hides, st.updates);
    ck_assert_uint_eq(w.hides, w.unhides);
    ck_assert_int_eq(w.first_hides[0], 14);
    ck_assert_int_eq(w.first_hides[1], 15);
    ck_assert_int_eq(w.first_hides[2], 22);
    /* B has one option at level 1 and is first in the list; DLX1's rule
     * still compares it with C, E and F (E has one too, further right). */
    ck_assert_int_eq(w.scanned_at_b, 4);
    ck_assert_int_eq(dlx_check(p), DLX_OK);
    /* Without detail: the same events but no HIDE, the same statistics. */
    link_watch plain = {.p = p};
    dlx_set_detail(p, 0);
    dlx_reset(p);
    dlx_reset_stats(p);
    dlx_set_event_fn(p, watch_links, &plain);
    ck_assert_int_eq(dlx_search(p, 0), DLX_OK);
    dlx_get_stats(p, &st);
    ck_assert_uint_eq(plain.hides, 0);
    ck_assert_uint_eq(plain.covers, w.covers);
    ck_assert_uint_eq(st.updates, 30);
    ck_assert_int_eq(plain.bad, 0);
    dlx_free(p);
}
END_TEST

/* The layout questions, and their refusals. */
START_TEST(node_layout_questions)
{
    dlx_problem *p = paper_problem();
    dlx_node_info n;
    int32_t l, r;
    ck_assert_int_eq(dlx_node_count(p), 31);
    ck_assert_int_eq(dlx_node_count(NULL), 0);
    ck_assert_int_eq(dlx_node(p, 4, &n), DLX_OK); /* D's header: LEN 3, 14 .. 27 */
    ck_assert_int_eq(n.top, 3);
    ck_assert_int_eq(n.dlink, 14);
    ck_assert_int_eq(n.ulink, 27);
    ck_assert_int_eq(n.option, -1);
    ck_assert_int_eq(dlx_node(p, 12, &n), DLX_OK); /* the spacer after C E F */
    ck_assert_int_eq(n.top, -1);
    ck_assert_int_eq(n.ulink, 9);
    ck_assert_int_eq(n.dlink, 15);
    ck_assert_int_eq(dlx_node(p, 28, &n), DLX_OK); /* D E G's E */
    ck_assert_int_eq(n.top, 5);
    ck_assert_int_eq(n.option, 5);
    ck_assert_int_eq(dlx_node(p, 31, &n), DLX_EINVAL);
    ck_assert_int_eq(dlx_node(p, -1, &n), DLX_EINVAL);
    ck_assert_int_eq(dlx_node(p, 0, NULL), DLX_EINVAL);
    ck_assert_int_eq(dlx_item_links(p, 0, &l, &r), DLX_OK);
    ck_assert_int_eq(l, 7);
    ck_assert_int_eq(r, 1);
    ck_assert_int_eq(dlx_item_links(p, 8, &l, &r), DLX_EINVAL);
    dlx_free(p);
}
END_TEST

Suite *events_suite(void);
Suite *events_suite(void)
{
    Suite *s = suite_create("events");
    TCase *tc = tcase_create("paper");
    tcase_add_test(tc, paper_events_by_hand);
    tcase_add_test(tc, paper_hook_changes_nothing);
    tcase_add_test(tc, paper_first_item_rule);
    tcase_add_test(tc, paper_hook_stops_and_resumes);
    tcase_add_test(tc, colour_events);
    tcase_add_test(tc, paper_link_detail);
    tcase_add_test(tc, node_layout_questions);
    suite_add_tcase(s, tc);
    return s;
}
