# Times GAP's Size(Group(gens)) on one .gens file; GensFile is set by the runner.
# Prints "FILE SIZE MILLISECONDS". Parsing happens before the clock starts, and the
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
gens := ReadGens(GensFile);;
t0 := NanosecondsSinceEpoch();;
s := Size(Group(gens));;
t1 := NanosecondsSinceEpoch();;
Print(GensFile, " ", s, " ", Float((t1 - t0) / 1000000), "\n");
QUIT;
