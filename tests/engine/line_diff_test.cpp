#include "engine/report/line_diff.h"

#include <gtest/gtest.h>

namespace c2a {
namespace {

using Lines = std::vector<std::string>;

TEST(LineDiff, OldBeforeNewWithContext) {
  std::string before = "a\nb\nc\nd\ne\nf\ng\n";
  std::string after = "a\nb\nc\nD\ne\nf\ng\n";
  EXPECT_EQ(unifiedLines(before, after, 1), (Lines{"  ...", "  c", "- d", "+ D", "  e", "  ..."}));
  EXPECT_EQ(unifiedLines(before, after, 0), (Lines{"  ...", "- d", "+ D", "  ..."}));
  EXPECT_EQ(unifiedLines(before, after, 10).size(), 8u);  // all 7 lines, one of them twice
}

TEST(LineDiff, InsertionsAndRemovalsOnly) {
  EXPECT_EQ(unifiedLines("x\n", "x\ny\n", 3), (Lines{"  x", "+ y"}));
  EXPECT_EQ(unifiedLines("x\ny\n", "y\n", 3), (Lines{"- x", "  y"}));
  EXPECT_TRUE(unifiedLines("same\n", "same\n", 0) == (Lines{"  ..."}));
}

TEST(LineDiff, HugeValuesAreShownWholeWithoutQuadraticWork) {
  std::string big;
  for (int i = 0; i < 5000; ++i) big += std::to_string(i) + "\n";
  auto lines = unifiedLines(big, big + "x\n", 2, 4000);
  EXPECT_EQ(lines.size(), 10001u);
  EXPECT_EQ(lines.front(), "- 0");
  EXPECT_EQ(lines.back(), "+ x");
}

}  // namespace
}  // namespace c2a
