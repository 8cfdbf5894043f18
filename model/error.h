#pragma once
// Errors a user can cause are values with a kind and a location. They travel as a C2aError
// (the operation ends) or as warnings in a Diagnostics list, and are printed once, by the CLI.
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "model/source_location.h"

namespace c2a {

enum class ErrorKind {
  Usage,         // exit 64
  InvalidInput,  // exit 65: a template or rule file that does not parse or make sense
  MissingInput,  // exit 66
  Internal,      // exit 70
  CannotWrite,   // exit 73
};

struct Diagnostic {
  ErrorKind kind = ErrorKind::InvalidInput;
  SourceLocation where;
  std::string message;
  /// A warning about a part of the input c2a could not analyse (a nested template not found, a
  /// transform it does not run): what it hides may change anything, so the verdict is at least
  /// review. Nothing unseen is approved.
  bool notAnalysed = false;
  /// For a not-analysed part that is the same on both sides while one resource is unchanged (a
  /// nested template whose URL names its content, a serverless application at a fixed version):
  /// that resource's stack and logical id. The engine drops the warning when the diff has no
  /// change of that resource (engine/pipeline/not_analysed.h).
  struct Resource {
    std::string stack;
    std::string name;
  };
  std::optional<Resource> seenIfUnchanged = std::nullopt;

  /// "FILE:LINE:COL: message" (as much of the location as is known).
  [[nodiscard]] std::string str() const;
};

class C2aError : public std::runtime_error {
 public:
  explicit C2aError(Diagnostic diagnostic);
  C2aError(ErrorKind kind, SourceLocation where, std::string message);
  [[nodiscard]] const Diagnostic& diagnostic() const { return diagnostic_; }

 private:
  Diagnostic diagnostic_;
};

/// Warnings gathered on the way (a reference to a missing logical id, say).
using Diagnostics = std::vector<Diagnostic>;

}  // namespace c2a
