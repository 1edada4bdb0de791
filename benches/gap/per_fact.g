# The facts `permlab group` prints, each computed alone on a fresh group object (so
# each includes GAP's stabilizer chain, as permlab's side builds a fresh group for each):
# order, derived series, centre, primitivity, solvability, composition series, structure
# description (last: the slowest on large groups). GensFile is set by run.sh; ReadGens
# comes from readgens.g. After each fact prints "FILE MS1 MS2 …", the milliseconds of
# the facts so far, so a run stopped at the timeout still reports the facts it finished.
SetPrintFormattingStatus("*stdout*", false);
gens := ReadGens(GensFile);;
facts := [
  G -> Size(G),
  G -> DerivedSeriesOfGroup(G),
  G -> Centre(G),
  G -> IsPrimitive(G, [1..LargestMovedPoint(G)]),
  G -> IsSolvable(G),
  G -> CompositionSeries(G),
  G -> StructureDescription(G)
];;
times := [];;
for f in facts do
  G := Group(gens);;
  t0 := NanosecondsSinceEpoch();;
  f(G);;
  Add(times, Float((NanosecondsSinceEpoch() - t0) / 1000000));;
  Print(GensFile, " ", JoinStringsWithSeparator(List(times, String), " "), "\n");
od;
QUIT;
