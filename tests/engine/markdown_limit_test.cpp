// A pull-request comment must fit GitHub's and GitLab's 65,536 characters: a larger report is cut
// at a component boundary, keeps its HTML balanced and says what it left out.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "engine/pipeline/analyze.h"
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

}  // namespace
}  // namespace c2a
