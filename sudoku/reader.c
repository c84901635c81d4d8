/* SPDX-License-Identifier: MIT */
/* reader.c - turns text into puzzles, detecting how each was written.
 *
 * The text is cut into lines (LF or CRLF; a UTF-8 byte-order mark at the
 * start is skipped). Each line is blank, a comment ('#' first, or '%' as in
 * the title lines of Debian's sudoku -fcompact, unless '%' is a symbol), the
 * word "end" (stops the input), a separator (only '-', '=', '+', '|' and
 * spaces, with at least one '-' or '='), or a row of symbols. In a row,
 * spaces, tabs and '|' are ignored and " #..." ends it.
 *
 * Except in a grid that uses spaces as blanks, one character a cell
 * ("53  7    "): N lines of at most N characters (the trailing blanks may
 * have been cut, but one line at least reaches column N), symbols and
 * spaces only (no '.' or '_'), a space before a symbol in the first line,
 * and nothing but a blank line, a comment, "end" or the end of the text
 * after them. Blank lines inside are empty rows. Such a block is read
 * column by column before anything else is tried.
 *
 * Streaming (sudoku_reader_feed()): while more text may come, a piece is
 * read only when neither it nor the look-ahead that decides it reaches the
 * end of the text given so far; otherwise the reader goes back to where
 * the piece began and asks for more.
 *
 * A row of c symbols is a whole puzzle when c = N*N for a size N the reader
 * accepts, and the first row of a grid when c = N. Only c = 16 (a 4x4 line,
 * or a row of a 16x16 grid) and c = 36 can be both; the row is then a grid
 * row when it has spaces or '|' between symbols, or when it is followed by
 * the rest of a grid that uses symbols a 4x4 (6x6) puzzle cannot hold.
 *
 * Every piece of text that is not a puzzle gives exactly one error, so a
 * caller can pair its outputs with the puzzles of the input. A grid with a
 * bad row is one error; the reader then skips the rest of that grid (but not
 * a following row that is a whole puzzle on its own). The reader never
 * allocates after creation and never reads outside text[0..len-1]. */
#include "sudoku.h"

#include <stdlib.h>
#include <string.h>

#define NOT_SYMBOL 0xFF

struct sudoku_reader {
    const char *text;
    size_t len;
    size_t pos;        /* start of the next line */
    long line;         /* number of the next line, from 1 */
    int done;          /* "end" seen */
    int final;         /* text holds the whole rest of the input */
    int bom_pending;   /* nothing read yet: a byte-order mark may start it */
    int hit_end;       /* not final, and a line or a look-ahead needed more */
    int forced_n;      /* 0: detect */
    int alpha_len;     /* symbols in the alphabet */
    int last_n;        /* side of the last puzzle read, for error messages */
    uint8_t value[256];/* char -> 0 blank, 1..alpha_len, NOT_SYMBOL */
};

enum line_kind { LINE_BLANK, LINE_COMMENT, LINE_END, LINE_SEPARATOR, LINE_ROW };

typedef struct text_line {
    const char *s;     /* start of the line (no line end) */
    size_t len;        /* up to the comment or the end, trailing blanks cut */
    long number;
    enum line_kind kind;
    int count;         /* LINE_ROW: symbols on it */
    int spaced;        /* LINE_ROW: spaces or '|' between symbols */
    size_t raw_len;    /* the whole line but its CR: for spaces as blanks */
} text_line;

/* --- Alphabets ------------------------------------------------------------- */

static int reserved_char(int ch)
{
    return ch <= ' ' || ch >= 127 || strchr(".|_-+=#", ch) != NULL;
}

int sudoku_parse_alphabet(const char *spec, char *symbols)
{
    if (!spec || !symbols)
        return SUDOKU_EINVAL;
    int k = 0;
    size_t len = strlen(spec);
    for (size_t i = 0; i < len; i++) {
        unsigned char lo = (unsigned char)spec[i], hi = lo;
        if (i + 2 < len && spec[i + 1] == '-') {
            hi = (unsigned char)spec[i + 2];
            i += 2;
            if (hi < lo)
                return SUDOKU_EALPHABET;
        }
        for (int ch = lo; ch <= hi; ch++) {
            if (reserved_char(ch) || k >= SUDOKU_MAX_N)
                return SUDOKU_EALPHABET;
            for (int j = 0; j < k; j++)
                if ((unsigned char)symbols[j] == ch)
                    return SUDOKU_EALPHABET;
            symbols[k++] = (char)ch;
        }
    }
    symbols[k] = '\0';
    return k > 0 ? k : SUDOKU_EALPHABET;
}

/* --- Lines ------------------------------------------------------------------ */

static int is_space(int ch)
{
    return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f';
}

/* Cuts the next line at r->pos into *out and classifies it; 0 at the end.
 * While more text may come (not final), a line without its newline is not
 * there yet: 0, and hit_end says so. */
static int read_line(sudoku_reader *r, text_line *out)
{
    if (r->pos >= r->len) {
        r->hit_end |= !r->final;
        return 0;
    }
    const char *s = r->text + r->pos;
    size_t rest = r->len - r->pos;
    const char *nl = memchr(s, '\n', rest);
    if (!nl && !r->final) {
        r->hit_end = 1;
        return 0;
    }
    size_t len = nl ? (size_t)(nl - s) : rest;
    r->pos += nl ? len + 1 : len;
    out->number = r->line++;
    out->s = s;
    out->count = 0;
    out->spaced = 0;
    size_t a = 0;
    while (a < len && is_space((unsigned char)s[a]))
        a++;
    out->raw_len = len > 0 && s[len - 1] == '\r' ? len - 1 : len;
    out->len = len;
    if (a < len && (s[a] == '#' || (s[a] == '%' && r->value['%'] == NOT_SYMBOL))) {
        out->kind = LINE_COMMENT;
        return 1;
    }
    /* " #" starts a trailing comment. */
    for (size_t i = a + 1; i < len; i++)
        if (s[i] == '#' && is_space((unsigned char)s[i - 1])) {
            len = i;
            break;
        }
    while (len > a && is_space((unsigned char)s[len - 1]))
        len--;
    out->len = len;
    if (a == len) {
        out->kind = LINE_BLANK;
        return 1;
    }
    if (len - a == 3 && (s[a] | 0x20) == 'e' && (s[a + 1] | 0x20) == 'n' &&
        (s[a + 2] | 0x20) == 'd') {
        out->kind = LINE_END;
        return 1;
    }
    int only_rules = 1, has_rule = 0;
    for (size_t i = a; i < len; i++) {
        char ch = s[i];
        if (ch == '-' || ch == '=')
            has_rule = 1;
        else if (ch != '+' && ch != '|' && !is_space((unsigned char)ch))
            only_rules = 0;
    }
    if (only_rules && has_rule) {
        out->kind = LINE_SEPARATOR;
        return 1;
    }
    out->kind = LINE_ROW;
    int gap = 0;
    for (size_t i = a; i < len; i++) {
        char ch = s[i];
        if (ch == ' ' || ch == '\t' || ch == '|' || ch == '\r') {
            gap = 1;
            continue;
        }
        if (gap && out->count > 0)
            out->spaced = 1;
        gap = 0;
        out->count++;
    }
    return 1;
}

/* Decodes a row's symbols into dst (room for the row's count) for side n.
 * 0 or SUDOKU_ESYMBOL with err filled (the first bad character). */
static int decode_row(const sudoku_reader *r, const text_line *ln, int n, uint8_t *dst,
                      sudoku_read_error *err)
{
    int k = 0;
    for (size_t i = 0; i < ln->len; i++) {
        unsigned char ch = (unsigned char)ln->s[i];
        if (ch == ' ' || ch == '\t' || ch == '|' || ch == '\r')
            continue;
        uint8_t v = r->value[ch];
        if (v == NOT_SYMBOL || v > n) {
            err->code = SUDOKU_ESYMBOL;
            err->line = ln->number;
            err->column = (long)i + 1;
            err->found = ch;
            err->expected = n;
            return SUDOKU_ESYMBOL;
        }
        dst[k++] = v;
    }
    return 0;
}

/* --- Sizes ----------------------------------------------------------------- */

static int size_ok(const sudoku_reader *r, int n)
{
    if (r->forced_n)
        return n == r->forced_n;
    sudoku_shape sh;
    return n <= r->alpha_len && sudoku_shape_default(&sh, n) == SUDOKU_OK;
}

/* N when c = N*N is an accepted size, else 0. */
static int line_size(const sudoku_reader *r, int c)
{
    for (int m = 2; m * m <= c; m++)
        if (m * m == c)
            return size_ok(r, m) ? m : 0;
    return 0;
}

/* Does the row use a symbol a puzzle of side m cannot hold? */
static int row_exceeds(const sudoku_reader *r, const text_line *ln, int m)
{
    for (size_t i = 0; i < ln->len; i++) {
        uint8_t v = r->value[(unsigned char)ln->s[i]];
        if (v != NOT_SYMBOL && v > m)
            return 1;
    }
    return 0;
}

/* The next row of the current block, looking ahead without consuming:
 * separators and comments are passed over; a blank line, "end" or the end
 * of the text ends the block (0). */
static int peek_row(sudoku_reader *r, text_line *out)
{
    sudoku_reader copy = *r;
    int found = 0;
    while (read_line(&copy, out)) {
        if (out->kind == LINE_ROW)
            found = 1;
        if (found || out->kind == LINE_BLANK || out->kind == LINE_END)
            break;
    }
    r->hit_end |= copy.hit_end;
    return found;
}

/* For a row of c symbols that could be a line puzzle of side m or the first
 * row of a c x c grid: is it a grid? */
static int looks_like_grid(sudoku_reader *r, const text_line *first, int m)
{
    if (first->spaced)
        return 1;
    sudoku_reader copy = *r;
    text_line ln;
    int rows = 1, exceeds = row_exceeds(r, first, m);
    while (rows < first->count && read_line(&copy, &ln)) {
        if (ln.kind == LINE_SEPARATOR)
            return 1;
        if (ln.kind == LINE_COMMENT)
            continue;
        if (ln.kind != LINE_ROW || ln.count != first->count)
            return 0;
        exceeds |= row_exceeds(r, &ln, m);
        rows++;
    }
    r->hit_end |= copy.hit_end;
    return rows == first->count && exceeds;
}

/* --- Spaces as blanks ---------------------------------------------------------- */

/* Can ln be a row of a grid that uses spaces as blanks? Its characters are
 * symbols and spaces only (no tab, '|' or '#', and no other blank: '.' or
 * '_' say the grid has its own), at most SUDOKU_MAX_N of them. Sets *widest to the largest value and *gap when a space stands
 * before a symbol (an empty cell, not a trailing blank). A blank line is an
 * empty row. */
static int fixed_row(const sudoku_reader *r, const text_line *ln, int *widest, int *gap)
{
    if (ln->kind == LINE_BLANK)
        return ln->raw_len <= SUDOKU_MAX_N;
    if (ln->kind != LINE_ROW || ln->raw_len > SUDOKU_MAX_N)
        return 0;
    int pending_space = 0;
    for (size_t i = 0; i < ln->raw_len; i++) {
        unsigned char ch = (unsigned char)ln->s[i];
        if (ch == ' ') {
            pending_space = 1;
            continue;
        }
        uint8_t v = r->value[ch];
        if (v == NOT_SYMBOL || ch == '.' || ch == '_')
            return 0;
        if (v > *widest)
            *widest = v;
        if (pending_space)
            *gap = 1;
        pending_space = 0;
    }
    return 1;
}

/* The side of the grid with spaces as blanks that starts at `first` (see
 * the top of this file), or 0 when there is none. The widest line says N:
 * a grid of short lines (4x4 rows "12 34" framed for the eye) is not read
 * as a larger grid with spaces as blanks. When several sides fit
 * (blank lines at the end can be empty rows or the end of the grid), the
 * largest whose last row is not blank wins. */
static int fixed_width_side(sudoku_reader *r, const text_line *first)
{
    int big = 0, any_gap = 0;
    /* The usual cases cost nothing: a puzzle on one line is too long, and
     * an ordinary grid row has no space before a symbol (so a grid with
     * spaces as blanks must show one in its first row). */
    if (first->raw_len > SUDOKU_MAX_N || !fixed_row(r, first, &big, &any_gap) || !any_gap)
        return 0;
    big = any_gap = 0;
    /* The rows that can belong to such a grid, first included. */
    enum { MAX_ROWS = SUDOKU_MAX_N + 1 };
    size_t width[MAX_ROWS];
    int widest[MAX_ROWS], gap[MAX_ROWS], blank[MAX_ROWS];
    int rows = 0, ends_text = 0;
    sudoku_reader copy = *r;
    text_line ln = *first;
    for (;;) {
        if (!fixed_row(r, &ln, &big, &any_gap))
            break;
        width[rows] = ln.raw_len;
        widest[rows] = big;
        gap[rows] = any_gap;
        blank[rows] = ln.kind == LINE_BLANK;
        if (++rows == MAX_ROWS)
            break;
        if (!read_line(&copy, &ln)) {
            ends_text = 1;
            break;
        }
    }
    r->hit_end |= copy.hit_end;
    /* What may follow the grid: the end, a blank line, a comment, "end". */
    int after_ok = ends_text || (rows < MAX_ROWS && ln.kind != LINE_ROW &&
                                 ln.kind != LINE_SEPARATOR);
    int best = 0, best_blank_end = 1;
    size_t max_width = 0;
    for (int n = 1; n <= rows && n <= SUDOKU_MAX_N; n++) {
        if (width[n - 1] > max_width)
            max_width = width[n - 1];
        int followed = n < rows ? blank[n] : after_ok;
        if (n < 2 || !followed || max_width != (size_t)n || widest[n - 1] > n || !gap[n - 1] ||
            !size_ok(r, n))
            continue;
        if (best == 0 || !blank[n - 1] || best_blank_end) {
            best = n;
            best_blank_end = blank[n - 1];
        }
    }
    return best;
}

/* Reads the n rows of a grid with spaces as blanks (checked by
 * fixed_width_side()), one character a column. */
static int read_fixed_grid(sudoku_reader *r, const text_line *first, int n, sudoku_puzzle *out)
{
    text_line ln = *first;
    for (int row = 0; row < n; row++) {
        if (row > 0)
            read_line(r, &ln);
        for (int c = 0; c < n; c++) {
            unsigned char ch = (size_t)c < ln.raw_len ? (unsigned char)ln.s[c] : ' ';
            out->cells[row * n + c] = ch == ' ' ? 0 : r->value[ch];
        }
    }
    out->n = n;
    out->form = SUDOKU_FORM_GRID;
    out->line = first->number;
    out->last_line = ln.number;
    r->last_n = n;
    return 1;
}

/* --- Reading puzzles --------------------------------------------------------- */

static void set_error(sudoku_read_error *err, int code, long line, long column, int found,
                      int expected)
{
    err->code = code;
    err->line = line;
    err->column = column;
    err->found = found;
    err->expected = expected;
}

/* Reads the rest of an n x n grid whose first row is `first`. */
static int read_grid(sudoku_reader *r, const text_line *first, int n, sudoku_puzzle *out,
                     sudoku_read_error *err)
{
    int failed = 0;
    int rows = 0;
    long last = first->number;
    text_line ln = *first;
    err->form = SUDOKU_FORM_GRID;
    for (;;) {
        /* ln is a row of this grid */
        if (!failed) {
            if (ln.count != n) {
                set_error(err, SUDOKU_ELENGTH, ln.number, 0, ln.count, n);
                failed = 1;
            } else if (decode_row(r, &ln, n, out->cells + rows * n, err) != 0) {
                failed = 1;
            }
        }
        rows++;
        last = ln.number;
        if (rows == n)
            break;
        /* Find the next row: separators and comments are skipped; a blank
         * line inside a grid is allowed between bands of boxes when a row
         * of the right length follows (some books print them so). */
        int more = 0;
        for (;;) {
            size_t save_pos = r->pos;
            long save_line = r->line;
            if (!read_line(r, &ln))
                break;
            if (ln.kind == LINE_ROW) {
                if (ln.count != n && line_size(r, ln.count)) {
                    /* a whole puzzle on one line: the grid ended early;
                     * leave the line to the caller */
                    r->pos = save_pos;
                    r->line = save_line;
                    break;
                }
                more = 1;
                break;
            }
            if (ln.kind == LINE_END) {
                r->done = 1;
                break;
            }
            if (ln.kind == LINE_BLANK) {
                text_line next;
                sudoku_shape sh;
                if (!failed && sudoku_shape_default(&sh, n) == SUDOKU_OK &&
                    rows % sh.box_rows == 0 && peek_row(r, &next) && next.count == n)
                    continue;
                break;
            }
        }
        if (!more) {
            if (!failed)
                set_error(err, SUDOKU_EROWS, first->number, 0, rows, n);
            return err->code;
        }
    }
    if (failed)
        return err->code;
    out->n = n;
    out->form = SUDOKU_FORM_GRID;
    out->line = first->number;
    out->last_line = last;
    r->last_n = n;
    return 1;
}

static int next_piece(sudoku_reader *r, sudoku_puzzle *out, sudoku_read_error *err)
{
    text_line ln;
    while (!r->done && read_line(r, &ln)) {
        if (ln.kind == LINE_END) {
            r->done = 1;
            break;
        }
        if (ln.kind != LINE_ROW)
            continue;
        err->first_line = ln.number;
        err->form = SUDOKU_FORM_LINE;
        int fixed = fixed_width_side(r, &ln);
        if (fixed)
            return read_fixed_grid(r, &ln, fixed, out);
        int m = line_size(r, ln.count);
        int g = size_ok(r, ln.count) ? ln.count : 0;
        if (m && g && !looks_like_grid(r, &ln, m))
            g = 0;
        if (!m && !g) {
            /* Neither: a first grid row with a fault, when the rows after it
             * make a grid; otherwise a line of the wrong length. */
            text_line next;
            if (peek_row(r, &next) && size_ok(r, next.count) && !line_size(r, next.count) &&
                ln.count < 2 * next.count)
                return read_grid(r, &ln, next.count, out, err);
            int expect = r->last_n ? r->last_n : r->forced_n ? r->forced_n : 9;
            set_error(err, SUDOKU_ELENGTH, ln.number, 0, ln.count, expect * expect);
            return SUDOKU_ELENGTH;
        }
        if (g)
            return read_grid(r, &ln, g, out, err);
        if (decode_row(r, &ln, m, out->cells, err) != 0)
            return SUDOKU_ESYMBOL;
        out->n = m;
        out->form = SUDOKU_FORM_LINE;
        out->line = out->last_line = ln.number;
        r->last_n = m;
        return 1;
    }
    return 0;
}

int sudoku_reader_next(sudoku_reader *r, sudoku_puzzle *out, sudoku_read_error *err)
{
    sudoku_read_error scratch;
    if (!err)
        err = &scratch;
    if (!r || !out)
        return SUDOKU_EINVAL;
    if (r->bom_pending) {
        /* Skipped at the very start only; with fewer than 3 bytes so far,
         * wait for more if they could begin one. */
        size_t have = r->len - r->pos;
        const char *bom = "\xEF\xBB\xBF";
        if (have >= 3 || r->final || memcmp(r->text + r->pos, bom, have) != 0) {
            if (have >= 3 && memcmp(r->text + r->pos, bom, 3) == 0)
                r->pos += 3;
            r->bom_pending = 0;
        } else {
            return 0;
        }
    }
    sudoku_reader before = *r;
    r->hit_end = 0;
    int rc = next_piece(r, out, err);
    if (r->hit_end) { /* not final, and the piece may go on: wait for more */
        *r = before;
        r->hit_end = 0;
        return 0;
    }
    return rc;
}

int sudoku_reader_feed(sudoku_reader *r, const char *text, size_t len, int final)
{
    if (!r || (!text && len > 0))
        return SUDOKU_EINVAL;
    r->text = text ? text : "";
    r->len = len;
    r->pos = 0;
    r->final = final != 0;
    return SUDOKU_OK;
}

size_t sudoku_reader_consumed(const sudoku_reader *r)
{
    return r ? r->pos : 0;
}

sudoku_reader *sudoku_reader_new(const char *text, size_t len, const sudoku_read_options *opt,
                                 int *err)
{
    int dummy;
    if (!err)
        err = &dummy;
    if (!text && len > 0) {
        *err = SUDOKU_EINVAL;
        return NULL;
    }
    char symbols[SUDOKU_MAX_N + 1];
    int k;
    int default_alphabet = !opt || !opt->alphabet;
    if (default_alphabet) {
        strcpy(symbols, SUDOKU_DEFAULT_ALPHABET);
        k = (int)strlen(symbols);
    } else if ((k = sudoku_parse_alphabet(opt->alphabet, symbols)) < 0) {
        *err = k;
        return NULL;
    }
    if (opt && (opt->n < 0 || opt->n > SUDOKU_MAX_N || opt->n > k)) {
        *err = SUDOKU_EINVAL;
        return NULL;
    }
    sudoku_reader *r = calloc(1, sizeof *r);
    if (!r) {
        *err = SUDOKU_ENOMEM;
        return NULL;
    }
    r->text = text ? text : "";
    r->len = len;
    r->line = 1;
    r->final = 1;
    r->forced_n = opt ? opt->n : 0;
    r->alpha_len = k;
    memset(r->value, NOT_SYMBOL, sizeof r->value);
    r->value['.'] = 0;
    r->value['_'] = 0;
    r->value['0'] = 0; /* unless the alphabet uses it, just below */
    for (int i = 0; i < k; i++) {
        unsigned char ch = (unsigned char)symbols[i];
        r->value[ch] = (uint8_t)(i + 1);
        if (default_alphabet && ch >= 'A' && ch <= 'Z')
            r->value[ch - 'A' + 'a'] = (uint8_t)(i + 1);
    }
    r->bom_pending = 1;
    *err = SUDOKU_OK;
    return r;
}

void sudoku_reader_free(sudoku_reader *r)
{
    free(r);
}

/* --- Region maps ------------------------------------------------------------- */

int sudoku_parse_regions(const char *text, size_t len, int *n_out, uint8_t *regions, long *line)
{
    long dummy;
    if (!line)
        line = &dummy;
    *line = 0;
    if (!text || !n_out || !regions)
        return SUDOKU_EINVAL;
    sudoku_reader r;
    memset(&r, 0, sizeof r);
    r.text = text;
    r.len = len;
    r.line = 1;
    if (len >= 3 && (unsigned char)text[0] == 0xEF && (unsigned char)text[1] == 0xBB &&
        (unsigned char)text[2] == 0xBF)
        r.pos = 3;
    int n = 0, rows = 0, names = 0;
    unsigned char name_of[SUDOKU_MAX_N];
    int size[SUDOKU_MAX_N] = {0};
    text_line ln;
    while (read_line(&r, &ln)) {
        if (ln.kind == LINE_END)
            break;
        if (ln.kind == LINE_BLANK && rows > 0)
            break;
        if (ln.kind != LINE_ROW)
            continue;
        *line = ln.number;
        if (n == 0) {
            n = ln.count;
            if (n < 2 || n > SUDOKU_MAX_N)
                return SUDOKU_EREGIONS;
        }
        if (ln.count != n || rows >= n)
            return SUDOKU_EREGIONS;
        int c = 0;
        for (size_t i = 0; i < ln.len; i++) {
            unsigned char ch = (unsigned char)ln.s[i];
            if (ch == ' ' || ch == '\t' || ch == '|' || ch == '\r')
                continue;
            int g = 0;
            while (g < names && name_of[g] != ch)
                g++;
            if (g == names) {
                if (names == n)
                    return SUDOKU_EREGIONS;
                name_of[names++] = ch;
            }
            if (++size[g] > n)
                return SUDOKU_EREGIONS;
            regions[rows * n + c++] = (uint8_t)g;
        }
        rows++;
    }
    if (rows != n || names != n || n == 0) {
        *line = 0;
        return SUDOKU_EREGIONS;
    }
    *n_out = n;
    return SUDOKU_OK;
}
