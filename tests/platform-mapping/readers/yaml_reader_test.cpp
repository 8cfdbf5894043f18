#include <gtest/gtest.h>

#include <cmath>
#include <iterator>
#include <string>

#include "model/error.h"
#include "readers/source_document.h"
#include "tests/platform-mapping/readers/reader_support.h"

namespace c2a {
namespace {

SourceDocument read(const std::string& text, const ReadLimits& limits = {}) {
  return readYaml(text, "t.yaml", limits);
}

/// The value of `v` in the one-member document `v: <yaml>`.
Json valueOf(const std::string& yaml) {
  return read("v: " + yaml + "\n").root["v"];
}

Diagnostic failure(const std::string& text, const ReadLimits& limits = {}) {
  return testing::readFailure(readYaml, "t.yaml", text, limits);
}

using testing::where;

TEST(YamlReader, RecordsTheKeyPositionOfMembersAtEveryDepth) {
  auto doc = read(
      "Resources:\n"
      "  Bucket:\n"
      "    Type: AWS::S3::Bucket\n"
      "    Properties:\n"
      "      Tags:\n"
      "        - Key: a\n"
      "          Value: [x, {k: 1}]\n"
      "        -   Key: b\n");
  EXPECT_EQ(where(doc, ""), "t.yaml:1:1");
  EXPECT_EQ(where(doc, "/Resources"), "t.yaml:1:1");
  EXPECT_EQ(where(doc, "/Resources/Bucket"), "t.yaml:2:3");
  EXPECT_EQ(where(doc, "/Resources/Bucket/Type"), "t.yaml:3:5");
  EXPECT_EQ(where(doc, "/Resources/Bucket/Properties/Tags"), "t.yaml:5:7");
  // A block mapping starts at its first key (yaml-cpp's mark), not at the `-` before it.
  EXPECT_EQ(where(doc, "/Resources/Bucket/Properties/Tags/0"), "t.yaml:6:11");
  EXPECT_EQ(where(doc, "/Resources/Bucket/Properties/Tags/0/Key"), "t.yaml:6:11");
  EXPECT_EQ(where(doc, "/Resources/Bucket/Properties/Tags/0/Value"), "t.yaml:7:11");
  EXPECT_EQ(where(doc, "/Resources/Bucket/Properties/Tags/0/Value/0"), "t.yaml:7:19");
  EXPECT_EQ(where(doc, "/Resources/Bucket/Properties/Tags/0/Value/1"), "t.yaml:7:22");
  EXPECT_EQ(where(doc, "/Resources/Bucket/Properties/Tags/0/Value/1/k"), "t.yaml:7:23");
  EXPECT_EQ(where(doc, "/Resources/Bucket/Properties/Tags/1/Key"), "t.yaml:8:13");
}

TEST(YamlReader, KeepsKeyOrder) {
  auto doc = read("z: 1\na: 2\nm: {y: 1, b: 2}\n");
  EXPECT_EQ(doc.root.dump(), R"({"z":1,"a":2,"m":{"y":1,"b":2}})");
}

TEST(YamlReader, EscapesPointerSegmentsAndCountsColumnsInCharacters) {
  auto doc = read("a/b:\n  c~d: 1\n\"\xC3\xA9\": {k: 2}\n");
  EXPECT_EQ(where(doc, "/a~1b/c~0d"), "t.yaml:2:3");
  EXPECT_EQ(where(doc, "/\xC3\xA9/k"), "t.yaml:3:7");
}

TEST(YamlReader, CoreSchemaScalars) {
  EXPECT_EQ(valueOf("123"), Json(123));
  EXPECT_EQ(valueOf("123").type(), Json::value_t::number_integer);
  EXPECT_EQ(valueOf("\"123\""), Json("123"));
  EXPECT_EQ(valueOf("'123'"), Json("123"));
  EXPECT_EQ(valueOf("-7"), Json(-7));
  EXPECT_EQ(valueOf("+7"), Json(7));
  EXPECT_EQ(valueOf("0"), Json(0));
  EXPECT_EQ(valueOf("0x1F"), Json(31));
  EXPECT_EQ(valueOf("0o17"), Json(15));
  EXPECT_EQ(valueOf("9223372036854775807"), Json(INT64_MAX));
  EXPECT_EQ(valueOf("-9223372036854775808"), Json(INT64_MIN));
  EXPECT_EQ(valueOf("9223372036854775808"), Json("9223372036854775808"));
  EXPECT_EQ(valueOf("0x"), Json("0x"));
  EXPECT_EQ(valueOf("1_000"), Json("1_000"));

  EXPECT_EQ(valueOf("1.5"), Json(1.5));
  EXPECT_EQ(valueOf("1.5").type(), Json::value_t::number_float);
  EXPECT_EQ(valueOf("1e3"), Json(1000.0));
  EXPECT_EQ(valueOf("1e3").type(), Json::value_t::number_float);
  EXPECT_EQ(valueOf("-.5"), Json(-0.5));
  EXPECT_EQ(valueOf("2."), Json(2.0));
  EXPECT_EQ(valueOf(".inf"), Json(INFINITY));
  EXPECT_EQ(valueOf("-.Inf"), Json(-INFINITY));
  EXPECT_TRUE(std::isnan(valueOf(".NaN").get<double>()));
  EXPECT_EQ(valueOf("1e999"), Json("1e999"));

  for (const char* yes : {"true", "True", "TRUE"}) EXPECT_EQ(valueOf(yes), Json(true)) << yes;
  for (const char* no : {"false", "False", "FALSE"}) EXPECT_EQ(valueOf(no), Json(false)) << no;
  for (const char* null : {"null", "Null", "NULL", "~", ""}) {
    EXPECT_EQ(valueOf(null), Json(nullptr)) << null;
  }
  // YAML 1.1 booleans are plain words in 1.2, as CloudFormation reads them.
  for (const char* word : {"yes", "no", "on", "off", "y", "n", "Yes", "OFF", "tRUE"}) {
    EXPECT_EQ(valueOf(word), Json(word)) << word;
  }
  EXPECT_EQ(valueOf("\"true\""), Json("true"));
  EXPECT_EQ(valueOf("'null'"), Json("null"));
}

TEST(YamlReader, LeadingZerosAndVersionsStayStrings) {
  EXPECT_EQ(valueOf("0123"), Json("0123"));
  EXPECT_EQ(valueOf("012345678901"), Json("012345678901"));  // an account id
  EXPECT_EQ(valueOf("-012"), Json("-012"));
  EXPECT_EQ(valueOf("00.5"), Json("00.5"));
  EXPECT_EQ(valueOf("0.5"), Json(0.5));
  EXPECT_EQ(valueOf("1.0.0"), Json("1.0.0"));
  EXPECT_EQ(valueOf("2010-09-09"), Json("2010-09-09"));
  EXPECT_EQ(valueOf("10.0.0.0/16"), Json("10.0.0.0/16"));
}

TEST(YamlReader, StandardTagsKeepTheirMeaning) {
  EXPECT_EQ(valueOf("!!str 123"), Json("123"));
  EXPECT_EQ(valueOf("!!str true"), Json("true"));
  EXPECT_EQ(valueOf("!!int \"42\""), Json(42));
  EXPECT_EQ(valueOf("!!float 1"), Json(1.0));
  EXPECT_EQ(valueOf("!!float 1").type(), Json::value_t::number_float);
  EXPECT_EQ(valueOf("!!bool 'true'"), Json(true));
  EXPECT_EQ(valueOf("!!null null"), Json(nullptr));
  EXPECT_EQ(valueOf("!!map {a: 1}"), Json::parse(R"({"a": 1})"));
  EXPECT_EQ(valueOf("!!seq [1]"), Json::parse("[1]"));
  EXPECT_EQ(valueOf("!!int abc"), Json("abc"));
}

TEST(YamlReader, UnknownTagsAreReadAsIfUntagged) {
  EXPECT_EQ(valueOf("!Foo bar"), Json("bar"));
  EXPECT_EQ(valueOf("!Foo 12"), Json(12));
  EXPECT_EQ(valueOf("!Foo [1, a]"), Json::parse(R"([1, "a"])"));
  EXPECT_EQ(valueOf("!Foo {a: 1}"), Json::parse(R"({"a": 1})"));
  EXPECT_EQ(valueOf("!<tag:example.com,2000:x> 1"), Json(1));
}

TEST(YamlReader, RefConditionAndGetAtt) {
  EXPECT_EQ(valueOf("!Ref Bucket"), Json::parse(R"({"Ref": "Bucket"})"));
  EXPECT_EQ(valueOf("!Ref 123"), Json::parse(R"({"Ref": "123"})"));
  EXPECT_EQ(valueOf("!Condition IsProd"), Json::parse(R"({"Condition": "IsProd"})"));
  EXPECT_EQ(valueOf("!GetAtt Bucket.Arn"), Json::parse(R"({"Fn::GetAtt": ["Bucket", "Arn"]})"));
  EXPECT_EQ(valueOf("!GetAtt Db.Endpoint.Address"),
            Json::parse(R"({"Fn::GetAtt": ["Db", "Endpoint.Address"]})"));
  EXPECT_EQ(valueOf("!GetAtt [Db, Endpoint.Address]"),
            Json::parse(R"({"Fn::GetAtt": ["Db", "Endpoint.Address"]})"));
  EXPECT_EQ(valueOf("!GetAtt\n  - Bucket\n  - Arn"),
            Json::parse(R"({"Fn::GetAtt": ["Bucket", "Arn"]})"));
  EXPECT_EQ(valueOf("!GetAtt Lonely"), Json::parse(R"({"Fn::GetAtt": "Lonely"})"));
}

TEST(YamlReader, EveryFunctionTagBecomesItsLongForm) {
  struct Case {
    const char* yaml;
    const char* json;
  };
  const Case cases[] = {
      {"!Sub 'arn:${AWS::Partition}:s3:::${B}'",
       R"({"Fn::Sub": "arn:${AWS::Partition}:s3:::${B}"})"},
      {"!Sub ['${A}-x', {A: !Ref P}]", R"({"Fn::Sub": ["${A}-x", {"A": {"Ref": "P"}}]})"},
      {"!Join [',', [a, b]]", R"({"Fn::Join": [",", ["a", "b"]]})"},
      {"!If [C, 1, !Ref AWS::NoValue]", R"({"Fn::If": ["C", 1, {"Ref": "AWS::NoValue"}]})"},
      {"!Equals [!Ref E, prod]", R"({"Fn::Equals": [{"Ref": "E"}, "prod"]})"},
      {"!FindInMap [M, !Ref AWS::Region, Ami]",
       R"({"Fn::FindInMap": ["M", {"Ref": "AWS::Region"}, "Ami"]})"},
      {"!ImportValue shared-vpc", R"({"Fn::ImportValue": "shared-vpc"})"},
      {"!ImportValue {'Fn::Sub': '${S}-vpc'}", R"({"Fn::ImportValue": {"Fn::Sub": "${S}-vpc"}})"},
      {"!Select [0, !GetAZs '']", R"({"Fn::Select": [0, {"Fn::GetAZs": ""}]})"},
      {"!Select [1, !GetAZs ]", R"({"Fn::Select": [1, {"Fn::GetAZs": ""}]})"},
      {"!Split [',', !ImportValue list]", R"({"Fn::Split": [",", {"Fn::ImportValue": "list"}]})"},
      {"!Base64 '#!/bin/bash'", R"({"Fn::Base64": "#!/bin/bash"})"},
      {"!Cidr [10.0.0.0/16, 6, 5]", R"({"Fn::Cidr": ["10.0.0.0/16", 6, 5]})"},
      {"!GetAZs us-east-1", R"({"Fn::GetAZs": "us-east-1"})"},
      {"!And [!Condition A, !Not [!Condition B]]",
       R"({"Fn::And": [{"Condition": "A"}, {"Fn::Not": [{"Condition": "B"}]}]})"},
      {"!Or [!Equals [a, b], !Condition C]",
       R"({"Fn::Or": [{"Fn::Equals": ["a", "b"]}, {"Condition": "C"}]})"},
      {"!Transform {Name: AWS::Include, Parameters: {Location: s3://b/k}}",
       R"({"Fn::Transform": {"Name": "AWS::Include", "Parameters": {"Location": "s3://b/k"}}})"},
      {"!Length [a, b]", R"({"Fn::Length": ["a", "b"]})"},
      {"!ToJsonString {a: 1}", R"({"Fn::ToJsonString": {"a": 1}})"},
  };
  for (const auto& c : cases) EXPECT_EQ(valueOf(c.yaml), Json::parse(c.json)) << c.yaml;
}

TEST(YamlReader, NestedTagsInBlockForm) {
  auto v = valueOf(
      "\n"
      "  !Join\n"
      "    - ''\n"
      "    - - !Ref A\n"
      "      - !GetAtt B.Arn\n"
      "      - !Sub\n"
      "        - '${X}'\n"
      "        - X: !Select [0, !Split ['/', !Ref C]]\n");
  EXPECT_EQ(v, Json::parse(R"({"Fn::Join": ["", [{"Ref": "A"}, {"Fn::GetAtt": ["B", "Arn"]},
      {"Fn::Sub": ["${X}", {"X": {"Fn::Select": [0, {"Fn::Split": ["/", {"Ref": "C"}]}]}}]}]]})"));
}

TEST(YamlReader, TaggedValuesAreLocated) {
  auto doc = read(
      "Bucket: !Ref Name\n"
      "Parts: !Join\n"
      "  - '-'\n"
      "  - [a, !GetAtt X.Y]\n");
  EXPECT_EQ(where(doc, "/Bucket"), "t.yaml:1:1");
  EXPECT_EQ(where(doc, "/Bucket/Ref"), "t.yaml:1:9");
  EXPECT_EQ(where(doc, "/Parts"), "t.yaml:2:1");
  EXPECT_EQ(where(doc, "/Parts/Fn::Join"), "t.yaml:2:8");
  EXPECT_EQ(where(doc, "/Parts/Fn::Join/0"), "t.yaml:3:5");
  EXPECT_EQ(where(doc, "/Parts/Fn::Join/1/1"), "t.yaml:4:9");
  EXPECT_EQ(where(doc, "/Parts/Fn::Join/1/1/Fn::GetAtt"), "t.yaml:4:9");
}

TEST(YamlReader, AnchorsAndAliasesCopyTheValue) {
  auto doc = read("a: &x {k: [1, !Ref R]}\nb: *x\nc: &s text\nd: *s\n");
  EXPECT_EQ(doc.root["b"], doc.root["a"]);
  EXPECT_EQ(doc.root["d"], Json("text"));
  EXPECT_EQ(where(doc, "/b"), "t.yaml:2:1");
  EXPECT_EQ(where(doc, "/b/k/0"), "t.yaml:2:1");  // copied values point at the alias
}

TEST(YamlReader, MergeKeysAddMembersNotAlreadyPresent) {
  auto doc = read(
      "base: &base {Runtime: python3.12, Timeout: 30, MemorySize: 128}\n"
      "extra: &extra {Timeout: 60, Tracing: Active}\n"
      "fn:\n"
      "  Handler: index.handler\n"
      "  Timeout: 10\n"
      "  <<: [*base, *extra]\n"
      "inline:\n"
      "  <<: {a: 1, b: 2}\n"
      "  b: 3\n"
      "quoted:\n"
      "  '<<': 1\n");
  EXPECT_EQ(doc.root["fn"].dump(),
            R"({"Handler":"index.handler","Timeout":10,"Runtime":"python3.12","MemorySize":128,)"
            R"("Tracing":"Active"})");
  EXPECT_EQ(doc.root["inline"].dump(), R"({"b":3,"a":1})");
  EXPECT_EQ(doc.root["quoted"].dump(), R"({"<<":1})");
  EXPECT_EQ(where(doc, "/fn/Timeout"), "t.yaml:5:3");
  EXPECT_EQ(where(doc, "/fn/Runtime"), "t.yaml:6:3");
  EXPECT_EQ(where(doc, "/inline/b"), "t.yaml:9:3");
}

TEST(YamlReader, MergeKeyNeedsMappings) {
  auto error = failure("a:\n  <<: [1, 2]\n");
  EXPECT_EQ(error.where.str(), "t.yaml:2:3");
  EXPECT_EQ(error.message, "a merge key (<<) takes a mapping or a list of mappings");
}

TEST(YamlReader, BillionLaughsFailsAtTheValueLimit) {
  std::string text = "l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n";
  for (int level = 1; level <= 9; ++level) {
    std::string name = "l";
    name += std::to_string(level);
    text += name + ": &" + name + " [";
    for (int i = 0; i < 9; ++i) {
      if (i > 0) text += ", ";
      text += "*l";
      text += std::to_string(level - 1);
    }
    text += "]\n";
  }
  ReadLimits limits;
  limits.maxNodes = 100'000;
  auto error = failure(text, limits);
  EXPECT_EQ(error.kind, ErrorKind::InvalidInput);
  EXPECT_EQ(error.message,
            "document expands to more than 100000 values (YAML aliases; --max-nodes)");
  EXPECT_EQ(error.where.line, 6);  // l5 holds 9^6 values: the first level over the limit
  // With the default limit it fails too, without exhausting memory first.
  EXPECT_NE(failure(text).message.find("--max-nodes"), std::string::npos);
}

TEST(YamlReader, AliasesOfLongTextStopAtTheSizeLimit) {
  // Few values, much text: a kilobyte string copied 10 x 10 x 10 times is 1,000 values (well under
  // --max-nodes) but a megabyte of text from a 1 KB file. Found by fuzzing (a 1 KB file that
  // expanded to half a gigabyte).
  std::string text = "s: &s \"" + std::string(1000, 'x') + "\"\n";
  text += "a: &a [*s, *s, *s, *s, *s, *s, *s, *s, *s, *s]\n";
  text += "b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n";
  text += "c: [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n";
  ReadLimits limits;
  limits.maxInputBytes = 500'000;
  auto error = failure(text, limits);
  EXPECT_EQ(error.message,
            "document expands to more than 500000 bytes of text (YAML aliases; --max-input-bytes)");
  EXPECT_EQ(error.where.line, 4);
  limits.maxInputBytes = 2'000'000;
  EXPECT_EQ(read(text, limits).root["c"].size(), 10U);
  // Keys copied by an alias count too.
  std::string keys = "k: &k \"" + std::string(1000, 'y') + "\"\nm: {*k : 1}\n";
  limits.maxInputBytes = 1500;
  EXPECT_NE(failure(keys, limits).message.find("bytes of text"), std::string::npos);
}

TEST(YamlReader, EscapesOfNextLineAndNoBreakSpaceAreUtf8) {
  // yaml-cpp gives \N and \_ as the bytes 0x85 and 0xA0; the reader writes their UTF-8, so the
  // tree stays text every report can print (found by fuzzing: a !Sub string with "\N").
  auto doc = read("a: \"x\\Ny\\_z \\u00e9 \u00e0\"\n\"k\\N\": 1\n");
  EXPECT_EQ(doc.root["a"], "x\u0085y\u00a0z \u00e9 \u00e0");
  EXPECT_TRUE(doc.root.contains("k\u0085"));
  EXPECT_NO_THROW((void)doc.root.dump());
}

TEST(YamlReader, MoreValuesThanTheLimitFail) {
  ReadLimits limits;
  limits.maxNodes = 4;
  EXPECT_NO_THROW(read("a: 1\nb: [2]\n", limits));  // map, 1, sequence, 2
  auto error = failure("a: 1\nb: [2, 3]\n", limits);
  EXPECT_EQ(error.where.str(), "t.yaml:2:8");
  EXPECT_EQ(error.message, "document has more than 4 values (--max-nodes)");
}

TEST(YamlReader, NestingBeyondTheDepthLimitFails) {
  EXPECT_NO_THROW(read(std::string(128, '[') + std::string(128, ']')));
  auto error = failure("a:\n  " + std::string(200, '[') + std::string(200, ']'));
  EXPECT_EQ(error.where.str(), "t.yaml:2:130");  // the root mapping is level 1
  EXPECT_EQ(error.message, "nesting deeper than 128 levels (--max-depth)");

  ReadLimits shallow;
  shallow.maxDepth = 2;
  EXPECT_NO_THROW(read("a: [1]\n", shallow));
  EXPECT_EQ(failure("a: !Ref X\nb: !Sub [x, {}]\n", shallow).where.str(), "t.yaml:2:4");
  // An alias counts the levels of what it copies.
  EXPECT_EQ(failure("- &x [1]\n- [*x]\n", shallow).where.str(), "t.yaml:2:4");
  // Merged members land in the mapping that merges them, not one level below.
  ReadLimits three;
  three.maxDepth = 3;
  EXPECT_NO_THROW(read("a: &a {k: [1]}\nb: {<<: *a}\nc: {<<: [*a, {j: [2]}]}\n", three));
  EXPECT_EQ(failure("a: &a {k: [1]}\nb: [{<<: *a}]\n", three).where.str(), "t.yaml:2:10");
}

TEST(YamlReader, YamlCppsOwnDepthGuardIsReportedAsAnError) {
  ReadLimits deep;
  deep.maxDepth = 100'000;
  auto error = failure(std::string(5000, '[') + std::string(5000, ']'), deep);
  EXPECT_EQ(error.kind, ErrorKind::InvalidInput);
  EXPECT_EQ(error.message, "nesting deeper than the YAML parser allows (--max-depth)");
  EXPECT_TRUE(error.where.known());
}

TEST(YamlReader, SyntaxErrorsAreLocated) {
  auto error = failure("Resources:\n  A:\n    Type: [x, y\n  B: 1\n");
  EXPECT_EQ(error.kind, ErrorKind::InvalidInput);
  EXPECT_TRUE(error.where.known());
  EXPECT_EQ(error.where.file, "t.yaml");
  EXPECT_EQ(error.message.rfind("invalid YAML: ", 0), 0u) << error.message;

  auto badIndent = failure("a:\n  b: 1\n c: 2\n");
  EXPECT_EQ(badIndent.where.line, 3);
  EXPECT_EQ(badIndent.message, "invalid YAML: end of map not found");

  auto undefined = failure("a: *nothing\n");
  EXPECT_EQ(undefined.where.str(), "t.yaml:1:4");
}

TEST(YamlReader, NonScalarKeysFailAtTheKey) {
  auto flow = failure("a: 1\nb: {[x, y]: 1}\n");
  EXPECT_EQ(flow.where.str(), "t.yaml:2:5");
  EXPECT_EQ(flow.message, "a mapping key must be a scalar, not a sequence");

  auto block = failure("? {k: v}\n: 1\n");
  EXPECT_EQ(block.where.str(), "t.yaml:1:3");
  EXPECT_EQ(block.message, "a mapping key must be a scalar, not a mapping");

  auto alias = failure("a: &m {k: v}\n*m : 1\n");
  EXPECT_EQ(alias.where.str(), "t.yaml:2:1");
}

TEST(YamlReader, ScalarKeysKeepTheirText) {
  auto doc = read("123: a\ntrue: b\n0x10: c\n\"q\": d\n");
  EXPECT_EQ(doc.root.dump(), R"({"123":"a","true":"b","0x10":"c","q":"d"})");
}

TEST(YamlReader, DuplicateKeysKeepTheLastValueAndItsPosition) {
  auto doc = read("a: 1\nb: 2\na: {x: 3}\n");
  EXPECT_EQ(doc.root.dump(), R"({"a":{"x":3},"b":2})");
  EXPECT_EQ(where(doc, "/a"), "t.yaml:3:1");
}

TEST(YamlReader, DuplicateAndMergedKeysInLargeMappings) {
  std::string text = "base: &b {k3: merged, extra: merged}\nbig:\n";
  for (int i = 0; i < 100; ++i) text += "  k" + std::to_string(i) + ": " + std::to_string(i) + "\n";
  text += "  k5: five\n  <<: *b\n";
  auto big = read(text).root["big"];
  EXPECT_EQ(big.size(), 101u);
  EXPECT_EQ(big["k5"], Json("five"));
  EXPECT_EQ(big["k3"], Json(3));
  EXPECT_EQ(big["extra"], Json("merged"));
  EXPECT_EQ(std::next(big.begin(), 5).key(), "k5");
}

TEST(YamlReader, EmptyDocuments) {
  for (const char* text : {"", "\n\n", "# only a comment\n", "---\n", "--- # c\n...\n", "~\n"}) {
    EXPECT_EQ(failure(text).message, "empty document") << text;
  }
}

TEST(YamlReader, OnlyTheFirstDocumentIsRead) {
  EXPECT_EQ(read("a: 1\n---\nb: [unclosed\n").root.dump(), R"({"a":1})");
  EXPECT_EQ(read("a: 1\n...\n# next\n\nb: 2\n").root.dump(), R"({"a":1})");
  EXPECT_EQ(read("a: 1\n... # end\nb: 2\n").root.dump(), R"({"a":1})");
  EXPECT_EQ(read("- a\n--- !Ref x\n").root.dump(), R"(["a"])");
  EXPECT_EQ(read("a: 1\n# trailing comment\n\n").root.dump(), R"({"a":1})");
}

// yaml-cpp ends a top-level sequence at a line that is not `- ...` and says nothing: the rest of
// the file would be lost.
TEST(YamlReader, ContentAfterTheTopLevelValueFails) {
  auto error = failure("- a\n- b\nc: 1\nd: 2\n");
  EXPECT_EQ(error.where.str(), "t.yaml:3:1");
  EXPECT_EQ(error.message,
            "invalid YAML: content after the end of the top-level value (is it indented wrongly?)");
}

// yaml-cpp reads an unclosed quote to the end of the file: a whole Resources section would
// silently become part of a Description.
TEST(YamlReader, UnclosedQuotesFail) {
  auto doubleQuoted = failure("Description: \"abc\nResources:\n  A:\n    Type: X\n");
  EXPECT_EQ(doubleQuoted.where.str(), "t.yaml:1:14");
  EXPECT_EQ(doubleQuoted.message, "invalid YAML: quoted string without its closing quote");
  EXPECT_EQ(failure("a: 'it''s\nb: 1\n").where.str(), "t.yaml:1:4");
  EXPECT_EQ(failure("a: !Sub \"x\\\"\n").where.str(), "t.yaml:1:4");
  EXPECT_EQ(failure("\"key: 1\n").where.str(), "t.yaml:1:1");
  EXPECT_EQ(valueOf("'it''s'"), Json("it's"));
  EXPECT_EQ(valueOf("\"say \\\"hi\\\"\""), Json("say \"hi\""));
}

TEST(YamlReader, SkipsAByteOrderMark) {
  auto doc = read(
      "\xEF\xBB\xBF"
      "a: 1\nb: 2\n");
  EXPECT_EQ(doc.root.dump(), R"({"a":1,"b":2})");
  EXPECT_EQ(where(doc, "/a"), "t.yaml:1:1");
  EXPECT_EQ(where(doc, "/b"), "t.yaml:2:1");
}

TEST(YamlReader, BlockScalarsAndCrLf) {
  auto doc = read("a: |\r\n  line 1\r\n  line 2\r\nb: >-\r\n  folded\r\n  text\r\nc: 3\r\n");
  EXPECT_EQ(doc.root["a"], Json("line 1\nline 2\n"));
  EXPECT_EQ(doc.root["b"], Json("folded text"));
  EXPECT_EQ(where(doc, "/c"), "t.yaml:7:1");
}

// yaml-cpp 0.7 folds empty lines before a closing quote to at most one "\n" (none in a scalar of
// only blanks): the reader repairs them (seen in Fn::Join delimiters and parts).
TEST(YamlReader, EmptyLinesBeforeAClosingQuoteKeepTheirLineBreaks) {
  EXPECT_EQ(valueOf("'\n\n    '"), Json("\n"));
  EXPECT_EQ(valueOf("\"\n\n\n    \""), Json("\n\n"));
  EXPECT_EQ(valueOf("' \t\r\n\r\n  '"), Json("\n"));
  EXPECT_EQ(valueOf("'\n    '"), Json(" "));  // one break folds to a space
  EXPECT_EQ(valueOf("''"), Json(""));
  EXPECT_EQ(valueOf("!Sub '\n\n    '"), Json::parse(R"({"Fn::Sub": "\n"})"));
  EXPECT_EQ(valueOf("&a '\n\n    '"), Json("\n"));
  EXPECT_EQ(valueOf("'x;\n\n\n    '"), Json("x;\n\n"));
  EXPECT_EQ(valueOf("\"x  \n\n\n\n    \""), Json("x\n\n\n"));
  EXPECT_EQ(valueOf("'x\n\n    '"), Json("x\n"));
  EXPECT_EQ(valueOf("'x\n\n\n    y'"), Json("x\n\ny"));
  auto doc = read("Fn::Join:\n- '\n\n  '\n- [a, b]\n");
  EXPECT_EQ(doc.root["Fn::Join"][0], Json("\n"));
}

// yaml-cpp reads any byte into a scalar; a name that is not UTF-8 then broke every JSON consumer
// (issue 13). The reader refuses it, located, whatever it would have become.
TEST(YamlReader, InvalidUtf8IsRefusedWhereItStands) {
  auto id = failure("Resources:\n  B\xFFx:\n    Type: AWS::S3::Bucket\n");
  EXPECT_EQ(id.where.str(), "t.yaml:2:4");
  EXPECT_EQ(id.message, "invalid UTF-8 (byte 0xFF); the file must be UTF-8 text");
  EXPECT_EQ(failure("a: caf\xE9\n").where.str(), "t.yaml:1:7");
  // Columns count characters: the é before the bad byte is one column.
  EXPECT_EQ(failure("a: \"\xC3\xA9\x80\"\n").where.str(), "t.yaml:1:6");
  EXPECT_EQ(failure(std::string("\xFF\xFE") + 'a').message,
            "the file is UTF-16 text; c2a reads UTF-8 only");
}

TEST(YamlReader, RawControlCharactersAreRefusedEscapedOnesRead) {
  auto nul = failure(std::string("Resources:\n  A") + '\0' + "B:\n    Type: X\n");
  EXPECT_EQ(nul.where.str(), "t.yaml:2:4");
  EXPECT_NE(nul.message.find("U+0000"), std::string::npos) << nul.message;
  EXPECT_EQ(failure("a: b\x1B[2J\n").where.str(), "t.yaml:1:5");
  std::string controls = std::string("a") + '\0' + "b\x1B" + 'c';
  EXPECT_EQ(valueOf("\"a\\0b\\x1Bc\""), Json(controls));
  EXPECT_EQ(valueOf("\"tab\there\"\r\n"), Json("tab\there"));
}

}  // namespace
}  // namespace c2a
