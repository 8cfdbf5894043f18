#include "tests/cases/hostile_case.h"

#include <sys/wait.h>
#include <unistd.h>

#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>

#include "tests/cases/case_files.h"
#include "tests/cases/hostile_inputs.h"
#include "tests/support/paths.h"

namespace c2a::testing {
namespace {

namespace fs = std::filesystem;

// Generous for a 2-core CI machine under ASan; the cases take well under a second without.
constexpr int kSecondsBound = 60;
constexpr long kMemoryBoundKiB = 4L << 20;  // 4 GiB of address space

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif
#else
constexpr bool kSanitized = false;
#endif

std::vector<std::string> words(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  std::string word;
  while (in >> word) out.push_back(word);
  return out;
}

/// Every path under `dir`, relative to it, sorted: what a run left behind is the difference.
std::set<std::string> pathsUnder(const fs::path& dir) {
  std::set<std::string> paths;
  // With error codes: a symlink loop among the files must not stop the listing.
  std::error_code ec;
  for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    paths.insert(it->path().lexically_relative(dir).generic_string());
  }
  return paths;
}

/// A fresh copy of the case folder, generated inputs added.
fs::path scratchCopy(const fs::path& dir) {
  auto scratch = fs::temp_directory_path() /
                 ("c2a-hostile-" + std::to_string(::getpid()) + "-" + dir.filename().string());
  fs::remove_all(scratch);
  fs::create_directories(scratch);
  for (const auto& entry : fs::directory_iterator(dir)) {
    auto name = entry.path().filename().string();
    if (name == "expected.txt" || name == "args.txt" || name == "generate.txt") continue;
    fs::copy(entry.path(), scratch / name, fs::copy_options::recursive);
  }
  if (fs::exists(dir / "generate.txt")) {
    for (const auto& line : expectationLines(dir / "generate.txt")) {
      auto parts = words(line);
      if (parts.size() < 2) throw std::runtime_error("generate.txt: " + line);
      generateInput(scratch / parts[0], parts[1], parts.size() > 2 ? parts[2] : "");
    }
  }
  return scratch;
}

std::string shellQuoted(const std::string& word) {
  std::string out = "'";
  for (char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// `address-space.txt`: the KiB of address space a case runs in instead of the bound (to run out of
// memory on purpose).
std::optional<long> addressSpaceKiB(const fs::path& dir) {
  if (!fs::exists(dir / "address-space.txt")) return std::nullopt;
  return std::stol(readFile(dir / "address-space.txt"));
}

}  // namespace

bool hostileCaseRunsHere(const fs::path& dir) {
  // A sanitizer reserves terabytes of address space: it cannot run in a small one.
  return !kSanitized || !addressSpaceKiB(dir);
}

std::vector<std::string> hostileLines(const fs::path& dir) {
  auto args = words(readFile(dir / "args.txt"));
  auto scratch = scratchCopy(dir);
  std::string command = "cd " + shellQuoted(scratch.string()) + " && ";
  if (!kSanitized) {
    command +=
        "ulimit -v " + std::to_string(addressSpaceKiB(dir).value_or(kMemoryBoundKiB)) + " && ";
  }
  command += "timeout " + std::to_string(kSecondsBound) + " " + shellQuoted(C2A_BINARY);
  for (const auto& arg : args) command += " " + shellQuoted(arg);
  command += " >/dev/null 2>.stderr";
  auto present = pathsUnder(scratch);
  int raw = std::system(command.c_str());
  int status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;

  std::vector<std::string> lines;
  lines.push_back(status == 124 ? "exit 124 (over the time bound)"
                                : "exit " + std::to_string(status));
  std::istringstream err(readFile(scratch / ".stderr"));
  std::string line;
  while (std::getline(err, line)) lines.push_back("stderr " + line);
  for (const auto& path : pathsUnder(scratch)) {
    if (path != ".stderr" && present.count(path) == 0) lines.push_back("new " + path);
  }
  fs::remove_all(scratch);
  return lines;
}

}  // namespace c2a::testing
