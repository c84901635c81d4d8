/* SPDX-License-Identifier: MIT */
/* sudoku_records.c - --format csv and --format json, for every mode: one
 * record per answer (per solution with --all), with the columns the mode
 * has, in a fixed order:
 *
 *   solve     file line puzzle status solution nodes microseconds
 *   count     file line puzzle status count nodes microseconds
 *   unique    file line puzzle status count nodes microseconds
 *   all       file line puzzle status solution count nodes microseconds
 *   rate      file line puzzle status solution score level estimated
 *             hardest steps trials guesses techniques microseconds
 *   generate  index seed puzzle solution clues minimal score level
 *             estimated hardest tries microseconds
 *
 * CSV: a header line, then a line per record; a field with a comma or a
 * quote is quoted (RFC 4180). JSON: one object a line (JSON Lines), the
 * same keys, numbers as numbers, techniques as an object of counts; a
 * value a record lacks (no solution) is null. The status is the word the
 * plain output would print ("solved", "none", "invalid", "unique",
 * "multiple", "limit" for a count that reached --max). --all writes its
 * records as the solutions come: the count is the solution's number, the
 * microseconds the search's so far, the nodes empty (null): known only at
 * the end. */
#include "common_json.h"
#include "sudoku_cli.h"

#include <stdio.h>
#include <string.h>

enum column {
    COL_FILE, COL_LINE, COL_INDEX, COL_SEED, COL_PUZZLE, COL_STATUS, COL_SOLUTION, COL_COUNT,
    COL_CLUES, COL_MINIMAL, COL_SCORE, COL_LEVEL, COL_ESTIMATED, COL_HARDEST, COL_STEPS,
    COL_TRIALS, COL_GUESSES, COL_TECHNIQUES, COL_TRIES, COL_NODES, COL_MICROS, COL_END = -1
};

static const char *const COLUMN_NAMES[] = {
    "file", "line", "index", "seed", "puzzle", "status", "solution", "count", "clues",
    "minimal", "score", "level", "estimated", "hardest", "steps", "trials", "guesses",
    "techniques",
    "tries", "nodes", "microseconds",
};

static const int8_t COLUMNS[RUN_MODES][16] = {
    [MODE_SOLVE] = {COL_FILE, COL_LINE, COL_PUZZLE, COL_STATUS, COL_SOLUTION, COL_NODES,
                    COL_MICROS, COL_END},
    [MODE_COUNT] = {COL_FILE, COL_LINE, COL_PUZZLE, COL_STATUS, COL_COUNT, COL_NODES,
                    COL_MICROS, COL_END},
    [MODE_UNIQUE] = {COL_FILE, COL_LINE, COL_PUZZLE, COL_STATUS, COL_COUNT, COL_NODES,
                     COL_MICROS, COL_END},
    [MODE_ALL] = {COL_FILE, COL_LINE, COL_PUZZLE, COL_STATUS, COL_SOLUTION, COL_COUNT,
                  COL_NODES, COL_MICROS, COL_END},
    [MODE_EXPLAIN] = {COL_END},
    [MODE_TO_DLX] = {COL_END},
    [MODE_RATE] = {COL_FILE, COL_LINE, COL_PUZZLE, COL_STATUS, COL_SOLUTION, COL_SCORE,
                   COL_LEVEL, COL_ESTIMATED, COL_HARDEST, COL_STEPS, COL_TRIALS,
                   COL_GUESSES, COL_TECHNIQUES, COL_MICROS, COL_END},
    [MODE_GENERATE] = {COL_INDEX, COL_SEED, COL_PUZZLE, COL_SOLUTION, COL_CLUES, COL_MINIMAL,
                       COL_SCORE, COL_LEVEL, COL_ESTIMATED, COL_HARDEST, COL_TRIES,
                       COL_MICROS, COL_END},
};

/* A CSV field: as it is, or quoted with its quotes doubled. */
static void csv_field(const char *s)
{
    if (!strpbrk(s, ",\"\r\n")) {
        fputs(s, stdout);
        return;
    }
    putchar('"');
    for (; *s; s++) {
        if (*s == '"')
            putchar('"');
        putchar(*s);
    }
    putchar('"');
}

static void put_string(int json, const char *s)
{
    if (json)
        cli_json_put_string(stdout, s);
    else
        csv_field(s);
}

static void put_null(int json)
{
    if (json)
        fputs("null", stdout);
}

static void put_techniques(int json, const sudoku_rating *r)
{
    char buf[1024];
    sudoku_rating_techniques(r, 0, buf, sizeof buf);
    if (!json) {
        fputs(buf, stdout);
        return;
    }
    /* "id:count id:count" into {"id":count,...} */
    putchar('{');
    for (char *p = buf; *p;) {
        char *colon = strchr(p, ':'), *end = strchr(p, ' ');
        if (!colon)
            break;
        printf("%s\"%.*s\":", p == buf ? "" : ",", (int)(colon - p), p);
        if (end) {
            printf("%.*s", (int)(end - colon - 1), colon + 1);
            p = end + 1;
        } else {
            fputs(colon + 1, stdout);
            break;
        }
    }
    putchar('}');
}

/* One value of the record. */
static void put_value(const run_state *t, const record *r, int col, int json)
{
    char grid[SUDOKU_MAX_CELLS + 1];
    const sudoku_rating *ra = r->rating;
    int rated = ra && ra->solutions == 1;
    switch (col) {
    case COL_FILE: put_string(json, t->file ? t->file : ""); break;
    case COL_LINE: printf("%ld", r->u ? r->u->line : 0L); break;
    case COL_INDEX: printf("%llu", (unsigned long long)r->index); break;
    case COL_SEED: printf("%llu", (unsigned long long)r->seed); break;
    case COL_PUZZLE:
        if (!r->givens) {
            put_null(json);
            break;
        }
        sudoku_format_line(r->givens, r->n, t->o->alphabet, grid);
        put_string(json, grid);
        break;
    case COL_STATUS: put_string(json, r->status); break;
    case COL_SOLUTION:
        if (r->solution_text) {
            put_string(json, r->solution_text);
            break;
        }
        if (!r->solution) {
            put_null(json);
            break;
        }
        sudoku_format_line(r->solution, r->n, t->o->alphabet, grid);
        put_string(json, grid);
        break;
    case COL_COUNT:
        if (r->count >= 0)
            printf("%lld", (long long)r->count);
        else
            put_null(json);
        break;
    case COL_CLUES: printf("%d", r->clues); break;
    case COL_MINIMAL: fputs(r->minimal ? "true" : "false", stdout); break;
    case COL_SCORE:
        if (rated)
            printf("%d.%d", ra->score / 10, ra->score % 10);
        else
            put_null(json);
        break;
    case COL_LEVEL:
        if (rated)
            put_string(json, sudoku_level_name(ra->level));
        else
            put_null(json);
        break;
    case COL_ESTIMATED:
        if (rated)
            fputs(ra->estimated ? "true" : "false", stdout);
        else
            put_null(json);
        break;
    case COL_HARDEST:
        if (rated && ra->hardest >= 0)
            put_string(json, ra->hardest_trial ? "trial" : sudoku_technique_id(ra->hardest));
        else
            put_null(json);
        break;
    case COL_STEPS:
        if (rated)
            printf("%d", ra->steps);
        else
            put_null(json);
        break;
    case COL_TRIALS:
        if (rated)
            printf("%d", ra->trials);
        else
            put_null(json);
        break;
    case COL_GUESSES:
        if (rated)
            printf("%d", ra->guesses);
        else
            put_null(json);
        break;
    case COL_TECHNIQUES:
        if (rated)
            put_techniques(json, ra);
        else
            put_null(json);
        break;
    case COL_TRIES: printf("%llu", (unsigned long long)r->tries); break;
    case COL_NODES:
        if (r->nodes_unknown)
            put_null(json);
        else
            printf("%llu", (unsigned long long)r->nodes);
        break;
    case COL_MICROS: printf("%.1f", r->micros); break;
    default: break;
    }
}

void out_record(run_state *t, const record *r)
{
    int json = t->o->format == OUT_JSON;
    const int8_t *cols = COLUMNS[t->o->mode];
    if (!json && !t->header_done) {
        for (int k = 0; cols[k] != COL_END; k++)
            printf("%s%s", k ? "," : "", COLUMN_NAMES[cols[k]]);
        putchar('\n');
        t->header_done = 1;
    }
    if (json)
        putchar('{');
    for (int k = 0; cols[k] != COL_END; k++) {
        if (json)
            printf("%s\"%s\":", k ? "," : "", COLUMN_NAMES[cols[k]]);
        else if (k)
            putchar(',');
        put_value(t, r, cols[k], json);
    }
    fputs(json ? "}\n" : "\n", stdout);
    t->printed++;
}
