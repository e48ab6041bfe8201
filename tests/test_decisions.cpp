// The decision model (decision.hpp): every decision of every mix is listed, spelled, packed
// and taken as the phase's own calls take it, and a refused option changes nothing.
#include <catch2/catch.hpp>

#include "carcassonne/decision.hpp"
#include "random_expansions.hpp"

using namespace carc;

namespace {
// The listing each phase's own calls give, as choices.
std::vector<Choice> phase_listing(const Game& g) {
  std::vector<Choice> out;
  switch (g.phase()) {
    case Phase::Draw:
      for (int t = 0; t < kTileTypes; ++t)
        if (g.check_draw(static_cast<TileType>(t))) out.push_back(Choice{DecisionKind::Draw, static_cast<TileType>(t)});
      break;
    case Phase::PlaceTile: {
      Placement at[kMaxPlacements];
      const int n = g.legal_placements(at);
      for (int i = 0; i < n; ++i) out.push_back(Choice{DecisionKind::Place, g.current_tile(), at[i]});
      break;
    }
    case Phase::PlaceMeeple: {
      FigureChoice opts[kMaxFigureOptions];
      const int k = g.figure_options(opts);
      out.push_back(Choice{DecisionKind::Figure});
      for (int i = 0; i < k; ++i) out.push_back(Choice{DecisionKind::Figure, kNoTile, {}, opts[i]});
      break;
    }
    case Phase::Decide:
      out.push_back(Choice{DecisionKind::Bonus});  // take
      out.push_back(Choice{DecisionKind::Bonus, kNoTile, {}, {Figure::Meeple, Location::None}, 1});  // pass
      break;
    case Phase::GameOver: break;
  }
  return out;
}

// Takes c with the phase's own call.
Status take_by_phase(Game& g, const Choice& c, Events* events) {
  switch (c.kind) {
    case DecisionKind::Draw: return g.draw(c.tile, events);
    case DecisionKind::Place: return g.place(c.at);
    case DecisionKind::Figure: return g.act(c.figure.figure, c.figure.location, events);
    case DecisionKind::Bonus: return c.option == 0 ? g.take_bonus(events) : g.pass(events);
    case DecisionKind::Dragon:
    case DecisionKind::Capture:
    case DecisionKind::Abbey:
    case DecisionKind::Wagon: return decide(g, c, events);  // no call of its own: the decision model's
    case DecisionKind::None: break;
  }
  return Status::Internal;
}
}  // namespace

TEST_CASE("Every decision of every mix is listed, spelled, packed and taken as its phase's calls take it") {
  int decisions = 0, bonus = 0, draws = 0;
  for (int i = 0; i < 48; ++i) {
    Game by_decision = test::mixed_game(i);
    Game by_phase = by_decision;
    Rng rng(700 + static_cast<uint64_t>(i));
    Choice list[kMaxChoices];
    while (!by_decision.over()) {
      INFO("game " << i << ", draw " << by_decision.drawn());
      const int n = list_choices(by_decision, list);
      const std::vector<Choice> want = phase_listing(by_decision);
      REQUIRE(std::vector<Choice>(list, list + n) == want);
      REQUIRE(n > 0);
      for (int k = 0; k < n; ++k) {
        CHECK(check_choice(by_decision, list[k]));
        Choice read;
        std::string error;
        REQUIRE(parse_choice(by_decision, choice_text(list[k]), read, &error));
        CHECK(read == list[k]);
        REQUIRE(unpack_choice(pack_choice(list[k]), read));
        CHECK(read == list[k]);
      }
      const DecisionKind kind = decision_kind(by_decision);
      CHECK(decider(by_decision) == (kind == DecisionKind::Draw ? kChance : by_decision.current_player()));
      bonus += kind == DecisionKind::Bonus;
      draws += kind == DecisionKind::Draw;
      const Choice c = list[rng.below(static_cast<uint32_t>(n))];
      Events a, b;
      REQUIRE(decide(by_decision, c, &a) == Status::Ok);
      REQUIRE(take_by_phase(by_phase, c, &b) == Status::Ok);
      REQUIRE(by_decision == by_phase);
      REQUIRE(a.count == b.count);
      ++decisions;
    }
    CHECK(decider(by_decision) == kNobody);
    CHECK(decision_kind(by_decision) == DecisionKind::None);
    CHECK(list_choices(by_decision, list) == 0);
  }
  CHECK(decisions > 9000);  // 48 whole games, some cut short
  CHECK(bonus > 0);  // the mixes reach the builder's bonus and caller draws
  CHECK(draws > 0);
}

TEST_CASE("A choice of another decision, or an illegal one, is refused and changes nothing") {
  Game g(2, 1);
  const Game before = g;
  Verdict why;
  CHECK(decide(g, Choice{DecisionKind::Figure}, nullptr, &why) == Status::WrongPhase);
  CHECK(why.reason == Illegal::WrongPhase);
  CHECK(decide(g, Choice{DecisionKind::Bonus, kNoTile, {}, {}, 1}, nullptr, &why) == Status::WrongPhase);
  CHECK(decide(g, Choice{DecisionKind::None}, nullptr, &why) == Status::WrongPhase);
  // The start tile's own cell is taken.
  CHECK(decide(g, Choice{DecisionKind::Place, g.current_tile(), Placement{0, 0, 0}}, nullptr, &why) == Status::IllegalMove);
  CHECK(why.reason == Illegal::Occupied);
  // A placement of another tile than the one in hand.
  Choice other{DecisionKind::Place, static_cast<TileType>((g.current_tile() + 1) % kBaseTypes), Placement{0, 1, 0}};
  CHECK(decide(g, other, nullptr, &why) == Status::WrongPhase);
  CHECK(g == before);
}

TEST_CASE("Move text of each kind of decision") {
  Game g(2, std::vector<TileType>{tile_from_name("E"), tile_from_name("U")}, Options{});
  Choice c;
  std::string error;
  REQUIRE(parse_choice(g, "E 0,-1 180", c, &error));
  CHECK(c == Choice{DecisionKind::Place, tile_from_name("E"), Placement{0, -1, 2}});
  CHECK(choice_text(c) == "E 0,-1 180");
  CHECK_FALSE(parse_choice(g, "E 0,-1 180 S", c, &error));
  CHECK(error == "a placement is written without its figure action, which is the next decision");
  CHECK_FALSE(parse_choice(g, "pass", c, &error));
  REQUIRE(decide(g, Choice{DecisionKind::Place, kNoTile, Placement{0, -1, 2}}) == Status::Ok);
  REQUIRE(parse_choice(g, "S", c));
  CHECK(c == Choice{DecisionKind::Figure, kNoTile, {}, {Figure::Meeple, Location::S}});
  REQUIRE(parse_choice(g, "-", c));
  CHECK(c == Choice{DecisionKind::Figure});
  CHECK(choice_text(c) == "-");
  CHECK(choice_text(Choice{DecisionKind::Draw, tile_from_name("RL")}) == "draw RL");
  CHECK(choice_text(Choice{DecisionKind::Bonus}) == "bonus");
  CHECK(choice_text(Choice{DecisionKind::Bonus, kNoTile, {}, {}, 1}) == "pass");
}

TEST_CASE("Packed ids: each kind's bits, and stray bits refused") {
  const Choice place{DecisionKind::Place, tile_from_name("E"), Placement{-1, 2, 3}};
  CHECK(pack_choice(place) == (uint64_t{2} << 56 | uint64_t{tile_from_name("E")} << 32 | 3u << 16 | 2u << 8 | 0xFFu));
  Choice read;
  CHECK_FALSE(unpack_choice(pack_choice(place) | uint64_t{1} << 40, read));
  CHECK_FALSE(unpack_choice(0, read));                   // no decision
  CHECK_FALSE(unpack_choice(uint64_t{kDecisionKinds} << 56, read));   // no such kind
  CHECK_FALSE(unpack_choice(uint64_t{1} << 56 | uint64_t{kTileTypes} << 32, read));  // no such tile
  CHECK(unpack_choice(uint64_t{4} << 56 | uint64_t{1} << 60, read));
  CHECK(read == Choice{DecisionKind::Bonus, kNoTile, {}, {}, 1});  // pass
}
