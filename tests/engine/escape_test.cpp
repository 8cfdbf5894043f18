// Template text is made safe for every medium a report is read in.
#include "engine/report/escape.h"

#include <gtest/gtest.h>

namespace c2a {
namespace {

TEST(Escape, TerminalShowsControlsAndBidiOverridesEscaped) {
  EXPECT_EQ(terminalSafe("a\x1b[31mb"), "a\\x1b[31mb");
  EXPECT_EQ(terminalSafe("line\nnext"), "line\\x0anext");
  EXPECT_EQ(terminalSafe("\xC2\x9B"
                         "2J"),
            "\\u009b2J");                                              // C1 CSI
  EXPECT_EQ(terminalSafe("admin\xE2\x80\xAEgnp"), "admin\\u202egnp");  // RIGHT-TO-LEFT OVERRIDE
  EXPECT_EQ(terminalSafe("caf\xC3\xA9"), "caf\xC3\xA9");               // ordinary UTF-8 untouched
  // Invisible and format characters: zero-width space, word joiner, byte order mark, soft
  // hyphen, a tag character; visible neighbours (U+2010 HYPHEN, U+FE10) untouched.
  EXPECT_EQ(terminalSafe("a\xE2\x80\x8B" "b\xE2\x81\xA0" "c\xEF\xBB\xBF\xC2\xAD"),
            "a\\u200bb\\u2060c\\ufeff\\u00ad");
  EXPECT_EQ(terminalSafe("x\xF3\xA0\x81\x81"), "x\\U000e0041");
  EXPECT_EQ(terminalSafe("\xE2\x80\x90\xEF\xB8\x90"), "\xE2\x80\x90\xEF\xB8\x90");
  // Bytes that are not UTF-8 pass through unchanged (validUtf8 replaces them where needed).
  EXPECT_EQ(terminalSafe("\xE2\x80"), "\xE2\x80");
}

// A value or rule text that holds a line break and `::` must not start a workflow command of its
// own (`::add-mask::`, `::stop-commands::`) in the job's log.
TEST(Escape, WorkflowCommandsCannotBeInjected) {
  EXPECT_EQ(workflowCommandEscape("ok\n::add-mask::secret\r%"),
            "ok%0A::add-mask::secret\\x0d%25");
  EXPECT_EQ(workflowCommandEscape("a:b,c", true), "a%3Ab%2Cc");
  EXPECT_EQ(workflowCommandEscape("a:b,c"), "a:b,c");
  EXPECT_EQ(workflowCommandEscape("\x1b[31m\u202e"), "\\x1b[31m\\u202e");
}

TEST(Escape, HtmlEscapesMarkupAndQuotes) {
  EXPECT_EQ(htmlEscape("<script>alert('x')</script> & \"q\""),
            "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;");
}

TEST(Escape, XmlCarriesNoRawControlOrMarkup) {
  EXPECT_EQ(xmlEscape("]]> <a> & 'x' \"y\""), "]]&gt; &lt;a&gt; &amp; &apos;x&apos; &quot;y&quot;");
  auto escaped = xmlEscape(std::string("bell\x07 esc\x1b"));
  EXPECT_EQ(escaped.find('\x07'), std::string::npos);
  EXPECT_EQ(escaped.find('\x1b'), std::string::npos);
  EXPECT_EQ(xmlEscape("a\nb"), "a&#10;b");
}

}  // namespace
}  // namespace c2a

namespace c2a {
namespace {

TEST(Escape, MarkdownStartsNoMarkupMentionOrLink) {
  auto out =
      markdownEscape("*a* _b_ `c` | <d> # [e](f) ![g](h) @octocat http://x.example www.y #12 !3");
  for (std::string_view raw : {"*a*", "_b_", "`c`", "| ", "<d>", "[e](f)", "![g]", " @octocat",
                               "http://", "www.y", " #12", " !3"}) {
    EXPECT_EQ(out.find(raw), std::string::npos) << raw << " in " << out;
  }
  EXPECT_NE(out.find("octocat"), std::string::npos);  // the text is still there to read
  EXPECT_EQ(markdownEscape("plain words 42"), "plain words 42");
}

TEST(Escape, MarkdownShowsControlsLikeTheTerminal) {
  auto out = markdownEscape(
      "a\x1b[2Jb\xE2\x80\xAE"
      "c\nd");
  EXPECT_EQ(out.find('\x1b'), std::string::npos);
  EXPECT_EQ(out.find("\xE2\x80\xAE"), std::string::npos);
  EXPECT_EQ(out.find('\n'), std::string::npos) << "a value's newline must not end a list item";
}

}  // namespace
}  // namespace c2a
