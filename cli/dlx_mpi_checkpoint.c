/* SPDX-License-Identifier: MIT */
/* dlx_mpi_checkpoint.c - the pieces dlx-mpi's master knows of, and the
 * --checkpoint file that records the finished ones (the format:
 * dlx_mpi_checkpoint.h). No MPI: the master calls it, and so do the unit
 * tests (tests/check_mpi_checkpoint.c). */
#include "dlx_mpi_checkpoint.h"
#include "common_time.h"
#include "dlx_mpi.h"
#include "dlxcmd_rules.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* --- the pieces ------------------------------------------------------------ */

int mpi_grow(void *a, size_t *cap, size_t n, size_t sz)
{
    if (n <= *cap)
        return 0;
    size_t c = *cap ? *cap : 16;
    while (c < n)
        c *= 2;
    void *b = realloc(*(void **)a, c * sz);
    if (!b)
        return -1;
    *(void **)a = b;
    *cap = c;
    return 0;
}


int64_t ck_new_piece(ck_ledger *l, const int32_t *prefix, int32_t n)
{
    if (mpi_grow(&l->piece, &l->piece_cap, l->n_pieces + 1, sizeof *l->piece) != 0)
        return -1;
    struct ck_piece *p = &l->piece[l->n_pieces];
    p->n = n;
    p->pending = 1;
    p->prefix = NULL;
    if (n > 0) {
        p->prefix = malloc((size_t)n * sizeof *prefix);
        if (!p->prefix)
            return -1;
        memcpy(p->prefix, prefix, (size_t)n * sizeof *prefix);
    }
    return (int64_t)l->n_pieces++;
}

int32_t mpi_prefix_room(const dlx_problem *p)
{
    return dlx_item_count(p) + 1 + (dlx_has_bounds(p) ? dlx_option_count(p) : 0);
}

void ck_finish_piece(ck_ledger *l, int64_t id, const int64_t *r)
{
    struct ck_piece *p = &l->piece[id];
    free(p->prefix);
    p->prefix = NULL;
    p->pending = 0;
    l->done_pieces++;
    l->total.solutions += (uint64_t)r[1];
    l->total.nodes += (uint64_t)r[2];
    l->total.updates += (uint64_t)r[3];
    if (r[4] > l->total.max_level)
        l->total.max_level = (int32_t)r[4];
}

void ck_ledger_free(ck_ledger *l)
{
    for (size_t id = 0; id < l->n_pieces; id++)
        free(l->piece[id].prefix);
    free(l->piece);
    l->piece = NULL;
    l->n_pieces = l->piece_cap = 0;
}

/* --- the check ------------------------------------------------------------- */

uint32_t ck_crc32(uint32_t crc, const void *data, size_t n)
{
    /* The reflected polynomial 0xEDB88320, a nibble at a time. */
    static const uint32_t nibble[16] = {
        0x00000000, 0x1db71064, 0x3b6e20c8, 0x26d930ac, 0x76dc4190, 0x6b6b51f4,
        0x4db26158, 0x5005713c, 0xedb88320, 0xf00f9344, 0xd6d6a3e8, 0xcb61b38c,
        0x9b64c2b0, 0x86d3d2d4, 0xa00ae278, 0xbdbdf21c,
    };
    const unsigned char *b = data;
    crc = ~crc;
    for (size_t i = 0; i < n; i++) {
        crc ^= b[i];
        crc = (crc >> 4) ^ nibble[crc & 15];
        crc = (crc >> 4) ^ nibble[crc & 15];
    }
    return ~crc;
}

void ck_header(char *buf, size_t n, uint64_t hash, enum dlx_choose rule, int have_seed,
               uint64_t seed)
{
    char s[32] = "-";
    if (have_seed)
        snprintf(s, sizeof s, "%" PRIu64, seed);
    snprintf(buf, n, "dlx-mpi checkpoint 2\nproblem %016" PRIx64 " choose %s seed %s\n", hash,
             cmd_rule_name(rule), s);
}

/* --- reading --------------------------------------------------------------- */

/* One number of a line: a blank, then decimal digits (no sign but '-' when
 * lo < 0, no leading zero), within [lo, hi]. Moves *s past it; 0 or -1. */
static int take_number(const char **s, const char *end, int64_t lo, int64_t hi, int64_t *out)
{
    const char *c = *s;
    if (c >= end || *c++ != ' ')
        return -1;
    int neg = c < end && *c == '-' && lo < 0;
    if (neg)
        c++;
    const char *digits = c;
    uint64_t v = 0;
    while (c < end && *c >= '0' && *c <= '9') {
        if (v > (UINT64_MAX - 9) / 10)
            return -1;
        v = v * 10 + (uint64_t)(*c++ - '0');
    }
    size_t nd = (size_t)(c - digits);
    if (nd == 0 || (nd > 1 && *digits == '0') || (neg && v == 0) || v > (uint64_t)INT64_MAX)
        return -1;
    int64_t x = neg ? -(int64_t)v : (int64_t)v;
    if (x < lo || x > hi)
        return -1;
    *out = x;
    *s = c;
    return 0;
}

/* Replays one line s[0..end) whose check is right; 0, or -1 with *why. */
static int replay_line(ck_ledger *l, const char *s, const char *end, const char **why)
{
    char kind = *s++;
    int64_t r[R_HEAD] = {kind == 'S' ? R_SPLIT : R_DONE};
    int64_t id, k = 0;
    *why = "a number is missing or wrong";
    if (take_number(&s, end, 0, INT64_MAX, &id) != 0)
        return -1;
    for (int i = 1; i <= 4; i++)
        if (take_number(&s, end, 0, i == 4 ? INT32_MAX : INT64_MAX, &r[i]) != 0)
            return -1;
    if (kind == 'S' && take_number(&s, end, 1, INT32_MAX, &k) != 0)
        return -1;
    if (id >= (int64_t)l->n_pieces || !l->piece[id].pending) {
        *why = "it finishes a piece that is not waiting";
        return -1;
    }
    int32_t *pre = malloc(((size_t)l->max_len + 1) * sizeof *pre);
    if (!pre) {
        *why = "out of memory";
        return -1;
    }
    /* The pieces are added only once the whole line has been read. */
    size_t first = l->n_pieces;
    int bad = 0;
    for (int64_t j = 0; j < k && !bad; j++) {
        int64_t len, x;
        if (take_number(&s, end, 0, l->max_len, &len) != 0) {
            *why = "a piece's length is missing or wrong";
            bad = 1;
            break;
        }
        for (int64_t i = 0; i < len; i++) {
            if (take_number(&s, end, l->id_lo, l->id_hi - 1, &x) != 0) {
                *why = "an option id is missing or out of range";
                bad = 1;
                break;
            }
            pre[i] = (int32_t)x;
        }
        if (!bad && ck_new_piece(l, pre, (int32_t)len) < 0) {
            *why = "out of memory";
            bad = 1;
        }
    }
    free(pre);
    if (!bad && (end - s != 2 || memcmp(s, " .", 2) != 0)) {
        *why = "it does not end with ' .' after its numbers";
        bad = 1;
    }
    if (bad) { /* the pieces of a line refused are not kept */
        for (size_t id2 = first; id2 < l->n_pieces; id2++)
            free(l->piece[id2].prefix);
        l->n_pieces = first;
        return -1;
    }
    ck_finish_piece(l, id, r);
    return 0;
}

static int hex_value(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

enum ck_read_status ck_read(ck_ledger *l, char *text, size_t len, const char *header,
                            struct ck_read_result *res)
{
    static const char magic[] = "dlx-mpi checkpoint ";
    memset(res, 0, sizeof *res);
    size_t hlen = strlen(header);
    if (len < hlen && memcmp(text, header, len) == 0)
        return CK_READ_NEW; /* new, or a run stopped while it wrote the header */
    if (len < hlen || memcmp(text, header, hlen) != 0) {
        size_t m = sizeof magic - 1;
        if (len > m && memcmp(text, magic, m) == 0 && text[m] == '1' &&
            (len == m + 1 || text[m + 1] == '\n'))
            res->why = "it was written by an older dlx-mpi, whose lines carry no check; start a "
                       "new checkpoint";
        else
            res->why = "this checkpoint is not of this run (another problem, --choose or "
                       "--seed, or not a dlx-mpi checkpoint)";
        return CK_READ_OTHER;
    }
    uint32_t crc = ck_crc32(0, text, hlen);
    size_t at = hlen;
    long line_no = 2;
    while (at < len) {
        char *nl = memchr(text + at, '\n', len - at);
        if (!nl)
            break; /* the part line of a run stopped in the middle of it */
        line_no++;
        char *line = text + at;
        size_t n = (size_t)(nl - line);
        res->line = line_no;
        /* "K ... . " then 8 hex digits: the check comes first, so that a
         * damaged line is called damaged whatever the damage looks like. */
        if (n < 12 || !((line[0] == 'D' || line[0] == 'S') && line[1] == ' ')) {
            res->why = "not a checkpoint line (it starts with neither 'D ' nor 'S ', or is cut "
                       "short)";
            return CK_READ_BAD;
        }
        uint32_t want = 0;
        for (size_t i = n - 8; i < n; i++) {
            int v = hex_value(line[i]);
            if (v < 0) {
                res->why = "its check (8 hex digits at the end) is missing or not hex";
                return CK_READ_BAD;
            }
            want = want << 4 | (uint32_t)v;
        }
        uint32_t got = ck_crc32(crc, line, n - 8);
        if (got != want || line[n - 9] != ' ') {
            res->why = "its check is wrong: this line, or one before it, was changed or damaged";
            return CK_READ_BAD;
        }
        const char *why = NULL;
        if (replay_line(l, line, line + n - 9, &why) != 0) {
            res->why = why;
            return strcmp(why, "out of memory") == 0 ? CK_READ_NOMEM : CK_READ_BAD;
        }
        crc = ck_crc32(got, line + n - 8, 9);
        at = (size_t)(nl - text) + 1;
    }
    res->good = at;
    res->crc = crc;
    res->line = 0;
    return CK_READ_OK;
}

/* --- the file -------------------------------------------------------------- */

/* Two runs appending to one checkpoint would each count the other's
 * pieces: the file is locked while a run has it (an fcntl lock, which also
 * holds on NFS with a lock daemon). 0, or -1 after saying why. */
static int lock_file(FILE *f, const char *path, FILE *err)
{
    struct flock lk = {.l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 0, .l_len = 0};
    if (fcntl(fileno(f), F_SETLK, &lk) == 0)
        return 0;
    if (errno == EACCES || errno == EAGAIN)
        fprintf(err, "dlx-mpi: %s: error: the checkpoint is in use by another run\n", path);
    else
        fprintf(err, "dlx-mpi: %s: error: cannot lock: %s\n", path, strerror(errno));
    return -1;
}

/* The whole file, read through f itself: closing any other descriptor of
 * it would drop this process's lock (POSIX fcntl locks). NULL after saying
 * why. */
static char *read_all(FILE *f, const char *path, size_t *len, FILE *err)
{
    long end = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
    if (end < 0 || fseek(f, 0, SEEK_SET) != 0) {
        fprintf(err, "dlx-mpi: %s: error: cannot read: %s\n", path, strerror(errno));
        return NULL;
    }
    char *text = malloc((size_t)end + 1);
    if (!text) {
        fprintf(err, "dlx-mpi: %s: error: out of memory (%ld bytes)\n", path, end);
        return NULL;
    }
    *len = fread(text, 1, (size_t)end, f);
    if (*len != (size_t)end || ferror(f)) {
        fprintf(err, "dlx-mpi: %s: error: cannot read: %s\n", path,
                ferror(f) ? strerror(errno) : "the file shrank while it was read");
        free(text);
        return NULL;
    }
    return text;
}

int ck_open(ck_file *ck, const char *path, const char *header, ck_ledger *l, FILE *err)
{
    memset(ck, 0, sizeof *ck);
    ck->path = path;
    /* Opened (or created) without truncating, then locked, then read: two
     * runs started at once cannot both take it for new. O_NONBLOCK: a FIFO
     * must not hang the open (it is refused below). */
    int fd = open(path, O_RDWR | O_CREAT | O_NONBLOCK, 0666);
    struct stat st;
    if (fd < 0) {
        fprintf(err, "dlx-mpi: %s: error: cannot open: %s\n", path, strerror(errno));
        return -1;
    }
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        fprintf(err, "dlx-mpi: %s: error: not a regular file (a FIFO, a device or a socket): "
                     "a checkpoint is a file that each run reads whole and appends to\n", path);
        close(fd);
        return -1;
    }
    int flags = fcntl(fd, F_GETFL);
    FILE *f = flags >= 0 && fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) == 0 ? fdopen(fd, "r+")
                                                                         : NULL;
    if (!f) {
        fprintf(err, "dlx-mpi: %s: error: cannot open: %s\n", path, strerror(errno));
        close(fd);
        return -1;
    }
    ck->f = f;
    size_t len = 0;
    char *text = NULL;
    if (lock_file(f, path, err) != 0 || !(text = read_all(f, path, &len, err))) {
        ck_close(ck);
        return -1;
    }
    struct ck_read_result res;
    enum ck_read_status rs = ck_read(l, text, len, header, &res);
    free(text);
    int ok = 0;
    switch (rs) {
    case CK_READ_NEW:
        ok = ftruncate(fileno(f), 0) == 0 && fseek(f, 0, SEEK_SET) == 0 && fputs(header, f) >= 0;
        if (!ok)
            fprintf(err, "dlx-mpi: %s: error: cannot write: %s\n", path, strerror(errno));
        ck->crc = ck_crc32(0, header, strlen(header));
        break;
    case CK_READ_OK:
        ok = ftruncate(fileno(f), (off_t)res.good) == 0 && fseek(f, 0, SEEK_END) == 0;
        if (!ok)
            fprintf(err, "dlx-mpi: %s: error: cannot write: %s\n", path, strerror(errno));
        ck->crc = res.crc;
        break;
    case CK_READ_OTHER:
        fprintf(err, "dlx-mpi: %s: error: %s; it was left as it was\n", path, res.why);
        break;
    case CK_READ_BAD:
        fprintf(err, "%s:%ld: error: %s; nothing was resumed and the file was left as it was "
                     "(to resume from the lines before it: head -n %ld %s > NEW)\n",
                path, res.line, res.why, res.line - 1, path);
        break;
    case CK_READ_NOMEM:
        fprintf(err, "dlx-mpi: %s: error: out of memory\n", path);
        break;
    }
    if (!ok || ck_sync(ck, 1, err) != 0) {
        ck_close(ck);
        return -1;
    }
    return 0;
}

/* Appends printf-style text to ck->line at *at; 0 or -1 (out of memory). */
static int put(ck_file *ck, size_t *at, const char *fmt, int64_t v)
{
    for (;;) {
        size_t room = ck->line_cap - *at;
        int n = snprintf(ck->line + *at, room, fmt, v);
        if (n < 0)
            return -1;
        if ((size_t)n < room) {
            *at += (size_t)n;
            return 0;
        }
        if (mpi_grow(&ck->line, &ck->line_cap, *at + (size_t)n + 1, 1) != 0)
            return -1;
    }
}

int ck_append(ck_file *ck, int64_t id, const int64_t *r, size_t n, FILE *err)
{
    if (!ck->f)
        return 0;
    if (!ck->line && mpi_grow(&ck->line, &ck->line_cap, 256, 1) != 0)
        goto nomem;
    size_t at = 0;
    int bad = put(ck, &at, r[0] == R_SPLIT ? "S %" PRId64 : "D %" PRId64, id);
    for (int i = 1; i <= 4 && !bad; i++)
        bad = put(ck, &at, " %" PRId64, r[i]);
    if (r[0] == R_SPLIT) {
        bad = bad || put(ck, &at, " %" PRId64, r[5]);
        for (size_t i = R_HEAD; i < n && !bad; i++)
            bad = put(ck, &at, " %" PRId64, r[i]);
    }
    if (bad || mpi_grow(&ck->line, &ck->line_cap, at + 4, 1) != 0)
        goto nomem;
    memcpy(ck->line + at, " . ", 4);
    at += 3;
    uint32_t crc = ck_crc32(ck->crc, ck->line, at);
    char tail[16];
    snprintf(tail, sizeof tail, "%08" PRIx32 "\n", crc);
    if (fwrite(ck->line, 1, at, ck->f) != at || fputs(tail, ck->f) < 0) {
        fprintf(err, "dlx-mpi: %s: error: cannot write: %s\n", ck->path, strerror(errno));
        return -1;
    }
    ck->crc = ck_crc32(crc, tail, 9);
    return ck_sync(ck, 0, err);
nomem:
    fprintf(err, "dlx-mpi: %s: error: out of memory\n", ck->path);
    return -1;
}

int ck_sync(ck_file *ck, int force, FILE *err)
{
    if (!ck->f)
        return 0;
    if (fflush(ck->f) != 0) {
        fprintf(err, "dlx-mpi: %s: error: cannot write: %s\n", ck->path, strerror(errno));
        return -1;
    }
    double now = cli_now_seconds();
    if (force || now - ck->last_sync >= 1.0) { /* on disk too, about once a second */
        fsync(fileno(ck->f));
        ck->last_sync = now;
    }
    return 0;
}

void ck_close(ck_file *ck)
{
    if (ck->f)
        fclose(ck->f);
    ck->f = NULL;
    free(ck->line);
    ck->line = NULL;
    ck->line_cap = 0;
}
