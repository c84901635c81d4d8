/* SPDX-License-Identifier: MIT */
/* check_reentry.c - calls made on a problem from inside its own callbacks
 * (the solution callback, the event hook, the prefix callback) while the
 * search that called them is under way.
 *
 * dlx.h promises that every call which would change the problem under the
 * running search is refused with DLX_EBUSY (dlx_clone() gives NULL, and
 * dlx_free() does nothing), and that the outer search then goes on as if
 * nothing had happened. Each case below is tried from each kind of callback
 * on 6-queens, which has 4 solutions (OEIS A000170), and the outer search
 * must still find all 4 and leave a structure that passes dlx_check().
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>

#include "dlx.h"
#include "../examples/problems.h"

enum attempt {
    A_SEARCH, A_COUNT, A_PREFIXES, A_RESET, A_UNCOMMIT_ALL, A_COMMIT, A_COMMIT_MANY,
    A_UNCOMMIT, A_ADD_ITEM, A_ADD_OPTION, A_SET_SEED, A_SET_CHOOSE, A_SET_INFERENCE, A_SET_STRATEGY,
    A_CLONE,
    A_FREE, A_COUNT_OF_ATTEMPTS
};

static const char *const attempt_name[A_COUNT_OF_ATTEMPTS] = {
    "dlx_search", "dlx_count", "dlx_enumerate_prefixes", "dlx_reset", "dlx_uncommit_all",
    "dlx_commit", "dlx_commit_many", "dlx_uncommit", "dlx_add_item", "dlx_add_option",
    "dlx_set_seed", "dlx_set_choose", "dlx_set_inference", "dlx_set_strategy", "dlx_clone", "dlx_free",
};

struct probe {
    dlx_problem *p;
    enum attempt what;
    int tries;      /* how many times the forbidden call was made */
    int refused;    /* how many of those were refused as promised */
    uint64_t seen;  /* solutions (or prefixes) seen by the callback */
};

static int ignore_prefix(void *ctx, const int32_t *options, int32_t count, int is_solution)
{
    (void)ctx;
    (void)options;
    (void)count;
    (void)is_solution;
    return 0;
}

/* Makes the forbidden call; 1 when it was refused as dlx.h says. */
static int try_forbidden(struct probe *pr)
{
    dlx_problem *p = pr->p;
    uint64_t n = 0;
    int32_t item0 = 0, opt0 = 0;
    switch (pr->what) {
    case A_SEARCH: return dlx_search(p, 0) == DLX_EBUSY;
    case A_COUNT: return dlx_count(p, &n) == DLX_EBUSY && n == 0;
    case A_PREFIXES: return dlx_enumerate_prefixes(p, 1, ignore_prefix, NULL) == DLX_EBUSY;
    case A_RESET: return dlx_reset(p) == DLX_EBUSY;
    case A_UNCOMMIT_ALL: return dlx_uncommit_all(p) == DLX_EBUSY;
    case A_COMMIT: return dlx_commit(p, 0) == DLX_EBUSY;
    case A_COMMIT_MANY: return dlx_commit_many(p, &opt0, 1, NULL) == DLX_EBUSY;
    case A_UNCOMMIT: return dlx_uncommit(p) == DLX_EBUSY;
    case A_ADD_ITEM: return dlx_add_item(p, "extra", DLX_PRIMARY) < 0;
    case A_ADD_OPTION: return dlx_add_option(p, &item0, NULL, 1) == DLX_EBUSY;
    case A_SET_SEED: return dlx_set_seed(p, 7) == DLX_EBUSY;
    case A_SET_CHOOSE: return dlx_set_choose(p, DLX_CHOOSE_FIRST) == DLX_EBUSY;
    case A_SET_INFERENCE: return dlx_set_inference(p, DLX_INFER_SHARED_ITEM, 2) == DLX_EBUSY;
    case A_SET_STRATEGY: return dlx_set_strategy(p, DLX_STRATEGY_BITS) == DLX_EBUSY;
    case A_CLONE: return dlx_clone(p) == NULL;
    case A_FREE:
        /* Refused by doing nothing: the search below goes on using p, so a
         * free that happened would show as a use after free under ASan. */
        dlx_free(p);
        return dlx_item_count(p) > 0;
    case A_COUNT_OF_ATTEMPTS: break;
    }
    return 0;
}

static void attempt_once(struct probe *pr)
{
    pr->tries++;
    pr->refused += try_forbidden(pr);
}

static int on_solution(void *ctx, const int32_t *options, int32_t count)
{
    struct probe *pr = ctx;
    (void)options;
    (void)count;
    pr->seen++;
    attempt_once(pr);
    return 0;
}

static int on_event(void *ctx, const dlx_event *ev)
{
    struct probe *pr = ctx;
    if (ev->kind == DLX_EV_TRY || ev->kind == DLX_EV_BACKTRACK)
        attempt_once(pr);
    if (ev->kind == DLX_EV_SOLUTION)
        pr->seen++;
    return 0;
}

static int on_prefix(void *ctx, const int32_t *options, int32_t count, int is_solution)
{
    struct probe *pr = ctx;
    (void)options;
    (void)count;
    (void)is_solution;
    pr->seen++;
    attempt_once(pr);
    return 0;
}

static int count_prefix(void *ctx, const int32_t *options, int32_t count, int is_solution)
{
    (void)options;
    (void)count;
    (void)is_solution;
    ((struct probe *)ctx)->seen++;
    return 0;
}

static dlx_problem *queens6(void)
{
    dlx_problem *p = dlx_new();
    ck_assert_ptr_nonnull(p);
    ck_assert_int_eq(queens_build(p, 6, 1), 0);
    return p;
}

/* The number of prefixes at depth 2 of 6-queens, counted by a plain walk
 * with no forbidden calls: what the probing walk must also see. */
static uint64_t plain_prefix_count(void)
{
    dlx_problem *p = queens6();
    struct probe counter = {.p = p, .what = A_COUNT_OF_ATTEMPTS};
    ck_assert_int_eq(dlx_enumerate_prefixes(p, 2, count_prefix, &counter), DLX_OK);
    dlx_free(p);
    return counter.seen;
}

START_TEST(refused_from_the_solution_callback)
{
    for (int a = 0; a < A_COUNT_OF_ATTEMPTS; a++) {
        dlx_problem *p = queens6();
        struct probe pr = {.p = p, .what = (enum attempt)a};
        dlx_set_solution_fn(p, on_solution, &pr);
        ck_assert_msg(dlx_search(p, 0) == DLX_OK, "%s: search did not finish", attempt_name[a]);
        ck_assert_msg(pr.seen == 4, "%s: %llu solutions, expected 4", attempt_name[a],
                      (unsigned long long)pr.seen);
        ck_assert_msg(pr.refused == pr.tries, "%s: %d of %d calls not refused",
                      attempt_name[a], pr.tries - pr.refused, pr.tries);
        ck_assert_int_eq(dlx_check(p), DLX_OK);
        dlx_free(p);
    }
}
END_TEST

START_TEST(refused_from_the_event_hook)
{
    for (int a = 0; a < A_COUNT_OF_ATTEMPTS; a++) {
        dlx_problem *p = queens6();
        struct probe pr = {.p = p, .what = (enum attempt)a};
        dlx_set_event_fn(p, on_event, &pr);
        ck_assert_msg(dlx_search(p, 0) == DLX_OK, "%s: search did not finish", attempt_name[a]);
        ck_assert_msg(pr.seen == 4, "%s: %llu solutions, expected 4", attempt_name[a],
                      (unsigned long long)pr.seen);
        ck_assert_msg(pr.tries > 0 && pr.refused == pr.tries, "%s: %d of %d calls not refused",
                      attempt_name[a], pr.tries - pr.refused, pr.tries);
        ck_assert_int_eq(dlx_check(p), DLX_OK);
        dlx_free(p);
    }
}
END_TEST

START_TEST(refused_from_the_prefix_callback)
{
    uint64_t expected = plain_prefix_count();
    ck_assert_uint_gt(expected, 1);
    for (int a = 0; a < A_COUNT_OF_ATTEMPTS; a++) {
        dlx_problem *p = queens6();
        struct probe pr = {.p = p, .what = (enum attempt)a};
        ck_assert_msg(dlx_enumerate_prefixes(p, 2, on_prefix, &pr) == DLX_OK,
                      "%s: walk did not finish", attempt_name[a]);
        ck_assert_msg(pr.seen == expected, "%s: %llu prefixes, expected %llu", attempt_name[a],
                      (unsigned long long)pr.seen, (unsigned long long)expected);
        ck_assert_msg(pr.refused == pr.tries, "%s: %d of %d calls not refused",
                      attempt_name[a], pr.tries - pr.refused, pr.tries);
        ck_assert_int_eq(dlx_check(p), DLX_OK);
        /* And the problem is whole afterwards: 4 solutions. */
        uint64_t n = 0;
        ck_assert_int_eq(dlx_count(p, &n), DLX_OK);
        ck_assert_uint_eq(n, 4);
        dlx_free(p);
    }
}
END_TEST

/* The same calls made after the search has returned are accepted again:
 * the refusals above come from being inside a callback, not from a state
 * the callback left behind. */
START_TEST(accepted_again_after_the_search)
{
    dlx_problem *p = queens6();
    struct probe pr = {.p = p, .what = A_RESET};
    dlx_set_solution_fn(p, on_solution, &pr);
    ck_assert_int_eq(dlx_search(p, 0), DLX_OK);
    ck_assert_int_eq(dlx_reset(p), DLX_OK);
    dlx_set_solution_fn(p, NULL, NULL);
    uint64_t n = 0;
    ck_assert_int_eq(dlx_count(p, &n), DLX_OK);
    ck_assert_uint_eq(n, 4);
    ck_assert_int_eq(dlx_set_seed(p, 3), DLX_OK);
    ck_assert_int_eq(dlx_commit(p, 0), DLX_OK);
    ck_assert_int_eq(dlx_uncommit_all(p), DLX_OK);
    dlx_problem *c = dlx_clone(p);
    ck_assert_ptr_nonnull(c);
    ck_assert_int_eq(dlx_count(c, &n), DLX_OK);
    ck_assert_uint_eq(n, 4);
    dlx_free(c);
    dlx_free(p);
}
END_TEST

Suite *reentry_suite(void); /* called by tests/main.c */
Suite *reentry_suite(void)
{
    Suite *s = suite_create("reentry");
    TCase *tc = tcase_create("callbacks");
    tcase_add_test(tc, refused_from_the_solution_callback);
    tcase_add_test(tc, refused_from_the_event_hook);
    tcase_add_test(tc, refused_from_the_prefix_callback);
    tcase_add_test(tc, accepted_again_after_the_search);
    suite_add_tcase(s, tc);
    return s;
}
