#!/usr/bin/env bash
# Builds the library and plays one seeded game, printing every turn and the board.
#   scripts/demo.sh [SEED] [PLAYERS] [random|greedy ...]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release -DCARC_WERROR=ON >/dev/null
cmake --build build/release -j "$(nproc)" --target carc_demo_game
build/release/examples/demo_game "${1:-1}" "${2:-2}" "${@:3}"
