# SPDX-License-Identifier: MIT
"""Finds and loads libdlx and libsudoku with ctypes, and declares the C
functions the binding calls (their prototypes are those of dlx/dlx.h,
dlx/dlx_text.h and sudoku/sudoku.h).

Where the shared libraries are looked for, first hit wins:
  1. $DLX_LIBRARY (the path of libdlx.so...) and $SUDOKU_LIBRARY;
  2. $DLX_LIBDIR, a folder holding both;
  3. this package's own folder, where the wheel puts the copies it built
     (`pip install ./python`: build_backend.py compiles them);
  4. the build folder of the source tree this module sits in
     (<repository>/build/lib), so it works right after `make`;
  5. the dynamic loader's own search (LD_LIBRARY_PATH, the ldconfig cache),
     by SONAME: libdlx.so.1, libsudoku.so.1 (installed by `make install`);
  6. /usr/local/lib, where `make install` puts them before `ldconfig` has run.
Nothing is loaded until it is first needed.
"""

import ctypes
import os
import threading

MAJOR = 1  # the SONAME's number: libdlx.so.1

_lock = threading.Lock()
_loaded = {}


class LibraryNotFound(OSError):
    """libdlx or libsudoku is not where the binding looks for it."""


def _candidates(name, env):
    soname = "lib%s.so.%d" % (name, MAJOR)
    if os.environ.get(env):
        yield os.environ[env]
        return
    if os.environ.get("DLX_LIBDIR"):
        yield os.path.join(os.environ["DLX_LIBDIR"], soname)
        return
    here = os.path.dirname(os.path.abspath(__file__))
    bundled = os.path.join(here, soname)
    if os.path.exists(bundled):
        yield bundled
    tree = os.path.join(os.path.dirname(os.path.dirname(here)), "build", "lib", soname)
    if os.path.exists(tree):
        yield tree
    yield soname
    yield os.path.join("/usr/local/lib", soname)


def _load(name, env):
    with _lock:
        if name in _loaded:
            return _loaded[name]
        tried = []
        for path in _candidates(name, env):
            try:
                lib = ctypes.CDLL(path)
            except OSError as e:
                tried.append("%s (%s)" % (path, e))
                continue
            _loaded[name] = lib
            return lib
        raise LibraryNotFound(
            "lib%s.so.%d not found; tried: %s. `pip install ./python` (from the dlx "
            "repository, in a venv) builds a package that carries it; or build it with `make` "
            "in the repository (then this module finds build/lib when run from there), install "
            "it with `sudo make install && sudo ldconfig`, or set DLX_LIBDIR to the folder that "
            "holds it." % (name, MAJOR, "; ".join(tried)))


# --- libdlx ---------------------------------------------------------------------

c_int32_p = ctypes.POINTER(ctypes.c_int32)
SOLUTION_FN = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, c_int32_p, ctypes.c_int32)


class Stats(ctypes.Structure):
    _fields_ = [("solutions", ctypes.c_uint64), ("nodes", ctypes.c_uint64),
                ("updates", ctypes.c_uint64), ("max_level", ctypes.c_int32)]


class TextDiag(ctypes.Structure):
    _fields_ = [("line", ctypes.c_int64), ("column", ctypes.c_int64),
                ("code", ctypes.c_int), ("message", ctypes.c_char_p)]


# Costs and the cheapest solutions (dlx_min_cost), the count by memo and the
# ZDD (dlx_count_memo): the structs of dlx.h, field for field.
COST_FN = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, c_int32_p, ctypes.c_int32,
                           ctypes.c_int64)
COST_WATCH_FN = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_uint64)
COST_TRACE_FN = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p)
MEMO_WATCH_FN = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_uint64, ctypes.c_uint64)


class CostOpts(ctypes.Structure):
    _fields_ = [("k", ctypes.c_uint64), ("bound", ctypes.c_int), ("on_solution", COST_FN),
                ("watch", COST_WATCH_FN), ("trace", COST_TRACE_FN), ("ctx", ctypes.c_void_p)]


class CostResult(ctypes.Structure):
    _fields_ = [("found", ctypes.c_uint64), ("best", ctypes.c_int64),
                ("nodes", ctypes.c_uint64), ("cuts", ctypes.c_uint64),
                ("solutions", ctypes.c_uint64), ("root_bound", ctypes.c_int64)]


class U128(ctypes.Structure):
    _fields_ = [("hi", ctypes.c_uint64), ("lo", ctypes.c_uint64)]


class MemoOpts(ctypes.Structure):
    _fields_ = [("rule", ctypes.c_int), ("memory_limit", ctypes.c_uint64),
                ("keep_zdd", ctypes.c_int), ("no_memo", ctypes.c_int),
                ("keep_memo", ctypes.c_int), ("watch", MEMO_WATCH_FN),
                ("ctx", ctypes.c_void_p)]


class MemoResult(ctypes.Structure):
    _fields_ = [("count", U128), ("nodes", ctypes.c_uint64), ("states", ctypes.c_uint64),
                ("hits", ctypes.c_uint64), ("zdd_nodes", ctypes.c_uint64),
                ("memory", ctypes.c_uint64), ("memo_full", ctypes.c_int),
                ("zdd_complete", ctypes.c_int), ("plain", ctypes.c_int)]


def _declare(lib, table):
    for name, restype, argtypes in table:
        f = getattr(lib, name)
        f.restype = restype
        f.argtypes = argtypes


_P = ctypes.c_void_p
_DLX = [
    ("dlx_strerror", ctypes.c_char_p, [ctypes.c_int]),
    ("dlx_new", _P, []),
    ("dlx_free", None, [_P]),
    ("dlx_clone", _P, [_P]),
    ("dlx_add_item", ctypes.c_int32, [_P, ctypes.c_char_p, ctypes.c_uint]),
    ("dlx_add_option", ctypes.c_int32, [_P, c_int32_p, c_int32_p, ctypes.c_int32]),
    ("dlx_item_count", ctypes.c_int32, [_P]),
    ("dlx_option_count", ctypes.c_int32, [_P]),
    ("dlx_item_name", ctypes.c_char_p, [_P, ctypes.c_int32]),
    ("dlx_item_is_secondary", ctypes.c_int, [_P, ctypes.c_int32]),
    ("dlx_option_items", ctypes.c_int32, [_P, ctypes.c_int32, c_int32_p, c_int32_p, ctypes.c_int32]),
    ("dlx_commit", ctypes.c_int, [_P, ctypes.c_int32]),
    ("dlx_uncommit", ctypes.c_int, [_P]),
    ("dlx_uncommit_all", ctypes.c_int, [_P]),
    ("dlx_commit_count", ctypes.c_int32, [_P]),
    ("dlx_set_solution_fn", None, [_P, SOLUTION_FN, _P]),
    ("dlx_set_limit", None, [_P, ctypes.c_uint64]),
    ("dlx_set_choose", ctypes.c_int, [_P, ctypes.c_int]),
    ("dlx_set_strategy", ctypes.c_int, [_P, ctypes.c_int]),
    ("dlx_set_seed", ctypes.c_int, [_P, ctypes.c_uint64]),
    ("dlx_search", ctypes.c_int, [_P, ctypes.c_uint64]),
    ("dlx_reset", None, [_P]),
    ("dlx_count", ctypes.c_int, [_P, ctypes.POINTER(ctypes.c_uint64)]),
    ("dlx_get_stats", None, [_P, ctypes.POINTER(Stats)]),
    ("dlx_reset_stats", None, [_P]),
    ("dlx_check", ctypes.c_int, [_P]),
    ("dlx_text_new", _P, []),
    ("dlx_text_free", None, [_P]),
    ("dlx_text_parse", ctypes.c_int, [_P, ctypes.c_char_p, ctypes.c_size_t]),
    ("dlx_text_error", ctypes.POINTER(TextDiag), [_P]),
    ("dlx_text_problem", _P, [_P]),
    ("dlx_text_color_count", ctypes.c_int32, [_P]),
    ("dlx_text_color_name", ctypes.c_char_p, [_P, ctypes.c_int32]),
]
# Item bounds (Knuth's multiplicities, Algorithm M) and the inference: used
# when the library has them; Problem raises a clear error otherwise.
_DLX_OPTIONAL = [
    ("dlx_add_item_bounds", ctypes.c_int32,
     [_P, ctypes.c_char_p, ctypes.c_uint, ctypes.c_int32, ctypes.c_int32]),
    ("dlx_set_inference", ctypes.c_int, [_P, ctypes.c_int, ctypes.c_int32]),
    ("dlx_inferred", ctypes.c_uint64, [_P]),
    ("dlx_set_profile", ctypes.c_int, [_P, ctypes.c_int]),
    ("dlx_get_profile", ctypes.c_int32, [_P, ctypes.POINTER(ctypes.c_uint64), ctypes.c_int32]),
    ("dlx_max_degree", ctypes.c_int32, [_P]),
    ("dlx_set_option_cost", ctypes.c_int, [_P, ctypes.c_int32, ctypes.c_int64]),
    ("dlx_option_cost", ctypes.c_int64, [_P, ctypes.c_int32]),
    ("dlx_min_cost", ctypes.c_int, [_P, ctypes.POINTER(CostOpts), ctypes.POINTER(CostResult)]),
    ("dlx_count_memo", ctypes.c_int,
     [_P, ctypes.POINTER(MemoOpts), ctypes.POINTER(MemoResult), ctypes.POINTER(_P)]),
    ("dlx_zdd_sample", ctypes.c_int32,
     [_P, ctypes.POINTER(ctypes.c_uint64), c_int32_p, ctypes.c_int32]),
    ("dlx_zdd_free", None, [_P]),
]


def libdlx():
    lib = _load("dlx", "DLX_LIBRARY")
    if not getattr(lib, "_declared", False):
        _declare(lib, _DLX)
        for entry in _DLX_OPTIONAL:
            try:
                _declare(lib, [entry])
            except AttributeError:
                pass
        lib._declared = True
    return lib


def has(lib, name):
    try:
        getattr(lib, name)
        return True
    except AttributeError:
        return False


# --- libsudoku ------------------------------------------------------------------

SUDOKU_MAX_N = 64
SUDOKU_MAX_CELLS = SUDOKU_MAX_N * SUDOKU_MAX_N


class SudokuShape(ctypes.Structure):
    _fields_ = [("n", ctypes.c_int), ("box_rows", ctypes.c_int), ("box_cols", ctypes.c_int),
                ("variant", ctypes.c_uint), ("regions", ctypes.POINTER(ctypes.c_uint8))]


class SudokuStats(ctypes.Structure):
    _fields_ = [("nodes", ctypes.c_uint64)]


class SudokuConflict(ctypes.Structure):
    _fields_ = [("house", ctypes.c_int), ("symbol", ctypes.c_int),
                ("cell1", ctypes.c_int), ("cell2", ctypes.c_int)]


class SudokuReadOptions(ctypes.Structure):
    _fields_ = [("alphabet", ctypes.c_char_p), ("n", ctypes.c_int)]


class SudokuPuzzle(ctypes.Structure):
    _fields_ = [("n", ctypes.c_int), ("form", ctypes.c_int), ("line", ctypes.c_long),
                ("last_line", ctypes.c_long), ("cells", ctypes.c_uint8 * SUDOKU_MAX_CELLS)]


class SudokuReadError(ctypes.Structure):
    _fields_ = [("code", ctypes.c_int), ("line", ctypes.c_long), ("column", ctypes.c_long),
                ("first_line", ctypes.c_long), ("found", ctypes.c_int),
                ("expected", ctypes.c_int), ("form", ctypes.c_int)]


_u8p = ctypes.POINTER(ctypes.c_uint8)
SUDOKU_SOLUTION_FN = ctypes.CFUNCTYPE(ctypes.c_int, _P, _u8p)
SUDOKU_PROGRESS_FN = ctypes.CFUNCTYPE(ctypes.c_int, _P, ctypes.c_uint64)
_SUDOKU = [
    ("sudoku_strerror", ctypes.c_char_p, [ctypes.c_int]),
    ("sudoku_shape_default", ctypes.c_int, [ctypes.POINTER(SudokuShape), ctypes.c_int]),
    ("sudoku_parse_regions", ctypes.c_int,
     [ctypes.c_char_p, ctypes.c_size_t, ctypes.POINTER(ctypes.c_int), _u8p,
      ctypes.POINTER(ctypes.c_long)]),
    ("sudoku_solver_new", _P, [ctypes.POINTER(SudokuShape), ctypes.c_int,
                               ctypes.POINTER(ctypes.c_int)]),
    ("sudoku_solver_free", None, [_P]),
    ("sudoku_solve", ctypes.c_int64, [_P, _u8p, ctypes.c_uint64, _u8p,
                                      ctypes.POINTER(SudokuStats)]),
    ("sudoku_solve_each", ctypes.c_int64,
     [_P, _u8p, ctypes.c_uint64, SUDOKU_SOLUTION_FN, _P,
      ctypes.POINTER(SudokuStats)]),
    ("sudoku_solver_set_progress", None, [_P, SUDOKU_PROGRESS_FN, _P, ctypes.c_uint64]),
    ("sudoku_solver_found", ctypes.c_uint64, [_P]),
    ("sudoku_solver_conflict", None, [_P, ctypes.POINTER(SudokuConflict)]),
    ("sudoku_house_name", None, [_P, ctypes.c_int, ctypes.c_char_p, ctypes.c_size_t]),
    ("sudoku_reader_new", _P, [ctypes.c_char_p, ctypes.c_size_t,
                               ctypes.POINTER(SudokuReadOptions), ctypes.POINTER(ctypes.c_int)]),
    ("sudoku_reader_free", None, [_P]),
    ("sudoku_reader_next", ctypes.c_int, [_P, ctypes.POINTER(SudokuPuzzle),
                                          ctypes.POINTER(SudokuReadError)]),
    ("sudoku_parse_alphabet", ctypes.c_int, [ctypes.c_char_p, ctypes.c_char_p]),
    ("sudoku_format_line", ctypes.c_size_t, [_u8p, ctypes.c_int, ctypes.c_char_p,
                                             ctypes.c_char_p]),
]


def libsudoku():
    libdlx()  # libsudoku.so.1 needs libdlx.so.1: loaded first, it is found by its SONAME
    lib = _load("sudoku", "SUDOKU_LIBRARY")
    if not getattr(lib, "_declared", False):
        _declare(lib, _SUDOKU)
        lib._declared = True
    return lib
