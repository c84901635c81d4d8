# SPDX-License-Identifier: MIT
"""Sudoku over libsudoku: the reader, the shapes and variants, and the
three solvers of the `sudoku` command, one call each.

    >>> from dlx import sudoku
    >>> sudoku.solve("53..7....6..195....98....6.8...6...34..8.3..17...2...6"
    ...              ".6....28....419..5....8..79")[:9]
    '534678912'

A puzzle is text in any layout the command reads (one line of N*N symbols,
or a grid of N lines, with '.', '0' or '_' for blanks, spaces, box lines and
'#' comments), or a sequence of N*N ints (0 for a blank). A solution comes
back in the same kind: a line of N*N symbols for text, a list of ints for
ints. None means no solution (two givens that clash included); text that is
not a puzzle raises ValueError naming the line and what is wrong.

Solvers are built once per shape and kept, one set per thread, so solving
many puzzles costs microseconds each. Solver() gives one explicitly.
"""

import ctypes
import math
import operator
import threading

from . import _interrupt, _lib
from ._interrupt import Interrupted

__all__ = ["solve", "count", "unique", "solutions", "Solver", "read"]

_ALGORITHMS = {"dlx": 0, "bitmask": 1, "backtrack": 2, "band": 3}
_VARIANTS = {"x": 1, "hyper": 2}
_ECONFLICT = -3
_ESTOPPED = -11
_ERRORS = {  # reader errors, worded as the command words them
    -5: "wrong length",
    -6: "not a symbol",
    -7: "too few rows",
}


def _message(lib, code):
    return lib.sudoku_strerror(code).decode("utf-8", "replace")


def _limit(limit):
    """A whole number >= 0 (0: no limit); ValueError below 0."""
    if isinstance(limit, bool):
        raise TypeError("limit must be a whole number, not %r" % (limit,))
    limit = operator.index(limit)
    if limit < 0:
        raise ValueError("limit must be 0 (no limit) or more, not %d" % limit)
    return limit


def _variant_flags(variant):
    if not variant:
        return 0, False
    if isinstance(variant, str):
        variant = [v for v in variant.replace(",", " ").split()]
    flags, jigsaw = 0, False
    for v in variant:
        if v == "jigsaw":
            jigsaw = True
        elif v in _VARIANTS:
            flags |= _VARIANTS[v]
        else:
            raise ValueError("unknown variant %r: x, hyper or jigsaw" % (v,))
    return flags, jigsaw


class Solver:
    """A solver for one shape: side n (9 by default; taken from the first
    puzzle when None), boxes box=(rows, cols) (the default boxes of n
    otherwise), variant "x", "hyper" or "x,hyper", regions the text of a
    jigsaw map (N lines of N region letters), algorithm "band" (bit-parallel,
    the plain 9x9 grid only), "dlx" (dancing links), "bitmask" or
    "backtrack" (None, the default: band for the plain 9x9 grid, dlx for
    every other shape, as the command does), alphabet the symbols
    ("1-9A-Z" by default; "0-9A-F" for 16x16 written with 0).

    Not for two threads at once: give each thread its own."""

    def __init__(self, n=9, *, box=None, variant=None, regions=None, algorithm=None,
                 alphabet=None):
        self._lib = lib = _lib.libsudoku()
        self._handle = None
        if algorithm is not None and algorithm not in _ALGORITHMS:
            raise ValueError("unknown algorithm %r: band, dlx, bitmask or backtrack"
                             % (algorithm,))
        flags, jigsaw = _variant_flags(variant)
        self._regions = None
        if regions is not None:
            data = regions.encode("utf-8") if isinstance(regions, str) else bytes(regions)
            buf = (ctypes.c_uint8 * _lib.SUDOKU_MAX_CELLS)()
            rn, line = ctypes.c_int(), ctypes.c_long()
            rc = lib.sudoku_parse_regions(data, len(data), ctypes.byref(rn), buf, ctypes.byref(line))
            if rc < 0:
                raise ValueError("regions%s: %s" % (" line %d" % line.value if line.value else "",
                                                   _message(lib, rc)))
            if n is not None and n != rn.value:
                raise ValueError("regions for a %dx%d grid, not %dx%d" % (rn.value, rn.value, n, n))
            n = rn.value
            self._regions = buf
        elif jigsaw:
            raise ValueError("the jigsaw variant needs regions")
        self.n = n
        if algorithm is None:
            boxes = box is None or tuple(box) == (3, 3)
            plain = n == 9 and not flags and regions is None and boxes
            algorithm = "band" if plain else "dlx"
        self.algorithm = algorithm
        self.alphabet = alphabet
        self._symbols = None
        if alphabet is not None:
            self._symbols = ctypes.create_string_buffer(_lib.SUDOKU_MAX_N + 1)
            if lib.sudoku_parse_alphabet(alphabet.encode("utf-8"), self._symbols) < 0:
                raise ValueError("invalid alphabet %r" % (alphabet,))
        shape = _lib.SudokuShape()
        rc = lib.sudoku_shape_default(ctypes.byref(shape), n)
        if box is not None:
            shape.box_rows, shape.box_cols = box
            if shape.box_rows * shape.box_cols != n:
                raise ValueError("boxes of %dx%d do not make a %dx%d grid" % (box[0], box[1], n, n))
            rc = 0
        if self._regions is not None:
            shape.box_rows = shape.box_cols = 0
            shape.regions = ctypes.cast(self._regions, ctypes.POINTER(ctypes.c_uint8))
            rc = 0
        if rc < 0:
            raise ValueError("no %dx%d sudoku has boxes (%s)" % (n, n, _message(lib, rc)))
        shape.n = n
        shape.variant = flags
        err = ctypes.c_int()
        h = lib.sudoku_solver_new(ctypes.byref(shape), _ALGORITHMS[algorithm], ctypes.byref(err))
        if not h:
            if err.value == -1:
                raise MemoryError("sudoku_solver_new: out of memory")
            raise ValueError("this shape cannot be solved: %s" % _message(lib, err.value))
        self._handle = h
        # Ctrl-C during a long solve: the progress callback (every 65536
        # nodes on 9x9) runs Python, so the signal handler runs there; the
        # guard keeps the KeyboardInterrupt and stops the search, and _solve
        # raises it as Interrupted with the count so far.
        self._call = _interrupt.Call()
        self._progress = _lib.SUDOKU_PROGRESS_FN(self._call.guard(lambda ctx, nodes: 0))
        lib.sudoku_solver_set_progress(h, self._progress, None, 8192)
        self._call.__enter__()

    def __del__(self):
        if getattr(self, "_call", None):
            self._call.__exit__()
        if getattr(self, "_handle", None):
            self._lib.sudoku_solver_free(self._handle)
            self._handle = None

    def _raise_stop(self, rc):
        """After a solve: what a callback kept (Ctrl-C: Interrupted, with
        the solutions found so far)."""
        e = self._call.error
        if e is None:
            if rc == _ESTOPPED:
                raise RuntimeError("the search was stopped")
            return
        self._call.error = None
        if isinstance(e, KeyboardInterrupt) and not isinstance(e, Interrupted):
            raise Interrupted(self._lib.sudoku_solver_found(self._handle)) from None
        raise e

    def _cells(self, puzzle):
        """(givens as a ctypes array, True when the puzzle came as text)."""
        cells, n, text = _parse(puzzle, self.alphabet, self.n)
        if n != self.n:
            raise ValueError("a %dx%d puzzle for a %dx%d solver" % (n, n, self.n, self.n))
        return cells, text

    def _out(self, grid, text):
        size = self.n * self.n
        if not text:
            return list(grid[:size])
        buf = ctypes.create_string_buffer(size + 1)
        self._lib.sudoku_format_line(grid, self.n, self._symbols, buf)
        return buf.value.decode("utf-8")

    def _solve(self, givens, limit, solution):
        """The C call; the search nodes are left in self.stats."""
        self.stats = _lib.SudokuStats()
        try:
            rc = self._lib.sudoku_solve(self._handle, givens, limit, solution,
                                        ctypes.byref(self.stats))
        except KeyboardInterrupt:
            # between the C call's end and here: the solve itself was over
            self._call.error = None
            raise Interrupted(self._lib.sudoku_solver_found(self._handle)) from None
        self._raise_stop(rc)
        if rc == _ECONFLICT:
            return 0
        if rc < 0:
            raise ValueError(_message(self._lib, rc))
        return rc

    def solve(self, puzzle):
        """The solution (the first one, if there are several), or None."""
        return self._solve_cells(*self._cells(puzzle))

    def _solve_cells(self, givens, text):
        solution = (ctypes.c_uint8 * len(givens))()
        if self._solve(givens, 1, solution) == 0:
            return None
        return self._out(solution, text)

    def count(self, puzzle, limit=0):
        """The number of solutions, at most limit (0: count them all).
        Ctrl-C stops a long count within about 65536 search nodes and raises
        dlx.Interrupted (a KeyboardInterrupt) whose `count` is the number of
        solutions counted so far."""
        givens, _ = self._cells(puzzle)
        return self._solve(givens, _limit(limit), None)

    def unique(self, puzzle):
        """True when the puzzle has exactly one solution."""
        return self.count(puzzle, limit=2) == 1

    def solutions(self, puzzle, limit=100):
        """A list of the solutions, at most limit of them (0: no limit; an
        empty 9x9 grid has about 6.7e21). Ctrl-C raises KeyboardInterrupt
        in the caller."""
        return self._solutions_cells(*self._cells(puzzle), _limit(limit))

    def _solutions_cells(self, givens, text, limit):
        found = []

        def on_solution(ctx, grid):
            found.append(self._out(grid, text))
            return 0

        call = _interrupt.Call()
        callback = _lib.SUDOKU_SOLUTION_FN(call.guard(on_solution))
        self.stats = _lib.SudokuStats()
        with call:
            rc = self._lib.sudoku_solve_each(self._handle, givens, limit, callback, None,
                                             ctypes.byref(self.stats))
        call.raise_pending()
        self._raise_stop(rc)
        if rc < 0 and rc != _ECONFLICT:
            raise ValueError(_message(self._lib, rc))
        return found


def _pieces(text, alphabet=None, n=0):
    """Yields each puzzle of text as (bytes of N*N cells, N), raising
    ValueError at the first piece that is not a puzzle."""
    lib = _lib.libsudoku()
    data = text.encode("utf-8") if isinstance(text, str) else bytes(text)
    opts = _lib.SudokuReadOptions(alphabet.encode("utf-8") if alphabet else None, int(n or 0))
    err = ctypes.c_int()
    r = lib.sudoku_reader_new(data, len(data), ctypes.byref(opts), ctypes.byref(err))
    if not r:
        raise ValueError(_message(lib, err.value))
    try:
        p = _lib.SudokuPuzzle()
        e = _lib.SudokuReadError()
        while True:
            rc = lib.sudoku_reader_next(r, ctypes.byref(p), ctypes.byref(e))
            if rc == 0:
                return
            if rc < 0:
                where = "line %d" % e.line + (", column %d" % e.column if e.column else "")
                what = _message(lib, e.code)
                if e.code == -5 and e.expected:
                    what += ": %d symbols, not %d" % (e.found, e.expected)
                elif e.code == -5:
                    what += ": %d symbols fit no grid" % e.found
                elif e.code == -6:
                    what += ": %r" % chr(e.found)
                raise ValueError("%s: %s" % (where, what))
            yield ctypes.string_at(p.cells, p.n * p.n), p.n
    finally:
        lib.sudoku_reader_free(r)


def read(text, alphabet=None, n=0):
    """Every puzzle in text (any layout the command reads), each a list of
    N*N ints (0 for a blank). ValueError at the first piece that is not a
    puzzle, naming its line."""
    return [list(cells) for cells, _ in _pieces(text, alphabet, n)]


def _parse(puzzle, alphabet=None, n=None):
    """(givens as a ctypes array, N, True for text) of one puzzle."""
    if isinstance(puzzle, (str, bytes)):
        found = list(_pieces(puzzle, alphabet, n or 0))
        if len(found) != 1:
            raise ValueError("%d puzzles in the text, not one" % len(found))
        cells, side = found[0]
        text = True
    else:
        cells = bytes(puzzle)  # ValueError for values outside 0..255
        side = math.isqrt(len(cells))
        if side * side != len(cells):
            raise ValueError("%d cells is not a square grid" % len(cells))
        if max(cells, default=0) > side:
            raise ValueError("cell values are 0 (blank) to %d" % side)
        text = False
    return (ctypes.c_uint8 * len(cells)).from_buffer_copy(cells), side, text


# One solver per shape and thread, made on first use.
_local = threading.local()


def _solver_for(puzzle, kw):
    """(the thread's solver for the puzzle's shape, givens, True for text)."""
    regions = kw.get("regions")
    givens, n, text = _parse(puzzle, kw.get("alphabet"), kw.get("n"))
    key = (n, kw.get("box"), str(kw.get("variant")), regions, kw.get("algorithm"),
           kw.get("alphabet"))
    cache = getattr(_local, "solvers", None)
    if cache is None:
        cache = _local.solvers = {}
    s = cache.get(key)
    if s is None:
        kw = dict(kw)
        kw.pop("n", None)
        s = cache[key] = Solver(None if regions is not None else n, **kw)
        if s.n != n:
            raise ValueError("a %dx%d puzzle for regions of a %dx%d grid" % (n, n, s.n, s.n))
    return s, givens, text


def solve(puzzle, **kw):
    """The solution of puzzle, or None. Keywords as Solver() takes them
    (box, variant, regions, algorithm, alphabet, n)."""
    s, givens, text = _solver_for(puzzle, kw)
    return s._solve_cells(givens, text)


def count(puzzle, limit=0, **kw):
    """The number of solutions, at most limit (0: all). Ctrl-C: as
    Solver.count() (dlx.Interrupted with the count so far)."""
    s, givens, _ = _solver_for(puzzle, kw)
    return s._solve(givens, _limit(limit), None)


def unique(puzzle, **kw):
    """True when the puzzle has exactly one solution."""
    return count(puzzle, 2, **kw) == 1


def solutions(puzzle, limit=100, **kw):
    """A list of at most limit solutions."""
    s, givens, text = _solver_for(puzzle, kw)
    return s._solutions_cells(givens, text, _limit(limit))
