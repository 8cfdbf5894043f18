#pragma once
// Parsing a cloud assembly's stack templates on several threads while the mapper, which builds
// one InfraModel and so stays on one thread, takes them in order (issue 14: a 100-stack
// assembly uses every core). The mapper sees the same documents in the same order as when it
// reads them itself, so the model and the report do not depend on the number of threads.
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "readers/source_document.h"
#include "readers/read_limits.h"

namespace c2a {

class TemplatePrefetch {
 public:
  /// Starts parsing `files` ahead, on limits.jobs threads (0: one per core; 1: none, each file
  /// is read when taken). At most a few parsed documents wait to be taken at any time.
  TemplatePrefetch(std::vector<std::string> files, const ReadLimits& limits);
  /// Stops the threads (each finishes the file it is parsing) and waits for them.
  ~TemplatePrefetch();
  TemplatePrefetch(const TemplatePrefetch&) = delete;
  TemplatePrefetch& operator=(const TemplatePrefetch&) = delete;

  /// files[index] parsed, as readSourceFile gives it (its C2aError rethrown here). Indices are
  /// taken in increasing order, each at most once.
  SourceDocument take(std::size_t index);

 private:
  struct Slot {
    std::optional<SourceDocument> document;
    std::exception_ptr error;
    bool done = false;
    bool skipped = false;  // not a regular file: read when taken, where the mapper says why
  };
  void work();

  std::vector<std::string> files_;
  ReadLimits limits_;
  std::size_t window_ = 0;  // parsed documents that may wait
  std::mutex mutex_;
  std::condition_variable ready_;  // a slot is done
  std::condition_variable room_;   // a document was taken, or the prefetch stops
  std::vector<Slot> slots_;
  std::size_t next_ = 0;   // the next file a thread parses
  std::size_t taken_ = 0;  // files taken so far
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace c2a
