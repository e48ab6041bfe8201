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

# The sanitizer builds use clang, so that a second compiler's warnings are errors too.
# Every report stops the program (the build adds -fno-sanitize-recover=all for UBSan).
export ASAN_OPTIONS=halt_on_error=1:detect_leaks=1:detect_stack_use_after_return=1:check_initialization_order=1:strict_init_order=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
export TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1
configure_sanitized() {  # build dir, sanitizers
  cmake -S . -B "$1" -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCARC_WERROR=ON -DCARC_SANITIZE="$2"
}

echo "== AddressSanitizer + UndefinedBehaviorSanitizer build and tests (build/asan)"
configure_sanitized build/asan address,undefined
cmake --build build/asan -j "$jobs"
ctest --test-dir build/asan --output-on-failure -j "$jobs"

echo "== ThreadSanitizer build and multi-threaded tests (build/tsan)"
configure_sanitized build/tsan thread
cmake --build build/tsan -j "$jobs" --target carc_thread_tests
build/tsan/tests/carc_thread_tests
