# SPDX-License-Identifier: MIT
# dlx - one Makefile for the library, the commands, the tests and the benchmark.
#
#   make            build libraries and programs into build/
#   make run        build and solve a bundled example
#   make check      build and run every test (installs Check if it can)
#   make sanitize   the whole test suite under ASan + UBSan
#   make memcheck   the command-line tests under valgrind (zero errors, zero leaks)
#   make tsan       the whole test suite under ThreadSanitizer (clang)
#   make fuzz       each libFuzzer target for FUZZ_SECONDS (default 60), see tests/fuzz/
#   make bench      the benchmark (see bench/README.md)
#   make install    PREFIX=/usr/local DESTDIR= (header, libraries, pkg-config, programs, man pages)
#   make clean
#
# Everything is built under $(BUILD) only. Sources are found by wildcard so a
# new file in dlx/, sudoku/, examples/ or tests/ needs no edit here.

BUILD    ?= build
CC       ?= cc
OPT      ?= -O2 -g
WERROR   ?=
PREFIX   ?= /usr/local
DESTDIR  ?=

WARNINGS := -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
            -Wpointer-arith -Wcast-qual -Wwrite-strings -Wvla
CSTD     := -std=c11
CPPFLAGS += -D_POSIX_C_SOURCE=200809L -Idlx -Isudoku -Icli
ALL_CFLAGS = $(CSTD) $(OPT) $(WARNINGS) $(WERROR) -fPIC -fvisibility=hidden $(CFLAGS) $(EXTRA_CFLAGS)
LDLIBS_THREADS := -lpthread

VERSION := $(shell sed -n 's/^\#define DLX_VERSION "\(.*\)"/\1/p' dlx/dlx.h)

DLX_SRC     := $(wildcard dlx/*.c)
SUDOKU_SRC  := $(wildcard sudoku/*.c)
CLI_COMMON  := $(wildcard cli/common_*.c)
DLX_CLI     := cli/dlx.c $(wildcard cli/dlx_*.c)
SUDOKU_CLI  := cli/sudoku.c $(wildcard cli/sudoku_*.c)
EXAMPLES    := $(wildcard examples/*.c)
BENCHES     := $(wildcard bench/*.c)
TEST_SRC    := $(wildcard tests/check_*.c)
FUZZ_SRC    := $(wildcard tests/fuzz/fuzz_*.c)
TOOLS       := $(wildcard tests/tools/*.c)

obj = $(patsubst %.c,$(BUILD)/obj/%.o,$(1))

LIBDLX_A    := $(BUILD)/lib/libdlx.a
LIBDLX_SO   := $(BUILD)/lib/libdlx.so
LIBSUDOKU_A := $(BUILD)/lib/libsudoku.a
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

.PHONY: all run check check-deps sanitize memcheck tsan fuzz fuzz-replay test-helpers fuzz-build bench install \
        uninstall clean
.DEFAULT_GOAL := all

all: $(LIBDLX_A) $(LIBDLX_SO) $(LIBSUDOKU_A) $(PROGRAMS) $(EXAMPLE_BIN) $(BENCH_BIN) $(TOOL_BIN)

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -MMD -MP -c $< -o $@

$(LIBDLX_A): $(call obj,$(DLX_SRC))
	@mkdir -p $(@D)
	rm -f $@ && $(AR) rcs $@ $^

$(LIBDLX_SO): $(call obj,$(DLX_SRC))
	@mkdir -p $(@D)
	$(CC) -shared -Wl,-soname,libdlx.so.1 $(LDFLAGS) -o $@ $^

$(LIBSUDOKU_A): $(call obj,$(SUDOKU_SRC))
	@mkdir -p $(@D)
	rm -f $@ && $(AR) rcs $@ $^

$(BUILD)/bin/dlx: $(call obj,$(DLX_CLI) $(CLI_COMMON)) $(LIBDLX_A)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS_THREADS)

$(BUILD)/bin/sudoku: $(call obj,$(SUDOKU_CLI) $(CLI_COMMON)) $(LIBSUDOKU_A) $(LIBDLX_A)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS_THREADS)

$(BUILD)/bin/examples/%: $(BUILD)/obj/examples/%.o $(LIBDLX_A)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^

$(BUILD)/bin/bench/%: $(BUILD)/obj/bench/%.o $(LIBSUDOKU_A) $(LIBDLX_A)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS_THREADS)

$(BUILD)/bin/tools/%: $(BUILD)/obj/tests/tools/%.o $(LIBSUDOKU_A) $(LIBDLX_A)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS_THREADS)

# --- tests ------------------------------------------------------------------
# Every tests/check_NAME.c defines `Suite *NAME_suite(void)`; one runner runs
# them all so the output ends with one Check summary.
CHECK_CFLAGS = $(shell pkg-config --cflags check 2>/dev/null)
CHECK_LIBS   = $(shell pkg-config --libs check 2>/dev/null || echo -lcheck -lsubunit -lrt -lm)

$(BUILD)/tests/suites.h: $(TEST_SRC) Makefile
	@mkdir -p $(@D)
	@for f in $(TEST_SRC); do n=$${f#tests/check_}; echo "SUITE($${n%.c})"; done > $@.tmp
	@mv $@.tmp $@

$(BUILD)/obj/tests/%.o: tests/%.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) -I$(BUILD)/tests $(ALL_CFLAGS) $(CHECK_CFLAGS) -MMD -MP -c $< -o $@

$(BUILD)/obj/tests/main.o: $(BUILD)/tests/suites.h

$(TEST_BIN): $(call obj,tests/main.c $(TEST_SRC)) $(LIBSUDOKU_A) $(LIBDLX_A)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(CHECK_LIBS) $(LDLIBS_THREADS)

check-deps:
	@sh tests/ensure-check.sh

check: check-deps
	@$(MAKE) --no-print-directory all $(TEST_BIN) test-helpers
	@BUILD=$(BUILD) sh tests/cli/run.sh
	@$(TEST_BIN)

# The whole suite again under AddressSanitizer and UndefinedBehaviorSanitizer,
# in a separate build tree so the normal build is left alone.
SAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
sanitize: check-deps
	@$(MAKE) --no-print-directory BUILD=build/san OPT="-O1 -g" EXTRA_CFLAGS="$(SAN_FLAGS)" \
	    LDFLAGS="$(SAN_FLAGS)" all build/san/tests/check_all test-helpers
	@ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 BUILD=build/san sh tests/cli/run.sh
	@ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 CK_FORK=no build/san/tests/check_all

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
	@TSAN_OPTIONS="halt_on_error=1 exitcode=66" CK_FORK=no build/tsan/tests/check_all

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
	@FUZZ_SECONDS=$(FUZZ_SECONDS) sh tests/fuzz/run.sh $(FUZZ_BUILD)

fuzz-build: $(patsubst %,$(BUILD)/fuzzers/%,$(FUZZ_NAMES))

$(BUILD)/fuzzers/%: $(BUILD)/obj/tests/fuzz/%.o $(LIBSUDOKU_A) $(LIBDLX_A)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS_THREADS)

fuzz-replay: $(FUZZ_REPLAY)

# What the command-line tests need besides the programs: the fuzz replayers
# and an LD_PRELOAD library that fails one allocation (tests/cli/failmalloc.c).
test-helpers: fuzz-replay $(BUILD)/tests/failmalloc.so

$(BUILD)/tests/failmalloc.so: tests/cli/failmalloc.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CSTD) $(OPT) $(WARNINGS) $(WERROR) -fPIC -shared -o $@ $<
# Objects built on the way to a program by a pattern rule are kept, so a
# second make has nothing to do.
.SECONDARY: $(call obj,$(FUZZ_SRC) tests/fuzz/replay.c $(EXAMPLES) $(BENCHES) $(TOOLS))

$(BUILD)/bin/fuzz/%: $(BUILD)/obj/tests/fuzz/%.o $(BUILD)/obj/tests/fuzz/replay.o $(LIBSUDOKU_A) $(LIBDLX_A)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS_THREADS)

# --- running ------------------------------------------------------------------
run: all
	@if [ -x $(BUILD)/bin/sudoku ]; then \
	    echo "== sudoku --format pretty examples/puzzle.txt"; \
	    $(BUILD)/bin/sudoku --format pretty examples/puzzle.txt; \
	else \
	    $(BUILD)/bin/examples/paper; \
	fi

bench: all
	@sh bench/run.sh $(BUILD)

# --- installing ---------------------------------------------------------------
install: all
	install -d $(DESTDIR)$(PREFIX)/include $(DESTDIR)$(PREFIX)/lib/pkgconfig \
	    $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 644 dlx/dlx.h $(DESTDIR)$(PREFIX)/include/dlx.h
	install -m 644 dlx/dlx_text.h $(DESTDIR)$(PREFIX)/include/dlx_text.h
	install -m 644 $(LIBDLX_A) $(DESTDIR)$(PREFIX)/lib/libdlx.a
	install -m 755 $(LIBDLX_SO) $(DESTDIR)$(PREFIX)/lib/libdlx.so.$(VERSION)
	ln -sf libdlx.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/libdlx.so.1
	ln -sf libdlx.so.1 $(DESTDIR)$(PREFIX)/lib/libdlx.so
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(VERSION)|g' dlx/libdlx.pc.in \
	    > $(DESTDIR)$(PREFIX)/lib/pkgconfig/libdlx.pc
	for b in $(PROGRAMS); do install -m 755 $$b $(DESTDIR)$(PREFIX)/bin/; done
	for m in $(wildcard docs/*.1); do install -m 644 $$m $(DESTDIR)$(PREFIX)/share/man/man1/; done

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/include/dlx.h $(DESTDIR)$(PREFIX)/include/dlx_text.h \
	    $(DESTDIR)$(PREFIX)/lib/libdlx.* \
	    $(DESTDIR)$(PREFIX)/lib/pkgconfig/libdlx.pc $(DESTDIR)$(PREFIX)/bin/dlx $(DESTDIR)$(PREFIX)/bin/sudoku

clean:
	rm -rf $(BUILD) build

-include $(shell find $(BUILD)/obj -name '*.d' 2>/dev/null)
