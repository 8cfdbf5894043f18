// The one-pass JSON reader against nlohmann's, which it stands in for: on well-formed text the same
// tree (types, values, key order) and the same position for every value; on malformed text it
// gives up, and readJson's message is nlohmann's.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "readers/json_readers.h"
#include "readers/reading_comparison.h"
#include "readers/source_positions.h"
#include "tests/platform-mapping/readers/reader_support.h"
#include "tests/support/paths.h"
#include "tests/support/repository_files.h"

namespace c2a {
namespace {

void expectSameReading(const std::string& text, const std::string& file = "t.json") {
  SCOPED_TRACE(text.substr(0, 200));
  auto onePass = readJsonOnePass(text, file, ReadLimits{});
  ASSERT_TRUE(onePass.has_value()) << "the one pass refused it";
  auto other = readJsonWithMessages(text, file, ReadLimits{});
  auto difference = firstDifference(*onePass, other);
  EXPECT_FALSE(difference.has_value()) << *difference;
}

TEST(JsonOnePass, ReadsWhatNlohmannReadsTheSameWay) {
  for (
      const std::string text : {
          R"({})",
          R"([])",
          R"("top")",
          R"(  42  )",
          "{\n  \"a\" : [ 1 , -2 , 3.5 , -0 , 0.0 , 1e3 , 1E-2 , -1.5e+10 ] ,\n \"b\":{}}\n",
          R"({"big": 18446744073709551615, "over": 18446744073709551616, "min": -9223372036854775808})",
          R"({"below": -9223372036854775809, "max": 9223372036854775807, "tiny": 5e-324})",
          R"({"e": "\"\\\/\b\f\n\r\t", "u": "\u00e9\u4e2d\uD83D\uDE00\u0000x"})",
          "{\"\xC3\xA9\xE4\xB8\xAD\": \"\xF0\x9F\x98\x80 \xE2\x80\x8D\", \"k\": [1,\n  "
          "\"\xC3\xBC\", 2]}",
          R"({"dup": 1, "x": 2, "dup": {"later": true}})",
          "{\r\n  \"crlf\": [true,\r\n false, null]\r\n}",
          "[[[[[]]]], {\"a\": [{}]}]",
          "{\"t\":\ttrue}",
      }) {
    expectSameReading(text);
  }
}

TEST(JsonOnePass, LargeObjectsWithDuplicateKeys) {
  std::string text = "{";
  for (int i = 0; i < 100; ++i)
    text += "\"k" + std::to_string(i % 60) + "\": " + std::to_string(i) + ",\n";
  text += "\"end\": [";
  for (int i = 0; i < 100; ++i) text += (i == 0 ? "" : ",") + std::to_string(i);
  text += "]}";
  expectSameReading(text);
}

TEST(JsonOnePass, GivesUpOnMalformedText) {
  for (const std::string text : {
           "{\"a\": 1,}",
           "[1,,2]",
           "[1 2]",
           "{\"a\" 1}",
           "{a: 1}",
           "{\"a\": tru}",
           "[01]",
           "[1.]",
           "[.5]",
           "[-]",
           "[1e]",
           "[+1]",
           "{} x",
           "{\"a\": \"line\nbreak\"}",
           "[\"\\x\"]",
           "[\"\\u12G4\"]",
           "[\"\\uDC00\"]",
           "[\"\\uD800\"]",
           "[\"\\uD800\\u0041\"]",
           "[\"\xFF\"]",
           "[\"\xC0\xAF\"]",
           "[\"\xE0\x80\xAF\"]",
           "[\"\xED\xA0\x80\"]",
           "[\"\xF4\x90\x80\x80\"]",
           "[\"\xC3\"]",
           "[\"open",
           "{\"a\": [1,\n",
           "[1e999]",
           "[NaN]",
           "[Infinity]",
           "'a'",
       }) {
    SCOPED_TRACE(text);
    EXPECT_FALSE(readJsonOnePass(text, "t.json", ReadLimits{}).has_value());
  }
  EXPECT_FALSE(readJsonOnePass(std::string("[1]\0", 4), "t.json", ReadLimits{}).has_value());
}

TEST(JsonOnePass, MalformedTextGetsNlohmannsLocatedMessage) {
  std::string text = "{\n  \"a\": [1,\n  2 3]\n}";
  auto error = testing::readFailure(readJson, "t.json", text, ReadLimits{});
  auto expected = testing::readFailure(readJsonWithMessages, "t.json", text, ReadLimits{});
  EXPECT_EQ(error.where.str(), "t.json:3:5");
  EXPECT_EQ(error.where.str(), expected.where.str());
  EXPECT_EQ(error.message, expected.message);
}

TEST(JsonOnePass, WhatItRefusesAndNlohmannReadsIsStillRead) {
  // A number that underflows to zero: from_chars calls it out of range, nlohmann reads 0.
  auto document = readJson("{\"a\": 1e-400}", "t.json", ReadLimits{});
  EXPECT_TRUE(document.root["a"].is_number_float());
}

TEST(JsonOnePass, LimitsFailWhereTheOtherReaderFails) {
  ReadLimits shallow;
  shallow.maxDepth = 2;
  ReadLimits few;
  few.maxNodes = 3;
  for (const auto& [text, limits] : std::vector<std::pair<std::string, ReadLimits>>{
           {"{\n  \"a\": [[1]]}", shallow}, {"{\"a\": 1,\n \"b\": [2, 3]}", few}}) {
    SCOPED_TRACE(text);
    auto error =
        testing::readFailure([](std::string_view t, const std::string& f,
                                const ReadLimits& l) { return readJsonOnePass(t, f, l).value(); },
                             "t.json", text, limits);
    auto expected = testing::readFailure(readJsonWithMessages, "t.json", text, limits);
    EXPECT_EQ(error.where.str(), expected.where.str());
    EXPECT_EQ(error.message, expected.message);
  }
}

// Every JSON file the tests and examples hold: the templates users write, CDK's output.
TEST(JsonOnePass, EveryJsonFileOfTheRepositoryReadsTheSameWay) {
  std::size_t read = 0;
  test::forEachRepositoryJsonFile([&](const std::string& file, const std::string& whole) {
    std::string_view text = withoutByteOrderMark(whole);  // as readJson hands them the body
    auto onePass = readJsonOnePass(text, file, ReadLimits{});
    std::optional<SourceDocument> other;
    try {
      other = readJsonWithMessages(text, file, ReadLimits{});
    } catch (const C2aError&) {
    }
    SCOPED_TRACE(file);
    ASSERT_EQ(onePass.has_value(), other.has_value());
    if (!onePass) return;
    auto difference = firstDifference(*onePass, *other);
    EXPECT_FALSE(difference.has_value()) << *difference;
    ++read;
  });
  EXPECT_GT(read, 100U);
}

}  // namespace
}  // namespace c2a
