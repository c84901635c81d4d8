/* SPDX-License-Identifier: MIT */
/* slices.h - the tests' one way of running a search in slices of a node
 * budget, as a program that pauses and resumes does: from the start, each
 * slice a dlx_search() with dlx_check() after it, the figures read at the
 * end, the search reset and the callbacks cleared. Header-only: each test
 * file that includes it gets its own static copy. */
#ifndef TESTS_SLICES_H
#define TESTS_SLICES_H

#include <check.h>
#include <stdint.h>

#include "dlx.h"

/* How a sliced search ended: its last status (DLX_PAUSED when the budget
 * ran out), and its nodes and updates. */
struct sliced {
    uint64_t nodes, updates;
    int rc;
};

/* Searches p from the start in slices of `slice` nodes (0: one go), at
 * most `budget` nodes in all, with the event hook `hook` (NULL: none) and
 * the solution callback on_solution(ctx). */
static struct sliced search_sliced(dlx_problem *p, dlx_event_fn hook, dlx_solution_fn on_solution,
                                   void *ctx, uint64_t slice, uint64_t budget)
{
    struct sliced s = {0, 0, DLX_PAUSED};
    dlx_set_event_fn(p, hook, NULL);
    dlx_set_solution_fn(p, on_solution, ctx);
    ck_assert_int_eq(dlx_reset(p), DLX_OK);
    dlx_reset_stats(p);
    for (uint64_t done = 0; done < budget && s.rc == DLX_PAUSED;) {
        uint64_t step = slice && slice < budget - done ? slice : budget - done;
        s.rc = dlx_search(p, step);
        ck_assert_int_ge(s.rc, 0);
        ck_assert_int_eq(dlx_check(p), DLX_OK);
        done += step;
    }
    dlx_stats st;
    dlx_get_stats(p, &st);
    s.nodes = st.nodes;
    s.updates = st.updates;
    ck_assert_int_eq(dlx_reset(p), DLX_OK);
    dlx_set_event_fn(p, NULL, NULL);
    dlx_set_solution_fn(p, NULL, NULL);
    return s;
}

#endif /* TESTS_SLICES_H */
