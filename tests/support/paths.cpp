#include "tests/support/paths.h"

namespace c2a::test {

const char* sourceDir() {
  return C2A_SOURCE_DIR_VALUE;
}
const char* binaryPath() {
  return C2A_BINARY_VALUE;
}

}  // namespace c2a::test
