// SVG pictures: well-formed XML, one tile group per placed tile, one meeple element per
// meeple on the board, tiles labelled with their letter, place and rotation.
#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cctype>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "carcassonne/carcassonne.hpp"
#include "random_expansions.hpp"
#include "random_play.hpp"

using namespace carc;

namespace {

// A strict little XML reader: declaration, comments, elements, attributes, text and
// entities. It counts the elements carrying each class name.
struct XmlCheck {
  bool ok = true;
  std::string error;
  std::map<std::string, int> classes;
  std::vector<std::map<std::string, std::string>> elements;  // attributes of each element

  int count(const std::string& cls) const {
    const auto it = classes.find(cls);
    return it == classes.end() ? 0 : it->second;
  }

  explicit XmlCheck(std::string_view s) : text(s) {
    skip_ws();
    if (text.substr(pos).starts_with("<?xml")) {
      const size_t end = text.find("?>", pos);
      if (end == std::string_view::npos) {
        fail("unterminated declaration");
        return;
      }
      pos = end + 2;
    }
    skip_misc();
    if (!element()) return;
    skip_misc();
    if (pos != text.size()) fail("content after the root element");
  }

 private:
  std::string_view text;
  size_t pos = 0;

  bool fail(std::string why) {
    if (ok) error = why + " at offset " + std::to_string(pos);
    ok = false;
    return false;
  }
  bool at_end() const { return pos >= text.size(); }
  void skip_ws() {
    while (!at_end() && std::string_view(" \t\r\n").find(text[pos]) != std::string_view::npos) ++pos;
  }
  void skip_misc() {
    for (;;) {
      skip_ws();
      if (!text.substr(pos).starts_with("<!--")) return;
      const size_t end = text.find("-->", pos);
      if (end == std::string_view::npos) return void(fail("unterminated comment"));
      pos = end + 3;
    }
  }
  static bool name_char(char c, bool first) {
    return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == ':' ||
           (!first && (std::isdigit(static_cast<unsigned char>(c)) || c == '-' || c == '.'));
  }
  std::string name() {
    const size_t start = pos;
    while (!at_end() && name_char(text[pos], pos == start)) ++pos;
    return std::string(text.substr(start, pos - start));
  }
  bool entities(std::string_view v) {
    for (size_t i = 0; i < v.size(); ++i) {
      if (v[i] == '<') return fail("'<' inside text or a value");
      if (v[i] != '&') continue;
      const size_t semi = v.find(';', i);
      if (semi == std::string_view::npos) return fail("'&' without ';'");
      const std::string_view e = v.substr(i + 1, semi - i - 1);
      static const std::set<std::string_view> named = {"amp", "lt", "gt", "quot", "apos"};
      if (!named.count(e) && !(e.size() > 1 && e[0] == '#')) return fail("unknown entity &" + std::string(e) + ";");
      i = semi;
    }
    return true;
  }
  bool element() {
    if (at_end() || text[pos] != '<') return fail("expected an element");
    ++pos;
    const std::string tag = name();
    if (tag.empty()) return fail("element without a name");
    std::map<std::string, std::string> attrs;
    for (;;) {
      const size_t before = pos;
      skip_ws();
      if (at_end()) return fail("unterminated start tag <" + tag);
      if (text.substr(pos).starts_with("/>")) {
        pos += 2;
        record(attrs);
        return true;
      }
      if (text[pos] == '>') {
        ++pos;
        break;
      }
      if (pos == before) return fail("attributes must be separated by blanks in <" + tag);
      const std::string key = name();
      if (key.empty()) return fail("bad attribute in <" + tag);
      skip_ws();
      if (at_end() || text[pos] != '=') return fail("attribute " + key + " without '='");
      ++pos;
      skip_ws();
      if (at_end() || (text[pos] != '"' && text[pos] != '\'')) return fail("unquoted value of " + key);
      const char q = text[pos++];
      const size_t end = text.find(q, pos);
      if (end == std::string_view::npos) return fail("unterminated value of " + key);
      const std::string_view value = text.substr(pos, end - pos);
      if (!entities(value)) return false;
      if (!attrs.emplace(key, std::string(value)).second) return fail("attribute " + key + " given twice");
      pos = end + 1;
    }
    record(attrs);
    for (;;) {  // content
      const size_t lt = text.find('<', pos);
      if (lt == std::string_view::npos) return fail("unclosed <" + tag + ">");
      if (!entities(text.substr(pos, lt - pos))) return false;
      pos = lt;
      if (text.substr(pos).starts_with("</")) {
        pos += 2;
        if (name() != tag) return fail("</...> does not close <" + tag + ">");
        skip_ws();
        if (at_end() || text[pos] != '>') return fail("bad end tag of " + tag);
        ++pos;
        return true;
      }
      if (text.substr(pos).starts_with("<!--")) {
        skip_misc();
        continue;
      }
      if (!element()) return false;
    }
  }
  void record(const std::map<std::string, std::string>& attrs) {
    elements.push_back(attrs);
    const auto c = attrs.find("class");
    if (c == attrs.end()) return;
    size_t i = 0;
    const std::string& v = c->second;
    while (i < v.size()) {
      const size_t j = std::min(v.find(' ', i), v.size());
      if (j > i) classes[v.substr(i, j - i)]++;
      i = j + 1;
    }
  }
};

void check_picture(const Game& g, const SvgOptions& opt) {
  const std::string svg = render_svg(g, opt);
  const XmlCheck x(svg);
  INFO(x.error);
  REQUIRE(x.ok);
  CHECK(x.count("tile") == g.board().tile_count());
  CHECK(x.count("meeple") == static_cast<int>(g.meeples().size()));
  // A target per option of the decision that has a place on the board, each naming an option
  // the game takes (placements are the legal cells').
  ChoiceBuffer choices;
  const int n = list_choices(g, choices);
  int placed = 0, x0 = 0, y0 = 0;
  Location loc;
  for (int i = 0; i < n; ++i) placed += choice_place(g, choices[i], x0, y0, loc);
  if (decision_kind(g) == DecisionKind::Place || !opt.targets) placed = 0;
  CHECK(x.count("target") == placed);
  for (const auto& a : x.elements)
    if (a.contains("class") && a.at("class") == "target") {
      Choice c;
      REQUIRE(unpack_choice(std::stoull(a.at("data-choice")), c));
      CHECK(static_cast<bool>(check_choice(g, c)));
      CHECK(choice_text(c) == a.at("data-text"));
    }
}

}  // namespace

TEST_CASE("XML checker: refuses what is not well-formed") {
  CHECK(XmlCheck("<svg><g></g></svg>").ok);
  CHECK(XmlCheck("<?xml version=\"1.0\"?>\n<a b=\"1\" c='2'>x &amp; y<!-- note --><d/></a>\n").ok);
  CHECK_FALSE(XmlCheck("<svg><g></svg>").ok);
  CHECK_FALSE(XmlCheck("<svg a=1/>").ok);
  CHECK_FALSE(XmlCheck("<svg a=\"1\" a=\"2\"/>").ok);
  CHECK_FALSE(XmlCheck("<svg>a & b</svg>").ok);
  CHECK_FALSE(XmlCheck("<svg/><svg/>").ok);
  CHECK_FALSE(XmlCheck("<svg a=\"1\"b=\"2\"/>").ok);
}

TEST_CASE("SVG: well-formed, one tile group per placed tile and one meeple per meeple, through whole games") {
  for (int i = 0; i < 16; ++i) {
    Game g = test::varied_game(i);
    Rng rng(static_cast<uint64_t>(i));
    SvgOptions opt;
    opt.legal_cells = i % 2 == 0;
    opt.dead_cells = i % 3 == 0;
    opt.coordinates = i % 4 != 1;
    opt.legend = i % 5 != 2;
    opt.targets = i % 2 == 1;
    int turn = 0;
    while (!g.over()) {
      if (turn % 10 == 0) check_picture(g, opt);
      test::random_placement(g, rng);
      if (turn % 10 == 5) check_picture(g, opt);  // meeple undecided
      test::random_meeple(g, rng);
      ++turn;
    }
    check_picture(g, opt);
  }
}

TEST_CASE("SVG: a tile group names its letter, place and rotation, a meeple its player") {
  Game g(2, std::vector<TileType>{tile_from_letter('E'), tile_from_letter('U'), tile_from_letter('B')});
  REQUIRE(g.play(Move{Placement{0, -1, 2}, Location::None}) == Status::Ok);
  REQUIRE(g.play(Move{Placement{1, 0, 1}, Location::E}) == Status::Ok);  // player 1's thief
  SvgOptions opt;
  opt.legal_cells = true;
  const XmlCheck x(render_svg(g, opt));
  REQUIRE(x.ok);
  bool found_e = false, found_meeple = false;
  int legal = 0;
  for (const auto& a : x.elements) {
    const auto cls = a.find("class");
    if (cls == a.end()) continue;
    if (cls->second == "tile" && a.at("data-tile") == "E") {
      found_e = true;
      CHECK(a.at("data-x") == "0");
      CHECK(a.at("data-y") == "-1");
      CHECK(a.at("data-rotation") == "180");
    }
    if (cls->second == "meeple") {
      found_meeple = true;
      CHECK(a.at("data-player") == "1");
      CHECK(a.at("fill") == std::string(player_colour(1)));
    }
    legal += cls->second == "legal-cell";
  }
  CHECK(found_e);
  CHECK(found_meeple);
  Placement buf[kMaxPlacements];
  CHECK(legal == g.legal_placements(buf));  // B has one distinct rotation: one placement per cell
}

TEST_CASE("SVG: a single tile picture for every type and rotation") {
  for (int t = 0; t < kTileTypes; ++t)
    for (int r = 0; r < 4; ++r) {
      const XmlCheck x(render_tile_svg(static_cast<TileType>(t), r));
      REQUIRE(x.ok);
      CHECK(x.count("tile") == 1);
      int cities = 0;
      for (int i = 0; i < tiles::kDefs[t].nsegs; ++i) cities += tiles::kDefs[t].segs[i].kind == FeatureKind::City;
      CHECK(x.count("city") == cities);  // one outline per city of the tile
      const bool river = tiles::kDefs[t].river != 0;
      CHECK(x.count("river") == (river ? 1 : 0));
      const bool garden = tiles::kDefs[t].centre != tiles::kNoSeg &&
                          tiles::kDefs[t].segs[tiles::kDefs[t].centre].kind == FeatureKind::Garden;
      CHECK(x.count("garden") == (garden ? 1 : 0));
    }
  CHECK(render_tile_svg(kNoTile, 0).empty());
  CHECK(render_tile_svg(0, 4).empty());
}

namespace {
// Marks of a tile type: roads with an inn, cities with a cathedral, cities with goods.
struct Marks {
  int inns = 0, cathedrals = 0, goods = 0;
};
Marks marks_of(TileType t) {
  Marks m;
  const tiles::TileDef& d = tiles::kDefs[t];
  for (int i = 0; i < d.nsegs; ++i) {
    m.inns += (d.segs[i].marks & tiles::kInn) != 0;
    m.cathedrals += (d.segs[i].marks & tiles::kCathedral) != 0;
    m.goods += d.segs[i].goods != Goods::None;
  }
  return m;
}
}  // namespace

TEST_CASE("SVG: inns, cathedrals and goods on their tiles, every kind of figure distinct, the same picture every time") {
  int inns = 0, cathedrals = 0, goods = 0;
  for (int t = 0; t < kTileTypes; ++t)
    for (int r = 0; r < 4; ++r) {
      const Marks m = marks_of(static_cast<TileType>(t));
      const std::string svg = render_tile_svg(static_cast<TileType>(t), r);
      const XmlCheck x(svg);
      REQUIRE(x.ok);
      INFO(tile_name(static_cast<TileType>(t)) << " " << r);
      CHECK(x.count("inn") == m.inns);
      CHECK(x.count("cathedral") == m.cathedrals);
      CHECK(x.count("goods") == m.goods);
      inns += m.inns, cathedrals += m.cathedrals, goods += m.goods;
    }
  CHECK(inns == 4 * 6);  // IA IB IC IL IM IN
  CHECK(cathedrals == 4 * 1);  // IK
  CHECK(goods == 4 * 20);  // the 20 goods symbols of Traders & Builders, one per tile
  const XmlCheck wine(render_tile_svg(tile_from_name("TT"), 0));
  bool wine_named = false;
  for (const auto& a : wine.elements) wine_named = wine_named || (a.count("data-goods") && a.at("data-goods") == "wine");
  CHECK(wine_named);

  std::array<int, kFigureKinds> kinds{};
  for (int i = 0; i < 32; ++i) {
    Game g = test::mixed_game(4 + 8 * (i % 2) + 16 * (i / 2));  // I&C, alone or with T&B
    Rng rng(static_cast<uint64_t>(60 + i));
    SvgOptions opt;
    opt.legend = false;  // the legend draws the tile in hand too
    opt.legal_cells = i % 2 == 0;
    for (int step = 0; !g.over(); ++step) {
      test::random_action(g, rng);
      if (step % 37 != 0 && !g.over()) continue;
      const std::string svg = render_svg(g, opt);
      const XmlCheck x(svg);
      INFO(x.error);
      REQUIRE(x.ok);
      Marks placed;
      for (int k = 0; k < g.board().tile_count(); ++k) {
        const Marks m = marks_of(g.board().tile(k).type);
        placed.inns += m.inns, placed.cathedrals += m.cathedrals, placed.goods += m.goods;
      }
      CHECK(x.count("inn") == placed.inns);
      CHECK(x.count("cathedral") == placed.cathedrals);
      CHECK(x.count("goods") == placed.goods);
      std::array<int, kFigureKinds> on{};
      for (const Meeple& m : g.meeples()) ++on[static_cast<int>(m.kind)];
      CHECK(x.count("meeple") == static_cast<int>(g.meeples().size()));
      CHECK(x.count("large") == on[static_cast<int>(Figure::Large)]);
      CHECK(x.count("abbot") == on[static_cast<int>(Figure::Abbot)]);
      CHECK(x.count("builder") == on[static_cast<int>(Figure::Builder)]);
      CHECK(x.count("pig") == on[static_cast<int>(Figure::Pig)]);
      for (int k = 0; k < kFigureKinds; ++k) kinds[k] += on[k];
      // Deterministic: the same game, or the same game loaded from its record, draws the same.
      CHECK(render_svg(g, opt) == svg);
      Game loaded(1, uint64_t{0});
      REQUIRE(load_record(save_record(g), loaded) == Status::Ok);
      CHECK(render_svg(loaded, opt) == svg);
      // The legend: goods per player with Traders & Builders, the bonus phase said.
      const std::string full = render_svg(g);
      REQUIRE(XmlCheck(full).ok);
      CHECK((full.find("goods (wine grain cloth):") != std::string::npos) == g.options().traders_and_builders);
      if (g.phase() == Phase::Decide) CHECK_THAT(full, Catch::Contains("may take the builder's bonus tile or pass"));
    }
  }
  CHECK(kinds[static_cast<int>(Figure::Large)] > 0);
  CHECK(kinds[static_cast<int>(Figure::Builder)] > 0);
  CHECK(kinds[static_cast<int>(Figure::Pig)] > 0);
}

TEST_CASE("SVG legend: whose colour is whose, who won, what a legal cell's numbers mean, goods on discs") {
  Options o;
  o.traders_and_builders = true;
  Game g(3, 7, o);
  SvgOptions opt;
  opt.legal_cells = true;
  opt.player_names[0] = "greedy";
  opt.player_names[2] = "mcts";
  std::string svg = render_svg(g, opt);
  CHECK(svg.find(">P0 greedy: 0 (0) x7<") != std::string::npos);
  CHECK(svg.find(">P1: 0 (0) x7<") != std::string::npos);
  CHECK(svg.find(">P2 mcts: 0 (0) x7<") != std::string::npos);
  CHECK(svg.find("player (colour of their figures): score (final if it ended now) x meeples left") != std::string::npos);
  CHECK(svg.find("outlined cells: where the tile to play fits, with the rotations (degrees) that fit there") !=
        std::string::npos);
  opt.legal_cells = false;
  CHECK(render_svg(g, opt).find("outlined cells") == std::string::npos);
  Rng rng(4);
  g.playout(rng);
  svg = render_svg(g, opt);
  std::string want;
  const int best = std::max({g.score(0), g.score(1), g.score(2)});
  for (int p = 0; p < 3; ++p)
    if (g.score(p) == best) want += fmt::format("{}P{}{}", want.empty() ? "" : " and ", p, p == 0 ? " greedy" : p == 2 ? " mcts" : "");
  want = fmt::format("game over: {} {} with {}", want, std::popcount(g.leaders()) > 1 ? "tie" : "wins", best);
  CHECK(svg.find(want) != std::string::npos);
  // Each goods symbol stands on a disc of its own.
  const XmlCheck x(render_tile_svg(tile_from_name("TT"), 0));
  CHECK(x.count("goods-disc") == x.count("goods"));
  CHECK(x.count("goods") == 1);
}

namespace {
// The attributes of each target of the picture, in its order.
std::vector<std::map<std::string, std::string>> targets_of(const Game& g) {
  SvgOptions opt;
  opt.targets = true;
  const XmlCheck x(render_svg(g, opt));
  REQUIRE(x.ok);
  std::vector<std::map<std::string, std::string>> out;
  for (const auto& a : x.elements)
    if (a.contains("class") && a.at("class") == "target") out.push_back(a);
  return out;
}
}  // namespace

TEST_CASE("SVG targets: each figure action of the tile just placed, at its spot, taken by its choice id") {
  Game g(2, std::vector<TileType>{tile_from_letter('E'), tile_from_letter('U'), tile_from_letter('B')});
  REQUIRE(g.play(Move{Placement{0, -1, 2}, Location::None}) == Status::Ok);
  REQUIRE(g.place(Placement{1, 0, 1}) == Status::Ok);  // U: a road between two fields
  const auto targets = targets_of(g);
  REQUIRE(targets.size() == 3u);  // the road and its two fields; "no figure" has no place
  std::set<std::string> spots;
  for (const auto& t : targets) {
    CHECK(t.at("data-x") == "1");
    CHECK(t.at("data-y") == "0");
    CHECK(t.at("data-figure") == "meeple");
    spots.insert(t.at("data-location"));
  }
  CHECK(spots == std::set<std::string>{"NNE", "E", "ESE"});  // the fields north and south of the road, the road
  // The page takes a target as the decision's option: the meeple on the road.
  Choice c;
  for (const auto& t : targets)
    if (t.at("data-location") == "E") REQUIRE(unpack_choice(std::stoull(t.at("data-choice")), c));
  REQUIRE(decide(g, c) == Status::Ok);
  REQUIRE(g.meeples().size() == 1u);
  CHECK(g.meeples()[0].location == Location::E);
  CHECK(g.phase() == Phase::PlaceTile);
  CHECK(targets_of(g).empty());  // a placement: the legal cells show where
}

TEST_CASE("SVG targets: the abbot's recall is a target on the abbot, beside the abbot's own") {
  Options o;
  o.abbot = true;
  Game g(2, std::vector<TileType>{tile_from_letter('B'), tile_from_letter('E'), tile_from_letter('B')}, o);
  REQUIRE(g.play(Move{Placement{0, 1, 0}, Location::C, Figure::Abbot}) == Status::Ok);  // P0's abbot
  REQUIRE(g.play(Move{Placement{0, -1, 2}, Location::None}) == Status::Ok);
  REQUIRE(g.place(Placement{-1, 1, 0}) == Status::Ok);  // P0: another monastery
  std::map<std::string, std::string> recall;
  int abbots = 0;
  for (const auto& t : targets_of(g)) {
    if (t.at("data-figure") == "recall") recall = t;
    abbots += t.at("data-figure") == "abbot";
  }
  REQUIRE_FALSE(recall.empty());
  CHECK(recall.at("data-x") == "0");
  CHECK(recall.at("data-y") == "1");
  CHECK(recall.at("data-location") == "C");
  CHECK(recall.at("data-text") == "recall");
  CHECK(abbots == 0);  // P0's only abbot is on the board
}
