#pragma once
// Private to the C2A rule-file reader (rule_file.cpp reads rules and effects, let_bindings.cpp
// reads `let` bindings): JSON pointers, located errors, `where` conditions, and the names that
// path selectors give to paths.
#include <algorithm>
#include <array>
#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/error.h"
#include "model/json.h"
#include "model/location_table.h"
#include "rules/ast.h"

namespace c2a::rules::c2a_file {

/// `pointer/key`, escaped as the readers write their pointers (RFC 6901).
std::string child(const std::string& pointer, std::string_view key);
std::string child(const std::string& pointer, std::size_t index);

/// "a string", "a list", ...: what a value is, for messages.
std::string_view describe(const Json& value);

template <std::size_t N>
bool among(const std::array<std::string_view, N>& keys, std::string_view key) {
  return std::find(keys.begin(), keys.end(), key) != keys.end();
}

template <std::size_t N>
std::vector<std::string_view> names(const std::array<std::string_view, N>& keys) {
  return {keys.begin(), keys.end()};
}

/// The enumerator whose toString() is `text`, exactly as C2A spells them (`high`, `INSERT`).
template <typename Enum, std::size_t N>
std::optional<Enum> enumFromString(std::string_view text, const std::array<Enum, N>& values) {
  for (Enum value : values) {
    if (toString(value) == text) return value;
  }
  return std::nullopt;
}

/// "a, b or c".
template <typename Enum, std::size_t N>
std::string enumChoices(const std::array<Enum, N>& values) {
  std::string out;
  for (std::size_t i = 0; i < N; ++i) {
    if (i > 0) out += i + 1 == N ? " or " : ", ";
    out += toString(values[i]);
  }
  return out;
}

/// A name that conditions rewrite (see let_bindings.cpp): a path selector's name stands for its
/// path; a property selector's name `p` for `p.**`, any value inside any component, and only
/// `appliesTo` may take it.
struct Alias {
  PathOperand path;
  bool property = false;
};

/// The names in scope: identifier → what it stands for.
using Aliases = std::map<std::string, Alias, std::less<>>;

/// `tags.Key` → `bucket.Properties.Tags.Key` when `tags` names that path; `p.Ref` → `p.**.Ref`
/// when `p` is a property selector. Returns the alias applied, if any.
const Alias* expandAliases(PathOperand& path, const Aliases& aliases);

/// The rule file being read: where its values are written, and how to fail at one of them.
class Source {
 public:
  enum class Syntax { Json, Yaml, Other };  // by the file's extension

  explicit Source(const LocationTable& locations, Diagnostics* warnings = nullptr);

  [[nodiscard]] SourceLocation at(const std::string& pointer) const {
    return locations_.find(pointer);
  }
  /// Throws C2aError (InvalidInput) located at the value at `pointer`.
  [[noreturn]] void fail(const std::string& pointer, std::string message) const;
  /// Records a warning located at the value at `pointer` (dropped when nobody collects them).
  void warn(const std::string& pointer, std::string message) const;
  /// `value` as a string; `what` names it in the error when it is not one.
  [[nodiscard]] std::string stringAt(const Json& value, const std::string& pointer,
                                     std::string_view what) const;
  /// A `where`: one condition string or a list of them, parsed by the expression grammar, with
  /// path selector names expanded and C2A's wildcard comparison `x == '*'` (also `===`) read as
  /// `x exists`. Bare intrinsic keys in paths (`p.Fn::GetAtt.0`) are read quoted; a property
  /// selector's name anywhere but on the right of `appliesTo` is a located error.
  [[nodiscard]] std::vector<Expression> conditions(const Json& value, const std::string& pointer,
                                                   const Aliases& aliases) const;

 private:
  [[nodiscard]] Expression condition(const std::string& text, const std::string& pointer,
                                     bool listElement, const Aliases& aliases) const;

  const LocationTable& locations_;
  Diagnostics* warnings_;
  Syntax syntax_;
};

/// One `let` entry (let_bindings.cpp). A path selector adds its name to `aliases`; any other
/// binding removes the name (a binding that repeats a name is reported by compileRuleSet).
Binding readBinding(const Source& source, const std::string& name, const Json& selector,
                    const std::string& pointer, Aliases& aliases);

}  // namespace c2a::rules::c2a_file
