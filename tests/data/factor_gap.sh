#!/bin/sh
# Writes tests/data/factor_gap.txt: for each group below, 20 random elements (GAP's
# Random(G) after Reset(GlobalMersenneTwister, 40)) in cycle notation with the length of
# GAP's Factorization(G, g) (Length of the word: each generator occurrence counts 1,
# so x^2 counts 2 and x^-1 counts 1), from `permlab export SPEC --gap`. Factorization
# enumerates small groups and gives up on large ones (cube3: it asks for 5 TB), so for
# groups of 10^10 elements or more the length is that of
# PreImagesRepresentative(EpimorphismFromFreeGroup(G), g), GAP's words through the
# stabilizer chain (the "about 97" of issue 40).
# Run from the crate root after `cargo build --release`:
#   sh tests/data/factor_gap.sh > tests/data/factor_gap.txt
# tests/it/shortwords.rs (factor_words_of_gap_s_elements) factors the same elements and
# checks every word; `factor_gap_lengths` there prints the mean lengths side by side.
set -e
bin=${PERMLAB:-target/release/permlab}
version=$(printf 'Print(GAPInfo.Version);\n' | gap -q)
[ -n "$SPECS" ] || echo "# SPEC<TAB>element (cycles, 1-based)<TAB>GAP $version word length (Factorization, or PreImagesRepresentative(EpimorphismFromFreeGroup(G), g) from 10^10 elements); made by tests/data/factor_gap.sh"
# (M24, cube2 and the <R,U> group are left out: GAP's Factorization enumerates groups
# of their size, which took over 40 minutes for M24.) SPECS overrides the list.
specs=${SPECS:-"tests/data/m11.gens tests/data/m12.gens tests/data/psl2_61.gens tests/data/m22.gens tests/data/m23.gens cube3"}
for spec in $specs; do
    ( printf 'SizeScreen([4096, 24]);;\n'; "$bin" export "$spec" --gap; cat <<GAP
Reset(GlobalMersenneTwister, 40);;
for i in [1..20] do
  g := Random(G);;
  if Size(G) < 10^10 then
    w := Factorization(G, g);;
  else
    w := PreImagesRepresentative(EpimorphismFromFreeGroup(G), g);;
  fi;
  Print("$spec\t", g, "\t", Length(w), "\n");
od;
GAP
    ) | gap -q -o 4g | grep -v '^$' | sed 's/ //g; s/^\([^\t]*\)\t/\1\t/'
done
