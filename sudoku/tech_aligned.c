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
    uint64_t (*after)[WORDS]; /* per cell: the cells after it, and before it (fixed) */
    uint64_t (*before)[WORDS];
    uint64_t eligible[WORDS];
    uint64_t few[WORDS];    /* the cells that may be excluders: 2..degree candidates */
    const uint64_t *sol;    /* per cell: its solution's symbol as a bit, when the
                               grid holds the solution (else NULL) */
} aligned_search;

/* The sets of cells (pairs, triplets) whose exclusion took nothing at the
 * last search of each degree, and the grid as it was then. The exclusion
 * on a set reads only the candidates (and values) of its cells and of the
 * excluders among the peers they have in common (those of two to `degree`
 * candidates), so a set that took nothing then takes nothing now when none
 * of its cells changed, nor any common peer that was or is an excluder: it
 * is not tried again, and is kept as one that took nothing (its exclusion
 * is the same as when it did). (Whether a cell may start a set at all
 * depends on more of its peers, but only decides whether the set is
 * tried.) Kept by the pair's first cell, for pairs: the number of the last
 * search that took the cell as a first, and the seconds that took nothing
 * then; and by the pair of cells a triplet is met from (one of its pairs,
 * the same while its cells are unchanged): the number of the last search
 * that met the pair, and the thirds that took nothing then; so that those
 * known are a few masks a cell or a pair. Grids of up to MEMO_CELLS cells;
 * docs/rating.md has what it saves. */
#define MEMO_CELLS 81
#define MEMO_WORDS ((MEMO_CELLS + 63) / 64)

typedef struct memo_pair {
    uint32_t search;
    uint64_t failed[MEMO_WORDS];
} memo_pair;

struct aligned_memo {
    int have[2];                   /* a search of degree 2, 3 was made */
    uint32_t search[2];            /* the number of the search of degree 2, 3 */
    uint64_t cand[2][MEMO_CELLS];  /* the grid at the last search */
    uint8_t value[2][MEMO_CELLS];
    uint64_t was[2][MEMO_CELLS];   /* of a cell moved at this search: its excluder mask before (0: none) */
    memo_pair pairs[MEMO_CELLS * MEMO_CELLS]; /* triplets' pairs by a * cells + b, a < b */
    uint64_t near[MEMO_CELLS * MEMO_CELLS][MEMO_WORDS]; /* of a triplets' pair met at the last
                                                          search: its thirds by place (below) */
    uint32_t first[2][MEMO_CELLS];  /* the last search that took the cell as a pair's first, */
    uint64_t twice[2][MEMO_CELLS][MEMO_WORDS]; /* the cells seeing two of its excluders then, */
    uint64_t seconds[MEMO_CELLS][MEMO_WORDS];  /* and its pairs' seconds that took nothing */
};

void aligned_memo_free(aligned_memo *M)
{
    free(M);
}

static inline int has_bit(const uint64_t *set, int c)
{
    return (int)((set[c >> 6] >> (c & 63)) & 1);
}

/* Do set and other (of words words) have two or more cells in common? (No
 * popcount: the baseline target has no such instruction.) */
static inline int two_or_more(const uint64_t *set, const uint64_t *other, int words)
{
    int one = 0;
    for (int w = 0; w < words; w++) {
        uint64_t x = set[w] & other[w];
        if ((x & (x - 1)) || (x && one))
            return 1;
        one |= x != 0;
    }
    return 0;
}

/* Word w of the set of cells after c. */
static inline uint64_t above(int c, int w)
{
    int first = c + 1 - w * 64; /* the first such cell's place in the word */
    return first <= 0 ? ~(uint64_t)0 : first >= 64 ? 0 : ~(uint64_t)0 << first;
}

/* Word w of the set of cell c alone. */
static inline uint64_t bit_at(int c, int w)
{
    return (c >> 6) == w ? (uint64_t)1 << (c & 63) : 0;
}

/* Each cell's excluders (peers of 2..degree candidates), and the cells the
 * exclusion may start from: two or more candidates, no peer of one, some
 * excluder; words words to the cell sets (those after stay 0). */
static inline __attribute__((always_inline)) void prepare(aligned_search *A, const int words)
{
    sudoku_logic *L = A->L;
    /* the cells of one candidate, and those of 2..degree, as sets: each
     * cell's excluders are then its peers among the second, not a walk of
     * its houses (20 top1465 puzzles: 408 M -> 395 M instructions in the
     * aligned exclusions) */
    uint64_t single[WORDS] = {0}, few[WORDS] = {0}, open[WORDS] = {0};
    for (int c = 0; c < L->cells; c++) {
        if (L->value[c])
            continue;
        int card = popcount64(L->cand[c]);
        if (card == 1)
            single[c >> 6] |= (uint64_t)1 << (c & 63);
        else {
            open[c >> 6] |= (uint64_t)1 << (c & 63);
            if (card <= A->degree)
                few[c >> 6] |= (uint64_t)1 << (c & 63);
        }
    }
    memcpy(A->few, few, sizeof A->few);
    memset(A->eligible, 0, sizeof A->eligible);
    for (int c = 0; c < L->cells; c++) {
        if (!has_bit(open, c)) {
            for (int w = 0; w < words; w++)
                A->ex[c][w] = 0;
            continue;
        }
        uint64_t has_single = 0, any = 0;
        for (int w = 0; w < words; w++) {
            A->ex[c][w] = A->peers[c][w] & few[w];
            has_single |= A->peers[c][w] & single[w];
            any |= A->ex[c][w];
        }
        if (!has_single && any)
            A->eligible[c >> 6] |= (uint64_t)1 << (c & 63);
    }
}

/* The third cell's symbols possible with the first's bp and the second's
 * bq, of those rp (possible with bp), sqr whether the second and third see
 * each other: pm and tri the excluders as in exclude(). */
static inline __attribute__((always_inline)) uint64_t
third_of(uint64_t bp, uint64_t bq, uint64_t rp, int sqr, const uint64_t *pm, const uint64_t *tri,
         int ntri)
{
    uint64_t two = bp | bq, mr = rp & ~(sqr ? bq : 0) & ~pm[lowest_bit(bq)];
    if (bp != bq)
        for (int t = 0; t < ntri; t++)
            if ((tri[t] & two) == two)
                mr &= ~(tri[t] & ~two);
    return mr;
}

/* The candidates of cells[0..k-1] no way allows (allowed[]) as the step's
 * eliminations, with the cells and their common excluders. Returns how many. */
static int report(const aligned_search *A, sudoku_step *st, const int32_t *cells, int k,
                  const uint64_t *allowed, const uint64_t *common, int words)
{
    sudoku_logic *L = A->L;
    st->nelims = 0;
    for (int i = 0; i < k; i++)
        for (uint64_t m = L->cand[cells[i]] & ~allowed[i]; m; m &= m - 1)
            step_add_elim(st, cells[i], lowest_bit(m) + 1, -1, -1);
    if (st->nelims) {
        st->ncells = 0;
        for (int i = 0; i < k; i++)
            step_add_cell(st, cells[i], 0);
        for (int w = 0; w < words; w++)
            for (uint64_t e = common[w]; e; e &= e - 1)
                step_add_cell(st, w * 64 + lowest_bit(e), 1);
    }
    return st->nelims;
}

/* The exclusion on a pair of cells: its excluders have two candidates each,
 * and forbid the ways holding both, a table of the symbols each of the first
 * cell's may not go with (no pre-test on the solution: the ways are one loop
 * over the first cell's symbols; with prepare() a word a cell set, 20
 * extreme puzzles: 77.7 M -> 77.2 M instructions). */
static inline __attribute__((always_inline)) int
exclude_pair(const aligned_search *A, sudoku_step *st, const int32_t *cells, const int words)
{
    sudoku_logic *L = A->L;
    uint64_t common[WORDS] = {0};
    for (int w = 0; w < words; w++)
        common[w] = A->ex[cells[0]][w] & A->ex[cells[1]][w];
    if (!two_or_more(common, common, words))
        return 0;
    uint64_t c0 = L->cand[cells[0]], c1 = L->cand[cells[1]], both = c0 | c1;
    uint64_t s01 = has_bit(A->peers[cells[0]], cells[1]) ? ~(uint64_t)0 : 0;
    uint64_t pm[SUDOKU_MAX_N];
    for (uint64_t m = both; m; m &= m - 1)
        pm[lowest_bit(m)] = 0;
    for (int w = 0; w < words; w++)
        for (uint64_t e = common[w]; e; e &= e - 1) {
            uint64_t m = L->cand[w * 64 + lowest_bit(e)];
            if (m & ~both)
                continue; /* no way holds a symbol the cells lack */
            int u = lowest_bit(m), v = lowest_bit(m & (m - 1));
            pm[u] |= (uint64_t)1 << v;
            pm[v] |= (uint64_t)1 << u;
        }
    uint64_t allowed[2] = {0, 0};
    for (uint64_t m = c0; m; m &= m - 1) {
        uint64_t bp = m & -m, mq = c1 & ~(bp & s01) & ~pm[lowest_bit(bp)];
        if (mq) {
            allowed[0] |= bp;
            allowed[1] |= mq;
        }
    }
    if (allowed[0] == c0 && allowed[1] == c1)
        return 0; /* every candidate has a way: nothing to take */
    return report(A, st, cells, 2, allowed, common, words);
}

/* The exclusion on a triplet cells[0..2] with the excluders common to them
 * (pair: those common to the first two), sij whether cells i and j see each
 * other; the eliminations into st. Returns how many. Inlined in each copy of
 * the search, words (of the cell sets) a constant there. */
static inline __attribute__((always_inline)) int
exclude(const aligned_search *A, sudoku_step *st, const int32_t *cells, const uint64_t *pair,
        int s01, int s02, int s12, const int words)
{
    sudoku_logic *L = A->L;
    uint64_t common[WORDS] = {0};
    for (int w = 0; w < words; w++)
        common[w] = pair[w] & A->ex[cells[2]][w];
    if (!two_or_more(common, common, words))
        return 0;
    /* the candidate sets of the excluders that may matter: a way is
     * impossible when it holds all of one (on 10 top1465 puzzles 200 M of
     * the rater's 1.7 G instructions were this search before the nested
     * loops below). Not made each once: a set twice forbids nothing more,
     * and is rare (with the pair's part of the exclusion found once for its
     * thirds and the table below cleared by a few wide stores, 60 top1465
     * puzzles: 1.273 G -> 1.264 G instructions) */
    uint64_t exm[ALIGNED_MAX_CELLS];
    int nexm = 0;
    uint64_t c0 = L->cand[cells[0]], c1 = L->cand[cells[1]], c2 = L->cand[cells[2]];
    /* When the grid holds the solution, the way giving each cell its
     * solution's symbol is possible (cells that see each other differ
     * there, and an excluder, seeing them all, keeps its own symbol), and so
     * is the way that changes one cell i to another candidate v unless a
     * cell seeing i has v in the solution or an excluder's candidates are v
     * (its solution's) and the others' solution symbols: bad[] the
     * candidates whose such way is impossible, the only ones that may go */
    const uint64_t *sol = A->sol;
    uint64_t bad[3] = {0, 0, 0};
    uint64_t o0 = 0, o1 = 0, o2 = 0; /* the other cells' solution symbols */
    if (sol) {
        uint64_t b0 = sol[cells[0]], b1 = sol[cells[1]], b2 = sol[cells[2]];
        o0 = b1 | b2;
        o1 = b0 | b2;
        o2 = b0 | b1;
        bad[0] = c0 & ((s01 ? b1 : 0) | (s02 ? b2 : 0));
        bad[1] = c1 & ((s01 ? b0 : 0) | (s12 ? b2 : 0));
        bad[2] = c2 & ((s02 ? b0 : 0) | (s12 ? b1 : 0));
        if ((bad[0] | bad[1] | bad[2]) && b0 != b1 && b0 != b2 && b1 != b2) {
            /* a way giving the cells their solution's symbols in another
             * order is possible too, when they are candidates there: they
             * differ, and no excluder's candidates are all among them */
            uint64_t a0 = 0, a1 = 0, a2 = 0;
            if ((c0 & b1) && (c1 & b0)) {
                a0 |= b1;
                a1 |= b0;
            }
            if ((c0 & b2) && (c2 & b0)) {
                a0 |= b2;
                a2 |= b0;
            }
            if ((c1 & b2) && (c2 & b1)) {
                a1 |= b2;
                a2 |= b1;
            }
            if ((c0 & b1) && (c1 & b2) && (c2 & b0)) {
                a0 |= b1;
                a1 |= b2;
                a2 |= b0;
            }
            if ((c0 & b2) && (c1 & b0) && (c2 & b1)) {
                a0 |= b2;
                a1 |= b0;
                a2 |= b1;
            }
            bad[0] &= ~a0;
            bad[1] &= ~a1;
            bad[2] &= ~a2;
        }
    }
    for (int w = 0; w < words; w++)
        for (uint64_t e = common[w]; e; e &= e - 1) {
            int ec = w * 64 + lowest_bit(e);
            uint64_t m = L->cand[ec];
            if (m & ~(c0 | c1 | c2))
                continue; /* no way holds a symbol the cells lack */
            if (sol) {
                uint64_t s = sol[ec], r = m & ~s;
                if (!(r & ~o0))
                    bad[0] |= c0 & s;
                if (!(r & ~o1))
                    bad[1] |= c1 & s;
                if (!(r & ~o2))
                    bad[2] |= c2 & s;
            }
            exm[nexm++] = m;
        }
    if (sol && !(bad[0] | bad[1] | bad[2]))
        return 0; /* every candidate has a way: nothing to take */
    /* The candidates of each cell that some possible way gives it. An
     * excluder of two candidates forbids the ways holding both, one of
     * three the way of exactly those three: as a table of the symbols each
     * symbol may not go with (pm) and a list (tri), so that for each choice
     * of two cells the last one's possible symbols are one mask (20 top1465
     * puzzles: 303 M -> 266 M instructions here). */
    uint64_t pm[SUDOKU_MAX_N], tri[ALIGNED_MAX_CELLS];
    int ntri = 0;
    if (L->n <= 16) /* a few wide stores, not a loop over the symbols */
        memset(pm, 0, 16 * sizeof pm[0]);
    else
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
    /* The ways are walked over the symbols of the cells of fewest
     * candidates, the last cell's possible symbols for each as one mask
     * (the third of a triplet has two or three, the first two often more) */
    uint64_t allowed[3] = {c0 & ~bad[0], c1 & ~bad[1], c2 & ~bad[2]}, c[3] = {c0, c1, c2};
    if (!sol)
        allowed[0] = allowed[1] = allowed[2] = 0;
    int sees[3][3] = {{0, s01, s02}, {s01, 0, s12}, {s02, s12, 0}};
    int n0 = popcount64(c0), n1 = popcount64(c1), n2 = popcount64(c2);
    int r = n0 > n1 ? (n0 > n2 ? 0 : 2) : (n1 > n2 ? 1 : 2); /* the most */
    int p = r == 0 ? 1 : 0, q = r == 2 ? 1 : 2;
    int spq = sees[p][q], spr = sees[p][r], sqr = sees[q][r];
    for (uint64_t mp = c[p]; mp; mp &= mp - 1) {
        uint64_t bp = mp & -mp, np = pm[lowest_bit(bp)];
        uint64_t rp = c[r] & ~(spr ? bp : 0) & ~np;
        for (uint64_t mq = c[q] & ~(spq ? bp : 0) & ~np; mq; mq &= mq - 1) {
            uint64_t bq = mq & -mq;
            if ((allowed[p] & bp) && (allowed[q] & bq) && !(rp & ~allowed[r]))
                continue; /* a way here gives nothing new */
            uint64_t mr = third_of(bp, bq, rp, sqr, pm, tri, ntri);
            if (!mr)
                continue;
            allowed[p] |= bp;
            allowed[q] |= bq;
            allowed[r] |= mr;
            if (allowed[0] == c0 && allowed[1] == c1 && allowed[2] == c2)
                return 0; /* every candidate has a way: nothing to take */
        }
    }
    return report(A, st, cells, 3, allowed, common, words);
}

/* The memory for this search of degree 2 or 3 (NULL: none kept), numbered
 * in it; changed[] the cells that are not as they were at the last search
 * of the degree (every cell when there was none), moved[] those of them
 * that were or are excluders (no value, 2..degree candidates: the only
 * common peers the exclusion reads) with was[] their candidates before
 * when they were, and the grid kept for the next. */
static aligned_memo *memo_begin(sudoku_logic *L, int degree, uint64_t *changed, uint64_t *moved)
{
    if (L->cells > MEMO_CELLS)
        return NULL;
    if (!L->aligned_memo && !(L->aligned_memo = calloc(1, sizeof *L->aligned_memo)))
        return NULL;
    aligned_memo *M = L->aligned_memo;
    int d = degree - 2;
    if (M->search[d] >= UINT32_MAX - 1) { /* numbers start again: none is the last */
        for (size_t k = 0; d && k < sizeof M->pairs / sizeof M->pairs[0]; k++)
            M->pairs[k].search = 0;
        memset(M->first[d], 0, sizeof M->first[d]);
        M->search[d] = 0;
    }
    M->search[d] = M->search[d] ? M->search[d] + 1 : 2; /* the last one is never 0 */
    memset(changed, 0, WORDS * sizeof(uint64_t));
    memset(moved, 0, WORDS * sizeof(uint64_t));
    for (int c = 0; c < L->cells; c++) {
        if (M->have[d] && M->cand[d][c] == L->cand[c] && M->value[d][c] == L->value[c])
            continue;
        changed[c >> 6] |= (uint64_t)1 << (c & 63);
        int was = M->have[d] ? popcount64(M->cand[d][c]) : 2, is = popcount64(L->cand[c]);
        M->was[d][c] = 0;
        if ((!M->have[d] || !M->value[d][c]) && was >= 2 && was <= degree) {
            moved[c >> 6] |= (uint64_t)1 << (c & 63);
            M->was[d][c] = M->have[d] ? M->cand[d][c] : 0; /* none: every cell changed */
        }
        if (!L->value[c] && is >= 2 && is <= degree)
            moved[c >> 6] |= (uint64_t)1 << (c & 63);
        M->cand[d][c] = L->cand[c];
        M->value[d][c] = L->value[c];
    }
    M->have[d] = 1;
    return M;
}

/* Does an excluder moved since the last search among reads (and the peers
 * of the third, when there is one) matter to a set whose cells hold the
 * symbols ways: did or does it have 2..degree candidates all among them? */
static int moved_matters(const aligned_search *A, const aligned_memo *M, const uint64_t *reads,
                         const uint64_t *third, uint64_t ways)
{
    const sudoku_logic *L = A->L;
    int d = A->degree - 2;
    for (int w = 0; w < MEMO_WORDS; w++)
        for (uint64_t m = reads[w] & (third ? third[w] : ~(uint64_t)0); m; m &= m - 1) {
            int r = w * 64 + lowest_bit(m);
            uint64_t was = M->was[d][r], is = L->cand[r];
            if (was && !(was & ~ways))
                return 1;
            if (!L->value[r] && popcount64(is) >= 2 && popcount64(is) <= A->degree && !(is & ~ways))
                return 1;
        }
    return 0;
}

/* The search proper: the sets of degree cells in order, each tried unless
 * known to take nothing, until one takes something (1), with words words to
 * the cell sets (unused ones are 0). */
static inline __attribute__((always_inline)) int
search_sets(aligned_search *Ap, aligned_memo *M, const uint64_t *changed, const uint64_t *moved,
            sudoku_step *st, const int degree, const int words)
{
    aligned_search A = *Ap;
    sudoku_logic *L = A.L;
    int d = degree - 2;
    size_t n = (size_t)L->cells;
    int found = 0;
    /* per cell: 1 it may be an excluder (few), 2 it changed since the last
     * search (one load a pair instead of two bit tests) */
    uint8_t flag[ALIGNED_MAX_CELLS];
    for (int c = 0; c < L->cells; c++)
        flag[c] = (uint8_t)(has_bit(A.few, c) | (M ? has_bit(changed, c) << 1 : 0));
    for (int w0 = 0; w0 < words && !found; w0++)
        for (uint64_t m0 = A.eligible[w0]; m0 && !found; m0 &= m0 - 1) {
            int a = w0 * 64 + lowest_bit(m0);
            int a_few = flag[a] & 1;
            /* the memory's rows of a's pairs, whether a is as at the last
             * search, and its peers that moved since (seldom any: then no
             * pair of a reads a moved cell), once for its pairs (with the
             * known thirds taken out as the third's masks are made, 60
             * top1465 puzzles: 1.284 G -> 1.273 G instructions) */
            memo_pair *row = M && degree == 3 ? &M->pairs[(size_t)a * n] : NULL;
            uint64_t(*nrow)[MEMO_WORDS] = M ? &M->near[(size_t)a * n] : NULL;
            uint32_t last = M ? M->search[d] - 1 : 0;
            int a_met = M && !(flag[a] & 2);
            uint64_t amoved[WORDS], am = 0;
            for (int w = 0; w < words; w++) {
                amoved[w] = A.peers[a][w] & moved[w];
                am |= amoved[w];
            }
            /* the second: an eligible cell after a with two or more
             * excluders in common with it, that is, seen by two or more of
             * a's excluders (the pairs in the same order as every pair of
             * eligible cells tested). Those seeing two of a's excluders are
             * as the last search found them when it took a and none of a's
             * peers moved (its excluders are the same); with the pairs'
             * memory kept by their first cell (below), 60 top1465 puzzles:
             * 1.264 G -> 1.253 G instructions */
            uint64_t once[WORDS] = {0}, twice[WORDS] = {0}, second[WORDS];
            int seen = M && M->first[d][a] == last;
            if (seen && !am) {
                for (int w = 0; w < words; w++)
                    twice[w] = M->twice[d][a][w];
            } else {
                for (int w = 0; w < words; w++)
                    for (uint64_t m = A.ex[a][w]; m; m &= m - 1) {
                        const uint64_t *pe = A.peers[w * 64 + lowest_bit(m)];
                        for (int v = 0; v < words; v++) {
                            twice[v] |= once[v] & pe[v];
                            once[v] |= pe[v];
                        }
                    }
                if (M)
                    for (int w = 0; w < MEMO_WORDS; w++)
                        M->twice[d][a][w] = twice[w];
            }
            if (M)
                M->first[d][a] = M->search[d];
            for (int w = 0; w < words; w++)
                second[w] = twice[w] & A.eligible[w] & A.after[a][w];
            if (degree == 2) {
                /* the pairs known to take nothing, kept for a as a set of
                 * seconds: those that took nothing when the last search
                 * took a, a and the second unchanged, and none of their
                 * common excluders moved in a way that matters (below) */
                uint64_t known[WORDS] = {0}, failed[WORDS] = {0};
                if (seen && a_met)
                    for (int w = 0; w < words; w++) {
                        known[w] = M->seconds[a][w] & second[w] & ~changed[w];
                        if (am)
                            for (uint64_t m = known[w]; m; m &= m - 1) {
                                int b = w * 64 + lowest_bit(m);
                                uint64_t reads[WORDS], r = 0;
                                for (int v = 0; v < words; v++) {
                                    reads[v] = amoved[v] & A.peers[b][v];
                                    r |= reads[v];
                                }
                                if (r && moved_matters(&A, M, reads, NULL, L->cand[a] | L->cand[b]))
                                    known[w] &= ~((uint64_t)1 << (b & 63));
                            }
                    }
                for (int w1 = 0; w1 < words && !found; w1++)
                    for (uint64_t m1 = second[w1] & ~known[w1]; m1 && !found; m1 &= m1 - 1) {
                        int b = w1 * 64 + lowest_bit(m1);
                        int32_t cells[2] = {a, b};
                        found = exclude_pair(&A, st, cells, words);
                        if (!found)
                            failed[w1] |= (uint64_t)1 << (b & 63);
                    }
                if (M)
                    for (int w = 0; w < MEMO_WORDS; w++)
                        M->seconds[a][w] = failed[w] | known[w];
                continue;
            }
            for (int w1 = 0; w1 < words && !found; w1++)
                for (uint64_t m1 = second[w1]; m1 && !found; m1 &= m1 - 1) {
                    int b = w1 * 64 + lowest_bit(m1);
                    int32_t cells[3] = {a, b, -1};
                    /* the sets of this pair known to take nothing: those
                     * of the last search when it met the pair, the pair
                     * unchanged, the third unchanged, and none of their
                     * common excluders moved in a way that matters: an
                     * excluder whose candidates (before or now) are not all
                     * among the set's ways no way holds all of, and the
                     * set has two common excluders or more (an enumerated
                     * set always has): the exclusion is the same */
                    memo_pair *mp = M ? row + b : NULL;
                    int met = a_met && mp->search == last && !(flag[b] & 2);
                    uint64_t reads[WORDS] = {0}, r = 0;
                    if (met && am)
                        for (int w = 0; w < words; w++) {
                            reads[w] = amoved[w] & A.peers[b][w];
                            r |= reads[w];
                        }
                    /* the third: an eligible cell among the excluders of
                     * either, where the triplet is first met (below), that
                     * sees two or more of the pair's common excluders (else
                     * exclude() would stop under two: a third's excluders
                     * among them are its peers among them, as they all have
                     * few candidates). A triplet x < y < z of two common
                     * excluders is met from each of its pairs whose
                     * excluders hold the third, that is, where the third has
                     * few candidates and sees one of the pair; it is tried
                     * where first met (the exclusion does not depend on the
                     * cells' order): from (x, y) always, from (x, z) when z
                     * is not an excluder of x or y, from (y, z) when neither
                     * z is of x or y nor y of x or z. Those cells by place
                     * and seeing two common excluders (near) are kept for
                     * the pair: when it was met at the last search, it is
                     * unchanged and none of the cells both see moved, its
                     * common excluders are the same, and so is near, not
                     * worked out again (60 top1465 puzzles: 1.344 G -> 1.298
                     * G instructions) */
                    uint64_t twin[WORDS], known[WORDS], failed[WORDS], any = 0;
                    uint64_t *near = M ? nrow[b] : NULL;
                    if (met && !r) {
                        for (int w = 0; w < words; w++) {
                            uint64_t t = (A.ex[a][w] | A.ex[b][w]) & A.eligible[w] & near[w];
                            known[w] = mp->failed[w] & ~changed[w] & t;
                            twin[w] = t & ~known[w];
                            any |= twin[w];
                        }
                    } else {
                        int b_few = flag[b] & 1;
                        int ab = has_bit(A.peers[a], b);
                        uint64_t place[WORDS];
                        for (int w = 0; w < words; w++) {
                            uint64_t up = A.after[b][w], mid = A.after[a][w] & A.before[b][w];
                            uint64_t low = A.before[a][w];
                            if (b_few)
                                mid = ab ? 0 : mid & ~A.peers[b][w];
                            if ((a_few || b_few) && ab)
                                low = 0;
                            if (b_few)
                                low &= ~A.peers[b][w];
                            if (a_few)
                                low &= ~A.peers[a][w];
                            place[w] = up | mid | low;
                            twin[w] = (A.ex[a][w] | A.ex[b][w]) & A.eligible[w] & place[w];
                            any |= twin[w];
                        }
                        if (!any)
                            continue;
                        /* those seeing twice, for the pair at once (1.6
                         * times fewer instructions in the triplets than
                         * counting for each) */
                        memset(once, 0, sizeof once);
                        memset(twice, 0, sizeof twice);
                        for (int w = 0; w < words; w++)
                            for (uint64_t m = A.ex[a][w] & A.ex[b][w]; m; m &= m - 1) {
                                const uint64_t *pe = A.peers[w * 64 + lowest_bit(m)];
                                for (int v = 0; v < words; v++) {
                                    twice[v] |= once[v] & pe[v];
                                    once[v] |= pe[v];
                                }
                            }
                        any = 0;
                        for (int w = 0; w < words; w++) {
                            twin[w] &= twice[w];
                            if (near)
                                near[w] = place[w] & twice[w];
                            known[w] = met ? mp->failed[w] & ~changed[w] & twin[w] : 0;
                            if (r)
                                for (uint64_t m = known[w]; m; m &= m - 1) {
                                    int c = w * 64 + lowest_bit(m);
                                    if (moved_matters(&A, M, reads, A.peers[c],
                                                      L->cand[a] | L->cand[b] | L->cand[c]))
                                        known[w] &= ~((uint64_t)1 << (c & 63));
                                }
                            twin[w] &= ~known[w];
                            any |= twin[w];
                        }
                    }
                    /* the thirds not known to take nothing are tried, what
                     * the exclusion reads of the pair found once */
                    for (int w = 0; w < words; w++)
                        failed[w] = 0;
                    if (any) {
                        uint64_t pair[WORDS];
                        for (int w = 0; w < words; w++)
                            pair[w] = A.ex[a][w] & A.ex[b][w];
                        int s01 = has_bit(A.peers[a], b);
                        for (int w = 0; w < words && !found; w++)
                            for (uint64_t m = twin[w]; m && !found; m &= m - 1) {
                                int c = w * 64 + lowest_bit(m);
                                cells[2] = c;
                                found = exclude(&A, st, cells, pair, s01,
                                                (int)(A.peers[a][w] >> (c & 63)) & 1,
                                                (int)(A.peers[b][w] >> (c & 63)) & 1, words);
                                if (!found)
                                    failed[w] |= (uint64_t)1 << (c & 63);
                            }
                    }
                    if (mp) {
                        mp->search = M->search[d];
                        for (int w = 0; w < MEMO_WORDS; w++)
                            mp->failed[w] = failed[w] | known[w];
                    }
                }
        }
    return found;
}

static int aligned(sudoku_logic *L, sudoku_step *st, int degree)
{
    if (L->cells > ALIGNED_MAX_CELLS)
        return 0;
    if (!L->aligned_ex) {
        /* the excluder sets, then the peer sets and those of the cells
         * after and before each (made here, once: the bounds of where a
         * triplet is first met as two loads, not worked out a word at a
         * time) */
        L->aligned_ex = calloc((size_t)L->cells * 4, sizeof(uint64_t) * WORDS);
        if (!L->aligned_ex) {
            L->oom = 1;
            return 0;
        }
        uint64_t (*peers)[WORDS] = (uint64_t (*)[WORDS])L->aligned_ex + L->cells;
        uint64_t (*after)[WORDS] = peers + L->cells, (*before)[WORDS] = after + L->cells;
        for (int c = 0; c < L->cells; c++) {
            for (int w = 0; w < WORDS; w++) {
                after[c][w] = above(c, w);
                before[c][w] = ~above(c, w) & ~bit_at(c, w);
            }
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
    uint64_t (*ex)[WORDS] = (uint64_t (*)[WORDS])L->aligned_ex;
    aligned_search A = {L, degree, ex, ex + L->cells, ex + 2 * L->cells, ex + 3 * L->cells,
                        {0}, {0}, NULL};
    uint64_t sol[ALIGNED_MAX_CELLS];
    if (L->solutions > 0 && L->solution) {
        int holds = 1;
        for (int c = 0; c < L->cells && holds; c++) {
            sol[c] = digit_bit(L->solution[c]);
            holds = L->value[c] ? L->value[c] == L->solution[c] : (L->cand[c] & sol[c]) != 0;
        }
        if (holds)
            A.sol = sol;
    }
    if (L->cells <= 128)
        prepare(&A, 2);
    else
        prepare(&A, WORDS);
    uint64_t changed[WORDS], moved[WORDS];
    aligned_memo *M = memo_begin(L, degree, changed, moved);
    /* the degree and the words of the cell sets constants in each copy of
     * the search (60 top1465 puzzles: 1.298 G -> 1.291 G instructions) */
    int found;
    if (degree == 2)
        found = L->cells <= 128 ? search_sets(&A, M, changed, moved, st, 2, 2)
                                : search_sets(&A, M, changed, moved, st, 2, WORDS);
    else
        found = L->cells <= 128 ? search_sets(&A, M, changed, moved, st, 3, 2)
                                : search_sets(&A, M, changed, moved, st, 3, WORDS);
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
