#pragma once
// Builds InfraModels from template JSON for differ tests, and diffs them with the built-in spec.
#include <memory>
#include <string>

#include "model/diff.h"
#include "model-diffing/model_diff.h"
#include "platform-mapping/cloudformation/template_mapper.h"
#include "spec/resource_spec.h"

namespace c2a::testing {

struct DiffFixture {
  InfraModel before;
  InfraModel after;
  ModelDiff diff;
  Diagnostics warnings;
};

inline InfraModel modelOf(const Json& templateJson, Diagnostics& warnings) {
  InfraModel model;
  SourceDocument document{templateJson, std::make_shared<LocationTable>("t.json")};
  model.addStack("");
  mapTemplate(document, "", model, warnings);
  return model;
}

inline std::unique_ptr<DiffFixture> diffTemplates(const Json& before, const Json& after) {
  auto fixture = std::make_unique<DiffFixture>();
  fixture->before = modelOf(before, fixture->warnings);
  fixture->after = modelOf(after, fixture->warnings);
  const auto& spec = ResourceSpec::builtin();
  fixture->diff = diffModels(
      fixture->before, fixture->after,
      [&spec](std::string_view type, const Path& path) { return spec.updateType(type, path); });
  return fixture;
}

inline std::size_t countOf(const ModelDiff& diff, OperationType type) {
  std::size_t n = 0;
  for (const auto& op : diff.operations) n += op.type == type ? 1 : 0;
  return n;
}

}  // namespace c2a::testing
