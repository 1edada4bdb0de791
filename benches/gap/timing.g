# TimeBest(f): calls f() on fresh objects up to 3 times (stopping once 3 s have been
# spent) and returns [the value of the last call, the best time in milliseconds], the
# clock running inside GAP. Read by run.sh before every script.
TimeBest := function(f)
  local best, spent, runs, t0, t, v;
  best := -1.0; spent := 0.0; runs := 0;
  while runs < 3 and spent < 3000.0 do
    t0 := NanosecondsSinceEpoch();
    v := f();
    t := Float((NanosecondsSinceEpoch() - t0) / 1000000);
    if best < 0.0 or t < best then best := t; fi;
    spent := spent + t; runs := runs + 1;
  od;
  return [v, best];
end;;
