# Times GAP's Size(Group(gens)) on one .gens file; GensFile is set by the runner.
# Prints "FILE SIZE MILLISECONDS" (the best of up to 3 runs). Parsing happens before the clock starts, and the
# clock runs inside GAP, so GAP's start-up time is not counted.
# ReadGens comes from readgens.g (the runner reads it first)
SetPrintFormattingStatus("*stdout*", false);
gens := ReadGens(GensFile);;
# best of up to 3 runs, each on a fresh group object (stop once 3 s have been spent)
best := -1.0;; spent := 0.0;; runs := 0;;
while runs < 3 and spent < 3000.0 do
  t0 := NanosecondsSinceEpoch();;
  s := Size(Group(gens));;
  t := Float((NanosecondsSinceEpoch() - t0) / 1000000);;
  if best < 0.0 or t < best then best := t;; fi;
  spent := spent + t;; runs := runs + 1;;
od;
Print(GensFile, " ", s, " ", best, "\n");
QUIT;
