// The engine's tile table against the project's tile data, data/tiles/base.json (the tile
// set of docs/tiles.md as data): counts, edges, monastery, cities with edges and shields,
// roads with edges, fields with their half-edge locations and the cities they touch, in
// every rotation.
// The comparison goes through location names (docs/tiles.md), not the engine's slot numbers.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "carcassonne/carcassonne.hpp"

#ifndef CARC_TILES_JSON
#error "tests/CMakeLists.txt passes the path of data/tiles/base.json as CARC_TILES_JSON"
#endif

using namespace carc;

namespace {

// A JSON value; enough of JSON for a small, regular data file.
struct Json {
  enum class Type { Null, Bool, Number, String, Array, Object } type = Type::Null;
  bool boolean = false;
  double number = 0;
  std::string text;
  std::vector<Json> items;
  std::vector<std::pair<std::string, Json>> members;

  const Json& operator[](const std::string& key) const {
    for (const auto& [k, v] : members)
      if (k == key) return v;
    throw std::runtime_error("base.json: missing key '" + key + "'");
  }
  const Json& operator[](size_t i) const { return items.at(i); }
  size_t size() const { return type == Type::Array ? items.size() : members.size(); }
  int as_int() const { return static_cast<int>(number); }
};

class Parser {
 public:
  explicit Parser(std::string s) : s_(std::move(s)) {}
  Json parse() {
    Json v = value();
    skip();
    if (i_ != s_.size()) fail("trailing text");
    return v;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    throw std::runtime_error("base.json: " + what + " at byte " + std::to_string(i_));
  }
  void skip() {
    while (i_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[i_]))) ++i_;
  }
  bool eat(char c) {
    skip();
    if (i_ < s_.size() && s_[i_] == c) {
      ++i_;
      return true;
    }
    return false;
  }
  void expect(char c) {
    if (!eat(c)) fail(std::string("expected '") + c + "'");
  }
  std::string string() {
    expect('"');
    std::string out;
    while (i_ < s_.size() && s_[i_] != '"') {
      if (s_[i_] == '\\') ++i_;  // the file has no escapes beyond \" and \\ ; keep it simple
      out += s_[i_++];
    }
    expect('"');
    return out;
  }
  Json value() {
    skip();
    Json v;
    if (i_ >= s_.size()) fail("unexpected end");
    const char c = s_[i_];
    if (c == '{') {
      ++i_;
      v.type = Json::Type::Object;
      if (eat('}')) return v;
      do {
        std::string k = string();
        expect(':');
        v.members.emplace_back(std::move(k), value());
      } while (eat(','));
      expect('}');
    } else if (c == '[') {
      ++i_;
      v.type = Json::Type::Array;
      if (eat(']')) return v;
      do v.items.push_back(value());
      while (eat(','));
      expect(']');
    } else if (c == '"') {
      v.type = Json::Type::String;
      v.text = string();
    } else if (s_.compare(i_, 4, "true") == 0 || s_.compare(i_, 5, "false") == 0) {
      v.type = Json::Type::Bool;
      v.boolean = s_[i_] == 't';
      i_ += v.boolean ? 4 : 5;
    } else if (s_.compare(i_, 4, "null") == 0) {
      i_ += 4;
    } else {
      size_t used = 0;
      v.type = Json::Type::Number;
      v.number = std::stod(s_.substr(i_, 32), &used);
      if (used == 0) fail("bad value");
      i_ += used;
    }
    return v;
  }

  std::string s_;
  size_t i_ = 0;
};

// Loads the file once; a missing or malformed file fails the test that asks for it.
const Json& tiles_json() {
  static std::unique_ptr<Json> doc;
  if (!doc) {
    std::ifstream in(CARC_TILES_JSON);
    if (!in) FAIL("cannot open the tile data " CARC_TILES_JSON " (data/tiles/base.json of the source tree)");
    std::stringstream ss;
    ss << in.rdbuf();
    doc = std::make_unique<Json>(Parser(ss.str()).parse());
  }
  return *doc;
}

constexpr const char* kSides[4] = {"N", "E", "S", "W"};
constexpr const char* kHalves[8] = {"NNE", "ENE", "ESE", "SSE", "SSW", "WSW", "WNW", "NNW"};

int side_index(const std::string& s) {
  for (int i = 0; i < 4; ++i)
    if (s == kSides[i]) return i;
  FAIL("base.json: '" << s << "' is not a side");
  return -1;
}
int half_index(const std::string& s) {
  for (int i = 0; i < 8; ++i)
    if (s == kHalves[i]) return i;
  FAIL("base.json: '" << s << "' is not a half-edge");
  return -1;
}

// Location names after turning the tile `rot` quarter turns clockwise: a side moves one
// step clockwise per quarter turn, a half-edge two steps (NNE -> ESE -> SSW -> WNW).
Location side_loc(int side, int rot) { return static_cast<Location>(1 + (side + rot) % 4); }
Location half_loc(int half, int rot) { return static_cast<Location>(5 + (half + 2 * rot) % 8); }

Edge edge_of_letter(const std::string& s) {
  if (s == "C") return Edge::City;
  if (s == "R") return Edge::Road;
  if (s == "F") return Edge::Field;
  FAIL("base.json: '" << s << "' is not an edge letter");
  return Edge::None;
}

std::vector<std::string> words(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

}  // namespace

TEST_CASE("Tile data: base.json totals and notation match the engine") {
  const Json& doc = tiles_json();
  CHECK(doc["total_tiles"].as_int() == kBaseTiles);
  CHECK(doc["types"].as_int() == kBaseTypes);
  CHECK(doc["start_tile"].text == std::string(1, tile_letter(kStartTile)));
  CHECK(words(doc["edge_order"].text) == std::vector<std::string>{"N", "E", "S", "W"});
  REQUIRE(doc["field_locations"].size() == 8);
  for (int h = 0; h < 8; ++h) {
    CHECK(doc["field_locations"][h].text == kHalves[h]);
    CHECK(location_name(static_cast<Location>(5 + h)) == kHalves[h]);
  }
  for (int s = 0; s < 4; ++s) CHECK(location_name(static_cast<Location>(1 + s)) == kSides[s]);
  REQUIRE(doc["tiles"].size() == static_cast<size_t>(kBaseTypes));
  int total = 0;
  for (size_t i = 0; i < doc["tiles"].size(); ++i) total += doc["tiles"][i]["count"].as_int();
  CHECK(total == kBaseTiles);
}

TEST_CASE("Tile data: every tile type matches base.json in every rotation") {
  const Json& doc = tiles_json();
  REQUIRE(doc["tiles"].size() == static_cast<size_t>(kBaseTypes));
  for (int t = 0; t < kBaseTypes; ++t) {
    const Json& jt = doc["tiles"][t];
    const tiles::TileDef& def = tiles::kDefs[t];
    INFO("tile " << jt["letter"].text);
    REQUIRE(jt["letter"].text == std::string(1, tile_letter(static_cast<TileType>(t))));
    CHECK(def.count == jt["count"].as_int());

    const auto edges = words(jt["edges"].text);
    REQUIRE(edges.size() == 4);
    for (int s = 0; s < 4; ++s) CHECK(def.edges[s] == edge_of_letter(edges[s]));

    int monasteries = 0, cities = 0, roads = 0, fields = 0;
    for (int i = 0; i < def.nsegs; ++i) {
      monasteries += def.segs[i].kind == FeatureKind::Monastery;
      cities += def.segs[i].kind == FeatureKind::City;
      roads += def.segs[i].kind == FeatureKind::Road;
      fields += def.segs[i].kind == FeatureKind::Field;
    }
    CHECK(monasteries == (jt["monastery"].boolean ? 1 : 0));
    CHECK(static_cast<size_t>(cities) == jt["cities"].size());
    CHECK(static_cast<size_t>(roads) == jt["roads"].size());
    CHECK(static_cast<size_t>(fields) == jt["fields"].size());

    for (int rot = 0; rot < 4; ++rot) {
      INFO("rotation " << 90 * rot);
      const tiles::Oriented& o = tiles::kOriented[t][rot];
      for (int s = 0; s < 4; ++s)
        CHECK(static_cast<Edge>((o.edge_code >> (2 * ((s + rot) % 4))) & 3) == edge_of_letter(edges[s]));

      // The segment that each location names; every location of a feature names the same
      // segment, and different features name different segments.
      auto seg_at = [&](Location l) { return o.loc_seg[static_cast<int>(l)]; };
      std::vector<uint8_t> used;
      std::vector<uint8_t> city_seg;
      auto one_segment = [&](const std::vector<Location>& locs, FeatureKind kind) -> uint8_t {
        REQUIRE(!locs.empty());
        const uint8_t seg = seg_at(locs[0]);
        REQUIRE(seg != tiles::kNoSeg);
        CHECK(def.segs[seg].kind == kind);
        for (Location l : locs) CHECK(seg_at(l) == seg);
        CHECK(std::find(used.begin(), used.end(), seg) == used.end());
        used.push_back(seg);
        return seg;
      };

      if (jt["monastery"].boolean) one_segment({Location::C}, FeatureKind::Monastery);
      else CHECK(seg_at(Location::C) == tiles::kNoSeg);

      for (const Json& c : jt["cities"].items) {
        std::vector<Location> locs;
        for (const Json& e : c["edges"].items) locs.push_back(side_loc(side_index(e.text), rot));
        const uint8_t seg = one_segment(locs, FeatureKind::City);
        city_seg.push_back(seg);
        CHECK(def.segs[seg].shields == c["shields"].as_int());
        CHECK(def.segs[seg].edges == c["edges"].size());
      }
      for (const Json& r : jt["roads"].items) {
        std::vector<Location> locs;
        for (const Json& e : r["edges"].items) locs.push_back(side_loc(side_index(e.text), rot));
        const uint8_t seg = one_segment(locs, FeatureKind::Road);
        CHECK(def.segs[seg].edges == r["edges"].size());
        // A road has two ends: tile edges, or an end on the tile (junction, monastery, city).
        CHECK(r["edges"].size() + r["ends"].size() == 2);
        for (const Json& end : r["ends"].items) {
          if (end.text == "junction") CHECK(jt["roads"].size() >= 3);
          else if (end.text == "monastery") CHECK(jt["monastery"].boolean);
          else if (end.text == "city") CHECK(jt["cities"].size() >= 1);
          else FAIL("unknown road end " << end.text);
        }
      }
      for (const Json& f : jt["fields"].items) {
        std::vector<Location> locs;
        for (const Json& h : f["locations"].items) locs.push_back(half_loc(half_index(h.text), rot));
        const uint8_t seg = one_segment(locs, FeatureKind::Field);
        uint8_t touches = 0;
        for (const Json& c : f["touches_cities"].items) touches |= static_cast<uint8_t>(1u << city_seg.at(c.as_int()));
        CHECK(def.segs[seg].touches == touches);
      }
      // Locations that name nothing in base.json name nothing in the engine either:
      // a side without road or city, a half-edge on a city edge.
      for (int l = 0; l < kLocationCount; ++l) {
        const uint8_t seg = o.loc_seg[l];
        if (seg != tiles::kNoSeg) CHECK(std::find(used.begin(), used.end(), seg) != used.end());
      }
      int named = 0;
      for (int l = 0; l < kLocationCount; ++l) named += o.loc_seg[l] != tiles::kNoSeg;
      int listed = jt["monastery"].boolean ? 1 : 0;
      for (const char* key : {"cities", "roads"})
        for (const Json& x : jt[key].items) listed += static_cast<int>(x["edges"].size());
      for (const Json& f : jt["fields"].items) listed += static_cast<int>(f["locations"].size());
      CHECK(named == listed);
      CHECK(static_cast<int>(used.size()) == def.nsegs);

      // The meeple choices: each segment once, by its first location in listing order.
      std::vector<Location> first;
      for (uint8_t seg : used) {
        Location best = Location::None;
        for (int l = kLocationCount - 1; l >= 0; --l)
          if (o.loc_seg[l] == seg) best = static_cast<Location>(l);
        first.push_back(best);
      }
      std::sort(first.begin(), first.end());
      REQUIRE(o.nchoices == first.size());
      for (size_t i = 0; i < first.size(); ++i) CHECK(o.choices[i] == first[i]);
    }
  }
}
