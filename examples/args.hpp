// Command-line arguments for the example programs, checked strictly: a number is decimal
// digits only and in its range, --help (or -h) prints the usage, and anything refused
// prints what is wrong and the usage line to stderr and exits with status 2.
#pragma once

#include <fmt/format.h>

#include <cerrno>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

#include "carcassonne/options.hpp"

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

// Reads a whole file into text; false with the system's reason in *why ("games.txt: No such
// file or directory").
inline bool read_file(const std::string& path, std::string& text, std::string* why) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) {
    *why = fmt::format("cannot read {}: {}", path, std::strerror(errno));
    return false;
  }
  text.clear();
  char buf[1 << 16];
  size_t n = 0;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) text.append(buf, n);
  const bool failed = std::ferror(f) != 0;
  const int err = errno;
  std::fclose(f);
  if (failed) *why = fmt::format("cannot read {}: {}", path, std::strerror(err));
  return !failed;
}

// Writes text to a file; false with the system's reason in *why.
inline bool write_file(const std::string& path, std::string_view text, std::string* why) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  bool ok = f && std::fwrite(text.data(), 1, text.size(), f) == text.size();
  int err = errno;
  if (f && std::fclose(f) != 0 && ok) ok = false, err = errno;
  if (!ok) *why = fmt::format("cannot write {}: {}", path, std::strerror(err));
  return ok;
}

// Takes every "--option NAME[=on|off]" out of argv (repeatable, anywhere; argc shrinks): NAME
// is a rule option or expansion of carc::option_table() ("river", "inns-and-cathedrals",
// "farmers", ...; '_' may stand for '-'). Anything else after --option is refused, listing
// the names. Returns the options, the others at their defaults.
inline carc::Options options(const Usage& usage, int& argc, char** argv) {
  carc::Options o;
  int kept = 1;
  for (int i = 1; i < argc; ++i) {
    if (std::string_view(argv[i]) != "--option") {
      argv[kept++] = argv[i];
      continue;
    }
    if (++i == argc) refuse(usage, "--option needs a NAME");
    std::string name(argv[i]);
    bool on = true;
    if (const size_t eq = name.find('='); eq != std::string::npos) {
      const std::string value = name.substr(eq + 1);
      if (value != "on" && value != "off")
        refuse(usage, fmt::format("option {}: the value is on or off, not '{}'", name.substr(0, eq), value));
      on = value == "on";
      name.resize(eq);
    }
    for (char& c : name) c = c == '_' ? '-' : c;
    const carc::OptionInfo* info = carc::find_option(std::string_view(name));
    if (!info) {
      std::string names;
      for (const carc::OptionInfo& known : carc::option_table()) names += fmt::format("{}{}", names.empty() ? "" : ", ", known.name);
      refuse(usage, fmt::format("'{}' is not an option; the options are {}", argv[i], names));
    }
    o.*(info->field) = on;
  }
  argc = kept;
  return o;
}

}  // namespace args
