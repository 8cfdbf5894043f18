#pragma once
#include <algorithm>
#include <cstddef>
#include <map>
#include <string>
#include <thread>

namespace c2a {

/// The most --max-depth may be: the walks over a document recurse once per level, and deeper than
/// this the reference walk refuses a template anyway. A bound, so that raising the limit can never
/// trade an error for a stack overflow.
inline constexpr int kMaxDepthLimit = 1024;

/// The options that stop an input before it takes memory: what an out-of-memory names
/// (model/current_work.h).
inline constexpr const char* kReadLimitOptions = "--max-input-bytes or --max-nodes";

/// Explicit limits for untrusted input (a template, an assembly's templates, a spec file).
struct ReadLimits {
  std::size_t maxInputBytes = std::size_t{64} << 20;  // per file
  int maxDepth = 128;                                 // nesting of objects and arrays
  std::size_t maxNodes = 4'000'000;  // values after YAML alias expansion (billion laughs)
  /// Threads that read BEFORE and AFTER, and a cloud assembly's stack templates, side by side,
  /// and that then share the diff's pairs and the rules (--jobs); 0: one per core. What is read,
  /// and the report, are the same for any number.
  unsigned jobs = 0;
  /// Where the nested templates of a template file are (--nested-template KEY=FILE), besides a
  /// local TemplateURL: KEY is a nested stack's logical id, its path (`Parent/Child`) or its
  /// TemplateURL as written. Not a limit, but read wherever templates are.
  std::map<std::string, std::string> nestedTemplates;
  /// The same for one side of a diff only (--before-nested-template, --after-nested-template),
  /// over nestedTemplates: engine/pipeline/read_model.h merges them per side.
  std::map<std::string, std::string> beforeNestedTemplates;
  std::map<std::string, std::string> afterNestedTemplates;

  /// The threads `jobs` stands for: itself, or one per core (at least one) for 0.
  [[nodiscard]] unsigned threads() const {
    return jobs != 0 ? jobs : std::max(1U, std::thread::hardware_concurrency());
  }
};

}  // namespace c2a
