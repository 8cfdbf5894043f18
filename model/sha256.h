#pragma once
// SHA-256 (OpenSSL) for fingerprints and the report's record of its inputs.
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

}  // namespace c2a
