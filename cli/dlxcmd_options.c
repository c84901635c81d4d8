/* SPDX-License-Identifier: MIT */
/* dlxcmd_options.c - what the dlx and dlx-mpi commands parse alike: the
 * options both take (--count, --max, --first, --format, --stats, --quiet,
 * --progress, --no-progress, --choose), the words of --format and
 * --choose, the FILE argument, and the wording of a message about the
 * input. Each program keeps its own table of options and its own checks
 * of how they go together; this file is linked into both. */
#include "common_getopt.h"
#include "dlxcmd.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int cmd_format_word(const char *word, enum cmd_format *out)
{
    if (strcmp(word, "text") == 0)
        *out = CMD_FORMAT_TEXT;
    else if (strcmp(word, "ids") == 0)
        *out = CMD_FORMAT_IDS;
    else if (strcmp(word, "json") == 0)
        *out = CMD_FORMAT_JSON;
    else
        return -1;
    return 0;
}

int cmd_choose_word(const char *word, enum dlx_choose *out)
{
    if (strcmp(word, "mrv") == 0)
        *out = DLX_CHOOSE_MRV;
    else if (strcmp(word, "knuth") == 0 || strcmp(word, "mrv-full") == 0)
        *out = DLX_CHOOSE_MRV_FULL;
    else if (strcmp(word, "recent") == 0 || strcmp(word, "mrv-recent") == 0)
        *out = DLX_CHOOSE_MRV_RECENT;
    else if (strcmp(word, "path") == 0 || strcmp(word, "mrv-path") == 0)
        *out = DLX_CHOOSE_MRV_PATH;
    else if (strcmp(word, "first") == 0)
        *out = DLX_CHOOSE_FIRST;
    else
        return -1;
    return 0;
}

int cmd_shared_option(const char *prog, int talk, int c, const char *arg,
                      struct cmd_options *o)
{
    const char *why = NULL;
    switch (c) {
    case 'c':
        o->count_only = 1;
        return 1;
    case 'm':
        if (cli_parse_uint(arg, UINT64_MAX, &o->max_solutions) != 0 || o->max_solutions == 0)
            why = "--max wants a positive whole number, not '%s'";
        o->first = 0;
        break;
    case '1':
        o->max_solutions = 1;
        o->first = 1;
        return 1;
    case 'f':
        if (cmd_format_word(arg, &o->format) != 0)
            why = "unknown --format '%s' (expected text, ids or json)";
        break;
    case 's':
        o->stats = 1;
        return 1;
    case 'q':
        o->quiet = 1;
        return 1;
    case 'p':
        o->progress = 1;
        return 1;
    case CMD_OPT_NO_PROGRESS:
        o->progress = 0;
        return 1;
    case CMD_OPT_CHOOSE:
        if (cmd_choose_word(arg, &o->choose) != 0)
            why = "unknown rule '%s' for --choose (expected mrv, knuth, recent, path or first)";
        break;
    default:
        return 0;
    }
    if (!why)
        return 1;
    if (talk)
        cli_usage_error(prog, why, arg);
    return -1;
}

/* What the summary line adds when the search stopped at the solution limit:
 * the option the user gave, --first or --max. */
const char *cmd_limit_note(const struct cmd_options *o)
{
    return o->first ? " (stopped at the first, --first)" : " (stopped at --max)";
}

void cmd_take_path(struct cmd_options *o, const char *arg)
{
    o->path = arg && strcmp(arg, "-") != 0 ? arg : NULL;
    o->input_name = o->path ? o->path : "<stdin>";
}

/* A message about a place in the input is FILE:LINE:COLUMN: KIND: ...; one
 * about the whole file (it cannot be read, it is too big) is PROG: FILE:
 * KIND: ..., as the sudoku command words them (common_file.h). */
void cmd_print_diag(const char *prog, const char *name, const dlx_text_diag *d,
                    const char *kind)
{
    if (d->line > 0)
        fprintf(stderr, "%s:%lld:%lld: %s: %s\n", name, (long long)d->line,
                (long long)d->column, kind, d->message);
    else
        fprintf(stderr, "%s: %s: %s: %s\n", prog, name, kind, d->message);
}
