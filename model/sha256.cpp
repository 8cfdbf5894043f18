#include "model/sha256.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <array>

#include "model/error.h"

namespace c2a {

namespace {

// Fetched once: EVP_sha256() makes OpenSSL 3 look the algorithm up in its providers on every
// EVP_DigestInit_ex, which cost more than hashing a change's fingerprint.
const EVP_MD* sha256Algorithm() {
  static const EVP_MD* algorithm = [] {
    const EVP_MD* fetched = EVP_MD_fetch(nullptr, "SHA256", nullptr);
    return fetched != nullptr ? fetched : EVP_sha256();
  }();
  return algorithm;
}

}  // namespace

struct Sha256::State {
  EVP_MD_CTX* context = nullptr;
};

Sha256::Sha256() : state_(std::make_unique<State>()) {
  state_->context = EVP_MD_CTX_new();
  if (state_->context == nullptr ||
      EVP_DigestInit_ex(state_->context, sha256Algorithm(), nullptr) != 1) {
    throw C2aError(ErrorKind::Internal, {}, "SHA-256 is not available");
  }
}

Sha256::~Sha256() {
  EVP_MD_CTX_free(state_->context);
}

void Sha256::update(std::string_view bytes) {
  EVP_DigestUpdate(state_->context, bytes.data(), bytes.size());
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
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int length = 0;
  EVP_DigestFinal_ex(state_->context, digest.data(), &length);
  return toHex(digest.data(), length);
}

std::string sha256Hex(std::string_view bytes) {
  Sha256 hasher;
  hasher.update(bytes);
  return hasher.hex();
}

std::string sha256Base64(std::string_view bytes) {
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int size = 0;
  if (EVP_Digest(bytes.data(), bytes.size(), digest.data(), &size, sha256Algorithm(), nullptr) !=
      1) {
    throw C2aError(ErrorKind::Internal, {}, "SHA-256 is not available");
  }
  std::array<unsigned char, 4 * ((EVP_MAX_MD_SIZE + 2) / 3) + 1> base64{};
  int length = EVP_EncodeBlock(base64.data(), digest.data(), static_cast<int>(size));
  return {reinterpret_cast<const char*>(base64.data()), static_cast<std::size_t>(length)};
}

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
