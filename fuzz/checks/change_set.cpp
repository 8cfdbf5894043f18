// Change sets (`c2a diff --change-set`): the JSON of `aws cloudformation describe-change-set`,
// read, then compared with a fixed diff and written into the JSON report's shape.
#include "fuzz/checks/fuzz_check.h"
#include "fuzz/checks/promise.h"
#include "platform-mapping/change-set/change_set_reader.h"

namespace c2a::fuzz {

Finding checkChangeSet(std::string_view input) {
  std::string file = writeScratchFile("change-set." + extensionFor(input), input);
  return underPromiseNaming(file, [&]() -> Finding {
    auto changeSet = readChangeSet(file, fuzzLimits());
    Json dumped = Json::array();
    for (const auto& resource : changeSet.resources) {
      Json details = Json::array();
      for (const auto& detail : resource.details) {
        details.push_back({detail.attribute, detail.name, detail.requiresRecreation,
                           detail.changeSource, detail.causingEntity});
      }
      dumped.push_back({resource.logicalId, resource.resourceType, resource.action,
                        resource.replacement, details});
    }
    dumped.push_back(changeSet.stackName);
    dumped.push_back(changeSet.changeSetName);
    return notDumpable("the change set read", dumped);
  });
}

}  // namespace c2a::fuzz
