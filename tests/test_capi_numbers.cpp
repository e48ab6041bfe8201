// The C header's numbers are the engine's: a change on either side fails the build of the
// tests. They are checked here rather than in the library, so that the library's sources
// name the engine's values (an expansion's figures, phases, reasons) only where they are
// defined.
#include <catch2/catch.hpp>
#include <string_view>
#include <utility>

#include "carcassonne/carcassonne.h"
#include "carcassonne/carcassonne.hpp"

static_assert(CARC_OK == static_cast<int>(carc::Status::Ok));
static_assert(CARC_EINVAL == static_cast<int>(carc::Status::InvalidArgument));
static_assert(CARC_EILLEGAL == static_cast<int>(carc::Status::IllegalMove));
static_assert(CARC_EPHASE == static_cast<int>(carc::Status::WrongPhase));
static_assert(CARC_ERANGE == static_cast<int>(carc::Status::BufferTooSmall));
static_assert(CARC_ENOMEM == static_cast<int>(carc::Status::OutOfMemory));
static_assert(CARC_EINTERNAL == static_cast<int>(carc::Status::Internal));
static_assert(CARC_PHASE_PLACE_TILE == static_cast<int>(carc::Phase::PlaceTile));
static_assert(CARC_PHASE_PLACE_MEEPLE == static_cast<int>(carc::Phase::PlaceMeeple));
static_assert(CARC_PHASE_GAME_OVER == static_cast<int>(carc::Phase::GameOver));
static_assert(CARC_PHASE_DRAW == static_cast<int>(carc::Phase::Draw));
static_assert(CARC_PHASE_DECIDE == static_cast<int>(carc::Phase::Decide));
static_assert(CARC_GOODS_WINE == static_cast<int>(carc::Goods::Wine) && CARC_GOODS_GRAIN == static_cast<int>(carc::Goods::Grain) &&
              CARC_GOODS_CLOTH == static_cast<int>(carc::Goods::Cloth) && carc::kGoodsKinds == 3);
static_assert(CARC_EVENT_SCORE == static_cast<int>(carc::Event::Type::Score) &&
              CARC_EVENT_DISCARD == static_cast<int>(carc::Event::Type::Discard) &&
              CARC_EVENT_RECALL == static_cast<int>(carc::Event::Type::Recall) &&
              CARC_EVENT_GOODS == static_cast<int>(carc::Event::Type::Goods) &&
              CARC_EVENT_GOODS_BONUS == static_cast<int>(carc::Event::Type::GoodsBonus) &&
              CARC_EVENT_PIG == static_cast<int>(carc::Event::Type::Pig) &&
              CARC_EVENT_BONUS == static_cast<int>(carc::Event::Type::Bonus) &&
              CARC_EVENT_SET_ASIDE == static_cast<int>(carc::Event::Type::SetAside) &&
              CARC_EVENT_SET_ASIDE_BACK == static_cast<int>(carc::Event::Type::SetAsideBack) &&
              CARC_EVENT_DRAGON_LANDS == static_cast<int>(carc::Event::Type::DragonLands) &&
              CARC_EVENT_DRAGON_STEP == static_cast<int>(carc::Event::Type::DragonStep) &&
              CARC_EVENT_EATEN == static_cast<int>(carc::Event::Type::Eaten) &&
              CARC_EVENT_FLIGHT_ENDS == static_cast<int>(carc::Event::Type::FlightEnds) &&
              CARC_EVENT_FAIRY_MOVES == static_cast<int>(carc::Event::Type::FairyMoves) &&
              CARC_EVENT_FAIRY_POINT == static_cast<int>(carc::Event::Type::FairyPoint) &&
              CARC_EVENT_FAIRY_BONUS == static_cast<int>(carc::Event::Type::FairyBonus) &&
              CARC_EVENT_PRINCESS_REMOVES == static_cast<int>(carc::Event::Type::PrincessRemoves) &&
              CARC_EVENT_PORTAL == static_cast<int>(carc::Event::Type::Portal) &&
              CARC_EVENT_ALONE_HOME == static_cast<int>(carc::Event::Type::AloneHome) &&
              CARC_EVENT_TOWER_PIECE == static_cast<int>(carc::Event::Type::TowerPiece) &&
              CARC_EVENT_TOWER_CLOSED == static_cast<int>(carc::Event::Type::TowerClosed) &&
              CARC_EVENT_CAPTURE == static_cast<int>(carc::Event::Type::Capture) &&
              CARC_EVENT_EXCHANGE == static_cast<int>(carc::Event::Type::Exchange) &&
              CARC_EVENT_RANSOM == static_cast<int>(carc::Event::Type::Ransom));
static_assert(CARC_FEATURE_ROAD == static_cast<int>(carc::FeatureKind::Road));
static_assert(CARC_FEATURE_CITY == static_cast<int>(carc::FeatureKind::City));
static_assert(CARC_FEATURE_MONASTERY == static_cast<int>(carc::FeatureKind::Monastery));
static_assert(CARC_FEATURE_FIELD == static_cast<int>(carc::FeatureKind::Field));
static_assert(CARC_FEATURE_GARDEN == static_cast<int>(carc::FeatureKind::Garden));
static_assert(CARC_LOC_NNW == static_cast<int>(carc::Location::NNW) && CARC_LOC_CF == static_cast<int>(carc::Location::CF) &&
              CARC_LOC_CF + 1 == carc::kLocationCount);
static_assert(CARC_FIGURE_MEEPLE == static_cast<int>(carc::Figure::Meeple) &&
              CARC_FIGURE_LARGE == static_cast<int>(carc::Figure::Large) &&
              CARC_FIGURE_ABBOT == static_cast<int>(carc::Figure::Abbot) &&
              CARC_FIGURE_BUILDER == static_cast<int>(carc::Figure::Builder) &&
              CARC_FIGURE_PIG == static_cast<int>(carc::Figure::Pig) &&
              CARC_FIGURE_RECALL == static_cast<int>(carc::Figure::Recall) &&
              CARC_FIGURE_TOWER_PIECE == static_cast<int>(carc::Figure::TowerPiece));
static_assert(CARC_WHY_WRONG_PHASE == static_cast<int>(carc::Illegal::WrongPhase) &&
              CARC_WHY_NOT_FACE_DOWN == static_cast<int>(carc::Illegal::NotFaceDown) &&
              CARC_WHY_RIVER_CONTINUE == static_cast<int>(carc::Illegal::RiverMustContinue) &&
              CARC_WHY_RIVER_U_TURN == static_cast<int>(carc::Illegal::RiverUTurn) &&
              CARC_WHY_RIVER_FIRST == static_cast<int>(carc::Illegal::RiverFirst) &&
              CARC_WHY_LAKE_LAST == static_cast<int>(carc::Illegal::LakeLast) &&
              CARC_WHY_NOT_IN_GAME == static_cast<int>(carc::Illegal::NotInGame) &&
              CARC_WHY_GARDEN_ABBOT_ONLY == static_cast<int>(carc::Illegal::GardenAbbotOnly) &&
              CARC_WHY_ABBOT_CENTRE_ONLY == static_cast<int>(carc::Illegal::AbbotCentreOnly) &&
              CARC_WHY_ABBOT_NOT_PLACED == static_cast<int>(carc::Illegal::AbbotNotPlaced) &&
              CARC_WHY_ABBOT_COMPLETE == static_cast<int>(carc::Illegal::AbbotComplete) &&
              CARC_WHY_RECALL_LOCATION == static_cast<int>(carc::Illegal::RecallLocation) &&
              CARC_WHY_BUILDER_ROAD_OR_CITY == static_cast<int>(carc::Illegal::BuilderRoadOrCity) &&
              CARC_WHY_PIG_NEEDS_FARMER == static_cast<int>(carc::Illegal::PigNeedsFarmer) &&
              CARC_WHY_TOO_FAR == static_cast<int>(carc::Illegal::TooFar) &&
              CARC_WHY_DRAGON_TILE == static_cast<int>(carc::Illegal::DragonTile) &&
              CARC_WHY_FAIRY_NEEDS_MEEPLE == static_cast<int>(carc::Illegal::FairyNeedsMeeple) &&
              CARC_WHY_NO_KNIGHT_TO_REMOVE == static_cast<int>(carc::Illegal::NoKnightToRemove) &&
              CARC_WHY_PORTAL_TARGET == static_cast<int>(carc::Illegal::PortalTarget) &&
              CARC_WHY_DRAGON_CANNOT_MOVE == static_cast<int>(carc::Illegal::DragonCannotMove) &&
              CARC_WHY_NO_TOWER == static_cast<int>(carc::Illegal::NoTower) &&
              CARC_WHY_TOWER_CLOSED == static_cast<int>(carc::Illegal::TowerClosed) &&
              CARC_WHY_NO_TOWER_PIECE == static_cast<int>(carc::Illegal::NoTowerPiece) &&
              CARC_WHY_TOWER_TOO_LOW == static_cast<int>(carc::Illegal::TowerTooLow) &&
              CARC_WHY_TOWER_FIGURE == static_cast<int>(carc::Illegal::TowerFigure) &&
              CARC_WHY_NOTHING_TO_CAPTURE == static_cast<int>(carc::Illegal::NothingToCapture) &&
              CARC_WHY_EXCHANGE_KIND == static_cast<int>(carc::Illegal::ExchangeKind) &&
              CARC_WHY_RANSOM_NOT_HELD == static_cast<int>(carc::Illegal::RansomNotHeld) &&
              CARC_WHY_RANSOM_PAID == static_cast<int>(carc::Illegal::RansomPaid) &&
              CARC_WHY_RANSOM_POINTS == static_cast<int>(carc::Illegal::RansomPoints) &&
              CARC_WHY_NO_ABBEY == static_cast<int>(carc::Illegal::NoAbbey) &&
              CARC_WHY_NOT_A_HOLE == static_cast<int>(carc::Illegal::NotAHole) &&
              CARC_WHY_ABBEY_RIVER_END == static_cast<int>(carc::Illegal::AbbeyRiverEnd) &&
              CARC_WHY_MAYOR_CITY_ONLY == static_cast<int>(carc::Illegal::MayorCityOnly) &&
              CARC_WHY_WAGON_FEATURE == static_cast<int>(carc::Illegal::WagonFeature) &&
              CARC_WHY_BARN_CORNER == static_cast<int>(carc::Illegal::BarnCorner) &&
              CARC_WHY_BARN_FIELD_TAKEN == static_cast<int>(carc::Illegal::BarnFieldTaken) &&
              CARC_WHY_BARN_FIELD == static_cast<int>(carc::Illegal::BarnField) &&
              CARC_WHY_WAGON_TARGET == static_cast<int>(carc::Illegal::WagonTarget) &&
              CARC_WHY_RANSOM_COMMITS == static_cast<int>(carc::Illegal::RansomCommits));
static_assert(CARC_SET_BASE == static_cast<int>(carc::tiles::raw::TileSet::Base) &&
              CARC_SET_ABBOT == static_cast<int>(carc::tiles::raw::TileSet::Abbot) &&
              CARC_SET_RIVER == static_cast<int>(carc::tiles::raw::TileSet::River) &&
              CARC_SET_INNS_AND_CATHEDRALS == static_cast<int>(carc::tiles::raw::TileSet::InnsAndCathedrals) &&
              CARC_SET_TRADERS_AND_BUILDERS == static_cast<int>(carc::tiles::raw::TileSet::TradersAndBuilders) &&
              CARC_SET_PRINCESS_AND_DRAGON == static_cast<int>(carc::tiles::raw::TileSet::PrincessAndDragon) &&
              CARC_SET_TOWER == static_cast<int>(carc::tiles::raw::TileSet::Tower) &&
              CARC_SET_ABBEY_AND_MAYOR == static_cast<int>(carc::tiles::raw::TileSet::AbbeyAndMayor));
static_assert(CARC_MAX_FIGURE_ACTIONS == carc::kMaxFigureOptions);
static_assert(CARC_LOC_NONE == static_cast<int>(carc::Location::None) && CARC_LOC_TW == static_cast<int>(carc::Location::TW));
static_assert(CARC_TILE_TYPES == carc::kTileTypes);
static_assert(CARC_MIN_PLAYERS == carc::kMinPlayers && CARC_MAX_PLAYERS == carc::kMaxPlayers);
static_assert(CARC_MEEPLES_PER_PLAYER == carc::kMeeplesPerPlayer);
static_assert(CARC_MAX_PLACEMENTS == carc::kMaxPlacements);
static_assert(CARC_MAX_MEEPLE_LOCATIONS == carc::kMaxMeepleOptions);
static_assert(CARC_MAX_MEEPLES == carc::kMaxMeeples);
static_assert(CARC_BOT_RANDOM == static_cast<int>(carc::BotLevel::Random) && CARC_BOT_GREEDY == static_cast<int>(carc::BotLevel::Greedy) &&
              CARC_BOT_MCTS == static_cast<int>(carc::BotLevel::Mcts));
static_assert(CARC_MAX_BOT_THREADS == carc::kMaxBotThreads);
static_assert(carc::find_option(CARC_OPT_FARMERS)->field == &carc::Options::farmers &&
              carc::find_option(CARC_OPT_FIRST_EDITION_SMALL_CITY)->field == &carc::Options::first_edition_small_city &&
              carc::find_option(CARC_OPT_FIRST_EDITION_FARMERS)->field == &carc::Options::first_edition_farmers &&
              carc::find_option(CARC_OPT_RIVER)->field == &carc::Options::river &&
              carc::find_option(CARC_OPT_ABBOT)->field == &carc::Options::abbot &&
              carc::find_option(CARC_OPT_INNS_AND_CATHEDRALS)->field == &carc::Options::inns_and_cathedrals &&
              carc::find_option(CARC_OPT_TRADERS_AND_BUILDERS)->field == &carc::Options::traders_and_builders &&
              carc::find_option(CARC_OPT_PRINCESS_AND_DRAGON)->field == &carc::Options::princess_and_dragon &&
              carc::find_option(CARC_OPT_TOWER)->field == &carc::Options::tower &&
              carc::find_option(CARC_OPT_ABBEY_AND_MAYOR)->field == &carc::Options::abbey_and_mayor &&
              carc::option_table().size() == 10, "the CARC_OPT_* ids are the option table's");
static_assert(CARC_EV_MEEPLES + CARC_MAX_PLAYERS == CARC_EV_DISCARDED && CARC_EV_DISCARDED + 1 == CARC_EV_GOODS &&
              CARC_EV_GOODS + carc::kGoodsKinds == CARC_EVENT_FIELDS_0_3 && CARC_EV_FIGURE + 1 == CARC_EVENT_FIELDS);
static_assert(CARC_MAX_TILES == carc::kTotalTiles);
static_assert(CARC_MAX_FRONTIER == carc::Board::kMaxOpen + 1);
static_assert(CARC_NO_TILE == -1 && carc::kNoTile == 0xFF);
static_assert(CARC_FI_MEEPLES + CARC_MAX_PLAYERS == CARC_FEATURE_INFO_FIELDS);

TEST_CASE("C figure names: carc_figure_name says every figure kind's name as the engine does", "[capi]") {
  for (int f = CARC_FIGURE_MEEPLE; f <= CARC_FIGURE_BARN; ++f)
    CHECK(std::string_view(carc_figure_name(f)) == carc::figure_name(static_cast<carc::Figure>(f)));
  CHECK(std::string_view(carc_figure_name(CARC_FIGURE_LARGE)) == "large meeple");
}

// The portal (Princess & Dragon) deploys a meeple, the large meeple, the abbot, the mayor or
// the wagon onto another tile; the fairy and the princess act only there; onto a tower's top go
// a tower piece, a meeple or the large meeple (The Tower), the fairy beside the figure on it.
TEST_CASE("C figure reach: where each figure kind acts, as the modules say", "[capi]") {
  constexpr int P = CARC_REACH_PLACED_TILE, O = CARC_REACH_OTHER_TILE, T = CARC_REACH_TOWER_TOP;
  const std::pair<int, int> want[] = {{CARC_FIGURE_MEEPLE, P | O | T}, {CARC_FIGURE_LARGE, P | O | T},
                                      {CARC_FIGURE_ABBOT, P | O},      {CARC_FIGURE_BUILDER, P},
                                      {CARC_FIGURE_PIG, P},            {CARC_FIGURE_FAIRY, O | T},
                                      {CARC_FIGURE_PRINCESS, O},       {CARC_FIGURE_RECALL, P},
                                      {CARC_FIGURE_TOWER_PIECE, T},    {CARC_FIGURE_MAYOR, P | O},
                                      {CARC_FIGURE_WAGON, P | O},      {CARC_FIGURE_BARN, P}};
  for (const auto& [figure, reach] : want) {
    INFO(carc_figure_name(figure));
    CHECK(carc_figure_reach(figure) == reach);
  }
  CHECK(carc_figure_reach(-1) == 0);
  CHECK(carc_figure_reach(CARC_FIGURE_BARN + 1) == 0);
  // A packed action has the shape its figure's reach allows: the builder never acts on another tile.
  carc_move m = carc_move_pack(0, 0, 0, 0, CARC_FIGURE_BUILDER, CARC_LOC_N) | uint64_t{1} << 25 | uint64_t{1} << 40;
  CHECK(carc_move_unpack(m, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr) == CARC_EINVAL);
  m = carc_move_pack(0, 0, 0, 0, CARC_FIGURE_ABBOT, CARC_LOC_N) | uint64_t{1} << 25 | uint64_t{1} << 40;
  CHECK(carc_move_unpack(m, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr) == CARC_OK);
}
