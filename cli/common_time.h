/* SPDX-License-Identifier: MIT */
/* common_time.h - the clock and figures at a glance, for the progress and
 * statistics lines of both commands (dlx and sudoku), so that both measure
 * time the same way and print "12.3M nodes" and "about 4 min left" alike. */
#ifndef CLI_COMMON_TIME_H
#define CLI_COMMON_TIME_H

#include <stdint.h>

/* Seconds on the monotonic clock: differences are elapsed wall time. */
double cli_now_seconds(void);

/* 1234 -> "1234", 12345678 -> "12.3M". Writes into buf (32 bytes, the
 * caller's) and returns it. */
const char *cli_human_count(uint64_t n, char buf[32]);

/* A duration at a glance: "40 s", "12 min", "3.5 h", "20 days",
 * "centuries". Writes into buf (32 bytes, the caller's) and returns it. */
const char *cli_human_seconds(double t, char buf[32]);

#endif
