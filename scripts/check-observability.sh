#!/usr/bin/env bash
# Checks a run's exports with the tools people view them in: the OpenMetrics file with Debian's
# promtool (lint, then loaded into a real Prometheus TSDB and a series read back, sample for
# sample), and the Perfetto trace as JSON whose spans nest per track. Installs `prometheus` (for
# promtool) when it is missing. Usage: scripts/check-observability.sh [SCENARIO]
set -euo pipefail
cd "$(dirname "$0")/.."
scenario="${1:-scenarios/seed-001-log-pipeline.yaml}"
if ! command -v promtool >/dev/null 2>&1; then
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  $sudo_cmd env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq prometheus >/dev/null
fi
swift build -c release --product orrery >/dev/null
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
.build/release/orrery run "$scenario" --quiet --out "$work/reports" --metrics "$work/run.om" --trace "$work/run.perfetto.json" >/dev/null

# promtool check metrics lints the Prometheus text format (0.0.4), which differs from OpenMetrics
# in three ways only: integer-millisecond timestamps (dropped here: the lint is about names, types
# and help), counter families named with their _total, and no # UNIT / # EOF lines.
python3 - "$work/run.om" > "$work/run.prom" <<'PY'
import sys
counters = set()
for line in open(sys.argv[1]):
    line = line.rstrip("\n")
    if line.startswith("# TYPE ") and line.endswith(" counter"):
        counters.add(line.split()[2])
for line in open(sys.argv[1]):
    line = line.rstrip("\n")
    if line in ("# EOF",) or line.startswith("# UNIT "):
        continue
    if line.startswith("# TYPE ") or line.startswith("# HELP "):
        parts = line.split(" ", 3)
        if parts[2] in counters:
            parts[2] += "_total"
        print(" ".join(parts))
        continue
    print(line.rsplit(" ", 1)[0])
PY
promtool check metrics < "$work/run.prom"
echo "promtool check metrics: ok ($(grep -c '^# TYPE' "$work/run.om") families, $(grep -vc '^#' "$work/run.om") samples)"

promtool tsdb create-blocks-from openmetrics "$work/run.om" "$work/tsdb" >/dev/null
mkdir -p "$work/tsdb/wal"
# A counter the run has: client requests, else task attempts, else the first counter in the file.
series=""
for candidate in orrery_client_requests_total orrery_mapreduce_attempts_total; do
  if grep -q "^$candidate" "$work/run.om"; then series="$candidate"; break; fi
done
[ -n "$series" ] || series="$(grep -m1 -o '^[a-z_]*_total' "$work/run.om")"
promtool tsdb dump --match="{__name__=\"$series\"}" "$work/tsdb" > "$work/dump.txt"
python3 - "$work/run.om" "$work/dump.txt" "$series" <<'PY'
import re, sys
om, dump, name = sys.argv[1:]
def labels(text):
    return tuple(sorted(re.findall(r'(\w+)="((?:[^"\\]|\\.)*)"', text)))
expected = {}
for line in open(om):
    if line.startswith(name + "{") or line.startswith(name + " "):
        series, value, ts = line.rsplit(" ", 2)
        key = labels(series[len(name):])
        expected.setdefault(key, []).append((round(float(ts) * 1000), float(value)))
found = {}
for line in open(dump):
    series, value, ts = line.rsplit(" ", 2)
    key = tuple(kv for kv in labels(series) if kv[0] != "__name__")
    found.setdefault(key, []).append((int(ts), float(value)))
if not expected:
    sys.exit(f"no {name} samples in the OpenMetrics file")
for key in expected:
    if sorted(found.get(key, [])) != expected[key]:
        sys.exit(f"{name}{dict(key)}: the TSDB holds {len(found.get(key, []))} samples, the file {len(expected[key])}, or their values differ")
points = sum(len(v) for v in expected.values())
print(f"promtool tsdb: {name} read back from the TSDB, {len(expected)} series, {points} samples, all equal to the file's")
PY

python3 - "$work/run.perfetto.json" <<'PY'
import json, sys, collections
trace = json.load(open(sys.argv[1]))
events = trace["traceEvents"]
tracks = collections.defaultdict(list)
for e in events:
    if e["ph"] == "X":
        tracks[(e["pid"], e["tid"])].append((round(e["ts"] * 1000), round((e["ts"] + e["dur"]) * 1000)))
for track, spans in tracks.items():
    open_ends = []
    for start, end in sorted(spans):
        while open_ends and open_ends[-1] <= start:
            open_ends.pop()
        if open_ends and end > open_ends[-1]:
            sys.exit(f"track {track}: a span starting at {start} ns overlaps the one before without nesting")
        open_ends.append(end)
kinds = collections.Counter(e["ph"] for e in events)
print(f"perfetto: valid JSON, {len(events)} events ({kinds['X']} spans, {kinds['i']} instants, {kinds['C']} counter values, {kinds['s']} flows) on {len(tracks)} tracks, every track nests")
PY
