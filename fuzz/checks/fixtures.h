#pragma once
// Private to the checks: the fixed half of the targets that fuzz one input among several (the
// example of examples/orders-service, which the README runs).
#include <string>

namespace c2a::fuzz {

/// examples/orders-service/<name> in the source tree.
std::string exampleFile(const std::string& name);

}  // namespace c2a::fuzz
