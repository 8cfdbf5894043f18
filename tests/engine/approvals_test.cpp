// Approvals bound to each change's values, inline acceptances and the baseline: what they
// approve, what they refuse and why, and how every format shows it.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>

#include "engine/approvals/approvals_file.h"
#include "engine/approvals/approve.h"
#include "engine/approvals/baseline_file.h"
#include "engine/pipeline/analyze.h"
#include "engine/pipeline/rule_loading.h"
#include "engine/report/report_format.h"
#include "engine/report/report_json.h"

namespace c2a {
namespace {

namespace fs = std::filesystem;

const char* kBefore = R"(Resources:
  Archive:
    Type: AWS::S3::Bucket
    Properties:
      BucketName: archive-v1
  Orders:
    Type: AWS::SQS::Queue
    Properties:
      QueueName: orders
      VisibilityTimeout: 30
)";

// The archive bucket is replaced (the rules reject it, and so its new name, which causes it: a
// change is decided with the replacement it causes), the queue replaced (nothing decides it, nor
// its new name), its timeout tuned (nothing decides it).
const char* kAfter = R"(Resources:
  Archive:
    Type: AWS::S3::Bucket
    Properties:
      BucketName: archive-v2
  Orders:
    Type: AWS::SQS::Queue
    Properties:
      QueueName: orders-v2
      VisibilityTimeout: 60
)";

const char* kRules = R"(rule "Data stores must not be replaced" {
  let store = resource "AWS::S3::Bucket"
  let change = change where change appliesTo store and change.type in ["REPLACE", "REMOVE"]
  effect risk = high, action = reject, target = change
}
)";

const std::string kArchiveReplace = "Resource:Archive:REPLACE";
const std::string kBucketName = "Resource:Archive:Properties.BucketName:update";
const std::string kOrdersReplace = "Resource:Orders:REPLACE";
const std::string kQueueName = "Resource:Orders:Properties.QueueName:update";
const std::string kTimeout = "Resource:Orders:Properties.VisibilityTimeout:update";

class Approvals : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("c2a-approvals-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    write("before.yaml", kBefore);
    write("after.yaml", kAfter);
    write("rules.c2a", kRules);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string write(const std::string& name, const std::string& text) {
    auto path = dir_ / name;
    std::ofstream(path, std::ios::binary) << text;
    return path.string();
  }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  std::unique_ptr<Report> run(AnalyzeOptions options = {}) {
    loaded_ = loadRuleFiles({path("rules.c2a")}, ReadLimits{});
    EXPECT_TRUE(loaded_.problems.empty());
    options.rules = &loaded_.set;
    return analyze(path("before.yaml"), path("after.yaml"), options);
  }

  // The changes `ids` bound to their values now (an id this change set lacks: any digest).
  std::vector<BoundChange> bound(const std::vector<std::string>& ids) {
    auto report = run();
    std::vector<BoundChange> out;
    for (const auto& id : ids) {
      BoundChange change{id, "sha256:" + std::string(64, '0')};
      for (std::size_t i = 0; i < report->diff.operations.size(); ++i) {
        if (report->diff.operations[i].id == id) change.digest = report->diff.digests[i];
      }
      out.push_back(std::move(change));
    }
    return out;
  }

  ApprovalsFile approvals(const std::vector<std::string>& ids) {
    ApprovalsFile file;
    file.file = path("approvals.json");
    file.fingerprint = run()->diff.fingerprint;
    file.by = "alice";
    file.at = "2026-01-02T03:04:05Z";
    file.comment = "Reviewed in PR 42";
    file.changes = bound(ids);
    file.signatureState = "unsigned";
    return file;
  }

  static std::vector<std::string> ids(const std::vector<BoundChange>& changes) {
    std::vector<std::string> out;
    for (const auto& change : changes) out.push_back(change.id);
    return out;
  }

  static std::size_t indexOf(const Report& report, const std::string& id) {
    for (std::size_t i = 0; i < report.diff.operations.size(); ++i) {
      if (report.diff.operations[i].id == id) return i;
    }
    ADD_FAILURE() << "no change " << id;
    return 0;
  }

  static Action actionOf(const Report& report, const std::string& id) {
    return report.decisions[indexOf(report, id)].action;
  }

  fs::path dir_;
  LoadedRules loaded_;
};

// ---- approvals files ---------------------------------------------------------------------------

TEST_F(Approvals, AMatchingFingerprintApprovesTheNamedChanges) {
  AnalyzeOptions options;
  options.acceptance.approvals.push_back(approvals({kOrdersReplace, kQueueName}));
  auto report = run(options);
  EXPECT_EQ(actionOf(*report, kOrdersReplace), Action::Approve);
  EXPECT_EQ(actionOf(*report, kQueueName), Action::Approve);
  EXPECT_EQ(actionOf(*report, kTimeout), Action::None);
  const auto& acceptance = report->acceptances[indexOf(*report, kOrdersReplace)];
  ASSERT_TRUE(acceptance);
  EXPECT_EQ(acceptance->source, AcceptanceSource::Approval);
  EXPECT_EQ(acceptance->by, "alice");
  EXPECT_EQ(acceptance->reason, "Reviewed in PR 42");
  // The risk stays what the rules said; the tree, summary and verdict count the approval.
  EXPECT_EQ(report->decisions[indexOf(*report, kOrdersReplace)].risk, Risk::Unknown);
  EXPECT_EQ(report->summary.approved, 2u);
  ASSERT_EQ(report->approvals.size(), 1u);
  EXPECT_TRUE(report->approvals[0].applied);
  EXPECT_EQ(report->approvals[0].approved, (std::vector<std::string>{kOrdersReplace, kQueueName}));
  auto json = reportToJson(*report);
  EXPECT_EQ(json["approvals"][0]["applied"], true);
  bool seen = false;
  for (const auto& change : json["changes"]) {
    if (change["id"] == kOrdersReplace) {
      seen = true;
      EXPECT_EQ(change["action"], "approve");
      EXPECT_EQ(change["acceptance"]["source"], "approval");
      EXPECT_EQ(change["acceptance"]["by"], "alice");
      EXPECT_EQ(change["acceptance"]["ruleAction"], "none");
    }
  }
  EXPECT_TRUE(seen);
}

// An approval binds each change to its values: a later push that edits one change voids the
// approval of that change only, and the others stay approved (no re-approval of the whole set).
TEST_F(Approvals, AnApprovalCoversTheValuesItWasGivenForOnly) {
  AnalyzeOptions options;
  options.acceptance.approvals.push_back(approvals({kQueueName, kTimeout}));
  std::string after = kAfter;
  after.replace(after.find("VisibilityTimeout: 60"), 21, "VisibilityTimeout: 90");
  write("after.yaml", after);
  auto report = run(options);
  EXPECT_EQ(actionOf(*report, kQueueName), Action::Approve);
  EXPECT_EQ(actionOf(*report, kTimeout), Action::None);
  ASSERT_EQ(report->approvals.size(), 1u);
  EXPECT_TRUE(report->approvals[0].applied);
  EXPECT_EQ(report->approvals[0].approved, (std::vector<std::string>{kQueueName}));
  ASSERT_EQ(report->approvals[0].changed.size(), 1u);
  EXPECT_EQ(report->approvals[0].changed[0].changeId, kTimeout);
  EXPECT_NE(report->approvals[0].changed[0].reason.find("not those approved"), std::string::npos);
  auto json = reportToJson(*report);
  EXPECT_EQ(json["approvals"][0]["changed"][0]["changeId"], kTimeout);

  // Nothing left with the values approved: not applied, and said why.
  write("after.yaml", R"(Resources:
  Archive:
    Type: AWS::S3::Bucket
    Properties:
      BucketName: archive-v1
  Orders:
    Type: AWS::SQS::Queue
    Properties:
      QueueName: orders-v3
      VisibilityTimeout: 90
)");
  auto none = run(options);
  EXPECT_FALSE(none->approvals[0].applied);
  EXPECT_NE(none->approvals[0].whyNot.find("with the values approved"), std::string::npos);
  EXPECT_EQ(none->summary.verdict, Verdict::Review);
}

// The author of a new policy cannot widen it after the approval: an INSERT binds its whole body.
TEST_F(Approvals, AnApprovalOfANewResourceCoversItsWholeBody) {
  const std::string policy = R"(
  ArchivePolicy:
    Type: AWS::IAM::Policy
    Properties:
      PolicyName: archive
      Roles: [archive-role]
      PolicyDocument:
        Statement:
          - Effect: Allow
            Action: s3:GetObject
            Resource: arn:aws:s3:::archive/*
)";
  write("before.yaml", kAfter);
  write("after.yaml", kAfter + policy);
  const std::string insert = "Resource:ArchivePolicy:INSERT";
  AnalyzeOptions options;
  options.acceptance.approvals.push_back(approvals({insert}));
  EXPECT_EQ(actionOf(*run(options), insert), Action::Approve);

  auto widened = policy;
  widened.replace(widened.find("s3:GetObject"), 12, "s3:*");
  widened.replace(widened.find("arn:aws:s3:::archive/*"), 22, "\"*\"");
  write("after.yaml", kAfter + widened);
  auto report = run(options);
  EXPECT_EQ(actionOf(*report, insert), Action::None);
  ASSERT_EQ(report->approvals[0].changed.size(), 1u);
  EXPECT_EQ(report->approvals[0].changed[0].changeId, insert);
}

// Every kind of operation carries its values in its digest: the old body of a REMOVE, both bodies
// of a REPLACE, the old and new values of an UPDATE.
TEST_F(Approvals, EveryOperationsDigestCoversItsValues) {
  auto digests = [&]() {
    std::map<std::string, std::string> out;
    auto report = run();
    for (std::size_t i = 0; i < report->diff.operations.size(); ++i) {
      out[report->diff.operations[i].id] = report->diff.digests[i];
    }
    out["fingerprint"] = report->diff.fingerprint;
    return out;
  };
  auto first = digests();
  EXPECT_EQ(first, digests());  // the same inputs, the same digests
  // A value of the replaced queue that is no change of its own still changes the REPLACE.
  std::string before = kBefore;
  before.insert(before.find("      VisibilityTimeout"), "      DelaySeconds: 5\n");
  std::string after = kAfter;
  after.insert(after.find("      VisibilityTimeout"), "      DelaySeconds: 5\n");
  write("before.yaml", before);
  write("after.yaml", after);
  auto second = digests();
  EXPECT_NE(first[kOrdersReplace], second[kOrdersReplace]);
  EXPECT_EQ(first[kTimeout], second[kTimeout]);
  EXPECT_NE(first["fingerprint"], second["fingerprint"]);
  // A removed resource: its old body.
  write("after.yaml", "Resources:\n  Orders:\n    Type: AWS::SQS::Queue\n");
  write("before.yaml", std::string(kBefore));
  auto removed = digests();
  before = kBefore;
  before.replace(before.find("archive-v1"), 10, "archive-v0");
  write("before.yaml", before);
  EXPECT_NE(removed["Resource:Archive:REMOVE"], digests()["Resource:Archive:REMOVE"]);
}

TEST_F(Approvals, AChangeIdThatDoesNotExistIsListedNotApproved) {
  AnalyzeOptions options;
  options.acceptance.approvals.push_back(approvals({"Resource:Nope:REPLACE", kTimeout}));
  auto report = run(options);
  EXPECT_EQ(report->approvals[0].unknown, (std::vector<std::string>{"Resource:Nope:REPLACE"}));
  EXPECT_EQ(report->approvals[0].approved, (std::vector<std::string>{kTimeout}));
  EXPECT_EQ(actionOf(*report, kTimeout), Action::Approve);
}

TEST_F(Approvals, ARejectedChangeCannotBeApprovedByAFile) {
  AnalyzeOptions options;
  options.acceptance.approvals.push_back(approvals({kArchiveReplace}));
  auto report = run(options);
  EXPECT_EQ(actionOf(*report, kArchiveReplace), Action::Reject);
  ASSERT_EQ(report->approvals[0].refused.size(), 1u);
  EXPECT_EQ(report->approvals[0].refused[0].changeId, kArchiveReplace);
  EXPECT_NE(report->approvals[0].refused[0].reason.find("cannot override a rejection"),
            std::string::npos);
  EXPECT_EQ(report->summary.verdict, Verdict::Rejected);
}

TEST_F(Approvals, ApprovalsApplyBeforeTheTreeAndTheGate) {
  AnalyzeOptions options;
  options.acceptance.approvals.push_back(
      approvals({kOrdersReplace, kQueueName, kTimeout, kBucketName}));
  options.failOn = FailOn::Review;
  auto report = run(options);
  // Only the rejection is left (the replacement and the new name that causes it; the approval of
  // the name is refused): it decides the verdict, and the tree has no review group.
  EXPECT_EQ(report->summary.review, 0u);
  std::vector<std::size_t> rejected{indexOf(*report, kArchiveReplace), indexOf(*report, kBucketName)};
  std::sort(rejected.begin(), rejected.end());
  EXPECT_EQ(report->decidedBy, rejected);
  for (const auto& root : report->aggregations.roots) {
    EXPECT_FALSE(root.key == "action" && root.value == "review") << root.description;
  }
  EXPECT_EQ(report->gate.exitStatus, 2);
}

// ---- signing -----------------------------------------------------------------------------------

TEST_F(Approvals, SignedFilesVerifyWithTheKeyAndRefuseTampering) {
  auto file = approvals({kTimeout});
  write("signed.json", approvalsFileText(file, std::string("k3y")));
  auto verified = readApprovalsFile(path("signed.json"), std::string("k3y"), ReadLimits{});
  EXPECT_EQ(verified.signatureState, "verified");
  EXPECT_EQ(ids(verified.changes), (std::vector<std::string>{kTimeout}));
  // Without a key a signed file is trusted as it is, and says it was not checked.
  EXPECT_EQ(readApprovalsFile(path("signed.json"), std::nullopt, ReadLimits{}).signatureState,
            "not checked");

  auto refused = [&](const std::string& name, const std::string& key, const std::string& needle) {
    try {
      readApprovalsFile(path(name), key, ReadLimits{});
      ADD_FAILURE() << name << " was accepted";
    } catch (const C2aError& error) {
      EXPECT_EQ(error.diagnostic().kind, ErrorKind::InvalidInput);
      EXPECT_NE(error.diagnostic().message.find(needle), std::string::npos)
          << error.diagnostic().str();
      EXPECT_GT(error.diagnostic().where.line, 0) << error.diagnostic().str();
    }
  };
  refused("signed.json", "another key", "signature does not match");
  // Tampered: another approver, another change, another fingerprint.
  auto text = approvalsFileText(file, std::string("k3y"));
  auto edit = [&](const std::string& from, const std::string& to) {
    auto copy = text;
    copy.replace(copy.find(from), from.size(), to);
    return copy;
  };
  write("by.json", edit("\"alice\"", "\"mallory\""));
  refused("by.json", "k3y", "signature does not match");
  write("changes.json", edit(kTimeout, kArchiveReplace));
  refused("changes.json", "k3y", "signature does not match");
  write("digest.json", edit(file.changes[0].digest, "sha256:" + std::string(64, '2')));
  refused("digest.json", "k3y", "signature does not match");
  write("print.json", edit(file.fingerprint, "sha256:" + std::string(64, '1')));
  refused("print.json", "k3y", "signature does not match");
  // Unsigned with a key: refused; without one: trusted, and said so.
  write("unsigned.json", approvalsFileText(file, std::nullopt));
  refused("unsigned.json", "k3y", "not signed");
  EXPECT_EQ(readApprovalsFile(path("unsigned.json"), std::nullopt, ReadLimits{}).signatureState,
            "unsigned");
}

TEST_F(Approvals, TheSignatureCoversACanonicalFormNotTheLayout) {
  auto file = approvals({kTimeout, kQueueName});
  auto signature = approvalSignature(file, "k");
  EXPECT_EQ(signature.rfind("hmac-sha256:", 0), 0u);
  EXPECT_EQ(signature.size(), 12u + 64u);
  EXPECT_EQ(signature, approvalSignature(file, "k"));
  EXPECT_NE(signature, approvalSignature(file, "K"));
  // The same content as YAML, keys in another order, verifies.
  write("signed.yaml", "signature: " + signature + "\nchanges:\n  - {digest: \"" +
                           file.changes[0].digest + "\", id: " + kTimeout + "}\n  - id: " +
                           kQueueName + "\n    digest: \"" + file.changes[1].digest +
                           "\"\nby: alice\nat: \"2026-01-02T03:04:05Z\"\n" +
                           "comment: Reviewed in PR 42\nfingerprint: \"" + file.fingerprint +
                           "\"\nc2aApprovals: 2\n");
  EXPECT_EQ(readApprovalsFile(path("signed.yaml"), std::string("k"), ReadLimits{}).signatureState,
            "verified");
}

TEST_F(Approvals, MalformedFilesAreLocated) {
  auto located = [&](const std::string& text, int line, const std::string& needle) {
    write("bad.json", text);
    try {
      readApprovalsFile(path("bad.json"), std::nullopt, ReadLimits{});
      ADD_FAILURE() << text;
    } catch (const C2aError& error) {
      EXPECT_EQ(error.diagnostic().kind, ErrorKind::InvalidInput);
      EXPECT_EQ(error.diagnostic().where.file, path("bad.json"));
      EXPECT_EQ(error.diagnostic().where.line, line) << error.diagnostic().str();
      EXPECT_NE(error.diagnostic().message.find(needle), std::string::npos)
          << error.diagnostic().str();
    }
  };
  const std::string print = "\"sha256:" + std::string(64, 'a') + "\"";
  located("[]", 1, "expected an approvals file");
  located(
      "{\n  \"c2aApprovals\": 2,\n  \"fingerprint\": \"sha256:xyz\",\n  \"by\": \"a\",\n"
      "  \"changes\": []\n}",
      3, "fingerprint");
  located("{\n  \"c2aApprovals\": 2,\n  \"fingerprint\": " + print + ",\n  \"changes\": []\n}", 1,
          "`by` is missing");
  located("{\n  \"c2aApprovals\": 2,\n  \"fingerprint\": " + print +
              ",\n  \"by\": \"a\",\n  \"change\": []\n}",
          5, "did you mean `changes`");
  // A bare id (version 1) would cover any later value of the change.
  located("{\n  \"c2aApprovals\": 2,\n  \"fingerprint\": " + print +
              ",\n  \"by\": \"a\",\n  \"changes\": [\n    \"x\"]\n}",
          6, "named with its values");
  located("{\n  \"c2aApprovals\": 2,\n  \"fingerprint\": " + print +
              ",\n  \"by\": \"a\",\n  \"changes\": [\n    {\"id\": \"x\", \"digest\": \"sha1:1\"}]\n}",
          6, "`digest` must be `sha256:`");
  located("{\n  \"c2aApprovals\": 1,\n  \"fingerprint\": " + print +
              ",\n  \"by\": \"a\",\n  \"changes\": []\n}",
          2, "approve again");
  located("{\n  \"c2aApprovals\": 3,\n  \"fingerprint\": " + print +
              ",\n  \"by\": \"a\",\n  \"changes\": []\n}",
          2, "version");
}

// ---- c2a approve -------------------------------------------------------------------------------

TEST_F(Approvals, ApproveNamesEveryChangeWaitingForReviewByDefault) {
  auto report = run();
  write("report.json", reportToJson(*report).dump(2));
  ApproveRequest request;
  request.report = path("report.json");
  request.by = "bob";
  request.comment = "ok";
  auto result = approve(request);
  write("approvals.json", result.text);
  auto file = readApprovalsFile(path("approvals.json"), std::nullopt, ReadLimits{});
  EXPECT_EQ(file.fingerprint, report->diff.fingerprint);
  EXPECT_EQ(file.by, "bob");
  EXPECT_EQ(file.comment, "ok");
  EXPECT_FALSE(file.at.empty());
  // Every change waiting for review, none of the rejected ones.
  EXPECT_EQ(file.changes.size(), report->summary.review);
  const auto named = ids(file.changes);
  EXPECT_EQ(std::count(named.begin(), named.end(), kArchiveReplace), 0);
  for (const auto& change : file.changes) {
    EXPECT_EQ(change.digest, report->diff.digests[indexOf(*report, change.id)]) << change.id;
  }

  // Applied to the same change set: only the rejection is left.
  AnalyzeOptions options;
  options.acceptance.approvals.push_back(file);
  auto approved = run(options);
  EXPECT_EQ(approved->summary.review, 0u);
  EXPECT_EQ(approved->summary.rejected, 2u);  // the replacement and the name that causes it
}

TEST_F(Approvals, ApproveRefusesUnknownAndRejectedChanges) {
  write("report.json", reportToJson(*run()).dump(2));
  ApproveRequest request;
  request.report = path("report.json");
  request.by = "bob";
  request.changes = {"Resource:Orders:REPLACe"};
  try {
    approve(request);
    ADD_FAILURE() << "an unknown change id was approved";
  } catch (const C2aError& error) {
    EXPECT_EQ(error.diagnostic().kind, ErrorKind::InvalidInput);
    EXPECT_NE(error.diagnostic().message.find("did you mean `Resource:Orders:REPLACE`"),
              std::string::npos)
        << error.diagnostic().str();
  }
  request.changes = {kArchiveReplace};
  try {
    approve(request);
    ADD_FAILURE() << "a rejected change was approved";
  } catch (const C2aError& error) {
    EXPECT_NE(error.diagnostic().message.find("cannot override a rejection"), std::string::npos);
    EXPECT_GT(error.diagnostic().where.line, 0);
  }
  request.changes = {kTimeout, kTimeout};
  request.key = "k";
  auto result = approve(request);
  write("one.json", result.text);
  auto file = readApprovalsFile(path("one.json"), std::string("k"), ReadLimits{});
  EXPECT_EQ(ids(file.changes), (std::vector<std::string>{kTimeout}));
  EXPECT_EQ(file.signatureState, "verified");
}

// The bundled example's trap: a new bucket name approved while the replacement it causes stays
// rejected. A change is decided with the replacement it causes, and approved with it.
TEST_F(Approvals, AReplacementAndTheChangeThatCausesItAreDecidedAndApprovedTogether) {
  auto report = run();
  EXPECT_EQ(actionOf(*report, kBucketName), Action::Reject);  // with its rejected replacement
  EXPECT_EQ(report->decidedWith[indexOf(*report, kBucketName)],
            std::optional<std::size_t>(indexOf(*report, kArchiveReplace)));
  EXPECT_FALSE(report->decidedWith[indexOf(*report, kTimeout)]);  // no replacement of its own
  write("report.json", reportToJson(*report).dump(2));
  ApproveRequest request;
  request.report = path("report.json");
  request.by = "bob";
  request.changes = {kBucketName};
  EXPECT_THROW(approve(request), C2aError);  // rejected: no approval lifts it
  // Either of a pair waiting for review approves both; the other is named in a warning.
  for (const auto& asked : {kQueueName, kOrdersReplace}) {
    SCOPED_TRACE(asked);
    request.changes = {asked};
    auto result = approve(request);
    write("pair.json", result.text);
    auto file = readApprovalsFile(path("pair.json"), std::nullopt, ReadLimits{});
    auto named = ids(file.changes);
    std::sort(named.begin(), named.end());
    EXPECT_EQ(named, (std::vector<std::string>{kQueueName, kOrdersReplace}));  // sorted
    ASSERT_EQ(result.warnings.size(), 1u);
    EXPECT_NE(result.warnings[0].message.find("decided together"), std::string::npos);
    AnalyzeOptions options;
    options.acceptance.approvals.push_back(file);
    auto approved = run(options);
    EXPECT_EQ(actionOf(*approved, kOrdersReplace), Action::Approve);
    EXPECT_EQ(actionOf(*approved, kQueueName), Action::Approve);
  }
  // A report edited to pair the timeout with the queue's replacement approves nothing: only the
  // REPLACE of a change's own resource can be its `decidedWith`.
  auto edited = reportToJson(*report);
  for (auto& change : edited["changes"]) {
    if (change["id"] == kTimeout) change["decidedWith"] = kArchiveReplace;
  }
  write("edited.json", edited.dump(2));
  request.report = path("edited.json");
  request.changes = {kTimeout};
  try {
    approve(request);
    ADD_FAILURE() << "an altered decidedWith was followed";
  } catch (const C2aError& error) {
    EXPECT_NE(error.diagnostic().message.find("not the replacement of this change's resource"),
              std::string::npos)
        << error.diagnostic().str();
  }
}

TEST_F(Approvals, ApproveRefusesWhatIsNotAReport) {
  write("report.json", "{\"schemaVersion\": 1, \"changes\": []}");
  ApproveRequest request;
  request.report = path("report.json");
  request.by = "bob";
  EXPECT_THROW(approve(request), C2aError);  // no fingerprint
  request.by = "";
  EXPECT_THROW(approve(request), C2aError);
  // A report of an older c2a has no digests: nothing could bind the values approved.
  auto json = reportToJson(*run());
  json["changes"][0].erase("digest");
  write("old.json", json.dump(2));
  request.report = path("old.json");
  request.by = "bob";
  try {
    approve(request);
    ADD_FAILURE() << "a report without digests was approved";
  } catch (const C2aError& error) {
    EXPECT_NE(error.diagnostic().message.find("no `digest`"), std::string::npos);
    EXPECT_GT(error.diagnostic().where.line, 0);
  }
}

// ---- inline acceptances ------------------------------------------------------------------------

std::string withMetadata(const std::string& resource, const std::string& metadata,
                         std::string side = kAfter) {
  auto at = side.find("  " + resource + ":\n") + resource.size() + 4;
  at = side.find('\n', at) + 1;  // after the Type line
  return side.insert(at, metadata);
}

// Written on both sides: the entry was deployed (reviewed with the change that added it).
TEST_F(Approvals, InlineAcceptanceWithAReasonApprovesAndKeepsTheRisk) {
  const std::string metadata = "    Metadata:\n      c2a:\n        accept:\n"
                               "          - operation: REPLACE\n"
                               "            path: Properties.QueueName\n"
                               "            reason: drained before every release\n";
  write("before.yaml", withMetadata("Orders", metadata, kBefore));
  write("after.yaml", withMetadata("Orders", metadata));
  auto report = run();
  EXPECT_EQ(actionOf(*report, kOrdersReplace), Action::Approve);
  // The property change that causes the accepted replacement is accepted with it...
  EXPECT_EQ(actionOf(*report, kQueueName), Action::Approve);
  // ...not the other changes of the resource.
  EXPECT_EQ(actionOf(*report, kTimeout), Action::None);
  const auto& acceptance = report->acceptances[indexOf(*report, kOrdersReplace)];
  ASSERT_TRUE(acceptance);
  EXPECT_EQ(acceptance->source, AcceptanceSource::Inline);
  EXPECT_EQ(acceptance->reason, "drained before every release");
  ASSERT_TRUE(acceptance->where);
  EXPECT_EQ(acceptance->where->line, 11);
  auto json = reportToJson(*report);
  bool listed = false;
  for (const auto& entry : json["accepted"]) {
    if (entry["changeId"] == kOrdersReplace) {
      listed = true;
      EXPECT_EQ(entry["source"], "inline");
      EXPECT_EQ(entry["reason"], "drained before every release");
      EXPECT_EQ(entry["location"]["line"], 11);
    }
  }
  EXPECT_TRUE(listed) << json["accepted"].dump();
}

TEST_F(Approvals, InlineAcceptanceWithoutAReasonIsRefusedWhereItIsWritten) {
  write("after.yaml", withMetadata("Orders",
                                   "    Metadata:\n      c2a:\n        accept:\n"
                                   "          - operation: REPLACE\n"));
  try {
    run();
    ADD_FAILURE() << "an acceptance without a reason was taken";
  } catch (const C2aError& error) {
    EXPECT_EQ(error.diagnostic().kind, ErrorKind::InvalidInput);
    EXPECT_EQ(error.diagnostic().where.file, path("after.yaml"));
    EXPECT_EQ(error.diagnostic().where.line, 11) << error.diagnostic().str();
    EXPECT_NE(error.diagnostic().message.find("needs a `reason`"), std::string::npos);
  }
  // Blank reasons and typos are refused too.
  write("after.yaml", withMetadata("Orders",
                                   "    Metadata:\n      c2a:\n        accept:\n"
                                   "          - reason: \"  \"\n"));
  EXPECT_THROW(run(), C2aError);
  write("after.yaml", withMetadata("Orders",
                                   "    Metadata:\n      c2a:\n        accept:\n"
                                   "          - operation: REPLACE\n            reasons: x\n"));
  EXPECT_THROW(run(), C2aError);
  write("after.yaml", withMetadata("Orders",
                                   "    Metadata:\n      c2a:\n        accept:\n"
                                   "          - operation: REMOVE\n            reason: x\n"));
  EXPECT_THROW(run(), C2aError);
}

// An entry accepts only what it names: deployed once, an entry naming nothing (or every
// property) would accept whatever the resource does next.
TEST_F(Approvals, AnInlineAcceptanceNamesItsOperationsAndProperty) {
  auto refused = [&](const std::string& entry, const std::string& says) {
    write("after.yaml",
          withMetadata("Orders", "    Metadata:\n      c2a:\n        accept:\n" + entry));
    try {
      run();
      ADD_FAILURE() << "taken: " << entry;
    } catch (const C2aError& error) {
      EXPECT_EQ(error.diagnostic().where.file, path("after.yaml"));
      EXPECT_NE(error.diagnostic().message.find(says), std::string::npos)
          << error.diagnostic().str();
    }
  };
  refused("          - reason: anything\n", "names the operations it accepts");
  refused("          - operation: UPDATE\n            reason: anything\n",
          "names the property it accepts");
  refused("          - operation: [INSERT, REPLACE]\n            reason: anything\n",
          "names the property it accepts");
  refused("          - operation: UPDATE\n            path: Properties\n            reason: x\n",
          "`path: Properties` names no property");
  refused("          - operation: UPDATE\n            path: Properties.*\n            reason: x\n",
          "`path: Properties.*` names no property");
  // Nor over the acceptances themselves: a deployed entry would let later ones in unreviewed.
  refused("          - operation: UPDATE\n            path: Metadata.c2a\n            reason: x\n",
          "would accept changes of the acceptances themselves");
  refused("          - operation: UPDATE\n            path: Metadata.*.accept\n            reason: x\n",
          "would accept changes of the acceptances themselves");
  // An INSERT or RENAME entry has no property to name; `Properties.Tags.*` names one.
  write("after.yaml", withMetadata("Orders", "    Metadata:\n      c2a:\n        accept:\n"
                                             "          - operation: [INSERT, RENAME]\n"
                                             "            reason: recreated on purpose\n"
                                             "          - operation: UPDATE\n"
                                             "            path: Properties.Tags.*.Value\n"
                                             "            reason: tags are free\n"));
  EXPECT_NO_THROW(run());
}

TEST_F(Approvals, NoInlineAcceptIgnoresThemAll) {
  write("after.yaml", withMetadata("Orders",
                                   "    Metadata:\n      c2a:\n        accept:\n"
                                   "          - reason: everything about the queue is fine\n"));
  AnalyzeOptions options;
  options.acceptance.inlineAccept = false;
  auto report = run(options);
  EXPECT_EQ(actionOf(*report, kOrdersReplace), Action::None);
  EXPECT_EQ(actionOf(*report, kTimeout), Action::None);
  EXPECT_EQ(actionOf(*report, "Resource:Orders:Metadata:insert"), Action::None);
  for (const auto& acceptance : report->acceptances) EXPECT_FALSE(acceptance);
  // Even a malformed one is not read.
  write("after.yaml", withMetadata("Orders", "    Metadata:\n      c2a: 5\n"));
  EXPECT_NO_THROW(run(options));
  EXPECT_THROW(run(), C2aError);
}

// The author of a change writes the AFTER template: an entry new in this change approves nothing,
// and adding it is itself a change for a person (no "c2a's own metadata" exemption).
TEST_F(Approvals, AnAcceptanceNewInTheChangeDoesNotApply) {
  write("after.yaml", withMetadata("Orders",
                                   "    Metadata:\n      c2a:\n        accept:\n"
                                   "          - operation: [REPLACE, UPDATE]\n"
                                   "            path: Properties.QueueName\n"
                                   "            reason: the queue is drained first\n"));
  auto report = run();
  EXPECT_EQ(actionOf(*report, kOrdersReplace), Action::None);
  EXPECT_EQ(actionOf(*report, kTimeout), Action::None);
  EXPECT_EQ(actionOf(*report, "Resource:Orders:Metadata:insert"), Action::None);
  for (const auto& acceptance : report->acceptances) EXPECT_FALSE(acceptance);
  bool warned = false;
  for (const auto& warning : report->warnings) {
    warned |= warning.message.find("new in this change") != std::string::npos &&
              warning.where.line == 11;
  }
  EXPECT_TRUE(warned);
  // An entry edited in the change (another reason, a wider path) is a new entry too.
  write("before.yaml", withMetadata("Orders",
                                    "    Metadata:\n      c2a:\n        accept:\n"
                                    "          - operation: UPDATE\n"
                                    "            path: Properties.VisibilityTimeout\n"
                                    "            reason: tuned\n",
                                    kBefore));
  write("after.yaml", withMetadata("Orders",
                                   "    Metadata:\n      c2a:\n        accept:\n"
                                   "          - operation: [UPDATE, REPLACE]\n"
                                   "            path: Properties.VisibilityTimeout\n"
                                   "            reason: tuned\n"));
  auto widened = run();
  EXPECT_EQ(actionOf(*widened, kTimeout), Action::None);
  EXPECT_EQ(actionOf(*widened, kOrdersReplace), Action::None);
}

// High risk and rejections wait for a person whatever the template says, deployed entry or not.
TEST_F(Approvals, InlineAcceptanceNeverLiftsHighRiskOrARejection) {
  write("rules.c2a", std::string(kRules) + R"(
rule "Queues replaced are watched" {
  let change = change where change.component.subtype == "AWS::SQS::Queue" and change.type == "REPLACE"
  effect risk = high
}
)");
  for (const auto& resource : {"Archive", "Orders"}) {
    const std::string metadata = std::string("    Metadata:\n      c2a:\n        accept:\n"
                                             "          - operation: REPLACE\n"
                                             "            path: Properties.") +
                                 (resource == std::string("Archive") ? "BucketName" : "QueueName") +
                                 "\n            reason: rebuilt nightly\n";
    write("before.yaml", withMetadata(resource, metadata, kBefore));
    write("after.yaml", withMetadata(resource, metadata));
    auto report = run();
    const auto id = std::string("Resource:") + resource + ":REPLACE";
    EXPECT_NE(actionOf(*report, id), Action::Approve) << id;
    EXPECT_FALSE(report->acceptances[indexOf(*report, id)]) << id;
    bool warned = false;
    for (const auto& warning : report->warnings) {
      warned |= warning.message.find(resource == std::string("Archive") ? "never lifts a rejection"
                                                                        : "never lifts high risk") !=
                std::string::npos;
    }
    EXPECT_TRUE(warned) << id;
  }
}

TEST_F(Approvals, InlinePathsSelectTheirChanges) {
  const std::string metadata = "    Metadata:\n      c2a:\n        accept:\n"
                               "          - operation: UPDATE\n"
                               "            path: Properties.VisibilityTimeout\n"
                               "            reason: tuned to the load tests\n"
                               "          - operation: [REPLACE]\n"
                               "            path: Properties.Tags\n"
                               "            reason: not this one\n";
  write("before.yaml", withMetadata("Orders", metadata, kBefore));
  write("after.yaml", withMetadata("Orders", metadata));
  auto report = run();
  EXPECT_EQ(actionOf(*report, kTimeout), Action::Approve);
  EXPECT_EQ(actionOf(*report, kOrdersReplace), Action::None);  // caused by QueueName, not Tags
  EXPECT_EQ(actionOf(*report, kQueueName), Action::None);
}

// ---- baseline ----------------------------------------------------------------------------------

TEST_F(Approvals, TheBaselineAcceptsWhatItListsButNeverARejection) {
  auto first = run();
  write("baseline.json", baselineText(*first, std::nullopt));
  auto baseline = readBaselineFile(path("baseline.json"), std::nullopt, ReadLimits{});
  EXPECT_EQ(baseline.changes.size(), first->summary.review);  // the rejection is not written

  Json listed = Json::array();
  for (const auto& id : {kArchiveReplace, kTimeout, std::string("Resource:Gone:REPLACE")}) {
    auto digest = id == "Resource:Gone:REPLACE" ? "sha256:" + std::string(64, '0')
                                                 : first->diff.digests[indexOf(*first, id)];
    listed.push_back({{"id", id}, {"digest", digest}});
  }
  // A recorded value is the only one accepted: the queue's name at another value is not.
  listed.push_back({{"id", kQueueName}, {"digest", "sha256:" + std::string(64, 'c')}});
  write("with-rejection.json", Json{{"c2aBaseline", 2}, {"changes", listed}}.dump());
  AnalyzeOptions options;
  options.acceptance.baseline = readBaselineFile(path("with-rejection.json"), std::nullopt, ReadLimits{});
  auto report = run(options);
  EXPECT_EQ(actionOf(*report, kTimeout), Action::Approve);
  EXPECT_EQ(actionOf(*report, kArchiveReplace), Action::Reject);
  ASSERT_TRUE(report->baseline);
  EXPECT_EQ(report->baseline->listed, 4u);
  EXPECT_EQ(report->baseline->unused, 1u);
  EXPECT_EQ(report->baseline->accepted, (std::vector<std::string>{kTimeout}));
  ASSERT_EQ(report->baseline->refused.size(), 1u);
  EXPECT_EQ(report->baseline->refused[0].changeId, kArchiveReplace);
  ASSERT_EQ(report->baseline->changed.size(), 1u);
  EXPECT_EQ(report->baseline->changed[0].changeId, kQueueName);
  EXPECT_EQ(actionOf(*report, kQueueName), Action::None);

  // Rewriting keeps what the baseline still accepts.
  write("rewritten.json", baselineText(*report, std::nullopt));
  auto rewritten = readBaselineFile(path("rewritten.json"), std::nullopt, ReadLimits{});
  auto kept = ids(rewritten.changes);
  EXPECT_NE(std::find(kept.begin(), kept.end(), kTimeout), kept.end());

  write("old.json", "{\"c2aBaseline\": 1,\n \"changes\": [\"x\"]}");
  try {
    readBaselineFile(path("old.json"), std::nullopt, ReadLimits{});
    ADD_FAILURE() << "a version 1 baseline was read";
  } catch (const C2aError& error) {
    EXPECT_NE(error.diagnostic().message.find("--write-baseline"), std::string::npos);
  }
  write("bad.json", "{\"c2aBaseline\": 2,\n \"changes\": \"x\"}");
  try {
    readBaselineFile(path("bad.json"), std::nullopt, ReadLimits{});
    ADD_FAILURE();
  } catch (const C2aError& error) {
    EXPECT_EQ(error.diagnostic().where.line, 2);
  }
}

// ---- every format ------------------------------------------------------------------------------

TEST_F(Approvals, EveryFormatShowsApprovalsAcceptancesAndWhatDidNotApply) {
  const std::string metadata = "    Metadata:\n      c2a:\n        accept:\n"
                               "          - operation: UPDATE\n"
                               "            path: Properties.VisibilityTimeout\n"
                               "            reason: \"tuned <b>by</b> \\e[31m load tests\"\n";
  write("before.yaml", withMetadata("Orders", metadata, kBefore));
  write("after.yaml", withMetadata("Orders", metadata));
  AnalyzeOptions options;
  options.acceptance.approvals.push_back(approvals({kOrdersReplace, kQueueName}));
  options.acceptance.approvals.push_back(approvals({kOrdersReplace}));
  options.acceptance.approvals.back().changes[0].digest = "sha256:" + std::string(64, 'b');
  options.acceptance.approvals.back().file = path("old-approvals.json");
  options.failOn = FailOn::High;
  options.failOnGiven = true;
  auto report = run(options);
  for (const auto& format : reportFormats()) {
    SCOPED_TRACE(std::string(format.name));
    auto out = format.render(*report, RenderOptions{});
    EXPECT_NE(out.find("alice"), std::string::npos);
    EXPECT_NE(out.find("Reviewed in PR 42"), std::string::npos);
    EXPECT_NE(out.find("old-approvals.json"), std::string::npos);
    EXPECT_NE(out.find("tuned"), std::string::npos);
    EXPECT_NE(out.find("load tests"), std::string::npos);
    EXPECT_EQ(out.find("\x1b"), std::string::npos);  // a template's reason never colours
    // (Markdown shows the metadata's new value in a code span, where markup is literal text.)
    if (format.name == "html" || format.name == "junit") {
      EXPECT_EQ(out.find("<b>by</b>"), std::string::npos) << "raw markup from a template";
    }
    EXPECT_NE(out.find("Archive"), std::string::npos);  // what decided the verdict
    if (format.name != "json" && format.name != "sarif") {
      EXPECT_NE(out.find("Decided by 2 rejected changes: Archive replacement and Archive "
                         "Properties.BucketName changed"),
                std::string::npos);
      EXPECT_NE(out.find("fails on 2 changes"), std::string::npos);  // the gate
    }
  }
  auto sarif = Json::parse(findReportFormat("sarif")->render(*report, RenderOptions{}));
  std::size_t external = 0, inSource = 0;
  for (const auto& result : sarif["runs"][0]["results"]) {
    if (!result.contains("suppressions")) continue;
    const auto& suppression = result["suppressions"][0];
    EXPECT_EQ(suppression["status"], "accepted");
    EXPECT_FALSE(suppression["justification"].get<std::string>().empty());
    (suppression["kind"] == "external" ? external : inSource) += 1;
  }
  EXPECT_EQ(external, 2u);  // the queue's replacement and its cause, by alice's approval
  EXPECT_EQ(inSource, 1u);  // the timeout
  EXPECT_EQ(sarif["runs"][0]["properties"]["c2a"]["approvals"].size(), 2u);
  EXPECT_EQ(sarif["runs"][0]["properties"]["c2a"]["gate"]["failOn"], "high");
  auto json = Json::parse(findReportFormat("json")->render(*report, RenderOptions{}));
  EXPECT_EQ(json["approvals"][1]["applied"], false);
  EXPECT_EQ(json["decidedBy"], Json::array({kArchiveReplace, kBucketName}));
  EXPECT_EQ(json["gate"]["exitStatus"], 2);
}

TEST_F(Approvals, JunitSkipsWhatTheGateLetsThrough) {
  AnalyzeOptions options;
  options.failOn = FailOn::High;
  options.failOnGiven = true;
  auto report = run(options);
  RenderOptions render;
  auto junit = findReportFormat("junit")->render(*report, render);
  // Nothing waits at high risk: the review changes are skipped, the rejection fails.
  EXPECT_NE(junit.find("failures=\"2\" skipped=\"3\""), std::string::npos) << junit;
  render.reviewFails = false;
  junit = findReportFormat("junit")->render(*report, render);
  EXPECT_NE(junit.find("failures=\"2\" skipped=\"3\""), std::string::npos) << junit;
}

}  // namespace
}  // namespace c2a
