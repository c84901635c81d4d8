/* SPDX-License-Identifier: MIT */
/* common_progress.c - see common_progress.h. */
#include "common_progress.h"

#include <stdarg.h>
#include <unistd.h>

void cli_progress_init(cli_progress *p, int mode, double now)
{
    int tty = isatty(STDERR_FILENO);
    p->on = mode == 1 || (mode == -1 && tty);
    p->tty = p->on && tty;
    p->visible = 0;
    p->next = now + 1.0;
}

int cli_progress_due(const cli_progress *p, double now)
{
    return p->on && now >= p->next;
}

void cli_progress_show(cli_progress *p, double now, const char *fmt, ...)
{
    if (p->tty)
        fputc('\r', stderr);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputs(p->tty ? "\033[K" : "\n", stderr);
    fflush(stderr);
    p->visible = p->tty;
    p->next = now + 1.0;
}

void cli_progress_clear(cli_progress *p)
{
    if (p->visible) {
        fputs("\r\033[K", stderr);
        fflush(stderr);
        p->visible = 0;
    }
}

void cli_progress_before_output(cli_progress *p, FILE *out)
{
    if (p->visible && isatty(fileno(out)))
        cli_progress_clear(p);
}
