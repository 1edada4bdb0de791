# GAP's Factorization(G, g) on the positions of `permlab bench solve --suite`: GensFile
# is set by run.sh (ReadGens comes from readgens.g); the positions are read from
# GensFile with ".pos" appended, a GAP list `BenchPositions` of permutations. After each
# position it prints one line "FILE WORDS MILLISECONDS" holding every position so far
# (so a run stopped by the time or memory limit still reports the positions it
# finished): WORDS is one entry per position, separated by ";", each the exponent
# representation (ExtRepOfObj: generator, exponent, generator, exponent, ...) of the
# word, comma-separated ("e" for the empty word); MILLISECONDS likewise, the time of each Factorization call
# (the first includes building GAP's structures for the group).
SetPrintFormattingStatus("*stdout*", false);
gens := ReadGens(GensFile);;
Read(Concatenation(GensFile, ".pos"));;
G := Group(gens);;
words := [];; times := [];;
for g in BenchPositions do
  t0 := NanosecondsSinceEpoch();;
  w := Factorization(G, g);;
  t := Float((NanosecondsSinceEpoch() - t0) / 1000000);;
  r := ExtRepOfObj(w);;
  if r = [] then Add(words, "e"); else Add(words, JoinStringsWithSeparator(List(r, String), ",")); fi;
  Add(times, String(t));
  Print(GensFile, " ", JoinStringsWithSeparator(words, ";"), " ",
        JoinStringsWithSeparator(times, ";"), "\n");
od;
QUIT;
