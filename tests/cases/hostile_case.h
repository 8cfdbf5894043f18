#pragma once
// Private to the case runner: tests/cases/hostile/NAME/, the `c2a` binary run as a pipeline runs
// it on input an attacker or an accident wrote.
//
//   args.txt      the arguments (split at blanks), run in a scratch copy of the case folder, so
//                 messages name the files as the case does
//   generate.txt  optional: `FILE GENERATOR [ARGUMENT]` lines (hostile_inputs.h) for inputs too
//                 big for the repository or that are not plain files
//   address-space.txt  optional: the KiB of address space to run in (`ulimit -v`), to run out of
//                 memory on purpose; such cases do not run under a sanitizer
//   expected.txt  `exit N`, then every line c2a printed on stderr as `stderr LINE`, then
//                 `new PATH` for every file the run left in the folder (a failed run leaves
//                 none: no report, no partial or temporary file)
//
// Every case also ends within a time bound (and a memory bound where no sanitizer reserves
// address space), or it fails.
#include <filesystem>
#include <string>
#include <vector>

namespace c2a::testing {

/// False for a case that cannot run in this build (an address-space limit under a sanitizer).
bool hostileCaseRunsHere(const std::filesystem::path& dir);

/// What running the case gave, in expected.txt's line format.
std::vector<std::string> hostileLines(const std::filesystem::path& dir);

}  // namespace c2a::testing
