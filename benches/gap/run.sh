#!/usr/bin/env bash
# GAP side of `permlab bench groups`: times Size(Group(gens)) for each .gens file (or
# the operation of another script of this directory: --script classes.g, centralizer.g,
# derived.g, centre.g, setwise.g, primitive.g, facts.g, per_fact.g; timing.g gives them TimeBest).
# usage: benches/gap/run.sh [--timeout SECONDS] [--script NAME.g] [--memory SIZE] FILE.gens...
# (--memory SIZE: GAP's hard workspace limit, its -o and -K options; without it -o 8g,
# a soft limit; factor.g is the GAP side
# of `bench solve --suite`.)
# Output, one line per file: "FILE VALUE MILLISECONDS", "FILE timeout" or "FILE failed".
# Installs Debian's `gap` package when gap is missing (prints GAP-UNAVAILABLE if that fails).
set -u
here=$(cd "$(dirname "$0")" && pwd)
limit=60
if [ "${1:-}" = "--timeout" ]; then limit=$2; shift 2; fi
script=size.g
if [ "${1:-}" = "--script" ]; then script=$2; shift 2; fi
memory=(-o 8g)
if [ "${1:-}" = "--memory" ]; then memory=(-o "$2" -K "$2"); shift 2; fi
if ! command -v gap >/dev/null 2>&1; then
  echo "gap not found: installing Debian's gap package" >&2
  { apt-get install -y gap || { apt-get update && apt-get install -y gap; }; } >&2 </dev/null
  if ! command -v gap >/dev/null 2>&1; then echo "GAP-UNAVAILABLE"; exit 0; fi
fi
for f in "$@"; do
  res=$({ printf 'GensFile := "%s";;\n' "$f"; cat "$here/readgens.g" "$here/timing.g" "$here/$script"; } |
        timeout "$limit" gap -q -b "${memory[@]}" 2>/dev/null)
  rc=$?
  line=$(printf '%s\n' "$res" | grep -F -- "$f " | tail -n 1)
  if [ -n "$line" ]; then echo "$line"
  elif [ "$rc" -eq 124 ]; then echo "$f timeout"
  else echo "$f failed"; fi
done
