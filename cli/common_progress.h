/* SPDX-License-Identifier: MIT */
/* common_progress.h - the progress line of both commands, on standard
 * error about once a second: on a terminal one line redrawn in place (and
 * cleared before an answer is written to the same terminal), elsewhere a
 * line each time, so a log keeps whole lines. The caller owns the struct;
 * only one thread draws. */
#ifndef CLI_COMMON_PROGRESS_H
#define CLI_COMMON_PROGRESS_H

#include <stdio.h>

typedef struct cli_progress {
    int on;          /* drawing at all */
    int tty;         /* standard error is a terminal: redraw in place */
    int visible;     /* a line is on the screen now */
    double next;     /* when the next line is due (cli_now_seconds()) */
} cli_progress;

/* mode 1: on; 0: off; -1: on when standard error is a terminal. The first
 * line is due a second after now. */
void cli_progress_init(cli_progress *p, int mode, double now);
/* Is a line due at now? */
int cli_progress_due(const cli_progress *p, double now);
/* Draws one line (printf-style, without the newline), due again in a
 * second. */
void cli_progress_show(cli_progress *p, double now, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Takes the line off the screen, if it is there. */
void cli_progress_clear(cli_progress *p);
/* Before writing to out: clears the line when out shares its terminal. */
void cli_progress_before_output(cli_progress *p, FILE *out);

#endif
