// The template readers on their own: text → JSON tree with positions.
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

/// What libyaml reads and yaml-cpp reads too, both read the same way (tree, types, positions).
/// libyaml may read valid YAML that yaml-cpp 0.7 refuses (an explicit empty key, say); what
/// libyaml refuses, readYaml reads with yaml-cpp, so nothing it refuses is lost.
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
