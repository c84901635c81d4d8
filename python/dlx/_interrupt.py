# SPDX-License-Identifier: MIT
"""Long C calls that Ctrl-C can stop (issue 22): what dlx and dlx.sudoku share.

Python runs its signal handlers between bytecodes of the main thread, so a
KeyboardInterrupt raised while C is searching comes up at the next Python
code that thread runs: after the C call returns, or inside a ctypes callback
that the search calls. Raised inside a callback, it cannot reach the caller:
ctypes prints "Exception ignored on calling ctypes callback function" and
the search goes on. So:

- searches run in slices (a node budget per dlx_search() call, sized so that
  a slice takes about SLICE_SECONDS), so that a signal acts within a fraction
  of a second, between slices, in the caller's frame;
- every callback catches what is raised in it, keeps it in its Call and asks
  the search to stop; the caller raises it once the C call returns. What is
  raised before the callback's first line (a signal handler runs there too)
  is caught by a hook on sys.unraisablehook that knows the callbacks of the
  calls under way, and raised the same way; the hook passes everything else
  to the hook that was there before it.
"""

import sys
import threading
import time

SLICE_SECONDS = 0.02


class Interrupted(KeyboardInterrupt):
    """Ctrl-C (a KeyboardInterrupt) during a count: `count` is the number
    of solutions counted before it (a lower bound of the total), `stats` the
    search's figures so far when there are some (dlx.Stats, or None). It is
    a KeyboardInterrupt: `except KeyboardInterrupt` catches it too."""

    def __init__(self, count, stats=None):
        super().__init__("interrupted after %d solutions" % count)
        self.count = count
        self.stats = stats


_lock = threading.Lock()
_active = {}  # id(callback function) -> its Call, while a C call may run it
_previous_hook = None


def _unraisable(args):
    call = _active.get(id(args.object)) if args.object is not None else None
    if call is not None and call.error is None and isinstance(args.exc_value, BaseException):
        call.error = args.exc_value
        return
    _previous_hook(args)


def _install_hook():
    global _previous_hook
    with _lock:
        if _previous_hook is None:
            _previous_hook = sys.unraisablehook
            sys.unraisablehook = _unraisable


class Call:
    """One C call (or a run of slices) with Python callbacks: wrap each
    callback with guard(), hold the C function pointers while the call runs
    (with call:), then raise_pending()."""

    def __init__(self):
        self.error = None
        self._funcs = []

    def guard(self, fn, stop=1):
        """fn wrapped so that whatever it raises is kept (and the search asked
        to stop: the wrapper then returns `stop`); a call with an error kept
        returns `stop` at once."""
        def guarded(*args):
            if self.error is not None:
                return stop
            try:
                return fn(*args)
            except BaseException as e:  # noqa: B902 - KeyboardInterrupt above all
                self.error = e
                return stop
        self._funcs.append(guarded)
        return guarded

    def __enter__(self):
        _install_hook()
        for f in self._funcs:
            _active[id(f)] = self
        return self

    def __exit__(self, *exc):
        for f in self._funcs:
            _active.pop(id(f), None)
        return False

    def raise_pending(self):
        if self.error is not None:
            e, self.error = self.error, None
            raise e


class Slices:
    """Node budgets for slices of about SLICE_SECONDS: doubled while a slice
    is quicker than half that, halved while one is slower than twice."""

    def __init__(self, first=1024):
        self.budget = first
        self._t0 = 0.0

    def start(self):
        self._t0 = time.perf_counter()
        return self.budget

    def done(self):
        dt = time.perf_counter() - self._t0
        if dt < SLICE_SECONDS / 2 and self.budget < 1 << 40:
            self.budget *= 2
        elif dt > SLICE_SECONDS * 2 and self.budget > 64:
            self.budget //= 2
