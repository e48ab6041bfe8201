// Perft-style counts: the number of legal placements and meeple options at every turn of
// fixed games, checked against a naive reference written from docs/rules.md and
// docs/tiles.md alone (its own tile table, a map for the board, union-find rebuilt from
// scratch every time), and the two compared turn by turn over many seeded random games:
// placements, meeple options, supplies and scores (with the rule options on and off).
// For the expansions: the size of the whole move tree (placements, figure actions, the
// builder's bonus decision) to a small depth from fixed draw orders, counted twice -- by the
// engine's listings and by a slow enumeration that tries every cell, rotation, figure and
// location through the check functions -- and pinned to golden numbers.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <array>
#include <map>
#include <numeric>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "carcassonne/carcassonne.hpp"
#include "random_play.hpp"
#include "rules_helpers.hpp"

using namespace carc;

namespace ref {

// ------------------------------------------------------------------ the tile table
// Transcribed from the table of docs/tiles.md. Locations: 0 = C, 1..4 = N E S W, 5..12 = NNE
// ENE ESE SSE SSW WSW WNW NNW. Features are separated by ';', a trailing '+' marks a
// shield, "> i j" lists the cities (by position) a field touches.
struct Spec {
  char letter;
  int count;
  const char* edges;  // N E S W
  bool monastery;
  const char* cities;
  const char* roads;
  const char* fields;
};
constexpr Spec kSpecs[24] = {
    {'A', 2, "FFRF", true, "", "S", "NNE ENE ESE SSE SSW WSW WNW NNW"},
    {'B', 4, "FFFF", true, "", "", "NNE ENE ESE SSE SSW WSW WNW NNW"},
    {'C', 1, "CCCC", false, "N E S W +", "", ""},
    {'D', 4, "CRFR", false, "N", "E W", "ENE WNW > 0; ESE SSE SSW WSW"},
    {'E', 5, "CFFF", false, "N", "", "ENE ESE SSE SSW WSW WNW > 0"},
    {'F', 2, "FCFC", false, "E W +", "", "NNE NNW > 0; SSE SSW > 0"},
    {'G', 1, "FCFC", false, "E W", "", "NNE NNW > 0; SSE SSW > 0"},
    {'H', 3, "CFCF", false, "N; S", "", "ENE ESE WSW WNW > 0 1"},
    {'I', 2, "CFFC", false, "N; W", "", "ENE ESE SSE SSW > 0 1"},
    {'J', 3, "CRRF", false, "N", "E S", "ENE SSW WSW WNW > 0; ESE SSE"},
    {'K', 3, "CFRR", false, "N", "S W", "ENE ESE SSE WNW > 0; SSW WSW"},
    {'L', 3, "CRRR", false, "N", "E; S; W", "ENE WNW > 0; ESE SSE; SSW WSW"},
    {'M', 2, "CCFF", false, "N E +", "", "SSE SSW WSW WNW > 0"},
    {'N', 3, "CCFF", false, "N E", "", "SSE SSW WSW WNW > 0"},
    {'O', 2, "CRRC", false, "N W +", "E S", "ENE SSW > 0; ESE SSE"},
    {'P', 3, "CRRC", false, "N W", "E S", "ENE SSW > 0; ESE SSE"},
    {'Q', 1, "CCFC", false, "N E W +", "", "SSE SSW > 0"},
    {'R', 3, "CCFC", false, "N E W", "", "SSE SSW > 0"},
    {'S', 2, "CCRC", false, "N E W +", "S", "SSE > 0; SSW > 0"},
    {'T', 1, "CCRC", false, "N E W", "S", "SSE > 0; SSW > 0"},
    {'U', 8, "RFRF", false, "", "N S", "NNE ENE ESE SSE; SSW WSW WNW NNW"},
    {'V', 9, "FFRR", false, "", "S W", "NNE ENE ESE SSE WNW NNW; SSW WSW"},
    {'W', 4, "FRRR", false, "", "E; S; W", "NNE ENE WNW NNW; ESE SSE; SSW WSW"},
    {'X', 1, "RRRR", false, "", "N; E; S; W", "WNW NNW; NNE ENE; ESE SSE; SSW WSW"},
};

const char* const kLocNames[13] = {"C", "N", "E", "S", "W", "NNE", "ENE", "ESE", "SSE", "SSW", "WSW", "WNW", "NNW"};

int loc_index(const std::string& s) {
  for (int i = 0; i < 13; ++i)
    if (s == kLocNames[i]) return i;
  return -1;
}

// Location after turning the tile r quarter turns clockwise.
int rotate_loc(int l, int r) {
  if (l == 0) return 0;
  if (l <= 4) return 1 + (l - 1 + r) % 4;
  return 5 + (l - 5 + 2 * r) % 8;
}

enum Kind { Road, City, Monastery, Field };

struct Seg {
  Kind kind;
  std::vector<int> locs;  // canonical
  int shields = 0;
  std::vector<int> touches;  // fields: indices (into segs) of the cities they border
};

struct Type {
  char letter;
  int count;
  std::array<char, 4> edges;
  std::vector<Seg> segs;
};

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s) {
    if (c == sep) {
      out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

std::vector<std::string> words(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

std::vector<Type> make_types() {
  std::vector<Type> types;
  for (const Spec& sp : kSpecs) {
    Type t{sp.letter, sp.count, {sp.edges[0], sp.edges[1], sp.edges[2], sp.edges[3]}, {}};
    if (sp.monastery) t.segs.push_back({Monastery, {0}, 0, {}});
    std::vector<int> city_index;
    for (const std::string& c : split(sp.cities, ';')) {
      Seg s{City, {}, 0, {}};
      for (const std::string& w : words(c)) {
        if (w == "+") s.shields = 1;
        else s.locs.push_back(loc_index(w));
      }
      city_index.push_back(static_cast<int>(t.segs.size()));
      t.segs.push_back(s);
    }
    for (const std::string& r : split(sp.roads, ';')) {
      Seg s{Road, {}, 0, {}};
      for (const std::string& w : words(r)) s.locs.push_back(loc_index(w));
      t.segs.push_back(s);
    }
    for (const std::string& f : split(sp.fields, ';')) {
      Seg s{Field, {}, 0, {}};
      bool touching = false;
      for (const std::string& w : words(f)) {
        if (w == ">") touching = true;
        else if (touching) s.touches.push_back(city_index.at(std::stoi(w)));
        else s.locs.push_back(loc_index(w));
      }
      t.segs.push_back(s);
    }
    types.push_back(t);
  }
  return types;
}

const std::vector<Type>& types() {
  static const std::vector<Type> t = make_types();
  return t;
}

// The picture of a tile turned r: its features with their board locations.
std::set<std::tuple<int, std::vector<int>, int>> picture(int type, int r) {
  std::set<std::tuple<int, std::vector<int>, int>> p;
  for (const Seg& s : types()[type].segs) {
    std::vector<int> locs;
    for (int l : s.locs) locs.push_back(rotate_loc(l, r));
    std::sort(locs.begin(), locs.end());
    p.insert({s.kind, locs, s.shields});
  }
  return p;
}

// Rotations of a type that show a picture no smaller rotation shows.
std::vector<int> find_distinct_rotations(int type) {
  std::vector<int> out;
  for (int r = 0; r < 4; ++r) {
    bool dup = false;
    for (int q : out) dup = dup || picture(type, q) == picture(type, r);
    if (!dup) out.push_back(r);
  }
  return out;
}
const std::vector<int>& distinct_rotations(int type) {
  static const auto all = [] {
    std::vector<std::vector<int>> v;
    for (int t = 0; t < 24; ++t) v.push_back(find_distinct_rotations(t));
    return v;
  }();
  return all[type];
}

// Edge letter a tile of `type` turned r shows on side d (0 N, 1 E, 2 S, 3 W).
char edge(int type, int r, int d) { return types()[type].edges[((d - r) % 4 + 4) % 4]; }

constexpr int kDx[4] = {0, 1, 0, -1};
constexpr int kDy[4] = {-1, 0, 1, 0};
// Half-edges that meet across side d: this tile's first, the neighbour's second.
constexpr int kHalfPairs[4][2][2] = {
    {{5, 8}, {12, 9}},   // N: NNE-SSE, NNW-SSW
    {{6, 11}, {7, 10}},  // E: ENE-WNW, ESE-WSW
    {{8, 5}, {9, 12}},   // S: SSE-NNE, SSW-NNW
    {{11, 6}, {10, 7}},  // W: WNW-ENE, WSW-ESE
};

using Cell = std::pair<int, int>;  // x, y
using Spot = std::tuple<int, int, int>;  // x, y, rotation

struct Tile {
  int type, rot;
};
struct Meeple {
  Cell cell;
  int seg;
  int player;
};

// A game as the rules describe it, kept as plainly as possible.
struct Game {
  int players;
  bool farmers;
  bool small_city = false;     // first edition: a 2-tile city scores 1 per tile + 1 per shield
  bool first_farmers = false;  // first edition: 4 per completed city to its farmer majority
  std::map<Cell, Tile> board;
  std::vector<Meeple> meeples;
  std::array<int, 6> supply{};
  std::array<int, 6> score{};
  int current = 0;

  Game(int n, bool farmers_on) : players(n), farmers(farmers_on) {
    board[{0, 0}] = Tile{3, 0};  // the start tile D
    for (int p = 0; p < n; ++p) supply[p] = 7;
  }

  // Every legal placement: every empty cell in the bounding box grown by one, every
  // rotation showing a distinct picture, every touching edge equal, at least one touching.
  std::set<Spot> placements(int type) const {
    int x0 = 0, x1 = 0, y0 = 0, y1 = 0;
    for (const auto& [c, t] : board) {
      x0 = std::min(x0, c.first), x1 = std::max(x1, c.first);
      y0 = std::min(y0, c.second), y1 = std::max(y1, c.second);
    }
    std::set<Spot> out;
    for (int y = y0 - 1; y <= y1 + 1; ++y)
      for (int x = x0 - 1; x <= x1 + 1; ++x) {
        if (board.count({x, y})) continue;
        for (int r : distinct_rotations(type)) {
          int touching = 0;
          bool fits = true;
          for (int d = 0; d < 4; ++d) {
            const auto n = board.find({x + kDx[d], y + kDy[d]});
            if (n == board.end()) continue;
            ++touching;
            fits = fits && edge(type, r, d) == edge(n->second.type, n->second.rot, (d + 2) % 4);
          }
          if (touching > 0 && fits) out.insert({x, y, r});
        }
      }
    return out;
  }

  // The segment of the tile at c that a board location names, or -1.
  int seg_at(Cell c, int loc) const {
    const Tile& t = board.at(c);
    const auto& segs = types()[t.type].segs;
    for (size_t i = 0; i < segs.size(); ++i)
      for (int l : segs[i].locs)
        if (rotate_loc(l, t.rot) == loc) return static_cast<int>(i);
    return -1;
  }

  // Connected features: union-find over (cell, segment), built from scratch.
  struct Features {
    std::map<std::pair<Cell, int>, int> id;
    std::vector<int> parent;
    int find(int a) {
      while (parent[a] != a) a = parent[a];
      return a;
    }
    void unite(int a, int b) { parent[find(a)] = find(b); }
    int of(Cell c, int seg) { return find(id.at({c, seg})); }
  };
  Features features() const {
    Features f;
    for (const auto& [c, t] : board)
      for (size_t i = 0; i < types()[t.type].segs.size(); ++i) {
        f.id[{c, static_cast<int>(i)}] = static_cast<int>(f.parent.size());
        f.parent.push_back(static_cast<int>(f.parent.size()));
      }
    for (const auto& [c, t] : board)
      for (int d = 0; d < 4; ++d) {
        const Cell n{c.first + kDx[d], c.second + kDy[d]};
        if (!board.count(n)) continue;
        const int a = seg_at(c, 1 + d), b = seg_at(n, 1 + (d + 2) % 4);
        if (a >= 0 && b >= 0) f.unite(f.id.at({c, a}), f.id.at({n, b}));
        for (const auto& pair : kHalfPairs[d]) {
          const int fa = seg_at(c, pair[0]), fb = seg_at(n, pair[1]);
          if (fa >= 0 && fb >= 0) f.unite(f.id.at({c, fa}), f.id.at({n, fb}));
        }
      }
    return f;
  }

  Kind kind(Cell c, int seg) const { return types()[board.at(c).type].segs[seg].kind; }

  int neighbours8(Cell c) const {
    int n = 0;
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) n += (dx || dy) && board.count({c.first + dx, c.second + dy});
    return n;
  }

  // Complete: a road or city with every edge it reaches matched; a monastery surrounded.
  bool complete(Features& f, Cell c, int seg) const {
    const Kind k = kind(c, seg);
    if (k == Field) return false;
    if (k == Monastery) return neighbours8(c) == 8;
    const int root = f.of(c, seg);
    for (const auto& [key, node] : f.id) {
      if (f.find(node) != root) continue;
      const Tile& t = board.at(key.first);
      for (int l : types()[t.type].segs[key.second].locs) {
        const int side = rotate_loc(l, t.rot) - 1;
        if (!board.count({key.first.first + kDx[side], key.first.second + kDy[side]})) return false;
      }
    }
    return true;
  }

  // Meeple choices on the tile at c: each feature once, by its first location.
  std::vector<int> meeple_options(Cell c) const {
    std::vector<int> out;
    if (supply[current] == 0) return out;
    Features f = features();
    std::set<int> seen;
    for (int l = 0; l < 13; ++l) {
      const int seg = seg_at(c, l);
      if (seg < 0) continue;
      const int root = f.of(c, seg);
      if (!seen.insert(root).second) continue;
      if (kind(c, seg) == Field && !farmers) continue;
      bool occupied = false;
      for (const Meeple& m : meeples) occupied = occupied || f.of(m.cell, m.seg) == root;
      if (!occupied) out.push_back(l);
    }
    return out;
  }

  // The (cell, segment) pieces of the feature with this root.
  static std::vector<std::pair<Cell, int>> pieces(Features& f, int root) {
    std::vector<std::pair<Cell, int>> out;
    for (const auto& [key, node] : f.id)
      if (f.find(node) == root) out.push_back(key);
    return out;
  }
  int tiles_in(Features& f, int root) const {
    std::set<Cell> cells;
    for (const auto& [c, seg] : pieces(f, root)) cells.insert(c);
    return static_cast<int>(cells.size());
  }
  int shields_in(Features& f, int root) const {
    int n = 0;
    for (const auto& [c, seg] : pieces(f, root)) n += types()[board.at(c).type].segs[seg].shields;
    return n;
  }

  // Points to every player with the most meeples among `ms` (none if there are none).
  void award(const std::vector<Meeple>& ms, int points) {
    std::array<int, 6> n{};
    for (const Meeple& m : ms) n[m.player]++;
    const int most = *std::max_element(n.begin(), n.end());
    if (most == 0) return;
    for (int p = 0; p < players; ++p)
      if (n[p] == most) score[p] += points;
  }

  // One turn: the tile, an optional meeple (location or -1), then every completed
  // feature that holds meeples scores and its meeples go home; next player.
  void play(int type, Spot s, int loc) {
    const Cell c{std::get<0>(s), std::get<1>(s)};
    board[c] = Tile{type, std::get<2>(s)};
    if (loc >= 0) {
      meeples.push_back({c, seg_at(c, loc), current});
      supply[current]--;
    }
    Features f = features();
    std::map<int, std::vector<Meeple>> done;  // completed features by root
    std::vector<Meeple> kept;
    for (const Meeple& m : meeples) {
      if (complete(f, m.cell, m.seg)) done[f.of(m.cell, m.seg)].push_back(m);
      else kept.push_back(m);
    }
    for (const auto& [root, ms] : done) {
      const Kind k = kind(ms[0].cell, ms[0].seg);
      const int n = tiles_in(f, root), sh = shields_in(f, root);
      const int points = k == Road ? n : k == Monastery ? 9 : (small_city && n == 2) ? n + sh : 2 * (n + sh);
      award(ms, points);
      for (const Meeple& m : ms) supply[m.player]++;
    }
    meeples = kept;
    current = (current + 1) % players;
  }

  // End-game scoring of everything that still holds meeples.
  void end() {
    Features f = features();
    std::map<int, std::vector<Meeple>> held;
    for (const Meeple& m : meeples) held[f.of(m.cell, m.seg)].push_back(m);
    auto city_complete = [&](Cell c, int seg) { return complete(f, c, seg); };
    for (const auto& [root, ms] : held) {
      const Cell c0 = ms[0].cell;
      const Kind k = kind(c0, ms[0].seg);
      if (k == Road) award(ms, tiles_in(f, root));
      if (k == City) award(ms, tiles_in(f, root) + shields_in(f, root));
      if (k == Monastery) award(ms, 1 + neighbours8(c0));
      if (k == Field && !first_farmers) {
        std::set<int> cities;  // completed cities the field touches, each once
        for (const auto& [c, seg] : pieces(f, root))
          for (int city : types()[board.at(c).type].segs[seg].touches)
            if (city_complete(c, city)) cities.insert(f.of(c, city));
        award(ms, 3 * static_cast<int>(cities.size()));
      }
    }
    if (!first_farmers || !farmers) return;
    std::set<int> cities_done;
    for (const auto& [key, node] : f.id) {
      const auto& [c, seg] = key;
      if (kind(c, seg) != City || !city_complete(c, seg)) continue;
      const int city = f.find(node);
      if (!cities_done.insert(city).second) continue;
      std::set<int> fields;  // every field that borders a piece of this city
      for (const auto& [pc, pseg] : pieces(f, city)) {
        const auto& segs = types()[board.at(pc).type].segs;
        for (size_t i = 0; i < segs.size(); ++i)
          if (std::count(segs[i].touches.begin(), segs[i].touches.end(), pseg))
            fields.insert(f.of(pc, static_cast<int>(i)));
      }
      std::vector<Meeple> farmers_there;
      for (const Meeple& m : meeples)
        if (kind(m.cell, m.seg) == Field && fields.count(f.of(m.cell, m.seg))) farmers_there.push_back(m);
      award(farmers_there, 4);
    }
  }
};

}  // namespace ref

namespace {

std::set<ref::Spot> engine_placements(const carc::Game& g) {
  Placement buf[kMaxPlacements];
  const int n = g.legal_placements(buf);
  std::set<ref::Spot> s;
  for (int i = 0; i < n; ++i) s.insert({buf[i].x, buf[i].y, buf[i].rot});
  CHECK(s.size() == static_cast<size_t>(n));
  return s;
}

std::vector<int> engine_options(const carc::Game& g) {
  Location buf[kMaxMeepleOptions];
  const int n = g.meeple_options(buf);
  std::vector<int> v;
  for (int i = 0; i < n; ++i) v.push_back(static_cast<int>(buf[i]));
  return v;
}

struct Count {
  int placements, meeples;
  bool operator==(const Count&) const = default;
};

std::ostream& operator<<(std::ostream& os, const Count& c) { return os << "{" << c.placements << "," << c.meeples << "}"; }

// Chooses a placement (index into the reference's list sorted by y, then x, then
// rotation) and a meeple (index into the options; options.size() means none).
struct Policy {
  virtual ~Policy() = default;
  virtual size_t placement(int turn, const std::vector<ref::Spot>& sorted) = 0;
  virtual size_t meeple(int turn, size_t k) = 0;
};

// The fixed policy of the golden counts: placement (5 * turn) mod n, meeple turn mod (k+1).
struct Fixed : Policy {
  size_t placement(int turn, const std::vector<ref::Spot>& sorted) override {
    return (5 * static_cast<size_t>(turn)) % sorted.size();
  }
  size_t meeple(int turn, size_t k) override { return static_cast<size_t>(turn) % (k + 1); }
};

struct Random : Policy {
  Rng rng;
  explicit Random(uint64_t seed) : rng(seed) {}
  size_t placement(int, const std::vector<ref::Spot>& sorted) override {
    return rng.below(static_cast<uint32_t>(sorted.size()));
  }
  size_t meeple(int, size_t k) override { return rng.below(static_cast<uint32_t>(k + 1)); }
};

// Always the placement farthest in one direction (x east, y south): the board stretches
// as far as the tiles allow, to where the engine's fixed-size board must still hold.
struct Farthest : Random {
  int dx, dy;
  Farthest(uint64_t seed, int dx_, int dy_) : Random(seed), dx(dx_), dy(dy_) {}
  size_t placement(int, const std::vector<ref::Spot>& sorted) override {
    size_t best = 0;
    for (size_t i = 1; i < sorted.size(); ++i)
      if (dx * std::get<0>(sorted[i]) + dy * std::get<1>(sorted[i]) >
          dx * std::get<0>(sorted[best]) + dy * std::get<1>(sorted[best]))
        best = i;
    return best;
  }
};

// Plays a draw order through the engine and the reference side by side, checking at every
// turn that they agree on the tile drawn (and the tiles discarded), the player, the set of
// legal placements, the meeple options (in listing order), every supply and every score.
// Returns the counts per turn {legal placements, meeple options}.
std::vector<Count> perft(int players, const std::vector<TileType>& order, Options opt, Policy& policy,
                         int* reach = nullptr) {
  carc::Game g(players, order, opt);
  ref::Game r(players, opt.farmers);
  r.small_city = opt.first_edition_small_city;
  r.first_farmers = opt.first_edition_farmers;
  std::vector<Count> counts;
  size_t next = 0;  // next draw
  int turn = 0, discards = 0;
  while (true) {
    // Draw like the rules: a tile that fits nowhere goes back to the box.
    int type = -1;
    std::set<ref::Spot> spots;
    while (next < order.size()) {
      type = order[next++];
      spots = r.placements(type);
      if (!spots.empty()) break;
      CHECK(g.discarded(static_cast<int>(next) - 1));
      ++discards;
      type = -1;
    }
    if (type < 0) {
      REQUIRE(g.over());
      r.end();
      for (int p = 0; p < players; ++p) CHECK(g.score(p) == r.score[p]);
      break;
    }
    INFO("turn " << turn << ", tile " << tile_letter(static_cast<TileType>(type)));
    REQUIRE_FALSE(g.over());
    REQUIRE(g.current_tile() == type);
    REQUIRE(g.current_player() == r.current);
    REQUIRE(engine_placements(g) == spots);
    std::vector<ref::Spot> sorted(spots.begin(), spots.end());
    std::sort(sorted.begin(), sorted.end(), [](const ref::Spot& a, const ref::Spot& b) {
      return std::tie(std::get<1>(a), std::get<0>(a), std::get<2>(a)) <
             std::tie(std::get<1>(b), std::get<0>(b), std::get<2>(b));
    });
    const ref::Spot s = sorted[policy.placement(turn, sorted)];
    const ref::Cell cell{std::get<0>(s), std::get<1>(s)};
    REQUIRE(g.place(Placement{static_cast<int8_t>(cell.first), static_cast<int8_t>(cell.second),
                              static_cast<uint8_t>(std::get<2>(s))}) == Status::Ok);
    r.board[cell] = ref::Tile{type, std::get<2>(s)};
    const std::vector<int> options = r.meeple_options(cell);
    r.board.erase(cell);
    REQUIRE(engine_options(g) == options);
    const size_t pick = policy.meeple(turn, options.size());
    const int loc = pick < options.size() ? options[pick] : -1;
    REQUIRE(g.deploy(loc < 0 ? Location::None : static_cast<Location>(loc)) == Status::Ok);
    r.play(type, s, loc);
    for (int p = 0; p < players; ++p) {
      REQUIRE(g.supply(p) == r.supply[p]);
      if (!g.over()) REQUIRE(g.score(p) == r.score[p]);  // at the end, after end scoring
    }
    counts.push_back({static_cast<int>(spots.size()), static_cast<int>(options.size())});
    ++turn;
  }
  CHECK(g.board().tile_count() == static_cast<int>(r.board.size()));
  CHECK(g.discard_count() == discards);
  CHECK(turn + discards == static_cast<int>(order.size()));
  if (reach) {
    *reach = 0;
    for (const auto& [c, t] : r.board) *reach = std::max({*reach, std::abs(c.first), std::abs(c.second)});
  }
  return counts;
}

std::vector<TileType> tiles_of(const std::string& letters) {
  std::vector<TileType> v;
  for (char c : letters)
    if (c != ' ') v.push_back(tile_from_letter(c));
  return v;
}

}  // namespace

TEST_CASE("Reference: the naive placement list agrees with the hand-worked start position") {
  ref::Game r(2, true);
  // docs/tiles.md: U turned 90 fits the three non-city cells around the start tile; the city
  // cap fits on the start's city (180) and below the start tile turned 90, 180 or 270.
  CHECK(r.placements(20) == std::set<ref::Spot>{{1, 0, 1}, {0, 1, 1}, {-1, 0, 1}});
  CHECK(r.placements(4) == std::set<ref::Spot>{{0, -1, 2}, {0, 1, 1}, {0, 1, 2}, {0, 1, 3}});
  CHECK(ref::distinct_rotations(23) == std::vector<int>{0});        // X
  CHECK(ref::distinct_rotations(2) == std::vector<int>{0});         // C
  CHECK(ref::distinct_rotations(7) == std::vector<int>{0, 1});      // H
  CHECK(ref::distinct_rotations(0) == std::vector<int>{0, 1, 2, 3});  // A
}

TEST_CASE("Perft: a 15-tile draw order with crossings, monasteries and cities") {
  // Golden counts per turn {legal placements, meeple options}, from the reference above.
  // The first two by hand: X fits only the start tile's road ends, (-1,0) and (1,0), at
  // rotation 0; the policy takes (-1,0), where its 4 arms and 4 fields are all free (8);
  // a thief goes on its north arm. W then fits (1,0) at 0/90/180, (0,1) at 0, and the three
  // cells at X's free road ends at three rotations each: 13. The policy takes (-2,0) at
  // 270: its 3 arms and 3 fields are all free (6).
  const std::vector<Count> golden = {
      {2, 8}, {13, 6}, {11, 3}, {2, 1}, {1, 1}, {15, 7}, {13, 1}, {8, 3},
      {7, 2}, {16, 2}, {16, 4}, {9, 2}, {21, 1}, {20, 3}, {16, 1},
  };
  Fixed policy;
  const auto counts = perft(2, tiles_of("X W A B C L Q F U V K H E J S"), Options{}, policy);
  CHECK(counts == golden);
}

TEST_CASE("Perft: a whole box in a fixed order, 3 players, farmers off") {
  const std::string box = "UJBXUQHFLGNVARBHUVDJHKVVWIUVIOKVMUEW"
                          "TVWDPERWSCNFENEBVEUMUBRKDULALOJPSVP";
  REQUIRE(box.size() == 71);
  const std::vector<Count> golden = {
      {3, 1}, {8, 1}, {4, 1}, {2, 3}, {7, 1}, {9, 1}, {6, 2}, {5, 1}, {16, 4}, {8, 1},
      {19, 1}, {17, 0}, {20, 2}, {28, 1}, {5, 1}, {17, 2}, {13, 1}, {27, 1}, {30, 2}, {31, 2},
      {16, 2}, {30, 2}, {24, 1}, {24, 0}, {26, 3}, {30, 2}, {12, 0}, {26, 1}, {35, 1}, {37, 1},
      {34, 2}, {34, 0}, {36, 1}, {17, 1}, {34, 0}, {36, 3}, {40, 1}, {42, 0}, {44, 3}, {39, 0},
      {41, 0}, {42, 1}, {36, 0}, {44, 0}, {38, 2}, {11, 0}, {47, 0}, {22, 1}, {46, 0}, {50, 1},
      {54, 1}, {12, 0}, {46, 1}, {54, 1}, {24, 0}, {53, 0}, {24, 1}, {14, 0}, {44, 0}, {42, 0},
      {43, 0}, {26, 0}, {43, 0}, {53, 0}, {45, 0}, {43, 0}, {50, 0}, {46, 0}, {39, 0}, {56, 0},
      {44, 0},
  };
  Fixed policy;
  Options off;
  off.farmers = false;
  const auto counts = perft(3, tiles_of(box), off, policy);
  CHECK(counts == golden);
}

TEST_CASE("Perft: engine and reference agree at every turn of seeded random games, scores too") {
  for (int game = 0; game < 200; ++game) {
    const int players = 1 + game % 6;
    Options opt;
    opt.farmers = game % 3 != 0;
    opt.first_edition_small_city = game % 4 == 1;
    opt.first_edition_farmers = game % 5 == 2;
    const carc::Game shuffled(players, static_cast<uint64_t>(7000 + game));
    const std::vector<TileType> order(shuffled.draw_order().begin(), shuffled.draw_order().end());
    Random policy(static_cast<uint64_t>(game));
    INFO("game " << game);
    perft(players, order, opt, policy);
  }
}

TEST_CASE("Perft: engine and reference agree on boards stretched far in each direction") {
  const int dirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
  for (int d = 0; d < 4; ++d)
    for (int game = 0; game < 5; ++game) {
      const carc::Game shuffled(2, static_cast<uint64_t>(900 + game));
      const std::vector<TileType> order(shuffled.draw_order().begin(), shuffled.draw_order().end());
      Farthest policy(static_cast<uint64_t>(game), dirs[d][0], dirs[d][1]);
      INFO("direction " << d << ", game " << game);
      int reach = 0;
      perft(2, order, Options{}, policy, &reach);
      CHECK(reach >= 40);  // the policy did stretch the board (most tiles in one line)
    }
}

// ---------------------------------------------------------------- the expansions' move tree

namespace {

// Leaves of the move tree at a depth, how many of them wait for a bonus decision, and how
// many for a step of the dragon's flight (Princess & Dragon).
struct Tree {
  long leaves = 0, bonus = 0, flights = 0, captures = 0, abbeys = 0, wagons = 0;
  bool operator==(const Tree&) const = default;
};

std::ostream& operator<<(std::ostream& os, const Tree& t) {
  return os << "{" << t.leaves << ", " << t.bonus << ", " << t.flights << ", " << t.captures << ", " << t.abbeys << ", " << t.wagons << "}";
}

Tree leaf(const Game& g) {
  const DecisionKind k = decision_kind(g);
  return Tree{1,
              k == DecisionKind::Bonus ? 1 : 0,
              k == DecisionKind::Dragon ? 1 : 0,
              k == DecisionKind::Capture ? 1 : 0,
              k == DecisionKind::Abbey ? 1 : 0,
              k == DecisionKind::Wagon ? 1 : 0};
}

void add(Tree& a, const Tree& b) {
  a.leaves += b.leaves;
  a.bonus += b.bonus;
  a.flights += b.flights;
  a.captures += b.captures;
  a.abbeys += b.abbeys;
  a.wagons += b.wagons;
}

// The options of the decision the game waits for that the listing gives, of kind k (a
// capture; a ransom, an option of the placement decision besides the placements), each a
// move of its own.
Tree listed_options(const Game& g, int depth, Tree (*tree)(const Game&, int), bool ransoms) {
  ChoiceBuffer opts;
  const int n = list_choices(g, opts);
  Tree t;
  for (int i = 0; i < n; ++i) {
    if (ransoms && opts[i].option == 0) continue;  // a placement: the whole turn's to count
    Game next = g;
    REQUIRE(decide(next, opts[i]) == Status::Ok);
    add(t, tree(next, depth - 1));
  }
  return t;
}

// The same by brute force: every capture (option 0..3, any location byte 0..15 of any cell
// around the board, any kind named back) or every ransom (any holder 0..7 and kind 0..8)
// that check_choice accepts, one per figure captured (its tile segment or tower top) and
// kind named, or per holder and kind.
Tree slow_options(const Game& g, int depth, Tree (*tree)(const Game&, int), bool ransoms) {
  Tree t;
  std::set<std::tuple<int, int, int, int, int>> seen;
  const auto take = [&](const Choice& c, std::tuple<int, int, int, int, int> key) {
    if (!check_choice(g, c) || !seen.insert(key).second) return;
    Game next = g;
    REQUIRE(decide(next, c) == Status::Ok);
    add(t, tree(next, depth - 1));
  };
  if (ransoms) {
    for (int h = 0; h < 8; ++h)
      for (int f = 0; f < 9; ++f)
        take(Choice{DecisionKind::Place, g.current_tile(), {}, FigureChoice{static_cast<Figure>(f), Location::None, false, static_cast<int8_t>(h), 0}, 1},
             {h, f, 0, 0, 0});
    return t;
  }
  const Extent e = g.board().extent();
  for (int o = 0; o < 4; ++o)
    for (int y = e.y0 - 1; y <= e.y1 + 1; ++y)
      for (int x = e.x0 - 1; x <= e.x1 + 1; ++x)
        for (int l = 0; l < 16; ++l)
          for (int f = 0; f < 3; ++f) {
            const Choice c{DecisionKind::Capture, kNoTile, {}, FigureChoice{static_cast<Figure>(f), static_cast<Location>(l), true, static_cast<int8_t>(x), static_cast<int8_t>(y)},
                           static_cast<uint8_t>(o)};
            if (o == 1) {  // none: one option, whatever its other fields
              take(c, {-1, 0, 0, 0, 0});
              continue;
            }
            int part = l;
            if (const int ti = g.board().tile_index_at(x, y); ti >= 0 && l < kLocationCount) {
              const PlacedTile& pt = g.board().tile(ti);
              part = tiles::kOriented[pt.type][pt.rot].loc_seg[static_cast<size_t>(l)];
            }
            take(c, {o, x, y, part, o == 2 ? f : 0});
          }
  REQUIRE(seen.count({-1, 0, 0, 0, 0}) == 1);  // "capture none" is always an option
  return t;
}

// Abbey & Mayor's decision before a draw: each option a move of its own, the abbey's with its
// figure step (as a placement's with its figure action). By the engine's listings.
Tree listed_abbey(const Game& g, int depth, Tree (*tree)(const Game&, int)) {
  ChoiceBuffer opts;
  const int n = list_choices(g, opts);
  REQUIRE(n > 0);
  Tree t;
  FigureChoice figs[kMaxFigureOptions];
  for (int i = 0; i < n; ++i) {
    REQUIRE(opts[i].kind == DecisionKind::Abbey);
    Game next = g;
    REQUIRE(decide(next, opts[i]) == Status::Ok);
    if (next.phase() != Phase::PlaceMeeple) {
      add(t, tree(next, depth - 1));
      continue;
    }
    const int k = next.figure_options(figs);
    for (int j = 0; j <= k; ++j) {
      Game after = next;
      REQUIRE(after.act(j < k ? figs[j] : FigureChoice{Figure::Meeple, Location::None}) == Status::Ok);
      add(t, tree(after, depth - 1));
    }
  }
  return t;
}

// The figure step of a tile just placed by brute force: every figure kind at every location
// byte 0..15 that check_figure accepts, one per figure and feature (a barn per corner; a
// recall, and none, once each), each subtree counted by `tree`.
Tree slow_figures(const Game& placed, int depth, Tree (*tree)(const Game&, int)) {
  Tree t;
  const PlacedTile& pt = placed.board().tile(placed.board().tile_count() - 1);
  std::set<std::pair<int, int>> actions;  // (figure, feature root or barn corner; -1 for none and recall)
  for (const Figure f : {Figure::Meeple, Figure::Large, Figure::Abbot, Figure::Builder, Figure::Pig, Figure::Recall, Figure::Mayor,
                         Figure::Wagon, Figure::Barn})
    for (int l = 0; l < 16; ++l) {
      const Location loc = static_cast<Location>(l);
      if (!placed.check_figure(f, loc)) continue;
      int root = -1;
      if (f == Figure::Barn) {
        root = l;  // two corners into one field are two moves
      } else if (loc != Location::None) {
        const uint8_t local = tiles::kOriented[pt.type][pt.rot].loc_seg[l];
        REQUIRE(local != tiles::kNoSeg);
        root = placed.features().find(static_cast<SegId>(pt.seg_base + local));
      }
      if (!actions.insert({f == Figure::Meeple && root < 0 ? -1 : static_cast<int>(f), root}).second) continue;
      Game next = placed;
      REQUIRE(next.act(f, loc) == Status::Ok);
      add(t, tree(next, depth - 1));
    }
  REQUIRE(actions.count({-1, -1}) == 1);  // "none" is always a choice
  return t;
}

// The same by brute force: every option byte of an abbey decision at every cell around the
// board that check_choice accepts, one per option and square (the draw, 'pass', 'take' and
// 'abbey pass' once, whatever their other fields); the abbey's figure step by brute force.
Tree slow_abbey(const Game& g, int depth, Tree (*tree)(const Game&, int)) {
  Tree t;
  std::set<std::tuple<int, int, int>> seen;
  const Extent e = g.board().extent();
  for (int o = 0; o < 256; ++o)
    for (int y = e.y0 - 1; y <= e.y1 + 1; ++y)
      for (int x = e.x0 - 1; x <= e.x1 + 1; ++x) {
        const Choice c{DecisionKind::Abbey, o == 2 ? tiles::kAbbey : kNoTile, Placement{static_cast<int8_t>(x), static_cast<int8_t>(y), 0}, {},
                       static_cast<uint8_t>(o)};
        if (!check_choice(g, c)) continue;
        INFO("abbey option " << o << " at " << x << "," << y);
        REQUIRE(o < 5);
        if (!seen.insert({o, o == 2 ? x : 0, o == 2 ? y : 0}).second) continue;
        Game next = g;
        REQUIRE(decide(next, c) == Status::Ok);
        if (next.phase() == Phase::PlaceMeeple) add(t, slow_figures(next, depth, tree));
        else add(t, tree(next, depth - 1));
      }
  REQUIRE(!seen.empty());
  return t;
}

// A returned wagon's decision by brute force: every option byte, square around the board and
// location byte 0..15 that check_choice accepts, one per square and location; 'wagon stay'
// once.
Tree slow_wagon(const Game& g, int depth, Tree (*tree)(const Game&, int)) {
  Tree t;
  std::set<std::tuple<int, int, int, int>> seen;
  const Extent e = g.board().extent();
  for (int o = 0; o < 256; ++o)
    for (int y = e.y0 - 1; y <= e.y1 + 1; ++y)
      for (int x = e.x0 - 1; x <= e.x1 + 1; ++x)
        for (int l = 0; l < 16; ++l) {
          const Choice c{DecisionKind::Wagon, kNoTile, Placement{static_cast<int8_t>(x), static_cast<int8_t>(y), 0},
                         FigureChoice{Figure::Wagon, static_cast<Location>(l)}, static_cast<uint8_t>(o)};
          if (!check_choice(g, c)) continue;
          INFO("wagon option " << o << " at " << x << "," << y << " location " << l);
          REQUIRE(o < 2);
          if (!seen.insert({o, o == 0 ? x : 0, o == 0 ? y : 0, o == 0 ? l : 0}).second) continue;
          Game next = g;
          REQUIRE(decide(next, c) == Status::Ok);
          add(t, tree(next, depth - 1));
        }
  REQUIRE(seen.count({1, 0, 0, 0}) == 1);  // 'wagon stay' is always an option
  return t;
}

// A step of the dragon's flight is a move of its own. By the engine's listing.
Tree listed_steps(const Game& g, int depth, Tree (*tree)(const Game&, int)) {
  ChoiceBuffer opts;
  const int n = list_choices(g, opts);
  REQUIRE(n > 0);
  Tree t;
  for (int i = 0; i < n; ++i) {
    REQUIRE(opts[i].kind == DecisionKind::Dragon);
    Game next = g;
    REQUIRE(decide(next, opts[i]) == Status::Ok);
    add(t, tree(next, depth - 1));
  }
  return t;
}

// The same by brute force: every option byte of a dragon decision that check_choice accepts
// (only 0..3, N E S W, may be), and no decision of another kind.
Tree slow_steps(const Game& g, int depth, Tree (*tree)(const Game&, int)) {
  Tree t;
  int legal = 0;
  for (int kind = 0; kind < kDecisionKinds; ++kind)
    for (int o = 0; o < 256; ++o) {
      Choice c;
      c.kind = static_cast<DecisionKind>(kind);
      c.option = static_cast<uint8_t>(o);
      if (!check_choice(g, c)) continue;
      INFO("step option " << o << " of kind " << kind);
      REQUIRE(c.kind == DecisionKind::Dragon);
      REQUIRE(o < 4);
      ++legal;
      Game next = g;
      REQUIRE(decide(next, c) == Status::Ok);
      add(t, tree(next, depth - 1));
    }
  REQUIRE(legal > 0);  // a flight waits only while a step is possible
  return t;
}

// The bonus decision's two moves (take the tile, then its turn is the next move; or pass),
// each subtree counted by `tree`.
Tree bonus_tree(const Game& g, int depth, Tree (*tree)(const Game&, int)) {
  Game take = g, pass = g;
  REQUIRE(take.take_bonus() == Status::Ok);
  REQUIRE(pass.pass() == Status::Ok);
  Tree t;
  add(t, tree(take, depth - 1));
  add(t, tree(pass, depth - 1));
  return t;
}

// A move is a whole turn (a placement and a figure action or none), a bonus decision or a
// step of the dragon's flight. By the engine's listings.
Tree listed_tree(const Game& g, int depth) {
  if (depth == 0 || g.over()) return leaf(g);
  if (decision_kind(g) == DecisionKind::Dragon) return listed_steps(g, depth, listed_tree);
  if (decision_kind(g) == DecisionKind::Capture) return listed_options(g, depth, listed_tree, false);
  if (decision_kind(g) == DecisionKind::Wagon) return listed_options(g, depth, listed_tree, false);
  if (decision_kind(g) == DecisionKind::Abbey) return listed_abbey(g, depth, listed_tree);
  if (g.phase() == Phase::Decide) return bonus_tree(g, depth, listed_tree);
  Tree t = listed_options(g, depth, listed_tree, true);  // the ransoms, before the placements
  Placement buf[kMaxPlacements];
  FigureChoice figs[kMaxFigureOptions];
  const int n = g.legal_placements(buf);
  for (int i = 0; i < n; ++i) {
    Game placed = g;
    REQUIRE(placed.place(buf[i]) == Status::Ok);
    const int k = placed.figure_options(figs);
    for (int j = 0; j <= k; ++j) {
      Game next = placed;
      const FigureChoice c = j < k ? figs[j] : FigureChoice{Figure::Meeple, Location::None};
      REQUIRE(next.act(c) == Status::Ok);
      add(t, listed_tree(next, depth - 1));
    }
  }
  return t;
}

// The same tree by brute force: every cell around the board's bounding box at every
// rotation that check_placement accepts, one per distinct resulting tile (its stored
// picture); every figure kind at every location byte 0..15 that check_figure accepts, one
// per figure and feature (a recall, and none, once each); and every action on another tile
// (Princess & Dragon: the fairy, the princess, the portal): every figure value 0..7 at every
// location byte 0..15 of every placed tile (and the cells around them) that check_figure
// accepts, one per figure, tile and part of that tile; every dragon step check_choice takes.
Tree slow_tree(const Game& g, int depth) {
  if (depth == 0 || g.over()) return leaf(g);
  if (g.phase() == Phase::Decide && decision_kind(g) == DecisionKind::Dragon) return slow_steps(g, depth, slow_tree);
  if (g.phase() == Phase::Decide && decision_kind(g) == DecisionKind::Capture) return slow_options(g, depth, slow_tree, false);
  if (g.phase() == Phase::Decide && decision_kind(g) == DecisionKind::Wagon) return slow_wagon(g, depth, slow_tree);
  if (g.phase() == Phase::Decide && decision_kind(g) == DecisionKind::Abbey) return slow_abbey(g, depth, slow_tree);
  if (g.phase() == Phase::Decide) return bonus_tree(g, depth, slow_tree);
  Tree t = slow_options(g, depth, slow_tree, true);
  const Extent e = g.board().extent();
  std::set<std::tuple<int, int, int>> placements;
  for (int y = e.y0 - 1; y <= e.y1 + 1; ++y)
    for (int x = e.x0 - 1; x <= e.x1 + 1; ++x)
      for (int rot = 0; rot < 4; ++rot) {
        const Placement p{static_cast<int8_t>(x), static_cast<int8_t>(y), static_cast<uint8_t>(rot)};
        if (!g.check_placement(p)) continue;
        Game placed = g;
        REQUIRE(placed.place(p) == Status::Ok);
        const PlacedTile& pt = placed.board().tile(placed.board().tile_count() - 1);
        if (!placements.insert({x, y, pt.rot}).second) continue;  // the same picture again
        add(t, slow_figures(placed, depth, slow_tree));
        // Actions on another tile: (figure, tile index, segment there).
        std::set<std::tuple<int, int, int>> elsewhere;
        const Extent pe = placed.board().extent();
        for (int ty = pe.y0 - 1; ty <= pe.y1 + 1; ++ty)
          for (int tx = pe.x0 - 1; tx <= pe.x1 + 1; ++tx) {
            const int ti = placed.board().tile_index_at(tx, ty);
            for (int f = 0; f < 9; ++f)
              for (int l = 0; l < 16; ++l) {
                const FigureChoice c{static_cast<Figure>(f), static_cast<Location>(l), true, static_cast<int8_t>(tx),
                                     static_cast<int8_t>(ty)};
                if (!placed.check_figure(c)) continue;
                INFO("figure " << f << " at " << tx << "," << ty << " location " << l);
                REQUIRE(ti >= 0);  // only onto a placed tile
                // A part of that tile, never the tile just placed; or a tower top (The Tower: a
                // piece, which may go onto the tile just placed, or a figure on top).
                const bool tower = l == static_cast<int>(Location::TW);
                REQUIRE((tower || ti != placed.board().tile_count() - 1));
                const PlacedTile& target = placed.board().tile(ti);
                const uint8_t local = tower ? uint8_t{0xFE} : tiles::kOriented[target.type][target.rot].loc_seg[l];
                REQUIRE(local != tiles::kNoSeg);
                if (!elsewhere.insert({f, ti, local}).second) continue;  // the same part of that tile again
                Game next = placed;
                REQUIRE(next.act(c) == Status::Ok);
                add(t, slow_tree(next, depth - 1));
              }
          }
      }
  return t;
}

// The first `tiles` draws of a seeded game of these options, as a fixed order.
Game fixed_start(int players, uint64_t seed, const Options& opt, size_t tiles) {
  const Game shuffled(players, seed, opt);
  return Game(players, shuffled.draw_order().first(tiles), opt);
}

}  // namespace

TEST_CASE("Perft: the move tree with the expansions, by the listings and by brute force") {
  // Golden {leaves, leaves waiting for a bonus decision} at depth 1, 2, ... from the first 20
  // draws of a seeded game; a change in move generation, figure rules or the builder's bonus
  // changes them. With farmers off, one player's builder earns bonus tiles from depth 3, so
  // depth 4 counts the decisions as moves.
  struct Case {
    const char* name;
    int players;
    Options opt;
    uint64_t seed;
    std::vector<Tree> golden;
  };
  Options inns = test::options_mix(0), traders = test::options_mix(0), both = test::options_mix(0);
  inns.inns_and_cathedrals = true;
  traders.traders_and_builders = true;
  both.inns_and_cathedrals = both.traders_and_builders = true;
  both.first_edition_farmers = true;
  const std::vector<Case> cases = {
      {"inns and cathedrals, 2 players", 2, inns, 11, {{54, 0}, {3498, 0}, {324640, 0}}},
      {"traders and builders, 1 player", 1, traders, 12, {{24, 0}, {320, 0}, {2662, 0}, {93142, 0}}},
      {"traders and builders, farmers off, 1 player", 1, [&] { Options o = traders; o.farmers = false; return o; }(), 13,
       {{35, 0}, {380, 0}, {9610, 36}, {195472, 2620}}},
      {"inns, traders, first-edition farmers, 1 player", 1, both, 13, {{14, 0}, {630, 0}, {16974, 0}}},
      {"all four expansions, 2 players", 2, test::four_expansions(), 14, {{5, 0}, {114, 0}, {418, 0}, {2486, 0}, {18094, 0}}},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    const Game g = fixed_start(c.players, c.seed, c.opt, 20);
    std::vector<Tree> listed, slow;
    for (int depth = 1; depth <= static_cast<int>(c.golden.size()); ++depth) {
      listed.push_back(listed_tree(g, depth));
      slow.push_back(slow_tree(g, depth));
    }
    CHECK(listed == slow);
    CHECK(listed == c.golden);
  }
}

namespace {

Options princess_and_dragon() {
  Options o;
  o.princess_and_dragon = true;
  return o;
}

// A position and its golden trees at depth 1, 2, ...: the listings and brute force must both
// give them.
struct TreeCase {
  const char* name;
  Game start;
  std::vector<Tree> golden;
};

void check_trees(const std::vector<TreeCase>& cases) {
  for (const TreeCase& c : cases) {
    INFO(c.name);
    std::vector<Tree> listed, slow;
    for (int depth = 1; depth <= static_cast<int>(c.golden.size()); ++depth) {
      listed.push_back(listed_tree(c.start, depth));
      slow.push_back(slow_tree(c.start, depth));
    }
    CHECK(listed == slow);
    CHECK(listed == c.golden);
  }
}

// The first `tiles` tiles of a seeded game's pile as dealt (dealt_order: a dragon tile set
// aside at the first draw is still in its dealt place), as a fixed order.
Game fixed_dealt(int players, uint64_t seed, const Options& opt, size_t tiles) {
  const Game shuffled(players, seed, opt);
  std::array<TileType, kMaxDeck> order{};
  const int n = shuffled.dealt_order(order.data());
  REQUIRE(static_cast<size_t>(n) >= tiles);
  return Game(players, std::span<const TileType>(order.data(), tiles), opt);
}

}  // namespace

TEST_CASE("Perft: the move tree with Princess & Dragon, by the listings and by brute force", "[princess]") {
  // Golden {leaves, leaves waiting for a bonus decision, leaves waiting for a dragon step} at
  // depth 1, 2, ...; a move is a whole turn, a bonus decision or one step of a flight. The
  // positions are the worked examples' of tests/test_princess_and_dragon.cpp, just before the
  // tile whose action or flight they show.
  using Case = TreeCase;
  const Options pd = princess_and_dragon();
  std::vector<Case> cases;
  {
    // Example 1: P0 holds the volcano DZ; P0's thief at (1,0) E and P1's farmer at (-1,0):
    // the fairy may move next to the thief, nothing may go onto DZ.
    Game g = rules::new_game(2, "U U DZ U U", pd);
    rules::play_all(g, {"U 1,0 90 E", "U -1,0 90 NNE"});
    cases.push_back({"example 1: a volcano and the fairy", g, {{32, 0, 0}, {828, 0, 0}, {22940, 0, 0}}});
    // By hand: no figure goes onto the volcano, and the fairy's only move is next to P0's
    // thief; so each placement of DZ has two moves, "-" and "F:1,0:E".
    CHECK(listed_tree(g, 1).leaves == 2 * g.placement_count(g.current_tile()));
  }
  {
    // Example 3: P0 holds DK with the dragon at (0,1), six figures around it: the flight.
    Game g = rules::new_game(2, "U N D2 U B B DK U", pd);
    rules::play_all(g, {"U 1,0 90 E", "N 0,-1 90 E", "D2 0,1 0", "U -1,0 90 ESE", "B 1,1 0 C", "B -1,1 0 C"});
    cases.push_back({"example 3: a dragon tile's flight", g,
                     {{59, 0, 59}, {171, 0, 153}, {925, 0, 200}, {3652, 0, 137}, {6517, 0, 107}}});
  }
  {
    // Example 9: P0 holds the princess tile DB next to P1's knight.
    Game g = rules::new_game(2, "U N DB U E U", pd);
    rules::play_all(g, {"U 1,0 90", "N 0,-1 90 E"});
    cases.push_back({"example 9: the princess", g, {{27, 0, 0}, {677, 0, 0}, {30405, 0, 0}}});
  }
  {
    // Example 11: P0 holds the portal DR; the dragon at (0,1).
    Game g = rules::new_game(2, "E U D2 B DR U", pd);
    rules::play_all(g, {"E 0,-1 180", "U 1,0 90 E", "D2 0,1 0", "B 1,1 0"});
    cases.push_back({"example 11: the magic portal", g, {{162, 0, 0}, {6167, 0, 0}}});  // then the order is over
  }
  {
    // A seeded mix with every other expansion: the first seed whose pile as dealt has a
    // volcano among its first 3 tiles and a dragon tile right after it, cut to 6 tiles.
    const Options mix = test::options_mix((1u << 7) | (1u << 6) | (1u << 5) | (1u << 4));
    uint64_t seed = 1;
    for (;; ++seed) {
      REQUIRE(seed < 5000);
      const Game shuffled(2, seed, mix);
      std::array<TileType, kMaxDeck> order{};
      shuffled.dealt_order(order.data());
      const auto volcano = [](TileType t) {
        for (const char* v : {"DX", "DY", "DZ", "D1", "D2", "D3"})
          if (t == tile_from_name(v)) return true;
        return false;
      };
      int v = -1;
      for (int i = 0; i < 3 && v < 0; ++i)
        if (volcano(order[i])) v = i;
      if (v >= 0 && Game(2, uint64_t{1}, mix).sets_aside(order[v + 1], true)) break;
    }
    CHECK(seed == 67);
    Game g = fixed_dealt(2, seed, mix, 6);
    CHECK(g.draw_order().size() == 6u);  // DX DO J DY U IK: the volcano, then a dragon tile's flight
    cases.push_back({"seeded mix with the Abbot, Inns & Cathedrals, Traders & Builders", g,
                     {{6, 0, 0}, {256, 0, 256}, {336, 0, 176}, {13096, 0, 0}}});
  }
  check_trees(cases);
}

TEST_CASE("Perft: the move tree with The Tower, by the listings and by brute force", "[tower]") {
  // Golden {leaves, bonus, dragon step, capture decisions waiting} at depth 1, 2, ...; a move
  // is a whole turn, a capture decision or a ransom (an option of the placement decision,
  // after which the same placement waits). The positions are worked examples' of
  // tests/test_tower.cpp, just before the tile whose tower action they show.
  using Case = TreeCase;
  Options tower;
  tower.tower = true;
  std::vector<Case> cases;
  {
    // Example 5: P0 holds E; towers of height 1 at (1,0) and (2,0), a thief of each player
    // within reach of the first once it grows.
    Game g = rules::new_game(2, "OO OH U U E U", tower);
    rules::play_all(g, {"OO 1,0 0 T:1,0", "OH 2,0 0 T:2,0", "U 3,0 90 E", "U -1,0 90 E"});
    cases.push_back({"example 5: a tower grows over another, captures", g, {{140, 0, 0, 40}, {6609, 0, 0, 1504}, {16582, 0, 0, 1692}}});
  }
  {
    // Example 17: three players; P0 may ransom from P1 or P2, then build at (-1,1).
    Game g = rules::new_game(3, "E B U U U U B OJ OK U U U", tower);
    rules::play_all(g, {"E 0,-1 180 S", "B 0,1 0 C", "U 1,0 90", "U -1,0 90 E", "U 2,0 90", "U -2,0 90", "B 1,1 0 C"});
    rules::play(g, "OJ -1,1 0 T:-1,1");
    rules::decide_text(g, "capture -1,0 E");
    rules::play(g, "OK 2,1 90 T:2,1");
    rules::decide_text(g, "capture 1,1 C");
    cases.push_back({"example 17: ransoms, then a capture and an exchange", g, {{74, 0, 0, 18}, {4050, 0, 0, 936}, {226290, 0, 0, 48130}}});
    // By hand: the placement decision lists the two ransoms first (P1 and P2 each hold a
    // meeple of P0's, who has 4 points), each a move of its own.
    ChoiceBuffer list;
    REQUIRE(list_choices(g, list) > 2);
    CHECK(choice_text(list[0]) == "ransom 1 meeple");
    CHECK(choice_text(list[1]) == "ransom 2 meeple");
    CHECK(list[2].option == 0);
  }
  {
    // With Princess & Dragon: P1 holds U and may move the fairy next to its meeple on the
    // tower top at (1,0) (README D7), or build on that tower's neighbour OK later.
    Options both = tower;
    both.princess_and_dragon = true;
    Game g = rules::new_game(2, "OO U U U OK U U", both);
    rules::play_all(g, {"OO 1,0 0 T:1,0", "U 2,0 90 TM:1,0", "U 3,0 90"});
    cases.push_back({"the fairy beside a figure on a tower top", g, {{40, 0, 0, 0}, {2862, 0, 0, 200}}});
  }
  check_trees(cases);
}

TEST_CASE("Perft: the move tree with Abbey & Mayor, by the listings and by brute force", "[abbey]") {
  // Golden {leaves, bonus, dragon step, capture, abbey decisions waiting, wagon decisions
  // waiting} at depth 1, 2, ...; a move is a whole turn, an option of the abbey decision (the
  // abbey with its figure step, or the draw) or a returned wagon's move. The positions are
  // worked examples' of tests/test_abbey_and_mayor.cpp.
  struct Case {
    const char* name;
    Game start;
    std::vector<Tree> golden;
  };
  Options am;
  am.abbey_and_mayor = true;
  std::vector<Case> cases;
  {
    // Example 1: (1,-1) is a hole; player 0 decides before the draw of V.
    Game g = rules::new_game(2, "D P U N N N V E", am);
    rules::play_all(g, {"D 1,0 0 N", "P 0,-1 180 E", "U 2,0 90", "N 2,-1 270 N", "N 2,-2 180", "N 1,-2 90"});
    REQUIRE(decision_kind(g) == DecisionKind::Abbey);
    // By hand at depth 1: the abbey at (1,-1) with a monk, the wagon or nothing on it (it has
    // no city for the mayor, no field for the barn), or the draw.
    // Then player 1 decides before each draw while the hole stays open.
    cases.push_back({"example 1: the abbey before the draw", g, {{4, 0, 0, 0, 0, 0}, {420, 0, 0, 0, 105, 5}, {28286, 0, 0, 0, 0, 5}}});
  }
  {
    // Example 7: player 1 places W; wagons of both players stand on the road W completes.
    Game g = rules::new_game(2, "U A B V A W E", am);
    rules::play_all(g, {"U 1,0 90 W:E", "A -1,0 270", "B 1,1 0", "V 2,1 180 W:N", "A 3,1 90"});
    // W's last two tiles: the game ends at depth 3 unless a wagon decision came first.
    cases.push_back({"example 7: two wagons come home", g, {{71, 0, 0, 0, 0, 8}, {6278, 0, 0, 0, 0, 30}, {6348, 0, 0, 0, 0, 0}}});
  }
  {
    // Example 10: player 1 places B, which may take a barn at two corners into one field.
    Game g = rules::new_game(2, "U E B B U A U U A B E B V", am);
    rules::play_all(g, {"U 1,0 90", "E 0,-1 180", "B 1,-1 0", "B 2,-1 0", "U 2,0 90 N:NW", "A 3,-1 180", "U -1,0 90", "U 3,0 90",
                        "A 1,1 0", "B 3,1 0", "E 0,1 180"});
    cases.push_back({"example 10: barn corners", g, {{34, 0, 0, 0, 0, 0}, {3254, 0, 0, 0, 38, 0}, {3358, 0, 0, 0, 38, 0}}});
  }
  for (Case& c : cases) {
    INFO(c.name);
    std::vector<Tree> listed, slow;
    for (int depth = 1; depth <= static_cast<int>(c.golden.size()); ++depth) {
      listed.push_back(listed_tree(c.start, depth));
      slow.push_back(slow_tree(c.start, depth));
    }
    CHECK(listed == slow);
    CHECK(listed == c.golden);
  }
}
