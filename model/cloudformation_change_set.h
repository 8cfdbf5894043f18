#pragma once
// What a CloudFormation change set (`aws cloudformation describe-change-set`) says a deployment
// will do to each resource, and how that compares with c2a's own prediction. CloudFormation
// computes a change set with the stack's real parameter values and physical resources, so where it
// answers "will this resource be replaced?" its answer is the one used; c2a's prediction still
// covers everything else and every disagreement is listed (docs/diff.md, "Change sets").
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "model/json.h"
#include "model/source_location.h"

namespace c2a {

/// One `Details` entry of a resource change: which property, whether it recreates and, when the
/// change set was described with property values, the values.
struct ChangeSetDetail {
  std::string attribute;           // Properties, Metadata, CreationPolicy, Tags...
  std::string name;                // the property's name, for Properties
  std::string requiresRecreation;  // Never, Conditionally, Always
  std::string evaluation;          // Static, Dynamic (decided during the deployment)
  std::string changeSource;        // DirectModification, ResourceReference, ParameterReference...
  std::string causingEntity;       // the parameter or resource behind a reference change
  // With property values (describe-change-set --include-property-values):
  std::string path;                 // JSON pointer into the resource: /Properties/Tags/0/Value
  std::string attributeChangeType;  // Add, Remove, Modify, SyncWithActual
  std::optional<std::string> beforeValue;  // CloudFormation's text (large values truncated)
  std::optional<std::string> afterValue;
  std::string beforeValueFrom;  // drift-aware: PREVIOUS_DEPLOYMENT_STATE or ACTUAL_STATE
  SourceLocation where;         // the detail in the change-set file
};

/// One `ResourceChange` of the change set.
struct ChangeSetResource {
  std::string logicalId;
  std::string physicalId;
  std::string resourceType;
  std::string action;        // Add, Modify, Remove, Import, Dynamic, SyncWithActual
  std::string replacement;   // True, False, Conditional; "" when the change set does not say
  std::string policyAction;  // Delete, Retain, Snapshot, ReplaceAndDelete/Retain/Snapshot, or ""
  std::string nestedChangeSetId;  // a nested stack's own change set (ChangeSetId)
  std::vector<ChangeSetDetail> details;
  std::optional<Json> beforeContext;  // the resource before and after (decoded JSON), when given
  std::optional<Json> afterContext;
  SourceLocation where;  // the ResourceChange in the change-set file
};

/// One change set, from one file or merged from several descriptions of it (with and without
/// property values: CloudFormation may leave a resource out of the first).
struct ChangeSet {
  std::string file;                // the first file it was read from
  std::vector<std::string> files;  // every file describing it
  std::string stackName;  // the stack's name (from StackName, or the name in StackId's ARN)
  std::string changeSetName;
  std::string changeSetId;                   // its ARN, when given
  std::string parentChangeSetId;             // for a nested stack's change set
  std::string deploymentMode;                // REVERT_DRIFT for a drift-aware change set, else ""
  bool withValues = false;                   // some description has property values
  std::vector<ChangeSetResource> resources;  // in file order
};

/// One property value the change set gives, beside c2a's (docs/report.md, "changeSet").
struct ChangeSetValue {
  std::string path;                 // dotted, as c2a's property paths: Properties.Tags.0.Value
  std::string attributeChangeType;  // the change set's Add, Remove, Modify, SyncWithActual
  std::optional<Json> before;       // the change set's values (decoded where they are JSON)
  std::optional<Json> after;
  bool truncated = false;    // a value CloudFormation cut (kept as its text)
  std::string beforeFrom;    // ACTUAL_STATE: the resource's live value (drift)
  bool beforeKnown = false;  // c2a knows its value before (none is a value: no property)
  bool afterKnown = false;
  std::optional<Json> predictedBefore;  // c2a's, evaluated where the diff evaluated it
  std::optional<Json> predictedAfter;
  bool known = false;  // some side was compared: the change set gives it and c2a knows it
  bool beforeDiffers = false;
  bool afterDiffers = false;
  [[nodiscard]] bool agrees() const { return !beforeDiffers && !afterDiffers; }
  std::optional<std::size_t> change;  // c2a's property change at that path, if any
  SourceLocation where;
};

/// A resource that the change set or c2a's prediction changes, with both answers side by side.
struct ChangeSetAnswer {
  std::string stack;  // the stack of the inputs the change set was matched to ("" for a template)
  std::string logicalId;
  std::string resourceType;
  std::string listed;            // the change set's Action; "" when it does not list the resource
  std::string listedReplace;     // the change set's Replacement ("" when it does not say)
  std::string listedPolicy;      // the change set's PolicyAction ("" when it does not say)
  std::string predicted;         // c2a: Add, Remove, Modify, or "" for no change
  std::string predictedReplace;  // c2a: True (definite REPLACE), Conditional (possible), False
  std::string predictedPolicy;   // c2a: what happens to the old physical resource, "" unknown
  std::string replacement;       // the answer reported: the change set's where it gives one
  std::string source;            // "change-set" or "prediction": where `replacement` comes from
  std::vector<ChangeSetValue> values;  // the property values the change set gives
  std::string disagreement;            // empty when both agree; else one or more sentences
  std::vector<std::size_t> changes;    // operations of this resource (indexes into the diff)
  SourceLocation where;                // in the change-set file, when listed
};

/// One change set read (the root's, or a nested stack's), and the stack it was matched to.
struct ChangeSetPart {
  std::vector<std::string> files;
  std::string stack;  // the stack of the inputs ("" for a lone template)
  std::string stackName;
  std::string changeSetName;
  std::string changeSetId;
  std::string deploymentMode;
  bool withValues = false;
};

struct ChangeSetComparison {
  std::string file;  // the root change set's first file
  std::string stackName;
  std::string changeSetName;
  std::vector<ChangeSetPart> parts;         // the root change set first, then nested ones
  std::vector<std::string> nestedNotGiven;  // stacks whose nested change set was not given
  std::vector<ChangeSetAnswer> resources;   // by stack, then logical id
  [[nodiscard]] std::size_t disagreements() const {
    std::size_t count = 0;
    for (const auto& resource : resources) count += resource.disagreement.empty() ? 0 : 1;
    return count;
  }
};

}  // namespace c2a
