// Report files: atomic for regular files, in place for devices and FIFOs, never through a symlink
// unless asked; the files of one run written together or not at all.
#include "engine/report/output_file.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "model/error.h"

namespace c2a {
namespace {

namespace fs = std::filesystem;

std::string slurp(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

fs::path freshDir(const std::string& name) {
  auto dir = fs::temp_directory_path() / ("c2a-output-" + name + "-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

TEST(OutputFile, ReplacesARegularFileAndLeavesNoTemporary) {
  auto dir = freshDir("regular");
  writeFileAtomically((dir / "r.txt").string(), "old");
  writeFileAtomically((dir / "r.txt").string(), "new");
  EXPECT_EQ(slurp(dir / "r.txt"), "new");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);
}

// A link committed to a checkout may point at any file the job can write.
TEST(OutputFile, RefusesToWriteThroughASymlinkToAFile) {
  auto dir = freshDir("refused");
  std::ofstream(dir / "precious.txt") << "keep";
  fs::create_symlink("precious.txt", dir / "report.txt");
  fs::create_symlink("missing.txt", dir / "dangling.txt");
  for (const char* link : {"report.txt", "dangling.txt"}) {
    try {
      writeFileAtomically((dir / link).string(), "overwritten");
      ADD_FAILURE() << link << " was written";
    } catch (const C2aError& error) {
      EXPECT_EQ(error.diagnostic().kind, ErrorKind::CannotWrite);
      EXPECT_NE(error.diagnostic().message.find("--follow-output-symlinks"), std::string::npos);
    }
  }
  EXPECT_EQ(slurp(dir / "precious.txt"), "keep");
  EXPECT_FALSE(fs::exists(dir / "missing.txt"));
  // A link to a device (`/dev/stdout` names the job's pipe or terminal) replaces no file.
  fs::create_symlink("/dev/null", dir / "null");
  EXPECT_NO_THROW(writeFileAtomically((dir / "null").string(), "discarded"));
  EXPECT_TRUE(fs::is_character_file("/dev/null"));
}

TEST(OutputFile, FollowsSymlinksEvenDanglingOnesWhenAsked) {
  auto dir = freshDir("links");
  fs::create_directories(dir / "out");
  fs::create_symlink("out/report.txt", dir / "latest.txt");  // its target does not exist yet
  writeFileAtomically((dir / "latest.txt").string(), "one", true);
  EXPECT_TRUE(fs::is_symlink(dir / "latest.txt"));
  EXPECT_EQ(slurp(dir / "out/report.txt"), "one");
  fs::create_symlink("latest.txt", dir / "chain.txt");  // a link to a link
  writeFileAtomically((dir / "chain.txt").string(), "two", true);
  EXPECT_EQ(slurp(dir / "out/report.txt"), "two");
  EXPECT_TRUE(fs::is_symlink(dir / "chain.txt"));
}

TEST(OutputFile, ASymlinkLoopIsRefused) {
  auto dir = freshDir("loop");
  fs::create_symlink("b", dir / "a");
  fs::create_symlink("a", dir / "b");
  EXPECT_THROW(writeFileAtomically((dir / "a").string(), "x", true), C2aError);
  EXPECT_THROW(writeFileAtomically((dir / "a").string(), "x"), C2aError);
}

TEST(OutputFile, WritesAFifoInPlace) {
  auto dir = freshDir("fifo");
  auto fifo = dir / "pipe";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::string received;
  std::thread reader([&] { received = slurp(fifo); });
  writeFileAtomically(fifo.string(), "through the pipe");
  reader.join();
  EXPECT_EQ(received, "through the pipe");
  EXPECT_TRUE(fs::is_fifo(fifo));
}

TEST(OutputFile, DevicesStayDevices) {
  writeFileAtomically("/dev/null", "discarded");
  EXPECT_TRUE(fs::is_character_file("/dev/null"));
}

TEST(OutputFile, FailureLeavesNoPartialFile) {
  auto dir = freshDir("fail");
  try {
    writeFileAtomically((dir / "missing/r.txt").string(), "x");
    FAIL() << "expected a CannotWrite error";
  } catch (const C2aError& error) {
    EXPECT_EQ(error.diagnostic().kind, ErrorKind::CannotWrite);
  }
  EXPECT_THROW(writeFileAtomically(dir.string(), "x"), C2aError);  // a directory
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 0);
}

TEST(OutputFiles, AFailureWritesNoneOfTheFilesOfTheRun) {
  // --write-baseline and --report files come first, -o last: an -o that cannot be written must
  // not leave the others behind, and the old files stay as they were.
  auto dir = freshDir("set");
  writeFileAtomically((dir / "baseline.txt").string(), "old baseline");
  {
    OutputFiles files;
    files.stage((dir / "baseline.txt").string(), "new baseline");
    files.stage((dir / "report.json").string(), "{}");
    EXPECT_THROW(files.stage((dir / "missing/report.txt").string(), "x"), C2aError);
  }
  EXPECT_EQ(slurp(dir / "baseline.txt"), "old baseline");
  EXPECT_FALSE(fs::exists(dir / "report.json"));
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);

  OutputFiles files;
  files.stage((dir / "baseline.txt").string(), "new baseline");
  files.stage((dir / "report.json").string(), "{}");
  files.commit();
  EXPECT_EQ(slurp(dir / "baseline.txt"), "new baseline");
  EXPECT_EQ(slurp(dir / "report.json"), "{}");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 2);
}

TEST(OutputFile, ANameAtTheFileSystemsLimitIsWritten) {
  auto dir = freshDir("long-name");
  std::string name(250, 'r');
  writeFileAtomically((dir / name).string(), "report");
  EXPECT_EQ(slurp(dir / name), "report");
}

TEST(OutputFile, AReplacedFileKeepsItsPermissions) {
  auto dir = freshDir("mode");
  auto file = dir / "private.json";
  writeFileAtomically(file.string(), "old");
  fs::permissions(file, fs::perms::owner_read | fs::perms::owner_write);
  mode_t mask = ::umask(022);  // a new file would be 0644: only keeping the mode gives 0600
  writeFileAtomically(file.string(), "new");
  ::umask(mask);
  EXPECT_EQ(slurp(file), "new");
  EXPECT_EQ(fs::status(file).permissions(), fs::perms::owner_read | fs::perms::owner_write);
}

}  // namespace
}  // namespace c2a
