#pragma once
// Reading a template file into a JSON tree with the source position of every value.
// JSON and YAML give the same tree: YAML short-form tags (`!Ref X`, `!GetAtt A.B`, `!Sub`...) are
// turned into the long form a JSON template has, and key order is kept.
#include <string>
#include <string_view>

#include "model/json.h"
#include "model/location_table.h"
#include "readers/read_limits.h"

namespace c2a {

struct SourceDocument {
  Json root;
  LocationTablePtr locations;  // never null after reading
};

enum class SourceFormat { Json, Yaml };

/// Parses `text`; `file` names it in locations and errors. Throws C2aError (InvalidInput) with
/// FILE:LINE:COL for malformed input and for exceeded limits.
SourceDocument readJson(std::string_view text, const std::string& file, const ReadLimits& limits);
SourceDocument readYaml(std::string_view text, const std::string& file, const ReadLimits& limits);

/// Throws C2aError (InvalidInput, FILE:LINE:COL) at the first byte of `text` that is not part of
/// well-formed UTF-8. readYaml calls it (readJson's parser checks UTF-8 itself); so must every
/// other reader of untrusted text that is not JSON.
void requireUtf8Text(std::string_view text, const std::string& file);

/// Picks the format from the extension (.json) or the first non-blank character (`{`).
SourceFormat sniffFormat(const std::string& file, std::string_view text);

/// Reads a file's bytes, within limits.maxInputBytes. Missing or unreadable → C2aError
/// MissingInput; larger → InvalidInput.
std::string readInputText(const std::string& file, const ReadLimits& limits);

/// Reads and parses a file. Missing or unreadable → C2aError MissingInput; larger than
/// limits.maxInputBytes → InvalidInput.
SourceDocument readSourceFile(const std::string& file, const ReadLimits& limits);

}  // namespace c2a
