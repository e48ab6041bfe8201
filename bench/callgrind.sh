#!/usr/bin/env bash
# Instructions per random playout under callgrind, start-up excluded: only the function
# bench_playouts (N fixed-seed playouts) is counted.
#   bench/callgrind.sh [BENCH] [N] [extra bench options, e.g. --players 4 --no-farmers --capi,
#                                  --expansions (every expansion on) or --option NAME ...]
set -euo pipefail
bench=${1:-build/release/bench/bench}
n=${2:-1000}
shift $(( $# > 2 ? 2 : $# ))
out=$(mktemp)
trap 'rm -f "$out"' EXIT
valgrind --tool=callgrind --callgrind-out-file="$out" --toggle-collect=bench_playouts \
  "$bench" --callgrind "$n" "$@" 2>/dev/null
total=$(awk '/^totals:/ {print $2}' "$out")
echo "instructions_per_playout $(( total / n )) instructions"
