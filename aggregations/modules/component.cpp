#include "aggregations/modules/modules.h"
#include "model/construct_labels.h"

namespace c2a::aggregation_modules {
namespace {

Group componentGroup(const ChangeFacts& facts, std::size_t index) {
  const auto& op = facts.operation(index);
  std::string value = op.stack.empty() ? op.name : op.stack + "/" + op.name;
  // A CDK app's logical ids are hashes of its construct paths: the path is what its author wrote.
  const Component* component = facts.component(index);
  std::string label = component != nullptr ? component->constructLabel() : std::string();
  return {value, 0, isShowableLabel(label) ? label : op.name};
}

}  // namespace

const AggregationModule kComponent{"component", "the component (logical id, with its stack)",
                                   componentGroup};

}  // namespace c2a::aggregation_modules
