# Times GAP's IsPrimitive(Group(gens), MovedPoints(gens)) on one .gens file (GensFile is set by run.sh; ReadGens and TimeBest
# come from readgens.g and timing.g). Prints "FILE VALUE MILLISECONDS", VALUE being
# whether the group is primitive on its moved points.
SetPrintFormattingStatus("*stdout*", false);
gens := ReadGens(GensFile);;
r := TimeBest(function() return IsPrimitive(Group(gens), MovedPoints(gens)); end);;
Print(GensFile, " ", r[1], " ", r[2], "\n");
QUIT;
