/* SPDX-License-Identifier: MIT */
/* tech_aligned.c - aligned pair and triplet exclusion. Take two (or three)
 * cells and every way of giving each one of its candidates. A way is
 * impossible when two of the cells that see each other get the same
 * symbol, or when it takes every candidate of a cell that sees all of them
 * (an excluder: a cell of two candidates for pairs, two or three for
 * triplets). A candidate that appears in no possible way is false.
 *
 * Which cells are tried follows Sudoku Explainer's description: cells of two
 * or more candidates with no peer of a single candidate and some excluder
 * among their peers; a pair needs two excluders in common; a triplet is two
 * such cells and a third among their excluders, with two excluders common to
 * all three. Rated 6.2 (pairs) and 7.5 (triplets), as there. Looked for on
 * grids of up to 256 cells (16x16). */
#include "logic_internal.h"

#include <stdlib.h>
#include <string.h>

/* Grids up to this side: the excluders are kept as bit sets of cells. */
#define ALIGNED_MAX_CELLS 256
#define WORDS (ALIGNED_MAX_CELLS / 64)

typedef struct aligned_search {
    sudoku_logic *L;
    int degree;
    uint64_t (*ex)[WORDS];  /* per cell: its excluders */
    uint64_t (*peers)[WORDS]; /* per cell: the cells it sees (fixed by the shape) */
    uint64_t eligible[WORDS];
} aligned_search;

/* The sets of cells (pairs, triplets) whose exclusion took nothing at the
 * last search of each degree, by their sorted cell numbers, and the grid
 * as it was then. The exclusion on a set reads only the candidates (and
 * values) of its cells and of the peers they have in common (the
 * excluders are those of two to `degree` candidates), so a set that took
 * nothing then takes nothing now when none of those cells changed: it is
 * not tried again. (Whether a cell may start a set at all depends on more
 * of its peers, but only decides whether the set is tried.) Grids of up to
 * MEMO_CELLS cells; docs/rating.md has what it saves. */
#define MEMO_CELLS 81

struct aligned_memo {
    int have[2];                   /* a search of degree 2, 3 was made */
    uint64_t cand[2][MEMO_CELLS];  /* the grid at that search */
    uint8_t value[2][MEMO_CELLS];
    uint64_t *failed[2], *now[2];  /* the sets that took nothing then, now */
};

void aligned_memo_free(aligned_memo *M)
{
    if (!M)
        return;
    for (int d = 0; d < 2; d++) {
        free(M->failed[d]);
        free(M->now[d]);
    }
    free(M);
}

static inline int has_bit(const uint64_t *set, int c)
{
    return (int)((set[c >> 6] >> (c & 63)) & 1);
}

/* Each cell's excluders (peers of 2..degree candidates), and the cells the
 * exclusion may start from: two or more candidates, no peer of one, some
 * excluder. */
static void prepare(aligned_search *A)
{
    sudoku_logic *L = A->L;
    /* the cells of one candidate, and those of 2..degree, as sets: each
     * cell's excluders are then its peers among the second, not a walk of
     * its houses (20 top1465 puzzles: 408 M -> 395 M instructions in the
     * aligned exclusions) */
    uint64_t single[WORDS] = {0}, few[WORDS] = {0};
    for (int c = 0; c < L->cells; c++) {
        if (L->value[c])
            continue;
        int card = popcount64(L->cand[c]);
        if (card == 1)
            single[c >> 6] |= (uint64_t)1 << (c & 63);
        else if (card <= A->degree)
            few[c >> 6] |= (uint64_t)1 << (c & 63);
    }
    memset(A->eligible, 0, sizeof A->eligible);
    for (int c = 0; c < L->cells; c++) {
        uint64_t has_single = 0, any = 0;
        for (int w = 0; w < WORDS; w++) {
            A->ex[c][w] = A->peers[c][w] & few[w];
            has_single |= A->peers[c][w] & single[w];
            any |= A->ex[c][w];
        }
        if (L->value[c] || popcount64(L->cand[c]) < 2) {
            memset(A->ex[c], 0, sizeof A->ex[c]);
            continue;
        }
        if (!has_single && any)
            A->eligible[c >> 6] |= (uint64_t)1 << (c & 63);
    }
}

/* The exclusion on cells[0..k-1] with the excluders common to them; the
 * eliminations into st. Returns how many. */
static int exclude(aligned_search *A, sudoku_step *st, const int32_t *cells, int k)
{
    sudoku_logic *L = A->L;
    uint64_t common[WORDS] = {0};
    int total = 0, words = (L->cells + 63) / 64;
    for (int w = 0; w < words; w++) {
        common[w] = A->ex[cells[0]][w] & A->ex[cells[1]][w];
        if (k == 3)
            common[w] &= A->ex[cells[2]][w];
        total += popcount64(common[w]);
    }
    if (total < 2)
        return 0;
    int32_t ex[ALIGNED_MAX_CELLS];
    int nex = 0;
    for (int w = 0; w < words; w++)
        for (uint64_t m = common[w]; m; m &= m - 1)
            ex[nex++] = w * 64 + lowest_bit(m);
    /* the excluders' candidate sets, each once: a way is impossible when
     * it holds all of one (on 10 top1465 puzzles 200 M of the rater's 1.7 G
     * instructions were this search before the nested loops below) */
    uint64_t exm[ALIGNED_MAX_CELLS];
    int nexm = 0;
    uint64_t c0 = L->cand[cells[0]], c1 = L->cand[cells[1]];
    uint64_t c2 = k == 3 ? L->cand[cells[2]] : 0;
    for (int e = 0; e < nex; e++) {
        uint64_t m = L->cand[ex[e]];
        if (m & ~(c0 | c1 | c2))
            continue; /* no way holds a symbol the cells lack */
        int dup = 0;
        for (int f = 0; f < nexm && !dup; f++)
            dup = exm[f] == m;
        if (!dup)
            exm[nexm++] = m;
    }
    int s01 = has_bit(A->peers[cells[0]], cells[1]);
    int s02 = k == 3 && has_bit(A->peers[cells[0]], cells[2]);
    int s12 = k == 3 && has_bit(A->peers[cells[1]], cells[2]);
    /* The candidates of each cell that some possible way gives it. An
     * excluder of two candidates forbids the ways holding both, one of
     * three the way of exactly those three: as a table of the symbols each
     * symbol may not go with (pm) and a list (tri), so that for each choice
     * of the first two cells the third's possible symbols are one mask
     * (20 top1465 puzzles: 303 M -> 266 M instructions here). */
    uint64_t pm[SUDOKU_MAX_N], tri[ALIGNED_MAX_CELLS];
    int ntri = 0;
    for (uint64_t m = c0 | c1 | c2; m; m &= m - 1)
        pm[lowest_bit(m)] = 0;
    for (int e = 0; e < nexm; e++) {
        uint64_t m = exm[e];
        if (popcount64(m) == 2) {
            int u = lowest_bit(m), v = lowest_bit(m & (m - 1));
            pm[u] |= (uint64_t)1 << v;
            pm[v] |= (uint64_t)1 << u;
        } else {
            tri[ntri++] = m;
        }
    }
    uint64_t allowed[3] = {0, 0, 0};
    for (uint64_t m0 = c0; m0; m0 &= m0 - 1) {
        uint64_t b0 = m0 & -m0;
        int d0 = lowest_bit(b0);
        for (uint64_t m1 = c1 & ~(s01 ? b0 : 0) & ~pm[d0]; m1; m1 &= m1 - 1) {
            uint64_t b1 = m1 & -m1, two = b0 | b1;
            uint64_t m2 = 1; /* a pair: no third cell */
            if (k == 3) {
                m2 = c2 & ~(s02 ? b0 : 0) & ~(s12 ? b1 : 0) & ~pm[d0] & ~pm[lowest_bit(b1)];
                if (b0 != b1)
                    for (int t = 0; t < ntri; t++)
                        if ((tri[t] & two) == two)
                            m2 &= ~(tri[t] & ~two);
            }
            if (!m2)
                continue;
            allowed[0] |= b0;
            allowed[1] |= b1;
            if (k == 3)
                allowed[2] |= m2;
            if (allowed[0] == c0 && allowed[1] == c1 && allowed[2] == c2)
                return 0; /* every candidate has a way: nothing to take */
        }
    }
    st->nelims = 0;
    for (int i = 0; i < k; i++)
        for (uint64_t m = L->cand[cells[i]] & ~allowed[i]; m; m &= m - 1)
            step_add_elim(st, cells[i], lowest_bit(m) + 1, -1, -1);
    if (st->nelims) {
        st->ncells = 0;
        for (int i = 0; i < k; i++)
            step_add_cell(st, cells[i], 0);
        for (int e = 0; e < nex; e++)
            step_add_cell(st, ex[e], 1);
    }
    return st->nelims;
}

/* The memory for this search of degree 2 or 3 (NULL: none kept): its
 * sets of now cleared, changed[] the cells that are not as they were at the
 * last search of the degree (every cell when there was none), and the grid
 * kept for the next. */
static aligned_memo *memo_begin(sudoku_logic *L, int degree, uint64_t *changed)
{
    if (L->cells > MEMO_CELLS)
        return NULL;
    if (!L->aligned_memo && !(L->aligned_memo = calloc(1, sizeof *L->aligned_memo)))
        return NULL;
    aligned_memo *M = L->aligned_memo;
    int d = degree - 2;
    size_t cells = (size_t)L->cells, bits = cells * cells * (degree == 3 ? cells : 1);
    size_t nwords = (bits + 63) / 64;
    if (!M->failed[d]) {
        M->failed[d] = calloc(nwords, sizeof(uint64_t));
        M->now[d] = calloc(nwords, sizeof(uint64_t));
        if (!M->failed[d] || !M->now[d]) {
            free(M->failed[d]);
            free(M->now[d]);
            M->failed[d] = M->now[d] = NULL;
            return NULL;
        }
        M->have[d] = 0;
    }
    memset(M->now[d], 0, nwords * sizeof(uint64_t));
    memset(changed, 0, WORDS * sizeof(uint64_t));
    for (int c = 0; c < L->cells; c++) {
        if (!M->have[d] || M->cand[d][c] != L->cand[c] || M->value[d][c] != L->value[c])
            changed[c >> 6] |= (uint64_t)1 << (c & 63);
        M->cand[d][c] = L->cand[c];
        M->value[d][c] = L->value[c];
    }
    M->have[d] = 1;
    return M;
}

/* The number of a set of cells (two, or three sorted) in the memory. */
static size_t memo_key(const sudoku_logic *L, const int32_t *cells, int k)
{
    size_t n = (size_t)L->cells, a = (size_t)cells[0], b = (size_t)cells[1];
    if (a > b) {
        size_t t = a;
        a = b;
        b = t;
    }
    if (k == 2)
        return a * n + b;
    size_t c = (size_t)cells[2];
    if (c < a)
        return (c * n + a) * n + b;
    if (c < b)
        return (a * n + c) * n + b;
    return (a * n + b) * n + c;
}

/* exclude() with the memory: a set that took nothing at the last search,
 * none of whose cells and common peers changed since, is not tried; a set
 * that takes nothing is noted (exclude() runs 2.7 times less often than
 * with "the cells and all their peers" unchanged). */
static int exclude_memo(aligned_search *A, aligned_memo *M, const uint64_t *changed,
                        const uint64_t *pair_peers, sudoku_step *st, const int32_t *cells, int k)
{
    if (!M)
        return exclude(A, st, cells, k);
    int d = k - 2;
    size_t key = memo_key(A->L, cells, k);
    uint64_t bit = (uint64_t)1 << (key & 63);
    int known = (M->failed[d][key >> 6] & bit) && !has_bit(changed, cells[0]) &&
                !has_bit(changed, cells[1]) && (k == 2 || !has_bit(changed, cells[2]));
    /* the common peers: those of the first two (pair_peers, or worked out
     * here for a pair), and of the third */
    for (int w = 0; w < (A->L->cells + 63) / 64 && known; w++) {
        uint64_t reads = pair_peers ? pair_peers[w] : A->peers[cells[0]][w] & A->peers[cells[1]][w];
        if (k == 3)
            reads &= A->peers[cells[2]][w];
        known = !(changed[w] & reads);
    }
    int found = known ? 0 : exclude(A, st, cells, k);
    if (!found)
        M->now[d][key >> 6] |= bit;
    return found;
}

static int aligned(sudoku_logic *L, sudoku_step *st, int degree)
{
    if (L->cells > ALIGNED_MAX_CELLS)
        return 0;
    if (!L->aligned_ex) {
        /* the excluder sets, then the peer sets (made here, once) */
        L->aligned_ex = calloc((size_t)L->cells * 2, sizeof(uint64_t) * WORDS);
        if (!L->aligned_ex) {
            L->oom = 1;
            return 0;
        }
        uint64_t (*peers)[WORDS] = (uint64_t (*)[WORDS])L->aligned_ex + L->cells;
        for (int c = 0; c < L->cells; c++) {
            int nh;
            const int32_t *hs = logic_houses_of(L, c, &nh);
            for (int j = 0; j < nh; j++)
                for (int q = 0; q < L->n; q++) {
                    int p = logic_house_cell(L, hs[j], q);
                    if (p != c)
                        peers[c][p >> 6] |= (uint64_t)1 << (p & 63);
                }
        }
    }
    aligned_search A = {L, degree, (uint64_t (*)[WORDS])L->aligned_ex,
                        (uint64_t (*)[WORDS])L->aligned_ex + L->cells, {0}};
    prepare(&A);
    uint64_t changed[WORDS];
    aligned_memo *M = memo_begin(L, degree, changed);
    int32_t *cand = L->list2, ncand = 0;
    int32_t index[ALIGNED_MAX_CELLS];
    for (int c = 0; c < L->cells; c++)
        if (has_bit(A.eligible, c)) {
            index[c] = ncand;
            cand[ncand++] = c;
        }
    /* a triplet is met from each of its pairs whose excluders hold the
     * third; it has failed when met again (the exclusion does not depend on
     * the cells' order): the triplets tried, a bit each, by their sorted
     * indices in cand (none kept if out of memory). 10 top1465 puzzles:
     * 105 M -> 72 M instructions in exclude() */
    uint64_t *tried = NULL;
    size_t nc = (size_t)ncand;
    if (degree == 3 && ncand >= 3)
        tried = calloc((nc * nc * nc + 63) / 64, sizeof(uint64_t));
    int found = 0, words = (L->cells + 63) / 64; /* of the cell sets: 2 on 9x9 */
    for (int i = 0; i < ncand && !found; i++)
        for (int j = i + 1; j < ncand && !found; j++) {
            int32_t cells[3] = {cand[i], cand[j], -1};
            if (degree == 2) {
                /* under two common excluders exclude() takes nothing:
                 * not worth the memory's bookkeeping */
                int common = 0;
                for (int w = 0; w < words && common < 2; w++)
                    common += popcount64(A.ex[cells[0]][w] & A.ex[cells[1]][w]);
                if (common >= 2)
                    found = exclude_memo(&A, M, changed, NULL, st, cells, 2);
                continue;
            }
            /* the three have two excluders in common only if the first two
             * have: most pairs end here (on 10 top1465 puzzles, 0.9 M calls
             * of exclude() for triplets before this test) */
            uint64_t pair_ex[WORDS] = {0};
            int pair_common = 0;
            for (int w = 0; w < words; w++) {
                pair_ex[w] = A.ex[cells[0]][w] & A.ex[cells[1]][w];
                pair_common += popcount64(pair_ex[w]);
            }
            if (pair_common < 2)
                continue;
            uint64_t pair_peers[WORDS];
            for (int w = 0; w < words; w++)
                pair_peers[w] = A.peers[cells[0]][w] & A.peers[cells[1]][w];
            /* the third: an eligible cell among the excluders of either
             * that sees two or more of the pair's common excluders (else
             * exclude() would stop under two: a third's excluders among
             * them are its peers among them, as they all have few
             * candidates), found as the cells seeing twice, for the pair
             * at once (1.6 times fewer instructions in the triplets) */
            uint64_t twin[WORDS] = {0}, once[WORDS] = {0}, twice[WORDS] = {0};
            for (int w = 0; w < words; w++)
                for (uint64_t m = pair_ex[w]; m; m &= m - 1) {
                    const uint64_t *pe = A.peers[w * 64 + lowest_bit(m)];
                    for (int v = 0; v < words; v++) {
                        twice[v] |= once[v] & pe[v];
                        once[v] |= pe[v];
                    }
                }
            for (int w = 0; w < words; w++)
                twin[w] = (A.ex[cells[0]][w] | A.ex[cells[1]][w]) & A.eligible[w] & twice[w];
            for (int w = 0; w < words && !found; w++)
                for (uint64_t m = twin[w]; m && !found; m &= m - 1) {
                    int c = w * 64 + lowest_bit(m);
                    if (c == cells[0] || c == cells[1])
                        continue;
                    if (tried) {
                        /* the three indices sorted (i < j already) */
                        size_t x = (size_t)i, y = (size_t)j, z = (size_t)index[c];
                        if (z < x) {
                            z = y;
                            y = x;
                            x = (size_t)index[c];
                        } else if (z < y) {
                            z = y;
                            y = (size_t)index[c];
                        }
                        size_t bit = (x * nc + y) * nc + z;
                        if ((tried[bit >> 6] >> (bit & 63)) & 1)
                            continue;
                        tried[bit >> 6] |= (uint64_t)1 << (bit & 63);
                    }
                    cells[2] = c;
                    found = exclude_memo(&A, M, changed, pair_peers, st, cells, 3);
                }
        }
    free(tried);
    if (M) { /* what this search found to take nothing, for the next */
        uint64_t *t = M->failed[degree - 2];
        M->failed[degree - 2] = M->now[degree - 2];
        M->now[degree - 2] = t;
    }
    if (found)
        return 1;
    st->nelims = 0;
    st->ncells = 0;
    return 0;
}

int find_aligned_pair(sudoku_logic *L, sudoku_step *st)
{
    return aligned(L, st, 2);
}

int find_aligned_triple(sudoku_logic *L, sudoku_step *st)
{
    return aligned(L, st, 3);
}
