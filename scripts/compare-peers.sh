#!/usr/bin/env bash
# Times Orrery against a peer simulator on the same scenario: `orrery run
# scenarios/closed-loop.yaml` (release build) and the SimPy model of it in
# Benchmarks/peers/closed_loop_simpy.py, run alternately so that both see the same machine load.
# Prints min/median/max wall seconds of each and the ratio of the medians. Not part of CI.
#
# Usage: scripts/compare-peers.sh [runs]   (default 5; needs `pip install simpy`)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
orrery=.build/release/orrery
peer=Benchmarks/peers/closed_loop_simpy.py
scenario=scenarios/closed-loop.yaml

[ -x "$orrery" ] || swift build -c release --product orrery
python3 -c 'import simpy' 2>/dev/null || { echo "compare-peers: SimPy is missing (pip install simpy)" >&2; exit 1; }

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# Bash's own clock: reading it through a Python process added that process's start-up (~35 ms) to
# every timing, most of a 0.1 s Orrery run.
export LC_ALL=C
now() { printf '%s\n' "$EPOCHREALTIME"; }
elapsed() { python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.3f}')" "$1" "$2"; }

orrery_times=()
peer_times=()
for run in $(seq 1 "$runs"); do
  start=$(now); "$orrery" run "$scenario" --out "$out/orrery-$run" > "$out/orrery-$run.txt"; end=$(now)
  orrery_times+=("$(elapsed "$start" "$end")")
  start=$(now); python3 "$peer" > "$out/peer-$run.txt"; end=$(now)
  peer_times+=("$(elapsed "$start" "$end")")
  echo "run $run: orrery ${orrery_times[-1]} s, simpy ${peer_times[-1]} s"
done

echo
echo "orrery (last run):"
grep -A4 '^## Latency of successful requests' "$out/orrery-$runs/closed-loop/report.md" | grep '^|' | sed -n '1p;3p'
echo "simpy (last run):"
grep -E '^(p50|p90|p95|p99|p99\.9|mean|max):' "$out/peer-$runs.txt"
echo

python3 - "$runs" "${orrery_times[@]}" "${peer_times[@]}" <<'PY'
import statistics, sys
runs = int(sys.argv[1])
orrery = sorted(float(x) for x in sys.argv[2:2 + runs])
peer = sorted(float(x) for x in sys.argv[2 + runs:2 + 2 * runs])
def row(name, xs):
    print(f"{name:7s} min {xs[0]:.3f} s  median {statistics.median(xs):.3f} s  max {xs[-1]:.3f} s  ({len(xs)} runs)")
row("orrery", orrery)
row("simpy", peer)
print(f"ratio   simpy/orrery median {statistics.median(peer) / statistics.median(orrery):.1f}x"
      f"  (min {peer[0] / orrery[0]:.1f}x, max {peer[-1] / orrery[-1]:.1f}x)")
PY
