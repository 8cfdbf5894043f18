#pragma once
// Private to the YAML reader: checks on the source text where yaml-cpp 0.7 is more lenient than
// YAML (and CloudFormation) and would otherwise read a broken template without a word.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace c2a {

struct QuotedScalarSource {
  bool closed = false;             // the closing quote is there
  bool hasContent = false;         // anything but blanks and line breaks between the quotes
  std::size_t trailingBreaks = 0;  // line breaks after the last content (all, if none)
};

/// Looks at the quoted scalar whose node starts at `source` (at its tag or anchor, if any);
/// nothing when the node there is not a quoted scalar. Two yaml-cpp 0.7 faults need it:
/// - a quote left open swallows the rest of the file into the string without an error;
/// - empty lines before the closing quote fold to at most one "\n" (none when the scalar holds
///   nothing else), where YAML keeps one "\n" per empty line: `'\n\n  '` is "\n", a common
///   `Fn::Join` delimiter, and `'x;\n\n\n  '` is "x;\n\n".
std::optional<QuotedScalarSource> inspectQuotedScalar(std::string_view source);

/// The text yaml-cpp should have given for a quoted scalar it read as `text`, when it is one of
/// the blank-line cases above.
std::optional<std::string> repairTrailingLineBreaks(const QuotedScalarSource& scalar,
                                                    const std::string& text);

/// yaml-cpp 0.7 gives the escapes `\N` (U+0085) and `\_` (U+00A0) of a double-quoted scalar as
/// the single bytes 0x85 and 0xA0, which are not UTF-8 (found by fuzzing). The text with those
/// bytes written as the UTF-8 of their characters, when it has any: the source is UTF-8 and every
/// other escape comes out as UTF-8, so any other byte of the text is part of a well-formed
/// sequence.
std::optional<std::string> repairLatin1Escapes(const std::string& text);

/// Whether what starts at `offset`, after the first document of `text`, is a further document
/// (after `---`, a directive, or a `...` end marker). If not, yaml-cpp ended the first document
/// early without an error: a top-level sequence followed by `key: value` lines does that, and
/// the rest of the file would be lost.
bool startsFollowingDocument(std::string_view text, std::size_t offset);

/// The offset of the first character YAML does not allow in a stream (C0 controls other than tab,
/// line feed and carriage return, and DEL), if any. yaml-cpp reads them into names and values
/// (a NUL in a logical id, say); YAML 1.2 (c-printable) and CloudFormation refuse them, and a
/// template that needs one writes it as an escape in a double-quoted string ("\0").
std::optional<std::size_t> firstNonPrintable(std::string_view text);

}  // namespace c2a
