# SPDX-License-Identifier: MIT
"""dlx: exact cover with Knuth's dancing links, from Python.

A thin layer over the C library libdlx (through ctypes, so nothing is
compiled here): the search runs in C at C speed, Python only builds the
problem and receives the solutions.

    >>> import dlx
    >>> p = dlx.Problem("A B C D E F G", ["C E F", "A D G", "B C F", "A D", "B G", "D E G"])
    >>> list(p.solutions())
    [(3, 0, 4)]

Items are any hashable names; options are lists of item names (a string
stands for the names it holds between blanks, as in Knuth's text format). A
solution is a tuple of option numbers (from 0, in the order given), the
options the search chose, in the order it chose them. See docs/python.md.
"""

import collections
import contextlib
import ctypes
import operator

from . import _interrupt, _lib
from ._interrupt import Interrupted
from ._lib import LibraryNotFound

__version__ = "1.0.0"
__all__ = ["Problem", "parse", "Colour", "Stats", "DlxError", "Interrupted", "LibraryNotFound",
           "has_bounds"]

Colour = collections.namedtuple("Colour", "item colour")
Colour.__doc__ = """A secondary item with a colour, in an option: Colour("x", "red")
(for string names, "x:red" says the same). A plain tuple is always an item
name: items may be tuples, such as the edge (0, 1) of a graph."""

Stats = collections.namedtuple("Stats", "solutions nodes updates max_level")
Stats.__doc__ = """Figures of the last search, with the meanings of Knuth's programs:
nodes are the search-tree nodes (each choice of an item, plus one leaf per
solution), updates the links cut (an item leaving the item list, or an
option leaving an item's list), max_level the deepest level reached."""

_CHOOSE = {"mrv": 0, "knuth": 1, "first": 2, "recent": 3, "path": 4}
_INFER_SHARED_ITEM = 1
_STRATEGY = {"auto": 0, "links": 1, "bits": 2}
_OK, _STOPPED, _PAUSED = 0, 1, 2
_ENOMEM, _ECONFLICT, _ETOOBIG, _ESTRATEGY = -1, -8, -10, -13


class DlxError(ValueError):
    """An error code of libdlx (the message is dlx_strerror()'s)."""

    def __init__(self, code, what=""):
        lib = _lib.libdlx()
        msg = lib.dlx_strerror(code).decode("utf-8", "replace")
        super().__init__("%s%s" % (what + ": " if what else "", msg))
        self.code = code


def _check(code, what=""):
    if code < 0:
        if code == _ENOMEM:
            raise MemoryError(what or "libdlx: out of memory")
        raise DlxError(code, what)
    return code


def has_bounds():
    """True when the loaded libdlx has item bounds (Knuth's multiplicities,
    dlx_add_item_bounds()), so that Problem(..., bounds=...) works."""
    return _lib.has(_lib.libdlx(), "dlx_add_item_bounds")


def _limit(limit):
    """None (no limit) or a whole number >= 1; ValueError for 0 or less
    (0 is no limit in C and none in Python: neither is guessed)."""
    if limit is None:
        return None
    if isinstance(limit, bool):
        raise TypeError("limit must be None or a whole number, not %r" % (limit,))
    limit = operator.index(limit)
    if limit < 1:
        raise ValueError("limit must be a whole number from 1 up, or None for no limit; not %d"
                         % limit)
    return limit


def _name_bytes(name):
    return str(name).encode("utf-8", "replace")


class Problem:
    """An exact-cover problem, built once and solved any number of times.

    items      the primary items: each must be covered exactly once (or,
               with bounds, between lo and hi times). Any hashable names;
               a string is split at blanks ("A B C").
    options    each a list of item names (or a string, split at blanks); a
               secondary item may be given a colour as Colour(name, colour)
               or, for a string name, "name:colour". Options that give an
               item the same colour may share it.
    secondary  the secondary items: covered at most once (or shared under
               one colour by several options).
    bounds     {item: (lo, hi)}: that primary item is covered at least lo
               and at most hi times (Knuth's multiplicities; needs a libdlx
               with dlx_add_item_bounds(), see has_bounds()).
    choose     which item the search branches on: "mrv" (fewest options
               left, leftmost on ties, as DLX1: the default), "knuth" (the
               same), "recent" (fewest options, ties going to an item the
               last choice took options from), "path" (fewest options,
               ties going to the items the last path chose, in its order:
               the bitmask sudoku solver's order of blanks), "first" (the
               leftmost item left).
    infer      None (the default) or K >= 2: before each choice, when all
               the options of a primary item with 2 to K options left cover
               one other primary item, that item's other options are taken
               out (locked candidates, for any problem; ignored with bounds).
               The solutions stay the same; `inferred` counts the removals.
    strategy   how the search keeps its state: "auto" (the default), "links"
               (dancing links) or "bits" (bit sets). Both visit the same
               tree and find the same solutions; updates count links cut,
               which only the links cut all of.
    seed       an int: break ties and order options at random, repeatably.
    costs      one int per option (0 <= cost <= 2**62; 0 without): what
               min_cost() minimises (the text format's `$N`, docs/format.md).

    The problem owns a C handle, freed with close() or when it is garbage.
    One problem must not be used by two threads at once; clone() gives
    another thread its own copy.
    """

    def __init__(self, items, options, secondary=(), *, bounds=None, choose="mrv", seed=None,
                 strategy="auto", infer=None, profile=False, costs=None):
        self._lib = _lib.libdlx()
        self._handle = None
        self._text = None
        self._search = 0
        handle = self._lib.dlx_new()
        if not handle:
            raise MemoryError("dlx_new: out of memory")
        self._handle = handle
        self._index = {}
        self.items = []
        self.secondary = set()
        bounds = dict(bounds or {})
        if isinstance(items, str):
            items = items.split()
        if isinstance(secondary, str):
            secondary = secondary.split()
        for name in items:
            self._add_item(name, False, bounds.pop(name, None))
        for name in secondary:
            self._add_item(name, True, None)
        if bounds:
            name = next(iter(bounds))
            raise ValueError("bounds for %r, which is not a primary item" % (name,))
        self._colours = {}
        self.colours = []
        self.options = []
        for k, option in enumerate(options):
            self._add_option(k, option)
        if costs is not None:
            self._set_costs(costs)
        self.choose = choose
        self.strategy = strategy
        self._infer = None
        if infer is not None:
            self.infer = infer
        self._profiling = False
        if profile:
            self.profiling = True
        if seed is not None:
            self.seed = seed
        else:
            self._seed = None

    # --- building ------------------------------------------------------------

    def _add_item(self, name, secondary, bound):
        if name in self._index:
            raise ValueError("item %r is named twice" % (name,))
        lib = self._lib
        if bound is not None:
            lo, hi = bound
            if not has_bounds():
                raise NotImplementedError(
                    "item bounds need a libdlx with dlx_add_item_bounds() (Algorithm M); "
                    "this one has none")
            rc = lib.dlx_add_item_bounds(self._handle, _name_bytes(name), 0, int(lo), int(hi))
        else:
            rc = lib.dlx_add_item(self._handle, _name_bytes(name), 1 if secondary else 0)
        _check(rc, "item %r" % (name,))
        self._index[name] = rc
        self.items.append(name)
        if secondary:
            self.secondary.add(name)

    def _colour_id(self, colour):
        c = self._colours.get(colour)
        if c is None:
            c = len(self._colours) + 1
            self._colours[colour] = c
            self.colours.append(colour)
        return c

    def _element(self, k, element):
        """(item id, colour id, as given) of one element of option k. Any
        name is an item (tuples too); a colour is Colour(item, colour), or
        the string "item:colour" when that string is no item's name."""
        index = self._index
        if isinstance(element, Colour):
            name, colour = element
        else:
            try:
                if element in index:
                    return index[element], 0, element
            except TypeError:
                raise TypeError("option %d: %r is not a valid item name (unhashable)" % (k, element))
            if not (isinstance(element, str) and ":" in element):
                hint = ""
                if isinstance(element, tuple) and len(element) == 2 and element[0] in index:
                    hint = " (for a colour write Colour(%r, %r))" % element
                raise ValueError("option %d: unknown item %r%s" % (k, element, hint))
            name, colour = element.rsplit(":", 1)
        if name not in index:
            raise ValueError("option %d: unknown item %r" % (k, name))
        if name not in self.secondary:
            raise ValueError("option %d: colour %r on primary item %r (only secondary items "
                             "take colours)" % (k, colour, name))
        return index[name], self._colour_id(colour), Colour(name, colour)

    def _add_option(self, k, option):
        if isinstance(option, str):
            option = option.split()
        elements = [self._element(k, e) for e in option]
        if not elements:
            raise ValueError("option %d is empty: an option covers at least one item" % k)
        ids = [e[0] for e in elements]
        if len(set(ids)) != len(ids):
            raise ValueError("option %d: an item appears twice" % k)
        n = len(ids)
        items = (ctypes.c_int32 * max(n, 1))(*ids)
        colours = (ctypes.c_int32 * max(n, 1))(*[e[1] for e in elements])
        _check(self._lib.dlx_add_option(self._handle, items, colours, n), "option %d" % k)
        self.options.append(tuple(e[2] for e in elements))

    def _set_costs(self, costs):
        costs = list(costs)
        if len(costs) != len(self.options):
            raise ValueError("costs: %d of them for %d options" % (len(costs), len(self.options)))
        for k, c in enumerate(costs):
            c = operator.index(c)
            if not 0 <= c <= 1 << 62:
                raise ValueError("option %d: cost %d out of range (0 to 2**62)" % (k, c))
            _check(self._lib.dlx_set_option_cost(self._handle, k, c), "option %d's cost" % k)

    @property
    def costs(self):
        """The options' costs, a list (0 for an option without one)."""
        h = self._h()
        return [self._lib.dlx_option_cost(h, k) for k in range(len(self.options))]

    def close(self):
        """Frees the C problem now (also done when the object is garbage). A
        generator of solutions() still open then raises ValueError at its
        next step."""
        if self._handle:
            self._stop_search()
        if self._text:
            self._lib.dlx_text_free(self._text)
        elif self._handle:
            self._lib.dlx_free(self._handle)
        self._text = None
        self._handle = None

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _h(self):
        if not self._handle:
            raise ValueError("the problem is closed")
        return self._handle

    def __repr__(self):
        return "<dlx.Problem: %d items (%d secondary), %d options>" % (
            len(self.items), len(self.secondary), len(self.options))

    def clone(self):
        """An independent copy (for another thread), without commitments'
        history, statistics or a search under way."""
        self._stop_search()
        h = self._lib.dlx_clone(self._h())
        copy = Problem.__new__(Problem)
        copy.__dict__.update(self.__dict__)
        copy._index = dict(self._index)
        copy._colours = dict(self._colours)
        copy.items = list(self.items)
        copy.options = list(self.options)
        copy.colours = list(self.colours)
        copy.secondary = set(self.secondary)
        copy._text = None
        copy._search = 0
        copy._callback = None
        copy._handle = h
        if not h:
            raise MemoryError("dlx_clone failed")
        return copy

    # --- settings ------------------------------------------------------------

    @property
    def choose(self):
        return self._choose

    @choose.setter
    def choose(self, rule):
        if rule not in _CHOOSE:
            raise ValueError("choose must be one of %s, not %r" % (", ".join(_CHOOSE), rule))
        self._stop_search()
        _check(self._lib.dlx_set_choose(self._h(), _CHOOSE[rule]), "choose")
        self._choose = rule

    @property
    def strategy(self):
        return self._strategy

    @strategy.setter
    def strategy(self, strategy):
        if strategy not in _STRATEGY:
            raise ValueError("strategy must be one of %s, not %r"
                             % (", ".join(_STRATEGY), strategy))
        self._stop_search()
        _check(self._lib.dlx_set_strategy(self._h(), _STRATEGY[strategy]), "strategy")
        self._strategy = strategy

    @property
    def infer(self):
        return self._infer

    @infer.setter
    def infer(self, most):
        if most is not None and (isinstance(most, bool) or not isinstance(most, int)
                                 or not 2 <= most <= 2**31 - 1):
            raise ValueError("infer must be None or a whole number from 2 to 2**31-1, not %r"
                             % (most,))
        if not _lib.has(self._lib, "dlx_set_inference"):
            raise RuntimeError("this libdlx has no dlx_set_inference(): build a newer one")
        self._stop_search()
        _check(self._lib.dlx_set_inference(self._h(), 0 if most is None else _INFER_SHARED_ITEM,
                                           most or 0), "infer")
        self._infer = most

    @property
    def profiling(self):
        """True when the searches keep Knuth's profile (profile, max_degree)."""
        return self._profiling

    @profiling.setter
    def profiling(self, on):
        if not isinstance(on, bool):
            raise TypeError("profiling must be True or False, not %r" % (on,))
        if not _lib.has(self._lib, "dlx_set_profile"):
            raise RuntimeError("this libdlx has no dlx_set_profile(): build a newer one")
        self._stop_search()
        _check(self._lib.dlx_set_profile(self._h(), int(on)), "profiling")
        self._profiling = on

    @property
    def profile(self):
        """The nodes at each level of the last search, level 0 (the root)
        first, as Knuth's programs print them (a solution found after
        choosing at level l is a node of level l + 1); [] when profiling is
        off. The search then runs on the links' general loop: the same tree
        and counts, more slowly."""
        if not self._profiling:
            return []
        h = self._h()
        levels = self._lib.dlx_get_profile(h, None, 0)
        nodes = (ctypes.c_uint64 * max(levels, 1))()
        self._lib.dlx_get_profile(h, nodes, levels)
        return list(nodes[:levels])

    @property
    def max_degree(self):
        """The largest branching degree of the last search's profile (the
        most options an item had when chosen); 0 when profiling is off."""
        return self._lib.dlx_max_degree(self._h()) if self._profiling else 0

    @property
    def inferred(self):
        """The options the inference took out in the last search (0 without it)."""
        if not _lib.has(self._lib, "dlx_inferred"):
            return 0
        return self._lib.dlx_inferred(self._h())

    @property
    def seed(self):
        return self._seed

    @seed.setter
    def seed(self, seed):
        self._stop_search()
        _check(self._lib.dlx_set_seed(self._h(), int(seed) & (2**64 - 1)), "seed")
        self._seed = seed

    # --- commitments -----------------------------------------------------------

    def commit(self, *options):
        """Puts these options (numbers) into every solution from now on, as a
        sudoku's givens. ValueError when one clashes with what is committed
        (the problem is then as before this call)."""
        self._stop_search()
        n = len(self.options)
        for o in options:
            if isinstance(o, bool) or operator.index(o) < 0 or operator.index(o) >= n:
                raise ValueError("no option %r: options are numbered 0 to %d" % (o, n - 1))
        done = 0
        try:
            for o in options:
                rc = self._lib.dlx_commit(self._h(), operator.index(o))
                if rc == _ECONFLICT:
                    raise ValueError("option %d clashes with the committed options" % o)
                _check(rc, "commit option %d" % o)
                done += 1
        except BaseException:
            for _ in range(done):
                self._lib.dlx_uncommit(self._handle)
            raise

    def uncommit(self, count=1):
        """Undoes the last `count` commitments."""
        self._stop_search()
        for _ in range(count):
            _check(self._lib.dlx_uncommit(self._h()), "uncommit")

    def uncommit_all(self):
        self._stop_search()
        _check(self._lib.dlx_uncommit_all(self._h()), "uncommit")

    @property
    def committed(self):
        return self._lib.dlx_commit_count(self._h())

    @contextlib.contextmanager
    def given(self, *options):
        """with problem.given(3, 7): ... commits the options for the block."""
        self.commit(*options)
        try:
            yield self
        finally:
            self.uncommit(len(options))

    # --- searching -------------------------------------------------------------

    def _stop_search(self):
        """Abandons a search under way (a generator left half-way): a new
        search, a commitment or a setting ends it."""
        if self._handle and getattr(self, "_callback", None):
            self._lib.dlx_set_solution_fn(self._handle, _lib.SOLUTION_FN(), None)
            self._lib.dlx_reset(self._handle)
            self._callback = None
        self._search += 1

    def _live(self, token):
        """The handle, while the search started as `token` is the current one."""
        if token != self._search:
            if not self._handle:
                raise ValueError("the problem was closed while a search of it was under way")
            raise RuntimeError("another search of this problem was started while this one "
                               "was under way")
        return self._h()

    def solutions(self, limit=None):
        """Yields each solution as a tuple of option numbers (committed
        options first, then in the order the search chose them), lazily:
        the search in C runs in slices of about 20 ms and hands over the
        solutions found, the first one at once, then batches that double up
        to 4096 (so that long enumerations run near C speed). limit: stop
        after that many (None: no limit; 0 or less is a ValueError).
        Starting another search of the same problem ends this generator
        (RuntimeError), and so does close() (ValueError). Ctrl-C stops the
        search within a slice: the KeyboardInterrupt reaches the loop over
        the generator (the solutions found in C and not yet yielded go with
        the search)."""
        limit = _limit(limit)
        self._stop_search()
        token = self._search
        lib, h = self._lib, self._h()
        found = []
        want = [1]

        def on_solution(ctx, opts, count):
            found.append(tuple(opts[:count]))
            return len(found) >= want[0]  # non-zero: dlx_search() returns, resumable

        # The C library keeps a pointer to the callback: so does the problem,
        # for as long as the search is under way. The guard keeps what is
        # raised in it (Ctrl-C above all) for this frame to raise.
        call = _interrupt.Call()
        self._callback = callback = _lib.SOLUTION_FN(call.guard(on_solution))
        lib.dlx_reset_stats(h)
        lib.dlx_set_solution_fn(h, callback, None)
        slices = _interrupt.Slices()
        yielded, batch = 0, 1
        try:
            while limit is None or yielded < limit:
                want[0] = min(batch, limit - yielded) if limit else batch
                with call:
                    rc = lib.dlx_search(self._live(token), slices.start())
                slices.done()
                call.raise_pending()
                _check(rc, "search")
                self._stats = self._read_stats()
                if rc == _STOPPED:
                    batch = min(2 * batch, 4096)
                ready, found[:] = found[:], []
                for solution in ready:
                    yield solution
                    yielded += 1
                    self._live(token)
                if rc == _OK:
                    return
        finally:
            if token == self._search:
                self._stop_search()

    def first(self):
        """The first solution, or None when there is none."""
        return next(self.solutions(limit=1), None)

    def count(self, limit=None):
        """The number of solutions (at most limit, when given; 0 or less is a
        ValueError): counted in C without a callback, the fastest way to
        count, in slices of about 20 ms. Ctrl-C stops it within a slice and
        raises dlx.Interrupted (a KeyboardInterrupt) whose `count` is the
        number counted so far and `stats` the figures so far."""
        limit = _limit(limit)
        self._stop_search()
        lib, h = self._lib, self._h()
        lib.dlx_reset_stats(h)
        lib.dlx_set_solution_fn(h, _lib.SOLUTION_FN(), None)
        lib.dlx_set_limit(h, limit or 0)
        lib.dlx_reset(h)
        slices = _interrupt.Slices()
        try:
            while True:
                rc = _check(lib.dlx_search(h, slices.start()), "count")
                slices.done()
                if rc != _PAUSED:
                    break
        except KeyboardInterrupt:
            self._stats = self._read_stats()
            raise Interrupted(self._stats.solutions, self._stats) from None
        finally:
            lib.dlx_set_limit(h, 0)
            lib.dlx_reset(h)
        self._stats = self._read_stats()
        return self._stats.solutions

    def unique(self):
        """True when the problem has exactly one solution."""
        return self.count(limit=2) == 1

    # --- beyond enumeration: the cheapest solutions, the count by memo -----------

    def min_cost(self, k=1, *, bound="full"):
        """The k cheapest solutions (the options' costs, see `costs`), cheapest
        first, ties in the order found: a list of (cost, options) pairs, options
        a tuple of option numbers; [] when there is none. Branch and bound
        (Knuth's DLX5 idea: each item's options tried cheapest first, a list
        cut as soon as the cost so far plus a lower bound of the rest reaches
        the k-th best known), with colours and bounds. bound: "full" (the
        default), "cost" (the cost so far alone) or "none" (every solution
        visited: for measuring what the bound saves). Ctrl-C stops it within
        a fraction of a second and raises dlx.Interrupted, whose `cheapest`
        is the list so far (cheaper ones may be left) and `count` its length."""
        k = operator.index(k)
        if k < 1:
            raise ValueError("k must be at least 1, not %d" % k)
        modes = {"full": 0, "cost": 1, "none": 2}
        if bound not in modes:
            raise ValueError("bound must be one of %s, not %r" % (", ".join(modes), bound))
        self._stop_search()
        found = []

        def on_solution(ctx, opts, count, cost):
            found.append((cost, tuple(opts[:count])))
            return 0

        # The watch stops the search on Ctrl-C; the report of what was kept
        # comes after, with a guard of its own, so that it is still whole.
        call, report = _interrupt.Call(), _interrupt.Call()
        keep = _lib.COST_FN(report.guard(on_solution))
        watch = _lib.COST_WATCH_FN(call.guard(lambda ctx, nodes: 0))
        o = _lib.CostOpts(k=min(k, (1 << 64) - 1), bound=modes[bound], on_solution=keep,
                          watch=watch)
        r = _lib.CostResult()
        with call, report:
            rc = self._lib.dlx_min_cost(self._h(), ctypes.byref(o), ctypes.byref(r))
        try:
            call.raise_pending()
            report.raise_pending()
        except KeyboardInterrupt:
            e = Interrupted(len(found))
            e.cheapest = found
            raise e from None
        _check(rc, "min_cost")
        return found

    def _memo(self, rule, memory_limit, keep_zdd):
        rules = {"mrv": 0, "first": 1}
        if rule not in rules:
            raise ValueError("rule must be \"mrv\" or \"first\", not %r" % (rule,))
        limit = 0 if memory_limit is None else operator.index(memory_limit)
        if limit < 0:
            raise ValueError("memory_limit must be a number of bytes >= 0 (None: no cap)")
        self._stop_search()
        call = _interrupt.Call()
        watch = _lib.MEMO_WATCH_FN(call.guard(lambda ctx, nodes, states: 0))
        o = _lib.MemoOpts(rule=rules[rule], memory_limit=limit, keep_zdd=1 if keep_zdd else 0,
                          watch=watch)
        r = _lib.MemoResult()
        z = ctypes.c_void_p()
        with call:
            rc = self._lib.dlx_count_memo(self._h(), ctypes.byref(o), ctypes.byref(r),
                                          ctypes.byref(z) if keep_zdd else None)
        count = r.count.hi << 64 | r.count.lo
        try:
            call.raise_pending()
        except KeyboardInterrupt:
            if z:
                self._lib.dlx_zdd_free(z)
            raise Interrupted(count) from None
        if rc < 0 and z:
            self._lib.dlx_zdd_free(z)
        if rc == _ESTRATEGY:
            raise ValueError("count_memo: problems with bounds are not counted by memo "
                             "(count() counts them)")
        if rc == _ETOOBIG:
            raise OverflowError("count_memo: the count passes 2**128")
        _check(rc, "count_memo")
        return count, r, z

    def count_memo(self, *, rule="mrv", memory_limit=None):
        """The number of solutions, exactly (a Python int: past 2**64 too, up
        to 2**128), counted by memo: the subproblems are remembered by the
        state of the remaining items, as Nishino, Yasuda, Minato and Nagata's
        DXZ does (AAAI 2017), which on problems whose states repeat (domino
        tilings) is faster by orders of magnitude; where they hardly repeat
        the memo gives up and the plain search counts. rule: "mrv" (the item
        with fewest options left) or "first" (the first item left).
        memory_limit: bytes for the memo (None: no cap; past it the count
        goes on without storing states, still exact). Problems with bounds
        are a ValueError. Ctrl-C raises dlx.Interrupted, whose `count` is a
        lower bound (the branches finished)."""
        count, _, _ = self._memo(rule, memory_limit, False)
        return count

    def sample(self, k, *, seed=0, memory_limit=None):
        """k solutions drawn uniformly at random (with repeats) from all of
        them, each a tuple of option numbers; the same seed draws the same
        ones. The ZDD of every solution is built by the memo's count first
        (count_memo()); MemoryError when memory_limit keeps it from being
        whole. [] when there is no solution."""
        k = operator.index(k)
        if k < 0:
            raise ValueError("k must be >= 0, not %d" % k)
        count, r, z = self._memo("mrv", memory_limit, True)
        if count == 0:
            if z:
                self._lib.dlx_zdd_free(z)
            return []
        if not z:
            raise MemoryError("sample: the ZDD is not whole within memory_limit")
        lib = self._lib
        try:
            rng = ctypes.c_uint64(operator.index(seed) & ((1 << 64) - 1))
            cap = len(self.options) + 1
            opts = (ctypes.c_int32 * cap)()
            out = []
            for _ in range(k):
                n = lib.dlx_zdd_sample(z, ctypes.byref(rng), opts, cap)
                _check(n, "sample")
                out.append(tuple(opts[:n]))
            return out
        finally:
            lib.dlx_zdd_free(z)

    def _read_stats(self):
        s = _lib.Stats()
        self._lib.dlx_get_stats(self._h(), ctypes.byref(s))
        return Stats(s.solutions, s.nodes, s.updates, s.max_level)

    @property
    def stats(self):
        """Stats of the last search (count(), solutions(), first())."""
        return getattr(self, "_stats", None) or self._read_stats()

    def check(self):
        """Runs the library's invariant walk over the links (dlx_check())."""
        _check(self._lib.dlx_check(self._h()), "check")


def parse(text):
    """A Problem from Knuth's text format (DLX1/DLX2, as the dlx command
    reads it): items are names, options are tuples of names and
    (name, colour) pairs. ValueError names the line and column of an error."""
    lib = _lib.libdlx()
    data = text.encode("utf-8") if isinstance(text, str) else bytes(text)
    t = lib.dlx_text_new()
    if not t:
        raise MemoryError("dlx_text_new: out of memory")
    rc = lib.dlx_text_parse(t, data, len(data))
    if rc < 0:
        e = lib.dlx_text_error(t).contents
        msg = "%d:%d: %s" % (e.line, e.column, e.message.decode("utf-8", "replace"))
        lib.dlx_text_free(t)
        if rc == _ENOMEM:
            raise MemoryError(msg)
        raise ValueError(msg)
    h = lib.dlx_text_problem(t)
    p = Problem.__new__(Problem)
    p._lib, p._handle, p._text, p._search = lib, h, t, 0
    n = lib.dlx_item_count(h)
    names = [lib.dlx_item_name(h, i).decode("utf-8", "replace") for i in range(n)]
    p.items = names
    p.secondary = {names[i] for i in range(n) if lib.dlx_item_is_secondary(h, i) == 1}
    p._index = {name: i for i, name in enumerate(names)}
    p.colours = [lib.dlx_text_color_name(t, c).decode("utf-8", "replace")
                 for c in range(1, lib.dlx_text_color_count(t) + 1)]
    p._colours = {c: k + 1 for k, c in enumerate(p.colours)}
    p.options = []
    for o in range(lib.dlx_option_count(h)):
        m = lib.dlx_option_items(h, o, None, None, 0)
        items = (ctypes.c_int32 * max(m, 1))()
        colours = (ctypes.c_int32 * max(m, 1))()
        lib.dlx_option_items(h, o, items, colours, m)
        p.options.append(tuple(names[items[k]] if colours[k] == 0 else
                               Colour(names[items[k]], p.colours[colours[k] - 1])
                               for k in range(m)))
    p._choose = "mrv"
    p._strategy = "auto"
    p._seed = None
    return p
