/* Plays one seeded random game through the C ABI only and prints every turn, every score
 * and the result. The choices come from a tiny generator written out here, so that the
 * C++ and Python versions of this program (capi/tests/reference_game.cpp,
 * examples/python_random_game.py) print exactly the same game.
 * Usage: c_random_game [SEED] [PLAYERS] */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "carcassonne/carcassonne.h"

/* A 64-bit LCG (Knuth's MMIX constants); pick(n) is uniform enough for a demo. */
static uint32_t pick(uint64_t* state, uint32_t n) {
  *state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (uint32_t)(*state >> 33) % n;
}

static void print_players(int mask) {
  const char* sep = "";
  int p;
  for (p = 0; p < CARC_MAX_PLAYERS; ++p)
    if (mask >> p & 1) {
      printf("%sP%d", sep, p);
      sep = ",";
    }
}

static void print_events(carc_game* game, int players) {
  int32_t e[CARC_EVENT_FIELDS];
  int p;
  while (carc_game_poll_event(game, e, CARC_EVENT_FIELDS) == 1) {
    if (e[CARC_EV_TYPE] == CARC_EVENT_DISCARD) {
      printf("  discard %s\n", carc_tile_name(e[CARC_EV_DISCARDED]));
      continue;
    }
    printf("  %s %s %d -> ", e[CARC_EV_END_GAME] ? "final" : "score", carc_feature_name(e[CARC_EV_FEATURE]),
           e[CARC_EV_POINTS]);
    print_players(e[CARC_EV_WINNERS]);
    printf(" (meeples");
    for (p = 0; p < players; ++p) printf(" %d", e[CARC_EV_MEEPLES + p]);
    printf(")\n");
  }
}

static const char usage[] =
    "usage: c_random_game [SEED] [PLAYERS]\n"
    "  plays one seeded random game through the C ABI and prints every turn and score\n"
    "  SEED     the game's seed, 0 to 18446744073709551615 (default 1)\n"
    "  PLAYERS  1 to 6 (default 2)\n";

/* Prints what is wrong and the usage line to stderr, and exits with status 2. */
static void refuse(const char* what, const char* text) {
  fprintf(stderr, "c_random_game: %s '%s'\n%.*s\n", what, text, (int)(strchr(usage, '\n') - usage), usage);
  exit(2);
}

/* TEXT as a decimal number from LO to HI (digits only: strtoull alone takes signs and spaces). */
static uint64_t number(const char* what, const char* text, uint64_t lo, uint64_t hi) {
  unsigned long long value;
  char* end;
  if (text[0] < '0' || text[0] > '9') refuse(what, text);
  errno = 0;
  value = strtoull(text, &end, 10);
  if (*end != '\0' || errno == ERANGE || value < lo || value > hi) refuse(what, text);
  return (uint64_t)value;
}

static int check(carc_game* game, int status) {
  if (status < 0) {
    fprintf(stderr, "error %d (%s): %s\n", status, carc_errstr(status), carc_game_errmsg(game));
    exit(1);
  }
  return status;
}

int main(int argc, char** argv) {
  uint64_t seed = 1, rng;
  int players = 2;
  carc_game* game = NULL;
  carc_move moves[CARC_MAX_PLACEMENTS];
  int32_t locations[CARC_MAX_MEEPLE_LOCATIONS];
  char text[CARC_MOVE_TEXT_SIZE];
  int n, k, p;

  for (p = 1; p < argc; ++p)
    if (strcmp(argv[p], "--help") == 0 || strcmp(argv[p], "-h") == 0) {
      fputs(usage, stdout);
      return 0;
    }
  if (argc > 3) refuse("unexpected argument", argv[3]);
  if (argc > 1) seed = number("SEED must be a whole number from 0 to 18446744073709551615, not", argv[1], 0, UINT64_MAX);
  if (argc > 2) players = (int)number("PLAYERS must be a whole number from 1 to 6, not", argv[2], CARC_MIN_PLAYERS, CARC_MAX_PLAYERS);
  rng = seed;

  if (carc_version_number() / 1000 != CARC_VERSION_NUMBER / 1000) {
    fprintf(stderr, "built for carcassonne %d.%d, loaded %s\n", CARC_VERSION_MAJOR, CARC_VERSION_MINOR,
            carc_version_string());
    return 1;
  }
  check(NULL, carc_game_new(&game, players, seed));
  printf("seed %llu, %d players\n", (unsigned long long)seed, players);
  while (check(game, carc_game_phase(game)) != CARC_PHASE_GAME_OVER) {
    const int player = check(game, carc_game_current_player(game));
    carc_move move;
    int tile, x, y, rotation;
    uint32_t choice;
    check(game, carc_game_placements(game, moves, CARC_MAX_PLACEMENTS, &n));
    move = moves[pick(&rng, (uint32_t)n)];
    check(game, carc_game_place(game, move));
    check(game, carc_game_meeple_locations(game, locations, CARC_MAX_MEEPLE_LOCATIONS, &k));
    choice = pick(&rng, (uint32_t)k + 1);
    if (choice < (uint32_t)k) {
      check(game, carc_move_unpack(move, &tile, &x, &y, &rotation, NULL, NULL));
      move = carc_move_pack(tile, x, y, rotation, CARC_FIGURE_MEEPLE, locations[choice]);
      check(game, carc_game_deploy(game, locations[choice]));
    } else {
      check(game, carc_game_skip(game));
    }
    check(game, carc_move_format(move, text, sizeof text));
    printf("P%d %s\n", player, text);
    print_events(game, players);
  }
  printf("scores");
  for (p = 0; p < players; ++p) printf(" %d", check(game, carc_game_score(game, p)));
  printf("; winners ");
  print_players(check(game, carc_game_winners(game)));
  printf("\n");
  carc_game_free(game);
  return 0;
}
