#!/usr/bin/env bash
# Fuzzes the scenario loader with libFuzzer (run by hand; not part of CI):
#   bash scripts/fuzz-libfuzzer.sh [SECONDS] [extra libFuzzer flags]
# Builds the OrreryFuzz target with -sanitize=fuzzer into .build/fuzz, seeds the corpus with every
# committed scenario file, and runs for SECONDS (default 3600) with a 10 s per-input timeout and a
# 2 GiB memory limit. Crashes, hangs and out-of-memory inputs land in .build/fuzz/artifacts/;
# replay one with: swift run OrreryFuzz .build/fuzz/artifacts/crash-…
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-3600}"
shift || true
swift build -c release --product OrreryFuzz --scratch-path .build/fuzz \
  -Xswiftc -sanitize=fuzzer -Xswiftc -DORRERY_LIBFUZZER -Xswiftc -parse-as-library
mkdir -p .build/fuzz/corpus .build/fuzz/artifacts
cp scenarios/*.yaml .build/fuzz/corpus/
.build/fuzz/release/OrreryFuzz .build/fuzz/corpus \
  -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
  -artifact_prefix=.build/fuzz/artifacts/ -print_final_stats=1 "$@"
