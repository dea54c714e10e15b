#!/usr/bin/env bash
# Times Orrery's engine against the plainest event loop that carries the same traffic: 20 worlds
# of the strategy comparison (`scenarios/strategies.yaml` with least_conn; `orrery sweep`, one
# process, one job) against Benchmarks/peers/balanced_floor.swift (20 worlds of the same arrivals,
# hops, queues and service times as 24-byte event records, no class per request), alternating so
# that both see the same machine load. Prints min/median/max CPU seconds of each, milliseconds a
# world, the ratio of the medians and both mean p99s (the same queue: they should agree within
# their seeds' noise). The ratio bounds what any engine could gain on a balanced request; it is
# not a rival (see the floor's header for what it leaves out). Not part of CI.
#
# Usage: scripts/engine-floor.sh [runs]   (default 5; needs /usr/bin/time: apt-get install time)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
worlds=20
orrery=.build/release/orrery
[ -x "$orrery" ] || swift build -c release --product orrery
[ -x /usr/bin/time ] || { echo "engine-floor: /usr/bin/time is missing (apt-get install time)" >&2; exit 1; }

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
swiftc -Ounchecked Benchmarks/peers/balanced_floor.swift -o "$out/floor"

export LC_ALL=C
cpu() { /usr/bin/time -f '%U %S' -o "$out/time" "$@" > "$out/stdout"; awk '{ printf "%.3f\n", $1 + $2 }' "$out/time"; }

orrery_times=()
floor_times=()
for run in $(seq 1 "$runs"); do
  rm -rf "$out/sweep"
  orrery_times+=("$(cpu "$orrery" sweep scenarios/strategies.yaml --seeds "1..$worlds" --vary balancer.strategy=least_conn \
    --jobs 1 --out "$out/sweep" --quiet)")
  floor_times+=("$(cpu "$out/floor" "$worlds")")
  echo "run $run: orrery ${orrery_times[-1]} s, floor ${floor_times[-1]} s ($worlds worlds each)"
done

echo
echo "orrery (seeds 1..$worlds): $(grep -E '^\| balancer\.p99 ' "$out"/sweep/*/report.md | awk -F'|' '{ gsub(/ /, "", $4); print "mean p99 " $4 }')"
echo "floor  (seeds 0..$((worlds - 1))): $("$out/floor" "$worlds" | sed 's/.*mean p99: /mean p99 /')"
echo

python3 - "$runs" "$worlds" "${orrery_times[@]}" "${floor_times[@]}" <<'PY'
import statistics, sys
runs, worlds = int(sys.argv[1]), int(sys.argv[2])
orrery = sorted(float(x) for x in sys.argv[3:3 + runs])
floor = sorted(float(x) for x in sys.argv[3 + runs:3 + 2 * runs])
def row(name, xs):
    print(f"{name:7s} min {xs[0]:.3f} s  median {statistics.median(xs):.3f} s  max {xs[-1]:.3f} s"
          f"  ({1000 * statistics.median(xs) / worlds:.1f} ms a world, {len(xs)} runs)")
row("orrery", orrery)
row("floor", floor)
print(f"ratio   orrery/floor median {statistics.median(orrery) / statistics.median(floor):.1f}x")
PY
