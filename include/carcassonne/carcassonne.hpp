// The whole C++ API of the carcassonne rules engine.
#pragma once

#include "carcassonne/actions.hpp"
#include "carcassonne/board.hpp"
#include "carcassonne/bots.hpp"
#include "carcassonne/features.hpp"
#include "carcassonne/game.hpp"
#include "carcassonne/history.hpp"
#include "carcassonne/notation.hpp"
#include "carcassonne/observation.hpp"
#include "carcassonne/options.hpp"
#include "carcassonne/queries.hpp"
#include "carcassonne/record.hpp"
#include "carcassonne/rng.hpp"
#include "carcassonne/scoring.hpp"
#include "carcassonne/svg.hpp"
#include "carcassonne/text_render.hpp"
#include "carcassonne/tiles.hpp"
