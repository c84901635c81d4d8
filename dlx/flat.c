/* SPDX-License-Identifier: MIT */
/* flat.c - the flat tables and the counter state shared by the cost and the
 * memo engines (flat.h says what they hold and why counters). */
#include "flat.h"

#include <string.h>

/* One block for f, zeroed, counted in f->bytes; NULL when out of memory. */
static void *flat_alloc(dlxi_flat *f, size_t count, size_t size)
{
    size_t n = (count ? count : 1) * size;
    void *b = dlxi_alloc(f->p, n);
    if (b) {
        memset(b, 0, n);
        f->bytes += n;
    }
    return b;
}

void dlxi_flat_free(dlxi_flat *f)
{
    const dlx_problem *p = f->p;
    if (!p)
        return;
    size_t ni = (size_t)(f->n_items ? f->n_items : 1), no = (size_t)(f->n_options ? f->n_options : 1);
    size_t nodes = f->opt_start ? (size_t)f->opt_start[f->n_options] : 0;
    if (!nodes)
        nodes = 1;
    dlxi_free(p, f->secondary, ni);
    dlxi_free(p, f->lo, ni * sizeof(int32_t));
    dlxi_free(p, f->hi, ni * sizeof(int32_t));
    dlxi_free(p, f->cnt, ni * sizeof(int32_t));
    dlxi_free(p, f->col, ni * sizeof(int32_t));
    dlxi_free(p, f->held, ni * sizeof(int32_t));
    dlxi_free(p, f->avail, ni * sizeof(int32_t));
    dlxi_free(p, f->list_start, (ni + 1) * sizeof(int32_t));
    dlxi_free(p, f->opt_start, (no + 1) * sizeof(int32_t));
    dlxi_free(p, f->opt_primary, no * sizeof(int32_t));
    dlxi_free(p, f->blocked, no * sizeof(int32_t));
    dlxi_free(p, f->opt_item, nodes * sizeof(int32_t));
    dlxi_free(p, f->opt_color, nodes * sizeof(int32_t));
    dlxi_free(p, f->list_opt, nodes * sizeof(int32_t));
    dlxi_free(p, f->list_color, nodes * sizeof(int32_t));
    dlxi_free(p, f->set, nodes * sizeof(int32_t));
    dlxi_free(p, f->pos, nodes * sizeof(int32_t));
    dlxi_free(p, f->node_opt, nodes * sizeof(int32_t));
    dlxi_free(p, f->trail, (size_t)f->trail_cap * sizeof(int32_t));
    memset(f, 0, sizeof *f);
}

int dlxi_flat_init(dlxi_flat *f, const dlx_problem *p)
{
    memset(f, 0, sizeof *f);
    f->p = p;
    int32_t ni = dlx_item_count(p), no = dlx_option_count(p);
    f->n_items = ni;
    f->n_options = no;
    f->has_colors = p->has_colors;
    f->has_bounds = p->has_bounds;
    size_t ui = (size_t)(ni ? ni : 1), uo = (size_t)(no ? no : 1);
    f->secondary = flat_alloc(f, ui, 1);
    f->lo = flat_alloc(f, ui, sizeof(int32_t));
    f->hi = flat_alloc(f, ui, sizeof(int32_t));
    f->cnt = flat_alloc(f, ui, sizeof(int32_t));
    f->col = flat_alloc(f, ui, sizeof(int32_t));
    f->held = flat_alloc(f, ui, sizeof(int32_t));
    f->avail = flat_alloc(f, ui, sizeof(int32_t));
    f->list_start = flat_alloc(f, ui + 1, sizeof(int32_t));
    f->opt_start = flat_alloc(f, uo + 1, sizeof(int32_t));
    f->opt_primary = flat_alloc(f, uo, sizeof(int32_t));
    f->blocked = flat_alloc(f, uo, sizeof(int32_t));
    if (!f->secondary || !f->lo || !f->hi || !f->cnt || !f->col || !f->held || !f->avail ||
        !f->list_start || !f->opt_start || !f->opt_primary || !f->blocked)
        goto oom;
    for (int32_t x = 0; x < ni; x++) {
        f->secondary[x] = dlx_item_is_secondary(p, x) == 1;
        int32_t lo = 1, hi = 1;
        if (!f->secondary[x])
            dlx_item_bounds(p, x, &lo, &hi);
        f->lo[x] = lo;
        f->hi[x] = hi;
        f->n_primary += !f->secondary[x];
    }
    /* The options' nodes: headers and spacers aside, n_nodes less the
     * spacers (n_options + 1) and the headers and slot 0. */
    int64_t nodes = 0;
    for (int32_t o = 0; o < no; o++) {
        int32_t k = dlx_option_items(p, o, NULL, NULL, 0);
        f->opt_start[o] = (int32_t)nodes;
        nodes += k;
    }
    f->opt_start[no] = (int32_t)nodes;
    size_t un = (size_t)(nodes ? nodes : 1);
    f->opt_item = flat_alloc(f, un, sizeof(int32_t));
    f->opt_color = flat_alloc(f, un, sizeof(int32_t));
    f->list_opt = flat_alloc(f, un, sizeof(int32_t));
    f->list_color = flat_alloc(f, un, sizeof(int32_t));
    f->set = flat_alloc(f, un, sizeof(int32_t));
    f->pos = flat_alloc(f, un, sizeof(int32_t));
    f->node_opt = flat_alloc(f, un, sizeof(int32_t));
    /* A block_item() per item at most is in force at once, plus one per
     * option chosen (each of its items). */
    f->trail_cap = (int32_t)(nodes + ni + 1);
    f->trail = flat_alloc(f, (size_t)f->trail_cap, sizeof(int32_t));
    if (!f->opt_item || !f->opt_color || !f->list_opt || !f->list_color || !f->set || !f->pos ||
        !f->node_opt || !f->trail)
        goto oom;
    for (int32_t o = 0; o < no; o++) {
        int32_t s = f->opt_start[o], k = f->opt_start[o + 1] - s;
        dlx_option_items(p, o, f->opt_item + s, f->opt_color + s, k);
        for (int32_t j = s; j < s + k; j++) {
            f->list_start[f->opt_item[j] + 1]++;
            f->opt_primary[o] += !f->secondary[f->opt_item[j]];
        }
    }
    for (int32_t x = 0; x < ni; x++)
        f->list_start[x + 1] += f->list_start[x];
    /* Fill each list in option order, using avail[] as the cursor. */
    for (int32_t o = 0; o < no; o++)
        for (int32_t j = f->opt_start[o]; j < f->opt_start[o + 1]; j++) {
            int32_t x = f->opt_item[j], at = f->list_start[x] + f->avail[x]++;
            f->list_opt[at] = o;
            f->list_color[at] = f->opt_color[j];
            f->set[at] = j;
            f->pos[j] = at;
            f->node_opt[j] = o;
        }
    for (int32_t x = 0; x < ni; x++) {
        f->avail[x] = f->list_start[x + 1] - f->list_start[x];
        if (!f->secondary[x]) {
            f->short_items += f->lo[x] > 0;
            f->open_items++;
        }
    }
    return DLX_OK;
oom:
    dlxi_flat_free(f);
    return DLX_ENOMEM;
}

void dlxi_flat_block(dlxi_flat *f, int32_t o)
{
    if (f->blocked[o]++ != 0)
        return;
    /* Out of each of its items' sets: swapped with the last open one. */
    for (int32_t j = f->opt_start[o]; j < f->opt_start[o + 1]; j++) {
        int32_t z = f->opt_item[j];
        int32_t last = f->list_start[z] + --f->avail[z], at = f->pos[j];
        int32_t other = f->set[last];
        f->set[last] = j;
        f->pos[j] = last;
        f->set[at] = other;
        f->pos[other] = at;
        f->updates++;
    }
}

void dlxi_flat_unblock(dlxi_flat *f, int32_t o)
{
    if (--f->blocked[o] != 0)
        return;
    /* LIFO: each of its nodes sits just past its item's open part. */
    for (int32_t j = f->opt_start[o + 1] - 1; j >= f->opt_start[o]; j--)
        f->avail[f->opt_item[j]]++;
}

/* Blocks the open options of x's list but those whose colour at x is keep
 * (keep 0: all of them), from the end of its open part down (each one
 * blocked leaves the part, swapped with an option already passed), and
 * pushes how many it blocked. */
static void block_list(dlxi_flat *f, int32_t x, int32_t keep)
{
    int32_t start = f->list_start[x], n = 0;
    for (int32_t i = start + f->avail[x] - 1; i >= start; i--) {
        int32_t j = f->set[i];
        if (keep > 0 && f->opt_color[j] == keep)
            continue;
        dlxi_flat_block(f, f->node_opt[j]);
        n++;
    }
    f->trail[f->trail_len++] = n;
}

/* Undoes the last block_list() (of x): its options sit just past x's open
 * part, the last blocked first. */
static void unblock_list(dlxi_flat *f, int32_t x)
{
    int32_t n = f->trail[--f->trail_len];
    for (int32_t k = 0; k < n; k++)
        dlxi_flat_unblock(f, f->node_opt[f->set[f->list_start[x] + f->avail[x]]]);
}

void dlxi_flat_block_item(dlxi_flat *f, int32_t x)
{
    block_list(f, x, 0);
}

void dlxi_flat_unblock_item(dlxi_flat *f, int32_t x)
{
    unblock_list(f, x);
}

void dlxi_flat_choose(dlxi_flat *f, int32_t o)
{
    for (int32_t j = f->opt_start[o]; j < f->opt_start[o + 1]; j++) {
        int32_t y = f->opt_item[j], c = f->opt_color[j];
        if (!f->secondary[y]) {
            int32_t n = ++f->cnt[y];
            if (n == f->lo[y])
                f->short_items--;
            if (n == f->hi[y]) {
                f->open_items--;
                block_list(f, y, 0);
            }
        } else if (c == 0) {
            f->col[y] = -1;
            block_list(f, y, 0);
        } else if (f->held[y]++ == 0) {
            f->col[y] = c;
            block_list(f, y, c);
        }
    }
    /* An option is chosen at most once, whatever its items still take. */
    dlxi_flat_block(f, o);
}

void dlxi_flat_unchoose(dlxi_flat *f, int32_t o)
{
    dlxi_flat_unblock(f, o);
    for (int32_t j = f->opt_start[o + 1] - 1; j >= f->opt_start[o]; j--) {
        int32_t y = f->opt_item[j], c = f->opt_color[j];
        if (!f->secondary[y]) {
            int32_t n = f->cnt[y]--;
            if (n == f->hi[y]) {
                f->open_items++;
                unblock_list(f, y);
            }
            if (n == f->lo[y])
                f->short_items++;
        } else if (c == 0) {
            f->col[y] = 0;
            unblock_list(f, y);
        } else if (--f->held[y] == 0) {
            unblock_list(f, y);
            f->col[y] = 0;
        }
    }
}

int32_t dlxi_flat_commit(dlxi_flat *f, const dlx_problem *p, int32_t *out)
{
    int32_t n = 0;
    for (int32_t i = 0; i < p->n_commits; i++) {
        const struct dlx_commit *c = &p->commits[i];
        if (c->kind == COMMIT_INCLUDE) {
            if (f->blocked[c->option] != 0)
                return DLX_ECONFLICT;
            dlxi_flat_choose(f, c->option);
            out[n++] = c->option;
        } else if (c->kind == COMMIT_EXCLUDE) {
            dlxi_flat_block(f, c->option);
        }
    }
    return n;
}

/* --- The live state, for query.c (dlx_engine's remaining ... active_items) ---
 * The goal engines' run state begins with their flat table (dlx_internal.h),
 * so these four serve both; x is a header index (item + 1). */

static const dlxi_flat *live_flat(const dlx_problem *p)
{
    return p->run.goal_run;
}

int32_t dlxi_flat_remaining(const dlx_problem *p, int32_t x)
{
    return live_flat(p)->avail[x - 1];
}

int dlxi_flat_active(const dlx_problem *p, int32_t x)
{
    const dlxi_flat *f = live_flat(p);
    int32_t i = x - 1;
    /* Still to cover: below its upper bound, and short or with an option
     * left (a met item whose options are all out takes no more). */
    return !f->secondary[i] && f->cnt[i] < f->hi[i] && (f->cnt[i] < f->lo[i] || f->avail[i] > 0);
}

int32_t dlxi_flat_options(const dlx_problem *p, int32_t x, int32_t *opts, int32_t cap)
{
    const dlxi_flat *f = live_flat(p);
    int32_t i = x - 1, n = f->avail[i];
    for (int32_t k = 0; k < n && k < cap; k++)
        opts[k] = f->node_opt[f->set[f->list_start[i] + k]];
    return n;
}

int32_t dlxi_flat_active_items(const dlx_problem *p, int32_t *items, int32_t cap)
{
    const dlxi_flat *f = live_flat(p);
    int32_t n = 0;
    for (int32_t x = 1; x <= f->n_items; x++)
        if (dlxi_flat_active(p, x)) {
            if (n < cap)
                items[n] = x - 1;
            n++;
        }
    return n;
}

int dlxi_flat_check(const dlx_problem *p, const char **what)
{
    const dlxi_flat *f = live_flat(p);
    int32_t short_items = 0, open_items = 0;
    for (int32_t x = 0; x < f->n_items; x++) {
        int32_t a = f->list_start[x], b = f->list_start[x + 1];
        if (f->avail[x] < 0 || f->avail[x] > b - a) {
            *what = "flat: an item's count of open options is out of its list";
            return DLX_EINVAL;
        }
        for (int32_t i = a; i < b; i++) {
            int32_t j = f->set[i];
            if (j < 0 || j >= f->opt_start[f->n_options] || f->pos[j] != i ||
                f->opt_item[j] != x) {
                *what = "flat: set[] and pos[] are not inverse, or a node sits in another item's set";
                return DLX_EINVAL;
            }
            if ((f->blocked[f->node_opt[j]] == 0) != (i < a + f->avail[x])) {
                *what = "flat: an item's open part does not hold exactly its open options";
                return DLX_EINVAL;
            }
        }
        if (!f->secondary[x]) {
            short_items += f->cnt[x] < f->lo[x];
            open_items += f->cnt[x] < f->hi[x];
        }
    }
    if (short_items != f->short_items || open_items != f->open_items) {
        *what = "flat: the counts of short and open items disagree with the items";
        return DLX_EINVAL;
    }
    return DLX_OK;
}
