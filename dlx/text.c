/* SPDX-License-Identifier: MIT */
/* text.c - the reader of Knuth's DLX1/DLX2/DLX3 text format (see dlx_text.h
 * and docs/format.md), bounds on primary items included.
 *
 * Every byte the handle holds, and every byte of the problem it builds,
 * comes from the allocator given to dlx_text_new_alloc() (malloc by
 * default), whose old_size is always the block's size: a caller's
 * allocator sees all of it.
 *
 * The whole input is kept in one buffer owned by the handle. Names are
 * looked up through open-addressing hash tables whose slots point back into
 * that buffer (items) or into a small arena (colour names), so there are no
 * fixed limits and a look-up costs the same with 20 items or 2 million. Once
 * an option line has been read, the blank after its last character is
 * overwritten with a NUL, which turns the buffer itself into the store of
 * "option lines as written" at no extra cost.
 *
 * Positions are computed only when a diagnostic needs one: the parser keeps
 * byte offsets, and a column is the number of UTF-8 characters from the
 * start of the line.
 */
#include "dlx_text.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* A name inside some base string: base + off, len bytes. */
struct slice {
    size_t off;
    size_t len;
};

/* Open addressing with linear probing. A slot holds index + 1 (0 = empty)
 * of an entry in a slice array kept by the caller, and the name's hash so
 * most mismatches are rejected without touching the strings. */
struct slot {
    uint32_t hash;
    int32_t index1;
};

struct name_table {
    struct slot *slots;
    size_t cap; /* a power of two, or 0 */
    size_t count;
};

struct diag_store {
    dlx_text_diag diag;
    char *owned;       /* the message, from the allocator, or NULL when static */
    size_t owned_size; /* its block's size */
};

struct dlx_text {
    dlx_alloc_fn alloc;    /* every byte of the handle and its problem */
    void *ud;
    int used;              /* a parse has been attempted */
    char *buf;             /* the input, with a NUL after it */
    size_t len, buf_cap;   /* its length and its block's size */
    dlx_problem *problem;  /* owned; NULL until the item line is read */
    int ok;                /* the last parse succeeded */

    /* Items: their names in buf, in id order. */
    struct slice *items;
    int32_t item_count;
    size_t item_cap;
    struct name_table item_table;
    int64_t item_line;     /* the item line's number and start offset */
    size_t item_line_start;
    unsigned char *item_secondary; /* per item */
    uint32_t *item_uses;           /* per item: the options naming it */
    uint32_t *item_stamp;          /* per item: number of the last option using it */
    size_t item_arrays;            /* the entries of those three */

    /* Options: offset of their text in buf and their line number. */
    size_t *opt_off;
    int64_t *opt_line;
    size_t opt_line_cap;
    size_t opt_cap;
    int32_t opt_count;

    /* Colours: names in an arena, NUL-terminated, numbered from 1. */
    char *color_chars;
    size_t color_chars_len, color_chars_cap;
    struct slice *colors; /* colors[c - 1] */
    size_t color_cap;
    int32_t color_count;
    struct name_table color_table;

    /* Scratch space for the option being read. */
    int32_t *opt_items;
    int32_t *opt_colors;
    size_t opt_scratch_cap;
    size_t opt_colors_cap;
    char *name_tmp; /* a NUL-terminated copy of an item name for dlx_add_item */
    size_t name_tmp_cap;

    struct diag_store error;
    int has_error;
    struct diag_store warnings[DLX_TEXT_MAX_WARNINGS];
    size_t warnings_kept;
    size_t warning_total;
};

/* --- small helpers ------------------------------------------------------- */

static int is_blank(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* The next blank-separated token of buf[*i..e): its bounds in *ts, *te, and
 * *i past it. 0 when only blanks are left. */
static int next_token(const char *buf, size_t *i, size_t e, size_t *ts, size_t *te)
{
    while (*i < e && is_blank((unsigned char)buf[*i]))
        ++*i;
    if (*i >= e)
        return 0;
    *ts = *i;
    while (*i < e && !is_blank((unsigned char)buf[*i]))
        ++*i;
    *te = *i;
    return 1;
}

/* Control characters (other than blanks) may not appear in names. */
static int is_control(unsigned char c)
{
    return (c < 0x20 && !is_blank(c)) || c == 0x7f;
}

/* --- memory: every block through the handle's allocator ------------------ */

static void *default_alloc(void *ud, void *ptr, size_t old_size, size_t new_size)
{
    (void)ud;
    (void)old_size;
    if (new_size == 0) {
        free(ptr);
        return NULL;
    }
    return realloc(ptr, new_size);
}

/* A block of `size` bytes (> 0), or NULL. */
static void *t_alloc(const dlx_text *t, size_t size)
{
    return t->alloc(t->ud, NULL, 0, size);
}

/* The same, all bytes zero. */
static void *t_zalloc(const dlx_text *t, size_t size)
{
    void *q = t_alloc(t, size);
    if (q)
        memset(q, 0, size);
    return q;
}

/* Gives back a block of `size` bytes; NULL is allowed. */
static void t_free(const dlx_text *t, void *ptr, size_t size)
{
    if (ptr)
        t->alloc(t->ud, ptr, size, 0);
}

/* Grows *ptr (an array of elements of size `size`, capacity *cap) to hold at
 * least `need` elements. Returns 0 or -1 when out of memory (the array is
 * then unchanged). */
static int grow(const dlx_text *t, void **ptr, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return 0;
    size_t n = *cap ? *cap : 16;
    while (n < need) {
        if (n > SIZE_MAX / 2)
            return -1;
        n *= 2;
    }
    if (n > SIZE_MAX / size)
        return -1;
    void *q = t->alloc(t->ud, *ptr, *cap * size, n * size);
    if (!q)
        return -1;
    *ptr = q;
    *cap = n;
    return 0;
}

/* FNV-1a, folded to 32 bits: simple, and good enough for names. */
static uint32_t hash_name(const char *s, size_t len)
{
    uint64_t h = 14695981039346656037u;
    for (size_t i = 0; i < len; i++) {
        h ^= (unsigned char)s[i];
        h *= 1099511628211u;
    }
    return (uint32_t)(h ^ (h >> 32));
}

/* The index of the entry named s[0..len-1] in the table, or -1. The entries
 * are slices of base. */
static int32_t table_find(const struct name_table *tab, const char *base,
                          const struct slice *entries, const char *s, size_t len, uint32_t hash)
{
    if (tab->cap == 0)
        return -1;
    size_t mask = tab->cap - 1;
    for (size_t i = hash & mask;; i = (i + 1) & mask) {
        const struct slot *sl = &tab->slots[i];
        if (sl->index1 == 0)
            return -1;
        if (sl->hash == hash) {
            const struct slice *e = &entries[sl->index1 - 1];
            if (e->len == len && memcmp(base + e->off, s, len) == 0)
                return sl->index1 - 1;
        }
    }
}

/* Puts a slot into a table known to have room and not to hold the name. */
static void table_put(struct name_table *tab, uint32_t hash, int32_t index)
{
    size_t mask = tab->cap - 1;
    size_t i = hash & mask;
    while (tab->slots[i].index1 != 0)
        i = (i + 1) & mask;
    tab->slots[i].hash = hash;
    tab->slots[i].index1 = index + 1;
    tab->count++;
}

/* Makes room for one more entry, keeping the load at most one half. */
static int table_reserve(const dlx_text *t, struct name_table *tab)
{
    if ((tab->count + 1) * 2 <= tab->cap)
        return 0;
    size_t ncap = tab->cap ? tab->cap * 2 : 64;
    if (ncap > SIZE_MAX / sizeof(struct slot))
        return -1;
    struct slot *nslots = t_zalloc(t, ncap * sizeof *nslots);
    if (!nslots)
        return -1;
    struct name_table bigger = { nslots, ncap, 0 };
    for (size_t i = 0; i < tab->cap; i++)
        if (tab->slots[i].index1 != 0)
            table_put(&bigger, tab->slots[i].hash, tab->slots[i].index1 - 1);
    t_free(t, tab->slots, tab->cap * sizeof *tab->slots);
    *tab = bigger;
    return 0;
}

/* The 1-based column of byte offset pos in the line starting at line_start,
 * counting UTF-8 characters (continuation bytes do not start a column). */
static int64_t column_of(const dlx_text *t, size_t line_start, size_t pos)
{
    int64_t col = 1;
    for (size_t i = line_start; i < pos; i++)
        if (((unsigned char)t->buf[i] & 0xC0) != 0x80)
            col++;
    return col;
}

/* How many bytes of a name to quote in a message: at most about 40, never
 * cutting a UTF-8 character in two. */
#define SHOWN_NAME_MAX 40
static int shown_len(const char *s, size_t len)
{
    if (len <= SHOWN_NAME_MAX)
        return (int)len;
    size_t n = SHOWN_NAME_MAX;
    while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
        n--;
    return (int)n;
}
#define NAME_FMT "'%.*s%s'"
#define NAME_ARGS(s, len) shown_len((s), (len)), (s), ((len) > (size_t)shown_len((s), (len)) ? "..." : "")

static void diag_clear(const dlx_text *t, struct diag_store *d)
{
    t_free(t, d->owned, d->owned_size);
    d->owned = NULL;
    d->owned_size = 0;
    d->diag.message = NULL;
}

/* Fills d with a formatted message. When memory is short the message falls
 * back to the static text `fallback`. */
static void diag_set(const dlx_text *t, struct diag_store *d, int code, int64_t line,
                     int64_t column, const char *fallback, const char *fmt, va_list ap)
{
    diag_clear(t, d);
    d->diag.line = line;
    d->diag.column = column;
    d->diag.code = code;
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    char *msg = n >= 0 ? t_alloc(t, (size_t)n + 1) : NULL;
    if (msg) {
        vsnprintf(msg, (size_t)n + 1, fmt, ap2);
        d->owned = msg;
        d->owned_size = (size_t)n + 1;
        d->diag.message = msg;
    } else {
        d->diag.message = fallback;
    }
    va_end(ap2);
}

/* Records the error at byte pos of the line (line, line_start) and returns
 * code, so a caller can write `return fail(...)`. */
static int fail(dlx_text *t, int code, int64_t line, size_t line_start, size_t pos,
                const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int64_t col = line > 0 ? column_of(t, line_start, pos) : 0;
    diag_set(t, &t->error, code, line, col, dlx_text_strerror(code), fmt, ap);
    va_end(ap);
    t->has_error = 1;
    return code;
}

static void warn(dlx_text *t, int kind, int64_t line, size_t line_start, size_t pos,
                 const char *fmt, ...)
{
    t->warning_total++;
    if (t->warnings_kept == DLX_TEXT_MAX_WARNINGS)
        return;
    va_list ap;
    va_start(ap, fmt);
    diag_set(t, &t->warnings[t->warnings_kept++], kind, line, column_of(t, line_start, pos),
             kind == DLX_TEXT_WNOPRIMARY ? "option with no primary item"
                                         : "item in too few options",
             fmt, ap);
    va_end(ap);
}

/* --- the handle ---------------------------------------------------------- */

dlx_text *dlx_text_new_alloc(dlx_alloc_fn alloc, void *ud)
{
    if (!alloc)
        return NULL;
    dlx_text *t = alloc(ud, NULL, 0, sizeof *t);
    if (!t)
        return NULL;
    memset(t, 0, sizeof *t);
    t->alloc = alloc;
    t->ud = ud;
    return t;
}

dlx_text *dlx_text_new(void)
{
    return dlx_text_new_alloc(default_alloc, NULL);
}

void dlx_text_free(dlx_text *t)
{
    if (!t)
        return;
    t_free(t, t->buf, t->buf_cap);
    dlx_free(t->problem);
    t_free(t, t->items, t->item_cap * sizeof *t->items);
    t_free(t, t->item_table.slots, t->item_table.cap * sizeof *t->item_table.slots);
    t_free(t, t->item_secondary, t->item_arrays * sizeof *t->item_secondary);
    t_free(t, t->item_uses, t->item_arrays * sizeof *t->item_uses);
    t_free(t, t->item_stamp, t->item_arrays * sizeof *t->item_stamp);
    t_free(t, t->opt_off, t->opt_cap * sizeof *t->opt_off);
    t_free(t, t->opt_line, t->opt_line_cap * sizeof *t->opt_line);
    t_free(t, t->color_chars, t->color_chars_cap);
    t_free(t, t->colors, t->color_cap * sizeof *t->colors);
    t_free(t, t->color_table.slots, t->color_table.cap * sizeof *t->color_table.slots);
    t_free(t, t->opt_items, t->opt_scratch_cap * sizeof *t->opt_items);
    t_free(t, t->opt_colors, t->opt_colors_cap * sizeof *t->opt_colors);
    t_free(t, t->name_tmp, t->name_tmp_cap);
    diag_clear(t, &t->error);
    for (size_t i = 0; i < t->warnings_kept; i++)
        diag_clear(t, &t->warnings[i]);
    t->alloc(t->ud, t, sizeof *t, 0);
}

/* --- the item line ------------------------------------------------------- */

/* The byte offset of the first '|', ':' or control character in [s, e), or
 * e if there is none. */
static size_t find_special(const char *buf, size_t s, size_t e)
{
    for (size_t i = s; i < e; i++) {
        unsigned char c = (unsigned char)buf[i];
        if (c == '|' || c == ':' || is_control(c))
            return i;
    }
    return e;
}

/* True when [s, e) starts like the bounds of Knuth's DLX3 ("2|a", "1:3|a",
 * or a slip such as ":3|a"): digits and colons, then '|'. */
static int looks_like_bounds(const char *buf, size_t s, size_t e)
{
    size_t i = s;
    while (i < e && ((buf[i] >= '0' && buf[i] <= '9') || buf[i] == ':'))
        i++;
    return i > s && i < e && buf[i] == '|';
}

/* Reads the decimal number in [s, e) into *v: 0, or 1 when it is empty, and
 * 2 when it does not fit an int32_t. */
static int read_bound(const char *buf, size_t s, size_t e, int32_t *v)
{
    if (s == e)
        return 1;
    int64_t n = 0;
    for (size_t i = s; i < e; i++) {
        n = n * 10 + (buf[i] - '0');
        if (n > INT32_MAX)
            return 2;
    }
    *v = (int32_t)n;
    return 0;
}

/* Reads the bounds in front of a primary item's name, as Knuth's DLX3 does:
 * "lo:hi|name", or "hi|name" for lo = hi (the token [ts, te) looks like
 * bounds). *name_at gets the offset of the name. DLX3 reads an empty bound
 * as 0; here the digits are asked for. */
static int read_bounds(dlx_text *t, int64_t line, size_t line_start, size_t ts, size_t te,
                       int32_t *lo, int32_t *hi, size_t *name_at)
{
    const char *buf = t->buf;
    size_t colon = te, bar = ts;
    while (buf[bar] != '|') {
        if (buf[bar] == ':') {
            if (colon != te)
                return fail(t, DLX_TEXT_ESYNTAX, line, line_start, bar,
                            "a second ':' in the bounds of an item (write lo:hi|name)");
            colon = bar;
        }
        bar++;
    }
    size_t hi_at = colon == te ? ts : colon + 1;
    int rc = read_bound(buf, hi_at, bar, hi);
    if (rc == 1)
        return fail(t, DLX_TEXT_ESYNTAX, line, line_start, bar,
                    "no upper bound before '|' (write lo:hi|name, or hi|name)");
    if (rc == 2)
        return fail(t, DLX_EBOUNDS, line, line_start, hi_at,
                    "upper bound too large (at most %ld)", (long)INT32_MAX);
    if (colon == te) {
        *lo = *hi;
    } else {
        rc = read_bound(buf, ts, colon, lo);
        if (rc == 1)
            return fail(t, DLX_TEXT_ESYNTAX, line, line_start, colon,
                        "no lower bound before ':' (write lo:hi|name)");
        if (rc == 2)
            return fail(t, DLX_EBOUNDS, line, line_start, ts,
                        "lower bound too large (at most %ld)", (long)INT32_MAX);
    }
    if (*hi == 0)
        return fail(t, DLX_EBOUNDS, line, line_start, hi_at,
                    "upper bound 0: an item must be allowed at least once");
    if (*lo > *hi)
        return fail(t, DLX_EBOUNDS, line, line_start, ts,
                    "lower bound %ld exceeds upper bound %ld", (long)*lo, (long)*hi);
    if (bar + 1 == te)
        return fail(t, DLX_TEXT_ESYNTAX, line, line_start, bar,
                    "no item name after the bounds '%.*s'", (int)(te - ts), buf + ts);
    *name_at = bar + 1;
    return DLX_OK;
}

static int control_error(dlx_text *t, int64_t line, size_t line_start, size_t pos)
{
    unsigned char c = (unsigned char)t->buf[pos];
    if (c == 0)
        return fail(t, DLX_TEXT_ESYNTAX, line, line_start, pos,
                    "NUL byte in the input (is this a text file?)");
    return fail(t, DLX_TEXT_ESYNTAX, line, line_start, pos,
                "control character 0x%02X in a name", c);
}

static int add_item(dlx_text *t, int64_t line, size_t line_start, size_t s, size_t e,
                    int secondary, int32_t lo, int32_t hi)
{
    const char *name = t->buf + s;
    size_t len = e - s;
    uint32_t h = hash_name(name, len);
    int32_t prev = table_find(&t->item_table, t->buf, t->items, name, len, h);
    if (prev >= 0)
        return fail(t, DLX_EDUP, line, line_start, s,
                    "item " NAME_FMT " is named twice on the item line (first at column %lld)",
                    NAME_ARGS(name, len),
                    (long long)column_of(t, line_start, t->items[prev].off));
    if (grow(t, (void **)&t->name_tmp, &t->name_tmp_cap, len + 1, 1) != 0 ||
        grow(t, (void **)&t->items, &t->item_cap, (size_t)t->item_count + 1, sizeof *t->items) != 0 ||
        table_reserve(t, &t->item_table) != 0)
        return fail(t, DLX_ENOMEM, line, line_start, s, "out of memory reading the items");
    memcpy(t->name_tmp, name, len);
    t->name_tmp[len] = '\0';
    int32_t id = secondary ? dlx_add_item(t->problem, t->name_tmp, DLX_SECONDARY)
                           : dlx_add_item_bounds(t->problem, t->name_tmp, DLX_PRIMARY, lo, hi);
    if (id < 0)
        return fail(t, id, line, line_start, s, "cannot add item " NAME_FMT ": %s",
                    NAME_ARGS(name, len), dlx_strerror(id));
    t->items[id].off = s;
    t->items[id].len = len;
    t->item_count = id + 1;
    table_put(&t->item_table, h, id);
    return DLX_OK;
}

/* Reads the item line [s, e) (s is its first non-blank byte). */
static int read_item_line(dlx_text *t, int64_t line, size_t line_start, size_t s, size_t e)
{
    const char *buf = t->buf;
    int secondary = 0;
    size_t bar_pos = 0;
    t->item_line = line;
    t->item_line_start = line_start;
    for (size_t i = s, ts, te; next_token(buf, &i, e, &ts, &te);) {
        if (te - ts == 1 && buf[ts] == '|') {
            if (secondary)
                return fail(t, DLX_TEXT_ESYNTAX, line, line_start, ts,
                            "a second '|' on the item line (the first is at column %lld)",
                            (long long)column_of(t, line_start, bar_pos));
            secondary = 1;
            bar_pos = ts;
            continue;
        }
        /* Bounds first (primary items only), then the name. */
        int32_t lo = 1, hi = 1;
        size_t name_at = ts;
        if (looks_like_bounds(buf, ts, te)) {
            if (secondary)
                return fail(t, DLX_EBOUNDS, line, line_start, ts,
                            "bounds on a secondary item ('%.*s'): only primary items, before "
                            "'|', take bounds",
                            shown_len(buf + ts, te - ts), buf + ts);
            int rc = read_bounds(t, line, line_start, ts, te, &lo, &hi, &name_at);
            if (rc != DLX_OK)
                return rc;
        }
        size_t bad = find_special(buf, name_at, te);
        if (bad < te) {
            if (is_control((unsigned char)buf[bad]))
                return control_error(t, line, line_start, bad);
            if (buf[bad] == '|')
                return fail(t, DLX_TEXT_ESYNTAX, line, line_start, bad,
                            "'|' inside an item name (bounds are digits: lo:hi|name or "
                            "hi|name); to start the secondary items, put '|' apart with "
                            "blanks around it");
            if (!secondary && name_at == ts && bad > ts && buf[te - 1] != ':' &&
                strspn(buf + ts, "0123456789") == bad - ts)
                return fail(t, DLX_TEXT_ESYNTAX, line, line_start, bad,
                            "a lower bound without an upper bound (write lo:hi|name)");
            return fail(t, DLX_TEXT_ESYNTAX, line, line_start, bad,
                        "':' is not allowed in an item name (colours belong on option lines)");
        }
        int rc = add_item(t, line, line_start, name_at, te, secondary, lo, hi);
        if (rc != DLX_OK)
            return rc;
    }
    /* There is always a primary item here: a line whose first token is '|'
     * is a comment. */
    size_t n = (size_t)t->item_count;
    t->item_arrays = n;
    t->item_secondary = t_zalloc(t, n * sizeof *t->item_secondary);
    t->item_uses = t_zalloc(t, n * sizeof *t->item_uses);
    t->item_stamp = t_zalloc(t, n * sizeof *t->item_stamp);
    if (!t->item_secondary || !t->item_uses || !t->item_stamp)
        return fail(t, DLX_ENOMEM, line, line_start, s, "out of memory reading the items");
    for (int32_t k = 0; k < t->item_count; k++)
        t->item_secondary[k] = dlx_item_is_secondary(t->problem, k) == 1;
    return DLX_OK;
}

/* --- option lines -------------------------------------------------------- */

static int32_t find_or_add_color(dlx_text *t, const char *name, size_t len)
{
    uint32_t h = hash_name(name, len);
    int32_t c = table_find(&t->color_table, t->color_chars, t->colors, name, len, h);
    if (c >= 0)
        return c + 1;
    if (t->color_count == INT32_MAX)
        return DLX_ETOOBIG;
    if (len > SIZE_MAX - t->color_chars_len - 1 ||
        grow(t, (void **)&t->color_chars, &t->color_chars_cap, t->color_chars_len + len + 1, 1) != 0 ||
        grow(t, (void **)&t->colors, &t->color_cap, (size_t)t->color_count + 1, sizeof *t->colors) != 0 ||
        table_reserve(t, &t->color_table) != 0)
        return DLX_ENOMEM;
    struct slice *sl = &t->colors[t->color_count];
    sl->off = t->color_chars_len;
    sl->len = len;
    memcpy(t->color_chars + sl->off, name, len);
    t->color_chars[sl->off + len] = '\0';
    t->color_chars_len += len + 1;
    table_put(&t->color_table, h, t->color_count);
    return ++t->color_count;
}

/* An option's cost, Knuth's DLX5 style: the token `$N` (N a decimal number
 * below 2^62), once per option, anywhere on its line, unless the item line
 * names an item spelt that way (then it is that item). Returns 1 when
 * [ts, te) is the cost (stored in *cost), 0 when it is not one, or a
 * failure. */
static int read_cost(dlx_text *t, int64_t line, size_t line_start, size_t ts, size_t te,
                     int64_t *cost)
{
    const char *buf = t->buf;
    if (te - ts < 2 || buf[ts] != '$')
        return 0;
    for (size_t k = ts + 1; k < te; k++)
        if (buf[k] < '0' || buf[k] > '9')
            return 0;
    if (table_find(&t->item_table, buf, t->items, buf + ts, te - ts, hash_name(buf + ts, te - ts)) >= 0)
        return 0;
    if (*cost >= 0)
        return fail(t, DLX_TEXT_ESYNTAX, line, line_start, ts,
                    "a second cost in this option (one $N a line)");
    int64_t v = 0;
    for (size_t k = ts + 1; k < te; k++) {
        const int64_t d = buf[k] - '0';
        /* (tested before the step: v * 10 may not fit in 64 bits) */
        if (v > (DLX_COST_MAX - d) / 10)
            return fail(t, DLX_TEXT_ESYNTAX, line, line_start, ts,
                        "cost " NAME_FMT " out of range (0 to 2^62)", NAME_ARGS(buf + ts, te - ts));
        v = v * 10 + d;
    }
    *cost = v;
    return 1;
}

/* Reads the option line [s, e) (s is its first non-blank byte, e is the end
 * of its last token). */
static int read_option_line(dlx_text *t, int64_t line, size_t line_start, size_t s, size_t e)
{
    char *buf = t->buf;
    if (t->opt_count == INT32_MAX)
        return fail(t, DLX_ETOOBIG, line, line_start, s, "too many options");
    uint32_t stamp = (uint32_t)t->opt_count + 1;
    size_t n = 0;
    int primaries = 0, colored = 0;
    int64_t cost = -1; /* the option's `$N`, -1 when it has none */
    for (size_t i = s, ts, te; next_token(buf, &i, e, &ts, &te);) {
        int cost_rc = read_cost(t, line, line_start, ts, te, &cost);
        if (cost_rc < 0)
            return cost_rc;
        if (cost_rc > 0)
            continue;
        size_t colon = te;
        for (size_t k = ts; k < te; k++) {
            unsigned char c = (unsigned char)buf[k];
            if (is_control(c))
                return control_error(t, line, line_start, k);
            if (c == '|')
                return fail(t, DLX_TEXT_ESYNTAX, line, line_start, k,
                            te - ts == 1 ? "'|' in an option: only the item line separates "
                                           "primary from secondary items"
                                         : "'|' is not allowed in an item or colour name");
            if (c == ':') {
                if (colon != te)
                    return fail(t, DLX_TEXT_ESYNTAX, line, line_start, k,
                                "a second ':' in " NAME_FMT " (write item:colour)",
                                NAME_ARGS(buf + ts, te - ts));
                colon = k;
            }
        }
        if (colon == ts)
            return fail(t, DLX_TEXT_ESYNTAX, line, line_start, ts,
                        "':' with no item name before it");
        size_t name_len = colon - ts;
        int32_t item = table_find(&t->item_table, buf, t->items, buf + ts, name_len,
                                  hash_name(buf + ts, name_len));
        if (item < 0)
            return fail(t, DLX_EITEM, line, line_start, ts,
                        "unknown item " NAME_FMT " (not on the item line)",
                        NAME_ARGS(buf + ts, name_len));
        if (t->item_stamp[item] == stamp)
            return fail(t, DLX_EDUP, line, line_start, ts,
                        "item " NAME_FMT " is named twice in this option",
                        NAME_ARGS(buf + ts, name_len));
        t->item_stamp[item] = stamp;
        int32_t color = 0;
        if (colon != te) {
            if (colon + 1 == te)
                return fail(t, DLX_TEXT_ESYNTAX, line, line_start, colon,
                            "':' with no colour after it");
            if (!t->item_secondary[item])
                return fail(t, DLX_ECOLOR, line, line_start, colon,
                            "colour on primary item " NAME_FMT
                            " (only secondary items, after '|' on the item line, take colours)",
                            NAME_ARGS(buf + ts, name_len));
            color = find_or_add_color(t, buf + colon + 1, te - colon - 1);
            if (color < 0)
                return fail(t, color, line, line_start, colon + 1, "cannot add a colour: %s",
                            dlx_text_strerror(color));
            colored = 1;
        }
        /* Grown only when full: a realloc per item would copy the array
         * every time under ASan and valgrind (quadratic on long lines). */
        if (grow(t, (void **)&t->opt_items, &t->opt_scratch_cap, n + 1, sizeof(int32_t)) != 0 ||
            grow(t, (void **)&t->opt_colors, &t->opt_colors_cap, n + 1, sizeof(int32_t)) != 0)
            return fail(t, DLX_ENOMEM, line, line_start, ts, "out of memory reading an option");
        t->opt_items[n] = item;
        t->opt_colors[n] = color;
        n++;
        primaries += !t->item_secondary[item];
    }
    if (n == 0)
        return fail(t, DLX_TEXT_ESYNTAX, line, line_start, s,
                    "an option with a cost and no items (write the items before or after $N)");
    if (n > INT32_MAX)
        return fail(t, DLX_ETOOBIG, line, line_start, s, "an option with too many items");
    if (grow(t, (void **)&t->opt_off, &t->opt_cap, (size_t)t->opt_count + 1, sizeof *t->opt_off) != 0)
        return fail(t, DLX_ENOMEM, line, line_start, s, "out of memory reading the options");
    if (grow(t, (void **)&t->opt_line, &t->opt_line_cap, (size_t)t->opt_count + 1,
             sizeof *t->opt_line) != 0)
        return fail(t, DLX_ENOMEM, line, line_start, s, "out of memory reading the options");
    int32_t id = dlx_add_option(t->problem, t->opt_items, colored ? t->opt_colors : NULL,
                                (int32_t)n);
    int rc_cost;
    if (id < 0)
        return fail(t, id, line, line_start, s, "cannot add this option: %s", dlx_strerror(id));
    if (cost > 0 && (rc_cost = dlx_set_option_cost(t->problem, id, cost)) != DLX_OK)
        return fail(t, rc_cost, line, line_start, s, "cannot set this option's cost: %s",
                    dlx_strerror(rc_cost));
    t->opt_off[id] = s;
    t->opt_line[id] = line;
    t->opt_count = id + 1;
    for (size_t k = 0; k < n; k++)
        t->item_uses[t->opt_items[k]]++;
    if (primaries == 0)
        warn(t, DLX_TEXT_WNOPRIMARY, line, line_start, s,
             "option with no primary item: the search can never choose it");
    /* The line is done with: end its text here so it reads as a C string. */
    buf[e] = '\0';
    return DLX_OK;
}

/* After the last option: a primary item in fewer options than its lower
 * bound (in none, without bounds) means there is no solution, almost always
 * a mistake worth a warning. */
static void check_unused_items(dlx_text *t)
{
    int lower_bounds = 0;
    for (int32_t k = 0; k < t->item_count && !lower_bounds; k++) {
        int32_t lo = 1;
        dlx_item_bounds(t->problem, k, &lo, NULL);
        lower_bounds = lo > 0 && !t->item_secondary[k];
    }
    if (t->opt_count == 0) {
        if (lower_bounds)
            warn(t, DLX_TEXT_WUNUSED, t->item_line, t->item_line_start, t->items[0].off,
                 "the input has no options, so there is no solution");
        return;
    }
    for (int32_t k = 0; k < t->item_count; k++) {
        int32_t lo = 1;
        dlx_item_bounds(t->problem, k, &lo, NULL);
        if (t->item_secondary[k] || t->item_uses[k] >= (uint32_t)lo)
            continue;
        if (t->item_uses[k] == 0)
            warn(t, DLX_TEXT_WUNUSED, t->item_line, t->item_line_start, t->items[k].off,
                 "primary item " NAME_FMT " is in no option, so there is no solution",
                 NAME_ARGS(t->buf + t->items[k].off, t->items[k].len));
        else
            warn(t, DLX_TEXT_WUNUSED, t->item_line, t->item_line_start, t->items[k].off,
                 "primary item " NAME_FMT " needs %ld options but is in %lu, so there is "
                 "no solution",
                 NAME_ARGS(t->buf + t->items[k].off, t->items[k].len), (long)lo,
                 (unsigned long)t->item_uses[k]);
    }
}

/* --- parsing ------------------------------------------------------------- */

/* Parses t->buf[0..len-1] (which has a NUL at len). */
static int parse_buffer(dlx_text *t)
{
    char *buf = t->buf;
    size_t len = t->len;
    size_t pos = 0;
    int64_t line = 0;
    int have_items = 0;
    if (len >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0)
        pos = 3; /* the byte-order mark is not part of line 1's columns */
    t->problem = dlx_new_alloc(t->alloc, t->ud);
    if (!t->problem)
        return fail(t, DLX_ENOMEM, 0, 0, 0, "out of memory");
    size_t line_start = pos;
    while (pos < len) {
        line++;
        line_start = pos;
        const char *nl = memchr(buf + pos, '\n', len - pos);
        size_t eol = nl ? (size_t)(nl - buf) : len;
        size_t s = pos;
        while (s < eol && is_blank((unsigned char)buf[s]))
            s++;
        size_t e = eol;
        while (e > s && is_blank((unsigned char)buf[e - 1]))
            e--;
        pos = nl ? eol + 1 : len;
        /* A blank line or a comment: '|' (Knuth's), or '//' as in the files
         * of other exact-cover tools. */
        if (s == e || buf[s] == '|' || (e - s >= 2 && buf[s] == '/' && buf[s + 1] == '/'))
            continue;
        int rc = have_items ? read_option_line(t, line, line_start, s, e)
                            : read_item_line(t, line, line_start, s, e);
        if (rc != DLX_OK)
            return rc;
        have_items = 1;
    }
    if (!have_items) {
        /* Point just past the end of the input, as compilers do. */
        if (len > 0 && buf[len - 1] == '\n') {
            line++;
            line_start = len;
        } else if (line == 0) {
            line = 1;
        }
        return fail(t, DLX_TEXT_ENOITEMS, line, line_start, len,
                    len == 0 ? "the input is empty: no item line"
                             : "no item line: the input has only comments and blank lines");
    }
    check_unused_items(t);
    return DLX_OK;
}

/* Takes ownership of buf (a block of cap >= len + 1 bytes). */
static int parse_owned(dlx_text *t, char *buf, size_t len, size_t cap)
{
    buf[len] = '\0';
    t->buf = buf;
    t->len = len;
    t->buf_cap = cap;
    int rc = parse_buffer(t);
    t->ok = rc == DLX_OK;
    return rc;
}

int dlx_text_parse(dlx_text *t, const char *data, size_t len)
{
    if (!t || (!data && len > 0))
        return DLX_EINVAL;
    if (t->used)
        return DLX_TEXT_EUSED;
    t->used = 1;
    if (len == SIZE_MAX)
        return fail(t, DLX_ETOOBIG, 0, 0, 0, "the input is too big");
    char *copy = t_alloc(t, len + 1);
    if (!copy)
        return fail(t, DLX_ENOMEM, 0, 0, 0, "out of memory holding the input");
    if (len > 0)
        memcpy(copy, data, len);
    return parse_owned(t, copy, len, len + 1);
}

int dlx_text_read(dlx_text *t, FILE *in)
{
    if (!t || !in)
        return DLX_EINVAL;
    if (t->used)
        return DLX_TEXT_EUSED;
    t->used = 1;
    size_t cap = 1 << 16, len = 0;
    char *buf = t_alloc(t, cap);
    if (!buf)
        return fail(t, DLX_ENOMEM, 0, 0, 0, "out of memory holding the input");
    for (;;) {
        if (cap - len < 2) {
            if (cap > SIZE_MAX / 2) {
                t_free(t, buf, cap);
                return fail(t, DLX_ETOOBIG, 0, 0, 0, "the input is too big");
            }
            char *nb = t->alloc(t->ud, buf, cap, cap * 2);
            if (!nb) {
                t_free(t, buf, cap);
                return fail(t, DLX_ENOMEM, 0, 0, 0, "out of memory holding the input");
            }
            buf = nb;
            cap *= 2;
        }
        size_t got = fread(buf + len, 1, cap - len - 1, in);
        len += got;
        if (got == 0 || feof(in) || ferror(in))
            break;
    }
    if (ferror(in)) {
        int err = errno;
        char why[128];
        if (strerror_r(err, why, sizeof why) != 0)
            snprintf(why, sizeof why, "error %d", err);
        t_free(t, buf, cap);
        return fail(t, DLX_TEXT_EIO, 0, 0, 0, "cannot read: %s", why);
    }
    return parse_owned(t, buf, len, cap);
}

/* --- questions ----------------------------------------------------------- */

const dlx_text_diag *dlx_text_error(const dlx_text *t)
{
    return t && t->has_error ? &t->error.diag : NULL;
}

size_t dlx_text_warning_count(const dlx_text *t)
{
    return t ? t->warning_total : 0;
}

const dlx_text_diag *dlx_text_warning(const dlx_text *t, size_t i)
{
    return t && i < t->warnings_kept ? &t->warnings[i].diag : NULL;
}

dlx_problem *dlx_text_problem(const dlx_text *t)
{
    return t && t->ok ? t->problem : NULL;
}

const char *dlx_text_option_text(const dlx_text *t, int32_t opt)
{
    if (!t || !t->ok || opt < 0 || opt >= t->opt_count)
        return NULL;
    return t->buf + t->opt_off[opt];
}

int64_t dlx_text_option_line(const dlx_text *t, int32_t opt)
{
    if (!t || !t->ok || opt < 0 || opt >= t->opt_count)
        return 0;
    return t->opt_line[opt];
}

int32_t dlx_text_find_item(const dlx_text *t, const char *name, size_t len)
{
    if (!t || !name)
        return DLX_EITEM;
    int32_t k = table_find(&t->item_table, t->buf, t->items, name, len, hash_name(name, len));
    return k >= 0 ? k : DLX_EITEM;
}

int32_t dlx_text_color_count(const dlx_text *t)
{
    return t ? t->color_count : 0;
}

const char *dlx_text_color_name(const dlx_text *t, int32_t color)
{
    if (!t || color < 1 || color > t->color_count)
        return NULL;
    return t->color_chars + t->colors[color - 1].off;
}

const char *dlx_text_strerror(int code)
{
    switch (code) {
    case DLX_TEXT_ESYNTAX:
        return "malformed input line";
    case DLX_TEXT_ENOITEMS:
        return "no item line";
    case DLX_TEXT_EIO:
        return "the input could not be read";
    case DLX_TEXT_EUSED:
        return "this reader has already parsed an input";
    default:
        return dlx_strerror(code);
    }
}
