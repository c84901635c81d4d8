# SPDX-License-Identifier: MIT
# dlx - one Makefile for the library, the commands, the tests and the benchmark.
#
#   make            build libraries and programs into build/
#   make run        build and solve a bundled example
#   make check      build and run every test (installs Check and Open MPI if it can)
#   make sanitize   the whole test suite under ASan + UBSan
#   make memcheck   the command-line tests under valgrind (zero errors, zero leaks)
#   make tsan       the whole test suite under ThreadSanitizer (clang)
#   make fuzz       each libFuzzer target for FUZZ_SECONDS (default 60), see tests/fuzz/
#   make bench      the benchmark (see bench/README.md)
#   make web        the browser page's engine, libdlx in WebAssembly (web/, docs/web.md)
#   make check-web  the page in headless Chromium against the engine's own state
#   make web-shots  the page's pictures in docs/ (web-*.png), regenerated
#   make mpi        dlx-mpi, the search over the ranks of an MPI job (Open MPI)
#   make check-mpi  only its tests with mpirun (make check runs them too; without
#                   Open MPI they are skipped, saying how to install it)
#   make install    headers, both libraries, pkg-config files, the programs, man pages,
#                   docs and bash completions (DESTDIR, PREFIX and the *DIR below);
#                   dlx-mpi and dlx-mpi(1) too with WITH_MPI=yes (never by chance)
#   make install-mpi  builds dlx-mpi (make mpi) and installs it, its man page
#                   and its bash completion
#   make uninstall  removes exactly what install put (give it the same variables)
#   make check-deb  builds the Debian packages of packaging/debian/ and checks them
#                   (lintian, blhc, dpkg into a scratch root, the installed commands)
#   make dist       build/dlx-VERSION.tar.gz; make distcheck builds and checks it
#   make clean
#
# Everything is built under $(BUILD) only. Sources are found by wildcard so a
# new file in dlx/, sudoku/, examples/ or tests/ needs no edit here; in cli/,
# the dlx command is cli/dlx.c + cli/dlxcmd_*.c and the trace module
# trace/*.c (its teaching views, also in the browser build), the sudoku
# command cli/sudoku.c + cli/sudoku_*.c, and both link cli/common_*.c.
# The build prints one short line a step; V=1 prints the full commands.
# CPPFLAGS, CFLAGS and LDFLAGS from the command line or the environment
# (a packager's -D_FORTIFY_SOURCE=2, -fstack-protector-strong, -Wl,-z,relro)
# are added to the project's own, never replace them.
# DLX_AUTO_INSTALL=no: the scripts that install a missing test dependency
# (Check, Open MPI, valgrind, the packaging tools, the wasm toolchain,
# Chromium and Node, the libFuzzer runtime, qqwing for make bench) with
# apt-get when run as root say what to install instead; a package build (dpkg-buildpackage's environment) is
# recognised and never installs anything either (tests/may-install.sh).

BUILD    ?= build
CC       ?= cc
OPT      ?= -O2 -g
WERROR   ?=
V        ?= 0
DLX_AUTO_INSTALL ?= yes
export DLX_AUTO_INSTALL
# WITH_MPI=yes: make builds dlx-mpi too and make install installs it (see
# the MPI and installing sections); no (the default): neither, whatever
# the machine has.
WITH_MPI ?= no
ifeq ($(filter yes no,$(WITH_MPI)),)
$(error WITH_MPI is yes or no, not '$(WITH_MPI)')
endif

# Where `make install` puts things (the GNU names, in capitals). A Debian
# package sets PREFIX=/usr LIBDIR=/usr/lib/x86_64-linux-gnu; DESTDIR is
# prefixed to every path but not written into the installed files.
PREFIX       ?= /usr/local
DESTDIR      ?=
BINDIR       ?= $(PREFIX)/bin
LIBDIR       ?= $(PREFIX)/lib
INCLUDEDIR   ?= $(PREFIX)/include
DATADIR      ?= $(PREFIX)/share
MANDIR       ?= $(DATADIR)/man
DOCDIR       ?= $(DATADIR)/doc/dlx
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
COMPLETIONDIR ?= $(DATADIR)/bash-completion/completions
# The sudoku command is installed as dlx-sudoku: Debian's `sudoku` package
# (a game) already owns the name `sudoku`. SUDOKU_NAME=sudoku installs it
# under the short name instead (command, man page and completion alike).
# In the build tree the program stays $(BUILD)/bin/sudoku.
SUDOKU_NAME  ?= dlx-sudoku

WARNINGS := -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
            -Wpointer-arith -Wcast-qual -Wwrite-strings -Wvla
CSTD     := -std=c11
override CPPFLAGS += -D_POSIX_C_SOURCE=200809L -Idlx -Isudoku -Icli -Itrace
ALL_CFLAGS = $(CSTD) $(OPT) $(WARNINGS) $(WERROR) -fPIC -fvisibility=hidden $(CFLAGS) $(EXTRA_CFLAGS)
LDLIBS_THREADS := -lpthread

VERSION := $(shell sed -n 's/^\#define DLX_VERSION "\(.*\)"/\1/p' dlx/dlx.h)
# The shared libraries' SONAME follows the major version: libdlx.so.1 for
# 1.x.y (a change that breaks the ABI raises DLX_VERSION's first number).
MAJOR   := $(firstword $(subst ., ,$(VERSION)))

# Quiet build lines by default, the full commands with V=1.
ifeq ($(V),1)
Q   :=
say := @:
else
Q   := @
say := @printf '  %-7s %s\n'
endif

DLX_SRC     := $(wildcard dlx/*.c)
SUDOKU_SRC  := $(wildcard sudoku/*.c)
CLI_COMMON  := $(wildcard cli/common_*.c)
DLX_CLI     := cli/dlx.c $(wildcard cli/dlxcmd_*.c)
TRACE_SRC   := $(wildcard trace/*.c)
SUDOKU_CLI  := cli/sudoku.c $(wildcard cli/sudoku_*.c)
EXAMPLES    := $(wildcard examples/*.c)
BENCHES     := $(wildcard bench/*.c bench/sim/*.c)
TEST_SRC    := $(wildcard tests/check_*.c)
FUZZ_SRC    := $(wildcard tests/fuzz/fuzz_*.c)
TOOLS       := $(wildcard tests/tools/*.c)

obj = $(patsubst %.c,$(BUILD)/obj/%.o,$(1))

LIBDLX_A    := $(BUILD)/lib/libdlx.a
LIBSUDOKU_A := $(BUILD)/lib/libsudoku.a
# The real shared object is libNAME.so.VERSION; build/lib also holds the
# links libNAME.so.MAJOR (the SONAME, what programs load) and libNAME.so (what
# the linker finds), as an installed system does.
LIBDLX_SO   := $(BUILD)/lib/libdlx.so.$(VERSION)
LIBSUDOKU_SO := $(BUILD)/lib/libsudoku.so.$(VERSION)
LIBS        := $(LIBDLX_A) $(LIBDLX_SO) $(LIBSUDOKU_A) $(LIBSUDOKU_SO)
PROGRAMS    := $(if $(wildcard cli/dlx.c),$(BUILD)/bin/dlx) $(if $(wildcard cli/sudoku.c),$(BUILD)/bin/sudoku)
EXAMPLE_BIN := $(patsubst examples/%.c,$(BUILD)/bin/examples/%,$(EXAMPLES))
BENCH_BIN   := $(patsubst bench/%.c,$(BUILD)/bin/bench/%,$(BENCHES))
# Developer tools (tests/tools/): built with everything so they keep
# compiling; run by hand (each says what it is for).
TOOL_BIN    := $(patsubst tests/tools/%.c,$(BUILD)/bin/tools/%,$(TOOLS))
TEST_BIN    := $(BUILD)/tests/check_all
FUZZ_NAMES  := $(patsubst tests/fuzz/%.c,%,$(FUZZ_SRC))
# The fuzz targets linked with a plain main that replays files (tests/fuzz/replay.c).
FUZZ_REPLAY := $(patsubst %,$(BUILD)/bin/fuzz/%,$(FUZZ_NAMES))

.PHONY: all run check check-deb mpi check-mpi check-deps sanitize memcheck tsan fuzz fuzz-replay test-helpers fuzz-build bench install \
        install-mpi uninstall completion dist distcheck clean web web-toolchain check-web web-shots
.DEFAULT_GOAL := all

all: $(LIBS) $(PROGRAMS) $(EXAMPLE_BIN) $(BENCH_BIN) $(TOOL_BIN) \
     $(if $(filter yes,$(WITH_MPI)),$(BUILD)/bin/dlx-mpi)

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(@D)
	$(say) CC $@
	$(Q)$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -MMD -MP -c $< -o $@

$(BUILD)/lib/%.a:
	@mkdir -p $(@D)
	$(say) AR $@
	$(Q)rm -f $@ && $(AR) rcs $@ $^

$(LIBDLX_A): $(call obj,$(DLX_SRC))
$(LIBSUDOKU_A): $(call obj,$(SUDOKU_SRC))

# libsudoku.so records its need of libdlx.so.MAJOR (as libsudoku.pc's
# Requires: libdlx says), so it is linked against the shared libdlx.
$(BUILD)/lib/lib%.so.$(VERSION):
	@mkdir -p $(@D)
	$(say) LD $@
	$(Q)$(CC) -shared -Wl,-soname,lib$*.so.$(MAJOR) $(LDFLAGS) -o $@ $(filter %.o,$^) \
	    $(if $(filter libsudoku%,$(@F)),-L$(BUILD)/lib -ldlx)
	$(Q)ln -sf $(@F) $(@D)/lib$*.so.$(MAJOR) && ln -sf lib$*.so.$(MAJOR) $(@D)/lib$*.so

$(LIBDLX_SO): $(call obj,$(DLX_SRC))
$(LIBSUDOKU_SO): $(call obj,$(SUDOKU_SRC)) $(LIBDLX_SO)

# The commands' --help names the docs where make install puts them. The
# objects that print DOCDIR depend on $(BUILD)/docdir, which holds it and is
# rewritten only when it changes: `make install PREFIX=/usr` after `make`
# rebuilds them (and relinks the programs), a second make has nothing to do.
DOCDIR_OBJ   := $(call obj,cli/dlx.c cli/dlx_mpi.c cli/sudoku_options.c)
DOCDIR_STAMP := $(BUILD)/docdir
$(DOCDIR_OBJ): override CPPFLAGS += -DDLX_DOCDIR='"$(DOCDIR)"'
$(DOCDIR_OBJ): $(DOCDIR_STAMP)
$(DOCDIR_STAMP): FORCE
	@mkdir -p $(@D)
	@[ "$$(cat $@ 2>/dev/null)" = '$(DOCDIR)' ] || printf '%s\n' '$(DOCDIR)' > $@
.PHONY: FORCE
FORCE:

$(BUILD)/bin/dlx: $(call obj,$(DLX_CLI) $(TRACE_SRC) $(CLI_COMMON)) $(LIBDLX_A)
	@mkdir -p $(@D)
	$(say) LINK $@
	$(Q)$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS_THREADS)

$(BUILD)/bin/sudoku: $(call obj,$(SUDOKU_CLI) $(CLI_COMMON)) $(LIBSUDOKU_A) $(LIBDLX_A)
	@mkdir -p $(@D)
	$(say) LINK $@
	$(Q)$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS_THREADS)

$(BUILD)/bin/examples/%: $(BUILD)/obj/examples/%.o $(LIBDLX_A)
	@mkdir -p $(@D)
	$(say) LINK $@
	$(Q)$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^

$(BUILD)/bin/bench/%: $(BUILD)/obj/bench/%.o $(LIBSUDOKU_A) $(LIBDLX_A)
	@mkdir -p $(@D)
	$(say) LINK $@
	$(Q)$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS_THREADS)

$(BUILD)/bin/tools/%: $(BUILD)/obj/tests/tools/%.o $(LIBSUDOKU_A) $(LIBDLX_A)
	@mkdir -p $(@D)
	$(say) LINK $@
	$(Q)$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS_THREADS)

# --- tests ------------------------------------------------------------------
# Every tests/check_NAME.c defines `Suite *NAME_suite(void)`; one runner runs
# them all so the output ends with one Check summary.
CHECK_CFLAGS = $(shell pkg-config --cflags check 2>/dev/null)
CHECK_LIBS   = $(shell pkg-config --libs check 2>/dev/null || echo -lcheck -lsubunit -lrt -lm)

$(BUILD)/tests/suites.h: $(TEST_SRC) Makefile
	@mkdir -p $(@D)
	@sed -n 's/^Suite \*\([a-z0-9_]*\)_suite(void)$$/SUITE(\1)/p' $(TEST_SRC) > $@.tmp
	@mv $@.tmp $@

$(BUILD)/obj/tests/%.o: tests/%.c
	@mkdir -p $(@D)
	$(say) CC $@
	$(Q)$(CC) $(CPPFLAGS) -I$(BUILD)/tests $(ALL_CFLAGS) $(CHECK_CFLAGS) -MMD -MP -c $< -o $@

$(BUILD)/obj/tests/main.o: $(BUILD)/tests/suites.h

# The band solver once more with its portable C lanes (the library has the
# SSE2 ones where the compiler offers them), entry point renamed: the tests
# run both builds on the same puzzles (tests/check_sudoku_band.c).
BAND_PORTABLE := $(BUILD)/obj/tests/solve_band_portable.o
$(BAND_PORTABLE): sudoku/solve_band.c
	@mkdir -p $(@D)
	$(say) CC $@
	$(Q)$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -DSUDOKU_BAND_PORTABLE -Dsudoku_band_solve=sudoku_band_solve_portable \
	    -MMD -MP -c $< -o $@

$(TEST_BIN): $(call obj,tests/main.c $(TEST_SRC) cli/dlx_mpi_checkpoint.c cli/common_time.c) \
             $(BAND_PORTABLE) $(LIBSUDOKU_A) $(LIBDLX_A)
	@mkdir -p $(@D)
	$(say) LINK $@
	$(Q)$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(CHECK_LIBS) $(LDLIBS_THREADS)

check-deps:
	@sh tests/ensure-check.sh

# dlx-mpi is built (when Open MPI is there) before the command-line tests,
# so that the install test sees it; its own tests come last.
# A dlx-mpi left from an earlier build is brought up to date even with
# MPI_TESTS=no (or removed when it no longer builds): the command-line tests
# read its --help (completion) and install it (test_install), and must not
# see a stale one.
check: check-deps
	@$(MAKE) --no-print-directory all $(TEST_BIN) test-helpers
	@$(mpi_probe)
	@if [ "$$(cat $(MPI_STATE))" = ready ]; then $(MAKE) --no-print-directory $(DLX_MPI); \
	elif [ -e $(DLX_MPI) ]; then \
	    $(MAKE) --no-print-directory $(DLX_MPI) >/dev/null 2>&1 || rm -f $(DLX_MPI); fi
	@BUILD=$(BUILD) sh tests/cli/run.sh
	@sh tests/run-units.sh $(TEST_BIN)
	@$(mpi_tests)

# The whole suite again under AddressSanitizer and UndefinedBehaviorSanitizer,
# in a separate build tree so the normal build is left alone.
SAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
sanitize: check-deps
	@$(MAKE) --no-print-directory BUILD=build/san OPT="-O1 -g" EXTRA_CFLAGS="$(SAN_FLAGS)" \
	    LDFLAGS="$(SAN_FLAGS)" all build/san/tests/check_all test-helpers
	@ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 BUILD=build/san sh tests/cli/run.sh
	@ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 CK_FORK=no sh tests/run-units.sh build/san/tests/check_all

# The command-line tests again with every program run under valgrind's
# memcheck (tests/cli/run.sh honours DLX_VALGRIND); any error or leak fails.
memcheck:
	@sh tests/cli/ensure-valgrind.sh
	@$(MAKE) --no-print-directory all test-helpers
	@DLX_VALGRIND=1 BUILD=$(BUILD) sh tests/cli/run.sh

# The whole suite again under ThreadSanitizer (clang): `sudoku --jobs` and
# any other threads must be free of data races.
TSAN_FLAGS := -fsanitize=thread -fno-omit-frame-pointer
tsan: check-deps
	@$(MAKE) --no-print-directory BUILD=build/tsan CC=clang OPT="-O1 -g" EXTRA_CFLAGS="$(TSAN_FLAGS)" \
	    LDFLAGS="$(TSAN_FLAGS)" all build/tsan/tests/check_all test-helpers
	@TSAN_OPTIONS="halt_on_error=1 exitcode=66" BUILD=build/tsan sh tests/cli/run.sh
	@TSAN_OPTIONS="halt_on_error=1 exitcode=66" CK_FORK=no sh tests/run-units.sh build/tsan/tests/check_all

# --- fuzzing ------------------------------------------------------------------
# Each tests/fuzz/fuzz_NAME.c is a libFuzzer target. `make fuzz` builds them
# with clang under ASan + UBSan in build/fuzz and runs each for FUZZ_SECONDS
# (tests/fuzz/run.sh: corpora, artifacts, log). The same files linked with
# tests/fuzz/replay.c replay the corpora and regressions in `make check`.
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_BUILD   ?= build/fuzz
FUZZ_SAN     := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
fuzz:
	@sh tests/fuzz/ensure-libfuzzer.sh $(FUZZ_CC)
	@$(MAKE) --no-print-directory BUILD=$(FUZZ_BUILD) CC=$(FUZZ_CC) OPT="-O1 -g" \
	    EXTRA_CFLAGS="-fsanitize=fuzzer-no-link $(FUZZ_SAN)" LDFLAGS="-fsanitize=fuzzer $(FUZZ_SAN)" \
	    fuzz-build
	@$(MAKE) --no-print-directory BUILD=$(FUZZ_BUILD)/cli CC=$(FUZZ_CC) OPT="-O1 -g" \
	    EXTRA_CFLAGS="$(FUZZ_SAN)" LDFLAGS="$(FUZZ_SAN)" $(FUZZ_BUILD)/cli/bin/dlx \
	    $(FUZZ_BUILD)/cli/bin/sudoku $(FUZZ_BUILD)/cli/tests/argv_fuzz
	@FUZZ_SECONDS=$(FUZZ_SECONDS) sh tests/fuzz/run.sh $(FUZZ_BUILD)

fuzz-build: $(patsubst %,$(BUILD)/fuzzers/%,$(FUZZ_NAMES))

$(BUILD)/fuzzers/%: $(BUILD)/obj/tests/fuzz/%.o $(LIBSUDOKU_A) $(LIBDLX_A)
	@mkdir -p $(@D)
	$(say) LINK $@
	$(Q)$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS_THREADS)

fuzz-replay: $(FUZZ_REPLAY)

# What the command-line tests need besides the programs: the fuzz replayers
# and an LD_PRELOAD library that fails one allocation (tests/cli/failmalloc.c).
test-helpers: fuzz-replay $(BUILD)/tests/failmalloc.so $(BUILD)/tests/argv_fuzz

# Random and hostile command lines for both programs (tests/fuzz/argv_fuzz.c):
# a plain program that runs them, in make check (a few hundred, in
# tests/cli/test_options_fuzz.sh) and in make fuzz (for FUZZ_SECONDS, against
# the programs built under ASan + UBSan in $(FUZZ_BUILD)/cli).
$(BUILD)/tests/argv_fuzz: tests/fuzz/argv_fuzz.c
	@mkdir -p $(@D)
	$(say) CC $@
	$(Q)$(CC) $(CPPFLAGS) $(CSTD) $(OPT) $(WARNINGS) $(WERROR) -fPIC $(CFLAGS) $(LDFLAGS) -o $@ $<

$(BUILD)/tests/failmalloc.so: tests/cli/failmalloc.c
	@mkdir -p $(@D)
	$(say) LD $@
	$(Q)$(CC) $(CPPFLAGS) $(CSTD) $(OPT) $(WARNINGS) $(WERROR) $(CFLAGS) -fPIC -shared $(LDFLAGS) \
	    -o $@ $<
# Objects built on the way to a program by a pattern rule are kept, so a
# second make has nothing to do.
.SECONDARY: $(call obj,$(FUZZ_SRC) tests/fuzz/replay.c $(EXAMPLES) $(BENCHES) $(TOOLS))

$(BUILD)/bin/fuzz/%: $(BUILD)/obj/tests/fuzz/%.o $(BUILD)/obj/tests/fuzz/replay.o $(LIBSUDOKU_A) $(LIBDLX_A)
	@mkdir -p $(@D)
	$(say) LINK $@
	$(Q)$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS_THREADS)

# --- the browser page (docs/web.md) -------------------------------------------
# libdlx, the dlx command's JSON trace and web/dlxweb.c built for WebAssembly
# by clang --target=wasm32-wasi with Debian's wasi-libc (web/ensure-wasm.sh
# installs it as root, else prints the command). The page loads it from
# web/dlx-wasm.js (base64) and its problems from web/problems.js: both are
# built here and not committed (docs/web.md says why), so the page CI tests
# is always the one built from the commit. Never part of `make`. Threads are
# not in wasi-libc: the parallel search stays out.
WASM_CC    ?= clang
WEB_BUILD  := $(BUILD)/web
WEB_SRC    := $(filter-out dlx/parallel%.c,$(DLX_SRC)) $(TRACE_SRC) cli/common_json.c web/dlxweb.c
WEB_HDR    := $(wildcard dlx/*.h) $(wildcard trace/*.h) cli/common_json.h cli/dlxcmd_rules.h

web-toolchain:
	@sh web/ensure-wasm.sh $(WASM_CC)

$(WEB_BUILD)/dlx.wasm: $(WEB_SRC) $(WEB_HDR) | web-toolchain
	@mkdir -p $(@D)
	$(WASM_CC) --target=wasm32-wasi -std=c11 -O2 -D_POSIX_C_SOURCE=200809L -Idlx -Icli -Itrace \
	    $(WARNINGS) $(WERROR) -mexec-model=reactor -Wl,--strip-all -o $@ $(WEB_SRC)

web: all $(WEB_BUILD)/dlx.wasm
	sh web/make-wasm-js.sh $(WEB_BUILD)/dlx.wasm web/dlx-wasm.js $(sort $(WEB_SRC) $(WEB_HDR))
	sh web/make-problems.sh $(BUILD)/bin web/problems.js

# The page in headless Chromium, stepped through the paper's example against
# `dlx --trace=json --detail=links` (tests/web/). Installs Chromium and the
# driver when root; otherwise says how, and skips.
check-web: web
	@BUILD=$(BUILD) sh tests/web/run.sh

# The pictures of the page in docs/ (web-*.png), taken by the same test.
web-shots: web
	@BUILD=$(BUILD) sh tests/web/run.sh --update-docs

# --- MPI (optional) -----------------------------------------------------------
# dlx-mpi, one search over the ranks of an MPI job (docs/parallel.md, dlx-mpi.1),
# built by `make mpi` and by the tests, never by `make`: `make` never needs
# MPI. Compiled by Open MPI's wrapper (MPICC) around $(CC) (OMPI_CC, so the
# clang -Werror build covers it too). tests/mpi/ensure-mpi.sh installs
# Debian's openmpi-bin and libopenmpi-dev as root, or prints the command.
# `make check` ends with tests/mpi/test_mpi.sh (mpirun on loopback, about a
# minute); when Open MPI is missing and cannot be installed they are skipped
# with the install command printed, and `make check` still passes.
# `make check-mpi` runs them alone. MPI_TESTS=no skips them on purpose.
MPICC   ?= mpicc
OMPI_CC ?= $(CC)
MPI_TESTS ?= yes
DLX_MPI := $(BUILD)/bin/dlx-mpi
# The parts that call MPI are compiled by MPICC; the checkpoint has no MPI
# in it (the unit tests link it too: tests/check_mpi_checkpoint.c).
MPI_PARTS := $(call obj,cli/dlx_mpi.c cli/dlx_mpi_master.c cli/dlx_mpi_worker.c)
MPI_OBJ := $(MPI_PARTS) $(call obj,cli/dlx_mpi_checkpoint.c cli/dlx_mpi_launch.c cli/dlxcmd_output.c \
           cli/dlxcmd_options.c \
           $(CLI_COMMON))

mpi:
	@MPICC='$(MPICC)' sh tests/mpi/ensure-mpi.sh
	@$(MAKE) --no-print-directory $(DLX_MPI)

$(MPI_PARTS): $(BUILD)/obj/cli/%.o: cli/%.c
	@mkdir -p $(@D)
	$(say) MPICC $@
	$(Q)OMPI_CC='$(OMPI_CC)' $(MPICC) $(CPPFLAGS) $(ALL_CFLAGS) -MMD -MP -c $< -o $@

$(DLX_MPI): $(MPI_OBJ) $(LIBDLX_A)
	@mkdir -p $(@D)
	$(say) LINK $@
	$(Q)OMPI_CC='$(OMPI_CC)' $(MPICC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS_THREADS)

# Whether the MPI tests run: mpi_probe writes "ready" into MPI_STATE, or why
# they are skipped (with the command that installs Open MPI); mpi_tests then
# runs them or says why not. A missing Open MPI is not a failure; a dlx-mpi
# that does not build, or a test that fails, is one like any other.
MPI_STATE ?= $(BUILD)/tests/mpi-state
define mpi_probe
mkdir -p $(dir $(MPI_STATE)); \
if [ "$(MPI_TESTS)" = no ]; then \
    echo "skipped (MPI_TESTS=no)"; \
elif MPICC='$(MPICC)' sh tests/mpi/ensure-mpi.sh; then \
    echo ready; \
else \
    echo "skipped: Open MPI is missing; install it with:" \
        "sudo apt-get update && sudo apt-get install -y openmpi-bin libopenmpi-dev"; \
fi > $(MPI_STATE)
endef
define mpi_tests
if [ "$$(cat $(MPI_STATE))" = ready ]; then \
    BUILD=$(BUILD) sh tests/mpi/test_mpi.sh; \
else \
    echo "mpi: dlx-mpi tests $$(cat $(MPI_STATE))"; \
fi
endef

check-mpi: all
	@$(mpi_probe)
	@if [ "$$(cat $(MPI_STATE))" = ready ]; then $(MAKE) --no-print-directory $(DLX_MPI); fi
	@$(mpi_tests)

# --- running ------------------------------------------------------------------
# Builds only what it runs: the sudoku command (or, without it, the paper's example).
run: $(if $(wildcard cli/sudoku.c),$(BUILD)/bin/sudoku,$(BUILD)/bin/examples/paper)
	@if [ -x $(BUILD)/bin/sudoku ]; then \
	    echo "== sudoku --format pretty examples/puzzle.txt"; \
	    $(BUILD)/bin/sudoku --format pretty examples/puzzle.txt; \
	else \
	    $(BUILD)/bin/examples/paper; \
	fi

# The whole output also goes to $(BUILD)/bench.out, between two lines saying
# when, at which commit and under what load: `sh bench/tables.sh` writes the
# README's speed tables from it (BENCH_PROGRAMS="bench_sudoku bench_knuth"
# runs just those two).
bench_when = $$(date -u '+%Y-%m-%d %H:%M UTC'), commit $$(git rev-parse --short HEAD 2>/dev/null || \
             echo unknown), load average $$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null) on \
             $$(nproc 2>/dev/null) cores
bench: all
	@echo "== make bench: start $(bench_when)" | tee $(BUILD)/bench.out
	@{ sh bench/run.sh $(BUILD); echo $$? > $(BUILD)/bench.status; } 2>&1 | tee -a $(BUILD)/bench.out
	@echo "== make bench: end $(bench_when)" | tee -a $(BUILD)/bench.out
	@echo "(all of it is in $(BUILD)/bench.out: sh bench/tables.sh writes the README's tables from it)"
	@exit $$(cat $(BUILD)/bench.status)

# --- installing ---------------------------------------------------------------
# What install puts, and nothing else: uninstall removes these same paths, so
# give it the same PREFIX, *DIR and SUDOKU_NAME. install builds only what it
# installs (not the examples or the benchmarks).
# The headers go to INCLUDEDIR/dlx/ (their names are generic: sudoku.h);
# the pkg-config files' Cflags say -I$(INCLUDEDIR)/dlx, so a program writes
# #include "dlx.h" (or <dlx/dlx.h> without pkg-config).
INST_HEADERS  := dlx/dlx.h dlx/dlx_text.h sudoku/sudoku.h
HEADERDIR     := $(INCLUDEDIR)/dlx
# (docs/README.md, the index of docs/, would overwrite the README.)
INST_DOCS     := README.md LICENSE $(filter-out docs/README.md,$(wildcard docs/*.md)) \
                 $(wildcard docs/*.dlx docs/*.svg docs/*.png)
INST_EXAMPLES := $(wildcard examples/*.md examples/*.txt examples/*.dlx examples/*.regions)
INST_PROGRAMS := $(if $(wildcard cli/dlx.c),dlx) $(if $(wildcard cli/sudoku.c),$(SUDOKU_NAME))
COMPLETIONS   := $(patsubst %,$(BUILD)/completion/%,$(INST_PROGRAMS))
# dlx-mpi, its man page and completion only with WITH_MPI=yes, which builds
# it (Open MPI needed): whether the package has it never depends on what the
# build machine happens to have. make install-mpi installs it alone.
# uninstall always removes them.
MAN_PAGES     := $(filter-out docs/dlx-mpi.1,$(wildcard docs/*.1))
MPI_COMPLETION = $(BUILD)/completion/dlx-mpi
MPI_INSTALLED := $(if $(filter yes,$(WITH_MPI)),$(DLX_MPI) $(MPI_COMPLETION))
INSTALL_MPI    = install -d $(DESTDIR)$(COMPLETIONDIR) && \
                 install -m 755 $(DLX_MPI) $(DESTDIR)$(BINDIR)/dlx-mpi && \
                 sed $(MAN_SED) docs/dlx-mpi.1 > $(DESTDIR)$(MANDIR)/man1/dlx-mpi.1 && \
                 chmod 644 $(DESTDIR)$(MANDIR)/man1/dlx-mpi.1 && \
                 install -m 644 $(MPI_COMPLETION) $(DESTDIR)$(COMPLETIONDIR)/dlx-mpi

# The man pages as installed: repository paths become installed ones
# (docs/X.md -> $(DOCDIR)/X.md, examples/ -> $(DOCDIR)/examples/) and the
# sudoku command takes its installed name where a line names it (.TH, NAME,
# SYNOPSIS, .B/.BR references, examples starting a line).
ROFF_NAME := $(subst -,\\-,$(SUDOKU_NAME))
UC_NAME   := $(shell echo '$(SUDOKU_NAME)' | tr a-z A-Z)
MAN_SED   := -e 's|docs/\([A-Za-z0-9_.-]*\)|$(DOCDIR)/\1|g' \
             -e 's|\([ (]\)examples/|\1$(DOCDIR)/examples/|g' \
             -e 's/^\.TH SUDOKU /.TH $(UC_NAME) /' \
             -e 's/^sudoku \\-/$(ROFF_NAME) \\-/' \
             -e '/^\.nf/,/^\.fi/s/^\(\$$ \)\{0,1\}sudoku /\1$(ROFF_NAME) /' \
             -e 's/^\.B sudoku$$/.B $(ROFF_NAME)/' \
             -e 's/^\.BR sudoku /.BR $(ROFF_NAME) /'
man_name = $(if $(filter sudoku.1,$(notdir $(1))),$(SUDOKU_NAME).1,$(notdir $(1)))

# pkg-config files: paths under PREFIX are written relative to ${prefix}.
pc_dir = $(patsubst $(PREFIX)/%,$${prefix}/%,$(1))
PC_SED := -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(VERSION)|g' \
          -e 's|@LIBDIR@|$(call pc_dir,$(LIBDIR))|g' -e 's|@INCLUDEDIR@|$(call pc_dir,$(INCLUDEDIR))|g'

# bash completion, generated from each program's --help (cli/completion.sh),
# so an option added to --help is completed without an edit here.
$(BUILD)/completion/dlx: cli/completion.sh $(BUILD)/bin/dlx
	@mkdir -p $(@D)
	$(say) GEN $@
	$(Q)sh cli/completion.sh $(BUILD)/bin/dlx dlx > $@.tmp && mv $@.tmp $@
$(BUILD)/completion/$(SUDOKU_NAME): cli/completion.sh $(BUILD)/bin/sudoku
	@mkdir -p $(@D)
	$(say) GEN $@
	$(Q)sh cli/completion.sh $(BUILD)/bin/sudoku $(SUDOKU_NAME) > $@.tmp && mv $@.tmp $@
# dlx-mpi's (when it is built) from its --help too, run as a singleton MPI job.
$(MPI_COMPLETION): cli/completion.sh $(DLX_MPI)
	@mkdir -p $(@D)
	$(say) GEN $@
	$(Q)sh cli/completion.sh $(DLX_MPI) dlx-mpi > $@.tmp && mv $@.tmp $@

completion: $(COMPLETIONS)

install: $(LIBS) $(PROGRAMS) $(COMPLETIONS) $(MPI_INSTALLED)
	install -d $(DESTDIR)$(HEADERDIR) $(DESTDIR)$(LIBDIR) $(DESTDIR)$(PKGCONFIGDIR) \
	    $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(DOCDIR)/examples \
	    $(DESTDIR)$(COMPLETIONDIR)
	install -m 644 $(INST_HEADERS) $(DESTDIR)$(HEADERDIR)/
	for l in dlx sudoku; do \
	    install -m 644 $(BUILD)/lib/lib$$l.a $(DESTDIR)$(LIBDIR)/ && \
	    install -m 755 $(BUILD)/lib/lib$$l.so.$(VERSION) $(DESTDIR)$(LIBDIR)/ && \
	    ln -sf lib$$l.so.$(VERSION) $(DESTDIR)$(LIBDIR)/lib$$l.so.$(MAJOR) && \
	    ln -sf lib$$l.so.$(MAJOR) $(DESTDIR)$(LIBDIR)/lib$$l.so && \
	    sed $(PC_SED) $$l/lib$$l.pc.in > $(DESTDIR)$(PKGCONFIGDIR)/lib$$l.pc || exit 1; \
	done
	install -m 755 $(BUILD)/bin/dlx $(DESTDIR)$(BINDIR)/dlx
	install -m 755 $(BUILD)/bin/sudoku $(DESTDIR)$(BINDIR)/$(SUDOKU_NAME)
	$(foreach m,$(MAN_PAGES),sed $(MAN_SED) $(m) > $(DESTDIR)$(MANDIR)/man1/$(call man_name,$(m)) &&) true
	chmod 644 $(foreach m,$(MAN_PAGES),$(DESTDIR)$(MANDIR)/man1/$(call man_name,$(m)))
	$(if $(MPI_INSTALLED),$(INSTALL_MPI))
	install -m 644 $(INST_DOCS) $(DESTDIR)$(DOCDIR)/
	$(if $(INST_EXAMPLES),install -m 644 $(INST_EXAMPLES) $(DESTDIR)$(DOCDIR)/examples/)
	install -m 644 $(COMPLETIONS) $(DESTDIR)$(COMPLETIONDIR)/

install-mpi: mpi
	@$(MAKE) --no-print-directory $(MPI_COMPLETION)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1
	$(INSTALL_MPI)

# The directories install made go too when they are left empty: the
# project's own (DOCDIR, INCLUDEDIR/dlx) always; with DESTDIR (a staging
# tree) every empty one up to DESTDIR, while without it the system's
# /usr/local/bin and the like stay.
INST_DIRS := $(HEADERDIR) $(LIBDIR) $(PKGCONFIGDIR) $(BINDIR) $(MANDIR)/man1 \
             $(DOCDIR)/examples $(COMPLETIONDIR)
uninstall:
	rm -f $(addprefix $(DESTDIR)$(HEADERDIR)/,$(notdir $(INST_HEADERS)))
	for l in dlx sudoku; do \
	    rm -f $(DESTDIR)$(LIBDIR)/lib$$l.a $(DESTDIR)$(LIBDIR)/lib$$l.so.$(VERSION) \
	        $(DESTDIR)$(LIBDIR)/lib$$l.so.$(MAJOR) $(DESTDIR)$(LIBDIR)/lib$$l.so \
	        $(DESTDIR)$(PKGCONFIGDIR)/lib$$l.pc; \
	done
	rm -f $(addprefix $(DESTDIR)$(BINDIR)/,$(INST_PROGRAMS) dlx-mpi)
	rm -f $(foreach m,$(MAN_PAGES) docs/dlx-mpi.1,$(DESTDIR)$(MANDIR)/man1/$(call man_name,$(m)))
	rm -f $(addprefix $(DESTDIR)$(DOCDIR)/,$(notdir $(INST_DOCS))) \
	    $(addprefix $(DESTDIR)$(DOCDIR)/examples/,$(notdir $(INST_EXAMPLES)))
	rm -f $(addprefix $(DESTDIR)$(COMPLETIONDIR)/,$(INST_PROGRAMS) dlx-mpi)
	rmdir $(DESTDIR)$(DOCDIR)/examples $(DESTDIR)$(DOCDIR) $(DESTDIR)$(HEADERDIR) 2>/dev/null || true
	$(if $(DESTDIR),for d in $(INST_DIRS); do \
	    while [ "$$d" != / ] && [ "$$d" != . ]; do \
	        if [ -d "$(DESTDIR)$$d" ]; then rmdir "$(DESTDIR)$$d" 2>/dev/null || break; fi; \
	        d=$$(dirname "$$d"); \
	    done; \
	done)

# --- releasing ------------------------------------------------------------------
# make dist: $(BUILD)/dlx-VERSION.tar.gz holding every file git tracks (in a
# tree that is not a git checkout, such as an unpacked tarball: every file
# outside build/). make distcheck unpacks it in a scratch folder and runs
# make check, install and uninstall there, as a user of the tarball would.
DIST_NAME := dlx-$(VERSION)
DIST_TAR  := $(BUILD)/$(DIST_NAME).tar.gz
dist:
	@mkdir -p $(BUILD)
	$(say) DIST $(DIST_TAR)
	$(Q)if [ "$$(git rev-parse --show-toplevel 2>/dev/null)" = "$(CURDIR)" ]; then \
	    git ls-files; \
	else \
	    find . -path ./build -prune -o -type f -print | sed 's|^\./||'; \
	fi | LC_ALL=C sort > $(BUILD)/dist.list
	$(Q)rm -rf $(BUILD)/$(DIST_NAME) && mkdir -p $(BUILD)/$(DIST_NAME) && \
	    tar -cf - -T $(BUILD)/dist.list | tar -xf - -C $(BUILD)/$(DIST_NAME) && \
	    tar -C $(BUILD) -czf $(DIST_TAR) --sort=name --owner=0 --group=0 --numeric-owner $(DIST_NAME) && \
	    rm -rf $(BUILD)/$(DIST_NAME) $(BUILD)/dist.list
	@echo "$(DIST_TAR)"

distcheck: dist
	@sh tests/distcheck.sh $(DIST_TAR)

# The Debian recipe (packaging/debian/) on the tarball: dpkg-buildpackage,
# lintian, blhc, dpkg into a scratch root, the installed commands and the
# README's example against the installed library (packaging/check-deb.sh;
# about two minutes; CHECK_DEB_TESTS=yes adds make check inside the build).
check-deb: dist
	@sh packaging/check-deb.sh $(DIST_TAR) $(abspath $(BUILD))/deb

clean:
	rm -rf $(BUILD) build

-include $(shell find $(BUILD)/obj -name '*.d' 2>/dev/null)
