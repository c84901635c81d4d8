/* SPDX-License-Identifier: MIT */
/* common_file.c - see common_file.h. */
#include "common_file.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void cli_file_error(const char *program, const char *name, const char *what, int err)
{
    fflush(stdout);
    if (err)
        fprintf(stderr, "%s: %s: error: %s: %s\n", program, name, what, strerror(err));
    else
        fprintf(stderr, "%s: %s: error: %s\n", program, name, what);
}

char *cli_read_file(const char *program, const char *path, const char *name, size_t *len)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f) {
        cli_file_error(program, name, "cannot open", errno);
        return NULL;
    }
    size_t cap = 1 << 16, n = 0;
    char *text = malloc(cap);
    const char *failed = text ? NULL : "out of memory";
    int err = 0;
    while (text) {
        if (n == cap) {
            char *t = cap > SIZE_MAX / 2 ? NULL : realloc(text, cap * 2);
            if (!t) {
                failed = "out of memory";
                break;
            }
            text = t;
            cap *= 2;
        }
        size_t got = fread(text + n, 1, cap - n, f);
        n += got;
        if (got == 0) {
            if (ferror(f)) {
                failed = "cannot read";
                err = errno ? errno : EIO;
            }
            break;
        }
    }
    if (f != stdin)
        fclose(f);
    else
        clearerr(stdin);
    if (failed) {
        free(text);
        cli_file_error(program, name, failed, err);
        return NULL;
    }
    *len = n;
    return text;
}

void cli_terminal_hint(const char *program, const char *what)
{
    if (isatty(STDIN_FILENO))
        fprintf(stderr, "%s: reading %s from the terminal; end it with Ctrl-D (%s --help for "
                        "more)\n", program, what, program);
}
