#include "platform-mapping/change-set/change_set_reader.h"

#include <fmt/format.h>

#include <algorithm>
#include <initializer_list>
#include <optional>
#include <string>
#include <unordered_set>

#include "readers/source_document.h"
#include "readers/located_json.h"

namespace c2a {
namespace {

// A string that must be one of `allowed` (CloudFormation's own words); "" when absent.
std::string oneOf(const LocatedJson& doc, const std::string& pointer, std::string_view key,
                  std::initializer_list<std::string_view> allowed, bool required = false) {
  auto text = doc.string(pointer, key, required);
  if (text.empty() && !required) return text;
  if (std::find(allowed.begin(), allowed.end(), text) == allowed.end()) {
    std::string known;
    for (auto word : allowed) known += (known.empty() ? "" : ", ") + std::string(word);
    doc.fail(LocatedJson::child(pointer, key),
             fmt::format("`{}` is `{}`; CloudFormation says one of: {}", key, text, known));
  }
  return text;
}

// A string that may be absent (none) or empty (a value CloudFormation says is "").
std::optional<std::string> optionalString(const LocatedJson& doc, const std::string& at,
                                          std::string_view key) {
  if (doc.find(LocatedJson::child(at, key)) == nullptr) return std::nullopt;
  return doc.string(at, key, false);
}

// BeforeContext / AfterContext: the resource as an encoded JSON string.
std::optional<Json> context(const LocatedJson& doc, const std::string& at, std::string_view key) {
  auto text = optionalString(doc, at, key);
  if (!text || text->empty()) return std::nullopt;
  auto decoded = Json::parse(*text, nullptr, false);
  if (decoded.is_discarded()) {
    doc.fail(LocatedJson::child(at, key),
             fmt::format("`{}` is not the encoded JSON CloudFormation gives", key));
  }
  return decoded;
}

ChangeSetDetail readDetail(const LocatedJson& doc, const std::string& at) {
  doc.expectObject(at, "a change detail ({\"Target\": {...}, \"ChangeSource\": ...})");
  ChangeSetDetail detail;
  detail.where = doc.where(at);
  detail.evaluation = oneOf(doc, at, "Evaluation", {"Static", "Dynamic"});
  detail.changeSource = doc.string(at, "ChangeSource", false);
  detail.causingEntity = doc.string(at, "CausingEntity", false);
  auto target = LocatedJson::child(at, "Target");
  if (doc.find(target) != nullptr) {
    doc.expectObject(target, "the detail's target ({\"Attribute\": ..., \"Name\": ...})");
    detail.attribute = doc.string(target, "Attribute", false);
    detail.name = doc.string(target, "Name", false);
    detail.requiresRecreation =
        oneOf(doc, target, "RequiresRecreation", {"Never", "Conditionally", "Always"});
    detail.path = doc.string(target, "Path", false);
    if (!detail.path.empty() && detail.path.front() != '/') {
      doc.fail(LocatedJson::child(target, "Path"),
               fmt::format("`Path` is `{}`; CloudFormation gives a JSON pointer such as "
                           "/Properties/BucketName",
                           detail.path));
    }
    detail.attributeChangeType =
        oneOf(doc, target, "AttributeChangeType", {"Add", "Remove", "Modify", "SyncWithActual"});
    detail.beforeValue = optionalString(doc, target, "BeforeValue");
    detail.afterValue = optionalString(doc, target, "AfterValue");
    detail.beforeValueFrom = doc.string(target, "BeforeValueFrom", false);
  }
  return detail;
}

ChangeSetResource readResource(const LocatedJson& doc, const std::string& at) {
  doc.expectObject(at, "a resource change ({\"Action\": ..., \"LogicalResourceId\": ...})");
  ChangeSetResource resource;
  resource.where = doc.where(at);
  resource.logicalId = doc.string(at, "LogicalResourceId", true);
  if (resource.logicalId.empty()) {
    doc.fail(LocatedJson::child(at, "LogicalResourceId"), "LogicalResourceId is empty");
  }
  resource.resourceType = doc.string(at, "ResourceType", false);
  resource.action = oneOf(doc, at, "Action",
                          {"Add", "Modify", "Remove", "Import", "Dynamic", "SyncWithActual"}, true);
  resource.replacement = oneOf(doc, at, "Replacement", {"True", "False", "Conditional"});
  resource.policyAction = oneOf(doc, at, "PolicyAction",
                                {"Delete", "Retain", "Snapshot", "ReplaceAndDelete",
                                 "ReplaceAndRetain", "ReplaceAndSnapshot"});
  resource.physicalId = doc.string(at, "PhysicalResourceId", false);
  resource.nestedChangeSetId = doc.string(at, "ChangeSetId", false);
  resource.beforeContext = context(doc, at, "BeforeContext");
  resource.afterContext = context(doc, at, "AfterContext");
  auto details = LocatedJson::child(at, "Details");
  if (const Json* list = doc.find(details)) {
    if (!list->is_array()) doc.fail(details, "`Details` must be a list");
    for (std::size_t i = 0; i < list->size(); ++i) {
      resource.details.push_back(readDetail(doc, LocatedJson::child(details, i)));
    }
  }
  return resource;
}

// Whether the description carries property values (--include-property-values): a detail's
// path or values, or the resource's context.
bool hasValues(const ChangeSetResource& resource) {
  if (resource.beforeContext || resource.afterContext) return true;
  return std::any_of(resource.details.begin(), resource.details.end(), [](const auto& detail) {
    return !detail.path.empty() || detail.beforeValue || detail.afterValue;
  });
}

// The stack's name: StackName, else the name in StackId's ARN (…:stack/NAME/uuid).
std::string stackName(const LocatedJson& doc) {
  auto name = doc.string("", "StackName", false);
  if (!name.empty()) return name;
  auto id = doc.string("", "StackId", false);
  auto start = id.find(":stack/");
  if (start == std::string::npos) return "";
  start += 7;
  return id.substr(start, id.find('/', start) - start);
}

}  // namespace

ChangeSet readChangeSet(const std::string& file, const ReadLimits& limits) {
  LocatedJson doc(readSourceFile(file, limits), file);
  if (!doc.root().is_object() || doc.find("/Changes") == nullptr) {
    doc.fail("",
             "not a change set: expected the JSON of `aws cloudformation describe-change-set` "
             "(an object with a `Changes` list)");
  }
  ChangeSet changeSet;
  changeSet.file = file;
  changeSet.files = {file};
  changeSet.stackName = stackName(doc);
  changeSet.changeSetName = doc.string("", "ChangeSetName", false);
  changeSet.changeSetId = doc.string("", "ChangeSetId", false);
  changeSet.parentChangeSetId = doc.string("", "ParentChangeSetId", false);
  changeSet.deploymentMode = doc.string("", "DeploymentMode", false);
  const Json& changes = *doc.find("/Changes");
  if (!changes.is_array()) doc.fail("/Changes", "`Changes` must be a list");
  std::unordered_set<std::string> listed;  // logical ids so far: one look-up each, not a scan
  for (std::size_t i = 0; i < changes.size(); ++i) {
    auto at = LocatedJson::child("/Changes", i);
    doc.expectObject(at, "a change ({\"Type\": \"Resource\", \"ResourceChange\": {...}})");
    // Only resource changes exist today; a kind CloudFormation adds later is not ours to judge.
    if (doc.string(at, "Type", false) != "Resource") continue;
    auto resource = LocatedJson::child(at, "ResourceChange");
    if (doc.find(resource) == nullptr) doc.fail(at, "a resource change without `ResourceChange`");
    auto read = readResource(doc, resource);
    if (!listed.insert(read.logicalId).second) {
      doc.fail(LocatedJson::child(resource, "LogicalResourceId"),
               fmt::format("resource {} is listed twice; a change set lists each resource once",
                           read.logicalId));
    }
    changeSet.withValues = changeSet.withValues || hasValues(read);
    changeSet.resources.push_back(std::move(read));
  }
  return changeSet;
}

}  // namespace c2a
