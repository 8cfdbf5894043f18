// Report files: atomic for regular files, in place for devices and FIFOs, through symlinks.
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

TEST(OutputFile, FollowsSymlinksEvenDanglingOnes) {
  auto dir = freshDir("links");
  fs::create_directories(dir / "out");
  fs::create_symlink("out/report.txt", dir / "latest.txt");  // its target does not exist yet
  writeFileAtomically((dir / "latest.txt").string(), "one");
  EXPECT_TRUE(fs::is_symlink(dir / "latest.txt"));
  EXPECT_EQ(slurp(dir / "out/report.txt"), "one");
  fs::create_symlink("latest.txt", dir / "chain.txt");  // a link to a link
  writeFileAtomically((dir / "chain.txt").string(), "two");
  EXPECT_EQ(slurp(dir / "out/report.txt"), "two");
  EXPECT_TRUE(fs::is_symlink(dir / "chain.txt"));
}

TEST(OutputFile, ASymlinkLoopIsRefused) {
  auto dir = freshDir("loop");
  fs::create_symlink("b", dir / "a");
  fs::create_symlink("a", dir / "b");
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

}  // namespace
}  // namespace c2a
