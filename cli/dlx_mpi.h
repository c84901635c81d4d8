/* SPDX-License-Identifier: MIT */
/* dlx_mpi.h - what the parts of the dlx-mpi command share (private to it).
 *
 *   dlx_mpi.c             main, the command line, the problem sent to every rank
 *   dlx_mpi_master.c      rank 0: hands out pieces, prints, adds up the figures
 *   dlx_mpi_worker.c      ranks 1..K-1: search the pieces, give back on demand
 *   dlx_mpi_launch.c      --ranks=K: starts the MPI job itself (no MPI in it)
 *   dlx_mpi_checkpoint.c  the --checkpoint file (no MPI in it: unit-tested
 *                         alone, tests/check_mpi_checkpoint.c)
 *
 * This header does not include <mpi.h>: the checkpoint is built and tested
 * without MPI. What needs MPI (the message tags, the helpers that wait or
 * abort) is declared under DLX_MPI_WITH_MPI, which the MPI files define.
 */
#ifndef DLX_MPI_H
#define DLX_MPI_H

#include "dlxcmd.h"

#include <stddef.h>
#include <stdint.h>

enum {
    EXIT_FOUND = 0,
    EXIT_NONE = 1,
    EXIT_ERROR = 2
};

/* A worker's report of a piece: int64 [kind, solutions, nodes, updates,
 * max_level, pieces], then each piece given back as its length and option
 * ids (ids are int32 values). A checkpoint line records one R_DONE or
 * R_SPLIT report. */
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

/* Makes room for n elements of size sz in *a (capacity *cap): 0, or -1 when
 * out of memory (*a is then as it was). */
int mpi_grow(void *a, size_t *cap, size_t n, size_t sz);

/* The longest prefix a piece can have: an option a level; with bounds
 * (Algorithm M on bit sets) also the options excluded before a branch and
 * null moves, each option once at most and a null move per item. */
int32_t mpi_prefix_room(const dlx_problem *p);

/* dlx_mpi_launch.c: `dlx-mpi --ranks=K ...` runs mpirun itself and exits
 * with dlx-mpi's status (130, 143 included). wanted: --ranks is given. */
int mpi_launch_wanted(int argc, char **argv);
int mpi_launch(int argc, char **argv);

#ifdef DLX_MPI_WITH_MPI
#include <mpi.h>

enum tag {
    T_WORK = 1, /* master -> worker: int32 prefix (maybe empty) */
    T_HUNGRY,   /* master -> worker: a worker is idle, give back what you can */
    T_STOP,     /* master -> worker: leave (answer BYE) */
    T_REPORT,   /* worker -> master: int64 report, see enum report */
    T_SOL,      /* worker -> master: int32 option ids of a solution */
    T_BYE       /* worker -> master: leaving */
};

/* Says "out of memory" for this rank and takes the job down (MPI_Abort). */
void mpi_out_of_memory(int rank);

/* Waits for a message (from src, or MPI_ANY_SOURCE) and returns its status,
 * polling so that an idle rank does not spin a core. */
MPI_Status mpi_wait_message(int src);

/* The two sides; each returns the rank's exit status. */
int mpi_run_master(const struct mpi_options *mo, dlx_text *text, int ranks, uint64_t hash);
int mpi_run_worker(const struct mpi_options *mo, dlx_problem *q, int rank);
#endif

#endif
