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
 * Beyond solving: a human-style solver that works by named techniques, step
 * by step (sudoku_logic_*), a rating on the Sudoku Explainer scale built on
 * it (sudoku_rate()), and a generator of puzzles with one solution
 * (sudoku_generate()).
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
    SUDOKU_ESTOPPED = -11, /* the progress callback stopped the search */
    SUDOKU_ESTUCK = -12,   /* logic: no allowed technique applies */
    SUDOKU_ENOTFOUND = -13 /* generate: no puzzle as asked within the tries */
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
 * solve; every 0 means 65536 nodes up to 9x9 and fewer on bigger grids,
 * whose nodes cost more: 65536 * 81 / (N * N), at least 1024 (25x25: 8493,
 * 64x64: 1296), so that a progress line and Ctrl-C come about as often on
 * any grid. Every algorithm honours it. A clone starts without one. */
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

/* --- Solving like a person: techniques, steps, rating ---------------------- */

/* The techniques of the human-style solver, in the order it tries them: the
 * order of their difficulty on the Sudoku Explainer scale (docs/rating.md
 * has the table and its source). A "direct" technique is the plain one when
 * its eliminations leave a hidden single at once; the step then places it.
 * Every technique works on any shape and variant through the house lists,
 * with these limits: fish (X-wing, swordfish, jellyfish) use rows and
 * columns; pointing/claiming use any two houses that share two or more
 * cells; the unique rectangle needs two rows and two columns whose four
 * cells every other house meets in 0, 2 or 4 of them (2 boxes, for boxes),
 * and is used only on puzzles with one solution. */
enum sudoku_technique {
    SUDOKU_FULL_HOUSE = 0,      /* the last empty cell of a house */
    SUDOKU_HIDDEN_SINGLE_BOX,   /* the only place for a symbol in a box, region or window */
    SUDOKU_HIDDEN_SINGLE_LINE,  /* ... in a row, column or diagonal */
    SUDOKU_DIRECT_POINTING,
    SUDOKU_DIRECT_CLAIMING,
    SUDOKU_DIRECT_HIDDEN_PAIR,
    SUDOKU_NAKED_SINGLE,        /* the only candidate left in a cell */
    SUDOKU_DIRECT_HIDDEN_TRIPLE,
    SUDOKU_POINTING,            /* locked candidates: a box's symbol confined to one line */
    SUDOKU_CLAIMING,            /* a line's symbol confined to one box */
    SUDOKU_NAKED_PAIR,
    SUDOKU_X_WING,
    SUDOKU_HIDDEN_PAIR,
    SUDOKU_NAKED_TRIPLE,
    SUDOKU_SWORDFISH,
    SUDOKU_HIDDEN_TRIPLE,
    SUDOKU_XY_WING,
    SUDOKU_XYZ_WING,
    SUDOKU_UNIQUE_RECTANGLE,    /* types 1 to 4 */
    SUDOKU_NAKED_QUAD,
    SUDOKU_JELLYFISH,
    SUDOKU_HIDDEN_QUAD,
    SUDOKU_BUG,                 /* bivalue universal grave, types 1, 2 and 4 */
    SUDOKU_ALIGNED_PAIR,        /* aligned pair exclusion */
    SUDOKU_SIMPLE_COLOURING,    /* one symbol's conjugate pairs in two colours */
    SUDOKU_W_WING,
    /* chains (Sudoku Explainer's; their rating grows with their length, so
     * a step's rating may be above the technique's base) */
    SUDOKU_FORCING_CHAIN,       /* X-, Y-, XY-chains and cycles: 6.5 up */
    SUDOKU_ALIGNED_TRIPLE,      /* aligned triplet exclusion: 7.5 */
    SUDOKU_NISHIO,              /* one symbol, dynamic, to a contradiction: 7.5 up */
    SUDOKU_MULTIPLE_CHAIN,      /* cell and region forcing chains: 8.0 up */
    SUDOKU_DYNAMIC_CHAIN,       /* dynamic forcing chains: 8.5 up */
    SUDOKU_DYNAMIC_CHAIN_PLUS,  /* the same with locked candidates, pairs, X-wings: 9.0 up */
    /* nested forcing chains: dynamic ones that also use, when they stall, */
    SUDOKU_NESTED_FORCING_CHAIN,  /* ... forcing chains and cycles: 9.5 up */
    SUDOKU_NESTED_MULTIPLE_CHAIN, /* ... and multiple forcing chains: 10.0 up */
    SUDOKU_NESTED_DYNAMIC_CHAIN,  /* ... dynamic forcing chains: 10.5 up */
    SUDOKU_GUESS,               /* no technique applies: the value of the cell with
                                   the fewest candidates, from the solution */
    SUDOKU_TECHNIQUE_COUNT
};

/* The techniques of Sudoku Explainer, the ones a rating uses (bit t for
 * technique t): all but simple colouring and the W-wing, which are this
 * library's own (--explain shows them; Sudoku Explainer finds the same as
 * chains), and the guess. */
#define SUDOKU_SE_TECHNIQUES                                                                     \
    ((((uint64_t)1 << SUDOKU_GUESS) - 1) & ~((uint64_t)1 << SUDOKU_SIMPLE_COLOURING) &          \
     ~((uint64_t)1 << SUDOKU_W_WING))

/* "hidden single", "X-wing", ...: for people. Static storage; "?" when out
 * of range. */
SUDOKU_API const char *sudoku_technique_name(int technique);
/* "hidden-single-box", "x-wing", ...: lower case, no spaces, for JSON, CSV
 * and option values. */
SUDOKU_API const char *sudoku_technique_id(int technique);
/* The technique's difficulty on the Sudoku Explainer scale, in tenths (23
 * for a naked single's 2.3); the guess has none of its own (0). */
SUDOKU_API int sudoku_technique_rating(int technique);

/* Bounds of what one step records; a step with more eliminations than
 * SUDOKU_STEP_MAX_ELIMS records the first ones (all sound) and sets
 * more_elims: applying it and looking again finds the rest. */
#define SUDOKU_STEP_MAX_CELLS 64
#define SUDOKU_STEP_MAX_HOUSES 8
#define SUDOKU_STEP_MAX_ELIMS 256

/* One candidate removed: symbol digit (1..n) from cell. because[0..1] are
 * the cells of the pattern that see it, when the pattern's cells do not all
 * play the same part (simple colouring: one cell of each colour; wings: the
 * two pincers); -1 when the whole pattern is the reason. */
typedef struct sudoku_elim {
    int32_t cell;
    int32_t digit;
    int32_t because[2];
} sudoku_elim;

/* Why a step is true, in a form a program can word. Cells are r*n+c, houses
 * index the solver's house list (sudoku_house_name() names them), digits
 * are symbol values 1..n, digit masks have bit d-1 for symbol d.
 *
 *   technique   what was used; rating its difficulty in tenths
 *   cell, digit the value placed (singles, direct techniques, guesses), or
 *               cell -1 for a step that only eliminates
 *   house       the house that makes the placement a single (full house,
 *               hidden single, direct: the house where the single appears),
 *               -1 for naked singles and guesses
 *   digits      the pattern's symbols (subsets: the 2..4 symbols; fish,
 *               colouring, locked candidates: the one symbol; wings: the
 *               symbols of the pivot; rectangle: the pair)
 *   cells       the pattern's cells, role[k] the part cells[k] plays:
 *               wings: 0 the pivot, 1 a pincer, 2 (W-wing) an end of the
 *               strong link; colouring: 0 or 1 the colour; rectangle: 0 a
 *               floor cell (the two symbols only), 1 the roof (more);
 *               otherwise 0
 *   houses      subsets, locked candidates: the house(s), the one the
 *               pattern lives in first; fish: nbase base lines, then the
 *               cover lines; W-wing: the house of the strong link
 *   elims       the candidates removed (see sudoku_elim)
 *   candidates  for a guess: how many candidates the cell had; for a
 *               chain: the nodes it counts (its length), those of the
 *               chains nested in it included */
typedef struct sudoku_step {
    int technique;
    int rating;
    int32_t cell;
    int32_t digit;
    int32_t house;
    uint64_t digits;
    int ncells;
    int32_t cells[SUDOKU_STEP_MAX_CELLS];
    uint8_t role[SUDOKU_STEP_MAX_CELLS];
    int nhouses;
    int nbase;
    int32_t houses[SUDOKU_STEP_MAX_HOUSES];
    int nelims;
    int more_elims;
    sudoku_elim elims[SUDOKU_STEP_MAX_ELIMS];
    int candidates;
} sudoku_step;

/* A human-style solver for one shape: a grid of values and candidates that
 * techniques work on, step by step. It holds a dancing-links solver (for the
 * solution the guesses take their values from, and for the uniqueness the
 * unique rectangle relies on) and scratch: no allocation per puzzle or per
 * step. NULL on failure with *err set, as sudoku_solver_new(); the caller
 * owns it (sudoku_logic_free()). One thread at a time. */
typedef struct sudoku_logic sudoku_logic;

SUDOKU_API sudoku_logic *sudoku_logic_new(const sudoku_shape *shape, int *err);
SUDOKU_API void sudoku_logic_free(sudoku_logic *L);
/* The dancing-links solver inside (houses, their names, the shape); owned by
 * L. */
SUDOKU_API sudoku_solver *sudoku_logic_solver(sudoku_logic *L);

/* Starts on a puzzle: givens placed, every candidate not excluded by a given
 * pencilled in; the solution counted up to 2. Returns 0 (no solution), 1
 * (unique), 2 (several: the steps still hold for every solution, but the
 * unique rectangle is not used and guesses follow the first solution found)
 * or a negative status (SUDOKU_ECONFLICT: two givens clash; SUDOKU_EINVAL). */
SUDOKU_API int sudoku_logic_start(sudoku_logic *L, const uint8_t *givens);

/* Which techniques sudoku_logic_next() may use: bit t for technique t
 * (default: all; the guess may be left out too, then a grid no technique
 * can advance is reported as stuck). */
SUDOKU_API void sudoku_logic_allow(sudoku_logic *L, uint64_t techniques);

/* Finds the easiest allowed step and applies it. 1: *step says what was
 * done; 0: the grid is full (solved); SUDOKU_ESTUCK: no allowed technique
 * applies (only without the guess); SUDOKU_ECONFLICT: the grid broke (a cell
 * without candidate; only for a puzzle without solution, which start
 * reported); SUDOKU_EINVAL: not started. */
SUDOKU_API int sudoku_logic_next(sudoku_logic *L, sudoku_step *step);

/* Looks for one step of technique t on the grid as it is, without applying
 * it: 1 found (*step filled), 0 none. */
SUDOKU_API int sudoku_logic_find(sudoku_logic *L, int technique, sudoku_step *step);
/* Applies a step found by sudoku_logic_find() (or any placement and
 * eliminations the caller knows to be sound). The direct techniques apply
 * their placement only: their eliminations are why the single appears, and
 * Sudoku Explainer, whose path the rating follows, leaves them. SUDOKU_OK,
 * or SUDOKU_EINVAL for a cell, digit or value out of range. */
SUDOKU_API int sudoku_logic_apply(sudoku_logic *L, const sudoku_step *step);

/* The grid as it stands: the value of a cell (0 blank), the candidates of a
 * blank cell (bit d-1 for symbol d; 0 for a filled cell), the number of
 * blank cells. */
SUDOKU_API int sudoku_logic_value(const sudoku_logic *L, int cell);
SUDOKU_API uint64_t sudoku_logic_candidates(const sudoku_logic *L, int cell);
SUDOKU_API int sudoku_logic_blanks(const sudoku_logic *L);
/* The first solution found by sudoku_logic_start() (n*n cells), or NULL
 * when there is none. Owned by L. */
SUDOKU_API const uint8_t *sudoku_logic_solution(const sudoku_logic *L);
/* 1 when cells a and b share a house (a != b). */
SUDOKU_API int sudoku_logic_sees(const sudoku_logic *L, int a, int b);

/* --- Rating ----------------------------------------------------------------- */

enum sudoku_level {
    SUDOKU_EASY = 0,    /* singles only: rating up to 2.3 */
    SUDOKU_MEDIUM,      /* locked candidates, naked pairs, X-wing, hidden pairs: to 3.4 */
    SUDOKU_HARD,        /* triples, swordfish, XY- and XYZ-wings, rectangle: to 4.5 */
    SUDOKU_EXPERT,      /* quads, jellyfish, colouring, W-wing: to 6.9 */
    SUDOKU_EXTREME,     /* no technique here finishes it: trials or guesses */
    SUDOKU_LEVEL_COUNT
};

/* "easy" ... "extreme"; "?" out of range. */
SUDOKU_API const char *sudoku_level_name(int level);
/* The level named name, or -1. */
SUDOKU_API int sudoku_level_from_name(const char *name);
/* The scores (tenths) of a level: easy 10-23, medium 24-34, hard 35-45,
 * expert 46-69, extreme 70 and up (SUDOKU_EINVAL out of range). */
SUDOKU_API int sudoku_level_range(int level, int *min, int *max);

/* A puzzle's rating. score: the hardest step's difficulty in tenths of the
 * Sudoku Explainer scale, the steps being Sudoku Explainer's techniques
 * (SUDOKU_SE_TECHNIQUES) in its order, chains up to its dynamic forcing
 * chains (+) included on grids up to 16x16, and its nested forcing chains
 * on puzzles of one solution up to 9x9. Where none applies, the rating
 * goes on by trial: every candidate is assumed and propagated, and those
 * that break the grid soonest are eliminated; such a step is rated by the
 * estimate of docs/rating.md (how soon the contradiction came), and
 * estimated is 1. Only when no assumption breaks the grid is a guess taken
 * (the solution's value, as sudoku_logic_next() guesses), rated 11.0 (an
 * estimate: there Sudoku Explainer would go on with nested forcing chains,
 * or with more of them). On grids the chains cover, a trial never succeeds
 * where they failed, so there it is always a guess. The steps of a trial
 * and of a guess are counted as used[SUDOKU_GUESS]. */
typedef struct sudoku_rating {
    int solutions;       /* 0, 1 or 2 (several), as sudoku_logic_start() */
    int score;           /* tenths: 23 is 2.3 */
    int level;           /* enum sudoku_level */
    int estimated;       /* 1 when the score includes an estimate */
    int hardest;         /* the technique of the hardest step (SUDOKU_GUESS
                            for a trial or a guess) */
    int hardest_trial;   /* 1 when that step was a trial */
    int steps;           /* steps taken */
    int trials;          /* steps by trial, where no technique applied */
    int guesses;         /* guesses, where no trial worked either */
    int placed;          /* cells filled (the blanks) */
    uint32_t used[SUDOKU_TECHNIQUE_COUNT]; /* steps per technique */
} sudoku_rating;

/* Rates a puzzle: solves it with Sudoku Explainer's techniques that are
 * allowed (sudoku_logic_allow(); all by default), always the easiest that
 * applies, going on by trial (and guess) where none does, and records the
 * hardest step. Returns the number of solutions as sudoku_logic_start()
 * (the rating is meaningful for 1; for 0 *out holds only solutions) or a
 * negative status. */
SUDOKU_API int sudoku_rate(sudoku_logic *L, const uint8_t *givens, sudoku_rating *out);
/* The techniques a rating used, into buf (cap bytes, always terminated):
 * "12 full house, 3 pointing, 1 X-wing, 2 trials" for people (words 1), or
 * "full-house:12 pointing:3 x-wing:1 trial:2" (ids, words 0), in the order
 * of the techniques, then the trials and guesses. Returns the length
 * written (cut short to fit cap). */
SUDOKU_API size_t sudoku_rating_techniques(const sudoku_rating *r, int words, char *buf,
                                           size_t cap);

/* --- Generating --------------------------------------------------------------- */

/* Which cells must be given together, as a group of moves of the grid. */
enum sudoku_symmetry {
    SUDOKU_SYM_NONE = 0,
    SUDOKU_SYM_ROTATE180,     /* "rotational": (r, c) and (n-1-r, n-1-c) */
    SUDOKU_SYM_ROTATE90,      /* the four quarter turns */
    SUDOKU_SYM_MIRROR,        /* left-right: (r, n-1-c) */
    SUDOKU_SYM_FLIP,          /* top-bottom: (n-1-r, c) */
    SUDOKU_SYM_DIAGONAL,      /* about the main diagonal: (c, r) */
    SUDOKU_SYM_ANTIDIAGONAL,  /* about the other diagonal: (n-1-c, n-1-r) */
    SUDOKU_SYM_BOTH_MIRRORS,  /* mirror and flip (and so rotate180) */
    SUDOKU_SYM_DIHEDRAL,      /* all eight moves of the square */
    SUDOKU_SYM_RANDOM,        /* one of none .. diagonal, drawn per puzzle */
    SUDOKU_SYMMETRY_COUNT
};

/* "none", "rotational", "rotate90", "mirror", "flip", "diagonal",
 * "antidiagonal", "mirrors", "dihedral", "random"; "?" out of range. */
SUDOKU_API const char *sudoku_symmetry_name(int symmetry);
/* The symmetry named name (also "rotate180", "rotate90", "horizontal" for
 * mirror, "vertical" for flip, "full" for dihedral), or -1. */
SUDOKU_API int sudoku_symmetry_from_name(const char *name);
/* The cell (r*n+c) that cell goes to under the k-th move of the symmetry
 * (k from 0; move 0 is the identity), or -1 when the symmetry has fewer
 * moves (or is random). For tests and tools that check a puzzle's
 * symmetry. */
SUDOKU_API int sudoku_symmetry_image(int symmetry, int n, int k, int cell);

typedef struct sudoku_generate_options {
    int symmetry;         /* enum sudoku_symmetry */
    int clues;            /* stop removing givens at this many (0: as few as
                             it can); the result can have more, when no
                             removal keeps it unique */
    int minimal;          /* 1: every given is needed (each removed alone
                             gives several solutions); with a symmetry or
                             clues, puzzles that are not are thrown away;
                             up to 16x16 (beyond, SUDOKU_EINVAL) */
    int rate_min;         /* keep only puzzles rated in [rate_min, rate_max] */
    int rate_max;         /* (tenths; 0 and 0: any rating) */
    uint64_t tries;       /* give up after this many candidate puzzles (0:
                             100,000) */
    int (*stop)(void *ctx); /* asked before each candidate (NULL: never):
                             non-zero ends the call with SUDOKU_ESTOPPED,
                             so that Ctrl-C is not kept waiting for up to
                             100,000 candidates (minutes) */
    void *stop_ctx;
} sudoku_generate_options;

/* What sudoku_generate() made. */
typedef struct sudoku_generated {
    int clues;            /* givens of the puzzle */
    int minimal;          /* 1 when it was checked minimal */
    uint64_t tries;       /* candidate puzzles made to find it */
    sudoku_rating rating; /* filled when rate_min/rate_max asked for it */
    int rated;
} sudoku_generated;

/* A generator for one shape: a fast solver for the uniqueness checks and a
 * human-style solver for ratings, both owned. NULL on failure with *err set
 * (as sudoku_solver_new()). One thread at a time; give each thread its own. */
typedef struct sudoku_generator sudoku_generator;

SUDOKU_API sudoku_generator *sudoku_generator_new(const sudoku_shape *shape, int *err);
SUDOKU_API void sudoku_generator_free(sudoku_generator *g);

/* Makes one puzzle with exactly one solution from seed (the same seed, shape
 * and options give the same puzzle, on any machine and thread): a random
 * full grid, then givens removed, symmetric group by group in random order,
 * each removal kept only when the puzzle stays unique (proved by the
 * solver up to 16x16, by singles beyond: such puzzles are not minimal).
 * Without clues or symmetry the result is minimal, except above 9x9 when a
 * check gave up (info->minimal says; ask for minimal to be sure). puzzle
 * and solution
 * (may be NULL) receive n*n cells; info (may be NULL) what was made.
 * SUDOKU_OK; SUDOKU_ENOTFOUND when tries candidates gave no puzzle with the
 * asked rating or minimality (puzzle then holds the last one made, unique);
 * SUDOKU_ESTOPPED when opt->stop said so (puzzle as for ENOTFOUND, or
 * untouched before the first candidate); SUDOKU_EINVAL for bad options. */
SUDOKU_API int sudoku_generate(sudoku_generator *g, const sudoku_generate_options *opt,
                               uint64_t seed, uint8_t *puzzle, uint8_t *solution,
                               sudoku_generated *info);

#ifdef __cplusplus
}
#endif

#endif /* SUDOKU_H */
