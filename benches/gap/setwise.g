# Times GAP's Stabilizer(G, set, OnSets) on one .gens file whose last generator is a
# cycle through the set and whose other generators generate G (GensFile is set by
# run.sh; ReadGens and TimeBest come from readgens.g and timing.g). Prints "FILE ORDER
# MILLISECONDS".
SetPrintFormattingStatus("*stdout*", false);
gens := ReadGens(GensFile);;
set := MovedPoints(gens[Length(gens)]);;
r := TimeBest(function() return Size(Stabilizer(Group(gens{[1..Length(gens)-1]}), set, OnSets)); end);;
Print(GensFile, " ", r[1], " ", r[2], "\n");
QUIT;
