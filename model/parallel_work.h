#pragma once
// Work spread over threads whose result does not depend on how many (--jobs): each index's work
// writes only its own slot, and a failure is the one the same work on one thread would have met.
#include <atomic>
#include <cstddef>
#include <functional>
#include <memory>
#include <utility>

namespace c2a {

/// Runs work(index, worker) for every index in [0, count), on up to `threads` threads (the
/// calling one among them; `worker` < threads tells them apart, for state each keeps). Indexes
/// are taken in increasing order; once one throws, no new one is taken, and the exception of the
/// lowest index that threw is rethrown when all have stopped: the one a single thread meets first.
void forEachIndex(std::size_t count, unsigned threads,
                  const std::function<void(std::size_t index, unsigned worker)>& work);

/// One value per index, built the first time it is asked for, possibly by several threads at
/// once: each build gives the same value, so the first one installed is kept and the others
/// dropped. Sized once, before it is shared.
template <class T>
class LazySlots {
 public:
  explicit LazySlots(std::size_t count = 0)
      : slots_(std::make_unique<std::atomic<T*>[]>(count)), count_(count) {}
  ~LazySlots() { clear(); }
  LazySlots(const LazySlots&) = delete;
  LazySlots& operator=(const LazySlots&) = delete;
  LazySlots(LazySlots&& other) noexcept
      : slots_(std::move(other.slots_)), count_(std::exchange(other.count_, 0)) {}
  LazySlots& operator=(LazySlots&& other) noexcept {
    if (this != &other) {
      clear();
      slots_ = std::move(other.slots_);
      count_ = std::exchange(other.count_, 0);
    }
    return *this;
  }

  [[nodiscard]] std::size_t size() const { return count_; }

  /// The value at `index`, made by build() (returning a std::unique_ptr<T>) if there is none yet.
  template <class Build>
  const T& get(std::size_t index, Build&& build) const {
    T* seen = slots_[index].load(std::memory_order_acquire);
    if (seen != nullptr) return *seen;
    std::unique_ptr<T> made = build();
    if (slots_[index].compare_exchange_strong(seen, made.get(), std::memory_order_acq_rel,
                                              std::memory_order_acquire)) {
      return *made.release();
    }
    return *seen;  // another thread's, the same value
  }

 private:
  void clear() {
    // default_delete refuses an incomplete T, as a unique_ptr would.
    for (std::size_t i = 0; i < count_; ++i) {
      std::default_delete<T>{}(slots_[i].load(std::memory_order_relaxed));
    }
  }

  std::unique_ptr<std::atomic<T*>[]> slots_;
  std::size_t count_ = 0;
};

}  // namespace c2a
