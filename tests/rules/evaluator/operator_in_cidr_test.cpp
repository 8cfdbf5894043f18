#include <gtest/gtest.h>

#include "eval_support.h"
#include "rules/operators/cidr.h"

namespace c2a::rules::testing {
namespace {

TEST(OperatorInCidr, IPv4Blocks) {
  EXPECT_TRUE(cidrWithin("10.1.0.0/16", "10.0.0.0/8"));
  EXPECT_TRUE(cidrWithin("10.0.0.0/8", "10.0.0.0/8"));  // the same block
  EXPECT_TRUE(cidrWithin("10.1.2.3", "10.1.2.0/24"));   // an address is a /32
  EXPECT_TRUE(cidrWithin("203.0.113.7/32", "0.0.0.0/0"));
  EXPECT_TRUE(cidrWithin("10.1.2.3/8", "10.0.0.0/8"));    // host bits beyond the prefix ignored
  EXPECT_FALSE(cidrWithin("10.0.0.0/8", "10.1.0.0/16"));  // wider
  EXPECT_FALSE(cidrWithin("0.0.0.0/0", "10.0.0.0/8"));
  EXPECT_FALSE(cidrWithin("172.16.0.0/16", "10.0.0.0/8"));  // elsewhere
  EXPECT_FALSE(cidrWithin("10.0.0.0/7", "10.0.0.0/8"));
  EXPECT_TRUE(cidrWithin("11.0.0.0/8", "10.0.0.0/7"));
}

TEST(OperatorInCidr, IPv6Blocks) {
  EXPECT_TRUE(cidrWithin("2001:db8:1::/48", "2001:db8::/32"));
  EXPECT_TRUE(cidrWithin("2001:db8::1", "2001:db8::/32"));
  EXPECT_TRUE(cidrWithin("::1", "::/0"));
  EXPECT_TRUE(cidrWithin("fe80::1:2:3:4/128", "fe80::/10"));
  EXPECT_TRUE(cidrWithin("::ffff:10.1.2.3/128", "::ffff:10.0.0.0/104"));
  EXPECT_TRUE(cidrWithin("2001:0db8:0000:0000:0000:0000:0000:0001", "2001:db8::/64"));
  EXPECT_FALSE(cidrWithin("::/0", "2001:db8::/32"));
  EXPECT_FALSE(cidrWithin("2001:db9::/32", "2001:db8::/32"));
}

TEST(OperatorInCidr, MalformedOrMixedNeverHold) {
  for (const char* bad : {"", "10.0.0", "10.0.0.0.0", "256.0.0.0/8", "10.0.0.0/33", "10.0.0.0/",
                          "10.0.0.0/-1", "a.b.c.d", "1::2::3", "1:2:3:4:5:6:7:8:9",
                          "1:2:3:", ":1:2", "2001:db8::/129", "12345::", "::g"}) {
    EXPECT_FALSE(cidrWithin(bad, "0.0.0.0/0")) << bad;
    EXPECT_FALSE(cidrWithin(bad, "::/0")) << bad;
    EXPECT_FALSE(cidrWithin("10.0.0.0/8", bad)) << bad;
  }
  EXPECT_FALSE(cidrWithin("10.0.0.0/8", "::/0"));  // families never mix
  EXPECT_FALSE(cidrWithin("::/0", "0.0.0.0/0"));
}

TEST(OperatorInCidr, ThroughTheTable) {
  EXPECT_TRUE(holdsFor("inCidr", "10.1.0.0/16", "10.0.0.0/8"));
  EXPECT_FALSE(holdsFor("inCidr", "0.0.0.0/0", "10.0.0.0/8"));
  // A list on the right: inside one of its blocks.
  EXPECT_TRUE(holdsFor("inCidr", "192.168.4.0/24", Json::array({"10.0.0.0/8", "192.168.0.0/16"})));
  EXPECT_FALSE(holdsFor("inCidr", "172.16.0.0/12", Json::array({"10.0.0.0/8", "192.168.0.0/16"})));
  // Not a CIDR block (an intrinsic function, a number): never inside.
  EXPECT_FALSE(holdsFor("inCidr", Json{{"Ref", "Cidr"}}, "0.0.0.0/0"));
  EXPECT_FALSE(holdsFor("inCidr", 10, "0.0.0.0/0"));
  const auto& info = operatorNamed("inCidr");
  ASSERT_NE(info.validate, nullptr);
  EXPECT_EQ(info.validate("10.0.0.0/8"), "");
  EXPECT_EQ(info.validate(Json::array({"10.0.0.0/8", "::/0"})), "");
  EXPECT_NE(info.validate("10.0.0.0/40"), "");
  EXPECT_NE(info.validate(Json::array({"10.0.0.0/8", 5})), "");
  EXPECT_NE(info.validate(8), "");
}

TEST(OperatorInCidr, NoWiderThanBefore) {
  // `change.new inCidr change.old`: the network-exposure preset's test for a wider block.
  DiffFixture f;
  auto sides =
      f.both(resource("In", "AWS::EC2::SecurityGroupIngress", {{"Properties", {{"CidrIp", "x"}}}}));
  auto narrower = f.update(sides, "Properties.CidrIp", Json("10.0.0.0/8"), Json("10.2.0.0/16"));
  auto wider = f.update(sides, "Properties.CidrIp", Json("10.2.0.0/16"), Json("10.0.0.0/8"));
  auto ids = reached(f, rule("r", {changes("change")},
                             {negate(compare(path("change.new"), "inCidr", path("change.old")))},
                             effect("change", Risk::High)));
  EXPECT_EQ(ids, (std::vector<std::string>{f.op(wider).id}));
  EXPECT_NE(f.op(narrower).id, f.op(wider).id);
}

}  // namespace
}  // namespace c2a::rules::testing
