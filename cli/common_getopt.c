/* SPDX-License-Identifier: MIT */
/* common_getopt.c - see common_getopt.h. */
#include "common_getopt.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

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
