/* SPDX-License-Identifier: MIT */
/* rating.c - a puzzle's difficulty on the Sudoku Explainer scale: the
 * human-style solver goes step by step, always by the easiest technique
 * that applies, and the hardest step decides, as in Sudoku Explainer.
 *
 * Where no technique of ours applies (on grids the chains are not searched
 * on, or where even the nested chains are not), the rating goes on by
 * trial: each candidate is assumed and
 * propagated, and those whose assumption breaks the grid soonest are
 * eliminated (a contradiction proves them false); the solve then goes on
 * with the techniques. How hard such a step is, is estimated from how deep
 * the contradiction lies (the idea of Berthier's "T&E depth"):
 *   broken by singles alone in p placements: like Sudoku Explainer's
 *     forcing chains, nishio and dynamic contradiction chains, 7.1 to 9.2
 *     as p grows;
 *   broken only with locked candidates and pairs in the propagation too:
 *     like its "dynamic forcing chains (+)", 9.6;
 *   not broken either way: nested chains would be needed; a guess is taken
 *     (the solution's value, as the solver's own guess), 11.0.
 * docs/rating.md has the whole table, its sources and how the estimate
 * compares with known ratings. */
#include "logic_internal.h"

#include <stdio.h>
#include <string.h>

static const char *const LEVEL_NAMES[SUDOKU_LEVEL_COUNT] = {
    "easy", "medium", "hard", "expert", "extreme",
};

const char *sudoku_level_name(int level)
{
    return level >= 0 && level < SUDOKU_LEVEL_COUNT ? LEVEL_NAMES[level] : "?";
}

int sudoku_level_from_name(const char *name)
{
    if (!name)
        return -1;
    for (int k = 0; k < SUDOKU_LEVEL_COUNT; k++)
        if (strcmp(name, LEVEL_NAMES[k]) == 0)
            return k;
    return -1;
}

int sudoku_level_range(int level, int *min, int *max)
{
    static const int LOW[SUDOKU_LEVEL_COUNT] = {10, 24, 35, 46, 70};
    static const int HIGH[SUDOKU_LEVEL_COUNT] = {23, 34, 45, 69, 999};
    if (level < 0 || level >= SUDOKU_LEVEL_COUNT || !min || !max)
        return SUDOKU_EINVAL;
    *min = LOW[level];
    *max = HIGH[level];
    return SUDOKU_OK;
}

/* The level of a score (tenths) reached with or without guesses. The
 * estimates of guesses start above expert's top, so a score alone would
 * tell; the flag makes it plain. */
static int level_of(int score, int guessed)
{
    if (guessed)
        return SUDOKU_EXTREME;
    return score <= 23 ? SUDOKU_EASY : score <= 34 ? SUDOKU_MEDIUM : score <= 45 ? SUDOKU_HARD
         : score <= 69 ? SUDOKU_EXPERT : SUDOKU_EXTREME;
}

/* --- Beyond the techniques: trials ------------------------------------------------ */

static void save_grid(sudoku_logic *L, int *blanks)
{
    memcpy(L->save_value, L->value, (size_t)L->cells);
    memcpy(L->save_have, L->have, sizeof(uint64_t) * (size_t)L->house_count);
    memcpy(L->save_cand, L->cand, sizeof(uint64_t) * (size_t)L->cells);
    *blanks = L->blanks;
}

static void restore_grid(sudoku_logic *L, int blanks)
{
    memcpy(L->value, L->save_value, (size_t)L->cells);
    memcpy(L->have, L->save_have, sizeof(uint64_t) * (size_t)L->house_count);
    memcpy(L->cand, L->save_cand, sizeof(uint64_t) * (size_t)L->cells);
    L->blanks = blanks;
    logic_forget(L);
}

/* Singles, and when they stall the easy eliminations (locked candidates,
 * naked and hidden pairs), until the grid breaks (1) or nothing applies. */
static const int PLUS_TECHNIQUES[] = {SUDOKU_POINTING, SUDOKU_CLAIMING, SUDOKU_NAKED_PAIR,
                                      SUDOKU_HIDDEN_PAIR};

static int plus_break(sudoku_logic *L, sudoku_step *st)
{
    for (;;) {
        int placed = 0;
        if (logic_singles(L, &placed))
            return 1;
        if (L->blanks == 0)
            return 0;
        int found = 0;
        for (size_t k = 0; k < sizeof PLUS_TECHNIQUES / sizeof PLUS_TECHNIQUES[0] && !found;
             k++) {
            step_begin(st, PLUS_TECHNIQUES[k]);
            found = technique_finder(PLUS_TECHNIQUES[k])(L, st);
        }
        if (!found)
            return 0;
        sudoku_logic_apply(L, st);
    }
}

/* Where no technique applies: every candidate is assumed in turn and
 * propagated by singles. Those whose assumption breaks the grid in the
 * fewest placements are false, and go into *out as eliminations (sound: a
 * contradiction proves them wrong); the estimate of docs/rating.md for the
 * step grows with that number. When no assumption breaks by singles, the
 * propagation takes the easy eliminations too (9.6). Returns the estimate
 * in tenths, or 0 when nothing breaks either way: chains inside chains
 * would be needed, and a guess is taken instead. */
static int trial(sudoku_logic *L, sudoku_step *scratch, sudoku_step *out)
{
    int blanks, shortest = -1;
    save_grid(L, &blanks);
    step_begin(out, SUDOKU_GUESS);
    for (int pass = 0; pass < 2 && out->nelims == 0; pass++) {
        for (int i = 0; i < L->cells; i++) {
            for (uint64_t m = L->save_cand[i]; m; m &= m - 1) {
                int digit = lowest_bit(m) + 1;
                logic_place(L, i, digit);
                int placed = 0, broke;
                if (pass == 0)
                    broke = logic_singles(L, &placed);
                else
                    broke = plus_break(L, scratch);
                restore_grid(L, blanks);
                if (!broke || (pass == 0 && shortest >= 0 && placed > shortest))
                    continue;
                if (pass == 0 && (shortest < 0 || placed < shortest)) {
                    shortest = placed;
                    out->nelims = 0; /* only the shortest contradictions */
                    out->more_elims = 0;
                }
                step_add_elim(out, i, digit, -1, -1);
            }
        }
    }
    if (out->nelims == 0)
        return 0;
    if (shortest < 0)
        return 96;
    return shortest <= 2 ? 71 : shortest <= 4 ? 76 : shortest <= 7 ? 82 : shortest <= 12 ? 88
                                                                                       : 92;
}

/* The estimate when even trials fail: on grids the chains are searched on,
 * where the dynamic forcing chains (+) find nothing and the nested ones are
 * not searched (grids above 9x9, puzzles of several solutions) or find
 * nothing either. Estimated 11.0: the base of Sudoku Explainer's dynamic
 * chains nested in dynamic chains (10.5) and the length penalty its 11+
 * ratings mostly carry (10.9 to 11.3 on the ones measured, docs/rating.md). */
#define NESTED_ESTIMATE 110

/* --- Rating ---------------------------------------------------------------------- */

static int rate_started(sudoku_logic *L, int solutions, sudoku_rating *out)
{
    memset(out, 0, sizeof *out);
    out->solutions = solutions;
    out->hardest = -1;
    if (solutions <= 0)
        return solutions;
    out->placed = L->blanks;
    uint64_t allowed = L->allowed;
    /* Sudoku Explainer's techniques, those allowed (sudoku_logic_allow(),
     * all by default), not the guess: where none applies, trials go on (on
     * grids too large for the chains, or with chains not allowed), and a
     * guess only when they fail */
    L->allowed = allowed & SUDOKU_SE_TECHNIQUES;
    sudoku_step st, scratch;
    int rc;
    while ((rc = sudoku_logic_next(L, &st)) != 0) {
        int by_trial = 0;
        if (rc == SUDOKU_ESTUCK) {
            /* once a guess was needed the score is the highest there is:
             * the rest is guessed without trials */
            int estimate = out->score >= NESTED_ESTIMATE ? 0 : trial(L, &scratch, &st);
            out->estimated = 1;
            if (estimate) {
                out->trials++;
                by_trial = 1;
            } else {
                estimate = NESTED_ESTIMATE;
                step_begin(&st, SUDOKU_GUESS);
                if (!find_guess(L, &st)) {
                    rc = SUDOKU_ECONFLICT;
                    break;
                }
                out->guesses++;
            }
            st.rating = estimate;
            sudoku_logic_apply(L, &st);
        } else if (rc < 0) {
            break;
        }
        out->steps++;
        out->used[st.technique]++;
        if (st.rating > out->score || out->hardest < 0) {
            out->score = st.rating;
            out->hardest = st.technique;
            out->hardest_trial = by_trial;
        }
    }
    L->allowed = allowed;
    if (rc < 0)
        return rc;
    out->level = level_of(out->score, out->trials + out->guesses > 0);
    return solutions;
}

int sudoku_rate(sudoku_logic *L, const uint8_t *givens, sudoku_rating *out)
{
    if (!L || !givens || !out)
        return SUDOKU_EINVAL;
    int rc = sudoku_logic_start(L, givens);
    if (rc < 0)
        return rc;
    return rate_started(L, rc, out);
}

int rate_known(sudoku_logic *L, const uint8_t *givens, const uint8_t *solution,
               sudoku_rating *out)
{
    logic_start_known(L, givens, solution);
    return rate_started(L, 1, out);
}

/* --- The techniques a rating used, in words --------------------------------------- */

/* Names for people, with the house kind of hidden singles. */
static const char *technique_words(int t)
{
    switch (t) {
    case SUDOKU_HIDDEN_SINGLE_BOX: return "hidden single (box)";
    case SUDOKU_HIDDEN_SINGLE_LINE: return "hidden single (line)";
    default: return sudoku_technique_name(t);
    }
}

/* Appends text to buf as snprintf(buf + *at, cap - *at, "%s", text) would
 * (cut at cap - 1, the length counted whole), without its format's cost:
 * the summary's snprintf calls were a twentieth of rating 2,000 kaggle
 * puzzles. */
static void put_text(char *buf, size_t cap, size_t *at, const char *text)
{
    size_t i = *at;
    for (; *text; text++, i++)
        if (i + 1 < cap)
            buf[i] = *text;
    buf[i < cap ? i : cap - 1] = '\0';
    *at = i;
}

static void put_count(char *buf, size_t cap, size_t *at, unsigned count)
{
    char digits[16];
    int k = (int)sizeof digits - 1;
    digits[k] = '\0';
    do
        digits[--k] = (char)('0' + count % 10);
    while ((count /= 10) && k > 0);
    put_text(buf, cap, at, digits + k);
}

size_t sudoku_rating_techniques(const sudoku_rating *r, int words, char *buf, size_t cap)
{
    size_t at = 0;
    if (!r || !buf || cap == 0)
        return 0;
    buf[0] = '\0';
    /* the techniques but the guess, then the steps where none applied, as
     * trials and guesses (the rating counts both as used[SUDOKU_GUESS]):
     * k = SUDOKU_GUESS stands for the trials, SUDOKU_GUESS + 1 the guesses */
    for (int k = 0; k <= SUDOKU_GUESS + 1 && at < cap; k++) {
        unsigned count = k < SUDOKU_GUESS ? r->used[k]
                       : k == SUDOKU_GUESS ? (unsigned)r->trials : (unsigned)r->guesses;
        if (!count)
            continue;
        const char *name = k < SUDOKU_GUESS ? (words ? technique_words(k) : sudoku_technique_id(k))
                         : k == SUDOKU_GUESS ? (words ? (count == 1 ? "trial" : "trials")
                                                      : "trial")
                         : (words ? (count == 1 ? "guess" : "guesses") : "guess");
        if (words) { /* "%s%u %s" */
            put_text(buf, cap, &at, at ? ", " : "");
            put_count(buf, cap, &at, count);
            put_text(buf, cap, &at, " ");
            put_text(buf, cap, &at, name);
        } else { /* "%s%s:%u" */
            put_text(buf, cap, &at, at ? " " : "");
            put_text(buf, cap, &at, name);
            put_text(buf, cap, &at, ":");
            put_count(buf, cap, &at, count);
        }
    }
    return at < cap ? at : cap - 1;
}
