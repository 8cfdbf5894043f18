#include "engine/approvals/signed_file.h"

#include <fmt/format.h>

#include <cctype>

#include "model/sha256.h"

namespace c2a {
namespace {

constexpr std::string_view kSignaturePrefix = "hmac-sha256:";

std::string lower(std::string text) {
  for (auto& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

}  // namespace

std::string signatureOf(std::string_view canonical, const std::string& key) {
  return std::string(kSignaturePrefix) + hmacSha256Hex(key, canonical);
}

std::string checkSignature(const LocatedJson& doc, std::string_view canonical,
                           const std::optional<std::string>& key, std::string_view what,
                           std::string_view writer) {
  auto signature = doc.string("", "signature", false);
  if (!signature.empty() && (signature.rfind(kSignaturePrefix, 0) != 0 ||
                             signature.size() != kSignaturePrefix.size() + 64)) {
    doc.fail("/signature", "a signature is `hmac-sha256:` and 64 hex digits");
  }
  if (!key) return signature.empty() ? "unsigned" : "not checked";
  if (signature.empty()) {
    doc.fail("", fmt::format("the {} is not signed, and an approval key is set "
                             "(C2A_APPROVAL_KEY or --approval-key-file): only files signed with "
                             "it count; write it with {} and the same key",
                             what, writer));
  }
  if (!sameSignature(signatureOf(canonical, *key), lower(signature))) {
    doc.fail("/signature",
             "the signature does not match: the file was changed after it was signed, or it was "
             "signed with another key");
  }
  return "verified";
}

}  // namespace c2a
