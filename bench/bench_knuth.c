/* SPDX-License-Identifier: MIT */
/* bench_knuth.c - the engine's table in issue 9: `dlx --count` side by side
 * with Knuth's own exact-cover programs (DLX1, DLX2, DLX3, SSXC1, SSXCC,
 * SSMCC) on the same input files, in CPU time.
 *
 *   bench_knuth BIN KNUTH_SRC KNUTH_BIN WORK
 *
 * BIN is this project's build/bin (the dlx command and the examples that
 * write problems as text); KNUTH_SRC holds his sources and spec files and
 * KNUTH_BIN his programs as built by KNUTH_SRC/build.sh (bench/run.sh does
 * both); the input files are written into WORK. Nothing of his is part of
 * this project: his programs are run, never linked or copied.
 *
 * Each row's file is written once by its generator (his where he has one,
 * ours otherwise). Then every program of the row is run on it, the programs
 * taking turns, BENCH_RUNS times (default 3); a program's figure is the
 * median of its runs' CPU time (user + system, from getrusage of the
 * child), which a loaded machine disturbs less than the clock. The ratio is
 * libdlx's median over the best of his. Every program's count must be the
 * row's known count (the exit status is 1 otherwise); timing is never
 * asserted.
 *
 *   BENCH_QUICK=1   small instances, one run each: a few seconds
 *   BENCH_RUNS=N    N runs of each program
 *   BENCH_ONLY=S    only the rows whose name contains S
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum { MAX_ARGS = 8, MAX_PROGS = 4, MAX_RUNS = 15 };

/* Who writes a row's input file. */
enum source {
    KNUTH_GEN,      /* his generator with the arguments */
    KNUTH_GEN_SPEC, /* his generator reading a spec file of KNUTH_SRC */
    KNUTH_GEN_TEXT, /* his generator reading the spec text args[0] (written here) */
    OUR_EXAMPLE     /* one of our examples with the arguments */
};

struct row {
    const char *name;
    enum source source;
    const char *gen;              /* program name in KNUTH_BIN or BIN/examples */
    const char *args[MAX_ARGS];   /* its arguments (a spec file or text, above) */
    const char *knuth[MAX_PROGS]; /* his solvers that accept the problem */
    uint64_t expected;            /* the known count (below); 0: unknown */
};

/* Known counts. Pentominoes: 2339 packings of 6x10 (and 2 of 3x20) times the
 * 4 symmetries of the box (Haselgrove 1960; TAOCP 7.2.2.1). Queens: OEIS
 * A000170. Langford pairs: twice OEIS A014552 (a pairing and its reversal).
 * De Bruijn 2 4 6 and motley 6 6: the counts of issue 9's table, which
 * Knuth's programs give; here every program must reach them. Motley 7 7:
 * the count DLX3 and SSMCC give. Queens dominating the board: OEIS
 * A002564 (4860 for 5 queens on 8 x 8, 86 for 4 on 7 x 7). The partridge
 * puzzle has no packing below order 8 (Wainwright; TAOCP 7.2.2.1). Rows
 * with count 0 have none known: the programs must agree. The problems with
 * bounds (multiplicities) run Algorithm M; the tetromino rows are Knuth's
 * polyomino-dlx on a spec written here, each piece 1 to 3 times. */
/* Specs for polyomino-dlx (his format: the box's cells, then one line a
 * piece, its multiplicity before a '|'): the five tetrominoes. */
#define TETROMINOES(m)                                                                   \
    m "|I 00 01 02 03\n" m "|O 00 01 10 11\n" m "|T 00 01 02 11\n" m "|S 00 01 11 12\n" m \
      "|L 00 10 20 21\n"
#define TETRO_5X8 "[0-4][0-7]\n" TETROMINOES("1:3")
#define TETRO_4X10 "[0-3][0-9]\n" TETROMINOES("1:4")

static const struct row full[] = {
    {"pentominoes 6x10, polyomino-dlx", KNUTH_GEN_SPEC, "polyomino-dlx", {"pent6x10.spec"},
     {"dlx1", "dlx2", "ssxc1", "ssxcc"}, 9356},
    {"queens 14, queens-dlx", KNUTH_GEN, "queens-dlx", {"14"},
     {"dlx1", "dlx2", "ssxc1", "ssxcc"}, 365596},
    {"queens 15, queens-dlx", KNUTH_GEN, "queens-dlx", {"15"},
     {"dlx1", "dlx2", "ssxc1", "ssxcc"}, 2279184},
    {"langford 12, examples/langford", OUR_EXAMPLE, "langford", {"--text", "12"},
     {"dlx1", "dlx2", "ssxc1", "ssxcc"}, 216288},
    {"de Bruijn 2 4 6, colours", KNUTH_GEN, "de-bruijn-dlx", {"2", "4", "6"},
     {"dlx2", "ssxcc"}, 60928},
    {"motley-dlx 6 6, multiplicities", KNUTH_GEN, "motley-dlx", {"6", "6"},
     {"dlx3", "ssmcc"}, 5850},
    {"motley-dlx 6 7, multiplicities", KNUTH_GEN, "motley-dlx", {"6", "7"},
     {"dlx3", "ssmcc"}, 0},
    {"motley-dlx 7 7, multiplicities", KNUTH_GEN, "motley-dlx", {"7", "7"},
     {"dlx3", "ssmcc"}, 352546},
    {"5 queens dominating 8x8, bounds", OUR_EXAMPLE, "domination", {"--text", "8", "5"},
     {"dlx3", "ssmcc"}, 4860},
    {"4 queens dominating 7x7, bounds", OUR_EXAMPLE, "domination", {"--text", "7", "4"},
     {"dlx3", "ssmcc"}, 86},
    {"partridge 6, bounds", OUR_EXAMPLE, "partridge", {"--text", "6"}, {"dlx3", "ssmcc"}, 0},
    {"tetrominoes 1:3 each in 5x8, p-dlx", KNUTH_GEN_TEXT, "polyomino-dlx", {TETRO_5X8},
     {"dlx3", "ssmcc"}, 0},
    {"tetrominoes 1:4 each, 4x10, p-dlx", KNUTH_GEN_TEXT, "polyomino-dlx", {TETRO_4X10},
     {"dlx3", "ssmcc"}, 0},
};
static const struct row quick[] = {
    {"pentominoes 3x20, polyomino-dlx", KNUTH_GEN_SPEC, "polyomino-dlx", {"pent3x20.spec"},
     {"dlx1", "dlx2", "ssxc1", "ssxcc"}, 8},
    {"queens 10, queens-dlx", KNUTH_GEN, "queens-dlx", {"10"},
     {"dlx1", "dlx2", "ssxc1", "ssxcc"}, 724},
    {"langford 8, examples/langford", OUR_EXAMPLE, "langford", {"--text", "8"},
     {"dlx1", "dlx2", "ssxc1", "ssxcc"}, 300},
    {"de Bruijn 2 4 5, colours", KNUTH_GEN, "de-bruijn-dlx", {"2", "4", "5"},
     {"dlx2", "ssxcc"}, 0},
    {"motley-dlx 4 4, multiplicities", KNUTH_GEN, "motley-dlx", {"4", "4"},
     {"dlx3", "ssmcc"}, 0},
    {"3 queens dominating 6x6, bounds", OUR_EXAMPLE, "domination", {"--text", "6", "3"},
     {"dlx3", "ssmcc"}, 4},
    {"partridge 4, bounds", OUR_EXAMPLE, "partridge", {"--text", "4"}, {"dlx3", "ssmcc"}, 0},
    {"tetrominoes 1:3 each in 5x8, p-dlx", KNUTH_GEN_TEXT, "polyomino-dlx", {TETRO_5X8},
     {"dlx3", "ssmcc"}, 0},
};

/* What one run of a program gave. */
struct run {
    double cpu;      /* seconds, user + system */
    int ok;          /* it exited normally and its count could be read */
    uint64_t count;  /* solutions it reported */
};

static const char *bin, *knuth_src, *knuth_bin, *work;

static char *path_join(const char *dir, const char *name)
{
    size_t n = strlen(dir) + strlen(name) + 2;
    char *s = malloc(n);
    if (s)
        snprintf(s, n, "%s/%s", dir, name);
    return s;
}

static double child_cpu(void)
{
    struct rusage ru;
    getrusage(RUSAGE_CHILDREN, &ru);
    return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
           (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
}

/* Runs argv with stdin from `in` (or /dev/null), stdout to `out` and stderr
 * to `err` (or /dev/null when NULL); returns its exit status, or -1 when it
 * could not be run or was killed. *cpu gets its CPU seconds. */
static int run_program(const char *const args[], const char *in, const char *out,
                       const char *err, double *cpu)
{
    double before = child_cpu();
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        int fd0 = open(in ? in : "/dev/null", O_RDONLY);
        int fd1 = open(out ? out : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int fd2 = open(err ? err : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd0 < 0 || fd1 < 0 || fd2 < 0)
            _exit(126);
        dup2(fd0, 0);
        dup2(fd1, 1);
        dup2(fd2, 2);
        /* execv() wants writable strings: the child's own copies. */
        char *argv[MAX_ARGS + 2] = {0};
        for (int k = 0; k < MAX_ARGS + 1 && args[k]; k++)
            if (!(argv[k] = strdup(args[k])))
                _exit(126);
        execv(argv[0], argv);
        _exit(127);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return -1;
    *cpu = child_cpu() - before;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* The count in a file: Knuth's "Altogether N solutions" line, or (ours) the
 * first number on the first line. */
static int read_count(const char *file, int knuths, uint64_t *count)
{
    FILE *f = fopen(file, "r");
    if (!f)
        return 0;
    char line[4096];
    int found = 0;
    while (!found && fgets(line, sizeof line, f)) {
        if (knuths) {
            const char *s = strstr(line, "Altogether ");
            found = s && sscanf(s + 11, "%" SCNu64, count) == 1;
        } else {
            found = sscanf(line, "%" SCNu64, count) == 1;
            break;
        }
    }
    fclose(f);
    return found;
}

/* Writes the row's input file into WORK; returns its path (malloc'd) or
 * NULL. */
static char *write_input(const struct row *r, int index)
{
    char name[64];
    snprintf(name, sizeof name, "row%d.dlx", index);
    char *file = path_join(work, name);
    const char *argv[MAX_ARGS + 2] = {0};
    char *spec = NULL, *prog;
    if (r->source == OUR_EXAMPLE) {
        char *examples = path_join(bin, "examples");
        prog = examples ? path_join(examples, r->gen) : NULL;
        free(examples);
    } else {
        prog = path_join(knuth_bin, r->gen);
    }
    int n = 0;
    argv[n++] = prog;
    if (r->source == KNUTH_GEN_SPEC) {
        spec = path_join(knuth_src, r->args[0]);
    } else if (r->source == KNUTH_GEN_TEXT) {
        snprintf(name, sizeof name, "row%d.spec", index);
        spec = path_join(work, name);
        FILE *f = spec ? fopen(spec, "w") : NULL;
        int bad = !f || fputs(r->args[0], f) < 0;
        if ((f && fclose(f) != 0) || bad) {
            fprintf(stderr, "bench_knuth: %s: could not write %s\n", r->name, name);
            free(spec);
            free(prog);
            free(file);
            return NULL;
        }
    } else
        for (int k = 0; k < MAX_ARGS && r->args[k]; k++)
            argv[n++] = r->args[k];
    double cpu;
    int rc = file && prog ? run_program(argv, spec, file, NULL, &cpu) : -1;
    free(prog);
    free(spec);
    if (rc != 0) {
        fprintf(stderr, "bench_knuth: %s: could not write %s\n", r->name, file ? file : name);
        free(file);
        return NULL;
    }
    return file;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Runs one row; prints its line. Returns 0 when every count is right. */
static int bench_row(const struct row *r, int index, int runs)
{
    char *input = write_input(r, index);
    if (!input)
        return 1;
    int nprogs = 1;
    while (nprogs <= MAX_PROGS && r->knuth[nprogs - 1])
        nprogs++;
    /* Program 0 is ours. */
    char *paths[1 + MAX_PROGS];
    paths[0] = path_join(bin, "dlx");
    for (int k = 1; k < nprogs; k++)
        paths[k] = path_join(knuth_bin, r->knuth[k - 1]);
    char *out = path_join(work, "out.txt"), *err = path_join(work, "err.txt");
    double cpu[1 + MAX_PROGS][MAX_RUNS];
    int ok[1 + MAX_PROGS], refused = 0;
    uint64_t count[1 + MAX_PROGS];
    for (int k = 0; k < nprogs; k++)
        ok[k] = 1;
    for (int t = 0; t < runs; t++) {
        for (int k = 0; k < nprogs; k++) {
            const char *argv[8] = {paths[k]};
            if (k == 0) {
                argv[1] = "--count";
                argv[2] = "--no-progress";
                argv[3] = input;
            }
            int rc = run_program(argv, k ? input : NULL, out, err, &cpu[k][t]);
            uint64_t c = 0;
            if (rc < 0 || (k > 0 && rc != 0) || (k == 0 && rc > 1) ||
                !read_count(k ? err : out, k > 0, &c)) {
                if (k == 0 && rc == 2)
                    refused = 1; /* the engine cannot run this problem yet */
                ok[k] = 0;
                continue;
            }
            if (t > 0 && c != count[k])
                ok[k] = 0;
            count[k] = c;
        }
    }
    /* Without a known count, the programs must agree with each other. */
    uint64_t expected = r->expected;
    for (int k = 1; k < nprogs && !expected; k++)
        if (ok[k])
            expected = count[k];
    int wrong = 0, best = -1;
    double med[1 + MAX_PROGS];
    for (int k = 0; k < nprogs; k++) {
        med[k] = median(cpu[k], runs);
        if (ok[k] && count[k] != expected)
            ok[k] = 0;
        if (!ok[k] && !(k == 0 && refused))
            wrong = 1;
        if (k > 0 && ok[k] && (best < 0 || med[k] < med[best]))
            best = k;
    }
    printf("| %-34s | %9" PRIu64 " |", r->name, expected);
    if (ok[0])
        printf(" %7.3f |", med[0]);
    else
        printf(" %7s |", refused ? "refused" : "WRONG");
    for (int k = 1; k < nprogs; k++) {
        if (ok[k])
            printf(" %s %.3f", r->knuth[k - 1], med[k]);
        else
            printf(" %s WRONG", r->knuth[k - 1]);
        printf(k + 1 < nprogs ? "," : " |");
    }
    if (best > 0)
        printf(" %s %.3f |", r->knuth[best - 1], med[best]);
    else
        printf(" - |");
    if (best > 0 && ok[0] && med[best] > 0)
        printf(" %.2f |\n", med[0] / med[best]);
    else
        printf(" - |\n");
    fflush(stdout);
    for (int k = 0; k < nprogs; k++)
        free(paths[k]);
    free(out);
    free(err);
    free(input);
    return wrong;
}

static double wall_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Issue 25's figure for Algorithm M on threads: `dlx --count -j 2` against
 * -j 1 on one problem with bounds, in wall-clock time (what threads save),
 * alternated, medians; the load average says how busy the machine was.
 * Returns 0 when both counts are right. */
static int bench_jobs(const struct row *r, int index, int runs)
{
    char *input = write_input(r, index);
    if (!input)
        return 1;
    char *dlx = path_join(bin, "dlx"), *out = path_join(work, "out.txt");
    double wall[2][MAX_RUNS];
    int wrong = 0;
    for (int t = 0; t < runs; t++)
        for (int j = 0; j < 2; j++) {
            const char *argv[] = {dlx, "--count", "--no-progress", j ? "-j2" : "-j1", input, NULL};
            double cpu, t0 = wall_seconds();
            int rc = run_program(argv, NULL, out, NULL, &cpu);
            wall[j][t] = wall_seconds() - t0;
            uint64_t c = 0;
            if (rc != 0 || !read_count(out, 0, &c) || (r->expected && c != r->expected))
                wrong = 1;
        }
    double one = median(wall[0], runs), two = median(wall[1], runs), load = -1;
    FILE *f = fopen("/proc/loadavg", "r");
    if (f) {
        if (fscanf(f, "%lf", &load) != 1)
            load = -1;
        fclose(f);
    }
    printf("\n-j 2 on %s: one thread %.3f s, two threads %.3f s (wall clock, median of %d "
           "alternated runs, load average %.1f): speed-up %.2f%s\n",
           r->name, one, two, runs, load, two > 0 ? one / two : 0.0,
           wrong ? " (WRONG COUNT)" : "");
    free(dlx);
    free(out);
    free(input);
    return wrong;
}

int main(int argc, char **argv)
{
    if (argc != 5) {
        fprintf(stderr, "usage: bench_knuth BIN KNUTH_SRC KNUTH_BIN WORK\n");
        return 2;
    }
    bin = argv[1];
    knuth_src = argv[2];
    knuth_bin = argv[3];
    work = argv[4];
    mkdir(work, 0755);
    const char *q = getenv("BENCH_QUICK"), *only = getenv("BENCH_ONLY");
    const char *runs_env = getenv("BENCH_RUNS");
    int is_quick = q && *q && strcmp(q, "0") != 0;
    int runs = runs_env ? atoi(runs_env) : is_quick ? 1 : 3;
    if (runs < 1 || runs > MAX_RUNS)
        runs = 3;
    const struct row *rows = is_quick ? quick : full;
    size_t n = is_quick ? sizeof quick / sizeof quick[0] : sizeof full / sizeof full[0];
    printf("CPU seconds, median of %d alternated run%s; ratio = libdlx / best of Knuth's\n",
           runs, runs == 1 ? "" : "s");
    printf("| %-34s | %9s | %7s | %s | %s | %s |\n", "problem (all solutions)", "solutions",
           "libdlx", "Knuth's programs", "best", "ratio");
    printf("|---|---|---|---|---|---|\n");
    int wrong = 0;
    for (size_t k = 0; k < n; k++)
        if (!only || strstr(rows[k].name, only))
            wrong |= bench_row(&rows[k], (int)k, runs);
    const struct row *jobs = NULL;
    for (size_t k = 0; k < n; k++)
        if (strstr(rows[k].name, is_quick ? "motley-dlx 4 4" : "motley-dlx 7 7"))
            jobs = &rows[k];
    if (jobs && (!only || strstr(jobs->name, only)))
        wrong |= bench_jobs(jobs, (int)n, runs);
    return wrong;
}
