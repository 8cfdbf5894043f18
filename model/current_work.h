#pragma once
// What the run is working on, for the one message an out-of-memory ends with (cli/main.cpp): by
// the time the exception reaches main, the stack that knew has unwound. A scope names the work
// and the limit options that would have stopped its input earlier; scopes nest per thread. The
// new-handler (installed by main) copies the failing thread's innermost scope aside before it
// throws std::bad_alloc, without allocating: that is all it may do then.
#include <string>

namespace c2a {

class CurrentWork {
 public:
  /// `what`: "reading after.json"; `limits`: "--max-nodes or --max-input-bytes" (may be empty).
  CurrentWork(std::string what, std::string limits);
  CurrentWork(const CurrentWork&) = delete;
  CurrentWork& operator=(const CurrentWork&) = delete;
  ~CurrentWork();

  /// Installs the new-handler that remembers the current work and throws std::bad_alloc (also
  /// where the allocator is C code that would otherwise abort: Debian's mimalloc).
  static void throwOnOutOfMemory();

  /// The work an allocation failed in, as the handler saw it: "reading after.json" and its
  /// limits; empty strings when no scope was open (or no allocation failed).
  static const char* failedWhile();
  static const char* failedLimits();

  /// The calling thread's innermost scope; null when none is open.
  static const CurrentWork* current();

  /// Makes another thread's scope this thread's innermost while it lives: a thread a stage starts
  /// (parallel_work.h) works on what the stage works on. `work` must outlive it.
  class Borrowed {
   public:
    explicit Borrowed(const CurrentWork* work);
    Borrowed(const Borrowed&) = delete;
    Borrowed& operator=(const Borrowed&) = delete;
    ~Borrowed();

   private:
    const CurrentWork* outer_;
  };

 private:
  std::string what_;
  std::string limits_;
  const CurrentWork* outer_;
};

}  // namespace c2a
