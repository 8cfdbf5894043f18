#pragma once
// The readers of c2a's inputs behind one interface: each says whether it accepts an input and
// maps what it accepts into an InfraModel. loadInput (input.h) asks them in table order; a new
// input format is one reader and one line in inputReaders().
#include <span>
#include <string>
#include <string_view>

#include "model/error.h"
#include "model/infra_model.h"
#include "readers/read_limits.h"

namespace c2a {

/// What a reader sees of an input before it is read: its path, whether it is a directory, and
/// for a file its first bytes (enough to recognise a format).
struct InputProbe {
  std::string path;
  bool directory = false;
  std::string head;  // the first kProbeBytes of a file; empty for a directory
};

inline constexpr std::size_t kProbeBytes = 4096;

struct InputReader {
  std::string_view name;     // "cloud-assembly", "change-set", "template"
  std::string_view summary;  // what it reads, for docs and messages
  bool (*accepts)(const InputProbe& probe);
  /// Maps the input. Throws C2aError (InvalidInput, located) for what it cannot map.
  InfraModel (*read)(const std::string& path, const ReadLimits& limits, Diagnostics& warnings);
};

/// Every reader, most specific first; the last (templates) accepts any file.
std::span<const InputReader> inputReaders();

}  // namespace c2a
