// The presets ship as bytes of their parsed rules (rules/ast_bytes.h): reading the bytes back
// gives exactly the AST that parsing the text gives, every field of every node.
#include "rules/ast_bytes.h"

#include <gtest/gtest.h>

#include <string>

#include "model/error.h"
#include "rules/compile.h"
#include "rules/native_parser.h"
#include "rules/presets/presets.h"

namespace c2a::rules {
namespace {

constexpr const char* kRules = R"(rule "Every kind of value and node" id every-kind {
  let bucket = resource "AWS::S3::Bucket" where bucket.Properties.BucketName exists
  let c = component { type: "Resource", subtype: "AWS::IAM::Role", name: "Adminé\tRole" }
  let change = change { type: "REPLACE", propertyOperationType: "UPDATE", certainty: "possible" }
  let tree = change { level: "tree" }
  where change appliesTo bucket and not (change.new.Properties.Size > -3 or
        change.new.Properties.Ratio <= 2.5e-3) and change.new.Properties.X in ["a", 1, true, null,
        18446744073709551615, -9223372036854775808, 0.1, ["nested"]]
  where all bucket.Properties.Tags.*.Key matchesRegex "^[a-z]+$" and bucket.Properties.** == 'x'
  effect risk = high, action = reject, target = change
  rule "child inherits bindings" {
    let any = resource
    effect risk = low
    rule "grandchild" {
      where any.Properties.Y != false
      effect action = approve
    }
  }
}
rule "second, no effect" {
  let o = output
}
)";

/// The first comparison with operator `op`, depth first.
const Expression* findComparison(const Expression& e, const std::string& op) {
  if (e.kind == Expression::Kind::Compare && e.op == op) return &e;
  for (const auto& child : e.children) {
    if (const auto* found = findComparison(child, op)) return found;
  }
  return nullptr;
}

std::vector<Rule> roundTrip(const std::vector<Rule>& rules, const std::string& file) {
  return rulesFromBytes(rulesToBytes(rules, file), file);
}

TEST(AstBytes, ReadBackAsParsedAndAsCompiled) {
  auto parsed = parseNativeRules(kRules, "t.rules").rules;
  ASSERT_EQ(parsed.size(), 2u);
  EXPECT_EQ(roundTrip(parsed, "t.rules"), parsed);
  // Compiled: binding slots, operator indexes and derived ids filled in.
  RuleSet set{parsed, {"t.rules"}};
  EXPECT_TRUE(compileRuleSet(set, true).empty());
  ASSERT_NE(set.rules[0].bindings[0].slot, -1);
  EXPECT_EQ(roundTrip(set.rules, "t.rules"), set.rules);
  // What only C2A's rule files set: a rule's JSON pointer.
  parsed[1].pointer = "/0/then/3";
  EXPECT_EQ(roundTrip(parsed, "t.rules"), parsed);
  EXPECT_NE(roundTrip(parsed, "t.rules")[0], parsed[1]);
}

TEST(AstBytes, KeepsTheExactTypeOfEveryLiteral) {
  // Json's == calls 1 and 1u and 1.0 equal; a literal's type is kept all the same.
  auto parsed = parseNativeRules(kRules, "t.rules").rules;
  auto rules = roundTrip(parsed, "t.rules");
  const Expression* before = findComparison(parsed[0].conditions[0], "in");
  const Expression* after = findComparison(rules[0].conditions[0], "in");
  ASSERT_NE(before, nullptr);
  ASSERT_NE(after, nullptr);
  const Json& written = before->rhs->literal->value;
  const Json& read = after->rhs->literal->value;
  ASSERT_TRUE(read.is_array());
  ASSERT_EQ(read.size(), written.size());
  for (std::size_t i = 0; i < read.size(); ++i) EXPECT_EQ(read[i].type(), written[i].type()) << i;
  EXPECT_TRUE(read[1].is_number_integer() && !read[1].is_number_unsigned());
  EXPECT_TRUE(read[6].is_number_float());
  EXPECT_EQ(read.dump(), written.dump());
}

TEST(AstBytes, EveryPresetReadsBackAsItsTextParses) {
  ASSERT_FALSE(presets().empty());
  for (const auto& preset : presets()) {
    SCOPED_TRACE(std::string(preset.name));
    const std::string file = "preset:" + std::string(preset.name);
    ASSERT_FALSE(preset.rules.empty()) << "the build compiled no rules for it";
    auto parsed = parseNativeRules(preset.source, file).rules;
    EXPECT_FALSE(parsed.empty());
    EXPECT_EQ(rulesFromBytes(preset.rules, file), parsed);
  }
}

TEST(AstBytes, RefusesBytesCutShortOrLeftOverAndOtherFiles) {
  auto parsed = parseNativeRules(kRules, "t.rules").rules;
  const std::string bytes = rulesToBytes(parsed, "t.rules");
  for (std::size_t size : {std::size_t{0}, std::size_t{1}, bytes.size() / 2, bytes.size() - 1}) {
    try {
      rulesFromBytes(std::string_view(bytes).substr(0, size), "t.rules");
      ADD_FAILURE() << "read " << size << " bytes";
    } catch (const C2aError& error) {
      EXPECT_EQ(error.diagnostic().kind, ErrorKind::Internal);
    }
  }
  EXPECT_THROW(rulesFromBytes(bytes + "x", "t.rules"), C2aError);
  EXPECT_THROW(rulesToBytes(parsed, "other.rules"), C2aError);
}

// Bytes that no parse made (another build's, or damaged) fail as malformed: an enumerator past
// the last, nesting deeper than the parser allows, a value that is not JSON.
TEST(AstBytes, RefusesWhatNoParseMakes) {
  auto expectMalformed = [](const std::vector<Rule>& rules) {
    try {
      roundTrip(rules, "t.rules");
      ADD_FAILURE() << "read back";
    } catch (const C2aError& error) {
      EXPECT_EQ(error.diagnostic().kind, ErrorKind::Internal);
    }
  };
  Rule risky;
  risky.where = SourceLocation{"t.rules", 1, 1};
  risky.effect = Effect{};
  risky.effect->where = risky.where;
  risky.effect->risk = static_cast<Risk>(3);
  expectMalformed({risky});
  risky.effect->risk = Risk::High;
  EXPECT_EQ(roundTrip({risky}, "t.rules"), std::vector<Rule>{risky});

  Rule deep = risky;
  for (std::size_t i = 0; i < 4 * kMaxRuleNesting; ++i) {
    Rule parent = risky;
    parent.children.push_back(std::move(deep));
    deep = std::move(parent);
  }
  expectMalformed({deep});
  Rule shallow = risky;
  for (std::size_t i = 0; i < kMaxRuleNesting; ++i) {
    Rule parent = risky;
    parent.children.push_back(std::move(shallow));
    shallow = std::move(parent);
  }
  EXPECT_EQ(roundTrip({shallow}, "t.rules"), std::vector<Rule>{shallow});

  Expression literal;
  literal.kind = Expression::Kind::Compare;
  literal.where = risky.where;
  literal.rhs = Operand{};
  literal.rhs->literal = LiteralOperand{Json::binary({1, 2}), risky.where};
  Rule binary = risky;
  binary.conditions.push_back(literal);
  EXPECT_THROW(rulesToBytes({binary}, "t.rules"), C2aError);
}

}  // namespace
}  // namespace c2a::rules
