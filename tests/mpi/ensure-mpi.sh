#!/bin/sh
# SPDX-License-Identifier: MIT
# Makes sure Open MPI (mpicc, mpirun) is there for `make mpi` and `make
# check-mpi`. As root with apt-get it installs Debian's openmpi-bin and
# libopenmpi-dev; otherwise it prints the exact command and exits 1.
command -v mpicc >/dev/null 2>&1 && command -v mpirun >/dev/null 2>&1 && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "ensure-mpi: installing Open MPI: apt-get install -y openmpi-bin libopenmpi-dev" >&2
    { apt-get update -qq &&
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openmpi-bin libopenmpi-dev; } >&2 || {
        echo "ensure-mpi: apt-get failed; run: apt-get update && apt-get install -y openmpi-bin libopenmpi-dev" >&2
        exit 1
    }
    command -v mpicc >/dev/null 2>&1 && command -v mpirun >/dev/null 2>&1 && exit 0
fi
echo "ensure-mpi: Open MPI is missing (mpicc, mpirun)." >&2
echo "ensure-mpi: install it with: sudo apt-get update && sudo apt-get install -y openmpi-bin libopenmpi-dev" >&2
exit 1
