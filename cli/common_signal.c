/* SPDX-License-Identifier: MIT */
/* common_signal.c - see common_signal.h. The handler sets the flag and
 * writes a byte to a pipe whose other end the main thread may be polling
 * (the self-pipe trick): poll() then returns at once, whether the signal
 * came just before it or during it. */
#include "common_signal.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

static atomic_int stop_signal;
static int wake_pipe[2] = {-1, -1};

static void on_stop_signal(int sig)
{
    int none = 0;
    atomic_compare_exchange_strong(&stop_signal, &none, sig);
    if (wake_pipe[1] >= 0) {
        int saved = errno;
        ssize_t rc = write(wake_pipe[1], "", 1); /* a full pipe is awake already */
        (void)rc;
        errno = saved;
    }
}

void cli_signals_init(void)
{
    int fds[2];
    if (pipe(fds) == 0) {
        for (int i = 0; i < 2; i++) {
            /* Above 0, 1 and 2: when one of them was closed, pipe() took its
             * number, and the program would take the pipe for its input. */
            wake_pipe[i] = fcntl(fds[i], F_DUPFD_CLOEXEC, 3);
            close(fds[i]);
            if (wake_pipe[i] >= 0)
                fcntl(wake_pipe[i], F_SETFL, fcntl(wake_pipe[i], F_GETFL) | O_NONBLOCK);
        }
        if (wake_pipe[0] < 0 || wake_pipe[1] < 0) {
            if (wake_pipe[0] >= 0)
                close(wake_pipe[0]);
            if (wake_pipe[1] >= 0)
                close(wake_pipe[1]);
            wake_pipe[0] = wake_pipe[1] = -1;
        }
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    signal(SIGXFSZ, SIG_IGN);
}

int cli_stop_signal(void)
{
    return atomic_load(&stop_signal);
}

int cli_signal_fd(void)
{
    return wake_pipe[0];
}

const char *cli_signal_name(int sig)
{
    switch (sig) {
    case SIGINT: return "SIGINT";
    case SIGTERM: return "SIGTERM";
    case SIGHUP: return "SIGHUP";
    default: return "a signal";
    }
}
