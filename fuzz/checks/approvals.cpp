// Approvals files (`c2a diff --approvals`), read without a key and with one.
#include "engine/approvals/approvals_file.h"
#include "fuzz/checks/fuzz_check.h"
#include "fuzz/checks/promise.h"

namespace c2a::fuzz {

Finding checkApprovals(std::string_view input) {
  std::string file = writeScratchFile("approvals." + extensionFor(input), input);
  for (const std::optional<std::string>& key : {std::optional<std::string>{}, {"fuzz key"}}) {
    auto finding = underPromiseNaming(file, [&]() -> Finding {
      auto approvals = readApprovalsFile(file, key, fuzzLimits());
      return invalidJson("the approvals file written back", approvalsFileText(approvals, key));
    });
    if (finding) return finding;
  }
  return std::nullopt;
}

}  // namespace c2a::fuzz
