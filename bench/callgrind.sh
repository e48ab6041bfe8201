#!/usr/bin/env bash
# Instructions per random playout under callgrind, start-up excluded: only the function
# bench_playouts (N fixed-seed playouts) is counted.
#   bench/callgrind.sh [BENCH] [N] [extra bench options, e.g. --players 4 --no-farmers --capi,
#                                  --expansions (every expansion on) or --option NAME ...]
# With --mcts I: instructions per MCTS iteration, over one move of I iterations from each of
# N positions (only bench_searches is counted). With MISPREDICTS=1 in the environment it also
# prints the mispredicted conditional branches of callgrind's branch simulator (the
# issue's figure for the base playout: compare builds, not machines).
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
branches=${MISPREDICTS:-0}
sim=()
if [[ $branches == 1 ]]; then sim=(--branch-sim=yes); fi
valgrind --tool=callgrind "${sim[@]}" --callgrind-out-file="$out" --toggle-collect=bench_playouts \
  --toggle-collect=bench_searches "$bench" --callgrind "$n" "$@" 2>/dev/null
total=$(awk '/^totals:/ {print $2}' "$out")
per=$(( iterations > 0 ? n * iterations : n ))
if (( iterations > 0 )); then what=iteration; else what=playout; fi
echo "instructions_per_$what $(( total / per )) instructions"
if [[ $branches == 1 ]]; then
  # events: Ir Bc Bcm Bi Bim; Bcm, the conditional branches mispredicted, is the fourth field
  mispredicts=$(awk '/^totals:/ {print $4}' "$out")
  echo "mispredicts_per_$what $(( mispredicts / per )) branches"
fi
