#pragma once
// Every operator's entry point, one per file in this folder; operator_table.cpp lists them.
#include "rules/operators.h"

namespace c2a::rules {

OperatorInfo appliesToOperator();
OperatorInfo equalsOperator();
OperatorInfo notEqualsOperator();
OperatorInfo lessThanOperator();
OperatorInfo lessOrEqualOperator();
OperatorInfo greaterThanOperator();
OperatorInfo greaterOrEqualOperator();
OperatorInfo inOperator();
OperatorInfo containsOperator();
OperatorInfo startsWithOperator();
OperatorInfo endsWithOperator();
OperatorInfo matchesOperator();
OperatorInfo matchesRegexOperator();
OperatorInfo inCidrOperator();
OperatorInfo referencesOperator();
OperatorInfo referencedByOperator();
OperatorInfo enclosesOperator();
OperatorInfo enclosedByOperator();

}  // namespace c2a::rules
