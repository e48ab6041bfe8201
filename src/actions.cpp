// Integer actions over the engine's own move listing: placements through the fixed window,
// figures through the one slot table.
#include "carcassonne/actions.hpp"

#include <algorithm>
#include <array>
#include <cstring>

#include "carcassonne/expansions.hpp"
#include "modules.hpp"

namespace carc::rl {

namespace {

// Where each figure kind's slots start in a mix's table, by Figure value (-1: not in the
// mix), after slot 0 (no figure). The kinds come in the figure rows' order (modules.hpp),
// which is figure_options's, each on its locations in canonical order, so the figure
// actions it lists come out ascending kind by kind.
struct Layout {
  std::array<int16_t, kFigureValues> start = [] {
    std::array<int16_t, kFigureValues> s{};
    s.fill(-1);
    return s;
  }();
  std::array<Reach, kFigureValues> reach{};
  int count = 1;
};

// A kind's slots: one per location of a tile for a figure onto a feature, else one.
constexpr int slots_of(Reach r) { return r == Reach::Feature || r == Reach::Corner ? kLocationCount : 1; }

// The figure layout of a mix (expansions.hpp); the mix indexes the tables below.
constexpr Layout layout_of(Mix m) {
  Layout l;
  for (const FigureRow& r : kFigureRows) {
    // Actions on other tiles have no slots yet (the action space covers the tile just placed).
    if ((r.owner != 0 && !(r.owner & m)) || r.kind.reach == Reach::Elsewhere) continue;
    const auto f = static_cast<size_t>(r.kind.figure);
    l.start[f] = static_cast<int16_t>(l.count);
    l.reach[f] = r.kind.reach;
    l.count += slots_of(r.kind.reach);
  }
  return l;
}

// The figure kinds that act on other tiles in a mix (bit(Figure)), each given a slot per
// window cell and location after the decisions' slots, in Figure order.
constexpr FigureSet elsewhere_figures(Mix m) {
  const FigureSet f =
      module_figures(m, [](auto mod) { return decltype(mod)::kOtherTileFigures | decltype(mod)::kTowerTopFigures; });
  return static_cast<FigureSet>(f & (figures_of(m) | bit(Figure::Meeple)));
}
constexpr int popcount16(FigureSet b) { return b == 0 ? 0 : (b & 1) + popcount16(static_cast<FigureSet>(b >> 1)); }
// The index of figure f among a mix's elsewhere kinds, or -1.
constexpr int elsewhere_index(FigureSet kinds, Figure f) {
  const FigureSet b = bit(f);
  return (kinds & b) ? popcount16(static_cast<FigureSet>(kinds & (b - 1))) : -1;
}

// The cell block of a mix: per window cell, the elsewhere figure kinds, then the modules'
// cell kinds (the tower's captures), each on `locations` locations.
struct Cells {
  FigureSet figures = 0;
  int figure_kinds = 0, kinds = 0, locations = kLocationCount;
};
constexpr Cells cells_of(Mix m) {
  Cells c;
  c.figures = elsewhere_figures(m);
  c.figure_kinds = c.kinds = popcount16(c.figures);
  Modules::each(m, [&](auto mod) {
    using M = decltype(mod);
    c.kinds += M::kCellKinds;
    c.locations = std::max(c.locations, M::kCellLocations);
  });
  if (c.kinds == 0) c.locations = 0;
  return c;
}
// The cell-block id of kind k on the cell of (x, y) at location loc, or -1.
int cell_id(const ActionSpace& s, const Cells& c, int k, int x, int y, Location loc) {
  const int cell = encode_placement(s, Placement{static_cast<int8_t>(x), static_cast<int8_t>(y), 0});
  const int l = static_cast<int>(loc);
  if (k < 0 || k >= c.kinds || l >= c.locations || cell < 0 || x < -128 || x > 127 || y < -128 || y > 127) return -1;
  return s.placements + s.figures + s.decisions + ((cell / 4) * c.kinds + k) * c.locations + l;
}

using SlotTable = std::array<FigureSlot, kMaxFigureSlots>;
constexpr std::array<SlotTable, kMixes> kSlots = [] {
  std::array<SlotTable, kMixes> t{};
  for (int c = 0; c < kMixes; ++c) {
    const Layout l = layout_of(static_cast<Mix>(c));
    SlotTable& a = t[static_cast<size_t>(c)];
    for (size_t f = 0; f < l.start.size(); ++f) {
      if (l.start[f] < 0) continue;
      const auto at = static_cast<size_t>(l.start[f]);
      const Figure figure = static_cast<Figure>(f);
      if (l.reach[f] == Reach::Feature || l.reach[f] == Reach::Corner)
        for (int i = 0; i < kLocationCount; ++i) a[at + static_cast<size_t>(i)] = FigureSlot{figure, static_cast<Location>(i)};
      else
        a[at] = FigureSlot{figure, l.reach[f] == Reach::Centre ? Location::C : Location::None};
    }
  }
  return t;
}();
static_assert(layout_of(kFigureMix).count == kMaxFigureSlots);

// The slot index of a figure action in the configuration's table, or -1 if it has none.
int slot_of(const Layout& l, FigureSlot f) {
  const auto k = static_cast<size_t>(f.figure);
  if (k >= l.start.size() || l.start[k] < 0) return -1;
  if (f.figure == Figure::Meeple && f.location == Location::None) return 0;
  const int loc = static_cast<int>(f.location);
  switch (l.reach[k]) {
    case Reach::Feature:
    case Reach::Corner: return loc < kLocationCount ? l.start[k] + loc : -1;
    case Reach::Centre: return f.location == Location::C ? l.start[k] : -1;
    case Reach::Nowhere: return f.location == Location::None ? l.start[k] : -1;
    case Reach::Elsewhere: return -1;
  }
  return -1;
}

int place_id(const ActionSpace& s, Placement p) {
  return ((p.y + s.reach) * s.side + (p.x + s.reach)) * 4 + p.rot;
}

// kRotationIds[mask]: the rotations in a mask of rotations, the k-th in slot k (0 past the
// last); one 16-byte row, so that an open cell's four placement ids are one vector add.
struct alignas(16) RotationIds {
  int32_t slot[4];
};
constexpr std::array<RotationIds, 16> kRotationIds = [] {
  std::array<RotationIds, 16> ids{};
  for (size_t mask = 0; mask < 16; ++mask)
    for (size_t k = 0; k < 4; ++k) ids[mask].slot[k] = tiles::kNthRotation[mask][k];
  return ids;
}();

}  // namespace

std::span<const FigureSlot> figure_slots(const Options& options) {
  const Mix m = mix_of(options);
  return std::span<const FigureSlot>(kSlots[m]).first(static_cast<size_t>(layout_of(m).count));
}

namespace {
// The action space of each mix: its figure layout, and a window as wide as the board can
// reach when the box is bigger than the base game's 72 tiles (no tile lies farther from
// (0,0) than the box has tiles). A table, since every step of a batch asks for it several
// times.
constexpr ActionSpace space_of(Mix mix) {
  ActionSpace s;
  s.reach = mix & kBiggerBoxMix ? Board::kReach : kBaseTiles;
  s.side = 2 * s.reach + 1;
  s.placements = s.side * s.side * 4;
  s.figures = layout_of(mix).count;
  Modules::each(mix, [&](auto m) { s.decisions += decltype(m)::kActionSlots; });
  const Cells c = cells_of(mix);
  s.elsewhere = s.side * s.side * c.kinds * c.locations;
  return s;
}
constexpr std::array<ActionSpace, kMixes> kSpaces = [] {
  std::array<ActionSpace, kMixes> t{};
  for (int i = 0; i < kMixes; ++i) t[static_cast<size_t>(i)] = space_of(static_cast<Mix>(i));
  return t;
}();
}  // namespace

ActionSpace action_space(int, const Options& options) { return kSpaces[mix_of(options)]; }

int encode_placement(const ActionSpace& space, Placement p) {
  if (p.rot > 3 || p.x < -space.reach || p.x > space.reach || p.y < -space.reach || p.y > space.reach) return -1;
  return place_id(space, p);
}

int encode_figure(const ActionSpace& space, const Options& options, FigureSlot slot) {
  if (slot.elsewhere) {
    const Cells c = cells_of(mix_of(options));
    return cell_id(space, c, elsewhere_index(c.figures, slot.figure), slot.x, slot.y, slot.location);
  }
  const int i = slot_of(layout_of(mix_of(options)), slot);
  return i < 0 ? -1 : space.placements + i;
}

namespace {
// Calls f(kind, first slot, options) for each kind of expansion decision in a mix, in slot
// order: the modules' slots in list order, each module's kinds in order, each kind's options
// by number.
template <class F>
void each_decision_kind(Mix mix, F&& f) {
  int base = 0;
  Modules::each(mix, [&](auto m) {
    using M = decltype(m);
    for (int k = kFirstExpansionKind, first = base; k < kDecisionKinds && !M::kOwnSlots; ++k)
      if (const auto kind = static_cast<DecisionKind>(k); M::decides(kind)) {
        f(kind, first, M::options(kind));
        first += M::options(kind);
      }
    base += M::kActionSlots;
  });
}
}  // namespace

int encode_decision(const ActionSpace& space, const Options& options, const Choice& c) {
  const Mix mix = mix_of(options);
  int slot = -1, id = -1;
  each_decision_kind(mix, [&](DecisionKind kind, int first, int count) {
    if (kind == c.kind && c.option < count) slot = first + c.option;
  });
  // The modules that number their slots themselves, and options taken on a cell.
  const Cells cells = cells_of(mix);
  int base = 0, cell_kind = cells.figure_kinds;
  Modules::each(mix, [&](auto m) {
    using M = decltype(m);
    if (M::kOwnSlots && M::action_slot(c) >= 0) slot = base + M::action_slot(c);
    if (M::cell_kind(c) >= 0) {
      int8_t x = 0, y = 0;
      Location loc = Location::None;
      M::cell_of(c, x, y, loc);
      id = cell_id(space, cells, cell_kind + M::cell_kind(c), x, y, loc);
    }
    base += M::kActionSlots;
    cell_kind += M::kCellKinds;
  });
  if (id >= 0) return id;
  return slot < 0 ? -1 : space.placements + space.figures + slot;
}

int encode_bonus(const ActionSpace& space, const Options& options, bool take) {
  return encode_decision(space, options, Choice{DecisionKind::Bonus, kNoTile, {}, {}, static_cast<uint8_t>(take ? 0 : 1)});
}

bool decode(const ActionSpace& space, const Options& options, int action, Action& out) {
  if (action < 0 || action >= space.size()) return false;
  if (const int first = space.placements + space.figures + space.decisions; action >= first) {
    const Mix mix = mix_of(options);
    const Cells c = cells_of(mix);
    const int i = action - first, loc = i % c.locations, k = i / c.locations % c.kinds, cell = i / c.locations / c.kinds;
    const auto x = static_cast<int8_t>(cell % space.side - space.reach), y = static_cast<int8_t>(cell / space.side - space.reach);
    if (k >= c.figure_kinds) {  // a module's option taken on a cell
      int kind = c.figure_kinds;
      bool found = false;
      Modules::each(mix, [&](auto m) {
        using M = decltype(m);
        if (!found && k < kind + M::kCellKinds) {
          out = Action{Action::Kind::Decision, Placement{}, FigureSlot{}, Choice{}};
          found = M::cell_choice(k - kind, x, y, static_cast<Location>(loc), &out.choice);
        }
        kind += M::kCellKinds;
      });
      return found;
    }
    int f = 0;
    for (int seen = -1; f < 16; ++f)
      if (((c.figures >> f) & 1) && ++seen == k) break;
    out = Action{Action::Kind::Figure, Placement{}, FigureSlot{static_cast<Figure>(f), static_cast<Location>(loc), true, x, y},
                 Choice{}};
    return true;
  }
  if (action >= space.placements + space.figures) {
    const int slot = action - space.placements - space.figures;
    bool found = false;
    each_decision_kind(mix_of(options), [&](DecisionKind kind, int first, int count) {
      if (slot < first || slot >= first + count) return;
      out = Action{Action::Kind::Decision, Placement{}, FigureSlot{},
                   Choice{kind, kNoTile, {}, {Figure::Meeple, Location::None}, static_cast<uint8_t>(slot - first)}};
      found = true;
    });
    int base = 0;
    Modules::each(mix_of(options), [&](auto m) {
      using M = decltype(m);
      if (M::kOwnSlots && slot >= base && slot < base + M::kActionSlots) {
        out = Action{Action::Kind::Decision, Placement{}, FigureSlot{}, Choice{}};
        found = M::slot_choice(slot - base, &out.choice);
      }
      base += M::kActionSlots;
    });
    return found;
  }
  if (action >= space.placements) {
    out = Action{Action::Kind::Figure, Placement{}, figure_slots(options)[static_cast<size_t>(action - space.placements)], Choice{}};
    return true;
  }
  const int cell = action / 4;
  out = Action{Action::Kind::Placement,
               Placement{static_cast<int8_t>(cell % space.side - space.reach),
                         static_cast<int8_t>(cell / space.side - space.reach), static_cast<uint8_t>(action % 4)},
               FigureSlot{}, Choice{}};
  return true;
}

namespace {
// The modules' own options of the placement decision (the ransoms), as decision actions.
int place_option_actions(const Game& game, int32_t* out) {
  PlaceOptionBuffer list;
  const int n = place_options(game, list);
  for (int i = 0; i < n; ++i) out[i] = encode_decision(action_space(game), game.options(), list[i]);
  return n;
}
}  // namespace

int legal_actions_unordered(const Game& game, int32_t* out) {
  switch (game.phase()) {
    case Phase::PlaceTile: {
      // As Game::packed_placements does: each open cell writes a whole row of four ids and
      // keeps as many as fit, with no branch per cell; the rows may reach 3 slots past the
      // list, so it is built here and copied out.
      const ActionSpace s = action_space(game);
      const Board& board = game.board();
      const TileType t = game.current_tile();
      if (owned_by_module(t)) {  // a module places these (kFit has no row for them): the river, at its end
        PlacementBuffer at;
        const int n = game.legal_placements(at);
        for (int i = 0; i < n; ++i) out[i] = place_id(s, at[i]);
        return n + place_option_actions(game, out + n);
      }
      const auto& fit = tiles::kFit[t];
      const auto& fit_count = tiles::kFitCount[t];
      int32_t list[kMaxLegalActions + 3];
      int n = 0;
      for (int i = 0, cells = board.open_count(); i < cells; ++i) {
        const OpenCell& o = board.open(i);
        const int32_t base = place_id(s, Placement{o.x, o.y, 0});
        const RotationIds rot = kRotationIds[fit[o.req]];  // loaded before the stores, which may alias it
        for (int k = 0; k < 4; ++k) list[n + k] = base + rot.slot[k];
        n += fit_count[o.req];
      }
      std::memcpy(out, list, sizeof(int32_t) * static_cast<size_t>(n));
      return n + place_option_actions(game, out + n);
    }
    case Phase::PlaceMeeple: {
      const int base = action_space(game).placements;
      const Layout l = layout_of(mix_of(game.options()));
      FigureBuffer opts;
      const int k = game.figure_options(opts);
      out[0] = base;  // no figure
      int n = 1;
      bool elsewhere = false;
      for (int i = 0; i < k; ++i) {  // every listed action has a slot (the tests check it)
        if (opts[i].elsewhere) {
          out[n++] = encode_figure(action_space(game), game.options(), opts[i]);
          elsewhere = true;
        } else if (const int slot = slot_of(l, opts[i]); slot > 0) {
          out[n++] = base + slot;
        }
      }
      // figure_options lists the kinds in slot order, each by location: the slots on the tile
      // ascend; those on other tiles are listed by kind, then tile.
      if (elsewhere) std::sort(out, out + n);
      return n;
    }
    case Phase::Decide: {
      const ActionSpace s = action_space(game);
      ChoiceBuffer list;
      const int n = list_choices(game, list);
      for (int i = 0; i < n; ++i) out[i] = encode_decision(s, game.options(), list[i]);
      std::sort(out, out + n);
      return n;
    }
    case Phase::Draw: {
      int n = 0;
      for (int t = 0; t < kTileTypes; ++t)
        if (game.check_draw(static_cast<TileType>(t))) out[n++] = t;
      return n;
    }
    case Phase::GameOver: return 0;
  }
  return 0;
}

int legal_actions(const Game& game, int32_t* out) {
  const int n = legal_actions_unordered(game, out);
  if (game.phase() == Phase::PlaceTile) std::sort(out, out + n);  // the others come sorted
  return n;
}

namespace {
// The kind of action a decision takes (Draw and GameOver take none: Placement, unused).
Action::Kind kind_of(Phase phase) {
  return phase == Phase::PlaceMeeple ? Action::Kind::Figure
         : phase == Phase::Decide     ? Action::Kind::Decision
                                     : Action::Kind::Placement;
}
// Whether an action answers the decision the game waits for: of its phase's kind, or an
// option of that decision's kind (a ransom at the placement decision).
bool of_this_decision(const Game& game, const Action& a) {
  if (a.kind == Action::Kind::Decision) return of_pending_kind(game, a.choice);
  return a.kind == kind_of(game.phase());
}
}  // namespace

Status check_action(const Game& game, int action, Verdict* why) {
  Verdict v;
  if (game.phase() == Phase::Draw) {
    if (action < 0 || action >= kChanceOutcomes) return Status::InvalidArgument;
    v = game.check_draw(static_cast<TileType>(action));
  } else {
    // An id outside the space is a bad argument even once the game is over.
    Action a;
    if (!decode(action_space(game), game.options(), action, a)) return Status::InvalidArgument;
    if (game.over() || !of_this_decision(game, a)) return Status::WrongPhase;
    if (a.kind == Action::Kind::Placement) v = game.check_placement(a.at);
    else if (a.kind == Action::Kind::Figure) v = game.check_figure(a.slot);
    else v = check_choice(game, a.choice);
  }
  if (why) *why = v;
  return v ? Status::Ok : Status::IllegalMove;
}

bool action_choice(const Game& game, int action, Choice& out) {
  if (game.phase() == Phase::Draw) {
    if (action < 0 || action >= kChanceOutcomes) return false;
    out = Choice{DecisionKind::Draw, static_cast<TileType>(action)};
    return true;
  }
  Action a;
  if (!decode(action_space(game), game.options(), action, a) || game.over() || !of_this_decision(game, a)) return false;
  switch (a.kind) {
    case Action::Kind::Placement: out = Choice{DecisionKind::Place, game.current_tile(), a.at}; return true;
    case Action::Kind::Figure: out = Choice{DecisionKind::Figure, kNoTile, {}, a.slot}; return true;
    case Action::Kind::Decision:
      out = a.choice;
      if (out.kind == DecisionKind::Place) out.tile = game.current_tile();  // a ransom, an option of the placement decision
      return true;
  }
  return false;
}

Status apply_action(Game& game, int action, Events* events, Verdict* why) {
  const Status s = check_action(game, action, why);
  if (s == Status::Ok) apply_checked(game, action, events);
  return s;
}

void apply_checked(Game& game, int action, Events* events) {
  if (game.phase() == Phase::Draw) {
    game.draw(static_cast<TileType>(action), events);
    return;
  }
  Action a;
  decode(action_space(game), game.options(), action, a);
  switch (a.kind) {
    case Action::Kind::Placement: game.place_checked(a.at); return;
    case Action::Kind::Figure:
      if (a.slot.elsewhere) (void)game.act(a.slot, events);  // checked again: such actions are rare
      else game.act_checked(a.slot.figure, a.slot.location, events);
      return;
    case Action::Kind::Decision: decide(game, a.choice, events); return;
  }
}

}  // namespace carc::rl
