// Rule paths (`Properties.**.Tags.*.Key`) against a document: the first line of the input is the
// path (segments split at `.`; `*` one level, `**` any depth), the rest a JSON or YAML document.
// Walking the path (one set of reached values per step, rules/evaluation/json_walk.h) must reach
// exactly the values whose own path the pattern matches (appliesTo's exact match,
// rules/operators/path_pattern.h), each once: two implementations of one meaning, checked
// against each other, and both linear whatever the number of `**` (a quadratic or exponential one
// runs past the fuzzer's timeout).
#include <set>
#include <string>
#include <vector>

#include "fuzz/checks/fuzz_check.h"
#include "fuzz/checks/promise.h"
#include "readers/source_document.h"
#include "rules/evaluation/json_walk.h"
#include "rules/operators/path_pattern.h"

namespace c2a::fuzz {
namespace {

using rules::PathSegment;

// At most 32 steps: enough for any shape, and the walks stay within the time a run may take.
std::vector<PathSegment> segmentsOf(std::string_view line) {
  auto out = rules::dottedSegments(line);
  if (out.size() > 32) out.resize(32);
  return out;
}

// Every value under `node` with the keys leading to it (indices of arrays as digits).
void everyValue(const Json& node, std::vector<std::string>& path,
                std::vector<std::pair<const Json*, std::vector<std::string>>>& out) {
  out.emplace_back(&node, path);
  if (node.is_object()) {
    for (const auto& [key, child] : node.items()) {
      path.push_back(key);
      everyValue(child, path, out);
      path.pop_back();
    }
  } else if (node.is_array()) {
    for (std::size_t i = 0; i < node.size(); ++i) {
      path.push_back(std::to_string(i));
      everyValue(node[i], path, out);
      path.pop_back();
    }
  }
}

}  // namespace

Finding checkRulePaths(std::string_view input) {
  auto newline = input.find('\n');
  if (newline == std::string_view::npos) return std::nullopt;
  const auto pattern = segmentsOf(input.substr(0, newline));
  auto text = input.substr(newline + 1);
  std::optional<SourceDocument> document;
  auto finding = underPromise([&]() -> Finding {
    document = extensionFor(text) == "json" ? readJson(text, "document.json", fuzzLimits())
                                            : readYaml(text, "document.yaml", fuzzLimits());
    return std::nullopt;
  });
  if (finding || !document) return finding;
  const Json& root = document->root;

  std::vector<const Json*> walked;
  rules::walkPath(root, pattern, [&](const Json& value) {
    walked.push_back(&value);
    return true;
  });
  const std::set<const Json*> reached(walked.begin(), walked.end());
  if (reached.size() != walked.size()) return "walkPath reached a value twice";
  if (rules::reachesAny(root, pattern) == reached.empty())
    return "reachesAny disagrees with walkPath";

  std::vector<std::pair<const Json*, std::vector<std::string>>> values;
  std::vector<std::string> path;
  everyValue(root, path, values);
  for (const auto& [value, keys] : values) {
    // An object key that reads as an array index is walked as a key of the object; matching
    // reads keys alike, so the two agree there too.
    if (rules::matchesExactly(keys, pattern) != (reached.count(value) != 0)) {
      std::string at;
      for (const auto& key : keys) at += "/" + key;
      return "walking and matching disagree about the value at " + (at.empty() ? "/" : at);
    }
  }
  return std::nullopt;
}

}  // namespace c2a::fuzz
