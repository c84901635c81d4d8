#!/bin/sh
# SPDX-License-Identifier: MIT
# make check-deb: the Debian recipe of packaging/debian/ tried as a packager
# would, on the release tarball (make dist):
#   1. the tarball becomes dlx_VERSION.orig.tar.gz (mk-origtargz), packaging/debian/ the
#      debian/ of its unpacked tree, and dpkg-buildpackage builds the source
#      package and libdlx1, libsudoku1, libdlx-dev, dlx and dlx-mpi;
#   2. lintian on all of it: no error and no warning (the informational
#      tags are shown);
#   3. blhc --all on the build log: every compile and link line hardened;
#   4. each package holds what it should and nothing of the others;
#   5. dpkg installs them into a scratch root (dpkg --root, no change to
#      this machine), where the installed commands run, every path their
#      --help and man pages name exists (no .md.gz where a page names .md),
#      and the README's C example builds with pkg-config against the
#      installed libdlx-dev and runs on the installed libdlx1.
#
#   sh packaging/check-deb.sh TARBALL WORKDIR
#   CHECK_DEB_TESTS=yes  run make check inside the package build too
#                        (dh_auto_test; about 5 minutes more)
#
# What it needs (dpkg-dev, debhelper, lintian, blhc, fakeroot, devscripts for
# mk-origtargz, and the Build-Depends):
# installed with apt-get when run as root (tests/may-install.sh's rule: not
# with DLX_AUTO_INSTALL=no, never inside a package build); otherwise it
# says what is missing, prints the command, and skips (status 0).
set -u
tarball=$1
work=$2
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/tests/may-install.sh"
say() { echo "check-deb: $*"; }
die() { echo "check-deb: FAIL: $*" >&2; exit 1; }

# --- what it needs ---------------------------------------------------------------
tools="dpkg-dev debhelper lintian blhc fakeroot devscripts" # devscripts: mk-origtargz
# The Build-Depends, without the <!nocheck> ones unless the tests run.
skip='<!nocheck>'
[ "${CHECK_DEB_TESTS:-no}" = yes ] && skip='^$'
builddeps=$(sed -n '/^Build-Depends:/,/^[A-Z][A-Za-z-]*: /p' "$root/packaging/debian/control" |
    sed -e 's/^Build-Depends://' -e '/^[A-Z][A-Za-z-]*: /d' | tr ',' '\n' | grep -v -e "$skip" |
    sed -e 's/<[^>]*>//g' -e 's/([^)]*)//g' -e 's/^ *//' -e 's/ *$//' -e '/^$/d' \
        -e 's/^debhelper-compat$/debhelper/' | tr '\n' ' ')
missing() {
    for p in $tools $builddeps; do
        dpkg-query -W -f '${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$' ||
            printf '%s ' "$p"
    done
}
need=$(missing)
if [ -n "$need" ]; then
    if may_install check-deb; then
        say "installing: apt-get install -y --no-install-recommends $need"
        { apt-get update -qq &&
            DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $need; } \
            > /tmp/check-deb-apt.$$ 2>&1 || { cat /tmp/check-deb-apt.$$; die "apt-get install $need failed"; }
        rm -f /tmp/check-deb-apt.$$
        need=$(missing)
    fi
    if [ -n "$need" ]; then
        say "skipped: missing $need; install with:"
        say "  sudo apt-get update && sudo apt-get install -y --no-install-recommends $need"
        exit 0
    fi
fi

# --- 1. build ------------------------------------------------------------------------
version=$(basename "$tarball" .tar.gz)
version=${version#dlx-}
deb_version=$(dpkg-parsechangelog -l "$root/packaging/debian/changelog" -S Version)
upstream=${deb_version%-*}
[ "${upstream%+ds}" = "$version" ] ||
    die "packaging/debian/changelog is at $deb_version, the source at $version: add a changelog entry (dch -v $version-1)"
rm -rf "$work" && mkdir -p "$work" || exit 1
# The orig tarball as uscan would make it (mk-origtargz: with a
# Files-Excluded in debian/copyright it would repack, adding +ds).
mk-origtargz --package dlx --version "$version" --repack-suffix +ds --compression gzip \
    --copyright-file "$root/packaging/debian/copyright" --directory "$work" --copy "$tarball" \
    > "$work/origtargz.log" 2>&1 || { cat "$work/origtargz.log"; die "mk-origtargz failed"; }
orig="$work/dlx_$upstream.orig.tar.gz"
[ -f "$orig" ] || die "mk-origtargz made no $orig: $(cat "$work/origtargz.log")"
tar -C "$work" -xzf "$orig" || die "cannot unpack $orig"
src="$work/dlx-$version"
[ -d "$src" ] || die "$orig does not unpack into dlx-$version"
cp -R "$src/packaging/debian" "$src/debian"
opts="parallel=2"
profiles=
if [ "${CHECK_DEB_TESTS:-no}" != yes ]; then
    opts="nocheck $opts"
    profiles=-Pnocheck
fi
say "dpkg-buildpackage -us -uc $profiles (DEB_BUILD_OPTIONS=\"$opts\"), log in $work/build.log"
start=$(date +%s)
# The package build starts clean of the make that called us: a BUILD=DIR on
# make's command line reaches a sub-make through MAKEFLAGS, and the
# package's `make clean` then removed DIR, with this work folder in it.
(cd "$src" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u BUILD DEB_BUILD_OPTIONS="$opts" \
    dpkg-buildpackage -us -uc $profiles) > "$work/build.log" 2>&1 ||
    { tail -40 "$work/build.log"; die "dpkg-buildpackage failed (the whole log: $work/build.log)"; }
say "built in $(($(date +%s) - start)) s: $(cd "$work" && ls ./*.deb | sed 's|^\./||' | tr '\n' ' ')"
arch=$(dpkg-architecture -qDEB_HOST_ARCH)
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
changes="$work/dlx_${deb_version}_$arch.changes"
deb() { echo "$work/${1}_${deb_version}_$arch.deb"; }
for p in libdlx1 libsudoku1 libdlx-dev dlx dlx-mpi; do
    [ -f "$(deb $p)" ] || die "no package $p"
done

# --- 2. lintian ------------------------------------------------------------------------
fails=0
fail() { echo "check-deb: FAIL: $*"; fails=$((fails + 1)); }
# (Failing is decided here on its E: and W: lines: --fail-on would also
# count the overridden tags that --show-overrides lists.)
lintian --display-info --show-overrides --fail-on none "$changes" > "$work/lintian.log" 2>&1
lintian_status=$?
sed 's/^/  lintian: /' "$work/lintian.log" | grep -v '^  lintian: N: *$' | grep -E '^  lintian: [EWIO]:' || true
grep -E '^[EW]: ' "$work/lintian.log" > /dev/null && fail "lintian: errors or warnings (above)"
[ "$lintian_status" -eq 0 ] || grep -E '^[EW]: ' "$work/lintian.log" > /dev/null ||
    fail "lintian failed (status $lintian_status): $(tail -3 "$work/lintian.log")"
say "lintian: $(grep -c '^E: ' "$work/lintian.log") errors, $(grep -c '^W: ' "$work/lintian.log") warnings," \
    "$(grep -c '^I: ' "$work/lintian.log") informational, $(grep -c '^O: ' "$work/lintian.log") overridden" \
    "($(grep '^O: ' "$work/lintian.log" | sed 's/.*: \([a-z0-9-]*\).*/\1/' | sort -u | tr '\n' ' '| sed 's/ $//'))"

# --- 3. blhc ----------------------------------------------------------------------------
blhc --all "$work/build.log" > "$work/blhc.log" 2>&1
blhc_status=$?
if [ "$blhc_status" -ne 0 ] || [ -s "$work/blhc.log" ]; then
    head -20 "$work/blhc.log"
    fail "blhc --all: $(wc -l < "$work/blhc.log") lines (status $blhc_status)"
fi
compiles=$(grep -c -E '^(cc|gcc|clang|mpicc|[^ ]*-gcc)( .*)? -c ' "$work/build.log")
say "blhc --all: $(wc -l < "$work/blhc.log") lines; the log has $compiles compile lines"
[ "$compiles" -gt 50 ] || fail "only $compiles compile lines in the build log: V=1 did not reach every make"

# --- 4. what each package holds -----------------------------------------------------------
contents() { dpkg-deb -c "$(deb "$1")" | awk '{ print $6 }' | sed 's|^\./|/|'; }
expect_in() { # PACKAGE PATH...
    p=$1; shift
    contents "$p" > "$work/$p.list"
    for f in "$@"; do grep -q -x -F "$f" "$work/$p.list" || fail "$p does not hold $f"; done
}
expect_in libdlx1 "/usr/lib/$multiarch/libdlx.so.1" "/usr/lib/$multiarch/libdlx.so.$version"
expect_in libsudoku1 "/usr/lib/$multiarch/libsudoku.so.1" "/usr/lib/$multiarch/libsudoku.so.$version"
expect_in libdlx-dev /usr/include/dlx/dlx.h /usr/include/dlx/dlx_text.h /usr/include/dlx/sudoku.h \
    "/usr/lib/$multiarch/libdlx.so" "/usr/lib/$multiarch/libdlx.a" "/usr/lib/$multiarch/libsudoku.a" \
    "/usr/lib/$multiarch/pkgconfig/libdlx.pc" "/usr/lib/$multiarch/pkgconfig/libsudoku.pc"
expect_in dlx /usr/bin/dlx /usr/bin/dlx-sudoku /usr/share/man/man1/dlx.1.gz \
    /usr/share/man/man1/dlx-sudoku.1.gz /usr/share/doc/dlx/format.md /usr/share/doc/dlx/sudoku.md \
    /usr/share/doc/dlx/examples/puzzles.txt /usr/share/bash-completion/completions/dlx-sudoku
expect_in dlx-mpi /usr/bin/dlx-mpi /usr/share/man/man1/dlx-mpi.1.gz \
    /usr/share/bash-completion/completions/dlx-mpi
grep -q 'dlx-mpi' "$work/dlx.list" && fail "the dlx package holds dlx-mpi's files: $(grep dlx-mpi "$work/dlx.list")"
grep -q '\.so' "$work/dlx.list" && fail "the dlx package holds a library"
grep -q '/usr/include/[^/]*\.h$' "$work/libdlx-dev.list" && fail "a header directly in /usr/include"
grep -q '\.md\.gz$' "$work/dlx.list" && fail "dh_compress gzipped pages the programs name: $(grep '\.md\.gz$' "$work/dlx.list" | head -3)"

# --- 5. installed into a scratch root --------------------------------------------------------
R="$work/root"
mkdir -p "$R/var/lib/dpkg/updates" "$R/var/lib/dpkg/info" && : > "$R/var/lib/dpkg/status"
# (libc and Open MPI are this machine's: the scratch root holds only ours.)
dpkg --root="$R" --force-not-root --force-depends --force-script-chrootless --log=/dev/null \
    -i "$(deb libdlx1)" "$(deb libsudoku1)" "$(deb libdlx-dev)" "$(deb dlx)" "$(deb dlx-mpi)" \
    > "$work/dpkg.log" 2>&1 || { cat "$work/dpkg.log"; die "dpkg -i into $R failed"; }
say "dpkg --root: installed $(dpkg --root="$R" -l 2>/dev/null | grep -c '^ii') packages"
L="$R/usr/lib/$multiarch"
export LD_LIBRARY_PATH="$L"
out=$("$R/usr/bin/dlx" "$root/docs/paper.dlx" 2>/dev/null)
[ "$out" = "$(printf 'C E F\nA D\nB G')" ] || fail "the installed dlx on docs/paper.dlx: $out"
out=$("$R/usr/bin/dlx-sudoku" --format line "$R/usr/share/doc/dlx/examples/puzzle.txt" 2>&1)
[ "$out" = "534678912672195348198342567859761423426853791713924856961537284287419635345286179" ] ||
    fail "the installed dlx-sudoku on its sample puzzle: $out"
"$R/usr/bin/dlx" --version > /dev/null || fail "dlx --version"
OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 "$R/usr/bin/dlx-mpi" --help > "$work/mpi-help" 2>&1 ||
    fail "the installed dlx-mpi --help: $(head -3 "$work/mpi-help")"
if command -v mpirun > /dev/null 2>&1; then
    out=$(OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1 \
        OMPI_MCA_pml=ob1 timeout 120 mpirun -np 3 "$R/usr/bin/dlx-mpi" --count "$root/examples/problem.dlx" \
        2> "$work/mpi-count.err")
    # The count is on stdout, the summary on stderr: they are read apart,
    # since mpirun forwards the two streams in no fixed order.
    err=$(cat "$work/mpi-count.err")
    case $out:$err in
    92:*) say "the installed dlx-mpi --count on 3 ranks (mpirun): 92 solutions of eight queens" ;;
    *"unable to reliably start"* | *"not enough slots"*) say "mpirun cannot start processes here: dlx-mpi's count not run" ;;
    *) fail "the installed dlx-mpi --count (mpirun -np 3) on eight queens: stdout '$out', stderr '$err'" ;;
    esac
fi
# Every path the --help texts and man pages name is installed (not gzipped
# away), /usr/share/doc/dlx/... above all.
{
    for p in dlx dlx-sudoku; do "$R/usr/bin/$p" --help; done
    cat "$work/mpi-help"
    for m in "$R"/usr/share/man/man1/*.1.gz; do gzip -dc "$m" | sed 's/\\-/-/g'; done
} > "$work/named"
e=$(sed -n 's/.* E=\([^ ]*\).*/\1/p' "$work/named" | head -1)
[ "$e" = /usr/share/doc/dlx/examples ] || fail "dlx-sudoku --help: the sample files are not in /usr/share/doc/dlx/examples: '$e'"
sed "s|[$]E/|$e/|g" "$work/named" | grep -o '/usr/share/doc/dlx[A-Za-z0-9_./-]*' | sed 's/[.]$//' | sort -u |
while read -r path; do
    [ -e "$R$path" ] || echo "named but not installed: $path"
done > "$work/unnamed"
[ -s "$work/unnamed" ] && fail "$(cat "$work/unnamed")"
say "the --help texts and man pages name $(sed "s|[$]E/|$e/|g" "$work/named" |
    grep -o '/usr/share/doc/dlx[A-Za-z0-9_./-]*' | sort -u | wc -l) installed paths under /usr/share/doc/dlx"
# The README's C example, with the installed headers and libraries.
awk '/^```c$/ { f = 1; next } /^```/ { f = 0 } f' "$root/README.md" > "$work/example.c"
pc() { PKG_CONFIG_SYSROOT_DIR="$R" PKG_CONFIG_LIBDIR="$L/pkgconfig" pkg-config "$@"; }
if command -v pkg-config > /dev/null 2>&1; then
    flags=$(pc --cflags --libs libdlx) || fail "pkg-config libdlx: $flags"
    case $flags in *"-I$R/usr/include/dlx"*) ;; *) fail "pkg-config --cflags libdlx: $flags (wants -I/usr/include/dlx)" ;; esac
else
    flags="-I$R/usr/include/dlx -L$L -ldlx"
    say "pkg-config is missing: the example is built with $flags"
fi
${CC:-cc} -std=c11 -Wall -Werror -o "$work/example" "$work/example.c" $flags > "$work/cc.log" 2>&1 ||
    { cat "$work/cc.log"; fail "the README's example does not build against libdlx-dev"; }
out=$("$work/example")
[ "$out" = "option 3, option 0, option 4" ] || fail "the README's example printed: $out"
readelf -d "$work/example" | grep -q 'NEEDED.*\[libdlx\.so\.1\]' ||
    fail "the README's example is not linked with the installed libdlx.so.1"
[ "$fails" -eq 0 ] || exit 1
say "ok: 5 packages (and their -dbgsym) built, lintian and blhc clean, installed, run"
