#include "model-diffing/fingerprint.h"

#include "model/operation_json.h"
#include "model/sha256.h"

namespace c2a::diffing {

std::string fingerprint(const std::vector<Operation>& operations) {
  Sha256 hasher;
  for (const auto& operation : operations) {
    // One canonical line per operation (dump sorts nothing: keys are written in a fixed order).
    hasher.update(operationToJson(operation).dump(-1, ' ', false, Json::error_handler_t::replace) +
                  "\n");
  }
  return "sha256:" + hasher.hex();
}

}  // namespace c2a::diffing
