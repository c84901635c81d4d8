/* SPDX-License-Identifier: MIT */
/* memo.c - the memo engine: counting the solutions of an exact-cover
 * problem (with colours) by memoizing its subproblems, and building the ZDD
 * of all its solutions on the way (dlx_count_memo(), dlx.h), after Nishino,
 * Yasuda, Minato and Nagata, "Dancing with Decision Diagrams: A Combined
 * Approach to Exact Cover" (AAAI 2017, "DXZ").
 *
 * A subproblem is fixed by the state of the remaining items: which primary
 * items are still to cover and, for each secondary item, whether it is free,
 * taken, or held at a colour. The state is kept as a key of 64-bit words,
 * updated as options are chosen and unchosen (one bit per item; with colours
 * one 32-bit slot per secondary item). The search runs on the flat tables
 * (flat.h), with a branching rule that is a function of the state alone
 * (else the memo would be wrong): the item with the fewest options left, or
 * the first item still to cover. Each state's solutions become a chain of
 * ZDD nodes, one per option of the chosen item that has solutions: node
 * (option, lo = the next option's chain, hi = the state after the option).
 *
 * Memory: the memo (the table of states and their keys) and the ZDD grow by
 * doubling, under a cap. When growing would pass it, or the allocator says
 * no, nothing more is stored: the count goes on without the memo (a state
 * met again is searched again), so it is still exact, and the ZDD is marked
 * incomplete. Counts are 128-bit (dlx_u128), checked for overflow.
 */
#include "flat.h"

#include <string.h>

/* --- 128-bit counts -------------------------------------------------------- */

/* a += b; 1 on overflow. */
static int u128_add(dlx_u128 *a, dlx_u128 b)
{
    uint64_t lo = a->lo + b.lo;
    uint64_t carry = lo < a->lo;
    uint64_t hi = a->hi + b.hi;
    int over = hi < a->hi;
    uint64_t hi2 = hi + carry;
    over |= hi2 < hi;
    a->lo = lo;
    a->hi = hi2;
    return over;
}

static int u128_less(dlx_u128 a, dlx_u128 b)
{
    return a.hi != b.hi ? a.hi < b.hi : a.lo < b.lo;
}

static int u128_zero(dlx_u128 a)
{
    return a.hi == 0 && a.lo == 0;
}

char *dlx_u128_string(dlx_u128 n, char *buf)
{
    /* Divide by 10^9 in 32-bit limbs, most significant first. */
    uint32_t limb[4] = {(uint32_t)(n.hi >> 32), (uint32_t)n.hi, (uint32_t)(n.lo >> 32),
                        (uint32_t)n.lo};
    char tmp[48];
    int len = 0;
    for (;;) {
        uint64_t rem = 0;
        int nonzero = 0;
        for (int i = 0; i < 4; i++) {
            uint64_t cur = (rem << 32) | limb[i];
            limb[i] = (uint32_t)(cur / 1000000000u);
            rem = cur % 1000000000u;
            nonzero |= limb[i] != 0;
        }
        for (int d = 0; d < 9; d++) {
            tmp[len++] = (char)('0' + rem % 10);
            rem /= 10;
            if (!nonzero && rem == 0)
                break;
        }
        if (!nonzero)
            break;
    }
    for (int i = 0; i < len; i++)
        buf[i] = tmp[len - 1 - i];
    buf[len] = '\0';
    return buf;
}

/* --- The ZDD ---------------------------------------------------------------- */

#define NODE_NONE UINT32_MAX /* a state whose node was not stored (the cap) */
#define MEMO_GIVE_UP 100     /* memo_search(): the memo does not pay, count plainly */

struct zdd_node {
    dlx_u128 count; /* solutions below it */
    int32_t opt;    /* -1 in the terminals */
    uint32_t lo, hi;
};

struct dlx_zdd {
    dlx_alloc_fn alloc;
    void *ud;
    int64_t n_nodes, cap;
    struct zdd_node *node;
    int64_t root;
    int32_t n_committed, committed_cap;
    int32_t *committed;
};

static void *z_alloc(dlx_alloc_fn alloc, void *ud, void *ptr, size_t old, size_t size)
{
    return alloc(ud, ptr, old, size);
}

static void zdd_release(struct dlx_zdd *z)
{
    if (z->node)
        z_alloc(z->alloc, z->ud, z->node, (size_t)z->cap * sizeof *z->node, 0);
    if (z->committed)
        z_alloc(z->alloc, z->ud, z->committed, (size_t)z->committed_cap * sizeof *z->committed, 0);
    z->node = NULL;
    z->committed = NULL;
}

void dlx_zdd_free(dlx_zdd *z)
{
    if (!z)
        return;
    zdd_release(z);
    z->alloc(z->ud, z, sizeof *z, 0);
}

int64_t dlx_zdd_node_count(const dlx_zdd *z)
{
    return z ? z->n_nodes : 0;
}

int64_t dlx_zdd_root(const dlx_zdd *z)
{
    return z ? z->root : 0;
}

int dlx_zdd_node(const dlx_zdd *z, int64_t n, int32_t *option, int64_t *lo, int64_t *hi)
{
    if (!z || n < 2 || n >= z->n_nodes)
        return DLX_EINVAL;
    if (option)
        *option = z->node[n].opt;
    if (lo)
        *lo = z->node[n].lo;
    if (hi)
        *hi = z->node[n].hi;
    return DLX_OK;
}

dlx_u128 dlx_zdd_count(const dlx_zdd *z, int64_t n)
{
    dlx_u128 zero = {0, 0};
    if (!z || n < 0 || n >= z->n_nodes)
        return zero;
    return z->node[n].count;
}

/* splitmix64: the next 64 random bits from *state. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

/* A number drawn uniformly from [0, n), n > 0: random bits under n's
 * mask, drawn again when not below n (less than half the draws on average). */
static dlx_u128 below(uint64_t *rng, dlx_u128 n)
{
    dlx_u128 m1 = n; /* n - 1 */
    if (m1.lo-- == 0)
        m1.hi--;
    uint64_t mask_hi = m1.hi, mask_lo = m1.hi ? UINT64_MAX : m1.lo;
    for (int s = 1; s < 64; s <<= 1) {
        mask_hi |= mask_hi >> s;
        mask_lo |= mask_lo >> s;
    }
    for (;;) {
        dlx_u128 r = {next_random(rng) & mask_hi, next_random(rng) & mask_lo};
        if (u128_less(r, n))
            return r;
    }
}

int32_t dlx_zdd_sample(const dlx_zdd *z, uint64_t *rng, int32_t *opts, int32_t cap)
{
    if (!z || !rng || (cap > 0 && !opts) || cap < 0 || u128_zero(z->node[z->root].count))
        return DLX_EINVAL;
    int32_t n = 0;
    for (int32_t i = 0; i < z->n_committed; i++, n++)
        if (n < cap)
            opts[n] = z->committed[i];
    int64_t v = z->root;
    while (v > 1) {
        const struct zdd_node *e = &z->node[v];
        dlx_u128 r = below(rng, e->count);
        if (u128_less(r, z->node[e->hi].count)) {
            if (n < cap)
                opts[n] = e->opt;
            n++;
            v = e->hi;
        } else {
            v = e->lo;
        }
    }
    return n;
}

/* --- The run ----------------------------------------------------------------- */

/* A level of the search: the state's item and how far down its list. */
struct memo_frame {
    int32_t item;
    int32_t pos;      /* next place in the item's list */
    int32_t chosen;   /* option in force, -1 none */
    int64_t results;  /* where this level's results begin on the result stack */
    int32_t width;    /* options open when the level began, and tried so far */
    int32_t tried;    /* (for the estimate) */
    uint64_t hash;    /* the state's */
    double size;      /* the plain search's nodes below it so far (see memo_gain()) */
};

/* What one option of a level gave: its subproblem's node and count. */
struct memo_result {
    int32_t option;
    uint32_t node;
    dlx_u128 count;
};

/* A stored state: its hash, its ZDD node (its key is in keys[]) and the
 * nodes the plain search visits below it (in the padding: no room taken). */
struct memo_state {
    uint64_t hash;
    uint32_t node;
    float size;
};

/* Where a count stands: the memo's search, the plain search that took over
 * when the memo did not pay, or over. */
enum memo_phase { PHASE_MEMO, PHASE_PLAIN, PHASE_DONE };

/* The engine's run state (p->run.goal_run): the flat table first, as
 * flat.c's questions about the live state expect. */
struct memo_run {
    dlxi_flat f;
    dlx_problem *p;
    const dlx_memo_opts *o;
    int32_t kw;             /* key words */
    int32_t sec_base;       /* first word of the secondary items' part */
    int32_t *slot;          /* [item] its bit (primary, or secondary without colours)
                               or 32-bit slot (secondary with colours) in the key */
    uint64_t *key;          /* the current state */
    /* The memo: states in order of storing, a table of their indices + 1. */
    uint64_t *keys;         /* [state * kw] */
    int64_t keys_cap;       /* in words */
    struct memo_state *states;
    int64_t n_states, states_cap;
    uint32_t *table;
    int64_t table_cap;      /* a power of two, at least twice n_states */
    /* The ZDD's unique table: indices of its nodes by (option, lo, hi), so
     * that no node is made twice (a power of two, at least twice the nodes). */
    uint32_t *unique;
    int64_t unique_cap;
    uint64_t shared;        /* nodes asked for that were there already */
    struct dlx_zdd z;       /* nodes 0 and 1 are the terminals */
    struct memo_frame *frames;
    int32_t depth_cap;
    struct memo_result *res;
    int64_t n_res, res_cap;
    uint64_t bytes, limit;
    int full;
    int overflow;
    dlx_memo_result r;
    enum memo_phase phase;
    int32_t l;              /* the level the memo's loop is at */
    uint64_t next_look;     /* the node count of the next look at the gain; 0: none */
    uint32_t root;          /* when over: the root's ZDD node, and the count */
    dlx_u128 count;
    int32_t *committed;     /* the commitments' options (the ZDD keeps them) */
    int32_t n_committed, committed_cap;
    dlx_problem *plain;     /* PHASE_PLAIN: the clone the plain search counts on */
};

static uint64_t hash_key(const uint64_t *k, int32_t n)
{
    uint64_t h = UINT64_C(0x243f6a8885a308d3);
    for (int32_t i = 0; i < n; i++) {
        h ^= k[i];
        h *= UINT64_C(0x9e3779b97f4a7c15);
        h ^= h >> 29;
    }
    return h | 1;
}

/* Grows a block to hold `need` elements (doubling), within the cap.
 * 0, or -1 (nothing changed) when the cap or the allocator says no. */
static int memo_grow(struct memo_run *m, void **arr, int64_t *cap, size_t size, int64_t need,
                     int64_t first)
{
    if (need <= *cap)
        return 0;
    int64_t nc = *cap ? *cap : first;
    while (nc < need)
        nc *= 2;
    size_t old = (size_t)*cap * size, grown = (size_t)nc * size;
    if (m->limit && m->bytes - old + grown > m->limit)
        return -1;
    void *b = m->p->alloc(m->p->ud, *arr, old, grown);
    if (!b)
        return -1;
    m->bytes = m->bytes - old + grown;
    *arr = b;
    *cap = nc;
    return 0;
}

static void update_key(struct memo_run *m, int32_t o)
{
    const dlxi_flat *f = &m->f;
    for (int32_t j = f->opt_start[o]; j < f->opt_start[o + 1]; j++) {
        int32_t y = f->opt_item[j], s = m->slot[y];
        if (!f->secondary[y] || !f->has_colors) {
            int on = f->secondary[y] ? f->col[y] != 0 : f->cnt[y] != 0;
            uint64_t bit = UINT64_C(1) << (s & 63);
            if (on)
                m->key[s >> 6] |= bit;
            else
                m->key[s >> 6] &= ~bit;
        } else {
            uint64_t *w = &m->key[m->sec_base + (s >> 1)];
            int shift = (s & 1) * 32;
            *w = (*w & ~(UINT64_C(0xffffffff) << shift)) |
                 ((uint64_t)(uint32_t)f->col[y] << shift);
        }
    }
}

/* The state's index in the memo, or -1. */
static int64_t memo_find(const struct memo_run *m, uint64_t h)
{
    if (!m->table_cap)
        return -1;
    uint64_t mask = (uint64_t)m->table_cap - 1;
    for (uint64_t i = h & mask;; i = (i + 1) & mask) {
        uint32_t e = m->table[i];
        if (e == 0)
            return -1;
        int64_t s = (int64_t)e - 1;
        if (m->states[s].hash == h &&
            memcmp(m->keys + s * m->kw, m->key, (size_t)m->kw * sizeof *m->key) == 0)
            return s;
    }
}

static void table_put(struct memo_run *m, uint64_t h, int64_t s)
{
    uint64_t mask = (uint64_t)m->table_cap - 1;
    uint64_t i = h & mask;
    while (m->table[i])
        i = (i + 1) & mask;
    m->table[i] = (uint32_t)(s + 1);
}

/* Replaces an open-addressing table by an empty one twice its size (4096
 * entries at first), within the cap: 0, or -1 with the table as it was.
 * The caller puts the entries back. */
static int renew_table(struct memo_run *m, uint32_t **table, int64_t *cap)
{
    int64_t nc = *cap ? *cap * 2 : 4096;
    size_t old = (size_t)*cap * sizeof **table, grown = (size_t)nc * sizeof **table;
    if (m->limit && m->bytes + grown > m->limit)
        return -1;
    uint32_t *t = dlxi_alloc(m->p, grown);
    if (!t)
        return -1;
    memset(t, 0, grown);
    dlxi_free(m->p, *table, old);
    m->bytes = m->bytes - old + grown;
    *table = t;
    *cap = nc;
    return 0;
}

/* Stores the current state with its node, if there is room. */
static void memo_store(struct memo_run *m, uint64_t h, uint32_t node, double size)
{
    if (m->full || node == NODE_NONE)
        return;
    int64_t s = m->n_states;
    if (s >= (int64_t)UINT32_MAX - 1)
        goto full;
    if (memo_grow(m, (void **)&m->keys, &m->keys_cap, sizeof *m->keys, (s + 1) * m->kw,
                  1024 * (int64_t)m->kw) ||
        memo_grow(m, (void **)&m->states, &m->states_cap, sizeof *m->states, s + 1, 1024))
        goto full;
    if (2 * (s + 1) > m->table_cap) {
        if (renew_table(m, &m->table, &m->table_cap))
            goto full;
        for (int64_t i = 0; i < s; i++)
            table_put(m, m->states[i].hash, i);
    }
    memcpy(m->keys + s * m->kw, m->key, (size_t)m->kw * sizeof *m->key);
    m->states[s] = (struct memo_state){.hash = h, .node = node, .size = (float)size};
    table_put(m, h, s);
    m->n_states++;
    return;
full:
    m->full = 1;
}

static uint64_t node_hash(int32_t opt, uint32_t lo, uint32_t hi)
{
    uint64_t h = ((uint64_t)(uint32_t)opt * UINT64_C(0x9e3779b97f4a7c15)) ^ lo;
    h = (h ^ (h >> 31)) * UINT64_C(0xbf58476d1ce4e5b9) ^ hi;
    return (h ^ (h >> 29)) * UINT64_C(0x94d049bb133111eb);
}

static void unique_put(struct memo_run *m, uint32_t n)
{
    const struct zdd_node *e = &m->z.node[n];
    uint64_t mask = (uint64_t)m->unique_cap - 1;
    uint64_t i = node_hash(e->opt, e->lo, e->hi) & mask;
    while (m->unique[i])
        i = (i + 1) & mask;
    m->unique[i] = n;
}

/* The ZDD node (opt, lo, hi): for a ZDD handed back, the one made before if
 * there is one (the unique table of every decision diagram: equal
 * subdiagrams are one node, and the count of a node depends on lo and hi
 * only), else a new one; or NODE_NONE when there is no room (the memo is
 * then full). A count alone does without the table: two states whose
 * chains end alike are rare where the memo pays (none in the domino
 * tilings), and the lookups cost 10-15% of the time. */
static uint32_t make_node(struct memo_run *m, int32_t opt, uint32_t lo, uint32_t hi,
                          dlx_u128 count)
{
    if (m->full)
        return NODE_NONE;
    const int reduce = m->o->keep_zdd; /* only the ZDD handed back is worth it */
    if (reduce && m->unique_cap) {
        uint64_t mask = (uint64_t)m->unique_cap - 1;
        for (uint64_t i = node_hash(opt, lo, hi) & mask; m->unique[i]; i = (i + 1) & mask) {
            const struct zdd_node *e = &m->z.node[m->unique[i]];
            if (e->opt == opt && e->lo == lo && e->hi == hi) {
                m->shared++;
                return m->unique[i];
            }
        }
    }
    int64_t n = m->z.n_nodes;
    if (n >= (int64_t)NODE_NONE - 1) {
        m->full = 1;
        return NODE_NONE;
    }
    if (memo_grow(m, (void **)&m->z.node, &m->z.cap, sizeof *m->z.node, n + 1, 1024)) {
        m->full = 1;
        return NODE_NONE;
    }
    if (reduce && 2 * (n + 1) > m->unique_cap) {
        if (renew_table(m, &m->unique, &m->unique_cap)) {
            m->full = 1;
            return NODE_NONE;
        }
        for (int64_t i = 2; i < n; i++) /* the terminals are never looked up */
            unique_put(m, (uint32_t)i);
    }
    m->z.node[n] = (struct zdd_node){.count = count, .opt = opt, .lo = lo, .hi = hi};
    m->z.n_nodes++;
    if (reduce && n >= 2)
        unique_put(m, (uint32_t)n);
    return (uint32_t)n;
}

static int push_result(struct memo_run *m, int32_t opt, uint32_t node, dlx_u128 count)
{
    if (m->n_res + 1 > m->res_cap) {
        int64_t nc = m->res_cap ? m->res_cap * 2 : 256;
        void *b = m->p->alloc(m->p->ud, m->res, (size_t)m->res_cap * sizeof *m->res,
                              (size_t)nc * sizeof *m->res);
        if (!b)
            return DLX_ENOMEM;
        m->res = b;
        m->res_cap = nc;
    }
    m->res[m->n_res++] = (struct memo_result){.option = opt, .node = node, .count = count};
    return DLX_OK;
}

/* The item to branch on in the current state: *dead when it has no option
 * left (the state has no solution). */
static int32_t memo_item(const struct memo_run *m, int *dead)
{
    const dlxi_flat *f = &m->f;
    int32_t best = -1, best_len = INT32_MAX;
    for (int32_t x = 0; x < f->n_items; x++) {
        if (f->secondary[x] || f->cnt[x] != 0)
            continue;
        if (m->o->rule == DLX_MEMO_FIRST) {
            best = x;
            break;
        }
        if (f->avail[x] < best_len) {
            best = x;
            best_len = f->avail[x];
            if (best_len == 0)
                break;
        }
    }
    *dead = best >= 0 && f->avail[best] == 0;
    return best;
}

/* Opens a level on the current state (known not to be in the memo). */
static void open_level(struct memo_run *m, int32_t l, int32_t x, uint64_t h)
{
    struct memo_frame *fr = &m->frames[l];
    fr->item = x;
    fr->pos = m->f.list_start[x];
    fr->chosen = -1;
    fr->results = m->n_res;
    fr->hash = h;
    fr->size = 0;
    fr->width = m->f.avail[x];
    fr->tried = 0;
}

/* The sum of the results finished so far: a lower bound of the count. */
static dlx_u128 partial_count(const struct memo_run *m)
{
    dlx_u128 c = {0, 0};
    for (int64_t i = 0; i < m->n_res; i++)
        u128_add(&c, m->res[i].count);
    return c;
}

/* What the state after option o (in force) gives: a result pushed, or a new
 * level opened (returns 1). */
static int after_option(struct memo_run *m, int32_t l, int32_t o, int *opened)
{
    dlxi_flat *f = &m->f;
    *opened = 0;
    dlx_u128 one = {0, 1}, zero = {0, 0};
    if (f->short_items == 0)
        return push_result(m, o, 1, one);
    uint64_t h = hash_key(m->key, m->kw);
    int64_t s = memo_find(m, h);
    if (s >= 0) {
        m->r.hits++;
        m->frames[l].size += m->states[s].size;
        uint32_t node = m->states[s].node;
        return push_result(m, o, node, m->z.node[node].count);
    }
    int dead;
    int32_t x = memo_item(m, &dead);
    if (dead) {
        memo_store(m, h, 0, 0);
        return push_result(m, o, 0, zero);
    }
    open_level(m, l + 1, x, h);
    *opened = 1;
    return DLX_OK;
}

/* What the memo has saved so far: the nodes the plain search would have
 * visited by now over the memo's own. Each level's `size` adds up the
 * nodes of its options tried and, below each, the size of the state it led
 * to: a state met again counts its subtree again, as the plain search
 * would walk it again. With levels 0..l open, the plain search's nodes so
 * far are their sizes' sum. */
static double memo_gain(const struct memo_run *m, int32_t l)
{
    double plain = 0;
    for (int32_t i = 0; i <= l; i++)
        plain += m->frames[i].size;
    return plain / (double)m->r.nodes;
}

/* The gain the memo must show at its looks after DLX_MEMO_PROBE nodes and
 * 4 and 16 times that: 2, 4, then DLX_MEMO_GAIN. */
static double gain_wanted(uint64_t nodes)
{
    return nodes <= DLX_MEMO_PROBE ? 2 : nodes <= 4 * (uint64_t)DLX_MEMO_PROBE ? 4 : DLX_MEMO_GAIN;
}

/* Runs the memo's search from where it stands (level m->l) for at most
 * budget nodes (0: no limit): DLX_OK when it is over (m->root, m->count
 * set), DLX_PAUSED at the budget, MEMO_GIVE_UP when the memo does not pay,
 * DLX_STOPPED when asked, or an error. */
static int memo_search(struct memo_run *m, uint64_t budget)
{
    dlxi_flat *f = &m->f;
    dlx_problem *p = m->p;
    int32_t l = m->l;
    int rc = DLX_OK;
    const uint64_t stop_at = budget ? m->r.nodes + budget : UINT64_MAX;
    for (;;) {
        struct memo_frame *fr = &m->frames[l];
        if (fr->chosen >= 0) {
            dlxi_flat_unchoose(f, fr->chosen);
            update_key(m, fr->chosen);
            fr->chosen = -1;
        }
        if (p->stop_requested) {
            p->stop_requested = 0;
            rc = DLX_STOPPED;
            break;
        }
        if (m->r.nodes >= stop_at) {
            rc = DLX_PAUSED;
            break;
        }
        int32_t o = -1;
        while (fr->pos < f->list_start[fr->item + 1]) {
            int32_t c = f->list_opt[fr->pos++];
            if (!f->blocked[c]) {
                o = c;
                break;
            }
        }
        if (o >= 0) {
            m->r.nodes++;
            fr->size += 1;
            fr->tried++;
            fr->chosen = o;
            dlxi_flat_choose(f, o);
            update_key(m, o);
            int opened;
            rc = after_option(m, l, o, &opened);
            if (rc != DLX_OK)
                break;
            if (opened)
                l++;
            if (m->r.nodes == m->next_look) {
                m->next_look = m->r.nodes < 16 * DLX_MEMO_PROBE ? 4 * m->r.nodes : 0;
                if (!m->o->keep_zdd && !m->o->keep_memo && !m->o->no_memo &&
                    memo_gain(m, l) < gain_wanted(m->r.nodes)) {
                    rc = MEMO_GIVE_UP;
                    break;
                }
            }
            continue;
        }
        /* The level is done: its chain, last option first. */
        uint32_t node = 0;
        dlx_u128 count = {0, 0};
        for (int64_t i = m->n_res - 1; i >= fr->results; i--) {
            const struct memo_result *r = &m->res[i];
            if (u128_zero(r->count))
                continue;
            if (u128_add(&count, r->count))
                m->overflow = 1;
            if (node != NODE_NONE && r->node != NODE_NONE)
                node = make_node(m, r->option, node, r->node, count);
            else
                node = NODE_NONE;
        }
        if (m->overflow) {
            rc = DLX_ETOOBIG;
            break;
        }
        m->n_res = fr->results;
        memo_store(m, fr->hash, node, fr->size);
        if (l == 0) {
            m->root = node;
            m->count = count;
            break;
        }
        l--;
        m->frames[l].size += fr->size;
        rc = push_result(m, m->frames[l].chosen, node, count);
        if (rc != DLX_OK)
            break;
    }
    m->l = l;
    p->level = l;
    return rc;
}

static void memo_release(dlx_problem *p)
{
    struct memo_run *m = p->run.goal_run;
    if (!m)
        return;
    size_t ni = (size_t)(m->f.n_items ? m->f.n_items : 1);
    dlxi_free(p, m->slot, ni * sizeof *m->slot);
    dlxi_free(p, m->key, (size_t)m->kw * sizeof *m->key);
    dlxi_free(p, m->keys, (size_t)m->keys_cap * sizeof *m->keys);
    dlxi_free(p, m->states, (size_t)m->states_cap * sizeof *m->states);
    dlxi_free(p, m->table, (size_t)m->table_cap * sizeof *m->table);
    dlxi_free(p, m->unique, (size_t)m->unique_cap * sizeof *m->unique);
    dlxi_free(p, m->frames, (size_t)m->depth_cap * sizeof *m->frames);
    dlxi_free(p, m->res, (size_t)m->res_cap * sizeof *m->res);
    dlxi_free(p, m->committed, (size_t)m->committed_cap * sizeof *m->committed);
    dlx_free(m->plain);
    zdd_release(&m->z);
    dlxi_flat_free(&m->f);
    dlxi_free(p, m, sizeof *m);
    p->run.goal_run = NULL;
}

/* --- The engine (dlx_internal.h's table) --------------------------------------- */

/* Bounds (lo:hi items) are left out: docs/algorithm-x.md says why. */
static int memo_accepts(const dlx_problem *p)
{
    return !p->has_bounds;
}

static const dlx_memo_opts memo_defaults = {.rule = DLX_MEMO_MRV};

/* Builds the run: the flat table, the key of the state, the ZDD's two
 * terminals, the commitments, and the root's level (unless the root is a
 * leaf or a dead end: then the count is known already). */
static int memo_prepare(dlx_problem *p)
{
    const dlx_memo_opts *o = p->run.goal_opts ? p->run.goal_opts : &memo_defaults;
    struct memo_run *m = dlxi_alloc(p, sizeof *m);
    if (!m)
        return DLX_ENOMEM;
    memset(m, 0, sizeof *m);
    p->run.goal_run = m;
    m->p = p;
    m->o = o;
    m->limit = o->memory_limit;
    m->z.alloc = p->alloc;
    m->z.ud = p->ud;
    m->phase = PHASE_DONE;
    m->next_look = DLX_MEMO_PROBE;
    int rc = dlxi_flat_init(&m->f, p);
    if (rc != DLX_OK)
        return rc;
    dlxi_flat *f = &m->f;
    /* The key: a bit per primary item, then the secondary items' part. */
    int32_t n_sec = f->n_items - f->n_primary;
    int32_t pw = (f->n_primary + 63) / 64;
    m->sec_base = pw;
    m->kw = pw + (f->has_colors ? (n_sec + 1) / 2 : (n_sec + 63) / 64);
    if (m->kw == 0)
        m->kw = 1;
    m->slot = dlxi_alloc(p, (size_t)(f->n_items ? f->n_items : 1) * sizeof *m->slot);
    m->key = dlxi_alloc(p, (size_t)m->kw * sizeof *m->key);
    m->depth_cap = f->n_primary + 2;
    m->frames = dlxi_alloc(p, (size_t)m->depth_cap * sizeof *m->frames);
    m->committed_cap = p->n_commits ? p->n_commits : 1;
    m->committed = dlxi_alloc(p, (size_t)m->committed_cap * sizeof *m->committed);
    if (!m->slot || !m->key || !m->frames || !m->committed)
        return DLX_ENOMEM;
    m->bytes = f->bytes;
    memset(m->key, 0, (size_t)m->kw * sizeof *m->key);
    for (int32_t x = 0, np = 0, ns = 0; x < f->n_items; x++)
        m->slot[x] = f->secondary[x] ? (f->has_colors ? ns++ : pw * 64 + ns++) : np++;
    /* The two terminals (without room for them, nothing is stored). */
    dlx_u128 zero = {0, 0}, one = {0, 1};
    make_node(m, -1, 0, 0, zero);
    make_node(m, -1, 1, 1, one);
    if (o->no_memo)
        m->full = 1;
    int32_t nc = dlxi_flat_commit(f, p, m->committed);
    if (nc < 0)
        return DLX_OK; /* the commitments clash: no solution (root 0, count 0) */
    m->n_committed = nc;
    for (int32_t i = 0; i < nc; i++)
        update_key(m, m->committed[i]);
    if (f->short_items == 0) {
        m->root = 1;
        m->count = one;
        return DLX_OK;
    }
    int dead;
    int32_t x = memo_item(m, &dead);
    if (!dead) {
        open_level(m, 0, x, hash_key(m->key, m->kw));
        m->l = 0;
        m->phase = PHASE_MEMO;
    }
    return DLX_OK;
}

/* The plain count on the links, of a clone of p (p stays as it was), in
 * slices like the memo's own. */
static int plain_slice(struct memo_run *m, uint64_t budget)
{
    dlx_problem *c = m->plain;
    if (m->p->stop_requested) {
        m->p->stop_requested = 0;
        return DLX_STOPPED;
    }
    int rc = dlx_search(c, budget);
    m->p->level = dlx_level(c);
    if (rc != DLX_OK)
        return rc;
    dlx_stats st;
    dlx_get_stats(c, &st);
    m->r.nodes += st.nodes;
    m->count = (dlx_u128){0, st.solutions};
    m->root = NODE_NONE; /* the plain search makes no ZDD */
    dlx_free(c);
    m->plain = NULL;
    return DLX_OK;
}

static int memo_run_slice(dlx_problem *p, uint64_t budget)
{
    struct memo_run *m = p->run.goal_run;
    int rc = DLX_OK;
    if (m->phase == PHASE_MEMO) {
        const uint64_t before = m->r.nodes;
        rc = memo_search(m, budget);
        if (rc == MEMO_GIVE_UP) {
            m->r.plain = 1;
            m->phase = PHASE_PLAIN;
            m->plain = dlx_clone(p);
            if (!m->plain)
                return DLX_ENOMEM;
            dlx_set_solution_fn(m->plain, NULL, NULL);
            dlx_set_limit(m->plain, 0);
            /* The rest of the slice goes to the plain search. */
            const uint64_t used = m->r.nodes - before;
            if (budget && used >= budget)
                return DLX_PAUSED;
            rc = plain_slice(m, budget ? budget - used : 0);
        }
    } else if (m->phase == PHASE_PLAIN) {
        rc = plain_slice(m, budget);
    } else if (p->stop_requested) {
        p->stop_requested = 0;
        rc = DLX_STOPPED;
    }
    if (rc == DLX_OK) {
        m->phase = PHASE_DONE;
        p->state = S_DONE;
    }
    return rc;
}

/* The nodes so far, the plain search's too. */
static uint64_t memo_nodes(const struct memo_run *m)
{
    dlx_stats st = {0};
    if (m->plain)
        dlx_get_stats(m->plain, &st);
    return m->r.nodes + st.nodes;
}

static double memo_estimate(const dlx_problem *p)
{
    const struct memo_run *m = p->run.goal_run;
    if (m->phase == PHASE_PLAIN)
        return dlx_estimate_done(m->plain);
    double done = 0, share = 1;
    for (int32_t i = 0; m->phase == PHASE_MEMO && i <= m->l; i++) {
        const struct memo_frame *fr = &m->frames[i];
        if (fr->width <= 0)
            break;
        done += share * (fr->tried > 0 ? fr->tried - 1 : 0) / fr->width;
        share /= fr->width;
    }
    return done <= 0 ? 1e-9 : done >= 1 ? 1 - 1e-9 : done;
}

static int32_t memo_path(const dlx_problem *p, int32_t levels, int32_t *out)
{
    const struct memo_run *m = p->run.goal_run;
    if (m->phase == PHASE_PLAIN)
        return m->plain->engine ? m->plain->engine->path(m->plain, levels, out) : 0;
    int32_t n = 0;
    for (int32_t i = 0; m->phase == PHASE_MEMO && i < levels && i <= m->l; i++)
        if (m->frames[i].chosen >= 0)
            out[n++] = m->frames[i].chosen;
    return n;
}

/* The invariants of the state: the flat table's, or the plain search's
 * links once it counts. */
static int memo_check(const dlx_problem *p, const char **what)
{
    const struct memo_run *m = p->run.goal_run;
    if (!m->plain)
        return dlxi_flat_check(p, what);
    int rc = dlx_check(m->plain);
    if (rc != DLX_OK)
        *what = dlx_check_failure(m->plain);
    return rc;
}

/* The live state: the flat table's, or the plain search's once it counts. */
static int32_t memo_remaining(const dlx_problem *p, int32_t x)
{
    const struct memo_run *m = p->run.goal_run;
    return m->plain ? dlx_item_remaining(m->plain, x - 1) : dlxi_flat_remaining(p, x);
}

static int memo_active(const dlx_problem *p, int32_t x)
{
    const struct memo_run *m = p->run.goal_run;
    return m->plain ? dlx_item_is_active(m->plain, x - 1) : dlxi_flat_active(p, x);
}

static int32_t memo_options(const dlx_problem *p, int32_t x, int32_t *opts, int32_t cap)
{
    const struct memo_run *m = p->run.goal_run;
    return m->plain ? dlx_item_options(m->plain, x - 1, opts, cap)
                    : dlxi_flat_options(p, x, opts, cap);
}

static int32_t memo_active_items(const dlx_problem *p, int32_t *items, int32_t cap)
{
    const struct memo_run *m = p->run.goal_run;
    return m->plain ? dlx_active_items(m->plain, items, cap)
                    : dlxi_flat_active_items(p, items, cap);
}

const dlx_engine dlxi_engine_memo = {
    .version = DLX_ENGINE_VERSION,
    .name = "memo",
    .goal = DLXI_GOAL_COUNT_MEMO,
    .strategy = DLX_STRATEGY_AUTO,
    .accepts = memo_accepts,
    .suits = memo_accepts,
    .prepare = memo_prepare,
    .run = memo_run_slice,
    .estimate = memo_estimate,
    .path = memo_path,
    .check = memo_check,
    .remaining = memo_remaining,
    .active = memo_active,
    .options = memo_options,
    .active_items = memo_active_items,
    .release = memo_release,
};

/* --- dlx_count_memo(): the engine run to its end, by the common driver ------- */

/* The watch, with the nodes and states so far (ctx: the problem). */
static int call_watch(void *ctx)
{
    const struct memo_run *m = ((dlx_problem *)ctx)->run.goal_run;
    return m->o->watch(m->o->ctx, memo_nodes(m), (uint64_t)m->n_states);
}

int dlx_count_memo(dlx_problem *p, const dlx_memo_opts *o, dlx_memo_result *r, dlx_zdd **zdd)
{
    if (zdd)
        *zdd = NULL;
    if (r)
        memset(r, 0, sizeof *r);
    if (!p)
        return DLX_EINVAL;
    if (!o)
        o = &memo_defaults;
    int rc = dlxi_goal_start(p, DLXI_GOAL_COUNT_MEMO, o);
    if (rc != DLX_OK)
        return rc;
    struct memo_run *m = p->run.goal_run;
    rc = dlxi_goal_run(p, o->watch ? call_watch : NULL, p);
    if (rc == DLX_STOPPED) {
        /* A lower bound: the solutions of the branches finished. */
        if (m->phase == PHASE_PLAIN) {
            dlx_stats st;
            dlx_get_stats(m->plain, &st);
            m->count = (dlx_u128){0, st.solutions};
        } else if (m->phase == PHASE_MEMO) {
            m->count = partial_count(m);
        }
    }
    m->r.nodes = memo_nodes(m);
    m->r.count = m->count;
    m->r.states = (uint64_t)m->n_states;
    m->r.zdd_nodes = (uint64_t)m->z.n_nodes;
    m->r.memo_full = m->full && !o->no_memo;
    /* A missing state's NONE reaches the root. */
    m->r.zdd_complete = rc == DLX_OK && m->root != NODE_NONE;
    m->r.memory = m->bytes;
    if (r)
        *r = m->r;
    if (rc == DLX_OK && zdd && o->keep_zdd && m->r.zdd_complete) {
        struct dlx_zdd *z = p->alloc(p->ud, NULL, 0, sizeof *z);
        if (!z) {
            rc = DLX_ENOMEM;
        } else {
            *z = m->z;
            z->root = m->root;
            z->committed = m->committed;
            z->n_committed = m->n_committed;
            z->committed_cap = m->committed_cap;
            m->committed = NULL;
            memset(&m->z, 0, sizeof m->z);
            *zdd = z;
        }
    }
    dlx_reset(p);
    return rc;
}
