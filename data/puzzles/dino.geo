# Dino cube: a cube cut by the planes through the three neighbours of each corner
# (depth 1/sqrt(3) on the corner axes, twsearch's "c v 0.577350269189626"), so each
# face is cut along both diagonals into 4 triangles (24 stickers, the 12 edge pieces).
# Moves turn the three edges around a corner 1/3 of a revolution, named by the
# corner. Faces in the order U L F R B D, each in reading order.
shape cube
faces U L F R B D
cut vertices 0.577350269189626
move UFR U+F+R 0.577350269189626 inf
move UFL U+F+L 0.577350269189626 inf
move UBR U+B+R 0.577350269189626 inf
move UBL U+B+L 0.577350269189626 inf
move DFR D+F+R 0.577350269189626 inf
move DFL D+F+L 0.577350269189626 inf
move DBR D+B+R 0.577350269189626 inf
move DBL D+B+L 0.577350269189626 inf
