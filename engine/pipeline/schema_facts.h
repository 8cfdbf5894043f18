#pragma once
// The specification's facts that rule checks read (rules/rule_checks.h), from the built-in
// complete specification: the rules stage includes no other stage, so the engine hands them over.
#include "rules/rule_checks.h"

namespace c2a {

rules::SchemaFacts builtinSchemaFacts();

}  // namespace c2a
