// The Abbot (docs/expansions.md, "The Abbot"): gardens are features at a tile's centre that
// only an abbot takes; each player's abbot goes onto the monastery or garden of the tile just
// placed, or, instead of any other figure action, comes home and scores 1 + its neighbours
// at once (not when its feature is complete: then it scores 9 in this turn's scoring).
// Completion and end-game scoring are the monastery's (scoring.cpp).
#include "carcassonne/game.hpp"
#include "carcassonne/scoring.hpp"

namespace carc {

namespace {
constexpr uint8_t kAbbotBit = 1u << static_cast<int>(Figure::Abbot);
}

// Placed tiles among the 8 around a tile.
int Game::centre_neighbours(uint8_t tile) const {
  const PlacedTile& pt = board_.tile(tile);
  return board_.neighbours8(pt.x, pt.y);
}

Verdict Game::abbot_check(Figure f, Location loc) const {
  if (f == Figure::Abbot) {
    const PlacedTile& pt = board_.tile(board_.tile_count() - 1);
    if (loc != Location::C || tiles::kDefs[pt.type].centre == tiles::kNoSeg) return Verdict{Illegal::AbbotCentreOnly};
    if (!(figures_[current_] & kAbbotBit)) return Verdict{Illegal::NoSupply};
    return Verdict{};  // a monastery or garden belongs to its tile alone, just placed: free
  }
  // A recall.
  if (loc != Location::None) return Verdict{Illegal::RecallLocation};
  for (int i = 0; i < nmeeples_; ++i) {
    const Meeple& m = meeples_[i];
    if (m.player != current_ || m.kind != Figure::Abbot) continue;
    if (centre_neighbours(m.tile) == 8) return Verdict{Illegal::AbbotComplete};
    return Verdict{};
  }
  return Verdict{Illegal::AbbotNotPlaced};
}

int Game::abbot_options(FigureChoice* out) const {
  int n = 0;
  if (abbot_check(Figure::Abbot, Location::C)) out[n++] = FigureChoice{Figure::Abbot, Location::C};
  if (abbot_check(Figure::Recall, Location::None)) out[n++] = FigureChoice{Figure::Recall, Location::None};
  return n;
}

// The current player's abbot comes home and scores its feature as at the end of the game.
void Game::abbot_recall(Events* events) {
  int i = 0;
  while (meeples_[i].player != current_ || meeples_[i].kind != Figure::Abbot) ++i;
  const Meeple m = meeples_[i];
  for (--nmeeples_; i < nmeeples_; ++i) meeples_[i] = meeples_[i + 1];  // the others keep their order
  const SegId root = features_.find(m.seg);
  features_.root_counters(root).meeples--;
  release(m);
  FeatureSize size{features_.kind(root)};
  size.neighbours = centre_neighbours(m.tile);
  const int points = value_at_end(size, options_);
  score_[current_] += points;
  // The tile just placed remembers its turn's action, so that the history, the record and
  // undo replay the recall.
  board_.tile(board_.tile_count() - 1).figure = Figure::Recall;
  if (!events) return;
  Event e = event_at(Event::Type::Recall, m.tile, Location::C);
  e.feature = features_.kind(root);
  e.winners = static_cast<uint8_t>(1u << current_);
  e.points = static_cast<int16_t>(points);
  e.meeples[current_] = 1;
  events->push(e);
}

}  // namespace carc
