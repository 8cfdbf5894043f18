// Parameters files (`c2a diff --parameters`): every format detected by content, then the values
// they give used to evaluate a template, whose evaluated values must dump as strict JSON.
#include "engine/pipeline/parameters_file.h"

#include "fuzz/checks/fuzz_check.h"
#include "fuzz/checks/promise.h"

namespace c2a::fuzz {

Finding checkParametersFile(std::string_view input) {
  for (const char* extension : {"json", "txt"}) {
    std::string file = writeScratchFile(std::string("parameters.") + extension, input);
    auto finding = underPromiseNaming(file, [&]() -> Finding {
      auto values = readParametersFile(file, fuzzLimits());
      Json dumped = Json::object();
      for (const auto& [key, value] : values.values) dumped[key] = value;
      return notDumpable("the parameter values read", dumped);
    });
    if (finding) return finding;
  }
  return std::nullopt;
}

}  // namespace c2a::fuzz
