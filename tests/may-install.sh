# SPDX-License-Identifier: MIT
# may-install.sh - sourced by the ensure-*.sh scripts, which install a
# missing dependency of the tests with apt-get on a developer's fresh
# machine (run as root). may_install WHO says whether they may: yes (status
# 0) when run as root with apt-get, and neither asked not to nor inside a
# package build; otherwise it says why on stderr (as WHO) and returns 1, and
# the caller prints the command to run and fails or skips.
#   DLX_AUTO_INSTALL=no  (make check DLX_AUTO_INSTALL=no) never installs;
#   a package build never does either: dpkg-buildpackage (and so sbuild and
#   pbuilder) exports DEB_BUILD_ARCH, DEB_HOST_ARCH and
#   DEB_RULES_REQUIRES_ROOT to debian/rules; what a package needs belongs in
#   its Build-Depends, and a build must not reach the network.
may_install() {
    if [ "${DLX_AUTO_INSTALL:-yes}" = no ]; then
        echo "$1: not installing anything (DLX_AUTO_INSTALL=no)" >&2
        return 1
    fi
    if [ -n "${DEB_BUILD_ARCH:-}${DEB_HOST_ARCH:-}${DEB_RULES_REQUIRES_ROOT:-}" ]; then
        echo "$1: not installing anything inside a package build (dpkg-buildpackage):" \
            "the package's Build-Depends should name it" >&2
        return 1
    fi
    [ "$(id -u)" = 0 ] && command -v apt-get > /dev/null 2>&1
}
