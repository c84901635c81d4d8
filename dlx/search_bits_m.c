/* SPDX-License-Identifier: MIT */
/* search_bits_m.c - Algorithm M (bounds lo..hi on primary items, colours on
 * secondary ones) on bit sets: the search of search_m.c without the dance
 * and its undoing.
 *
 * The state at a node is a frame:
 *   live[]    one bit per option not yet ruled out;
 *   settled[] one bit per secondary item covered or purified already;
 *   cnt[]     per primary item, its live options (its LEN), or INACTIVE
 *             once it is covered or switched off;
 *   need[]    per primary item, how many more options it must take (its
 *             residual lower bound, negative when it may take fewer than
 *             its residual upper bound allows): the bound is need + slack.
 * A level chooses an item c by DLX3's rule (least branching degree, then
 * least slack, then most options, then leftmost), read off one packed key
 * per item, and spends a unit of c's bound. If that was c's last unit, c is
 * covered: its live options leave the frame and become the level's
 * candidates (Algorithm X's step). Otherwise c stays active and each
 * candidate tried is taken out of the level's frame before its subtree is
 * searched (DLX3's tweak, here a bit cleared and a few counts lowered), so
 * that the later branches do without it; nothing is ever put back: going up
 * forgets the frames below. The last branch of a level (its last option, or
 * its null move) is made in the level's own frame, which nothing reads
 * afterwards, so a forced move copies nothing. A trial gives up as soon as
 * an active item is left with fewer options than it still needs: its child
 * is a dead end, counted as one node and never built.
 *
 * One thing differs from DLX3's tree: an active item with no options left
 * whose lower bound is met has only its null move, and DLX3 spends a node
 * on it when its degree 1 comes up; here it is switched off the moment its
 * last option goes (Knuth's SSMCC does the same). So the tree is DLX3's
 * with those one-child nodes contracted: the same solutions, in the same
 * order, and fewer nodes (DLX_CHOOSE_MRV_FULL keeps DLX3's tree on the
 * links, dlx_search_strategy()). Every frame keeps the invariant: no active
 * item has a count of 0 and a need <= 0.
 *
 * The updates counted are DLX3's kind (a node leaving a list, an item
 * leaving the active list) for the same steps, but the trees differ, so the
 * figures are this search's own.
 */
#include "search_bits_m.h"
#include "split.h"

#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

typedef int16_t m_count;
#define INACTIVE 32767
#define ACTIVE_BELOW 16384
#define COUNT_LIMIT 16383
/* The packed key: (degree + KEY_BIAS) << 48 | s << 32 | (INACTIVE - len) << 16
 * | slot. An inactive item's degree field is above any active one's. */
#define KEY_BIAS 16384
#define KEY_NONE_FROM ((uint64_t)(ACTIVE_BELOW + 1 + KEY_BIAS) << 48)
/* The frames of the deepest path may take this many bytes at most. */
#define FRAMES_LIMIT ((size_t)256 << 20)

enum { ACT_COVER = 1, ACT_PURIFY = 2 };

struct m_pair {
    uint64_t m;
    int32_t w, unused;
};

/* One level of the search. */
struct m_level {
    uint64_t *frame;          /* its frame (its parent's when tried in place) */
    int32_t item;             /* primary slot chosen */
    int32_t covered;          /* 1: the level took the item's last unit */
    int32_t cand_begin;       /* its candidates: pairs [cand_begin, cand_end) */
    int32_t cand, cand_end;   /* the pair being walked */
    uint64_t rest;            /* untried candidates of pair `cand` */
    int32_t left;             /* option branches still to try after the one in force */
    int32_t null_left;        /* 1: the null move is still to come */
    int32_t in_force;         /* the option in force, -1: the null move */
    int32_t tried, width;     /* branches tried (in force included), of width */
    int64_t upd;              /* updates the branch in force counted */
};

struct dlx_bits_m {
    size_t bytes;
    int32_t words, sec_words, frame_words, n_prim, n_sec, n_counts, n_scan, levels;
    int32_t max_prim, stride, n_options;
    int32_t fixed;            /* levels put in force by start_subtree() */
    int32_t *prim_hdr;        /* [slot] header index */
    int32_t *sec_hdr;
    int32_t *slot;            /* [header] slot */
    m_count *slack;           /* [n_counts] hi - lo; 0 for the padding */
    int32_t *kill_at;         /* list k: pairs kill[kill_at[k]..kill_at[k+1]) */
    struct m_pair *kill;      /* primary slots, the sink, secondary, (secondary, colour) */
    int32_t *act_at;          /* [option + 1] its secondary items in act[] */
    int32_t *act;             /* [2k]: kind, kill list */
    int32_t n_acts;
    int32_t *rec;             /* [option * stride]: its number of primary slots, the slots
                                 (padded with the sink to max_prim), then its size - 1 */
    int uniform;              /* every option has max_prim primary items (or none) */
    int32_t *first;           /* [option] its first node */
    uint64_t *frames;
    struct m_level *lv;
    int32_t *cand_w;
    uint64_t *cand_m;
    int32_t cand_cap;
    int32_t *prefix;          /* the prefix start_subtree() was given (separate block) */
    int32_t prefix_n, prefix_cap;
};

/* --- The tables -------------------------------------------------------------- */

static int32_t node_color(dlx_nodes nd, int32_t q)
{
    int32_t c = nd.im[q].color;
    return c < 0 ? nd.im[nd.im[q].itm].color : c;
}

void dlxi_drop_bits_m(dlx_problem *p)
{
    struct dlx_bits_m *b = p->run.bits_m;
    if (!b)
        return;
    dlxi_free(p, b->prefix, (size_t)b->prefix_cap * sizeof *b->prefix);
    dlxi_free(p, b, b->bytes);
    p->run.bits_m = NULL;
}

static int64_t frame_bytes_of(const dlx_problem *p)
{
    int64_t words = ((int64_t)p->n_options + 63) / 64;
    int64_t counts = ((int64_t)p->n_primary + 1 + 7) & ~7;
    return 8 * words + 4 * counts + ((int64_t)p->n_items - p->n_primary + 63) / 64 * 8;
}

int dlxi_bits_m_suits(const dlx_problem *p)
{
    return frame_bytes_of(p) <= DLX_BITS_MAX_FRAME;
}

/* Appends the pairs of options opts[0..n-1] (ascending) whose colour is not
 * `except` (all when except is 0); with out NULL only counts them. */
static int32_t emit_pairs(const int32_t *opts, const int32_t *colors, int32_t n, int32_t except,
                          struct m_pair *out)
{
    int32_t pairs = 0, last = -1;
    for (int32_t k = 0; k < n; k++) {
        if (except > 0 && colors[k] == except)
            continue;
        int32_t w = opts[k] / 64;
        if (w != last) {
            if (out)
                out[pairs] = (struct m_pair){0, w, 0};
            pairs++;
            last = w;
        }
        if (out)
            out[pairs - 1].m |= (uint64_t)1 << (opts[k] % 64);
    }
    return pairs;
}

int dlxi_build_bits_m(dlx_problem *p)
{
    if (p->run.bits_m)
        return DLX_OK;
    const dlx_nodes nd = p->nd;
    const int32_t N = p->n_items, O = p->n_options;
    const int32_t n_prim = p->n_primary, n_sec = N - n_prim;
    if (n_prim >= 65535)
        return DLX_ETOOBIG;
    /* Scratch: every item's options in id order with their colours. */
    int64_t n_nodes = 0;
    for (int32_t o = 0; o < O; o++)
        for (int32_t q = p->opt_first[o]; nd.im[q].itm > 0; q++)
            n_nodes++;
    size_t sbytes = (2 * ((size_t)N + 2) + 3 * (size_t)n_nodes) * sizeof(int32_t);
    int32_t *at = dlxi_alloc(p, sbytes);
    if (!at)
        return DLX_ENOMEM;
    int32_t *opts = at + N + 2, *colors = opts + n_nodes, *list_of = colors + n_nodes;
    int32_t *cursor = list_of + n_nodes;
    memset(cursor, 0, ((size_t)N + 2) * sizeof *cursor);
    memset(at, 0, ((size_t)N + 2) * sizeof *at);
    for (int32_t o = 0; o < O; o++)
        for (int32_t q = p->opt_first[o]; nd.im[q].itm > 0; q++)
            at[nd.im[q].itm + 1]++;
    for (int32_t x = 1; x <= N + 1; x++)
        at[x] += at[x - 1];
    for (int32_t o = 0; o < O; o++)
        for (int32_t q = p->opt_first[o]; nd.im[q].itm > 0; q++) {
            int32_t j = at[nd.im[q].itm]++;
            opts[j] = o;
            colors[j] = node_color(nd, q);
        }
    for (int32_t x = N + 1; x > 0; x--)
        at[x] = at[x - 1];
    at[0] = 0;

    /* Sizes. */
    int64_t pairs = 0, acts = 0, max_prim = 1, sum_hi = 0, with_slack = 0;
    int64_t widest_list = 1, color_lists = 0, longest = 0;
    int too_big = 0;
    for (int32_t x = 1; x <= N; x++) {
        int32_t n = at[x + 1] - at[x];
        int32_t pp = emit_pairs(opts + at[x], colors + at[x], n, 0, NULL);
        pairs += pp;
        if (n > longest)
            longest = n;
        if (!p->secondary[x]) {
            widest_list = pp > widest_list ? pp : widest_list;
            int32_t hi = p->hi ? p->hi[x] : 1, slack = p->mult ? p->mult[x].slack : 0;
            sum_hi += hi;
            with_slack += slack > 0;
            if (hi > COUNT_LIMIT)
                too_big = 1;
            continue;
        }
        for (int32_t k = 0; k < n; k++) {
            int32_t c = colors[at[x] + k], seen = 0;
            for (int32_t j = 0; j < k && !seen; j++)
                seen = colors[at[x] + j] == c;
            if (c > 0 && !seen) {
                color_lists++;
                pairs += emit_pairs(opts + at[x], colors + at[x], n, c, NULL);
            }
        }
    }
    for (int32_t o = 0; o < O; o++) {
        int64_t np = 0;
        for (int32_t q = p->opt_first[o]; nd.im[q].itm > 0; q++) {
            np += !p->secondary[nd.im[q].itm];
            acts += p->secondary[nd.im[q].itm];
        }
        max_prim = np > max_prim ? np : max_prim;
    }
    const int32_t words = (O + 63) / 64, sec_words = (n_sec + 63) / 64;
    /* The counts scanned, padded to whole groups of eight, then a group
     * holding the sink (the slot the records are padded with). */
    const int32_t n_scan = (n_prim + 7) & ~7, n_counts = n_scan + 8;
    int32_t frame_words = words + sec_words + n_counts / 2; /* two 16-bit arrays */
    frame_words = (frame_words + 3) & ~3;
    /* A level takes an option (at most once on a path, and at most sum_hi of
     * them) or makes the null move of an item with slack. */
    int64_t levels = (sum_hi < O ? sum_hi : O) + with_slack + 2;
    int64_t cand = levels * widest_list + 1;
    if (too_big || longest > COUNT_LIMIT || pairs > INT32_MAX / 4 ||
        acts > INT32_MAX / 4 || cand > INT32_MAX / 4 ||
        (size_t)levels * (size_t)frame_words * 8 > FRAMES_LIMIT) {
        dlxi_free(p, at, sbytes);
        return DLX_ETOOBIG;
    }
    const int32_t stride = (int32_t)max_prim + 2;
    size_t bytes = 0;
#define LAYOUT(field, type, count)                                                     \
    size_t off_##field = bytes;                                                        \
    bytes += (((size_t)(count) * sizeof(type)) + 63) & ~(size_t)63
    LAYOUT(head, struct dlx_bits_m, 1);
    LAYOUT(frames, uint64_t, (size_t)levels * (size_t)frame_words);
    LAYOUT(kill, struct m_pair, pairs);
    LAYOUT(cand_m, uint64_t, cand);
    LAYOUT(lv, struct m_level, levels);
    LAYOUT(prim_hdr, int32_t, n_prim + 1);
    LAYOUT(sec_hdr, int32_t, n_sec + 1);
    LAYOUT(slot, int32_t, N + 1);
    LAYOUT(slack, m_count, n_counts);
    LAYOUT(kill_at, int32_t, N + 1 + color_lists + 1);
    LAYOUT(act_at, int32_t, O + 1);
    LAYOUT(act, int32_t, 2 * acts);
    LAYOUT(rec, int32_t, (size_t)O * (size_t)stride);
    LAYOUT(first, int32_t, O + 1);
    LAYOUT(cand_w, int32_t, cand);
#undef LAYOUT
    (void)off_head;
    char *block = dlxi_alloc(p, bytes);
    if (!block) {
        dlxi_free(p, at, sbytes);
        return DLX_ENOMEM;
    }
    memset(block, 0, sizeof(struct dlx_bits_m));
    struct dlx_bits_m *b = (struct dlx_bits_m *)(void *)block;
#define PLACE(field) b->field = (void *)(block + off_##field)
    PLACE(frames);
    PLACE(kill);
    PLACE(cand_m);
    PLACE(lv);
    PLACE(prim_hdr);
    PLACE(sec_hdr);
    PLACE(slot);
    PLACE(slack);
    PLACE(kill_at);
    PLACE(act_at);
    PLACE(act);
    PLACE(rec);
    PLACE(first);
    PLACE(cand_w);
#undef PLACE
    b->bytes = bytes;
    b->words = words;
    b->sec_words = sec_words;
    b->frame_words = frame_words;
    b->n_prim = n_prim;
    b->n_sec = n_sec;
    b->n_counts = n_counts;
    b->n_scan = n_scan;
    b->levels = (int32_t)levels;
    b->max_prim = (int32_t)max_prim;
    b->stride = stride;
    b->n_options = O;
    b->cand_cap = (int32_t)cand;
    for (int32_t x = 1, i = 0, s = 0; x <= N; x++) {
        if (p->secondary[x]) {
            b->sec_hdr[s] = x;
            b->slot[x] = s++;
        } else {
            b->prim_hdr[i] = x;
            b->slot[x] = i;
            int32_t slack = p->mult ? p->mult[x].slack : 0;
            b->slack[i] = (m_count)slack;
            i++;
        }
    }
    /* Kill lists: primary slots in order, the sink's (empty), the secondary
     * items', then one per (secondary item, colour) met. */
    int32_t pair = 0, list = 0;
    for (int32_t i = 0; i < n_prim; i++) {
        int32_t x = b->prim_hdr[i];
        b->kill_at[list++] = pair;
        pair += emit_pairs(opts + at[x], colors + at[x], at[x + 1] - at[x], 0, b->kill + pair);
    }
    b->kill_at[list++] = pair;
    for (int32_t s = 0; s < n_sec; s++) {
        int32_t x = b->sec_hdr[s];
        b->kill_at[list++] = pair;
        pair += emit_pairs(opts + at[x], colors + at[x], at[x + 1] - at[x], 0, b->kill + pair);
    }
    /* The colour lists, numbered as met; list_of[] names each coloured
     * position's list. */
    for (int32_t s = 0; s < n_sec; s++) {
        int32_t x = b->sec_hdr[s], a = at[x], n = at[x + 1] - a;
        for (int32_t k = 0; k < n; k++)
            list_of[a + k] = -1;
        for (int32_t k = 0; k < n; k++) {
            int32_t c = colors[a + k];
            if (c <= 0 || list_of[a + k] >= 0)
                continue;
            for (int32_t j = k; j < n; j++)
                if (colors[a + j] == c)
                    list_of[a + j] = list;
            b->kill_at[list++] = pair;
            pair += emit_pairs(opts + a, colors + a, n, c, b->kill + pair);
        }
    }
    b->kill_at[list] = pair;
    /* Records and actions, option by option. */
    int32_t k = 0;
    b->uniform = 1;
    for (int32_t o = 0; o < O; o++) {
        int32_t *r = b->rec + (size_t)o * (size_t)stride + 1, np = 0, size = 0;
        b->act_at[o] = k;
        b->first[o] = p->opt_first[o];
        for (int32_t q = p->opt_first[o]; nd.im[q].itm > 0; q++, size++) {
            int32_t x = nd.im[q].itm;
            if (!p->secondary[x]) {
                r[np++] = b->slot[x];
                continue;
            }
            int32_t j = at[x] + cursor[x]++; /* options fill their items in id order */
            if (colors[j] <= 0) {
                b->act[2 * k] = ACT_COVER | b->slot[x] << 2;
                b->act[2 * k + 1] = n_prim + 1 + b->slot[x];
            } else {
                b->act[2 * k] = ACT_PURIFY | b->slot[x] << 2;
                b->act[2 * k + 1] = list_of[j];
            }
            k++;
        }
        r[-1] = np;
        if (np && np != max_prim)
            b->uniform = 0;
        while (np < max_prim)
            r[np++] = n_scan; /* the sink */
        r[np] = size - 1;
    }
    b->act_at[O] = k;
    b->n_acts = k;
    dlxi_free(p, at, sbytes);
    p->run.bits_m = b;
    return DLX_OK;
}

/* --- The frame ------------------------------------------------------------------- */

struct m_view {
    int32_t words, sec_words, frame_words, n_prim, n_counts, n_scan, max_prim, stride, n_acts;
    const int32_t *kill_at, *rec, *act_at, *act, *first;
    const struct m_pair *kill;
    const m_count *slack;
    int32_t *cand_w;
    uint64_t *cand_m, *frames;
};

DLX_INLINE struct m_view view_of(const struct dlx_bits_m *b, const int32_t k)
{
    return (struct m_view){
        .words = b->words, .sec_words = b->sec_words, .frame_words = b->frame_words,
        .n_prim = b->n_prim, .n_counts = b->n_counts, .n_scan = b->n_scan, .max_prim = k ? k : b->max_prim,
        .stride = k ? k + 2 : b->stride, .n_acts = b->n_acts, .kill_at = b->kill_at,
        .rec = b->rec, .act_at = b->act_at, .act = b->act, .first = b->first, .kill = b->kill,
        .slack = b->slack, .cand_w = b->cand_w, .cand_m = b->cand_m, .frames = b->frames};
}

DLX_INLINE m_count *counts_of(const struct m_view v, uint64_t *f)
{
    return (m_count *)(void *)(f + v.words + v.sec_words);
}

DLX_INLINE void copy_frame(uint64_t *to, const uint64_t *from, int32_t words)
{
    for (int32_t k = 0; k < words; k += 4)
        memcpy(to + k, from + k, 4 * sizeof *to);
}

/* How rule_out() meets an active item left with fewer options than it
 * needs. */
enum rule_mode {
    RULE_CHECK, /* a trial: a dead end, given up at once (-1) */
    RULE_KEEP,  /* anything else: the count stays, the choice finds it */
    RULE_NOTE   /* a level's cover: as KEEP, and the options are its candidates */
};

/* Rules out the live options of kill list `list`: clears their bits and
 * lowers the counts of their primary items, switching off an item left
 * with no option and nothing more needed. Returns the updates of hiding
 * them, or -1 (RULE_CHECK) at a dead end. */
DLX_INLINE int64_t rule_out(const struct m_view v, uint64_t *live, m_count *cnt, int32_t list,
                            const enum rule_mode mode, int32_t *cand_top, const int32_t k)
{
    m_count *const need = cnt + v.n_counts;
    const int32_t stride = v.stride;
    int64_t upd = 0;
    for (const struct m_pair *kp = v.kill + v.kill_at[list], *ke = v.kill + v.kill_at[list + 1];
         kp < ke; kp++) {
        int32_t w = kp->w;
        uint64_t out = live[w] & kp->m;
        if (!out)
            continue;
        live[w] ^= out;
        if (mode == RULE_NOTE) {
            v.cand_w[*cand_top] = w;
            v.cand_m[*cand_top] = out;
            ++*cand_top;
        }
        do {
            const int32_t *rr = v.rec + (size_t)(w * 64 + dlxi_lowest_bit(out)) * (size_t)stride;
            const int32_t *r = rr + 1, n = k ? v.max_prim : rr[0];
            out &= out - 1;
#define LOWER(e)                                                                            \
    if ((e) < n) {                                                                          \
        int32_t y_ = r[e], c_ = --cnt[y_];                                                  \
        if (c_ <= 0 || c_ < need[y_]) {                                                     \
            if (c_ >= need[y_])                                                             \
                cnt[y_] = INACTIVE;                                                         \
            else if (mode == RULE_CHECK)                                                    \
                return -1;                                                                  \
        }                                                                                   \
    }
            LOWER(0)
            LOWER(1)
            LOWER(2)
            LOWER(3)
            LOWER(4)
            LOWER(5)
            for (int32_t e = 6; e < n; e++)
                LOWER(e)
#undef LOWER
            upd += r[v.max_prim];
        } while (out);
    }
    return upd;
}

/* The packed key of primary slot i (see KEY_BIAS). */
DLX_INLINE uint64_t key_of(const struct m_view v, const m_count *cnt, int32_t i)
{
    const m_count *need = cnt + v.n_counts;
    int32_t c = cnt[i], nd = need[i];
    int32_t t = c - (nd > 0 ? nd : 0) + 1 + KEY_BIAS;
    int32_t s = v.slack[i] + (nd < 0 ? nd : 0);
    return (uint64_t)t << 48 | (uint64_t)s << 32 | (uint64_t)(INACTIVE - c) << 16 | (uint64_t)i;
}

/* The item to branch on: the least key. With SSE2 (every x86-64) the
 * least degree is found eight items at a time, then the ties on it are
 * ranked one by one; a dead end (degree <= 0) is answered with its degree
 * alone. Elsewhere every key is made and compared, without a branch. */
DLX_INLINE uint64_t choose_key(const struct m_view v, const m_count *cnt)
{
#if defined(__SSE2__)
    const m_count *need = cnt + v.n_counts;
    const __m128i zero = _mm_setzero_si128();
    __m128i m = _mm_set1_epi16(INT16_MAX);
    for (int32_t i = 0; i < v.n_scan; i += 8) {
        __m128i c = _mm_loadu_si128((const __m128i *)(const void *)(cnt + i));
        __m128i nd = _mm_loadu_si128((const __m128i *)(const void *)(need + i));
        m = _mm_min_epi16(m, _mm_sub_epi16(c, _mm_max_epi16(nd, zero)));
    }
    m = _mm_min_epi16(m, _mm_shuffle_epi32(m, 0x4e));
    m = _mm_min_epi16(m, _mm_shuffle_epi32(m, 0xb1));
    m = _mm_min_epi16(m, _mm_shufflelo_epi16(m, 0xb1));
    int32_t least = (int16_t)_mm_cvtsi128_si32(m); /* degree - 1 */
    if (least >= ACTIVE_BELOW)
        return KEY_NONE_FROM;
    if (least < 0)
        return (uint64_t)(least + 1 + KEY_BIAS) << 48;
    const __m128i tv = _mm_set1_epi16((int16_t)least);
    uint64_t best = UINT64_MAX;
    for (int32_t i = 0; i < v.n_scan; i += 8) {
        __m128i c = _mm_loadu_si128((const __m128i *)(const void *)(cnt + i));
        __m128i nd = _mm_loadu_si128((const __m128i *)(const void *)(need + i));
        __m128i t = _mm_sub_epi16(c, _mm_max_epi16(nd, zero));
        for (uint32_t hit = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi16(t, tv)); hit;
             hit &= hit - 1, hit &= hit - 1) {
            uint64_t key = key_of(v, cnt, i + dlxi_lowest_bit(hit) / 2);
            best = key < best ? key : best;
        }
    }
    return best;
#else
    uint64_t best = UINT64_MAX;
    for (int32_t i = 0; i < v.n_prim; i++) {
        uint64_t key = key_of(v, cnt, i);
        best = key < best ? key : best;
    }
    return best;
#endif
}

/* Option o leaves the level's frame f (DLX3's tweak of an item that stays
 * active): its bit, and one from each of its items' counts. */
DLX_INLINE int64_t tweak_out(const struct m_view v, uint64_t *f, int32_t o, const int32_t k)
{
    m_count *cnt = counts_of(v, f), *need = cnt + v.n_counts;
    const int32_t *rr = v.rec + (size_t)o * (size_t)v.stride, *r = rr + 1;
    const int32_t n = k ? v.max_prim : rr[0];
    f[o / 64] &= ~((uint64_t)1 << (o % 64));
    for (int32_t e = 0; e < n; e++) {
        int32_t y = r[e], c = --cnt[y];
        if (c == 0 && need[y] <= 0)
            cnt[y] = INACTIVE;
    }
    return (int64_t)r[v.max_prim] + 1;
}

/* Makes `to` the state after option o is chosen at the level of slot c
 * (o already out of `from`'s live bits: tweaked or covered): copies `from`
 * (unless to is from), then spends a unit of each of o's other primary
 * items, covering those whose bound that was, and covers or purifies its
 * secondary items. Every unit is spent before anything is ruled out, so a
 * count is compared with the need it will have. Returns the updates, -1
 * at a dead end (with `mode` RULE_CHECK; RULE_KEEP does it all). */
DLX_INLINE int64_t take_option(const struct m_view v, const uint64_t *from, uint64_t *to,
                               int32_t o, int32_t c, const int colors, const enum rule_mode mode,
                               const int32_t k)
{
    if (to != from)
        copy_frame(to, from, v.frame_words);
    uint64_t *live = to, *settled = to + v.words;
    m_count *cnt = counts_of(v, to), *need = cnt + v.n_counts;
    const int32_t *rr = v.rec + (size_t)o * (size_t)v.stride, *r = rr + 1;
    const int32_t n = k ? v.max_prim : rr[0];
    int64_t upd = 0;
    const int32_t sink = v.n_scan;
    int any_cover = 0;
    for (int32_t e = 0; e < n; e++) {
        int32_t x = r[e];
        if (x == c || x == sink)
            continue;
        int32_t nd = --need[x];
        if (nd + v.slack[x] == 0) {
            /* Its last unit: covered (an item switched off, with no
             * option, is ruled out of nothing below). */
            upd += cnt[x] < ACTIVE_BELOW;
            cnt[x] = INACTIVE;
            any_cover = 1;
        } else if (cnt[x] >= ACTIVE_BELOW) {
            continue;
        } else if (cnt[x] < nd) {
            if (mode == RULE_CHECK)
                return -1;
        } else if (cnt[x] == 0) {
            cnt[x] = INACTIVE;
        }
    }
    for (int32_t e = 0; any_cover && e < n; e++) {
        int32_t x = r[e];
        if (x == c || x == sink || need[x] + v.slack[x] != 0)
            continue;
        int64_t u = rule_out(v, live, cnt, x, mode, NULL, k);
        if (u < 0)
            return -1;
        upd += u;
    }
    if (v.n_acts)
        for (int32_t j = v.act_at[o]; j < v.act_at[o + 1]; j++) {
            int32_t code = v.act[2 * j], list = v.act[2 * j + 1], sl = code >> 2;
            uint64_t bit = (uint64_t)1 << (sl % 64);
            if (colors && (code & 3) == ACT_PURIFY) {
                if (settled[sl / 64] & bit)
                    continue; /* purified already: its live options agree */
            } else {
                upd++;
            }
            settled[sl / 64] |= bit;
            int64_t u = rule_out(v, live, cnt, list, mode, NULL, k);
            if (u < 0)
                return -1;
            upd += u;
        }
    return upd;
}

/* 1 when an active item of frame f has fewer options than it needs. */
static int is_dead(const struct m_view v, uint64_t *f)
{
    m_count *cnt = counts_of(v, f), *need = cnt + v.n_counts;
    for (int32_t i = 0; i < v.n_prim; i++)
        if (cnt[i] < ACTIVE_BELOW && cnt[i] < need[i])
            return 1;
    return 0;
}

/* Switches off every active item with no option and nothing more needed:
 * the invariant of the frames (top of the file), for frames made otherwise
 * than by the search's steps. */
static void switch_off_spent(const struct m_view v, uint64_t *f)
{
    m_count *cnt = counts_of(v, f), *need = cnt + v.n_counts;
    for (int32_t i = 0; i < v.n_prim; i++)
        if (cnt[i] == 0 && need[i] <= 0)
            cnt[i] = INACTIVE;
}

/* The root frame, read off the links as the commitments left them (with
 * bounds they are always applied): an option is live when its primary
 * items are active and all its nodes are in their lists; an active item's
 * count is its live options, its need its bound less its slack. */
static void root_frame(dlx_problem *p, const struct m_view v, uint64_t *f)
{
    const struct dlx_bits_m *b = p->run.bits_m;
    const dlx_nodes nd = p->nd;
    memset(f, 0, (size_t)v.frame_words * sizeof *f);
    uint64_t *live = f, *settled = f + v.words;
    m_count *cnt = counts_of(v, f), *need = cnt + v.n_counts;
    for (int32_t i = 0; i < v.n_counts; i++) {
        cnt[i] = INACTIVE;
        need[i] = INT16_MIN; /* the sink's: it resets itself at 0 (rule_out()) */
    }
    for (int32_t i = 0; i < v.n_prim; i++) {
        int32_t x = b->prim_hdr[i];
        need[i] = (m_count)(p->mult[x].bound - p->mult[x].slack);
        if (dlxi_is_active(nd, x))
            cnt[i] = 0;
    }
    for (int32_t o = 0; o < p->n_options; o++) {
        int ok = 1;
        for (int32_t q = p->opt_first[o]; nd.im[q].itm > 0 && ok; q++) {
            int32_t x = nd.im[q].itm;
            ok = dlxi_in_list(nd, q) && (p->secondary[x] || dlxi_is_active(nd, x));
        }
        if (!ok)
            continue;
        live[o / 64] |= (uint64_t)1 << (o % 64);
        const int32_t *r = v.rec + (size_t)o * (size_t)v.stride;
        for (int32_t e = 0; e < r[0]; e++)
            cnt[r[1 + e]]++;
    }
    for (int32_t s = 0; s < b->n_sec; s++)
        if (p->commit_state[b->sec_hdr[s]] != 0)
            settled[s / 64] |= (uint64_t)1 << (s % 64);
    switch_off_spent(v, f);
}

/* --- The loop ------------------------------------------------------------------- */

/* Chooses the item of lv (frame lv->frame) and begins its level: returns
 * its slot, -1 at a solution, -2 at a dead end. */
DLX_INLINE int32_t enter_level(const struct m_view v, struct m_level *lv, int32_t cand_top,
                               int64_t *updates, const int32_t k)
{
    uint64_t *f = lv->frame;
    m_count *cnt = counts_of(v, f), *need = cnt + v.n_counts;
    uint64_t key = choose_key(v, cnt);
    if (key >= KEY_NONE_FROM)
        return -1;
    int32_t t = (int32_t)(key >> 48) - KEY_BIAS;
    if (t <= 0)
        return -2;
    int32_t i = (int32_t)(key & 0xffff), len = cnt[i], nd = need[i] - 1;
    need[i] = (m_count)nd;
    lv->item = i;
    lv->width = t;
    lv->tried = 0;
    lv->left = len - (nd > 0 ? nd : 0);
    lv->null_left = nd < 0;
    lv->covered = nd + v.slack[i] == 0;
    lv->cand_begin = lv->cand = cand_top;
    if (lv->covered) {
        cnt[i] = INACTIVE;
        *updates += 1 + rule_out(v, f, cnt, i, RULE_NOTE, &cand_top, k);
    } else {
        for (const struct m_pair *kp = v.kill + v.kill_at[i], *ke = v.kill + v.kill_at[i + 1];
             kp < ke; kp++) {
            uint64_t m = f[kp->w] & kp->m;
            if (m) {
                v.cand_w[cand_top] = kp->w;
                v.cand_m[cand_top++] = m;
            }
        }
    }
    lv->cand_end = cand_top;
    lv->rest = lv->cand < lv->cand_end ? v.cand_m[lv->cand] : 0;
    return i;
}

/* The next candidate of lv (one is left). */
DLX_INLINE int32_t next_candidate(const struct m_view v, struct m_level *lv)
{
    while (lv->rest == 0)
        lv->rest = v.cand_m[++lv->cand];
    int32_t o = v.cand_w[lv->cand] * 64 + dlxi_lowest_bit(lv->rest);
    lv->rest &= lv->rest - 1;
    return o;
}

DLX_INLINE int run_m(dlx_problem *p, uint64_t budget, const int colors, const int32_t k)
{
    struct dlx_bits_m *const b = p->run.bits_m;
    const struct m_view v = view_of(b, k);
    struct m_level *const lvs = b->lv;
    int32_t *const choice = p->run.choice;
    const int has_budget = budget != 0;
    const int32_t floor_level = p->floor;
    int64_t updates = 0;
    uint64_t nodes = 0;
    int32_t level = p->level, max_level = p->stats.max_level;
    struct m_level *lv;
    int rc;

    if (p->state == S_IDLE) {
        b->fixed = b->prefix_n = 0;
        lvs[0].frame = v.frames;
        root_frame(p, v, v.frames);
    } else if (p->state == S_SOLUTION) {
        p->state = S_PAUSED;
        goto recover;
    }
    p->state = S_PAUSED;

forward:
    if (has_budget && budget-- == 0) {
        rc = DLX_PAUSED;
        goto out;
    }
    nodes++;
    if (level > max_level)
        max_level = level;
    lv = &lvs[level];
    {
        int32_t i = enter_level(v, lv, level > 0 ? lvs[level - 1].cand_end : 0, &updates, k);
        if (i == -1) {
            if (dlxi_visit_solution(p, level)) {
                p->state = S_SOLUTION;
                rc = DLX_STOPPED;
                goto out;
            }
            goto recover;
        }
        if (i == -2) {
            /* A dead end the trial did not see: the branch that led here
             * counts nothing, as one given up at once. */
            if (level > 0)
                updates -= lvs[level - 1].upd; /* at a subtree's floor: 0 (replay_level()) */
            goto recover;
        }
    }

advance:
    if (lv->left > 0) {
        int32_t o = next_candidate(v, lv);
        lv->left--;
        lv->tried++;
        uint64_t *f = lv->frame;
        int64_t u = lv->covered ? 0 : tweak_out(v, f, o, k);
        uint64_t *to = lv->left == 0 && !lv->null_left
                           ? f
                           : v.frames + (size_t)(level + 1) * (size_t)v.frame_words;
        choice[level] = v.first[o];
        lv->in_force = o;
        int64_t t = take_option(v, f, to, o, lv->item, colors, RULE_CHECK, k);
        if (t >= 0) {
            lv->upd = u + t;
            updates += lv->upd;
            lvs[++level].frame = to;
            goto forward;
        }
        lv->upd = 0;
        if (has_budget && budget > 0)
            budget--;
        nodes++;
        if (level + 1 > max_level)
            max_level = level + 1;
        goto advance;
    }
    if (lv->null_left) {
        uint64_t *f = lv->frame;
        lv->null_left = 0;
        lv->tried++;
        if (!lv->covered)
            counts_of(v, f)[lv->item] = INACTIVE;
        choice[level] = p->run.bits_m->prim_hdr[lv->item]; /* a header: the null move */
        lv->in_force = -1;
        lv->upd = 0;
        lvs[++level].frame = f;
        goto forward;
    }

recover:
    if (level == floor_level) {
        p->state = S_DONE;
        rc = DLX_OK;
        goto out;
    }
    level--;
    lv = &lvs[level];
    goto advance;

out:
    p->level = level;
    p->stats.nodes += nodes;
    p->stats.updates += (uint64_t)updates;
    p->stats.max_level = max_level;
    return rc;
}

#define RUN_COPY(name, colors, k)                                                            \
    DLX_NOINLINE int name(dlx_problem *p, uint64_t budget)                                   \
    {                                                                                        \
        return run_m(p, budget, colors, k);                                                  \
    }
RUN_COPY(run_m_any, 1, 0)
RUN_COPY(run_m_2, 1, 2)
RUN_COPY(run_m_3, 1, 3)
RUN_COPY(run_m_4, 1, 4)
RUN_COPY(run_m_5, 1, 5)
RUN_COPY(run_m_6, 1, 6)
RUN_COPY(run_m_8, 1, 8)
#undef RUN_COPY

int dlxi_run_bits_m(dlx_problem *p, uint64_t budget)
{
    /* The copies for k primary items an option unroll their loops over a
     * record's items; records of fewer items would walk the sink's. */
    switch (p->run.bits_m->uniform ? p->run.bits_m->max_prim : 0) {
    case 2: return run_m_2(p, budget);
    case 3: return run_m_3(p, budget);
    case 4: return run_m_4(p, budget);
    case 5: return run_m_5(p, budget);
    case 6: return run_m_6(p, budget);
    case 8: return run_m_8(p, budget);
    default: return run_m_any(p, budget);
    }
}

/* --- The live state ----------------------------------------------------------------- */

static const uint64_t *current_frame(const dlx_problem *p)
{
    return p->run.bits_m->lv[p->level].frame;
}

static int32_t item_list(const dlx_problem *p, int32_t x)
{
    const struct dlx_bits_m *b = p->run.bits_m;
    return p->secondary[x] ? b->n_prim + 1 + b->slot[x] : b->slot[x];
}

int32_t dlxi_bits_m_remaining(const dlx_problem *p, int32_t x)
{
    const struct dlx_bits_m *b = p->run.bits_m;
    const uint64_t *live = current_frame(p);
    int32_t n = 0, list = item_list(p, x);
    for (int32_t j = b->kill_at[list]; j < b->kill_at[list + 1]; j++)
        n += __builtin_popcountll(live[b->kill[j].w] & b->kill[j].m);
    return n;
}

int dlxi_bits_m_active(const dlx_problem *p, int32_t x)
{
    const struct dlx_bits_m *b = p->run.bits_m;
    if (p->secondary[x])
        return 0;
    const m_count *cnt = (const m_count *)(const void *)(current_frame(p) + b->words + b->sec_words);
    return cnt[b->slot[x]] < ACTIVE_BELOW;
}

int32_t dlxi_bits_m_options(const dlx_problem *p, int32_t x, int32_t *opts, int32_t cap)
{
    const struct dlx_bits_m *b = p->run.bits_m;
    const uint64_t *live = current_frame(p);
    int32_t n = 0, list = item_list(p, x);
    for (int32_t j = b->kill_at[list]; j < b->kill_at[list + 1]; j++)
        for (uint64_t m = live[b->kill[j].w] & b->kill[j].m; m; m &= m - 1, n++)
            if (n < cap)
                opts[n] = b->kill[j].w * 64 + dlxi_lowest_bit(m);
    return n;
}

int32_t dlxi_bits_m_active_items(const dlx_problem *p, int32_t *items, int32_t cap)
{
    const struct dlx_bits_m *b = p->run.bits_m;
    const m_count *cnt = (const m_count *)(const void *)(current_frame(p) + b->words + b->sec_words);
    int32_t n = 0;
    for (int32_t i = 0; i < b->n_prim; i++)
        if (cnt[i] < ACTIVE_BELOW) {
            if (n < cap)
                items[n] = b->prim_hdr[i] - 1;
            n++;
        }
    return n;
}

/* Every active count is the number of its item's live options, and no
 * inactive item has one left, but for a dead end's own items. */
int dlxi_bits_m_check(const dlx_problem *p, const char **what)
{
    const struct dlx_bits_m *b = p->run.bits_m;
    const m_count *cnt = (const m_count *)(const void *)(current_frame(p) + b->words + b->sec_words);
    for (int32_t i = 0; i < b->n_prim; i++) {
        int32_t n = dlxi_bits_m_remaining(p, b->prim_hdr[i]);
        if (cnt[i] < ACTIVE_BELOW ? cnt[i] != n : n != 0) {
            *what = cnt[i] < ACTIVE_BELOW ? "bits-m: an active count is not its item's live options"
                                          : "bits-m: an inactive item has live options";
            return DLX_EINVAL;
        }
    }
    return DLX_OK;
}

/* --- The split interface ------------------------------------------------------------- */

int32_t dlxi_bits_m_untried(const dlx_problem *p, int32_t l, int32_t *opts, int32_t cap)
{
    const struct dlx_bits_m *b = p->run.bits_m;
    const struct m_level *lv = &b->lv[l];
    int32_t n = 0;
    for (int32_t j = lv->cand; j < lv->cand_end && n < lv->left; j++)
        for (uint64_t m = j == lv->cand ? lv->rest : b->cand_m[j]; m && n < lv->left;
             m &= m - 1, n++)
            if (n < cap)
                opts[n] = b->cand_w[j] * 64 + dlxi_lowest_bit(m);
    return lv->left + lv->null_left;
}

int32_t dlxi_bits_m_level_width(const dlx_problem *p, int32_t l, int32_t *position)
{
    const struct m_level *lv = &p->run.bits_m->lv[l];
    if (position)
        *position = lv->tried - 1;
    return lv->width;
}

uint64_t dlxi_bits_m_last_updates(dlx_problem *p)
{
    return p->level > 0 ? (uint64_t)p->run.bits_m->lv[p->level - 1].upd : 0;
}

/* The candidates of level l before the `before`-th one, each as an
 * exclusion, into out[]; returns how many. */
static int32_t exclusions_before(const struct dlx_bits_m *b, const struct m_level *lv,
                                 int32_t before, int32_t *out)
{
    int32_t n = 0;
    for (int32_t j = lv->cand_begin; j < lv->cand_end && n < before; j++)
        for (uint64_t m = b->cand_m[j]; m && n < before; m &= m - 1)
            out[n++] = DLX_EXCLUDE(b->cand_w[j] * 64 + dlxi_lowest_bit(m));
    return n;
}

/* The entries that put level l's branch in force, the `branch`-th (from 0)
 * of its candidates or, with branch == -1, its null move. */
static int32_t level_entries(const struct dlx_bits_m *b, const struct m_level *lv,
                             int32_t branch, int32_t *out)
{
    int32_t n = 0;
    if (branch < 0) {
        if (!lv->covered)
            n = exclusions_before(b, lv, INT32_MAX, out);
        out[n++] = DLX_BITS_M_NULL(b->n_options, b->prim_hdr[lv->item] - 1);
        return n;
    }
    if (!lv->covered)
        n = exclusions_before(b, lv, branch, out);
    int32_t k = 0;
    for (int32_t j = lv->cand_begin; j < lv->cand_end; j++)
        for (uint64_t m = b->cand_m[j]; m; m &= m - 1, k++)
            if (k == branch) {
                out[n++] = b->cand_w[j] * 64 + dlxi_lowest_bit(m);
                return n;
            }
    return n; /* not reached: branch is one of the candidates */
}

/* The entries of the path in force at levels 0..l-1 into out[]. */
static int32_t path_entries(const dlx_problem *p, int32_t l, int32_t *out)
{
    const struct dlx_bits_m *b = p->run.bits_m;
    int32_t n = 0;
    if (b->prefix_n)
        memcpy(out, b->prefix, (size_t)b->prefix_n * sizeof *out);
    n = b->prefix_n;
    for (int32_t k = b->fixed; k < l; k++) {
        const struct m_level *lv = &b->lv[k];
        n += level_entries(b, lv, lv->in_force < 0 ? -1 : lv->tried - 1, out + n);
    }
    return n;
}

/* Puts one level of a prefix in force on frame f (the level's), with the
 * entries e[0..n-1]: exclusions, then an option or a null move. On success
 * lv is the level as the search would have it with that branch in force
 * and nothing left to try, and the next level's frame is f itself. */
static int replay_level(dlx_problem *p, const struct m_view v, struct m_level *lv,
                        const int32_t *e, int32_t n, int32_t cand_top, int64_t *upd)
{
    struct dlx_bits_m *b = p->run.bits_m;
    uint64_t *f = lv->frame;
    m_count *cnt = counts_of(v, f), *need = cnt + v.n_counts;
    const int32_t O = p->n_options, last = e[n - 1];
    int32_t c;
    if (last >= 0) {
        /* The level's item: the one the rule would choose among last's. */
        if (!(f[last / 64] >> (last % 64) & 1))
            return DLX_ECONFLICT;
        const int32_t *r = v.rec + (size_t)last * (size_t)v.stride;
        uint64_t best = UINT64_MAX;
        for (int32_t k = 0; k < r[0]; k++) {
            int32_t i = r[1 + k];
            if (i >= v.n_prim || cnt[i] >= ACTIVE_BELOW)
                continue;
            int32_t nd = need[i], t = cnt[i] - (nd > 0 ? nd : 0) + 1 + KEY_BIAS;
            int32_t s = v.slack[i] + (nd < 0 ? nd : 0);
            uint64_t key = (uint64_t)t << 48 | (uint64_t)s << 32 |
                           (uint64_t)(INACTIVE - cnt[i]) << 16 | (uint64_t)i;
            best = key < best ? key : best;
        }
        if (best == UINT64_MAX)
            return DLX_ECONFLICT;
        c = (int32_t)(best & 0xffff);
    } else {
        int32_t item = -1 - O - last;
        if (item < 0 || item >= p->n_items || p->secondary[item + 1])
            return DLX_EINVAL;
        c = b->slot[item + 1];
        if (cnt[c] >= ACTIVE_BELOW)
            return DLX_ECONFLICT;
    }
    int32_t len = cnt[c], nd = need[c] - 1;
    int32_t t = len - (nd + 1 > 0 ? nd + 1 : 0) + 1;
    need[c] = (m_count)nd;
    *lv = (struct m_level){.frame = f, .item = c, .covered = nd + v.slack[c] == 0,
                           .cand_begin = cand_top, .cand = cand_top, .cand_end = cand_top,
                           .width = t > 0 ? t : 1};
    /* Its candidates as the search would have them, for later splits. */
    int32_t top = cand_top;
    if (lv->covered) {
        cnt[c] = INACTIVE;
        rule_out(v, f, cnt, c, RULE_NOTE, &top, 0);
    } else {
        for (int32_t j = v.kill_at[c]; j < v.kill_at[c + 1]; j++) {
            uint64_t m = f[v.kill[j].w] & v.kill[j].m;
            if (m) {
                v.cand_w[top] = v.kill[j].w;
                v.cand_m[top++] = m;
            }
        }
    }
    lv->cand_end = top;
    int32_t position = 0;
    for (int32_t k = 0; k < n - 1; k++) {
        int32_t o = -1 - e[k];
        if (o < 0 || o >= O)
            return DLX_EINVAL;
        position++;
        if (!lv->covered && (f[o / 64] >> (o % 64) & 1))
            tweak_out(v, f, o, 0);
    }
    int64_t u = 0;
    if (last >= 0) {
        int found = 0;
        for (int32_t j = lv->cand_begin; j < lv->cand_end && !found; j++)
            if (v.cand_w[j] == last / 64 && (v.cand_m[j] >> (last % 64) & 1))
                found = 1;
        if (!found)
            return DLX_ECONFLICT;
        if (!lv->covered) {
            if (!(f[last / 64] >> (last % 64) & 1))
                return DLX_ECONFLICT;
            u = tweak_out(v, f, last, 0);
        }
        u += take_option(v, f, f, last, c, p->has_colors, RULE_KEEP, 0);
        p->run.choice[lv - b->lv] = v.first[last];
        lv->in_force = last;
    } else {
        cnt[c] = INACTIVE;
        p->run.choice[lv - b->lv] = b->prim_hdr[c];
        lv->in_force = -1;
    }
    switch_off_spent(v, f);
    lv->tried = position + 1 <= lv->width ? position + 1 : lv->width;
    *upd = is_dead(v, f) ? 0 : u;
    lv->upd = *upd;
    return DLX_OK;
}

int dlxi_bits_m_start_subtree(dlx_problem *p, const int32_t *prefix, int32_t n)
{
    struct dlx_bits_m *b = p->run.bits_m;
    const struct m_view v = view_of(b, 0);
    for (int32_t k = 0; k < n; k++)
        if (prefix[k] >= p->n_options || prefix[k] < -p->n_options - p->n_items)
            return DLX_EINVAL;
    if (n > 0 && prefix[n - 1] < 0 && prefix[n - 1] >= -p->n_options)
        return DLX_EINVAL; /* a prefix ends with a branch */
    if (b->prefix_cap < n) {
        int32_t *block = dlxi_alloc(p, (size_t)n * sizeof *block);
        if (!block)
            return DLX_ENOMEM;
        dlxi_free(p, b->prefix, (size_t)b->prefix_cap * sizeof *b->prefix);
        b->prefix = block;
        b->prefix_cap = n;
    }
    b->prefix_n = 0;
    b->fixed = 0;
    uint64_t *f = v.frames;
    root_frame(p, v, f);
    int32_t level = 0, cand_top = 0;
    int64_t upd = 0;
    for (int32_t start = 0, k = 0; k < n; k++) {
        if (prefix[k] < 0 && prefix[k] >= -p->n_options)
            continue; /* an exclusion: with the branch it comes before */
        if (level + 1 >= b->levels)
            return DLX_ECONFLICT;
        b->lv[level].frame = f;
        int rc = replay_level(p, v, &b->lv[level], prefix + start, k + 1 - start, cand_top, &upd);
        if (rc)
            return rc;
        cand_top = b->lv[level].cand_end;
        level++;
        start = k + 1;
    }
    b->lv[level].frame = f;
    if (n)
        memcpy(b->prefix, prefix, (size_t)n * sizeof *prefix);
    b->prefix_n = n;
    b->fixed = level;
    if (level > 0)
        p->stats.updates += (uint64_t)upd;
    p->state = S_PAUSED;
    p->level = p->floor = level;
    p->found = 0;
    p->stop_requested = 0;
    return DLX_OK;
}

static int offer(dlx_problem *p, const int32_t *prefix, int32_t n, dlx_prefix_fn fn, void *ctx)
{
    p->in_callback++;
    int refused = fn(ctx, prefix, n, 0);
    p->in_callback--;
    return refused != 0;
}

int32_t dlxi_bits_m_split(dlx_problem *p, enum dlx_split_mode mode, dlx_prefix_fn fn, void *ctx)
{
    struct dlx_bits_m *b = p->run.bits_m;
    const int32_t level = p->level;
    int32_t first = -1, last = -1, total = 0;
    for (int32_t l = dlxi_barren(p); l < level; l++) {
        int32_t n = dlxi_bits_m_untried(p, l, NULL, 0);
        if (n == 0)
            continue;
        if (first < 0)
            first = l;
        last = l;
        total += n;
        if (mode == DLX_SPLIT_SHALLOWEST)
            break;
    }
    if (mode == DLX_SPLIT_ALL)
        total++;
    if (!fn || total == 0)
        return total;
    /* A prefix holds each option once at most, and a null move per level. */
    size_t size = ((size_t)b->prefix_n + (size_t)p->n_options + (size_t)level + 2) * sizeof(int32_t);
    int32_t *prefix = dlxi_alloc(p, size);
    if (!prefix)
        return DLX_ENOMEM;
    int refused = 0;
    for (int32_t l = first; l >= 0 && l <= last && !refused; l++) {
        const struct m_level *lv = &b->lv[l];
        int32_t base = path_entries(p, l, prefix);
        int32_t n = dlxi_bits_m_untried(p, l, NULL, 0);
        for (int32_t k = 0; k < n && !refused; k++) {
            int32_t branch = k < lv->left ? lv->tried + k : -1;
            int32_t m = base + level_entries(b, lv, branch, prefix + base);
            refused = offer(p, prefix, m, fn, ctx);
        }
    }
    if (mode == DLX_SPLIT_ALL && !refused)
        refused = offer(p, prefix, path_entries(p, level, prefix), fn, ctx);
    dlxi_free(p, prefix, size);
    if (refused)
        return 0;
    if (mode == DLX_SPLIT_SHALLOWEST) {
        dlxi_raise_floor(p, first + 1);
    } else {
        p->stats.updates -= dlxi_bits_m_last_updates(p);
        dlx_reset(p);
    }
    return total;
}

/* --- The engine --------------------------------------------------------------------- */

static int bits_m_accepts(const dlx_problem *p)
{
    return p->has_bounds;
}

/* Bit sets where the frame is small, and not under DLX_CHOOSE_MRV_FULL,
 * which keeps DLX3's own tree (on the links). */
static int bits_m_suits(const dlx_problem *p)
{
    return p->choose != DLX_CHOOSE_MRV_FULL && dlxi_bits_m_suits(p);
}

/* The options of levels 0..levels-1: a null move (a header) chooses none. */
static int32_t bits_m_path(const dlx_problem *p, int32_t levels, int32_t *out)
{
    int32_t n = 0;
    for (int32_t l = 0; l < levels; l++)
        if (p->run.choice[l] > p->n_items)
            out[n++] = -p->nd.im[p->run.choice[l] - 1].itm;
    return n;
}

const dlx_engine dlxi_engine_bits_m = {
    .version = DLX_ENGINE_VERSION,
    .name = "bits-m",
    .strategy = DLX_STRATEGY_BITS,
    .accepts = bits_m_accepts,
    .suits = bits_m_suits,
    .prepare = dlxi_build_bits_m,
    .run = dlxi_run_bits_m,
    .estimate = dlxi_estimate_levels,
    .path = bits_m_path,
    .start_subtree = dlxi_bits_m_start_subtree,
    .untried = dlxi_bits_m_untried,
    .level_width = dlxi_bits_m_level_width,
    .last_updates = dlxi_bits_m_last_updates,
    .split = dlxi_bits_m_split,
    .check = dlxi_bits_m_check,
    .remaining = dlxi_bits_m_remaining,
    .active = dlxi_bits_m_active,
    .options = dlxi_bits_m_options,
    .active_items = dlxi_bits_m_active_items,
};
