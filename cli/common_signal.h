/* SPDX-License-Identifier: MIT */
/* common_signal.h - how both commands stop when asked to (Ctrl-C, kill,
 * a closed terminal): SIGINT, SIGTERM and SIGHUP only set a flag, and the
 * program finishes the line it is writing, writes what it has found, says
 * on standard error how far it got and exits 128 + the signal (130, 143,
 * 129). A second signal changes nothing: the run is already stopping, and
 * no line is ever cut. SIGXFSZ is ignored, so that a write past the file
 * size limit (ulimit -f) fails with EFBIG and is reported as a write error
 * like any other, instead of killing the program in the middle of a line.
 *
 * The flag is the one piece of mutable global state of the programs: a
 * signal handler has nowhere else to write. It is a lock-free atomic, so
 * worker threads may read it. */
#ifndef CLI_COMMON_SIGNAL_H
#define CLI_COMMON_SIGNAL_H

/* Installs the handlers (SA_RESTART: a write interrupted by a signal is
 * carried on, not taken for an output error) and ignores SIGXFSZ. */
void cli_signals_init(void);

/* 0, or the first of SIGINT, SIGTERM, SIGHUP received. Any thread. */
int cli_stop_signal(void);

/* A file descriptor that becomes readable when a stop signal arrives, to
 * poll() together with an input that may block; -1 if there is none. */
int cli_signal_fd(void);

/* "SIGINT", "SIGTERM", "SIGHUP" (static storage). */
const char *cli_signal_name(int sig);

#endif
