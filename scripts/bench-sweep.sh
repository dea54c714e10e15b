#!/usr/bin/env bash
# Measures what a sweep costs on this machine (release build; not part of CI's gate):
#  1. the speedup of `orrery sweep scenarios/closed-loop.yaml --seeds 1..200` with --jobs 2 over
#     --jobs 1, run alternately so both see the same machine load, checking that both write the
#     same reports;
#  2. the peak resident memory of a 2,000-world sweep (one request per world, so the figure is
#     what the sweep itself keeps per world: its records are streamed to disk, not accumulated).
#
# Usage: scripts/bench-sweep.sh [rounds]   (default 2; each round runs both widths once)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-2}
orrery=.build/release/orrery
scenario=scenarios/closed-loop.yaml
[ -x "$orrery" ] || swift build -c release --product orrery

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# Wall seconds and peak resident kilobytes of one command, as "seconds kilobytes".
measure() { /usr/bin/time -f "%e %M" -o "$out/time" "$@" > /dev/null; cat "$out/time"; }

one=(); two=()
for round in $(seq 1 "$rounds"); do
  read -r s1 _ < <(measure "$orrery" sweep "$scenario" --seeds 1..200 --jobs 1 --out "$out/jobs1")
  read -r s2 _ < <(measure "$orrery" sweep "$scenario" --seeds 1..200 --jobs 2 --out "$out/jobs2")
  diff -r "$out/jobs1" "$out/jobs2" > /dev/null || { echo "bench-sweep: --jobs 1 and --jobs 2 wrote different reports" >&2; exit 1; }
  one+=("$s1"); two+=("$s2")
  echo "round $round: --jobs 1 ${s1} s, --jobs 2 ${s2} s, speedup $(python3 -c "print(f'{$s1 / $s2:.2f}')")×"
done
python3 - "${one[*]}" "${two[*]}" <<'PY'
import statistics, sys
one = [float(x) for x in sys.argv[1].split()]
two = [float(x) for x in sys.argv[2].split()]
ratios = [a / b for a, b in zip(one, two)]
print(f"200 worlds: --jobs 1 median {statistics.median(one):.1f} s, --jobs 2 median {statistics.median(two):.1f} s; "
      f"speedup min {min(ratios):.2f}× median {statistics.median(ratios):.2f}× max {max(ratios):.2f}× (target 1.8×)")
PY

for worlds in 200 2000; do
  read -r seconds kilobytes < <(measure "$orrery" sweep "$scenario" --seeds 1..$worlds --jobs 2 --vary run.requests=1 --out "$out/memory-$worlds")
  echo "$worlds one-request worlds, --jobs 2: ${seconds} s, peak resident $((kilobytes / 1024)) MB"
done
