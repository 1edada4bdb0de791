# Floppy cube (1x3x3): a cube cut by the planes at depth 1/3 parallel to the four side
# faces only, so U and D are 3x3 and every side face is three vertical strips: the
# 30 stickers of the 3x3x1 cuboid. Moves R L F B turn an outer side layer half a
# revolution (a quarter turn does not map stickers to stickers). Faces in the order
# U L F R B D, each in reading order.
shape cube
faces U L F R B D
cut R 1/3
cut L 1/3
cut F 1/3
cut B 1/3
move R R 1/3 inf
move L L 1/3 inf
move F F 1/3 inf
move B B 1/3 inf
