/* SPDX-License-Identifier: MIT */
/* sched_sim.c - replays a recorded search-tree profile through the ways of
 * handing out work that docs/parallel.md compares, for many workers, and
 * prints each one's efficiency: useful work / (workers x makespan).
 *
 *   sched_sim [--budget N] [--split-nodes N] [--latency N] [--slice N] PROFILE...
 *
 * (bench/sim/run.sh makes the profiles and runs it: docs/parallel.md.)
 *
 * A profile (written by bench/sim/tree_profile.c from
 * the real engine) lists the top of a search tree in preorder, one node a
 * line as "depth size", size being the number of search-tree nodes in its
 * subtree. Time is counted in nodes: visiting one search-tree node costs 1.
 * A subtree the profile does not open (below its last depth) is one piece
 * of work of its size that no scheme can split.
 *
 * The schemes:
 *   static d   the subtrees at depth d are the tasks, in the order of the
 *              tree, each given to the next free worker (Hadoop's
 *              DistributedPentomino); the levels above d are walked first,
 *              by one worker.
 *   dlx-mpi    what cli/dlx_mpi.c does: one worker starts with the whole
 *              tree; when some worker is idle with nothing queued, the
 *              master asks the busy ones, and each, at its next slice, gives
 *              back every untried option of its path
 *              (dlx_split(DLX_SPLIT_ALL)) and goes on with the path; so does
 *              a worker whose piece runs past --split-nodes (dlx-mpi's
 *              default, 10^8 nodes). Each message costs the latency; the
 *              master serves one message at a time, for a node-time each.
 *   master opens the top   the scheme first planned: the master opens the
 *              top of the tree until there are two pieces per worker and
 *              hands them out; a worker past the node budget (--budget,
 *              default total/4096) while nothing is queued, or asked, gives
 *              back its shallowest level only (DLX_SPLIT_SHALLOWEST).
 *   stealing   dlx_search_threads()'s: between slices a busy worker that
 *              sees an idle one gives away its shallowest untried options
 *              into a shared pool; no master, no latency beyond the slice.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- The tree ------------------------------------------------------------------- */

struct tree {
    const char *name;
    int32_t n, max_depth;
    int32_t *depth, *first, *next;
    int64_t *size, *self; /* self: the node's own cost, size less its children's */
    int64_t total;
};

static void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n);
    if (!q) {
        fprintf(stderr, "sched_sim: out of memory\n");
        exit(2);
    }
    return q;
}

static int read_tree(const char *path, struct tree *t)
{
    FILE *in = fopen(path, "r");
    if (!in) {
        perror(path);
        return -1;
    }
    memset(t, 0, sizeof *t);
    t->name = path;
    size_t cap = 0;
    char line[256];
    int32_t last_at[64], lineno = 0;
    for (int k = 0; k < 64; k++)
        last_at[k] = -1;
    while (fgets(line, sizeof line, in)) {
        lineno++;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        int d;
        long long s;
        if (sscanf(line, "%d %lld", &d, &s) != 2 || d < 0 || d >= 63 || s < 1 ||
            (t->n == 0 && d != 0) || (t->n > 0 && (d == 0 || last_at[d - 1] < 0))) {
            fprintf(stderr, "%s:%d: error: expected 'depth size' in preorder\n", path, lineno);
            fclose(in);
            return -1;
        }
        if ((size_t)t->n == cap) {
            cap = cap ? 2 * cap : 4096;
            t->depth = xrealloc(t->depth, cap * sizeof *t->depth);
            t->first = xrealloc(t->first, cap * sizeof *t->first);
            t->next = xrealloc(t->next, cap * sizeof *t->next);
            t->size = xrealloc(t->size, cap * sizeof *t->size);
            t->self = xrealloc(t->self, cap * sizeof *t->self);
        }
        int32_t v = t->n++;
        t->depth[v] = d;
        t->size[v] = s;
        t->self[v] = s;
        t->first[v] = t->next[v] = -1;
        if (d > 0) {
            int32_t parent = last_at[d - 1];
            t->self[parent] -= s;
            /* Children arrive in order: the previous one at this depth under
             * the same parent is the last sibling. */
            int32_t prev = last_at[d];
            if (prev >= 0 && prev > parent)
                t->next[prev] = v;
            else
                t->first[parent] = v;
        }
        last_at[d] = v;
        for (int k = d + 1; k < 64; k++)
            last_at[k] = -1;
        if (d > t->max_depth)
            t->max_depth = d;
    }
    fclose(in);
    if (t->n == 0) {
        fprintf(stderr, "%s: error: no nodes\n", path);
        return -1;
    }
    for (int32_t v = 0; v < t->n; v++)
        if (t->self[v] < 1 && t->first[v] >= 0) {
            fprintf(stderr, "%s: error: node %d is smaller than its children\n", path, (int)v);
            return -1;
        }
    t->total = t->size[0];
    return 0;
}

/* --- Static split ------------------------------------------------------------------ */

/* Tasks: every node at depth d, and every leaf above it (a solution or a
 * dead end, or a subtree the profile does not open), in preorder. */
static double static_split(const struct tree *t, int32_t d, int32_t workers, int64_t *tasks_out)
{
    int64_t top = 0, tasks = 0;
    int64_t *free_at = calloc((size_t)workers, sizeof *free_at);
    if (!free_at)
        exit(2);
    /* A binary heap of the workers' free times would be faster; the tasks
     * are at most the profile's lines, and a linear scan of 1024 is fine
     * for the tens of thousands of tasks at the depths that matter. For
     * deep splits, use a heap. */
    int32_t *heap = malloc((size_t)workers * sizeof *heap);
    for (int32_t k = 0; k < workers; k++)
        heap[k] = k;
    for (int32_t v = 0; v < t->n; v++) {
        int is_task = t->depth[v] == d || (t->depth[v] < d && t->first[v] < 0);
        if (t->depth[v] < d && t->first[v] >= 0)
            top += t->self[v];
        if (!is_task)
            continue;
        tasks++;
        /* The next free worker: the heap's root. */
        int32_t w = heap[0];
        free_at[w] += t->size[v];
        /* Sift down. */
        int32_t i = 0;
        for (;;) {
            int32_t l = 2 * i + 1, r = l + 1, m = i;
            if (l < workers && free_at[heap[l]] < free_at[heap[m]])
                m = l;
            if (r < workers && free_at[heap[r]] < free_at[heap[m]])
                m = r;
            if (m == i)
                break;
            int32_t x = heap[i];
            heap[i] = heap[m];
            heap[m] = x;
            i = m;
        }
    }
    int64_t span = 0;
    for (int32_t k = 0; k < workers; k++)
        span = free_at[k] > span ? free_at[k] : span;
    free(free_at);
    free(heap);
    *tasks_out = tasks;
    return (double)t->total / ((double)workers * (double)(top + span));
}

/* --- The dynamic schemes -------------------------------------------------------------- */

struct frame {
    int32_t node;
    int32_t next_child; /* -1: none left; for a node not yet entered, unused */
    int entered;
};

struct worker {
    struct frame *stack;
    int32_t top; /* frames in use */
    int64_t done_in_unit;
    int busy;
    int asked; /* dynamic: split at the next slice */
};

struct params {
    int64_t budget;  /* dynamic: split a unit after this many nodes */
    int64_t piece_budget; /* dlx-mpi as built: --split-nodes (its default 10^8) */
    int64_t latency; /* dynamic: one message, in node-times */
    int64_t slice;   /* how often a busy worker looks for requests */
};

/* The queue of waiting subtrees, taken shallowest first (a bucket per
 * depth, LIFO within one). */
struct pool {
    int32_t **bucket;
    int32_t *count, *cap;
    int32_t depths;
    int64_t size;
};

static void pool_init(struct pool *p, int32_t depths)
{
    p->depths = depths;
    p->bucket = calloc((size_t)depths, sizeof *p->bucket);
    p->count = calloc((size_t)depths, sizeof *p->count);
    p->cap = calloc((size_t)depths, sizeof *p->cap);
    p->size = 0;
}

static void pool_put(struct pool *p, const struct tree *t, int32_t v)
{
    int32_t d = t->depth[v];
    if (p->count[d] == p->cap[d]) {
        p->cap[d] = p->cap[d] ? 2 * p->cap[d] : 64;
        p->bucket[d] = xrealloc(p->bucket[d], (size_t)p->cap[d] * sizeof **p->bucket);
    }
    p->bucket[d][p->count[d]++] = v;
    p->size++;
}

static int32_t pool_take(struct pool *p)
{
    for (int32_t d = 0; d < p->depths; d++)
        if (p->count[d] > 0) {
            p->size--;
            return p->bucket[d][--p->count[d]];
        }
    return -1;
}

static void pool_free(struct pool *p)
{
    for (int32_t d = 0; d < p->depths; d++)
        free(p->bucket[d]);
    free(p->bucket);
    free(p->count);
    free(p->cap);
}

static void start_unit(struct worker *w, int32_t v)
{
    w->top = 1;
    w->stack[0] = (struct frame){v, -1, 0};
    w->done_in_unit = 0;
    w->busy = 1;
    w->asked = 0;
}

/* Runs w until its unit ends, or until it is about to enter a node once
 * `span` node-times are used (where a search pauses and can be split).
 * Returns the time used. */
static int64_t run_worker(const struct tree *t, struct worker *w, int64_t span)
{
    int64_t used = 0;
    while (w->top > 0) {
        struct frame *f = &w->stack[w->top - 1];
        if (!f->entered) {
            if (used >= span)
                break; /* paused about to enter f->node: where a split happens */
            int32_t v = f->node;
            if (t->first[v] < 0) {
                used += t->size[v];
                w->top--;
                continue;
            }
            used += t->self[v];
            f->entered = 1;
            f->next_child = t->first[v];
            continue;
        }
        if (f->next_child < 0) {
            w->top--;
            continue;
        }
        int32_t c = f->next_child;
        f->next_child = t->next[c];
        w->stack[w->top++] = (struct frame){c, -1, 0};
    }
    w->done_in_unit += used;
    return used;
}

/* dlx_split(DLX_SPLIT_ALL), as dlx-mpi gives work back: the untried
 * children of every frame; the worker goes on with the path it is on. */
static int32_t split_all(const struct tree *t, struct worker *w, struct pool *p)
{
    int32_t pieces = 0;
    for (int32_t k = 0; k < w->top; k++) {
        struct frame *f = &w->stack[k];
        if (!f->entered)
            continue;
        for (int32_t c = f->next_child; c >= 0; c = t->next[c]) {
            pool_put(p, t, c);
            pieces++;
        }
        f->next_child = -1;
    }
    return pieces;
}

/* dlx_split(DLX_SPLIT_SHALLOWEST): the untried children of the shallowest
 * frame that has any. */
static int32_t split_shallowest(const struct tree *t, struct worker *w, struct pool *p)
{
    for (int32_t k = 0; k < w->top; k++) {
        struct frame *f = &w->stack[k];
        if (!f->entered || f->next_child < 0)
            continue;
        int32_t pieces = 0;
        for (int32_t c = f->next_child; c >= 0; c = t->next[c]) {
            pool_put(p, t, c);
            pieces++;
        }
        f->next_child = -1;
        return pieces;
    }
    return 0;
}

/* A worker's next moment of decision, in a heap ordered by time. */
struct event {
    int64_t time;
    int32_t worker;
};

struct events {
    struct event *e;
    int32_t n;
};

static void ev_push(struct events *h, int64_t time, int32_t worker)
{
    int32_t i = h->n++;
    h->e[i] = (struct event){time, worker};
    while (i > 0) {
        int32_t up = (i - 1) / 2;
        if (h->e[up].time < h->e[i].time ||
            (h->e[up].time == h->e[i].time && h->e[up].worker <= h->e[i].worker))
            break;
        struct event x = h->e[i];
        h->e[i] = h->e[up];
        h->e[up] = x;
        i = up;
    }
}

static struct event ev_pop(struct events *h)
{
    struct event top = h->e[0];
    h->e[0] = h->e[--h->n];
    int32_t i = 0;
    for (;;) {
        int32_t l = 2 * i + 1, r = l + 1, m = i;
        if (l < h->n && (h->e[l].time < h->e[m].time ||
                         (h->e[l].time == h->e[m].time && h->e[l].worker < h->e[m].worker)))
            m = l;
        if (r < h->n && (h->e[r].time < h->e[m].time ||
                         (h->e[r].time == h->e[m].time && h->e[r].worker < h->e[m].worker)))
            m = r;
        if (m == i)
            break;
        struct event x = h->e[i];
        h->e[i] = h->e[m];
        h->e[m] = x;
        i = m;
    }
    return top;
}

struct outcome {
    double efficiency;
    int64_t units, splits;
};

/* mpi: 2 for dlx-mpi as built (cli/dlx_mpi.c: the master starts with the
 * whole tree on one worker; a worker asked by the master because some
 * worker is idle with nothing queued, or past its piece's node budget,
 * gives back everything untried, DLX_SPLIT_ALL, and goes on with its path);
 * 1 for the scheme first planned (the master opens the top of the tree
 * itself, workers give back their shallowest level); 0 for the threads'
 * (shared pool, shallowest level given on request, no messages). */
static struct outcome dynamic(const struct tree *t, int32_t workers, const struct params *pm,
                              int mpi)
{
    struct worker *ws = calloc((size_t)workers, sizeof *ws);
    struct events h = {malloc((size_t)workers * 2 * sizeof *h.e), 0};
    int32_t *idle = malloc((size_t)workers * sizeof *idle);
    struct pool pool;
    pool_init(&pool, t->max_depth + 1);
    for (int32_t k = 0; k < workers; k++)
        ws[k].stack = malloc((size_t)(t->max_depth + 2) * sizeof *ws[k].stack);
    int32_t n_idle = 0;
    int64_t units = 0, splits = 0, end = 0;
    int64_t master_free = 0; /* mpi: when the master can serve the next message */
    if (mpi) {
        /* dlx-mpi's master opens the top of the tree itself until there are
         * two pieces for every worker: a node at a time, shallowest first,
         * each split whole (its cost is the master's, before any message). */
        pool_put(&pool, t, 0);
        int32_t *atomic = malloc((size_t)t->n * sizeof *atomic);
        int32_t n_atomic = 0;
        while (pool.size > 0 && pool.size + n_atomic < 2 * (int64_t)workers) {
            int32_t v = pool_take(&pool);
            if (t->first[v] < 0) {
                atomic[n_atomic++] = v;
                continue;
            }
            master_free += t->self[v];
            for (int32_t c = t->first[v]; c >= 0; c = t->next[c])
                pool_put(&pool, t, c);
            splits++;
        }
        for (int32_t k = 0; k < n_atomic; k++)
            pool_put(&pool, t, atomic[k]);
        free(atomic);
        for (int32_t k = 0; k < workers && pool.size > 0; k++) {
            int32_t v = pool_take(&pool);
            start_unit(&ws[k], v);
            units++;
            master_free++;
            ev_push(&h, master_free + pm->latency + t->depth[v], k);
        }
        for (int32_t k = 0; k < workers; k++)
            if (!ws[k].busy)
                idle[n_idle++] = k;
    } else {
        /* The first thread (dlx-mpi: worker) starts with the whole tree;
         * the others wait. */
        start_unit(&ws[0], 0);
        units++;
        ev_push(&h, mpi ? 1 + pm->latency : 0, 0);
        for (int32_t k = 1; k < workers; k++)
            idle[n_idle++] = k;
    }

    /* An event is a worker at a decision point: its last stretch of work
     * ended at that time. Decisions see every worker as of that time. */
    while (h.n > 0) {
        struct event ev = ev_pop(&h);
        struct worker *w = &ws[ev.worker];
        int64_t now = ev.time;
        if (now > end)
            end = now;
        int message = 0; /* mpi: w tells the master something now */
        if (w->busy && w->top == 0) {
            w->busy = 0; /* its unit is done */
            message = 1;
        } else if (w->busy) {
            int hungry = n_idle > 0 && pool.size < n_idle;
            if (mpi == 2) {
                int over = w->done_in_unit >= pm->piece_budget;
                int32_t pieces = 0;
                if (over || (hungry && w->asked)) {
                    pieces = split_all(t, w, &pool);
                    splits += pieces > 0;
                    message = over || pieces > 0; /* a report of what it did */
                    w->done_in_unit = 0;
                    w->asked = 0;
                } else if (hungry) {
                    w->asked = 1; /* the master's request reaches it by the next slice */
                }
            } else if (mpi && ((w->done_in_unit >= pm->budget && pool.size == 0) ||
                        (hungry && w->asked))) {
                /* dlx-mpi: past the budget, or asked by the master because
                 * a worker is idle: the shallowest untried options go back
                 * to the master; the worker goes on with the rest. */
                if (split_shallowest(t, w, &pool) > 0) {
                    splits++;
                    message = 1;
                }
                w->done_in_unit = 0;
                w->asked = 0;
            } else if (mpi && hungry) {
                w->asked = 1; /* the master's request reaches it by the next slice */
            } else if (!mpi && hungry && split_shallowest(t, w, &pool) > 0) {
                splits++;
            }
        }
        if (!w->busy)
            idle[n_idle++] = ev.worker;
        int64_t at = now;
        if (mpi && message) {
            int64_t arrive = now + pm->latency;
            master_free = (master_free > arrive ? master_free : arrive) + 1;
            at = master_free;
        }
        while (n_idle > 0 && pool.size > 0) {
            int32_t k = idle[0]; /* the longest idle first */
            memmove(idle, idle + 1, (size_t)(n_idle - 1) * sizeof *idle);
            n_idle--;
            int32_t v = pool_take(&pool);
            start_unit(&ws[k], v);
            units++;
            int64_t go = at;
            if (mpi) {
                master_free = (master_free > at ? master_free : at) + 1;
                go = master_free + pm->latency;
            }
            /* Its first stretch starts once the prefix is replayed, about
             * a node's work per level. */
            ev_push(&h, go + t->depth[v], k);
            if (k == ev.worker)
                w = NULL; /* its new unit runs from that event */
        }
        if (w && w->busy) {
            int64_t span = pm->slice;
            int64_t budget = mpi == 2 ? pm->piece_budget : pm->budget;
            if (mpi && budget - w->done_in_unit < span)
                span = budget - w->done_in_unit > 1 ? budget - w->done_in_unit : 1;
            ev_push(&h, now + run_worker(t, w, span), ev.worker);
        }
    }
    for (int32_t k = 0; k < workers; k++)
        free(ws[k].stack);
    free(ws);
    free(h.e);
    free(idle);
    pool_free(&pool);
    struct outcome o = {(double)t->total / ((double)workers * (double)end), units, splits};
    return o;
}

/* --- Report ---------------------------------------------------------------------------- */

static void report(const struct tree *t, const struct params *pm)
{
    static const int32_t workers[] = {16, 64, 256, 1024};
    printf("\n%s: %" PRId64 " nodes, profile to depth %d (%d lines)\n", t->name, t->total,
           (int)t->max_depth, (int)t->n);
    printf("%-22s", "scheme");
    for (size_t k = 0; k < 4; k++)
        printf(" %8d", (int)workers[k]);
    printf("   (efficiency: useful work / (workers x makespan))\n");
    for (int32_t d = 2; d <= t->max_depth; d++) {
        int64_t tasks = 0;
        char name[32];
        double e[4];
        for (size_t k = 0; k < 4; k++)
            e[k] = static_split(t, d, workers[k], &tasks);
        snprintf(name, sizeof name, "static, depth %d", (int)d);
        printf("%-22s", name);
        for (size_t k = 0; k < 4; k++)
            printf(" %7.1f%%", 100 * e[k]);
        printf("   %" PRId64 " tasks\n", tasks);
    }
    for (int mpi = 2; mpi >= 0; mpi--) {
        printf("%-22s", mpi == 2 ? "dlx-mpi" : mpi ? "master opens the top" : "stealing (threads)");
        int64_t units = 0, splits = 0;
        for (size_t k = 0; k < 4; k++) {
            struct outcome o = dynamic(t, workers[k], pm, mpi);
            printf(" %7.1f%%", 100 * o.efficiency);
            units = o.units;
            splits = o.splits;
        }
        printf("   at 1024: %" PRId64 " units, %" PRId64 " splits\n", units, splits);
    }
}

int main(int argc, char **argv)
{
    struct params pm = {.budget = 0, .piece_budget = 100000000, .latency = 20, .slice = 1000};
    int a = 1;
    for (; a + 1 < argc && argv[a][0] == '-' && argv[a][1] == '-'; a += 2) {
        long long v = atoll(argv[a + 1]);
        if (strcmp(argv[a], "--budget") == 0)
            pm.budget = v;
        else if (strcmp(argv[a], "--split-nodes") == 0)
            pm.piece_budget = v;
        else if (strcmp(argv[a], "--latency") == 0)
            pm.latency = v;
        else if (strcmp(argv[a], "--slice") == 0)
            pm.slice = v;
        else
            break;
    }
    if (a >= argc) {
        fprintf(stderr, "usage: sched_sim [--budget N] [--split-nodes N] [--latency N] [--slice N] PROFILE...\n");
        return 2;
    }
    printf("Simulated efficiency; time in node visits; messages cost %lld, a busy worker looks "
           "for requests every %lld nodes\n",
           (long long)pm.latency, (long long)pm.slice);
    for (; a < argc; a++) {
        struct tree t;
        if (read_tree(argv[a], &t) != 0)
            return 2;
        struct params q = pm;
        if (q.budget == 0)
            q.budget = t.total / 4096 > q.slice ? t.total / 4096 : q.slice;
        printf("(dlx-mpi: a piece is split after %lld nodes; master opens the top: after %lld)",
               (long long)q.piece_budget, (long long)q.budget);
        report(&t, &q);
    }
    return 0;
}
