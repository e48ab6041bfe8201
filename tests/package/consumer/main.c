/* Plays a seeded game to the end with the installed C library. */
#include <carcassonne/carcassonne.h>

#include <stdio.h>

int main(void) {
  carc_game* game = NULL;
  if (carc_version_number() != CARC_VERSION_NUMBER) return 1;
  if (carc_game_new(&game, 2, 7) != CARC_OK || carc_game_playout(game, 1, 0) != CARC_OK) return 1;
  printf("C consumer: %d tiles, scores %d %d\n", carc_game_tile_count(game), carc_game_score(game, 0),
         carc_game_score(game, 1));
  carc_game_free(game);
  return 0;
}
