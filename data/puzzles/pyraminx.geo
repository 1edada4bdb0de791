# Pyraminx: a tetrahedron (inradius 1, vertices at distance 3) cut on every vertex
# axis at depth 1/3 (the layers) and 5/3 (the tips), twsearch's
# "t v 0.333333333333333 v 1.66666666666667": every edge in three equal parts.
# Faces D L R F are the faces opposite the vertices U R L B (vertex directions
# (1,1,1), (1,-1,-1), (-1,1,-1), (-1,-1,1)). U L R B turn a vertex with its layer,
# u l r b the tip alone, each 1/3 of a revolution clockwise seen from the vertex.
# 36 stickers, 9 a face, faces in the order D L R F, each in reading order.
shape tetrahedron
faces D L R F
cut vertices 1/3 5/3
move U -D 1/3 inf
move L -R 1/3 inf
move R -L 1/3 inf
move B -F 1/3 inf
move u -D 5/3 inf
move l -R 5/3 inf
move r -L 5/3 inf
move b -F 5/3 inf
