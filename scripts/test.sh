#!/usr/bin/env bash
# Runs every test: engine, models, scenarios and the CLI end to end, then the JSON Schema against
# the scenario files (scripts/check-schema.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
swift build --build-tests
swift test --skip-build
bash scripts/check-schema.sh
