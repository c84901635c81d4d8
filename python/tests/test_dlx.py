# SPDX-License-Identifier: MIT
"""The dlx module against counts with a named source: N queens (OEIS
A000170), Langford pairs (OEIS A014552, doubled: a sequence and its reversal
are both solutions), Latin squares (OEIS A002860), proper colourings of the
Petersen graph (its chromatic polynomial), and Knuth's "Dancing Links" paper
example (its one solution, and the 6 nodes and 30 updates worked out by hand
in docs/algorithm-x.md). Run by `make check` (tests/cli/test_python.sh)."""

import collections
import math
import os
import re
import threading
import unittest

import dlx

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def queens(n):
    """Rows and columns primary, diagonals secondary; one option a square."""
    items = ["r%d" % i for i in range(n)] + ["c%d" % j for j in range(n)]
    diagonals = ["a%d" % d for d in range(2 * n - 1)] + ["b%d" % d for d in range(2 * n - 1)]
    options = [("r%d" % i, "c%d" % j, "a%d" % (i + j), "b%d" % (i - j + n - 1))
               for i in range(n) for j in range(n)]
    return dlx.Problem(items, options, diagonals)


def langford(n):
    """Numbers 1..n and slots 1..2n; option (k, s_i, s_j) when j = i + k + 1."""
    items = list(range(1, n + 1)) + [("s", i) for i in range(1, 2 * n + 1)]
    options = [(k, ("s", i), ("s", i + k + 1))
               for k in range(1, n + 1) for i in range(1, 2 * n - k)]
    return dlx.Problem(items, options)


def latin(n):
    items = [("cell", i, j) for i in range(n) for j in range(n)] + \
            [("row", i, s) for i in range(n) for s in range(n)] + \
            [("col", j, s) for j in range(n) for s in range(n)]
    options = [(("cell", i, j), ("row", i, s), ("col", j, s))
               for i in range(n) for j in range(n) for s in range(n)]
    return dlx.Problem(items, options)


def sudoku4():
    """The empty 4x4 sudoku: 288 grids (a known count: 4! * 2 * 2 * 3)."""
    items = [(k, a, b) for k in "prcx" for a in range(4) for b in range(4)]
    options = [(("p", r, c), ("r", r, d), ("c", c, d), ("x", r // 2 * 2 + c // 2, d))
               for r in range(4) for c in range(4) for d in range(4)]
    return dlx.Problem(items, options)


PETERSEN = [(i, (i + 1) % 5) for i in range(5)] + [(i, i + 5) for i in range(5)] + \
           [(5 + i, 5 + (i + 2) % 5) for i in range(5)]


def colourings(edges, vertices, k):
    """Each edge a primary item; each vertex a secondary item whose colour is
    the vertex's; an option colours both ends of an edge differently. (The
    edge (0, 1) is an item, so vertex 0 with colour 1 must be written
    Colour(0, 1).)"""
    options = [(e, dlx.Colour(u, a), dlx.Colour(v, b)) for e in edges for (u, v) in [e]
               for a in range(k) for b in range(k) if a != b]
    return dlx.Problem(edges, options, vertices)


QUEENS6 = (queens(6).items[:12], queens(6).options, queens(6).items[12:])
PAPER = ("A B C D E F G", ["C E F", "A D G", "B C F", "A D", "B G", "D E G"])


class Counts(unittest.TestCase):
    def test_queens(self):
        # OEIS A000170.
        for n, want in [(1, 1), (2, 0), (3, 0), (4, 2), (5, 10), (6, 4), (7, 40), (8, 92)]:
            with self.subTest(n=n):
                self.assertEqual(queens(n).count(), want)

    def test_langford(self):
        # OEIS A014552 (1, 1, 0, 0, 26, 150 for n = 3..8), twice.
        for n, want in [(3, 2), (4, 2), (5, 0), (6, 0), (7, 52), (8, 300)]:
            with self.subTest(n=n):
                self.assertEqual(langford(n).count(), want)

    def test_latin(self):
        # OEIS A002860.
        for n, want in [(1, 1), (2, 2), (3, 12), (4, 576)]:
            with self.subTest(n=n):
                self.assertEqual(latin(n).count(), want)

    def test_colours(self):
        # Chromatic polynomial of the Petersen graph:
        # t(t-1)(t-2)(t^7 - 12t^6 + 67t^5 - 230t^4 + 529t^3 - 814t^2 + 775t - 352);
        # 0 at t = 2, 120 at t = 3, 12960 at t = 4.
        for k, want in [(2, 0), (3, 120)]:
            with self.subTest(k=k):
                self.assertEqual(colourings(PETERSEN, range(10), k).count(), want)
        # A cycle C5 with k colours: (k-1)^5 - (k-1).
        c5 = [(i, (i + 1) % 5) for i in range(5)]
        self.assertEqual(colourings(c5, range(5), 3).count(), 2 ** 5 - 2)

    def test_generator_agrees_with_count(self):
        p = queens(6)
        sols = list(p.solutions())
        self.assertEqual(len(sols), 4)
        for s in sols:  # each solution is an exact cover of the primary items
            covered = [x for o in s for x in p.options[o] if x not in p.secondary]
            self.assertEqual(sorted(covered, key=str), sorted(p.items[:12], key=str))
            diagonals = [x for o in s for x in p.options[o] if x in p.secondary]
            self.assertEqual(len(diagonals), len(set(diagonals)))


class Paper(unittest.TestCase):
    def test_solution_and_stats(self):
        p = dlx.Problem(*PAPER, strategy="links")
        self.assertEqual(list(p.solutions()), [(3, 0, 4)])  # A D, C E F, B G
        self.assertEqual(p.stats.nodes, 6)
        self.assertEqual(p.stats.updates, 30)
        # The bit-set search, which "auto" picks here: the same tree.
        b = dlx.Problem(*PAPER, strategy="bits")
        self.assertEqual(list(b.solutions()), [(3, 0, 4)])
        self.assertEqual(b.stats.nodes, 6)
        with self.assertRaises(ValueError):
            dlx.Problem(*PAPER, strategy="fast")
        self.assertEqual(p.count(), 1)
        self.assertTrue(p.unique())

    def test_choose_first(self):
        # docs/algorithm-x.md: the first-item rule costs one node more.
        p = dlx.Problem(*PAPER, choose="first")
        self.assertEqual(p.count(), 1)
        self.assertEqual((p.stats.nodes, p.stats.updates), (7, 35))

    def test_options_as_given(self):
        p = dlx.Problem(*PAPER)
        self.assertEqual([p.options[o] for o in p.first()], [("A", "D"), ("C", "E", "F"), ("B", "G")])

    def test_parse(self):
        with open(os.path.join(ROOT, "docs", "paper.dlx"), encoding="utf-8") as f:
            p = dlx.parse(f.read())
        self.assertEqual(p.items, list("ABCDEFG"))
        self.assertEqual(p.first(), (3, 0, 4))
        with self.assertRaisesRegex(ValueError, r"^2:3: .*unknown item 'c'"):
            dlx.parse("a b\na c\n")

    def test_commit(self):
        p = dlx.Problem(*PAPER)
        with p.given(1):  # A D G forced in: no exact cover is left
            self.assertEqual(p.count(), 0)
        self.assertEqual(p.committed, 0)
        p.commit(4)  # B G, which the solution has
        self.assertEqual(list(p.solutions()), [(4, 3, 0)])
        with self.assertRaises(ValueError):
            p.commit(1)  # A D G clashes with B G
        p.uncommit_all()
        self.assertEqual(p.count(), 1)
        p.check()


class Colours(unittest.TestCase):
    def test_xcc_example(self):
        # docs/xcc.dlx, traced by hand in docs/algorithm-x.md: one solution,
        # q x:A and p r x:A y, sharing x under colour A.
        p = dlx.Problem("p q r", ["p q x y:A", "p r x:A y", "p x:B", "q x:A", "r y:B"], "x y")
        self.assertEqual(list(p.solutions()), [(3, 1)])
        self.assertEqual(p.options[3], ("q", dlx.Colour("x", "A")))
        self.assertEqual(p.colours, ["A", "B"])
        C = dlx.Colour
        q = dlx.Problem(["p", "q", "r"], [["p", "q", "x", C("y", "A")], ["p", "r", C("x", "A"), "y"],
                                          ["p", C("x", "B")], ["q", C("x", "A")], ["r", C("y", "B")]],
                        ["x", "y"])
        self.assertEqual(q.first(), (3, 1))


class Search(unittest.TestCase):
    def test_limits(self):
        p = queens(8)
        self.assertEqual(p.count(limit=5), 5)
        self.assertEqual(len(list(p.solutions(limit=3))), 3)
        self.assertEqual(p.count(), 92)

    def test_lazy(self):
        # The first solution comes before the search has gone on: fewer nodes.
        p = queens(8)
        g = p.solutions()
        next(g)
        partial = p.stats.nodes
        g.close()
        p.count()
        self.assertLess(partial, p.stats.nodes)
        self.assertEqual(p.stats.solutions, 92)

    def test_abandoned_generator(self):
        p = queens(6)
        g = p.solutions()
        first = next(g)
        self.assertEqual(p.count(), 4)  # a new search ends the old one ...
        with self.assertRaises(RuntimeError):
            next(g)
        self.assertEqual(list(p.solutions())[0], first)  # ... and nothing is left behind

    def test_seed(self):
        a = list(queens(6).solutions())
        b = list(queens(6).solutions())
        self.assertEqual(a, b)  # deterministic by default
        s1 = list(dlx.Problem(*QUEENS6, seed=12345).solutions())
        s2 = list(dlx.Problem(*QUEENS6, seed=12345).solutions())
        self.assertEqual(s1, s2)  # the same seed, the same search
        self.assertEqual(sorted(map(sorted, s1)), sorted(map(sorted, a)))

    def test_profile(self):
        # 8 queens: 92 solutions (OEIS A000170), each of 8 options, so the
        # profile ends with 92 nodes at level 8; at the root each row and
        # column item has 8 options and lists only shrink: degree 8. The
        # levels add up to the nodes of the same search without the profile.
        plain = queens(8)
        self.assertEqual(plain.count(), 92)
        p = queens(8)
        self.assertEqual((p.profile, p.max_degree), ([], 0))
        p.profiling = True
        self.assertEqual(p.count(), 92)
        self.assertEqual(len(p.profile), 9)
        self.assertEqual(p.profile[0], 1)
        self.assertEqual(p.profile[8], 92)
        self.assertEqual(sum(p.profile), plain.stats.nodes)
        self.assertEqual(p.stats.nodes, plain.stats.nodes)
        self.assertEqual(p.max_degree, 8)
        # The last search's, not a sum; a clone keeps the setting.
        self.assertEqual(len(list(p.solutions())), 92)
        self.assertEqual(p.profile[8], 92)
        c = p.clone()
        self.assertTrue(c.profiling)
        self.assertEqual(c.first() is not None, True)
        self.assertEqual(c.profile[0], 1)
        with self.assertRaises(TypeError):
            p.profiling = 1
        self.assertEqual(dlx.Problem("a", [("a",)], profile=True).profiling, True)

    def test_recent_and_infer(self):
        # The rule and the inference change the tree, never the solutions:
        # the same counts (OEIS A000170, A014552 doubled, A002860) and the
        # same set of solutions as the default search.
        for make, n, want in [(queens, 8, 92), (langford, 7, 52), (latin, 4, 576),
                              (lambda _: sudoku4(), 4, 288)]:
            plain = sorted(map(sorted, make(n).solutions()))
            self.assertEqual(len(plain), want)
            for kw in [dict(choose="recent"), dict(infer=2), dict(infer=4, choose="recent"),
                       dict(choose="path"), dict(infer=3, choose="path")]:
                with self.subTest(make.__name__, **kw):
                    p = make(n)
                    p.choose = kw.get("choose", "mrv")
                    p.infer = kw.get("infer")
                    self.assertEqual(p.infer, kw.get("infer"))
                    self.assertEqual(sorted(map(sorted, p.solutions())), plain)
                    self.assertEqual(p.count(), want)
        # In Langford pairs the rule takes options out (45 in a count, the
        # C tests); in the empty 4x4 sudoku its locked candidates come only
        # with a forced move, where the engine does not infer, and in a
        # Latin square it cannot: no two cells of a row share a column.
        p = langford(8)
        p.infer = 2
        self.assertEqual(p.count(), 300)
        self.assertGreater(p.inferred, 0)
        p.infer = None
        p.count()
        self.assertEqual(p.inferred, 0)

    def test_clone_in_threads(self):
        p = langford(8)
        results = []
        threads = [threading.Thread(target=lambda q: results.append(q.count()), args=(p.clone(),))
                   for _ in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(results, [300, 300])


class Errors(unittest.TestCase):
    def test_bad_problems(self):
        cases = [
            ("unknown item", "a b", ["a c"], "", r"option 0: unknown item 'c'"),
            ("an item twice", "a b", ["a a"], "", r"option 0: an item appears twice"),
            ("named twice", "a a", ["a"], "", r"item 'a' is named twice"),
            ("colour on primary", "a b", ["a:red b"], "", r"colour 'red' on primary item 'a'"),
            ("secondary twice", "a", ["a"], "a", r"item 'a' is named twice"),
            ("a pair for a colour", "p", [["p", ("x", "A")]], "x",
             r"unknown item \('x', 'A'\) \(for a colour write Colour\('x', 'A'\)\)"),
        ]
        for what, items, options, secondary, message in cases:
            with self.subTest(what):
                with self.assertRaisesRegex(ValueError, message):
                    dlx.Problem(items, options, secondary)

    def test_bad_settings(self):
        with self.assertRaisesRegex(ValueError, "choose must be one of"):
            dlx.Problem("a", ["a"], choose="best")
        for bad in [1, 0, -3, 2**31, 2.5, "4", True]:
            with self.subTest(infer=bad):
                with self.assertRaisesRegex(ValueError, "infer must be None or a whole number"):
                    dlx.Problem("a", ["a"], infer=bad)


class Bounds(unittest.TestCase):
    """Item bounds (Knuth's multiplicities): one item x that n options share
    with a secondary item each; covering x between lo and hi times is
    choosing lo..hi of the n options: the sum of C(n, k) for k in lo..hi."""

    def test_binomials(self):
        if not dlx.has_bounds():
            with self.assertRaisesRegex(NotImplementedError, "dlx_add_item_bounds"):
                dlx.Problem("x", ["x s0"], "s0", bounds={"x": (1, 2)})
            self.skipTest("this libdlx has no item bounds (dlx_add_item_bounds) yet")
        for n, lo, hi in [(5, 2, 2), (6, 1, 3), (7, 3, 5), (4, 1, 4)]:
            with self.subTest(n=n, lo=lo, hi=hi):
                p = dlx.Problem(["x"], [("x", ("s", i)) for i in range(n)],
                                [("s", i) for i in range(n)], bounds={"x": (lo, hi)})
                want = sum(math.comb(n, k) for k in range(lo, hi + 1))
                self.assertEqual(p.count(), want)

    def test_bounds_on_unknown_item(self):
        with self.assertRaisesRegex(ValueError, "bounds for 'y'"):
            dlx.Problem("x", ["x"], bounds={"y": (1, 2)})


def dominoes(rows, cols):
    """The domino tilings of a rows x cols board (OEIS A004003 for squares)."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    options = [((r, c), (r, c + 1)) for r, c in cells if c + 1 < cols] + \
              [((r, c), (r + 1, c)) for r, c in cells if r + 1 < rows]
    return dlx.Problem(cells, options)


def random_problem(seed, colours):
    """A small problem of 4-6 primary items (and secondary ones, with colours
    when asked) and 6-11 options with costs 0..19, from a fixed seed."""
    import random
    rnd = random.Random(seed)
    primary = ["p%d" % i for i in range(rnd.randint(4, 6))]
    secondary = ["s%d" % i for i in range(rnd.randint(1, 2))] if colours else []
    options, costs = [], []
    for _ in range(rnd.randint(6, 11)):
        option = rnd.sample(primary, rnd.randint(1, 3))
        for s in secondary:
            if rnd.random() < 0.4:
                option.append(s + ":" + rnd.choice("xy") if rnd.random() < 0.7 else s)
        options.append(option)
        costs.append(rnd.randint(0, 19))
    return primary, secondary, options, costs


def brute_costs(primary, secondary, options, costs):
    """Every solution's (cost, sorted options), by trying every subset: each
    primary item covered once; each secondary item used by at most one
    option without a colour, or by any number that give it one colour."""
    out = []
    for mask in range(1 << len(options)):
        chosen = [k for k in range(len(options)) if mask >> k & 1]
        uses = collections.defaultdict(list)
        for k in chosen:
            for e in options[k]:
                name, _, colour = e.partition(":")
                uses[name].append(colour)
        ok = all(len(uses[p]) == 1 for p in primary)
        for name in secondary:
            u = uses.get(name, [])
            ok = ok and (len(u) <= 1 or ("" not in u and len(set(u)) == 1))
        if ok:
            out.append((sum(costs[k] for k in chosen), tuple(chosen)))
    return sorted(out)


class Beyond(unittest.TestCase):
    """min_cost() against a brute force over every subset; count_memo()
    against count() and OEIS A004003 (the domino tilings: 8x8 12,988,816,
    14x14 112,202,208,776,036,178,000,000, past 2**64); sample() by a
    chi-squared test over the 36 tilings of the 4x4 board."""

    def test_min_cost_against_brute_force(self):
        checked = 0
        for seed in range(60):
            primary, secondary, options, costs = random_problem(seed, seed % 2 == 1)
            p = dlx.Problem(primary, options, secondary, costs=costs)
            self.assertEqual(p.costs, costs)
            want = brute_costs(primary, secondary, options, costs)
            self.assertEqual(p.count(), len(want), "seed %d" % seed)
            for k in (1, 3, 1000):
                for bound in ("full", "cost", "none"):
                    got = p.min_cost(k, bound=bound)
                    self.assertEqual([c for c, _ in got], [c for c, _ in want][:k],
                                     "seed %d k %d bound %s" % (seed, k, bound))
                    for cost, opts in got:
                        self.assertIn((cost, tuple(sorted(opts))), want)
            checked += len(want)
        self.assertGreater(checked, 20)

    def test_min_cost_edges(self):
        p = dlx.Problem("a b", ["a", "b"], costs=[3, 4])
        self.assertEqual(p.min_cost(), [(7, (0, 1))])
        self.assertEqual(dlx.Problem("a b", ["a"]).min_cost(), [])
        self.assertEqual(dlx.parse("a b\na $3\nb $4\na b $8\n").min_cost(2),
                         [(7, (0, 1)), (8, (2,))])
        with self.assertRaises(ValueError):
            dlx.Problem("a", ["a"], costs=[1, 2])
        with self.assertRaises(ValueError):
            dlx.Problem("a", ["a"], costs=[-1])
        with self.assertRaises(ValueError):
            p.min_cost(0)
        with self.assertRaises(ValueError):
            p.min_cost(bound="some")

    def test_count_memo(self):
        self.assertEqual(dominoes(8, 8).count_memo(), 12988816)
        self.assertEqual(dominoes(8, 8).count_memo(rule="first"), 12988816)
        self.assertEqual(dominoes(14, 14).count_memo(), 112202208776036178000000)
        self.assertEqual(queens(8).count_memo(), 92)
        for seed in range(20):
            primary, secondary, options, _ = random_problem(seed, True)
            p = dlx.Problem(primary, options, secondary)
            self.assertEqual(p.count_memo(), p.count(), "seed %d" % seed)
        with self.assertRaises(ValueError):
            dlx.Problem("a", ["a"], bounds={"a": (0, 2)}).count_memo()
        with self.assertRaises(ValueError):
            queens(4).count_memo(rule="sideways")

    def test_sample_is_uniform(self):
        p = dominoes(4, 4)
        draws = p.sample(3600, seed=11)
        self.assertEqual(draws, p.sample(3600, seed=11))
        tilings = {tuple(sorted(s)) for s in p.solutions()}
        self.assertEqual(len(tilings), 36)
        seen = collections.Counter(tuple(sorted(s)) for s in draws)
        self.assertLessEqual(set(seen), tilings)
        # 35 degrees of freedom: 66.6 is the 0.999 quantile of chi-squared.
        chi2 = sum((seen[t] - 100) ** 2 / 100 for t in tilings)
        self.assertLess(chi2, 66.6)
        self.assertEqual(dlx.Problem("a b", ["a"]).sample(3), [])


class Version(unittest.TestCase):
    def test_versions_agree(self):
        # The package, its pyproject.toml and the C library's dlx.h.
        with open(os.path.join(ROOT, "dlx", "dlx.h"), encoding="utf-8") as f:
            c = re.search(r'#define DLX_VERSION "([^"]+)"', f.read()).group(1)
        with open(os.path.join(ROOT, "python", "pyproject.toml"), encoding="utf-8") as f:
            py = re.search(r'^version = "([^"]+)"', f.read(), re.M).group(1)
        self.assertEqual(dlx.__version__, c)
        self.assertEqual(py, c)


if __name__ == "__main__":
    unittest.main()
