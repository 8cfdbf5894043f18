#pragma once
// The placeholders of an Fn::Sub string (`${Name}`, `${Name.Attr}`), the references a Sub makes.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace c2a {

struct SubPlaceholder {
  std::string expression;  // everything between `${` and `}`, as written (not trimmed)
  std::string name;        // the part before the first dot: a logical id, parameter or variable
  std::string attribute;   // the part after the first dot (`Arn`, `Outputs.Url`), or empty
  std::size_t offset = 0;  // of the `$` in the string
  std::size_t length = 0;  // of the whole `${...}`
};

/// The placeholders of `text` in order. `${!Literal}` is an escape, not a placeholder; an
/// unterminated `${` and an empty `${}` are plain text. Whitespace is kept as written, since
/// CloudFormation does not trim it.
std::vector<SubPlaceholder> subPlaceholders(std::string_view text);

}  // namespace c2a
