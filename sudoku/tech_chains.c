/* SPDX-License-Identifier: MIT */
/* tech_chains.c - chains of implications between candidates, the top of
 * the Sudoku Explainer scale: X-, Y- and XY-chains and cycles (forcing
 * chains), Nishio, cell and region forcing chains, dynamic forcing chains,
 * dynamic ones that also use locked candidates, pairs and X-wings on the
 * way (the "(+)" level), and those that also take in the steps of chains
 * searched inside them (nested forcing chains, levels 2 to 4).
 *
 * A potential is a candidate (cell, symbol) said to be on (the cell holds
 * the symbol) or off. From an assumption the implications follow, each
 * node remembering the node(s) that caused it:
 *   on -> off: the other candidates of the cell (the "Y" rule), the same
 *              symbol in the cell's houses;
 *   off -> on: the last candidate of a cell of two (Y), the last place of
 *              the symbol in one of the cell's houses (the "X" rule).
 * A static chain reads the grid as it is; a dynamic one takes every off
 * node out of a copy of the grid as it goes, so that later nodes may use
 * it (the node then has these "hidden" causes as parents too).
 *
 * What is concluded, as Sudoku Explainer 1.2.1 describes its forcing
 * chains (its documentation pages and the difficulty table of its wiki):
 *   a cycle of alternating links: the candidates that see both an on and an
 *   off node of the same symbol go (6.5; 7.0 with both kinds of link);
 *   a forcing chain from a candidate to its own negation: that candidate
 *   is false, or (from its off) true (6.6; 7.0 with both kinds);
 *   Nishio (7.5): dynamic, one symbol only (X links); an assumption that
 *   leads to a contradiction is false;
 *   multiple forcing chains (8.0): every candidate of a cell, or every place
 *   of a symbol in a house, implies the same potential;
 *   dynamic forcing chains (8.5): the same and contradictions and double
 *   implications, dynamically;
 *   (+) (9.0): the same, locked candidates, hidden and naked pairs and
 *   X-wings joining in when the basic rules stall;
 *   nested (9.5, 10.0, 10.5): the same, and when those stall too, the steps
 *   of forcing chains (then of multiple ones), or of dynamic ones, looked
 *   for on the grid as the chain has left it ("nested chains" below).
 * Each step's difficulty grows with the chain's length: the base, plus 0.1
 * each time the number of nodes (less 2) passes 4, 6, 8, 12, 16, 24, ...
 * (a ceiling growing by 3/2 and 4/3 in turn). Among all the steps one
 * producer finds, the one with the lowest difficulty, then the fewest
 * nodes, is taken, as Sudoku Explainer sorts them; the order of search
 * (cells in reading order, symbols ascending, the box, then the row, then
 * the column of a cell) follows its description so that ties fall the
 * same way. The multiple, dynamic and Nishio chains of level 0 (not
 * inside another chain) are followed first as sweeps, potentials without
 * instances, and only the steps that may be kept are counted (see
 * "sweeps" below): the same steps, at a fraction of the cost.
 *
 * The engine lives in the sudoku_logic handle (made at its first use) and
 * holds no state between calls but its scratch (and the memory of what the
 * inner searches found on the grids of the step under way, dropped when
 * the grid moves on). Chains are searched on grids up to 16x16, the nested
 * ones up to 9x9; larger ones are left to the rating's estimate. */
#include "logic_internal.h"

#include <stdlib.h>
#include <string.h>

/* The largest side chains are searched on: the potentials and their sets
 * grow with n^3. */
#define CHAIN_MAX_N 16

typedef struct chain_set {
    int32_t *map;   /* potential -> instance, -1 when absent */
    int32_t *items; /* the instances, in the order they came */
    int count;
} chain_set;

/* What one assumption implies, potentials only (no instances): see
 * "sweeps" below. */
typedef struct sweep {
    uint8_t *depth;     /* P: each potential reached, its instance's depth
                           (idepth, 255 at most: a floor); 0 not reached */
    uint16_t *on, *off; /* P/2 each: the ons and the offs in the order
                           follow() adds them */
    uint16_t *par;      /* P: each potential reached, its instance's parents
                           (see PAR_NONE), */
    uint16_t *pos;      /* and its place in on or off */
    int non, noff;
    int x_depth;        /* a contradiction: its two instances' depths
                           summed; 0 none */
    int32_t x_pot;      /* the one of the two made last (not reached), */
    uint16_t x_par;     /* and its parents */
} sweep;

/* A sweep's parents of an instance: the potential that made it (its only
 * parent in a static chain, an off's in a dynamic one), or, for an on of a
 * dynamic chain, the rule that made it: the offs of the other candidates
 * of its cell (PAR_CELL) or of the other places of its symbol in a house
 * (PAR_HOUSE + the house), all taken by the chain at that point - the
 * same parents as off_to_on() gives its instance (the off followed and
 * the hidden causes); none for the assumption. */
#define PAR_NONE 0xffff
#define PAR_CELL 0xf000
#define PAR_HOUSE 0xf001

/* The best step found so far by one producer. */
typedef struct chain_best {
    int found;
    int rating;     /* tenths */
    int complexity;
    int sort_key;
    int technique;
    int source_cell, source_digit;
    int nelims;
    int32_t elim_cell[SUDOKU_STEP_MAX_ELIMS];
    int32_t elim_digit[SUDOKU_STEP_MAX_ELIMS];
} chain_best;

/* A step an inner search found (an engine collecting, see "nested chains"
 * below): what the chain it is nested in takes of it. */
typedef struct inner_hint {
    double difficulty;   /* Sudoku Explainer's, as it computes it (its sort) */
    int complexity, sort_key;
    int rem_at, rem_count; /* its eliminations as off potentials, in rem_pool */
    int rp_at, rp_count;   /* the potentials of the outer chain it needs off
                              (its "rule parents"), in rp_pool */
    uint64_t sig;          /* its chains, node by node (two equal steps) */
    uint64_t rem_key;      /* its eliminations as a set */
} inner_hint;

/* The inner steps an outer chain's nodes rest on: each counts its
 * complexity once in the complexity of a step that rests on it. */
typedef struct nest_ref {
    int complexity;
    uint64_t sig;
} nest_ref;

struct chain_engine {
    sudoku_logic *L;
    int n, P;
    /* instances of potentials: pot, and parents [par_start, +par_count) */
    int32_t *ipot, *ipar_start, *ipar_count;
    int32_t *idepth;     /* the longest way back to an assumption, + 1: a floor
                            under the instance's ancestor count */
    int32_t *icause;     /* an on's rule: CAUSE_CELL, the house it was the last
                            place in, or CAUSE_NONE (an assumption); offs NONE */
    int32_t *inest;      /* an off an inner step gave: its nest_ref, else -1 */
    int ninst, cap_inst;
    int32_t *par;
    int npar, cap_par;
    int32_t *qon, *qoff; /* the queues, cap_inst each */
    int failed;          /* out of memory: the search gives up */
    chain_set **sets;    /* the pool: nsets made, the first used_sets in use */
    int nsets, used_sets;
    uint64_t *saved;     /* the grid before a dynamic chain */
    int32_t *anc_mark;   /* P: stamps for ancestor counts */
    int32_t anc_stamp;
    int32_t *anc_queue;  /* the walk's queue, anc_cap */
    size_t anc_cap;
    int32_t *stack;      /* cap_inst: ancestor walks */
    int32_t *order;      /* cells * per_cell: each cell's houses, box first */
    int8_t *order_pos;   /* the same: the cell's position in that house */
    int32_t *order_place; /* the same: the house's row of places (house * n),
                             kept to spare a product per house in the links */
    int32_t *var_cell;   /* cells * n: each (cell, digit)'s cell and digit, */
    int8_t *var_digit;   /* kept to spare two divisions per link followed */
    int *order_count;
    uint64_t *places;    /* house_count * n: where each symbol can go, kept with
                            the grid while a dynamic chain takes candidates */
    uint64_t *saved_places; /* the same before the chain */
    int32_t *cyc_mark;   /* P, by node of the graph: stamps (cyc_stamp) of the
                            nodes a cycle's or a forcing chain's search has
                            reached, */
    int32_t *cyc_close;  /* of the nodes that close its chain, */
    int32_t *cyc_imark;  /* of those whose instance is made (cyc_inst); */
    int32_t *cyc_par;    /* the node each was reached from; */
    int32_t *cyc_inst;
    int32_t *cyc_list;   /* 3 * P: its two layers (see cycles_from(),
                            forcing_from()), a way back */
    int32_t *cyc_dist;   /* P: the rounds to each node forcing_from() met */
    int32_t cyc_stamp;
    uint64_t *peer_bits; /* cells * cell_words: the cells sharing a house with
                            each cell, as bits (see cycle_takes()) */
    uint64_t *sym_bits;  /* n * cell_words, after peer_bits: each symbol's
                            candidates as bits, for the grid of build_xy()'s
                            graph (sym_bits_ok) */
    int sym_bits_ok;
    int cell_words;
    int32_t *cell_mark;  /* cells */
    int32_t cell_stamp;
    /* The unary pass's graph of links (see "floors" below): potentials of
     * the grid's candidates as nodes 0..gnodes-1, their links as a
     * compressed list, and the lanes' bit sets of the breadth-first walk. */
    int32_t *gnode;      /* P: potential -> node, -1 when not a candidate */
    int32_t *gpot;       /* node -> potential */
    const int32_t *gbeg, *gend; /* gnodes: node's links [gbeg, gend) in glink
                            (build_xy()'s arrays the pass takes) */
    int32_t *glink;      /* the links' heads: xy_link, the pass's kinds of it */
    int gnodes;
    uint64_t *greach, *gcur, *gnext; /* gnodes each: lanes that reached */
    int32_t *gactive, *gactive2;     /* gnodes each: nodes with a lane */
    int32_t *floor_cycle, *floor_on, *floor_off; /* P/2: by (cell, digit) */
    int32_t *wbeg, *wend, *wlink; /* the floors' walk's graph (see walk_graph();
                            an on's -1 until walk_on() makes its links) */
    int32_t *cpair;      /* wcap: by a source's off's link to a conjugate's
                            on, its cycle lane's rounds (see floors_batch()) */
    int wcap, wlen;      /* wlink's size, the links in it */
    uint64_t *tmask;     /* gnodes: the lanes whose target a node is (a
                            cycle's, see floors_lanes()) */
    int32_t *tlist;      /* gnodes: the nodes with a lane's target bit */
    int ntl;
    int32_t *src;        /* P/2: the sources of a unary pass (unary_floors()),
                            then P/2 to put them in order by symbol */
    int nsrc, filter;    /* how many; whether E->qual sifted them */
    const uint8_t *sol;  /* the solution, when the grid holds it: a search
                            run() made (held_solution()), else NULL */
    const uint64_t *since; /* an inner unary search: the grid its chain's
                            steps were last looked for on (see qualify()) */
    uint8_t *qual;       /* P/2: the sources qualify() lets through */
    uint8_t *cyc_ok;     /* gnodes: an on whose cycles may take something
                            (cycle_sccs()) */
    int32_t *scc_buf;    /* 5 P: cycle_sccs()'s scratch, */
    int32_t *scc_id;     /* in it, gnodes: the node's component, in the
                            order Tarjan's meets them (cycle_sccs()) */
    int since_forcing;   /* E->since sifts the forcing chains' sources only
                            (a search of the rater's, see run()) */
    uint64_t *quiet_grid; /* the grid of the last unary search run() made
                            that found nothing, when quiet_ok */
    int quiet_ok;
    uint64_t *stall_grid; /* an outer chain: the grid of its last inner
                            search, and whether there was one (stalled) */
    int stalled;
    int32_t *closure;    /* 3 * P/2: a multiple pass's follow() of each
                            (cell, digit) on: the index of its on set in
                            sets (its off set next; -1 not yet), and the two
                            instances of its contradiction (-1: none); NULL
                            when not kept (see closure_of()) */
    int32_t *closure_mem;
    /* A multiple pass's sweeps (see "sweeps" below): the pool (nsw made,
     * used_sw in use) and each (cell, digit) on's (sw_of: its index, -1 not
     * yet; sw_set: the nsw_set given one, to be -1 again) */
    struct sweep **sw;
    int nsw, used_sw, cap_sw;
    int32_t *sw_of, *sw_set;
    int nsw_set;
    int sweeps;          /* the pass under way uses them */
    struct sweep_hit *hits; /* the steps they found (see sweep_judge()) */
    int32_t *sw_queue;   /* P: sweep_count()'s walk */
    const uint16_t **pl_beg; /* P + 1: a static pass's graph by potential: the */
    uint16_t *pl_link;   /* links of each in pl_link, as potentials (see
                            static_links()) */
    int pl_cap, pl_live; /* pl_live: the pass under way has them */
    uint8_t *pl_out;     /* P: 1 where a potential of the graph has links */
    int nhits, cap_hits;
    int32_t *hit_idx, *hit_floor; /* sweep_judge()'s order (hits_by_floor()) */
    size_t hit_nidx, hit_nfloor;
    int32_t hit_call;    /* the chains' calls so far (hit_seq()) */
    uint64_t *fresh;     /* cells * per_cell: the places of each house of a
                            cell (E->order) in none of its houses before,
                            itself left out */
    /* Grids of 128 cells or fewer whose houses list their cells in
     * ascending order (board): the same as bits over the cells, two words
     * a set: each house's (hmask), each of a cell's houses' fresh places
     * (fmask, cells * per_cell), each symbol's candidates at the pass's
     * start (bb0, n), and the state of a dynamic sweep (bb, see
     * board_sweep(): 4 n sets; bb0 after it, with the same at the pass's
     * start). */
    int board;
    uint64_t *hmask, *fmask, *bb, *bb0;
    uint64_t *nib;       /* cells: each cell's houses, the low bit of four a
                            house (32 houses at most, n 9 at most, else
                            NULL), for board_sweep() */
    uint64_t *quiet;     /* n, two words each, with nib: the ons of each symbol
                            that meet no contradiction, as nishio_meets()
                            found in the pass under way (nishio_sweeps()) */
    uint64_t *pmask;     /* cells: each cell's peers */
    uint64_t *cmask;     /* cells * per_cell: each cell's houses' cells, two
                            words a house, in the cell's order (hmask) */
    uint64_t *hbits;     /* cells: each cell's houses, a bit each (64 houses
                            at most, else 0 and nishio_sweeps() not used), */
    uint64_t *multi;     /* n, without nib: the houses where each symbol has
                            two places or more at the pass's start */
    int graph_live;      /* the graph (gnode...) holds the links of the grid as
                            it is, for graph_y, graph_x (build_links()) */
    int graph_y, graph_x;
    int32_t *xy_beg, *xy_mid, *xy_end; /* P each: build_xy()'s links of each
                            node, the cell's rule's [beg, mid), the houses'
                            [mid, end), in xy_link; valid for the grid of the
                            search under way */
    int32_t *xy_yend;    /* P: an off's mid, an on's end (the Y pass's ends) */
    int32_t *xy_link;
    int32_t *xy_with;    /* n * max_peers: build_xy()'s scratch */
    int xy_cap, xy_valid;
    uint64_t *xy_grid;   /* cells: the grid build_xy() worked on (run()) */
    int32_t *peers;      /* cells * max_peers: the cells sharing a house with
                            each cell, in its houses' order (box, row, column,
                            the rest), each once */
    int *npeers;
    int max_peers;
    int32_t *pair_order; /* L->pairs in advanced_locked_se()'s order, */
    int pair_group[5];   /* ends of its groups */
    /* the producer being run */
    int dynamic, nishio, multiple, level;
    int nest;            /* level 4: the level of the dynamic chains inside */
    int collected;       /* offs the (+) level's rule found, new or not */
    chain_best best;
    /* Nested chains (levels 2 to 4), see below. The outer engine: the inner
     * steps its nodes rest on, found again by their chains (sig). */
    nest_ref *nests;
    int nnest, cap_nest;
    int32_t *nest_slot;  /* open addressing on sig: nest index + 1, 0 empty */
    int nest_slots;
    int32_t *nest_mark;  /* cap_nest: stamps of those counted in one step */
    int32_t nest_stamp;
    int cx_nested;       /* what ancestors() added up of them since cx_begin() */
    chain_engine *inner; /* the engine of the inner searches (owned; NULL
                            until needed) */
    /* An inner engine: collect keeps every step found (no best), for the
     * outer chain, with initial the grid that chain started from. */
    int collect;
    const uint64_t *initial;
    inner_hint *hints;
    int nhints, cap_hints;
    int32_t *rem_pool, *rp_pool;
    int nrem, cap_rem, nrp, cap_rp;
    int32_t *rp_mark;    /* P: stamps of the rule parents of one step */
    int32_t rp_stamp;
    int32_t *hint_order; /* the steps sorted as Sudoku Explainer sorts them,
                            equal ones left out: nkept */
    int32_t *hint_tmp;
    uint64_t *key_slot;  /* open addressing on rem_key, for the equal ones */
    int nkept, cap_order;
    /* What each inner search found, by its grid (see inner_search()) */
    uint64_t *memo_key;  /* memo_slots: the grid's key, 0 empty */
    int32_t *memo_at;    /* memo_slots: where its steps are in memo_data */
    int memo_slots, memo_used;
    int32_t *memo_data;
    size_t memo_len, memo_cap;
    uint64_t memo_base;  /* the initial grid the memory was made for */
};

/* How an on potential was implied (icause): */
#define CAUSE_NONE (-1) /* an assumption */
#define CAUSE_CELL (-2) /* the last candidate of its cell; else a house */

/* x has exactly two bits set. */
static inline int two_bits(uint64_t x)
{
    uint64_t y = x & (x - 1);
    return y && !(y & (y - 1));
}

static inline int pot_cell(const chain_engine *E, int32_t pot)
{
    return E->var_cell[pot >> 1];
}
static inline int pot_digit(const chain_engine *E, int32_t pot)
{
    return E->var_digit[pot >> 1];
}
static inline int pot_on(int32_t pot)
{
    return pot & 1;
}
static inline int32_t make_pot(const chain_engine *E, int cell, int digit, int on)
{
    return ((int32_t)cell * E->n + (digit - 1)) * 2 + on;
}

/* --- the engine's memory ------------------------------------------------------ */

static int grow_instances(chain_engine *E)
{
    int cap = E->cap_inst ? E->cap_inst * 2 : 4096;
    int32_t *a = realloc(E->ipot, sizeof(int32_t) * (size_t)cap);
    if (a)
        E->ipot = a;
    int32_t *b = a ? realloc(E->ipar_start, sizeof(int32_t) * (size_t)cap) : NULL;
    if (b)
        E->ipar_start = b;
    int32_t *c = b ? realloc(E->ipar_count, sizeof(int32_t) * (size_t)cap) : NULL;
    if (c)
        E->ipar_count = c;
    int32_t *d = c ? realloc(E->qon, sizeof(int32_t) * (size_t)cap) : NULL;
    if (d)
        E->qon = d;
    int32_t *e = d ? realloc(E->qoff, sizeof(int32_t) * (size_t)cap) : NULL;
    if (e)
        E->qoff = e;
    int32_t *f = e ? realloc(E->stack, sizeof(int32_t) * (size_t)cap) : NULL;
    if (f)
        E->stack = f;
    int32_t *g = f ? realloc(E->idepth, sizeof(int32_t) * (size_t)cap) : NULL;
    if (g)
        E->idepth = g;
    int32_t *h = g ? realloc(E->icause, sizeof(int32_t) * (size_t)cap) : NULL;
    if (h)
        E->icause = h;
    int32_t *i = h ? realloc(E->inest, sizeof(int32_t) * (size_t)cap) : NULL;
    if (i)
        E->inest = i;
    if (!i) {
        E->failed = 1;
        return 0;
    }
    E->cap_inst = cap;
    return 1;
}

/* A new instance of pot with one parent (or none: -1). -1 when out of
 * memory (E->failed set). */
static int32_t new_inst(chain_engine *E, int32_t pot, int32_t parent)
{
    if (E->failed || (E->ninst == E->cap_inst && !grow_instances(E)))
        return -1;
    int32_t i = E->ninst++;
    E->ipot[i] = pot;
    E->ipar_start[i] = E->npar;
    E->ipar_count[i] = 0;
    E->idepth[i] = parent >= 0 ? E->idepth[parent] + 1 : 1;
    E->icause[i] = CAUSE_NONE;
    E->inest[i] = -1;
    if (parent >= 0) {
        if (E->npar == E->cap_par) {
            int cap = E->cap_par ? E->cap_par * 2 : 8192;
            int32_t *p = realloc(E->par, sizeof(int32_t) * (size_t)cap);
            if (!p) {
                E->failed = 1;
                return -1;
            }
            E->par = p;
            E->cap_par = cap;
        }
        E->par[E->npar++] = parent;
        E->ipar_count[i] = 1;
    }
    return i;
}

/* One more parent for the instance made last (hidden causes, rule causes). */
static void add_parent(chain_engine *E, int32_t inst, int32_t parent)
{
    if (E->failed || inst != E->ninst - 1 || parent < 0)
        return;
    if (E->npar == E->cap_par) {
        int cap = E->cap_par ? E->cap_par * 2 : 8192;
        int32_t *p = realloc(E->par, sizeof(int32_t) * (size_t)cap);
        if (!p) {
            E->failed = 1;
            return;
        }
        E->par = p;
        E->cap_par = cap;
    }
    E->par[E->npar++] = parent;
    E->ipar_count[inst]++;
    if (E->idepth[parent] + 1 > E->idepth[inst])
        E->idepth[inst] = E->idepth[parent] + 1;
}

static inline int32_t first_parent(const chain_engine *E, int32_t inst)
{
    return E->ipar_count[inst] ? E->par[E->ipar_start[inst]] : -1;
}

/* A cleared set from the pool (NULL when out of memory). Sets are made one
 * by one and never move: callers keep pointers to them. */
static chain_set *take_set(chain_engine *E)
{
    if (E->used_sets == E->nsets) {
        chain_set **more = realloc(E->sets, sizeof(chain_set *) * (size_t)(E->nsets + 1));
        if (!more) {
            E->failed = 1;
            return NULL;
        }
        E->sets = more;
        chain_set *s = malloc(sizeof *s);
        int32_t *map = malloc(sizeof(int32_t) * (size_t)E->P);
        int32_t *items = malloc(sizeof(int32_t) * (size_t)E->P);
        if (!s || !map || !items) {
            free(s);
            free(map);
            free(items);
            E->failed = 1;
            return NULL;
        }
        for (int p = 0; p < E->P; p++)
            map[p] = -1;
        s->map = map;
        s->items = items;
        s->count = 0;
        E->sets[E->nsets++] = s;
    }
    return E->sets[E->used_sets++];
}

static void clear_set(chain_engine *E, chain_set *s)
{
    for (int k = 0; k < s->count; k++)
        s->map[E->ipot[s->items[k]]] = -1;
    s->count = 0;
}

/* Gives back every set taken, cleared, and forgets every instance (and
 * the inner steps they rested on). */
static void release_all(chain_engine *E)
{
    for (int k = 0; k < E->used_sets; k++)
        clear_set(E, E->sets[k]);
    E->used_sets = 0;
    E->ninst = 0;
    E->npar = 0;
    if (E->nnest) {
        memset(E->nest_slot, 0, sizeof(int32_t) * (size_t)E->nest_slots);
        E->nnest = 0;
    }
}

static inline int32_t set_get(const chain_set *s, int32_t pot)
{
    return s->map[pot];
}

static inline void set_add(chain_engine *E, chain_set *s, int32_t inst)
{
    if (inst < 0)
        return;
    int32_t pot = E->ipot[inst];
    if (s->map[pot] >= 0)
        return;
    s->map[pot] = inst;
    s->items[s->count++] = inst;
}

void chain_engine_free(chain_engine *E)
{
    if (!E)
        return;
    free(E->ipot);
    free(E->ipar_start);
    free(E->ipar_count);
    free(E->par);
    free(E->qon);
    free(E->qoff);
    free(E->stack);
    free(E->idepth);
    for (int k = 0; k < E->nsets; k++) {
        free(E->sets[k]->map);
        free(E->sets[k]->items);
        free(E->sets[k]);
    }
    free(E->sets);
    free(E->saved);
    free(E->anc_mark);
    free(E->anc_queue);
    free(E->order);
    free(E->order_pos);
    free(E->order_place);
    free(E->var_cell);
    free(E->var_digit);
    free(E->order_count);
    free(E->places);
    free(E->saved_places);
    free(E->cell_mark);
    free(E->cyc_mark);
    free(E->cyc_close);
    free(E->cyc_imark);
    free(E->cyc_par);
    free(E->cyc_inst);
    free(E->cyc_list);
    free(E->cyc_dist);
    free(E->peer_bits);
    free(E->gnode);
    free(E->gpot);
    free(E->greach);
    free(E->gcur);
    free(E->gnext);
    free(E->gactive);
    free(E->gactive2);
    free(E->floor_cycle);
    free(E->floor_on);
    free(E->floor_off);
    free(E->wbeg);
    free(E->wend);
    free(E->wlink);
    free(E->cpair);
    free(E->tmask);
    free(E->tlist);
    free(E->src);
    free(E->qual);
    free(E->cyc_ok);
    free(E->scc_buf);
    free(E->stall_grid);
    free(E->quiet_grid);
    free(E->closure_mem);
    for (int k = 0; k < E->nsw; k++) {
        free(E->sw[k]->depth);
        free(E->sw[k]->on);
        free(E->sw[k]->par);
        free(E->sw[k]->pos);
        free(E->sw[k]);
    }
    free(E->sw);
    free(E->sw_of);
    free(E->sw_set);
    free(E->hits);
    free(E->fresh);
    free(E->hmask);
    free(E->fmask);
    free(E->bb);
    free(E->nib);
    free(E->quiet);
    free(E->pmask);
    free(E->cmask);
    free(E->hbits);
    free(E->multi);
    free(E->sw_queue);
    free(E->hit_idx);
    free(E->hit_floor);
    free(E->pl_beg);
    free(E->pl_link);
    free(E->pl_out);
    free(E->icause);
    free(E->inest);
    free(E->xy_beg);
    free(E->xy_mid);
    free(E->xy_end);
    free(E->xy_yend);
    free(E->xy_link);
    free(E->xy_with);
    free(E->xy_grid);
    free(E->peers);
    free(E->npeers);
    free(E->pair_order);
    free(E->nests);
    free(E->nest_slot);
    free(E->nest_mark);
    free(E->hints);
    free(E->rem_pool);
    free(E->rp_pool);
    free(E->rp_mark);
    free(E->hint_order);
    free(E->hint_tmp);
    free(E->key_slot);
    free(E->memo_key);
    free(E->memo_at);
    free(E->memo_data);
    chain_engine_free(E->inner);
    free(E);
}

/* The houses of each cell in the order Sudoku Explainer looks at them: the
 * box (region, window) first, then the row, then the column, then the
 * rest. */
static void order_houses(chain_engine *E)
{
    sudoku_logic *L = E->L;
    static const int RANK[] = {[HOUSE_BOX] = 0, [HOUSE_ROW] = 1, [HOUSE_COLUMN] = 2,
                               [HOUSE_DIAGONAL] = 3, [HOUSE_WINDOW] = 4};
    for (int c = 0; c < L->cells; c++) {
        int nh;
        const int32_t *hs = logic_houses_of(L, c, &nh);
        int32_t *o = E->order + (size_t)c * (size_t)L->per_cell;
        int k = 0;
        int8_t *pos = E->order_pos + (size_t)c * (size_t)L->per_cell;
        for (int r = 0; r <= 4; r++)
            for (int j = 0; j < nh; j++)
                if (RANK[L->house_kind[hs[j]]] == r) {
                    for (int q = 0; q < L->n; q++)
                        if (logic_house_cell(L, hs[j], q) == c)
                            pos[k] = (int8_t)q;
                    E->order_place[(size_t)c * (size_t)L->per_cell + (size_t)k] =
                        hs[j] * L->n;
                    o[k++] = hs[j];
                }
        E->order_count[c] = k;
        for (int d = 1; d <= L->n; d++) {
            E->var_cell[c * L->n + d - 1] = c;
            E->var_digit[c * L->n + d - 1] = (int8_t)d;
        }
    }
}

/* The pairs of houses for locked candidates in Sudoku Explainer's order
 * (advanced_locked_se()): box and column, box and row, column and box, row
 * and box, then the other kinds, each group in the pairs' order. */
static int order_pairs(chain_engine *E)
{
    sudoku_logic *L = E->L;
    static const int KINDS[4][2] = {{HOUSE_BOX, HOUSE_COLUMN}, {HOUSE_BOX, HOUSE_ROW},
                                    {HOUSE_COLUMN, HOUSE_BOX}, {HOUSE_ROW, HOUSE_BOX}};
    E->pair_order = malloc(sizeof(int32_t) * (size_t)(L->npairs ? L->npairs : 1));
    if (!E->pair_order)
        return 0;
    int k = 0;
    for (int g = 0; g < 5; g++) {
        for (int p = 0; p < L->npairs; p++) {
            int ka = L->house_kind[L->pairs[p].a], kb = L->house_kind[L->pairs[p].b], group = 4;
            for (int q = 0; q < 4; q++)
                if (ka == KINDS[q][0] && kb == KINDS[q][1])
                    group = q;
            if (group == g)
                E->pair_order[k++] = p;
        }
        E->pair_group[g] = k;
    }
    return 1;
}

/* Each cell's peers in the order on_to_off_pot() meets them: its houses
 * in E->order, each house's cells in order, each cell once. 0 when out of
 * memory. */
static int find_peers(chain_engine *E)
{
    sudoku_logic *L = E->L;
    E->max_peers = L->per_cell * L->n;
    E->peers = malloc(sizeof(int32_t) * (size_t)L->cells * (size_t)E->max_peers);
    E->npeers = malloc(sizeof(int) * (size_t)L->cells);
    if (!E->peers || !E->npeers)
        return 0;
    for (int c = 0; c < L->cells; c++) {
        int32_t *pp = E->peers + (size_t)c * (size_t)E->max_peers;
        int np = 0;
        const int32_t *hs = E->order + (size_t)c * (size_t)L->per_cell;
        for (int j = 0; j < E->order_count[c]; j++)
            for (int k = 0; k < L->n; k++) {
                int other = logic_house_cell(L, hs[j], k), seen = other == c;
                for (int q = 0; q < np && !seen; q++)
                    seen = pp[q] == other;
                if (!seen)
                    pp[np++] = other;
            }
        E->npeers[c] = np;
    }
    return 1;
}

/* A new engine on L's grid (NULL when out of memory). */
static chain_engine *engine_new(sudoku_logic *L)
{
    chain_engine *E = calloc(1, sizeof *E);
    if (!E)
        return NULL;
    E->L = L;
    E->n = L->n;
    E->P = L->cells * L->n * 2;
    E->saved = malloc(sizeof(uint64_t) * (size_t)L->cells);
    E->anc_mark = calloc((size_t)E->P, sizeof(int32_t));
    E->order = malloc(sizeof(int32_t) * (size_t)L->cells * (size_t)L->per_cell);
    E->order_count = malloc(sizeof(int) * (size_t)L->cells);
    E->order_pos = malloc((size_t)L->cells * (size_t)L->per_cell);
    E->order_place = malloc(sizeof(int32_t) * (size_t)L->cells * (size_t)L->per_cell);
    E->var_cell = malloc(sizeof(int32_t) * (size_t)L->cells * (size_t)L->n);
    E->var_digit = malloc((size_t)L->cells * (size_t)L->n);
    E->places = malloc(sizeof(uint64_t) * (size_t)L->house_count * (size_t)L->n);
    E->saved_places = malloc(sizeof(uint64_t) * (size_t)L->house_count * (size_t)L->n);
    E->cell_mark = calloc((size_t)L->cells, sizeof(int32_t));
    if (!E->saved || !E->anc_mark || !E->order || !E->order_count || !E->cell_mark ||
        !E->order_pos || !E->order_place || !E->var_cell ||
        !E->var_digit || !E->places || !E->saved_places || !grow_instances(E)) {
        chain_engine_free(E);
        return NULL;
    }
    order_houses(E);
    if (!find_peers(E) || !order_pairs(E)) {
        chain_engine_free(E);
        return NULL;
    }
    return E;
}

static chain_engine *engine_of(sudoku_logic *L)
{
    if (L->chains)
        return L->chains;
    if (L->n > CHAIN_MAX_N)
        return NULL;
    L->chains = engine_new(L);
    return L->chains;
}

/* --- counting a chain --------------------------------------------------------- */

/* The number of distinct potentials inst rests on, itself included: a walk
 * by generations that expands each potential the first time it is met (a
 * potential may have several instances, with different parents; the first
 * met stands for it), as Sudoku Explainer counts. */
static int ancestors(chain_engine *E, int32_t inst)
{
    if (inst < 0)
        return 0;
    if (E->anc_stamp == INT32_MAX) {
        memset(E->anc_mark, 0, sizeof(int32_t) * (size_t)E->P);
        E->anc_stamp = 0;
    }
    int32_t stamp = ++E->anc_stamp;
    size_t need = (size_t)E->npar + 1;
    if (need > E->anc_cap) {
        int32_t *q = realloc(E->anc_queue, sizeof(int32_t) * need * 2);
        if (!q) {
            E->failed = 1;
            return 0;
        }
        E->anc_queue = q;
        E->anc_cap = need * 2;
    }
    size_t head = 0, tail = 0;
    int count = 0;
    E->anc_queue[tail++] = inst;
    while (head < tail) {
        int32_t i = E->anc_queue[head++];
        if (E->anc_mark[E->ipot[i]] == stamp)
            continue;
        E->anc_mark[E->ipot[i]] = stamp;
        count++;
        if (E->nnest && E->inest[i] >= 0 && E->nest_mark[E->inest[i]] != E->nest_stamp) {
            E->nest_mark[E->inest[i]] = E->nest_stamp; /* counted once a step */
            E->cx_nested += E->nests[E->inest[i]].complexity;
        }
        for (int k = 0; k < E->ipar_count[i] && tail < E->anc_cap; k++)
            E->anc_queue[tail++] = E->par[E->ipar_start[i] + k];
    }
    return count;
}

/* A step's complexity as Sudoku Explainer counts it: the potentials each
 * of its chains (ending at targets[0..n)) rests on, chain by chain, and
 * once each the complexity of the inner steps (nested chains) among them
 * (ancestors() adds those up from cx_begin()). */
static void cx_begin(chain_engine *E)
{
    E->cx_nested = 0;
    if (E->nnest && ++E->nest_stamp == INT32_MAX) {
        memset(E->nest_mark, 0, sizeof(int32_t) * (size_t)E->cap_nest);
        E->nest_stamp = 1;
    }
}

static int chain_cx(chain_engine *E, const int32_t *targets, int n)
{
    cx_begin(E);
    int cx = 0;
    for (int k = 0; k < n; k++)
        cx += ancestors(E, targets[k]);
    return cx + E->cx_nested;
}

/* The length penalty: 0.1 each time the nodes less 2 pass 4, 6, 8, 12, 16,
 * 24, 32, ... In tenths. */
static int length_tenths(int complexity)
{
    int added = 0, ceil = 4, odd = 0, length = complexity - 2;
    while (length > ceil) {
        added++;
        ceil = odd ? ceil * 4 / 3 : ceil * 3 / 2;
        odd = !odd;
    }
    return added;
}

/* --- the implications --------------------------------------------------------- */

/* The potentials an on potential makes off, into out (as pots, each with
 * parent p): the cell's other candidates (with y), then the symbol's other
 * places in the cell's houses, box first. Returns how many. */
static int on_to_off_pot(chain_engine *E, int32_t pot, int y, int32_t *out)
{
    sudoku_logic *L = E->L;
    int cell = pot_cell(E, pot), digit = pot_digit(E, pot), count = 0;
    if (y)
        for (uint64_t m = L->cand[cell] & ~digit_bit(digit); m; m &= m - 1)
            out[count++] = make_pot(E, cell, lowest_bit(m) + 1, 0);
    if (++E->cell_stamp == INT32_MAX) {
        memset(E->cell_mark, 0, sizeof(int32_t) * (size_t)L->cells);
        E->cell_stamp = 1;
    }
    int32_t stamp = E->cell_stamp;
    E->cell_mark[cell] = stamp;
    const int32_t *hs = E->order + (size_t)cell * (size_t)L->per_cell;
    const int8_t *pos = E->order_pos + (size_t)cell * (size_t)L->per_cell;
    const int32_t *row = E->order_place + (size_t)cell * (size_t)L->per_cell;
    for (int j = 0; j < E->order_count[cell]; j++) {
        uint64_t m = E->places[row[j] + digit - 1] & ~((uint64_t)1 << pos[j]);
        for (; m; m &= m - 1) {
            int c = logic_house_cell(L, hs[j], lowest_bit(m));
            if (E->cell_mark[c] == stamp)
                continue;
            E->cell_mark[c] = stamp;
            out[count++] = make_pot(E, c, digit, 0);
        }
    }
    return count;
}

static int on_to_off(chain_engine *E, int32_t p, int y, int32_t *out)
{
    if (E->graph_live && E->graph_y == y) { /* the same links, worked out once */
        int32_t u = E->gnode[E->ipot[p]], count = 0;
        for (int32_t e = E->gbeg[u]; e < E->gend[u]; e++)
            out[count++] = E->gpot[E->glink[e]];
        return count;
    }
    return on_to_off_pot(E, E->ipot[p], y, out);
}

/* The potentials an off potential makes on, as pots, into out: the last
 * candidate of a cell of two (Y), the last other place of the symbol in one
 * of the cell's houses (X), each once per rule that gives it; via[k] says
 * which: -1 the cell, else the house's rank in the cell's order. */
static int off_to_on_pots(chain_engine *E, int32_t pot, int y, int x, int32_t *out, int8_t *via)
{
    sudoku_logic *L = E->L;
    int cell = pot_cell(E, pot), digit = pot_digit(E, pot), count = 0;
    if (y && popcount64(L->cand[cell]) == 2) {
        uint64_t other = L->cand[cell] & ~digit_bit(digit);
        if (other) {
            via[count] = -1;
            out[count++] = make_pot(E, cell, lowest_bit(other) + 1, 1);
        }
    }
    if (!x)
        return count;
    const int32_t *hs = E->order + (size_t)cell * (size_t)L->per_cell;
    const int8_t *pos = E->order_pos + (size_t)cell * (size_t)L->per_cell;
    const int32_t *row = E->order_place + (size_t)cell * (size_t)L->per_cell;
    for (int j = 0; j < E->order_count[cell]; j++) {
        uint64_t others = E->places[row[j] + digit - 1] & ~((uint64_t)1 << pos[j]);
        if (others && !(others & (others - 1))) {
            via[count] = (int8_t)j;
            out[count++] = make_pot(E, logic_house_cell(L, hs[j], lowest_bit(others)), digit, 1);
        }
    }
    return count;
}

/* The rule by which the off potential off makes on (static chains: the
 * grid as it is): CAUSE_CELL for the other candidate of its cell, else the
 * first house of the cell (in Sudoku Explainer's order) where on is the
 * only other place of the symbol. Only the inner searches ask: the steps
 * they offer say which of the outer chain's offs they rest on. */
static int32_t on_cause(const chain_engine *E, int32_t off, int32_t on)
{
    sudoku_logic *L = E->L;
    int cell = pot_cell(E, off), other = pot_cell(E, on), digit = pot_digit(E, off);
    if (cell == other)
        return CAUSE_CELL;
    const int32_t *hs = E->order + (size_t)cell * (size_t)L->per_cell;
    const int8_t *pos = E->order_pos + (size_t)cell * (size_t)L->per_cell;
    const int32_t *row = E->order_place + (size_t)cell * (size_t)L->per_cell;
    for (int j = 0; j < E->order_count[cell]; j++) {
        uint64_t others = E->places[row[j] + digit - 1] & ~((uint64_t)1 << pos[j]);
        if (others && !(others & (others - 1)) &&
            logic_house_cell(L, hs[j], lowest_bit(others)) == other)
            return hs[j];
    }
    return CAUSE_NONE;
}

/* The instance of on (parent p) that off_to_on() adds after out[0..count):
 * -2 when on is among those already, or other than keep in known (when
 * not NULL); -1 when out of memory. */
static int32_t new_on(chain_engine *E, const int32_t *out, int count, int32_t on,
                      const chain_set *known, int32_t keep, int32_t p)
{
    for (int k = 0; k < count; k++)
        if (E->ipot[out[k]] == on)
            return -2;
    if (known && on != keep && set_get(known, on) >= 0)
        return -2;
    return new_inst(E, on, p);
}

/* The potentials an off potential makes on, as new instances into out,
 * each with parent p and, in a dynamic chain, the off potentials of toOff
 * that took the candidates the rule needed gone (compared with E->saved,
 * the grid before the chain). Returns how many; duplicates are left out
 * (the cell's rule first), and so are the potentials already in known
 * (when not NULL) other than keep: every caller would drop them (not making
 * their instances: 10 top1465 puzzles, 1.42 G -> 1.35 G instructions). A
 * caller passes known only when such a potential's negation cannot be off
 * already (no contradiction to miss). */
static int off_to_on(chain_engine *E, int32_t p, int y, int x, const chain_set *to_off,
                     const chain_set *known, int32_t keep, int32_t *out)
{
    sudoku_logic *L = E->L;
    int32_t pot = E->ipot[p], pots[SUDOKU_MAX_N * 8 + 8];
    int8_t via[SUDOKU_MAX_N * 8 + 8];
    int cell = pot_cell(E, pot), digit = pot_digit(E, pot), n = 0, count = 0;
    int graph = E->graph_live && E->graph_y == y && E->graph_x == x && !E->dynamic;
    if (graph) {
        /* a static chain: the links worked out once, in the rules' order;
         * nothing was taken from the grid, so no hidden causes */
        int32_t u = E->gnode[pot];
        for (int32_t e = E->gbeg[u]; e < E->gend[u]; e++) {
            via[n] = -1;
            pots[n++] = E->gpot[E->glink[e]];
        }
    } else {
        n = off_to_on_pots(E, pot, y, x, pots, via);
    }
    const int32_t *hs = E->order + (size_t)cell * (size_t)L->per_cell;
    const int32_t *row = E->order_place + (size_t)cell * (size_t)L->per_cell;
    for (int k = 0; k < n; k++) {
        int32_t i = new_on(E, out, count, pots[k], known, keep, p);
        if (i == -2)
            continue;
        if (i < 0)
            return count;
        /* the off potentials that took the candidates the rule needed gone
         * (compared with the grid before the chain: none in a static one) */
        if (via[k] < 0) {
            for (uint64_t gone = E->saved[cell] & ~L->cand[cell]; gone; gone &= gone - 1)
                add_parent(E, i, set_get(to_off, make_pot(E, cell, lowest_bit(gone) + 1, 0)));
        } else {
            int h = hs[via[k]];
            size_t at = (size_t)(row[via[k]] + digit - 1);
            for (uint64_t gone = E->saved_places[at] & ~E->places[at]; gone; gone &= gone - 1)
                add_parent(E, i,
                           set_get(to_off, make_pot(E, logic_house_cell(L, h, lowest_bit(gone)), digit, 0)));
        }
        E->icause[i] = !graph ? (via[k] < 0 ? CAUSE_CELL : hs[via[k]])
                     : E->collect ? on_cause(E, pot, pots[k]) : CAUSE_NONE;
        out[count++] = i;
    }
    return count;
}

/* Takes digit from cell in the chain's grid, and from the places of its
 * houses. */
static void take_candidate(chain_engine *E, int cell, int digit)
{
    sudoku_logic *L = E->L;
    L->cand[cell] &= ~digit_bit(digit);
    const int8_t *pos = E->order_pos + (size_t)cell * (size_t)L->per_cell;
    const int32_t *row = E->order_place + (size_t)cell * (size_t)L->per_cell;
    for (int j = 0; j < E->order_count[cell]; j++)
        E->places[row[j] + digit - 1] &= ~((uint64_t)1 << pos[j]);
}

/* The places of every symbol in every house, from the grid (once per
 * search: the grid does not change during one), and the copy a chain
 * starts from. */
static void load_places(chain_engine *E)
{
    logic_places_all(E->L, E->places);
}

static void save_grid_state(chain_engine *E)
{
    sudoku_logic *L = E->L;
    memcpy(E->saved, L->cand, sizeof(uint64_t) * (size_t)L->cells);
    memcpy(E->saved_places, E->places, sizeof(uint64_t) * (size_t)L->house_count * (size_t)L->n);
}

static void restore_grid_state(chain_engine *E)
{
    sudoku_logic *L = E->L;
    memcpy(L->cand, E->saved, sizeof(uint64_t) * (size_t)L->cells);
    memcpy(E->places, E->saved_places, sizeof(uint64_t) * (size_t)L->house_count * (size_t)L->n);
}

/* --- the advanced rules of the (+) level ---------------------------------------- */

/* Off potentials found by locked candidates, hidden and naked pairs and
 * X-wings on the grid as the chain has left it (the first of those rules
 * that finds any, all it finds), each with parents the off potentials of
 * to_off that the rule needed gone; appended to to_off and the off queue.
 * Returns how many were added. Defined below. */
static int advanced_offs(chain_engine *E, chain_set *to_off, int *qtail);
/* The same from the steps of an inner search, when those rules found
 * nothing (levels 2 to 4). Defined below. */
static int nested_offs(chain_engine *E, chain_set *to_off, int *qtail);

/* --- one chain ------------------------------------------------------------------ */

/* Follows the implications of what to_on and to_off already hold (both
 * disjoint), adding every potential they imply, ons first as Sudoku
 * Explainer does. A dynamic chain takes each off potential from the grid
 * as it goes (restored at the end from the copy run() made). Returns 1 at
 * a contradiction - a potential both on and off: *abs_on and *abs_off are
 * its two instances - else 0. */
static int follow(chain_engine *E, chain_set *to_on, chain_set *to_off, int32_t *abs_on,
                  int32_t *abs_off)
{
    int hon = 0, ton = 0, hoff = 0, toff = 0, result = 0;
    E->stalled = 0;
    for (int k = 0; k < to_on->count; k++)
        E->qon[ton++] = to_on->items[k];
    for (int k = 0; k < to_off->count; k++)
        E->qoff[toff++] = to_off->items[k];
    int32_t buf[SUDOKU_MAX_N * 8 + 8];
    int y = !E->nishio;
    for (;;) {
        if (E->failed)
            break;
        if (hon < ton) {
            int32_t p = E->qon[hon++];
            int cnt = on_to_off(E, p, y, buf);
            for (int k = 0; k < cnt; k++) {
                int32_t conj = buf[k] | 1;
                if (set_get(to_on, conj) >= 0) {
                    *abs_on = set_get(to_on, conj);
                    *abs_off = new_inst(E, buf[k], p);
                    result = 1;
                    goto done;
                }
                if (set_get(to_off, buf[k]) < 0) {
                    int32_t i = new_inst(E, buf[k], p);
                    if (i < 0)
                        goto done;
                    set_add(E, to_off, i);
                    E->qoff[toff++] = i;
                }
            }
            continue;
        }
        if (hoff < toff) {
            int32_t p = E->qoff[hoff++];
            /* the (+) rules add offs without looking at the ons: known
             * only without them */
            int cnt = off_to_on(E, p, y, 1, to_off, E->level > 0 ? NULL : to_on, -1, buf);
            if (E->dynamic) {
                int32_t pot = E->ipot[p];
                take_candidate(E, pot_cell(E, pot), pot_digit(E, pot));
            }
            for (int k = 0; k < cnt; k++) {
                int32_t conj = E->ipot[buf[k]] & ~1;
                if (set_get(to_off, conj) >= 0) {
                    *abs_on = buf[k];
                    *abs_off = set_get(to_off, conj);
                    result = 1;
                    goto done;
                }
                if (set_get(to_on, E->ipot[buf[k]]) < 0) {
                    set_add(E, to_on, buf[k]);
                    E->qon[ton++] = buf[k];
                }
            }
            continue;
        }
        if (E->level > 0 && advanced_offs(E, to_off, &toff) > 0)
            continue;
        break;
    }
done:
    if (E->dynamic)
        restore_grid_state(E);
    return result;
}

/* --- the steps: keeping the best -------------------------------------------------- */

/* Could a step of this base whose chains count at least floor nodes beat
 * the best kept? (Counting the nodes is the costly part of a step.) */
static int may_beat(const chain_engine *E, int base, int floor)
{
    const chain_best *b = &E->best;
    if (!b->found || E->collect)
        return 1;
    int rating = base + length_tenths(floor);
    return rating < b->rating || (rating == b->rating && floor <= b->complexity);
}

/* An inner engine keeps every step (see "nested chains" below). */
static void collect_hint(chain_engine *E, int base, int complexity, int sort_key,
                         const int32_t *targets, int ntargets, int32_t root_cause,
                         const int32_t *rem, int nrem);

/* A step that takes the candidates of target_pot: an off target loses its
 * candidate, an on target's cell all its others. Offered to the best with
 * its difficulty (base + length) and tie-breaking key; kept when it
 * removes something and beats what is kept. Its chains end at
 * targets[0..ntargets), instances; root_cause is the rule Sudoku Explainer
 * gives their assumptions (a cell's or a region's chains) when it asks
 * what they rest on: an inner engine collects the step with them. */
static void offer(chain_engine *E, int technique, int base, int complexity, int sort_key,
                  int32_t target_pot, const int32_t *targets, int ntargets, int32_t root_cause,
                  int source_cell, int source_digit)
{
    sudoku_logic *L = E->L;
    int cell = pot_cell(E, target_pot), digit = pot_digit(E, target_pot);
    uint64_t gone = pot_on(target_pot) ? L->cand[cell] & ~digit_bit(digit)
                                       : L->cand[cell] & digit_bit(digit);
    if (!gone)
        return;
    if (E->collect) {
        int32_t rem[SUDOKU_MAX_N];
        int nrem = 0;
        for (uint64_t m = gone; m; m &= m - 1)
            rem[nrem++] = make_pot(E, cell, lowest_bit(m) + 1, 0);
        collect_hint(E, base, complexity, sort_key, targets, ntargets, root_cause, rem, nrem);
        return;
    }
    int rating = base + length_tenths(complexity);
    chain_best *b = &E->best;
    if (b->found && (rating > b->rating || (rating == b->rating &&
                                            (complexity > b->complexity ||
                                             (complexity == b->complexity &&
                                              sort_key >= b->sort_key)))))
        return;
    b->found = 1;
    b->rating = rating;
    b->complexity = complexity;
    b->sort_key = sort_key;
    b->technique = technique;
    b->source_cell = source_cell;
    b->source_digit = source_digit;
    b->nelims = 0;
    for (uint64_t m = gone; m && b->nelims < SUDOKU_STEP_MAX_ELIMS; m &= m - 1) {
        b->elim_cell[b->nelims] = cell;
        b->elim_digit[b->nelims++] = lowest_bit(m) + 1;
    }
}

/* The same for a cycle: its eliminations are given. */
static void offer_elims(chain_engine *E, int technique, int rating, int complexity,
                        int sort_key, const int32_t *cells, const int32_t *digits, int count,
                        int source_cell, int source_digit)
{
    chain_best *b = &E->best;
    if (count == 0)
        return;
    if (b->found && (rating > b->rating || (rating == b->rating &&
                                            (complexity > b->complexity ||
                                             (complexity == b->complexity &&
                                              sort_key >= b->sort_key)))))
        return;
    b->found = 1;
    b->rating = rating;
    b->complexity = complexity;
    b->sort_key = sort_key;
    b->technique = technique;
    b->source_cell = source_cell;
    b->source_digit = source_digit;
    b->nelims = count < SUDOKU_STEP_MAX_ELIMS ? count : SUDOKU_STEP_MAX_ELIMS;
    memcpy(b->elim_cell, cells, sizeof(int32_t) * (size_t)b->nelims);
    memcpy(b->elim_digit, digits, sizeof(int32_t) * (size_t)b->nelims);
}

/* --- forcing chains and cycles (one assumption, static) ----------------------------- */

/* The cycle through dst (an instance of the source on potential, reached
 * again): the candidates outside its cells that see an on node and an off
 * node of their symbol go. */
static void cycle_collect(chain_engine *E, int32_t dst, int x, int y);

static void cycle_step(chain_engine *E, int32_t dst, int x, int y, int source_cell,
                       int source_digit)
{
    sudoku_logic *L = E->L;
    if (E->collect) {
        cycle_collect(E, dst, x, y);
        return;
    }
    int32_t stamp = logic_new_stamp(L);
    for (int32_t i = dst; i >= 0 && E->ipar_count[i]; i = first_parent(E, i))
        L->mark[pot_cell(E, E->ipot[i])] = stamp;
    /* The candidates outside seen by an on node and by an off node, as bit
     * sets of cells by symbol (cycle_takes()'s test), listed as the cycle's
     * nodes' houses meet them: a node that sees none not listed yet is
     * passed by. The list holds the first SUDOKU_STEP_MAX_ELIMS candidates
     * met; when more than those are seen, each is met as before (20 extreme
     * puzzles: 67.8 M -> 67.1 M instructions). */
    enum { CW = (CHAIN_MAX_N * CHAIN_MAX_N + 63) / 64 };
    int W = E->cell_words;
    uint64_t on[CHAIN_MAX_N][CW], off[CHAIN_MAX_N][CW], met[CHAIN_MAX_N][CW], cyc[CW] = {0};
    uint64_t used = 0;
    for (int32_t i = dst; i >= 0 && E->ipar_count[i]; i = first_parent(E, i)) {
        int32_t pot = E->ipot[i];
        int c = pot_cell(E, pot), d = pot_digit(E, pot) - 1;
        cyc[c >> 6] |= (uint64_t)1 << (c & 63);
        if (!((used >> d) & 1)) {
            used |= (uint64_t)1 << d;
            for (int w = 0; w < W; w++)
                on[d][w] = off[d][w] = met[d][w] = 0;
        }
        const uint64_t *pb = E->peer_bits + (size_t)c * (size_t)W;
        uint64_t *to = pot_on(pot) ? on[d] : off[d];
        for (int w = 0; w < W; w++)
            to[w] |= pb[w];
    }
    int seen = 0;
    for (uint64_t u = used; u; u &= u - 1) {
        int d = lowest_bit(u);
        const uint64_t *sb = E->sym_bits + (size_t)d * (size_t)W;
        for (int w = 0; w < W; w++) {
            uint64_t out = sb[w] & ~cyc[w];
            seen += __builtin_popcountll((on[d][w] | off[d][w]) & out);
            on[d][w] &= off[d][w] & out; /* (both) */
        }
    }
    static const int MAXC = SUDOKU_STEP_MAX_ELIMS;
    int32_t cells[SUDOKU_STEP_MAX_ELIMS], digits[SUDOKU_STEP_MAX_ELIMS];
    int count = 0, keep = 0, all = seen > MAXC;
    for (int32_t i = dst; i >= 0 && E->ipar_count[i]; i = first_parent(E, i)) {
        int32_t pot = E->ipot[i];
        int cell = pot_cell(E, pot), digit = pot_digit(E, pot);
        uint64_t bit = digit_bit(digit);
        uint64_t *mt = met[digit - 1], *bt = on[digit - 1];
        if (!all) {
            const uint64_t *pb = E->peer_bits + (size_t)cell * (size_t)W;
            uint64_t any = 0;
            for (int w = 0; w < W; w++)
                any |= bt[w] & pb[w] & ~mt[w];
            if (!any)
                continue;
        }
        int nh;
        const int32_t *hs = logic_houses_of(L, cell, &nh);
        int32_t s2 = E->cell_stamp + 1;
        if (s2 == INT32_MAX) {
            memset(E->cell_mark, 0, sizeof(int32_t) * (size_t)L->cells);
            s2 = 1;
        }
        E->cell_stamp = s2;
        E->cell_mark[cell] = s2;
        for (int j = 0; j < nh; j++)
            for (int k = 0; k < L->n; k++) {
                int c = logic_house_cell(L, hs[j], k);
                if (E->cell_mark[c] == s2)
                    continue;
                E->cell_mark[c] = s2;
                if (L->mark[c] == stamp || !(L->cand[c] & bit))
                    continue;
                uint64_t cb = (uint64_t)1 << (c & 63);
                if ((mt[c >> 6] & cb) || count == MAXC)
                    continue;
                if (all) { /* a slot for each candidate met */
                    mt[c >> 6] |= cb;
                    count++;
                }
                if (bt[c >> 6] & cb) {
                    mt[c >> 6] |= cb;
                    cells[keep] = c;
                    digits[keep++] = digit;
                }
            }
    }
    int complexity = ancestors(E, dst);
    int base = x && y ? 70 : 65;
    offer_elims(E, SUDOKU_FORCING_CHAIN, base + length_tenths(complexity), complexity,
                x && y ? 4 : y ? 3 : 2, cells, digits, keep, source_cell, source_digit);
}

/* The memory of cycles_from() and forcing_from() (made at the first use):
 * 0 when out of memory. */
static int cycles_alloc(chain_engine *E)
{
    sudoku_logic *L = E->L;
    size_t P = (size_t)E->P;
    int W = (L->cells + 63) / 64;
    E->cyc_mark = calloc(P, sizeof(int32_t));
    E->cyc_close = calloc(P, sizeof(int32_t));
    E->cyc_imark = calloc(P, sizeof(int32_t));
    E->cyc_par = malloc(sizeof(int32_t) * P);
    E->cyc_inst = malloc(sizeof(int32_t) * P);
    E->cyc_list = malloc(sizeof(int32_t) * P * 3);
    E->cyc_dist = malloc(sizeof(int32_t) * P);
    E->peer_bits = calloc(((size_t)L->cells + (size_t)L->n) * (size_t)W, sizeof(uint64_t));
    if (!E->cyc_mark || !E->cyc_close || !E->cyc_imark || !E->cyc_par || !E->cyc_inst ||
        !E->cyc_list || !E->cyc_dist || !E->peer_bits) {
        int32_t **a[] = {&E->cyc_mark, &E->cyc_close, &E->cyc_imark, &E->cyc_par, &E->cyc_inst,
                         &E->cyc_list, &E->cyc_dist};
        for (size_t k = 0; k < sizeof a / sizeof a[0]; k++) {
            free(*a[k]);
            *a[k] = NULL;
        }
        free(E->peer_bits);
        E->peer_bits = NULL;
        return 0;
    }
    E->cyc_stamp = 0;
    E->cell_words = W;
    E->sym_bits = E->peer_bits + (size_t)L->cells * (size_t)W;
    E->sym_bits_ok = 0;
    for (int c = 0; c < L->cells; c++) {
        const int32_t *pp = E->peers + (size_t)c * (size_t)E->max_peers;
        uint64_t *b = E->peer_bits + (size_t)c * (size_t)W;
        for (int k = 0; k < E->npeers[c]; k++)
            b[pp[k] >> 6] |= (uint64_t)1 << (pp[k] & 63);
    }
    return 1;
}

/* Whether the cycle a search closes by the off v, reached from the on q
 * (its nodes v, then q and its way back, see cycles_from()), takes
 * anything: a candidate outside its cells that sees an on node and an off
 * node of its symbol, cycle_step()'s test on bit sets of cells. Most
 * cycles take nothing (407 of 46,449 on 60 top1465 puzzles take
 * something); they are not counted nor worked out further (there: 0.97 G
 * -> 0.84 G instructions in find_forcing_chain). */
/* The bit sets of cells cycle_takes() and nodes_take() test: for each
 * symbol of a node (used), the peers of its on nodes and of its off
 * nodes. */
#define NODE_WORDS ((CHAIN_MAX_N * CHAIN_MAX_N + 63) / 64)
typedef struct node_sets {
    uint64_t used;
    uint64_t on[CHAIN_MAX_N][NODE_WORDS], off[CHAIN_MAX_N][NODE_WORDS];
} node_sets;

static inline __attribute__((always_inline)) void node_sets_add(const chain_engine *E,
                                                                node_sets *S, int32_t pot,
                                                                int c, const int W)
{
    int d = pot_digit(E, pot) - 1;
    if (!((S->used >> d) & 1)) {
        S->used |= (uint64_t)1 << d;
        for (int w = 0; w < W; w++)
            S->on[d][w] = S->off[d][w] = 0;
    }
    const uint64_t *pb = E->peer_bits + (size_t)c * (size_t)W;
    uint64_t *to = pot_on(pot) ? S->on[d] : S->off[d];
    for (int w = 0; w < W; w++)
        to[w] |= pb[w];
}

/* Does a candidate outside the cells skip see an on node and an off node
 * of its symbol? The symbol's candidates as bits (E->sym_bits), not each
 * cell's looked up. */
static inline __attribute__((always_inline)) int
node_sets_take(const chain_engine *E, const node_sets *S, const uint64_t *skip, const int W)
{
    for (uint64_t used = S->used; used; used &= used - 1) {
        int d = lowest_bit(used);
        const uint64_t *sb = E->sym_bits + (size_t)d * (size_t)W;
        uint64_t any = 0;
        for (int w = 0; w < W; w++)
            any |= S->on[d][w] & S->off[d][w] & ~skip[w] & sb[w];
        if (any)
            return 1;
    }
    return 0;
}

static inline __attribute__((always_inline)) int cycle_takes_w(const chain_engine *E, int32_t v,
                                                               int32_t q, const int W)
{
    uint64_t cyc[NODE_WORDS] = {0};
    node_sets S;
    S.used = 0;
    for (int32_t u = v; u >= 0; u = u == v ? q : E->cyc_par[u]) {
        int32_t pot = E->gpot[u];
        int c = pot_cell(E, pot);
        cyc[c >> 6] |= (uint64_t)1 << (c & 63);
        node_sets_add(E, &S, pot, c, W);
    }
    return node_sets_take(E, &S, cyc, W);
}

static int cycle_takes(const chain_engine *E, int32_t v, int32_t q)
{
    /* a board's 81 cells: two words, no loops over them */
    return E->cell_words == 2 ? cycle_takes_w(E, v, q, 2) : cycle_takes_w(E, v, q, E->cell_words);
}

/* The instance of the node v a cycle search reached (see cycles_from()),
 * made with those of its way back when first asked for; -1 when out of
 * memory. */
static int32_t cycle_inst(chain_engine *E, int32_t v)
{
    int32_t stamp = E->cyc_stamp, *way = E->cyc_list + 2 * (size_t)E->P, n = 0;
    while (E->cyc_imark[v] != stamp) { /* the source's is made */
        way[n++] = v;
        v = E->cyc_par[v];
    }
    int32_t inst = E->cyc_inst[v];
    while (n-- > 0) {
        int32_t u = way[n], pot = E->gpot[u];
        inst = new_inst(E, pot, inst);
        if (inst < 0)
            return -1;
        if (pot_on(pot) && E->collect)
            E->icause[inst] = on_cause(E, E->gpot[v], pot);
        E->cyc_imark[u] = stamp;
        E->cyc_inst[u] = inst;
        v = u;
    }
    return inst;
}

/* The symbols' candidates as bit sets of cells (E->sym_bits), for the
 * graph's grid, once (cycle_takes(), cycle_sccs()). */
static void sym_bits(chain_engine *E)
{
    if (E->sym_bits_ok)
        return;
    sudoku_logic *L = E->L;
    int W = E->cell_words;
    memset(E->sym_bits, 0, sizeof(uint64_t) * (size_t)L->n * (size_t)W);
    for (int c = 0; c < L->cells; c++)
        for (uint64_t m = L->cand[c]; m; m &= m - 1)
            E->sym_bits[(size_t)lowest_bit(m) * (size_t)W + (size_t)(c >> 6)] |=
                (uint64_t)1 << (c & 63);
    E->sym_bits_ok = 1;
}

/* Sudoku Explainer's cycles: from source (on), all ons then all offs in
 * rounds; an off may come again by another way (each is followed, unless it
 * is already an ancestor of its cause); reaching the source again by an
 * off -> on link after 4 or more rounds closes a cycle.
 *
 * On the pass's graph of links (the grid is fixed) that search is a walk
 * by layers of nodes: an on is met once (its first way, the one kept), an
 * off's first way brings the ons of the next layer, and each way to an off
 * that leads back to the source (one of the source's conjugates' offs,
 * "closing" offs) not through that off already is a cycle, closed in the
 * order Sudoku Explainer's queue meets it (the ons of the layer in order,
 * each one's links in order). Instances are made only for the cycles'
 * nodes (60 top1465 puzzles: 1.31 G -> 0.97 G instructions in
 * find_forcing_chain). */
static void cycles_from(chain_engine *E, int32_t source, int y, int x)
{
    if (!E->graph_live || (!E->cyc_mark && !cycles_alloc(E))) { /* out of memory */
        E->failed = 1;
        return;
    }
    int32_t src_pot = E->ipot[source];
    int cell = pot_cell(E, src_pot), digit = pot_digit(E, src_pot);
    sym_bits(E);
    if (++E->cyc_stamp == INT32_MAX) {
        memset(E->cyc_mark, 0, sizeof(int32_t) * (size_t)E->P);
        memset(E->cyc_close, 0, sizeof(int32_t) * (size_t)E->P);
        memset(E->cyc_imark, 0, sizeof(int32_t) * (size_t)E->P);
        E->cyc_stamp = 1;
    }
    int32_t stamp = E->cyc_stamp;
    const int32_t *gbeg = E->gbeg, *gend = E->gend, *glink = E->glink;
    int32_t *mark = E->cyc_mark, *par = E->cyc_par, *close = E->cyc_close;
    int32_t s_on = E->gnode[src_pot], s_off = E->gnode[src_pot ^ 1];
    /* the offs that make the source on: those of the ons its off makes (the
     * links go both ways, negated) */
    for (int32_t e = gbeg[s_off]; e < gend[s_off]; e++)
        close[glink[e] ^ 1] = stamp;
    /* and the ons that lead to those (the negations of the offs their
     * negations lead to), marked in close[] too (ons, where the offs are
     * not): once the last of those met has been through, no cycle is left
     * to close and the search ends */
    int left = 0;
    /* A node out of the source's strongly connected component (see
     * cycle_sccs()) is on no cycle through it, nor is any node it leads to:
     * the walk leaves those out (it meets the others, and closes the
     * cycles, as before), and counts in left the ons of the component only
     * (20 extreme puzzles: 65.3 M -> 63.9 M instructions) */
    const int32_t *sid = E->scc_id, comp = sid[s_on];
    for (int32_t e = gbeg[s_off]; e < gend[s_off]; e++) {
        int32_t jon = glink[e];
        for (int32_t f = gbeg[jon]; f < gend[jon]; f++)
            if (close[glink[f] | 1] != stamp) {
                close[glink[f] | 1] = stamp;
                left += sid[glink[f] | 1] == comp;
            }
    }
    /* the walk goes on the floors' graph (walk_graph()): an off that leads
     * nowhere is neither on a cycle nor one that closes it (60 top1465
     * puzzles: 0.60 G -> 0.58 G instructions in find_forcing_chain) */
    gbeg = E->wbeg;
    gend = E->wend;
    glink = E->wlink;
    mark[s_on] = stamp;
    par[s_on] = -1;
    E->cyc_imark[s_on] = stamp;
    E->cyc_inst[s_on] = source;
    int32_t *ons = E->cyc_list, *offs = E->cyc_list + E->P;
    int non = 1, depth = 1; /* the on layer's nodes, from the source's 1 */
    ons[0] = s_on;
    /* As in forcing_from(), depths never fall along the layers; a cycle
     * closed from an off of depth d repeats only the source, so it counts d
     * nodes: once that cannot beat the best, no later cycle can (8 extreme:
     * 300 M -> 244 M instructions); a cycle offered meanwhile counts d too,
     * and so the layer goes on */
    int cycle_base = x && y ? 70 : 65;
    while (non && !E->failed) {
        int d = depth + 1, noff = 0;
        if (!may_beat(E, cycle_base, d))
            return;
        for (int a = 0; a < non; a++) {
            int32_t q = ons[a];
            left -= close[q] == stamp;
            for (int32_t e = gbeg[q]; e < gend[q]; e++) {
                int32_t v = glink[e];
                if (mark[v] != stamp) {
                    if (sid[v] != comp)
                        continue;
                    mark[v] = stamp;
                    par[v] = q;
                    offs[noff++] = v;
                    if (close[v] != stamp || d < 4)
                        continue;
                } else {
                    if (close[v] != stamp || d < 4)
                        continue;
                    int32_t w = par[q]; /* another way: not through v already */
                    while (w >= 0 && w != v)
                        w = par[par[w]];
                    if (w >= 0)
                        continue;
                }
                if (!cycle_takes(E, v, q))
                    continue;
                int32_t qi = cycle_inst(E, q), vi = qi >= 0 ? new_inst(E, E->gpot[v], qi) : -1;
                int32_t dst = vi >= 0 ? new_inst(E, src_pot, vi) : -1;
                if (dst < 0)
                    return;
                if (E->collect)
                    E->icause[dst] = on_cause(E, E->gpot[v], src_pot);
                cycle_step(E, dst, x, y, cell, digit);
            }
        }
        if (!left)
            return;
        non = 0;
        for (int a = 0; a < noff; a++) {
            int32_t o = offs[a];
            for (int32_t e = gbeg[o]; e < gend[o]; e++) {
                int32_t w = glink[e];
                if (mark[w] != stamp && sid[w] == comp) {
                    mark[w] = stamp;
                    par[w] = o;
                    ons[non++] = w;
                }
            }
        }
        depth += 2;
    }
}

/* Forcing chains from source (on or off): rounds of all ons, then all
 * offs (X links always); reaching the source's negation makes it false
 * (from on) or true (from off).
 *
 * As cycles_from() does, on the floors' graph by layers of nodes (each
 * potential met once, its first way kept), instances made only for the
 * chain found: the first node of its layer, in the queue's order, that
 * makes the source's negation (known before: the negations of the nodes
 * the source makes) ends it (60 top1465 puzzles: 0.58 G -> 0.54 G
 * instructions in find_forcing_chain; 20 extreme 72 M -> 58 M). */
static void forcing_from(chain_engine *E, int32_t source, int y, int x_pass, int32_t rounds)
{
    if (!E->graph_live || (!E->cyc_mark && !cycles_alloc(E))) { /* out of memory */
        E->failed = 1;
        return;
    }
    int32_t src_pot = E->ipot[source];
    int cell = pot_cell(E, src_pot), digit = pot_digit(E, src_pot);
    int base = x_pass && y ? 70 : 66, key = x_pass && y ? 4 : y ? 3 : 2;
    if (++E->cyc_stamp == INT32_MAX) {
        memset(E->cyc_mark, 0, sizeof(int32_t) * (size_t)E->P);
        memset(E->cyc_close, 0, sizeof(int32_t) * (size_t)E->P);
        memset(E->cyc_imark, 0, sizeof(int32_t) * (size_t)E->P);
        E->cyc_stamp = 1;
    }
    int32_t stamp = E->cyc_stamp;
    int32_t *mark = E->cyc_mark, *par = E->cyc_par, *ends = E->cyc_close;
    int32_t s = E->gnode[src_pot];
    /* the nodes that make the negation: the negations of those the source
     * makes (the links go both ways, negated) */
    for (int32_t e = E->gbeg[s]; e < E->gend[s]; e++)
        ends[E->glink[e] ^ 1] = stamp;
    mark[s] = stamp;
    par[s] = -1;
    E->cyc_imark[s] = stamp;
    E->cyc_inst[s] = source;
    /* The way to the negation takes rounds links (its floor, exact: see
     * lanes_walk()). A node t links from the source leads there in
     * rounds - t links or fewer only if its negation is that near the
     * source (the links go both ways, negated); from t > rounds - t on,
     * the nodes that are that near are all met already (dist), and a node
     * that is not is left out, with all it leads to (none of which is). A
     * node's first way is the same, the first met of the chain's last
     * layer too (20 extreme puzzles: 63.9 M -> 63.5 M instructions). */
    int32_t *dist = E->cyc_dist;
    dist[s] = 0;
    const int32_t *wbeg = E->wbeg, *wend = E->wend, *wlink = E->wlink;
    int32_t *cur = E->cyc_list, *nxt = E->cyc_list + E->P;
    int ncur = 1, depth = 1, on = pot_on(src_pot);
    cur[0] = s;
    /* The layers go by depth: a node is one deeper than its (only) parent,
     * and a target made from a node of depth d counts d + 1 nodes. Once that
     * cannot beat the best kept, nothing further from this source can; and
     * the source has one step only (with both: 10 top1465, 1.27 G -> 1.20 G
     * instructions; 8 extreme, 358 M -> 300 M). */
    while (ncur && !E->failed) {
        if (!may_beat(E, base, depth + 1))
            return;
        int nn = 0;
        for (int a = 0; a < ncur; a++) {
            int32_t u = cur[a];
            if (ends[u] == stamp) {
                int32_t ui = cycle_inst(E, u), t = ui >= 0 ? new_inst(E, src_pot ^ 1, ui) : -1;
                if (t < 0)
                    return;
                if (!on && E->collect) /* an on made by the off u */
                    E->icause[t] = on_cause(E, E->gpot[u], src_pot ^ 1);
                int cx = ancestors(E, t);
                offer(E, SUDOKU_FORCING_CHAIN, base, cx, key, src_pot ^ 1, &t, 1, CAUSE_NONE, cell,
                      digit);
                return; /* the one step of this source */
            }
            int32_t t = depth, near = rounds - t; /* v's rounds, those left */
            for (int32_t e = wbeg[u]; e < wend[u]; e++) {
                int32_t v = wlink[e];
                if (mark[v] != stamp) {
                    mark[v] = stamp;
                    dist[v] = t;
                    if (near < t && (mark[v ^ 1] != stamp || dist[v ^ 1] > near))
                        continue;
                    par[v] = u;
                    nxt[nn++] = v;
                }
            }
        }
        int32_t *t = cur;
        cur = nxt;
        nxt = t;
        ncur = nn;
        on = !on;
        depth++;
    }
}

/* --- floors under the unary search ---------------------------------------------------
 * During a unary pass the grid does not change, so the links a search may
 * follow form one graph. A walk of it by rounds, breadth first, gives each
 * source a floor under the nodes of any step its search could offer:
 *   a forcing chain from a potential to its negation counts at least the
 *   rounds of the shortest way there, plus one (its floor in forcing_from);
 *   a cycle through the on potential s leaves s for an off potential a,
 *   comes back from the off potential of a conjugate j of s (the off of j
 *   makes s on), with a != j, and does not pass s on the way (its nodes
 *   are distinct): it counts at least the rounds of the shortest way from
 *   s's offs other than j's to j's off, s left out, plus two (its floor in
 *   cycles_from, the rounds of the way from s to j's off, plus one).
 * A source whose floor cannot beat the best step kept when its turn comes
 * is not searched: the search would have stopped before offering anything
 * that is kept (may_beat() is what the searches test). So the steps found
 * are the same; a failed pass (no step at all) walks the graph instead of
 * searching from every source. The walk runs 64 of these at once, one
 * bit of a word each ("lanes"). 8 top1465 puzzles: 362 M -> 104 M
 * instructions in find_forcing_chain, 51 M of them the walks. */

#define FLOOR_NONE INT32_MAX
#define CPAIR_UNSET (-1)   /* E->cpair: no lane walked for the pair yet */
#define CPAIR_PENDING (-2) /* its lane in the walk under way */
#define LANES 64


static int links_alloc(chain_engine *E)
{
    if (E->gnode)
        return 1;
    size_t P = (size_t)E->P;
    E->gnode = malloc(sizeof(int32_t) * P);
    E->gpot = malloc(sizeof(int32_t) * P);
    E->greach = calloc(P, sizeof(uint64_t));
    E->gcur = calloc(P, sizeof(uint64_t));
    E->gnext = calloc(P, sizeof(uint64_t));
    E->gactive = malloc(sizeof(int32_t) * P);
    E->gactive2 = malloc(sizeof(int32_t) * P);
    E->floor_cycle = malloc(sizeof(int32_t) * (P / 2));
    E->floor_on = malloc(sizeof(int32_t) * (P / 2));
    E->floor_off = malloc(sizeof(int32_t) * (P / 2));
    if (!E->gnode || !E->gpot || !E->greach || !E->gcur || !E->gnext ||
        !E->gactive || !E->gactive2 || !E->floor_cycle || !E->floor_on || !E->floor_off) {
        uint64_t **w[] = {&E->greach, &E->gcur, &E->gnext};
        int32_t **a[] = {&E->gnode, &E->gpot, &E->gactive, &E->gactive2,
                         &E->floor_cycle, &E->floor_on, &E->floor_off};
        for (size_t k = 0; k < sizeof w / sizeof w[0]; k++) {
            free(*w[k]);
            *w[k] = NULL;
        }
        for (size_t k = 0; k < sizeof a / sizeof a[0]; k++) {
            free(*a[k]);
            *a[k] = NULL;
        }
        return 0;
    }
    for (size_t p = 0; p < P; p++) /* no candidate's (build_xy() keeps it so) */
        E->gnode[p] = -1;
    E->gnodes = 0;
    return 1;
}

static int fresh_places(chain_engine *E);
static int board_masks(chain_engine *E);

/* The links of both kinds (on_to_off() and off_to_on() with y and x) of
 * every potential of a candidate, worked out once for the grid of a search
 * (E->xy_valid): each pass's graph is a part of each node's links, the
 * same in the same order (a search's three unary passes work the grid out
 * once, not three times). An on's links: its cell's other candidates, then
 * its peers holding the symbol (in peers' order, on_to_off_pot()'s); an
 * off's: the other candidate of a cell of two, then the other place of the
 * symbol in each of its houses where there is one (off_to_on_pots()'s). */
static int build_xy(chain_engine *E)
{
    sudoku_logic *L = E->L;
    size_t P = (size_t)E->P;
    if (!E->xy_beg) {
        E->xy_beg = malloc(sizeof(int32_t) * P);
        E->xy_mid = malloc(sizeof(int32_t) * P);
        E->xy_end = malloc(sizeof(int32_t) * P);
        E->xy_yend = malloc(sizeof(int32_t) * P);
        E->xy_with = malloc(sizeof(int32_t) * (size_t)L->n * (size_t)E->max_peers);
        if (!E->xy_beg || !E->xy_mid || !E->xy_end || !E->xy_yend || !E->xy_with) {
            free(E->xy_beg);
            free(E->xy_mid);
            free(E->xy_end);
            free(E->xy_yend);
            free(E->xy_with);
            E->xy_beg = E->xy_mid = E->xy_end = E->xy_yend = E->xy_with = NULL;
            return 0;
        }
    }
    for (int v = 0; v < E->gnodes; v++) /* (links_alloc() set the rest) */
        E->gnode[E->gpot[v]] = -1;
    int nodes = 0;
    /* a candidate's off and on are the nodes 2k and 2k + 1: a node's
     * negation is the node ^ 1 */
    for (int cell = 0; cell < L->cells; cell++)
        for (uint64_t m = L->cand[cell]; m; m &= m - 1)
            for (int on = 0; on < 2; on++) {
                int32_t pot = make_pot(E, cell, lowest_bit(m) + 1, on);
                E->gnode[pot] = nodes;
                E->gpot[nodes++] = pot;
            }
    E->gnodes = nodes;
    E->sym_bits_ok = 0; /* (cycles_from(): the grid has moved) */
    /* cell by cell: its peers looked at once for all its symbols (not once
     * for each: 60 top1465 puzzles, 3.92 G -> 3.91 G instructions) */
    int links = 0, most = E->max_peers + SUDOKU_MAX_N + L->per_cell, v = 0;
    int cnt[CHAIN_MAX_N];
    int32_t *with = E->xy_with;
    /* on a board, each symbol's candidates as bits: the peers holding it
     * are those of each house's fresh places, in order (60 top1465
     * puzzles: 1.914 G -> 1.906 G instructions) */
    uint64_t bits[2 * CHAIN_MAX_N];
    int board = L->cells <= 128 && fresh_places(E) && board_masks(E) && E->board;
    if (board) {
        memset(bits, 0, sizeof(uint64_t) * 2 * (size_t)L->n);
        for (int c = 0; c < L->cells; c++)
            for (uint64_t m = L->cand[c]; m; m &= m - 1)
                bits[2 * lowest_bit(m) + (c >> 6)] |= (uint64_t)1 << (c & 63);
    }
    /* the engine's fields in locals (the stores to out[] might alias them),
     * and a cell's own nodes known as v0, v0 + 2, ... (not looked up): 60
     * top1465 puzzles, 1.578 G -> 1.573 G instructions */
    const int32_t *gnode = E->gnode;
    const uint64_t *places = E->places, *fmask = E->fmask;
    int32_t *xbeg = E->xy_beg, *xmid = E->xy_mid, *xend = E->xy_end, *xyend = E->xy_yend;
    int n = E->n, n2 = 2 * E->n;
    for (int cell = 0; cell < L->cells; cell++) {
        uint64_t cand = L->cand[cell];
        if (!cand)
            continue;
        int need = links + 2 * popcount64(cand) * most;
        if (need > E->xy_cap) {
            int cap = E->xy_cap ? E->xy_cap : 4096;
            while (cap < need)
                cap *= 2;
            int32_t *a = realloc(E->xy_link, sizeof(int32_t) * (size_t)cap);
            if (!a)
                return 0;
            E->xy_link = a;
            E->xy_cap = cap;
        }
        int32_t *out = E->xy_link;
        /* the peers holding each of its symbols, in peers' order */
        const int32_t *pp = E->peers + (size_t)cell * (size_t)E->max_peers;
        for (uint64_t m = cand; m; m &= m - 1)
            cnt[lowest_bit(m)] = 0;
        for (int k = 0; k < E->npeers[cell] && !board; k++)
            for (uint64_t m = L->cand[pp[k]] & cand; m; m &= m - 1) {
                int d = lowest_bit(m);
                with[d * E->max_peers + cnt[d]++] = pp[k];
            }
        const int32_t *hs = E->order + (size_t)cell * (size_t)L->per_cell;
        const int8_t *pos = E->order_pos + (size_t)cell * (size_t)L->per_cell;
        const int32_t *row = E->order_place + (size_t)cell * (size_t)L->per_cell;
        int oc = E->order_count[cell], v0 = v, vend = v + 2 * popcount64(cand);
        int two = vend - v0 == 4;
        for (uint64_t m = cand; m; m &= m - 1, v += 2) {
            int digit = lowest_bit(m) + 1;
            /* the off (node v) */
            xbeg[v] = links;
            if (two)
                out[links++] = (v == v0 ? v0 + 2 : v0) | 1;
            int mid = xmid[v] = links;
            for (int j = 0; j < oc; j++) {
                uint64_t others = places[row[j] + digit - 1] & ~((uint64_t)1 << pos[j]);
                if (others && !(others & (others - 1))) {
                    int other = logic_house_cell(L, hs[j], lowest_bit(others));
                    out[links++] = gnode[(other * n + digit - 1) * 2 + 1];
                }
            }
            xend[v] = links;
            xyend[v] = mid;
            /* the on (v + 1) */
            xbeg[v + 1] = links;
            for (int32_t u = v0; u < vend; u += 2)
                if (u != v)
                    out[links++] = u;
            xmid[v + 1] = links;
            const int32_t *gd = gnode + 2 * (digit - 1); /* the symbol's offs, by cell * 2n */
            if (board) {
                const uint64_t *b = bits + 2 * (digit - 1);
                const uint64_t *f = fmask + (size_t)2 * (size_t)cell * (size_t)L->per_cell;
                for (int j = 0; j < oc; j++, f += 2) {
                    for (uint64_t o = b[0] & f[0]; o; o &= o - 1)
                        out[links++] = gd[lowest_bit(o) * n2];
                    for (uint64_t o = b[1] & f[1]; o; o &= o - 1)
                        out[links++] = gd[(64 + lowest_bit(o)) * n2];
                }
            }
            const int32_t *w = with + (size_t)(digit - 1) * (size_t)E->max_peers;
            for (int k = 0; k < cnt[digit - 1]; k++)
                out[links++] = gd[w[k] * n2];
            xend[v + 1] = links;
            xyend[v + 1] = links;
        }
    }
    E->glink = E->xy_link;
    E->xy_valid = 1;
    if (E->xy_grid)
        memcpy(E->xy_grid, L->cand, sizeof(uint64_t) * (size_t)L->cells);
    return 1;
}

/* The pass's graph: a node for each potential of a candidate, the links
 * on_to_off() and off_to_on() would follow. 0 when out of memory. */
static int build_links(chain_engine *E, int y, int x)
{
    E->graph_live = 0;
    if (!links_alloc(E) || (!E->xy_valid && !build_xy(E)))
        return 0;
    /* an on keeps its cell's links with y; an off its cell's with y, its
     * houses' with x (a pass takes build_xy()'s arrays as they are, not
     * copies: 60 top1465 puzzles, 1.624 G -> 1.608 G instructions) */
    E->gbeg = y ? E->xy_beg : E->xy_mid;
    E->gend = x ? E->xy_end : E->xy_yend;
    E->graph_live = 1;
    E->graph_y = y;
    E->graph_x = x;
    return 1;
}

/* Starts lane l at node v (round 0). */
static void lane_seed(chain_engine *E, int32_t v, int l, int *na)
{
    uint64_t bit = (uint64_t)1 << l;
    E->greach[v] |= bit;
    if (!E->gcur[v])
        E->gactive[(*na)++] = v;
    E->gcur[v] |= bit;
}

/* The walk's graph: the pass's links but those to an off that leads
 * nowhere (no link of its own), where a way ends: on top1465 72% of the
 * XY pass's links from ons. A way to a node other than those offs has the
 * same rounds on it; an off of those is reached a round after one of the
 * ons that make it off (lanes_walk()). 60 top1465 puzzles: 0.71 G ->
 * 0.66 G instructions in find_forcing_chain. 0 when out of memory. */
static int walk_graph(chain_engine *E)
{
    size_t P = (size_t)E->P;
    if (!E->wbeg) {
        E->wbeg = malloc(sizeof(int32_t) * P);
        E->wend = malloc(sizeof(int32_t) * P);
        E->tmask = calloc(P, sizeof(uint64_t));
        E->tlist = malloc(sizeof(int32_t) * P);
        E->src = malloc(sizeof(int32_t) * P);
        if (!E->wbeg || !E->wend || !E->tmask || !E->tlist || !E->src) {
            free(E->wbeg);
            free(E->wend);
            free(E->tmask);
            free(E->tlist);
            free(E->src);
            E->wbeg = E->wend = E->tlist = E->src = NULL;
            E->tmask = NULL;
            return 0;
        }
    }
    int need = E->gnodes ? E->xy_end[E->gnodes - 1] : 0; /* every link */
    if (need > E->wcap) {
        int32_t *a = realloc(E->wlink, sizeof(int32_t) * (size_t)need);
        if (!a)
            return 0;
        E->wlink = a;
        int32_t *c = realloc(E->cpair, sizeof(int32_t) * (size_t)need);
        if (!c)
            return 0;
        E->cpair = c;
        E->wcap = need;
    }

    const int32_t *gbeg = E->gbeg, *gend = E->gend, *glink = E->glink;
    int32_t *wlink = E->wlink;
    int links = 0;
    int32_t *cpair = E->cpair;
    for (int v = 0; v < E->gnodes; v += 2) { /* an off, then its on */
        E->wbeg[v] = links;
        for (int32_t e = gbeg[v], end = gend[v]; e < end; e++) {
            wlink[links++] = glink[e];
            cpair[e] = CPAIR_UNSET; /* the pass's offs' links, all it uses */
        }
        E->wend[v] = links;
        if (E->wend[v] == E->wbeg[v]) { /* see walk_on() */
            E->wbeg[v + 1] = E->wend[v + 1] = -1;
            continue;
        }
        E->wbeg[v + 1] = links;
        for (int32_t e = gbeg[v + 1], end = gend[v + 1]; e < end; e++) {
            int32_t w = glink[e];
            if (gbeg[w] < gend[w])
                wlink[links++] = w;
        }
        E->wend[v + 1] = links;
    }
    E->wlen = links;
    E->ntl = 0;
    return 1;
}

/* The walk's links of the on u, made when first asked for: a way reaches
 * an on only from an off that makes it, and then the on's own off makes
 * something too (the links go both ways, negated); so the ons whose offs
 * lead nowhere are walked from only as the start of a forcing chain, and
 * walk_graph() leaves them to this (60 top1465 puzzles: 1.609 G -> 1.592 G
 * instructions). */
static void walk_on(chain_engine *E, int32_t u)
{
    if (E->wbeg[u] >= 0)
        return;
    int links = E->wlen;
    E->wbeg[u] = links;
    for (int32_t e = E->gbeg[u], end = E->gend[u]; e < end; e++) {
        int32_t w = E->glink[e];
        if (E->gbeg[w] < E->gend[w])
            E->wlink[links++] = w;
    }
    E->wend[u] = E->wlen = links;
}

/* The walk of the lanes seeded (na nodes active) on the walk's graph:
 * dist[l] the round at which lane l first reaches its target, FLOOR_NONE
 * when not within max_rounds (or one more). Leaves the lanes' sets and
 * targets cleared.
 *
 * The lanes of meet go from a node x to its negation, and have no target
 * set: a way from x to a node v, then v's negation's from x negated and
 * backwards, lead from x to its negation (the links go both ways,
 * negated). The shortest way there has an odd count of links 2k - 1 (ons
 * and offs alternate), and its node after k links has its negation k - 1
 * links from x; no lane reaches a node whose negation it reached a round
 * before, at a round r, before r = k (the two ways make 2r - 1 links, not
 * fewer than 2k - 1). So the first such round r tells the rounds there,
 * 2r - 1, after half of them (20 extreme puzzles: 67.1 M -> 65.9 M
 * instructions). Those of meet_far, whose target is an off that leads
 * nowhere (out of the walk's graph, a round after an on that makes it
 * off), may take max_rounds + 1. */
static void lanes_walk(chain_engine *E, int na, int nl, int max_rounds, int32_t *dist,
                       uint64_t meet, uint64_t meet_far)
{
    uint64_t pending = nl == LANES ? ~(uint64_t)0 : ((uint64_t)1 << nl) - 1;
    uint64_t *tmask = E->tmask, *greach = E->greach;
    for (int l = 0; l < nl; l++)
        dist[l] = FLOOR_NONE;
    for (int k = 0; k < E->ntl; k++) { /* a target seeded */
        int32_t v = E->tlist[k];
        for (uint64_t h = greach[v] & tmask[v] & pending; h; h &= h - 1)
            dist[lowest_bit(h)] = 0;
        pending &= ~(greach[v] & tmask[v]);
    }
    int32_t *act = E->gactive, *next = E->gactive2;
    const int32_t *wbeg = E->wbeg, *wend = E->wend, *wlink = E->wlink;
    for (int round = 1; pending && na && round <= max_rounds; round++) {
        int nn = 0;
        uint64_t *cur = E->gcur, *nxt = E->gnext;
        for (int a = 0; a < na; a++) {
            int32_t u = act[a];
            uint64_t m = cur[u] & pending; /* a lane settled spreads no more */
            cur[u] = 0;
            for (int32_t e = wbeg[u]; e < wend[u]; e++) {
                int32_t v = wlink[e];
                uint64_t nx = m & ~greach[v];
                if (!nx)
                    continue;
                greach[v] |= nx;
                if (!nxt[v])
                    next[nn++] = v;
                nxt[v] |= nx;
                /* nx holds lanes pending when u's turn came: one settled
                 * since, at another of u's links, settles again at the same
                 * round */
                uint64_t h = nx & tmask[v];
                if (h) {
                    pending &= ~h;
                    for (; h; h &= h - 1)
                        dist[lowest_bit(h)] = round;
                }
                h = nx & meet;
                if (h && (h &= greach[v ^ 1] & ~nxt[v ^ 1])) { /* (reached before) */
                    pending &= ~h;
                    for (; h; h &= h - 1)
                        dist[lowest_bit(h)] = 2 * round - 1;
                }
            }
        }
        /* a lane of meet settling at the next round counts 2 round + 1 */
        if (2 * round + 1 > max_rounds)
            pending &= ~(meet & ~meet_far);
        if (2 * round + 1 > max_rounds + 1)
            pending &= ~meet;
        E->gcur = nxt;
        E->gnext = cur;
        int32_t *ta = act;
        act = next;
        next = ta;
        na = nn;
    }
    for (int a = 0; a < na; a++)
        E->gcur[act[a]] = 0;
    memset(greach, 0, sizeof(uint64_t) * (size_t)E->gnodes);
    for (int k = 0; k < E->ntl; k++)
        tmask[E->tlist[k]] = 0;
    E->ntl = 0;
}

/* The most rounds a way may take and still lead to a step of this base
 * that beats the best kept, its nodes being the rounds plus extra. */
static int rounds_worth(const chain_engine *E, int base, int extra)
{
    if (E->collect || !E->best.found)
        return E->gnodes; /* every step counts (not asked of may_beat() for
                             each round: 21 M instructions on 60 top1465) */
    int r = 0;
    while (r < E->gnodes && may_beat(E, base, r + 1 + extra))
        r++;
    return r;
}

/* One lane: what it stands for. */
typedef struct lane_of {
    int32_t var;    /* (cell, digit) of the source */
    int kind;       /* 0 cycle, 1 forcing from on, 2 forcing from off */
    int32_t link;   /* a cycle's: its conjugate's link (E->cpair); a forcing
                       chain's: 1 when its target is an off that leads
                       nowhere (see lanes_walk()) */
} lane_of;

static void lanes_settle(chain_engine *E, const lane_of *lanes, int nl, int na, int max_rounds)
{
    int32_t dist[LANES];
    uint64_t meet = 0, meet_far = 0;
    for (int l = 0; l < nl; l++)
        if (lanes[l].kind) {
            meet |= (uint64_t)1 << l;
            if (lanes[l].link)
                meet_far |= (uint64_t)1 << l;
        }
    lanes_walk(E, na, nl, max_rounds, dist, meet, meet_far);
    for (int l = 0; l < nl; l++) {
        if (lanes[l].kind == 0)
            E->cpair[lanes[l].link] = FLOOR_NONE;
        if (dist[l] == FLOOR_NONE)
            continue;
        int32_t v = lanes[l].var;
        if (lanes[l].kind == 0) {
            E->cpair[lanes[l].link] = dist[l];
            if (dist[l] + 2 < E->floor_cycle[v])
                E->floor_cycle[v] = dist[l] + 2;
        } else if (lanes[l].kind == 1) {
            E->floor_on[v] = dist[l] + 1;
        } else {
            E->floor_off[v] = dist[l] + 1;
        }
    }
}

/* Lets lane walks run to their end: greach holds what each lane reached
 * (the caller clears it). */
static void lanes_flood(chain_engine *E, int na)
{
    int32_t *act = E->gactive, *next = E->gactive2;
    while (na) {
        int nn = 0;
        for (int a = 0; a < na; a++) {
            int32_t u = act[a];
            uint64_t m = E->gcur[u];
            E->gcur[u] = 0;
            for (int32_t e = E->gbeg[u]; e < E->gend[u]; e++) {
                int32_t v = E->glink[e];
                uint64_t nx = m & ~E->greach[v];
                if (!nx)
                    continue;
                E->greach[v] |= nx;
                if (!E->gnext[v])
                    next[nn++] = v;
                E->gnext[v] |= nx;
            }
        }
        uint64_t *t = E->gcur;
        E->gcur = E->gnext;
        E->gnext = t;
        int32_t *ta = act;
        act = next;
        next = ta;
        na = nn;
    }
}

#define LANE_EVEN 0x5555555555555555ull

/* Marks, in E->qual, the pairs' sources that may have a step through one
 * of them (the pairs' lanes 2p, 2p+1 walked from their ons): bit 1 a
 * cycle, 2 a forcing chain from the on, 4 from the off. */
static void qualify_lanes(chain_engine *E)
{
    const uint64_t *greach = E->greach;
    /* node by node, not cell by cell looking each one up (with unary_pass()
     * and unary_floors() taking a source's potentials as 2 var and 2 var + 1:
     * 60 top1465 puzzles, 1.556 G -> 1.549 G instructions) */
    for (int v = 0; v < E->gnodes; v += 2) { /* a candidate's off, then its on */
        uint64_t r_off = greach[v], r_on = greach[v + 1];
        if (!(r_off | r_on))
            continue;
        uint8_t *q = &E->qual[E->gpot[v] >> 1];
        if (((r_off & (r_on >> 1)) | ((r_off >> 1) & r_on)) & LANE_EVEN)
            *q |= 1;
        if (r_off & (r_off >> 1) & LANE_EVEN)
            *q |= 2;
        if (r_on & (r_on >> 1) & LANE_EVEN)
            *q |= 4;
    }
    memset(E->greach, 0, sizeof(uint64_t) * (size_t)E->gnodes);
}

/* An inner unary search on the grid of a stall of the outer chain needs
 * only the sources of steps new since the grid E->since, its last stall
 * (or the grid the outer chain started from): the steps found there took
 * their eliminations, and a chain that was there is there again with none
 * (the grid only loses candidates); on the grid the outer chain started
 * from there was none (the forcing chains' producer runs before; called
 * on a grid that has some, the step found is still sound, if maybe not
 * Sudoku Explainer's). A new chain uses a link that is new: a strong one
 * (a cell of two, a symbol's two places in a house) that the candidates
 * gone since made. Through the link a -> b (a off, b on; and b -> a), from
 * s to its negation, s reaches a and b's off, so the negation of s is
 * reached from the ons of a and b (the links go both ways, negated): the
 * lanes walk from those; a cycle through s needs s's off reached from one
 * and its on from the other. Sets E->qual for the pass (y, x); 0 when
 * there is nothing new (no source). Inner unary searches: 2.68 G ->
 * 1.43 G instructions on one 11+ puzzle. */
static int qualify(chain_engine *E, int y, int x)
{
    sudoku_logic *L = E->L;
    int n = L->n, nl = 0, na = 0, any = 0;
    memset(E->qual, 0, (size_t)(E->P / 2));
    for (int cell = 0; cell < L->cells && y; cell++) {
        uint64_t cand = L->cand[cell];
        uint64_t more = cand & (cand - 1);
        if (!more || (more & (more - 1)) || E->since[cell] == cand)
            continue; /* (not a cell of two) */
        if (nl == LANES) {
            lanes_flood(E, na);
            qualify_lanes(E);
            nl = na = 0;
        }
        lane_seed(E, E->gnode[make_pot(E, cell, lowest_bit(cand) + 1, 1)], nl++, &na);
        lane_seed(E, E->gnode[make_pot(E, cell, 64 - __builtin_clzll(cand), 1)], nl++, &na);
        any = 1;
    }
    for (int h = 0; h < L->house_count && x; h++) {
        uint64_t gone = 0;
        for (int k = 0; k < n; k++) {
            int c = logic_house_cell(L, h, k);
            gone |= E->since[c] & ~L->cand[c];
        }
        for (; gone; gone &= gone - 1) {
            int digit = lowest_bit(gone) + 1;
            uint64_t places = E->places[(size_t)h * (size_t)n + (size_t)(digit - 1)];
            uint64_t more = places & (places - 1);
            if (!more || (more & (more - 1)))
                continue; /* (not two places) */
            if (nl == LANES) {
                lanes_flood(E, na);
                qualify_lanes(E);
                nl = na = 0;
            }
            for (uint64_t m = places; m; m &= m - 1)
                lane_seed(E, E->gnode[make_pot(E, logic_house_cell(L, h, lowest_bit(m)), digit, 1)],
                          nl++, &na);
            any = 1;
        }
    }
    if (nl) {
        lanes_flood(E, na);
        qualify_lanes(E);
    }
    return any;
}

/* The solution, when the grid holds it and the search is not an inner
 * one (whose grid is a chain's): NULL otherwise. A true assumption leads
 * to no contradiction, and what it implies is true. */
static const uint8_t *held_solution(const chain_engine *E)
{
    const sudoku_logic *L = E->L;
    if (E->collect || L->solutions <= 0 || !L->solution)
        return NULL;
    for (int cell = 0; cell < L->cells; cell++)
        if (L->value[cell] ? L->value[cell] != L->solution[cell]
                           : !(L->cand[cell] & digit_bit(L->solution[cell])))
            return NULL;
    return L->solution;
}

/* Whether a candidate sees an on node and an off node of its symbol among
 * the n nodes (cycle_takes()'s test, the cycle's cells not left out). */
static inline __attribute__((always_inline)) int
nodes_take_w(const chain_engine *E, const int32_t *nodes, int n, const int W)
{
    static const uint64_t none[NODE_WORDS];
    node_sets S;
    S.used = 0;
    for (int k = 0; k < n; k++) {
        int32_t pot = E->gpot[nodes[k]];
        node_sets_add(E, &S, pot, pot_cell(E, pot), W);
    }
    return node_sets_take(E, &S, none, W);
}

static int nodes_take(const chain_engine *E, const int32_t *nodes, int n)
{
    return E->cell_words == 2 ? nodes_take_w(E, nodes, n, 2)
                              : nodes_take_w(E, nodes, n, E->cell_words);
}

/* Marks in E->cyc_ok the nodes of the pass's graph through which a cycle
 * may take something. A cycle through the on s stays in s's strongly
 * connected component (each of its nodes is reached from s and reaches s),
 * and takes a candidate that sees an on node and an off node of its symbol
 * only: the ons of a component where no candidate sees both, or of fewer
 * than 4 nodes, are neither walked nor searched for cycles (20 extreme
 * puzzles: 78.3 M -> 68.7 M instructions). E->scc_id numbers the
 * components as Tarjan's meets them, each after those it reaches: a
 * forcing chain's lane whose target's component comes later is not walked
 * (no way leads there). Tarjan's, with a stack of its own. 0 when out
 * of memory. */
static int cycle_sccs(chain_engine *E)
{
    size_t P = (size_t)E->P;
    if (!E->cyc_mark && !cycles_alloc(E))
        return 0;
    if (!E->cyc_ok) {
        E->cyc_ok = malloc(P);
        E->scc_buf = malloc(sizeof(int32_t) * 5 * P);
        if (!E->cyc_ok || !E->scc_buf) {
            free(E->cyc_ok);
            free(E->scc_buf);
            E->cyc_ok = NULL;
            E->scc_buf = NULL;
            return 0;
        }
    }
    sym_bits(E);
    int32_t n = E->gnodes, counter = 0, ncomp = 0;
    int32_t *idx = E->scc_buf, *low = idx + P, *stk = low + P, *cs = stk + P, *ce = cs + P;
    E->scc_id = low;
    memset(idx, 0, sizeof(int32_t) * (size_t)n);
    /* on the walk's graph (walk_graph()): an off that leads nowhere is on
     * no cycle, nor the on of such an off (no link leads to it) */
    const int32_t *wbeg = E->wbeg, *wend = E->wend, *wlink = E->wlink;
    int sp = 0;
    for (int32_t r = 0; r < n; r++) {
        if (idx[r])
            continue;
        if (wbeg[r] >= wend[r]) { /* no link: reaches nothing */
            idx[r] = -1;
            E->cyc_ok[r] = 0;
            /* an on's links made later (walk_on(), a forcing chain's
             * start): it might reach any (no link leads to it) */
            low[r] = wbeg[r] < 0 ? INT32_MAX : 0;
            continue;
        }
        int top = 0;
        cs[0] = r;
        ce[0] = wbeg[r];
        idx[r] = low[r] = ++counter;
        stk[sp++] = r;
        while (top >= 0) {
            int32_t v = cs[top], e = ce[top], end = wend[v], lv = low[v];
            int32_t w = -1;
            for (; e < end; e++) {
                w = wlink[e];
                if (!idx[w])
                    break;
                /* done (-1) or on the stack: in v's component then */
                if ((uint32_t)idx[w] < (uint32_t)lv)
                    lv = idx[w];
            }
            low[v] = lv;
            if (e < end) {
                ce[top] = e + 1;
                idx[w] = low[w] = ++counter;
                stk[sp++] = w;
                cs[++top] = w;
                ce[top] = wbeg[w];
                continue;
            }
            if (lv == idx[v]) { /* v's component, v and above it */
                int at = sp;
                while (stk[--at] != v)
                    ;
                uint8_t ok = sp - at >= 4 && nodes_take(E, stk + at, sp - at);
                ncomp++;
                for (int k = at; k < sp; k++) {
                    idx[stk[k]] = -1;
                    low[stk[k]] = ncomp; /* (on the stack no more) */
                    E->cyc_ok[stk[k]] = ok;
                }
                sp = at;
            }
            if (--top >= 0 && lv < low[cs[top]])
                low[cs[top]] = lv;
        }
    }
    return 1;
}

/* The floors of the pass (y, x): the graph, the sources (E->src, in the
 * search's order: cells in order, symbols ascending; those qualify() lets
 * through), what floors_batch() needs. 1 when there are some, 0 when no
 * source can give a step that beats the best kept, -1 when out of
 * memory. */
static int unary_floors(chain_engine *E, int y, int x)
{
    sudoku_logic *L = E->L;
    E->graph_live = 0;
    E->nsrc = 0;
    if (!links_alloc(E))
        return -1;
    int cbase = x && y ? 70 : 65, fbase = x && y ? 70 : 66;
    /* a cycle has 4 nodes or more, a forcing chain 2 or more: when the best
     * kept beats those, the kind is not walked (nor searched) */
    if (!may_beat(E, cbase, 4) && !(x && may_beat(E, fbase, 2)))
        return 0;
    if (!build_links(E, y, x))
        return -1;
    E->filter = 0;
    if (E->since && (x || !E->since_forcing) &&
        (E->qual || (E->qual = malloc((size_t)(E->P / 2))))) {
        if (!qualify(E, y, x) && !E->since_forcing)
            return 0;
        E->filter = 1;
    }
    /* A chain's links hold in every solution the grid still holds: from
     * the on of a solution's candidate no chain reaches its off, nor from
     * the off of another its on; those lanes are not walked (their floor
     * stays FLOOR_NONE, and the search would find nothing there). Only when
     * the grid holds the solution: on the grid of a step, not inside a
     * chain's (E->sol, run()'s). 60 top1465 puzzles: 0.84 G -> 0.71 G
     * instructions in find_forcing_chain. */
    if (!walk_graph(E) || !cycle_sccs(E))
        return -1;
    int all = !E->filter || E->since_forcing;
    for (int cell = 0; cell < L->cells; cell++) {
        uint64_t more = L->cand[cell] & (L->cand[cell] - 1); /* but the lowest */
        if (L->value[cell] || !more)
            continue;
        if (!x && (more & (more - 1)))
            continue; /* Y-cycles start from a cell of two only */
        for (uint64_t m = L->cand[cell]; m; m &= m - 1) {
            int32_t var = cell * L->n + lowest_bit(m);
            if (all || E->qual[var])
                E->src[E->nsrc++] = var;
        }
    }
    return E->nsrc > 0;
}

/* The floors of the sources E->src[from..): of as many as one walk of
 * the lanes takes, against the best kept now, FLOOR_NONE where no step can
 * come of it that beats that best. Returns where the next batch starts.
 * Worked out batch by batch as the search comes to them, the later ones
 * walk only as far as the best found meanwhile is worth (60 top1465
 * puzzles: 0.64 G -> 0.62 G instructions in find_forcing_chain). A lane
 * that has no seed (a cycle's: s's only way out is to j's off) or whose
 * seed leads nowhere is not walked (there: 0.62 G -> 0.60 G). */
static int floors_lanes(chain_engine *E, int y, int x, int from)
{
    int cbase = x && y ? 70 : 65, fbase = x && y ? 70 : 66;
    int cycles = may_beat(E, cbase, 4), forcing = x && may_beat(E, fbase, 2);
    int max_rounds = rounds_worth(E, cbase, 1);
    if (x) {
        int f = rounds_worth(E, fbase, 0);
        if (f > max_rounds)
            max_rounds = f;
    }
    const uint8_t *sol = E->sol;
    lane_of lanes[LANES];
    int32_t alias[LANES], alias_link[LANES]; /* a source, a pending lane's link */
    int nl = 0, na = 0, k = from, nalias = 0;
    int32_t *cpair = E->cpair;
    const int32_t *gbeg = E->gbeg, *gend = E->gend, *glink = E->glink;
    for (; k < E->nsrc; k++) {
        int32_t var = E->src[k];
        int32_t off = E->gnode[2 * var], on = off | 1; /* its potentials: 2 var, + 1 */
        int q = E->filter ? E->qual[var] | E->since_forcing : 7;
        /* s's conjugates' links, those its cycles' lanes go by */
        int32_t cbeg = gbeg[off], cend = cycles && (q & 1) && E->cyc_ok[on] ? gend[off] : cbeg;
        /* The lane of s's conjugate j and that of j's conjugate s count the
         * same rounds: a way from s's offs but j's to j's off, s left out,
         * is, negated and backwards, one from j's offs but s's to s's off, j
         * left out (the links go both ways, negated). So a pair's lane is
         * walked once, for the first of the two (it walked as far as the
         * best kept was worth then, as far or further than now); pair[]
         * holds the link of j's off to s's on. */
        int32_t pair[CHAIN_MAX_N * 4];
        int need = forcing ? 2 : 0;
        for (int32_t e = cbeg, i = 0; e < cend; e++, i++) {
            int32_t joff = glink[e] & ~1;
            pair[i] = -1;
            for (int32_t f = gbeg[joff]; f < gend[joff]; f++)
                if (glink[f] == on) {
                    if (cpair[f] != CPAIR_UNSET)
                        pair[i] = f;
                    break;
                }
            need += pair[i] < 0;
        }
        if (nl + need > LANES && k > from)
            break; /* the source's lanes in the next walk */
        E->floor_cycle[var] = E->floor_on[var] = E->floor_off[var] = FLOOR_NONE;
        /* the cycles: one lane for each conjugate j (off's ons) */
        for (int32_t e = cbeg, i = 0; e < cend; e++, i++) {
            int32_t joff = glink[e] & ~1, seeds = 0;
            if (pair[i] >= 0) { /* j's lane */
                int32_t d = cpair[pair[i]];
                if (d == CPAIR_PENDING) {
                    alias[nalias] = var;
                    alias_link[nalias++] = pair[i];
                } else if (d != FLOOR_NONE && d + 2 < E->floor_cycle[var]) {
                    E->floor_cycle[var] = d + 2;
                }
                continue;
            }
            for (int32_t f = E->wbeg[on]; f < E->wend[on]; f++)
                if (E->wlink[f] != joff) {
                    lane_seed(E, E->wlink[f], nl, &na);
                    seeds++;
                }
            if (!seeds) {
                cpair[e] = FLOOR_NONE;
                continue; /* no way out of s but to j's off */
            }
            E->greach[on] |= (uint64_t)1 << nl; /* s left out */
            if (!E->tmask[joff]) /* its target: j's off makes s on */
                E->tlist[E->ntl++] = joff;
            E->tmask[joff] |= (uint64_t)1 << nl;
            cpair[e] = CPAIR_PENDING;
            lanes[nl++] = (lane_of){var, 0, e};
        }
        /* most sources have no forcing chain through a new link (qualify()):
         * that is asked first (60 top1465 puzzles, with the locals above:
         * 1.568 G -> 1.556 G instructions) */
        if (!forcing || !(q & 6))
            continue;
        int held = sol && sol[E->var_cell[var]] == E->var_digit[var];
        for (int kind = 1; kind <= 2; kind++) {
            if (!((q >> kind) & 1) || (sol && held == (kind == 1)))
                continue;
            /* Tarjan's meets a component after those it reaches: from a
             * later one there is no way to the negation */
            if (kind == 1 ? E->scc_id[off] > E->scc_id[on] : E->scc_id[on] > E->scc_id[off])
                continue;
            if (kind == 1)
                walk_on(E, on);
            if (kind == 2 ? gbeg[off] == gend[off] : E->wbeg[on] == E->wend[on])
                continue; /* an off that leads nowhere, an on to those only */
            if (kind == 1 && gbeg[off] == gend[off]) {
                /* s's off leads nowhere: a way there ends with an on whose
                 * off s's on makes, reached by way of one of those offs */
                int32_t hi = -1, lo = INT32_MAX;
                for (int32_t f = E->wbeg[on]; f < E->wend[on]; f++) {
                    int32_t u = E->wlink[f];
                    if (E->scc_id[u] > hi)
                        hi = E->scc_id[u];
                    if (E->scc_id[u | 1] < lo)
                        lo = E->scc_id[u | 1];
                }
                if (lo > hi)
                    continue;
            }
            lane_seed(E, kind == 1 ? on : off, nl, &na);
            lanes[nl++] = (lane_of){var, kind, kind == 1 && gbeg[off] == gend[off]};
        }
    }
    if (nl)
        lanes_settle(E, lanes, nl, na, max_rounds);
    for (int i = 0; i < nalias; i++) {
        int32_t d = cpair[alias_link[i]];
        if (d != FLOOR_NONE && d + 2 < E->floor_cycle[alias[i]])
            E->floor_cycle[alias[i]] = d + 2;
    }
    return k;
}

/* In a pass of X links only each symbol's links are a graph of their own:
 * its floors are all worked out at its start with the sources' lanes in
 * order by symbol, so that a walk meets one or two symbols' nodes, not all
 * of them. A floor the walk worked out as far as the best kept at the
 * pass's start was worth is one from as far as later or further (see
 * floors_lanes()). */
static int floors_batch(chain_engine *E, int y, int x, int from)
{
    if (y || from)
        return floors_lanes(E, y, x, from);
    int n = E->n, cnt[CHAIN_MAX_N + 1] = {0};
    int32_t *src = E->src, *by = E->src + E->P / 2;
    for (int k = 0; k < E->nsrc; k++)
        cnt[E->var_digit[src[k]]]++;
    for (int d = 1, at = 0; d <= n; d++) {
        int c = cnt[d];
        cnt[d] = at;
        at += c;
    }
    for (int k = 0; k < E->nsrc; k++)
        by[cnt[E->var_digit[src[k]]]++] = src[k];
    E->src = by;
    for (int k = 0; k < E->nsrc;)
        k = floors_lanes(E, y, x, k);
    E->src = src;
    return E->nsrc;
}

/* follow() for a static chain (no grid changes, no (+) rules, both kinds
 * of link) on the pass's graph of links (build_links(E, 1, 1)): the same
 * links in the same order, the same instances and the same answer, without
 * working each link out again from the grid (20 top1465 puzzles: 314 M ->
 * 201 M instructions in find_multiple_chain). */
static int follow_static(chain_engine *E, chain_set *to_on, chain_set *to_off, int32_t *abs_on,
                         int32_t *abs_off)
{
    int hon = 0, ton = 0, hoff = 0, toff = 0;
    for (int k = 0; k < to_on->count; k++)
        E->qon[ton++] = to_on->items[k];
    for (int k = 0; k < to_off->count; k++)
        E->qoff[toff++] = to_off->items[k];
    int32_t buf[SUDOKU_MAX_N * 8 + 8];
    while (!E->failed) {
        if (hon < ton) {
            int32_t p = E->qon[hon++], u = E->gnode[E->ipot[p]];
            for (int32_t e = E->gbeg[u]; e < E->gend[u]; e++) {
                int32_t q = E->gpot[E->glink[e]];
                if (set_get(to_on, q | 1) >= 0) {
                    *abs_on = set_get(to_on, q | 1);
                    *abs_off = new_inst(E, q, p);
                    return 1;
                }
                if (set_get(to_off, q) < 0) {
                    int32_t i = new_inst(E, q, p);
                    if (i < 0)
                        return 0;
                    set_add(E, to_off, i);
                    /* an off that makes nothing is not queued (most are;
                     * 60 top1465 puzzles: 430 M -> 393 M instructions
                     * here) */
                    if (E->gbeg[E->glink[e]] < E->gend[E->glink[e]])
                        E->qoff[toff++] = i;
                }
            }
            continue;
        }
        if (hoff >= toff)
            break;
        /* off_to_on()'s: each on once, none already held */
        int32_t p = E->qoff[hoff++], u = E->gnode[E->ipot[p]];
        int cnt = 0;
        for (int32_t e = E->gbeg[u]; e < E->gend[u]; e++) {
            int32_t i = new_on(E, buf, cnt, E->gpot[E->glink[e]], to_on, -1, p);
            if (i == -1)
                break;
            if (i >= 0) {
                if (E->collect)
                    E->icause[i] = on_cause(E, E->ipot[p], E->ipot[i]);
                buf[cnt++] = i;
            }
        }
        for (int k = 0; k < cnt; k++) {
            int32_t pot = E->ipot[buf[k]];
            if (set_get(to_off, pot & ~1) >= 0) {
                *abs_on = buf[k];
                *abs_off = set_get(to_off, pot & ~1);
                return 1;
            }
            if (set_get(to_on, pot) < 0) {
                set_add(E, to_on, buf[k]);
                E->qon[ton++] = buf[k];
            }
        }
    }
    return 0;
}

/* One pass of the unary search: every candidate of every cell with two or
 * more, as the start of cycles and (with X links) of forcing chains. */
static void unary_pass(chain_engine *E, int y, int x)
{
    int floors = unary_floors(E, y, x);
    if (floors < 0)
        E->failed = 1; /* out of memory */
    int cbase = x && y ? 70 : 65, fbase = x && y ? 70 : 66;
    for (int k = 0, done = 0; floors > 0 && k < E->nsrc && !E->failed; k++) {
        if (k == done)
            done = floors_batch(E, y, x, k);
        int32_t var = E->src[k]; /* its potentials: 2 var, + 1 (make_pot()) */
        if (E->floor_cycle[var] != FLOOR_NONE && may_beat(E, cbase, E->floor_cycle[var])) {
            release_all(E);
            int32_t on = new_inst(E, 2 * var + 1, -1);
            if (on < 0)
                return;
            cycles_from(E, on, y, x);
        }
        if (!x)
            continue;
        if (E->floor_on[var] != FLOOR_NONE && may_beat(E, fbase, E->floor_on[var])) {
            release_all(E);
            int32_t on = new_inst(E, 2 * var + 1, -1);
            if (on < 0)
                return;
            walk_on(E, E->gnode[2 * var + 1]);
            forcing_from(E, on, y, 1, E->floor_on[var] - 1);
        }
        if (E->floor_off[var] != FLOOR_NONE && may_beat(E, fbase, E->floor_off[var])) {
            release_all(E);
            int32_t off = new_inst(E, 2 * var, -1);
            if (off < 0)
                return;
            forcing_from(E, off, y, 1, E->floor_off[var] - 1);
        }
    }
    E->graph_live = 0;
    release_all(E);
}

/* --- multiple and dynamic chains (both states of an assumption) --------------------- */

/* The technique of a dynamic pass of level 1 (the "(+)" rules) and up
 * (nested chains). */
static int level_technique(int level)
{
    return level == 1 ? SUDOKU_DYNAMIC_CHAIN_PLUS
         : level == 2 ? SUDOKU_NESTED_FORCING_CHAIN
         : level == 3 ? SUDOKU_NESTED_MULTIPLE_CHAIN
                      : SUDOKU_NESTED_DYNAMIC_CHAIN;
}

/* The grids up to which a multiple pass keeps what each assumption implies
 * (see closure_of()): its sets are P words each, two kept per candidate. */
#define CLOSURE_MAX_P (2 * 81 * 9)

/* What (cell, digit) on implies: the sets *on and *off (the on state's ons
 * and offs), and *a_on, *a_off the two instances of a contradiction (-1:
 * none; follow() stops at the first). A chain starts from the grid as the
 * pass found it and its follow() depends on nothing else, so in a multiple
 * pass (E->closure set) they are made once and kept for the pass: the
 * candidate is assumed again in the region chains of each house it shares
 * with another place (8 top1465 puzzles: 146 M -> 62 M instructions in
 * find_multiple_chain; the 20 of bench/compare-se.sh's seed 3: 918 M ->
 * 374 M in find_dynamic_chain). Otherwise two sets are taken and filled
 * each time. 0 when out of memory. */
static int closure_of(chain_engine *E, int cell, int digit, chain_set **on, chain_set **off,
                      int32_t *a_on, int32_t *a_off)
{
    int32_t var = cell * E->n + digit - 1, *rec = E->closure ? E->closure + 3 * var : NULL;
    if (!rec || rec[0] < 0) {
        chain_set *a = take_set(E), *b = take_set(E);
        if (!a || !b)
            return 0;
        set_add(E, a, new_inst(E, make_pot(E, cell, digit, 1), -1));
        int32_t x1 = -1, x2 = -1;
        if (!(E->graph_live ? follow_static(E, a, b, &x1, &x2) : follow(E, a, b, &x1, &x2)))
            x1 = x2 = -1;
        if (!rec) {
            *on = a;
            *off = b;
            *a_on = x1;
            *a_off = x2;
            return 1;
        }
        rec[0] = E->used_sets - 2;
        rec[1] = x1;
        rec[2] = x2;
    }
    *on = E->sets[rec[0]];
    *off = E->sets[rec[0] + 1];
    *a_on = rec[1];
    *a_off = rec[2];
    return 1;
}

/* Both states of (cell, digit): contradictions (with do_contradiction) and,
 * with do_double, potentials implied by both. on_to_on / on_to_off hold the
 * on state's implications (closure_of(): a_on, a_off its contradiction),
 * kept for the cell and region chains. */
static void binary_chains(chain_engine *E, int cell, int digit, chain_set *on_to_on,
                          chain_set *on_to_off, int32_t a_on, int32_t a_off, int do_double,
                          int do_contradiction)
{
    int technique = E->level > 0 ? level_technique(E->level)
                  : E->nishio    ? SUDOKU_NISHIO
                                 : SUDOKU_DYNAMIC_CHAIN;
    int base = E->level > 0 ? 85 + 5 * E->level : E->nishio ? 75 : E->dynamic ? 85 : 80;
    int32_t t[2] = {a_on, a_off};
    if (a_on >= 0 && do_contradiction && may_beat(E, base, E->idepth[a_on] + E->idepth[a_off]))
        offer(E, technique, base, chain_cx(E, t, 2), 7, make_pot(E, cell, digit, 0), t, 2,
              CAUSE_NONE, cell, digit);
    /* the off state serves only the contradictions and the doubles (a
     * static multiple chain wants neither: 8 top1465 puzzles, 152 M ->
     * 146 M instructions in find_multiple_chain) */
    if (!do_double && !do_contradiction)
        return;
    chain_set *off_to_on = take_set(E), *off_to_off = take_set(E);
    if (!off_to_on || !off_to_off)
        return;
    int32_t poff = new_inst(E, make_pot(E, cell, digit, 0), -1);
    set_add(E, off_to_off, poff);
    if (follow(E, off_to_on, off_to_off, &a_on, &a_off) && do_contradiction &&
        may_beat(E, base, E->idepth[a_on] + E->idepth[a_off])) {
        t[0] = a_on;
        t[1] = a_off;
        offer(E, technique, base, chain_cx(E, t, 2), 7, make_pot(E, cell, digit, 1), t, 2,
              CAUSE_NONE, cell, digit);
    }
    if (do_double) {
        for (int k = 0; k < on_to_on->count; k++) {
            int32_t a = on_to_on->items[k], b = set_get(off_to_on, E->ipot[a]);
            if (b >= 0 && may_beat(E, base, E->idepth[a] + E->idepth[b])) {
                t[0] = a;
                t[1] = b;
                offer(E, technique, base, chain_cx(E, t, 2), 1, E->ipot[a], t, 2, CAUSE_NONE,
                      cell, digit);
            }
        }
        for (int k = 0; k < on_to_off->count; k++) {
            int32_t a = on_to_off->items[k], b = set_get(off_to_off, E->ipot[a]);
            if (b >= 0 && may_beat(E, base, E->idepth[a] + E->idepth[b])) {
                t[0] = a;
                t[1] = b;
                offer(E, technique, base, chain_cx(E, t, 2), 1, E->ipot[a], t, 2, CAUSE_NONE,
                      cell, digit);
            }
        }
    }
}

/* Region forcing chains from (cell, digit), when cell is the first place of
 * digit in a house where it has two places (or more, for multiple chains):
 * what every place implies. */
static void region_chains(chain_engine *E, int cell, int digit, chain_set *on_to_on,
                          chain_set *on_to_off)
{
    sudoku_logic *L = E->L;
    int technique = E->level > 0 ? level_technique(E->level)
                  : E->dynamic   ? SUDOKU_DYNAMIC_CHAIN
                                 : SUDOKU_MULTIPLE_CHAIN;
    int base = E->level > 0 ? 85 + 5 * E->level : E->dynamic ? 85 : 80;
    uint64_t bit = digit_bit(digit);
    const int32_t *hs = E->order + (size_t)cell * (size_t)L->per_cell;
    for (int j = 0; j < E->order_count[cell] && !E->failed; j++) {
        int h = hs[j];
        uint64_t places = E->places[(size_t)h * (size_t)L->n + (size_t)(digit - 1)];
        int count = popcount64(places);
        if (!(count == 2 || (E->multiple && count > 2)))
            continue;
        if (logic_house_cell(L, h, lowest_bit(places)) != cell)
            continue;
        int mark = E->used_sets;
        chain_set *pos_on[SUDOKU_MAX_N], *pos_off[SUDOKU_MAX_N];
        int npos = 0;
        for (uint64_t m = places; m; m &= m - 1) {
            int c = logic_house_cell(L, h, lowest_bit(m));
            if (c == cell) {
                pos_on[npos] = on_to_on;
                pos_off[npos++] = on_to_off;
                continue;
            }
            chain_set *a, *b;
            int32_t x1, x2;
            if (!closure_of(E, c, digit, &a, &b, &x1, &x2))
                return;
            pos_on[npos] = a;
            pos_off[npos++] = b;
        }
        for (int side = 0; side < 2; side++) {
            chain_set *first = side ? on_to_off : on_to_on;
            for (int k = 0; k < first->count; k++) {
                int32_t pot = E->ipot[first->items[k]];
                int all = 1, floor = 0;
                for (int q = 0; q < npos && all; q++) {
                    int32_t i = set_get(side ? pos_off[q] : pos_on[q], pot);
                    all = i >= 0;
                    if (all)
                        floor += E->idepth[i];
                }
                if (!all || !may_beat(E, base, floor))
                    continue;
                int32_t t[SUDOKU_MAX_N];
                for (int q = 0; q < npos; q++)
                    t[q] = set_get(side ? pos_off[q] : pos_on[q], pot);
                offer(E, technique, base, chain_cx(E, t, npos), 6, pot, t, npos, h, cell, digit);
            }
        }
        (void)bit;
        if (E->closure)
            continue; /* kept for the pass */
        /* the sets of this house are done with; the cell's stay */
        for (int k = mark; k < E->used_sets; k++)
            clear_set(E, E->sets[k]);
        E->used_sets = mark;
    }
}

/* Every chain from one cell: both states of each candidate, the region
 * chains from it, then what every candidate of the cell implies. */
static void cell_chains(chain_engine *E, int cell)
{
    sudoku_logic *L = E->L;
    int card = popcount64(L->cand[cell]);
    int technique = E->level > 0 ? level_technique(E->level)
                  : E->dynamic   ? SUDOKU_DYNAMIC_CHAIN
                                 : SUDOKU_MULTIPLE_CHAIN;
    int base = E->level > 0 ? 85 + 5 * E->level : E->dynamic ? 85 : 80;
    chain_set *v_on[SUDOKU_MAX_N], *v_off[SUDOKU_MAX_N];
    int nv = 0;
    int do_double = card >= 3 && !E->nishio && E->dynamic;
    int do_contradiction = E->dynamic || E->nishio;
    for (uint64_t m = L->cand[cell]; m && !E->failed; m &= m - 1) {
        int digit = lowest_bit(m) + 1;
        chain_set *on, *off;
        int32_t a_on, a_off;
        if (!closure_of(E, cell, digit, &on, &off, &a_on, &a_off))
            return;
        /* the off state's sets go when done with: taken after every set
         * kept */
        int mark = E->used_sets;
        binary_chains(E, cell, digit, on, off, a_on, a_off, do_double, do_contradiction);
        for (int k = mark; k < E->used_sets; k++)
            clear_set(E, E->sets[k]);
        E->used_sets = mark;
        if (!E->nishio)
            region_chains(E, cell, digit, on, off);
        v_on[nv] = on;
        v_off[nv++] = off;
    }
    if (E->nishio || E->failed || !(card == 2 || (E->multiple && card > 2)))
        return;
    for (int side = 0; side < 2; side++) {
        chain_set *first = side ? v_off[0] : v_on[0];
        for (int k = 0; k < first->count; k++) {
            int32_t pot = E->ipot[first->items[k]];
            int all = 1, floor = 0;
            for (int q = 0; q < nv && all; q++) {
                int32_t i = set_get(side ? v_off[q] : v_on[q], pot);
                all = i >= 0;
                if (all)
                    floor += E->idepth[i];
            }
            if (!all || !may_beat(E, base, floor))
                continue;
            int32_t t[SUDOKU_MAX_N];
            for (int q = 0; q < nv; q++)
                t[q] = set_get(side ? v_off[q] : v_on[q], pot);
            offer(E, technique, base, chain_cx(E, t, nv), 5, pot, t, nv, CAUSE_CELL, cell,
                  L->n + 1);
        }
    }
}

/* --- sweeps: a multiple pass's chains, potentials first ---------------------------- */

/* Most of the closures a multiple pass follows give no step: their
 * contradictions, double implications and the intersections of a cell's
 * or a region's chains do not beat the best step kept, or are not there.
 * So a pass of level 0 (not an inner search, which keeps every step)
 * follows each assumption as a sweep: follow() (or follow_static())
 * step for step, the same potentials in the same order, the same
 * contradiction, but each potential only marked with the depth its
 * instance would have, its parents (PAR_NONE) and its place in the
 * order: no instance. The steps are found on the sweeps (the "hits",
 * with a floor: their ends' depths summed), and only those whose floor
 * may beat the best kept have their nodes counted, on the sweeps
 * (sweep_count(), as ancestors() counts them on the instances), least
 * floor first; the one kept is the one the chains would have kept
 * (sweep_judge()). The 60 puzzles of s6.top1465: find_multiple_chain,
 * find_dynamic_chain and find_nishio 2.30 G -> 1.02 G instructions. */

static inline uint8_t depth_next(uint8_t d)
{
    return d == 255 ? 255 : (uint8_t)(d + 1);
}

/* The depth of an on its off of depth d - 1 made, with its hidden causes:
 * the offs of the candidates gone (gone, bit k the potential
 * base + k * stride) that the sweep holds (add_parent()). */
static inline __attribute__((always_inline)) uint8_t
cause_depth(const uint8_t *dep, uint8_t d, uint64_t gone, int32_t base, int32_t stride)
{
    for (; gone; gone &= gone - 1) {
        uint8_t g = dep[base + lowest_bit(gone) * stride];
        if (g && depth_next(g) > d)
            d = depth_next(g);
    }
    return d;
}

/* A sweep (clear) from start alone: its depth 1, no parents, the first of
 * its queue; ton and toff the queues' ends. */
static inline __attribute__((always_inline)) void sweep_seed(sweep *S, int32_t start, int *ton,
                                                             int *toff)
{
    S->depth[start] = 1;
    S->par[start] = PAR_NONE;
    S->pos[start] = 0;
    if (pot_on(start))
        S->on[(*ton)++] = (uint16_t)start;
    else
        S->off[(*toff)++] = (uint16_t)start;
    S->x_depth = 0;
}

/* The ons an off made (buf[0..k), their depths nd and parents npar) into
 * the sweep, in order: 1 at a contradiction (an on whose off the sweep
 * holds), recorded in S, else 0. */
static inline __attribute__((always_inline)) int
push_ons(sweep *S, uint8_t *dep, const uint16_t *buf, const uint8_t *nd, const uint16_t *npar,
         int k, uint16_t *qon, int *ton)
{
    for (int i = 0; i < k; i++) {
        int32_t q = buf[i];
        if (dep[q & ~1]) {
            S->x_depth = nd[i] + dep[q & ~1];
            S->x_pot = q;
            S->x_par = npar[i];
            return 1;
        }
        dep[q] = nd[i];
        S->par[q] = npar[i];
        S->pos[q] = (uint16_t)*ton;
        qon[(*ton)++] = (uint16_t)q;
    }
    return 0;
}

/* A sweep from the pool, its depths clear (NULL when out of memory). */
static sweep *sweep_alloc(chain_engine *E)
{
    sweep *S = calloc(1, sizeof *S);
    if (S) {
        S->depth = calloc((size_t)E->P, 1);
        S->on = malloc(sizeof(uint16_t) * (size_t)E->P);
        S->par = malloc(sizeof(uint16_t) * (size_t)E->P);
        S->pos = malloc(sizeof(uint16_t) * (size_t)E->P);
        if (!S->depth || !S->on || !S->par || !S->pos) {
            free(S->depth);
            free(S->on);
            free(S->par);
            free(S->pos);
            free(S);
            S = NULL;
        }
    }
    if (!S) {
        E->failed = 1;
        return NULL;
    }
    S->off = S->on + E->P / 2;
    return S;
}

static inline sweep *take_sweep(chain_engine *E)
{
    if (E->used_sw == E->nsw) {
        if (E->nsw == E->cap_sw) {
            int cap = E->cap_sw ? E->cap_sw * 2 : 64;
            sweep **more = realloc(E->sw, sizeof(sweep *) * (size_t)cap);
            if (!more) {
                E->failed = 1;
                return NULL;
            }
            E->sw = more;
            E->cap_sw = cap;
        }
        sweep *S = sweep_alloc(E);
        if (!S)
            return NULL;
        E->sw[E->nsw++] = S;
    }
    return E->sw[E->used_sw++];
}

static void clear_sweep(chain_engine *E, sweep *S)
{
    if (S->non + S->noff > E->P / 64) { /* a long one: the whole row at once */
        memset(S->depth, 0, (size_t)E->P);
    } else { /* (in locals: a byte stored may alias the sweep's fields) */
        uint8_t *dep = S->depth;
        const uint16_t *on = S->on, *off = S->off;
        for (int k = 0, n = S->non; k < n; k++)
            dep[on[k]] = 0;
        for (int k = 0, n = S->noff; k < n; k++)
            dep[off[k]] = 0;
    }
    S->non = S->noff = 0;
    S->x_depth = 0;
}

/* The pass's graph (build_links()) by potential, its links' heads as
 * potentials, for sweep_static(): those of p are [pl_beg[p], pl_beg[p +
 * 1]) in pl_link (the nodes come in the order of their potentials). 0
 * when out of memory. */
static int static_links(chain_engine *E)
{
    size_t P = (size_t)E->P;
    if (!E->pl_beg && !(E->pl_beg = malloc(sizeof(uint16_t *) * (P + 1))))
        return 0;
    if (!E->pl_out && !(E->pl_out = malloc(P)))
        return 0;
    int links = 0;
    for (int v = 0; v < E->gnodes; v++)
        if (E->gend[v] > links)
            links = E->gend[v];
    if (links > E->pl_cap) {
        uint16_t *a = realloc(E->pl_link, sizeof(uint16_t) * (size_t)links);
        if (!a)
            return 0;
        E->pl_link = a;
        E->pl_cap = links;
    }
    uint16_t *at = E->pl_link;
    const uint16_t **beg = E->pl_beg;
    for (int v = 0; v < E->gnodes; v++) {
        int32_t p = E->gpot[v];
        beg[p] = at;
        for (int32_t e = E->gbeg[v]; e < E->gend[v]; e++)
            *at++ = (uint16_t)E->gpot[E->glink[e]];
        beg[p + 1] = at; /* (the next node's start when p + 1 is one) */
        E->pl_out[p] = beg[p] < at;
    }
    return 1;
}

/* sweep_from() for a static pass on its graph (static_links()): the same
 * potentials, depths, parents, order and contradiction, but not their
 * places in the order (S->pos: sweep_meet() looks for the few it needs).
 * The offs that lead nowhere (most) are listed but not queued again. 60
 * top1465 puzzles: 2.077 G -> 1.997 G instructions. Called by sweep_new()
 * and out of line: its loops keep their registers whatever sweep_from()
 * becomes. */
static __attribute__((noinline)) void sweep_static(chain_engine *E, int32_t start, sweep *S)
{
    /* (pointers for the queues: fewer values live in the loops) */
    uint8_t *dep = S->depth;
    uint16_t *par = S->par, *hon = S->on, *ton = S->on, *toff = S->off;
    const uint16_t *const *beg = E->pl_beg;
    const uint8_t *out = E->pl_out;
    uint16_t work[CLOSURE_MAX_P / 2], *hw = work, *tw = work;
    dep[start] = 1;
    par[start] = PAR_NONE;
    if (pot_on(start)) {
        *ton++ = (uint16_t)start;
    } else {
        *toff++ = (uint16_t)start;
        if (beg[start] < beg[start + 1])
            *tw++ = (uint16_t)start;
    }
    S->x_depth = 0;
    for (;;) {
        while (hon < ton) {
            int32_t p = *hon++;
            uint8_t d = depth_next(dep[p]);
            for (const uint16_t *l = beg[p], *l_end = beg[p + 1]; l < l_end; l++) {
                int32_t q = *l; /* an off: its on is q + 1 */
                /* the off and its on in one load: most often neither held */
                uint16_t both;
                memcpy(&both, dep + q, 2);
                if (both) {
                    if (dep[q])
                        continue; /* held already (then its on is not: most offs met) */
                    S->x_depth = dep[q + 1] + d;
                    S->x_pot = q;
                    S->x_par = (uint16_t)p;
                    goto done;
                }
                dep[q] = d;
                par[q] = (uint16_t)p;
                *toff++ = (uint16_t)q;
                if (out[q])
                    *tw++ = (uint16_t)q;
            }
        }
        if (hw == tw)
            break;
        int32_t p = *hw++;
        uint8_t d = depth_next(dep[p]);
        /* new_on(): each once, none held already (an on met twice is held
         * the second time; the ons made leave the offs as they were) */
        for (const uint16_t *l = beg[p], *l_end = beg[p + 1]; l < l_end; l++) {
            int32_t q = *l; /* an on: its off is q - 1 */
            uint16_t both;
            memcpy(&both, dep + q - 1, 2);
            if (both) {
                if (dep[q])
                    continue;
                S->x_depth = d + dep[q - 1];
                S->x_pot = q;
                S->x_par = (uint16_t)p;
                goto done;
            }
            dep[q] = d;
            par[q] = (uint16_t)p;
            *ton++ = (uint16_t)q;
        }
    }
done:
    S->non = (int)(ton - S->on);
    S->noff = (int)(toff - S->off);
}

/* In the sweeps on boards and sweep_from(): an off q the on p being
 * followed implies at depth d (their locals dep, par, spos, qoff, toff, S;
 * a contradiction ends the sweep at their label done). SWEEP_NEW when q is
 * known not to be held yet. */
#define SWEEP_NEW_(q_, fresh)                                                            \
    do {                                                                                 \
        if (dep[q_ | 1]) {                                                               \
            S->x_depth = dep[q_ | 1] + d;                                                \
            S->x_pot = q_;                                                               \
            S->x_par = (uint16_t)p;                                                      \
            goto done;                                                                   \
        }                                                                                \
        if (fresh) {                                                                     \
            dep[q_] = d;                                                                 \
            par[q_] = (uint16_t)p;                                                       \
            spos[q_] = (uint16_t)toff;                                                   \
            qoff[toff++] = (uint16_t)q_;                                                 \
        }                                                                                \
    } while (0)
#define SWEEP_OFF(q)                                                                     \
    do {                                                                                 \
        int32_t q1_ = (q);                                                               \
        SWEEP_NEW_(q1_, !dep[q1_]);                                                      \
    } while (0)
#define SWEEP_NEW(q)                                                                     \
    do {                                                                                 \
        int32_t q1_ = (q);                                                               \
        SWEEP_NEW_(q1_, 1);                                                              \
    } while (0)

/* sweep_from() for a dynamic pass on a board of n 9 at most and 32 houses
 * at most (E->nib): the same potentials, depths, parents, order and
 * contradiction, each off's ons and their hidden causes worked out in one
 * go. The board (bb) loses a candidate when its off is followed, as the
 * grid does, and the counts of places of its symbol in the cell's houses
 * one each, all at once: four bits a house (cnt), the count + 6, so that
 * the high bit goes when one place is left or none. An on reached makes
 * the one place left of its symbol in each of its houses, when one is,
 * its own (else a contradiction came first): those houses are done (their
 * high bits in done). So an off looks at a house only when it has one
 * place left and is not done. The offs not reached yet, on the board at
 * the pass's start (av), are an on's new offs at once (an off reached
 * whose on is reached too was a contradiction). The grid is put back as
 * it was at the pass's start (E->saved, E->bb0). n and y (not Nishio: the
 * cells' rule) are constants where it is inlined. 60 top1465 puzzles:
 * 1.624 G -> 1.576 G instructions. */
static inline __attribute__((always_inline)) void board_sweep(chain_engine *E, int32_t start,
                                                              sweep *S, const int n, const int y)
{
#define ON_DONE(q)                                                                       \
    do {                                                                                 \
        int v_ = (q) >> 1, c_ = v_ / n, g_ = v_ - c_ * n;                                \
        done[2 * g_] |= nib[2 * c_] << 3;                                                \
        done[2 * g_ + 1] |= nib[2 * c_ + 1] << 3;                                        \
    } while (0)
    sudoku_logic *L = E->L;
    uint64_t *cand = L->cand;
    const uint64_t *nib = E->nib;
    uint8_t *dep = S->depth;
    uint16_t *qon = S->on, *qoff = S->off;
    int hon = 0, ton = 0, hoff = 0, toff = 0, n2 = 2 * n;
    uint64_t *const bb = E->bb, *const av = bb + 2 * n, *const cnt = bb + 4 * n,
                    *const done = bb + 6 * n;
    uint16_t buf[SUDOKU_MAX_N * 8 + 8], npar[SUDOKU_MAX_N * 8 + 8];
    uint8_t nd[SUDOKU_MAX_N * 8 + 8];
    dep[start] = 1;
    S->par[start] = PAR_NONE;
    S->pos[start] = 0;
    if (pot_on(start)) {
        qon[ton++] = (uint16_t)start;
        ON_DONE(start);
    } else {
        int c = (start >> 1) / n;
        qoff[toff++] = (uint16_t)start;
        av[2 * ((start >> 1) - c * n) + (c >> 6)] &= ~((uint64_t)1 << (c & 63));
    }
    S->x_depth = 0;
    for (;;) {
        if (hon < ton) {
            uint16_t *par = S->par, *spos = S->pos;
            int32_t p = qon[hon++];
            uint8_t d = depth_next(dep[p]);
            int cell = (p >> 1) / n, dg = (p >> 1) - cell * n;
            int32_t at = dg * 2;
            if (y)
                for (uint64_t m = cand[cell] & ~((uint64_t)1 << dg); m; m &= m - 1) {
                    int32_t q = cell * n2 + lowest_bit(m) * 2;
                    if (!dep[q]) { /* (an off held has no on held) */
                        av[2 * lowest_bit(m) + (cell >> 6)] &= ~((uint64_t)1 << (cell & 63));
                        SWEEP_NEW(q);
                    }
                }
            uint64_t *a = av + at;
            uint64_t a0 = a[0], a1 = a[1];
            const int pc = L->per_cell;
            const uint64_t *f = E->fmask + (size_t)2 * (size_t)cell * (size_t)pc;
            for (const uint64_t *f_end = f + 2 * E->order_count[cell]; f < f_end; f += 2) {
                uint64_t m0 = a0 & f[0], m1 = a1 & f[1];
                a0 &= ~m0;
                a1 &= ~m1;
                for (; m0; m0 &= m0 - 1)
                    SWEEP_NEW(lowest_bit(m0) * n2 + at);
                for (; m1; m1 &= m1 - 1)
                    SWEEP_NEW((64 + lowest_bit(m1)) * n2 + at);
            }
            a[0] = a0;
            a[1] = a1;
            continue;
        }
        /* take_candidate(), and what is left: a cell's last candidate, a
         * house's last place; each on new (new_on()) with the depth its
         * hidden causes give it (add_parent()). Most offs leave neither:
         * the next off at once. */
        int32_t p;
        int cell, dg, single, k = 0;
        uint64_t rest, one0, one1;
        do {
            if (hoff == toff)
                goto done;
            p = qoff[hoff++];
            unsigned v = (unsigned)p >> 1, c = v / (unsigned)n, g = v - c * (unsigned)n;
            rest = cand[c] &= ~((uint64_t)1 << g);
            bb[2 * g + (c >> 6)] &= ~((uint64_t)1 << (c & 63));
            const uint64_t *nc = nib + 2 * c;
            uint64_t *ct = cnt + 2 * g;
            uint64_t c0 = ct[0] - nc[0], c1 = ct[1] - nc[1];
            ct[0] = c0;
            ct[1] = c1;
            one0 = ~(c0 | ct[2 * n]) & nc[0] << 3;
            one1 = ~(c1 | ct[2 * n + 1]) & nc[1] << 3;
            single = y && rest && !(rest & (rest - 1)) &&
                     !dep[(int)c * n2 + lowest_bit(rest) * 2 + 1];
            cell = (int)c;
            dg = (int)g;
        } while (!(one0 | one1 | (uint64_t)single));
        uint8_t d = depth_next(dep[p]);
        int32_t at = dg * 2;
        if (single) { /* (its on new) */
            nd[k] = cause_depth(dep, d, E->saved[cell] & ~rest, cell * n2, 2);
            npar[k] = PAR_CELL;
            buf[k++] = (uint16_t)(cell * n2 + lowest_bit(rest) * 2 + 1);
        }
        if (one0 | one1) {
            const int pc = L->per_cell;
            const int32_t *hs = E->order + (size_t)cell * (size_t)pc;
            for (int j = 0; j < E->order_count[cell]; j++) {
                int h = hs[j];
                if (!((h < 16 ? one0 : one1) >> (4 * (h & 15) + 3) & 1))
                    continue; /* two places or more, or done */
                const uint64_t *hm = E->cmask + 2 * ((size_t)cell * (size_t)pc + (size_t)j);
                const uint64_t *b = bb + at, *b0 = E->bb0 + at;
                uint64_t m0 = b[0] & hm[0], m1 = b[1] & hm[1];
                if (!(m0 | m1))
                    continue; /* none left: the house had one place at the pass's start */
                int32_t on = (m0 ? lowest_bit(m0) : 64 + lowest_bit(m1)) * n2 + at + 1;
                int dup = dep[on] != 0;
                for (int i = 0; i < k && !dup; i++)
                    dup = buf[i] == on;
                if (dup)
                    continue;
                nd[k] = cause_depth(dep, cause_depth(dep, d, b0[0] & ~b[0] & hm[0], at, n2),
                                    b0[1] & ~b[1] & hm[1], 64 * n2 + at, n2);
                npar[k] = (uint16_t)(PAR_HOUSE + h);
                buf[k++] = (uint16_t)on;
            }
        }
        for (int i = 0; i < k; i++) { /* push_ons(), each on's houses done */
            int32_t q = buf[i];
            if (dep[q & ~1]) {
                S->x_depth = nd[i] + dep[q & ~1];
                S->x_pot = q;
                S->x_par = npar[i];
                goto done;
            }
            dep[q] = nd[i];
            S->par[q] = npar[i];
            S->pos[q] = (uint16_t)ton;
            qon[ton++] = (uint16_t)q;
            ON_DONE(q);
        }
    }
done:
    S->non = ton;
    S->noff = toff;
    if (hoff > 8) {
        memcpy(cand, E->saved, sizeof(uint64_t) * (size_t)L->cells);
    } else {
        for (int i = 0; i < hoff; i++) {
            int v = qoff[i] >> 1, c = v / n;
            cand[c] |= (uint64_t)1 << (v - c * n);
        }
    }
    memcpy(bb, E->bb0, sizeof(uint64_t) * 8 * (size_t)n);
#undef ON_DONE
}

/* board_sweep() with n and y constants on 9x9 boards. */
static void sweep_board(chain_engine *E, int32_t start, sweep *S)
{
    if (E->n == 9 && !E->nishio)
        board_sweep(E, start, S, 9, 1);
    else if (E->n == 9)
        board_sweep(E, start, S, 9, 0);
    else
        board_sweep(E, start, S, E->n, !E->nishio);
}

/* sweep_from() for a dynamic pass on the boards board_sweep() does not
 * take (more than 32 houses, n over 9): the same, each off's ons and
 * their hidden causes worked out in one go, the board's houses looked at
 * as bits. The grid is put back as it was at the pass's start (E->saved,
 * E->bb0). */
static void sweep_board_any(chain_engine *E, int32_t start, sweep *S)
{
    sudoku_logic *L = E->L;
    uint64_t *cand = L->cand;
    const uint64_t *saved = E->saved;
    const int32_t *order = E->order, *ocount = E->order_count;
    uint8_t *dep = S->depth;
    uint16_t *qon = S->on, *qoff = S->off, *par = S->par, *spos = S->pos;
    int hon = 0, ton = 0, hoff = 0, toff = 0, y = !E->nishio, n2 = 2 * E->n, pc = L->per_cell;
    uint64_t *const bb = E->bb;
    const int32_t *const vcell = E->var_cell;
    const int8_t *const vdigit = E->var_digit;
    const uint64_t *const bb0 = E->bb0, *const fmask = E->fmask, *const cmask = E->cmask;
    uint16_t buf[SUDOKU_MAX_N * 8 + 8], npar[SUDOKU_MAX_N * 8 + 8];
    uint8_t nd[SUDOKU_MAX_N * 8 + 8];
    sweep_seed(S, start, &ton, &toff);
    for (;;) {
        if (hon < ton) {
            int32_t p = qon[hon++];
            uint8_t d = depth_next(dep[p]);
            int cell = vcell[p >> 1], digit = vdigit[p >> 1];
            int32_t at = (digit - 1) * 2;
            if (y)
                for (uint64_t m = cand[cell] & ~digit_bit(digit); m; m &= m - 1)
                    SWEEP_OFF(cell * n2 + lowest_bit(m) * 2);
            uint64_t b0w = bb[2 * (digit - 1)], b1w = bb[2 * (digit - 1) + 1];
            const uint64_t *f = fmask + (size_t)2 * (size_t)cell * (size_t)pc;
            for (const uint64_t *f_end = f + 2 * ocount[cell]; f < f_end; f += 2) {
                for (uint64_t m = b0w & f[0]; m; m &= m - 1)
                    SWEEP_OFF(lowest_bit(m) * n2 + at);
                for (uint64_t m = b1w & f[1]; m; m &= m - 1)
                    SWEEP_OFF((64 + lowest_bit(m)) * n2 + at);
            }
            continue;
        }
        if (hoff == toff)
            break;
        int32_t p = qoff[hoff++];
        uint8_t d = depth_next(dep[p]);
        int cell = vcell[p >> 1], digit = vdigit[p >> 1], cnt = 0;
        int32_t at = (digit - 1) * 2;
        /* take_candidate(), and what is left: a cell's last candidate, a
         * house's last place; each on new (new_on()) with the depth its
         * hidden causes give it (add_parent()) */
        uint64_t *b = bb + 2 * (digit - 1);
        const uint64_t *b0 = bb0 + 2 * (digit - 1);
        int nh = ocount[cell];
        uint64_t rest = cand[cell] &= ~digit_bit(digit);
        int wi = cell >> 6;
        uint64_t cb = (uint64_t)1 << (cell & 63);
        uint64_t w0 = b[0] & ~(wi ? 0 : cb), w1 = b[1] & ~(wi ? cb : 0);
        b[0] = w0;
        b[1] = w1;
        const uint64_t *hm = cmask + (size_t)2 * (size_t)cell * (size_t)pc;
        if (y && rest && !(rest & (rest - 1))) {
            int32_t on = cell * n2 + lowest_bit(rest) * 2 + 1;
            if (!dep[on]) {
                nd[cnt] = cause_depth(dep, d, saved[cell] & ~rest, cell * n2, 2);
                npar[cnt] = PAR_CELL;
                buf[cnt++] = (uint16_t)on;
            }
        }
        for (int j = 0; j < nh; j++, hm += 2) {
            uint64_t m0 = w0 & hm[0], m1 = w1 & hm[1], x = m0 | m1;
            if ((x & (x - 1)) || !x || (m0 && m1))
                continue; /* not one place: x of two bits or none, or the same bit in both words */
            int h = order[(size_t)cell * (size_t)pc + (size_t)j];
            int32_t on = (m0 ? lowest_bit(m0) : 64 + lowest_bit(m1)) * n2 + at + 1;
            int dup = dep[on] != 0;
            for (int k = 0; k < cnt && !dup; k++)
                dup = buf[k] == on;
            if (dup)
                continue;
            nd[cnt] = cause_depth(dep, cause_depth(dep, d, b0[0] & ~w0 & hm[0], at, n2),
                                  b0[1] & ~w1 & hm[1], 64 * n2 + at, n2);
            npar[cnt] = (uint16_t)(PAR_HOUSE + h);
            buf[cnt++] = (uint16_t)on;
        }
        if (push_ons(S, dep, buf, nd, npar, cnt, qon, &ton))
            goto done;
    }
done:
    S->non = ton;
    S->noff = toff;
    if (hoff > 8) {
        memcpy(cand, saved, sizeof(uint64_t) * (size_t)L->cells);
    } else {
        for (int k = 0; k < hoff; k++)
            cand[vcell[qoff[k] >> 1]] |= digit_bit(vdigit[qoff[k] >> 1]);
    }
    memcpy(E->bb, E->bb0, sizeof(uint64_t) * 2 * (size_t)E->n);
}

/* follow() (follow_static() on the pass's graph) from the potential start
 * alone, into S (clear): what the two would add to their sets, in their
 * order, and where they would stop. A dynamic chain's off takes its
 * candidate and then looks at what is left (off_to_on()'s question before
 * take_candidate(), asked once); the grid is put back candidate by
 * candidate. */
static void sweep_from(chain_engine *E, int32_t start, sweep *S)
{
    if (E->pl_live) {
        sweep_static(E, start, S);
        return;
    }
    if (E->board && E->dynamic) {
        if (E->nib)
            sweep_board(E, start, S);
        else
            sweep_board_any(E, start, S);
        return;
    }
    sudoku_logic *L = E->L;
    uint8_t *dep = S->depth;
    uint16_t *qon = S->on, *qoff = S->off;
    int hon = 0, ton = 0, hoff = 0, toff = 0, y = !E->nishio, n2 = 2 * E->n;
    int graph = E->graph_live && !E->dynamic; /* (a dynamic pass on a board: sweep_board()) */
    int32_t pots[SUDOKU_MAX_N * 8 + 8];
    uint16_t buf[SUDOKU_MAX_N * 8 + 8]; /* (a sweep's potentials fit in 16 bits) */
    int8_t via[SUDOKU_MAX_N * 8 + 8];
    uint8_t nd[SUDOKU_MAX_N * 8 + 8];
    uint16_t *par = S->par, *spos = S->pos, npar[SUDOKU_MAX_N * 8 + 8];
    sweep_seed(S, start, &ton, &toff);
    for (;;) {
        if (hon < ton) {
            int32_t p = qon[hon++];
            uint8_t d = depth_next(dep[p]);
            if (graph) {
                int32_t u = E->gnode[p];
                for (int32_t e = E->gbeg[u]; e < E->gend[u]; e++)
                    SWEEP_OFF(E->gpot[E->glink[e]]);
            } else {
                /* on_to_off_pot(): the cell's other candidates, then the
                 * symbol's places in its houses, each cell once, in its
                 * order */
                int cell = pot_cell(E, p), digit = pot_digit(E, p);
                uint64_t bit = digit_bit(digit);
                int32_t at = (digit - 1) * 2;
                if (y)
                    for (uint64_t m = L->cand[cell] & ~bit; m; m &= m - 1)
                        SWEEP_OFF(cell * n2 + lowest_bit(m) * 2);
                const int32_t *hs = E->order + (size_t)cell * (size_t)L->per_cell;
                const int32_t *row = E->order_place + (size_t)cell * (size_t)L->per_cell;
                const uint64_t *fr = E->fresh + (size_t)cell * (size_t)L->per_cell;
                for (int j = 0; j < E->order_count[cell]; j++)
                    for (uint64_t m = E->places[row[j] + digit - 1] & fr[j]; m; m &= m - 1)
                        SWEEP_OFF(logic_house_cell(L, hs[j], lowest_bit(m)) * n2 + at);
            }
            continue;
        }
        if (hoff < toff) {
            int32_t p = qoff[hoff++];
            int cell = 0, digit = 0, n = 0, cnt = 0;
            uint8_t d = depth_next(dep[p]);
            const int32_t *hs = NULL, *row = NULL;
            if (graph) { /* (most make no on) */
                int32_t u = E->gnode[p];
                if (E->gbeg[u] == E->gend[u])
                    continue;
                for (int32_t e = E->gbeg[u]; e < E->gend[u]; e++)
                    pots[n++] = E->gpot[E->glink[e]];
            } else {
                cell = pot_cell(E, p);
                digit = pot_digit(E, p);
                hs = E->order + (size_t)cell * (size_t)L->per_cell;
                row = E->order_place + (size_t)cell * (size_t)L->per_cell;
            }
            if (!graph && !E->dynamic) {
                n = off_to_on_pots(E, p, y, 1, pots, via);
            } else if (!graph) {
                /* take_candidate(), and what is left: a cell's last
                 * candidate, a house's last place */
                uint64_t bit = digit_bit(digit), rest = L->cand[cell] &= ~bit;
                if (y && rest && !(rest & (rest - 1))) {
                    via[n] = -1;
                    pots[n++] = cell * n2 + lowest_bit(rest) * 2 + 1;
                }
                const int8_t *pos = E->order_pos + (size_t)cell * (size_t)L->per_cell;
                for (int j = 0; j < E->order_count[cell]; j++) {
                    uint64_t others = E->places[row[j] + digit - 1] &= ~((uint64_t)1 << pos[j]);
                    if (others && !(others & (others - 1))) {
                        via[n] = (int8_t)j;
                        pots[n++] = logic_house_cell(L, hs[j], lowest_bit(others)) * n2 +
                                    (digit - 1) * 2 + 1;
                    }
                }
            }
            for (int k = 0; k < n; k++) {
                int32_t on = pots[k];
                /* new_on(): once each, none held already */
                int dup = dep[on] != 0;
                for (int j = 0; j < cnt && !dup; j++)
                    dup = buf[j] == on;
                if (dup)
                    continue;
                uint8_t dk = d;
                /* the hidden causes' depths (add_parent()) */
                if (E->dynamic) {
                    if (via[k] < 0) {
                        dk = cause_depth(dep, d, E->saved[cell] & ~L->cand[cell], cell * n2, 2);
                    } else {
                        int h = hs[via[k]];
                        size_t at = (size_t)(row[via[k]] + digit - 1);
                        for (uint64_t gone = E->saved_places[at] & ~E->places[at]; gone;
                             gone &= gone - 1) {
                            uint8_t g = dep[logic_house_cell(L, h, lowest_bit(gone)) * n2 +
                                            (digit - 1) * 2];
                            if (g && depth_next(g) > dk)
                                dk = depth_next(g);
                        }
                    }
                }
                nd[cnt] = dk;
                npar[cnt] = !E->dynamic ? (uint16_t)p
                          : via[k] < 0  ? PAR_CELL
                                        : (uint16_t)(PAR_HOUSE + hs[via[k]]);
                buf[cnt++] = (uint16_t)on;
            }
            if (push_ons(S, dep, buf, nd, npar, cnt, qon, &ton))
                goto done;
            continue;
        }
        break;
    }
done:
    S->non = ton;
    S->noff = toff;
    if (E->dynamic)
        for (int k = 0; k < hoff; k++) { /* the candidates taken, back */
            int cell = pot_cell(E, qoff[k]), digit = pot_digit(E, qoff[k]);
            const int8_t *pos = E->order_pos + (size_t)cell * (size_t)L->per_cell;
            const int32_t *row = E->order_place + (size_t)cell * (size_t)L->per_cell;
            L->cand[cell] |= digit_bit(digit);
            for (int j = 0; j < E->order_count[cell]; j++)
                E->places[row[j] + digit - 1] |= (uint64_t)1 << pos[j];
        }
}

/* The sweep of (cell, digit) on, made once a pass (NULL when out of
 * memory): sweep_on() made it or makes it (sweep_new()). */
static inline sweep *sweep_new(chain_engine *E, int32_t var, int32_t pot)
{
    sweep *S = take_sweep(E);
    if (!S)
        return NULL;
    if (E->pl_live)
        sweep_static(E, pot, S);
    else
        sweep_from(E, pot, S);
    E->sw_of[var] = E->used_sw - 1;
    E->sw_set[E->nsw_set++] = var;
    return S;
}

static inline sweep *sweep_on(chain_engine *E, int cell, int digit)
{
    int32_t var = cell * E->n + digit - 1, k = E->sw_of[var];
    return k >= 0 ? E->sw[k] : sweep_new(E, var, make_pot(E, cell, digit, 1));
}

/* Would a step on pot take a candidate (offer()'s test)? */
static int takes_any(const chain_engine *E, int32_t pot)
{
    uint64_t cand = E->L->cand[pot_cell(E, pot)], bit = digit_bit(pot_digit(E, pot));
    return (pot_on(pot) ? cand & ~bit : cand & bit) != 0;
}

/* The kinds of step a pass on sweeps finds (binary_chains()'s, then
 * region_chains()'s and cell_chains()'s). */
enum { HIT_X_ON, HIT_X_OFF, HIT_DOUBLE, HIT_REGION, HIT_CELL };

/* A step the sweeps say is there: the chains would offer it, with at least
 * floor nodes, seq-th of the pass. */
typedef struct sweep_hit {
    int32_t floor, seq;
    int32_t pot;   /* the potential it sets (the assumption's negation for a
                      contradiction) */
    int32_t cell;  /* the assumption's cell (a region's first place) */
    int32_t house; /* a region's */
    int32_t off;   /* the off state's sweep (a contradiction from it, a
                      double implication), its index in E->sw */
    int8_t digit, kind;
} sweep_hit;

static void add_hit(chain_engine *E, int kind, int floor, int32_t seq, int32_t pot, int cell,
                    int digit, int house, int32_t off)
{
    if (!takes_any(E, pot))
        return;
    if (E->nhits == E->cap_hits) {
        int cap = E->cap_hits ? E->cap_hits * 2 : 1024;
        sweep_hit *more = realloc(E->hits, sizeof(sweep_hit) * (size_t)cap);
        if (!more) {
            E->failed = 1;
            return;
        }
        E->hits = more;
        E->cap_hits = cap;
    }
    E->hits[E->nhits++] =
        (sweep_hit){floor, seq, pot, cell, house, off, (int8_t)digit, (int8_t)kind};
}

/* The seq of the next step found: the chains' order (their calls, then
 * the ons before the offs of the first assumption, in their order), as
 * sweep_meet() finds them out of order. */
static inline int32_t hit_seq(chain_engine *E, int side, int pos)
{
    return (E->hit_call << 12) | (side << 11) | pos;
}

/* The place of pot in S's ons (side 0) or offs: S->pos, but for a static
 * sweep, which has none (sweep_static()). */
static int sweep_place(const chain_engine *E, const sweep *S, int side, int32_t pot)
{
    if (!E->pl_live)
        return S->pos[pot];
    const uint16_t *l = side ? S->off : S->on;
    int k = 0;
    while (l[k] != pot)
        k++;
    return k;
}

/* The potentials of the first (sw[0]) that the sweeps sw[0..n) (n >= 2)
 * all reach, ons then offs, in its order (as the chains look for them):
 * those of the sweep that reaches fewest, each looked for first in the
 * next fewest (most often it is not there), each with its place in the
 * first. The order they are found in does not matter: their seqs put
 * them in the chains' order (sweep_judge()). */
static void sweep_meet(chain_engine *E, sweep *const *sw, int n, int kind, int cell, int digit,
                       int house, int32_t off)
{
    for (int side = 0; side < 2; side++) {
        int least = 0, next = 1;
        int cl = side ? sw[0]->noff : sw[0]->non, cn = side ? sw[1]->noff : sw[1]->non;
        if (cn < cl) {
            least = 1, next = 0;
            int c = cl;
            cl = cn, cn = c;
        }
        for (int q = 2; q < n; q++) {
            int c = side ? sw[q]->noff : sw[q]->non;
            if (c < cl) {
                next = least, cn = cl;
                least = q, cl = c;
            } else if (c < cn) {
                next = q, cn = c;
            }
        }
        const uint16_t *first = side ? sw[least]->off : sw[least]->on;
        const uint8_t *probe = sw[next]->depth;
        for (int k = 0; k < cl; k++) {
            int32_t pot = first[k];
            if (!probe[pot])
                continue;
            int floor = 0, q = 0;
            for (; q < n; q++) {
                int d = sw[q]->depth[pot];
                if (!d)
                    break;
                floor += d;
            }
            if (q == n)
                add_hit(E, kind, floor, hit_seq(E, side, sweep_place(E, sw[0], side, pot)), pot,
                        cell, digit, house, off);
        }
    }
    E->hit_call++;
}

/* binary_chains() on the sweeps: on is the on state's. The off state's
 * sweep is kept when a step rests on it. */
static void binary_sweeps(chain_engine *E, int cell, int digit, sweep *on, int do_double,
                          int do_contradiction)
{
    if (on->x_depth && do_contradiction)
        add_hit(E, HIT_X_ON, on->x_depth, hit_seq(E, 0, 0), make_pot(E, cell, digit, 0), cell,
                digit, -1, -1);
    E->hit_call++;
    if (!do_double && !do_contradiction)
        return;
    if (!do_double && E->dynamic && !E->nishio && two_bits(E->L->cand[cell])) {
        /* a cell of two: its off state and its other candidate's on imply
         * each other (the cell's rule), reach the same and so meet a
         * contradiction or not together (whatever the order) */
        sweep *other = sweep_on(E, cell, lowest_bit(E->L->cand[cell] & ~digit_bit(digit)) + 1);
        if (!other)
            return;
        if (!other->x_depth) {
            E->hit_call++;
            return;
        }
    }
    sweep *off = take_sweep(E);
    if (!off)
        return;
    int32_t idx = E->used_sw - 1, before = E->nhits;
    sweep_from(E, make_pot(E, cell, digit, 0), off);
    if (off->x_depth && do_contradiction)
        add_hit(E, HIT_X_OFF, off->x_depth, hit_seq(E, 0, 0), make_pot(E, cell, digit, 1), cell,
                digit, -1, idx);
    E->hit_call++;
    if (do_double) {
        sweep *both[2] = {on, off};
        sweep_meet(E, both, 2, HIT_DOUBLE, cell, digit, -1, idx);
    }
    if (E->nhits == before) { /* not needed: given back */
        clear_sweep(E, off);
        E->used_sw--;
    }
}

/* region_chains() on the sweeps: own is the on state's of (cell, digit).
 * The houses where the cell is the symbol's first place of two or more
 * (or of two), told by bits. */
static void region_sweeps(chain_engine *E, int cell, int digit, sweep *own)
{
    sudoku_logic *L = E->L;
    size_t at = (size_t)cell * (size_t)L->per_cell;
    const int32_t *hs = E->order + at, *row = E->order_place + at;
    const int8_t *pos = E->order_pos + at;
    for (int j = 0, nj = E->order_count[cell]; j < nj; j++) {
        uint64_t places = E->places[row[j] + digit - 1], rest = places & (places - 1);
        if (!rest || (!E->multiple && (rest & (rest - 1))))
            continue; /* count == 2 || (E->multiple && count > 2) */
        if ((places & (0 - places)) != (uint64_t)1 << pos[j])
            continue; /* another cell first */
        if (E->failed)
            return;
        int h = hs[j];
        sweep *sw[SUDOKU_MAX_N];
        int npos = 0;
        for (uint64_t m = places; m; m &= m - 1) {
            int c = logic_house_cell(L, h, lowest_bit(m));
            sw[npos] = c == cell ? own : sweep_on(E, c, digit);
            if (!sw[npos++])
                return;
        }
        sweep_meet(E, sw, npos, HIT_REGION, cell, digit, h, -1);
    }
}

/* Would Nishio's chain from (cell, digit) on (or off) meet a contradiction?
 * Whether it does depends not on the order the chain follows its links
 * in (what it reaches without one does not): the potentials as sets of
 * cells, the symbol's places left and the ons, and the counts of places
 * left in the houses, four bits a house as in board_sweep(). Those of two
 * places or more at the pass's start where one is left make it on (where
 * none is left, the chain made the last on and then took it: a
 * contradiction); an on takes its peers' places (one of them on: a
 * contradiction), and its houses need no look again (done, with those of
 * one place or none at the start). On boards with E->nib. 60 top1465
 * puzzles: 1.576 G -> 1.569 G instructions. */
static int nishio_meets(chain_engine *E, int cell, int digit, int on)
{
    const uint64_t H = 0x8888888888888888u, *nib = E->nib;
    const uint64_t *b0 = E->bb0 + 2 * (digit - 1), *c0 = b0 + 4 * E->n;
    uint64_t left[2] = {b0[0], b0[1]}, ons[2] = {0, 0}, cnt[2] = {c0[0], c0[1]};
    uint64_t done[2] = {~c0[0] & H, ~c0[1] & H};
    int32_t onq[128];
    int no = 0;
    if (on) {
        ons[cell >> 6] |= (uint64_t)1 << (cell & 63);
        onq[no++] = cell;
    } else {
        left[cell >> 6] &= ~((uint64_t)1 << (cell & 63));
        cnt[0] -= nib[2 * cell];
        cnt[1] -= nib[2 * cell + 1];
    }
    for (;;) {
        while (no) {
            int y = onq[--no];
            const uint64_t *pm = E->pmask + 2 * y;
            done[0] |= nib[2 * y] << 3;
            done[1] |= nib[2 * y + 1] << 3;
            for (int w = 0; w < 2; w++) {
                uint64_t r = left[w] & pm[w];
                if (r & ons[w])
                    return 1;
                left[w] &= ~r;
                for (; r; r &= r - 1) {
                    const uint64_t *nz = nib + 2 * (64 * w + lowest_bit(r));
                    cnt[0] -= nz[0];
                    cnt[1] -= nz[1];
                }
            }
        }
        uint64_t look[2] = {~(cnt[0] | done[0]) & H, ~(cnt[1] | done[1]) & H};
        if (!(look[0] | look[1])) {
            /* none, nor from the ons reached (nishio_sweeps()) */
            E->quiet[2 * (digit - 1)] |= ons[0];
            E->quiet[2 * (digit - 1) + 1] |= ons[1];
            return 0;
        }
        for (int w = 0; w < 2; w++)
            for (uint64_t lk = look[w]; lk; lk &= lk - 1) {
                const uint64_t *hm = E->hmask + 2 * (16 * w + lowest_bit(lk) / 4);
                uint64_t m0 = left[0] & hm[0], m1 = left[1] & hm[1];
                if (!(m0 | m1))
                    return 1;
                int y = m0 ? lowest_bit(m0) : 64 + lowest_bit(m1);
                if (!(ons[y >> 6] & ((uint64_t)1 << (y & 63)))) {
                    ons[y >> 6] |= (uint64_t)1 << (y & 63);
                    onq[no++] = y;
                }
            }
    }
}

/* nishio_meets() on the boards without E->nib (64 houses at most): the
 * houses where places went since they were last looked at, a bit each,
 * each looked at in the grid. */
static int nishio_meets_any(chain_engine *E, int cell, int digit, int on)
{
    const uint64_t *b0 = E->bb0 + 2 * (digit - 1);
    uint64_t left[2] = {b0[0], b0[1]}, ons[2] = {0, 0}, touched = 0, done = 0;
    int32_t onq[128];
    int no = 0;
    if (on) {
        ons[cell >> 6] |= (uint64_t)1 << (cell & 63);
        onq[no++] = cell;
    } else {
        left[cell >> 6] &= ~((uint64_t)1 << (cell & 63));
        touched = E->hbits[cell];
    }
    for (;;) {
        while (no) {
            int y = onq[--no];
            const uint64_t *pm = E->pmask + 2 * y;
            done |= E->hbits[y];
            for (int w = 0; w < 2; w++) {
                uint64_t r = left[w] & pm[w];
                if (r & ons[w])
                    return 1;
                left[w] &= ~r;
                for (; r; r &= r - 1)
                    touched |= E->hbits[64 * w + lowest_bit(r)];
            }
        }
        uint64_t look = touched & E->multi[digit - 1] & ~done;
        touched = 0;
        if (!look)
            return 0;
        for (; look; look &= look - 1) {
            const uint64_t *hm = E->hmask + 2 * lowest_bit(look);
            uint64_t m0 = left[0] & hm[0], m1 = left[1] & hm[1], x = m0 | m1;
            if (!x)
                return 1;
            if ((x & (x - 1)) || (m0 && m1))
                continue; /* two places or more (as in sweep_board()) */
            int y = m0 ? lowest_bit(m0) : 64 + lowest_bit(m1);
            if (!(ons[y >> 6] & ((uint64_t)1 << (y & 63)))) {
                ons[y >> 6] |= (uint64_t)1 << (y & 63);
                onq[no++] = y;
            }
        }
    }
}

/* Whether Nishio's chain from (cell, digit) on (or off) may meet a
 * contradiction: not when nishio_meets() says so, or E->quiet (see
 * nishio_sweeps()). */
static int nishio_may_meet(chain_engine *E, int cell, int digit, int on)
{
    if (!E->nib)
        return nishio_meets_any(E, cell, digit, on);
    const uint64_t *qu = E->quiet + 2 * (digit - 1), *pm = E->pmask + 2 * cell;
    if (on ? qu[cell >> 6] >> (cell & 63) & 1 : (qu[0] & pm[0]) || (qu[1] & pm[1]))
        return 0;
    return nishio_meets(E, cell, digit, on);
}

/* Nishio on the sweeps: its steps are the contradictions of either state
 * (binary_chains()'s, no double implications), looked for by sweeps only
 * where nishio_meets() says there is one. Where it found none, none is
 * from the ons it reached (E->quiet): theirs reach no more. Nor from the
 * off of a peer of one of them, which reaches no more than that on. 60
 * top1465 puzzles: 1.560 G -> 1.551 G instructions. */
static void nishio_sweeps(chain_engine *E, int cell)
{
    sudoku_logic *L = E->L;
    for (uint64_t m = L->cand[cell]; m && !E->failed; m &= m - 1) {
        int digit = lowest_bit(m) + 1;
        /* a true assumption meets no contradiction: the on of the
         * solution's candidate, the off of another (60 top1465 puzzles:
         * 2.137 G -> 2.113 G instructions) */
        int sol = E->sol ? E->sol[cell] == digit : -1;
        if (sol != 1 && nishio_may_meet(E, cell, digit, 1)) {
            sweep *on = sweep_on(E, cell, digit);
            if (!on)
                return;
            if (on->x_depth)
                add_hit(E, HIT_X_ON, on->x_depth, hit_seq(E, 0, 0), make_pot(E, cell, digit, 0),
                        cell, digit, -1, -1);
        }
        E->hit_call++;
        if (sol != 0 && nishio_may_meet(E, cell, digit, 0)) {
            sweep *off = take_sweep(E);
            if (!off)
                return;
            int32_t idx = E->used_sw - 1, before = E->nhits;
            sweep_from(E, make_pot(E, cell, digit, 0), off);
            if (off->x_depth)
                add_hit(E, HIT_X_OFF, off->x_depth, hit_seq(E, 0, 0),
                        make_pot(E, cell, digit, 1), cell, digit, -1, idx);
            if (E->nhits == before) {
                clear_sweep(E, off);
                E->used_sw--;
            }
        }
        E->hit_call++;
    }
}

/* cell_chains() on the sweeps. */
static void cell_sweeps(chain_engine *E, int cell)
{
    sudoku_logic *L = E->L;
    if (E->nishio && E->board && E->hbits[0]) {
        nishio_sweeps(E, cell);
        return;
    }
    int card = popcount64(L->cand[cell]);
    sweep *sw[SUDOKU_MAX_N];
    int nv = 0;
    int do_double = card >= 3 && !E->nishio && E->dynamic;
    int do_contradiction = E->dynamic || E->nishio;
    for (uint64_t m = L->cand[cell]; m && !E->failed; m &= m - 1) {
        int digit = lowest_bit(m) + 1;
        sweep *on = sweep_on(E, cell, digit);
        if (!on)
            return;
        binary_sweeps(E, cell, digit, on, do_double, do_contradiction);
        if (!E->nishio)
            region_sweeps(E, cell, digit, on);
        sw[nv++] = on;
    }
    if (E->nishio || E->failed || !(card == 2 || (E->multiple && card > 2)))
        return;
    sweep_meet(E, sw, nv, HIT_CELL, cell, L->n + 1, -1, -1);
}

/* ancestors() on a sweep: the potentials the instance of t rests on, itself
 * included; with x, t may be the contradiction's instance made last
 * (S->x_pot, its parents S->x_par). Past most, some more than most. */
static int sweep_count(chain_engine *E, const sweep *S, int32_t t, int x, int most)
{
    sudoku_logic *L = E->L;
    if (E->anc_stamp == INT32_MAX) {
        memset(E->anc_mark, 0, sizeof(int32_t) * (size_t)E->P);
        E->anc_stamp = 0;
    }
    int32_t stamp = ++E->anc_stamp, *q = E->sw_queue, *mark = E->anc_mark;
    int head = 0, tail = 0;
    mark[t] = stamp;
    q[tail++] = t;
#define SWEEP_PUSH(v)                                                                    \
    do {                                                                                 \
        int32_t v_ = (v);                                                                \
        if (mark[v_] != stamp) {                                                         \
            mark[v_] = stamp;                                                            \
            q[tail++] = v_;                                                              \
        }                                                                                \
    } while (0)
    while (head < tail && tail <= most) {
        int32_t u = q[head++];
        uint16_t pr = x && u == S->x_pot ? S->x_par : S->par[u];
        if (pr == PAR_NONE)
            continue;
        if (pr < PAR_CELL) {
            SWEEP_PUSH(pr);
            continue;
        }
        int cell = pot_cell(E, u), digit = pot_digit(E, u);
        if (pr == PAR_CELL) {
            for (uint64_t m = E->saved[cell] & ~digit_bit(digit); m; m &= m - 1)
                SWEEP_PUSH(make_pot(E, cell, lowest_bit(m) + 1, 0));
        } else {
            int h = pr - PAR_HOUSE;
            for (uint64_t m = E->saved_places[(size_t)h * (size_t)L->n + (size_t)(digit - 1)]; m;
                 m &= m - 1) {
                int c = logic_house_cell(L, h, lowest_bit(m));
                if (c != cell)
                    SWEEP_PUSH(make_pot(E, c, digit, 0));
            }
        }
    }
#undef SWEEP_PUSH
    return tail;
}

/* E->hits' indices by floor (a count of each floor, then each hit in its
 * place, in the order they came); sweep_judge() puts the seqs of a floor
 * in order when it comes to it (they came nearly in order). In place of a
 * qsort() of all: 60 top1465 puzzles 1.934 G -> 1.918 G instructions. 0
 * when out of memory. */
static int hits_by_floor(chain_engine *E, int lo, int hi)
{
    size_t need = (size_t)(hi - lo + 2);
    if (need > E->hit_nfloor) {
        int32_t *a = realloc(E->hit_floor, sizeof(int32_t) * need);
        if (!a)
            return 0;
        E->hit_floor = a;
        E->hit_nfloor = need;
    }
    if ((size_t)E->nhits > E->hit_nidx) {
        int32_t *a = realloc(E->hit_idx, sizeof(int32_t) * (size_t)E->cap_hits);
        if (!a)
            return 0;
        E->hit_idx = a;
        E->hit_nidx = (size_t)E->cap_hits;
    }
    int32_t *at = E->hit_floor;
    memset(at, 0, sizeof(int32_t) * need);
    for (int k = 0; k < E->nhits; k++)
        at[E->hits[k].floor - lo + 1]++;
    for (int f = lo; f <= hi; f++)
        at[f - lo + 1] += at[f - lo];
    for (int k = 0; k < E->nhits; k++)
        E->hit_idx[at[E->hits[k].floor - lo]++] = k;
    return 1; /* at[f - lo]: the end of floor f's */
}

/* The best of the hits: the chains' steps are the hits; the one the chains
 * would keep is the least by difficulty, nodes, kind (the sort key) and
 * then the order they came in. Their nodes are counted on the sweeps (as
 * chain_cx() counts them on the instances), from the least floor up, while
 * a floor may beat the best kept. */
static void sweep_judge(chain_engine *E)
{
    sudoku_logic *L = E->L;
    int technique = E->nishio    ? SUDOKU_NISHIO
                  : E->dynamic   ? SUDOKU_DYNAMIC_CHAIN
                                 : SUDOKU_MULTIPLE_CHAIN;
    int base = E->nishio ? 75 : E->dynamic ? 85 : 80;
    static const int SORT_KEY[] = {[HIT_X_ON] = 7, [HIT_X_OFF] = 7, [HIT_DOUBLE] = 1,
                                   [HIT_REGION] = 6, [HIT_CELL] = 5};
    if (!E->nhits)
        return;
    int lo = E->hits[0].floor, hi = lo;
    for (int k = 1; k < E->nhits; k++) {
        if (E->hits[k].floor < lo)
            lo = E->hits[k].floor;
        if (E->hits[k].floor > hi)
            hi = E->hits[k].floor;
    }
    if (!hits_by_floor(E, lo, hi)) {
        E->failed = 1;
        return;
    }
    int best_seq = -1, sorted = 0;
    for (int k = 0; k < E->nhits; k++) {
        if (k == sorted) { /* the next floor's, by seq */
            int end = E->hit_floor[E->hits[E->hit_idx[k]].floor - lo];
            for (int i = k + 1; i < end; i++) {
                int32_t x = E->hit_idx[i], seq = E->hits[x].seq, j = i;
                for (; j > k && E->hits[E->hit_idx[j - 1]].seq > seq; j--)
                    E->hit_idx[j] = E->hit_idx[j - 1];
                E->hit_idx[j] = x;
            }
            sorted = end;
        }
        const sweep_hit *h = &E->hits[E->hit_idx[k]];
        if (!may_beat(E, base, h->floor))
            break;
        /* a step of more nodes than the best kept does not beat it (nor
         * rates less): the counts stop past them */
        int cx = 0, most = E->best.found ? E->best.complexity : INT32_MAX;
        int32_t root = CAUSE_NONE;
        if (h->kind == HIT_X_ON || h->kind == HIT_X_OFF) {
            const sweep *S = h->kind == HIT_X_ON ? E->sw[E->sw_of[h->cell * L->n + h->digit - 1]]
                                                 : E->sw[h->off];
            cx = sweep_count(E, S, S->x_pot ^ 1, 0, most);
            if (cx <= most)
                cx += sweep_count(E, S, S->x_pot, 1, most - cx);
        } else if (h->kind == HIT_DOUBLE) {
            cx = sweep_count(E, E->sw[E->sw_of[h->cell * L->n + h->digit - 1]], h->pot, 0, most);
            if (cx <= most)
                cx += sweep_count(E, E->sw[h->off], h->pot, 0, most - cx);
        } else if (h->kind == HIT_REGION) {
            root = h->house;
            for (uint64_t m = E->places[(size_t)h->house * (size_t)L->n + (size_t)(h->digit - 1)];
                 m && cx <= most; m &= m - 1) {
                int c = logic_house_cell(L, h->house, lowest_bit(m));
                cx += sweep_count(E, E->sw[E->sw_of[c * L->n + h->digit - 1]], h->pot, 0,
                                  most - cx);
            }
        } else {
            root = CAUSE_CELL;
            for (uint64_t m = L->cand[h->cell]; m && cx <= most; m &= m - 1)
                cx += sweep_count(E, E->sw[E->sw_of[h->cell * L->n + lowest_bit(m)]], h->pot, 0,
                                  most - cx);
        }
        if (cx > most)
            continue;
        int rating = base + length_tenths(cx), key = SORT_KEY[h->kind];
        const chain_best *b = &E->best;
        if (b->found &&
            (rating > b->rating ||
             (rating == b->rating &&
              (cx > b->complexity ||
               (cx == b->complexity &&
                (key > b->sort_key || (key == b->sort_key && h->seq > best_seq)))))))
            continue;
        E->best.found = 0;
        offer(E, technique, base, cx, key, h->pot, NULL, 0, root, h->cell, h->digit);
        best_seq = h->seq;
    }
}

/* E->fresh, once. 0 when out of memory. */
static int fresh_places(chain_engine *E)
{
    sudoku_logic *L = E->L;
    if (E->fresh)
        return 1;
    E->fresh = malloc(sizeof(uint64_t) * (size_t)L->cells * (size_t)L->per_cell);
    if (!E->fresh)
        return 0;
    for (int c = 0; c < L->cells; c++) {
        const int32_t *hs = E->order + (size_t)c * (size_t)L->per_cell;
        for (int j = 0; j < E->order_count[c]; j++) {
            uint64_t mask = 0;
            for (int q = 0; q < L->n; q++) {
                int other = logic_house_cell(L, hs[j], q), seen = other == c;
                for (int i = 0; i < j && !seen; i++)
                    for (int r = 0; r < L->n && !seen; r++)
                        seen = logic_house_cell(L, hs[i], r) == other;
                if (!seen)
                    mask |= (uint64_t)1 << q;
            }
            E->fresh[(size_t)c * (size_t)L->per_cell + (size_t)j] = mask;
        }
    }
    return 1;
}

/* E->board and its masks, once. 0 when out of memory. */
static int board_masks(chain_engine *E)
{
    sudoku_logic *L = E->L;
    if (E->hmask || L->cells > 128)
        return 1;
    int ascending = 1;
    for (int h = 0; h < L->house_count; h++)
        for (int q = 1; q < L->n; q++)
            ascending &= logic_house_cell(L, h, q - 1) < logic_house_cell(L, h, q);
    if (!ascending)
        return 1;
    E->hmask = calloc(2 * (size_t)L->house_count, sizeof(uint64_t));
    E->fmask = calloc(2 * (size_t)L->cells * (size_t)L->per_cell, sizeof(uint64_t));
    E->bb = malloc(sizeof(uint64_t) * 16 * (size_t)L->n);
    E->bb0 = E->bb ? E->bb + 8 * L->n : NULL;
    E->pmask = calloc(2 * (size_t)L->cells, sizeof(uint64_t));
    E->cmask = calloc(2 * (size_t)L->cells * (size_t)L->per_cell, sizeof(uint64_t));
    E->hbits = calloc((size_t)L->cells, sizeof(uint64_t));
    E->multi = calloc((size_t)L->n, sizeof(uint64_t));
    if (!E->hmask || !E->fmask || !E->bb || !E->pmask || !E->cmask || !E->hbits || !E->multi)
        return 0;
    if (L->n <= 9 && L->house_count <= 32) {
        E->nib = calloc(2 * (size_t)L->cells, sizeof(uint64_t));
        E->quiet = malloc(sizeof(uint64_t) * 2 * (size_t)L->n);
        if (!E->nib || !E->quiet)
            return 0;
        for (int h = 0; h < L->house_count; h++)
            for (int q = 0; q < L->n; q++)
                E->nib[2 * logic_house_cell(L, h, q) + h / 16] |= (uint64_t)1 << (4 * (h % 16));
    }
    if (L->house_count <= 64)
        for (int h = 0; h < L->house_count; h++)
            for (int q = 0; q < L->n; q++)
                E->hbits[logic_house_cell(L, h, q)] |= (uint64_t)1 << h;
    for (int h = 0; h < L->house_count; h++)
        for (int q = 0; q < L->n; q++) {
            int c = logic_house_cell(L, h, q);
            E->hmask[2 * h + (c >> 6)] |= (uint64_t)1 << (c & 63);
        }
    for (int c = 0; c < L->cells; c++) {
        const int32_t *hs = E->order + (size_t)c * (size_t)L->per_cell;
        for (int j = 0; j < E->order_count[c]; j++) {
            uint64_t *f = E->fmask + 2 * ((size_t)c * (size_t)L->per_cell + (size_t)j);
            uint64_t *cm = E->cmask + 2 * ((size_t)c * (size_t)L->per_cell + (size_t)j);
            cm[0] = E->hmask[2 * hs[j]];
            cm[1] = E->hmask[2 * hs[j] + 1];
            for (uint64_t m = E->fresh[(size_t)c * (size_t)L->per_cell + (size_t)j]; m; m &= m - 1) {
                int o = logic_house_cell(L, hs[j], lowest_bit(m));
                f[o >> 6] |= (uint64_t)1 << (o & 63);
                E->pmask[2 * c + (o >> 6)] |= (uint64_t)1 << (o & 63);
            }
        }
    }
    E->board = 1;
    return 1;
}

/* Ready for a pass on sweeps: 0 when out of memory (the pass goes without). */
static int sweeps_begin(chain_engine *E)
{
    if (!fresh_places(E) || !board_masks(E))
        return 0;
    /* the sets at the pass's start, for the dynamic sweeps (sweep_board())
     * and Nishio's (nishio_meets()) */
    if (E->board && E->dynamic) {
        sudoku_logic *L = E->L;
        memset(E->bb0, 0, sizeof(uint64_t) * 2 * (size_t)L->n);
        for (int c = 0; c < L->cells; c++)
            for (uint64_t m = L->cand[c]; m; m &= m - 1)
                E->bb0[2 * lowest_bit(m) + (c >> 6)] |= (uint64_t)1 << (c & 63);
        if (E->nib) { /* board_sweep()'s: av, cnt (+ 6 a house), done */
            memset(E->quiet, 0, sizeof(uint64_t) * 2 * (size_t)L->n);
            uint64_t *b0 = E->bb0, *cnt = b0 + 4 * L->n, six[2] = {0, 0};
            memcpy(b0 + 2 * L->n, b0, sizeof(uint64_t) * 2 * (size_t)L->n);
            memset(cnt, 0, sizeof(uint64_t) * 4 * (size_t)L->n);
            for (int h = 0; h < L->house_count; h++)
                six[h / 16] |= (uint64_t)6 << (4 * (h % 16));
            for (int d = 0; d < L->n; d++) {
                cnt[2 * d] = six[0];
                cnt[2 * d + 1] = six[1];
            }
            for (int c = 0; c < L->cells; c++)
                for (uint64_t m = L->cand[c]; m; m &= m - 1) {
                    cnt[2 * lowest_bit(m)] += E->nib[2 * c];
                    cnt[2 * lowest_bit(m) + 1] += E->nib[2 * c + 1];
                }
        }
        memcpy(E->bb, E->bb0, sizeof(uint64_t) * (E->nib ? 8 : 2) * (size_t)L->n);
        if (!E->nib && E->nishio && E->hbits[0])
            for (int d = 0; d < L->n; d++) {
                E->multi[d] = 0;
                for (int h = 0; h < L->house_count; h++) {
                    uint64_t p = E->places[(size_t)h * (size_t)L->n + (size_t)d];
                    if (p & (p - 1))
                        E->multi[d] |= (uint64_t)1 << h;
                }
            }
    }
    if (!E->sw_of) {
        E->sw_of = malloc(sizeof(int32_t) * (size_t)(E->P / 2));
        E->sw_set = malloc(sizeof(int32_t) * (size_t)(E->P / 2));
        if (!E->sw_of || !E->sw_set) {
            free(E->sw_of);
            free(E->sw_set);
            E->sw_of = E->sw_set = NULL;
            return 0;
        }
        memset(E->sw_of, 0xff, sizeof(int32_t) * (size_t)(E->P / 2)); /* all -1 */
        E->nsw_set = 0;
    }
    if (!E->sw_queue && !(E->sw_queue = malloc(sizeof(int32_t) * (size_t)E->P)))
        return 0;
    for (int k = 0; k < E->nsw_set; k++) /* the last pass's, not all (a memset) */
        E->sw_of[E->sw_set[k]] = -1;
    E->nsw_set = 0;
    E->used_sw = 0;
    E->nhits = 0;
    E->hit_call = 0;
    return 1;
}

static void sweeps_end(chain_engine *E)
{
    if (!E->failed)
        sweep_judge(E);
    for (int k = 0; k < E->used_sw; k++)
        clear_sweep(E, E->sw[k]);
    E->used_sw = 0;
}

static void multiple_pass(chain_engine *E)
{
    sudoku_logic *L = E->L;
    release_all(E);
    E->closure = NULL;
    /* A pass of level 0 (not an inner search, which keeps every step) goes
     * on sweeps, on grids up to CLOSURE_MAX_P. Otherwise: Nishio assumes
     * each candidate once (no region chains): nothing to keep. Larger
     * grids make their sets each time. */
    E->sweeps = E->level == 0 && !E->collect && E->P <= CLOSURE_MAX_P && sweeps_begin(E);
    if (E->sweeps && !E->dynamic)
        E->pl_live = build_links(E, 1, 1) && static_links(E); /* as below */
    if (!E->nishio && !E->sweeps && E->P <= CLOSURE_MAX_P) {
        if (!E->closure_mem)
            E->closure_mem = malloc(sizeof(int32_t) * 3 * (size_t)(E->P / 2));
        E->closure = E->closure_mem; /* NULL: out of memory, made each time */
        if (E->closure)
            for (int v = 0; v < E->P / 2; v++)
                E->closure[3 * v] = -1;
        /* a static pass follows its chains on the graph of its links */
        if (E->closure && !E->dynamic && E->level == 0)
            build_links(E, 1, 1);
    }
    for (int cell = 0; cell < L->cells && !E->failed; cell++) {
        if (L->value[cell])
            continue;
        int card = popcount64(L->cand[cell]);
        if (!(card > 2 || (card > 1 && E->dynamic)))
            continue;
        if (!E->closure && !E->sweeps)
            release_all(E);
        if (E->sweeps)
            cell_sweeps(E, cell);
        else
            cell_chains(E, cell);
    }
    if (E->sweeps)
        sweeps_end(E);
    E->sweeps = 0;
    E->pl_live = 0;
    E->closure = NULL;
    E->graph_live = 0;
    release_all(E);
}

/* --- the (+) level's rules ---------------------------------------------------------- */

/* Records an off potential a rule found, with the rule's causes: the
 * candidates in cause_cells x cause_digits (masks per cell) that the chain
 * took away. Appends to to_off and the queue when new. */
static int rule_off(chain_engine *E, chain_set *to_off, int *qtail, int cell, int digit,
                    const int32_t *cause_cells, const uint64_t *cause_digits, int ncauses)
{
    int32_t pot = make_pot(E, cell, digit, 0);
    E->collected++;
    if (set_get(to_off, pot) >= 0)
        return 0;
    int32_t i = new_inst(E, pot, -1);
    if (i < 0)
        return 0;
    for (int k = 0; k < ncauses; k++)
        for (uint64_t m = cause_digits[k]; m; m &= m - 1)
            add_parent(E, i, set_get(to_off, make_pot(E, cause_cells[k], lowest_bit(m) + 1, 0)));
    set_add(E, to_off, i);
    if (*qtail < E->cap_inst)
        E->qoff[(*qtail)++] = i;
    return 1;
}

/* Locked candidates on the chain's grid: a box's places of a symbol in one
 * line, or a line's in one box, where the chain took some of the symbol's
 * places in the source house (those are the causes). */
static int advanced_locked(chain_engine *E, chain_set *to_off, int *qtail)
{
    sudoku_logic *L = E->L;
    int added = 0;
    for (int pointing = 1; pointing >= 0; pointing--)
        for (int p = 0; p < L->npairs; p++) {
            const house_pair *hp = &L->pairs[p];
            if (HOUSE_IS_BOXLIKE(L->house_kind[hp->a]) != pointing)
                continue;
            for (int digit = 1; digit <= L->n; digit++) {
                uint64_t bit = digit_bit(digit);
                uint64_t in_a = E->places[(size_t)hp->a * (size_t)L->n + (size_t)(digit - 1)];
                if (popcount64(in_a) < 2 || (in_a & ~hp->in_a))
                    continue;
                uint64_t outside =
                    E->places[(size_t)hp->b * (size_t)L->n + (size_t)(digit - 1)] & ~hp->in_b;
                if (!outside)
                    continue;
                int32_t cc[SUDOKU_MAX_N];
                uint64_t cd[SUDOKU_MAX_N];
                int nc = 0;
                for (int k = 0; k < L->n; k++) {
                    int c = logic_house_cell(L, hp->a, k);
                    if ((hp->in_a >> k) & 1)
                        continue;
                    if ((E->saved[c] & bit) && !(L->cand[c] & bit)) {
                        cc[nc] = c;
                        cd[nc++] = bit;
                    }
                }
                if (!nc)
                    continue; /* there without the chain */
                for (uint64_t m = outside; m; m &= m - 1)
                    added += rule_off(E, to_off, qtail, logic_house_cell(L, hp->b, lowest_bit(m)),
                                      digit, cc, cd, nc);
            }
        }
    return added;
}

/* Naked pairs (hidden 0) and hidden pairs (1) on the chain's grid. */
static int advanced_pairs(chain_engine *E, chain_set *to_off, int *qtail, int hidden)
{
    sudoku_logic *L = E->L;
    int added = 0;
    for (int h = 0; h < L->house_count; h++) {
        int blanks = popcount64(logic_missing(L, h));
        if (hidden ? blanks <= 4 : blanks < 4)
            continue;
        if (!hidden) {
            for (int i = 0; i < L->n; i++) {
                int a = logic_house_cell(L, h, i);
                if (L->value[a] || popcount64(L->cand[a]) != 2)
                    continue;
                for (int j = i + 1; j < L->n; j++) {
                    int b = logic_house_cell(L, h, j);
                    if (L->value[b] || L->cand[b] != L->cand[a])
                        continue;
                    uint64_t pair = L->cand[a];
                    int32_t cc[2] = {a, b};
                    uint64_t cd[2] = {E->saved[a] & ~pair, E->saved[b] & ~pair};
                    if (!cd[0] && !cd[1])
                        continue;
                    for (int k = 0; k < L->n; k++) {
                        int c = logic_house_cell(L, h, k);
                        if (c == a || c == b)
                            continue;
                        for (uint64_t m = L->cand[c] & pair; m; m &= m - 1)
                            added += rule_off(E, to_off, qtail, c, lowest_bit(m) + 1, cc, cd, 2);
                    }
                }
            }
        } else {
            for (int x = 1; x <= L->n; x++) {
                uint64_t px = E->places[(size_t)h * (size_t)L->n + (size_t)(x - 1)];
                if (popcount64(px) != 2)
                    continue;
                for (int y = x + 1; y <= L->n; y++) {
                    if (E->places[(size_t)h * (size_t)L->n + (size_t)(y - 1)] != px)
                        continue;
                    uint64_t pair = digit_bit(x) | digit_bit(y);
                    int32_t cc[SUDOKU_MAX_N];
                    uint64_t cd[SUDOKU_MAX_N];
                    int nc = 0;
                    for (int k = 0; k < L->n; k++) {
                        if ((px >> k) & 1)
                            continue;
                        int c = logic_house_cell(L, h, k);
                        if (E->saved[c] & pair) {
                            cc[nc] = c;
                            cd[nc++] = E->saved[c] & pair;
                        }
                    }
                    if (!nc)
                        continue;
                    for (uint64_t p = px; p; p &= p - 1) {
                        int c = logic_house_cell(L, h, lowest_bit(p));
                        for (uint64_t m = L->cand[c] & ~pair; m; m &= m - 1)
                            added += rule_off(E, to_off, qtail, c, lowest_bit(m) + 1, cc, cd, nc);
                    }
                }
            }
        }
    }
    return added;
}

/* X-wings on the chain's grid (rows and columns). */
static int advanced_x_wing(chain_engine *E, chain_set *to_off, int *qtail)
{
    sudoku_logic *L = E->L;
    int n = L->n, added = 0;
    for (int orient = 0; orient < 2; orient++) {
        int base0 = orient ? 0 : n, cover0 = orient ? n : 0;
        for (int digit = 1; digit <= n; digit++) {
            uint64_t bit = digit_bit(digit);
            for (int a = 0; a < n; a++) {
                uint64_t pa = E->places[(size_t)(base0 + a) * (size_t)L->n + (size_t)(digit - 1)];
                if (popcount64(pa) != 2)
                    continue;
                for (int b = a + 1; b < n; b++) {
                    if (E->places[(size_t)(base0 + b) * (size_t)L->n + (size_t)(digit - 1)] != pa)
                        continue;
                    int32_t cc[2 * SUDOKU_MAX_N];
                    uint64_t cd[2 * SUDOKU_MAX_N];
                    int nc = 0;
                    for (int side = 0; side < 2; side++)
                        for (int k = 0; k < n; k++) {
                            if ((pa >> k) & 1)
                                continue;
                            int c = logic_house_cell(L, base0 + (side ? b : a), k);
                            if ((E->saved[c] & bit) && !(L->cand[c] & bit)) {
                                cc[nc] = c;
                                cd[nc++] = bit;
                            }
                        }
                    if (!nc)
                        continue;
                    for (uint64_t m = pa; m; m &= m - 1) {
                        int h = cover0 + lowest_bit(m);
                        for (int k = 0; k < n; k++) {
                            if (k == a || k == b)
                                continue;
                            int c = logic_house_cell(L, h, k);
                            if (L->cand[c] & bit)
                                added += rule_off(E, to_off, qtail, c, digit, cc, cd, nc);
                        }
                    }
                }
            }
        }
    }
    return added;
}

/* --- the same rules in Sudoku Explainer's order ---------------------------------------
 * What the rules find is the same; the order in which their offs join the
 * chain decides which of two rules giving the same off is its cause, and
 * the order of the queue after them: the complexity of the chains that
 * follow. Sudoku Explainer takes each rule's steps in its order (below)
 * and each step's eliminations by the slot of their cell in a hash table
 * of the cell numbers. The nested chains go by this order (their
 * complexities, hundreds of nodes, add up such differences); the (+)
 * level keeps the order it was measured with (its ratings and steps stay
 * as they were). */

/* The offs of one step of a rule: cells[k] loses digits[k] (each cell
 * once), taken in Sudoku Explainer's order, with the rule's causes. */
static int rule_step_offs(chain_engine *E, chain_set *to_off, int *qtail, const int32_t *cells,
                          const uint64_t *digits, int ncells, const int32_t *cause_cells,
                          const uint64_t *cause_digits, int ncauses)
{
    int added = 0, cap = 16;
    while (ncells > cap * 3 / 4)
        cap *= 2;
    for (int slot = 0; slot < cap; slot++)
        for (int r = 0; r < ncells; r++)
            if ((cells[r] & (cap - 1)) == slot)
                for (uint64_t m = digits[r]; m; m &= m - 1)
                    added += rule_off(E, to_off, qtail, cells[r], lowest_bit(m) + 1, cause_cells,
                                      cause_digits, ncauses);
    return added;
}

/* The houses of one kind, in order: Sudoku Explainer looks at boxes,
 * then columns, then rows (the rest after). */
static int se_house(const sudoku_logic *L, int k)
{
    int n = L->n;
    return k < n ? 2 * n + k : k < 2 * n ? k : k < 3 * n ? k - 2 * n : k;
}

/* Locked candidates: box and column, box and row, column and box, row and
 * box (then the other kinds), each symbol, each first house, each second. */
static int advanced_locked_se(chain_engine *E, chain_set *to_off, int *qtail)
{
    sudoku_logic *L = E->L;
    int added = 0;
    for (int g = 0; g < 5; g++)
        for (int digit = 1; digit <= L->n; digit++) {
            uint64_t bit = digit_bit(digit);
            for (int at = g ? E->pair_group[g - 1] : 0; at < E->pair_group[g]; at++) {
                const house_pair *hp = &L->pairs[E->pair_order[at]];
                uint64_t in_a = E->places[(size_t)hp->a * (size_t)L->n + (size_t)(digit - 1)];
                if (!(in_a & (in_a - 1)) || (in_a & ~hp->in_a))
                    continue;
                uint64_t outside =
                    E->places[(size_t)hp->b * (size_t)L->n + (size_t)(digit - 1)] & ~hp->in_b;
                if (!outside)
                    continue;
                int32_t cc[SUDOKU_MAX_N], rc[SUDOKU_MAX_N];
                uint64_t cd[SUDOKU_MAX_N], rd[SUDOKU_MAX_N];
                int nc = 0, nr = 0;
                for (int k = 0; k < L->n; k++) {
                    int c = logic_house_cell(L, hp->a, k);
                    if (!((hp->in_a >> k) & 1) && (E->saved[c] & bit) && !(L->cand[c] & bit)) {
                        cc[nc] = c;
                        cd[nc++] = bit;
                    }
                }
                if (!nc)
                    continue; /* there without the chain */
                for (uint64_t m = outside; m; m &= m - 1) {
                    rc[nr] = logic_house_cell(L, hp->b, lowest_bit(m));
                    rd[nr++] = bit;
                }
                added += rule_step_offs(E, to_off, qtail, rc, rd, nr, cc, cd, nc);
            }
        }
    return added;
}

/* Hidden pairs (each house, the pairs of symbols as Sudoku Explainer's
 * permutations give them: (1,2), (1,3), (2,3), (1,4) ...) and naked pairs
 * (the pairs of cells in the same order). */
static int advanced_pairs_se(chain_engine *E, chain_set *to_off, int *qtail, int hidden)
{
    sudoku_logic *L = E->L;
    int n = L->n, added = 0;
    for (int k = 0; k < L->house_count; k++) {
        int h = se_house(L, k);
        int blanks = popcount64(logic_missing(L, h));
        if (hidden ? blanks <= 4 : blanks < 4)
            continue;
        /* the symbols of two places (hidden), the cells of two candidates
         * (naked): the pairs are among them */
        uint64_t two = 0;
        for (int q = 0; q < n; q++) {
            int c = logic_house_cell(L, h, q);
            if (hidden ? two_bits(E->places[(size_t)h * (size_t)n + (size_t)q])
                       : !L->value[c] && two_bits(L->cand[c]))
                two |= (uint64_t)1 << q;
        }
        for (uint64_t jm = two & (two - 1); jm; jm &= jm - 1)
            for (uint64_t im = two & (((uint64_t)1 << lowest_bit(jm)) - 1); im; im &= im - 1) {
                int i = lowest_bit(im), j = lowest_bit(jm);
                int32_t cc[SUDOKU_MAX_N], rc[SUDOKU_MAX_N];
                uint64_t cd[SUDOKU_MAX_N], rd[SUDOKU_MAX_N];
                int nc = 0, nr = 0;
                if (hidden) {
                    uint64_t px = E->places[(size_t)h * (size_t)n + (size_t)i];
                    if (E->places[(size_t)h * (size_t)n + (size_t)j] != px)
                        continue;
                    uint64_t pair = ((uint64_t)1 << i) | ((uint64_t)1 << j);
                    for (int q = 0; q < n; q++) {
                        int c = logic_house_cell(L, h, q);
                        if (!((px >> q) & 1) && (E->saved[c] & pair)) {
                            cc[nc] = c;
                            cd[nc++] = E->saved[c] & pair;
                        }
                    }
                    if (!nc)
                        continue;
                    for (uint64_t m = px; m; m &= m - 1) {
                        int c = logic_house_cell(L, h, lowest_bit(m));
                        if (L->cand[c] & ~pair) {
                            rc[nr] = c;
                            rd[nr++] = L->cand[c] & ~pair;
                        }
                    }
                } else {
                    int a = logic_house_cell(L, h, i), b = logic_house_cell(L, h, j);
                    if (L->cand[b] != L->cand[a])
                        continue;
                    uint64_t pair = L->cand[a];
                    cc[0] = a;
                    cc[1] = b;
                    cd[0] = E->saved[a] & ~pair;
                    cd[1] = E->saved[b] & ~pair;
                    nc = 2;
                    if (!cd[0] && !cd[1])
                        continue;
                    for (int q = 0; q < n; q++) {
                        int c = logic_house_cell(L, h, q);
                        if (c != a && c != b && (L->cand[c] & pair)) {
                            rc[nr] = c;
                            rd[nr++] = L->cand[c] & pair;
                        }
                    }
                }
                added += rule_step_offs(E, to_off, qtail, rc, rd, nr, cc, cd, nc);
            }
    }
    return added;
}

/* X-wings: columns as the base lines first, then rows; the pairs of lines
 * in permutation order, each symbol of which 4 or more are still to place. */
static int advanced_x_wing_se(chain_engine *E, chain_set *to_off, int *qtail)
{
    sudoku_logic *L = E->L;
    int n = L->n, added = 0;
    uint64_t few = 0; /* the symbols 4 or more times still to place */
    for (int digit = 1; digit <= n; digit++) {
        int placed = 0;
        for (int r = 0; r < n; r++)
            placed += (L->have[r] & digit_bit(digit)) != 0;
        if (placed + 4 <= n)
            few |= digit_bit(digit);
    }
    for (int orient = 0; orient < 2; orient++) {
        int base0 = orient ? 0 : n, cover0 = orient ? n : 0;
        for (int b = 1; b < n; b++)
            for (int a = 0; a < b; a++)
                for (uint64_t dm = few; dm; dm &= dm - 1) {
                    int digit = lowest_bit(dm) + 1;
                    uint64_t bit = digit_bit(digit);
                    uint64_t pa = E->places[(size_t)(base0 + a) * (size_t)n + (size_t)(digit - 1)];
                    if (!two_bits(pa) ||
                        E->places[(size_t)(base0 + b) * (size_t)n + (size_t)(digit - 1)] != pa)
                        continue;
                    int32_t cc[2 * SUDOKU_MAX_N], rc[2 * SUDOKU_MAX_N];
                    uint64_t cd[2 * SUDOKU_MAX_N], rd[2 * SUDOKU_MAX_N];
                    int nc = 0, nr = 0;
                    for (int side = 0; side < 2; side++)
                        for (int k = 0; k < n; k++) {
                            int c = logic_house_cell(L, base0 + (side ? b : a), k);
                            if (!((pa >> k) & 1) && (E->saved[c] & bit) && !(L->cand[c] & bit)) {
                                cc[nc] = c;
                                cd[nc++] = bit;
                            }
                        }
                    if (!nc)
                        continue;
                    for (uint64_t m = pa; m; m &= m - 1)
                        for (int k = 0; k < n; k++) {
                            int c = logic_house_cell(L, cover0 + lowest_bit(m), k);
                            if (k != a && k != b && (L->cand[c] & bit)) {
                                rc[nr] = c;
                                rd[nr++] = bit;
                            }
                        }
                    added += rule_step_offs(E, to_off, qtail, rc, rd, nr, cc, cd, nc);
                }
    }
    return added;
}

/* The first rule that finds anything decides, even when all it finds is
 * already off (then the chain stops), as in Sudoku Explainer. */
static int advanced_offs(chain_engine *E, chain_set *to_off, int *qtail)
{
    E->collected = 0;
    int se = E->L->n == 9; /* Sudoku Explainer's grid: its order */
    int added = se ? advanced_locked_se(E, to_off, qtail) : advanced_locked(E, to_off, qtail);
    if (!E->collected)
        added = se ? advanced_pairs_se(E, to_off, qtail, 1) : advanced_pairs(E, to_off, qtail, 1);
    if (!E->collected)
        added = se ? advanced_pairs_se(E, to_off, qtail, 0) : advanced_pairs(E, to_off, qtail, 0);
    if (!E->collected)
        added = se ? advanced_x_wing_se(E, to_off, qtail) : advanced_x_wing(E, to_off, qtail);
    if (!E->collected && E->level >= 2)
        added = nested_offs(E, to_off, qtail);
    return added;
}

/* --- nested chains -------------------------------------------------------------------
 * Levels 2 to 4 of the dynamic chains (Sudoku Explainer's "nested forcing
 * chains"): when the (+) rules find nothing more, the outer chain asks an
 * inner search what it finds on the grid as the chain has left it: forcing
 * chains and cycles (level 2), then multiple forcing chains when those find
 * nothing (level 3), or dynamic forcing chains of a lower level (level 4:
 * plain, (+), level 2 or 3, each level 4's nesting tried in turn). Every
 * step the inner search finds takes its eliminations as off potentials of
 * the outer chain, with as parents the outer chain's offs it rests on: the
 * candidates that an on node of its chains needed gone (its cell's other
 * candidates, or the symbol's other places in the house it was the last
 * place in) and that the outer chain took (its "rule parents"); a step
 * that rests on none would hold without the outer chain and is left out.
 * The steps are taken in the order Sudoku Explainer sorts them (difficulty,
 * complexity, kind; equal eliminations once), each off from the first that
 * gives it. A step of the outer chain counts, besides its nodes, the
 * complexity of each inner step its nodes rest on, once.
 *
 * The inner search is an engine of its own (E->inner) in collect mode:
 * every step it finds is kept (inner_hint), not only the best. */

enum { INNER_UNARY, INNER_MULTIPLE, INNER_DYNAMIC };

static int grow_i32(int32_t **a, int *cap, int need)
{
    if (need <= *cap)
        return 1;
    int c = *cap ? *cap : 256;
    while (c < need)
        c *= 2;
    int32_t *b = realloc(*a, sizeof(int32_t) * (size_t)c);
    if (!b)
        return 0;
    *a = b;
    *cap = c;
    return 1;
}

static inline uint64_t mix64(uint64_t x)
{
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ull;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

/* A step's difficulty as Sudoku Explainer computes it, a double: its base
 * and 0.1 added once for each length step. Inner steps of two bases (a
 * cycle's 6.5, a forcing chain's 6.6) are sorted by it, rounding and all. */
static double se_difficulty(int base, int complexity)
{
    double added = 0.0;
    for (int k = length_tenths(complexity); k > 0; k--)
        added += 0.1;
    return (double)base / 10.0 + added;
}

static void rp_add(chain_engine *E, int32_t pot)
{
    if (E->rp_mark[pot] == E->rp_stamp)
        return;
    if (!grow_i32(&E->rp_pool, &E->cap_rp, E->nrp + 1)) {
        E->failed = 1;
        return;
    }
    E->rp_mark[pot] = E->rp_stamp;
    E->rp_pool[E->nrp++] = pot;
}

/* The outer chain's offs that an on node (cell, digit) implied by cause
 * needed: the candidates the outer chain took (initial, not in E->saved)
 * from its cell, or from the symbol's places in the house. */
static void rule_parents_of(chain_engine *E, int32_t cause, int cell, int digit)
{
    sudoku_logic *L = E->L;
    if (cause == CAUSE_CELL) {
        for (uint64_t m = E->initial[cell] & ~E->saved[cell]; m; m &= m - 1)
            rp_add(E, make_pot(E, cell, lowest_bit(m) + 1, 0));
        return;
    }
    uint64_t bit = digit_bit(digit);
    for (int k = 0; k < L->n; k++) {
        int c = logic_house_cell(L, cause, k);
        if (E->initial[c] & ~E->saved[c] & bit)
            rp_add(E, make_pot(E, c, digit, 0));
    }
}

/* Walks the chain ending at target as Sudoku Explainer's getChain() does
 * (by generations, a potential once, its first instance met standing for
 * it): the rule parents of its on nodes (an assumption's rule being
 * root_cause), and the nodes mixed into the signature sig. */
static uint64_t walk_chain(chain_engine *E, int32_t target, int32_t root_cause, uint64_t sig)
{
    size_t need = (size_t)E->npar + 1;
    if (need > E->anc_cap) {
        int32_t *q = realloc(E->anc_queue, sizeof(int32_t) * need * 2);
        if (!q) {
            E->failed = 1;
            return sig;
        }
        E->anc_queue = q;
        E->anc_cap = need * 2;
    }
    if (E->anc_stamp == INT32_MAX) {
        memset(E->anc_mark, 0, sizeof(int32_t) * (size_t)E->P);
        E->anc_stamp = 0;
    }
    int32_t stamp = ++E->anc_stamp;
    size_t head = 0, tail = 0;
    E->anc_queue[tail++] = target;
    while (head < tail) {
        int32_t i = E->anc_queue[head++], pot = E->ipot[i];
        if (E->anc_mark[pot] == stamp)
            continue;
        E->anc_mark[pot] = stamp;
        sig = mix64(sig + (uint64_t)pot + 1);
        if (pot_on(pot)) {
            int32_t cause = E->icause[i];
            if (cause == CAUSE_NONE && !E->ipar_count[i])
                cause = root_cause;
            if (cause != CAUSE_NONE)
                rule_parents_of(E, cause, pot_cell(E, pot), pot_digit(E, pot));
        }
        for (int k = 0; k < E->ipar_count[i] && tail < E->anc_cap; k++)
            E->anc_queue[tail++] = E->par[E->ipar_start[i] + k];
    }
    return sig;
}

/* A new step for the list, its rule parents to come (NULL when out of
 * memory). */
static inner_hint *hint_begin(chain_engine *E)
{
    if (E->nhints == E->cap_hints) {
        int cap = E->cap_hints ? E->cap_hints * 2 : 64;
        inner_hint *h = realloc(E->hints, sizeof(inner_hint) * (size_t)cap);
        if (!h) {
            E->failed = 1;
            return NULL;
        }
        E->hints = h;
        E->cap_hints = cap;
    }
    if (++E->rp_stamp == INT32_MAX) {
        memset(E->rp_mark, 0, sizeof(int32_t) * (size_t)E->P);
        E->rp_stamp = 1;
    }
    inner_hint *h = &E->hints[E->nhints];
    h->rp_at = E->nrp;
    return h;
}

/* Ends the step hint_begin() made: its eliminations rem[0..nrem), in the
 * order Sudoku Explainer takes them. */
static void hint_end(chain_engine *E, inner_hint *h, int base, int complexity, int sort_key,
                     const int32_t *rem, int nrem, uint64_t sig)
{
    if (E->failed || !grow_i32(&E->rem_pool, &E->cap_rem, E->nrem + nrem)) {
        E->failed = 1;
        return;
    }
    h->difficulty = se_difficulty(base, complexity);
    h->complexity = complexity;
    h->sort_key = sort_key;
    h->rp_count = E->nrp - h->rp_at;
    h->rem_at = E->nrem;
    h->rem_count = nrem;
    h->sig = sig;
    uint64_t key = (uint64_t)nrem;
    for (int k = 0; k < nrem; k++) {
        E->rem_pool[E->nrem++] = rem[k];
        key += mix64((uint64_t)rem[k] + 0x1234567ull);
    }
    h->rem_key = key;
    E->nhints++;
}

static void collect_hint(chain_engine *E, int base, int complexity, int sort_key,
                         const int32_t *targets, int ntargets, int32_t root_cause,
                         const int32_t *rem, int nrem)
{
    inner_hint *h = hint_begin(E);
    if (!h)
        return;
    uint64_t sig = 0;
    for (int k = 0; k < ntargets; k++)
        sig = mix64(walk_chain(E, targets[k], root_cause, sig) + 0x51);
    hint_end(E, h, base, complexity, sort_key, rem, nrem, sig);
}

/* The rule that made the off potential inst (static): the other
 * candidates of its parent's cell, or the first of the parent's houses
 * holding it. */
static int32_t off_cause(const chain_engine *E, int32_t inst)
{
    sudoku_logic *L = E->L;
    int32_t parent = first_parent(E, inst);
    int cell = pot_cell(E, E->ipot[inst]), from = pot_cell(E, E->ipot[parent]);
    if (cell == from)
        return CAUSE_CELL;
    const int32_t *hs = E->order + (size_t)from * (size_t)L->per_cell;
    for (int j = 0; j < E->order_count[from]; j++)
        for (int k = 0; k < L->n; k++)
            if (logic_house_cell(L, hs[j], k) == cell)
                return hs[j];
    return CAUSE_NONE;
}

/* A cycle closed at dst, for the list, as Sudoku Explainer makes it: its
 * eliminations (the candidates outside its cells that see an on node and
 * an off node of their symbol) in its order (the cells by their slot in a
 * hash table of the cell numbers, then as met: along the cycle from dst,
 * each node's peers in cell order), and its two chains, dst's and the
 * reversed one (each off node made on by the rule that made it off). */
static void cycle_collect(chain_engine *E, int32_t dst, int x, int y)
{
    sudoku_logic *L = E->L;
    int32_t stamp = logic_new_stamp(L);
    for (int32_t i = dst; i >= 0 && E->ipar_count[i]; i = first_parent(E, i))
        L->mark[pot_cell(E, E->ipot[i])] = stamp;
    /* the candidates seen by an on node (fw, in the order met) and by an
     * off node (back); kept those in both */
    int32_t fw[SUDOKU_STEP_MAX_ELIMS];
    int nfw = 0;
    /* rp_mark serves as the set of potentials seen by an off node (its
     * stamp is renewed by hint_begin() below) */
    if (++E->rp_stamp == INT32_MAX) {
        memset(E->rp_mark, 0, sizeof(int32_t) * (size_t)E->P);
        E->rp_stamp = 1;
    }
    int32_t back_stamp = E->rp_stamp;
    for (int32_t i = dst; i >= 0 && E->ipar_count[i]; i = first_parent(E, i)) {
        int32_t pot = E->ipot[i];
        int cell = pot_cell(E, pot), digit = pot_digit(E, pot);
        uint64_t bit = digit_bit(digit);
        for (int c = 0; c < L->cells; c++) {
            if (L->mark[c] == stamp || !(L->cand[c] & bit) || !logic_sees(L, cell, c))
                continue;
            int32_t off = make_pot(E, c, digit, 0);
            if (!pot_on(pot)) {
                E->rp_mark[off] = back_stamp;
                continue;
            }
            int seen = 0;
            for (int q = 0; q < nfw && !seen; q++)
                seen = fw[q] == off;
            if (!seen && nfw < SUDOKU_STEP_MAX_ELIMS)
                fw[nfw++] = off;
        }
    }
    int32_t keep[SUDOKU_STEP_MAX_ELIMS];
    int nkeep = 0, ncells = 0;
    for (int q = 0; q < nfw; q++)
        if (E->rp_mark[fw[q]] == back_stamp)
            keep[nkeep++] = fw[q];
    if (!nkeep)
        return;
    /* the cells as met, each with its symbols ascending; then by slot */
    int32_t cells[SUDOKU_STEP_MAX_ELIMS];
    for (int q = 0; q < nkeep; q++) {
        int c = pot_cell(E, keep[q]), seen = 0;
        for (int r = 0; r < ncells && !seen; r++)
            seen = cells[r] == c;
        if (!seen)
            cells[ncells++] = c;
    }
    int cap = 16;
    while (ncells > cap * 3 / 4)
        cap *= 2;
    int32_t rem[SUDOKU_STEP_MAX_ELIMS];
    int nrem = 0;
    for (int slot = 0; slot < cap; slot++)
        for (int r = 0; r < ncells; r++) {
            if ((cells[r] & (cap - 1)) != slot)
                continue;
            for (int d = 1; d <= L->n; d++)
                for (int q = 0; q < nkeep; q++)
                    if (keep[q] == make_pot(E, cells[r], d, 0))
                        rem[nrem++] = keep[q];
        }
    inner_hint *h = hint_begin(E);
    if (!h)
        return;
    uint64_t sig = mix64(walk_chain(E, dst, CAUSE_NONE, 0) + 0x51);
    /* the reversed chain, from the source's off back along the cycle; its
     * end, the source's off again, is met already */
    int32_t *path = E->stack;
    int np = 0;
    for (int32_t i = dst; i >= 0; i = first_parent(E, i))
        path[np++] = i;
    for (int k = np - 1; k >= 1; k--) {
        int32_t i = path[k], pot = E->ipot[i] ^ 1;
        sig = mix64(sig + (uint64_t)pot + 1);
        if (pot_on(pot)) /* an off of the cycle, made on */
            rule_parents_of(E, off_cause(E, i), pot_cell(E, pot), pot_digit(E, pot));
    }
    sig = mix64(sig + 0x51);
    hint_end(E, h, x && y ? 70 : 65, ancestors(E, dst), x && y ? 4 : y ? 3 : 2, rem, nrem, sig);
}

/* Room for n steps in hint_order (and its scratch). 0 when out of memory. */
static int order_room(chain_engine *E, int n)
{
    if (n > E->cap_order) {
        int cap = E->cap_order ? E->cap_order : 64;
        while (cap < n)
            cap *= 2;
        int32_t *a = realloc(E->hint_order, sizeof(int32_t) * (size_t)cap);
        if (a)
            E->hint_order = a;
        int32_t *b = a ? realloc(E->hint_tmp, sizeof(int32_t) * (size_t)cap) : NULL;
        if (b)
            E->hint_tmp = b;
        uint64_t *c = b ? realloc(E->key_slot, sizeof(uint64_t) * 2 * (size_t)cap) : NULL;
        if (!c)
            return 0;
        E->key_slot = c;
        E->cap_order = cap;
    }
    return 1;
}

/* The steps collected, sorted as Sudoku Explainer sorts them (difficulty,
 * then complexity, then kind; found first, first), into hint_order; a step
 * with the same eliminations as one before it is left out. 0 when out of
 * memory. */
static int sort_hints(chain_engine *E)
{
    int n = E->nhints;
    E->nkept = 0;
    if (!n)
        return 1;
    if (!order_room(E, n))
        return 0;
    int32_t *a = E->hint_order, *t = E->hint_tmp;
    for (int k = 0; k < n; k++)
        a[k] = k;
    /* a stable merge sort, bottom up */
    for (int width = 1; width < n; width *= 2) {
        for (int lo = 0; lo < n; lo += 2 * width) {
            int mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
            int i = lo, j = mid, o = lo;
            while (i < mid && j < hi) {
                const inner_hint *p = &E->hints[a[i]], *q = &E->hints[a[j]];
                int right = q->difficulty < p->difficulty ||
                            (q->difficulty == p->difficulty &&
                             (q->complexity < p->complexity ||
                              (q->complexity == p->complexity && q->sort_key < p->sort_key)));
                t[o++] = right ? a[j++] : a[i++];
            }
            while (i < mid)
                t[o++] = a[i++];
            while (j < hi)
                t[o++] = a[j++];
        }
        int32_t *swap = a;
        a = t;
        t = swap;
    }
    E->hint_order = a;
    E->hint_tmp = t;
    /* equal eliminations: the first stays */
    int slots = 2 * E->cap_order;
    memset(E->key_slot, 0, sizeof(uint64_t) * (size_t)slots);
    for (int k = 0; k < n; k++) {
        uint64_t key = E->hints[a[k]].rem_key | 1;
        int at = (int)(mix64(key) & (uint64_t)(slots - 1)), dup = 0;
        while (E->key_slot[at] && !dup) {
            dup = E->key_slot[at] == key;
            at = (at + 1) & (slots - 1);
        }
        if (dup)
            continue;
        E->key_slot[at] = key;
        a[E->nkept++] = a[k];
    }
    return 1;
}

/* --- the inner searches' memory ---
 * An inner search depends on the grid it runs on, the grid the outer chain
 * started from (what its steps rest on) and its kind: the passes of one
 * step meet the same grids again (level 3's chains are level 2's until its
 * multiple chains join in), so what each found is kept, as the steps the
 * outer chain takes: complexity, signature, eliminations, rule parents. */

/* The most memo_data holds (int32s) before it is emptied. */
#define MEMO_MAX ((size_t)1 << 24)

static uint64_t grid_key(const uint64_t *cand, int cells, uint64_t seed)
{
    uint64_t h = seed;
    for (int c = 0; c < cells; c++)
        h = mix64(h ^ (cand[c] + (uint64_t)c * 0x9e3779b97f4a7c15ull));
    return h | 1;
}

static void memo_clear(chain_engine *I)
{
    if (I->memo_used)
        memset(I->memo_key, 0, sizeof(uint64_t) * (size_t)I->memo_slots);
    I->memo_used = 0;
    I->memo_len = 0;
}

/* The steps kept for key into I's lists, as sort_hints() leaves them; 0
 * when there are none (or out of memory: I->failed). */
static int memo_load(chain_engine *I, uint64_t key)
{
    if (!I->memo_used)
        return 0;
    int at = (int)(key & (uint64_t)(I->memo_slots - 1));
    while (I->memo_key[at] && I->memo_key[at] != key)
        at = (at + 1) & (I->memo_slots - 1);
    if (!I->memo_key[at])
        return 0;
    const int32_t *d = I->memo_data + I->memo_at[at];
    int n = *d++;
    I->nhints = I->nrem = I->nrp = 0;
    for (int k = 0; k < n; k++) {
        int nrem = d[3], nrp = d[4];
        if (I->nhints == I->cap_hints && !hint_begin(I))
            return 0;
        if (!grow_i32(&I->rem_pool, &I->cap_rem, I->nrem + nrem) ||
            !grow_i32(&I->rp_pool, &I->cap_rp, I->nrp + nrp) || !order_room(I, n)) {
            I->failed = 1;
            return 0;
        }
        inner_hint *h = &I->hints[I->nhints];
        h->complexity = d[0];
        h->sig = (uint64_t)(uint32_t)d[1] | (uint64_t)(uint32_t)d[2] << 32;
        h->rem_at = I->nrem;
        h->rem_count = nrem;
        h->rp_at = I->nrp;
        h->rp_count = nrp;
        if (nrem)
            memcpy(I->rem_pool + I->nrem, d + 5, sizeof(int32_t) * (size_t)nrem);
        if (nrp)
            memcpy(I->rp_pool + I->nrp, d + 5 + nrem, sizeof(int32_t) * (size_t)nrp);
        I->nrem += nrem;
        I->nrp += nrp;
        I->hint_order[k] = I->nhints++;
        d += 5 + nrem + nrp;
    }
    I->nkept = n;
    return 1;
}

/* Keeps what the search just made for key (nothing when out of memory:
 * the memory is only a saving). */
static void memo_store(chain_engine *I, uint64_t key)
{
    size_t need = 1;
    for (int k = 0; k < I->nkept; k++) {
        const inner_hint *h = &I->hints[I->hint_order[k]];
        need += 5 + (size_t)h->rem_count + (size_t)h->rp_count;
    }
    if (I->memo_len + need > MEMO_MAX)
        memo_clear(I);
    if (I->memo_len + need > I->memo_cap) {
        size_t cap = I->memo_cap ? I->memo_cap * 2 : 65536;
        while (cap < I->memo_len + need)
            cap *= 2;
        int32_t *d = realloc(I->memo_data, sizeof(int32_t) * cap);
        if (!d)
            return;
        I->memo_data = d;
        I->memo_cap = cap;
    }
    if (2 * (I->memo_used + 1) > I->memo_slots) {
        int slots = I->memo_slots ? I->memo_slots * 2 : 1024;
        uint64_t *keys = calloc((size_t)slots, sizeof(uint64_t));
        int32_t *ats = malloc(sizeof(int32_t) * (size_t)slots);
        if (!keys || !ats) {
            free(keys);
            free(ats);
            return;
        }
        for (int s = 0; s < I->memo_slots; s++)
            if (I->memo_key[s]) {
                int at = (int)(I->memo_key[s] & (uint64_t)(slots - 1));
                while (keys[at])
                    at = (at + 1) & (slots - 1);
                keys[at] = I->memo_key[s];
                ats[at] = I->memo_at[s];
            }
        free(I->memo_key);
        free(I->memo_at);
        I->memo_key = keys;
        I->memo_at = ats;
        I->memo_slots = slots;
    }
    int at = (int)(key & (uint64_t)(I->memo_slots - 1));
    while (I->memo_key[at])
        at = (at + 1) & (I->memo_slots - 1);
    I->memo_key[at] = key;
    I->memo_at[at] = (int32_t)I->memo_len;
    I->memo_used++;
    int32_t *d = I->memo_data + I->memo_len;
    *d++ = I->nkept;
    for (int k = 0; k < I->nkept; k++) {
        const inner_hint *h = &I->hints[I->hint_order[k]];
        d[0] = h->complexity;
        d[1] = (int32_t)(uint32_t)h->sig;
        d[2] = (int32_t)(uint32_t)(h->sig >> 32);
        d[3] = h->rem_count;
        d[4] = h->rp_count;
        if (h->rem_count)
            memcpy(d + 5, I->rem_pool + h->rem_at, sizeof(int32_t) * (size_t)h->rem_count);
        if (h->rp_count)
            memcpy(d + 5 + h->rem_count, I->rp_pool + h->rp_at,
                   sizeof(int32_t) * (size_t)h->rp_count);
        d += 5 + h->rem_count + h->rp_count;
    }
    I->memo_len += need;
}

/* Runs the inner search (mode) on the grid as the outer chain has left it:
 * the inner engine I collects its steps, sorted (or finds them in its
 * memory). 0 when out of memory. */
static int inner_search(chain_engine *I, chain_engine *outer, int mode)
{
    if (!I->rp_mark && !(I->rp_mark = calloc((size_t)I->P, sizeof(int32_t))))
        return 0;
    sudoku_logic *L = I->L;
    uint64_t base = grid_key(outer->saved, L->cells, 0x5eed);
    if (base != I->memo_base) {
        memo_clear(I);
        I->memo_base = base;
    }
    uint64_t key = grid_key(L->cand, L->cells,
                            (uint64_t)mode * 8 + (uint64_t)(mode == INNER_DYNAMIC ? outer->nest : 0));
    I->failed = 0;
    if (memo_load(I, key) || I->failed)
        return !I->failed;
    I->collect = 1;
    I->initial = outer->saved;
    I->dynamic = mode == INNER_DYNAMIC;
    I->nishio = 0;
    I->multiple = mode != INNER_UNARY;
    I->level = mode == INNER_DYNAMIC ? outer->nest : 0;
    I->nest = 0;
    I->failed = 0;
    I->best.found = 0;
    I->graph_live = 0;
    I->xy_valid = 0;
    I->nhints = I->nrem = I->nrp = 0;
    /* the unary steps new since the outer chain's last inner search (see
     * qualify()): for the chains of the producer run on the grid, where
     * the forcing chains found nothing (not for those inside an inner
     * search, whose grid may hold some) */
    I->since = NULL;
    if (mode == INNER_UNARY && !outer->collect &&
        (outer->stall_grid ||
         (outer->stall_grid = malloc(sizeof(uint64_t) * (size_t)L->cells))))
        I->since = outer->stalled ? outer->stall_grid : outer->saved;
    load_places(I);
    save_grid_state(I);
    if (mode == INNER_UNARY) {
        unary_pass(I, 0, 1);
        unary_pass(I, 1, 0);
        unary_pass(I, 1, 1);
    } else {
        multiple_pass(I);
    }
    I->since = NULL;
    if (I->failed || !sort_hints(I))
        return 0;
    memo_store(I, key);
    return 1;
}

/* The index of the inner step of this signature among those the outer
 * engine's nodes rest on, added when new; -1 when out of memory. */
static int32_t nest_register(chain_engine *E, int complexity, uint64_t sig)
{
    if (2 * (E->nnest + 1) > E->nest_slots) {
        int slots = E->nest_slots ? E->nest_slots * 2 : 256;
        int32_t *t = calloc((size_t)slots, sizeof(int32_t));
        if (!t) {
            E->failed = 1;
            return -1;
        }
        for (int k = 0; k < E->nnest; k++) {
            int at = (int)(E->nests[k].sig & (uint64_t)(slots - 1));
            while (t[at])
                at = (at + 1) & (slots - 1);
            t[at] = k + 1;
        }
        free(E->nest_slot);
        E->nest_slot = t;
        E->nest_slots = slots;
    }
    int at = (int)(sig & (uint64_t)(E->nest_slots - 1));
    while (E->nest_slot[at]) {
        if (E->nests[E->nest_slot[at] - 1].sig == sig)
            return E->nest_slot[at] - 1;
        at = (at + 1) & (E->nest_slots - 1);
    }
    if (E->nnest == E->cap_nest) {
        int cap = E->cap_nest ? E->cap_nest * 2 : 64;
        nest_ref *r = realloc(E->nests, sizeof(nest_ref) * (size_t)cap);
        if (r)
            E->nests = r;
        int32_t *m = r ? realloc(E->nest_mark, sizeof(int32_t) * (size_t)cap) : NULL;
        if (!m) {
            E->failed = 1;
            return -1;
        }
        memset(m + E->cap_nest, 0, sizeof(int32_t) * (size_t)(cap - E->cap_nest));
        E->nest_mark = m;
        E->cap_nest = cap;
    }
    E->nests[E->nnest].complexity = complexity;
    E->nests[E->nnest].sig = sig;
    E->nest_slot[at] = E->nnest + 1;
    return E->nnest++;
}

static int nested_offs(chain_engine *E, chain_set *to_off, int *qtail)
{
    if (!E->inner && !(E->inner = engine_new(E->L))) {
        E->failed = 1;
        return 0;
    }
    chain_engine *I = E->inner;
    int added = 0;
    for (int stage = 0; stage < 2 && !E->collected && !E->failed; stage++) {
        if (stage == 1 && E->level != 3)
            break; /* multiple chains: level 3's, after its forcing chains */
        int mode = E->level == 4 ? INNER_DYNAMIC : stage == 0 ? INNER_UNARY : INNER_MULTIPLE;
        if (!inner_search(I, E, mode)) {
            E->failed = 1;
            return added;
        }
        if (mode == INNER_UNARY && E->stall_grid) {
            memcpy(E->stall_grid, E->L->cand, sizeof(uint64_t) * (size_t)E->L->cells);
            E->stalled = 1;
        }
        for (int k = 0; k < I->nkept; k++) {
            const inner_hint *h = &I->hints[I->hint_order[k]];
            if (!h->rp_count)
                continue; /* it holds without the outer chain */
            E->collected++;
            int32_t id = nest_register(E, h->complexity, h->sig);
            if (id < 0)
                return added;
            for (int r = 0; r < h->rem_count; r++) {
                int32_t pot = I->rem_pool[h->rem_at + r];
                if (set_get(to_off, pot) >= 0)
                    continue;
                int32_t i = new_inst(E, pot, -1);
                if (i < 0)
                    return added;
                for (int q = 0; q < h->rp_count; q++)
                    add_parent(E, i, set_get(to_off, I->rp_pool[h->rp_at + q]));
                E->inest[i] = id;
                set_add(E, to_off, i);
                if (*qtail < E->cap_inst)
                    E->qoff[(*qtail)++] = i;
                added++;
            }
        }
    }
    return added;
}

/* --- the finders ---------------------------------------------------------------------- */

static int run(sudoku_logic *L, sudoku_step *st, int dynamic, int nishio, int multiple,
               int level, int nest, int unary)
{
    chain_engine *E = engine_of(L);
    if (!E) {
        if (L->n <= CHAIN_MAX_N)
            L->oom = 1; /* not made for want of memory */
        return 0;
    }
    E->dynamic = dynamic;
    E->nishio = nishio;
    E->multiple = multiple;
    E->level = level;
    E->nest = nest;
    E->collect = 0;
    /* the links of the grid last searched stand when it has not moved:
     * the multiple chains' static pass takes those of the forcing chains
     * (60 top1465 puzzles: 2.113 G -> 2.077 G instructions) */
    if (!E->xy_grid)
        E->xy_grid = calloc((size_t)L->cells, sizeof(uint64_t));
    E->xy_valid = E->xy_valid && E->xy_grid &&
                  !memcmp(E->xy_grid, L->cand, sizeof(uint64_t) * (size_t)L->cells);
    E->since = NULL;
    E->since_forcing = 0;
    E->failed = 0;
    E->best.found = 0;
    E->graph_live = 0;
    /* the grid's own table, kept while the grid stands (the producers of
     * a step all search the same grid) */
    memcpy(E->places, logic_places_table(L),
           sizeof(uint64_t) * (size_t)L->house_count * (size_t)L->n);
    if (unary && E->quiet_ok) {
        /* The forcing chains new since the last unary search that found
         * nothing, on a grid that held every candidate this one holds: a
         * forcing chain is a way from an assumption to its negation, and
         * the way from each assumption to what it reaches is only cut as
         * candidates go, so one here that uses no strong link the grid did
         * not have then was there then too, and found nothing. qualify()
         * lets through the sources of those that use a new link. Not the
         * cycles: which cycle through a source the search meets depends on
         * the ways it met first. That grid had none whatever the searches
         * since found, and is kept across them (60 top1465 puzzles:
         * 1.592 G -> 1.578 G instructions). */
        int subset = 1;
        for (int c = 0; c < L->cells && subset; c++)
            subset = !(L->cand[c] & ~E->quiet_grid[c]);
        if (subset) {
            E->since = E->quiet_grid;
            E->since_forcing = 1;
        } else {
            E->quiet_ok = 0;
        }
    }
    /* the grid before any chain, once: only a dynamic chain changes the grid
     * and it restores this copy at its end (a copy per chain was 4% of the
     * instructions on 10 top1465 puzzles) */
    save_grid_state(E);
    E->sol = held_solution(E); /* once, not once a pass */
    if (unary) {
        unary_pass(E, 0, 1); /* X-chains and cycles */
        unary_pass(E, 1, 0); /* Y-cycles */
        unary_pass(E, 1, 1); /* XY */
        E->since = NULL;
        E->since_forcing = 0;
        if (!E->failed && !E->best.found &&
            (E->quiet_grid ||
             (E->quiet_grid = malloc(sizeof(uint64_t) * (size_t)L->cells)))) {
            memcpy(E->quiet_grid, L->cand, sizeof(uint64_t) * (size_t)L->cells);
            E->quiet_ok = 1;
        }
    } else {
        multiple_pass(E);
    }
    if (E->failed) { /* the search gave up: what it found is not all there is */
        L->oom = 1;
        return 0;
    }
    if (!E->best.found)
        return 0;
    const chain_best *b = &E->best;
    st->technique = b->technique;
    st->rating = b->rating;
    st->ncells = 0;
    step_add_cell(st, b->source_cell, 0);
    st->digits = b->source_digit <= L->n ? digit_bit(b->source_digit) : L->cand[b->source_cell];
    st->candidates = b->complexity;
    st->nelims = 0;
    for (int k = 0; k < b->nelims; k++)
        step_add_elim(st, b->elim_cell[k], b->elim_digit[k], -1, -1);
    return 1;
}

int find_forcing_chain(sudoku_logic *L, sudoku_step *st)
{
    return run(L, st, 0, 0, 0, 0, 0, 1);
}

int find_nishio(sudoku_logic *L, sudoku_step *st)
{
    return run(L, st, 1, 1, 0, 0, 0, 0);
}

int find_multiple_chain(sudoku_logic *L, sudoku_step *st)
{
    return run(L, st, 0, 0, 1, 0, 0, 0);
}

int find_dynamic_chain(sudoku_logic *L, sudoku_step *st)
{
    return run(L, st, 1, 0, 1, 0, 0, 0);
}

int find_dynamic_chain_plus(sudoku_logic *L, sudoku_step *st)
{
    return run(L, st, 1, 0, 1, 1, 0, 0);
}

/* The nested chains are searched on grids up to 9x9, Sudoku Explainer's,
 * and on puzzles of one solution: their inner searches multiply the cost of
 * the dynamic chains' (a generated 16x16 puzzle: 2.6 s with the guess's
 * estimate, 79 s with nested chains; an empty grid would not end);
 * elsewhere the rating's guess stands for them. */
#define NESTED_MAX_N 9

static int nested_allowed(const sudoku_logic *L)
{
    return L->n <= NESTED_MAX_N && L->solutions == 1;
}

int find_nested_forcing_chain(sudoku_logic *L, sudoku_step *st)
{
    return nested_allowed(L) && run(L, st, 1, 0, 1, 2, 0, 0);
}

int find_nested_multiple_chain(sudoku_logic *L, sudoku_step *st)
{
    return nested_allowed(L) && run(L, st, 1, 0, 1, 3, 0, 0);
}

/* Sudoku Explainer's four producers of level 4, in its order: the dynamic
 * chains inside plain, then (+), then of level 2, then 3; the first that
 * finds a step gives it. */
int find_nested_dynamic_chain(sudoku_logic *L, sudoku_step *st)
{
    if (!nested_allowed(L))
        return 0;
    for (int nest = 0; nest <= 3; nest++)
        if (run(L, st, 1, 0, 1, 4, nest, 0))
            return 1;
        else if (L->oom)
            return 0;
    return 0;
}
