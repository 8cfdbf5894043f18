#include "model/utf8.h"

#include <gtest/gtest.h>

namespace c2a {
namespace {

TEST(Utf8, WellFormedTextHasNoInvalidByte) {
  EXPECT_FALSE(firstInvalidUtf8(""));
  EXPECT_FALSE(firstInvalidUtf8("plain ASCII"));
  EXPECT_FALSE(firstInvalidUtf8("caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80"));  // é € 😀
  EXPECT_FALSE(firstInvalidUtf8("\xEF\xBF\xBE"));  // U+FFFE is a noncharacter, still UTF-8
}

TEST(Utf8, TheFirstIllFormedByteIsFound) {
  EXPECT_EQ(firstInvalidUtf8("ab\xFF"), 2u);
  EXPECT_EQ(firstInvalidUtf8("caf\xE9"), 3u);                  // Latin-1
  EXPECT_EQ(firstInvalidUtf8("x\x80"), 1u);                    // a lone continuation byte
  EXPECT_EQ(firstInvalidUtf8("\xC0\xAF"), 0u);                 // overlong '/'
  EXPECT_EQ(firstInvalidUtf8("\xED\xA0\x80"), 0u);             // a surrogate
  EXPECT_EQ(firstInvalidUtf8("\xF4\x90\x80\x80"), 0u);         // past U+10FFFF
  EXPECT_EQ(firstInvalidUtf8("\xE2\x82"), 0u);                 // cut short at the end
  EXPECT_EQ(firstInvalidUtf8("ok \xC3\xA9 then \xC3("), 11u);  // after a good sequence
}

TEST(Utf8, SequenceLengthsFollowTable3_7) {
  EXPECT_EQ(utf8SequenceLength("a", 0), 1);
  EXPECT_EQ(utf8SequenceLength("\xC3\xA9", 0), 2);
  EXPECT_EQ(utf8SequenceLength("\xE2\x82\xAC", 0), 3);
  EXPECT_EQ(utf8SequenceLength("\xF0\x9F\x98\x80", 0), 4);
  EXPECT_EQ(utf8SequenceLength("\xE2\x82x", 0), -2);  // the maximal subpart: one U+FFFD for two
}

}  // namespace
}  // namespace c2a
