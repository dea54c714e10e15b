#!/usr/bin/env bash
# Installs the Debian packages Orrery needs beside Swift itself: jemalloc (linked into the
# benchmark suite and the CLI for its allocator statistics) and pkg-config (to find it).
set -euo pipefail
missing=()
for package in libjemalloc-dev pkg-config; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  $sudo_cmd env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi
