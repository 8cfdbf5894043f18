#include "engine/report/output_file.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <optional>
#include <vector>

#include "model/error.h"

namespace c2a {
namespace {

[[noreturn]] void fail(const std::string& file, const std::string& what) {
  throw C2aError(ErrorKind::CannotWrite, {file}, what);
}

// Writes all of `content`; on failure returns errno (the descriptor stays open), else 0.
int writeAll(int fd, std::string_view content) {
  const char* data = content.data();
  std::size_t left = content.size();
  while (left > 0) {
    auto written = ::write(fd, data, left);
    if (written < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    data += written;
    left -= static_cast<std::size_t>(written);
  }
  return 0;
}

// Devices and FIFOs (`-o /dev/null`, `-o /dev/stdout`, a named pipe) are written in place:
// renaming a file over them would replace the device itself.
void writeInPlace(const std::string& file, std::string_view content) {
  int fd = ::open(file.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) fail(file, fmt::format("cannot open: {}", std::strerror(errno)));
  if (int error = writeAll(fd, content); error != 0) {
    ::close(fd);
    fail(file, fmt::format("cannot write: {}", std::strerror(error)));
  }
  if (::close(fd) != 0) fail(file, fmt::format("cannot write: {}", std::strerror(errno)));
}

// A symlink is followed: the report replaces the file it points to, and the link stays.
std::string resolveLinks(const std::string& file) {
  namespace fs = std::filesystem;
  fs::path path(file);
  for (int hops = 0; hops < 40; ++hops) {
    std::error_code error;
    if (!fs::is_symlink(fs::symlink_status(path, error))) return path.string();
    auto target = fs::read_symlink(path, error);
    if (error) fail(file, "cannot read the symbolic link: " + error.message());
    path = target.is_absolute() ? target : path.parent_path() / target;
  }
  fail(file, "too many levels of symbolic links");
}

// The first directory on the way to `requested` that is a symbolic link, among those the working
// directory holds (a checkout: a pull request can commit `c2a-reports` as a link to any
// directory the job can write); the directories above it are the machine's, not the change's.
std::optional<std::string> linkedDirectory(const std::string& requested) {
  namespace fs = std::filesystem;
  fs::path path(requested);
  fs::path below = path.parent_path();
  fs::path start;
  if (path.is_absolute()) {
    std::error_code error;
    auto cwd = fs::current_path(error);
    auto relative = below.lexically_relative(cwd);
    if (error || relative.empty() || *relative.begin() == "..") return std::nullopt;
    start = cwd;
    below = relative;
  }
  fs::path prefix = start;
  for (const auto& part : below) {
    if (part == "." || part.empty()) continue;
    prefix /= part;
    std::error_code error;
    if (fs::is_symlink(fs::symlink_status(prefix, error))) return prefix.string();
  }
  return std::nullopt;
}

}  // namespace

OutputFiles::~OutputFiles() {
  for (const auto& file : staged_) {
    if (!file.temporary.empty()) ::unlink(file.temporary.c_str());
  }
}

void OutputFiles::stage(const std::string& requested, std::string_view content) {
  namespace fs = std::filesystem;
  if (!followSymlinks_) {
    if (auto linked = linkedDirectory(requested)) {
      fail(requested,
           fmt::format("its directory {} is a symbolic link, which c2a does not write through (a "
                       "link in a checkout may point at any directory the job can write): "
                       "remove it, write elsewhere, or pass --follow-output-symlinks",
                       *linked));
    }
  }
  struct stat link {};
  if (::lstat(requested.c_str(), &link) == 0 && S_ISLNK(link.st_mode)) {
    struct stat pointed {};
    bool resolves = ::stat(requested.c_str(), &pointed) == 0;
    // A link to a device, FIFO or socket (`/dev/stdout` → the job's pipe) replaces no file.
    if (resolves && !S_ISREG(pointed.st_mode) && !S_ISDIR(pointed.st_mode)) {
      staged_.push_back({requested, requested, "", std::string(content)});
      return;
    }
    if (!followSymlinks_) {
      fail(requested,
           "is a symbolic link, which c2a does not write through (a link in a checkout may point "
           "at any file the job can write): remove it, write elsewhere, or pass "
           "--follow-output-symlinks");
    }
  }
  std::string file = resolveLinks(requested);
  struct stat info {};
  bool exists = ::stat(file.c_str(), &info) == 0;
  if (exists && !S_ISREG(info.st_mode)) {
    if (S_ISDIR(info.st_mode)) fail(requested, "is a directory");
    staged_.push_back({requested, file, "", std::string(content)});
    return;
  }
  fs::path target(file);
  fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
  // A short name of its own, not the target's with a suffix: a target name near the file system's
  // 255-byte limit must still get a temporary.
  std::string pattern = (dir / ".c2a-XXXXXX").string();
  std::vector<char> name(pattern.begin(), pattern.end());
  name.push_back('\0');
  int fd = ::mkstemp(name.data());
  if (fd < 0)
    fail(file, fmt::format("cannot create a file in {}: {}", dir.string(), std::strerror(errno)));
  staged_.push_back({requested, file, name.data(), ""});
  if (int error = writeAll(fd, content); error != 0) {
    ::close(fd);
    fail(file, fmt::format("cannot write: {}", std::strerror(error)));
  }
  // A file it replaces keeps its permissions (a 0600 report stays private); a new one gets the
  // mode any new file would (mkstemp creates 0600).
  mode_t mode = 0;
  if (exists) {
    mode = info.st_mode & 0777;  // not its set-id bits: a report is no program
  } else {
    mode_t mask = ::umask(0);
    ::umask(mask);
    mode = 0666 & ~mask;
  }
  // The report must be on disk before it replaces the old one.
  int error = ::fchmod(fd, mode) != 0 || ::fsync(fd) != 0 ? errno : 0;
  if (::close(fd) != 0 && error == 0) error = errno;
  if (error != 0) fail(file, fmt::format("cannot write: {}", std::strerror(error)));
}

void OutputFiles::commit() {
  for (auto& file : staged_) {
    if (file.temporary.empty()) writeInPlace(file.target, file.content);
  }
  for (auto& file : staged_) {
    if (file.temporary.empty()) continue;
    if (std::rename(file.temporary.c_str(), file.target.c_str()) != 0) {
      fail(file.target, fmt::format("cannot write: {}", std::strerror(errno)));
    }
    file.temporary.clear();
  }
  staged_.clear();
}

void writeFileAtomically(const std::string& file, std::string_view content,
                         bool followSymlinks) {
  OutputFiles files(followSymlinks);
  files.stage(file, content);
  files.commit();
}

}  // namespace c2a
