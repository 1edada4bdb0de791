#!/bin/sh
# Writes tests/data/factor_gap.txt: for each group below, 20 random elements (GAP's
# Random(G) after Reset(GlobalMersenneTwister, 40)) in cycle notation with the length of
# GAP's Factorization(G, g) (Length of the word: each generator occurrence counts 1,
# so x^2 counts 2 and x^-1 counts 1), from `permlab export SPEC --gap`.
# Run from the crate root after `cargo build --release`:
#   sh tests/data/factor_gap.sh > tests/data/factor_gap.txt
# tests/it/shortwords.rs (factor_words_of_gap_s_elements) factors the same elements and
# checks every word; `factor_gap_lengths` there prints the mean lengths side by side.
set -e
bin=${PERMLAB:-target/release/permlab}
version=$(printf 'Print(GAPInfo.Version);\n' | gap -q)
echo "# SPEC<TAB>element (cycles, 1-based)<TAB>Length(Factorization(G, g)) by GAP $version; made by tests/data/factor_gap.sh"
for spec in tests/data/m11.gens tests/data/m12.gens tests/data/psl2_61.gens tests/data/m22.gens tests/data/m23.gens tests/data/m24.gens tests/data/cube3_ru.gens cube2 cube3; do
    ( printf 'SizeScreen([4096, 24]);;\n'; "$bin" export "$spec" --gap; cat <<GAP
Reset(GlobalMersenneTwister, 40);;
for i in [1..20] do
  g := Random(G);;
  Print("$spec\t", g, "\t", Length(Factorization(G, g)), "\n");
od;
GAP
    ) | gap -q -o 4g | grep -v '^$' | sed 's/ //g; s/^\([^\t]*\)\t/\1\t/'
done
