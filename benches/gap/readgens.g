# ReadGens(path): the generators of a .gens file as a list of permutations (the
# header lines "degree:", "metric:" and "identical:" and comments skipped). Read by benches/gap/run.sh before each script.
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
    if not name in ["degree", "metric", "identical"] then
      Add(gens, EvalString(line{[pos+1..Length(line)]}));
    fi;
  od;
  CloseStream(f);
  return gens;
end;
