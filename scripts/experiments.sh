#!/usr/bin/env bash
# Reproduces experiments A-1 … A-4 (and every other experiment) into results/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
swift build -c release --product orrery
.build/release/orrery experiment all --out results
