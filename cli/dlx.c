/* SPDX-License-Identifier: MIT */
/* dlx.c - the `dlx` command: solves an exact-cover problem written in
 * Knuth's text format (docs/format.md) and prints its solutions.
 *
 *   dlx [OPTION]... [FILE]
 *
 * The flow is main(): parse_options() -> read_problem() -> setup_search()
 * -> run_search() -> report(). This file owns the command line, standard
 * error, the exit status, Ctrl-C and the progress line; dlxcmd_output.c owns
 * what goes to standard output, and trace/ the teaching views (--trace,
 * --tree) that replace it. See docs/dlx.1 for the user's view.
 *
 * Exit status: 0 solutions found, 1 no solution, 2 an error (bad usage, bad
 * input, a write error), 130 interrupted by Ctrl-C (what was found so far is
 * printed, marked partial), 143 and 129 the same for SIGTERM and SIGHUP
 * (common_signal.h).
 */
#include "common_file.h"
#include "common_getopt.h"
#include "common_progress.h"
#include "common_signal.h"
#include "common_time.h"
#include "dlxcmd.h"

#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifndef DLX_DOCDIR /* make passes $(DOCDIR), where make install puts the docs */
#define DLX_DOCDIR "docs"
#endif

enum { MAX_JOBS = 4096 }; /* what dlx_search_threads() takes */

enum {
    EXIT_FOUND = 0,
    EXIT_NONE = 1,
    EXIT_ERROR = 2
    /* interrupted: 128 + the signal, as shells report it (130 for Ctrl-C) */
};

/* Has a stop signal come? Read between search slices and in the solution
 * callback (common_signal.h holds the flag). */
static int interrupted(void)
{
    return cli_stop_signal() != 0;
}

/* --- the command line ---------------------------------------------------- */

static void usage(FILE *out)
{
    fputs("Usage: dlx [OPTION]... [FILE]\n"
          "Solve the exact-cover problem in FILE (standard input when FILE is absent\n"
          "or -), written in Knuth's DLX text format, and print its solutions.\n"
          "\n"
          "The first line names the items: primary items, then '|' and secondary items.\n"
          "Every later line is one option (the items it covers); a secondary item may be\n"
          "written item:colour. A primary item written lo:hi|name (or hi|name) must be\n"
          "covered lo to hi times (Knuth's DLX3). Lines starting with '|' or '//' are\n"
          "comments.\n"
          "\n"
          "Output:\n"
          "  -c, --count           print only the number of solutions\n"
          "  -m, --max=N           stop after N solutions\n"
          "  -1, --first           stop after the first solution (--max=1)\n"
          "  -f, --format=FORMAT   text (option lines as written; the default),\n"
          "                        ids (option numbers from 0), json\n"
          "  -s, --stats           print solutions, nodes, updates, seconds to stderr\n"
          "      --profile         with the statistics, the nodes at each level and the\n"
          "                        largest branching degree (on the links, one thread)\n"
          "      --every=M         print only every M-th solution (M, 2M, ...; all\n"
          "                        are counted)\n"
          "  -q, --quiet           no summary line and no warnings on stderr\n"
          "  -p, --progress        show progress on stderr about once a second\n"
          "                        (the default when stderr is a terminal)\n"
          "      --no-progress     never show progress\n"
          "\n"
          "Search:\n"
          "      --choose=RULE     which item to branch on: mrv (fewest options left,\n"
          "                        the default), knuth (the same, exactly as DLX1 does\n"
          "                        it), recent (the fewest, ties going to an item the\n"
          "                        last choice touched), path (the fewest, ties going\n"
          "                        to the items the last path chose, in its order),\n"
          "                        first (the leftmost item); with bounds, mrv, knuth,\n"
          "                        recent and path are DLX3's rule\n"
          "      --infer[=K]       before each choice, when all the options of an item\n"
          "                        with 2 to K options left (default 4) cover one\n"
          "                        other item, take out that item's other options\n"
          "                        (sudoku's locked candidates, for any problem)\n"
          "      --seed=N          break ties and order options at random, from seed N\n"
          "                        (random: pick one and say which, to run it again)\n"
          "      --strategy=S      how the search keeps its state: auto (the default),\n"
          "                        links (dancing links) or bits (bit sets); both visit\n"
          "                        the same tree and find the same solutions\n"
          "  -j, --jobs=N          search on N threads (0: one per processor); the\n"
          "                        solutions come in the order the threads find them\n"
          "      --max-nodes=N     stop the search after N search-tree nodes (about N\n"
          "                        with -j; --min-cost and --memo too), or the trace\n"
          "                        or the tree (see below)\n"
          "      --time-limit=S    stop the search after S seconds (a decimal number;\n"
          "                        --min-cost and --memo too)\n"
          "\n",
          out);
    fputs("Costs (an option line may carry one $N, its cost; 0 when it has none):\n"
          "      --min-cost        print the cheapest solution and `cost N` (with\n"
          "                        --max=K the K cheapest, in increasing cost), found\n"
          "                        by branch and bound; --trace shows the bound and\n"
          "                        every cut\n"
          "      --bound=B         with --min-cost: full (the default), cost (cut on\n"
          "                        the cost so far only) or none (visit every solution)\n"
          "\n"
          "Counting by memo (problems without bounds):\n"
          "      --memo[=RULE]     count by memoizing the subproblems (DXZ), exactly past\n"
          "                        2^64; RULE mrv (the default) or first (the first item\n"
          "                        left, in item order)\n"
          "      --zdd=FILE        write the ZDD of all solutions to FILE (implies --memo;\n"
          "                        the format is in " DLX_DOCDIR "/format.md)\n"
          "      --sample=K        print K solutions drawn uniformly from the ZDD, from\n"
          "                        --seed (0 by default; implies --memo)\n"
          "      --memo-limit=MB   the memo's and the ZDD's memory (default: half the\n"
          "                        machine's); past it the count goes on without storing\n"
          "                        states (still exact; --zdd and --sample then fail)\n"
          "\n",
          out);
    fputs("Watching the search (small problems; these replace the normal output):\n"
          "      --trace[=FORMAT]  log every step: text (the default, indented by\n"
          "                        level), json (one event per line), matrix (the\n"
          "                        reduced matrix after each step) or links (Knuth's\n"
          "                        memory table and every link the dance changes)\n"
          "      --tree[=dot]      the search tree for Graphviz, nodes numbered in the\n"
          "                        order visited; at most 2000 drawn, the rest folded\n"
          "                        into \"+N nodes\" boxes\n"
          "      --tree-depth=N    draw N levels of the tree, fold the deeper ones\n"
          "      --tree-nodes=N    draw at most N nodes of the tree (0: all)\n"
          "      --others=N        name N other items on a choose line of the text\n"
          "                        trace (12; all: every one)\n"
          "      --detail=links    with --trace=json: every link the dance changes,\n"
          "                        and the node layout first (see\n"
          "                        " DLX_DOCDIR "/trace-json.md)\n"
          "      --max-nodes=N     stop the trace or the tree after N search-tree nodes\n"
          "      --force           trace past the size limit (1000 nodes for the text,\n"
          "                        matrix and links views, 100000 for json and the\n"
          "                        tree, which then draws every node)\n"
          "\n"
          "  -h, --help            show this help and exit\n"
          "  -V, --version         show the version and exit\n"
          "\n"
          "Exit status: 0 if a solution was found, 1 if there is none, 2 on an error,\n"
          "130 when interrupted by Ctrl-C, 143 by SIGTERM, 129 by SIGHUP (the solutions\n"
          "found so far are printed).\n"
          "The format is described in " DLX_DOCDIR "/format.md; see also dlx(1).\n",
          out);
}

static void cmd_defaults(struct cmd_options *o)
{
    memset(o, 0, sizeof *o);
    o->format = CMD_FORMAT_TEXT;
    o->progress = -1;
    o->choose = DLX_CHOOSE_MRV;
    o->others = TRACE_OTHERS_SHOWN;
    o->tree_nodes = TRACE_TREE_DRAWN;
    o->jobs = 1;
}

enum { OPT_SEED = CMD_OPT_OWN, OPT_STRATEGY, OPT_TRACE, OPT_TREE,
       OPT_FORCE, OPT_DETAIL, OPT_MAX_NODES, OPT_TREE_DEPTH, OPT_TREE_NODES, OPT_OTHERS, OPT_INFER,
       OPT_TIME_LIMIT, OPT_EVERY, OPT_PROFILE,
       /* beyond plain enumeration (dlxcmd_beyond.c) */
       OPT_MIN_COST, OPT_BOUND, OPT_MEMO, OPT_ZDD, OPT_SAMPLE, OPT_MEMO_LIMIT };

/* A seed for --seed=random, from the clock and the process id, mixed by
 * splitmix64's finaliser. It is said on stderr so the run can be repeated;
 * 53 bits, so that a JavaScript reader of the JSON trace gets it exactly. */
static uint64_t random_seed(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    uint64_t z = ((uint64_t)ts.tv_sec << 30) ^ (uint64_t)ts.tv_nsec ^ ((uint64_t)getpid() << 45);
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return (z ^ (z >> 31)) >> 11;
}

/* How --min-cost and --memo (and theirs) go with the rest: 0, or -1 after
 * saying why not. */
static int check_beyond(struct cmd_options *o, int bound_given, int memo_limit_given)
{
    const char *why = NULL;
    if (bound_given && !o->min_cost)
        why = "--bound goes with --min-cost";
    else if (memo_limit_given && !o->memo)
        why = "--memo-limit goes with --memo (or --zdd, --sample)";
    else if (o->min_cost && o->memo)
        why = "--min-cost and --memo (--zdd, --sample) are two searches: choose one";
    else if (o->min_cost && o->count_only)
        why = "--min-cost prints the cheapest solutions and their cost: it does not go with "
              "--count";
    else if (o->min_cost && o->view != TRACE_NONE && o->view != TRACE_TEXT)
        why = "--min-cost shows its search with --trace (text) only";
    else if (o->memo && o->view != TRACE_NONE)
        why = "--memo does not go with --trace or --tree (they follow the plain search)";
    else if (o->memo && o->max_solutions)
        why = "--memo counts every solution: --max and --first do not go with it (--sample K "
              "draws K)";
    else if (o->memo && o->sample && o->count_only)
        why = "--sample prints solutions: it does not go with --count";
    else if (o->memo && (o->infer || o->strategy != DLX_STRATEGY_AUTO))
        why = "--memo searches its own way: --infer and --strategy do not go with it";
    if (why) {
        cli_usage_error("dlx", "%s", why);
        return -1;
    }
    if ((o->min_cost || o->memo) && o->jobs != 1) {
        if (!o->quiet)
            fprintf(stderr, "dlx: note: %s runs on one thread; --jobs is not used\n",
                    o->min_cost ? "--min-cost" : "--memo");
        o->jobs = 1;
    }
    if (o->memo && !o->sample && !o->zdd_path)
        o->count_only = 1;
    return 0;
}

/* OPTION's argument ARG as a whole number above 0 in *out: 0, or -1 after
 * saying what is wrong. */
static int positive_arg(const char *option, const char *arg, uint64_t *out)
{
    if (cli_parse_uint(arg, UINT64_MAX, out) == 0 && *out > 0)
        return 0;
    cli_usage_error("dlx", "%s wants a positive whole number, not '%s'", option, arg);
    return -1;
}

/* How the search's limits, --every and --profile go with the rest: 0, or -1
 * after saying why not. */
static int limits_beyond(struct cmd_options *o)
{
    const char *why = NULL;
    const char *mode = o->min_cost ? "--min-cost" : "--memo (--zdd, --sample)";
    char buf[160];
    if ((o->min_cost || o->memo) && (o->every || o->profile)) {
        snprintf(buf, sizeof buf, "%s has its own output: --every and --profile go with the "
                                  "plain search",
                 mode);
        why = buf;
    } else if (o->every && (o->count_only || o->view != TRACE_NONE)) {
        why = "--every chooses which solutions are printed: it does not go with --count, "
              "--trace or --tree";
    }
    if (why) {
        cli_usage_error("dlx", "%s", why);
        return -1;
    }
    if (o->profile && o->jobs != 1) {
        if (!o->quiet)
            fputs("dlx: note: --profile follows the search on one thread; --jobs is not used\n",
                  stderr);
        o->jobs = 1;
    }
    return 0;
}

/* Fills o from argv. Returns -1 to exit 0 at once (--help, --version), 0 to
 * go on, or EXIT_ERROR after reporting a usage error. */
static int parse_options(int argc, char **argv, struct cmd_options *o)
{
    static const struct option longopts[] = {
        CMD_SHARED_LONGOPTS,
        { "seed", required_argument, NULL, OPT_SEED },
        { "strategy", required_argument, NULL, OPT_STRATEGY },
        { "infer", optional_argument, NULL, OPT_INFER },
        { "trace", optional_argument, NULL, OPT_TRACE },
        { "tree", optional_argument, NULL, OPT_TREE },
        { "force", no_argument, NULL, OPT_FORCE },
        { "detail", required_argument, NULL, OPT_DETAIL },
        { "max-nodes", required_argument, NULL, OPT_MAX_NODES },
        { "time-limit", required_argument, NULL, OPT_TIME_LIMIT },
        { "every", required_argument, NULL, OPT_EVERY },
        { "profile", no_argument, NULL, OPT_PROFILE },
        { "tree-depth", required_argument, NULL, OPT_TREE_DEPTH },
        { "tree-nodes", required_argument, NULL, OPT_TREE_NODES },
        { "others", required_argument, NULL, OPT_OTHERS },
        { "jobs", required_argument, NULL, 'j' },
        { "min-cost", no_argument, NULL, OPT_MIN_COST },
        { "bound", required_argument, NULL, OPT_BOUND },
        { "memo", optional_argument, NULL, OPT_MEMO },
        { "zdd", required_argument, NULL, OPT_ZDD },
        { "sample", required_argument, NULL, OPT_SAMPLE },
        { "memo-limit", required_argument, NULL, OPT_MEMO_LIMIT },
        { "help", no_argument, NULL, 'h' },
        { "version", no_argument, NULL, 'V' },
        { NULL, 0, NULL, 0 },
    };
    cmd_defaults(o);
    int format_given = 0, trace_given = 0, tree_given = 0, others_given = 0;
    int bound_given = 0, memo_limit_given = 0;
    const char *tree_option = NULL;
    uint64_t k;
    int c;
    /* getopt's own messages would name the program by its whole path
     * (build/bin/dlx: ...); the leading ':' and opterr = 0 let us word them
     * like every other message here. */
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":" CMD_SHARED_SHORTOPTS "j:hV", longopts, NULL)) != -1) {
        if (c == 'f')
            format_given = 1;
        switch (c) {
        case OPT_INFER:
            o->infer = CMD_INFER_DEFAULT;
            if (optarg && (cli_parse_uint(optarg, INT32_MAX, &k) != 0 || k < 2)) {
                cli_usage_error("dlx",
                                "--infer wants the most options an item may have to be used, a "
                                "whole number from 2 to 2^31-1, not '%s'",
                                optarg);
                return EXIT_ERROR;
            }
            if (optarg)
                o->infer = (int32_t)k;
            break;
        case OPT_STRATEGY:
            if (strcmp(optarg, "auto") == 0)
                o->strategy = DLX_STRATEGY_AUTO;
            else if (strcmp(optarg, "links") == 0)
                o->strategy = DLX_STRATEGY_LINKS;
            else if (strcmp(optarg, "bits") == 0)
                o->strategy = DLX_STRATEGY_BITS;
            else {
                cli_usage_error("dlx",
                                "unknown --strategy '%s' (expected auto, links or bits)", optarg);
                return EXIT_ERROR;
            }
            break;
        case OPT_SEED:
            if (strcmp(optarg, "random") == 0) {
                o->seed = random_seed();
                o->seed_random = 1;
            } else if (cli_parse_uint(optarg, UINT64_MAX, &o->seed) != 0) {
                cli_usage_error("dlx",
                                "--seed wants a whole number from 0 to 2^64-1 or 'random', "
                                "not '%s'",
                                optarg);
                return EXIT_ERROR;
            } else {
                o->seed_random = 0;
            }
            o->have_seed = 1;
            break;
        case OPT_TRACE:
            trace_given = 1;
            if (!optarg || strcmp(optarg, "text") == 0)
                o->view = TRACE_TEXT;
            else if (strcmp(optarg, "json") == 0)
                o->view = TRACE_JSON;
            else if (strcmp(optarg, "matrix") == 0)
                o->view = TRACE_MATRIX;
            else if (strcmp(optarg, "links") == 0)
                o->view = TRACE_LINKS;
            else {
                cli_usage_error("dlx",
                                "unknown --trace format '%s' (expected text, json, matrix "
                                "or links)",
                                optarg);
                return EXIT_ERROR;
            }
            break;
        case OPT_TREE:
            tree_given = 1;
            if (optarg && strcmp(optarg, "dot") != 0) {
                cli_usage_error("dlx", "unknown --tree format '%s' (expected dot)", optarg);
                return EXIT_ERROR;
            }
            break;
        case OPT_TREE_DEPTH:
        case OPT_TREE_NODES: {
            uint64_t n;
            int depth = c == OPT_TREE_DEPTH;
            if (cli_parse_uint(optarg, depth ? INT32_MAX : UINT64_MAX, &n) != 0 ||
                (depth && n == 0)) {
                cli_usage_error("dlx", "%s wants a whole number%s, not '%s'",
                                depth ? "--tree-depth" : "--tree-nodes",
                                depth ? " from 1" : " (0: all)", optarg);
                return EXIT_ERROR;
            }
            if (depth)
                o->tree_depth = (int32_t)n;
            else
                o->tree_nodes = n;
            tree_option = depth ? "--tree-depth" : "--tree-nodes";
            break;
        }
        case OPT_OTHERS: {
            uint64_t n;
            if (strcmp(optarg, "all") == 0)
                o->others = 0;
            else if (cli_parse_uint(optarg, INT32_MAX, &n) == 0 && n > 0)
                o->others = (int32_t)n;
            else {
                cli_usage_error("dlx", "--others wants a positive whole number or 'all', not '%s'",
                                optarg);
                return EXIT_ERROR;
            }
            others_given = 1;
            break;
        }
        case OPT_FORCE:
            o->force = 1;
            break;
        case OPT_DETAIL:
            if (strcmp(optarg, "links") != 0) {
                cli_usage_error("dlx", "unknown --detail '%s' (expected links)", optarg);
                return EXIT_ERROR;
            }
            o->detail = 1;
            break;
        case OPT_MAX_NODES:
            if (positive_arg("--max-nodes", optarg, &o->max_nodes) != 0)
                return EXIT_ERROR;
            break;
        case OPT_TIME_LIMIT: {
            char *end = NULL;
            errno = 0;
            o->time_limit = strtod(optarg, &end);
            if (errno || end == optarg || *end || !(o->time_limit > 0) ||
                o->time_limit > 1e9 || optarg[0] == ' ') {
                cli_usage_error("dlx", "--time-limit wants a number of seconds above 0 (such "
                                       "as 10 or 0.5), not '%s'",
                                optarg);
                return EXIT_ERROR;
            }
            break;
        }
        case OPT_EVERY:
            if (positive_arg("--every", optarg, &o->every) != 0)
                return EXIT_ERROR;
            break;
        case OPT_PROFILE:
            o->profile = 1;
            o->stats = 1;
            break;
        case 'j': {
            uint64_t n;
            if (cli_parse_uint(optarg, MAX_JOBS, &n) != 0) {
                cli_usage_error("dlx", "--jobs wants a number of threads from 0 to %d, not '%s'",
                                MAX_JOBS, optarg);
                return EXIT_ERROR;
            }
            o->jobs = (int32_t)n;
            break;
        }
        /* --- beyond plain enumeration (dlxcmd_beyond.c) --- */
        case OPT_MIN_COST:
            o->min_cost = 1;
            break;
        case OPT_BOUND:
            if (strcmp(optarg, "full") == 0)
                o->bound = DLX_BOUND_FULL;
            else if (strcmp(optarg, "cost") == 0)
                o->bound = DLX_BOUND_COST;
            else if (strcmp(optarg, "none") == 0)
                o->bound = DLX_BOUND_NONE;
            else {
                cli_usage_error("dlx", "unknown --bound '%s' (expected full, cost or none)",
                                optarg);
                return EXIT_ERROR;
            }
            bound_given = 1;
            break;
        case OPT_MEMO:
            o->memo = 1;
            if (!optarg || strcmp(optarg, "mrv") == 0)
                o->memo_rule = DLX_MEMO_MRV;
            else if (strcmp(optarg, "first") == 0)
                o->memo_rule = DLX_MEMO_FIRST;
            else {
                cli_usage_error("dlx", "unknown --memo rule '%s' (expected mrv or first)", optarg);
                return EXIT_ERROR;
            }
            break;
        case OPT_ZDD:
            o->zdd_path = optarg;
            o->memo = 1;
            break;
        case OPT_SAMPLE:
            if (cli_parse_uint(optarg, UINT64_MAX, &o->sample) != 0 || o->sample == 0) {
                cli_usage_error("dlx", "--sample wants a positive whole number, not '%s'", optarg);
                return EXIT_ERROR;
            }
            o->memo = 1;
            break;
        case OPT_MEMO_LIMIT:
            if (cli_parse_uint(optarg, UINT64_MAX / 1048576u, &o->memo_limit_mb) != 0 ||
                o->memo_limit_mb == 0) {
                cli_usage_error("dlx", "--memo-limit wants a positive number of megabytes, not '%s'",
                                optarg);
                return EXIT_ERROR;
            }
            memo_limit_given = 1;
            break;
        case 'h':
            usage(stdout);
            return -1;
        case 'V':
            cli_print_version("dlx", "libdlx",
                              "Knuth's Algorithm X with dancing links, for exact cover with "
                              "colours.");
            return -1;
        default: {
            int taken = cmd_shared_option("dlx", 1, c, optarg, o);
            if (taken > 0)
                break;
            if (taken == 0) {
                char why[256];
                cli_usage_error("dlx", "%s", cli_getopt_problem(c, argv, why, sizeof why));
            }
            return EXIT_ERROR;
        }
        }
    }
    if (trace_given && tree_given) {
        cli_usage_error("dlx", "--trace and --tree are two views of the search: choose one");
        return EXIT_ERROR;
    }
    if (tree_given)
        o->view = TRACE_DOT;
    if (check_beyond(o, bound_given, memo_limit_given) != 0)
        return EXIT_ERROR;
    if (tree_option && o->view != TRACE_DOT) {
        cli_usage_error("dlx", "%s goes with --tree", tree_option);
        return EXIT_ERROR;
    }
    if (others_given && o->view != TRACE_TEXT) {
        cli_usage_error("dlx", "--others goes with --trace (the text log)");
        return EXIT_ERROR;
    }
    if (o->view != TRACE_NONE && (o->count_only || format_given)) {
        cli_usage_error("dlx",
                        "%s writes its own output: it does not go with --count or --format",
                        o->view == TRACE_DOT ? "--tree" : "--trace");
        return EXIT_ERROR;
    }
    if (limits_beyond(o) != 0)
        return EXIT_ERROR;
    if (o->detail && o->view != TRACE_JSON) {
        cli_usage_error("dlx", "--detail=links goes with --trace=json");
        return EXIT_ERROR;
    }
    if (o->view != TRACE_NONE && o->infer) {
        /* The engine reports the plain dance to an event hook (dlx.h). */
        if (!o->quiet)
            fprintf(stderr, "dlx: note: %s shows the search without the inference; --infer is "
                            "not used\n",
                    o->view == TRACE_DOT ? "--tree" : "--trace");
        o->infer = 0;
    }
    if (o->view != TRACE_NONE && o->jobs != 1) {
        /* The views follow one search step by step: one thread. */
        if (!o->quiet)
            fprintf(stderr, "dlx: note: %s follows the search on one thread; --jobs is not "
                            "used\n",
                    o->view == TRACE_DOT ? "--tree" : "--trace");
        o->jobs = 1;
    }
    if (argc - optind > 1) {
        cli_usage_error("dlx", "too many arguments: one FILE at most (starting with '%s')",
                        argv[optind + 1]);
        return EXIT_ERROR;
    }
    cmd_take_path(o, optind < argc ? argv[optind] : NULL);
    return 0;
}

/* --- reading ------------------------------------------------------------- */

/* Reads and parses the input into run->text. Returns 0 or EXIT_ERROR after
 * reporting what went wrong. Warnings are reported here too. */
static int read_problem(struct cmd_run *run)
{
    const struct cmd_options *o = run->opt;
    FILE *in = stdin;
    if (o->path) {
        in = fopen(o->path, "r");
        if (!in) {
            cli_file_error("dlx", o->input_name, "cannot open", errno);
            return EXIT_ERROR;
        }
    }
    if (!o->path && !o->quiet)
        cli_terminal_hint("dlx", "the problem");
    run->text = dlx_text_new();
    if (!run->text) {
        fputs("dlx: error: out of memory\n", stderr);
        if (in != stdin)
            fclose(in);
        return EXIT_ERROR;
    }
    int rc = dlx_text_read(run->text, in);
    if (in != stdin)
        fclose(in);
    if (!o->quiet) {
        size_t total = dlx_text_warning_count(run->text);
        const dlx_text_diag *w;
        for (size_t i = 0; (w = dlx_text_warning(run->text, i)) != NULL; i++)
            cmd_print_diag("dlx", o->input_name, w, "warning");
        if (total > DLX_TEXT_MAX_WARNINGS)
            fprintf(stderr, "%s: warning: %llu more warnings not shown\n", o->input_name,
                    (unsigned long long)(total - DLX_TEXT_MAX_WARNINGS));
    }
    if (rc != DLX_OK) {
        const dlx_text_diag *d = dlx_text_error(run->text);
        if (d)
            cmd_print_diag("dlx", o->input_name, d, "error");
        else
            fprintf(stderr, "dlx: %s: error: %s\n", o->input_name, dlx_text_strerror(rc));
        return EXIT_ERROR;
    }
    run->problem = dlx_text_problem(run->text);
    return 0;
}

/* --- searching ----------------------------------------------------------- */

/* With -j N this runs on the search's threads, one call at a time; Ctrl-C
 * is then the watch's to see, on the main thread. */
static int on_solution(void *ctx, const int32_t *options, int32_t count)
{
    struct cmd_run *run = ctx;
    if (run->threaded)
        pthread_mutex_lock(&run->lock);
    /* Solutions and the progress line may share the terminal: the line
     * goes first; the next tick redraws it. */
    cli_progress_before_output(&run->progress, run->out);
    run->seen++;
    const uint64_t every = run->opt->every;
    int failed = (every <= 1 || run->seen % every == 0) && output_solution(run, options, count) != 0;
    if (run->threaded) {
        pthread_mutex_unlock(&run->lock);
        return failed;
    }
    return failed || interrupted();
}

static const char *option_text(void *ctx, int32_t option)
{
    return dlx_text_option_text(ctx, option);
}

static const char *color_name(void *ctx, int32_t color)
{
    return dlx_text_color_name(ctx, color);
}

/* The node limit of the teaching view: --max-nodes, none with --force, or
 * the view's default. */
static uint64_t view_limit(const struct cmd_options *o)
{
    if (o->max_nodes)
        return o->max_nodes;
    if (o->force)
        return 0;
    return o->view == TRACE_JSON || o->view == TRACE_DOT ? TRACE_JSON_LIMIT : TRACE_TEXT_LIMIT;
}

/* The one place where the problem is configured before the search: choose
 * rule, seed, limit, and either the solution callback or a teaching view's
 * event hook. Returns 0 or EXIT_ERROR after reporting. */
static int setup_search(struct cmd_run *run)
{
    const struct cmd_options *o = run->opt;
    dlx_problem *p = run->problem;
    int rc = dlx_set_choose(p, o->choose);
    if (rc == DLX_OK)
        rc = dlx_set_strategy(p, o->strategy);
    if (rc == DLX_OK && o->have_seed)
        rc = dlx_set_seed(p, o->seed);
    if (rc == DLX_OK && o->profile)
        rc = dlx_set_profile(p, 1);
    if (rc == DLX_OK && o->infer) {
        if (dlx_has_bounds(p)) {
            /* An item with bounds may be covered by several options or by
             * none: the rule does not hold there (dlx.h). */
            if (!o->quiet)
                fprintf(stderr, "dlx: note: --infer is not used on a problem with bounds "
                                "(lo:hi|name items)\n");
        } else {
            rc = dlx_set_inference(p, DLX_INFER_SHARED_ITEM, o->infer);
        }
    }
    if (rc != DLX_OK) {
        fprintf(stderr, "dlx: error: cannot set up the search: %s\n", dlx_strerror(rc));
        return EXIT_ERROR;
    }
    if (o->seed_random && !o->quiet)
        fprintf(stderr, "dlx: seed %llu (--seed=%llu runs this search again)\n",
                (unsigned long long)o->seed, (unsigned long long)o->seed);
    if (o->min_cost || o->memo)
        return 0; /* their searches are set up in dlxcmd_beyond.c */
    dlx_set_limit(p, o->max_solutions);
    if (o->view != TRACE_NONE) {
        /* The view writes the solutions itself, as part of the trace. */
        trace_opts to = {
            .format = o->view,
            .out = run->out,
            .max_nodes = view_limit(o),
            .choose = o->choose,
            .option_text = option_text,
            .color_name = color_name,
            .text_ctx = run->text,
            .detail = o->detail,
            .have_seed = o->have_seed,
            .seed = o->seed,
            .others_shown = o->others,
            .tree_depth = o->tree_depth,
            .tree_nodes = o->force ? 0 : o->tree_nodes,
        };
        if (to.format == TRACE_MATRIX && dlx_has_bounds(p)) {
            fprintf(stderr,
                    "%s: error: --trace=%s shows Algorithm X's dance; this problem has bounds "
                    "(Algorithm M): --trace, --trace=json or --trace=links shows its search\n",
                    o->input_name, trace_format_name(to.format));
            return EXIT_ERROR;
        }
        if (to.format == TRACE_MATRIX && !o->force && !trace_matrix_fits(p)) {
            fprintf(stderr,
                    "%s: error: --trace=matrix is for small problems (at most %d items and %d "
                    "options; this one has %ld and %ld): --force prints it anyway\n",
                    o->input_name, TRACE_MATRIX_ITEMS, TRACE_MATRIX_OPTIONS,
                    (long)dlx_item_count(p), (long)dlx_option_count(p));
            return EXIT_ERROR;
        }
        run->trace = trace_new(p, &to);
        if (!run->trace) {
            fputs("dlx: error: out of memory\n", stderr);
            return EXIT_ERROR;
        }
    } else if (!o->count_only) {
        dlx_set_solution_fn(p, on_solution, run);
    }
    return 0;
}

static void draw_progress(struct cmd_run *run, double now, double elapsed, double done,
                          const dlx_stats *s)
{
    dlx_stats st = *s;
    char a[32], b[32], c[32], eta[64] = "", threads[32] = "";
    if (run->threaded)
        snprintf(threads, sizeof threads, ", %ld threads", (long)run->threads);
    /* Knuth's estimate is rough early on, so the time left is shown only
     * once there is something to extrapolate from, and as "about". */
    if (elapsed >= 3 && done > 0.001 && done < 1)
        snprintf(eta, sizeof eta, ", about %s left",
                 cli_human_seconds(elapsed * (1 - done) / done, c));
    cli_progress_show(&run->progress, now,
                      "dlx: %5.1f%% of the tree, %s solutions, %s nodes, %.0f s%s%s", 100.0 * done,
                      cli_human_count(st.solutions, a), cli_human_count(st.nodes, b), elapsed,
                      threads, eta);
}

/* Runs the search in slices of a node budget, so Ctrl-C and the progress
 * line are looked at every few tens of milliseconds whatever the problem:
 * the budget starts at one node and follows the time a slice takes, down to
 * one node (a node may scan every item: with --seed on 100,000 items each
 * alone in an option, one took 6 ms, and a first slice of 16,384 nodes kept
 * Ctrl-C waiting 98 s). Returns the last dlx_search() status. */
static int run_search(struct cmd_run *run, double start)
{
    const double slice_target = 0.05; /* seconds per slice */
    const struct cmd_options *o = run->opt;
    const uint64_t node_limit = o->view == TRACE_NONE ? o->max_nodes : 0;
    uint64_t budget = 1;
    for (;;) {
        uint64_t slice = budget;
        if (node_limit) {
            /* The slice ends at the limit, so the search stops exactly there. */
            dlx_stats st;
            dlx_get_stats(run->problem, &st);
            if (st.nodes >= node_limit) {
                run->limit_hit = CMD_LIMIT_NODES;
                return DLX_STOPPED;
            }
            if (slice > node_limit - st.nodes)
                slice = node_limit - st.nodes;
        }
        double t0 = cli_now_seconds();
        int rc = dlx_search(run->problem, slice);
        if (rc != DLX_PAUSED || interrupted())
            return rc;
        double t1 = cli_now_seconds();
        if (o->time_limit && t1 - start >= o->time_limit) {
            run->limit_hit = CMD_LIMIT_TIME;
            return DLX_STOPPED;
        }
        /* Aim at slices of about slice_target whatever a node costs here. */
        if (t1 - t0 < slice_target / 4 && budget < (UINT64_C(1) << 40))
            budget *= 2;
        else if (t1 - t0 > slice_target * 2 && budget > 1)
            budget /= 2;
        if (cli_progress_due(&run->progress, t1)) {
            dlx_stats st;
            dlx_get_stats(run->problem, &st);
            draw_progress(run, t1, t1 - start, dlx_estimate_done(run->problem), &st);
        }
    }
}

/* The signals the command handles, kept away from the search's threads so
 * that their handlers run on the main thread, which the watch is on. */
static void handled_signals(sigset_t *set)
{
    sigemptyset(set);
    sigaddset(set, SIGINT);
    sigaddset(set, SIGTERM);
    sigaddset(set, SIGHUP);
}

/* The parallel search's watch, on the main thread every 50 ms: Ctrl-C, the
 * progress line. The first call gives the main thread its signals back
 * (every search thread exists by then, with them blocked). */
struct watch_state {
    struct cmd_run *run;
    sigset_t saved;
    int restored;
};

static int watch_search(void *ctx, const dlx_progress *pr)
{
    struct watch_state *ws = ctx;
    struct cmd_run *run = ws->run;
    if (!ws->restored) {
        pthread_sigmask(SIG_SETMASK, &ws->saved, NULL);
        ws->restored = 1;
    }
    run->threads = pr->threads;
    run->done = pr->done;
    double now = cli_now_seconds();
    if (!pr->final && cli_progress_due(&run->progress, now)) {
        pthread_mutex_lock(&run->lock);
        draw_progress(run, now, now - run->start, pr->done, &pr->stats);
        pthread_mutex_unlock(&run->lock);
    }
    const struct cmd_options *o = run->opt;
    if (!pr->final && o->max_nodes && pr->stats.nodes >= o->max_nodes)
        run->limit_hit = CMD_LIMIT_NODES;
    else if (!pr->final && o->time_limit && now - run->start >= o->time_limit)
        run->limit_hit = CMD_LIMIT_TIME;
    return interrupted() || run->limit_hit;
}

/* -j N: one search on N threads (dlx_search_threads()); the statistics,
 * the limit and the solution callback are the problem's as before. */
static int run_threads(struct cmd_run *run, double start)
{
    struct watch_state ws = {.run = run};
    sigset_t block;
    handled_signals(&block);
    pthread_sigmask(SIG_BLOCK, &block, &ws.saved);
    run->start = start;
    int rc = dlx_search_threads(run->problem, run->opt->jobs, watch_search, &ws);
    if (!ws.restored)
        pthread_sigmask(SIG_SETMASK, &ws.saved, NULL);
    return rc;
}

/* --- finishing ----------------------------------------------------------- */

/* What the summary line says of a search that stopped before its end. */
static const char *stop_note(const struct cmd_run *run)
{
    static char note[96];
    if (run->limit_hit == CMD_LIMIT_NODES) {
        snprintf(note, sizeof note, " (stopped at --max-nodes=%llu)",
                 (unsigned long long)run->opt->max_nodes);
        return note;
    }
    if (run->limit_hit == CMD_LIMIT_TIME) {
        snprintf(note, sizeof note, " (stopped at --time-limit=%g)", run->opt->time_limit);
        return note;
    }
    return cmd_limit_note(run->opt);
}

/* --profile: Knuth's programs' profile, the nodes at each level, with the
 * largest branching degree; each level's share of the nodes too, since
 * where a tree is widest is what the profile is read for. */
static void print_profile(const dlx_problem *p)
{
    int32_t levels = dlx_get_profile(p, NULL, 0);
    uint64_t *at = levels > 0 ? malloc((size_t)levels * sizeof *at) : NULL;
    fprintf(stderr, "max degree: %ld\n", (long)dlx_max_degree(p));
    if (!at) {
        if (levels > 0)
            fputs("profile: out of memory\n", stderr);
        return;
    }
    dlx_get_profile(p, at, levels);
    uint64_t total = 0;
    for (int32_t l = 0; l < levels; l++)
        total += at[l];
    fputs("profile (level: nodes, share of all):\n", stderr);
    for (int32_t l = 0; l < levels; l++)
        fprintf(stderr, "  %3ld: %llu, %.1f%%\n", (long)l, (unsigned long long)at[l],
                total ? 100.0 * (double)at[l] / (double)total : 0.0);
    free(at);
}

static void print_summary(struct cmd_run *run, int rc, double seconds)
{
    const struct cmd_options *o = run->opt;
    dlx_stats st;
    dlx_get_stats(run->problem, &st);
    if (!o->quiet) {
        char sol[64];
        if (st.solutions == 0)
            snprintf(sol, sizeof sol, "no solution");
        else
            snprintf(sol, sizeof sol, "%llu solution%s", (unsigned long long)st.solutions,
                     st.solutions == 1 ? "" : "s");
        if (interrupted())
            fprintf(stderr,
                    "dlx: interrupted (%s): %s so far (partial), %llu node%s, %.3f s, about "
                    "%.1f%% of the tree searched\n",
                    cli_signal_name(cli_stop_signal()), sol, (unsigned long long)st.nodes,
                    st.nodes == 1 ? "" : "s", seconds,
                    100.0 * (run->threaded ? run->done : dlx_estimate_done(run->problem)));
        else if (run->trace && trace_limit_hit(run->trace))
            fprintf(stderr,
                    "dlx: %s stopped at its limit of %llu search-tree nodes: it is meant "
                    "for small problems; --force %s everything\n",
                    o->view == TRACE_DOT ? "the tree" : "the trace",
                    (unsigned long long)view_limit(o),
                    o->view == TRACE_DOT ? "draws" : "traces");
        else
            fprintf(stderr, "dlx: %s%s, %llu node%s, %.3f s\n", sol,
                    rc == DLX_STOPPED ? stop_note(run) : "",
                    (unsigned long long)st.nodes, st.nodes == 1 ? "" : "s", seconds);
    }
    uint64_t drawn = 0, folded = 0;
    if (run->trace)
        trace_tree_counts(run->trace, &drawn, &folded);
    if (!o->quiet && folded > 0)
        fprintf(stderr,
                "dlx: the tree draws %llu of its %llu nodes and folds the others into dashed "
                "\"+N nodes\" boxes (--tree-nodes=N or --tree-depth=N to choose, --force to draw "
                "all)\n",
                (unsigned long long)drawn, (unsigned long long)(drawn + folded));
    if (o->stats) {
        dlx_problem *p = run->problem;
        int32_t items = dlx_item_count(p), secondary = 0, bounded = 0;
        for (int32_t i = 0; i < items; i++) {
            int32_t lo = 1, hi = 1;
            secondary += dlx_item_is_secondary(p, i) == 1;
            dlx_item_bounds(p, i, &lo, &hi);
            bounded += dlx_item_is_secondary(p, i) != 1 && (lo != 1 || hi != 1);
        }
        fprintf(stderr, "items: %ld (%ld primary", (long)items, (long)(items - secondary));
        if (bounded > 0) /* searched by Algorithm M */
            fprintf(stderr, ", %ld with bounds", (long)bounded);
        fprintf(stderr, ", %ld secondary)\noptions: %ld\ncolours: %ld\n", (long)secondary,
                (long)dlx_option_count(p), (long)dlx_text_color_count(run->text));
        fprintf(stderr,
                "solutions: %llu\nnodes: %llu\nupdates: %llu\nseconds: %.3f\n"
                "max level: %ld\nstrategy: %s\ncomplete: %s\n",
                (unsigned long long)st.solutions, (unsigned long long)st.nodes,
                (unsigned long long)st.updates, seconds, (long)st.max_level,
                dlx_search_strategy(p) == DLX_STRATEGY_BITS ? "bits" : "links",
                interrupted()                                 ? "no (interrupted)"
                : rc != DLX_STOPPED                           ? "yes"
                : run->trace && trace_limit_hit(run->trace) ? "no (trace limit)"
                : run->limit_hit == CMD_LIMIT_NODES           ? "no (--max-nodes)"
                : run->limit_hit == CMD_LIMIT_TIME            ? "no (--time-limit)"
                                                              : "no (--max)");
        if (o->have_seed)
            fprintf(stderr, "seed: %llu\n", (unsigned long long)o->seed);
        if (dlx_inference(p, NULL) != DLX_INFER_NONE)
            fprintf(stderr, "inferred: %llu\n", (unsigned long long)dlx_inferred(p));
        if (run->threaded)
            fprintf(stderr, "threads: %ld\n", (long)run->threads);
        if (o->every > 1)
            fprintf(stderr, "printed: %llu (--every=%llu)\n", (unsigned long long)run->printed,
                    (unsigned long long)o->every);
        if (o->profile)
            print_profile(p);
    }
}

/* Flushes and closes standard output. A reader that has gone away is not an
 * error (dlx ... | head -1); any other failure is. Returns 0 or EXIT_ERROR. */
static int finish_output(struct cmd_run *run)
{
    if (!run->out_closed && !run->out_errno && (fflush(run->out) != 0 || ferror(run->out)))
        output_check(run);
    if (fclose(run->out) != 0 && !run->out_closed && !run->out_errno)
        run->out_errno = errno == EPIPE ? 0 : errno;
    if (run->out_errno) {
        fprintf(stderr, "dlx: write error: %s\n", strerror(run->out_errno));
        return EXIT_ERROR;
    }
    return 0;
}

/* Standard output alone, for --help and --version. */
static int finish_stdout_only(void)
{
    struct cmd_options o;
    cmd_defaults(&o);
    struct cmd_run run = { .opt = &o, .out = stdout };
    return finish_output(&run);
}

int main(int argc, char **argv)
{
    /* A closed pipe must show up as EPIPE from write(), not kill us; nor
     * must the file size limit (EFBIG, a write error). */
    signal(SIGPIPE, SIG_IGN);
    signal(SIGXFSZ, SIG_IGN);

    struct cmd_options opt;
    int status = parse_options(argc, argv, &opt);
    if (status < 0)
        return finish_stdout_only() ? EXIT_ERROR : 0;
    if (status != 0)
        return status;

    struct cmd_run run = { .opt = &opt, .out = stdout };
    status = read_problem(&run);
    if (status == 0)
        status = setup_search(&run);
    if (status != 0) {
        dlx_text_free(run.text);
        return status;
    }

    /* Ctrl-C, SIGTERM, SIGHUP: stop cleanly (common_signal.h). Installed
     * once the problem is read: a read blocked on a terminal must still
     * die of them. */
    cli_signals_init();

    run.threaded = opt.jobs != 1;
    if (run.threaded && pthread_mutex_init(&run.lock, NULL) != 0) {
        fputs("dlx: error: cannot start the threads\n", stderr);
        dlx_text_free(run.text);
        return EXIT_ERROR;
    }
    double start = cli_now_seconds();
    cli_progress_init(&run.progress,
                      opt.progress == -1 && (opt.quiet || opt.view != TRACE_NONE) ? 0
                                                                                   : opt.progress,
                      start);
    if (opt.min_cost || opt.memo) {
        /* The modes beyond plain enumeration write their own output. */
        status = opt.min_cost ? beyond_min_cost(&run) : beyond_memo(&run);
        if (finish_output(&run) != 0)
            status = EXIT_ERROR;
        trace_free(run.trace);
        dlx_text_free(run.text);
        free(run.sorted);
        if (run.threaded)
            pthread_mutex_destroy(&run.lock);
        return status;
    }
    if (!run.trace)
        output_begin(&run);
    int rc = run.threaded ? run_threads(&run, start) : run_search(&run, start);
    double seconds = cli_now_seconds() - start;
    cli_progress_clear(&run.progress);
    if (run.trace) {
        /* A failed write shows on stdout's error flag, checked below. */
        (void)trace_finish(run.trace, rc);
        output_check(&run);
    }
    if (rc < 0) {
        fprintf(stderr, "dlx: error: the search failed: %s\n", dlx_strerror(rc));
        trace_free(run.trace);
        dlx_text_free(run.text);
        free(run.sorted);
        return EXIT_ERROR;
    }
    dlx_stats st;
    dlx_get_stats(run.problem, &st);
    if (!run.trace)
        output_end(&run, st.solutions, rc == DLX_OK && !interrupted());
    int out_status = finish_output(&run);
    if (!run.out_closed && !run.out_errno)
        print_summary(&run, rc, seconds);

    if (out_status != 0)
        status = out_status;
    else if (interrupted())
        status = 128 + cli_stop_signal();
    else
        status = st.solutions > 0 ? EXIT_FOUND : EXIT_NONE;
    trace_free(run.trace);
    dlx_text_free(run.text);
    free(run.sorted);
    if (run.threaded)
        pthread_mutex_destroy(&run.lock);
    return status;
}
