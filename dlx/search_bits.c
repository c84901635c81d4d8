/* SPDX-License-Identifier: MIT */
/* search_bits.c - the bit-set search: Algorithm X (and C, with colours) on
 * bit sets instead of dancing links, for problems whose whole search state
 * fits in a few cache lines. It visits exactly the tree of Knuth's DLX1
 * (DLX2 with colours) under his branching rule, and finds the same
 * solutions in the same order; only the work per node differs.
 *
 * The state at a node of the search tree is a frame:
 *   live[]    one bit per option: not yet ruled out;
 *   settled[] one bit per secondary item: covered or purified already;
 *   cnt[]     for each primary item, how many live options contain it (its
 *             LEN), or INACTIVE once it is covered.
 * Trying an option copies the parent's frame into the next level's (but
 * the level's last candidate is tried in the level's own frame, which
 * nothing reads once the level is done: a forced move copies nothing; on
 * sudoku's 17-clue puzzles 97% of the nodes are such) and
 * rules out, item by item, every live option that clashes with it: a word
 * of live[] at a time, through per-item lists of (word, mask) pairs, each
 * ruled-out option lowering the counts of its primary items (or, in a
 * problem without colours whose lists are long for its words, through the
 * option's clash set, the union of those lists, word by word). Going back up
 * is forgetting a frame, so there is no uncover pass, and a trial can stop
 * the moment a primary item is left with no option (the child would be a
 * dead end: it is counted as the one node DLX1 visits there, and never
 * built). Knuth's SSXC1 and SSXCC get the same two gains with sparse sets
 * and a stack of saved sizes; bit sets make each ruled-out option a bit
 * clear and a few decrements, and a level's undo a copy of its frame.
 *
 * At each level the item chosen is the active primary item with the fewest
 * live options, leftmost on ties: DLX1's rule. The options of that item are
 * ruled out once for the level, as DLX1's cover does, and kept as the
 * level's candidates, tried in the order of their ids, which is the order of
 * the item's list in the links. No active item ever has a count of 0 below
 * the root (a trial that would leave one is the dead end above), so the scan
 * may stop at the first item with one option: that is the leftmost minimum.
 * Under DLX_CHOOSE_MRV_RECENT each trial also notes, as it lowers counts,
 * the item with fewest options among those it lowered (leftmost on ties):
 * that item wins the ties of the next level, and when it has one option it
 * is the choice without a scan.
 *
 * The static tables are built at the first search that uses them and kept
 * until the problem changes shape; the search never touches the links, so a
 * problem's commitments stay as they are, and each search starts from a
 * root frame made from them.
 */
#include "dlx_internal.h"
#include "split.h"
#include "search_bits_m.h"

#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* Unrolls the loop that follows when its count is a constant (a copy of
 * the search for options of k primary items, below). */
#if defined(__clang__)
#define UNROLL_8 _Pragma("unroll 8")
#elif defined(__GNUC__) && __GNUC__ >= 8
#define UNROLL_8 _Pragma("GCC unroll 8")
#else
#define UNROLL_8
#endif

/* A count: 16 bits, so that eight are compared at a time and a frame is
 * small. cnt[] of a covered item is INACTIVE, and stays at or above
 * ACTIVE_BELOW whatever is taken off it afterwards: at most its own number
 * of options, which bits_suits() keeps below COUNT_LIMIT (as it keeps
 * the sink's total, see rec below). */
typedef int16_t bits_count;
#define INACTIVE 32767
#define ACTIVE_BELOW 16384
#define COUNT_LIMIT 16383

/* The most words of live[] for which the tables may keep each option's
 * clash set (see try_option()): 2 MB for 4,096 options. */
#define CLASH_WORDS 64

/* What choosing an option does to each of its items (act[] codes). */
enum { ACT_COVER = 1, ACT_PURIFY = 2 };
#define ACT_CODE(slot, kind) ((slot) * 4 + (kind))
#define ACT_KIND(code) ((code) & 3)
#define ACT_SLOT(code) ((code) >> 2)

/* A word of live[] and the options of a kill list in it. */
struct kill_pair {
    uint64_t m;
    int32_t w, unused;
};

/* One level of the search. */
struct bits_level {
    uint64_t *frame;        /* the level's state: frames[level], or its parent's
                               when the parent's last candidate was tried in place */
    int32_t item;           /* primary slot of the item chosen here */
    int32_t cand, cand_end; /* its options: pairs cand_w/cand_m[cand..cand_end) */
    int32_t zero, zero_end; /* items its cover left with no option: zeros[...] */
    uint64_t rest;          /* options of pair `cand` not yet tried */
    int32_t tried, width;   /* options tried so far (the one in force included) of
                               `width`: Knuth's k_l + 1 and t_l, for estimates */
    int64_t upd;            /* the updates the option in force counted when tried */
    int32_t lent;           /* 1 when the cover left the counts of its one option's
                               items as they were (a forced move, enter_level()):
                               the trial, which reads them, takes the 1 off */
    /* Under DLX_CHOOSE_MRV_RECENT: of the active items whose counts the
     * trial of the option in force lowered (and left above 0), the fewest
     * options and the leftmost slot with that many; RECENT_NONE if none. */
    int32_t recent_len, recent_slot;
};

/* The recent item of a level whose trial lowered no active count: its
 * length is above any an active item can have. */
#define RECENT_NONE ACTIVE_BELOW

/* How rule_out() treats a count that reaches 0. */
enum rule_mode {
    RULE_COVER, /* the cover of a level's item: noted, and candidates kept */
    RULE_TRIAL, /* a trial: a dead end, given up at once */
    RULE_FULL   /* a trial done to the end (a frame to stand at): nothing */
};

struct dlx_bits {
    size_t bytes;            /* the one block holding this structure and its arrays */
    int32_t words;           /* words of live[] */
    int32_t sec_words;       /* words of settled[] */
    int32_t frame_words;     /* words of a frame: live, settled, cnt */
    int32_t levels;          /* frames (and level records) allocated */
    int32_t n_prim, n_sec;
    int32_t n_counts;        /* counts in a frame: n_prim, the sink, padding */
    /* The options' numbers inside the tables (bits of live[], records, kill
     * lists): the ids renumbered so that each item's options fall into fewer
     * words, when a numbering that does that keeps every item's options in
     * id order (see choose_numbering()); else the ids themselves. */
    int32_t *inner;          /* [option id] its number here */
    int32_t *id_of;          /* [number] the option id */
    int32_t *first;          /* [number] the option's first node: p->opt_first[id] */
    int32_t *prim_hdr;       /* [primary slot] header index */
    int32_t *sec_hdr;        /* [secondary slot] header index */
    int32_t *slot;           /* [header] primary or secondary slot */
    /* Kill lists: list k rules out the options live[kill[j].w] & kill[j].m
     * for j in [kill_at[k], kill_at[k+1]). List i < n_prim:
     * the options of primary slot i; list n_prim: none (the sink's); list
     * n_prim + 1 + s: those of secondary slot s; then one per (secondary
     * item, colour): its options with another colour or none. */
    int32_t *kill_at;
    struct kill_pair *kill;
    /* Per option: what choosing it does, and what ruling it out touches. */
    int32_t *act_at;         /* [option + 1] its secondary items in act[] */
    int32_t n_acts;          /* act_at[options]: 0 when no option has a secondary item */
    int32_t *act;            /* [2 * k]: ACT_CODE, kill list */
    /* Per option a record of `stride` = max_prim + 1 entries: its primary
     * slots, padded with the sink slot n_prim (a count nobody reads), then
     * its nodes but one (the updates DLX makes hiding it). A fixed stride
     * keeps the hottest loop free of bounds to load. */
    int32_t max_prim, stride;
    int32_t *rec;
    /* Per option, `words` words: the options that clash with it (share an
     * item with it, itself included). Kept only for problems without
     * colours whose kill lists are long for their words (dlxi_build_bits());
     * NULL otherwise. See try_option(). */
    uint64_t *clash;
    /* The search. */
    uint64_t *frames;        /* [levels * frame_words] */
    uint64_t *base;          /* [frame_words]: the frame with nothing committed */
    struct bits_level *lv;   /* [levels] */
    int32_t *cand_w;         /* candidate pairs of all levels, a stack */
    uint64_t *cand_m;
    int32_t *zeros;          /* items left without options, a stack */
};

/* --- The frame ----------------------------------------------------------- */

static bits_count *counts_of(const struct dlx_bits *b, uint64_t *frame)
{
    return (bits_count *)(void *)(frame + b->words + b->sec_words);
}

static const bits_count *counts_in(const struct dlx_bits *b, const uint64_t *frame)
{
    return (const bits_count *)(const void *)(frame + b->words + b->sec_words);
}

/* --- Building the tables --------------------------------------------------- */

/* The colour a node gives its item, as built: while the item is purified
 * (by a commitment) the node shows -1 and its header holds the colour. */
static int32_t node_color(dlx_nodes nd, int32_t q)
{
    int32_t c = nd.im[q].color;
    return c < 0 ? nd.im[nd.im[q].itm].color : c;
}

void dlxi_drop_bits(dlx_problem *p)
{
    dlxi_drop_bits_m(p);
    if (p->run.bits)
        dlxi_free(p, p->run.bits, p->run.bits->bytes);
    p->run.bits = NULL;
    p->run.bits_too_big = 0;
}

int dlxi_bits_clash(const dlx_problem *p)
{
    return p->run.bits && p->run.bits->clash;
}

/* Emits the (word, mask) pairs of the options opts[0..n-1] (ascending)
 * whose colour is not `except` (all of them when except is 0: no option has
 * colour 0 excepted, since 0 means "no colour" and uncoloured uses clash
 * with every colour). With `w` NULL only counts them. */
static int32_t emit_pairs(const int32_t *opts, const int32_t *colors, int32_t n, int32_t except,
                          struct kill_pair *out)
{
    int32_t pairs = 0, last = -1;
    for (int32_t k = 0; k < n; k++) {
        if (except > 0 && colors[k] == except)
            continue;
        int32_t word = opts[k] / 64;
        if (word != last) {
            if (out)
                out[pairs] = (struct kill_pair){.m = 0, .w = word, .unused = 0};
            pairs++;
            last = word;
        }
        if (out)
            out[pairs - 1].m |= (uint64_t)1 << (opts[k] % 64);
    }
    return pairs;
}

/* Scratch of the build: every item's options in id order (a CSR of the
 * nodes), their colours, and for each coloured node the kill list of its
 * (item, colour). Freed before the build returns. */
struct bits_scratch {
    size_t bytes;
    int32_t *at;      /* [header] first CSR position of the item; at[N+1] the end */
    int32_t *opts;    /* [position] option: its id, then its number (choose_numbering()) */
    int32_t *colors;  /* [position] colour */
    int32_t *list;    /* [position] kill list of (item, colour); -1 uncoloured */
    int32_t *pos;     /* [node] its CSR position */
    int32_t *num;     /* [option id] its number in the tables */
};

static int make_scratch(dlx_problem *p, struct bits_scratch *t)
{
    const dlx_nodes nd = p->nd;
    const int32_t N = p->n_items, O = p->n_options;
    int32_t n = p->n_nodes - 1 - N - (O ? O + 1 : 0); /* nodes in options */
    t->bytes = ((size_t)(N + 2) + 3 * (size_t)n + (size_t)p->n_nodes + (size_t)O) * sizeof(int32_t);
    int32_t *block = dlxi_alloc(p, t->bytes);
    if (!block)
        return DLX_ENOMEM;
    t->at = block;
    t->opts = t->at + N + 2;
    t->colors = t->opts + n;
    t->list = t->colors + n;
    t->pos = t->list + n;
    t->num = t->pos + p->n_nodes;
    memset(t->at, 0, (size_t)(N + 2) * sizeof *t->at);
    for (int32_t o = 0; o < O; o++)
        for (int32_t q = p->opt_first[o]; nd.im[q].itm > 0; q++)
            t->at[nd.im[q].itm + 1]++;
    for (int32_t x = 1; x <= N + 1; x++)
        t->at[x] += t->at[x - 1];
    /* at[x] now ends item x-1; fill moving at[x] from x's start to its end,
     * then shift back. */
    for (int32_t o = 0; o < O; o++)
        for (int32_t q = p->opt_first[o]; nd.im[q].itm > 0; q++) {
            int32_t x = nd.im[q].itm, j = t->at[x]++;
            t->opts[j] = o;
            t->colors[j] = node_color(nd, q);
            t->list[j] = -1;
            t->pos[q] = j;
        }
    for (int32_t x = N + 1; x > 0; x--)
        t->at[x] = t->at[x - 1];
    t->at[0] = 0;
    return DLX_OK;
}

/* Numbers the (secondary item, colour) kill lists from `first`, marking
 * each coloured position with its list; returns the number of pairs all of
 * them need. */
static int64_t number_color_lists(const dlx_problem *p, struct bits_scratch *t, int32_t first,
                                  int32_t *lists)
{
    int64_t pairs = 0;
    int32_t list = first;
    for (int32_t x = 1; x <= p->n_items; x++) {
        if (!p->secondary[x])
            continue;
        int32_t a = t->at[x], n = t->at[x + 1] - a;
        for (int32_t k = 0; k < n; k++) {
            int32_t c = t->colors[a + k];
            if (c <= 0 || t->list[a + k] >= 0)
                continue;
            for (int32_t j = k; j < n; j++)
                if (t->colors[a + j] == c)
                    t->list[a + j] = list;
            list++;
            pairs += emit_pairs(t->opts + a, t->colors + a, n, c, NULL);
        }
    }
    *lists = list - first;
    return pairs;
}

/* --- The numbering of the options ------------------------------------------ */

/* The (word, mask) pairs the items' kill lists need when option id o has
 * number num[o] (the ids themselves with num NULL), or -1 when the
 * numbering puts some item's options out of id order. */
static int64_t numbering_pairs(const dlx_problem *p, const struct bits_scratch *t,
                               const int32_t *num)
{
    int64_t pairs = 0;
    for (int32_t x = 1; x <= p->n_items; x++) {
        int32_t last = -1, last_word = -1;
        for (int32_t j = t->at[x]; j < t->at[x + 1]; j++) { /* ids ascending */
            int32_t k = num ? num[t->opts[j]] : t->opts[j];
            if (k <= last)
                return -1;
            if (k / 64 != last_word)
                pairs++;
            last = k;
            last_word = k / 64;
        }
    }
    return pairs;
}

/* The j-th item of the option whose first node is q (its last when it has
 * fewer); n_items + 1 for an option without items, which goes last. */
static int32_t group_item(dlx_nodes nd, int32_t n_items, int32_t q, int32_t j)
{
    if (nd.im[q].itm <= 0)
        return n_items + 1;
    for (int32_t e = 0; e < j && nd.im[q + 1].itm > 0; e++)
        q++;
    return nd.im[q].itm;
}

/* A kill list walks the words of live[] its item's options fall into, and
 * each word of it is a branch the processor guesses (is anything of it
 * live?), so the tables number the options to put each item's options into
 * few words. The candidates: the ids, and for each j < 8 the options grouped
 * by their j-th item (their last, for those with fewer), in id order within
 * a group. The one whose kill lists need the fewest pairs wins, ties going
 * to the ids, among those that keep every item's options in id order: a
 * level's candidates are tried in the order of their numbers, so that order
 * must be the order of the item's list in the links, for the search to visit
 * DLX1's tree. A sudoku's options, cell by cell in their ids (each row's
 * symbol spread over two words, each column's over nine), grouped by their
 * box (their fourth item) need 9.1 pairs an option's items instead of 15.6.
 * Writes num[o] for every option id o; the caller owns num (n_options). */
static int choose_numbering(dlx_problem *p, const struct bits_scratch *t, int32_t *num)
{
    const dlx_nodes nd = p->nd;
    const int32_t N = p->n_items, O = p->n_options;
    int32_t widest = 0;
    for (int32_t o = 0; o < O; o++) {
        num[o] = o;
        int32_t n = 0;
        for (int32_t q = p->opt_first[o]; nd.im[q].itm > 0; q++)
            n++;
        if (n > widest)
            widest = n;
    }
    if (widest > 8)
        widest = 8;
    int64_t fewest = numbering_pairs(p, t, NULL);
    size_t bytes = ((size_t)N + 3 + (size_t)O) * sizeof(int32_t);
    int32_t *count = dlxi_alloc(p, bytes);
    if (!count)
        return DLX_ENOMEM;
    int32_t *trial = count + N + 3;
    for (int32_t j = 0; j < widest; j++) {
        /* A counting sort of the ids by their j-th item: stable. */
        memset(count, 0, ((size_t)N + 3) * sizeof *count);
        for (int32_t o = 0; o < O; o++)
            count[group_item(nd, N, p->opt_first[o], j) + 1]++;
        for (int32_t x = 1; x <= N + 2; x++)
            count[x] += count[x - 1];
        for (int32_t o = 0; o < O; o++)
            trial[o] = count[group_item(nd, N, p->opt_first[o], j)]++;
        int64_t pairs = numbering_pairs(p, t, trial);
        if (pairs >= 0 && pairs < fewest) {
            fewest = pairs;
            memcpy(num, trial, (size_t)O * sizeof *num);
        }
    }
    dlxi_free(p, count, bytes);
    return DLX_OK;
}

static void base_frame(struct dlx_bits *b, int32_t n_options);

int dlxi_build_bits(dlx_problem *p)
{
    if (p->run.bits)
        return DLX_OK;
    if (p->run.bits_too_big)
        return DLX_ETOOBIG;
    const dlx_nodes nd = p->nd;
    const int32_t N = p->n_items, O = p->n_options;
    struct bits_scratch t;
    if (make_scratch(p, &t))
        return DLX_ENOMEM;
    if (choose_numbering(p, &t, t.num)) {
        dlxi_free(p, t.at, t.bytes);
        return DLX_ENOMEM;
    }
    for (int32_t j = 0; j < t.at[N + 1]; j++)
        t.opts[j] = t.num[t.opts[j]]; /* still ascending in each item: choose_numbering() */
    /* Sizes first, so that one block holds everything. */
    /* walk: the pairs the trials of all options walk, each option's items'
     * lists once (an item's list is walked by each of its options). */
    int64_t kill_pairs = 0, walk = 0, acts = 0, max_prim = 0, min_prim = INT32_MAX;
    for (int32_t x = 1; x <= N; x++) {
        int32_t len = t.at[x + 1] - t.at[x];
        int64_t pairs = emit_pairs(t.opts + t.at[x], t.colors + t.at[x], len, 0, NULL);
        kill_pairs += pairs;
        walk += pairs * len;
    }
    int32_t color_lists = 0;
    if (p->has_colors)
        kill_pairs += number_color_lists(p, &t, N + 1, &color_lists);
    for (int32_t o = 0; o < O; o++) {
        int64_t np = 0;
        for (int32_t q = p->opt_first[o]; nd.im[q].itm > 0; q++)
            np += !p->secondary[nd.im[q].itm];
        for (int32_t q = p->opt_first[o]; nd.im[q].itm > 0; q++)
            acts += p->secondary[nd.im[q].itm];
        if (np > max_prim)
            max_prim = np;
        if (np > 0 && np < min_prim)
            min_prim = np;
    }
    if (min_prim == INT32_MAX)
        min_prim = 1;
    /* Counts must fit bits_count: no item in more than COUNT_LIMIT options,
     * and the padding of the records (every slot of it lowers the sink when
     * its option is ruled out) no more than COUNT_LIMIT either. */
    int64_t longest = 0, padding = 0;
    for (int32_t x = 1; x <= N; x++)
        if (t.at[x + 1] - t.at[x] > longest)
            longest = t.at[x + 1] - t.at[x];
    for (int32_t o = 0; o < O; o++) {
        int64_t np = 0;
        for (int32_t q = p->opt_first[o]; nd.im[q].itm > 0; q++)
            np += !p->secondary[nd.im[q].itm];
        padding += max_prim - np;
    }
    if (kill_pairs > INT32_MAX / 2 || acts > INT32_MAX / 2 || longest > COUNT_LIMIT ||
        padding > COUNT_LIMIT) {
        dlxi_free(p, t.at, t.bytes);
        p->run.bits_too_big = 1; /* until the problem changes shape */
        return DLX_ETOOBIG;
    }
    int32_t n_prim = p->n_primary, n_sec = N - p->n_primary;
    int32_t words = (O + 63) / 64, sec_words = (n_sec + 63) / 64;
    /* The counts with the sink, padded with INACTIVE to whole groups of
     * eight for choose_slot(). */
    int32_t n_counts = (n_prim + 1 + 7) & ~7;
    int32_t frame_words = words + sec_words + n_counts / 4;
    frame_words = (frame_words + 3) & ~3; /* whole 32-byte blocks for the copy */
    /* A level covers at least min_prim primary items, so levels 0..deepest
     * and the trial below the deepest need this many frames; candidates and
     * zeros along one path never exceed the options and the primary items. */
    int32_t levels = (n_prim > 0 ? (n_prim - 1) / (int32_t)min_prim : 0) + 2;
    /* A trial walks its option's kill lists, or its clash set's words: clash
     * sets when the lists hold, on average, 1.5 times as many pairs as live[]
     * has words or more (pentominoes 6x10, 5.0 times: 0.77x the instructions;
     * docs/measurements.md, "Clash sets"). */
    int use_clash = !p->has_colors && words <= CLASH_WORDS && 2 * walk >= 3 * (int64_t)words * O;
    size_t clash_words = use_clash ? (size_t)O * (size_t)words : 0;
    size_t bytes = 0;
#define LAYOUT(field, type, count)                                                     \
    size_t off_##field = bytes;                                                        \
    bytes += (((size_t)(count) * sizeof(type)) + 31) & ~(size_t)31
    LAYOUT(head, struct dlx_bits, 1);
    LAYOUT(frames, uint64_t, (size_t)levels * (size_t)frame_words);
    LAYOUT(base, uint64_t, frame_words);
    LAYOUT(kill, struct kill_pair, kill_pairs);
    LAYOUT(cand_m, uint64_t, O + 1);
    LAYOUT(lv, struct bits_level, levels);
    LAYOUT(inner, int32_t, O + 1);
    LAYOUT(id_of, int32_t, O + 1);
    LAYOUT(first, int32_t, O + 1);
    LAYOUT(prim_hdr, int32_t, n_prim + 1);
    LAYOUT(sec_hdr, int32_t, n_sec + 1);
    LAYOUT(slot, int32_t, N + 1);
    LAYOUT(kill_at, int32_t, N + 1 + color_lists + 1);
    LAYOUT(act_at, int32_t, O + 1);
    LAYOUT(act, int32_t, 2 * acts);
    LAYOUT(rec, int32_t, (size_t)O * (size_t)(max_prim + 1));
    LAYOUT(cand_w, int32_t, O + 1);
    LAYOUT(zeros, int32_t, n_prim + 1);
    LAYOUT(clash, uint64_t, clash_words);
#undef LAYOUT
    (void)off_head;
    char *block = dlxi_alloc(p, bytes);
    if (!block) {
        dlxi_free(p, t.at, t.bytes);
        return DLX_ENOMEM;
    }
    struct dlx_bits *b = (struct dlx_bits *)(void *)block;
    memset(b, 0, sizeof *b);
#define PLACE(field) b->field = (void *)(block + off_##field)
    PLACE(frames);
    PLACE(base);
    PLACE(kill);
    PLACE(cand_m);
    PLACE(lv);
    PLACE(inner);
    PLACE(id_of);
    PLACE(first);
    PLACE(prim_hdr);
    PLACE(sec_hdr);
    PLACE(slot);
    PLACE(kill_at);
    PLACE(act_at);
    PLACE(act);
    PLACE(rec);
    PLACE(cand_w);
    PLACE(zeros);
    if (clash_words)
        PLACE(clash);
#undef PLACE
    b->lv[0].frame = b->frames;
    b->bytes = bytes;
    b->words = words;
    b->sec_words = sec_words;
    b->frame_words = frame_words;
    b->n_counts = n_counts;
    b->levels = levels;
    b->n_prim = n_prim;
    b->n_sec = n_sec;
    b->max_prim = (int32_t)max_prim;
    b->stride = (int32_t)max_prim + 1;
    for (int32_t o = 0; o < O; o++) {
        b->inner[o] = t.num[o];
        b->id_of[t.num[o]] = o;
        b->first[t.num[o]] = p->opt_first[o];
    }
    /* Slots in item order, the order of the active list. */
    for (int32_t x = 1, i = 0, s = 0; x <= N; x++) {
        if (p->secondary[x]) {
            b->sec_hdr[s] = x;
            b->slot[x] = s++;
        } else {
            b->prim_hdr[i] = x;
            b->slot[x] = i++;
        }
    }
    /* Kill lists, in the order of their numbers: the primary items' (in slot
     * order), the sink's empty one, the secondary items', then the colour
     * lists in the order number_color_lists() gave them. */
    int32_t pair = 0, list = 0;
    for (int32_t pass = 0; pass < 2; pass++) {
        for (int32_t i = 0; i < (pass ? n_sec : n_prim); i++) {
            int32_t x = pass ? b->sec_hdr[i] : b->prim_hdr[i], a = t.at[x];
            b->kill_at[list++] = pair;
            pair += emit_pairs(t.opts + a, t.colors + a, t.at[x + 1] - a, 0, b->kill + pair);
        }
        if (pass == 0)
            b->kill_at[list++] = pair; /* the sink's */
    }
    for (int32_t x = 1; x <= N && p->has_colors; x++) {
        int32_t a = t.at[x], n = t.at[x + 1] - a;
        for (int32_t k = 0; k < n; k++) {
            if (t.list[a + k] != list)
                continue; /* uncoloured, or a colour met before */
            b->kill_at[list++] = pair;
            pair += emit_pairs(t.opts + a, t.colors + a, n, t.colors[a + k], b->kill + pair);
        }
    }
    b->kill_at[list] = pair;
    /* Per option: its primary slots and the updates a hide of it makes in
     * the links (its record), and what choosing it does to each of its
     * secondary items. */
    int32_t k = 0;
    for (int32_t i = 0; i < O; i++) { /* i: a number; o: its option's id */
        int32_t o = b->id_of[i];
        int32_t *r = b->rec + (size_t)i * (size_t)b->stride, np = 0;
        b->act_at[i] = k;
        int32_t size = 0;
        for (int32_t q = p->opt_first[o]; nd.im[q].itm > 0; q++, size++) {
            int32_t x = nd.im[q].itm, j = t.pos[q];
            if (!p->secondary[x]) {
                r[np++] = b->slot[x];
                continue;
            }
            if (t.colors[j] == 0) {
                b->act[2 * k] = ACT_CODE(b->slot[x], ACT_COVER);
                b->act[2 * k + 1] = n_prim + 1 + b->slot[x];
            } else {
                b->act[2 * k] = ACT_CODE(b->slot[x], ACT_PURIFY);
                b->act[2 * k + 1] = t.list[j];
            }
            k++;
        }
        while (np < b->max_prim)
            r[np++] = n_prim; /* the sink */
        r[np] = size - 1;
    }
    b->act_at[O] = k;
    b->n_acts = k;
    /* Each option's clash set: the union of its items' kill lists (the
     * sink's is empty), so that of every option of every item it has. */
    if (b->clash) {
        memset(b->clash, 0, clash_words * sizeof *b->clash);
        for (int32_t l = 0; l < n_prim + 1 + n_sec; l++) {
            const struct kill_pair *ka = b->kill + b->kill_at[l], *ke = b->kill + b->kill_at[l + 1];
            for (const struct kill_pair *kp = ka; kp < ke; kp++)
                for (uint64_t m = kp->m; m; m &= m - 1) {
                    uint64_t *c = b->clash + (size_t)(kp->w * 64 + dlxi_lowest_bit(m)) * (size_t)words;
                    for (const struct kill_pair *kq = ka; kq < ke; kq++)
                        c[kq->w] |= kq->m;
                }
        }
    }
    dlxi_free(p, t.at, t.bytes);
    base_frame(b, O);
    p->run.bits = b;
    return DLX_OK;
}

/* --- The root frame -------------------------------------------------------- */

/* The frame of the problem as built, kept in the tables: every option live,
 * every primary item's count its number of options. */
static void base_frame(struct dlx_bits *b, int32_t n_options)
{
    uint64_t *f = b->base, *live = f;
    bits_count *cnt = counts_of(b, f);
    memset(f, 0, (size_t)b->frame_words * sizeof *f);
    for (int32_t i = 0; i < b->n_counts; i++)
        cnt[i] = i < b->n_prim ? 0 : INACTIVE;
    for (int32_t o = 0; o < n_options; o++) {
        live[o / 64] |= (uint64_t)1 << (o % 64);
        const int32_t *r = b->rec + (size_t)o * (size_t)b->stride;
        for (int32_t k = 0; k < b->max_prim && r[k] < b->n_prim; k++)
            cnt[r[k]]++; /* the padding (the sink) comes last and is left alone */
    }
}

/* --- The dance on bits ------------------------------------------------------- */

/* What the hot loop reads of the tables, copied into the loop's own
 * variables: a store into a count cannot change them, so the compiler keeps
 * them in registers instead of reloading them after every decrement. */
struct bits_view {
    int32_t words, sec_words, frame_words, n_prim, n_counts, max_prim, stride, n_acts;
    const int32_t *kill_at, *rec, *act_at, *act, *first;
    const struct kill_pair *kill;
    const uint64_t *clash;
    int32_t *cand_w, *zeros;
    uint64_t *cand_m, *frames;
};

/* With k > 0 (a compile-time constant: the options' number of primary
 * items, which the caller has checked) max_prim and stride become constants
 * too, and the loops over an option's items unroll. */
DLX_INLINE struct bits_view view_of(const dlx_problem *p, const int32_t k)
{
    const struct dlx_bits *b = p->run.bits;
    return (struct bits_view){
        .words = b->words, .sec_words = b->sec_words, .frame_words = b->frame_words,
        .n_prim = b->n_prim, .n_counts = b->n_counts, .max_prim = k ? k : b->max_prim, .stride = k ? k + 1 : b->stride,
        .n_acts = b->n_acts,
        .kill_at = b->kill_at, .kill = b->kill, .rec = b->rec, .act_at = b->act_at,
        .act = b->act, .first = b->first, .clash = b->clash,
        .cand_w = b->cand_w, .zeros = b->zeros, .cand_m = b->cand_m, .frames = b->frames};
}

/* Lowers the counts of the primary items of a ruled-out option (its record
 * r), as rule_out() does for each; returns 1 when a trial (RULE_TRIAL) meets
 * a dead end. */
DLX_INLINE int lower_option(const struct bits_view v, bits_count *cnt, const int32_t *r,
                            const enum rule_mode mode, int32_t *zero_top, const int track,
                            int64_t *best)
{
    const int noting = mode == RULE_COVER;
    const int32_t n = v.max_prim;
    /* Written out for the first six, so that a constant k unrolls. */
#define LOWER(e)                                                                            \
    if ((e) < n) {                                                                          \
        int32_t c_ = --cnt[r[e]];                                                           \
        if (c_ == 0) {                                                                      \
            if (mode == RULE_TRIAL)                                                         \
                return 1;                                                                   \
            if (noting)                                                                     \
                v.zeros[(*zero_top)++] = r[e];                                              \
        } else if (track) {                                                                 \
            int64_t key_ = (int64_t)c_ << 32 | r[e];                                        \
            *best = key_ < *best ? key_ : *best;                                            \
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
    return 0;
}

/* Rules out every live option of kill list `list`: clears its bits and
 * lowers the counts of its primary items. As the cover of a level's item
 * (RULE_COVER), the options are kept as the level's candidates and the
 * items left with no option are noted; in a trial (RULE_TRIAL) it returns -1
 * the moment an active item is left with none (a dead end). Otherwise it
 * returns the updates DLX would count for hiding those options. */
DLX_INLINE int64_t rule_out(const struct bits_view v, uint64_t *live, bits_count *cnt,
                            int32_t list, const enum rule_mode mode, int32_t *cand_top,
                            int32_t *zero_top, const int track, struct bits_level *lv,
                            int32_t expect)
{
    const int noting = mode == RULE_COVER;
    const int32_t n = v.max_prim, stride = v.stride;
    /* The recent item as one key, count above slot, kept by a minimum
     * without a branch: the branch it replaces (is this count the fewest so
     * far?) went either way at random and cost more than the scans it saves
     * (17-clue, first solution, tdoku's harness, min of 5: 23.1 us a puzzle
     * with it, 16.7 us without; the unrolled loop below runs 5% more
     * instructions for it). */
    int64_t best = track ? (int64_t)lv->recent_len << 32 | lv->recent_slot : 0;
    int64_t upd = 0;
    const struct kill_pair *kp = v.kill + v.kill_at[list], *const ke = v.kill + v.kill_at[list + 1];
    for (; kp < ke && expect != 0; kp++) { /* expect < 0: to the end */
        int32_t w = kp->w;
        uint64_t out = live[w] & kp->m;
        if (!out)
            continue;
        live[w] ^= out;
        if (noting) {
            v.cand_w[*cand_top] = w;
            v.cand_m[*cand_top] = out;
            ++*cand_top;
        }
        do {
            int32_t o = w * 64 + dlxi_lowest_bit(out);
            out &= out - 1;
            expect--;
            const int32_t *r = v.rec + (size_t)o * (size_t)stride;
            if (lower_option(v, cnt, r, mode, zero_top, track, &best))
                return -1;
            upd += r[n];
        } while (out);
    }
    if (track) {
        lv->recent_len = (int32_t)(best >> 32);
        lv->recent_slot = (int32_t)(best & 0xffffffff);
    }
    return upd;
}

/* The active primary item with the fewest live options, leftmost on ties
 * (a slot), or -1 when none is active. No active count is 0 below the root
 * (a trial that would leave one is a dead end), so the scan may stop at the
 * first count <= stop_at = 1 there: it is the leftmost minimum. At the root
 * stop_at is 0. With SSE2 (every x86-64) eight counts are compared at a
 * time; elsewhere one by one. */
DLX_INLINE int32_t choose_slot(const bits_count *cnt, int32_t n_counts, int32_t stop_at,
                               int32_t *len)
{
#if defined(__SSE2__)
    const __m128i below = _mm_set1_epi16((int16_t)(stop_at + 1));
    __m128i m = _mm_set1_epi16(ACTIVE_BELOW);
    for (int32_t i = 0; i < n_counts; i += 8) {
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(cnt + i));
        int hit = _mm_movemask_epi8(_mm_cmplt_epi16(x, below));
        if (hit) {
            int32_t k = i + dlxi_lowest_bit((uint64_t)hit) / 2;
            *len = cnt[k];
            return k;
        }
        m = _mm_min_epi16(m, x);
    }
    m = _mm_min_epi16(m, _mm_shuffle_epi32(m, 0x4e));
    m = _mm_min_epi16(m, _mm_shuffle_epi32(m, 0xb1));
    m = _mm_min_epi16(m, _mm_shufflelo_epi16(m, 0xb1));
    int32_t t = (int16_t)_mm_cvtsi128_si32(m);
    *len = t;
    if (t >= ACTIVE_BELOW)
        return -1;
    const __m128i tv = _mm_set1_epi16((int16_t)t);
    for (int32_t i = 0;; i += 8) {
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(cnt + i));
        int hit = _mm_movemask_epi8(_mm_cmpeq_epi16(x, tv));
        if (hit)
            return i + dlxi_lowest_bit((uint64_t)hit) / 2;
    }
#else
    int32_t best = -1, t = ACTIVE_BELOW;
    for (int32_t i = 0; i < n_counts; i++)
        if (cnt[i] < t) {
            t = cnt[i];
            best = i;
            if (t <= stop_at)
                break;
        }
    *len = t;
    return best;
#endif
}

/* Copies a frame; frame_words is a multiple of 4, so this is whole 32-byte
 * blocks, each a pair of vector moves (a call of memcpy() for a hundred
 * bytes costs more than the copy). */
DLX_INLINE void copy_frame(uint64_t *to, const uint64_t *from, int32_t words)
{
    for (int32_t k = 0; k < words; k += 4)
        memcpy(to + k, from + k, 4 * sizeof *to); /* a fixed size: inlined */
}

/* --- The root frame -------------------------------------------------------- */

/* Clears in `live` every option of kill list `list`, live or not. */
DLX_INLINE void root_clear(const struct dlx_bits *b, uint64_t *live, int32_t list)
{
    for (const struct kill_pair *kp = b->kill + b->kill_at[list], *ke = b->kill + b->kill_at[list + 1];
         kp < ke; kp++)
        live[kp->w] &= ~kp->m;
}

/* The frame of the root: the frame of the problem as built (every option
 * live) with the commitments applied, as the search applies a choice: an
 * option put in covers its primary items and rules out what clashes with
 * each of its items; an option kept out is ruled out itself. What comes out
 * does not depend on the order of the commitments (they never clash: commit
 * refuses that), so it is made in three passes rather than one commitment at
 * a time: the options ruled out, as bits; then one lowering of counts per
 * option ruled out (the first pass may clear an option many times, the
 * second sees it once); then the committed items marked covered. This costs
 * what the commitments rule out, not the size of the problem (a sudoku's
 * givens, puzzle after puzzle): 0.42x the instructions of one commitment
 * at a time (docs/measurements.md, "The root frame"). */
DLX_INLINE void root_frame(dlx_problem *p, const struct bits_view v, const uint64_t *base)
{
    const struct dlx_bits *b = p->run.bits;
    uint64_t *f = v.frames, *live = f, *settled = f + v.words;
    bits_count *cnt = (bits_count *)(void *)(f + v.words + v.sec_words);
    copy_frame(f, base, v.frame_words);
    if (p->n_commits == 0)
        return;
    for (int32_t c = 0; c < p->n_commits; c++) {
        int32_t o = b->inner[p->commits[c].option];
        if (p->commits[c].kind != COMMIT_INCLUDE) {
            live[o / 64] &= ~((uint64_t)1 << (o % 64));
            continue;
        }
        const int32_t *r = v.rec + (size_t)o * (size_t)v.stride;
        for (int32_t k = 0; k < v.max_prim; k++)
            root_clear(b, live, r[k]); /* the sink's list is empty */
        for (int32_t k = v.act_at[o]; k < v.act_at[o + 1]; k++) {
            int32_t sl = ACT_SLOT(v.act[2 * k]);
            uint64_t bit = (uint64_t)1 << (sl % 64);
            if (ACT_KIND(v.act[2 * k]) == ACT_PURIFY && (settled[sl / 64] & bit))
                continue; /* purified already, at this colour */
            settled[sl / 64] |= bit;
            root_clear(b, live, v.act[2 * k + 1]);
        }
    }
    for (int32_t w = 0; w < v.words; w++)
        for (uint64_t out = base[w] & ~live[w]; out; out &= out - 1) {
            const int32_t *r = v.rec + (size_t)(w * 64 + dlxi_lowest_bit(out)) * (size_t)v.stride;
            /* Written out for the first six, as in rule_out(). */
#define LOWER(e)                                                                            \
    if ((e) < v.max_prim)                                                                   \
        cnt[r[e]]--;
            LOWER(0)
            LOWER(1)
            LOWER(2)
            LOWER(3)
            LOWER(4)
            LOWER(5)
#undef LOWER
            for (int32_t k = 6; k < v.max_prim; k++)
                cnt[r[k]]--;
        }
    for (int32_t c = 0; c < p->n_commits; c++)
        if (p->commits[c].kind == COMMIT_INCLUDE) {
            const int32_t *r = v.rec + (size_t)b->inner[p->commits[c].option] * (size_t)v.stride;
            for (int32_t k = 0; k < v.max_prim; k++)
                cnt[r[k]] = INACTIVE; /* the sink too, harmlessly */
        }
}

/* Makes frame `to` the state after trying option o at level lv: copies
 * `from`, marks o's primary items covered, then rules out what clashes with
 * each of o's items but the level's own, covered already. Returns -1 for a
 * dead end, else the updates made. With `full` it goes on to the end of a
 * dead end too, so that `to` is a frame to stand at (the caller asks
 * has_zero()). */
DLX_INLINE int64_t try_option(const struct bits_view v, const uint64_t *from, uint64_t *to,
                              int32_t o, struct bits_level *lv, const int colors,
                              const int full, const int track, const int by_clash)
{
    const enum rule_mode mode = full ? RULE_FULL : RULE_TRIAL;
    if (to != from)
        copy_frame(to, from, v.frame_words);
    uint64_t *live = to, *settled = to + v.words;
    bits_count *cnt = (bits_count *)(void *)(to + v.words + v.sec_words);
    const int32_t *r = v.rec + (size_t)o * (size_t)v.stride;
    if (by_clash) {
        /* A problem without colours whose kill lists are long for its words
         * (dlxi_build_bits()): what clashes with o is ruled out at once, a
         * word at a time through o's clash set, instead
         * of item by item through their kill lists (whose loops, and the
         * early stops that shorten them, cost more branches than they
         * save). Each option is ruled out once either way, so the counts,
         * the updates and the dead ends are the same. */
        int64_t upd = 0;
        for (int32_t k = 0; k < v.max_prim; k++) {
            upd += r[k] != lv->item && r[k] != v.n_prim; /* the item leaves the active list */
            cnt[r[k]] = INACTIVE; /* the sink too, harmlessly */
        }
        for (int32_t z = lv->zero; z < lv->zero_end && !full; z++)
            if (cnt[v.zeros[z]] == 0)
                return -1;
        if (v.n_acts)
            upd += v.act_at[o + 1] - v.act_at[o]; /* its secondary items leave too */
        int64_t best = (int64_t)RECENT_NONE << 32;
        int32_t unused = 0;
        const uint64_t *c = v.clash + (size_t)o * (size_t)v.words;
        for (int32_t w = 0; w < v.words; w++) {
            uint64_t out = live[w] & c[w];
            live[w] ^= out;
            for (; out; out &= out - 1) {
                const int32_t *q = v.rec + (size_t)(w * 64 + dlxi_lowest_bit(out)) * (size_t)v.stride;
                if (lower_option(v, cnt, q, mode, &unused, track, &best))
                    return -1;
                upd += q[v.max_prim];
            }
        }
        if (track) {
            lv->recent_len = (int32_t)(best >> 32);
            lv->recent_slot = (int32_t)(best & 0xffffffff);
        }
        return upd;
    }
    /* How many live options each of o's items has: its kill list is done
     * when that many are ruled out (most of a sudoku's lists then stop at
     * their first words, or are not walked at all). An option sharing two
     * items with o is ruled out by the first of their lists; the count of
     * the second, covered already, is lowered from INACTIVE for it, so
     * INACTIVE - cnt[] is how many of its options are gone before its own
     * list is walked (a sudoku's row and box of one symbol share up to
     * three: without this, the second list was walked to its end). */
    int32_t left[8];
    const int counted = v.max_prim <= 8;
    for (int32_t k = 0; k < v.max_prim; k++) {
        if (counted)
            left[k] = cnt[r[k]] - lv->lent; /* the sink's: far above its empty list */
        cnt[r[k]] = INACTIVE; /* the sink too, harmlessly */
    }
    /* An item the level's cover left without options must be one of o's. */
    for (int32_t z = lv->zero; z < lv->zero_end && !full; z++)
        if (cnt[v.zeros[z]] == 0)
            return -1;
    int32_t unused = 0;
    const int32_t chosen = lv->item;
    if (track) {
        /* Inactive counts stay at ACTIVE_BELOW or above: never taken. */
        lv->recent_len = RECENT_NONE;
        lv->recent_slot = 0;
    }
    int64_t upd = 0;
    UNROLL_8
    for (int32_t k = 0; k < v.max_prim; k++) {
        int32_t i = r[k]; /* its kill list has the slot's number; the sink's is empty */
        if (i == chosen)
            continue; /* covered for the whole level */
        int32_t expect = counted ? left[k] - (INACTIVE - cnt[i]) : -1;
        upd += i != v.n_prim; /* the item leaves the active list */
        if (expect == 0)
            continue; /* no option of it left */
        int64_t u = rule_out(v, live, cnt, i, mode, &unused, &unused, track, lv, expect);
        if (u < 0)
            return -1;
        upd += u;
    }
    /* (Without secondary items, as a sudoku, act_at[] is not even read.) */
    for (int32_t k = v.n_acts ? v.act_at[o] : 0, end = v.n_acts ? v.act_at[o + 1] : 0; k < end; k++) {
        int32_t code = v.act[2 * k], list = v.act[2 * k + 1];
        if (colors && ACT_KIND(code) == ACT_PURIFY) {
            int32_t sl = ACT_SLOT(code);
            uint64_t bit = (uint64_t)1 << (sl % 64);
            if (settled[sl / 64] & bit)
                continue; /* purified already, at this colour: its live options agree */
            settled[sl / 64] |= bit;
        } else {
            upd++;
        }
        int64_t u = rule_out(v, live, cnt, list, mode, &unused, &unused, track, lv, -1);
        if (u < 0)
            return -1;
        upd += u;
    }
    return upd;
}

/* Whether an active item of the frame has no option left: the frame of a
 * dead end (only frames the search pauses or starts at can be such). */
static int has_zero(const struct bits_view v, const uint64_t *f)
{
    const bits_count *cnt = (const bits_count *)(const void *)(f + v.words + v.sec_words);
    for (int32_t i = 0; i < v.n_prim; i++)
        if (cnt[i] == 0)
            return 1;
    return 0;
}

/* Chooses the item at `level` (a slot, -1 at a solution) and covers it:
 * its options become the level's candidates. `stop_at` as choose_slot().
 * Under DLX_CHOOSE_MRV_RECENT `above` is the level above (NULL at level 0),
 * whose trial names the recent item: it wins the ties of the fewest
 * options, and below the root (stop_at 1: no count is 0) a recent item with
 * one option is the choice without a scan, since nothing has fewer. */
DLX_INLINE int32_t enter_level(const struct bits_view v, struct bits_level *lv, uint64_t *f,
                               int32_t stop_at, const struct bits_level *above,
                               int32_t *cand_top, int32_t *zero_top, uint64_t *updates)
{
    bits_count *cnt = (bits_count *)(void *)(f + v.words + v.sec_words);
    int32_t len, best;
    if (above && stop_at == 1 && above->recent_len == 1) {
        best = above->recent_slot;
        len = 1;
    } else {
        best = choose_slot(cnt, v.n_counts, stop_at, &len);
        if (best < 0)
            return -1;
        if (above && len == above->recent_len)
            best = above->recent_slot;
    }
    lv->item = best;
    lv->width = len;
    lv->tried = 0;
    lv->lent = 0;
    lv->cand = *cand_top;
    lv->zero = *zero_top;
    cnt[best] = INACTIVE;
    if (len == 1) {
        /* A forced move (97% of the nodes of sudoku's 17-clue puzzles): the
         * cover has one option to find and rule out, and nothing it lowers
         * can be watched for, since the trial of that option, next, marks
         * all its items covered. So it is done here without rule_out()'s
         * checks and bookkeeping, to the same frame: the option's bit
         * cleared, no item noted as left without options (only the
         * option's own can be). The counts of its items are not even
         * lowered: the trial reads them before it marks them covered, and
         * takes off the 1 the cover owes (lv->lent); nothing else reads
         * them (the search pauses before a level's cover, never after). */
        const struct kill_pair *kp = v.kill + v.kill_at[best], *const ke = v.kill + v.kill_at[best + 1];
        for (; kp < ke; kp++) {
            uint64_t out = f[kp->w] & kp->m;
            if (!out)
                continue;
            f[kp->w] ^= out;
            v.cand_w[*cand_top] = kp->w;
            v.cand_m[*cand_top] = out;
            ++*cand_top;
            const int32_t *r = v.rec + (size_t)(kp->w * 64 + dlxi_lowest_bit(out)) * (size_t)v.stride;
            lv->lent = 1;
            *updates += 1 + (uint64_t)r[v.max_prim];
            lv->cand_end = *cand_top;
            lv->zero_end = *zero_top;
            lv->rest = out;
            return best;
        }
        /* Not reached: an active count is the number of the item's live
         * options (dlx_check() asks). */
    }
    /* A dead end's frame (one the search paused at) counts nothing: the
     * search without the pause never built it. */
    *updates += (len > 0) + (uint64_t)rule_out(v, f, cnt, best, RULE_COVER, cand_top, zero_top, 0, lv, len);
    lv->cand_end = *cand_top;
    lv->zero_end = *zero_top;
    lv->rest = lv->cand < lv->cand_end ? v.cand_m[lv->cand] : 0;
    return best;
}

/* The loop, one copy per shape (below); the local counters go back into
 * p->stats on every exit. The labels are DLX1's, and so is where a node
 * budget makes it pause: about to enter p->level, with the option in force
 * at each level above in choice[], as the links' loop pauses (the split
 * interface of dlx_internal.h relies on it). A dead end met by a trial is
 * counted without being built, except when the budget runs out just before
 * it: then the trial is done to the end, and the search pauses at it. */
DLX_INLINE int run_bits(dlx_problem *p, uint64_t budget, const int colors, const int32_t k,
                        const int track, const int by_clash)
{
    struct dlx_bits *const b = p->run.bits;
    const struct bits_view v = view_of(p, k);
    struct bits_level *const lvs = b->lv;
    int32_t *const choice = p->run.choice;
    const int has_budget = budget != 0;
    const int32_t floor_level = p->floor; /* 0 unless the search was split */
    uint64_t updates = 0, nodes = 0;
    int32_t level = p->level, max_level = p->stats.max_level;
    int32_t cand_top = 0, zero_top = 0;
    /* Below the root a trial never leaves an item without options, so the
     * choice may stop at one option; the frame the search starts or resumes
     * at may be a dead end, so there it looks on. */
    int32_t stop_at = 0;
    struct bits_level *lv;
    int rc;

    if (p->state == S_IDLE) {
        root_frame(p, v, b->base);
        lvs[0].frame = v.frames;
    } else if (p->state == S_SOLUTION)
        goto recover_from_solution;
    p->state = S_PAUSED; /* under way: commitments and settings refused */
    if (level > 0) {
        cand_top = lvs[level - 1].cand_end;
        zero_top = lvs[level - 1].zero_end;
    }

forward:
    if (has_budget && budget-- == 0) {
        rc = DLX_PAUSED;
        goto out;
    }
    nodes++;
    if (level > max_level)
        max_level = level;
    lv = &lvs[level];
    if (enter_level(v, lv, lv->frame, stop_at,
                    track && level > 0 ? &lvs[level - 1] : NULL, &cand_top,
                    &zero_top, &updates) < 0) {
        /* A solution: a leaf of the tree. */
        if (dlxi_visit_solution(p, level)) {
            p->state = S_SOLUTION;
            rc = DLX_STOPPED;
            goto out;
        }
        goto recover;
    }
    stop_at = 1;

advance:
    /* lv is the record of `level`; try its next candidate. */
    while (lv->rest == 0) {
        if (++lv->cand >= lv->cand_end)
            goto recover;
        lv->rest = v.cand_m[lv->cand];
    }
    {
        int32_t o = v.cand_w[lv->cand] * 64 + dlxi_lowest_bit(lv->rest);
        lv->rest &= lv->rest - 1;
        lv->tried++;
        /* The level's last candidate is tried in its own frame, which
         * nothing reads once the level is done (a forced move: most nodes
         * of a sudoku), the others in the frame of the level below; but
         * not when the budget may run out at a dead end: the trial is then
         * done again to the end. */
        uint64_t *f = lv->frame, *to = v.frames + (size_t)(level + 1) * (size_t)v.frame_words;
        if (lv->rest == 0 && lv->cand + 1 >= lv->cand_end && (!has_budget || budget != 0))
            to = f;
        choice[level] = v.first[o]; /* its first node: search.c reads the id off the spacer before it */
        int64_t u = try_option(v, f, to, o, lv, colors, 0, track, by_clash);
        if (u >= 0) {
            lv->upd = u;
            updates += (uint64_t)u;
            lvs[++level].frame = to;
            goto forward;
        }
        /* The child is a dead end: DLX1 enters it, counts it, finds an item
         * with no option and backs up. */
        lv->upd = 0; /* the trial was given up: nothing counted */
        if (has_budget && budget == 0) {
            try_option(v, f, to, o, lv, colors, 1, track, by_clash);
            lvs[++level].frame = to;
            rc = DLX_PAUSED;
            goto out;
        }
        if (has_budget)
            budget--;
        nodes++;
        if (level + 1 > max_level)
            max_level = level + 1;
        goto advance;
    }

recover:
    /* Back from level (a solution, or all its options tried) to the level
     * above, whose candidates go on. Back at the floor, the search's own
     * subtree is done. */
    if (level == floor_level) {
        p->state = S_DONE;
        rc = DLX_OK;
        goto out;
    }
    level--;
    lv = &lvs[level];
    cand_top = lv->cand_end;
    zero_top = lv->zero_end;
    goto advance;

recover_from_solution:
    p->state = S_PAUSED;
    stop_at = 1;
    goto recover;

out:
    p->level = level;
    p->stats.nodes += nodes;
    p->stats.updates += updates;
    p->stats.max_level = max_level;
    return rc;
}

/* The copies of the loop: with and without colours, with and without clash
 * sets, and for the common largest numbers of primary items an option
 * (queens 2, Langford pairs 3, sudoku 4, pentominoes 6) with that number
 * built in. */
#define RUN_COPY(name, colors, k, track, by_clash)                                          \
    DLX_NOINLINE int name(dlx_problem *p, uint64_t budget)                                  \
    {                                                                                       \
        return run_bits(p, budget, colors, k, track, by_clash);                             \
    }
RUN_COPY(run_bits_any, 0, 0, 0, 0)
RUN_COPY(run_bits_2, 0, 2, 0, 0)
RUN_COPY(run_bits_3, 0, 3, 0, 0)
RUN_COPY(run_bits_4, 0, 4, 0, 0)
RUN_COPY(run_bits_6, 0, 6, 0, 0)
RUN_COPY(run_colors_any, 1, 0, 0, 0)
RUN_COPY(run_colors_2, 1, 2, 0, 0)
/* With clash sets. */
RUN_COPY(run_clash_any, 0, 0, 0, 1)
RUN_COPY(run_clash_2, 0, 2, 0, 1)
RUN_COPY(run_clash_3, 0, 3, 0, 1)
RUN_COPY(run_clash_6, 0, 6, 0, 1)
/* DLX_CHOOSE_MRV_RECENT: the general shapes, and sudoku's. */
RUN_COPY(run_recent_any, 0, 0, 1, 0)
RUN_COPY(run_recent_4, 0, 4, 1, 0)
RUN_COPY(run_recent_colors, 1, 0, 1, 0)
RUN_COPY(run_recent_clash, 0, 0, 1, 1)
#undef RUN_COPY

static int bits_run(dlx_problem *p, uint64_t budget)
{
    const struct dlx_bits *b = p->run.bits;
    int32_t k = b->max_prim; /* every record has k slots, padded with the sink */
    if (p->choose == DLX_CHOOSE_MRV_RECENT)
        return p->has_colors ? run_recent_colors(p, budget)
               : b->clash    ? run_recent_clash(p, budget)
               : k == 4      ? run_recent_4(p, budget)
                             : run_recent_any(p, budget);
    if (p->has_colors)
        return k == 2 ? run_colors_2(p, budget) : run_colors_any(p, budget);
    if (b->clash)
        switch (k) {
        case 2: return run_clash_2(p, budget);
        case 3: return run_clash_3(p, budget);
        case 6: return run_clash_6(p, budget);
        default: return run_clash_any(p, budget);
        }
    switch (k) {
    case 2: return run_bits_2(p, budget);
    case 3: return run_bits_3(p, budget);
    case 4: return run_bits_4(p, budget);
    case 6: return run_bits_6(p, budget);
    default: return run_bits_any(p, budget);
    }
}

/* --- Which problems suit the bits ----------------------------------------- */

/* A trial copies a whole frame, and a kill list may visit words without
 * options of its item left: both cost in proportion to the size of the
 * problem, not to what the trial changes, which the links' cost is. So the
 * bits are for problems whose frame is small. */
static int bits_suits(const dlx_problem *p)
{
    if (p->run.bits_too_big)
        return 0;
    int64_t words = ((int64_t)p->n_options + 63) / 64;
    int64_t frame_bytes = 8 * words + 4 * (int64_t)p->n_primary +
                          ((int64_t)p->n_items - p->n_primary + 63) / 64 * 8;
    return frame_bytes <= DLX_BITS_MAX_FRAME;
}

/* --- The live state, for questions asked during a search ---------------- */

static int popcount64(uint64_t v)
{
#if defined(__GNUC__)
    return __builtin_popcountll(v);
#else
    int n = 0;
    for (; v; v &= v - 1)
        n++;
    return n;
#endif
}

/* The kill list of all of item x's options (x a header index). */
static int32_t item_list(const dlx_problem *p, int32_t x)
{
    const struct dlx_bits *b = p->run.bits;
    return p->secondary[x] ? b->n_prim + 1 + b->slot[x] : b->slot[x];
}

/* The frame the search stands at: the state of level p->level. */
static const uint64_t *current_frame(const dlx_problem *p)
{
    return p->run.bits->lv[p->level].frame;
}

static int bits_active(const dlx_problem *p, int32_t x)
{
    const struct dlx_bits *b = p->run.bits;
    if (p->secondary[x])
        return 0;
    const bits_count *cnt = counts_in(b, current_frame(p));
    return cnt[b->slot[x]] < ACTIVE_BELOW;
}

static int32_t bits_options(const dlx_problem *p, int32_t x, int32_t *opts, int32_t cap)
{
    const struct dlx_bits *b = p->run.bits;
    const uint64_t *live = current_frame(p);
    int32_t n = 0;
    int32_t list = item_list(p, x);
    for (int32_t j = b->kill_at[list]; j < b->kill_at[list + 1]; j++)
        for (uint64_t m = live[b->kill[j].w] & b->kill[j].m; m; m &= m - 1, n++)
            if (n < cap)
                opts[n] = b->id_of[b->kill[j].w * 64 + dlxi_lowest_bit(m)];
    return n;
}

static int32_t bits_remaining(const dlx_problem *p, int32_t x)
{
    const struct dlx_bits *b = p->run.bits;
    const uint64_t *live = current_frame(p);
    int32_t n = 0;
    int32_t list = item_list(p, x);
    for (int32_t j = b->kill_at[list]; j < b->kill_at[list + 1]; j++)
        n += popcount64(live[b->kill[j].w] & b->kill[j].m);
    return n;
}

static int32_t bits_active_items(const dlx_problem *p, int32_t *items, int32_t cap)
{
    const struct dlx_bits *b = p->run.bits;
    const bits_count *cnt = counts_in(b, current_frame(p));
    int32_t n = 0;
    for (int32_t i = 0; i < b->n_prim; i++)
        if (cnt[i] < ACTIVE_BELOW) {
            if (n < cap)
                items[n] = b->prim_hdr[i] - 1;
            n++;
        }
    return n;
}

/* --- The split interface (dlx_internal.h), on bits --------------------------- */

/* The option ids of the candidates that level l will still try after the
 * one in force (at most cap of them copied); how many there are. */
static int32_t bits_untried(const dlx_problem *p, int32_t l, int32_t *opts, int32_t cap)
{
    const struct dlx_bits *b = p->run.bits;
    const struct bits_level *lv = &b->lv[l];
    int32_t n = 0;
    for (int32_t j = lv->cand; j < lv->cand_end; j++)
        for (uint64_t m = j == lv->cand ? lv->rest : b->cand_m[j]; m; m &= m - 1, n++)
            if (n < cap)
                opts[n] = b->id_of[b->cand_w[j] * 64 + dlxi_lowest_bit(m)];
    return n;
}

static int32_t bits_level_width(const dlx_problem *p, int32_t l, int32_t *position)
{
    const struct bits_level *lv = &p->run.bits->lv[l];
    if (position)
        *position = lv->tried - 1;
    return lv->width;
}

static uint64_t bits_last_updates(dlx_problem *p)
{
    return p->level > 0 ? (uint64_t)p->run.bits->lv[p->level - 1].upd : 0;
}

/* As dlxi_start_subtree() on the links: each option of the prefix is tried
 * on the item the rule would pick among its own active primary items (the
 * leftmost with fewest options: when the item the search chose at that
 * level is one of the option's, it is that one), and is placed among that
 * item's candidates as the one in force. Each trial is done to the end,
 * since the subtree may be a dead end; what the last one counts is what the
 * search itself counts for it (nothing for a dead end). */
static int bits_start_subtree(dlx_problem *p, const int32_t *prefix, int32_t n)
{
    struct dlx_bits *b = p->run.bits;
    const struct bits_view v = view_of(p, 0);
    int32_t cand_top = 0, zero_top = 0;
    const int recent = p->choose == DLX_CHOOSE_MRV_RECENT;
    root_frame(p, v, b->base);
    for (int32_t k = 0; k < n; k++) {
        int32_t o = b->inner[prefix[k]], pick = -1; /* prefix[k]: checked by the caller */
        uint64_t *f = v.frames + (size_t)k * (size_t)v.frame_words;
        bits_count *cnt = (bits_count *)(void *)(f + v.words + v.sec_words);
        const int32_t *r = v.rec + (size_t)o * (size_t)v.stride;
        if (!(f[o / 64] >> (o % 64) & 1))
            return DLX_ECONFLICT; /* ruled out by the options before it */
        for (int32_t e = 0; e < v.max_prim; e++) {
            int32_t i = r[e];
            if (i < v.n_prim && cnt[i] < ACTIVE_BELOW &&
                (pick < 0 || cnt[i] < cnt[pick] || (cnt[i] == cnt[pick] && i < pick)))
                pick = i;
        }
        if (pick < 0)
            return DLX_ECONFLICT; /* no primary item: never tried */
        if (recent && k > 0 && b->lv[k - 1].recent_len == cnt[pick]) {
            /* The recent item wins the tie, if it is one of o's. */
            for (int32_t e = 0; e < v.max_prim; e++)
                if (r[e] == b->lv[k - 1].recent_slot)
                    pick = r[e];
        }
        struct bits_level *lv = &b->lv[k];
        lv->frame = f;
        lv->item = pick;
        lv->width = cnt[pick];
        lv->lent = 0;
        lv->cand = cand_top;
        lv->zero = zero_top;
        cnt[pick] = INACTIVE;
        rule_out(v, f, cnt, pick, RULE_COVER, &cand_top, &zero_top, 0, lv, lv->width);
        lv->cand_end = cand_top;
        lv->zero_end = zero_top;
        /* o among the candidates: the ones before it count as tried. */
        int32_t rank = 0;
        lv->rest = 0;
        for (int32_t j = lv->cand; j < lv->cand_end; j++) {
            if (b->cand_w[j] != o / 64) {
                rank += popcount64(b->cand_m[j]);
                continue;
            }
            uint64_t below = ((uint64_t)1 << (o % 64)) - 1, m = b->cand_m[j];
            rank += popcount64(m & below);
            lv->rest = m & ~below & ~((uint64_t)1 << (o % 64));
            lv->cand = j;
            break;
        }
        lv->tried = rank + 1;
        p->run.choice[k] = b->first[o];
        int64_t u = try_option(v, f, f + v.frame_words, o, lv, p->has_colors, 1, recent, 0);
        lv->upd = has_zero(v, f + v.frame_words) ? 0 : u;
        if (k == n - 1)
            p->stats.updates += (uint64_t)lv->upd;
    }
    b->lv[n].frame = v.frames + (size_t)n * (size_t)v.frame_words;
    p->state = S_PAUSED;
    p->level = p->floor = n;
    p->found = 0;
    p->stop_requested = 0;
    return DLX_OK;
}

/* The frame in force against the tables: every active item's count is the
 * number of its live options, no live option holds a covered item, and a
 * covered item is far from the active range. */
static int bits_check(const dlx_problem *p, const char **what)
{
    const struct dlx_bits *b = p->run.bits;
    const uint64_t *live = current_frame(p);
    const bits_count *cnt = counts_in(b, live);
    for (int32_t i = 0; i < b->n_counts; i++) {
        if (i >= b->n_prim) {
            if (cnt[i] < ACTIVE_BELOW) {
                *what = "bits: the sink or a padding count looks active";
                return DLX_EINVAL;
            }
            continue;
        }
        int32_t x = b->prim_hdr[i];
        if (cnt[i] < ACTIVE_BELOW ? cnt[i] != bits_remaining(p, x)
                                  : bits_remaining(p, x) != 0) {
            *what = cnt[i] < ACTIVE_BELOW
                        ? "bits: an active item's count is not the number of its live options"
                        : "bits: a covered item still has a live option";
            return DLX_EINVAL;
        }
    }
    return DLX_OK;
}

/* --- The engine ------------------------------------------------------------ */

static int bits_accepts(const dlx_problem *p)
{
    return !p->has_bounds;
}

/* The tables, built at the first search that wants them; the links are
 * left as the commitments have them (the search never touches them). */
static int bits_prepare(dlx_problem *p)
{
    return dlxi_build_bits(p);
}

/* The option of each level: the spacer before its first node names it. */
static int32_t bits_path(const dlx_problem *p, int32_t levels, int32_t *out)
{
    for (int32_t l = 0; l < levels; l++)
        out[l] = -p->nd.im[p->run.choice[l] - 1].itm;
    return levels;
}

const dlx_engine dlxi_engine_bits = {
    .version = DLX_ENGINE_VERSION,
    .name = "bits",
    .strategy = DLX_STRATEGY_BITS,
    .accepts = bits_accepts,
    .suits = bits_suits,
    .prepare = bits_prepare,
    .run = bits_run,
    .estimate = dlxi_estimate_levels,
    .path = bits_path,
    .start_subtree = bits_start_subtree,
    .untried = bits_untried,
    .level_width = bits_level_width,
    .last_updates = bits_last_updates,
    .check = bits_check,
    .remaining = bits_remaining,
    .active = bits_active,
    .options = bits_options,
    .active_items = bits_active_items,
};
