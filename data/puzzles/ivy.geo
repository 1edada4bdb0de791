# Ivy cube: four corners turn, each with the three petals (face centres) around it,
# 1/3 of a revolution. The real cut around a turning corner is curved: on each of
# the corner's three faces it runs from one neighbouring (non-turning) corner to the
# other, bowing towards the face's opposite corner, and it reaches no other face. Its
# trace on those faces is described here by a plane perpendicular to the corner axis,
# restricted with `on` to the three faces (a flat plane through the neighbouring
# corners, depth 1/sqrt(3), would cut the Dino cube instead). At depth
# (1 - 1/2)/sqrt(3) each face is cut into a petal |diagonal| < 1/2 between its two
# non-turning corners and two corner pieces, 18 stickers: 6 petals and 4 corners of
# 3 stickers (the 4 non-turning corners are the petals' tips).
# Moves are named by their corner (URF, ULB, DRB, DLF: no two share an edge), each
# clockwise seen from that corner. Faces in the order U L F R B D.
shape cube
faces U L F R B D
cut U+R+F 0.288675134594813 on U R F
cut U+L+B 0.288675134594813 on U L B
cut D+R+B 0.288675134594813 on D R B
cut D+L+F 0.288675134594813 on D L F
move URF U+R+F 0.288675134594813 inf 3 on U R F
move ULB U+L+B 0.288675134594813 inf 3 on U L B
move DRB D+R+B 0.288675134594813 inf 3 on D R B
move DLF D+L+F 0.288675134594813 inf 3 on D L F
