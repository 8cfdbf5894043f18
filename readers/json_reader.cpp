// JSON templates: read in one pass, and only when that pass finds the text malformed, again by
// nlohmann's parser for its exact located message. Malformed input is rare and its message
// matters; well-formed input is every run and its speed matters (docs/performance.md).
#include "model/error.h"
#include "readers/json_readers.h"
#include "readers/source_positions.h"

namespace c2a {

SourceDocument readJson(std::string_view text, const std::string& file, const ReadLimits& limits) {
  std::string_view body = withoutByteOrderMark(text);
  if (body.find_first_not_of(" \t\r\n") == std::string_view::npos) {
    throw C2aError(ErrorKind::InvalidInput, {file}, "empty document");
  }
  if (auto document = readJsonOnePass(body, file, limits)) return std::move(*document);
  // What the one pass refused is read again, so that nothing it might refuse wrongly is lost:
  // the slower reader either locates the mistake or reads the document.
  return readJsonWithMessages(body, file, limits);
}

}  // namespace c2a
