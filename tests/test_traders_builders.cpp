// Traders & Builders (docs/expansions.md, "Traders & Builders"): every worked example, then
// the box, the builder's double turn, the pig and whole games with every option on. Base
// start tile D at (0,0), player 0 first.
#include "rules_helpers.hpp"

#include <algorithm>


using namespace rules;

namespace {

Options traders() {
  Options o;
  o.traders_and_builders = true;
  return o;
}

Options both() {
  Options o = traders();
  o.inns_and_cathedrals = true;
  return o;
}

// The one event of a type in a list.
Event only_event(const Events& ev, Event::Type type) {
  const std::vector<Event> found = events_of(ev, type);
  REQUIRE(found.size() == 1u);
  return found[0];
}

// Index of the first event of a type in a list, or -1.
int index_of(const Events& ev, Event::Type type) {
  for (int i = 0; i < ev.count; ++i)
    if (ev.items[i].type == type) return i;
  return -1;
}

using Tokens = std::array<uint8_t, 3>;  // wine, grain, cloth

// The first turns of examples 3 and 7, and of the double-turn rules: player 0's thief on the
// road D-U, player 1 a monastery south of D (away from the road, no figure), player 0's
// builder on the road's second U.
void builder_on_road(Game& g) {
  play(g, "U 1,0 90 E");
  play(g, "B 0,1 0");
  play(g, "U 2,0 90 B:E");
}

}  // namespace

TEST_CASE("Traders & Builders example 1: goods go to the completing player", "[traders][example]") {
  Game g = new_game(2, "TG E U", traders());  // the U only keeps the game going
  play(g, "TG 0,-1 180 S");  // player 0's knight; TG's grain city joins D's city, open to the east
  Events ev;
  play(g, "E 1,-1 270", &ev);  // player 1 completes the 3-tile city
  const Event city = only_score(ev, FeatureKind::City);
  CHECK(city.points == 6);
  CHECK(city.tiles == 3);
  CHECK(city.winners == players_mask({0}));
  const Event goods = only_event(ev, Event::Type::Goods);
  CHECK(goods.winners == players_mask({1}));  // player 1 has no knight there
  CHECK(goods.goods == Tokens{0, 1, 0});
  CHECK(goods.x == 1);
  CHECK(goods.y == -1);
  CHECK(goods.tile == tile_from_letter('E'));
  CHECK(g.score(0) == 6);
  CHECK(g.score(1) == 0);
  CHECK(g.goods(1, Goods::Grain) == 1);
  CHECK(g.goods(0, Goods::Grain) == 0);
  for (int p = 0; p < 2; ++p) {
    CHECK(g.goods(p, Goods::Wine) == 0);
    CHECK(g.goods(p, Goods::Cloth) == 0);
  }
}

TEST_CASE("Traders & Builders example 2: a goods tie at the end", "[traders][example]") {
  Game g = new_game(2, "TG E TF E E", traders());
  play_all(g, {"TG 0,-1 180 S", "E 1,-1 270"});  // example 1
  play(g, "TF 0,1 270");                          // player 0: a grain city, open west and south
  play(g, "E 0,2 0");                             // player 1
  Events ev;
  play(g, "E -1,1 90", &ev);  // player 0 completes it with no knight; the last tile
  REQUIRE(g.over());
  const Event goods = only_event(ev, Event::Type::Goods);
  CHECK(goods.winners == players_mask({0}));
  CHECK(goods.goods == Tokens{0, 1, 0});
  for (const Event& e : scores(ev)) CHECK(e.feature != FeatureKind::City);  // nobody scores the city
  CHECK(g.goods(0, Goods::Grain) == 1);
  CHECK(g.goods(1, Goods::Grain) == 1);
  // Grain 1-1: both score 10; nobody has wine or cloth, so nobody scores for them.
  const Event bonus = only_event(ev, Event::Type::GoodsBonus);
  CHECK(bonus.points == 10);
  CHECK(bonus.winners == players_mask({0, 1}));
  CHECK(bonus.goods == Tokens{0, 1, 0});
  CHECK(g.banked_score(0) == 6);
  CHECK(g.banked_score(1) == 0);
  CHECK(g.score(0) == 16);
  CHECK(g.score(1) == 10);
}

TEST_CASE("Traders & Builders example 3: the builder and the double turn", "[traders][example]") {
  Game g = new_game(2, "U B U B A A B", traders());
  play(g, "U 1,0 90 E");
  play(g, "B 0,1 0");  // player 1, harmless: a monastery south of D, away from the road
  // The builder may join player 0's thief; a second meeple may not.
  FigureChoice c[kMaxFigureOptions];
  const int n = g.figure_options_for(at(2, 0, 90), c);
  CHECK(std::find(c, c + n, FigureChoice{Figure::Builder, Location::E}) != c + n);
  CHECK(refusal(g, "U 2,0 90 E") == Illegal::FeatureOccupied);
  Events ev;
  play(g, "U 2,0 90 B:E", &ev);
  CHECK(events_of(ev, Event::Type::Bonus).empty());  // no double turn on the placement that deploys it
  CHECK(g.phase() == Phase::PlaceTile);
  CHECK(g.current_player() == 1);
  CHECK(g.supply(0, Figure::Builder) == 0);
  play(g, "B 0,2 0");  // player 1, harmless again
  ev.clear();
  play(g, "A 3,0 90", &ev);  // extends the road, now closed in the east
  CHECK(scores(ev).empty());
  const Event bonus = only_event(ev, Event::Type::Bonus);
  CHECK(bonus.winners == players_mask({0}));
  CHECK(bonus.x == 3);
  CHECK(bonus.y == 0);
  CHECK(bonus.tile == tile_from_letter('A'));
  REQUIRE(g.phase() == Phase::Decide);
  CHECK(g.current_player() == 0);
  ev.clear();
  play_bonus(g, "A -1,0 270", &ev);  // closes the west end
  const Event road = only_score(ev, FeatureKind::Road);
  CHECK(road.points == 5);
  CHECK(road.tiles == 5);
  CHECK(road.winners == players_mask({0}));
  CHECK(g.score(0) == 5);
  CHECK(g.supply(0) == 7);
  CHECK(g.supply(0, Figure::Builder) == 1);
  // That tile extended the road too, but there is no third tile.
  CHECK(events_of(ev, Event::Type::Bonus).empty());
  CHECK(g.phase() == Phase::PlaceTile);
  CHECK(g.current_player() == 1);
  CHECK_FALSE(g.bonus_turn());
  CHECK(g.current_tile() == tile_from_letter('B'));
}

TEST_CASE("Traders & Builders example 4: the builder needs your meeple", "[traders][example]") {
  Game g = new_game(2, "U U B U", traders());
  play(g, "U 1,0 90 E");  // player 0's thief
  play(g, "U 2,0 90");    // player 1: the road D-U-U
  play(g, "B 0,1 0");     // player 0, harmless
  CHECK(refusal(g, "U -1,0 90 B:W") == Illegal::BuilderNeedsMeeple);
  const Game before = g;
  Verdict why;
  CHECK(g.play(move_of(g, "U -1,0 90 B:W"), nullptr, &why) == Status::IllegalMove);
  CHECK(why.reason == Illegal::BuilderNeedsMeeple);
  CHECK(g == before);
  CHECK(refusal(g, "U -1,0 90") == Illegal::None);
}

TEST_CASE("Traders & Builders example 5: not on a feature this tile completes", "[traders][example]") {
  Game g = new_game(2, "U A A", traders());
  play(g, "U 1,0 90 E");
  play(g, "A -1,0 270");
  CHECK(refusal(g, "A 2,0 90 B:W") == Illegal::BuilderComplete);
  Events ev;
  play(g, "A 2,0 90", &ev);
  CHECK(only_score(ev, FeatureKind::Road).points == 4);
  CHECK(g.score(0) == 4);
}

TEST_CASE("Traders & Builders example 6: completed by the first tile", "[traders][example]") {
  Game g = new_game(2, "U A U B E B A N B", traders());
  play(g, "U 1,0 90 E");
  play(g, "A -1,0 270");    // player 1 closes the west end
  play(g, "U 2,0 90 B:E");  // player 0's builder
  play(g, "B 0,1 0");       // player 1, harmless
  // Player 0, in between: a knight on a new city north of the first U (open to the north).
  play(g, "E 1,-1 0 N");
  play(g, "B 0,2 0");  // player 1, harmless
  Events ev;
  play(g, "A 3,0 90", &ev);  // completes the road
  const Event road = only_score(ev, FeatureKind::Road);
  CHECK(road.points == 5);
  CHECK(road.tiles == 5);
  CHECK(g.score(0) == 5);
  CHECK(g.supply(0) == 6);  // the thief is home, the knight stays
  CHECK(g.supply(0, Figure::Builder) == 1);
  CHECK(only_event(ev, Event::Type::Bonus).winners == players_mask({0}));
  CHECK(index_of(ev, Event::Type::Score) < index_of(ev, Event::Type::Bonus));
  // Player 0 still takes the extra tile, and may put the returned builder on it: the city
  // holds player 0's knight and this tile extends it without completing it.
  REQUIRE(g.phase() == Phase::Decide);
  REQUIRE(g.take_bonus() == Status::Ok);
  CHECK(g.bonus_turn());
  CHECK(g.current_player() == 0);
  CHECK(refusal(g, "N 1,-2 90 B:S") == Illegal::None);
  ev.clear();
  play(g, "N 1,-2 90 B:S", &ev);
  CHECK(g.supply(0, Figure::Builder) == 0);
  CHECK(events_of(ev, Event::Type::Bonus).empty());
  CHECK(g.current_player() == 1);
  CHECK(g.phase() == Phase::PlaceTile);
}

TEST_CASE("Traders & Builders example 7: only the owner profits", "[traders][example]") {
  Game g = new_game(2, "U B U A B", traders());
  builder_on_road(g);  // two of player 0's turns, a harmless one of player 1 between
  Events ev;
  play(g, "A 3,0 90", &ev);  // player 1 extends the road
  CHECK(events_of(ev, Event::Type::Bonus).empty());
  CHECK(g.phase() == Phase::PlaceTile);
  CHECK(g.current_player() == 0);
  CHECK(g.supply(0, Figure::Builder) == 0);  // the builder stays
}

TEST_CASE("Traders & Builders example 8: the pig", "[traders][example]") {
  Game g = new_game(2, "U V A E E E E", traders());
  play(g, "U 0,1 90 NNE");  // player 0: farmer on D's southern field + U's northern field
  play(g, "V 1,1 0 SSW");   // player 1: farmer on the field south of U's road
  play(g, "A -1,1 270");    // player 0: the road ends at the monastery, the two fields join
  play(g, "E 0,2 180");     // player 1
  play(g, "E 0,3 0");       // player 0: city 1 complete, no knight
  CHECK(refusal(g, "E -1,2 180 P:NNE") == Illegal::None);
  play(g, "E -1,2 180 P:NNE");  // player 1's pig: player 1 has a farmer in this field
  CHECK(g.supply(1, Figure::Pig) == 0);
  Events ev;
  play(g, "E -1,3 0", &ev);  // player 0: city 2 complete; the last tile
  REQUIRE(g.over());
  // Farmers tie 1-1 (the pig does not count): 3 per city to both, then 1 per city to the pig's owner.
  const Event field = only_score(ev, FeatureKind::Field);
  CHECK(field.end_game);
  CHECK(field.points == 6);
  CHECK(field.winners == players_mask({0, 1}));
  CHECK(field.meeples[0] == 1);
  CHECK(field.meeples[1] == 1);
  const Event pig = only_event(ev, Event::Type::Pig);
  CHECK(pig.points == 2);
  CHECK(pig.winners == players_mask({1}));
  CHECK(index_of(ev, Event::Type::Score) < index_of(ev, Event::Type::Pig));
  CHECK(g.score(0) == 6);
  CHECK(g.score(1) == 8);
}

TEST_CASE("Traders & Builders example 9: the pig needs your farmer", "[traders][example]") {
  Game g = new_game(2, "U U", traders());
  play(g, "U 0,1 90 NNE");
  CHECK(refusal(g, "U 1,1 90 P:WNW") == Illegal::PigNeedsFarmer);  // only player 0's farmer there
  CHECK(refusal(g, "U 1,1 90 P:ESE") == Illegal::PigNeedsFarmer);  // nobody's farmer there
  CHECK(refusal(g, "U 1,1 90 ESE") == Illegal::None);
}

TEST_CASE("Traders & Builders example 10: the bridge tile", "[traders][example]") {
  Game g = new_game(2, "TB A A B", traders());  // the B only keeps the game going
  play(g, "TB 1,0 0 E");  // player 0's thief on the west-east road, joined to D's
  CHECK(refusal(g, "A 1,-1 0 S") == Illegal::None);
  play(g, "A 1,-1 0 S");  // player 1's thief on the north-south road, a different road
  Events ev;
  play(g, "A 1,1 180", &ev);  // player 0 closes the north-south road
  const Event road = only_score(ev, FeatureKind::Road);
  CHECK(road.points == 3);
  CHECK(road.tiles == 3);
  CHECK(road.winners == players_mask({1}));
  CHECK(g.score(1) == 3);
  CHECK(g.score(0) == 0);
  FeatureInfo info;
  REQUIRE(inspect_feature(g, 1, 0, Location::E, info) == Status::Ok);
  CHECK_FALSE(info.completed);  // player 0's road is still open
  CHECK(g.supply(0) == 6);
  CHECK(g.supply(1) == 7);
}

TEST_CASE("Traders & Builders: the box adds 24 tiles with 9 wine, 6 grain, 5 cloth", "[traders]") {
  Game g(2, 9, traders());
  const auto order = g.draw_order();
  REQUIRE(order.size() == 71u + 24u);
  int added = 0;
  std::array<int, 4> symbols{};
  for (TileType t : order) {
    const tiles::TileDef& d = tiles::kDefs[t];
    if (d.set != tiles::raw::TileSet::TradersAndBuilders) continue;
    ++added;
    for (int i = 0; i < d.nsegs; ++i) symbols[static_cast<int>(d.segs[i].goods)]++;
  }
  CHECK(added == 24);
  CHECK(symbols[static_cast<int>(Goods::Wine)] == 9);
  CHECK(symbols[static_cast<int>(Goods::Grain)] == 6);
  CHECK(symbols[static_cast<int>(Goods::Cloth)] == 5);
  for (int p = 0; p < 2; ++p) {
    CHECK(g.supply(p) == 7);
    CHECK(g.supply(p, Figure::Builder) == 1);
    CHECK(g.supply(p, Figure::Pig) == 1);
    CHECK(g.supply(p, Figure::Large) == 0);
    for (Goods k : {Goods::Wine, Goods::Grain, Goods::Cloth}) CHECK(g.goods(p, k) == 0);
  }
  Game plain(2, 9);
  CHECK(plain.supply(0, Figure::Builder) == 0);
  CHECK(plain.supply(0, Figure::Pig) == 0);
  CHECK_THROWS_AS(Game(2, tiles_of("TB"), Options{}), std::invalid_argument);
  Game base = new_game(2, "U");
  CHECK(refusal(base, "U 1,0 90 B:E") == Illegal::NotInGame);
  CHECK(refusal(base, "U 1,0 90 P:NNE") == Illegal::NotInGame);
  // Both expansions: 18 + 24 tiles, and six players each with a large meeple, a builder and a pig.
  Game six(6, 9, both());
  CHECK(six.draw_order().size() == 71u + 18u + 24u);
  for (int p = 0; p < 6; ++p) {
    CHECK(six.supply(p, Figure::Large) == 1);
    CHECK(six.supply(p, Figure::Builder) == 1);
    CHECK(six.supply(p, Figure::Pig) == 1);
  }
  const OptionInfo* row = find_option("traders-and-builders");
  REQUIRE(row != nullptr);
  CHECK(row->id == 7);
  CHECK(row->field == &Options::traders_and_builders);
}

TEST_CASE("Traders & Builders: the builder goes only on a road or city", "[traders]") {
  Game g = new_game(2, "U A", traders());
  CHECK(refusal(g, "U 1,0 90 B:NNE") == Illegal::BuilderRoadOrCity);  // a field
  play(g, "U 1,0 90 E");
  CHECK(refusal(g, "A -1,0 270 B:C") == Illegal::BuilderRoadOrCity);  // a monastery
  // A garden (with the Abbot): TU's, beside its city.
  Options o = traders();
  o.abbot = true;
  Game garden = new_game(2, "TU", o);
  CHECK(refusal(garden, "TU 0,-1 180 B:C") == Illegal::GardenAbbotOnly);
  CHECK(refusal(garden, "TU 0,-1 180 P:C") == Illegal::GardenAbbotOnly);
  CHECK(refusal(garden, "TU 0,-1 180 B:S") == Illegal::BuilderNeedsMeeple);  // the city holds no knight
  CHECK(refusal(garden, "TU 0,-1 180 A:C") == Illegal::None);
}

TEST_CASE("Traders & Builders: the pig goes only on a field, and not with farmers off", "[traders]") {
  Game g = new_game(2, "U", traders());
  CHECK(refusal(g, "U 0,1 90 P:E") == Illegal::PigFieldOnly);
  Options o = traders();
  o.farmers = false;
  Game off = new_game(2, "U", o);
  CHECK(refusal(off, "U 0,1 90 P:NNE") == Illegal::FarmersOff);
  CHECK(refusal(off, "U 0,1 90 E") == Illegal::None);
}

TEST_CASE("Traders & Builders: the bonus tile declined with pass", "[traders]") {
  Game g = new_game(2, "U B U B A A B", traders());
  CHECK(g.pass() == Status::WrongPhase);
  Verdict why;
  CHECK(g.take_bonus(nullptr, &why) == Status::WrongPhase);
  CHECK(why.reason == Illegal::WrongPhase);
  builder_on_road(g);
  play(g, "B 0,2 0");
  play(g, "A 3,0 90");
  REQUIRE(g.phase() == Phase::Decide);
  const std::vector<TileType> drawn(g.drawn_tiles().begin(), g.drawn_tiles().end());
  const int trigger = g.board().tile_count() - 1;  // the A just placed
  Events ev;
  REQUIRE(g.pass(&ev) == Status::Ok);
  CHECK(ev.count == 0);
  CHECK(g.pass() == Status::WrongPhase);
  // The next player draws the tile the bonus would have been; nothing was drawn for player 0.
  CHECK(g.current_player() == 1);
  CHECK(g.phase() == Phase::PlaceTile);
  CHECK_FALSE(g.bonus_turn());
  REQUIRE(g.drawn() == static_cast<int>(drawn.size()) + 1);
  CHECK(std::equal(drawn.begin(), drawn.end(), g.drawn_tiles().begin()));
  CHECK(g.current_tile() == tile_from_letter('A'));
  CHECK(g.declined(trigger));
  for (int i = 0; i < trigger; ++i) CHECK_FALSE(g.declined(i));
  // Player 1 completes player 0's road: player 0 scores, the builder comes home, no bonus.
  ev.clear();
  play(g, "A -1,0 270", &ev);
  CHECK(g.score(0) == 5);
  CHECK(g.supply(0, Figure::Builder) == 1);
  CHECK(events_of(ev, Event::Type::Bonus).empty());
  CHECK(g.current_player() == 0);
}

TEST_CASE("Traders & Builders: with caller draws the bonus tile is the caller's draw", "[traders][chance]") {
  Game g(2, CallerDraws{}, tiles_of("U B U B A A B"), traders());
  // One whole turn: the caller says which tile was drawn, then the move is played.
  auto turn = [&g](std::string_view text) {
    INFO(text);
    REQUIRE(g.phase() == Phase::Draw);
    TileType t = kNoTile;
    Move m;
    REQUIRE(parse_move(text, t, m));
    REQUIRE(g.draw(t) == Status::Ok);
    play(g, text);
  };
  for (std::string_view m : {"U 1,0 90 E", "B 0,1 0", "U 2,0 90 B:E", "B 0,2 0", "A 3,0 90"}) turn(m);
  REQUIRE(g.phase() == Phase::Decide);
  TileType t = kNoTile;
  Move m;
  REQUIRE(parse_move("A -1,0 270", t, m));
  const Game before = g;
  CHECK(g.play(m) == Status::WrongPhase);  // the draw comes first
  CHECK(g == before);
  REQUIRE(g.take_bonus() == Status::Ok);
  CHECK(g.bonus_turn());
  CHECK(g.current_player() == 0);
  turn("A -1,0 270");
  CHECK(g.score(0) == 5);
  CHECK(g.current_player() == 1);
  CHECK(g.phase() == Phase::Draw);
}

TEST_CASE("Traders & Builders: no chain, a bonus tile never earns another", "[traders]") {
  Game g = new_game(2, "U B U B A U B", traders());
  builder_on_road(g);
  play(g, "B 0,2 0");
  play(g, "A 3,0 90");
  REQUIRE(g.phase() == Phase::Decide);
  // Game::play in Phase::Decide takes the bonus tile and plays it (a record's next line).
  TileType t = kNoTile;
  Move m;
  REQUIRE(parse_move("U -1,0 90", t, m));
  Events ev;
  REQUIRE(g.play(m, &ev) == Status::Ok);
  CHECK(g.board().tile_index_at(-1, 0) >= 0);
  // It extended the builder's road again (still open to the west): nothing more.
  CHECK(events_of(ev, Event::Type::Bonus).empty());
  CHECK(scores(ev).empty());
  CHECK(g.current_player() == 1);
  CHECK(g.phase() == Phase::PlaceTile);
  CHECK(g.supply(0, Figure::Builder) == 0);
}

TEST_CASE("Traders & Builders: no bonus tile when the pile is empty", "[traders]") {
  Game g = new_game(2, "U B U B A", traders());
  builder_on_road(g);
  play(g, "B 0,2 0");
  Events ev;
  play(g, "A 3,0 90", &ev);  // would earn a bonus tile, but it was the last tile
  CHECK(g.over());
  CHECK(events_of(ev, Event::Type::Bonus).empty());
  CHECK(g.take_bonus() == Status::WrongPhase);
  CHECK(g.score(0) == 4);  // the road at the end: A(3,0), U, U, D, open to the west
}

TEST_CASE("Traders & Builders with the River: builders on river tiles", "[traders][river]") {
  // A river that runs round the spring: right bends at (0,1), (-2,1), (-2,-1) and (1,-1) with
  // straights between, so that RB at (0,-1) and RK at (1,0) both meet the spring's road.
  Options o = traders();
  o.river = true;
  Game g = new_game(2, "RI RD RG RD RJ RC RB RE RK RH RL B U A", o);
  play_all(g, {"RI 0,1 180", "RD -1,1 90", "RG -2,1 90", "RD -2,0 0", "RJ -2,-1 0", "RC -1,-1 0"});
  play(g, "RB 0,-1 0 S");  // player 0's thief on RB's road, which the spring's road continues
  play(g, "RE 1,-1 0");
  Events ev;
  play(g, "RK 1,0 0 B:W", &ev);  // player 0's builder on the same road, from the other side
  CHECK(events_of(ev, Event::Type::Bonus).empty());
  CHECK(g.supply(0, Figure::Builder) == 0);
  play_all(g, {"RH 1,1 90", "RL 1,2 0"});
  REQUIRE_FALSE(g.river_phase());
  // No third river tile can reach that road. Consecutive river tiles meet only along the
  // river; to meet itself elsewhere the river must turn the same way three times (never
  // twice in a row), as here, and then it touches only the spring and, 1st and 10th tile,
  // itself once: no road or city gets three river tiles, so with this box no double turn
  // arises while river tiles remain. The first one comes from a land tile.
  play(g, "B 2,1 0");  // player 1, harmless
  ev.clear();
  play(g, "U 2,0 90", &ev);  // player 0 extends the road east
  CHECK(only_event(ev, Event::Type::Bonus).winners == players_mask({0}));
  ev.clear();
  play_bonus(g, "A 3,0 90", &ev);  // closes it: RB, the spring, RK, U, A
  const Event road = only_score(ev, FeatureKind::Road);
  CHECK(road.tiles == 5);
  CHECK(road.points == 5);
  CHECK(g.supply(0, Figure::Builder) == 1);
  CHECK(g.over());
}

TEST_CASE("Traders & Builders: goods in a cathedral city", "[traders][inns]") {
  Game g = new_game(2, "IK TQ E E B E B", both());
  play(g, "IK 0,-1 0 N");  // player 0's knight in the cathedral city
  play(g, "TQ 1,-1 0");    // player 1: a wine city joins it
  play(g, "E 0,-2 180");
  play(g, "E 2,-1 270");
  play(g, "B 0,1 0");  // player 0, harmless
  Events ev;
  play(g, "E -1,-1 90", &ev);  // player 1 completes it
  const Event city = only_score(ev, FeatureKind::City);
  CHECK(city.tiles == 6);
  CHECK(city.points == 18);
  CHECK(city.winners == players_mask({0}));
  const Event goods = only_event(ev, Event::Type::Goods);
  CHECK(goods.winners == players_mask({1}));
  CHECK(goods.goods == Tokens{1, 0, 0});
  CHECK(g.goods(1, Goods::Wine) == 1);
  CHECK(g.goods(0, Goods::Wine) == 0);
  CHECK(g.score(0) == 18);
}

TEST_CASE("Traders & Builders: a pig with a large farmer", "[traders][inns]") {
  Game g = new_game(2, "U V A E E E E", both());
  play(g, "U 0,1 90 L:NNE");  // player 0's large farmer
  play(g, "V 1,1 0 SSW");     // player 1's farmer, beyond the road for now
  CHECK(refusal(g, "A -1,1 270 P:NNE") == Illegal::None);  // a large farmer is one of your farmers
  play(g, "A -1,1 270 P:NNE");  // the fields join round the monastery; player 0's pig
  play_all(g, {"E 0,2 180", "E 0,3 0", "E -1,2 180"});
  Events ev;
  play(g, "E -1,3 0", &ev);
  REQUIRE(g.over());
  const Event field = only_score(ev, FeatureKind::Field);
  CHECK(field.points == 6);  // 2 completed cities
  CHECK(field.winners == players_mask({0}));
  CHECK(field.meeples[0] == 2);
  CHECK(field.meeples[1] == 1);
  const Event pig = only_event(ev, Event::Type::Pig);
  CHECK(pig.points == 2);
  CHECK(pig.winners == players_mask({0}));
  CHECK(g.score(0) == 8);
  CHECK(g.score(1) == 0);
}

TEST_CASE("Traders & Builders: first-edition farmers with a pig score 5 per city", "[traders]") {
  Options o = traders();
  o.first_edition_farmers = true;
  // Player 0's farmer round E, which closes D's city at once (no knight); player 1's farmer
  // on D's northern field, beside the same city; then player 0's pig joins player 0's farmer
  // on a monastery tile (no monk). Both win the city's farmer majority 1-1.
  for (bool pig : {true, false}) {
    INFO("pig " << pig);
    Game g = new_game(2, "E U B", o);
    play(g, "E 0,-1 180 NNE");
    play(g, "U 1,0 90 NNE");
    play(g, pig ? "B -1,-1 0 P:NNE" : "B -1,-1 0");
    REQUIRE(g.over());
    CHECK(g.score(0) == (pig ? 5 : 4));
    CHECK(g.score(1) == 4);
  }
}

TEST_CASE("Traders & Builders: whole games with every option and six players account for every figure",
          "[traders][inns]") {
  int bonuses = 0, goods_taken = 0, pigs = 0;  // over all games: the new rules did come up
  for (uint64_t seed = 1; seed <= 12; ++seed) {
    INFO("seed " << seed);
    Options o = both();
    o.river = true;
    o.abbot = true;
    Game g(6, seed, o);
    Rng rng(seed);
    Events ev;
    g.playout(rng, &ev);
    REQUIRE(g.over());
    CHECK(ev.dropped == 0);
    bonuses += static_cast<int>(events_of(ev, Event::Type::Bonus).size());
    goods_taken += static_cast<int>(events_of(ev, Event::Type::Goods).size());
    for (const Meeple& m : g.meeples()) pigs += m.kind == Figure::Pig;
    std::array<int, 3> tokens{};
    for (int p = 0; p < g.players(); ++p) {
      std::array<int, kFigureKinds> on_board{};
      for (const Meeple& m : g.meeples())
        if (m.player == p) on_board[static_cast<int>(m.kind)]++;
      CHECK(g.supply(p) + on_board[static_cast<int>(Figure::Meeple)] == kMeeplesPerPlayer);
      for (Figure f : {Figure::Large, Figure::Abbot, Figure::Builder, Figure::Pig})
        CHECK(g.supply(p, f) + on_board[static_cast<int>(f)] == 1);
      tokens[0] += g.goods(p, Goods::Wine);
      tokens[1] += g.goods(p, Goods::Grain);
      tokens[2] += g.goods(p, Goods::Cloth);
      CHECK(g.score(p) >= 0);
    }
    CHECK(tokens[0] <= 9);
    CHECK(tokens[1] <= 6);
    CHECK(tokens[2] <= 5);
  }
  CHECK(bonuses > 0);
  CHECK(goods_taken > 0);
  CHECK(pigs > 0);
}
