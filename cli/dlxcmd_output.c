/* SPDX-License-Identifier: MIT */
/* dlxcmd_output.c - how the `dlx` command writes solutions: as the option lines
 * the user wrote (text), as option ids (ids) or as one JSON document (json).
 *
 * Solutions are written as they are found, so a long search streams its
 * answers. Within a solution the options come in input order, whatever
 * order the search chose them in, so the same solution always reads the
 * same (whatever --choose or --seed said).
 */
#include "dlxcmd.h"
#include "common_json.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int output_check(struct cmd_run *run)
{
    if (run->out_closed || run->out_errno)
        return -1;
    if (!ferror(run->out))
        return 0;
    if (errno == EPIPE)
        run->out_closed = 1;
    else
        run->out_errno = errno ? errno : EIO;
    return -1;
}

static int compare_ids(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

void output_begin(struct cmd_run *run)
{
    if (run->opt->format == CMD_FORMAT_JSON && !run->opt->count_only)
        fputs("{\n  \"solutions\": [", run->out);
}

void output_end(struct cmd_run *run, uint64_t solutions, int complete)
{
    FILE *out = run->out;
    if (run->out_closed || run->out_errno)
        return;
    dlx_stats st;
    dlx_get_stats(run->problem, &st);
    if (run->opt->format == CMD_FORMAT_JSON) {
        if (run->opt->count_only)
            fputs("{\n", out);
        else
            fputs(run->printed > 0 ? "\n  ],\n" : "],\n", out);
        fprintf(out,
                "  \"count\": %llu,\n  \"complete\": %s,\n  \"nodes\": %llu,\n"
                "  \"updates\": %llu\n}\n",
                (unsigned long long)solutions, complete ? "true" : "false",
                (unsigned long long)st.nodes, (unsigned long long)st.updates);
    } else if (run->opt->count_only) {
        fprintf(out, "%llu\n", (unsigned long long)solutions);
    }
    output_check(run);
}

int output_solution(struct cmd_run *run, const int32_t *options, int32_t count)
{
    FILE *out = run->out;
    size_t n = count > 0 ? (size_t)count : 0;
    if (n > run->sorted_cap) {
        int32_t *s = realloc(run->sorted, n * sizeof *s);
        if (!s) {
            run->out_errno = ENOMEM;
            return -1;
        }
        run->sorted = s;
        run->sorted_cap = n;
    }
    if (n > 0)
        memcpy(run->sorted, options, n * sizeof *options);
    qsort(run->sorted, n, sizeof *run->sorted, compare_ids);
    const int32_t *ids = run->sorted;

    switch (run->opt->format) {
    case CMD_FORMAT_TEXT:
        if (run->printed > 0)
            putc('\n', out);
        for (size_t i = 0; i < n; i++) {
            fputs(dlx_text_option_text(run->text, ids[i]), out);
            putc('\n', out);
        }
        break;
    case CMD_FORMAT_IDS:
        for (size_t i = 0; i < n; i++)
            fprintf(out, i ? " %ld" : "%ld", (long)ids[i]);
        putc('\n', out);
        break;
    case CMD_FORMAT_JSON:
        fputs(run->printed > 0 ? ",\n    {\"options\": [" : "\n    {\"options\": [", out);
        for (size_t i = 0; i < n; i++)
            fprintf(out, i ? ", %ld" : "%ld", (long)ids[i]);
        fputs("], \"lines\": [", out);
        for (size_t i = 0; i < n; i++) {
            if (i)
                fputs(", ", out);
            cli_json_put_string(out, dlx_text_option_text(run->text, ids[i]));
        }
        fputs("]}", out);
        break;
    }
    run->printed++;
    return output_check(run);
}
