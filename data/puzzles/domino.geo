# Domino (2x3x3, a 3x3x2 cuboid): a cube cut by the planes at depth 1/3 parallel to
# the four side faces and by the horizontal plane through the centre, so U and D are
# 3x3 and every side face is 3 columns of 2 rows: 42 stickers. U and D turn a half
# 1/4 of a revolution, R L F B turn an outer side layer half a revolution. Faces in
# the order U L F R B D, each in reading order.
shape cube
faces U L F R B D
cut R 1/3
cut L 1/3
cut F 1/3
cut B 1/3
cut U 0
move U U 0 inf
move D D 0 inf
move R R 1/3 inf
move L L 1/3 inf
move F F 1/3 inf
move B B 1/3 inf
