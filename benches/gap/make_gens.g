# Writes the generator sets of tests/data/*.gens that come from GAP.
# Run from the repository root:  gap -q -b benches/gap/make_gens.g
# (GAP 4.12; the random generators use a fixed seed, so the files are reproducible.)
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

for n in [11, 12, 22, 23, 24] do
  WriteGens(Concatenation("tests/data/m", String(n), ".gens"),
    Concatenation("Mathieu group M", String(n), ": GAP's MathieuGroup(", String(n), ") generators; order ",
      String(Size(MathieuGroup(n)))),
    GeneratorsOfGroup(MathieuGroup(n)));
od;

W := WreathProduct(SymmetricGroup(5), SymmetricGroup(6));
WriteGens("tests/data/wreath_s5_s6.gens",
  Concatenation("S5 wr S6 in its imprimitive action on 30 points (GAP WreathProduct); order ", String(Size(W))),
  GeneratorsOfGroup(W));

P := PSL(2, 509);
WriteGens("tests/data/psl2_509.gens",
  Concatenation("PSL(2,509) on the 510 points of the projective line, primitive; order ", String(Size(P))),
  GeneratorsOfGroup(P));

A := Action(AlternatingGroup(33), Combinations([1..33], 2), OnSets);
WriteGens("tests/data/a33_on_pairs.gens",
  Concatenation("A33 acting on the 528 unordered pairs of 1..33, primitive; order 33!/2 = ", String(Factorial(33)/2)),
  GeneratorsOfGroup(A));

Reset(GlobalMersenneTwister, 20261122);
repeat
  g := [Random(SymmetricGroup(100)), Random(SymmetricGroup(100))];
until Size(Group(g)) = Factorial(100);
WriteGens("tests/data/s100_random.gens",
  "S100 from two random elements (GAP Random, seed 20261122); order 100!", g);
repeat
  g := [Random(AlternatingGroup(101)), Random(AlternatingGroup(101))];
until Size(Group(g)) = Factorial(101)/2;
WriteGens("tests/data/a101_random.gens",
  "A101 from two random even elements (GAP Random, seed 20261122); order 101!/2", g);

WriteGens("tests/data/s1000.gens", "S1000 from (1,2) and (1,2,...,1000); order 1000! (2568 digits)",
  [(1,2), PermList(Concatenation([2..1000], [1]))]);
QUIT;
