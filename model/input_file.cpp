#include "model/input_file.h"

#include <sys/stat.h>

#include <cctype>
#include <filesystem>

namespace c2a {

std::optional<std::string> whyNotARegularFile(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  auto status = fs::status(path, ec);
  if (fs::is_regular_file(status)) return std::nullopt;
  if (ec && ec != std::errc::no_such_file_or_directory && ec != std::errc::not_a_directory) {
    return cannotAccess(ec);
  }
  return fs::exists(status) ? "not a file" : "no such file";
}

std::optional<std::string> whyNotAnInput(const std::string& path) {
  struct stat input {};
  if (::stat(path.c_str(), &input) != 0) return std::nullopt;  // the reader says why it cannot
  struct stat null {};
  if (S_ISCHR(input.st_mode) && ::stat("/dev/null", &null) == 0 && null.st_rdev == input.st_rdev) {
    return std::nullopt;
  }
  for (int fd : {1, 2}) {
    struct stat output {};
    if (::fstat(fd, &output) == 0 && output.st_dev == input.st_dev &&
        output.st_ino == input.st_ino) {
      return fd == 1 ? "is this process's own standard output, which c2a would wait on or read "
                       "its own report from: give the input another way"
                     : "is this process's own standard error, which c2a would wait on or read "
                       "its own messages from: give the input another way";
    }
  }
  return std::nullopt;
}

std::string fileKind(const std::string& path) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0 || S_ISREG(info.st_mode)) return "";
  if (S_ISFIFO(info.st_mode)) return "a named pipe (FIFO)";
  if (S_ISCHR(info.st_mode) || S_ISBLK(info.st_mode)) return "a device";
  if (S_ISSOCK(info.st_mode)) return "a socket";
  if (S_ISDIR(info.st_mode)) return "a directory";
  return "not a regular file";
}

std::string cannotAccess(const std::error_code& error) {
  std::string reason = error.message();
  if (!reason.empty()) {
    reason[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(reason[0])));
  }
  return "cannot access: " + reason;
}

}  // namespace c2a
