#!/usr/bin/env bash
# Opens a results folder's index.html (made by `orrery report`) in headless Chromium and saves a
# screenshot, to look at how the page renders:
#
#   bash scripts/screenshot-report.sh [DIR] [SECTION]
#
# DIR defaults to results. Without SECTION it writes .build/screenshots/report.png, the top of
# the page; with one (a section id such as a4) it writes .build/screenshots/report-SECTION.png,
# the page scrolled to that section. Installs Debian's chromium when it is missing, with sudo when
# not root, as scripts/install-deps.sh does.
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${1:-results}"
section="${2:-}"
if [ ! -f "$dir/index.html" ]; then
  echo "no $dir/index.html: run \`orrery report $dir\` first" >&2
  exit 2
fi
page="$(cd "$dir" && pwd)/index.html"
if ! command -v chromium >/dev/null 2>&1; then
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  $sudo_cmd env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
mkdir -p .build/screenshots
out="$(pwd)/.build/screenshots/report${section:+-$section}.png"
width=1280 height=2400
# A fresh profile each time keeps the screenshot independent of any earlier run.
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
url="file://$page"
if [ -n "$section" ]; then
  # Headless Chromium paints nothing when the page itself is opened at a #fragment, but scrolls
  # an iframe to one correctly: so the page is shown in a frame as large as the window.
  cat >"$scratch/frame.html" <<HTML
<!DOCTYPE html>
<html><body style="margin: 0"><iframe src="$url#$section" style="display: block; border: 0; width: ${width}px; height: ${height}px"></iframe></body></html>
HTML
  url="file://$scratch/frame.html"
fi
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$scratch/profile" \
  --allow-file-access-from-files --virtual-time-budget=3000 \
  --screenshot="$out" --window-size="$width,$height" "$url" 2>/dev/null
echo "wrote $out"
