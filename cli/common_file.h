/* SPDX-License-Identifier: MIT */
/* common_file.h - reading a whole file (or standard input) into memory, for
 * the inputs that are read at once: sudoku's region maps and puzzle files. */
#ifndef CLI_COMMON_FILE_H
#define CLI_COMMON_FILE_H

#include <stddef.h>

/* Reads all of path ("-" is standard input, which is left open and can be
 * read again) and returns the bytes, with their number in *len. NULL with
 * errno set when the file cannot be opened or read, or memory runs out
 * (ENOMEM). The caller owns the text and frees it. */
char *cli_read_file(const char *path, size_t *len);

#endif
