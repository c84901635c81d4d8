/* SPDX-License-Identifier: MIT */
/* dlx_mpi_checkpoint.h - dlx-mpi's pieces of the search tree and the
 * --checkpoint file that records them; no MPI here, so that the reader and
 * the writer are unit-tested alone (tests/check_mpi_checkpoint.c).
 *
 * The file is text, appended to a line at a time:
 *   dlx-mpi checkpoint 2
 *   problem HASH choose RULE seed N|-
 *   D ID SOLUTIONS NODES UPDATES MAXLEVEL . CHECK
 *   S ID SOLUTIONS NODES UPDATES MAXLEVEL K LEN IDS... LEN IDS... . CHECK
 * D: piece ID is finished with these figures. S: piece ID is finished as
 * far as it went with these figures, and its K pieces left (new ids, in
 * order) are waiting. Pieces get their ids in the order they appear (0 is
 * the whole tree), so replaying the lines gives every piece its id again.
 *
 * CHECK is 8 lowercase hex digits, the CRC-32 (IEEE 802.3, as zlib's) of
 * every byte of the file before it: the header, the lines before, and this
 * line up to and including ". ". A changed, dropped, repeated or swapped
 * line fails the check of its line or of the next one, which is refused
 * with its line number; the total is never wrong. CRC-32 finds every change
 * of up to 32 bits in a row, so every single-byte change of a line. A line
 * counts only when whole (ending in its newline): a run killed in the
 * middle of one leaves a part line, which the next run drops.
 */
#ifndef DLX_MPI_CHECKPOINT_H
#define DLX_MPI_CHECKPOINT_H

#include "dlx.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* A piece of the tree the master knows of, by id. */
struct ck_piece {
    int32_t *prefix; /* NULL once finished (or for the empty prefix) */
    int32_t n;
    int pending;     /* waiting or being searched */
};

/* Every piece so far and the figures of the finished ones. The caller sets
 * max_len and the range of option ids a prefix may hold before replaying
 * a checkpoint; the rest starts zeroed. */
typedef struct ck_ledger {
    struct ck_piece *piece;
    size_t n_pieces, piece_cap;
    uint64_t done_pieces;
    dlx_stats total;
    int32_t max_len;        /* the longest prefix a piece may have */
    int64_t id_lo, id_hi;   /* a prefix's entries are in [id_lo, id_hi) */
} ck_ledger;

/* Adds a waiting piece (the prefix is copied). Its id, or -1 when out of
 * memory. */
int64_t ck_new_piece(ck_ledger *l, const int32_t *prefix, int32_t n);

/* Piece id is finished: its prefix is freed and the figures of report r
 * (r[1..4]: solutions, nodes, updates, max level) are added to the total. */
void ck_finish_piece(ck_ledger *l, int64_t id, const int64_t *r);

/* Frees every piece's prefix and the table; the ledger is then empty. */
void ck_ledger_free(ck_ledger *l);

/* CRC-32 of n more bytes after crc (0 to begin): crc32(crc32(0, a), b) is
 * the CRC of a then b. */
uint32_t ck_crc32(uint32_t crc, const void *data, size_t n);

/* The two header lines of a run (problem hash, rule, seed) into buf. */
void ck_header(char *buf, size_t n, uint64_t hash, enum dlx_choose rule, int have_seed,
               uint64_t seed);

/* What ck_read() found. */
enum ck_read_status {
    CK_READ_OK,    /* replayed: the lines up to `good` bytes are whole and right */
    CK_READ_NEW,   /* nothing recorded yet (empty, or a part of the header) */
    CK_READ_OTHER, /* not a checkpoint of this run (why says what it is) */
    CK_READ_BAD,   /* line `line` is damaged or wrong (why says how) */
    CK_READ_NOMEM
};

struct ck_read_result {
    size_t good;      /* bytes of whole, checked lines (CK_READ_OK) */
    uint32_t crc;     /* the running check after them */
    long line;        /* the line refused (CK_READ_BAD), from 1 */
    const char *why;  /* CK_READ_OTHER, CK_READ_BAD: what is wrong */
};

/* Replays the checkpoint text[0..len-1] (modified: lines get a '\0') into l
 * for the run whose header is `header`. */
enum ck_read_status ck_read(ck_ledger *l, char *text, size_t len, const char *header,
                            struct ck_read_result *res);

/* An open checkpoint, locked and positioned for appending. */
typedef struct ck_file {
    FILE *f;
    const char *path;
    uint32_t crc;        /* the running check of everything in the file */
    double last_sync;
    char *line;          /* the line being written (owned) */
    size_t line_cap;
} ck_file;

/* Opens (or creates) the checkpoint at path for the run of `header`: a new
 * one gets its header; an old one is replayed into l, its part last line
 * (if any) cut off. Refused with a message on err (one line, named by the
 * program "dlx-mpi"): a file that is not a regular file (a FIFO, a
 * device), one in use by another run (an fcntl lock), of another run, or
 * damaged. 0, or -1 after saying why (ck is then closed). */
int ck_open(ck_file *ck, const char *path, const char *header, ck_ledger *l, FILE *err);

/* Appends report r (n int64 values, R_DONE or R_SPLIT) of piece id as a
 * line, flushed; on disk about once a second (force: now). 0, or -1 after
 * saying why on err. */
int ck_append(ck_file *ck, int64_t id, const int64_t *r, size_t n, FILE *err);
int ck_sync(ck_file *ck, int force, FILE *err);

/* Closes the file (its lock goes with it) and frees ck's buffer. */
void ck_close(ck_file *ck);

#endif
