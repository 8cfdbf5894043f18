// A pull-request comment must fit GitHub's and GitLab's 65,536 characters: a larger report is cut
// at a component boundary, keeps its HTML balanced and says what it left out.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "engine/pipeline/analyze.h"
#include "engine/pipeline/rule_loading.h"
#include "engine/report/report_format.h"

namespace c2a {
namespace {

namespace fs = std::filesystem;

std::size_t count(const std::string& text, std::string_view needle) {
  std::size_t n = 0;
  for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
  return n;
}

TEST(MarkdownLimit, ALargeReportIsCutGracefully) {
  auto dir = fs::temp_directory_path() / ("c2a-md-limit-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  Json before = {{"Resources", Json::object()}};
  Json after = {{"Resources", Json::object()}};
  for (int i = 0; i < 600; ++i) {
    auto name = "Topic" + std::to_string(i);
    before["Resources"][name] = {{"Type", "AWS::SNS::Topic"},
                                 {"Properties", {{"DisplayName", std::string(120, 'a')}}}};
    after["Resources"][name] = {{"Type", "AWS::SNS::Topic"},
                                {"Properties", {{"DisplayName", std::string(120, 'b')}}}};
  }
  std::ofstream(dir / "before.json") << before.dump();
  std::ofstream(dir / "after.json") << after.dump();
  auto report = analyze((dir / "before.json").string(), (dir / "after.json").string(), {});
  ASSERT_EQ(report->diff.operations.size(), 600u);
  auto markdown = findReportFormat("markdown")->render(*report, RenderOptions{});
  EXPECT_LE(markdown.size(), 65536u);
  EXPECT_GT(markdown.size(), 30000u) << "cut far too early";
  EXPECT_NE(markdown.find("Truncated"), std::string::npos);
  EXPECT_NE(markdown.find("of 600 changes"), std::string::npos);
  EXPECT_EQ(count(markdown, "<details"), count(markdown, "</details>"));
  // The verdict still comes first, after the comment's hidden marker.
  EXPECT_EQ(markdown.rfind("<!-- c2a:report ", 0), 0u) << markdown.substr(0, 80);
  EXPECT_EQ(markdown.find("\n## Verdict: REVIEW"), markdown.find('\n')) << markdown.substr(0, 80);
  fs::remove_all(dir);
}

// The cut never drops what the gate holds: grouped by component, 600 approved changes come first
// in the tree's order and a change waiting for a person last, beyond the limit. The comment shows that change, and
// the notice says what it left out (approved changes only).
TEST(MarkdownLimit, TheCutNeverDropsAChangeThatWaitsForAPerson) {
  auto dir = fs::temp_directory_path() / ("c2a-md-held-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  Json before = {{"Resources", Json::object()}};
  Json after = {{"Resources", Json::object()}};
  for (int i = 0; i < 600; ++i) {
    auto name = "Topic" + std::to_string(1000 + i);
    before["Resources"][name] = {{"Type", "AWS::SNS::Topic"},
                                 {"Properties", {{"DisplayName", std::string(120, 'a')}}}};
    after["Resources"][name] = {{"Type", "AWS::SNS::Topic"},
                                {"Properties", {{"DisplayName", std::string(120, 'b')}}}};
  }
  before["Resources"]["ZzAuditQueue"] = {{"Type", "AWS::SQS::Queue"},
                                         {"Properties", {{"MessageRetentionPeriod", 1209600}}}};
  after["Resources"]["ZzAuditQueue"] = {{"Type", "AWS::SQS::Queue"},
                                        {"Properties", {{"MessageRetentionPeriod", 60}}}};
  std::ofstream(dir / "before.json") << before.dump();
  std::ofstream(dir / "after.json") << after.dump();
  std::ofstream(dir / "rules.c2a") << R"(rule "Topic display names are cosmetic" {
  let change = change { type: "UPDATE" }
  where change.component.subtype == "AWS::SNS::Topic" and change.path == "Properties.DisplayName"
  effect risk = low, action = approve
})";
  auto loaded = loadRuleFiles({(dir / "rules.c2a").string()}, ReadLimits{});
  ASSERT_TRUE(loaded.problems.empty());
  AnalyzeOptions options;
  options.rules = &loaded.set;
  options.groupBy = {"component"};
  auto report = analyze((dir / "before.json").string(), (dir / "after.json").string(), options);
  ASSERT_EQ(report->diff.operations.size(), 601u);
  auto markdown = findReportFormat("markdown")->render(*report, RenderOptions{});
  EXPECT_LE(markdown.size(), 65536u);
  EXPECT_NE(markdown.find("ZzAuditQueue"), std::string::npos) << "the held change was cut";
  EXPECT_NE(markdown.find("MessageRetentionPeriod"), std::string::npos);
  std::string prose = markdown;  // the notice is a paragraph wrapped at the prose width
  std::replace(prose.begin(), prose.end(), '\n', ' ');
  EXPECT_NE(prose.find("Every change that waits for a person comes first"), std::string::npos);
  EXPECT_NE(prose.find("Left out: 600 changes approved."), std::string::npos);
  EXPECT_EQ(prose.find("waiting for a person, which"), std::string::npos)
      << "no held change is left out";
  EXPECT_EQ(count(markdown, "<details"), count(markdown, "</details>"));
  EXPECT_EQ(markdown.find("\n## Verdict: REVIEW"), markdown.find('\n')) << markdown.substr(0, 80);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace c2a
