#pragma once
// Reads CloudFormation's own CloudFormationResourceSpecification.json (`--spec FILE`).
#include <nlohmann/json_fwd.hpp>
#include <string>

#include "spec/spec_tables.h"

namespace c2a {

/// True when `document` has the shape of the official specification (`ResourceTypes`).
bool isCfnSpecification(const nlohmann::json& document);

/// The resource and property types of the official specification. It does not say which types hold
/// state, so statefulness comes from `statefulness` (the built-in table). Throws C2aError
/// InvalidInput naming `file` when the document does not have the expected structure.
SpecTables readCfnSpecification(const nlohmann::json& document, const std::string& file,
                                const SpecTables& statefulness);

}  // namespace c2a
