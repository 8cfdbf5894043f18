#pragma once
// Reads the database of @aws-cdk/aws-service-spec (db.json): the source of the built-in table.
#include <nlohmann/json_fwd.hpp>
#include <string>

#include "spec/spec_tables.h"

namespace c2a {

/// True when `document` has the shape of db.json (`schema.resource.entities`).
bool isServiceSpecDb(const nlohmann::json& document);

/// Every resource type (with its statefulness) and every type definition of db.json. Throws
/// C2aError InvalidInput naming `file` when the document does not have the expected structure.
SpecTables readServiceSpecDb(const nlohmann::json& document, const std::string& file);

}  // namespace c2a
