# Skewb: a cube cut by the four planes through its centre perpendicular to the
# corner axes; moves turn half the cube 1/3 of a revolution about a corner. Moves
# in WCA notation (Regulation 12h): R turns the DRB corner, U the ULB corner, L the
# DLF corner, B the DLB corner, each clockwise seen from that corner. The UFR corner
# never moves: positions count with one corner fixed (3,149,280).
# 30 stickers: 5 a face (4 corner triangles and the centre square), faces in the
# order U L F R B D, each in reading order.
shape cube
faces U L F R B D
cut vertices 0
move R D+R+B 0 inf
move U U+L+B 0 inf
move L D+L+F 0 inf
move B D+L+B 0 inf
