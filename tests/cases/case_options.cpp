#include "tests/cases/case_options.h"

#include <algorithm>
#include <sstream>

#include "engine/pipeline/parameters_file.h"
#include "tests/cases/case_files.h"

namespace c2a::testing {

namespace fs = std::filesystem;

AnalyzeOptions caseOptions(const fs::path& dir) {
  ParameterInputs inputs;
  for (const auto& entry : fs::directory_iterator(dir)) {
    auto name = entry.path().filename().string();
    if (name.rfind("parameters.", 0) == 0) inputs.both = entry.path().string();
    if (name.rfind("before-parameters.", 0) == 0) inputs.before = entry.path().string();
    if (name.rfind("after-parameters.", 0) == 0) inputs.after = entry.path().string();
  }
  if (fs::exists(dir / "pseudo.txt")) {
    std::istringstream lines(readFile(dir / "pseudo.txt"));
    std::string line;
    while (std::getline(lines, line)) {
      auto eq = line.find('=');
      if (eq == std::string::npos) continue;
      auto key = line.substr(0, eq);
      auto value = line.substr(eq + 1);
      if (key == "region") inputs.region = value;
      if (key == "account") inputs.account = value;
      if (key == "partition") inputs.partition = value;
      if (key == "stack-name") inputs.stackName = value;
      if (key == "availability-zones") inputs.availabilityZones = value;
    }
  }
  AnalyzeOptions options;
  // change-set*.json / .yaml files, and a change-sets/ directory (read as --change-set DIR).
  for (const auto& entry : fs::directory_iterator(dir)) {
    auto name = entry.path().filename().string();
    bool file = name.starts_with("change-set") && entry.is_regular_file() &&
                (name.ends_with(".json") || name.ends_with(".yaml"));
    if (file || (name == "change-sets" && entry.is_directory())) {
      options.changeSetFiles.push_back(entry.path().string());
    }
  }
  std::sort(options.changeSetFiles.begin(), options.changeSetFiles.end());
  auto given = readDeployments(inputs, ReadLimits{});
  options.deployments = std::move(given.deployments);
  options.parameterKeys = std::move(given.keys);
  return options;
}

}  // namespace c2a::testing
