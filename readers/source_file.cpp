#include <fmt/format.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "model/current_work.h"
#include "model/error.h"
#include "model/input_file.h"
#include "readers/input_digests.h"
#include "readers/source_document.h"

namespace c2a {

SourceFormat sniffFormat(const std::string& file, std::string_view text) {
  auto ext = std::filesystem::path(file).extension().string();
  if (ext == ".json") return SourceFormat::Json;
  if (ext == ".yaml" || ext == ".yml") return SourceFormat::Yaml;
  auto first = text.find_first_not_of(" \t\r\n");
  // A UTF-8 byte order mark may precede the document.
  if (first != std::string_view::npos && text.substr(first, 3) == "\xEF\xBB\xBF") {
    first = text.find_first_not_of(" \t\r\n", first + 3);
  }
  if (first != std::string_view::npos && text[first] == '{') return SourceFormat::Json;
  return SourceFormat::Yaml;
}

std::string readInputText(const std::string& file, const ReadLimits& limits) {
  std::error_code ec;
  auto status = std::filesystem::status(file, ec);
  if (ec || !std::filesystem::exists(status)) {
    throw C2aError(ErrorKind::MissingInput, {file},
                   whyNotARegularFile(file).value_or("no such file"));
  }
  if (std::filesystem::is_directory(status)) {
    throw C2aError(ErrorKind::MissingInput, {file}, "is a directory, not a file");
  }
  if (auto why = whyNotAnInput(file)) throw C2aError(ErrorKind::MissingInput, {file}, *why);
  auto size = std::filesystem::file_size(file, ec);
  if (!ec && size > limits.maxInputBytes) {
    throw C2aError(ErrorKind::InvalidInput, {file},
                   fmt::format("file is {} bytes, over the input size limit of {} bytes "
                               "(--max-input-bytes)",
                               size, limits.maxInputBytes));
  }
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    throw C2aError(ErrorKind::MissingInput, {file},
                   fmt::format("cannot read: {}", std::strerror(errno)));
  }
  // At most one byte over the limit: a device (/dev/zero) or a pipe has no size to check first,
  // and reading it whole would never end.
  std::string text;
  // A regular file's size is known: room for it all at once, rather than doubling up to twice
  // its size (and copying it at each step) as it is read.
  if (!ec && std::filesystem::is_regular_file(status)) text.reserve(size);
  std::array<char, 1 << 16> chunk{};
  while (text.size() <= limits.maxInputBytes) {
    std::size_t room = limits.maxInputBytes - text.size();
    std::size_t want = room >= chunk.size() ? chunk.size() : room + 1;
    in.read(chunk.data(), static_cast<std::streamsize>(want));
    text.append(chunk.data(), static_cast<std::size_t>(in.gcount()));
    if (!in) break;  // the end of the file
  }
  if (text.size() > limits.maxInputBytes) {
    throw C2aError(ErrorKind::InvalidInput, {file},
                   fmt::format("input is over the size limit of {} bytes (--max-input-bytes)",
                               limits.maxInputBytes));
  }
  noteInputRead(file, text);
  return text;
}

SourceDocument readSourceFile(const std::string& file, const ReadLimits& limits) {
  const CurrentWork work("reading " + file, kReadLimitOptions);
  auto text = readInputText(file, limits);
  return sniffFormat(file, text) == SourceFormat::Json ? readJson(text, file, limits)
                                                       : readYaml(text, file, limits);
}

}  // namespace c2a
