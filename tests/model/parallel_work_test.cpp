// forEachIndex and LazySlots: what the threads of --jobs rest on.
#include "model/parallel_work.h"

#include <gtest/gtest.h>

#include <atomic>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "model/current_work.h"

namespace c2a {
namespace {

TEST(ForEachIndex, EveryIndexRunsOnceOnAnyNumberOfThreads) {
  for (unsigned threads : {0U, 1U, 2U, 7U, 64U}) {
    for (std::size_t count : {std::size_t{0}, std::size_t{1}, std::size_t{5}, std::size_t{1000}}) {
      std::vector<std::atomic<int>> runs(count);
      std::atomic<unsigned> highestWorker{0};
      forEachIndex(count, threads, [&](std::size_t index, unsigned worker) {
        runs[index].fetch_add(1);
        unsigned seen = highestWorker.load();
        while (worker > seen && !highestWorker.compare_exchange_weak(seen, worker)) {
        }
      });
      for (std::size_t i = 0; i < count; ++i) EXPECT_EQ(runs[i].load(), 1) << i;
      EXPECT_LT(highestWorker.load(), std::max(1U, threads));
    }
  }
}

// The failure is the one a single thread meets first, however the threads interleave.
TEST(ForEachIndex, TheLowestIndexThatThrowsIsRethrown) {
  for (int attempt = 0; attempt < 20; ++attempt) {
    for (unsigned threads : {1U, 2U, 4U}) {
      try {
        forEachIndex(500, threads, [](std::size_t index, unsigned /*worker*/) {
          if (index == 400) throw std::runtime_error("400");
          if (index == 123 || index == 321) {
            std::this_thread::yield();
            throw std::runtime_error(std::to_string(index));
          }
        });
        ADD_FAILURE() << "nothing was thrown";
      } catch (const std::runtime_error& error) {
        EXPECT_EQ(std::string(error.what()), "123") << threads << " threads";
      }
    }
  }
}

// An out-of-memory in a thread names the work the stage that started it was doing.
TEST(ForEachIndex, EveryThreadWorksOnTheCallersWork) {
  const CurrentWork work("comparing a.json with b.json", "--max-nodes");
  std::vector<const CurrentWork*> seen(200, nullptr);
  forEachIndex(200, 4, [&](std::size_t index, unsigned /*worker*/) {
    seen[index] = CurrentWork::current();
  });
  for (const auto* scope : seen) EXPECT_EQ(scope, &work);
  EXPECT_EQ(CurrentWork::current(), &work);
}

TEST(LazySlots, EachValueIsBuiltOnceKeptAndSharedByEveryThread) {
  LazySlots<std::string> slots(64);
  std::vector<std::vector<const std::string*>> seen(4, std::vector<const std::string*>(64));
  forEachIndex(4, 4, [&](std::size_t thread, unsigned /*worker*/) {
    for (std::size_t i = 0; i < 64; ++i) {
      seen[thread][i] =
          &slots.get(i, [&] { return std::make_unique<std::string>(std::to_string(i * i)); });
    }
  });
  for (std::size_t i = 0; i < 64; ++i) {
    EXPECT_EQ(*seen[0][i], std::to_string(i * i));
    for (const auto& thread : seen) EXPECT_EQ(thread[i], seen[0][i]) << "slot " << i;
  }
  int builds = 0;
  const auto& kept = slots.get(3, [&] {
    ++builds;
    return std::make_unique<std::string>("again");
  });
  EXPECT_EQ(builds, 0);
  EXPECT_EQ(kept, "9");
}

}  // namespace
}  // namespace c2a
