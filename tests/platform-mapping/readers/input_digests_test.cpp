// The digests of the report's inputs come from the bytes read to analyse them
// (readers/input_digests.h): only for files asked for, and of what was read, not of the file as
// it is later.
#include "readers/input_digests.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "model/sha256.h"
#include "readers/source_document.h"

namespace c2a {
namespace {

std::string scratchFile(const std::string& name, const std::string& text) {
  auto dir =
      std::filesystem::temp_directory_path() / ("c2a-input-digests-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  auto path = (dir / name).string();
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

TEST(InputDigests, AreOfTheBytesReadForFilesAskedFor) {
  auto wanted = scratchFile("wanted.json", "{\"a\": 1}\n");
  auto other = scratchFile("other.json", "{\"b\": 2}\n");
  wantInputDigest(wanted);
  EXPECT_FALSE(inputDigestRead(wanted).has_value());  // not read yet
  readInputText(wanted, ReadLimits{});
  readInputText(other, ReadLimits{});
  EXPECT_EQ(inputDigestRead(wanted), sha256Hex("{\"a\": 1}\n"));
  EXPECT_FALSE(inputDigestRead(other).has_value());
  // Changed after it was read: the digest still names what was analysed.
  std::ofstream(wanted, std::ios::binary) << "{\"a\": 2}\n";
  EXPECT_EQ(inputDigestRead(wanted), sha256Hex("{\"a\": 1}\n"));
  std::filesystem::remove_all(std::filesystem::path(wanted).parent_path());
}

}  // namespace
}  // namespace c2a
