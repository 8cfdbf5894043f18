#pragma once
// CloudFormation's template evaluation, in one place (issue 11): conditions and values, evaluated
// as far as what one side's deployment is known to pass. What each function gives is its entry's
// `evaluate` or `decide` in the intrinsic table (model/intrinsics/); this evaluator walks values,
// answers what the entries ask (parameters, pseudo parameters, mappings, conditions, zones) and
// keeps each answer's certainty. Whatever rests on something known only at deploy time (a
// resource's attributes, an import, a parameter not given) is kept as written: a partial
// evaluation. An answer that rests on a parameter's Default is possible, not definite, since a
// deployment may pass another value.
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "model/infra_model.h"

namespace c2a {

/// What is known of one side's deployment (seed 004: CloudFormation evaluates the template with
/// these before it acts).
struct DeploymentValues {
  /// Parameter values given, by key: they apply to every stack that declares the key, except
  /// nested stacks, whose parent passes theirs.
  std::map<std::string, std::string> parameters;
  /// Pseudo parameters given (`AWS::Region`, `AWS::AccountId`, `AWS::Partition`...).
  std::map<std::string, std::string> pseudo;
  /// What `Fn::GetAZs` gives in the deployment's region (--availability-zones); empty: unknown.
  std::vector<std::string> availabilityZones;
  /// (stack, parameter) that keep the value they were deployed with, which is not known here
  /// (model/previous_values.h): their Default is not what deploys.
  std::set<std::pair<std::string, std::string>> previousValues;
};

/// Both sides of a diff: what was deployed with, what will be.
struct Deployments {
  DeploymentValues before;
  DeploymentValues after;
};

enum class Truth { False, True, Unknown };

struct Evaluated {
  Truth truth = Truth::Unknown;
  bool fromDefaults = false;  // rests on a parameter's Default: possible, not definite
};

/// A value evaluated as far as known.
struct EvaluatedValue {
  Json value;            // functions that could be evaluated replaced by their results
  bool complete = true;  // no function left: the value CloudFormation will pass
  bool assumed = false;  // rests on a parameter's Default
  bool absent = false;   // AWS::NoValue: the property is not set at all
};

class TemplateEvaluator {
 public:
  /// Evaluates every condition of `model` at once, in the model's order (see settleConditions).
  explicit TemplateEvaluator(const InfraModel& model, DeploymentValues values = {});

  /// Whether the condition `name` of `stack` holds.
  Evaluated condition(const std::string& stack, const std::string& name);

  /// Whether a resource exists once deployed: its `Condition` attribute's value, true without one.
  Evaluated existence(const Component& resource);
  /// `written` (a value of `stack`) evaluated; parameters' Defaults are used only when
  /// `useDefaults` (then the result may be `assumed`).
  EvaluatedValue value(const std::string& stack, const Json& written, bool useDefaults);
  /// The value deployed for a parameter: the one given, else (when `useDefaults`) its Default. A
  /// nested stack's parameter takes what its parent's stack resource passes (`Parameters`),
  /// evaluated in the parent, or its Default when the parent passes nothing (certain: the parent
  /// template decides). Nothing when nothing is known.
  std::optional<Json> parameter(const std::string& stack, const std::string& name, bool useDefaults,
                                bool& assumed);
  /// A pseudo parameter's value for `stack`: where its cloud assembly says it deploys
  /// (InfraModel::environment), else what is given (--region...); nothing when unknown.
  std::optional<std::string> pseudoParameter(const std::string& stack,
                                             const std::string& name) const;
  /// For a parameter of an SSM parameter type whose value is not given: the Parameter Store key
  /// (its Default), which the deployed value never is; nothing otherwise.
  std::optional<std::string> ssmKey(const std::string& stack, const std::string& name) const;
  /// The value given for a parameter on this side, if any (not the Default).
  std::optional<std::string> given(const std::string& stack, const std::string& name) const;

  [[nodiscard]] const InfraModel& model() const { return model_; }

 private:
  struct Context;
  /// For a parameter of a nested stack (`Parent/Logical`): the parent stack and what its stack
  /// resource passes for it (null: nothing; `unknown`: its Parameters are not a plain object).
  struct NestedFeed {
    std::string parent;
    const Json* passed = nullptr;
    bool unknown = false;
  };
  std::optional<NestedFeed> nestedFeed(const std::string& stack, const std::string& name) const;
  /// Every condition evaluated, in the model's order, when the evaluator is made: each answer is
  /// then the same whatever is asked first, by whichever evaluator of the same model and values,
  /// on whichever thread. Only a cycle of conditions (which CloudFormation refuses) or a chain of
  /// them deeper than kMaxConditionChain could otherwise come to a value that depends on the
  /// condition asked first.
  void settleConditions();
  /// `Fn::GetAZs region` of `stack` when the zones are given for that region.
  std::optional<Json> availabilityZones(const std::string& stack, const Json& region) const;
  Evaluated expression(const std::string& stack, const Json& value, int depth);
  EvaluatedValue evaluate(Context& context, const Json& value, int depth);

  const InfraModel& model_;
  DeploymentValues values_;
  std::map<std::pair<std::string, std::string>, Evaluated> done_;
  std::set<std::pair<std::string, std::string>> active_;  // a cycle is unknown, never a hang
};

}  // namespace c2a
