#!/bin/sh
# Writes tests/data/twsearch_distributions.txt: the distance distribution twsearch
# (Rokicki's C++ twsearch, https://github.com/rokicki/twsearch, built from its public
# source outside the crate) computes with `twsearch -g` for every built-in of
# `permlab puzzles` (data/puzzles.tsv) with at most MAX positions (default 2·10^9)
# and no identical pieces, from the definition `permlab export SPEC --tws` writes;
# a run longer than TIMEOUT seconds (default 900) is left out with a comment line. twsearch turns
# each move into all its powers, so the counts are those of permlab's htm metric.
# Run from the crate root after `cargo build --release`:
#   TWSEARCH=/path/to/twsearch sh tests/data/twsearch_distributions.sh > tests/data/twsearch_distributions.txt
# tests/it/geometry_puzzles.rs (distributions_agree_with_twsearch) compares them with
# permlab's breadth-first search.
set -e
bin=${PERMLAB:-target/release/permlab}
tw=${TWSEARCH:?set TWSEARCH to the twsearch binary}
max=${MAX:-2000000000}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
commit=$(git -C "$(dirname "$tw")" rev-parse HEAD 2>/dev/null || echo unknown)
echo "# SPEC<TAB>positions at distance 0, 1, 2, ... by twsearch -g (commit $commit), htm metric; made by tests/data/twsearch_distributions.sh"
"$bin" puzzles --json | python3 -c '
import json, sys
for p in json.load(sys.stdin):
    if not p["identical"] and int(p["positions"]) <= int(sys.argv[1]):
        print(p["spec"])
' "$max" | while read -r spec; do
    "$bin" export "$spec" --tws > "$dir/p.tws"
    if timeout "${TIMEOUT:-900}" "$tw" -g "$dir/p.tws" > "$dir/out" 2>&1; then
        # twsearch may end with a line "Dist N cnt 0": not a distance that occurs
        counts=$(awk '/^Dist [0-9]+ cnt [1-9]/ { printf "%s%s", sep, $4; sep = " " }' "$dir/out")
        printf '%s\t%s\n' "$spec" "$counts"
    else
        echo "# $spec: twsearch failed or ran out of time (${TIMEOUT:-900} s): $(tail -n 1 "$dir/out")"
    fi
done
