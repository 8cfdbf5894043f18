#include "rules/operators/operator_list.h"

namespace c2a::rules {

// One line per operator; the order fixes their indices. `exists`, `and`, `or`, `not` are
// expression kinds, not operators.
const std::vector<OperatorInfo>& operatorTable() {
  static const std::vector<OperatorInfo> table{
      appliesToOperator(),       // appliesTo
      equalsOperator(),          // ==, ===
      notEqualsOperator(),       // !=, !==
      lessThanOperator(),        // <
      lessOrEqualOperator(),     // <=
      greaterThanOperator(),     // >
      greaterOrEqualOperator(),  // >=
      inOperator(),              // in
      containsOperator(),        // contains
      startsWithOperator(),      // startsWith
      endsWithOperator(),        // endsWith
      matchesOperator(),         // matches
      matchesRegexOperator(),    // matchesRegex
      inCidrOperator(),          // inCidr
      referencesOperator(),      // ->, references
      referencedByOperator(),    // <-, referencedBy
      enclosesOperator(),        // >>, encloses
      enclosedByOperator(),      // <<, enclosedBy
  };
  return table;
}

int findOperator(std::string_view name) {
  const auto& table = operatorTable();
  for (std::size_t i = 0; i < table.size(); ++i) {
    if (table[i].name == name) return static_cast<int>(i);
    for (auto alias : table[i].aliases) {
      if (alias == name) return static_cast<int>(i);
    }
  }
  return -1;
}

}  // namespace c2a::rules
