// Conditions: operators, operands, connectives, precedence, and locations offset from the start.
#include "rules/expression_parser.h"

#include <gtest/gtest.h>

#include <string>

#include "rules/native_parser.h"
#include "tests/rules/grammar/ast_dump.h"

namespace c2a::rules {
namespace {

using testing::dumpExpression;

Expression parse(std::string_view text) {
  return parseExpression(text, {"cond", 1, 1});
}
Json dump(std::string_view text) {
  return dumpExpression(parse(text));
}

std::string at(const SourceLocation& where) {
  return std::to_string(where.line) + ":" + std::to_string(where.column);
}

TEST(ExpressionParser, EveryOperatorIsKeptAsWritten) {
  const char* ops[] = {"==",         "===",      "!=",      "!==",          "<",
                       "<=",         ">",        ">=",      "appliesTo",    "->",
                       "<-",         ">>",       "<<",      "in",           "contains",
                       "startsWith", "endsWith", "matches", "matchesRegex", "references"};
  for (const char* op : ops) {
    const Expression e = parse(std::string("a.b ") + op + " c");
    EXPECT_EQ(e.kind, Expression::Kind::Compare) << op;
    EXPECT_EQ(e.op, op);
    EXPECT_EQ(e.lhs->path->root, "a") << op;
    EXPECT_EQ(e.rhs->path->root, "c") << op;
  }
}

TEST(ExpressionParser, SymbolicOperatorsNeedNoSpaces) {
  EXPECT_EQ(parse("a===1").op, "===");
  EXPECT_EQ(parse("a!==1").op, "!==");
  EXPECT_EQ(parse("a<=1").op, "<=");
  EXPECT_EQ(parse("a<<b").op, "<<");
  EXPECT_EQ(parse("a->b").op, "->");
  EXPECT_EQ(parse("a<-b").op, "<-");
  const Expression negative = parse("a < -1");
  EXPECT_EQ(negative.op, "<");
  EXPECT_EQ(negative.rhs->literal->value, Json(-1));
}

// Exactly as C2A's documentation and fixtures write them.
TEST(ExpressionParser, C2aDocumentationExamples) {
  EXPECT_EQ(
      dump("change appliesTo cf.Properties.DistributionConfig.Origins.*.OriginProtocolPolicy"),
      Json::parse(R"({"kind":"compare","op":"appliesTo","lhs":{"root":"change","segments":[]},
              "rhs":{"root":"cf","segments":["Properties","DistributionConfig","Origins","<*>",
                                             "OriginProtocolPolicy"]}})"));
  EXPECT_EQ(dump("change.old == 'http-only'"),
            Json::parse(R"({"kind":"compare","op":"==","lhs":{"root":"change","segments":["old"]},
              "rhs":{"literal":"http-only"}})"));
  EXPECT_EQ(dump("INSERT_COMPONENT.new.Propeties.FunctionName === 'CDK ROCKS'"),
            Json::parse(R"({"kind":"compare","op":"===",
              "lhs":{"root":"INSERT_COMPONENT","segments":["new","Propeties","FunctionName"]},
              "rhs":{"literal":"CDK ROCKS"}})"));
  EXPECT_EQ(dump("INSERT_PROPERTY appliesTo bucket.Properties.*"),
            Json::parse(R"({"kind":"compare","op":"appliesTo",
              "lhs":{"root":"INSERT_PROPERTY","segments":[]},
              "rhs":{"root":"bucket","segments":["Properties","<*>"]}})"));
}

TEST(ExpressionParser, ExistsAndUniversalQuantifier) {
  EXPECT_EQ(dump("x.new.Properties.Foo exists"), Json::parse(R"({"kind":"exists",
              "lhs":{"root":"x","segments":["new","Properties","Foo"]}})"));
  EXPECT_EQ(dump("all bucket.Properties.Tags.*.Key startsWith \"team-\""),
            Json::parse(R"({"kind":"compare","op":"startsWith","universal":true,
              "lhs":{"root":"bucket","segments":["Properties","Tags","<*>","Key"]},
              "rhs":{"literal":"team-"}})"));
  EXPECT_TRUE(parse("all x.** exists").universal);
  EXPECT_FALSE(parse("x.*.y == 1").universal);
}

TEST(ExpressionParser, PathSegments) {
  EXPECT_EQ(dump("r.Metadata.\"aws:cdk:path\" endsWith '/Resource'")["lhs"],
            Json::parse(R"({"root":"r","segments":["Metadata","aws:cdk:path"]})"));
  EXPECT_EQ(dump("r.Properties.Tags.0.Key == 'a'")["lhs"],
            Json::parse(R"({"root":"r","segments":["Properties","Tags","0","Key"]})"));
  EXPECT_EQ(dump("r.**.Arn exists")["lhs"],
            Json::parse(R"({"root":"r","segments":["<**>","Arn"]})"));
  EXPECT_EQ(dump("r.'*'.\"\" exists")["lhs"], Json::parse(R"({"root":"r","segments":["*",""]})"));
  // Reserved words are fine after a dot.
  EXPECT_EQ(dump("c.type == c.name")["rhs"], Json::parse(R"({"root":"c","segments":["name"]})"));
  EXPECT_EQ(dump("c.and.or.not.in exists")["lhs"],
            Json::parse(R"({"root":"c","segments":["and","or","not","in"]})"));
}

TEST(ExpressionParser, Literals) {
  const auto rhs = [](std::string_view text) {
    return parse("x == " + std::string(text)).rhs->literal->value;
  };
  EXPECT_EQ(rhs("\"double\""), Json("double"));
  EXPECT_EQ(rhs("'single'"), Json("single"));
  EXPECT_EQ(rhs(R"("a\\b\"c\'d\ne\tf\rg")"), Json("a\\b\"c'd\ne\tf\rg"));
  EXPECT_EQ(rhs(R"('it\'s "quoted"')"), Json("it's \"quoted\""));
  EXPECT_EQ(rhs("42"), Json(42));
  EXPECT_TRUE(rhs("42").is_number_integer());
  EXPECT_EQ(rhs("-7"), Json(-7));
  EXPECT_EQ(rhs("2.5"), Json(2.5));
  EXPECT_EQ(rhs("1e3"), Json(1000.0));
  EXPECT_EQ(rhs("-1.5E-2"), Json(-0.015));
  EXPECT_TRUE(rhs("99999999999999999999").is_number_float());
  EXPECT_EQ(rhs("true"), Json(true));
  EXPECT_EQ(rhs("false"), Json(false));
  EXPECT_EQ(rhs("null"), Json(nullptr));
  EXPECT_EQ(rhs("[]"), Json::array());
  EXPECT_EQ(rhs("[1, 'a', [true, null], ]"), Json::parse(R"([1, "a", [true, null]])"));
  EXPECT_EQ(rhs("[ \"x\" # comment\n , 2 ]"), Json::parse(R"(["x", 2])"));
}

TEST(ExpressionParser, LiteralOnTheLeft) {
  const Expression e = parse("'prod' in env.Allowed");
  EXPECT_EQ(e.lhs->literal->value, Json("prod"));
  EXPECT_EQ(e.rhs->path->root, "env");
}

TEST(ExpressionParser, AndBindsTighterThanOr) {
  EXPECT_EQ(dump("a == 1 or b == 2 and c == 3"), Json::parse(R"({"kind":"or","children":[
      {"kind":"compare","op":"==","lhs":{"root":"a","segments":[]},"rhs":{"literal":1}},
      {"kind":"and","children":[
        {"kind":"compare","op":"==","lhs":{"root":"b","segments":[]},"rhs":{"literal":2}},
        {"kind":"compare","op":"==","lhs":{"root":"c","segments":[]},"rhs":{"literal":3}}]}]})"));
}

TEST(ExpressionParser, NotBindsTighterThanAnd) {
  const Expression e = parse("not a == 1 and b exists");
  ASSERT_EQ(e.kind, Expression::Kind::And);
  EXPECT_EQ(e.children[0].kind, Expression::Kind::Not);
  EXPECT_EQ(e.children[0].children[0].op, "==");
  EXPECT_EQ(e.children[1].kind, Expression::Kind::Exists);
}

TEST(ExpressionParser, SymbolicConnectives) {
  EXPECT_EQ(dump("!(a == 1) && b == 2 || c == 3"), dump("not (a == 1) and b == 2 or c == 3"));
  EXPECT_EQ(dump("!a != 1"), dump("not a != 1"));
  EXPECT_EQ(dump("!!a exists"), dump("not not a exists"));
}

TEST(ExpressionParser, ChainsFlattenButParenthesesKeepTheirGrouping) {
  const Expression chain = parse("a == 1 and b == 2 and c == 3");
  ASSERT_EQ(chain.kind, Expression::Kind::And);
  EXPECT_EQ(chain.children.size(), 3u);
  const Expression grouped = parse("(a == 1 and b == 2) and c == 3");
  ASSERT_EQ(grouped.kind, Expression::Kind::And);
  ASSERT_EQ(grouped.children.size(), 2u);
  EXPECT_EQ(grouped.children[0].kind, Expression::Kind::And);
  const Expression ors = parse("a == 1 or (b == 2 or c == 3) or d == 4");
  ASSERT_EQ(ors.children.size(), 3u);
  EXPECT_EQ(ors.children[1].kind, Expression::Kind::Or);
  const Expression parens = parse("((a exists))");
  EXPECT_EQ(parens.kind, Expression::Kind::Exists);
}

TEST(ExpressionParser, WhitespaceNewlinesAndCommentsBetweenTokens) {
  EXPECT_EQ(dump("  a.b   ==\n  # why\n 'x'\n  and   (  c  exists )  # trailing\n"),
            dump("a.b == 'x' and (c exists)"));
}

TEST(ExpressionParser, LocationsAreOffsetFromTheStart) {
  // A C2A `where` string that starts at line 7, column 20 of its file.
  const Expression e = parseExpression("a == 'b' and\n  c.d exists", {"rules.json", 7, 20});
  ASSERT_EQ(e.kind, Expression::Kind::And);
  EXPECT_EQ(e.where.file, "rules.json");
  EXPECT_EQ(at(e.where), "7:20");
  EXPECT_EQ(at(e.children[0].lhs->path->where), "7:20");
  EXPECT_EQ(at(e.children[0].rhs->literal->where), "7:25");
  EXPECT_EQ(at(e.children[1].where), "8:3");
  EXPECT_EQ(at(e.children[1].lhs->path->where), "8:3");
}

TEST(ExpressionParser, UnknownStartCountsFromOne) {
  const Expression e = parseExpression("x == 1", {});
  EXPECT_EQ(at(e.rhs->literal->where), "1:6");
}

TEST(ExpressionParser, NegationLocationIsTheNotKeyword) {
  const Expression e = parse("a exists and not b exists");
  EXPECT_EQ(at(e.children[1].where), "1:14");
  EXPECT_EQ(at(e.children[1].children[0].where), "1:18");
}

TEST(ExpressionParser, NestingUpToTheLimit) {
  const std::string open(kMaxRuleNesting, '(');
  const std::string close(kMaxRuleNesting, ')');
  EXPECT_EQ(parse(open + "a exists" + close).kind, Expression::Kind::Exists);
  std::string nots;
  for (std::size_t i = 0; i < kMaxRuleNesting; ++i) nots += "not ";
  EXPECT_EQ(parse(nots + "a exists").kind, Expression::Kind::Not);
}

TEST(ExpressionParser, LongChainsNeedNoRecursion) {
  std::string text = "a0 == 0";
  for (int i = 1; i < 20000; ++i) text += " and a" + std::to_string(i) + " == " + std::to_string(i);
  EXPECT_EQ(parse(text).children.size(), 20000u);
}

}  // namespace
}  // namespace c2a::rules
