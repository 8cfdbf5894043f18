#pragma once
// Files a cloud assembly names (templates, nested stacks, nested assemblies) must lie inside it:
// an untrusted cdk.out must not make c2a read other files of the machine.
#include <filesystem>
#include <string>
#include <string_view>

#include "model/source_location.h"

namespace c2a {

/// `relative` resolved against `assemblyDir`; throws C2aError (InvalidInput, at `where`) when it is
/// absolute or leads outside the assembly (`..`).
std::string pathInsideAssembly(const std::filesystem::path& assemblyDir,
                               const std::string& relative, const SourceLocation& where,
                               std::string_view what);

}  // namespace c2a
