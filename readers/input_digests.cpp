#include "readers/input_digests.h"

#include <map>
#include <mutex>
#include <set>

#include "model/sha256.h"

namespace c2a {
namespace {

// Both sides are read on threads of their own (engine/pipeline/read_model.cpp).
struct Digests {
  std::mutex mutex;
  std::set<std::string, std::less<>> wanted;
  std::map<std::string, std::string, std::less<>> read;
};

Digests& digests() {
  static Digests instance;
  return instance;
}

}  // namespace

void wantInputDigest(const std::string& file) {
  auto& all = digests();
  const std::lock_guard lock(all.mutex);
  all.wanted.insert(file);
}

void noteInputRead(const std::string& file, std::string_view bytes) {
  auto& all = digests();
  {
    const std::lock_guard lock(all.mutex);
    if (!all.wanted.contains(file)) return;
  }
  auto digest = sha256Hex(bytes);  // outside the lock: the other side hashes at the same time
  const std::lock_guard lock(all.mutex);
  all.read[file] = std::move(digest);
}

std::optional<std::string> inputDigestRead(const std::string& file) {
  auto& all = digests();
  const std::lock_guard lock(all.mutex);
  auto found = all.read.find(file);
  if (found == all.read.end()) return std::nullopt;
  return found->second;
}

}  // namespace c2a
