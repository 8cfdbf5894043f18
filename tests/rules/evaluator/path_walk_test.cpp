// Paths with several `**` (issue 30): each value reached once, in document order, in time linear
// in the document. A route per way of splitting the depth among five `**` over a 60-deep chain
// is about 10^7 routes a value; these tests would not end before the fix.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "rules/evaluation/json_walk.h"
#include "rules/operators/path_pattern.h"

namespace c2a::rules::testing {
namespace {

std::vector<PathSegment> segments(const std::string& dotted) {
  return dottedSegments(dotted);
}

// {"a": {"a": ... "leaf" ...}, "n": 0} nested `depth` times, `n` counting up from the leaf.
Json chain(int depth) {
  Json node = "leaf";
  for (int i = 0; i < depth; ++i) node = Json{{"a", std::move(node)}, {"n", i}};
  return node;
}

std::vector<Json> reached(const Json& document, const std::string& path) {
  std::vector<Json> out;
  auto pattern = segments(path);
  walkPath(document, pattern, [&](const Json& value) {
    out.push_back(value.is_structured() ? Json("{...}") : value);
    return true;
  });
  return out;
}

TEST(PathWalk, ManyDoubleStarsReachEachValueOnceInDocumentOrder) {
  auto document = chain(60);
  // 60 objects, 60 numbers and the leaf: each once, whatever the number of `**`.
  EXPECT_EQ(reached(document, "**").size(), 121u);
  EXPECT_EQ(reached(document, "**.**.**.**.**").size(), 121u);
  auto numbers = reached(document, "**.**.**.**.**.n");
  ASSERT_EQ(numbers.size(), 60u);
  // Document order: an object's `a` (everything inside) before its own `n`.
  EXPECT_EQ(numbers.front(), Json(0));
  EXPECT_EQ(numbers.back(), Json(59));
  EXPECT_EQ(reached(document, "**.a.**.a.**.zz").size(), 0u);
  EXPECT_EQ(reached(document, "a.**.a.**.a").size(), 58u);
}

TEST(PathWalk, StopsWhenTheVisitorSaysSo) {
  auto document = chain(60);
  auto pattern = segments("**.**.**.n");
  int seen = 0;
  EXPECT_FALSE(walkPath(document, pattern, [&](const Json&) { return ++seen < 3; }));
  EXPECT_EQ(seen, 3);
  EXPECT_TRUE(reachesAny(document, pattern));
}

TEST(PathWalk, OneDoubleStarIsUnchanged) {
  Json document = Json::parse(R"({"x": [{"k": 1}, {"k": 2}], "k": 3})");
  // A value's own key is reached before those of its children.
  EXPECT_EQ(reached(document, "**.k"), (std::vector<Json>{Json(3), Json(1), Json(2)}));
  EXPECT_EQ(reached(document, "x.*.k"), (std::vector<Json>{Json(1), Json(2)}));
  EXPECT_EQ(reached(document, "x.1.k"), (std::vector<Json>{Json(2)}));
}

TEST(PathPattern, ManyDoubleStarsMatchALongPathInLinearTime) {
  std::vector<std::string> path(120, "a");
  EXPECT_TRUE(matchesExactly(path, segments("**.**.**.**.**.**.**.**")));
  EXPECT_FALSE(matchesExactly(path, segments("**.**.**.**.**.**.**.b")));
  EXPECT_TRUE(matchesExactly(path, segments("a.**.a.**.*.**.a")));
  path.back() = "b";
  EXPECT_TRUE(matchesExactly(path, segments("**.**.**.**.**.**.**.b")));
  EXPECT_FALSE(matchesExactly(path, segments("**.**.**.**.**.**.**.a")));
}

TEST(PathPattern, ExactMatchesOfShortPaths) {
  std::vector<std::string> path{"Properties", "Tags", "0", "Key"};
  EXPECT_TRUE(matchesExactly(path, segments("Properties.Tags.*.Key")));
  EXPECT_TRUE(matchesExactly(path, segments("**.Key")));
  EXPECT_TRUE(matchesExactly(path, segments("Properties.**.**")));
  EXPECT_FALSE(matchesExactly(path, segments("Properties.Tags")));
  EXPECT_FALSE(matchesExactly(path, segments("Properties.*.Key")));
  EXPECT_TRUE(matchesExactly({}, segments("**.**")));
  EXPECT_FALSE(matchesExactly({}, segments("*")));
}

}  // namespace
}  // namespace c2a::rules::testing
