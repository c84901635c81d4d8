# SPDX-License-Identifier: MIT
# common.sh - what most tests/cli/test_*.sh begin with, sourced after their
# own skips: ROOT (the source tree), tmp (a scratch folder, removed when the
# test exits), and fail MESSAGE, which prints the message and counts it in
# $fails; a test ends with [ "$fails" -eq 0 ]. (The hostile-input tests have
# their own, robust_lib.sh.)
ROOT=$(cd "$TESTS/.." && pwd)
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
