// carc_constant: the header's integer constants, listed from carcassonne.h at build time
// (cmake/GenerateConstants.cmake writes carc_constants.inc), so that the bindings take the
// values from the library and the header stays their one source.
#include <iterator>

#include "capi_internal.hpp"

using namespace carc::capi;

namespace {
struct Constant {
  const char* name;
  int64_t value;
};
constexpr Constant kConstants[] = {
#define CARC_CONSTANT(name) {#name, name},
#include "carc_constants.inc"
#undef CARC_CONSTANT
};
}  // namespace

int carc_constant(int32_t index, const char** name, int64_t* value) {
  return guarded(__func__, [&](const Call& c) -> int {
    constexpr int32_t n = static_cast<int32_t>(std::size(kConstants));
    if (index < 0) return c.fail(CARC_EINVAL, "index %d is negative", static_cast<int>(index));
    if (index >= n) return c.fail(CARC_ERANGE, "index %d is past the last constant, %d", static_cast<int>(index), n - 1);
    if (name) *name = kConstants[index].name;
    if (value) *value = kConstants[index].value;
    return CARC_OK;
  });
}
