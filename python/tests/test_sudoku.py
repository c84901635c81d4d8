# SPDX-License-Identifier: MIT
"""dlx.sudoku against published solutions (tests/data/sudoku/known.txt:
Wikipedia's puzzle and Arto Inkala's of 2012), the number of 4x4 grids (288,
Felgenhauer and Jarvis's enumeration of small sudokus; also OEIS A107739),
and rules checked here independently of the library: every solution of a
variant is checked house by house in Python."""

import os
import threading
import unittest

from dlx import sudoku

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def data(*path):
    with open(os.path.join(ROOT, *path), encoding="utf-8") as f:
        return f.read()


def puzzles(text):
    return [line for line in text.splitlines() if line and not line.startswith("#")]


def houses(n, box=None, x=False, hyper=False, regions=None):
    """The houses of a grid, as lists of cell indexes, written out here."""
    out = [[r * n + c for c in range(n)] for r in range(n)]
    out += [[r * n + c for r in range(n)] for c in range(n)]
    if regions is not None:
        rows = [line for line in regions.splitlines() if line.strip()]
        letters = sorted({ch for row in rows for ch in row})
        out += [[r * n + c for r in range(n) for c in range(n) if rows[r][c] == ch] for ch in letters]
    else:
        br, bc = box
        out += [[(R + r) * n + (C + c) for r in range(br) for c in range(bc)]
                for R in range(0, n, br) for C in range(0, n, bc)]
    if x:
        out += [[i * n + i for i in range(n)], [i * n + (n - 1 - i) for i in range(n)]]
    if hyper:
        out += [[(R + r) * n + (C + c) for r in range(3) for c in range(3)]
                for R in (1, 5) for C in (1, 5)]
    return out


def valid(solution, givens, hs):
    if any(g not in ".0" and g != s for g, s in zip(givens, solution)):
        return False
    return all(len({solution[i] for i in h}) == len(h) for h in hs)


class Known(unittest.TestCase):
    def test_published_solutions(self):
        ps = puzzles(data("tests", "data", "sudoku", "known.txt"))
        want = puzzles(data("tests", "data", "sudoku", "known.solutions"))
        for algorithm in ("band", "dlx", "bitmask", "backtrack"):
            with self.subTest(algorithm=algorithm):
                self.assertEqual([sudoku.solve(p, algorithm=algorithm) for p in ps[:1]], want[:1])
        self.assertEqual([sudoku.solve(p) for p in ps], want)
        self.assertTrue(all(sudoku.unique(p) for p in ps))

    def test_grid_text(self):
        # examples/puzzle.txt is the Wikipedia puzzle as a grid with box lines.
        want = puzzles(data("tests", "data", "sudoku", "known.solutions"))[0]
        self.assertEqual(sudoku.solve(data("examples", "puzzle.txt")), want)

    def test_ints(self):
        p = puzzles(data("tests", "data", "sudoku", "known.txt"))[0]
        cells = [0 if ch == "." else int(ch) for ch in p]
        want = puzzles(data("tests", "data", "sudoku", "known.solutions"))[0]
        self.assertEqual(sudoku.solve(cells), [int(ch) for ch in want])

    def test_counts(self):
        self.assertEqual(sudoku.count("." * 16), 288)  # every 4x4 grid
        self.assertEqual(len(sudoku.solutions("." * 16, limit=1000)), 288)
        self.assertEqual(sudoku.count("." * 81, limit=10), 10)
        solved = puzzles(data("tests", "data", "sudoku", "known.solutions"))[0]
        self.assertEqual(sudoku.count(solved), 1)

    def test_no_solution(self):
        p = puzzles(data("tests", "data", "sudoku", "known.txt"))[0]
        self.assertIsNone(sudoku.solve("55" + p[2:]))  # two 5s in row 1
        self.assertEqual(sudoku.count("55" + p[2:]), 0)

    def test_bad_text(self):
        p = puzzles(data("tests", "data", "sudoku", "known.txt"))[0]
        for text, message in [(p[:80], r"line 1: .*80 symbols"), (p[:80] + "X", r"column 81"),
                              (p + "\n" + p, r"2 puzzles")]:
            with self.subTest(text=text[:12]):
                with self.assertRaisesRegex(ValueError, message):
                    sudoku.solve(text)


class Variants(unittest.TestCase):
    def test_variants(self):
        regions = data("examples", "jigsaw.regions")
        cases = [
            ("x.txt", {"variant": "x"}, houses(9, (3, 3), x=True)),
            ("hyper.txt", {"variant": "hyper"}, houses(9, (3, 3), hyper=True)),
            ("jigsaw.txt", {"regions": regions}, houses(9, regions=regions)),
        ]
        for name, kw, hs in cases:
            for p in puzzles(data("examples", name)):
                with self.subTest(file=name, puzzle=p[:12]):
                    s = sudoku.solve(p, **kw)
                    self.assertTrue(valid(s, p, hs), s)
                    self.assertTrue(sudoku.unique(p, **kw))

    def test_16x16(self):
        text = data("examples", "16x16.txt")
        s = sudoku.solve(text)
        givens = "".join(ch for ch in text if ch not in " |-+\n")
        self.assertEqual(len(s), 256)
        self.assertTrue(valid(s, givens, houses(16, (4, 4))))

    def test_boxes(self):
        # A 6x6 with 2x3 boxes by default, 3x2 when asked: both give valid grids.
        for box in [(2, 3), (3, 2)]:
            s = sudoku.solve("." * 36, box=box)
            self.assertTrue(valid(s, "." * 36, houses(6, box)))


class Threads(unittest.TestCase):
    def test_two_threads(self):
        ps = puzzles(data("examples", "puzzles.txt"))
        want = [sudoku.solve(p) for p in ps]
        got = {}

        def work(k):
            got[k] = [sudoku.solve(p) for p in ps]

        threads = [threading.Thread(target=work, args=(k,)) for k in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(got, {0: want, 1: want})
        self.assertTrue(all(valid(s, p, houses(9, (3, 3))) for s, p in zip(want, ps)))


if __name__ == "__main__":
    unittest.main()
