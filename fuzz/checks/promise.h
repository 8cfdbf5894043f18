#pragma once
// Private to the checks: running one input under the promise (fuzz_check.h) and the scratch
// files the file-level readers need.
#include <filesystem>
#include <functional>
#include <initializer_list>
#include <string>
#include <string_view>

#include "fuzz/checks/fuzz_check.h"
#include "model/error.h"
#include "model/json.h"
#include "readers/read_limits.h"

namespace c2a::fuzz {

/// Runs `body`; a C2aError whose kind is among `allowed` and whose location names a file is
/// kept, anything else escaping (another kind, no file, any other exception) is the finding.
/// `body` returns a finding of its own when what it made breaks the promise.
Finding underPromise(const std::function<Finding()>& body,
                     std::initializer_list<ErrorKind> allowed = {ErrorKind::InvalidInput});

/// As underPromise, and the error must name `file` itself.
Finding underPromiseNaming(const std::string& file, const std::function<Finding()>& body,
                           std::initializer_list<ErrorKind> allowed = {ErrorKind::InvalidInput});

/// A directory of this process's own, for inputs that are read from files.
std::filesystem::path scratchDirectory();

/// Writes `input` to `name` in the scratch directory and returns its path.
std::string writeScratchFile(const std::string& name, std::string_view input);

/// The limits every check reads with: the defaults scaled to inputs of at most 8 KiB (1 MiB of
/// text, YAML aliases expanded, and 200,000 values). At the defaults an alias bomb of 1 KB legally
/// expands to 64 MiB, which under ASan takes longer than a run's timeout; time spent building the
/// largest document the limits allow finds nothing new. The limits themselves are pinned by the
/// hostile cases (tests/cases/hostile, tests/cli/limits_test.cpp).
ReadLimits fuzzLimits();
/// And the candidates all rules may try together (one rule half), for the same reason (the
/// default 20,000,000 take seconds under ASan; the stop itself is tested in tests/rules).
inline constexpr std::size_t kFuzzRuleCandidates = 200'000;

/// Whether `text` is valid JSON (strict: valid UTF-8 included).
Finding invalidJson(const std::string& what, const std::string& text);

/// A JSON value dumped strictly: an invalid UTF-8 string in it is a finding.
Finding notDumpable(const std::string& what, const Json& json);

/// "json" when the input looks like JSON (first non-blank is `{`), else "yaml": the extension a
/// file reader decides the format from.
std::string extensionFor(std::string_view input);

}  // namespace c2a::fuzz
