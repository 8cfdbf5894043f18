#include "engine/pipeline/read_model.h"

#include "platform-mapping/input.h"

namespace c2a {

InfraModel readModel(const std::string& input, const ReadLimits& limits, Diagnostics& warnings) {
  return loadInput(input, limits, warnings);
}

}  // namespace c2a
