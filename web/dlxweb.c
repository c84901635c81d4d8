/* SPDX-License-Identifier: MIT */
/* dlxweb.c - the browser page's way into libdlx (built for WebAssembly by
 * `make web`, see docs/web.md). One call reads a problem in Knuth's text
 * format and runs the real engine on it with the event hook of the dlx
 * command's own JSON trace (trace/, with --detail=links), so the page
 * receives exactly the stream `dlx --trace=json --detail=links` prints:
 * it replays those events forwards and backwards and simulates nothing.
 *
 * The page owns each result handle and gives it back with web_release().
 * Nothing here is global: every run has its own problem, trace and buffer.
 */
#include "dlx.h"
#include "dlx_text.h"
#include "trace.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WEB_EXPORT(name) __attribute__((export_name(#name), visibility("default")))

typedef struct web_result {
    char *out;        /* the JSON lines (open_memstream's buffer) */
    size_t len;
    int status;       /* 0: a trace; 1: the text is not a problem; 2: out of memory */
    char error[512];  /* why not, with the line and column */
} web_result;

/* The calls the page makes (exported by name; see web/dlxviz.js). */
void *web_alloc(size_t size);
void web_free(void *ptr);
web_result *web_trace(const char *src, size_t len, uint32_t max_nodes, int rule, int have_seed,
                      uint64_t seed);
int web_status(const web_result *r);
const char *web_output(const web_result *r);
size_t web_output_length(const web_result *r);
const char *web_error(const web_result *r);
void web_release(web_result *r);

WEB_EXPORT(web_alloc) void *web_alloc(size_t size)
{
    return malloc(size ? size : 1);
}

WEB_EXPORT(web_free) void web_free(void *ptr)
{
    free(ptr);
}

static const char *option_text(void *ctx, int32_t option)
{
    return dlx_text_option_text(ctx, option);
}

static const char *color_name(void *ctx, int32_t color)
{
    return dlx_text_color_name(ctx, color);
}

/* Reads len bytes of text and traces the search: at most max_nodes
 * search-tree nodes (0: no limit), the rule 0 mrv, 1 knuth, 2 first, 3 recent, 4 path, and
 * the seed when have_seed. Returns a handle, NULL only when out of memory
 * before anything could be said. */
WEB_EXPORT(web_trace)
web_result *web_trace(const char *src, size_t len, uint32_t max_nodes, int rule, int have_seed,
                      uint64_t seed)
{
    web_result *r = calloc(1, sizeof *r);
    if (r == NULL)
        return NULL;
    dlx_text *text = dlx_text_new();
    if (text == NULL) {
        r->status = 2;
        snprintf(r->error, sizeof r->error, "out of memory");
        return r;
    }
    int rc = dlx_text_parse(text, src, len);
    if (rc != DLX_OK) {
        const dlx_text_diag *d = dlx_text_error(text);
        r->status = 1;
        if (d != NULL && d->line > 0)
            snprintf(r->error, sizeof r->error, "line %lld, column %lld: %s", (long long)d->line,
                     (long long)d->column, d->message);
        else
            snprintf(r->error, sizeof r->error, "%s", d ? d->message : dlx_text_strerror(rc));
        dlx_text_free(text);
        return r;
    }
    dlx_problem *p = dlx_text_problem(text);
    enum dlx_choose choose = rule == 1   ? DLX_CHOOSE_MRV_FULL
                             : rule == 2 ? DLX_CHOOSE_FIRST
                             : rule == 3 ? DLX_CHOOSE_MRV_RECENT
                             : rule == 4 ? DLX_CHOOSE_MRV_PATH
                                         : DLX_CHOOSE_MRV;
    dlx_set_choose(p, choose);
    if (have_seed)
        dlx_set_seed(p, seed);
    FILE *out = open_memstream(&r->out, &r->len);
    if (out == NULL) {
        r->status = 2;
        snprintf(r->error, sizeof r->error, "out of memory");
        dlx_text_free(text);
        return r;
    }
    trace_opts to = {
        .format = TRACE_JSON,
        .out = out,
        .max_nodes = max_nodes,
        .choose = choose,
        .option_text = option_text,
        .color_name = color_name,
        .text_ctx = text,
        .detail = 1,
        .have_seed = have_seed,
        .seed = seed,
        .others_shown = TRACE_OTHERS_SHOWN,
    };
    search_trace *t = trace_new(p, &to);
    if (t == NULL) {
        r->status = 2;
        snprintf(r->error, sizeof r->error, "out of memory");
    } else {
        rc = dlx_search(p, 0);
        if (trace_finish(t, rc) != 0 || rc < 0) {
            r->status = 2;
            snprintf(r->error, sizeof r->error, "%s", rc < 0 ? dlx_strerror(rc) : "out of memory");
        }
        trace_free(t);
    }
    fclose(out);
    dlx_text_free(text);
    return r;
}

WEB_EXPORT(web_status) int web_status(const web_result *r) { return r->status; }
WEB_EXPORT(web_output) const char *web_output(const web_result *r) { return r->out; }
WEB_EXPORT(web_output_length) size_t web_output_length(const web_result *r) { return r->len; }
WEB_EXPORT(web_error) const char *web_error(const web_result *r) { return r->error; }

WEB_EXPORT(web_release) void web_release(web_result *r)
{
    if (r == NULL)
        return;
    free(r->out);
    free(r);
}
