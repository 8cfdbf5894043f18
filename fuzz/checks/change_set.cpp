// Change sets (`c2a diff --change-set`): the JSON of `aws cloudformation describe-change-set`,
// read, merged with itself as a second description of the same change set (which must change
// nothing), and written into the JSON report's shape.
#include "fuzz/checks/fuzz_check.h"
#include "fuzz/checks/promise.h"
#include "platform-mapping/change-set/change_set_files.h"
#include "platform-mapping/change-set/change_set_reader.h"

namespace c2a::fuzz {

Finding checkChangeSet(std::string_view input) {
  std::string file = writeScratchFile("change-set." + extensionFor(input), input);
  return underPromiseNaming(file, [&]() -> Finding {
    auto changeSet = readChangeSet(file, fuzzLimits());
    auto merged = changeSet;
    mergeDescriptions(merged, changeSet);
    if (merged.resources.size() != changeSet.resources.size()) {
      return "a change set merged with itself has " + std::to_string(merged.resources.size()) +
             " resources, not " + std::to_string(changeSet.resources.size());
    }
    Json dumped = Json::array();
    for (const auto& resource : changeSet.resources) {
      Json details = Json::array();
      for (const auto& detail : resource.details) {
        details.push_back({detail.attribute, detail.name, detail.requiresRecreation,
                           detail.changeSource, detail.causingEntity, detail.path,
                           detail.beforeValue.value_or(""), detail.afterValue.value_or("")});
      }
      dumped.push_back({resource.logicalId, resource.resourceType, resource.action,
                        resource.replacement, resource.policyAction, details,
                        resource.beforeContext.value_or(Json()),
                        resource.afterContext.value_or(Json())});
    }
    dumped.push_back(changeSet.stackName);
    dumped.push_back(changeSet.changeSetName);
    return notDumpable("the change set read", dumped);
  });
}

}  // namespace c2a::fuzz
