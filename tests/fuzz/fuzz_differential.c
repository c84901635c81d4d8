/* SPDX-License-Identifier: MIT */
/* fuzz_differential.c - libFuzzer target: the engine against a brute force.
 *
 * The fuzz input is read as a small exact-cover problem with colours (up to
 * 6 primary and 4 secondary items, up to 16 options, some of them invalid on
 * purpose), when its second byte is 200 or more with bounds lo..hi on the
 * primary items (Algorithm M), and a few settings (choice rule, seed, the
 * inference, node budget, solution limit, commitments and exclusions,
 * prefix depth). The set
 * of solutions the engine reports is compared with the set found by a brute
 * force written here, which knows nothing of dancing links: it walks the
 * subsets of the options and keeps those that cover every primary item
 * between its bounds (exactly once without them) and every secondary item
 * at most once or only with one colour. Any difference, any broken
 * invariant (dlx_check) and any return code the header does not allow
 * aborts.
 *
 * Build: `make fuzz` (with libFuzzer) or, to replay the corpus without
 * libFuzzer, the replay driver in tests/fuzz/replay.c (`make check`). */
#include "dlx.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PRIMARY 6
#define MAX_SECONDARY 4
#define MAX_ITEMS (MAX_PRIMARY + MAX_SECONDARY)
#define MAX_OPTIONS 16
#define MAX_OPTION_LEN (MAX_ITEMS + 2)
#define MAX_LEVELS (MAX_OPTIONS + MAX_PRIMARY) /* with bounds: options and null moves */

/* Stops the run loudly: libFuzzer records the input that got here. */
#define REQUIRE(cond)                                                                      \
    do {                                                                                   \
        if (!(cond)) {                                                                     \
            fprintf(stderr, "fuzz_differential: %s:%d: failed: %s\n", __FILE__, __LINE__, \
                    #cond);                                                                \
            abort();                                                                       \
        }                                                                                  \
    } while (0)

/* The fuzz input read front to back; zeros once it runs out. */
struct bytes {
    const uint8_t *data;
    size_t size, pos;
};

static unsigned next_byte(struct bytes *in)
{
    return in->pos < in->size ? in->data[in->pos++] : 0u;
}

/* The problem as the brute force sees it: only the options the engine
 * accepted, with their engine ids as indices. */
struct model {
    int n_primary, n_items, n_options;
    int bounded;                         /* some primary item has bounds */
    int lo[MAX_PRIMARY], hi[MAX_PRIMARY]; /* 1 and 1 without bounds */
    int len[MAX_OPTIONS];
    int item[MAX_OPTIONS][MAX_OPTION_LEN];
    int color[MAX_OPTIONS][MAX_OPTION_LEN];
};

/* State of the brute force: per item, how it is held so far. */
struct cover_state {
    int used[MAX_ITEMS];  /* primary: times covered; secondary: touched */
    int color[MAX_ITEMS]; /* secondary: 0 = held without colour, else the colour */
};

static int option_has_primary(const struct model *m, int o)
{
    for (int k = 0; k < m->len[o]; k++)
        if (m->item[o][k] < m->n_primary)
            return 1;
    return 0;
}

/* Whether option o can join the options already in s (XCC rules). */
static int fits(const struct model *m, const struct cover_state *s, int o)
{
    for (int k = 0; k < m->len[o]; k++) {
        int it = m->item[o][k], c = m->color[o][k];
        if (it < m->n_primary) {
            if (s->used[it] >= m->hi[it])
                return 0;
            continue;
        }
        if (s->used[it] && (c == 0 || s->color[it] != c))
            return 0;
    }
    return 1;
}

static void take(const struct model *m, struct cover_state *s, int o)
{
    for (int k = 0; k < m->len[o]; k++) {
        s->used[m->item[o][k]]++;
        s->color[m->item[o][k]] = m->color[o][k];
    }
}

struct solutions {
    uint32_t *mask;
    size_t count, cap;
};

static void add_solution(struct solutions *sols, uint32_t mask)
{
    if (sols->count == sols->cap) {
        sols->cap = sols->cap ? 2 * sols->cap : 64;
        sols->mask = realloc(sols->mask, sols->cap * sizeof *sols->mask);
        REQUIRE(sols->mask != NULL);
    }
    sols->mask[sols->count++] = mask;
}

/* Every subset of the options after `from` that completes s, recursively:
 * each option is left out, or taken when it fits. Options without a primary
 * item are never taken (the header: they can never be chosen). */
static void brute_force(const struct model *m, const struct cover_state *s, int from,
                        uint32_t chosen, uint32_t skip, struct solutions *out)
{
    if (from == m->n_options) {
        for (int i = 0; i < m->n_primary; i++)
            if (s->used[i] < m->lo[i])
                return;
        add_solution(out, chosen);
        return;
    }
    brute_force(m, s, from + 1, chosen, skip, out);
    if (!(skip & (1u << from)) && option_has_primary(m, from) && fits(m, s, from)) {
        struct cover_state next = *s;
        take(m, &next, from);
        brute_force(m, &next, from + 1, chosen | (1u << from), skip, out);
    }
}

static int cmp_mask(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

static void sort_solutions(struct solutions *sols)
{
    if (sols->count > 1)
        qsort(sols->mask, sols->count, sizeof *sols->mask, cmp_mask);
}

/* What the engine reports through the callbacks. */
struct run {
    dlx_problem *p;
    struct solutions found;
    int32_t commits;   /* the committed options (exclusions not counted) */
    int bounded;
    int check_on_events;
    uint64_t events;
};

static int on_solution(void *ctx, const int32_t *options, int32_t count)
{
    struct run *r = ctx;
    uint32_t mask = 0;
    REQUIRE(count >= 0 && count <= MAX_OPTIONS);
    for (int32_t k = 0; k < count; k++) {
        REQUIRE(options[k] >= 0 && options[k] < MAX_OPTIONS);
        REQUIRE(!(mask & (1u << options[k]))); /* an option twice in a solution */
        mask |= 1u << options[k];
    }
    /* with bounds, null moves are levels without an option */
    REQUIRE(r->bounded ? dlx_level(r->p) >= count - r->commits
                       : dlx_level(r->p) == count - r->commits);
    add_solution(&r->found, mask);
    return 0;
}

static int on_event(void *ctx, const dlx_event *ev)
{
    struct run *r = ctx;
    r->events++;
    REQUIRE(ev->level >= 0 && ev->level <= MAX_LEVELS);
    REQUIRE((unsigned)ev->kind <= DLX_EV_SKIP);
    REQUIRE(r->bounded || (unsigned)ev->kind <= DLX_EV_BACKTRACK);
    if (ev->kind == DLX_EV_CHOOSE) {
        REQUIRE(ev->item >= 0 && ev->item < dlx_item_count(r->p));
        REQUIRE(dlx_item_remaining(r->p, ev->item) == ev->remaining);
        REQUIRE(dlx_item_is_active(r->p, ev->item) == 1);
        REQUIRE(ev->lo >= 0 && ev->lo <= ev->hi && ev->hi >= 1);
        REQUIRE(ev->degree == ev->remaining - ev->lo + 1);
        if (r->check_on_events)
            REQUIRE(dlx_check(r->p) == DLX_OK);
    }
    return 0;
}

/* Runs the search to the end in slices of `budget` nodes and compares the
 * solutions with the expected ones (sorted masks). */
static void search_and_compare(struct run *r, uint64_t budget, const struct solutions *expect)
{
    r->found.count = 0;
    dlx_reset(r->p);
    REQUIRE(dlx_level(r->p) == 0);
    int rc;
    int slices = 0;
    while ((rc = dlx_search(r->p, budget)) == DLX_PAUSED) {
        double done = dlx_estimate_done(r->p);
        REQUIRE(done >= 0.0 && done <= 1.0);
        REQUIRE(++slices < 1000000);
    }
    REQUIRE(rc == DLX_OK);
    REQUIRE(dlx_estimate_done(r->p) >= 0.999999);
    REQUIRE(dlx_search(r->p, budget) == DLX_OK); /* done stays done */
    REQUIRE(dlx_check(r->p) == DLX_OK);
    sort_solutions(&r->found);
    REQUIRE(r->found.count == expect->count);
    for (size_t i = 0; i < expect->count; i++)
        REQUIRE(r->found.mask[i] == expect->mask[i]);
    dlx_reset(r->p);
    REQUIRE(dlx_check(r->p) == DLX_OK);
}

static void expect_count(dlx_problem *p, uint64_t want)
{
    uint64_t got = 12345;
    REQUIRE(dlx_count(p, &got) == DLX_OK);
    REQUIRE(got == want);
    REQUIRE(dlx_check(p) == DLX_OK);
}

/* Solutions with the committed options `forced` (already known to fit) and
 * none of the excluded ones. */
static void expected_with(const struct model *m, uint32_t forced, uint32_t excluded,
                          struct solutions *out)
{
    struct cover_state s;
    memset(&s, 0, sizeof s);
    for (int o = 0; o < m->n_options; o++)
        if (forced & (1u << o))
            take(m, &s, o);
    out->count = 0;
    brute_force(m, &s, 0, forced, forced | excluded, out);
    sort_solutions(out);
}

/* With bounds a prefix also lists exclusions, each option at most once. */
struct prefixes {
    int32_t opt[4096][MAX_OPTIONS];
    int32_t len[4096];
    int is_solution[4096];
    int n, overflow;
};

static int on_prefix(void *ctx, const int32_t *options, int32_t count, int is_solution)
{
    struct prefixes *pf = ctx;
    REQUIRE(count >= 0 && count <= MAX_OPTIONS);
    if (pf->n == 4096) {
        pf->overflow = 1;
        return 1;
    }
    memcpy(pf->opt[pf->n], options, (size_t)count * sizeof(int32_t));
    pf->len[pf->n] = count;
    pf->is_solution[pf->n] = is_solution;
    pf->n++;
    return 0;
}

/* The prefixes at `depth` split the search: their counts add up to total.
 * Without bounds a prefix has at most `depth` options and no exclusions. */
static void check_prefixes(dlx_problem *p, int32_t depth, uint64_t total, int bounded)
{
    struct prefixes *pf = calloc(1, sizeof *pf);
    REQUIRE(pf != NULL);
    int rc = dlx_enumerate_prefixes(p, depth, on_prefix, pf);
    REQUIRE(rc == (pf->overflow ? DLX_STOPPED : DLX_OK));
    REQUIRE(dlx_check(p) == DLX_OK);
    if (!pf->overflow) {
        uint64_t sum = 0;
        int32_t base = dlx_commit_count(p);
        for (int i = 0; i < pf->n; i++) {
            int32_t chosen = 0;
            for (int32_t k = 0; k < pf->len[i]; k++) {
                REQUIRE(bounded || pf->opt[i][k] >= 0);
                chosen += pf->opt[i][k] >= 0;
            }
            REQUIRE(chosen <= depth);
            if (pf->is_solution[i]) {
                sum++;
                continue;
            }
            for (int32_t k = 0; k < pf->len[i]; k++)
                REQUIRE(dlx_commit(p, pf->opt[i][k]) == DLX_OK);
            uint64_t c = 0;
            REQUIRE(dlx_count(p, &c) == DLX_OK);
            sum += c;
            for (int32_t k = 0; k < pf->len[i]; k++)
                REQUIRE(dlx_uncommit(p) == DLX_OK);
            REQUIRE(dlx_commit_count(p) == base);
        }
        REQUIRE(sum == total);
    }
    free(pf);
}

/* Reads one option from the input and gives it to the engine; records it in
 * the model when the engine accepts it, and checks the error otherwise. */
static void add_option(dlx_problem *p, struct model *m, struct bytes *in)
{
    int32_t items[MAX_OPTION_LEN], colors[MAX_OPTION_LEN];
    unsigned head = next_byte(in);
    int32_t n = (int32_t)(head % (MAX_OPTION_LEN + 1));
    int use_colors = (head & 0x80) != 0;
    int bad_item = 0, dup = 0, bad_color = 0;
    for (int32_t k = 0; k < n; k++) {
        unsigned b = next_byte(in);
        if (b >= 252) {
            static const int32_t invalid[4] = {-1, INT32_MIN, INT32_MAX, MAX_ITEMS};
            items[k] = invalid[b - 252];
            if (items[k] == MAX_ITEMS)
                items[k] = m->n_items; /* one past the end */
            bad_item = 1;
        } else {
            items[k] = (int32_t)(b % (unsigned)(m->n_items ? m->n_items : 1));
            if (m->n_items == 0)
                bad_item = 1, items[k] = 0;
        }
        unsigned c = next_byte(in);
        colors[k] = c == 255 ? -1 : (int32_t)(c % 4 == 3 ? c / 4 % 3 + 1 : 0);
        if (colors[k] < 0 || (colors[k] > 0 && items[k] >= 0 && items[k] < m->n_primary))
            bad_color = 1;
        for (int32_t j = 0; j < k; j++)
            if (items[j] == items[k])
                dup = 1;
    }
    if (!use_colors)
        bad_color = 0;
    int32_t before = dlx_option_count(p);
    int32_t rc = dlx_add_option(p, items, use_colors ? colors : NULL, n);
    if (bad_item || dup || bad_color) {
        REQUIRE(rc < 0);
        REQUIRE((bad_item && rc == DLX_EITEM) || (dup && rc == DLX_EDUP) ||
                (bad_color && rc == DLX_ECOLOR) || rc == DLX_EINVAL);
        REQUIRE(dlx_option_count(p) == before);
        return;
    }
    if (n == 0 && rc < 0) { /* an empty option may be refused */
        REQUIRE(rc == DLX_EINVAL);
        return;
    }
    REQUIRE(rc == before);
    REQUIRE(m->n_options < MAX_OPTIONS);
    int o = m->n_options++;
    m->len[o] = n;
    for (int32_t k = 0; k < n; k++) {
        m->item[o][k] = items[k];
        m->color[o][k] = use_colors ? colors[k] : 0;
    }
    /* The engine gives the option back as it was given. */
    int32_t got_items[MAX_OPTION_LEN], got_colors[MAX_OPTION_LEN];
    REQUIRE(dlx_option_items(p, rc, got_items, got_colors, MAX_OPTION_LEN) == n);
    for (int32_t k = 0; k < n; k++) {
        REQUIRE(got_items[k] == m->item[o][k]);
        REQUIRE(got_colors[k] == m->color[o][k]);
    }
}

/* dlx_commit_many() is all or nothing: as the same dlx_commit() calls in a
 * row when they all succeed, else nothing committed and the index of the
 * first option that fails. Then dlx_uncommit_all() from the middle of a
 * search gives the whole problem back. */
static void commit_many(dlx_problem *p, const struct model *m, struct bytes *in, uint64_t total)
{
    int32_t list[4];
    int32_t n = (int32_t)(next_byte(in) % 5);
    if (m->n_options == 0)
        n = 0;
    for (int32_t k = 0; k < n; k++)
        list[k] = (int32_t)(next_byte(in) % (unsigned)m->n_options);
    struct cover_state s;
    memset(&s, 0, sizeof s);
    int32_t bad = -1;
    int may_clash = 0, may_be_empty = 0;
    uint32_t forced = 0;
    for (int32_t k = 0; k < n && bad < 0; k++) {
        int o = list[k];
        int no_primary = !option_has_primary(m, o);
        int clash = (forced & (1u << o)) || !fits(m, &s, o);
        if (no_primary || clash) {
            bad = k;
            may_be_empty = no_primary;
            may_clash = clash;
        } else {
            take(m, &s, o);
            forced |= 1u << o;
        }
    }
    int32_t failed = 12345;
    int rc = dlx_commit_many(p, list, n, &failed);
    REQUIRE(dlx_check(p) == DLX_OK);
    if (bad >= 0) {
        REQUIRE((may_clash && rc == DLX_ECONFLICT) || (may_be_empty && rc == DLX_EINVAL));
        REQUIRE(failed == bad);
        REQUIRE(dlx_commit_count(p) == 0);
        expect_count(p, total);
        return;
    }
    REQUIRE(rc == DLX_OK);
    REQUIRE(failed == -1);
    REQUIRE(dlx_commit_count(p) == n);
    struct solutions with = {0};
    expected_with(m, forced, 0, &with);
    expect_count(p, with.count);
    free(with.mask);
    /* Abandon a search half-way: uncommit_all resets first. */
    dlx_set_solution_fn(p, NULL, NULL);
    dlx_set_event_fn(p, NULL, NULL);
    int srch = dlx_search(p, 1);
    REQUIRE(srch == DLX_OK || srch == DLX_PAUSED || srch == DLX_STOPPED);
    REQUIRE(dlx_uncommit_all(p) == DLX_OK);
    REQUIRE(dlx_commit_count(p) == 0);
    REQUIRE(dlx_level(p) == 0);
    REQUIRE(dlx_check(p) == DLX_OK);
    expect_count(p, total);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct bytes in = {data, size, 0};
    struct model m;
    memset(&m, 0, sizeof m);
    dlx_problem *p = dlx_new();
    REQUIRE(p != NULL);

    m.n_primary = (int)(next_byte(&in) % (MAX_PRIMARY + 1));
    unsigned second = next_byte(&in);
    int n_secondary = (int)(second % (MAX_SECONDARY + 1));
    const int with_bounds = second >= 200; /* then a byte per primary item */
    for (int i = 0; i < m.n_primary + n_secondary; i++) {
        char name[16];
        snprintf(name, sizeof name, "%c%d", i < m.n_primary ? 'p' : 's', i);
        if (i < m.n_primary)
            m.lo[i] = m.hi[i] = 1;
        if (i < m.n_primary && with_bounds) {
            /* v % 4 == 0: 1..1; else lo in 0..2 and hi in lo..lo+2 (at least
             * 1); 255 first tries bounds the engine must refuse */
            unsigned v = next_byte(&in);
            if (v == 255)
                REQUIRE(dlx_add_item_bounds(p, name, DLX_PRIMARY, 2, 1) == DLX_EBOUNDS);
            if (v % 4 != 0) {
                m.lo[i] = (int)(v / 4 % 3);
                m.hi[i] = m.lo[i] + (int)(v / 12 % 3);
                if (m.hi[i] < 1)
                    m.hi[i] = 1;
            }
            REQUIRE(dlx_add_item_bounds(p, name, DLX_PRIMARY, m.lo[i], m.hi[i]) == i);
            m.bounded |= m.lo[i] != 1 || m.hi[i] != 1;
        } else {
            REQUIRE(dlx_add_item(p, name, i < m.n_primary ? DLX_PRIMARY : DLX_SECONDARY) == i);
        }
    }
    REQUIRE(dlx_has_bounds(p) == m.bounded);
    for (int i = 0; i < m.n_primary; i++) {
        int32_t lo = -1, hi = -1;
        REQUIRE(dlx_item_bounds(p, i, &lo, &hi) == DLX_OK);
        REQUIRE(lo == m.lo[i] && hi == m.hi[i]);
    }
    m.n_items = m.n_primary + n_secondary;
    REQUIRE(dlx_item_count(p) == m.n_items);
    REQUIRE(dlx_add_item(p, "bad", 7u) == DLX_EINVAL);

    int n_attempts = (int)(next_byte(&in) % (MAX_OPTIONS + 1));
    for (int i = 0; i < n_attempts && m.n_options < MAX_OPTIONS; i++)
        add_option(p, &m, &in);
    REQUIRE(dlx_option_count(p) == m.n_options);
    if (m.n_options > 0)
        REQUIRE(dlx_add_item(p, "late", DLX_PRIMARY) == DLX_EORDER);
    REQUIRE(dlx_check(p) == DLX_OK);

    struct solutions expect = {0};
    struct cover_state empty;
    memset(&empty, 0, sizeof empty);
    brute_force(&m, &empty, 0, 0, 0, &expect);
    sort_solutions(&expect);
    uint64_t total = expect.count;

    /* Settings. */
    unsigned settings = next_byte(&in);
    REQUIRE(dlx_set_choose(p, (enum dlx_choose)(settings % 3)) == DLX_OK);
    if (settings & 0x04) {
        uint64_t seed = 0;
        for (int k = 0; k < 8; k++)
            seed = seed << 8 | next_byte(&in);
        REQUIRE(dlx_set_seed(p, seed) == DLX_OK);
    }
    /* The inference takes out only options in no solution: the same set. */
    if (settings & 0x40)
        REQUIRE(dlx_set_inference(p, DLX_INFER_SHARED_ITEM, (settings & 0x80) ? 8 : 2) ==
                DLX_OK);
    uint64_t budget = (settings & 0x08) ? next_byte(&in) % 7 : 0;
    struct run r = {p, {0}, 0, m.bounded, (settings & 0x10) != 0, 0};
    dlx_set_solution_fn(p, on_solution, &r);
    if (settings & 0x20)
        dlx_set_event_fn(p, on_event, &r);

    search_and_compare(&r, budget, &expect);
    expect_count(p, total);

    /* A solution limit stops the count there. */
    uint64_t limit = next_byte(&in) % 5;
    if (limit > 0) {
        dlx_set_limit(p, limit);
        uint64_t got = 0;
        int rc = dlx_count(p, &got);
        REQUIRE(got == (total < limit ? total : limit));
        if (total < limit)
            REQUIRE(rc == DLX_OK);
        else if (total > limit)
            REQUIRE(rc == DLX_STOPPED);
        else
            REQUIRE(rc == DLX_OK || rc == DLX_STOPPED);
        dlx_set_limit(p, 0);
        REQUIRE(dlx_check(p) == DLX_OK);
    }

    /* Commitments: each one either fits (and restricts the solutions to
     * those containing it) or clashes and changes nothing. An exclusion
     * (bit 0x40 of its byte) keeps the option out, or clashes with the
     * option's own commitment. */
    uint32_t forced = 0, excluded = 0;
    int n_commits = (int)(next_byte(&in) % 4), entries = 0;
    for (int i = 0; i < n_commits && m.n_options > 0; i++) {
        unsigned b = next_byte(&in);
        int o = (int)((b & 0x3f) % (unsigned)m.n_options);
        if (b & 0x40) {
            int rc = dlx_commit(p, DLX_EXCLUDE(o));
            if (forced & (1u << o)) {
                REQUIRE(rc == DLX_ECONFLICT);
            } else {
                REQUIRE(rc == DLX_OK);
                excluded |= 1u << o;
                entries++;
            }
            REQUIRE(dlx_commit_count(p) == entries);
            REQUIRE(dlx_check(p) == DLX_OK);
            continue;
        }
        if (forced & (1u << o)) {
            REQUIRE(dlx_commit(p, o) == DLX_ECONFLICT);
            continue;
        }
        struct cover_state s;
        memset(&s, 0, sizeof s);
        for (int j = 0; j < m.n_options; j++)
            if (forced & (1u << j))
                take(&m, &s, j);
        int rc = dlx_commit(p, o);
        if (!option_has_primary(&m, o)) {
            REQUIRE(rc == DLX_EINVAL); /* the search never chooses those */
        } else if (fits(&m, &s, o) && !(excluded & (1u << o))) {
            REQUIRE(rc == DLX_OK);
            r.commits++;
            entries++;
            forced |= 1u << o;
        } else {
            REQUIRE(rc == DLX_ECONFLICT);
        }
        REQUIRE(dlx_commit_count(p) == entries);
        REQUIRE(dlx_check(p) == DLX_OK);
        REQUIRE(dlx_set_seed(p, 1) == (entries ? DLX_EBUSY : DLX_OK));
    }
    struct solutions with = {0};
    expected_with(&m, forced, excluded, &with);
    search_and_compare(&r, budget, &with);

    /* A clone counts the same and is independent. */
    dlx_problem *copy = dlx_clone(p);
    REQUIRE(copy != NULL);
    REQUIRE(dlx_check(copy) == DLX_OK);
    REQUIRE(dlx_commit_count(copy) == entries);
    /* The copy has the same callbacks and contexts: point them at its own. */
    struct run copy_run = {copy, {0}, r.commits, m.bounded, r.check_on_events, 0};
    dlx_set_solution_fn(copy, on_solution, &copy_run);
    if (settings & 0x20)
        dlx_set_event_fn(copy, on_event, &copy_run);
    search_and_compare(&copy_run, budget, &with);
    REQUIRE(dlx_uncommit_all(copy) == DLX_OK);
    copy_run.commits = 0;
    search_and_compare(&copy_run, budget, &expect);
    expect_count(copy, total);
    free(copy_run.found.mask);
    dlx_free(copy);
    expect_count(p, with.count);

    check_prefixes(p, (int32_t)(next_byte(&in) % 4), with.count, m.bounded);

    /* Undo the commitments one at a time, back to the whole problem. */
    while (entries > 0) {
        REQUIRE(dlx_uncommit(p) == DLX_OK);
        entries--;
        REQUIRE(dlx_check(p) == DLX_OK);
    }
    r.commits = 0;
    REQUIRE(dlx_uncommit(p) == DLX_EEMPTY);
    expect_count(p, total);

    commit_many(p, &m, &in, total);

    dlx_stats st;
    dlx_get_stats(p, &st);
    REQUIRE(st.max_level >= 0 && st.max_level <= MAX_LEVELS);

    free(expect.mask);
    free(with.mask);
    free(r.found.mask);
    dlx_free(p);
    return 0;
}
