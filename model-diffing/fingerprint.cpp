#include "model-diffing/fingerprint.h"

#include <openssl/evp.h>

#include <array>
#include <memory>

#include "engine/model/error.h"
#include "engine/model/operation_json.h"

namespace c2a::diffing {

std::string fingerprint(const std::vector<Operation>& operations) {
  std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> context(EVP_MD_CTX_new(),
                                                                  EVP_MD_CTX_free);
  if (!context || EVP_DigestInit_ex(context.get(), EVP_sha256(), nullptr) != 1) {
    throw C2aError(ErrorKind::Internal, {}, "SHA-256 is not available");
  }
  for (const auto& operation : operations) {
    // One canonical line per operation (dump sorts nothing: keys are written in a fixed order).
    auto line =
        operationToJson(operation, false).dump(-1, ' ', false, Json::error_handler_t::replace) +
        "\n";
    EVP_DigestUpdate(context.get(), line.data(), line.size());
  }
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int length = 0;
  EVP_DigestFinal_ex(context.get(), digest.data(), &length);
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out = "sha256:";
  for (unsigned int i = 0; i < length; ++i) {
    out += kHex[digest[i] >> 4];
    out += kHex[digest[i] & 0xF];
  }
  return out;
}

}  // namespace c2a::diffing
