/* SPDX-License-Identifier: MIT */
/* check_mpi_checkpoint.c - dlx-mpi's checkpoint (cli/dlx_mpi_checkpoint.c)
 * without MPI: a run of 7 queens (40 solutions, OEIS A000170) is played
 * here as the master and its workers would play it, pieces split by
 * dlx_split() after a small node budget, every report written by the real
 * writer. Then every truncation of the file and every single-byte change of
 * it (each of the 255 other values at each byte) is read back by the real
 * reader: each is refused, or replays to the state of some whole prefix of
 * the lines -- and every such state, finished by searching its waiting
 * pieces, gives the figures of one uninterrupted search. So no damage
 * gives a wrong total. (Before issue 22 the lines had no check: a changed
 * number in a D line was taken, 14 queens resumed to 1,265,596 solutions.)
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dlx.h"
#include "dlx_mpi.h"
#include "dlx_mpi_checkpoint.h"
#include "../examples/problems.h"

#define QUEENS 7
#define BUDGET 60 /* nodes a piece runs before it is split: many lines */

static dlx_problem *queens(void)
{
    dlx_problem *p = dlx_new();
    ck_assert_ptr_nonnull(p);
    ck_assert_int_eq(queens_build(p, QUEENS, 1), 0);
    return p;
}

static void ledger_init(ck_ledger *l, const dlx_problem *p)
{
    memset(l, 0, sizeof *l);
    l->max_len = dlx_item_count(p) + 1;
    l->id_lo = 0;
    l->id_hi = dlx_option_count(p);
    ck_assert_int_eq(ck_new_piece(l, NULL, 0), 0); /* piece 0: the whole tree */
}

/* A worker's report, built as dlx_mpi_worker.c builds it. */
struct built_report {
    int64_t *r;
    size_t n, cap;
};

static void put(struct built_report *rep, int64_t v)
{
    ck_assert_int_eq(mpi_grow(&rep->r, &rep->cap, rep->n + 1, sizeof *rep->r), 0);
    rep->r[rep->n++] = v;
}

static int collect(void *ctx, const int32_t *options, int32_t count, int is_solution)
{
    (void)is_solution;
    struct built_report *rep = ctx;
    put(rep, count);
    for (int32_t k = 0; k < count; k++)
        put(rep, options[k]);
    rep->r[R_HEAD - 1]++;
    return 0;
}

static void figures(struct built_report *rep, const dlx_problem *q)
{
    dlx_stats st;
    dlx_get_stats(q, &st);
    rep->r[1] = (int64_t)st.solutions;
    rep->r[2] = (int64_t)st.nodes;
    rep->r[3] = (int64_t)st.updates;
    rep->r[4] = st.max_level;
}

/* The figures of one whole search of 7 queens. */
static dlx_stats whole_search(void)
{
    dlx_problem *p = queens();
    ck_assert_int_eq(dlx_search(p, 0), DLX_OK);
    dlx_stats st;
    dlx_get_stats(p, &st);
    ck_assert_uint_eq(st.solutions, 40);
    dlx_free(p);
    return st;
}

/* Searches every waiting piece of l to its end and adds its figures: what
 * a resumed run does. */
static dlx_stats finish_all(const ck_ledger *l, dlx_problem *q)
{
    dlx_stats t = l->total;
    for (size_t id = 0; id < l->n_pieces; id++) {
        if (!l->piece[id].pending)
            continue;
        dlx_reset_stats(q);
        ck_assert_int_eq(dlx_start_subtree(q, l->piece[id].prefix, l->piece[id].n), DLX_OK);
        ck_assert_int_eq(dlx_search(q, 0), DLX_OK);
        dlx_stats st;
        dlx_get_stats(q, &st);
        t.solutions += st.solutions;
        t.nodes += st.nodes;
        t.updates += st.updates;
    }
    return t;
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    char *text = malloc(1 << 16);
    ck_assert_ptr_nonnull(text);
    *len = fread(text, 1, 1 << 16, f);
    ck_assert(*len < (1 << 16));
    fclose(f);
    return text;
}

/* Plays the run: pieces by id order, each searched BUDGET nodes, then
 * split (all of it given back: every piece waits, the path's own too) or
 * finished; every report goes to the checkpoint at path. */
static void play_run(const char *path, const char *header)
{
    dlx_problem *q = queens();
    ck_ledger l;
    ledger_init(&l, q);
    ck_file ck;
    ck_assert_int_eq(ck_open(&ck, path, header, &l, stderr), 0);
    struct built_report rep = {0};
    for (size_t id = 0; id < l.n_pieces; id++) {
        dlx_reset_stats(q);
        ck_assert_int_eq(dlx_start_subtree(q, l.piece[id].prefix, l.piece[id].n), DLX_OK);
        int rc = dlx_search(q, BUDGET);
        rep.n = 0;
        for (int k = 0; k < R_HEAD; k++)
            put(&rep, 0);
        if (rc == DLX_OK) {
            rep.r[0] = R_DONE;
        } else {
            ck_assert_int_eq(rc, DLX_PAUSED);
            rep.r[0] = R_SPLIT;
            ck_assert_int_gt(dlx_split(q, DLX_SPLIT_ALL, collect, &rep), 0);
        }
        figures(&rep, q);
        ck_assert_int_eq(ck_append(&ck, (int64_t)id, rep.r, rep.n, stderr), 0);
        ck_finish_piece(&l, (int64_t)id, rep.r);
        for (size_t at = R_HEAD, k = 0; k < (size_t)rep.r[5]; k++) {
            int32_t n = (int32_t)rep.r[at], pre[64];
            for (int32_t i = 0; i < n; i++)
                pre[i] = (int32_t)rep.r[at + 1 + (size_t)i];
            ck_assert_int_ge(ck_new_piece(&l, pre, n), 0);
            at += 1 + (size_t)n;
        }
    }
    ck_close(&ck);
    free(rep.r);
    ck_ledger_free(&l);
    dlx_free(q);
}

/* Whether two ledgers hold the same pieces and figures. */
static int same_ledger(const ck_ledger *a, const ck_ledger *b)
{
    if (a->n_pieces != b->n_pieces || a->done_pieces != b->done_pieces ||
        a->total.solutions != b->total.solutions || a->total.nodes != b->total.nodes ||
        a->total.updates != b->total.updates || a->total.max_level != b->total.max_level)
        return 0;
    for (size_t id = 0; id < a->n_pieces; id++) {
        const struct ck_piece *x = &a->piece[id], *y = &b->piece[id];
        if (x->pending != y->pending || (x->pending && x->n != y->n) ||
            (x->pending && x->n && memcmp(x->prefix, y->prefix, (size_t)x->n * sizeof *x->prefix)))
            return 0;
    }
    return 1;
}

/* Reads text[0..len) as a checkpoint into l (fresh); the status. */
static enum ck_read_status read_copy(ck_ledger *l, const dlx_problem *p, const char *text,
                                     size_t len, const char *header, char *scratch)
{
    ledger_init(l, p);
    memcpy(scratch, text, len);
    struct ck_read_result res;
    return ck_read(l, scratch, len, header, &res);
}

START_TEST(crc32_known_value)
{
    /* The check value of CRC-32/ISO-HDLC (zlib's crc32), the catalogue's
     * standard test string. */
    ck_assert_uint_eq(ck_crc32(0, "123456789", 9), 0xcbf43926u);
    ck_assert_uint_eq(ck_crc32(ck_crc32(0, "1234", 4), "56789", 5), 0xcbf43926u);
    ck_assert_uint_eq(ck_crc32(0, "", 0), 0);
}
END_TEST

START_TEST(every_truncation_and_byte_change)
{
    char path[] = "/tmp/check_ckXXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    close(fd);
    char header[160];
    ck_header(header, sizeof header, UINT64_C(0x0123456789abcdef), DLX_CHOOSE_MRV, 0, 0);
    play_run(path, header);
    size_t len;
    char *text = slurp(path, &len);
    unlink(path);
    dlx_stats one = whole_search();
    dlx_problem *q = queens();
    char *scratch = malloc(len + 1);
    ck_assert_ptr_nonnull(scratch);

    /* The states after each whole prefix of lines (the header, then line by
     * line): each finishes to the figures of one search. */
    size_t ends[512];
    size_t n_states = 0;
    size_t hlen = strlen(header);
    ends[n_states++] = hlen;
    for (size_t i = hlen; i < len; i++)
        if (text[i] == '\n') {
            ck_assert_uint_lt(n_states, 512);
            ends[n_states++] = i + 1;
        }
    ck_assert_uint_ge(n_states, 12); /* enough lines to be a real test */
    ck_ledger *state = calloc(n_states, sizeof *state);
    ck_assert_ptr_nonnull(state);
    for (size_t k = 0; k < n_states; k++) {
        ck_assert_int_eq(read_copy(&state[k], q, text, ends[k], header, scratch), CK_READ_OK);
        dlx_stats t = finish_all(&state[k], q);
        ck_assert_uint_eq(t.solutions, one.solutions);
        ck_assert_uint_eq(t.nodes, one.nodes);
        ck_assert_uint_eq(t.updates, one.updates);
    }
    ck_assert_uint_eq(state[n_states - 1].total.solutions, 40); /* the whole run was recorded */

    /* Every truncation: new (inside the header) or the state of the whole
     * lines it keeps. */
    for (size_t cut = 0; cut <= len; cut++) {
        ck_ledger l;
        enum ck_read_status rs = read_copy(&l, q, text, cut, header, scratch);
        size_t k = 0;
        while (k + 1 < n_states && ends[k + 1] <= cut)
            k++;
        if (cut < hlen)
            ck_assert_int_eq(rs, CK_READ_NEW);
        else
            ck_assert_msg(rs == CK_READ_OK && same_ledger(&l, &state[k]),
                          "cut at byte %zu of %zu: status %d", cut, len, (int)rs);
        ck_ledger_free(&l);
    }

    /* Every single-byte change: refused, or the state of a whole prefix. */
    unsigned long refused = 0, taken = 0;
    char *changed = malloc(len);
    ck_assert_ptr_nonnull(changed);
    for (size_t at = 0; at < len; at++)
        for (int v = 0; v < 256; v++) {
            if (v == (unsigned char)text[at])
                continue;
            memcpy(changed, text, len);
            changed[at] = (char)v;
            ck_ledger l;
            enum ck_read_status rs = read_copy(&l, q, changed, len, header, scratch);
            if (rs == CK_READ_OK || rs == CK_READ_NEW) {
                int same = 0;
                for (size_t k = 0; k < n_states && !same; k++)
                    same = same_ledger(&l, &state[k]);
                ck_assert_msg(same, "byte %zu of %zu changed to %d: taken, but no state of "
                                    "whole lines", at, len, v);
                taken++;
            } else {
                ck_assert_int_ne(rs, CK_READ_NOMEM);
                refused++;
            }
            ck_ledger_free(&l);
        }
    /* Taken are only the changes of the last newline (the last line is then
     * a part line, dropped): 255 of them. */
    ck_assert_uint_eq(taken, 255);
    ck_assert_uint_eq(refused + taken, 255 * (unsigned long)len);

    for (size_t k = 0; k < n_states; k++)
        ck_ledger_free(&state[k]);
    free(state);
    free(changed);
    free(scratch);
    free(text);
    dlx_free(q);
}
END_TEST

/* What ck_open says: the message the user sees, one line on err. */
static char *open_message(const char *path, const char *header, int *rc)
{
    FILE *err = tmpfile();
    ck_assert_ptr_nonnull(err);
    dlx_problem *q = queens();
    ck_ledger l;
    ledger_init(&l, q);
    ck_file ck;
    *rc = ck_open(&ck, path, header, &l, err);
    if (*rc == 0)
        ck_close(&ck);
    ck_ledger_free(&l);
    dlx_free(q);
    static char msg[1024];
    rewind(err);
    size_t n = fread(msg, 1, sizeof msg - 1, err);
    msg[n] = '\0';
    fclose(err);
    return msg;
}

START_TEST(refusals_name_the_file_and_line)
{
    char dir[] = "/tmp/check_ckdXXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char path[256], header[160];
    ck_header(header, sizeof header, 42, DLX_CHOOSE_MRV, 1, 7);
    int rc;

    /* A FIFO: said so, not "out of memory" (issue 22), and no hang. */
    snprintf(path, sizeof path, "%s/fifo", dir);
    ck_assert_int_eq(mkfifo(path, 0600), 0);
    char *msg = open_message(path, header, &rc);
    ck_assert_int_eq(rc, -1);
    ck_assert_msg(strstr(msg, "/fifo: error: not a regular file") != NULL, "%s", msg);
    unlink(path);

    /* A changed D line: the line is named. */
    snprintf(path, sizeof path, "%s/q.ck", dir);
    play_run(path, header);
    size_t len;
    char *text = slurp(path, &len);
    char *third = strchr(strchr(text, '\n') + 1, '\n') + 1; /* line 3 */
    char *num = strchr(third + 2, ' ') + 1; /* its solutions */
    *num = *num == '9' ? '8' : '9';
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    fwrite(text, 1, len, f);
    fclose(f);
    msg = open_message(path, header, &rc);
    ck_assert_int_eq(rc, -1);
    ck_assert_msg(strstr(msg, "q.ck:3: error: its check is wrong") != NULL, "%s", msg);

    /* Another run's checkpoint, and one of the format before checks. */
    char other[160];
    ck_header(other, sizeof other, 43, DLX_CHOOSE_MRV, 1, 7);
    msg = open_message(path, other, &rc);
    ck_assert_int_eq(rc, -1);
    ck_assert_msg(strstr(msg, "not of this run") != NULL, "%s", msg);
    f = fopen(path, "wb");
    fputs("dlx-mpi checkpoint 1\nproblem 000000000000002a choose mrv seed 7\n", f);
    fclose(f);
    msg = open_message(path, header, &rc);
    ck_assert_int_eq(rc, -1);
    ck_assert_msg(strstr(msg, "older dlx-mpi") != NULL, "%s", msg);
    unlink(path);
    free(text);
    rmdir(dir);
}
END_TEST

Suite *mpi_checkpoint_suite(void);

Suite *mpi_checkpoint_suite(void)
{
    Suite *s = suite_create("mpi_checkpoint");
    TCase *tc = tcase_create("checkpoint");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, crc32_known_value);
    tcase_add_test(tc, every_truncation_and_byte_change);
    tcase_add_test(tc, refusals_name_the_file_and_line);
    suite_add_tcase(s, tc);
    return s;
}
