# Times GAP's Centralizer(G, x) on one .gens file whose last generator is x and whose
# other generators generate G; GensFile is set by the runner. Prints "FILE |C_G(x)|
# MILLISECONDS" (the best of up to 3 runs), the clock running inside GAP (start-up and
# parsing excluded).
# ReadGens comes from readgens.g (the runner reads it first)
SetPrintFormattingStatus("*stdout*", false);
gens := ReadGens(GensFile);;
# best of up to 3 runs, each on a fresh group object (stop once 3 s have been spent)
best := -1.0;; spent := 0.0;; runs := 0;;
while runs < 3 and spent < 3000.0 do
  t0 := NanosecondsSinceEpoch();;
  s := Size(Centralizer(Group(gens{[1..Length(gens)-1]}), gens[Length(gens)]));;
  t := Float((NanosecondsSinceEpoch() - t0) / 1000000);;
  if best < 0.0 or t < best then best := t;; fi;
  spent := spent + t;; runs := runs + 1;;
od;
Print(GensFile, " ", s, " ", best, "\n");
QUIT;
