// JsonWriter writes what nlohmann's dump writes for the same tree, byte for byte, in the report's
// style and the fingerprint's: a report or a digest must not change because it is no longer
// built as a tree first (issue 27).
#include "model/json_writer.h"

#include <gtest/gtest.h>

#include <limits>
#include <string>

#include "tests/support/repository_files.h"

namespace c2a {
namespace {

std::string dumped(const Json& tree, JsonStyle style) {
  return style == JsonStyle::Report ? tree.dump(2, ' ', true, Json::error_handler_t::replace)
                                    : tree.dump(-1, ' ', false, Json::error_handler_t::replace);
}

std::string written(const Json& tree, JsonStyle style) {
  JsonWriter out(style);
  out.value(tree);
  return out.take();
}

void expectSameInBothStyles(const Json& tree) {
  for (auto style : {JsonStyle::Report, JsonStyle::Canonical}) {
    EXPECT_EQ(written(tree, style), dumped(tree, style))
        << (style == JsonStyle::Report ? "report" : "canonical") << " style of " << tree.dump();
  }
}

TEST(JsonWriter, ScalarsAndEmptyContainersAsDumpWritesThem) {
  for (const Json& tree : {Json(nullptr), Json(true), Json(false), Json(0), Json(-1), Json(42U),
                           Json(std::numeric_limits<std::int64_t>::min()),
                           Json(std::numeric_limits<std::uint64_t>::max()), Json(0.5), Json(-1e300),
                           Json(1.0), Json(3.14159), Json(""), Json::object(), Json::array()}) {
    expectSameInBothStyles(tree);
  }
}

TEST(JsonWriter, StringsThatNeedEscapesOrAreNotAscii) {
  const std::string texts[] = {
      "plain",
      "quote \" and backslash \\",
      "tab\there\nnewline\r\f\b",
      std::string("nul \0 inside", 12),
      "\x01\x1f control",
      "\x7f delete",
      "caf\xc3\xa9",                       // é
      "\xe2\x80\xae bidi override",        // U+202E
      "\xc2\x85 a C1 control",             // U+0085
      "\xf0\x9f\x98\x80 outside the BMP",  // a surrogate pair when escaped
      "bad \xff byte",                     // invalid UTF-8: replaced
      "cut \xe2\x80",                      // a sequence cut short at the end
      "\xe2\x28\xa1 a sequence broken in the middle",
      "\xc0\xaf overlong",
  };
  for (const auto& text : texts) {
    expectSameInBothStyles(Json(text));
    expectSameInBothStyles(Json::object({{text, text}}));  // names are escaped alike
  }
}

TEST(JsonWriter, NestingKeepsTheOrderOfMembers) {
  auto tree = Json::parse(R"({"z": 1, "a": [1, [], {}, [[]], {"b": {"c": [null, true, "x"]}}],
                              "m": {}, "e": [], "last": {"only": [0.25]}})");
  expectSameInBothStyles(tree);
  expectSameInBothStyles(Json::array({tree, tree}));
}

TEST(JsonWriter, WritingMemberByMemberIsWritingTheTree) {
  for (auto style : {JsonStyle::Report, JsonStyle::Canonical}) {
    JsonWriter out(style);
    out.beginObject();
    out.member("id", "c1");
    out.key("stack").textOrNull("");
    out.key("list").beginArray();
    out.value(1);
    out.beginObject();
    out.endObject();
    out.value(Json::parse(R"({"k": [1, 2]})"));
    out.endArray();
    out.member("empty", Json::array());
    out.member("flag", false);
    out.member("count", std::size_t{3});
    out.endObject();
    auto tree = Json::parse(
        R"({"id": "c1", "stack": null, "list": [1, {}, {"k": [1, 2]}], "empty": [],
            "flag": false, "count": 3})");
    EXPECT_EQ(out.text(), dumped(tree, style));
  }
}

// Every JSON file the tests and examples hold: the templates users write, CDK's output, reports.
TEST(JsonWriter, EveryJsonFileOfTheRepositoryWritesAsDumpDoes) {
  std::size_t written = 0;
  test::forEachRepositoryJsonFile([&](const std::string& file, const std::string& bytes) {
    auto tree = Json::parse(bytes, nullptr, /*allow_exceptions=*/false);
    if (tree.is_discarded()) return;  // the malformed inputs of error cases
    SCOPED_TRACE(file);
    expectSameInBothStyles(tree);
    ++written;
  });
  EXPECT_GT(written, 100U);
}

}  // namespace
}  // namespace c2a
