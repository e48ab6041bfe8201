// Features: every tile segment (a road, city, field or monastery piece of one placed tile)
// is a node; connected segments form one feature, like a chain of stones in Go. Union-find
// finds the feature, a circular list walks its segments, and the root keeps the counters
// that completion and occupation need.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <utility>

#include "carcassonne/tiles.hpp"

namespace carc {

using SegId = uint16_t;  // ~560 segments at most in a game with every set (tiles::kTotalSegments)

// Counters kept at a feature's root. Merging two features adds them.
struct FeatureCounters {
  uint8_t open;     // road/city edges not yet matched by a neighbour; 0 means complete
  uint8_t shields;  // cities
  uint8_t meeples;  // figures of all players that occupy the feature (meeples, large meeples, abbots)
  FeatureKind kind;
  friend bool operator==(const FeatureCounters&, const FeatureCounters&) = default;
};
static_assert(sizeof(FeatureCounters) == 4, "Features::unite adds the counters as one word");

// The most road or city edges all tiles of every set have: a bound on any feature's open
// edges, which therefore fit FeatureCounters::open.
inline constexpr int kMaxFeatureEdges = [] {
  int city = 0, road = 0;
  for (const auto& d : tiles::kDefs) {
    if (d.set == tiles::raw::TileSet::Abbot) continue;  // copies of base tiles, counted there
    for (int i = 0; i < d.nsegs; ++i) {
      if (d.segs[i].kind == FeatureKind::City) city += d.count * d.segs[i].edges;
      if (d.segs[i].kind == FeatureKind::Road) road += d.count * d.segs[i].edges;
    }
  }
  return city > road ? city : road;
}();
static_assert(kMaxFeatureEdges <= 255, "a feature's open edges fit a byte");

class Features {
 public:
  static constexpr int kMaxSegments = tiles::kTotalSegments;
  static_assert(kMaxSegments < 0xFFFF, "segment ids are 16 bits");

  Features() = default;
  // Copies only the segments in use (search copies states all the time).
  Features(const Features& o) { *this = o; }
  Features& operator=(const Features& o) {
    if (this != &o) {
      nnoted_ = 0;
      trial_ = false;
      count_ = o.count_;
      copy_joins(o);
      std::copy_n(o.tile_.begin(), count_, tile_.begin());
    }
    return *this;
  }

  // A trial placement (Game::place_features_only) begins: its unite_noted calls note the
  // roots they change, for unplace.
  void begin_trial() {
    nnoted_ = 0;
    trial_ = true;
  }
  // The roots the trial placement under way joined (two per join, as they were found before
  // it), or -1 where they are not known: no trial since the last copy or unplace, or more
  // joins than noted. A feature the trial did not join keeps its root.
  int trial_joins(const SegId** roots) const {
    if (!trial_ || nnoted_ > kMaxNoted) return -1;
    *roots = noted_.data();
    return nnoted_;
  }
  // Makes these features, o with one trial placement's segments added and joined since by
  // unite_noted, o again: only the noted roots of o's segments changed (a segment's tile
  // never does, and the slots past o's count mean nothing).
  void unplace(const Features& o) {
    count_ = o.count_;
    trial_ = false;
    if (nnoted_ > kMaxNoted) {  // more joins than a tile makes: all of them back
      copy_joins(o);
      nnoted_ = 0;
      return;
    }
    for (int i = 0; i < nnoted_; ++i) {
      const SegId s = noted_[i];
      if (s >= count_) continue;
      next_[s] = o.next_[s];
      counters_[s] = o.counters_[s];
    }
    // Each join pointed the younger feature's segments at the older root; of o's segments,
    // those were the younger noted roots' features in o (a tile's new segments come after
    // all of o's, so a root among them heads no segment of o).
    for (int i = 0; i < nnoted_; i += 2) {
      const SegId young = std::max(noted_[i], noted_[i + 1]);
      if (young < count_) o.for_each_segment(young, [&](SegId s) { parent_[s] = young; });
    }
    nnoted_ = 0;
  }

  int count() const { return count_; }
  // The same segments, joined the same way; slots past count() are not compared.
  friend bool operator==(const Features& a, const Features& b) {
    if (a.count_ != b.count_) return false;
    for (int i = 0; i < a.count_; ++i)
      if (a.parent_[i] != b.parent_[i] || a.next_[i] != b.next_[i] || a.tile_[i] != b.tile_[i] ||
          !(a.counters_[i] == b.counters_[i]))
        return false;
    return true;
  }

  // Adds the segments of a newly placed tile as separate features; returns the first id.
  // Always writes kMaxSegs slots as a few block stores (no loop over the tile's segments:
  // GCC kept a loop over the nine slots, 3.7% of a base playout); slots past the tile's own
  // are left for the next tile to overwrite.
  SegId add_tile(TileType t, uint8_t tile_index) {
    const SegId base = count_;
    using Ids = uint16_t __attribute__((vector_size(16)));  // eight ids: base + 0..7
    static_assert(tiles::kMaxSegs >= 8 && sizeof(SegId) == 2);
    const Ids ids = Ids{0, 1, 2, 3, 4, 5, 6, 7} + base;
    std::memcpy(&parent_[base], &ids, sizeof ids);
    std::memcpy(&next_[base], &ids, sizeof ids);
    for (int i = 8; i < tiles::kMaxSegs; ++i) parent_[base + i] = next_[base + i] = static_cast<SegId>(base + i);
    std::memset(&tile_[base], tile_index, tiles::kMaxSegs);
    std::memcpy(&counters_[base], kFresh[t].data(), sizeof kFresh[t]);
    count_ = static_cast<uint16_t>(count_ + tiles::kDefs[t].nsegs);
    return base;
  }

  // Every segment names its feature's root (joins point all the younger feature's segments
  // at the older root): one load, where a walk up a tree mispredicted its end on most finds.
  SegId find(SegId s) const { return parent_[s]; }

  // Joins the features of a and b; returns the root, the older of the two.
  SegId unite(SegId a, SegId b) { return join(find(a), find(b)); }
  // unite for a trial placement: the two roots it changes are noted for unplace.
  SegId unite_noted(SegId a, SegId b) {
    const SegId ra = find(a), rb = find(b);
    if (ra != rb) {
      if (nnoted_ + 2 <= kMaxNoted) {
        noted_[nnoted_++] = ra;
        noted_[nnoted_++] = rb;
      } else {
        nnoted_ = kMaxNoted + 1;  // unplace copies everything back
      }
    }
    return join(ra, rb);
  }

  // Counters of the feature whose root is r.
  const FeatureCounters& root_counters(SegId r) const { return counters_[r]; }
  FeatureCounters& root_counters(SegId r) { return counters_[r]; }
  FeatureKind kind(SegId s) const { return counters_[s].kind; }  // same for every segment

  SegId next(SegId s) const { return next_[s]; }   // circular list of a feature's segments
  // f(s) for each segment of the feature whose circular list holds `from`, `from` first.
  // A list holds at most count() segments, all below count(): the walk stops there, so a
  // torn state whose list no longer comes back to `from` gives a wrong answer, not a hang.
  template <class F>
  void for_each_segment(SegId from, F&& f) const {
    SegId s = from;
    for (int n = count_; n > 0; --n) {
      f(s);
      s = next_[s];
      if (s == from || s >= count_) return;
    }
  }
  uint8_t tile_of(SegId s) const { return tile_[s]; }

 private:
  // o's parents, list links and counters of the first count_ segments: how they are joined.
  void copy_joins(const Features& o) {
    std::copy_n(o.parent_.begin(), count_, parent_.begin());
    std::copy_n(o.next_.begin(), count_, next_.begin());
    std::copy_n(o.counters_.begin(), count_, counters_.begin());
  }
  // Joins the features whose roots are ra and rb; returns the root.
  SegId join(SegId ra, SegId rb) {
    if (ra == rb) return ra;
    if (rb < ra) std::swap(ra, rb);
    // rb's list, before it is spliced into ra's: at most count_ steps, so a torn list gives
    // a wrong answer, not a hang.
    SegId s = rb;
    for (int n = count_; n > 0; --n) {
      parent_[s] = ra;
      s = next_[s];
      if (s == rb) break;
    }
    // The three counts added as one word: no byte carries (a sum is a count of the joined
    // feature, which fits its byte) and the kind's byte is masked out.
    // (The mask is built by memcpy, which compilers fold: emscripten's library has no
    // std::bit_cast.)
    const FeatureCounters all_counts{0xFF, 0xFF, 0xFF, FeatureKind{}};
    uint32_t counts, c, o;
    std::memcpy(&counts, &all_counts, sizeof counts);
    std::memcpy(&c, &counters_[ra], sizeof c);
    std::memcpy(&o, &counters_[rb], sizeof o);
    c += o & counts;
    std::memcpy(&counters_[ra], &c, sizeof c);
    std::swap(next_[ra], next_[rb]);
    return ra;
  }

  // Counters of each tile type's segments as fresh features, padded to kMaxSegs.
  static constexpr std::array<std::array<FeatureCounters, tiles::kMaxSegs>, kTileTypes> kFresh = [] {
    std::array<std::array<FeatureCounters, tiles::kMaxSegs>, kTileTypes> f{};
    for (int t = 0; t < kTileTypes; ++t)
      for (int i = 0; i < tiles::kDefs[t].nsegs; ++i) {
        const tiles::Segment& g = tiles::kDefs[t].segs[i];
        f[t][i] = FeatureCounters{g.edges, g.shields, 0, g.kind};
      }
    return f;
  }();
  // kMaxSegs slots of slack for add_tile's block writes.
  static constexpr int kSlots = kMaxSegments + tiles::kMaxSegs;

  // Only the first count_ slots mean anything (add_tile writes them before any use), so they
  // are not cleared: a new game costs no more than its own tiles.
  std::array<SegId, kSlots> parent_;
  std::array<SegId, kSlots> next_;
  std::array<uint8_t, kSlots> tile_;
  std::array<FeatureCounters, kSlots> counters_;
  uint16_t count_ = 0;
  // The roots a trial placement's unite_noted changed (two per join: at most three joins
  // on each of four sides), for unplace; scratch, neither copied nor compared.
  static constexpr int kMaxNoted = 2 * 3 * 4;
  uint8_t nnoted_ = 0;
  bool trial_ = false;  // a trial placement began since the last copy or unplace
  std::array<SegId, kMaxNoted> noted_;
};

}  // namespace carc
