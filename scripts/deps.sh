#!/usr/bin/env bash
# Installs with apt-get whatever this machine lacks for
#   scripts/deps.sh demo   the demo and the examples: compilers, CMake, fmt, Python
#   scripts/deps.sh test   (the default) everything scripts/test.sh needs: the above, Catch2,
#                          pkg-config, doxygen, python3-venv, Dask and tqdm for self-play
#                          (python3-distributed, python3-tqdm), and clang with its sanitizer
#                          and libFuzzer runtimes
#   scripts/deps.sh web    the WebAssembly build and its tests (scripts/web.sh): emscripten,
#                          node, npm, chromium (headless, for the browser test)
set -euo pipefail
demo=(cmake g++ make libfmt-dev python3)
web=(emscripten nodejs chromium)
tests=(catch2 pkg-config clang libclang-rt-14-dev binutils doxygen python3-venv python3-distributed python3-tqdm)
case "${1:-test}" in
  demo) wanted=("${demo[@]}") ;;
  test) wanted=("${demo[@]}" "${tests[@]}") ;;
  web) wanted=("${web[@]}") ;;
  *) echo "usage: scripts/deps.sh [demo|test|web]" >&2; exit 2 ;;
esac
need=()
for pkg in "${wanted[@]}"; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
# npm, for the npm package's test (scripts/web.sh --test): only where no npm is found, since a
# Node.js that brings its own (as this machine's does) conflicts with Debian's npm package.
if [ "${1:-test}" = web ] && ! command -v npm >/dev/null; then need+=(npm); fi
if [ ${#need[@]} -gt 0 ]; then
  echo "installing: ${need[*]}"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}"
fi
