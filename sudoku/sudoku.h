/* SPDX-License-Identifier: MIT */
/* sudoku.h - libsudoku: grids, houses, four solvers behind one call, and a
 * reader for every common way of writing a puzzle.
 *
 * A shape is an N x N grid (N symbols) whose rules are a list of houses: sets
 * of N cells that must hold every symbol once. Rows, columns and boxes
 * (R x C boxes, R * C = N) are the classic rules; variants add houses (the two
 * main diagonals, the hyper windows) or replace the boxes by irregular
 * regions (jigsaw).
 *
 * Solving: sudoku_solver_new() builds a solver for one shape and one
 * algorithm, once; sudoku_solve() then solves any number of puzzles of that
 * shape, each in a few microseconds, without allocating. With the dancing
 * links algorithm the exact-cover problem is built once (items: one per cell
 * and one per (house, symbol); options: one per (cell, symbol)) and each
 * puzzle only commits its givens and undoes them afterwards. For the plain
 * 9x9 grid SUDOKU_BAND is the fastest (a few times faster than dlx on hard
 * puzzles): it keeps no per-solver data and solves on the stack.
 *
 * Cells hold 0 for a blank or a symbol value 1..N; cell (r, c) (from 0) is at
 * index r * N + c. Text is turned into cells by the reader (sudoku_reader_*)
 * and back by sudoku_format_*(), using an alphabet (default "1-9A-Z").
 *
 * Errors are negative return values (enum sudoku_status); sudoku_strerror()
 * names them. The library never prints, never exits, never aborts on bad
 * input.
 *
 * Threads: no global or static mutable state. A solver must not be used by
 * two threads at once; give each thread its own (sudoku_solver_clone()).
 */
#ifndef SUDOKU_H
#define SUDOKU_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32)
#define SUDOKU_API
#elif defined(__GNUC__)
#define SUDOKU_API __attribute__((visibility("default")))
#else
#define SUDOKU_API
#endif

/* The largest side supported (candidates are 64-bit masks). */
#define SUDOKU_MAX_N 64
#define SUDOKU_MAX_CELLS (SUDOKU_MAX_N * SUDOKU_MAX_N)
/* The default alphabet: 1-9 then A-Z (35 symbols; letters read in either
 * case). Larger grids need an explicit alphabet. */
#define SUDOKU_DEFAULT_ALPHABET "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

enum sudoku_status {
    SUDOKU_OK = 0,
    SUDOKU_ENOMEM = -1,    /* out of memory */
    SUDOKU_EINVAL = -2,    /* an argument is out of range or NULL */
    SUDOKU_ECONFLICT = -3, /* two givens hold the same symbol in one house */
    SUDOKU_ESHAPE = -4,    /* no such grid shape (size, box, regions) */
    SUDOKU_ELENGTH = -5,   /* reader: a line or grid of the wrong length */
    SUDOKU_ESYMBOL = -6,   /* reader: a character that is not a symbol */
    SUDOKU_EROWS = -7,     /* reader: a grid with too few rows */
    SUDOKU_EREGIONS = -8,  /* a region map that is not N regions of N cells */
    SUDOKU_EALPHABET = -9, /* an alphabet with repeats or reserved characters */
    SUDOKU_EENGINE = -10,  /* the exact-cover engine reported an error */
    SUDOKU_ESTOPPED = -11  /* the progress callback stopped the search */
};

/* A short English sentence for a status code. Never NULL; static storage. */
SUDOKU_API const char *sudoku_strerror(int code);

/* --- Shapes -------------------------------------------------------------- */

/* Variant flags; they combine (SUDOKU_X | SUDOKU_HYPER). */
#define SUDOKU_STANDARD 0u
#define SUDOKU_X 1u      /* both main diagonals are houses */
#define SUDOKU_HYPER 2u  /* windoku: (b-1)^2 extra b x b windows, for b x b boxes:
                            rows and columns 1..b, b+2..2b+1, ... (from 0) */

typedef struct sudoku_shape {
    int n;             /* side and number of symbols, 2..SUDOKU_MAX_N */
    int box_rows;      /* box height; 0 with regions */
    int box_cols;      /* box width; box_rows * box_cols == n */
    unsigned variant;  /* SUDOKU_X, SUDOKU_HYPER flags */
    /* Jigsaw: n*n region numbers 0..n-1, each used by n cells, replacing the
     * boxes; NULL for boxes. Copied by sudoku_solver_new(). */
    const uint8_t *regions;
} sudoku_shape;

/* Fills *shape with the default shape for side n: boxes r x c with r the
 * largest divisor of n not above sqrt(n) and r >= 2 (4: 2x2, 6: 2x3, 9: 3x3,
 * 12: 3x4, 16: 4x4, 25: 5x5), standard rules. SUDOKU_ESHAPE when n has no
 * such box (a prime n, or out of range). */
SUDOKU_API int sudoku_shape_default(sudoku_shape *shape, int n);

/* Reads a jigsaw region map: n lines of n region letters (any characters but
 * blanks, '#' starts a comment line, spaces and '|' ignored). Writes n and
 * regions[0..n*n-1] (numbered 0..n-1 in order of first appearance; regions
 * must hold SUDOKU_MAX_CELLS bytes). SUDOKU_EREGIONS (with *line set to the
 * offending line, 0 when it is about the whole map) when the map is not n
 * regions of n cells. */
SUDOKU_API int sudoku_parse_regions(const char *text, size_t len, int *n, uint8_t *regions,
                                    long *line);

/* --- Solving ------------------------------------------------------------- */

enum sudoku_algorithm {
    SUDOKU_DLX = 0,       /* dancing links on the exact-cover encoding */
    SUDOKU_BITMASK = 1,   /* candidates as bitmasks; branch on the cell with
                             the fewest candidates */
    SUDOKU_BACKTRACK = 2, /* the textbook method: cells in reading order, symbols
                             1..N, back up on a clash */
    SUDOKU_BAND = 3       /* plain 9x9 only: bit-parallel on bands of three
                             boxes, singles and locked candidates before each
                             guess; the fastest here */
};

typedef struct sudoku_solver sudoku_solver;

/* Search statistics of one sudoku_solve() call. nodes: search-tree nodes,
 * each time the search chooses what to branch on (a cell or, with dlx, an
 * item); the same meaning as the engine's, so the algorithms compare. The
 * dlx, bitmask and backtrack searches count forced moves too (a node with
 * one branch); band infers those before it branches, so its nodes are
 * guesses only (0 for a puzzle solved by singles and locked candidates). */
typedef struct sudoku_stats {
    uint64_t nodes;
} sudoku_stats;

/* Where two givens clash (after SUDOKU_ECONFLICT): the house, the symbol and
 * the two cells (indexes r * N + c). */
typedef struct sudoku_conflict {
    int house;
    int symbol;
    int cell1;
    int cell2;
} sudoku_conflict;

/* A solver for one shape and algorithm. Builds everything the algorithm needs
 * (for dlx the whole exact-cover problem) once. NULL on failure with *err set
 * (SUDOKU_ESHAPE, SUDOKU_EREGIONS, SUDOKU_ENOMEM, SUDOKU_EINVAL); err may be
 * NULL. SUDOKU_BAND takes the plain 9x9 shape only (3x3 boxes, no variant,
 * no regions): SUDOKU_ESHAPE otherwise. The caller owns the solver;
 * sudoku_solver_free() releases it. */
SUDOKU_API sudoku_solver *sudoku_solver_new(const sudoku_shape *shape, enum sudoku_algorithm alg,
                                            int *err);
/* An independent copy for another thread. NULL when out of memory. */
SUDOKU_API sudoku_solver *sudoku_solver_clone(const sudoku_solver *s);
SUDOKU_API void sudoku_solver_free(sudoku_solver *s);

/* Solves one puzzle: givens[0..n*n-1] (0 blank, 1..n a symbol). Returns the
 * number of solutions found, at most limit (limit 1: first solution; limit 2:
 * proves uniqueness; 0: no limit, count them all), or a negative status:
 * SUDOKU_ECONFLICT when two givens clash (see sudoku_solver_conflict()),
 * SUDOKU_EINVAL for a value above n. solution may be NULL; otherwise it
 * receives the first solution (n*n cells) when there is one. stats may be
 * NULL. No allocation; safe to call millions of times. */
SUDOKU_API int64_t sudoku_solve(sudoku_solver *s, const uint8_t *givens, uint64_t limit,
                                uint8_t *solution, sudoku_stats *stats);

/* Called with each solution (n*n cells, valid during the call only). Return
 * 0 to go on, non-zero to stop. */
typedef int (*sudoku_solution_fn)(void *ctx, const uint8_t *grid);

/* As sudoku_solve(), calling fn for every solution (up to limit). */
SUDOKU_API int64_t sudoku_solve_each(sudoku_solver *s, const uint8_t *givens, uint64_t limit,
                                     sudoku_solution_fn fn, void *ctx, sudoku_stats *stats);

/* Called about every `every` search nodes of a sudoku_solve*() call, on the
 * thread that solves, with the nodes of this call so far: for a progress
 * line, and to stop a long search (Ctrl-C). Return 0 to go on, non-zero to
 * stop: the call then returns SUDOKU_ESTOPPED (the solutions found before
 * were given to its callback; sudoku_solver_found() says how many). */
typedef int (*sudoku_progress_fn)(void *ctx, uint64_t nodes);

/* Sets (fn NULL: removes) the progress callback of s, kept for every later
 * solve; every 0 means 65536. Every algorithm honours it. A clone starts
 * without one. */
SUDOKU_API void sudoku_solver_set_progress(sudoku_solver *s, sudoku_progress_fn fn, void *ctx,
                                           uint64_t every);

/* The number of solutions the last solve of s found, also when it was
 * stopped (SUDOKU_ESTOPPED) or ended with another status. */
SUDOKU_API uint64_t sudoku_solver_found(const sudoku_solver *s);

/* After SUDOKU_ECONFLICT: which house, symbol and cells clash. */
SUDOKU_API void sudoku_solver_conflict(const sudoku_solver *s, sudoku_conflict *out);

/* The shape the solver was built for (regions points into the solver). */
SUDOKU_API const sudoku_shape *sudoku_solver_shape(const sudoku_solver *s);
SUDOKU_API enum sudoku_algorithm sudoku_solver_algorithm(const sudoku_solver *s);

/* The houses: how many, the n cells of house h, and a name such as
 * "row 3", "column 5", "box 4", "region 2", "main diagonal" (top left to
 * bottom right), "anti diagonal", "window 3" (numbered from 1 in reading
 * order, as people count). */
SUDOKU_API int sudoku_house_count(const sudoku_solver *s);
SUDOKU_API const int32_t *sudoku_house_cells(const sudoku_solver *s, int house);
SUDOKU_API void sudoku_house_name(const sudoku_solver *s, int house, char *buf, size_t cap);

/* 1 when grid (n*n cells, no blanks) breaks no house and agrees with the
 * givens (when givens is not NULL), else 0. */
SUDOKU_API int sudoku_check_solution(const sudoku_solver *s, const uint8_t *givens,
                                     const uint8_t *grid);

/* The dancing-links encoding, for teaching tools: the exact-cover problem of
 * a SUDOKU_DLX solver (NULL for the other algorithms), owned by the solver.
 * Its items are "cell i holds a symbol" and "house h holds symbol v"; its
 * options are "cell i holds v". What an engine id means is asked of the
 * functions below, so that a tool watching the engine (its event hook)
 * never does the arithmetic of the encoding itself. */
struct dlx_problem;
SUDOKU_API struct dlx_problem *sudoku_solver_dlx(sudoku_solver *s);

enum sudoku_item_kind {
    SUDOKU_ITEM_CELL = 0,  /* the cell holds one symbol */
    SUDOKU_ITEM_HOUSE = 1  /* the house holds the symbol once */
};

/* What one item of the encoding stands for. */
typedef struct sudoku_item {
    enum sudoku_item_kind kind;
    int cell;    /* SUDOKU_ITEM_CELL: the cell (r * N + c); -1 otherwise */
    int house;   /* SUDOKU_ITEM_HOUSE: the house (see sudoku_house_name()); -1 otherwise */
    int symbol;  /* SUDOKU_ITEM_HOUSE: the symbol 1..N; 0 otherwise */
} sudoku_item;

/* Fills *out with what engine item `item` of a SUDOKU_DLX solver means.
 * SUDOKU_OK, or SUDOKU_EINVAL for another algorithm or an id out of range. */
SUDOKU_API int sudoku_dlx_item(const sudoku_solver *s, int32_t item, sudoku_item *out);
/* The cell and symbol (1..N) of engine option `option`: "cell holds
 * symbol". SUDOKU_OK or SUDOKU_EINVAL, as above. */
SUDOKU_API int sudoku_dlx_option(const sudoku_solver *s, int32_t option, int *cell,
                                 int *symbol);
/* The engine item of "cell holds one symbol" (its options are the cell's
 * candidates), or SUDOKU_EINVAL. */
SUDOKU_API int32_t sudoku_dlx_cell_item(const sudoku_solver *s, int cell);

/* --- Reading text ---------------------------------------------------------- */

/* How a puzzle was written: one puzzle per line, or a grid of N lines. */
enum sudoku_form { SUDOKU_FORM_LINE = 0, SUDOKU_FORM_GRID = 1 };

typedef struct sudoku_read_options {
    /* The symbols, in order (value 1 first): a string such as "0-9A-F" where
     * X-Y is a range; NULL for SUDOKU_DEFAULT_ALPHABET. '.', '_' and '0'
     * (unless the alphabet uses it) are blanks. */
    const char *alphabet;
    /* Only accept puzzles of this side (0: detect it from the text). */
    int n;
} sudoku_read_options;

typedef struct sudoku_reader sudoku_reader;

/* One puzzle read from the text. */
typedef struct sudoku_puzzle {
    int n;                /* side */
    enum sudoku_form form;
    long line;            /* first line of the puzzle, from 1 */
    long last_line;       /* its last line */
    uint8_t cells[SUDOKU_MAX_CELLS];
} sudoku_puzzle;

/* What was wrong with a piece of text (after a negative sudoku_reader_next()). */
typedef struct sudoku_read_error {
    int code;     /* SUDOKU_ELENGTH, SUDOKU_ESYMBOL, SUDOKU_EROWS */
    long line;    /* line of the fault, from 1 */
    long column;  /* byte column of the fault, from 1; 0 when about a line */
    long first_line; /* first line of the puzzle the fault belongs to */
    int found;    /* ELENGTH: symbols found; EROWS: rows found; ESYMBOL: the
                     character (0..255) */
    int expected; /* ELENGTH: symbols expected (0 when no size fits);
                     EROWS: rows expected; ESYMBOL: the side n */
    enum sudoku_form form;
} sudoku_read_error;

/* A reader over text[0..len-1] (not copied: it must outlive the reader).
 * Detects, for each piece, a puzzle on one line (N*N symbols), a grid of N
 * lines of N symbols (spaces, '|' and separator lines of '-', '+', '|', '='
 * ignored), or a grid of N lines that uses spaces as blanks, one character
 * a cell ("53  7    "; see reader.c for how it is told apart); '#' comment
 * lines, '%' title lines (Debian sudoku's -fcompact files; unless '%' is a
 * symbol), blank lines, a line "end" (ends the input), CRLF line ends and a
 * UTF-8 byte-order mark are understood. NULL on failure
 * with *err set (SUDOKU_EALPHABET, SUDOKU_EINVAL, SUDOKU_ENOMEM). */
SUDOKU_API sudoku_reader *sudoku_reader_new(const char *text, size_t len,
                                            const sudoku_read_options *opt, int *err);
SUDOKU_API void sudoku_reader_free(sudoku_reader *r);

/* Reads the next puzzle. 1: *out holds it; 0: end of input; negative: a
 * piece of text that is not a puzzle, described in *err (may be NULL); the
 * reader has moved past it, so call again to go on. */
SUDOKU_API int sudoku_reader_next(sudoku_reader *r, sudoku_puzzle *out, sudoku_read_error *err);

/* Streaming: for input that arrives in pieces (a pipe, a terminal). The
 * reader reads from the text it was last given; sudoku_reader_consumed()
 * says how many of its bytes are behind it. To go on, give it a new text
 * that starts with the bytes it has not consumed, followed by new ones:
 * sudoku_reader_feed(r, text, len, final); line numbers go on from where
 * they were. With final 0 (more may come), sudoku_reader_next() returns 0
 * rather than read a piece that might continue past the end of the text:
 * feed it more, or with final 1 at the end of the input. A reader made by
 * sudoku_reader_new() is final; a byte-order mark is skipped only at the
 * start of that first text. The same text is not copied: it must stay
 * valid until the next feed. SUDOKU_OK or SUDOKU_EINVAL. */
SUDOKU_API int sudoku_reader_feed(sudoku_reader *r, const char *text, size_t len, int final);
SUDOKU_API size_t sudoku_reader_consumed(const sudoku_reader *r);

/* Parses an alphabet such as "0-9A-F" into symbols[0..] (capacity
 * SUDOKU_MAX_N + 1, NUL-terminated). Returns the number of symbols or
 * SUDOKU_EALPHABET (repeats, a blank or separator character, too many). */
SUDOKU_API int sudoku_parse_alphabet(const char *spec, char *symbols);

/* --- Writing text ---------------------------------------------------------- */

/* Writes grid (n*n cells) as one line of n*n symbols and a NUL: buf needs
 * n*n + 1 bytes. Blanks are written '.'. alphabet is a parsed alphabet (or
 * NULL for the default). Returns the number of characters written. */
SUDOKU_API size_t sudoku_format_line(const uint8_t *grid, int n, const char *alphabet, char *buf);
/* n lines of n symbols, each ending in '\n'; buf needs n*(n+1) + 1 bytes. */
SUDOKU_API size_t sudoku_format_grid(const uint8_t *grid, int n, const char *alphabet, char *buf);
/* For people: symbols separated by spaces, boxes framed with '|', '-' and
 * '+' (box_rows/box_cols 0: no box lines, as for jigsaw). Returns the length
 * it needs; writes at most cap bytes (NUL included), like snprintf. */
SUDOKU_API size_t sudoku_format_pretty(const uint8_t *grid, int n, int box_rows, int box_cols,
                                       const char *alphabet, char *buf, size_t cap);

/* For jigsaw grids: each cell framed by the borders of its region (regions:
 * n*n region numbers). Same conventions as sudoku_format_pretty(). */
SUDOKU_API size_t sudoku_format_regions(const uint8_t *grid, int n, const uint8_t *regions,
                                        const char *alphabet, char *buf, size_t cap);

#ifdef __cplusplus
}
#endif

#endif /* SUDOKU_H */
