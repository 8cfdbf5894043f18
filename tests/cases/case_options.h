#pragma once
// What a case folder deploys each side with: `parameters.*` (both sides), `before-parameters.*`,
// `after-parameters.*` (parameters_file.h's formats), and `pseudo.txt` lines `region=...`,
// `account=...`, `partition=...`.
#include <filesystem>

#include "engine/pipeline/analyze.h"

namespace c2a::testing {

AnalyzeOptions caseOptions(const std::filesystem::path& dir);

}  // namespace c2a::testing
