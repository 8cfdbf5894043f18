#include <gtest/gtest.h>

#include <iterator>
#include <string>

#include "model/error.h"
#include "readers/source_document.h"
#include "tests/platform-mapping/readers/reader_support.h"

namespace c2a {
namespace {

SourceDocument read(const std::string& text, const ReadLimits& limits = {}) {
  return readJson(text, "t.json", limits);
}

Diagnostic failure(const std::string& text, const ReadLimits& limits = {}) {
  return testing::readFailure(readJson, "t.json", text, limits);
}

using testing::where;

TEST(JsonReader, RecordsTheKeyPositionOfMembersAtEveryDepth) {
  auto doc = read(
      "{\n"
      "  \"Resources\": {\n"
      "    \"Bucket\": {\n"
      "      \"Type\": \"AWS::S3::Bucket\",\n"
      "      \"Properties\": {\n"
      "        \"Tags\": [\n"
      "          { \"Key\": \"a\", \"Value\": 1 },\n"
      "          {\"Key\":\"b\",\"Value\":[true, null, 2.5]}\n"
      "        ]\n"
      "      }\n"
      "    }\n"
      "  }\n"
      "}\n");
  EXPECT_EQ(where(doc, ""), "t.json:1:1");
  EXPECT_EQ(where(doc, "/Resources"), "t.json:2:3");
  EXPECT_EQ(where(doc, "/Resources/Bucket"), "t.json:3:5");
  EXPECT_EQ(where(doc, "/Resources/Bucket/Type"), "t.json:4:7");
  EXPECT_EQ(where(doc, "/Resources/Bucket/Properties/Tags"), "t.json:6:9");
  EXPECT_EQ(where(doc, "/Resources/Bucket/Properties/Tags/0"), "t.json:7:11");
  EXPECT_EQ(where(doc, "/Resources/Bucket/Properties/Tags/0/Key"), "t.json:7:13");
  EXPECT_EQ(where(doc, "/Resources/Bucket/Properties/Tags/0/Value"), "t.json:7:25");
  EXPECT_EQ(where(doc, "/Resources/Bucket/Properties/Tags/1/Value"), "t.json:8:22");
  EXPECT_EQ(where(doc, "/Resources/Bucket/Properties/Tags/1/Value/0"), "t.json:8:31");
  EXPECT_EQ(where(doc, "/Resources/Bucket/Properties/Tags/1/Value/1"), "t.json:8:37");
  EXPECT_EQ(where(doc, "/Resources/Bucket/Properties/Tags/1/Value/2"), "t.json:8:43");
  EXPECT_EQ(doc.root["Resources"]["Bucket"]["Properties"]["Tags"][1]["Value"],
            Json::parse("[true, null, 2.5]"));
}

TEST(JsonReader, KeepsKeyOrder) {
  auto doc = read(R"({"z": 1, "a": 2, "m": {"y": 1, "b": 2}})");
  EXPECT_EQ(doc.root.dump(), R"({"z":1,"a":2,"m":{"y":1,"b":2}})");
}

TEST(JsonReader, EscapesPointerSegmentsAndSkipsEscapedQuotes) {
  auto doc = read(R"({"a/b": {"c~d": "x\"y\\", "e": 1}})");
  EXPECT_EQ(where(doc, "/a~1b"), "t.json:1:2");
  EXPECT_EQ(where(doc, "/a~1b/c~0d"), "t.json:1:10");
  EXPECT_EQ(where(doc, "/a~1b/e"), "t.json:1:27");
}

TEST(JsonReader, CountsColumnsInCharactersNotBytes) {
  auto doc = read("{\"\xC3\xA9\": \"\xC3\xBC\", \"k\": 1}");
  EXPECT_EQ(where(doc, "/k"), "t.json:1:12");
}

TEST(JsonReader, LocatesValuesOnALongMinifiedLine) {
  std::string text = "[";
  for (int i = 0; i < 2000; ++i) text += i == 0 ? "10" : ",10";
  text += "]";
  auto doc = read(text);
  EXPECT_EQ(where(doc, "/0"), "t.json:1:2");
  EXPECT_EQ(where(doc, "/1999"), "t.json:1:" + std::to_string(2 + 1999 * 3));
}

TEST(JsonReader, CrLfLineEndsCountAsOneLine) {
  auto doc = read("{\r\n  \"a\": 1,\r\n  \"b\": 2\r\n}");
  EXPECT_EQ(where(doc, "/b"), "t.json:3:3");
}

TEST(JsonReader, KeepsIntegersAndFloatsApart) {
  auto doc = read(R"({"i": 5, "n": -3, "f": 2.5, "e": 1e3, "big": 18446744073709551615})");
  EXPECT_EQ(doc.root["i"].type(), Json::value_t::number_integer);
  EXPECT_EQ(doc.root["n"].type(), Json::value_t::number_integer);
  EXPECT_EQ(doc.root["f"].type(), Json::value_t::number_float);
  EXPECT_EQ(doc.root["e"].type(), Json::value_t::number_float);
  EXPECT_EQ(doc.root["big"].type(), Json::value_t::number_unsigned);
  EXPECT_EQ(doc.root["i"].get<int>(), 5);
}

TEST(JsonReader, MissingCommaIsLocatedAtTheTokenAfterIt) {
  auto error = failure(
      "{\n"
      "  \"a\": 1,\n"
      "  \"b\": 2\n"
      "    \"c\": 3\n"
      "}\n");
  EXPECT_EQ(error.kind, ErrorKind::InvalidInput);
  EXPECT_EQ(error.where.str(), "t.json:4:5");
  EXPECT_EQ(error.message,
            "syntax error while parsing object - unexpected string literal; expected '}' (is a "
            "',' missing before it?)");
}

TEST(JsonReader, MissingCommaInAnArrayOnLine3Column5) {
  auto error = failure("[\n  1,\n  2 3\n]");
  EXPECT_EQ(error.where.str(), "t.json:3:5");
  EXPECT_NE(error.message.find("unexpected number literal"), std::string::npos);
}

TEST(JsonReader, SyntaxErrorsAreLocatedWithoutNlohmannsPrefix) {
  auto trailing = failure("{\"a\": 1,}");
  EXPECT_EQ(trailing.where.str(), "t.json:1:9");
  EXPECT_EQ(trailing.message,
            "syntax error while parsing object key - unexpected '}'; expected string literal");

  auto truncated = failure("{\"a\": [1,\n");
  EXPECT_EQ(truncated.where.str(), "t.json:2:1");
  EXPECT_NE(truncated.message.find("unexpected end of input"), std::string::npos);
  EXPECT_EQ(truncated.message.find("[json.exception"), std::string::npos);
  EXPECT_EQ(truncated.message.find("parse error at"), std::string::npos);

  auto literal = failure("{\"a\":\n   tru}");
  EXPECT_EQ(literal.where.str(), "t.json:2:4");
  EXPECT_NE(literal.message.find("invalid literal"), std::string::npos);

  auto doubled = failure("[1,,2]");
  EXPECT_EQ(doubled.where.str(), "t.json:1:4");

  auto extra = failure("{}\n x");
  EXPECT_EQ(extra.where.str(), "t.json:2:2");

  auto control = failure("{\"a\": \"line\nbreak\"}");
  EXPECT_EQ(control.where.str(), "t.json:1:7");
  EXPECT_NE(control.message.find("control character"), std::string::npos);
}

TEST(JsonReader, CommaHintOnlyWhereAValueFollows) {
  EXPECT_EQ(failure("{\"a\": 1 : 2}").message,
            "syntax error while parsing object - unexpected ':'; expected '}'");
  EXPECT_NE(failure("[1 {}]").message.find("(is a ',' missing before it?)"), std::string::npos);
  EXPECT_NE(failure("[1 true]").message.find("(is a ',' missing before it?)"), std::string::npos);
}

TEST(JsonReader, MessagesQuotingInvalidUtf8StayValid) {
  auto error = failure("{\"a\": \"\xFF\"}");
  EXPECT_EQ(error.where.str(), "t.json:1:7");
  EXPECT_NE(error.message.find("ill-formed UTF-8"), std::string::npos);
  EXPECT_NE(error.message.find("\\xFF"), std::string::npos) << error.message;
  EXPECT_NO_THROW(Json(error.message).dump());
}

TEST(JsonReader, EmptyDocument) {
  EXPECT_EQ(failure("").message, "empty document");
  EXPECT_EQ(failure(" \n\t\r\n").message, "empty document");
  EXPECT_EQ(failure("\xEF\xBB\xBF").message, "empty document");
}

TEST(JsonReader, SkipsAByteOrderMark) {
  auto doc = read("\xEF\xBB\xBF{\"a\": 1}");
  EXPECT_EQ(doc.root, Json::parse(R"({"a": 1})"));
  EXPECT_EQ(where(doc, "/a"), "t.json:1:2");
}

TEST(JsonReader, DuplicateKeysKeepTheLastValueAndItsPosition) {
  auto doc = read("{\"a\": 1,\n \"b\": 2,\n \"a\": {\"x\": 3}}");
  EXPECT_EQ(doc.root.dump(), R"({"a":{"x":3},"b":2})");
  EXPECT_EQ(where(doc, "/a"), "t.json:3:2");
  EXPECT_EQ(where(doc, "/a/x"), "t.json:3:8");
}

TEST(JsonReader, DuplicateKeysInLargeObjects) {
  std::string text = "{";
  for (int i = 0; i < 100; ++i)
    text += "\"k" + std::to_string(i) + "\": " + std::to_string(i) + ", ";
  text += "\"k5\": \"five\", \"k90\": \"ninety\", \"new\": 1}";
  auto doc = read(text);
  EXPECT_EQ(doc.root.size(), 101u);
  EXPECT_EQ(doc.root["k5"], Json("five"));
  EXPECT_EQ(doc.root["k90"], Json("ninety"));
  EXPECT_EQ(doc.root.begin().key(), "k0");
  EXPECT_EQ(std::next(doc.root.begin(), 90).key(), "k90");
  EXPECT_EQ(std::prev(doc.root.end()).key(), "new");
}

TEST(JsonReader, NestingAtTheDepthLimitIsRead) {
  std::string text = std::string(128, '[') + std::string(128, ']');
  EXPECT_NO_THROW(read(text));
}

TEST(JsonReader, NestingBeyondTheDepthLimitFailsWhereItIsCrossed) {
  std::string text = "{\"a\":\n" + std::string(200, '[') + std::string(200, ']') + "}";
  auto error = failure(text);
  EXPECT_EQ(error.kind, ErrorKind::InvalidInput);
  EXPECT_EQ(error.where.str(), "t.json:2:128");  // the object is level 1, so level 129 is here
  EXPECT_EQ(error.message, "nesting deeper than 128 levels (--max-depth)");

  ReadLimits shallow;
  shallow.maxDepth = 2;
  EXPECT_NO_THROW(read("{\"a\": [1]}", shallow));
  EXPECT_EQ(failure("{\"a\": [[1]]}", shallow).where.str(), "t.json:1:8");
}

TEST(JsonReader, MoreValuesThanTheLimitFail) {
  ReadLimits limits;
  limits.maxNodes = 5;
  EXPECT_NO_THROW(read("[1, 2, 3, 4]", limits));  // the array and four numbers
  auto error = failure("[1, 2, 3, 4, 5]", limits);
  EXPECT_EQ(error.kind, ErrorKind::InvalidInput);
  EXPECT_EQ(error.where.str(), "t.json:1:14");
  EXPECT_EQ(error.message, "document has more than 5 values (--max-nodes)");
}

TEST(JsonReader, RootScalarsAreRead) {
  EXPECT_EQ(read("  42 ").root, Json(42));
  auto doc = read("\n  \"s\"");
  EXPECT_EQ(doc.root, Json("s"));
  EXPECT_EQ(where(doc, ""), "t.json:2:3");
}

}  // namespace
}  // namespace c2a
