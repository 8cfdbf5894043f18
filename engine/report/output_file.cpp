#include "engine/report/output_file.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <vector>

#include "engine/model/error.h"

namespace c2a {
namespace {

[[noreturn]] void fail(const std::string& file, const std::string& what) {
  throw C2aError(ErrorKind::CannotWrite, {file}, what);
}

}  // namespace

void writeFileAtomically(const std::string& file, std::string_view content) {
  namespace fs = std::filesystem;
  fs::path target(file);
  fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
  std::string pattern = (dir / ("." + target.filename().string() + ".c2a-XXXXXX")).string();
  std::vector<char> name(pattern.begin(), pattern.end());
  name.push_back('\0');
  int fd = ::mkstemp(name.data());
  if (fd < 0)
    fail(file, fmt::format("cannot create a file in {}: {}", dir.string(), std::strerror(errno)));
  const char* data = content.data();
  std::size_t left = content.size();
  while (left > 0) {
    auto written = ::write(fd, data, left);
    if (written < 0) {
      if (errno == EINTR) continue;
      int saved = errno;
      ::close(fd);
      ::unlink(name.data());
      fail(file, fmt::format("cannot write: {}", std::strerror(saved)));
    }
    data += written;
    left -= static_cast<std::size_t>(written);
  }
  // The report must be on disk before it replaces the old one.
  if (::fsync(fd) != 0 || ::close(fd) != 0) {
    int saved = errno;
    ::unlink(name.data());
    fail(file, fmt::format("cannot write: {}", std::strerror(saved)));
  }
  // mkstemp creates 0600; give the report the mode any new file would get.
  mode_t mask = ::umask(0);
  ::umask(mask);
  ::chmod(name.data(), 0666 & ~mask);
  if (std::rename(name.data(), file.c_str()) != 0) {
    int saved = errno;
    ::unlink(name.data());
    fail(file, fmt::format("cannot write: {}", std::strerror(saved)));
  }
}

}  // namespace c2a
