# The 3x3x3 cube from geometry: must number its stickers and turn them exactly as the
# built-in cube3 does (tests/geometry_puzzles.rs checks it).
shape cube
faces U L F R B D
cut faces 1/3
move U U 1/3 inf
move D D 1/3 inf
move F F 1/3 inf
move B B 1/3 inf
move R R 1/3 inf
move L L 1/3 inf
extra M L -1/3 1/3
extra E D -1/3 1/3
extra S F -1/3 1/3
extra x R -inf inf
extra y U -inf inf
extra z F -inf inf
