/* Compiled alone as strict C99 (and as C++) by the capi_header_* tests: the public header
 * must stand on its own, warning-free. */
#include "carcassonne/carcassonne.h"

int carc_header_check(void);

int carc_header_check(void) {
  carc_game* game = NULL;
  carc_move moves[CARC_MAX_PLACEMENTS];
  int count = 0;
  if (carc_game_new(&game, 2, 42) != CARC_OK) return carc_version_number();
  (void)carc_game_placements(game, moves, CARC_MAX_PLACEMENTS, &count);
  carc_game_free(game);
  return CARC_VERSION_NUMBER + count;
}
