// Every untrusted text c2a reads (templates, manifests, rule files, rule tests, approvals) must be
// UTF-8: names and values travel into JSON, SARIF and XML reports, which cannot carry anything
// else, so a byte that is not UTF-8 is refused where it is read, with its position, rather than
// found later by whichever consumer chokes on it first.
#include <fmt/format.h>

#include "model/error.h"
#include "model/utf8.h"
#include "readers/source_document.h"
#include "readers/source_positions.h"

namespace c2a {

void requireUtf8Text(std::string_view text, const std::string& file) {
  auto bad = firstInvalidUtf8(text);
  if (!bad) return;
  auto where = TextPositions(text).at(*bad);
  auto byte = static_cast<unsigned char>(text[*bad]);
  // A UTF-16 byte order mark: the file was saved in the wrong encoding, not damaged.
  bool utf16 = *bad == 0 && text.size() >= 2 &&
               (text.substr(0, 2) == "\xFF\xFE" || text.substr(0, 2) == "\xFE\xFF");
  throw C2aError(
      ErrorKind::InvalidInput, SourceLocation{file, where.line, where.column},
      utf16 ? std::string("the file is UTF-16 text; c2a reads UTF-8 only")
            : fmt::format("invalid UTF-8 (byte 0x{:02X}); the file must be UTF-8 text", byte));
}

}  // namespace c2a
