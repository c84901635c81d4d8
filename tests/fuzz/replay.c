/* SPDX-License-Identifier: MIT */
/* replay.c - runs a fuzz target's LLVMFuzzerTestOneInput() on files, without
 * libFuzzer, so the seed corpora and the regression inputs are replayed by
 * `make check` (any compiler) and `make sanitize` (ASan + UBSan) and under
 * valgrind.
 *
 * Usage: replay_TARGET FILE_OR_DIR...  (a directory: every regular file in
 * it, in name order). Names each input on stderr before running it, then
 * prints one line "TARGET: N inputs" on stdout and exits 0; a failing input
 * aborts inside the target, and the last name on stderr is the culprit. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Reads the whole file into a fresh buffer the caller frees; NULL on error. */
static uint8_t *read_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    uint8_t *buf = malloc(cap);
    while (buf) {
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (n < cap)
            break;
        uint8_t *bigger = realloc(buf, cap * 2);
        if (!bigger) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = bigger;
        cap *= 2;
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(buf);
        return NULL;
    }
    *size = n;
    return buf;
}

static int replay_file(const char *path)
{
    size_t size = 0;
    uint8_t *data = read_file(path, &size);
    if (!data) {
        fprintf(stderr, "replay: cannot read %s\n", path);
        return -1;
    }
    fprintf(stderr, "replay: %s\n", path);
    /* Copied to an exact-size buffer so ASan sees reads past the end. */
    uint8_t *exact = malloc(size ? size : 1);
    if (!exact) {
        free(data);
        return -1;
    }
    memcpy(exact, data, size);
    free(data);
    LLVMFuzzerTestOneInput(exact, size);
    free(exact);
    return 0;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Replays every regular file of a directory in name order; -1 on error. */
static long replay_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "replay: cannot open %s\n", dir);
        return -1;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    long result = 0;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 64;
            char **bigger = realloc(names, cap * sizeof *names);
            if (!bigger) {
                result = -1;
                break;
            }
            names = bigger;
        }
        size_t len = strlen(dir) + strlen(e->d_name) + 2;
        names[n] = malloc(len);
        if (!names[n]) {
            result = -1;
            break;
        }
        snprintf(names[n], len, "%s/%s", dir, e->d_name);
        n++;
    }
    closedir(d);
    if (n > 0)
        qsort(names, n, sizeof *names, by_name);
    for (size_t i = 0; i < n; i++) {
        struct stat st;
        if (result >= 0 && stat(names[i], &st) == 0 && S_ISREG(st.st_mode)) {
            if (replay_file(names[i]) < 0)
                result = -1;
            else
                result++;
        }
        free(names[i]);
    }
    free(names);
    return result;
}

int main(int argc, char **argv)
{
    long total = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            fprintf(stderr, "replay: no such file or directory: %s\n", argv[i]);
            return 1;
        }
        long got = S_ISDIR(st.st_mode) ? replay_dir(argv[i])
                                       : (replay_file(argv[i]) == 0 ? 1 : -1);
        if (got < 0)
            return 1;
        total += got;
    }
    const char *name = strrchr(argv[0], '/');
    printf("%s: %ld inputs\n", name ? name + 1 : argv[0], total);
    return 0;
}
