#!/usr/bin/env bash
# Reproduces experiments A-1 … A-4 (and every other experiment) into results/, and runs the seeds'
# whole systems (seed 000's platform, seed 001's log pipeline) as single worlds into results/.
# Then results/index.html, the one page showing all of them.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
swift build -c release --product orrery
.build/release/orrery experiment all --out results
.build/release/orrery run scenarios/seed-000-platform.yaml scenarios/seed-001-log-pipeline.yaml --out results
.build/release/orrery report results
