#pragma once
// Well-formed UTF-8 (Unicode table 3-7), the one definition every reader and renderer uses: the
// readers refuse input that is not UTF-8, the renderers replace what is not.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace c2a {

/// The length of the well-formed UTF-8 sequence starting at text[i], or, when it is ill-formed,
/// minus the length of its maximal subpart (at least 1): the bytes one U+FFFD stands for.
int utf8SequenceLength(std::string_view text, std::size_t i);

/// The offset of the first byte that is not part of a well-formed UTF-8 sequence, if any.
std::optional<std::size_t> firstInvalidUtf8(std::string_view text);

/// `text` when it holds at most `max` bytes; else its start, cut between characters (never inside
/// one) and followed by "...", within `max` bytes.
std::string cutUtf8(std::string_view text, std::size_t max);

/// The number of characters (an ill-formed sequence counts as one, as its U+FFFD would).
std::size_t utf8Length(std::string_view text);

}  // namespace c2a
