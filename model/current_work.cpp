#include "model/current_work.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <new>

namespace c2a {
namespace {

thread_local const CurrentWork* innermost = nullptr;

// Written once, by the first failing allocation's handler (several threads may fail at once).
std::atomic_flag recorded = ATOMIC_FLAG_INIT;
char failedWhat[512];
char failedLimitsText[160];

void copyTruncated(char* to, std::size_t size, const std::string& from) {
  auto n = std::min(size - 1, from.size());
  std::memcpy(to, from.data(), n);
  to[n] = '\0';
}

}  // namespace

CurrentWork::CurrentWork(std::string what, std::string limits)
    : what_(std::move(what)), limits_(std::move(limits)), outer_(innermost) {
  innermost = this;
}

CurrentWork::~CurrentWork() {
  innermost = outer_;
}

void CurrentWork::throwOnOutOfMemory() {
  std::set_new_handler([] {
    if (innermost != nullptr && !recorded.test_and_set()) {
      copyTruncated(failedWhat, sizeof failedWhat, innermost->what_);
      copyTruncated(failedLimitsText, sizeof failedLimitsText, innermost->limits_);
    }
    throw std::bad_alloc();
  });
}

const CurrentWork* CurrentWork::current() {
  return innermost;
}

CurrentWork::Borrowed::Borrowed(const CurrentWork* work) : outer_(innermost) {
  innermost = work;
}

CurrentWork::Borrowed::~Borrowed() {
  innermost = outer_;
}

const char* CurrentWork::failedWhile() {
  return failedWhat;
}
const char* CurrentWork::failedLimits() {
  return failedLimitsText;
}

}  // namespace c2a
