#include "rules/operators/glob.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace c2a::rules {
namespace {

// One star-free piece of a pattern; `any[i]` marks a `?`.
struct Piece {
  std::string chars;
  std::vector<bool> any;

  [[nodiscard]] std::size_t size() const { return chars.size(); }
  [[nodiscard]] bool accepts(std::size_t i, char c) const { return any[i] || chars[i] == c; }
};

std::vector<Piece> split(std::string_view pattern) {
  std::vector<Piece> pieces(1);
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    char c = pattern[i];
    if (c == '*') {
      pieces.emplace_back();
      continue;
    }
    bool escaped = c == '\\' && i + 1 < pattern.size();
    if (escaped) c = pattern[++i];
    pieces.back().chars.push_back(c);
    pieces.back().any.push_back(!escaped && c == '?');
  }
  return pieces;
}

bool matchesAt(std::string_view text, std::size_t at, const Piece& piece) {
  if (at + piece.size() > text.size()) return false;
  for (std::size_t i = 0; i < piece.size(); ++i) {
    if (!piece.accepts(i, text[at + i])) return false;
  }
  return true;
}

// Leftmost occurrence of `piece` in text[from, to), by Shift-And (bit-parallel: bit i of the state
// says the last i+1 characters match the piece's first i+1), so each character is seen once.
// Returns the end of the occurrence, or npos.
std::size_t findLeftmost(std::string_view text, std::size_t from, std::size_t to,
                         const Piece& piece) {
  const std::size_t length = piece.size();
  if (length == 0) return from;
  const std::size_t words = (length + 63) / 64;
  // Every character's mask starts with the `?` positions, then gains the positions naming it.
  std::vector<std::uint64_t> anyMask(words, 0);
  for (std::size_t i = 0; i < length; ++i) {
    if (piece.any[i]) anyMask[i / 64] |= 1ULL << (i % 64);
  }
  std::vector<std::uint64_t> masks(256 * words);
  for (std::size_t c = 0; c < 256; ++c) {
    std::copy(anyMask.begin(), anyMask.end(),
              masks.begin() + static_cast<std::ptrdiff_t>(c * words));
  }
  for (std::size_t i = 0; i < length; ++i) {
    auto c = static_cast<unsigned char>(piece.chars[i]);
    masks[c * words + i / 64] |= 1ULL << (i % 64);
  }
  std::vector<std::uint64_t> state(words, 0);
  const std::uint64_t last = 1ULL << ((length - 1) % 64);
  for (std::size_t at = from; at < to; ++at) {
    const auto* mask = &masks[static_cast<unsigned char>(text[at]) * words];
    std::uint64_t carry = 1;  // a match may start at every position
    for (std::size_t w = 0; w < words; ++w) {
      std::uint64_t next = (state[w] << 1) | carry;
      carry = state[w] >> 63;
      state[w] = next & mask[w];
    }
    if (state[words - 1] & last) return at + 1;
  }
  return std::string_view::npos;
}

}  // namespace

bool globMatches(std::string_view text, std::string_view pattern) {
  auto pieces = split(pattern);
  const auto& first = pieces.front();
  if (pieces.size() == 1) return text.size() == first.size() && matchesAt(text, 0, first);
  const auto& final = pieces.back();
  if (first.size() + final.size() > text.size()) return false;
  if (!matchesAt(text, 0, first) || !matchesAt(text, text.size() - final.size(), final)) {
    return false;
  }
  // Between the anchored ends, taking each middle piece at its leftmost place is always safe:
  // it leaves the most room for the pieces after it.
  std::size_t at = first.size();
  const std::size_t end = text.size() - final.size();
  for (std::size_t i = 1; i + 1 < pieces.size(); ++i) {
    at = findLeftmost(text, at, end, pieces[i]);
    if (at == std::string_view::npos) return false;
  }
  return true;
}

}  // namespace c2a::rules
