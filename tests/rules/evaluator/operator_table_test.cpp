#include <gtest/gtest.h>

#include <set>
#include <string>

#include "eval_support.h"

namespace c2a::rules::testing {
namespace {

TEST(OperatorTable, OrderAndNames) {
  std::vector<std::string> names;
  for (const auto& info : operatorTable()) names.emplace_back(info.name);
  EXPECT_EQ(names, (std::vector<std::string>{"appliesTo", "==", "!=", "<", "<=", ">", ">=", "in",
                                             "contains", "startsWith", "endsWith", "matches",
                                             "matchesRegex", "inCidr", "->", "<-", ">>", "<<"}));
}

TEST(OperatorTable, EveryNameAndAliasFindsItsEntry) {
  std::set<std::string_view> seen;
  const auto& table = operatorTable();
  for (std::size_t i = 0; i < table.size(); ++i) {
    EXPECT_EQ(findOperator(table[i].name), static_cast<int>(i));
    EXPECT_TRUE(seen.insert(table[i].name).second) << table[i].name;
    for (auto alias : table[i].aliases) {
      EXPECT_EQ(findOperator(alias), static_cast<int>(i)) << alias;
      EXPECT_TRUE(seen.insert(alias).second) << alias;
    }
    EXPECT_FALSE(table[i].summary.empty()) << table[i].name;
    EXPECT_NE(table[i].apply, nullptr) << table[i].name;
  }
  EXPECT_EQ(findOperator("exists"), -1);
  EXPECT_EQ(findOperator("nope"), -1);
}

TEST(OperatorTable, AliasesOfTheGraphOperators) {
  EXPECT_EQ(findOperator("references"), findOperator("->"));
  EXPECT_EQ(findOperator("referencedBy"), findOperator("<-"));
  EXPECT_EQ(findOperator("encloses"), findOperator(">>"));
  EXPECT_EQ(findOperator("enclosedBy"), findOperator("<<"));
}

}  // namespace
}  // namespace c2a::rules::testing
