/* SPDX-License-Identifier: MIT */
/* common_getopt.h - the parts of the command line that the dlx and sudoku
 * commands share, so that both say things the same way: what getopt_long()
 * stopped at, a usage error and its hint, whole numbers as option values,
 * and the --version text. Messages name the program as "dlx:"/"sudoku:",
 * not by the path it was run as; the sudoku command, which packagers rename
 * (dlx-sudoku), by the name it was run as (cli_program_name()). */
#ifndef CLI_COMMON_GETOPT_H
#define CLI_COMMON_GETOPT_H

#include <stddef.h>
#include <stdint.h>

/* The name a program was run as, for its messages: the last part of argv0
 * (what the user typed: "dlx-sudoku" for the installed command, "sudoku" for
 * build/bin/sudoku or a link by that name), or fallback when argv0 is NULL
 * or ends in '/'. The result points into argv0 or is fallback: it lives as
 * long as they do. */
const char *cli_program_name(const char *argv0, const char *fallback);

/* After getopt_long() (called with opterr = 0 and a leading ':' in its
 * option string) returned c == ':' or c == '?', writes into buf (of size n,
 * owned by the caller) a sentence such as "option '--max' needs an argument"
 * or "unknown option '-x'", and returns buf. */
const char *cli_getopt_problem(int c, char *const argv[], char *buf, size_t n);

/* Writes "PROGRAM: message" and the line "Try 'PROGRAM --help' for more
 * information." to standard error. */
void cli_usage_error(const char *program, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* A decimal whole number without sign (it starts with a digit), at most
 * max, into *out. 0, or -1 when s is anything else. */
int cli_parse_uint(const char *s, uint64_t max, uint64_t *out);

/* --version: "PROGRAM (PACKAGE) VERSION", then summary (one or more lines,
 * without the last newline), then the copyright and licence lines, on
 * standard output. */
void cli_print_version(const char *program, const char *package, const char *summary);

#endif
