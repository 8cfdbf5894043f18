#include "model-diffing/property_diff.h"

#include <algorithm>
#include <set>

#include "model-diffing/array_matching.h"
#include "model/same_value.h"

namespace c2a::diffing {
namespace {

class PropertyDiffer {
 public:
  explicit PropertyDiffer(std::vector<PropertyChange>& out) : out_(out) {}

  void diffValue(const Json& before, const Json& after, Path& path) {
    if (equivalent(before, after)) return;
    bool objects =
        before.is_object() && after.is_object() && !isIntrinsic(before) && !isIntrinsic(after);
    if (objects) {
      diffObject(before, after, path);
    } else if (before.is_array() && after.is_array()) {
      diffArray(before, after, path);
    } else {
      emit(PropertyOperationType::Update, path, {}, before, after);
    }
  }

  void diffObject(const Json& before, const Json& after, Path& path) {
    MemberIndex beforeMembers(before);
    MemberIndex afterMembers(after);
    for (const auto& [key, member] : after.items()) {
      path.push_back(key);
      const Json* old = beforeMembers.find(key);
      if (old == nullptr) {
        emit(PropertyOperationType::Insert, path, {}, std::nullopt, member);
      } else if (path.size() == 1 && key == "DependsOn") {
        diffDependsOn(*old, member, path);
      } else {
        diffValue(*old, member, path);
      }
      path.pop_back();
    }
    for (const auto& [key, member] : before.items()) {
      if (afterMembers.find(key) != nullptr) continue;
      path.push_back(key);
      emit(PropertyOperationType::Remove, path, {}, member, std::nullopt);
      path.pop_back();
    }
  }

  void diffArray(const Json& before, const Json& after, Path& path) {
    auto matching = matchArrays(before, after, kElementMatchThreshold);
    auto moved = movedPairs(matching.pairs);
    std::set<std::size_t> movedBefore;
    for (const auto& pair : moved) movedBefore.insert(pair.before);

    for (const auto& pair : matching.pairs) {
      path.push_back(std::to_string(pair.after));
      if (movedBefore.count(pair.before) != 0) {
        Path oldPath(path.begin(), path.end() - 1);
        oldPath.push_back(std::to_string(pair.before));
        emit(PropertyOperationType::Move, path, oldPath, before[pair.before], after[pair.after]);
      }
      if (!pair.equal) diffValue(before[pair.before], after[pair.after], path);
      path.pop_back();
    }
    for (auto i : matching.removed) {
      path.push_back(std::to_string(i));
      emit(PropertyOperationType::Remove, path, {}, before[i], std::nullopt);
      path.pop_back();
    }
    for (auto j : matching.inserted) {
      path.push_back(std::to_string(j));
      emit(PropertyOperationType::Insert, path, {}, std::nullopt, after[j]);
      path.pop_back();
    }
  }

  // DependsOn: a string or a list, meaning a set of logical ids.
  void diffDependsOn(const Json& before, const Json& after, Path& path) {
    if (asSet(before) != asSet(after)) {
      emit(PropertyOperationType::Update, path, {}, before, after);
    }
  }

 private:
  static std::set<std::string> asSet(const Json& value) {
    std::set<std::string> names;
    if (value.is_string()) names.insert(value.get<std::string>());
    if (value.is_array()) {
      for (const auto& element : value)
        names.insert(element.is_string() ? element.get<std::string>() : element.dump());
    }
    return names;
  }

  void emit(PropertyOperationType type, const Path& path, Path oldPath,
            std::optional<Json> oldValue, std::optional<Json> newValue) {
    PropertyChange change;
    change.path = path;
    change.oldPath = std::move(oldPath);
    change.operation = type;
    change.oldValue = std::move(oldValue);
    change.newValue = std::move(newValue);
    out_.push_back(std::move(change));
  }

  std::vector<PropertyChange>& out_;
};

}  // namespace

std::vector<PropertyChange> diffProperties(const Json& before, const Json& after) {
  std::vector<PropertyChange> changes;
  PropertyDiffer differ(changes);
  Path path;
  // The root is an entity's body, never a function: a body that holds only `Condition` is not
  // the `{"Condition": name}` of a condition expression.
  if (before.is_object() && after.is_object()) {
    if (!equivalent(before, after)) differ.diffObject(before, after, path);
  } else {
    differ.diffValue(before, after, path);
  }
  return changes;
}

}  // namespace c2a::diffing
