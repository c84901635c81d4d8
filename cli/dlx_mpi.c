/* SPDX-License-Identifier: MIT */
/* dlx_mpi.c - the `dlx-mpi` command: one search of an exact-cover problem
 * spread over the ranks of an MPI job, machines included.
 *
 *   mpirun -np K dlx-mpi [OPTION]... [FILE]
 *
 * Built only by `make mpi` (Open MPI's mpicc); see docs/parallel.md. Rank 0
 * is the master: it reads the problem and sends its text to every rank, hands
 * out subtrees (prefixes of option ids, dlx_start_subtree()) to the workers
 * (ranks 1..K-1) on demand, prints the solutions the workers send and adds up
 * their figures. A worker searches its subtree in slices; when the master
 * says some worker is idle with nothing queued, or when its subtree has run
 * past the node budget (--split-nodes), it gives everything it has not done
 * back as pieces (dlx_split(DLX_SPLIT_ALL)), reports what it did, and goes on
 * with the path it was on as a new piece. So every piece the master knows of
 * is either finished, with its exact figures, or waiting whole: that is what
 * --checkpoint FILE records, one line per finished piece (with the pieces it
 * gave back), and what a run started again with the same file resumes from.
 *
 * Messages (tags below) between the master and a worker are taken in the
 * order sent (MPI's non-overtaking rule), so a worker's solutions arrive
 * before the report of the piece they came from. The end: the master sends
 * STOP once to every worker, and a worker leaves after answering BYE.
 *
 * Exit status as dlx's: 0 solutions found, 1 none, 2 an error, 128 + the
 * signal when stopped by one (the checkpoint then holds what was finished).
 * A rank that dies takes the job with it (mpirun reports it, non-zero): no
 * total is printed then, never a wrong one.
 */
#include "common_file.h"
#include "common_getopt.h"
#include "common_progress.h"
#include "common_signal.h"
#include "common_time.h"
#include "dlxcmd.h"

#include <mpi.h>

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum {
    EXIT_FOUND = 0,
    EXIT_NONE = 1,
    EXIT_ERROR = 2
};

enum tag {
    T_WORK = 1, /* master -> worker: int32 prefix (maybe empty) */
    T_HUNGRY,   /* master -> worker: a worker is idle, give back what you can */
    T_STOP,     /* master -> worker: leave (answer BYE) */
    T_REPORT,   /* worker -> master: int64 report, see enum report */
    T_SOL,      /* worker -> master: int32 option ids of a solution */
    T_BYE       /* worker -> master: leaving */
};

/* A report: int64 [kind, solutions, nodes, updates, max_level, pieces], then
 * each piece as its length and option ids. */
enum report {
    R_DONE,  /* the piece is finished; I am idle */
    R_SPLIT, /* finished as far as it went; the pieces are what is left of it,
                and I go on with the last one */
    R_FAIL,  /* the search failed; solutions holds the status */
    R_QUIT,  /* a stop signal reached me: my piece stays unfinished */
    R_HEAD = 6
};

/* Default node budget of a piece before it is split and its figures
 * recorded: about half a minute to a minute of one core on pentominoes, so
 * an interrupted run loses at most that much per worker. */
#define DEFAULT_SPLIT_NODES UINT64_C(100000000)

struct mpi_options {
    struct cmd_options cmd;     /* what dlx_mpi shares with dlx's output code */
    const char *checkpoint;     /* --checkpoint FILE, or NULL */
    uint64_t split_nodes;       /* --split-nodes N */
};

/* --- the command line ---------------------------------------------------- */

static void usage(FILE *out)
{
    fputs("Usage: mpirun -np K dlx-mpi [OPTION]... [FILE]\n"
          "Solve the exact-cover problem in FILE (standard input when FILE is absent\n"
          "or -), written in Knuth's DLX text format, on the K ranks of an MPI job:\n"
          "rank 0 hands out subtrees and prints; ranks 1..K-1 search (K >= 2).\n"
          "The format and the output are dlx's (see dlx --help).\n"
          "\n"
          "  -c, --count             print only the number of solutions\n"
          "  -m, --max=N             stop after N solutions\n"
          "  -1, --first             stop after the first solution (--max=1)\n"
          "  -f, --format=FORMAT     text (the default), ids or json\n"
          "  -s, --stats             print solutions, nodes, updates, seconds to stderr\n"
          "  -q, --quiet             no summary line and no warnings on stderr\n"
          "  -p, --progress          show progress on stderr about once a second\n"
          "      --no-progress       never show progress\n"
          "      --choose=RULE       mrv (the default), knuth, recent, path or first, as\n"
          "                          dlx\n"
          "      --seed=N            break ties at random from seed N, as dlx\n"
          "      --checkpoint=FILE   record every finished piece of the search in FILE;\n"
          "                          run again with the same FILE to finish the rest\n"
          "                          (the total is that of one uninterrupted run)\n"
          "      --split-nodes=N     a piece that runs past N search-tree nodes is\n"
          "                          split and recorded (default 100000000)\n"
          "  -h, --help              show this help and exit\n"
          "  -V, --version           show the version and exit\n"
          "\n"
          "Exit status: 0 if a solution was found, 1 if there is none, 2 on an error,\n"
          "128 + the signal when stopped by one. See " DLX_DOCDIR "/parallel.md.\n",
          out);
}

enum { OPT_SEED = CMD_OPT_OWN, OPT_CHECKPOINT, OPT_SPLIT_NODES };

/* Fills o from argv. Every rank parses the same command line; only rank 0
 * speaks (talk). Returns -1 to exit 0 at once, 0 to go on, EXIT_ERROR. */
static int parse_options(int argc, char **argv, struct mpi_options *mo, int talk)
{
    static const struct option longopts[] = {
        CMD_SHARED_LONGOPTS,
        { "seed", required_argument, NULL, OPT_SEED },
        { "checkpoint", required_argument, NULL, OPT_CHECKPOINT },
        { "split-nodes", required_argument, NULL, OPT_SPLIT_NODES },
        { "help", no_argument, NULL, 'h' },
        { "version", no_argument, NULL, 'V' },
        { NULL, 0, NULL, 0 },
    };
    struct cmd_options *o = &mo->cmd;
    memset(mo, 0, sizeof *mo);
    o->format = CMD_FORMAT_TEXT;
    o->progress = -1;
    o->choose = DLX_CHOOSE_MRV;
    o->jobs = 1;
    mo->split_nodes = DEFAULT_SPLIT_NODES;
    FILE *err = talk ? stderr : NULL;
#define BAD(...)                                                                              \
    do {                                                                                      \
        if (err)                                                                              \
            cli_usage_error("dlx-mpi", __VA_ARGS__);                                          \
        return EXIT_ERROR;                                                                    \
    } while (0)
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":" CMD_SHARED_SHORTOPTS "hV", longopts, NULL)) != -1) {
        switch (c) {
        case OPT_SEED:
            /* Every rank must draw the same tree: no --seed=random here. */
            if (strcmp(optarg, "random") == 0)
                BAD("--seed=random: every rank must draw the same tree; give a number "
                    "(0 to 2^64-1)");
            if (cli_parse_uint(optarg, UINT64_MAX, &o->seed) != 0)
                BAD("--seed wants a whole number from 0 to 2^64-1, not '%s'", optarg);
            o->have_seed = 1;
            break;
        case OPT_CHECKPOINT:
            mo->checkpoint = optarg;
            break;
        case OPT_SPLIT_NODES:
            if (cli_parse_uint(optarg, UINT64_MAX, &mo->split_nodes) != 0 ||
                mo->split_nodes == 0)
                BAD("--split-nodes wants a positive whole number, not '%s'", optarg);
            break;
        case 'h':
            if (talk)
                usage(stdout);
            return -1;
        case 'V':
            if (talk)
                cli_print_version("dlx-mpi", "libdlx",
                                  "Knuth's Algorithm X with dancing links, on the ranks of an "
                                  "MPI job.");
            return -1;
        default: {
            int taken = cmd_shared_option("dlx-mpi", talk, c, optarg, o);
            if (taken > 0)
                break;
            if (taken < 0)
                return EXIT_ERROR;
            char why[256];
            BAD("%s", cli_getopt_problem(c, argv, why, sizeof why));
        }
        }
    }
    if (mo->checkpoint && o->max_solutions)
        BAD("--checkpoint records a whole enumeration: it does not go with --max or --first");
    if (argc - optind > 1)
        BAD("too many arguments: one FILE at most (starting with '%s')", argv[optind + 1]);
#undef BAD
    cmd_take_path(o, optind < argc ? argv[optind] : NULL);
    return 0;
}

/* --- the problem, on every rank ---------------------------------------- */

/* Rank 0 reads the input and sends its bytes to every rank, which parses
 * them: the workers need no file of their own (nor a shared disk). Returns
 * the parsed text, or NULL on every rank after rank 0 has said why. *hash
 * gets the text's FNV-1a hash (what a checkpoint is tied to). */
static dlx_text *load_problem(const struct cmd_options *o, int rank, uint64_t *hash)
{
    char *data = NULL;
    size_t len = 0;
    long long size = -1;
    if (rank == 0) {
        data = cli_read_file("dlx-mpi", o->path ? o->path : "-", o->input_name, &len);
        if (data)
            size = (long long)len;
    }
    MPI_Bcast(&size, 1, MPI_LONG_LONG, 0, MPI_COMM_WORLD);
    if (size < 0)
        return NULL;
    len = (size_t)size;
    if (rank != 0) {
        data = malloc(len ? len : 1);
        if (!data) {
            fprintf(stderr, "dlx-mpi: rank %d: out of memory\n", rank);
            MPI_Abort(MPI_COMM_WORLD, EXIT_ERROR);
        }
    }
    /* MPI counts are ints: the text goes in chunks. */
    for (size_t at = 0; at < len;) {
        int n = len - at > (1u << 30) ? 1 << 30 : (int)(len - at);
        MPI_Bcast(data + at, n, MPI_CHAR, 0, MPI_COMM_WORLD);
        at += (size_t)n;
    }
    uint64_t h = UINT64_C(14695981039346656037);
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)data[i]) * UINT64_C(1099511628211);
    *hash = h;
    dlx_text *t = dlx_text_new();
    int rc = t ? dlx_text_parse(t, data, len) : DLX_ENOMEM;
    free(data);
    if (rank == 0 && t && !o->quiet) {
        const dlx_text_diag *w;
        for (size_t i = 0; (w = dlx_text_warning(t, i)) != NULL; i++)
            cmd_print_diag("dlx-mpi", o->input_name, w, "warning");
    }
    if (rc != DLX_OK) {
        if (rank == 0) {
            const dlx_text_diag *d = t ? dlx_text_error(t) : NULL;
            if (d)
                cmd_print_diag("dlx-mpi", o->input_name, d, "error");
            else
                fprintf(stderr, "dlx-mpi: %s: error: %s\n", o->input_name,
                        dlx_text_strerror(rc));
        }
        dlx_text_free(t);
        return NULL;
    }
    return t;
}

/* --- growing arrays -------------------------------------------------------- */

/* Makes room for n elements of size sz in *a (capacity *cap). 0 or -1. */
static int grow(void *a, size_t *cap, size_t n, size_t sz)
{
    if (n <= *cap)
        return 0;
    size_t c = *cap ? *cap : 16;
    while (c < n)
        c *= 2;
    void *b = realloc(*(void **)a, c * sz);
    if (!b)
        return -1;
    *(void **)a = b;
    *cap = c;
    return 0;
}

static void *xgrow_fail(int rank)
{
    fprintf(stderr, "dlx-mpi: rank %d: out of memory\n", rank);
    MPI_Abort(MPI_COMM_WORLD, EXIT_ERROR);
    return NULL;
}

/* Waits for a message (from src, or any), polling so that an idle rank
 * does not spin a core (Open MPI's blocking receive busy-waits), and
 * returns its status. */
static MPI_Status wait_message(int src)
{
    MPI_Status st;
    int flag = 0;
    struct timespec pause = {0, 200000}; /* 0.2 ms */
    for (;;) {
        MPI_Iprobe(src, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st);
        if (flag)
            return st;
        nanosleep(&pause, NULL);
    }
}

/* --- a worker ------------------------------------------------------------ */

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
    if (grow(&w->out, &w->out_cap, w->out_n + 1, sizeof *w->out) != 0)
        xgrow_fail(w->rank);
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
/* The longest prefix a piece can have: an option a level; with bounds
 * (Algorithm M on bit sets) also the options excluded before a branch and
 * null moves, each option once at most and a null move per item. */
static int32_t prefix_room(const dlx_problem *p)
{
    return dlx_item_count(p) + 1 + (dlx_has_bounds(p) ? dlx_option_count(p) : 0);
}

static int search_piece(struct worker *w, int32_t *prefix, int32_t n)
{
    dlx_problem *q = w->q;
    uint64_t slice = w->split_nodes < 4096 ? w->split_nodes : 4096;
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
        else if (dt > 0.02 && slice > 256)
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
        MPI_Status st = wait_message(0);
        MPI_Recv(NULL, 0, MPI_INT32_T, 0, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (st.MPI_TAG == T_STOP)
            break;
    }
    MPI_Send(NULL, 0, MPI_INT32_T, 0, T_BYE, MPI_COMM_WORLD);
}

static int run_worker(const struct mpi_options *mo, dlx_problem *q, int rank)
{
    struct worker w = {.q = q, .rank = rank, .split_nodes = mo->split_nodes};
    const char *die = getenv("DLX_MPI_DIE_AFTER");
    if (die && rank == 1)
        w.die_after = atoi(die);
    w.need_solutions = !mo->cmd.count_only || mo->cmd.max_solutions;
    dlx_set_limit(q, mo->cmd.max_solutions);
    dlx_set_solution_fn(q, w.need_solutions ? send_solution : NULL, &w);
    int32_t *prefix = malloc((size_t)prefix_room(q) * sizeof *prefix);
    if (!prefix)
        xgrow_fail(rank);
    for (;;) {
        MPI_Status st = wait_message(0);
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

/* --- the master ---------------------------------------------------------- */

/* A piece of the tree the master knows of, by id: ids are given in the
 * order pieces appear (0 is the whole tree), which is also the order of the
 * checkpoint's lines, so replaying the file gives every piece its id again. */
struct piece {
    int32_t *prefix; /* NULL once finished (or for the empty prefix) */
    int32_t n;
    int pending;     /* waiting or being searched */
};

struct master {
    const struct mpi_options *mo;
    struct cmd_run run;      /* the output, shared with dlx (dlxcmd_output.c) */
    int ranks;
    struct piece *piece;
    size_t n_pieces, piece_cap;
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
    dlx_stats total;
    uint64_t done_pieces;
    uint64_t accepted;       /* solutions that reached the output (--max counts these) */
    int stopping, limit_hit, signal_seen, failed;
    FILE *ck;                /* the checkpoint, appended to */
    double last_sync;
    cli_progress progress;
};

static int64_t new_piece(struct master *m, const int32_t *prefix, int32_t n)
{
    if (grow(&m->piece, &m->piece_cap, m->n_pieces + 1, sizeof *m->piece) != 0)
        xgrow_fail(0);
    struct piece *p = &m->piece[m->n_pieces];
    p->n = n;
    p->pending = 1;
    p->prefix = NULL;
    if (n > 0) {
        p->prefix = malloc((size_t)n * sizeof *prefix);
        if (!p->prefix)
            xgrow_fail(0);
        memcpy(p->prefix, prefix, (size_t)n * sizeof *prefix);
    }
    return (int64_t)m->n_pieces++;
}

static void enqueue(struct master *m, int64_t id)
{
    int32_t len = m->piece[id].n;
    if (len > m->max_len) {
        fprintf(stderr, "dlx-mpi: internal error: a prefix of %ld options\n", (long)len);
        MPI_Abort(MPI_COMM_WORLD, EXIT_ERROR);
    }
    if (grow(&m->queue[len], &m->queue_cap[len], m->queued[len] + 1, sizeof **m->queue) != 0)
        xgrow_fail(0);
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

static void finish_piece(struct master *m, int64_t id)
{
    struct piece *p = &m->piece[id];
    free(p->prefix);
    p->prefix = NULL;
    p->pending = 0;
    m->done_pieces++;
}

static void add_figures(struct master *m, const int64_t *r)
{
    m->total.solutions += (uint64_t)r[1];
    m->total.nodes += (uint64_t)r[2];
    m->total.updates += (uint64_t)r[3];
    if (r[4] > m->total.max_level)
        m->total.max_level = (int32_t)r[4];
}

/* --- the checkpoint ---
 *
 * A text file, appended to a line at a time:
 *   dlx-mpi checkpoint 1
 *   problem HASH choose RULE seed N|-
 *   D ID SOLUTIONS NODES UPDATES MAXLEVEL .
 *   S ID SOLUTIONS NODES UPDATES MAXLEVEL K LEN IDS... LEN IDS... .
 * D: piece ID is finished with these figures. S: piece ID finished as far as
 * it went with these figures, and its K pieces left (new ids, in order)
 * are waiting. A line counts only when whole (ending " ."): a run killed in
 * the middle of one leaves a part line, which the next run drops. */

static const char *choose_name(enum dlx_choose c)
{
    return c == DLX_CHOOSE_FIRST        ? "first"
           : c == DLX_CHOOSE_MRV_FULL   ? "knuth"
           : c == DLX_CHOOSE_MRV_RECENT ? "recent"
           : c == DLX_CHOOSE_MRV_PATH   ? "path"
                                        : "mrv";
}

static void ck_header(const struct master *m, char *buf, size_t n, uint64_t hash)
{
    const struct cmd_options *o = &m->mo->cmd;
    char seed[32] = "-";
    if (o->have_seed)
        snprintf(seed, sizeof seed, "%" PRIu64, o->seed);
    snprintf(buf, n, "dlx-mpi checkpoint 1\nproblem %016" PRIx64 " choose %s seed %s\n", hash,
             choose_name(o->choose), seed);
}

static void ck_flush(struct master *m, int force)
{
    if (!m->ck)
        return;
    if (fflush(m->ck) != 0) {
        fprintf(stderr, "dlx-mpi: %s: error: cannot write: %s\n", m->mo->checkpoint,
                strerror(errno));
        MPI_Abort(MPI_COMM_WORLD, EXIT_ERROR);
    }
    double now = cli_now_seconds();
    if (force || now - m->last_sync >= 1.0) { /* on disk too, about once a second */
        fsync(fileno(m->ck));
        m->last_sync = now;
    }
}

/* Replays one whole line; 0, or -1 with *why set. */
static int ck_replay(struct master *m, char *line, const char **why)
{
    char *s = line, *end;
    char kind = *s++;
    int64_t v[R_HEAD];
    v[0] = kind == 'S' ? R_SPLIT : R_DONE;
    int fields = kind == 'S' ? 7 : 6;
    int64_t id = 0, k = 0;
    for (int i = 1; i < fields; i++) {
        errno = 0;
        long long x = strtoll(s, &end, 10);
        if (end == s || errno || x < 0) {
            *why = "a number is missing or wrong";
            return -1;
        }
        s = end;
        if (i == 1)
            id = x;
        else if (i < 6)
            v[i - 1] = x;
        else
            k = x;
    }
    if (id >= (int64_t)m->n_pieces || !m->piece[id].pending) {
        *why = "it finishes a piece that is not waiting";
        return -1;
    }
    add_figures(m, v);
    finish_piece(m, id);
    int32_t *pre = malloc(((size_t)m->max_len + 1) * sizeof *pre);
    if (!pre)
        xgrow_fail(0);
    for (int64_t j = 0; j < k; j++) {
        long long len = strtoll(s, &end, 10);
        if (end == s || len < 0 || len > m->max_len) {
            free(pre);
            *why = "a piece's length is missing or wrong";
            return -1;
        }
        s = end;
        for (long long i = 0; i < len; i++) {
            long long x = strtoll(s, &end, 10);
            /* With bounds a piece may name exclusions and null moves
             * (negative: search_bits_m.h); dlx_start_subtree() checks it. */
            long long least = dlx_has_bounds(m->run.problem)
                                  ? -(long long)prefix_room(m->run.problem)
                                  : 0;
            if (end == s || x < least || x >= dlx_option_count(m->run.problem)) {
                free(pre);
                *why = "an option id is missing or out of range";
                return -1;
            }
            s = end;
            pre[i] = (int32_t)x;
        }
        new_piece(m, pre, (int32_t)len);
    }
    free(pre);
    while (*s == ' ')
        s++;
    if (strcmp(s, ".") != 0) {
        *why = "it does not end with ' .'";
        return -1;
    }
    return 0;
}

/* Two runs appending to one checkpoint would each count the other's
 * pieces: the file is locked while a run has it (an fcntl lock, which also
 * holds on NFS with a lock daemon). On failure says why, closes f, -1. */
static int ck_lock(FILE *f, const char *path)
{
    struct flock lk = {.l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 0, .l_len = 0};
    if (fcntl(fileno(f), F_SETLK, &lk) == 0)
        return 0;
    if (errno == EACCES || errno == EAGAIN)
        fprintf(stderr, "dlx-mpi: %s: error: the checkpoint is in use by another run\n", path);
    else
        cli_file_error("dlx-mpi", path, "cannot lock", errno);
    fclose(f);
    return -1;
}

/* Opens the checkpoint: a new one gets its header; an old one is checked
 * against this run and replayed, its part last line (if any) cut off.
 * Returns 0 or EXIT_ERROR after saying why. */
static int ck_open(struct master *m, uint64_t hash)
{
    const char *path = m->mo->checkpoint;
    char header[160];
    ck_header(m, header, sizeof header, hash);
    /* Opened (or created) without truncating, then locked, then read: two
     * runs started at once cannot both take it for new. */
    int fd = open(path, O_RDWR | O_CREAT, 0666);
    FILE *f = fd >= 0 ? fdopen(fd, "r+") : NULL;
    if (!f) {
        cli_file_error("dlx-mpi", path, "cannot open", errno);
        if (fd >= 0)
            close(fd);
        return EXIT_ERROR;
    }
    if (ck_lock(f, path) != 0)
        return EXIT_ERROR;
    /* Read through f itself: closing any other descriptor of the file
     * would drop this process's lock on it (POSIX fcntl locks). */
    size_t len = 0;
    char *text = NULL;
    long end = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
    if (end >= 0 && fseek(f, 0, SEEK_SET) == 0) {
        text = malloc((size_t)end + 1);
        if (text)
            len = fread(text, 1, (size_t)end, f);
    }
    if (!text || len != (size_t)end || ferror(f)) {
        if (text)
            cli_file_error("dlx-mpi", path, "cannot read", errno);
        else
            fprintf(stderr, "dlx-mpi: %s: error: out of memory\n", path);
        free(text);
        fclose(f);
        return EXIT_ERROR;
    }
    size_t hlen = strlen(header);
    if (len < hlen && memcmp(text, header, len) == 0) {
        /* New, or a run stopped while it wrote the header: nothing was
         * recorded yet. */
        free(text);
        if (ftruncate(fileno(f), 0) != 0 || fseek(f, 0, SEEK_SET) != 0 || fputs(header, f) < 0) {
            cli_file_error("dlx-mpi", path, "cannot write", errno);
            fclose(f);
            return EXIT_ERROR;
        }
        m->ck = f;
        ck_flush(m, 1);
        return 0;
    }
    if (len < hlen || memcmp(text, header, hlen) != 0) {
        fprintf(stderr,
                "dlx-mpi: %s: error: this checkpoint is not of this run (another problem, "
                "--choose or --seed, or not a dlx-mpi checkpoint); it was left as it was\n",
                path);
        free(text);
        fclose(f);
        return EXIT_ERROR;
    }
    size_t at = hlen, good = hlen;
    long line_no = 2;
    int status = 0;
    while (at < len) {
        char *nl = memchr(text + at, '\n', len - at);
        line_no++;
        if (!nl)
            break; /* the part line of a run that was stopped in the middle of it */
        *nl = '\0';
        const char *why = NULL;
        char *line = text + at;
        if (!((line[0] == 'D' || line[0] == 'S') && line[1] == ' ') || ck_replay(m, line, &why)) {
            fprintf(stderr, "%s:%ld: error: not a checkpoint line: %s\n", path, line_no,
                    why ? why : "it starts with neither 'D ' nor 'S '");
            status = EXIT_ERROR;
            break;
        }
        at = (size_t)(nl - text) + 1;
        good = at;
    }
    free(text);
    if (status == 0 && (ftruncate(fileno(f), (off_t)good) != 0 || fseek(f, 0, SEEK_END) != 0)) {
        cli_file_error("dlx-mpi", path, "cannot write", errno);
        status = EXIT_ERROR;
    }
    if (status) {
        fclose(f);
        return status;
    }
    m->ck = f;
    if (!m->mo->cmd.quiet)
        fprintf(stderr, "dlx-mpi: %s: resuming: %" PRIu64 " pieces finished (%" PRIu64
                        " solutions), %zu to go\n",
                path, m->done_pieces, m->total.solutions, m->n_pieces - m->done_pieces);
    return 0;
}

static void ck_line(struct master *m, int64_t id, const int64_t *r, size_t n)
{
    if (!m->ck)
        return;
    fprintf(m->ck, "%c %" PRId64 " %" PRId64 " %" PRId64 " %" PRId64 " %" PRId64,
            r[0] == R_SPLIT ? 'S' : 'D', id, r[1], r[2], r[3], r[4]);
    if (r[0] == R_SPLIT) {
        fprintf(m->ck, " %" PRId64, r[5]);
        for (size_t i = R_HEAD; i < n; i++)
            fprintf(m->ck, " %" PRId64, r[i]);
    }
    fputs(" .\n", m->ck);
    ck_flush(m, 0);
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
    add_figures(m, r);
    ck_line(m, id, r, (size_t)n);
    finish_piece(m, id);
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
            xgrow_fail(0);
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
        const struct piece *p = &m->piece[id];
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
            xgrow_fail(0);
        MPI_Recv(r, n, MPI_INT64_T, src, T_REPORT, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        on_report(m, src, r, n);
        free(r);
    } else if (st.MPI_TAG == T_SOL) {
        MPI_Get_count(&st, MPI_INT32_T, &n);
        int32_t *ids = malloc((size_t)n * sizeof *ids + 1);
        if (!ids)
            xgrow_fail(0);
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
                      m->total.solutions, m->total.nodes, m->done_pieces, m->waiting, m->busy,
                      m->ranks - 1, now - start);
}

static int run_master(const struct mpi_options *mo, dlx_text *text, int ranks, uint64_t hash)
{
    const struct cmd_options *o = &mo->cmd;
    struct master m = {.mo = mo, .ranks = ranks};
    m.run.opt = o;
    m.run.text = text;
    m.run.problem = dlx_text_problem(text);
    m.run.out = stdout;
    m.max_len = prefix_room(m.run.problem);
    m.queue = calloc((size_t)m.max_len + 1, sizeof *m.queue);
    m.queued = calloc((size_t)m.max_len + 1, sizeof *m.queued);
    m.queue_cap = calloc((size_t)m.max_len + 1, sizeof *m.queue_cap);
    m.current = malloc((size_t)ranks * sizeof *m.current);
    m.asked = calloc((size_t)ranks, sizeof *m.asked);
    if (!m.queue || !m.queued || !m.queue_cap || !m.current || !m.asked)
        xgrow_fail(0);
    for (int r = 0; r < ranks; r++)
        m.current[r] = -1;
    new_piece(&m, NULL, 0); /* piece 0: the whole tree */
    if (mo->checkpoint && ck_open(&m, hash) != 0) {
        m.failed = 1; /* the workers are waiting: tell them to leave */
        send_stop_all(&m);
    }
    for (size_t id = 0; id < m.n_pieces; id++)
        if (m.piece[id].pending)
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
    ck_flush(&m, 1);
    int complete = !m.limit_hit && !m.signal_seen && !m.failed && m.busy == 0 && !m.waiting;
    uint64_t solutions = o->max_solutions ? m.accepted : m.total.solutions;
    if (m.failed) {
        solutions = 0;
    } else if (!m.run.out_closed && !m.run.out_errno) {
        FILE *out = m.run.out;
        if (o->format == CMD_FORMAT_JSON) {
            fputs(o->count_only ? "{\n" : m.run.printed > 0 ? "\n  ],\n" : "],\n", out);
            fprintf(out,
                    "  \"count\": %" PRIu64 ",\n  \"complete\": %s,\n  \"nodes\": %" PRIu64
                    ",\n  \"updates\": %" PRIu64 "\n}\n",
                    solutions, complete ? "true" : "false", m.total.nodes, m.total.updates);
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
        if (m.signal_seen)
            fprintf(stderr,
                    "dlx-mpi: stopped by %s: %" PRIu64 " solutions so far (partial), %" PRIu64
                    " nodes, %.3f s%s%s\n",
                    sig ? cli_signal_name(sig) : "a signal on a worker", solutions,
                    m.total.nodes, seconds, mo->checkpoint ? "; run again to finish: " : "",
                    mo->checkpoint ? mo->checkpoint : "");
        else {
            char sol[64] = "no solution";
            if (solutions > 0)
                snprintf(sol, sizeof sol, "%" PRIu64 " solution%s", solutions,
                         solutions == 1 ? "" : "s");
            fprintf(stderr, "dlx-mpi: %s%s, %" PRIu64 " nodes, %.3f s, %d workers\n", sol,
                    m.limit_hit ? cmd_limit_note(&mo->cmd) : "", m.total.nodes, seconds, ranks - 1);
        }
    }
    if (o->stats && !m.failed)
        fprintf(stderr,
                "solutions: %" PRIu64 "\nnodes: %" PRIu64 "\nupdates: %" PRIu64
                "\nseconds: %.3f\nmax level: %ld\ncomplete: %s\npieces: %" PRIu64
                "\nworkers: %d\n",
                solutions, m.total.nodes, m.total.updates, seconds, (long)m.total.max_level,
                complete ? "yes" : m.limit_hit ? "no (--max)" : "no (interrupted)",
                m.done_pieces, ranks - 1);
    if (m.ck)
        fclose(m.ck);
    for (size_t id = 0; id < m.n_pieces; id++)
        free(m.piece[id].prefix);
    free(m.piece);
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

int main(int argc, char **argv)
{
    signal(SIGPIPE, SIG_IGN);
    MPI_Init(&argc, &argv);
    int rank, ranks;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    struct mpi_options mo;
    int status = parse_options(argc, argv, &mo, rank == 0);
    if (status == 0 && ranks < 2) {
        cli_usage_error("dlx-mpi", "needs at least 2 ranks, a master and a worker: "
                                   "mpirun -np 2 dlx-mpi ... (dlx -j N searches on threads)");
        status = EXIT_ERROR;
    }
    if (status != 0) {
        MPI_Finalize();
        return status < 0 ? 0 : status;
    }
    cli_signals_init();
    uint64_t hash = 0;
    dlx_text *text = load_problem(&mo.cmd, rank, &hash);
    if (!text) {
        MPI_Finalize();
        return EXIT_ERROR;
    }
    dlx_problem *p = dlx_text_problem(text);
    int rc = dlx_set_choose(p, mo.cmd.choose);
    if (rc == DLX_OK && mo.cmd.have_seed)
        rc = dlx_set_seed(p, mo.cmd.seed);
    if (rc != DLX_OK) {
        if (rank == 0)
            fprintf(stderr, "dlx-mpi: error: cannot set up the search: %s\n", dlx_strerror(rc));
        dlx_text_free(text);
        MPI_Finalize();
        return EXIT_ERROR;
    }
    if (rank == 0 && dlx_has_bounds(p) && dlx_search_strategy(p) != DLX_STRATEGY_BITS &&
        !mo.cmd.quiet)
        fprintf(stderr, "dlx-mpi: note: a problem with bounds (Algorithm M) on the links cannot "
                        "be split: one worker searches it all\n");
    status = rank == 0 ? run_master(&mo, text, ranks, hash) : run_worker(&mo, p, rank);
    dlx_text_free(text);
    MPI_Finalize();
    return status;
}
