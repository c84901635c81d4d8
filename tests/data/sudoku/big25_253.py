# SPDX-License-Identifier: MIT
"""Makes tests/data/sudoku/big25_253.txt, the 20 25x25 puzzles of issue 14's
item 6 (docs/robustness.md): the puzzles of
    sudoku --generate 20 --size 25 --seed 100
each cut down to 253 of its givens at random, one random.Random(5) for all
twenty, taking len(givens) - 253 of them out with rng.sample. They then have
several solutions, generally. Usage:
    build/bin/sudoku --generate 20 --size 25 --seed 100 | python3 big25_253.py
"""
import random
import sys

rng = random.Random(5)
for line in sys.stdin:
    p = line.strip()
    givens = [i for i, c in enumerate(p) if c != '.']
    drop = set(rng.sample(givens, len(givens) - 253))
    print(''.join('.' if i in drop else c for i, c in enumerate(p)))
