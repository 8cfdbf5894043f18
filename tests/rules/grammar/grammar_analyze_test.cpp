// PEGTL's grammar analysis: no rule can loop forever without consuming input.
#include <gtest/gtest.h>

#include <tao/pegtl/contrib/analyze.hpp>

#include "rules/grammar.h"

namespace c2a::rules {
namespace {

TEST(GrammarAnalyze, RuleFileGrammarHasNoIssues) {
  EXPECT_EQ(tao::pegtl::analyze<grammar::rules_file>(1), 0u);
}

TEST(GrammarAnalyze, StandaloneConditionGrammarHasNoIssues) {
  EXPECT_EQ(tao::pegtl::analyze<grammar::standalone_condition>(1), 0u);
}

}  // namespace
}  // namespace c2a::rules
