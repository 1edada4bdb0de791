# The facts `permlab group` prints, computed by GAP on one .gens file (GensFile is set
# by run.sh; ReadGens comes from readgens.g): order, orbits, transitivity, structure
# description, derived series, centre, primitivity, solvability, composition series,
# on a fresh group object, timed once inside GAP (start-up and parsing excluded).
# Prints "FILE MILLISECONDS DERIVED_ORDERS CENTRE_ORDER PRIMITIVE SOLVABLE", the
# derived series' orders joined by commas.
SetPrintFormattingStatus("*stdout*", false);
gens := ReadGens(GensFile);;
t0 := NanosecondsSinceEpoch();;
G := Group(gens);;
size := Size(G);;
orbits := Orbits(G, MovedPoints(G));;
transitive := IsTransitive(G, MovedPoints(G));;
structure := StructureDescription(G);;
derived := List(DerivedSeriesOfGroup(G), Size);;
centre := Size(Centre(G));;
primitive := IsPrimitive(G, [1..LargestMovedPoint(G)]);;
solvable := IsSolvable(G);;
composition := List(CompositionSeries(G), Size);;
ms := Float((NanosecondsSinceEpoch() - t0) / 1000000);;
Print(GensFile, " ", ms, " ", JoinStringsWithSeparator(List(derived, String), ","), " ",
      centre, " ", primitive, " ", solvable, "\n");
QUIT;
