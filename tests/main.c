/* SPDX-License-Identifier: MIT */
/* main.c - the one Check runner: every tests/check_NAME.c contributes
 * NAME_suite() (and may define more X_suite() functions, each on a line of
 * its own as "Suite *X_suite(void)"), listed in the generated suites.h; all
 * run here, so the output ends with a single Check summary line.
 *
 *   check_all            every suite
 *   check_all NAME...    only those suites (tests/run-units.sh runs them
 *                        side by side)
 *   check_all --list     the names, one a line
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SUITE(name) Suite *name##_suite(void);
#include "suites.h"
#undef SUITE

/* Whether NAME is asked for: every suite when argv names none. */
static int wanted(const char *name, int argc, char **argv)
{
    if (argc < 2)
        return 1;
    for (int k = 1; k < argc; k++)
        if (strcmp(argv[k], name) == 0)
            return 1;
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "--list") == 0) {
#define SUITE(name) puts(#name);
#include "suites.h"
#undef SUITE
        return EXIT_SUCCESS;
    }
    int known = 0;
#define SUITE(name) known += wanted(#name, argc, argv);
#include "suites.h"
#undef SUITE
    if (known == 0 || (argc > 1 && known != argc - 1)) {
        fprintf(stderr, "check_all: unknown suite name among the arguments (check_all --list)\n");
        return EXIT_FAILURE;
    }
    SRunner *runner = srunner_create(NULL);
#define SUITE(name)                                                                              \
    if (wanted(#name, argc, argv))                                                               \
        srunner_add_suite(runner, name##_suite());
#include "suites.h"
#undef SUITE
    srunner_run_all(runner, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
