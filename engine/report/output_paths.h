#pragma once
// Which files a run may write, decided before it reads or writes any (issue 30).
#include <string>
#include <vector>

namespace c2a {

/// Throws C2aError Usage (exit 64) before anything is read or written when an output names one of
/// the run's input files, or two outputs name one file (standard output and devices aside).
void checkOutputs(const std::vector<std::string>& outputs, const std::vector<std::string>& inputs);

}  // namespace c2a
