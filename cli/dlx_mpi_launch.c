/* SPDX-License-Identifier: MIT */
/* dlx_mpi_launch.c - `dlx-mpi --ranks=K ...`: dlx-mpi starting its own MPI
 * job, so that the caller gets dlx-mpi's exit status, 130 and 143 included.
 *
 * Open MPI's mpirun (4.1) stops the ranks with SIGTERM when it gets SIGINT or
 * SIGTERM, and then exits 1 whatever they return: through mpirun, an
 * interrupted run looks like one with no solution. Here dlx-mpi runs
 *
 *     $DLX_MPIRUN -np K /path/to/dlx-mpi ARGS...     (DLX_MPIRUN: "mpirun")
 *
 * as a child in a process group of its own, passes on a SIGINT, SIGTERM or
 * SIGHUP it gets (once: a second Ctrl-C would make mpirun kill the ranks
 * before they print their partial count), and exits with 128 + that signal
 * once mpirun is done; otherwise with mpirun's status. When standard input
 * is a terminal mpirun stays in our group (it forwards what is typed to rank
 * 0, and a background group may not read the terminal): the terminal's
 * Ctrl-C then reaches it directly, and only SIGTERM and SIGHUP are passed on.
 *
 * No MPI here: the launcher never calls MPI_Init (a singleton start would
 * cost a second and is not the job the user asked for).
 */
#include "dlx_mpi.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common_getopt.h"

static volatile sig_atomic_t got_signal;
static volatile pid_t child_pid;
static volatile sig_atomic_t forward_int;

static void on_signal(int sig)
{
    if (!got_signal)
        got_signal = sig;
    if (child_pid > 0 && (sig != SIGINT || forward_int))
        kill(child_pid, sig == SIGHUP ? SIGTERM : sig);
}

/* Where --ranks is in argv: its index, the value in *ranks_arg and 1 or 2
 * argv slots it takes in *width; -1 when absent. Options after "--" or after
 * the FILE are not looked at (getopt permutes, but no option of dlx-mpi
 * takes a value that could read "--ranks"). */
static int find_ranks(int argc, char **argv, const char **ranks_arg, int *width)
{
    for (int k = 1; k < argc; k++) {
        if (strcmp(argv[k], "--") == 0)
            return -1;
        if (strncmp(argv[k], "--ranks=", 8) == 0) {
            *ranks_arg = argv[k] + 8;
            *width = 1;
            return k;
        }
        if (strcmp(argv[k], "--ranks") == 0) {
            *ranks_arg = k + 1 < argc ? argv[k + 1] : "";
            *width = k + 1 < argc ? 2 : 1;
            return k;
        }
    }
    return -1;
}

int mpi_launch_wanted(int argc, char **argv)
{
    const char *arg;
    int width;
    return find_ranks(argc, argv, &arg, &width) >= 0;
}

/* This program's path, for mpirun to start: /proc/self/exe when it can be
 * read (argv[0] may be a bare name found on PATH), else argv[0]. */
static char *self_path(const char *argv0)
{
    char buf[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (n > 0) {
        buf[n] = '\0';
        return strdup(buf);
    }
    return strdup(argv0);
}

/* The words of DLX_MPIRUN (split at blanks; no quoting), or "mpirun". */
static int mpirun_words(char ***out, char **storage)
{
    const char *env = getenv("DLX_MPIRUN");
    if (!env || !*env)
        env = "mpirun";
    char *s = strdup(env);
    char **w = calloc(strlen(env) / 2 + 2, sizeof *w);
    if (!s || !w) {
        free(s);
        free(w);
        return -1;
    }
    int n = 0;
    for (char *tok = strtok(s, " \t"); tok; tok = strtok(NULL, " \t"))
        w[n++] = tok;
    *out = w;
    *storage = s;
    return n;
}

int mpi_launch(int argc, char **argv)
{
    const char *arg = NULL;
    int width = 1;
    int at = find_ranks(argc, argv, &arg, &width);
    uint64_t ranks = 0;
    if (getenv("OMPI_COMM_WORLD_SIZE") || getenv("PMIX_RANK") || getenv("PMI_RANK")) {
        cli_usage_error("dlx-mpi", "--ranks starts an MPI job of its own: under mpirun, leave "
                                   "it out (mpirun -np K dlx-mpi ...)");
        return EXIT_ERROR;
    }
    if (cli_parse_uint(arg, 1000000, &ranks) != 0 || ranks < 2) {
        cli_usage_error("dlx-mpi", "--ranks wants a number of ranks from 2 (a master and a "
                                   "worker) to 1000000, not '%s'",
                        arg);
        return EXIT_ERROR;
    }
    char **words = NULL, *storage = NULL;
    int nw = mpirun_words(&words, &storage);
    char *self = self_path(argv[0]);
    char np[24];
    snprintf(np, sizeof np, "%llu", (unsigned long long)ranks);
    char **cargv = calloc((size_t)nw + (size_t)argc + 4, sizeof *cargv);
    if (nw <= 0 || !self || !cargv) {
        fputs("dlx-mpi: error: out of memory (or DLX_MPIRUN is blank)\n", stderr);
        free(words);
        free(storage);
        free(self);
        free(cargv);
        return EXIT_ERROR;
    }
    int n = 0;
    for (int k = 0; k < nw; k++)
        cargv[n++] = words[k];
    static char np_flag[] = "-np";
    cargv[n++] = np_flag;
    cargv[n++] = np;
    cargv[n++] = self;
    for (int k = 1; k < argc; k++)
        if (k < at || k >= at + width)
            cargv[n++] = argv[k];
    cargv[n] = NULL;

    const int own_group = !isatty(STDIN_FILENO);
    forward_int = own_group;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigset_t block, saved;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGTERM);
    sigaddset(&block, SIGHUP);
    /* No signal between the fork and the handlers knowing the child. */
    sigprocmask(SIG_BLOCK, &block, &saved);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    pid_t pid = fork();
    if (pid == 0) {
        signal(SIGINT, SIG_DFL);
        signal(SIGTERM, SIG_DFL);
        signal(SIGHUP, SIG_DFL);
        signal(SIGPIPE, SIG_DFL);
        sigprocmask(SIG_SETMASK, &saved, NULL);
        if (own_group)
            setpgid(0, 0);
        execvp(cargv[0], cargv);
        fprintf(stderr,
                "dlx-mpi: error: cannot run %s: %s (Open MPI's mpirun: sudo apt-get install -y "
                "openmpi-bin; or set DLX_MPIRUN to the command that starts an MPI job)\n",
                cargv[0], strerror(errno));
        _exit(EXIT_ERROR);
    }
    if (pid < 0) {
        sigprocmask(SIG_SETMASK, &saved, NULL);
        fprintf(stderr, "dlx-mpi: error: cannot start %s: %s\n", cargv[0], strerror(errno));
        free(words);
        free(storage);
        free(self);
        free(cargv);
        return EXIT_ERROR;
    }
    if (own_group)
        setpgid(pid, pid);
    child_pid = pid;
    sigprocmask(SIG_SETMASK, &saved, NULL);
    int wstatus = 0;
    while (waitpid(pid, &wstatus, 0) < 0 && errno == EINTR)
        ;
    child_pid = 0;
    free(words);
    free(storage);
    free(self);
    free(cargv);
    if (got_signal)
        return 128 + got_signal;
    if (WIFEXITED(wstatus))
        return WEXITSTATUS(wstatus);
    return WIFSIGNALED(wstatus) ? 128 + WTERMSIG(wstatus) : EXIT_ERROR;
}
