// YAML templates: read by libyaml, and only when libyaml refuses the text, again by yaml-cpp, for
// its exact located message (or its reading, where it is the more lenient). Both give their events
// to one tree builder (yaml_tree_builder.h). Malformed input is rare and its message matters;
// well-formed input is every run and its speed matters (docs/performance.md).
#include <fmt/format.h>

#include "model/error.h"
#include "readers/source_document.h"
#include "readers/source_positions.h"
#include "readers/yaml_readers.h"
#include "readers/yaml_source_checks.h"

namespace c2a {

SourceDocument readYaml(std::string_view text, const std::string& file, const ReadLimits& limits) {
  std::string_view body = withoutByteOrderMark(text);
  requireUtf8Text(body, file);
  if (auto control = firstNonPrintable(body)) {
    auto where = TextPositions(body).at(*control);
    throw C2aError(ErrorKind::InvalidInput, SourceLocation{file, where.line, where.column},
                   fmt::format("control character U+{:04X} is not allowed in YAML (write it as an "
                               "escape in a double-quoted string)",
                               static_cast<unsigned char>(body[*control])));
  }
  if (auto document = readYamlWithLibyaml(body, file, limits)) return std::move(*document);
  return readYamlWithYamlCpp(body, file, limits);
}

}  // namespace c2a
