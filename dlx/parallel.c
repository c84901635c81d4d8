/* SPDX-License-Identifier: MIT */
/* parallel.c - one search on many POSIX threads, work handed out by
 * stealing: dlx_search_threads().
 *
 * Each thread searches a clone of the problem. Work is a subtree, named by
 * the prefix of options that leads to it (dlx_start_subtree()); the first
 * thread starts with the whole tree and the others with nothing. A thread
 * searches in short slices of its node budget; between slices, if some
 * thread is idle and the pool of waiting subtrees is short, it gives away
 * the untried options of its shallowest level (dlx_split(), the biggest
 * pieces it has: work stealing's choice) into the pool. An idle thread
 * takes the shallowest subtree in the pool. When every thread is idle and
 * the pool is empty, the search is over. Because the pieces are disjoint
 * and each counts what one search counts under it (dlx_internal.h, "A
 * search that can be split"), solutions, nodes and updates add up exactly.
 *
 * Locks: team.lock guards the pool, the progress figures and every call of
 * the problem's allocator made while the threads run (the allocator is
 * called from the threads, never two at once); team.sol_lock serialises the
 * solution callback and the solution count. The two flags a searching
 * thread looks at between slices (stop, hungry) are atomics, so the hot
 * path takes no lock. Nothing here is global: all of it lives in one
 * struct team on the caller's stack and in blocks from p's allocator.
 */
#include "dlx_internal.h"
#include "split.h"

#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum {
    MAX_THREADS = 4096,
    WATCH_MS = 50,            /* how often the watch callback is called */
    FIRST_SLICE = 256,        /* nodes: short, so the first steal comes soon */
    MIN_SLICE = 64,
    MAX_SLICE = 1 << 24
};
/* A slice aims at about a millisecond: the most an idle thread waits for a
 * busy one to notice it, and for every thread to notice a stop. */
static const double SLICE_SECONDS = 0.001;

/* A subtree waiting in the pool: the prefix leading to it and its share of
 * the whole tree by Knuth's estimate (for the combined progress figure). */
struct unit {
    int32_t *prefix; /* n option ids, a block of its own */
    int32_t n;
    double weight;
};

struct worker {
    struct team *team;
    dlx_problem *q;  /* this thread's clone */
    pthread_t thread;
    int started;     /* pthread_create succeeded */
    int32_t *prefix; /* the unit being searched (room for every level) */
    int32_t prefix_cap;
    double weight;   /* what is still its own of the current unit */
    int busy;        /* has a unit (guarded by team.lock) */
    /* Figures published under team.lock when the watch asks (epoch). */
    unsigned epoch;
    double partial;  /* weight of the done part of the current unit */
    dlx_stats shown;
    dlx_thread_stats info;
};

struct team {
    dlx_problem *p;
    int32_t n;
    struct worker *w;

    pthread_mutex_t lock;
    pthread_cond_t wake;    /* idle workers: work arrived, or the end */
    pthread_cond_t done_cv; /* the caller: the end */
    struct unit *pool;
    int32_t queued, pool_cap;
    int32_t idle;           /* workers waiting in take_unit() */
    int finished;           /* every worker idle and the pool empty, or a stop */
    int status;             /* DLX_OK, DLX_STOPPED, or the first error */
    double done_weight;     /* finished parts, as fractions of the tree */
    unsigned epoch;         /* bumped by the watch: workers publish again */

    atomic_int stop;        /* workers leave at their next slice */
    atomic_int hungry;      /* idle workers not matched by a queued unit */
    atomic_uint want;       /* copy of epoch, read without the lock */

    pthread_mutex_t sol_lock;
    dlx_solution_fn on_solution;
    void *solution_ctx;
    uint64_t limit, found;
    int sol_done;           /* under sol_lock: the user said stop, or the limit */
    int counting;           /* solutions go through count_solution() */
};

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Under team.lock. */
static void update_hungry(struct team *t)
{
    atomic_store_explicit(&t->hungry, t->idle - t->queued, memory_order_relaxed);
}

/* Ends the search for everybody (under team.lock); the first reason wins. */
static void finish_locked(struct team *t, int status)
{
    if (t->status == DLX_OK)
        t->status = status;
    if (status != DLX_OK)
        atomic_store(&t->stop, 1);
    t->finished = 1;
    pthread_cond_broadcast(&t->wake);
    pthread_cond_signal(&t->done_cv);
}

/* --- Solutions ------------------------------------------------------------ */

/* Every clone's solution callback when there is a user callback or a
 * limit: one solution at a time reaches the user, and the limit holds over
 * all threads. A solution found after the stop is dropped, not counted. */
static int count_solution(void *ctx, const int32_t *options, int32_t count)
{
    struct worker *w = ctx;
    struct team *t = w->team;
    int stop = 1;
    pthread_mutex_lock(&t->sol_lock);
    /* sol_done is looked at here too: another thread may have been told
     * to stop (by the callback or the limit) and not yet raised t->stop. */
    if (!atomic_load(&t->stop) && !t->sol_done) {
        t->found++;
        stop = t->on_solution ? t->on_solution(t->solution_ctx, options, count) != 0 : 0;
        if (t->limit && t->found >= t->limit)
            stop = 1;
        t->sol_done = stop;
    }
    pthread_mutex_unlock(&t->sol_lock);
    if (stop && !atomic_load(&t->stop)) {
        pthread_mutex_lock(&t->lock);
        finish_locked(t, DLX_STOPPED);
        pthread_mutex_unlock(&t->lock);
    }
    return stop;
}

/* --- The pool ------------------------------------------------------------- */

/* The split callback: one piece into the pool (room was made beforehand). */
struct split_ctx {
    struct team *t;
    double weight; /* of each piece */
};

static int pool_put(void *ctx, const int32_t *options, int32_t count, int is_solution)
{
    (void)is_solution;
    struct split_ctx *s = ctx;
    struct team *t = s->t;
    int32_t *copy = count ? dlxi_alloc(t->p, (size_t)count * sizeof *copy) : NULL;
    if (count && !copy)
        return 1; /* refuse: the search keeps everything */
    if (count)
        memcpy(copy, options, (size_t)count * sizeof *copy);
    t->pool[t->queued++] = (struct unit){copy, count, s->weight};
    return 0;
}

static void unit_free(struct team *t, struct unit *u)
{
    dlxi_free(t->p, u->prefix, (size_t)u->n * sizeof *u->prefix);
    u->prefix = NULL;
}

/* Gives away the untried options of w's shallowest levels until the pool
 * holds a unit for every idle worker (under team.lock). Knuth's estimate
 * apportions the weight: at each level from the floor to the split level l,
 * the options before the one in force are done, and the rest of level l
 * leaves, each piece with the weight of one option there. */
static void share(struct team *t, struct worker *w)
{
    dlx_problem *q = w->q;
    while (t->idle > t->queued && !atomic_load(&t->stop)) {
        int32_t pieces = dlx_split(q, DLX_SPLIT_SHALLOWEST, NULL, NULL);
        if (pieces <= 0)
            return; /* nothing left to give: w is on its last path */
        int64_t need = (int64_t)t->queued + pieces;
        if (dlxi_grow(t->p, (void **)&t->pool, &t->pool_cap, sizeof *t->pool, need) != DLX_OK) {
            finish_locked(t, DLX_ENOMEM);
            return;
        }
        int32_t before = t->queued;
        struct split_ctx s = {t, 0.0};
        /* The level that goes is the shallowest with untried options: the
         * first after the barren ones (dlxi_barren(), which dlx_split() has
         * just brought up to date). */
        int32_t l = dlxi_barren(q), k;
        double width = q->run.barren_width * dlxi_level_width(q, l, &k);
        double weight = w->weight / width;
        double done = w->weight * (q->run.barren_done + k / width);
        s.weight = weight;
        int32_t given = dlx_split(q, DLX_SPLIT_SHALLOWEST, pool_put, &s);
        if (given <= 0) {
            /* Refused for want of memory, or dlx_split()'s own failure:
             * nothing was given away; what was queued goes. */
            while (t->queued > before)
                unit_free(t, &t->pool[--t->queued]);
            finish_locked(t, given < 0 ? given : DLX_ENOMEM);
            return;
        }
        t->done_weight += done;
        w->weight = weight;
        w->info.splits++;
        update_hungry(t);
        pthread_cond_broadcast(&t->wake);
    }
}

/* Waits for a unit and copies it into w->prefix. Returns 0 when the search
 * is over (or stopped) instead. */
static int take_unit(struct team *t, struct worker *w, int32_t *n)
{
    double t0 = now_seconds();
    pthread_mutex_lock(&t->lock);
    w->busy = 0;
    t->idle++;
    update_hungry(t);
    if (t->idle == t->n && t->queued == 0 && !t->finished)
        finish_locked(t, DLX_OK);
    while (!t->finished && t->queued == 0)
        pthread_cond_wait(&t->wake, &t->lock);
    int got = 0;
    if (!t->finished) {
        /* The shallowest waiting subtree: likely the biggest. */
        int32_t best = 0;
        for (int32_t k = 1; k < t->queued; k++)
            if (t->pool[k].n < t->pool[best].n)
                best = k;
        struct unit u = t->pool[best];
        t->pool[best] = t->pool[--t->queued];
        if (u.n)
            memcpy(w->prefix, u.prefix, (size_t)u.n * sizeof *u.prefix);
        *n = u.n;
        w->weight = u.weight;
        unit_free(t, &u);
        t->idle--;
        update_hungry(t);
        w->busy = 1;
        w->info.units++;
        got = 1;
    }
    w->info.idle_seconds += now_seconds() - t0;
    pthread_mutex_unlock(&t->lock);
    return got;
}

/* --- A worker ------------------------------------------------------------- */

/* Its figures for the watch (under team.lock). */
static void publish(struct team *t, struct worker *w, int searching)
{
    dlx_get_stats(w->q, &w->shown);
    w->info.nodes = w->shown.nodes;
    /* Algorithm M's search (bounds) is never split, and has its own
     * estimate; the interface of a search that can be split is not its. */
    double below = !searching                 ? 0.0
                   : !dlxi_splittable(w->q) ? dlx_estimate_done(w->q)
                                              : dlxi_estimate_from_floor(w->q, NULL);
    w->partial = w->weight * below;
    w->epoch = t->epoch;
}

static void *work(void *arg)
{
    struct worker *w = arg;
    struct team *t = w->team;
    uint64_t slice = FIRST_SLICE;
    int32_t n;
    while (take_unit(t, w, &n)) {
        int rc = dlx_start_subtree(w->q, w->prefix, n);
        while (rc == DLX_OK || rc == DLX_PAUSED) {
            double t0 = now_seconds();
            rc = dlx_search(w->q, slice);
            if (rc != DLX_PAUSED || atomic_load_explicit(&t->stop, memory_order_relaxed))
                break;
            double dt = now_seconds() - t0;
            if (dt < SLICE_SECONDS / 2 && slice < MAX_SLICE)
                slice *= 2;
            else if (dt > SLICE_SECONDS * 4 && slice > MIN_SLICE)
                slice /= 2;
            /* Algorithm M's search cannot be split (dlx_split() gives nothing):
             * a hungry thread is no reason to stop by the lock and publish its
             * figures after every slice, which with bounds means Knuth's
             * estimate over every level (100,000 bounded items: 18% of the
             * time, perf). */
            int hungry = dlxi_splittable(w->q) &&
                         atomic_load_explicit(&t->hungry, memory_order_relaxed) > 0;
            int asked = atomic_load_explicit(&t->want, memory_order_relaxed) != w->epoch;
            if (hungry || asked) {
                pthread_mutex_lock(&t->lock);
                if (hungry)
                    share(t, w);
                publish(t, w, 1);
                pthread_mutex_unlock(&t->lock);
            }
        }
        pthread_mutex_lock(&t->lock);
        if (rc == DLX_OK) {
            t->done_weight += w->weight;
            w->weight = 0.0;
        } else if (rc < 0) {
            finish_locked(t, rc);
        }
        /* A thread stopped inside its unit (a stop, the limit) keeps its
         * estimate of the part it did: the last figures of an interrupted
         * search say how far it got, not only the units it finished. */
        publish(t, w, rc > 0 && dlxi_in_search(w->q));
        pthread_mutex_unlock(&t->lock);
        if (rc != DLX_OK)
            break; /* stopped (limit, callback, watch) or failed */
    }
    return NULL;
}

/* --- The call ------------------------------------------------------------- */

/* The figures the watch sees (under team.lock). */
static void gather(struct team *t, dlx_progress *pr, dlx_thread_stats *info)
{
    memset(pr, 0, sizeof *pr);
    pr->threads = t->n;
    pr->thread = info;
    double done = t->done_weight;
    for (int32_t k = 0; k < t->n; k++) {
        const struct worker *w = &t->w[k];
        pr->stats.nodes += w->shown.nodes;
        pr->stats.updates += w->shown.updates;
        pr->stats.solutions += w->shown.solutions;
        if (w->shown.max_level > pr->stats.max_level)
            pr->stats.max_level = w->shown.max_level;
        pr->busy += w->busy;
        pr->units += w->info.units;
        done += w->partial;
        info[k] = w->info;
    }
    pr->done = done > 1.0 ? 1.0 : done;
}

static void teardown(struct team *t)
{
    for (int32_t k = 0; t->w && k < t->n; k++) {
        struct worker *w = &t->w[k];
        dlxi_free(t->p, w->prefix, (size_t)w->prefix_cap * sizeof *w->prefix);
        dlx_free(w->q);
    }
    for (int32_t k = 0; k < t->queued; k++)
        unit_free(t, &t->pool[k]);
    dlxi_free(t->p, t->pool, (size_t)t->pool_cap * sizeof *t->pool);
    if (t->w)
        dlxi_free(t->p, t->w, (size_t)t->n * sizeof *t->w);
}

/* The clones and their buffers, all made before any thread starts. */
static int recruit(struct team *t)
{
    dlx_problem *p = t->p;
    t->w = dlxi_alloc(p, (size_t)t->n * sizeof *t->w);
    if (!t->w)
        return DLX_ENOMEM;
    memset(t->w, 0, (size_t)t->n * sizeof *t->w);
    for (int32_t k = 0; k < t->n; k++) {
        struct worker *w = &t->w[k];
        w->team = t;
        w->q = dlx_clone(p);
        if (!w->q)
            return DLX_ENOMEM;
        int rc = dlxi_prepare_search(w->q);
        if (rc)
            return rc;
        dlx_set_event_fn(w->q, NULL, NULL);
        dlx_set_limit(w->q, 0);
        dlx_set_solution_fn(w->q, t->counting ? count_solution : NULL, w);
        /* A prefix names an option a level; with bounds, also options
         * excluded and null moves: each option once at most, a null move
         * per primary item (search_bits_m.h). */
        w->prefix_cap = p->n_primary + 1 + (p->has_bounds ? p->n_options + 1 : 0);
        w->prefix = dlxi_alloc(p, (size_t)w->prefix_cap * sizeof *w->prefix);
        if (!w->prefix)
            return DLX_ENOMEM;
    }
    t->pool_cap = 0;
    if (dlxi_grow(p, (void **)&t->pool, &t->pool_cap, sizeof *t->pool, t->n) != DLX_OK)
        return DLX_ENOMEM;
    t->pool[0] = (struct unit){NULL, 0, 1.0}; /* the whole tree */
    t->queued = 1;
    return DLX_OK;
}

static int32_t processors(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > MAX_THREADS ? MAX_THREADS : (int32_t)n;
}

int dlx_search_threads(dlx_problem *p, int32_t threads, dlx_watch_fn watch, void *ctx)
{
    if (!p || threads < 0 || threads > MAX_THREADS || p->on_event || p->profiling)
        return DLX_EINVAL;
    if (dlxi_busy(p))
        return DLX_EBUSY;
    dlx_reset(p);
    struct team t;
    memset(&t, 0, sizeof t);
    t.p = p;
    t.n = threads ? threads : processors();
    t.on_solution = p->on_solution;
    t.solution_ctx = p->solution_ctx;
    t.limit = p->limit;
    t.counting = p->on_solution || p->limit;
    atomic_init(&t.stop, 0);
    atomic_init(&t.hungry, 0);
    atomic_init(&t.want, 0);

    int rc = recruit(&t);
    if (rc) {
        teardown(&t);
        return rc;
    }
    dlx_thread_stats *info = dlxi_alloc(p, (size_t)t.n * sizeof *info);
    pthread_condattr_t ca;
    int sync_ok = info && pthread_condattr_init(&ca) == 0;
    if (sync_ok) {
        pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
        sync_ok = pthread_mutex_init(&t.lock, NULL) == 0;
        sync_ok = sync_ok && pthread_mutex_init(&t.sol_lock, NULL) == 0;
        sync_ok = sync_ok && pthread_cond_init(&t.wake, NULL) == 0;
        sync_ok = sync_ok && pthread_cond_init(&t.done_cv, &ca) == 0;
        pthread_condattr_destroy(&ca);
    }
    if (!sync_ok) {
        /* (On Linux none of the init calls fails; elsewhere they may.) */
        dlxi_free(p, info, (size_t)t.n * sizeof *info);
        teardown(&t);
        return DLX_ENOMEM;
    }

    /* The caller's problem is read-only while the threads run: every call
     * that would change it is refused, as from inside a callback. */
    p->in_callback++;
    pthread_mutex_lock(&t.lock);
    for (int32_t k = 0; k < t.n; k++) {
        if (pthread_create(&t.w[k].thread, NULL, work, &t.w[k]) != 0) {
            finish_locked(&t, DLX_ENOMEM);
            break;
        }
        t.w[k].started = 1;
    }
    struct timespec next;
    clock_gettime(CLOCK_MONOTONIC, &next);
    while (!t.finished) {
        if (!watch) {
            pthread_cond_wait(&t.done_cv, &t.lock);
            continue;
        }
        next.tv_nsec += WATCH_MS * 1000000L;
        if (next.tv_nsec >= 1000000000L) {
            next.tv_sec++;
            next.tv_nsec -= 1000000000L;
        }
        while (!t.finished && pthread_cond_timedwait(&t.done_cv, &t.lock, &next) == 0)
            ;
        if (t.finished)
            break;
        dlx_progress pr;
        gather(&t, &pr, info);
        t.epoch++;
        atomic_store_explicit(&t.want, t.epoch, memory_order_relaxed);
        pthread_mutex_unlock(&t.lock);
        int stop = watch(ctx, &pr);
        pthread_mutex_lock(&t.lock);
        if (stop)
            finish_locked(&t, DLX_STOPPED);
    }
    pthread_mutex_unlock(&t.lock);
    for (int32_t k = 0; k < t.n; k++)
        if (t.w[k].started)
            pthread_join(t.w[k].thread, NULL);

    /* The threads are gone: their figures are final. A thread stopped
     * inside its unit keeps its estimate of the part of it that it did. */
    dlx_progress pr;
    for (int32_t k = 0; k < t.n; k++)
        publish(&t, &t.w[k], dlxi_in_search(t.w[k].q));
    gather(&t, &pr, info);
    if (t.status == DLX_OK)
        pr.done = 1.0;
    if (t.counting)
        pr.stats.solutions = t.found;
    p->stats.solutions += pr.stats.solutions;
    p->stats.nodes += pr.stats.nodes;
    p->stats.updates += pr.stats.updates;
    if (pr.stats.max_level > p->stats.max_level)
        p->stats.max_level = pr.stats.max_level;
    /* The inference's removals (dlx_inferred), each worker's own on its
     * clone: final, the threads being joined. */
    for (int32_t k = 0; k < t.n; k++)
        if (t.w[k].q != NULL)
            p->inferred += t.w[k].q->inferred;
    pr.final = 1;
    if (watch)
        (void)watch(ctx, &pr); /* the last call: nothing left to stop */
    p->in_callback--;
    rc = t.status;
    pthread_mutex_destroy(&t.lock);
    pthread_mutex_destroy(&t.sol_lock);
    pthread_cond_destroy(&t.wake);
    pthread_cond_destroy(&t.done_cv);
    dlxi_free(p, info, (size_t)t.n * sizeof *info);
    teardown(&t);
    return rc;
}
