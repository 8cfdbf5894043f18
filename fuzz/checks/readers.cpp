// The template readers on their own: text → JSON tree with positions.
#include "fuzz/checks/fuzz_check.h"
#include "fuzz/checks/promise.h"
#include "readers/source_document.h"

namespace c2a::fuzz {
namespace {

Finding checkReader(std::string_view input, const std::string& file,
                    SourceDocument (*read)(std::string_view, const std::string&,
                                           const ReadLimits&)) {
  return underPromiseNaming(file, [&]() -> Finding {
    auto document = read(input, file, fuzzLimits());
    if (!document.locations) return std::string("a document without its location table");
    return notDumpable("the tree read", document.root);
  });
}

}  // namespace

Finding checkJsonReader(std::string_view input) {
  return checkReader(input, "input.json", readJson);
}

Finding checkYamlReader(std::string_view input) {
  return checkReader(input, "input.yaml", readYaml);
}

}  // namespace c2a::fuzz
