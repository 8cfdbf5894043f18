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
#include <string_view>
#include <thread>
#include <vector>

#include "engine/pipeline/stage_timer.h"
#include "model/path.h"
#include "model/suggestions.h"
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

// What a --nested-template KEY may name in `model`: each nested stack resource's path
// (`Parent/Child`, the logical id alone under a template file's own stack), its logical id and
// its TemplateURL as written.
std::vector<std::string> nestedTemplateKeys(const InfraModel& model) {
  std::vector<std::string> out;
  for (ComponentIndex i = 0; i < model.componentCount(); ++i) {
    const auto& component = model.component(i);
    if (component.type != ComponentType::Resource ||
        component.subtype != "AWS::CloudFormation::Stack") {
      continue;
    }
    out.push_back(component.stack.empty() ? component.name
                                          : component.stack + "/" + component.name);
    out.push_back(component.name);
    const Json* url = valueAt(component.properties, {"Properties", "TemplateURL"});
    if (url != nullptr && url->is_string()) out.push_back(url->get<std::string>());
  }
  return out;
}

// A KEY that names no nested stack of the side(s) it is given for would be ignored, and the
// nested stack meant stays unseen: a mistake to say, as --stack does.
void requireKeysNamed(const std::map<std::string, std::string>& given, std::string_view option,
                      const std::vector<const InfraModel*>& sides) {
  if (given.empty()) return;
  std::vector<std::string> keys;
  for (const auto* side : sides) {
    auto named = nestedTemplateKeys(*side);
    keys.insert(keys.end(), named.begin(), named.end());
  }
  for (const auto& [key, file] : given) {
    if (std::find(keys.begin(), keys.end(), key) != keys.end()) continue;
    std::vector<std::string_view> candidates(keys.begin(), keys.end());
    throw C2aError(ErrorKind::Usage, {},
                   fmt::format("{} {}={}: no nested stack is named {} (by its path, logical id "
                               "or TemplateURL){}",
                               option, key, file, key,
                               keys.empty() ? std::string(": the input has no nested stack")
                                            : didYouMean(key, candidates)));
  }
}

}  // namespace

void requireNestedTemplatesNamed(const InfraModel& model, const ReadLimits& limits) {
  requireKeysNamed(limits.nestedTemplates, "--nested-template", {&model});
}

void requireNestedTemplatesNamed(const ModelPair& models, const ReadLimits& limits) {
  requireKeysNamed(limits.nestedTemplates, "--nested-template", {&models.before, &models.after});
  requireKeysNamed(limits.beforeNestedTemplates, "--before-nested-template", {&models.before});
  requireKeysNamed(limits.afterNestedTemplates, "--after-nested-template", {&models.after});
}

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

namespace {
ModelPair readBoth(const std::string& before, const std::string& after, const ReadLimits& limits,
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

}  // namespace

ModelPair readModels(const std::string& before, const std::string& after, const ReadLimits& limits,
                     Diagnostics& warnings) {
  auto models = readBoth(before, after, limits, warnings);
  requireNestedTemplatesNamed(models, limits);
  return models;
}

}  // namespace c2a
