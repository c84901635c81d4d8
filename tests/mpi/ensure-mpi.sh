#!/bin/sh
# SPDX-License-Identifier: MIT
# Makes sure Open MPI (the compiler wrapper and mpirun) is there for `make
# mpi` and for dlx-mpi's tests in `make check`. As root with apt-get it
# installs Debian's openmpi-bin and libopenmpi-dev; otherwise, or when that
# fails, it prints the exact command and exits 1 (the tests are then
# skipped). MPICC and MPIRUN name the programs (the Makefile passes its MPICC).
mpicc=${MPICC:-mpicc}
mpirun=${MPIRUN:-mpirun}
# (MPICC may carry words after the program: "mpicc -cc=clang".)
have_mpi() { command -v "${mpicc%% *}" >/dev/null 2>&1 && command -v "$mpirun" >/dev/null 2>&1; }
have_mpi && exit 0
pkgs="openmpi-bin libopenmpi-dev"
. "${0%/*}/../may-install.sh"
if may_install ensure-mpi; then
    echo "ensure-mpi: installing Open MPI: apt-get install -y $pkgs" >&2
    { apt-get update -qq &&
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $pkgs; } >&2 || {
        echo "ensure-mpi: apt-get failed; run: apt-get update && apt-get install -y $pkgs" >&2
        exit 1
    }
    have_mpi && exit 0
fi
echo "ensure-mpi: Open MPI is missing ($mpicc, $mpirun)." >&2
echo "ensure-mpi: install it with: sudo apt-get update && sudo apt-get install -y $pkgs" >&2
exit 1
