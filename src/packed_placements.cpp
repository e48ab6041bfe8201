// Game::packed_placements: the legal placements as C ABI move bits, written without a
// branch per open cell. legal_placements loops over each cell's rotation bits, which
// mispredicts a branch for nearly every cell; here a cell writes all four slots of a
// 16-byte table row with one store and keeps as many as fit (the next cell overwrites the
// rest). The last few rows reach up to 3 slots past the list, so the list is built on the
// stack and copied out: the caller's buffer gets exactly the list. (Sending only the last
// cells through a small buffer cost 10% more instructions per C ABI playout than the copy,
// which costs about 1%; writing straight into the caller's buffer and putting back the 3
// slots past the list, as the C layer once did, overflows a buffer whose capacity the
// caller overstated.) A module's own tiles (river tiles) go only where the module puts them.
#include <array>
#include <bit>
#include <cstddef>
#include <cstring>
#include <new>

#include "carcassonne/game.hpp"
#include "modules.hpp"

namespace carc {

namespace {

// kRotationBits[mask]: the rotations in a mask of rotations, as move bits (bits 16..17),
// the k-th in slot k (0 past the last); one 16-byte row, so that a cell's four slots are
// one vector OR and store.
struct alignas(16) RotationBits {
  uint32_t slot[4];
};
constexpr std::array<RotationBits, 16> kRotationBits = [] {
  std::array<RotationBits, 16> bits{};
  for (size_t mask = 0; mask < 16; ++mask)
    for (size_t k = 0; k < 4; ++k) bits[mask].slot[k] = static_cast<uint32_t>(tiles::kNthRotation[mask][k]) << 16;
  return bits;
}();

// kRowOffset[t][req]: where the row of kFit[t][req] starts in kRotationBits, in bytes (the
// mask times 16, at most 240): a byte the loop adds as it is, where a mask had to be
// shifted first, one instruction per open cell.
constexpr auto kRowOffset = [] {
  std::array<std::array<uint8_t, 256>, kTileTypes> offset{};
  for (size_t t = 0; t < kTileTypes; ++t)
    for (size_t req = 0; req < 256; ++req) offset[t][req] = static_cast<uint8_t>(tiles::kFit[t][req] * sizeof(RotationBits));
  return offset;
}();

// An open cell's x and y as bits 0..15. The two bytes lie side by side, so on the usual
// little-endian machine they are one load.
uint32_t xy_bits(const OpenCell& o) {
  static_assert(offsetof(OpenCell, y) == offsetof(OpenCell, x) + 1);
  if constexpr (std::endian::native == std::endian::little) {
    uint16_t xy;
    std::memcpy(&xy, &o.x, sizeof xy);
    return xy;
  } else {
    return static_cast<uint8_t>(o.x) | static_cast<uint32_t>(static_cast<uint8_t>(o.y)) << 8;
  }
}

// Writes the four slots of cell o's row at out: x, y and the rotations.
inline void write_row(uint32_t* out, const OpenCell& o, const std::array<uint8_t, 256>& row_offset) {
  const uint32_t cell = xy_bits(o);
  const unsigned char* table = reinterpret_cast<const unsigned char*>(kRotationBits.data());
  // A copy, loaded before the stores, which may alias the table; the row at that offset is
  // an aligned RotationBits, which lets the load fold into the OR.
  const RotationBits rot = *std::launder(reinterpret_cast<const RotationBits*>(table + row_offset[o.req]));
  for (size_t k = 0; k < 4; ++k) out[k] = cell | rot.slot[k];
}

}  // namespace

int Game::packed_placements(uint64_t* out, uint64_t bits) const {
  if (phase_ != Phase::PlaceTile) return 0;
  const TileType t = current_tile();
  // The tiles of a module that says where they go (river tiles: at most four).
  int owned = 0;
  if (with_tile_owner(t, [&](auto m) {
        PlacementBuffer at;
        owned = decltype(m)::placements(*this, t, at);
        for (int i = 0; i < owned; ++i)
          out[i] = bits | static_cast<uint8_t>(at[i].x) | static_cast<uint64_t>(static_cast<uint8_t>(at[i].y)) << 8 |
                   static_cast<uint64_t>(at[i].rot) << 16;
      }))
    return owned;
  const auto& row_offset = kRowOffset[t];
  const auto& fit_count = tiles::kFitCount[t];
  // A cell whose row starts at slot m writes slots m..m+3, past the list for the last few
  // cells, so the list is built here and copied: out gets exactly its n values.
  uint32_t list[kMaxPlacements + 3];
  size_t n = 0;
#pragma GCC unroll 2
  for (int i = 0, cells = board_.open_count(); i < cells; ++i) {
    const OpenCell& o = board_.open(i);
    write_row(list + n, o, row_offset);
    n += fit_count[o.req];
  }
  // The rows are 32-bit, so that a cell is one vector OR and store; the caller's bits are
  // added while copying out, a loop the compiler vectorizes (once per move, not per cell).
  for (size_t i = 0; i < n; ++i) out[i] = bits | list[i];
  return static_cast<int>(n);
}

}  // namespace carc
