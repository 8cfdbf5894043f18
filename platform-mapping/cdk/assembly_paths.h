#pragma once
// Files a cloud assembly names (templates, nested stacks, nested assemblies) must lie inside it:
// an untrusted cdk.out must not make c2a read other files of the machine.
#include <filesystem>
#include <string>
#include <string_view>

#include "model/source_location.h"

namespace c2a {

enum class AssemblyEntry { File, Directory };

/// `relative` resolved against `assemblyDir`; throws C2aError (InvalidInput, at `where`) when it is
/// absolute or leads outside the assembly (`..`), and MissingInput when it is there but is not a
/// regular file (a directory, for a nested assembly): a named pipe, a device or a socket in a cloud assembly
/// would have c2a wait or read without end, and `cdk synth` writes none.
std::string pathInsideAssembly(const std::filesystem::path& assemblyDir,
                               const std::string& relative, const SourceLocation& where,
                               std::string_view what, AssemblyEntry entry = AssemblyEntry::File);

}  // namespace c2a
