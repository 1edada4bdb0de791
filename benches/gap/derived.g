# Times GAP's Size(DerivedSubgroup(Group(gens))) on one .gens file (GensFile is set by run.sh; ReadGens and TimeBest
# come from readgens.g and timing.g). Prints "FILE VALUE MILLISECONDS", VALUE being
# the order of the derived subgroup.
SetPrintFormattingStatus("*stdout*", false);
gens := ReadGens(GensFile);;
r := TimeBest(function() return Size(DerivedSubgroup(Group(gens))); end);;
Print(GensFile, " ", r[1], " ", r[2], "\n");
QUIT;
