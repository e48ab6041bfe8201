// SVG rendering. Every tile is drawn in its canonical orientation inside a group that the
// tile's rotation turns; shapes come from the segments' edges, so the picture is the data.
// Units: a tile is 100 x 100; the picture's width and height scale that to tile_pixels.
#include "carcassonne/svg.hpp"

#include <algorithm>
#include <bit>
#include <cctype>
#include <cmath>
#include <fmt/format.h>
#include <string>
#include <utility>
#include <vector>

#include "carcassonne/decision.hpp"
#include "carcassonne/queries.hpp"
#include "modules.hpp"

namespace carc {

namespace {

constexpr int kTile = 100;
constexpr int kMarginLeft = 40, kMarginTop = 34, kMarginOther = 10, kLegendHeight = 190;

constexpr std::string_view kColours[kMaxPlayers] = {"#d62728", "#1f5fd6", "#f2c70c", "#1b9e3e", "#222222", "#e377c2"};

constexpr std::string_view kStyle =
    ".field{fill:#9cc95c}"
    ".grid{fill:none;stroke:#55713a;stroke-width:0.8;stroke-opacity:0.5}"
    ".road-edge{fill:none;stroke:#6b6b6b;stroke-width:13;stroke-linecap:butt}"
    ".road{fill:none;stroke:#f3efe2;stroke-width:9;stroke-linecap:butt}"
    ".city{fill:#c9874a;stroke:#7a4a22;stroke-width:2.5;stroke-linejoin:round}"
    ".shield{fill:#1d4f9c;stroke:#f4f4f4;stroke-width:1.5}"
    ".junction{fill:#7a5a3a;stroke:#3d2c1a;stroke-width:1.5}"
    ".monastery-body{fill:#eadfc8;stroke:#5a4632;stroke-width:2}"
    ".monastery-roof{fill:#b5402a;stroke:#5a4632;stroke-width:2}"
    ".meeple{stroke:#ffffff;stroke-width:1.6;stroke-linejoin:round}"
    ".abbot{stroke:#222222;stroke-width:2.2;stroke-linejoin:round}"
    ".river{fill:none;stroke:#3f8fd8;stroke-width:14;stroke-linecap:butt}"
    ".lake{fill:#3f8fd8;stroke:#2a6aa8;stroke-width:2}"
    ".garden{fill:#5f9e3a;stroke:#35641e;stroke-width:2}"
    ".garden-flower{fill:#f4d03f}"
    ".inn-wall{fill:#f6e7c1;stroke:#5a4632;stroke-width:1.5}"
    ".inn-roof{fill:#2f6b3a;stroke:#5a4632;stroke-width:1.5}"
    ".cathedral-body{fill:#e8e2d6;stroke:#4a3b2a;stroke-width:2}"
    ".cathedral-spire{fill:#6a5acd;stroke:#4a3b2a;stroke-width:2}"
    ".wine{fill:#7b1e5a;stroke:#ffffff;stroke-width:1}"
    ".grain{fill:#e0b030;stroke:#6b4f10;stroke-width:1}"
    ".cloth{fill:#2a7fc0;stroke:#ffffff;stroke-width:1}"
    ".goods-disc{fill:#fffdf5;stroke:#333333;stroke-width:1.5}"
    ".builder,.pig{stroke:#222222;stroke-width:1.6;stroke-linejoin:round}"
    ".legal{fill:#fff3a0;fill-opacity:0.55;stroke:#c89b00;stroke-width:3;stroke-dasharray:8 5}"
    ".dead{stroke:#b00000;stroke-width:4;stroke-opacity:0.6}"
    ".label{font-family:sans-serif;font-size:20px;fill:#333333;text-anchor:middle}"
    ".legend{font-family:sans-serif;font-size:22px;fill:#222222}"
    ".symbol{stroke:#222222;stroke-width:1.5}.symbol-volcano{fill:#d2452b}.symbol-dragon{fill:#3d8b3d}"
    ".symbol-portal{fill:#8a5cc7}.symbol-princess{fill:#e5b93a}"
    ".symbol-letter,.piece-letter{font-family:sans-serif;font-weight:bold;text-anchor:middle;fill:#ffffff}"
    ".symbol-letter{font-size:11px}.piece-letter{font-size:18px}"
    ".piece{stroke:#ffffff;stroke-width:2}.dragon{fill:#b3261e}.fairy{fill:#2e8b57}"
    ".foundation{fill:#a0a0a0;stroke:#5a5a5a;stroke-width:2}.tower{fill:#7a7a7a;stroke:#3a3a3a;stroke-width:2}"
    ".tower-height{font-family:sans-serif;font-weight:bold;font-size:14px;text-anchor:middle;fill:#ffffff}"
    ".target{cursor:pointer}.target-ring{fill:#ffffff;fill-opacity:0.7;stroke-width:3;stroke-dasharray:5 3}"
    ".target-figure{fill-opacity:0.9;stroke:#ffffff;stroke-width:1.2;stroke-linejoin:round}"
    ".target-letter{font-family:sans-serif;font-weight:bold;font-size:16px;text-anchor:middle}";

// A point in tile units.
struct Pt {
  double x, y;
};

// Turns a point of the tile k quarter turns clockwise about the tile's centre.
Pt turn(Pt p, int k) {
  for (int i = 0; i < (k & 3); ++i) p = Pt{kTile - p.y, p.x};
  return p;
}

std::string num(double v) {
  std::string s = fmt::format("{:.2f}", v);
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s == "-0" ? "0" : s;
}
std::string pt(Pt p) { return fmt::format("{},{}", num(p.x), num(p.y)); }

// A path of straight (L) and quadratic (Q: control, end) pieces, turned k quarter turns.
struct PathBuilder {
  int k;
  std::string d;
  void move(Pt p) { d += fmt::format("M{}", pt(turn(p, k))); }
  void line(Pt p) { d += fmt::format(" L{}", pt(turn(p, k))); }
  void quad(Pt c, Pt p) { d += fmt::format(" Q{} {}", pt(turn(c, k)), pt(turn(p, k))); }
  std::string close() { return d + " Z"; }
};

constexpr Pt kCentre{50, 50};
constexpr Pt kEdgeMid[4] = {{50, 0}, {100, 50}, {50, 100}, {0, 50}};
// Where a meeple stands by a location, canonical orientation (order of Location).
constexpr Pt kLocationSpot[kLocationCount] = {{50, 50}, {50, 16}, {84, 50}, {50, 84}, {16, 50}, {72, 12}, {88, 30},
                                              {88, 70}, {72, 88}, {28, 88}, {12, 70}, {12, 30}, {28, 12}, {50, 62}};
// Location of each half-edge slot (slot order NNW N NNE ENE E ESE SSE S SSW WSW W WNW).
constexpr Location kSlotLocation[tiles::kSlots] = {Location::NNW, Location::N,   Location::NNE, Location::ENE,
                                                   Location::E,   Location::ESE, Location::SSE, Location::S,
                                                   Location::SSW, Location::WSW, Location::W,   Location::WNW};

int side_mask(const tiles::Segment& s) {
  int m = 0;
  for (int d = 0; d < 4; ++d)
    if (s.slots & (1u << (3 * d + 1))) m |= 1 << d;
  return m;
}

// The outline of a city reaching the sides in mask m (canonical orientation).
std::string city_path(int m) {
  const int n = std::popcount(static_cast<unsigned>(m));
  if (n == 4) return "M0,0 L100,0 L100,100 L0,100 Z";
  if (n == 1) {  // a cap on one side
    PathBuilder p{std::countr_zero(static_cast<unsigned>(m)), {}};
    p.move({0, 0});
    p.line({100, 0});
    p.quad({50, 50}, {0, 0});
    return p.close();
  }
  if (m == 0b0101 || m == 0b1010) {  // a band between opposite sides, narrowest in the middle
    PathBuilder p{m == 0b1010 ? 0 : 1, {}};
    p.move({0, 0});
    p.quad({50, 50}, {100, 0});
    p.line({100, 100});
    p.quad({50, 50}, {0, 100});
    return p.close();
  }
  if (n == 2) {  // a corner: sides s and s+1
    const int s = (m == 0b1001) ? 3 : std::countr_zero(static_cast<unsigned>(m));
    PathBuilder p{s, {}};
    p.move({0, 0});
    p.line({100, 0});
    p.line({100, 100});
    p.quad({40, 60}, {0, 0});
    return p.close();
  }
  // Three sides: the open side is s; the shape is drawn with the south open.
  const int open = std::countr_zero(static_cast<unsigned>(~m & 0xF));
  PathBuilder p{open - 2, {}};
  p.move({0, 0});
  p.line({100, 0});
  p.line({100, 100});
  p.quad({50, 35}, {0, 100});
  return p.close();
}

// Where a city's shield goes (canonical orientation), away from its meeple spot.
Pt shield_spot(int m) {
  const int n = std::popcount(static_cast<unsigned>(m));
  if (n == 4) return {24, 24};
  if (m == 0b0101 || m == 0b1010) return turn({22, 50}, m == 0b1010 ? 0 : 1);
  if (n == 2) return turn({86, 14}, m == 0b1001 ? 3 : std::countr_zero(static_cast<unsigned>(m)));
  if (n == 3) return turn({18, 18}, std::countr_zero(static_cast<unsigned>(~m & 0xF)) - 2);
  return turn({50, 10}, std::countr_zero(static_cast<unsigned>(m)));
}

std::string road_path(int m) {
  const int n = std::popcount(static_cast<unsigned>(m));
  const int a = std::countr_zero(static_cast<unsigned>(m));
  if (n == 1) return fmt::format("M{} L{}", pt(kEdgeMid[a]), pt(kCentre));
  const int b = 31 - std::countl_zero(static_cast<unsigned>(m));
  if (b - a == 2) return fmt::format("M{} L{}", pt(kEdgeMid[a]), pt(kEdgeMid[b]));
  return fmt::format("M{} Q{} {}", pt(kEdgeMid[a]), pt(kCentre), pt(kEdgeMid[b]));
}

// Where a meeple on local segment `seg` of a tile stands, canonical orientation.
Pt segment_spot(const tiles::TileDef& def, int seg) {
  const tiles::Segment& s = def.segs[seg];
  const int m = side_mask(s);
  const int n = std::popcount(static_cast<unsigned>(m));
  switch (s.kind) {
    case FeatureKind::Monastery:
    case FeatureKind::Garden: return kCentre;
    case FeatureKind::City: {
      if (n == 4 || m == 0b0101 || m == 0b1010) return kCentre;
      Pt sum{0, 0};
      for (int d = 0; d < 4; ++d)
        if (m & (1 << d)) sum = Pt{sum.x + kLocationSpot[1 + d].x, sum.y + kLocationSpot[1 + d].y};
      return Pt{sum.x / n, sum.y / n};
    }
    case FeatureKind::Road: {
      const int a = std::countr_zero(static_cast<unsigned>(m));
      if (n == 1) return Pt{(kEdgeMid[a].x + 50) / 2, (kEdgeMid[a].y + 50) / 2};
      const int b = 31 - std::countl_zero(static_cast<unsigned>(m));
      if (b - a == 2) return kCentre;
      // The middle of the bend: a quarter of each end, half of the centre.
      return Pt{(kEdgeMid[a].x + kEdgeMid[b].x) / 4 + 25, (kEdgeMid[a].y + kEdgeMid[b].y) / 4 + 25};
    }
    case FeatureKind::Field: {
      if (s.slots == 0) return kLocationSpot[static_cast<int>(Location::CF)];  // the inner field
      // A small field: the middle of its half-edge spots; a large one wraps the centre,
      // so stand at its first half-edge.
      int count = 0;
      Pt sum{0, 0}, first{0, 0};
      for (int l = 5; l < kLocationCount; ++l)
        for (int slot = 0; slot < tiles::kSlots; ++slot)
          if ((s.slots & (1u << slot)) && kSlotLocation[slot] == static_cast<Location>(l)) {
            if (count == 0) first = kLocationSpot[l];
            sum = Pt{sum.x + kLocationSpot[l].x, sum.y + kLocationSpot[l].y};
            ++count;
          }
      if (count > 4 || def.centre != tiles::kNoSeg) return first;
      const Pt mid{sum.x / count, sum.y / count};
      // A corner field (inside a road's bend) is small: stand nearer the corner.
      if (count == 2 && mid.x != 50 && mid.y != 50) {
        const Pt corner{mid.x < 50 ? 0.0 : 100.0, mid.y < 50 ? 0.0 : 100.0};
        return Pt{0.7 * mid.x + 0.3 * corner.x, 0.7 * mid.y + 0.3 * corner.y};
      }
      return mid;
    }
  }
  return kCentre;
}

// The marks of Inns & Cathedrals and Traders & Builders, each centred on `c` and upright
// whatever the tile's rotation: an inn (a house with a green roof) beside its road, a
// cathedral (a church with a spire) in its city, a goods symbol (wine: grapes, grain: a
// sheaf, cloth: a bolt) in its city.
void draw_inn(std::string& out, Pt c, int rot) {
  out += fmt::format(
      "<g class=\"inn\" transform=\"rotate({} {} {}) translate({},{})\"><rect class=\"inn-wall\" x=\"-7\" y=\"-3\" "
      "width=\"14\" height=\"10\"/><path class=\"inn-roof\" d=\"M-9,-2 L0,-10 L9,-2 Z\"/></g>",
      -90 * rot, num(c.x), num(c.y), num(c.x), num(c.y));
}
void draw_cathedral(std::string& out, Pt c, int rot) {
  out += fmt::format(
      "<g class=\"cathedral\" transform=\"rotate({} {} {}) translate({},{})\"><rect class=\"cathedral-body\" x=\"-10\" "
      "y=\"-2\" width=\"20\" height=\"14\"/><path class=\"cathedral-spire\" d=\"M-5,-2 L0,-18 L5,-2 Z\"/></g>",
      -90 * rot, num(c.x), num(c.y), num(c.x), num(c.y));
}
void draw_goods(std::string& out, Goods g, Pt c, int rot) {
  std::string shape;
  switch (g) {
    case Goods::Wine:
      shape = "<circle class=\"wine\" cx=\"-3\" cy=\"-3\" r=\"3.5\"/><circle class=\"wine\" cx=\"4\" cy=\"-3\" r=\"3.5\"/>"
              "<circle class=\"wine\" cx=\"0.5\" cy=\"3\" r=\"3.5\"/>";
      break;
    case Goods::Grain: shape = "<path class=\"grain\" d=\"M0,-9 Q6,-3 2,8 L-2,8 Q-6,-3 0,-9 Z\"/>"; break;
    case Goods::Cloth: shape = "<rect class=\"cloth\" x=\"-8\" y=\"-5\" width=\"16\" height=\"10\" rx=\"3\"/>"; break;
    case Goods::None: return;
  }
  static constexpr std::string_view kNames[] = {"", "wine", "grain", "cloth"};
  // On a disc of its own and half again as large as the other marks, so that the three kinds
  // tell apart at a glance; the title names it.
  out += fmt::format(
      "<g class=\"goods\" data-goods=\"{0}\" transform=\"rotate({1} {2} {3}) translate({2},{3})\"><title>{0}</title>"
      "<circle class=\"goods-disc\" r=\"15\"/><g transform=\"scale(1.5)\">{4}</g></g>",
      kNames[static_cast<int>(g)], -90 * rot, num(c.x), num(c.y), shape);
}

// "game over: P0 greedy wins with 87", or "game over: P0 and P2 tie with 80".
std::string winners_text(const Game& game, const std::array<std::string, kMaxPlayers>& names) {
  std::string who;
  int n = 0, best = 0;
  for (int p = 0; p < game.players(); ++p) {
    if (!((game.leaders() >> p) & 1)) continue;
    who += fmt::format("{}{}", n ? " and " : "", names[static_cast<size_t>(p)]);
    best = game.score(p);
    ++n;
  }
  return fmt::format("game over: {} {} with {}", who, n > 1 ? "tie" : "wins", best);
}

// The tile's shapes in canonical orientation, inside whatever group the caller opens; the
// group turns them by `rot`, except the monastery and the marks, which stay upright.
void draw_tile_body(std::string& out, TileType type, int rot) {
  const tiles::TileDef& def = tiles::kDefs[type];
  out += "<rect class=\"field\" width=\"100\" height=\"100\"/>";
  if (def.river) {  // drawn like a road: edge to edge, or from one edge to the spring or lake
    const std::string d = road_path(def.river);
    out += "<path class=\"river\" d=\"" + d + "\"/>";
    if (std::popcount(static_cast<unsigned>(def.river)) == 1) out += "<circle class=\"lake\" cx=\"50\" cy=\"50\" r=\"14\"/>";
  }
  int ends = 0;
  for (int i = 0; i < def.nsegs; ++i)
    if (def.segs[i].kind == FeatureKind::Road) {
      const int m = side_mask(def.segs[i]);
      ends += std::popcount(static_cast<unsigned>(m)) == 1;
      const std::string d = road_path(m);
      out += "<path class=\"road-edge\" d=\"" + d + "\"/><path class=\"road\" d=\"" + d + "\"/>";
    }
  if (ends >= 2) out += "<rect class=\"junction\" x=\"42\" y=\"42\" width=\"16\" height=\"16\"/>";
  // An inn stands beside its road, off the spot where a figure on the road stands.
  for (int i = 0; i < def.nsegs; ++i)
    if (def.segs[i].kind == FeatureKind::Road && (def.segs[i].marks & tiles::kInn)) {
      const Pt spot = segment_spot(def, i);
      const Pt side = std::abs(spot.x - 50) > std::abs(spot.y - 50) ? Pt{spot.x, spot.y - 17} : Pt{spot.x + 17, spot.y};
      draw_inn(out, side, rot);
    }
  for (int i = 0; i < def.nsegs; ++i)
    if (def.segs[i].kind == FeatureKind::City) {
      const int m = side_mask(def.segs[i]);
      out += "<path class=\"city\" d=\"" + city_path(m) + "\"/>";
      // A cathedral or goods symbol where a shield would go (no tile has both).
      if (def.segs[i].marks & tiles::kCathedral) draw_cathedral(out, shield_spot(m), rot);
      if (def.segs[i].goods != Goods::None) draw_goods(out, def.segs[i].goods, shield_spot(m), rot);
      if (def.segs[i].shields) {
        // Upright whatever the tile's rotation, like the monastery.
        const Pt c = shield_spot(m);
        out += fmt::format("<path class=\"shield\" transform=\"rotate({} {} {})\" d=\"M{},{} h14 v7 q0,8 -7,11 q-7,-3 -7,-11 Z\"/>",
                           -90 * rot, num(c.x), num(c.y), num(c.x - 7), num(c.y - 9));
      }
    }
  if (def.centre != tiles::kNoSeg && def.segs[def.centre].kind == FeatureKind::Garden)
    out += "<g class=\"garden-mark\"><rect class=\"garden\" x=\"36\" y=\"36\" width=\"28\" height=\"28\" rx=\"8\"/>"
           "<circle class=\"garden-flower\" cx=\"44\" cy=\"44\" r=\"3\"/><circle class=\"garden-flower\" cx=\"56\" "
           "cy=\"52\" r=\"3\"/><circle class=\"garden-flower\" cx=\"46\" cy=\"57\" r=\"3\"/></g>";
  // A tower foundation (The Tower): a grey square in the south-east, upright.
  if (tiles::raw::kTiles[type].tower) out += "<rect class=\"foundation\" x=\"69\" y=\"66\" width=\"20\" height=\"20\"/>";
  if (def.centre != tiles::kNoSeg && def.segs[def.centre].kind == FeatureKind::Monastery)
    out += fmt::format(
        "<g class=\"monastery\" transform=\"rotate({} 50 50)\"><rect class=\"monastery-body\" x=\"35\" y=\"42\" "
        "width=\"30\" height=\"24\"/><path class=\"monastery-roof\" d=\"M30,44 L50,28 L70,44 Z\"/></g>",
        -90 * rot);
  // Princess & Dragon's symbols: a lettered disc in the north-east corner, upright.
  constexpr std::string_view kSymbols[] = {"", "volcano", "dragon", "portal", "princess"};
  constexpr char kSymbolLetters[] = {0, 'V', 'D', 'P', 'Q'};
  if (const auto sym = static_cast<size_t>(tiles::raw::kTiles[type].symbol); sym != 0) {
    const Pt c = turn(Pt{84, 16}, (4 - rot) % 4);  // the same corner of the board whatever the rotation
    out += fmt::format(
        "<g class=\"symbol-mark\" data-symbol=\"{}\" transform=\"rotate({} {} {})\"><circle class=\"symbol symbol-{}\" "
        "cx=\"{}\" cy=\"{}\" r=\"9\"/><text class=\"symbol-letter\" x=\"{}\" y=\"{}\">{}</text></g>",
        kSymbols[sym], -90 * rot, num(c.x), num(c.y), kSymbols[sym], num(c.x), num(c.y), num(c.x), num(c.y + 4),
        kSymbolLetters[sym]);
  }
  out += "<rect class=\"grid\" width=\"100\" height=\"100\"/>";
}

// A standing meeple centred on (0, 0), about 20 units tall; farmers lie on their side.
constexpr std::string_view kMeeplePath =
    "M-3,-5 C-6,-6 -5,-11 0,-11 C5,-11 6,-6 3,-5 L9,-2 L9,2 L4,2 L7,10 L1,10 L0,6 L-1,10 L-7,10 L-4,2 L-9,2 "
    "L-9,-2 Z";

// Every figure has class "meeple" and its kind's class and shape (figure_kind): the abbot
// is a meeple with a dark outline, the large meeple a meeple drawn half again as big, the
// builder and the pig shapes of their own that always stand.
void draw_meeple(std::string& out, Pt at, int player, bool lying, Figure figure = Figure::Meeple) {
  const FigureKind& kind = *find_figure_kind(figure);
  out += fmt::format(
      "<path class=\"meeple{}{}\" data-player=\"{}\" data-figure=\"{}\" fill=\"{}\" transform=\"translate({},{}) scale({}){}\" d=\"{}\"/>",
      kind.css.empty() ? "" : " ", kind.css, player, kind.name, player_colour(player), num(at.x), num(at.y), kind.scale,
      lying && kind.lies ? " rotate(90)" : "", kind.shape.empty() ? kMeeplePath : kind.shape);
}

// Where a figure on `loc` of the tile at board index `tile` stands, in the tile's units, and
// the segment of the tile it stands on (Location::None: the tile's centre, no segment).
struct Spot {
  Pt at;
  const tiles::Segment* seg;
};
// The top of a tower (The Tower): over the foundation, which every rotation leaves in the
// tile's south-east.
constexpr Pt kTowerTop{79, 62};

Spot spot_of(const Board& b, int tile, Location loc) {
  if (loc == Location::None) return Spot{Pt{kTile / 2.0, kTile / 2.0}, nullptr};
  if (loc == Location::TW) return Spot{kTowerTop, nullptr};
  const PlacedTile& p = b.tile(tile);
  const uint8_t seg = tiles::kOriented[p.type][p.rot].loc_seg[static_cast<int>(loc)];
  return Spot{turn(segment_spot(tiles::kDefs[p.type], seg), p.rot), &tiles::kDefs[p.type].segs[seg]};
}

// One clickable target per option of the current decision that has a place on the board
// (choice_place), in the decider's colour: a figure to deploy drawn faintly where it would
// stand, any other option (a recall, the fairy, the princess, a dragon step) the first letter
// of its move text. Options whose places are too close to tell apart (the meeple and the abbot
// on a monastery) stand side by side. A placement is the legal cells' to show.
template <class X, class Y>
void draw_targets(std::string& out, const Game& game, X ox, Y oy) {
  if (decision_kind(game) == DecisionKind::Place) return;
  ChoiceBuffer choices;
  const int n = list_choices(game, choices);
  struct Target {
    int choice, x, y;
    Location loc;
    Pt at;        // where it would stand, in board units
    int cluster;  // the first target of its group of close ones
    int rank = 0, size = 1;
    const tiles::Segment* seg = nullptr;  // the segment it would stand on (spot_of)
  };
  constexpr double kApart = 14, kRadius = 10, kStep = 24;
  std::vector<Target> targets;
  const Board& b = game.board();
  for (int i = 0; i < n; ++i) {
    Target t{i, 0, 0, Location::None, {}, static_cast<int>(targets.size())};
    if (!choice_place(game, choices[i], t.x, t.y, t.loc)) continue;
    const Spot spot = spot_of(b, b.tile_index_at(t.x, t.y), t.loc);
    t.at = Pt{ox(t.x) + spot.at.x, oy(t.y) + spot.at.y};
    t.seg = spot.seg;
    for (size_t k = 0; k < targets.size(); ++k) {
      Target& head = targets[k];
      if (head.cluster == static_cast<int>(k) && std::hypot(head.at.x - t.at.x, head.at.y - t.at.y) < kApart) {
        t.cluster = head.cluster;
        t.rank = head.size++;
        break;
      }
    }
    targets.push_back(t);
  }
  const std::string_view colour = player_colour(decider(game));
  for (const Target& t : targets) {
    const Choice& c = choices[t.choice];
    const Target& first = targets[static_cast<size_t>(t.cluster)];
    const double x = first.at.x + kStep * (t.rank - (first.size - 1) / 2.0), y = first.at.y;
    const std::string text = choice_text(c);
    out += fmt::format("<g class=\"target\" data-choice=\"{}\" data-text=\"{}\" data-x=\"{}\" data-y=\"{}\"", pack_choice(c), text,
                       t.x, t.y);
    const FigureKind* kind = c.kind == DecisionKind::Figure ? find_figure_kind(c.figure.figure) : nullptr;
    if (kind) out += fmt::format(" data-figure=\"{}\"", kind->name);
    if (t.loc != Location::None) out += fmt::format(" data-location=\"{}\"", location_name(t.loc));
    out += fmt::format("><circle class=\"target-ring\" stroke=\"{}\" cx=\"{}\" cy=\"{}\" r=\"{}\"/>", colour, num(x), num(y),
                       num(kRadius));
    if (kind && (kind->reach == Reach::Feature || kind->reach == Reach::Centre || kind->reach == Reach::Corner)) {
      const bool lying = kind->lies && t.seg && t.seg->kind == FeatureKind::Field;
      // Drawn at 0.7 of its size on the board, so the large meeple stays the larger (the two
      // scales compose: no number is parsed, which would depend on the host's locale).
      out += fmt::format(
          "<path class=\"target-figure{}{}\" fill=\"{}\" transform=\"translate({},{}) scale(0.7) scale({}){}\" d=\"{}\"/>",
          kind->css.empty() ? "" : " ", kind->css, colour, num(x), num(y), kind->scale, lying ? " rotate(90)" : "",
          kind->shape.empty() ? kMeeplePath : kind->shape);
    } else {
      out += fmt::format("<text class=\"target-letter\" fill=\"{}\" x=\"{}\" y=\"{}\">{}</text>", colour, num(x), num(y + 6),
                         static_cast<char>(std::toupper(static_cast<unsigned char>(text[0]))));
    }
    out += "</g>\n";
  }
}

}  // namespace

std::string_view player_colour(int player) {
  return player >= 0 && player < kMaxPlayers ? kColours[player] : std::string_view{"#888888"};
}

std::string render_tile_svg(TileType tile, int rotation, int pixels) {
  if (tile >= kTileTypes || rotation < 0 || rotation > 3) return {};
  std::string out = fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" viewBox=\"0 0 100 100\">\n<style>{}</style>\n",
      std::max(pixels, 1), std::max(pixels, 1), kStyle);
  out += fmt::format("<g class=\"tile\" data-tile=\"{}\" data-rotation=\"{}\" transform=\"rotate({} 50 50)\">",
                     tile_name(tile), 90 * rotation, 90 * rotation);
  draw_tile_body(out, tile, rotation);
  out += "</g>\n</svg>\n";
  return out;
}

std::string render_svg(const Game& game, const SvgOptions& options) {
  const Board& b = game.board();
  PlacementBuffer legal;
  const int nlegal = options.legal_cells ? game.legal_placements(legal) : 0;
  FrontierCell cells[Board::kMaxOpen + 1];
  const int ncells = options.dead_cells ? frontier(game, cells) : 0;

  Extent extent = b.extent();
  for (int i = 0; i < nlegal; ++i) extent.add(legal[i].x, legal[i].y);
  for (int i = 0; i < ncells; ++i)
    if (cells[i].dead) extent.add(cells[i].x, cells[i].y);
  const int x0 = extent.x0, x1 = extent.x1, y0 = extent.y0, y1 = extent.y1;

  const int left = options.coordinates ? kMarginLeft : kMarginOther;
  const int top = options.coordinates ? kMarginTop : kMarginOther;
  const int board_w = (x1 - x0 + 1) * kTile, board_h = (y1 - y0 + 1) * kTile;
  // The modules' legend lines (goods tokens per player).
  std::vector<std::pair<std::string_view, std::string>> module_lines;
  if (options.legend)
    each_module(mix_of(game.options()), [&](auto m) {
      decltype(m)::legend(game, [&](std::string_view css, std::string text) { module_lines.emplace_back(css, std::move(text)); });
    });
  // The legend names each player (P0, or the caller's name: "P0 greedy"); its columns are as
  // wide as the longest entry needs.
  std::array<std::string, kMaxPlayers> names;
  size_t longest = 0;
  for (int p = 0; p < game.players(); ++p) {
    const std::string& given = options.player_names[static_cast<size_t>(p)];
    names[static_cast<size_t>(p)] = given.empty() ? fmt::format("P{}", p) : fmt::format("P{} {}", p, given);
    longest = std::max(longest, names[static_cast<size_t>(p)].size());
  }
  const int column = 150 + 13 * static_cast<int>(longest);
  const bool legal_line = options.legend && nlegal > 0;
  const int width =
      std::max(left + board_w + kMarginOther, options.legend ? std::max(module_lines.empty() ? 600 : 860, 20 + 3 * column) : 0);
  const int height = top + board_h + kMarginOther + (options.legend ? kLegendHeight : 0) + 34 * static_cast<int>(module_lines.size()) +
                     (legal_line ? 34 : 0);
  const double scale = std::max(options.tile_pixels, 1) / static_cast<double>(kTile);
  auto ox = [&](int x) { return left + (x - x0) * kTile; };
  auto oy = [&](int y) { return top + (y - y0) * kTile; };

  std::string out;
  out.reserve(4096 + static_cast<size_t>(b.tile_count()) * 900);
  out += fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\">\n",
      num(width * scale), num(height * scale), width, height);
  out += "<style>";
  out += kStyle;
  out += "</style>\n<rect width=\"100%\" height=\"100%\" fill=\"#f7f4ec\"/>\n";

  if (options.coordinates) {
    for (int x = x0; x <= x1; ++x)
      out += fmt::format("<text class=\"label\" x=\"{}\" y=\"{}\">{}</text>", ox(x) + kTile / 2, top - 10, x);
    for (int y = y0; y <= y1; ++y)
      out += fmt::format("<text class=\"label\" x=\"{}\" y=\"{}\">{}</text>", left / 2, oy(y) + kTile / 2 + 7, y);
    out += '\n';
  }

  for (int i = 0; i < b.tile_count(); ++i) {
    const PlacedTile& p = b.tile(i);
    out += fmt::format(
        "<g class=\"tile\" data-x=\"{}\" data-y=\"{}\" data-tile=\"{}\" data-rotation=\"{}\" "
        "transform=\"translate({},{}) rotate({} 50 50)\">",
        p.x, p.y, tile_name(p.type), 90 * p.rot, ox(p.x), oy(p.y), 90 * p.rot);
    if (options.coordinates) out += fmt::format("<title>{} {},{} {}</title>", tile_name(p.type), p.x, p.y, 90 * p.rot);
    draw_tile_body(out, p.type, p.rot);
    out += "</g>\n";
  }

  // Legal cells: one outline per cell, listing the rotations that fit there.
  for (int i = 0; i < nlegal; ++i) {
    bool first = true;
    for (int j = 0; j < i; ++j) first = first && !(legal[j].x == legal[i].x && legal[j].y == legal[i].y);
    if (!first) continue;
    std::string rots;
    for (int j = i; j < nlegal; ++j)
      if (legal[j].x == legal[i].x && legal[j].y == legal[i].y)
        rots += fmt::format("{}{}", rots.empty() ? "" : " ", 90 * legal[j].rot);
    out += fmt::format(
        "<g class=\"legal-cell\" data-x=\"{}\" data-y=\"{}\"><rect class=\"legal\" x=\"{}\" y=\"{}\" width=\"92\" "
        "height=\"92\"/><text class=\"label\" x=\"{}\" y=\"{}\">{}</text></g>\n",
        legal[i].x, legal[i].y, ox(legal[i].x) + 4, oy(legal[i].y) + 4, ox(legal[i].x) + 50, oy(legal[i].y) + 57, rots);
  }
  for (int i = 0; i < ncells; ++i) {
    if (!cells[i].dead) continue;
    const int x = ox(cells[i].x), y = oy(cells[i].y);
    out += fmt::format(
        "<g class=\"dead-cell\" data-x=\"{}\" data-y=\"{}\"><path class=\"dead\" d=\"M{},{} L{},{} M{},{} L{},{}\"/></g>\n",
        cells[i].x, cells[i].y, x + 25, y + 25, x + 75, y + 75, x + 75, y + 25, x + 25, y + 75);
  }

  // Meeples on top of every tile, at their feature's spot turned with the tile.
  for (const Meeple& m : game.meeples()) {
    const PlacedTile& p = b.tile(m.tile);
    const Spot spot = spot_of(b, m.tile, m.location);
    draw_meeple(out, Pt{ox(p.x) + spot.at.x, oy(p.y) + spot.at.y}, m.player, spot.seg->kind == FeatureKind::Field, m.kind);
  }
  // Figures on corner points (the barn), where four tiles meet.
  each_module(mix_of(game.options()), [&](auto m) {
    decltype(m)::corner_figures(game, [&](int x, int y, int owner, Figure kind) {
      out += fmt::format("<g class=\"corner-figure\" data-x=\"{}\" data-y=\"{}\">", x, y);
      draw_meeple(out, Pt{static_cast<double>(ox(x)), static_cast<double>(oy(y))}, owner, false, kind);
      out += "</g>";
    });
  });
  // The towers (The Tower): a column over the foundation with its height, and the figure on top.
  each_module(mix_of(game.options()), [&](auto m) {
    decltype(m)::towers(game, [&](int tile, int height, int owner, Figure kind) {
      const PlacedTile& p = b.tile(tile);
      out += fmt::format(
          "<g class=\"tower-mark\" data-x=\"{}\" data-y=\"{}\" data-height=\"{}\"><rect class=\"tower\" x=\"{}\" "
          "y=\"{}\" width=\"20\" height=\"30\"/><text class=\"tower-height\" x=\"{}\" y=\"{}\">{}</text></g>",
          p.x, p.y, height, ox(p.x) + 69, oy(p.y) + 56, ox(p.x) + 79, oy(p.y) + 81, height);
      if (owner >= 0) draw_meeple(out, Pt{ox(p.x) + kTowerTop.x, oy(p.y) + kTowerTop.y - 6}, owner, false, kind);
    });
  });
  // The modules' other pieces (the dragon, the fairy): a lettered disc in the tile's
  // south-west corner.
  each_module(mix_of(game.options()), [&](auto m) {
    decltype(m)::pieces(game, [&](int tile, std::string_view css, char letter) {
      const PlacedTile& p = b.tile(tile);
      out += fmt::format(
          "<g class=\"piece-mark\" data-piece=\"{}\" data-x=\"{}\" data-y=\"{}\"><circle class=\"piece {}\" cx=\"{}\" "
          "cy=\"{}\" r=\"13\"/><text class=\"piece-letter\" x=\"{}\" y=\"{}\">{}</text></g>",
          css, p.x, p.y, css, ox(p.x) + 18, oy(p.y) + 82, ox(p.x) + 18, oy(p.y) + 88, letter);
    });
  });
  out += '\n';
  if (options.targets) draw_targets(out, game, ox, oy);

  if (options.legend) {
    const int ly = top + board_h + kMarginOther + 30;
    const auto projected = game.final_scores_now();
    for (int p = 0; p < game.players(); ++p) {
      const int col = 20 + (p % 3) * column, row = ly + (p / 3) * 40;
      out += fmt::format("<g class=\"legend-player\" data-player=\"{}\" transform=\"translate({},{})\">", p, col + 12, row);
      out += fmt::format("<path fill=\"{}\" stroke=\"#333333\" stroke-width=\"1.2\" d=\"{}\"/>", player_colour(p), kMeeplePath);
      out += fmt::format("<text class=\"legend\" x=\"18\" y=\"8\">{}: {} ({}) x{}</text></g>\n", names[static_cast<size_t>(p)],
                         game.score(p), projected[p], game.supply(p));
    }
    int ty = ly + ((game.players() + 2) / 3) * 40 + 10;
    out += fmt::format(
        "<text class=\"legend\" x=\"20\" y=\"{}\">player (colour of their figures): score (final if it ended now) x "
        "meeples left</text>\n",
        ty);
    if (legal_line) {
      ty += 34;
      out += fmt::format(
          "<text class=\"legend legal-legend\" x=\"20\" y=\"{}\">outlined cells: where the tile to play fits, with the "
          "rotations (degrees) that fit there</text>\n",
          ty);
    }
    for (const auto& [css, line] : module_lines) {
      ty += 34;
      out += fmt::format("<text class=\"legend {}\" x=\"20\" y=\"{}\">{}</text>\n", css, ty, line);
    }
    if (game.over() || game.current_tile() == kNoTile) {
      const std::string what = game.over()                       ? winners_text(game, names)
                               : game.phase() == Phase::Decide ? fmt::format("player {} may {}", decider(game), decision_prompt(game))
                                                                : std::string("the next tile is to be drawn");
      out += fmt::format("<text class=\"legend\" x=\"20\" y=\"{}\">{}</text>\n", ty + 40, what);
    } else {
      ty += 40;
      out += fmt::format("<text class=\"legend\" x=\"20\" y=\"{}\">player {} {} </text>", ty, game.current_player(),
                         game.phase() == Phase::PlaceTile ? "places" : "may deploy on");
      out += fmt::format("<g class=\"next-tile\" transform=\"translate(250,{}) scale(0.5)\">", ty - 32);
      draw_tile_body(out, game.current_tile(), 0);
      out += fmt::format("</g><text class=\"legend\" x=\"310\" y=\"{}\">{} tiles left</text>\n", ty, game.tiles_in_pile());
    }
  }
  out += "</svg>\n";
  return out;
}

}  // namespace carc
static_assert(std::tuple_size_v<decltype(carc::SvgOptions::player_names)> == carc::kMaxPlayers);
