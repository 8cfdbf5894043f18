#pragma once
// AST → native rules text (`c2a rules convert`): the migration path from C2A rule files.
#include <string>
#include <vector>

#include "rules/ast.h"

namespace c2a::rules {

/// Native text that parses back to the same rules (comments and layout are not kept).
std::string printNativeRules(const std::vector<Rule>& rules);
std::string printExpression(const Expression& expression);

}  // namespace c2a::rules
