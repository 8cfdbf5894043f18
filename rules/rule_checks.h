#pragma once
// Static checks of a compiled rule set: the mistakes that parse and compile but make a rule never
// match (a misspelt field, an unknown resource type or property, a value outside a closed set, a
// comparison that cannot hold) are errors; what is legal but likely unmeant (a rule that decides
// nothing, an unused binding, a rule another makes redundant or powerless) is a warning.
// The rules stage includes no other stage: the specification's facts come in as SchemaFacts.
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "model/error.h"
#include "rules/ast.h"

namespace c2a::rules {

/// What the specification says about a path below a resource type's Properties.
struct PropertyAnswer {
  enum class Status { Known, Unknown, NotAList, Opaque, NotBelow };
  Status status = Status::Opaque;
  std::size_t at = 0;                   // the step the answer is about
  std::vector<std::string> candidates;  // Unknown: the names that are there
};

/// The specification, as the checks need it. An unset function skips the checks that need it.
struct SchemaFacts {
  std::function<bool(std::string_view resourceType)> hasResourceType;
  std::function<std::vector<std::string>()> resourceTypes;  // for "did you mean"
  std::function<PropertyAnswer(std::string_view resourceType, std::span<const std::string> path)>
      lookupProperty;
  /// The keys of a resource's body beside Properties (DependsOn, Metadata, DeletionPolicy...).
  std::function<bool(std::string_view key)> isResourceAttribute;
  std::vector<std::string> resourceAttributes;  // for "did you mean"
};

struct RuleCheckOptions {
  SchemaFacts facts;
  /// Bundled presets are checked by their own tests; `c2a diff` skips them to stay fast.
  bool checkPresets = true;
};

struct RuleCheckResult {
  Diagnostics errors;
  Diagnostics warnings;
};

/// Checks `rules`, which compileRuleSet has resolved without problems.
RuleCheckResult checkRuleSet(const RuleSet& rules, const RuleCheckOptions& options);

}  // namespace c2a::rules
