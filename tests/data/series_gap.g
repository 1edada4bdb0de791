# Writes tests/data/series_gap.txt: for each .gens file below, GAP's values of the
# facts `permlab` computes in src/group/{composition,chief,normalizer}.rs, one line
#   file | order | composition factor orders | chief factor orders | socle order | |N_G(<g1>)|
# with the factor orders sorted increasingly (Jordan–Hölder: the multiset of
# composition factors, and that of chief factors, does not depend on the series).
# Run from the repository root:  gap -q -b tests/data/series_gap.g   (GAP 4.12)
ReadGens := function(path)
  local l, i, gens;
  gens := [];
  for l in SplitString(StringFile(path), "\n") do
    i := Position(l, ':');
    if Length(l) > 0 and l[1] <> '#' and i <> fail
       and not StartsWith(l, "degree") and not StartsWith(l, "metric") then
      Add(gens, EvalString(l{[i + 1 .. Length(l)]}));
    fi;
  od;
  return gens;
end;

FactorOrders := function(series)
  return SortedList(List([1 .. Length(series) - 1],
    i -> Size(series[i]) / Size(series[i + 1])));
end;

Joined := l -> JoinStringsWithSeparator(List(l, String), ",");

out := OutputTextFile("tests/data/series_gap.txt", false);
SetPrintFormattingStatus(out, false);
AppendTo(out, "# written by tests/data/series_gap.g (GAP ", GAPInfo.Version, ")\n");
for f in ["psl2_7", "m11", "m12", "m22", "psl2_61", "wreath_s5_s6", "two_orbits_9",
          "mixed_centres", "example", "cube2_ruf", "cube3_ru"] do
  gens := ReadGens(Concatenation("tests/data/", f, ".gens"));
  G := Group(gens);
  AppendTo(out, f, ".gens|", Size(G), "|", Joined(FactorOrders(CompositionSeries(G))),
    "|", Joined(FactorOrders(ChiefSeries(G))), "|", Size(Socle(G)), "|",
    Size(Normalizer(G, Subgroup(G, [gens[1]]))), "\n");
od;
CloseStream(out);
QUIT;
