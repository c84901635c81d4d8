/* SPDX-License-Identifier: MIT */
/* common_file.h - files as both commands open and read them, and the one
 * shape of message when that fails:
 *   PROGRAM: FILE: error: cannot open: No such file or directory
 *   PROGRAM: FILE: error: cannot read: Is a directory
 * and the hint both print when they wait for input typed at a terminal. */
#ifndef CLI_COMMON_FILE_H
#define CLI_COMMON_FILE_H

#include <stddef.h>

/* Writes "PROGRAM: NAME: error: WHAT: strerror(err)" to standard error,
 * after flushing standard output (so that on a terminal it shows where it
 * happened). what is "cannot open" or "cannot read"; err 0 leaves out the
 * reason. */
void cli_file_error(const char *program, const char *name, const char *what, int err);

/* Reads all of path ("-" is standard input, which is left open and can be
 * read again) and returns the bytes, with their number in *len. On failure
 * reports it (cli_file_error(), or "out of memory") naming the file as
 * name, and returns NULL. The caller owns the text and frees it. */
char *cli_read_file(const char *program, const char *path, const char *name, size_t *len);

/* When standard input is a terminal, says on standard error that the
 * program reads what (e.g. "the problem") from it until Ctrl-D, so that a
 * program started without a file does not seem to hang. */
void cli_terminal_hint(const char *program, const char *what);

#endif
