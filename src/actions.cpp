// Integer actions over the engine's own move listing: placements through the fixed window,
// figures through the one slot table.
#include "carcassonne/actions.hpp"

#include <algorithm>
#include <array>
#include <cstring>

namespace carc::rl {

namespace {

// The slot table: none, then the meeple on each location in canonical order (slot =
// 1 + location, so that figure_options, which lists meeples in that order, comes out
// sorted), then the Abbot's two actions, which figure_options lists after the meeples.
constexpr int kMeepleSlots = 1 + kLocationCount;
constexpr std::array<FigureSlot, kMeepleSlots + 2> kSlots = [] {
  std::array<FigureSlot, kMeepleSlots + 2> a{};
  for (int l = 0; l < kLocationCount; ++l) a[1 + l] = FigureSlot{Figure::Meeple, static_cast<Location>(l)};
  a[kMeepleSlots] = FigureSlot{Figure::Abbot, Location::C};
  a[kMeepleSlots + 1] = FigureSlot{Figure::Recall, Location::None};
  return a;
}();

// The slot index of a figure action in kSlots, or -1 if the table has none for it.
int slot_of(FigureSlot f) {
  if (f.figure == Figure::Meeple) return f.location == Location::None ? 0 : 1 + static_cast<int>(f.location);
  for (int i = kMeepleSlots; i < static_cast<int>(kSlots.size()); ++i)
    if (kSlots[static_cast<size_t>(i)] == f) return i;
  return -1;
}

int place_id(const ActionSpace& s, Placement p) {
  return ((p.y + s.reach) * s.side + (p.x + s.reach)) * 4 + p.rot;
}

}  // namespace

std::span<const FigureSlot> figure_slots(const Options& options) {
  return std::span<const FigureSlot>(kSlots).first(options.abbot ? kSlots.size() : kMeepleSlots);
}

ActionSpace action_space(int, const Options& options) {
  ActionSpace s;
  // No tile lies farther from (0,0) than the box has tiles; only the river (and the
  // expansions not playable yet) makes the box bigger than the base game's 72.
  const bool big = options.river || options.inns_and_cathedrals || options.traders_and_builders;
  s.reach = big ? Board::kReach : kBaseTiles;
  s.side = 2 * s.reach + 1;
  s.placements = s.side * s.side * 4;
  s.figures = static_cast<int>(figure_slots(options).size());
  return s;
}

int encode_placement(const ActionSpace& space, Placement p) {
  if (p.rot > 3 || p.x < -space.reach || p.x > space.reach || p.y < -space.reach || p.y > space.reach) return -1;
  return place_id(space, p);
}

int encode_figure(const ActionSpace& space, const Options& options, FigureSlot slot) {
  const int i = slot_of(slot);
  if (i < 0 || i >= static_cast<int>(figure_slots(options).size())) return -1;
  return space.placements + i;
}

bool decode(const ActionSpace& space, const Options& options, int action, Action& out) {
  if (action < 0 || action >= space.size()) return false;
  if (action >= space.placements) {
    out = Action{Action::Kind::Figure, Placement{}, figure_slots(options)[static_cast<size_t>(action - space.placements)]};
    return true;
  }
  const int cell = action / 4;
  out = Action{Action::Kind::Placement,
               Placement{static_cast<int8_t>(cell % space.side - space.reach),
                         static_cast<int8_t>(cell / space.side - space.reach), static_cast<uint8_t>(action % 4)},
               FigureSlot{}};
  return true;
}

int legal_actions_unordered(const Game& game, int32_t* out) {
  switch (game.phase()) {
    case Phase::PlaceTile: {
      // As Game::packed_placements does: each open cell writes a whole row of four ids and
      // keeps as many as fit, with no branch per cell; the rows may reach 3 slots past the
      // list, so it is built here and copied out.
      const ActionSpace s = action_space(game);
      const Board& board = game.board();
      const TileType t = game.current_tile();
      if (tiles::is_river(t)) {  // the river module places these (kFit has no row for them): a few at its end
        Placement at[kMaxPlacements];
        const int n = game.legal_placements(at);
        for (int i = 0; i < n; ++i) out[i] = place_id(s, at[i]);
        return n;
      }
      const auto& fit = tiles::kFit[t];
      const auto& fit_count = tiles::kFitCount[t];
      int32_t list[kMaxLegalActions + 3];
      int n = 0;
      for (int i = 0, cells = board.open_count(); i < cells; ++i) {
        const OpenCell& o = board.open(i);
        const int32_t base = place_id(s, Placement{o.x, o.y, 0});
        const auto& nth = tiles::kNthRotation[fit[o.req]];
        for (int k = 0; k < 4; ++k) list[n + k] = base + nth[k];
        n += fit_count[o.req];
      }
      std::memcpy(out, list, sizeof(int32_t) * static_cast<size_t>(n));
      return n;
    }
    case Phase::PlaceMeeple: {
      const int base = action_space(game).placements;
      FigureChoice opts[kMaxFigureOptions];
      const int k = game.figure_options(opts);
      out[0] = base;  // no figure
      int n = 1;
      for (int i = 0; i < k; ++i)  // every listed action has a slot (the tests check it)
        if (const int slot = slot_of(opts[i]); slot > 0) out[n++] = base + slot;
      return n;  // figure_options lists meeples by location, then the abbot, then the recall: the slots ascend
    }
    case Phase::Draw: {
      int n = 0;
      for (int t = 0; t < kTileTypes; ++t)
        if (game.face_down(static_cast<TileType>(t)) > 0) out[n++] = t;
      return n;
    }
    case Phase::GameOver:
    case Phase::Bonus: return 0;  // TODO(rl helper): the bonus decision's two actions
  }
  return 0;
}

int legal_actions(const Game& game, int32_t* out) {
  const int n = legal_actions_unordered(game, out);
  if (game.phase() == Phase::PlaceTile) std::sort(out, out + n);  // the others come sorted
  return n;
}

Status check_action(const Game& game, int action, Verdict* why) {
  if (game.phase() == Phase::GameOver) return Status::WrongPhase;
  Verdict v;
  if (game.phase() == Phase::Draw) {
    if (action < 0 || action >= kChanceOutcomes) return Status::InvalidArgument;
    if (game.face_down(static_cast<TileType>(action)) == 0) v.reason = Illegal::NotFaceDown;
  } else {
    Action a;
    if (!decode(action_space(game), game.options(), action, a)) return Status::InvalidArgument;
    const bool tile_phase = game.phase() == Phase::PlaceTile;
    if (tile_phase != (a.kind == Action::Kind::Placement)) return Status::WrongPhase;
    v = tile_phase ? game.check_placement(a.at) : game.check_figure(a.slot.figure, a.slot.location);
  }
  if (why) *why = v;
  return v ? Status::Ok : Status::IllegalMove;
}

Status apply_action(Game& game, int action, Events* events, Verdict* why) {
  // The engine's own calls check the move; only what they cannot see is checked here.
  if (game.phase() == Phase::GameOver) return Status::WrongPhase;
  if (game.phase() == Phase::Draw) {
    if (action < 0 || action >= kChanceOutcomes) return Status::InvalidArgument;
    return game.draw(static_cast<TileType>(action), events, why);
  }
  Action a;
  if (!decode(action_space(game), game.options(), action, a)) return Status::InvalidArgument;
  const bool tile_phase = game.phase() == Phase::PlaceTile;
  if (tile_phase != (a.kind == Action::Kind::Placement)) return Status::WrongPhase;
  return tile_phase ? game.place(a.at, why) : game.act(a.slot.figure, a.slot.location, events, why);
}

}  // namespace carc::rl
