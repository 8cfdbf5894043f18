// docs/rules.md stays true: its ```rules blocks parse as rule files and every line of its
// ```conditions blocks parses as a condition.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "rules/expression_parser.h"
#include "rules/native_parser.h"
#include "tests/support/paths.h"

namespace c2a::rules {
namespace {

struct Block {
  std::string language;
  std::string text;
  int firstLine = 0;
};

std::vector<Block> fencedBlocks(const std::string& path) {
  std::ifstream in(path);
  std::vector<Block> blocks;
  std::string line;
  int number = 0;
  bool inside = false;
  while (std::getline(in, line)) {
    ++number;
    const auto fence = line.find("```");
    if (fence != std::string::npos && line.find_first_not_of(' ') == fence) {
      if (!inside) blocks.push_back({line.substr(fence + 3), "", number + 1});
      inside = !inside;
      continue;
    }
    if (inside) blocks.back().text += line + "\n";
  }
  return blocks;
}

TEST(GrammarDocumentation, ExamplesParse) {
  const std::string path = std::string(C2A_SOURCE_DIR) + "/docs/rules.md";
  int files = 0;
  int conditions = 0;
  for (const Block& block : fencedBlocks(path)) {
    if (block.language == "rules") {
      EXPECT_NO_THROW(parseNativeRules(block.text, path)) << block.text;
      ++files;
    } else if (block.language == "conditions") {
      std::istringstream lines(block.text);
      std::string line;
      int offset = 0;
      while (std::getline(lines, line)) {
        if (line.find_first_not_of(' ') == std::string::npos) continue;
        EXPECT_NO_THROW(parseExpression(line, {path, block.firstLine + offset, 1})) << line;
        ++offset;
        ++conditions;
      }
    }
  }
  EXPECT_GE(files, 1);
  EXPECT_GE(conditions, 5);
}

}  // namespace
}  // namespace c2a::rules
