# The tile sets in data/tiles/, in the order of the tile rows (the TileType index): the base
# game first, so that A..X stay 0..23. Included by CMakeLists.txt and GenerateTiles.cmake.
set(CARC_TILE_SET_NAMES base abbot river inns_and_cathedrals traders_and_builders princess_and_dragon tower abbey_and_mayor)
