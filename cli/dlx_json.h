/* SPDX-License-Identifier: MIT */
/* dlx_json.h - the one JSON string writer of the dlx command, shared by its
 * JSON output (dlx_output.c) and its JSON trace (dlx_trace.c). */
#ifndef CLI_DLX_JSON_H
#define CLI_DLX_JSON_H

#include <stdio.h>

/* Writes str as a JSON string: quotes, backslashes and control characters
 * escaped; UTF-8 written as it is, and bytes that are not UTF-8 (item names
 * may hold any byte) as U+FFFD, so the output is always valid JSON. */
void dlx_json_put_string(FILE *out, const char *str);

#endif
