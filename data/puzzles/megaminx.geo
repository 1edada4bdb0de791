# Megaminx: a dodecahedron cut by planes parallel to every face at depth 0.7
# (twsearch's "d f 0.7"): 11 stickers a face (a centre, 5 edges, 5 corners), 132 in
# all. Every face turns 1/5 of a revolution clockwise seen from outside (its centre
# stays, so whole-puzzle rotations are not positions). Face names: U is the face
# with normal (1, phi, 0); around it clockwise seen from above F (normal (0, 1, phi)),
# L, BL, BR, R; D, B, DBR, DBL, DR, DL are opposite U, F, L, R, BL, BR.
# Stickers: faces in the dodecahedron's face order (F BL DR B U DBR L D R BR DL DBL),
# each in reading order.
shape dodecahedron
faces F BL DR B U DBR L D R BR DL DBL
cut faces 0.7
move U U 0.7 inf
move F F 0.7 inf
move R R 0.7 inf
move L L 0.7 inf
move BL BL 0.7 inf
move BR BR 0.7 inf
move D D 0.7 inf
move B B 0.7 inf
move DR DR 0.7 inf
move DL DL 0.7 inf
move DBR DBR 0.7 inf
move DBL DBL 0.7 inf
