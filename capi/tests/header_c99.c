/* Compiled alone as strict C99 (and as C++) by the capi_header_* tests: the public header
 * must stand on its own, warning-free. */
#include "carcassonne/carcassonne.h"

int carc_header_check(void);

int carc_header_check(void) {
  carc_game* game = NULL;
  carc_game* loaded = NULL;
  carc_move moves[CARC_MAX_PLACEMENTS];
  int32_t cells[CARC_MAX_FRONTIER * CARC_CELL_FIELDS];
  int32_t feature[CARC_FEATURE_INFO_FIELDS];
  double odds[CARC_TILE_TYPES];
  int64_t score_sums[CARC_MAX_PLAYERS];
  int32_t wins[CARC_MAX_PLAYERS];
  char text[64];
  int count = 0, line = 0;
  if (carc_game_new(&game, 2, 42) != CARC_OK) return carc_version_number();
  (void)carc_game_placements(game, moves, CARC_MAX_PLACEMENTS, &count);
  (void)carc_game_frontier(game, cells, CARC_MAX_FRONTIER, &count);
  (void)carc_game_inspect_feature(game, 0, 0, CARC_LOC_N, feature, CARC_FEATURE_INFO_FIELDS);
  (void)carc_game_next_tile_probabilities(game, odds, CARC_TILE_TYPES);
  (void)carc_game_rollouts(game, 7, 10, 0, score_sums, wins, CARC_MAX_PLAYERS);
  (void)carc_game_render_svg(game, CARC_SVG_DEFAULT, 64, text, sizeof text);
  (void)carc_game_render_text(game, CARC_TEXT_DEFAULT, text, sizeof text);
  if (carc_game_save(game, text, sizeof text) > 0 && carc_game_load(&loaded, text, &line) == CARC_OK)
    carc_game_free(loaded);
  (void)carc_game_undo(game);
  carc_game_free(game);
  return CARC_VERSION_NUMBER + count + line;
}
