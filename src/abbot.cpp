// The Abbot (docs/expansions.md, "The Abbot"): gardens are features at a tile's centre that
// only an abbot takes; each player's abbot goes onto the monastery or garden of the tile just
// placed, or, instead of any other figure action, comes home and scores 1 + its neighbours
// at once (not when its feature is complete: then it scores 9 in this turn's scoring).
// Completion and end-game scoring are the monastery's (scoring.cpp).
#include "abbot.hpp"

namespace carc {

using Abbot = Module<Expansion::Abbot>;

namespace {
constexpr FigureSet kAbbotBit = bit(Figure::Abbot);

// Placed tiles among the 8 around a tile.
int centre_neighbours(const Board& board, uint8_t tile) {
  const PlacedTile& pt = board.tile(tile);
  return board.neighbours8(pt);
}
}  // namespace

Verdict Abbot::check(const Game& g, Figure f, Location loc) {
  if (f == Figure::Abbot) {
    const PlacedTile& pt = g.board_.tile(g.board_.tile_count() - 1);
    if (loc != Location::C || tiles::kDefs[pt.type].centre == tiles::kNoSeg) return Verdict{Illegal::AbbotCentreOnly};
    if (!(g.figures_[g.current_] & kAbbotBit)) return Verdict{Illegal::NoSupply};
    return Verdict{};  // a monastery or garden belongs to its tile alone, just placed: free
  }
  // A recall.
  if (loc != Location::None) return Verdict{Illegal::RecallLocation};
  if (g.figures_[g.current_] & kAbbotBit) return Verdict{Illegal::AbbotNotPlaced};  // in the supply, so not on the board
  for (int i = 0; i < g.nmeeples_; ++i) {
    const Meeple& m = g.meeples_[i];
    if (m.player != g.current_ || m.kind != Figure::Abbot) continue;
    if (centre_neighbours(g.board_, m.tile) == 8) return Verdict{Illegal::AbbotComplete};
    return Verdict{};
  }
  return Verdict{Illegal::AbbotNotPlaced};
}

bool Abbot::check_action(const Game& g, Figure f, Location loc, Verdict* v) {
  if (f != Figure::Abbot && f != Figure::Recall) return false;
  *v = check(g, f, loc);
  return true;
}

// Only an abbot stands on a garden; the abbot's own move onto it is check_action's.
bool Abbot::check_deploy(const Game& g, Figure, SegId root, Verdict* v) {
  if (g.features_.kind(root) != FeatureKind::Garden) return false;
  *v = Verdict{Illegal::GardenAbbotOnly};
  return true;
}

int Abbot::figure_options(const Game& g, FigureChoice* out) {
  int n = 0;
  if (check(g, Figure::Abbot, Location::C)) out[n++] = FigureChoice{Figure::Abbot, Location::C};
  if (check(g, Figure::Recall, Location::None)) out[n++] = FigureChoice{Figure::Recall, Location::None};
  return n;
}

bool Abbot::act(Game& g, Figure f, Location, Events* events) {
  if (f != Figure::Recall) return false;  // the abbot onto the centre: a figure like any
  recall(g, events);
  return true;
}

bool Abbot::option_place(const Game& g, const Choice& c, int& x, int& y, Location& loc) {
  if (c.kind != DecisionKind::Figure || c.figure.figure != Figure::Recall) return false;
  for (const Meeple& m : g.meeples())
    if (m.player == g.current_player() && m.kind == Figure::Abbot) {
      x = g.board().tile(m.tile).x;
      y = g.board().tile(m.tile).y;
      loc = m.location;
      return true;
    }
  return false;
}

// The current player's abbot comes home and scores its feature as at the end of the game.
void Abbot::recall(Game& g, Events* events) {
  int i = 0;
  while (g.meeples_[i].player != g.current_ || g.meeples_[i].kind != Figure::Abbot) ++i;
  const Meeple m = g.meeples_[i];
  for (--g.nmeeples_; i < g.nmeeples_; ++i) g.meeples_[i] = g.meeples_[i + 1];  // the others keep their order
  const SegId root = g.features_.find(m.seg);
  g.features_.root_counters(root).meeples--;
  g.release(m);
  FeatureSize size{g.features_.kind(root)};
  size.neighbours = centre_neighbours(g.board_, m.tile);
  const int points = value_at_end(size, g.options_);
  g.score_[g.current_] += points;
  // The tile just placed remembers its turn's action, so that the history, the record and
  // undo replay the recall.
  g.board_.tile(g.board_.tile_count() - 1).figure = Figure::Recall;
  if (!events) return;
  Event e = g.event_at(Event::Type::Recall, m.tile, Location::C);
  e.feature = g.features_.kind(root);
  e.winners = static_cast<uint8_t>(1u << g.current_);
  e.points = static_cast<int16_t>(points);
  e.meeples[g.current_] = 1;
  events->push(e);
}

}  // namespace carc
