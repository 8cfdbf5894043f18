// `a matchesRegex "^prod-[0-9]+$"`: RE2 (linear time, no backtracking blow-up), searching a's
// text anywhere unless the pattern anchors itself. A pattern that does not compile never matches.
#include <re2/re2.h>

#include <memory>
#include <string>
#include <unordered_map>

#include "rules/operators/loose_json.h"
#include "rules/operators/operator_list.h"

namespace c2a::rules {
namespace {

RE2::Options quietOptions() {
  RE2::Options options;
  options.set_log_errors(false);    // only the CLI prints; a bad pattern is reported by `validate`
  options.set_never_capture(true);  // only whether it matches: a smaller program to compile
  return options;
}

// Rules compare the same few patterns against every candidate: compile each once per thread.
const RE2& compiled(const std::string& pattern) {
  thread_local std::unordered_map<std::string, std::unique_ptr<RE2>> cache;
  if (auto it = cache.find(pattern); it != cache.end()) return *it->second;
  if (cache.size() >= 1024) cache.clear();  // bound the memory a generated rule set could take
  auto [it, added] = cache.emplace(pattern, std::make_unique<RE2>(pattern, quietOptions()));
  return *it->second;
}

bool matchesRegex(const Value& lhs, const Value& rhs, const EvaluationContext&) {
  const Json* a = jsonOf(lhs);
  const Json* b = jsonOf(rhs);
  if (!a || !b || !b->is_string()) return false;
  std::string buffer;
  auto text = textOf(*a, buffer);
  if (!text) return false;
  const RE2& regex = compiled(b->get_ref<const std::string&>());
  return regex.ok() && RE2::PartialMatch(*text, regex);
}

std::string validateRegex(const Json& rhs) {
  if (!rhs.is_string()) return "`matchesRegex` needs a string pattern";
  // Through the cache: the pattern validated at compile time is the one evaluation uses.
  const RE2& regex = compiled(rhs.get_ref<const std::string&>());
  if (regex.ok()) return "";
  return "invalid regular expression: " + regex.error();
}

}  // namespace

OperatorInfo matchesRegexOperator() {
  return {.name = "matchesRegex",
          .aliases = {},
          .lhs = OperandMode::Values,
          .rhs = OperandMode::Values,
          .summary = "the regular expression b (RE2 syntax) matches somewhere in a",
          .apply = &matchesRegex,
          .validate = &validateRegex,
          .literal = LiteralKind::Text};
}

}  // namespace c2a::rules
