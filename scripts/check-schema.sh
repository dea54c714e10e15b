#!/usr/bin/env bash
# Checks orrery.schema.json with Python's jsonschema: every scenarios/*.yaml must be valid and
# every Tests/Fixtures/schema-bad/*.yaml invalid (scripts/check_schema.py; one line per file).
# Finds jsonschema and PyYAML, or installs them: into a virtual environment under .build/ (pip),
# else for the user (pip, past Debian's externally-managed guard), else from Debian's packages.
set -euo pipefail
cd "$(dirname "$0")/.."

has_modules() { "$1" -c 'import jsonschema, yaml' >/dev/null 2>&1; }

python=python3
venv=.build/schema-venv
if ! has_modules "$python"; then
  if has_modules "$venv/bin/python"; then
    python="$venv/bin/python"
  elif python3 -m venv "$venv" >/dev/null 2>&1 && "$venv/bin/python" -m pip install --quiet jsonschema pyyaml; then
    python="$venv/bin/python"
  elif python3 -m pip install --quiet --user --break-system-packages jsonschema pyyaml >/dev/null 2>&1 && has_modules python3; then
    python=python3
  else
    sudo_cmd=""
    [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
    $sudo_cmd apt-get update -qq
    $sudo_cmd env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-jsonschema python3-yaml
  fi
fi
exec "$python" scripts/check_schema.py
