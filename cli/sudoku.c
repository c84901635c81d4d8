/* SPDX-License-Identifier: MIT */
/* sudoku.c - the `sudoku` command: reads puzzles in any common layout from
 * files or standard input, solves, counts or checks them, and answers in the
 * form it was asked. Option parsing, I/O and messages only; the work is in
 * libsudoku (sudoku/) and the batches in sudoku_batch.c.
 *
 * Output: one answer per puzzle, in input order. A puzzle that cannot be
 * read gives the word "invalid", one without solution "none", so a script
 * can pair outputs with inputs; the reason goes to standard error as
 * FILE:LINE: error: ... Exit status 0 all solved, 1 some puzzle unsolved or
 * invalid (or not unique with --unique), 2 usage or I/O error. */
#include "common_getopt.h"
#include "sudoku_cli.h"

#include "dlx.h"

#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define BATCH_SIZE 4096

static const char *program = "sudoku";

typedef struct run_totals {
    uint64_t puzzles, solved, unsolved, invalid, not_unique, nodes;
    int status;                /* worst exit status so far */
    int printed;               /* units written to stdout so far */
    char *buf;                 /* formatting buffer (owned) */
    size_t buf_cap;
} run_totals;

static void usage_hint(void)
{
    fprintf(stderr, "Try '%s --help' for more information.\n", program);
}

static void print_help(void)
{
    printf("Usage: %s [OPTION]... [FILE]...\n", program);
    fputs("Solve sudoku puzzles read from each FILE (standard input when none, or -).\n"
          "\n"
          "Input, detected for each puzzle:\n"
          "  one puzzle per line: N*N symbols ('.', '0' or '_' for a blank);\n"
          "  a grid: N lines of N symbols, spaces and '|' ignored, separator lines of\n"
          "  '-', '+', '|' skipped; '#' starts a comment; blank lines separate grids;\n"
          "  a line 'end' ends the input. CRLF and a UTF-8 byte-order mark are fine.\n"
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
          "                           no limit; an empty 9x9 has about 6.7e21)\n"
          "  -e, --explain          solve step by step, in words (dlx engine events)\n"
          "      --candidates       with --explain: show the candidates at each guess\n"
          "\n"
          "Output:\n"
          "  -f, --format=FORMAT    line, grid or pretty (default: as the puzzle was\n"
          "                           written: a line for a line, N lines for a grid)\n"
          "  -s, --stats            puzzles, time, microseconds a puzzle and search\n"
          "                           nodes, on standard error\n"
          "\n"
          "Rules:\n"
          "  -V, --variant=LIST     x (both main diagonals), hyper (windoku windows),\n"
          "                           jigsaw (needs --regions); combine with commas\n"
          "  -r, --regions=FILE     jigsaw regions: N lines of N region letters\n"
          "  -b, --box=RxC          boxes of R rows and C columns (sets N = R*C;\n"
          "                           e.g. 3x2 for 6x6 puzzles with tall boxes)\n"
          "      --alphabet=SYMBOLS the symbols in order, ranges allowed (e.g. 0-9A-F\n"
          "                           for 16x16 written with 0); '.' and '_' stay blanks\n"
          "\n"
          "Solving:\n"
          "  -A, --algorithm=NAME   dlx (dancing links, default), bitmask (candidate\n"
          "                           masks, fewest candidates first) or backtrack\n"
          "                           (cell by cell in reading order: slow, for teaching)\n"
          "  -j, --jobs=N           solve on N threads (0: one per processor); the\n"
          "                           output stays in input order\n"
          "\n"
          "  -h, --help             display this help and exit\n"
          "      --version          output version information and exit\n"
          "\n"
          "Each puzzle gives one answer, in input order. A puzzle that cannot be read\n"
          "gives the line 'invalid', one without solution 'none' (--count: 0), and the\n"
          "reason goes to standard error as FILE:LINE[:COLUMN]: error: ...\n"
          "\n"
          "Exit status: 0 if every puzzle was solved, 1 if some puzzle had no solution\n"
          "or was invalid (or, with --unique, was not unique), 2 on a usage or I/O error.\n"
          "\n"
          "Examples:\n"
          "  sudoku puzzles.txt               solve one puzzle per line\n"
          "  sudoku -f pretty examples/puzzle.txt\n"
          "  sudoku --unique -j 2 big.txt     check a collection on two threads\n"
          "  sudoku --count --max 1000 x.txt  count solutions, stopping at 1000\n",
          stdout);
}

static void print_version(void)
{
    printf("sudoku (dlx) %s\n", DLX_VERSION);
    puts("Dancing links (Knuth's Algorithm X) sudoku solver; bitmask and backtracking\n"
         "solvers for comparison.");
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Reads a whole file (or standard input for "-"). NULL with errno set on
 * failure; the caller frees the text. */
static char *read_all(const char *path, size_t *len)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *text = malloc(cap);
    while (text) {
        if (n == cap) {
            char *t = cap > SIZE_MAX / 2 ? NULL : realloc(text, cap * 2);
            if (!t) {
                free(text);
                text = NULL;
                errno = ENOMEM;
                break;
            }
            text = t;
            cap *= 2;
        }
        size_t got = fread(text + n, 1, cap - n, f);
        n += got;
        if (got == 0) {
            if (ferror(f)) {
                int e = errno ? errno : EIO;
                free(text);
                text = NULL;
                errno = e;
            }
            break;
        }
    }
    if (f != stdin)
        fclose(f);
    else
        clearerr(stdin);
    *len = n;
    return text;
}

static void set_status(run_totals *t, int status)
{
    if (status > t->status)
        t->status = status;
}

/* An error about one puzzle: FILE:LINE[:COL]: error: message. stdout is
 * flushed first so that on a terminal messages appear next to the answers. */
static void puzzle_error(const char *file, long line, long col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void puzzle_error(const char *file, long line, long col, const char *fmt, ...)
{
    fflush(stdout);
    if (col > 0)
        fprintf(stderr, "%s:%ld:%ld: error: ", file, line, col);
    else
        fprintf(stderr, "%s:%ld: error: ", file, line);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

static int isqrt_int(int v)
{
    int r = 0;
    while ((r + 1) * (r + 1) <= v)
        r++;
    return r;
}

static void describe_symbols(const cli_options *o, int n, char *buf, size_t cap)
{
    if (n <= 0 || n > SUDOKU_MAX_N) {
        snprintf(buf, cap, "?");
        return;
    }
    char first = o->alphabet[0], last = o->alphabet[n - 1];
    if (n == 1)
        snprintf(buf, cap, "%c", first);
    else if (!o->alphabet_spec && n > 9)
        snprintf(buf, cap, "1-9, A-%c", last);
    else
        snprintf(buf, cap, "%c-%c", first, last);
}

static void report_read_error(const cli_options *o, const char *file, const sudoku_read_error *e)
{
    char syms[32];
    switch (e->code) {
    case SUDOKU_ELENGTH:
        if (e->form == SUDOKU_FORM_GRID)
            puzzle_error(file, e->line, 0, "grid row has %d symbols, expected %d", e->found,
                         e->expected);
        else
            puzzle_error(file, e->line, 0,
                         "wrong length: %d symbols; a puzzle on one line has N*N (%d for %dx%d)",
                         e->found, e->expected, isqrt_int(e->expected), isqrt_int(e->expected));
        break;
    case SUDOKU_EROWS:
        puzzle_error(file, e->line, 0, "grid has %d row%s, expected %d", e->found,
                     e->found == 1 ? "" : "s", e->expected);
        break;
    case SUDOKU_ESYMBOL:
        describe_symbols(o, e->expected, syms, sizeof syms);
        if (e->found > ' ' && e->found < 127)
            puzzle_error(file, e->line, e->column,
                         "'%c' is not a symbol of a %dx%d puzzle (symbols %s; blanks . _%s)",
                         e->found, e->expected, e->expected, syms,
                         strchr(o->alphabet, '0') ? "" : " 0");
        else
            puzzle_error(file, e->line, e->column,
                         "byte 0x%02X is not a symbol of a %dx%d puzzle (symbols %s)", e->found,
                         e->expected, e->expected, syms);
        break;
    default:
        puzzle_error(file, e->line, e->column, "%s", sudoku_strerror(e->code));
        break;
    }
}

/* Makes sure t->buf holds at least need bytes. */
static int reserve(run_totals *t, size_t need)
{
    if (need <= t->buf_cap)
        return 0;
    char *b = realloc(t->buf, need);
    if (!b)
        return -1;
    t->buf = b;
    t->buf_cap = need;
    return 0;
}

/* Starts the output of one unit: multi-line answers are separated by a
 * blank line. */
static void begin_unit(run_totals *t, int multiline)
{
    if (multiline && t->printed > 0)
        fputc('\n', stdout);
    t->printed++;
}

static enum out_format format_for(const cli_options *o, const unit *u)
{
    if (o->format != OUT_AUTO)
        return o->format;
    return u->form == SUDOKU_FORM_GRID ? OUT_GRID : OUT_LINE;
}

static void write_grid(const cli_options *o, run_totals *t, const unit *u, const uint8_t *grid,
                       enum out_format f)
{
    int n = u->n;
    size_t need = (size_t)n * (size_t)(n + 1) + 2;
    if (f == OUT_PRETTY)
        need = cli_pretty(o, grid, n, NULL, 0) + 1;
    if (reserve(t, need) != 0) {
        fprintf(stderr, "%s: out of memory\n", program);
        set_status(t, 2);
        return;
    }
    size_t len;
    if (f == OUT_LINE) {
        len = sudoku_format_line(grid, n, o->alphabet, t->buf);
        t->buf[len++] = '\n';
    } else if (f == OUT_GRID) {
        len = sudoku_format_grid(grid, n, o->alphabet, t->buf);
    } else {
        len = cli_pretty(o, grid, n, t->buf, t->buf_cap);
    }
    fwrite(t->buf, 1, len, stdout);
}

static void cell_name(int cell, int n, char *buf, size_t cap)
{
    snprintf(buf, cap, "r%dc%d", cell / n + 1, cell % n + 1);
}

/* Writes the answer for one unit and reports its errors. */
static void emit_unit(const cli_options *o, solver_pool *pool, const char *file, run_totals *t,
                      const unit *u, const uint8_t *solution)
{
    enum out_format f = format_for(o, u);
    int multiline = o->mode == MODE_ALL || ((o->mode == MODE_SOLVE) && f != OUT_LINE);
    t->puzzles++;
    if (u->read_status != 0) {
        report_read_error(o, file, &u->err);
        begin_unit(t, multiline);
        puts("invalid");
        t->invalid++;
        set_status(t, 1);
        return;
    }
    t->nodes += u->nodes;
    if (u->count < 0 && u->count != SUDOKU_ECONFLICT) {
        if (u->count == SUDOKU_ESHAPE)
            puzzle_error(file, u->line, 0, "no %dx%d grid shape for these rules%s", u->n, u->n,
                         (o->variant & SUDOKU_HYPER) ? " (hyper needs square boxes)" : "");
        else
            puzzle_error(file, u->line, 0, "%s", sudoku_strerror((int)u->count));
        begin_unit(t, multiline);
        puts("invalid");
        t->invalid++;
        set_status(t, u->count == SUDOKU_ENOMEM ? 2 : 1);
        return;
    }
    int64_t count = u->count < 0 ? 0 : u->count;
    if (u->count == SUDOKU_ECONFLICT) {
        char house[48], c1[32], c2[32];
        sudoku_solver *s = pool->solvers[u->n];
        sudoku_house_name(s, u->conflict.house, house, sizeof house);
        cell_name(u->conflict.cell1, u->n, c1, sizeof c1);
        cell_name(u->conflict.cell2, u->n, c2, sizeof c2);
        puzzle_error(file, u->line, 0, "'%c' appears twice in %s (%s and %s)",
                     o->alphabet[u->conflict.symbol - 1], house, c1, c2);
    } else if (count == 0 && (o->mode == MODE_SOLVE || o->mode == MODE_ALL)) {
        puzzle_error(file, u->line, 0, "no solution");
    }
    if (count == 0) {
        t->unsolved++;
        set_status(t, 1);
    } else {
        t->solved++;
    }
    switch (o->mode) {
    case MODE_COUNT:
        begin_unit(t, 0);
        printf("%lld\n", (long long)count);
        break;
    case MODE_UNIQUE:
        begin_unit(t, 0);
        puts(count == 1 ? "unique" : count == 0 ? "none" : "multiple");
        if (count > 1) {
            t->not_unique++;
            set_status(t, 1);
        }
        break;
    case MODE_ALL:
        begin_unit(t, multiline);
        if (count == 0)
            puts("none");
        else
            fwrite(u->all, 1, u->all_len, stdout);
        break;
    default:
        begin_unit(t, multiline);
        if (count == 0)
            puts("none");
        else
            write_grid(o, t, u, solution, f);
        break;
    }
}

/* Answers every unit of a solved batch, in order, then empties it. */
static void emit_batch(const cli_options *o, solver_pool *pool, batch *b, const char *file,
                       run_totals *t)
{
    for (size_t i = 0; i < b->count; i++)
        emit_unit(o, pool, file, t, &b->units[i], b->arena + b->units[i].solution);
    batch_clear(b);
}

/* --explain: each puzzle in turn, step by step. */
static void explain_unit(const cli_options *o, const char *file, run_totals *t, const unit *u,
                         const uint8_t *givens)
{
    t->puzzles++;
    if (u->read_status != 0) {
        report_read_error(o, file, &u->err);
        t->invalid++;
        set_status(t, 1);
        return;
    }
    sudoku_shape sh;
    int rc = cli_shape_for(o, u->n, &sh);
    begin_unit(t, 1);
    int64_t found = rc < 0 ? rc : explain_puzzle(o, &sh, givens);
    if (found < 0) {
        puzzle_error(file, u->line, 0, "%s", sudoku_strerror((int)found));
        t->invalid++;
        set_status(t, found == SUDOKU_ENOMEM ? 2 : 1);
    } else if (found == 0) {
        puzzle_error(file, u->line, 0, "no solution");
        t->unsolved++;
        set_status(t, 1);
    } else {
        t->solved++;
    }
}

/* Reads up to BATCH_SIZE pieces of input into b (b is empty). Returns 0,
 * or -1 when out of memory (reported). --explain handles each puzzle as it
 * comes instead. */
static int read_batch(const cli_options *o, sudoku_reader *r, sudoku_puzzle *p, batch *b,
                      const char *name, run_totals *t, uint64_t *pieces)
{
    while (b->count < BATCH_SIZE) {
        sudoku_read_error e;
        memset(&e, 0, sizeof e);
        int rc = sudoku_reader_next(r, p, &e);
        if (rc == 0)
            break;
        (*pieces)++;
        unit *u = batch_add(b, rc > 0 ? p->n : 0, p->cells);
        if (!u) {
            fprintf(stderr, "%s: out of memory\n", program);
            set_status(t, 2);
            return -1;
        }
        if (rc > 0) {
            u->line = p->line;
            u->form = p->form;
        } else {
            u->line = e.first_line;
            u->form = e.form;
            u->read_status = rc;
            u->err = e;
        }
        if (o->mode == MODE_EXPLAIN) {
            explain_unit(o, name, t, u, b->arena + u->givens);
            batch_clear(b);
        }
    }
    return 0;
}

/* Reads, solves and answers every puzzle of one file, as a pipeline of two
 * batches: while the worker threads solve one, the main thread reads the
 * next and then writes the answers of the one before, so reading and
 * writing do not hold the threads up. */
static void run_file(const cli_options *o, solver_pool *pool, batch *b, const char *path,
                     run_totals *t)
{
    const char *name = strcmp(path, "-") == 0 ? "<stdin>" : path;
    size_t len = 0;
    char *text = read_all(path, &len);
    if (!text) {
        fflush(stdout);
        fprintf(stderr, "%s: %s: %s\n", program, name, strerror(errno));
        set_status(t, 2);
        return;
    }
    sudoku_read_options ro = {o->alphabet_spec, o->regions_n ? o->regions_n
                                                : o->box_rows ? o->box_rows * o->box_cols : 0};
    int err = 0;
    sudoku_reader *r = sudoku_reader_new(text, len, &ro, &err);
    sudoku_puzzle *p = malloc(sizeof *p);
    if (!r || !p) {
        fprintf(stderr, "%s: %s\n", program, sudoku_strerror(r ? SUDOKU_ENOMEM : err));
        set_status(t, 2);
        free(p);
        sudoku_reader_free(r);
        free(text);
        return;
    }
    uint64_t pieces = 0;
    int cur = 0, failed = read_batch(o, r, p, &b[cur], name, t, &pieces);
    int running = !failed && b[cur].count > 0;
    if (running && batch_start(o, pool, &b[cur]) != SUDOKU_OK)
        running = 0, failed = 1;
    while (running) {
        int nxt = 1 - cur;
        if (!failed)
            failed = read_batch(o, r, p, &b[nxt], name, t, &pieces);
        batch_finish(&b[cur]);
        running = 0;
        if (!failed && b[nxt].count > 0) {
            if (batch_start(o, pool, &b[nxt]) == SUDOKU_OK)
                running = 1;
            else
                failed = 1;
        }
        emit_batch(o, pool, &b[cur], name, t);
        cur = nxt;
    }
    if (failed) {
        if (t->status < 2)
            fprintf(stderr, "%s: out of memory\n", program);
        set_status(t, 2);
    }
    batch_clear(&b[0]);
    batch_clear(&b[1]);
    if (pieces == 0) {
        /* An empty file is more often a mistake (a wrong name, a failed
         * download) than a batch of nothing: say so. */
        fflush(stdout);
        fprintf(stderr, "%s: %s: error: no puzzle in the input\n", program, name);
        set_status(t, 1);
    }
    free(p);
    sudoku_reader_free(r);
    free(text);
}

/* --- Options ---------------------------------------------------------------- */

enum { OPT_VERSION = 256, OPT_ALPHABET, OPT_CANDIDATES };

static const struct option long_options[] = {
    {"count", no_argument, NULL, 'c'},
    {"unique", no_argument, NULL, 'u'},
    {"all", no_argument, NULL, 'a'},
    {"max", required_argument, NULL, 'm'},
    {"explain", no_argument, NULL, 'e'},
    {"candidates", no_argument, NULL, OPT_CANDIDATES},
    {"format", required_argument, NULL, 'f'},
    {"stats", no_argument, NULL, 's'},
    {"variant", required_argument, NULL, 'V'},
    {"regions", required_argument, NULL, 'r'},
    {"box", required_argument, NULL, 'b'},
    {"alphabet", required_argument, NULL, OPT_ALPHABET},
    {"algorithm", required_argument, NULL, 'A'},
    {"jobs", required_argument, NULL, 'j'},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, OPT_VERSION},
    {NULL, 0, NULL, 0},
};

static int usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, "%s: ", program);
    fprintf(stderr, fmt, arg);
    fputc('\n', stderr);
    usage_hint();
    return 2;
}

static int parse_number(const char *s, unsigned long long max, unsigned long long *out)
{
    if (!s || !*s || *s == '-' || *s == '+')
        return -1;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end || v > max)
        return -1;
    *out = v;
    return 0;
}

static int parse_variant(cli_options *o, const char *arg)
{
    char list[128];
    if (strlen(arg) >= sizeof list)
        return -1;
    strcpy(list, arg);
    char *save = NULL;
    for (char *tok = strtok_r(list, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (strcmp(tok, "x") == 0 || strcmp(tok, "X") == 0 || strcmp(tok, "diagonal") == 0)
            o->variant |= SUDOKU_X;
        else if (strcmp(tok, "hyper") == 0 || strcmp(tok, "windoku") == 0)
            o->variant |= SUDOKU_HYPER;
        else if (strcmp(tok, "jigsaw") == 0)
            o->jigsaw = 1;
        else if (strcmp(tok, "standard") == 0 || strcmp(tok, "classic") == 0)
            ;
        else
            return -1;
    }
    return 0;
}

static int load_regions(cli_options *o)
{
    size_t len = 0;
    char *text = read_all(o->regions_file, &len);
    if (!text) {
        fprintf(stderr, "%s: %s: %s\n", program, o->regions_file, strerror(errno));
        return 2;
    }
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
        fprintf(stderr, "%s: %s: %dx%d needs an alphabet of %d symbols (--alphabet)\n", program,
                o->regions_file, n, n, n);
        return 2;
    }
    o->regions_n = n;
    return 0;
}

/* Parses the command line into *o; returns -1 to go on, or an exit status. */
static int parse_options(int argc, char **argv, cli_options *o)
{
    memset(o, 0, sizeof *o);
    o->jobs = 1;
    strcpy(o->alphabet, SUDOKU_DEFAULT_ALPHABET);
    int mode_set = 0;
    int c;
    unsigned long long v;
    /* getopt's own messages would name the program by its whole path: the
     * leading ':' and opterr = 0 let us word them like the others. */
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":cuam:ef:sV:r:b:A:j:h", long_options, NULL)) != -1) {
        switch (c) {
        case 'c':
        case 'u':
        case 'a':
        case 'e': {
            enum run_mode m = c == 'c' ? MODE_COUNT : c == 'u' ? MODE_UNIQUE
                            : c == 'a' ? MODE_ALL : MODE_EXPLAIN;
            if (mode_set && o->mode != m)
                return usage_error("%s", "--count, --unique, --all and --explain exclude "
                                         "each other");
            o->mode = m;
            mode_set = 1;
            break;
        }
        case 'm':
            if (parse_number(optarg, UINT64_MAX, &v) != 0)
                return usage_error("invalid --max '%s': expected a number of solutions",
                                   optarg);
            o->max = v;
            break;
        case OPT_CANDIDATES:
            o->candidates = 1;
            break;
        case 'f':
            if (strcmp(optarg, "line") == 0)
                o->format = OUT_LINE;
            else if (strcmp(optarg, "grid") == 0)
                o->format = OUT_GRID;
            else if (strcmp(optarg, "pretty") == 0)
                o->format = OUT_PRETTY;
            else
                return usage_error("invalid --format '%s': expected line, grid or pretty",
                                   optarg);
            break;
        case 's':
            o->stats = 1;
            break;
        case 'V':
            if (parse_variant(o, optarg) != 0)
                return usage_error("invalid --variant '%s': expected x, hyper or jigsaw "
                                   "(commas combine them)", optarg);
            break;
        case 'r':
            o->regions_file = optarg;
            o->jigsaw = 1;
            break;
        case 'b': {
            /* strtol, not sscanf("%d"), and each side bounded before the
             * product: "99999999999x3" must not overflow an int. */
            char *x = NULL, *end = NULL;
            errno = 0;
            long r = strtol(optarg, &x, 10);
            long cc = *x == 'x' ? strtol(x + 1, &end, 10) : 0;
            if (errno || x == optarg || !end || end == x + 1 || *end || r < 1 || cc < 1 ||
                r > SUDOKU_MAX_N || cc > SUDOKU_MAX_N || r * cc > SUDOKU_MAX_N || r * cc < 2)
                return usage_error("invalid --box '%s': expected RxC, e.g. 2x3", optarg);
            o->box_rows = (int)r;
            o->box_cols = (int)cc;
            break;
        }
        case OPT_ALPHABET: {
            int k = sudoku_parse_alphabet(optarg, o->alphabet);
            if (k < 0)
                return usage_error("invalid --alphabet '%s': symbols must be distinct, "
                                   "printable, not . _ | - + = #, at most 64", optarg);
            o->alphabet_spec = optarg;
            break;
        }
        case 'A':
            if (strcmp(optarg, "dlx") == 0)
                o->alg = SUDOKU_DLX;
            else if (strcmp(optarg, "bitmask") == 0)
                o->alg = SUDOKU_BITMASK;
            else if (strcmp(optarg, "backtrack") == 0)
                o->alg = SUDOKU_BACKTRACK;
            else
                return usage_error("invalid --algorithm '%s': expected dlx, bitmask or "
                                   "backtrack", optarg);
            break;
        case 'j':
            if (parse_number(optarg, 256, &v) != 0)
                return usage_error("invalid --jobs '%s': expected a number from 0 to 256",
                                   optarg);
            o->jobs = (int)v;
            if (o->jobs == 0) {
                long cpus = sysconf(_SC_NPROCESSORS_ONLN);
                o->jobs = cpus < 1 ? 1 : cpus > 256 ? 256 : (int)cpus;
            }
            break;
        case 'h':
            print_help();
            return 0;
        case OPT_VERSION:
            print_version();
            return 0;
        default: {
            char why[256];
            return usage_error("%s", cli_getopt_problem(c, argv, why, sizeof why));
        }
        }
    }
    if (o->jigsaw && !o->regions_file)
        return usage_error("%s", "--variant jigsaw needs --regions FILE (N lines of N "
                                 "region letters)");
    if (o->regions_file && o->box_rows)
        return usage_error("%s", "--regions and --box exclude each other");
    if (o->box_rows && o->box_rows * o->box_cols > (int)strlen(o->alphabet))
        return usage_error("%s", "--box: the grid needs more symbols than the alphabet has "
                                 "(see --alphabet)");
    if (o->candidates && o->mode != MODE_EXPLAIN)
        return usage_error("%s", "--candidates goes with --explain");
    if (o->mode == MODE_EXPLAIN && o->alg != SUDOKU_DLX)
        return usage_error("%s", "--explain follows the dancing-links engine: use it with "
                                 "--algorithm dlx");
    if (o->regions_file) {
        int rc = load_regions(o);
        if (rc)
            return rc;
    }
    return -1;
}

int main(int argc, char **argv)
{
    cli_options *o = malloc(sizeof *o);
    if (!o) {
        fprintf(stderr, "%s: out of memory\n", program);
        return 2;
    }
    int rc = parse_options(argc, argv, o);
    if (rc >= 0) {
        free(o);
        /* --help and --version to a full disk are write errors too. */
        if (fflush(stdout) != 0 || ferror(stdout)) {
            fprintf(stderr, "%s: write error: %s\n", program, strerror(errno));
            return 2;
        }
        return rc;
    }
    solver_pool pool;
    batch b[2];
    memset(b, 0, sizeof b);
    run_totals t;
    memset(&t, 0, sizeof t);
    if (pool_init(&pool, o->jobs) != SUDOKU_OK) {
        fprintf(stderr, "%s: out of memory\n", program);
        free(o);
        return 2;
    }
    double start = now_seconds();
    if (optind == argc)
        run_file(o, &pool, b, "-", &t);
    for (int i = optind; i < argc; i++)
        run_file(o, &pool, b, argv[i], &t);
    double wall = now_seconds() - start;
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "%s: write error: %s\n", program, strerror(errno));
        set_status(&t, 2);
    }
    if (o->stats) {
        double per = t.puzzles ? wall * 1e6 / (double)t.puzzles : 0.0;
        fprintf(stderr,
                "%s: %llu puzzles: %llu solved, %llu without solution, %llu invalid%s\n"
                "%s: %.3f s (reading and writing included), %.2f us a puzzle, %llu search "
                "nodes (%.1f a puzzle), %s, %d thread%s\n",
                program, (unsigned long long)t.puzzles, (unsigned long long)t.solved,
                (unsigned long long)t.unsolved, (unsigned long long)t.invalid,
                o->mode == MODE_UNIQUE && t.not_unique ? ", some not unique" : "", program,
                wall, per, (unsigned long long)t.nodes,
                t.puzzles ? (double)t.nodes / (double)t.puzzles : 0.0,
                o->alg == SUDOKU_DLX ? "dlx" : o->alg == SUDOKU_BITMASK ? "bitmask" : "backtrack",
                o->jobs, o->jobs == 1 ? "" : "s");
    }
    pool_free(&pool);
    batch_free(&b[0]);
    batch_free(&b[1]);
    free(t.buf);
    free(o);
    return t.status;
}
