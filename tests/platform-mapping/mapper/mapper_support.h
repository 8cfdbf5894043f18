#pragma once
// Building templates and reading the model back, for the mapper tests.
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/infra_model.h"
#include "readers/source_document.h"
#include "platform-mapping/cloudformation/template_mapper.h"

namespace c2a::testing {

// The JSON reader is not needed here: positions stay unknown, the tree is what matters.
inline SourceDocument document(std::string_view text) {
  return SourceDocument{Json::parse(text), std::make_shared<LocationTable>("t.json")};
}

/// One relationship, written `source -> target kind reference sourcePath attribute`, so tests
/// compare whole lists at a glance.
inline std::string describe(const InfraModel& model, ComponentIndex source, ComponentIndex target,
                            const Relationship& relationship) {
  std::string out = model.component(source).id();
  out += " -> ";
  out += model.component(target).id();
  out += ' ';
  out += toString(relationship.reference);
  if (!relationship.sourcePath.empty()) {
    out += ' ';
    out += toDotted(relationship.sourcePath);
  }
  if (!relationship.attribute.empty()) {
    out += " @";
    out += relationship.attribute;
  }
  return out;
}

/// Every dependency relationship of the model, described, in insertion order.
inline std::vector<std::string> dependencies(const InfraModel& model) {
  std::vector<std::string> out;
  model.forEachRelationship([&](ComponentIndex s, ComponentIndex t, const Relationship& r) {
    if (r.kind == RelationshipKind::Dependency) out.push_back(describe(model, s, t, r));
  });
  return out;
}

inline std::vector<std::string> componentIds(const InfraModel& model) {
  std::vector<std::string> out;
  for (ComponentIndex i = 0; i < model.componentCount(); ++i) {
    out.push_back(model.component(i).id());
  }
  return out;
}

struct Mapped {
  InfraModel model;
  Diagnostics warnings;
};

/// Maps a lone template (stack "").
inline Mapped mapText(std::string_view text, const std::string& stack = "") {
  Mapped mapped;
  mapTemplate(document(text), stack, mapped.model, mapped.warnings);
  return mapped;
}

/// Dependencies of the template whose resources are `resources` (a JSON object body).
inline std::vector<std::string> dependenciesOf(std::string_view text) {
  return dependencies(mapText(text).model);
}

}  // namespace c2a::testing
