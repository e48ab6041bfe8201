// The generated tile rows of every set (carcassonne/tile_data.hpp, from data/tiles/*.json)
// against the contract's numbers: tiles and types per set, goods, which tiles carry inns,
// cathedrals, gardens and inner fields; and the rows' own consistency: segments agree with
// the edge letters, fields partition the half-edges, garden copies have their letter's layout.
#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <string_view>

#include "carcassonne/carcassonne.hpp"

using namespace carc::tiles;
using raw::kTiles;
using raw::TileSet;

namespace {

using Ids = std::set<std::string>;

// Ids of the rows for which pred holds.
template <class Pred>
Ids ids_where(Pred pred) {
  Ids ids;
  for (const raw::Tile& t : kTiles)
    if (pred(t)) ids.insert(std::string(t.id));
  return ids;
}

int tiles_of(TileSet set) {
  int n = 0;
  for (const raw::Tile& t : kTiles) n += t.set == set ? t.count : 0;
  return n;
}

int bits(unsigned m) {
  int n = 0;
  for (; m; m &= m - 1) ++n;
  return n;
}

// The 8 half-edges (field mask bits) of the sides in an edge mask: side d holds bits 2d-1
// and 2d (mod 8), e.g. north holds NNW and NNE.
uint16_t halves_of_sides(unsigned sides) {
  uint16_t m = 0;
  for (int d = 0; d < 4; ++d)
    if (sides >> d & 1) m |= static_cast<uint16_t>((1u << (2 * d)) | (1u << ((2 * d + 7) % 8)));
  return m;
}

}  // namespace

TEST_CASE("tile data: each set has the contract's types and tiles, in the set order", "[tiles][data]") {
  struct Want {
    TileSet set;
    int first, types, tiles;
  };
  const Want want[] = {{TileSet::Base, 0, 24, 72},
                       {TileSet::Abbot, 24, 8, 8},
                       {TileSet::River, 32, 11, 12},
                       {TileSet::InnsAndCathedrals, 43, 17, 18},
                       {TileSet::TradersAndBuilders, 60, 24, 24},
                       {TileSet::PrincessAndDragon, 84, 29, 30},
                       {TileSet::Tower, 113, 17, 18},
                       {TileSet::AbbeyAndMayor, 130, 13, 18}};
  for (const Want& w : want) {
    INFO("set " << static_cast<int>(w.set));
    CHECK(raw::first_row(w.set) == w.first);
    CHECK(raw::rows_of(w.set) == w.types);
    CHECK(tiles_of(w.set) == w.tiles);
  }
  CHECK(raw::kTileRows == 143);
  // Abbey & Mayor: 12 land tiles, each once, and the abbey MA, one per player (6 at most).
  CHECK(kTiles[raw::find_tile("MA")].per_player == 1);
  CHECK(kTiles[raw::find_tile("MA")].count == 6);
  CHECK(ids_where([](const raw::Tile& t) { return t.per_player > 0; }) == Ids{"MA"});
  CHECK(raw::first_row(TileSet::Base) == 0);
  CHECK(kTiles[raw::find_tile("RA")].set == TileSet::River);
  CHECK(raw::find_tile("RF") == -1);  // picture F is the second RD
  CHECK(kTiles[raw::find_tile("RD")].count == 2);
  CHECK(kTiles[raw::find_tile("IK")].count == 2);
}

TEST_CASE("tile data: ids are unique and found by name", "[tiles][data]") {
  Ids seen;
  for (int i = 0; i < raw::kTileRows; ++i) {
    const std::string id(kTiles[i].id);
    INFO("row " << i << " id " << id);
    CHECK(seen.insert(id).second);
    CHECK(raw::find_tile(id) == i);
  }
  for (const char* unknown : {"", "a", "Y", "AA", "E_g", "E_G ", "I_", "TY"}) {
    INFO("'" << unknown << "'");
    CHECK(raw::find_tile(unknown) == -1);
  }
  // The engine's tile types are the rows, by name.
  for (int t = 0; t < carc::kTileTypes; ++t) {
    CHECK(carc::tile_name(static_cast<carc::TileType>(t)) == kTiles[t].id);
    CHECK(carc::tile_from_name(kTiles[t].id) == t);
  }
}

TEST_CASE("tile data: goods, inns, cathedrals, gardens, inner fields and monasteries are where the contract puts them",
          "[tiles][data]") {
  int goods[4] = {};
  for (const raw::Tile& t : kTiles)
    for (int c = 0; c < t.ncities; ++c) goods[static_cast<int>(t.cities[c].goods)] += t.count;
  CHECK(goods[static_cast<int>(raw::Goods::Wine)] == 9);
  CHECK(goods[static_cast<int>(raw::Goods::Grain)] == 6);
  CHECK(goods[static_cast<int>(raw::Goods::Cloth)] == 5);
  CHECK(ids_where([](const raw::Tile& t) {
          for (int c = 0; c < t.ncities; ++c)
            if (t.cities[c].goods != raw::Goods::None) return t.set != TileSet::TradersAndBuilders;
          return false;
        }).empty());

  CHECK(ids_where([](const raw::Tile& t) {
          for (int r = 0; r < t.nroads; ++r)
            if (t.roads[r].inn) return true;
          return false;
        }) == Ids{"IA", "IB", "IC", "IL", "IM", "IN"});
  CHECK(ids_where([](const raw::Tile& t) {
          for (int r = 0; r < t.nroads; ++r)
            if (t.roads[r].branching) return true;
          return false;
        }) == Ids{"MM"});
  CHECK(ids_where([](const raw::Tile& t) {
          for (int r = 0; r < t.nroads; ++r)
            if (t.roads[r].tunnel) return true;
          return false;
        }) == Ids{"DQ", "ML"});
  CHECK(ids_where([](const raw::Tile& t) {
          for (int c = 0; c < t.ncities; ++c)
            if (t.cities[c].cathedral) return true;
          return false;
        }) == Ids{"IK"});
  CHECK(ids_where([](const raw::Tile& t) { return t.garden; }) ==
        Ids{"E_G", "H_G", "I_G", "M_G", "N_G", "R_G", "U_G", "V_G", "RJ", "IB", "IH", "TK", "TU", "DB", "DJ", "OE", "OI", "MH"});
  CHECK(ids_where([](const raw::Tile& t) {
          for (int f = 0; f < t.nfields; ++f)
            if (t.fields[f].halves & raw::CF) return true;
          return false;
        }) == Ids{"IH", "TM", "TN", "TP", "TX", "DF", "OD", "MC", "ME"});
  // No tile has both a monastery and a garden: C names one of them.
  CHECK(ids_where([](const raw::Tile& t) { return t.monastery && t.garden; }).empty());
  CHECK(ids_where([](const raw::Tile& t) { return t.monastery && t.set != TileSet::Base; }) ==
        Ids{"RH", "RL", "ID", "TJ", "DO", "DP", "OJ", "MA", "MB"});
  // The river begins at the spring RA and ends at the lake RL.
  CHECK(ids_where([](const raw::Tile& t) { return t.nrivers && t.rivers[0].end == raw::RiverEnd::Spring; }) == Ids{"RA"});
  CHECK(ids_where([](const raw::Tile& t) { return t.nrivers && t.rivers[0].end == raw::RiverEnd::Lake; }) == Ids{"RL"});
  CHECK(ids_where([](const raw::Tile& t) { return t.nrivers > 0; }) ==
        Ids{"RA", "RB", "RC", "RD", "RE", "RG", "RH", "RI", "RJ", "RK", "RL"});
}

TEST_CASE("tile data: every segment agrees with the tile's edge letters", "[tiles][data]") {
  for (const raw::Tile& t : kTiles) {
    INFO("tile " << t.id);
    REQUIRE(t.edges.size() == 4);
    unsigned city = 0, road = 0, river = 0;
    for (int c = 0; c < t.ncities; ++c) {
      CHECK(t.cities[c].edges != 0);
      CHECK((city & t.cities[c].edges) == 0);  // no side in two cities
      city |= t.cities[c].edges;
    }
    for (int r = 0; r < t.nroads; ++r) {
      CHECK((road & t.roads[r].edges) == 0);
      road |= t.roads[r].edges;
      // A road reaches two edges, or one edge and an end inside the tile; a branching road
      // (the roundabout) three or more edges and no end.
      if (t.roads[r].branching) CHECK((bits(t.roads[r].edges) >= 3 && t.roads[r].end == raw::RoadEnd::None));
      else CHECK(bits(t.roads[r].edges) + (t.roads[r].end != raw::RoadEnd::None) == 2);
    }
    for (int r = 0; r < t.nrivers; ++r) {
      CHECK((river & t.rivers[r].edges) == 0);
      river |= t.rivers[r].edges;
      CHECK(bits(t.rivers[r].edges) + (t.rivers[r].end != raw::RiverEnd::None) == 2);
    }
    for (int d = 0; d < 4; ++d) {
      INFO("side " << "NESW"[d] << " '" << t.edges[d] << "'");
      const char want = t.edges[d];
      // The abbey edge (A), only on a tile held per player, which has no road, city or river.
      CHECK(std::string_view(t.per_player ? "A" : "CRFI").find(want) != std::string_view::npos);
      CHECK(bool(city >> d & 1) == (want == 'C'));
      CHECK(bool(road >> d & 1) == (want == 'R'));
      CHECK(bool(river >> d & 1) == (want == 'I'));
    }
  }
}

TEST_CASE("tile data: fields partition the half-edges beside roads, rivers and fields", "[tiles][data]") {
  for (const raw::Tile& t : kTiles) {
    INFO("tile " << t.id);
    unsigned city_sides = 0;
    for (int c = 0; c < t.ncities; ++c) city_sides |= t.cities[c].edges;
    uint16_t covered = 0;
    int inner = 0;
    for (int f = 0; f < t.nfields; ++f) {
      INFO("field " << f);
      const uint16_t halves = t.fields[f].halves;
      CHECK(halves != 0);
      CHECK((halves & ~(raw::kHalfEdges | raw::CF)) == 0);
      CHECK((covered & halves & raw::kHalfEdges) == 0);  // no half-edge in two fields
      covered |= halves & raw::kHalfEdges;
      inner += halves & raw::CF ? 1 : 0;
      CHECK(t.fields[f].touches < (1u << t.ncities));  // only cities the tile has
    }
    // Every half-edge of a side that is not city belongs to exactly one field (the abbey has
    // no field: a field ends at its edges).
    CHECK(covered == (t.per_player ? 0 : raw::kHalfEdges & ~halves_of_sides(city_sides)));
    CHECK(inner <= 1);
  }
}

TEST_CASE("tile data: each garden copy has the layout of its base letter", "[tiles][data]") {
  for (const raw::Tile& g : kTiles) {
    INFO("tile " << g.id);
    if (g.set != TileSet::Abbot) {
      CHECK(g.garden_copy_of.empty());
      continue;
    }
    const int b = raw::find_tile(g.garden_copy_of);
    REQUIRE(b >= 0);
    const raw::Tile& base = kTiles[b];
    CHECK(base.set == TileSet::Base);
    CHECK(std::string(base.id) + "_G" == std::string(g.id));
    CHECK(g.garden);
    CHECK(!base.garden);
    CHECK(g.count == 1);
    CHECK(base.count >= 2);  // the copy replaces one of them
    CHECK(g.edges == base.edges);
    CHECK(g.monastery == base.monastery);
    REQUIRE(g.ncities == base.ncities);
    for (int c = 0; c < g.ncities; ++c) {
      CHECK(g.cities[c].edges == base.cities[c].edges);
      CHECK(g.cities[c].shields == base.cities[c].shields);
      CHECK(g.cities[c].cathedral == base.cities[c].cathedral);
      CHECK(g.cities[c].goods == base.cities[c].goods);
    }
    REQUIRE(g.nroads == base.nroads);
    for (int r = 0; r < g.nroads; ++r) {
      CHECK(g.roads[r].edges == base.roads[r].edges);
      CHECK(g.roads[r].inn == base.roads[r].inn);
      CHECK(g.roads[r].end == base.roads[r].end);
    }
    CHECK(g.nrivers == 0);
    REQUIRE(g.nfields == base.nfields);
    for (int f = 0; f < g.nfields; ++f) {
      CHECK(g.fields[f].halves == base.fields[f].halves);
      CHECK(g.fields[f].touches == base.fields[f].touches);
    }
  }
}
