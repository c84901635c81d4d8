/* SPDX-License-Identifier: MIT */
/* dlx_mpi_master.c - dlx-mpi's master (rank 0): it hands out pieces of the
 * tree (prefixes of option ids, dlx_start_subtree()) to the workers on
 * demand, shortest prefix first; asks busy workers to give back when some
 * are idle with nothing queued; prints the solutions the workers send and
 * adds up their figures; and records every finished piece in the
 * checkpoint (dlx_mpi_checkpoint.c). Every piece it knows of is either
 * finished, with its exact figures, or waiting whole. */
#define DLX_MPI_WITH_MPI 1
#include "common_progress.h"
#include "common_signal.h"
#include "common_time.h"
#include "dlx_mpi.h"
#include "dlx_mpi_checkpoint.h"

#include <inttypes.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct master {
    const struct mpi_options *mo;
    struct cmd_run run;      /* the output, shared with dlx (dlxcmd_output.c) */
    int ranks;
    ck_ledger l;             /* every piece by id, the figures of the finished ones */
    /* Waiting pieces by prefix length: the shortest goes first (likely the
     * biggest, as work stealing takes). */
    int64_t **queue;
    size_t *queued, *queue_cap;
    int32_t max_len;
    size_t waiting;
    /* Per worker rank: the piece it has (-1: idle), and whether it has been
     * asked to give back since. */
    int64_t *current;
    int *asked;
    int busy;
    uint64_t accepted;       /* solutions that reached the output (--max counts these) */
    int stopping, limit_hit, signal_seen, failed;
    int stop_signal;         /* the signal that stopped the run, when one did (0: a worker's) */
    ck_file ck;              /* the checkpoint, appended to (ck.f NULL: none) */
    cli_progress progress;
};

static int64_t new_piece(struct master *m, const int32_t *prefix, int32_t n)
{
    int64_t id = ck_new_piece(&m->l, prefix, n);
    if (id < 0)
        mpi_out_of_memory(0);
    return id;
}

static void enqueue(struct master *m, int64_t id)
{
    int32_t len = m->l.piece[id].n;
    if (len > m->max_len) {
        fprintf(stderr, "dlx-mpi: internal error: a prefix of %ld options\n", (long)len);
        MPI_Abort(MPI_COMM_WORLD, EXIT_ERROR);
    }
    if (mpi_grow(&m->queue[len], &m->queue_cap[len], m->queued[len] + 1, sizeof **m->queue) != 0)
        mpi_out_of_memory(0);
    m->queue[len][m->queued[len]++] = id;
    m->waiting++;
}

static int64_t dequeue(struct master *m)
{
    for (int32_t len = 0; len <= m->max_len; len++)
        if (m->queued[len]) {
            m->waiting--;
            return m->queue[len][--m->queued[len]];
        }
    return -1;
}

/* --- the master's loop --- */

static void send_stop_all(struct master *m)
{
    if (m->stopping)
        return;
    m->stopping = 1;
    for (int r = 1; r < m->ranks; r++)
        MPI_Send(NULL, 0, MPI_INT32_T, r, T_STOP, MPI_COMM_WORLD);
}

static void on_report(struct master *m, int src, int64_t *r, int n)
{
    int64_t id = m->current[src];
    if (n < R_HEAD || id < 0) {
        fprintf(stderr, "dlx-mpi: internal error: a report from rank %d out of turn\n", src);
        MPI_Abort(MPI_COMM_WORLD, EXIT_ERROR);
    }
    if (r[0] == R_FAIL) {
        fprintf(stderr, "dlx-mpi: error: the search failed on rank %d: %s\n", src,
                dlx_strerror((int)r[1]));
        m->failed = 1;
        send_stop_all(m);
        return;
    }
    if (r[0] == R_QUIT) { /* a signal: the piece stays waiting in the checkpoint */
        m->signal_seen = 1;
        m->current[src] = -1;
        m->busy--;
        send_stop_all(m);
        return;
    }
    if (ck_append(&m->ck, id, r, (size_t)n, stderr) != 0)
        MPI_Abort(MPI_COMM_WORLD, EXIT_ERROR);
    ck_finish_piece(&m->l, id, r);
    m->asked[src] = 0;
    if (r[0] == R_DONE) {
        m->current[src] = -1;
        m->busy--;
        return;
    }
    /* R_SPLIT: the pieces are waiting, but the last goes on at src. */
    size_t at = R_HEAD;
    for (int64_t k = 0; k < r[5]; k++) {
        int32_t len = (int32_t)r[at];
        int32_t *pre = malloc(((size_t)len + 1) * sizeof *pre);
        if (!pre)
            mpi_out_of_memory(0);
        for (int32_t i = 0; i < len; i++)
            pre[i] = (int32_t)r[at + 1 + (size_t)i];
        int64_t nid = new_piece(m, pre, len);
        free(pre);
        if (k + 1 < r[5])
            enqueue(m, nid);
        else
            m->current[src] = nid;
        at += 1 + (size_t)len;
    }
}

static void on_solution(struct master *m, const int32_t *ids, int n)
{
    const struct cmd_options *o = &m->mo->cmd;
    if (m->limit_hit || m->stopping)
        return;
    m->accepted++;
    if (!o->count_only) {
        cli_progress_before_output(&m->progress, m->run.out);
        if (output_solution(&m->run, ids, n) != 0)
            send_stop_all(m); /* the output failed or its reader went away */
    }
    if (o->max_solutions && m->accepted >= o->max_solutions) {
        m->limit_hit = 1;
        send_stop_all(m);
    }
}

/* Hands out pieces to idle workers; when some wait with nothing queued,
 * asks the busy ones to give back. */
static void dispatch(struct master *m)
{
    for (int r = 1; r < m->ranks && m->waiting; r++) {
        if (m->current[r] >= 0)
            continue;
        int64_t id = dequeue(m);
        const struct ck_piece *p = &m->l.piece[id];
        MPI_Send(p->prefix, p->n, MPI_INT32_T, r, T_WORK, MPI_COMM_WORLD);
        m->current[r] = id;
        m->asked[r] = 0;
        m->busy++;
    }
    if (m->busy < m->ranks - 1 && !m->waiting)
        for (int r = 1; r < m->ranks; r++)
            if (m->current[r] >= 0 && !m->asked[r]) {
                MPI_Send(NULL, 0, MPI_INT32_T, r, T_HUNGRY, MPI_COMM_WORLD);
                m->asked[r] = 1;
            }
}

static void receive(struct master *m, MPI_Status st, int *byes)
{
    int src = st.MPI_SOURCE, n;
    if (st.MPI_TAG == T_REPORT) {
        MPI_Get_count(&st, MPI_INT64_T, &n);
        int64_t *r = malloc((size_t)n * sizeof *r + 1);
        if (!r)
            mpi_out_of_memory(0);
        MPI_Recv(r, n, MPI_INT64_T, src, T_REPORT, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        on_report(m, src, r, n);
        free(r);
    } else if (st.MPI_TAG == T_SOL) {
        MPI_Get_count(&st, MPI_INT32_T, &n);
        int32_t *ids = malloc((size_t)n * sizeof *ids + 1);
        if (!ids)
            mpi_out_of_memory(0);
        MPI_Recv(ids, n, MPI_INT32_T, src, T_SOL, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        on_solution(m, ids, n);
        free(ids);
    } else {
        MPI_Recv(NULL, 0, MPI_INT32_T, src, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (st.MPI_TAG == T_BYE)
            (*byes)++;
    }
}

static void show_progress(struct master *m, double start)
{
    double now = cli_now_seconds();
    if (!cli_progress_due(&m->progress, now))
        return;
    cli_progress_show(&m->progress, now,
                      "dlx-mpi: %" PRIu64 " solutions, %" PRIu64 " nodes in %" PRIu64
                      " finished pieces, %zu waiting, %d of %d workers busy, %.0f s",
                      m->l.total.solutions, m->l.total.nodes, m->l.done_pieces, m->waiting, m->busy,
                      m->ranks - 1, now - start);
}

int mpi_run_master(const struct mpi_options *mo, dlx_text *text, int ranks, uint64_t hash)
{
    const struct cmd_options *o = &mo->cmd;
    struct master m = {.mo = mo, .ranks = ranks};
    m.run.opt = o;
    m.run.text = text;
    m.run.problem = dlx_text_problem(text);
    m.run.out = stdout;
    m.max_len = mpi_prefix_room(m.run.problem);
    m.queue = calloc((size_t)m.max_len + 1, sizeof *m.queue);
    m.queued = calloc((size_t)m.max_len + 1, sizeof *m.queued);
    m.queue_cap = calloc((size_t)m.max_len + 1, sizeof *m.queue_cap);
    m.current = malloc((size_t)ranks * sizeof *m.current);
    m.asked = calloc((size_t)ranks, sizeof *m.asked);
    if (!m.queue || !m.queued || !m.queue_cap || !m.current || !m.asked)
        mpi_out_of_memory(0);
    for (int r = 0; r < ranks; r++)
        m.current[r] = -1;
    m.l.max_len = m.max_len;
    /* With bounds a piece may name exclusions and null moves (negative:
     * search_bits_m.h); dlx_start_subtree() checks them. */
    m.l.id_lo = dlx_has_bounds(m.run.problem) ? -(int64_t)m.max_len : 0;
    m.l.id_hi = dlx_option_count(m.run.problem);
    new_piece(&m, NULL, 0); /* piece 0: the whole tree */
    if (mo->checkpoint) {
        char header[160];
        ck_header(header, sizeof header, hash, o->choose, o->have_seed, o->seed);
        if (ck_open(&m.ck, mo->checkpoint, header, &m.l, stderr) != 0) {
            m.failed = 1; /* the workers are waiting: tell them to leave */
            send_stop_all(&m);
        } else if (!o->quiet && m.l.done_pieces > 0) {
            fprintf(stderr, "dlx-mpi: %s: resuming: %" PRIu64 " pieces finished (%" PRIu64
                            " solutions), %zu to go\n",
                    mo->checkpoint, m.l.done_pieces, m.l.total.solutions,
                    m.l.n_pieces - (size_t)m.l.done_pieces);
        }
    }
    for (size_t id = 0; id < m.l.n_pieces; id++)
        if (m.l.piece[id].pending)
            enqueue(&m, (int64_t)id);
    double start = cli_now_seconds();
    cli_progress_init(&m.progress, o->quiet ? 0 : o->progress, start);
    if (!m.failed)
        output_begin(&m.run);
    int byes = 0;
    struct timespec pause = {0, 200000};
    while (byes < ranks - 1) {
        if (!m.stopping) {
            if (cli_stop_signal()) {
                m.signal_seen = 1;
                send_stop_all(&m);
            } else {
                dispatch(&m);
                if (m.busy == 0 && m.waiting == 0)
                    send_stop_all(&m); /* the whole tree is done */
            }
        }
        int flag;
        MPI_Status st;
        MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st);
        if (flag)
            receive(&m, st, &byes);
        else {
            show_progress(&m, start);
            nanosleep(&pause, NULL);
        }
    }
    double seconds = cli_now_seconds() - start;
    cli_progress_clear(&m.progress);
    ck_sync(&m.ck, 1, stderr);
    int complete = !m.limit_hit && !m.signal_seen && !m.failed && m.busy == 0 && !m.waiting;
    uint64_t solutions = o->max_solutions ? m.accepted : m.l.total.solutions;
    if (m.failed) {
        solutions = 0;
    } else if (!m.run.out_closed && !m.run.out_errno) {
        FILE *out = m.run.out;
        if (o->format == CMD_FORMAT_JSON) {
            fputs(o->count_only ? "{\n" : m.run.printed > 0 ? "\n  ],\n" : "],\n", out);
            fprintf(out,
                    "  \"count\": %" PRIu64 ",\n  \"complete\": %s,\n  \"nodes\": %" PRIu64
                    ",\n  \"updates\": %" PRIu64 "\n}\n",
                    solutions, complete ? "true" : "false", m.l.total.nodes, m.l.total.updates);
        } else if (o->count_only) {
            fprintf(out, "%" PRIu64 "\n", solutions);
        }
    }
    int status = 0;
    if (fflush(stdout) != 0 || ferror(stdout))
        output_check(&m.run);
    if (m.run.out_errno) {
        fprintf(stderr, "dlx-mpi: write error: %s\n", strerror(m.run.out_errno));
        status = EXIT_ERROR;
    }
    if (!o->quiet && !m.failed) {
        int sig = cli_stop_signal();
        /* Under Open MPI's mpirun the ranks are in process groups of their
         * own: Ctrl-C reaches mpirun only, which stops them with SIGTERM
         * (as it does when it gets SIGTERM itself). */
        const char *by = !sig ? "a signal on a worker"
                         : sig == SIGTERM && getenv("OMPI_COMM_WORLD_SIZE")
                             ? "SIGTERM (mpirun's: it passes on Ctrl-C and kill as SIGTERM)"
                             : cli_signal_name(sig);
        if (m.signal_seen)
            fprintf(stderr,
                    "dlx-mpi: stopped by %s: %" PRIu64 " solutions so far (partial), %" PRIu64
                    " nodes, %.3f s%s%s\n",
                    by, solutions,
                    m.l.total.nodes, seconds, mo->checkpoint ? "; run again to finish: " : "",
                    mo->checkpoint ? mo->checkpoint : "");
        else {
            char sol[64] = "no solution";
            if (solutions > 0)
                snprintf(sol, sizeof sol, "%" PRIu64 " solution%s", solutions,
                         solutions == 1 ? "" : "s");
            fprintf(stderr, "dlx-mpi: %s%s, %" PRIu64 " nodes, %.3f s, %d workers\n", sol,
                    m.limit_hit ? cmd_limit_note(&mo->cmd) : "", m.l.total.nodes, seconds, ranks - 1);
        }
    }
    if (o->stats && !m.failed)
        fprintf(stderr,
                "solutions: %" PRIu64 "\nnodes: %" PRIu64 "\nupdates: %" PRIu64
                "\nseconds: %.3f\nmax level: %ld\ncomplete: %s\npieces: %" PRIu64
                "\nworkers: %d\n",
                solutions, m.l.total.nodes, m.l.total.updates, seconds, (long)m.l.total.max_level,
                complete ? "yes" : m.limit_hit ? "no (--max)" : "no (interrupted)",
                m.l.done_pieces, ranks - 1);
    ck_close(&m.ck);
    ck_ledger_free(&m.l);
    for (int32_t len = 0; len <= m.max_len; len++)
        free(m.queue[len]);
    free(m.queue);
    free(m.queued);
    free(m.queue_cap);
    free(m.current);
    free(m.asked);
    free(m.run.sorted);
    if (m.failed)
        return EXIT_ERROR;
    if (status)
        return status;
    if (m.signal_seen) {
        int sig = cli_stop_signal();
        return 128 + (sig ? sig : SIGTERM);
    }
    return solutions > 0 ? EXIT_FOUND : EXIT_NONE;
}

