#!/bin/sh
# SPDX-License-Identifier: MIT
# What a packager checks, into scratch DESTDIRs:
#  - make install puts the headers (in INCLUDEDIR/dlx/), both libraries
#    (static, and shared with a SONAME from the major version), both
#    pkg-config files, the programs (the sudoku command as dlx-sudoku;
#    dlx-mpi only with WITH_MPI=yes), the man pages and the programs' --help
#    (naming installed paths that exist: DOCDIR as given to make install,
#    not as the first make had it), the docs under DOCDIR and the bash
#    completions;
#  - programs build against the installed files with pkg-config, for libdlx
#    (the README's example) and libsudoku (a puzzle with a published
#    solution), statically and with the shared libraries;
#  - BINDIR, LIBDIR (multiarch), MANDIR ... are honoured; SUDOKU_NAME=sudoku
#    installs the short name; uninstall leaves no file and no directory
#    behind;
#  - the inner makes take nothing from the make that runs the tests (its -s,
#    its V=1 PREFIX=... in MAKEFLAGS, as dh_auto_test passes them);
#  - install and run build neither examples nor benchmarks; CPPFLAGS from
#    the command line is added to the project's (-D_FORTIFY_SOURCE=2); the
#    build prints short lines, and the full commands with V=1.
# Installing with another DOCDIR rebuilds the objects that print it: the
# installs are made from a copy of the build (make check's own programs
# stay as they are). Skipped for the sanitizer builds, whose objects the
# rebuild would mix with plain ones (the plain builds test installing).
if [ "${DLX_VALGRIND:-0}" = 1 ]; then
    echo "skipped under valgrind: installing is not about memory, and \$BIN holds wrappers"
    exit 0
fi
if nm "$(dirname "$BIN")/lib/libdlx.a" 2>/dev/null | grep -q -E "__asan|__tsan|__ubsan"; then
    echo "skipped for a sanitizer build: the plain builds test installing"
    exit 0
fi
. "$TESTS/cli/common.sh"
VERSION=$(sed -n 's/^#define DLX_VERSION "\(.*\)"/\1/p' "$ROOT/dlx/dlx.h")
MAJOR=${VERSION%%.*}
plain=1
# The copy: what make install needs of the build (objects, libraries,
# programs, completions), times kept, so only DOCDIR's objects rebuild.
BUILD=$tmp/build
mkdir -p "$BUILD/obj" "$BUILD/bin"
for d in obj/dlx obj/sudoku obj/cli lib completion docdir; do
    [ -e "$BIN/../$d" ] && cp -pR "$BIN/../$d" "$BUILD/$d"
done
for p in dlx sudoku dlx-mpi; do
    [ -e "$BIN/$p" ] && cp -p "$BIN/$p" "$BUILD/bin/$p"
done

minstall() { # DESTDIR, then more make arguments
    d=$1; shift
    make_clean -s -C "$ROOT" install BUILD="$BUILD" DESTDIR="$d" "$@" > "$tmp/log" 2>&1 ||
        { cat "$tmp/log"; fail "make install $* failed"; return 1; }
}
muninstall() {
    d=$1; shift
    make_clean -s -C "$ROOT" uninstall BUILD="$BUILD" DESTDIR="$d" "$@" > "$tmp/log" 2>&1 ||
        { cat "$tmp/log"; fail "make uninstall $* failed"; return 1; }
    left=$(find "$d" -mindepth 1)
    [ -z "$left" ] || fail "uninstall $* left: $left"
}
# The paths a program's --help names (a .md page, the sample files' $E and
# the files under it): each must be installed, under ROOT_DIR.
help_paths() { # ROOT_DIR PROGRAM
    "$2" --help > "$tmp/help.txt" 2>&1
    e=$(sed -n 's/.* E=\([^ ]*\).*/\1/p' "$tmp/help.txt")
    { [ -n "$e" ] && echo "$e"
      sed "s|[$]E/|$e/|g" "$tmp/help.txt" | grep -o '/[A-Za-z0-9_./-]*[.][a-z]*'
    } | sed 's/[.]$//' | sort -u | while read -r path; do
        [ -e "$1$path" ] || echo "$(basename "$2") --help names $path, which is not installed"
    done
}

# --- the default layout, PREFIX=/opt/dlx -------------------------------------
minstall "$tmp/root" PREFIX=/opt/dlx || exit 1
P="$tmp/root/opt/dlx"
for f in include/dlx/dlx.h include/dlx/dlx_text.h include/dlx/sudoku.h \
    lib/libdlx.a "lib/libdlx.so.$VERSION" "lib/libdlx.so.$MAJOR" lib/libdlx.so \
    lib/libsudoku.a "lib/libsudoku.so.$VERSION" "lib/libsudoku.so.$MAJOR" lib/libsudoku.so \
    lib/pkgconfig/libdlx.pc lib/pkgconfig/libsudoku.pc bin/dlx bin/dlx-sudoku \
    share/man/man1/dlx.1 share/man/man1/dlx-sudoku.1 \
    share/doc/dlx/README.md share/doc/dlx/LICENSE \
    share/bash-completion/completions/dlx share/bash-completion/completions/dlx-sudoku; do
    [ -e "$P/$f" ] || fail "not installed: $f"
done
[ -e "$P/bin/sudoku" ] && fail "bin/sudoku installed by default (Debian's sudoku package owns the name)"
[ -e "$P/include/dlx.h" ] && fail "dlx.h installed in include/ (it belongs in include/dlx/)"
# dlx-mpi (optional): never by default, even when make check has built it.
[ -e "$P/bin/dlx-mpi" ] && fail "dlx-mpi installed without WITH_MPI=yes"
[ -e "$P/share/man/man1/dlx-mpi.1" ] && fail "dlx-mpi.1 installed without WITH_MPI=yes"
[ -e "$P/share/bash-completion/completions/dlx-mpi" ] &&
    fail "dlx-mpi's completion installed without WITH_MPI=yes"
# --help names the docs and sample files where this install put them.
help_paths "$tmp/root" "$P/bin/dlx" > "$tmp/help"
help_paths "$tmp/root" "$P/bin/dlx-sudoku" >> "$tmp/help"
[ -s "$tmp/help" ] && fail "$(cat "$tmp/help")"
"$P/bin/dlx" --help | grep -q "/opt/dlx/share/doc/dlx/format.md" ||
    fail "the installed dlx --help does not name /opt/dlx/share/doc/dlx/format.md"
"$P/bin/dlx-sudoku" --help | grep -q "E=/opt/dlx/share/doc/dlx/examples" ||
    fail "the installed dlx-sudoku --help does not name its sample files in /opt/dlx"
for m in "$ROOT"/docs/*.md "$ROOT"/examples/*.md "$ROOT"/examples/*.txt "$ROOT"/examples/*.dlx \
    "$ROOT"/examples/*.regions; do
    [ -e "$m" ] || continue
    [ "$m" = "$ROOT/docs/README.md" ] && continue # the index of docs/ (README.md is the top one)
    case $m in */examples/*) d=share/doc/dlx/examples ;; *) d=share/doc/dlx ;; esac
    cmp -s "$m" "$P/$d/$(basename "$m")" || fail "not installed as is: $d/$(basename "$m")"
done
[ -x "$P/bin/dlx-sudoku" ] && [ "$("$P/bin/dlx-sudoku" "$ROOT/tests/data/sudoku/known.txt")" = \
    "$(cat "$ROOT/tests/data/sudoku/known.solutions")" ] || fail "the installed dlx-sudoku does not solve"

# The SONAMEs follow the major version; libsudoku needs libdlx's.
if command -v readelf > /dev/null 2>&1; then
    for l in dlx sudoku; do
        readelf -d "$P/lib/lib$l.so.$VERSION" | grep -q "SONAME.*\[lib$l\.so\.$MAJOR\]" ||
            fail "lib$l.so.$VERSION: SONAME is not lib$l.so.$MAJOR"
    done
    readelf -d "$P/lib/libsudoku.so.$VERSION" | grep -q "NEEDED.*\[libdlx\.so\.$MAJOR\]" ||
        fail "libsudoku.so does not record its need of libdlx.so.$MAJOR"
else
    echo "readelf missing (apt-get install binutils): SONAME not checked"
fi

# The man pages: the installed command names, installed paths that exist.
man="$P/share/man/man1"
grep -q '^\.TH DLX-SUDOKU 1' "$man/dlx-sudoku.1" || fail "dlx-sudoku.1: .TH is not DLX-SUDOKU"
grep -q '^dlx\\-sudoku \\-' "$man/dlx-sudoku.1" || fail "dlx-sudoku.1: NAME does not say dlx-sudoku"
grep -q '^\.BR dlx\\-sudoku (1)' "$man/dlx.1" || fail "dlx.1: SEE ALSO does not name dlx-sudoku(1)"
for m in "$man"/*.1; do
    grep -n -E '(^|[ (])(docs|examples|tests)/' "$m" | sed "s|^|$(basename "$m"):|" > "$tmp/repo"
    [ -s "$tmp/repo" ] && fail "a repository path in an installed man page: $(cat "$tmp/repo")"
    sed 's/\\-/-/g' "$m" | grep -o '/opt/dlx/[A-Za-z0-9_./-]*' | sed 's/[.]$//' | sort -u |
    while read -r path; do
        [ -e "$tmp/root$path" ] || echo "$(basename "$m") names $path, which is not installed"
    done > "$tmp/missing"
    [ -s "$tmp/missing" ] && fail "$(cat "$tmp/missing")"
    if command -v man > /dev/null 2>&1; then
        MANWIDTH=80 man -l "$m" > /dev/null 2> "$tmp/man.err" || fail "man -l $(basename "$m") failed"
        [ -s "$tmp/man.err" ] && fail "man -l $(basename "$m"): $(cat "$tmp/man.err")"
    fi
done

# --help names the docs where make install puts them (the DOCDIR of the
# build: an absolute path to a page that docs/ has).
for prog in dlx sudoku; do
    "$BIN/$prog" --help | grep -o '[^ (]*/[A-Za-z0-9_-]*\.md' | while read -r path; do
        case $path in
        /*) [ -e "$ROOT/docs/$(basename "$path")" ] || echo "$prog --help names $path: no such page" ;;
        *) echo "$prog --help names $path, a path of the source tree" ;;
        esac
    done
done > "$tmp/help"
[ -s "$tmp/help" ] && fail "$(cat "$tmp/help")"

# pkg-config, for both libraries.
pc() {
    PKG_CONFIG_SYSROOT_DIR="$tmp/root" PKG_CONFIG_PATH="$P/lib/pkgconfig" PKG_CONFIG_LIBDIR= \
        pkg-config "$@"
}
if ! command -v pkg-config > /dev/null 2>&1; then
    echo "pkg-config missing (apt-get install pkg-config): the .pc files are not checked"
else
    [ "$(pc --modversion libdlx)" = "$VERSION" ] || fail "libdlx.pc: version is not $VERSION"
    [ "$(pc --modversion libsudoku)" = "$VERSION" ] || fail "libsudoku.pc: version is not $VERSION"
    pc --libs libsudoku | grep -q -- '-lsudoku .*-ldlx' ||
        fail "pkg-config --libs libsudoku: $(pc --libs libsudoku) (wants -lsudoku and, by Requires, -ldlx)"
    grep -q '^prefix=/opt/dlx$' "$P/lib/pkgconfig/libdlx.pc" || fail "libdlx.pc: wrong prefix"
fi
if [ "$plain" = 1 ] && command -v pkg-config > /dev/null 2>&1; then
    awk '/^```c$/ { f = 1; next } /^```/ { f = 0 } f' "$ROOT/README.md" > "$tmp/example.c"
    cat > "$tmp/solve.c" << 'EOF'
/* The puzzle at the top of Wikipedia's "Sudoku" article, solved with the
 * installed libsudoku; prints the solution as one line. */
#include <stdio.h>
#include <string.h>
#include "sudoku.h"

int main(void)
{
    const char *p = "53..7....6..195....98....6.8...6...34..8.3..17...2...6"
                    ".6....28....419..5....8..79";
    uint8_t givens[81], solution[81];
    char line[82];
    sudoku_shape shape;
    int err;
    for (int k = 0; k < 81; k++)
        givens[k] = p[k] == '.' ? 0 : (uint8_t)(p[k] - '0');
    sudoku_shape_default(&shape, 9);
    sudoku_solver *s = sudoku_solver_new(&shape, SUDOKU_DLX, &err);
    if (!s || sudoku_solve(s, givens, 2, solution, NULL) != 1)
        return 1;
    sudoku_format_line(solution, 9, NULL, line);
    puts(line);
    sudoku_solver_free(s);
    return 0;
}
EOF
    for prog in example solve; do
        lib=libdlx
        [ "$prog" = solve ] && lib=libsudoku
        ${CC:-cc} -std=c11 -Wall -o "$tmp/$prog" "$tmp/$prog.c" $(pc --cflags --libs $lib) \
            > "$tmp/cc.log" 2>&1 || { cat "$tmp/cc.log"; fail "$prog.c does not build with pkg-config $lib"; }
        # The same, linked with the static libraries.
        ${CC:-cc} -std=c11 -Wall -o "$tmp/$prog-static" "$tmp/$prog.c" $(pc --cflags $lib) \
            "$P/lib/$lib.a" "$P/lib/libdlx.a" > "$tmp/cc.log" 2>&1 ||
            { cat "$tmp/cc.log"; fail "$prog.c does not build with the static $lib.a"; }
    done
    want_example="option 3, option 0, option 4"
    want_solve=$(sed -n 1p "$ROOT/tests/data/sudoku/known.solutions")
    for prog in example example-static solve solve-static; do
        [ -x "$tmp/$prog" ] || continue
        out=$(LD_LIBRARY_PATH="$P/lib" "$tmp/$prog")
        case $prog in example*) want=$want_example ;; *) want=$want_solve ;; esac
        [ "$out" = "$want" ] || fail "$prog printed: $out"
    done
    readelf -d "$tmp/solve" 2>/dev/null | grep -q "NEEDED.*libsudoku\.so\.$MAJOR" ||
        fail "solve is not linked with the shared libsudoku.so.$MAJOR"
fi
muninstall "$tmp/root" PREFIX=/opt/dlx

# --- dlx-mpi, asked for: WITH_MPI=yes (when this build has it) -----------------
if [ -x "$BUILD/bin/dlx-mpi" ]; then
    minstall "$tmp/mpi" PREFIX=/opt/dlx WITH_MPI=yes || exit 1
    M="$tmp/mpi/opt/dlx"
    [ -x "$M/bin/dlx-mpi" ] || fail "WITH_MPI=yes: dlx-mpi not installed"
    [ -f "$M/share/man/man1/dlx-mpi.1" ] || fail "WITH_MPI=yes: dlx-mpi.1 not installed"
    grep -q '^complete -F [A-Za-z_]* dlx-mpi$' "$M/share/bash-completion/completions/dlx-mpi" ||
        fail "WITH_MPI=yes: dlx-mpi's bash completion not installed"
    OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 "$M/bin/dlx-mpi" --help 2>&1 |
        grep -q "/opt/dlx/share/doc/dlx/parallel.md" ||
        fail "the installed dlx-mpi --help does not name /opt/dlx/share/doc/dlx/parallel.md"
    muninstall "$tmp/mpi" PREFIX=/opt/dlx WITH_MPI=yes
fi
make_clean -s -C "$ROOT" -n install BUILD="$BUILD" WITH_MPI=maybe > "$tmp/log" 2>&1 &&
    fail "make install WITH_MPI=maybe was taken"
grep -q "WITH_MPI is yes or no, not 'maybe'" "$tmp/log" || fail "WITH_MPI=maybe: $(cat "$tmp/log")"

# --- the variables of the make that runs the tests stay out --------------------
# As dh_auto_test -- V=1 PREFIX=/usr LIBDIR=... passes them to make check,
# from which this test runs: the install below still goes to /opt/dlx/lib.
MAKEFLAGS="s -- V=1 PREFIX=/usr LIBDIR=/usr/lib/x86_64-linux-gnu" minstall "$tmp/flags" PREFIX=/opt/dlx ||
    exit 1
[ -e "$tmp/flags/opt/dlx/lib/libdlx.so" ] ||
    fail "with the caller's MAKEFLAGS, install went to: $(cd "$tmp/flags" && find . -name 'libdlx.so*' | head -3)"
MAKEFLAGS="s -- V=1 PREFIX=/usr LIBDIR=/usr/lib/x86_64-linux-gnu" muninstall "$tmp/flags" PREFIX=/opt/dlx

# --- a Debian layout: multiarch LIBDIR, every directory set ------------------
minstall "$tmp/deb" PREFIX=/usr LIBDIR=/usr/lib/x86_64-linux-gnu BINDIR=/usr/games \
    MANDIR=/usr/share/man DOCDIR=/usr/share/doc/libdlx-dev DATADIR=/usr/share || exit 1
D="$tmp/deb/usr"
for f in lib/x86_64-linux-gnu/libdlx.so lib/x86_64-linux-gnu/libsudoku.so.$MAJOR \
    lib/x86_64-linux-gnu/pkgconfig/libdlx.pc lib/x86_64-linux-gnu/pkgconfig/libsudoku.pc \
    games/dlx games/dlx-sudoku share/doc/libdlx-dev/sudoku.md share/man/man1/dlx-sudoku.1 \
    share/bash-completion/completions/dlx-sudoku; do
    [ -e "$D/$f" ] || fail "Debian layout: not installed: $f"
done
[ -e "$D/lib/libdlx.a" ] && fail "Debian layout: LIBDIR ignored (lib/libdlx.a)"
grep -q '^libdir=${prefix}/lib/x86_64-linux-gnu$' "$D/lib/x86_64-linux-gnu/pkgconfig/libsudoku.pc" ||
    fail "libsudoku.pc: libdir is not the multiarch one"
grep -q '/usr/share/doc/libdlx-dev/sudoku.md' "$D/share/man/man1/dlx-sudoku.1" ||
    fail "dlx-sudoku.1 does not name DOCDIR"
help_paths "$tmp/deb" "$D/games/dlx" > "$tmp/help"
help_paths "$tmp/deb" "$D/games/dlx-sudoku" >> "$tmp/help"
[ -s "$tmp/help" ] && fail "Debian layout: $(cat "$tmp/help")"
"$D/games/dlx" --help | grep -q "/usr/share/doc/libdlx-dev/format.md" ||
    fail "Debian layout: the installed dlx --help does not name DOCDIR"
muninstall "$tmp/deb" PREFIX=/usr LIBDIR=/usr/lib/x86_64-linux-gnu BINDIR=/usr/games \
    MANDIR=/usr/share/man DOCDIR=/usr/share/doc/libdlx-dev DATADIR=/usr/share

# --- the short name, asked for --------------------------------------------------
minstall "$tmp/short" PREFIX=/usr SUDOKU_NAME=sudoku || exit 1
S="$tmp/short/usr"
for f in bin/sudoku share/man/man1/sudoku.1 share/bash-completion/completions/sudoku; do
    [ -e "$S/$f" ] || fail "SUDOKU_NAME=sudoku: not installed: $f"
done
[ -e "$S/bin/dlx-sudoku" ] && fail "SUDOKU_NAME=sudoku: dlx-sudoku installed too"
grep -q '^\.TH SUDOKU 1' "$S/share/man/man1/sudoku.1" || fail "sudoku.1: .TH is not SUDOKU"
grep -q '^complete -F [A-Za-z_]* sudoku$' "$S/share/bash-completion/completions/sudoku" ||
    fail "the completion file sudoku does not complete the command sudoku"
muninstall "$tmp/short" PREFIX=/usr SUDOKU_NAME=sudoku

# --- what install and run build, flags, build lines ---------------------------
# From a fresh build tree, install would build the libraries, the programs
# and the completions, and nothing of examples/ or bench/; run only the
# sudoku command (the static libraries under it).
make_clean -s -C "$ROOT" -n install BUILD="$tmp/fresh" DESTDIR="$tmp/unused" > "$tmp/plan" 2>&1 ||
    { cat "$tmp/plan"; fail "make -n install failed"; }
grep -q 'libsudoku\.so' "$tmp/plan" || fail "make -n install does not build libsudoku.so"
grep -E "bin/(examples|bench)/|obj/(examples|bench)/" "$tmp/plan" > "$tmp/extra" &&
    fail "install builds examples or benchmarks: $(head -3 "$tmp/extra")"
make_clean -s -C "$ROOT" -n run BUILD="$tmp/fresh" > "$tmp/plan" 2>&1 ||
    { cat "$tmp/plan"; fail "make -n run failed"; }
grep -q -- "-o $tmp/fresh/bin/sudoku" "$tmp/plan" || fail "make -n run does not build the sudoku command"
grep -E -- "-o $tmp/fresh/(bin/(examples|bench|tools|dlx)|obj/(examples|bench|tests)/|lib/[^ ]*\.so)" \
    "$tmp/plan" > "$tmp/extra" &&
    fail "make run builds more than it runs: $(head -3 "$tmp/extra")"
# A packager's CPPFLAGS is added (override), so -Idlx stays; V=1 shows the
# command, the default a short line.
obj="$tmp/fresh/obj/sudoku/format.o"
make_clean --no-print-directory -C "$ROOT" BUILD="$tmp/fresh" V=1 CPPFLAGS=-D_FORTIFY_SOURCE=2 "$obj" > "$tmp/v1" 2>&1 ||
    { cat "$tmp/v1"; fail "make CPPFLAGS=-D_FORTIFY_SOURCE=2 fails"; }
grep -q -e '-D_FORTIFY_SOURCE=2 .*-Idlx' "$tmp/v1" ||
    fail "V=1 does not show a compile command with CPPFLAGS and -Idlx: $(cat "$tmp/v1")"
rm -f "$obj"
make_clean -s -C "$ROOT" BUILD="$tmp/fresh" "$obj" > "$tmp/v0" 2>&1 || fail "make $obj failed"
[ "$(cat "$tmp/v0")" = "  CC      $obj" ] || fail "the quiet build line is: $(cat "$tmp/v0")"
# The band solver's portable build (for the unit tests) prints one short line too.
obj="$tmp/fresh/obj/tests/solve_band_portable.o"
make_clean -s -C "$ROOT" BUILD="$tmp/fresh" "$obj" > "$tmp/v0" 2>&1 || fail "make $obj failed"
[ "$(cat "$tmp/v0")" = "  CC      $obj" ] || fail "the quiet build line of $obj is: $(cat "$tmp/v0")"
# The test helpers take the packager's CFLAGS and LDFLAGS as the rest does
# (blhc checks every compile and link line of a package build).
for h in tests/failmalloc.so tests/argv_fuzz; do
    make_clean --no-print-directory -C "$ROOT" BUILD="$tmp/fresh" V=1 CFLAGS=-fstack-protector-strong \
        LDFLAGS=-Wl,-z,relro "$tmp/fresh/$h" > "$tmp/v1" 2>&1 || { cat "$tmp/v1"; fail "make $h failed"; }
    grep -q -e '-fstack-protector-strong.*-Wl,-z,relro' "$tmp/v1" ||
        fail "$h is built without CFLAGS and LDFLAGS: $(cat "$tmp/v1")"
done
[ "$fails" -eq 0 ]
