#include "model/cause_chain.h"

#include <gtest/gtest.h>

namespace c2a {
namespace {

Operation op(std::string id, std::string name, OperationType type, std::string cause = "") {
  Operation o;
  o.id = std::move(id);
  o.name = std::move(name);
  o.type = type;
  if (!cause.empty()) o.cause = Cause{std::move(cause), "because"};
  return o;
}

TEST(CauseChain, FollowsCausesToTheRoot) {
  std::vector<Operation> ops{op("b-name", "Bucket", OperationType::Update),
                             op("b-replace", "Bucket", OperationType::Replace, "b-name"),
                             op("q-ref", "Queue", OperationType::Update, "b-replace"),
                             op("q-replace", "Queue", OperationType::Replace, "q-ref")};
  CauseIndex causes(ops);
  EXPECT_EQ(causes.chain(3), (std::vector<std::size_t>{3, 2, 1, 0}));
  EXPECT_EQ(causes.root(3), 0u);
  EXPECT_EQ(causes.root(0), 0u);
  EXPECT_EQ(causes.find("q-ref"), 2u);
  EXPECT_FALSE(causes.find("nope"));
}

TEST(CauseChain, ACycleOrAMissingCauseEndsTheChain) {
  std::vector<Operation> ops{op("a", "A", OperationType::Update, "b"),
                             op("b", "B", OperationType::Update, "a"),
                             op("c", "C", OperationType::Update, "gone")};
  CauseIndex causes(ops);
  EXPECT_EQ(causes.chain(0), (std::vector<std::size_t>{0, 1}));
  EXPECT_EQ(causes.chain(2), (std::vector<std::size_t>{2}));
}

TEST(CauseChain, SameComponentByIndexThenByNameForTypeChanges) {
  auto removed = op("r", "Thing", OperationType::Remove);
  removed.before = 4;
  auto inserted = op("i", "Thing", OperationType::Insert);
  inserted.after = 7;
  EXPECT_TRUE(sameComponent(removed, inserted));  // a type change: one logical id
  auto other = op("o", "Other", OperationType::Insert);
  other.after = 8;
  EXPECT_FALSE(sameComponent(inserted, other));
  auto elsewhere = inserted;
  elsewhere.stack = "Other";
  EXPECT_FALSE(sameComponent(inserted, elsewhere));
}

}  // namespace
}  // namespace c2a
