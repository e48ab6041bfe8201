// The library's bots. The search is single-observer information-set MCTS with explicit
// chance: every iteration re-deals the face-down tiles of the public state from its own
// generator, and a tree node's children are grouped by the tile drawn there, so a node is
// reached only through public facts (tiles drawn, moves played) and its legal moves are
// the same in every determinization. What made it strong against greedy (bench/strength):
// progressive widening that takes each node's moves best greedy value first (a handful of
// candidates instead of a hundred), the final margin as the reward, and the k-th visit of
// every root move playing the k-th deal, so root moves are compared on the same tiles.
// With three or more players random playouts said too little (three times the iterations
// did not win more four-player games); there the first kGreedyTurns turns of a playout are
// greedy, so the next players answer a move as a sensible player would, and a block's
// moves are listed and valued only on its second visit, which pays for most of that. In
// four-player games against three greedy players, at about the same CPU time a move
// (bench/strength on iteration budgets, 100-200 games each): 0 greedy turns won about 45%,
// 3 won 55%, 8 won 60-64%. Past that, iterations are what wins (250 a move won 60%, 500
// won 65.5%), and nearly all of an iteration is greedy values: scored_moves projects them
// from the position's end payouts (Game::project_figure_options) instead of ending a copy
// after every move, which made an iteration about four times cheaper.
#include "carcassonne/bots.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <new>
#include <numeric>
#include <system_error>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "carcassonne/decision.hpp"
#include "modules.hpp"

namespace carc {

// What the search does to a game beyond its public interface.
struct SearchAccess {
  // Places a placement of the game's own listing (legal_placements): no check again.
  static void place(Game& g, Placement p) { g.apply_placement(p); }
  // Before a position is copied once per placement (scored_moves).
  static void keep_extent(Game& g) { g.board_.keep_extent(); }
  // A placement uniformly among the legal ones, as picking among the listing with one draw
  // would (Game::random_placement walks the board's counts instead of listing); a plain
  // game's tiles only, whose placements the board counts.
  static Placement random_placement(const Game& g, Rng& rng) {
    const TileType t = g.current_tile();
    return g.random_placement(rng, t, g.board_.base_placement_count(tiles::kCountedAs[t]));
  }
  // Whether a placement changes only the board, the features, the completed features and
  // the phase (the base game: no module hook runs), which unplace then copies back.
  static bool plain(const Game& g) { return g.mix_ == 0; }
  // Places p in a plain game for a look at its features (figure options, projections): the
  // board's open cells are left as they were, so only unplace may follow.
  static void place_features_only(Game& g, Placement p) { g.place_features_only(p); }
  // Makes `placed`, a copy of g with place_features_only(p) since and nothing else, g again.
  static void unplace(Game& placed, const Game& g, Placement p) {
    placed.board_.unplace_tile_only(g.board_, p.x, p.y);
    placed.features_.unplace(g.features_);
    placed.pending_ = g.pending_;
    placed.npending_ = g.npending_;
    placed.phase_ = g.phase_;
  }
};

namespace {

// --- tuning (bench/strength measures the effect of each) ---
constexpr double kExploration = 0.1;  // UCT constant on rewards in [0, 1]
constexpr int kWidenBase = 1;          // children a block considers at first ...
constexpr double kWidenScale = 0.5;    // ... plus this times the square root of its visits
// A new block puts only its first few children in order (what widening considers until the
// block's 64th visit); the rest are ordered when first needed, which few blocks ever are.
constexpr int kOrderedFirst = 4;
constexpr double kMarginScale = 20.0;  // reward: the logistic of the final margin over this
constexpr int kNodeCap = 1 << 18;      // nodes per tree; past it the tree stops growing
// Three or more players (see Settings):
constexpr int kGreedyTurns = 8;        // greedy turns at the start of each playout
constexpr int kFieldsLate = 20;        // light playouts: farmers only with this few tiles face down

// Inside a search an expansion's decision takes the option a move implies (the builder's
// bonus tile: taken, a free extra turn), else its first, so that no tree node or playout
// stops at it (the root's own decision is choose_decision's).
void take_bonuses(Game& g) {
  while (g.phase() == Phase::Decide) {
    Choice c;
    if (!implied_choice(g, c)) {
      ChoiceBuffer list;  // list_choices writes every option
      list_choices(g, list);
      c = list[0];
    }
    decide(g, c);
  }
}

// Applies a move in either turn phase (in PlaceMeeple the placement is already made).
void apply(Game& g, const Move& m) {
  // The moves are listed ones, legal: placed and acted on in place, with no trial copy (play's).
  const bool turn = g.phase() == Phase::PlaceTile;
  if (turn) SearchAccess::place(g, m.at);
  if (turn || g.phase() == Phase::PlaceMeeple) g.act(FigureChoice{m.figure, m.meeple, m.elsewhere, m.x, m.y});
  else g.play(m);
  take_bonuses(g);
}

// What a figure action costs the greedy player, in quarter points, beyond the projected
// margin: its kind's greedy_cost (a meeple spent costs one, so equal margins keep it; each
// module weighs its own figures beside them).
int figure_cost(const Move& m) {
  const FigureKind* k = find_figure_kind(m.figure);
  if (!k || (m.meeple == Location::None && k->reach != Reach::Nowhere)) return 0;
  return k->greedy_cost;
}

// The greedy evaluation of the position after a move by `me`, given the scores if the game
// ended after it: four times the projected margin over the best opponent, less the
// figure's cost.
long greedy_value(const std::array<int32_t, kMaxPlayers>& scores, int players, int me, const Move& m) {
  int rival = 0;
  if (players > 1) {
    rival = -1 << 30;
    for (int p = 0; p < players; ++p)
      if (p != me) rival = std::max(rival, scores[p]);
  }
  return 4L * (scores[me] - rival) - figure_cost(m);
}
// The same, ending `after` (a scratch copy) to score it: final_scores_now would copy it once more.
long greedy_value(Game& after, int me, const Move& m) {
  after.end_now();
  std::array<int32_t, kMaxPlayers> scores{};
  for (int p = 0; p < after.players(); ++p) scores[p] = after.score(p);
  return greedy_value(scores, after.players(), me, m);
}

// A move with the figure action `pick` of opts (k of them; pick == k: none).
Move with_figure(Placement p, const FigureChoice* opts, int k, uint32_t pick) {
  if (pick == static_cast<uint32_t>(k)) return Move{p, Location::None, Figure::Meeple};
  return Move{p, opts[pick].location, opts[pick].figure, opts[pick].elsewhere, opts[pick].x, opts[pick].y};
}

Move random_move(const Game& g, Rng& rng) {
  FigureBuffer opts;
  if (g.phase() == Phase::PlaceMeeple) {
    const int k = g.figure_options(opts);
    const PlacedTile& t = g.board().tile(g.board().tile_count() - 1);
    return with_figure(Placement{t.x, t.y, t.rot}, opts, k, rng.below(static_cast<uint32_t>(k + 1)));
  }
  PlacementBuffer buf;
  const int n = g.legal_placements(buf);
  const Placement p = buf[rng.below(static_cast<uint32_t>(n))];
  Game after = g;
  after.place(p);
  const int k = after.figure_options(opts);
  return with_figure(p, opts, k, rng.below(static_cast<uint32_t>(k + 1)));
}

// Scratch for scored_moves: two games (assigning a game copies only what it uses, a new
// copy clears a whole board first) and the move list with its values, which grows to the
// largest position seen (kMaxMoves, the bound over every position, is millions with the
// portal's options) and is then reused without allocating.
struct Scratch {
  explicit Scratch(const Game& g) : placed(g), after(g) {}
  void room(int n) {
    if (moves.size() >= static_cast<size_t>(n)) return;
    moves.resize(std::max(static_cast<size_t>(n), 2 * moves.size()));
    values.resize(moves.size());
  }
  Game placed, after;
  std::vector<Move> moves;
  std::vector<long> values;
};

// Every legal move (in legal_moves order) with its greedy value; returns the count. One
// placed copy per placement serves its figure listing and the values of all its moves,
// projected from the position's end payouts (Game::project_figure_options); where that
// cannot, the placed copy ended last values the no-figure move and each figure move is one
// more copy, ended. In the base game the copy is made once: each placement is made for its
// features only and taken back (SearchAccess::unplace) before the next.
int scored_moves(const Game& g, Scratch& scratch) {
  const int me = g.current_player();
  Game& after = scratch.after;
  if (g.phase() == Phase::PlaceMeeple) {
    const int n = legal_moves(g, nullptr, 0);
    scratch.room(n);
    Move* moves = scratch.moves.data();
    long* values = scratch.values.data();
    legal_moves(g, moves, n);
    for (int i = 0; i < n; ++i) {
      after = g;
      after.act(FigureChoice{moves[i].figure, moves[i].meeple, moves[i].elsewhere, moves[i].x, moves[i].y});
      values[i] = greedy_value(after, me, moves[i]);
    }
    return n;
  }
  PlacementBuffer buf;
  FigureBuffer opts;
  const int np = g.legal_placements(buf);
  Game& placed = scratch.placed;
  Game::EndPayouts before;
  g.end_payouts(before);
  std::array<int32_t, kMaxPlayers> projected[kMaxFigureOptions + 1];
  int n = 0;
  // In a plain game each placement is made for its features only and taken back before the
  // next: only_placed while placed is g with buf[i - 1] so placed.
  const bool plain = SearchAccess::plain(g);
  bool only_placed = false;
  for (int i = 0; i < np; ++i) {
    if (only_placed) SearchAccess::unplace(placed, g, buf[i - 1]);
    else placed = g;
    if (plain) SearchAccess::place_features_only(placed, buf[i]);
    else SearchAccess::place(placed, buf[i]);
    only_placed = plain;
    const int k = placed.figure_options(opts);
    scratch.room(n + k + 1);
    Move* moves = scratch.moves.data();
    long* values = scratch.values.data();
    if (placed.project_figure_options(before, opts, k, projected)) {
      for (int j = 0; j <= k; ++j, ++n) {
        moves[n] = with_figure(buf[i], opts, k, static_cast<uint32_t>(j));
        values[n] = greedy_value(projected[j], g.players(), me, moves[n]);
      }
      continue;
    }
    if (plain) {  // the figures are played and the game ended: a real placement, from g again
      placed = g;
      SearchAccess::place(placed, buf[i]);
    }
    for (int j = 0; j < k; ++j, ++n) {
      after = placed;
      after.act(opts[j]);
      moves[n] = with_figure(buf[i], opts, k, static_cast<uint32_t>(j));
      values[n] = greedy_value(after, me, moves[n]);
    }
    moves[n] = Move{buf[i], Location::None};
    values[n] = greedy_value(placed, me, moves[n]);  // the last use of placed: no copy
    only_placed = false;                              // (it has ended)
    ++n;
  }
  return n;
}

// The index of the best value; ties broken uniformly at random (reservoir sampling).
int greedy_pick(const long* values, int n, Rng& rng) {
  int best = 0, ties = 1;
  for (int i = 1; i < n; ++i) {
    if (values[i] > values[best]) {
      best = i;
      ties = 1;
    } else if (values[i] == values[best] && rng.below(static_cast<uint32_t>(++ties)) == 0) {
      best = i;
    }
  }
  return best;
}

// A random placement, then a meeple with even odds (never on a field while more than
// kFieldsLate tiles are face down), uniformly among the rest. The engine's random turn
// puts a meeple down on most turns, farmers from the start, which no sensible player does.
// The expansions' figures are left to the tree and the greedy turns.
void light_turn(Game& s, Rng& rng) {
  if (SearchAccess::plain(s)) {
    SearchAccess::place(s, SearchAccess::random_placement(s, rng));
  } else {
    uint64_t packed[kMaxPlacements];  // packed_placements: the cheapest listing of them
    const int n = s.packed_placements(packed, 0);
    const uint64_t b = packed[rng.below(static_cast<uint32_t>(n))];
    SearchAccess::place(s, Placement{static_cast<int8_t>(b & 0xFF), static_cast<int8_t>(b >> 8 & 0xFF), static_cast<uint8_t>(b >> 16 & 3)});
  }
  Location opts[kMaxMeepleOptions];
  int k = s.meeple_options(opts);
  Location pick = Location::None;
  if (k > 0 && rng.below(2) == 0) {
    if (s.tiles_in_pile() > kFieldsLate) {  // field locations are the half edges, NNE onwards
      k = static_cast<int>(std::remove_if(opts, opts + k, [](Location l) { return l >= Location::NNE; }) - opts);
    }
    if (k > 0) pick = opts[rng.below(static_cast<uint32_t>(k))];
  }
  s.deploy(pick);
  take_bonuses(s);
}

// ---------------------------------------------------------------- the search tree

// A move in the tree, with the statistics of the player who made it.
struct Node {
  Move move;
  uint8_t player = 0;
  int32_t first_block = -1;  // blocks of this node's children, one per tile drawn next
  uint32_t visits = 0;
  double reward = 0;  // summed rewards of `player`
};

// The children of a node for one tile drawn there: nodes [first, first + count), none
// (count 0) until the block's moves are listed and valued (Tree::expand).
struct Block {
  TileType tile = kNoTile;
  int32_t next = -1;  // the node's next block
  int32_t first = 0, count = 0;
  // Children [first, first + ordered) are in their final order; the keys of the others, in
  // the order they stand, from Tree::rest_[rest].
  int32_t ordered = 0, rest = 0;
  uint32_t visits = 0;
};

// Each player's reward in [0, 1] for the game's scores: the logistic of the final margin
// over the best other player (the margin, not just the win: it separates moves in won and
// lost positions alike).
void rewards(const Game& s, double* out) {
  const int n = s.players();
  for (int p = 0; p < n; ++p) {
    int rival = 0;  // alone, the margin is the score
    if (n > 1) {
      rival = -1 << 30;
      for (int q = 0; q < n; ++q)
        if (q != p) rival = std::max(rival, s.score(q));
    }
    out[p] = 1 / (1 + std::exp(-(s.score(p) - rival) / kMarginScale));
  }
}

// How the search plays out and grows, by player count. Two players keep the search that
// bench/strength measured there (random playouts, every block valued on its first visit);
// with more, random playouts are too far from real play (see the top of the file).
struct Settings {
  int expand_at;     // a block's moves are listed and valued on this visit of the block
  int greedy_turns;  // greedy turns at the start of a playout
  bool light;        // light_turn for the rest of the playout, else the engine's random one
};
constexpr Settings kFewPlayers{1, 0, false};
constexpr Settings kManyPlayers{2, kGreedyTurns, true};
const Settings& settings_for(const Game& g) { return g.players() > 2 ? kManyPlayers : kFewPlayers; }

// Plays s (re-dealt) to the end as the search's playouts do.
void play_to_end(Game& s, Rng& rng, const Settings& settings, Scratch& scratch) {
  take_bonuses(s);
  if (s.over()) return;
  if (settings.greedy_turns == 0 && !settings.light) {
    s.playout(rng, nullptr, Future::AsDealt);  // already re-dealt
    return;
  }
  for (int t = 0; t < settings.greedy_turns && !s.over(); ++t) {
    SearchAccess::keep_extent(s);
    const int n = scored_moves(s, scratch);
    apply(s, scratch.moves[static_cast<size_t>(greedy_pick(scratch.values.data(), n, rng))]);
  }
  while (!s.over()) light_turn(s, rng);
}

class Tree {
 public:
  // The root block's moves come in the order given (best first: progressive widening
  // considers them in that order).
  Tree(const Game& pub, const std::vector<Move>& root_moves, uint64_t seed)
      : pub_(pub), s_(pub), scratch_(pub), rng_(seed), seed_(seed), settings_(settings_for(pub)) {
    nodes_.reserve(kNodeCap);
    blocks_.reserve(kNodeCap / 4);
    rest_.reserve(kNodeCap);  // one key per child at most
    nodes_.push_back(Node{});  // the root: the position before the bot's move
    const int b = new_block(0, pub.current_tile());
    for (size_t i = 0; i < root_moves.size(); ++i) {
      nodes_.push_back(Node{root_moves[i], static_cast<uint8_t>(pub.current_player())});
    }
    blocks_[b].count = blocks_[b].ordered = static_cast<int32_t>(root_moves.size());
  }

  void iterate() {
    Game& s = s_;
    s = pub_;
    // The k-th visit of every root move plays the k-th deal: root moves are compared on the
    // same tiles (common random numbers), which takes most of the luck out of the comparison.
    const int first = select(blocks_[0]);
    Rng rng(seed_ + 0x9E3779B97F4A7C15ull * (nodes_[first].visits + 1));
    s.redeal(rng);
    int path_nodes[kTotalTiles + 1], path_blocks[kTotalTiles + 1], depth = 0;
    int node = 0, leaf_block = -1;
    while (!s.over()) {
      const int b = find_or_make_block(node, s);
      if (b < 0) break;  // the tree is full: play out from here
      if (blocks_[b].count == 0 && (static_cast<int>(blocks_[b].visits) + 1 < settings_.expand_at || !expand(b, s))) {
        leaf_block = b;  // not valued yet (or no room): play out from here
        break;
      }
      const int child = depth == 0 ? first : select(blocks_[b]);
      apply(s, nodes_[child].move);
      path_nodes[depth] = child;
      path_blocks[depth++] = b;
      if (nodes_[child].visits == 0) break;  // a new leaf
      node = child;
    }
    play_to_end(s, rng, settings_, scratch_);
    double reward[kMaxPlayers];
    rewards(s, reward);
    for (int i = 0; i < depth; ++i) {
      Node& n = nodes_[path_nodes[i]];
      ++n.visits;
      n.reward += reward[n.player];
      ++blocks_[path_blocks[i]].visits;
    }
    if (leaf_block >= 0) ++blocks_[leaf_block].visits;
  }

  // The root's children (in root_moves order).
  const Node* root_children() const { return &nodes_[blocks_[0].first]; }

 private:
  int new_block(int node, TileType t) {
    Block b;
    b.tile = t;
    b.first = static_cast<int32_t>(nodes_.size());
    b.next = nodes_[node].first_block;
    blocks_.push_back(b);
    nodes_[node].first_block = static_cast<int32_t>(blocks_.size() - 1);
    return nodes_[node].first_block;
  }

  // The node's block for the tile drawn in s, made (without children) if new; -1 if the
  // tree has no room for it.
  int find_or_make_block(int node, const Game& s) {
    const TileType t = s.current_tile();
    for (int b = nodes_[node].first_block; b >= 0; b = blocks_[b].next)
      if (blocks_[b].tile == t) return b;
    if (blocks_.size() == blocks_.capacity()) return -1;
    return new_block(node, t);
  }

  // Gives block b its children: every legal move in s, best greedy value first (the
  // opponents' too: it is how a sensible player replies), ties in a random order. False
  // if the tree has no room for them.
  bool expand(int b, Game& s) {
    // The room a base-game block can need (the check the search was measured with), then
    // the real count, which the expansions' figures can make larger.
    if (full_ || nodes_.size() + kMaxPlacements * (kMaxMeepleOptions + 1) > kNodeCap) return false;
    SearchAccess::keep_extent(s);
    const int n = scored_moves(s, scratch_);
    if (nodes_.size() + static_cast<size_t>(n) > kNodeCap) {
      full_ = true;
      return false;
    }
    // Shuffled, then sorted by value with ties in the shuffled order: a stable sort, done as
    // a plain sort on (value, place in the shuffle) of small keys (a stable sort of the moves
    // took a heap buffer per block). Only the first kOrderedFirst are sorted now (order_rest):
    // the key is a total order, so they and the rest sorted later are the full sort's order.
    if (keyed_.size() < static_cast<size_t>(n)) keyed_.resize(scratch_.moves.size());
    for (int i = 0; i < n; ++i) keyed_[i] = {scratch_.values[static_cast<size_t>(i)], i, 0};
    for (int i = n - 1; i > 0; --i) std::swap(keyed_[i], keyed_[rng_.below(static_cast<uint32_t>(i + 1))]);
    for (int i = 0; i < n; ++i) keyed_[i].place = i;
    const int ordered = std::min(n, kOrderedFirst);
    std::partial_sort(keyed_.begin(), keyed_.begin() + ordered, keyed_.begin() + n, first_in_order);
    Block& block = blocks_[b];
    block.first = static_cast<int32_t>(nodes_.size());
    block.count = n;
    block.ordered = ordered;
    block.rest = static_cast<int32_t>(rest_.size());
    for (int i = 0; i < n; ++i)
      nodes_.push_back(Node{scratch_.moves[static_cast<size_t>(keyed_[i].move)], static_cast<uint8_t>(s.current_player())});
    rest_.insert(rest_.end(), keyed_.begin() + ordered, keyed_.begin() + n);
    return true;
  }

  // Puts the rest of block b's children in order: they were never visited (widening had not
  // reached them), so they are bare moves, sorted with their keys.
  void order_rest(Block& b) {
    const int n = b.count - b.ordered;
    if (n <= 0) return;
    resting_.clear();
    for (int i = 0; i < n; ++i) resting_.push_back({rest_[static_cast<size_t>(b.rest + i)], nodes_[static_cast<size_t>(b.first + b.ordered + i)]});
    std::sort(resting_.begin(), resting_.end(), [](const auto& x, const auto& y) { return first_in_order(x.first, y.first); });
    for (int i = 0; i < n; ++i) nodes_[static_cast<size_t>(b.first + b.ordered + i)] = resting_[static_cast<size_t>(i)].second;
    b.ordered = b.count;
  }

  // Progressive widening over the block's first children, then UCT; an unvisited one first.
  int select(Block& b) {
    const int allowed =
        std::min(b.count, kWidenBase + static_cast<int>(kWidenScale * std::sqrt(static_cast<double>(b.visits))));
    if (allowed > b.ordered) order_rest(b);
    const double log_n = std::log(static_cast<double>(b.visits) + 1);
    int best = b.first;
    double best_value = -1;
    for (int i = b.first; i < b.first + allowed; ++i) {
      const Node& c = nodes_[i];
      if (c.visits == 0) return i;
      const double v = c.reward / c.visits + kExploration * std::sqrt(log_n / c.visits);
      if (v > best_value) {
        best_value = v;
        best = i;
      }
    }
    return best;
  }

  Game pub_;
  Game s_;  // the iteration's game: assigned from pub_, which copies only what is in use
  Scratch scratch_;
  Rng rng_;
  uint64_t seed_;
  Settings settings_;
  bool full_ = false;  // a block found no room for its moves: the tree grows no more
  std::vector<Node> nodes_;
  std::vector<Block> blocks_;
  struct Keyed {
    long value;
    int32_t move, place;  // the move's index in scratch_, its place in the shuffle
  };
  // Best value first, ties in the shuffled order.
  static bool first_in_order(const Keyed& x, const Keyed& y) {
    return x.value > y.value || (x.value == y.value && x.place < y.place);
  }
  std::vector<Keyed> keyed_;  // scratch for ordering a block's moves
  std::vector<Keyed> rest_;   // the keys of the blocks' children not yet in order (Block::rest)
  std::vector<std::pair<Keyed, Node>> resting_;  // scratch for order_rest
};

// Thread i's share of the iterations: an even split, the first ones taking the remainder.
int share(int iterations, int threads, int i) { return iterations / threads + (i < iterations % threads ? 1 : 0); }

uint64_t thread_seed(uint64_t seed, int i) { return seed ^ (0x9E3779B97F4A7C15ull * static_cast<uint64_t>(i + 1)); }

// The search's move, given every legal move and its greedy value (scored_moves).
Move mcts_move(const Game& pub, const BotOptions& o, const std::vector<Move>& moves, const std::vector<long>& values) {
  // Root moves best greedy value first (a stable order: determinism).
  std::vector<int> order(moves.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return values[a] > values[b]; });
  std::vector<Move> root(moves.size());
  for (size_t i = 0; i < order.size(); ++i) root[i] = moves[order[i]];

  const auto start = std::chrono::steady_clock::now();
  const auto deadline = start + std::chrono::milliseconds(o.milliseconds);
  const int threads = o.threads;
  std::vector<std::vector<uint32_t>> visits(threads);
  std::vector<std::vector<double>> reward(threads);
  std::vector<char> out_of_memory(threads, 0);
  auto search = [&](int i) {
    try {
      Tree tree(pub, root, thread_seed(o.seed, i));
      const int budget = o.iterations > 0 ? share(o.iterations, threads, i) : -1;
      for (int it = 0; budget < 0 || it < budget; ++it) {
        // At least one iteration runs; reading the clock costs far less than an iteration.
        if (o.milliseconds > 0 && it > 0 && std::chrono::steady_clock::now() >= deadline) break;
        tree.iterate();
      }
      const Node* c = tree.root_children();
      for (size_t k = 0; k < root.size(); ++k) {
        visits[i].push_back(c[k].visits);
        reward[i].push_back(c[k].reward);
      }
    } catch (const std::bad_alloc&) {
      out_of_memory[i] = 1;
    }
  };
  std::vector<std::thread> pool;
  try {
    for (int i = 1; i < threads; ++i) pool.emplace_back(search, i);
  } catch (...) {  // a thread that would not start: wait for those that did, then fail
    for (std::thread& t : pool) t.join();
    throw;
  }
  search(0);
  for (std::thread& t : pool) t.join();
  for (int i = 0; i < threads; ++i)
    if (out_of_memory[i]) throw std::bad_alloc();

  // Merge in thread order; the most visited move, then the best reward, then the first.
  size_t best = 0;
  double best_visits = -1, best_reward = 0;
  for (size_t k = 0; k < root.size(); ++k) {
    double v = 0, r = 0;
    for (int i = 0; i < threads; ++i) {
      v += visits[i][k];
      r += reward[i][k];
    }
    if (v > best_visits || (v == best_visits && r > best_reward)) {
      best = k;
      best_visits = v;
      best_reward = r;
    }
  }
  return root[best];
}

bool fail(std::string* error, const char* why) {
  if (error) *error = why;
  return false;
}

bool check(const Game& g, const BotOptions& o, Status& status, std::string* error) {
  status = check_bot_options(o, error);
  if (status != Status::Ok) return false;
  status = Status::WrongPhase;
  if (g.phase() == Phase::Draw) return fail(error, "the game waits for a tile to be drawn: no move to choose");
  if (g.over()) return fail(error, "the game is over: no move to choose");
  return true;
}

// The search's answer to an expansion's decision: flat Monte-Carlo over its n options,
// iteration i trying option i mod n on deal i / n, so the options are compared on the same
// tiles, each played out as the tree's playouts are. One thread: such decisions have a
// handful of options. Ties (and options never tried) go to the earliest listed.
int mcts_decision(const Game& pub, const BotOptions& o, const Choice* list, int n) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(o.milliseconds);
  const Settings& settings = settings_for(pub);
  const int me = decider(pub);
  std::vector<double> total(static_cast<size_t>(n));
  std::vector<int> runs(static_cast<size_t>(n));
  Game s = pub;
  Scratch scratch(pub);
  for (int it = 0; o.iterations == 0 || it < std::max(o.iterations, n); ++it) {
    if (o.milliseconds > 0 && it > n - 1 && std::chrono::steady_clock::now() >= deadline) break;
    const int choice = it % n;
    Rng rng(o.seed + 0x9E3779B97F4A7C15ull * static_cast<uint64_t>(it / n + 1));
    s = pub;
    s.redeal(rng);
    decide(s, list[choice]);
    play_to_end(s, rng, settings, scratch);
    double reward[kMaxPlayers];
    rewards(s, reward);
    total[static_cast<size_t>(choice)] += reward[me];
    ++runs[static_cast<size_t>(choice)];
  }
  int best = 0;
  for (int i = 1; i < n; ++i)
    if (runs[static_cast<size_t>(i)] > 0 &&
        total[static_cast<size_t>(i)] / runs[static_cast<size_t>(i)] > total[static_cast<size_t>(best)] / runs[static_cast<size_t>(best)])
      best = i;
  return best;
}

// The greedy answer: the option after which the decider's projected margin, were the game
// to end, is best; ties go to the earliest listed (the bonus tile taken: a tile more can only
// add to the projection).
int greedy_decision(const Game& pub, const Choice* list, int n) {
  const int me = decider(pub);
  int best = 0;
  long best_value = 0;
  for (int i = 0; i < n; ++i) {
    Game after = pub;
    decide(after, list[i]);
    const long value = greedy_value(after, me, Move{});
    if (i == 0 || value > best_value) best = i, best_value = value;
  }
  return best;
}

}  // namespace

Status check_bot_options(const BotOptions& o, std::string* error) {
  auto bad = [&](const char* why) {
    fail(error, why);
    return Status::InvalidArgument;
  };
  if (o.level != BotLevel::Random && o.level != BotLevel::Greedy && o.level != BotLevel::Mcts)
    return bad("bot level must be random (0), greedy (1) or mcts (2)");
  if (o.iterations < 0) return bad("bot iterations must be 0 (no limit) or more");
  if (o.milliseconds < 0) return bad("bot milliseconds must be 0 (no limit) or more");
  if (o.level == BotLevel::Mcts && o.iterations == 0 && o.milliseconds == 0)
    return bad("an mcts bot needs a budget: iterations or milliseconds above 0");
  if (o.threads < 1 || o.threads > kMaxBotThreads) return bad("bot threads must be 1 to 64");
  return Status::Ok;
}

int legal_moves(const Game& game, Move* out, int capacity) {
  int n = 0;
  auto add = [&](const Move& m) {
    if (n < capacity) out[n] = m;
    ++n;
  };
  FigureBuffer opts;
  if (game.phase() == Phase::PlaceMeeple) {
    const PlacedTile& t = game.board().tile(game.board().tile_count() - 1);
    const int k = game.figure_options(opts);
    for (int j = 0; j <= k; ++j) add(with_figure(Placement{t.x, t.y, t.rot}, opts, k, static_cast<uint32_t>(j)));
    return n;
  }
  PlacementBuffer buf;
  const int np = game.legal_placements(buf);
  for (int i = 0; i < np; ++i) {
    Game placed = game;
    placed.place(buf[i]);
    const int k = placed.figure_options(opts);
    for (int j = 0; j <= k; ++j) add(with_figure(buf[i], opts, k, static_cast<uint32_t>(j)));
  }
  return n;
}

namespace {
// The placement decision's own options before the placement (The Tower's ransoms): the random
// bot pays one at even odds, the others when no meeple is left in supply; false: none.
bool place_option(const Game& game, const BotOptions& options, Choice& out) {
  if (game.phase() != Phase::PlaceTile) return false;
  PlaceOptionBuffer list;
  const int n = place_options(game, list);
  if (n == 0) return false;
  Rng rng(options.seed ^ 0x9E3779B97F4A7C15ull);
  const bool pay = options.level == BotLevel::Random ? rng.below(2) == 0 : game.supply(game.current_player()) == 0;
  if (pay) out = list[options.level == BotLevel::Random ? rng.below(static_cast<uint32_t>(n)) : 0];
  return pay;
}
}  // namespace

Status choose_decision(const Game& game, const BotOptions& options, Choice& out, std::string* error) {
  Status status;
  if (!check(game, options, status, error)) return status;
  if (place_option(game, options, out)) return Status::Ok;
  if (game.phase() != Phase::Decide) {
    Move m;
    status = choose_move(game, options, m, error);
    if (status != Status::Ok) return status;
    out = game.phase() == Phase::PlaceTile ? Choice{DecisionKind::Place, game.current_tile(), m.at}
                                           : Choice{DecisionKind::Figure, kNoTile, {}, {m.figure, m.meeple, m.elsewhere, m.x, m.y}};
    return Status::Ok;
  }
  try {
    ChoiceBuffer list;
    const int n = list_choices(game, list);
    if (n == 0) {
      fail(error, "the decision has no option");
      return Status::Internal;
    }
    Rng rng(options.seed);
    int pick = 0;
    switch (options.level) {
      case BotLevel::Random: pick = static_cast<int>(rng.below(static_cast<uint32_t>(n))); break;
      case BotLevel::Greedy: pick = greedy_decision(game.public_copy(), list, n); break;
      case BotLevel::Mcts: pick = mcts_decision(game.public_copy(), options, list, n); break;
    }
    out = list[pick];
    return Status::Ok;
  } catch (const std::bad_alloc&) {
    if (error) *error = "out of memory";
    return Status::OutOfMemory;
  }
}

Status choose_bonus(const Game& game, const BotOptions& options, bool& take, std::string* error) {
  Status status;
  if (!check(game, options, status, error)) return status;
  if (game.phase() != Phase::Decide) {
    if (error) *error = "no bonus tile to decide on: the game is not in the bonus phase";
    return Status::WrongPhase;
  }
  Choice c;
  status = choose_decision(game, options, c, error);
  if (status == Status::Ok) take = c.option == 0;  // the first option takes it
  return status;
}

Status choose_move(const Game& game, const BotOptions& options, Move& out, std::string* error) {
  Status status;
  if (!check(game, options, status, error)) return status;
  if (game.phase() == Phase::Decide) {
    if (error) *error = fmt::format("the game waits for player {} to {}, not a move: choose_decision (or choose_bonus) decides it", decider(game), decision_prompt(game));
    return Status::WrongPhase;
  }
  try {
    Rng rng(options.seed);
    if (options.level == BotLevel::Random) {
      out = random_move(game, rng);
      return Status::Ok;
    }
    // The search sees only the public state; the values do not depend on the pile anyway.
    const Game pub = game.public_copy();
    Scratch scratch(pub);
    const int n = scored_moves(pub, scratch);
    std::vector<Move> moves(scratch.moves.begin(), scratch.moves.begin() + n);
    std::vector<long> values(scratch.values.begin(), scratch.values.begin() + n);
    if (options.level == BotLevel::Greedy || n == 1) out = moves[static_cast<size_t>(greedy_pick(values.data(), n, rng))];
    else out = mcts_move(pub, options, moves, values);
    return Status::Ok;
  } catch (const std::bad_alloc&) {
    if (error) *error = "out of memory";
    return Status::OutOfMemory;
  } catch (const std::system_error& e) {  // std::thread could not start one
    if (error) *error = std::string("could not start a search thread: ") + e.what();
    return Status::Internal;
  }
}

std::string_view bot_level_name(BotLevel level) {
  switch (level) {
    case BotLevel::Random: return "random";
    case BotLevel::Greedy: return "greedy";
    case BotLevel::Mcts: return "mcts";
  }
  return "?";
}

bool parse_bot_level(std::string_view name, BotLevel& out) {
  for (BotLevel l : {BotLevel::Random, BotLevel::Greedy, BotLevel::Mcts})
    if (name == bot_level_name(l)) {
      out = l;
      return true;
    }
  return false;
}

}  // namespace carc
