/*
 * carcassonne.h: the stable C ABI of the carcassonne rules engine (the base game and the
 * expansions of docs/expansions.md).
 *
 * This header is the whole contract: what is not declared here is not API. It is C99 and
 * may be included from C++. Tiles, coordinates, rotations, feature locations and move
 * text are those of docs/tiles.md; the rules are docs/rules.md and docs/expansions.md.
 * Rotations are degrees clockwise (0, 90, 180, 270) wherever a call takes or gives one, as
 * in move text; only carc_game_fitting_rotations answers with a mask (bit k: k * 90).
 *
 * Ownership and lifetimes
 *   A game is an opaque carc_game handle. carc_game_new*, carc_game_clone create one;
 *   carc_game_free releases it (NULL is a no-op). Every buffer is the caller's: the
 *   library writes into it and never hands out memory for the caller to free. The
 *   strings the library returns (messages, names, the version) are static, except
 *   carc_game_errmsg(), whose text is valid until the next failed call on the same
 *   thread.
 *
 * Errors
 *   A call that can fail returns an int: CARC_OK (0) or a non-negative result on
 *   success, a negative CARC_E* status on failure. Status values never change once
 *   released. Out pointers must not be NULL unless a function says so (CARC_EINVAL),
 *   and a negative capacity is always CARC_EINVAL. Arguments are checked before the
 *   phase: a bad one is CARC_EINVAL in every phase, not CARC_EPHASE. A failed call leaves
 *   the game exactly as it was. The library never exits, aborts or lets a C++ exception
 *   escape.
 *   Messages live with the calling thread, never with a game: every failed call writes
 *   "<function>: <what went wrong>" to the calling thread's message, a successful call
 *   leaves it as it was, and carc_game_errmsg(game) returns the message of the last
 *   failed call on the calling thread, whatever game it names (NULL included). So read
 *   it on the thread that made the call, after a call that failed. Messages are UTF-8
 *   of at most 255 bytes, cut on a character boundary (ending in "..."); input they quote
 *   is cut short and its control bytes, invalid UTF-8 and backslashes are written as
 *   a backslash, x and two hex digits, so a message is safe to print.
 *
 * Threads
 *   The library keeps no global mutable state: separate games share nothing and may be
 *   used from different threads at the same time. A call that takes a const carc_game*
 *   never writes to that game, failed or not (messages live with the thread), so any
 *   number of threads may make such calls on one game at once: queries, listings,
 *   carc_game_rollouts, carc_game_save, the pictures, and copying it (carc_game_clone,
 *   or as carc_game_copy's src). This is root-parallel search from one shared position.
 *   A call that takes a non-const carc_game* (moves, events, undo, options, copying into
 *   it, carc_game_free) changes it and needs it to itself: no other call on that game
 *   may run at the same time.
 *
 * Compatibility
 *   The ABI evolves by adding functions and constants, never by changing a signature or
 *   a value. Before 1.0 a minor release may break it (the soname carries the minor).
 *   Names reserved for what comes next: further carc_game_* queries.
 *
 * Text out
 *   Functions that write text (moves, records, pictures) follow snprintf: the text is cut
 *   to fit and always NUL-terminated if size > 0, and the call returns the length the whole
 *   text needs (excluding the NUL), so a return value >= size means it was cut; buf may
 *   be NULL when size is 0. The same game gives the same text, so one call with size 0
 *   sizes the buffer for the next.
 */
#ifndef CARCASSONNE_H
#define CARCASSONNE_H

#include <stddef.h>
#include <stdint.h>

/* The major version of this header (carc_version_string() gives the loaded library's). */
#define CARC_VERSION_MAJOR 0
/* The minor version of this header; before 1.0 a new minor may break the ABI. */
#define CARC_VERSION_MINOR 7
/* The patch version of this header. */
#define CARC_VERSION_PATCH 0
/* MAJOR * 1000000 + MINOR * 1000 + PATCH, as carc_version_number() returns it. */
#define CARC_VERSION_NUMBER (CARC_VERSION_MAJOR * 1000000 + CARC_VERSION_MINOR * 1000 + CARC_VERSION_PATCH)

#if defined(_WIN32)
#  if defined(CARC_C_BUILDING)
#    define CARC_API __declspec(dllexport)
#  else
#    define CARC_API __declspec(dllimport)
#  endif
#elif defined(__GNUC__) || defined(__clang__)
#  define CARC_API __attribute__((visibility("default")))
#else
#  define CARC_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* A game: board, meeples, scores, draw pile, turn phase and an event queue. */
typedef struct carc_game carc_game;

/* ------------------------------------------------------------------ constants */

/* Status codes. */
enum {
  CARC_OK = 0,
  CARC_EINVAL = -1,    /* invalid argument: NULL pointer, value out of range, malformed text */
  CARC_EILLEGAL = -2,  /* the move breaks the rules */
  CARC_EPHASE = -3,    /* not allowed in this phase of the turn (or the game is over) */
  CARC_ERANGE = -4,    /* the caller's buffer is too small */
  CARC_ENOMEM = -5,    /* out of memory */
  CARC_EINTERNAL = -6  /* a bug in the library */
};

/* Phases of a turn. CARC_PHASE_DRAW is a chance node: a game whose draws the caller
 * supplies (carc_game_new_caller_draws) waits there for carc_game_draw. CARC_PHASE_DECIDE:
 * the game waits for an expansion's decision, carc_game_decision says which and who decides
 * (0.2's CARC_PHASE_BONUS: with Traders & Builders, the builder's bonus tile, taken with
 * carc_game_take_bonus or passed on with carc_game_pass). */
enum { CARC_PHASE_PLACE_TILE = 0, CARC_PHASE_PLACE_MEEPLE = 1, CARC_PHASE_GAME_OVER = 2, CARC_PHASE_DRAW = 3, CARC_PHASE_DECIDE = 4 };

/* Feature kinds. The river is no feature (never occupied, never scored). */
enum {
  CARC_FEATURE_ROAD = 0, CARC_FEATURE_CITY = 1, CARC_FEATURE_MONASTERY = 2, CARC_FEATURE_FIELD = 3,
  CARC_FEATURE_GARDEN = 4 /* the Abbot: only an abbot takes it; scores like a monastery */
};

/* Feature locations on a tile, in board orientation (docs/tiles.md): the centre (monastery
 * or garden), the middle of each edge, the 8 half-edges clockwise from north, then the
 * inner field CF (a field that touches no tile edge). CARC_LOC_NONE: no figure. */
enum {
  CARC_LOC_C = 0, CARC_LOC_N = 1, CARC_LOC_E = 2, CARC_LOC_S = 3, CARC_LOC_W = 4,
  CARC_LOC_NNE = 5, CARC_LOC_ENE = 6, CARC_LOC_ESE = 7, CARC_LOC_SSE = 8,
  CARC_LOC_SSW = 9, CARC_LOC_WSW = 10, CARC_LOC_WNW = 11, CARC_LOC_NNW = 12,
  CARC_LOC_CF = 13, CARC_LOC_TW = 14, /* (0.5) the top of a tower (The Tower); never a deployment on the tile placed */
  CARC_LOC_NONE = 15
};

/* Figure kinds, and the figure action of a move: a figure on a location of the tile just
 * placed, or CARC_FIGURE_RECALL (location CARC_LOC_NONE): the abbot comes home and scores. */
enum {
  CARC_FIGURE_MEEPLE = 0, /* 7 per player */
  CARC_FIGURE_LARGE = 1,  /* Inns & Cathedrals: 1 per player, counts 2 in a majority */
  CARC_FIGURE_ABBOT = 2,  /* the Abbot: 1 per player, on the monastery or garden of the tile just placed */
  CARC_FIGURE_BUILDER = 3, /* Traders & Builders */
  CARC_FIGURE_PIG = 4,     /* Traders & Builders */
  CARC_FIGURE_FAIRY = 5,    /* Princess & Dragon: the fairy moved next to a meeple (an action on another tile; (0.5) also CARC_LOC_TW, beside a figure on a tower top) */
  CARC_FIGURE_PRINCESS = 6, /* Princess & Dragon: a knight removed by the princess (an action on another tile) */
  CARC_FIGURE_RECALL = 7,  /* the action that recalls the abbot; not a figure */
  CARC_FIGURE_TOWER_PIECE = 8, /* (0.5) The Tower: a piece built onto the tower at another tile (location CARC_LOC_TW) */
  /* (0.6) Abbey & Mayor, 1 per player each: */
  CARC_FIGURE_MAYOR = 9,  /* on a city; its strength is the city's shields */
  CARC_FIGURE_WAGON = 10, /* on a road, city or monastery; may move on after its feature scores */
  CARC_FIGURE_BARN = 11   /* on a corner of the tile just placed (farmers on only), named by the half-edge beside it on
                             the north or south edge: CARC_LOC_NNW for the north-west corner, NNE, SSE, SSW */
};

/* Options (carc_game_set_option), each 0 (off) or 1 (on): rules, then expansions. */
enum {
  CARC_OPT_FARMERS = 1,                  /* farmers may be deployed and fields score; default 1 */
  CARC_OPT_FIRST_EDITION_SMALL_CITY = 2, /* a completed 2-tile city scores 1 per tile and shield; default 0 */
  CARC_OPT_FIRST_EDITION_FARMERS = 3,    /* 4 per completed city to its farmer majority; default 0 */
  CARC_OPT_RIVER = 4,                    /* the River: 12 river tiles first, the spring at (0, 0); default 0 */
  CARC_OPT_ABBOT = 5,                    /* the Abbot: gardens on 8 base tiles, one abbot each; default 0 */
  CARC_OPT_INNS_AND_CATHEDRALS = 6,      /* Inns & Cathedrals: 18 tiles, one large meeple each; default 0 */
  CARC_OPT_TRADERS_AND_BUILDERS = 7,     /* Traders & Builders: 24 tiles, goods, one builder and pig each; default 0 */
  CARC_OPT_PRINCESS_AND_DRAGON = 8,      /* The Princess & the Dragon: 30 tiles, dragon, fairy, princess, portals; default 0 */
  CARC_OPT_TOWER = 9,                    /* (0.5) The Tower: 18 tiles, tower pieces, captures, ransom; default 0 */
  CARC_OPT_ABBEY_AND_MAYOR = 10          /* (0.6) Abbey & Mayor: 12 tiles, an abbey tile, mayor, wagon and barn each; default 0 */
};

/* Why a move or a draw is not allowed (carc_game_check): 0 for legal. */
enum {
  CARC_LEGAL = 0,
  CARC_WHY_WRONG_PHASE = 1,       /* not the phase for this action */
  CARC_WHY_BAD_ROTATION = 2,      /* not 0, 90, 180 or 270 degrees */
  CARC_WHY_OCCUPIED = 3,          /* a tile is already there */
  CARC_WHY_NO_NEIGHBOUR = 4,      /* no placed tile shares an edge with the cell */
  CARC_WHY_MISMATCH = 5,          /* a touching edge differs (a river edge matches only a river edge) */
  CARC_WHY_NO_SUCH_FEATURE = 6,   /* the location names no feature of the tile (the river is none) */
  CARC_WHY_FEATURE_OCCUPIED = 7,  /* the feature already holds a meeple, large meeple or abbot */
  CARC_WHY_NO_SUPPLY = 8,         /* the player has no such figure left */
  CARC_WHY_FARMERS_OFF = 9,       /* fields cannot be occupied with farmers off */
  CARC_WHY_NO_SUCH_TILE = 10,     /* no tile type has that number */
  CARC_WHY_NOT_FACE_DOWN = 11,    /* draw: no tile of that type is face down */
  CARC_WHY_RIVER_CONTINUE = 12,   /* a river tile goes only onto the river's open end, continuing it */
  CARC_WHY_RIVER_U_TURN = 13,     /* the river may not bend the same way twice in a row */
  CARC_WHY_RIVER_FIRST = 14,      /* draw: river tiles are face down, so the tile drawn is one of them */
  CARC_WHY_LAKE_LAST = 15,        /* draw: the lake comes after every other river tile */
  CARC_WHY_NOT_IN_GAME = 16,      /* the figure is not in this game (its expansion is off) */
  CARC_WHY_GARDEN_ABBOT_ONLY = 17, /* only an abbot may stand on a garden */
  CARC_WHY_ABBOT_CENTRE_ONLY = 18, /* the abbot goes only onto the monastery or garden of the tile just placed */
  CARC_WHY_ABBOT_NOT_PLACED = 19,  /* recall: the player's abbot is not on the board */
  CARC_WHY_ABBOT_COMPLETE = 20,    /* recall: the abbot's feature is complete (it scores 9 this turn) */
  CARC_WHY_RECALL_LOCATION = 21,   /* a recall takes no location */
  CARC_WHY_BUILDER_ROAD_OR_CITY = 22,  /* the builder goes only onto a road or a city */
  CARC_WHY_BUILDER_NEEDS_MEEPLE = 23,  /* the builder's road or city must hold one of the player's meeples */
  CARC_WHY_BUILDER_COMPLETE = 24,      /* the builder may not go onto a road or city this tile completes */
  CARC_WHY_PIG_FIELD_ONLY = 25,        /* the pig goes only onto a field */
  CARC_WHY_PIG_NEEDS_FARMER = 26,      /* the pig's field must hold one of the player's farmers */
  CARC_WHY_TOO_FAR = 27,               /* the tile would lie more than 124 steps (|dx| + |dy|) from another tile */
  CARC_WHY_DRAGON_TILE = 28,           /* Princess & Dragon: no figure on the tile where the dragon stands */
  CARC_WHY_FAIRY_NEEDS_MEEPLE = 29,    /* the fairy goes next to one of the player's meeples, not the one it is next to */
  CARC_WHY_NO_KNIGHT_TO_REMOVE = 30,   /* the princess removes a knight of the city her princess city joins */
  CARC_WHY_PORTAL_TARGET = 31,         /* the portal: an unoccupied, incomplete feature of another tile */
  CARC_WHY_DRAGON_CANNOT_MOVE = 32,    /* the dragon cannot step that way (no tile, visited, the fairy's tile) */
  CARC_WHY_NO_TOWER = 33,              /* (0.5) The Tower: no tile with a tower foundation at that square */
  CARC_WHY_TOWER_CLOSED = 34,          /* a figure stands on that tower */
  CARC_WHY_NO_TOWER_PIECE = 35,        /* the player has no tower piece left */
  CARC_WHY_TOWER_TOO_LOW = 36,         /* a figure goes only onto a tower of at least one piece */
  CARC_WHY_TOWER_FIGURE = 37,          /* only a meeple or the large meeple goes onto a tower */
  CARC_WHY_NOTHING_TO_CAPTURE = 38,    /* no capturable figure there within the tower's reach */
  CARC_WHY_EXCHANGE_KIND = 39,         /* the capture names the kind that comes back exactly when there is a choice */
  CARC_WHY_RANSOM_NOT_HELD = 40,       /* that player holds no figure of that kind of the payer's */
  CARC_WHY_RANSOM_PAID = 41,           /* a ransom is paid at most once per turn */
  CARC_WHY_RANSOM_POINTS = 42,         /* a ransom needs at least 3 points */
  CARC_WHY_NO_ABBEY = 43,              /* (0.6) Abbey & Mayor: the player has placed their abbey already */
  CARC_WHY_NOT_A_HOLE = 44,            /* an abbey goes only into an empty square with tiles on all four sides */
  CARC_WHY_ABBEY_RIVER_END = 45,       /* no abbey on the square the river's open end points into */
  CARC_WHY_MAYOR_CITY_ONLY = 46,       /* the mayor goes only onto a city */
  CARC_WHY_WAGON_FEATURE = 47,         /* the wagon goes only onto a road, city or monastery */
  CARC_WHY_BARN_CORNER = 48,           /* a barn goes where four tiles meet, each showing only field at that corner */
  CARC_WHY_BARN_FIELD_TAKEN = 49,      /* that field holds a barn already */
  CARC_WHY_BARN_FIELD = 50,            /* no meeple goes onto a field that holds a barn */
  CARC_WHY_WAGON_TARGET = 51,          /* the wagon moves onto an unoccupied, incomplete road, city or monastery on or
                                          beside its square (not the dragon's) */
  CARC_WHY_RANSOM_COMMITS = 52         /* a ransom paid before the draw commits the player to placing the abbey */
};

/* Goods of Traders & Builders (carc_game_goods), numbered as the engine's. */
enum { CARC_GOODS_WINE = 1, CARC_GOODS_GRAIN = 2, CARC_GOODS_CLOTH = 3 };

/* Tile sets (carc_tile_set). */
enum { CARC_SET_BASE = 0, CARC_SET_ABBOT = 1, CARC_SET_RIVER = 2, CARC_SET_INNS_AND_CATHEDRALS = 3,
       CARC_SET_TRADERS_AND_BUILDERS = 4, CARC_SET_PRINCESS_AND_DRAGON = 5, CARC_SET_TOWER = 6 /* (0.5) */,
       CARC_SET_ABBEY_AND_MAYOR = 7 /* (0.6) */ };

/* Tile types are 0..CARC_TILE_TYPES-1 over every set; the base game's A..X are 0..23, in
 * letter order. A type's id ("A", "E_G", "RA", "IK", ...) is carc_tile_name's. */
#define CARC_TILE_TYPES 143
/* No tile (in event and query fields). */
#define CARC_NO_TILE (-1)
/* The fewest players a game may have. */
#define CARC_MIN_PLAYERS 1
/* The most players a game may have. */
#define CARC_MAX_PLAYERS 6
/* Meeples each player may deploy (the supply at the start). */
#define CARC_MEEPLES_PER_PLAYER 7
/* A capacity that always suffices for legal placements. */
#define CARC_MAX_PLACEMENTS 1544
/* A capacity that always suffices for meeple locations. */
#define CARC_MAX_MEEPLE_LOCATIONS 9
/* A capacity that always suffices for figure actions. */
#define CARC_MAX_FIGURE_ACTIONS 3916
/* A capacity that always suffices for figures on the board (meeples and the others). */
#define CARC_MAX_MEEPLES 78
/* A capacity that always suffices for a move's text, its NUL included. */
#define CARC_MOVE_TEXT_SIZE 48
/* A capacity that always suffices for tiles on the board (a feature's tiles included). */
#define CARC_MAX_TILES 191
/* A capacity that always suffices for open cells on the frontier. */
#define CARC_MAX_FRONTIER 387

/* ------------------------------------------------------------------ moves */

/* A move is a 64-bit unsigned integer, wide enough for every tile and figure of every
 * expansion:
 *   bits  0..7   x, two's complement (-128..127; x grows to the east)
 *   bits  8..15  y, two's complement (y grows to the south)
 *   bits 16..17  rotation as quarter turns clockwise (the calls take and give degrees)
 *   bits 18..21  figure location (CARC_LOC_*), CARC_LOC_NONE for none
 *   bits 22..24  figure kind (CARC_FIGURE_*; CARC_FIGURE_MEEPLE with no location: none),
 *                its low three bits
 *   bit  25      the figure action is on another tile (Princess & Dragon: the portal, the
 *                fairy, the princess; The Tower: a piece or a figure onto a tower), the one
 *                at bits 40..55; else those bits are zero
 *   bit  26      (0.5) the figure kind's fourth bit (CARC_FIGURE_TOWER_PIECE)
 *   bits 27..31  zero
 *   bits 32..39  tile type (0..CARC_TILE_TYPES-1); a move is played only with its own tile
 *   bits 40..47  that other tile's x; bits 48..55 its y (two's complement)
 *   bits 56..63  zero
 * CARC_MOVE_INVALID is never a valid move. */
typedef uint64_t carc_move;
/* Never a valid move (carc_move_pack's answer to a value out of range). */
#define CARC_MOVE_INVALID UINT64_MAX

/* Packs a move (rotation in degrees; figure CARC_FIGURE_MEEPLE and location CARC_LOC_NONE
 * for no figure action); returns CARC_MOVE_INVALID if a value is out of range (the abbey,
 * tile "MA", takes rotation 0 only: its turns are one picture, written 'abbey x,y'). */
CARC_API carc_move carc_move_pack(int tile, int x, int y, int rotation, int figure, int location);
/* Unpacks a move (rotation in degrees); any out pointer may be NULL. CARC_EINVAL for a
 * malformed move. */
CARC_API int carc_move_unpack(carc_move move, int* tile, int* x, int* y, int* rotation, int* figure, int* location);
/* Writes move text ("E 0,-1 180 S", "U_G 0,1 90 A:C", "U -1,1 90 recall") like snprintf:
 * NUL-terminated if size > 0, returns the length the whole text needs (excluding the NUL);
 * buf may be NULL when size is 0. */
CARC_API int carc_move_format(carc_move move, char* buf, size_t size);
/* Parses move text into *move: a tile id, numbers as an optional '-' and digits (no '+'),
 * then an optional figure action (a location for a meeple, L:, A:, B:, P: and a location,
 * or recall; none or "-" means no figure action). */
CARC_API int carc_move_parse(const char* text, carc_move* move);
/* "C", "N", ..., "NNW", "CF" for a location, "-" for CARC_LOC_NONE, NULL if invalid. */
CARC_API const char* carc_location_name(int location);
/* "road", "city", "monastery", "field", "garden"; NULL if invalid. */
CARC_API const char* carc_feature_name(int kind);
/* "meeple", "large meeple", "abbot", "builder", "pig", "recall"; (0.6) "mayor", "wagon", "barn";
 * (0.7) also "fairy", "princess", "tower piece" (before 0.7 NULL); NULL if invalid. */
CARC_API const char* carc_figure_name(int figure);
/* (0.7) Where a figure kind's actions may go, whatever the options: onto the tile just
 * placed, onto a part of another tile (the portal's figures, the fairy, the princess), to a
 * tower's top there (CARC_LOC_TW: a tower piece, a meeple or the large meeple onto it, the
 * fairy beside the figure on it). */
enum { CARC_REACH_PLACED_TILE = 1, CARC_REACH_OTHER_TILE = 2, CARC_REACH_TOWER_TOP = 4 };
/* (0.7) The CARC_REACH_* bits of a figure kind (CARC_FIGURE_*); 0 for a number that names none. */
CARC_API int carc_figure_reach(int figure);
/* A tile type's id ("A", "E_G", "RA", ...); NULL for a number that names no type. */
CARC_API const char* carc_tile_name(int tile);
/* The tile type with this id (exact, case-sensitive), or CARC_EINVAL. */
CARC_API int carc_tile_from_name(const char* name);
/* The set (CARC_SET_*) a tile type comes from, or CARC_EINVAL. */
CARC_API int carc_tile_set(int tile);
/* A short English sentence for a CARC_WHY_* reason; NULL if invalid. */
CARC_API const char* carc_why_text(int why);

/* ------------------------------------------------------------------ versions and errors */

/* CARC_VERSION_NUMBER of the library actually loaded. */
CARC_API int carc_version_number(void);
/* "MAJOR.MINOR.PATCH" of the library actually loaded. */
CARC_API const char* carc_version_string(void);
/* A short English description of a status code ("illegal move"). */
CARC_API const char* carc_errstr(int status);
/* The message of the last failed call on the calling thread ("" if none has failed);
 * game is not consulted and may be NULL (see Errors above). */
CARC_API const char* carc_game_errmsg(const carc_game* game);
/* The index-th (0, 1, ...) integer constant of this header in header order, its name and value
 * (either out pointer may be NULL); CARC_ERANGE past the last. All but CARC_MOVE_INVALID. */
CARC_API int carc_constant(int32_t index, const char** name, int64_t* value);

/* ------------------------------------------------------------------ games */

/* A new game for 1..6 players, the draw pile shuffled from seed (the same seed gives the
 * same game everywhere). Player 0 begins; the start tile D is at (0, 0). On failure the
 * constructors and carc_game_clone set *out to NULL. Options, expansions included, are set
 * next (carc_game_set_option), before the first tile is placed or drawn. */
CARC_API int carc_game_new(carc_game** out, int players, uint64_t seed);
/* A new game whose tiles are drawn in exactly this order after the start tile: tile ids
 * separated by whitespace or commas ("E A A C", "RD,RG,RL"), or a text without a single
 * separator made of base letters, one tile each ("EAAC"; so "RD" is R then D, " RD" the
 * river tile). The expansions whose tiles it names are on. At most the box's count of
 * each type; with the river, its tiles first and the lake last of them. */
CARC_API int carc_game_new_with_order(carc_game** out, int players, const char* tiles);
/* A new game whose draws the caller supplies (a server, a physical table, a test): before
 * every tile it waits in CARC_PHASE_DRAW for carc_game_draw. The face-down pile is the box
 * less the start tile if tiles is NULL, else those tiles (as for carc_game_new_with_order,
 * in any order; the expansions whose tiles they are, on). */
CARC_API int carc_game_new_caller_draws(carc_game** out, int players, const char* tiles);
/* A new, independent copy of a game (unread events included). */
CARC_API int carc_game_clone(carc_game** out, const carc_game* game);
/* Overwrites dst with a copy of src (unread events included) without allocating: for
 * search, reuse one handle instead of cloning. */
CARC_API int carc_game_copy(carc_game* dst, const carc_game* src);
/* Releases a game; NULL is a no-op. */
CARC_API void carc_game_free(carc_game* game);

/* Sets an option (CARC_OPT_*) to 0 or 1. Configure, then start: options are set before
 * the first tile is placed, and in a game with caller draws before the first carc_game_draw
 * (a tile drawn came from the old options' box); afterwards CARC_EPHASE, the game unchanged.
 * Setting one creates the game anew with the same players and the same pile (seed, order or
 * caller draws; a whole box becomes the whole box of the new options), so the tile in hand
 * is the one those options draw. To create a game with its options in one call, load a
 * record that is only a header (carc_game_load of the lines "carcassonne-record 1",
 * "players 2", "farmers off", "seed 7"). */
CARC_API int carc_game_set_option(carc_game* game, int option, int value);
/* The value (0 or 1) of a rule option. */
CARC_API int carc_game_option(const carc_game* game, int option);

/* ------------------------------------------------------------------ the state
 * Each getter returns the value asked for (>= 0), or a negative status. */

/* Number of players. */
CARC_API int carc_game_players(const carc_game* game);
/* The player whose turn it is, 0-based. */
CARC_API int carc_game_current_player(const carc_game* game);
/* The phase of the turn: CARC_PHASE_*. */
CARC_API int carc_game_phase(const carc_game* game);
/* The tile to place (or just placed, in the figure phase); CARC_EPHASE in the draw and
 * bonus phases and once the game is over. */
CARC_API int carc_game_current_tile(const carc_game* game);
/* Points of a player so far (the final score once the game is over). */
CARC_API int carc_game_score(const carc_game* game, int player);
/* Meeples a player has left to deploy. */
CARC_API int carc_game_supply(const carc_game* game, int player);
/* Figures of a kind (CARC_FIGURE_*, not RECALL) a player has in supply: meeples 0..7, the
 * others 0 or 1 (0 when their expansion is off; (0.6) also the mayor, wagon and barn). */
CARC_API int carc_game_figure_supply(const carc_game* game, int player, int figure);
/* Goods tokens of a kind (CARC_GOODS_*) the player holds to *count (Traders & Builders;
 * 0 when it is off). */
CARC_API int carc_game_goods(const carc_game* game, int player, int kind, int* count);
/* (0.5) The Tower: tower pieces a player has left to build (0 when it is off). */
CARC_API int carc_game_tower_pieces(const carc_game* game, int player);
/* (0.5) The tower on the tile at (x, y): 1, with its height (0: a bare foundation) and the
 * figure on top (*owner -1 while the tower is open; *figure its CARC_FIGURE_*), or 0 if no
 * tile with a tower foundation is there. Any out pointer may be NULL. */
CARC_API int carc_game_tower_at(const carc_game* game, int x, int y, int* height, int* owner, int* figure);
/* (0.5) How many figures of a kind (CARC_FIGURE_MEEPLE, _LARGE, _ABBOT; (0.6) _MAYOR, _WAGON)
 * of player `owner` player `holder` keeps prisoner (The Tower). */
CARC_API int carc_game_prisoners(const carc_game* game, int holder, int owner, int figure);
/* (0.6) Abbey & Mayor: 1 if the player still holds their abbey tile, else 0. */
CARC_API int carc_game_holds_abbey(const carc_game* game, int player);
/* (0.6) Barn `index` (0.., in the order placed): 1 with its corner point (*x, *y: the NW corner
 * of square x, y) and its owner, or 0 past the last barn. Any out pointer may be NULL. */
CARC_API int carc_game_barn(const carc_game* game, int index, int* x, int* y, int* owner);
/* 1 from carc_game_take_bonus until the bonus tile's turn ends: the tile to draw (a game
 * with caller draws), to place or just placed is the builder's bonus tile, which never
 * earns another. Else 0, in CARC_PHASE_DECIDE too: there the tile is offered, not taken. */
CARC_API int carc_game_bonus_turn(const carc_game* game);
/* Tiles still to be drawn, the current tile not included. */
CARC_API int carc_game_tiles_remaining(const carc_game* game);
/* Writes the tiles still to be drawn per type to counts[0..CARC_TILE_TYPES-1]; capacity
 * below CARC_TILE_TYPES is CARC_ERANGE. Sum the types of a set (carc_tile_set) for the
 * tiles left of that set. */
CARC_API int carc_game_tiles_remaining_by_type(const carc_game* game, int32_t* counts, int capacity);
/* Once the game is over: bit p set for each player with the highest score. Before that
 * CARC_EPHASE. */
CARC_API int carc_game_winners(const carc_game* game);

/* ------------------------------------------------------------------ a turn */

/* Writes every legal placement of the current tile (each distinct picture once, smallest
 * rotation; no figure action) to moves[0..*count-1], nothing past them, and sets
 * *count. If capacity is short, writes nothing, sets *count to the number needed and
 * returns CARC_ERANGE; moves NULL with capacity 0 only counts. CARC_EPHASE outside
 * CARC_PHASE_PLACE_TILE. Every call that lists into a buffer works this way. */
CARC_API int carc_game_placements(const carc_game* game, carc_move* moves, int capacity, int* count);
/* The same for any tile type on the board as it is, in any phase: where that tile would go
 * if it were in hand. A face-down tile stays unnamed: in the bonus phase (and the draw
 * phase) a client asks for each tile that may come (carc_game_next_tile_probabilities);
 * nothing says which of them will. CARC_EINVAL for a number that names no tile type. */
CARC_API int carc_game_placements_for(const carc_game* game, int tile, carc_move* moves, int capacity, int* count);
/* Places the current tile: the move's tile must be the current tile and it carries no
 * figure action. Moves to CARC_PHASE_PLACE_MEEPLE (the figure phase). */
CARC_API int carc_game_place(carc_game* game, carc_move move);
/* Whether a move is legal now, exactly as carc_game_play (a whole turn, in the tile phase
 * and in the bonus phase) or, in the figure phase, carc_game_act would take it: CARC_LEGAL,
 * or the CARC_WHY_* reason it is not. The game is unchanged. CARC_EINVAL for a malformed
 * move or one for another tile. */
CARC_API int carc_game_check(const carc_game* game, carc_move move);
/* Writes the locations (CARC_LOC_*) where a meeple may go on the tile just placed, each
 * feature once; capacity and *count as for carc_game_placements. Zero with an empty supply. */
CARC_API int carc_game_meeple_locations(const carc_game* game, int32_t* locations, int capacity, int* count);
/* The same for a placement not made yet (a move's tile, x, y and rotation; its location is
 * ignored), in the tile phase: the locations placing the current tile there would offer.
 * The game is unchanged. CARC_EILLEGAL (with the reason) if the placement is not legal. */
CARC_API int carc_game_meeple_locations_for(const carc_game* game, carc_move move, int32_t* locations, int capacity,
                                            int* count);
/* Writes every legal figure action on the tile just placed but none, as whole moves (that
 * tile's placement and the action: meeples first, then large meeple, abbot, recall, builder, pig);
 * capacity and *count as for carc_game_placements (CARC_MAX_FIGURE_ACTIONS suffices).
 * CARC_EPHASE outside the figure phase. */
CARC_API int carc_game_figure_actions(const carc_game* game, carc_move* moves, int capacity, int* count);
/* The same for a placement not made yet (the current tile's move; its figure action is
 * ignored), in the tile phase; the game is unchanged. CARC_EILLEGAL if the placement is not
 * legal. */
CARC_API int carc_game_figure_actions_for(const carc_game* game, carc_move move, carc_move* moves, int capacity,
                                          int* count);
/* Deploys a meeple at location (CARC_LOC_NONE: none), then scores what the tile completed,
 * passes the turn and draws the next tile (tiles that fit nowhere are discarded), ending
 * and scoring the game after the last tile. */
CARC_API int carc_game_deploy(carc_game* game, int location);
/* Takes a figure action (CARC_FIGURE_* and a location; CARC_FIGURE_RECALL with
 * CARC_LOC_NONE recalls the abbot) on the tile just placed, then goes on as
 * carc_game_deploy does. */
CARC_API int carc_game_act(carc_game* game, int figure, int location);
/* carc_game_deploy(game, CARC_LOC_NONE). */
CARC_API int carc_game_skip(carc_game* game);
/* A whole turn at once: place and take the move's figure action (or none). In the bonus
 * phase it takes the bonus tile first, and the move must be for the tile that draws (a
 * game with caller draws: CARC_EPHASE, take the bonus and draw first); so its answer, and
 * carc_game_check's, tell whether a move is for that tile: a player deciding whether to
 * take it asks neither. */
CARC_API int carc_game_play(carc_game* game, carc_move move);
/* A whole turn from move text ("E 0,-1 180 S"), as carc_game_play; "pass" is
 * carc_game_pass. */
CARC_API int carc_game_play_text(carc_game* game, const char* text);
/* In CARC_PHASE_DECIDE: draws the builder's bonus tile for the same player (who then places
 * it; a game with caller draws waits in CARC_PHASE_DRAW). CARC_EPHASE in any other phase. */
CARC_API int carc_game_take_bonus(carc_game* game);
/* In CARC_PHASE_DECIDE: declines the bonus tile; the turn passes to the next player.
 * CARC_EPHASE in any other phase. */
CARC_API int carc_game_pass(carc_game* game);
/* Playout flag: play the face-down tiles in the order they were dealt (perfect information)
 * instead of a fresh re-deal. A game with caller draws has no order: it is re-dealt. */
#define CARC_PLAYOUT_AS_DEALT 1
/* Plays the rest of the game at random: first the face-down tiles are re-dealt from seed
 * (carc_game_redeal; not with CARC_PLAYOUT_AS_DEALT), then each placement is uniform among
 * the legal ones and the meeple uniform among the legal locations and none; the same as
 * carc::Game::playout with carc::Rng(seed). flags: 0 or CARC_PLAYOUT_AS_DEALT. */
CARC_API int carc_game_playout(carc_game* game, uint64_t seed, int flags);
/* Rollouts for search (MCTS): plays count >= 0 random playouts from this position, the
 * i-th as carc_game_playout with seed + i and flags on a copy, and leaves the game
 * unchanged; so by default each rollout samples its own future. Writes each player's sum of
 * final scores to score_sums and number of wins to wins (every player with the highest
 * final score wins: a tie counts for each tied leader). Each array holds capacity values;
 * fewer than the players is CARC_ERANGE. */
CARC_API int carc_game_rollouts(const carc_game* game, uint64_t seed, int count, int flags, int64_t* score_sums,
                                int32_t* wins, int capacity);

/* ------------------------------------------------------------------ decisions
 * Whatever the game waits for, asked and answered one way, so that a client, a binding or a
 * bot needs no code of its own per kind of decision, an expansion's included: the game says
 * what kind of decision it waits for and who decides (a player, chance for a draw, nobody
 * once over); carc_game_choices lists every legal option; carc_game_decide applies one, or
 * refuses it and changes nothing. The calls of the other sections (place, deploy, draw,
 * take_bonus, pass) stay as conveniences: a choice is taken by the same call.
 *
 * A choice is a 64-bit id: the move bits above (x, y, rotation, figure location and kind,
 * tile), with the decision kind (CARC_DECISION_*) in bits 56..59 and "take" (the bonus
 * tile) in bit 60. A draw uses the tile bits; a placement x, y, rotation and the tile; a
 * figure action the figure bits (CARC_FIGURE_MEEPLE with CARC_LOC_NONE: none); the bonus
 * decision bit 60 (1: take it, 0: pass). Every other bit is zero. */

/* One option of a decision, as its 64-bit id (above). */
typedef uint64_t carc_choice;

/* The kinds of decision (carc_game_decision). */
enum {
  CARC_DECISION_NONE = 0,   /* the game is over */
  CARC_DECISION_DRAW = 1,   /* the caller says which face-down tile was drawn (chance) */
  CARC_DECISION_PLACE = 2,  /* where the tile in hand goes */
  CARC_DECISION_FIGURE = 3, /* the figure action on the tile just placed, or none */
  CARC_DECISION_BONUS = 4,  /* the builder's bonus tile: take it or pass */
  CARC_DECISION_DRAGON = 5, /* a step of the dragon's flight (Princess & Dragon): N, E, S or W (option 0..3) */
  CARC_DECISION_CAPTURE = 6, /* (0.5) The Tower: the capture after a piece; option 0 a figure (its square and
                               location in the figure bits), 1 none, 2 a figure and the kind that comes back */
  CARC_DECISION_ABBEY = 7,  /* (0.6) Abbey & Mayor, before a turn part's draw or in the final abbey round: option 0
                               draw, 1 pass the bonus part, 2 the abbey into the hole at (x, y) (placement bits),
                               3 decline (final round), 4 take the bonus part's tile */
  CARC_DECISION_WAGON = 8   /* (0.6) a returned wagon, its owner's: option 0 move to (x, y) and the location (the
                               placement and figure-location bits), 1 stay home */
};
/* Who decides a draw (carc_game_decision; a player decides with their number 0..5). */
#define CARC_DECIDER_CHANCE (-1)
/* Who decides once the game is over: nobody. */
#define CARC_DECIDER_NOBODY (-2)
/* A capacity that always suffices for one decision's choices. */
#define CARC_MAX_CHOICES 3917
/* A capacity that always suffices for a choice's text, its NUL included. */
#define CARC_CHOICE_TEXT_SIZE 32

/* The decision the game waits for: its kind (CARC_DECISION_*) and who decides (a player,
 * CARC_DECIDER_CHANCE or CARC_DECIDER_NOBODY). Either out pointer may be NULL. */
CARC_API int carc_game_decision(const carc_game* game, int32_t* kind, int32_t* decider);
/* Writes every legal option of the current decision to out, in the listing order of records
 * and perft counts: draws by tile type, placements as carc_game_placements lists them, no
 * figure action first and then carc_game_figure_actions's, take before pass. *count is the
 * number of choices; a capacity below it is CARC_ERANGE (CARC_MAX_CHOICES always suffices;
 * capacity 0 with out NULL only counts). None once the game is over. */
CARC_API int carc_game_choices(const carc_game* game, carc_choice* out, int32_t capacity, int32_t* count);
/* Whether a choice is a legal option now: CARC_LEGAL, or the CARC_WHY_* reason it is not
 * (CARC_WHY_WRONG_PHASE for an option of another kind of decision, or a placement of a tile
 * other than the one in hand). The game is unchanged. CARC_EINVAL for malformed bits. */
CARC_API int carc_game_check_choice(const carc_game* game, carc_choice choice);
/* Takes a choice: what carc_game_draw, carc_game_place, carc_game_deploy (any figure
 * action), carc_game_take_bonus or carc_game_pass does. On failure the game is unchanged:
 * CARC_EINVAL for malformed bits, CARC_EPHASE for an option of another decision,
 * CARC_EILLEGAL for an illegal one (the message says why). */
CARC_API int carc_game_decide(carc_game* game, carc_choice choice);
/* Writes a choice's move text like snprintf ("draw E", "E 0,-1 180", "-", "S", "L:N",
 * "A:C", "recall", "bonus", "pass"), NUL-terminated if size > 0; returns the length the whole
 * text needs. CARC_EINVAL for malformed bits. */
CARC_API int carc_choice_format(carc_choice choice, char* buf, size_t size);
/* Reads an option of the current decision from its move text into *choice (legality is
 * carc_game_check_choice's). CARC_EINVAL, with the reason in the message, for text that
 * spells no option of this kind of decision. */
CARC_API int carc_game_parse_choice(const carc_game* game, const char* text, carc_choice* choice);

/* ------------------------------------------------------------------ computer opponents
 * A bot sees only what a player knows (the face-down tiles without their order) and never
 * changes the game; the call takes a const game, so several threads may ask at once. */

/* Bot levels for carc_bot_choose. */
enum {
  CARC_BOT_RANDOM = 0, /* a legal placement and meeple (or none), uniformly */
  CARC_BOT_GREEDY = 1, /* the move with the best projected score difference */
  CARC_BOT_MCTS = 2    /* Monte-Carlo tree search over re-dealt piles (determinized) */
};
/* The most search threads carc_bot_choose takes. */
#define CARC_MAX_BOT_THREADS 64
/* Chooses a legal move for the current player. In CARC_PHASE_PLACE_TILE it is a whole
 * turn (play it with carc_game_play); in CARC_PHASE_PLACE_MEEPLE the placement as played
 * with the bot's figure action (take it with carc_game_act). MCTS stops after `iterations`
 * (0: no limit) or `milliseconds` of wall-clock time (0: no limit), whichever comes first
 * (at least one is set); an iteration budget alone gives the same move for the same seed,
 * whatever `threads` (1..CARC_MAX_BOT_THREADS). The other levels ignore the budget.
 * CARC_EPHASE in the draw and decide phases (carc_bot_decide answers there) or once the game
 * is over; CARC_EINVAL for a bad level, budget or thread count. */
CARC_API int carc_bot_choose(const carc_game* game, int level, int iterations, int milliseconds, int threads,
                             uint64_t seed, carc_move* move);
/* The bot's option for the decision the game waits for, of any kind, as a choice for
 * carc_game_decide: in the tile and figure phases the placement or the figure action of
 * carc_bot_choose's move; an expansion's decision (CARC_PHASE_DECIDE) random uniformly, greedy
 * by the decider's projected margin, MCTS by playouts of each option (one thread). Levels and
 * budget as for carc_bot_choose; CARC_EPHASE in the draw phase or once the game is over. */
CARC_API int carc_bot_decide(const carc_game* game, int level, int iterations, int milliseconds, int threads,
                             uint64_t seed, carc_choice* choice);

/* ------------------------------------------------------------------ chance: the face-down pile
 * Every player sees the board, the scores, the supplies, the tile in hand and how many
 * tiles of each type are face down (carc_game_tiles_remaining_by_type,
 * carc_game_next_tile_probabilities: the chance outcomes of the next draw). Nobody sees
 * the order of the face-down tiles. Only the full record (carc_game_save: it names the seed
 * or the draw order) tells it; every other call keeps it hidden. A bot searches over what
 * it may know by re-dealing copies (carc_game_redeal), which playouts do by default. */

/* In CARC_PHASE_DRAW: the face-down tile the caller drew (a tile type). A tile that fits
 * nowhere leaves the game (a discard event) and the game waits for the next draw, or ends
 * when none is left. With the river, river tiles are drawn first and the lake last of them.
 * CARC_EILLEGAL if no tile of that type is face down or the river's order forbids it,
 * CARC_EPHASE outside the draw phase, CARC_EINVAL for a number that names no tile type;
 * nothing changes then. */
CARC_API int carc_game_draw(carc_game* game, int tile);
/* Shuffles the face-down tiles uniformly from seed, keeping everything public as it is (the
 * determinization a search needs); from then on the game draws in that order (in
 * CARC_PHASE_DRAW it draws at once) and its full record names that order. */
CARC_API int carc_game_redeal(carc_game* game, uint64_t seed);
/* 1 if the caller supplies the game's draws (a game made by carc_game_new_caller_draws or
 * loaded from a public record), 0 if the game draws from its own seeded or fixed pile. */
CARC_API int carc_game_caller_draws(const carc_game* game);

/* ------------------------------------------------------------------ events */

/* Events are what a front end shows: points scored for a feature, a tile that fit
 * nowhere, the abbot recalled with its points, and with Traders & Builders goods taken,
 * the goods and pig bonuses at the end and a builder's bonus tile. Moves append them to a
 * queue on the game; each poll takes the oldest. */
enum {
  CARC_EVENT_SCORE = 0,
  CARC_EVENT_DISCARD = 1,
  CARC_EVENT_RECALL = 2,
  CARC_EVENT_GOODS = 3,       /* a completed city's goods to the player who completed it (WINNERS) */
  CARC_EVENT_GOODS_BONUS = 4, /* end: POINTS (10) to the WINNERS, who hold the most tokens of one kind */
  CARC_EVENT_PIG = 5,         /* end: POINTS more per winner of a field whose pig is in it (after its score) */
  CARC_EVENT_BONUS = 6,       /* the builder's bonus tile is due to the player in WINNERS */
  /* The Princess & the Dragon: */
  CARC_EVENT_SET_ASIDE = 7,        /* DISCARDED, a dragon tile, set aside; WINNERS: the player, who draws again */
  CARC_EVENT_SET_ASIDE_BACK = 8,   /* DISCARDED goes back among the face-down tiles (the first volcano) */
  CARC_EVENT_DRAGON_LANDS = 9,     /* the dragon lands on the volcano at (X, Y) */
  CARC_EVENT_DRAGON_STEP = 10,     /* WINNERS' step POINTS of the flight, to (X, Y) */
  CARC_EVENT_EATEN = 11,           /* the dragon eats the figure of WINNERS at (X, Y) LOCATION */
  CARC_EVENT_FLIGHT_ENDS = 12,     /* the flight ends at (X, Y) after POINTS steps */
  CARC_EVENT_FAIRY_MOVES = 13,     /* WINNERS move the fairy next to the meeple at (X, Y) LOCATION */
  CARC_EVENT_FAIRY_POINT = 14,     /* POINTS (1) to WINNERS as their turn begins */
  CARC_EVENT_FAIRY_BONUS = 15,     /* POINTS (3) to WINNERS: a feature holding the fairy's meeple was scored */
  CARC_EVENT_PRINCESS_REMOVES = 16, /* the princess sends the knight of WINNERS at (X, Y) LOCATION home */
  CARC_EVENT_PORTAL = 17,          /* WINNERS deploy through the magic portal at (X, Y) LOCATION */
  CARC_EVENT_ALONE_HOME = 18,      /* the builder or pig of WINNERS at (X, Y) LOCATION goes home (POINTS: 0 the dragon,
                                      1 the princess, 2 a tower's capture) */
  /* (0.5) The Tower */
  CARC_EVENT_TOWER_PIECE = 19,     /* WINNERS build the tower at (X, Y) to height POINTS; TILES: pieces left */
  CARC_EVENT_TOWER_CLOSED = 20,    /* WINNERS put a FIGURE on top of the tower at (X, Y) */
  CARC_EVENT_CAPTURE = 21,         /* player POINTS captures the FIGURE of WINNERS at (X, Y) LOCATION; TILES 1: into
                                      prison, 0: home (the captor's own) */
  CARC_EVENT_EXCHANGE = 22,        /* player POINTS and WINNERS exchange prisoners: FIGURE back to WINNERS, the kind
                                      in TILES back to POINTS */
  CARC_EVENT_RANSOM = 23,          /* WINNERS pay POINTS (3) to player TILES for their FIGURE held prisoner */
  /* (0.6) Abbey & Mayor */
  CARC_EVENT_ABBEY_PLACED = 24,    /* WINNERS place their abbey at (X, Y) */
  CARC_EVENT_ABBEY_DECLINED = 25,  /* WINNERS keep their abbey in the final abbey round */
  CARC_EVENT_FINAL_ABBEY_ROUND = 26, /* the final abbey round begins, from the left of WINNERS (whose turn took the
                                        last land tile) to them */
  CARC_EVENT_WAGON_DUE = 27,       /* the wagon of WINNERS, home from (X, Y), may move: TILES targets */
  CARC_EVENT_WAGON_MOVED = 28,     /* WINNERS move their wagon to (X, Y) LOCATION */
  CARC_EVENT_WAGON_STAYED = 29,    /* WINNERS keep their wagon home */
  CARC_EVENT_BARN_PLACED = 30,     /* a barn placed: its field scores POINTS to WINNERS (TILES completed cities) */
  CARC_EVENT_BARN_CONNECTED = 31,  /* farmers joined to a barn field: POINTS to WINNERS (TILES completed cities) */
  CARC_EVENT_BARN_FINAL = 32,      /* end: POINTS to each barn owner in WINNERS; (X, Y) the barn's corner point */
  CARC_EVENT_BARN_HOME = 33        /* the FIGURE of WINNERS at (X, Y) LOCATION goes home after a barn's scoring */
};
/* Indices into an event's fields. */
enum {
  CARC_EV_TYPE = 0,      /* CARC_EVENT_* */
  CARC_EV_FEATURE = 1,   /* score, recall, pig: CARC_FEATURE_*; goods: CARC_FEATURE_CITY */
  CARC_EV_POINTS = 2,    /* score, recall, goods bonus, pig: points to each winner */
  CARC_EV_WINNERS = 3,   /* bit p set if player p scored (goods, bonus: the player) */
  CARC_EV_END_GAME = 4,  /* score: 1 end-game scoring (figures stay), 0 during the game (they return);
                            goods bonus, pig: 1 */
  CARC_EV_TILE = 5,      /* score, recall, pig: the tile at (x, y), under a figure of the feature; goods,
                            bonus: the tile just placed; else CARC_NO_TILE */
  CARC_EV_X = 6,         /* where that tile is */
  CARC_EV_Y = 7,
  CARC_EV_LOCATION = 8,  /* score, recall, pig: that figure's location; goods: the city's on that tile */
  CARC_EV_TILES = 9,     /* score: tiles in the road or city (0 for monasteries, gardens and fields) */
  CARC_EV_MEEPLES = 10,  /* score, recall, pig: fields 10..15 are the majority weights of players 0..5 */
  CARC_EV_DISCARDED = 16, /* discard: the tile that left the game; set aside, set aside back: the
                             dragon tile; else CARC_NO_TILE */
  CARC_EV_GOODS = 17,    /* fields 17..19, wine, grain, cloth: goods: the tokens taken; goods bonus:
                            the winners' count of its kind, 0 for the other two */
  CARC_EV_FIGURE = 20,   /* eaten, princess removes, alone home, portal: the figure's kind
                            (CARC_FIGURE_*); else CARC_FIGURE_MEEPLE (0.4) */
  CARC_EVENT_FIELDS = 21
};
/* The fields of 0.3: a capacity of this many still takes an event (without the later ones). */
#define CARC_EVENT_FIELDS_0_3 20
/* Takes the oldest unread event: writes its fields (min(capacity, CARC_EVENT_FIELDS) of
 * them; later versions may append fields) and returns 1, or returns 0 if there is none.
 * Capacity below CARC_EVENT_FIELDS_0_3 is CARC_ERANGE and the event stays queued. */
CARC_API int carc_game_poll_event(carc_game* game, int32_t* fields, int capacity);
/* Writes an event's sentence ("city 8 to player 0") from its fields as carc_game_poll_event
 * wrote them (count >= CARC_EVENT_FIELDS_0_3; fields past count read as 0), as text out;
 * CARC_EINVAL for malformed fields. */
CARC_API int carc_event_text(const int32_t* fields, int32_t count, char* buf, size_t size);

/* ------------------------------------------------------------------ the board */

/* Number of tiles on the board, the start tile included. */
CARC_API int carc_game_tile_count(const carc_game* game);
/* The index-th tile placed (0: the start tile or the spring): its place, type and rotation
 * (degrees). */
CARC_API int carc_game_tile(const carc_game* game, int index, int* x, int* y, int* tile, int* rotation);
/* Returns 1 and the tile's type and rotation (degrees) if (x, y) holds a tile, 0 if it is empty. */
CARC_API int carc_game_tile_at(const carc_game* game, int x, int y, int* tile, int* rotation);
/* The kind (CARC_FEATURE_*) of the feature at a location of the tile at (x, y). */
CARC_API int carc_game_feature_kind(const carc_game* game, int x, int y, int location);
/* Number of figures on the board (meeples and the expansions' figures). */
CARC_API int carc_game_meeple_count(const carc_game* game);
/* The index-th figure on the board: its owner, tile, location (the feature's first
 * location on that tile) and kind (CARC_FIGURE_*). */
CARC_API int carc_game_meeple(const carc_game* game, int index, int* player, int* x, int* y, int* location,
                              int* figure);
/* Returns 1 and the river's open end if it has one: the empty cell where the next river tile
 * goes and the side (0 N, 1 E, 2 S, 3 W) the river enters it by; 0 without an open river
 * (option off, or the lake placed). A lake that fit nowhere leaves the river open for good. */
CARC_API int carc_game_river_end(const carc_game* game, int* x, int* y, int* side);

/* ------------------------------------------------------------------ records and history */

/* Writes the game's record (docs/records.md: a header, then one line per drawn
 * tile, with comments) as text out (see above). Any game: finished, unfinished, or with a
 * tile placed and its meeple undecided (the last line then ends in '?'). */
CARC_API int carc_game_save(const carc_game* game, char* buf, size_t size);
/* Writes the game's public record: the tiles drawn so far and the moves, with 'pile hidden'
 * instead of the seed or the draw order, so it reveals nothing a player may not see. It
 * loads (carc_game_load) into a game whose draws the caller supplies. */
CARC_API int carc_game_save_public(const carc_game* game, char* buf, size_t size);
/* A new game replayed from record text, in exactly the state the record leads to (no
 * unread events). On failure *out is NULL, nothing is created, and carc_game_errmsg(NULL)
 * reads "carc_game_load: line N: <reason>": CARC_EINVAL for malformed text, CARC_EILLEGAL
 * for a move against the rules or a tile the seed or order does not draw there (or, in a
 * public record, a tile that is not face down). line may
 * be NULL; otherwise *line is set to the line at fault (1-based), 0 on success. The text
 * is read line by line up to the first error, so memory does not grow with it; a record
 * of more than INT_MAX lines is refused at line INT_MAX (CARC_EINVAL). */
CARC_API int carc_game_load(carc_game** out, const char* text, int* line);

/* Whole turns played so far (tiles placed after the start tile); a tile placed whose
 * meeple is not decided yet does not count. */
CARC_API int carc_game_turns_played(const carc_game* game);
/* The move of turn `turn` (1..carc_game_turns_played): its tile, placement and figure
 * action. */
CARC_API int carc_game_turn_move(const carc_game* game, int turn, carc_move* move);
/* Takes back the last action: a tile placed whose meeple is undecided; a decision on the
 * builder's bonus tile (carc_game_take_bonus or carc_game_pass, its tile not placed yet),
 * back to CARC_PHASE_DECIDE; else the last whole turn with everything it caused (points,
 * meeples returned, discards, the end of the game), its player to place the same tile
 * again. One decision, one undo. Unread events of what is taken back leave the queue;
 * older unread events stay. CARC_EPHASE when no tile has been placed yet. */
CARC_API int carc_game_undo(carc_game* game);
/* Goes back to the state after the first `turns` whole turns (0..carc_game_turns_played),
 * the next tile drawn and waiting to be placed; unread events of later turns leave the
 * queue, as for carc_game_undo. */
CARC_API int carc_game_rewind(carc_game* game, int turns);

/* ------------------------------------------------------------------ front-end queries
 * None of these changes the game. */

/* Writes the chance of each tile type being the next tile drawn: its share of the tiles
 * of the stack drawn from next (the river's while river tiles are face down, the lake only
 * when it is the last of them; else the land's), as a face-down pile shows them (also with a
 * fixed order); all 0 when none is left. Each is the double nearest to count / total (the
 * exact odds). Capacity below CARC_TILE_TYPES is CARC_ERANGE. */
CARC_API int carc_game_next_tile_probabilities(const carc_game* game, double* probabilities, int capacity);

/* Fields of an open cell in carc_game_frontier's buffer. */
enum {
  CARC_CELL_X = 0,
  CARC_CELL_Y = 1,
  CARC_CELL_DEAD = 2,  /* 1 if no tile still to come (the current one included) fits there in any rotation */
  CARC_CELL_RIVER = 3, /* the river's open end: bit s for the side (N E S W) the river enters by; else 0 */
  CARC_CELL_FIELDS = 4
};
/* Writes the open cells (empty, next to a placed tile) and the river's open end, by row then column, as
 * CARC_CELL_FIELDS values each: cells holds capacity cells (capacity * CARC_CELL_FIELDS
 * values). Capacity and *count as for carc_game_placements; CARC_MAX_FRONTIER suffices.
 * A dead cell stays dead for the rest of the game. */
CARC_API int carc_game_frontier(const carc_game* game, int32_t* cells, int capacity, int* count);
/* Bit k set for each rotation of k quarter turns (k * 90 degrees) in which tile fits at
 * (x, y), whatever the phase: each distinct picture once, with its smallest rotation, as
 * carc_game_placements lists them (U fits at 0, not also at 180); a river tile only at the
 * river's open end, continuing it. 0 if nothing fits there; CARC_EINVAL for a number that
 * names no tile type. */
CARC_API int carc_game_fitting_rotations(const carc_game* game, int tile, int x, int y);

/* Writes each player's points so far to scores[0..players-1] (once the game is over, the
 * final scores); capacity below the number of players is CARC_ERANGE. */
CARC_API int carc_game_scores(const carc_game* game, int32_t* scores, int capacity);
/* Writes the points banked while playing: carc_game_scores during the game, and once it is
 * over the scores before end-game scoring. Capacity as for carc_game_scores. */
CARC_API int carc_game_banked_scores(const carc_game* game, int32_t* scores, int capacity);
/* Writes the tiles (types) that fit nowhere and left the game, in draw order;
 * capacity and *count as for carc_game_placements (CARC_MAX_TILES always suffices). */
CARC_API int carc_game_discards(const carc_game* game, int32_t* tiles, int capacity, int* count);
/* Writes the final scores if the game ended now: a tile just placed scores what it
 * completed (without a meeple), then end-game scoring runs, all on a copy. Once the game
 * is over these are its scores. Capacity as for carc_game_scores. */
CARC_API int carc_game_projected_scores(const carc_game* game, int32_t* scores, int capacity);

/* Indices into carc_game_inspect_feature's fields. */
enum {
  CARC_FI_KIND = 0,            /* CARC_FEATURE_* */
  CARC_FI_COMPLETED = 1,       /* 1: a road or city without open edges, a monastery or garden with 8 neighbours; fields never */
  CARC_FI_TILES = 2,           /* distinct tiles it covers (carc_game_feature_tiles lists them) */
  CARC_FI_SHIELDS = 3,         /* cities: shields */
  CARC_FI_OPEN_EDGES = 4,      /* roads, cities: edges still waiting for a neighbour */
  CARC_FI_CITIES = 5,          /* fields: distinct completed cities it touches */
  CARC_FI_MAJORITY = 6,        /* bit p set for each player who would score it; 0 without meeples */
  CARC_FI_VALUE_COMPLETE = 7,  /* points on completion at its present size (fields: as at the end) */
  CARC_FI_VALUE_END = 8,       /* points from end-game scoring as it stands (0 for a completed road,
                                  city or monastery: those score on completion) */
  CARC_FI_MEEPLES = 9,         /* fields 9..14: majority weight of players 0..5 on it (a large meeple 2) */
  CARC_FEATURE_INFO_FIELDS = 15
};
/* Inspects the whole feature at a location (CARC_LOC_*) of the tile at (x, y): writes
 * min(capacity, CARC_FEATURE_INFO_FIELDS) fields indexed by CARC_FI_* (later versions may
 * append fields). Capacity below 15 is CARC_ERANGE; no tile at (x, y), or a location that
 * names no feature of it, is CARC_EINVAL. */
CARC_API int carc_game_inspect_feature(const carc_game* game, int x, int y, int location, int32_t* fields,
                                       int capacity);
/* Writes the board indices (as carc_game_tile takes them), ascending, of the tiles that
 * the feature at (x, y, location) covers; capacity and *count as for carc_game_placements,
 * CARC_MAX_TILES suffices. */
CARC_API int carc_game_feature_tiles(const carc_game* game, int x, int y, int location, int32_t* indices,
                                     int capacity, int* count);

/* ------------------------------------------------------------------ pictures */

/* Bits of carc_game_render_svg's flags; any other bit is CARC_EINVAL. */
enum {
  CARC_SVG_COORDINATES = 1,  /* x above each column, y left of each row, a tooltip per tile */
  CARC_SVG_LEGAL_CELLS = 2,  /* outline the cells where the current tile fits, with its rotations */
  CARC_SVG_DEAD_CELLS = 4,   /* cross out open cells that no tile still to come can fill */
  CARC_SVG_LEGEND = 8,       /* players' colours, scores and supplies, and the tile to play */
  CARC_SVG_TARGETS = 16,     /* (0.4.1) each option of the current decision that has a place on the
                                board (a figure action, a dragon step) as a group of class "target"
                                whose data-choice is its choice id for carc_game_decide */
  CARC_SVG_DEFAULT = CARC_SVG_COORDINATES | CARC_SVG_LEGEND
};
/* Bits of carc_game_render_text's flags; any other bit is CARC_EINVAL. */
enum {
  CARC_TEXT_COORDINATES = 1, /* x above each column of tiles, y left of each row */
  CARC_TEXT_LEGAL_CELLS = 2, /* '?' in the cells where the current tile fits */
  CARC_TEXT_DEFAULT = CARC_TEXT_COORDINATES
};
/* The smallest drawn width of a tile, in pixels. */
#define CARC_MIN_TILE_PIXELS 1
/* The largest drawn width of a tile, in pixels. */
#define CARC_MAX_TILE_PIXELS 4096

/* Writes an SVG document of the board as text out: tiles drawn from their data, meeples
 * in player colours; each placed tile is one `<g class="tile">` (data-x, data-y, data-tile,
 * data-rotation), each meeple one element of class "meeple". tile_pixels is the drawn
 * width of one tile (CARC_MIN_TILE_PIXELS..CARC_MAX_TILE_PIXELS; 64 is usual). */
CARC_API int carc_game_render_svg(const carc_game* game, int flags, int tile_pixels, char* buf, size_t size);
/* Writes the board as text for terminals, as text out: each tile 5 characters wide and 3
 * lines high, '#' city, '-' and '|' road, '+' where roads meet, 'M' monastery, '.' field,
 * a meeple its player's digit; each line ends with '\n'. */
CARC_API int carc_game_render_text(const carc_game* game, int flags, char* buf, size_t size);
/* One tile type in a rotation (degrees) as SVG, pixels wide: the tile in hand. */
CARC_API int carc_tile_render_svg(int tile, int rotation, int pixels, char* buf, size_t size);
/* One tile type in a rotation (degrees) as the 3 lines the text board draws it with, no meeples. */
CARC_API int carc_tile_render_text(int tile, int rotation, char* buf, size_t size);

/* ------------------------------------------------------------------ reinforcement learning
 * OpenSpiel's conventions (docs/rl.md). Each game configuration has a fixed range of
 * integer action ids, and a turn is two decisions, as the phases are:
 *   placement ids 0 .. PLACEMENTS-1: cell * 4 + rotation, the cell indexing a square
 *     window of side SIDE = 2 * REACH + 1 centred on the start tile (every cell a game
 *     can reach: REACH is 72, or 125 with the River): cell = (y + REACH) * SIDE + (x + REACH);
 *   figure ids PLACEMENTS + slot: slot 0 is no figure, slot 1 + location the meeple on
 *     that location, then with Inns & Cathedrals the large meeple on each location, with
 *     the Abbot the abbot on C and the recall, with Traders & Builders the builder on each
 *     location and the pig on each location (carc_rl_figure_slot), in the meeple phase;
 *   bonus ids PLACEMENTS + FIGURES (take the builder's bonus tile) and PLACEMENTS +
 *     FIGURES + 1 (pass on it), in the bonus phase: ACTIONS - PLACEMENTS - FIGURES is 2
 *     with Traders & Builders, else 0.
 * The draw of a game with caller draws is a chance node: its outcomes are the tile types
 * 0..CARC_TILE_TYPES-1, listed and applied by the same calls. Legal actions come sorted,
 * each distinct placement picture and each feature once, as carc_game_placements and
 * carc_game_figure_actions list them. Observations are floats of a documented layout:
 * PLANES planes of OBS_SIDE x OBS_SIDE cells around the start tile, then SCALARS values. */

/* Indices into carc_rl_action_space's fields. */
enum {
  CARC_RL_REACH = 0,       /* placement cells have |x|, |y| <= REACH */
  CARC_RL_SIDE = 1,        /* 2 * REACH + 1 */
  CARC_RL_PLACEMENTS = 2,  /* placement ids are 0 .. PLACEMENTS-1; figure ids start here */
  CARC_RL_FIGURES = 3,     /* figure ids are PLACEMENTS .. PLACEMENTS+FIGURES-1 */
  CARC_RL_ACTIONS = 4,     /* the number of action ids: PLACEMENTS + FIGURES + decision ids + ELSEWHERE */
  CARC_RL_ELSEWHERE = 5,   /* figure actions on other tiles, the last ELSEWHERE ids (0.4; 0 without
                              Princess & Dragon), and options taken on a cell ((0.5) a capture,
                              (0.6) the abbey's square, a wagon's target); decision ids lie
                              between FIGURES' and these */
  CARC_RL_SPACE_FIELDS = 6
};
/* Indices into carc_rl_observation_shape's fields. */
enum {
  CARC_RL_PLANES = 0,      /* planes of the board: 27 + players, + 3 with Inns & Cathedrals,
                              + 5 with Traders & Builders, + 3 with Princess & Dragon
                              (docs/rl.md lists them) */
  CARC_RL_OBS_SIDE = 1,    /* cells per row and column of each plane */
  CARC_RL_SCALARS = 2,     /* values after the planes: 4 * players + 231, + players with
                              Inns & Cathedrals, + 5 * players + 2 with Traders & Builders,
                              + players + 4 with Princess & Dragon */
  CARC_RL_OBS_SIZE = 3,    /* floats in all: PLANES * OBS_SIDE * OBS_SIDE + SCALARS */
  CARC_RL_SHAPE_FIELDS = 4
};
/* A capacity that always holds the legal actions of one decision. */
#define CARC_RL_MAX_LEGAL 3917
/* Chance outcomes of a draw: the tile types. */
#define CARC_RL_CHANCE_OUTCOMES 143
/* A capacity that always holds one observation (6 players, every expansion). */
#define CARC_RL_MAX_OBSERVATION 29786

/* Writes the game configuration's action space: min(capacity, CARC_RL_SPACE_FIELDS)
 * fields indexed by CARC_RL_REACH.. (capacity below 5, the fields of 0.3, is CARC_ERANGE). */
CARC_API int carc_rl_action_space(const carc_game* game, int32_t* fields, int capacity);
/* The figure kind (CARC_FIGURE_*) and location (CARC_LOC_*) of figure slot `slot`
 * (0..FIGURES-1; slot 0, no figure, is CARC_FIGURE_MEEPLE with CARC_LOC_NONE); either out
 * pointer may be NULL. */
CARC_API int carc_rl_figure_slot(const carc_game* game, int slot, int* figure, int* location);
/* Writes the legal actions of the current decision, ascending: placement ids in the tile
 * phase, figure ids in the meeple phase (no figure first), in the draw phase the tile types
 * that carc_game_draw would take (during the River only river tiles, the lake last), none
 * once the game is over. Capacity and *count as for carc_game_placements. */
CARC_API int carc_rl_legal_actions(const carc_game* game, int32_t* actions, int capacity, int* count);
/* Writes 1 for each legal action and 0 for the others to mask[0..n-1]: n is the number of
 * action ids, or CARC_RL_CHANCE_OUTCOMES in the draw phase. CARC_ERANGE if capacity < n. */
CARC_API int carc_rl_legal_mask(const carc_game* game, uint8_t* mask, int capacity);
/* Applies an action of the current decision (a tile type in the draw phase): places,
 * takes the figure action (scoring and passing the turn) or draws. CARC_EINVAL for an id outside the
 * space, CARC_EPHASE for an id of the other decision or a game that is over,
 * CARC_EILLEGAL for one the rules forbid. An id showing the same as a listed one (U at
 * rotation 2 for U at 0) is played as the engine plays it. */
CARC_API int carc_rl_apply(carc_game* game, int32_t action);
/* The action a bot (CARC_BOT_*, budget and seed as for carc_bot_choose) takes in the
 * current decision: the placement of its chosen move in the tile phase (its figure action
 * is chosen again in the meeple phase), a figure id in the meeple phase, take or pass in
 * the bonus phase. CARC_EPHASE in the draw phase or once the game is over. */
CARC_API int carc_rl_bot_action(const carc_game* game, int level, int iterations, int milliseconds, int threads,
                                uint64_t seed, int32_t* action);
/* The move an action id stands for: a placement id with the current tile and no figure
 * (tile phase), a figure id with the tile just placed and its figure and location
 * (meeple phase). CARC_EPHASE in another phase (a bonus id is no move). */
CARC_API int carc_rl_action_to_move(const carc_game* game, int32_t action, carc_move* move);
/* The option of the current decision (a carc_choice, as carc_game_choices gives them) that an
 * action id stands for, any kind of decision (a chance action is a tile type): format it
 * with carc_choice_format, take it with carc_game_decide (0.4). CARC_EINVAL for an id
 * outside the space, CARC_EPHASE for an id of another decision or a game that is over. */
CARC_API int carc_rl_action_to_choice(const carc_game* game, int32_t action, carc_choice* choice);
/* The action id of a move: its placement in the tile phase, its figure action in the
 * meeple phase (the move's tile must be the current tile). CARC_EINVAL if the placement
 * lies outside the window. */
CARC_API int carc_rl_move_to_action(const carc_game* game, carc_move move, int32_t* action);
/* Writes the observation shape of the game's configuration: min(capacity,
 * CARC_RL_SHAPE_FIELDS) fields indexed by CARC_RL_PLANES.. (capacity below 4 is CARC_ERANGE). */
CARC_API int carc_rl_observation_shape(const carc_game* game, int32_t* fields, int capacity);
/* Writes what `player` sees of the game (seats relative to that player; never the order
 * of the face-down tiles) as CARC_RL_OBS_SIZE floats; capacity below that is CARC_ERANGE. */
CARC_API int carc_rl_observe(const carc_game* game, int player, float* observation, int capacity);

/* Many seeded games stepped by one call, as EnvPool does: the games of one configuration.
 * Like a game, a batch is used by one thread at a time; separate batches share nothing.
 * A call on a batch while another call runs on it (a caller breaking that rule) fails
 * with CARC_EPHASE and changes nothing (carc_batch_free cannot tell: never free a batch
 * in use). */
typedef struct carc_batch carc_batch;
/* Bits of carc_batch_step's flags; any other bit is CARC_EINVAL. */
enum {
  CARC_BATCH_AUTO_RESET = 1, /* a game that ends starts again at once (a new seed, see carc_batch_new) */
  CARC_BATCH_SORTED = 2      /* legal actions ascending, as carc_rl_legal_actions lists them (slower) */
};
/* A batch of `games` (1..65536) new games for 1..6 players: game i starts from seed +
 * i, and the k-th game started by an auto-reset (counted over the batch, in game order
 * within a call) from seed + games + k. On failure *out is NULL. */
CARC_API int carc_batch_new(carc_batch** out, int games, int players, uint64_t seed);
/* Releases a batch; NULL is a no-op. */
CARC_API void carc_batch_free(carc_batch* batch);
/* Sets a rule option (CARC_OPT_*) of every game, before the first step with actions
 * (afterwards CARC_EPHASE); the games start anew from their seeds. */
CARC_API int carc_batch_set_option(carc_batch* batch, int option, int value);
/* The number of games in the batch. */
CARC_API int carc_batch_size(const carc_batch* batch);
/* Copies game `index` of the batch into dst (as carc_game_copy), to query or save it. */
CARC_API int carc_batch_game(const carc_batch* batch, int index, carc_game* dst);
/* Starts game `index` anew from `seed` (its configuration unchanged). */
CARC_API int carc_batch_restart(carc_batch* batch, int index, uint64_t seed);
/* Steps every game: applies actions[i] to game i (NULL: applies nothing and only writes
 * the outputs; the action of a game that is over is ignored), then writes per game:
 * rewards[i * players + p] the points player p gained in the step (end-game scoring
 * included), done[i] 1 if the game ended in the step or is over, and, each only if its
 * pointer is not NULL, to_play[i] the player to decide next (-1 once over), the legal
 * actions (legal[i * legal_stride ..], legal_counts[i] of them, in the engine's order
 * unless CARC_BATCH_SORTED; legal_stride at least CARC_RL_MAX_LEGAL), masks (masks[i * mask_stride ..], CARC_RL_ACTIONS bytes)
 * and the observation of the player to decide (player 0 once over;
 * observations[i * observation_stride ..], CARC_RL_OBS_SIZE floats). With CARC_BATCH_AUTO_RESET a game that ends starts again
 * and what is written after the rewards is of the new game. Every action is checked
 * before any is applied: on failure (CARC_EINVAL, CARC_EPHASE, CARC_EILLEGAL naming the
 * game, short strides CARC_ERANGE) no game changes and nothing is written. */
CARC_API int carc_batch_step(carc_batch* batch, const int32_t* actions, int flags, int32_t* rewards, uint8_t* done,
                             int32_t* to_play, int32_t* legal, int32_t* legal_counts, int legal_stride, uint8_t* masks,
                             int mask_stride, float* observations, int observation_stride);

#ifdef __cplusplus
}
#endif

#endif /* CARCASSONNE_H */
