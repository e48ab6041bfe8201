#!/usr/bin/env bash
# Builds the library, every example and the C library (which the Python example loads),
# then plays one seeded game, printing every turn and the board.
#   scripts/demo.sh [--option NAME ...] [SEED] [PLAYERS] [random|greedy|mcts ...]
set -euo pipefail
cd "$(dirname "$0")/.."
for arg in "$@"; do
  if [ "$arg" = --help ] || [ "$arg" = -h ]; then
    echo "usage: scripts/demo.sh [--option NAME ...] [SEED] [PLAYERS] [random|greedy|mcts ...]"
    echo "  builds the examples in build/release/examples, then plays one game with demo_game:"
    echo "  SEED 0 to 18446744073709551615 (default 1), PLAYERS 1 to 6 (default 2), then one"
    echo "  kind of player per seat (default random)"
    exit 0
  fi
done
scripts/deps.sh demo
# The first configure leaves out the tests, which need Catch2 (scripts/test.sh turns them
# on); a later one keeps the build's settings.
if [ -f build/release/CMakeCache.txt ]; then
  cmake -S . -B build/release >/dev/null
else
  cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release -DCARC_WERROR=ON -DCARC_BUILD_TESTS=OFF >/dev/null
fi
cmake --build build/release -j "$(nproc)" --target carc_examples
exec build/release/examples/demo_game "$@"
