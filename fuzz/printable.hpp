// Whether text is safe to print, as the C header promises of every message: valid UTF-8
// without control characters (C0, DEL, C1). Both harnesses check messages with it.
#pragma once

#include <string>

inline bool printable(const std::string& s) {
  for (size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    const size_t len = c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 0;
    if (len == 0 || i + len > s.size() || c < 0x20 || c == 0x7F || c == 0xC0 || c == 0xC1) return false;
    for (size_t k = 1; k < len; ++k)
      if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return false;
    if (c == 0xC2 && static_cast<unsigned char>(s[i + 1]) < 0xA0) return false;
    i += len;
  }
  return true;
}
