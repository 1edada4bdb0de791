# Times GAP's Size(Group(gens)) on one .gens file; GensFile is set by the runner.
# Prints "FILE SIZE MILLISECONDS" (the best of up to 3 runs). Parsing happens before the clock starts, and the
# clock runs inside GAP, so GAP's start-up time is not counted.
ReadGens := function(path)
  local f, line, gens, pos, name;
  f := InputTextFile(path);
  gens := [];
  while true do
    line := ReadLine(f);
    if line = fail then break; fi;
    pos := Position(line, '#');
    if pos <> fail then line := line{[1..pos-1]}; fi;
    line := Filtered(line, c -> not c in " \t\r\n");
    if line = "" then continue; fi;
    pos := Position(line, ':');
    name := line{[1..pos-1]};
    if name <> "degree" then
      Add(gens, EvalString(line{[pos+1..Length(line)]}));
    fi;
  od;
  CloseStream(f);
  return gens;
end;
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
