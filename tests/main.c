/* SPDX-License-Identifier: MIT */
/* main.c - the one Check runner: every tests/check_NAME.c contributes
 * NAME_suite(), listed in the generated suites.h, and all run here so the
 * output ends with a single Check summary line. */
#include <check.h>
#include <stdlib.h>

#define SUITE(name) Suite *name##_suite(void);
#include "suites.h"
#undef SUITE

int main(void)
{
    SRunner *runner = srunner_create(NULL);
#define SUITE(name) srunner_add_suite(runner, name##_suite());
#include "suites.h"
#undef SUITE
    srunner_run_all(runner, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
