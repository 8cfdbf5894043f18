#include "model-diffing/fingerprint.h"

#include "model/operation_json.h"
#include "model/sha256.h"

namespace c2a::diffing {
namespace {

std::string canonical(const Json& value) {
  // One canonical text: keys in the fixed order the model keeps, invalid UTF-8 replaced.
  return value.dump(-1, ' ', false, Json::error_handler_t::replace);
}

// The bodies a component operation acts on; a property change carries its own values.
Json bodies(const Operation& op, const InfraModel* before, const InfraModel* after) {
  Json out = Json::object();
  if (op.property) return out;
  const bool old = op.type != OperationType::Insert;
  const bool now = op.type != OperationType::Remove;
  if (old && op.before && before != nullptr) out["old"] = before->component(*op.before).properties;
  if (now && op.after && after != nullptr) out["new"] = after->component(*op.after).properties;
  return out;
}

}  // namespace

std::string changeDigest(const Operation& operation, const InfraModel* before,
                         const InfraModel* after) {
  Sha256 hasher;
  hasher.update(canonical(operationToJson(operation)));
  hasher.update("\n");
  hasher.update(canonical(bodies(operation, before, after)));
  return "sha256:" + hasher.hex();
}

void fingerprintDiff(ModelDiff& diff) {
  diff.digests.clear();
  diff.digests.reserve(diff.operations.size());
  Sha256 hasher;
  for (const auto& operation : diff.operations) {
    diff.digests.push_back(changeDigest(operation, diff.before, diff.after));
    hasher.update(operation.id + " " + diff.digests.back() + "\n");
  }
  diff.fingerprint = "sha256:" + hasher.hex();
}

}  // namespace c2a::diffing
