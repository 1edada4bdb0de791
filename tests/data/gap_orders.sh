#!/bin/sh
# Writes tests/data/gap_orders.txt: the order GAP (Debian's `gap`) computes for every
# built-in of `permlab puzzles` (data/puzzles.tsv), from `permlab export SPEC --gap`.
# Run from the crate root after `cargo build --release`:
#   sh tests/data/gap_orders.sh > tests/data/gap_orders.txt
# tests/it/geometry_puzzles.rs (every_builtin_order_agrees_with_gap) compares them with
# permlab's orders.
set -e
bin=${PERMLAB:-target/release/permlab}
version=$(printf 'Print(GAPInfo.Version);\n' | gap -q)
echo "# SPEC<TAB>Size(G) by GAP $version; made by tests/data/gap_orders.sh"
grep -v '^#' data/puzzles.tsv | cut -f1 | while read -r spec; do
    [ -z "$spec" ] && continue
    size=$( ( printf 'SizeScreen([4096, 24]);;\n'; "$bin" export "$spec" --gap; printf 'Print(Size(G));\n' ) | gap -q -o 4g | tail -n 1)
    printf '%s\t%s\n' "$spec" "$size"
done
