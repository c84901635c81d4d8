/* SPDX-License-Identifier: MIT */
/* common_getopt.h - words for what getopt_long() stopped at, shared by the
 * dlx and sudoku commands so that both say it the same way and name the
 * program as "dlx:"/"sudoku:" rather than by the path it was run as. */
#ifndef CLI_COMMON_GETOPT_H
#define CLI_COMMON_GETOPT_H

#include <stddef.h>

/* After getopt_long() (called with opterr = 0 and a leading ':' in its
 * option string) returned c == ':' or c == '?', writes into buf (of size n,
 * owned by the caller) a sentence such as "option '--max' needs an argument"
 * or "unknown option '-x'", and returns buf. */
const char *cli_getopt_problem(int c, char *const argv[], char *buf, size_t n);

#endif
