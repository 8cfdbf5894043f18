#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace c2a {

/// Output files written as one. `stage` writes each regular file (or a new one) in full to a
/// temporary file beside it; `commit` then renames every temporary over its target, so a reader
/// never sees half a report and a failure before the commit leaves every target as it was and no
/// temporary behind: a run that fails writes none of its files. A device or FIFO (`/dev/null`,
/// `/dev/stdout` and the pipe it names, a named pipe) is written in place at the commit. A
/// symbolic link to anything else is refused: a link committed to a checkout (`c2a-reports/c2a.json`
/// → `~/.ssh/authorized_keys`) must not make a CI job replace the file it points to. With
/// `followSymlinks` it is followed (the link stays, its target is replaced). A replaced file keeps
/// its permissions. Both throw C2aError CannotWrite.
class OutputFiles {
 public:
  explicit OutputFiles(bool followSymlinks = false) : followSymlinks_(followSymlinks) {}
  ~OutputFiles();  // removes what was staged and not committed
  OutputFiles(const OutputFiles&) = delete;
  OutputFiles& operator=(const OutputFiles&) = delete;

  void stage(const std::string& file, std::string_view content);
  void commit();

 private:
  struct Staged {
    std::string requested;  // as the user named it, for messages
    std::string target;     // symlinks resolved
    std::string temporary;  // empty for a device or FIFO, written in place
    std::string content;    // kept only for a device or FIFO
  };
  bool followSymlinks_ = false;
  std::vector<Staged> staged_;
};

/// One file, written the same way (stage and commit).
void writeFileAtomically(const std::string& file, std::string_view content,
                         bool followSymlinks = false);

}  // namespace c2a
