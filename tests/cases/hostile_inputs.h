#pragma once
// Private to the case runner: the inputs of hostile cases that are too big to keep in the
// repository, or are not plain files (FIFOs, symlink loops), made at run time from a line of the
// case's `generate.txt`: `FILE GENERATOR [ARGUMENT]`.
#include <filesystem>
#include <string>

namespace c2a::testing {

/// Makes `file` (inside a case's scratch copy) with the named generator; throws
/// std::runtime_error for an unknown generator.
///   deep-json N         a template whose one property nests N arrays deep, as JSON
///   deep-yaml N         the same in YAML flow style
///   deep-rules N        a rule whose condition nests N parentheses deep
///   many-resources N    a JSON template of N resources
///   parameter-lines N   a parameters file of N KEY=VALUE lines no template declares
///   cartesian-rules N   N rules of three change bindings nothing ties together
///   sub-placeholders N  a resource whose Fn::Sub string has N `${...}` placeholders
///   references-into-one-object N  a function with N environment variables, each a Ref to one
///                       topic
///   yaml-flow-tags N    YAML `Resources: [` then N tagged flow sequences, `![![!...`
///   sparse N            a file of N bytes (sparse: nothing written), for size limits
///   fifo                a named pipe
///   symlink TARGET      a symbolic link to TARGET (itself for a loop)
void generateInput(const std::filesystem::path& file, const std::string& generator,
                   const std::string& argument);

}  // namespace c2a::testing
