// whyNotARegularFile gives the words every reader of a named file (stack templates, rule files,
// approval keys) reports: a symbolic link loop is "cannot access", never "no such file".
#include "model/input_file.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace c2a {
namespace {

namespace fs = std::filesystem;

class InputFile : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("c2a-input-file-" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const char* name) const { return (dir_ / name).string(); }

  fs::path dir_;
};

TEST_F(InputFile, ARegularFileAndALinkToOneAreReadable) {
  std::ofstream(path("t.json")) << "{}";
  fs::create_symlink("t.json", path("link.json"));
  EXPECT_EQ(whyNotARegularFile(path("t.json")), std::nullopt);
  EXPECT_EQ(whyNotARegularFile(path("link.json")), std::nullopt);
}

TEST_F(InputFile, MissingFilesAndDanglingLinksAreMissing) {
  fs::create_symlink("gone.json", path("dangling.json"));
  EXPECT_EQ(whyNotARegularFile(path("absent.json")), "no such file");
  EXPECT_EQ(whyNotARegularFile(path("dangling.json")), "no such file");
  EXPECT_EQ(whyNotARegularFile(path("absent/t.json")), "no such file");
}

TEST_F(InputFile, ADirectoryIsNotAFile) {
  EXPECT_EQ(whyNotARegularFile(dir_.string()), "not a file");
}

TEST_F(InputFile, ASymbolicLinkLoopIsSaidToBeOne) {
  fs::create_symlink("loop.c2a", path("loop.c2a"));
  EXPECT_EQ(whyNotARegularFile(path("loop.c2a")),
            "cannot access: too many levels of symbolic links");
}

}  // namespace
}  // namespace c2a
