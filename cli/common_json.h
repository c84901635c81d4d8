/* SPDX-License-Identifier: MIT */
/* common_json.h - the one JSON string writer of the command-line programs:
 * the dlx command's JSON output (dlxcmd_output.c) and JSON trace (trace/,
 * also in the browser build) use it, and so should any JSON the sudoku
 * command writes. */
#ifndef CLI_COMMON_JSON_H
#define CLI_COMMON_JSON_H

#include <stdio.h>

/* Writes str as a JSON string: quotes, backslashes and control characters
 * escaped; UTF-8 written as it is, and bytes that are not UTF-8 (item names
 * may hold any byte) as U+FFFD, so the output is always valid JSON. */
void cli_json_put_string(FILE *out, const char *str);

/* The length of the valid UTF-8 sequence at s (n bytes available), or 0
 * when there is none (overlong forms and surrogates are not valid): for
 * every writer that must not pass other bytes on (JSON, DOT). */
size_t cli_utf8_length(const unsigned char *s, size_t n);

#endif
