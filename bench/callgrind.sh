#!/usr/bin/env bash
# Instructions per random playout under callgrind, start-up excluded: only the function
# bench_playouts (N fixed-seed playouts) is counted.
#   bench/callgrind.sh [BENCH] [N] [extra bench options, e.g. --players 4 --no-farmers --capi,
#                                  --expansions (every expansion on) or --option NAME ...]
# With --mcts I: instructions per MCTS iteration, over one move of I iterations from each of
# N positions (only bench_searches is counted).
set -euo pipefail
bench=${1:-build/release/bench/bench}
n=${2:-1000}
shift $(( $# > 2 ? 2 : $# ))
out=$(mktemp)
trap 'rm -f "$out"' EXIT
iterations=0
args=("$@")
for i in "${!args[@]}"; do
  if [[ ${args[$i]} == --mcts ]]; then iterations=${args[$((i + 1))]:-0}; fi
done
valgrind --tool=callgrind --callgrind-out-file="$out" --toggle-collect=bench_playouts \
  --toggle-collect=bench_searches "$bench" --callgrind "$n" "$@" 2>/dev/null
total=$(awk '/^totals:/ {print $2}' "$out")
if (( iterations > 0 )); then
  echo "instructions_per_iteration $(( total / (n * iterations) )) instructions"
else
  echo "instructions_per_playout $(( total / n )) instructions"
fi
