// The record loader's memory: its peak heap use on 50 MB hostile records stays within a
// small multiple of what it keeps (a game, a message), not of the text. Its own runner
// (carc_record_memory_tests), because it replaces the global operator new and delete to
// count the bytes in use and their peak.
#include <catch2/catch.hpp>

#include <atomic>
#include <cstdlib>
#include <new>
#include <string>

#include "carcassonne/carcassonne.h"
#include "carcassonne/carcassonne.hpp"

namespace {

std::atomic<size_t> g_in_use{0}, g_peak{0};

// Each block carries its size in front, so that delete knows what it gives back.
constexpr size_t kHeader = alignof(std::max_align_t);

void* counted_new(size_t size) {
  void* p = std::malloc(size + kHeader);
  if (!p) throw std::bad_alloc();
  *static_cast<size_t*>(p) = size;
  const size_t now = g_in_use += size;
  for (size_t peak = g_peak; now > peak && !g_peak.compare_exchange_weak(peak, now);) {
  }
  return static_cast<char*>(p) + kHeader;
}

void counted_delete(void* p) noexcept {
  if (!p) return;
  void* block = static_cast<char*>(p) - kHeader;
  g_in_use -= *static_cast<size_t*>(block);
  std::free(block);
}

// The peak of bytes in use while f runs, above what was in use when it started.
template <class F>
size_t peak_during(F&& f) {
  const size_t base = g_in_use;
  g_peak = base;
  f();
  return g_peak - base;
}

constexpr size_t kBig = 50u << 20;  // 50 MB
const std::string kHeaderLines = "carcassonne-record 1\nplayers 2\nseed 7\n";

// head, then `piece` over and over up to 50 MB.
std::string repeated(const std::string& head, const std::string& piece) {
  std::string s = head;
  s.reserve(kBig + head.size() + piece.size());
  while (s.size() < kBig) s += piece;
  return s;
}

// What a load keeps on the heap: the reason of a failure (quoted input is cut short, so
// a few hundred bytes), the draw order (at most 71 tiles) and the formatting library's
// strings; the games are on the stack. The peaks measured are 0 to about 400 bytes; the
// loader that split the whole text first peaked at about 32 times the text.
constexpr size_t kKeptBound = 4096;

}  // namespace

// Over-aligned allocations are not used by the engine; these cover the usual forms.
void* operator new(size_t size) { return counted_new(size); }
void* operator new[](size_t size) { return counted_new(size); }
void operator delete(void* p) noexcept { counted_delete(p); }
void operator delete[](void* p) noexcept { counted_delete(p); }
void operator delete(void* p, size_t) noexcept { counted_delete(p); }
void operator delete[](void* p, size_t) noexcept { counted_delete(p); }

TEST_CASE("Record memory: the counter sees the loader's allocations") {
  // A record that loads allocates a little (the draw order, formatting): the counter works.
  const std::string ok = "carcassonne-record 1\nplayers 2\norder EU\nE 0,-1 180 S\n";
  carc::Game g(2, uint64_t{1});
  const size_t peak = peak_during([&] { REQUIRE(carc::load_record(ok, g) == carc::Status::Ok); });
  CHECK(peak > 0);
  std::string s(1000, 'x');
  CHECK(peak_during([&] { std::string copy = s; }) >= 1000);
}

TEST_CASE("Record memory: 50 MB hostile records peak within what the loader keeps, not the text") {
  struct Hostile {
    const char* what;
    std::string (*make)();  // one 50 MB text at a time
    carc::Status status;
    int line;
  };
  const Hostile cases[] = {
      {"50 MB of 'x' lines (refused at line 1: no header)",
       [] { return repeated("", "x\n"); }, carc::Status::InvalidArgument, 1},
      {"50 MB of junk words after a valid header", [] { return repeated(kHeaderLines, "junk words "); },
       carc::Status::InvalidArgument, 4},
      {"50 MB of junk lines after a valid header", [] { return repeated(kHeaderLines, "junk words\n"); },
       carc::Status::InvalidArgument, 4},
      {"one 50 MB word after a valid header", [] { return kHeaderLines + std::string(kBig, 'A'); },
       carc::Status::InvalidArgument, 4},
      {"a valid header, then 50 MB of comment lines",
       [] { return repeated(kHeaderLines, "# a comment line, then a blank one\n\n"); }, carc::Status::Ok, 0},
      {"a 50 MB order line", [] { return repeated("carcassonne-record 1\nplayers 2\norder", " -"); },
       carc::Status::InvalidArgument, 3},
      // A move line's words are read in place (they were joined into a copy of the line).
      {"a move line with a 50 MB figure word", [] { return kHeaderLines + "E 0,-1 180 " + std::string(kBig, 'S'); },
       carc::Status::InvalidArgument, 4},
      {"a move line of 50 MB, its meeple undecided",
       [] { return kHeaderLines + "E 0,-1 " + std::string(kBig, '9') + " ?"; }, carc::Status::InvalidArgument, 4},
  };
  for (const Hostile& h : cases) {
    INFO(h.what);
    const std::string text = h.make();
    carc::Game game(2, uint64_t{1});
    carc::RecordError error;
    carc::Status s = carc::Status::Internal;
    const size_t peak = peak_during([&] { s = carc::load_record(text, game, &error); });
    CHECK(s == h.status);
    if (h.status != carc::Status::Ok) {
      CHECK(error.line == h.line);
      CHECK(error.reason.size() < 400);  // quoted input is cut short (a line and a word of it: 80 bytes each)
    }
    CHECK(peak < kKeptBound);
    // Through the C ABI too (the text is read in place: no copy of it).
    carc_game* out = nullptr;
    int line = -1;
    const size_t c_peak = peak_during([&] { s = static_cast<carc::Status>(carc_game_load(&out, text.c_str(), &line)); });
    CHECK(static_cast<int>(s) == static_cast<int>(h.status));
    CHECK(line == h.line);
    CHECK(c_peak < kKeptBound + sizeof(carc::Game) + sizeof(carc::Events) + 64);  // and the handle, if one is made
    carc_game_free(out);
  }
}
