#!/usr/bin/env bash
# Builds everything with warnings as errors and runs every test; then builds everything
# again with AddressSanitizer + UndefinedBehaviorSanitizer and runs every test there, and
# runs the multi-threaded tests under ThreadSanitizer. Installs what is missing.
# CARC_SANITIZERS=0 skips the two sanitizer stages (for quick local runs; CI runs all).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
jobs=$(nproc)

echo "== release build and tests (build/release)"
cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release -DCARC_WERROR=ON
cmake --build build/release -j "$jobs"
ctest --test-dir build/release --output-on-failure -j "$jobs"

[ "${CARC_SANITIZERS:-1}" = 0 ] && exit 0

# Every sanitizer report stops the program (the build adds -fno-sanitize-recover=all).
export ASAN_OPTIONS=halt_on_error=1:detect_leaks=1:detect_stack_use_after_return=1:check_initialization_order=1:strict_init_order=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
export TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1
configure_sanitized() {  # build dir, C compiler, C++ compiler, sanitizers
  # A build dir made with another compiler is started afresh: CMake would drop its cache,
  # and with it the -D options, itself.
  if [ -f "$1/CMakeCache.txt" ] && ! grep -q "^CMAKE_CXX_COMPILER:[A-Z]*=$(command -v "$3")\$" "$1/CMakeCache.txt"; then
    rm -rf "$1"
  fi
  cmake -S . -B "$1" -DCMAKE_C_COMPILER="$2" -DCMAKE_CXX_COMPILER="$3" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCARC_WERROR=ON -DCARC_SANITIZE="$4"
}

# gcc: it links the sanitizer runtimes as shared libraries, which the C ABI's shared
# library and the Python tests that load it (with the runtime preloaded) need. Tests
# labelled "performance" measure speed, which sanitizers distort; they are skipped here.
echo "== AddressSanitizer + UndefinedBehaviorSanitizer build and tests (build/asan)"
configure_sanitized build/asan gcc g++ address,undefined
cmake --build build/asan -j "$jobs"
ctest --test-dir build/asan --output-on-failure -j "$jobs" -LE performance

# clang, so that a second compiler builds the engine with warnings as errors too.
echo "== ThreadSanitizer build and multi-threaded tests (build/tsan)"
configure_sanitized build/tsan clang clang++ thread
cmake --build build/tsan -j "$jobs" --target carc_thread_tests
build/tsan/tests/carc_thread_tests
