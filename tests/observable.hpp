// Everything a caller can observe about a game, written out as text, so that tests can
// say "this call left the game exactly as it was" or "the copy equals the original" with
// one string comparison (and show the difference when it fails).
#pragma once

#include <fmt/compile.h>
#include <fmt/format.h>

#include <string>

#include "carcassonne/carcassonne.hpp"

namespace carc::testing {

inline std::string observable_state(const Game& g) {
  fmt::memory_buffer s;
  fmt::appender out(s);  // straight into the buffer: the soak calls this every few turns
  const Options& o = g.options();
  fmt::format_to(out, FMT_COMPILE("players {} options {}{}{} phase {} current {} tile {} leaders {}\n"),
                 g.players(), int(o.farmers), int(o.first_edition_small_city), int(o.first_edition_farmers),
                 int(g.phase()), g.current_player(), int(g.current_tile()), int(g.leaders()));
  for (int p = 0; p < g.players(); ++p) {
    fmt::format_to(out, FMT_COMPILE("p{} score {} supply {} tower pieces {} prisoners"), p, g.score(p), g.supply(p),
                   g.tower_pieces(p));
    for (int q = 0; q < g.players(); ++q)
      for (const Figure f : {Figure::Meeple, Figure::Large, Figure::Abbot}) fmt::format_to(out, FMT_COMPILE(" {}"), g.prisoners(p, q, f));
    s.push_back('\n');
  }

  fmt::format_to(out, FMT_COMPILE("deck fixed {} seed {} drawn {} pile {} discards {}:"), int(g.fixed_order()),
                 g.seed(), g.drawn(), g.tiles_in_pile(), g.discard_count());
  const auto order = g.draw_order();
  for (size_t i = 0; i < order.size(); ++i)
    fmt::format_to(out, FMT_COMPILE(" {}{}"), tile_letter(order[i]), g.discarded(static_cast<int>(i)) ? "*" : "");
  s.push_back('\n');

  const Board& b = g.board();
  for (int i = 0; i < b.tile_count(); ++i) {
    const PlacedTile& t = b.tile(i);
    fmt::format_to(out, FMT_COMPILE("tile {} {},{} {}{} seg {} meeple {}"), i, t.x, t.y, tile_letter(t.type),
                   int(t.rot), t.seg_base, location_name(t.meeple));
    int height = 0, owner = -1;
    Figure top{};
    if (g.tower_at(t.x, t.y, height, owner, top)) fmt::format_to(out, FMT_COMPILE(" tower {} top {} {}"), height, owner, int(top));
    s.push_back('\n');
  }
  fmt::format_to(out, FMT_COMPILE("open:"));
  for (int i = 0; i < b.open_count(); ++i) {
    const OpenCell& c = b.open(i);
    fmt::format_to(out, FMT_COMPILE(" {},{}#{}/{}"), c.x, c.y, c.cell, c.req);
  }
  s.push_back('\n');

  // Roots rather than parent links: what the features are, not how they are linked.
  const Features& f = g.features();
  for (int i = 0; i < f.count(); ++i) {
    const SegId seg = static_cast<SegId>(i);
    const SegId r = f.find(seg);
    fmt::format_to(out, FMT_COMPILE("seg {} tile {} root {} next {}"), i, f.tile_of(seg), r, f.next(seg));
    if (r == seg) {
      const FeatureCounters& c = f.root_counters(r);
      fmt::format_to(out, FMT_COMPILE(" {} open {} shields {} meeples {}"), feature_kind_name(c.kind), c.open,
                     c.shields, c.meeples);
    }
    s.push_back('\n');
  }
  for (const Meeple& m : g.meeples())
    fmt::format_to(out, FMT_COMPILE("meeple p{} seg {} tile {} {}\n"), m.player, m.seg, m.tile,
                   location_name(m.location));

  Placement buf[kMaxPlacements];
  const int n = g.legal_placements(buf);
  fmt::format_to(out, FMT_COMPILE("placements {}:"), n);
  for (int i = 0; i < n; ++i) fmt::format_to(out, FMT_COMPILE(" {},{},{}"), buf[i].x, buf[i].y, buf[i].rot);
  Location opts[kMaxMeepleOptions];
  const int k = g.meeple_options(opts);
  fmt::format_to(out, FMT_COMPILE("\nmeeple options {}:"), k);
  for (int i = 0; i < k; ++i) fmt::format_to(out, FMT_COMPILE(" {}"), location_name(opts[i]));
  s.push_back('\n');
  return fmt::to_string(s);
}

}  // namespace carc::testing
