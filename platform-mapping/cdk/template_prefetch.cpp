#include "platform-mapping/cdk/template_prefetch.h"

#include <algorithm>
#include <filesystem>
#include <system_error>

namespace c2a {
namespace {

constexpr unsigned kMaxThreads = 64;

unsigned threadCount(const ReadLimits& limits, std::size_t files) {
  unsigned wanted = std::min(limits.threads(), kMaxThreads);
  return static_cast<unsigned>(std::min<std::size_t>(wanted, files));
}

}  // namespace

TemplatePrefetch::TemplatePrefetch(std::vector<std::string> files, const ReadLimits& limits)
    : files_(std::move(files)), limits_(limits), slots_(files_.size()) {
  unsigned threads = threadCount(limits, files_.size());
  if (threads <= 1) return;  // one thread: take() reads each file itself, as the mapper would
  window_ = 2 * static_cast<std::size_t>(threads);
  threads_.reserve(threads);
  try {
    for (unsigned i = 0; i < threads; ++i) threads_.emplace_back([this] { work(); });
  } catch (const std::system_error&) {
    // No more threads to be had (a process limit): those that started do the work; with none,
    // take() reads each file itself.
  }
}

TemplatePrefetch::~TemplatePrefetch() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  room_.notify_all();
  for (auto& thread : threads_) thread.join();
}

void TemplatePrefetch::work() {
  while (true) {
    std::size_t index = 0;
    {
      std::unique_lock lock(mutex_);
      room_.wait(
          lock, [this] { return stopping_ || next_ >= files_.size() || next_ < taken_ + window_; });
      if (stopping_ || next_ >= files_.size()) return;
      index = next_++;
    }
    Slot slot;
    std::error_code ec;
    // A FIFO or a device could block or run on: the mapper refuses anything but a regular file
    // before reading it, so only regular files are read ahead.
    if (!std::filesystem::is_regular_file(files_[index], ec)) {
      slot.skipped = true;
    } else {
      try {
        slot.document = readSourceFile(files_[index], limits_);
      } catch (...) {
        slot.error = std::current_exception();
      }
    }
    {
      std::lock_guard lock(mutex_);
      slot.done = true;
      slots_[index] = std::move(slot);
    }
    ready_.notify_all();
  }
}

SourceDocument TemplatePrefetch::take(std::size_t index) {
  if (threads_.empty()) return readSourceFile(files_.at(index), limits_);
  Slot slot;
  {
    std::unique_lock lock(mutex_);
    // The files before `index` will not be taken: the threads may read up to it and beyond.
    taken_ = std::max(taken_, index);
    room_.notify_all();
    ready_.wait(lock, [&] { return slots_.at(index).done; });
    slot = std::move(slots_[index]);
    taken_ = std::max(taken_, index + 1);
  }
  room_.notify_all();
  if (slot.error) std::rethrow_exception(slot.error);
  if (slot.skipped || !slot.document) return readSourceFile(files_[index], limits_);
  return std::move(*slot.document);
}

}  // namespace c2a
