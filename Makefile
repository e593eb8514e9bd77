# teebox: the commands people type.  Everything builds with CMake; the
# build directories are build/ (normal), build-asan/ (AddressSanitizer +
# UBSan), build-cov/ (coverage) and build-fuzz/ (clang, libFuzzer).
#
#   make run        build what the demo needs, bring teebox up, run the
#                   hello-world client, take it down
#   make test       every test: normal build, sanitizers, fuzz smoke runs
#   make test-unit / test-e2e / test-asan / coverage / fuzz / bench
#   make test-load  the full load test (64 clients x 10,000 invokes)
#   make test-crash trusted storage crash consistency (1000 trials)
#   make install PREFIX=/usr/local
#   make format / format-check (clang-format and kernel-doc comments)
#   make kernel-doc-check

PREFIX ?= /usr/local
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=
FUZZ_SECONDS ?= 20
CRASH_TRIALS ?= 1000

.PHONY: all build deps deps-test run run-targets test test-unit test-e2e test-dynamic test-asan \
	test-load test-crash \
	test-fuzz coverage fuzz bench install format format-check \
	kernel-doc-check clean

all: build

deps:
	@scripts/deps.sh build

deps-test:
	@scripts/deps.sh test

build/CMakeCache.txt: | deps
	cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo $(CMAKE_FLAGS)

build: deps build/CMakeCache.txt
	cmake --build build -j$(JOBS)

# What make run runs, and only that (not every test and benchmark): the
# daemons, the secure world, the shim, the example client and its TA.
RUN_TARGETS = teebox teed teebox-secure tee-supplicant teebox-preload \
	hello_world ta_hello_world_signed

# The build's output goes to build/run-build.log (shown if it fails).
run: deps
	@CMAKE_FLAGS="$(CMAKE_FLAGS)" JOBS=$(JOBS) \
		scripts/run-demo.sh build $(RUN_TARGETS)

# For tests/install/test_make_run.sh.
run-targets:
	@echo $(RUN_TARGETS)

test: deps-test build
	$(MAKE) kernel-doc-check
	cd build && ctest --output-on-failure -j2
	$(MAKE) test-dynamic
	$(MAKE) test-asan
	$(MAKE) test-fuzz

test-unit: build
	cd build && ctest --output-on-failure -L unit -j2

test-e2e: build
	cd build && ctest --output-on-failure -L e2e

# 64 clients x 10,000 invokes against 2 secure threads, random SIGKILLs;
# teebox must be back at its baseline after (tests/load/run-load.sh).
test-load: build
	cmake --build build --target test-load

# CRASH_TRIALS trials, each killing one process of the chain with SIGKILL
# in the middle of storage operations; every object must come back whole
# (tests/crash/test_crash.c; make test runs 20 of them).
test-crash: build
	build/tests/crash/test_crash --trials $(CRASH_TRIALS) --jobs 8 --ops 8

# The end-to-end suite again, with the secure world offering dynamic
# shared memory (REGISTER_SHM, RMEM) instead of only the reserved memory.
test-dynamic: build
	cd build && TEEBOX_TEST_DYNAMIC_SHM=1 ctest --output-on-failure -L e2e

build-asan/CMakeCache.txt: | deps
	cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DTEEBOX_SANITIZE=ON $(CMAKE_FLAGS)

test-asan: deps-test build-asan/CMakeCache.txt
	cmake --build build-asan -j$(JOBS)
	cd build-asan && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
		UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
		ctest --output-on-failure -j2

build-fuzz/CMakeCache.txt: | deps-test
	CC=clang cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=Debug -DTEEBOX_FUZZ=ON $(CMAKE_FLAGS)

# Short runs of every fuzz target (part of make test).
test-fuzz: build-fuzz/CMakeCache.txt
	cmake --build build-fuzz -j$(JOBS) --target fuzzers
	scripts/fuzz.sh build-fuzz 5

# Long runs: make fuzz FUZZ_SECONDS=600
fuzz: build-fuzz/CMakeCache.txt
	cmake --build build-fuzz -j$(JOBS) --target fuzzers
	scripts/fuzz.sh build-fuzz $(FUZZ_SECONDS)

build-cov/CMakeCache.txt: | deps-test
	cmake -S . -B build-cov -DCMAKE_BUILD_TYPE=Debug -DTEEBOX_COVERAGE=ON $(CMAKE_FLAGS)

coverage: deps-test build-cov/CMakeCache.txt
	cmake --build build-cov -j$(JOBS)
	find build-cov -name '*.gcda' -delete
	cd build-cov && ctest --output-on-failure -j2
	gcovr -r . --filter 'drivers/tee/' --print-summary build-cov

bench: build
	@scripts/bench.sh build

install: build
	cmake --install build --prefix $(PREFIX)

format:
	clang-format -i $$(git ls-files '*.c' '*.h')

format-check: kernel-doc-check
	clang-format --dry-run -Werror $$(git ls-files '*.c' '*.h')

# Every /** comment parses with the kernel's kernel-doc and says Return:.
kernel-doc-check:
	scripts/kernel-doc-check.sh

clean:
	rm -rf build build-asan build-cov build-fuzz
