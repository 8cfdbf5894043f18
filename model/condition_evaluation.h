#pragma once
// CloudFormation's conditions, evaluated as far as the template says: Fn::Equals, Fn::And,
// Fn::Or, Fn::Not and Condition over literals and parameter defaults. The first piece of one home
// for CloudFormation's semantics (issue 11): the differ asks it whether a resource exists on a
// side. A value known only at deploy time (a pseudo parameter, a mapping, an import) leaves the
// answer unknown; an answer that rests on a parameter's Default is possible, not definite, since
// a deployment may pass another value.
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <utility>

#include "model/infra_model.h"

namespace c2a {

enum class Truth { False, True, Unknown };

struct Evaluated {
  Truth truth = Truth::Unknown;
  bool fromDefaults = false;  // rests on a parameter's Default: possible, not definite
};

class ConditionEvaluator {
 public:
  explicit ConditionEvaluator(const InfraModel& model) : model_(model) {}

  /// Whether the condition `name` of `stack` holds.
  Evaluated condition(const std::string& stack, const std::string& name);
  /// Whether a resource exists once deployed: its `Condition` attribute's value, true without one.
  Evaluated existence(const Component& resource);

 private:
  Evaluated expression(const std::string& stack, const Json& value, int depth);
  std::optional<std::string> scalar(const std::string& stack, const Json& value,
                                    bool& fromDefaults) const;

  const InfraModel& model_;
  std::map<std::pair<std::string, std::string>, Evaluated> done_;
  std::set<std::pair<std::string, std::string>> active_;  // a cycle is unknown, never a hang
};

}  // namespace c2a
