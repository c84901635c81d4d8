/* SPDX-License-Identifier: MIT */
/* sudoku_options.c - the command line of the `sudoku` command: the option
 * table, --help and --version, the checks of option values and of the
 * options that exclude each other, and the region map of --regions.
 *
 * A mode (--count, --unique, ...) is an option that calls set_mode(); see
 * "Adding a mode" in sudoku_cli.h. */
#include "common_file.h"
#include "common_getopt.h"
#include "common_time.h"
#include "sudoku_cli.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef DLX_DOCDIR /* make passes $(DOCDIR), where make install puts the docs */
#define DLX_DOCDIR "docs"
#endif

/* --help, naming the program as it was run (program). */
static void print_help(const char *program)
{
    printf("Usage: %s [OPTION]... [FILE]...\n", program);
    fputs("Solve sudoku puzzles read from each FILE (standard input when there is no\n"
          "FILE and no --puzzle; - is standard input).\n"
          "\n"
          "Input, detected for each puzzle:\n"
          "  one puzzle per line: N*N symbols ('.', '0' or '_' for a blank);\n"
          "  a grid: N lines of N symbols, spaces and '|' ignored, separator lines of\n"
          "  '-', '+', '|' skipped; or N lines of one character a cell with spaces as\n"
          "  blanks ('53  7    '); '#' and '%' start a comment or title line; blank\n"
          "  lines separate grids; a line 'end' ends the input. CRLF and a UTF-8\n"
          "  byte-order mark are fine.\n"
          "  Symbols are 1-9 then A-Z (either case). Sizes: 4x4, 6x6 (2x3 boxes),\n"
          "  8x8 (2x4), 9x9, 12x12 (3x4), 16x16, 25x25 ... any N with boxes R x C,\n"
          "  R the largest divisor of N not above its square root.\n"
          "\n"
          "What to do (default: print the first solution of each puzzle):\n"
          "  -c, --count            print the number of solutions of each puzzle\n"
          "  -u, --unique           print 'unique', 'multiple' or 'none' for each puzzle;\n"
          "                           exit status 1 unless every puzzle is unique\n"
          "  -a, --all              print every solution (up to --max)\n"
          "  -m, --max=N            stop counting or listing at N solutions (default:\n"
          "                           no limit; an empty 9x9 has about 6.7e21); a count\n"
          "                           that reached N is printed >=N\n"
          "      --rate             rate each puzzle on the Sudoku Explainer scale: the\n"
          "                           score of its hardest step, a level (easy, medium,\n"
          "                           hard, expert, extreme) and the techniques used\n"
          "  -e, --explain[=KIND]   solve step by step as a person would, in words (text,\n"
          "                           the default), or json (a step a line); search:\n"
          "                           the dancing-links engine's own search, in words\n"
          "      --candidates       with --explain: the grid of candidates, at the start\n"
          "                           and before each guess\n"
          "      --to-dlx           write each puzzle's exact-cover problem (what its\n"
          "                           givens leave) in Knuth's format, for dlx\n"
          "\n"
          "  -p, --puzzle=PUZZLE    solve PUZZLE, given as text (one line, or a grid\n"
          "                           with newlines); may be repeated; these come\n"
          "                           before the FILEs, and stdin is not read\n"
          "\n",
          stdout);
    /* Three strings: C11 compilers need not take literals over 4095 bytes. */
    fputs("Making puzzles (every one has exactly one solution):\n"
          "  -g, --generate=N       make N puzzles (reads no input)\n"
          "      --size=N           N x N puzzles (default 9, or what --box or --regions\n"
          "                           say); 4x4 to 16x16 are proved by search, 25x25 and\n"
          "                           up by singles (not minimal)\n"
          "      --symmetry=SYM     which givens go together: none (default),\n"
          "                           rotational, rotate90, mirror, flip, diagonal,\n"
          "                           antidiagonal, mirrors, dihedral or random\n"
          "      --clues=K          stop at K givens (as close as it gets, said on\n"
          "                           standard error when it falls short)\n"
          "      --minimal          every given needed (the default result without\n"
          "                           --symmetry or --clues; with them, others are\n"
          "                           thrown away)\n"
          "      --difficulty=LEVEL only puzzles of this level: easy, medium, hard,\n"
          "                           expert or extreme (see --rate)\n"
          "      --rate-min=R, --rate-max=R  only puzzles rated from R to R (e.g. 4.2)\n"
          "      --seed=S           puzzle i is made from seed S+i (default 1: the same\n"
          "                           command gives the same puzzles); random: a new one\n"
          "      --tries=N          give up a puzzle after N candidates (default\n"
          "                           100000; 1000 with --clues)\n"
          "\n",
          stdout);
    fputs("Output:\n"
          "  -f, --format=FORMAT    line, grid or pretty (default: as the puzzle was\n"
          "                           written: a line for a line, N lines for a grid);\n"
          "                           csv or json: a record per answer (puzzle, solution\n"
          "                           or status, count, rating, nodes, microseconds)\n"
          "  -s, --stats            puzzles, time, microseconds a puzzle and search\n"
          "                           nodes (band: its guesses), on standard error\n"
          "      --progress         a progress line on standard error about once a\n"
          "                           second (the default when it is a terminal and\n"
          "                           standard input is not)\n"
          "      --no-progress      never a progress line\n"
          "\n"
          "Rules:\n"
          "  -t, --variant=LIST     the type of puzzle: x (both main diagonals), hyper\n"
          "                           (windoku windows), jigsaw (needs --regions);\n"
          "                           combine with commas\n"
          "  -r, --regions=FILE     jigsaw regions: N lines of N region letters\n"
          "  -b, --box=RxC          boxes of R rows and C columns (sets N = R*C;\n"
          "                           e.g. 3x2 for 6x6 puzzles with tall boxes)\n"
          "      --alphabet=SYMBOLS the symbols in order, ranges allowed (e.g. 0-9A-F\n"
          "                           for 16x16 written with 0); '.' and '_' stay blanks\n"
          "\n"
          "Solving:\n"
          "  -A, --algorithm=NAME   band (bit-parallel on bands of boxes, singles and\n"
          "                           locked candidates: the fastest, plain 9x9 only;\n"
          "                           the default there), dlx (dancing links; the\n"
          "                           default for every other size and rule), bitmask\n"
          "                           (candidate masks, fewest candidates first) or\n"
          "                           backtrack (cell by cell in reading order: slow,\n"
          "                           for teaching)\n"
          "  -j, --jobs=N           solve (or make) on N threads (0: one per processor);\n"
          "                           the output stays in input order (--all and\n"
          "                           --explain take one puzzle at a time, writing as\n"
          "                           they go)\n"
          "\n"
          "  -h, --help             display this help and exit\n"
          "  -V, --version          output version information and exit\n"
          "\n"
          "Each puzzle gives one answer, in input order. A puzzle that cannot be read\n"
          "gives the line 'invalid', one without solution 'none' (--count: 0), and the\n"
          "reason goes to standard error as FILE:LINE[:COLUMN]: error: ...\n"
          "\n"
          "Input is read, solved and answered as it comes: an answer is written as soon\n"
          "as its puzzle is complete, in input order (with -j too). SIGINT (Ctrl-C),\n"
          "SIGTERM and SIGHUP stop the run: every answer already found is written, and\n"
          "standard error says how far it got.\n"
          "\n"
          "Exit status: 0 if every puzzle was solved, 1 if some puzzle had no solution\n"
          "or was invalid (or, with --unique, was not unique), 2 on a usage or I/O error,\n"
          "130, 143 or 129 when stopped by SIGINT, SIGTERM or SIGHUP.\n"
          "\n"
          "The sample files are installed in E=" DLX_DOCDIR "/examples\n"
          "(examples/ in the source tree).\n"
          "Examples:\n",
          stdout);
    printf("  %s $E/puzzles.txt      solve one puzzle per line\n"
           "  %s -p \"$(cat $E/puzzle.txt)\"  a puzzle given on the command line\n"
           "  %s -f pretty $E/puzzle.txt\n"
           "  %s --unique -j 2 $E/batch.txt  check a collection on two threads\n"
           "  %s --count --max 1000 $E/few-givens.txt  count, stopping at 1000\n"
           "  %s --rate $E/puzzles.txt  how hard each puzzle is\n"
           "  %s --generate 10 --difficulty hard --symmetry rotational\n",
           program, program, program, program, program, program, program);
}

enum {
    OPT_ALPHABET = 256, OPT_CANDIDATES, OPT_TO_DLX, OPT_RATE, OPT_SIZE, OPT_SYMMETRY, OPT_CLUES,
    OPT_MINIMAL, OPT_DIFFICULTY, OPT_RATE_MIN, OPT_RATE_MAX, OPT_SEED, OPT_TRIES, OPT_PROGRESS,
    OPT_NO_PROGRESS
};

/* The short options, in the order of long_options[]; the leading ':' makes
 * getopt report a missing argument as ':' (see cli_getopt_problem()). */
static const char short_options[] = ":cuam:eg:p:f:st:r:b:A:j:hV";

static const struct option long_options[] = {
    {"count", no_argument, NULL, 'c'},
    {"unique", no_argument, NULL, 'u'},
    {"all", no_argument, NULL, 'a'},
    {"max", required_argument, NULL, 'm'},
    {"rate", no_argument, NULL, OPT_RATE},
    {"explain", optional_argument, NULL, 'e'},
    {"candidates", no_argument, NULL, OPT_CANDIDATES},
    {"to-dlx", no_argument, NULL, OPT_TO_DLX},
    {"generate", required_argument, NULL, 'g'},
    {"size", required_argument, NULL, OPT_SIZE},
    {"symmetry", required_argument, NULL, OPT_SYMMETRY},
    {"clues", required_argument, NULL, OPT_CLUES},
    {"minimal", no_argument, NULL, OPT_MINIMAL},
    {"difficulty", required_argument, NULL, OPT_DIFFICULTY},
    {"rate-min", required_argument, NULL, OPT_RATE_MIN},
    {"rate-max", required_argument, NULL, OPT_RATE_MAX},
    {"seed", required_argument, NULL, OPT_SEED},
    {"tries", required_argument, NULL, OPT_TRIES},
    {"puzzle", required_argument, NULL, 'p'},
    {"format", required_argument, NULL, 'f'},
    {"stats", no_argument, NULL, 's'},
    {"progress", no_argument, NULL, OPT_PROGRESS},
    {"no-progress", no_argument, NULL, OPT_NO_PROGRESS},
    {"variant", required_argument, NULL, 't'},
    {"regions", required_argument, NULL, 'r'},
    {"box", required_argument, NULL, 'b'},
    {"alphabet", required_argument, NULL, OPT_ALPHABET},
    {"algorithm", required_argument, NULL, 'A'},
    {"jobs", required_argument, NULL, 'j'},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, 'V'},
    {NULL, 0, NULL, 0},
};

/* Reports a usage error; returns the exit status for it. Needs o in scope
 * (the program's name). */
#define usage_error(...) (cli_usage_error(o->program, __VA_ARGS__), 2)

/* One mode per run: a second, different one is an error. */
static int set_mode(cli_options *o, int *mode_set, enum run_mode m)
{
    if (*mode_set && o->mode != m)
        return usage_error("%s and %s exclude each other", mode_of(o->mode)->option,
                           mode_of(m)->option);
    o->mode = m;
    *mode_set = 1;
    return -1;
}

/* Is the word of n bytes at w the name s? */
static int word_is(const char *w, size_t n, const char *s)
{
    return strlen(s) == n && memcmp(w, s, n) == 0;
}

/* "x,hyper" into the variant flags. Every word must be a known one: an
 * empty list or an empty word ("x,", ",") is refused, not read as the
 * plain rules (strtok would skip it silently). */
static int parse_variant(cli_options *o, const char *arg)
{
    for (const char *w = arg;; w++) {
        size_t n = strcspn(w, ",");
        if (word_is(w, n, "x") || word_is(w, n, "X") || word_is(w, n, "diagonal"))
            o->variant |= SUDOKU_X;
        else if (word_is(w, n, "hyper") || word_is(w, n, "windoku"))
            o->variant |= SUDOKU_HYPER;
        else if (word_is(w, n, "jigsaw"))
            o->jigsaw = 1;
        else if (!word_is(w, n, "standard") && !word_is(w, n, "classic"))
            return -1;
        w += n;
        if (*w == '\0')
            return 0;
    }
}

/* "RxC" into the box size. strtol, not sscanf("%d"), and each side bounded
 * before the product: "99999999999x3" must not overflow an int. */
static int parse_box(cli_options *o, const char *arg)
{
    char *x = NULL, *end = NULL;
    errno = 0;
    long r = strtol(arg, &x, 10);
    long c = *x == 'x' ? strtol(x + 1, &end, 10) : 0;
    if (errno || x == arg || !end || end == x + 1 || *end || r < 1 || c < 1 ||
        r > SUDOKU_MAX_N || c > SUDOKU_MAX_N || r * c > SUDOKU_MAX_N || r * c < 2)
        return -1;
    o->box_rows = (int)r;
    o->box_cols = (int)c;
    return 0;
}

static int load_regions(cli_options *o)
{
    size_t len = 0;
    char *text = cli_read_file(o->program, o->regions_file, o->regions_file, &len);
    if (!text)
        return 2;
    long line = 0;
    int n = 0;
    int rc = sudoku_parse_regions(text, len, &n, o->regions, &line);
    free(text);
    if (rc != SUDOKU_OK) {
        if (line > 0)
            fprintf(stderr, "%s:%ld: error: bad region map: every row needs N letters, and "
                            "N regions of N cells each\n", o->regions_file, line);
        else
            fprintf(stderr, "%s: error: bad region map: it needs N rows of N letters, "
                            "naming N regions of N cells each\n", o->regions_file);
        return 2;
    }
    if (n > (int)strlen(o->alphabet)) {
        fprintf(stderr, "%s: %s: %dx%d needs an alphabet of %d symbols (--alphabet)\n", o->program,
                o->regions_file, n, n, n);
        return 2;
    }
    o->regions_n = n;
    return 0;
}

/* A rating such as "4.2" or "9" into tenths (42, 90); -1 when it is not
 * one (at most one decimal, 1.0 to 99.9). */
static int parse_rating(const char *arg)
{
    int whole = 0, tenth = 0, k = 0;
    if (!arg[0] || arg[0] < '0' || arg[0] > '9')
        return -1;
    while (arg[k] >= '0' && arg[k] <= '9' && whole < 100)
        whole = whole * 10 + arg[k++] - '0';
    if (arg[k] == '.' && arg[k + 1] >= '0' && arg[k + 1] <= '9') {
        tenth = arg[k + 1] - '0';
        k += 2;
    }
    if (arg[k] || whole >= 100 || whole * 10 + tenth < 10)
        return -1;
    return whole * 10 + tenth;
}

/* A seed for --seed random: from /dev/urandom, else the clock. */
static uint64_t random_seed(void)
{
    uint64_t seed = 0;
    FILE *f = fopen("/dev/urandom", "rb");
    if (!f || fread(&seed, sizeof seed, 1, f) != 1)
        seed = (uint64_t)(cli_now_seconds() * 1e9);
    if (f)
        fclose(f);
    return seed >> 1; /* room for S + i */
}

/* The options that only --generate reads. */
static int generate_only(const cli_options *o)
{
    if (o->mode == MODE_GENERATE)
        return -1;
    const char *which = o->size ? "--size" : o->symmetry ? "--symmetry" : o->clues ? "--clues"
                      : o->minimal ? "--minimal" : o->difficulty >= 0 ? "--difficulty"
                      : o->rate_min ? "--rate-min" : o->rate_max ? "--rate-max"
                      : o->seed_given ? "--seed" : o->tries ? "--tries" : NULL;
    if (which)
        return usage_error("%s goes with --generate", which);
    return -1;
}

/* The checks that need the whole command line. -1 to go on, or 2. */
static int check_combinations(const cli_options *o)
{
    if (o->jigsaw && !o->regions_file)
        return usage_error("%s", "--variant jigsaw needs --regions FILE (N lines of N "
                                 "region letters)");
    if (o->regions_file && o->box_rows)
        return usage_error("%s", "--regions and --box exclude each other");
    if (o->box_rows && o->box_rows * o->box_cols > (int)strlen(o->alphabet))
        return usage_error("%s", "--box: the grid needs more symbols than the alphabet has "
                                 "(see --alphabet)");
    if (o->candidates && (o->mode != MODE_EXPLAIN || o->explain == EXPLAIN_JSON))
        return usage_error("%s", "--candidates goes with --explain (in words)");
    if (o->mode == MODE_EXPLAIN && o->explain == EXPLAIN_SEARCH && o->alg_given &&
        o->alg != SUDOKU_DLX)
        return usage_error("%s", "--explain=search follows the dancing-links engine: use it "
                                 "with --algorithm dlx");
    if (o->mode == MODE_EXPLAIN && o->format != OUT_AUTO)
        return usage_error("%s", "--explain writes steps: it does not go with --format (see "
                                 "--explain=json)");
    int rc = generate_only(o);
    if (rc >= 0)
        return rc;
    if (o->difficulty >= 0 && (o->rate_min || o->rate_max))
        return usage_error("%s", "--difficulty and --rate-min/--rate-max exclude each other");
    if (o->rate_max && o->rate_min > o->rate_max)
        return usage_error("%s", "--rate-min is above --rate-max");
    /* Past 10.0 a score comes of nested forcing chains, and such puzzles are
     * out of reach of trying random ones: one random minimal puzzle in a
     * thousand rates 9.0 (docs/rating.md); the hardest known were collected
     * by players */
    if (o->generate && o->rate_min > 100)
        return usage_error("%s", "--rate-min above 10.0: puzzles that hard are too rare to be "
                                 "made by trying random ones (see docs/rating.md)");
    if (o->size && o->box_rows && o->size != o->box_rows * o->box_cols)
        return usage_error("%s", "--size does not fit --box");
    if (o->mode == MODE_TO_DLX &&
        ((o->alg_given && o->alg != SUDOKU_DLX) || o->format != OUT_AUTO))
        return usage_error("%s", "--to-dlx writes the dancing-links problem: it does not go "
                                 "with --algorithm or --format");
    return -1;
}

int options_parse(int argc, char **argv, cli_options *o)
{
    memset(o, 0, sizeof *o);
    o->program = cli_program_name(argc > 0 ? argv[0] : NULL, PROGRAM_DEFAULT);
    /* -p PUZZLE: at most one per argument */
    o->puzzles = calloc((size_t)argc + 1, sizeof *o->puzzles);
    if (!o->puzzles) {
        fprintf(stderr, "%s: out of memory\n", o->program);
        return 2;
    }
    o->jobs = 1;
    o->seed = 1;
    o->difficulty = -1;
    o->progress = -1;
    strcpy(o->alphabet, SUDOKU_DEFAULT_ALPHABET);
    int mode_set = 0, rc, seed_random = 0;
    int c;
    uint64_t v;
    /* getopt's own messages would name the program by its whole path: the
     * leading ':' and opterr = 0 let us word them like the others. */
    opterr = 0;
    while ((c = getopt_long(argc, argv, short_options, long_options, NULL)) != -1) {
        switch (c) {
        case 'c':
            if ((rc = set_mode(o, &mode_set, MODE_COUNT)) >= 0)
                return rc;
            break;
        case 'u':
            if ((rc = set_mode(o, &mode_set, MODE_UNIQUE)) >= 0)
                return rc;
            break;
        case 'a':
            if ((rc = set_mode(o, &mode_set, MODE_ALL)) >= 0)
                return rc;
            break;
        case 'e':
            if ((rc = set_mode(o, &mode_set, MODE_EXPLAIN)) >= 0)
                return rc;
            if (!optarg || strcmp(optarg, "text") == 0)
                o->explain = EXPLAIN_STEPS;
            else if (strcmp(optarg, "json") == 0)
                o->explain = EXPLAIN_JSON;
            else if (strcmp(optarg, "search") == 0)
                o->explain = EXPLAIN_SEARCH;
            else
                return usage_error("invalid --explain '%s': expected text, json or search",
                                   optarg);
            break;
        case OPT_RATE:
            if ((rc = set_mode(o, &mode_set, MODE_RATE)) >= 0)
                return rc;
            break;
        case 'g':
            if ((rc = set_mode(o, &mode_set, MODE_GENERATE)) >= 0)
                return rc;
            if (cli_parse_uint(optarg, UINT64_MAX / 2, &v) != 0 || v == 0)
                return usage_error("invalid --generate '%s': expected a number of puzzles",
                                   optarg);
            o->generate = v;
            break;
        case OPT_SIZE:
            if (cli_parse_uint(optarg, SUDOKU_MAX_N, &v) != 0 || v < 4)
                return usage_error("invalid --size '%s': expected a side from 4 to 64 (9 for "
                                   "9x9)", optarg);
            o->size = (int)v;
            break;
        case OPT_SYMMETRY:
            if ((o->symmetry = sudoku_symmetry_from_name(optarg)) < 0)
                return usage_error("invalid --symmetry '%s': expected none, rotational, "
                                   "rotate90, mirror, flip, diagonal, antidiagonal, mirrors, "
                                   "dihedral or random", optarg);
            break;
        case OPT_CLUES:
            if (cli_parse_uint(optarg, SUDOKU_MAX_CELLS, &v) != 0 || v == 0)
                return usage_error("invalid --clues '%s': expected a number of givens",
                                   optarg);
            o->clues = (int)v;
            break;
        case OPT_MINIMAL:
            o->minimal = 1;
            break;
        case OPT_DIFFICULTY:
            if ((o->difficulty = sudoku_level_from_name(optarg)) < 0)
                return usage_error("invalid --difficulty '%s': expected easy, medium, hard, "
                                   "expert or extreme", optarg);
            break;
        case OPT_RATE_MIN:
        case OPT_RATE_MAX: {
            int r = parse_rating(optarg);
            if (r < 0)
                return usage_error("invalid --rate-%s '%s': expected a rating from 1.0 to 99.9",
                                   c == OPT_RATE_MIN ? "min" : "max", optarg);
            if (c == OPT_RATE_MIN)
                o->rate_min = r;
            else
                o->rate_max = r;
            break;
        }
        case OPT_SEED:
            o->seed_given = 1;
            seed_random = strcmp(optarg, "random") == 0;
            if (seed_random) {
                o->seed = random_seed();
            } else if (cli_parse_uint(optarg, UINT64_MAX / 2, &v) != 0) {
                return usage_error("invalid --seed '%s': expected a number (or the word "
                                   "random)", optarg);
            } else {
                o->seed = v;
            }
            break;
        case OPT_TRIES:
            if (cli_parse_uint(optarg, UINT64_MAX, &v) != 0 || v == 0)
                return usage_error("invalid --tries '%s': expected a number of candidate "
                                   "puzzles", optarg);
            o->tries = v;
            break;
        case 'm':
            if (cli_parse_uint(optarg, UINT64_MAX, &v) != 0)
                return usage_error("invalid --max '%s': expected a number of solutions",
                                   optarg);
            o->max = v;
            break;
        case OPT_TO_DLX:
            if ((rc = set_mode(o, &mode_set, MODE_TO_DLX)) >= 0)
                return rc;
            break;
        case OPT_CANDIDATES:
            o->candidates = 1;
            break;
        case 'p':
            o->puzzles[o->puzzle_count++] = optarg;
            break;
        case 'f':
            if (strcmp(optarg, "line") == 0)
                o->format = OUT_LINE;
            else if (strcmp(optarg, "grid") == 0)
                o->format = OUT_GRID;
            else if (strcmp(optarg, "pretty") == 0)
                o->format = OUT_PRETTY;
            else if (strcmp(optarg, "csv") == 0)
                o->format = OUT_CSV;
            else if (strcmp(optarg, "json") == 0)
                o->format = OUT_JSON;
            else
                return usage_error("invalid --format '%s': expected line, grid, pretty, csv or "
                                   "json", optarg);
            break;
        case 's':
            o->stats = 1;
            break;
        case OPT_PROGRESS:
            o->progress = 1;
            break;
        case OPT_NO_PROGRESS:
            o->progress = 0;
            break;
        case 't':
            if (parse_variant(o, optarg) != 0)
                return usage_error("invalid --variant '%s': expected x, hyper or jigsaw "
                                   "(commas combine them)", optarg);
            break;
        case 'r':
            if (*optarg == '\0')
                return usage_error("%s", "invalid --regions '': expected a file of N lines "
                                         "of N region letters");
            o->regions_file = optarg;
            o->jigsaw = 1;
            break;
        case 'b':
            if (parse_box(o, optarg) != 0)
                return usage_error("invalid --box '%s': expected RxC, e.g. 2x3", optarg);
            break;
        case OPT_ALPHABET:
            if (sudoku_parse_alphabet(optarg, o->alphabet) < 0)
                return usage_error("invalid --alphabet '%s': symbols must be distinct, "
                                   "printable, not . _ | - + = #, at most 64", optarg);
            o->alphabet_spec = optarg;
            break;
        case 'A':
            if (strcmp(optarg, "band") == 0)
                o->alg = SUDOKU_BAND;
            else if (strcmp(optarg, "dlx") == 0)
                o->alg = SUDOKU_DLX;
            else if (strcmp(optarg, "bitmask") == 0)
                o->alg = SUDOKU_BITMASK;
            else if (strcmp(optarg, "backtrack") == 0)
                o->alg = SUDOKU_BACKTRACK;
            else
                return usage_error("invalid --algorithm '%s': expected band, dlx, bitmask or "
                                   "backtrack", optarg);
            o->alg_given = 1;
            break;
        case 'j':
            if (cli_parse_uint(optarg, 256, &v) != 0)
                return usage_error("invalid --jobs '%s': expected a number from 0 to 256",
                                   optarg);
            o->jobs = (int)v;
            if (o->jobs == 0) {
                long cpus = sysconf(_SC_NPROCESSORS_ONLN);
                o->jobs = cpus < 1 ? 1 : cpus > 256 ? 256 : (int)cpus;
            }
            break;
        case 'h':
            print_help(o->program);
            return 0;
        case 'V':
            cli_print_version(o->program, "dlx",
                              "Dancing links (Knuth's Algorithm X) sudoku solver, with a "
                              "bit-parallel solver\nfor plain 9x9; bitmask and backtracking "
                              "solvers for comparison.");
            return 0;
        default: {
            char why[256];
            return usage_error("%s", cli_getopt_problem(c, argv, why, sizeof why));
        }
        }
    }
    if ((rc = check_combinations(o)) >= 0)
        return rc;
    /* Standard input is read once, to its end: a second '-' would find
     * nothing, so it is refused rather than answered with "no puzzle". */
    for (int i = optind, dashes = 0; i < argc; i++)
        if (strcmp(argv[i], "-") == 0 && ++dashes == 2)
            return usage_error("%s", "standard input ('-') is named twice: it can be read "
                                     "only once");
    if (o->regions_file && (rc = load_regions(o)) != 0)
        return rc;
    if (o->mode == MODE_GENERATE) {
        if (optind < argc || o->puzzle_count)
            return usage_error("%s", "--generate reads no puzzles: give it no FILE or --puzzle");
        if (o->size && o->regions_n && o->size != o->regions_n)
            return usage_error("%s", "--size does not fit the --regions map");
        int n = o->size ? o->size : o->regions_n ? o->regions_n
                        : o->box_rows ? o->box_rows * o->box_cols : 9;
        if (o->clues > n * n)
            return usage_error("--clues %d: a %dx%d grid has %d cells", o->clues, n, n, n * n);
        if (n > (int)strlen(o->alphabet))
            return usage_error("--size %d needs an alphabet of %d symbols (--alphabet)", n, n);
        if (o->difficulty >= 0)
            sudoku_level_range(o->difficulty, &o->rate_min, &o->rate_max);
    }
    /* said once the command line is known good: not before --help, nor
     * before a usage error */
    if (seed_random)
        fprintf(stderr, "%s: --seed %llu\n", o->program, (unsigned long long)o->seed);
    return -1;
}

void options_free(cli_options *o)
{
    free(o->puzzles);
    o->puzzles = NULL;
}
