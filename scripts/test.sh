#!/usr/bin/env bash
# Runs every test: engine, models, scenarios and the CLI end to end.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
swift build --build-tests
swift test --skip-build
