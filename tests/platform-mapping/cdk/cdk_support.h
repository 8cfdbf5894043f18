#pragma once
// Shared by the cdk suite: fixture paths, and the model seen as component ids and edges.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "model/error.h"
#include "model/infra_model.h"
#include "platform-mapping/input.h"
#include "tests/support/paths.h"

namespace c2a::testing {

inline std::string assemblyFixture(const std::string& name) {
  return std::string(C2A_SOURCE_DIR) + "/tests/fixtures/assemblies/" + name;
}

inline InfraModel load(const std::string& path, Diagnostics* warningsOut = nullptr) {
  Diagnostics warnings;
  InfraModel model = loadInput(path, ReadLimits{}, warnings);
  if (warningsOut != nullptr) *warningsOut = warnings;
  return model;
}

struct Edge {
  std::string source;  // component ids
  std::string target;
  Relationship relationship;
};

inline std::vector<Edge> edges(const InfraModel& model) {
  std::vector<Edge> out;
  model.forEachRelationship([&](ComponentIndex s, ComponentIndex t, const Relationship& r) {
    out.push_back({model.component(s).id(), model.component(t).id(), r});
  });
  return out;
}

/// The relationships from `source` to `target` (component ids).
inline std::vector<Relationship> between(const InfraModel& model, const std::string& source,
                                         const std::string& target) {
  std::vector<Relationship> out;
  for (auto& edge : edges(model)) {
    if (edge.source == source && edge.target == target) out.push_back(edge.relationship);
  }
  return out;
}

inline bool hasComponent(const InfraModel& model, const std::string& id) {
  for (ComponentIndex i = 0; i < model.componentCount(); ++i) {
    if (model.component(i).id() == id) return true;
  }
  return false;
}

inline const Component& componentById(const InfraModel& model, const std::string& id) {
  for (ComponentIndex i = 0; i < model.componentCount(); ++i) {
    if (model.component(i).id() == id) return model.component(i);
  }
  throw std::runtime_error("no component " + id);
}

inline Relationship structural() {
  return {RelationshipKind::Structural, ReferenceKind::None, {}, {}};
}

/// The C2aError loading `path` throws (fails the test when none is thrown).
inline Diagnostic loadError(const std::string& path) {
  try {
    load(path);
  } catch (const C2aError& error) {
    return error.diagnostic();
  }
  ADD_FAILURE() << "loading " << path << " did not fail";
  return {};
}

/// A fresh empty directory under the test temp dir, removed when it goes out of scope.
class ScratchDirectory {
 public:
  explicit ScratchDirectory(const std::string& name)
      : path_(std::filesystem::path(::testing::TempDir()) /
              ("c2a-cdk-" + std::to_string(::getpid()) + "-" + name)) {
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~ScratchDirectory() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  ScratchDirectory(const ScratchDirectory&) = delete;
  ScratchDirectory& operator=(const ScratchDirectory&) = delete;

  [[nodiscard]] const std::filesystem::path& path() const { return path_; }
  void write(const std::string& file, const std::string& text) const {
    std::ofstream(path_ / file, std::ios::binary) << text;
  }

 private:
  std::filesystem::path path_;
};

}  // namespace c2a::testing
