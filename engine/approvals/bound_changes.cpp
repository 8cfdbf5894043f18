#include "engine/approvals/bound_changes.h"

#include <fmt/format.h>

namespace c2a {

std::vector<BoundChange> readBoundChanges(const LocatedJson& doc, std::string_view key) {
  auto at = LocatedJson::child("", key);
  const auto* list = doc.find(at);
  if (list == nullptr) doc.fail("", fmt::format("`{}` is missing", key));
  if (!list->is_array()) {
    doc.fail(at, fmt::format("`{}` must be a list of {{id, digest}} entries", key));
  }
  std::vector<BoundChange> out;
  for (std::size_t i = 0; i < list->size(); ++i) {
    auto entry = LocatedJson::child(at, i);
    if ((*list)[i].is_string()) {
      doc.fail(entry,
               "a change is named with its values: {\"id\": ..., \"digest\": ...} as the JSON "
               "report gives them; a bare id would cover any value the change takes later");
    }
    doc.expectObject(entry, "a change: {\"id\": ..., \"digest\": ...}");
    doc.expectKeys(entry, {"id", "digest"});
    BoundChange change;
    change.id = doc.string(entry, "id", true);
    if (change.id.empty()) doc.fail(LocatedJson::child(entry, "id"), "`id` must not be empty");
    change.digest = doc.fingerprint(entry, "digest");
    out.push_back(std::move(change));
  }
  return out;
}

void checkBoundVersion(const LocatedJson& doc, std::string_view key, long long current,
                       std::string_view what, std::string_view whyNotOne) {
  auto version = doc.integer("", key, /*required=*/true);
  auto at = LocatedJson::child("", key);
  if (version == 1) doc.fail(at, std::string(whyNotOne));
  if (version != current) {
    doc.fail(at, fmt::format("unknown {} version (this c2a reads {})", what, current));
  }
}

Json boundChangesSigned(const std::vector<BoundChange>& changes) {
  Json out = Json::array();
  for (const auto& change : changes) out.push_back(Json::array({change.id, change.digest}));
  return out;
}

Json boundChangesToJson(const std::vector<BoundChange>& changes) {
  Json out = Json::array();
  for (const auto& change : changes) {
    Json entry = Json::object();
    entry["id"] = change.id;
    entry["digest"] = change.digest;
    out.push_back(std::move(entry));
  }
  return out;
}

}  // namespace c2a
