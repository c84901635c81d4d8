/* SPDX-License-Identifier: MIT */
/* solve_band_avx2.c - the band solver (solve_band.c) compiled once more
 * for AVX2, two symbols to a vector, for the processors that have it:
 * sudoku_band_solve() picks this build or the portable one at run time
 * (sudoku_band_avx2_usable()), so the library as a distribution builds it
 * (no -march) still uses AVX2 where it is there. */
#include "sudoku_internal.h"

#if SUDOKU_BAND_HAVE_AVX2 && !defined(SUDOKU_BAND_PORTABLE)
#include <immintrin.h>
#include <string.h>
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2"))), apply_to = function)
#else
#pragma GCC target("avx2")
#endif
#define SUDOKU_BAND_AVX2 1
#include "solve_band.c"
#if defined(__clang__)
#pragma clang attribute pop
#endif
#else
typedef int sudoku_band_avx2_unused; /* ISO C wants something in a file */
#endif
