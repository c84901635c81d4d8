# SPDX-License-Identifier: MIT
# count_solutions.awk - an independent solution counter for the command-line
# tests: one puzzle a line (N*N characters, '.' or '0' blank, symbols 1-9 then
# A-Z), the number of solutions printed for each, counting up to limit.
#
#   awk -v n=9 -v br=3 -v bc=3 [-v limit=2] [-v x=1] -f count_solutions.awk
#
# Rows, columns and br x bc boxes (x=1: the two diagonals too). Plain
# backtracking that fills the blank with the fewest candidates first; it
# shares nothing with the program it checks. Fast enough for 4x4 to 9x9.
BEGIN {
    if (!limit) limit = 2
    symbols = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    cells = n * n
    for (i = 0; i < cells; i++) {
        r = int(i / n); c = i % n
        h[i, 0] = r; h[i, 1] = n + c
        h[i, 2] = 2 * n + int(r / br) * (n / bc) + int(c / bc)
        nh[i] = 3
        if (x && r == c) h[i, nh[i]++] = 3 * n
        if (x && r + c == n - 1) h[i, nh[i]++] = 3 * n + 1
    }
}

function search(    i, best, fewest, k, v, ok, free, j) {
    best = -1; fewest = n + 1
    for (i = 0; i < cells; i++) {
        if (g[i]) continue
        k = 0
        for (v = 1; v <= n; v++) {
            ok = 1
            for (j = 0; j < nh[i] && ok; j++) if (used[h[i, j], v]) ok = 0
            if (ok) k++
        }
        if (k < fewest) { fewest = k; best = i; if (k == 0) return }
    }
    if (best < 0) { found++; return }
    for (v = 1; v <= n && found < limit; v++) {
        ok = 1
        for (j = 0; j < nh[best] && ok; j++) if (used[h[best, j], v]) ok = 0
        if (!ok) continue
        g[best] = v
        for (j = 0; j < nh[best]; j++) used[h[best, j], v] = 1
        search()
        for (j = 0; j < nh[best]; j++) used[h[best, j], v] = 0
        g[best] = 0
    }
}

{
    split("", used); split("", g)
    clash = 0
    for (i = 0; i < cells; i++) {
        ch = substr($0, i + 1, 1)
        v = index(symbols, toupper(ch))
        if (v > n) v = 0
        g[i] = v
        if (!v) continue
        for (j = 0; j < nh[i]; j++) {
            if (used[h[i, j], v]) clash = 1
            used[h[i, j], v] = 1
        }
    }
    found = 0
    if (!clash) search()
    print found
}
