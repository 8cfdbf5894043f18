#include "spec/name_namespaces.h"

#include <array>
#include <utility>

namespace c2a {
namespace {

// {type, the type whose names it shares}. A table replaced by a global table of the same name
// (the CDK's Table → TableV2 migration) collides: CloudFormation creates the new one first.
constexpr std::array<std::pair<std::string_view, std::string_view>, 1> kShared{{
    {"AWS::DynamoDB::GlobalTable", "AWS::DynamoDB::Table"},
}};

}  // namespace

std::string_view nameNamespace(std::string_view resourceType) {
  for (const auto& [type, shares] : kShared) {
    if (type == resourceType) return shares;
  }
  return resourceType;
}

}  // namespace c2a
