#!/bin/sh
# SPDX-License-Identifier: MIT
# Makes sure valgrind is installed for `make memcheck`. As root with apt-get
# it installs it; otherwise it prints the exact command and fails.
command -v valgrind >/dev/null 2>&1 && exit 0
. "${0%/*}/../may-install.sh"
if may_install ensure-valgrind; then
    echo "ensure-valgrind: installing valgrind: apt-get install -y valgrind" >&2
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq valgrind; } >&2 || {
        echo "ensure-valgrind: apt-get failed; run: apt-get update && apt-get install -y valgrind" >&2
        exit 1
    }
    command -v valgrind >/dev/null 2>&1 && exit 0
fi
echo "ensure-valgrind: valgrind is missing." >&2
echo "ensure-valgrind: install it with: sudo apt-get update && sudo apt-get install -y valgrind" >&2
exit 1
