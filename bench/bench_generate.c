/* SPDX-License-Identifier: MIT */
/* bench_generate.c - how fast sudoku_generate() makes puzzles, against
 * qqwing when it is installed (Debian's qqwing package; bench/run.sh
 * installs it when it can).
 *
 *   bench_generate [DATA_DIR]    (DATA_DIR is not used: nothing to read)
 *   BENCH_QUICK=1 bench_generate (fewer puzzles, fewer rounds)
 *
 * 1. Minimal 9x9 puzzles on one thread, ours and qqwing's (`qqwing
 *    --generate N --one-line`: its puzzles are minimal too, as the checks
 *    here confirm), in rounds that alternate the two so that both see the
 *    same machine load; CPU time (our thread's; qqwing's process, from
 *    getrusage(RUSAGE_CHILDREN), start-up included), median of the rounds.
 * 2. Other shapes and options, ours alone.
 * 3. Puzzles of each level (ours; qqwing's --difficulty levels alongside,
 *    which are not the same levels), and puzzles rated 9.0 or more.
 * Every puzzle made here is checked unique (and minimal where it should
 * be) by sudoku_solve() outside the timed part. */
#include "sudoku.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double thread_cpu(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double children_cpu(void)
{
    struct rusage ru;
    getrusage(RUSAGE_CHILDREN, &ru);
    return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 +
           (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Unique, and (when asked) every given needed: checked with the bitmask
 * solver, not timed. Returns 1 when it holds. */
static int check_puzzle(sudoku_solver *s, uint8_t *p, int minimal)
{
    if (sudoku_solve(s, p, 2, NULL, NULL) != 1)
        return 0;
    const sudoku_shape *sh = sudoku_solver_shape(s);
    for (int i = 0; minimal && i < sh->n * sh->n; i++) {
        if (!p[i])
            continue;
        uint8_t v = p[i];
        p[i] = 0;
        int still = sudoku_solve(s, p, 2, NULL, NULL) == 1;
        p[i] = v;
        if (still)
            return 0;
    }
    return 1;
}

typedef struct run {
    double seconds;   /* CPU */
    int made, bad;
    long clues;
    uint64_t tries;
} run;

/* count puzzles of one shape and options from seeds seed0.., timed. */
static run ours(const sudoku_shape *sh, const sudoku_generate_options *opt, int count,
                uint64_t seed0, int check_minimal)
{
    run r;
    memset(&r, 0, sizeof r);
    sudoku_generator *g = sudoku_generator_new(sh, NULL);
    sudoku_solver *s = sudoku_solver_new(sh, SUDOKU_BITMASK, NULL);
    uint8_t *p = malloc(SUDOKU_MAX_CELLS);
    if (!g || !s || !p) {
        r.bad = count;
        goto out;
    }
    for (int k = 0; k < count; k++) {
        sudoku_generated info;
        double t0 = thread_cpu();
        int rc = sudoku_generate(g, opt, seed0 + (uint64_t)k, p, NULL, &info);
        r.seconds += thread_cpu() - t0;
        if (rc != SUDOKU_OK) {
            r.bad++;
            continue;
        }
        r.made++;
        r.clues += info.clues;
        r.tries += info.tries;
        /* beyond 16x16 proving uniqueness by search is what the generator
         * avoids; singles proved it there */
        if (sh->n <= 16 && !check_puzzle(s, p, check_minimal))
            r.bad++;
    }
out:
    free(p);
    sudoku_solver_free(s);
    sudoku_generator_free(g);
    return r;
}

/* qqwing --generate count [extra args]: CPU seconds of the process, the
 * puzzles read back and checked. Returns -1 when qqwing cannot be run. */
static double qqwing(int count, const char *difficulty, int check_minimal, sudoku_solver *s,
                     run *r)
{
    memset(r, 0, sizeof *r);
    int fd[2];
    if (pipe(fd) != 0)
        return -1;
    char num[32];
    snprintf(num, sizeof num, "%d", count);
    double before = children_cpu();
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        dup2(fd[1], 1);
        close(fd[0]);
        close(fd[1]);
        if (difficulty)
            execlp("qqwing", "qqwing", "--generate", num, "--one-line", "--difficulty",
                   difficulty, (char *)NULL);
        else
            execlp("qqwing", "qqwing", "--generate", num, "--one-line", (char *)NULL);
        _exit(127);
    }
    close(fd[1]);
    FILE *f = fdopen(fd[0], "r");
    char line[256];
    while (f && fgets(line, sizeof line, f)) {
        if (strlen(line) < 81)
            continue;
        uint8_t p[81];
        int clues = 0;
        for (int i = 0; i < 81; i++) {
            p[i] = (line[i] >= '1' && line[i] <= '9') ? (uint8_t)(line[i] - '0') : 0;
            clues += p[i] != 0;
        }
        r->made++;
        r->clues += clues;
        if (!check_puzzle(s, p, check_minimal))
            r->bad++;
    }
    if (f)
        fclose(f);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    r->seconds = children_cpu() - before;
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || r->made == 0)
        return -1;
    return r->seconds;
}

static int have_qqwing(void)
{
    return system("qqwing --version >/dev/null 2>&1") == 0;
}

int main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    int quick = getenv("BENCH_QUICK") != NULL;
    int rounds = quick ? 3 : 5, per_round = quick ? 60 : 300;
    sudoku_shape nine;
    sudoku_shape_default(&nine, 9);
    sudoku_solver *checker = sudoku_solver_new(&nine, SUDOKU_BITMASK, NULL);
    sudoku_generate_options opt;
    memset(&opt, 0, sizeof opt);
    int qq = have_qqwing();

    printf("1. Minimal 9x9 puzzles, one thread, CPU time: %d rounds of %d, alternated\n\n",
           rounds, per_round);
    printf("| round | ours us/puzzle | qqwing us/puzzle | ratio |\n|---|---|---|---|\n");
    double mine[8], theirs[8];
    long my_clues = 0, their_clues = 0;
    int my_bad = 0, their_bad = 0, my_made = 0, their_made = 0;
    for (int k = 0; k < rounds; k++) {
        run a = ours(&nine, &opt, per_round, 100000 * (uint64_t)(k + 1), 1);
        mine[k] = a.seconds * 1e6 / (a.made ? a.made : 1);
        my_clues += a.clues;
        my_bad += a.bad;
        my_made += a.made;
        run b;
        theirs[k] = 0;
        if (qq && qqwing(per_round, NULL, 1, checker, &b) > 0) {
            theirs[k] = b.seconds * 1e6 / b.made;
            their_clues += b.clues;
            their_bad += b.bad;
            their_made += b.made;
            printf("| %d | %.0f | %.0f | %.1fx |\n", k + 1, mine[k], theirs[k],
                   theirs[k] / mine[k]);
        } else {
            printf("| %d | %.0f | - | - |\n", k + 1, mine[k]);
        }
    }
    double m = median(mine, rounds);
    if (qq && their_made) {
        double t = median(theirs, rounds);
        printf("| median | %.0f | %.0f | **%.1fx** |\n\n", m, t, t / m);
        printf("ours: %d puzzles, %.2f clues on average, %d not unique or not minimal; "
               "qqwing: %d puzzles, %.2f clues, %d not unique or not minimal\n\n",
               my_made, (double)my_clues / my_made, my_bad, their_made,
               (double)their_clues / their_made, their_bad);
    } else {
        printf("| median | %.0f | - | - |\n\n", m);
        printf("qqwing is not installed: apt-get install qqwing (as root) for the "
               "comparison\n\n");
    }

    printf("2. Other shapes and options (ours, one thread, CPU time)\n\n");
    printf("| shape | options | puzzles | us/puzzle | clues | tries/puzzle | bad |\n"
           "|---|---|---|---|---|---|---|\n");
    static const struct {
        const char *label, *what;
        int n;
        unsigned variant;
        int symmetry, minimal, count, quick_count;
    } SHAPES[] = {
        {"4x4", "minimal", 4, 0, 0, 0, 1000, 200},
        {"6x6", "minimal", 6, 0, 0, 0, 500, 100},
        {"9x9", "rotational", 9, 0, SUDOKU_SYM_ROTATE180, 0, 300, 60},
        {"9x9", "rotational, minimal", 9, 0, SUDOKU_SYM_ROTATE180, 1, 30, 5},
        {"9x9 X", "minimal", 9, SUDOKU_X, 0, 0, 200, 40},
        {"9x9 hyper", "minimal", 9, SUDOKU_HYPER, 0, 0, 200, 40},
        {"12x12", "minimal", 12, 0, 0, 1, 20, 4},
        {"16x16", "minimal", 16, 0, 0, 1, 10, 2},
        {"25x25", "singles-proved removal", 25, 0, 0, 0, 3, 1},
    };
    for (size_t k = 0; k < sizeof SHAPES / sizeof SHAPES[0]; k++) {
        sudoku_shape sh;
        sudoku_shape_default(&sh, SHAPES[k].n);
        sh.variant = SHAPES[k].variant;
        sudoku_generate_options o;
        memset(&o, 0, sizeof o);
        o.symmetry = SHAPES[k].symmetry;
        o.minimal = SHAPES[k].minimal;
        int count = quick ? SHAPES[k].quick_count : SHAPES[k].count;
        int minimal_expected = SHAPES[k].symmetry == 0 ? SHAPES[k].n <= 16 : SHAPES[k].minimal;
        run r = ours(&sh, &o, count, 7, minimal_expected);
        printf("| %s | %s | %d | %.0f | %.1f | %.2f | %d |\n", SHAPES[k].label, SHAPES[k].what,
               r.made, r.seconds * 1e6 / (r.made ? r.made : 1),
               (double)r.clues / (r.made ? r.made : 1),
               (double)r.tries / (r.made ? r.made : 1), r.bad);
    }

    printf("\n3. By difficulty (9x9, one thread, CPU time). Ours: sudoku_generate() with the "
           "level's rating range; qqwing: --difficulty (its own levels)\n\n");
    printf("| ours | puzzles | ms/puzzle | tries/puzzle | | qqwing | puzzles | ms/puzzle |\n"
           "|---|---|---|---|---|---|---|---|\n");
    static const char *const QQ[] = {"simple", "easy", "intermediate", "expert", NULL};
    for (int level = 0; level < SUDOKU_LEVEL_COUNT; level++) {
        sudoku_generate_options o;
        memset(&o, 0, sizeof o);
        sudoku_level_range(level, &o.rate_min, &o.rate_max);
        int count = quick ? 3 : 20;
        run r = ours(&nine, &o, count, 77, 1);
        printf("| %s | %d | %.2f | %.1f |", sudoku_level_name(level), r.made,
               r.seconds * 1e3 / (r.made ? r.made : 1), (double)r.tries / (r.made ? r.made : 1));
        run b;
        if (level < 4 && qq && qqwing(count, QQ[level], 0, checker, &b) > 0)
            printf(" | %s | %d | %.2f |\n", QQ[level], b.made, b.seconds * 1e3 / b.made);
        else
            printf(" | | | |\n");
    }
    {
        sudoku_generate_options o;
        memset(&o, 0, sizeof o);
        o.rate_min = 90;
        int count = quick ? 1 : 5;
        run r = ours(&nine, &o, count, 99, 1);
        printf("\nRated 9.0 or more (the estimate of docs/rating.md): %d puzzles, %.2f s each "
               "(CPU), %.0f candidate puzzles each, %d not found within the tries\n",
               r.made, r.seconds / (count ? count : 1), (double)r.tries / (r.made ? r.made : 1),
               r.bad);
    }
    sudoku_solver_free(checker);
    return my_bad ? 1 : 0;
}
