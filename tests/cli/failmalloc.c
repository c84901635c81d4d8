/* SPDX-License-Identifier: MIT */
/* failmalloc.c - an LD_PRELOAD library that makes one allocation fail, for
 * tests/cli/test_robust_oom.sh: every point where the commands allocate must
 * either recover or stop with an error message, never crash or print a wrong
 * answer.
 *
 *   FAILMALLOC_AT=k      the k-th call of malloc, calloc or realloc (with a
 *                        non-zero size) returns NULL, from 1; 0 or unset: none
 *   FAILMALLOC_FROM=1    every call from the k-th on fails (memory is gone)
 *   FAILMALLOC_REPORT=f  at exit, write the number of calls to the file f
 *
 * The real allocator is reached through glibc's __libc_* entry points, so no
 * dlsym() bootstrap is needed. Test-only code: the counters are the only
 * global state, which an interposed allocator cannot avoid. Not for
 * sanitizer builds (they interpose malloc themselves). */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t n, size_t size);
extern void *__libc_realloc(void *ptr, size_t size);

static long calls;
static long fail_at = -1; /* -1: not read yet */
static int fail_from;

static void read_settings(void)
{
    const char *at = getenv("FAILMALLOC_AT");
    const char *from = getenv("FAILMALLOC_FROM");
    fail_at = at ? strtol(at, NULL, 10) : 0;
    fail_from = from && *from == '1';
}

/* Whether this call is the one (or one of those) to fail. */
static int should_fail(void)
{
    if (fail_at < 0)
        read_settings();
    calls++;
    if (fail_at > 0 && (calls == fail_at || (fail_from && calls > fail_at))) {
        errno = ENOMEM;
        return 1;
    }
    return 0;
}

void *malloc(size_t size)
{
    return size && should_fail() ? NULL : __libc_malloc(size);
}

void *calloc(size_t n, size_t size)
{
    return n && size && should_fail() ? NULL : __libc_calloc(n, size);
}

void *realloc(void *ptr, size_t size)
{
    return size && should_fail() ? NULL : __libc_realloc(ptr, size);
}

__attribute__((destructor)) static void report(void)
{
    long n = calls; /* before fopen() allocates */
    const char *path = getenv("FAILMALLOC_REPORT");
    if (!path)
        return;
    fail_at = 0;
    FILE *f = fopen(path, "w");
    if (f) {
        fprintf(f, "%ld\n", n);
        fclose(f);
    }
}
