#include "model/sha256.h"

// The hashes every run takes (fingerprints, the report's inputs) use OpenSSL's SHA-256 functions,
// which OpenSSL 3 marks deprecated in favour of EVP. The EVP route first loads OpenSSL's
// configuration and providers: 4.5 M instructions, an eighth of the README example
// (docs/performance.md), against none for these. HMAC, for approvals only, keeps EVP. (The
// warnings are silenced where the functions are called: in a unity build another file may have
// included OpenSSL's headers first, so a macro before the includes would not reach them.)
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>

#include <array>

#include "model/error.h"

namespace c2a {

namespace {

// For HMAC. Fetched once: EVP_sha256() makes OpenSSL 3 look the algorithm up in its providers
// on every use.
const EVP_MD* sha256Algorithm() {
  static const EVP_MD* algorithm = [] {
    const EVP_MD* fetched = EVP_MD_fetch(nullptr, "SHA256", nullptr);
    return fetched != nullptr ? fetched : EVP_sha256();
  }();
  return algorithm;
}

}  // namespace

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

struct Sha256::State {
  SHA256_CTX context{};
};

Sha256::Sha256() : state_(std::make_unique<State>()) {
  if (SHA256_Init(&state_->context) != 1) {
    throw C2aError(ErrorKind::Internal, {}, "SHA-256 is not available");
  }
}

Sha256::~Sha256() = default;

void Sha256::update(std::string_view bytes) {
  SHA256_Update(&state_->context, bytes.data(), bytes.size());
}

namespace {

std::string toHex(const unsigned char* bytes, unsigned int length) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(length * 2);
  for (unsigned int i = 0; i < length; ++i) {
    out += kHex[bytes[i] >> 4];
    out += kHex[bytes[i] & 0xF];
  }
  return out;
}

}  // namespace

std::string Sha256::hex() {
  std::array<unsigned char, SHA256_DIGEST_LENGTH> digest{};
  SHA256_Final(digest.data(), &state_->context);
  return toHex(digest.data(), SHA256_DIGEST_LENGTH);
}

std::string sha256Hex(std::string_view bytes) {
  Sha256 hasher;
  hasher.update(bytes);
  return hasher.hex();
}

std::string sha256Base64(std::string_view bytes) {
  std::array<unsigned char, SHA256_DIGEST_LENGTH> digest{};
  SHA256(reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size(), digest.data());
  std::array<unsigned char, 4 * ((SHA256_DIGEST_LENGTH + 2) / 3) + 1> base64{};
  int length = EVP_EncodeBlock(base64.data(), digest.data(), SHA256_DIGEST_LENGTH);
  return {reinterpret_cast<const char*>(base64.data()), static_cast<std::size_t>(length)};
}

#pragma GCC diagnostic pop

std::string hmacSha256Hex(std::string_view key, std::string_view data) {
  std::array<unsigned char, EVP_MAX_MD_SIZE> mac{};
  unsigned int size = 0;
  if (HMAC(sha256Algorithm(), key.data(), static_cast<int>(key.size()),
           reinterpret_cast<const unsigned char*>(data.data()), data.size(), mac.data(),
           &size) == nullptr) {
    throw C2aError(ErrorKind::Internal, {}, "HMAC-SHA256 failed");
  }
  return toHex(mac.data(), size);
}

bool sameSignature(std::string_view a, std::string_view b) {
  return a.size() == b.size() && CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

}  // namespace c2a
