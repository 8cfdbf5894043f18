// `c2a approve REPORT.json --by NAME`: a person approves the changes of a report that wait for
// review (or those named), bound to the report's change set; `c2a diff --approvals` reads it.
#include "cli/commands.h"
#include "engine/approvals/approvals_file.h"
#include "engine/approvals/approve.h"
#include "engine/approvals/expiry.h"

namespace c2a::cli {
namespace {

struct ApproveOptions {
  ApproveRequest request;
  std::string output;
  std::string keyFile;
  std::string expires;
  bool followOutputSymlinks = false;
};

}  // namespace

void registerApproveCommand(CLI::App& app, Action& action) {
  auto options = std::make_shared<ApproveOptions>();
  auto* command = app.add_subcommand(
      "approve",
      "Write an approvals file for a JSON report (`c2a diff --format json`): who, when, why, the\n"
      "report's fingerprint and the approved changes (by default every change that waits for\n"
      "review), each with the digest of its values. `c2a diff --approvals FILE` approves a change\n"
      "only while its id and values are those approved, so a later push keeps the approvals of\n"
      "the changes it leaves alone. A change the rules reject cannot be approved.\n"
      "With C2A_APPROVAL_KEY or --approval-key-file the file is signed (HMAC-SHA256); with\n"
      "--expires it stops counting at that time (signed with the rest).\n"
      "Exit status: 0 written, 64 usage, 65 bad report or change id, 66 missing report, 73 output\n"
      "not writable.");
  command->add_option("REPORT", options->request.report, "A c2a JSON report")->required();
  command->add_option("--by", options->request.by, "Who approves (a name, an e-mail address)")
      ->required();
  command->add_option("--comment", options->request.comment,
                      "Why: the reviewer's words, shown in every report the approval applies to");
  command->add_option("--change", options->request.changes,
                      "Approve only this change id (repeatable; default: every change waiting "
                      "for review)");
  command->add_option("--output,-o", options->output,
                      "Write the approvals file to FILE (atomically) instead of stdout");
  command->add_option("--expires", options->expires,
                      "The approval stops counting then: an RFC 3339 time (2026-12-31T18:00:00Z) "
                      "or a duration from now (90m, 72h, 7d, 2w)");
  command->add_option("--approval-key-file", options->keyFile,
                      "Sign with the key in FILE (instead of C2A_APPROVAL_KEY)");
  addOutputOptions(*command, options->followOutputSymlinks);
  addLimitOptions(*command, options->request.limits);
  command->callback([&action, options] {
    action = [options] {
      checkOutputs({options->output}, {options->request.report, options->keyFile});
      options->request.key = approvalKey(options->keyFile);
      if (!options->expires.empty()) {
        options->request.expires = expiryFrom(options->expires, approvalTime());
      }
      auto result = approve(options->request);
      printWarnings(result.warnings);
      emit(options->output, result.text, options->followOutputSymlinks);
      return 0;
    };
  });
}

}  // namespace c2a::cli
