# Pyraminx without tips (`pyraminx:notips`): the Pyraminx cut only into its layers
# (depth 1/3 on every vertex axis), so each tip is one piece with the axial centre
# under it. U L R B turn a vertex with its layer 1/3 of a revolution clockwise seen
# from the vertex (faces D L R F are opposite the vertices U R L B). 24 stickers, 6 a
# face, faces in the order D L R F, each in reading order.
shape tetrahedron
faces D L R F
cut vertices 1/3
move U -D 1/3 inf
move L -R 1/3 inf
move R -L 1/3 inf
move B -F 1/3 inf
