/* SPDX-License-Identifier: MIT */
/* argv_fuzz.c - random and hostile command lines for both commands.
 *
 *   argv_fuzz [-n RUNS] [-t SECONDS] [-s SEED] [-T TIMEOUT] [-a DIR] [-v] DLX SUDOKU
 *
 * Each run builds one command line for `dlx` or `sudoku` (alternately) from
 * the table of that command's options below: long and short spellings,
 * "--name=value" and "--name value", unique and ambiguous abbreviations,
 * clusters of short options, good values and bad ones (empty, negative,
 * 2^64, trailing junk, bytes that are not UTF-8, 5000 characters), unknown
 * options, a missing argument at the end, and operands (a good input, '-',
 * a missing file, a directory, a file of garbage). The program runs on the
 * inputs this driver writes (a temporary directory, standard input a good
 * input), with an alarm of TIMEOUT seconds (default 20), and must:
 *
 *   - end by itself (no signal, no alarm: a hang or a crash is a failure),
 *     with status 0, 1 or 2, and no sanitizer report on standard error;
 *   - with --help or --version before any bad option: status 0, the text
 *     on standard output, nothing on standard error;
 *   - with a bad option (value, spelling, missing argument): status 2 and
 *     a message naming that option (its long name or as it was written);
 *   - with a missing file or a directory as operand: status 2 and a message
 *     naming it;
 *   - status 2 never without a message; status 0 never with nothing on
 *     standard output;
 *   - and where the answer is known, give it: `dlx --count` on the fixture
 *     prints 3 (the three covers of items a b c by a b / c / a / b c / b,
 *     listed by hand), or the --max or --first limit if smaller; `sudoku
 *     --count` on the Wikipedia puzzle prints 1 for each copy (its published
 *     solution is unique).
 *
 * RUNS (default 1000) or SECONDS (whichever ends first when both are given)
 * bound the work; SEED makes it repeatable (the seed of each failing run is
 * printed, so `-s SEED -n 1` runs that command line alone). A failing
 * command line is printed shell-quoted on standard error and, with -a, saved
 * as DIR/argv-SEED.sh. The last lines mimic libFuzzer's final statistics
 * (stat::number_of_executed_units) for tests/fuzz/run.sh. Exit status 1 when
 * any run failed.
 *
 * This is a black-box driver: it runs the real programs, so the option
 * parsing, the checks of combinations, the opening of files and the exit
 * status are all tested together, under whatever the programs were built
 * with (make fuzz builds them with ASan + UBSan).
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stddef.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* --- what each command takes ---------------------------------------------- */

enum arg_kind { ARG_NONE, ARG_REQUIRED, ARG_OPTIONAL };
enum { HELPISH = 1, COUNT = 2, MAXLIKE = 4, CHANGES_ANSWER = 8, FILE_VALUE = 16, SILENT_OK = 32 };

/* Values are written with a few placeholders the driver fills in:
 * "@GOOD" a good input file, "@REGIONS" a region map, "@MISSING" a file that
 * does not exist, "@DIR" a directory, "@JUNK" a file of garbage, "@LONG"
 * 5000 characters, "@BYTES" bytes that are not UTF-8. */
struct opt_spec {
    char short_name;         /* 0: none */
    const char *long_name;
    enum arg_kind arg;
    int flags;
    int mode;                /* sudoku: one mode a run, a second one is refused */
    const char *const *good; /* NULL-terminated; values the option takes */
    const char *const *bad;  /* values it must refuse with status 2 */
};

#define LIST(...) ((const char *const[]){__VA_ARGS__, NULL})
#define NUMBER_BAD "", "-1", "x", "1x", " 1", "1 ", "0x10", "1e3", "18446744073709551616", \
                   "99999999999999999999999", "+", "@LONG", "@BYTES"

static const struct opt_spec dlx_opts[] = {
    {'c', "count", ARG_NONE, COUNT, 0, NULL, NULL},
    {'m', "max", ARG_REQUIRED, MAXLIKE, 0, LIST("1", "2", "3", "7", "18446744073709551615"),
     LIST(NUMBER_BAD, "0")},
    {'1', "first", ARG_NONE, MAXLIKE, 0, NULL, NULL},
    {'f', "format", ARG_REQUIRED, 0, 0, LIST("text", "ids", "json"),
     LIST("", "TEXT", "xml", "jso", "json ", "@LONG", "@BYTES")},
    {'s', "stats", ARG_NONE, 0, 0, NULL, NULL},
    {'q', "quiet", ARG_NONE, 0, 0, NULL, NULL},
    {'p', "progress", ARG_NONE, 0, 0, NULL, NULL},
    {0, "no-progress", ARG_NONE, 0, 0, NULL, NULL},
    {0, "choose", ARG_REQUIRED, 0, 0, LIST("mrv", "knuth", "mrv-full", "first"),
     LIST("", "MRV", "random", "last", "@LONG", "@BYTES")},
    {0, "seed", ARG_REQUIRED, 0, 0, LIST("0", "1", "42", "random", "18446744073709551615"),
     LIST(NUMBER_BAD, "Random")},
    {0, "trace", ARG_OPTIONAL, 0, 0, LIST("text", "json", "matrix", "links"),
     LIST("", "dot", "JSON", "@LONG", "@BYTES")},
    {0, "tree", ARG_OPTIONAL, 0, 0, LIST("dot"), LIST("", "svg", "DOT", "@LONG", "@BYTES")},
    {0, "force", ARG_NONE, 0, 0, NULL, NULL},
    {0, "detail", ARG_REQUIRED, 0, 0, LIST("links"), LIST("", "link", "all", "@LONG", "@BYTES")},
    /* it stops the search itself: a count may end short */
    {0, "max-nodes", ARG_REQUIRED, CHANGES_ANSWER, 0, LIST("1", "5", "1000", "18446744073709551615"),
     LIST(NUMBER_BAD, "0")},
    {0, "tree-depth", ARG_REQUIRED, 0, 0, LIST("1", "3", "2147483647"),
     LIST(NUMBER_BAD, "0", "2147483648")},
    {0, "tree-nodes", ARG_REQUIRED, 0, 0, LIST("0", "1", "10", "18446744073709551615"),
     LIST(NUMBER_BAD)},
    {0, "others", ARG_REQUIRED, 0, 0, LIST("1", "12", "all", "2147483647"),
     LIST(NUMBER_BAD, "0", "ALL", "2147483648")},
    {0, "strategy", ARG_REQUIRED, 0, 0, LIST("auto", "links", "bits"),
     LIST("", "AUTO", "cells", "@LONG", "@BYTES")},
    {'j', "jobs", ARG_REQUIRED, 0, 0, LIST("0", "1", "2", "3", "16"),
     LIST(NUMBER_BAD, "4097", "65536")},
    /* Every long option dlx takes is here, or the abbreviations differ:
     * "--pro" is ambiguous (--profile, --progress) only with both. */
    {0, "infer", ARG_OPTIONAL, 0, 0, LIST("2", "3", "100", "2147483647"),
     LIST(NUMBER_BAD, "0", "1", "2147483648")},
    {0, "time-limit", ARG_REQUIRED, CHANGES_ANSWER, 0, LIST("10", "0.5", "1000"),
     LIST("", "0", "-1", "x", "1x", " 1", "nan", "inf", "1e10", "@LONG", "@BYTES")},
    /* solutions M, 2M, ...: none when fewer than M are found */
    {0, "every", ARG_REQUIRED, SILENT_OK, 0, LIST("1", "2", "3"), LIST(NUMBER_BAD, "0")},
    {0, "profile", ARG_NONE, 0, 0, NULL, NULL},
    {0, "min-cost", ARG_NONE, CHANGES_ANSWER, 0, NULL, NULL},
    {0, "bound", ARG_REQUIRED, 0, 0, LIST("full", "cost", "none"),
     LIST("", "FULL", "some", "@LONG", "@BYTES")},
    {0, "memo", ARG_OPTIONAL, 0, 0, LIST("mrv", "first"),
     LIST("", "MRV", "last", "@LONG", "@BYTES")},
    /* the answer goes to the file: standard output may stay empty */
    {0, "zdd", ARG_REQUIRED, SILENT_OK, 0, LIST("/dev/null"), NULL},
    {0, "sample", ARG_REQUIRED, CHANGES_ANSWER, 0, LIST("1", "2", "5"), LIST(NUMBER_BAD, "0")},
    {0, "memo-limit", ARG_REQUIRED, 0, 0, LIST("1", "100"), LIST(NUMBER_BAD, "0")},
    {'h', "help", ARG_NONE, HELPISH, 0, NULL, NULL},
    {'V', "version", ARG_NONE, HELPISH, 0, NULL, NULL},
};

static const struct opt_spec sudoku_opts[] = {
    {'c', "count", ARG_NONE, COUNT, 1, NULL, NULL},
    {'u', "unique", ARG_NONE, 0, 2, NULL, NULL},
    {'a', "all", ARG_NONE, 0, 3, NULL, NULL},
    {'m', "max", ARG_REQUIRED, MAXLIKE, 0, LIST("0", "1", "2", "100", "18446744073709551615"),
     LIST(NUMBER_BAD)},
    {'e', "explain", ARG_OPTIONAL, 0, 4, LIST("text", "json", "search"),
     LIST("", "TEXT", "steps", "@LONG", "@BYTES")},
    {0, "rate", ARG_NONE, 0, 6, NULL, NULL},
    /* --generate and the options that go with it; values that keep a run
     * short (a minute under ASan at most): small counts and sides, reachable
     * clue counts and ratings, few tries */
    {'g', "generate", ARG_REQUIRED, 0, 7, LIST("1", "2", "3"), LIST(NUMBER_BAD, "0")},
    {0, "size", ARG_REQUIRED, 0, 0, LIST("4", "6", "9"),
     LIST(NUMBER_BAD, "0", "3", "65", "2147483648")},
    {0, "symmetry", ARG_REQUIRED, 0, 0,
     LIST("none", "rotational", "rotate90", "mirror", "flip", "diagonal", "antidiagonal",
          "mirrors", "dihedral", "random"),
     LIST("", "Rotational", "rot", "@LONG", "@BYTES")},
    {0, "clues", ARG_REQUIRED, 0, 0, LIST("30", "40", "81"),
     LIST(NUMBER_BAD, "0", "4097")},
    {0, "minimal", ARG_NONE, 0, 0, NULL, NULL},
    {0, "difficulty", ARG_REQUIRED, 0, 0, LIST("easy", "medium", "hard"),
     LIST("", "Easy", "impossible", "@LONG", "@BYTES")},
    {0, "rate-min", ARG_REQUIRED, 0, 0, LIST("1", "1.0", "1.2"),
     LIST(NUMBER_BAD, "0", "0.9", "100", "1.", ".5", "1.23", "1,5")},
    {0, "rate-max", ARG_REQUIRED, 0, 0, LIST("99.9", "10", "5"),
     LIST(NUMBER_BAD, "0", "100", "99.99", "1.")},
    {0, "seed", ARG_REQUIRED, 0, 0, LIST("0", "1", "42", "random"),
     LIST(NUMBER_BAD, "Random", "9223372036854775808")},
    {0, "tries", ARG_REQUIRED, 0, 0, LIST("1", "10", "100"), LIST(NUMBER_BAD, "0")},
    {0, "candidates", ARG_NONE, 0, 0, NULL, NULL},
    {0, "to-dlx", ARG_NONE, 0, 5, NULL, NULL},
    /* -p takes any text: a bad puzzle is an answer ("invalid"), not a usage
     * error; it changes what is solved, so no count is predicted. */
    {'p', "puzzle", ARG_REQUIRED, CHANGES_ANSWER, 0,
     LIST("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
          "", "x", "@LONG", "@BYTES", "1234", "................"),
     NULL},
    {'f', "format", ARG_REQUIRED, 0, 0, LIST("line", "grid", "pretty", "csv", "json"),
     LIST("", "LINE", "csv ", "lin", "@LONG", "@BYTES")},
    {'s', "stats", ARG_NONE, 0, 0, NULL, NULL},
    {0, "progress", ARG_NONE, 0, 0, NULL, NULL},
    {0, "no-progress", ARG_NONE, 0, 0, NULL, NULL},
    {'t', "variant", ARG_REQUIRED, CHANGES_ANSWER, 0,
     LIST("x", "X", "diagonal", "hyper", "windoku", "standard", "classic", "x,hyper"),
     LIST("y", "x,", "x,,hyper", "", ",", "@LONG", "@BYTES")},
    {'r', "regions", ARG_REQUIRED, CHANGES_ANSWER | FILE_VALUE, 0, LIST("@REGIONS"),
     LIST("@MISSING", "@DIR", "@JUNK", "/dev/null", "")},
    {'b', "box", ARG_REQUIRED, CHANGES_ANSWER, 0, LIST("3x3", "2x2", "2x3", "3x2", "1x9"),
     LIST("", "3x", "x3", "3x3x3", "0x9", "-3x-3", "3x3junk", "65536x65536", "99999999999x3",
          "9x9", "1x1", "@LONG", "@BYTES")},
    {0, "alphabet", ARG_REQUIRED, CHANGES_ANSWER, 0, LIST("1-9", "1-9A-Z", "0-9a-zA-Z@$"),
     LIST("", "11", "1-", ".", "@LONG", "@BYTES")},
    {'A', "algorithm", ARG_REQUIRED, 0, 0, LIST("band", "dlx", "bitmask", "backtrack"),
     LIST("", "DLX", "fast", "@LONG", "@BYTES")},
    {'j', "jobs", ARG_REQUIRED, 0, 0, LIST("0", "1", "2", "3", "16"),
     LIST(NUMBER_BAD, "257", "4096")},
    {'h', "help", ARG_NONE, HELPISH, 0, NULL, NULL},
    {'V', "version", ARG_NONE, HELPISH, 0, NULL, NULL},
};

struct command {
    const char *name;
    const char *path; /* the program */
    const struct opt_spec *opts;
    int n_opts;
    int max_operands; /* more is a usage error; 0: any number */
};

/* --- the driver's own files ------------------------------------------------ */

/* Items a b c; options a b | c | a | b c | b: the covers are {a b, c},
 * {a, b c} and {a, b, c} -- three, counted by hand. */
static const char dlx_good[] = "a b c\na b\nc\na\nb c\nb\n";
static const char dlx_good_count = 3;
/* The puzzle of Wikipedia's "Sudoku" article, unique (its solution is shown
 * there), twice. */
static const char sudoku_good[] =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n"
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n";
/* Nine regions of nine cells: the rows of the grid. */
static const char regions_good[] = "AAAAAAAAA\nBBBBBBBBB\nCCCCCCCCC\nDDDDDDDDD\nEEEEEEEEE\n"
                                   "FFFFFFFFF\nGGGGGGGGG\nHHHHHHHHH\nIIIIIIIII\n";

struct files {
    char dir[64];
    char dlx_good[96], sudoku_good[96], regions[96], missing[96], junk[96];
    char out[96], err[96];
    char long_text[5001];
    char bytes[16];
};

static int write_file(const char *path, const char *text, size_t n)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    size_t w = fwrite(text, 1, n, f);
    return (fclose(f) == 0 && w == n) ? 0 : -1;
}

static int make_files(struct files *fs)
{
    strcpy(fs->dir, "/tmp/argv_fuzz.XXXXXX");
    if (!mkdtemp(fs->dir))
        return -1;
    snprintf(fs->dlx_good, sizeof fs->dlx_good, "%s/problem.dlx", fs->dir);
    snprintf(fs->sudoku_good, sizeof fs->sudoku_good, "%s/puzzles.txt", fs->dir);
    snprintf(fs->regions, sizeof fs->regions, "%s/regions.txt", fs->dir);
    snprintf(fs->missing, sizeof fs->missing, "%s/no-such-file", fs->dir);
    snprintf(fs->junk, sizeof fs->junk, "%s/junk.bin", fs->dir);
    snprintf(fs->out, sizeof fs->out, "%s/out", fs->dir);
    snprintf(fs->err, sizeof fs->err, "%s/err", fs->dir);
    memset(fs->long_text, 'a', sizeof fs->long_text - 1);
    fs->long_text[sizeof fs->long_text - 1] = '\0';
    strcpy(fs->bytes, "\377\300\257\200x");
    char junk[4096];
    uint32_t x = 12345;
    for (size_t i = 0; i < sizeof junk; i++) {
        x = x * 1103515245u + 12345u;
        junk[i] = (char)(x >> 24);
    }
    if (write_file(fs->dlx_good, dlx_good, sizeof dlx_good - 1) ||
        write_file(fs->sudoku_good, sudoku_good, sizeof sudoku_good - 1) ||
        write_file(fs->regions, regions_good, sizeof regions_good - 1) ||
        write_file(fs->junk, junk, sizeof junk))
        return -1;
    return 0;
}

static void remove_files(const struct files *fs)
{
    const char *const paths[] = {fs->dlx_good, fs->sudoku_good, fs->regions, fs->junk,
                                 fs->out, fs->err};
    for (size_t i = 0; i < sizeof paths / sizeof *paths; i++)
        unlink(paths[i]);
    rmdir(fs->dir);
}

/* --- building a command line ----------------------------------------------- */

/* xorshift64*: the run's seed alone decides its command line. */
static uint64_t rng_state;
static uint64_t rnd(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * UINT64_C(2685821657736338717);
}
static int below(int n) { return (int)(rnd() % (uint64_t)n); }
static int chance(int percent) { return below(100) < percent; }

enum { MAX_ARGS = 24, ARG_BYTES = 6000 };

/* What a token is, for the expectations. */
enum token_kind {
    T_GOOD_OPTION, /* a good option (and value) */
    T_HELP,        /* --help or --version, spelled some good way */
    T_BAD_OPTION,  /* must be refused with status 2, naming it */
    T_BAD_LATE,    /* the same, but found after the options are all read
                    * (the region file): --help anywhere first wins */
    T_OPERAND_GOOD,
    T_OPERAND_STDIN,
    T_OPERAND_BAD, /* missing or a directory: status 2, naming it */
    T_OPERAND_JUNK /* a file of garbage: dlx 2, sudoku 1 (invalid answers) */
};

struct cmdline {
    const struct command *cmd;
    int argc;
    char *argv[MAX_ARGS + 2];
    enum token_kind kind[MAX_ARGS];
    const struct opt_spec *opt[MAX_ARGS]; /* the option a token belongs to */
    /* for a bad token: the names a message may use for it */
    char name_long[MAX_ARGS][64];
    char name_short[MAX_ARGS][4];
    char written[MAX_ARGS][128];
    int after_dashdash;          /* index of "--", or -1 */
    int count_mode, max_given, changes_answer, views, mode, silent_ok;
    uint64_t max_value;
    char storage[MAX_ARGS][ARG_BYTES]; /* the words; last, so build() clears the rest */
};

static const char *fill(const struct files *fs, const struct command *cmd, const char *v)
{
    if (strcmp(v, "@GOOD") == 0)
        return cmd->opts == dlx_opts ? fs->dlx_good : fs->sudoku_good;
    if (strcmp(v, "@REGIONS") == 0)
        return fs->regions;
    if (strcmp(v, "@MISSING") == 0)
        return fs->missing;
    if (strcmp(v, "@DIR") == 0)
        return fs->dir;
    if (strcmp(v, "@JUNK") == 0)
        return fs->junk;
    if (strcmp(v, "@LONG") == 0)
        return fs->long_text;
    if (strcmp(v, "@BYTES") == 0)
        return fs->bytes;
    return v;
}

static int list_len(const char *const *l)
{
    int n = 0;
    while (l && l[n])
        n++;
    return n;
}

/* The option getopt_long takes "--" plus len bytes of prefix for: an exact
 * match, else the only one that starts so; -1 when none or several do. */
static int resolve(const struct command *cmd, const char *prefix, size_t len)
{
    int found = -1, n = 0;
    for (int i = 0; i < cmd->n_opts; i++) {
        const char *name = cmd->opts[i].long_name;
        if (strlen(name) == len && strncmp(name, prefix, len) == 0)
            return i;
        if (strncmp(name, prefix, len) == 0)
            found = i, n++;
    }
    return n == 1 ? found : -1;
}

static char *new_token(struct cmdline *cl, enum token_kind kind)
{
    int i = cl->argc++;
    cl->kind[i] = kind;
    cl->opt[i] = NULL;
    cl->name_long[i][0] = cl->name_short[i][0] = cl->written[i][0] = '\0';
    cl->argv[i + 1] = cl->storage[i];
    cl->storage[i][0] = '\0';
    return cl->storage[i];
}

static void set_names(struct cmdline *cl, const struct opt_spec *o, const char *written)
{
    int i = cl->argc - 1;
    snprintf(cl->name_long[i], sizeof cl->name_long[i], "--%s", o ? o->long_name : "");
    if (o && o->short_name)
        snprintf(cl->name_short[i], sizeof cl->name_short[i], "-%c", o->short_name);
    /* as written, up to '=' (getopt's messages quote it so) */
    size_t n = strcspn(written, "=");
    if (n >= sizeof cl->written[i])
        n = sizeof cl->written[i] - 1;
    memcpy(cl->written[i], written, n);
    cl->written[i][n] = '\0';
}

/* One option, spelled some way, with a good or a bad value. */
static void add_option(struct cmdline *cl, const struct files *fs)
{
    const struct command *cmd = cl->cmd;
    const struct opt_spec *o = &cmd->opts[below(cmd->n_opts)];
    int n_good = list_len(o->good), n_bad = list_len(o->bad);
    int bad_value = o->arg != ARG_NONE && n_bad > 0 && chance(12);
    const char *value = NULL;
    if (o->arg == ARG_REQUIRED || (o->arg == ARG_OPTIONAL && chance(60)))
        value = bad_value ? o->bad[below(n_bad)] : o->good[below(n_good)];
    else
        bad_value = 0; /* "--trace" alone is good */
    if (value)
        value = fill(fs, cmd, value);
    int bad_spelling = 0;
    int file_value = (o->flags & FILE_VALUE) != 0;

    /* The spelling: long, abbreviated long, short, or short glued to its
     * value. A value goes after '=' or as the next word; an optional
     * argument only after '='. */
    char name[80];
    /* getopt gives a short option an optional argument only glued to it
     * ("-e" then "json" is -e and a file), and sudoku's -e takes none: an
     * optional value goes with the long name */
    int use_short = o->short_name && chance(40) && !(o->arg == ARG_OPTIONAL && value);
    if (use_short) {
        snprintf(name, sizeof name, "-%c", o->short_name);
    } else {
        size_t len = strlen(o->long_name);
        if (len > 1 && chance(25)) {
            size_t full = len;
            len = 1 + (size_t)below((int)len); /* a prefix: 1 .. len */
            int to = resolve(cmd, o->long_name, len);
            if (to < 0)
                bad_spelling = 1; /* ambiguous */
            else if (&cmd->opts[to] != o)
                len = full; /* that is another option's name: spell it out */
        }
        snprintf(name, sizeof name, "--%.*s", (int)len, o->long_name);
    }
    int kind = bad_value ? (file_value && value[0] ? T_BAD_LATE : T_BAD_OPTION)
                         : (o->flags & HELPISH) ? T_HELP : T_GOOD_OPTION;
    if (bad_spelling)
        kind = T_BAD_OPTION;
    /* sudoku: a second, different mode is refused at once */
    if (kind == T_GOOD_OPTION && o->mode) {
        if (cl->mode && cl->mode != o->mode)
            kind = T_BAD_OPTION;
        else
            cl->mode = o->mode;
    }
    /* only the last --regions is read: an earlier bad one is harmless */
    if (file_value && !bad_spelling)
        for (int i = 0; i < cl->argc; i++)
            if (cl->opt[i] == o && cl->kind[i] == T_BAD_LATE)
                cl->kind[i] = T_GOOD_OPTION;

    /* A value on an option that takes none ("--count=1") is wrong too. */
    if (o->arg == ARG_NONE && !use_short && chance(5)) {
        char *t = new_token(cl, T_BAD_OPTION);
        snprintf(t, ARG_BYTES, "%s=1", name);
        set_names(cl, o, t);
        return;
    }
    int first = cl->argc;
    char *t = new_token(cl, (enum token_kind)kind);
    if (!value) {
        snprintf(t, ARG_BYTES, "%s", name);
    } else if (use_short && chance(50)) {
        snprintf(t, ARG_BYTES, "%s%s", name, value); /* -m5 */
        if (value[0] == '\0') {
            /* "-m" alone then takes the next word: give it one */
            if (cl->argc < MAX_ARGS) {
                new_token(cl, (enum token_kind)kind);
                set_names(cl, o, name);
            }
        }
    } else if (!use_short && (o->arg == ARG_OPTIONAL || chance(50))) {
        snprintf(t, ARG_BYTES, "%s=%s", name, value);
    } else if (cl->argc < MAX_ARGS) {
        snprintf(t, ARG_BYTES, "%s", name);
        set_names(cl, o, name);
        char *v = new_token(cl, (enum token_kind)kind);
        snprintf(v, ARG_BYTES, "%s", value);
    } else {
        /* no room for the value: the option at the end, missing its argument */
        snprintf(t, ARG_BYTES, "%s", name);
        cl->kind[cl->argc - 1] = T_BAD_OPTION;
    }
    set_names(cl, o, t);
    for (int i = first; i < cl->argc; i++)
        cl->opt[i] = o;
    if (file_value && value && kind == T_BAD_LATE)
        snprintf(cl->written[cl->argc - 1], sizeof cl->written[0], "%.120s", value);
    if (kind == T_GOOD_OPTION) {
        if (o->flags & COUNT)
            cl->count_mode = 1;
        if (o->flags & CHANGES_ANSWER)
            cl->changes_answer = 1;
        if (o->flags & SILENT_OK)
            cl->silent_ok = 1;
        if (o->flags & MAXLIKE) {
            /* the last one counts (--first is --max=1) */
            cl->max_value = value ? strtoull(value, NULL, 10) : 1;
            cl->max_given = 1;
        }
        if (!strcmp(o->long_name, "trace") || !strcmp(o->long_name, "tree"))
            cl->views = 1;
        /* records (csv, json) carry the count among other fields */
        if (!strcmp(o->long_name, "format") && value &&
            (!strcmp(value, "csv") || !strcmp(value, "json")))
            cl->changes_answer = 1;
    }
}

/* Something that is not one of the options. */
static void add_unknown(struct cmdline *cl)
{
    static const char *const unknown[] = {"--nope", "-Z", "-~", "---", "--=", "--=x", "-@",
                                          "--count-all", "--jobs2", "--\377", "-\377"};
    const char *u = unknown[below((int)(sizeof unknown / sizeof *unknown))];
    char *t = new_token(cl, T_BAD_OPTION);
    snprintf(t, ARG_BYTES, "%s", u);
    int i = cl->argc - 1;
    /* getopt names a bad short option by its character alone */
    if (u[1] != '-')
        snprintf(cl->written[i], sizeof cl->written[i], "-%c", u[1]);
    else
        snprintf(cl->written[i], sizeof cl->written[i], "%.*s", (int)strcspn(u, "="), u);
    if (strcmp(u, "--=") == 0 || strcmp(u, "--=x") == 0)
        snprintf(cl->written[i], sizeof cl->written[i], "%s", u);
}

static void add_operand(struct cmdline *cl, const struct files *fs)
{
    int r = below(10);
    const char *path;
    enum token_kind kind;
    if (r < 5)
        path = cl->cmd->opts == dlx_opts ? fs->dlx_good : fs->sudoku_good, kind = T_OPERAND_GOOD;
    else if (r < 7)
        path = "-", kind = T_OPERAND_STDIN;
    else if (r < 8)
        path = fs->missing, kind = T_OPERAND_BAD;
    else if (r < 9)
        path = fs->dir, kind = T_OPERAND_BAD;
    else
        path = fs->junk, kind = T_OPERAND_JUNK;
    char *t = new_token(cl, kind);
    snprintf(t, ARG_BYTES, "%s", path);
    snprintf(cl->written[cl->argc - 1], sizeof cl->written[0], "%s", path);
}

static void build(struct cmdline *cl, const struct command *cmd, const struct files *fs)
{
    memset(cl, 0, offsetof(struct cmdline, storage));
    cl->cmd = cmd;
    cl->argv[0] = NULL; /* run() puts the program there */
    cl->after_dashdash = -1;
    int words = below(8);
    while (cl->argc < words && cl->argc < MAX_ARGS - 2) {
        int r = below(100);
        if (cl->after_dashdash >= 0 || r < 12)
            add_operand(cl, fs);
        else if (r < 15)
            add_unknown(cl);
        else if (r < 19 && cl->after_dashdash < 0) {
            new_token(cl, T_GOOD_OPTION);
            strcpy(cl->storage[cl->argc - 1], "--");
            cl->after_dashdash = cl->argc - 1;
        } else
            add_option(cl, fs);
    }
    /* Sometimes an option that needs a value, last, without one. */
    if (chance(4) && cl->after_dashdash < 0) {
        const struct opt_spec *o;
        do
            o = &cmd->opts[below(cmd->n_opts)];
        while (o->arg != ARG_REQUIRED);
        char *t = new_token(cl, T_BAD_OPTION);
        if (o->short_name && chance(50))
            snprintf(t, ARG_BYTES, "-%c", o->short_name);
        else
            snprintf(t, ARG_BYTES, "--%s", o->long_name);
        set_names(cl, o, t);
    }
    cl->argv[cl->argc + 1] = NULL;
}

/* --- running it and judging ------------------------------------------------ */

struct result {
    int status;      /* exit status, or -1 */
    int signal;      /* the signal that ended it, or 0 */
    char *out, *err; /* what it wrote (NUL-terminated, cut at 1 MiB) */
};

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    size_t cap = 1 << 20, n = 0;
    char *s = malloc(cap + 1);
    if (!s) {
        if (f)
            fclose(f);
        return NULL;
    }
    if (f) {
        n = fread(s, 1, cap, f);
        fclose(f);
    }
    s[n] = '\0';
    return s;
}

static int run(const struct cmdline *cl, const struct files *fs, int timeout, struct result *r)
{
    const char *stdin_path = cl->cmd->opts == dlx_opts ? fs->dlx_good : fs->sudoku_good;
    char *argv[MAX_ARGS + 2];
    char prog[4096];
    snprintf(prog, sizeof prog, "%s", cl->cmd->path);
    argv[0] = prog;
    for (int i = 1; i <= cl->argc; i++)
        argv[i] = cl->argv[i];
    argv[cl->argc + 1] = NULL;
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        int in = open(stdin_path, O_RDONLY);
        int out = open(fs->out, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        int err = open(fs->err, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (in < 0 || out < 0 || err < 0)
            _exit(127);
        dup2(in, 0);
        dup2(out, 1);
        dup2(err, 2);
        close(in);
        close(out);
        close(err);
        unsetenv("POSIXLY_CORRECT");
        /* The alarm outlives exec: a program that hangs dies of it. */
        alarm((unsigned)timeout);
        execv(argv[0], argv);
        _exit(127);
    }
    int st;
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR)
            return -1;
    r->status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    r->signal = WIFSIGNALED(st) ? WTERMSIG(st) : 0;
    r->out = slurp(fs->out);
    r->err = slurp(fs->err);
    return r->out && r->err ? 0 : -1;
}

static int names_token(const struct cmdline *cl, int i, const char *err)
{
    if (cl->name_long[i][0] && strlen(cl->name_long[i]) > 2 && strstr(err, cl->name_long[i]))
        return 1;
    if (cl->name_short[i][0] && strstr(err, cl->name_short[i]))
        return 1;
    return cl->written[i][0] && strstr(err, cl->written[i]) != NULL;
}

/* NULL when the run behaved, or why not (static text or buf). */
static const char *judge(const struct cmdline *cl, const struct result *r, char *buf, size_t n)
{
    int is_dlx = cl->cmd->opts == dlx_opts;
    if (r->signal == SIGALRM)
        return "it did not end (killed by the alarm)";
    if (r->signal) {
        snprintf(buf, n, "killed by signal %d", r->signal);
        return buf;
    }
    if (r->status == 127)
        return "could not run the program";
    if (r->status < 0 || r->status > 2) {
        snprintf(buf, n, "exit status %d (expected 0, 1 or 2)", r->status);
        return buf;
    }
    if (strstr(r->err, "Sanitizer") || strstr(r->err, "runtime error:"))
        return "a sanitizer report on standard error";

    /* In getopt's order: options before "--" (GNU getopt permutes the
     * operands out of the way). The first of --help/--version and a bad
     * option decides. */
    int end = cl->after_dashdash >= 0 ? cl->after_dashdash : cl->argc;
    int first_help = -1, any_bad_option = 0, any_bad_operand = 0, operands = 0, stdins = 0;
    for (int i = 0; i < cl->argc; i++) {
        enum token_kind k = cl->kind[i];
        int is_option = i < end && k != T_OPERAND_GOOD && k != T_OPERAND_STDIN &&
                        k != T_OPERAND_BAD && k != T_OPERAND_JUNK;
        if (is_option && k == T_HELP && first_help < 0 && !any_bad_option)
            first_help = i;
        if (is_option && k == T_BAD_OPTION)
            any_bad_option = 1;
        if (!is_option && i != cl->after_dashdash) {
            operands++;
            if (k == T_OPERAND_BAD)
                any_bad_operand = 1;
            if (k == T_OPERAND_STDIN)
                stdins++;
            if (k == T_OPERAND_JUNK && is_dlx)
                any_bad_operand = 1;
        }
    }
    if (first_help >= 0) {
        if (r->status != 0)
            return "--help or --version before any bad option, yet not status 0";
        if (!r->out[0])
            return "--help or --version wrote nothing on standard output";
        if (r->err[0])
            return "--help or --version wrote on standard error";
        return NULL;
    }
    if (any_bad_option) {
        if (r->status != 2)
            return "a bad option was not refused with status 2";
        for (int i = 0; i < end; i++)
            if (cl->kind[i] == T_BAD_OPTION && names_token(cl, i, r->err))
                return NULL;
        return "the message does not name the bad option";
    }
    if (r->status == 2 && !r->err[0])
        return "status 2 without a word on standard error";
    int late = 0;
    for (int i = 0; i < end; i++)
        if (cl->kind[i] == T_BAD_LATE) {
            if (r->status != 2)
                return "a bad region file was not refused with status 2";
            /* the checks of combinations come before the file is read */
            if (names_token(cl, i, r->err) || strstr(r->err, "Try '"))
                return NULL;
            late = 1;
        }
    if (late)
        return "the message does not name the bad region file";
    if (any_bad_operand || (is_dlx && operands > 1)) {
        if (r->status != 2)
            return "a bad operand (missing file, directory, garbage, one too many) "
                   "not refused with status 2";
        return NULL;
    }
    if (r->status == 0 && !r->out[0] && !cl->silent_ok)
        return "status 0 with nothing on standard output";
    if (r->status == 2 && stdins < 2 && !strstr(r->err, "--") && !strstr(r->err, "Try "))
        return "status 2 on good options and good files, and no usage message";

    /* The answers that are known. */
    if (r->status == 0 && cl->count_mode && !cl->views && !cl->changes_answer) {
        if (is_dlx) {
            uint64_t want = dlx_good_count;
            if (cl->max_given && cl->max_value && cl->max_value < want)
                want = cl->max_value;
            char line[64];
            snprintf(line, sizeof line, "%llu\n", (unsigned long long)want);
            char json[64];
            snprintf(json, sizeof json, "\"count\": %llu,", (unsigned long long)want);
            if (strcmp(r->out, line) != 0 && !strstr(r->out, json)) {
                snprintf(buf, n, "dlx --count printed '%.40s', not %llu", r->out,
                         (unsigned long long)want);
                return buf;
            }
        } else {
            for (const char *s = r->out; *s; s = strchr(s, '\n') + 1) {
                if (strncmp(s, "1\n", 2) != 0 && strncmp(s, ">=1\n", 4) != 0) {
                    snprintf(buf, n, "sudoku --count printed '%.20s', not 1", s);
                    return buf;
                }
                if (!strchr(s, '\n'))
                    break;
            }
        }
    }
    return NULL;
}

/* The command line as a shell would need it. */
static void print_quoted(FILE *f, const char *s)
{
    fputc('\'', f);
    for (; *s; s++) {
        if (*s == '\'')
            fputs("'\\''", f);
        else if ((unsigned char)*s < 32 || (unsigned char)*s >= 127)
            fprintf(f, "'$'\\%03o''", (unsigned char)*s);
        else
            fputc(*s, f);
    }
    fputc('\'', f);
}

static void print_cmdline(FILE *f, const struct cmdline *cl)
{
    fputs(cl->cmd->path, f);
    for (int i = 1; i <= cl->argc; i++) {
        fputc(' ', f);
        if (strlen(cl->argv[i]) > 200)
            fprintf(f, "\"$(printf '%%*s' %zu '' | tr ' ' a)\"", strlen(cl->argv[i]));
        else
            print_quoted(f, cl->argv[i]);
    }
}

static void usage_exit(void)
{
    fputs("usage: argv_fuzz [-n RUNS] [-t SECONDS] [-s SEED] [-T TIMEOUT] [-a DIR] [-v] "
          "DLX SUDOKU\n", stderr);
    exit(2);
}

int main(int argc, char **argv)
{
    long runs = -1, seconds = -1, timeout = 20;
    uint64_t seed = 1;
    const char *artifacts = NULL;
    int verbose = 0, c;
    while ((c = getopt(argc, argv, "n:t:s:T:a:v")) != -1) {
        switch (c) {
        case 'n': runs = atol(optarg); break;
        case 't': seconds = atol(optarg); break;
        case 's': seed = strtoull(optarg, NULL, 10); break;
        case 'T': timeout = atol(optarg); break;
        case 'a': artifacts = optarg; break;
        case 'v': verbose = 1; break;
        default: usage_exit();
        }
    }
    if (argc - optind != 2 || timeout < 1)
        usage_exit();
    if (runs < 0 && seconds < 0)
        runs = 1000;
    struct command cmds[2] = {
        {"dlx", argv[optind], dlx_opts, (int)(sizeof dlx_opts / sizeof *dlx_opts), 1},
        {"sudoku", argv[optind + 1], sudoku_opts,
         (int)(sizeof sudoku_opts / sizeof *sudoku_opts), 0},
    };
    static struct files fs;
    if (make_files(&fs) != 0) {
        perror("argv_fuzz: cannot write its files");
        return 2;
    }
    static struct cmdline cl;
    time_t start = time(NULL);
    long done = 0, failures = 0;
    int status_seen[2][3] = {{0}};
    for (uint64_t s = seed; runs < 0 || done < runs; s++) {
        if (seconds >= 0 && time(NULL) - start >= seconds)
            break;
        /* each run from its own seed, so -s SEED -n 1 repeats it */
        rng_state = s * UINT64_C(0x9E3779B97F4A7C15) + 1;
        const struct command *cmd = &cmds[s % 2];
        build(&cl, cmd, &fs);
        struct result r = {0};
        if (run(&cl, &fs, (int)timeout, &r) != 0) {
            perror("argv_fuzz: cannot run");
            failures++;
            break;
        }
        char buf[256];
        const char *why = judge(&cl, &r, buf, sizeof buf);
        if (r.status >= 0 && r.status <= 2)
            status_seen[s % 2][r.status]++;
        if (verbose || why) {
            FILE *f = why ? stderr : stdout;
            fprintf(f, "%s seed %llu: ", why ? "FAIL" : "ok", (unsigned long long)s);
            print_cmdline(f, &cl);
            fprintf(f, "\n  status %d%s%s\n", r.status, why ? ": " : "", why ? why : "");
            if (why) {
                fprintf(f, "  stderr: %.300s\n", r.err);
                fprintf(f, "  stdout: %.200s\n", r.out);
            }
        }
        if (why && artifacts) {
            char path[512];
            snprintf(path, sizeof path, "%s/argv-%llu.sh", artifacts, (unsigned long long)s);
            FILE *f = fopen(path, "w");
            if (f) {
                fprintf(f, "#!/bin/sh\n# %s\n", why);
                print_cmdline(f, &cl);
                fputc('\n', f);
                fclose(f);
            }
        }
        free(r.out);
        free(r.err);
        done++;
        if (why && ++failures >= 20)
            break;
    }
    remove_files(&fs);
    printf("argv_fuzz: %ld command lines in %lds, %ld failed; dlx exited 0/1/2: %d/%d/%d, "
           "sudoku: %d/%d/%d\n",
           done, (long)(time(NULL) - start), failures, status_seen[0][0], status_seen[0][1],
           status_seen[0][2], status_seen[1][0], status_seen[1][1], status_seen[1][2]);
    printf("stat::number_of_executed_units: %ld\n", done);
    return failures ? 1 : 0;
}
