#!/usr/bin/env bash
# Runs the benchmark suite on its deterministic metrics (malloc counts, events processed) and
# compares them with the committed baseline `ci`. Exit 0 when equal; 1 on a regression. An
# improvement is reported and accepted (update the baseline in a commit that says why:
#   ORRERY_BENCH_GATE=1 swift package --allow-writing-to-package-directory benchmark baseline update ci).
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
ORRERY_BENCH_GATE=1 swift package benchmark baseline check ci --no-progress
status=$?
case $status in
  0) echo "bench: deterministic metrics equal to the baseline" ;;
  4) echo "bench: only improvements against the baseline; consider updating it"; status=0 ;;
  *) echo "bench: regression against the baseline (exit $status)"; status=1 ;;
esac
exit $status
