#include "model/snapshot_types.h"

#include <array>

namespace c2a {
namespace {

// One line per type: what it snapshots.
constexpr std::array<std::string_view, 3> kSnapshotTypes{
    "AWS::ApiGateway::Deployment",    // a REST API's resources and methods, for its stages
    "AWS::ApiGatewayV2::Deployment",  // an HTTP or WebSocket API's routes, for its stages
    "AWS::Lambda::Version",           // a function's code and configuration
};

}  // namespace

bool isSnapshotType(std::string_view type) {
  for (auto known : kSnapshotTypes) {
    if (known == type) return true;
  }
  return false;
}

}  // namespace c2a
