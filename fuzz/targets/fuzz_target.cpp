// One libFuzzer target per untrusted input: C2A_FUZZ_TARGET names its check (fuzz/checks). A
// broken promise aborts, so libFuzzer keeps the input as a crash to minimise.
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "fuzz/checks/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const c2a::fuzz::FuzzTarget* target = c2a::fuzz::findFuzzTarget(C2A_FUZZ_TARGET);
  if (target == nullptr) {
    std::fprintf(stderr, "no fuzz check named %s\n", C2A_FUZZ_TARGET);
    std::abort();
  }
  auto finding = target->check(std::string_view(reinterpret_cast<const char*>(data), size));
  if (finding) {
    std::fprintf(stderr, "c2a broke its promise (%s): %s\n", C2A_FUZZ_TARGET, finding->c_str());
    std::abort();
  }
  return 0;
}
