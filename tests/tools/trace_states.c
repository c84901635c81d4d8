/* SPDX-License-Identifier: MIT */
/* trace_states.c - the engine's own memory table after every step of a
 * search, for the browser test (tests/web/): what the page draws after step
 * n must be what this prints as "state n".
 *
 *   trace_states FILE [RULE [SEED]]
 *
 * Reads FILE in Knuth's format, searches it with link detail under RULE
 * (enum dlx_choose: 0 mrv, 1 knuth, 2 first, 3 recent, 4 path) and SEED when
 * given, and reads the memory table through the public layout calls
 * (dlx_node, dlx_item_links) from inside the event hook. The hook is called
 * just before the step its event names (dlx.h, "The order of events"), so
 * at event n the table is the state after steps 1..n-1; after the search it
 * is the state after the last step. Nothing here replays the events: the
 * states come from the engine's memory, so a viewer that applies a link
 * change at the wrong moment (the header's relink of an uncover, which the
 * engine does after putting the options back) differs from them.
 *
 * One line a state, the slots comma-separated:
 *   state N top=... ulink=... dlink=... color=... llink=... rlink=... out=...
 * top, ulink, dlink, color for slots 0..S-1 (slot 0, unused, as zeros),
 * llink and rlink for headers 0..N, and out the option nodes that are not
 * in their item's list (found by walking each list down from its header). */
#include "dlx.h"
#include "dlx_text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct states {
    dlx_problem *p;
    int32_t slots, headers;
    unsigned char *in_list;
    uint64_t last_seq; /* the last event's seq */
    int failed;
} states;

static void print_ints(const char *name, states *s, int32_t n, int which)
{
    printf(" %s=", name);
    for (int32_t x = 0; x < n; x++) {
        int32_t v = 0;
        if (which < 4) {
            dlx_node_info info = {0};
            if (x > 0 && dlx_node(s->p, x, &info) != DLX_OK)
                s->failed = 1;
            v = which == 0 ? info.top : which == 1 ? info.ulink : which == 2 ? info.dlink : info.color;
            if (x == 0)
                v = 0;
        } else {
            int32_t l = 0, r = 0;
            if (dlx_item_links(s->p, x, &l, &r) != DLX_OK)
                s->failed = 1;
            v = which == 4 ? l : r;
        }
        printf("%s%d", x ? "," : "", (int)v);
    }
}

/* Prints the table as it is now, as state n. */
static void print_state(states *s, uint64_t n)
{
    printf("state %llu", (unsigned long long)n);
    print_ints("top", s, s->slots, 0);
    print_ints("ulink", s, s->slots, 1);
    print_ints("dlink", s, s->slots, 2);
    print_ints("color", s, s->slots, 3);
    print_ints("llink", s, s->headers + 1, 4);
    print_ints("rlink", s, s->headers + 1, 5);
    memset(s->in_list, 0, (size_t)s->slots);
    for (int32_t h = 1; h <= s->headers; h++) {
        dlx_node_info info;
        int32_t steps = 0;
        for (dlx_node(s->p, h, &info); info.dlink != h && steps <= s->slots; steps++) {
            int32_t q = info.dlink;
            if (q <= s->headers || q >= s->slots || dlx_node(s->p, q, &info) != DLX_OK) {
                s->failed = 1;
                break;
            }
            s->in_list[q] = 1;
        }
    }
    printf(" out=");
    int first = 1;
    for (int32_t x = s->headers + 1; x < s->slots; x++) {
        dlx_node_info info;
        if (dlx_node(s->p, x, &info) != DLX_OK || info.option < 0 || s->in_list[x])
            continue;
        printf("%s%d", first ? "" : ",", (int)x);
        first = 0;
    }
    printf("\n");
}

static int on_event(void *ctx, const dlx_event *ev)
{
    states *s = ctx;
    print_state(s, ev->seq - 1);
    s->last_seq = ev->seq;
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 4) {
        fprintf(stderr, "usage: trace_states FILE [RULE [SEED]]\n");
        return 2;
    }
    FILE *in = fopen(argv[1], "r");
    if (in == NULL) {
        perror(argv[1]);
        return 2;
    }
    dlx_text *text = dlx_text_new();
    int rc = text ? dlx_text_read(text, in) : DLX_ENOMEM;
    fclose(in);
    if (rc != DLX_OK) {
        const dlx_text_diag *d = text ? dlx_text_error(text) : NULL;
        fprintf(stderr, "trace_states: %s: %s\n", argv[1], d ? d->message : dlx_strerror(rc));
        dlx_text_free(text);
        return 2;
    }
    states s = {.p = dlx_text_problem(text)};
    s.slots = dlx_node_count(s.p);
    s.headers = dlx_item_count(s.p);
    s.in_list = malloc((size_t)s.slots);
    if (s.in_list == NULL || (argc > 2 && dlx_set_choose(s.p, (enum dlx_choose)atoi(argv[2])) != DLX_OK) ||
        (argc > 3 && dlx_set_seed(s.p, strtoull(argv[3], NULL, 10)) != DLX_OK) ||
        dlx_set_detail(s.p, DLX_DETAIL_LINKS) != DLX_OK) {
        fprintf(stderr, "trace_states: cannot set up the search\n");
        return 2;
    }
    dlx_set_event_fn(s.p, on_event, &s);
    rc = dlx_search(s.p, 0);
    print_state(&s, s.last_seq); /* after the last step */
    free(s.in_list);
    dlx_text_free(text);
    if (rc < 0 || s.failed) {
        fprintf(stderr, "trace_states: %s\n", rc < 0 ? dlx_strerror(rc) : "the layout calls failed");
        return 1;
    }
    return 0;
}
