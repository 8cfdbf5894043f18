#pragma once
// Everything a report shows from a template is made safe for where it is shown. One function per
// medium; renderers never write template text without one of these.
#include <string>
#include <string_view>

namespace c2a {

/// For a terminal: control characters (escape sequences), C1 controls, bidirectional controls
/// and the characters a reader cannot see (zero-width spaces and joiners, U+2060, the byte order
/// mark, tag characters, variation selectors...) are shown escaped (`\x1b`, `\u202e`, `\u200b`,
/// `\U000e0041`), never interpreted or hidden. Every format's template text passes through it.
std::string terminalSafe(std::string_view text);
/// For a GitHub Actions workflow command (`::error file=F,line=L,title=T::MESSAGE`): terminalSafe,
/// then `%`, CR and LF percent-encoded, so template text can never end the command or start
/// another (`::set-env`, `::add-mask`...) on a line of its own; a `property` value also encodes
/// `:` and `,`, which separate properties.
std::string workflowCommandEscape(std::string_view text, bool property = false);
/// For HTML text and attribute values: & < > " ' as entities.
std::string htmlEscape(std::string_view text);
/// For XML text and attribute values: entities, and C0 controls (which XML 1.0 cannot carry)
/// written as `\xNN`; invalid UTF-8 is replaced (validUtf8), U+FFFE and U+FFFF written as
/// `\uFFFE`, `\uFFFF`, so the document stays well-formed whatever a template holds.
std::string xmlEscape(std::string_view text);
/// Element text: each line xmlEscape'd, the line breaks kept as they are (xmlEscape writes them as
/// `&#10;`, which attributes need and text does not), so an XML report reads well as a file too.
std::string xmlText(std::string_view text);
/// For Markdown read on GitHub or GitLab, the same in running text, headings, table cells and
/// HTML blocks (a `<summary>` line): controls and bidirectional overrides shown as terminalSafe
/// shows them; every character Markdown or HTML gives a meaning (`*`, `_`, backticks, `|`, `<`,
/// `#`, `[`...) written as a numeric character reference, so the text starts no emphasis, code
/// span, link, image, tag, table cell, heading or list; a zero-width joiner after `@`, inside
/// `://` and `www.`, and between `#`, `!` or `&` and a digit, so it makes no mention, autolink or
/// issue / merge request reference (and notifies nobody).
std::string markdownEscape(std::string_view text);
/// `text` with every byte that is not part of a well-formed UTF-8 sequence (stray continuation
/// bytes, truncated or overlong sequences, surrogates, code points past U+10FFFF) replaced by
/// U+FFFD, one per maximal ill-formed subpart as Unicode recommends.
std::string validUtf8(std::string_view text);

}  // namespace c2a
