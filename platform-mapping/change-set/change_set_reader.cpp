#include "platform-mapping/change-set/change_set_reader.h"

#include <fmt/format.h>

#include <algorithm>
#include <initializer_list>
#include <string>
#include <unordered_set>

#include "platform-mapping/cloudformation/source_document.h"
#include "platform-mapping/located_json.h"

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

ChangeSetDetail readDetail(const LocatedJson& doc, const std::string& at) {
  doc.expectObject(at, "a change detail ({\"Target\": {...}, \"ChangeSource\": ...})");
  ChangeSetDetail detail;
  detail.changeSource = doc.string(at, "ChangeSource", false);
  detail.causingEntity = doc.string(at, "CausingEntity", false);
  auto target = LocatedJson::child(at, "Target");
  if (doc.find(target) != nullptr) {
    doc.expectObject(target, "the detail's target ({\"Attribute\": ..., \"Name\": ...})");
    detail.attribute = doc.string(target, "Attribute", false);
    detail.name = doc.string(target, "Name", false);
    detail.requiresRecreation =
        oneOf(doc, target, "RequiresRecreation", {"Never", "Conditionally", "Always"});
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
  auto details = LocatedJson::child(at, "Details");
  if (const Json* list = doc.find(details)) {
    if (!list->is_array()) doc.fail(details, "`Details` must be a list");
    for (std::size_t i = 0; i < list->size(); ++i) {
      resource.details.push_back(readDetail(doc, LocatedJson::child(details, i)));
    }
  }
  return resource;
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
  changeSet.stackName = stackName(doc);
  changeSet.changeSetName = doc.string("", "ChangeSetName", false);
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
    changeSet.resources.push_back(std::move(read));
  }
  return changeSet;
}

}  // namespace c2a
