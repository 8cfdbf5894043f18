#include "engine/pipeline/change_set_matching.h"

#include <deque>
#include <map>
#include <utility>

#include "deployment-prediction/change_set_comparison.h"
#include "model/error.h"

namespace c2a {
namespace {

// The stack a root change set is for: the one whose name it names (the stack name a cloud
// assembly's manifest gives, or the artifact id), else the only stack there is (a lone template's
// "", an assembly of one stack). Among the stacks --stack keeps. Anything else is bad input.
std::string rootStack(const ChangeSet& changeSet, const ModelDiff& diff,
                      const std::optional<std::set<std::string>>& keep) {
  std::set<std::string> all, stacks;
  for (const auto* model : {diff.before, diff.after}) {
    for (const auto& name : model->stacks()) {
      all.insert(name);
      if (!keep || keep->count(name) != 0) stacks.insert(name);
    }
  }
  bool unselected = false;  // it names a stack --stack leaves out
  if (!changeSet.stackName.empty()) {
    for (const auto& name : all) {
      bool named = name == changeSet.stackName;
      for (const auto* model : {diff.before, diff.after}) {
        named = named || model->environment(name).stackName == changeSet.stackName;
      }
      if (named && stacks.count(name) != 0) return name;
      unselected = unselected || named;
    }
  }
  if (stacks.size() == 1 && !unselected && changeSet.parentChangeSetId.empty()) {
    return *stacks.begin();
  }
  std::string names;
  for (const auto& name : stacks) names += (names.empty() ? "" : ", ") + name;
  if (!changeSet.parentChangeSetId.empty()) {
    throw C2aError(ErrorKind::InvalidInput, {changeSet.file},
                   "this is a nested stack's change set (its ParentChangeSetId is " +
                       changeSet.parentChangeSetId +
                       "): give its parent's change set too, whose resource change of the nested "
                       "stack names it (ChangeSetId)");
  }
  throw C2aError(ErrorKind::InvalidInput, {changeSet.file},
                 changeSet.stackName.empty()
                     ? "the change set names no stack (no StackName or StackId), and the inputs "
                       "hold several (" +
                           names + "): choose one with --stack"
                     : "the change set is for stack `" + changeSet.stackName +
                           "`, which is none of the stacks " +
                           (unselected ? "selected with --stack" : "of the inputs") + " (" + names +
                           ")");
}

}  // namespace

ChangeSetComparison compareChangeSets(ModelDiff& diff, const std::vector<ChangeSet>& changeSets,
                                      const std::optional<std::set<std::string>>& keep) {
  std::map<std::string, std::size_t> byId;
  for (std::size_t i = 0; i < changeSets.size(); ++i) {
    if (!changeSets[i].changeSetId.empty()) byId.emplace(changeSets[i].changeSetId, i);
  }
  // A change set another one names as a nested stack's is matched through that name.
  std::set<std::size_t> nested;
  for (const auto& changeSet : changeSets) {
    for (const auto& resource : changeSet.resources) {
      auto found = byId.find(resource.nestedChangeSetId);
      if (!resource.nestedChangeSetId.empty() && found != byId.end()) nested.insert(found->second);
    }
  }
  std::deque<std::pair<std::size_t, std::string>> queue;  // change set, its stack
  for (std::size_t i = 0; i < changeSets.size(); ++i) {
    if (nested.count(i) == 0) queue.emplace_back(i, rootStack(changeSets[i], diff, keep));
  }
  ChangeSetComparison comparison;
  std::map<std::string, std::size_t> matched;  // stack -> change set
  std::set<std::size_t> done;
  while (!queue.empty()) {
    auto [index, stack] = queue.front();
    queue.pop_front();
    if (!done.insert(index).second) continue;  // named by two parents: the first one's stack
    const auto& changeSet = changeSets[index];
    auto [other, added] = matched.emplace(stack, index);
    if (!added) {
      throw C2aError(ErrorKind::InvalidInput, {changeSet.file},
                     "two change sets for stack " + (stack.empty() ? "the template" : stack) +
                         ": this one and " + changeSets[other->second].file +
                         " (descriptions of one change set share its ChangeSetId)");
    }
    compareChangeSet(diff, changeSet, stack, comparison);
    for (const auto& resource : changeSet.resources) {
      if (resource.nestedChangeSetId.empty()) continue;
      auto child = nestedStackName(stack, resource.logicalId);
      auto found = byId.find(resource.nestedChangeSetId);
      if (found == byId.end()) {
        comparison.nestedNotGiven.push_back(child);
      } else {
        queue.emplace_back(found->second, child);
      }
    }
  }
  return comparison;
}

}  // namespace c2a
