// Features: every tile segment (a road, city, field or monastery piece of one placed tile)
// is a node; connected segments form one feature, like a chain of stones in Go. Union-find
// finds the feature, a circular list walks its segments, and the root keeps the counters
// that completion and occupation need.
#pragma once

#include <array>
#include <cstdint>
#include <utility>

#include "carcassonne/tiles.hpp"

namespace carc {

using SegId = uint8_t;  // 243 segments at most in a full game, so a byte names any of them

// Counters kept at a feature's root. Merging two features adds them.
struct FeatureCounters {
  uint8_t open;     // road/city edges not yet matched by a neighbour; 0 means complete
  uint8_t shields;  // cities
  uint8_t meeples;  // meeples of all players on the feature
  FeatureKind kind;
  friend bool operator==(const FeatureCounters&, const FeatureCounters&) = default;
};

class Features {
 public:
  static constexpr int kMaxSegments = tiles::kTotalSegments;
  static_assert(kMaxSegments <= 255, "segment ids are bytes");

  int count() const { return count_; }
  friend bool operator==(const Features&, const Features&) = default;

  // Adds the segments of a newly placed tile as separate features; returns the first id.
  SegId add_tile(TileType t, uint8_t tile_index) {
    const tiles::TileDef& d = tiles::kDefs[t];
    const SegId base = count_;
    for (int i = 0; i < d.nsegs; ++i) {
      const SegId s = static_cast<SegId>(base + i);
      parent_[s] = s;
      next_[s] = s;
      tile_[s] = tile_index;
      counters_[s] = FeatureCounters{d.segs[i].edges, d.segs[i].shields, 0, d.segs[i].kind};
    }
    count_ = static_cast<uint8_t>(count_ + d.nsegs);
    return base;
  }

  SegId find(SegId s) const {
    while (parent_[s] != s) s = parent_[s];
    return s;
  }
  // find() with path halving; use on the mutable state.
  SegId find(SegId s) {
    while (parent_[s] != s) {
      parent_[s] = parent_[parent_[s]];
      s = parent_[s];
    }
    return s;
  }

  // Joins the features of a and b; returns the root. The older root stays root, which
  // keeps the trees of long-lived features shallow.
  SegId unite(SegId a, SegId b) {
    SegId ra = find(a), rb = find(b);
    if (ra == rb) return ra;
    if (rb < ra) std::swap(ra, rb);
    parent_[rb] = ra;
    FeatureCounters& c = counters_[ra];
    const FeatureCounters& o = counters_[rb];
    c.open = static_cast<uint8_t>(c.open + o.open);
    c.shields = static_cast<uint8_t>(c.shields + o.shields);
    c.meeples = static_cast<uint8_t>(c.meeples + o.meeples);
    std::swap(next_[ra], next_[rb]);
    return ra;
  }

  // Counters of the feature whose root is r.
  const FeatureCounters& root_counters(SegId r) const { return counters_[r]; }
  FeatureCounters& root_counters(SegId r) { return counters_[r]; }
  FeatureKind kind(SegId s) const { return counters_[s].kind; }  // same for every segment

  SegId next(SegId s) const { return next_[s]; }   // circular list of a feature's segments
  uint8_t tile_of(SegId s) const { return tile_[s]; }

 private:
  std::array<uint8_t, kMaxSegments> parent_{};
  std::array<uint8_t, kMaxSegments> next_{};
  std::array<uint8_t, kMaxSegments> tile_{};
  std::array<FeatureCounters, kMaxSegments> counters_{};
  uint8_t count_ = 0;
};

}  // namespace carc
