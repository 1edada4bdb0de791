# Writes the high-degree groups of `permlab bench groups` that no built-in family
# gives as a file: S20 on the 1140 3-subsets of 1..20, M23 on the 1771 3-subsets of
# 1..23 and PSL(3,31) on the 993 points of the projective plane over GF(31).
# Run from the repository root:  gap -q -b tests/data/gap_bench_groups.g
# (GAP 4.12; no random choices, so the files are reproducible.)
WriteGens := function(path, comment, gens)
  local out, i, n, s;
  n := Maximum(List(gens, LargestMovedPoint));
  out := OutputTextFile(path, false);
  SetPrintFormattingStatus(out, false);
  AppendTo(out, "# ", comment, "\n", "degree: ", n, "\n");
  for i in [1..Length(gens)] do
    s := Filtered(String(gens[i]), c -> not c in " \n\\");
    AppendTo(out, "g", i, ": ", s, "\n");
  od;
  CloseStream(out);
end;

S := Action(SymmetricGroup(20), Combinations([1..20], 3), OnSets);
WriteGens("tests/data/s20_on_3sets.gens",
  Concatenation("S20 acting on the 1140 3-subsets of 1..20 (GAP Action on Combinations), primitive; order 20! = ",
    String(Size(S))),
  GeneratorsOfGroup(S));

M := Action(MathieuGroup(23), Combinations([1..23], 3), OnSets);
WriteGens("tests/data/m23_on_3sets.gens",
  Concatenation("M23 acting on the 1771 3-subsets of 1..23 (GAP Action on Combinations), primitive; order ",
    String(Size(M))),
  GeneratorsOfGroup(M));

P := PSL(3, 31);
WriteGens("tests/data/psl3_31.gens",
  Concatenation("PSL(3,31) on the 993 points of the projective plane over GF(31) (GAP PSL(3,31)), primitive; order ",
    String(Size(P))),
  GeneratorsOfGroup(P));
QUIT;
