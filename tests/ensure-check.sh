#!/bin/sh
# SPDX-License-Identifier: MIT
# Makes sure the Check unit-test framework (and pkg-config, to find it) is
# installed. As root with apt-get it installs them (unless DLX_AUTO_INSTALL=no
# or in a package build: tests/may-install.sh); otherwise it prints the
# exact command to run and fails.
have_check() {
    command -v pkg-config >/dev/null 2>&1 && pkg-config --exists check
}
have_check && exit 0
pkgs="check pkg-config"
. "${0%/*}/may-install.sh"
if may_install ensure-check; then
    echo "ensure-check: installing the Check framework: apt-get install -y $pkgs" >&2
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $pkgs; } >&2 || {
        echo "ensure-check: apt-get failed; run: apt-get update && apt-get install -y $pkgs" >&2
        exit 1
    }
    have_check && exit 0
fi
echo "ensure-check: the Check unit-test framework is missing." >&2
echo "ensure-check: install it with: sudo apt-get update && sudo apt-get install -y $pkgs" >&2
exit 1
