// The gate, approvals, inline acceptances and the baseline from the command line, as a pipeline
// runs them: exit statuses, what the reports say, and the errors.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "tests/cli/run_c2a.h"

namespace c2a {
namespace {

namespace fs = std::filesystem;
using testing::runC2a;
using testing::slurp;

const std::string kChain = "tests/cases/diff/replacement-chain/";
const std::string kExample = "examples/orders-service/";
// Six changes no rule decides (review), the README example (rejected by the data-loss preset),
// no change at all (approved).
const std::string kReview = "diff " + kChain + "before.json " + kChain + "after.json --no-presets";
const std::string kRejected = "diff " + kExample + "before.yaml " + kExample + "after.yaml";
const std::string kApproved = "diff " + kChain + "before.json " + kChain + "before.json";

bool has(const std::string& text, const std::string& needle) {
  return text.find(needle) != std::string::npos;
}

// Sets (or, with null, unsets) an environment variable for the life of the scope.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    if (value == nullptr) {
      ::unsetenv(name);
    } else {
      ::setenv(name, value, 1);
    }
  }
  ~ScopedEnv() {
    if (old_) {
      ::setenv(name_, old_->c_str(), 1);
    } else {
      ::unsetenv(name_);
    }
  }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  const char* name_;
  std::optional<std::string> old_;
};

class CliApprovals : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("c2a-cli-approvals-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream(path(name), std::ios::binary) << text;
    return path(name);
  }
  // `c2a approve` for the JSON report of `diff`; returns the approvals file.
  std::string approvalsFor(const std::string& diff, const std::string& name,
                           const std::string& extra = "") const {
    auto report = runC2a(diff + " --format json -o '" + path(name + ".report.json") + "'");
    EXPECT_LE(report.status, 2) << report.err;
    auto approved = runC2a("approve '" + path(name + ".report.json") + "' --by alice " +
                           "--comment 'Reviewed in PR 42' -o '" + path(name) + "' " + extra);
    EXPECT_EQ(approved.status, 0) << approved.err;
    return path(name);
  }

  fs::path dir_;
  ScopedEnv noKey_{"C2A_APPROVAL_KEY", nullptr};
};

// The digest the JSON report at `file` gives change `id`.
std::string digestOf(const std::string& file, const std::string& id) {
  const auto report = nlohmann::json::parse(slurp(file));
  for (const auto& change : report.at("changes")) {
    if (change.at("id") == id) return change.at("digest").get<std::string>();
  }
  ADD_FAILURE() << "no change " << id << " in " << file;
  return "";
}

// ---- gating ------------------------------------------------------------------------------------

TEST_F(CliApprovals, EveryFailOnValueAgainstApprovedReviewAndRejected) {
  struct Row {
    const char* failOn;
    int approved, review, rejected;
  };
  // The review case's changes are of unknown risk (no rule decides them).
  const Row rows[] = {{"", 0, 1, 2},     {"review", 0, 1, 2},   {"unknown", 0, 1, 2},
                      {"high", 0, 0, 2}, {"rejected", 0, 0, 2}, {"never", 0, 0, 0}};
  for (const auto& row : rows) {
    std::string flag = *row.failOn == '\0' ? "" : std::string(" --fail-on ") + row.failOn;
    SCOPED_TRACE(flag);
    EXPECT_EQ(runC2a(kApproved + flag).status, row.approved);
    EXPECT_EQ(runC2a(kReview + flag).status, row.review);
    EXPECT_EQ(runC2a(kRejected + flag).status, row.rejected);
  }
  // Approved by approvals counts as approved for every gate.
  auto approvals = approvalsFor(kReview, "review.json");
  for (const char* failOn : {"review", "unknown", "high", "rejected", "never"}) {
    EXPECT_EQ(runC2a(kReview + " --approvals '" + approvals + "' --fail-on " + failOn).status, 0)
        << failOn;
  }
  EXPECT_EQ(runC2a(kReview + " --fail-on sometimes").status, 64);
}

TEST_F(CliApprovals, TheReportSaysTheVerdictWhyAndTheGate) {
  auto review = runC2a(kReview + " --fail-on high --summary-only");
  EXPECT_EQ(review.status, 0);
  EXPECT_TRUE(has(review.out,
                  "Verdict: REVIEW (6 changes need a human)\n"
                  "Decided by 6 changes waiting for review: Bucket replacement, "))
      << review.out;
  EXPECT_TRUE(has(review.out,
                  "Exit status 0: --fail-on high passes: no change is rejected or "
                  "waits for review at high risk.\n"))
      << review.out;
  auto rejected = runC2a(kRejected + " --fail-on rejected --summary-only");
  EXPECT_EQ(rejected.status, 2);
  EXPECT_TRUE(has(rejected.out,
                  "Exit status 2: --fail-on rejected fails on 2 changes: "
                  "ArchiveBucket replacement and ArchiveBucket Properties.BucketName changed.\n"))
      << rejected.out;
  auto json = runC2a(kRejected + " --fail-on rejected --format json");
  EXPECT_TRUE(has(json.out, "\"decidedBy\": [\n    \"Resource:ArchiveBucket:REPLACE\",\n    "
                            "\"Resource:ArchiveBucket:Properties.BucketName:update\"\n  ]"))
      << json.out.substr(0, 600);
  EXPECT_TRUE(has(json.out, "\"failOn\": \"rejected\""));
}

TEST_F(CliApprovals, JunitSkipsReviewWhenOnlyRejectionsFail) {
  auto held = runC2a(kReview + " --format junit");
  EXPECT_TRUE(has(held.out, "failures=\"6\" skipped=\"0\"")) << held.out;
  for (const char* failOn : {"rejected", "never", "high"}) {
    auto passed = runC2a(kReview + " --format junit --fail-on " + failOn);
    EXPECT_TRUE(has(passed.out, "failures=\"0\" skipped=\"6\"")) << failOn << passed.out;
    EXPECT_TRUE(has(passed.out, "<skipped message=\"Needs review")) << failOn;
  }
  auto unknown = runC2a(kReview + " --format junit --fail-on unknown");
  EXPECT_TRUE(has(unknown.out, "failures=\"6\" skipped=\"0\"")) << unknown.out;
}

// ---- approvals ---------------------------------------------------------------------------------

TEST_F(CliApprovals, AnApprovalAppliesToTheChangesItApprovesOnly) {
  auto approvals = approvalsFor(kReview, "approvals.json");
  auto text = slurp(approvals);
  EXPECT_TRUE(has(text, "\"by\": \"alice\"")) << text;
  EXPECT_TRUE(has(text, "\"comment\": \"Reviewed in PR 42\""));
  EXPECT_TRUE(has(text, "\"fingerprint\": \"sha256:"));
  EXPECT_FALSE(has(text, "signature"));

  auto approved = runC2a(kReview + " --approvals '" + approvals + "'");
  EXPECT_EQ(approved.status, 0) << approved.out << approved.err;
  EXPECT_TRUE(has(approved.out, "applied: 6 changes approved, unsigned")) << approved.out;
  EXPECT_TRUE(has(approved.out, "[approved, unknown risk] approved by alice (")) << approved.out;
  EXPECT_TRUE(has(approved.out, "Every change is approved: 6 by approvals.")) << approved.out;

  // Another change set (the README example) is never approved by it, and the report says why.
  auto other =
      runC2a(kExample.empty() ? "" : kRejected + " --no-presets --approvals '" + approvals + "'");
  EXPECT_EQ(other.status, 1);
  EXPECT_TRUE(
      has(other.out, ": not applied: none of the changes it approves is in this change set"))
      << other.out;
  // Two files: one applies, one does not; both are reported.
  auto both = runC2a(kReview + " --approvals '" + approvalsFor(kRejected, "other.json") +
                     "' --approvals '" + approvals + "' --format json");
  EXPECT_EQ(both.status, 0);
  EXPECT_TRUE(has(both.out, "\"applied\": false")) << both.out;
  EXPECT_TRUE(has(both.out, "\"applied\": true"));
}

// The same template, deployed with other values or elsewhere, is another change: an approval
// given for the dev parameters, account or region does not approve prod (issue 30 §4).
TEST_F(CliApprovals, AnApprovalBindsTheValuesAndThePlaceItWasGivenFor) {
  auto before = write("before.yaml", "Parameters:\n  Env:\n    Type: String\nResources: {}\n");
  auto after = write("after.yaml",
                     "Parameters:\n  Env:\n    Type: String\nResources:\n  Queue:\n"
                     "    Type: AWS::SQS::Queue\n    Properties:\n"
                     "      QueueName: !Sub '${Env}-orders'\n");
  write("dev.json", R"({"Env": "dev"})");
  write("prod.json", R"({"Env": "prod"})");
  const auto diff = "diff '" + before + "' '" + after + "' --no-presets --parameters '";
  auto dev = approvalsFor(diff + path("dev.json") + "' --region eu-west-1 --account 111111111111",
                          "dev-approvals.json");

  auto again = runC2a(diff + path("dev.json") + "' --region eu-west-1 --account 111111111111" +
                      " --approvals '" + dev + "'");
  EXPECT_EQ(again.status, 0) << again.out << again.err;
  for (const auto& other :
       {path("prod.json") + "' --region eu-west-1 --account 111111111111",  // other values
        path("dev.json") + "' --region us-east-1 --account 111111111111",   // another region
        path("dev.json") + "' --region eu-west-1 --account 222222222222",   // another account
        path("dev.json") + "'"}) {  // a place the inputs do not say
    auto run = runC2a(diff + other + " --approvals '" + dev + "'");
    EXPECT_EQ(run.status, 1) << other << "\n" << run.out;
    EXPECT_TRUE(has(run.out, "not applied")) << other << "\n" << run.out;
  }
  // The written template is the same in all of them: only what it deploys as differs.
  auto prodReport =
      runC2a(diff + path("prod.json") + "' --format json -o '" + path("prod.report.json") + "'");
  EXPECT_NE(digestOf(path("prod.report.json"), "Resource:Queue:INSERT"),
            digestOf(path("dev-approvals.json.report.json"), "Resource:Queue:INSERT"));
}

TEST_F(CliApprovals, RejectedAndUnknownChangesCannotBeApproved) {
  auto report = runC2a(kRejected + " --format json -o '" + path("report.json") + "'");
  ASSERT_EQ(report.status, 2);
  auto rejected = runC2a("approve '" + path("report.json") +
                         "' --by alice --change Resource:ArchiveBucket:REPLACE");
  EXPECT_EQ(rejected.status, 65);
  EXPECT_TRUE(has(rejected.err, "c2a: " + path("report.json") + ":")) << rejected.err;
  EXPECT_TRUE(has(rejected.err, "an approval cannot override a rejection")) << rejected.err;
  auto unknown = runC2a("approve '" + path("report.json") +
                        "' --by alice --change Resource:ArchiveBucket:REPLACEMENT");
  EXPECT_EQ(unknown.status, 65);
  EXPECT_TRUE(has(unknown.err, "this report has no such change")) << unknown.err;
  // An id written without its stack: the id of a nested stack's change is named.
  const std::string nested = "tests/cases/diff/nested-found-by-asset-manifest/";
  ASSERT_EQ(runC2a("diff " + nested + "before " + nested + "after --format json -o '" +
                   path("nested.json") + "'")
                .status,
            1);
  auto unprefixed = runC2a("approve '" + path("nested.json") +
                           "' --by alice --change Resource:TopicBFC7AF6E:Properties.DisplayName:insert");
  EXPECT_EQ(unprefixed.status, 65);
  EXPECT_TRUE(has(unprefixed.err,
                  "did you mean `App/ServiceNestedStackResource1A2B3C4D/StorageNestedStackResource5E6F7A8B/"
                  "Resource:TopicBFC7AF6E:Properties.DisplayName:insert` (a change id names its stack)?"))
      << unprefixed.err;
  EXPECT_EQ(runC2a("approve '" + path("report.json") + "'").status, 64);  // --by is required
  EXPECT_EQ(runC2a("approve '" + path("missing.json") + "' --by alice").status, 66);
  EXPECT_EQ(runC2a("approve " + kExample + "after.yaml --by alice").status, 65);

  // A hand-edited approvals file naming the rejection: refused in the report, still rejected.
  auto approvals = approvalsFor(kRejected, "approvals.json");
  auto text = slurp(approvals);
  text.replace(text.find("\"changes\": ["), 12,
               "\"changes\": [{\"id\": \"Resource:ArchiveBucket:REPLACE\", \"digest\": \"" +
                   digestOf(path("report.json"), "Resource:ArchiveBucket:REPLACE") +
                   "\"}, {\"id\": \"Resource:Nope:INSERT\", \"digest\": \"sha256:" +
                   std::string(64, '0') + "\"},");
  write("edited.json", text);
  auto edited = runC2a(kRejected + " --approvals '" + path("edited.json") + "' --format json");
  EXPECT_EQ(edited.status, 2);
  EXPECT_TRUE(has(edited.out, "\"unknown\": [\n        \"Resource:Nope:INSERT\"\n      ]"))
      << edited.out;
  EXPECT_TRUE(has(edited.out,
                  "\"changeId\": \"Resource:ArchiveBucket:REPLACE\",\n"
                  "          \"reason\": \"rejected by the rules"))
      << edited.out;
}

TEST_F(CliApprovals, SignedApprovalsWithAndWithoutAKey) {
  ScopedEnv key("C2A_APPROVAL_KEY", "pipeline-secret");
  auto signedFile = approvalsFor(kReview, "signed.json");
  EXPECT_TRUE(has(slurp(signedFile), "\"signature\": \"hmac-sha256:"));
  auto verified = runC2a(kReview + " --approvals '" + signedFile + "'");
  EXPECT_EQ(verified.status, 0) << verified.err;
  EXPECT_TRUE(has(verified.out, "signature verified")) << verified.out;

  // Tampered: refused, located, exit 65.
  auto text = slurp(signedFile);
  text.replace(text.find("alice"), 5, "eve");
  write("tampered.json", text);
  auto tampered = runC2a(kReview + " --approvals '" + path("tampered.json") + "'");
  EXPECT_EQ(tampered.status, 65);
  EXPECT_TRUE(has(tampered.err, "c2a: " + path("tampered.json") + ":")) << tampered.err;
  EXPECT_TRUE(has(tampered.err, "signature does not match")) << tampered.err;
  // Another key: refused.
  write("other.key", "another-secret\n");
  auto otherKey = runC2a(kReview + " --approvals '" + signedFile + "' --approval-key-file '" +
                         path("other.key") + "'");
  EXPECT_EQ(otherKey.status, 65);

  // Unsigned, with a key: refused.
  std::string unsignedFile;
  {
    ScopedEnv none("C2A_APPROVAL_KEY", nullptr);
    unsignedFile = approvalsFor(kReview, "unsigned.json");
  }
  auto refused = runC2a(kReview + " --approvals '" + unsignedFile + "'");
  EXPECT_EQ(refused.status, 65);
  EXPECT_TRUE(has(refused.err, "not signed")) << refused.err;

  // Without a key both are trusted as they are, and the report says which was not checked.
  {
    ScopedEnv none("C2A_APPROVAL_KEY", nullptr);
    auto trusted = runC2a(kReview + " --approvals '" + signedFile + "'");
    EXPECT_EQ(trusted.status, 0);
    EXPECT_TRUE(has(trusted.out, "signed (not checked: no key given)")) << trusted.out;
    auto tamperedTrusted = runC2a(kReview + " --approvals '" + path("tampered.json") + "'");
    EXPECT_EQ(tamperedTrusted.status, 0);
    EXPECT_EQ(runC2a(kReview + " --approvals '" + unsignedFile + "'").status, 0);
  }
  // A key file instead of the variable: signs and verifies the same way.
  write("pipeline.key", "pipeline-secret\n");
  {
    ScopedEnv none("C2A_APPROVAL_KEY", nullptr);
    auto viaFile = runC2a(kReview + " --approvals '" + signedFile + "' --approval-key-file '" +
                          path("pipeline.key") + "'");
    EXPECT_EQ(viaFile.status, 0) << viaFile.err;
    EXPECT_TRUE(has(viaFile.out, "signature verified"));
    EXPECT_EQ(runC2a(kReview + " --approvals '" + unsignedFile + "' --approval-key-file '" +
                     path("pipeline.key") + "'")
                  .status,
              65);
    EXPECT_EQ(runC2a(kReview + " --approvals '" + signedFile + "' --approval-key-file '" +
                     path("no.key") + "'")
                  .status,
              66);
  }
  // A key variable that is set but empty (a secret that did not arrive) is a usage error.
  ScopedEnv empty("C2A_APPROVAL_KEY", "");
  auto blank = runC2a(kReview + " --approvals '" + signedFile + "'");
  EXPECT_EQ(blank.status, 64);
  EXPECT_TRUE(has(blank.err, "C2A_APPROVAL_KEY is set but empty")) << blank.err;
}

// An approval that expires: `c2a approve --expires` writes a signed `expires`; once it has passed
// the file approves nothing and the report says why, so an old file restored from history does
// not approve the same values again. Moving `expires` later breaks the signature.
TEST_F(CliApprovals, AnApprovalStopsCountingWhenItExpires) {
  ScopedEnv key("C2A_APPROVAL_KEY", "pipeline-secret");
  auto current = approvalsFor(kReview, "current.json", "--expires 7d");
  EXPECT_TRUE(has(slurp(current), "\"expires\": \"")) << slurp(current);
  auto applies = runC2a(kReview + " --approvals '" + current + "'");
  EXPECT_EQ(applies.status, 0) << applies.out << applies.err;

  // Approved in 1998 for two years (SOURCE_DATE_EPOCH dates the approval, never the check).
  std::string expired;
  {
    ScopedEnv past("SOURCE_DATE_EPOCH", "900000000");
    expired = approvalsFor(kReview, "expired.json", "--expires 2000-07-09T16:00:00Z");
  }
  auto held = runC2a(kReview + " --approvals '" + expired + "' --format json");
  EXPECT_EQ(held.status, 1) << held.err;
  auto record = nlohmann::json::parse(held.out).at("approvals").at(0);
  EXPECT_EQ(record.at("signature"), "verified");
  EXPECT_EQ(record.at("expires"), "2000-07-09T16:00:00Z");
  EXPECT_FALSE(record.at("applied").get<bool>());
  EXPECT_TRUE(has(record.at("reason").get<std::string>(), "it expired at 2000-07-09T16:00:00Z"));
  EXPECT_TRUE(record.at("approved").empty());
  // A pipeline that dates its build by SOURCE_DATE_EPOCH cannot revive it.
  {
    ScopedEnv past("SOURCE_DATE_EPOCH", "900000000");
    EXPECT_EQ(runC2a(kReview + " --approvals '" + expired + "'").status, 1);
  }
  auto text = runC2a(kReview + " --approvals '" + expired + "'");
  EXPECT_TRUE(has(text.out, "not applied: it expired at 2000-07-09T16:00:00Z")) << text.out;

  // Pushed later by hand: the signature covers it.
  auto edited = slurp(expired);
  edited.replace(edited.find("2000-07-09"), 10, "2999-07-09");
  write("extended.json", edited);
  auto extended = runC2a(kReview + " --approvals '" + path("extended.json") + "'");
  EXPECT_EQ(extended.status, 65);
  EXPECT_TRUE(has(extended.err, "signature does not match")) << extended.err;
  // Removed: the same.
  auto removed = slurp(expired);
  auto at = removed.find("  \"expires\"");
  removed.erase(at, removed.find('\n', at) + 1 - at);
  write("removed.json", removed);
  EXPECT_EQ(runC2a(kReview + " --approvals '" + path("removed.json") + "'").status, 65);

  // Not an RFC 3339 time: located; a bad --expires is a usage error.
  edited = slurp(current);
  auto value = edited.find("\"expires\": \"") + 12;
  edited.replace(value, edited.find('"', value) - value, "next tuesday");
  write("garbled.json", edited);
  auto garbled = runC2a(kReview + " --approvals '" + path("garbled.json") + "'");
  EXPECT_EQ(garbled.status, 65);
  EXPECT_TRUE(has(garbled.err, "c2a: " + path("garbled.json") + ":")) << garbled.err;
  EXPECT_TRUE(has(garbled.err, "RFC 3339")) << garbled.err;
  runC2a(kReview + " --format json -o '" + path("r.json") + "'");
  for (const char* bad : {"soon", "0d", "-3h", "2001-01-01T00:00:00Z", "2026-13-01T00:00:00Z"}) {
    auto usage = runC2a("approve '" + path("r.json") + "' --by alice --expires '" + bad + "'");
    EXPECT_EQ(usage.status, 64) << bad << usage.err;
  }
}

// A baseline approves changes as an approvals file does: with a key, only one signed with it
// counts (`--write-baseline` signs), so the author of a change cannot commit one listing it.
TEST_F(CliApprovals, WithAKeyOnlyASignedBaselineCounts) {
  auto unsignedWritten = runC2a(kReview + " --write-baseline '" + path("unsigned.json") + "'");
  EXPECT_EQ(unsignedWritten.status, 1);
  EXPECT_FALSE(has(slurp(path("unsigned.json")), "signature"));
  ScopedEnv key("C2A_APPROVAL_KEY", "pipeline-secret");
  auto refused = runC2a(kReview + " --baseline '" + path("unsigned.json") + "'");
  EXPECT_EQ(refused.status, 65);
  EXPECT_TRUE(has(refused.err, "c2a: " + path("unsigned.json") + ":1:1: the baseline is not "
                               "signed"))
      << refused.err;

  EXPECT_EQ(runC2a(kReview + " --write-baseline '" + path("signed.json") + "'").status, 1);
  EXPECT_TRUE(has(slurp(path("signed.json")), "\"signature\": \"hmac-sha256:"));
  auto accepted = runC2a(kReview + " --baseline '" + path("signed.json") + "' --format json");
  EXPECT_EQ(accepted.status, 0) << accepted.err;
  EXPECT_EQ(nlohmann::json::parse(accepted.out).at("baseline").at("signature"), "verified");

  // One more change listed after signing: refused.
  auto text = slurp(path("signed.json"));
  auto changes = text.find("\"changes\": [") + 12;
  text.insert(changes, "\n    {\"id\": \"Resource:Extra:REPLACE\", \"digest\": \"sha256:" +
                           std::string(64, '0') + "\"},");
  write("grown.json", text);
  auto grown = runC2a(kReview + " --baseline '" + path("grown.json") + "'");
  EXPECT_EQ(grown.status, 65);
  EXPECT_TRUE(has(grown.err, "signature does not match")) << grown.err;
  {
    ScopedEnv none("C2A_APPROVAL_KEY", nullptr);
    auto trusted = runC2a(kReview + " --baseline '" + path("signed.json") + "' --format json");
    EXPECT_EQ(trusted.status, 0);
    EXPECT_EQ(nlohmann::json::parse(trusted.out).at("baseline").at("signature"), "not checked");
  }
}

TEST_F(CliApprovals, BadApprovalsFilesAreLocatedOrMissing) {
  write("bad.json", "{\n  \"c2aApprovals\": 2,\n  \"by\": 7\n}\n");
  auto bad = runC2a(kReview + " --approvals '" + path("bad.json") + "'");
  EXPECT_EQ(bad.status, 65);
  EXPECT_TRUE(has(bad.err, "c2a: " + path("bad.json") + ":1:1: ")) << bad.err;
  write("broken.json", "{\n  \"c2aApprovals\": 2,\n  \"by\": \n}\n");
  auto broken = runC2a(kReview + " --approvals '" + path("broken.json") + "'");
  EXPECT_EQ(broken.status, 65);
  EXPECT_TRUE(has(broken.err, "c2a: " + path("broken.json") + ":")) << broken.err;
  EXPECT_EQ(runC2a(kReview + " --approvals '" + path("none.json") + "'").status, 66);
}

// ---- inline acceptances ------------------------------------------------------------------------

// The queue's MaximumMessageSize is a change no preset decides, so only an acceptance approves it.
std::string withAccepts(const std::string& bucketName, const std::string& size,
                        const std::string& archiveAccept, const std::string& ordersAccept) {
  auto metadata = [](const std::string& accept) {
    return accept.empty() ? std::string()
                          : R"(, "Metadata": {"c2a": {"accept": [)" + accept + "]}}";
  };
  return R"({"Resources": {
  "Archive": {"Type": "AWS::S3::Bucket", "Properties": {"BucketName": ")" +
         bucketName + "\"}" + metadata(archiveAccept) + R"(},
  "Orders": {"Type": "AWS::SQS::Queue", "Properties": {"MaximumMessageSize": )" +
         size + "}" + metadata(ordersAccept) + R"(}
}}
)";
}

// An acceptance is written by the change's author: it counts once deployed (on the BEFORE side),
// and never lifts high risk or a rejection, deployed or not.
TEST_F(CliApprovals, InlineAcceptancesWithReasonsAndTheirLimits) {
  std::string diff = "diff '" + path("before.json") + "' '" + path("after.json") + "'";
  const std::string size =
      R"({"operation": "UPDATE", "path": "Properties.MaximumMessageSize", "reason": "tuned"})";
  const std::string archive =
      R"({"operation": "REPLACE", "path": "Properties.BucketName", "reason": "the archive is rebuilt from S3 inventory"})";

  // Deployed entries: the queue's message size is accepted; the bucket's replacement is rejected by
  // the data-loss preset, and its acceptance is refused with a warning.
  write("before.json", withAccepts("archive-v1", "1024", archive, size));
  write("after.json", withAccepts("archive-v2", "2048", archive, size));
  auto refused = runC2a(diff);
  EXPECT_EQ(refused.status, 2) << refused.out << refused.err;
  EXPECT_TRUE(has(refused.err, "warning: the acceptance of Archive replacement is not applied"))
      << refused.err;
  EXPECT_TRUE(has(refused.err, "never lifts a rejection")) << refused.err;
  EXPECT_TRUE(has(refused.out, "accepted in the template (" + path("after.json") + ":3:"))
      << refused.out;
  EXPECT_TRUE(has(refused.out, "): tuned")) << refused.out;
  // The option that let a template lift a rejection is gone.
  EXPECT_EQ(runC2a(diff + " --allow-inline-accept-of-rejections").status, 64);

  // The same entries new in this change: nothing is accepted, the metadata waits for a person.
  write("before.json", withAccepts("archive-v1", "1024", "", ""));
  auto fresh = runC2a(diff + " --format json");
  EXPECT_EQ(fresh.status, 2) << fresh.err;
  EXPECT_FALSE(has(fresh.out, "\"acceptance\"")) << fresh.out;
  EXPECT_TRUE(has(fresh.err, "the acceptance is new in this change")) << fresh.err;
  auto json = nlohmann::json::parse(fresh.out);
  for (const auto& change : json.at("changes")) {
    if (change.at("id") == "Resource:Orders:Metadata:insert") {
      EXPECT_EQ(change.at("action"), "none") << change.dump();
    }
  }

  // --no-inline-accept: nobody approves their own change.
  write("before.json", withAccepts("archive-v1", "1024", archive, size));
  auto strict = runC2a(diff + " --no-inline-accept --format json");
  EXPECT_EQ(strict.status, 2);
  EXPECT_FALSE(has(strict.out, "\"acceptance\"")) << strict.out;

  // No reason: refused where it is written.
  write("after.json", withAccepts("archive-v2", "2048", "", R"({"operation": "UPDATE"})"));
  auto noReason = runC2a(diff);
  EXPECT_EQ(noReason.status, 65);
  EXPECT_TRUE(has(noReason.err, "c2a: " + path("after.json") + ":3:")) << noReason.err;
  EXPECT_TRUE(has(noReason.err, "needs a `reason`")) << noReason.err;
  EXPECT_EQ(runC2a(diff + " --no-inline-accept").status, 2);  // not read at all
}

// The adversarial case: a role gains AdministratorAccess and accepts it in the same change. Not
// approved, also when the entry was there before (high risk is never accepted inline).
TEST_F(CliApprovals, AnAuthorCannotAcceptTheirOwnHighRiskChange) {
  auto role = [](const std::string& extra) {
    return R"({"Resources": {"Role": {"Type": "AWS::IAM::Role",
  "Metadata": {"c2a": {"accept": [{"operation": "UPDATE", "path": "Properties.ManagedPolicyArns", "reason": "x"}]}},
  "Properties": {"AssumeRolePolicyDocument": {"Statement": [{"Effect": "Allow",
    "Principal": {"Service": "lambda.amazonaws.com"}, "Action": "sts:AssumeRole"}]})" +
           extra + "}}}}\n";
  };
  write("before.json", role(""));
  write("after.json",
        role(R"(, "ManagedPolicyArns": ["arn:aws:iam::aws:policy/AdministratorAccess"])"));
  auto result = runC2a("diff '" + path("before.json") + "' '" + path("after.json") + "'");
  EXPECT_EQ(result.status, 1) << result.out << result.err;
  EXPECT_TRUE(has(result.err, "never lifts high risk")) << result.err;
  EXPECT_TRUE(has(result.out, "Verdict: REVIEW")) << result.out;
}

// ---- baseline ----------------------------------------------------------------------------------

TEST_F(CliApprovals, ABaselineWrittenNowAcceptsTheSameChangesLater) {
  auto written = runC2a(kReview + " --write-baseline '" + path("baseline.json") + "'");
  EXPECT_EQ(written.status, 1);  // writing a baseline does not apply it
  auto baseline = slurp(path("baseline.json"));
  EXPECT_TRUE(has(baseline, "\"c2aBaseline\": 2")) << baseline;
  EXPECT_TRUE(has(baseline, "\"id\": \"Resource:Bucket:REPLACE\"")) << baseline;
  EXPECT_TRUE(has(baseline, "\"digest\": \"sha256:")) << baseline;

  auto accepted = runC2a(kReview + " --baseline '" + path("baseline.json") + "'");
  EXPECT_EQ(accepted.status, 0) << accepted.out << accepted.err;
  EXPECT_TRUE(has(accepted.out, "Accepted: 6 changes: 6 by the baseline (")) << accepted.out;
  EXPECT_TRUE(has(accepted.out, "[approved, unknown risk] accepted by the baseline ("))
      << accepted.out;

  // A rejection is never baselined.
  auto rejected = runC2a(kRejected + " --write-baseline '" + path("rejected.json") + "'");
  EXPECT_EQ(rejected.status, 2);
  EXPECT_FALSE(has(slurp(path("rejected.json")), "Resource:ArchiveBucket:REPLACE"));
  runC2a(kRejected + " --format json -o '" + path("rejected-report.json") + "'");
  write("forced.json", R"({"c2aBaseline": 2, "changes": [{"id": "Resource:ArchiveBucket:REPLACE",
    "digest": ")" + digestOf(path("rejected-report.json"), "Resource:ArchiveBucket:REPLACE") +
                           "\"}]}");
  auto forced = runC2a(kRejected + " --baseline '" + path("forced.json") + "' --format json");
  EXPECT_EQ(forced.status, 2);
  EXPECT_TRUE(has(forced.out, "a baseline cannot accept a rejection")) << forced.out;

  write("bad.json", "{\"c2aBaseline\": 2,\n \"changes\": [1]}");
  auto bad = runC2a(kReview + " --baseline '" + path("bad.json") + "'");
  EXPECT_EQ(bad.status, 65);
  EXPECT_TRUE(has(bad.err, "c2a: " + path("bad.json") + ":2:")) << bad.err;
}

// ---- help --------------------------------------------------------------------------------------

TEST_F(CliApprovals, HelpNamesEveryOption) {
  auto approve = runC2a("approve --help");
  EXPECT_EQ(approve.status, 0);
  for (const char* option : {"--by", "--comment", "--change", "--output", "--approval-key-file",
                             "--expires", "digest", "C2A_APPROVAL_KEY"}) {
    EXPECT_TRUE(has(approve.out, option)) << option;
  }
  auto diff = runC2a("diff --help");
  for (const char* option : {"--fail-on", "--approvals", "--approval-key-file", "--baseline",
                             "--write-baseline", "--no-inline-accept"}) {
    EXPECT_TRUE(has(diff.out, option)) << option;
  }
  EXPECT_TRUE(has(runC2a("--help").out, "approve"));
}

// A deployment CloudFormation will refuse cannot be approved: an approvals file naming the failing
// change applies, but its record says the change was refused and why (docs/diff.md, "Failures
// foreseen"), and the verdict stays rejected.
TEST_F(CliApprovals, AnApprovalDoesNotLiftAForeseenFailure) {
  const std::string pair = "tests/cases/diff/failure-renamed-custom-name/";
  const std::string diff = "diff " + pair + "before.yaml " + pair + "after.yaml --no-presets";
  auto report = runC2a(diff + " --format json -o '" + path("report.json") + "'");
  auto fingerprint = nlohmann::json::parse(slurp(path("report.json"))).at("fingerprint");
  auto approvals =
      write("approvals.json",
            "{\"c2aApprovals\": 2, \"fingerprint\": " + fingerprint.dump() +
                ", \"by\": \"bob\", \"changes\": [{\"id\": \"Resource:JobQueue:RENAME\", "
                "\"digest\": \"" +
                digestOf(path("report.json"), "Resource:JobQueue:RENAME") + "\"}]}");
  auto result = runC2a(diff + " --approvals '" + approvals + "' --format json");
  EXPECT_EQ(result.status, 2) << result.err;
  auto json = nlohmann::json::parse(result.out);
  EXPECT_EQ(json.at("verdict"), "rejected");
  const auto& record = json.at("approvals").at(0);
  EXPECT_TRUE(record.at("applied").get<bool>());
  EXPECT_TRUE(record.at("approved").empty());
  ASSERT_EQ(record.at("refused").size(), 1u);
  EXPECT_EQ(record.at("refused").at(0).at("changeId"), "Resource:JobQueue:RENAME");
  EXPECT_TRUE(has(record.at("refused").at(0).at("reason").get<std::string>(), "failure"));
}

}  // namespace
}  // namespace c2a
