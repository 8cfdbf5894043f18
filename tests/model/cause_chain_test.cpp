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

TEST(CauseChain, ALongChainIsWalkedOnceForEveryRoot) {
  // 3,000 replacements one after the other: the roots come from one pass, not a walk per link.
  std::vector<Operation> ops;
  for (int i = 0; i < 3000; ++i) {
    ops.push_back(op("q" + std::to_string(i), "Q" + std::to_string(i), OperationType::Replace,
                     i == 0 ? "" : "q" + std::to_string(i - 1)));
  }
  CauseIndex causes(ops);
  for (std::size_t i = 0; i < ops.size(); ++i) EXPECT_EQ(causes.root(i), 0u);
  auto chain = causes.chain(2999);
  ASSERT_EQ(chain.size(), 3000u);
  EXPECT_EQ(chain.front(), 2999u);
  EXPECT_EQ(chain.back(), 0u);
  EXPECT_EQ(causes.length(2999), 3000u);
  EXPECT_EQ(causes.length(0), 1u);
  EXPECT_EQ(causes.chain(2999, 3), (std::vector<std::size_t>{2999, 2998, 2997}));
}

TEST(CauseChain, ACycleEndsWhereItClosesFromEveryStart) {
  // d -> a -> b -> c -> a: each chain stops before its first repeat.
  std::vector<Operation> ops{
      op("a", "A", OperationType::Update, "b"), op("b", "B", OperationType::Update, "c"),
      op("c", "C", OperationType::Update, "a"), op("d", "D", OperationType::Update, "a")};
  CauseIndex causes(ops);
  EXPECT_EQ(causes.chain(3), (std::vector<std::size_t>{3, 0, 1, 2}));
  EXPECT_EQ(causes.chain(1), (std::vector<std::size_t>{1, 2, 0}));
  EXPECT_EQ(causes.root(3), 2u);
  EXPECT_EQ(causes.root(1), 0u);
  EXPECT_EQ(causes.length(3), 4u);
  EXPECT_EQ(causes.chain(3, 2), (std::vector<std::size_t>{3, 0}));
}

TEST(CauseChain, ALongLoopIsWalkedOnce) {
  // 3,000 changes each caused by the next, the last by the first, and a tail of 3,000 leading
  // into the loop: lengths and roots from one pass, chains without a search for repeats.
  constexpr int kLoop = 3000;
  std::vector<Operation> ops;
  for (int i = 0; i < kLoop; ++i) {
    ops.push_back(op("l" + std::to_string(i), "L", OperationType::Update,
                     "l" + std::to_string((i + 1) % kLoop)));
  }
  for (int i = 0; i < kLoop; ++i) {
    ops.push_back(op("t" + std::to_string(i), "T", OperationType::Update,
                     i + 1 < kLoop ? "t" + std::to_string(i + 1) : "l0"));
  }
  CauseIndex causes(ops);
  for (std::size_t i = 0; i < kLoop; ++i) {
    EXPECT_EQ(causes.length(i), std::size_t{kLoop});
    EXPECT_EQ(causes.root(i), (i + kLoop - 1) % kLoop);
  }
  EXPECT_EQ(causes.length(kLoop), std::size_t{2 * kLoop});  // t0: the tail, then once around
  EXPECT_EQ(causes.root(kLoop), std::size_t{kLoop - 1});
  auto chain = causes.chain(kLoop);
  ASSERT_EQ(chain.size(), std::size_t{2 * kLoop});
  EXPECT_EQ(chain[kLoop - 1], std::size_t{2 * kLoop - 1});
  EXPECT_EQ(chain[kLoop], 0u);
  EXPECT_EQ(causes.chain(5, 3), (std::vector<std::size_t>{5, 6, 7}));
  EXPECT_EQ(causes.chain(kLoop - 1, 2), (std::vector<std::size_t>{kLoop - 1, 0}));
}

TEST(CauseChain, ACauseOfItsOwnIsAChainOfOne) {
  std::vector<Operation> ops{op("a", "A", OperationType::Update, "a")};
  CauseIndex causes(ops);
  EXPECT_EQ(causes.chain(0), (std::vector<std::size_t>{0}));
  EXPECT_EQ(causes.root(0), 0u);
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
