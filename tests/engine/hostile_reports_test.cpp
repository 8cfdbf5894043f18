// Template text and rule descriptions are hostile until shown otherwise: every format shows the
// hostile case (tests/cases/report/hostile: <script>, <img onerror>, backticks, pipes, @mentions,
// links, ANSI escapes, newlines, a bell, bidi overrides) as text, never as markup or control.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "engine/pipeline/analyze.h"
#include "engine/pipeline/rule_loading.h"
#include "engine/report/report_format.h"
#include "tests/support/paths.h"

namespace c2a {
namespace {

const std::string kCase = std::string(C2A_SOURCE_DIR) + "/tests/cases/report/hostile/";

std::string render(std::string_view name) {
  auto loaded = loadRuleFiles({kCase + "rules.c2a"}, ReadLimits{});
  EXPECT_TRUE(loaded.problems.empty());
  AnalyzeOptions options;
  options.rules = &loaded.set;
  auto report = analyze(kCase + "before.json", kCase + "after.json", options);
  const auto* format = findReportFormat(name);
  if (format == nullptr) return "";
  return format->render(*report, RenderOptions{});
}

bool has(const std::string& text, std::string_view needle) {
  return text.find(needle) != std::string::npos;
}

TEST(HostileReports, NoFormatCarriesRawControlCharacters) {
  for (const auto& format : reportFormats()) {
    auto out = render(format.name);
    ASSERT_FALSE(out.empty()) << format.name;
    EXPECT_FALSE(has(out, "\x1b")) << format.name << ": an escape sequence would reach a terminal";
    EXPECT_FALSE(has(out, "\x07")) << format.name;
    EXPECT_FALSE(has(out, "\xE2\x80\xAE")) << format.name << ": a bidi override reorders text";
  }
}

TEST(HostileReports, TextEscapesNewlinesInsideValues) {
  auto out = render("text");
  EXPECT_FALSE(has(out, "\n# heading")) << "a value's newline must not start a line of its own";
  // The rule's description as written, then its id (derived: only letters, digits and `-`).
  EXPECT_TRUE(has(out,
                  "[REJECTED, high risk: Bucket <b>names</b> | `are` @risky [x](y) "
                  "[bucket-b-names-b-are-risky-x-y]]"))
      << out;
}

TEST(HostileReports, JsonKeepsTheValuesExactly) {
  auto json = Json::parse(render("json"));
  bool found = false;
  for (const auto& change : json["changes"]) {
    const auto& property = change["property"];
    if (property.is_object() && property["path"] == "Properties.BucketName") {
      found = true;
      EXPECT_EQ(property["new"].get<std::string>(),
                "<img src=x onerror=alert(1)>`\n# heading\n| x | y |admin\u202egnp.exe");
    }
  }
  EXPECT_TRUE(found);
}

TEST(HostileReports, HtmlShowsMarkupAsText) {
  auto out = render("html");
  if (out.empty()) GTEST_SKIP() << "no html format registered";
  EXPECT_FALSE(has(out, "<script>alert")) << "template text must not open a script";
  EXPECT_FALSE(has(out, "<script>window.__pwned")) << "template text must not open a script";
  EXPECT_FALSE(has(out, "<img src=x")) << "template text must not become an element";
  EXPECT_FALSE(has(out, "<b>names</b>")) << "rule descriptions are text too";
  EXPECT_TRUE(has(out, "&lt;script&gt;alert(1)&lt;/script&gt;"));
  EXPECT_TRUE(has(out, "Content-Security-Policy"));
  EXPECT_FALSE(has(out, "http://") && has(out, "src=\"http")) << "no external assets";
}

// Markdown outside code spans and fenced blocks: the part a host renders as markup.
std::string outsideCode(const std::string& markdown) {
  std::string out;
  std::size_t i = 0;
  while (i < markdown.size()) {
    if (markdown[i] != '`') {
      out += markdown[i++];
      continue;
    }
    // A run of N backticks opens code that the next run of exactly N backticks closes.
    std::size_t run = markdown.find_first_not_of('`', i) - i;
    std::string fence(run, '`');
    std::size_t close = i + run;
    while (true) {
      close = markdown.find(fence, close);
      if (close == std::string::npos) break;
      std::size_t after = close + run;
      if (after >= markdown.size() || markdown[after] != '`') break;
      close = markdown.find_first_not_of('`', after);
    }
    if (close == std::string::npos) return out + markdown.substr(i);  // unclosed: all text
    out += ' ';
    i = close + run;
  }
  return out;
}

TEST(HostileReports, MarkdownShowsMarkupAsText) {
  auto all = render("markdown");
  if (all.empty()) GTEST_SKIP() << "no markdown format registered";
  auto out = outsideCode(all);
  EXPECT_FALSE(has(out, "<script>")) << "raw HTML would be rendered by some hosts";
  EXPECT_FALSE(has(out, "<img src=x"));
  EXPECT_FALSE(has(out, "</details><script>"));
  EXPECT_FALSE(has(out, " @octocat")) << "a mention would notify a stranger";
  EXPECT_FALSE(has(out, " @here"));
  EXPECT_FALSE(has(out, "[link](http://evil.example)")) << "a link must not be live";
}

TEST(HostileReports, XmlFormatsAreWellFormedText) {
  auto junit = render("junit");
  if (!junit.empty()) {
    EXPECT_FALSE(has(junit, "<script>"));
    EXPECT_FALSE(has(junit, "<img src=x"));
    EXPECT_TRUE(has(junit, "&lt;script&gt;"));
  }
  auto sarif = render("sarif");
  if (!sarif.empty()) {
    EXPECT_TRUE(Json::accept(sarif));
  }
}

// Characters a reviewer cannot see (U+200B ZERO WIDTH SPACE, U+2060 WORD JOINER, U+FEFF, a tag
// character) make a changed value read like the old one. Every format shows them escaped, so the
// change is visible wherever it is read.
TEST(HostileReports, InvisibleCharactersAreShownInEveryFormat) {
  namespace fs = std::filesystem;
  auto dir = fs::temp_directory_path() / ("c2a-invisible-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  auto policy = [](const std::string& ip) {
    return R"({"Resources": {"Policy": {"Type": "AWS::IAM::ManagedPolicy", "Properties": {
      "PolicyDocument": {"Version": "2012-10-17", "Statement": [{"Effect": "Deny",
        "Action": "*", "Resource": "*", "Condition": {"NotIpAddress": {"aws:SourceIp": ")" +
           ip + R"("}}}]}}}}})";
  };
  std::ofstream(dir / "before.json") << policy("10.0.0.0/8");
  // Each invisible character in its own run: U+200B, U+2060, U+FEFF, U+E0041 (TAG LATIN A).
  struct Hidden {
    std::string raw, shown, json;  // the bytes, as the terminal shows them, as JSON escapes them
  };
  const std::vector<Hidden> hidden{{"\xE2\x80\x8B", "\\u200b", "\\u200b"},
                                   {"\xE2\x81\xA0", "\\u2060", "\\u2060"},
                                   {"\xEF\xBB\xBF", "\\ufeff", "\\ufeff"},
                                   {"\xF3\xA0\x81\x81", "\\U000e0041", "\\udb40\\udc41"}};
  for (const auto& [raw, shown, json] : hidden) {
    std::ofstream(dir / "after.json") << policy("10.0.0.0/8" + raw);
    auto report = analyze((dir / "before.json").string(), (dir / "after.json").string(), {});
    for (const auto& format : reportFormats()) {
      auto out = format.render(*report, RenderOptions{});
      EXPECT_FALSE(has(out, raw)) << format.name << " carries " << shown << " unescaped";
      // Markdown writes the backslash as a reference; SARIF's JSON escapes the backslash.
      bool visible = has(out, shown) || has(out, "&#92;" + shown.substr(1)) ||
                     has(out, "\\" + shown) || (format.name == std::string_view("json") && has(out, json));
      // GitHub annotations name the change's path, not its values.
      if (format.name != std::string_view("github")) {
        EXPECT_TRUE(visible) << format.name << " does not show " << shown;
      }
    }
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace c2a
