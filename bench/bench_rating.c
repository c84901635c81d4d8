/* SPDX-License-Identifier: MIT */
/* bench_rating.c - how sudoku_rate() grades collections whose difficulty is
 * known, and how long it takes: the agreement table of docs/rating.md.
 *
 *   bench_rating [DATA_DIR]      (default ../shared/data; reads DATA_DIR/sudoku)
 *   BENCH_QUICK=1 bench_rating   (a few hundred of each set, spread over it)
 *   BENCH_FULL=1 bench_rating    (all of the 11+ set, not every 24th: about
 *                                 ten minutes of CPU)
 *
 * The collections and what is known of them (DATA_DIR/sudoku/README.md):
 *   kaggle_first9999      easy puzzles, "mostly solved by singles";
 *   magictour_top1465     a list of hard puzzles: mostly beyond singles;
 *   forum_hardest_1905_11plus  rated 11.0 or more in Sudoku Explainer by
 *                         their collectors: every one must need a guess here
 *                         (no technique of ours goes past 6.6);
 *   qqwing's levels       puzzles made by `qqwing --generate N --difficulty
 *                         L --one-line` (when it is installed), each level
 *                         rated here.
 * Per set: the share of each level, of puzzles beyond singles, of puzzles
 * that needed a guess, the scores' range, and microseconds a puzzle (one
 * thread, CPU time).
 *
 * Then the same puzzles, every one, graded by qqwing (`qqwing --solve
 * --stats --csv`, its "Difficulty" column: simple, easy, intermediate or
 * expert, by the techniques its own solver needed): a table of our level
 * against qqwing's, and how often the two order a pair of puzzles the same
 * way (Goodman and Kruskal's gamma over the pairs qqwing puts at different
 * levels: concordant - discordant over concordant + discordant, pairs tied
 * by our score left out). qqwing's grading of a puzzle that needs guesses
 * depends on its random guesses, not on the puzzle alone; its levels are
 * coarse, so gamma, not equality of names, is the measure. */
#include "sudoku.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

static double thread_cpu(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

typedef struct tally {
    long puzzles, level[SUDOKU_LEVEL_COUNT], beyond_singles, guessed, not_unique, trials, guesses;
    long used[SUDOKU_TECHNIQUE_COUNT];
    int score_min, score_max;
    long score_hist[130];
    double seconds;
} tally;

/* Every puzzle rated, in order, for the comparison with qqwing. */
typedef struct graded {
    char line[82];
    int set;                   /* index into the sets (kaggle, top1465, 11+, qqwing's) */
    int score, level;          /* ours; level -1: not rated (not unique) */
    int qq;                    /* qqwing's level 0-3, -1 unknown */
} graded;

static graded *all_graded;
static long graded_count, graded_cap;
static int current_set;

static void remember(const char *line, const sudoku_rating *r, int rated)
{
    if (graded_count == graded_cap) {
        long cap = graded_cap ? 2 * graded_cap : 4096;
        graded *g = realloc(all_graded, (size_t)cap * sizeof *g);
        if (!g)
            return; /* the comparison leaves this one out */
        all_graded = g;
        graded_cap = cap;
    }
    graded *g = &all_graded[graded_count++];
    memcpy(g->line, line, 81);
    g->line[81] = '\0';
    g->set = current_set;
    g->score = rated ? r->score : 0;
    g->level = rated ? r->level : -1;
    g->qq = -1;
}

static int is_single(int t)
{
    return t == SUDOKU_FULL_HOUSE || t == SUDOKU_HIDDEN_SINGLE_BOX ||
           t == SUDOKU_HIDDEN_SINGLE_LINE || t == SUDOKU_NAKED_SINGLE;
}

static void rate_line(sudoku_logic *L, const char *line, tally *t)
{
    uint8_t p[81];
    for (int i = 0; i < 81; i++)
        p[i] = (line[i] >= '1' && line[i] <= '9') ? (uint8_t)(line[i] - '0') : 0;
    sudoku_rating r;
    double t0 = thread_cpu();
    int rc = sudoku_rate(L, p, &r);
    t->seconds += thread_cpu() - t0;
    t->puzzles++;
    remember(line, &r, rc == 1);
    if (rc != 1) {
        t->not_unique++;
        return;
    }
    t->level[r.level]++;
    int beyond = 0;
    for (int k = 0; k < SUDOKU_TECHNIQUE_COUNT; k++) {
        if (r.used[k])
            t->used[k]++;
        if (r.used[k] && !is_single(k))
            beyond = 1;
    }
    t->beyond_singles += beyond;
    t->guessed += r.trials + r.guesses > 0;
    t->trials += r.trials;
    t->guesses += r.guesses;
    if (t->puzzles == 1 || r.score < t->score_min)
        t->score_min = r.score;
    if (r.score > t->score_max)
        t->score_max = r.score;
    t->score_hist[r.score < 130 ? r.score : 129]++;
}

static void print_row(const char *name, const char *known, const tally *t)
{
    if (t->puzzles == 0)
        return;
    double n = (double)t->puzzles;
    printf("| %s | %s | %ld |", name, known, t->puzzles);
    for (int l = 0; l < SUDOKU_LEVEL_COUNT; l++)
        printf(" %.1f%% |", 100.0 * (double)t->level[l] / n);
    printf(" %.1f%% | %.1f%% | %d.%d-%d.%d | %.0f |\n", 100.0 * (double)t->beyond_singles / n,
           100.0 * (double)t->guessed / n, t->score_min / 10, t->score_min % 10,
           t->score_max / 10, t->score_max % 10, t->seconds * 1e6 / n);
}

static void print_scores(const char *name, const tally *t)
{
    printf("%s scores:", name);
    for (int s = 0; s < 130; s++)
        if (t->score_hist[s])
            printf(" %d.%d:%ld", s / 10, s % 10, t->score_hist[s]);
    printf("\n");
}

/* Rates every stride-th puzzle of the file (the sample spreads over the
 * whole set, which is ordered), up to max. */
static long rate_file(sudoku_logic *L, const char *path, long max, long stride, tally *t)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    char line[512];
    long k = 0;
    while (t->puzzles < max && fgets(line, sizeof line, f))
        if (strlen(line) >= 81 && k++ % stride == 0)
            rate_line(L, line, t);
    fclose(f);
    return t->puzzles;
}

static void rate_qqwing(sudoku_logic *L, const char *level, int count, tally *t)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "qqwing --generate %d --difficulty %s --one-line 2>/dev/null",
             count, level);
    FILE *f = popen(cmd, "r");
    if (!f)
        return;
    char line[512];
    while (fgets(line, sizeof line, f))
        if (strlen(line) >= 81)
            rate_line(L, line, t);
    pclose(f);
}

static const char *const QQ[] = {"simple", "easy", "intermediate", "expert"};

/* qqwing's level of every remembered puzzle: one run of `qqwing --solve
 * --stats --csv` on them all (a file, one a line); its CSV has a header,
 * then a line per puzzle ending in the difficulty. 0, or -1 when qqwing
 * could not be run. */
static int grade_by_qqwing(void)
{
    char path[] = "/tmp/bench_rating_XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0)
        return -1;
    FILE *f = fdopen(fd, "w");
    if (!f) {
        close(fd);
        unlink(path);
        return -1;
    }
    for (long i = 0; i < graded_count; i++)
        fprintf(f, "%s\n", all_graded[i].line);
    if (fclose(f) != 0) {
        unlink(path);
        return -1;
    }
    char cmd[256];
    snprintf(cmd, sizeof cmd, "qqwing --solve --stats --csv --nosolution < %s 2>/dev/null", path);
    FILE *q = popen(cmd, "r");
    if (!q) {
        unlink(path);
        return -1;
    }
    char line[512];
    long i = -1; /* the header first */
    while (fgets(line, sizeof line, q)) {
        if (i >= 0 && i < graded_count) {
            /* the last non-empty field: "...,Expert," */
            char *end = line + strlen(line);
            while (end > line && (end[-1] == '\n' || end[-1] == ',' || end[-1] == '\r'))
                *--end = '\0';
            char *field = strrchr(line, ',');
            field = field ? field + 1 : line;
            for (int k = 0; k < 4; k++)
                if (strcasecmp(field, QQ[k]) == 0)
                    all_graded[i].qq = k;
        }
        i++;
    }
    pclose(q);
    unlink(path);
    return 0;
}

/* Goodman and Kruskal's gamma of our score against qqwing's level over
 * the puzzles of the sets whose bit is in mask; pairs counted through the
 * score histogram of each qqwing level (concordant: the higher qqwing level
 * has the higher score). -2 when no pair has two qqwing levels. */
static double gamma_of(unsigned mask, double *conc_out, double *disc_out)
{
    static long hist[4][130];
    memset(hist, 0, sizeof hist);
    for (long i = 0; i < graded_count; i++) {
        const graded *g = &all_graded[i];
        if ((mask >> g->set & 1) && g->level >= 0 && g->qq >= 0)
            hist[g->qq][g->score < 130 ? g->score : 129]++;
    }
    double conc = 0, disc = 0;
    for (int a = 0; a < 4; a++)
        for (int b = a + 1; b < 4; b++)
            for (int x = 0; x < 130; x++)
                for (int y = 0; y < 130; y++) {
                    double pairs = (double)hist[a][x] * (double)hist[b][y];
                    if (y > x)
                        conc += pairs;
                    else if (y < x)
                        disc += pairs;
                }
    *conc_out = conc;
    *disc_out = disc;
    return conc + disc > 0 ? (conc - disc) / (conc + disc) : -2;
}

/* A line of the gamma table: the set, how many puzzles qqwing put at each
 * of its levels, gamma. */
static void print_gamma_row(const char *name, unsigned mask)
{
    long per[4] = {0}, n = 0;
    for (long i = 0; i < graded_count; i++) {
        const graded *g = &all_graded[i];
        if ((mask >> g->set & 1) && g->level >= 0 && g->qq >= 0) {
            per[g->qq]++;
            n++;
        }
    }
    if (n == 0)
        return;
    double conc, disc, gamma = gamma_of(mask, &conc, &disc);
    printf("| %s | %ld | %ld | %ld | %ld | %ld |", name, n, per[0], per[1], per[2], per[3]);
    if (gamma < -1)
        printf(" (one level) | |\n");
    else
        printf(" %.0f / %.0f | %.3f |\n", conc, disc, gamma);
}

/* The table of our levels against qqwing's, for the puzzles of the sets
 * whose bit is in mask. */
static void print_against_qqwing(const char *name, unsigned mask)
{
    long cell[SUDOKU_LEVEL_COUNT][4] = {{0}}, n = 0;
    for (long i = 0; i < graded_count; i++) {
        const graded *g = &all_graded[i];
        if ((mask >> g->set & 1) && g->level >= 0 && g->qq >= 0) {
            cell[g->level][g->qq]++;
            n++;
        }
    }
    if (n == 0)
        return;
    printf("%s, %ld puzzles:\n\n| ours (rows), qqwing (columns) |", name, n);
    for (int k = 0; k < 4; k++)
        printf(" %s |", QQ[k]);
    printf(" all |\n|---|---|---|---|---|---|\n");
    for (int l = 0; l < SUDOKU_LEVEL_COUNT; l++) {
        long row = 0;
        printf("| %s |", sudoku_level_name(l));
        for (int k = 0; k < 4; k++) {
            printf(" %ld |", cell[l][k]);
            row += cell[l][k];
        }
        printf(" %ld |\n", row);
    }
    printf("| all |");
    for (int k = 0; k < 4; k++) {
        long col = 0;
        for (int l = 0; l < SUDOKU_LEVEL_COUNT; l++)
            col += cell[l][k];
        printf(" %ld |", col);
    }
    printf(" %ld |\n\n", n);
}

int main(int argc, char **argv)
{
    const char *data = argc > 1 ? argv[1] : "../shared/data";
    int quick = getenv("BENCH_QUICK") != NULL, full = getenv("BENCH_FULL") != NULL;
    sudoku_shape sh;
    sudoku_shape_default(&sh, 9);
    sudoku_logic *L = sudoku_logic_new(&sh, NULL);
    if (!L)
        return 2;
    static const struct {
        const char *file, *label, *known;
        long max, stride, quick_max, quick_stride;
    } SETS[] = {
        {"kaggle_first9999.txt", "kaggle", "mostly singles", 9999, 1, 500, 20},
        {"magictour_top1465.txt", "top1465", "mostly beyond singles", 1465, 1, 200, 7},
        {"forum_hardest_1905_11plus.txt", "11+", "SE 11+: all need guesses", 2000, 24, 100, 480},
    };
    printf("| set | known | puzzles |");
    for (int l = 0; l < SUDOKU_LEVEL_COUNT; l++)
        printf(" %s |", sudoku_level_name(l));
    printf(" beyond singles | guessed | scores | us/puzzle |\n|---|---|---|");
    for (int l = 0; l < SUDOKU_LEVEL_COUNT; l++)
        printf("---|");
    printf("---|---|---|---|\n");
    static tally sets[3];
    int any = 0;
    for (int k = 0; k < 3; k++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/sudoku/%s", data, SETS[k].file);
        long max = quick ? SETS[k].quick_max : SETS[k].max;
        long stride = quick ? SETS[k].quick_stride : SETS[k].stride;
        if (k == 2 && full)
            max = 1000000, stride = 1;
        memset(&sets[k], 0, sizeof sets[k]);
        current_set = k;
        if (rate_file(L, path, max, stride, &sets[k]) > 0) {
            print_row(SETS[k].label, SETS[k].known, &sets[k]);
            any = 1;
        }
    }
    static tally qq[4];
    int have_qq = system("qqwing --version >/dev/null 2>&1") == 0;
    for (int k = 0; have_qq && k < 4; k++) {
        char label[64];
        snprintf(label, sizeof label, "qqwing %s", QQ[k]);
        memset(&qq[k], 0, sizeof qq[k]);
        current_set = 3 + k;
        rate_qqwing(L, QQ[k], quick ? 20 : 200, &qq[k]);
        print_row(label, "qqwing's level", &qq[k]);
    }
    printf("\n");
    if (!any)
        printf("(no collection under %s/sudoku: only qqwing's puzzles were rated)\n", data);
    if (!have_qq)
        printf("(qqwing is not installed: apt-get install qqwing, as root, adds its levels)\n");
    for (int k = 0; k < 3; k++)
        if (sets[k].puzzles)
            print_scores(SETS[k].label, &sets[k]);
    for (int k = 0; k < 4; k++)
        if (qq[k].puzzles)
            print_scores(QQ[k], &qq[k]);
    if (have_qq && grade_by_qqwing() == 0) {
        printf("\nThe same puzzles graded by qqwing (qqwing --solve --stats --csv); gamma: "
               "Goodman and Kruskal's, of our score against qqwing's level, over the pairs "
               "qqwing puts at two levels (concordant / discordant pairs):\n\n"
               "| set | graded by both | qqwing simple | easy | intermediate | expert | "
               "pairs | gamma |\n|---|---|---|---|---|---|---|---|\n");
        print_gamma_row("kaggle", 1u);
        print_gamma_row("top1465", 2u);
        print_gamma_row("11+", 4u);
        print_gamma_row("qqwing's own, 4 levels", 0x78u);
        print_gamma_row("all", 0x7fu);
        printf("\n");
        print_against_qqwing("top1465", 2u);
        print_against_qqwing("qqwing's own puzzles, its four levels", 0x78u);
        print_against_qqwing("All", 0x7fu);
    }
    free(all_graded);
    int failed = sets[2].puzzles > 0 && sets[2].guessed != sets[2].puzzles;
    if (failed)
        printf("FAILED: some 11+ puzzles were rated without a guess\n");
    sudoku_logic_free(L);
    return failed;
}
