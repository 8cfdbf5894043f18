#include "fuzz/checks/fixtures.h"

namespace c2a::fuzz {

std::string exampleFile(const std::string& name) {
  return std::string(C2A_SOURCE_DIR) + "/examples/orders-service/" + name;
}

}  // namespace c2a::fuzz
