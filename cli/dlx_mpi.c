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
 * The parts: this file (the command line, the problem sent to every rank),
 * dlx_mpi_master.c, dlx_mpi_worker.c and dlx_mpi_checkpoint.c (no MPI in
 * it; dlx_mpi.h says what they share).
 *
 * Exit status as dlx's: 0 solutions found, 1 none, 2 an error, 128 + the
 * signal when stopped by one (the checkpoint then holds what was finished).
 * A rank that dies takes the job with it (mpirun reports it, non-zero): no
 * total is printed then, never a wrong one.
 */
#define DLX_MPI_WITH_MPI 1
#include "common_file.h"
#include "common_getopt.h"
#include "common_signal.h"
#include "dlx_mpi.h"

#include <getopt.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* --- the command line ---------------------------------------------------- */

static void usage(FILE *out)
{
    fputs("Usage: mpirun -np K dlx-mpi [OPTION]... [FILE]\n"
          "  or:  dlx-mpi --ranks=K [OPTION]... [FILE]\n"
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
          "      --ranks=K           start the job itself ($DLX_MPIRUN -np K dlx-mpi ...,\n"
          "                          DLX_MPIRUN being mpirun unless set), so that the exit\n"
          "                          status is dlx-mpi's, 130 and 143 included (mpirun\n"
          "                          exits 1 when stopped)\n"
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

/* --- shared by the master and the workers --------------------------------- */

void mpi_out_of_memory(int rank)
{
    fprintf(stderr, "dlx-mpi: rank %d: out of memory\n", rank);
    MPI_Abort(MPI_COMM_WORLD, EXIT_ERROR);
}

/* Open MPI's blocking receive busy-waits: an idle rank polls instead. */
MPI_Status mpi_wait_message(int src)
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

int main(int argc, char **argv)
{
    if (mpi_launch_wanted(argc, argv))
        return mpi_launch(argc, argv); /* before MPI_Init: it is not a rank */
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
    status = rank == 0 ? mpi_run_master(&mo, text, ranks, hash) : mpi_run_worker(&mo, p, rank);
    dlx_text_free(text);
    MPI_Finalize();
    return status;
}
