/* SPDX-License-Identifier: MIT */
/* common_file.c - see common_file.h. */
#include "common_file.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *cli_read_file(const char *path, size_t *len)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *text = malloc(cap);
    if (!text)
        errno = ENOMEM;
    while (text) {
        if (n == cap) {
            char *t = cap > SIZE_MAX / 2 ? NULL : realloc(text, cap * 2);
            if (!t) {
                free(text);
                text = NULL;
                errno = ENOMEM;
                break;
            }
            text = t;
            cap *= 2;
        }
        size_t got = fread(text + n, 1, cap - n, f);
        n += got;
        if (got == 0) {
            if (ferror(f)) {
                int e = errno ? errno : EIO;
                free(text);
                text = NULL;
                errno = e;
            }
            break;
        }
    }
    if (f != stdin)
        fclose(f);
    else
        clearerr(stdin);
    *len = n;
    return text;
}
