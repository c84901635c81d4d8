# SPDX-License-Identifier: MIT
"""Ctrl-C and the edges of the API (issue 22). Each interrupt case runs in a
child python3 that sends itself SIGINT from a thread while a long search
runs in C, so that what a user's Ctrl-C does is what is tested (and a crash
or a hang fails the test instead of the runner):

- inside `for s in p.solutions()` (14 queens, 365,596 solutions, OEIS
  A000170): the KeyboardInterrupt reaches the loop, and ctypes prints no
  "Exception ignored on calling ctypes callback function" (before: it did,
  and the loop ended normally one solution short, status 0);
- during count() (16 queens, 14,772,512 solutions, some 40 s) and
  sudoku.count() of the empty grid (about 6.7e21): dlx.Interrupted, with
  the count so far, long before the search could end (before: 16 queens
  came back when the search ended, the empty grid never);
- during min_cost() and count_memo() (16 queens again): dlx.Interrupted,
  with the cheapest so far and a lower bound of the count;
- close() while a generator of solutions is open: the generator raises
  ValueError (before: a segmentation fault).
The children are given 60 s, against 0.3 s to the signal: a loaded machine
only makes them slower."""

import os
import subprocess
import sys
import textwrap
import unittest

import dlx
from dlx import sudoku

PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(dlx.__file__)))
HERE = os.path.dirname(os.path.abspath(__file__))

PRELUDE = """
import os, signal, sys, threading, time
sys.path.insert(0, %r)
sys.path.insert(0, %r)
import dlx
from dlx import sudoku
from test_dlx import queens
def ring(after):
    def later():
        time.sleep(after)
        os.kill(os.getpid(), signal.SIGINT)
    threading.Thread(target=later, daemon=True).start()
""" % (PACKAGE_DIR, HERE)


def run_child(body):
    """(returncode, stdout, stderr) of a python3 running PRELUDE + body."""
    p = subprocess.run([sys.executable, "-c", PRELUDE + textwrap.dedent(body)],
                       capture_output=True, text=True, timeout=60)
    return p.returncode, p.stdout, p.stderr


class InterruptTest(unittest.TestCase):
    def test_ctrl_c_in_a_solutions_loop_reaches_the_loop(self):
        rc, out, err = run_child("""
            p = queens(14)
            n = 0
            ring(0.3)
            try:
                for s in p.solutions():
                    n += 1
                print("finished", n)
            except KeyboardInterrupt:
                print("interrupted", n)
        """)
        self.assertEqual(rc, 0, err)
        self.assertNotIn("Exception ignored", err)
        word, n = out.split()
        self.assertEqual(word, "interrupted", out)
        self.assertLess(int(n), 365596)

    def test_ctrl_c_during_count_carries_the_count(self):
        rc, out, err = run_child("""
            p = queens(16)
            ring(0.3)
            try:
                print("finished", p.count())
            except dlx.Interrupted as e:
                print("interrupted", e.count, e.stats.solutions, e.stats.nodes > 0,
                      isinstance(e, KeyboardInterrupt))
        """)
        self.assertEqual(rc, 0, err)
        self.assertNotIn("Exception ignored", err)
        word, count, solutions, nodes, is_ki = out.split()
        self.assertEqual(word, "interrupted", out)
        self.assertEqual(count, solutions)
        self.assertGreater(int(count), 0)
        self.assertLess(int(count), 14772512)
        self.assertEqual((nodes, is_ki), ("True", "True"))

    def test_ctrl_c_during_min_cost_and_count_memo(self):
        # 16 queens (14,772,512 solutions): every solution visited by
        # min_cost(bound="none"), and counted by count_memo() after the memo
        # gives up (its states hardly repeat): some 40 s each.
        rc, out, err = run_child("""
            p = queens(16)
            costs = [(7 * k) % 10 for k in range(len(p.options))]
            primary = [i for i in p.items if i not in p.secondary]
            secondary = [i for i in p.items if i in p.secondary]
            q = dlx.Problem(primary, p.options, secondary, costs=costs)
            ring(0.3)
            try:
                print("finished", len(q.min_cost(bound="none")))
            except dlx.Interrupted as e:
                print("interrupted", e.count, len(e.cheapest), isinstance(e, KeyboardInterrupt))
            ring(0.3)
            try:
                print("finished", p.count_memo())
            except dlx.Interrupted as e:
                print("interrupted", e.count)
        """)
        self.assertEqual(rc, 0, err)
        self.assertNotIn("Exception ignored", err)
        first, second = out.splitlines()
        word, count, kept, is_ki = first.split()
        self.assertEqual((word, count, kept, is_ki), ("interrupted", "1", "1", "True"), out)
        word, count = second.split()
        self.assertEqual(word, "interrupted", out)
        self.assertLess(int(count), 14772512)

    def test_ctrl_c_during_a_sudoku_count(self):
        rc, out, err = run_child("""
            ring(0.3)
            try:
                print("finished", sudoku.count("." * 81))
            except dlx.Interrupted as e:
                print("interrupted", e.count)
        """)
        self.assertEqual(rc, 0, err)
        self.assertNotIn("Exception ignored", err)
        word, count = out.split()
        self.assertEqual(word, "interrupted", out)
        self.assertGreater(int(count), 0)

    def test_close_under_an_open_generator(self):
        rc, out, err = run_child("""
            p = dlx.Problem("A B C D E F G",
                            ["C E F", "A D G", "B C F", "A D", "B G", "D E G"])
            g = p.solutions()
            next(g)
            p.close()
            try:
                list(g)
                print("no error")
            except ValueError as e:
                print("ValueError:", e)
            q = queens(6)
            with q:
                h = q.solutions()
                next(h)
            try:
                next(h)
                print("no error")
            except ValueError as e:
                print("ValueError:", e)
        """)
        self.assertEqual(rc, 0, err)
        self.assertEqual(out.splitlines(),
                         ["ValueError: the problem was closed while a search of it was under way"]
                         * 2)


class EdgesTest(unittest.TestCase):
    def setUp(self):
        self.p = queens6 = dlx.Problem(*_queens_args(6))
        self.addCleanup(queens6.close)

    def test_commit_takes_only_option_numbers(self):
        for bad in (-1, 36, 10**20):
            with self.assertRaises(ValueError):
                self.p.commit(bad)
        for bad in (1.5, "3", True):
            with self.assertRaises((TypeError, ValueError)):
                self.p.commit(bad)
        self.assertEqual(self.p.committed, 0)
        self.assertEqual(self.p.count(), 4)  # 6 queens: OEIS A000170

    def test_an_empty_option_is_refused(self):
        with self.assertRaisesRegex(ValueError, "option 1 is empty"):
            dlx.Problem("A B", ["A", [], "B"])
        with self.assertRaisesRegex(ValueError, "option 0 is empty"):
            dlx.Problem("A", [""])

    def test_limits(self):
        self.assertEqual(len(list(self.p.solutions(limit=3))), 3)
        self.assertEqual(len(list(self.p.solutions(limit=None))), 4)
        self.assertEqual(self.p.count(limit=3), 3)
        for bad in (0, -1):
            with self.assertRaises(ValueError):
                list(self.p.solutions(limit=bad))
            with self.assertRaises(ValueError):
                self.p.count(limit=bad)
        with self.assertRaises(TypeError):
            self.p.count(limit=True)
        # sudoku: 0 is no limit (as its C call), below 0 is refused.
        grid = "." * 16
        self.assertEqual(sudoku.count(grid, limit=0), 288)  # 4x4 Latin-box grids
        self.assertEqual(len(sudoku.solutions(grid, limit=0)), 288)
        self.assertEqual(len(sudoku.solutions(grid, limit=5)), 5)
        with self.assertRaises(ValueError):
            sudoku.count(grid, limit=-1)
        with self.assertRaises(ValueError):
            sudoku.solutions(grid, limit=-1)


def _queens_args(n):
    items = ["r%d" % i for i in range(n)] + ["c%d" % j for j in range(n)]
    diagonals = ["a%d" % d for d in range(2 * n - 1)] + ["b%d" % d for d in range(2 * n - 1)]
    options = [("r%d" % i, "c%d" % j, "a%d" % (i + j), "b%d" % (i - j + n - 1))
               for i in range(n) for j in range(n)]
    return items, options, diagonals


if __name__ == "__main__":
    unittest.main()
