#pragma once
// What a report records about how it was made: tool, version, inputs and rule files with their
// SHA-256, so a stored report says what it came from.
#include <string>
#include <vector>

#include "engine/report/report.h"

namespace c2a {

/// Tool, version and the rule files (hashed).
ReportMetadata reportMetadata(const std::vector<std::string>& ruleFiles);
/// One more input the report rests on (`change-set`), with its SHA-256.
void addSource(ReportMetadata& metadata, const std::string& role, const std::string& file);
/// Puts BEFORE and AFTER (hashed) in front of the sources.
void addInputSources(ReportMetadata& metadata, const std::string& before, const std::string& after);
/// The SHA-256 of a file, or of a directory's top-level regular files (name and content, in name
/// order: a cloud assembly's manifest and templates); "" when unreadable.
std::string inputDigest(const std::string& path);

}  // namespace c2a
