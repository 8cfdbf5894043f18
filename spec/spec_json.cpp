#include "spec/spec_json.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "model/error.h"
#include "spec/gzip.h"

namespace c2a {

std::string readSpecText(const std::string& file) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(file, ec)) {
    const char* why = std::filesystem::exists(file, ec) ? "not a regular file" : "no such file";
    throw C2aError(ErrorKind::MissingInput, {file, 0, 0}, std::string("cannot read spec: ") + why);
  }
  auto size = std::filesystem::file_size(file, ec);
  if (!ec && size > kMaxSpecBytes) {
    throw C2aError(ErrorKind::InvalidInput, {file, 0, 0}, "spec file is larger than 512 MiB");
  }
  std::ifstream in(file, std::ios::binary);
  std::string bytes(std::istreambuf_iterator<char>(in), {});
  if (in.bad() || !in.is_open()) {
    throw C2aError(ErrorKind::MissingInput, {file, 0, 0}, "cannot read spec: unreadable");
  }
  if (isGzip(bytes)) return gunzip(bytes, file, kMaxSpecBytes);
  return bytes;
}

SourceLocation locationOfOffset(std::string_view text, std::size_t offset,
                                const std::string& file) {
  offset = std::min(offset, text.size());
  auto head = text.substr(0, offset);
  auto lineStart = head.rfind('\n');
  int line = 1 + static_cast<int>(std::count(head.begin(), head.end(), '\n'));
  auto column = lineStart == std::string_view::npos ? offset : offset - lineStart - 1;
  return {file, line, static_cast<int>(column) + 1};
}

nlohmann::json parseSpecJson(std::string_view text, const std::string& file) {
  // Dropping db.json's prose while parsing keeps the tree a fraction of its size. Only the
  // lowercase key: CloudFormation property names are PascalCase, so none is dropped by mistake.
  nlohmann::json::parser_callback_t dropDocumentation = [](int, nlohmann::json::parse_event_t event,
                                                           nlohmann::json& value) {
    return event != nlohmann::json::parse_event_t::key || value != "documentation";
  };
  try {
    return nlohmann::json::parse(text, dropDocumentation);
  } catch (const nlohmann::json::parse_error& error) {
    // nlohmann counts `byte` from 1, at the last character it read: the one that broke the syntax.
    auto where = locationOfOffset(text, error.byte == 0 ? 0 : error.byte - 1, file);
    std::string what = error.what();
    auto colon = what.find(": ");
    std::string detail = colon == std::string::npos ? what : what.substr(colon + 2);
    throw C2aError(ErrorKind::InvalidInput, where, "malformed JSON: " + detail);
  }
}

}  // namespace c2a
