# SPDX-License-Identifier: MIT
"""The examples of docs/python.md and python/README.md (their ```pycon
blocks) and of the modules' docstrings run as doctests, from the top of the
repository (they open examples/... and docs/...): a page whose example no
longer does what it shows fails."""

import doctest
import os
import re
import unittest

import dlx
import dlx.sudoku

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
PAGES = ["docs/python.md", "python/README.md"]
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def pycon_blocks(text):
    return re.findall(r"^```pycon\n(.*?)^```$", text, re.S | re.M)


class Docs(unittest.TestCase):
    def setUp(self):
        self.cwd = os.getcwd()
        os.chdir(ROOT)

    def tearDown(self):
        os.chdir(self.cwd)

    def test_pages(self):
        parser = doctest.DocTestParser()
        for page in PAGES:
            with self.subTest(page=page):
                with open(os.path.join(ROOT, page), encoding="utf-8") as f:
                    blocks = pycon_blocks(f.read())
                self.assertGreater(len(blocks), 0, "no ```pycon block in " + page)
                # One test for the page: later blocks use names of earlier ones.
                test = parser.get_doctest("\n".join(blocks), {}, page, page, 0)
                runner = doctest.DocTestRunner(optionflags=FLAGS)
                out = []
                runner.run(test, out=out.append)
                self.assertEqual(runner.failures, 0, "".join(out))
                self.assertGreater(runner.tries, 3)

    def test_docstrings(self):
        for module in (dlx, dlx.sudoku):
            with self.subTest(module=module.__name__):
                failures, tries = doctest.testmod(module, optionflags=FLAGS, verbose=False)
                self.assertEqual(failures, 0)
                self.assertGreater(tries, 0)


if __name__ == "__main__":
    unittest.main()
