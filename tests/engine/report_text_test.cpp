#include "engine/report/report_text.h"

#include <gtest/gtest.h>

namespace c2a {
namespace {

Json parse(const char* text) {
  return Json::parse(text);
}

// An evaluated value is shown beside the written one only when it says more in substance.
TEST(ReportText, EvaluatedValuesAreShownOnlyWhereTheyDifferInSubstance) {
  std::optional<Json> written = parse(R"({"Fn::GetAtt": "Bucket.Arn"})");
  std::optional<Json> normalised = parse(R"({"Fn::GetAtt": ["Bucket", "Arn"]})");
  EXPECT_FALSE(shownEvaluated(written, normalised));
  EXPECT_EQ(valueText(written, normalised), R"({"Fn::GetAtt":"Bucket.Arn"})");

  std::optional<Json> reference = parse(R"({"Ref": "Stage"})");
  std::optional<Json> prod = Json("prod");
  EXPECT_EQ(shownEvaluated(reference, prod), prod);
  EXPECT_EQ(valueText(reference, prod), R"({"Ref":"Stage"} = "prod")");
  EXPECT_FALSE(shownEvaluated(reference, std::nullopt));
}

TEST(ReportText, ProseIsWrappedBetweenWordsAndNothingIsLeftOut) {
  EXPECT_EQ(wrapWords("a bb ccc dddd", 6), (std::vector<std::string>{"a bb", "ccc", "dddd"}));
  // A word longer than a line is cut between characters (é is one of them).
  EXPECT_EQ(wrapWords("xéééé y", 3), (std::vector<std::string>{"xéé", "éé", "y"}));
  EXPECT_EQ(wrapWords("", 5), (std::vector<std::string>{""}));
}

}  // namespace
}  // namespace c2a

namespace c2a {
namespace {

TEST(ReportText, TableCellsBreakBetweenThePartsOfAnArn) {
  // At most 20 characters a piece, cut after a `:` or `/` of the piece's second half.
  EXPECT_EQ(cutAtBoundaries("arn:aws:s3:::reports-bucket/2026/*", 20),
            (std::vector<std::string>{"arn:aws:s3:::", "reports-bucket/2026/", "*"}));
  // A name with no boundary in reach is cut between characters; nothing is left out.
  EXPECT_EQ(cutAtBoundaries("abcdefghijklmnopqrstuvwxyz", 10),
            (std::vector<std::string>{"abcdefghij", "klmnopqrst", "uvwxyz"}));
  EXPECT_EQ(cutAtBoundaries("short", 10), (std::vector<std::string>{"short"}));
  // Characters, not bytes.
  EXPECT_EQ(cutAtBoundaries("ééééé/ééééé", 6), (std::vector<std::string>{"ééééé/", "ééééé"}));
}

}  // namespace
}  // namespace c2a
