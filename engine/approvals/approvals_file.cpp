#include "engine/approvals/approvals_file.h"

#include <array>
#include <cctype>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "model/error.h"
#include "model/input_file.h"
#include "model/sha256.h"
#include "readers/source_document.h"
#include "readers/located_json.h"

namespace c2a {
namespace {

constexpr int kApprovalsVersion = 2;
constexpr std::string_view kSignaturePrefix = "hmac-sha256:";

std::string canonicalForm(const ApprovalsFile& approvals) {
  Json form = Json::array(
      {"c2a-approvals/2", approvals.fingerprint, approvals.by, approvals.at, approvals.comment});
  Json changes = Json::array();
  for (const auto& change : approvals.changes) {
    changes.push_back(Json::array({change.id, change.digest}));
  }
  form.push_back(std::move(changes));
  // ASCII only: the same bytes whatever the file's encoding of the same text.
  return form.dump(-1, ' ', true, Json::error_handler_t::replace);
}

std::string lower(std::string text) {
  for (auto& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

}  // namespace

std::string approvalSignature(const ApprovalsFile& approvals, const std::string& key) {
  return std::string(kSignaturePrefix) + hmacSha256Hex(key, canonicalForm(approvals));
}

ApprovalsFile readApprovalsFile(const std::string& file, const std::optional<std::string>& key,
                                const ReadLimits& limits) {
  LocatedJson doc(readSourceFile(file, limits), file);
  doc.expectObject("", "an approvals file (written by `c2a approve`)");
  doc.expectKeys("",
                 {"c2aApprovals", "fingerprint", "by", "at", "comment", "changes", "signature"});
  checkBoundVersion(doc, "c2aApprovals", kApprovalsVersion, "approvals file",
                    "version 1 approvals name changes without their values, so they would cover a "
                    "change edited after the approval: approve again with this c2a (`c2a "
                    "approve`), which binds each change to its values");
  ApprovalsFile out;
  out.file = file;
  out.fingerprint = doc.fingerprint("", "fingerprint");
  out.by = doc.string("", "by", /*required=*/true);
  if (out.by.empty()) doc.fail("/by", "`by` must name who approved");
  out.at = doc.string("", "at", false);
  out.comment = doc.string("", "comment", false);
  out.changes = readBoundChanges(doc, "changes");
  out.signature = doc.string("", "signature", false);
  if (!out.signature.empty() && (out.signature.rfind(kSignaturePrefix, 0) != 0 ||
                                 out.signature.size() != kSignaturePrefix.size() + 64)) {
    doc.fail("/signature", "a signature is `hmac-sha256:` and 64 hex digits");
  }
  if (!key) {
    out.signatureState = out.signature.empty() ? "unsigned" : "not checked";
    return out;
  }
  if (out.signature.empty()) {
    doc.fail("",
             "the approvals file is not signed, and an approval key is set "
             "(C2A_APPROVAL_KEY or --approval-key-file): only approvals signed with it count; "
             "write them with `c2a approve` and the same key");
  }
  auto expected = approvalSignature(out, *key);
  auto given = lower(out.signature);
  if (!sameSignature(expected, given)) {
    doc.fail("/signature",
             "the signature does not match: the file was changed after it was signed, or it was "
             "signed with another key");
  }
  out.signatureState = "verified";
  return out;
}

std::string approvalsFileText(const ApprovalsFile& approvals,
                              const std::optional<std::string>& key) {
  Json out = Json::object();
  out["c2aApprovals"] = kApprovalsVersion;
  out["fingerprint"] = approvals.fingerprint;
  out["by"] = approvals.by;
  out["at"] = approvals.at;
  out["comment"] = approvals.comment;
  out["changes"] = boundChangesToJson(approvals.changes);
  if (key) out["signature"] = approvalSignature(approvals, *key);
  return out.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

std::string readApprovalKeyFile(const std::string& file) {
  if (auto why = whyNotARegularFile(file)) throw C2aError(ErrorKind::MissingInput, {file}, *why);
  std::ifstream in(file, std::ios::binary);
  if (!in) throw C2aError(ErrorKind::MissingInput, {file}, "cannot read");
  std::ostringstream text;
  text << in.rdbuf();
  std::string key = std::move(text).str();
  while (!key.empty() && (key.back() == '\n' || key.back() == '\r')) key.pop_back();
  if (key.empty())
    throw C2aError(ErrorKind::InvalidInput, {file}, "the approval key file is empty");
  return key;
}

std::string timestampNow() {
  std::time_t now = std::time(nullptr);
  if (const char* epoch = std::getenv("SOURCE_DATE_EPOCH"); epoch != nullptr && *epoch != '\0') {
    char* end = nullptr;
    long long value = std::strtoll(epoch, &end, 10);
    if (end != nullptr && *end == '\0' && value >= 0) now = static_cast<std::time_t>(value);
  }
  std::tm utc{};
  gmtime_r(&now, &utc);
  std::array<char, 32> buffer{};
  std::strftime(buffer.data(), buffer.size(), "%Y-%m-%dT%H:%M:%SZ", &utc);
  return buffer.data();
}

}  // namespace c2a
