#pragma once
// What a CloudFormation change set (`aws cloudformation describe-change-set`) says a deployment
// will do to each resource, and how that compares with c2a's own prediction. CloudFormation
// computes a change set with the stack's real parameter values and physical resources, so where it
// answers "will this resource be replaced?" its answer is the one used; c2a's prediction still
// covers everything else and every disagreement is listed (docs/diff.md, "Change sets").
#include <cstddef>
#include <string>
#include <vector>

#include "model/source_location.h"

namespace c2a {

/// One `Details` entry of a resource change: which property and whether it recreates.
struct ChangeSetDetail {
  std::string attribute;           // Properties, Metadata, CreationPolicy, Tags...
  std::string name;                // the property's name, for Properties
  std::string requiresRecreation;  // Never, Conditionally, Always
  std::string changeSource;        // DirectModification, ResourceReference, ParameterReference...
  std::string causingEntity;       // the parameter or resource behind a reference change
};

/// One `ResourceChange` of the change set.
struct ChangeSetResource {
  std::string logicalId;
  std::string resourceType;
  std::string action;       // Add, Modify, Remove, Import, Dynamic, SyncWithActual
  std::string replacement;  // True, False, Conditional; "" when the change set does not say
  std::vector<ChangeSetDetail> details;
  SourceLocation where;  // the ResourceChange in the change-set file
};

struct ChangeSet {
  std::string file;
  std::string stackName;  // the stack's name (from StackName, or the name in StackId's ARN)
  std::string changeSetName;
  std::vector<ChangeSetResource> resources;  // in file order
};

/// A resource that the change set or c2a's prediction changes, with both answers side by side.
struct ChangeSetAnswer {
  std::string stack;  // the stack of the inputs the change set was matched to ("" for a template)
  std::string logicalId;
  std::string resourceType;
  std::string listed;            // the change set's Action; "" when it does not list the resource
  std::string listedReplace;     // the change set's Replacement ("" when it does not say)
  std::string predicted;         // c2a: Add, Remove, Modify, or "" for no change
  std::string predictedReplace;  // c2a: True (definite REPLACE), Conditional (possible), False
  std::string replacement;       // the answer reported: the change set's where it gives one
  std::string source;            // "change-set" or "prediction": where `replacement` comes from
  std::string disagreement;      // empty when both agree; else one sentence
  std::vector<std::size_t> changes;  // operations of this resource (indexes into the diff)
  SourceLocation where;              // in the change-set file, when listed
};

struct ChangeSetComparison {
  std::string file;
  std::string stackName;
  std::string changeSetName;
  std::vector<ChangeSetAnswer> resources;  // by logical id
  [[nodiscard]] std::size_t disagreements() const {
    std::size_t count = 0;
    for (const auto& resource : resources) count += resource.disagreement.empty() ? 0 : 1;
    return count;
  }
};

}  // namespace c2a
