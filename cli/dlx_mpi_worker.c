/* SPDX-License-Identifier: MIT */
/* dlx_mpi_worker.c - a worker of dlx-mpi (ranks 1..K-1): it searches the
 * pieces the master sends, in slices of about 10 ms; when the master says
 * some worker is idle with nothing queued, or when its piece has run past
 * the node budget (--split-nodes), it gives everything it has not done back
 * as pieces (dlx_split(DLX_SPLIT_ALL)), reports what it did, and goes on
 * with the path it was on as a new piece. A stop signal makes it report
 * its piece unfinished (R_QUIT) and leave. */
#define DLX_MPI_WITH_MPI 1
#include "common_signal.h"
#include "common_time.h"
#include "dlx_mpi.h"

#include <signal.h>
#include <stdlib.h>

struct worker {
    dlx_problem *q;
    int rank;
    int need_solutions;       /* send every solution (printed, or --max counts them) */
    int64_t *out;             /* the report being built */
    size_t out_n, out_cap;
    uint64_t split_nodes;
    int die_after;            /* tests: raise SIGKILL after this many reports (0: never) */
    int reports;
};

static int send_solution(void *ctx, const int32_t *options, int32_t count)
{
    (void)ctx;
    MPI_Send(options, count, MPI_INT32_T, 0, T_SOL, MPI_COMM_WORLD);
    return 0;
}

static void out_put(struct worker *w, int64_t v)
{
    if (mpi_grow(&w->out, &w->out_cap, w->out_n + 1, sizeof *w->out) != 0)
        mpi_out_of_memory(w->rank);
    w->out[w->out_n++] = v;
}

static int collect_piece(void *ctx, const int32_t *options, int32_t count, int is_solution)
{
    (void)is_solution;
    struct worker *w = ctx;
    out_put(w, count);
    for (int32_t k = 0; k < count; k++)
        out_put(w, options[k]);
    w->out[R_HEAD - 1]++;
    return 0;
}

static void report_begin(struct worker *w, enum report kind)
{
    dlx_stats st;
    dlx_get_stats(w->q, &st);
    w->out_n = 0;
    out_put(w, kind);
    out_put(w, (int64_t)st.solutions);
    out_put(w, (int64_t)st.nodes);
    out_put(w, (int64_t)st.updates);
    out_put(w, st.max_level);
    out_put(w, 0);
}

static void report_send(struct worker *w)
{
    MPI_Send(w->out, (int)w->out_n, MPI_INT64_T, 0, T_REPORT, MPI_COMM_WORLD);
    if (w->die_after && ++w->reports >= w->die_after)
        raise(SIGKILL); /* DLX_MPI_DIE_AFTER: how the tests kill a rank */
}

static void fail_report(struct worker *w, int rc)
{
    w->out_n = 0;
    out_put(w, R_FAIL);
    out_put(w, rc);
    for (int k = 2; k < R_HEAD; k++)
        out_put(w, 0);
    report_send(w);
}

/* Looks at the master's messages without waiting. Returns T_STOP, T_HUNGRY
 * or 0. */
static int master_says(void)
{
    int said = 0, flag;
    MPI_Status st;
    for (;;) {
        MPI_Iprobe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st);
        if (!flag || st.MPI_TAG != T_HUNGRY) /* STOP is left for wait_stop() */
            return flag && st.MPI_TAG == T_STOP ? T_STOP : said;
        MPI_Recv(NULL, 0, MPI_INT32_T, 0, T_HUNGRY, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        said = T_HUNGRY;
    }
}

/* Searches one piece to its end, splitting it when asked or past the
 * budget. Returns 0 when the piece is done (reported), 1 when the worker
 * must leave (STOP waiting, or a signal: reported as R_QUIT). */
static int search_piece(struct worker *w, int32_t *prefix, int32_t n)
{
    dlx_problem *q = w->q;
    uint64_t slice = 1; /* grows to about 10 ms of search, whatever a node costs */
    dlx_reset_stats(q);
    int rc = dlx_start_subtree(q, prefix, n);
    if (rc != DLX_OK) {
        fail_report(w, rc);
        return 0;
    }
    for (;;) {
        double t0 = cli_now_seconds();
        rc = dlx_search(q, slice);
        if (rc == DLX_OK || rc == DLX_STOPPED) { /* STOPPED: the --max limit, on this rank */
            report_begin(w, R_DONE);
            report_send(w);
            return 0;
        }
        if (rc != DLX_PAUSED) {
            fail_report(w, rc);
            return 0;
        }
        /* Slices of about 10 ms: how soon a stop or a hungry rank is seen. */
        double dt = cli_now_seconds() - t0;
        if (dt < 0.005 && slice < (UINT64_C(1) << 30) && slice < w->split_nodes)
            slice *= 2;
        else if (dt > 0.02 && slice > 1)
            slice /= 2;
        if (cli_stop_signal()) {
            report_begin(w, R_QUIT);
            report_send(w);
            return 1;
        }
        int said = master_says();
        if (said == T_STOP)
            return 1;
        dlx_stats st;
        dlx_get_stats(q, &st);
        int over = st.nodes >= w->split_nodes;
        if (!over && !(said == T_HUNGRY && dlx_split(q, DLX_SPLIT_ALL, NULL, NULL) > 1))
            continue;
        /* Give back everything: the figures so far, then the pieces; the
         * last piece is the path this search was on, which goes on here. */
        report_begin(w, R_SPLIT);
        int32_t given = dlx_split(q, DLX_SPLIT_ALL, collect_piece, w);
        if (given == 0)
            continue; /* a search with bounds (Algorithm M) keeps everything */
        if (given < 0) {
            fail_report(w, given);
            return 0;
        }
        dlx_get_stats(q, &st); /* DLX_SPLIT_ALL takes off what the path's receiver counts */
        w->out[1] = (int64_t)st.solutions;
        w->out[2] = (int64_t)st.nodes;
        w->out[3] = (int64_t)st.updates;
        w->out[4] = st.max_level;
        report_send(w);
        /* The last piece: its length and ids end the report. */
        size_t at = R_HEAD;
        for (int32_t k = 0; k + 1 < given; k++)
            at += 1 + (size_t)w->out[at];
        n = (int32_t)w->out[at];
        for (int32_t k = 0; k < n; k++)
            prefix[k] = (int32_t)w->out[at + 1 + (size_t)k];
        dlx_reset_stats(q);
        rc = dlx_start_subtree(q, prefix, n);
        if (rc != DLX_OK) {
            fail_report(w, rc);
            return 0;
        }
    }
}

/* Waits for the master's STOP and answers BYE. */
static void wait_stop(void)
{
    for (;;) {
        MPI_Status st = mpi_wait_message(0);
        MPI_Recv(NULL, 0, MPI_INT32_T, 0, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (st.MPI_TAG == T_STOP)
            break;
    }
    MPI_Send(NULL, 0, MPI_INT32_T, 0, T_BYE, MPI_COMM_WORLD);
}

int mpi_run_worker(const struct mpi_options *mo, dlx_problem *q, int rank)
{
    struct worker w = {.q = q, .rank = rank, .split_nodes = mo->split_nodes};
    const char *die = getenv("DLX_MPI_DIE_AFTER");
    if (die && rank == 1)
        w.die_after = atoi(die);
    w.need_solutions = !mo->cmd.count_only || mo->cmd.max_solutions;
    dlx_set_limit(q, mo->cmd.max_solutions);
    dlx_set_solution_fn(q, w.need_solutions ? send_solution : NULL, &w);
    int32_t *prefix = malloc((size_t)mpi_prefix_room(q) * sizeof *prefix);
    if (!prefix)
        mpi_out_of_memory(rank);
    for (;;) {
        MPI_Status st = mpi_wait_message(0);
        if (st.MPI_TAG == T_STOP)
            break;
        if (st.MPI_TAG != T_WORK) { /* a HUNGRY sent before my last report: stale */
            MPI_Recv(NULL, 0, MPI_INT32_T, 0, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            continue;
        }
        int n;
        MPI_Get_count(&st, MPI_INT32_T, &n);
        MPI_Recv(prefix, n, MPI_INT32_T, 0, T_WORK, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (search_piece(&w, prefix, n))
            break;
    }
    wait_stop();
    free(prefix);
    free(w.out);
    return 0;
}
