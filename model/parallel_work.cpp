#include "model/parallel_work.h"

#include <algorithm>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "model/current_work.h"

namespace c2a {

void forEachIndex(std::size_t count, unsigned threads,
                  const std::function<void(std::size_t index, unsigned worker)>& work) {
  const auto workers = static_cast<unsigned>(std::min<std::size_t>(std::max(1U, threads), count));
  if (workers <= 1) {
    for (std::size_t i = 0; i < count; ++i) work(i, 0);
    return;
  }
  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  std::mutex mutex;
  std::size_t failedAt = count;
  std::exception_ptr failure;
  const CurrentWork* doing = CurrentWork::current();  // what an out-of-memory names, every thread
  auto run = [&](unsigned worker) {
    const CurrentWork::Borrowed same(doing);
    while (!failed.load(std::memory_order_relaxed)) {
      const auto index = next.fetch_add(1);
      if (index >= count) return;
      try {
        work(index, worker);
      } catch (...) {
        const std::lock_guard<std::mutex> lock(mutex);
        if (index < failedAt) {
          failedAt = index;
          failure = std::current_exception();
        }
        failed.store(true, std::memory_order_relaxed);
      }
    }
  };
  std::vector<std::thread> helpers;
  helpers.reserve(workers - 1);
  for (unsigned w = 1; w < workers; ++w) {
    try {
      helpers.emplace_back(run, w);
    } catch (...) {
      break;  // no thread (or no memory for one): those started and this one do it all
    }
  }
  run(0);
  for (auto& helper : helpers) helper.join();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace c2a
