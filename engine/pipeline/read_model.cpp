#include "engine/pipeline/read_model.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <map>
#include <optional>
#include <system_error>
#include <thread>

#include "engine/pipeline/stage_timer.h"
#include "platform-mapping/input.h"
#include "readers/source_document.h"

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
  return loadTemplate(std::move(document), warnings);
}

namespace {
constexpr std::uintmax_t kSmallInput = std::uintmax_t{64} << 10;

// The limits one side is read with: its own nested templates over the shared ones.
ReadLimits sideLimits(const ReadLimits& limits, bool before) {
  ReadLimits side = limits;
  for (const auto& [key, file] :
       before ? limits.beforeNestedTemplates : limits.afterNestedTemplates) {
    side.nestedTemplates[key] = file;
  }
  return side;
}
}  // namespace

bool plainInput(const std::string& input) {
  std::error_code ec;
  return input != "-" &&
         (std::filesystem::is_regular_file(input, ec) || std::filesystem::is_directory(input, ec));
}

bool plainInputs(const std::string& before, const std::string& after, const ReadLimits& limits) {
  auto plainFiles = [](const std::map<std::string, std::string>& files) {
    return std::all_of(files.begin(), files.end(),
                       [](const auto& named) { return plainInput(named.second); });
  };
  return plainInput(before) && plainInput(after) && plainFiles(limits.nestedTemplates) &&
         plainFiles(limits.beforeNestedTemplates) && plainFiles(limits.afterNestedTemplates);
}

bool readsSideBySide(const std::string& before, const std::string& after,
                     const ReadLimits& limits) {
  // Pipes, devices and standard input are read one after the other, as named: a side that fails
  // first must not leave the other waiting on a writer.
  // Two small files are read in order: a second thread has little to win there (on the README
  // example the difference was within the noise). A directory has no file size: never small.
  auto small = [](const std::string& input) {
    std::error_code ec;
    auto size = std::filesystem::file_size(input, ec);
    return !ec && size < kSmallInput;
  };
  return limits.threads() > 1 && plainInput(before) && plainInput(after) &&
         !(small(before) && small(after));
}

ModelPair readModels(const std::string& before, const std::string& after, const ReadLimits& limits,
                     Diagnostics& warnings) {
  const ReadLimits beforeLimits = sideLimits(limits, true);
  const ReadLimits afterLimits = sideLimits(limits, false);
  auto inOrder = [&] {
    auto beforeModel = readModel(before, beforeLimits, warnings);
    return ModelPair{std::move(beforeModel), readModel(after, afterLimits, warnings)};
  };
  if (!readsSideBySide(before, after, limits)) return inOrder();
  const unsigned cores = limits.threads();
  // Each side gets half the threads for its own assembly's templates.
  ReadLimits beforeSide = beforeLimits;
  ReadLimits afterSide = afterLimits;
  beforeSide.jobs = afterSide.jobs = std::max(1U, cores / 2);
  Diagnostics afterWarnings;
  std::optional<InfraModel> afterModel;
  std::exception_ptr afterError;
  std::thread reader;
  try {
    reader = std::thread([&] {
      try {
        afterModel = readModel(after, afterSide, afterWarnings);
      } catch (...) {
        afterError = std::current_exception();
      }
    });
  } catch (const std::system_error&) {  // no thread to be had: in order, as on one core
    return inOrder();
  }
  std::optional<InfraModel> beforeModel;
  std::exception_ptr beforeError;
  try {
    beforeModel = readModel(before, beforeSide, warnings);
  } catch (...) {
    beforeError = std::current_exception();
  }
  reader.join();
  if (beforeError) std::rethrow_exception(beforeError);
  if (afterError) std::rethrow_exception(afterError);
  warnings.insert(warnings.end(), std::make_move_iterator(afterWarnings.begin()),
                  std::make_move_iterator(afterWarnings.end()));
  return {std::move(*beforeModel), std::move(*afterModel)};
}

}  // namespace c2a
