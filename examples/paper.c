/* SPDX-License-Identifier: MIT */
/* paper.c - the exact-cover example of Knuth's "Dancing Links" paper
 * (arXiv cs/0011047, 2000), solved through libdlx: seven items A..G and six
 * options; the only solution is {A D}, {B G}, {C E F}. This is also the
 * library example of README.md. */
#include <stdio.h>

#include "dlx.h"

static const char *const option_text[] = {"C E F", "A D G", "B C F", "A D", "B G", "D E G"};

/* Prints one solution; the option ids come from the engine, the text from
 * the table above. */
static int print_solution(void *ctx, const int32_t *options, int32_t count)
{
    (void)ctx;
    printf("solution:");
    for (int32_t k = 0; k < count; k++)
        printf(" {%s}", option_text[options[k]]);
    printf("\n");
    return 0; /* 0: keep searching */
}

int main(void)
{
    static const int32_t options[][3] = {
        {2, 4, 5}, {0, 3, 6}, {1, 2, 5}, {0, 3}, {1, 6}, {3, 4, 6},
    };
    static const int32_t sizes[] = {3, 3, 3, 2, 2, 3};
    dlx_problem *p = dlx_new();
    if (!p)
        return 1;
    for (char name[2] = "A"; name[0] <= 'G'; name[0]++)
        dlx_add_item(p, name, DLX_PRIMARY);
    for (int k = 0; k < 6; k++) {
        int32_t rc = dlx_add_option(p, options[k], NULL, sizes[k]);
        if (rc < 0) {
            fprintf(stderr, "paper: %s\n", dlx_strerror(rc));
            dlx_free(p);
            return 1;
        }
    }
    dlx_set_solution_fn(p, print_solution, NULL);
    /* The paper's algorithm, dancing links, whose updates (links cut) it
     * counts; the library would pick its bit-set search for a problem this
     * small, with the same nodes but its own count of updates. */
    dlx_set_strategy(p, DLX_STRATEGY_LINKS);
    int rc = dlx_search(p, 0);
    dlx_stats st;
    dlx_get_stats(p, &st);
    printf("%llu solution%s, %llu nodes, %llu updates\n", (unsigned long long)st.solutions,
           st.solutions == 1 ? "" : "s", (unsigned long long)st.nodes,
           (unsigned long long)st.updates);
    dlx_free(p);
    return rc == DLX_OK ? 0 : 1;
}
