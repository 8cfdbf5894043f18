#include "engine/pipeline/read_model.h"

#include <fmt/format.h>

#include <cstdio>
#include <optional>

#include "engine/pipeline/stage_timer.h"
#include "platform-mapping/cloudformation/source_document.h"
#include "platform-mapping/input.h"

namespace c2a {

const std::string& standardInput(const ReadLimits& limits) {
  static std::optional<std::string> text;
  if (text) return *text;
  std::string bytes;
  char buffer[65536];
  std::size_t got = 0;
  while ((got = std::fread(buffer, 1, sizeof buffer, stdin)) > 0) {
    bytes.append(buffer, got);
    if (bytes.size() > limits.maxInputBytes) {
      throw C2aError(ErrorKind::InvalidInput, {"<stdin>"},
                     fmt::format("input is over the size limit of {} bytes (--max-input-bytes)",
                                 limits.maxInputBytes));
    }
  }
  if (std::ferror(stdin)) throw C2aError(ErrorKind::MissingInput, {"<stdin>"}, "cannot read");
  text = std::move(bytes);
  return *text;
}

InfraModel readModel(const std::string& input, const ReadLimits& limits, Diagnostics& warnings) {
  StageTimer timer("read+map");  // C2A_TIMINGS=1
  if (input != "-") return loadInput(input, limits, warnings);
  const std::string& text = standardInput(limits);
  const std::string name = "<stdin>";
  auto document = sniffFormat(name, text) == SourceFormat::Json ? readJson(text, name, limits)
                                                                : readYaml(text, name, limits);
  return loadTemplate(document, warnings);
}

}  // namespace c2a
