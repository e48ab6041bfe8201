#!/usr/bin/env bash
# Builds everything with warnings as errors and runs every test; then builds everything
# again with AddressSanitizer + UndefinedBehaviorSanitizer and runs every test there, runs
# the multi-threaded tests under ThreadSanitizer, and runs each libFuzzer harness for a
# short, bounded time. Installs what is missing.
# Last, the web stage: the WebAssembly build and its node and headless-Chromium tests.
# CARC_SANITIZERS=0 skips the sanitizer and fuzzing stages (for quick local runs; CI runs
# all), CARC_WEB=0 the web stage. CARC_FUZZ_SECONDS sets each harness's time (default 20).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh test
jobs=$(nproc)

echo "== release build and tests (build/release) [at ${SECONDS} s]"
cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release -DCARC_WERROR=ON -DCARC_BUILD_TESTS=ON  # scripts/demo.sh leaves them out
cmake --build build/release -j "$jobs"
ctest --test-dir build/release --output-on-failure -j "$jobs"

# The web stage (scripts/web.sh: the WebAssembly build, the JavaScript module's tests in node
# and the page's in headless Chromium); CARC_WEB=0 skips it.
web_stage() {
  [ "${CARC_WEB:-1}" = 0 ] && return 0
  echo "== WebAssembly build, module and browser tests (build/web) [at ${SECONDS} s]"
  scripts/web.sh --test
}

if [ "${CARC_SANITIZERS:-1}" = 0 ]; then
  web_stage
  exit 0
fi

# Every sanitizer report stops the program (the build adds -fno-sanitize-recover=all).
export ASAN_OPTIONS=halt_on_error=1:detect_leaks=1:detect_stack_use_after_return=1:check_initialization_order=1:strict_init_order=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
export TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1
configure_sanitized() {  # build dir, C compiler, C++ compiler, sanitizers, more cmake options
  # A build dir made with another compiler is started afresh: CMake would drop its cache,
  # and with it the -D options, itself.
  if [ -f "$1/CMakeCache.txt" ] && ! grep -q "^CMAKE_CXX_COMPILER:[A-Z]*=$(command -v "$3")\$" "$1/CMakeCache.txt"; then
    rm -rf "$1"
  fi
  # -O1 -g1 (line tables only): the sanitizers' own advice, full file:line stack traces in
  # reports, and builds well over twice as fast as -O2 -g.
  cmake -S . -B "$1" -DCMAKE_C_COMPILER="$2" -DCMAKE_CXX_COMPILER="$3" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" \
    -DCARC_WERROR=ON -DCARC_SANITIZE="$4" "${@:5}"
}

# gcc: it links the sanitizer runtimes as shared libraries, which the C ABI's shared
# library and the Python tests that load it (with the runtime preloaded) need. Tests
# labelled "performance" measure speed, which sanitizers distort; they are skipped here.
echo "== AddressSanitizer + UndefinedBehaviorSanitizer build and tests (build/asan) [at ${SECONDS} s]"
configure_sanitized build/asan gcc g++ address,undefined
cmake --build build/asan -j "$jobs"
ctest --test-dir build/asan --output-on-failure -j "$jobs" -LE performance

# clang, so that a second compiler builds the engine with warnings as errors too.
echo "== ThreadSanitizer build and multi-threaded tests (build/tsan) [at ${SECONDS} s]"
configure_sanitized build/tsan clang clang++ thread
cmake --build build/tsan -j "$jobs" --target carc_thread_tests
build/tsan/tests/carc_thread_tests

# clang's libFuzzer with ASan+UBSan: both harnesses at once (one per core), each on its
# seed corpus (fuzz/corpus) and the inputs of every crash found so far (fuzz/regressions),
# which it runs first. New inputs go to build/fuzz/corpus, a crashing input to
# build/fuzz/artifacts; docs/fuzzing.md shows longer runs by hand.
fuzz_seconds=${CARC_FUZZ_SECONDS:-20}
echo "== libFuzzer harnesses, ${fuzz_seconds} s each (build/fuzz) [at ${SECONDS} s]"
configure_sanitized build/fuzz clang clang++ address,undefined -DCARC_FUZZ=ON -DCARC_BUILD_TESTS=OFF \
  -DCARC_BUILD_EXAMPLES=OFF
cmake --build build/fuzz -j "$jobs" --target carc_fuzz_capi carc_fuzz_text
declare -A fuzz_pid
for h in capi text; do
  rm -rf "build/fuzz/corpus/$h"
  mkdir -p "build/fuzz/corpus/$h" "build/fuzz/artifacts/$h"
  args=(-max_total_time="$fuzz_seconds" -timeout=10 -max_len=8192 -artifact_prefix="build/fuzz/artifacts/$h/")
  [ -f "fuzz/$h.dict" ] && args+=("-dict=fuzz/$h.dict")
  args+=("build/fuzz/corpus/$h" "fuzz/corpus/$h")
  [ -d "fuzz/regressions/$h" ] && args+=("fuzz/regressions/$h")
  "build/fuzz/fuzz/fuzz_$h" "${args[@]}" >"build/fuzz/fuzz_$h.log" 2>&1 &
  fuzz_pid[$h]=$!
done
fuzz_failed=0
for h in capi text; do
  if wait "${fuzz_pid[$h]}"; then
    grep -E "^#[0-9]+[[:space:]]+DONE" "build/fuzz/fuzz_$h.log" | sed "s/^/fuzz_$h: /" || true
  else
    tail -n 60 "build/fuzz/fuzz_$h.log"
    echo "fuzz_$h FAILED: the input is in build/fuzz/artifacts/$h/; replay: build/fuzz/fuzz/fuzz_$h <file>"
    fuzz_failed=1
  fi
done
[ "$fuzz_failed" = 0 ] || exit 1
web_stage
echo "== every stage passed in ${SECONDS} s"
