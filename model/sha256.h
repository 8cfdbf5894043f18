#pragma once
// SHA-256 (OpenSSL): fingerprints, the report's record of its inputs, CSP hashes and approval
// signatures. The one place c2a calls OpenSSL.
#include <memory>
#include <string>
#include <string_view>

namespace c2a {

class Sha256 {
 public:
  Sha256();
  ~Sha256();
  Sha256(const Sha256&) = delete;
  Sha256& operator=(const Sha256&) = delete;

  void update(std::string_view bytes);
  /// 64 lowercase hex digits; the hasher is spent afterwards.
  [[nodiscard]] std::string hex();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

/// The hex SHA-256 of `bytes`.
std::string sha256Hex(std::string_view bytes);
/// The base64 SHA-256 of `bytes` (a Content-Security-Policy hash source).
std::string sha256Base64(std::string_view bytes);
/// The hex HMAC-SHA256 of `data` under `key` (approval signatures).
std::string hmacSha256Hex(std::string_view key, std::string_view data);
/// Whether two signatures are equal, in time that depends on their length only (no early exit
/// that would tell a forger how much of a guess was right).
bool sameSignature(std::string_view a, std::string_view b);

}  // namespace c2a
