#pragma once
// How long each stage of `c2a diff` takes, for bench/measure.py and docs/performance.md. The
// engine and the CLI time the stages from outside (stages themselves never print): with
// C2A_TIMINGS=1 in the environment, a StageTimer prints `c2a timing: STAGE MS` (milliseconds, on
// standard error) when stopped or destroyed. Otherwise it prints nothing and changes nothing.
#include <chrono>
#include <cstdio>
#include <cstdlib>

namespace c2a {

inline bool stageTimingsOn() {
  static const bool on = [] {
    const char* value = std::getenv("C2A_TIMINGS");
    return value != nullptr && *value != '\0' && *value != '0';
  }();
  return on;
}

class StageTimer {
 public:
  explicit StageTimer(const char* stage)
      : stage_(stageTimingsOn() ? stage : nullptr), start_(std::chrono::steady_clock::now()) {}
  StageTimer(const StageTimer&) = delete;
  StageTimer& operator=(const StageTimer&) = delete;
  ~StageTimer() { stop(); }

  /// Prints the time since construction, once.
  void stop() {
    if (stage_ == nullptr) return;
    std::chrono::duration<double, std::milli> took = std::chrono::steady_clock::now() - start_;
    std::fprintf(stderr, "c2a timing: %s %.3f\n", stage_, took.count());
    stage_ = nullptr;
  }

 private:
  const char* stage_;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace c2a
