// The template readers on their own: text → JSON tree with positions.
#include <algorithm>

#include "fuzz/checks/fuzz_check.h"
#include "fuzz/checks/promise.h"
#include "model/error.h"
#include "model/json_writer.h"
#include "model/utf8.h"
#include "readers/json_readers.h"
#include "readers/reading_comparison.h"
#include "readers/source_document.h"
#include "readers/source_positions.h"
#include "readers/yaml_readers.h"
#include "readers/yaml_source_checks.h"

namespace c2a::fuzz {
namespace {

// The report and the fingerprints write trees with JsonWriter: the same text as nlohmann's dump.
Finding writtenAsDumped(const Json& tree) {
  for (auto style : {JsonStyle::Report, JsonStyle::Canonical}) {
    JsonWriter out(style);
    out.value(tree);
    const bool report = style == JsonStyle::Report;
    auto dumped = tree.dump(report ? 2 : -1, ' ', report, Json::error_handler_t::replace);
    if (out.text() != dumped) {
      return std::string("JsonWriter and dump differ in the ") + (report ? "report" : "canonical") +
             " style";
    }
  }
  return std::nullopt;
}

Finding checkReader(std::string_view input, const std::string& file,
                    SourceDocument (*read)(std::string_view, const std::string&,
                                           const ReadLimits&)) {
  return underPromiseNaming(file, [&]() -> Finding {
    auto document = read(input, file, fuzzLimits());
    if (!document.locations) return std::string("a document without its location table");
    if (auto finding = writtenAsDumped(document.root)) return finding;
    return notDumpable("the tree read", document.root);
  });
}

/// What the one pass reads, nlohmann's parser reads the same way (tree, types, positions); what
/// it refuses, readJson reads through nlohmann's parser, so nothing it refuses is lost.
Finding checkOnePassAgainstNlohmann(std::string_view input) {
  return underPromiseNaming("input.json", [&]() -> Finding {
    std::string_view body = withoutByteOrderMark(input);
    auto onePass = readJsonOnePass(body, "input.json", fuzzLimits());
    if (!onePass) return std::nullopt;
    std::optional<SourceDocument> other;
    try {
      other = readJsonWithMessages(body, "input.json", fuzzLimits());
    } catch (const C2aError& error) {
      return "the one-pass reader read what nlohmann's refuses: " + error.diagnostic().str();
    }
    if (auto difference = firstDifference(*onePass, *other)) {
      return "the one-pass reader and nlohmann's differ: " + *difference;
    }
    return std::nullopt;
  });
}

/// Texts where yaml-cpp 0.7 misreads valid YAML and libyaml, which c2a reads them with, does not
/// (docs/robustness.md, "Two readings of YAML"):
/// - a tagged or anchored block scalar as a sequence entry (`- !Sub |`): yaml-cpp reads it as ""
///   or refuses it;
/// - a last line of only indentation without a line break, which yaml-cpp folds into a block
///   scalar as a space;
/// - a top-level plain scalar (not a template) continued by a line starting `---` and more.
bool hasYamlCppFault(std::string_view text, const SourceDocument& yamlCppReading) {
  if (!yamlCppReading.root.is_structured()) return true;
  std::size_t lastLine = text.rfind('\n') + 1;  // 0 when there is one line
  if (!text.empty() && text.back() != '\n' &&
      text.find_first_not_of(" \t", lastLine) == std::string_view::npos) {
    return true;
  }
  auto skipBlanks = [text](std::size_t from) {
    return std::min(text.find_first_not_of(" \t", from), text.size());
  };
  for (std::size_t line = 0; line < text.size();) {
    std::size_t at = skipBlanks(line);
    bool entry = false;
    while (at + 1 < text.size() && text[at] == '-' &&
           (text[at + 1] == ' ' || text[at + 1] == '\t')) {
      entry = true;
      at = skipBlanks(at + 1);
    }
    bool properties = false;
    while (entry && at < text.size() && (text[at] == '!' || text[at] == '&')) {
      properties = true;
      at = skipBlanks(std::min(text.find_first_of(" \t\n", at), text.size()));
    }
    if (properties && at < text.size() && (text[at] == '|' || text[at] == '>')) return true;
    std::size_t end = text.find('\n', line);
    if (end == std::string_view::npos) break;
    line = end + 1;
  }
  return false;
}

/// What libyaml reads and yaml-cpp reads too, both read the same way (tree, types, positions),
/// but where yaml-cpp is known to misread (hasYamlCppFault). libyaml may read valid YAML that
/// yaml-cpp 0.7 refuses (an explicit empty key, say); what libyaml refuses, readYaml reads with
/// yaml-cpp, so nothing it refuses is lost.
Finding checkLibyamlAgainstYamlCpp(std::string_view input) {
  return underPromiseNaming("input.yaml", [&]() -> Finding {
    std::string_view body = withoutByteOrderMark(input);
    if (firstInvalidUtf8(body) || firstNonPrintable(body)) return std::nullopt;
    auto fast = readYamlWithLibyaml(body, "input.yaml", fuzzLimits());
    if (!fast) return std::nullopt;
    std::optional<SourceDocument> careful;
    try {
      careful = readYamlWithYamlCpp(body, "input.yaml", fuzzLimits());
    } catch (const C2aError&) {
      return std::nullopt;
    }
    if (hasYamlCppFault(body, *careful)) return std::nullopt;
    if (auto difference = firstDifference(*fast, *careful)) {
      return "libyaml's and yaml-cpp's readings differ: " + *difference;
    }
    return std::nullopt;
  });
}

}  // namespace

Finding checkJsonReader(std::string_view input) {
  if (auto finding = checkOnePassAgainstNlohmann(input)) return finding;
  return checkReader(input, "input.json", readJson);
}

Finding checkYamlReader(std::string_view input) {
  if (auto finding = checkLibyamlAgainstYamlCpp(input)) return finding;
  return checkReader(input, "input.yaml", readYaml);
}

}  // namespace c2a::fuzz
