// A template file → InfraModel, as `c2a model FILE` reads it, and the model dumped.
#include "engine/report/model_dump.h"
#include "fuzz/checks/fuzz_check.h"
#include "fuzz/checks/promise.h"
#include "readers/source_document.h"
#include "platform-mapping/input.h"

namespace c2a::fuzz {

Finding checkTemplateMapper(std::string_view input) {
  std::string file = writeScratchFile("template." + extensionFor(input), input);
  return underPromiseNaming(file, [&]() -> Finding {
    Diagnostics warnings;
    auto model = loadInput(file, fuzzLimits(), warnings);
    for (const auto& warning : warnings) {
      if (warning.where.file.empty()) return "a warning naming no file: " + warning.str();
    }
    if (auto finding = notDumpable("the model", modelToJson(model))) return finding;
    (void)modelToDot(model);
    return std::nullopt;
  });
}

}  // namespace c2a::fuzz
