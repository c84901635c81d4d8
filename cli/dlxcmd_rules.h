/* SPDX-License-Identifier: MIT */
/* dlxcmd_rules.h - the words for the branching rules (enum dlx_choose), once
 * for every part that reads or writes them: --choose (dlxcmd_options.c), the
 * JSON trace's "rule" (trace/, also in the browser build) and
 * dlx-mpi's checkpoint header. Header only, so that the browser build, which
 * links none of the option parsing, has them too. */
#ifndef DLXCMD_RULES_H
#define DLXCMD_RULES_H

#include "dlx.h"

#include <string.h>

/* Each rule's name first, then its older long spellings (still read). */
static const struct cmd_rule_word {
    const char *word;
    enum dlx_choose rule;
} cmd_rule_words[] = {
    {"mrv", DLX_CHOOSE_MRV},
    {"knuth", DLX_CHOOSE_MRV_FULL},
    {"recent", DLX_CHOOSE_MRV_RECENT},
    {"path", DLX_CHOOSE_MRV_PATH},
    {"first", DLX_CHOOSE_FIRST},
    {"mrv-full", DLX_CHOOSE_MRV_FULL},
    {"mrv-recent", DLX_CHOOSE_MRV_RECENT},
    {"mrv-path", DLX_CHOOSE_MRV_PATH},
};

/* The name of a rule ("mrv" for one it does not know). */
static inline const char *cmd_rule_name(enum dlx_choose rule)
{
    for (size_t k = 0; k < sizeof cmd_rule_words / sizeof cmd_rule_words[0]; k++)
        if (cmd_rule_words[k].rule == rule)
            return cmd_rule_words[k].word;
    return "mrv";
}

/* The rule a word names: 0, or -1 for a word that names none. */
static inline int cmd_rule_parse(const char *word, enum dlx_choose *out)
{
    for (size_t k = 0; k < sizeof cmd_rule_words / sizeof cmd_rule_words[0]; k++)
        if (strcmp(cmd_rule_words[k].word, word) == 0) {
            *out = cmd_rule_words[k].rule;
            return 0;
        }
    return -1;
}

#endif
