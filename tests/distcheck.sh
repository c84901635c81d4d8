#!/bin/sh
# SPDX-License-Identifier: MIT
# make distcheck: the release tarball ($1) on its own, as a user gets it:
# unpacked in a scratch folder outside the repository, it must pass
# `make check`, install into a scratch DESTDIR and uninstall without leaving
# a file. The scratch folder is removed afterwards, whatever happens.
set -eu
tarball=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tar -xzf "$tarball" -C "$tmp"
dir=$tmp/$(basename "$tarball" .tar.gz)
[ -f "$dir/Makefile" ] || { echo "distcheck: $tarball has no $(basename "$dir")/Makefile" >&2; exit 1; }
cd "$dir"
# Only what is said here: not the BUILD or flags of the make that called us.
unset MAKEFLAGS MFLAGS MAKELEVEL
echo "== distcheck: make check in $dir"
make -j2 check
echo "== distcheck: install and uninstall"
make -s install DESTDIR="$tmp/root" PREFIX=/usr
make -s uninstall DESTDIR="$tmp/root" PREFIX=/usr
left=$(find "$tmp/root" ! -type d)
if [ -n "$left" ]; then
    echo "distcheck: uninstall left: $left" >&2
    exit 1
fi
echo "distcheck: $(basename "$tarball") builds, passes make check, installs and uninstalls"
