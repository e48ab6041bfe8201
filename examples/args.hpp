// Command-line arguments for the example programs, checked strictly: a number is decimal
// digits only and in its range, --help (or -h) prints the usage, and anything refused
// prints what is wrong and the usage line to stderr and exits with status 2.
#pragma once

#include <fmt/format.h>

#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace args {

// A program's usage: the first line ("usage: NAME ...") is printed with every refusal,
// the whole text for --help.
struct Usage {
  std::string_view name;
  std::string_view text;
};

// Prints "NAME: WHY" and the usage line to stderr, and exits with status 2.
[[noreturn]] inline void refuse(const Usage& usage, std::string_view why) {
  const std::string_view line = usage.text.substr(0, usage.text.find('\n'));
  fmt::print(stderr, "{}: {}\n{}\n", usage.name, why, line);
  std::exit(2);
}

// Whether any argument asks for help (--help, -h); if so the whole usage is on stdout.
inline bool help(const Usage& usage, int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    if (a == "--help" || a == "-h") {
      fmt::print("{}", usage.text);
      return true;
    }
  }
  return false;
}

// TEXT as a decimal number from LO to HI; anything else (a sign, a space, other
// characters, too large) is refused, naming the argument WHAT.
inline uint64_t number(const Usage& usage, std::string_view what, std::string_view text, uint64_t lo, uint64_t hi) {
  uint64_t value = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc() || ptr != end || value < lo || value > hi)
    refuse(usage, fmt::format("{} must be a whole number from {} to {}, not '{}'", what, lo, hi, text));
  return value;
}

}  // namespace args
