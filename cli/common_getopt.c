/* SPDX-License-Identifier: MIT */
/* common_getopt.c - see common_getopt.h. */
#include "common_getopt.h"

#include "dlx.h"

#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *cli_program_name(const char *argv0, const char *fallback)
{
    if (!argv0)
        return fallback;
    const char *slash = strrchr(argv0, '/');
    const char *name = slash ? slash + 1 : argv0;
    return *name ? name : fallback;
}

const char *cli_getopt_problem(int c, char *const argv[], char *buf, size_t n)
{
    /* What getopt stopped at: "--name[=value]" as written, or "-c". */
    const char *arg = argv[optind - 1];
    char short_opt[3] = {'-', (char)optopt, '\0'};
    int is_long = strncmp(arg, "--", 2) == 0;
    if (c == ':')
        snprintf(buf, n, "option '%s' needs an argument", is_long ? arg : short_opt);
    else if (is_long && optopt != 0)
        snprintf(buf, n, "option '%s' takes no argument", arg);
    else if (is_long)
        snprintf(buf, n, "unknown or ambiguous option '%s'", arg);
    else
        snprintf(buf, n, "unknown option '%s'", short_opt);
    return buf;
}

void cli_usage_error(const char *program, const char *fmt, ...)
{
    fflush(stdout);
    fprintf(stderr, "%s: ", program);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nTry '%s --help' for more information.\n", program);
}

int cli_parse_uint(const char *s, uint64_t max, uint64_t *out)
{
    if (!s || *s < '0' || *s > '9')
        return -1;
    errno = 0;
    char *end;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno != 0 || *end != '\0' || v > max)
        return -1;
    *out = (uint64_t)v;
    return 0;
}

void cli_print_version(const char *program, const char *package, const char *summary)
{
    printf("%s (%s) %s\n%s\n"
           "Copyright (C) 2026 The dlx authors.\n"
           "License MIT: <https://opensource.org/licenses/MIT>.\n"
           "This is free software: you are free to change and redistribute it.\n"
           "There is NO WARRANTY, to the extent permitted by law.\n",
           program, package, DLX_VERSION, summary);
}
