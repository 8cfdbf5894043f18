// libyaml's reading against yaml-cpp's, which it stands in for: on the texts libyaml reads, the
// same tree (types, values, key order) and the same position for every value; what it refuses,
// readYaml reads with yaml-cpp, whose message (or reading) it is.
#include <gtest/gtest.h>

#include <string>

#include "model/utf8.h"
#include "readers/reading_comparison.h"
#include "readers/source_document.h"
#include "readers/source_positions.h"
#include "readers/yaml_readers.h"
#include "readers/yaml_source_checks.h"
#include "tests/platform-mapping/readers/reader_support.h"
#include "tests/support/repository_files.h"

namespace c2a {
namespace {

void expectSameReading(const std::string& text, const std::string& file = "t.yaml") {
  SCOPED_TRACE(text.substr(0, 300));
  auto fast = readYamlWithLibyaml(text, file, ReadLimits{});
  ASSERT_TRUE(fast.has_value()) << "libyaml refused it";
  auto careful = readYamlWithYamlCpp(text, file, ReadLimits{});
  auto difference = firstDifference(*fast, careful);
  EXPECT_FALSE(difference.has_value()) << *difference;
}

bool libyamlReads(const std::string& text) {
  return readYamlWithLibyaml(text, "t.yaml", ReadLimits{}).has_value();
}

TEST(YamlReadings, ReadWhatYamlCppReadsTheSameWay) {
  for (const std::string text : {
           "a: 1\n",
           "Resources:\n  Bucket:\n    Type: AWS::S3::Bucket\n    Properties:\n"
           "      Tags:\n        - Key: a\n          Value: [x, {k: 1}]\n        -   Key: b\n",
           // Scalars by the core schema, and what quoting and standard tags make of them.
           "n: [~, null, Null, NULL, true, False, yes, off, 0x1F, 0o17, 017, -3, 1.5e3, .inf, "
           "-.Inf, .nan, 1_000, '12', \"true\", !!str 12, !!int \"7\", !!float 1, !!bool \"true\", "
           "!!null '', !Foo 12, !!str ]\n",
           // Empty nodes, which yaml-cpp places at the token after them.
           "empty:\nafter: 1\nlist:\n  -\n  - x\n  - \nk: ''\n",
           "- \n# comment\n\n   # another\n- a\n-   # trailing\n-\n",
           "a:\n  - - \n    -\n  -\nb: [x, [y, ]]\nc: {k: , j: }\n",
           "- !Ref\n- &a\n- *a\n- !!str\n- &e\n-",
           "  - \n#   ${AWS:\n \n#   ${AWS:",  // placed past a comment that ends the text
           "- \n# \xC3\xA9t\xC3\xA9",
           // Many empty nodes, some on one line, some after characters wider than a byte.
           "m: {k0, k1, k2: , \xC3\xA9: , k3}\nl:\n- \n- {a, b,\n   c}\n- [x: , y: ]\n-\n",
           // Short-form tags on scalars, sequences and mappings.
           "A: !Ref X\nB: !GetAtt Res.Arn\nC: !GetAtt [Res, Arn]\nD: !Sub 'a-${X}'\n"
           "E: !Sub\n  - '${A}-${B}'\n  - {A: !Ref P, B: !ImportValue Q}\nF: !Join [',', [a, b]]\n"
           "G: !If [Cond, !Ref A, !Ref AWS::NoValue]\nH: !Base64 {Fn::Sub: x}\nI: !Condition C\n"
           "J: !GetAZs ''\nK: !Select [0, !GetAZs '']\nL: !Split [',', !Ref S]\nM: !Ref\n",
           // Quoted scalars: escapes, folding, and the trailing empty lines yaml-cpp gets wrong.
           "d: \"tab\\there \\u00e9 \\U0001F600 \\x41 \\N \\_ \\/ \\\\ \\\" \\0 end\"\n"
           "s: 'it''s'\n"
           "f: \"folded\n  line\n\n  paragraph\"\n"
           "j: '\n\n  '\n"
           "x: 'x;\n\n\n  '\n"
           "y: \"\n\n\n\"\n"
           "z: 'a\n   b'\n",
           // Block scalars with every chomping indicator and an explicit indentation.
           "l: |\n  line one\n    indented\n\n  three\n\n"
           "k: |-\n  kept\n"
           "p: |+\n  plus\n\n\n"
           "g: >\n  folded\n  text\n\n  para\n"
           "h: >-\n  a\n   more\n  b\n"
           "i: |2\n    two\n"
           "last: end\n",
           // Anchors, aliases, merge keys, redefinitions.
           "base: &b {x: 1, y: 2}\nother: &o\n  z: 3\nm:\n  <<: [*b, *o]\n  x: 9\n"
           "n:\n  <<: *b\ns: &s text\nt: *s\nu: &s again\nv: *s\n*s : aliased key\n",
           "list: &l [1, 2]\ncopy: *l\nnested: {a: *l, b: [*l]}\n",
           // Flow collections over lines, keys that are not strings, duplicates.
           "f: {a: 1,\n  b: [x,\n     y], c: {}}\n1: int key\ntrue: bool key\n~: null key\n"
           "dup: 1\nother: 2\ndup: 3\n",
           "? complex\n: value\n? other\n",
           // Documents, directives, comments, CRLF, characters wider than a byte.
           "%YAML 1.2\n---\na: 1 # comment\n...\n---\nsecond: doc\n",
           "# only a comment first\n---\n- a\n- b\n",
           "a: 1\r\nb:\r\n  - x\r\n  - \"y\r\n    z\"\r\n",
           "\xC3\xA9t\xC3\xA9: {\xE4\xB8\xAD: \xF0\x9F\x98\x80, k: v}\nnext: 1\n",
           "top scalar\n",
           "- a\n- - b\n  - c\n- {d: e}\n",
           "key with spaces: value\nurl: http://x/y?a=b#frag\n",
           "a:\n- b\n- c\nd: e\n",
           "a: [!Foo, b]\nb: {!Bar : c}\nc: [!Ref x,y]\nd: !Sub [a, {b: c}]\n",
           "a: [!!str, b]\nd: !<tag:yaml.org,2002:str> 5\n",
           "%TAG !e! tag:example.com,2000:\n---\na: !e!foo x\nb: &x-y_1 [1]\nc: *x-y_1\n",
           "a: \"\\\n  b\"\nc: 'x\n\n  y'\nd: \"a\\tb\\ \"\ne: \"\\e\\a\\v\\L\\P\"\n",
           "a: >\n\n  lead\n   more\n\n  tail\nb: |\n\n  lead\nc: 1\n",
           "a: -1\nc: :x\ne: ?x\nf: -x\ng: '#'\nh: x #c\ni: x#y\n",
           "a: {? x, y: z}\nb: [a: b, c]\nc: [? d : e]\n",
           // An `&` or `*` inside a plain scalar starts no anchor or alias.
           "Conditions:\n  Subnets&3AZCondition: !And [a, b]\n  x: a*b:c\n  y: s3:*\n",
       }) {
    expectSameReading(text);
  }
}

TEST(YamlReadings, EveryRepositoryYamlFileReadsTheSameWayBothWays) {
  std::size_t read = 0;
  auto files = test::forEachRepositoryFile(
      {".yaml", ".yml"}, [&](const std::string& path, const std::string& bytes) {
        SCOPED_TRACE(path);
        std::string_view body = withoutByteOrderMark(bytes);
        // Text readYaml refuses before either reading (not UTF-8, control characters).
        if (firstInvalidUtf8(body) || firstNonPrintable(body)) return;
        std::optional<SourceDocument> careful;
        try {
          careful = readYamlWithYamlCpp(body, path, ReadLimits{});
        } catch (const C2aError&) {
          // Files the tests keep because they are malformed: libyaml must refuse them too, so that
          // readYaml's message is yaml-cpp's.
          EXPECT_FALSE(readYamlWithLibyaml(body, path, ReadLimits{}).has_value());
          return;
        }
        auto fast = readYamlWithLibyaml(body, path, ReadLimits{});
        ASSERT_TRUE(fast.has_value()) << "libyaml refused a file yaml-cpp reads";
        auto difference = firstDifference(*fast, *careful);
        EXPECT_FALSE(difference.has_value()) << *difference;
        ++read;
      });
  EXPECT_GT(files, 100u);
  EXPECT_GT(read, 100u);
}

TEST(YamlReadings, LeavesWhatYaml11ReadsDifferentlyToYamlCpp) {
  // YAML 1.1 (libyaml) breaks lines at these; YAML 1.2 (yaml-cpp, CloudFormation) does not.
  for (const std::string text :
       {"a: x\ry\n", "a: \"x\xC2\x85y\"\n", "a: x\xE2\x80\xA8y\n", "a: x\xE2\x80\xA9y\n"}) {
    EXPECT_FALSE(libyamlReads(text)) << text;
  }
  EXPECT_EQ(readYaml("a: x\xE2\x80\xA8y\n", "t.yaml", {}).root["a"], "x\xE2\x80\xA8y");
  // libyaml decodes a tag's percent escapes, yaml-cpp keeps them: `!Re%66` is no `!Ref`.
  for (const std::string text :
       {"a: !Re%66 x\n", "a: !<!Re%66> x\n", "a: !%52ef x\n", "a: !!in%74 \"12\"\n",
        "%TAG !e! tag:e,2000:%21\n---\na: !e!x 1\n"}) {
    EXPECT_FALSE(libyamlReads(text)) << text;
  }
  EXPECT_EQ(readYaml("a: !Re%66 x\n", "t.yaml", {}).root.dump(), R"({"a":"x"})");
  EXPECT_EQ(readYaml("a: !!in%74 \"12\"\n", "t.yaml", {}).root.dump(), R"({"a":"12"})");
  // A property before `:`: libyaml reads an empty key with it, yaml-cpp the plain scalar ":x".
  for (const std::string text : {"[&a :x]\n", "a: [!T :x]\n", "{&a :x}\n"}) {
    EXPECT_FALSE(libyamlReads(text)) << text;
  }
  EXPECT_EQ(readYaml("a: [&a :x]\n", "t.yaml", {}).root.dump(), R"({"a":[":x"]})");
  // A `%` in a value, or an `!` inside a plain scalar, is no tag.
  EXPECT_TRUE(libyamlReads("a: 50%\nb: x!y%z\nc: !Sub '100%'\n"));
  EXPECT_TRUE(libyamlReads("a: x\r\nb: \xC2\xA0\xE2\x80\xA7\n"));
}

TEST(YamlReadings, LeavesWhatItRefusesToYamlCppsMessage) {
  struct Case {
    std::string text;
    std::string message;
  };
  for (const Case& c : std::initializer_list<Case>{
           {"a: 'open\nb: 2\n",
            "t.yaml:1:4: invalid YAML: quoted string without its closing quote"},
           {"- a\nb: c\n", "invalid YAML: content after the end of the top-level value"},
           {"a: *nowhere\n", ""},
           {"a: [1, 2\n", ""},
           {"a: 1\n  b: 2\n", ""},
           {"[a, b]: c\n", "a mapping key must be a scalar, not a sequence"},
           {"<<: 5\n", "a merge key (<<) takes a mapping or a list of mappings"},
           {"", "empty document"},
           {"# nothing\n", "empty document"},
           {"---\n", "empty document"},
       }) {
    SCOPED_TRACE(c.text);
    EXPECT_FALSE(libyamlReads(c.text));
    auto expected = testing::readFailure(readYamlWithYamlCpp, "t.yaml", c.text, {}).str();
    auto actual = testing::readFailure(readYaml, "t.yaml", c.text, {}).str();
    EXPECT_EQ(actual, expected);
    EXPECT_NE(actual.find(c.message), std::string::npos) << actual;
  }
}

TEST(YamlReadings, WhatOnlyYamlCppReadsIsReadByIt) {
  // An empty entry in a flow sequence is refused by libyaml and read as null by yaml-cpp.
  EXPECT_FALSE(libyamlReads("a: [1, , 2]\n"));
  EXPECT_EQ(readYaml("a: [1, , 2]\n", "t.yaml", {}).root["a"].dump(), "[1,null,2]");
}

TEST(YamlReadings, ReadsValidYamlThatYamlCppRefuses) {
  // An explicit empty key: yaml-cpp takes `: v` for a mapping and refuses it as a key.
  const std::string text = "a: 1\n? \n: v\n";
  EXPECT_THROW(readYamlWithYamlCpp(text, "t.yaml", {}), C2aError);
  auto document = readYaml(text, "t.yaml", {});
  EXPECT_EQ(document.root.dump(), R"({"a":1,"null":"v"})");
  EXPECT_EQ(testing::where(document, "/null"), "t.yaml:3:1");  // at the `:`, as empty nodes are
}

// yaml-cpp 0.7 misreads these and libyaml reads them as YAML says: c2a's reading changed when
// libyaml came, and is right now (docs/robustness.md, "Two readings of YAML").
TEST(YamlReadings, ReadsBlockScalarsThatYamlCppMisread) {
  // A tagged or anchored block scalar as a sequence entry: yaml-cpp read a script as "", so a
  // change to it went unseen; or it refused the template.
  const std::string line = "R:\n  - !Sub |\n    #!/bin/bash\n";
  EXPECT_EQ(readYamlWithYamlCpp(line, "t.yaml", {}).root.dump(), R"({"R":[{"Fn::Sub":""}]})");
  EXPECT_EQ(readYaml(line, "t.yaml", {}).root.dump(), R"({"R":[{"Fn::Sub":"#!/bin/bash\n"}]})");
  const std::string script = "R:\n  - !Sub |\n    #!/bin/bash\n    echo ${AWS::Region}\n";
  EXPECT_THROW(readYamlWithYamlCpp(script, "t.yaml", {}), C2aError);
  auto document = readYaml(script, "t.yaml", {});
  EXPECT_EQ(document.root.dump(), R"({"R":[{"Fn::Sub":"#!/bin/bash\necho ${AWS::Region}\n"}]})");
  EXPECT_EQ(testing::where(document, "/R/0/Fn::Sub"), "t.yaml:2:5");
  const std::string folded = "R:\n  - &a >-\n    x\n    y\n  - z\n";
  EXPECT_THROW(readYamlWithYamlCpp(folded, "t.yaml", {}), C2aError);
  EXPECT_EQ(readYaml(folded, "t.yaml", {}).root.dump(), R"({"R":["x y","z"]})");
  // A last line of indentation only, with no line break after it, is an empty line: "clip"
  // keeps one "\n". yaml-cpp folded it into a space.
  const std::string trailing = "a: >\n  x\n  ";
  EXPECT_EQ(readYamlWithYamlCpp(trailing, "t.yaml", {}).root.dump(), R"({"a":"x "})");
  EXPECT_EQ(readYaml(trailing, "t.yaml", {}).root.dump(), R"({"a":"x\n"})");
}

TEST(YamlReadings, LimitsStopTheFastReadingAndYamlCppWordsThem) {
  ReadLimits limits;
  limits.maxDepth = 3;
  const std::string deep = "a: {b: {c: {d: 1}}}\n";
  EXPECT_FALSE(readYamlWithLibyaml(deep, "t.yaml", limits).has_value());
  EXPECT_EQ(testing::readFailure(readYaml, "t.yaml", deep, limits).str(),
            testing::readFailure(readYamlWithYamlCpp, "t.yaml", deep, limits).str());
  // An alias bomb stops at the value limit in the fast reading too, before it is built.
  std::string bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n";
  for (char name = 'b'; name <= 'k'; ++name) {
    const std::string alias = std::string(" *") + static_cast<char>(name - 1);
    bomb.append(1, name).append(": &").append(1, name).append(" [");
    for (int copy = 0; copy < 4; ++copy) bomb.append(copy == 0 ? "" : ",").append(alias);
    bomb += "]\n";
  }
  EXPECT_FALSE(readYamlWithLibyaml(bomb, "t.yaml", ReadLimits{}).has_value());
  EXPECT_NE(testing::readFailure(readYaml, "t.yaml", bomb, {}).str().find("YAML aliases"),
            std::string::npos);
}

}  // namespace
}  // namespace c2a
