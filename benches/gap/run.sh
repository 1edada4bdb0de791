#!/usr/bin/env bash
# GAP side of `permlab bench groups`: times Size(Group(gens)) for each .gens file.
# usage: benches/gap/run.sh [--timeout SECONDS] FILE.gens...
# Output, one line per file: "FILE SIZE MILLISECONDS", or "FILE timeout".
# Installs Debian's `gap` package when gap is missing (prints GAP-UNAVAILABLE if that fails).
set -u
here=$(cd "$(dirname "$0")" && pwd)
limit=60
if [ "${1:-}" = "--timeout" ]; then limit=$2; shift 2; fi
if ! command -v gap >/dev/null 2>&1; then
  echo "gap not found: installing Debian's gap package" >&2
  { apt-get install -y gap || { apt-get update && apt-get install -y gap; }; } >&2 </dev/null
  if ! command -v gap >/dev/null 2>&1; then echo "GAP-UNAVAILABLE"; exit 0; fi
fi
for f in "$@"; do
  out=$({ printf 'GensFile := "%s";;\n' "$f"; cat "$here/size.g"; } |
        timeout "$limit" gap -q -b -o 4g 2>/dev/null | tail -n 1)
  if [ -z "$out" ]; then echo "$f timeout"; else echo "$out"; fi
done
