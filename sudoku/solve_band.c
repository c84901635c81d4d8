/* SPDX-License-Identifier: MIT */
/* solve_band.c - a bit-parallel 9x9 solver that reasons on whole bands.
 *
 * A band is three boxes side by side: three rows of the grid. For each
 * symbol the candidates of a band are one 32-bit word, row r of the band
 * (0..2) in bits 10r .. 10r+8 (column c at bit 10r + c); bits 9, 19, 29 stay
 * clear, as guards for arithmetic done on the three rows at once. A symbol's
 * three band words are the lanes 0..2 of a four-lane vector (lane 3 is
 * always 0), so the whole grid is nine vectors, 144 bytes (and the cells
 * placed, 16 more), and a guess is a copy of them. A placed cell keeps its
 * one candidate: the words always hold every symbol's possible places,
 * placed or not.
 *
 * Propagation works a symbol at a time, on whole bands, without looking at
 * single cells:
 *  - the band step: in a band, a symbol sits once in each row and once in
 *    each box, so the boxes its three rows take are a permutation (one of
 *    six). A triad (the three cells of a row inside a box) stays possible
 *    only if some permutation uses it and every triad of that permutation
 *    still has a candidate: for triad (r, k) that is "(r+1, k+1) and
 *    (r+2, k+2), or (r+1, k+2) and (r+2, k+1)", computed for the nine triads
 *    of the three bands at once by rotating rows and boxes. This is locked
 *    candidates along rows (pointing and claiming), and finds a row or box
 *    with no place left.
 *  - the stack step: the same in the other direction. In the three boxes of
 *    a stack a symbol sits once in each column and once in each box, so the
 *    (band, column) pairs form a permutation too: the same formula, on the
 *    columns each band still has, rotating bands (lanes) and columns.
 * Repeated to a fixed point, the two steps also bring every hidden single
 * of the symbol down to its row: a symbol with one place left in a box or a
 * column ends with one place left in its row. Then the cells:
 *  - naked singles: a cell with one candidate, found for all 81 cells by
 *    counting to two bit-parallel over the nine symbols;
 *  - hidden singles: a row of a band word with exactly one bit, found with
 *    the guard bits: (x | guards) - ones clears the lowest bit of each row.
 * Placing a symbol in a set of cells clears the other symbols from them,
 * and the symbol from their rows and columns (the band step then clears
 * the rest of their boxes); the symbols that changed are settled again.
 * When no single is left, the triad rules (three cells hold three symbols,
 * see triads()) run once; when they find nothing either, the search
 * branches: in the band or stack where the symbols have the fewest triads
 * left, on a symbol with the fewest, one child per permutation of it there
 * (two, mostly). These are the propagation and the branching of tdoku
 * (github.com/t-dillon/tdoku, its docs/sudoku.md), written anew for this
 * layout.
 *
 * The vector operations are SSE2 intrinsics where the compiler says SSE2 is
 * there (every x86-64), otherwise plain C on three 32-bit words (1.6 to 2
 * times slower); defining SUDOKU_BAND_PORTABLE forces the plain C. On x86
 * with gcc or clang the file is compiled once more for AVX2
 * (solve_band_avx2.c): two symbols to a 256-bit vector, so half the
 * vector instructions, in five vectors (the tenth symbol of the last never
 * has a candidate); sudoku_band_solve() takes that build when the
 * processor has AVX2. The tests check every build the machine runs.
 *
 * The time goes to waiting more than to work: each step of a chain waits
 * for the one before, and a mispredicted branch throws work away. So
 * several symbols are settled at a time (their chains overlap), the work
 * done on every symbol is done without a branch on each, and the first
 * settle of two children of a guess is one chain (docs/sudoku.md has the
 * measurements). */
#include "sudoku_internal.h"

#include <string.h>

/* Which lanes: AVX2 in solve_band_avx2.c (which includes this file, two
 * symbols to a vector), else SSE2 where the compiler has it, else plain
 * C. The entry point of each build: */
#if defined(SUDOKU_BAND_AVX2)
#define BAND_AVX2 1
#define BAND_SSE2 0
#define BAND_ENTRY sudoku_band_solve_avx2
#include <immintrin.h>
#elif defined(__SSE2__) && !defined(SUDOKU_BAND_PORTABLE)
#define BAND_AVX2 0
#define BAND_SSE2 1
#define BAND_ENTRY sudoku_band_solve_generic
#include <emmintrin.h>
#else
#define BAND_AVX2 0
#define BAND_SSE2 0
#if defined(SUDOKU_BAND_PORTABLE)
#define BAND_ENTRY sudoku_band_solve /* the tests' build renames it */
#else
#define BAND_ENTRY sudoku_band_solve_generic
#endif
#endif

/* ==== Four 32-bit lanes (eight: two symbols) =============================== */

#if BAND_AVX2

/* Two symbols: lanes 0..3 and 4..7, each as the SSE2 code's four lanes;
 * every rotation stays inside its half. */
typedef __m256i vec;

static inline vec v_set(uint32_t a) { return _mm256_set1_epi32((int)a); }
static inline vec v_set3(uint32_t a)
{
    return _mm256_set_epi32(0, (int)a, (int)a, (int)a, 0, (int)a, (int)a, (int)a);
}
static inline vec v_and(vec a, vec b) { return _mm256_and_si256(a, b); }
static inline vec v_or(vec a, vec b) { return _mm256_or_si256(a, b); }
static inline vec v_andnot(vec a, vec b) { return _mm256_andnot_si256(b, a); }
static inline vec v_add(vec a, vec b) { return _mm256_add_epi32(a, b); }
static inline vec v_sub(vec a, vec b) { return _mm256_sub_epi32(a, b); }
#define v_shr(a, n) _mm256_srli_epi32((a), (n))
#define v_shl(a, n) _mm256_slli_epi32((a), (n))
static inline vec v_rot1(vec a) { return _mm256_shuffle_epi32(a, _MM_SHUFFLE(3, 0, 2, 1)); }
static inline vec v_rot2(vec a) { return _mm256_shuffle_epi32(a, _MM_SHUFFLE(3, 1, 0, 2)); }
static inline int v_equal(vec a, vec b)
{
    return (unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi32(a, b)) == 0xFFFFFFFFu;
}
static inline int v_is_zero(vec a) { return _mm256_testz_si256(a, a); }
static inline int v_any_lane_zero(vec a)
{
    return (_mm256_movemask_epi8(_mm256_cmpeq_epi32(a, _mm256_setzero_si256())) & 0x0FFF0FFF) != 0;
}
static inline void v_store(uint32_t *out, vec a) { _mm256_storeu_si256((__m256i *)(void *)out, a); }
static inline vec v_load(const uint32_t *in)
{
    return _mm256_loadu_si256((const __m256i *)(const void *)in);
}
/* the two halves swapped */
static inline vec v_swap(vec a) { return _mm256_permute2x128_si256(a, a, 1); }
/* which of the two symbols differ: bit 0 the first, bit 1 the second */
static inline unsigned v_changed(vec a, vec b)
{
    unsigned m = ~(unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi32(a, b));
    return (unsigned)((m & 0xFFFFu) != 0) | (unsigned)((m >> 16) != 0) << 1;
}
/* two symbols' four words (out of memory) into one vector */
static inline vec v_pair(const uint32_t *lo, const uint32_t *hi)
{
    return _mm256_inserti128_si256(
        _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)lo)),
        _mm_loadu_si128((const __m128i *)(const void *)hi), 1);
}

#elif BAND_SSE2

typedef __m128i vec;

static inline vec v_set(uint32_t a) { return _mm_set1_epi32((int)a); }
/* a in lanes 0..2, 0 in lane 3 */
static inline vec v_set3(uint32_t a) { return _mm_set_epi32(0, (int)a, (int)a, (int)a); }
static inline vec v_and(vec a, vec b) { return _mm_and_si128(a, b); }
static inline vec v_or(vec a, vec b) { return _mm_or_si128(a, b); }
/* a & ~b (note: the opposite operand order of the instruction) */
static inline vec v_andnot(vec a, vec b) { return _mm_andnot_si128(b, a); }
static inline vec v_add(vec a, vec b) { return _mm_add_epi32(a, b); }
static inline vec v_sub(vec a, vec b) { return _mm_sub_epi32(a, b); }
#define v_shr(a, n) _mm_srli_epi32((a), (n))
#define v_shl(a, n) _mm_slli_epi32((a), (n))
/* lane b takes lane b+1 (mod 3), and b+2; lane 3 stays */
static inline vec v_rot1(vec a) { return _mm_shuffle_epi32(a, _MM_SHUFFLE(3, 0, 2, 1)); }
static inline vec v_rot2(vec a) { return _mm_shuffle_epi32(a, _MM_SHUFFLE(3, 1, 0, 2)); }
static inline int v_equal(vec a, vec b)
{
    return _mm_movemask_epi8(_mm_cmpeq_epi32(a, b)) == 0xFFFF;
}
static inline int v_is_zero(vec a) { return v_equal(a, _mm_setzero_si128()); }
/* some lane of 0..2 is zero */
static inline int v_any_lane_zero(vec a)
{
    return (_mm_movemask_epi8(_mm_cmpeq_epi32(a, _mm_setzero_si128())) & 0x0FFF) != 0;
}
static inline void v_store(uint32_t *out, vec a) { _mm_storeu_si128((__m128i *)(void *)out, a); }
static inline vec v_load(const uint32_t *in)
{
    return _mm_loadu_si128((const __m128i *)(const void *)in);
}

#else

/* Lane 3, always 0 in the SSE2 code's results that matter, is left out. */
typedef struct vec {
    uint32_t v[3];
} vec;

static inline vec v_set(uint32_t a)
{
    vec r = {{a, a, a}};
    return r;
}
static inline vec v_set3(uint32_t a) { return v_set(a); }
#define BAND_LANEWISE(name, expr)                   \
    static inline vec name(vec a, vec b)            \
    {                                               \
        vec r = {{(uint32_t)(expr(0)), (uint32_t)(expr(1)), (uint32_t)(expr(2))}}; \
        return r;                                   \
    }
#define BAND_AND(i) (a.v[i] & b.v[i])
#define BAND_OR(i) (a.v[i] | b.v[i])
#define BAND_ANDNOT(i) (a.v[i] & ~b.v[i])
#define BAND_ADD(i) (a.v[i] + b.v[i])
#define BAND_SUB(i) (a.v[i] - b.v[i])
BAND_LANEWISE(v_and, BAND_AND)
BAND_LANEWISE(v_or, BAND_OR)
BAND_LANEWISE(v_andnot, BAND_ANDNOT)
BAND_LANEWISE(v_add, BAND_ADD)
BAND_LANEWISE(v_sub, BAND_SUB)
static inline vec v_shr(vec a, int n)
{
    vec r = {{a.v[0] >> n, a.v[1] >> n, a.v[2] >> n}};
    return r;
}
static inline vec v_shl(vec a, int n)
{
    vec r = {{a.v[0] << n, a.v[1] << n, a.v[2] << n}};
    return r;
}
static inline vec v_rot1(vec a)
{
    vec r = {{a.v[1], a.v[2], a.v[0]}};
    return r;
}
static inline vec v_rot2(vec a)
{
    vec r = {{a.v[2], a.v[0], a.v[1]}};
    return r;
}
static inline int v_equal(vec a, vec b)
{
    return ((a.v[0] ^ b.v[0]) | (a.v[1] ^ b.v[1]) | (a.v[2] ^ b.v[2])) == 0;
}
static inline int v_is_zero(vec a) { return (a.v[0] | a.v[1] | a.v[2]) == 0; }
static inline int v_any_lane_zero(vec a) { return !a.v[0] || !a.v[1] || !a.v[2]; }
static inline void v_store(uint32_t *out, vec a)
{
    out[0] = a.v[0];
    out[1] = a.v[1];
    out[2] = a.v[2];
    out[3] = 0;
}
static inline vec v_load(const uint32_t *in)
{
    vec r = {{in[0], in[1], in[2]}};
    return r;
}

#endif

/* Symbols a vector holds: GROUPS vectors hold the nine (with AVX2, a tenth
 * that never has a candidate fills the last). */
#if BAND_AVX2
#define GROUP 2
#else
#define GROUP 1
static inline vec v_swap(vec a) { return a; }
static inline unsigned v_changed(vec a, vec b) { return !v_equal(a, b); }
#endif
#define GROUPS ((9 + GROUP - 1) / GROUP)

static inline int lowest_bit(uint32_t x)
{
#if defined(__GNUC__)
    return __builtin_ctz(x);
#else
    int i = 0;
    while (!(x & 1u)) {
        x >>= 1;
        i++;
    }
    return i;
#endif
}

#if GROUP == 2
/* The lowest bit of x; d when x is 0. */
static inline int lowest_or(uint32_t x, int d) { return x ? lowest_bit(x) : d; }
#endif

/* ==== The layout ============================================================= */

#define ONES 0x00100401u       /* bit 0 of each row */
#define ROWS (0x1FFu * ONES)   /* the 27 cells of a band */
#define GUARDS (0x200u * ONES) /* bit 9 of each row */
#define TRIAD_LOW (0x49u * ONES) /* the first cell of each triad */

typedef struct band_state {
    vec group[GROUPS]; /* candidates of symbol d+1: in group d / GROUP, its
                        * (d % GROUP)th four lanes */
    vec solved;        /* cells placed (with AVX2: in both halves) */
} band_state;

#if BAND_AVX2
/* The four words of symbol d in memory. */
static inline uint32_t *digit_words(band_state *st, int d)
{
    return (uint32_t *)(void *)st->group + 4 * d;
}
/* Symbol d alone, in both halves. */
static inline vec digit_get(const band_state *st, int d)
{
    const uint32_t *w = (const uint32_t *)(const void *)st->group + 4 * d;
    return _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)w));
}
/* Symbol d becomes half h (0, 1) of x: written into its whole group, as a
 * group loaded right after two half stores into it waits for them to
 * reach the cache. */
static inline void digit_set(band_state *st, int d, vec x, int h)
{
    static const uint32_t lanes[2][8] = {{~0u, ~0u, ~0u, ~0u, 0, 0, 0, 0},
                                         {0, 0, 0, 0, ~0u, ~0u, ~0u, ~0u}};
    x = h ? _mm256_permute2x128_si256(x, x, 0x11) : _mm256_permute2x128_si256(x, x, 0x00);
    st->group[d >> 1] = _mm256_blendv_epi8(st->group[d >> 1], x, v_load(lanes[d & 1]));
}
/* Symbols a and b (a again for one), as one vector, and back. */
static inline vec pair_get(band_state *st, int a, int b)
{
    return v_pair(digit_words(st, a), digit_words(st, b));
}
static inline void pair_set(band_state *st, int a, int b, vec x)
{
    digit_set(st, a, x, 0);
    digit_set(st, b, x, 1);
}
#else
static inline vec digit_get(const band_state *st, int d) { return st->group[d]; }
static inline vec digit_kept(const band_state *st, int d, const uint32_t *keep)
{
    return v_and(st->group[d], v_load(keep));
}
#endif

/* ==== Propagation ============================================================= */

/* The triads of x holding a candidate, on their TRIAD_LOW bit; and the
 * same triads filled (all three cells set). */
static inline vec triads_of(vec x)
{
    return v_and(v_or(x, v_or(v_shr(x, 1), v_shr(x, 2))), v_set(TRIAD_LOW));
}
static inline vec fill_triads(vec t) { return v_or(t, v_or(v_shl(t, 1), v_shl(t, 2))); }

/* The columns of each band of x holding a candidate: bits 0..8. */
static inline vec columns_of(vec x)
{
    return v_and(v_or(x, v_or(v_shr(x, 10), v_shr(x, 20))), v_set(0x1FFu));
}
/* Columns (bits 0..8) back to all three rows. */
static inline vec fill_columns(vec c) { return v_or(c, v_or(v_shl(c, 10), v_shl(c, 20))); }

/* Row r of every band takes row r+1 (mod 3); r+2. */
static inline vec rows_rot1(vec y) { return v_or(v_shr(y, 10), v_and(v_shl(y, 20), v_set(ROWS))); }
static inline vec rows_rot2(vec y) { return v_or(v_and(v_shl(y, 10), v_set(ROWS)), v_shr(y, 20)); }

/* rows_rot1 without its mask: row 1's bits also land on bits 30, 31 */
static inline vec rows_rot1_raw(vec y) { return v_or(v_shr(y, 10), v_shl(y, 20)); }

/* Box k of each row takes box k+1 (mod 3); k+2. */
static inline vec boxes_rot1(vec y)
{
    return v_or(v_and(v_shr(y, 3), v_set(0x3Fu * ONES)), v_and(v_shl(y, 6), v_set(0x1C0u * ONES)));
}
static inline vec boxes_rot2(vec y)
{
    return v_or(v_and(v_shl(y, 3), v_set(0x1F8u * ONES)), v_and(v_shr(y, 6), v_set(0x7u * ONES)));
}

/* Column j of each stack (bits 0..8) takes column j+1 (mod 3); j+2. */
static inline vec cols_rot1(vec p)
{
    return v_or(v_and(v_shr(p, 1), v_set(0xDBu)), v_and(v_shl(p, 2), v_set(0x124u)));
}
static inline vec cols_rot2(vec p)
{
    return v_or(v_and(v_shl(p, 1), v_set(0x1B6u)), v_and(v_shr(p, 2), v_set(0x49u)));
}

/* The band step: only triads that some still-possible permutation of the
 * band uses are kept (see the top of the file). A band left with no
 * permutation becomes 0. */
static inline vec band_step(vec x)
{
    vec t = triads_of(x);
    /* box k+1 and box k+2 of each row; the bits these shifts carry off the
     * triads' own places stay off them through the row rotations, and the
     * last `and` with t drops them */
    vec b1 = v_or(v_shr(t, 3), v_shl(t, 6)), b2 = v_or(v_shl(t, 3), v_shr(t, 6));
    /* (r, k) keeps (r+1, k+1) and (r+2, k+2), or (r+1, k+2) and (r+2, k+1):
     * the row rotation taken once, after the `or` */
    vec u = v_or(v_and(b1, rows_rot1_raw(b2)), v_and(b2, rows_rot1_raw(b1)));
    return v_and(x, fill_triads(v_and(t, rows_rot1_raw(u))));
}

/* The stack step: the columns each band may still hold the symbol in, as a
 * permutation of (band, column) in each stack. A column of the band no
 * permutation uses is cleared in all three rows. */
static inline vec stack_step(vec x)
{
    vec p = columns_of(x);
    vec j1 = cols_rot1(p), j2 = cols_rot2(p);
    /* as in the band step: the lane rotation once, after the `or` */
    vec u = v_or(v_and(j1, v_rot1(j2)), v_and(j2, v_rot1(j1)));
    return v_and(x, fill_columns(v_and(p, v_rot1(u))));
}

/* Both steps on one symbol until neither changes anything; 0 when a band of
 * the symbol has no permutation left (a row, box or column without a
 * place). */
static inline int settle(vec *digit)
{
    vec x = *digit;
    for (;;) {
        x = band_step(x);
        if (v_any_lane_zero(x))
            return 0;
        vec y = stack_step(x);
        if (v_equal(x, y))
            break;
        x = y;
    }
    *digit = x;
    return 1;
}

/* settle() on two symbols at once: the two chains of steps overlap. */
static inline int settle2(vec *da, vec *db)
{
    vec a = *da, b = *db;
    for (;;) {
        a = band_step(a);
        b = band_step(b);
        if (v_any_lane_zero(a) | v_any_lane_zero(b))
            return 0;
        vec a2 = stack_step(a), b2 = stack_step(b);
        if (v_equal(a, a2) & v_equal(b, b2))
            break;
        a = a2;
        b = b2;
    }
    *da = a;
    *db = b;
    return 1;
}

/* settle() on four symbols at once. */
static inline int settle4(vec *da, vec *db, vec *dc, vec *dd)
{
    vec a = *da, b = *db, c = *dc, e = *dd;
    for (;;) {
        a = band_step(a);
        b = band_step(b);
        c = band_step(c);
        e = band_step(e);
        if (v_any_lane_zero(a) | v_any_lane_zero(b) | v_any_lane_zero(c) | v_any_lane_zero(e))
            return 0;
        vec a2 = stack_step(a), b2 = stack_step(b), c2 = stack_step(c), e2 = stack_step(e);
        if (v_equal(a, a2) & v_equal(b, b2) & v_equal(c, c2) & v_equal(e, e2))
            break;
        a = a2;
        b = b2;
        c = c2;
        e = e2;
    }
    *da = a;
    *db = b;
    *dc = c;
    *dd = e;
    return 1;
}

/* The first settle of two children of a guess (a: the first's symbol, b:
 * the second's; with AVX2 both in a, one to a half), side by side: each
 * to its fixed point, or empty where it is a dead end. Returns which are
 * not: bit 0 the first, bit 1 the second. */
#if GROUP == 2
static inline unsigned settle_children(vec *a)
{
    vec x = *a;
    for (;;) {
        x = band_step(x);
        vec y = stack_step(x);
        if (v_equal(x, y))
            break;
        x = y;
    }
    *a = x;
    unsigned zero = (unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi32(x, _mm256_setzero_si256()));
    return (unsigned)!(zero & 0x0FFFu) | (unsigned)!(zero & 0x0FFF0000u) << 1;
}
#else
static inline unsigned settle_children(vec *a, vec *b)
{
    vec x = *a, y = *b;
    for (;;) {
        x = band_step(x);
        y = band_step(y);
        vec x2 = stack_step(x), y2 = stack_step(y);
        if (v_equal(x, x2) & v_equal(y, y2))
            break;
        x = x2;
        y = y2;
    }
    *a = x;
    *b = y;
    return (unsigned)!v_any_lane_zero(x) | (unsigned)!v_any_lane_zero(y) << 1;
}
#endif

/* The rows of x (each band) holding exactly one bit, those bits. */
static inline vec row_singles(vec x)
{
    vec y = v_and(x, v_sub(v_or(x, v_set(GUARDS)), v_set(ONES))); /* lowest bit of each row off */
    vec g = v_and(v_add(y, v_set(ROWS)), v_set(GUARDS));             /* rows with two or more */
    return v_andnot(x, v_sub(g, v_shr(g, 9)));
}

/* Everything that shares a row or a column with a cell of f. The rest of
 * the box needs no mask: with the row down to the cell, the band step
 * clears it. */
static inline vec peers(vec f)
{
    vec g = v_and(v_add(f, v_set(ROWS)), v_set(GUARDS));
    vec rows = v_sub(g, v_shr(g, 9));
    vec c = columns_of(f);
    return v_or(rows, fill_columns(v_or(c, v_or(v_rot1(c), v_rot2(c)))));
}

/* Places symbol d+1 in the cells place_at[d] (for every d, by groups;
 * `all` is their union, in every half). Returns the symbols whose
 * candidates changed, as a bit mask. */
static unsigned place(band_state *st, const vec *place_at, vec all)
{
    unsigned changed = 0;
    st->solved = v_or(st->solved, all);
    for (int g = 0; g < GROUPS; g++) {
        vec x = st->group[g];
        vec y = v_or(v_andnot(v_andnot(x, all), peers(place_at[g])), place_at[g]);
        changed |= v_changed(x, y) << GROUP * g;
        st->group[g] = y;
    }
    return changed;
}

#if GROUP == 2
/* Counts to four ("one or more" .. "four or more") of the two halves, made
 * the counts of both, in both halves. */
static inline void fold_counts(vec *c1, vec *c2, vec *c3, vec *c4)
{
    vec l1 = *c1, l2 = *c2, l3 = *c3, l4 = *c4;
    vec h1 = v_swap(l1), h2 = v_swap(l2), h3 = v_swap(l3), h4 = v_swap(l4);
    *c1 = v_or(l1, h1);
    *c2 = v_or(v_or(l2, h2), v_and(l1, h1));
    *c3 = v_or(v_or(l3, h3), v_or(v_and(l2, h1), v_and(l1, h2)));
    *c4 = v_or(v_or(v_or(l4, h4), v_and(l3, h1)), v_or(v_and(l2, h2), v_and(l1, h3)));
}
#endif

/* The three cells of a triad (a row inside a box, or a column inside a box)
 * hold three different symbols. So a triad fewer than three symbols can
 * reach is a dead end; a triad exactly three symbols can reach takes all
 * three (each is then locked in it: its other places in that row, or
 * column, go); a triad three symbols are locked in (their row, or column,
 * has no other place in the band, or stack) takes no other symbol. For
 * rows and for columns. Adds the changed symbols to *dirty; 0 on a dead
 * end. */
static int triads(band_state *st, unsigned *dirty)
{
    /* per symbol: its triads (rows in boxes, on TRIAD_LOW bits) and its
     * columns in each band (bits 0..8); those it is locked in */
    vec ht[GROUPS], vt[GROUPS], hlocked[GROUPS], vlocked[GROUPS];
    /* per triad: reached by one, two, three, four or more symbols; and
     * how many symbols are locked in it */
    vec h1 = v_set(0), h2 = v_set(0), h3 = v_set(0), h4 = v_set(0);
    vec v1 = v_set(0), v2 = v_set(0), v3 = v_set(0), v4 = v_set(0);
    vec hl1 = v_set(0), hl2 = v_set(0), hl3 = v_set(0), hl4 = v_set(0);
    vec vl1 = v_set(0), vl2 = v_set(0), vl3 = v_set(0), vl4 = v_set(0);
    for (int g = 0; g < GROUPS; g++) {
        vec x = st->group[g];
        vec t = triads_of(x), p = columns_of(x);
        ht[g] = t;
        vt[g] = p;
        h4 = v_or(h4, v_and(h3, t));
        h3 = v_or(h3, v_and(h2, t));
        h2 = v_or(h2, v_and(h1, t));
        h1 = v_or(h1, t);
        v4 = v_or(v4, v_and(v3, p));
        v3 = v_or(v3, v_and(v2, p));
        v2 = v_or(v2, v_and(v1, p));
        v1 = v_or(v1, p);
        /* locked: the only triad of its row; the only band of its column */
        vec hl = row_singles(t);
        vec vl = v_andnot(v_andnot(p, v_rot1(p)), v_rot2(p));
        hlocked[g] = hl;
        vlocked[g] = vl;
        hl4 = v_or(hl4, v_and(hl3, hl));
        hl3 = v_or(hl3, v_and(hl2, hl));
        hl2 = v_or(hl2, v_and(hl1, hl));
        hl1 = v_or(hl1, hl);
        vl4 = v_or(vl4, v_and(vl3, vl));
        vl3 = v_or(vl3, v_and(vl2, vl));
        vl2 = v_or(vl2, v_and(vl1, vl));
        vl1 = v_or(vl1, vl);
    }
#if GROUP == 2
    fold_counts(&h1, &h2, &h3, &h4);
    fold_counts(&v1, &v2, &v3, &v4);
    fold_counts(&hl1, &hl2, &hl3, &hl4);
    fold_counts(&vl1, &vl2, &vl3, &vl4);
#endif
    if (!v_is_zero(v_andnot(v_set3(TRIAD_LOW), h3)) || !v_is_zero(v_andnot(v_set3(0x1FFu), v3)) ||
        !v_is_zero(hl4) || !v_is_zero(vl4))
        return 0;
    /* a triad whose three cells are placed already has its three symbols:
     * nothing to do there (the common case; most calls end here) */
    vec done = st->solved;
    vec hdone = v_and(done, v_and(v_shr(done, 1), v_shr(done, 2)));
    vec vdone = v_and(done, v_and(v_shr(done, 10), v_shr(done, 20)));
    vec hexact = v_andnot(v_andnot(h3, h4), hdone), vexact = v_andnot(v_andnot(v3, v4), vdone);
    hl3 = v_andnot(hl3, hdone);
    vl3 = v_andnot(vl3, vdone);
    if (v_is_zero(v_or(v_or(hexact, vexact), v_or(hl3, vl3))))
        return 1;
    for (int g = 0; g < GROUPS; g++) {
        vec x = st->group[g];
        vec y = x;
        /* one of exactly three that reach a triad: locked in it, its other
         * places in the row (the band step does the box), or in the column
         * (the stack step does the box), go */
        vec cells = fill_triads(v_and(ht[g], hexact));
        vec full = v_and(v_add(cells, v_set(ROWS)), v_set(GUARDS));
        y = v_andnot(y, v_andnot(v_sub(full, v_shr(full, 9)), cells));
        vec lock = v_and(vt[g], vexact);
        y = v_andnot(y, fill_columns(v_or(v_rot1(lock), v_rot2(lock))));
        /* a triad three other symbols are locked in has no room */
        y = v_andnot(y, fill_triads(v_andnot(hl3, hlocked[g])));
        y = v_andnot(y, fill_columns(v_andnot(vl3, vlocked[g])));
        *dirty |= v_changed(x, y) << GROUP * g;
        st->group[g] = y;
    }
    return 1;
}

/* Propagates to a fixed point after the symbols in dirty changed, and
 * those in settled changed and were settled already. 0: the grid has no
 * solution. */
static int propagate(band_state *st, unsigned dirty, unsigned settled)
{
    int triads_done = 0;
    for (;;) {
#if GROUP == 1
        /* a symbol that did not change since the last look has no new row
         * single: the ones it had were placed then */
        unsigned fresh = dirty | settled;
        settled = 0;
        /* four at a time, else two, else one: the chains of steps of
         * different symbols overlap (four: 0.95x thread CPU time on 11+
         * isomorphs against two) */
        while (dirty) {
            vec *a = &st->group[lowest_bit(dirty)];
            dirty &= dirty - 1;
            if (!dirty) {
                if (!settle(a))
                    return 0;
                break;
            }
            vec *b = &st->group[lowest_bit(dirty)];
            dirty &= dirty - 1;
            if (!dirty) {
                if (!settle2(a, b))
                    return 0;
                break;
            }
            vec *c = &st->group[lowest_bit(dirty)];
            dirty &= dirty - 1;
            vec *e = dirty ? &st->group[lowest_bit(dirty)] : c; /* c twice: harmless */
            dirty &= dirty - 1;
            if (!settle4(a, b, c, e))
                return 0;
        }
#else
        (void)settled; /* every symbol's row singles are looked at */
        /* two symbols a vector, a symbol twice where they run short
         * (harmless): two, else four, else eight at a time */
        while (dirty) {
            int a = lowest_bit(dirty);
            dirty &= dirty - 1;
            int b = lowest_or(dirty, a);
            dirty &= dirty - 1;
            vec x = pair_get(st, a, b);
            if (!dirty) {
                if (!settle(&x))
                    return 0;
                pair_set(st, a, b, x);
                break;
            }
            int c = lowest_bit(dirty);
            dirty &= dirty - 1;
            int e = lowest_or(dirty, c);
            dirty &= dirty - 1;
            vec y = pair_get(st, c, e);
            if (!dirty) {
                if (!settle2(&x, &y))
                    return 0;
                pair_set(st, a, b, x);
                pair_set(st, c, e, y);
                break;
            }
            int f = lowest_bit(dirty);
            dirty &= dirty - 1;
            int h = lowest_or(dirty, f);
            dirty &= dirty - 1;
            int i = lowest_or(dirty, h);
            dirty &= dirty - 1;
            int j = lowest_or(dirty, i);
            dirty &= dirty - 1;
            vec z = pair_get(st, f, h), w = pair_get(st, i, j);
            if (!settle4(&x, &y, &z, &w))
                return 0;
            pair_set(st, a, b, x);
            pair_set(st, c, e, y);
            pair_set(st, f, h, z);
            pair_set(st, i, j, w);
        }
#endif
        vec once = v_set(0), twice = v_set(0);
        for (int g = 0; g < GROUPS; g++) {
            twice = v_or(twice, v_and(once, st->group[g]));
            once = v_or(once, st->group[g]);
        }
#if GROUP == 2
        {
            vec other = v_swap(once);
            twice = v_or(v_or(twice, v_swap(twice)), v_and(once, other));
            once = v_or(once, other);
        }
#endif
        /* a cell without a candidate; a placed cell with two symbols */
        if (!v_equal(once, v_set3(ROWS)))
            return 0;
        if (!v_is_zero(v_and(twice, st->solved)))
            return 0;
        vec open = v_andnot(once, st->solved);
        if (v_is_zero(open))
            return 1;
        vec naked = v_andnot(open, twice);
        vec at[GROUPS], all = v_set(0);
        for (int g = 0; g < GROUPS; g++)
            at[g] = v_and(st->group[g], naked);
#if GROUP == 1
        for (; fresh; fresh &= fresh - 1) {
            int d = lowest_bit(fresh);
            at[d] = v_or(at[d], v_and(row_singles(st->group[d]), open));
        }
#else
        for (int g = 0; g < GROUPS; g++)
            at[g] = v_or(at[g], v_and(row_singles(st->group[g]), open));
#endif
        for (int g = 0; g < GROUPS; g++)
            all = v_or(all, at[g]);
        all = v_or(all, v_swap(all));
        if (v_is_zero(all)) {
            /* once: a second pass after what the first found pays less
             * than it costs (3% more instructions on the 11+ set, the same
             * guesses) */
            if (triads_done++)
                return 1;
            if (!triads(st, &dirty))
                return 0;
            if (!dirty)
                return 1;
            continue;
        }
        dirty = place(st, at, all);
    }
}

/* ==== Givens, solutions and the search ========================================= */

/* Two givens of one symbol (f: its givens) in one row, column or box. */
static int clash(vec f)
{
    vec rows = v_and(f, v_sub(v_or(f, v_set(GUARDS)), v_set(ONES)));
    vec cols_in_band = v_and(f, v_or(v_shr(f, 10), v_shr(f, 20)));
    vec c = columns_of(f);
    vec cols_across = v_and(c, v_rot1(c));
    vec in_triad = v_or(v_and(v_and(f, v_shr(f, 1)), v_set(0xDBu * ONES)),
                        v_and(v_and(f, v_shr(f, 2)), v_set(TRIAD_LOW)));
    vec t = triads_of(f);
    vec box_rows = v_and(t, v_or(v_shr(t, 10), v_shr(t, 20)));
    return !v_is_zero(v_or(v_or(rows, cols_in_band), v_or(v_or(cols_across, in_triad), box_rows)));
}

/* Writes the solution held in st (every cell placed) into grid. */
static void decode(const band_state *st, uint8_t *grid)
{
    uint32_t w[GROUPS * GROUP][4];
    for (int g = 0; g < GROUPS; g++)
        v_store(w[GROUP * g], st->group[g]);
    for (int d = 0; d < 9; d++) {
        for (int lane = 0; lane < 3; lane++)
            for (uint32_t x = w[d][lane]; x; x &= x - 1) {
                int p = lowest_bit(x);
                grid[27 * lane + 9 * (p / 10) + p % 10] = (uint8_t)(d + 1);
            }
    }
}

static int report(sudoku_solver *s, const band_state *st)
{
    if ((s->found == 0 && s->first) || s->fn)
        decode(st, s->grid);
    return sudoku_report_solution(s, s->grid);
}

/* A branching choice: symbol `digit` in one band (lane) or one stack keeps
 * the cells of one permutation; keep[i] are the masks, one per child, of
 * all four lanes (rows of the tables below). */
typedef struct band_choice {
    int digit;
    int count;
    const uint32_t *keep[6];
} band_choice;

/* The masks of the permutations of a band, for the band's lane (the other
 * lanes keep everything): row r in box k + r (0..2), or in box k - r
 * (3..5), k the box of row 0. Read from memory, not put together in a
 * buffer: a vector loaded from narrower stores just made waits for them. */
#define BAND_PERMUTATION(b0, b1, b2)                                                            \
    (7u << 3 * (b0) | 7u << (10 + 3 * (b1)) | 7u << (20 + 3 * (b2)))
#define BAND_KEEP(b, cells)                                                                     \
    {(b) == 0 ? (cells) : ~0u, (b) == 1 ? (cells) : ~0u, (b) == 2 ? (cells) : ~0u, ~0u}
#define BAND_KEEPS(b)                                                                             \
    {BAND_KEEP(b, BAND_PERMUTATION(0, 1, 2)), BAND_KEEP(b, BAND_PERMUTATION(1, 2, 0)),            \
     BAND_KEEP(b, BAND_PERMUTATION(2, 0, 1)), BAND_KEEP(b, BAND_PERMUTATION(0, 2, 1)),            \
     BAND_KEEP(b, BAND_PERMUTATION(1, 0, 2)), BAND_KEEP(b, BAND_PERMUTATION(2, 1, 0))}
static const uint32_t band_keep[3][6][4] = {BAND_KEEPS(0), BAND_KEEPS(1), BAND_KEEPS(2)};

/* The same for the stacks: in stack s, band b keeps column j + b of the
 * stack (0..2) or j - b (3..5), j the column of band 0, and every column
 * of the other stacks. */
#define STACK_LANE(s, c) (((0x1FFu & ~(7u << 3 * (s))) | 1u << (3 * (s) + (c))) * ONES)
#define STACK_KEEP(s, c0, c1, c2) {STACK_LANE(s, c0), STACK_LANE(s, c1), STACK_LANE(s, c2), 0}
#define STACK_KEEPS(s)                                                                            \
    {STACK_KEEP(s, 0, 1, 2), STACK_KEEP(s, 1, 2, 0), STACK_KEEP(s, 2, 0, 1),                      \
     STACK_KEEP(s, 0, 2, 1), STACK_KEEP(s, 1, 0, 2), STACK_KEEP(s, 2, 1, 0)}
static const uint32_t stack_keep[3][6][4] = {STACK_KEEPS(0), STACK_KEEPS(1), STACK_KEEPS(2)};

/* Where to branch: the band or stack with the fewest triads left over all
 * symbols (a symbol's triads in a band, or (band, column) pairs in a
 * stack, are three when its permutation there is settled, five or more
 * when two or more are left), and in it a symbol with the fewest; the
 * children take each of that symbol's permutations there. Counting triads
 * instead of permutations is cheaper and guesses no more (11+ set, limit
 * 2: 60.0 guesses a puzzle against 62.7; 11% fewer instructions). Returns
 * 0 when every symbol is settled everywhere (the grid is solved). */
static int choose_permutation(const band_state *st, band_choice *ch)
{
    /* count[d], lane b: the triads of band b (bits 0..3), and the pairs of
     * band b in stacks 0, 1, 2 (bits 8, 16, 24); summed over the lanes
     * only for the stack that is chosen */
    uint32_t count[GROUPS * GROUP][4];
    vec total = v_set(0);
    for (int g = 0; g < GROUPS; g++) {
        vec x = st->group[g];
        vec t = triads_of(x), p = columns_of(x);
        vec h = v_add(t, v_add(v_shr(t, 10), v_shr(t, 20))); /* per box: 0..3 */
        vec three = v_set(3u);
        h = v_add(v_and(h, three), v_add(v_and(v_shr(h, 3), three), v_and(v_shr(h, 6), three)));
        vec q = v_sub(v_sub(p, v_and(v_shr(p, 1), v_set(0xDBu))), v_and(v_shr(p, 2), v_set(0x49u)));
        q = v_or(v_shl(v_and(q, v_set(7u)), 8),
                 v_or(v_shl(v_and(q, v_set(0x38u)), 13), v_shl(v_and(q, v_set(0x1C0u)), 18)));
        vec c = v_or(h, q);
        v_store(count[GROUP * g], c);
        total = v_add(total, c);
    }
#if GROUP == 2
    total = v_add(total, v_swap(total));
#endif
    uint32_t tot[4 * GROUP];
    v_store(tot, total);
    uint32_t stacks = tot[0] + tot[1] + tot[2];
    int totals[6] = {(int)(tot[0] & 0xFF), (int)(tot[1] & 0xFF), (int)(tot[2] & 0xFF),
                     (int)(stacks >> 8 & 0xFF), (int)(stacks >> 16 & 0xFF), (int)(stacks >> 24)};
    int best = -1;
    for (int i = 0; i < 6; i++)
        if (totals[i] > 27 && (best < 0 || totals[i] < totals[best]))
            best = i;
    if (best < 0)
        return 0;
    int digit = -1, fewest = 10;
    if (best < 3) {
        for (int d = 0; d < 9; d++) {
            int n = (int)(count[d][best] & 0xFF);
            if (n > 3 && n < fewest) {
                fewest = n;
                digit = d;
            }
        }
    } else {
        int shift = 8 * (best - 2);
        for (int d = 0; d < 9; d++) {
            int n = (int)((count[d][0] + count[d][1] + count[d][2]) >> shift & 0xFF);
            if (n > 3 && n < fewest) {
                fewest = n;
                digit = d;
            }
        }
    }
    /* the permutations of that symbol there, as bits 0..5 (see the tables) */
    vec x = digit_get(st, digit);
    ch->digit = digit;
    ch->count = 0;
    if (best < 3) {
        vec o = fill_triads(triads_of(x));
        vec b1 = boxes_rot1(o), b2 = boxes_rot2(o);
        uint32_t ev[4 * GROUP], od[4 * GROUP];
        v_store(ev, v_and(o, v_and(rows_rot1(b1), rows_rot2(b2))));
        v_store(od, v_and(o, v_and(rows_rot1(b2), rows_rot2(b1))));
        uint32_t e = ev[best], o2 = od[best];
        unsigned perms = (e & 1u) | (e >> 2 & 2u) | (e >> 4 & 4u) | (o2 << 3 & 8u) |
                         (o2 << 1 & 16u) | (o2 >> 1 & 32u);
        for (; perms; perms &= perms - 1)
            ch->keep[ch->count++] = band_keep[best][lowest_bit(perms)];
    } else {
        int sk = best - 3;
        vec p = columns_of(x);
        vec j1 = cols_rot1(p), j2 = cols_rot2(p);
        uint32_t ev[4 * GROUP], od[4 * GROUP];
        v_store(ev, v_and(p, v_and(v_rot1(j1), v_rot2(j2))));
        v_store(od, v_and(p, v_and(v_rot1(j2), v_rot2(j1))));
        unsigned perms = (ev[0] >> 3 * sk & 7u) | (od[0] >> 3 * sk & 7u) << 3;
        for (; perms; perms &= perms - 1)
            ch->keep[ch->count++] = stack_keep[sk][lowest_bit(perms)];
    }
    return 1;
}

/* st is propagated. Returns non-zero when the search must stop. */
static int search(sudoku_solver *s, band_state *st)
{
    if (v_equal(st->solved, v_set3(ROWS)))
        return report(s, st);
    band_choice ch;
    if (!choose_permutation(st, &ch))
        return 0; /* not reached: propagation would have placed every cell */
    s->nodes++;
    if (sudoku_progress_due(s)) /* sudoku_solver_set_progress(): Ctrl-C */
        return 1;
    int d = ch.digit;
    for (int i = 0; i < ch.count; i += 2) {
        /* two children's first settles, side by side: one chain of steps
         * instead of two, one after the other */
        int two = i + 1 < ch.count;
        const uint32_t *second = ch.keep[i + two];
#if GROUP == 2
        vec x = v_and(digit_get(st, d), v_pair(ch.keep[i], second));
        unsigned ok = settle_children(&x);
#else
        vec x = digit_kept(st, d, ch.keep[i]), y = digit_kept(st, d, second);
        unsigned ok = settle_children(&x, &y);
#endif
        for (int k = 0; k <= two; k++) {
            if (!(ok >> k & 1))
                continue;
            band_state child;
            band_state *c = st; /* the last child needs no copy */
            if (i + k + 1 < ch.count) {
                child = *st;
                c = &child;
            }
#if GROUP == 2
            digit_set(c, d, x, k);
#else
            c->group[d] = k ? y : x;
#endif
            if (propagate(c, 0, 1u << d) && search(s, c))
                return 1;
        }
    }
    return 0;
}

/* Every cell a candidate of every symbol; the tenth, AVX2's filler, none. */
static const uint32_t all_candidates[10][4] = {
    {ROWS, ROWS, ROWS, 0}, {ROWS, ROWS, ROWS, 0}, {ROWS, ROWS, ROWS, 0}, {ROWS, ROWS, ROWS, 0},
    {ROWS, ROWS, ROWS, 0}, {ROWS, ROWS, ROWS, 0}, {ROWS, ROWS, ROWS, 0}, {ROWS, ROWS, ROWS, 0},
    {ROWS, ROWS, ROWS, 0}, {0, 0, 0, 0},
};

int64_t BAND_ENTRY(sudoku_solver *s)
{
    const uint8_t *giv = s->givens;
    uint32_t f[11][4];
    memset(f, 0, sizeof f); /* f[v]: the givens of symbol v; f[0] the blanks */
    for (int lane = 0, i = 0; lane < 3; lane++)
        for (int r = 0; r < 3; r++)
            for (int c = 0; c < 9; c++, i++)
                f[giv[i]][lane] |= 1u << (10 * r + c);
    band_state st;
    vec at[GROUPS], all = v_set(0);
    for (int g = 0; g < GROUPS; g++) {
        at[g] = v_load(f[GROUP * g + 1]);
        if (clash(at[g])) {
            int rc = sudoku_place_givens(s); /* names the clash */
            if (rc < 0)
                return rc;
        }
        all = v_or(all, at[g]);
        st.group[g] = v_load(all_candidates[GROUP * g]);
    }
    all = v_or(all, v_swap(all));
    st.solved = v_set(0);
    unsigned changed = place(&st, at, all);
    if (propagate(&st, changed, 0))
        search(s, &st);
    return (int64_t)s->found;
}

#if !BAND_AVX2 && !defined(SUDOKU_BAND_PORTABLE)
int sudoku_band_avx2_usable(void)
{
#if SUDOKU_BAND_HAVE_AVX2
    return __builtin_cpu_supports("avx2");
#else
    return 0;
#endif
}

int64_t sudoku_band_solve(sudoku_solver *s)
{
#if SUDOKU_BAND_HAVE_AVX2
    if (sudoku_band_avx2_usable())
        return sudoku_band_solve_avx2(s);
#endif
    return sudoku_band_solve_generic(s);
}
#endif
