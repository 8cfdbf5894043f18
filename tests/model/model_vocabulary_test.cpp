// The model's small pieces: decisions to verdicts, change titles, hashes, paths, locations.
#include <gtest/gtest.h>

#include "model/change_title.h"
#include "model/location_table.h"
#include "model/path.h"
#include "model/sha256.h"
#include "model/verdict.h"

namespace c2a {
namespace {

Decision decided(Action action) {
  Decision d;
  d.action = action;
  return d;
}

TEST(Verdict, RejectWinsThenReviewAndNothingIsApprovedByAccident) {
  EXPECT_EQ(summarize({}).verdict, Verdict::Approved);  // no change
  EXPECT_EQ(summarize({decided(Action::Approve)}).verdict, Verdict::Approved);
  EXPECT_EQ(summarize({decided(Action::Approve), decided(Action::None)}).verdict, Verdict::Review);
  auto rejected =
      summarize({decided(Action::None), decided(Action::Reject), decided(Action::Approve)});
  EXPECT_EQ(rejected.verdict, Verdict::Rejected);
  EXPECT_EQ(rejected.changes, 3u);
  EXPECT_EQ(rejected.rejected, 1u);
  EXPECT_EQ(rejected.review, 1u);
  EXPECT_EQ(rejected.approved, 1u);
  // A default decision (no rule) needs a human.
  EXPECT_EQ(summarize({Decision{}}).verdict, Verdict::Review);
}

TEST(ChangeTitle, NamesTheChangeInAFewWords) {
  Operation op;
  op.name = "Bucket";
  op.type = OperationType::Replace;
  EXPECT_EQ(changeTitle(op), "Bucket replacement");
  op.type = OperationType::Update;
  op.property = PropertyChange{};
  op.property->path = {"Properties", "BucketName"};
  EXPECT_EQ(changeTitle(op), "Bucket Properties.BucketName changed");
  op.componentType = ComponentType::Parameter;
  op.name = "Stage";
  op.property->path = {"Default"};
  op.stack = "App";
  EXPECT_EQ(changeTitle(op), "App/Parameter Stage Default changed");
  op.type = OperationType::Rename;
  op.oldName = "Old";
  EXPECT_EQ(changeTitle(op), "App/Parameter Stage renamed from Old");
}

TEST(ChangeTitle, ACdkResourceLeadsWithItsConstructPath) {
  Operation op;
  op.stack = "Orders";
  op.name = "ArchiveDA4CB258";
  op.label = "Archive";
  op.type = OperationType::Replace;
  EXPECT_EQ(changeTitle(op), "Orders/Archive (ArchiveDA4CB258) replacement");
  op.type = OperationType::Rename;
  op.oldName = "ArchiveOld1234";
  EXPECT_EQ(changeTitle(op), "Orders/Archive (ArchiveDA4CB258) renamed from ArchiveOld1234");
  op.label = op.name;  // a path that is the logical id says nothing more
  EXPECT_EQ(changeTitle(op), "Orders/ArchiveDA4CB258 renamed from ArchiveOld1234");
}

TEST(Sha256, KnownDigests) {
  EXPECT_EQ(sha256Hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  Sha256 hasher;
  hasher.update("ab");
  hasher.update("c");
  EXPECT_EQ(hasher.hex(), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

// One reading of an array index for every stage that walks a path (the rules, valueAt, the
// dependency-cycle check): a change's path writes indexes canonically, so only that form names one.
TEST(Path, AnArrayIndexIsCanonicalDigits) {
  EXPECT_EQ(arrayIndex("0"), 0U);
  EXPECT_EQ(arrayIndex("12"), 12U);
  for (const char* notAnIndex :
       {"", "012", "00", "+1", "-1", "1a", " 1", "1.0", "99999999999999999999999999"}) {
    EXPECT_EQ(arrayIndex(notAnIndex), std::nullopt) << notAnIndex;
  }
  const Json root = Json::parse(R"({"Tags": [{"Value": "a"}, {"Value": "b"}]})");
  ASSERT_NE(valueAt(root, {"Tags", "1", "Value"}), nullptr);
  EXPECT_EQ(*valueAt(root, {"Tags", "1", "Value"}), "b");
  EXPECT_EQ(valueAt(root, {"Tags", "01", "Value"}), nullptr);
  EXPECT_EQ(valueAt(root, {"Tags", "2"}), nullptr);
}

TEST(Path, DottedAndPointerForms) {
  Path path{"Properties", "Tags", "1", "Value"};
  EXPECT_EQ(toDotted(path), "Properties.Tags.1.Value");
  EXPECT_EQ(toPointer(path), "/Properties/Tags/1/Value");
  EXPECT_EQ(fromDotted("Properties.Tags.1.Value"), path);
  EXPECT_EQ(toDotted({}), "");
  // A key's own dots and percent signs are encoded, so every dot separates segments.
  Path dotted{"Condition", "StringEquals", "aws:PrincipalTag/team.Tags", "50%"};
  EXPECT_EQ(toDotted(dotted), "Condition.StringEquals.aws:PrincipalTag/team%2ETags.50%25");
  EXPECT_EQ(fromDotted(toDotted(dotted)), dotted);
}

TEST(LocationTable, FallsBackToTheNearestEnclosingValue) {
  LocationTable table("t.yaml");
  table.add("/Resources/Bucket", 4, 3);
  table.add("/Resources/Bucket/Properties/BucketName", 7, 7);
  EXPECT_EQ(table.find("/Resources/Bucket/Properties/BucketName").str(), "t.yaml:7:7");
  // An inserted element has no entry of its own on the side that lacks it: its parent is shown.
  EXPECT_EQ(table.find("/Resources/Bucket/Properties/Tags/0").str(), "t.yaml:4:3");
  EXPECT_FALSE(table.find("/Outputs/X").known());
}

// The index grows from nothing (and from a reserve too small) without losing a child; the same
// segment under two parents is two values; a value added again takes its later position.
TEST(LocationTable, KeepsEveryChildAsItGrows) {
  LocationTable table("t.json");
  table.reserve(3);
  auto resources = table.addChild(LocationTable::kRoot, "Resources", 2, 3);
  for (int i = 0; i < 5000; ++i) {
    auto name = "R" + std::to_string(i);
    auto node = table.addChild(resources, name, 3 + i, 5);
    table.addChild(node, "Type", 3 + i, 9);
    table.addChild(node, std::to_string(i % 7), 3 + i, 20 + i % 7);
  }
  table.addChild(resources, "R10", 9000, 1);
  EXPECT_EQ(table.find("/Resources").str(), "t.json:2:3");
  EXPECT_EQ(table.find("/Resources/R0/Type").str(), "t.json:3:9");
  EXPECT_EQ(table.find("/Resources/R4999/Type").str(), "t.json:5002:9");
  EXPECT_EQ(table.find("/Resources/R4999/1").str(), "t.json:5002:21");
  EXPECT_EQ(table.find("/Resources/R10").str(), "t.json:9000:1");
  EXPECT_EQ(table.find("/Resources/R10/Type").str(), "t.json:13:9");
  EXPECT_EQ(table.find("/Resources/R11/Type/Missing").str(), "t.json:14:9");
  EXPECT_EQ(table.find("/Resources/R5000").str(), "t.json:2:3");
  EXPECT_EQ(table.size(), 1 + 3 * 5000U);
}

// A step without a position of its own (a YAML value the parser gave no mark for) is found
// through, to the nearest value that has one, and keeps a position it is given later.
TEST(LocationTable, AStepWithoutAPositionIsFoundThrough) {
  LocationTable table("t.yaml");
  table.setRoot(1, 1);
  auto list = table.child(LocationTable::kRoot, "List");
  auto item = table.element(list, 2);
  table.addChild(item, "Key", 5, 7);
  EXPECT_EQ(table.find("/List/2/Key").str(), "t.yaml:5:7");
  EXPECT_EQ(table.find("/List/2").str(), "t.yaml:1:1");
  EXPECT_EQ(table.size(), 2U);
  EXPECT_EQ(table.addElement(list, 2, 4, 5), item);
  EXPECT_EQ(table.child(list, "2"), item);
  EXPECT_EQ(table.find("/List/2").str(), "t.yaml:4:5");
  EXPECT_EQ(table.size(), 3U);
}

}  // namespace
}  // namespace c2a
