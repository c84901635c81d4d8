#!/bin/sh
# SPDX-License-Identifier: MIT
# gen.sh - writes classic exact-cover problems in the DLX text format, for the
# tests of the `dlx` command (and as examples of the format).
#
#   sh gen.sh queens N        N-queens: rows and columns primary, diagonals
#                             secondary (solutions: OEIS A000170)
#   sh gen.sh sudoku4         the empty 4x4 sudoku (288 grids)
#   sh gen.sh latin N         Latin squares of order N (OEIS A002860)
#   sh gen.sh petersen K      proper K-colourings of the Petersen graph, with
#                             colours (chromatic polynomial: K=3 120, K=4 12960)
#   sh gen.sh langford N      Langford pairings of 1,1,...,N,N (OEIS A014552,
#                             counted twice: a pairing and its reversal)
#   sh gen.sh items N         N primary items a1..aN, one option each: 1 solution
#   sh gen.sh longnames L     three items with names L characters long
# Only POSIX sh and awk.
kind=$1
n=${2:-0}
case $kind in
queens)
    awk -v n="$n" 'BEGIN {
        printf "| %d-queens: rows r, columns c; diagonals a and b are secondary\n", n
        line = ""
        for (i = 0; i < n; i++) line = line " r" i
        for (i = 0; i < n; i++) line = line " c" i
        line = line " |"
        for (i = 0; i < 2 * n - 1; i++) line = line " a" i " b" i
        print substr(line, 2)
        for (r = 0; r < n; r++)
            for (c = 0; c < n; c++)
                printf "r%d c%d a%d b%d\n", r, c, r + c, r - c + n - 1
    }' ;;
sudoku4)
    awk 'BEGIN {
        print "| the empty 4x4 sudoku: cell pRC, row rRD, column cCD, box bBD"
        line = ""
        for (i = 0; i < 4; i++) for (j = 1; j <= 4; j++)
            line = line sprintf(" p%d%d r%d%d c%d%d b%d%d", i, j - 1, i, j, i, j, i, j)
        print substr(line, 2)
        for (r = 0; r < 4; r++) for (c = 0; c < 4; c++) for (d = 1; d <= 4; d++) {
            b = int(r / 2) * 2 + int(c / 2)
            printf "p%d%d r%d%d c%d%d b%d%d\n", r, c, r, d, c, d, b, d
        }
    }' ;;
latin)
    awk -v n="$n" 'BEGIN {
        printf "| Latin squares of order %d: cell xRC, row rRS, column cCS\n", n
        line = ""
        for (i = 0; i < n; i++) for (j = 0; j < n; j++)
            line = line sprintf(" x%d_%d r%d_%d c%d_%d", i, j, i, j, i, j)
        print substr(line, 2)
        for (r = 0; r < n; r++) for (c = 0; c < n; c++) for (s = 0; s < n; s++)
            printf "x%d_%d r%d_%d c%d_%d\n", r, c, r, s, c, s
    }' ;;
petersen)
    awk -v k="$n" 'BEGIN {
        # outer cycle 0-4, spokes i-(i+5), inner pentagram 5-7-9-6-8
        m = 0
        for (i = 0; i < 5; i++) { eu[m] = i; ev[m] = (i + 1) % 5; m++ }
        for (i = 0; i < 5; i++) { eu[m] = i; ev[m] = i + 5; m++ }
        for (i = 0; i < 5; i++) { eu[m] = 5 + i; ev[m] = 5 + (i + 2) % 5; m++ }
        printf "| %d-colourings of the Petersen graph: vertex vN and edge eU_V are primary;\n", k
        print "| the secondary item kN holds the colour of vertex N, which every option"
        print "| for N or for one of its edges must agree on"
        line = ""
        for (i = 0; i < 10; i++) line = line " v" i
        for (j = 0; j < m; j++) line = line " e" eu[j] "_" ev[j]
        line = line " |"
        for (i = 0; i < 10; i++) line = line " k" i
        print substr(line, 2)
        for (i = 0; i < 10; i++) for (a = 1; a <= k; a++) printf "v%d k%d:c%d\n", i, i, a
        for (j = 0; j < m; j++) for (a = 1; a <= k; a++) for (b = 1; b <= k; b++)
            if (a != b) printf "e%d_%d k%d:c%d k%d:c%d\n", eu[j], ev[j], eu[j], a, ev[j], b
    }' ;;
langford)
    awk -v n="$n" 'BEGIN {
        printf "| Langford pairs for 1..%d: value dV, position sP\n", n
        line = ""
        for (v = 1; v <= n; v++) line = line " d" v
        for (p = 1; p <= 2 * n; p++) line = line " s" p
        print substr(line, 2)
        for (v = 1; v <= n; v++) for (p = 1; p + v + 1 <= 2 * n; p++)
            printf "d%d s%d s%d\n", v, p, p + v + 1
    }' ;;
items)
    awk -v n="$n" 'BEGIN {
        printf "| %d items, one option each\n", n
        for (i = 1; i <= n; i++) printf "%sa%d", (i > 1 ? " " : ""), i
        printf "\n"
        for (i = 1; i <= n; i++) print "a" i
    }' ;;
longnames)
    awk -v n="$n" 'BEGIN {
        for (c = 0; c < 3; c++) {
            s = ""
            for (i = 0; i < n; i++) s = s substr("xyz", c + 1, 1)
            name[c] = s
        }
        print name[0] " " name[1] " | " name[2]
        print name[0] " " name[2] ":same"
        print name[1] " " name[2] ":same"
        print name[0] " " name[1]
    }' ;;
*)
    echo "usage: sh gen.sh queens|sudoku4|latin|petersen|langford|items|longnames N" >&2
    exit 2 ;;
esac
