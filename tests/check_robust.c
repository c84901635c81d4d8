/* SPDX-License-Identifier: MIT */
/* check_robust.c - the engine when memory runs out, and other hostile uses
 * of the API.
 *
 * Out of memory: a problem built on an allocator that fails the k-th call
 * (one failure, or every call from the k-th on) goes through a workload that
 * touches every allocating function: items with long names, options, colours,
 * commitments, search, clone, seeding and prefix enumeration. For every k up
 * to the last allocation of the workload, each failing call must return
 * DLX_ENOMEM (or NULL) and leave the problem as it was (dlx_check() passes,
 * counts unchanged); retried, it must succeed and the final answers must be
 * those of a run without failures; after dlx_free() no byte may be left and
 * every free must name the size that was allocated.
 *
 * Expected answers: the 6-queens problem has 4 solutions (OEIS A000170),
 * listed by file per rank: 1 3 5 0 2 4, 2 5 1 4 0 3, 3 0 4 1 5 2, 4 2 0 5 3 1;
 * the example that introduces colours in TAOCP 7.2.2.1 (Knuth, Vol. 4B) has
 * exactly one solution, 'q x:A' with 'p r x:A y'.
 *
 * The text reader goes through the same sweep: a text that makes every one
 * of its tables grow (300 items with bounds, 120 colours, 150 warnings, an
 * error message) is parsed and searched on a failing allocator, and on an
 * allocator that takes no byte from malloc, with malloc's own count of
 * bytes in use unchanged while the handle lives: every byte the reader and
 * its problem hold went through the allocator. The text's answers (no
 * solution, 150 warnings) are worked out beside text_input(). */
#include "../examples/problems.h"
#include "dlx.h"
#include "dlx_text.h"

#include <check.h>
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- an allocator that fails on demand --------------------------------- */

struct failing_alloc {
    long calls;         /* allocating calls so far (new_size > 0) */
    long fail_at;       /* the call that fails, 0 for never */
    int fail_from_then; /* 1: every call from fail_at on fails */
    long failures;      /* failures handed out */
    size_t live_bytes;
    long live_blocks;
    int bad_old_size; /* a free or resize named the wrong old size */
};

/* Each block carries its size in front so old_size can be checked. */
typedef union {
    size_t size;
    max_align_t align;
} block_head;

static void *failing_alloc_fn(void *ud, void *ptr, size_t old_size, size_t new_size)
{
    struct failing_alloc *fa = ud;
    block_head *head = ptr ? (block_head *)ptr - 1 : NULL;
    if (head && head->size != old_size)
        fa->bad_old_size = 1;
    if (new_size == 0) {
        if (head) {
            fa->live_bytes -= head->size;
            fa->live_blocks--;
            free(head);
        }
        return NULL;
    }
    fa->calls++;
    if (fa->fail_at > 0 &&
        (fa->calls == fa->fail_at || (fa->fail_from_then && fa->calls > fa->fail_at))) {
        fa->failures++;
        return NULL;
    }
    size_t old = head ? head->size : 0;
    block_head *grown = realloc(head, sizeof(block_head) + new_size);
    if (!grown)
        return NULL;
    if (!head)
        fa->live_blocks++;
    fa->live_bytes = fa->live_bytes - old + new_size;
    grown->size = new_size;
    return grown + 1;
}

/* --- the workload ----------------------------------------------------- */

/* What the workload finds; compared with a run without failures. */
struct outcome {
    uint64_t queens, queens_committed, colours, clone_count, prefix_sum, seeded;
    int32_t items, options;
    int completed; /* 0 when it gave up (persistent failure) */
};

/* Whether a call failed for lack of memory; such a call is retried by the
 * caller, so the allocator's one-shot failure is followed by success. */
#define OOM(rc) ((rc) == DLX_ENOMEM)

/* Checks that a failed call left the problem unchanged. */
static void assert_unchanged(const dlx_problem *p, int32_t items, int32_t options,
                             int32_t commits)
{
    ck_assert_int_eq(dlx_check(p), DLX_OK);
    ck_assert_int_eq(dlx_item_count(p), items);
    ck_assert_int_eq(dlx_option_count(p), options);
    ck_assert_int_eq(dlx_commit_count(p), commits);
}

/* Retries `call` (an expression giving a status) while it fails for lack of
 * memory; runs `give_up` (return or goto) when the allocator keeps failing.
 * Any other result is checked by the caller. */
#define RETRY_OR(give_up, rc, call, p)                                                 \
    do {                                                                               \
        int32_t items_ = dlx_item_count(p), options_ = dlx_option_count(p);            \
        int32_t commits_ = dlx_commit_count(p);                                        \
        for (int tries_ = 0;; tries_++) {                                              \
            (rc) = (call);                                                             \
            if (!OOM(rc))                                                              \
                break;                                                                 \
            assert_unchanged((p), items_, options_, commits_);                         \
            if (tries_ == 3)                                                           \
                give_up;                                                               \
        }                                                                              \
    } while (0)
#define RETRY(rc, call, p) RETRY_OR(return 0, rc, call, p)

/* n-queens: ranks and files primary, diagonals secondary. */
static int add_queens(dlx_problem *p, int n, int32_t *first_option)
{
    int32_t rc;
    char name[32];
    for (int i = 0; i < n; i++) {
        snprintf(name, sizeof name, "r%d", i);
        RETRY(rc, dlx_add_item(p, name, DLX_PRIMARY), p);
        ck_assert_int_ge(rc, 0);
        snprintf(name, sizeof name, "f%d", i);
        RETRY(rc, dlx_add_item(p, name, DLX_PRIMARY), p);
        ck_assert_int_ge(rc, 0);
    }
    int32_t diag0 = dlx_item_count(p);
    for (int d = 0; d < 2 * n - 1; d++) {
        snprintf(name, sizeof name, "a%d", d);
        RETRY(rc, dlx_add_item(p, name, DLX_SECONDARY), p);
        ck_assert_int_ge(rc, 0);
        snprintf(name, sizeof name, "b%d", d);
        RETRY(rc, dlx_add_item(p, name, DLX_SECONDARY), p);
        ck_assert_int_ge(rc, 0);
    }
    /* A very long name, so the name storage has to grow. */
    char *long_name = malloc(5000);
    ck_assert_ptr_nonnull(long_name);
    memset(long_name, 'z', 4999);
    long_name[4999] = '\0';
    RETRY_OR({ free(long_name); return 0; }, rc, dlx_add_item(p, long_name, DLX_SECONDARY), p);
    free(long_name);
    ck_assert_int_ge(rc, 0);
    ck_assert_int_eq(strlen(dlx_item_name(p, rc)), 4999);
    *first_option = dlx_option_count(p);
    for (int r = 0; r < n; r++)
        for (int f = 0; f < n; f++) {
            int32_t items[4] = {2 * r, 2 * f + 1, diag0 + 2 * (r + f),
                                diag0 + 2 * (r - f + n - 1) + 1};
            RETRY(rc, dlx_add_option(p, items, NULL, 4), p);
            ck_assert_int_ge(rc, 0);
        }
    return 1;
}

/* Knuth's example of colours: primary p q r, secondary x y;
 * options 'p q x y:A', 'p r x:A y', 'p x:B', 'q x:A', 'r y:B'. */
static int add_knuth_colours(dlx_problem *p)
{
    int32_t rc;
    const char *names[5] = {"p", "q", "r", "x", "y"};
    for (int i = 0; i < 5; i++) {
        RETRY(rc, dlx_add_item(p, names[i], i < 3 ? DLX_PRIMARY : DLX_SECONDARY), p);
        ck_assert_int_eq(rc, i);
    }
    enum { P, Q, R, X, Y, A = 1, B = 2 };
    const int32_t opts[5][4] = {{P, Q, X, Y}, {P, R, X, Y}, {P, X}, {Q, X}, {R, Y}};
    const int32_t cols[5][4] = {{0, 0, 0, A}, {0, 0, A, 0}, {0, B}, {0, A}, {0, B}};
    const int32_t lens[5] = {4, 4, 2, 2, 2};
    for (int o = 0; o < 5; o++) {
        RETRY(rc, dlx_add_option(p, opts[o], cols[o], lens[o]), p);
        ck_assert_int_eq(rc, o);
    }
    return 1;
}

static int count_solutions(dlx_problem *p, uint64_t *out)
{
    int rc;
    RETRY(rc, dlx_count(p, out), p);
    ck_assert_int_eq(rc, DLX_OK);
    return 1;
}

struct prefix_sum {
    int32_t opts[256][2];
    int32_t len[256];
    int solution[256];
    int n;
};

static int collect_prefix(void *ctx, const int32_t *options, int32_t count, int is_solution)
{
    struct prefix_sum *ps = ctx;
    ck_assert_int_lt(ps->n, 256);
    ck_assert_int_le(count, 2);
    memcpy(ps->opts[ps->n], options, (size_t)count * sizeof(int32_t));
    ps->len[ps->n] = count;
    ps->solution[ps->n] = is_solution;
    ps->n++;
    return 0;
}

/* The whole workload on one allocator; returns 1 when it ran to the end. */
static int workload(struct failing_alloc *fa, struct outcome *out)
{
    memset(out, 0, sizeof *out);
    dlx_problem *p = NULL;
    for (int tries = 0; !p && tries < 4; tries++)
        p = dlx_new_alloc(failing_alloc_fn, fa);
    if (!p)
        return 0;
    int ok = 0;
    dlx_problem *colours = NULL, *copy = NULL;
    int32_t first = 0;
    struct prefix_sum *ps = NULL;
    int rc;

    if (!add_queens(p, 6, &first) || !count_solutions(p, &out->queens))
        goto done;
    out->items = dlx_item_count(p);
    out->options = dlx_option_count(p);

    /* A queen on square (0,1), then one on (1,0), which clashes with it:
     * both are on the anti-diagonal r + f = 1. */
    RETRY_OR(goto done, rc, dlx_commit(p, first + 1), p);
    ck_assert_int_eq(rc, DLX_OK);
    RETRY_OR(goto done, rc, dlx_commit(p, first + 6), p);
    ck_assert_int_eq(rc, DLX_ECONFLICT);
    if (!count_solutions(p, &out->queens_committed))
        goto done;

    for (int tries = 0; !copy && tries < 4; tries++)
        copy = dlx_clone(p);
    if (!copy)
        goto done;
    ck_assert_int_eq(dlx_check(copy), DLX_OK);
    RETRY_OR(goto done, rc, dlx_uncommit(copy), copy);
    ck_assert_int_eq(rc, DLX_OK);
    if (!count_solutions(copy, &out->clone_count))
        goto done;

    RETRY_OR(goto done, rc, dlx_uncommit(p), p);
    ck_assert_int_eq(rc, DLX_OK);
    ps = calloc(1, sizeof *ps);
    ck_assert_ptr_nonnull(ps);
    RETRY_OR(goto done, rc, (ps->n = 0, dlx_enumerate_prefixes(p, 2, collect_prefix, ps)), p);
    ck_assert_int_eq(rc, DLX_OK);
    for (int i = 0; i < ps->n; i++) {
        if (ps->solution[i]) {
            out->prefix_sum++;
            continue;
        }
        for (int32_t k = 0; k < ps->len[i]; k++) {
            RETRY_OR(goto done, rc, dlx_commit(p, ps->opts[i][k]), p);
            ck_assert_int_eq(rc, DLX_OK);
        }
        uint64_t c = 0;
        if (!count_solutions(p, &c))
            goto done;
        out->prefix_sum += c;
        RETRY_OR(goto done, rc, dlx_uncommit_all(p), p);
        ck_assert_int_eq(rc, DLX_OK);
    }

    RETRY_OR(goto done, rc, dlx_set_seed(p, 12345), p);
    ck_assert_int_eq(rc, DLX_OK);
    if (!count_solutions(p, &out->seeded))
        goto done;

    colours = dlx_new_alloc(failing_alloc_fn, fa);
    for (int tries = 0; !colours && tries < 4; tries++)
        colours = dlx_new_alloc(failing_alloc_fn, fa);
    if (!colours || !add_knuth_colours(colours) || !count_solutions(colours, &out->colours))
        goto done;
    ok = 1;
    out->completed = 1;
done:
    free(ps);
    if (p)
        ck_assert_int_eq(dlx_check(p), DLX_OK);
    dlx_free(copy);
    dlx_free(colours);
    dlx_free(p);
    return ok;
}

static void assert_no_leak(const struct failing_alloc *fa, long k)
{
    if (fa->live_blocks != 0 || fa->live_bytes != 0)
        ck_abort_msg("allocation %ld failed: %ld blocks (%zu bytes) never freed", k,
                     fa->live_blocks, fa->live_bytes);
    if (fa->bad_old_size)
        ck_abort_msg("allocation %ld failed: a free or resize gave a wrong old size", k);
}

START_TEST(reference_run)
{
    struct failing_alloc fa = {0};
    struct outcome out;
    ck_assert_int_eq(workload(&fa, &out), 1);
    ck_assert_int_eq(fa.failures, 0);
    assert_no_leak(&fa, 0);
    ck_assert_uint_eq(out.queens, 4);           /* OEIS A000170 */
    ck_assert_uint_eq(out.queens_committed, 1); /* of the 4: only 1 3 5 0 2 4 */
    ck_assert_uint_eq(out.clone_count, 4);
    ck_assert_uint_eq(out.prefix_sum, 4);
    ck_assert_uint_eq(out.seeded, 4);
    ck_assert_uint_eq(out.colours, 1); /* Knuth, TAOCP 7.2.2.1 */
    ck_assert_int_eq(out.items, 12 + 22 + 1);
    ck_assert_int_eq(out.options, 36);
    ck_assert_int_gt(fa.calls, 1);
}
END_TEST

/* One failure at every allocation the workload makes, each in its own run. */
START_TEST(each_single_failure)
{
    struct failing_alloc ref = {0};
    struct outcome want, got;
    ck_assert_int_eq(workload(&ref, &want), 1);
    for (long k = 1; k <= ref.calls + 1; k++) {
        struct failing_alloc fa = {0};
        fa.fail_at = k;
        int done = workload(&fa, &got);
        assert_no_leak(&fa, k);
        if (k <= ref.calls)
            ck_assert_int_eq(fa.failures, 1);
        ck_assert_msg(done, "allocation %ld failed once: the workload could not finish", k);
        ck_assert_msg(memcmp(&got, &want, sizeof got) == 0,
                      "allocation %ld failed once: different answers after the retry", k);
    }
}
END_TEST

/* Memory runs out for good at every point: everything fails cleanly and
 * nothing leaks. */
START_TEST(persistent_failure)
{
    struct failing_alloc ref = {0};
    struct outcome want, got;
    ck_assert_int_eq(workload(&ref, &want), 1);
    for (long k = 1; k <= ref.calls; k++) {
        struct failing_alloc fa = {0};
        fa.fail_at = k;
        fa.fail_from_then = 1;
        (void)workload(&fa, &got); /* may finish if only optional calls fail */
        assert_no_leak(&fa, k);
    }
}
END_TEST

/* The goal searches when memory runs out: dlx_min_cost() and dlx_count_memo()
 * (kept to the end for its ZDD, and left to give up for the plain search on
 * a clone) on 10 queens, each queen costing its file, so that every one of
 * the 724 solutions (OEIS A000170) costs 0 + 1 + ... + 9 = 45. For every
 * allocation they make, failing once and failing for good: DLX_ENOMEM or
 * the right answer (a memo that could not store a state still counts
 * exactly, without a ZDD), nothing left allocated, every free of the right
 * size, and the problem idle and whole after. */
static long goal_run(struct failing_alloc *fa, dlx_problem *p, long fail_at, int from_then)
{
    long base_blocks = fa->live_blocks;
    size_t base_bytes = fa->live_bytes;
    fa->calls = 0;
    fa->fail_at = fail_at;
    fa->fail_from_then = from_then;
    dlx_cost_opts co = {.k = 3};
    dlx_cost_result cr;
    int rc = dlx_min_cost(p, &co, &cr);
    ck_assert_msg(rc == DLX_ENOMEM || (rc == DLX_OK && cr.found == 3 && cr.best == 45),
                  "min_cost, allocation %ld: rc %d, %llu found, best %lld", fail_at, rc,
                  (unsigned long long)cr.found, (long long)cr.best);
    for (int keep = 1; keep >= 0; keep--) {
        dlx_memo_opts mo = {.keep_zdd = keep};
        dlx_memo_result mr;
        dlx_zdd *z = NULL;
        rc = dlx_count_memo(p, &mo, &mr, keep ? &z : NULL);
        ck_assert_msg(rc == DLX_ENOMEM || (rc == DLX_OK && mr.count.lo == 724),
                      "count_memo (zdd %d), allocation %ld: rc %d, count %llu", keep, fail_at,
                      rc, (unsigned long long)mr.count.lo);
        if (z)
            ck_assert_uint_eq(dlx_zdd_count(z, dlx_zdd_root(z)).lo, 724);
        ck_assert_int_eq(rc != DLX_OK || !keep || z == NULL || mr.zdd_complete, 1);
        dlx_zdd_free(z);
    }
    long calls = fa->calls;
    fa->fail_at = 0;
    if (fa->live_blocks != base_blocks || fa->live_bytes != base_bytes)
        ck_abort_msg("allocation %ld failed: %ld blocks (%zu bytes) left by the goal searches",
                     fail_at, fa->live_blocks - base_blocks, fa->live_bytes - base_bytes);
    ck_assert_int_eq(fa->bad_old_size, 0);
    ck_assert_int_eq(dlx_level(p), 0);
    ck_assert_int_eq(dlx_check(p), DLX_OK);
    return calls;
}

START_TEST(goal_searches_out_of_memory)
{
    struct failing_alloc fa = {0};
    dlx_problem *p = dlx_new_alloc(failing_alloc_fn, &fa);
    ck_assert_ptr_nonnull(p);
    ck_assert_int_eq(queens_build(p, 10, 0), DLX_OK);
    for (int32_t o = 0; o < dlx_option_count(p); o++)
        ck_assert_int_eq(dlx_set_option_cost(p, o, o % 10), DLX_OK);
    long calls = goal_run(&fa, p, 0, 0);
    ck_assert_int_gt(calls, 20);
    for (int from_then = 0; from_then < 2; from_then++)
        for (long k = 1; k <= calls; k++)
            goal_run(&fa, p, k, from_then);
    uint64_t n = 0;
    ck_assert_int_eq(dlx_count(p, &n), DLX_OK);
    ck_assert_uint_eq(n, 724);
    dlx_free(p);
    assert_no_leak(&fa, 0);
}
END_TEST

/* dlx_new_alloc() itself failing gives NULL and leaves nothing behind. */
START_TEST(new_fails)
{
    struct failing_alloc fa = {0};
    fa.fail_at = 1;
    fa.fail_from_then = 1;
    ck_assert_ptr_null(dlx_new_alloc(failing_alloc_fn, &fa));
    ck_assert_int_ge(fa.failures, 1);
    assert_no_leak(&fa, 1);
}
END_TEST

/* --- the text reader on the same allocators ------------------------------ */

/* The input: items i0..i299, i0 with bounds 2|, i1..i9 with 0:1|, then
 * "| s0 s1 s2"; an option "iK sJ:colour-name-C" for every item K (J = K mod
 * 3, C = K mod 120: 120 colours of 20 bytes), a second "i0 s0:colour-name-0"
 * so that i0 can be covered twice, and 150 options with secondary items
 * only (a warning each). Items i10..i299 are in one option each, so all of
 * those options are in every solution; but i12's gives s0 colour 12 and
 * i15's colour 15: there is no solution. */
static char *text_input(size_t *len)
{
    size_t cap = 1 << 16, n = 0;
    char *s = malloc(cap);
    ck_assert_ptr_nonnull(s);
#define PUT(...)                                                                  \
    do {                                                                          \
        n += (size_t)snprintf(s + n, cap - n, __VA_ARGS__);                       \
        ck_assert_uint_lt(n, cap);                                                \
    } while (0)
    for (int k = 0; k < 300; k++)
        PUT(k == 0 ? "2|i0" : k < 10 ? " 0:1|i%d" : " i%d", k);
    PUT(" | s0 s1 s2\n");
    for (int k = 0; k < 300; k++)
        PUT("i%d s%d:colour-name-%08d\n", k, k % 3, k % 120);
    PUT("i0 s0:colour-name-%08d\n", 0);
    for (int k = 0; k < 150; k++)
        PUT("s%d\n", k % 3);
#undef PUT
    *len = n;
    return s;
}

struct text_outcome {
    uint64_t count;
    size_t warnings;
    int bad_rc; /* the status of the malformed input */
};

/* Parses and counts the text, then a malformed line (an error message to
 * allocate), each on a fresh handle, retried when memory fails once. */
static int text_workload(struct failing_alloc *fa, const char *src, size_t len,
                         struct text_outcome *out)
{
    memset(out, 0, sizeof *out);
    for (int tries = 0; tries < 4; tries++) {
        dlx_text *t = dlx_text_new_alloc(failing_alloc_fn, fa);
        if (!t)
            continue;
        int rc = dlx_text_parse(t, src, len);
        if (rc == DLX_ENOMEM) {
            const dlx_text_diag *e = dlx_text_error(t);
            ck_assert_ptr_nonnull(e);
            ck_assert_int_eq(e->code, DLX_ENOMEM);
            ck_assert_ptr_nonnull(e->message);
            dlx_text_free(t);
            continue;
        }
        ck_assert_int_eq(rc, DLX_OK);
        dlx_problem *p = dlx_text_problem(t);
        ck_assert_int_eq(dlx_check(p), DLX_OK);
        out->warnings = dlx_text_warning_count(t);
        for (size_t i = 0; i < out->warnings && i < DLX_TEXT_MAX_WARNINGS; i++)
            ck_assert_ptr_nonnull(dlx_text_warning(t, i)->message);
        RETRY_OR({ dlx_text_free(t); return 0; }, rc, dlx_count(p, &out->count), p);
        ck_assert_int_eq(rc, DLX_OK);
        dlx_text_free(t);
        break;
    }
    if (out->warnings == 0)
        return 0;
    static const char bad[] = "a 3:2|b\na\n";
    out->bad_rc = DLX_ENOMEM;
    for (int tries = 0; out->bad_rc == DLX_ENOMEM && tries < 4; tries++) {
        dlx_text *t = dlx_text_new_alloc(failing_alloc_fn, fa);
        if (!t)
            continue;
        out->bad_rc = dlx_text_parse(t, bad, sizeof bad - 1);
        /* out of memory for the message, its static text stands in */
        ck_assert_ptr_nonnull(dlx_text_error(t));
        ck_assert_ptr_nonnull(dlx_text_error(t)->message);
        dlx_text_free(t);
    }
    return out->bad_rc != DLX_ENOMEM;
}

START_TEST(text_each_single_failure)
{
    size_t len;
    char *src = text_input(&len);
    struct failing_alloc ref = {0};
    struct text_outcome want, got;
    ck_assert_int_eq(text_workload(&ref, src, len, &want), 1);
    assert_no_leak(&ref, 0);
    ck_assert_uint_eq(want.count, 0);
    ck_assert_uint_eq(want.warnings, 150);
    ck_assert_int_eq(want.bad_rc, DLX_EBOUNDS);
    for (long k = 1; k <= ref.calls; k++) {
        struct failing_alloc fa = {0};
        fa.fail_at = k;
        int done = text_workload(&fa, src, len, &got);
        assert_no_leak(&fa, k);
        ck_assert_int_eq(fa.failures, 1);
        ck_assert_msg(done, "text: allocation %ld failed once: could not finish", k);
        ck_assert_uint_eq(got.count, want.count);
        ck_assert_uint_eq(got.warnings, want.warnings);
        ck_assert_int_eq(got.bad_rc, DLX_EBOUNDS);
    }
    for (long k = 1; k <= ref.calls; k += 7) {
        struct failing_alloc fa = {0};
        fa.fail_at = k;
        fa.fail_from_then = 1;
        (void)text_workload(&fa, src, len, &got);
        assert_no_leak(&fa, k);
    }
    free(src);
}
END_TEST

/* An allocator that takes nothing from malloc: a bump allocator over a
 * static arena, which counts what it hands out and what comes back. */
enum { ARENA_BYTES = 16 << 20 };
static unsigned char arena_bytes[ARENA_BYTES];

struct arena {
    size_t used, live, total;
    long blocks;
    int bad_size;
};

static void *arena_alloc(void *ud, void *ptr, size_t old_size, size_t new_size)
{
    struct arena *a = ud;
    block_head *head = ptr ? (block_head *)ptr - 1 : NULL;
    if (head && head->size != old_size)
        a->bad_size = 1;
    if (head) {
        a->live -= head->size;
        a->blocks--;
    }
    if (new_size == 0)
        return NULL;
    size_t need = (sizeof(block_head) + new_size + 15) & ~(size_t)15;
    if (a->used + need > ARENA_BYTES) {
        if (head) { /* the old block stays */
            a->live += head->size;
            a->blocks++;
        }
        return NULL;
    }
    block_head *fresh = (block_head *)(void *)(arena_bytes + a->used);
    a->used += need;
    fresh->size = new_size;
    if (head)
        memcpy(fresh + 1, ptr, old_size < new_size ? old_size : new_size);
    a->live += new_size;
    a->total += new_size;
    a->blocks++;
    return fresh + 1;
}

START_TEST(text_allocator_sees_every_byte)
{
    size_t len;
    char *src = text_input(&len);
    /* malloc's count of bytes in use must move with a malloc for this check
     * to mean anything; under AddressSanitizer it does not, and the check
     * is left to the plain builds. */
    size_t before = mallinfo2().uordblks;
    void *probe = malloc(1 << 20);
    ck_assert_ptr_nonnull(probe);
    int meaningful = mallinfo2().uordblks >= before + (1 << 20);
    free(probe);

    struct arena a = {0};
    before = mallinfo2().uordblks;
    dlx_text *t = dlx_text_new_alloc(arena_alloc, &a);
    ck_assert_ptr_nonnull(t);
    ck_assert_int_eq(dlx_text_parse(t, src, len), DLX_OK);
    uint64_t n = 1;
    ck_assert_int_eq(dlx_count(dlx_text_problem(t), &n), DLX_OK);
    ck_assert_uint_eq(n, 0);
    ck_assert_uint_eq(dlx_text_warning_count(t), 150);
    size_t during = mallinfo2().uordblks;
    ck_assert_uint_ge(a.live, len); /* the input's copy, at least */
    dlx_text_free(t);
    if (meaningful)
        ck_assert_msg(during == before, "the text reader holds %ld bytes from malloc",
                      (long)during - (long)before);
    ck_assert_uint_eq(a.live, 0);
    ck_assert_int_eq(a.blocks, 0);
    ck_assert_int_eq(a.bad_size, 0);
    /* the problem's arrays went through it too: far more than the input */
    ck_assert_uint_gt(a.total, 4 * len);

    /* The stream reader, likewise. */
    FILE *f = fmemopen(src, len, "r");
    ck_assert_ptr_nonnull(f);
    a = (struct arena){0};
    t = dlx_text_new_alloc(arena_alloc, &a);
    ck_assert_ptr_nonnull(t);
    before = mallinfo2().uordblks;
    ck_assert_int_eq(dlx_text_read(t, f), DLX_OK);
    during = mallinfo2().uordblks;
    dlx_text_free(t);
    fclose(f);
    if (meaningful)
        ck_assert_int_eq(during, before);
    ck_assert_uint_eq(a.live, 0);
    ck_assert_int_eq(a.bad_size, 0);
    ck_assert_ptr_null(dlx_text_new_alloc(NULL, NULL));
    free(src);
}
END_TEST

/* --- other hostile uses of the API ----------------------------------- */

/* NULL and out-of-range arguments give an error, never a crash. */
START_TEST(bad_arguments)
{
    dlx_problem *p = dlx_new();
    ck_assert_ptr_nonnull(p);
    ck_assert_int_eq(dlx_add_item(p, "a", DLX_PRIMARY), 0);
    ck_assert_int_eq(dlx_add_item(p, "b", DLX_SECONDARY), 1);
    int32_t items[2] = {0, 1};
    ck_assert_int_eq(dlx_add_option(p, NULL, NULL, 2), DLX_EINVAL);
    ck_assert_int_eq(dlx_add_option(p, items, NULL, -1), DLX_EINVAL);
    ck_assert_int_eq(dlx_option_count(p), 0);
    ck_assert_int_eq(dlx_add_option(p, items, NULL, 2), 0);
    /* Negative ids are exclusions (DLX_EXCLUDE): -1 excludes option 0, so
     * the ones out of range are -2 and below. */
    ck_assert_int_eq(dlx_commit(p, DLX_EXCLUDE(1)), DLX_EINVAL);
    ck_assert_int_eq(dlx_commit(p, INT32_MIN), DLX_EINVAL);
    ck_assert_int_eq(dlx_commit(p, 1), DLX_EINVAL);
    ck_assert_int_eq(dlx_commit(p, INT32_MAX), DLX_EINVAL);
    ck_assert_int_eq(dlx_item_bounds(p, 2, NULL, NULL), DLX_EINVAL);
    ck_assert_int_eq(dlx_add_item_bounds(p, "c", DLX_PRIMARY, 1, 2), DLX_EORDER);
    ck_assert_int_eq(dlx_uncommit(p), DLX_EEMPTY);
    ck_assert_ptr_null(dlx_item_name(p, -1));
    ck_assert_ptr_null(dlx_item_name(p, 2));
    ck_assert_int_eq(dlx_item_is_secondary(p, 2), DLX_EINVAL);
    ck_assert_int_eq(dlx_option_items(p, 1, NULL, NULL, 0), DLX_EINVAL);
    ck_assert_int_eq(dlx_option_items(p, 0, NULL, NULL, 0), 2);
    ck_assert_int_eq(dlx_item_remaining(p, 99), DLX_EINVAL);
    ck_assert_int_eq(dlx_set_choose(p, (enum dlx_choose)99), DLX_EINVAL);
    ck_assert_int_eq(dlx_check(p), DLX_OK);
    for (int code = -12; code <= 3; code++)
        ck_assert_ptr_nonnull(dlx_strerror(code));
    ck_assert_ptr_nonnull(dlx_strerror(INT32_MIN));
    uint64_t n = 0;
    ck_assert_int_eq(dlx_count(p, &n), DLX_OK);
    ck_assert_uint_eq(n, 1);
    dlx_free(p);
    dlx_free(NULL);
}
END_TEST

Suite *robust_suite(void);
Suite *robust_suite(void)
{
    Suite *s = suite_create("robust");
    TCase *oom = tcase_create("out of memory");
    tcase_set_timeout(oom, 60);
    tcase_add_test(oom, reference_run);
    tcase_add_test(oom, each_single_failure);
    tcase_add_test(oom, persistent_failure);
    tcase_add_test(oom, new_fails);
    tcase_add_test(oom, text_each_single_failure);
    tcase_add_test(oom, text_allocator_sees_every_byte);
    tcase_add_test(oom, goal_searches_out_of_memory);
    suite_add_tcase(s, oom);
    TCase *api = tcase_create("hostile api use");
    tcase_add_test(api, bad_arguments);
    suite_add_tcase(s, api);
    return s;
}
