// The River module (river.cpp; docs/expansions.md, "The River").
#pragma once

#include "module.hpp"

namespace carc {

template <>
struct Module<Expansion::River> : Hooks {};

}  // namespace carc
