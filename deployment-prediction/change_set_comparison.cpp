#include "deployment-prediction/change_set_comparison.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>

#include "deployment-prediction/change_set_values.h"
#include "model/retention_policy.h"

namespace c2a {
namespace {

// c2a's answer for one resource, gathered from its operations.
struct Prediction {
  std::string action;   // Add, Remove, Modify
  std::string replace;  // True, Conditional, False (for Modify)
  bool definite = false;
  std::vector<std::size_t> changes;
  // The BEFORE resource's policy for its old physical resource, when c2a predicts a deletion or
  // a definite replacement: read once, for the predicted PolicyAction and its basis.
  std::optional<RetentionPolicy> policy;
};

bool definitelyReplaced(const Prediction& prediction) {
  return prediction.action == "Modify" && prediction.replace == "True";
}

// The policy that decides what happens to the resource's old physical resource: the BEFORE
// resource's DeletionPolicy for a deletion, UpdateReplacePolicy for a definite replacement; none
// otherwise.
std::optional<RetentionPolicy> oldResourcePolicy(const ModelDiff& diff, const std::string& stack,
                                                 const std::string& logicalId,
                                                 const Prediction& prediction) {
  bool removed = prediction.action == "Remove";
  bool replaced = definitelyReplaced(prediction);
  if ((!removed && !replaced) || diff.before == nullptr) return std::nullopt;
  auto index = diff.before->find(stack, ComponentType::Resource, logicalId);
  if (!index) return std::nullopt;
  const auto& component = diff.before->component(*index);
  return retentionPolicy(component.properties, component.subtype, replaced);
}

std::map<std::string, Prediction> predictions(const ModelDiff& diff, const std::string& stack) {
  std::map<std::string, Prediction> out;
  for (std::size_t i = 0; i < diff.operations.size(); ++i) {
    const Operation& op = diff.operations[i];
    if (op.stack != stack || op.componentType != ComponentType::Resource) continue;
    bool definite = op.certainty == Certainty::Definite;
    auto note = [&](const std::string& id, const char* action) {
      auto& prediction = out[id];
      prediction.changes.push_back(i);
      prediction.definite = prediction.definite || definite;
      if (std::string(action) == "Modify") {
        if (prediction.action.empty()) prediction.action = "Modify";
        // The strongest answer among the resource's operations, whatever their order.
        auto says = op.type != OperationType::Replace ? 0 : definite ? 2 : 1;
        auto strength = prediction.replace == "True"          ? 2
                        : prediction.replace == "Conditional" ? 1
                                                              : 0;
        if (prediction.replace.empty() || says > strength) {
          prediction.replace = says == 2 ? "True" : says == 1 ? "Conditional" : "False";
        }
      } else {
        prediction.action = action;
        prediction.replace.clear();
      }
    };
    switch (op.type) {
      case OperationType::Insert: note(op.name, "Add"); break;
      case OperationType::Remove: note(op.name, "Remove"); break;
      case OperationType::Rename:  // CloudFormation creates the new id and deletes the old one
        note(op.name, "Add");
        note(op.oldName, "Remove");
        break;
      case OperationType::Update:
      case OperationType::Replace: note(op.name, "Modify"); break;
    }
  }
  for (auto& [id, prediction] : out) {
    prediction.policy = oldResourcePolicy(diff, stack, id, prediction);
  }
  return out;
}

// What c2a predicts happens to the resource's old physical resource, in PolicyAction's words; ""
// when there is none or c2a does not know.
std::string predictedPolicy(const Prediction& prediction) {
  if (!prediction.policy) return "";
  auto outcome = toString(prediction.policy->outcome);
  if (outcome.empty()) return "";
  return (definitelyReplaced(prediction) ? "ReplaceAnd" : "") + std::string(outcome);
}

// Why c2a predicts what it does of the old physical resource: "DeletionPolicy Retain", or "no
// UpdateReplacePolicy: Delete".
std::string policyBasis(const RetentionPolicy& policy) {
  if (!policy.written.empty()) return policy.key + " " + policy.written;
  return fmt::format("no {}: {}", policy.key, toString(policy.outcome));
}

// A PolicyAction as a reviewer reads it.
std::string describePolicy(const std::string& policy) {
  std::string_view rest = policy;
  std::string out;
  if (rest.starts_with("ReplaceAnd")) {
    rest.remove_prefix(10);
    out = "replaced, and the old resource ";
  }
  if (rest == "Delete") return out + "deleted";
  if (rest == "Retain") return out + "kept";
  if (rest == "Snapshot") return out + "deleted after a final snapshot";
  return policy;
}

// An import brings an existing physical resource into the stack: for the template, a new one.
std::string comparable(const std::string& listed) {
  return listed == "Import" ? "Add" : listed;
}

std::string describe(const std::string& action, const std::string& replace) {
  if (action.empty()) return "no change";
  if (action == "Add" || action == "Import") return "a creation";
  if (action == "Remove") return "a deletion";
  if (action == "Dynamic") return "a change decided during the deployment";
  if (action == "SyncWithActual") return "no change (only its record synced with the resource)";
  if (replace == "True") return "a replacement";
  if (replace == "Conditional") return "a possible replacement";
  if (replace == "False") return "an update in place";
  return "a modification";
}

// Whether the two answers contradict each other. `Conditional` on either side, a `Dynamic` or
// `SyncWithActual` change, and changes c2a only calls possible contradict nothing: one side only
// knows more.
bool contradicts(const ChangeSetAnswer& answer, bool definite, bool automatic) {
  if (answer.listed == "Dynamic" || answer.listed == "SyncWithActual") return false;
  if (answer.listed.empty()) return definite;
  // CloudFormation lists a nested stack as modified whenever its parent deploys
  // (ChangeSource Automatic): the nested stack's own changes are what count.
  if (answer.predicted.empty()) return !automatic;
  if (!definite) return false;  // c2a says "possibly": the change set only knows more
  if (comparable(answer.listed) != answer.predicted) return true;
  if (answer.predicted != "Modify") return false;
  const auto& listed = answer.listedReplace;
  const auto& predicted = answer.predictedReplace;
  return (listed == "True" && predicted == "False") || (listed == "False" && predicted == "True");
}

// A modification CloudFormation makes of its own accord: a nested stack it updates with its
// parent, every detail `ChangeSource: Automatic`.
bool isAutomatic(const ChangeSetResource& resource) {
  if (resource.action != "Modify") return false;
  if (resource.details.empty()) return resource.resourceType == "AWS::CloudFormation::Stack";
  return std::all_of(
      resource.details.begin(), resource.details.end(),
      [](const ChangeSetDetail& detail) { return detail.changeSource == "Automatic"; });
}

std::string disagreement(const ChangeSetAnswer& answer) {
  auto listed = describe(answer.listed, answer.listedReplace);
  auto predicted = describe(answer.predicted, answer.predictedReplace);
  if (answer.predicted.empty()) {
    return fmt::format(
        "the change set lists {} of {}, and c2a finds no change in the templates: a value only "
        "CloudFormation knows (a parameter value not given, a dynamic reference, drift) or "
        "something c2a misses",
        listed, answer.logicalId);
  }
  if (answer.listed.empty()) {
    return fmt::format("c2a predicts {} of {}, and the change set does not list it", predicted,
                       answer.logicalId);
  }
  return fmt::format("the change set says {} of {}, c2a predicts {}", listed, answer.logicalId,
                     predicted);
}

// One answer per resource the change set lists or c2a predicts a change of: each side's action,
// replacement and PolicyAction, and c2a's operations.
std::map<std::string, ChangeSetAnswer> changeSetAnswers(
    const ModelDiff& diff, const std::map<std::string, const ChangeSetResource*>& listed,
    const std::map<std::string, Prediction>& predicted) {
  std::map<std::string, ChangeSetAnswer> answers;
  for (const auto& [id, resource] : listed) {
    auto& answer = answers[id];
    answer.logicalId = id;
    answer.resourceType = resource->resourceType;
    answer.listed = resource->action;
    answer.listedReplace = resource->replacement;
    answer.listedPolicy = resource->policyAction;
    answer.where = resource->where;
  }
  for (const auto& [id, prediction] : predicted) {
    auto& answer = answers[id];
    answer.logicalId = id;
    answer.predicted = prediction.action;
    answer.predictedReplace = prediction.replace;
    answer.predictedPolicy = predictedPolicy(prediction);
    answer.changes = prediction.changes;
    if (answer.resourceType.empty() && !prediction.changes.empty()) {
      answer.resourceType = diff.operations[prediction.changes.front()].subtype;
    }
  }
  return answers;
}

// Every way the answer's two sides disagree, joined by "; ": its action or replacement, what
// happens to the old resource (`policy`: c2a's reading, if any), and its property values. ""
// when they agree.
std::string answerDisagreements(const ChangeSetAnswer& answer, bool definite, bool automatic,
                                const RetentionPolicy* policy) {
  std::vector<std::string> sentences;
  // Drift the change set reverts explains a change c2a cannot see in the templates: said once,
  // as drift (valueDisagreements).
  bool drift = std::any_of(answer.values.begin(), answer.values.end(), [](const auto& value) {
    return value.beforeDiffers && value.beforeFrom == "ACTUAL_STATE";
  });
  if (contradicts(answer, definite, automatic) && !(drift && answer.predicted.empty())) {
    auto sentence = disagreement(answer);
    auto values = answer.predicted.empty() ? valueSummary(answer.values, 3) : "";
    if (!values.empty()) sentence += " (" + values + ")";
    sentences.push_back(std::move(sentence));
  }
  // (A predicted PolicyAction comes from a policy read: `policy` is there.)
  if (policy != nullptr && !answer.listedPolicy.empty() && !answer.predictedPolicy.empty() &&
      answer.listedPolicy != answer.predictedPolicy) {
    sentences.push_back(
        fmt::format("the change set says {} is {} (PolicyAction {}), c2a predicts {} ({})",
                    answer.logicalId, describePolicy(answer.listedPolicy), answer.listedPolicy,
                    describePolicy(answer.predictedPolicy), policyBasis(*policy)));
  }
  for (auto& sentence : valueDisagreements(answer.logicalId, answer.values)) {
    sentences.push_back(std::move(sentence));
  }
  std::string joined;
  for (const auto& sentence : sentences) joined += (joined.empty() ? "" : "; ") + sentence;
  return joined;
}

// The replacement answer reported: the change set's where it gives one, which then sets the
// certainty of c2a's REPLACE.
void reportedReplacement(ModelDiff& diff, ChangeSetAnswer& answer) {
  if (answer.listedReplace.empty()) {
    answer.replacement = answer.predictedReplace;
    answer.source = "prediction";
    return;
  }
  answer.replacement = answer.listedReplace;
  answer.source = "change-set";
  for (auto index : answer.changes) {
    Operation& op = diff.operations[index];
    if (op.type != OperationType::Replace) continue;
    op.certainty = answer.listedReplace == "True" ? Certainty::Definite : Certainty::Possible;
  }
}

}  // namespace

void compareChangeSet(ModelDiff& diff, const ChangeSet& changeSet, const std::string& stack,
                      ChangeSetComparison& comparison) {
  if (comparison.parts.empty()) {
    comparison.file = changeSet.file;
    comparison.stackName = changeSet.stackName;
    comparison.changeSetName = changeSet.changeSetName;
  }
  comparison.parts.push_back({changeSet.files, stack, changeSet.stackName, changeSet.changeSetName,
                              changeSet.changeSetId, changeSet.deploymentMode,
                              changeSet.withValues});
  auto predicted = predictions(diff, stack);
  std::map<std::string, const ChangeSetResource*> listed;
  for (const auto& resource : changeSet.resources) listed[resource.logicalId] = &resource;

  auto answers = changeSetAnswers(diff, listed, predicted);
  for (auto& [id, answer] : answers) {
    answer.stack = stack;
    auto found = predicted.find(id);
    const Prediction* prediction = found != predicted.end() ? &found->second : nullptr;
    auto entry = listed.find(id);
    bool automatic = entry != listed.end() && isAutomatic(*entry->second);
    if (entry != listed.end()) {
      answer.values = compareValues(diff, stack, *entry->second, answer.changes);
    }
    answer.disagreement = answerDisagreements(
        answer, prediction != nullptr && prediction->definite, automatic,
        prediction != nullptr && prediction->policy ? &*prediction->policy : nullptr);
    reportedReplacement(diff, answer);
    comparison.resources.push_back(std::move(answer));
  }
}

}  // namespace c2a
