#include "engine/approvals/approvals_file.h"

#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/approvals/expiry.h"
#include "engine/approvals/signed_file.h"
#include "model/error.h"
#include "model/input_file.h"
#include "readers/source_document.h"
#include "readers/located_json.h"

namespace c2a {
namespace {

constexpr int kApprovalsVersion = 2;

std::string canonicalForm(const ApprovalsFile& approvals) {
  Json form = Json::array(
      {"c2a-approvals/2", approvals.fingerprint, approvals.by, approvals.at, approvals.comment});
  form.push_back(boundChangesSigned(approvals.changes));
  // Only when present, so files signed before `expires` existed keep their signatures; a file
  // that has one cannot lose it unnoticed, since the form without it is another text.
  if (!approvals.expires.empty()) form.push_back(approvals.expires);
  // ASCII only: the same bytes whatever the file's encoding of the same text.
  return form.dump(-1, ' ', true, Json::error_handler_t::replace);
}

}  // namespace

std::string approvalSignature(const ApprovalsFile& approvals, const std::string& key) {
  return signatureOf(canonicalForm(approvals), key);
}

ApprovalsFile readApprovalsFile(const std::string& file, const std::optional<std::string>& key,
                                const ReadLimits& limits) {
  LocatedJson doc(readSourceFile(file, limits), file);
  doc.expectObject("", "an approvals file (written by `c2a approve`)");
  doc.expectKeys("",
                 {"c2aApprovals", "fingerprint", "by", "at", "expires", "comment", "changes",
                  "signature"});
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
  out.expires = doc.string("", "expires", false);
  if (doc.find("/expires") != nullptr && !parseRfc3339(out.expires)) {
    doc.fail("/expires", "`expires` is an RFC 3339 time, such as 2026-12-31T18:00:00Z");
  }
  out.signature = doc.string("", "signature", false);
  out.signatureState =
      checkSignature(doc, canonicalForm(out), key, "approvals file", "`c2a approve`");
  return out;
}

std::string approvalsFileText(const ApprovalsFile& approvals,
                              const std::optional<std::string>& key) {
  Json out = Json::object();
  out["c2aApprovals"] = kApprovalsVersion;
  out["fingerprint"] = approvals.fingerprint;
  out["by"] = approvals.by;
  out["at"] = approvals.at;
  if (!approvals.expires.empty()) out["expires"] = approvals.expires;
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

std::time_t approvalTime() {
  std::time_t now = std::time(nullptr);
  if (const char* epoch = std::getenv("SOURCE_DATE_EPOCH"); epoch != nullptr && *epoch != '\0') {
    char* end = nullptr;
    long long value = std::strtoll(epoch, &end, 10);
    if (end != nullptr && *end == '\0' && value >= 0) now = static_cast<std::time_t>(value);
  }
  return now;
}

std::string timestampNow() { return formatRfc3339(approvalTime()); }

}  // namespace c2a
