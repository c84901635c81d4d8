/* SPDX-License-Identifier: MIT */
/* common_time.c - see common_time.h. */
#include "common_time.h"

#include <stdio.h>
#include <time.h>

double cli_now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

const char *cli_human_count(uint64_t n, char buf[32])
{
    static const char units[] = "kMGTPE";
    if (n < 10000) {
        snprintf(buf, 32, "%llu", (unsigned long long)n);
        return buf;
    }
    double v = (double)n;
    int u = -1;
    while (v >= 1000 && u < 5) {
        v /= 1000;
        u++;
    }
    snprintf(buf, 32, v < 100 ? "%.1f%c" : "%.0f%c", v, units[u]);
    return buf;
}

const char *cli_human_seconds(double t, char buf[32])
{
    if (t < 100)
        snprintf(buf, 32, "%.0f s", t);
    else if (t < 6000)
        snprintf(buf, 32, "%.0f min", t / 60);
    else if (t < 86400 * 2)
        snprintf(buf, 32, "%.1f h", t / 3600);
    else if (t < 86400 * 365 * 100.0)
        snprintf(buf, 32, "%.0f days", t / 86400);
    else
        snprintf(buf, 32, "centuries");
    return buf;
}
