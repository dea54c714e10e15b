#!/usr/bin/env bash
# Counts the instructions that one command of a release `orrery` executes, with valgrind's
# callgrind: a measure that does not move with the machine's load, where this machine runs the
# same binary 2-3x slower at some hours than at others (wall and CPU times compare only between
# alternating runs). The run is deterministic, so one run per binary is enough; outputs go to a
# temporary directory. Not part of CI.
#
# Usage: scripts/count-instructions.sh [--binary PATH] [--top N] [--keep FILE] -- ORRERY-ARGS...
#   e.g. scripts/count-instructions.sh --top 20 -- run scenarios/strategies.yaml --quiet
# (`run` and `experiment` get an `--out` of their own.) Needs valgrind (apt-get install valgrind).
# Prints the total, and with --top the N functions with the most instructions of their own.
set -euo pipefail
cd "$(dirname "$0")/.."
binary=.build/release/orrery
top=0
keep=""
while [ $# -gt 0 ]; do
  case "$1" in
    --binary) binary=$2; shift 2 ;;
    --top) top=$2; shift 2 ;;
    --keep) keep=$2; shift 2 ;;
    --) shift; break ;;
    *) echo "count-instructions: unknown option $1 (arguments for orrery go after --)" >&2; exit 2 ;;
  esac
done
[ $# -gt 0 ] || { echo "count-instructions: give orrery's arguments after --" >&2; exit 2; }
command -v valgrind > /dev/null || { echo "count-instructions: valgrind is missing (apt-get install valgrind)" >&2; exit 1; }
[ -x "$binary" ] || swift build -c release --product orrery

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Valgrind cannot read the debug information of the statically linked release binary; a copy
# without it keeps the symbols, which is all the counts need.
strip --strip-debug -o "$work/orrery" "$binary"
args=("$@")
case "${args[0]}" in run|experiment) args+=(--out "$work/out") ;; esac
valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" "$work/orrery" "${args[@]}" \
  > "$work/stdout" 2> "$work/stderr" || { tail -20 "$work/stderr" >&2; exit 1; }
total=$(grep -oE 'Collected : [0-9]+' "$work/stderr" | grep -oE '[0-9]+$')
printf 'instructions: %s (%s)\n' "$total" "$(basename "$binary")"
if [ "$top" -gt 0 ]; then
  callgrind_annotate "$work/callgrind.out" 2> /dev/null | grep -E '^ *[0-9,]+ \(' | sed -n "2,$((top + 1))p" \
    | sed -E 's/ \[[^]]*\]$//'
fi
[ -z "$keep" ] || cp "$work/callgrind.out" "$keep"
