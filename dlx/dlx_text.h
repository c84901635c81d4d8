/* SPDX-License-Identifier: MIT */
/* dlx_text.h - reading exact-cover problems written in Knuth's text format.
 *
 * The format is the one read by Knuth's DLX1, DLX2 and DLX3 programs
 * (docs/format.md describes it in full):
 *
 *     | a comment: the first non-blank character is '|'
 *     a b 2:3|c | x y    <- the item line: primary items, '|', secondary items;
 *                           a primary item may have bounds: lo:hi|name, or
 *                           hi|name for lo = hi (c covered 2 or 3 times)
 *     a b x:red          <- one option per line; a secondary item may carry
 *     c y x:red             a colour, shared by options that agree on it
 *
 * Unlike Knuth's programs there are no fixed limits: names and lines of any
 * length, any number of items, options and colours. A UTF-8 byte-order mark
 * and CRLF line endings are accepted.
 *
 * dlx_text_parse() builds a dlx_problem (owned by the dlx_text handle) and
 * keeps, for every option, its line as written, so a solution can be shown
 * in the user's own words. Errors come back with a line, a column and an
 * English message, never printed: the caller chooses how to show them.
 *
 * Threads: no global or static mutable state; distinct handles may be used
 * from distinct threads at once.
 */
#ifndef DLX_TEXT_H
#define DLX_TEXT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "dlx.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct dlx_text dlx_text;

/* Status codes of this module, beyond those of dlx.h. dlx_text_parse() also
 * returns DLX_EITEM (an option names an unknown item), DLX_EDUP (an item named
 * twice on the item line or in one option), DLX_ECOLOR (a colour on a primary
 * item), DLX_EBOUNDS (bounds out of range, or on a secondary item),
 * DLX_ENOMEM and DLX_ETOOBIG. */
enum dlx_text_status {
    DLX_TEXT_ESYNTAX = -100,  /* a malformed name, a stray '|' or ':', a control
                                 character or NUL byte */
    DLX_TEXT_ENOITEMS = -101, /* no item line: the input is empty or all comments */
    DLX_TEXT_EIO = -102,      /* dlx_text_read(): the stream could not be read */
    DLX_TEXT_EUSED = -103     /* the handle has already parsed an input */
};

/* Warning kinds. Warnings never stop the parse. */
enum dlx_text_warning {
    DLX_TEXT_WNOPRIMARY = 1, /* an option with no primary item: it is kept (so
                                option ids follow the input) but the search
                                can never choose it */
    DLX_TEXT_WUNUSED = 2     /* a primary item in no option (in fewer options
                                than its lower bound): no solution */
};

/* One diagnostic. line and column count from 1; column counts characters
 * (UTF-8 code points; a tab is one), as most editors show them. Both are 0
 * when the message is about the input as a whole (a read error). message is
 * English, without position or trailing newline, owned by the handle. */
typedef struct dlx_text_diag {
    int64_t line;
    int64_t column;
    int code;            /* errors: the status; warnings: enum dlx_text_warning */
    const char *message;
} dlx_text_diag;

/* A new empty handle, or NULL when out of memory. The caller releases it with
 * dlx_text_free(). A handle parses one input. */
DLX_API dlx_text *dlx_text_new(void);
/* The same with the caller's allocator (dlx.h's dlx_alloc_fn): every byte
 * the handle holds goes through alloc(ud, ...) - the input, the tables, the
 * messages - and so does every byte of the problem it builds, which is made
 * by dlx_new_alloc(alloc, ud). Out of memory is DLX_ENOMEM from the parse. */
DLX_API dlx_text *dlx_text_new_alloc(dlx_alloc_fn alloc, void *ud);
/* Releases the handle, its problem and every string it handed out. NULL is
 * allowed. */
DLX_API void dlx_text_free(dlx_text *t);

/* Parses len bytes of text (copied: the caller keeps data). Returns DLX_OK or
 * a negative status; on error dlx_text_error() says where and what, and the
 * problem must not be used. Parsing stops at the first error. */
DLX_API int dlx_text_parse(dlx_text *t, const char *data, size_t len);
/* Reads the whole stream, then parses it as dlx_text_parse() does. A read
 * error (a directory, a device error) is DLX_TEXT_EIO with errno's text in
 * the message. The caller keeps and closes the stream. */
DLX_API int dlx_text_read(dlx_text *t, FILE *in);

/* The first error of the last parse, or NULL if there was none. Valid until
 * dlx_text_free(). */
DLX_API const dlx_text_diag *dlx_text_error(const dlx_text *t);
/* How many warnings the parse found; only the first DLX_TEXT_MAX_WARNINGS are
 * kept (a generated file can have millions), dlx_text_warning() gives them
 * in input order, NULL for i out of range. */
#define DLX_TEXT_MAX_WARNINGS 100
DLX_API size_t dlx_text_warning_count(const dlx_text *t);
DLX_API const dlx_text_diag *dlx_text_warning(const dlx_text *t, size_t i);

/* The problem built by a successful parse, owned by the handle (valid until
 * dlx_text_free()); NULL before a successful parse. The caller may set
 * choose rules, seeds, callbacks, commit options and search it. Item ids
 * follow the item line, option ids follow the option lines (from 0). */
DLX_API dlx_problem *dlx_text_problem(const dlx_text *t);

/* Option opt's line as written: leading and trailing blanks (and the CR of a
 * CRLF) removed, NUL-terminated, owned by the handle. NULL out of range. */
DLX_API const char *dlx_text_option_text(const dlx_text *t, int32_t opt);
/* The input line number (from 1) of option opt, or 0 out of range. */
DLX_API int64_t dlx_text_option_line(const dlx_text *t, int32_t opt);

/* The id of the item named name[0..len-1], or DLX_EITEM if there is none.
 * Costs one hash look-up. */
DLX_API int32_t dlx_text_find_item(const dlx_text *t, const char *name, size_t len);

/* Colours are numbered from 1 in the order they first appear in the input.
 * dlx_text_color_count() is how many there are; dlx_text_color_name() is the
 * name of colour c (1..count), NUL-terminated and owned by the handle, or
 * NULL out of range. */
DLX_API int32_t dlx_text_color_count(const dlx_text *t);
DLX_API const char *dlx_text_color_name(const dlx_text *t, int32_t color);

/* A short English sentence for any status of this module or of dlx.h. */
DLX_API const char *dlx_text_strerror(int code);

#ifdef __cplusplus
}
#endif

#endif /* DLX_TEXT_H */
